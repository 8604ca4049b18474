/* test-analysis.c — what the session works out for teaching: the rates
 * beside the approximation, the estimated n, and which entries set a bit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "bloom-model.h"
#include "test-util.h"

static JsonArray *traces;
static JsonArray *vectors;

static void
insert_all (BloomSession       *session,
            const char * const *texts)
{
  for (guint i = 0; texts[i] != NULL; i++)
    g_assert_nonnull (bloom_session_insert (session, texts[i], -1, NULL));
}

/* By hand, with the positions of hash-vectors.json. Position i does not
 * depend on k, so "a" at m = 8, k = 2 is the first two of 8/12: 4, 7. */
static void
test_rates_by_hand (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  static const char * const three[] = { "a", "i", "A", NULL };

  g_assert_cmpfloat (bloom_session_get_exact_rate (session), ==, 0.0);
  g_assert_cmpfloat (bloom_session_get_fill_rate (session), ==, 0.0);
  g_assert_cmpfloat (bloom_session_get_estimated_entries (session), ==, 0.0);

  /* m = 8, k = 2, n = 1, X = 2: finite m (1 − (7/8)^2)^2 = (15/64)^2 =
   * 225/4096; (X/m)^k = (2/8)^2 = 1/16; n̂ = −(8/2)·ln(1 − 2/8) =
   * 4·0.2876821 = 1.1507283; approximation (1 − e^(−2/8))^2 = 0.0489291. */
  g_assert_true (bloom_session_create_filter (session, 8, 2, NULL));
  g_assert_cmpfloat (bloom_session_get_fill_rate (session), ==, 0.0);
  g_assert_cmpfloat (bloom_session_get_estimated_entries (session), ==, 0.0);
  bloom_session_insert (session, "a", -1, NULL);
  g_assert_cmpfloat_with_epsilon (bloom_session_get_exact_rate (session), 225.0 / 4096.0, 1e-15);
  g_assert_cmpfloat (bloom_session_get_fill_rate (session), ==, 0.0625);
  g_assert_cmpfloat_with_epsilon (bloom_session_get_estimated_entries (session), 1.1507283, 1e-7);
  g_assert_cmpfloat_with_epsilon (bloom_session_get_approximate_rate (session), 0.0489291, 1e-7);

  /* m = 64, k = 4: "a" 44 55 2 13, "i" 4 55 42 29, "A" 12 55 34 13 set
   * X = 9 distinct bits {2, 4, 12, 13, 29, 34, 42, 44, 55} with n = 3:
   * (9/64)^4 = 6561/16777216; n̂ = 16·ln(64/55) = 16·0.1515499 = 2.424798;
   * finite m (1 − (63/64)^12)^4 = (1 − 0.8277)^4 = 0.00087923. */
  g_assert_true (bloom_session_create_filter (session, 64, 4, NULL));
  insert_all (session, three);
  g_assert_cmpuint (bloom_filter_count_set_bits (bloom_session_get_filter (session)), ==, 9);
  g_assert_cmpfloat (bloom_session_get_fill_rate (session), ==, 6561.0 / 16777216.0);
  g_assert_cmpfloat_with_epsilon (bloom_session_get_estimated_entries (session), 2.424798, 1e-6);
  g_assert_cmpfloat_with_epsilon (bloom_session_get_exact_rate (session), 0.00087923, 1e-8);
  /* (1 − 1/m)^(kn) < e^(−kn/m), so the finite-m rate is the larger. */
  g_assert_cmpfloat (bloom_session_get_exact_rate (session), >,
                     bloom_session_get_approximate_rate (session));

  /* m = 8, k = 12: "a" sets all eight bits; every position of any string
   * is then set, and no finite n explains X = m. */
  g_assert_true (bloom_session_create_filter (session, 8, 12, NULL));
  bloom_session_insert (session, "a", -1, NULL);
  g_assert_cmpfloat (bloom_session_get_fill_rate (session), ==, 1.0);
  g_assert_true (isinf (bloom_session_get_estimated_entries (session)));
}

static void
assert_setters (BloomSession *session,
                guint         bit,
                const char   *expected)
{
  g_autofree guint *setters = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  guint n = G_MAXUINT;
  guint first = G_MAXUINT;

  setters = bloom_session_get_bit_setters (session, bit, &n);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? " " : "",
                            bloom_session_get_entry (session, setters[i], NULL));
  g_assert_cmpstr (names->str, ==, expected);

  if (n == 0)
    {
      g_assert_null (setters);
      g_assert_false (bloom_session_get_first_setter (session, bit, &first));
      g_assert_cmpuint (first, ==, G_MAXUINT);
    }
  else
    {
      g_assert_true (bloom_session_get_first_setter (session, bit, &first));
      g_assert_cmpuint (first, ==, setters[0]);
    }
}

static void
test_provenance_by_hand (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  static const char * const three[] = { "a", "i", "A", NULL };
  guint n = 7;

  /* No filter, no setters. */
  g_assert_null (bloom_session_get_bit_setters (session, 0, &n));
  g_assert_cmpuint (n, ==, 0);

  /* m = 64, k = 4, from hash-vectors.json: "a" 44 55 2 13, "i" 4 55 42 29,
   * "A" 12 55 34 13. */
  g_assert_true (bloom_session_create_filter (session, 64, 4, NULL));
  insert_all (session, three);
  assert_setters (session, 55, "a i A");
  assert_setters (session, 13, "a A");
  assert_setters (session, 4, "i");
  assert_setters (session, 12, "A");
  assert_setters (session, 0, "");
  assert_setters (session, 63, "");

  /* "apple" 63 36 9 46 is a query: queries set nothing. */
  bloom_session_query (session, "apple", -1, NULL);
  assert_setters (session, 63, "");

  /* m = 8, k = 1: a … h each set a bit of their own; "a" bit 4, "b" 5. */
  g_assert_true (bloom_session_create_filter (session, 8, 1, NULL));
  bloom_session_insert_example (session, NULL);
  assert_setters (session, 4, "a");
  assert_setters (session, 5, "b");
  for (guint bit = 0; bit < 8; bit++)
    {
      g_autofree guint *setters = bloom_session_get_bit_setters (session, bit, &n);

      g_assert_cmpuint (n, ==, 1);
    }
}

static JsonObject *
find_vector (const char *text)
{
  for (guint i = 0; i < json_array_get_length (vectors); i++)
    {
      JsonObject *vector = json_array_get_object_element (vectors, i);

      if (g_str_equal (json_object_get_string_member (vector, "text"), text))
        return vector;
    }

  return NULL;
}

/* After every step of every trace: a bit is set exactly when some entry
 * sets it, and where hash-vectors.json has an entry's positions for this
 * m and k, the setters are exactly the entries that list the bit. */
static void
check_provenance (BloomSession *session,
                  JsonObject   *step,
                  gpointer      user_data)
{
  BloomFilter *filter = bloom_session_get_filter (session);
  guint m = bloom_filter_get_m (filter);
  guint k = bloom_filter_get_k (filter);
  guint *checked = user_data;

  for (guint bit = 0; bit < m; bit++)
    {
      guint n = 0, first = G_MAXUINT;
      g_autofree guint *setters = bloom_session_get_bit_setters (session, bit, &n);

      g_assert_cmpint (bloom_filter_get_bit (filter, bit), ==, n > 0);
      g_assert_cmpint (bloom_session_get_first_setter (session, bit, &first), ==, n > 0);
      if (n > 0)
        g_assert_cmpuint (first, ==, setters[0]);
      for (guint i = 1; i < n; i++)
        g_assert_cmpuint (setters[i - 1], <, setters[i]);

      for (guint e = 0; e < bloom_session_get_n_entries (session); e++)
        {
          JsonObject *vector = find_vector (bloom_session_get_entry (session, e, NULL));
          JsonObject *positions = vector ? json_object_get_object_member (vector, "positions") : NULL;
          JsonArray *list = NULL;
          gboolean listed = FALSE, found = FALSE;

          /* Position i does not depend on k: the first k of any list for
           * this m with at least k positions will do. */
          for (guint K = k; positions != NULL && list == NULL && K <= BLOOM_K_MAX; K++)
            {
              g_autofree char *key = g_strdup_printf ("%u/%u", m, K);

              if (json_object_has_member (positions, key))
                list = json_object_get_array_member (positions, key);
            }
          if (list == NULL)
            continue;

          for (guint i = 0; i < k; i++)
            listed |= json_array_get_int_element (list, i) == bit;
          for (guint i = 0; i < n; i++)
            found |= setters[i] == e;
          g_assert_cmpint (listed, ==, found);
          (*checked)++;
        }
    }
}

static void
test_provenance_traces (void)
{
  guint checked = 0;

  for (guint i = 0; i < json_array_get_length (traces); i++)
    {
      g_autoptr(BloomSession) session = bloom_session_new ();

      test_run_trace (session, json_array_get_object_element (traces, i), check_provenance, &checked);
    }

  /* The vectors cover the seed traces: the check above did compare. */
  g_assert_cmpuint (checked, >, 100);
}

/* The setters of every bit, worked out from each entry's own positions,
 * equal what the session answers. */
static void
assert_setters_from_positions (BloomSession *session)
{
  BloomFilter *filter = bloom_session_get_filter (session);
  guint m = bloom_filter_get_m (filter);
  guint k = bloom_filter_get_k (filter);
  g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  for (guint bit = 0; bit < m; bit++)
    g_ptr_array_add (expected, g_array_new (FALSE, FALSE, sizeof (guint)));

  for (guint e = 0; e < bloom_session_get_n_entries (session); e++)
    {
      gsize len = 0;
      const char *text = bloom_session_get_entry (session, e, &len);
      g_autofree gunichar2 *units = NULL;
      gsize n_units = 0;
      guint32 h1, h2;

      units = bloom_text_to_units (text, len, &n_units, NULL);
      g_assert_nonnull (units);
      bloom_hash_pair (units, n_units, &h1, &h2);
      for (guint i = 0; i < k; i++)
        {
          GArray *list = g_ptr_array_index (expected, bloom_hash_position (h1, h2, i, m));

          if (list->len == 0 || g_array_index (list, guint, list->len - 1) != e)
            g_array_append_val (list, e);
        }
    }

  for (guint bit = 0; bit < m; bit++)
    {
      GArray *list = g_ptr_array_index (expected, bit);
      guint n = 0;
      g_autofree guint *setters = bloom_session_get_bit_setters (session, bit, &n);

      g_assert_cmpuint (n, ==, list->len);
      if (n > 0)
        g_assert_cmpmem (setters, n * sizeof (guint), list->data, n * sizeof (guint));
    }
}

/* The setters follow the entries through reset, undo and loading. */
static void
test_provenance_follows_entries (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSession) loaded = bloom_session_new ();
  g_autofree char *json = NULL;
  guint n = 7;

  g_assert_true (bloom_session_create_filter (session, 97, 5, NULL));
  for (guint i = 0; i < 300; i++)
    {
      g_autofree char *text = g_strdup_printf ("s%u-\u00e9\U0001f600", i);

      g_assert_nonnull (bloom_session_insert (session, text, -1, NULL));
    }
  assert_setters_from_positions (session);

  bloom_session_reset (session);
  for (guint bit = 0; bit < 97; bit++)
    g_assert_null (bloom_session_get_bit_setters (session, bit, &n));
  g_assert_nonnull (bloom_session_insert (session, "after reset", -1, NULL));
  assert_setters_from_positions (session);

  bloom_session_reset (session);
  g_assert_true (bloom_session_undo (session));
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 1);
  assert_setters_from_positions (session);

  g_assert_true (bloom_session_create_filter (session, 97, 5, NULL));
  g_assert_true (bloom_session_undo (session));
  assert_setters_from_positions (session);

  json = bloom_state_to_json (session, NULL);
  g_assert_true (bloom_state_load_json (loaded, json, -1, NULL));
  assert_setters_from_positions (loaded);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(JsonNode) trace_data = NULL;
  g_autoptr(JsonNode) vector_data = NULL;

  g_test_init (&argc, &argv, NULL);

  trace_data = test_load_data_json ("session-traces.json");
  traces = json_object_get_array_member (json_node_get_object (trace_data), "traces");
  vector_data = test_load_data_json ("hash-vectors.json");
  vectors = json_object_get_array_member (json_node_get_object (vector_data), "vectors");

  g_test_add_func ("/analysis/rates-by-hand", test_rates_by_hand);
  g_test_add_func ("/analysis/provenance-by-hand", test_provenance_by_hand);
  g_test_add_func ("/analysis/provenance-traces", test_provenance_traces);
  g_test_add_func ("/analysis/provenance-follows-entries", test_provenance_follows_entries);

  return g_test_run ();
}
