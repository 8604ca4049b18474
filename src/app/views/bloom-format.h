/* bloom-format.h — the words and numbers the views show, in the user's
 * language and locale, made in one place so that every view says the same
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "bloom-model.h"

G_BEGIN_DECLS

char       *bloom_format_decimal           (double          value);
char       *bloom_format_count             (guint64         count);
char       *bloom_format_unsaved_notice    (gsize           chars);
char       *bloom_format_rate              (guint           numerator,
                                            guint           denominator);
char       *bloom_format_observed_rate     (BloomSession   *session);
char       *bloom_format_sample_rate       (const BloomSampleResult *result);
char       *bloom_format_interval          (double          low,
                                            double          high);
const char *bloom_format_outcome           (BloomOutcome    outcome);
const char *bloom_format_outcome_icon      (BloomOutcome    outcome);
char       *bloom_format_operation_title   (BloomOperation *operation);
char       *bloom_format_operation_detail  (BloomOperation *operation);
char       *bloom_format_positions         (BloomOperation *operation);
char       *bloom_format_bit_description   (BloomSession   *session,
                                            guint           index);
char       *bloom_format_grid_description  (BloomSession   *session);
char       *bloom_format_bit_provenance    (BloomSession   *session,
                                            guint           index);
char       *bloom_format_step              (BloomOperation *operation,
                                            guint           step);
char       *bloom_format_grid_description_full (BloomSession *session,
                                                guint         revealed,
                                                guint         cursor);

G_END_DECLS
