/* test-hash.c — SPEC H1–H3 against every vector of hash-vectors.json
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "bloom-model.h"
#include "test-util.h"

static JsonArray *vectors;

static void
check_vector (JsonObject *vector)
{
  const char *text = json_object_get_string_member (vector, "text");
  JsonObject *positions = json_object_get_object_member (vector, "positions");
  g_autoptr(GList) keys = json_object_get_members (positions);
  g_autofree gunichar2 *units = NULL;
  g_autoptr(GError) error = NULL;
  gsize n_units = 0;
  guint32 h1, h2;

  units = bloom_text_to_units (text, -1, &n_units, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n_units, ==, json_object_get_int_member (vector, "utf16_length"));

  bloom_hash_pair (units, n_units, &h1, &h2);
  g_assert_cmpuint (h1, ==, json_object_get_int_member (vector, "h1"));
  g_assert_cmpuint (h2, ==, json_object_get_int_member (vector, "h2"));
  g_assert_cmpuint (h2 & 1, ==, 1);
  g_assert_cmpuint (h1, ==, bloom_hash_units (units, n_units, BLOOM_HASH_SEED1));
  g_assert_cmpuint (h2, ==, bloom_hash_units (units, n_units, BLOOM_HASH_SEED2) | 1);

  g_assert_nonnull (keys);
  for (const GList *l = keys; l != NULL; l = l->next)
    {
      JsonArray *expected = json_object_get_array_member (positions, l->data);
      guint m, k;

      g_assert_cmpint (sscanf (l->data, "%u/%u", &m, &k), ==, 2);
      g_assert_cmpuint (json_array_get_length (expected), ==, k);

      for (guint i = 0; i < k; i++)
        g_assert_cmpuint (bloom_hash_position (h1, h2, i, m), ==,
                          json_array_get_int_element (expected, i));
    }
}

static void
test_vectors (void)
{
  g_assert_cmpuint (json_array_get_length (vectors), >=, 50);

  for (guint i = 0; i < json_array_get_length (vectors); i++)
    check_vector (json_array_get_object_element (vectors, i));
}

/* H3: i·h2 overflows 32 bits for large h2; the position must not wrap. */
static void
test_position_no_wrap (void)
{
  guint32 h1 = 0xffffffffu, h2 = 0xfffffffbu;
  guint64 exact = ((guint64) h1 + 11 * (guint64) h2) % 1000;

  g_assert_cmpuint (bloom_hash_position (h1, h2, 11, 1000), ==, exact);
  g_assert_cmpuint (bloom_hash_position (h1, h2, 11, 1000), !=, (guint32) (h1 + 11 * h2) % 1000);
}

/* H1 by hand: "a" is the single unit 0x61. */
static void
test_single_unit (void)
{
  const gunichar2 a = 0x61;

  g_assert_cmpuint (bloom_hash_units (&a, 1, BLOOM_HASH_SEED1), ==,
                    (guint32) ((BLOOM_HASH_SEED1 ^ 0x61) * 16777619u));
  g_assert_cmpuint (bloom_hash_units (NULL, 0, 42), ==, 42);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(JsonNode) root = NULL;

  g_test_init (&argc, &argv, NULL);

  root = test_load_data_json ("hash-vectors.json");
  vectors = json_object_get_array_member (json_node_get_object (root), "vectors");

  g_test_add_func ("/hash/vectors", test_vectors);
  g_test_add_func ("/hash/position-no-wrap", test_position_no_wrap);
  g_test_add_func ("/hash/single-unit", test_single_unit);

  return g_test_run ();
}
