/* bloom-state.c — SPEC P1–P4: writing the session as a JSON document, and
 * the checks a reader makes before parsing; reading is in
 * bloom-state-reader.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-state"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "bloom-error-private.h"
#include "bloom-filter-private.h"
#include "bloom-hash.h"
#include "bloom-operation-private.h"
#include "bloom-session-private.h"
#include "bloom-state-private.h"
#include "bloom-text-private.h"

/* Writing */

/* A member of the object being built, in one line: its name, its value. */
static void
add_int_member (JsonBuilder *builder,
                const char  *name,
                gint64       value)
{
  json_builder_add_int_value (json_builder_set_member_name (builder, name), value);
}

static void
add_string_member (JsonBuilder *builder,
                   const char  *name,
                   const char  *value)
{
  json_builder_add_string_value (json_builder_set_member_name (builder, name), value);
}

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

  add_string_member (builder, "kind",
                     bloom_operation_kind_to_string (bloom_operation_get_kind (operation)));
  text = bloom_operation_get_text (operation, NULL);
  add_string_member (builder, "text", text);
  add_string_member (builder, "outcome",
                     bloom_outcome_to_string (bloom_operation_get_outcome (operation)));
  add_int_member (builder, "h1", bloom_operation_get_h1 (operation));
  add_int_member (builder, "h2", bloom_operation_get_h2 (operation));

  json_builder_set_member_name (builder, "positions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < bloom_operation_get_n_positions (operation); i++)
    json_builder_add_int_value (builder, bloom_operation_get_position (operation, i));
  json_builder_end_array (builder);
  add_bit_array (builder, "before", operation, FALSE);
  add_bit_array (builder, "after", operation, TRUE);

  json_builder_end_object (builder);
}

static void
add_hash (JsonBuilder *builder)
{
  json_builder_set_member_name (builder, "hash");
  json_builder_begin_object (builder);
  add_string_member (builder, "scheme", BLOOM_HASH_SCHEME);
  add_int_member (builder, "seed1", BLOOM_HASH_SEED1);
  add_int_member (builder, "seed2", BLOOM_HASH_SEED2);
  json_builder_end_object (builder);
}

static void
add_drafts (JsonBuilder  *builder,
            BloomSession *self)
{
  json_builder_set_member_name (builder, "drafts");
  json_builder_begin_object (builder);
  add_string_member (builder, "m", bloom_session_get_m_draft (self));
  add_string_member (builder, "k", bloom_session_get_k_draft (self));
  add_string_member (builder, "text", bloom_session_get_text_draft (self));
  json_builder_end_object (builder);
}

static void
add_open_details (JsonBuilder  *builder,
                  BloomSession *self)
{
  const char * const *open_details = bloom_session_get_open_details (self);

  json_builder_set_member_name (builder, "openDetails");
  json_builder_begin_array (builder);
  for (guint i = 0; open_details[i] != NULL; i++)
    json_builder_add_string_value (builder, open_details[i]);
  json_builder_end_array (builder);
}

/* The active filter, its entries, counters and last operation. */
static void
add_filter (JsonBuilder  *builder,
            BloomSession *self,
            BloomFilter  *filter)
{
  g_autofree char *bits = bloom_filter_to_string (filter);
  BloomOperation *last = bloom_session_get_last_operation (self);

  json_builder_begin_object (builder);
  add_int_member (builder, "m", bloom_filter_get_m (filter));
  add_int_member (builder, "k", bloom_filter_get_k (filter));
  add_string_member (builder, "bits", bits);

  json_builder_set_member_name (builder, "entries");
  json_builder_begin_array (builder);
  for (guint i = 0; i < bloom_session_get_n_entries (self); i++)
    json_builder_add_string_value (builder, bloom_session_get_entry (self, i, NULL));
  json_builder_end_array (builder);

  add_int_member (builder, "negativeQueries", bloom_session_get_negative_queries (self));
  add_int_member (builder, "falsePositives", bloom_session_get_false_positives (self));

  json_builder_set_member_name (builder, "lastOperation");
  if (last == NULL)
    json_builder_add_null_value (builder);
  else
    add_operation (builder, last);

  json_builder_end_object (builder);
}

/* SPEC P1: the stored file holds the filter only (version 2), as the
 * drafts and open details live in GSettings; an export is the full state
 * of P3 (version 1), drafts included. */
static JsonNode *
build_document (BloomSession    *self,
                BloomStateFlags  flags)
{
  gboolean filter_only = (flags & BLOOM_STATE_FLAGS_FILTER_ONLY) != 0;
  /* Not immutable: sealing hashes every node, for nothing here. */
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  BloomFilter *filter = bloom_session_get_filter (self);

  json_builder_begin_object (builder);

  add_string_member (builder, "format", BLOOM_STATE_FORMAT);
  add_int_member (builder, "version", filter_only ? BLOOM_STATE_VERSION_FILTER_ONLY
                                                  : BLOOM_STATE_VERSION);
  add_hash (builder);
  if (!filter_only)
    {
      add_drafts (builder, self);
      add_open_details (builder, self);
    }

  json_builder_set_member_name (builder, "filter");
  if (filter == NULL)
    json_builder_add_null_value (builder);
  else
    add_filter (builder, self, filter);

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

/* @root as text, indented by two spaces when @pretty (files people
 * read): every document the model writes goes through here. */
char *
bloom_state_generate (JsonNode *root,
                      gboolean  pretty,
                      gsize    *len)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, root);
  if (pretty)
    {
      json_generator_set_pretty (generator, TRUE);
      json_generator_set_indent (generator, 2);
    }

  return escape_unit_separator (json_generator_to_data (generator, len), len);
}

/**
 * bloom_state_to_json_full:
 * @self: a session
 * @flags: how to write it
 * @len: (out) (optional): the length of the document in bytes
 *
 * The session as the JSON document of SPEC P1–P4: the full state
 * (version 1), or with %BLOOM_STATE_FLAGS_FILTER_ONLY the filter, its
 * entries, counters and last operation only (version 2).
 *
 * Returns: (transfer full): the document, UTF-8 ending with a NUL
 */
char *
bloom_state_to_json_full (BloomSession    *self,
                          BloomStateFlags  flags,
                          gsize           *len)
{
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  root = build_document (self, flags);

  return bloom_state_generate (root, (flags & BLOOM_STATE_FLAGS_PRETTY) != 0, len);
}

/**
 * bloom_state_to_json:
 * @self: a session
 * @len: (out) (optional): the length of the document in bytes
 *
 * The compact document: what is stored locally and measured against
 * %BLOOM_STATE_MAX_STORED_CHARS.
 *
 * Returns: (transfer full): the document, UTF-8 ending with a NUL
 */
char *
bloom_state_to_json (BloomSession *self,
                     gsize        *len)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  return bloom_state_to_json_full (self, BLOOM_STATE_FLAGS_NONE, len);
}

/**
 * bloom_state_count_chars:
 * @json: a document, valid UTF-8
 * @len: its length in bytes, or -1 when it ends with a NUL
 *
 * SPEC P2 counts characters as the original did: UTF-16 code units.
 *
 * Returns: the UTF-16 code units of @json
 */
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

/**
 * bloom_state_check_size:
 * @size: the size of a document in bytes
 * @error: the place for an error
 *
 * Whether a document of @size bytes can be a session at all; an importer
 * asks before it reads a file.
 *
 * Returns: %FALSE with %BLOOM_ERROR_IMPORT_TOO_LARGE when it is larger
 *   than %BLOOM_STATE_MAX_DOCUMENT_BYTES
 */
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
