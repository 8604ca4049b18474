/* bloom-filter.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-filter"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bloom-error.h"
#include "bloom-filter-private.h"

#define N_WORDS (BLOOM_M_MAX / 64)

struct _BloomFilter
{
  GObject parent_instance;

  guint   m;
  guint   k;
  /* Packed bits, bit i in words[i / 64] at (i % 64); the largest filter
   * fits inline, so a filter is a single allocation. */
  guint64 words[N_WORDS];
};

G_DEFINE_FINAL_TYPE (BloomFilter, bloom_filter, G_TYPE_OBJECT)

enum { PROP_0, PROP_M, PROP_K, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
bloom_filter_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  BloomFilter *self = BLOOM_FILTER (object);

  switch (prop_id)
    {
    case PROP_M:
      g_value_set_uint (value, self->m);
      break;
    case PROP_K:
      g_value_set_uint (value, self->k);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_filter_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  BloomFilter *self = BLOOM_FILTER (object);

  switch (prop_id)
    {
    case PROP_M:
      self->m = g_value_get_uint (value);
      break;
    case PROP_K:
      self->k = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_filter_class_init (BloomFilterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = bloom_filter_get_property;
  object_class->set_property = bloom_filter_set_property;

  properties[PROP_M] =
    g_param_spec_uint ("m", NULL, NULL, BLOOM_M_MIN, BLOOM_M_MAX, BLOOM_M_MIN,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                       G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_K] =
    g_param_spec_uint ("k", NULL, NULL, BLOOM_K_MIN, BLOOM_K_MAX, BLOOM_K_MIN,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                       G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bloom_filter_init (BloomFilter *self)
{
}

/**
 * bloom_filter_new:
 * @m: bits, %BLOOM_M_MIN to %BLOOM_M_MAX
 * @k: positions per string, %BLOOM_K_MIN to %BLOOM_K_MAX
 *
 * An empty filter. Only a session sets its bits; a filter of one's own
 * serves for reading.
 *
 * Returns: (transfer full): a new filter with every bit 0
 */
BloomFilter *
bloom_filter_new (guint m,
                  guint k)
{
  g_return_val_if_fail (m >= BLOOM_M_MIN && m <= BLOOM_M_MAX, NULL);
  g_return_val_if_fail (k >= BLOOM_K_MIN && k <= BLOOM_K_MAX, NULL);

  return g_object_new (BLOOM_TYPE_FILTER, "m", m, "k", k, NULL);
}

/**
 * bloom_filter_get_m:
 * @self: a filter
 *
 * Returns: the number of bits, m
 */
guint
bloom_filter_get_m (BloomFilter *self)
{
  g_return_val_if_fail (BLOOM_IS_FILTER (self), 0);

  return self->m;
}

/**
 * bloom_filter_get_k:
 * @self: a filter
 *
 * Returns: the number of positions per string, k
 */
guint
bloom_filter_get_k (BloomFilter *self)
{
  g_return_val_if_fail (BLOOM_IS_FILTER (self), 0);

  return self->k;
}

/**
 * bloom_filter_get_bit:
 * @self: a filter
 * @index: a bit, less than m
 *
 * Returns: whether bit @index is set
 */
gboolean
bloom_filter_get_bit (BloomFilter *self,
                      guint        index)
{
  g_return_val_if_fail (BLOOM_IS_FILTER (self), FALSE);
  g_return_val_if_fail (index < self->m, FALSE);

  return (self->words[index / 64] >> (index % 64)) & 1;
}

/**
 * bloom_filter_count_set_bits:
 * @self: a filter
 *
 * Returns: how many of the m bits are set
 */
guint
bloom_filter_count_set_bits (BloomFilter *self)
{
  guint count = 0;

  g_return_val_if_fail (BLOOM_IS_FILTER (self), 0);

  /* Bits at m and above are never set, so whole words can be counted. */
  for (guint w = 0; w < (self->m + 63) / 64; w++)
    count += __builtin_popcountll (self->words[w]);

  return count;
}

/**
 * bloom_filter_to_string:
 * @self: a filter
 *
 * The bits as '0' and '1', index 0 first: the form of the test traces and
 * of the JSON document, readable by hand.
 *
 * Returns: (transfer full): m characters '0' or '1'
 */
char *
bloom_filter_to_string (BloomFilter *self)
{
  char *str;

  g_return_val_if_fail (BLOOM_IS_FILTER (self), NULL);

  str = g_malloc (self->m + 1);
  for (guint i = 0; i < self->m; i++)
    str[i] = bloom_filter_get_bit (self, i) ? '1' : '0';
  str[self->m] = '\0';

  return str;
}

void
bloom_filter_set_bit (BloomFilter *self,
                      guint        index)
{
  g_assert (BLOOM_IS_FILTER (self));
  g_assert (index < self->m);

  self->words[index / 64] |= G_GUINT64_CONSTANT (1) << (index % 64);
}

void
bloom_filter_clear (BloomFilter *self)
{
  g_assert (BLOOM_IS_FILTER (self));

  memset (self->words, 0, sizeof self->words);
}

/* Bit i of the result is the bit at positions[i] just before step i;
 * with @set, step i then sets it, so a position that repeats within the
 * operation reads 1 the second time (SPEC W3). Each caller passes @set
 * as a constant, so the inlined loop carries no branch for it. */
static inline guint16
visit_positions (BloomFilter   *self,
                 const guint16 *positions,
                 guint          n_positions,
                 gboolean       set)
{
  guint16 before = 0;

  g_assert (BLOOM_IS_FILTER (self));
  g_assert (n_positions <= BLOOM_K_MAX);

  for (guint i = 0; i < n_positions; i++)
    {
      guint index = positions[i];
      guint64 bit = G_GUINT64_CONSTANT (1) << (index % 64);

      g_assert (index < self->m);
      before |= ((self->words[index / 64] & bit) != 0) << i;
      if (set)
        self->words[index / 64] |= bit;
    }

  return before;
}

/* Bit i of the result is the bit at positions[i]: the k bits of one
 * operation with one check, not one per bit. */
guint16
bloom_filter_read_positions (BloomFilter   *self,
                             const guint16 *positions,
                             guint          n_positions)
{
  return visit_positions (self, positions, n_positions, FALSE);
}

/* Sets the bits at @positions in order; bit i of the result is the bit at
 * positions[i] just before step i set it. */
guint16
bloom_filter_set_positions (BloomFilter   *self,
                            const guint16 *positions,
                            guint          n_positions)
{
  return visit_positions (self, positions, n_positions, TRUE);
}

gboolean
bloom_filter_equal (BloomFilter *self,
                    BloomFilter *other)
{
  g_assert (BLOOM_IS_FILTER (self));
  g_assert (BLOOM_IS_FILTER (other));

  return self->m == other->m &&
         self->k == other->k &&
         memcmp (self->words, other->words, sizeof self->words) == 0;
}

/**
 * bloom_parameter_parse:
 * @parameter: which of m and k @text is
 * @text: the field's text
 * @value: (out): the number
 * @error: the place for an error
 *
 * SPEC F2, for text as typed into a field. Surrounding white space is
 * forgiven; anything but plain decimal digits is not a whole number.
 *
 * Returns: %TRUE when @text is a whole number in the range of @parameter;
 *   otherwise %FALSE with a #BloomError and @value not set
 */
gboolean
bloom_parameter_parse (BloomParameter  parameter,
                       const char     *text,
                       guint          *value,
                       GError        **error)
{
  g_autofree char *stripped = NULL;
  const char *name;
  guint min, max;
  guint64 parsed = 0;
  const char *digits;
  gboolean negative = FALSE;

  g_return_val_if_fail (parameter == BLOOM_PARAMETER_M || parameter == BLOOM_PARAMETER_K, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (parameter == BLOOM_PARAMETER_M)
    name = "m", min = BLOOM_M_MIN, max = BLOOM_M_MAX;
  else
    name = "k", min = BLOOM_K_MIN, max = BLOOM_K_MAX;

  stripped = g_strstrip (g_strdup (text));

  if (stripped[0] == '\0')
    {
      /* Translators: %s is the parameter's name, m or k */
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_PARAMETER_EMPTY,
                   _("Enter %s, a whole number from %u to %u."), name, min, max);
      return FALSE;
    }

  digits = stripped;
  if (digits[0] == '-' || digits[0] == '+')
    {
      negative = digits[0] == '-';
      digits++;
    }

  if (digits[0] == '\0' || strspn (digits, "0123456789") != strlen (digits))
    {
      /* Translators: the first %s is what was typed, the second the
       * parameter's name, m or k */
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_PARAMETER_NOT_INTEGER,
                   _("“%s” is not a whole number. Enter %s from %u to %u."),
                   stripped, name, min, max);
      return FALSE;
    }

  /* Digits only, so the only way to fail is a number too large for 64 bits,
   * which is out of range anyway. */
  if (!g_ascii_string_to_unsigned (digits, 10, 0, G_MAXUINT64, &parsed, NULL))
    parsed = G_MAXUINT64;

  if (negative || parsed < min || parsed > max)
    {
      /* Translators: the first %s is the parameter's name, m or k; the
       * last one what was typed */
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_PARAMETER_OUT_OF_RANGE,
                   _("%s must be from %u to %u; %s is out of range."),
                   name, min, max, stripped);
      return FALSE;
    }

  *value = (guint) parsed;

  return TRUE;
}
