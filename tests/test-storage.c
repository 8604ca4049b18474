/* test-storage.c — SPEC P1–P5 through the real window: the session file
 * in a state directory of the test's own, the drafts in GSettings (the
 * memory backend), export and import
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "bloom-quit-dialog.h"
#include "bloom-session-store.h"
#include "bloom-value-label.h"
#include "bloom-window.h"
#include "storage-fixture.h"
#include "test-isolation.h"
#include "window-child.h"

static GSettings *settings;
/* g_get_user_state_dir()/bloom-lab, under a temporary XDG_STATE_HOME. */
static char *store_dir;

static GtkWidget *
child (BloomWindow *window,
       const char  *name)
{
  return window_child (GTK_WIDGET (window), name);
}

static const char *
label_text (BloomWindow *window,
            const char  *name)
{
  GtkWidget *widget = child (window, name);

  if (BLOOM_IS_VALUE_LABEL (widget))
    return bloom_value_label_get_text (BLOOM_VALUE_LABEL (widget));

  return gtk_label_get_text (GTK_LABEL (widget));
}

static const char *
field_text (BloomWindow *window,
            const char  *name)
{
  return gtk_editable_get_text (GTK_EDITABLE (child (window, name)));
}

/* A file of the store, or NULL if it is not there. */
static char *
read_stored (const char *name)
{
  return fixture_read (store_dir, name, NULL);
}

static void
write_stored (const char *name,
              const char *contents)
{
  g_assert_cmpint (g_mkdir_with_parents (store_dir, 0700), ==, 0);
  fixture_write (store_dir, name, contents);
}

/* g_assert_cmpstr() on a file of the store, freeing what it read. */
#define assert_stored(name, cmp, expected)               \
  G_STMT_START {                                         \
    g_autofree char *value_ = read_stored (name);        \
    g_assert_cmpstr (value_, cmp, expected);             \
  } G_STMT_END

static void
settle (void)
{
  for (guint i = 0; i < 1000 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}

static gboolean
timed_out (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;

  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @done says so, for at most ten seconds. */
static void
wait_until (gboolean (*done) (BloomWindow *window),
            BloomWindow *window)
{
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (10, timed_out, &expired);

  while (!done (window) && !expired)
    g_main_context_iteration (NULL, TRUE);

  g_assert_false (expired);
  g_source_remove (timeout);
}

static gboolean
file_message_shown (BloomWindow *window)
{
  return gtk_revealer_get_reveal_child (GTK_REVEALER (child (window, "file_revealer")));
}

/* A window as the application makes it: the settings, then what is
 * stored. */
static BloomWindow *
open_window (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSessionStore) store = NULL;
  BloomWindow *window;

  store = bloom_session_store_new (session, settings);
  bloom_session_store_restore (store, NULL);

  window = bloom_window_new (NULL, store);
  g_object_ref_sink (window);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  return window;
}

/* Closes the window as the close button does; it must go without asking. */
static void
close_window (BloomWindow *window)
{
  g_autoptr(BloomSession) session = g_object_ref (bloom_window_get_session (window));
  BloomSessionStore *store = NULL;

  g_object_get (window, "store", &store, NULL);
  gtk_window_close (GTK_WINDOW (window));
  settle ();
  g_assert_finalize_object (window);
  g_assert_finalize_object (store);
  g_assert_finalize_object (g_steal_pointer (&session));
}

static void
type_into (BloomWindow *window,
           const char  *field,
           const char  *text)
{
  /* As one edit (see window-fixture.c). */
  g_object_set (gtk_editable_get_delegate (GTK_EDITABLE (child (window, field))), "text", text,
                NULL);
  settle ();
}

static void
activate (BloomWindow *window,
          const char  *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  settle ();
}

static char *
session_json (BloomWindow *window)
{
  return bloom_state_to_json (bloom_window_get_session (window), NULL);
}

/* What the session file holds: the filter only (SPEC P1). */
static char *
stored_json (BloomWindow *window)
{
  return bloom_state_to_json_full (bloom_window_get_session (window),
                                   BLOOM_STATE_FLAGS_FILTER_ONLY, NULL);
}

/* Nothing stored: default settings, and no file the store knows. */
static void
set_up (void)
{
  const char *names[] = {
    BLOOM_SESSION_STORE_CURRENT_NAME, BLOOM_SESSION_STORE_PREVIOUS_NAME,
    BLOOM_SESSION_STORE_UNREADABLE_NAME, BLOOM_SESSION_STORE_RECOVERY_NAME,
    BLOOM_SESSION_STORE_RECOVERY_REASON_NAME, NULL
  };
  GSettingsSchema *schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
  g_settings_schema_unref (schema);

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (store_dir, names[i], NULL);

      g_remove (path);
    }
}

/* P1: everything comes back in a second window, as it was left. */
static void
test_save_and_restore (void)
{
  BloomWindow *window;
  g_autofree char *before = NULL;
  g_autofree char *stored = NULL;
  g_autofree char *after = NULL;
  g_autofree char *verdict = NULL;

  set_up ();
  window = open_window ();
  type_into (window, "m_spin", "128");
  type_into (window, "k_spin", "5");
  activate (window, "filter.create");
  type_into (window, "text_entry", "kiwi");
  activate (window, "filter.insert");
  type_into (window, "text_entry", "fig");
  activate (window, "filter.query");
  type_into (window, "text_entry", "still typing\t…");
  gtk_expander_set_expanded (GTK_EXPANDER (child (window, "positions_expander")), TRUE);
  activate (window, "view.zoom-in");
  activate (window, "view.zoom-in");
  before = session_json (window);
  stored = stored_json (window);
  verdict = g_strdup (label_text (window, "verdict_label"));
  close_window (window);

  assert_stored (BLOOM_SESSION_STORE_CURRENT_NAME, ==, stored);
  g_assert_cmpint (g_settings_get_int (settings, "zoom"), ==, 125);

  window = open_window ();
  after = session_json (window);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (field_text (window, "m_spin"), ==, "128");
  g_assert_cmpstr (field_text (window, "k_spin"), ==, "5");
  /* The spin buttons' values, which assistive technology reads, agree. */
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (child (window, "m_spin"))), ==, 128);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (child (window, "k_spin"))), ==, 5);
  g_assert_cmpstr (field_text (window, "text_entry"), ==, "still typing\t…");
  g_assert_cmpstr (label_text (window, "verdict_label"), ==, verdict);
  g_assert_cmpstr (label_text (window, "operation_text"), ==, "\"fig\"");
  g_assert_true (gtk_expander_get_expanded (GTK_EXPANDER (child (window, "positions_expander"))));
  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (child (window, "details_expander"))));
  g_assert_cmpuint (bloom_window_get_zoom (window), ==, 125);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (child (window, "storage_revealer"))));
  close_window (window);
}

/* P1: drafts are kept as typed, valid or not. */
static void
test_invalid_drafts_come_back (void)
{
  g_autofree char *long_text = g_strnfill (300, 'w');
  BloomWindow *window;

  set_up ();
  window = open_window ();
  type_into (window, "m_spin", "abc");
  type_into (window, "k_spin", "99");
  type_into (window, "text_entry", long_text);
  close_window (window);

  window = open_window ();
  g_assert_cmpstr (field_text (window, "m_spin"), ==, "abc");
  g_assert_cmpstr (field_text (window, "k_spin"), ==, "99");
  g_assert_cmpstr (field_text (window, "text_entry"), ==, long_text);
  g_assert_true (gtk_widget_get_visible (child (window, "m_message")));
  g_assert_true (gtk_widget_get_visible (child (window, "k_message")));
  g_assert_true (gtk_widget_get_visible (child (window, "text_message")));
  g_assert_false (gtk_widget_get_sensitive (child (window, "create_button")));
  close_window (window);
}

static BloomQuitDialog *
find_quit_dialog (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (BLOOM_IS_QUIT_DIALOG (l->data))
      return l->data;

  return NULL;
}

/* P2: over 100000 characters nothing is stored, the old copy stays, the
 * window says so, and quitting asks first. */
static void
test_over_limit (void)
{
  BloomWindow *window;
  BloomSession *session;
  BloomSessionStore *store;
  g_autofree char *stored_before = NULL;
  BloomQuitDialog *dialog;
  const char *notice;

  set_up ();
  window = open_window ();
  session = bloom_window_get_session (window);
  g_object_get (window, "store", &store, NULL);
  type_into (window, "m_spin", "1024");
  type_into (window, "k_spin", "12");
  activate (window, "filter.create");
  bloom_session_store_flush (store);
  stored_before = read_stored (BLOOM_SESSION_STORE_CURRENT_NAME);
  g_assert_nonnull (stored_before);

  for (guint i = 0; i < BLOOM_MAX_ENTRIES; i++)
    {
      g_autofree char *prefix = g_strdup_printf ("%04u", i);
      g_autofree char *fill = g_strnfill (256 - strlen (prefix), 'a' + i % 26);
      g_autofree char *text = g_strconcat (prefix, fill, NULL);

      g_assert_nonnull (bloom_session_insert (session, text, -1, NULL));
    }
  bloom_session_store_flush (store);
  settle ();

  g_assert_true (bloom_session_store_get_unsaved (store));
  g_assert_cmpuint (bloom_session_store_get_unsaved_chars (store), >, BLOOM_STATE_MAX_STORED_CHARS);
  assert_stored (BLOOM_SESSION_STORE_CURRENT_NAME, ==, stored_before);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (child (window, "storage_revealer"))));
  notice = label_text (window, "storage_label");
  g_assert_nonnull (strstr (notice, "100000"));  /* C locale: no grouping */
  g_assert_nonnull (strstr (notice, "Export"));
  g_assert_true (gtk_widget_get_visible (child (window, "storage_export_button")));

  /* Closing asks; Cancel keeps everything. */
  gtk_window_close (GTK_WINDOW (window));
  settle ();
  dialog = find_quit_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  bloom_quit_dialog_respond (dialog, BLOOM_QUIT_RESPONSE_CANCEL);
  settle ();
  g_assert_null (find_quit_dialog ());
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, BLOOM_MAX_ENTRIES);

  /* Quit Anyway closes; the copy stored before is still there. */
  gtk_window_close (GTK_WINDOW (window));
  settle ();
  dialog = find_quit_dialog ();
  g_assert_nonnull (dialog);
  g_object_unref (store);
  g_object_ref (session);
  bloom_quit_dialog_respond (dialog, BLOOM_QUIT_RESPONSE_QUIT);
  settle ();
  g_assert_finalize_object (window);
  g_object_unref (session);
  assert_stored (BLOOM_SESSION_STORE_CURRENT_NAME, ==, stored_before);

  /* Back under the limit, it is stored again and the notice goes. */
  window = open_window ();
  g_assert_nonnull (bloom_session_get_filter (bloom_window_get_session (window)));
  g_assert_cmpuint (bloom_session_get_n_entries (bloom_window_get_session (window)), ==, 0);
  close_window (window);
}

/* Where an unreadable copy can be: the file, or the key of 0.1.0. */
typedef enum { IN_FILE, IN_LEGACY_KEY } Place;

static void
assert_starts_empty_and_keeps (const char *stored,
                               const char *reason,
                               Place       place)
{
  BloomWindow *window;
  BloomSession *session;
  BloomSessionStore *store;

  set_up ();
  if (place == IN_FILE)
    write_stored (BLOOM_SESSION_STORE_CURRENT_NAME, stored);
  else
    g_settings_set_string (settings, "session", stored);

  window = open_window ();
  session = bloom_window_get_session (window);
  g_assert_null (bloom_session_get_filter (session));
  g_assert_cmpstr (field_text (window, "m_spin"), ==, "64");
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (child (window, "storage_revealer"))));
  g_assert_nonnull (strstr (label_text (window, "storage_label"), "could not be read"));
  g_assert_nonnull (strstr (label_text (window, "storage_label"), reason));
  g_assert_true (gtk_widget_get_visible (child (window, "save_copy_button")));
  assert_stored (BLOOM_SESSION_STORE_UNREADABLE_NAME, ==, stored);

  g_object_get (window, "store", &store, NULL);
  {
    g_autofree char *copy = bloom_session_store_dup_unreadable_copy (store);

    g_assert_cmpstr (copy, ==, stored);
  }
  g_object_unref (store);

  activate (window, "session.dismiss-unreadable");
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (child (window, "storage_revealer"))));
  activate (window, "filter.create");
  close_window (window);

  /* The copy outlives the next save of a good session. */
  assert_stored (BLOOM_SESSION_STORE_UNREADABLE_NAME, ==, stored);
  assert_stored (BLOOM_SESSION_STORE_CURRENT_NAME, !=, stored);
  assert_stored (BLOOM_SESSION_STORE_CURRENT_NAME, !=, NULL);
}

/* A stored session that cannot be read never stops the app. */
static void
test_unreadable_stored_session (void)
{
  const char *broken = "{\"format\": \"bloom-lab\", \"version\": 1, \"filter\"";
  const char *future = "{\"format\": \"bloom-lab\", \"version\": 7}";

  assert_starts_empty_and_keeps (broken, "not valid JSON", IN_FILE);
  assert_starts_empty_and_keeps (future, "version 7", IN_FILE);
  assert_starts_empty_and_keeps (broken, "not valid JSON", IN_LEGACY_KEY);
}

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", name, NULL);
}

/* P3: every invalid file is refused with its cause and changes nothing. */
static void
test_invalid_imports (void)
{
  g_autofree char *invalid_dir = data_path ("invalid");
  g_autoptr(GDir) dir = g_dir_open (invalid_dir, 0, NULL);
  g_autofree char *big_path = NULL;
  g_autofree char *before = NULL;
  const char *name;
  BloomWindow *window;
  guint n_files = 0;

  g_assert_nonnull (dir);
  set_up ();
  window = open_window ();
  type_into (window, "m_spin", "64");
  activate (window, "filter.create");
  type_into (window, "text_entry", "kiwi");
  activate (window, "filter.insert");
  type_into (window, "text_entry", "fig");
  activate (window, "filter.query");
  before = session_json (window);

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (invalid_dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *after = NULL;
      g_autofree char *expected_start = g_strdup_printf ("Could not import “%s”: ", name);

      if (!g_str_has_suffix (name, ".json"))
        continue;

      activate (window, "session.dismiss-message");
      bloom_window_import_file (window, file);
      wait_until (file_message_shown, window);
      g_assert_true (g_str_has_prefix (label_text (window, "file_label"), expected_start));
      g_assert_true (gtk_widget_has_css_class (child (window, "file_banner"), "error"));
      after = session_json (window);
      g_assert_cmpstr (after, ==, before);
      n_files++;
    }
  g_assert_cmpuint (n_files, >=, 25);

  /* A file too large is refused before it is read. */
  big_path = g_build_filename (g_get_tmp_dir (), "bloom-lab-test-big.json", NULL);
  {
    g_autoptr(GFile) file = g_file_new_for_path (big_path);
    FILE *big = g_fopen (big_path, "wb");

    g_assert_nonnull (big);
    g_assert_cmpint (fseek (big, 9 * 1024 * 1024, SEEK_SET), ==, 0);
    fputc ('}', big);
    fclose (big);

    activate (window, "session.dismiss-message");
    bloom_window_import_file (window, file);
    wait_until (file_message_shown, window);
    g_assert_nonnull (strstr (label_text (window, "file_label"), "more than any Bloom Lab session"));
    g_unlink (big_path);
  }

  /* A file that is not there. */
  {
    g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent/bloom-lab.json");

    activate (window, "session.dismiss-message");
    bloom_window_import_file (window, file);
    wait_until (file_message_shown, window);
    g_assert_true (g_str_has_prefix (label_text (window, "file_label"), "Could not import"));
  }

  {
    g_autofree char *after = session_json (window);

    g_assert_cmpstr (after, ==, before);
  }
  close_window (window);
}

/* P3, P4: export then import gives back the same document; the fixture of
 * each format version loads. */
static void
test_export_import (void)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "bloom-lab-test-export.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *fixture_path = data_path ("state-v1.json");
  g_autoptr(GFile) fixture = g_file_new_for_path (fixture_path);
  g_autofree char *exported = NULL;
  g_autofree char *imported = NULL;
  g_autofree char *contents = NULL;
  BloomWindow *window;

  set_up ();
  window = open_window ();
  type_into (window, "m_spin", "16");
  type_into (window, "k_spin", "2");
  activate (window, "filter.create");
  activate (window, "filter.example");
  type_into (window, "text_entry", "z\n\"q\"");
  activate (window, "filter.query");
  exported = session_json (window);

  bloom_window_export_file (window, file);
  wait_until (file_message_shown, window);
  g_assert_true (g_str_has_prefix (label_text (window, "file_label"), "Exported the session to"));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "\n  \"format\" : \"bloom-lab\""));
  close_window (window);

  /* Into a window that holds something else. */
  set_up ();
  window = open_window ();
  type_into (window, "m_spin", "8");
  activate (window, "filter.create");
  bloom_window_import_file (window, file);
  wait_until (file_message_shown, window);
  g_assert_true (g_str_has_prefix (label_text (window, "file_label"), "Imported the session from"));
  imported = session_json (window);
  g_assert_cmpstr (imported, ==, exported);
  g_assert_cmpstr (field_text (window, "m_spin"), ==, "16");
  g_assert_cmpstr (label_text (window, "operation_text"), ==, "\"z\\n\\\"q\\\"\"");

  /* The fixture of format version 1 loads forever. */
  activate (window, "session.dismiss-message");
  bloom_window_import_file (window, fixture);
  wait_until (file_message_shown, window);
  g_assert_true (g_str_has_prefix (label_text (window, "file_label"), "Imported"));
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (bloom_window_get_session (window))),
                    ==, 64);
  close_window (window);
  g_unlink (path);
}

/* P5: moving around (details, dialogs) never touches the session. */
static void
test_navigation_keeps_session (void)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  BloomWindow *window;

  set_up ();
  window = open_window ();
  activate (window, "filter.create");
  type_into (window, "text_entry", "kiwi");
  activate (window, "filter.insert");
  before = session_json (window);

  gtk_expander_set_expanded (GTK_EXPANDER (child (window, "details_expander")), TRUE);
  gtk_expander_set_expanded (GTK_EXPANDER (child (window, "details_expander")), FALSE);
  activate (window, "view.zoom-in");
  activate (window, "view.zoom-reset");
  after = session_json (window);
  /* Only the open details are part of the document; they are as before. */
  g_assert_cmpstr (after, ==, before);
  close_window (window);
}

static BloomSessionStore *
window_store (BloomWindow *window)
{
  BloomSessionStore *store = NULL;

  g_object_get (window, "store", &store, NULL);
  g_object_unref (store);  /* the window keeps it */

  return store;
}

static gboolean
banner_shown (BloomWindow *window,
              const char  *revealer)
{
  return gtk_revealer_get_reveal_child (GTK_REVEALER (child (window, revealer)));
}

/* An insert whose storing fails as on a full disk: past 64 bytes, the
 * write fails with "No space left on device". */
static void
insert_on_full_disk (BloomWindow       *window,
                     BloomSessionStore *store)
{
  bloom_session_store_set_stream_filter (store, test_failing_stream_filter, GSIZE_TO_POINTER (64));
  type_into (window, "text_entry", "kiwi");
  activate (window, "filter.insert");
  bloom_session_store_flush (store);
  settle ();
}

/* P1: a write that fails (a full disk) is said at once, with the reason,
 * Try Again and Export; closing asks; the next successful write clears it. */
static void
test_write_error_banner (void)
{
  BloomWindow *window;
  BloomSessionStore *store;
  BloomQuitDialog *dialog;
  g_autofree char *before = NULL;
  g_autofree char *stored = NULL;
  const char *text;

  set_up ();
  window = open_window ();
  store = window_store (window);
  activate (window, "filter.create");
  bloom_session_store_flush (store);
  before = read_stored (BLOOM_SESSION_STORE_CURRENT_NAME);

  insert_on_full_disk (window, store);

  g_assert_true (banner_shown (window, "storage_revealer"));
  text = label_text (window, "storage_label");
  g_assert_nonnull (strstr (text, "could not store the session"));
  g_assert_nonnull (strstr (text, "No space left on device"));
  g_assert_true (gtk_widget_get_visible (child (window, "retry_button")));
  g_assert_true (gtk_widget_get_visible (child (window, "storage_export_button")));
  g_assert_false (gtk_widget_get_visible (child (window, "save_copy_button")));
  assert_stored (BLOOM_SESSION_STORE_CURRENT_NAME, ==, before);

  /* Closing now would lose the insert: it asks, with the reason. */
  gtk_window_close (GTK_WINDOW (window));
  settle ();
  dialog = find_quit_dialog ();
  g_assert_nonnull (dialog);
  bloom_quit_dialog_respond (dialog, BLOOM_QUIT_RESPONSE_CANCEL);
  settle ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));

  /* Space again: Try Again stores it and the banner goes. */
  bloom_session_store_set_stream_filter (store, NULL, NULL);
  activate (window, "session.retry-store");
  bloom_session_store_flush (store);
  settle ();
  g_assert_false (banner_shown (window, "storage_revealer"));
  stored = stored_json (window);
  assert_stored (BLOOM_SESSION_STORE_CURRENT_NAME, ==, stored);
  close_window (window);
}

/* Issue 27: a window that starts with nothing to say builds none of its
 * banners; one is built when it is first shown, the others still not. */
static void
test_banners_built_when_shown (void)
{
  static const char *revealers[] = {
    "storage_revealer", "conflict_revealer", "recovery_revealer", "file_revealer",
  };
  BloomWindow *window;
  BloomSessionStore *store;

  set_up ();
  window = open_window ();
  store = window_store (window);
  for (guint i = 0; i < G_N_ELEMENTS (revealers); i++)
    g_assert_null (gtk_revealer_get_child (GTK_REVEALER (child (window, revealers[i]))));

  activate (window, "filter.create");
  bloom_session_store_flush (store);
  insert_on_full_disk (window, store);

  g_assert_true (banner_shown (window, "storage_revealer"));
  g_assert_nonnull (gtk_revealer_get_child (GTK_REVEALER (child (window, "storage_revealer"))));
  g_assert_nonnull (strstr (label_text (window, "storage_label"), "No space left on device"));
  for (guint i = 1; i < G_N_ELEMENTS (revealers); i++)
    g_assert_null (gtk_revealer_get_child (GTK_REVEALER (child (window, revealers[i]))));

  bloom_session_store_set_stream_filter (store, NULL, NULL);
  activate (window, "session.retry-store");
  bloom_session_store_flush (store);
  settle ();
  close_window (window);
}

/* P1: when the current copy cannot be read, the copy before it loads, and
 * the window says which one it is. */
static void
test_previous_copy_loads (void)
{
  g_autofree char *good = NULL;
  BloomWindow *window;

  set_up ();
  window = open_window ();
  type_into (window, "m_spin", "32");
  activate (window, "filter.create");
  type_into (window, "text_entry", "kiwi");
  activate (window, "filter.insert");
  good = session_json (window);
  close_window (window);

  write_stored (BLOOM_SESSION_STORE_PREVIOUS_NAME, good);
  write_stored (BLOOM_SESSION_STORE_CURRENT_NAME, "{\"format\": \"bloom-lab\", \"ver");

  window = open_window ();
  {
    g_autofree char *loaded = session_json (window);

    g_assert_cmpstr (loaded, ==, good);
  }
  g_assert_true (banner_shown (window, "storage_revealer"));
  g_assert_nonnull (strstr (label_text (window, "storage_label"), "loaded the copy stored before it"));
  g_assert_true (gtk_widget_get_visible (child (window, "save_copy_button")));
  close_window (window);
}

/* P2: importing over a session that is not stored asks first; Cancel
 * keeps it; replacing it can be undone with Ctrl+Z. */
static void
test_import_asks_and_undoes (void)
{
  g_autofree char *fixture_path = data_path ("state-v1.json");
  g_autoptr(GFile) fixture = g_file_new_for_path (fixture_path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  BloomWindow *window;
  BloomSession *session;
  BloomQuitDialog *dialog;

  set_up ();
  window = open_window ();
  session = bloom_window_get_session (window);
  type_into (window, "m_spin", "1024");
  type_into (window, "k_spin", "12");
  activate (window, "filter.create");
  for (guint i = 0; i < BLOOM_MAX_ENTRIES; i++)
    {
      g_autofree char *prefix = g_strdup_printf ("%04u", i);
      g_autofree char *fill = g_strnfill (256 - strlen (prefix), 'a' + i % 26);
      g_autofree char *text = g_strconcat (prefix, fill, NULL);

      g_assert_nonnull (bloom_session_insert (session, text, -1, NULL));
    }
  bloom_session_store_flush (window_store (window));
  settle ();
  g_assert_true (bloom_session_store_get_unsaved (window_store (window)));
  before = session_json (window);

  bloom_window_import_file (window, fixture);
  settle ();
  dialog = find_quit_dialog ();
  g_assert_nonnull (dialog);
  bloom_quit_dialog_respond (dialog, BLOOM_QUIT_RESPONSE_CANCEL);
  settle ();
  after = session_json (window);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (file_message_shown (window));

  bloom_window_import_file (window, fixture);
  settle ();
  dialog = find_quit_dialog ();
  g_assert_nonnull (dialog);
  bloom_quit_dialog_respond (dialog, BLOOM_QUIT_RESPONSE_QUIT);
  wait_until (file_message_shown, window);
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (session)), ==, 64);

  /* Ctrl+Z brings the whole session back. */
  activate (window, "filter.undo");
  g_clear_pointer (&after, g_free);
  after = session_json (window);
  g_assert_cmpstr (after, ==, before);

  /* A stored session is replaced without a question, and comes back too. */
  activate (window, "filter.reset");
  bloom_session_store_flush (window_store (window));
  g_clear_pointer (&before, g_free);
  before = session_json (window);
  activate (window, "session.dismiss-message");
  bloom_window_import_file (window, fixture);
  wait_until (file_message_shown, window);
  g_assert_null (find_quit_dialog ());
  activate (window, "filter.undo");
  g_clear_pointer (&after, g_free);
  after = session_json (window);
  g_assert_cmpstr (after, ==, before);

  gtk_window_close (GTK_WINDOW (window));
  settle ();
  dialog = find_quit_dialog ();
  if (dialog != NULL)
    {
      g_object_ref (session);
      bloom_quit_dialog_respond (dialog, BLOOM_QUIT_RESPONSE_QUIT);
      settle ();
      g_object_unref (session);
    }
  settle ();
}

/* P2: a session kept aside when the system closed the app is offered at
 * the next start: Restore replaces the session (undoably), Discard
 * deletes it. */
static void
test_recovery_offer (void)
{
  g_autofree char *fixture_path = data_path ("state-v1.json");
  g_autofree char *recovered = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  BloomWindow *window;

  g_assert_true (g_file_get_contents (fixture_path, &recovered, NULL, NULL));

  set_up ();
  write_stored (BLOOM_SESSION_STORE_RECOVERY_NAME, recovered);
  window = open_window ();
  g_assert_true (banner_shown (window, "recovery_revealer"));
  before = session_json (window);
  activate (window, "session.restore-recovery");
  wait_until (file_message_shown, window);
  g_assert_false (banner_shown (window, "recovery_revealer"));
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (bloom_window_get_session (window))),
                    ==, 64);
  activate (window, "filter.undo");
  after = session_json (window);
  g_assert_cmpstr (after, ==, before);
  close_window (window);
  assert_stored (BLOOM_SESSION_STORE_RECOVERY_NAME, ==, NULL);

  set_up ();
  write_stored (BLOOM_SESSION_STORE_RECOVERY_NAME, recovered);
  window = open_window ();
  g_assert_true (banner_shown (window, "recovery_revealer"));
  activate (window, "session.discard-recovery");
  settle ();
  g_assert_false (banner_shown (window, "recovery_revealer"));
  g_assert_null (bloom_session_get_filter (bloom_window_get_session (window)));
  close_window (window);
  assert_stored (BLOOM_SESSION_STORE_RECOVERY_NAME, ==, NULL);
}

/* An imported draft as long as a field holds comes in whole and stays
 * whole when typing goes on. */
static void
test_long_draft_import (void)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "bloom-lab-test-draft.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(BloomSession) source = bloom_session_new ();
  g_autofree char *draft = g_strnfill (BLOOM_DRAFT_MAX_CHARS - 1, 'w');
  g_autofree char *json = NULL;
  GtkEditable *entry;
  BloomWindow *window;
  int position;

  bloom_session_set_text_draft (source, draft);
  json = bloom_state_to_json (source, NULL);
  g_assert_true (g_file_set_contents (path, json, -1, NULL));

  set_up ();
  window = open_window ();
  bloom_window_import_file (window, file);
  wait_until (file_message_shown, window);
  entry = GTK_EDITABLE (child (window, "text_entry"));
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, draft);

  position = -1;
  gtk_editable_insert_text (entry, "xy", -1, &position);
  settle ();
  g_assert_cmpuint (g_utf8_strlen (bloom_session_get_text_draft (bloom_window_get_session (window)), -1),
                    >=, BLOOM_DRAFT_MAX_CHARS - 1);
  g_assert_true (g_str_has_prefix (bloom_session_get_text_draft (bloom_window_get_session (window)),
                                   draft));
  close_window (window);
  g_unlink (path);
}

/* The words of the banners, in English (the tests run in the C locale),
 * each compared whole: a banner that names a file names it with its path,
 * and every sentence of a joined message ends with its full stop. */

static char *
stored_path (const char *name)
{
  return g_build_filename (store_dir, name, NULL);
}

/* The first label inside a banner's revealer: the text it shows. */
static GtkWidget *
first_descendant (GtkWidget *widget,
                  GType      type)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c;
      found = first_descendant (c, type);
      if (found != NULL)
        return found;
    }

  return NULL;
}

static void
assert_button (GtkWidget  *box,
               const char *label,
               const char *action)
{
  for (GtkWidget *c = gtk_widget_get_first_child (box); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (c)), label) == 0)
      {
        g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (c)), ==, action);
        g_assert_true (gtk_widget_get_visible (c));
        g_assert_true (gtk_widget_is_sensitive (c));
        return;
      }

  g_error ("No button “%s” in the banner", label);
}

/* Issue 24: another Bloom Lab stored a different session behind this
 * one's back; this one's next write is refused, and the banner says so
 * with its three choices. */
static void
test_conflict_banner_words (void)
{
  g_autofree char *fixture_path = data_path ("state-v1.json");
  g_autofree char *theirs = NULL;
  BloomWindow *window;
  BloomSessionStore *store;
  GtkWidget *box;

  g_assert_true (g_file_get_contents (fixture_path, &theirs, NULL, NULL));

  set_up ();
  window = open_window ();
  store = window_store (window);
  activate (window, "filter.create");
  bloom_session_store_flush (store);
  g_assert_false (banner_shown (window, "conflict_revealer"));

  write_stored (BLOOM_SESSION_STORE_CURRENT_NAME, theirs);
  type_into (window, "text_entry", "kiwi");
  activate (window, "filter.insert");
  bloom_session_store_flush (store);
  settle ();

  g_assert_true (banner_shown (window, "conflict_revealer"));
  assert_stored (BLOOM_SESSION_STORE_CURRENT_NAME, ==, theirs);
  box = gtk_revealer_get_child (GTK_REVEALER (child (window, "conflict_revealer")));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (first_descendant (box, GTK_TYPE_LABEL))), ==,
                   "Another Bloom Lab stored a different session on this computer since this "
                   "one last stored or read it, so this one stores nothing until you choose. "
                   "Load theirs, keep yours (it replaces theirs), or export yours to a file.");
  assert_button (box, "_Load Theirs", "session.load-theirs");
  assert_button (box, "_Keep Mine…", "session.keep-mine");
  assert_button (box, "Export _Mine…", "session.export");
  /* The conflict has its own banner: the general one stays away. */
  g_assert_false (banner_shown (window, "storage_revealer"));

  activate (window, "session.load-theirs");
  g_assert_false (banner_shown (window, "conflict_revealer"));
  close_window (window);
}

/* Why a session file could not be read, as the banners say it: without
 * the import's request to choose another file, since nobody chose it. */
#define CORRUPT "{\"format\": \"bloom-lab\", \"ver"
#define CORRUPT_REASON "The file is not valid JSON: a string without its closing quote at " \
                       "line 1, column 25."

static void
assert_storage_banner (BloomWindow *window,
                       const char  *expected)
{
  const char *text;

  g_assert_true (banner_shown (window, "storage_revealer"));
  text = label_text (window, "storage_label");
  g_assert_cmpstr (text, ==, expected);
  g_assert_true (g_str_has_suffix (text, "."));
}

/* session.json as something that cannot be opened, even by root (who
 * may read any file whatever its mode): each has its own reason. */
typedef struct
{
  const char *what;
  const char *target;  /* of the link, or NULL: a folder */
  GFileType   type;    /* what stays at the path */
  const char *reason;
} Unopenable;

static const Unopenable unopenable[] = {
  { "a link loop", BLOOM_SESSION_STORE_CURRENT_NAME, G_FILE_TYPE_SYMBOLIC_LINK,
    "It is a link that leads round in a circle to itself, never to a file." },
  { "a dangling link", "gone.json", G_FILE_TYPE_SYMBOLIC_LINK,
    "It is a link to a file that does not exist." },
  { "a folder", NULL, G_FILE_TYPE_DIRECTORY, "It is a folder, not a file." },
};

static void
make_unopenable (const Unopenable *u)
{
  g_autofree char *path = stored_path (BLOOM_SESSION_STORE_CURRENT_NAME);

  g_test_message ("session.json: %s", u->what);
  g_assert_cmpint (g_mkdir_with_parents (store_dir, 0700), ==, 0);
  if (u->target != NULL)
    g_assert_cmpint (symlink (u->target, path), ==, 0);
  else
    g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
}

/* Nothing was written over it: the link or the folder is still there. */
static void
assert_untouched (const Unopenable *u)
{
  g_autofree char *path = stored_path (BLOOM_SESSION_STORE_CURRENT_NAME);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_cmpint (g_file_query_file_type (file, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL), ==,
                   u->type);
}

/* Issue 24: a current copy that cannot be opened is named, with the
 * reason, and nothing of it is said to be kept; nothing is written over
 * it, and a write says why it failed, never that another Bloom Lab
 * stored a session. */
static void
test_unopenable_banner_words (void)
{
  g_autofree char *current = stored_path (BLOOM_SESSION_STORE_CURRENT_NAME);

  for (guint i = 0; i < G_N_ELEMENTS (unopenable); i++)
    {
      const Unopenable *u = &unopenable[i];
      g_autofree char *expected = NULL;
      BloomWindow *window;

      set_up ();
      make_unopenable (u);
      window = open_window ();
      expected = g_strdup_printf ("The session stored on this computer in “%s” could not be "
                                  "read, and nothing of it is kept: Bloom Lab started with an "
                                  "empty session, and stores nothing over that file while it "
                                  "cannot be opened. The reason: %s", current, u->reason);
      assert_storage_banner (window, expected);
      g_assert_false (gtk_widget_get_visible (child (window, "save_copy_button")));

      activate (window, "filter.create");
      bloom_session_store_flush (window_store (window));
      settle ();
      g_clear_pointer (&expected, g_free);
      expected = g_strdup_printf ("Bloom Lab could not store the session on this computer: %s "
                                  "Your work is still in the window, and Bloom Lab tries again "
                                  "at your next change; export it to keep it safe.", u->reason);
      assert_storage_banner (window, expected);
      g_assert_false (banner_shown (window, "conflict_revealer"));
      assert_untouched (u);

      /* Not stored: closed as the system would, without the question. */
      gtk_window_destroy (GTK_WINDOW (window));
      g_object_unref (window);
      settle ();
      assert_untouched (u);
      g_remove (current);
    }
}

/* Issue 24: the copy stored before loads, and the banner names it with
 * its path, whether the current copy was kept or could not be opened. */
static void
test_previous_copy_banner_words (void)
{
  g_autofree char *current = stored_path (BLOOM_SESSION_STORE_CURRENT_NAME);
  g_autofree char *previous = stored_path (BLOOM_SESSION_STORE_PREVIOUS_NAME);
  g_autofree char *good = NULL;
  g_autofree char *stored = NULL;
  g_autofree char *expected = NULL;
  BloomWindow *window;

  set_up ();
  window = open_window ();
  activate (window, "filter.create");
  good = session_json (window);
  stored = stored_json (window);
  close_window (window);

  set_up ();
  write_stored (BLOOM_SESSION_STORE_PREVIOUS_NAME, good);
  write_stored (BLOOM_SESSION_STORE_CURRENT_NAME, CORRUPT);
  window = open_window ();
  expected = g_strdup_printf ("The session stored on this computer could not be read, so Bloom "
                              "Lab loaded the copy stored before it, “%s”: your last changes may "
                              "be missing. The unreadable copy is kept; save it to a file to look "
                              "at it. The reason: %s", previous, CORRUPT_REASON);
  assert_storage_banner (window, expected);
  g_assert_true (gtk_widget_get_visible (child (window, "save_copy_button")));
  /* It is the current copy again, and still the copy before. */
  bloom_session_store_flush (window_store (window));
  assert_stored (BLOOM_SESSION_STORE_CURRENT_NAME, ==, stored);
  assert_stored (BLOOM_SESSION_STORE_PREVIOUS_NAME, ==, good);
  activate (window, "session.dismiss-unreadable");
  close_window (window);

  for (guint i = 0; i < G_N_ELEMENTS (unopenable); i++)
    {
      const Unopenable *u = &unopenable[i];

      set_up ();
      write_stored (BLOOM_SESSION_STORE_PREVIOUS_NAME, good);
      make_unopenable (u);
      window = open_window ();
      g_clear_pointer (&expected, g_free);
      expected = g_strdup_printf ("The session stored on this computer in “%s” could not be "
                                  "read, and nothing of it is kept: Bloom Lab loaded the copy "
                                  "stored before it, “%s”, so your last changes may be missing, "
                                  "and stores nothing over that file while it cannot be opened. "
                                  "The reason: %s", current, previous, u->reason);
      assert_storage_banner (window, expected);
      g_assert_false (gtk_widget_get_visible (child (window, "save_copy_button")));
      bloom_session_store_flush (window_store (window));
      assert_untouched (u);
      assert_stored (BLOOM_SESSION_STORE_PREVIOUS_NAME, ==, good);
      activate (window, "session.dismiss-unreadable");
      close_window (window);
      g_remove (current);
    }
}

/* Issue 24: the copy before goes back as the current copy as every
 * write does (docs/storage.md): not while another Bloom Lab holds the
 * directory, and not over the session it stored meanwhile, which the
 * conflict banner then offers. */
static void
test_previous_copy_waits_its_turn (void)
{
  g_autofree char *fixture_path = data_path ("state-v1.json");
  g_autofree char *good = NULL;
  g_autoptr(BloomSession) other = bloom_session_new ();
  g_autofree char *theirs = bloom_state_to_json_full (other, BLOOM_STATE_FLAGS_FILTER_ONLY, NULL);
  BloomWindow *window;
  int lock_fd;

  g_assert_true (g_file_get_contents (fixture_path, &good, NULL, NULL));

  set_up ();
  write_stored (BLOOM_SESSION_STORE_PREVIOUS_NAME, good);
  write_stored (BLOOM_SESSION_STORE_CURRENT_NAME, CORRUPT);
  /* Another Bloom Lab is writing: it holds the directory. */
  lock_fd = g_open (store_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  g_assert_cmpint (lock_fd, >=, 0);
  g_assert_cmpint (flock (lock_fd, LOCK_EX), ==, 0);

  window = open_window ();
  g_usleep (50 * G_TIME_SPAN_MILLISECOND);
  settle ();
  assert_stored (BLOOM_SESSION_STORE_CURRENT_NAME, ==, CORRUPT);

  /* What it writes is a session of its own. */
  write_stored (BLOOM_SESSION_STORE_CURRENT_NAME, theirs);
  g_close (lock_fd, NULL);
  bloom_session_store_flush (window_store (window));
  settle ();

  assert_stored (BLOOM_SESSION_STORE_CURRENT_NAME, ==, theirs);
  assert_stored (BLOOM_SESSION_STORE_PREVIOUS_NAME, ==, good);
  g_assert_true (banner_shown (window, "conflict_revealer"));
  activate (window, "session.load-theirs");
  g_assert_false (banner_shown (window, "conflict_revealer"));
  activate (window, "session.dismiss-unreadable");
  close_window (window);
}

/* What a quit signal leaves when the session could not be stored: too
 * large, or its write failed (a full disk). A store of its own, as in a
 * Bloom Lab that the system closes. */
static guint writes_to_fail;

/* The next writes_to_fail writes fail (a full disk), those after succeed. */
static GOutputStream *
failing_writes_filter (GOutputStream *base,
                       gpointer       data)
{
  gsize budget = writes_to_fail > 0 ? 64 : G_MAXSIZE;

  if (writes_to_fail > 0)
    writes_to_fail--;

  return test_failing_stream_filter (base, GSIZE_TO_POINTER (budget));
}

static void
keep_aside_at_quit (gboolean too_large)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSessionStore) store = bloom_session_store_new (session, settings);
  g_autoptr(GError) error = NULL;

  g_assert_true (bloom_session_store_restore (store, NULL));
  bloom_session_create_filter (session, 1024, 12, &error);
  g_assert_no_error (error);
  bloom_session_store_flush (store);

  if (too_large)
    for (guint i = 0; i < BLOOM_MAX_ENTRIES; i++)
      {
        g_autofree char *text = g_strdup_printf ("%04u%0252u", i, i);

        g_assert_nonnull (bloom_session_insert (session, text, -1, NULL));
      }
  else
    {
      bloom_session_store_set_stream_filter (store, failing_writes_filter, NULL);
      writes_to_fail = 1;
      g_assert_nonnull (bloom_session_insert (session, "kiwi", -1, NULL));
      bloom_session_store_flush (store);
      g_assert_nonnull (bloom_session_store_get_write_error (store));
      /* The quit signal's flush tries the document again, which fails
       * again; the recovery file after it is written. */
      writes_to_fail = 1;
    }

  g_assert_true (bloom_session_store_flush_for_exit (store));
  g_assert_cmpuint (writes_to_fail, ==, 0);
  assert_stored (BLOOM_SESSION_STORE_RECOVERY_NAME, !=, NULL);
}

static void
assert_recovery_banner (const char *expected)
{
  BloomWindow *window = open_window ();
  const char *text;

  g_assert_true (banner_shown (window, "recovery_revealer"));
  text = label_text (window, "recovery_label");
  g_assert_cmpstr (text, ==, expected);
  activate (window, "session.discard-recovery");
  close_window (window);
}

/* Issue 24: the recovery banner says why the session was kept aside. */
static void
test_recovery_banner_words (void)
{
  set_up ();
  keep_aside_at_quit (TRUE);
  assert_recovery_banner ("When the system last closed Bloom Lab, its session was too large to "
                          "store, so it was kept aside. Restore it? It replaces the session in "
                          "the window, which Ctrl+Z brings back.");

  set_up ();
  keep_aside_at_quit (FALSE);
  assert_recovery_banner ("When the system last closed Bloom Lab, it could not store its session, "
                          "so the session was kept aside. The reason: No space left on device. "
                          "Restore it? It replaces the session in the window, which Ctrl+Z "
                          "brings back.");
}

static gboolean
export_said (BloomWindow *window)
{
  return g_str_has_prefix (label_text (window, "file_label"), "Exported the session to");
}

static gboolean
restored_and_exported (BloomWindow *window)
{
  g_autofree char *path = g_build_filename (store_dir, "export.json", NULL);

  return bloom_session_get_n_entries (bloom_window_get_session (window)) == BLOOM_MAX_ENTRIES &&
         g_file_test (path, G_FILE_TEST_EXISTS);
}

/* The main loop for @ms milliseconds: what is under way ends. */
static void
run_for (guint ms)
{
  gboolean expired = FALSE;

  g_timeout_add (ms, timed_out, &expired);
  while (!expired)
    g_main_context_iteration (NULL, TRUE);
}

/* Issue 24: an export begun before Restore holds the session Restore
 * replaced: when it is written, after Restore, the recovery file stays;
 * an export of the restored session lets it go. */
static void
test_export_before_restore (void)
{
  g_autofree char *path = g_build_filename (store_dir, "export.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  BloomWindow *window;

  set_up ();
  keep_aside_at_quit (TRUE);
  window = open_window ();
  bloom_window_export_file (window, file);
  activate (window, "session.restore-recovery");
  /* Written, then said: whichever of the two ends first. */
  wait_until (restored_and_exported, window);
  run_for (300);
  g_test_message ("The export ended %s Restore", export_said (window) ? "after" : "before");
  assert_stored (BLOOM_SESSION_STORE_RECOVERY_NAME, !=, NULL);

  gtk_label_set_text (GTK_LABEL (child (window, "file_label")), "");
  bloom_window_export_file (window, file);
  wait_until (export_said, window);
  assert_stored (BLOOM_SESSION_STORE_RECOVERY_NAME, ==, NULL);

  /* Too large to store, and exported: closed without the question. */
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
  settle ();
  g_remove (path);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *state_home = g_dir_make_tmp ("bloom-lab-storage-XXXXXX", &error);
  int status;

  test_isolate_environment ();
  g_assert_no_error (error);
  /* Before anything asks: GLib reads it once. */
  g_setenv ("XDG_STATE_HOME", state_home, TRUE);
  store_dir = g_build_filename (state_home, "bloom-lab", NULL);

  gtk_test_init (&argc, &argv, NULL);

  settings = g_settings_new (APPLICATION_ID);
  g_assert_cmpstr (g_get_user_state_dir (), ==, state_home);

  g_test_add_func ("/storage/save-and-restore", test_save_and_restore);
  g_test_add_func ("/storage/invalid-drafts-come-back", test_invalid_drafts_come_back);
  g_test_add_func ("/storage/over-limit", test_over_limit);
  g_test_add_func ("/storage/unreadable-stored-session", test_unreadable_stored_session);
  g_test_add_func ("/storage/invalid-imports", test_invalid_imports);
  g_test_add_func ("/storage/export-import", test_export_import);
  g_test_add_func ("/storage/navigation-keeps-session", test_navigation_keeps_session);
  g_test_add_func ("/storage/write-error-banner", test_write_error_banner);
  g_test_add_func ("/storage/banners-built-when-shown", test_banners_built_when_shown);
  g_test_add_func ("/storage/previous-copy-loads", test_previous_copy_loads);
  g_test_add_func ("/storage/import-asks-and-undoes", test_import_asks_and_undoes);
  g_test_add_func ("/storage/recovery-offer", test_recovery_offer);
  g_test_add_func ("/storage/long-draft-import", test_long_draft_import);
  g_test_add_func ("/storage/conflict-banner-words", test_conflict_banner_words);
  g_test_add_func ("/storage/unopenable-banner-words", test_unopenable_banner_words);
  g_test_add_func ("/storage/previous-copy-banner-words", test_previous_copy_banner_words);
  g_test_add_func ("/storage/previous-copy-waits-its-turn", test_previous_copy_waits_its_turn);
  g_test_add_func ("/storage/recovery-banner-words", test_recovery_banner_words);
  g_test_add_func ("/storage/export-before-restore", test_export_before_restore);

  status = g_test_run ();
  set_up ();
  g_clear_object (&settings);
  g_rmdir (store_dir);
  g_rmdir (state_home);
  g_free (store_dir);

  return status;
}
