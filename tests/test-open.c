/* test-open.c — session files from the desktop: `bloom-lab FILE` (the
 * application's "open"), a file dropped on the window, and what cannot be
 * opened, each with a message in the window, which stays usable
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <sys/stat.h>
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/wayland/gdkwayland.h>
#endif

#include "bloom-application.h"
#include "bloom-window.h"
#include "test-isolation.h"
#include "window-child.h"

static char *work_dir;
/* One application for the whole program: once registered on the bus it
 * stays so. */
static GApplication *application;

static GtkWidget *
child (BloomWindow *window,
       const char  *name)
{
  return window_child (GTK_WIDGET (window), name);
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

/* Runs the main loop until @window shows a file message, for at most ten
 * seconds, and says how long the loop was ever kept from running. */
static const char *
wait_for_file_message (BloomWindow *window,
                       gint64      *longest_gap_us)
{
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (10, timed_out, &expired);
  gint64 last = g_get_monotonic_time ();

  *longest_gap_us = 0;
  while (file_message (window) == NULL && !expired)
    {
      gint64 now;

      g_main_context_iteration (NULL, FALSE);
      now = g_get_monotonic_time ();
      *longest_gap_us = MAX (*longest_gap_us, now - last);
      last = now;
      g_usleep (1000);
      last += 1000;
    }

  g_assert_false (expired);
  g_source_remove (timeout);

  return file_message (window);
}

static char *
fixture_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "state-v1.json", NULL);
}

/* A copy of the format's fixture under the name Export proposes. */
static GFile *
lecture_file (void)
{
  g_autofree char *source = fixture_path ();
  g_autofree char *path = g_build_filename (work_dir, "lecture.bloomlab.json", NULL);
  g_autofree char *contents = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (source, &contents, &len, NULL));
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
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* `bloom-lab lecture.bloomlab.json`: the session in the file, as Import
 * would give it. */
static void
test_command_line (void)
{
  g_autoptr(GFile) file = lecture_file ();
  BloomWindow *window = open_with_application (file);
  BloomSession *session = bloom_window_get_session (window);
  gint64 gap;
  const char *message = wait_for_file_message (window, &gap);

  g_assert_cmpstr (message, ==, "Imported the session from “lecture.bloomlab.json”.");
  g_assert_nonnull (bloom_session_get_filter (session));
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (session)), ==, 64);
  g_assert_cmpuint (bloom_session_get_n_entries (session), ==, 12);
  /* Like an import, Ctrl+Z brings back what was there. */
  g_assert_true (bloom_session_get_can_undo (session));
  close_window (window);
}

/* The window's icon: X11 window managers show the one a window hands
 * them. On Wayland GDK drops it, so the app asks for none there (GTK would
 * load and draw the SVG before the first frame for nothing). */
static void
test_window_icon (void)
{
  const char *expected = APPLICATION_ID;

#ifdef GDK_WINDOWING_WAYLAND
  if (GDK_IS_WAYLAND_DISPLAY (gdk_display_get_default ()))
    expected = NULL;
#endif
  g_assert_cmpstr (gtk_window_get_default_icon_name (), ==, expected);
}

/* What cannot be opened is said in the window, at once, and the window
 * stays as it was: a pipe (never read, so nothing blocks), a device, a
 * folder, a file that is not there, a file that is not a session. */
static void
test_refused (void)
{
  g_autofree char *fifo = g_build_filename (work_dir, "pipe.bloomlab.json", NULL);
  g_autofree char *invalid = g_build_filename (work_dir, "notes.bloomlab.json", NULL);
  g_autofree char *missing = g_build_filename (work_dir, "missing.bloomlab.json", NULL);
  const struct { const char *path; const char *words; } cases[] = {
    { fifo, "not a regular file" },
    { "/dev/zero", "not a regular file" },
    { work_dir, "folder" },
    { missing, "no such file" },
    { invalid, "not valid JSON" },
  };
  BloomWindow *window = NULL;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_true (g_file_set_contents (invalid, "{ this is not JSON", -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (cases[i].path);
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      const char *message;
      gint64 gap;

      if (window == NULL)
        window = open_with_application (file);
      else
        {
          gtk_widget_activate_action (GTK_WIDGET (window), "session.dismiss-message", NULL);
          g_application_open (application, &file, 1, "");
        }
      before = bloom_state_to_json (bloom_window_get_session (window), NULL);

      message = wait_for_file_message (window, &gap);
      g_test_message ("%s: %s (main loop held for at most %" G_GINT64_FORMAT " µs)",
                      cases[i].path, message, gap);
      g_assert_true (g_str_has_prefix (message, "Could not import"));
      g_assert_nonnull (strstr (message, cases[i].words));
      /* Never blocked: a pipe that was read would hold it for good. (The
       * window's frames run in this loop too, so the bound is loose; the
       * 50 ms of reading alone is test-session-file's.) */
      g_assert_cmpint (gap, <, G_USEC_PER_SEC);
      after = bloom_state_to_json (bloom_window_get_session (window), NULL);
      g_assert_cmpstr (after, ==, before);
      /* Still usable. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "filter.create", NULL));
    }

  g_unlink (fifo);
  g_unlink (invalid);
  close_window (window);
}

static GtkDropTarget *
find_drop_target (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }

  return NULL;
}

/* A file from Files dropped anywhere on the window opens as Import. */
static void
test_drop (void)
{
  g_autoptr(BloomSessionStore) store = bloom_session_store_new_scratch ();
  BloomSession *session = bloom_session_store_get_session (store);
  BloomWindow *window = bloom_window_new (NULL, store);
  g_autoptr(GFile) file = lecture_file ();
  GtkDropTarget *target;
  g_auto(GValue) value = G_VALUE_INIT;
  GSList *files = g_slist_append (NULL, file);
  gboolean handled = FALSE;
  gint64 gap;

  g_object_ref_sink (window);
  gtk_window_present (GTK_WINDOW (window));
  target = find_drop_target (GTK_WIDGET (window));
  g_assert_nonnull (target);
  g_assert_cmpuint (gtk_drop_target_get_actions (target) & GDK_ACTION_COPY, ==, GDK_ACTION_COPY);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_slist_free (files);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &handled);
  g_assert_true (handled);

  g_assert_cmpstr (wait_for_file_message (window, &gap), ==,
                   "Imported the session from “lecture.bloomlab.json”.");
  g_assert_cmpuint (bloom_filter_get_m (bloom_session_get_filter (session)), ==, 64);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
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
  work_dir = g_dir_make_tmp ("bloom-lab-open-XXXXXX", &error);
  g_assert_no_error (error);

  gtk_test_init (&argc, &argv, NULL);

  application = G_APPLICATION (bloom_application_new ());
  /* Its own instance, whatever else runs on this session bus. */
  g_application_set_flags (application, G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_application_register (application, NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/open/command-line", test_command_line);
  g_test_add_func ("/open/refused", test_refused);
  g_test_add_func ("/open/drop", test_drop);
  g_test_add_func ("/open/window-icon", test_window_icon);

  status = g_test_run ();
  g_clear_object (&application);

  {
    g_autofree char *lecture = g_build_filename (work_dir, "lecture.bloomlab.json", NULL);

    g_unlink (lecture);
  }
  g_rmdir (work_dir);
  g_free (work_dir);

  return status;
}
