/* bloom-sample.h — measuring a false-positive rate on a random sample: the
 * random strings, the result of one measurement and its Wilson interval
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* How many strings one measurement draws. */
#define BLOOM_SAMPLE_SIZE_MIN       100
#define BLOOM_SAMPLE_SIZE_MAX       100000
#define BLOOM_SAMPLE_SIZE_DEFAULT   10000

/* How many characters each drawn string has (SPEC T1's limit). */
#define BLOOM_SAMPLE_LENGTH_MIN     1
#define BLOOM_SAMPLE_LENGTH_MAX     256
#define BLOOM_SAMPLE_LENGTH_DEFAULT 8

/* The characters drawn: printable ASCII, U+0020 (space) to U+007E (~). */
#define BLOOM_SAMPLE_FIRST_CHAR     0x20
#define BLOOM_SAMPLE_N_CHARS        95

/* How many false-positive strings a result keeps: the first ones drawn. */
#define BLOOM_SAMPLE_FALSE_POSITIVES_KEPT 10

/* z of the two-sided normal quantile: 95 % and 99.9 % confidence. The
 * (value) annotations give bindings every digit; g-ir-scanner would write
 * six. */
/**
 * BLOOM_Z_95: (value 1.959963984540054)
 *
 * z of the two-sided normal quantile at 95 % confidence.
 */
#define BLOOM_Z_95                  1.959963984540054
/**
 * BLOOM_Z_999: (value 3.2905267314918945)
 *
 * z of the two-sided normal quantile at 99.9 % confidence.
 */
#define BLOOM_Z_999                 3.2905267314918945

#define BLOOM_TYPE_SAMPLE_RESULT (bloom_sample_result_get_type ())

typedef struct _BloomSampleResult BloomSampleResult;

/**
 * BloomSampleResult:
 * @m: bits of the filter sampled
 * @k: positions per string
 * @n_entries: distinct strings stored in the filter sampled (n)
 * @bits_set: bits set in the filter sampled (X)
 * @length: characters of every drawn string
 * @seed: the seed the strings were drawn from
 * @n_samples: strings drawn
 * @n_skipped: drawn strings that are stored in the filter: counted here,
 *   not queried
 * @n_queries: @n_samples − @n_skipped, the negative queries
 * @n_false_positives: negative queries whose k bits were all set (x)
 * @z: the confidence of @low and @high, as a normal quantile
 * @low: lower end of the Wilson score interval of x / @n_queries at @z
 * @high: upper end of that interval
 * @ideal_rate: the ideal-hash approximation of SPEC R6,
 *   (1 − e^(−kn/m))^k
 * @finite_rate: the finite-m approximation, (1 − (1 − 1/m)^(kn))^k
 * @fill_rate: the estimate from the bits actually set, (X/m)^k
 *
 * One measurement of the false-positive rate: x / @n_queries with its
 * interval, beside what the three formulas say for the same filter, and
 * the first false positives drawn, for
 * bloom_sample_result_get_false_positive_string().
 */
struct _BloomSampleResult
{
  guint   m;
  guint   k;
  guint   n_entries;
  guint   bits_set;
  guint   length;
  guint64 seed;
  guint   n_samples;
  guint   n_skipped;
  guint   n_queries;
  guint   n_false_positives;
  double  z;
  double  low;
  double  high;
  double  ideal_rate;
  double  finite_rate;
  double  fill_rate;

  /*< private >*/
  /* The first min (x, BLOOM_SAMPLE_FALSE_POSITIVES_KEPT) false positives in
   * the order drawn, each NUL-terminated in a slot of its own: inline, so
   * a result stays a plain value that can be copied and compared byte by
   * byte, as the caller-allocated results of the sampler are. */
  char    false_positives[BLOOM_SAMPLE_FALSE_POSITIVES_KEPT * (BLOOM_SAMPLE_LENGTH_MAX + 1)];
};

GType              bloom_sample_result_get_type (void) G_GNUC_CONST;
BloomSampleResult *bloom_sample_result_copy     (const BloomSampleResult *self);
void               bloom_sample_result_free     (BloomSampleResult       *self);
gboolean           bloom_sample_result_get_rate (const BloomSampleResult *self,
                                                 double                  *rate);
gboolean           bloom_sample_result_contains (const BloomSampleResult *self,
                                                 double                   rate);
guint              bloom_sample_result_get_n_false_positive_strings
                                                (const BloomSampleResult *self);
const char        *bloom_sample_result_get_false_positive_string
                                                (const BloomSampleResult *self,
                                                 guint                    i);
char             **bloom_sample_result_dup_false_positive_strings
                                                (const BloomSampleResult *self);

void               bloom_wilson_interval        (guint                    successes,
                                                 guint                    trials,
                                                 double                   z,
                                                 double                  *low,
                                                 double                  *high);

char             **bloom_sample_strings         (guint64                  seed,
                                                 guint                    length,
                                                 guint                    n_strings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BloomSampleResult, bloom_sample_result_free)

G_END_DECLS
