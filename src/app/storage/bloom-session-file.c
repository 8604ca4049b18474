/* bloom-session-file.c — session documents in files the user picks:
 * export, import (parsed off the main loop) and the checks before reading
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-session-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bloom-session-file.h"

/* Writing */

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

  bloom_atomic_file_replace_async (file, contents, FALSE, G_FILE_CREATE_NONE, NULL, NULL,
                                    cancellable, callback, user_data);
}

gboolean
bloom_session_file_write_finish (GFile         *file,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  return bloom_atomic_file_replace_finish (file, result, error);
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

/* @text as a sentence: GIO's messages ("Permission denied") have no full
 * stop, and a message that goes on after one needs it. */
char *
bloom_session_file_sentence (const char *text)
{
  gunichar last;

  g_return_val_if_fail (text != NULL, NULL);

  if (text[0] == '\0')
    return g_strdup (text);

  last = g_utf8_get_char (g_utf8_find_prev_char (text, text + strlen (text)));
  if (g_unichar_ispunct (last) && last != ')' && last != ']' && last != 0x201D && last != 0x300D)
    return g_strdup (text);

  /* Translators: how a sentence ends; %s is a sentence without its full stop */
  return g_strdup_printf (C_("sentence", "%s."), text);
}

static GError *
not_found_error (const char *path)
{
  GStatBuf link;

  /* A link is followed: one that leads nowhere is not a missing file. */
  if (path != NULL && g_lstat (path, &link) == 0 && S_ISLNK (link.st_mode))
    return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                                _("It is a link to a file that does not exist. "
                                  "Choose a file exported by Bloom Lab."));

  /* GIO's own words name the call that failed; these say what to do. */
  return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                              _("There is no such file: it may have been moved, renamed or "
                                "deleted. Choose a file exported by Bloom Lab."));
}

static GError *
open_error (const char *path,
            int         saved_errno)
{
  g_autofree char *reason = NULL;

  switch (saved_errno)
    {
    case ENOENT:
      return not_found_error (path);
    case ELOOP:
      return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS,
                                  _("It is a link that leads round in a circle to itself, "
                                    "never to a file. Choose a file exported by Bloom Lab."));
    default:
      reason = bloom_session_file_sentence (g_strerror (saved_errno));
      /* Translators: %s is why, a sentence such as “Permission denied.” */
      return g_error_new (G_IO_ERROR, g_io_error_from_errno (saved_errno),
                          _("The file cannot be opened: %s"), reason);
    }
}

/* Local files are opened first and checked after, on the descriptor that
 * is read: a path swapped meanwhile for a pipe cannot block the open
 * (O_NONBLOCK) or the read (the check refuses it). */
static int
open_local (const char    *path,
            GFileType     *type,
            guint64       *size,
            GError       **error)
{
  struct stat st;
  int fd;

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_propagate_error (error, open_error (path, saved_errno));
      return -1;
    }

  if (fstat (fd, &st) != 0)
    {
      int saved_errno = errno;

      g_close (fd, NULL);
      g_propagate_error (error, open_error (path, saved_errno));
      return -1;
    }

  *type = S_ISREG (st.st_mode) ? G_FILE_TYPE_REGULAR
        : S_ISDIR (st.st_mode) ? G_FILE_TYPE_DIRECTORY
        : G_FILE_TYPE_SPECIAL;
  *size = st.st_size;

  return fd;
}

/* Up to @count bytes from the descriptor (a regular file: O_NONBLOCK
 * changes nothing) or the stream; -1 and @error on failure. */
static gssize
read_chunk (int            fd,
            GInputStream  *stream,
            guint8        *chunk,
            gsize          count,
            GCancellable  *cancellable,
            GError       **error)
{
  gssize n;

  if (stream != NULL)
    return g_input_stream_read (stream, chunk, count, cancellable, error);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return -1;

  do
    n = read (fd, chunk, count);
  while (n < 0 && errno == EINTR);

  if (n < 0)
    {
      int saved_errno = errno;

      g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                           g_strerror (saved_errno));
    }

  return n;
}

/* Any other file (GVfs): GIO opens it, and the stream says what it is. */
static GInputStream *
open_other (GFile         *file,
            GFileType     *type,
            guint64       *size,
            GCancellable  *cancellable,
            GError       **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;

  stream = g_file_read (file, cancellable, &local_error);
  if (stream == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_propagate_error (error, not_found_error (NULL));
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY))
        *type = G_FILE_TYPE_DIRECTORY;
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                         G_FILE_ATTRIBUTE_STANDARD_SIZE, cancellable, error);
  if (info == NULL)
    return NULL;

  *type = g_file_info_get_file_type (info);
  *size = g_file_info_get_size (info);

  return G_INPUT_STREAM (g_steal_pointer (&stream));
}

/* The contents of a file that may hold a session document. The file is
 * opened first and checked after, on what was opened: a folder, a pipe or
 * a device is refused (a pipe would block the read, /dev/zero never
 * ends), and so is a file larger than BLOOM_SESSION_FILE_MAX_BYTES. No
 * more than that is ever read, even from a file that grows meanwhile.
 * Links are followed; a loop or a link to nothing says so. Blocks: call
 * it from a worker thread, or for a file of the app's own. */
static GBytes *
read_opened (int            fd,
             GInputStream  *stream,
             GFileType      type,
             guint64        size,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr(GByteArray) buffer = NULL;

  switch (type)
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

  if (!check_size (size, error))
    return NULL;

  /* One byte more than the limit tells a file that grew past it. */
  buffer = g_byte_array_sized_new (size + 1);
  for (;;)
    {
      guint8 chunk[16384];
      gssize n = read_chunk (fd, stream, chunk, sizeof chunk, cancellable, error);

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

/* The contents of a file that may hold a session document. The file is
 * opened first and checked after, on what was opened: a folder, a pipe or
 * a device is refused (a pipe would block the read, /dev/zero never
 * ends), and so is a file larger than BLOOM_SESSION_FILE_MAX_BYTES. No
 * more than that is ever read, even from a file that grows meanwhile.
 * Links are followed; a loop or a link to nothing says so. Blocks: call
 * it from a worker thread, or for a file of the app's own. */
GBytes *
bloom_session_file_read (GFile         *file,
                         GCancellable  *cancellable,
                         GError       **error)
{
  g_autoptr(GInputStream) stream = NULL;
  g_autofree char *path = NULL;
  GFileType type = G_FILE_TYPE_UNKNOWN;
  guint64 size = 0;
  GBytes *contents;
  int fd = -1;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  path = g_file_get_path (file);
  if (path != NULL)
    {
      fd = open_local (path, &type, &size, error);
      if (fd < 0)
        return NULL;
    }
  else
    {
      stream = open_other (file, &type, &size, cancellable, error);
      if (stream == NULL && type != G_FILE_TYPE_DIRECTORY)
        return NULL;
    }

  contents = read_opened (fd, stream, type, size, cancellable, error);
  if (fd >= 0)
    g_close (fd, NULL);

  return contents;
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
