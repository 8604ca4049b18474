/* bloom-step-view.h — step-through (Ctrl+T) over the grid: what the newest
 * step of the last operation does, and the keys to go on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"
#include "bloom-session-view.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_STEP_VIEW (bloom_step_view_get_type ())

G_DECLARE_FINAL_TYPE (BloomStepView, bloom_step_view, BLOOM, STEP_VIEW, BloomSessionView)

G_END_DECLS
