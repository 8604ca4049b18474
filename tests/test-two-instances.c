/* test-two-instances.c — two Bloom Labs, one stored session (issue 24,
 * docs/storage.md): two processes, each on a session bus of its own
 * (dbus-run-session), with the app's BloomSessionStore over one state
 * directory. No write of one is lost to the other without the other
 * being told: in both orders, at start-up, and when both write at once.
 * And a recovery file restored and then killed with SIGKILL is still
 * offered at the next start. No display.
 *
 * An instance is this program started again with --instance DIR; it
 * reads one command a line on stdin and answers one line on stdout, so
 * the test waits for answers, never for time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bloom-session-store.h"
#include "bloom-settings.h"
#include "storage-fixture.h"
#include "test-isolation.h"

static char *self_path;

/* The instance */

static void
recovery_restored (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!bloom_session_store_restore_recovery_finish (BLOOM_SESSION_STORE (object), result, &error))
    g_error ("restore: %s", error->message);
  *(gboolean *) user_data = TRUE;
}

static char *
list_entries (BloomSession *session)
{
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < bloom_session_get_n_entries (session); i++)
    g_string_append_printf (list, "%s%s", i > 0 ? "," : "",
                            bloom_session_get_entry (session, i, NULL));

  return g_string_free (g_steal_pointer (&list), FALSE);
}

/* How the last write went, as the window would say it. */
static const char *
outcome (BloomSessionStore *store)
{
  if (bloom_session_store_get_conflict (store))
    return "conflict";
  if (bloom_session_store_get_write_error (store) != NULL)
    return "error";
  if (bloom_session_store_get_unsaved (store))
    return "unsaved";
  return "stored";
}

static int
run_instance (const char *dir)
{
  g_autoptr(GSettings) settings = bloom_settings_new ();
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GFile) directory = g_file_new_for_path (dir);
  g_autoptr(BloomSessionStore) store = bloom_session_store_new_for_directory (session, settings,
                                                                              directory);
  char line[4096];

  bloom_session_store_restore (store, NULL);
  if (bloom_session_get_filter (session) == NULL)
    bloom_session_create_filter (session, 1024, 12, NULL);
  bloom_session_store_flush (store);

  printf ("ready %d %u %d %s\n", (int) getpid (), bloom_session_get_n_entries (session),
          bloom_session_store_get_recovery_available (store),
          g_getenv ("DBUS_SESSION_BUS_ADDRESS") ? g_getenv ("DBUS_SESSION_BUS_ADDRESS") : "-");
  fflush (stdout);

  while (fgets (line, sizeof line, stdin) != NULL)
    {
      g_strchomp (line);

      if (g_str_has_prefix (line, "insert "))
        {
          bloom_session_insert (session, line + strlen ("insert "), -1, NULL);
          bloom_session_store_flush (store);
          printf ("%s\n", outcome (store));
        }
      else if (g_str_equal (line, "entries"))
        {
          g_autofree char *entries = list_entries (session);

          printf ("%s\n", entries);
        }
      else if (g_str_equal (line, "load-theirs"))
        {
          g_autoptr(GError) error = NULL;

          printf ("%s\n", bloom_session_store_load_theirs (store, &error) ? "loaded" : error->message);
        }
      else if (g_str_equal (line, "keep-mine"))
        {
          bloom_session_store_keep_mine (store);
          bloom_session_store_flush (store);
          printf ("%s\n", outcome (store));
        }
      else if (g_str_equal (line, "restore-recovery"))
        {
          gboolean done = FALSE;

          bloom_session_store_restore_recovery_async (store, NULL, recovery_restored, &done);
          while (!done)
            g_main_context_iteration (NULL, TRUE);
          bloom_session_store_flush (store);
          printf ("restored %s\n", outcome (store));
        }
      else
        g_error ("unknown command “%s”", line);
      fflush (stdout);
    }

  return 0;
}

/* The test's side */

typedef struct
{
  GPid     pid;
  int      instance_pid;   /* the instance itself, under dbus-run-session */
  FILE    *in;
  FILE    *out;
  char    *bus;
  guint    n_entries;
  gboolean recovery;
} Instance;

static char *
read_answer (Instance *instance)
{
  char line[4096];

  if (fgets (line, sizeof line, instance->out) == NULL)
    g_error ("an instance ended without answering");

  return g_strdup (g_strchomp (line));
}

/* Started, its stored session read: on a session bus of its own when
 * dbus-run-session is there, as two logins of one user are. */
static Instance *
start_instance (const char *dir)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dbus_run_session = g_find_program_in_path ("dbus-run-session");
  g_autofree char *ready = NULL;
  g_auto(GStrv) words = NULL;
  const char *with_bus[] = { dbus_run_session, "--", self_path, "--instance", dir, NULL };
  const char *alone[] = { self_path, "--instance", dir, NULL };
  Instance *instance = g_new0 (Instance, 1);
  int in_fd, out_fd;

  g_spawn_async_with_pipes (NULL, (char **) (dbus_run_session != NULL ? with_bus : alone), NULL,
                            G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &instance->pid, &in_fd,
                            &out_fd, NULL, &error);
  g_assert_no_error (error);
  instance->in = fdopen (in_fd, "w");
  instance->out = fdopen (out_fd, "r");

  ready = read_answer (instance);
  words = g_strsplit (ready, " ", 5);
  g_assert_cmpstr (words[0], ==, "ready");
  instance->instance_pid = atoi (words[1]);
  instance->n_entries = atoi (words[2]);
  instance->recovery = atoi (words[3]);
  instance->bus = g_strdup (words[4]);

  return instance;
}

static void
send_command (Instance   *instance,
              const char *command)
{
  fprintf (instance->in, "%s\n", command);
  fflush (instance->in);
}

static char *
ask (Instance   *instance,
     const char *command)
{
  send_command (instance, command);

  return read_answer (instance);
}

static void
assert_answer (Instance   *instance,
               const char *command,
               const char *expected)
{
  g_autofree char *answer = ask (instance, command);

  g_assert_cmpstr (answer, ==, expected);
}

static void
instance_end (Instance *instance,
              gboolean  kill_it)
{
  int status;

  /* The instance, not dbus-run-session, which then ends with its bus. */
  if (kill_it)
    kill (instance->instance_pid, SIGKILL);
  fclose (instance->in);
  fclose (instance->out);
  waitpid (instance->pid, &status, 0);
  g_spawn_close_pid (instance->pid);
  if (!kill_it)
    g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_free (instance->bus);
  g_free (instance);
}

/* The entries of the session stored in @dir, as an instance lists them. */
static char *
stored_entries (const char *dir)
{
  g_autofree char *json = fixture_read (dir, BLOOM_SESSION_STORE_CURRENT_NAME, NULL);
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) list = g_string_new (NULL);

  g_assert_nonnull (json);
  g_assert_true (bloom_state_load_json (session, json, -1, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < bloom_session_get_n_entries (session); i++)
    g_string_append_printf (list, "%s%s", i > 0 ? "," : "", bloom_session_get_entry (session, i, NULL));

  return g_string_free (g_steal_pointer (&list), FALSE);
}

static void
assert_stored (const char *dir,
               const char *expected)
{
  g_autofree char *entries = stored_entries (dir);

  g_assert_cmpstr (entries, ==, expected);
}

/* Two logins of one user, with their own buses. */
static void
assert_separate_buses (Instance *one,
                       Instance *two)
{
  if (!g_str_equal (one->bus, "-"))
    g_assert_cmpstr (one->bus, !=, two->bus);
}

/* The steps: A holds a1, a2; B starts, inserts b1; A inserts a3;
 * B inserts b2. A's a3 is refused and A is told, and nothing B stored is
 * lost; then each way out (Keep Mine, Load Theirs) loses nothing that was
 * acknowledged either. @b_first: the roles swapped (B holds the first
 * entries), so both orders are tried. */
static void
test_interleaved (gconstpointer data)
{
  gboolean b_first = GPOINTER_TO_INT (data);
  g_autofree char *dir = fixture_make_directory ();
  Instance *first = start_instance (dir);
  Instance *second;
  const char *f = b_first ? "b" : "a";
  const char *s = b_first ? "a" : "b";
  g_autofree char *f1 = g_strdup_printf ("insert %s1", f);
  g_autofree char *f2 = g_strdup_printf ("insert %s2", f);
  g_autofree char *f3 = g_strdup_printf ("insert %s3", f);
  g_autofree char *s1 = g_strdup_printf ("insert %s1", s);
  g_autofree char *s2 = g_strdup_printf ("insert %s2", s);
  g_autofree char *s3 = g_strdup_printf ("insert %s3", s);
  g_autofree char *expected = NULL;

  assert_answer (first, f1, "stored");
  assert_answer (first, f2, "stored");
  second = start_instance (dir);
  assert_separate_buses (first, second);
  g_assert_cmpuint (second->n_entries, ==, 2);

  assert_answer (second, s1, "stored");
  expected = g_strdup_printf ("%s1,%s2,%s1", f, f, s);
  assert_stored (dir, expected);

  /* Refused, and told; what the other stored stays. */
  assert_answer (first, f3, "conflict");
  assert_stored (dir, expected);
  assert_answer (second, s2, "stored");
  g_free (expected);
  expected = g_strdup_printf ("%s1,%s2,%s1,%s2", f, f, s, s);
  assert_stored (dir, expected);
  /* Refused stays refused until the user chooses. */
  assert_answer (first, "insert more", "conflict");
  assert_stored (dir, expected);

  /* Keep Mine: stored over theirs, as the user agreed; the other is
   * refused next, and told. */
  assert_answer (first, "keep-mine", "stored");
  g_free (expected);
  expected = g_strdup_printf ("%s1,%s2,%s3,more", f, f, f);
  assert_stored (dir, expected);
  assert_answer (second, s3, "conflict");
  assert_stored (dir, expected);

  /* Load Theirs: the other's session, and stored from there on. */
  assert_answer (second, "load-theirs", "loaded");
  assert_answer (second, "entries", expected);
  assert_answer (second, "insert last", "stored");
  g_free (expected);
  expected = g_strdup_printf ("%s1,%s2,%s3,more,last", f, f, f);
  assert_stored (dir, expected);

  instance_end (first, FALSE);
  instance_end (second, FALSE);
  fixture_remove_directory (dir);
}

/* Both start on an empty directory, neither having stored anything: the
 * first to store wins, the other is told (it expected no file), in
 * either order. */
static void
test_start_up (gconstpointer data)
{
  gboolean b_first = GPOINTER_TO_INT (data);
  g_autofree char *dir = fixture_make_directory ();
  Instance *a = start_instance (dir);
  Instance *b = start_instance (dir);
  Instance *winner = b_first ? b : a;
  Instance *loser = b_first ? a : b;

  assert_separate_buses (a, b);
  g_assert_cmpuint (a->n_entries, ==, 0);
  g_assert_cmpuint (b->n_entries, ==, 0);

  assert_answer (winner, "insert won", "stored");
  assert_answer (loser, "insert lost", "conflict");
  assert_stored (dir, "won");

  instance_end (a, FALSE);
  instance_end (b, FALSE);
  fixture_remove_directory (dir);
}

/* Both store at the same moment, many times: each time exactly one is
 * stored and the other told, and the file is the one acknowledged. */
static void
test_at_once (void)
{
  g_autofree char *dir = fixture_make_directory ();
  Instance *a = start_instance (dir);
  Instance *b = start_instance (dir);

  for (guint round = 0; round < 20; round++)
    {
      g_autofree char *a_command = g_strdup_printf ("insert a%u", round);
      g_autofree char *b_command = g_strdup_printf ("insert b%u", round);
      g_autofree char *a_answer = NULL;
      g_autofree char *b_answer = NULL;
      g_autofree char *a_entries = NULL;
      g_autofree char *b_entries = NULL;
      g_autofree char *stored = NULL;

      send_command (a, a_command);
      send_command (b, b_command);
      a_answer = read_answer (a);
      b_answer = read_answer (b);
      a_entries = ask (a, "entries");
      b_entries = ask (b, "entries");
      stored = stored_entries (dir);

      if (g_str_equal (a_answer, "stored"))
        {
          g_assert_cmpstr (b_answer, ==, "conflict");
          g_assert_cmpstr (stored, ==, a_entries);
          assert_answer (b, "load-theirs", "loaded");
        }
      else
        {
          g_assert_cmpstr (a_answer, ==, "conflict");
          g_assert_cmpstr (b_answer, ==, "stored");
          g_assert_cmpstr (stored, ==, b_entries);
          assert_answer (a, "load-theirs", "loaded");
        }
    }

  instance_end (a, FALSE);
  instance_end (b, FALSE);
  fixture_remove_directory (dir);
}

/* A session too large to store, restored from the recovery file and then
 * killed: the file is still there, and the next start offers it. */
static void
test_killed_after_restore (void)
{
  g_autofree char *dir = fixture_make_directory ();
  g_autoptr(BloomSession) large = bloom_session_new ();
  g_autofree char *json = NULL;
  Instance *instance;

  bloom_session_create_filter (large, 1024, 12, NULL);
  for (guint i = 0; i < 1024; i++)
    {
      g_autofree char *text = g_strdup_printf ("entry %04u ünïcödé 😀 中文 padding padding "
                                               "padding padding padding padding padding padding padding padding padding "
                                               "padding padding padding padding padding padding", i);

      bloom_session_insert (large, text, -1, NULL);
    }
  json = bloom_state_to_json (large, NULL);
  g_assert_cmpuint (bloom_state_count_chars (json, strlen (json)), >, BLOOM_STATE_MAX_STORED_CHARS);
  fixture_write (dir, BLOOM_SESSION_STORE_RECOVERY_NAME, json);

  instance = start_instance (dir);
  g_assert_true (instance->recovery);
  assert_answer (instance, "restore-recovery", "restored unsaved");
  assert_answer (instance, "insert one more", "unsaved");
  instance_end (instance, TRUE);

  instance = start_instance (dir);
  g_assert_true (instance->recovery);
  instance_end (instance, FALSE);

  fixture_remove_directory (dir);
}

int
main (int   argc,
      char *argv[])
{
  self_path = g_canonicalize_filename (argv[0], NULL);

  /* An instance inherits the isolated environment of the test. */
  if (argc == 3 && g_str_equal (argv[1], "--instance"))
    return run_instance (argv[2]);

  test_isolate_environment ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/two-instances/interleaved/a-first", GINT_TO_POINTER (FALSE),
                        test_interleaved);
  g_test_add_data_func ("/two-instances/interleaved/b-first", GINT_TO_POINTER (TRUE),
                        test_interleaved);
  g_test_add_data_func ("/two-instances/start-up/a-first", GINT_TO_POINTER (FALSE),
                        test_start_up);
  g_test_add_data_func ("/two-instances/start-up/b-first", GINT_TO_POINTER (TRUE),
                        test_start_up);
  g_test_add_func ("/two-instances/at-once", test_at_once);
  g_test_add_func ("/two-instances/killed-after-restore", test_killed_after_restore);

  return g_test_run ();
}
