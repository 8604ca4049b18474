/* fuzz-driver.c — replays inputs through a fuzz target without libFuzzer
 *
 *   fuzz-state-load-replay DIR-OR-FILE…
 *
 * Every regular file of each directory (sorted, names starting with a dot
 * skipped) and every file named goes through LLVMFuzzerTestOneInput()
 * once. A target that finds a fault aborts, so the exit status says
 * whether the whole corpus passed. Built in every configuration, so that
 * `meson test --suite fuzz` checks the seed corpus and all regressions
 * with any compiler and no libFuzzer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-target.h"

static void
replay_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree guint8 *data = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &contents, &len, &error))
    {
      g_printerr ("%s\n", error->message);
      exit (EXIT_FAILURE);
    }

  /* A copy of exactly the input's size, as libFuzzer passes it: no
   * terminating NUL, so a sanitizer sees any read past the end. */
  data = g_memdup2 (contents, len);

  g_print ("replaying %s (%" G_GSIZE_FORMAT " bytes)\n", path, len);
  LLVMFuzzerTestOneInput (data, len);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static guint
replay_directory (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  guint n_replayed = 0;

  if (dir == NULL)
    {
      g_printerr ("%s\n", error->message);
      exit (EXIT_FAILURE);
    }

  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_strdup (name));

  /* Sorted, so that a failure comes out the same on every machine. */
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *file = g_build_filename (path, g_ptr_array_index (names, i), NULL);

      if (g_file_test (file, G_FILE_TEST_IS_REGULAR))
        {
          replay_file (file);
          n_replayed++;
        }
    }

  return n_replayed;
}

int
main (int    argc,
      char **argv)
{
  guint n_inputs = 0;

  if (argc < 2)
    {
      g_printerr ("usage: %s DIRECTORY-OR-FILE…\n", argv[0]);
      return 2;
    }

  for (int i = 1; i < argc; i++)
    {
      if (g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        n_inputs += replay_directory (argv[i]);
      else
        {
          replay_file (argv[i]);
          n_inputs++;
        }
    }

  g_print ("%u inputs replayed, no fault\n", n_inputs);

  return EXIT_SUCCESS;
}
