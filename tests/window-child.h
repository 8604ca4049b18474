/* window-child.h — a widget of a window found by its id in the .ui file
 * that made it, whichever template holds it: the window's own or a view's
 * inside it. Tests reach widgets so, never through private structs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWidget *window_child (GtkWidget  *root,
                         const char *id);

G_END_DECLS
