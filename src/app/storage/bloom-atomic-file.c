/* bloom-atomic-file.c — SPEC P1, P2: writing a file so that a fault
 * (full disk, crash, cancellation) never leaves it half written: GIO's
 * atomic replace, with an empty stand-in for a file that did not exist
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-atomic-file"

#include "config.h"

#include "bloom-atomic-file.h"

typedef struct
{
  GBytes                *contents;
  gboolean               make_backup;
  GFileCreateFlags       flags;
  BloomStreamFilterFunc  filter;
  gpointer               filter_data;
  gboolean               created;   /* there was no file: an empty one stands in */
  GFileOutputStream     *base;      /* GIO's replace stream */
  GOutputStream         *stream;    /* what the bytes go through: base, or the filter's */
  GCancellable          *abandon;   /* cancelled before a failed write is closed */
  GError                *error;     /* why it failed, while that is undone */
} ReplaceData;

static void
replace_data_free (ReplaceData *data)
{
  g_clear_pointer (&data->contents, g_bytes_unref);
  /* The filter's stream first: closing it must not close the base, which
   * is closed (renamed or abandoned) by now. */
  g_clear_object (&data->stream);
  g_clear_object (&data->base);
  g_clear_object (&data->abandon);
  g_clear_error (&data->error);
  g_free (data);
}

static void
replace_deleted (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ReplaceData *data = g_task_get_task_data (task);

  /* Whether the stand-in went or not, the write's own error is the news. */
  g_file_delete_finish (G_FILE (object), result, NULL);
  g_task_return_error (task, g_steal_pointer (&data->error));
}

/* The old file, if any, is as it was; an empty file that stood in for a
 * missing one goes. */
static void
replace_fail (GTask  *task,
              GError *error)
{
  ReplaceData *data = g_task_get_task_data (task);
  GFile *file = g_task_get_source_object (task);

  g_clear_error (&data->error);
  data->error = error;

  if (data->created)
    g_file_delete_async (file, G_PRIORITY_DEFAULT, NULL, replace_deleted, task);
  else
    {
      g_task_return_error (task, g_steal_pointer (&data->error));
      g_object_unref (task);
    }
}

static void
replace_abandoned (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  GTask *task = user_data;
  ReplaceData *data = g_task_get_task_data (task);

  /* Cancelled on purpose: GIO deleted the temporary file instead of
   * renaming it over the old one. */
  g_output_stream_close_finish (G_OUTPUT_STREAM (object), result, NULL);
  replace_fail (task, g_steal_pointer (&data->error));
}

/* A write that failed must not reach the file. Closing GIO's replace
 * stream normally would rename the part written over the old file;
 * closing it cancelled deletes it instead. */
static void
replace_abandon (GTask  *task,
                 GError *error)
{
  ReplaceData *data = g_task_get_task_data (task);

  data->error = error;
  g_cancellable_cancel (data->abandon);
  g_output_stream_close_async (G_OUTPUT_STREAM (data->base), G_PRIORITY_DEFAULT, data->abandon,
                               replace_abandoned, task);
}

static void
replace_closed (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  GTask *task = user_data;
  GError *error = NULL;

  /* On failure GIO deletes the temporary file itself. */
  if (!g_output_stream_close_finish (G_OUTPUT_STREAM (object), result, &error))
    {
      replace_fail (task, error);
      return;
    }

  g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

static void
replace_filter_closed (GObject      *object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  GTask *task = user_data;
  ReplaceData *data = g_task_get_task_data (task);
  GError *error = NULL;

  if (!g_output_stream_close_finish (G_OUTPUT_STREAM (object), result, &error))
    {
      replace_abandon (task, error);
      return;
    }

  g_output_stream_close_async (G_OUTPUT_STREAM (data->base), G_PRIORITY_DEFAULT,
                               g_task_get_cancellable (task), replace_closed, task);
}

static void
replace_written (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GTask *task = user_data;
  ReplaceData *data = g_task_get_task_data (task);
  GError *error = NULL;

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (object), result, NULL, &error))
    {
      replace_abandon (task, error);
      return;
    }

  /* Every byte is written: closing syncs and renames it into place. */
  if (data->stream != G_OUTPUT_STREAM (data->base))
    g_output_stream_close_async (data->stream, G_PRIORITY_DEFAULT, g_task_get_cancellable (task),
                                 replace_filter_closed, task);
  else
    g_output_stream_close_async (data->stream, G_PRIORITY_DEFAULT, g_task_get_cancellable (task),
                                 replace_closed, task);
}

static void
replace_opened (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  GTask *task = user_data;
  ReplaceData *data = g_task_get_task_data (task);
  GError *error = NULL;
  gsize size = 0;
  const guint8 *bytes;

  data->base = g_file_replace_finish (G_FILE (object), result, &error);
  if (data->base == NULL)
    {
      replace_fail (task, error);
      return;
    }

  if (data->filter != NULL)
    data->stream = data->filter (G_OUTPUT_STREAM (data->base), data->filter_data);
  else
    data->stream = g_object_ref (G_OUTPUT_STREAM (data->base));

  bytes = g_bytes_get_data (data->contents, &size);
  g_output_stream_write_all_async (data->stream, bytes, size, G_PRIORITY_DEFAULT,
                                   g_task_get_cancellable (task), replace_written, task);
}

static void
replace_open (GTask *task)
{
  ReplaceData *data = g_task_get_task_data (task);

  /* The file exists now, so GIO writes a temporary file beside it and
   * renames that over it on close, after syncing it. Replacing the
   * destination, rather than writing through a link, keeps that true
   * for links too. */
  g_file_replace_async (g_task_get_source_object (task), NULL, data->make_backup,
                        data->flags | G_FILE_CREATE_REPLACE_DESTINATION, G_PRIORITY_DEFAULT,
                        g_task_get_cancellable (task), replace_opened, task);
}

static void
replace_stand_in_closed (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  GTask *task = user_data;
  GError *error = NULL;

  if (!g_output_stream_close_finish (G_OUTPUT_STREAM (object), result, &error))
    {
      replace_fail (task, error);
      return;
    }

  replace_open (task);
}

static void
replace_created (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GTask *task = user_data;
  ReplaceData *data = g_task_get_task_data (task);
  g_autoptr(GFileOutputStream) stand_in = NULL;
  GError *error = NULL;

  stand_in = g_file_create_finish (G_FILE (object), result, &error);
  if (stand_in != NULL)
    {
      data->created = TRUE;
      g_output_stream_close_async (G_OUTPUT_STREAM (stand_in), G_PRIORITY_DEFAULT,
                                   g_task_get_cancellable (task), replace_stand_in_closed, task);
      return;
    }

  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      replace_fail (task, error);
      return;
    }

  g_error_free (error);
  replace_open (task);
}

/* Writes @contents to @file with GIO's atomic replace: a temporary file
 * beside it, synced, renamed over it only once every byte is written. A
 * write that fails (no space, read-only, cancelled) never reaches @file:
 * the old file stays byte for byte, and no temporary file is left.
 *
 * GIO writes a file that does not exist yet in place, so a crash could
 * leave half of one; here an empty file stands in for it first, and goes
 * again if the write fails. With @make_backup the file written before is
 * kept beside it, named with a "~" after it. @filter, if not NULL, wraps
 * the stream the bytes go through (for tests). */
void
bloom_atomic_file_replace_async (GFile                 *file,
                                  GBytes                *contents,
                                  gboolean               make_backup,
                                  GFileCreateFlags       flags,
                                  BloomStreamFilterFunc  filter,
                                  gpointer               filter_data,
                                  GCancellable          *cancellable,
                                  GAsyncReadyCallback    callback,
                                  gpointer               user_data)
{
  GTask *task;
  ReplaceData *data;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (contents != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  data = g_new0 (ReplaceData, 1);
  data->contents = g_bytes_ref (contents);
  data->make_backup = make_backup;
  data->flags = flags;
  data->filter = filter;
  data->filter_data = filter_data;
  data->abandon = g_cancellable_new ();

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, bloom_atomic_file_replace_async);
  g_task_set_task_data (task, data, (GDestroyNotify) replace_data_free);

  g_file_create_async (file, flags, G_PRIORITY_DEFAULT, cancellable, replace_created, task);
}

gboolean
bloom_atomic_file_replace_finish (GFile         *file,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
