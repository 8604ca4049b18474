/* bloom-details-view.h — SPEC W4: hashes, parameters, approximation, rates
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"
#include "bloom-session-view.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_DETAILS_VIEW (bloom_details_view_get_type ())

G_DECLARE_FINAL_TYPE (BloomDetailsView, bloom_details_view, BLOOM, DETAILS_VIEW, BloomSessionView)

const char *bloom_details_view_get_value (BloomDetailsView *self,
                                         const char       *key);

G_END_DECLS
