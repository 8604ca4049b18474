/* bloom-session-counters.c — what a BloomSession's counters and bits
 * say (SPEC R): the observed, approximate and exact false-positive rates,
 * the fill, the estimated number of entries, and which stored entries set
 * each bit (provenance). The filter and its entries are in
 * bloom-session.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-session"

#include "config.h"

#include <math.h>

#include "bloom-filter-private.h"
#include "bloom-session-private.h"
#include "bloom-sizing.h"

/**
 * bloom_session_get_negative_queries:
 * @self: a session
 *
 * Returns: the queries of strings not stored since the last insert of a
 *   new string (SPEC R3)
 */
guint
bloom_session_get_negative_queries (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), 0);

  return self->negative_queries;
}

/**
 * bloom_session_get_false_positives:
 * @self: a session
 *
 * Returns: how many of the negative queries found all their bits set
 */
guint
bloom_session_get_false_positives (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), 0);

  return self->false_positives;
}

/**
 * bloom_session_get_observed_rate:
 * @self: a session
 * @rate: (out) (optional): false positives / negative queries
 *
 * SPEC R1, R4: the rate is undefined, not zero, when no negative query
 * was made.
 *
 * Returns: %FALSE when the rate is undefined; @rate is then not set
 */
gboolean
bloom_session_get_observed_rate (BloomSession *self,
                                 double       *rate)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);

  if (self->negative_queries == 0)
    return FALSE;

  if (rate != NULL)
    *rate = (double) self->false_positives / (double) self->negative_queries;

  return TRUE;
}

/**
 * bloom_session_get_approximate_rate:
 * @self: a session
 *
 * SPEC R6: the ideal-hash approximation.
 *
 * Returns: the rate, (1 − e^(−kn/m))^k, or 0 when no filter is active
 */
double
bloom_session_get_approximate_rate (BloomSession *self)
{
  double m, k, n;

  g_return_val_if_fail (BLOOM_IS_SESSION (self), 0.0);

  if (self->filter == NULL)
    return 0.0;

  m = bloom_filter_get_m (self->filter);
  k = bloom_filter_get_k (self->filter);
  n = self->entries->len;

  return pow (-expm1 (-k * n / m), k);
}

/**
 * bloom_session_get_exact_rate:
 * @self: a session
 *
 * The approximation without replacing (1 − 1/m)^(kn) by e^(−kn/m); see
 * bloom_rate_exact() for what it still assumes.
 *
 * Returns: the rate, (1 − (1 − 1/m)^(kn))^k, or 0 when no filter is active
 */
double
bloom_session_get_exact_rate (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), 0.0);

  if (self->filter == NULL)
    return 0.0;

  return bloom_rate_exact (bloom_filter_get_m (self->filter), bloom_filter_get_k (self->filter),
                           self->entries->len);
}

/**
 * bloom_session_get_fill_rate:
 * @self: a session
 *
 * The rate if each position of a new string were uniform and independent
 * over the bits actually set.
 *
 * Returns: the rate, (X/m)^k with X the bits set, or 0 when no filter is active
 */
double
bloom_session_get_fill_rate (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), 0.0);

  if (self->filter == NULL)
    return 0.0;

  return bloom_rate_from_fill (bloom_filter_get_m (self->filter), bloom_filter_get_k (self->filter),
                               bloom_filter_count_set_bits (self->filter));
}

/**
 * bloom_session_get_estimated_entries:
 * @self: a session
 *
 * How many strings the bits set suggest, X of them.
 *
 * Returns: n̂ = −(m/k)·ln(1 − X/m), infinity when every bit is set, or 0
 *   when no filter is active
 */
double
bloom_session_get_estimated_entries (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), 0.0);

  if (self->filter == NULL)
    return 0.0;

  return bloom_estimate_entries (bloom_filter_get_m (self->filter), bloom_filter_get_k (self->filter),
                                 bloom_filter_count_set_bits (self->filter));
}

/**
 * bloom_session_get_bit_setters:
 * @self: a session
 * @bit: a bit of the active filter
 * @n_setters: (out): how many entries set @bit
 *
 * The strings that set @bit.
 *
 * Returns: (transfer full) (array length=n_setters) (nullable): the
 *   indices, in insertion order, of the entries whose positions include
 *   @bit, or %NULL when there are none; free with g_free()
 */
guint *
bloom_session_get_bit_setters (BloomSession *self,
                               guint         bit,
                               guint        *n_setters)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);
  g_return_val_if_fail (n_setters != NULL, NULL);

  *n_setters = 0;

  if (self->filter == NULL)
    return NULL;

  g_return_val_if_fail (bit < bloom_filter_get_m (self->filter), NULL);

  return bloom_bit_index_get_setters (self->bit_index, bit, n_setters);
}

/**
 * bloom_session_get_first_setters: (skip)
 * @self: a session
 * @bits: (array length=n_bits): bits of the active filter
 * @n_bits: how many
 * @entries: (out caller-allocates) (array length=n_bits): for each bit,
 *   an entry
 *
 * bloom_session_get_first_setter() for each of @n_bits bits: @entries[i]
 * is the first entry whose positions include @bits[i], or %G_MAXUINT when
 * none does. Not for bindings, which cannot hand in the array to fill:
 * they call bloom_session_get_first_setter() per bit.
 */
void
bloom_session_get_first_setters (BloomSession *self,
                                 const guint  *bits,
                                 guint         n_bits,
                                 guint        *entries)
{
  g_return_if_fail (BLOOM_IS_SESSION (self));
  g_return_if_fail (bits != NULL || n_bits == 0);
  g_return_if_fail (entries != NULL || n_bits == 0);

  for (guint b = 0; b < n_bits; b++)
    {
      entries[b] = G_MAXUINT;
      g_return_if_fail (self->filter == NULL || bits[b] < bloom_filter_get_m (self->filter));
    }

  if (self->filter == NULL)
    return;

  for (guint b = 0; b < n_bits; b++)
    bloom_session_get_first_setter (self, bits[b], &entries[b]);
}

/**
 * bloom_session_get_first_setter:
 * @self: a session
 * @bit: a bit of the active filter
 * @entry: (out) (optional): the index of the first entry in insertion
 *   order whose positions include @bit: the one that set it
 *
 * Returns: %FALSE when no entry did, so the bit is 0; @entry is then not
 *   set
 */
gboolean
bloom_session_get_first_setter (BloomSession *self,
                                guint         bit,
                                guint        *entry)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);

  if (self->filter == NULL)
    return FALSE;

  g_return_val_if_fail (bit < bloom_filter_get_m (self->filter), FALSE);

  return bloom_bit_index_get_first_setter (self->bit_index, bit, entry);
}

/* For the state loader: the counters a document says. */
void
bloom_session_set_counters (BloomSession *self,
                            guint         negative_queries,
                            guint         false_positives)
{
  g_assert (BLOOM_IS_SESSION (self));
  g_assert (false_positives <= negative_queries);

  self->negative_queries = negative_queries;
  self->false_positives = false_positives;
}
