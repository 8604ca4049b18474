/* bloom-hash.h — SPEC H1–H3: the hash over UTF-16 code units and the positions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BLOOM_HASH_SEED1 2166136261u
#define BLOOM_HASH_SEED2 0xdeadbeefu
#define BLOOM_HASH_PRIME 16777619u

/* The name the JSON document records for this scheme. */
#define BLOOM_HASH_SCHEME "fnv1a32-utf16-double"

guint32 bloom_hash_units    (const gunichar2 *units,
                             gsize            n_units,
                             guint32          seed);
void    bloom_hash_pair     (const gunichar2 *units,
                             gsize            n_units,
                             guint32         *h1,
                             guint32         *h2);
guint   bloom_hash_position (guint32          h1,
                             guint32          h2,
                             guint            i,
                             guint            m);

G_END_DECLS
