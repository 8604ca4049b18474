/* bloom-filter.h — SPEC F1–F2: m bits and k positions per string
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define BLOOM_M_MIN 8
#define BLOOM_M_MAX 1024
#define BLOOM_K_MIN 1
#define BLOOM_K_MAX 12

typedef enum
{
  BLOOM_PARAMETER_M,
  BLOOM_PARAMETER_K,
} BloomParameter;

#define BLOOM_TYPE_FILTER (bloom_filter_get_type ())

G_DECLARE_FINAL_TYPE (BloomFilter, bloom_filter, BLOOM, FILTER, GObject)

BloomFilter *bloom_filter_new            (guint           m,
                                          guint           k);
guint        bloom_filter_get_m          (BloomFilter    *self);
guint        bloom_filter_get_k          (BloomFilter    *self);
gboolean     bloom_filter_get_bit        (BloomFilter    *self,
                                          guint           index);
guint        bloom_filter_count_set_bits (BloomFilter    *self);
char        *bloom_filter_to_string      (BloomFilter    *self);

gboolean     bloom_parameter_parse       (BloomParameter  parameter,
                                          const char     *text,
                                          guint          *value,
                                          GError        **error);

G_END_DECLS
