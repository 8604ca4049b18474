/* bloom-hash-table.h — SPEC W3: i, position, bit before, bit after
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"
#include "bloom-session-view.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_HASH_TABLE (bloom_hash_table_get_type ())

G_DECLARE_FINAL_TYPE (BloomHashTable, bloom_hash_table, BLOOM, HASH_TABLE, BloomSessionView)

guint         bloom_hash_table_get_n_rows  (BloomHashTable *self);
char         *bloom_hash_table_get_row_text (BloomHashTable *self,
                                             guint           row);
const char   *bloom_hash_table_get_step_text (BloomHashTable *self);
gboolean      bloom_hash_table_get_row_area (BloomHashTable  *self,
                                             guint            row,
                                             graphene_rect_t *area);

G_END_DECLS
