/* bloom-session-file.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-session-file"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-session-file.h"

/* Writing */

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
bloom_session_file_replace_async (GFile                 *file,
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
  g_task_set_source_tag (task, bloom_session_file_replace_async);
  g_task_set_task_data (task, data, (GDestroyNotify) replace_data_free);

  g_file_create_async (file, flags, G_PRIORITY_DEFAULT, cancellable, replace_created, task);
}

gboolean
bloom_session_file_replace_finish (GFile         *file,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* A file the user picked: atomic, no backup. */
void
bloom_session_file_write_async (GFile               *file,
                                GBytes              *contents,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (contents != NULL);

  bloom_session_file_replace_async (file, contents, FALSE, G_FILE_CREATE_NONE, NULL, NULL,
                                    cancellable, callback, user_data);
}

gboolean
bloom_session_file_write_finish (GFile         *file,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  return bloom_session_file_replace_finish (file, result, error);
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

/* Reading */

static gboolean
check_size (guint64   size,
            GError  **error)
{
  g_autofree char *size_text = NULL;
  g_autofree char *limit_text = NULL;

  if (size <= BLOOM_SESSION_FILE_MAX_BYTES)
    return TRUE;

  size_text = g_format_size_full (size, G_FORMAT_SIZE_LONG_FORMAT);
  limit_text = g_format_size_full (BLOOM_SESSION_FILE_MAX_BYTES, G_FORMAT_SIZE_LONG_FORMAT);
  g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_TOO_LARGE,
               _("The file is %s, more than any Bloom Lab session can be (%s). "
                 "Choose a file exported by Bloom Lab."),
               size_text, limit_text);

  return FALSE;
}

/* The contents of a file that may hold a session document, checked before
 * anything is opened: a folder, a pipe or a device is refused (a pipe
 * would block the read, /dev/zero never ends), and so is a file larger
 * than BLOOM_SESSION_FILE_MAX_BYTES. No more than that is ever read, even
 * from a file that grows meanwhile. Blocks: call it from a worker thread,
 * or for a file of the app's own. */
GBytes *
bloom_session_file_read (GFile         *file,
                         GCancellable  *cancellable,
                         GError       **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GByteArray) buffer = NULL;
  g_autoptr(GError) local_error = NULL;
  guint64 size;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Links are followed: what counts is what they point to. */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            G_FILE_QUERY_INFO_NONE, cancellable, &local_error);
  if (info == NULL)
    {
      /* GIO's own words name the call that failed; these say what to do. */
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                     _("There is no such file: it may have been moved, renamed or deleted. "
                       "Choose a file exported by Bloom Lab."));
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  switch (g_file_info_get_file_type (info))
    {
    case G_FILE_TYPE_REGULAR:
      break;
    case G_FILE_TYPE_DIRECTORY:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                   _("It is a folder, not a file. Choose a file exported by Bloom Lab."));
      return NULL;
    default:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("It is not a regular file but a device, a pipe or another special file, "
                     "which Bloom Lab does not read. Choose a file exported by Bloom Lab."));
      return NULL;
    }

  size = g_file_info_get_size (info);
  if (!check_size (size, error))
    return NULL;

  stream = g_file_read (file, cancellable, error);
  if (stream == NULL)
    return NULL;

  /* One byte more than the limit tells a file that grew past it. */
  buffer = g_byte_array_sized_new (size + 1);
  for (;;)
    {
      guint8 chunk[16384];
      gssize n = g_input_stream_read (G_INPUT_STREAM (stream), chunk, sizeof chunk,
                                      cancellable, error);

      if (n < 0)
        return NULL;
      if (n == 0)
        break;
      g_byte_array_append (buffer, chunk, n);
      if (!check_size (buffer->len, error))
        return NULL;
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&buffer));
}

/* In a worker thread: reading and parsing take the time; the session the
 * document is parsed into is a new one that nobody else sees yet. */
static void
import_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  GFile *file = task_data;
  g_autoptr(GBytes) contents = NULL;
  g_autoptr(BloomSession) scratch = NULL;
  GError *error = NULL;
  gsize len = 0;
  const char *json;

  contents = bloom_session_file_read (file, cancellable, &error);
  if (contents == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  json = g_bytes_get_data (contents, &len);
  scratch = bloom_session_new ();
  if (!bloom_state_load_json (scratch, json, len, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  g_task_return_pointer (task, g_steal_pointer (&scratch), g_object_unref);
}

/* Back on the main thread: the parsed session moves into the real one,
 * which changes once. */
static void
import_parsed (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  BloomSession *session = BLOOM_SESSION (object);
  g_autoptr(BloomSession) scratch = NULL;
  GError *error = NULL;

  scratch = g_task_propagate_pointer (G_TASK (result), &error);
  if (scratch == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  if (g_task_return_error_if_cancelled (task))
    return;

  bloom_session_replace (session, scratch);
  g_task_return_boolean (task, TRUE);
}

/* SPEC P3: the session changes only if the whole file is a valid session;
 * otherwise it stays exactly as it was. The main loop runs meanwhile. */
void
bloom_session_file_import_async (BloomSession        *session,
                                 GFile               *file,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) parse = NULL;

  g_return_if_fail (BLOOM_IS_SESSION (session));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (session, cancellable, callback, user_data);
  g_task_set_source_tag (task, bloom_session_file_import_async);

  parse = g_task_new (session, cancellable, import_parsed, g_steal_pointer (&task));
  g_task_set_source_tag (parse, import_in_thread);
  g_task_set_task_data (parse, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (parse, import_in_thread);
}

gboolean
bloom_session_file_import_finish (BloomSession  *session,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, session), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
