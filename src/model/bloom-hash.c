/* bloom-hash.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "bloom-hash.h"

/**
 * bloom_hash_units:
 * @units: (array length=n_units): UTF-16 code units
 * @n_units: how many
 * @seed: where the hash starts, %BLOOM_HASH_SEED1 or %BLOOM_HASH_SEED2
 *
 * SPEC H1: FNV-1a style, but over UTF-16 code units rather than octets,
 * because the original ran on JavaScript strings.
 *
 * Returns: the hash of @units
 */
guint32
bloom_hash_units (const gunichar2 *units,
                  gsize            n_units,
                  guint32          seed)
{
  guint32 h = seed;

  g_return_val_if_fail (units != NULL || n_units == 0, seed);

  for (gsize i = 0; i < n_units; i++)
    {
      h ^= units[i];
      h *= BLOOM_HASH_PRIME;
    }

  return h;
}

/**
 * bloom_hash_pair:
 * @units: (array length=n_units): UTF-16 code units
 * @n_units: how many
 * @h1: (out): the hash with %BLOOM_HASH_SEED1
 * @h2: (out): the hash with %BLOOM_HASH_SEED2, made odd
 *
 * SPEC H2: h2 is made odd so that the step never is zero.
 */
void
bloom_hash_pair (const gunichar2 *units,
                 gsize            n_units,
                 guint32         *h1,
                 guint32         *h2)
{
  g_return_if_fail (units != NULL || n_units == 0);
  g_return_if_fail (h1 != NULL);
  g_return_if_fail (h2 != NULL);

  *h1 = bloom_hash_units (units, n_units, BLOOM_HASH_SEED1);
  *h2 = bloom_hash_units (units, n_units, BLOOM_HASH_SEED2) | 1u;
}

/**
 * bloom_hash_position:
 * @h1: the first hash
 * @h2: the second hash
 * @i: which position, from 0 to k − 1
 * @m: bits of the filter, more than 0
 *
 * SPEC H3: exact 64-bit arithmetic; i·h2 must not wrap at 32 bits.
 *
 * Returns: the position, (h1 + i·h2) mod m
 */
guint
bloom_hash_position (guint32 h1,
                     guint32 h2,
                     guint   i,
                     guint   m)
{
  g_return_val_if_fail (m > 0, 0);

  return (guint) (((guint64) h1 + (guint64) i * (guint64) h2) % m);
}
