/* bloom-text.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bloom-error.h"
#include "bloom-hash.h"
#include "bloom-text-private.h"

/**
 * bloom_text_quote:
 * @text: valid UTF-8 text
 * @len: its length in bytes, or -1 when it ends with a NUL
 *
 * SPEC T4: exactly what JavaScript's JSON.stringify writes for a string,
 * so that whitespace and control characters become visible. Bytes from
 * 0x80 up belong to valid multi-byte sequences and stay literal.
 *
 * Returns: (transfer full): @text in double quotes, escaped
 */
char *
bloom_text_quote (const char *text,
                  gssize      len)
{
  GString *quoted;

  g_return_val_if_fail (text != NULL || len == 0, NULL);

  if (len < 0)
    len = strlen (text);

  g_return_val_if_fail (g_utf8_validate_len (text, len, NULL), NULL);

  quoted = g_string_sized_new (len + 2);
  g_string_append_c (quoted, '"');

  for (gssize i = 0; i < len; i++)
    {
      guchar c = (guchar) text[i];

      switch (c)
        {
        case '"':  g_string_append (quoted, "\\\""); break;
        case '\\': g_string_append (quoted, "\\\\"); break;
        case '\b': g_string_append (quoted, "\\b"); break;
        case '\f': g_string_append (quoted, "\\f"); break;
        case '\n': g_string_append (quoted, "\\n"); break;
        case '\r': g_string_append (quoted, "\\r"); break;
        case '\t': g_string_append (quoted, "\\t"); break;
        default:
          if (c < 0x20)
            g_string_append_printf (quoted, "\\u%04x", c);
          else
            g_string_append_c (quoted, (char) c);
        }
    }

  g_string_append_c (quoted, '"');

  return g_string_free (quoted, FALSE);
}

static void
set_too_long (GError **error,
              gsize    n_units)
{
  g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_TEXT_TOO_LONG,
               _("The string is %ld UTF-16 code units long; the limit is %d. "
                 "Shorten it."),
               (long) n_units, BLOOM_TEXT_MAX_UNITS);
}

/**
 * bloom_text_count_units:
 * @text: UTF-8 text, valid or not
 * @len: its length in bytes, or -1 when it ends with a NUL
 *
 * The live count of SPEC T1. Unlike bloom_text_to_units() it never fails
 * on length.
 *
 * Returns: the UTF-16 code units of @text, or -1 when it is not valid UTF-8
 */
glong
bloom_text_count_units (const char *text,
                        gssize      len)
{
  g_autofree gunichar2 *units = NULL;
  glong n_units = 0;

  g_return_val_if_fail (text != NULL || len == 0, -1);

  if (len == 0)
    return 0;

  units = g_utf8_to_utf16 (text, len, NULL, &n_units, NULL);
  if (units == NULL)
    return -1;

  return n_units;
}

/**
 * bloom_text_to_units:
 * @text: UTF-8 text
 * @len: its length in bytes, or -1 when it ends with a NUL
 * @n_units: (out): how many code units the result has
 * @error: the place for an error
 *
 * Validates a string against SPEC T1 and returns its UTF-16 code units.
 * U+0000 is refused: it cannot be typed, and would be cut off silently
 * wherever the text passes as a C string.
 *
 * Returns: (transfer full) (array length=n_units): the code units, or
 *   %NULL with a #BloomError when @text is empty, too long, not valid
 *   UTF-8 or holds U+0000
 */
gunichar2 *
bloom_text_to_units (const char *text,
                     gssize      len,
                     gsize      *n_units,
                     GError    **error)
{
  g_autofree gunichar2 *units = NULL;
  const char *end = NULL;
  glong n_written = 0;

  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (n_units != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (len < 0)
    len = strlen (text);

  if (len == 0)
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_TEXT_EMPTY,
                   _("The string is empty. Type at least one character."));
      return NULL;
    }

  /* Before validating: g_utf8_validate_len() counts a NUL as invalid. */
  if (memchr (text, '\0', len) != NULL)
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_TEXT_NUL,
                   _("The string contains the character U+0000, which is not "
                     "allowed. Remove it."));
      return NULL;
    }

  if (!g_utf8_validate_len (text, len, &end))
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_TEXT_INVALID_UTF8,
                   _("The string is not valid UTF-8 text (bad byte at offset %u). "
                     "Use valid Unicode text."),
                   (guint) (end - text));
      return NULL;
    }

  units = g_utf8_to_utf16 (text, len, NULL, &n_written, NULL);
  g_assert (units != NULL);

  if (n_written > BLOOM_TEXT_MAX_UNITS)
    {
      set_too_long (error, n_written);
      return NULL;
    }

  *n_units = n_written;

  return g_steal_pointer (&units);
}

/* Hands a refused text to bloom_text_to_units(), which words the exact
 * message, so both paths refuse alike. */
static gboolean
refuse_text (const char  *text,
             gsize        len,
             GError     **error)
{
  g_autofree gunichar2 *units = NULL;
  gsize n_units = 0;

  units = bloom_text_to_units (text, len, &n_units, error);
  g_assert (units == NULL);

  return FALSE;
}

/**
 * bloom_text_hash_pair:
 * @text: UTF-8 text
 * @len: its length in bytes, or -1 when it ends with a NUL
 * @h1: (out): the first hash of its code units
 * @h2: (out): the second hash, odd
 * @error: the place for an error
 *
 * bloom_text_to_units() and bloom_hash_pair() in one pass, without
 * allocating: the hot path of every insert and query. An ASCII byte is its
 * own code unit; GLib validates and decodes every other character, and
 * each code point outside the BMP is fed as its two surrogates, the units
 * JavaScript sees (SPEC H1, T1). Validating as it goes, rather than in a
 * pass of its own first, halves the time of a query.
 *
 * Returns: %TRUE when @text passes SPEC T1; otherwise %FALSE with the
 *   #BloomError of bloom_text_to_units() and @h1 and @h2 not set
 */
gboolean
bloom_text_hash_pair (const char *text,
                      gssize      len,
                      guint32    *h1,
                      guint32    *h2,
                      GError    **error)
{
  const char *p;
  const char *end;
  guint32 a = BLOOM_HASH_SEED1;
  guint32 b = BLOOM_HASH_SEED2;
  gsize n_units = 0;

  g_return_val_if_fail (text != NULL || len == 0, FALSE);
  g_return_val_if_fail (h1 != NULL, FALSE);
  g_return_val_if_fail (h2 != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (len < 0)
    len = strlen (text);
  if (len == 0)
    return refuse_text (text, len, error);

#define FEED(unit)                              \
  G_STMT_START {                                \
    a = (a ^ (unit)) * BLOOM_HASH_PRIME;        \
    b = (b ^ (unit)) * BLOOM_HASH_PRIME;        \
    n_units++;                                  \
  } G_STMT_END

  p = text;
  end = text + len;
  while (p < end)
    {
      guchar byte = (guchar) *p;
      gunichar c;

      if (byte < 0x80)
        {
          /* U+0000 is refused like invalid UTF-8, with its own message. */
          if (byte == 0)
            return refuse_text (text, len, error);
          FEED (byte);
          p++;
          continue;
        }

      /* Refuses truncated, overlong and surrogate sequences, and code
       * points above U+10FFFF, as g_utf8_validate() does. */
      c = g_utf8_get_char_validated (p, end - p);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        return refuse_text (text, len, error);

      if (c >= 0x10000)
        {
          FEED (0xd800 + ((c - 0x10000) >> 10));
          FEED (0xdc00 + ((c - 0x10000) & 0x3ff));
        }
      else
        FEED (c);
      p = g_utf8_next_char (p);
    }

#undef FEED

  if (n_units > BLOOM_TEXT_MAX_UNITS)
    {
      set_too_long (error, n_units);
      return FALSE;
    }

  *h1 = a;
  *h2 = b | 1u;

  return TRUE;
}

guint
bloom_text_key_hash (gconstpointer key)
{
  return ((const BloomTextKey *) key)->h1;
}

/* Byte equality: for valid UTF-8 the same as equal UTF-16 units (SPEC T2). */
gboolean
bloom_text_key_equal (gconstpointer a,
                      gconstpointer b)
{
  const BloomTextKey *key_a = a;
  const BloomTextKey *key_b = b;

  return key_a->h1 == key_b->h1 &&
         key_a->len == key_b->len &&
         memcmp (key_a->text, key_b->text, key_a->len) == 0;
}
