/* test-crash-save.c — a writer killed (SIGKILL) while it saves, 100 times,
 * each a random moment after it stored its first document: what is stored
 * always loads afterwards, old or new, never broken (hardening).
 *
 * The writer is this program started again with --writer DIR: the app's
 * own BloomSessionStore on GLib's keyfile backend (what a Flatpak uses)
 * under DIR, saving sessions of changing sizes as fast as it can.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bloom-session-store.h"
#include "bloom-settings.h"

#define N_KILLS 100

static char *self_path;

static char *
writer_marker (GPid pid)
{
  return g_strdup_printf ("writer %d", (int) pid);
}

/* The writer: never returns; it is killed. */
static int
run_writer (void)
{
  /* As the app makes them: the keyfile backend watches its file from a
   * thread of its own. */
  g_autoptr(GSettings) settings = bloom_settings_new ();
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSessionStore) store = bloom_session_store_new (session, settings);
  /* In every document it writes, so the test knows whose it reads. */
  g_autofree char *marker = writer_marker (getpid ());

  bloom_session_create_filter (session, 1024, 12, NULL);

  for (guint round = 0; ; round++)
    {
      /* A few entries, then many, then few again: the stored document
       * grows and shrinks, so a torn write could not go unnoticed. */
      if (round % 40 == 0)
        bloom_session_reset (session);

      for (guint i = 0; i < 1 + round % 7; i++)
        {
          g_autofree char *text = g_strdup_printf ("round %u, entry %u: %s", round, i,
                                                   round % 2 ? "ünïcödé 😀" : "ascii");

          bloom_session_insert (session, text, -1, NULL);
        }
      /* The draft changes size too. */
      if (round % 3 == 0)
        bloom_session_set_text_draft (session, marker);
      else
        {
          g_autofree char *draft = g_strdup_printf ("%s, round %u", marker, round);

          bloom_session_set_text_draft (session, draft);
        }
      bloom_session_store_flush (store);
    }

  return 0;
}

static char *
read_stored_session (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "glib-2.0", "settings", "keyfile", NULL);
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) value = NULL;
  g_autofree char *text = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;

  g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  text = g_key_file_get_value (keyfile, "io/github/bloomlab/BloomLab", "session", NULL);
  if (text == NULL)
    return NULL;

  value = g_variant_parse (G_VARIANT_TYPE_STRING, text, NULL, NULL, &error);
  g_assert_no_error (error);

  return g_variant_dup_string (value, NULL);
}

static GPid
start_writer (const char *dir)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = g_get_environ ();
  const char *argv[] = { self_path, "--writer", dir, NULL };
  GPid pid = 0;

  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "keyfile", TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", dir, TRUE);
  g_spawn_async (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error);
  g_assert_no_error (error);

  return pid;
}

static void
test_killed_while_saving (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bloom-lab-crash-XXXXXX", NULL);
  guint n_loaded = 0;

  g_assert_nonnull (dir);

  for (guint kill_round = 0; kill_round < N_KILLS; kill_round++)
    {
      GPid pid = start_writer (dir);
      g_autofree char *marker = writer_marker (pid);
      g_autofree char *stored = NULL;
      g_autoptr(BloomSession) loaded = bloom_session_new ();
      g_autoptr(GError) error = NULL;
      gboolean writing = FALSE;
      int status;

      /* Until this writer has stored a document, so that the kill falls
       * while it saves, then a random moment more. */
      for (guint wait = 0; !writing && wait < 1000; wait++)
        {
          g_autofree char *current = read_stored_session (dir);

          writing = current != NULL && strstr (current, marker) != NULL;
          if (!writing)
            g_usleep (10 * 1000);
        }
      if (!writing)
        g_error ("writer %u stored nothing in 10 s", kill_round);
      g_usleep (g_random_int_range (1000, 60 * 1000));

      kill (pid, SIGKILL);
      waitpid (pid, &status, 0);
      g_spawn_close_pid (pid);
      g_assert_true (WIFSIGNALED (status));

      stored = read_stored_session (dir);
      g_assert_nonnull (stored);
      if (!bloom_state_load_json (loaded, stored, -1, &error))
        g_error ("after kill %u the stored session does not load: %s", kill_round, error->message);
      g_assert_no_error (error);
      g_assert_nonnull (bloom_session_get_filter (loaded));
      /* Written by the writer just killed, not left from an earlier one. */
      g_assert_nonnull (strstr (bloom_session_get_text_draft (loaded), marker));
      n_loaded++;
    }

  g_assert_cmpuint (n_loaded, ==, N_KILLS);

  {
    g_autofree char *keyfile_dir = g_build_filename (dir, "glib-2.0", "settings", NULL);
    g_autoptr(GDir) listing = g_dir_open (keyfile_dir, 0, NULL);
    const char *name;

    /* Leftover temporary files of interrupted writes go too. */
    while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
      {
        g_autofree char *path = g_build_filename (keyfile_dir, name, NULL);

        g_unlink (path);
      }
    g_rmdir (keyfile_dir);
  }
  {
    g_autofree char *settings_dir = g_build_filename (dir, "glib-2.0", NULL);

    g_rmdir (settings_dir);
  }
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  self_path = g_canonicalize_filename (argv[0], NULL);

  if (argc == 3 && g_str_equal (argv[1], "--writer"))
    return run_writer ();

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/storage/killed-while-saving", test_killed_while_saving);

  return g_test_run ();
}
