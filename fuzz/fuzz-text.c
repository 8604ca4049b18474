/* fuzz-text.c — bloom_text_to_units(), bloom_text_count_units(),
 * bloom_text_hash_pair() and bloom_text_quote() on arbitrary bytes
 *
 * Each result is checked against a small independent reading of SPEC T1
 * and T4: the units are the text's UTF-16 code units, the live count
 * agrees with them, errors name the right cause, and the quoted form is a
 * JSON string in exactly JSON.stringify's spelling that json-glib decodes
 * back to the input. Anything else aborts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>

#include "bloom-model.h"
#include "fuzz-target.h"

/* memcmp() with a length, where either side may be NULL when empty. */
static gboolean
same_bytes (const char *a,
            gsize       a_len,
            const char *b,
            gsize       b_len)
{
  return a_len == b_len && (a_len == 0 || memcmp (a, b, a_len) == 0);
}

static gboolean
has_nul (const char *text,
         gsize       len)
{
  return len > 0 && memchr (text, '\0', len) != NULL;
}

/* UTF-16 code units of valid UTF-8, counted from the code points. */
static glong
reference_count_units (const char *text,
                       gsize       len)
{
  glong n = 0;

  if (len == 0)
    return 0;

  for (const char *p = text; p < text + len; p = g_utf8_next_char (p))
    n += g_utf8_get_char (p) >= 0x10000 ? 2 : 1;

  return n;
}

/* The one-pass hash of the hot path accepts exactly what to_units()
 * accepts, hashes the same units, and refuses with the same error. */
static void
check_hash_pair (const char      *text,
                 gsize            len,
                 const gunichar2 *units,
                 gsize            n_units,
                 const GError    *units_error)
{
  g_autoptr(GError) error = NULL;
  guint32 h1 = 0, h2 = 0, want1 = 0, want2 = 0;
  gboolean hashed = bloom_text_hash_pair (text, len, &h1, &h2, &error);

  if (hashed != (units != NULL))
    g_error ("hash_pair %s a text that to_units %s", hashed ? "accepts" : "refuses",
             units != NULL ? "accepts" : "refuses");

  if (units != NULL)
    {
      bloom_hash_pair (units, n_units, &want1, &want2);
      if (h1 != want1 || h2 != want2)
        g_error ("hash_pair gives %08x %08x, the units hash to %08x %08x", h1, h2, want1, want2);
    }
  else if (error == NULL || units_error == NULL || error->code != units_error->code ||
           g_strcmp0 (error->message, units_error->message) != 0)
    g_error ("hash_pair and to_units refuse a text differently");
}

static void
check_units (const char *text,
             gsize       len,
             gboolean    valid)
{
  g_autoptr(GError) error = NULL;
  g_autofree gunichar2 *units = NULL;
  gsize n_units = 0;
  glong count;

  count = bloom_text_count_units (text, len);
  units = bloom_text_to_units (text, len, &n_units, &error);
  check_hash_pair (text, len, units, n_units, error);

  if (valid && count != reference_count_units (text, len))
    g_error ("count_units gives %ld for a text of %ld units", count,
          reference_count_units (text, len));
  if (!valid && !has_nul (text, len) && count != -1)
    g_error ("count_units gives %ld for invalid UTF-8", count);

  if (units != NULL)
    {
      g_autofree char *back = NULL;
      glong back_len = 0;

      if (error != NULL)
        g_error ("to_units succeeded and set an error: %s", error->message);
      if (!valid)
        g_error ("to_units accepted a text that is not valid UTF-8 without U+0000");
      if (n_units < 1 || n_units > BLOOM_TEXT_MAX_UNITS)
        g_error ("to_units accepted %" G_GSIZE_FORMAT " units", n_units);
      if ((glong) n_units != count)
        g_error ("to_units gives %" G_GSIZE_FORMAT " units, count_units %ld", n_units, count);

      back = g_utf16_to_utf8 (units, n_units, NULL, &back_len, NULL);
      if (back == NULL || !same_bytes (back, back_len, text, len))
        g_error ("the units are not the text");

      return;
    }

  if (error == NULL || error->domain != BLOOM_ERROR ||
      error->message == NULL || error->message[0] == '\0')
    g_error ("to_units failed without a BLOOM_ERROR and a message");

  if (len == 0)
    {
      if (error->code != BLOOM_ERROR_TEXT_EMPTY)
        g_error ("the empty text gives error %d: %s", error->code, error->message);
    }
  else if (has_nul (text, len))
    {
      if (error->code != BLOOM_ERROR_TEXT_NUL)
        g_error ("a text with U+0000 gives error %d: %s", error->code, error->message);
    }
  else if (!valid)
    {
      if (error->code != BLOOM_ERROR_TEXT_INVALID_UTF8)
        g_error ("invalid UTF-8 gives error %d: %s", error->code, error->message);
    }
  else if (error->code != BLOOM_ERROR_TEXT_TOO_LONG || count <= BLOOM_TEXT_MAX_UNITS)
    g_error ("a valid text of %ld units gives error %d: %s", count, error->code, error->message);
}

/* Reads the quoted form strictly, as JSON.stringify spells it (SPEC T4),
 * and returns what it stands for. */
static GString *
decode_quoted (const char *quoted)
{
  g_autoptr(GString) decoded = g_string_new (NULL);
  gsize len = strlen (quoted);

  if (len < 2 || quoted[0] != '"' || quoted[len - 1] != '"')
    g_error ("the quoted form is not in quotes: %s", quoted);

  for (gsize i = 1; i < len - 1; i++)
    {
      guchar c = (guchar) quoted[i];
      const char *short_escape;

      if (c < 0x20)
        g_error ("the quoted form holds the raw byte 0x%02x: %s", c, quoted);
      if (c == '"')
        g_error ("the quoted form holds an unescaped quote: %s", quoted);
      if (c != '\\')
        {
          g_string_append_c (decoded, (char) c);
          continue;
        }

      if (++i == len - 1)
        g_error ("the quoted form ends in a backslash: %s", quoted);

      short_escape = strchr ("\"\\bfnrt", quoted[i]);
      if (quoted[i] != '\0' && short_escape != NULL)
        {
          g_string_append_c (decoded, "\"\\\b\f\n\r\t"[short_escape - "\"\\bfnrt"]);
          continue;
        }

      /* \u00XX, lower-case hex, for the other control characters only. */
      if (quoted[i] != 'u' || len - 1 - i < 5 ||
          quoted[i + 1] != '0' || quoted[i + 2] != '0' ||
          !g_ascii_isxdigit (quoted[i + 3]) || !g_ascii_isxdigit (quoted[i + 4]) ||
          g_ascii_isupper (quoted[i + 3]) || g_ascii_isupper (quoted[i + 4]))
        g_error ("the quoted form has an escape JSON.stringify does not write: %s", quoted);

      c = g_ascii_xdigit_value (quoted[i + 3]) * 16 + g_ascii_xdigit_value (quoted[i + 4]);
      if (c >= 0x20 || strchr ("\b\f\n\r\t", c) != NULL)
        g_error ("the quoted form escapes 0x%02x as \\u: %s", c, quoted);

      g_string_append_c (decoded, (char) c);
      i += 4;
    }

  return g_steal_pointer (&decoded);
}

static void
check_quote (const char *text,
             gsize       len)
{
  g_autofree char *quoted = bloom_text_quote (text, len);
  g_autoptr(GString) decoded = NULL;
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;
  const char *parsed;

  if (quoted == NULL)
    g_error ("quote gave nothing for valid UTF-8");

  decoded = decode_quoted (quoted);
  if (!same_bytes (decoded->str, decoded->len, text, len))
    g_error ("the quoted form %s does not stand for the text", quoted);

  if (!json_parser_load_from_data (parser, quoted, -1, &error))
    g_error ("json-glib does not read the quoted form %s: %s", quoted, error->message);
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_VALUE (root) ||
      json_node_get_value_type (root) != G_TYPE_STRING)
    g_error ("json-glib does not read the quoted form %s as a string", quoted);

  parsed = json_node_get_string (root);
  if (!same_bytes (parsed, strlen (parsed), text, len))
    g_error ("json-glib reads the quoted form %s as something else", quoted);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  /* The contract allows NULL for an empty text; use it. */
  const char *text = size > 0 ? (const char *) data : NULL;
  gboolean valid;

  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);

  /* g_utf8_validate_len() refuses U+0000, as the model does. */
  valid = size == 0 || g_utf8_validate_len (text, size, NULL);

  check_units (text, size, valid);
  if (valid)
    check_quote (text, size);

  return 0;
}
