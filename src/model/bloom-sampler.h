/* bloom-sampler.h — a snapshot of a filter, measured on random strings off
 * the main loop: the rate of that filter, or a sweep over n from empty
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "bloom-sample.h"
#include "bloom-session.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_SAMPLER (bloom_sampler_get_type ())

G_DECLARE_FINAL_TYPE (BloomSampler, bloom_sampler, BLOOM, SAMPLER, GObject)

BloomSampler *bloom_sampler_new             (guint                m,
                                             guint                k);
BloomSampler *bloom_sampler_new_for_session (BloomSession        *session,
                                             GError             **error);
guint         bloom_sampler_get_m           (BloomSampler        *self);
guint         bloom_sampler_get_k           (BloomSampler        *self);
guint         bloom_sampler_get_n_entries   (BloomSampler        *self);
double        bloom_sampler_get_progress    (BloomSampler        *self);

gboolean      bloom_sampler_sample          (BloomSampler        *self,
                                             guint                n_samples,
                                             guint                length,
                                             guint64              seed,
                                             double               z,
                                             BloomSampleResult   *result,
                                             GCancellable        *cancellable,
                                             GError             **error);
void          bloom_sampler_sample_async    (BloomSampler        *self,
                                             guint                n_samples,
                                             guint                length,
                                             guint64              seed,
                                             double               z,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
gboolean      bloom_sampler_sample_finish   (BloomSampler        *self,
                                             GAsyncResult        *result,
                                             BloomSampleResult   *sample,
                                             GError             **error);

GPtrArray    *bloom_sampler_sweep           (BloomSampler        *self,
                                             guint                n_max,
                                             guint                n_steps,
                                             guint                n_samples,
                                             guint                length,
                                             guint64              seed,
                                             double               z,
                                             GCancellable        *cancellable,
                                             GError             **error);
void          bloom_sampler_sweep_async     (BloomSampler        *self,
                                             guint                n_max,
                                             guint                n_steps,
                                             guint                n_samples,
                                             guint                length,
                                             guint64              seed,
                                             double               z,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
GPtrArray    *bloom_sampler_sweep_finish    (BloomSampler        *self,
                                             GAsyncResult        *result,
                                             GError             **error);

G_END_DECLS
