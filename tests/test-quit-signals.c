/* test-quit-signals.c — the app ended from outside (logout, shutdown,
 * kill: SIGTERM; Ctrl+C: SIGINT; a closed terminal: SIGHUP) 100 ms after a
 * change keeps the change, 20 times over, in a real process
 * (quit-signal-helper); a session over the limit of SPEC P2 leaves the
 * stored copy as it was and goes whole to the recovery file, which the
 * next start offers. Needs a display, like the window tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <signal.h>
#include <string.h>

#include "bloom-session-store.h"
#include "bloom-settings.h"
#include "storage-fixture.h"
#include "test-isolation.h"

#define N_TRIALS 20

typedef struct
{
  char *state_home;
  char *store_dir;
} Fixture;

static void
set_up (Fixture       *fixture,
        gconstpointer  data)
{
  fixture->state_home = fixture_make_directory ();
  fixture->store_dir = g_build_filename (fixture->state_home, "bloom-lab", NULL);
}

static void
tear_down (Fixture       *fixture,
           gconstpointer  data)
{
  fixture_remove_directory (fixture->state_home);
  g_clear_pointer (&fixture->store_dir, g_free);
  g_clear_pointer (&fixture->state_home, g_free);
}

/* The app with its state under @fixture, once it has made its change. */
static GSubprocess *
start_app (Fixture    *fixture,
           const char *mode,
           const char *text)
{
  g_autofree char *helper = g_test_build_filename (G_TEST_BUILT, "quit-signal-helper", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr(GDataInputStream) output = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  GSubprocess *app;

  g_subprocess_launcher_setenv (launcher, "XDG_STATE_HOME", fixture->state_home, TRUE);
  app = g_subprocess_launcher_spawn (launcher, &error, helper, mode, text, NULL);
  g_assert_no_error (error);

  output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (app));
  line = g_data_input_stream_read_line (output, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (line, ==, "ready");

  return app;
}

/* Sends @signum 100 ms after the change; the app must end by itself, at
 * once, successfully. Returns how long it took after the signal, in µs. */
static gint64
end_app (GSubprocess *app,
         int          signum)
{
  g_autoptr(GError) error = NULL;
  gint64 start;

  g_usleep (100 * 1000);
  start = g_get_monotonic_time ();
  g_subprocess_send_signal (app, signum);
  g_subprocess_wait (app, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (app));
  g_assert_cmpint (g_subprocess_get_exit_status (app), ==, 0);

  return g_get_monotonic_time () - start;
}

static BloomSession *
load_copy (Fixture    *fixture,
           const char *name,
           char      **contents)
{
  g_autofree char *json = fixture_read (fixture->store_dir, name, NULL);
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (json);
  bloom_state_load_json (session, json, -1, &error);
  g_assert_no_error (error);
  if (contents != NULL)
    *contents = g_steal_pointer (&json);

  return g_steal_pointer (&session);
}

static void
assert_entries (BloomSession *session,
                GPtrArray    *expected)
{
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    g_assert_cmpstr (bloom_session_get_entry (session, i, NULL), ==, g_ptr_array_index (expected, i));
}

/* Each insert is stored although the signal comes long before the store's
 * delay would have stored it. */
static void
test_signals_keep_changes (Fixture       *fixture,
                           gconstpointer  data)
{
  static const struct { int signum; const char *name; } others[] = {
    { SIGINT, "SIGINT" }, { SIGHUP, "SIGHUP" },
  };
  g_autoptr(GPtrArray) inserted = g_ptr_array_new_with_free_func (g_free);
  gint64 slowest = 0;

  for (guint trial = 0; trial < N_TRIALS + G_N_ELEMENTS (others); trial++)
    {
      gboolean sigterm = trial < N_TRIALS;
      g_autofree char *text = sigterm ? g_strdup_printf ("trial %u: ünïcödé 😀", trial)
                                      : g_strdup (others[trial - N_TRIALS].name);
      g_autoptr(GSubprocess) app = start_app (fixture, "insert", text);
      g_autoptr(BloomSession) stored = NULL;
      gint64 exit_us = end_app (app, sigterm ? SIGTERM : others[trial - N_TRIALS].signum);

      slowest = MAX (slowest, exit_us);
      g_ptr_array_add (inserted, g_steal_pointer (&text));

      stored = load_copy (fixture, BLOOM_SESSION_STORE_CURRENT_NAME, NULL);
      assert_entries (stored, inserted);
    }

  g_test_message ("slowest exit after a signal: %.1f ms", slowest / 1000.0);
}

/* Nobody can be asked at a signal: the copy stored before stays (SPEC P2)
 * and the whole session goes to the recovery file, offered at the next
 * start. */
static void
test_signal_over_limit (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *stored_before = NULL;
  g_autofree char *stored_after = NULL;
  g_autoptr(BloomSession) recovered = NULL;

  {
    g_autoptr(GSubprocess) app = start_app (fixture, "insert", "kiwi");
    g_autoptr(BloomSession) stored = NULL;

    end_app (app, SIGTERM);
    stored = load_copy (fixture, BLOOM_SESSION_STORE_CURRENT_NAME, &stored_before);
    g_assert_cmpuint (bloom_session_get_n_entries (stored), ==, 1);
  }
  {
    g_autoptr(GSubprocess) app = start_app (fixture, "over-limit", NULL);
    g_autoptr(BloomSession) stored = NULL;

    end_app (app, SIGTERM);
    g_clear_object (&stored);
    stored = load_copy (fixture, BLOOM_SESSION_STORE_CURRENT_NAME, &stored_after);
    g_assert_cmpstr (stored_after, ==, stored_before);
  }

  recovered = load_copy (fixture, BLOOM_SESSION_STORE_RECOVERY_NAME, NULL);
  g_assert_cmpuint (bloom_session_get_n_entries (recovered), ==, BLOOM_MAX_ENTRIES);

  /* The next start offers it. */
  {
    g_autoptr(GSettings) settings = bloom_settings_new ();
    g_autoptr(BloomSession) session = bloom_session_new ();
    g_autoptr(GFile) directory = g_file_new_for_path (fixture->store_dir);
    g_autoptr(BloomSessionStore) store = bloom_session_store_new_for_directory (session, settings,
                                                                                directory);

    g_assert_true (bloom_session_store_restore (store, NULL));
    g_assert_true (bloom_session_store_get_recovery_available (store));
    g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 1);
  }
}

int
main (int   argc,
      char *argv[])
{
  test_isolate_environment ();
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/quit-signals/keep-changes", Fixture, NULL, set_up,
              test_signals_keep_changes, tear_down);
  g_test_add ("/quit-signals/over-limit", Fixture, NULL, set_up,
              test_signal_over_limit, tear_down);

  return g_test_run ();
}
