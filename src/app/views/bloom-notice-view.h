/* bloom-notice-view.h — SPEC F3: that no filter is active, or that the
 * last one was discarded, emptied or replaced, with Undo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"
#include "bloom-session-view.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_NOTICE_VIEW (bloom_notice_view_get_type ())

G_DECLARE_FINAL_TYPE (BloomNoticeView, bloom_notice_view, BLOOM, NOTICE_VIEW, BloomSessionView)

G_END_DECLS
