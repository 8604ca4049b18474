/* bloom-zoom.h — a page's zoom as a style class: style.css has a class
 * "zoom-N" for each zoom step N that sets the page's font size, which the
 * page's controls are sized by; the window's page and the sizing
 * dialog's follow it. Labels that wrap when zoomed keep number ranges
 * whole.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void bloom_zoom_set_css_class      (GtkWidget *page,
                                    guint      old_zoom,
                                    guint      zoom);
void bloom_zoom_keep_ranges_whole  (GtkWidget *root);

G_END_DECLS
