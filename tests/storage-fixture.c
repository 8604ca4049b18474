/* storage-fixture.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "storage-fixture.h"

struct _TestFailingStream
{
  GFilterOutputStream parent_instance;

  gsize               budget;   /* bytes that still pass */
};

G_DEFINE_FINAL_TYPE (TestFailingStream, test_failing_stream, G_TYPE_FILTER_OUTPUT_STREAM)

/* Passes bytes to the file until the budget is spent, then fails the way
 * a full disk does: some of the document is in the file by then. */
static gssize
test_failing_stream_write (GOutputStream  *stream,
                           const void     *buffer,
                           gsize           count,
                           GCancellable   *cancellable,
                           GError        **error)
{
  TestFailingStream *self = TEST_FAILING_STREAM (stream);
  GOutputStream *base = g_filter_output_stream_get_base_stream (G_FILTER_OUTPUT_STREAM (stream));
  gssize written;

  if (self->budget == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "No space left on device");
      return -1;
    }

  written = g_output_stream_write (base, buffer, MIN (count, self->budget), cancellable, error);
  if (written > 0)
    self->budget -= written;

  return written;
}

static void
test_failing_stream_class_init (TestFailingStreamClass *klass)
{
  GOutputStreamClass *stream_class = G_OUTPUT_STREAM_CLASS (klass);

  stream_class->write_fn = test_failing_stream_write;
}

static void
test_failing_stream_init (TestFailingStream *self)
{
}

GOutputStream *
test_failing_stream_filter (GOutputStream *base,
                            gpointer       budget)
{
  TestFailingStream *self = g_object_new (TEST_TYPE_FAILING_STREAM,
                                          "base-stream", base,
                                          /* The writer closes the file itself. */
                                          "close-base-stream", FALSE,
                                          NULL);

  self->budget = GPOINTER_TO_SIZE (budget);

  return G_OUTPUT_STREAM (self);
}

/* A new empty directory under the temporary one; the caller removes it. */
char *
fixture_make_directory (void)
{
  g_autoptr(GError) error = NULL;
  char *path = g_dir_make_tmp ("bloom-lab-store-XXXXXX", &error);

  g_assert_no_error (error);

  return path;
}

/* Only what the tests make: files, and directories of files. */
void
fixture_remove_directory (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        fixture_remove_directory (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in @path, sorted; an empty list if it does not exist. */
char **
fixture_list_directory (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);

  return (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

/* The file's contents, or NULL if it does not exist. */
char *
fixture_read (const char *directory,
              const char *name,
              gsize      *len)
{
  g_autofree char *path = g_build_filename (directory, name, NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, len, &error))
    {
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
      return NULL;
    }

  return contents;
}

void
fixture_write (const char *directory,
               const char *name,
               const char *contents)
{
  g_autofree char *path = g_build_filename (directory, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

static gboolean
expire (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;

  return G_SOURCE_REMOVE;
}

/* Runs the main loop until *@done, for at most @seconds. */
void
fixture_run_until (gboolean *done,
                   guint     seconds)
{
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (seconds, expire, &expired);

  while (!*done && !expired)
    g_main_context_iteration (NULL, TRUE);

  g_assert_false (expired);
  g_source_remove (timeout);
}
