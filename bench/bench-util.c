/* bench-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* RUSAGE_THREAD */
#define _GNU_SOURCE

#include "config.h"

#include <sys/mman.h>
#include <sys/resource.h>
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

/* Page faults the calling thread took that the kernel served without
 * reading a file: mostly fresh memory being touched for the first time. */
guint64
bench_thread_minor_faults (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_THREAD, &usage) != 0)
    return 0;

  return usage.ru_minflt;
}

/* What one such fault costs on this machine, in µs: the best of three
 * passes touching 16 MiB of fresh anonymous memory a page at a time. A
 * virtual machine can make it tens of times what it is on bare metal,
 * and every new buffer GTK paints into (a resized window's) pays it once
 * per page. 0 when the memory cannot be had. */
double
bench_page_fault_us (void)
{
  const gsize size = 16 << 20;
  const gsize page = 4096;
  double best = 0;

  for (int pass = 0; pass < 3; pass++)
    {
      volatile char *memory = mmap (NULL, size, PROT_READ | PROT_WRITE,
                                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      gint64 start;
      double us;

      if (memory == MAP_FAILED)
        return 0;
      start = g_get_monotonic_time ();
      for (gsize i = 0; i < size; i += page)
        memory[i] = 1;
      us = (double) (g_get_monotonic_time () - start) / (size / page);
      munmap ((void *) memory, size);
      if (pass == 0 || us < best)
        best = us;
    }

  return best;
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
