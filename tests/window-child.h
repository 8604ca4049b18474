/* window-child.h — a widget of a window found by its id in the .ui file
 * that made it, whichever template holds it: the window's own or a view's
 * inside it. Tests reach widgets so, never through private structs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef gboolean (*WindowMatchFunc) (GtkWidget     *widget,
                                     gconstpointer  data);

GtkWidget *window_child (GtkWidget  *root,
                         const char *id);
GtkWidget *window_find  (GtkWidget       *root,
                         WindowMatchFunc  match,
                         gconstpointer    data);

G_END_DECLS
