/* bloom-counters-view.h — SPEC R1–R5: the distinct entries, the negative
 * queries, the false positives and the observed rate, with what the rate
 * does not promise
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"
#include "bloom-session-view.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_COUNTERS_VIEW (bloom_counters_view_get_type ())

G_DECLARE_FINAL_TYPE (BloomCountersView, bloom_counters_view, BLOOM, COUNTERS_VIEW, BloomSessionView)

G_END_DECLS
