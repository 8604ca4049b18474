/* bloom-sample-private.h — the random strings, for the sampler
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-sample.h"

G_BEGIN_DECLS

void bloom_sample_draw_text (guint64   *state,
                             guint      length,
                             char      *text,
                             gunichar2 *units);
void bloom_sample_result_keep_false_positive (BloomSampleResult *self,
                                              guint              i,
                                              const char        *text,
                                              guint              length);

G_END_DECLS
