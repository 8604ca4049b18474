/* bloom-atomic-file.c — SPEC P1, P2: writing a file so that a fault
 * (full disk, crash, cancellation) never leaves it half written: GIO's
 * atomic replace, with an empty stand-in for a file that did not exist
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-atomic-file"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-atomic-file.h"
#include "bloom-session-file.h"

typedef struct
{
  GBytes                *contents;
  gboolean               make_backup;
  GFileCreateFlags       flags;
  BloomStreamFilterFunc  filter;
  gpointer               filter_data;
  char                  *expected;  /* see BLOOM_ATOMIC_FILE_ABSENT; NULL: anything */
  char                  *etag;      /* GIO's etag of what is replaced, once checked */
  char                  *written_sum; /* of @contents, from the check's thread */
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
  g_clear_pointer (&data->expected, g_free);
  g_clear_pointer (&data->etag, g_free);
  g_clear_pointer (&data->written_sum, g_free);
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

static GError *
conflict_error (GFile *file)
{
  g_autofree char *name = g_file_get_parse_name (file);

  /* Translators: %s is a file name */
  return g_error_new (G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                      _("“%s” changed since Bloom Lab last read or wrote it."), name);
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
      /* Changed since it was checked: it is someone else's file now,
       * even if it was our stand-in. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
        {
          data->created = FALSE;
          g_clear_error (&error);
          error = conflict_error (G_FILE (object));
        }
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
   * for links too. The etag (NULL when anything may be replaced) makes
   * GIO refuse a file that changed since it was checked; an empty
   * stand-in is never kept as the backup. */
  g_file_replace_async (g_task_get_source_object (task), data->etag,
                        data->make_backup && !data->created,
                        data->flags | G_FILE_CREATE_REPLACE_DESTINATION, G_PRIORITY_DEFAULT,
                        g_task_get_cancellable (task), replace_opened, task);
}

static void
replace_stand_in_closed (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  GTask *task = user_data;
  ReplaceData *data = g_task_get_task_data (task);
  GError *error = NULL;

  if (!g_output_stream_close_finish (G_OUTPUT_STREAM (object), result, &error))
    {
      replace_fail (task, error);
      return;
    }

  /* Only our own stand-in may be replaced now. */
  if (data->expected != NULL)
    {
      g_free (data->etag);
      data->etag = g_file_output_stream_get_etag (G_FILE_OUTPUT_STREAM (object));
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

  /* Another program made the file since this one found none. */
  if (data->expected != NULL)
    {
      replace_fail (task, conflict_error (G_FILE (object)));
      return;
    }

  replace_open (task);
}

static void
replace_create (GTask *task)
{
  ReplaceData *data = g_task_get_task_data (task);

  g_file_create_async (g_task_get_source_object (task), data->flags, G_PRIORITY_DEFAULT,
                       g_task_get_cancellable (task), replace_created, task);
}

/* What a check is given, and what it hands back. */
typedef struct
{
  char   *expected;
  GBytes *contents;
} CheckData;

static void
check_data_free (CheckData *check_data)
{
  g_free (check_data->expected);
  g_bytes_unref (check_data->contents);
  g_free (check_data);
}

typedef struct
{
  char *etag;
  char *written_sum;
} Checked;

static void
checked_free (Checked *checked)
{
  g_free (checked->etag);
  g_free (checked->written_sum);
  g_free (checked);
}

/* In a worker thread: is the file still what was last read or written?
 * Returns GIO's etag of what was compared, with the checksum of the new
 * contents (what the next write will expect: worked out here, off the
 * main thread, 0.6 million instructions for a full filter's document);
 * NULL with G_IO_ERROR_NOT_FOUND when there is no file, or NULL with
 * another error. The etag is asked
 * for first: should the file change between the two, the replace sees
 * a different etag and refuses. The contents are compared as well, since
 * a local file's etag is its modification time, which two writes within
 * one tick of the file system's clock share. */
static void
check_in_thread (GTask        *check,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  GFile *file = source_object;
  CheckData *check_data = task_data;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GBytes) contents = NULL;
  g_autofree char *sum = NULL;
  Checked *checked;
  GError *error = NULL;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_ETAG_VALUE, G_FILE_QUERY_INFO_NONE,
                            cancellable, &error);
  if (info == NULL)
    {
      g_task_return_error (check, error);
      return;
    }

  contents = bloom_session_file_read (file, cancellable, &error);
  if (contents == NULL)
    {
      /* A link to nothing is not a missing file: a file written in its
       * place would replace the link. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) &&
          g_file_query_file_type (file, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                                  cancellable) == G_FILE_TYPE_SYMBOLIC_LINK)
        error->code = G_IO_ERROR_FAILED;
      g_task_return_error (check, error);
      return;
    }

  sum = bloom_atomic_file_checksum (contents);
  if (!g_str_equal (sum, check_data->expected))
    {
      g_task_return_error (check, conflict_error (file));
      return;
    }

  checked = g_new0 (Checked, 1);
  checked->etag = g_strdup (g_file_info_get_etag (info));
  checked->written_sum = bloom_atomic_file_checksum (check_data->contents);
  g_task_return_pointer (check, checked, (GDestroyNotify) checked_free);
}

static void
replace_checked (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GTask *task = user_data;
  ReplaceData *data = g_task_get_task_data (task);
  GError *error = NULL;
  Checked *checked = g_task_propagate_pointer (G_TASK (result), &error);

  if (checked != NULL)
    {
      data->etag = g_steal_pointer (&checked->etag);
      data->written_sum = g_steal_pointer (&checked->written_sum);
      checked_free (checked);
      replace_open (task);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      /* Gone (the user removed it): nothing is lost by writing one, as
       * long as nobody makes one meanwhile. */
      g_error_free (error);
      replace_create (task);
    }
  else
    replace_fail (task, error);
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
  bloom_atomic_file_replace_expecting_async (file, contents, NULL, make_backup, flags, filter,
                                             filter_data, cancellable, callback, user_data);
}

char *
bloom_atomic_file_checksum (GBytes *contents)
{
  g_return_val_if_fail (contents != NULL, NULL);

  return g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, contents);
}

/* The same, when @file must still be what @expected says: nothing (
 * BLOOM_ATOMIC_FILE_ABSENT) or contents with that checksum. Otherwise the
 * write fails with G_IO_ERROR_WRONG_ETAG and @file stays as it is. The
 * contents are compared in a worker thread, then GIO's etag of what was
 * compared goes to g_file_replace(), which refuses a file changed since. */
void
bloom_atomic_file_replace_expecting_async (GFile                 *file,
                                            GBytes                *contents,
                                            const char            *expected,
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
  data->expected = g_strdup (expected);
  data->contents = g_bytes_ref (contents);
  data->make_backup = make_backup;
  data->flags = flags;
  data->filter = filter;
  data->filter_data = filter_data;
  data->abandon = g_cancellable_new ();

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, bloom_atomic_file_replace_async);
  g_task_set_task_data (task, data, (GDestroyNotify) replace_data_free);

  if (expected == NULL || expected[0] == '\0')
    replace_create (task);
  else
    {
      g_autoptr(GTask) check = g_task_new (file, cancellable, replace_checked, task);
      CheckData *check_data = g_new0 (CheckData, 1);

      check_data->expected = g_strdup (expected);
      check_data->contents = g_bytes_ref (contents);
      g_task_set_source_tag (check, check_in_thread);
      g_task_set_task_data (check, check_data, (GDestroyNotify) check_data_free);
      g_task_run_in_thread (check, check_in_thread);
    }
}

gboolean
bloom_atomic_file_replace_finish (GFile         *file,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The same, with the SHA-256 (hex) of what was written: the expectation
 * of the next write (g_free()). Worked out in the check's worker thread
 * where there was one (the file existed and was expected), else here. */
gboolean
bloom_atomic_file_replace_expecting_finish (GFile         *file,
                                            GAsyncResult  *result,
                                            char         **written_sum,
                                            GError       **error)
{
  ReplaceData *data;

  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);
  g_return_val_if_fail (written_sum != NULL, FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;

  data = g_task_get_task_data (G_TASK (result));
  *written_sum = data->written_sum != NULL ? g_steal_pointer (&data->written_sum)
                                           : bloom_atomic_file_checksum (data->contents);

  return TRUE;
}
