/* bloom-session-file.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-session-file"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-session-file.h"

/* The whole file is written aside and renamed into place, so a crash or a
 * full disk leaves the old file or the new one, never half of one. */
void
bloom_session_file_write_async (GFile               *file,
                                GBytes              *contents,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (contents != NULL);

  g_file_replace_contents_bytes_async (file, contents, NULL, FALSE,
                                       G_FILE_CREATE_REPLACE_DESTINATION,
                                       cancellable, callback, user_data);
}

gboolean
bloom_session_file_write_finish (GFile         *file,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  return g_file_replace_contents_finish (file, result, NULL, error);
}

/* SPEC P3: the full document, no size limit, indented for people. */
void
bloom_session_file_export_async (BloomSession        *session,
                                 GFile               *file,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GBytes) contents = NULL;
  char *json;
  gsize len = 0;

  g_return_if_fail (BLOOM_IS_SESSION (session));
  g_return_if_fail (G_IS_FILE (file));

  json = bloom_state_to_json_full (session, BLOOM_STATE_FLAGS_PRETTY, &len);
  contents = g_bytes_new_take (json, len);

  bloom_session_file_write_async (file, contents, cancellable, callback, user_data);
}

gboolean
bloom_session_file_export_finish (GFile         *file,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  return bloom_session_file_write_finish (file, result, error);
}

static void
import_loaded (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  GFile *file = G_FILE (object);
  g_autoptr(GTask) task = user_data;
  BloomSession *session = g_task_get_source_object (task);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;

  if (!g_file_load_contents_finish (file, result, &contents, &len, NULL, &error) ||
      !bloom_state_load_json (session, contents, len, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  g_task_return_boolean (task, TRUE);
}

/* A file too large to be a session is refused before it is read. */
static void
import_measured (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GFile *file = G_FILE (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  GCancellable *cancellable;

  info = g_file_query_info_finish (file, result, &error);
  if (info == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (!bloom_state_check_size (g_file_info_get_size (info), &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  cancellable = g_task_get_cancellable (task);
  g_file_load_contents_async (file, cancellable, import_loaded, g_steal_pointer (&task));
}

/* SPEC P3: the session changes only if the whole file is a valid session;
 * otherwise it stays exactly as it was. */
void
bloom_session_file_import_async (BloomSession        *session,
                                 GFile               *file,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (BLOOM_IS_SESSION (session));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (session, cancellable, callback, user_data);
  g_task_set_source_tag (task, bloom_session_file_import_async);

  g_file_query_info_async (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                           G_PRIORITY_DEFAULT, cancellable, import_measured,
                           g_steal_pointer (&task));
}

gboolean
bloom_session_file_import_finish (BloomSession  *session,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, session), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
