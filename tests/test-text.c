/* test-text.c — SPEC T1, T4
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "bloom-model.h"
#include "test-util.h"

static JsonArray *vectors;

static char *
repeat (const char *piece,
        guint       times)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < times; i++)
    g_string_append (s, piece);

  return g_string_free (s, FALSE);
}

static void
test_quote_vectors (void)
{
  for (guint i = 0; i < json_array_get_length (vectors); i++)
    {
      JsonObject *vector = json_array_get_object_element (vectors, i);
      const char *text = json_object_get_string_member (vector, "text");
      g_autofree char *quoted = bloom_text_quote (text, -1);

      g_assert_cmpstr (quoted, ==, json_object_get_string_member (vector, "json"));
    }
}

static void
test_quote_by_hand (void)
{
  static const struct { const char *text; const char *quoted; } cases[] = {
    { "a", "\"a\"" },
    { "\"\\", "\"\\\"\\\\\"" },
    { "\b\f\n\r\t", "\"\\b\\f\\n\\r\\t\"" },
    { "\x01\x1f", "\"\\u0001\\u001f\"" },
    { "\x7f", "\"\x7f\"" },
    { "/", "\"/\"" },
    { "\xe2\x80\xa8", "\"\xe2\x80\xa8\"" },  /* U+2028 stays literal */
    { "\xc3\xa9", "\"\xc3\xa9\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *quoted = bloom_text_quote (cases[i].text, -1);

      g_assert_cmpstr (quoted, ==, cases[i].quoted);
    }

  /* An explicit length need not end at a NUL. */
  {
    g_autofree char *quoted = bloom_text_quote ("a\tbcd", 3);

    g_assert_cmpstr (quoted, ==, "\"a\\tb\"");
  }
}

static void
assert_units (const char *text,
              gsize       expected)
{
  g_autoptr(GError) error = NULL;
  g_autofree gunichar2 *units = NULL;
  gsize n_units = 0;

  units = bloom_text_to_units (text, -1, &n_units, &error);
  g_assert_no_error (error);
  g_assert_nonnull (units);
  g_assert_cmpuint (n_units, ==, expected);
  g_assert_cmpint (bloom_text_count_units (text, -1), ==, expected);
}

static void
assert_refused (const char *text,
                gssize      len,
                int         code)
{
  g_autoptr(GError) error = NULL;
  gsize n_units = 12345;

  g_assert_null (bloom_text_to_units (text, len, &n_units, &error));
  g_assert_error (error, BLOOM_ERROR, code);
  g_assert_cmpstr (error->message, !=, "");
  g_assert_cmpuint (n_units, ==, 12345);
}

static void
test_lengths (void)
{
  g_autofree char *x256 = repeat ("x", 256);
  g_autofree char *x257 = repeat ("x", 257);
  g_autofree char *emoji128 = repeat ("\xf0\x9f\x98\x80", 128);
  g_autofree char *emoji129 = repeat ("\xf0\x9f\x98\x80", 129);
  g_autofree char *cjk256 = repeat ("\xe5\xb8\x83", 256);

  assert_units ("a", 1);
  assert_units (x256, 256);
  assert_units (emoji128, 256);
  assert_units (cjk256, 256);
  assert_units ("\xf0\x9f\x98\x80", 2);
  assert_units ("e\xcc\x81", 2);   /* e + combining acute: two units, T2 */
  assert_units ("\xc3\xa9", 1);

  assert_refused ("", -1, BLOOM_ERROR_TEXT_EMPTY);
  assert_refused (NULL, 0, BLOOM_ERROR_TEXT_EMPTY);
  assert_refused (x257, -1, BLOOM_ERROR_TEXT_TOO_LONG);
  assert_refused (emoji129, -1, BLOOM_ERROR_TEXT_TOO_LONG);

  /* The live count never refuses a length. */
  g_assert_cmpint (bloom_text_count_units (x257, -1), ==, 257);
  g_assert_cmpint (bloom_text_count_units (emoji129, -1), ==, 258);
  g_assert_cmpint (bloom_text_count_units ("", -1), ==, 0);
}

static void
test_invalid (void)
{
  assert_refused ("\xff", -1, BLOOM_ERROR_TEXT_INVALID_UTF8);
  assert_refused ("a\xc3", -1, BLOOM_ERROR_TEXT_INVALID_UTF8);
  assert_refused ("\xed\xa0\x80", -1, BLOOM_ERROR_TEXT_INVALID_UTF8);  /* a UTF-8 encoded surrogate */
  assert_refused ("\xc0\xaf", -1, BLOOM_ERROR_TEXT_INVALID_UTF8);      /* overlong */
  assert_refused ("a\0b", 3, BLOOM_ERROR_TEXT_NUL);
  g_assert_cmpint (bloom_text_count_units ("\xff", -1), ==, -1);
}

/* An explicit length cuts the text; it need not end in NUL. */
static void
test_explicit_length (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree gunichar2 *units = NULL;
  gsize n_units = 0;

  units = bloom_text_to_units ("abcdef", 3, &n_units, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n_units, ==, 3);
  g_assert_cmpuint (units[2], ==, 'c');
}

static void
assert_hash_pair_agrees (const char *text,
                         gssize      len)
{
  g_autoptr(GError) slow_error = NULL;
  g_autoptr(GError) fast_error = NULL;
  g_autofree gunichar2 *units = NULL;
  gsize n_units = 0;
  guint32 slow1 = 0, slow2 = 0, fast1 = 1, fast2 = 1;
  gboolean fast;

  units = bloom_text_to_units (text, len, &n_units, &slow_error);
  if (units != NULL)
    bloom_hash_pair (units, n_units, &slow1, &slow2);
  fast = bloom_text_hash_pair (text, len, &fast1, &fast2, &fast_error);

  g_assert_cmpint (fast, ==, units != NULL);
  if (fast)
    {
      g_assert_cmpuint (fast1, ==, slow1);
      g_assert_cmpuint (fast2, ==, slow2);
    }
  else
    {
      g_assert_nonnull (fast_error);
      g_assert_cmpint (fast_error->code, ==, slow_error->code);
      g_assert_cmpstr (fast_error->message, ==, slow_error->message);
    }
}

/* The one-pass hash of the hot path equals conversion then hashing, for
 * every vector and every kind of refusal. */
static void
test_hash_pair (void)
{
  g_autofree char *x257 = repeat ("x", 257);
  g_autofree char *emoji128 = repeat ("\xf0\x9f\x98\x80", 128);
  g_autofree char *emoji129 = repeat ("\xf0\x9f\x98\x80", 129);
  static const char * const refused[] = {
    "", "\xff", "a\xc3", "\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80",
  };

  for (guint i = 0; i < json_array_get_length (vectors); i++)
    {
      JsonObject *vector = json_array_get_object_element (vectors, i);
      guint32 h1, h2;

      assert_hash_pair_agrees (json_object_get_string_member (vector, "text"), -1);
      g_assert_true (bloom_text_hash_pair (json_object_get_string_member (vector, "text"), -1,
                                           &h1, &h2, NULL));
      g_assert_cmpuint (h1, ==, json_object_get_int_member (vector, "h1"));
      g_assert_cmpuint (h2, ==, json_object_get_int_member (vector, "h2"));
    }

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    assert_hash_pair_agrees (refused[i], -1);
  assert_hash_pair_agrees ("a\0b", 3);
  assert_hash_pair_agrees ("abcdef", 3);
  assert_hash_pair_agrees (x257, -1);
  assert_hash_pair_agrees (emoji128, -1);
  assert_hash_pair_agrees (emoji129, -1);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(JsonNode) root = NULL;

  g_test_init (&argc, &argv, NULL);

  root = test_load_data_json ("hash-vectors.json");
  vectors = json_object_get_array_member (json_node_get_object (root), "vectors");

  g_test_add_func ("/text/quote-vectors", test_quote_vectors);
  g_test_add_func ("/text/quote-by-hand", test_quote_by_hand);
  g_test_add_func ("/text/lengths", test_lengths);
  g_test_add_func ("/text/invalid", test_invalid);
  g_test_add_func ("/text/explicit-length", test_explicit_length);
  g_test_add_func ("/text/hash-pair", test_hash_pair);

  return g_test_run ();
}
