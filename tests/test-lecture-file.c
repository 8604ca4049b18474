/* test-lecture-file.c — a lecture file is read as an import is: with the
 * import's reader (bloom_session_file_read(): opened, then checked on
 * what was opened, so a folder, a pipe or a device is refused and no more
 * than the cap is read), then the lecture reader (size, values, UTF-8).
 * What "Open Lecture…" does, without a window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <sys/stat.h>

#include "bloom-session-file.h"
#include "storage-fixture.h"

/* The lecture in the file at @path, or %NULL and @error. */
static BloomLecture *
open_lecture (const char  *path,
              GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GBytes) contents = bloom_session_file_read (file, NULL, error);

  if (contents == NULL)
    return NULL;

  return bloom_lecture_new_from_bytes (contents, error);
}

static void
assert_refused (const char *path,
                GQuark      domain,
                int         code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BloomLecture) lecture = open_lecture (path, &error);

  g_assert_null (lecture);
  g_assert_error (error, domain, code);
}

static void
test_example (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "lectures",
                                                 "false-positive.bloomlab-lecture", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(BloomLecture) lecture = open_lecture (path, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (bloom_lecture_get_n_steps (lecture), ==, 10);
}

/* A pipe would block the read for ever; a folder is no file. */
static void
test_not_regular (void)
{
  g_autofree char *dir = fixture_make_directory ();
  g_autofree char *fifo = g_build_filename (dir, "fifo.bloomlab-lecture", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.bloomlab-lecture", NULL);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  assert_refused (fifo, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  assert_refused (folder, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  if (g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    assert_refused ("/dev/zero", G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  fixture_remove_directory (dir);
}

/* Larger than any session file: refused before it is read. Invalid
 * UTF-8: refused by the lecture reader. */
static void
test_contents (void)
{
  g_autofree char *dir = fixture_make_directory ();
  g_autofree char *large = g_build_filename (dir, "large.bloomlab-lecture", NULL);
  g_autofree char *latin1 = g_build_filename (dir, "latin1.bloomlab-lecture", NULL);
  g_autofree char *spaces = g_strnfill (BLOOM_SESSION_FILE_MAX_BYTES + 1, ' ');

  g_assert_true (g_file_set_contents (large, spaces, -1, NULL));
  assert_refused (large, BLOOM_ERROR, BLOOM_ERROR_IMPORT_TOO_LARGE);
  g_assert_true (g_file_set_contents (latin1, "{\"format\": \"bloom-lab-lecture\", \"version\": 1, "
                                      "\"steps\": [{\"say\": \"caf\xe9\"}]}", -1, NULL));
  assert_refused (latin1, BLOOM_ERROR, BLOOM_ERROR_IMPORT_NOT_JSON);
  fixture_remove_directory (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lecture-file/example", test_example);
  g_test_add_func ("/lecture-file/not-regular", test_not_regular);
  g_test_add_func ("/lecture-file/contents", test_contents);

  return g_test_run ();
}
