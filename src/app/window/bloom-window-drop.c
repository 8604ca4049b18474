/* bloom-window-drop.c — a file dropped on the window opens as Import
 * opens it (SPEC P3), a lecture file as a lecture
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include "bloom-window-private.h"

/* A file dropped on the window opens as Import opens it, or plays as a
 * lecture. */
static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         BloomWindow   *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;

  bloom_window_open_file (self, files->data);
  g_slist_free (files);

  return TRUE;
}

void
_bloom_window_add_drop_target (BloomWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect_object (target, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}
