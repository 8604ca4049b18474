/* test-lecture.c — lecture files: reading (every refusal with its
 * message, the caps of an import) and playing (each step of the shipped
 * example as the seed example says; going back is replaying from the
 * start).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "bloom-model.h"
#include "test-util.h"

#define MIB (1024 * 1024)

/* Helpers */

static BloomLecture *
read_lecture (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len;
  BloomLecture *lecture;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  lecture = bloom_lecture_new_from_data (contents, len, &error);
  g_assert_no_error (error);
  g_assert_nonnull (lecture);

  return lecture;
}

static BloomLecture *
read_example (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "lectures",
                                                 "false-positive.bloomlab-lecture", NULL);

  return read_lecture (path);
}

/* The filter, its entries, counters and last operation, as a document:
 * two sessions in the same state give the same text. */
static char *
session_state (BloomSession *session)
{
  return bloom_state_to_json_full (session, BLOOM_STATE_FLAGS_FILTER_ONLY, NULL);
}

static char *
filter_bits (BloomSession *session)
{
  return bloom_filter_to_string (bloom_session_get_filter (session));
}

static void
count_changed (BloomSession *session,
               guint        *count)
{
  (*count)++;
}

static BloomOutcome
last_outcome (BloomSession *session)
{
  return bloom_operation_get_outcome (bloom_session_get_last_operation (session));
}

/* A lecture of @steps (the members of the "steps" list) is refused with
 * @code and @message. */
static void
assert_refused (const char *steps,
                int         code,
                const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *document =
    g_strdup_printf ("{\"format\": \"bloom-lab-lecture\", \"version\": 1, \"steps\": [%s]}", steps);
  g_autoptr(BloomLecture) lecture = bloom_lecture_new_from_data (document, -1, &error);

  g_test_message ("%s", document);
  g_assert_null (lecture);
  g_assert_error (error, BLOOM_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
}

static void
assert_document_refused (const char *document,
                         gssize      len,
                         int         code,
                         const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BloomLecture) lecture = bloom_lecture_new_from_data (document, len, &error);

  g_assert_null (lecture);
  g_assert_error (error, BLOOM_ERROR, code);
  if (message != NULL)
    g_assert_cmpstr (error->message, ==, message);
}

/* Tests */

static void
test_example_reads (void)
{
  g_autoptr(BloomLecture) lecture = read_example ();
  BloomLectureStep *step;
  static const BloomLectureAction actions[] = {
    BLOOM_LECTURE_ACTION_CREATE, BLOOM_LECTURE_ACTION_INSERT, BLOOM_LECTURE_ACTION_QUERY,
    BLOOM_LECTURE_ACTION_QUERY, BLOOM_LECTURE_ACTION_QUERY, BLOOM_LECTURE_ACTION_OPEN,
    BLOOM_LECTURE_ACTION_CREATE, BLOOM_LECTURE_ACTION_EXAMPLE, BLOOM_LECTURE_ACTION_ZOOM,
    BLOOM_LECTURE_ACTION_EXPERIMENT,
  };

  g_assert_cmpstr (bloom_lecture_get_title (lecture), ==, "Why a Bloom filter says yes to strangers");
  g_assert_cmpuint (bloom_lecture_get_n_steps (lecture), ==, G_N_ELEMENTS (actions));
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    g_assert_cmpint (bloom_lecture_step_get_action (bloom_lecture_get_step (lecture, i)), ==, actions[i]);

  step = bloom_lecture_get_step (lecture, 0);
  g_assert_cmpstr (bloom_lecture_step_get_caption (step), ==, "Eight bits, one hash position per string");
  g_assert_cmpuint (bloom_lecture_step_get_m (step), ==, 8);
  g_assert_cmpuint (bloom_lecture_step_get_k (step), ==, 1);
  g_assert_true (bloom_lecture_step_changes_session (step));

  step = bloom_lecture_get_step (lecture, 1);
  g_assert_null (bloom_lecture_step_get_caption (step));
  g_assert_cmpstr (bloom_lecture_step_get_text (step), ==, "a");

  step = bloom_lecture_get_step (lecture, 2);
  g_assert_cmpstr (bloom_lecture_step_get_caption (step), ==, "i was never inserted");
  g_assert_cmpstr (bloom_lecture_step_get_text (step), ==, "i");

  step = bloom_lecture_get_step (lecture, 5);
  g_assert_cmpstr (bloom_lecture_step_get_section (step), ==, "hash-positions");
  g_assert_false (bloom_lecture_step_changes_session (step));

  step = bloom_lecture_get_step (lecture, 8);
  g_assert_cmpuint (bloom_lecture_step_get_zoom (step), ==, 200);

  step = bloom_lecture_get_step (lecture, 9);
  g_assert_cmpuint (bloom_lecture_step_get_n_samples (step), ==, 10000);
  g_assert_cmpuint (bloom_lecture_step_get_length (step), ==, 8);
  g_assert_cmpuint (bloom_lecture_step_get_seed (step), ==, 42);
  g_assert_false (bloom_lecture_step_changes_session (step));
}

/* Step by step, what SPEC's seed example says. */
static void
test_example_replay (void)
{
  g_autoptr(BloomLecture) lecture = read_example ();
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  char *bits;

  g_assert_true (bloom_lecture_apply_step (lecture, 0, session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (session)), ==, 8);
  g_assert_cmpuint (bloom_filter_get_k (bloom_session_get_filter (session)), ==, 1);
  g_assert_cmpstr (bloom_session_get_m_draft (session), ==, "8");
  g_assert_cmpstr (bloom_session_get_k_draft (session), ==, "1");
  g_assert_cmpuint (bloom_filter_count_set_bits (bloom_session_get_filter (session)), ==, 0);

  /* insert a: bit 4 */
  g_assert_true (bloom_lecture_apply_step (lecture, 1, session, &error));
  g_assert_cmpint (last_outcome (session), ==, BLOOM_OUTCOME_INSERTED);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 1);
  g_assert_true (bloom_filter_get_bit (bloom_session_get_filter (session), 4));
  g_assert_cmpuint (bloom_filter_count_set_bits (bloom_session_get_filter (session)), ==, 1);
  bits = filter_bits (session);
  g_assert_cmpstr (bits, ==, "00001000");
  g_free (bits);

  /* query i: a false positive */
  g_assert_true (bloom_lecture_apply_step (lecture, 2, session, &error));
  g_assert_cmpint (last_outcome (session), ==, BLOOM_OUTCOME_FALSE_POSITIVE);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 1);
  g_assert_cmpuint (bloom_session_get_false_positives (session), ==, 1);

  /* query a: a member */
  g_assert_true (bloom_lecture_apply_step (lecture, 3, session, &error));
  g_assert_cmpint (last_outcome (session), ==, BLOOM_OUTCOME_MEMBER);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 1);

  /* query b: definitely absent */
  g_assert_true (bloom_lecture_apply_step (lecture, 4, session, &error));
  g_assert_cmpint (last_outcome (session), ==, BLOOM_OUTCOME_DEFINITELY_ABSENT);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 2);
  g_assert_cmpuint (bloom_session_get_false_positives (session), ==, 1);

  /* open: the view's business, the session stays */
  before = session_state (session);
  g_assert_true (bloom_lecture_apply_step (lecture, 5, session, &error));
  after = session_state (session);
  g_assert_cmpstr (before, ==, after);
  g_assert_false (bloom_session_get_detail_open (session, "hash-positions"));

  g_assert_true (bloom_lecture_apply_step (lecture, 6, session, &error));
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (session)), ==, 1024);
  g_assert_cmpuint (bloom_filter_get_k (bloom_session_get_filter (session)), ==, 7);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 0);

  g_assert_true (bloom_lecture_apply_step (lecture, 7, session, &error));
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 8);

  g_assert_true (bloom_lecture_apply_step (lecture, 8, session, &error));
  g_assert_true (bloom_lecture_apply_step (lecture, 9, session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 8);
}

/* Going to step i, from anywhere, gives what playing steps 0 to i on a
 * new session gives. */
static void
test_replay_to (void)
{
  g_autoptr(BloomLecture) lecture = read_example ();
  g_autoptr(BloomSession) session = bloom_session_new ();
  guint n = bloom_lecture_get_n_steps (lecture);
  const char *open[] = { "model", NULL };
  g_autoptr(GError) error = NULL;

  bloom_session_set_open_details (session, open);
  bloom_session_set_text_draft (session, "typed");

  for (guint round = 0; round < 2; round++)
    for (guint j = 0; j < n; j++)
      {
        /* Backwards in the first round, forwards in the second. */
        guint i = round == 0 ? n - 1 - j : j;
        g_autoptr(BloomSession) fresh = bloom_session_new ();
        g_autofree char *expected = NULL;
        g_autofree char *got = NULL;
        guint changed = 0;
        gulong id;

        for (guint s = 0; s <= i; s++)
          {
            g_assert_true (bloom_lecture_apply_step (lecture, s, fresh, &error));
            g_assert_no_error (error);
          }

        id = g_signal_connect (session, "changed", G_CALLBACK (count_changed), &changed);
        g_assert_true (bloom_lecture_replay_to (lecture, session, i, &error));
        g_assert_no_error (error);
        g_signal_handler_disconnect (session, id);
        g_assert_cmpuint (changed, ==, 1);

        expected = session_state (fresh);
        got = session_state (session);
        g_assert_cmpstr (got, ==, expected);
        g_assert_cmpstr (bloom_session_get_m_draft (session), ==, bloom_session_get_m_draft (fresh));
        g_assert_cmpstr (bloom_session_get_text_draft (session), ==, "typed");
        g_assert_true (bloom_session_get_detail_open (session, "model"));
      }

  /* Step 2 (query i) from the end: the false positive again, counted once. */
  g_assert_true (bloom_lecture_replay_to (lecture, session, 2, &error));
  g_assert_cmpint (last_outcome (session), ==, BLOOM_OUTCOME_FALSE_POSITIVE);
  g_assert_cmpuint (bloom_session_get_false_positives (session), ==, 1);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 1);
}

/* Version 1 reads forever: every action, at the ends of its ranges. */
static void
test_fixture_v1 (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "lecture-v1.bloomlab-lecture", NULL);
  g_autoptr(BloomLecture) lecture = read_lecture (path);
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  BloomLectureStep *step;
  g_autofree char *caption = NULL;
  BloomLectureAction action;

  g_assert_cmpuint (bloom_lecture_get_n_steps (lecture), ==, 14);
  step = bloom_lecture_get_step (lecture, 0);
  g_assert_cmpint (bloom_lecture_step_get_action (step), ==, BLOOM_LECTURE_ACTION_NONE);
  g_object_get (step, "caption", &caption, NULL);
  g_assert_cmpstr (caption, ==, "A step with only a caption");
  step = bloom_lecture_get_step (lecture, 2);
  g_assert_cmpstr (bloom_lecture_step_get_text (step), ==, "Grüße 🌸");
  step = bloom_lecture_get_step (lecture, 5);
  g_object_get (step, "action", &action, NULL);
  g_assert_cmpint (action, ==, BLOOM_LECTURE_ACTION_RESET);
  step = bloom_lecture_get_step (lecture, 7);
  g_assert_cmpint (bloom_lecture_step_get_action (step), ==, BLOOM_LECTURE_ACTION_CLOSE);
  g_assert_cmpstr (bloom_lecture_step_get_section (step), ==, "model");
  step = bloom_lecture_get_step (lecture, 9);
  g_assert_cmpint (bloom_lecture_step_get_action (step), ==, BLOOM_LECTURE_ACTION_STEP);
  g_assert_cmpuint (bloom_lecture_step_get_position (step), ==, 2);
  step = bloom_lecture_get_step (lecture, 10);
  g_assert_cmpuint (bloom_lecture_step_get_zoom (step), ==, 150);
  step = bloom_lecture_get_step (lecture, 12);
  g_assert_cmpint (bloom_lecture_step_get_action (step), ==, BLOOM_LECTURE_ACTION_SWEEP);
  g_assert_cmpuint (bloom_lecture_step_get_n_samples (step), ==, 100000);
  g_assert_cmpuint (bloom_lecture_step_get_length (step), ==, 256);
  g_assert_cmpuint (bloom_lecture_step_get_seed (step), ==, BLOOM_LECTURE_SEED_MAX);
  g_assert_null (bloom_lecture_step_get_caption (bloom_lecture_get_step (lecture, 13)));

  /* After the reset, only the query of "a" counts. */
  g_assert_true (bloom_lecture_replay_to (lecture, session, 13, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (session)), ==, 16);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 0);
  g_assert_cmpint (last_outcome (session), ==, BLOOM_OUTCOME_DEFINITELY_ABSENT);
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, 1);
}

static void
test_refusals (void)
{
  static const struct
  {
    const char *steps;
    int code;
    const char *message;
  } cases[] = {
    { "{\"create\": {\"m\": 8, \"k\": 1}}, {\"insert\": \"a\"}, {}, {}, {}, {}, {\"create\": {\"m\": 4, \"k\": 1}}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 7: m must be between 8 and 1024." },
    { "{\"create\": {\"m\": 1025, \"k\": 1}}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: m must be between 8 and 1024." },
    { "{\"create\": {\"m\": 8, \"k\": 13}}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: k must be between 1 and 12." },
    { "{\"create\": {\"m\": 8.5, \"k\": 1}}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: m must be a whole number." },
    { "{\"create\": {\"m\": 8}}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: “create” needs “k”." },
    { "{\"create\": {\"m\": 8, \"k\": 1, \"n\": 3}}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: “create” has no member “n”." },
    { "{\"create\": 8}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: “create” must be an object." },
    { "{\"create\": {\"m\": 8, \"k\": 1}}, {\"delete\": \"a\"}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 2: “delete” is not an action Bloom Lab knows." },
    { "{\"none\": true}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: “none” is not an action Bloom Lab knows." },
    { "{\"create\": {\"m\": 8, \"k\": 1}}, {\"insert\": \"a\", \"query\": \"b\"}",
      BLOOM_ERROR_LECTURE_INVALID_STEP,
      "Step 2: it has two actions, “insert” and “query”; a step has at most one." },
    { "{\"create\": {\"m\": 8, \"k\": 1}}, {\"insert\": \"\"}",
      BLOOM_ERROR_LECTURE_INVALID_STEP,
      "Step 2: “insert” must be from 1 to 256 characters (UTF-16 units) long." },
    { "{\"create\": {\"m\": 8, \"k\": 1}}, {\"query\": 3}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 2: “query” must be text." },
    { "{\"say\": \"\"}",
      BLOOM_ERROR_LECTURE_INVALID_STEP,
      "Step 1: “say” must be from 1 to 256 characters (UTF-16 units) long." },
    { "{\"open\": \"rate-plot\"}",
      BLOOM_ERROR_LECTURE_INVALID_STEP,
      "Step 1: “rate-plot” is not a section; the sections are hash-positions, model, rate-by-k, entries, experiment." },
    { "{\"close\": \"Model\"}",
      BLOOM_ERROR_LECTURE_INVALID_STEP,
      "Step 1: “Model” is not a section; the sections are hash-positions, model, rate-by-k, entries, experiment." },
    { "{\"zoom\": 120}",
      BLOOM_ERROR_LECTURE_INVALID_STEP,
      "Step 1: zoom must be one of the zoom steps in percent: 50, 67, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300." },
    { "{\"zoom\": 400}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: zoom must be between 50 and 300." },
    { "{\"step\": 0}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: step must be between 1 and 12." },
    { "{\"example\": false}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: “example” must be true." },
    { "{\"reset\": 1}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: “reset” must be true." },
    { "{\"experiment\": {\"samples\": 99, \"length\": 8, \"seed\": 1}}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: samples must be between 100 and 100000." },
    { "{\"sweep\": {\"samples\": 100, \"length\": 257, \"seed\": 1}}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: length must be between 1 and 256." },
    { "{\"sweep\": {\"samples\": 100, \"length\": 8, \"seed\": -1}}",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: seed must be between 0 and 999999999999999999." },
    { "\"insert\"",
      BLOOM_ERROR_LECTURE_INVALID_STEP, "Step 1: a step must be an object, such as { \"insert\": \"a\" }." },
    /* Refused when read, not when played: the lecture is played once. */
    { "{\"say\": \"hello\"}, {\"insert\": \"a\"}",
      BLOOM_ERROR_NO_FILTER, "Step 2: No filter is active. Create a filter first." },
    { "", BLOOM_ERROR_IMPORT_INVALID_FIELD,
      "The field “steps” is invalid: a lecture needs at least one step." },
  };
  g_autofree char *long_text = g_strnfill (257, 'x');
  g_autofree char *long_step = g_strdup_printf ("{\"create\": {\"m\": 8, \"k\": 1}}, {\"query\": \"%s\"}",
                                                long_text);
  /* 128 characters outside the BMP: 256 units, the most. */
  g_autoptr(GString) astral = g_string_new ("{\"create\": {\"m\": 8, \"k\": 1}}, {\"query\": \"");
  g_autoptr(GError) error = NULL;
  g_autoptr(BloomLecture) lecture = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_refused (cases[i].steps, cases[i].code, cases[i].message);

  assert_refused (long_step, BLOOM_ERROR_LECTURE_INVALID_STEP,
                  "Step 2: “query” must be from 1 to 256 characters (UTF-16 units) long.");

  for (guint i = 0; i < 128; i++)
    g_string_append (astral, "🌸");
  g_string_append (astral, "\"}]}");
  g_string_prepend (astral, "{\"format\": \"bloom-lab-lecture\", \"version\": 1, \"steps\": [");
  lecture = bloom_lecture_new_from_data (astral->str, astral->len, &error);
  g_assert_no_error (error);
  g_assert_nonnull (lecture);
  g_clear_object (&lecture);
  g_string_truncate (astral, astral->len - 4);
  g_string_append (astral, "x\"}]}");
  assert_document_refused (astral->str, astral->len, BLOOM_ERROR_LECTURE_INVALID_STEP,
                           "Step 2: “query” must be from 1 to 256 characters (UTF-16 units) long.");
}

static void
test_document_refusals (void)
{
  assert_document_refused ("{\"format\": \"bloom-lab\", \"version\": 1, \"steps\": [{}]}", -1,
                           BLOOM_ERROR_IMPORT_WRONG_FORMAT,
                           "The file is JSON, but not a Bloom Lab lecture. "
                           "Choose a lecture file (.bloomlab-lecture).");
  assert_document_refused ("[]", -1, BLOOM_ERROR_IMPORT_WRONG_FORMAT, NULL);
  assert_document_refused ("{\"format\": \"bloom-lab-lecture\", \"version\": 2, \"steps\": [{}]}", -1,
                           BLOOM_ERROR_IMPORT_UNSUPPORTED_VERSION,
                           "The lecture was written in format version 2, for a newer Bloom Lab; "
                           "this one reads versions up to 1. Update Bloom Lab to play it.");
  assert_document_refused ("{\"format\": \"bloom-lab-lecture\", \"version\": 0, \"steps\": [{}]}", -1,
                           BLOOM_ERROR_IMPORT_INVALID_FIELD,
                           "The field “version” is invalid: format versions start at 1.");
  assert_document_refused ("{\"format\": \"bloom-lab-lecture\", \"steps\": [{}]}", -1,
                           BLOOM_ERROR_IMPORT_INVALID_FIELD, "The field “version” is missing.");
  assert_document_refused ("{\"format\": \"bloom-lab-lecture\", \"version\": 1}", -1,
                           BLOOM_ERROR_IMPORT_INVALID_FIELD, "The field “steps” is missing.");
  assert_document_refused ("{\"format\": \"bloom-lab-lecture\", \"version\": 1, \"steps\": {}}", -1,
                           BLOOM_ERROR_IMPORT_INVALID_FIELD,
                           "The field “steps” is invalid: it must be a list.");
  assert_document_refused ("{\"format\": \"bloom-lab-lecture\", \"version\": 1, \"steps\": [{}], "
                           "\"author\": \"me\"}", -1,
                           BLOOM_ERROR_IMPORT_INVALID_FIELD,
                           "The field “author” is invalid: it is not part of a Bloom Lab lecture.");
  assert_document_refused ("{\"format\": \"bloom-lab-lecture\", \"version\": 1, \"steps\": [{}], "
                           "\"title\": \"\"}", -1,
                           BLOOM_ERROR_IMPORT_INVALID_FIELD,
                           "The field “title” is invalid: it must be from 1 to 256 characters "
                           "(UTF-16 units) long.");
  assert_document_refused ("{\"format\": \"bloom-lab-lecture\", \"version\": 1, \"steps\": [{}], "
                           "\"title\": null}", -1,
                           BLOOM_ERROR_IMPORT_INVALID_FIELD,
                           "The field “title” is invalid: it must be text.");
  assert_document_refused ("", 0, BLOOM_ERROR_IMPORT_NOT_JSON, NULL);
  assert_document_refused (NULL, 0, BLOOM_ERROR_IMPORT_NOT_JSON, NULL);
}

/* The caps of an import: size, nesting, number of values, UTF-8. */
static void
test_caps (void)
{
  static const char head[] = "{\"format\": \"bloom-lab-lecture\", \"version\": 1, \"steps\": [";
  g_autoptr(GString) document = g_string_new (head);
  g_autofree char *huge = NULL;
  g_autofree char *deep = NULL;
  g_autofree char *bad_utf8 = NULL;
  gsize huge_len = 8 * MIB + 1;

  /* One byte over the cap, spaces after a valid lecture. */
  huge = g_malloc (huge_len);
  memset (huge, ' ', huge_len);
  memcpy (huge, "{\"format\": \"bloom-lab-lecture\", \"version\": 1, \"steps\": [{}]}", 59);
  assert_document_refused (huge, huge_len, BLOOM_ERROR_IMPORT_TOO_LARGE, NULL);
  assert_document_refused (huge, 8 * MIB, BLOOM_ERROR_IMPORT_NOT_JSON, NULL);

  /* Nesting in a step's object, deeper than a session may nest. */
  g_string_append (document, "{\"say\": \"deep\", \"x\": ");
  for (guint i = 0; i < 40; i++)
    g_string_append_c (document, '[');
  for (guint i = 0; i < 40; i++)
    g_string_append_c (document, ']');
  g_string_append (document, "}]}");
  deep = g_string_free (g_steal_pointer (&document), FALSE);
  assert_document_refused (deep, -1, BLOOM_ERROR_IMPORT_TOO_DEEP, NULL);

  /* More values than a session ever holds: 3000 empty steps. */
  document = g_string_new (head);
  for (guint i = 0; i < 3000; i++)
    g_string_append (document, i > 0 ? ", {}" : "{}");
  g_string_append (document, "]}");
  assert_document_refused (document->str, document->len, BLOOM_ERROR_IMPORT_TOO_LARGE, NULL);

  bad_utf8 = g_strdup_printf ("%s{\"say\": \"caf\xe9\"}]}", head);
  assert_document_refused (bad_utf8, -1, BLOOM_ERROR_IMPORT_NOT_JSON, NULL);
}

/* A step that cannot be played on the session it is given says which,
 * and leaves the session as it was. */
static void
test_apply_refused (void)
{
  g_autoptr(BloomLecture) lecture = read_example ();
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = session_state (session);
  g_autofree char *after = NULL;

  g_assert_false (bloom_lecture_apply_step (lecture, 1, session, &error));
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_NO_FILTER);
  g_assert_cmpstr (error->message, ==, "Step 2: No filter is active. Create a filter first.");
  after = session_state (session);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 0);
}

/* The action of two steps, and each of its values, is the same. */
static void
assert_same_step_action (BloomLectureStep *a,
                         BloomLectureStep *b)
{
  g_assert_cmpint (bloom_lecture_step_get_action (a), ==, bloom_lecture_step_get_action (b));
  g_assert_cmpuint (bloom_lecture_step_get_m (a), ==, bloom_lecture_step_get_m (b));
  g_assert_cmpuint (bloom_lecture_step_get_k (a), ==, bloom_lecture_step_get_k (b));
  g_assert_cmpstr (bloom_lecture_step_get_text (a), ==, bloom_lecture_step_get_text (b));
  g_assert_cmpstr (bloom_lecture_step_get_section (a), ==, bloom_lecture_step_get_section (b));
  g_assert_cmpuint (bloom_lecture_step_get_position (a), ==, bloom_lecture_step_get_position (b));
  g_assert_cmpuint (bloom_lecture_step_get_zoom (a), ==, bloom_lecture_step_get_zoom (b));
  g_assert_cmpuint (bloom_lecture_step_get_n_samples (a), ==, bloom_lecture_step_get_n_samples (b));
  g_assert_cmpuint (bloom_lecture_step_get_length (a), ==, bloom_lecture_step_get_length (b));
  g_assert_cmpuint (bloom_lecture_step_get_seed (a), ==, bloom_lecture_step_get_seed (b));
}

/* Every value of two steps is the same. */
static void
assert_same_step (BloomLectureStep *a,
                  BloomLectureStep *b)
{
  assert_same_step_action (a, b);
  g_assert_cmpstr (bloom_lecture_step_get_caption (a), ==, bloom_lecture_step_get_caption (b));
}

/* @lecture written and read back: the same title and steps, and the same
 * text when written again. */
static void
assert_round_trip (BloomLecture *lecture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BloomLecture) again = NULL;
  g_autofree char *json = NULL;
  g_autofree char *json_again = NULL;
  gsize len = 0;

  json = bloom_lecture_to_json (lecture, &len);
  g_assert_cmpuint (len, ==, strlen (json));
  g_test_message ("%s", json);
  again = bloom_lecture_new_from_data (json, len, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (bloom_lecture_get_title (again), ==, bloom_lecture_get_title (lecture));
  g_assert_cmpuint (bloom_lecture_get_n_steps (again), ==, bloom_lecture_get_n_steps (lecture));
  for (guint i = 0; i < bloom_lecture_get_n_steps (lecture); i++)
    assert_same_step (bloom_lecture_get_step (lecture, i), bloom_lecture_get_step (again, i));
  json_again = bloom_lecture_to_json (again, NULL);
  g_assert_cmpstr (json_again, ==, json);
}

/* What is read is written back to the same lecture: the fixture of
 * version 1 (every action) and the example. */
static void
test_round_trip_read (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "lecture-v1.bloomlab-lecture", NULL);
  g_autoptr(BloomLecture) fixture = read_lecture (path);
  g_autoptr(BloomLecture) example = read_example ();
  g_autofree char *json = bloom_lecture_to_json (example, NULL);

  assert_round_trip (fixture);
  assert_round_trip (example);

  /* "say" first, then the action, indented: as a lecturer writes it. */
  g_assert_nonnull (strstr (json, "\"format\" : \"bloom-lab-lecture\",\n  \"version\" : 1,"));
  g_assert_nonnull (strstr (json, "\"say\" : \"Eight bits, one hash position per string\",\n"
                                  "      \"create\" : {\n"));
}

/* A lecture as "Record Lecture" builds it, captions filled in after. */
static void
test_build (void)
{
  g_autoptr(GPtrArray) steps = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(BloomLecture) lecture = NULL;
  g_autoptr(BloomLecture) example = read_example ();
  g_autoptr(BloomSession) built = bloom_session_new ();
  g_autoptr(BloomSession) read = bloom_session_new ();
  g_autoptr(BloomLectureStep) plain = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *built_state = NULL;
  g_autofree char *read_state = NULL;
  g_autofree char *json = NULL;
  BloomLectureStep *step;

  g_ptr_array_add (steps, bloom_lecture_step_new_create (8, 1));
  g_ptr_array_add (steps, bloom_lecture_step_new_text (BLOOM_LECTURE_ACTION_INSERT, "a"));
  g_ptr_array_add (steps, bloom_lecture_step_new_text (BLOOM_LECTURE_ACTION_QUERY, "i"));
  g_ptr_array_add (steps, bloom_lecture_step_new_position (1));
  g_ptr_array_add (steps, bloom_lecture_step_new_section (BLOOM_LECTURE_ACTION_OPEN, "rate-by-k"));
  g_ptr_array_add (steps, bloom_lecture_step_new_section (BLOOM_LECTURE_ACTION_CLOSE, "entries"));
  g_ptr_array_add (steps, bloom_lecture_step_new_zoom (67));
  g_ptr_array_add (steps, bloom_lecture_step_new (BLOOM_LECTURE_ACTION_EXAMPLE));
  g_ptr_array_add (steps, bloom_lecture_step_new (BLOOM_LECTURE_ACTION_RESET));
  g_ptr_array_add (steps, bloom_lecture_step_new_sample (BLOOM_LECTURE_ACTION_EXPERIMENT, 100, 1, 0));
  g_ptr_array_add (steps, bloom_lecture_step_new_sample (BLOOM_LECTURE_ACTION_SWEEP, 100000, 256,
                                                         BLOOM_LECTURE_SEED_MAX));
  plain = bloom_lecture_step_new (BLOOM_LECTURE_ACTION_NONE);
  /* U+001F, which json-glib would write raw, and a character outside the BMP. */
  g_ptr_array_add (steps, bloom_lecture_step_copy_with_caption (plain, "The end \x1f 🌸"));
  /* Captions filled in later: the copy keeps every value of the action. */
  for (guint i = 2; i < steps->len - 1; i++)
    {
      step = g_ptr_array_index (steps, i);
      g_ptr_array_index (steps, i) = bloom_lecture_step_copy_with_caption (step, "i was never inserted");
      assert_same_step_action (step, g_ptr_array_index (steps, i));
      g_object_unref (step);
    }

  lecture = bloom_lecture_new ("Recorded", (BloomLectureStep **) steps->pdata, steps->len, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (bloom_lecture_get_title (lecture), ==, "Recorded");
  g_assert_cmpuint (bloom_lecture_get_n_steps (lecture), ==, steps->len);
  for (guint i = 0; i < steps->len; i++)
    assert_same_step (g_ptr_array_index (steps, i), bloom_lecture_get_step (lecture, i));
  /* Copied: the lecture holds steps of its own. */
  g_assert_true (bloom_lecture_get_step (lecture, 0) != g_ptr_array_index (steps, 0));
  g_assert_cmpstr (bloom_lecture_step_get_caption (bloom_lecture_get_step (lecture, 11)), ==,
                   "The end \x1f 🌸");
  g_assert_null (bloom_lecture_step_get_caption (plain));
  assert_round_trip (lecture);
  /* Escaped, as strict readers want it, not written raw. */
  json = bloom_lecture_to_json (lecture, NULL);
  g_assert_nonnull (strstr (json, "\"The end \\u001f 🌸\""));

  /* Step 3 replays as the example's step 3 does. */
  g_assert_true (bloom_lecture_replay_to (lecture, built, 2, &error));
  g_assert_true (bloom_lecture_replay_to (example, read, 2, &error));
  g_assert_no_error (error);
  built_state = session_state (built);
  read_state = session_state (read);
  g_assert_cmpstr (built_state, ==, read_state);

  /* An empty caption is none; so is an empty title. */
  step = bloom_lecture_step_copy_with_caption (g_ptr_array_index (steps, 2), "");
  g_assert_null (bloom_lecture_step_get_caption (step));
  g_assert_cmpstr (bloom_lecture_step_get_text (step), ==, "i");
  g_clear_object (&lecture);
  lecture = bloom_lecture_new ("", &step, 1, &error);
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_NO_FILTER);
  g_assert_cmpstr (error->message, ==, "Step 1: No filter is active. Create a filter first.");
  g_assert_null (lecture);
  g_clear_error (&error);
  g_object_unref (step);
  lecture = bloom_lecture_new ("", (BloomLectureStep **) steps->pdata, 1, &error);
  g_assert_no_error (error);
  g_assert_null (bloom_lecture_get_title (lecture));
}

/* What "Record Lecture" may build but no lecture may hold is refused as
 * reading it would be. */
static void
test_build_refusals (void)
{
  g_autoptr(GPtrArray) steps = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(BloomLectureStep) create = bloom_lecture_step_new_create (16, 2);
  g_autofree char *long_caption = g_strnfill (257, 'x');
  g_autofree char *long_title = g_strnfill (257, 'x');
  g_autoptr(BloomLecture) lecture = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (steps, g_object_ref (create));
  g_ptr_array_add (steps, bloom_lecture_step_copy_with_caption (create, long_caption));
  lecture = bloom_lecture_new (NULL, (BloomLectureStep **) steps->pdata, steps->len, &error);
  g_assert_null (lecture);
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_LECTURE_INVALID_STEP);
  g_assert_cmpstr (error->message, ==, "Step 2: “say” must be from 1 to 256 characters (UTF-16 units) long.");
  g_clear_error (&error);

  lecture = bloom_lecture_new (NULL, NULL, 0, &error);
  g_assert_null (lecture);
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INVALID_FIELD);
  g_assert_cmpstr (error->message, ==, "The field “steps” is invalid: a lecture needs at least one step.");
  g_clear_error (&error);

  lecture = bloom_lecture_new (long_title, &create, 1, &error);
  g_assert_null (lecture);
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INVALID_FIELD);
  g_clear_error (&error);

  /* More steps than the values a document may hold. */
  g_ptr_array_set_size (steps, 0);
  for (guint i = 0; i < BLOOM_STATE_MAX_VALUES; i++)
    g_ptr_array_add (steps, bloom_lecture_step_new_zoom (100));
  lecture = bloom_lecture_new (NULL, (BloomLectureStep **) steps->pdata, steps->len, &error);
  g_assert_null (lecture);
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_TOO_LARGE);
}

/* One step on a session of the caller's: only the session's actions act,
 * and a refusal is the session's own, without a step number. */
static void
test_step_apply (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomLectureStep) query = bloom_lecture_step_new_text (BLOOM_LECTURE_ACTION_QUERY, "a");
  g_autoptr(BloomLectureStep) create = bloom_lecture_step_new_create (32, 3);
  g_autoptr(BloomLectureStep) zoom = bloom_lecture_step_new_zoom (300);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  g_assert_false (bloom_lecture_step_apply (query, session, &error));
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_NO_FILTER);
  g_assert_cmpstr (error->message, ==, "No filter is active. Create a filter first.");
  g_clear_error (&error);

  g_assert_true (bloom_lecture_step_apply (create, session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (session)), ==, 32);
  g_assert_cmpstr (bloom_session_get_k_draft (session), ==, "3");

  before = session_state (session);
  g_assert_true (bloom_lecture_step_apply (zoom, session, &error));
  g_assert_false (bloom_lecture_step_changes_session (zoom));
  after = session_state (session);
  g_assert_cmpstr (before, ==, after);

  g_assert_true (bloom_lecture_step_apply (query, session, &error));
  g_assert_cmpint (last_outcome (session), ==, BLOOM_OUTCOME_DEFINITELY_ABSENT);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lecture/example/reads", test_example_reads);
  g_test_add_func ("/lecture/example/replay", test_example_replay);
  g_test_add_func ("/lecture/replay-to", test_replay_to);
  g_test_add_func ("/lecture/fixture/v1", test_fixture_v1);
  g_test_add_func ("/lecture/refusals/steps", test_refusals);
  g_test_add_func ("/lecture/refusals/document", test_document_refusals);
  g_test_add_func ("/lecture/refusals/caps", test_caps);
  g_test_add_func ("/lecture/apply-refused", test_apply_refused);
  g_test_add_func ("/lecture/step-apply", test_step_apply);
  g_test_add_func ("/lecture/round-trip/read", test_round_trip_read);
  g_test_add_func ("/lecture/build", test_build);
  g_test_add_func ("/lecture/build/refusals", test_build_refusals);

  return g_test_run ();
}
