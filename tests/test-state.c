/* test-state.c — SPEC P1–P4: the JSON document of the session
 *
 * Every state a session can reach must come back exactly; every version-1
 * document must load forever (data/state-v1.json); and every invalid
 * document must be refused with the right error, leaving the session it
 * was loaded into exactly as it was.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "bloom-model.h"
#include "bloom-session-private.h"
#include "test-util.h"

#define MIB (1024 * 1024)

static JsonArray *traces;

/* Helpers */

static void
count_changed (BloomSession *session,
               guint        *count)
{
  (*count)++;
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

static void
assert_same_operation (BloomOperation *a,
                       BloomOperation *b)
{
  const char *text_a, *text_b;
  gsize len_a, len_b;

  if (a == NULL || b == NULL)
    {
      g_assert_null (a);
      g_assert_null (b);
      return;
    }

  g_assert_cmpint (bloom_operation_get_kind (a), ==, bloom_operation_get_kind (b));
  g_assert_cmpint (bloom_operation_get_outcome (a), ==, bloom_operation_get_outcome (b));
  text_a = bloom_operation_get_text (a, &len_a);
  text_b = bloom_operation_get_text (b, &len_b);
  g_assert_cmpmem (text_a, len_a, text_b, len_b);
  g_assert_cmpuint (bloom_operation_get_h1 (a), ==, bloom_operation_get_h1 (b));
  g_assert_cmpuint (bloom_operation_get_h2 (a), ==, bloom_operation_get_h2 (b));
  g_assert_cmpuint (bloom_operation_get_n_positions (a), ==, bloom_operation_get_n_positions (b));
  for (guint i = 0; i < bloom_operation_get_n_positions (a); i++)
    {
      g_assert_cmpuint (bloom_operation_get_position (a, i), ==,
                        bloom_operation_get_position (b, i));
      g_assert_cmpint (bloom_operation_get_before (a, i), ==, bloom_operation_get_before (b, i));
      g_assert_cmpint (bloom_operation_get_after (a, i), ==, bloom_operation_get_after (b, i));
    }
}

/* Everything the document carries, compared field by field. */
static void
assert_same_session (BloomSession *a,
                     BloomSession *b)
{
  BloomFilter *filter_a = bloom_session_get_filter (a);
  BloomFilter *filter_b = bloom_session_get_filter (b);

  g_assert_cmpstr (bloom_session_get_m_draft (a), ==, bloom_session_get_m_draft (b));
  g_assert_cmpstr (bloom_session_get_k_draft (a), ==, bloom_session_get_k_draft (b));
  g_assert_cmpstr (bloom_session_get_text_draft (a), ==, bloom_session_get_text_draft (b));
  g_assert_true (g_strv_equal (bloom_session_get_open_details (a),
                               bloom_session_get_open_details (b)));

  if (filter_a == NULL || filter_b == NULL)
    {
      g_assert_null (filter_a);
      g_assert_null (filter_b);
    }
  else
    {
      g_autofree char *bits_a = bloom_filter_to_string (filter_a);
      g_autofree char *bits_b = bloom_filter_to_string (filter_b);

      g_assert_cmpuint (bloom_filter_get_m (filter_a), ==, bloom_filter_get_m (filter_b));
      g_assert_cmpuint (bloom_filter_get_k (filter_a), ==, bloom_filter_get_k (filter_b));
      g_assert_cmpstr (bits_a, ==, bits_b);
    }

  g_assert_cmpuint (bloom_session_get_n_entries (a), ==, bloom_session_get_n_entries (b));
  for (guint i = 0; i < bloom_session_get_n_entries (a); i++)
    {
      gsize len_a, len_b;
      const char *entry_a = bloom_session_get_entry (a, i, &len_a);
      const char *entry_b = bloom_session_get_entry (b, i, &len_b);

      g_assert_cmpmem (entry_a, len_a, entry_b, len_b);
    }

  g_assert_cmpuint (bloom_session_get_negative_queries (a), ==,
                    bloom_session_get_negative_queries (b));
  g_assert_cmpuint (bloom_session_get_false_positives (a), ==,
                    bloom_session_get_false_positives (b));
  assert_same_operation (bloom_session_get_last_operation (a),
                         bloom_session_get_last_operation (b));
}

static BloomSession *
load_session (const char *json,
              gssize      len)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  gboolean loaded;

  loaded = bloom_state_load_json (session, json, len, &error);
  g_assert_no_error (error);
  g_assert_true (loaded);

  return g_steal_pointer (&session);
}

static BloomSession *
load_data_file (const char *name)
{
  g_autofree char *contents = NULL;
  gsize len;

  contents = test_read_data_file (name, &len);

  return load_session (contents, len);
}

/* Serialises @session compact and pretty, loads each form into a fresh
 * session, and checks that both come back equal and write the same bytes
 * again. Returns the session loaded from the compact form. */
static BloomSession *
round_trip (BloomSession *session)
{
  g_autoptr(BloomSession) loaded = NULL;
  g_autoptr(BloomSession) from_pretty = NULL;
  g_autofree char *json = NULL;
  g_autofree char *json_again = NULL;
  g_autofree char *json_from_pretty = NULL;
  g_autofree char *pretty = NULL;
  g_autofree char *pretty_again = NULL;
  gsize len, len_again, len_from_pretty, pretty_len, pretty_len_again;

  json = bloom_state_to_json (session, &len);
  g_assert_cmpuint (len, ==, strlen (json));
  loaded = load_session (json, len);
  assert_same_session (loaded, session);
  json_again = bloom_state_to_json (loaded, &len_again);
  g_assert_cmpmem (json_again, len_again, json, len);

  pretty = bloom_state_to_json_full (session, BLOOM_STATE_FLAGS_PRETTY, &pretty_len);
  g_assert_cmpuint (pretty_len, ==, strlen (pretty));
  g_assert_cmpuint (pretty_len, >, len);
  from_pretty = load_session (pretty, pretty_len);
  assert_same_session (from_pretty, session);
  pretty_again = bloom_state_to_json_full (from_pretty, BLOOM_STATE_FLAGS_PRETTY,
                                           &pretty_len_again);
  g_assert_cmpmem (pretty_again, pretty_len_again, pretty, pretty_len);
  json_from_pretty = bloom_state_to_json (from_pretty, &len_from_pretty);
  g_assert_cmpmem (json_from_pretty, len_from_pretty, json, len);

  return g_steal_pointer (&loaded);
}

/* Loading @json into @session must fail with @code, a message (containing
 * @fragment, if given), no signal and no change at all. */
static void
assert_refused (BloomSession *session,
                const char   *json,
                gssize        len,
                int           code,
                const char   *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = bloom_state_to_json (session, NULL);
  g_autofree char *pretty_before =
    bloom_state_to_json_full (session, BLOOM_STATE_FLAGS_PRETTY, NULL);
  g_autofree char *after = NULL;
  g_autofree char *pretty_after = NULL;
  BloomFilter *filter = bloom_session_get_filter (session);
  BloomOperation *last = bloom_session_get_last_operation (session);
  guint changed = 0;
  guint notified = 0;
  gulong changed_id, notify_id;
  gboolean loaded;

  changed_id = g_signal_connect (session, "changed", G_CALLBACK (count_changed), &changed);
  notify_id = g_signal_connect (session, "notify", G_CALLBACK (count_notify), &notified);

  loaded = bloom_state_load_json (session, json, len, &error);

  g_signal_handler_disconnect (session, changed_id);
  g_signal_handler_disconnect (session, notify_id);

  g_assert_false (loaded);
  g_assert_error (error, BLOOM_ERROR, code);
  g_test_message ("refused: %s", error->message);
  g_assert_cmpuint (strlen (error->message), >, 20);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_null (strstr (error->message, "(null)"));
  if (fragment != NULL && strstr (error->message, fragment) == NULL)
    g_error ("“%s” does not mention “%s”", error->message, fragment);

  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpuint (notified, ==, 0);
  g_assert_true (bloom_session_get_filter (session) == filter);
  g_assert_true (bloom_session_get_last_operation (session) == last);
  after = bloom_state_to_json (session, NULL);
  g_assert_cmpstr (after, ==, before);
  pretty_after = bloom_state_to_json_full (session, BLOOM_STATE_FLAGS_PRETTY, NULL);
  g_assert_cmpstr (pretty_after, ==, pretty_before);
}

/* A session with something in every field, to refuse documents into. */
static BloomSession *
new_busy_session (void)
{
  BloomSession *session = load_data_file ("state-v1.json");

  g_assert_nonnull (bloom_session_get_filter (session));
  g_assert_nonnull (bloom_session_get_last_operation (session));

  return session;
}

static char *
nested (guint       depth,
        const char *open,
        const char *inner,
        const char *close)
{
  GString *string = g_string_sized_new (depth * (strlen (open) + strlen (close)) + 16);

  for (guint i = 0; i < depth; i++)
    g_string_append (string, open);
  g_string_append (string, inner);
  for (guint i = 0; i < depth; i++)
    g_string_append (string, close);

  return g_string_free (string, FALSE);
}

/* Replaces the single occurrence of @old in @json. */
static char *
replace_once (const char *json,
              const char *old,
              const char *new)
{
  const char *at = strstr (json, old);
  GString *string;

  g_assert_nonnull (at);
  g_assert_null (strstr (at + 1, old));

  string = g_string_new_len (json, at - json);
  g_string_append (string, new);
  g_string_append (string, at + strlen (old));

  return g_string_free (string, FALSE);
}

/* Round trips */

static void
check_step_round_trip (BloomSession *session,
                       JsonObject   *step,
                       gpointer      user_data)
{
  g_autoptr(BloomSession) loaded = round_trip (session);
  JsonNode *result = json_object_get_member (step, "result");
  guint *n_steps = user_data;

  test_assert_session_state (loaded, json_object_get_object_member (step, "state"));

  if (result != NULL && !JSON_NODE_HOLDS_NULL (result))
    {
      BloomOperation *operation = bloom_session_get_last_operation (loaded);
      const char *text = json_object_get_string_member_with_default (step, "text", NULL);

      g_assert_nonnull (operation);
      test_assert_operation (operation, json_node_get_object (result));
      if (text != NULL)
        g_assert_cmpstr (bloom_operation_get_text (operation, NULL), ==, text);
    }
  else if (g_str_equal (json_object_get_string_member (step, "op"), "reset"))
    g_assert_null (bloom_session_get_last_operation (loaded));

  (*n_steps)++;
}

/* After every step of every trace, the document brings back the state
 * the trace expects, and writes itself again byte for byte. */
static void
test_round_trip_traces (void)
{
  guint n_steps = 0;
  guint n_expected = 0;

  for (guint i = 0; i < json_array_get_length (traces); i++)
    {
      JsonObject *trace = json_array_get_object_element (traces, i);
      g_autoptr(BloomSession) session = bloom_session_new ();
      g_autofree char *m =
        g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (trace, "m"));
      g_autofree char *k =
        g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (trace, "k"));

      g_test_message ("trace: %s", json_object_get_string_member (trace, "name"));
      bloom_session_set_m_draft (session, m);
      bloom_session_set_k_draft (session, k);
      bloom_session_set_text_draft (session, json_object_get_string_member (trace, "name"));
      if (i % 2 == 1)
        bloom_session_set_detail_open (session, "hash-positions", TRUE);

      test_run_trace (session, trace, check_step_round_trip, &n_steps);
      n_expected += json_array_get_length (json_object_get_array_member (trace, "steps"));
    }

  g_assert_cmpuint (n_steps, ==, n_expected);
  g_assert_cmpuint (n_steps, >=, 25);
}

/* P1: the fields are kept exactly as typed, valid or not. */
static void
test_round_trip_drafts (void)
{
  static const struct {
    const char *m;
    const char *k;
    const char *text;
  } drafts[] = {
    { "abc", "", "9999" },
    { "", "", "" },
    { "9999", "abc", "" },
    { " 64 ", "3,5", "1e3" },
    { "-8", "12.0", "tab\there, newline\nthere, return\r, emoji \xf0\x9f\x98\x80\xf0\x9f\x8c\xb8" },
    { "\xd9\xa6\xd9\xa4", "\xef\xbc\x93",
      "controls \x01\x07\x1b\x1f\x7f, quote \", backslash \\, slash /, "
      "U+2028 \xe2\x80\xa8, BOM \xef\xbb\xbf, e\xcc\x81 and \xc3\xa9" },
    { "64", "3", "\\u0041 stays six characters" },
  };

  for (guint with_filter = 0; with_filter < 2; with_filter++)
    for (guint i = 0; i < G_N_ELEMENTS (drafts); i++)
      {
        g_autoptr(BloomSession) session = bloom_session_new ();
        g_autoptr(BloomSession) loaded = NULL;

        if (with_filter)
          {
            g_assert_true (bloom_session_create_filter (session, 8, 1, NULL));
            g_assert_nonnull (bloom_session_insert (session, "a", -1, NULL));
          }
        bloom_session_set_m_draft (session, drafts[i].m);
        bloom_session_set_k_draft (session, drafts[i].k);
        bloom_session_set_text_draft (session, drafts[i].text);

        loaded = round_trip (session);
        g_assert_cmpstr (bloom_session_get_m_draft (loaded), ==, drafts[i].m);
        g_assert_cmpstr (bloom_session_get_k_draft (loaded), ==, drafts[i].k);
        g_assert_cmpstr (bloom_session_get_text_draft (loaded), ==, drafts[i].text);
        g_assert_cmpint (bloom_session_get_filter (loaded) != NULL, ==, with_filter);
      }
}

/* A draft is whatever the field holds, up to the most it holds
 * (BLOOM_DRAFT_MAX_CHARS); the document must still load, or the session
 * is lost at the next start. */
static void
test_round_trip_long_drafts (void)
{
  static const gsize lengths[] = { 257, 4096, 4097, BLOOM_DRAFT_MAX_CHARS };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      g_autoptr(BloomSession) session = bloom_session_new ();
      g_autoptr(BloomSession) loaded = NULL;
      g_autofree char *text = g_strnfill (lengths[i], 'y');
      g_autofree char *m = g_strnfill (lengths[i], '9');

      bloom_session_set_text_draft (session, text);
      bloom_session_set_m_draft (session, m);
      loaded = round_trip (session);
      g_assert_cmpuint (strlen (bloom_session_get_text_draft (loaded)), ==, lengths[i]);
      g_assert_cmpuint (strlen (bloom_session_get_m_draft (loaded)), ==, lengths[i]);
    }
}

static void
test_round_trip_open_details (void)
{
  static const char * const none[] = { NULL };
  static const char * const one[] = { "model", NULL };
  static const char * const two[] = { "hash-positions", "model", NULL };
  static const char * const odd[] = { "0", "a-b-c", "x", NULL };
  const char * const *sets[] = { none, one, two, odd };

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr(BloomSession) session = bloom_session_new ();
      g_autoptr(BloomSession) loaded = NULL;

      /* Opened and closed again: not in the document. */
      bloom_session_set_detail_open (session, "closed-again", TRUE);
      bloom_session_set_detail_open (session, "closed-again", FALSE);
      for (guint j = 0; sets[i][j] != NULL; j++)
        bloom_session_set_detail_open (session, sets[i][j], TRUE);

      loaded = round_trip (session);
      g_assert_true (g_strv_equal (bloom_session_get_open_details (loaded), sets[i]));
      g_assert_false (bloom_session_get_detail_open (loaded, "closed-again"));
    }
}

/* The most details a session remembers, with the longest names. */
static void
test_round_trip_open_details_limit (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSession) loaded = NULL;

  for (guint i = 0; i < BLOOM_MAX_OPEN_DETAILS; i++)
    {
      g_autofree char *name = g_strdup_printf ("detail-%025u", i);

      g_assert_cmpuint (strlen (name), ==, 32);
      bloom_session_set_detail_open (session, name, TRUE);
    }

  loaded = round_trip (session);
  g_assert_cmpuint (g_strv_length ((GStrv) bloom_session_get_open_details (loaded)), ==,
                    BLOOM_MAX_OPEN_DETAILS);
  g_assert_true (bloom_session_get_detail_open (loaded, "detail-0000000000000000000000015"));
}

static void
test_round_trip_no_filter (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSession) loaded = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *json = NULL;
  JsonObject *root;

  g_assert_true (bloom_session_create_filter (session, 16, 2, NULL));
  bloom_session_insert (session, "gone", -1, NULL);
  bloom_session_discard_filter (session);

  json = bloom_state_to_json (session, NULL);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_has_member (root, "filter"));
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (root, "filter")));

  loaded = round_trip (session);
  g_assert_null (bloom_session_get_filter (loaded));
  g_assert_cmpuint (bloom_session_get_n_entries (loaded), ==, 0);
}

/* 256 UTF-16 units that take the most room in JSON: a distinct number,
 * then control characters (six bytes each as \u00XX), quotes, backslashes,
 * astral emoji (two units) and the like. */
static char *
make_limit_text (guint i)
{
  static const char * const pieces[] = {
    "\x01", "\x1f", "\"", "\\", "\n", "\xf0\x9f\x98\x80", "\x7f", "\xe2\x80\xa8",
    "\x1b", "\xf0\x9f\x8c\xb8", "\x02", "\x1e", "\xc3\xa9", "\t",
  };
  GString *text = g_string_new (NULL);
  guint units;

  g_string_printf (text, "%04u", i);
  units = 4;
  for (guint j = 0; units < BLOOM_TEXT_MAX_UNITS; j++)
    {
      const char *piece = pieces[(i + j) % G_N_ELEMENTS (pieces)];
      guint n = (guchar) piece[0] >= 0xf0 ? 2 : 1;

      if (units + n > BLOOM_TEXT_MAX_UNITS)
        {
          piece = "\x03";
          n = 1;
        }
      g_string_append (text, piece);
      units += n;
    }

  g_assert_cmpint (bloom_text_count_units (text->str, text->len), ==, BLOOM_TEXT_MAX_UNITS);

  return g_string_free (text, FALSE);
}

static BloomSession *
new_limit_session (void)
{
  BloomSession *session = bloom_session_new ();
  g_autofree char *query = make_limit_text (9999);

  g_assert_true (bloom_session_create_filter (session, BLOOM_M_MAX, BLOOM_K_MAX, NULL));
  for (guint i = 0; i < BLOOM_MAX_ENTRIES; i++)
    {
      g_autofree char *text = make_limit_text (i);
      g_autoptr(GError) error = NULL;
      BloomOperation *operation = bloom_session_insert (session, text, -1, &error);

      g_assert_no_error (error);
      g_assert_cmpint (bloom_operation_get_outcome (operation), ==, BLOOM_OUTCOME_INSERTED);
    }

  for (guint i = 0; i < 3; i++)
    g_assert_nonnull (bloom_session_query (session, query, -1, NULL));
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 3);

  bloom_session_set_m_draft (session, "1024");
  bloom_session_set_k_draft (session, "12");
  bloom_session_set_text_draft (session, query);
  for (guint i = 0; i < BLOOM_MAX_OPEN_DETAILS; i++)
    {
      g_autofree char *name = g_strdup_printf ("detail-%u", i);

      bloom_session_set_detail_open (session, name, TRUE);
    }

  return session;
}

/* The largest session there is comes back exactly, and stays below what
 * the loader accepts. */
static void
test_round_trip_limits (void)
{
  g_autoptr(BloomSession) session = new_limit_session ();
  g_autoptr(BloomSession) loaded = NULL;
  g_autofree char *json = NULL;
  g_autofree char *pretty = NULL;
  gsize len, pretty_len, chars;

  loaded = round_trip (session);
  g_assert_cmpuint (bloom_session_get_n_entries (loaded), ==, BLOOM_MAX_ENTRIES);
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (loaded)), ==, 1024);
  g_assert_cmpuint (bloom_filter_get_k (bloom_session_get_filter (loaded)), ==, 12);
  g_assert_cmpuint (bloom_session_get_negative_queries (loaded), ==, 3);

  json = bloom_state_to_json (session, &len);
  pretty = bloom_state_to_json_full (session, BLOOM_STATE_FLAGS_PRETTY, &pretty_len);
  chars = bloom_state_count_chars (json, len);
  g_test_message ("largest session: compact document %" G_GSIZE_FORMAT " bytes, %" G_GSIZE_FORMAT
                  " characters; pretty %" G_GSIZE_FORMAT " bytes; loader limit %d bytes, "
                  "stored locally up to %d characters",
                  len, chars, pretty_len, BLOOM_STATE_MAX_DOCUMENT_BYTES,
                  BLOOM_STATE_MAX_STORED_CHARS);

  g_assert_cmpuint (pretty_len, <, BLOOM_STATE_MAX_DOCUMENT_BYTES);
  /* Only export can keep it (P2, P3). */
  g_assert_cmpuint (chars, >, BLOOM_STATE_MAX_STORED_CHARS);
}

/* Export is JSON that any strict reader takes: no raw control character,
 * U+001F included (json-glib 1.6 writes that one raw). */
static void
test_document_strict_json (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSession) loaded = NULL;
  GString *controls = g_string_new (NULL);
  g_autofree char *json = NULL;
  g_autofree char *pretty = NULL;
  g_autofree char *text = NULL;
  gsize len, pretty_len;

  for (char c = 1; c < 0x20; c++)
    g_string_append_c (controls, c);
  g_string_append_c (controls, 0x7f);
  text = g_string_free (controls, FALSE);

  g_assert_true (bloom_session_create_filter (session, 64, 3, NULL));
  g_assert_nonnull (bloom_session_insert (session, text, -1, NULL));
  g_assert_nonnull (bloom_session_query (session, "\x1f", -1, NULL));
  bloom_session_set_text_draft (session, text);

  json = bloom_state_to_json (session, &len);
  pretty = bloom_state_to_json_full (session, BLOOM_STATE_FLAGS_PRETTY, &pretty_len);
  for (gsize i = 0; i < len; i++)
    g_assert_cmpint ((guchar) json[i], >=, 0x20);
  for (gsize i = 0; i < pretty_len; i++)
    g_assert_true ((guchar) pretty[i] >= 0x20 || pretty[i] == '\n');
  g_assert_nonnull (strstr (json, "\"\\u001f\""));
  g_assert_nonnull (strstr (json, "\\u001e\\u001f\\u007f\""));

  loaded = round_trip (session);
  g_assert_cmpstr (bloom_session_get_entry (loaded, 0, NULL), ==, text);
}

/* Fixtures: every version-1 document loads forever (P4) */

static void
test_fixture_v1 (void)
{
  static const char * const entries[] = {
    "apple",
    "Apple",
    "Gr\xc3\xbc\xc3\x9f" "e aus K\xc3\xb6ln",
    "\xc3\xa9",                        /* U+00E9 */
    "e\xcc\x81",                       /* e + U+0301, written "e\u0301" */
    "\xe5\xb8\x83\xe9\x9a\x86\xe8\xbf\x87\xe6\xbb\xa4\xe5\x99\xa8",
    "\xf0\x9f\x8c\xb8 bloom",
    "tab\there",
    "two\nlines",
    "say \"hi\" \\ bye",
    " padded ",
    "bell\a",
  };
  static const guint positions[] = { 31, 36, 41 };
  static const char * const open_details[] = { "hash-positions", "model", NULL };
  g_autoptr(BloomSession) session = load_data_file ("state-v1.json");
  g_autoptr(BloomSession) loaded = NULL;
  BloomFilter *filter = bloom_session_get_filter (session);
  BloomOperation *last = bloom_session_get_last_operation (session);
  BloomOperation *operation;
  g_autofree char *bits = NULL;
  double rate = 0;
  gsize len;

  g_assert_cmpstr (bloom_session_get_m_draft (session), ==, "64");
  g_assert_cmpstr (bloom_session_get_k_draft (session), ==, "3");
  g_assert_cmpstr (bloom_session_get_text_draft (session), ==, "\xf0\x9f\x8c\xb7\ttulip");
  g_assert_true (g_strv_equal (bloom_session_get_open_details (session), open_details));

  g_assert_nonnull (filter);
  g_assert_cmpuint (bloom_filter_get_m (filter), ==, 64);
  g_assert_cmpuint (bloom_filter_get_k (filter), ==, 3);
  bits = bloom_filter_to_string (filter);
  g_assert_cmpstr (bits, ==, "1001101001001100000101100110100110011000011001001001110100010001");
  g_assert_cmpuint (bloom_filter_count_set_bits (filter), ==, 27);

  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, G_N_ELEMENTS (entries));
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    {
      const char *entry = bloom_session_get_entry (session, i, &len);

      g_assert_cmpmem (entry, len, entries[i], strlen (entries[i]));
      g_assert_true (bloom_session_contains (session, entries[i], -1));
    }
  /* T2: the two spellings of é are two entries. */
  g_assert_cmpstr (bloom_session_get_entry (session, 3, NULL), !=,
                   bloom_session_get_entry (session, 4, NULL));

  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 4);
  g_assert_cmpuint (bloom_session_get_false_positives (session), ==, 1);
  g_assert_true (bloom_session_get_observed_rate (session, &rate));
  g_assert_cmpfloat (rate, ==, 0.25);

  /* "APPLE" is stored in no spelling, yet all its bits are set. */
  g_assert_nonnull (last);
  g_assert_cmpint (bloom_operation_get_kind (last), ==, BLOOM_OPERATION_QUERY);
  g_assert_cmpint (bloom_operation_get_outcome (last), ==, BLOOM_OUTCOME_FALSE_POSITIVE);
  g_assert_cmpstr (bloom_operation_get_text (last, &len), ==, "APPLE");
  g_assert_cmpuint (len, ==, 5);
  g_assert_false (bloom_session_contains (session, "APPLE", -1));
  g_assert_cmpuint (bloom_operation_get_h1 (last), ==, 1645077215);
  g_assert_cmpuint (bloom_operation_get_h2 (last), ==, 2680382213);
  g_assert_cmpuint (bloom_operation_get_n_positions (last), ==, G_N_ELEMENTS (positions));
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      g_assert_cmpuint (bloom_operation_get_position (last, i), ==, positions[i]);
      g_assert_true (bloom_operation_get_before (last, i));
      g_assert_true (bloom_operation_get_after (last, i));
    }

  loaded = round_trip (session);

  /* The loaded session carries on as if it had never stopped. */
  operation = bloom_session_query (session, "APPLE", -1, NULL);
  g_assert_cmpint (bloom_operation_get_outcome (operation), ==, BLOOM_OUTCOME_FALSE_POSITIVE);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 5);
  g_assert_cmpuint (bloom_session_get_false_positives (session), ==, 2);
  operation = bloom_session_insert (session, "apple", -1, NULL);
  g_assert_cmpint (bloom_operation_get_outcome (operation), ==, BLOOM_OUTCOME_ALREADY_INSERTED);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 5);
  operation = bloom_session_insert (session, "kiwi", -1, NULL);
  g_assert_cmpint (bloom_operation_get_outcome (operation), ==, BLOOM_OUTCOME_INSERTED);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 0);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, G_N_ELEMENTS (entries) + 1);
}

/* This program still writes what the fixture says, member for member.
 * When version 2 comes, keep state-v1.json, add state-v2.json, and point
 * this test at the newest one. */
static void
test_fixture_v1_is_current (void)
{
  g_autoptr(JsonNode) fixture = test_load_data_json ("state-v1.json");
  g_autoptr(BloomSession) session = load_data_file ("state-v1.json");
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *json = bloom_state_to_json_full (session, BLOOM_STATE_FLAGS_PRETTY, NULL);

  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  g_assert_true (json_node_equal (json_parser_get_root (parser), fixture));
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (fixture), "version"), ==,
                   BLOOM_STATE_VERSION);
}

/* Version 2, the stored file of SPEC P1: the filter only. It loads
 * forever, keeping the session's drafts and open details, and is what
 * this program writes with BLOOM_STATE_FLAGS_FILTER_ONLY, member for
 * member. */
static void
test_fixture_v2 (void)
{
  g_autoptr(JsonNode) fixture = test_load_data_json ("state-v2.json");
  g_autoptr(BloomSession) full = load_data_file ("state-v1.json");
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *loaded = NULL;
  g_autofree char *contents = test_read_data_file ("state-v2.json", NULL);

  bloom_session_set_m_draft (session, "typed m");
  bloom_session_set_detail_open (session, "model", TRUE);
  g_assert_true (bloom_state_load_json (session, contents, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (bloom_session_get_m_draft (session), ==, "typed m");
  g_assert_true (bloom_session_get_detail_open (session, "model"));
  expected = bloom_state_to_json_full (full, BLOOM_STATE_FLAGS_FILTER_ONLY, NULL);
  loaded = bloom_state_to_json_full (session, BLOOM_STATE_FLAGS_FILTER_ONLY, NULL);
  g_assert_cmpstr (loaded, ==, expected);

  json = bloom_state_to_json_full (full, BLOOM_STATE_FLAGS_PRETTY | BLOOM_STATE_FLAGS_FILTER_ONLY,
                                   NULL);
  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  g_assert_true (json_node_equal (json_parser_get_root (parser), fixture));
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (fixture), "version"), ==,
                   BLOOM_STATE_VERSION_FILTER_ONLY);
}

/* A stored file of version 1 carries drafts: read filter-only, they are
 * checked and left out, and the session keeps its own. */
static void
test_fixture_v1_filter_only (void)
{
  g_autofree char *contents = test_read_data_file ("state-v1.json", NULL);
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GError) error = NULL;

  bloom_session_set_text_draft (session, "mine");
  g_assert_true (bloom_state_load_json_full (session, contents, -1, BLOOM_STATE_FLAGS_FILTER_ONLY,
                                             &error));
  g_assert_no_error (error);
  g_assert_cmpstr (bloom_session_get_text_draft (session), ==, "mine");
  g_assert_cmpstr (bloom_session_get_m_draft (session), ==, "");
  g_assert_null (bloom_session_get_open_details (session)[0]);
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (session)), ==, 64);
}

static void
test_fixture_v1_no_filter (void)
{
  static const char * const open_details[] = { "model", NULL };
  g_autoptr(BloomSession) session = load_data_file ("state-v1-no-filter.json");
  g_autoptr(BloomSession) loaded = NULL;

  g_assert_null (bloom_session_get_filter (session));
  g_assert_null (bloom_session_get_last_operation (session));
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 0);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 0);
  g_assert_cmpstr (bloom_session_get_m_draft (session), ==, "9999");
  g_assert_cmpstr (bloom_session_get_k_draft (session), ==, "3");
  g_assert_cmpstr (bloom_session_get_text_draft (session), ==, "Gr\xc3\xbc\xc3\x9f" "e");
  g_assert_true (g_strv_equal (bloom_session_get_open_details (session), open_details));

  loaded = round_trip (session);
}

/* Documents that are not what this program writes, but valid: the bases
 * of data/invalid/, and what editors and older writers do to them. */
static void
test_valid_documents (void)
{
  g_autoptr(BloomSession) query = load_data_file ("valid/query.json");
  g_autoptr(BloomSession) insert = load_data_file ("valid/insert.json");
  g_autoptr(BloomSession) bom_crlf = load_data_file ("valid/bom-crlf.json");
  g_autoptr(BloomSession) raw = load_data_file ("valid/raw-unit-separator.json");
  g_autoptr(BloomSession) loaded = NULL;
  BloomOperation *last;

  g_assert_cmpuint (bloom_session_get_n_entries (query), ==, 3);
  g_assert_cmpstr (bloom_session_get_entry (query, 2, NULL), ==, "bird");
  last = bloom_session_get_last_operation (query);
  g_assert_cmpint (bloom_operation_get_outcome (last), ==, BLOOM_OUTCOME_DEFINITELY_ABSENT);
  g_assert_cmpstr (bloom_operation_get_text (last, NULL), ==, "cow");
  g_assert_cmpuint (bloom_session_get_negative_queries (query), ==, 3);
  g_assert_cmpuint (bloom_session_get_false_positives (query), ==, 1);

  last = bloom_session_get_last_operation (insert);
  g_assert_cmpint (bloom_operation_get_outcome (last), ==, BLOOM_OUTCOME_INSERTED);
  g_assert_cmpstr (bloom_operation_get_text (last, NULL), ==, "bird");

  assert_same_session (bom_crlf, query);

  g_assert_cmpstr (bloom_session_get_text_draft (raw), ==, "fi\x1fsh");
  loaded = round_trip (raw);
}

/* A successful load replaces everything, with one "changed" and one
 * notification per draft that differs. */
static void
test_load_replaces_everything (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSession) expected = load_data_file ("state-v1-no-filter.json");
  g_autofree char *json = NULL;
  guint changed = 0;
  guint m_notified = 0, k_notified = 0, text_notified = 0, details_notified = 0;

  g_assert_true (bloom_session_create_filter (session, 8, 1, NULL));
  bloom_session_insert (session, "a", -1, NULL);
  bloom_session_query (session, "i", -1, NULL);
  bloom_session_set_m_draft (session, "8");
  bloom_session_set_k_draft (session, "3");
  bloom_session_set_text_draft (session, "i");
  bloom_session_set_detail_open (session, "hash-positions", TRUE);

  g_signal_connect (session, "changed", G_CALLBACK (count_changed), &changed);
  g_signal_connect (session, "notify::m-draft", G_CALLBACK (count_notify), &m_notified);
  g_signal_connect (session, "notify::k-draft", G_CALLBACK (count_notify), &k_notified);
  g_signal_connect (session, "notify::text-draft", G_CALLBACK (count_notify), &text_notified);
  g_signal_connect (session, "notify::open-details", G_CALLBACK (count_notify), &details_notified);

  json = test_read_data_file ("state-v1-no-filter.json", NULL);
  g_assert_true (bloom_state_load_json (session, json, -1, NULL));

  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (m_notified, ==, 1);
  g_assert_cmpuint (k_notified, ==, 0);   /* "3" already */
  g_assert_cmpuint (text_notified, ==, 1);
  g_assert_cmpuint (details_notified, ==, 1);
  assert_same_session (session, expected);
  g_assert_false (bloom_session_contains (session, "a", -1));
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 0);
}

/* @len is respected: nothing before or after is read. */
static void
test_load_explicit_length (void)
{
  g_autoptr(BloomSession) expected = load_data_file ("valid/query.json");
  g_autoptr(BloomSession) busy = new_busy_session ();
  g_autofree char *json = bloom_state_to_json (expected, NULL);
  g_autofree char *followed = g_strconcat (json, "{ not read", NULL);
  gsize len = strlen (json);
  g_autofree char *exact = g_malloc (len);  /* no NUL: valgrind sees any overread */

  memcpy (exact, json, len);

  {
    g_autoptr(BloomSession) from_followed = load_session (followed, len);
    g_autoptr(BloomSession) from_exact = load_session (exact, len);

    assert_same_session (from_followed, expected);
    assert_same_session (from_exact, expected);
  }

  assert_refused (busy, exact, len - 1, BLOOM_ERROR_IMPORT_NOT_JSON, NULL);
  assert_refused (busy, exact, 0, BLOOM_ERROR_IMPORT_NOT_JSON, "empty");
  assert_refused (busy, followed, -1, BLOOM_ERROR_IMPORT_NOT_JSON, "after the end");
}

/* Invalid documents (P3): refused, with the session untouched */

static const struct {
  const char *file;
  BloomError  code;
  const char *fragment;  /* in the message, or NULL */
} invalid_files[] = {
  /* Not JSON at all, or what json-glib 1.6 reads though JSON has no such thing */
  { "empty.json", BLOOM_ERROR_IMPORT_NOT_JSON, "empty" },
  { "blank.json", BLOOM_ERROR_IMPORT_NOT_JSON, "empty" },
  { "bom-only.json", BLOOM_ERROR_IMPORT_NOT_JSON, "empty" },
  { "duplicate-member.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "appears twice" },
  { "escaped-member-name.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "versio" },
  { "not-json.json", BLOOM_ERROR_IMPORT_NOT_JSON, "line 1, column 1" },
  { "truncated.json", BLOOM_ERROR_IMPORT_NOT_JSON, NULL },
  { "invalid-utf8.json", BLOOM_ERROR_IMPORT_NOT_JSON, "UTF-8" },
  { "overlong-utf8.json", BLOOM_ERROR_IMPORT_NOT_JSON, "UTF-8" },
  { "nul-byte.json", BLOOM_ERROR_IMPORT_NOT_JSON, "NUL" },
  { "single-quotes.json", BLOOM_ERROR_IMPORT_NOT_JSON, "unexpected character" },
  { "comment.json", BLOOM_ERROR_IMPORT_NOT_JSON, "unexpected character" },
  { "hex-number.json", BLOOM_ERROR_IMPORT_NOT_JSON, "malformed number" },
  { "octal-number.json", BLOOM_ERROR_IMPORT_NOT_JSON, "malformed number" },
  { "fraction-without-digits.json", BLOOM_ERROR_IMPORT_NOT_JSON, "malformed number" },
  { "escape-c-nul.json", BLOOM_ERROR_IMPORT_NOT_JSON, "backslash" },
  { "escape-unknown.json", BLOOM_ERROR_IMPORT_NOT_JSON, "backslash" },
  { "trailing-text.json", BLOOM_ERROR_IMPORT_NOT_JSON, "after the end" },
  { "trailing-comma.json", BLOOM_ERROR_IMPORT_NOT_JSON, NULL },

  /* JSON, but no Bloom Lab session */
  { "array-root.json", BLOOM_ERROR_IMPORT_WRONG_FORMAT, NULL },
  { "string-root.json", BLOOM_ERROR_IMPORT_WRONG_FORMAT, NULL },
  { "format-wrong.json", BLOOM_ERROR_IMPORT_WRONG_FORMAT, NULL },
  { "format-case.json", BLOOM_ERROR_IMPORT_WRONG_FORMAT, NULL },
  { "format-missing.json", BLOOM_ERROR_IMPORT_WRONG_FORMAT, NULL },
  { "format-not-string.json", BLOOM_ERROR_IMPORT_WRONG_FORMAT, NULL },

  /* Versions */
  { "version-3.json", BLOOM_ERROR_IMPORT_UNSUPPORTED_VERSION, "version 3" },
  { "version-1000.json", BLOOM_ERROR_IMPORT_UNSUPPORTED_VERSION, "version 1000" },
  { "version-0.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“version”" },
  { "version-negative.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“version”" },
  { "version-string.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“version”" },
  { "version-fraction.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“version”" },
  { "version-null.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“version”" },
  { "version-missing.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“version”" },

  /* Members, hash, drafts, details */
  { "unknown-member.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“comment”" },
  { "unknown-filter-member.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.n”" },
  { "unknown-operation-member.json", BLOOM_ERROR_IMPORT_INVALID_FIELD,
    "“filter.lastOperation.verdict”" },
  { "hash-missing.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“hash”" },
  { "hash-scheme-unknown.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“hash”" },
  { "hash-seed1-wrong.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“hash”" },
  { "hash-seed2-wrong.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“hash”" },
  { "drafts-missing.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“drafts”" },
  { "drafts-null.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“drafts”" },
  { "draft-m-number.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“drafts.m”" },
  { "draft-text-missing.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“drafts.text”" },
  { "open-details-not-list.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“openDetails”" },
  { "open-details-bad-name.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“openDetails[0]”" },
  { "open-details-empty-name.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“openDetails[0]”" },
  { "open-details-too-many.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“openDetails”" },

  /* Filter parameters */
  { "filter-missing.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter”" },
  { "filter-not-object.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter”" },
  { "m-7.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.m”" },
  { "m-1025.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.m”" },
  { "m-float.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.m”" },
  { "m-string.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.m”" },
  { "m-wrapping-negative.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "20 digits" },
  { "k-0.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.k”" },
  { "k-13.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.k”" },

  /* Bits */
  { "bits-short.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.bits”" },
  { "bits-long.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.bits”" },
  { "bits-bad-char.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.bits”" },
  { "bits-not-string.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.bits”" },
  { "bits-extra-bit.json", BLOOM_ERROR_IMPORT_INCONSISTENT_BITS, "bit 15" },
  { "bits-missing-bit.json", BLOOM_ERROR_IMPORT_INCONSISTENT_BITS, "bit 12" },

  /* Entries */
  { "entries-not-list.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.entries”" },
  { "entry-not-string.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.entries[1]”" },
  { "entry-duplicate.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.entries[2]”" },
  { "entry-empty.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.entries[1]”" },
  { "entry-257-units.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "257" },
  { "entry-nul.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "U+0000" },
  { "entry-lone-high-surrogate.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "\\ud800" },
  { "entry-lone-low-surrogate.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "\\udc00" },
  { "entry-reversed-surrogates.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "\\ude00" },

  /* Counters */
  { "negative-queries-negative.json", BLOOM_ERROR_IMPORT_INVALID_FIELD,
    "“filter.negativeQueries”" },
  { "negative-queries-too-large.json", BLOOM_ERROR_IMPORT_INVALID_FIELD,
    "“filter.negativeQueries”" },
  { "false-positives-fraction.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.falsePositives”" },
  { "false-positives-exceed.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.falsePositives”" },
  { "counters-without-operation.json", BLOOM_ERROR_IMPORT_INVALID_FIELD,
    "“filter.negativeQueries”" },
  { "inserted-with-counters.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.negativeQueries”" },
  { "absent-without-negative-queries.json", BLOOM_ERROR_IMPORT_INVALID_FIELD,
    "“filter.negativeQueries”" },

  /* Last operation: it must be what the program computes for it */
  { "operation-missing.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.lastOperation”" },
  { "operation-kind-unknown.json", BLOOM_ERROR_IMPORT_INVALID_FIELD,
    "“filter.lastOperation.kind”" },
  { "operation-outcome-unknown.json", BLOOM_ERROR_IMPORT_INVALID_FIELD,
    "“filter.lastOperation.outcome”" },
  { "operation-outcome-wrong.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "outcome or hashes" },
  { "operation-h1-wrong.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "outcome or hashes" },
  { "operation-h2-even.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "outcome or hashes" },
  { "operation-text-empty.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "“filter.lastOperation.text”" },
  { "operation-positions-wrong.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "positions or bits" },
  { "operation-position-out-of-range.json", BLOOM_ERROR_IMPORT_INVALID_FIELD,
    "“filter.lastOperation.positions[2]”" },
  { "operation-positions-too-few.json", BLOOM_ERROR_IMPORT_INVALID_FIELD,
    "“filter.lastOperation.positions”" },
  { "operation-before-wrong.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "positions or bits" },
  { "inserted-not-last-entry.json", BLOOM_ERROR_IMPORT_INVALID_FIELD, "last entry" },

  /* Nesting */
  { "deep-33-arrays.json", BLOOM_ERROR_IMPORT_TOO_DEEP, "32 levels" },
  { "deep-in-document.json", BLOOM_ERROR_IMPORT_TOO_DEEP, "32 levels" },
};

static void
test_invalid_files (void)
{
  g_autoptr(BloomSession) session = new_busy_session ();

  g_assert_cmpuint (G_N_ELEMENTS (invalid_files), >=, 30);

  for (guint i = 0; i < G_N_ELEMENTS (invalid_files); i++)
    {
      g_autofree char *name = g_build_filename ("invalid", invalid_files[i].file, NULL);
      g_autofree char *contents = NULL;
      gsize len;

      g_test_message ("%s", name);
      contents = test_read_data_file (name, &len);
      assert_refused (session, contents, len, invalid_files[i].code, invalid_files[i].fragment);
    }
}

/* No file in data/invalid/ escapes the table above. */
static void
test_invalid_files_listed (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "invalid", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
  const char *name;
  guint n_files = 0;

  g_assert_no_error (error);

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      gboolean listed = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (invalid_files) && !listed; i++)
        listed = g_str_equal (invalid_files[i].file, name);
      if (!listed)
        g_error ("data/invalid/%s is not in invalid_files[]", name);
      n_files++;
    }

  g_assert_cmpuint (n_files, ==, G_N_ELEMENTS (invalid_files));
}

/* json-glib 1.6 recurses once per level: without the check it overflows
 * its stack long before 200000. */
static void
test_invalid_deep_nesting (void)
{
  g_autoptr(BloomSession) session = new_busy_session ();
  g_autofree char *arrays = nested (200000, "[", "", "]");
  g_autofree char *objects = nested (200000, "{\"a\":", "1", "}");
  g_autofree char *opened = nested (200000, "[", "", "");

  assert_refused (session, arrays, -1, BLOOM_ERROR_IMPORT_TOO_DEEP, "32 levels");
  assert_refused (session, objects, -1, BLOOM_ERROR_IMPORT_TOO_DEEP, "32 levels");
  assert_refused (session, opened, -1, BLOOM_ERROR_IMPORT_TOO_DEEP, "32 levels");
}

/* What json-glib 1.6 takes for a string or a comment must not hide the
 * nesting from the check. */
static void
test_invalid_hidden_nesting (void)
{
  static const char * const hiders[][2] = {
    { "['\"', ", "]" },       /* a single-quoted string holding a quote */
    { "/* \" */ ", "" },      /* a comment holding a quote */
    { "[\"\\\"\", ", "]" },   /* an escaped quote: the nesting is in plain sight */
  };
  g_autoptr(BloomSession) session = new_busy_session ();
  g_autofree char *arrays = nested (200000, "[", "", "]");

  for (guint i = 0; i < G_N_ELEMENTS (hiders); i++)
    {
      g_autofree char *json = g_strconcat (hiders[i][0], arrays, hiders[i][1], NULL);

      g_test_message ("%s…%s", hiders[i][0], hiders[i][1]);
      assert_refused (session, json, -1,
                      i < 2 ? BLOOM_ERROR_IMPORT_NOT_JSON : BLOOM_ERROR_IMPORT_TOO_DEEP, NULL);
    }
}

/* BLOOM_STATE_MAX_DEPTH levels pass the check (and fail later for what
 * they are); one more does not. */
static void
test_invalid_depth_boundary (void)
{
  g_autoptr(BloomSession) session = new_busy_session ();
  g_autofree char *base = test_read_data_file ("valid/query.json", NULL);
  g_autofree char *within = nested (BLOOM_STATE_MAX_DEPTH, "[", "", "]");
  g_autofree char *above = nested (BLOOM_STATE_MAX_DEPTH + 1, "[", "", "]");
  /* The root object and "drafts" are two levels already. */
  g_autofree char *draft_within = nested (BLOOM_STATE_MAX_DEPTH - 2, "[", "", "]");
  g_autofree char *draft_above = nested (BLOOM_STATE_MAX_DEPTH - 1, "[", "", "]");
  g_autofree char *value_within = g_strconcat ("\"m\" : ", draft_within, NULL);
  g_autofree char *value_above = g_strconcat ("\"m\" : ", draft_above, NULL);
  g_autofree char *document_within = replace_once (base, "\"m\" : \"16\"", value_within);
  g_autofree char *document_above = replace_once (base, "\"m\" : \"16\"", value_above);

  assert_refused (session, within, -1, BLOOM_ERROR_IMPORT_WRONG_FORMAT, NULL);
  assert_refused (session, above, -1, BLOOM_ERROR_IMPORT_TOO_DEEP, "32 levels");
  assert_refused (session, document_within, -1, BLOOM_ERROR_IMPORT_INVALID_FIELD, "“drafts.m”");
  assert_refused (session, document_above, -1, BLOOM_ERROR_IMPORT_TOO_DEEP, "32 levels");
}

/* A document padded with blanks to @size bytes. */
static char *
padded_document (gsize size)
{
  g_autofree char *base = test_read_data_file ("valid/query.json", NULL);
  gsize len = strlen (base);
  char *document;

  g_assert_cmpuint (size, >, len);
  document = g_malloc (size + 1);
  memcpy (document, base, len);
  memset (document + len, ' ', size - len);
  document[size] = '\0';

  return document;
}

static void
test_invalid_too_large (void)
{
  g_autoptr(BloomSession) session = new_busy_session ();
  g_autoptr(BloomSession) draft_session = bloom_session_new ();
  g_autofree char *at_limit = padded_document (BLOOM_STATE_MAX_DOCUMENT_BYTES);
  g_autofree char *above_limit = padded_document (BLOOM_STATE_MAX_DOCUMENT_BYTES + 1);
  g_autofree char *nine_mib = padded_document (9 * MIB);
  g_autofree char *template = NULL;
  g_autofree char *long_string = g_strnfill (32 * MIB, 'x');
  g_autofree char *huge_string = NULL;

  /* The limit itself is fine. */
  {
    g_autoptr(BloomSession) loaded = load_session (at_limit, -1);

    g_assert_cmpuint (bloom_session_get_n_entries (loaded), ==, 3);
  }

  assert_refused (session, above_limit, -1, BLOOM_ERROR_IMPORT_TOO_LARGE, NULL);
  assert_refused (session, nine_mib, 9 * MIB, BLOOM_ERROR_IMPORT_TOO_LARGE, NULL);

  bloom_session_set_text_draft (draft_session, "PLACEHOLDER");
  template = bloom_state_to_json (draft_session, NULL);
  huge_string = replace_once (template, "PLACEHOLDER", long_string);
  g_assert_cmpuint (strlen (huge_string), >, 32 * MIB);
  assert_refused (session, huge_string, -1, BLOOM_ERROR_IMPORT_TOO_LARGE, NULL);
}

/* A draft longer than a text field holds would be cut by the field, and
 * the cut text would become the draft: refused, in characters. */
static void
test_invalid_draft_too_long (void)
{
  g_autoptr(BloomSession) session = new_busy_session ();
  g_autoptr(BloomSession) drafts = bloom_session_new ();
  g_autofree char *template = NULL;
  g_autoptr(GString) at_limit = g_string_new (NULL);
  g_autofree char *fits = NULL;
  g_autofree char *too_long = NULL;

  /* Two bytes a character: the limit is on characters, not bytes. */
  for (guint i = 0; i < BLOOM_DRAFT_MAX_CHARS; i++)
    g_string_append (at_limit, "\u00e9");
  bloom_session_set_text_draft (drafts, "PLACEHOLDER");
  template = bloom_state_to_json (drafts, NULL);
  fits = replace_once (template, "PLACEHOLDER", at_limit->str);
  g_string_append (at_limit, "x");
  too_long = replace_once (template, "PLACEHOLDER", at_limit->str);

  {
    g_autoptr(BloomSession) loaded = load_session (fits, -1);

    g_assert_cmpuint (g_utf8_strlen (bloom_session_get_text_draft (loaded), -1), ==,
                      BLOOM_DRAFT_MAX_CHARS);
  }
  assert_refused (session, too_long, -1, BLOOM_ERROR_IMPORT_INVALID_FIELD, "drafts.text");
}

/* A document of more values than any session holds is refused before
 * json-glib builds a node for each. */
static void
test_invalid_too_many_values (void)
{
  g_autoptr(BloomSession) session = new_busy_session ();
  g_autoptr(GString) at_limit = g_string_new ("[");
  g_autofree char *above_limit = NULL;

  /* The list itself is one value. */
  for (guint i = 1; i < BLOOM_STATE_MAX_VALUES; i++)
    g_string_append (at_limit, i == 1 ? "{}" : ",{}");
  g_string_append (at_limit, "]");
  above_limit = replace_once (at_limit->str, "[", "[0,");

  /* Within the limit it is only not a session. */
  assert_refused (session, at_limit->str, -1, BLOOM_ERROR_IMPORT_WRONG_FORMAT, NULL);
  assert_refused (session, above_limit, -1, BLOOM_ERROR_IMPORT_TOO_LARGE, "2048");
}

/* T3 in a document: 1024 entries load, 1025 do not. */
static void
test_invalid_too_many_entries (void)
{
  g_autoptr(BloomSession) full = bloom_session_new ();
  g_autoptr(BloomSession) busy = new_busy_session ();
  g_autoptr(BloomSession) loaded = NULL;
  g_autofree char *json = NULL;
  g_autofree char *too_many = NULL;

  g_assert_true (bloom_session_create_filter (full, 1024, 2, NULL));
  for (guint i = 0; i < BLOOM_MAX_ENTRIES; i++)
    {
      g_autofree char *text = g_strdup_printf ("%u", i);

      g_assert_nonnull (bloom_session_insert (full, text, -1, NULL));
    }

  loaded = round_trip (full);
  g_assert_cmpuint (bloom_session_get_n_entries (loaded), ==, BLOOM_MAX_ENTRIES);

  json = bloom_state_to_json (full, NULL);
  too_many = replace_once (json, "\"entries\":[", "\"entries\":[\"one more\",");
  assert_refused (busy, too_many, -1, BLOOM_ERROR_IMPORT_INVALID_FIELD, "1025");
}

/* P2 counts UTF-16 code units, as the original did. */
static void
test_count_chars (void)
{
  g_autoptr(BloomSession) session = load_data_file ("state-v1.json");
  g_autofree char *json = NULL;
  gsize len;

  g_assert_cmpuint (bloom_state_count_chars ("", -1), ==, 0);
  g_assert_cmpuint (bloom_state_count_chars (NULL, 0), ==, 0);
  g_assert_cmpuint (bloom_state_count_chars ("{\"m\":64}", -1), ==, 8);
  /* BMP: one unit each, whatever their UTF-8 length. */
  g_assert_cmpuint (bloom_state_count_chars ("\xc3\xa9", -1), ==, 1);
  g_assert_cmpuint (bloom_state_count_chars ("\xe4\xb8\xad\xe6\x96\x87", -1), ==, 2);
  g_assert_cmpuint (bloom_state_count_chars ("\xef\xbf\xbf", -1), ==, 1);
  g_assert_cmpuint (bloom_state_count_chars ("Gr\xc3\xbc\xc3\x9f" "e", -1), ==, 5);
  /* Outside the BMP: two units. */
  g_assert_cmpuint (bloom_state_count_chars ("\xf0\x9f\x98\x80", -1), ==, 2);
  g_assert_cmpuint (bloom_state_count_chars ("\xf0\x90\x80\x80", -1), ==, 2);
  g_assert_cmpuint (bloom_state_count_chars ("a\xf0\x9f\x98\x80" "b\xc3\xa9", -1), ==, 5);
  /* An explicit length, ending after the emoji. */
  g_assert_cmpuint (bloom_state_count_chars ("a\xf0\x9f\x98\x80" "b\xc3\xa9", 5), ==, 3);

  json = bloom_state_to_json (session, &len);
  g_assert_cmpuint (bloom_state_count_chars (json, len), ==, bloom_text_count_units (json, len));
  g_assert_cmpuint (bloom_state_count_chars (json, len), <, len);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(JsonNode) root = NULL;

  g_test_init (&argc, &argv, NULL);

  root = test_load_data_json ("session-traces.json");
  traces = json_object_get_array_member (json_node_get_object (root), "traces");

  g_test_add_func ("/state/round-trip/traces", test_round_trip_traces);
  g_test_add_func ("/state/round-trip/drafts", test_round_trip_drafts);
  g_test_add_func ("/state/round-trip/long-drafts", test_round_trip_long_drafts);
  g_test_add_func ("/state/round-trip/open-details", test_round_trip_open_details);
  g_test_add_func ("/state/round-trip/open-details-limit", test_round_trip_open_details_limit);
  g_test_add_func ("/state/round-trip/no-filter", test_round_trip_no_filter);
  g_test_add_func ("/state/round-trip/limits", test_round_trip_limits);
  g_test_add_func ("/state/document/strict-json", test_document_strict_json);
  g_test_add_func ("/state/fixture/v1", test_fixture_v1);
  g_test_add_func ("/state/fixture/v1-is-current", test_fixture_v1_is_current);
  g_test_add_func ("/state/fixture/v1-no-filter", test_fixture_v1_no_filter);
  g_test_add_func ("/state/fixture/v1-filter-only", test_fixture_v1_filter_only);
  g_test_add_func ("/state/fixture/v2", test_fixture_v2);
  g_test_add_func ("/state/load/valid-documents", test_valid_documents);
  g_test_add_func ("/state/load/replaces-everything", test_load_replaces_everything);
  g_test_add_func ("/state/load/explicit-length", test_load_explicit_length);
  g_test_add_func ("/state/invalid/files", test_invalid_files);
  g_test_add_func ("/state/invalid/files-listed", test_invalid_files_listed);
  g_test_add_func ("/state/invalid/deep-nesting", test_invalid_deep_nesting);
  g_test_add_func ("/state/invalid/hidden-nesting", test_invalid_hidden_nesting);
  g_test_add_func ("/state/invalid/depth-boundary", test_invalid_depth_boundary);
  g_test_add_func ("/state/invalid/too-large", test_invalid_too_large);
  g_test_add_func ("/state/invalid/too-many-entries", test_invalid_too_many_entries);
  g_test_add_func ("/state/invalid/draft-too-long", test_invalid_draft_too_long);
  g_test_add_func ("/state/invalid/too-many-values", test_invalid_too_many_values);
  g_test_add_func ("/state/count-chars", test_count_chars);

  return g_test_run ();
}
