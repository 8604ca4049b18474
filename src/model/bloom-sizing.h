/* bloom-sizing.h — SPEC S1: m and k for n expected items and a target
 * false-positive rate p, and the rate formulas the window compares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BLOOM_SIZING_ITEMS_MAX 1000000000u

/* What bloom_sizing_compute() suggests. The ideal values follow S1 to the
 * letter; m is then clamped to 8–1024, and k is computed again from the
 * clamped m, because the best k depends on the m actually used, and then
 * clamped to 1–12. */
typedef struct
{
  guint    n;             /* expected items */
  double   p;             /* target false-positive rate, 0 < p < 1 */
  double   m_real;        /* −n·ln p / (ln 2)², before rounding up */
  guint64  ideal_m;       /* ⌈m_real⌉ */
  guint64  ideal_k;       /* round((ideal_m/n)·ln 2), may be 0 */
  double   k_real;        /* (m/n)·ln 2 for the clamped m, before rounding */
  guint    m;             /* ideal_m clamped to 8–1024 */
  guint    k;             /* round(k_real) clamped to 1–12 */
  gboolean m_clamped;
  gboolean k_clamped;     /* round(k_real) itself was out of 1–12 */
  double   rate;          /* (1 − e^(−k·n/m))^k for the suggested m and k */
} BloomSizing;

void     bloom_sizing_compute          (guint         n,
                                        double        p,
                                        BloomSizing  *sizing);
gboolean bloom_sizing_parse_items      (const char   *text,
                                        guint        *n,
                                        GError      **error);
gboolean bloom_sizing_parse_rate       (const char   *text,
                                        double       *p,
                                        GError      **error);

double   bloom_rate_approximate        (guint         m,
                                        guint         k,
                                        guint         n);
double   bloom_rate_exact              (guint         m,
                                        guint         k,
                                        guint         n);
double   bloom_rate_from_fill          (guint         m,
                                        guint         k,
                                        guint         bits_set);
double   bloom_rate_optimal_k          (guint         m,
                                        guint         n);
double   bloom_estimate_entries        (guint         m,
                                        guint         k,
                                        guint         bits_set);

G_END_DECLS
