/* bench-save.c — the main-loop time of storing a session just under the
 * limit of what is kept (BLOOM_STATE_MAX_STORED_CHARS, SPEC P2).
 *
 *   bench-save [--runs N] [--target-chars N]
 *
 * The session: m = 1024, k = 12, 1023 strings (mixed ASCII, accented Latin
 * and CJK, so bytes and characters differ) whose compact document is about
 * --target-chars (99400) characters. Every run changes the text draft
 * (toggling between "a" and "b", so the size stays the same and the stored
 * value really changes), then times bloom_session_store_save_now(): the
 * serialisation, the character count, the comparison with what is stored
 * and g_settings_set_string(). Then it lets the main loop run until 50 ms
 * pass with nothing to do and adds up the time spent dispatching what the
 * write left there ("deferred": change notifications, D-Bus replies, a
 * file monitor), since that too is main-loop time.
 *
 * Then each part alone, as many runs each: bloom_state_to_json(),
 * bloom_state_count_chars(), g_strcmp0() of two documents (what the store
 * does to skip an unchanged one) and g_settings_set_string().
 *
 * The GSettings backend is GLib's choice from GSETTINGS_BACKEND (memory,
 * keyfile, dconf); the one really in use is printed. GLib's keyfile
 * backend writes its file synchronously inside g_settings_set_string();
 * dconf sends the change to dconf-service over D-Bus and returns, so it
 * needs a session bus (dbus-run-session). GSETTINGS_SCHEMA_DIR must point
 * at the build's data/ for the schema.
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
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench-util.h"
#include "bloom-session-store.h"
#include "bloom-settings.h"

#define BENCH_M  1024
#define BENCH_K  12
#define N_ENTRIES (BLOOM_MAX_ENTRIES - 1)

/* The goal of the performance issue: main-loop time of one save, in ms. */
#define GOAL_MS 2.0

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
  g_autoptr(GArray) save_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) save_cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) set_cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) deferred_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) loop_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) to_json_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) count_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) compare_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) set_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) set_deferred_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *json_a = NULL;
  g_autofree char *json_b = NULL;
  g_autofree char *stored = NULL;
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

  /* As the app makes them, so the backend does what it does there. */
  settings = bloom_settings_new ();
  if (settings == NULL)
    {
      g_printerr ("bench-save: the schema %s is not found; set GSETTINGS_SCHEMA_DIR to the "
                  "build's data/ directory\n", APPLICATION_ID);
      return 1;
    }
  {
    g_autoptr(GObject) settings_backend = NULL;

    g_object_get (settings, "backend", &settings_backend, NULL);
    backend = G_OBJECT_TYPE_NAME (settings_backend);
  }

  session = build_session (target);
  chars = document_chars (session, &bytes);
  if (chars > BLOOM_STATE_MAX_STORED_CHARS)
    g_error ("bench-save: the document has %zu characters, over the limit", chars);

  store = bloom_session_store_new (session, settings);
  /* The first write may set things up (a file, a D-Bus name); not timed. */
  bloom_session_store_flush (store);
  settle ();
  g_rec_mutex_lock (bloom_settings_get_lock ());
  stored = g_settings_get_string (settings, "session");
  g_rec_mutex_unlock (bloom_settings_get_lock ());
  if (strlen (stored) != bytes)
    g_error ("bench-save: the store did not write the document (%zu of %zu bytes)",
             strlen (stored), bytes);

  /* The whole save, as the store's timeout or a close does it. */
  for (int i = 0; i < runs; i++)
    {
      gint64 start, start_cpu;
      double deferred, loop;

      bloom_session_set_text_draft (session, i % 2 == 0 ? "b" : "a");
      start_cpu = bench_thread_cpu_us ();
      start = now_us ();
      bloom_session_store_save_now (store);
      add (save_ms, start, now_us ());
      add (save_cpu_ms, start_cpu, bench_thread_cpu_us ());
      deferred = settle ();
      g_array_append_val (deferred_ms, deferred);
      /* The store's thread writes; wait for it, untimed, so the next save
       * does not queue behind this one. */
      bloom_session_store_flush (store);
      loop = g_array_index (save_ms, double, i) + deferred;
      g_array_append_val (loop_ms, loop);
    }
  g_clear_pointer (&stored, g_free);
  g_rec_mutex_lock (bloom_settings_get_lock ());
  stored = g_settings_get_string (settings, "session");
  g_rec_mutex_unlock (bloom_settings_get_lock ());
  if (strstr (stored, runs % 2 ? "\"text\":\"b\"" : "\"text\":\"a\"") == NULL)
    g_error ("bench-save: the last save is not what is stored");
  /* From here on the drafts change without the store: its delayed save
   * would fall into the figures of the parts. */
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

      if (i % 2 == 0)
        {
          g_free (json_b);
          json_b = g_steal_pointer (&json);
        }
      else
        {
          g_free (json_a);
          json_a = g_steal_pointer (&json);
        }
    }
  for (int i = 0; i < runs; i++)
    {
      volatile int differ;
      gint64 start = now_us ();

      differ = g_strcmp0 (json_a, json_b);
      add (compare_ms, start, now_us ());
      (void) differ;
    }
  for (int i = 0; i < runs; i++)
    {
      gint64 start_cpu = bench_thread_cpu_us ();
      gint64 start = now_us ();
      double deferred;

      g_rec_mutex_lock (bloom_settings_get_lock ());
      g_settings_set_string (settings, "session", i % 2 == 0 ? json_b : json_a);
      g_rec_mutex_unlock (bloom_settings_get_lock ());
      add (set_ms, start, now_us ());
      add (set_cpu_ms, start_cpu, bench_thread_cpu_us ());
      deferred = settle ();
      g_array_append_val (set_deferred_ms, deferred);
    }

  printf ("# save: GSettings backend %s (GSETTINGS_BACKEND=%s); document %zu characters, "
          "%zu bytes; m=%d k=%d entries=%u; %d runs\n",
          backend, g_getenv ("GSETTINGS_BACKEND") ? g_getenv ("GSETTINGS_BACKEND") : "",
          chars, bytes, BENCH_M, BENCH_K, bloom_session_get_n_entries (session), runs);
  report ("save_now", backend, save_ms);
  report ("save_now_cpu", backend, save_cpu_ms);
  report ("deferred", backend, deferred_ms);
  report ("main_loop_total", backend, loop_ms);
  report ("to_json", backend, to_json_ms);
  report ("count_chars", backend, count_ms);
  report ("strcmp", backend, compare_ms);
  report ("set_string", backend, set_ms);
  report ("set_string_cpu", backend, set_cpu_ms);
  report ("set_string_deferred", backend, set_deferred_ms);

  p50_loop = bench_quantile (loop_ms, 0.5);
  printf ("main-loop time of one save (save_now + deferred), p50: %.2f ms, p99: %.2f ms "
          "(goal ≤ %.0f ms): %s\n", p50_loop, bench_quantile (loop_ms, 0.99), GOAL_MS,
          bench_quantile (loop_ms, 0.99) <= GOAL_MS ? "goal met" : "goal missed");
  printf ("goal backend=%s chars=%zu bytes=%zu main_loop_p50_ms=%.4f main_loop_p99_ms=%.4f "
          "goal_ms=%.1f met=%s\n", backend, chars, bytes, p50_loop, bench_quantile (loop_ms, 0.99),
          GOAL_MS, bench_quantile (loop_ms, 0.99) <= GOAL_MS ? "yes" : "no");

  return 0;
}
