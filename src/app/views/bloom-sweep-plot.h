/* bloom-sweep-plot.h — the rate measured as a scratch filter fills: one
 * point with its interval per n, over the ideal-hash curve
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_SWEEP_PLOT (bloom_sweep_plot_get_type ())

G_DECLARE_FINAL_TYPE (BloomSweepPlot, bloom_sweep_plot, BLOOM, SWEEP_PLOT, GtkWidget)

GtkWidget  *bloom_sweep_plot_new                  (void);
void        bloom_sweep_plot_set_points           (BloomSweepPlot *self,
                                                   GPtrArray      *points);
guint       bloom_sweep_plot_get_n_points         (BloomSweepPlot *self);
const char *bloom_sweep_plot_get_text_alternative (BloomSweepPlot *self);
char       *bloom_sweep_plot_describe_at          (BloomSweepPlot *self,
                                                   double          x,
                                                   double          y);
void        bloom_sweep_plot_draw_picture         (BloomSweepPlot *self,
                                                   cairo_t        *cr,
                                                   int             width,
                                                   int             height);

G_END_DECLS
