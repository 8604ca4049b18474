/* bloom-gtk-compat.h — what differs between the GTK 4 versions the app
 * builds with, each difference in functions of its own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Light or dark: the setting GTK's own theme follows. */
void     bloom_gtk_compat_set_prefer_dark (GtkSettings *settings,
                                           gboolean     dark);
gboolean bloom_gtk_compat_get_prefer_dark (GtkSettings *settings);

G_END_DECLS
