/* bloom-cursor-view.h — under the grid: the bit under its cursor and the
 * stored strings that set it, or that no filter is active
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"
#include "bloom-session-view.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_CURSOR_VIEW (bloom_cursor_view_get_type ())

G_DECLARE_FINAL_TYPE (BloomCursorView, bloom_cursor_view, BLOOM, CURSOR_VIEW, BloomSessionView)

guint    bloom_cursor_view_get_cursor      (BloomCursorView *self);
void     bloom_cursor_view_set_cursor      (BloomCursorView *self,
                                            guint            cursor);
gboolean bloom_cursor_view_get_cursor_used (BloomCursorView *self);
void     bloom_cursor_view_set_cursor_used (BloomCursorView *self,
                                            gboolean         cursor_used);

G_END_DECLS
