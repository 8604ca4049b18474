/* test-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "test-util.h"

/* Fixtures live in tests/data; G_TEST_SRCDIR points at tests/. */
char *
test_read_data_file (const char *name,
                     gsize      *len)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", name, NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, len, &error);
  g_assert_no_error (error);

  return contents;
}

JsonNode *
test_load_data_json (const char *name)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len = 0;

  contents = test_read_data_file (name, &len);
  json_parser_load_from_data (parser, contents, len, &error);
  g_assert_no_error (error);

  return json_node_copy (json_parser_get_root (parser));
}

void
test_assert_session_state (BloomSession *session,
                           JsonObject   *state)
{
  BloomFilter *filter = bloom_session_get_filter (session);
  g_autofree char *bits = NULL;
  JsonNode *rate_node = json_object_get_member (state, "observedRate");
  double rate = -1;

  g_assert_nonnull (filter);
  g_assert_cmpuint (bloom_filter_get_m (filter), ==, json_object_get_int_member (state, "m"));
  g_assert_cmpuint (bloom_filter_get_k (filter), ==, json_object_get_int_member (state, "k"));
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, json_object_get_int_member (state, "n"));
  g_assert_cmpuint (bloom_filter_count_set_bits (filter), ==,
                    json_object_get_int_member (state, "bitsSet"));
  bits = bloom_filter_to_string (filter);
  g_assert_cmpstr (bits, ==, json_object_get_string_member (state, "bits"));
  for (guint i = 0; i < bloom_filter_get_m (filter); i++)
    g_assert_cmpint (bloom_filter_get_bit (filter, i), ==, bits[i] == '1');
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==,
                    json_object_get_int_member (state, "negativeQueries"));
  g_assert_cmpuint (bloom_session_get_false_positives (session), ==,
                    json_object_get_int_member (state, "falsePositives"));

  if (JSON_NODE_HOLDS_NULL (rate_node))
    g_assert_false (bloom_session_get_observed_rate (session, &rate));
  else
    {
      g_assert_true (bloom_session_get_observed_rate (session, &rate));
      g_assert_cmpfloat_with_epsilon (rate, json_node_get_double (rate_node), 1e-15);
    }

  g_assert_cmpfloat_with_epsilon (bloom_session_get_approximate_rate (session),
                                  json_object_get_double_member (state, "approx"), 1e-15);
}

void
test_assert_operation (BloomOperation *operation,
                       JsonObject     *result)
{
  JsonArray *positions = json_object_get_array_member (result, "positions");
  JsonArray *before = json_object_get_array_member (result, "before");
  JsonArray *after = json_object_get_array_member (result, "after");

  g_assert_cmpstr (bloom_outcome_to_string (bloom_operation_get_outcome (operation)), ==,
                   json_object_get_string_member (result, "outcome"));
  g_assert_cmpuint (bloom_operation_get_n_positions (operation), ==,
                    json_array_get_length (positions));
  for (guint i = 0; i < json_array_get_length (positions); i++)
    {
      g_assert_cmpuint (bloom_operation_get_position (operation, i), ==,
                        json_array_get_int_element (positions, i));
      g_assert_cmpint (bloom_operation_get_before (operation, i), ==,
                       json_array_get_int_element (before, i));
      g_assert_cmpint (bloom_operation_get_after (operation, i), ==,
                       json_array_get_int_element (after, i));
    }
}

/* Runs one trace of session-traces.json step by step on a fresh filter,
 * checking every outcome and the state after each step. */
void
test_run_trace (BloomSession *session,
                JsonObject   *trace,
                TestStepFunc  after_step,
                gpointer      user_data)
{
  JsonArray *steps = json_object_get_array_member (trace, "steps");
  g_autoptr(GError) error = NULL;

  bloom_session_create_filter (session,
                               json_object_get_int_member (trace, "m"),
                               json_object_get_int_member (trace, "k"),
                               &error);
  g_assert_no_error (error);

  for (guint i = 0; i < json_array_get_length (steps); i++)
    {
      JsonObject *step = json_array_get_object_element (steps, i);
      const char *op = json_object_get_string_member (step, "op");
      const char *text = json_object_get_string_member_with_default (step, "text", NULL);
      const char *expected_error = json_object_get_string_member_with_default (step, "error", NULL);
      BloomOperation *before = bloom_session_get_last_operation (session);
      BloomOperation *operation = NULL;
      gboolean is_reset = FALSE;

      if (g_str_equal (op, "insert"))
        operation = bloom_session_insert (session, text, -1, &error);
      else if (g_str_equal (op, "query"))
        operation = bloom_session_query (session, text, -1, &error);
      else if (g_str_equal (op, "example"))
        operation = bloom_session_insert_example (session, &error);
      else if (g_str_equal (op, "reset"))
        {
          bloom_session_reset (session);
          is_reset = TRUE;
        }
      else
        g_assert_not_reached ();

      if (expected_error != NULL)
        {
          g_assert_cmpstr (expected_error, ==, "length");
          g_assert_nonnull (error);
          g_assert_true (g_error_matches (error, BLOOM_ERROR, BLOOM_ERROR_TEXT_EMPTY) ||
                         g_error_matches (error, BLOOM_ERROR, BLOOM_ERROR_TEXT_TOO_LONG));
          g_assert_null (operation);
          /* A refused operation leaves the last one as it was. */
          g_assert_true (bloom_session_get_last_operation (session) == before);
          g_clear_error (&error);
        }
      else if (is_reset)
        g_assert_null (bloom_session_get_last_operation (session));
      else
        {
          g_assert_no_error (error);
          g_assert_nonnull (operation);
          g_assert_true (operation == bloom_session_get_last_operation (session));
          test_assert_operation (operation, json_object_get_object_member (step, "result"));
          if (text != NULL)
            {
              gsize len;

              g_assert_cmpstr (bloom_operation_get_text (operation, &len), ==, text);
              g_assert_cmpuint (len, ==, strlen (text));
            }
        }

      test_assert_session_state (session, json_object_get_object_member (step, "state"));

      if (after_step != NULL)
        after_step (session, step, user_data);
    }
}
