/* bloom-rate-plot.h — the false-positive rate against k for the active
 * filter's m and n: approximation and finite-m formula, k* and k marked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"
#include "bloom-session-view.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_RATE_PLOT (bloom_rate_plot_get_type ())

G_DECLARE_FINAL_TYPE (BloomRatePlot, bloom_rate_plot, BLOOM, RATE_PLOT, BloomSessionView)

GtkWidget  *bloom_rate_plot_new                  (void);
const char *bloom_rate_plot_get_text_alternative (BloomRatePlot *self);
char       *bloom_rate_plot_describe_at          (BloomRatePlot *self,
                                                  double         x,
                                                  double         y);

void          bloom_rate_plot_get_picture_size     (BloomRatePlot *self,
                                                    int           *width,
                                                    int           *height);
void          bloom_rate_plot_draw_picture         (BloomRatePlot *self,
                                                    cairo_t       *cr,
                                                    int            width,
                                                    int            height);

G_END_DECLS
