/* test-sample.c — the random-sample experiment: the Wilson interval, the
 * generator against published values and sample-vectors.json, the rate
 * against the fill-based estimate, purity and cancellation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "bloom-model.h"
#include "test-util.h"

static JsonObject *vectors;

static guint64
seed_member (JsonObject *object)
{
  return g_ascii_strtoull (json_object_get_string_member (object, "seed"), NULL, 10);
}

static void
assert_interval (guint  successes,
                 guint  trials,
                 double z,
                 double low,
                 double high,
                 double epsilon)
{
  double got_low = -1, got_high = -1;

  bloom_wilson_interval (successes, trials, z, &got_low, &got_high);
  g_assert_cmpfloat_with_epsilon (got_low, low, epsilon);
  g_assert_cmpfloat_with_epsilon (got_high, high, epsilon);
}

/* Newcombe, "Two-sided confidence intervals for the single proportion",
 * Statistics in Medicine 17 (1998), Table I, method 3 (score), to the four
 * places printed there; and full-precision values of the textbook form
 * (p̂ + z²/2n ± z·√(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n). */
static void
test_wilson (void)
{
  double low = -1, high = -1;

  assert_interval (81, 263, BLOOM_Z_95, 0.2553, 0.3662, 5e-5);
  assert_interval (15, 148, BLOOM_Z_95, 0.0624, 0.1605, 5e-5);
  assert_interval (0, 20, BLOOM_Z_95, 0.0, 0.1611, 5e-5);
  assert_interval (1, 29, BLOOM_Z_95, 0.0061, 0.1718, 5e-5);

  assert_interval (5, 10, BLOOM_Z_95, 0.236593090512564, 0.7634069094874361, 1e-12);
  assert_interval (1, 100000, BLOOM_Z_95, 1.7652477303783126e-06, 5.664709659040966e-05, 1e-15);
  assert_interval (50000, 100000, BLOOM_Z_95, 0.49690108435968966, 0.5030989156403103, 1e-12);
  assert_interval (5, 10, BLOOM_Z_999, 0.13949095442041887, 0.8605090455795812, 1e-12);
  assert_interval (8614, 100000, BLOOM_Z_999, 0.0832651256329756, 0.08910448659490892, 1e-12);

  /* The ends are exact: x = 0 gives 0, x = n gives 1, and no trials
   * give [0, 1]. */
  bloom_wilson_interval (0, 10, BLOOM_Z_95, &low, &high);
  g_assert_true (low == 0.0);
  g_assert_cmpfloat_with_epsilon (high, 0.2775327998628892, 1e-12);
  bloom_wilson_interval (10, 10, BLOOM_Z_95, &low, &high);
  g_assert_cmpfloat_with_epsilon (low, 0.7224672001371107, 1e-12);
  g_assert_true (high == 1.0);
  /* There the formula itself rounds to 1 + 2⁻⁵² and 1 − 2⁻⁵³. */
  bloom_wilson_interval (16, 16, BLOOM_Z_95, &low, &high);
  g_assert_true (high == 1.0);
  bloom_wilson_interval (29, 29, BLOOM_Z_95, &low, &high);
  g_assert_true (high == 1.0);
  bloom_wilson_interval (0, 0, BLOOM_Z_95, &low, &high);
  g_assert_true (low == 0.0 && high == 1.0);
}

/* SplitMix64's published outputs (splitmix64_reference in the vectors)
 * turned into characters by hand here: the first string of that seed. */
static void
test_published_generator (void)
{
  JsonObject *reference = json_object_get_object_member (vectors, "splitmix64_reference");
  JsonArray *outputs = json_object_get_array_member (reference, "outputs");
  guint n = json_array_get_length (outputs);
  g_auto(GStrv) strings = bloom_sample_strings (seed_member (reference), n, 1);
  g_autofree char *expected = g_malloc0 (n + 1);

  g_assert_cmpuint (n, ==, 5);
  for (guint i = 0; i < n; i++)
    {
      guint64 x = g_ascii_strtoull (json_array_get_string_element (outputs, i), NULL, 10);

      expected[i] = (char) (0x20 + (((x >> 32) * 95) >> 32));
    }

  g_assert_cmpuint (g_strv_length (strings), ==, 1);
  g_assert_cmpstr (strings[0], ==, expected);
}

static void
test_string_vectors (void)
{
  JsonArray *cases = json_object_get_array_member (vectors, "strings");

  g_assert_cmpuint (json_array_get_length (cases), >=, 5);

  for (guint c = 0; c < json_array_get_length (cases); c++)
    {
      JsonObject *vector = json_array_get_object_element (cases, c);
      JsonArray *first = json_object_get_array_member (vector, "first");
      guint length = json_object_get_int_member (vector, "length");
      guint n = json_array_get_length (first);
      g_auto(GStrv) strings = bloom_sample_strings (seed_member (vector), length, n);

      g_assert_cmpuint (g_strv_length (strings), ==, n);
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpuint (strlen (strings[i]), ==, length);
          g_assert_cmpstr (strings[i], ==, json_array_get_string_element (first, i));
        }
    }
}

static BloomSession *
session_with_entries (guint      m,
                      guint      k,
                      JsonArray *entries)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GError) error = NULL;

  bloom_session_create_filter (session, m, k, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      bloom_session_insert (session, json_array_get_string_element (entries, i), -1, &error);
      g_assert_no_error (error);
    }

  return g_steal_pointer (&session);
}

static void
test_run_vectors (void)
{
  JsonArray *runs = json_object_get_array_member (vectors, "runs");

  g_assert_cmpuint (json_array_get_length (runs), >=, 4);

  for (guint r = 0; r < json_array_get_length (runs); r++)
    {
      JsonObject *run = json_array_get_object_element (runs, r);
      guint m = json_object_get_int_member (run, "m");
      guint k = json_object_get_int_member (run, "k");
      g_autoptr(BloomSession) session =
        session_with_entries (m, k, json_object_get_array_member (run, "entries"));
      g_autoptr(BloomSampler) sampler = NULL;
      g_autoptr(GError) error = NULL;
      BloomSampleResult result;
      double rate = -1;

      sampler = bloom_sampler_new_for_session (session, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (bloom_sampler_get_m (sampler), ==, m);
      g_assert_cmpuint (bloom_sampler_get_k (sampler), ==, k);
      g_assert_cmpuint (bloom_sampler_get_n_entries (sampler), ==,
                        json_object_get_int_member (run, "n_entries"));

      g_assert_true (bloom_sampler_sample (sampler, json_object_get_int_member (run, "n_samples"),
                                           json_object_get_int_member (run, "length"),
                                           seed_member (run), BLOOM_Z_95, &result, NULL, &error));
      g_assert_no_error (error);

      g_assert_cmpuint (result.m, ==, m);
      g_assert_cmpuint (result.k, ==, k);
      g_assert_cmpuint (result.n_entries, ==, json_object_get_int_member (run, "n_entries"));
      g_assert_cmpuint (result.bits_set, ==, json_object_get_int_member (run, "bits_set"));
      g_assert_cmpuint (result.length, ==, json_object_get_int_member (run, "length"));
      g_assert_cmpuint (result.seed, ==, seed_member (run));
      g_assert_cmpuint (result.n_samples, ==, json_object_get_int_member (run, "n_samples"));
      g_assert_cmpuint (result.n_skipped, ==, json_object_get_int_member (run, "n_skipped"));
      g_assert_cmpuint (result.n_queries, ==, result.n_samples - result.n_skipped);
      g_assert_cmpuint (result.n_false_positives, ==,
                        json_object_get_int_member (run, "n_false_positives"));

      g_assert_cmpfloat (result.z, ==, BLOOM_Z_95);
      g_assert_true (bloom_sample_result_get_rate (&result, &rate));
      g_assert_cmpfloat (rate, ==, (double) result.n_false_positives / result.n_queries);
      g_assert_cmpfloat (result.low, <=, rate);
      g_assert_cmpfloat (rate, <=, result.high);
      g_assert_cmpfloat (result.ideal_rate, ==, bloom_rate_approximate (m, k, result.n_entries));
      g_assert_cmpfloat (result.finite_rate, ==, bloom_rate_exact (m, k, result.n_entries));
      g_assert_cmpfloat (result.fill_rate, ==, bloom_rate_from_fill (m, k, result.bits_set));
    }
}

static void
test_sweep_vectors (void)
{
  JsonArray *sweeps = json_object_get_array_member (vectors, "sweeps");

  g_assert_cmpuint (json_array_get_length (sweeps), >=, 2);

  for (guint s = 0; s < json_array_get_length (sweeps); s++)
    {
      JsonObject *sweep = json_array_get_object_element (sweeps, s);
      JsonArray *expected = json_object_get_array_member (sweep, "points");
      guint m = json_object_get_int_member (sweep, "m");
      guint k = json_object_get_int_member (sweep, "k");
      g_autoptr(BloomSampler) sampler = bloom_sampler_new (m, k);
      g_autoptr(GPtrArray) points = NULL;
      g_autoptr(GError) error = NULL;

      points = bloom_sampler_sweep (sampler, json_object_get_int_member (sweep, "n_max"),
                                    json_object_get_int_member (sweep, "n_steps"),
                                    json_object_get_int_member (sweep, "n_samples"),
                                    json_object_get_int_member (sweep, "length"),
                                    seed_member (sweep), BLOOM_Z_95, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (points->len, ==, json_array_get_length (expected));

      for (guint i = 0; i < points->len; i++)
        {
          const BloomSampleResult *point = g_ptr_array_index (points, i);
          JsonObject *want = json_array_get_object_element (expected, i);

          g_assert_cmpuint (point->m, ==, m);
          g_assert_cmpuint (point->k, ==, k);
          g_assert_cmpuint (point->n_entries, ==, json_object_get_int_member (want, "n"));
          g_assert_cmpuint (point->bits_set, ==, json_object_get_int_member (want, "bits_set"));
          g_assert_cmpuint (point->n_samples, ==, json_object_get_int_member (sweep, "n_samples"));
          g_assert_cmpuint (point->n_skipped, ==, json_object_get_int_member (want, "n_skipped"));
          g_assert_cmpuint (point->n_false_positives, ==,
                            json_object_get_int_member (want, "n_false_positives"));
          g_assert_cmpfloat (point->ideal_rate, ==, bloom_rate_approximate (m, k, point->n_entries));
        }
    }
}

/* The check of the teaching hash: at m = 1024, k = 4 with 200
 * random entries, 100000 samples measure a rate whose 99.9 % interval
 * holds (X/m)^k. It would not hold at k = 2 or 3: FNV-1a keeps the lowest
 * set bit of h1 − h2, so h2 mod 4 follows from h1 mod 4, and with m a
 * multiple of 4 the second position only ever lands on bits ≡ 0 or 3
 * (mod 4); k = 4 visits all four classes evenly. */
static void
test_rate_matches_fill (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSampler) sampler = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) entries = bloom_sample_strings (1, BLOOM_SAMPLE_LENGTH_DEFAULT, 200);
  BloomSampleResult result;

  bloom_session_create_filter (session, 1024, 4, &error);
  g_assert_no_error (error);
  for (guint i = 0; entries[i] != NULL; i++)
    {
      bloom_session_insert (session, entries[i], -1, &error);
      g_assert_no_error (error);
    }
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 200);

  sampler = bloom_sampler_new_for_session (session, &error);
  g_assert_no_error (error);
  g_assert_true (bloom_sampler_sample (sampler, BLOOM_SAMPLE_SIZE_MAX, BLOOM_SAMPLE_LENGTH_DEFAULT,
                                       2, BLOOM_Z_999, &result, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (result.n_queries, ==, BLOOM_SAMPLE_SIZE_MAX);
  g_assert_cmpfloat (result.fill_rate, ==, bloom_session_get_fill_rate (session));
  g_test_message ("x/N = %u/%u, 99.9 %% interval [%.5f, %.5f], (X/m)^k = %.5f",
                  result.n_false_positives, result.n_queries, result.low, result.high,
                  result.fill_rate);
  g_assert_true (bloom_sample_result_contains (&result, result.fill_rate));
}

/* A drawn string that is stored is skipped, not a false positive: with
 * every one-character string stored, a sample of them queries nothing. */
static void
test_skip_entries (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSampler) sampler = NULL;
  g_autoptr(GError) error = NULL;
  BloomSampleResult result;
  double rate = -1;

  bloom_session_create_filter (session, 1024, 4, &error);
  g_assert_no_error (error);
  for (char c = 0x20; c <= 0x7e; c++)
    {
      bloom_session_insert (session, &c, 1, &error);
      g_assert_no_error (error);
    }

  sampler = bloom_sampler_new_for_session (session, &error);
  g_assert_no_error (error);
  g_assert_true (bloom_sampler_sample (sampler, 1000, 1, 5, BLOOM_Z_95, &result, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (result.n_samples, ==, 1000);
  g_assert_cmpuint (result.n_skipped, ==, 1000);
  g_assert_cmpuint (result.n_queries, ==, 0);
  g_assert_cmpuint (result.n_false_positives, ==, 0);
  g_assert_false (bloom_sample_result_get_rate (&result, &rate));
  g_assert_cmpfloat (rate, ==, -1);
  g_assert_true (result.low == 0.0 && result.high == 1.0);
}

static void
count_emission (guint *count)
{
  (*count)++;
}

/* A busy session: entries, both counters, a last operation, drafts. */
static BloomSession *
busy_session (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) entries = bloom_sample_strings (11, 6, 40);

  bloom_session_set_m_draft (session, "256");
  bloom_session_set_k_draft (session, "3");
  bloom_session_create_filter (session, 256, 3, &error);
  g_assert_no_error (error);
  for (guint i = 0; entries[i] != NULL; i++)
    {
      bloom_session_insert (session, entries[i], -1, &error);
      g_assert_no_error (error);
    }
  bloom_session_query (session, "not stored", -1, &error);
  g_assert_no_error (error);
  bloom_session_query (session, entries[3], -1, &error);
  g_assert_no_error (error);

  return g_steal_pointer (&session);
}

/* Sampling reads the session and nothing else: the same document before
 * and after, and not one signal. */
static void
test_pure_read (void)
{
  g_autoptr(BloomSession) session = busy_session ();
  g_autoptr(BloomSampler) sampler = NULL;
  g_autoptr(GPtrArray) points = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = bloom_state_to_json (session, NULL);
  g_autofree char *after = NULL;
  BloomOperation *last = bloom_session_get_last_operation (session);
  guint n_changed = 0, n_notify = 0;
  BloomSampleResult result;

  g_signal_connect_swapped (session, "changed", G_CALLBACK (count_emission), &n_changed);
  g_signal_connect_swapped (session, "notify", G_CALLBACK (count_emission), &n_notify);

  sampler = bloom_sampler_new_for_session (session, &error);
  g_assert_no_error (error);
  g_assert_true (bloom_sampler_sample (sampler, BLOOM_SAMPLE_SIZE_MAX, 6, 11, BLOOM_Z_95,
                                       &result, NULL, &error));
  g_assert_no_error (error);
  /* Seed 11 draws the entries first: they must be skipped, not counted. */
  g_assert_cmpuint (result.n_skipped, >=, 40);
  points = bloom_sampler_sweep (sampler, 100, 5, 1000, 6, 11, BLOOM_Z_95, NULL, &error);
  g_assert_no_error (error);

  after = bloom_state_to_json (session, NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (bloom_session_get_last_operation (session) == last);
  g_assert_cmpuint (n_changed, ==, 0);
  g_assert_cmpuint (n_notify, ==, 0);
}

/* The snapshot is taken at creation: later changes to the session do not
 * reach a sampler, so a worker thread never reads a changing session. */
static void
test_snapshot (void)
{
  g_autoptr(BloomSession) session = busy_session ();
  g_autoptr(BloomSampler) sampler = NULL;
  g_autoptr(GError) error = NULL;
  BloomSampleResult before, after;

  sampler = bloom_sampler_new_for_session (session, &error);
  g_assert_no_error (error);
  g_assert_true (bloom_sampler_sample (sampler, 5000, 2, 3, BLOOM_Z_95, &before, NULL, &error));

  bloom_session_reset (session);
  bloom_session_insert_example (session, &error);
  g_assert_no_error (error);

  g_assert_true (bloom_sampler_sample (sampler, 5000, 2, 3, BLOOM_Z_95, &after, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (&before, sizeof before, &after, sizeof after);
  g_assert_cmpuint (after.n_entries, ==, 40);
}

static void
test_no_filter (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSampler) sampler = NULL;
  g_autoptr(GError) error = NULL;

  sampler = bloom_sampler_new_for_session (session, &error);
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_NO_FILTER);
  g_assert_null (sampler);
}

/* A result a run never wrote stays as it was. */
static void
fill_pattern (BloomSampleResult *result)
{
  memset (result, 0xa5, sizeof *result);
}

static void
test_cancel_before (void)
{
  g_autoptr(BloomSession) session = busy_session ();
  g_autoptr(BloomSampler) sampler = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GPtrArray) points = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = bloom_state_to_json (session, NULL);
  g_autofree char *after = NULL;
  BloomSampleResult result, untouched;

  sampler = bloom_sampler_new_for_session (session, &error);
  g_assert_no_error (error);
  g_cancellable_cancel (cancellable);

  fill_pattern (&result);
  fill_pattern (&untouched);
  g_assert_false (bloom_sampler_sample (sampler, BLOOM_SAMPLE_SIZE_MIN, 8, 1, BLOOM_Z_95,
                                        &result, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpmem (&result, sizeof result, &untouched, sizeof untouched);
  g_clear_error (&error);

  points = bloom_sampler_sweep (sampler, 1, 1, BLOOM_SAMPLE_SIZE_MIN, 8, 1, BLOOM_Z_95,
                                cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (points);

  after = bloom_state_to_json (session, NULL);
  g_assert_cmpstr (after, ==, before);
}

typedef struct
{
  GMainLoop *loop;
  GError    *error;
  GPtrArray *points;
  gboolean   done;
} AsyncRun;

static void
sweep_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  AsyncRun *run = user_data;

  run->points = bloom_sampler_sweep_finish (BLOOM_SAMPLER (source), result, &run->error);
  run->done = TRUE;
  g_main_loop_quit (run->loop);
}

typedef struct
{
  BloomSampler *sampler;
  GCancellable *cancellable;
} Canceller;

static gboolean
cancel_when_started (gpointer user_data)
{
  Canceller *canceller = user_data;

  if (bloom_sampler_get_progress (canceller->sampler) == 0.0)
    return G_SOURCE_CONTINUE;

  g_cancellable_cancel (canceller->cancellable);

  return G_SOURCE_REMOVE;
}

/* Cancelled while it runs in its thread: the sweep stops with
 * G_IO_ERROR_CANCELLED long before its end, and the session is as it was. */
static void
test_cancel_while_running (void)
{
  g_autoptr(BloomSession) session = busy_session ();
  g_autoptr(BloomSampler) sampler = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = bloom_state_to_json (session, NULL);
  g_autofree char *after = NULL;
  AsyncRun run = { loop, NULL, NULL, FALSE };
  Canceller canceller;

  sampler = bloom_sampler_new_for_session (session, &error);
  g_assert_no_error (error);
  canceller = (Canceller) { sampler, cancellable };

  /* About 10⁸ samples, seconds of work: far more than the wait for the
   * first progress report. */
  g_timeout_add (1, cancel_when_started, &canceller);
  bloom_sampler_sweep_async (sampler, BLOOM_MAX_ENTRIES, BLOOM_MAX_ENTRIES,
                             BLOOM_SAMPLE_SIZE_MAX, 8, 1, BLOOM_Z_95,
                             cancellable, sweep_done, &run);
  g_main_loop_run (loop);

  g_assert_true (run.done);
  g_assert_true (g_cancellable_is_cancelled (cancellable));
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (run.points);
  g_assert_cmpfloat (bloom_sampler_get_progress (sampler), >, 0.0);
  g_assert_cmpfloat (bloom_sampler_get_progress (sampler), <, 0.5);
  g_clear_error (&run.error);

  after = bloom_state_to_json (session, NULL);
  g_assert_cmpstr (after, ==, before);
}

typedef struct
{
  GMainLoop        *loop;
  BloomSampleResult result;
  gboolean          ok;
} SampleRun;

static void
sample_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  SampleRun *run = user_data;
  g_autoptr(GError) error = NULL;

  run->ok = bloom_sampler_sample_finish (BLOOM_SAMPLER (source), result, &run->result, &error);
  g_assert_no_error (error);
  g_main_loop_quit (run->loop);
}

/* In a thread, the same numbers as on the caller's. */
static void
test_async (void)
{
  g_autoptr(BloomSession) session = busy_session ();
  g_autoptr(BloomSampler) sampler = NULL;
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GPtrArray) points = NULL;
  g_autoptr(GError) error = NULL;
  SampleRun sample_run = { loop };
  AsyncRun sweep_run = { loop, NULL, NULL, FALSE };
  BloomSampleResult result;

  sampler = bloom_sampler_new_for_session (session, &error);
  g_assert_no_error (error);

  g_assert_true (bloom_sampler_sample (sampler, 20000, 3, 99, BLOOM_Z_95, &result, NULL, &error));
  bloom_sampler_sample_async (sampler, 20000, 3, 99, BLOOM_Z_95, NULL, sample_done, &sample_run);
  g_main_loop_run (loop);
  g_assert_true (sample_run.ok);
  g_assert_cmpmem (&sample_run.result, sizeof result, &result, sizeof result);
  g_assert_cmpfloat (bloom_sampler_get_progress (sampler), ==, 1.0);

  points = bloom_sampler_sweep (sampler, 30, 3, 500, 3, 99, BLOOM_Z_95, NULL, &error);
  g_assert_no_error (error);
  bloom_sampler_sweep_async (sampler, 30, 3, 500, 3, 99, BLOOM_Z_95, NULL, sweep_done, &sweep_run);
  g_main_loop_run (loop);
  g_assert_no_error (sweep_run.error);
  g_assert_cmpuint (sweep_run.points->len, ==, points->len);
  for (guint i = 0; i < points->len; i++)
    g_assert_cmpmem (g_ptr_array_index (sweep_run.points, i), sizeof result,
                     g_ptr_array_index (points, i), sizeof result);
  g_ptr_array_unref (sweep_run.points);
}

/* The sweep starts from an empty filter, whatever the snapshot holds: no
 * bit, no false positive at n = 0, and exactly what sampling an empty
 * filter with the same seed measures. */
static void
test_sweep_starts_empty (void)
{
  g_autoptr(BloomSession) session = busy_session ();
  g_autoptr(BloomSampler) sampler = NULL;
  g_autoptr(BloomSampler) empty = bloom_sampler_new (256, 3);
  g_autoptr(GPtrArray) points = NULL;
  g_autoptr(GError) error = NULL;
  const BloomSampleResult *first;
  BloomSampleResult result;

  sampler = bloom_sampler_new_for_session (session, &error);
  g_assert_no_error (error);
  points = bloom_sampler_sweep (sampler, 200, 8, 2000, 2, 4, BLOOM_Z_95, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (points->len, ==, 9);

  first = g_ptr_array_index (points, 0);
  g_assert_cmpuint (first->n_entries, ==, 0);
  g_assert_cmpuint (first->bits_set, ==, 0);
  g_assert_cmpuint (first->n_skipped, ==, 0);
  g_assert_cmpuint (first->n_false_positives, ==, 0);
  g_assert_cmpfloat (first->low, ==, 0.0);

  g_assert_true (bloom_sampler_sample (empty, 2000, 2, 4, BLOOM_Z_95, &result, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (first, sizeof *first, &result, sizeof result);

  for (guint i = 1; i < points->len; i++)
    {
      const BloomSampleResult *point = g_ptr_array_index (points, i);
      const BloomSampleResult *previous = g_ptr_array_index (points, i - 1);

      g_assert_cmpuint (point->n_entries, ==, i * 200 / 8);
      g_assert_cmpuint (point->bits_set, >=, previous->bits_set);
    }
}

/* Whether @filter answers "maybe" for @text: its k bits all set. */
static gboolean
filter_says_maybe (BloomFilter *filter,
                   const char  *text)
{
  guint32 h1, h2;

  g_assert_true (bloom_text_hash_pair (text, -1, &h1, &h2, NULL));
  for (guint i = 0; i < bloom_filter_get_k (filter); i++)
    if (!bloom_filter_get_bit (filter, bloom_hash_position (h1, h2, i, bloom_filter_get_m (filter))))
      return FALSE;

  return TRUE;
}

/* The result names its first false positives: the first of the drawn
 * strings (bloom_sample_strings() with the same seed) that are not stored
 * but that the filter's bits call "maybe", in the order drawn, at most
 * ten; the same seed names the same strings again, another seed others. */
static void
test_false_positive_strings (void)
{
  g_autoptr(BloomSession) session = busy_session ();
  BloomFilter *filter = bloom_session_get_filter (session);
  g_autoptr(BloomSampler) sampler = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) drawn = bloom_sample_strings (21, 2, 5000);
  g_auto(GStrv) named = NULL;
  g_autoptr(GPtrArray) expected = g_ptr_array_new ();
  BloomSampleResult result, again, other;

  for (guint i = 0; drawn[i] != NULL; i++)
    if (!bloom_session_contains (session, drawn[i], -1) && filter_says_maybe (filter, drawn[i]))
      g_ptr_array_add (expected, drawn[i]);

  sampler = bloom_sampler_new_for_session (session, &error);
  g_assert_no_error (error);
  g_assert_true (bloom_sampler_sample (sampler, 5000, 2, 21, BLOOM_Z_95, &result, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (result.n_false_positives, ==, expected->len);
  g_assert_cmpuint (expected->len, >, BLOOM_SAMPLE_FALSE_POSITIVES_KEPT);
  g_assert_cmpuint (bloom_sample_result_get_n_false_positive_strings (&result), ==,
                    BLOOM_SAMPLE_FALSE_POSITIVES_KEPT);
  named = bloom_sample_result_dup_false_positive_strings (&result);
  g_assert_cmpuint (g_strv_length (named), ==, BLOOM_SAMPLE_FALSE_POSITIVES_KEPT);
  for (guint i = 0; i < BLOOM_SAMPLE_FALSE_POSITIVES_KEPT; i++)
    {
      g_assert_cmpstr (bloom_sample_result_get_false_positive_string (&result, i), ==,
                       g_ptr_array_index (expected, i));
      g_assert_cmpstr (named[i], ==, g_ptr_array_index (expected, i));
    }

  g_assert_true (bloom_sampler_sample (sampler, 5000, 2, 21, BLOOM_Z_95, &again, NULL, &error));
  g_assert_cmpmem (&again, sizeof again, &result, sizeof result);
  g_assert_true (bloom_sampler_sample (sampler, 5000, 2, 22, BLOOM_Z_95, &other, NULL, &error));
  g_assert_cmpstr (bloom_sample_result_get_false_positive_string (&other, 0), !=,
                   bloom_sample_result_get_false_positive_string (&result, 0));
}

/* Fewer false positives than ten: exactly those, and none at all on an
 * empty filter. */
static void
test_few_false_positives (void)
{
  g_autoptr(BloomSampler) empty = bloom_sampler_new (256, 3);
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSampler) sampler = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) none = NULL;
  BloomSampleResult result;

  g_assert_true (bloom_sampler_sample (empty, 1000, 3, 1, BLOOM_Z_95, &result, NULL, &error));
  g_assert_cmpuint (bloom_sample_result_get_n_false_positive_strings (&result), ==, 0);
  none = bloom_sample_result_dup_false_positive_strings (&result);
  g_assert_cmpuint (g_strv_length (none), ==, 0);

  /* m = 1024, k = 1 with "a" stored: about one drawn string in 1024 is
   * on its bit, so 3000 strings give a few false positives. */
  bloom_session_create_filter (session, 1024, 1, &error);
  g_assert_no_error (error);
  bloom_session_insert (session, "a", -1, &error);
  g_assert_no_error (error);
  sampler = bloom_sampler_new_for_session (session, &error);
  g_assert_no_error (error);
  g_assert_true (bloom_sampler_sample (sampler, 3000, 8, 3, BLOOM_Z_95, &result, NULL, &error));
  g_assert_cmpuint (result.n_false_positives, >, 0);
  g_assert_cmpuint (result.n_false_positives, <, BLOOM_SAMPLE_FALSE_POSITIVES_KEPT);
  g_assert_cmpuint (bloom_sample_result_get_n_false_positive_strings (&result), ==,
                    result.n_false_positives);
  for (guint i = 0; i < result.n_false_positives; i++)
    {
      const char *text = bloom_sample_result_get_false_positive_string (&result, i);

      g_assert_cmpuint (strlen (text), ==, 8);
      g_assert_true (filter_says_maybe (bloom_session_get_filter (session), text));
    }
}

static void
test_boxed (void)
{
  BloomSampleResult result = { .n_samples = 100, .n_skipped = 10, .n_queries = 90,
                               .n_false_positives = 9, .low = 0.05, .high = 0.18 };
  g_autoptr(BloomSampleResult) copy = g_boxed_copy (BLOOM_TYPE_SAMPLE_RESULT, &result);
  double rate = -1;

  g_assert_cmpmem (copy, sizeof *copy, &result, sizeof result);
  g_assert_true (bloom_sample_result_get_rate (copy, &rate));
  g_assert_cmpfloat (rate, ==, 0.1);
  g_assert_true (bloom_sample_result_contains (copy, 0.05));
  g_assert_true (bloom_sample_result_contains (copy, 0.18));
  g_assert_false (bloom_sample_result_contains (copy, 0.04));
  g_assert_false (bloom_sample_result_contains (copy, 0.19));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(JsonNode) root = NULL;

  g_test_init (&argc, &argv, NULL);

  root = test_load_data_json ("sample-vectors.json");
  vectors = json_node_get_object (root);

  g_test_add_func ("/sample/wilson", test_wilson);
  g_test_add_func ("/sample/published-generator", test_published_generator);
  g_test_add_func ("/sample/string-vectors", test_string_vectors);
  g_test_add_func ("/sample/run-vectors", test_run_vectors);
  g_test_add_func ("/sample/sweep-vectors", test_sweep_vectors);
  g_test_add_func ("/sample/rate-matches-fill", test_rate_matches_fill);
  g_test_add_func ("/sample/skip-entries", test_skip_entries);
  g_test_add_func ("/sample/pure-read", test_pure_read);
  g_test_add_func ("/sample/snapshot", test_snapshot);
  g_test_add_func ("/sample/no-filter", test_no_filter);
  g_test_add_func ("/sample/cancel-before", test_cancel_before);
  g_test_add_func ("/sample/cancel-while-running", test_cancel_while_running);
  g_test_add_func ("/sample/async", test_async);
  g_test_add_func ("/sample/sweep-starts-empty", test_sweep_starts_empty);
  g_test_add_func ("/sample/false-positive-strings", test_false_positive_strings);
  g_test_add_func ("/sample/few-false-positives", test_few_false_positives);
  g_test_add_func ("/sample/boxed", test_boxed);

  return g_test_run ();
}
