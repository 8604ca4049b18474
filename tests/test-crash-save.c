/* test-crash-save.c — a writer killed (SIGKILL) while it saves, 100 times,
 * each a random moment after it stored its first document: the stored
 * session always loads afterwards, the current copy and the one before
 * it, and the next start leaves no temporary file behind (hardening).
 *
 * The writer is this program started again with --writer DIR: the app's
 * own BloomSessionStore with its files in DIR, saving sessions of changing
 * sizes as fast as it can, each save a whole write (flush).
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
#include "storage-fixture.h"
#include "test-isolation.h"

#define N_KILLS 100

#define GIO_TEMPORARY_PREFIX ".goutputstream-"

static char *self_path;

static char *
writer_marker (GPid pid)
{
  return g_strdup_printf ("writer %d", (int) pid);
}

/* The writer: never returns; it is killed. */
static int
run_writer (const char *dir)
{
  g_autoptr(GSettings) settings = bloom_settings_new ();
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GFile) directory = g_file_new_for_path (dir);
  g_autoptr(BloomSessionStore) store = bloom_session_store_new_for_directory (session, settings,
                                                                              directory);
  /* In every entry it stores, so the test knows whose document it reads. */
  g_autofree char *marker = writer_marker (getpid ());

  bloom_session_store_restore (store, NULL);
  bloom_session_create_filter (session, 1024, 12, NULL);

  for (guint round = 0; ; round++)
    {
      /* A few entries, then many, then few again: the stored document
       * grows and shrinks, so a torn write could not go unnoticed. */
      if (round % 40 == 0)
        bloom_session_reset (session);

      for (guint i = 0; i < 1 + round % 7; i++)
        {
          g_autofree char *text = g_strdup_printf ("%s, round %u, entry %u: %s", marker, round, i,
                                                   round % 2 ? "ünïcödé 😀" : "ascii");

          bloom_session_insert (session, text, -1, NULL);
        }
      /* The draft changes size too: the settings are written as well. */
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

static guint
count_temporary_files (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_prefix (name, GIO_TEMPORARY_PREFIX))
      n++;

  return n;
}

static char *
list_names (const char *dir)
{
  g_auto(GStrv) names = fixture_list_directory (dir);

  return g_strjoinv (" ", names);
}

static GPid
start_writer (const char *dir)
{
  g_autoptr(GError) error = NULL;
  const char *argv[] = { self_path, "--writer", dir, NULL };
  GPid pid = 0;

  g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error);
  g_assert_no_error (error);

  return pid;
}

static void
assert_loads (const char *json,
              const char *what,
              guint       kill_round)
{
  g_autoptr(BloomSession) loaded = bloom_session_new ();
  g_autoptr(GError) error = NULL;

  if (!bloom_state_load_json (loaded, json, -1, &error))
    g_error ("after kill %u the %s copy does not load: %s", kill_round, what, error->message);
  g_assert_nonnull (bloom_session_get_filter (loaded));
}

static void
test_killed_while_saving (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bloom-lab-crash-XXXXXX", NULL);
  g_autoptr(GFile) directory = g_file_new_for_path (dir);
  g_autoptr(GSettings) settings = bloom_settings_new ();
  guint n_interrupted = 0;
  guint n_without_previous = 0;

  g_assert_nonnull (dir);

  for (guint kill_round = 0; kill_round < N_KILLS; kill_round++)
    {
      GPid pid = start_writer (dir);
      g_autofree char *marker = writer_marker (pid);
      g_autofree char *current = NULL;
      g_autofree char *previous = NULL;
      g_autofree char *names = NULL;
      gboolean writing = FALSE;
      int status;

      /* Until this writer has stored a document, so that the kill falls
       * while it saves, then a random moment more. */
      for (guint wait = 0; !writing && wait < 1000; wait++)
        {
          g_autofree char *stored = fixture_read (dir, BLOOM_SESSION_STORE_CURRENT_NAME, NULL);

          writing = stored != NULL && strstr (stored, marker) != NULL;
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

      /* The current copy loads and is this writer's; so does the copy
       * before it, unless the kill fell between GIO's removing the old
       * one and linking the new one. */
      if (count_temporary_files (dir) > 0)
        n_interrupted++;
      current = fixture_read (dir, BLOOM_SESSION_STORE_CURRENT_NAME, NULL);
      g_assert_nonnull (current);
      assert_loads (current, "current", kill_round);
      g_assert_nonnull (strstr (current, marker));
      previous = fixture_read (dir, BLOOM_SESSION_STORE_PREVIOUS_NAME, NULL);
      if (previous != NULL)
        assert_loads (previous, "previous", kill_round);
      else
        n_without_previous++;

      /* The next start loads the current copy and leaves nothing of the
       * interrupted write behind. */
      {
        g_autoptr(BloomSession) session = bloom_session_new ();
        g_autoptr(BloomSessionStore) store = bloom_session_store_new_for_directory (session, settings,
                                                                                    directory);
        g_autoptr(GError) error = NULL;

        g_assert_true (bloom_session_store_restore (store, &error));
        g_assert_no_error (error);
        g_assert_cmpint (bloom_session_store_get_loaded_copy (store), ==, BLOOM_STORED_COPY_CURRENT);
        g_assert_null (bloom_session_store_get_unreadable_message (store));
      }
      names = list_names (dir);
      if (previous != NULL)
        g_assert_cmpstr (names, ==, BLOOM_SESSION_STORE_CURRENT_NAME " " BLOOM_SESSION_STORE_PREVIOUS_NAME);
      else
        g_assert_cmpstr (names, ==, BLOOM_SESSION_STORE_CURRENT_NAME);
    }

  /* Most kills fall into a write: the test is about those. */
  g_test_message ("%u of %u kills interrupted a write, %u left no previous copy",
                  n_interrupted, N_KILLS, n_without_previous);
  g_assert_cmpuint (n_interrupted, >, 0);

  {
    g_autofree char *current = g_build_filename (dir, BLOOM_SESSION_STORE_CURRENT_NAME, NULL);
    g_autofree char *previous = g_build_filename (dir, BLOOM_SESSION_STORE_PREVIOUS_NAME, NULL);

    g_unlink (current);
    g_unlink (previous);
    g_rmdir (dir);
  }
}

int
main (int   argc,
      char *argv[])
{
  self_path = g_canonicalize_filename (argv[0], NULL);

  /* A writer inherits the isolated environment of the test that runs it. */
  if (argc == 3 && g_str_equal (argv[1], "--writer"))
    return run_writer (argv[2]);

  test_isolate_environment ();

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/storage/killed-while-saving", test_killed_while_saving);

  return g_test_run ();
}
