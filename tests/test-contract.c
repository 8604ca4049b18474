/* test-contract.c — the public API of ARCHITECTURE.md as an outside program
 * sees it: this file includes nothing but bloom-model.h and links nothing
 * but bloom-model. A rename breaks the build here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <bloom-model.h>

/* Every contract function, with the signature the contract gives: a
 * renamed function or a changed signature does not compile
 * (-Werror=incompatible-pointer-types). */
static const struct
{
  guint32 (*hash_units) (const gunichar2 *, gsize, guint32);
  void (*hash_pair) (const gunichar2 *, gsize, guint32 *, guint32 *);
  guint (*hash_position) (guint32, guint32, guint, guint);
  char *(*text_quote) (const char *, gssize);
  guint (*filter_get_m) (BloomFilter *);
  guint (*filter_get_k) (BloomFilter *);
  gboolean (*filter_get_bit) (BloomFilter *, guint);
  guint (*filter_count) (BloomFilter *);
  BloomOperationKind (*op_kind) (BloomOperation *);
  BloomOutcome (*op_outcome) (BloomOperation *);
  const char *(*op_text) (BloomOperation *, gsize *);
  guint32 (*op_h1) (BloomOperation *);
  guint32 (*op_h2) (BloomOperation *);
  guint (*op_n) (BloomOperation *);
  guint (*op_position) (BloomOperation *, guint);
  gboolean (*op_before) (BloomOperation *, guint);
  gboolean (*op_after) (BloomOperation *, guint);
  BloomSession *(*session_new) (void);
  gboolean (*create) (BloomSession *, guint, guint, GError **);
  void (*discard) (BloomSession *);
  void (*reset) (BloomSession *);
  BloomOperation *(*insert) (BloomSession *, const char *, gssize, GError **);
  BloomOperation *(*query) (BloomSession *, const char *, gssize, GError **);
  BloomOperation *(*example) (BloomSession *, GError **);
  BloomFilter *(*get_filter) (BloomSession *);
  BloomOperation *(*get_last) (BloomSession *);
  guint (*n_entries) (BloomSession *);
  const char *(*get_entry) (BloomSession *, guint, gsize *);
  guint (*negatives) (BloomSession *);
  guint (*false_positives) (BloomSession *);
  gboolean (*observed) (BloomSession *, double *);
  double (*approximate) (BloomSession *);
  char *(*to_json) (BloomSession *, gsize *);
  gboolean (*load_json) (BloomSession *, const char *, gssize, GError **);
} contract_functions G_GNUC_UNUSED = {
  .hash_units = bloom_hash_units,
  .hash_pair = bloom_hash_pair,
  .hash_position = bloom_hash_position,
  .text_quote = bloom_text_quote,
  .filter_get_m = bloom_filter_get_m,
  .filter_get_k = bloom_filter_get_k,
  .filter_get_bit = bloom_filter_get_bit,
  .filter_count = bloom_filter_count_set_bits,
  .op_kind = bloom_operation_get_kind,
  .op_outcome = bloom_operation_get_outcome,
  .op_text = bloom_operation_get_text,
  .op_h1 = bloom_operation_get_h1,
  .op_h2 = bloom_operation_get_h2,
  .op_n = bloom_operation_get_n_positions,
  .op_position = bloom_operation_get_position,
  .op_before = bloom_operation_get_before,
  .op_after = bloom_operation_get_after,
  .session_new = bloom_session_new,
  .create = bloom_session_create_filter,
  .discard = bloom_session_discard_filter,
  .reset = bloom_session_reset,
  .insert = bloom_session_insert,
  .query = bloom_session_query,
  .example = bloom_session_insert_example,
  .get_filter = bloom_session_get_filter,
  .get_last = bloom_session_get_last_operation,
  .n_entries = bloom_session_get_n_entries,
  .get_entry = bloom_session_get_entry,
  .negatives = bloom_session_get_negative_queries,
  .false_positives = bloom_session_get_false_positives,
  .observed = bloom_session_get_observed_rate,
  .approximate = bloom_session_get_approximate_rate,
  .to_json = bloom_state_to_json,
  .load_json = bloom_state_load_json,
};

/* The enumerations and seeds of the contract, in its order and with its
 * values: the values are the library's ABI. */
G_STATIC_ASSERT (BLOOM_OPERATION_INSERT == 0 && BLOOM_OPERATION_QUERY == 1);
G_STATIC_ASSERT (BLOOM_OUTCOME_INSERTED == 0 && BLOOM_OUTCOME_ALREADY_INSERTED == 1 &&
                 BLOOM_OUTCOME_MEMBER == 2 && BLOOM_OUTCOME_FALSE_POSITIVE == 3 &&
                 BLOOM_OUTCOME_DEFINITELY_ABSENT == 4);
G_STATIC_ASSERT (BLOOM_HASH_SEED1 == 2166136261u);
G_STATIC_ASSERT (BLOOM_HASH_SEED2 == 0xdeadbeefu);

/* What only the running library can tell: its types are registered as
 * objects and enums, its error domain as a quark. */
static void
test_names (void)
{
  GType types[] = { BLOOM_TYPE_FILTER, BLOOM_TYPE_OPERATION, BLOOM_TYPE_SESSION };
  GType enums[] = {
    BLOOM_TYPE_ERROR, BLOOM_TYPE_PARAMETER, BLOOM_TYPE_OPERATION_KIND, BLOOM_TYPE_OUTCOME,
  };

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    g_assert_true (g_type_is_a (types[i], G_TYPE_OBJECT));
  for (guint i = 0; i < G_N_ELEMENTS (enums); i++)
    g_assert_true (G_TYPE_IS_ENUM (enums[i]));
  g_assert_true (G_TYPE_IS_FLAGS (BLOOM_TYPE_STATE_FLAGS));
  g_assert_cmpuint (BLOOM_ERROR, !=, 0);
}

/* The names of the JSON document are the nicks of the generated enum
 * types, in the order of the values; Python sees the same nicks. */
static void
test_enum_names (void)
{
  const char *kinds[] = { "insert", "query" };
  const char *outcomes[] = {
    "inserted", "already-inserted", "member", "false-positive", "definitely-absent",
  };
  g_autoptr(GEnumClass) kind_class = g_type_class_ref (BLOOM_TYPE_OPERATION_KIND);
  g_autoptr(GEnumClass) outcome_class = g_type_class_ref (BLOOM_TYPE_OUTCOME);
  BloomOperationKind kind;
  BloomOutcome outcome;

  g_assert_cmpuint (kind_class->n_values, ==, G_N_ELEMENTS (kinds));
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_assert_cmpstr (bloom_operation_kind_to_string (i), ==, kinds[i]);
      g_assert_cmpstr (g_enum_get_value (kind_class, i)->value_nick, ==, kinds[i]);
      g_assert_true (bloom_operation_kind_from_string (kinds[i], &kind));
      g_assert_cmpint (kind, ==, i);
    }
  g_assert_cmpuint (outcome_class->n_values, ==, G_N_ELEMENTS (outcomes));
  for (guint i = 0; i < G_N_ELEMENTS (outcomes); i++)
    {
      g_assert_cmpstr (bloom_outcome_to_string (i), ==, outcomes[i]);
      g_assert_cmpstr (g_enum_get_value (outcome_class, i)->value_nick, ==, outcomes[i]);
      g_assert_true (bloom_outcome_from_string (outcomes[i], &outcome));
      g_assert_cmpint (outcome, ==, i);
    }

  /* A C name or another spelling names nothing. */
  kind = BLOOM_OPERATION_QUERY;
  g_assert_false (bloom_operation_kind_from_string ("BLOOM_OPERATION_INSERT", &kind));
  g_assert_false (bloom_operation_kind_from_string ("Insert", &kind));
  g_assert_cmpint (kind, ==, BLOOM_OPERATION_QUERY);
  g_assert_false (bloom_outcome_from_string ("false_positive", &outcome));
  g_assert_false (bloom_outcome_from_string ("", &outcome));
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
  g_test_add_func ("/contract/enum-names", test_enum_names);
  g_test_add_func ("/contract/use", test_use);

  return g_test_run ();
}
