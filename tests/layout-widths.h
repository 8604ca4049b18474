/* layout-widths.h — how many times Pango lays a text out at a new width
 *
 * Each new width of a PangoLayout lays its whole text out again; a
 * wrapping GtkLabel asked for its width at a height does so at width
 * after width. The count comes from pango_layout_set_width(), which the
 * test program takes over (linked into it, it comes before Pango's).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void  layout_widths_watch (const char *text_start);
guint layout_widths_stop  (void);

G_END_DECLS
