/* test-session.c — SPEC F, T3, T5, R, E against session-traces.json
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "bloom-model.h"
#include "test-util.h"

static JsonArray *traces;

static void
count_changed (BloomSession *session,
               guint        *count)
{
  (*count)++;
}

static void
test_traces (void)
{
  g_assert_cmpuint (json_array_get_length (traces), >=, 6);

  for (guint i = 0; i < json_array_get_length (traces); i++)
    {
      g_autoptr(BloomSession) session = bloom_session_new ();

      g_test_message ("trace: %s",
                      json_object_get_string_member (json_array_get_object_element (traces, i), "name"));
      test_run_trace (session, json_array_get_object_element (traces, i), NULL, NULL);
      g_assert_finalize_object (g_steal_pointer (&session));
    }
}

/* E2 spelled out, as a lecturer runs it. */
static void
test_seed_example (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  double rate = 0;

  g_assert_true (bloom_session_create_filter (session, 8, 1, NULL));
  g_assert_cmpint (bloom_operation_get_outcome (bloom_session_insert (session, "a", -1, NULL)), ==,
                   BLOOM_OUTCOME_INSERTED);
  g_assert_cmpint (bloom_operation_get_outcome (bloom_session_query (session, "i", -1, NULL)), ==,
                   BLOOM_OUTCOME_FALSE_POSITIVE);
  g_assert_cmpint (bloom_operation_get_outcome (bloom_session_query (session, "a", -1, NULL)), ==,
                   BLOOM_OUTCOME_MEMBER);
  g_assert_cmpint (bloom_operation_get_outcome (bloom_session_query (session, "b", -1, NULL)), ==,
                   BLOOM_OUTCOME_DEFINITELY_ABSENT);
  g_assert_true (bloom_session_get_observed_rate (session, &rate));
  g_assert_cmpfloat (rate, ==, 0.5);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 2);
  g_assert_cmpuint (bloom_session_get_false_positives (session), ==, 1);
}

static void
test_no_filter (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  guint changed = 0;

  g_signal_connect (session, "changed", G_CALLBACK (count_changed), &changed);

  g_assert_null (bloom_session_get_filter (session));
  g_assert_null (bloom_session_insert (session, "a", -1, &error));
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_NO_FILTER);
  g_clear_error (&error);
  g_assert_null (bloom_session_query (session, "a", -1, &error));
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_NO_FILTER);
  g_clear_error (&error);
  g_assert_null (bloom_session_insert_example (session, &error));
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_NO_FILTER);
  g_clear_error (&error);

  /* Nothing to reset or discard: no signal. */
  bloom_session_reset (session);
  bloom_session_discard_filter (session);
  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpfloat (bloom_session_get_approximate_rate (session), ==, 0.0);
  g_assert_false (bloom_session_get_observed_rate (session, NULL));
}

static void
test_create_refuses_out_of_range (void)
{
  static const guint bad[][2] = { { 7, 1 }, { 1025, 1 }, { 8, 0 }, { 8, 13 }, { 0, 0 } };
  g_autoptr(BloomSession) session = bloom_session_new ();

  g_assert_true (bloom_session_create_filter (session, 64, 3, NULL));
  bloom_session_insert (session, "kept", -1, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (bloom_session_create_filter (session, bad[i][0], bad[i][1], &error));
      g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_PARAMETER_OUT_OF_RANGE);
      g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (session)), ==, 64);
      g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 1);
    }

  g_assert_true (bloom_session_create_filter (session, 8, 1, NULL));
  g_assert_true (bloom_session_create_filter (session, 1024, 12, NULL));
}

static void
test_discard (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  guint changed = 0;

  bloom_session_create_filter (session, 16, 2, NULL);
  bloom_session_insert (session, "x", -1, NULL);
  bloom_session_query (session, "y", -1, NULL);

  g_signal_connect (session, "changed", G_CALLBACK (count_changed), &changed);
  bloom_session_discard_filter (session);

  g_assert_cmpuint (changed, ==, 1);
  g_assert_null (bloom_session_get_filter (session));
  g_assert_null (bloom_session_get_last_operation (session));
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 0);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 0);
  g_assert_false (bloom_session_contains (session, "x", -1));
}

/* F4: nothing but the parameters (and the drafts) survives a reset. */
static void
test_reset (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  BloomFilter *filter;
  guint changed = 0;

  bloom_session_set_m_draft (session, "32");
  bloom_session_set_k_draft (session, "2");
  bloom_session_set_text_draft (session, "draft text");
  bloom_session_create_filter (session, 32, 2, NULL);
  bloom_session_insert (session, "p", -1, NULL);
  bloom_session_query (session, "q", -1, NULL);

  g_signal_connect (session, "changed", G_CALLBACK (count_changed), &changed);
  bloom_session_reset (session);

  g_assert_cmpuint (changed, ==, 1);
  filter = bloom_session_get_filter (session);
  g_assert_nonnull (filter);
  g_assert_cmpuint (bloom_filter_get_m (filter), ==, 32);
  g_assert_cmpuint (bloom_filter_get_k (filter), ==, 2);
  g_assert_cmpuint (bloom_filter_count_set_bits (filter), ==, 0);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 0);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 0);
  g_assert_cmpuint (bloom_session_get_false_positives (session), ==, 0);
  g_assert_null (bloom_session_get_last_operation (session));
  g_assert_cmpstr (bloom_session_get_m_draft (session), ==, "32");
  g_assert_cmpstr (bloom_session_get_k_draft (session), ==, "2");
  g_assert_cmpstr (bloom_session_get_text_draft (session), ==, "draft text");
}

static void
fill_to_limit (BloomSession *session)
{
  for (guint i = 0; i < BLOOM_MAX_ENTRIES; i++)
    {
      g_autofree char *text = g_strdup_printf ("entry %u", i);
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (bloom_session_insert (session, text, -1, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, BLOOM_MAX_ENTRIES);
}

/* T3: the 1025th distinct string is refused and nothing changes. */
static void
test_entry_limit (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *bits_before = NULL;
  g_autofree char *bits_after = NULL;
  g_autofree char *json_before = NULL;
  g_autofree char *json_after = NULL;
  BloomOperation *last;
  guint changed = 0;

  bloom_session_create_filter (session, 1024, 12, NULL);
  fill_to_limit (session);
  bloom_session_query (session, "not there", -1, NULL);
  last = bloom_session_get_last_operation (session);
  bits_before = bloom_filter_to_string (bloom_session_get_filter (session));
  json_before = bloom_state_to_json (session, NULL);

  g_signal_connect (session, "changed", G_CALLBACK (count_changed), &changed);
  g_assert_null (bloom_session_insert (session, "one too many", -1, &error));
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_ENTRY_LIMIT);
  g_clear_error (&error);
  g_assert_null (bloom_session_insert_example (session, &error));
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_ENTRY_LIMIT);

  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, BLOOM_MAX_ENTRIES);
  g_assert_true (bloom_session_get_last_operation (session) == last);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 1);
  bits_after = bloom_filter_to_string (bloom_session_get_filter (session));
  g_assert_cmpstr (bits_after, ==, bits_before);
  json_after = bloom_state_to_json (session, NULL);
  g_assert_cmpstr (json_after, ==, json_before);

  /* A string already stored is still welcome: it changes nothing. */
  g_assert_cmpint (bloom_operation_get_outcome (bloom_session_insert (session, "entry 7", -1, NULL)),
                   ==, BLOOM_OUTCOME_ALREADY_INSERTED);
  g_assert_cmpuint (changed, ==, 1);
}

/* T5, R3: a re-insert changes no bit, entry or counter; a new one resets
 * the counters. */
static void
test_reinsert (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autofree char *bits_before = NULL;
  g_autofree char *bits_after = NULL;
  BloomOperation *operation;

  bloom_session_create_filter (session, 64, 3, NULL);
  bloom_session_insert (session, "x", -1, NULL);
  bloom_session_query (session, "y", -1, NULL);
  bits_before = bloom_filter_to_string (bloom_session_get_filter (session));

  operation = bloom_session_insert (session, "x", -1, NULL);
  g_assert_cmpint (bloom_operation_get_outcome (operation), ==, BLOOM_OUTCOME_ALREADY_INSERTED);
  for (guint i = 0; i < bloom_operation_get_n_positions (operation); i++)
    {
      g_assert_true (bloom_operation_get_before (operation, i));
      g_assert_true (bloom_operation_get_after (operation, i));
    }
  bits_after = bloom_filter_to_string (bloom_session_get_filter (session));
  g_assert_cmpstr (bits_after, ==, bits_before);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 1);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 1);

  bloom_session_insert (session, "z", -1, NULL);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 0);
}

/* T2: exact comparison, no trimming, no normalisation, case counts. */
static void
test_exact_comparison (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();

  bloom_session_create_filter (session, 1024, 4, NULL);
  bloom_session_insert (session, "\xc3\xa9", -1, NULL);
  bloom_session_insert (session, "apple", -1, NULL);

  g_assert_true (bloom_session_contains (session, "\xc3\xa9", -1));
  g_assert_false (bloom_session_contains (session, "e\xcc\x81", -1));
  g_assert_false (bloom_session_contains (session, "Apple", -1));
  g_assert_false (bloom_session_contains (session, "apple ", -1));
  g_assert_false (bloom_session_contains (session, " apple", -1));
  g_assert_true (bloom_session_contains (session, "apples", 5));

  g_assert_cmpint (bloom_operation_get_outcome (bloom_session_insert (session, "e\xcc\x81", -1, NULL)),
                   ==, BLOOM_OUTCOME_INSERTED);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 3);
}

/* R2: member queries move no counter; repeated negative ones all count. */
static void
test_counters (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  double rate;

  bloom_session_create_filter (session, 64, 3, NULL);
  bloom_session_insert (session, "x", -1, NULL);
  for (guint i = 0; i < 3; i++)
    bloom_session_query (session, "x", -1, NULL);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 0);
  g_assert_false (bloom_session_get_observed_rate (session, &rate));

  for (guint i = 0; i < 3; i++)
    bloom_session_query (session, "y", -1, NULL);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 3);
  g_assert_true (bloom_session_get_observed_rate (session, &rate));
  g_assert_cmpfloat (rate, ==, 0.0);
}

/* E1: one signal for the eight inserts; the last insert is returned. */
static void
test_example (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  BloomOperation *operation;
  guint changed = 0;

  bloom_session_create_filter (session, 8, 1, NULL);
  bloom_session_insert (session, "c", -1, NULL);
  g_signal_connect (session, "changed", G_CALLBACK (count_changed), &changed);

  operation = bloom_session_insert_example (session, NULL);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpstr (bloom_operation_get_text (operation, NULL), ==, "h");
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 8);
  g_assert_cmpstr (bloom_session_get_entry (session, 0, NULL), ==, "c");
  g_assert_cmpstr (bloom_session_get_entry (session, 1, NULL), ==, "a");
  g_assert_cmpstr (bloom_session_get_entry (session, 7, NULL), ==, "h");
  g_assert_cmpuint (bloom_filter_count_set_bits (bloom_session_get_filter (session)), ==, 8);
  g_assert_cmpint (bloom_operation_get_outcome (bloom_session_query (session, "anything", -1, NULL)),
                   ==, BLOOM_OUTCOME_FALSE_POSITIVE);
}

static void
test_signals (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  guint changed = 0;

  g_signal_connect (session, "changed", G_CALLBACK (count_changed), &changed);
  bloom_session_create_filter (session, 8, 1, NULL);
  g_assert_cmpuint (changed, ==, 1);
  bloom_session_insert (session, "a", -1, NULL);
  g_assert_cmpuint (changed, ==, 2);
  bloom_session_query (session, "b", -1, NULL);
  g_assert_cmpuint (changed, ==, 3);
  bloom_session_insert (session, "", -1, NULL);
  bloom_session_query (session, "", -1, NULL);
  g_assert_cmpuint (changed, ==, 3);
  bloom_session_set_text_draft (session, "typing");
  g_assert_cmpuint (changed, ==, 3);
}

static void
test_parameter_parse (void)
{
  static const struct {
    BloomParameter parameter;
    const char *text;
    guint value;
    int code;  /* -1: accepted */
  } cases[] = {
    { BLOOM_PARAMETER_M, "8", 8, -1 },
    { BLOOM_PARAMETER_M, "1024", 1024, -1 },
    { BLOOM_PARAMETER_M, " 64 ", 64, -1 },
    { BLOOM_PARAMETER_M, "+64", 64, -1 },
    { BLOOM_PARAMETER_M, "0064", 64, -1 },
    { BLOOM_PARAMETER_K, "1", 1, -1 },
    { BLOOM_PARAMETER_K, "12", 12, -1 },
    { BLOOM_PARAMETER_M, "", 0, BLOOM_ERROR_PARAMETER_EMPTY },
    { BLOOM_PARAMETER_M, "   ", 0, BLOOM_ERROR_PARAMETER_EMPTY },
    { BLOOM_PARAMETER_M, "7", 0, BLOOM_ERROR_PARAMETER_OUT_OF_RANGE },
    { BLOOM_PARAMETER_M, "1025", 0, BLOOM_ERROR_PARAMETER_OUT_OF_RANGE },
    { BLOOM_PARAMETER_M, "-8", 0, BLOOM_ERROR_PARAMETER_OUT_OF_RANGE },
    { BLOOM_PARAMETER_M, "99999999999999999999999", 0, BLOOM_ERROR_PARAMETER_OUT_OF_RANGE },
    { BLOOM_PARAMETER_K, "0", 0, BLOOM_ERROR_PARAMETER_OUT_OF_RANGE },
    { BLOOM_PARAMETER_K, "13", 0, BLOOM_ERROR_PARAMETER_OUT_OF_RANGE },
    { BLOOM_PARAMETER_M, "8.5", 0, BLOOM_ERROR_PARAMETER_NOT_INTEGER },
    { BLOOM_PARAMETER_M, "64.0", 0, BLOOM_ERROR_PARAMETER_NOT_INTEGER },
    { BLOOM_PARAMETER_M, "1e3", 0, BLOOM_ERROR_PARAMETER_NOT_INTEGER },
    { BLOOM_PARAMETER_M, "abc", 0, BLOOM_ERROR_PARAMETER_NOT_INTEGER },
    { BLOOM_PARAMETER_M, "6 4", 0, BLOOM_ERROR_PARAMETER_NOT_INTEGER },
    { BLOOM_PARAMETER_K, "-", 0, BLOOM_ERROR_PARAMETER_NOT_INTEGER },
    { BLOOM_PARAMETER_K, "3,5", 0, BLOOM_ERROR_PARAMETER_NOT_INTEGER },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      guint value = 4242;
      gboolean ok = bloom_parameter_parse (cases[i].parameter, cases[i].text, &value, &error);

      if (cases[i].code < 0)
        {
          g_assert_no_error (error);
          g_assert_true (ok);
          g_assert_cmpuint (value, ==, cases[i].value);
        }
      else
        {
          g_assert_false (ok);
          g_assert_error (error, BLOOM_ERROR, cases[i].code);
          g_assert_cmpuint (value, ==, 4242);
          g_assert_nonnull (strstr (error->message,
                                    cases[i].parameter == BLOOM_PARAMETER_M ? "1024" : "12"));
        }
    }
}

static void
notify_count (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

/* A discard brings back filter, entries, counters, last operation and the
 * m and k drafts of that moment; the next change ends the chance. */
static void
test_undo_discard (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autofree char *json_before = NULL;
  g_autofree char *json_after = NULL;
  guint changed = 0, can_undo_notified = 0;

  bloom_session_set_m_draft (session, "16");
  bloom_session_set_k_draft (session, "2");
  bloom_session_create_filter (session, 16, 2, NULL);
  bloom_session_insert (session, "x", -1, NULL);
  bloom_session_query (session, "y", -1, NULL);
  json_before = bloom_state_to_json (session, NULL);
  g_assert_false (bloom_session_get_can_undo (session));
  g_assert_false (bloom_session_undo (session));

  g_signal_connect (session, "changed", G_CALLBACK (count_changed), &changed);
  g_signal_connect (session, "notify::can-undo", G_CALLBACK (notify_count), &can_undo_notified);

  bloom_session_discard_filter (session);
  bloom_session_set_m_draft (session, "17");
  bloom_session_set_text_draft (session, "still typing");
  g_assert_true (bloom_session_get_can_undo (session));
  g_assert_cmpuint (can_undo_notified, ==, 1);
  g_assert_null (bloom_session_get_filter (session));

  g_assert_true (bloom_session_undo (session));
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpuint (can_undo_notified, ==, 2);
  g_assert_false (bloom_session_get_can_undo (session));
  g_assert_cmpstr (bloom_session_get_m_draft (session), ==, "16");
  g_assert_cmpstr (bloom_session_get_text_draft (session), ==, "still typing");
  bloom_session_set_text_draft (session, "");
  json_after = bloom_state_to_json (session, NULL);
  g_assert_cmpstr (json_after, ==, json_before);

  /* The next change ends the chance to undo. */
  bloom_session_discard_filter (session);
  g_assert_true (bloom_session_get_can_undo (session));
  bloom_session_create_filter (session, 8, 1, NULL);
  g_assert_false (bloom_session_get_can_undo (session));
  g_assert_false (bloom_session_undo (session));
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (session)), ==, 8);
}

static void
test_undo_reset_and_create (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();

  bloom_session_create_filter (session, 64, 3, NULL);
  bloom_session_insert (session, "kiwi", -1, NULL);

  bloom_session_reset (session);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 0);
  g_assert_true (bloom_session_undo (session));
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 1);
  g_assert_true (bloom_session_contains (session, "kiwi", -1));
  g_assert_cmpuint (bloom_filter_count_set_bits (bloom_session_get_filter (session)), >, 0);

  /* Creating over an active filter is undoable too. */
  bloom_session_create_filter (session, 128, 4, NULL);
  g_assert_true (bloom_session_get_can_undo (session));
  g_assert_true (bloom_session_undo (session));
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (session)), ==, 64);
  g_assert_true (bloom_session_contains (session, "kiwi", -1));

  /* An insert is a change: no undo after it. */
  bloom_session_reset (session);
  bloom_session_insert (session, "fig", -1, NULL);
  g_assert_false (bloom_session_get_can_undo (session));
  /* A refused operation is not. */
  bloom_session_reset (session);
  g_assert_null (bloom_session_insert (session, "", -1, NULL));
  g_assert_true (bloom_session_get_can_undo (session));
}

/* An operation someone holds never changes, even though the session reuses
 * its record for the next operation when nobody else holds it. */
static void
test_held_operation_never_changes (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomOperation) held = NULL;
  BloomOperation *next;

  bloom_session_create_filter (session, 64, 3, NULL);
  held = g_object_ref (bloom_session_insert (session, "kiwi", -1, NULL));

  next = bloom_session_query (session, "fig", -1, NULL);
  g_assert_true (next != held);
  g_assert_cmpstr (bloom_operation_get_text (held, NULL), ==, "kiwi");
  g_assert_cmpint (bloom_operation_get_kind (held), ==, BLOOM_OPERATION_INSERT);
  g_assert_cmpint (bloom_operation_get_outcome (held), ==, BLOOM_OUTCOME_INSERTED);

  /* Unheld, the record is refilled: the pointer may stay, the contents
   * are those of the newest operation. */
  next = bloom_session_query (session, "kiwi", -1, NULL);
  g_assert_cmpstr (bloom_operation_get_text (next, NULL), ==, "kiwi");
  g_assert_cmpint (bloom_operation_get_outcome (next), ==, BLOOM_OUTCOME_MEMBER);
  next = bloom_session_query (session, "kiwi", -1, NULL);
  g_assert_cmpint (bloom_operation_get_outcome (next), ==, BLOOM_OUTCOME_MEMBER);
  g_assert_true (bloom_session_get_last_operation (session) == next);
}

/* Every field of an operation, read through the public API. */
typedef struct
{
  BloomOperationKind kind;
  BloomOutcome       outcome;
  char              *text;
  gsize              len;
  guint32            h1;
  guint32            h2;
  guint              n_positions;
  guint              positions[BLOOM_K_MAX];
  gboolean           before[BLOOM_K_MAX];
  gboolean           after[BLOOM_K_MAX];
  gboolean           repeat[BLOOM_K_MAX];
  guint              n_distinct;
} OperationFields;

static void
read_operation_fields (BloomOperation  *operation,
                       OperationFields *fields)
{
  const char *text = bloom_operation_get_text (operation, &fields->len);

  fields->kind = bloom_operation_get_kind (operation);
  fields->outcome = bloom_operation_get_outcome (operation);
  fields->text = g_strndup (text, fields->len);
  fields->h1 = bloom_operation_get_h1 (operation);
  fields->h2 = bloom_operation_get_h2 (operation);
  fields->n_positions = bloom_operation_get_n_positions (operation);
  g_assert_cmpuint (fields->n_positions, <=, BLOOM_K_MAX);
  for (guint i = 0; i < fields->n_positions; i++)
    {
      fields->positions[i] = bloom_operation_get_position (operation, i);
      fields->before[i] = bloom_operation_get_before (operation, i);
      fields->after[i] = bloom_operation_get_after (operation, i);
      fields->repeat[i] = bloom_operation_is_repeat (operation, i);
    }
  fields->n_distinct = bloom_operation_get_n_distinct_positions (operation);
}

static void
assert_operation_fields (BloomOperation        *operation,
                         const OperationFields *expected)
{
  OperationFields now = { 0, };

  read_operation_fields (operation, &now);
  g_assert_cmpint (now.kind, ==, expected->kind);
  g_assert_cmpint (now.outcome, ==, expected->outcome);
  g_assert_cmpmem (now.text, now.len, expected->text, expected->len);
  g_assert_cmpuint (now.h1, ==, expected->h1);
  g_assert_cmpuint (now.h2, ==, expected->h2);
  g_assert_cmpuint (now.n_positions, ==, expected->n_positions);
  g_assert_cmpmem (now.positions, sizeof now.positions, expected->positions, sizeof expected->positions);
  g_assert_cmpmem (now.before, sizeof now.before, expected->before, sizeof expected->before);
  g_assert_cmpmem (now.after, sizeof now.after, expected->after, sizeof expected->after);
  g_assert_cmpmem (now.repeat, sizeof now.repeat, expected->repeat, sizeof expected->repeat);
  g_assert_cmpuint (now.n_distinct, ==, expected->n_distinct);
  g_free (now.text);
}

/* bloom-operation.h: the session refills its last operation when only it
 * holds it, never one that someone else holds a reference to, whichever
 * way that reference was taken; every field stays. */
static void
test_held_operations_keep_every_field (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autofree char *long_text = g_strnfill (200, 'w');
  BloomOperation *held[4];
  OperationFields fields[G_N_ELEMENTS (held)] = { { 0, }, };

  /* Each read as soon as it is made, before the session could refill it. */
  bloom_session_create_filter (session, 64, 5, NULL);
  held[0] = g_object_ref (bloom_session_insert (session, "kiwi", -1, NULL));
  read_operation_fields (held[0], &fields[0]);
  held[1] = g_object_ref (bloom_session_query (session, "fig", -1, NULL));
  read_operation_fields (held[1], &fields[1]);
  bloom_session_query (session, "kiwi", -1, NULL);
  held[2] = g_object_ref (bloom_session_get_last_operation (session));
  read_operation_fields (held[2], &fields[2]);
  held[3] = g_object_ref (bloom_session_insert (session, "kiwi", -1, NULL));
  read_operation_fields (held[3], &fields[3]);
  g_assert_cmpint (fields[1].outcome, !=, fields[0].outcome);
  g_assert_cmpint (fields[2].outcome, ==, BLOOM_OUTCOME_MEMBER);
  g_assert_cmpint (fields[3].outcome, ==, BLOOM_OUTCOME_ALREADY_INSERTED);

  /* Every kind and outcome again, and a text longer than any before. */
  bloom_session_insert (session, long_text, -1, NULL);
  bloom_session_query (session, "pear", -1, NULL);
  bloom_session_insert (session, "plum", -1, NULL);
  bloom_session_query (session, long_text, -1, NULL);
  bloom_session_insert_example (session, NULL);
  bloom_session_query (session, "", -1, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    {
      assert_operation_fields (held[i], &fields[i]);
      g_assert_true (held[i] != bloom_session_get_last_operation (session));
      g_free (fields[i].text);
      g_assert_finalize_object (held[i]);
    }
}

static void
count_into (guint *count)
{
  (*count)++;
}

/* Which signals a session emitted, in order: "c" for "changed", "d" for
 * "drafts-changed". */
static void
log_changed (BloomSession *session,
             GString      *log)
{
  g_string_append_c (log, 'c');
}

static void
log_drafts_changed (BloomSession *session,
                    GString      *log)
{
  g_string_append_c (log, 'd');
}

static GString *
log_signals (BloomSession *session)
{
  GString *log = g_string_new (NULL);

  g_signal_connect (session, "changed", G_CALLBACK (log_changed), log);
  g_signal_connect (session, "drafts-changed", G_CALLBACK (log_drafts_changed), log);

  return log;
}

/* SPEC F3 in the model: drafts that no longer say the active filter's m
 * and k discard it; drafts that still do, however typed, keep it. */
static void
test_parameter_drafts (void)
{
  static const struct {
    const char *m;
    const char *k;
    gboolean discards;
  } cases[] = {
    { "0064", "3", FALSE },
    { " 64 ", "+3", FALSE },
    { "64", "03", FALSE },
    { "65", "3", TRUE },
    { "64", "4", TRUE },
    { "abc", "3", TRUE },
    { "64", "abc", TRUE },
    { "", "3", TRUE },
    { "64", "", TRUE },
    { "6 4", "3", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(BloomSession) session = bloom_session_new ();
      g_autoptr(GString) log = NULL;

      g_test_message ("m “%s”, k “%s”", cases[i].m, cases[i].k);
      bloom_session_set_m_draft (session, "64");
      bloom_session_set_k_draft (session, "3");
      bloom_session_create_filter (session, 64, 3, NULL);
      bloom_session_insert (session, "kiwi", -1, NULL);
      log = log_signals (session);

      bloom_session_set_parameter_drafts (session, cases[i].m, cases[i].k);

      g_assert_cmpstr (bloom_session_get_m_draft (session), ==, cases[i].m);
      g_assert_cmpstr (bloom_session_get_k_draft (session), ==, cases[i].k);
      g_assert_cmpint (bloom_session_get_filter (session) == NULL, ==, cases[i].discards);
      g_assert_cmpint (bloom_session_get_can_undo (session), ==, cases[i].discards);
      g_assert_cmpstr (log->str, ==, cases[i].discards ? "cd" : "d");

      /* The same drafts again: nothing happens. */
      bloom_session_set_parameter_drafts (session, cases[i].m, cases[i].k);
      g_assert_cmpstr (log->str, ==, cases[i].discards ? "cd" : "d");
    }
}

/* Drafts equal to the current ones change nothing, even when they do not
 * say the filter's parameters (a filter created without them). */
static void
test_parameter_drafts_unchanged (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GString) log = NULL;

  bloom_session_set_m_draft (session, "abc");
  bloom_session_create_filter (session, 64, 3, NULL);
  log = log_signals (session);

  bloom_session_set_parameter_drafts (session, "abc", "");
  g_assert_cmpstr (log->str, ==, "");
  g_assert_nonnull (bloom_session_get_filter (session));
  g_assert_false (bloom_session_get_can_undo (session));
}

/* Without a filter nothing is discarded; NULL stands for "". */
static void
test_parameter_drafts_no_filter (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GString) log = log_signals (session);
  guint m_notified = 0, k_notified = 0;

  g_signal_connect_swapped (session, "notify::m-draft", G_CALLBACK (count_into), &m_notified);
  g_signal_connect_swapped (session, "notify::k-draft", G_CALLBACK (count_into), &k_notified);

  bloom_session_set_parameter_drafts (session, NULL, NULL);
  g_assert_cmpstr (log->str, ==, "");
  bloom_session_set_parameter_drafts (session, "abc", NULL);
  g_assert_cmpstr (log->str, ==, "d");
  g_assert_cmpuint (m_notified, ==, 1);
  g_assert_cmpuint (k_notified, ==, 0);
  bloom_session_set_parameter_drafts (session, "abc", "7");
  g_assert_cmpstr (log->str, ==, "dd");
  g_assert_cmpuint (m_notified, ==, 1);
  g_assert_cmpuint (k_notified, ==, 1);
  g_assert_false (bloom_session_get_can_undo (session));

  /* Its own strings are welcome. */
  bloom_session_set_parameter_drafts (session, bloom_session_get_k_draft (session),
                                      bloom_session_get_m_draft (session));
  g_assert_cmpstr (bloom_session_get_m_draft (session), ==, "7");
  g_assert_cmpstr (bloom_session_get_k_draft (session), ==, "abc");
}

/* Undo after a discard by the drafts brings back the filter and both
 * drafts of that moment, with one "changed", then one "drafts-changed". */
static void
test_parameter_drafts_undo (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GString) log = NULL;
  g_autofree char *json_before = NULL;
  g_autofree char *json_after = NULL;

  bloom_session_set_parameter_drafts (session, "16", "2");
  bloom_session_create_filter (session, 16, 2, NULL);
  bloom_session_insert (session, "x", -1, NULL);
  bloom_session_query (session, "y", -1, NULL);
  json_before = bloom_state_to_json (session, NULL);
  log = log_signals (session);

  bloom_session_set_parameter_drafts (session, "17", "");
  g_assert_null (bloom_session_get_filter (session));
  g_assert_cmpstr (log->str, ==, "cd");

  g_assert_true (bloom_session_undo (session));
  g_assert_cmpstr (log->str, ==, "cdcd");
  g_assert_cmpstr (bloom_session_get_m_draft (session), ==, "16");
  g_assert_cmpstr (bloom_session_get_k_draft (session), ==, "2");
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (session)), ==, 16);
  json_after = bloom_state_to_json (session, NULL);
  g_assert_cmpstr (json_after, ==, json_before);

  /* Undo that changes no draft emits "changed" only. */
  bloom_session_reset (session);
  g_assert_true (bloom_session_undo (session));
  g_assert_cmpstr (log->str, ==, "cdcdcc");
}

static void
record_can_undo (gboolean     *undoable,
                 BloomSession *session)
{
  *undoable = bloom_session_get_can_undo (session);
}

/* An import replaces the whole session; Undo brings every part of it
 * back, the text draft too, and "changed" finds it undoable. */
static void
test_replace_undo (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSession) imported = bloom_session_new ();
  g_autoptr(GString) log = NULL;
  g_autofree char *json_before = NULL;
  g_autofree char *json_imported = NULL;
  g_autofree char *json_after = NULL;
  gboolean undoable_in_changed = FALSE;

  bloom_session_set_parameter_drafts (session, "16", "2");
  bloom_session_set_text_draft (session, "typed here");
  bloom_session_create_filter (session, 16, 2, NULL);
  bloom_session_insert (session, "x", -1, NULL);
  bloom_session_query (session, "y", -1, NULL);
  json_before = bloom_state_to_json (session, NULL);

  bloom_session_set_parameter_drafts (imported, "8", "1");
  bloom_session_set_text_draft (imported, "from the file");
  bloom_session_set_detail_open (imported, "model", TRUE);
  bloom_session_create_filter (imported, 8, 1, NULL);
  bloom_session_insert (imported, "a", -1, NULL);
  json_imported = bloom_state_to_json (imported, NULL);

  log = log_signals (session);
  g_signal_connect_swapped (session, "changed", G_CALLBACK (record_can_undo), &undoable_in_changed);
  bloom_session_replace (session, imported);
  g_assert_cmpstr (log->str, ==, "cd");
  g_assert_true (undoable_in_changed);
  g_assert_null (bloom_session_get_filter (imported));
  json_after = bloom_state_to_json (session, NULL);
  g_assert_cmpstr (json_after, ==, json_imported);

  g_assert_true (bloom_session_undo (session));
  g_assert_cmpstr (log->str, ==, "cdcd");
  g_clear_pointer (&json_after, g_free);
  json_after = bloom_state_to_json (session, NULL);
  g_assert_cmpstr (json_after, ==, json_before);
  g_assert_cmpstr (bloom_session_get_text_draft (session), ==, "typed here");
  g_assert_false (bloom_session_get_can_undo (session));

  /* A discard's Undo leaves the text draft as it is now. */
  bloom_session_set_parameter_drafts (session, "17", "2");
  bloom_session_set_text_draft (session, "typed since");
  g_assert_true (bloom_session_undo (session));
  g_assert_cmpstr (bloom_session_get_text_draft (session), ==, "typed since");
}

/* "drafts-changed": once per call that changed a draft, never for one
 * that did not, after "changed". */
static void
test_drafts_changed (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSession) source = bloom_session_new ();
  g_autoptr(GString) log = log_signals (session);
  g_autofree char *json = NULL;

  bloom_session_set_m_draft (session, "32");
  bloom_session_set_m_draft (session, "32");
  bloom_session_set_k_draft (session, "2");
  bloom_session_set_k_draft (session, "2");
  bloom_session_set_text_draft (session, "typing");
  bloom_session_set_text_draft (session, "typing");
  bloom_session_set_text_draft (session, NULL);
  bloom_session_set_text_draft (session, "");
  g_assert_cmpstr (log->str, ==, "dddd");
  bloom_session_set_detail_open (session, "model", TRUE);
  g_assert_cmpstr (log->str, ==, "dddd");

  /* Loading a document: its drafts differ in all three fields, yet one
   * "drafts-changed" after the one "changed". */
  bloom_session_set_m_draft (source, "64");
  bloom_session_set_k_draft (source, "3");
  bloom_session_set_text_draft (source, "kiwi");
  json = bloom_state_to_json (source, NULL);
  g_string_truncate (log, 0);
  g_assert_true (bloom_state_load_json (session, json, -1, NULL));
  g_assert_cmpstr (log->str, ==, "cd");
  g_assert_cmpstr (bloom_session_get_text_draft (session), ==, "kiwi");
  g_assert_true (bloom_state_load_json (session, json, -1, NULL));
  g_assert_cmpstr (log->str, ==, "cdc");
}

static void
test_details (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();

  g_assert_false (bloom_session_get_detail_open (session, "model"));
  bloom_session_set_detail_open (session, "model", TRUE);
  bloom_session_set_detail_open (session, "hash-positions", TRUE);
  bloom_session_set_detail_open (session, "model", TRUE);
  g_assert_cmpuint (g_strv_length ((char **) bloom_session_get_open_details (session)), ==, 2);
  g_assert_cmpstr (bloom_session_get_open_details (session)[0], ==, "hash-positions");
  bloom_session_set_detail_open (session, "hash-positions", FALSE);
  g_assert_false (bloom_session_get_detail_open (session, "hash-positions"));
  g_assert_true (bloom_session_get_detail_open (session, "model"));
  g_assert_false (bloom_session_is_detail_name ("Model"));
  g_assert_false (bloom_session_is_detail_name (""));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(JsonNode) root = NULL;

  g_test_init (&argc, &argv, NULL);

  root = test_load_data_json ("session-traces.json");
  traces = json_object_get_array_member (json_node_get_object (root), "traces");

  g_test_add_func ("/session/traces", test_traces);
  g_test_add_func ("/session/seed-example", test_seed_example);
  g_test_add_func ("/session/no-filter", test_no_filter);
  g_test_add_func ("/session/create-refuses-out-of-range", test_create_refuses_out_of_range);
  g_test_add_func ("/session/discard", test_discard);
  g_test_add_func ("/session/reset-keeps-parameters", test_reset);
  g_test_add_func ("/session/entry-limit", test_entry_limit);
  g_test_add_func ("/session/reinsert-changes-nothing", test_reinsert);
  g_test_add_func ("/session/exact-comparison", test_exact_comparison);
  g_test_add_func ("/session/counters", test_counters);
  g_test_add_func ("/session/example", test_example);
  g_test_add_func ("/session/signals", test_signals);
  g_test_add_func ("/session/parameter-parse", test_parameter_parse);
  g_test_add_func ("/session/details", test_details);
  g_test_add_func ("/session/held-operation-never-changes", test_held_operation_never_changes);
  g_test_add_func ("/session/held-operations-keep-every-field", test_held_operations_keep_every_field);
  g_test_add_func ("/session/parameter-drafts", test_parameter_drafts);
  g_test_add_func ("/session/parameter-drafts-no-filter", test_parameter_drafts_no_filter);
  g_test_add_func ("/session/parameter-drafts-unchanged", test_parameter_drafts_unchanged);
  g_test_add_func ("/session/parameter-drafts-undo", test_parameter_drafts_undo);
  g_test_add_func ("/session/drafts-changed", test_drafts_changed);
  g_test_add_func ("/session/replace-undo", test_replace_undo);
  g_test_add_func ("/session/undo-discard", test_undo_discard);
  g_test_add_func ("/session/undo-reset-and-create", test_undo_reset_and_create);

  return g_test_run ();
}
