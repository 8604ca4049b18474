/* bloom-operation-view.h — SPEC W1: the last operation, first on the page:
 * what was done to which string, and the verdict in words and an icon
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"
#include "bloom-session-view.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_OPERATION_VIEW (bloom_operation_view_get_type ())

G_DECLARE_FINAL_TYPE (BloomOperationView, bloom_operation_view, BLOOM, OPERATION_VIEW, BloomSessionView)

void bloom_operation_view_set_icon_size (BloomOperationView *self,
                                         int                 pixel_size);

G_END_DECLS
