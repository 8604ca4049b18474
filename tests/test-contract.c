/* test-contract.c — the public API of ARCHITECTURE.md as an outside program
 * sees it: this file includes nothing but bloom-model.h and links nothing
 * but bloom-model. A rename breaks the build here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <bloom-model.h>

static void
test_names (void)
{
  /* Every contract function, with the signature the contract gives. */
  guint32 (*hash_units) (const gunichar2 *, gsize, guint32) = bloom_hash_units;
  void (*hash_pair) (const gunichar2 *, gsize, guint32 *, guint32 *) = bloom_hash_pair;
  guint (*hash_position) (guint32, guint32, guint, guint) = bloom_hash_position;
  char *(*text_quote) (const char *, gssize) = bloom_text_quote;
  guint (*filter_get_m) (BloomFilter *) = bloom_filter_get_m;
  guint (*filter_get_k) (BloomFilter *) = bloom_filter_get_k;
  gboolean (*filter_get_bit) (BloomFilter *, guint) = bloom_filter_get_bit;
  guint (*filter_count) (BloomFilter *) = bloom_filter_count_set_bits;
  BloomOperationKind (*op_kind) (BloomOperation *) = bloom_operation_get_kind;
  BloomOutcome (*op_outcome) (BloomOperation *) = bloom_operation_get_outcome;
  const char *(*op_text) (BloomOperation *, gsize *) = bloom_operation_get_text;
  guint32 (*op_h1) (BloomOperation *) = bloom_operation_get_h1;
  guint32 (*op_h2) (BloomOperation *) = bloom_operation_get_h2;
  guint (*op_n) (BloomOperation *) = bloom_operation_get_n_positions;
  guint (*op_position) (BloomOperation *, guint) = bloom_operation_get_position;
  gboolean (*op_before) (BloomOperation *, guint) = bloom_operation_get_before;
  gboolean (*op_after) (BloomOperation *, guint) = bloom_operation_get_after;
  BloomSession *(*session_new) (void) = bloom_session_new;
  gboolean (*create) (BloomSession *, guint, guint, GError **) = bloom_session_create_filter;
  void (*discard) (BloomSession *) = bloom_session_discard_filter;
  void (*reset) (BloomSession *) = bloom_session_reset;
  BloomOperation *(*insert) (BloomSession *, const char *, gssize, GError **) = bloom_session_insert;
  BloomOperation *(*query) (BloomSession *, const char *, gssize, GError **) = bloom_session_query;
  BloomOperation *(*example) (BloomSession *, GError **) = bloom_session_insert_example;
  BloomFilter *(*get_filter) (BloomSession *) = bloom_session_get_filter;
  BloomOperation *(*get_last) (BloomSession *) = bloom_session_get_last_operation;
  guint (*n_entries) (BloomSession *) = bloom_session_get_n_entries;
  const char *(*get_entry) (BloomSession *, guint, gsize *) = bloom_session_get_entry;
  guint (*negatives) (BloomSession *) = bloom_session_get_negative_queries;
  guint (*false_positives) (BloomSession *) = bloom_session_get_false_positives;
  gboolean (*observed) (BloomSession *, double *) = bloom_session_get_observed_rate;
  double (*approximate) (BloomSession *) = bloom_session_get_approximate_rate;
  char *(*to_json) (BloomSession *, gsize *) = bloom_state_to_json;
  gboolean (*load_json) (BloomSession *, const char *, gssize, GError **) = bloom_state_load_json;
  gconstpointer all[] = {
    hash_units, hash_pair, hash_position, text_quote, filter_get_m, filter_get_k,
    filter_get_bit, filter_count, op_kind, op_outcome, op_text, op_h1, op_h2, op_n,
    op_position, op_before, op_after, session_new, create, discard, reset, insert,
    query, example, get_filter, get_last, n_entries, get_entry, negatives,
    false_positives, observed, approximate, to_json, load_json,
  };
  GType types[] = { BLOOM_TYPE_FILTER, BLOOM_TYPE_OPERATION, BLOOM_TYPE_SESSION };
  BloomOperationKind kinds[] = { BLOOM_OPERATION_INSERT, BLOOM_OPERATION_QUERY };
  BloomOutcome outcomes[] = {
    BLOOM_OUTCOME_INSERTED, BLOOM_OUTCOME_ALREADY_INSERTED, BLOOM_OUTCOME_MEMBER,
    BLOOM_OUTCOME_FALSE_POSITIVE, BLOOM_OUTCOME_DEFINITELY_ABSENT,
  };

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    g_assert_nonnull (all[i]);
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    g_assert_true (g_type_is_a (types[i], G_TYPE_OBJECT));
  g_assert_cmpint (kinds[0], !=, kinds[1]);
  g_assert_cmpuint (G_N_ELEMENTS (outcomes), ==, 5);
  g_assert_cmpuint (BLOOM_HASH_SEED1, ==, 2166136261u);
  g_assert_cmpuint (BLOOM_HASH_SEED2, ==, 0xdeadbeefu);
  g_assert_cmpuint (BLOOM_ERROR, !=, 0);
}

/* The seed example through the contract alone. */
static void
test_use (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSession) copy = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *copy_json = NULL;
  gsize len = 0;
  double rate;

  g_assert_true (bloom_session_create_filter (session, 8, 1, &error));
  bloom_session_insert (session, "a", -1, &error);
  bloom_session_query (session, "i", -1, &error);
  bloom_session_query (session, "a", -1, &error);
  bloom_session_query (session, "b", -1, &error);
  g_assert_no_error (error);
  g_assert_true (bloom_session_get_observed_rate (session, &rate));
  g_assert_cmpfloat (rate, ==, 0.5);

  json = bloom_state_to_json (session, &len);
  g_assert_true (bloom_state_load_json (copy, json, len, &error));
  g_assert_no_error (error);
  copy_json = bloom_state_to_json (copy, NULL);
  g_assert_cmpstr (copy_json, ==, json);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/contract/names", test_names);
  g_test_add_func ("/contract/use", test_use);

  return g_test_run ();
}
