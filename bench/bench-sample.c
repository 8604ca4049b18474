/* bench-sample.c — the CPU time of one random-sample measurement of the
 * largest filter (m = 1024, k = 12) with the most strings the app draws
 * (100000), from an empty filter to a full one: the issue asks for at most
 * 50 ms. It prints figures and never judges them.
 *
 *   meson compile -C _build bench-sample && _build/bench/bench-sample [--runs N]
 *
 * The time depends on the fill: a query stops at its first zero bit, and
 * only a string whose bits are all set is looked up among the entries.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <bloom-model.h>

#include <stdio.h>
#include <stdlib.h>

#include "bench-util.h"

#define BENCH_M      1024
#define BENCH_K      12
#define ENTRY_LENGTH 8
#define ENTRY_SEED   1

static BloomSession *
session_with_entries (guint n_entries)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_auto(GStrv) entries = bloom_sample_strings (ENTRY_SEED, ENTRY_LENGTH, n_entries);
  g_autoptr(GError) error = NULL;

  bloom_session_create_filter (session, BENCH_M, BENCH_K, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n_entries; i++)
    {
      bloom_session_insert (session, entries[i], -1, &error);
      g_assert_no_error (error);
    }

  return g_steal_pointer (&session);
}

int
main (int   argc,
      char *argv[])
{
  static const guint n_entries[] = { 0, 50, 100, 200, 400, BLOOM_MAX_ENTRIES };
  guint runs = 21;

  if (argc == 3 && g_str_equal (argv[1], "--runs"))
    runs = MAX (1, atoi (argv[2]));
  else if (argc != 1)
    {
      fprintf (stderr, "usage: %s [--runs N]\n", argv[0]);
      return 2;
    }

  printf ("# bloom_sampler_sample: m=%u k=%u, %u samples of %u characters, "
          "thread CPU time over %u runs\n",
          BENCH_M, BENCH_K, BLOOM_SAMPLE_SIZE_MAX, BLOOM_SAMPLE_LENGTH_DEFAULT, runs);

  for (guint i = 0; i < G_N_ELEMENTS (n_entries); i++)
    {
      g_autoptr(BloomSession) session = session_with_entries (n_entries[i]);
      g_autoptr(BloomSampler) sampler = bloom_sampler_new_for_session (session, NULL);
      g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
      BloomSampleResult result;

      for (guint run = 0; run < runs; run++)
        {
          gint64 start = bench_thread_cpu_us ();
          double ms;

          bloom_sampler_sample (sampler, BLOOM_SAMPLE_SIZE_MAX, BLOOM_SAMPLE_LENGTH_DEFAULT,
                                run, BLOOM_Z_95, &result, NULL, NULL);
          ms = (bench_thread_cpu_us () - start) / 1000.0;
          g_array_append_val (times, ms);
        }

      printf ("sample n=%u bits_set=%u median_ms=%.2f max_ms=%.2f false_positives=%u\n",
              result.n_entries, result.bits_set, bench_quantile (times, 0.5),
              bench_quantile (times, 1.0), result.n_false_positives);
    }

  return 0;
}
