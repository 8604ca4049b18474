/* bloom-experiment-view.h — the random-sample experiment: the rate of the
 * active filter measured on random strings beside the formulas, and the
 * rate as a scratch filter fills
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"
#include "bloom-session-view.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_EXPERIMENT_VIEW (bloom_experiment_view_get_type ())

G_DECLARE_FINAL_TYPE (BloomExperimentView, bloom_experiment_view, BLOOM, EXPERIMENT_VIEW, BloomSessionView)

gboolean                 bloom_experiment_view_get_running (BloomExperimentView *self);
const BloomSampleResult *bloom_experiment_view_get_result  (BloomExperimentView *self);
GPtrArray               *bloom_experiment_view_get_sweep   (BloomExperimentView *self);
GtkWidget               *bloom_experiment_view_get_sweep_plot (BloomExperimentView *self);
void                     bloom_experiment_view_start       (BloomExperimentView *self,
                                                            gboolean             sweep,
                                                            guint                n_samples,
                                                            guint                length,
                                                            guint64              seed);
void                     bloom_experiment_view_clear       (BloomExperimentView *self);

G_END_DECLS
