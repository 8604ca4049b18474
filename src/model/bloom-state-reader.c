/* bloom-state-reader.c — SPEC P3, P4: reading a session document: every
 * member checked, older versions read as they were written, and the
 * session replaced only once all of it checked out. Writing is in
 * bloom-state.c.
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
#include "bloom-json-scanner.h"
#include "bloom-operation-private.h"
#include "bloom-session-private.h"
#include "bloom-state.h"
#include "bloom-text-private.h"

/* Reading: fields */

/* The name of member @name of the object at @path (NULL: the root), as
 * messages give it: "filter.m". */
static char *
member_path (const char *path,
             const char *name)
{
  return path != NULL ? g_strconcat (path, ".", name, NULL) : g_strdup (name);
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
        g_autofree char *name = member_path (path, l->data);

        return bloom_error_invalid_field (error, name,
                                          C_("field problem", "it is not part of a Bloom Lab session."));
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
      g_autofree char *missing = member_path (path, name);

      /* Translators: %s is the name of a field such as “filter.m” */
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INVALID_FIELD,
                   _("The field “%s” is missing."), missing);
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
    return bloom_error_invalid_field (error, path,
                                      C_("field problem", "it must be a whole number."));

  v = json_node_get_int (node);
  if (v < min || v > max)
    {
      g_autofree char *given = g_strdup_printf ("%" G_GINT64_FORMAT, v);
      g_autofree char *lowest = g_strdup_printf ("%" G_GINT64_FORMAT, min);
      g_autofree char *highest = g_strdup_printf ("%" G_GINT64_FORMAT, max);
      g_autofree char *message =
        /* Translators: a value, then the lowest and the highest allowed */
        g_strdup_printf (C_("field problem", "it is %s; it must be from %s to %s."), given, lowest, highest);

      return bloom_error_invalid_field (error, path, message);
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
  g_autofree char *field = member_path (path, name);
  JsonNode *node = get_member (object, path, name, error);

  return node != NULL && read_integer (node, field, min, max, value, error);
}

static const char *
read_string (JsonNode    *node,
             const char  *path,
             GError     **error)
{
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      bloom_error_invalid_field (error, path, C_("field problem", "it must be text."));
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
  g_autofree char *field = member_path (path, name);
  JsonNode *node = get_member (object, path, name, error);

  return node != NULL ? read_string (node, field, error) : NULL;
}

static JsonObject *
read_object_member (JsonObject  *object,
                    const char  *path,
                    const char  *name,
                    gboolean     nullable,
                    GError     **error)
{
  g_autofree char *field = member_path (path, name);
  JsonNode *node = get_member (object, path, name, error);

  if (node == NULL)
    return NULL;

  if (JSON_NODE_HOLDS_OBJECT (node))
    return json_node_get_object (node);

  bloom_error_invalid_field (error, field,
                             nullable ? C_("field problem", "it must be an object or null.")
                                      : C_("field problem", "it must be an object."));

  return NULL;
}

static JsonArray *
read_array_member (JsonObject  *object,
                   const char  *path,
                   const char  *name,
                   guint        max_length,
                   GError     **error)
{
  g_autofree char *field = member_path (path, name);
  JsonNode *node = get_member (object, path, name, error);
  JsonArray *array;

  if (node == NULL)
    return NULL;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      bloom_error_invalid_field (error, field, C_("field problem", "it must be a list."));
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

      bloom_error_invalid_field (error, field, message);
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

/* A draft is what a text field shows, as typed: any text, but no longer
 * than a field holds (BLOOM_DRAFT_MAX_CHARS), or the field would cut it
 * and the cut text would become the draft. */
static const char *
read_draft (JsonObject  *drafts,
            const char  *name,
            GError     **error)
{
  g_autofree char *path = member_path ("drafts", name);
  const char *draft = read_string_member (drafts, "drafts", name, error);

  if (draft != NULL && g_utf8_strlen (draft, -1) > BLOOM_DRAFT_MAX_CHARS)
    {
      g_autofree char *limit = g_strdup_printf ("%d", BLOOM_DRAFT_MAX_CHARS);
      g_autofree char *message =
        /* Translators: %s is the number of characters a text field holds */
        g_strdup_printf (C_("field problem", "it is longer than the %s characters a text field holds."),
                         limit);

      bloom_error_invalid_field (error, path, message);
      return NULL;
    }

  return draft;
}

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
      !(m = read_draft (drafts, "m", error)) ||
      !(k = read_draft (drafts, "k", error)) ||
      !(text = read_draft (drafts, "text", error)))
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
        return bloom_error_invalid_field (error, path,
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
    return bloom_error_invalid_field (error, "hash",
                                      C_("field problem", "it names a hash scheme or seeds other than Bloom Lab’s."));

  return TRUE;
}

static GArray *
invalid_entry (GError     **error,
               guint        i,
               const char  *message)
{
  g_autofree char *path = g_strdup_printf ("filter.entries[%u]", i);

  bloom_error_invalid_field (error, path, message);

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

      return bloom_error_invalid_field (error, path, message);
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
    return bloom_error_invalid_field (error, "filter.lastOperation.kind",
                                      C_("field problem", "it must be “insert” or “query”."));
  if (!bloom_outcome_from_string (outcome_name, &fields->outcome))
    return bloom_error_invalid_field (error, "filter.lastOperation.outcome",
                                      C_("field problem", "it is not a known outcome."));

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
    return bloom_error_invalid_field (error, "filter.lastOperation",
                                      C_("field problem", "its outcome or hashes differ from what Bloom Lab computes for it."));

  for (guint i = 0; i < bloom_operation_get_n_positions (operation); i++)
    if (bloom_operation_get_position (operation, i) != fields->positions[i] ||
        (guint) bloom_operation_get_before (operation, i) != fields->before[i] ||
        (guint) bloom_operation_get_after (operation, i) != fields->after[i])
      return bloom_error_invalid_field (error, "filter.lastOperation",
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
    return bloom_error_invalid_field (error, "filter.negativeQueries",
                                      C_("field problem", "the counters do not fit the last operation."));

  return TRUE;
}

/* The members of "filter", each read and checked on its own. */
typedef struct
{
  gint64           m;
  gint64           k;
  const char      *bits;
  GArray          *entries;           /* LoadedEntry */
  gint64           negative_queries;
  gint64           false_positives;
  gboolean         has_operation;
  OperationFields  operation;
} FilterFields;

static void
filter_fields_clear (FilterFields *fields)
{
  g_clear_pointer (&fields->entries, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (FilterFields, filter_fields_clear)

/* Every member of "filter", and what they must say together before
 * anything is replayed. */
static gboolean
read_filter_fields (JsonObject    *filter,
                    FilterFields  *fields,
                    GError       **error)
{
  static const char * const known[] = {
    "m", "k", "bits", "entries", "negativeQueries", "falsePositives", "lastOperation", NULL
  };

  if (!check_members (filter, "filter", known, error) ||
      !read_integer_member (filter, "filter", "m", BLOOM_M_MIN, BLOOM_M_MAX, &fields->m, error) ||
      !read_integer_member (filter, "filter", "k", BLOOM_K_MIN, BLOOM_K_MAX, &fields->k, error) ||
      !(fields->bits = read_string_member (filter, "filter", "bits", error)) ||
      !(fields->entries = read_entries (filter, error)) ||
      !read_integer_member (filter, "filter", "negativeQueries", 0, G_MAXUINT,
                            &fields->negative_queries, error) ||
      !read_integer_member (filter, "filter", "falsePositives", 0, G_MAXUINT,
                            &fields->false_positives, error) ||
      !get_member (filter, "filter", "lastOperation", error))
    return FALSE;

  if (strlen (fields->bits) != (gsize) fields->m || strspn (fields->bits, "01") != (gsize) fields->m)
    {
      g_autofree char *message =
        g_strdup_printf (C_("field problem", "it must be m = %u characters, each 0 or 1."),
                         (guint) fields->m);

      return bloom_error_invalid_field (error, "filter.bits", message);
    }

  if (fields->false_positives > fields->negative_queries)
    return bloom_error_invalid_field (error, "filter.falsePositives",
                                      C_("field problem", "there cannot be more false positives than negative queries."));

  fields->has_operation = !is_null_member (filter, "lastOperation");
  if (fields->has_operation &&
      !read_operation_fields (filter, fields->m, fields->k, &fields->operation, error))
    return FALSE;

  /* Only queries move the counters, and each becomes the last operation. */
  if (!fields->has_operation && fields->negative_queries != 0)
    return bloom_error_invalid_field (error, "filter.negativeQueries",
                                      C_("field problem", "it must be 0 when there is no last operation."));

  return TRUE;
}

/* How many entries are added before the last operation is replayed: all
 * of them, unless that operation is the insert that added the last one;
 * it was then the last change to the entries, and is replayed on all
 * entries before it, so its steps come out again. */
static gboolean
count_replayed_entries (const FilterFields  *fields,
                        guint               *n_replayed,
                        GError             **error)
{
  const OperationFields *operation = &fields->operation;
  GArray *entries = fields->entries;

  *n_replayed = entries->len;

  if (fields->has_operation && operation->kind == BLOOM_OPERATION_INSERT &&
      operation->outcome == BLOOM_OUTCOME_INSERTED)
    {
      if (entries->len == 0 ||
          strcmp (g_array_index (entries, LoadedEntry, entries->len - 1).key.text, operation->text) != 0)
        return bloom_error_invalid_field (error, "filter.lastOperation",
                                          C_("field problem", "a string that was just inserted must be the last entry."));
      (*n_replayed)--;
    }

  return TRUE;
}

/* The filter built again in @session: the first @n_replayed entries, then
 * the last operation, which must come out as the document says. */
static gboolean
replay_filter (BloomSession        *session,
               const FilterFields  *fields,
               guint                n_replayed,
               GError             **error)
{
  if (!bloom_session_create_filter (session, fields->m, fields->k, error))
    return FALSE;

  for (guint i = 0; i < n_replayed; i++)
    {
      const LoadedEntry *entry = &g_array_index (fields->entries, LoadedEntry, i);
      gboolean added = bloom_session_add_hashed_entry (session, entry->key.text, entry->key.len,
                                                       entry->key.h1, entry->h2, NULL);

      g_assert (added);
    }

  if (fields->has_operation)
    {
      g_autoptr(GError) local_error = NULL;
      const char *text = fields->operation.text;
      BloomOperation *operation;

      if (fields->operation.kind == BLOOM_OPERATION_INSERT)
        operation = bloom_session_insert (session, text, -1, &local_error);
      else
        operation = bloom_session_query (session, text, -1, &local_error);

      if (operation == NULL)
        return bloom_error_invalid_field (error, "filter.lastOperation.text", local_error->message);

      if (!check_operation (operation, &fields->operation, fields->negative_queries,
                            fields->false_positives, error))
        return FALSE;
    }

  bloom_session_set_counters (session, fields->negative_queries, fields->false_positives);

  return TRUE;
}

/* SPEC P3: the bits must be exactly those the entries give. */
static gboolean
check_bits (BloomSession  *session,
            const char    *bits,
            GError       **error)
{
  g_autofree char *computed_bits = bloom_filter_to_string (bloom_session_get_filter (session));
  guint first = 0;

  if (strcmp (computed_bits, bits) == 0)
    return TRUE;

  while (computed_bits[first] == bits[first])
    first++;

  g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INCONSISTENT_BITS,
               _("The bits in the file do not match its entries (first difference at "
                 "bit %u). The file was changed or damaged."),
               first);
  return FALSE;
}

static gboolean
read_filter (JsonObject    *root,
             BloomSession  *session,
             GError       **error)
{
  g_auto(FilterFields) fields = { 0, };
  JsonObject *filter;
  guint n_replayed;

  if (is_null_member (root, "filter"))
    return TRUE;

  if (!(filter = read_object_member (root, NULL, "filter", TRUE, error)) ||
      !read_filter_fields (filter, &fields, error) ||
      !count_replayed_entries (&fields, &n_replayed, error) ||
      !replay_filter (session, &fields, n_replayed, error) ||
      !check_bits (session, fields.bits, error))
    return FALSE;

  return TRUE;
}

/* The root object of the document, which @parser keeps. */
static JsonObject *
parse_document (JsonParser  *parser,
                const char  *json,
                gsize        len,
                GError     **error)
{
  return bloom_json_scanner_parse (parser, json, len, BLOOM_STATE_FORMAT,
                                   _("The file is JSON, but not a Bloom Lab session. "
                                     "Choose a file exported by Bloom Lab."),
                                   error);
}

static gboolean
check_version (JsonObject  *root,
               gint64      *version_out,
               GError     **error)
{
  JsonNode *version_node;
  gint64 version;

  if (!(version_node = get_member (root, NULL, "version", error)) ||
      !read_integer (version_node, "version", G_MININT64, G_MAXINT64, &version, error))
    return FALSE;

  if (version < 1)
    return bloom_error_invalid_field (error, "version",
                                      C_("field problem", "format versions start at 1."));

  if (version > BLOOM_STATE_VERSION_FILTER_ONLY)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_UNSUPPORTED_VERSION,
                   _("The session was saved in format version %s, made by a newer Bloom Lab; "
                     "this one reads versions up to %d. Update Bloom Lab to open it."),
                   number, BLOOM_STATE_VERSION_FILTER_ONLY);
      return FALSE;
    }

  *version_out = version;

  return TRUE;
}

/**
 * bloom_state_load_json:
 * @self: a session
 * @json: a document, as bloom_state_to_json() writes
 * @len: its length in bytes, or -1 when it ends with a NUL
 * @error: the place for an error
 *
 * Replaces everything @self holds with the session of @json, after
 * checking all of it (SPEC P3, P4): one "changed", "drafts-changed" when
 * a draft changed, and one notification per changed property. A document
 * of version 2 holds no drafts and open details: @self keeps its own.
 *
 * Returns: %TRUE when @json was loaded; otherwise %FALSE with a
 *   #BloomError that says what is wrong, and @self left exactly as it was
 */
gboolean
bloom_state_load_json (BloomSession  *self,
                       const char    *json,
                       gssize         len,
                       GError       **error)
{
  return bloom_state_load_json_full (self, json, len, BLOOM_STATE_FLAGS_NONE, error);
}

/**
 * bloom_state_load_json_full:
 * @self: a session
 * @json: a document, as bloom_state_to_json_full() writes
 * @len: its length in bytes, or -1 when it ends with a NUL
 * @flags: with %BLOOM_STATE_FLAGS_FILTER_ONLY, only the filter, its
 *   entries, counters and last operation are taken; the drafts and open
 *   details of a version 1 document are checked and left out
 * @error: the place for an error
 *
 * As bloom_state_load_json().
 *
 * Returns: %TRUE when @json was loaded; otherwise %FALSE with a
 *   #BloomError, and @self left exactly as it was
 */
gboolean
bloom_state_load_json_full (BloomSession     *self,
                            const char       *json,
                            gssize            len,
                            BloomStateFlags   flags,
                            GError          **error)
{
  static const char * const known_full[] = {
    "format", "version", "hash", "drafts", "openDetails", "filter", NULL
  };
  static const char * const known_filter_only[] = { "format", "version", "hash", "filter", NULL };
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(BloomSession) loaded = NULL;
  JsonObject *root;
  gint64 version = 0;
  gboolean full;

  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);
  g_return_val_if_fail (json != NULL || len == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* NULL stands for the empty text; the checks below compute with the
   * pointer and pass it to memchr(), both undefined on NULL. */
  if (json == NULL)
    json = "";
  if (len < 0)
    len = strlen (json);

  parser = json_parser_new_immutable ();
  if (!(root = parse_document (parser, json, len, error)) ||
      !check_version (root, &version, error))
    return FALSE;

  /* Version 1 is the full state; version 2 the filter only, as stored
   * beside the drafts in GSettings. An older version, once there is a
   * newer one of its kind, is migrated here, field by field, before the
   * checks below. */
  full = version == BLOOM_STATE_VERSION;
  loaded = bloom_session_new ();
  if (!check_members (root, NULL, full ? known_full : known_filter_only, error) ||
      !read_hash (root, error) ||
      (full && !read_drafts (root, loaded, error)) ||
      (full && !read_open_details (root, loaded, error)) ||
      !read_filter (root, loaded, error))
    return FALSE;

  if (!full || (flags & BLOOM_STATE_FLAGS_FILTER_ONLY))
    {
      bloom_session_replace_drafts (loaded, self->m_draft, self->k_draft, self->text_draft);
      bloom_session_replace_open_details (loaded, (const char * const *) self->open_details);
    }

  bloom_session_take_contents (self, loaded);

  return TRUE;
}
