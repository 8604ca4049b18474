/* bloom-entries-view.h — the stored strings, JSON-quoted, in insertion
 * order with their index
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"
#include "bloom-session-view.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_ENTRIES_VIEW (bloom_entries_view_get_type ())

G_DECLARE_FINAL_TYPE (BloomEntriesView, bloom_entries_view, BLOOM, ENTRIES_VIEW, BloomSessionView)

GListModel *bloom_entries_view_get_model   (BloomEntriesView *self);
const char *bloom_entries_view_get_caption (BloomEntriesView *self);

G_END_DECLS
