/* test-lecture-window.c — a lecture presented in the window: opened as
 * the desktop opens it (the application's "open"), stepped forward and
 * back by the keys a presenter remote sends, each step as the model's
 * replay says; blanking; leaving with nothing of the user's changed; and
 * each refusal said in the window, with nothing run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>
#include <sys/stat.h>

#include "bloom-application.h"
#include "bloom-experiment-view.h"
#include "bloom-lecture-bar.h"
#include "bloom-value-label.h"
#include "bloom-window.h"
#include "layout-widths.h"
#include "test-isolation.h"
#include "window-child.h"

static char *work_dir;
/* One application for the whole program: once registered on the bus it
 * stays so. */
static GApplication *application;

/* Every kind of step the window plays, view actions after session ones,
 * so that replaying shows each of them undone and done again. */
static const char lecture_json[] =
  "{\n"
  "  \"format\": \"bloom-lab-lecture\",\n"
  "  \"version\": 1,\n"
  "  \"title\": \"Strangers\",\n"
  "  \"steps\": [\n"
  "    { \"say\": \"Eight bits\", \"create\": { \"m\": 8, \"k\": 1 } },\n"
  "    { \"insert\": \"a\" },\n"
  "    { \"say\": \"i was never inserted\", \"query\": \"i\" },\n"
  "    { \"open\": \"hash-positions\" },\n"
  "    { \"query\": \"b\" },\n"
  "    { \"say\": \"Larger\", \"create\": { \"m\": 64, \"k\": 3 } },\n"
  "    { \"example\": true },\n"
  "    { \"step\": 2 },\n"
  "    { \"zoom\": 150 },\n"
  "    { \"open\": \"experiment\" },\n"
  "    { \"experiment\": { \"samples\": 200, \"length\": 4, \"seed\": 7 } },\n"
  "    { \"close\": \"hash-positions\" },\n"
  "    { \"say\": \"The end\" }\n"
  "  ]\n"
  "}\n";

static GtkWidget *
child (BloomWindow *window,
       const char  *name)
{
  return window_child (GTK_WIDGET (window), name);
}

static BloomSession *
user_session (void)
{
  return bloom_session_store_get_session (
    bloom_application_get_store (BLOOM_APPLICATION (application)));
}

static const char *
file_message (BloomWindow *window)
{
  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (child (window, "file_revealer"))))
    return NULL;

  return gtk_label_get_text (GTK_LABEL (child (window, "file_label")));
}

static gboolean
timed_out (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;

  return G_SOURCE_REMOVE;
}

/* The main loop, until @done says so (ten seconds at most). */
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

static void
settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
presenting (BloomWindow *window)
{
  return bloom_window_get_session (window) != user_session ();
}

static gboolean
message_shown (BloomWindow *window)
{
  return file_message (window) != NULL;
}

static gboolean
is_bar (GtkWidget     *widget,
        gconstpointer  data)
{
  return BLOOM_IS_LECTURE_BAR (widget);
}

static BloomLectureBar *
find_bar (GtkWidget *widget)
{
  GtkWidget *bar = window_find (widget, is_bar, NULL);

  return bar ? BLOOM_LECTURE_BAR (bar) : NULL;
}

/* The cover B puts over the window. */
static gboolean
has_css_class (GtkWidget     *widget,
               gconstpointer  css_class)
{
  return gtk_widget_has_css_class (widget, css_class);
}

static GtkWidget *
find_cover (GtkWidget *widget)
{
  return window_find (widget, has_css_class, "lecture-blank");
}

/* A key as the window's key handling gets it before any focused widget:
 * its capture-phase key controller. TRUE when it took the key. */
static gboolean
press (BloomWindow *window,
       guint        keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller) &&
          gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE)
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
    }
  settle ();

  return handled;
}

static GFile *
write_lecture (const char *name,
               const char *contents,
               gssize      len)
{
  g_autofree char *path = g_build_filename (work_dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, len, NULL));

  return g_file_new_for_path (path);
}

/* The application as the desktop starts it, opening @file. */
static BloomWindow *
open_with_application (GFile *file)
{
  GtkWindow *window;

  g_application_open (application, &file, 1, "");

  window = gtk_application_get_active_window (GTK_APPLICATION (application));
  g_assert_true (BLOOM_IS_WINDOW (window));

  return BLOOM_WINDOW (window);
}

static void
close_window (BloomWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* The user's own work, stored: what the lecture must leave alone. */
static void
make_user_session (void)
{
  BloomSession *session = user_session ();
  g_autoptr(GError) error = NULL;

  bloom_session_set_parameter_drafts (session, "16", "2");
  g_assert_true (bloom_session_create_filter_from_drafts (session, &error));
  g_assert_nonnull (bloom_session_insert (session, "mine", -1, &error));
  g_assert_nonnull (bloom_session_query (session, "yours", -1, &error));
  g_assert_nonnull (bloom_session_get_filter (session));
  bloom_session_set_text_draft (session, "half typed");
  bloom_session_set_detail_open (session, "model", TRUE);
  bloom_session_store_flush (bloom_application_get_store (BLOOM_APPLICATION (application)));
}

static char *
stored_file (void)
{
  g_autofree char *path = g_build_filename (g_get_user_state_dir (), "bloom-lab", "session.json",
                                            NULL);
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));

  return contents;
}

/* The drafts as the settings keep them (bound to the session). */
static char *
drafts (void)
{
  BloomSessionStore *store = bloom_application_get_store (BLOOM_APPLICATION (application));
  GSettings *settings = bloom_session_store_get_settings (store);
  g_autofree char *m = g_settings_get_string (settings, "m-draft");
  g_autofree char *k = g_settings_get_string (settings, "k-draft");
  g_autofree char *text = g_settings_get_string (settings, "text-draft");
  g_auto(GStrv) open = g_settings_get_strv (settings, "open-details");
  g_autofree char *open_text = g_strjoinv (",", open);

  return g_strdup_printf ("%s|%s|%s|%s|%d", m, k, text, open_text,
                          g_settings_get_int (settings, "zoom"));
}

static char *
bits_of (BloomSession *session)
{
  BloomFilter *filter = bloom_session_get_filter (session);
  GString *bits = g_string_new (NULL);

  for (guint i = 0; filter != NULL && i < bloom_filter_get_m (filter); i++)
    g_string_append_c (bits, bloom_filter_get_bit (filter, i) ? '1' : '0');

  return g_string_free (bits, FALSE);
}

/* What the window shows at step @index is what the model's replay gives:
 * the verdict, the counters and the grid, in the views that draw them;
 * the bar says where the lecture is. */
static void
assert_step (BloomWindow  *window,
             BloomLecture *lecture,
             guint         index)
{
  g_autoptr(BloomSession) replayed = bloom_session_new ();
  g_autoptr(GError) error = NULL;
  BloomSession *shown = bloom_window_get_session (window);
  BloomOperation *expected_op, *shown_op;
  g_autofree char *position = g_strdup_printf ("Step %u of %u", index + 1,
                                               bloom_lecture_get_n_steps (lecture));
  g_autofree char *expected_bits = NULL;
  g_autofree char *shown_bits = NULL;
  const char *caption = bloom_lecture_step_get_caption (bloom_lecture_get_step (lecture, index));
  const char *views[] = { "grid", "operation_view", "counters_view", "hash_table" };
  BloomLectureBar *bar = find_bar (GTK_WIDGET (window));

  g_assert_true (bloom_lecture_replay_to (lecture, replayed, index, &error));
  g_assert_no_error (error);

  g_assert_true (presenting (window));
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    g_assert_true (bloom_session_view_get_session (BLOOM_SESSION_VIEW (child (window, views[i]))) == shown);

  expected_bits = bits_of (replayed);
  shown_bits = bits_of (shown);
  g_assert_cmpstr (shown_bits, ==, expected_bits);
  g_assert_cmpuint (bloom_session_get_n_entries (shown), ==, bloom_session_get_n_entries (replayed));
  g_assert_cmpuint (bloom_session_get_negative_queries (shown), ==,
                    bloom_session_get_negative_queries (replayed));
  g_assert_cmpuint (bloom_session_get_false_positives (shown), ==,
                    bloom_session_get_false_positives (replayed));
  expected_op = bloom_session_get_last_operation (replayed);
  shown_op = bloom_session_get_last_operation (shown);
  g_assert_true ((expected_op == NULL) == (shown_op == NULL));
  if (expected_op != NULL)
    {
      g_assert_cmpint (bloom_operation_get_kind (shown_op), ==, bloom_operation_get_kind (expected_op));
      g_assert_cmpint (bloom_operation_get_outcome (shown_op), ==,
                       bloom_operation_get_outcome (expected_op));
      g_assert_cmpstr (bloom_operation_get_text (shown_op, NULL), ==,
                       bloom_operation_get_text (expected_op, NULL));
    }

  g_assert_nonnull (bar);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_cmpstr (bloom_lecture_bar_get_position (bar), ==, position);
  g_assert_cmpstr (bloom_lecture_bar_get_caption (bar), ==, caption != NULL ? caption : "");
}

/* The view state of this lecture's steps (indices from 0): sections,
 * zoom, step-through, experiment. */
static void
assert_view (BloomWindow *window,
             guint        index,
             guint        user_zoom)
{
  gboolean positions_open = index >= 3 && index < 11;
  gboolean experiment_open = index >= 9;
  guint revealed = 0;

  g_object_get (window, "revealed-steps", &revealed, NULL);
  g_assert_cmpint (gtk_expander_get_expanded (GTK_EXPANDER (child (window, "positions_expander"))), ==,
                   positions_open);
  g_assert_cmpint (gtk_expander_get_expanded (GTK_EXPANDER (child (window, "experiment_expander"))), ==,
                   experiment_open);
  /* The user's "model" section is the user's, not the lecture's. */
  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (child (window, "details_expander"))));
  g_assert_cmpuint (bloom_window_get_zoom (window), ==, index >= 8 ? 150 : user_zoom);
  g_assert_cmpuint (revealed, ==, index >= 7 ? 2 : G_MAXUINT);
}

static gboolean
experiment_done (BloomWindow *window)
{
  BloomExperimentView *view = BLOOM_EXPERIMENT_VIEW (child (window, "experiment_view"));

  return !bloom_experiment_view_get_running (view) && bloom_experiment_view_get_result (view) != NULL;
}

/* `bloom-lab strangers.bloomlab-lecture`: the lecture plays from step 1;
 * Page Down and Page Up step through it both ways, each step as replay
 * says; Escape gives back the user's session, drafts, sections, zoom and
 * stored file exactly as they were. */
static void
test_present (void)
{
  g_autoptr(GFile) file = write_lecture ("strangers.bloomlab-lecture", lecture_json, -1);
  g_autoptr(BloomLecture) lecture = bloom_lecture_new_from_data (lecture_json, -1, NULL);
  guint n_steps = bloom_lecture_get_n_steps (lecture);
  g_autofree char *stored_before = NULL;
  g_autofree char *stored_after = NULL;
  g_autofree char *drafts_before = NULL;
  g_autofree char *drafts_after = NULL;
  g_autofree char *state_before = NULL;
  g_autofree char *state_after = NULL;
  BloomWindow *window;
  guint user_zoom;

  g_assert_nonnull (lecture);
  g_application_activate (application);
  window = BLOOM_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (application)));
  make_user_session ();
  bloom_window_set_zoom (window, 125);
  user_zoom = bloom_window_get_zoom (window);
  stored_before = stored_file ();
  drafts_before = drafts ();
  state_before = bloom_state_to_json (user_session (), NULL);

  g_assert_true (open_with_application (file) == window);
  wait_until (presenting, window);
  g_assert_null (file_message (window));
  /* The fields hand what is typed to the user's session: hidden. */
  g_assert_false (gtk_widget_is_visible (child (window, "text_entry")));

  for (guint i = 0; i < n_steps; i++)
    {
      if (i > 0)
        g_assert_true (press (window, GDK_KEY_Page_Down));
      assert_step (window, lecture, i);
      assert_view (window, i, user_zoom);
      if (i == 10)
        {
          wait_until (experiment_done, window);
          g_assert_cmpuint (bloom_experiment_view_get_result (
                              BLOOM_EXPERIMENT_VIEW (child (window, "experiment_view")))->seed, ==, 7);
        }
    }
  /* Meanwhile the user's drafts, sections and zoom stayed stored as they
   * were: the lecture's zoom and sections are its own. */
  drafts_after = drafts ();
  g_assert_cmpstr (drafts_after, ==, drafts_before);
  g_clear_pointer (&drafts_after, g_free);

  /* Past the end it stays at the end. */
  g_assert_true (press (window, GDK_KEY_Page_Down));
  assert_step (window, lecture, n_steps - 1);

  for (guint i = n_steps - 1; i-- > 0;)
    {
      g_assert_true (press (window, GDK_KEY_Page_Up));
      assert_step (window, lecture, i);
      assert_view (window, i, user_zoom);
      /* Before its step, no experiment is shown. */
      if (i < 10)
        g_assert_null (bloom_experiment_view_get_result (
                         BLOOM_EXPERIMENT_VIEW (child (window, "experiment_view"))));
    }

  /* The other keys of a remote. */
  g_assert_true (press (window, GDK_KEY_End));
  assert_step (window, lecture, n_steps - 1);
  g_assert_true (press (window, GDK_KEY_Home));
  assert_step (window, lecture, 0);
  g_assert_true (press (window, GDK_KEY_space));
  g_assert_true (press (window, GDK_KEY_Right));
  g_assert_true (press (window, GDK_KEY_Return));
  assert_step (window, lecture, 3);
  g_assert_true (press (window, GDK_KEY_Left));
  g_assert_true (press (window, GDK_KEY_BackSpace));
  assert_step (window, lecture, 1);

  /* Nothing was stored meanwhile (the store gathers over 400 ms). */
  g_usleep (600 * 1000);
  settle ();

  g_assert_true (press (window, GDK_KEY_Escape));
  g_assert_false (presenting (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (find_bar (GTK_WIDGET (window)))));
  g_assert_true (gtk_widget_is_visible (child (window, "text_entry")));
  g_assert_true (bloom_session_view_get_session (BLOOM_SESSION_VIEW (child (window, "grid"))) ==
                 user_session ());
  g_assert_cmpuint (bloom_window_get_zoom (window), ==, user_zoom);
  g_assert_true (gtk_expander_get_expanded (GTK_EXPANDER (child (window, "details_expander"))));
  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (child (window, "positions_expander"))));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (window, "text_entry"))), ==,
                   "half typed");
  /* Escape is the window's own again. */
  g_assert_false (press (window, GDK_KEY_Escape));

  bloom_session_store_flush (bloom_application_get_store (BLOOM_APPLICATION (application)));
  stored_after = stored_file ();
  drafts_after = drafts ();
  state_after = bloom_state_to_json (user_session (), NULL);
  g_assert_cmpstr (stored_after, ==, stored_before);
  g_assert_cmpstr (drafts_after, ==, drafts_before);
  g_assert_cmpstr (state_after, ==, state_before);

  close_window (window);
}

/* B and "." black the screen out and bring it back; Escape on a blank
 * screen brings it back first; a step unblanks. */
static void
test_blank (void)
{
  g_autoptr(GFile) file = write_lecture ("blank.bloomlab-lecture", lecture_json, -1);
  BloomWindow *window = open_with_application (file);
  GtkWidget *cover;

  wait_until (presenting, window);
  cover = find_cover (GTK_WIDGET (window));
  g_assert_nonnull (cover);
  g_assert_false (gtk_widget_get_visible (cover));

  g_assert_true (press (window, GDK_KEY_b));
  g_assert_true (gtk_widget_get_visible (cover));
  g_assert_true (press (window, GDK_KEY_b));
  g_assert_false (gtk_widget_get_visible (cover));
  g_assert_true (press (window, GDK_KEY_period));
  g_assert_true (gtk_widget_get_visible (cover));
  g_assert_true (press (window, GDK_KEY_period));
  g_assert_false (gtk_widget_get_visible (cover));

  g_assert_true (press (window, GDK_KEY_B));
  g_assert_true (press (window, GDK_KEY_Escape));
  g_assert_false (gtk_widget_get_visible (cover));
  g_assert_true (presenting (window));

  g_assert_true (press (window, GDK_KEY_period));
  g_assert_true (press (window, GDK_KEY_Page_Down));
  g_assert_false (gtk_widget_get_visible (cover));

  g_assert_true (press (window, GDK_KEY_Escape));
  g_assert_false (presenting (window));
  g_assert_false (gtk_widget_get_visible (cover));
  close_window (window);
}

static char *
lecture_with_steps (const char *steps)
{
  return g_strdup_printf ("{ \"format\": \"bloom-lab-lecture\", \"version\": 1, \"title\": \"t\", "
                          "\"steps\": [ %s ] }", steps);
}

/* Each refusal is said in the window, naming the step where a step is
 * wrong, and nothing runs: the user's session stays shown and as it was. */
static void
test_refused (void)
{
  g_autofree char *long_text = g_strnfill (257, 'x');
  g_autofree char *too_long_step = g_strdup_printf ("{ \"create\": { \"m\": 8, \"k\": 1 } }, "
                                                    "{ \"insert\": \"%s\" }", long_text);
  g_autofree char *many = NULL;
  g_autofree char *fifo = g_build_filename (work_dir, "pipe.bloomlab-lecture", NULL);
  g_autofree char *huge = g_malloc (4 * 1024 * 1024);
  GString *values = g_string_new ("[0");
  const struct
  {
    const char *name;
    char       *contents;
    const char *words;
  } cases[] = {
    { "unknown.bloomlab-lecture", lecture_with_steps ("{ \"say\": \"x\" }, { \"delete\": \"a\" }"),
      "Step 2: “delete” is not an action Bloom Lab knows." },
    { "m.bloomlab-lecture",
      lecture_with_steps ("{}, {}, {}, {}, {}, {}, { \"create\": { \"m\": 4096, \"k\": 1 } }"),
      "Step 7: m must be between 8 and 1024." },
    { "k.bloomlab-lecture", lecture_with_steps ("{ \"create\": { \"m\": 8, \"k\": 13 } }"),
      "Step 1: k must be between 1 and 12." },
    { "long.bloomlab-lecture", lecture_with_steps (too_long_step),
      "Step 2: “insert” must be from 1 to 256 characters (UTF-16 units) long." },
    { "empty.bloomlab-lecture",
      lecture_with_steps ("{ \"create\": { \"m\": 8, \"k\": 1 } }, { \"query\": \"\" }"),
      "Step 2: “query” must be from 1 to 256 characters (UTF-16 units) long." },
    { "utf8.bloomlab-lecture", lecture_with_steps ("{ \"say\": \"caf\xc3\" }"), "not valid UTF-8" },
    { "values.bloomlab-lecture", NULL, "values" },
    { "huge.bloomlab-lecture", NULL, "more than" },
    { "pipe.bloomlab-lecture", NULL, "not a regular file" },
  };
  BloomWindow *window = NULL;

  for (guint i = 0; i < 3000; i++)
    g_string_append (values, ",0");
  g_string_append (values, "]");
  many = g_strdup_printf ("{ \"format\": \"bloom-lab-lecture\", \"version\": 1, \"title\": \"t\", "
                          "\"steps\": [ {} ], \"extra\": %s }", values->str);
  g_string_free (values, TRUE);
  memset (huge, ' ', 4 * 1024 * 1024);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GFile) file = NULL;
      g_autofree char *before = bloom_state_to_json (user_session (), NULL);
      g_autofree char *after = NULL;
      const char *message;

      if (cases[i].contents != NULL)
        file = write_lecture (cases[i].name, cases[i].contents, -1);
      else if (g_str_equal (cases[i].name, "values.bloomlab-lecture"))
        file = write_lecture (cases[i].name, many, -1);
      else if (g_str_equal (cases[i].name, "huge.bloomlab-lecture"))
        file = write_lecture (cases[i].name, huge, 4 * 1024 * 1024);
      else
        file = g_file_new_for_path (fifo);

      if (window == NULL)
        window = open_with_application (file);
      else
        {
          gtk_widget_activate_action (GTK_WIDGET (window), "session.dismiss-message", NULL);
          g_application_open (application, &file, 1, "");
        }

      wait_until (message_shown, window);
      message = file_message (window);
      g_test_message ("%s: %s", cases[i].name, message);
      g_assert_true (g_str_has_prefix (message, "Could not open the lecture “"));
      g_assert_nonnull (strstr (message, cases[i].words));
      g_assert_true (g_str_has_suffix (message, " Nothing was run."));
      g_assert_false (presenting (window));
      after = bloom_state_to_json (user_session (), NULL);
      g_assert_cmpstr (after, ==, before);
      g_free (cases[i].contents);
    }

  g_unlink (fifo);
  close_window (window);
}

/* A widget showing @text, whichever kind of label it is. */
static gboolean
shows_text (GtkWidget     *widget,
            gconstpointer  text)
{
  if (BLOOM_IS_VALUE_LABEL (widget))
    return g_str_equal (bloom_value_label_get_text (BLOOM_VALUE_LABEL (widget)), text);
  if (GTK_IS_LABEL (widget))
    return g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), text);

  return FALSE;
}

/* The bar's title (the lecture's), beside "Step 3 of 10", is laid out
 * only at the widths it is given. A row asks each child how wide it must
 * be at the row's height, and a wrapping GtkLabel answers that by laying
 * its text out at width after width: 1112 layouts of the example's title
 * in its first nine steps on GTK 4.8 (which change the zoom, and so the
 * widths), though the title never changed, and 71 on GTK 4.18; now 37
 * and 16. */
static void
test_title_layouts (void)
{
  BloomWindow *window = BLOOM_WINDOW (bloom_window_new (GTK_APPLICATION (application),
                                                        bloom_application_get_store (BLOOM_APPLICATION (application))));
  const guint n_steps = 9;
  const char *example_title = "Why a Bloom filter says yes to strangers";
  GtkWidget *title;
  guint n_widths;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "session.open-example-lecture", NULL));
  wait_until (presenting, window);
  title = window_find (GTK_WIDGET (find_bar (GTK_WIDGET (window))), shows_text, example_title);
  g_assert_nonnull (title);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  layout_widths_watch (example_title);
  for (guint i = 0; i < n_steps; i++)
    {
      g_assert_true (press (window, GDK_KEY_Page_Down));
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
    }
  n_widths = layout_widths_stop ();
  g_test_message ("in %u steps, the title was laid out at %u widths", n_steps, n_widths);
  g_assert_cmpuint (n_widths, <=, 5 * n_steps);

  g_assert_true (press (window, GDK_KEY_Escape));
  close_window (window);
}

/* Help: "Open Example Lecture", the one that ships with the app. */
static void
test_example (void)
{
  BloomWindow *window = BLOOM_WINDOW (bloom_window_new (GTK_APPLICATION (application),
                                                        bloom_application_get_store (BLOOM_APPLICATION (application))));
  BloomLectureBar *bar;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "session.open-example-lecture", NULL));
  wait_until (presenting, window);
  bar = find_bar (GTK_WIDGET (window));
  g_assert_cmpstr (bloom_lecture_bar_get_caption (bar), ==, "Eight bits, one hash position per string");
  g_assert_cmpstr (bloom_lecture_bar_get_position (bar), ==, "Step 1 of 10");
  g_assert_true (press (window, GDK_KEY_Escape));
  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  /* The application's stored session goes to the test's own state
   * directory (removed at exit), not to the user's. */
  test_isolate_environment ();
  work_dir = g_dir_make_tmp ("bloom-lab-lecture-XXXXXX", &error);
  g_assert_no_error (error);

  gtk_test_init (&argc, &argv, NULL);

  application = G_APPLICATION (bloom_application_new ());
  /* Its own instance, whatever else runs on this session bus. */
  g_application_set_flags (application, G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_application_register (application, NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/lecture-window/present", test_present);
  g_test_add_func ("/lecture-window/blank", test_blank);
  g_test_add_func ("/lecture-window/refused", test_refused);
  g_test_add_func ("/lecture-window/example", test_example);
  g_test_add_func ("/lecture-window/title-layouts", test_title_layouts);

  status = g_test_run ();
  g_clear_object (&application);

  {
    g_autoptr(GDir) dir = g_dir_open (work_dir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (work_dir, name, NULL);

        g_unlink (path);
      }
  }
  g_rmdir (work_dir);
  g_free (work_dir);

  return status;
}
