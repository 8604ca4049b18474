/* bloom-gtk-compat.h — every difference between the GTK versions Bloom Lab
 * builds with (4.8, Debian 12, to 4.18 and newer), in one place: the rest
 * of the app calls these functions and never checks GTK's version itself.
 * On a GTK that has the current API, they use it.
 *
 * Differences of behaviour that the code meets the same way on every
 * version, with no check, are listed here too:
 * - GTK 4.8's GtkScrolledWindow asks its content for its height without a
 *   width; later versions pass the width. The bit grid answers either
 *   (bloom-bit-grid.c, measured_rows); the sizing dialog's wrapped texts
 *   have widths in characters (ui/bloom-sizing-dialog.ui).
 * - GTK 4.18 deprecates GtkShortcutsWindow and its parts (functions only;
 *   the types carry no deprecation flag, so building them from
 *   ui/bloom-shortcuts-window.ui warns of nothing). The tests find it by
 *   its type's name.
 * - GTK 4.8 reads GDK_DEBUG=gl-disable, newer GTK GDK_DISABLE=gl
 *   (tests/meson.build sets both).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What bloom_gtk_choose_file() hands back: the file picked, or NULL when
 * the user cancelled. */
typedef void (*BloomGtkFileChosen) (GFile    *file,
                                    gpointer  user_data);

void     bloom_gtk_widget_get_color        (GtkWidget              *widget,
                                            GdkRGBA                *color);
gboolean bloom_gtk_widget_compute_point    (GtkWidget              *widget,
                                            GtkWidget              *target,
                                            const graphene_point_t *point,
                                            graphene_point_t       *out_point);
void     bloom_gtk_css_provider_load_string (GtkCssProvider        *provider,
                                             const char            *css);
void     bloom_gtk_choose_file             (GtkWindow              *parent,
                                            gboolean                save,
                                            const char             *title,
                                            const char             *accept_label,
                                            const char             *initial_name,
                                            GListModel             *filters,
                                            BloomGtkFileChosen      chosen,
                                            gpointer                user_data);

/* Light or dark: the setting GTK's own theme follows. */
void     bloom_gtk_settings_set_prefer_dark (GtkSettings           *settings,
                                             gboolean               dark);
gboolean bloom_gtk_settings_get_prefer_dark (GtkSettings           *settings);

void     bloom_gtk_expander_keep_focus_out (GtkExpander            *expander);

G_END_DECLS
