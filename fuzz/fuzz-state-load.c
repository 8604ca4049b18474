/* fuzz-state-load.c — bloom_state_load_json() on arbitrary bytes
 *
 * The bytes are loaded into a session that holds a known, non-trivial
 * state. ARCHITECTURE.md promises that a failed load leaves the session
 * exactly as it was and reports a BLOOM_ERROR with a message a user can
 * act on; a successful load must give a session whose document loads
 * again to the very same document. Anything else aborts, and libFuzzer
 * (or fuzz-driver.c) reports the input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bloom-model.h"
#include "fuzz-target.h"

static BloomSession *session;
static char *known_json;
static gsize known_len;
static gboolean known_can_undo;
static guint n_changed;
static guint n_notify;

static void
on_changed (BloomSession *self,
            gpointer      user_data)
{
  n_changed++;
}

static void
on_notify (GObject    *object,
           GParamSpec *pspec,
           gpointer    user_data)
{
  n_notify++;
}

static void
must (gboolean    ok,
      GError     *error,
      const char *what)
{
  if (!ok)
    g_error ("%s failed: %s", what, error != NULL ? error->message : "(no error)");
}

/* Drafts, open details, entries with escapes, combining marks, astral
 * characters and U+001F, counters, and a query as the last operation:
 * every part of the document is there to be lost by a faulty load. */
static void
set_known_state (BloomSession *self)
{
  static const char * const entries[] = {
    "apple", "Apple", "\xc3\xa9", "e\xcc\x81", "\xf0\x9f\x8c\xb8 bloom",
    "tab\there", "say \"hi\" \\ bye", "bell\a", "\x1f", "\xe5\xb8\x83\xe9\x9a\x86",
  };
  static const char * const queries[] = { "pear", "plum", "APPLE" };
  g_autoptr(GError) error = NULL;

  bloom_session_set_m_draft (self, "64");
  bloom_session_set_k_draft (self, "3");
  bloom_session_set_text_draft (self, "\xf0\x9f\x8c\xb7\ttulip\x1f");
  bloom_session_set_detail_open (self, "model", TRUE);

  must (bloom_session_create_filter (self, 64, 3, &error), error, "create_filter");
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    must (bloom_session_insert (self, entries[i], -1, &error) != NULL, error, "insert");
  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    must (bloom_session_query (self, queries[i], -1, &error) != NULL, error, "query");
}

static void
setup (void)
{
  /* Under libFuzzer G_DEBUG is not set; a critical from a precondition
   * is a fault all the same. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);

  session = bloom_session_new ();
  set_known_state (session);
  known_json = bloom_state_to_json (session, &known_len);
  known_can_undo = bloom_session_get_can_undo (session);

  if (bloom_session_get_filter (session) == NULL ||
      bloom_session_get_n_entries (session) < 10 ||
      bloom_session_get_negative_queries (session) == 0 ||
      bloom_session_get_last_operation (session) == NULL)
    g_error ("the known state is not what it should be: %s", known_json);

  g_signal_connect (session, "changed", G_CALLBACK (on_changed), NULL);
  g_signal_connect (session, "notify", G_CALLBACK (on_notify), NULL);
}

static void
check_same_document (const char *expected,
                     gsize       expected_len,
                     const char *actual,
                     gsize       actual_len,
                     const char *what)
{
  if (expected_len != actual_len || memcmp (expected, actual, expected_len) != 0)
    g_error ("%s:\nexpected %s\nactual   %s", what, expected, actual);
}

/* The document written after a successful load must load again, into a
 * fresh session, to the very same document, compact or indented. */
static void
check_round_trip (const char *json,
                  gsize       len)
{
  g_autoptr(BloomSession) fresh = bloom_session_new ();
  g_autoptr(BloomSession) fresh_pretty = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *again = NULL;
  g_autofree char *pretty = NULL;
  g_autofree char *again_pretty = NULL;
  gsize again_len, pretty_len, again_pretty_len;

  if (!bloom_state_load_json (fresh, json, len, &error))
    g_error ("a document the program wrote does not load: %s\n%s", error->message, json);
  again = bloom_state_to_json (fresh, &again_len);
  check_same_document (json, len, again, again_len, "the document changed on a round trip");

  pretty = bloom_state_to_json_full (session, BLOOM_STATE_FLAGS_PRETTY, &pretty_len);
  if (!bloom_state_load_json (fresh_pretty, pretty, pretty_len, &error))
    g_error ("an indented document the program wrote does not load: %s\n%s",
          error->message, pretty);
  again_pretty = bloom_state_to_json (fresh_pretty, &again_pretty_len);
  check_same_document (json, len, again_pretty, again_pretty_len,
                       "the document changed on a round trip through the indented form");
}

/* What a load gives may not depend on what the session held before. */
static void
check_fresh_load (const char *input,
                  gsize       input_len,
                  const char *json,
                  gsize       len)
{
  g_autoptr(BloomSession) fresh = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *loaded = NULL;
  gsize loaded_len;

  if (!bloom_state_load_json (fresh, input, input_len, &error))
    g_error ("the input loads into a session with state but not into a new one: %s",
          error->message);
  loaded = bloom_state_to_json (fresh, &loaded_len);
  check_same_document (json, len, loaded, loaded_len,
                       "the input loads differently into a new session");
}

static void
restore_known_state (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  gsize len;

  if (!bloom_state_load_json (session, known_json, known_len, &error))
    g_error ("the known state does not load: %s", error->message);
  json = bloom_state_to_json (session, &len);
  check_same_document (known_json, known_len, json, len, "the known state did not come back");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  const char *input;
  gsize after_len;
  gboolean loaded;

  if (session == NULL)
    setup ();

  /* The contract allows NULL for an empty text; use it. */
  input = size > 0 ? (const char *) data : NULL;

  n_changed = 0;
  n_notify = 0;
  loaded = bloom_state_load_json (session, input, size, &error);
  after = bloom_state_to_json (session, &after_len);

  if (!loaded)
    {
      if (error == NULL)
        g_error ("the load failed without an error");
      if (error->domain != BLOOM_ERROR)
        g_error ("the error is not in BLOOM_ERROR: %s (%s %d)", error->message,
              g_quark_to_string (error->domain), error->code);
      if (error->code < BLOOM_ERROR_IMPORT_NOT_JSON)
        g_error ("the error has code %d, not one of an import: %s", error->code, error->message);
      if (error->message == NULL || error->message[0] == '\0' ||
          !g_utf8_validate (error->message, -1, NULL))
        g_error ("the error has no readable message (code %d)", error->code);

      check_same_document (known_json, known_len, after, after_len,
                           "a failed load changed the session");
      if (n_changed != 0 || n_notify != 0)
        g_error ("a failed load emitted %u \"changed\" and %u \"notify\" (%s)",
              n_changed, n_notify, error->message);
      if (bloom_session_get_can_undo (session) != known_can_undo)
        g_error ("a failed load changed what can be undone (%s)", error->message);

      return 0;
    }

  if (error != NULL)
    g_error ("the load succeeded and set an error: %s", error->message);
  if (n_changed != 1)
    g_error ("a successful load emitted \"changed\" %u times", n_changed);

  check_round_trip (after, after_len);
  check_fresh_load (input, size, after, after_len);
  restore_known_state ();

  return 0;
}
