/* bench-model.c — how fast the model library inserts, queries, exports and
 * imports at the largest filter the app allows (m = 1024, k = 12) with the
 * most entries it keeps (1024).
 *
 * It prints figures and never judges them: a benchmark that failed on a
 * time would fail on a busy machine. bench/run-model.sh runs it next to
 * bench/js/bench-model.mjs, the same workload on a JavaScript model, and
 * compares the two. The workload comes from a fixed seed through a PRNG
 * that both programs implement bit for bit (see prng_next()), so both
 * handle exactly the same strings; the checksums printed at the end let
 * the runner check that both computed exactly the same positions,
 * outcomes and export document.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <bloom-model.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_M          1024
#define BENCH_K          12
#define N_STORED         1024   /* BLOOM_MAX_ENTRIES: a full session */
#define N_FRESH          2048   /* never inserted: the negative queries */
#define N_QUERIES        4096   /* half stored strings, half fresh ones */
/* With 1024 entries of k = 12 positions in m = 1024 bits every bit ends up
 * set, so every non-member query is a false positive. The cost does not
 * depend on it: the model computes and reads all k positions each time. */
#define WORKLOAD_SEED    0x9e3779b9u

#define DEFAULT_RUNS     31
#define DEFAULT_WARMUP   5

/* The workload: the strings, NUL-terminated, with their byte lengths. */
typedef struct
{
  GPtrArray *stored;      /* N_STORED distinct strings, insertion order */
  GPtrArray *fresh;       /* N_FRESH strings, distinct from all stored ones */
  const char *queries[N_QUERIES];
  gsize       query_lens[N_QUERIES];
  gsize       stored_lens[N_STORED];
} Workload;

/* The PRNG: Marsaglia's xorshift32 (shifts 13, 17, 5), chosen because it
 * is three lines in any language with 32-bit unsigned integers, so the
 * JavaScript twin reproduces it exactly with >>> 0. Not a good generator
 * for statistics, but the strings only need to be varied and repeatable. */
static guint32
prng_next (guint32 *state)
{
  guint32 x = *state;

  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *state = x;

  return x;
}

/* One string of 4–40 code points: 60 % printable ASCII (space, quote and
 * backslash included, so export has to escape), 20 % accented Latin
 * (U+00C0–U+017F), 17 % CJK (U+4E00–U+9FFF) and 3 % emoji outside the BMP
 * (U+1F300–U+1F64F, two UTF-16 units each). At most 80 units, well inside
 * SPEC T1's 256. bench/js/bench-model.mjs makes the same draws in the same
 * order; change both or neither. */
static char *
generate_string (guint32 *state)
{
  GString *str = g_string_new (NULL);
  guint n_chars = 4 + prng_next (state) % 37;

  for (guint i = 0; i < n_chars; i++)
    {
      guint32 kind = prng_next (state) % 100;
      guint32 r = prng_next (state);
      gunichar c;

      if (kind < 60)
        c = 0x20 + r % 95;
      else if (kind < 80)
        c = 0xc0 + r % 192;
      else if (kind < 97)
        c = 0x4e00 + r % 20992;
      else
        c = 0x1f300 + r % 848;

      g_string_append_unichar (str, c);
    }

  return g_string_free (str, FALSE);
}

/* Draws strings until @array holds @n of them not seen before; @seen
 * records every string kept, so fresh strings never repeat stored ones. */
static void
fill_distinct (GPtrArray  *array,
               guint       n,
               GHashTable *seen,
               guint32    *state)
{
  while (array->len < n)
    {
      char *str = generate_string (state);

      /* Not g_hash_table_add() alone: on a repeat it would keep the new
       * key, which is freed here. */
      if (g_hash_table_contains (seen, str))
        {
          g_free (str);
          continue;
        }

      g_hash_table_add (seen, str);
      g_ptr_array_add (array, str);
    }
}

static void
workload_init (Workload *w)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint32 state = WORKLOAD_SEED;

  /* @seen does not own the strings; the arrays do. */
  w->stored = g_ptr_array_new_with_free_func (g_free);
  w->fresh = g_ptr_array_new_with_free_func (g_free);
  fill_distinct (w->stored, N_STORED, seen, &state);
  fill_distinct (w->fresh, N_FRESH, seen, &state);

  for (guint i = 0; i < N_STORED; i++)
    w->stored_lens[i] = strlen (g_ptr_array_index (w->stored, i));

  /* Member and non-member queries alternate, so neither kind runs in a
   * long, branch-predictor-friendly streak: query 2j asks stored string
   * j mod 1024 (each twice), query 2j+1 fresh string j (each once). */
  for (guint j = 0; j < N_QUERIES / 2; j++)
    {
      w->queries[2 * j] = g_ptr_array_index (w->stored, j % N_STORED);
      w->queries[2 * j + 1] = g_ptr_array_index (w->fresh, j);
    }
  for (guint q = 0; q < N_QUERIES; q++)
    w->query_lens[q] = strlen (w->queries[q]);
}

static void
workload_clear (Workload *w)
{
  g_clear_pointer (&w->stored, g_ptr_array_unref);
  g_clear_pointer (&w->fresh, g_ptr_array_unref);
}

/* Timing */

static gint64
now_ns (void)
{
  struct timespec ts;

  /* Nanoseconds rather than g_get_monotonic_time()'s microseconds: one
   * query run takes well under a millisecond. */
  clock_gettime (CLOCK_MONOTONIC, &ts);

  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

/* Checksums: FNV-1a over 32-bit words, and over bytes for the document.
 * Not a strong hash; enough to tell whether C and JavaScript computed the
 * same numbers. */

static guint32
fold (guint32 c,
      guint32 v)
{
  return (c ^ v) * 16777619u;
}

static guint32
fold_operation (guint32         c,
                BloomOperation *op)
{
  guint n = bloom_operation_get_n_positions (op);
  guint32 before = 0, after = 0;

  c = fold (c, bloom_operation_get_kind (op));
  c = fold (c, bloom_operation_get_outcome (op));
  c = fold (c, bloom_operation_get_h1 (op));
  c = fold (c, bloom_operation_get_h2 (op));
  c = fold (c, n);
  for (guint i = 0; i < n; i++)
    {
      c = fold (c, bloom_operation_get_position (op, i));
      before |= (guint32) bloom_operation_get_before (op, i) << i;
      after |= (guint32) bloom_operation_get_after (op, i) << i;
    }
  c = fold (c, before);
  c = fold (c, after);

  return c;
}

static guint32
checksum_bytes (const char *data,
                gsize       len)
{
  guint32 c = 2166136261u;

  for (gsize i = 0; i < len; i++)
    c = fold (c, (guchar) data[i]);

  return c;
}

/* What the untimed pass adds up; the timed runs pass NULL. */
typedef struct
{
  guint32 ops;
  guint   n_outcomes[BLOOM_OUTCOME_DEFINITELY_ABSENT + 1];
} Tally;

static void
tally_operation (Tally          *tally,
                 BloomOperation *op)
{
  if (tally == NULL)
    return;

  tally->ops = fold_operation (tally->ops, op);
  tally->n_outcomes[bloom_operation_get_outcome (op)]++;
}

/* A failure here is a broken model, not a slow one: stop loudly, so the
 * runner sees a crash rather than figures for work that was not done. */
static void
require_operation (BloomOperation *operation,
                 GError         *error,
                 const char     *what)
{
  if (operation == NULL)
    g_error ("%s failed: %s", what, error ? error->message : "(no error)");
}

static void
create_filter (BloomSession *session)
{
  g_autoptr(GError) error = NULL;

  if (!bloom_session_create_filter (session, BENCH_M, BENCH_K, &error))
    g_error ("create_filter failed: %s", error->message);
}

static void
insert_all (BloomSession   *session,
            const Workload *w,
            Tally          *tally)
{
  for (guint i = 0; i < N_STORED; i++)
    {
      GError *error = NULL;
      BloomOperation *op = bloom_session_insert (session, g_ptr_array_index (w->stored, i),
                                                 w->stored_lens[i], &error);

      require_operation (op, error, "insert");
      tally_operation (tally, op);
    }
}

static void
query_all (BloomSession   *session,
           const Workload *w,
           Tally          *tally)
{
  for (guint q = 0; q < N_QUERIES; q++)
    {
      GError *error = NULL;
      BloomOperation *op = bloom_session_query (session, w->queries[q], w->query_lens[q], &error);

      require_operation (op, error, "query");
      tally_operation (tally, op);
    }
}

/* What the measures work on. */
typedef struct
{
  BloomSession   *session;
  const Workload *w;
  const char     *json;      /* the document import reads */
  gsize           json_len;
} Bench;

/* Each measure returns nanoseconds for one run of its operation. */
typedef gint64 (*MeasureFunc) (Bench *b);

static gint64
measure_insert (Bench *b)
{
  gint64 start = now_ns ();

  create_filter (b->session);
  insert_all (b->session, b->w, NULL);

  return now_ns () - start;
}

/* On a session that already holds every stored string. */
static gint64
measure_query (Bench *b)
{
  gint64 start = now_ns ();

  query_all (b->session, b->w, NULL);

  return now_ns () - start;
}

static gint64
measure_insert_query (Bench *b)
{
  gint64 start = now_ns ();

  create_filter (b->session);
  insert_all (b->session, b->w, NULL);
  query_all (b->session, b->w, NULL);

  return now_ns () - start;
}

static gint64
measure_export (Bench *b)
{
  gint64 start, elapsed;
  char *json;

  start = now_ns ();
  json = bloom_state_to_json (b->session, NULL);
  elapsed = now_ns () - start;

  /* Freeing is left out: JavaScript's garbage collector frees its string
   * later, outside its own timed region. */
  g_free (json);

  return elapsed;
}

/* Into a fresh session each time, made and dropped outside the timing. */
static gint64
measure_import (Bench *b)
{
  g_autoptr(BloomSession) fresh = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  gint64 start, elapsed;

  start = now_ns ();
  if (!bloom_state_load_json (fresh, b->json, b->json_len, &error))
    g_error ("import failed: %s", error->message);
  elapsed = now_ns () - start;

  return elapsed;
}

/* Statistics */

typedef struct
{
  double median;
  double p25;
  double p75;
  double min;
  double max;
} Summary;

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Quantile by linear interpolation between closest ranks (the "type 7" of
 * R and NumPy's default); bench-model.mjs computes it the same way. */
static double
quantile (const double *sorted,
          guint         n,
          double        p)
{
  double h = (n - 1) * p;
  guint lo = (guint) h;
  guint hi = lo + 1 < n ? lo + 1 : lo;

  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

static Summary
summarize (double *values,
           guint   n)
{
  Summary s;

  qsort (values, n, sizeof *values, compare_doubles);
  s.median = quantile (values, n, 0.5);
  s.p25 = quantile (values, n, 0.25);
  s.p75 = quantile (values, n, 0.75);
  s.min = values[0];
  s.max = values[n - 1];

  return s;
}

/* One human line and one machine line ("name median=… p25=… …", the form
 * run-model.sh reads) per figure. Output goes through stdio, not g_print():
 * g_print() converts to the locale's charset and turns "µ" into "?" under
 * LC_ALL=C, where runners often are. */
static void
print_summary (const char    *name,
               const char    *unit,
               const Summary *s)
{
  /* Pad by characters, not bytes: "µs" is three bytes. */
  int pad = 6 - (int) g_utf8_strlen (unit, -1);

  printf ("  %-22s %10.1f %s%*s  IQR %.1f–%.1f  min %.1f  max %.1f\n",
          name, s->median, unit, MAX (pad, 0), "", s->p25, s->p75, s->min, s->max);
}

static void
print_machine (const char    *key,
               const Summary *s)
{
  printf ("%s median=%.3f p25=%.3f p75=%.3f min=%.3f max=%.3f\n",
          key, s->median, s->p25, s->p75, s->min, s->max);
}

/* Runs @func @warmup times untimed, then @runs times timed, and scales
 * each time by @divisor (operations per run for ns/op; 1000 for µs). */
static Summary
measure (Bench       *b,
         MeasureFunc  func,
         guint        runs,
         guint        warmup,
         double       divisor)
{
  g_autofree double *values = g_new (double, runs);

  for (guint r = 0; r < warmup; r++)
    func (b);
  for (guint r = 0; r < runs; r++)
    values[r] = (double) func (b) / divisor;

  return summarize (values, runs);
}

/* The untimed pass: the operations of one insert+query run, with every
 * result folded into the checksum and every outcome counted. */
static void
verify (const Workload *w)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autofree char *json = NULL;
  Tally tally = { 2166136261u, { 0, } };
  guint32 ops;
  gsize len = 0;

  create_filter (session);
  insert_all (session, w, &tally);
  query_all (session, w, &tally);

  ops = tally.ops;
  ops = fold (ops, bloom_session_get_n_entries (session));
  ops = fold (ops, bloom_filter_count_set_bits (bloom_session_get_filter (session)));
  ops = fold (ops, bloom_session_get_negative_queries (session));
  ops = fold (ops, bloom_session_get_false_positives (session));

  json = bloom_state_to_json (session, &len);

  printf ("outcomes inserted=%u already_inserted=%u member=%u false_positive=%u "
          "definitely_absent=%u\n",
          tally.n_outcomes[BLOOM_OUTCOME_INSERTED],
          tally.n_outcomes[BLOOM_OUTCOME_ALREADY_INSERTED],
          tally.n_outcomes[BLOOM_OUTCOME_MEMBER],
          tally.n_outcomes[BLOOM_OUTCOME_FALSE_POSITIVE],
          tally.n_outcomes[BLOOM_OUTCOME_DEFINITELY_ABSENT]);
  printf ("state bits_set=%u negative_queries=%u false_positives=%u\n",
          bloom_filter_count_set_bits (bloom_session_get_filter (session)),
          bloom_session_get_negative_queries (session),
          bloom_session_get_false_positives (session));
  printf ("checksum ops=%08x export=%08x\n", ops, checksum_bytes (json, len));
}

int
main (int   argc,
      char *argv[])
{
  gint runs = DEFAULT_RUNS;
  gint warmup = DEFAULT_WARMUP;
  gboolean verify_only = FALSE;
  const GOptionEntry entries[] = {
    { "runs", 'n', 0, G_OPTION_ARG_INT, &runs, "Timed runs per figure (default 31)", "N" },
    { "warmup", 'w', 0, G_OPTION_ARG_INT, &warmup, "Untimed runs first (default 5)", "N" },
    { "verify-only", 0, 0, G_OPTION_ARG_NONE, &verify_only,
      "Print only the outcomes and checksums", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— benchmark the Bloom Lab model");
  g_autoptr(GError) error = NULL;
  Workload w = { 0, };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (runs < 1 || warmup < 0)
    {
      g_printerr ("--runs must be at least 1 and --warmup at least 0\n");
      return 2;
    }

  workload_init (&w);

  printf ("# bench-model (C): m=%d k=%d, %d inserts, %d queries (%d member, %d non-member), "
          "%d runs after %d warm-up\n",
          BENCH_M, BENCH_K, N_STORED, N_QUERIES, N_QUERIES / 2, N_QUERIES / 2, runs, warmup);

  if (!verify_only)
    {
      g_autoptr(BloomSession) session = bloom_session_new ();
      g_autofree char *json = NULL;
      gsize json_len = 0;
      Bench b = { session, &w, NULL, 0 };
      Summary insert, query, insert_query, export, import;

      insert = measure (&b, measure_insert, runs, warmup, N_STORED);
      /* measure_insert() left the session full: the state queries need. */
      query = measure (&b, measure_query, runs, warmup, N_QUERIES);
      insert_query = measure (&b, measure_insert_query, runs, warmup, N_STORED + N_QUERIES);
      /* The full session: 1024 entries, counters, a query as last operation. */
      export = measure (&b, measure_export, runs, warmup, 1000.0);
      json = bloom_state_to_json (session, &json_len);
      b.json = json;
      b.json_len = json_len;
      import = measure (&b, measure_import, runs, warmup, 1000.0);

      print_summary ("insert", "ns/op", &insert);
      print_summary ("query", "ns/op", &query);
      print_summary ("insert+query", "ns/op", &insert_query);
      print_summary ("export (to_json)", "µs", &export);
      print_summary ("import (load_json)", "µs", &import);

      print_machine ("insert_ns_per_op", &insert);
      print_machine ("query_ns_per_op", &query);
      print_machine ("insert_query_ns_per_op", &insert_query);
      print_machine ("export_us_per_op", &export);
      print_machine ("import_us_per_op", &import);
      printf ("export_size bytes=%" G_GSIZE_FORMAT " chars=%" G_GSIZE_FORMAT "\n",
              json_len, bloom_state_count_chars (json, json_len));
    }

  verify (&w);

  workload_clear (&w);

  return 0;
}
