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
  g_test_add_func ("/session/undo-discard", test_undo_discard);
  g_test_add_func ("/session/undo-reset-and-create", test_undo_reset_and_create);

  return g_test_run ();
}
