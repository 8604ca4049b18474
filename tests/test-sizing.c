/* test-sizing.c — SPEC S1: m and k from n and p, and how p and n are typed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "bloom-model.h"
#include "bloom-sizing-private.h"

/* (ln 2)² = 0.480453014, ln 2 = 0.693147181 throughout. */

/* n = 100, p = 1%: −ln 0.01 = 4.605170186;
 * m = ⌈100·4.605170186 / 0.480453014⌉ = ⌈958.5058⌉ = 959;
 * k = round((959/100)·0.693147181) = round(6.64728) = 7. Nothing clamped. */
static void
test_textbook (void)
{
  BloomSizing s;

  bloom_sizing_compute (100, 0.01, &s);
  g_assert_cmpfloat_with_epsilon (s.m_real, 958.5058, 1e-4);
  g_assert_cmpuint (s.ideal_m, ==, 959);
  g_assert_cmpuint (s.ideal_k, ==, 7);
  g_assert_cmpuint (s.m, ==, 959);
  g_assert_cmpuint (s.k, ==, 7);
  g_assert_cmpfloat_with_epsilon (s.k_real, 6.64728, 1e-5);
  g_assert_false (s.m_clamped);
  g_assert_false (s.k_clamped);
  /* (1 − e^(−7·100/959))^7 = (1 − e^(−0.729927))^7 = 0.518070^7 = 0.0100147 */
  g_assert_cmpfloat_with_epsilon (s.rate, 0.0100147, 1e-7);

  /* n = 50, p = 0.1%: m = ⌈50·6.907755 / 0.480453⌉ = ⌈718.879⌉ = 719;
   * k = round(14.38·0.693147) = round(9.9675) = 10. */
  bloom_sizing_compute (50, 0.001, &s);
  g_assert_cmpuint (s.m, ==, 719);
  g_assert_cmpuint (s.k, ==, 10);
  g_assert_false (s.m_clamped || s.k_clamped);
}

/* n = 1000, p = 1%: ideal m = ⌈9585.058⌉ = 9586 and ideal k =
 * round(9.586·0.693147) = round(6.6445) = 7; m is clamped to 1024, and k
 * for that m is round((1024/1000)·0.693147) = round(0.70978) = 1. The
 * suggestion then reaches only 1 − e^(−1000/1024) = 1 − e^(−0.9765625) =
 * 0.62340, far above the target. */
static void
test_clamp_m_high (void)
{
  BloomSizing s;

  bloom_sizing_compute (1000, 0.01, &s);
  g_assert_cmpuint (s.ideal_m, ==, 9586);
  g_assert_cmpuint (s.ideal_k, ==, 7);
  g_assert_cmpuint (s.m, ==, 1024);
  g_assert_true (s.m_clamped);
  g_assert_cmpfloat_with_epsilon (s.k_real, 0.709783, 1e-6);
  g_assert_cmpuint (s.k, ==, 1);
  g_assert_false (s.k_clamped);
  g_assert_cmpfloat_with_epsilon (s.rate, 0.623397, 1e-6);
}

/* n = 1, p = 50%: m = ⌈0.693147/0.480453⌉ = ⌈1.4427⌉ = 2, ideal k =
 * round(2·0.693147) = 1; m is raised to 8, and k = round(8·0.693147) =
 * round(5.5452) = 6. */
static void
test_clamp_m_low (void)
{
  BloomSizing s;

  bloom_sizing_compute (1, 0.5, &s);
  g_assert_cmpuint (s.ideal_m, ==, 2);
  g_assert_cmpuint (s.ideal_k, ==, 1);
  g_assert_cmpuint (s.m, ==, 8);
  g_assert_true (s.m_clamped);
  g_assert_cmpuint (s.k, ==, 6);
  g_assert_false (s.k_clamped);

  /* n = 10, p = 90%: m = ⌈10·0.1053605/0.480453⌉ = ⌈2.1929⌉ = 3, ideal k =
   * round(0.3·0.693147) = round(0.2079) = 0; with m = 8,
   * k = round(0.8·0.693147) = round(0.5545) = 1. */
  bloom_sizing_compute (10, 0.9, &s);
  g_assert_cmpuint (s.ideal_m, ==, 3);
  g_assert_cmpuint (s.ideal_k, ==, 0);
  g_assert_cmpuint (s.m, ==, 8);
  g_assert_cmpuint (s.k, ==, 1);
  g_assert_false (s.k_clamped);
}

static void
test_clamp_k (void)
{
  BloomSizing s;

  /* n = 1, p = 10⁻⁹: m = ⌈20.7233/0.480453⌉ = ⌈43.133⌉ = 44, in range;
   * k = round(44·0.693147) = round(30.498) = 30, clamped to 12. */
  bloom_sizing_compute (1, 1e-9, &s);
  g_assert_cmpuint (s.m, ==, 44);
  g_assert_false (s.m_clamped);
  g_assert_cmpuint (s.ideal_k, ==, 30);
  g_assert_cmpuint (s.k, ==, 12);
  g_assert_true (s.k_clamped);

  /* n = 2000, p = 50%: m = ⌈2000·1.442695⌉ = 2886, clamped to 1024;
   * k = round(0.512·0.693147) = round(0.35489) = 0, raised to 1. */
  bloom_sizing_compute (2000, 0.5, &s);
  g_assert_cmpuint (s.ideal_m, ==, 2886);
  g_assert_cmpuint (s.m, ==, 1024);
  g_assert_true (s.m_clamped);
  g_assert_cmpuint (s.k, ==, 1);
  g_assert_true (s.k_clamped);

  /* The extremes stay finite: n = 10⁹ and the smallest positive p. */
  bloom_sizing_compute (BLOOM_SIZING_ITEMS_MAX, 4.9e-324, &s);
  g_assert_cmpuint (s.m, ==, 1024);
  g_assert_cmpuint (s.k, ==, 1);
  g_assert_true (isfinite (s.m_real));
  g_assert_cmpuint (s.ideal_m, >, G_GUINT64_CONSTANT (1000000000000));
}

/* The formulas the plot and the details show, by hand for small cases. */
static void
test_rates (void)
{
  /* m = 8, k = 2, n = 1: approximation (1 − e^(−2/8))^2 = (1 − 0.778801)^2
   * = 0.221199^2 = 0.0489291; finite m: (1 − (7/8)^2)^2 = (15/64)^2 =
   * 225/4096 = 0.054931640625. */
  g_assert_cmpfloat_with_epsilon (bloom_rate_approximate (8, 2, 1), 0.0489291, 1e-7);
  g_assert_cmpfloat_with_epsilon (bloom_rate_exact (8, 2, 1), 225.0 / 4096.0, 1e-15);
  /* m = 8, k = 1, n = 1: 1 − 7/8 = 0.125 exactly; the approximation is
   * 1 − e^(−1/8) = 0.117503 (the seed trace's "approx"). */
  g_assert_cmpfloat_with_epsilon (bloom_rate_exact (8, 1, 1), 0.125, 1e-15);
  g_assert_cmpfloat_with_epsilon (bloom_rate_approximate (8, 1, 1), 0.11750309741540454, 1e-15);
  /* n = 0: nothing is set, nothing is a false positive. */
  g_assert_cmpfloat (bloom_rate_approximate (64, 3, 0), ==, 0.0);
  g_assert_cmpfloat (bloom_rate_exact (64, 3, 0), ==, 0.0);

  /* (X/m)^k: 2 of 8 bits set, k = 2: (1/4)^2 = 1/16. */
  g_assert_cmpfloat (bloom_rate_from_fill (8, 2, 2), ==, 0.0625);
  g_assert_cmpfloat (bloom_rate_from_fill (8, 12, 8), ==, 1.0);
  g_assert_cmpfloat (bloom_rate_from_fill (8, 3, 0), ==, 0.0);

  /* k* = (m/n)·ln 2: 64/8·0.693147 = 5.545177. */
  g_assert_cmpfloat_with_epsilon (bloom_rate_optimal_k (64, 8), 5.545177, 1e-6);
  g_assert_true (isinf (bloom_rate_optimal_k (64, 0)));

  /* n̂ = −(m/k)·ln(1 − X/m): X = 2 of 8, k = 2: −4·ln(0.75) = 4·0.287682
   * = 1.150728; X = 1 of 8, k = 1: 8·ln(8/7) = 8·0.133531 = 1.068251. */
  g_assert_cmpfloat_with_epsilon (bloom_estimate_entries (8, 2, 2), 1.150728, 1e-6);
  g_assert_cmpfloat_with_epsilon (bloom_estimate_entries (8, 1, 1), 1.068251, 1e-6);
  g_assert_cmpfloat (bloom_estimate_entries (8, 1, 0), ==, 0.0);
  g_assert_true (isinf (bloom_estimate_entries (8, 1, 8)));
}

static void
assert_items (const char *separator,
              const char *text,
              guint       expected)
{
  g_autoptr(GError) error = NULL;
  guint n = 0;

  g_assert_true (bloom_sizing_parse_items_full (text, separator, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, expected);
}

static void
assert_items_error (const char *separator,
                    const char *text,
                    int         code)
{
  g_autoptr(GError) error = NULL;
  guint n = 12345;

  g_assert_false (bloom_sizing_parse_items_full (text, separator, &n, &error));
  g_assert_error (error, BLOOM_ERROR, code);
  g_assert_cmpuint (n, ==, 12345);
  /* The message says what range to enter. */
  g_assert_nonnull (strstr (error->message, "1000000000"));
}

static void
test_parse_items (void)
{
  g_autoptr(GError) error = NULL;
  guint n = 0;

  assert_items ("", "100", 100);
  assert_items ("", " 100\t", 100);
  assert_items ("", "+7", 7);
  assert_items ("", "1", 1);
  assert_items ("", "1000000000", 1000000000);
  /* Digit groups as the locale writes them: English, German, French. */
  assert_items (",", "1,000", 1000);
  assert_items (",", "12,345,678", 12345678);
  assert_items (".", "1.000", 1000);
  assert_items ("\xe2\x80\xaf", "10\xe2\x80\xaf" "000", 10000);
  assert_items ("\xe2\x80\xaf", "10 000", 10000);
  assert_items ("\xc2\xa0", "1\xc2\xa0" "000\xc2\xa0" "000", 1000000);

  assert_items_error ("", "", BLOOM_ERROR_PARAMETER_EMPTY);
  assert_items_error ("", "   ", BLOOM_ERROR_PARAMETER_EMPTY);
  assert_items_error ("", "abc", BLOOM_ERROR_PARAMETER_NOT_INTEGER);
  assert_items_error ("", "1.5", BLOOM_ERROR_PARAMETER_NOT_INTEGER);
  assert_items_error ("", "1e3", BLOOM_ERROR_PARAMETER_NOT_INTEGER);
  /* Without the locale's separator "1,000" could be 1 or 1000: refused,
   * never guessed. */
  assert_items_error ("", "1,000", BLOOM_ERROR_PARAMETER_NOT_INTEGER);
  assert_items_error (",", "1,00", BLOOM_ERROR_PARAMETER_NOT_INTEGER);
  assert_items_error (",", "1,0000", BLOOM_ERROR_PARAMETER_NOT_INTEGER);
  assert_items_error (",", "01,000", BLOOM_ERROR_PARAMETER_NOT_INTEGER);
  assert_items_error ("", "0", BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);
  assert_items_error ("", "-3", BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);
  assert_items_error ("", "1000000001", BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);
  assert_items_error ("", "99999999999999999999999", BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);

  /* The public parser uses the locale's separator: none in C. */
  g_assert_true (bloom_sizing_parse_items ("250", &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 250);
}

static void
assert_rate (const char *separator,
             const char *text,
             double      expected)
{
  g_autoptr(GError) error = NULL;
  double p = -1;

  g_assert_true (bloom_sizing_parse_rate_full (text, separator, &p, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (p, ==, expected);
}

static void
assert_rate_error (const char *separator,
                   const char *text,
                   int         code)
{
  g_autoptr(GError) error = NULL;
  double p = -1;

  g_assert_false (bloom_sizing_parse_rate_full (text, separator, &p, &error));
  g_assert_error (error, BLOOM_ERROR, code);
  g_assert_cmpfloat (p, ==, -1);
}

static void
test_parse_rate (void)
{
  g_autoptr(GError) error = NULL;
  double p = 0;

  /* Percentages, with or without a space, either decimal separator, and
   * the full-width sign of Chinese input methods. */
  assert_rate ("", "1%", 0.01);
  assert_rate ("", "0.5 %", 0.005);
  assert_rate ("", "0,5 %", 0.005);
  assert_rate ("", " 0.5% ", 0.005);
  assert_rate ("", "5\xef\xbc\x85", 0.05);
  assert_rate ("", "50%", 0.5);
  /* One in N, and other fractions. */
  assert_rate ("", "1 in 100", 0.01);
  assert_rate ("", "1 IN 1000", 0.001);
  assert_rate ("", "1/100", 0.01);
  assert_rate ("", " 1 / 100 ", 0.01);
  assert_rate ("", "3/1000", 0.003);
  assert_rate ("", "1 in 2,5", 0.4);
  /* Plain decimals. */
  assert_rate ("", "0.01", 0.01);
  assert_rate ("", ",5", 0.5);
  assert_rate ("", "1e-3", 0.001);
  /* Digit groups as the locale writes them. */
  assert_rate (",", "1 in 1,000", 0.001);
  assert_rate (",", "0,5%", 0.005);
  assert_rate (".", "1 in 1.000", 0.001);
  assert_rate (".", "0,5 %", 0.005);
  assert_rate (".", "0.001", 0.001);
  assert_rate ("\xe2\x80\xaf", "1 in 10 000", 0.0001);

  assert_rate_error ("", "", BLOOM_ERROR_PARAMETER_EMPTY);
  assert_rate_error ("", "abc", BLOOM_ERROR_PARAMETER_NOT_RATE);
  assert_rate_error ("", "%", BLOOM_ERROR_PARAMETER_NOT_RATE);
  assert_rate_error ("", "1 in", BLOOM_ERROR_PARAMETER_NOT_RATE);
  assert_rate_error ("", "in 100", BLOOM_ERROR_PARAMETER_NOT_RATE);
  assert_rate_error ("", "1//100", BLOOM_ERROR_PARAMETER_NOT_RATE);
  assert_rate_error ("", "1in100", BLOOM_ERROR_PARAMETER_NOT_RATE);
  assert_rate_error ("", "1.5.0", BLOOM_ERROR_PARAMETER_NOT_RATE);
  assert_rate_error ("", "1e", BLOOM_ERROR_PARAMETER_NOT_RATE);
  assert_rate_error ("", "1 %%", BLOOM_ERROR_PARAMETER_NOT_RATE);
  assert_rate_error ("", "\xff", BLOOM_ERROR_PARAMETER_NOT_RATE);
  assert_rate_error ("", "0", BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);
  assert_rate_error ("", "0 %", BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);
  assert_rate_error ("", "1", BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);
  assert_rate_error ("", "100%", BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);
  assert_rate_error ("", "-1%", BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);
  assert_rate_error ("", "1 in 0", BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);
  assert_rate_error ("", "1 in 1", BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);
  assert_rate_error ("", "2/1", BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);
  assert_rate_error ("", "1e999", BLOOM_ERROR_PARAMETER_NOT_RATE);

  g_assert_true (bloom_sizing_parse_rate ("2 %", &p, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (p, ==, 0.02);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sizing/textbook", test_textbook);
  g_test_add_func ("/sizing/clamp-m-high", test_clamp_m_high);
  g_test_add_func ("/sizing/clamp-m-low", test_clamp_m_low);
  g_test_add_func ("/sizing/clamp-k", test_clamp_k);
  g_test_add_func ("/sizing/rates", test_rates);
  g_test_add_func ("/sizing/parse-items", test_parse_items);
  g_test_add_func ("/sizing/parse-rate", test_parse_rate);

  return g_test_run ();
}
