/* bloom-sizing.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "bloom-error.h"
#include "bloom-filter.h"
#include "bloom-sizing-private.h"

/**
 * bloom_sizing_compute:
 * @n: expected items, 1 to %BLOOM_SIZING_ITEMS_MAX
 * @p: target false-positive rate, 0 < @p < 1
 * @sizing: (out caller-allocates): the suggestion
 *
 * SPEC S1: m and k for @n items at rate @p, within the limits of a
 * filter. ln 2 and (ln 2)² as doubles; G_LN2 is exact to double.
 */
void
bloom_sizing_compute (guint        n,
                      double       p,
                      BloomSizing *sizing)
{
  double k_rounded;

  g_return_if_fail (n >= 1 && n <= BLOOM_SIZING_ITEMS_MAX);
  g_return_if_fail (p > 0.0 && p < 1.0);
  g_return_if_fail (sizing != NULL);

  sizing->n = n;
  sizing->p = p;
  /* With p ≥ the smallest double, −ln p ≤ 745, so m_real stays below
   * 1.6·10¹², well inside 64 bits. */
  sizing->m_real = -(double) n * log (p) / (G_LN2 * G_LN2);
  sizing->ideal_m = (guint64) ceil (sizing->m_real);
  sizing->ideal_k = (guint64) round ((double) sizing->ideal_m / n * G_LN2);

  sizing->m = (guint) CLAMP (sizing->ideal_m, BLOOM_M_MIN, BLOOM_M_MAX);
  sizing->m_clamped = sizing->m != sizing->ideal_m;

  /* The best k for the m that will really be used. */
  sizing->k_real = (double) sizing->m / n * G_LN2;
  k_rounded = round (sizing->k_real);
  sizing->k_clamped = k_rounded < BLOOM_K_MIN || k_rounded > BLOOM_K_MAX;
  sizing->k = (guint) CLAMP (k_rounded, BLOOM_K_MIN, BLOOM_K_MAX);

  sizing->rate = bloom_rate_approximate (sizing->m, sizing->k, n);
}

/**
 * bloom_rate_approximate:
 * @m: bits, more than 0
 * @k: positions per string
 * @n: strings stored
 *
 * SPEC R6: the ideal-hash approximation.
 *
 * Returns: the rate, (1 − e^(−kn/m))^k
 */
double
bloom_rate_approximate (guint m,
                        guint k,
                        guint n)
{
  g_return_val_if_fail (m > 0, 0.0);

  return pow (-expm1 (-(double) k * n / m), k);
}

/**
 * bloom_rate_exact:
 * @m: bits, more than 0
 * @k: positions per string
 * @n: strings stored
 *
 * The same model as bloom_rate_approximate() without the step
 * (1 − 1/m)^(kn) ≈ e^(−kn/m), so "exact" for finite m. It still assumes
 * kn independent, uniform positions and treats the k tested bits as
 * independent, so it is not the rate of this filter.
 *
 * Returns: the rate, (1 − (1 − 1/m)^(kn))^k
 */
double
bloom_rate_exact (guint m,
                  guint k,
                  guint n)
{
  g_return_val_if_fail (m > 0, 0.0);

  return pow (-expm1 ((double) k * n * log1p (-1.0 / m)), k);
}

/**
 * bloom_rate_from_fill:
 * @m: bits, more than 0
 * @k: positions per string
 * @bits_set: bits that are set, X, at most @m
 *
 * The chance that k positions, each uniform and independent over the m
 * bits, all land on one of the X bits that are actually set.
 *
 * Returns: the rate, (X/m)^k
 */
double
bloom_rate_from_fill (guint m,
                      guint k,
                      guint bits_set)
{
  g_return_val_if_fail (m > 0, 0.0);
  g_return_val_if_fail (bits_set <= m, 1.0);

  return pow ((double) bits_set / m, k);
}

/**
 * bloom_rate_optimal_k:
 * @m: bits
 * @n: strings stored
 *
 * The k where the approximation is smallest, before rounding.
 *
 * Returns: k* = (m/n)·ln 2, infinite for @n = 0
 */
double
bloom_rate_optimal_k (guint m,
                      guint n)
{
  if (n == 0)
    return INFINITY;

  return (double) m / n * G_LN2;
}

/**
 * bloom_estimate_entries:
 * @m: bits, more than 0
 * @k: positions per string, more than 0
 * @bits_set: bits that are set, X, at most @m
 *
 * The number of ideal-hash inserts that would set X bits on average.
 *
 * Returns: n̂ = −(m/k)·ln(1 − X/m), infinite when every bit is set
 */
double
bloom_estimate_entries (guint m,
                        guint k,
                        guint bits_set)
{
  g_return_val_if_fail (m > 0 && k > 0, 0.0);
  g_return_val_if_fail (bits_set <= m, INFINITY);

  if (bits_set == m)
    return INFINITY;

  return -(double) m / k * log1p (-(double) bits_set / m);
}

/* Input as people type it */

static gboolean
is_space_separator (const char *separator)
{
  gunichar c = g_utf8_get_char (separator);

  return c == ' ' || c == 0x00a0 || c == 0x202f || c == 0x2009;
}

/* The byte length of a digit group separator at @p, or 0. Where the
 * locale groups with a space, every space people type counts. */
static gsize
separator_at (const char *p,
              const char *separator)
{
  static const char * const spaces[] = { " ", "\xc2\xa0", "\xe2\x80\xaf", "\xe2\x80\x89" };
  gsize len;

  if (separator == NULL || *separator == '\0')
    return 0;

  len = strlen (separator);
  if (strncmp (p, separator, len) == 0)
    return len;

  if (is_space_separator (separator))
    for (guint i = 0; i < G_N_ELEMENTS (spaces); i++)
      if (g_str_has_prefix (p, spaces[i]))
        return strlen (spaces[i]);

  return 0;
}

/* "12,345,678" with the locale's separator: a first group of one to three
 * digits not starting with 0, then groups of exactly three. Appends the
 * digits to @out and returns the end, or NULL with @out unchanged. */
static const char *
read_grouped_digits (const char *p,
                     const char *separator,
                     GString    *out)
{
  gsize mark = out->len;
  guint groups = 0;

  if (*p < '1' || *p > '9')
    return NULL;

  for (guint i = 0; i < 3 && g_ascii_isdigit (*p); i++)
    g_string_append_c (out, *p++);

  for (;;)
    {
      gsize len = separator_at (p, separator);

      if (len == 0 ||
          !g_ascii_isdigit (p[len]) || !g_ascii_isdigit (p[len + 1]) || !g_ascii_isdigit (p[len + 2]))
        break;

      g_string_append_len (out, p + len, 3);
      p += len + 3;
      groups++;
    }

  if (groups == 0 || g_ascii_isdigit (*p))
    {
      g_string_truncate (out, mark);
      return NULL;
    }

  return p;
}

/* A number as typed, written to @out in the C locale's form: digits in
 * groups of the locale's separator or none; for a fraction, one decimal
 * separator, '.' or ',' — whichever the user's habit — and an optional
 * exponent. FALSE when @text is anything else. */
static gboolean
normalize_number (const char *text,
                  const char *separator,
                  gboolean    integer,
                  GString    *out)
{
  const char *p = text;
  const char *grouped;
  guint n_digits = 0;

  g_string_truncate (out, 0);

  if (*p == '+' || *p == '-')
    g_string_append_c (out, *p++);

  grouped = read_grouped_digits (p, separator, out);
  if (grouped != NULL)
    {
      p = grouped;
      n_digits++;
    }
  else
    for (; g_ascii_isdigit (*p); p++, n_digits++)
      g_string_append_c (out, *p);

  if (!integer && (*p == '.' || *p == ','))
    {
      /* After digit groups, their separator cannot be the decimal one. */
      if (grouped != NULL && separator_at (p, separator) > 0)
        return FALSE;

      g_string_append_c (out, '.');
      for (p++; g_ascii_isdigit (*p); p++, n_digits++)
        g_string_append_c (out, *p);
    }

  if (n_digits == 0)
    return FALSE;

  if (!integer && (*p == 'e' || *p == 'E'))
    {
      g_string_append_c (out, 'e');
      p++;
      if (*p == '+' || *p == '-')
        g_string_append_c (out, *p++);
      if (!g_ascii_isdigit (*p))
        return FALSE;
      for (; g_ascii_isdigit (*p); p++)
        g_string_append_c (out, *p);
    }

  return *p == '\0';
}

static gboolean
parse_fraction (const char *text,
                const char *separator,
                double     *value)
{
  g_autoptr(GString) normalized = g_string_new (NULL);
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  char *end = NULL;

  if (!normalize_number (stripped, separator, FALSE, normalized))
    return FALSE;

  *value = g_ascii_strtod (normalized->str, &end);

  return *end == '\0' && isfinite (*value);
}

static const char *
get_group_separator (void)
{
  const char *separator = localeconv ()->thousands_sep;

  /* Only a separator that is text in our encoding can be matched. */
  if (separator == NULL || !g_utf8_validate (separator, -1, NULL))
    return "";

  return separator;
}

gboolean
bloom_sizing_parse_items_full (const char  *text,
                               const char  *group_separator,
                               guint       *n,
                               GError     **error)
{
  g_autoptr(GString) normalized = g_string_new (NULL);
  g_autofree char *stripped = NULL;
  guint64 parsed = 0;
  const char *digits;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (n != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  stripped = g_strstrip (g_strdup (text));

  if (stripped[0] == '\0')
    {
      /* Translators: %s is the parameter's name: m, k, or n (expected items) */
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_PARAMETER_EMPTY,
                   _("Enter %s, a whole number from %u to %u."), "n", 1, BLOOM_SIZING_ITEMS_MAX);
      return FALSE;
    }

  if (!g_utf8_validate (stripped, -1, NULL) ||
      !normalize_number (stripped, group_separator, TRUE, normalized))
    {
      /* Translators: the first %s is what was typed, the second the
       * parameter's name, m or k */
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_PARAMETER_NOT_INTEGER,
                   _("“%s” is not a whole number. Enter %s from %u to %u."),
                   stripped, "n", 1, BLOOM_SIZING_ITEMS_MAX);
      return FALSE;
    }

  digits = normalized->str;
  if (digits[0] == '+')
    digits++;

  /* Digits only, or a sign: failing means negative or beyond 64 bits. */
  if (digits[0] == '-' || !g_ascii_string_to_unsigned (digits, 10, 0, G_MAXUINT64, &parsed, NULL) ||
      parsed < 1 || parsed > BLOOM_SIZING_ITEMS_MAX)
    {
      /* Translators: the first %s is the parameter's name, m or k; the
       * last one what was typed */
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_PARAMETER_OUT_OF_RANGE,
                   _("%s must be from %u to %u; %s is out of range."),
                   "n", 1, BLOOM_SIZING_ITEMS_MAX, stripped);
      return FALSE;
    }

  *n = (guint) parsed;

  return TRUE;
}

/**
 * bloom_sizing_parse_items:
 * @text: the field's text
 * @n: (out): the number of items
 * @error: the place for an error
 *
 * The expected number of items: a whole number from 1 to 10⁹, digit
 * groups as the locale writes them ("1,000" in English, "1.000" in
 * German).
 *
 * Returns: %FALSE with a #BloomError, and @n not set, when @text is not
 *   such a number
 */
gboolean
bloom_sizing_parse_items (const char  *text,
                          guint       *n,
                          GError     **error)
{
  return bloom_sizing_parse_items_full (text, get_group_separator (), n, error);
}

/* Where the word of "1 in 100" stands alone in @folded, or NULL. */
static char *
find_word (char       *folded,
           const char *word)
{
  gsize len = strlen (word);

  if (len == 0)
    return NULL;

  for (char *p = strstr (folded, word); p != NULL; p = strstr (p + 1, word))
    if (p > folded && g_ascii_isspace (p[-1]) && g_ascii_isspace (p[len]))
      return p;

  return NULL;
}

/* @text, stripped and valid UTF-8, as a percentage, a fraction or a
 * decimal; FALSE when it is none of them. The range is not checked. */
static gboolean
read_rate (const char *text,
           const char *group_separator,
           double     *value)
{
  /* Only digits, separators, "e", "%", "/" and the word matter, and
   * folding case leaves the first ones alone. */
  g_autofree char *folded = g_utf8_casefold (text, -1);
  /* Translators: the word in a rate typed as “1 in 100”. Translate it
   * only if your language writes number, word, number in this order;
   * the English “in” is always understood too. */
  g_autofree char *local_word = g_utf8_casefold (C_("rate as typed", "in"), -1);
  gsize len = strlen (folded);
  gboolean ok;
  char *split;

  if (g_str_has_suffix (folded, "%") || g_str_has_suffix (folded, "\xef\xbc\x85"))
    {
      folded[len - (folded[len - 1] == '%' ? 1 : 3)] = '\0';
      ok = parse_fraction (folded, group_separator, value);
      *value /= 100.0;
    }
  else if ((split = strchr (folded, '/')) != NULL ||
           (split = find_word (folded, "in")) != NULL ||
           (split = find_word (folded, local_word)) != NULL)
    {
      double numerator = 0.0, denominator = 0.0;
      gsize word_len = 1;

      if (*split != '/')
        word_len = find_word (folded, "in") == split ? 2 : strlen (local_word);
      *split = '\0';
      ok = parse_fraction (folded, group_separator, &numerator) &&
           parse_fraction (split + word_len, group_separator, &denominator);
      /* 1 in 0 is infinite, and out of range below. */
      *value = denominator != 0.0 ? numerator / denominator : INFINITY;
    }
  else
    ok = parse_fraction (folded, group_separator, value);

  return ok;
}

gboolean
bloom_sizing_parse_rate_full (const char  *text,
                              const char  *group_separator,
                              double      *p,
                              GError     **error)
{
  g_autofree char *stripped = NULL;
  double value = 0.0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (p != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  stripped = g_strstrip (g_strdup (text));

  if (stripped[0] == '\0')
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_PARAMETER_EMPTY,
                   /* Translators: keep %% — it is written as a single % */
                   _("Enter p, the target false-positive rate: for example 1%%, 0.5 %%, "
                     "1 in 100 or 1/100."));
      return FALSE;
    }

  if (!g_utf8_validate (stripped, -1, NULL) ||
      !read_rate (stripped, group_separator, &value))
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_PARAMETER_NOT_RATE,
                   /* Translators: %s is what was typed; keep %% — it is written as a single % */
                   _("“%s” is not a rate. Enter a percentage such as 1%% or 0.5 %%, a fraction "
                     "such as 1 in 100 or 1/100, or a decimal such as 0.01."),
                   stripped);
      return FALSE;
    }

  if (!(value > 0.0 && value < 1.0))
    {
      /* What it was read as, so that "1 in 1,000" read as 1 in 1 shows. */
      g_autofree char *read = isinf (value) ? g_strdup ("∞") : g_strdup_printf ("%g", value);

      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_PARAMETER_OUT_OF_RANGE,
                   /* Translators: the first %s is what was typed, the second
                    * the number it was read as; keep %% — it is written as a
                    * single % */
                   _("p must be more than 0 and less than 1, that is, less than 100%%; "
                     "“%s” is %s."),
                   stripped, read);
      return FALSE;
    }

  *p = value;

  return TRUE;
}

/**
 * bloom_sizing_parse_rate:
 * @text: the field's text
 * @p: (out): the rate, 0 < @p < 1
 * @error: the place for an error
 *
 * The target rate as a percentage ("1%", "0.5 %", "0,5 %"), a fraction
 * ("1 in 100", "1/100") or a plain decimal ("0.01"). Either '.' or ','
 * is a decimal separator; digit groups follow the locale.
 *
 * Returns: %FALSE with a #BloomError, and @p not set, when @text is not
 *   such a rate
 */
gboolean
bloom_sizing_parse_rate (const char  *text,
                         double      *p,
                         GError     **error)
{
  return bloom_sizing_parse_rate_full (text, get_group_separator (), p, error);
}
