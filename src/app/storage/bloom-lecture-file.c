/* bloom-lecture-file.c — reading a lecture file off the main loop, with
 * the session importer's checks before the model's reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-lecture-file"

#include "config.h"

#include "bloom-lecture-file.h"
#include "bloom-session-file.h"

/* By its name, as the type's glob says: known without reading the file,
 * which may be slow to reach. */
gboolean
bloom_lecture_file_is_lecture (GFile *file)
{
  g_autofree char *basename = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  basename = g_file_get_basename (file);

  return basename != NULL && g_str_has_suffix (basename, BLOOM_LECTURE_FILE_SUFFIX);
}

/* In a worker thread: the importer's reader refuses folders, pipes,
 * devices and files too large before it reads; the model then refuses
 * what is wrong inside, having played every step once. */
static void
read_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  g_autoptr(GBytes) contents = NULL;
  BloomLecture *lecture;
  GError *error = NULL;

  contents = bloom_session_file_read (G_FILE (source_object), cancellable, &error);
  if (contents != NULL)
    lecture = bloom_lecture_new_from_bytes (contents, &error);
  else
    lecture = NULL;

  if (lecture == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, lecture, g_object_unref);
}

void
bloom_lecture_file_read_async (GFile               *file,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, bloom_lecture_file_read_async);
  g_task_run_in_thread (task, read_in_thread);
}

/* Returns: (transfer full): the lecture, or NULL with @error set. */
BloomLecture *
bloom_lecture_file_read_finish (GFile         *file,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
