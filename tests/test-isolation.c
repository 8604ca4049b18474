/* test-isolation.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include "test-isolation.h"

static char *isolation_root;

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);

  if (dir != NULL)
    {
      const char *name;

      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            remove_tree (child);
          else
            g_unlink (child);
        }
      g_dir_close (dir);
    }
  g_rmdir (path);
}

static void
remove_isolation_root (void)
{
  if (isolation_root != NULL && g_getenv ("BLOOM_TEST_KEEP_HOME") == NULL)
    remove_tree (isolation_root);
  g_clear_pointer (&isolation_root, g_free);
}

static char *
make_subdir (const char *name,
             int         mode)
{
  char *path = g_build_filename (isolation_root, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (path, mode), ==, 0);
  g_assert_cmpint (g_chmod (path, mode), ==, 0);

  return path;
}

/* Call first in main(), before GLib, GIO or GTK read the environment.
 *
 * Everything a window test could share with the machine or with another
 * run of the suite goes to a directory of this program's own: home, the
 * XDG directories, the runtime directory (where an accessibility bus or a
 * portal would put its sockets). GTK's test accessibility backend records
 * what assistive technology would be told, so tests can check it, and no
 * AT-SPI bus is looked for, started or shared. GIO uses its local file
 * system only, whatever GVfs modules are installed. Returns the directory,
 * removed at exit (kept when BLOOM_TEST_KEEP_HOME is set). */
const char *
test_isolate_environment (void)
{
  g_autoptr(GError) error = NULL;
  static const char *xdg_dirs[][2] = {
    { "XDG_CACHE_HOME", "home/.cache" },
    { "XDG_CONFIG_HOME", "home/.config" },
    { "XDG_DATA_HOME", "home/.local/share" },
    { "XDG_STATE_HOME", "home/.local/state" },
  };

  g_assert_null (isolation_root);
  isolation_root = g_dir_make_tmp ("bloom-lab-test-XXXXXX", &error);
  g_assert_no_error (error);
  atexit (remove_isolation_root);

  {
    g_autofree char *home = make_subdir ("home", 0700);
    g_autofree char *runtime = make_subdir ("runtime", 0700);

    g_setenv ("HOME", home, TRUE);
    g_setenv ("XDG_RUNTIME_DIR", runtime, TRUE);
  }
  for (guint i = 0; i < G_N_ELEMENTS (xdg_dirs); i++)
    {
      g_autofree char *path = make_subdir (xdg_dirs[i][1], 0700);

      g_setenv (xdg_dirs[i][0], path, TRUE);
    }

  g_setenv ("GTK_A11Y", "test", TRUE);
  g_unsetenv ("AT_SPI_BUS_ADDRESS");
  g_setenv ("GIO_USE_VFS", "local", TRUE);
  g_setenv ("GIO_USE_VOLUME_MONITOR", "unix", TRUE);

  return isolation_root;
}
