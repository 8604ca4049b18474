/* bloom-format.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "bloom-format.h"

/* Four significant digits in the user's locale ("0,5" in German), with
 * a real minus sign, as in the formulas beside them. */
char *
bloom_format_decimal (double value)
{
  g_autofree char *digits = g_strdup_printf ("%.4g", fabs (value));

  return value < 0 ? g_strconcat ("−", digits, NULL) : g_steal_pointer (&digits);
}

/* A count with the locale's digit grouping ("100,000", "100.000"). */
char *
bloom_format_count (guint64 count)
{
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, count);
}

/* SPEC P2, said the same in the window and when quitting. */
char *
bloom_format_unsaved_notice (gsize chars)
{
  g_autofree char *size = bloom_format_count (chars);
  g_autofree char *limit = bloom_format_count (BLOOM_STATE_MAX_STORED_CHARS);

  /* Translators: both %s are numbers of characters */
  return g_strdup_printf (_("This session is %s characters long, more than the %s that can be "
                            "kept on this computer, so it is not stored: the copy stored before "
                            "stays as it was. Export the session to a file to keep it."),
                          size, limit);
}

/* "1/2 = 0.5", or "1/3 ≈ 0.3333" when the decimal is rounded: the fraction
 * is exact, the decimal says whether it is. Its counts are grouped as
 * every count beside them ("1,256/10,000"). */
char *
bloom_format_rate (guint numerator,
                   guint denominator)
{
  char exact[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *decimal = NULL;
  g_autofree char *above = NULL;
  g_autofree char *below = NULL;
  double value;

  g_return_val_if_fail (denominator > 0, NULL);

  value = (double) numerator / (double) denominator;
  decimal = bloom_format_decimal (value);
  g_ascii_formatd (exact, sizeof exact, "%.4g", value);
  above = bloom_format_count (numerator);
  below = bloom_format_count (denominator);

  if (g_ascii_strtod (exact, NULL) == value)
    /* Translators: an exact rate, e.g. "1/2 = 0.5"; the first two %s are
     * counts, the last a decimal */
    return g_strdup_printf (_("%s/%s = %s"), above, below, decimal);
  else
    /* Translators: a rounded rate, e.g. "1/3 ≈ 0.3333"; the first two %s
     * are counts, the last a decimal */
    return g_strdup_printf (_("%s/%s ≈ %s"), above, below, decimal);
}

/* SPEC R4: never 0 or NaN when there were no negative queries. */
char *
bloom_format_observed_rate (BloomSession *session)
{
  if (!bloom_session_get_observed_rate (session, NULL))
    return g_strdup (_("undefined: no negative queries yet"));

  return bloom_format_rate (bloom_session_get_false_positives (session),
                            bloom_session_get_negative_queries (session));
}

/* A random sample's rate, x / the strings queried; SPEC R4 when every
 * string drawn was a stored one. */
char *
bloom_format_sample_rate (const BloomSampleResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);

  if (!bloom_sample_result_get_rate (result, NULL))
    return g_strdup (_("undefined: every string drawn was a stored string"));

  return bloom_format_rate (result->n_false_positives, result->n_queries);
}

/* A confidence interval of rates, "[0.01, 0.02]". */
char *
bloom_format_interval (double low,
                       double high)
{
  g_autofree char *low_text = bloom_format_decimal (low);
  g_autofree char *high_text = bloom_format_decimal (high);

  /* Translators: an interval from the first rate to the second; where
   * the decimal separator is a comma, separate them with a semicolon */
  return g_strdup_printf (_("[%s, %s]"), low_text, high_text);
}

const char *
bloom_format_outcome (BloomOutcome outcome)
{
  switch (outcome)
    {
    case BLOOM_OUTCOME_INSERTED:
      return _("Inserted");
    case BLOOM_OUTCOME_ALREADY_INSERTED:
      return _("Already inserted");
    case BLOOM_OUTCOME_MEMBER:
      return _("Contained");
    case BLOOM_OUTCOME_FALSE_POSITIVE:
      return _("False positive");
    case BLOOM_OUTCOME_DEFINITELY_ABSENT:
      return _("Definitely not contained");
    default:
      g_assert_not_reached ();
    }
}

const char *
bloom_format_outcome_icon (BloomOutcome outcome)
{
  switch (outcome)
    {
    case BLOOM_OUTCOME_INSERTED:
      return "list-add-symbolic";
    case BLOOM_OUTCOME_ALREADY_INSERTED:
    case BLOOM_OUTCOME_MEMBER:
      return "object-select-symbolic";
    case BLOOM_OUTCOME_FALSE_POSITIVE:
      return "dialog-warning-symbolic";
    case BLOOM_OUTCOME_DEFINITELY_ABSENT:
      return "action-unavailable-symbolic";
    default:
      g_assert_not_reached ();
    }
}

/* "Insert" or "Query", as the heading of the last operation. */
char *
bloom_format_operation_title (BloomOperation *operation)
{
  if (bloom_operation_get_kind (operation) == BLOOM_OPERATION_INSERT)
    return g_strdup (C_("operation", "Insert"));
  else
    return g_strdup (C_("operation", "Query"));
}

static guint
first_clear_step (BloomOperation *operation)
{
  for (guint i = 0; i < bloom_operation_get_n_positions (operation); i++)
    if (!bloom_operation_get_before (operation, i))
      return i;

  return G_MAXUINT;
}

/* The verdict's reason, checkable on the grid. */
char *
bloom_format_operation_detail (BloomOperation *operation)
{
  guint k = bloom_operation_get_n_positions (operation);
  guint step;

  switch (bloom_operation_get_outcome (operation))
    {
    case BLOOM_OUTCOME_INSERTED:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Its %u position is now set.",
                                           "All its %u positions are now set.", k), k);
    case BLOOM_OUTCOME_ALREADY_INSERTED:
      return g_strdup (_("The string was stored before: no bit, entry or counter changed."));
    case BLOOM_OUTCOME_MEMBER:
      return g_strdup (_("All its bits are set, and it was inserted: a true positive."));
    case BLOOM_OUTCOME_FALSE_POSITIVE:
      return g_strdup (_("All its bits are set, but it was never inserted: other strings set them."));
    case BLOOM_OUTCOME_DEFINITELY_ABSENT:
      step = first_clear_step (operation);
      g_assert (step != G_MAXUINT);
      return g_strdup_printf (_("Bit %u is 0, so it was never inserted."),
                              bloom_operation_get_position (operation, step));
    default:
      g_assert_not_reached ();
    }
}

/* "4, 7, 12" in the order computed, repeats included. */
char *
bloom_format_positions (BloomOperation *operation)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < bloom_operation_get_n_positions (operation); i++)
    {
      if (i > 0)
        /* Translators: the separator of a list of bit positions */
        g_string_append (text, C_("list separator", ", "));
      g_string_append_printf (text, "%u", bloom_operation_get_position (operation, i));
    }

  return g_string_free (text, FALSE);
}

/* The tooltip of one cell: "Bit 17: 1, set by "apple"", and the steps of
 * the last operation that landed on it. */
char *
bloom_format_bit_description (BloomSession *session,
                              guint         index)
{
  BloomFilter *filter = bloom_session_get_filter (session);
  BloomOperation *operation = bloom_session_get_last_operation (session);
  g_autoptr(GString) steps = g_string_new (NULL);
  guint n_steps = 0;
  g_autofree char *bit = NULL;

  g_return_val_if_fail (filter != NULL, NULL);

  bit = bloom_format_bit_provenance (session, index);

  for (guint i = 0; operation != NULL && i < bloom_operation_get_n_positions (operation); i++)
    if (bloom_operation_get_position (operation, i) == index)
      {
        if (n_steps++ > 0)
          g_string_append (steps, C_("list separator", ", "));
        g_string_append_printf (steps, "%u", i);
      }

  if (n_steps == 0)
    return g_steal_pointer (&bit);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: %s is a bit's description, then a list of steps i */
                                       "%s — position of the last operation at i = %s",
                                       "%s — position of the last operation at i = %s",
                                       n_steps),
                          bit, steps->str);
}

/* For screen readers: what a sighted user reads off the grid at a glance. */
char *
bloom_format_grid_description (BloomSession *session)
{
  BloomFilter *filter = bloom_session_get_filter (session);
  BloomOperation *operation = bloom_session_get_last_operation (session);
  g_autofree char *bits = NULL;
  g_autofree char *positions = NULL;

  if (filter == NULL)
    return g_strdup (_("No filter is active."));

  bits = g_strdup_printf (_("%u bits, %u set."),
                          bloom_filter_get_m (filter), bloom_filter_count_set_bits (filter));
  if (operation == NULL)
    return g_steal_pointer (&bits);

  positions = bloom_format_positions (operation);

  /* Translators: the first %s says how many bits are set, the second lists positions */
  return g_strdup_printf (_("%s Positions of the last operation: %s."), bits, positions);
}

/* How many setters the provenance of a bit names before it counts. */
#define PROVENANCE_NAMES 5

/* Bit provenance: "Bit 17: 1, set by "apple", "kiwi"" — the stored strings
 * whose positions include the bit, JSON-quoted, in insertion order — or
 * "Bit 17: 0 (clear)". */
char *
bloom_format_bit_provenance (BloomSession *session,
                             guint         index)
{
  BloomFilter *filter = bloom_session_get_filter (session);
  g_autofree guint *setters = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  guint n = 0;

  g_return_val_if_fail (filter != NULL, NULL);
  g_return_val_if_fail (index < bloom_filter_get_m (filter), NULL);

  if (!bloom_filter_get_bit (filter, index))
    return g_strdup_printf (_("Bit %u: 0 (clear)"), index);

  setters = bloom_session_get_bit_setters (session, index, &n);
  if (n == 0)
    return g_strdup_printf (_("Bit %u: 1 (set)"), index);

  for (guint i = 0; i < MIN (n, PROVENANCE_NAMES); i++)
    {
      const char *entry;
      gsize len;
      g_autofree char *quoted = NULL;

      entry = bloom_session_get_entry (session, setters[i], &len);
      quoted = bloom_text_quote (entry, len);
      if (i > 0)
        g_string_append (names, C_("list separator", ", "));
      g_string_append (names, quoted);
    }

  if (n <= PROVENANCE_NAMES)
    /* Translators: %u is a bit index, %s a list of JSON-quoted strings */
    return g_strdup_printf (_("Bit %u: 1, set by %s"), index, names->str);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: %u is a bit index, %s a list of
                                        * JSON-quoted strings, the last %u how many
                                        * more strings set the bit */
                                       "Bit %u: 1, set by %s and %u more string",
                                       "Bit %u: 1, set by %s and %u more strings",
                                       n - PROVENANCE_NAMES),
                          index, names->str, n - PROVENANCE_NAMES);
}

/* Step-through: what step @step (0-based, of k) of the last operation
 * does, as one sentence. */
char *
bloom_format_step (BloomOperation *operation,
                   guint           step)
{
  guint k = bloom_operation_get_n_positions (operation);
  guint position;

  g_return_val_if_fail (step < k, NULL);

  position = bloom_operation_get_position (operation, step);

  if (bloom_operation_get_kind (operation) == BLOOM_OPERATION_INSERT)
    {
      if (!bloom_operation_get_before (operation, step))
        /* Translators: "Step 3 of 12: i = 2 sets bit 17 (it was 0)." */
        return g_strdup_printf (_("Step %u of %u: i = %u sets bit %u (it was 0)."),
                                step + 1, k, step, position);
      else
        /* Translators: "Step 3 of 12: i = 2 lands on bit 17, which is already 1." */
        return g_strdup_printf (_("Step %u of %u: i = %u lands on bit %u, which is already 1."),
                                step + 1, k, step, position);
    }

  if (bloom_operation_get_before (operation, step))
    /* Translators: "Step 3 of 12: i = 2 checks bit 17: it is 1." */
    return g_strdup_printf (_("Step %u of %u: i = %u checks bit %u: it is 1."),
                            step + 1, k, step, position);
  else
    /* Translators: "Step 3 of 12: i = 2 checks bit 17: it is 0, …" */
    return g_strdup_printf (_("Step %u of %u: i = %u checks bit %u: it is 0, so the string "
                              "was never inserted."),
                            step + 1, k, step, position);
}

/* The grid's text alternative: bits, the positions shown (all, or the
 * first @revealed while stepping through them; G_MAXUINT: not stepping),
 * and the bit under the cursor with where it comes from. */
char *
bloom_format_grid_description_full (BloomSession *session,
                                    guint         revealed,
                                    guint         cursor)
{
  BloomFilter *filter = bloom_session_get_filter (session);
  BloomOperation *operation = bloom_session_get_last_operation (session);
  g_autofree char *summary = NULL;
  g_autofree char *provenance = NULL;
  g_autofree char *cursor_text = NULL;
  guint k;

  if (filter == NULL)
    return g_strdup (_("No filter is active."));

  k = operation ? bloom_operation_get_n_positions (operation) : 0;
  if (operation == NULL || revealed == G_MAXUINT)
    summary = bloom_format_grid_description (session);
  else
    {
      g_autoptr(GString) positions = g_string_new (NULL);
      g_autofree char *bits = g_strdup_printf (_("%u bits, %u set."), bloom_filter_get_m (filter),
                                               bloom_filter_count_set_bits (filter));

      revealed = MIN (revealed, k);
      for (guint i = 0; i < revealed; i++)
        {
          if (i > 0)
            g_string_append (positions, C_("list separator", ", "));
          g_string_append_printf (positions, "%u", bloom_operation_get_position (operation, i));
        }

      /* Translators: the first %s says how many bits are set, then "step 3
       * of 12", the last %s lists the positions shown so far */
      summary = g_strdup_printf (_("%s Step %u of %u of the last operation; positions so far: %s."),
                                 bits, revealed, k, positions->str);
    }

  if (cursor >= bloom_filter_get_m (filter))
    return g_steal_pointer (&summary);

  provenance = bloom_format_bit_provenance (session, cursor);
  /* Translators: %s describes the bit under the grid's cursor */
  cursor_text = g_strdup_printf (_("Cursor: %s."), provenance);

  return g_strjoin (" ", summary, cursor_text, NULL);
}
