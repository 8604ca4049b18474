/* test-store.c — the session store on its own (SPEC P1, P2, P4): the
 * document file and the copy before it, the drafts in GSettings, failed
 * writes, the limit, the key of 0.1.0 and the recovery file. No display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND

#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "bloom-session-store.h"
#include "storage-fixture.h"
#include "test-util.h"
#include "test-isolation.h"

#define CURRENT    BLOOM_SESSION_STORE_CURRENT_NAME
#define PREVIOUS   BLOOM_SESSION_STORE_PREVIOUS_NAME
#define UNREADABLE BLOOM_SESSION_STORE_UNREADABLE_NAME
#define RECOVERY   BLOOM_SESSION_STORE_RECOVERY_NAME

/* The memory backend (GSETTINGS_BACKEND in tests/meson.build). */
static GSettings *settings;

typedef struct
{
  char              *dir;
  GFile             *directory;
  BloomSession      *session;
  BloomSessionStore *store;
} Fixture;

static void
reset_settings (GSettings *target)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (target, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (target, keys[i]);
}

/* A store as the app makes it, in a directory of its own. */
static void
open_store (Fixture *fixture)
{
  fixture->session = bloom_session_new ();
  fixture->store = bloom_session_store_new_for_directory (fixture->session, settings,
                                                          fixture->directory);
}

/* Asynchronous work holds references for a while after its callback ran:
 * a write or a removal holds the store until a main-loop turn later, and
 * a file parsed in GIO's worker holds the session until that thread lets
 * its task go. Let it finish, then the object must go. */
static void
release_object (gpointer object_ptr)
{
  GObject **object = object_ptr;
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while ((*object)->ref_count > 1 && g_get_monotonic_time () < end)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  g_assert_finalize_object (g_steal_pointer (object));
}

static gboolean
directory_holds_file (Fixture    *fixture,
                      const char *name)
{
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static void
close_store (Fixture *fixture)
{
  release_object (&fixture->store);
  release_object (&fixture->session);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  reset_settings (settings);
  fixture->dir = fixture_make_directory ();
  fixture->directory = g_file_new_for_path (fixture->dir);
  open_store (fixture);
  g_assert_true (bloom_session_store_restore (fixture->store, NULL));
  g_assert_cmpint (bloom_session_store_get_loaded_copy (fixture->store), ==, BLOOM_STORED_COPY_NONE);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  if (fixture->store != NULL)
    release_object (&fixture->store);
  if (fixture->session != NULL)
    release_object (&fixture->session);
  g_clear_object (&fixture->directory);
  fixture_remove_directory (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* Exactly these names, in any order: no temporary file, nothing else. */
static void
assert_directory_holds (const char *dir,
                        const char *first_name,
                        ...)
{
  g_auto(GStrv) names = fixture_list_directory (dir);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) expected = NULL;
  g_autofree char *names_text = NULL;
  g_autofree char *expected_text = NULL;
  va_list args;

  va_start (args, first_name);
  for (const char *name = first_name; name != NULL; name = va_arg (args, const char *))
    g_strv_builder_add (builder, name);
  va_end (args);
  expected = g_strv_builder_end (builder);
  qsort (expected, g_strv_length (expected), sizeof (char *), compare_names);

  names_text = g_strjoinv (" ", names);
  expected_text = g_strjoinv (" ", expected);
  g_assert_cmpstr (names_text, ==, expected_text);
}

static void
insert (BloomSession *session,
        const char   *text)
{
  g_autoptr(GError) error = NULL;

  if (bloom_session_get_filter (session) == NULL)
    {
      bloom_session_create_filter (session, 64, 3, &error);
      g_assert_no_error (error);
    }
  g_assert_nonnull (bloom_session_insert (session, text, -1, &error));
  g_assert_no_error (error);
}

/* What the session file holds: the filter only (SPEC P1). */
static char *
session_json (BloomSession *session)
{
  return bloom_state_to_json_full (session, BLOOM_STATE_FLAGS_FILTER_ONLY, NULL);
}

/* The current copy loads, and is @session's document. */
static void
assert_stored (Fixture      *fixture,
               BloomSession *session)
{
  g_autofree char *stored = fixture_read (fixture->dir, CURRENT, NULL);
  g_autofree char *expected = session_json (session);

  g_assert_cmpstr (stored, ==, expected);
}

static void
settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
count_notify (gpointer  object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

typedef struct
{
  const char *dir;
  const char *expected;
  gboolean    done;
} Watch;

static gboolean
check_current (gpointer user_data)
{
  Watch *watch = user_data;
  g_autofree char *current = fixture_read (watch->dir, CURRENT, NULL);

  watch->done = g_strcmp0 (current, watch->expected) == 0;

  return watch->done ? G_SOURCE_REMOVE : G_SOURCE_CONTINUE;
}

/* Runs the main loop, nothing else, until the current copy is @expected. */
static void
wait_for_current (Fixture    *fixture,
                  const char *expected)
{
  Watch watch = { fixture->dir, expected, FALSE };
  guint source = g_timeout_add (10, check_current, &watch);

  fixture_run_until (&watch.done, 10);
  g_assert_null (g_main_context_find_source_by_id (NULL, source));
  /* The file is in place once GIO's worker renamed it; the store hears of
   * it a main-loop turn later, and holds a reference until then. */
  while (G_OBJECT (fixture->store)->ref_count > 1)
    g_main_context_iteration (NULL, TRUE);
}

/* The delay gathers changes and then stores them, with nobody calling
 * save_now() or flush(). */
static void
test_timer_stores (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *expected = NULL;

  insert (fixture->session, "kiwi");
  insert (fixture->session, "fig");
  expected = session_json (fixture->session);
  g_assert_null (fixture_read (fixture->dir, CURRENT, NULL));

  wait_for_current (fixture, expected);
  /* The first store leaves no empty "session.json~" (issue 24). */
  assert_directory_holds (fixture->dir, CURRENT, NULL);
}

/* What is pending when the store goes is stored as it goes. */
static void
test_dispose_stores_pending (Fixture       *fixture,
                             gconstpointer  data)
{
  insert (fixture->session, "kiwi");
  bloom_session_set_text_draft (fixture->session, "still typing");
  g_assert_finalize_object (g_steal_pointer (&fixture->store));

  assert_stored (fixture, fixture->session);
  {
    g_autofree char *draft = g_settings_get_string (settings, "text-draft");

    g_assert_cmpstr (draft, ==, "still typing");
  }
}

/* A stored entry: only the last operation changes, to the same each time. */
static void
query_first_entry (BloomSession *session)
{
  gsize len = 0;
  const char *first = bloom_session_get_entry (session, 0, &len);
  guint negative = bloom_session_get_negative_queries (session);

  g_assert_nonnull (bloom_session_query (session, first, len, NULL));
  g_assert_cmpuint (bloom_session_get_negative_queries (session), ==, negative);
}

static gsize
stored_chars (BloomSession *session)
{
  gsize len = 0;
  g_autofree char *json = bloom_state_to_json_full (session, BLOOM_STATE_FLAGS_FILTER_ONLY, &len);

  return bloom_state_count_chars (json, len);
}

/* A stored document of exactly @units UTF-16 units: entries fill what
 * the session leaves, each of characters outside ASCII (é: 1 unit, 2
 * bytes) and adding its units and 3 (quotes and comma). The query of the
 * first entry afterwards puts the last operation back as it was, and
 * marks the session changed. */
static void
fill_to (BloomSession *session,
         gsize         units)
{
  gsize now = stored_chars (session);

  g_assert_cmpuint (now, <=, units);
  while (now < units)
    {
      gsize left = units - now;
      /* An entry is 1 to 256 units; whatever it leaves must fit another. */
      gsize n = left - 3 <= BLOOM_TEXT_MAX_UNITS ? left - 3 : MIN (BLOOM_TEXT_MAX_UNITS, left - 3 - 4);
      g_autoptr(GString) text = g_string_new (NULL);

      g_assert_cmpuint (left, >=, 4);
      g_string_printf (text, "f%04u", bloom_session_get_n_entries (session));
      g_assert_cmpuint (n, >=, text->len);
      for (gsize i = text->len; i < n; i++)
        g_string_append (text, "é");
      g_assert_nonnull (bloom_session_insert (session, text->str, -1, NULL));
      query_first_entry (session);
      now = stored_chars (session);
    }
  g_assert_cmpuint (now, ==, units);
}

/* Entries of about 190 units, past @below units in all, the last
 * operation a query of the first one. */
static void
build_large_session (BloomSession *session,
                     gsize         below)
{
  g_autoptr(GError) error = NULL;

  bloom_session_create_filter (session, 1024, 12, &error);
  g_assert_no_error (error);
  for (guint i = 0; ; i++)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      if (stored_chars (session) > below)
        break;
      g_string_printf (text, "entry %04u", i);
      for (guint j = 0; j < 8; j++)
        g_string_append (text, " ünïcödé 😀 中文 padding");
      g_assert_nonnull (bloom_session_insert (session, text->str, -1, &error));
    }
  query_first_entry (session);
}

/* SPEC P2 counts UTF-16 units: exactly 100000 is stored, 100001 is not and
 * leaves the copy before as it was; back under the limit, the session is
 * stored again and the notice goes. */
static void
test_limit_is_exact (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *at_limit = NULL;
  g_autofree char *stored = NULL;
  guint n_unsaved_notify = 0;

  g_signal_connect (fixture->store, "notify::unsaved", G_CALLBACK (count_notify), &n_unsaved_notify);
  build_large_session (fixture->session, BLOOM_STATE_MAX_STORED_CHARS - 2000);

  fill_to (fixture->session, BLOOM_STATE_MAX_STORED_CHARS);
  bloom_session_store_flush (fixture->store);
  g_assert_false (bloom_session_store_get_unsaved (fixture->store));
  g_assert_cmpuint (bloom_session_store_get_unsaved_chars (fixture->store), ==, 0);
  assert_stored (fixture, fixture->session);
  at_limit = fixture_read (fixture->dir, CURRENT, NULL);
  g_assert_cmpuint (bloom_state_count_chars (at_limit, -1), ==, BLOOM_STATE_MAX_STORED_CHARS);

  /* Built again to one unit more, with no write between. */
  bloom_session_reset (fixture->session);
  build_large_session (fixture->session, BLOOM_STATE_MAX_STORED_CHARS - 2000);
  fill_to (fixture->session, BLOOM_STATE_MAX_STORED_CHARS + 1);
  bloom_session_store_flush (fixture->store);
  g_assert_true (bloom_session_store_get_unsaved (fixture->store));
  g_assert_cmpuint (bloom_session_store_get_unsaved_chars (fixture->store), ==,
                    BLOOM_STATE_MAX_STORED_CHARS + 1);
  g_assert_cmpuint (n_unsaved_notify, ==, 1);
  stored = fixture_read (fixture->dir, CURRENT, NULL);
  g_assert_cmpstr (stored, ==, at_limit);

  /* The drafts are not in the document (SPEC P1): typing changes nothing
   * of what is measured. */
  bloom_session_set_text_draft (fixture->session, "still over");
  bloom_session_store_flush (fixture->store);
  g_assert_true (bloom_session_store_get_unsaved (fixture->store));
  g_assert_cmpuint (n_unsaved_notify, ==, 1);

  /* A reset: the notice goes, the small session is stored. */
  bloom_session_reset (fixture->session);
  bloom_session_set_text_draft (fixture->session, "");
  bloom_session_store_flush (fixture->store);
  g_assert_false (bloom_session_store_get_unsaved (fixture->store));
  assert_stored (fixture, fixture->session);
}

/* A write that fails half-way (no space) never touches the stored copy
 * or the one before it, leaves no temporary file and says why at once;
 * the next change stores and clears it. */
static void
test_write_fails_half_way (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autofree char *current_before = NULL;
  g_autofree char *previous_before = NULL;
  g_autofree char *current_after = NULL;
  g_autofree char *previous_after = NULL;
  gsize current_len = 0, previous_len = 0, len = 0;
  guint n_notify = 0;

  insert (fixture->session, "kiwi");
  bloom_session_store_flush (fixture->store);
  insert (fixture->session, "fig");
  bloom_session_store_flush (fixture->store);
  current_before = fixture_read (fixture->dir, CURRENT, &current_len);
  previous_before = fixture_read (fixture->dir, PREVIOUS, &previous_len);
  g_assert_nonnull (previous_before);

  g_signal_connect (fixture->store, "notify::write-error", G_CALLBACK (count_notify), &n_notify);
  bloom_session_store_set_stream_filter (fixture->store, test_failing_stream_filter,
                                         GSIZE_TO_POINTER (current_len / 2));
  insert (fixture->session, "date");
  bloom_session_store_flush (fixture->store);

  g_assert_cmpuint (n_notify, ==, 1);
  g_assert_nonnull (strstr (bloom_session_store_get_write_error (fixture->store), "No space"));
  current_after = fixture_read (fixture->dir, CURRENT, &len);
  g_assert_cmpmem (current_after, len, current_before, current_len);
  previous_after = fixture_read (fixture->dir, PREVIOUS, &len);
  g_assert_cmpmem (previous_after, len, previous_before, previous_len);
  assert_directory_holds (fixture->dir, CURRENT, PREVIOUS, NULL);

  /* Space again: the next change stores it all. */
  bloom_session_store_set_stream_filter (fixture->store, NULL, NULL);
  insert (fixture->session, "lime");
  bloom_session_store_flush (fixture->store);
  g_assert_null (bloom_session_store_get_write_error (fixture->store));
  g_assert_cmpuint (n_notify, ==, 2);
  assert_stored (fixture, fixture->session);
  assert_directory_holds (fixture->dir, CURRENT, PREVIOUS, NULL);
}

/* A failed write is not taken for done: quitting (a flush, no change
 * since) writes it, and so does retry(). */
static void
test_failed_write_is_retried (Fixture       *fixture,
                              gconstpointer  data)
{
  insert (fixture->session, "kiwi");
  bloom_session_store_flush (fixture->store);

  bloom_session_store_set_stream_filter (fixture->store, test_failing_stream_filter,
                                         GSIZE_TO_POINTER (10));
  insert (fixture->session, "fig");
  bloom_session_store_flush (fixture->store);
  g_assert_nonnull (bloom_session_store_get_write_error (fixture->store));
  bloom_session_store_retry (fixture->store);
  bloom_session_store_flush (fixture->store);
  g_assert_nonnull (bloom_session_store_get_write_error (fixture->store));

  bloom_session_store_set_stream_filter (fixture->store, NULL, NULL);
  bloom_session_store_flush (fixture->store);
  g_assert_null (bloom_session_store_get_write_error (fixture->store));
  assert_stored (fixture, fixture->session);

  bloom_session_store_set_stream_filter (fixture->store, test_failing_stream_filter,
                                         GSIZE_TO_POINTER (10));
  insert (fixture->session, "date");
  bloom_session_store_flush (fixture->store);
  g_assert_nonnull (bloom_session_store_get_write_error (fixture->store));
  bloom_session_store_set_stream_filter (fixture->store, NULL, NULL);
  bloom_session_store_retry (fixture->store);
  bloom_session_store_flush (fixture->store);
  g_assert_null (bloom_session_store_get_write_error (fixture->store));
  assert_stored (fixture, fixture->session);
}

/* The very first write failing leaves no file at all: not half a
 * document, not the empty file that stood in for it. */
static void
test_first_write_fails (Fixture       *fixture,
                        gconstpointer  data)
{
  bloom_session_store_set_stream_filter (fixture->store, test_failing_stream_filter,
                                         GSIZE_TO_POINTER (10));
  insert (fixture->session, "kiwi");
  bloom_session_store_flush (fixture->store);
  g_assert_nonnull (bloom_session_store_get_write_error (fixture->store));
  assert_directory_holds (fixture->dir, NULL);
}

/* Each save keeps the copy before it; a current copy that cannot be read
 * falls back to it, is kept for the user, and the window can say which
 * copy it loaded and why. */
static void
test_previous_copy (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *first = NULL;
  g_autofree char *loaded = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *current = NULL;
  g_autoptr(GError) error = NULL;
  const char *broken = "{\"format\": \"bloom-lab\", \"version\": 1, \"filter\"";

  insert (fixture->session, "kiwi");
  bloom_session_store_flush (fixture->store);
  first = session_json (fixture->session);
  insert (fixture->session, "fig");
  bloom_session_store_flush (fixture->store);
  {
    g_autofree char *previous = fixture_read (fixture->dir, PREVIOUS, NULL);

    g_assert_cmpstr (previous, ==, first);
  }
  close_store (fixture);

  fixture_write (fixture->dir, CURRENT, broken);
  open_store (fixture);
  g_assert_false (bloom_session_store_restore (fixture->store, &error));
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_NOT_JSON);
  g_assert_cmpint (bloom_session_store_get_loaded_copy (fixture->store), ==,
                   BLOOM_STORED_COPY_PREVIOUS);
  g_assert_nonnull (strstr (bloom_session_store_get_unreadable_message (fixture->store),
                            "not valid JSON"));
  loaded = session_json (fixture->session);
  g_assert_cmpstr (loaded, ==, first);
  copy = bloom_session_store_dup_unreadable_copy (fixture->store);
  g_assert_cmpstr (copy, ==, broken);
  kept = fixture_read (fixture->dir, UNREADABLE, NULL);
  g_assert_cmpstr (kept, ==, broken);
  /* The current copy is a good one again before anything else is
   * written, stored as every write is (it waits its turn, and expects the
   * broken copy), and the copy before stays. */
  bloom_session_store_flush (fixture->store);
  current = fixture_read (fixture->dir, CURRENT, NULL);
  g_assert_cmpstr (current, ==, first);
  {
    g_autofree char *previous = fixture_read (fixture->dir, PREVIOUS, NULL);

    g_assert_cmpstr (previous, ==, first);
  }

  bloom_session_store_dismiss_unreadable (fixture->store);
  g_assert_null (bloom_session_store_get_unreadable_message (fixture->store));
  insert (fixture->session, "date");
  bloom_session_store_flush (fixture->store);
  assert_stored (fixture, fixture->session);
  g_clear_pointer (&kept, g_free);
  kept = fixture_read (fixture->dir, UNREADABLE, NULL);
  g_assert_cmpstr (kept, ==, broken);
}

/* With no copy before it, the app starts empty, and says so. */
static void
test_unreadable_without_previous (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *copy = NULL;
  g_autoptr(GError) error = NULL;
  const char *future = "{\"format\": \"bloom-lab\", \"version\": 7}";

  close_store (fixture);
  fixture_write (fixture->dir, CURRENT, future);
  open_store (fixture);
  g_assert_false (bloom_session_store_restore (fixture->store, &error));
  g_assert_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_UNSUPPORTED_VERSION);
  g_assert_cmpint (bloom_session_store_get_loaded_copy (fixture->store), ==, BLOOM_STORED_COPY_NONE);
  g_assert_nonnull (strstr (bloom_session_store_get_unreadable_message (fixture->store), "version 7"));
  g_assert_null (bloom_session_get_filter (fixture->session));
  copy = bloom_session_store_dup_unreadable_copy (fixture->store);
  g_assert_cmpstr (copy, ==, future);
}

/* An empty current copy is what an interrupted first write leaves: not
 * an error, nothing was stored. So is a leftover temporary file of GIO,
 * which goes. */
static void
test_leftovers (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  close_store (fixture);
  fixture_write (fixture->dir, CURRENT, "");
  fixture_write (fixture->dir, ".goutputstream-AB12CD", "{\"format\": \"bloom");
  open_store (fixture);
  g_assert_true (bloom_session_store_restore (fixture->store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (bloom_session_store_get_loaded_copy (fixture->store), ==, BLOOM_STORED_COPY_NONE);
  g_assert_null (bloom_session_store_get_unreadable_message (fixture->store));
  assert_directory_holds (fixture->dir, CURRENT, NULL);

  insert (fixture->session, "kiwi");
  bloom_session_store_flush (fixture->store);
  assert_stored (fixture, fixture->session);
}

/* A directory that is not there is made at the first write. */
static void
test_makes_directory (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (fixture->dir, "state", "bloom-lab", NULL);
  g_autoptr(GFile) directory = g_file_new_for_path (dir);
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSessionStore) store = bloom_session_store_new_for_directory (session, settings,
                                                                              directory);
  g_autofree char *stored = NULL;
  g_autofree char *expected = NULL;

  insert (session, "kiwi");
  bloom_session_store_flush (store);
  g_assert_null (bloom_session_store_get_write_error (store));
  stored = fixture_read (dir, CURRENT, NULL);
  expected = session_json (session);
  g_assert_cmpstr (stored, ==, expected);
}

/* SPEC P1: drafts and open details live in GSettings, bound to the
 * session both ways; the stored file holds the filter only (version 2),
 * and the drafts a stored file of version 1 carries are left out. */
static void
test_drafts_in_settings (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GSettings) other = g_settings_new (APPLICATION_ID);

  bloom_session_set_m_draft (fixture->session, "12x");
  bloom_session_set_text_draft (fixture->session, "tab\there");
  bloom_session_set_detail_open (fixture->session, "model", TRUE);
  insert (fixture->session, "kiwi");
  bloom_session_store_save_now (fixture->store);
  {
    g_autofree char *m = g_settings_get_string (other, "m-draft");
    g_autofree char *text = g_settings_get_string (other, "text-draft");
    g_auto(GStrv) open = g_settings_get_strv (other, "open-details");

    g_assert_cmpstr (m, ==, "12x");
    g_assert_cmpstr (text, ==, "tab\there");
    g_assert_cmpuint (g_strv_length (open), ==, 1);
    g_assert_cmpstr (open[0], ==, "model");
  }

  /* Changed elsewhere (dconf-editor, another GSettings): the session
   * follows, key by key. */
  g_settings_set_string (other, "m-draft", "8");
  settle ();
  g_assert_cmpstr (bloom_session_get_m_draft (fixture->session), ==, "8");
  g_settings_set_string (other, "k-draft", "7");
  settle ();
  g_assert_cmpstr (bloom_session_get_k_draft (fixture->session), ==, "7");
  g_settings_set_string (other, "text-draft", "from elsewhere");
  settle ();
  g_assert_cmpstr (bloom_session_get_text_draft (fixture->session), ==, "from elsewhere");
  g_settings_set_strv (other, "open-details", (const char * const[]) { "hash-positions", NULL });
  settle ();
  g_assert_true (bloom_session_get_detail_open (fixture->session, "hash-positions"));
  g_assert_false (bloom_session_get_detail_open (fixture->session, "model"));
  g_settings_set_string (other, "m-draft", "12x");
  bloom_session_store_flush (fixture->store);
  close_store (fixture);

  /* Typed after the last document was written: the settings have it. */
  g_settings_set_string (other, "text-draft", "typed later");
  open_store (fixture);
  g_assert_true (bloom_session_store_restore (fixture->store, NULL));
  g_assert_cmpint (bloom_session_store_get_loaded_copy (fixture->store), ==,
                   BLOOM_STORED_COPY_CURRENT);
  g_assert_cmpuint (bloom_session_get_n_entries (fixture->session), ==, 1);
  g_assert_cmpstr (bloom_session_get_m_draft (fixture->session), ==, "12x");
  g_assert_cmpstr (bloom_session_get_k_draft (fixture->session), ==, "7");
  g_assert_cmpstr (bloom_session_get_text_draft (fixture->session), ==, "typed later");
  g_assert_true (bloom_session_get_detail_open (fixture->session, "hash-positions"));
  g_assert_false (bloom_session_get_detail_open (fixture->session, "model"));
  {
    g_autofree char *stored = fixture_read (fixture->dir, CURRENT, NULL);

    g_assert_null (strstr (stored, "drafts"));
    g_assert_nonnull (strstr (stored, "\"version\":2"));
  }
  close_store (fixture);

  /* A stored file of version 1 (SPEC P4): its filter loads, its drafts
   * do not replace the settings'. */
  {
    g_autofree char *v1 = test_read_data_file ("state-v1.json", NULL);

    fixture_write (fixture->dir, CURRENT, v1);
  }
  open_store (fixture);
  g_assert_true (bloom_session_store_restore (fixture->store, NULL));
  g_assert_cmpint (bloom_session_store_get_loaded_copy (fixture->store), ==,
                   BLOOM_STORED_COPY_CURRENT);
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (fixture->session)), ==, 64);
  g_assert_cmpstr (bloom_session_get_text_draft (fixture->session), ==, "typed later");
  g_assert_true (bloom_session_get_detail_open (fixture->session, "hash-positions"));
  g_assert_false (bloom_session_get_detail_open (fixture->session, "model"));
}

/* Where nothing must be kept: a store over a memory backend and a
 * directory of its own, which goes with it; it stores as any store does. */
static void
test_scratch (void)
{
  g_autoptr(GSettings) user = g_settings_new (APPLICATION_ID);
  BloomSessionStore *store = bloom_session_store_new_scratch ();
  BloomSession *session = bloom_session_store_get_session (store);
  GSettings *scratch_settings = bloom_session_store_get_settings (store);
  g_autoptr(GFile) directory = NULL;
  g_autoptr(GFile) current = NULL;
  g_autofree char *user_m = NULL;
  g_autofree char *scratch_m = NULL;

  g_object_get (store, "directory", &directory, NULL);
  current = g_file_get_child (directory, CURRENT);
  g_assert_cmpstr (bloom_session_get_m_draft (session), ==, "64");

  bloom_session_set_m_draft (session, "99");
  insert (session, "kiwi");
  bloom_session_store_flush (store);
  g_assert_true (g_file_query_exists (current, NULL));
  scratch_m = g_settings_get_string (scratch_settings, "m-draft");
  g_assert_cmpstr (scratch_m, ==, "99");
  user_m = g_settings_get_string (user, "m-draft");
  g_assert_cmpstr (user_m, ==, "64");

  g_assert_finalize_object (store);
  g_assert_false (g_file_query_exists (directory, NULL));
}

/* SPEC P4: the key "session" of 0.1.0, as its keyfile backend (a Flatpak)
 * wrote it, is read once, moved to the file, and the key cleared. */
static void
test_legacy_key_moves (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *fixture_path = g_test_build_filename (G_TEST_DIST, "data", "legacy-0.1.0.keyfile", NULL);
  g_autofree char *keyfile_path = g_build_filename (fixture->dir, "keyfile", NULL);
  g_autofree char *keyfile_text = NULL;
  g_autofree char *legacy = NULL;
  g_autofree char *state_dir = g_build_filename (fixture->dir, "state", NULL);
  g_autoptr(GFile) state = g_file_new_for_path (state_dir);
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) keyfile_settings = NULL;
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSession) expected = bloom_session_new ();
  g_autoptr(BloomSessionStore) store = NULL;
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected_json = NULL;
  g_autofree char *loaded_json = NULL;

  g_file_get_contents (fixture_path, &keyfile_text, NULL, &error);
  g_assert_no_error (error);
  g_file_set_contents (keyfile_path, keyfile_text, -1, &error);
  g_assert_no_error (error);
  g_key_file_load_from_data (keyfile, keyfile_text, -1, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  legacy = g_key_file_get_value (keyfile, "io/github/bloomlab/BloomLab", "session", &error);
  g_assert_no_error (error);
  {
    g_autoptr(GVariant) value = g_variant_parse (G_VARIANT_TYPE_STRING, legacy, NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_true (bloom_state_load_json (expected, g_variant_get_string (value, NULL), -1, &error));
    g_assert_no_error (error);
  }

  backend = g_keyfile_settings_backend_new (keyfile_path, "/", NULL);
  g_object_get (settings, "settings-schema", &schema, NULL);
  keyfile_settings = g_settings_new_full (schema, backend, NULL);
  store = bloom_session_store_new_for_directory (session, keyfile_settings, state);
  g_assert_true (bloom_session_store_restore (store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (bloom_session_store_get_loaded_copy (store), ==, BLOOM_STORED_COPY_LEGACY);
  expected_json = session_json (expected);
  loaded_json = session_json (session);
  g_assert_cmpstr (loaded_json, ==, expected_json);
  g_assert_cmpstr (bloom_session_get_text_draft (session), ==,
                   bloom_session_get_text_draft (expected));
  bloom_session_store_flush (store);

  /* In the file, the drafts in their keys, the old key empty on disk. */
  {
    g_autofree char *stored = fixture_read (state_dir, CURRENT, NULL);
    g_autofree char *text_draft = g_settings_get_string (keyfile_settings, "text-draft");
    g_autofree char *old = g_settings_get_string (keyfile_settings, "session");
    g_autofree char *on_disk = NULL;

    g_assert_cmpstr (stored, ==, expected_json);
    g_assert_cmpstr (text_draft, ==, bloom_session_get_text_draft (expected));
    g_assert_cmpstr (old, ==, "");
    g_file_get_contents (keyfile_path, &on_disk, NULL, &error);
    g_assert_no_error (error);
    g_assert_null (strstr (on_disk, "session="));
    g_assert_nonnull (strstr (on_disk, "text-draft="));
  }
  g_assert_finalize_object (g_steal_pointer (&store));

  /* Read once: the next start loads the file. */
  store = bloom_session_store_new_for_directory (session, keyfile_settings, state);
  g_assert_true (bloom_session_store_restore (store, NULL));
  g_assert_cmpint (bloom_session_store_get_loaded_copy (store), ==, BLOOM_STORED_COPY_CURRENT);
  g_assert_finalize_object (g_steal_pointer (&store));
}

/* An unreadable key of 0.1.0 is kept like an unreadable file. */
static void
test_legacy_key_unreadable (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *copy = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *old = NULL;
  const char *broken = "{\"format\": \"bloom-lab\", \"version\": 1, \"filter\"";

  close_store (fixture);
  g_settings_set_string (settings, "session", broken);
  open_store (fixture);
  g_assert_false (bloom_session_store_restore (fixture->store, NULL));
  g_assert_cmpint (bloom_session_store_get_loaded_copy (fixture->store), ==, BLOOM_STORED_COPY_NONE);
  g_assert_nonnull (strstr (bloom_session_store_get_unreadable_message (fixture->store),
                            "not valid JSON"));
  copy = bloom_session_store_dup_unreadable_copy (fixture->store);
  g_assert_cmpstr (copy, ==, broken);
  kept = fixture_read (fixture->dir, UNREADABLE, NULL);
  g_assert_cmpstr (kept, ==, broken);
  old = g_settings_get_string (settings, "session");
  g_assert_cmpstr (old, ==, "");
}

static gboolean
check_gone (gpointer user_data)
{
  Watch *watch = user_data;
  g_autofree char *path = g_build_filename (watch->dir, watch->expected, NULL);

  watch->done = !g_file_test (path, G_FILE_TEST_EXISTS);

  return watch->done ? G_SOURCE_REMOVE : G_SOURCE_CONTINUE;
}

/* Deleting runs in GIO's worker; the main loop runs until it is done. */
static void
wait_until_gone (Fixture    *fixture,
                 const char *name)
{
  Watch watch = { fixture->dir, name, FALSE };

  g_timeout_add (10, check_gone, &watch);
  fixture_run_until (&watch.done, 10);
}

static void
recovery_restored (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (bloom_session_store_restore_recovery_finish (BLOOM_SESSION_STORE (object),
                                                              result, &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

/* A quit signal with a session over the limit: the stored copy stays as
 * SPEC P2 says, the whole session goes to the recovery file, and the next
 * start offers it back. */
static void
test_recovery (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *stored_before = NULL;
  g_autofree char *stored_after = NULL;
  g_autofree char *full = NULL;
  g_autofree char *recovered = NULL;
  gboolean done = FALSE;
  guint export_id;

  insert (fixture->session, "kiwi");
  bloom_session_store_flush (fixture->store);
  stored_before = fixture_read (fixture->dir, CURRENT, NULL);

  bloom_session_reset (fixture->session);
  build_large_session (fixture->session, BLOOM_STATE_MAX_STORED_CHARS);
  /* The recovery file holds the whole session, drafts too. */
  full = bloom_state_to_json (fixture->session, NULL);
  g_assert_true (bloom_session_store_flush_for_exit (fixture->store));
  g_assert_true (bloom_session_store_get_unsaved (fixture->store));
  stored_after = fixture_read (fixture->dir, CURRENT, NULL);
  g_assert_cmpstr (stored_after, ==, stored_before);
  recovered = fixture_read (fixture->dir, RECOVERY, NULL);
  g_assert_cmpstr (recovered, ==, full);
  assert_directory_holds (fixture->dir, CURRENT, RECOVERY, NULL);
  close_store (fixture);

  /* Offered, not forced: the stored copy is what loads. */
  open_store (fixture);
  g_assert_true (bloom_session_store_restore (fixture->store, NULL));
  g_assert_true (bloom_session_store_get_recovery_available (fixture->store));
  g_assert_cmpuint (bloom_session_get_n_entries (fixture->session), ==, 1);
  bloom_session_store_restore_recovery_async (fixture->store, NULL, recovery_restored, &done);
  fixture_run_until (&done, 10);
  g_clear_pointer (&recovered, g_free);
  recovered = bloom_state_to_json (fixture->session, NULL);
  g_assert_cmpstr (recovered, ==, full);
  g_assert_false (bloom_session_store_get_recovery_available (fixture->store));
  bloom_session_store_flush (fixture->store);
  g_assert_true (bloom_session_store_get_unsaved (fixture->store));
  /* Restored but still too large to store: the file stays (issue 24),
   * and the next start offers it again. */
  g_clear_pointer (&recovered, g_free);
  recovered = fixture_read (fixture->dir, RECOVERY, NULL);
  g_assert_cmpstr (recovered, ==, full);
  close_store (fixture);
  open_store (fixture);
  g_assert_true (bloom_session_store_restore (fixture->store, NULL));
  g_assert_true (bloom_session_store_get_recovery_available (fixture->store));
  g_assert_cmpint (bloom_session_store_get_recovery_reason (fixture->store), ==,
                   BLOOM_RECOVERY_REASON_TOO_LARGE);
  done = FALSE;
  bloom_session_store_restore_recovery_async (fixture->store, NULL, recovery_restored, &done);
  fixture_run_until (&done, 10);
  /* Once the restored session is stored, the file goes. */
  bloom_session_reset (fixture->session);
  insert (fixture->session, "fig");
  bloom_session_store_flush (fixture->store);
  g_assert_false (bloom_session_store_get_unsaved (fixture->store));
  g_assert_false (directory_holds_file (fixture, RECOVERY));
  close_store (fixture);

  /* Discarded, it is gone and the session is as stored. */
  fixture_write (fixture->dir, RECOVERY, full);
  open_store (fixture);
  g_assert_true (bloom_session_store_restore (fixture->store, NULL));
  g_assert_true (bloom_session_store_get_recovery_available (fixture->store));
  bloom_session_store_discard_recovery (fixture->store);
  g_assert_false (bloom_session_store_get_recovery_available (fixture->store));
  wait_until_gone (fixture, RECOVERY);
  g_assert_cmpuint (bloom_session_get_n_entries (fixture->session), ==, 1);

  /* Exported once restored: the file goes too. */
  fixture_write (fixture->dir, RECOVERY, full);
  close_store (fixture);
  open_store (fixture);
  g_assert_true (bloom_session_store_restore (fixture->store, NULL));
  done = FALSE;
  bloom_session_store_restore_recovery_async (fixture->store, NULL, recovery_restored, &done);
  fixture_run_until (&done, 10);
  g_assert_true (directory_holds_file (fixture, RECOVERY));
  bloom_session_store_session_exported (fixture->store);
  g_assert_false (directory_holds_file (fixture, RECOVERY));

  /* An export begun before Restore holds the session Restore replaced:
   * written after it, the file stays; one begun after it, it goes. */
  fixture_write (fixture->dir, RECOVERY, full);
  close_store (fixture);
  open_store (fixture);
  g_assert_true (bloom_session_store_restore (fixture->store, NULL));
  export_id = bloom_session_store_begin_export (fixture->store);
  done = FALSE;
  bloom_session_store_restore_recovery_async (fixture->store, NULL, recovery_restored, &done);
  fixture_run_until (&done, 10);
  bloom_session_store_export_written (fixture->store, export_id);
  g_assert_true (directory_holds_file (fixture, RECOVERY));
  export_id = bloom_session_store_begin_export (fixture->store);
  bloom_session_store_export_written (fixture->store, export_id);
  g_assert_false (directory_holds_file (fixture, RECOVERY));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  test_isolate_environment ();
  g_test_init (&argc, &argv, NULL);

  settings = g_settings_new (APPLICATION_ID);

#define ADD(path, func) \
  g_test_add ("/store/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("timer-stores", test_timer_stores);
  ADD ("dispose-stores-pending", test_dispose_stores_pending);
  ADD ("limit-is-exact", test_limit_is_exact);
  ADD ("write-fails-half-way", test_write_fails_half_way);
  ADD ("failed-write-is-retried", test_failed_write_is_retried);
  ADD ("first-write-fails", test_first_write_fails);
  ADD ("previous-copy", test_previous_copy);
  ADD ("unreadable-without-previous", test_unreadable_without_previous);
  ADD ("leftovers", test_leftovers);
  ADD ("makes-directory", test_makes_directory);
  ADD ("drafts-in-settings", test_drafts_in_settings);
  ADD ("legacy-key-moves", test_legacy_key_moves);
  ADD ("legacy-key-unreadable", test_legacy_key_unreadable);
  ADD ("recovery", test_recovery);
#undef ADD
  g_test_add_func ("/store/scratch", test_scratch);

  status = g_test_run ();
  g_clear_object (&settings);

  return status;
}
