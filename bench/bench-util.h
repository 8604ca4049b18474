/* bench-util.h — what the benchmark programs share: a CPU clock, page
 * faults and quantiles of their samples
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

gint64  bench_thread_cpu_us       (void);
guint64 bench_thread_minor_faults (void);
double  bench_page_fault_us       (void);
double  bench_quantile            (GArray *values,
                                   double  q);

G_END_DECLS
