/* bench-save.c — the main-loop time of storing a session just under the
 * limit of what is kept (BLOOM_STATE_MAX_STORED_CHARS, SPEC P2), and the
 * time a quit waits for a pending save.
 *
 *   bench-save [--runs N] [--target-chars N]
 *
 * The session: m = 1024, k = 12, 1023 strings (mixed ASCII, accented Latin
 * and CJK, so bytes and characters differ) whose compact document is about
 * --target-chars (99400) characters. Every run changes the session (a
 * query of the first entry, which keeps its size), then times
 * bloom_session_store_save_now(): the serialisation, the character count
 * and starting GIO's asynchronous replace of the session file. Then it
 * lets the main loop run until 50 ms pass with nothing to do and adds up
 * the time spent dispatching what the write left there ("deferred": GIO's
 * callbacks as the write goes on), since that too is main-loop time. The
 * file is written by GIO's worker threads meanwhile; that time is not the
 * main loop's.
 *
 * "drafts" times the same call after a change of the text draft only:
 * the store applies its GSettings keys, which is all the backend's work
 * (GLib's keyfile backend writes its small file there and then).
 *
 * "quit" times bloom_session_store_flush() right after both changes, what
 * closing the window or a quit signal does with a save pending: the
 * serialisation, the write, its sync and rename, on this machine's disk.
 *
 * Then each part alone, as many runs each: bloom_state_to_json() and
 * bloom_state_count_chars().
 *
 * The session file goes to a temporary directory; the GSettings backend
 * (for the drafts) is GLib's choice from GSETTINGS_BACKEND, printed.
 * GSETTINGS_SCHEMA_DIR must point at the build's data/ for the schema.
 *
 * "_cpu" lines are the main thread's CPU time over the same calls: the
 * program's own work, which other load on the machine changes little.
 *
 * It prints p50, p99, min and max, as lines for the eye and lines starting
 * with "save " for scripts, and exits 0 whatever the times.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench-util.h"
#include "bloom-session-store.h"
#include "bloom-settings.h"

#define BENCH_M  1024
#define BENCH_K  12
#define N_ENTRIES (BLOOM_MAX_ENTRIES - 1)

/* The goals of the issue: main-loop time of one save, and of a quit with
 * a save pending, in ms. */
#define GOAL_MS      2.0
#define QUIT_GOAL_MS 100.0

/* Settled when nothing was dispatched for this long. */
#define SETTLE_QUIET_US (50 * 1000)
#define SETTLE_MAX_US   (3 * G_USEC_PER_SEC)

static gint64
now_us (void)
{
  return g_get_monotonic_time ();
}

/* Runs the main loop until nothing was dispatched for SETTLE_QUIET_US;
 * returns the time spent dispatching, in ms (the waits not counted). */
static double
settle (void)
{
  gint64 start = now_us ();
  gint64 last_busy = start;
  gint64 busy = 0;

  for (;;)
    {
      gint64 before = now_us ();

      if (g_main_context_iteration (NULL, FALSE))
        {
          gint64 after = now_us ();

          busy += after - before;
          last_busy = after;
          continue;
        }

      if (before - last_busy >= SETTLE_QUIET_US || before - start >= SETTLE_MAX_US)
        break;
      g_usleep (200);
    }

  return busy / 1000.0;
}

/* A string of @n_units UTF-16 units from a little LCG: 70 % ASCII letters
 * and spaces, 20 % accented Latin (2 bytes), 10 % CJK (3 bytes). */
static char *
make_string (guint    index,
             guint    n_units,
             guint32 *state)
{
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "%04u ", index);
  for (guint i = 5; i < n_units; i++)
    {
      guint32 r;

      *state = *state * 1664525u + 1013904223u;
      r = *state >> 8;
      if (r % 10 < 7)
        g_string_append_c (text, r % 7 == 0 ? ' ' : 'a' + (r / 10) % 26);
      else if (r % 10 < 9)
        g_string_append_unichar (text, 0xc0 + (r / 10) % 192);
      else
        g_string_append_unichar (text, 0x4e00 + (r / 10) % 20992);
    }

  return g_string_free (text, FALSE);
}

static gsize
document_chars (BloomSession *session,
                gsize        *bytes)
{
  gsize len = 0;
  g_autofree char *json = bloom_state_to_json (session, &len);

  if (bytes != NULL)
    *bytes = len;

  return bloom_state_count_chars (json, len);
}

/* 1023 strings whose document comes to about @target characters. */
static BloomSession *
build_session (gsize target)
{
  BloomSession *session = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  guint32 state = 0x2545f491u;
  gsize chars;

  bloom_session_set_m_draft (session, G_STRINGIFY (BENCH_M));
  bloom_session_set_k_draft (session, G_STRINGIFY (BENCH_K));
  bloom_session_set_text_draft (session, "a");
  if (!bloom_session_create_filter (session, BENCH_M, BENCH_K, &error))
    g_error ("bench-save: %s", error->message);

  chars = document_chars (session, NULL);
  for (guint i = 0; i < N_ENTRIES; i++)
    {
      /* Spread what is left over the strings still to come; a string
       * costs its units, two quotes and a comma. */
      gssize left = (gssize) target - (gssize) chars;
      gssize units = left / (gssize) (N_ENTRIES - i) - 3;
      g_autofree char *text = make_string (i, CLAMP (units, 6, BLOOM_TEXT_MAX_UNITS), &state);

      if (bloom_session_insert (session, text, -1, &error) == NULL)
        g_error ("bench-save: %s", error->message);
      chars = document_chars (session, NULL);
    }

  return session;
}

static void
report (const char *what,
        const char *backend,
        GArray     *ms)
{
  printf ("%-22s p50 %7.3f ms  p99 %7.3f ms  min %7.3f  max %7.3f\n", what,
          bench_quantile (ms, 0.5), bench_quantile (ms, 0.99), bench_quantile (ms, 0), bench_quantile (ms, 1));
  printf ("save backend=%s what=%s n=%u p50_ms=%.4f p99_ms=%.4f min_ms=%.4f max_ms=%.4f\n",
          backend, what, ms->len, bench_quantile (ms, 0.5), bench_quantile (ms, 0.99), bench_quantile (ms, 0),
          bench_quantile (ms, 1));
}

static void
add (GArray *array,
     gint64  start,
     gint64  end)
{
  double ms = (end - start) / 1000.0;

  g_array_append_val (array, ms);
}

/* A change that keeps the size: the first entry is queried again (a
 * member: no counter moves). */
static void
change (BloomSession *session)
{
  gsize len = 0;
  const char *first = bloom_session_get_entry (session, 0, &len);

  if (bloom_session_query (session, first, len, NULL) == NULL)
    g_error ("bench-save: the query failed");
}

static char *
read_stored (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, BLOOM_SESSION_STORE_CURRENT_NAME, NULL);
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return g_strdup ("");

  return contents;
}

int
main (int   argc,
      char *argv[])
{
  int runs = 101;
  int target = 99400;
  GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Timed saves, and runs of each part", "N" },
    { "target-chars", 0, 0, G_OPTION_ARG_INT, &target, "Document size to build", "CHARS" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(BloomSession) session = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(BloomSessionStore) store = NULL;
  g_autoptr(GFile) directory = NULL;
  g_autoptr(GArray) save_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) save_cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) deferred_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) loop_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) drafts_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) quit_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) to_json_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) count_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *dir = NULL;
  g_autofree char *stored = NULL;
  g_autofree char *expected = NULL;
  const char *backend;
  gsize chars, bytes = 0;
  double p50_loop;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || runs < 1 ||
      target > BLOOM_STATE_MAX_STORED_CHARS)
    {
      g_printerr ("bench-save: %s\n", error ? error->message : "bad numbers");
      return 2;
    }

  /* As the app makes them. */
  settings = bloom_settings_new ();
  {
    g_autoptr(GObject) settings_backend = NULL;

    g_object_get (settings, "backend", &settings_backend, NULL);
    backend = G_OBJECT_TYPE_NAME (settings_backend);
  }

  dir = g_dir_make_tmp ("bench-save-XXXXXX", &error);
  if (dir == NULL)
    g_error ("bench-save: %s", error->message);
  directory = g_file_new_for_path (dir);

  session = build_session (target);
  chars = document_chars (session, &bytes);
  if (chars > BLOOM_STATE_MAX_STORED_CHARS)
    g_error ("bench-save: the document has %zu characters, over the limit", chars);

  store = bloom_session_store_new_for_directory (session, settings, directory);
  bloom_session_store_restore (store, NULL);
  /* The first write makes the file; not timed. */
  change (session);
  bloom_session_store_flush (store);
  settle ();

  /* The whole save, as the store's timeout or a close starts it. */
  for (int i = 0; i < runs; i++)
    {
      gint64 start, start_cpu;
      double deferred, loop;

      change (session);
      start_cpu = bench_thread_cpu_us ();
      start = now_us ();
      bloom_session_store_save_now (store);
      add (save_ms, start, now_us ());
      add (save_cpu_ms, start_cpu, bench_thread_cpu_us ());
      deferred = settle ();
      g_array_append_val (deferred_ms, deferred);
      /* Written by now (settled); waits only if not, untimed. */
      bloom_session_store_flush (store);
      loop = g_array_index (save_ms, double, i) + deferred;
      g_array_append_val (loop_ms, loop);
    }
  stored = read_stored (dir);
  expected = bloom_state_to_json (session, NULL);
  if (g_strcmp0 (stored, expected) != 0)
    g_error ("bench-save: the last save is not what is stored");

  /* The drafts alone. */
  for (int i = 0; i < runs; i++)
    {
      gint64 start;

      bloom_session_set_text_draft (session, i % 2 == 0 ? "b" : "a");
      start = now_us ();
      bloom_session_store_save_now (store);
      add (drafts_ms, start, now_us ());
      settle ();
    }

  /* A quit with a save pending. */
  for (int i = 0; i < runs; i++)
    {
      gint64 start;

      bloom_session_set_text_draft (session, i % 2 == 0 ? "a" : "b");
      change (session);
      start = now_us ();
      bloom_session_store_flush (store);
      add (quit_ms, start, now_us ());
      settle ();
    }
  g_clear_pointer (&stored, g_free);
  g_clear_pointer (&expected, g_free);
  stored = read_stored (dir);
  expected = bloom_state_to_json (session, NULL);
  if (g_strcmp0 (stored, expected) != 0)
    g_error ("bench-save: the last quit did not store the session");
  /* From here on the session changes without the store. */
  g_clear_object (&store);

  /* Each part alone. */
  for (int i = 0; i < runs; i++)
    {
      gsize len;
      g_autofree char *json = NULL;
      gint64 start;

      bloom_session_set_text_draft (session, i % 2 == 0 ? "b" : "a");
      start = now_us ();
      json = bloom_state_to_json (session, &len);
      add (to_json_ms, start, now_us ());

      start = now_us ();
      chars = bloom_state_count_chars (json, len);
      add (count_ms, start, now_us ());
    }

  printf ("# save: session file in %s, GSettings backend %s (GSETTINGS_BACKEND=%s); document %zu "
          "characters, %zu bytes; m=%d k=%d entries=%u; %d runs\n",
          dir, backend, g_getenv ("GSETTINGS_BACKEND") ? g_getenv ("GSETTINGS_BACKEND") : "",
          chars, bytes, BENCH_M, BENCH_K, bloom_session_get_n_entries (session), runs);
  report ("save_now", backend, save_ms);
  report ("save_now_cpu", backend, save_cpu_ms);
  report ("deferred", backend, deferred_ms);
  report ("main_loop_total", backend, loop_ms);
  report ("drafts", backend, drafts_ms);
  report ("quit_flush", backend, quit_ms);
  report ("to_json", backend, to_json_ms);
  report ("count_chars", backend, count_ms);

  p50_loop = bench_quantile (loop_ms, 0.5);
  printf ("main-loop time of one save (save_now + deferred), p50: %.2f ms, p99: %.2f ms "
          "(goal ≤ %.0f ms): %s\n", p50_loop, bench_quantile (loop_ms, 0.99), GOAL_MS,
          bench_quantile (loop_ms, 0.99) <= GOAL_MS ? "goal met" : "goal missed");
  printf ("quit with a save pending, p50: %.2f ms, p99: %.2f ms (goal ≤ %.0f ms): %s\n",
          bench_quantile (quit_ms, 0.5), bench_quantile (quit_ms, 0.99), QUIT_GOAL_MS,
          bench_quantile (quit_ms, 0.99) <= QUIT_GOAL_MS ? "goal met" : "goal missed");
  printf ("goal backend=%s chars=%zu bytes=%zu main_loop_p50_ms=%.4f main_loop_p99_ms=%.4f "
          "goal_ms=%.1f met=%s quit_p50_ms=%.4f quit_p99_ms=%.4f quit_goal_ms=%.1f quit_met=%s\n",
          backend, chars, bytes, p50_loop, bench_quantile (loop_ms, 0.99), GOAL_MS,
          bench_quantile (loop_ms, 0.99) <= GOAL_MS ? "yes" : "no",
          bench_quantile (quit_ms, 0.5), bench_quantile (quit_ms, 0.99), QUIT_GOAL_MS,
          bench_quantile (quit_ms, 0.99) <= QUIT_GOAL_MS ? "yes" : "no");

  {
    g_autofree char *current = g_build_filename (dir, BLOOM_SESSION_STORE_CURRENT_NAME, NULL);
    g_autofree char *previous = g_build_filename (dir, BLOOM_SESSION_STORE_PREVIOUS_NAME, NULL);

    g_unlink (current);
    g_unlink (previous);
    g_rmdir (dir);
  }

  return 0;
}
