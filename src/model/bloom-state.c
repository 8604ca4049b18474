/* bloom-state.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-state"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "bloom-error.h"
#include "bloom-filter-private.h"
#include "bloom-hash.h"
#include "bloom-operation-private.h"
#include "bloom-session-private.h"
#include "bloom-state.h"
#include "bloom-text-private.h"

/* Writing */

static void
add_bit_array (JsonBuilder    *builder,
               const char     *name,
               BloomOperation *operation,
               gboolean        after)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint i = 0; i < bloom_operation_get_n_positions (operation); i++)
    json_builder_add_int_value (builder, after ? bloom_operation_get_after (operation, i)
                                               : bloom_operation_get_before (operation, i));
  json_builder_end_array (builder);
}

static void
add_operation (JsonBuilder    *builder,
               BloomOperation *operation)
{
  const char *text;

  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder,
                                 bloom_operation_kind_to_string (bloom_operation_get_kind (operation)));
  text = bloom_operation_get_text (operation, NULL);
  json_builder_set_member_name (builder, "text");
  json_builder_add_string_value (builder, text);
  json_builder_set_member_name (builder, "outcome");
  json_builder_add_string_value (builder,
                                 bloom_outcome_to_string (bloom_operation_get_outcome (operation)));
  json_builder_set_member_name (builder, "h1");
  json_builder_add_int_value (builder, bloom_operation_get_h1 (operation));
  json_builder_set_member_name (builder, "h2");
  json_builder_add_int_value (builder, bloom_operation_get_h2 (operation));

  json_builder_set_member_name (builder, "positions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < bloom_operation_get_n_positions (operation); i++)
    json_builder_add_int_value (builder, bloom_operation_get_position (operation, i));
  json_builder_end_array (builder);
  add_bit_array (builder, "before", operation, FALSE);
  add_bit_array (builder, "after", operation, TRUE);

  json_builder_end_object (builder);
}

static JsonNode *
build_document (BloomSession *self)
{
  /* Not immutable: sealing hashes every node, for nothing here. */
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  BloomFilter *filter = bloom_session_get_filter (self);
  const char * const *open_details;

  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, BLOOM_STATE_FORMAT);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, BLOOM_STATE_VERSION);

  json_builder_set_member_name (builder, "hash");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "scheme");
  json_builder_add_string_value (builder, BLOOM_HASH_SCHEME);
  json_builder_set_member_name (builder, "seed1");
  json_builder_add_int_value (builder, BLOOM_HASH_SEED1);
  json_builder_set_member_name (builder, "seed2");
  json_builder_add_int_value (builder, BLOOM_HASH_SEED2);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "drafts");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "m");
  json_builder_add_string_value (builder, bloom_session_get_m_draft (self));
  json_builder_set_member_name (builder, "k");
  json_builder_add_string_value (builder, bloom_session_get_k_draft (self));
  json_builder_set_member_name (builder, "text");
  json_builder_add_string_value (builder, bloom_session_get_text_draft (self));
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "openDetails");
  json_builder_begin_array (builder);
  open_details = bloom_session_get_open_details (self);
  for (guint i = 0; open_details[i] != NULL; i++)
    json_builder_add_string_value (builder, open_details[i]);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "filter");
  if (filter == NULL)
    json_builder_add_null_value (builder);
  else
    {
      g_autofree char *bits = bloom_filter_to_string (filter);
      BloomOperation *last = bloom_session_get_last_operation (self);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "m");
      json_builder_add_int_value (builder, bloom_filter_get_m (filter));
      json_builder_set_member_name (builder, "k");
      json_builder_add_int_value (builder, bloom_filter_get_k (filter));
      json_builder_set_member_name (builder, "bits");
      json_builder_add_string_value (builder, bits);

      json_builder_set_member_name (builder, "entries");
      json_builder_begin_array (builder);
      for (guint i = 0; i < bloom_session_get_n_entries (self); i++)
        json_builder_add_string_value (builder, bloom_session_get_entry (self, i, NULL));
      json_builder_end_array (builder);

      json_builder_set_member_name (builder, "negativeQueries");
      json_builder_add_int_value (builder, bloom_session_get_negative_queries (self));
      json_builder_set_member_name (builder, "falsePositives");
      json_builder_add_int_value (builder, bloom_session_get_false_positives (self));

      json_builder_set_member_name (builder, "lastOperation");
      if (last == NULL)
        json_builder_add_null_value (builder);
      else
        add_operation (builder, last);

      json_builder_end_object (builder);
    }

  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

/* json-glib 1.6 writes U+001F as a raw byte, which JSON forbids in a
 * string and strict readers refuse. The byte can stand for nothing else in
 * its output, so each one becomes the escape. */
static char *
escape_unit_separator (char  *json,
                       gsize *len)
{
  GString *escaped;

  if (strchr (json, '\x1f') == NULL)
    return json;

  escaped = g_string_sized_new (strlen (json) + 16);
  for (const char *p = json; *p != '\0'; p++)
    {
      if (*p == '\x1f')
        g_string_append (escaped, "\\u001f");
      else
        g_string_append_c (escaped, *p);
    }
  g_free (json);

  if (len != NULL)
    *len = escaped->len;

  return g_string_free (escaped, FALSE);
}

char *
bloom_state_to_json_full (BloomSession    *self,
                          BloomStateFlags  flags,
                          gsize           *len)
{
  g_autoptr(JsonGenerator) generator = NULL;
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  root = build_document (self);
  generator = json_generator_new ();
  json_generator_set_root (generator, root);
  if (flags & BLOOM_STATE_FLAGS_PRETTY)
    {
      json_generator_set_pretty (generator, TRUE);
      json_generator_set_indent (generator, 2);
    }

  return escape_unit_separator (json_generator_to_data (generator, len), len);
}

/* The compact document: what is stored locally and measured against
 * BLOOM_STATE_MAX_STORED_CHARS. */
char *
bloom_state_to_json (BloomSession *self,
                     gsize        *len)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  return bloom_state_to_json_full (self, BLOOM_STATE_FLAGS_NONE, len);
}

/* SPEC P2 counts characters as the original did: UTF-16 code units. */
gsize
bloom_state_count_chars (const char *json,
                         gssize      len)
{
  const char *end;
  gsize n = 0;

  g_return_val_if_fail (json != NULL || len == 0, 0);

  /* NULL stands for the empty text; even adding 0 to it is undefined. */
  if (json == NULL)
    return 0;
  if (len < 0)
    len = strlen (json);
  end = json + len;

  for (const char *p = json; p < end; p++)
    {
      guchar c = (guchar) *p;

      /* Every lead byte starts one code point; four-byte sequences lie
       * outside the BMP and take two units. Without a branch, so the
       * compiler can do many bytes at a time. */
      n += ((c & 0xc0) != 0x80) + (c >= 0xf0);
    }

  return n;
}

/* Reading: checks before parsing */

/* Whether a document of @size bytes can be a session at all; an importer
 * asks before it reads a file. */
gboolean
bloom_state_check_size (guint64   size,
                        GError  **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (size > BLOOM_STATE_MAX_DOCUMENT_BYTES)
    {
      g_autofree char *size_text = g_format_size_full (size, G_FORMAT_SIZE_LONG_FORMAT);
      g_autofree char *limit_text = g_format_size_full (BLOOM_STATE_MAX_DOCUMENT_BYTES,
                                                        G_FORMAT_SIZE_LONG_FORMAT);

      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_TOO_LARGE,
                   _("The file is %s, more than any Bloom Lab session can be (%s). "
                     "Choose a file exported by Bloom Lab."),
                   size_text, limit_text);
      return FALSE;
    }

  return TRUE;
}

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

static gboolean invalid_field (GError     **error,
                               const char  *path,
                               const char  *message);

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
    return invalid_field (error, text, C_("field problem", "it is not part of a Bloom Lab session."));

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

static gboolean
scan_values (const char  *json,
             const char  *p,
             const char  *end,
             GHashTable **keys,
             GError     **error)
{
  gboolean ended = FALSE;
  guint depth = 0;

  while (p < end)
    {
      if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        {
          p++;
          continue;
        }

      if (ended)
        return not_json_at (json, p, C_("JSON problem", "text after the end of the document"), error);

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

/* json-glib 1.6 recurses once per nesting level and overflows its stack on
 * deep input; it also reads much that is not JSON (single-quoted strings,
 * comments, C escapes, hexadecimal) and turns some of it into something
 * else without a word. One pass over the raw text, a strict JSON lexer
 * that counts the nesting, refuses all of that before the parser sees it;
 * the parser then only checks the grammar. */
static gboolean
check_raw_document (const char  *json,
                    gsize        len,
                    GError     **error)
{
  const char *end = json + len;
  const char *bad = NULL;
  const char *p = json;
  gsize blank = 0;
  GHashTable **keys;
  gboolean ok;

  if (!bloom_state_check_size (len, error))
    return FALSE;

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

/* Reading: fields */

static gboolean
invalid_field (GError     **error,
               const char  *path,
               const char  *message)
{
  /* Translators: the first %s is the name of a field such as
   * “filter.entries[3]”, the second says what is wrong with it: one of the
   * messages with the context “field problem” */
  g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INVALID_FIELD,
               _("The field “%s” is invalid: %s"), path, message);
  return FALSE;
}

static gboolean
check_members (JsonObject          *object,
               const char          *path,
               const char * const  *known,
               GError             **error)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (const GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (known, l->data))
      {
        g_autofree char *member_path = path ? g_strdup_printf ("%s.%s", path, (char *) l->data)
                                            : g_strdup (l->data);

        return invalid_field (error, member_path, C_("field problem", "it is not part of a Bloom Lab session."));
      }

  return TRUE;
}

static JsonNode *
get_member (JsonObject  *object,
            const char  *path,
            const char  *name,
            GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    {
      g_autofree char *member_path = path ? g_strdup_printf ("%s.%s", path, name) : g_strdup (name);

      /* Translators: %s is the name of a field such as “filter.m” */
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INVALID_FIELD,
                   _("The field “%s” is missing."), member_path);
    }

  return node;
}

static gboolean
read_integer (JsonNode    *node,
              const char  *path,
              gint64       min,
              gint64       max,
              gint64      *value,
              GError     **error)
{
  gint64 v;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return invalid_field (error, path, C_("field problem", "it must be a whole number."));

  v = json_node_get_int (node);
  if (v < min || v > max)
    {
      g_autofree char *given = g_strdup_printf ("%" G_GINT64_FORMAT, v);
      g_autofree char *lowest = g_strdup_printf ("%" G_GINT64_FORMAT, min);
      g_autofree char *highest = g_strdup_printf ("%" G_GINT64_FORMAT, max);
      g_autofree char *message =
        /* Translators: a value, then the lowest and the highest allowed */
        g_strdup_printf (C_("field problem", "it is %s; it must be from %s to %s."), given, lowest, highest);

      return invalid_field (error, path, message);
    }

  *value = v;

  return TRUE;
}

static gboolean
read_integer_member (JsonObject  *object,
                     const char  *path,
                     const char  *name,
                     gint64       min,
                     gint64       max,
                     gint64      *value,
                     GError     **error)
{
  g_autofree char *member_path = g_strdup_printf ("%s.%s", path, name);
  JsonNode *node = get_member (object, path, name, error);

  return node != NULL && read_integer (node, member_path, min, max, value, error);
}

static const char *
read_string (JsonNode    *node,
             const char  *path,
             GError     **error)
{
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      invalid_field (error, path, C_("field problem", "it must be text."));
      return NULL;
    }

  return json_node_get_string (node);
}

static const char *
read_string_member (JsonObject  *object,
                    const char  *path,
                    const char  *name,
                    GError     **error)
{
  g_autofree char *member_path = path ? g_strdup_printf ("%s.%s", path, name) : g_strdup (name);
  JsonNode *node = get_member (object, path, name, error);

  return node != NULL ? read_string (node, member_path, error) : NULL;
}

static JsonObject *
read_object_member (JsonObject  *object,
                    const char  *path,
                    const char  *name,
                    gboolean     nullable,
                    GError     **error)
{
  g_autofree char *member_path = path ? g_strdup_printf ("%s.%s", path, name) : g_strdup (name);
  JsonNode *node = get_member (object, path, name, error);

  if (node == NULL)
    return NULL;

  if (JSON_NODE_HOLDS_OBJECT (node))
    return json_node_get_object (node);

  invalid_field (error, member_path,
                 nullable ? C_("field problem", "it must be an object or null.") : C_("field problem", "it must be an object."));

  return NULL;
}

static JsonArray *
read_array_member (JsonObject  *object,
                   const char  *path,
                   const char  *name,
                   guint        max_length,
                   GError     **error)
{
  g_autofree char *member_path = path ? g_strdup_printf ("%s.%s", path, name) : g_strdup (name);
  JsonNode *node = get_member (object, path, name, error);
  JsonArray *array;

  if (node == NULL)
    return NULL;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      invalid_field (error, member_path, C_("field problem", "it must be a list."));
      return NULL;
    }

  array = json_node_get_array (node);
  if (json_array_get_length (array) > max_length)
    {
      g_autofree char *message =
        /* Translators: what is wrong with a field, like the messages with
         * the context “field problem” */
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "it has %u items; at most %u are allowed.",
                                      "it has %u items; at most %u are allowed.",
                                      json_array_get_length (array)),
                         json_array_get_length (array), max_length);

      invalid_field (error, member_path, message);
      return NULL;
    }

  return array;
}

static gboolean
is_null_member (JsonObject *object,
                const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_NULL (node);
}

/* Drafts are kept as typed, so any text goes. The session keeps drafts of
 * any length and writes them all; a limit here would refuse its own
 * documents. BLOOM_STATE_MAX_DOCUMENT_BYTES bounds them. */
static gboolean
read_drafts (JsonObject    *root,
             BloomSession  *session,
             GError       **error)
{
  static const char * const known[] = { "m", "k", "text", NULL };
  JsonObject *drafts;
  const char *m, *k, *text;

  if (!(drafts = read_object_member (root, NULL, "drafts", FALSE, error)) ||
      !check_members (drafts, "drafts", known, error) ||
      !(m = read_string_member (drafts, "drafts", "m", error)) ||
      !(k = read_string_member (drafts, "drafts", "k", error)) ||
      !(text = read_string_member (drafts, "drafts", "text", error)))
    return FALSE;

  bloom_session_set_m_draft (session, m);
  bloom_session_set_k_draft (session, k);
  bloom_session_set_text_draft (session, text);

  return TRUE;
}

static gboolean
read_open_details (JsonObject    *root,
                   BloomSession  *session,
                   GError       **error)
{
  JsonArray *array;

  if (!(array = read_array_member (root, NULL, "openDetails", BLOOM_MAX_OPEN_DETAILS, error)))
    return FALSE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = g_strdup_printf ("openDetails[%u]", i);
      const char *name = read_string (json_array_get_element (array, i), path, error);

      if (name == NULL)
        return FALSE;
      if (!bloom_session_is_detail_name (name))
        return invalid_field (error, path,
                              C_("field problem", "it must be a short name of lower-case letters, digits and dashes."));

      bloom_session_set_detail_open (session, name, TRUE);
    }

  return TRUE;
}

static gboolean
read_hash (JsonObject  *root,
           GError     **error)
{
  static const char * const known[] = { "scheme", "seed1", "seed2", NULL };
  JsonObject *hash;
  const char *scheme;
  gint64 seed1, seed2;

  if (!(hash = read_object_member (root, NULL, "hash", FALSE, error)) ||
      !check_members (hash, "hash", known, error) ||
      !(scheme = read_string_member (hash, "hash", "scheme", error)) ||
      !read_integer_member (hash, "hash", "seed1", 0, G_MAXUINT32, &seed1, error) ||
      !read_integer_member (hash, "hash", "seed2", 0, G_MAXUINT32, &seed2, error))
    return FALSE;

  /* Version 1 knows a single scheme; a document naming another one was
   * made with hashes this program cannot reproduce. */
  if (strcmp (scheme, BLOOM_HASH_SCHEME) != 0 ||
      seed1 != BLOOM_HASH_SEED1 || seed2 != BLOOM_HASH_SEED2)
    return invalid_field (error, "hash",
                          C_("field problem", "it names a hash scheme or seeds other than Bloom Lab’s."));

  return TRUE;
}

static GArray *
invalid_entry (GError     **error,
               guint        i,
               const char  *message)
{
  g_autofree char *path = g_strdup_printf ("filter.entries[%u]", i);

  invalid_field (error, path, message);

  return NULL;
}

/* One string of "filter.entries", with its hashes: an import hashes each
 * entry once. */
typedef struct
{
  BloomTextKey key;   /* the text is owned by the parsed document */
  guint32      h2;
} LoadedEntry;

/* The strings of "filter.entries", checked, without duplicates. */
static GArray *
read_entries (JsonObject  *filter,
              GError     **error)
{
  g_autoptr(GArray) entries = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (bloom_text_key_hash, bloom_text_key_equal);
  JsonArray *array;

  if (!(array = read_array_member (filter, "filter", "entries", BLOOM_MAX_ENTRIES, error)))
    return NULL;

  /* Sized once: @seen holds pointers into it. */
  entries = g_array_sized_new (FALSE, FALSE, sizeof (LoadedEntry), json_array_get_length (array));

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      g_autoptr(GError) local_error = NULL;
      LoadedEntry *entry;
      const char *text;
      guint32 h1, h2;

      /* The field's name is only made for a message: for 1024 entries it
       * was a fair part of an import. */
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        return invalid_entry (error, i, C_("field problem", "it must be text."));
      text = json_node_get_string (node);

      /* SPEC T1, checked without building the units. */
      if (!bloom_text_hash_pair (text, -1, &h1, &h2, &local_error))
        return invalid_entry (error, i, local_error->message);

      g_array_set_size (entries, entries->len + 1);
      entry = &g_array_index (entries, LoadedEntry, entries->len - 1);
      *entry = (LoadedEntry) { { text, strlen (text), h1 }, h2 };
      if (!g_hash_table_add (seen, entry))
        return invalid_entry (error, i, C_("field problem", "it repeats an earlier entry."));
    }

  return g_steal_pointer (&entries);
}

static gboolean
read_bit_list (JsonObject  *object,
               const char  *name,
               guint        n,
               guint        max,
               guint       *values,
               GError     **error)
{
  g_autofree char *path = g_strdup_printf ("filter.lastOperation.%s", name);
  JsonArray *array;

  if (!(array = read_array_member (object, "filter.lastOperation", name, BLOOM_K_MAX, error)))
    return FALSE;

  if (json_array_get_length (array) != n)
    {
      g_autofree char *message = g_strdup_printf (C_("field problem", "it must have k = %u items."), n);

      return invalid_field (error, path, message);
    }

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item_path = g_strdup_printf ("%s[%u]", path, i);
      gint64 value;

      if (!read_integer (json_array_get_element (array, i), item_path, 0, max, &value, error))
        return FALSE;
      values[i] = value;
    }

  return TRUE;
}

typedef struct
{
  BloomOperationKind kind;
  BloomOutcome       outcome;
  const char        *text;
  gint64             h1;
  gint64             h2;
  guint              positions[BLOOM_K_MAX];
  guint              before[BLOOM_K_MAX];
  guint              after[BLOOM_K_MAX];
} OperationFields;

static gboolean
read_operation_fields (JsonObject       *filter,
                       guint             m,
                       guint             k,
                       OperationFields  *fields,
                       GError          **error)
{
  static const char * const known[] = {
    "kind", "text", "outcome", "h1", "h2", "positions", "before", "after", NULL
  };
  const char *path = "filter.lastOperation";
  JsonObject *object;
  const char *kind_name, *outcome_name;

  if (!(object = read_object_member (filter, "filter", "lastOperation", TRUE, error)) ||
      !check_members (object, path, known, error) ||
      !(kind_name = read_string_member (object, path, "kind", error)) ||
      !(fields->text = read_string_member (object, path, "text", error)) ||
      !(outcome_name = read_string_member (object, path, "outcome", error)) ||
      !read_integer_member (object, path, "h1", 0, G_MAXUINT32, &fields->h1, error) ||
      !read_integer_member (object, path, "h2", 0, G_MAXUINT32, &fields->h2, error) ||
      !read_bit_list (object, "positions", k, m - 1, fields->positions, error) ||
      !read_bit_list (object, "before", k, 1, fields->before, error) ||
      !read_bit_list (object, "after", k, 1, fields->after, error))
    return FALSE;

  if (!bloom_operation_kind_from_string (kind_name, &fields->kind))
    return invalid_field (error, "filter.lastOperation.kind", C_("field problem", "it must be “insert” or “query”."));
  if (!bloom_outcome_from_string (outcome_name, &fields->outcome))
    return invalid_field (error, "filter.lastOperation.outcome", C_("field problem", "it is not a known outcome."));

  return TRUE;
}

/* The document's last operation must be exactly what the program computes
 * for it, replayed on the entries; the comparison catches any edit. */
static gboolean
check_operation (BloomOperation         *operation,
                 const OperationFields  *fields,
                 gint64                  negative_queries,
                 gint64                  false_positives,
                 GError                **error)
{
  gboolean counters_ok;

  if (bloom_operation_get_kind (operation) != fields->kind ||
      bloom_operation_get_outcome (operation) != fields->outcome ||
      bloom_operation_get_h1 (operation) != fields->h1 ||
      bloom_operation_get_h2 (operation) != fields->h2)
    return invalid_field (error, "filter.lastOperation",
                          C_("field problem", "its outcome or hashes differ from what Bloom Lab computes for it."));

  for (guint i = 0; i < bloom_operation_get_n_positions (operation); i++)
    if (bloom_operation_get_position (operation, i) != fields->positions[i] ||
        (guint) bloom_operation_get_before (operation, i) != fields->before[i] ||
        (guint) bloom_operation_get_after (operation, i) != fields->after[i])
      return invalid_field (error, "filter.lastOperation",
                            C_("field problem", "its positions or bits differ from what Bloom Lab computes for it."));

  /* The last operation bounds the counters (SPEC R1–R3). */
  switch (fields->outcome)
    {
    case BLOOM_OUTCOME_INSERTED:
      counters_ok = negative_queries == 0;
      break;
    case BLOOM_OUTCOME_FALSE_POSITIVE:
      counters_ok = false_positives >= 1;
      break;
    case BLOOM_OUTCOME_DEFINITELY_ABSENT:
      counters_ok = negative_queries > false_positives;
      break;
    default:
      counters_ok = TRUE;
    }

  if (!counters_ok)
    return invalid_field (error, "filter.negativeQueries",
                          C_("field problem", "the counters do not fit the last operation."));

  return TRUE;
}

static gboolean
read_filter (JsonObject    *root,
             BloomSession  *session,
             GError       **error)
{
  static const char * const known[] = {
    "m", "k", "bits", "entries", "negativeQueries", "falsePositives", "lastOperation", NULL
  };
  JsonObject *filter;
  g_autoptr(GArray) entries = NULL;
  const char *bits;
  gint64 m, k, negative_queries, false_positives;
  gboolean has_operation;
  OperationFields fields = { 0, };
  guint n_replayed;
  g_autofree char *computed_bits = NULL;

  if (is_null_member (root, "filter"))
    return TRUE;

  if (!(filter = read_object_member (root, NULL, "filter", TRUE, error)) ||
      !check_members (filter, "filter", known, error) ||
      !read_integer_member (filter, "filter", "m", BLOOM_M_MIN, BLOOM_M_MAX, &m, error) ||
      !read_integer_member (filter, "filter", "k", BLOOM_K_MIN, BLOOM_K_MAX, &k, error) ||
      !(bits = read_string_member (filter, "filter", "bits", error)) ||
      !(entries = read_entries (filter, error)) ||
      !read_integer_member (filter, "filter", "negativeQueries", 0, G_MAXUINT,
                            &negative_queries, error) ||
      !read_integer_member (filter, "filter", "falsePositives", 0, G_MAXUINT,
                            &false_positives, error) ||
      !get_member (filter, "filter", "lastOperation", error))
    return FALSE;

  if (strlen (bits) != (gsize) m || strspn (bits, "01") != (gsize) m)
    {
      g_autofree char *message =
        g_strdup_printf (C_("field problem", "it must be m = %u characters, each 0 or 1."), (guint) m);

      return invalid_field (error, "filter.bits", message);
    }

  if (false_positives > negative_queries)
    return invalid_field (error, "filter.falsePositives",
                          C_("field problem", "there cannot be more false positives than negative queries."));

  has_operation = !is_null_member (filter, "lastOperation");
  if (has_operation && !read_operation_fields (filter, m, k, &fields, error))
    return FALSE;

  /* Only queries move the counters, and each becomes the last operation. */
  if (!has_operation && negative_queries != 0)
    return invalid_field (error, "filter.negativeQueries",
                          C_("field problem", "it must be 0 when there is no last operation."));

  /* An insert that added its string was the last change to the entries:
   * it is replayed on all entries before it, so its steps come out again. */
  n_replayed = entries->len;
  if (has_operation && fields.kind == BLOOM_OPERATION_INSERT &&
      fields.outcome == BLOOM_OUTCOME_INSERTED)
    {
      if (entries->len == 0 || strcmp (g_array_index (entries, LoadedEntry, entries->len - 1).key.text,
                                       fields.text) != 0)
        return invalid_field (error, "filter.lastOperation",
                              C_("field problem", "a string that was just inserted must be the last entry."));
      n_replayed--;
    }

  if (!bloom_session_create_filter (session, m, k, error))
    return FALSE;
  for (guint i = 0; i < n_replayed; i++)
    {
      const LoadedEntry *entry = &g_array_index (entries, LoadedEntry, i);
      gboolean added = bloom_session_add_hashed_entry (session, entry->key.text, entry->key.len,
                                                       entry->key.h1, entry->h2, NULL);

      g_assert (added);
    }

  if (has_operation)
    {
      g_autoptr(GError) local_error = NULL;
      BloomOperation *operation;

      if (fields.kind == BLOOM_OPERATION_INSERT)
        operation = bloom_session_insert (session, fields.text, -1, &local_error);
      else
        operation = bloom_session_query (session, fields.text, -1, &local_error);

      if (operation == NULL)
        return invalid_field (error, "filter.lastOperation.text", local_error->message);

      if (!check_operation (operation, &fields, negative_queries, false_positives, error))
        return FALSE;
    }

  bloom_session_set_counters (session, negative_queries, false_positives);

  /* SPEC P3: the bits must be exactly those the entries give. */
  computed_bits = bloom_filter_to_string (bloom_session_get_filter (session));
  if (strcmp (computed_bits, bits) != 0)
    {
      guint first = 0;

      while (computed_bits[first] == bits[first])
        first++;

      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INCONSISTENT_BITS,
                   _("The bits in the file do not match its entries (first difference at "
                     "bit %u). The file was changed or damaged."),
                   first);
      return FALSE;
    }

  return TRUE;
}

gboolean
bloom_state_load_json (BloomSession  *self,
                       const char    *json,
                       gssize         len,
                       GError       **error)
{
  static const char * const known[] = {
    "format", "version", "hash", "drafts", "openDetails", "filter", NULL
  };
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(BloomSession) loaded = NULL;
  g_autoptr(GError) parse_error = NULL;
  JsonNode *root_node, *version_node, *format_node;
  JsonObject *root;
  const char *format;
  gint64 version;

  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);
  g_return_val_if_fail (json != NULL || len == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* NULL stands for the empty text; the checks below compute with the
   * pointer and pass it to memchr(), both undefined on NULL. */
  if (json == NULL)
    json = "";
  if (len < 0)
    len = strlen (json);

  if (!check_raw_document (json, len, error))
    return FALSE;

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, json, len, &parse_error))
    {
      /* json-glib 1.6 quotes the unexpected token cut off after a number
       * of bytes, which can split a character: the message shown to the
       * user must stay valid UTF-8. */
      g_autofree char *reason = g_utf8_make_valid (parse_error->message, -1);

      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_NOT_JSON,
                   _("The file is not valid JSON: %s"), reason);
      return FALSE;
    }

  root_node = json_parser_get_root (parser);
  if (root_node == NULL || !JSON_NODE_HOLDS_OBJECT (root_node))
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_WRONG_FORMAT,
                   _("The file is JSON, but not a Bloom Lab session. "
                     "Choose a file exported by Bloom Lab."));
      return FALSE;
    }
  root = json_node_get_object (root_node);

  format_node = json_object_get_member (root, "format");
  format = format_node != NULL && JSON_NODE_HOLDS_VALUE (format_node) &&
           json_node_get_value_type (format_node) == G_TYPE_STRING ?
           json_node_get_string (format_node) : NULL;
  if (g_strcmp0 (format, BLOOM_STATE_FORMAT) != 0)
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_WRONG_FORMAT,
                   _("The file is JSON, but not a Bloom Lab session. "
                     "Choose a file exported by Bloom Lab."));
      return FALSE;
    }

  if (!(version_node = get_member (root, NULL, "version", error)) ||
      !read_integer (version_node, "version", G_MININT64, G_MAXINT64, &version, error))
    return FALSE;

  if (version < 1)
    return invalid_field (error, "version", C_("field problem", "format versions start at 1."));

  if (version > BLOOM_STATE_VERSION)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_UNSUPPORTED_VERSION,
                   _("The session was saved in format version %s, made by a newer Bloom Lab; "
                     "this one reads versions up to %d. Update Bloom Lab to open it."),
                   number, BLOOM_STATE_VERSION);
      return FALSE;
    }

  /* Version 1 is the only one so far; an older version, once there is a
   * newer one, is migrated here, field by field, before the checks below. */
  loaded = bloom_session_new ();
  if (!check_members (root, NULL, known, error) ||
      !read_hash (root, error) ||
      !read_drafts (root, loaded, error) ||
      !read_open_details (root, loaded, error) ||
      !read_filter (root, loaded, error))
    return FALSE;

  bloom_session_take_contents (self, loaded);

  return TRUE;
}
