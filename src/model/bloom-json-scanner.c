/* bloom-json-scanner.c — the strict first pass of the session loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-state"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bloom-error-private.h"
#include "bloom-json-scanner.h"
#include "bloom-state.h"

static gboolean
is_hex_escape (const char *p,
               const char *end,
               guint      *value)
{
  guint v = 0;

  if (end - p < 6 || p[0] != '\\' || p[1] != 'u')
    return FALSE;

  for (guint i = 2; i < 6; i++)
    {
      int digit = g_ascii_xdigit_value (p[i]);

      if (digit < 0)
        return FALSE;
      v = v * 16 + digit;
    }

  *value = v;

  return TRUE;
}

static gboolean
not_json_at (const char  *json,
             const char  *p,
             const char  *what,
             GError     **error)
{
  guint line = 1;
  guint column = 1;

  for (const char *q = json; q < p; q++)
    {
      if (*q == '\n')
        {
          line++;
          column = 1;
        }
      else if ((*q & 0xc0) != 0x80)
        column++;
    }

  /* Translators: %s says what is wrong, such as “an unexpected character”:
   * one of the messages with the context “JSON problem” */
  g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_NOT_JSON,
               _("The file is not valid JSON: %s at line %u, column %u. "
                 "Choose a file exported by Bloom Lab."),
               what, line, column);
  return FALSE;
}

/* A string from its opening quote to just after its closing one. Only the
 * escapes of JSON pass: json-glib 1.6 also reads C escapes (“\0” ends the
 * string there) and turns unknown ones into the bare letter. Raw control
 * characters pass: json-glib keeps them, and 1.6 wrote U+001F that way. */
static const char *
scan_string (const char  *json,
             const char  *p,
             const char  *end,
             GError     **error)
{
  const char *start = p;

  for (p++; p < end; p++)
    {
      guint unit, low;

      if (*p == '"')
        return p + 1;
      if (*p != '\\')
        continue;

      if (p + 1 < end && memchr ("\"\\/bfnrt", p[1], 8) != NULL)
        {
          p++;
          continue;
        }

      if (!is_hex_escape (p, end, &unit))
        {
          not_json_at (json, p, C_("JSON problem", "a backslash that starts no JSON escape"), error);
          return NULL;
        }

      if (unit == 0)
        {
          g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INVALID_FIELD,
                       _("The file contains a string with the character U+0000, "
                         "which Bloom Lab does not allow."));
          return NULL;
        }
      if (unit >= 0xd800 && unit <= 0xdbff &&
          is_hex_escape (p + 6, end, &low) && low >= 0xdc00 && low <= 0xdfff)
        p += 6;
      else if (unit >= 0xd800 && unit <= 0xdfff)
        {
          g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INVALID_FIELD,
                       _("The file contains a string with a lone surrogate "
                         "(\\u%04x), which is not valid Unicode text."),
                       unit);
          return NULL;
        }
      p += 5;
    }

  not_json_at (json, start, C_("JSON problem", "a string without its closing quote"), error);

  return NULL;
}

/* No field of a session needs more digits; json-glib 1.6 wraps longer
 * integers around, so that −18446744073709551552 reads as 64. */
#define MAX_INTEGER_DIGITS 18

/* A number as JSON writes it: json-glib 1.6 also reads hexadecimal,
 * octal (a leading zero), “1.” and “- 1”. */
static const char *
scan_number (const char  *json,
             const char  *p,
             const char  *end,
             GError     **error)
{
  const char *start = p;
  const char *digits;

  if (*p == '-')
    p++;

  digits = p;
  if (p < end && *p == '0')
    p++;
  else
    while (p < end && g_ascii_isdigit (*p))
      p++;
  if (p == digits)
    {
      not_json_at (json, start, C_("JSON problem", "a malformed number"), error);
      return NULL;
    }

  if (p - digits > MAX_INTEGER_DIGITS)
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INVALID_FIELD,
                   _("The file contains a number of %u digits, too large for any field "
                     "of a Bloom Lab session."),
                   (guint) (p - digits));
      return NULL;
    }

  if (p < end && *p == '.')
    {
      if (++p == end || !g_ascii_isdigit (*p))
        {
          not_json_at (json, start, C_("JSON problem", "a malformed number"), error);
          return NULL;
        }
      while (p < end && g_ascii_isdigit (*p))
        p++;
    }

  if (p < end && (*p == 'e' || *p == 'E'))
    {
      p++;
      if (p < end && (*p == '+' || *p == '-'))
        p++;
      if (p == end || !g_ascii_isdigit (*p))
        {
          not_json_at (json, start, C_("JSON problem", "a malformed number"), error);
          return NULL;
        }
      while (p < end && g_ascii_isdigit (*p))
        p++;
    }

  if (p < end && (g_ascii_isalnum (*p) || *p == '.'))
    {
      not_json_at (json, start, C_("JSON problem", "a malformed number"), error);
      return NULL;
    }

  return p;
}

static const char *
scan_literal (const char  *json,
              const char  *p,
              const char  *end,
              GError     **error)
{
  static const char * const literals[] = { "true", "false", "null" };

  for (guint i = 0; i < G_N_ELEMENTS (literals); i++)
    {
      gsize n = strlen (literals[i]);

      if ((gsize) (end - p) >= n && memcmp (p, literals[i], n) == 0 &&
          (p + n == end || !g_ascii_isalnum (p[n])))
        return p + n;
    }

  not_json_at (json, p, C_("JSON problem", "an unexpected character"), error);

  return NULL;
}

/* A string just scanned, from @name to @after, inside an object: when a
 * colon follows, it is a member name, which must not repeat. No name of a
 * session has an escape, so names with one are refused rather than
 * decoded. */
static gboolean
check_member_name (const char  *json,
                   const char  *name,
                   const char  *after,
                   const char  *end,
                   GHashTable  *names,
                   GError     **error)
{
  const char *next = after;
  g_autofree char *text = NULL;

  while (next < end && (*next == ' ' || *next == '\t' || *next == '\n' || *next == '\r'))
    next++;
  if (next == end || *next != ':')
    return TRUE;

  text = g_strndup (name + 1, after - name - 2);
  if (strchr (text, '\\') != NULL)
    return bloom_error_invalid_field (error, text,
                                      C_("field problem", "it is not part of a Bloom Lab session."));

  if (!g_hash_table_add (names, g_steal_pointer (&text)))
    {
      g_autofree char *repeated = g_strndup (name + 1, after - name - 2);

      /* Translators: %s is the name of a member of a JSON object */
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INVALID_FIELD,
                   _("The field “%s” appears twice in one object of the file."), repeated);
      return FALSE;
    }

  return TRUE;
}

/* Counts the value or member name that starts with @c, before json-glib
 * builds a node for each: a file of a million empty objects is refused in
 * one pass over its text. */
static gboolean
count_value (char     c,
             guint   *n_values,
             GError **error)
{
  if (c == ':' || c == ',' || c == ']' || c == '}' || ++*n_values <= BLOOM_STATE_MAX_VALUES)
    return TRUE;

  g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_TOO_LARGE,
               _("The file holds more than %d values; a Bloom Lab session never does. "
                 "Choose a file exported by Bloom Lab."),
               BLOOM_STATE_MAX_VALUES);
  return FALSE;
}

static gboolean
scan_values (const char  *json,
             const char  *p,
             const char  *end,
             GHashTable **keys,
             GError     **error)
{
  gboolean ended = FALSE;
  guint depth = 0;
  guint n_values = 0;

  while (p < end)
    {
      if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        {
          p++;
          continue;
        }

      if (ended)
        return not_json_at (json, p, C_("JSON problem", "text after the end of the document"), error);

      if (!count_value (*p, &n_values, error))
        return FALSE;

      switch (*p)
        {
        case '"':
          {
            const char *name = p;

            p = scan_string (json, p, end, error);
            if (p != NULL && keys[depth] != NULL && !check_member_name (json, name, p, end,
                                                                         keys[depth], error))
              return FALSE;
          }
          break;

        case '[':
        case '{':
          if (++depth > BLOOM_STATE_MAX_DEPTH)
            {
              g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_TOO_DEEP,
                           _("The file nests lists or objects more than %d levels deep; "
                             "a Bloom Lab session never does. "
                             "Choose a file exported by Bloom Lab."),
                           BLOOM_STATE_MAX_DEPTH);
              return FALSE;
            }
          keys[depth] = *p == '{' ? g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL)
                                  : NULL;
          p++;
          break;

        case ']':
        case '}':
          if (depth == 0)
            return not_json_at (json, p, C_("JSON problem", "an unexpected character"), error);
          g_clear_pointer (&keys[depth], g_hash_table_unref);
          depth--;
          p++;
          break;

        case ':':
        case ',':
          p++;
          break;

        case '-':
        case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9':
          p = scan_number (json, p, end, error);
          break;

        default:
          p = scan_literal (json, p, end, error);
        }

      if (p == NULL)
        return FALSE;

      /* One value only: the parser would ignore what follows it. */
      ended = depth == 0;
    }

  return TRUE;
}

/* The raw text of a document, before json-glib parses it; see the header
 * for what it refuses. */
gboolean
bloom_json_scanner_check (const char  *json,
                          gsize        len,
                          GError     **error)
{
  const char *end = json + len;
  const char *bad = NULL;
  const char *p = json;
  gsize blank = 0;
  GHashTable **keys;
  gboolean ok;

  /* Before validating: g_utf8_validate_len() counts a NUL as invalid. */
  if (memchr (json, '\0', len) != NULL)
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_NOT_JSON,
                   _("The file is not JSON: it contains a NUL byte. "
                     "Choose a file exported by Bloom Lab."));
      return FALSE;
    }

  if (!g_utf8_validate_len (json, len, &bad))
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_NOT_JSON,
                   _("The file is not JSON: it is not valid UTF-8 text (bad byte at offset %u). "
                     "Choose a file exported by Bloom Lab."),
                   (guint) (bad - json));
      return FALSE;
    }

  /* Editors may start a file with a byte order mark; json-glib skips it. */
  if (len >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;

  blank = p - json;
  while (blank < len && g_ascii_isspace (json[blank]))
    blank++;
  if (blank == len)
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_NOT_JSON,
                   _("The file is empty. Choose a file exported by Bloom Lab."));
      return FALSE;
    }

  /* Member names, per open object (NULL for a list): json-glib keeps only
   * the last of two equal names, which would hide one of them. */
  keys = g_new0 (GHashTable *, BLOOM_STATE_MAX_DEPTH + 1);
  ok = scan_values (json, p, end, keys, error);
  for (guint i = 0; i <= BLOOM_STATE_MAX_DEPTH; i++)
    g_clear_pointer (&keys[i], g_hash_table_unref);
  g_free (keys);

  return ok;
}

/* Whether @root_node is an object that says it is a document of @format. */
static gboolean
has_format (JsonNode   *root_node,
            const char *format)
{
  JsonNode *format_node;

  if (root_node == NULL || !JSON_NODE_HOLDS_OBJECT (root_node))
    return FALSE;

  format_node = json_object_get_member (json_node_get_object (root_node), "format");

  return format_node != NULL && JSON_NODE_HOLDS_VALUE (format_node) &&
         json_node_get_value_type (format_node) == G_TYPE_STRING &&
         g_strcmp0 (json_node_get_string (format_node), format) == 0;
}

JsonObject *
bloom_json_scanner_parse (JsonParser  *parser,
                          const char  *json,
                          gsize        len,
                          const char  *format,
                          const char  *wrong_format,
                          GError     **error)
{
  g_autoptr(GError) parse_error = NULL;

  if (!bloom_state_check_size (len, error) ||
      !bloom_json_scanner_check (json, len, error))
    return NULL;

  if (!json_parser_load_from_data (parser, json, len, &parse_error))
    {
      /* json-glib 1.6 quotes the unexpected token cut off after a number
       * of bytes, which can split a character: the message shown to the
       * user must stay valid UTF-8. */
      g_autofree char *reason = g_utf8_make_valid (parse_error->message, -1);

      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_NOT_JSON,
                   _("The file is not valid JSON: %s"), reason);
      return NULL;
    }

  if (!has_format (json_parser_get_root (parser), format))
    {
      g_set_error_literal (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_WRONG_FORMAT, wrong_format);
      return NULL;
    }

  return json_node_get_object (json_parser_get_root (parser));
}
