/* bloom-filter-private.h — what only the session may do to a filter
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-filter.h"

G_BEGIN_DECLS

void     bloom_filter_set_bit (BloomFilter *self,
                               guint        index);
void     bloom_filter_clear   (BloomFilter *self);
gboolean bloom_filter_equal   (BloomFilter *self,
                               BloomFilter *other);
guint16  bloom_filter_read_positions (BloomFilter   *self,
                                      const guint16 *positions,
                                      guint          n_positions);
guint16  bloom_filter_set_positions  (BloomFilter   *self,
                                      const guint16 *positions,
                                      guint          n_positions);

G_END_DECLS
