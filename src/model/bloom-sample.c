/* bloom-sample.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-sample"

#include "config.h"

#include <math.h>
#include <string.h>

#include "bloom-sample-private.h"

G_DEFINE_BOXED_TYPE (BloomSampleResult, bloom_sample_result,
                     bloom_sample_result_copy, bloom_sample_result_free)

/**
 * bloom_sample_result_copy:
 * @self: a result
 *
 * Returns: (transfer full): a copy of @self
 */
BloomSampleResult *
bloom_sample_result_copy (const BloomSampleResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_memdup2 (self, sizeof *self);
}

/**
 * bloom_sample_result_free:
 * @self: a result from bloom_sample_result_copy()
 *
 * Frees @self.
 */
void
bloom_sample_result_free (BloomSampleResult *self)
{
  g_free (self);
}

/**
 * bloom_sample_result_get_rate:
 * @self: a result
 * @rate: (out) (optional): x / n_queries
 *
 * The measured rate. Like the observed rate of SPEC R4 it is undefined,
 * not zero, when no string was queried (every drawn one was stored).
 *
 * Returns: %FALSE when the rate is undefined; @rate is then not set
 */
gboolean
bloom_sample_result_get_rate (const BloomSampleResult *self,
                              double                  *rate)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->n_queries == 0)
    return FALSE;

  if (rate != NULL)
    *rate = (double) self->n_false_positives / self->n_queries;

  return TRUE;
}

/**
 * bloom_sample_result_contains:
 * @self: a result
 * @rate: a rate, such as one of the formulas' in @self
 *
 * Returns: whether @rate lies inside the closed interval [low, high]
 */
gboolean
bloom_sample_result_contains (const BloomSampleResult *self,
                              double                   rate)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->low <= rate && rate <= self->high;
}

#define SLOT_SIZE (BLOOM_SAMPLE_LENGTH_MAX + 1)

/**
 * bloom_sample_result_get_n_false_positive_strings:
 * @self: a result
 *
 * Returns: how many of the false positives @self names: x, at most
 *   %BLOOM_SAMPLE_FALSE_POSITIVES_KEPT
 */
guint
bloom_sample_result_get_n_false_positive_strings (const BloomSampleResult *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return MIN (self->n_false_positives, BLOOM_SAMPLE_FALSE_POSITIVES_KEPT);
}

/**
 * bloom_sample_result_get_false_positive_string:
 * @self: a result
 * @i: less than bloom_sample_result_get_n_false_positive_strings()
 *
 * The @i-th false positive drawn: a random string that is not stored but
 * whose k bits were all set. The same seed gives the same strings.
 *
 * Returns: (transfer none): the string, owned by @self
 */
const char *
bloom_sample_result_get_false_positive_string (const BloomSampleResult *self,
                                               guint                    i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < bloom_sample_result_get_n_false_positive_strings (self), NULL);

  return self->false_positives + (gsize) i * SLOT_SIZE;
}

/**
 * bloom_sample_result_dup_false_positive_strings:
 * @self: a result
 *
 * The first false positives drawn, in order, at most
 * %BLOOM_SAMPLE_FALSE_POSITIVES_KEPT of them.
 *
 * Returns: (transfer full) (array zero-terminated=1): the strings
 */
char **
bloom_sample_result_dup_false_positive_strings (const BloomSampleResult *self)
{
  guint n;
  char **strings;

  g_return_val_if_fail (self != NULL, NULL);

  n = bloom_sample_result_get_n_false_positive_strings (self);
  strings = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    strings[i] = g_strdup (bloom_sample_result_get_false_positive_string (self, i));

  return strings;
}

/* The sampler's: the @i-th false positive, @length characters of @text. */
void
bloom_sample_result_keep_false_positive (BloomSampleResult *self,
                                         guint              i,
                                         const char        *text,
                                         guint              length)
{
  char *slot = self->false_positives + (gsize) i * SLOT_SIZE;

  g_assert (i < BLOOM_SAMPLE_FALSE_POSITIVES_KEPT && length < SLOT_SIZE);

  memcpy (slot, text, length);
  slot[length] = '\0';
}

/**
 * bloom_wilson_interval:
 * @successes: x, at most @trials
 * @trials: n
 * @z: the normal quantile of the confidence wanted, such as %BLOOM_Z_95
 * @low: (out): lower end
 * @high: (out): upper end
 *
 * The Wilson score interval of the proportion x/n (Wilson 1927): the
 * p for which |x/n − p| ≤ z·√(p(1 − p)/n). Unlike x/n ± z·√(…) it stays
 * inside [0, 1] and does not shrink to the point 0 at x = 0, where a rate
 * of false positives often is. With no trials it is [0, 1]: nothing is
 * known.
 */
void
bloom_wilson_interval (guint   successes,
                       guint   trials,
                       double  z,
                       double *low,
                       double *high)
{
  double x = successes;
  double n = trials;
  double z2 = z * z;
  double center, half;

  g_return_if_fail (successes <= trials);
  g_return_if_fail (z > 0);
  g_return_if_fail (low != NULL);
  g_return_if_fail (high != NULL);

  if (trials == 0)
    {
      *low = 0.0;
      *high = 1.0;
      return;
    }

  /* The roots of (x − np)² = z²·np(1 − p), written as
   * ((2x + z²) ∓ z·√(z² + 4x(n − x)/n)) / (2(n + z²)): no p̂(1 − p̂) to
   * lose digits in. At x = 0 the low end is exactly 0, as √(z²) is z in
   * IEEE arithmetic; at x = n the high end is set to 1, because the sum
   * rounds to just above or below 1 for some n, and a rate of 1 must lie
   * inside. */
  center = (2 * x + z2) / (2 * (n + z2));
  half = z * sqrt (z2 + 4 * x * (n - x) / n) / (2 * (n + z2));

  *low = center - half;
  *high = successes == trials ? 1.0 : center + half;
}

/* SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom
 * number generators", OOPSLA 2014), exactly as Vigna's splitmix64.c at
 * prng.di.unimi.it: a fixed algorithm, unlike GRand's, so a seed draws
 * the same strings on every machine and in every version. */
static inline guint64
splitmix64_next (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);

  return z ^ (z >> 31);
}

/* One string of @length characters into @text (NUL-terminated, so
 * @length + 1 bytes) and, the same characters, into @units: one output of
 * the generator per character, character = 0x20 + ⌊(x >> 32) · 95 / 2³²⌋.
 * Each of the 95 characters then has probability ⌊2³²/95⌋/2³² or
 * ⌈2³²/95⌉/2³², uniform to within 2⁻³², with no rejection loop, and the
 * formula is one line in any language with 64-bit integers. */
void
bloom_sample_draw_text (guint64   *state,
                        guint      length,
                        char      *text,
                        gunichar2 *units)
{
  g_assert (length >= BLOOM_SAMPLE_LENGTH_MIN && length <= BLOOM_SAMPLE_LENGTH_MAX);

  for (guint i = 0; i < length; i++)
    {
      guint64 x = splitmix64_next (state);
      char c = BLOOM_SAMPLE_FIRST_CHAR + (char) (((x >> 32) * BLOOM_SAMPLE_N_CHARS) >> 32);

      text[i] = c;
      units[i] = (gunichar2) c;
    }
  text[length] = '\0';
}

/**
 * bloom_sample_strings:
 * @seed: the seed
 * @length: characters per string, %BLOOM_SAMPLE_LENGTH_MIN to
 *   %BLOOM_SAMPLE_LENGTH_MAX
 * @n_strings: how many
 *
 * The first @n_strings strings that a measurement with @seed draws, in
 * order, so that they can be shown or checked by hand. The generator is
 * SplitMix64 with its state set to @seed; each character takes one 64-bit
 * output x and is U+0020 + ⌊(x >> 32) · 95 / 2³²⌋, so strings are drawn
 * uniformly from the 95^@length strings of printable ASCII.
 *
 * Returns: (transfer full) (array zero-terminated=1): the strings
 */
char **
bloom_sample_strings (guint64 seed,
                      guint   length,
                      guint   n_strings)
{
  g_autofree gunichar2 *units = NULL;
  guint64 state = seed;
  char **strings;

  g_return_val_if_fail (length >= BLOOM_SAMPLE_LENGTH_MIN && length <= BLOOM_SAMPLE_LENGTH_MAX,
                        NULL);

  units = g_new (gunichar2, length);
  strings = g_new0 (char *, (gsize) n_strings + 1);
  for (guint i = 0; i < n_strings; i++)
    {
      strings[i] = g_malloc (length + 1);
      bloom_sample_draw_text (&state, length, strings[i], units);
    }

  return strings;
}
