/* test-record.c — "Record Lecture": what the lecturer does becomes steps,
 * "Save Lecture…" writes them with their captions, and the model reads
 * the file back and replays it to the session that was recorded; the
 * stored session is not touched by any of it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "bloom-experiment-view.h"
#include "bloom-lecture-dialog.h"
#include "bloom-session-store.h"
#include "storage-fixture.h"
#include "test-isolation.h"
#include "window-child.h"
#include "window-fixture.h"

static gboolean
recording_shown (BloomWindow *window)
{
  GtkWidget *indicator = window_child (GTK_WIDGET (window), "recording_indicator");

  return gtk_widget_get_visible (indicator) && gtk_widget_get_mapped (indicator);
}

static void
toggle_recording (BloomWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "record.lecture", NULL));
  settle ();
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
}

/* The dialog "Save Lecture…" opened. */
static BloomLectureDialog *
open_save_dialog (BloomWindow *window)
{
  g_autoptr(GListModel) toplevels = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "record.save-lecture", NULL));
  settle ();
  toplevels = g_object_ref (gtk_window_get_toplevels ());
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (BLOOM_IS_LECTURE_DIALOG (toplevel))
        return BLOOM_LECTURE_DIALOG (toplevel);
    }

  g_assert_not_reached ();
}

/* The caption entry of the dialog's row @index, and the label above it. */
static GtkWidget *
row_part (BloomLectureDialog *dialog,
          guint               index,
          gboolean            entry)
{
  GtkListBox *list = GTK_LIST_BOX (window_child (GTK_WIDGET (dialog), "step_list"));
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, index);
  GtkWidget *box;

  g_assert_nonnull (row);
  box = gtk_list_box_row_get_child (row);

  return entry ? gtk_widget_get_last_child (box) : gtk_widget_get_first_child (box);
}

static guint
n_rows (BloomLectureDialog *dialog)
{
  GtkWidget *list = window_child (GTK_WIDGET (dialog), "step_list");
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n += GTK_IS_LIST_BOX_ROW (row);

  return n;
}

static gboolean
timed_out (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;

  return G_SOURCE_REMOVE;
}

static void
wait_for_file_message (BloomWindow *window)
{
  GtkRevealer *revealer = GTK_REVEALER (window_child (GTK_WIDGET (window), "file_revealer"));
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (10, timed_out, &expired);

  while (!gtk_revealer_get_reveal_child (revealer) && !expired)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (expired);
  g_source_remove (timeout);
}

/* Saves the recording through the dialog to @name in @directory, with
 * @title and a caption for the first step typed in, and reads it back. */
static BloomLecture *
save_and_read (BloomWindow *window,
               const char  *directory,
               const char  *name,
               const char  *title,
               const char  *caption)
{
  BloomLectureDialog *dialog = open_save_dialog (window);
  g_autofree char *path = g_build_filename (directory, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *expected = g_strdup_printf ("Saved the lecture to “%s”.", name);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;
  BloomLecture *lecture;

  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));
  bloom_lecture_dialog_set_title_text (dialog, title);
  gtk_editable_set_text (GTK_EDITABLE (row_part (dialog, 0, TRUE)), caption);
  g_assert_true (bloom_lecture_dialog_save_to_file (dialog, file));
  wait_for_file_message (window);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (window_child (GTK_WIDGET (window), "file_label"))),
                   ==, expected);

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  lecture = bloom_lecture_new_from_data (contents, len, &error);
  g_assert_no_error (error);

  return lecture;
}

/* The session of the last step of @lecture, replayed from the start. */
static BloomSession *
replay (BloomLecture *lecture)
{
  BloomSession *session = bloom_session_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (bloom_lecture_replay_to (lecture, session, bloom_lecture_get_n_steps (lecture) - 1,
                                          &error));
  g_assert_no_error (error);

  return session;
}

/* The filter and its strings. */
static void
assert_same_filter (BloomSession *replayed,
                    BloomSession *recorded)
{
  BloomFilter *a = bloom_session_get_filter (replayed);
  BloomFilter *b = bloom_session_get_filter (recorded);

  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_cmpuint (bloom_filter_get_m (a), ==, bloom_filter_get_m (b));
  g_assert_cmpuint (bloom_filter_get_k (a), ==, bloom_filter_get_k (b));
  for (guint i = 0; i < bloom_filter_get_m (a); i++)
    g_assert_cmpint (bloom_filter_get_bit (a, i), ==, bloom_filter_get_bit (b, i));

  g_assert_cmpuint (bloom_session_get_n_entries (replayed), ==, bloom_session_get_n_entries (recorded));
  for (guint i = 0; i < bloom_session_get_n_entries (recorded); i++)
    g_assert_cmpstr (bloom_session_get_entry (replayed, i, NULL), ==,
                     bloom_session_get_entry (recorded, i, NULL));
}

/* What the lecture is about: the filter, its strings, the counters and
 * the last verdict. */
static void
assert_same_session (BloomSession *replayed,
                     BloomSession *recorded)
{
  BloomOperation *op_a = bloom_session_get_last_operation (replayed);
  BloomOperation *op_b = bloom_session_get_last_operation (recorded);

  assert_same_filter (replayed, recorded);
  g_assert_cmpuint (bloom_session_get_negative_queries (replayed), ==,
                    bloom_session_get_negative_queries (recorded));
  g_assert_cmpuint (bloom_session_get_false_positives (replayed), ==,
                    bloom_session_get_false_positives (recorded));
  g_assert_nonnull (op_a);
  g_assert_nonnull (op_b);
  g_assert_cmpint (bloom_operation_get_kind (op_a), ==, bloom_operation_get_kind (op_b));
  g_assert_cmpint (bloom_operation_get_outcome (op_a), ==, bloom_operation_get_outcome (op_b));
  g_assert_cmpstr (bloom_operation_get_text (op_a, NULL), ==, bloom_operation_get_text (op_b, NULL));
}

/* Create 8/1, insert a, query i (a false positive at m = 8? whatever the
 * hash says: the replay must say the same), open Hash positions, zoom to
 * 200 %: five steps, saved with a caption, read back and replayed to the
 * same session; after Stop, nothing more is recorded. */
static void
test_record_and_replay (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *directory = fixture_make_directory ();
  g_autoptr(BloomLecture) lecture = NULL;
  g_autoptr(BloomSession) replayed = NULL;
  BloomLectureStep *step;
  BloomLectureDialog *dialog;

  g_assert_false (recording_shown (fixture->window));
  toggle_recording (fixture->window);
  g_assert_true (recording_shown (fixture->window));

  create_filter (fixture, "8", "1");
  run (fixture, "filter.insert", "a");
  run (fixture, "filter.query", "i");
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  activate (fixture, "view.zoom-in");
  bloom_window_set_zoom (fixture->window, 200);
  settle ();

  /* What the dialog lists, in the user's words. */
  dialog = open_save_dialog (fixture->window);
  g_assert_cmpuint (n_rows (dialog), ==, 5);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_part (dialog, 0, FALSE))), ==,
                   "1. Create a filter with m = 8 and k = 1");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_part (dialog, 1, FALSE))), ==, "2. Insert “a”");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_part (dialog, 2, FALSE))), ==, "3. Query “i”");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_part (dialog, 3, FALSE))), ==,
                   "4. Open “Hash positions”");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_part (dialog, 4, FALSE))), ==,
                   "5. Zoom to 200 %");
  gtk_window_destroy (GTK_WINDOW (dialog));

  toggle_recording (fixture->window);
  g_assert_false (recording_shown (fixture->window));

  lecture = save_and_read (fixture->window, directory, "why.bloomlab-lecture", "Why yes to strangers",
                           "Eight bits, one position per string");
  g_assert_cmpstr (bloom_lecture_get_title (lecture), ==, "Why yes to strangers");
  g_assert_cmpuint (bloom_lecture_get_n_steps (lecture), ==, 5);

  step = bloom_lecture_get_step (lecture, 0);
  g_assert_cmpstr (bloom_lecture_step_get_caption (step), ==, "Eight bits, one position per string");
  g_assert_cmpint (bloom_lecture_step_get_action (step), ==, BLOOM_LECTURE_ACTION_CREATE);
  g_assert_cmpuint (bloom_lecture_step_get_m (step), ==, 8);
  g_assert_cmpuint (bloom_lecture_step_get_k (step), ==, 1);
  step = bloom_lecture_get_step (lecture, 1);
  g_assert_null (bloom_lecture_step_get_caption (step));
  g_assert_cmpint (bloom_lecture_step_get_action (step), ==, BLOOM_LECTURE_ACTION_INSERT);
  g_assert_cmpstr (bloom_lecture_step_get_text (step), ==, "a");
  step = bloom_lecture_get_step (lecture, 2);
  g_assert_cmpint (bloom_lecture_step_get_action (step), ==, BLOOM_LECTURE_ACTION_QUERY);
  g_assert_cmpstr (bloom_lecture_step_get_text (step), ==, "i");
  step = bloom_lecture_get_step (lecture, 3);
  g_assert_cmpint (bloom_lecture_step_get_action (step), ==, BLOOM_LECTURE_ACTION_OPEN);
  g_assert_cmpstr (bloom_lecture_step_get_section (step), ==, BLOOM_LECTURE_SECTION_HASH_POSITIONS);
  step = bloom_lecture_get_step (lecture, 4);
  g_assert_cmpint (bloom_lecture_step_get_action (step), ==, BLOOM_LECTURE_ACTION_ZOOM);
  g_assert_cmpuint (bloom_lecture_step_get_zoom (step), ==, 200);

  replayed = replay (lecture);
  assert_same_session (replayed, fixture->session);

  /* Stopped: what the lecturer does now is no step. */
  run (fixture, "filter.insert", "b");
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "entries_expander")), TRUE);
  bloom_window_set_zoom (fixture->window, 100);
  settle ();
  dialog = open_save_dialog (fixture->window);
  g_assert_cmpuint (n_rows (dialog), ==, 5);
  gtk_window_destroy (GTK_WINDOW (dialog));

  fixture_remove_directory (directory);
}

static void
set_spin (Fixture    *fixture,
          const char *name,
          double      value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (child (fixture, name)), value);
  settle ();
}

/* Runs "experiment.run" or "experiment.sweep" to its end. */
static void
run_experiment (Fixture    *fixture,
                const char *action)
{
  BloomExperimentView *view = BLOOM_EXPERIMENT_VIEW (child (fixture, "experiment_view"));
  gint64 deadline = g_get_monotonic_time () + 60 * G_TIME_SPAN_SECOND;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), action, NULL));
  while (bloom_experiment_view_get_running (view))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  settle ();
}

static void
assert_row (BloomLectureDialog *dialog,
            guint               index,
            const char         *text)
{
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_part (dialog, index, FALSE))), ==, text);
}

/* The example, a measurement and a sweep as they ran (samples, length,
 * seed), and a reset; a save that fails says so and keeps the steps. */
static void
test_example_experiment_reset (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autofree char *directory = fixture_make_directory ();
  g_autofree char *missing = g_build_filename (directory, "missing", "l.bloomlab-lecture", NULL);
  g_autoptr(GFile) missing_file = g_file_new_for_path (missing);
  g_autoptr(BloomLecture) lecture = NULL;
  g_autoptr(BloomSession) replayed = NULL;
  BloomLectureDialog *dialog;
  BloomLectureStep *step;
  GtkWidget *banner;

  toggle_recording (fixture->window);
  activate (fixture, "filter.create");
  activate (fixture, "filter.example");
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "experiment_expander")), TRUE);
  settle ();
  set_spin (fixture, "n_spin", 1000);
  set_spin (fixture, "length_spin", 8);
  gtk_editable_set_text (GTK_EDITABLE (child (fixture, "seed_entry")), "42");
  settle ();
  run_experiment (fixture, "experiment.run");
  set_spin (fixture, "n_max_spin", 16);
  set_spin (fixture, "steps_spin", 4);
  run_experiment (fixture, "experiment.sweep");
  activate (fixture, "filter.reset");
  toggle_recording (fixture->window);

  dialog = open_save_dialog (fixture->window);
  g_assert_cmpuint (n_rows (dialog), ==, 6);
  assert_row (dialog, 0, "1. Create a filter with m = 64 and k = 3");
  assert_row (dialog, 1, "2. Insert the example strings “a” to “h”");
  assert_row (dialog, 2, "3. Open “Experiment”");
  assert_row (dialog, 3, "4. Measure 1000 random strings of 8 characters, seed 42");
  assert_row (dialog, 4, "5. Sweep over n with 1000 random strings of 8 characters, seed 42");
  assert_row (dialog, 5, "6. Reset the filter");

  /* A caption longer than a lecture file takes (129 characters of two
   * UTF-16 units each) is refused in the dialog, before any file. */
  {
    g_autoptr(GString) faces = g_string_new (NULL);
    GtkWidget *message = window_child (GTK_WIDGET (dialog), "message_label");

    for (guint i = 0; i < 129; i++)
      g_string_append (faces, "😀");
    gtk_editable_set_text (GTK_EDITABLE (row_part (dialog, 1, TRUE)), faces->str);
    g_assert_false (bloom_lecture_dialog_save_to_file (dialog, missing_file));
    g_assert_true (gtk_widget_get_visible (message));
    g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (message)), "Step 2: "));
    gtk_editable_set_text (GTK_EDITABLE (row_part (dialog, 1, TRUE)), "");
  }

  /* Nowhere to write: the window says why, and the steps stay. */
  g_assert_true (bloom_lecture_dialog_save_to_file (dialog, missing_file));
  wait_for_file_message (fixture->window);
  banner = child (fixture, "file_banner");
  g_assert_true (gtk_widget_has_css_class (banner, "error"));
  g_assert_true (g_str_has_prefix (label_text (fixture, "file_label"),
                                   "Could not save the lecture to “l.bloomlab-lecture”: "));
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  activate (fixture, "session.dismiss-message");

  lecture = save_and_read (fixture->window, directory, "more.bloomlab-lecture", "", "");
  g_assert_null (bloom_lecture_get_title (lecture));
  g_assert_cmpuint (bloom_lecture_get_n_steps (lecture), ==, 6);
  g_assert_cmpint (bloom_lecture_step_get_action (bloom_lecture_get_step (lecture, 1)), ==,
                   BLOOM_LECTURE_ACTION_EXAMPLE);
  step = bloom_lecture_get_step (lecture, 3);
  g_assert_cmpint (bloom_lecture_step_get_action (step), ==, BLOOM_LECTURE_ACTION_EXPERIMENT);
  g_assert_cmpuint (bloom_lecture_step_get_n_samples (step), ==, 1000);
  g_assert_cmpuint (bloom_lecture_step_get_length (step), ==, 8);
  g_assert_cmpuint (bloom_lecture_step_get_seed (step), ==, 42);
  step = bloom_lecture_get_step (lecture, 4);
  g_assert_cmpint (bloom_lecture_step_get_action (step), ==, BLOOM_LECTURE_ACTION_SWEEP);
  g_assert_cmpuint (bloom_lecture_step_get_n_samples (step), ==, 1000);
  g_assert_cmpuint (bloom_lecture_step_get_seed (step), ==, 42);
  g_assert_cmpint (bloom_lecture_step_get_action (bloom_lecture_get_step (lecture, 5)), ==,
                   BLOOM_LECTURE_ACTION_RESET);

  replayed = replay (lecture);
  assert_same_filter (replayed, fixture->session);
  g_assert_null (bloom_session_get_last_operation (replayed));

  fixture_remove_directory (directory);
}

/* A window on a store that keeps its session in @directory. */
static BloomWindow *
open_stored_window (const char *directory)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GFile) dir = g_file_new_for_path (directory);
  g_autoptr(BloomSessionStore) store = bloom_session_store_new_for_directory (session, settings, dir);
  BloomWindow *window;

  bloom_session_store_restore (store, NULL);
  window = bloom_window_new (NULL, store);
  g_object_ref_sink (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  return window;
}

static char *
read_stored (BloomWindow *window,
             const char  *directory)
{
  BloomSessionStore *store = NULL;
  char *contents;

  g_object_get (window, "store", &store, NULL);
  bloom_session_store_flush (store);
  g_object_unref (store);
  contents = fixture_read (directory, BLOOM_SESSION_STORE_CURRENT_NAME, NULL);
  g_assert_nonnull (contents);

  return contents;
}

/* Recording a session that was there before, stopping and saving leave
 * the stored session file as it was; the lecture begins with the steps
 * that make that session's filter and strings again. */
static void
test_store_untouched (void)
{
  g_autofree char *state = fixture_make_directory ();
  g_autofree char *lectures = fixture_make_directory ();
  BloomWindow *window = open_stored_window (state);
  BloomSession *session = bloom_window_get_session (window);
  g_autoptr(BloomLecture) lecture = NULL;
  g_autoptr(BloomSession) replayed = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto(GStrv) files_before = NULL;
  g_auto(GStrv) files_after = NULL;

  g_assert_true (bloom_session_create_filter (session, 8, 1, NULL));
  g_assert_nonnull (bloom_session_insert (session, "a", -1, NULL));
  g_assert_nonnull (bloom_session_insert (session, "b", -1, NULL));
  g_assert_nonnull (bloom_session_query (session, "i", -1, NULL));
  before = read_stored (window, state);
  files_before = fixture_list_directory (state);

  toggle_recording (window);
  toggle_recording (window);
  lecture = save_and_read (window, lectures, "kept.bloomlab-lecture", "Kept", "Where we were");

  after = read_stored (window, state);
  files_after = fixture_list_directory (state);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (g_strv_equal ((const char * const *) files_after,
                               (const char * const *) files_before));

  /* Create 8/1, insert a, insert b. */
  g_assert_cmpuint (bloom_lecture_get_n_steps (lecture), ==, 3);
  replayed = replay (lecture);
  assert_same_filter (replayed, session);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
  fixture_remove_directory (state);
  fixture_remove_directory (lectures);
}

int
main (int   argc,
      char *argv[])
{
  test_isolate_environment ();
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/record/record-and-replay", Fixture, NULL, fixture_set_up,
              test_record_and_replay, fixture_tear_down);
  g_test_add ("/record/example-experiment-reset", Fixture, NULL, fixture_set_up,
              test_example_experiment_reset, fixture_tear_down);
  g_test_add_func ("/record/store-untouched", test_store_untouched);

  return g_test_run ();
}
