/* bloom-hash.h — SPEC H1–H3: the hash over UTF-16 code units and the positions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* g-ir-scanner types a plain integer constant as gint, which the seeds
 * overflow, and reads no (type) annotation on constants: bindings get
 * none of the three, and bloom_hash_pair() and bloom_text_hash_pair() use
 * the seeds for them. */
/**
 * BLOOM_HASH_SEED1: (skip)
 *
 * Where h1 starts (SPEC H2), the FNV-1a offset basis.
 */
#define BLOOM_HASH_SEED1 2166136261u
/**
 * BLOOM_HASH_SEED2: (skip)
 *
 * Where h2 starts (SPEC H2).
 */
#define BLOOM_HASH_SEED2 0xdeadbeefu
/**
 * BLOOM_HASH_PRIME: (skip)
 *
 * The FNV-1a prime each step multiplies by (SPEC H1).
 */
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
