/* bench-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <time.h>

#include "bench-util.h"

/* CPU time of the calling thread: what the work itself costs, which other
 * load on the machine changes little. */
gint64
bench_thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);

  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The @q quantile (0–1) of an array of doubles, by nearest rank: always a
 * value that was measured. 0 for no values. */
double
bench_quantile (GArray *values,
                double  q)
{
  g_autoptr(GArray) sorted = NULL;
  guint rank;

  if (values->len == 0)
    return 0;

  sorted = g_array_copy (values);
  g_array_sort (sorted, compare_doubles);
  rank = (guint) (q * sorted->len + 0.999999);   /* ceil(q·n), 1-based */
  rank = CLAMP (rank, 1, sorted->len);

  return g_array_index (sorted, double, rank - 1);
}
