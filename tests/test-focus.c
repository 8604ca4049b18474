/* test-focus.c — what a newcomer and a keyboard user meet: the first
 * start, the cursor line, Tab through the whole window, the focus ring
 *
 * Runs in English (the window suite) and, with BLOOM_TEST_LOCALEDIR set,
 * in German as tests/meson.build sets it up for test-window-de: longer
 * words are where labels used to report negative widths.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <locale.h>

#include "bloom-application.h"
#include "bloom-bit-grid.h"
#include "bloom-window.h"
#include "window-fixture.h"
#include "test-isolation.h"

/* The most widgets the walk may pass before the focus must be back. */
#define MAX_STOPS 400

static void
open_every_section (Fixture *fixture)
{
  const char *expanders[] = {
    "positions_expander", "details_expander", "plot_expander", "entries_expander",
    "experiment_expander",
  };

  for (guint i = 0; i < G_N_ELEMENTS (expanders); i++)
    gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, expanders[i])), TRUE);
  wait_for_draw (fixture);
  settle ();
}

/* One Tab (or Shift+Tab) as the window's key binding sends it, after the
 * frame a person would see first: GTK orders Tab stops by where widgets
 * were laid out, so a walk started before the layout of a new filter's
 * grid met the grid at the top (it failed 1 run in 8). */
static GtkWidget *
tab (Fixture          *fixture,
     GtkDirectionType  direction)
{
  wait_for_draw (fixture);
  /* GTK's own Tab key press shows the focus ring again, and keeps it for
   * 3 s after; a slow walk outlasts that. */
  gtk_window_set_focus_visible (GTK_WINDOW (fixture->window), TRUE);
  g_signal_emit_by_name (fixture->window, "move-focus", direction);
  settle ();

  return gtk_root_get_focus (GTK_ROOT (fixture->window));
}

/* Tabs from the focus until it comes back: every stop is shown, and the
 * walk passes @must_pass. Returns how many stops it made. */
static guint
walk (Fixture          *fixture,
      GtkDirectionType  direction,
      const char       *must_pass[])
{
  GtkWidget *start = gtk_root_get_focus (GTK_ROOT (fixture->window));
  g_autoptr(GPtrArray) passed = g_ptr_array_new ();
  GtkWidget *focus;
  guint stops = 0;

  g_assert_nonnull (start);
  do
    {
      focus = tab (fixture, direction);
      g_assert_nonnull (focus);
      if (!gtk_widget_get_mapped (focus) || !gtk_widget_is_drawable (focus))
        g_error ("Tab stop %u, a %s, is not shown", stops, G_OBJECT_TYPE_NAME (focus));
      g_ptr_array_add (passed, focus);
      g_test_message ("%s stop %u: %s %s", direction == GTK_DIR_TAB_FORWARD ? "Tab" : "Shift+Tab",
                      stops, G_OBJECT_TYPE_NAME (focus),
                      gtk_buildable_get_buildable_id (GTK_BUILDABLE (focus)) ?: "");
      stops++;
    }
  while (focus != start && stops < MAX_STOPS);

  g_assert_true (focus == start);
  for (guint i = 0; must_pass[i] != NULL; i++)
    {
      GtkWidget *wanted = child (fixture, must_pass[i]);
      gboolean found = FALSE;

      for (guint j = 0; j < passed->len && !found; j++)
        found = passed->pdata[j] == wanted || gtk_widget_is_ancestor (passed->pdata[j], wanted);
      if (!found)
        g_error ("Tab never reached %s", must_pass[i]);
    }

  return stops;
}

/* Tab and Shift+Tab go round the whole window, expanded sections and the
 * header bar included, and only through widgets on screen. With
 * G_DEBUG=fatal-warnings any CRITICAL on the way, or a label measured
 * narrower than nothing, fails the test. */
static void
test_tab_through (Fixture       *fixture,
                  gconstpointer  data)
{
  const char *must_pass[] = {
    "primary_menu_button", "m_spin", "k_spin", "create_button", "reset_button",
    "example_button", "text_entry", "grid", "positions_expander", "entries_expander",
    "experiment_expander", NULL,
  };
  guint forward, backward;

  create_filter (fixture, "64", "3");
  activate (fixture, "filter.example");
  run (fixture, "filter.query", "zebra");
  gtk_widget_grab_focus (child (fixture, "text_entry"));

  /* Collapsed sections first: GTK 4.8's expander offers its unparented
   * child the focus. */
  forward = walk (fixture, GTK_DIR_TAB_FORWARD, must_pass);
  backward = walk (fixture, GTK_DIR_TAB_BACKWARD, must_pass);
  g_assert_cmpuint (forward, ==, backward);

  /* Open, their contents are on the way. */
  open_every_section (fixture);
  forward = walk (fixture, GTK_DIR_TAB_FORWARD, (const char *[]) { "experiment_view", NULL });
  backward = walk (fixture, GTK_DIR_TAB_BACKWARD, must_pass);
  g_assert_cmpuint (forward, ==, backward);

  /* Without a filter, fewer widgets: the walk still comes round. */
  type_into (fixture, "m_spin", "65");
  gtk_widget_grab_focus (child (fixture, "m_spin"));
  walk (fixture, GTK_DIR_TAB_FORWARD, (const char *[]) { "create_button", NULL });
}

/* The notice's first words, in the languages the test runs in. */
static const char *
intro_start (void)
{
  return g_strcmp0 (g_getenv ("LANGUAGE"), "de") == 0 ? "Ein Bloom-Filter ist ein Feld aus m Bits"
                                                       : "A Bloom filter is an array of m bits";
}

/* Before any filter the page says what a Bloom filter is and offers the
 * example in one click; the grid's legend comes with the grid. The
 * counter names what it counts, and the cursor line waits for the grid's
 * cursor to be used. */
static void
test_first_start (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *caption = g_strdup_printf (_("Strings stored (at most %d)"), 1024);
  GtkWidget *grid = child (fixture, "grid");
  BloomFilter *filter;

  g_assert_true (gtk_widget_get_mapped (child (fixture, "notice_label")));
  g_assert_true (g_str_has_prefix (label_text (fixture, "notice_label"), intro_start ()));
  g_assert_true (gtk_widget_get_mapped (child (fixture, "start_example_button")));
  g_assert_false (gtk_widget_get_mapped (child (fixture, "grid_legend")));
  g_assert_false (gtk_widget_get_mapped (child (fixture, "cursor_view")));
  g_assert_cmpstr (label_text (fixture, "entries_caption"), ==, caption);
  if (g_getenv ("BLOOM_TEST_LOCALEDIR") == NULL)
    g_assert_cmpstr (caption, ==, "Strings stored (at most 1024)");

  /* SPEC E1 at m = 8, k = 1: every bit set. */
  activate (fixture, "filter.start-example");
  wait_for_draw (fixture);
  filter = bloom_session_get_filter (fixture->session);
  g_assert_nonnull (filter);
  g_assert_cmpuint (bloom_filter_get_m (filter), ==, 8);
  g_assert_cmpuint (bloom_filter_get_k (filter), ==, 1);
  g_assert_cmpuint (bloom_filter_count_set_bits (filter), ==, 8);
  g_assert_cmpstr (label_text (fixture, "entries_value"), ==, "8");
  g_assert_false (gtk_widget_get_mapped (child (fixture, "start_example_button")));
  g_assert_true (gtk_widget_get_mapped (child (fixture, "grid_legend")));
  g_assert_true (gtk_widget_get_mapped (grid));

  /* Bit 0 under a cursor nobody moved: no line yet. */
  g_assert_false (gtk_widget_get_mapped (child (fixture, "cursor_view")));
  gtk_widget_grab_focus (grid);
  wait_for_draw (fixture);
  g_assert_true (gtk_widget_get_mapped (child (fixture, "cursor_view")));
  g_assert_true (g_str_has_prefix (label_text (fixture, "cursor_label"), "Bit 0: 1"));
}

/* Escape pressed on @widget: what its key controllers, or those of its
 * ancestors, do with it (a popover closes in its own handler). */
static gboolean
press_escape (GtkWidget *widget)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
          gboolean handled = FALSE;

          if (!GTK_IS_EVENT_CONTROLLER_KEY (controller))
            continue;
          g_signal_emit_by_name (controller, "key-pressed", GDK_KEY_Escape, 9, 0, &handled);
          if (handled)
            {
              settle ();
              return TRUE;
            }
        }
    }

  return FALSE;
}

/* The main menu opened from the keyboard and closed with Escape: the
 * focus is back on its button, and the ring still shows where. */
static void
test_ring_after_popover (Fixture       *fixture,
                         gconstpointer  data)
{
  GtkWidget *button = child (fixture, "primary_menu_button");
  GtkPopover *popover;
  GtkWidget *inside;

  gtk_widget_grab_focus (button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  wait_for_draw (fixture);
  settle ();
  /* Built as it opens (test-window menu-built-when-opened). */
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));

  inside = gtk_root_get_focus (GTK_ROOT (fixture->window));
  g_assert_true (inside != NULL && gtk_widget_is_ancestor (inside, GTK_WIDGET (popover)));
  /* The key press shows the ring, as GTK's own handling of a key does
   * (for 3 s: set here, not earlier, however slow the machine). */
  gtk_window_set_focus_visible (GTK_WINDOW (fixture->window), TRUE);
  g_assert_true (press_escape (inside));
  wait_for_draw (fixture);

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));
  /* On the menu button's own toggle button. */
  inside = gtk_root_get_focus (GTK_ROOT (fixture->window));
  g_assert_true (inside != NULL && gtk_widget_is_ancestor (inside, button));
  g_assert_true (gtk_window_get_focus_visible (GTK_WINDOW (fixture->window)));
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("BLOOM_TEST_LOCALEDIR");

  test_isolate_environment ();
  gtk_test_init (&argc, &argv, NULL);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  /* In a translated run, as test-window-de: the environment's locale and
   * the build tree's translations. */
  if (localedir != NULL)
    {
      bloom_application_setup_locale ();
      g_assert_cmpstr (setlocale (LC_ALL, NULL), ==, g_getenv ("LC_ALL"));
      bindtextdomain (GETTEXT_PACKAGE, localedir);
    }

#define ADD(path, func) \
  g_test_add ("/focus/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("first-start", test_first_start);
  ADD ("tab-through", test_tab_through);
  ADD ("ring-after-popover", test_ring_after_popover);

#undef ADD

  return g_test_run ();
}
