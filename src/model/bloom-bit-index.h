/* bloom-bit-index.h — for each bit of a filter, the entries whose
 * positions include it, in insertion order: which strings set a bit is
 * asked on every redraw. Private to the session; not a GObject.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BloomBitIndex BloomBitIndex;

BloomBitIndex *bloom_bit_index_new              (void);
void           bloom_bit_index_free             (BloomBitIndex *self);
void           bloom_bit_index_add              (BloomBitIndex *self,
                                                 guint          m,
                                                 guint          entry,
                                                 const guint16 *positions,
                                                 guint          n_positions);
guint         *bloom_bit_index_get_setters      (BloomBitIndex *self,
                                                 guint          bit,
                                                 guint         *n_setters);
gboolean       bloom_bit_index_get_first_setter (BloomBitIndex *self,
                                                 guint          bit,
                                                 guint         *entry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BloomBitIndex, bloom_bit_index_free)

G_END_DECLS
