/* bloom-style.h — what the app's own drawing takes from CSS
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void bloom_style_get_color (GtkWidget *widget,
                            GdkRGBA   *color);

G_END_DECLS
