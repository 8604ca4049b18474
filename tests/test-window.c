/* test-window.c — the real window, driven through its actions and fields
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define _GNU_SOURCE  /* RTLD_NEXT */

#include "config.h"

#include <dlfcn.h>
#include <gtk/gtk.h>
#include <string.h>

#include "bloom-bit-grid.h"
#include "bloom-details-view.h"
#include "bloom-entries-view.h"
#include "bloom-gtk-compat.h"
#include "bloom-hash-table.h"
#include "bloom-value-label.h"
#include "bloom-verdict-icon.h"
#include "bloom-window.h"
#include "layout-widths.h"
#include "window-child.h"
#include "window-fixture.h"
#include "test-isolation.h"

static gboolean
label_shown (Fixture    *fixture,
             const char *name)
{
  return gtk_widget_get_visible (child (fixture, name)) && *label_text (fixture, name) != '\0';
}

/* The window's button for @action is sensitive exactly when the action is
 * enabled; the button is what a user sees greyed. */
static gboolean
action_enabled (Fixture    *fixture,
                const char *action)
{
  g_autofree char *name = g_strdup_printf ("%s_button", strchr (action, '.') + 1);
  GtkWidget *button = child (fixture, name);

  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, action);

  return gtk_widget_get_sensitive (button);
}

/* E2 from the keyboard's point of view: fields, actions, what is shown. */
static void
test_seed_example (Fixture       *fixture,
                   gconstpointer  data)
{
  create_filter (fixture, "8", "1");
  g_assert_false (label_shown (fixture, "m_message"));
  /* The keyboard moves on to the string field. */
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (fixture->window)),
                                         child (fixture, "text_entry")));

  run (fixture, "filter.insert", "a");
  g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "Inserted");
  g_assert_cmpstr (label_text (fixture, "operation_text"), ==, "\"a\"");
  g_assert_cmpstr (label_text (fixture, "entries_value"), ==, "1");
  g_assert_cmpstr (label_text (fixture, "rate_value"), ==, "undefined: no negative queries yet");

  run (fixture, "filter.query", "i");
  g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "False positive");
  g_assert_cmpstr (label_text (fixture, "operation_label"), ==, "Query");

  run (fixture, "filter.query", "a");
  g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "Contained");

  run (fixture, "filter.query", "b");
  g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "Definitely not contained");
  g_assert_cmpstr (label_text (fixture, "verdict_detail"), ==, "Bit 5 is 0, so it was never inserted.");

  g_assert_cmpstr (label_text (fixture, "negatives_value"), ==, "2");
  g_assert_cmpstr (label_text (fixture, "false_positives_value"), ==, "1");
  g_assert_cmpstr (label_text (fixture, "rate_value"), ==, "1/2 = 0.5");
  g_assert_cmpuint (bloom_session_get_false_positives (fixture->session), ==, 1);
  wait_for_draw (fixture);
}

/* E1 at m = 8, k = 1 fills every bit; any new string is then a false
 * positive. */
static void
test_example_then_false_positive (Fixture       *fixture,
                                  gconstpointer  data)
{
  BloomFilter *filter;

  create_filter (fixture, "8", "1");
  activate (fixture, "filter.example");
  filter = bloom_session_get_filter (fixture->session);
  g_assert_cmpuint (bloom_filter_count_set_bits (filter), ==, 8);
  g_assert_cmpstr (label_text (fixture, "operation_text"), ==, "\"h\"");
  g_assert_cmpstr (label_text (fixture, "entries_value"), ==, "8");

  run (fixture, "filter.query", "zz");
  g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "False positive");
  g_assert_cmpstr (label_text (fixture, "rate_value"), ==, "1/1 = 1");
  wait_for_draw (fixture);
}

/* F3: a changed field discards the filter, says so, disables Insert and
 * Query, and Undo brings everything back. */
static void
test_discard_on_change (Fixture       *fixture,
                        gconstpointer  data)
{
  create_filter (fixture, "64", "3");
  run (fixture, "filter.insert", "x");

  /* The same value, typed differently, changes nothing. */
  type_into (fixture, "m_spin", "064");
  g_assert_nonnull (bloom_session_get_filter (fixture->session));

  type_into (fixture, "m_spin", "65");
  g_assert_null (bloom_session_get_filter (fixture->session));
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (child (fixture, "notice_revealer"))));
  g_assert_nonnull (strstr (label_text (fixture, "notice_label"), "discarded"));
  g_assert_true (gtk_widget_get_visible (child (fixture, "undo_button")));
  g_assert_false (action_enabled (fixture, "filter.insert"));
  g_assert_false (action_enabled (fixture, "filter.query"));
  g_assert_true (action_enabled (fixture, "filter.undo"));
  g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "None yet");

  activate (fixture, "filter.undo");
  g_assert_nonnull (bloom_session_get_filter (fixture->session));
  g_assert_true (bloom_session_contains (fixture->session, "x", -1));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (fixture, "m_spin"))), ==, "064");
  g_assert_true (action_enabled (fixture, "filter.insert"));
  g_assert_false (action_enabled (fixture, "filter.undo"));
  g_assert_false (gtk_widget_get_visible (child (fixture, "undo_button")));

  /* k discards too; creating ends the chance to undo. */
  type_into (fixture, "k_spin", "4");
  g_assert_null (bloom_session_get_filter (fixture->session));
  activate (fixture, "filter.create");
  g_assert_cmpuint (bloom_filter_get_k (bloom_session_get_filter (fixture->session)), ==, 4);
  g_assert_false (action_enabled (fixture, "filter.undo"));
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (child (fixture, "notice_revealer"))));

  /* Once closed, the notice takes no room, not even the page's spacing.
   * GtkRevealer calls a slide that has not yet had a frame "not revealed"
   * already, so wait for the view itself: a busy machine (an ASan build
   * beside other work) gave the first frame after this check. */
  for (gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
       gtk_widget_should_layout (child (fixture, "notice_view")) && g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (gtk_revealer_get_child_revealed (GTK_REVEALER (child (fixture, "notice_revealer"))));
  g_assert_false (gtk_widget_should_layout (child (fixture, "notice_view")));
}

/* F4: reset empties the filter and keeps every field as typed. */
static void
test_reset_keeps_fields (Fixture       *fixture,
                         gconstpointer  data)
{
  create_filter (fixture, "32", "2");
  run (fixture, "filter.insert", "p");
  run (fixture, "filter.query", "q");
  type_into (fixture, "text_entry", "kept draft");

  activate (fixture, "filter.reset");
  g_assert_cmpuint (bloom_session_get_n_entries (fixture->session), ==, 0);
  g_assert_cmpuint (bloom_filter_count_set_bits (bloom_session_get_filter (fixture->session)), ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (fixture, "m_spin"))), ==, "32");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (fixture, "k_spin"))), ==, "2");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (fixture, "text_entry"))), ==, "kept draft");
  g_assert_cmpstr (label_text (fixture, "negatives_value"), ==, "0");
  g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "None yet");
  g_assert_true (action_enabled (fixture, "filter.undo"));
}

static void
assert_parameter_message (Fixture    *fixture,
                          const char *field,
                          const char *message_label,
                          const char *text,
                          const char *expected)
{
  type_into (fixture, field, text);
  g_assert_true (label_shown (fixture, message_label));
  g_assert_nonnull (strstr (label_text (fixture, message_label), expected));
  g_assert_false (action_enabled (fixture, "filter.create"));
  /* What was typed stays as typed. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (fixture, field))), ==, text);
}

/* F2 and T1: every refusal has its message beside its field. */
static void
test_validation_messages (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *long_text = g_strnfill (257, 'x');
  g_autofree char *max_text = g_strnfill (256, 'y');

  assert_parameter_message (fixture, "m_spin", "m_message", "", "Enter m");
  assert_parameter_message (fixture, "m_spin", "m_message", "abc", "not a whole number");
  assert_parameter_message (fixture, "m_spin", "m_message", "8.5", "not a whole number");
  assert_parameter_message (fixture, "m_spin", "m_message", "7", "out of range");
  assert_parameter_message (fixture, "m_spin", "m_message", "2000", "out of range");
  type_into (fixture, "m_spin", "16");
  g_assert_false (label_shown (fixture, "m_message"));
  assert_parameter_message (fixture, "k_spin", "k_message", "0", "from 1 to 12");
  assert_parameter_message (fixture, "k_spin", "k_message", "13", "from 1 to 12");
  assert_parameter_message (fixture, "k_spin", "k_message", "-1", "out of range");
  type_into (fixture, "k_spin", "2");
  g_assert_false (label_shown (fixture, "k_message"));
  g_assert_true (action_enabled (fixture, "filter.create"));

  /* The spin button's own update must not replace invalid text. */
  type_into (fixture, "m_spin", "zz");
  gtk_spin_button_update (GTK_SPIN_BUTTON (child (fixture, "m_spin")));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (fixture, "m_spin"))), ==, "zz");
  type_into (fixture, "m_spin", "16");

  /* No filter: Insert and Query are unavailable. */
  g_assert_false (action_enabled (fixture, "filter.insert"));
  activate (fixture, "filter.create");

  /* Too long is said while typing, with the count. */
  type_into (fixture, "text_entry", long_text);
  g_assert_cmpstr (label_text (fixture, "count_label"), ==, "257/256");
  g_assert_true (gtk_widget_has_css_class (child (fixture, "count_label"), "error"));
  g_assert_true (label_shown (fixture, "text_message"));
  g_assert_nonnull (strstr (label_text (fixture, "text_message"), "257"));
  activate (fixture, "filter.insert");
  g_assert_cmpuint (bloom_session_get_n_entries (fixture->session), ==, 0);
  g_assert_null (bloom_session_get_last_operation (fixture->session));
  /* Never truncated. */
  g_assert_cmpuint (strlen (gtk_editable_get_text (GTK_EDITABLE (child (fixture, "text_entry")))), ==, 257);

  type_into (fixture, "text_entry", max_text);
  g_assert_cmpstr (label_text (fixture, "count_label"), ==, "256/256");
  g_assert_false (label_shown (fixture, "text_message"));

  /* An emoji is two units. */
  type_into (fixture, "text_entry", "\xf0\x9f\x98\x80");
  g_assert_cmpstr (label_text (fixture, "count_label"), ==, "2/256");

  /* Empty is said when an operation is tried, and goes when typing. */
  type_into (fixture, "text_entry", "");
  activate (fixture, "filter.query");
  g_assert_true (label_shown (fixture, "text_message"));
  g_assert_nonnull (strstr (label_text (fixture, "text_message"), "empty"));
  g_assert_cmpuint (bloom_session_get_negative_queries (fixture->session), ==, 0);
  type_into (fixture, "text_entry", "z");
  g_assert_false (label_shown (fixture, "text_message"));
}

/* The m and k fields and the model: the model's drafts are what the
 * fields say, the spin buttons' values (which assistive technology reads)
 * agree with valid text, and the arrows write the text. */
static void
test_spin_buttons_follow_drafts (Fixture       *fixture,
                                 gconstpointer  data)
{
  GtkSpinButton *m_spin = GTK_SPIN_BUTTON (child (fixture, "m_spin"));

  /* Drafts set by the model (a restore, the sizing helper): one change
   * for both, which keeps the filter when they say its values. */
  create_filter (fixture, "64", "3");
  bloom_session_set_parameter_drafts (fixture->session, "16", "5");
  settle ();
  g_assert_null (bloom_session_get_filter (fixture->session));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (m_spin)), ==, "16");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (m_spin), ==, 16);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (child (fixture, "k_spin"))),
                   ==, 5);

  /* Undo writes both fields back, and the filter stays. */
  activate (fixture, "filter.undo");
  g_assert_nonnull (bloom_session_get_filter (fixture->session));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (m_spin)), ==, "64");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (m_spin), ==, 64);

  /* The arrows change the value, the text and so the draft (F3). */
  gtk_spin_button_spin (m_spin, GTK_SPIN_STEP_FORWARD, 1);
  settle ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (m_spin)), ==, "65");
  g_assert_cmpstr (bloom_session_get_m_draft (fixture->session), ==, "65");
  g_assert_null (bloom_session_get_filter (fixture->session));

  /* Invalid text keeps the last valid value; the arrows start from it. */
  type_into (fixture, "m_spin", "zz");
  gtk_spin_button_update (m_spin);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (m_spin)), ==, "zz");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (m_spin), ==, 65);
  g_signal_emit_by_name (m_spin, "change-value", GTK_SCROLL_STEP_DOWN);
  settle ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (m_spin)), ==, "64");
  g_assert_cmpstr (bloom_session_get_m_draft (fixture->session), ==, "64");
}

/* T3 through the window: the 1025th distinct string gets a message. */
static void
test_entry_limit_message (Fixture       *fixture,
                          gconstpointer  data)
{
  create_filter (fixture, "1024", "2");
  for (guint i = 0; i < BLOOM_MAX_ENTRIES; i++)
    {
      g_autofree char *text = g_strdup_printf ("s%u", i);

      g_assert_nonnull (bloom_session_insert (fixture->session, text, -1, NULL));
    }

  run (fixture, "filter.insert", "one more");
  g_assert_true (label_shown (fixture, "text_message"));
  g_assert_nonnull (strstr (label_text (fixture, "text_message"), "1024"));
  g_assert_cmpuint (bloom_session_get_n_entries (fixture->session), ==, BLOOM_MAX_ENTRIES);
  g_assert_cmpstr (label_text (fixture, "entries_value"), ==, "1024");

  activate (fixture, "filter.example");
  g_assert_nonnull (strstr (label_text (fixture, "text_message"), "1024"));
}

/* W2: columns = the smallest of 64, m and what fits. */
static void
test_grid_columns (Fixture       *fixture,
                   gconstpointer  data)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));

  create_filter (fixture, "8", "1");
  wait_for_draw (fixture);
  g_assert_cmpuint (bloom_bit_grid_get_columns (grid), ==, 8);
  /* A small filter keeps its natural width: one row of 8. */
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (grid)), <=,
                   (int) bloom_bit_grid_get_cell_size (grid));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (grid)), >=, 20);

  /* Readable cells (24 pixels at 100 %) in whole groups of 8 columns, as
   * many as fit in 1280 pixels, at most 64. */
  create_filter (fixture, "1024", "3");
  wait_for_draw (fixture);
  g_assert_cmpuint (bloom_bit_grid_get_cell_size (grid), >=, 24);
  g_assert_cmpuint (bloom_bit_grid_get_columns (grid), >=, 32);
  g_assert_cmpuint (bloom_bit_grid_get_columns (grid) % 8, ==, 0);
  g_assert_cmpuint (bloom_bit_grid_columns_for_width (grid, 100000), ==, 64);
  g_assert_cmpuint (bloom_bit_grid_columns_for_width (grid, 600), <, 64);
  g_assert_cmpuint (bloom_bit_grid_columns_for_width (grid, 600), >, 8);
  g_assert_cmpuint (bloom_bit_grid_columns_for_width (grid, 600) % 8, ==, 0);
  g_assert_cmpuint (bloom_bit_grid_columns_for_width (grid, 1), ==, 1);

  create_filter (fixture, "100", "3");
  g_assert_cmpuint (bloom_bit_grid_columns_for_width (grid, 100000), ==, 64);
  create_filter (fixture, "40", "3");
  g_assert_cmpuint (bloom_bit_grid_columns_for_width (grid, 100000), ==, 40);

  /* A narrow window gets fewer columns, and the grid scrolls in its own
   * area rather than sideways. */
  create_filter (fixture, "1024", "3");
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 800, 700);
  wait_for_draw (fixture);
  for (guint i = 0; i < 20 && gtk_widget_get_width (GTK_WIDGET (fixture->window)) > 800; i++)
    wait_for_draw (fixture);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, 800);
  g_assert_cmpuint (bloom_bit_grid_get_columns (grid), <, 64);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (grid)), <=,
                   gtk_widget_get_width (child (fixture, "grid_scroller")));

  /* Zoom changes the cells, and so the columns that fit. */
  {
    guint before = bloom_bit_grid_get_cell_size (grid);

    activate (fixture, "view.zoom-in");
    g_assert_cmpuint (bloom_bit_grid_get_cell_size (grid), >, before);
    g_assert_cmpuint (bloom_window_get_zoom (fixture->window), ==, 110);
    activate (fixture, "view.zoom-out");
    activate (fixture, "view.zoom-out");
    g_assert_cmpuint (bloom_window_get_zoom (fixture->window), ==, 90);
    activate (fixture, "view.zoom-reset");
    g_assert_cmpuint (bloom_bit_grid_get_cell_size (grid), ==, before);
  }
}

/* Zoom for the room: the text grows with the grid, not the grid alone;
 * at 200 % in 1280 × 800 nothing needs scrolling sideways, with the hash
 * table (a "Set by" string shown whole) and the details open too. */
static void
test_zoom_scales_text (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkWidget *verdict = child (fixture, "verdict_label");
  GtkWidget *entries = child (fixture, "entries_value");
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));
  int verdict_height, entries_height;
  guint cell;

  create_filter (fixture, "1024", "12");
  run (fixture, "filter.insert", "kiwi");
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "details_expander")), TRUE);
  run (fixture, "filter.insert", "abcdefghij");
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1280, 800);
  wait_for_draw (fixture);
  verdict_height = gtk_widget_get_height (verdict);
  entries_height = gtk_widget_get_height (entries);
  cell = bloom_bit_grid_get_cell_size (grid);

  for (guint i = 0; i < 5; i++)
    activate (fixture, "view.zoom-in");
  g_assert_cmpuint (bloom_window_get_zoom (fixture->window), ==, 200);
  wait_for_draw (fixture);
  for (guint i = 0; i < 20 && gtk_widget_get_width (GTK_WIDGET (fixture->window)) > 1280; i++)
    wait_for_draw (fixture);

  g_assert_cmpint (gtk_widget_get_height (verdict), >=, verdict_height * 3 / 2);
  g_assert_cmpint (gtk_widget_get_height (entries), >=, entries_height * 3 / 2);
  g_assert_cmpuint (bloom_bit_grid_get_cell_size (grid), ==, 2 * cell);
  /* The page fits the window's width: no sideways scrolling. */
  {
    int minimum, natural;

    gtk_widget_measure (child (fixture, "page"), GTK_ORIENTATION_HORIZONTAL, -1,
                        &minimum, &natural, NULL, NULL);
    g_assert_cmpint (minimum, <=, 1280 - 36);
  }
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, 1280);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (grid)), <=,
                   gtk_widget_get_width (child (fixture, "grid_scroller")));

  /* 300 % at most, 50 % at least, and back. */
  for (guint i = 0; i < 5; i++)
    activate (fixture, "view.zoom-in");
  g_assert_cmpuint (bloom_window_get_zoom (fixture->window), ==, 300);
  activate (fixture, "view.zoom-reset");
  for (guint i = 0; i < 20 && gtk_widget_get_height (verdict) != verdict_height; i++)
    wait_for_draw (fixture);
  g_assert_cmpint (gtk_widget_get_height (verdict), ==, verdict_height);
}

/* The first widget under @root, depth first, with @css_name, or of
 * @type when @css_name is NULL. */
static GtkWidget *
find_descendant (GtkWidget  *root,
                 const char *css_name,
                 GType       type)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (css_name != NULL ? g_str_equal (gtk_widget_get_css_name (c), css_name)
                           : G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c;
      if ((found = find_descendant (c, css_name, type)) != NULL)
        return found;
    }

  return NULL;
}

static int
min_size (GtkWidget      *widget,
          GtkOrientation  orientation)
{
  int minimum;

  gtk_widget_measure (widget, orientation, -1, &minimum, NULL, NULL, NULL);

  return minimum;
}

/* Names the chain of widgets that sets a minimum width, widest child
 * first, so a failure says which row stopped wrapping. */
static void
report_widest (GtkWidget *widget,
               int        depth)
{
  GtkWidget *widest = NULL;
  int widest_width = -1;

  g_test_message ("%*s%s#%s: %d", depth * 2, "", G_OBJECT_TYPE_NAME (widget),
                  gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)) ?: "",
                  min_size (widget, GTK_ORIENTATION_HORIZONTAL));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      int width;

      if (!gtk_widget_get_visible (c))
        continue;
      width = min_size (c, GTK_ORIENTATION_HORIZONTAL);
      if (width > widest_width)
        {
          widest = c;
          widest_width = width;
        }
    }
  if (widest != NULL)
    report_widest (widest, depth + 1);
}

/* Goes to @zoom by the actions, as the keys and the menu do, and waits
 * until the window has been laid out at 1280 × 800 again. */
static void
zoom_to (Fixture *fixture,
         guint    zoom)
{
  while (bloom_window_get_zoom (fixture->window) < zoom)
    activate (fixture, "view.zoom-in");
  while (bloom_window_get_zoom (fixture->window) > zoom)
    activate (fixture, "view.zoom-out");
  g_assert_cmpuint (bloom_window_get_zoom (fixture->window), ==, zoom);
  wait_for_draw (fixture);
  for (guint i = 0; i < 20 && gtk_widget_get_width (GTK_WIDGET (fixture->window)) > 1280; i++)
    wait_for_draw (fixture);
}

/* The right edge of @widget, in the page's viewport. */
static double
right_edge (Fixture    *fixture,
            GtkWidget  *widget)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, child (fixture, "page_scroller"), &bounds));

  return bounds.origin.x + bounds.size.width;
}

/* Zoom all the way: at every step from 50 to 300 % in 1280 × 800, with
 * every section open, the page is no wider than the window (rows of
 * controls wrap instead), and the buttons and the rate card that used to
 * go off screen at 300 % are inside it. */
static void
test_zoom_fits_width (Fixture       *fixture,
                      gconstpointer  data)
{
  static const char *sections[] = {
    "positions_expander", "details_expander", "plot_expander", "entries_expander", "experiment_expander",
  };
  static const guint steps[] = { 50, 67, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300 };

  create_filter (fixture, "1024", "12");
  run (fixture, "filter.insert", "kiwi");
  run (fixture, "filter.query", "pear");
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, sections[i])), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1280, 800);
  wait_for_draw (fixture);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      int page_width;

      zoom_to (fixture, steps[i]);
      page_width = min_size (child (fixture, "page"), GTK_ORIENTATION_HORIZONTAL);
      g_test_message ("zoom %u: the page's minimum width %d", steps[i], page_width);
      if (page_width > 1280 - 36)
        report_widest (child (fixture, "page"), 0);
      g_assert_cmpint (page_width, <=, 1280 - 36);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, 1280);
    }

  /* At 300 % what the user reaches for is on screen. */
  {
    static const char *shown[] = {
      "create_button", "reset_button", "example_button", "insert_button", "query_button", "rate_value",
    };
    int viewport = gtk_widget_get_width (child (fixture, "page_scroller"));

    for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
      {
        g_assert_cmpfloat (right_edge (fixture, child (fixture, shown[i])), <=, viewport);
      }
  }

  /* Twelve positions in eight bits: rows that repeat an earlier one say
   * so, and the notes wrap rather than widen the page. */
  {
    int page_width;

    create_filter (fixture, "8", "12");
    run (fixture, "filter.insert", "kiwi");
    wait_for_draw (fixture);
    wait_for_draw (fixture);
    page_width = min_size (child (fixture, "page"), GTK_ORIENTATION_HORIZONTAL);
    g_test_message ("zoom 300, rows that repeat: the page's minimum width %d", page_width);
    if (page_width > 1280 - 36)
      report_widest (child (fixture, "page"), 0);
    g_assert_cmpint (page_width, <=, 1280 - 36);
    g_assert_cmpfloat (right_edge (fixture, child (fixture, "hash_table")), <=,
                       gtk_widget_get_width (child (fixture, "page_scroller")));
  }
}

/* Zoom scales the controls, not only the text: push buttons, spin
 * buttons, entries, icons and the expanders' arrows are larger at 200 %
 * and smaller at 50 % than at 100 %. */
static void
test_zoom_scales_controls (Fixture       *fixture,
                           gconstpointer  data)
{
  GtkWidget *controls[] = {
    child (fixture, "create_button"),
    child (fixture, "m_spin"),
    child (fixture, "text_entry"),
    find_descendant (child (fixture, "m_spin"), NULL, GTK_TYPE_IMAGE),
    find_descendant (child (fixture, "positions_expander"), "expander", G_TYPE_INVALID),
  };
  int at_100[G_N_ELEMENTS (controls)];

  for (guint i = 0; i < G_N_ELEMENTS (controls); i++)
    {
      g_assert_nonnull (controls[i]);
      at_100[i] = min_size (controls[i], GTK_ORIENTATION_VERTICAL);
    }

  zoom_to (fixture, 200);
  for (guint i = 0; i < G_N_ELEMENTS (controls); i++)
    {
      g_test_message ("%s: %d px high at 100 %%, %d at 200 %%", G_OBJECT_TYPE_NAME (controls[i]),
                      at_100[i], min_size (controls[i], GTK_ORIENTATION_VERTICAL));
      g_assert_cmpint (min_size (controls[i], GTK_ORIENTATION_VERTICAL), >=, at_100[i] * 17 / 10);
    }

  zoom_to (fixture, 50);
  for (guint i = 0; i < G_N_ELEMENTS (controls); i++)
    {
      g_test_message ("%s: %d px high at 50 %%", G_OBJECT_TYPE_NAME (controls[i]),
                      min_size (controls[i], GTK_ORIENTATION_VERTICAL));
      g_assert_cmpint (min_size (controls[i], GTK_ORIENTATION_VERTICAL), <=, at_100[i] * 7 / 10);
    }
}

/* At GNOME's 11-point font the page's icons are drawn at sizes the
 * theme has pictures for: 16 px at 100 %, as in the header bar, 24 at
 * 150 %, 32 at 200 % and 48 at 300 %. GTK cuts an icon's size in CSS
 * down to whole pixels, and an icon a pixel short of the theme's sizes
 * (15 px: 1.09 em of 11 points is 15.99) is drawn from its SVG instead,
 * which also loads the SVG renderer before the first frame. */
static void
test_page_icons_theme_sizes (Fixture       *fixture,
                             gconstpointer  data)
{
  static const struct { guint zoom; int size; } steps[] = {
    { 100, 16 }, { 150, 24 }, { 200, 32 }, { 300, 48 },
  };
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (fixture->window));
  GtkWidget *icon = find_descendant (child (fixture, "m_spin"), NULL, GTK_TYPE_IMAGE);

  g_assert_nonnull (icon);
  g_object_set (settings, "gtk-font-name", "Sans 11", NULL);
  wait_for_draw (fixture);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      zoom_to (fixture, steps[i].zoom);
      g_test_message ("%u %%: the spin button's icon is %d px", steps[i].zoom,
                      gtk_widget_get_height (icon));
      g_assert_cmpint (min_size (icon, GTK_ORIENTATION_VERTICAL), ==, steps[i].size);
      g_assert_cmpint (gtk_widget_get_height (icon), ==, steps[i].size);
    }

  gtk_settings_reset_property (settings, "gtk-font-name");
}

/* The card's verdict icon is as big as pictures the icon theme has of it
 * at the usual zoom steps: at other sizes GTK draws it from SVG, which
 * loads librsvg before the first frame. */
static void
test_verdict_icon_theme_sizes (Fixture       *fixture,
                               gconstpointer  data)
{
  static const struct { guint zoom; int size; } steps[] = {
    { 50, 24 }, { 67, 32 }, { 100, 48 }, { 200, 96 },
  };
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (fixture->window)));
  GtkWidget *icon = find_descendant (child (fixture, "operation_view"), NULL, BLOOM_TYPE_VERDICT_ICON);
  g_autofree int *theme_sizes = gtk_icon_theme_get_icon_sizes (theme, "dialog-information-symbolic");
  gboolean has_pictures = FALSE;

  g_assert_nonnull (icon);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      zoom_to (fixture, steps[i].zoom);
      g_assert_cmpint (bloom_verdict_icon_get_pixel_size (BLOOM_VERDICT_ICON (icon)), ==, steps[i].size);
      g_assert_cmpint (gtk_widget_get_height (icon), ==, steps[i].size);
    }

  /* Where the theme has pictures of it (Adwaita 43; Adwaita 48 has
   * only the SVG), 100 % is drawn from one of them. */
  for (guint i = 0; theme_sizes[i] != 0; i++)
    if (theme_sizes[i] > 0)
      {
        g_autoptr(GtkIconPaintable) paintable =
          gtk_icon_theme_lookup_icon (theme, "dialog-information-symbolic", NULL, theme_sizes[i],
                                      1, GTK_TEXT_DIR_LTR, 0);
        g_autoptr(GFile) file = gtk_icon_paintable_get_file (paintable);
        g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

        g_test_message ("the theme's icon at %d px: %s", theme_sizes[i], path);
        has_pictures |= path != NULL && g_str_has_suffix (path, ".png");
      }
  if (has_pictures)
    {
      g_autoptr(GtkIconPaintable) paintable =
        gtk_icon_theme_lookup_icon (theme, "dialog-information-symbolic", NULL, steps[2].size,
                                    1, GTK_TEXT_DIR_LTR, 0);
      g_autoptr(GFile) file = gtk_icon_paintable_get_file (paintable);
      g_autofree char *path = g_file_get_path (file);

      g_assert_true (g_str_has_suffix (path, ".png"));
    }
}

/* The main menu shows the zoom level between − and +, and follows it;
 * the level resets the zoom. */
static void
test_zoom_menu (Fixture       *fixture,
                gconstpointer  data)
{
  GtkButton *level = GTK_BUTTON (child (fixture, "zoom_level_button"));

  /* Its buttons reach the window's actions once the menu is open. */
  gtk_menu_button_popup (GTK_MENU_BUTTON (child (fixture, "primary_menu_button")));
  wait_for_draw (fixture);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (level)));
  g_assert_cmpstr (gtk_button_get_label (level), ==, "100%");
  activate (fixture, "view.zoom-in");
  g_assert_cmpstr (gtk_button_get_label (level), ==, "110%");
  bloom_window_set_zoom (fixture->window, 300);
  g_assert_cmpstr (gtk_button_get_label (level), ==, "300%");
  /* − and + beside it, + greyed at the largest zoom. */
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (gtk_widget_get_prev_sibling (GTK_WIDGET (level)))),
                   ==, "view.zoom-out");
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (gtk_widget_get_next_sibling (GTK_WIDGET (level)))),
                   ==, "view.zoom-in");
  g_assert_false (gtk_widget_get_sensitive (gtk_widget_get_next_sibling (GTK_WIDGET (level))));

  g_signal_emit_by_name (level, "clicked");
  settle ();
  g_assert_cmpuint (bloom_window_get_zoom (fixture->window), ==, 100);
  g_assert_cmpstr (gtk_button_get_label (level), ==, "100%");
}

/* A label that wraps when zoomed never wraps inside a number range: at
 * its narrowest, "8–1024" is still on one line. */
static void
test_zoom_ranges_whole (Fixture       *fixture,
                        gconstpointer  data)
{
  static const char *labels[] = { "m_label", "k_label", "text_label" };

  zoom_to (fixture, 200);
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      GtkLabel *label = GTK_LABEL (child (fixture, labels[i]));
      g_autoptr(PangoLayout) layout = pango_layout_copy (gtk_label_get_layout (label));
      const char *text = pango_layout_get_text (layout);
      const char *dash = strstr (text, "–");
      int before, after, x;

      g_assert_nonnull (dash);
      pango_layout_set_width (layout, min_size (GTK_WIDGET (label), GTK_ORIENTATION_HORIZONTAL) * PANGO_SCALE);
      g_test_message ("%s: %d lines at its narrowest", labels[i], pango_layout_get_line_count (layout));
      g_assert_cmpint (pango_layout_get_line_count (layout), >, 1);
      /* The digits on either side of the dash, joiners skipped. */
      while (!g_ascii_isdigit (*dash))
        dash--;
      pango_layout_index_to_line_x (layout, dash - text, FALSE, &before, &x);
      dash = strstr (text, "–");
      while (!g_ascii_isdigit (*dash))
        dash++;
      pango_layout_index_to_line_x (layout, dash - text, FALSE, &after, &x);
      g_assert_cmpint (before, ==, after);
    }
}

/* W3: the rows of an insert whose positions repeat. */
static void
test_hash_table_repeat (Fixture       *fixture,
                        gconstpointer  data)
{
  BloomHashTable *table = BLOOM_HASH_TABLE (child (fixture, "hash_table"));
  g_autofree char *row0 = NULL;
  g_autofree char *row8 = NULL;

  create_filter (fixture, "8", "12");
  run (fixture, "filter.insert", "a");

  /* "a" at m = 8, k = 12: 4 7 2 5 0 3 6 1 4 7 2 5; the second 4 repeats i = 0
   * and its bit was already set by step 0. */
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 12);
  row0 = bloom_hash_table_get_row_text (table, 0);
  g_assert_cmpstr (row0, ==, "0\t4\t0\t1\t\"a\"\t");
  row8 = bloom_hash_table_get_row_text (table, 8);
  g_assert_cmpstr (row8, ==, "8\t4\t1\t1\t\"a\"\trepeat of i = 0");

  activate (fixture, "filter.reset");
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 0);
}

/* W4: the hashes in decimal and hex, the approximation with its inputs. */
static void
test_details (Fixture       *fixture,
              gconstpointer  data)
{
  BloomDetailsView *details = BLOOM_DETAILS_VIEW (child (fixture, "details_view"));

  create_filter (fixture, "8", "1");
  run (fixture, "filter.insert", "a");

  g_assert_nonnull (strstr (bloom_details_view_get_value (details, "h1"), "3826002220 (0xe40c292c)"));
  g_assert_nonnull (strstr (bloom_details_view_get_value (details, "h2"), "428013963 (0x1982f98b)"));
  g_assert_nonnull (strstr (bloom_details_view_get_value (details, "approximation"), "0.1175"));
  g_assert_nonnull (strstr (bloom_details_view_get_value (details, "approximation"), "1·1/8"));
  g_assert_nonnull (strstr (bloom_details_view_get_value (details, "bits-set"), "1 of 8"));
  g_assert_nonnull (strstr (bloom_details_view_get_value (details, "parameters"), "= 8"));
  g_assert_nonnull (strstr (bloom_details_view_get_value (details, "observed"), "undefined"));

  run (fixture, "filter.query", "i");
  g_assert_nonnull (strstr (bloom_details_view_get_value (details, "observed"), "1/1 = 1"));
}

/* P1: opening a detail is remembered in the session. */
static void
test_expanders (Fixture       *fixture,
                gconstpointer  data)
{
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  g_assert_true (bloom_session_get_detail_open (fixture->session, "hash-positions"));
  bloom_session_set_detail_open (fixture->session, "model", TRUE);
  g_assert_true (gtk_expander_get_expanded (GTK_EXPANDER (child (fixture, "details_expander"))));
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), FALSE);
  g_assert_false (bloom_session_get_detail_open (fixture->session, "hash-positions"));
}

/* The content of a collapsed expander does no work per operation: it
 * catches up when it is shown, or when something reads it. */
static void
test_hidden_views_catch_up (Fixture       *fixture,
                            gconstpointer  data)
{
  GtkWidget *expander = child (fixture, "positions_expander");
  BloomHashTable *table = BLOOM_HASH_TABLE (child (fixture, "hash_table"));
  BloomValueLabel *caption = BLOOM_VALUE_LABEL (gtk_widget_get_first_child (GTK_WIDGET (table)));
  g_autofree char *before = NULL;

  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (expander)));
  create_filter (fixture, "8", "12");
  before = g_strdup (bloom_value_label_get_text (caption));
  g_assert_cmpstr (before, !=, "12 positions, 8 distinct");

  run (fixture, "filter.insert", "a");
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (table)));
  g_assert_cmpstr (bloom_value_label_get_text (caption), ==, before);

  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  wait_for_draw (fixture);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (table)));
  g_assert_cmpstr (bloom_value_label_get_text (caption), ==, "12 positions, 8 distinct");
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 12);

  /* Shown, it follows each change at once. */
  activate (fixture, "filter.reset");
  g_assert_cmpstr (bloom_value_label_get_text (caption), ==, before);

  /* Hidden again, it waits; a reader still gets the current rows. */
  gtk_expander_set_expanded (GTK_EXPANDER (expander), FALSE);
  wait_for_draw (fixture);
  run (fixture, "filter.insert", "a");
  g_assert_cmpstr (bloom_value_label_get_text (caption), ==, before);
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 12);
  g_assert_cmpstr (bloom_value_label_get_text (caption), ==, "12 positions, 8 distinct");
}

/* What the views show at the moment the session says it changed: the
 * handler runs after theirs, as it was connected after them. */
typedef struct
{
  BloomValueLabel *shown;  /* the hash table's caption, its expander open */
  BloomValueLabel *hidden; /* the details' parameters, its expander closed */
  guint     changes;
  char     *shown_text;
  char     *hidden_text;
  guint     shown_redraws; /* times the label's text changed */
  guint     hidden_redraws;
} Watch;

static void
on_watched_change (Watch *watch)
{
  watch->changes++;
  g_free (watch->shown_text);
  watch->shown_text = g_strdup (bloom_value_label_get_text (watch->shown));
  g_free (watch->hidden_text);
  watch->hidden_text = g_strdup (bloom_value_label_get_text (watch->hidden));
}

static void
count (guint *counter)
{
  (*counter)++;
}

/* The details' value beside the title @title: the label after it. */
static BloomValueLabel *
value_beside (GtkWidget  *details,
              const char *title)
{
  for (GtkWidget *widget = gtk_widget_get_first_child (details); widget != NULL;
       widget = gtk_widget_get_next_sibling (widget))
    if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), title) == 0)
      return BLOOM_VALUE_LABEL (gtk_widget_get_next_sibling (widget));

  g_assert_not_reached ();
}

/* Each view redraws from the session's "changed" alone: a shown one at
 * once, exactly once, with no step in between; a hidden one not at all
 * until it is shown, and then once, however many changes it missed. */
static void
test_views_redraw_once_per_change (Fixture       *fixture,
                                   gconstpointer  data)
{
  GtkWidget *details = child (fixture, "details_view");
  GtkWidget *table = child (fixture, "hash_table");
  GtkWidget *step_label = gtk_widget_get_next_sibling (gtk_widget_get_first_child (table));
  Watch watch = { 0, };
  g_autofree char *before = NULL;

  /* The table's caption is its first child; the details' parameters the
   * value beside their title. */
  watch.shown = BLOOM_VALUE_LABEL (gtk_widget_get_first_child (table));
  watch.hidden = value_beside (details, "Parameters");
  g_assert_cmpstr (bloom_value_label_get_text (watch.hidden), ==, "No filter is active.");

  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  wait_for_draw (fixture);
  g_assert_true (gtk_widget_get_mapped (table));
  g_assert_false (gtk_widget_get_mapped (details));

  g_signal_connect_swapped (fixture->session, "changed", G_CALLBACK (on_watched_change), &watch);
  g_signal_connect_swapped (watch.shown, "notify::text", G_CALLBACK (count), &watch.shown_redraws);
  g_signal_connect_swapped (watch.hidden, "notify::text", G_CALLBACK (count), &watch.hidden_redraws);

  create_filter (fixture, "8", "12");
  run (fixture, "filter.insert", "a");
  g_assert_cmpuint (watch.changes, ==, 2);
  /* Shown: the new caption was there when "changed" was still going on,
   * and it is the only text the caption had on the way. */
  g_assert_cmpstr (watch.shown_text, ==, "12 positions, 8 distinct");
  g_assert_cmpuint (watch.shown_redraws, ==, 1);
  /* Hidden: nothing yet. */
  g_assert_cmpstr (watch.hidden_text, ==, "No filter is active.");
  g_assert_cmpstr (bloom_value_label_get_text (watch.hidden), ==, "No filter is active.");
  g_assert_cmpuint (watch.hidden_redraws, ==, 0);

  /* Shown, it catches up on both changes at once. */
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "details_expander")), TRUE);
  wait_for_draw (fixture);
  g_assert_true (gtk_widget_get_mapped (details));
  g_assert_cmpstr (bloom_value_label_get_text (watch.hidden), ==,
                   "n (distinct entries) = 1, m (bits) = 8, k (positions per string) = 12");
  g_assert_cmpuint (watch.hidden_redraws, ==, 1);

  /* The table's own view state waits while it is hidden too: stepping
   * through, set on the window, reaches it when it is shown. */
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), FALSE);
  wait_for_draw (fixture);
  before = g_strdup (bloom_value_label_get_text (BLOOM_VALUE_LABEL (step_label)));
  g_object_set (fixture->window, "stepping", TRUE, NULL);
  g_assert_false (gtk_widget_get_visible (step_label));
  g_assert_cmpstr (bloom_value_label_get_text (BLOOM_VALUE_LABEL (step_label)), ==, before);
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  wait_for_draw (fixture);
  g_assert_true (gtk_widget_get_visible (step_label));
  g_assert_cmpstr (bloom_value_label_get_text (BLOOM_VALUE_LABEL (step_label)), ==,
                   "Step 1 of 12: i = 0 sets bit 4 (it was 0).");

  g_signal_handlers_disconnect_by_data (fixture->session, &watch);
  g_signal_handlers_disconnect_by_data (watch.shown, &watch.shown_redraws);
  g_signal_handlers_disconnect_by_data (watch.hidden, &watch.hidden_redraws);
  g_free (watch.shown_text);
  g_free (watch.hidden_text);
}

static int
natural_width (GtkWidget *widget)
{
  int natural;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);

  return natural;
}

/* The height of @label's lines, each as high as @line (one line of the
 * same font) less the pixel that rounding each up may add: fonts whose
 * lines are not whole pixels high (Debian 13's) give 47 for three lines
 * of 16. */
static int
lines_height (BloomValueLabel *label,
              GtkWidget       *line)
{
  int n_lines = (int) bloom_value_label_get_n_lines (label);

  return n_lines * (gtk_widget_get_height (line) - 1);
}

/* A value label keeps its room while its text fits, and takes more (or
 * gives it back) when it does not: wrapped, as many lines as the text
 * takes at its width; on one line, the widest text lately shown. */
static void
test_value_label (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *wrapped = bloom_value_label_new ("short");
  GtkWidget *line = bloom_value_label_new ("9");
  GtkWidget *column, *filling;
  g_autoptr(GtkCssProvider) provider = NULL;
  g_autoptr(PangoLayout) layout = NULL;
  GtkWidget *heading;
  int narrow, wide, text_width;

  bloom_value_label_set_wrap (BLOOM_VALUE_LABEL (wrapped), TRUE);
  bloom_value_label_set_width_chars (BLOOM_VALUE_LABEL (wrapped), 10);
  bloom_value_label_set_max_width_chars (BLOOM_VALUE_LABEL (wrapped), 10);
  gtk_widget_set_halign (wrapped, GTK_ALIGN_START);
  gtk_widget_set_halign (line, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), wrapped);
  gtk_box_append (GTK_BOX (box), line);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  settle ();
  g_assert_cmpuint (bloom_value_label_get_n_lines (BLOOM_VALUE_LABEL (wrapped)), ==, 1);

  bloom_value_label_set_text (BLOOM_VALUE_LABEL (wrapped),
                              "a sentence far too long for ten characters of width");
  gtk_test_widget_wait_for_draw (window);
  settle ();
  g_assert_cmpuint (bloom_value_label_get_n_lines (BLOOM_VALUE_LABEL (wrapped)), >=, 4);
  g_assert_cmpint (gtk_widget_get_height (wrapped), >=,
                   4 * gtk_widget_get_height (line) - 4);

  bloom_value_label_set_text (BLOOM_VALUE_LABEL (wrapped), "short");
  g_assert_cmpuint (bloom_value_label_get_n_lines (BLOOM_VALUE_LABEL (wrapped)), ==, 1);

  /* The same text at another width (a resize) takes its lines there in
   * the same layout, not a frame later: the first frame at the new width
   * draws it whole, aligned to the start (given its natural width) as
   * well as filling the window. */
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (wrapped), "twenty-five characters!!");
  gtk_widget_set_size_request (wrapped, 600, -1);
  gtk_test_widget_wait_for_draw (window);
  settle ();
  g_assert_cmpuint (bloom_value_label_get_n_lines (BLOOM_VALUE_LABEL (wrapped)), ==, 1);
  g_assert_cmpint (gtk_widget_get_height (wrapped), <, 2 * gtk_widget_get_height (line));
  gtk_widget_set_size_request (wrapped, -1, -1);
  gtk_test_widget_wait_for_draw (window);
  g_assert_cmpuint (bloom_value_label_get_n_lines (BLOOM_VALUE_LABEL (wrapped)), >=, 2);
  g_assert_cmpint (gtk_widget_get_height (wrapped), >=,
                   lines_height (BLOOM_VALUE_LABEL (wrapped), GTK_WIDGET (line)));
  /* Filling a column that is made narrower (the window keeps its
   * width: GTK 4.18 warns when a window is made narrower than its
   * content's height allows). */
  column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  filling = bloom_value_label_new ("twenty-five characters!!");
  bloom_value_label_set_wrap (BLOOM_VALUE_LABEL (filling), TRUE);
  bloom_value_label_set_width_chars (BLOOM_VALUE_LABEL (filling), 10);
  bloom_value_label_set_max_width_chars (BLOOM_VALUE_LABEL (filling), 10);
  gtk_widget_set_halign (column, GTK_ALIGN_START);
  gtk_widget_set_size_request (column, 500, -1);
  gtk_box_append (GTK_BOX (column), filling);
  gtk_box_append (GTK_BOX (box), column);
  gtk_test_widget_wait_for_draw (window);
  settle ();
  g_assert_cmpint (gtk_widget_get_width (filling), >=, 500);
  g_assert_cmpuint (bloom_value_label_get_n_lines (BLOOM_VALUE_LABEL (filling)), ==, 1);
  /* Wider than its natural width, where it takes fewer lines: as high
   * as those, no blank line under them. */
  gtk_widget_set_size_request (column, 150, -1);
  gtk_test_widget_wait_for_draw (window);
  g_assert_cmpint (gtk_widget_get_width (filling), <=, 150);
  g_assert_cmpuint (bloom_value_label_get_n_lines (BLOOM_VALUE_LABEL (filling)), >=, 2);
  g_assert_cmpint (gtk_widget_get_height (filling), >=,
                   lines_height (BLOOM_VALUE_LABEL (filling), GTK_WIDGET (line)));
  g_assert_cmpint (gtk_widget_get_height (filling), <=,
                   (int) bloom_value_label_get_n_lines (BLOOM_VALUE_LABEL (filling)) *
                   gtk_widget_get_height (line));
  gtk_box_remove (GTK_BOX (box), column);
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (wrapped), "short");

  narrow = natural_width (line);
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (line), "1000000");
  wide = natural_width (line);
  g_assert_cmpint (wide, >, narrow);
  /* A little narrower: the room stays, so nothing moves. */
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (line), "999999");
  g_assert_cmpint (natural_width (line), ==, wide);
  /* Much narrower: it gives the room back. */
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (line), "9");
  g_assert_cmpint (natural_width (line), ==, narrow);
  g_assert_cmpstr (bloom_value_label_get_text (BLOOM_VALUE_LABEL (line)), ==, "9");

  /* Made with its text before it has a style (as a table's headings
   * are), then styled bolder and larger: the text fits all the same. */
  provider = gtk_css_provider_new ();
  bloom_gtk_css_provider_load_string (provider,
                                      ".test-heading { font-weight: 900; font-family: monospace; }");
  gtk_style_context_add_provider_for_display (gtk_widget_get_display (window),
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  heading = bloom_value_label_new ("Bit before");
  gtk_widget_set_halign (heading, GTK_ALIGN_START);
  gtk_widget_add_css_class (heading, "test-heading");
  gtk_box_append (GTK_BOX (box), heading);
  gtk_test_widget_wait_for_draw (window);
  settle ();
  gtk_test_widget_wait_for_draw (window);
  layout = gtk_widget_create_pango_layout (heading, "Bit before");
  pango_layout_get_pixel_size (layout, &text_width, NULL);
  g_assert_cmpint (gtk_widget_get_width (heading), >=, text_width);

  gtk_style_context_remove_provider_for_display (gtk_widget_get_display (window),
                                                 GTK_STYLE_PROVIDER (provider));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* pango_context_get_metrics(), counted for the contexts in
 * metrics_watched: the test program's own definition comes before
 * Pango's for every caller, and hands the call on. */
static GPtrArray *metrics_watched;
static guint metrics_calls;

PangoFontMetrics *
pango_context_get_metrics (PangoContext               *context,
                           const PangoFontDescription *desc,
                           PangoLanguage              *language)
{
  static PangoFontMetrics *(*real_get_metrics) (PangoContext *, const PangoFontDescription *,
                                                PangoLanguage *);

  if (real_get_metrics == NULL)
    real_get_metrics = dlsym (RTLD_NEXT, "pango_context_get_metrics");
  if (metrics_watched != NULL && g_ptr_array_find (metrics_watched, context, NULL))
    metrics_calls++;

  return real_get_metrics (context, desc, language);
}

#define N_SAME_FONT 20

/* Pango answers pango_context_get_metrics() from scratch for each
 * widget's context (40 000 instructions each in Pango 1.56), so labels in
 * one font ask once between them; a label in another font gets its own
 * figures, and so does every label after the system's fonts change. */
static void
test_value_label_font_figures (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *labels[N_SAME_FONT];
  GtkWidget *large;
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();
  int width;

  bloom_gtk_css_provider_load_string (provider, ".test-large { font-size: 300%; }");
  gtk_style_context_add_provider_for_display (gtk_widget_get_display (window),
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  metrics_watched = g_ptr_array_new ();
  for (guint i = 0; i < N_SAME_FONT; i++)
    {
      labels[i] = bloom_value_label_new ("12345");
      gtk_widget_set_halign (labels[i], GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (box), labels[i]);
      g_ptr_array_add (metrics_watched, gtk_widget_get_pango_context (labels[i]));
    }
  large = bloom_value_label_new ("12345");
  gtk_widget_set_halign (large, GTK_ALIGN_START);
  gtk_widget_add_css_class (large, "test-large");
  /* In the middle, so that labels are measured before and after it. */
  gtk_box_insert_child_after (GTK_BOX (box), large, labels[N_SAME_FONT / 2]);
  gtk_window_set_child (GTK_WINDOW (window), box);
  metrics_calls = 0;
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  settle ();

  /* Earlier tests may have asked for this font already. */
  g_assert_cmpuint (metrics_calls, <=, 1);
  width = natural_width (labels[0]);
  for (guint i = 1; i < N_SAME_FONT; i++)
    g_assert_cmpint (natural_width (labels[i]), ==, width);
  g_assert_cmpint (natural_width (large), >=, 2 * width);
  g_assert_cmpint (gtk_widget_get_height (large), >=, 2 * gtk_widget_get_height (labels[0]));

  /* Fonts installed or removed: the same description may render
   * otherwise now, so it is asked for again. GTK tells every widget of
   * the window, from the window down, as here (it does so only when
   * fontconfig's own files changed). */
  metrics_calls = 0;
  GTK_WIDGET_GET_CLASS (window)->system_setting_changed (window, GTK_SYSTEM_SETTING_FONT_CONFIG);
  gtk_test_widget_wait_for_draw (window);
  settle ();
  g_assert_cmpuint (metrics_calls, ==, 1);

  g_clear_pointer (&metrics_watched, g_ptr_array_unref);
  gtk_style_context_remove_provider_for_display (gtk_widget_get_display (window),
                                                 GTK_STYLE_PROVIDER (provider));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first start's notice, a paragraph: GTK measures a wrapping
 * GtkLabel by laying it out at width after width (117 times before the
 * first frame, 16 ms of start-up on GTK 4.8); the notice is laid out
 * only at the widths it is given and asked about. */
static void
test_notice_layouts (void)
{
  const char *notice_start = "A Bloom filter is an array of m bits";
  Fixture fixture;
  guint widths;

  layout_widths_watch (notice_start);
  fixture_set_up (&fixture, NULL);
  settle ();
  widths = layout_widths_stop ();
  g_assert_true (g_str_has_prefix (label_text (&fixture, "notice_label"), notice_start));
  g_assert_true (gtk_widget_get_mapped (child (&fixture, "notice_label")));
  g_test_message ("the notice was laid out at %u widths", widths);
  g_assert_cmpuint (widths, >=, 1);
  g_assert_cmpuint (widths, <=, 8);
  fixture_tear_down (&fixture, NULL);
}

static void
count_layouts (GdkToplevel     *toplevel,
               GdkToplevelSize *size,
               guint           *n_layouts)
{
  (*n_layouts)++;
}

/* What an operation changes (the card, the counters, the hash table and
 * the details, the grid) changes no size, so it is only drawn again:
 * GDK never asks the window for its size ("compute-size"), which on X11
 * starts with round trips to the X server, and costs more than the
 * drawing when the window is measured and allocated again. GTK 4.8 and
 * 4.18 also lay the window out for a change of a CSS class: outcomes,
 * repeated positions and the newest step are shown without one. The
 * operations go to the model, as the window's actions do, but without
 * selecting the string in its field afterwards (a selection is a CSS node
 * of its own). GTK 4.18 lays the window out only when a widget asks, as
 * 4.8 does: the two layouts per operation once counted there were the
 * grid's, which queued a resize after every allocation (bloom-bit-grid.c). */
#define N_KEEP_LAYOUT_OPERATIONS 36

static void
test_operations_keep_layout (Fixture       *fixture,
                             gconstpointer  data)
{
  const char *stored[] = { "apple", "melon", "grape", "lemon" };
  GdkSurface *surface;
  guint n_layouts = 0;
  guint seen[BLOOM_OUTCOME_DEFINITELY_ABSENT + 1] = { 0, };
  gboolean seen_repeat = FALSE;

  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "details_expander")), TRUE);
  /* Small and full: queries of absent strings are often false positives,
   * and positions repeat. */
  create_filter (fixture, "30", "12");
  for (guint i = 0; i < G_N_ELEMENTS (stored); i++)
    run (fixture, "filter.insert", stored[i]);
  wait_for_draw (fixture);
  settle ();

  surface = gtk_native_get_surface (GTK_NATIVE (fixture->window));
  g_signal_connect (surface, "compute-size", G_CALLBACK (count_layouts), &n_layouts);

  /* Twice: the first time shows every value once (a note appears, a
   * number grows a digit), the second must only draw. */
  for (guint i = 0; i < 2 * N_KEEP_LAYOUT_OPERATIONS; i++)
    {
      g_autofree char *absent = g_strdup_printf ("absent-%02u", i % N_KEEP_LAYOUT_OPERATIONS);
      const char *stored_one = stored[i % G_N_ELEMENTS (stored)];
      BloomOperation *operation;

      switch (i % 3)
        {
        case 0:
          operation = bloom_session_query (fixture->session, absent, -1, NULL);
          break;
        case 1:
          operation = bloom_session_query (fixture->session, stored_one, -1, NULL);
          break;
        default:
          operation = bloom_session_insert (fixture->session, stored_one, -1, NULL);
        }

      g_assert_nonnull (operation);
      seen[bloom_operation_get_outcome (operation)]++;
      seen_repeat |= bloom_operation_get_n_distinct_positions (operation) < 12;
      wait_for_draw (fixture);
      settle ();
      if (i >= N_KEEP_LAYOUT_OPERATIONS)
        g_assert_cmpuint (n_layouts, ==, 0);
      n_layouts = 0;
    }

  /* The outcomes and styles that change the icon's colour and the rows'
   * font were all shown. */
  g_assert_cmpuint (seen[BLOOM_OUTCOME_FALSE_POSITIVE], >, 0);
  g_assert_cmpuint (seen[BLOOM_OUTCOME_DEFINITELY_ABSENT], >, 0);
  g_assert_cmpuint (seen[BLOOM_OUTCOME_MEMBER], >, 0);
  g_assert_cmpuint (seen[BLOOM_OUTCOME_ALREADY_INSERTED], >, 0);
  g_assert_true (seen_repeat);

  g_signal_handlers_disconnect_by_data (surface, &n_layouts);
}

/* A string whose position at @row lies in [@min_position,
 * @max_position] in a filter of m = 1024, k = 12: found by querying a
 * filter of the same size, which changes nothing. */
static char *
find_string_with_position (guint row,
                           guint min_position,
                           guint max_position)
{
  g_autoptr(BloomSession) probe = bloom_session_new ();

  g_assert_true (bloom_session_create_filter (probe, 1024, 12, NULL));
  for (guint i = 0; i < 100000; i++)
    {
      g_autofree char *text = g_strdup_printf ("probe-%u", i);
      BloomOperation *operation = bloom_session_query (probe, text, -1, NULL);
      guint position = bloom_operation_get_position (operation, row);

      if (position >= min_position && position <= max_position)
        return g_steal_pointer (&text);
    }
  g_assert_not_reached ();
}

static gboolean
is_value_label_with_text (GtkWidget     *widget,
                          gconstpointer  text)
{
  return BLOOM_IS_VALUE_LABEL (widget) &&
         g_strcmp0 (bloom_value_label_get_text (BLOOM_VALUE_LABEL (widget)), text) == 0;
}

/* The hash table's positions take one to four digits in a filter of
 * m = 1024, and its Position column has room for four whatever the
 * operation shows. Sized by each operation's text, a row that showed
 * 1003 and then 5 gave its room back and took it again with the next
 * operation: the columns moved, and each time the window was laid out
 * again and redrawn below the card. */
static void
test_positions_keep_room (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *wide = find_string_with_position (0, 1000, 1023);
  g_autofree char *narrow = find_string_with_position (0, 0, 9);
  GtkWidget *table, *cell = NULL;
  int room = 0;

  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  create_filter (fixture, "1024", "12");
  table = child (fixture, "hash_table");

  for (guint i = 0; i < 4; i++)
    {
      BloomOperation *operation = bloom_session_query (fixture->session, i % 2 == 0 ? wide : narrow,
                                                       -1, NULL);
      g_autofree char *position = g_strdup_printf ("%u", bloom_operation_get_position (operation, 0));

      wait_for_draw (fixture);
      settle ();
      /* Row 0's cells come first in the table: the first label with
       * its position is its Position cell. */
      if (cell == NULL)
        {
          g_assert_cmpuint (strlen (position), ==, 4);
          cell = window_find (table, is_value_label_with_text, position);
          g_assert_nonnull (cell);
          room = natural_width (cell);
        }
      g_assert_cmpstr (bloom_value_label_get_text (BLOOM_VALUE_LABEL (cell)), ==, position);
      g_assert_cmpint (natural_width (cell), ==, room);
    }
}

/* Resizes the window to @width and waits for the first frame in which
 * the grid has columns other than @old_columns. */
static void
resize_until_reflowed (Fixture *fixture,
                       int      width,
                       guint    old_columns)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));

  gtk_window_set_default_size (GTK_WINDOW (fixture->window), width, 700);
  for (guint i = 0; i < 50 && bloom_bit_grid_get_columns (grid) == old_columns; i++)
    wait_for_draw (fixture);
  g_assert_cmpuint (bloom_bit_grid_get_columns (grid), !=, old_columns);
}

/* The grid's legend, a sentence beside the "Bits" heading, is laid out
 * only at the widths it is given: a horizontal box asks each child how
 * wide it must be at the box's height, and a wrapping GtkLabel answers
 * that by laying its text out at width after width. On Wayland a resize
 * asks at several heights (57 layouts of the legend in four resizes
 * under Weston, some 4 million instructions per resize, a twelfth of
 * it); X11 here asks at one, so the test also asks as the row does. */
static void
test_grid_legend_layouts (Fixture       *fixture,
                          gconstpointer  data)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));
  const char *legend_start = "Filled: 1 (set).";
  const int widths[] = { 900, 1280, 1000, 1280 };
  guint n_widths;

  create_filter (fixture, "1024", "3");
  wait_for_draw (fixture);
  settle ();
  g_assert_true (gtk_widget_get_mapped (child (fixture, "grid_legend")));

  layout_widths_watch (legend_start);
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      resize_until_reflowed (fixture, widths[i], bloom_bit_grid_get_columns (grid));
      settle ();
    }
  n_widths = layout_widths_stop ();

  g_test_message ("the legend was laid out at %u widths in %u resizes", n_widths,
                  (guint) G_N_ELEMENTS (widths));
  g_assert_cmpuint (n_widths, >=, 1);
  g_assert_cmpuint (n_widths, <=, 3 * G_N_ELEMENTS (widths));

  /* What the legend's row asks, at heights it passes through on Wayland. */
  layout_widths_watch (legend_start);
  for (int height = 20; height <= 60; height += 10)
    gtk_widget_measure (gtk_widget_get_parent (child (fixture, "grid_legend")),
                        GTK_ORIENTATION_HORIZONTAL, height, NULL, NULL, NULL, NULL);
  n_widths = layout_widths_stop ();
  g_test_message ("measured for 5 heights, the legend was laid out at %u widths", n_widths);
  g_assert_cmpuint (n_widths, ==, 0);
}

static gboolean
scroll_bar_shown (Fixture *fixture)
{
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (child (fixture, "grid_scroller"));

  return gtk_widget_get_child_visible (gtk_scrolled_window_get_vscrollbar (scroller));
}

/* The grid is laid out once, in the first frame that shows it at a new
 * filter or width, never again a frame later: its scroller is as tall as
 * the grid at the width it gets, up to its largest height, and shows its
 * classic scroll bar, which takes width, only where the grid does not
 * fit. GTK 4.8's scrolled window alone asks the grid for its height
 * without a width, shows the bar where the grid would fit and takes
 * columns from it for a frame. */
static void
test_grid_reflow (Fixture       *fixture,
                  gconstpointer  data)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));
  GtkWidget *scroller = child (fixture, "grid_scroller");
  int margins = gtk_widget_get_margin_top (GTK_WIDGET (grid)) +
                gtk_widget_get_margin_bottom (GTK_WIDGET (grid));
  guint columns;

  /* The first grid the window shows: two rows at 1280 pixels. */
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1280, 700);
  wait_for_draw (fixture);
  create_filter (fixture, "64", "3");
  wait_for_draw (fixture);
  columns = bloom_bit_grid_get_columns (grid);
  g_assert_false (scroll_bar_shown (fixture));
  g_assert_cmpint (gtk_widget_get_height (scroller), ==,
                   gtk_widget_get_height (GTK_WIDGET (grid)) + margins);
  settle ();
  wait_for_draw (fixture);
  g_assert_cmpuint (bloom_bit_grid_get_columns (grid), ==, columns);

  create_filter (fixture, "1024", "3");
  wait_for_draw (fixture);
  for (guint i = 0; i < 4; i++)
    {
      resize_until_reflowed (fixture, i % 2 == 0 ? 900 : 1280, bloom_bit_grid_get_columns (grid));
      columns = bloom_bit_grid_get_columns (grid);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (grid)), >, gtk_widget_get_height (scroller));
      g_assert_true (scroll_bar_shown (fixture));
      settle ();
      wait_for_draw (fixture);
      g_assert_cmpuint (bloom_bit_grid_get_columns (grid), ==, columns);
    }

  /* 100 bits: two rows in a wide window, more in a narrow one; all of
   * them shown, in the first frame at each width. */
  create_filter (fixture, "100", "3");
  for (guint i = 0; i < 4; i++)
    {
      resize_until_reflowed (fixture, i % 2 == 0 ? 700 : 1280, bloom_bit_grid_get_columns (grid));
      columns = bloom_bit_grid_get_columns (grid);
      g_assert_cmpint (gtk_widget_get_height (scroller), ==,
                       gtk_widget_get_height (GTK_WIDGET (grid)) + margins);
      g_assert_false (scroll_bar_shown (fixture));
      settle ();
      wait_for_draw (fixture);
      g_assert_cmpuint (bloom_bit_grid_get_columns (grid), ==, columns);
    }
}

/* The first frame builds only what it shows (issue 27): a section that
 * starts closed has no content until it is first opened, by the user or
 * by the session's open sections; then it shows the session as it is. */
static void
test_sections_built_when_opened (Fixture       *fixture,
                                 gconstpointer  data)
{
  const char *expanders[] = {
    "positions_expander", "details_expander", "plot_expander", "entries_expander",
    "experiment_expander",
  };
  GtkExpander *positions = GTK_EXPANDER (child (fixture, "positions_expander"));
  GtkExpander *details = GTK_EXPANDER (child (fixture, "details_expander"));

  wait_for_draw (fixture);
  for (guint i = 0; i < G_N_ELEMENTS (expanders); i++)
    {
      GtkExpander *expander = GTK_EXPANDER (child (fixture, expanders[i]));

      g_assert_false (gtk_expander_get_expanded (expander));
      g_assert_null (gtk_expander_get_child (expander));
    }

  create_filter (fixture, "64", "3");
  run (fixture, "filter.insert", "kiwi");
  g_assert_null (gtk_expander_get_child (positions));
  gtk_expander_set_expanded (positions, TRUE);
  g_assert_nonnull (gtk_expander_get_child (positions));
  g_assert_cmpuint (bloom_hash_table_get_n_rows (BLOOM_HASH_TABLE (gtk_expander_get_child (positions))),
                    ==, 3);
  wait_for_draw (fixture);
  g_assert_true (gtk_widget_get_mapped (gtk_expander_get_child (positions)));

  /* Opened by the session, as a restored session opens its sections. */
  g_assert_null (gtk_expander_get_child (details));
  bloom_session_set_detail_open (fixture->session, "model", TRUE);
  g_assert_true (gtk_expander_get_expanded (details));
  g_assert_nonnull (gtk_expander_get_child (details));

  /* Closed again, it keeps what it built; the others are still empty. */
  gtk_expander_set_expanded (positions, FALSE);
  g_assert_nonnull (gtk_expander_get_child (positions));
  for (guint i = 2; i < G_N_ELEMENTS (expanders); i++)
    g_assert_null (gtk_expander_get_child (GTK_EXPANDER (child (fixture, expanders[i]))));
}

/* The primary menu is built when it first opens, not at start-up; until
 * then its button is still enabled, and its zoom row follows the zoom,
 * so the menu shows the current level when it does open. */
static void
test_menu_built_when_opened (Fixture       *fixture,
                             gconstpointer  data)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (child (fixture, "primary_menu_button"));
  GtkWidget *level = child (fixture, "zoom_level_button");
  GtkPopover *popover;

  wait_for_draw (fixture);
  g_assert_null (gtk_menu_button_get_popover (button));
  g_assert_null (gtk_widget_get_parent (child (fixture, "zoom_row")));
  g_assert_true (gtk_widget_is_sensitive (gtk_widget_get_first_child (GTK_WIDGET (button))));

  activate (fixture, "view.zoom-in");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (level)), ==, "110%");

  gtk_menu_button_popup (button);
  wait_for_draw (fixture);
  popover = gtk_menu_button_get_popover (button);
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  g_assert_true (gtk_widget_is_ancestor (level, GTK_WIDGET (popover)));
  g_assert_true (gtk_widget_get_mapped (level));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (level)), ==, "110%");

  /* Opened again, it is the same menu. */
  gtk_menu_button_popdown (button);
  wait_for_draw (fixture);
  gtk_menu_button_popup (button);
  wait_for_draw (fixture);
  g_assert_true (gtk_menu_button_get_popover (button) == popover);
  gtk_menu_button_popdown (button);
}

/* W4: the positions under their formula; the formula, which changes only
 * with m and k, is not set again by an operation. */
static void
test_details_positions (Fixture       *fixture,
                        gconstpointer  data)
{
  BloomDetailsView *details = BLOOM_DETAILS_VIEW (child (fixture, "details_view"));
  BloomValueLabel *formula = value_beside (GTK_WIDGET (details), "Positions");
  guint formula_changes = 0;

  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "details_expander")), TRUE);
  create_filter (fixture, "8", "12");
  wait_for_draw (fixture);
  g_assert_cmpstr (bloom_details_view_get_value (details, "positions-formula"), ==,
                   "(h1 + i·h2) mod 8 for i = 0 … 11");
  g_assert_cmpstr (bloom_details_view_get_value (details, "positions"), ==, "");
  g_assert_cmpstr (bloom_value_label_get_text (formula), ==, "(h1 + i·h2) mod 8 for i = 0 … 11");

  g_signal_connect_swapped (formula, "notify::text", G_CALLBACK (count), &formula_changes);
  run (fixture, "filter.insert", "a");
  g_assert_cmpstr (bloom_details_view_get_value (details, "positions"), ==,
                   "4, 7, 2, 5, 0, 3, 6, 1, 4, 7, 2, 5");
  run (fixture, "filter.query", "b");
  g_assert_cmpstr (bloom_details_view_get_value (details, "positions-formula"), ==,
                   "(h1 + i·h2) mod 8 for i = 0 … 11");
  g_assert_cmpuint (formula_changes, ==, 0);
}

/* @widget's box in @ancestor's coordinates. */
static graphene_rect_t
bounds_in (GtkWidget *widget,
           GtkWidget *ancestor)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, ancestor, &bounds));

  return bounds;
}

/* W3: the table lines up: each cell under its column's heading, as wide
 * as it, each row below the one before, in the view's width; the same
 * mirrored right to left. */
static void
test_hash_table_layout (Fixture       *fixture,
                        gconstpointer  data)
{
  GtkWidget *table = child (fixture, "hash_table");
  GtkWidget *headers[6];
  GtkWidget *widget;

  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  create_filter (fixture, "8", "12");
  run (fixture, "filter.insert", "a");

  for (guint pass = 0; pass < 2; pass++)
    {
      double previous_y;

      if (pass == 1)
        gtk_widget_set_direction (table, GTK_TEXT_DIR_RTL);
      wait_for_draw (fixture);

      /* The caption, the step line, the headings, then 12 rows of cells. */
      widget = gtk_widget_get_next_sibling (gtk_widget_get_next_sibling (gtk_widget_get_first_child (table)));
      for (guint c = 0; c < 6; c++, widget = gtk_widget_get_next_sibling (widget))
        headers[c] = widget;
      for (guint c = 1; c < 6; c++)
        {
          graphene_rect_t left = bounds_in (headers[pass == 0 ? c - 1 : c], table);
          graphene_rect_t right = bounds_in (headers[pass == 0 ? c : c - 1], table);

          g_assert_cmpfloat (left.origin.x + left.size.width + 24, ==, right.origin.x);
        }
      previous_y = bounds_in (headers[0], table).origin.y;
      for (guint row = 0; row < 12; row++)
        for (guint c = 0; c < 6; c++, widget = gtk_widget_get_next_sibling (widget))
          {
            graphene_rect_t cell = bounds_in (widget, table);
            graphene_rect_t header = bounds_in (headers[c], table);

            g_assert_cmpfloat (cell.origin.x, ==, header.origin.x);
            g_assert_cmpfloat (cell.size.width, ==, header.size.width);
            g_assert_cmpfloat (cell.origin.x + cell.size.width, <=, gtk_widget_get_width (table));
            g_assert_cmpfloat (cell.origin.y, >, previous_y);
            if (c == 5)
              previous_y = cell.origin.y;
          }
      g_assert_null (widget);
    }
}

/* W4: the details line up: the titles in a column, the values in the
 * rest of the width beside them, each row below the one before. */
static void
test_details_layout (Fixture       *fixture,
                     gconstpointer  data)
{
  GtkWidget *details = child (fixture, "details_view");
  const char *titles[] = { "Base hash h1", "Base hash h2", "Positions", "Parameters", "Bits set" };
  double title_width = -1, previous_y = -1;

  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "details_expander")), TRUE);
  create_filter (fixture, "8", "12");
  run (fixture, "filter.insert", "a");
  wait_for_draw (fixture);

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      GtkWidget *value = GTK_WIDGET (value_beside (details, titles[i]));
      graphene_rect_t title_box = bounds_in (gtk_widget_get_prev_sibling (value), details);
      graphene_rect_t value_box = bounds_in (value, details);

      if (title_width < 0)
        title_width = title_box.size.width;
      g_assert_cmpfloat (title_box.origin.x, ==, 0);
      g_assert_cmpfloat (title_box.size.width, ==, title_width);
      g_assert_cmpfloat (value_box.origin.x, ==, title_width + 18);
      g_assert_cmpfloat (value_box.origin.x + value_box.size.width, ==, gtk_widget_get_width (details));
      g_assert_cmpfloat (value_box.origin.y, ==, title_box.origin.y);
      g_assert_cmpfloat (value_box.origin.y, >, previous_y);
      previous_y = value_box.origin.y;
    }
}

/* W3: a long stored string is cut short in "Set by", so that it does not
 * widen the table; the row's text keeps all of it. */
static void
test_hash_table_long_string (Fixture       *fixture,
                             gconstpointer  data)
{
  BloomHashTable *table = BLOOM_HASH_TABLE (child (fixture, "hash_table"));
  g_autofree char *text = g_strnfill (BLOOM_TEXT_MAX_UNITS, 'x');
  g_autofree char *quoted = g_strdup_printf ("\"%s\"", text);
  g_autofree char *row = NULL;
  int minimum, natural;

  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  create_filter (fixture, "1024", "1");
  run (fixture, "filter.insert", text);
  wait_for_draw (fixture);

  row = bloom_hash_table_get_row_text (table, 0);
  g_assert_nonnull (strstr (row, quoted));
  /* 256 characters of a monospace font would be some 2000 pixels. */
  gtk_widget_measure (GTK_WIDGET (table), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural,
                      NULL, NULL);
  g_assert_cmpint (natural, <, 1000);
}

/* The base of the views on its own: the "session" property notifies
 * only on a change; a view that waits while hidden catches up for a
 * reader; one that does not follows at once; a view follows only the
 * session it has. */
static void
test_session_view (void)
{
  BloomSession *session = bloom_session_new ();
  BloomSession *other = bloom_session_new ();
  BloomHashTable *table = g_object_ref_sink (g_object_new (BLOOM_TYPE_HASH_TABLE, NULL));
  BloomEntriesView *entries = g_object_ref_sink (g_object_new (BLOOM_TYPE_ENTRIES_VIEW,
                                                               "session", session, NULL));
  BloomValueLabel *caption = BLOOM_VALUE_LABEL (gtk_widget_get_first_child (GTK_WIDGET (table)));
  const char *no_operation = "No operation yet: insert or query a string to see its positions.";
  BloomSession *got = NULL;
  guint notified = 0;

  g_signal_connect_swapped (table, "notify::session", G_CALLBACK (count), &notified);
  g_object_set (table, "session", session, NULL);
  g_object_get (table, "session", &got, NULL);
  g_assert_true (got == session);
  g_clear_object (&got);
  g_assert_cmpuint (notified, ==, 1);
  bloom_session_view_set_session (BLOOM_SESSION_VIEW (table), session);
  g_assert_cmpuint (notified, ==, 1);

  g_assert_true (bloom_session_create_filter (session, 8, 12, NULL));
  g_assert_nonnull (bloom_session_insert (session, "a", -1, NULL));
  /* Never shown: the table waited, the entries did not. */
  g_assert_cmpstr (bloom_value_label_get_text (caption), ==, no_operation);
  g_assert_cmpstr (bloom_entries_view_get_caption (entries), ==,
                   "1 distinct string, JSON-quoted, in insertion order:");
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 12);
  g_assert_cmpstr (bloom_value_label_get_text (caption), ==, "12 positions, 8 distinct");

  /* Step-through is the property alone, as a binding sets it. */
  g_object_set (table, "revealed-steps", 3, NULL);
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 3);
  g_assert_cmpstr (bloom_hash_table_get_step_text (table), ==, "Step 3 of 12: i = 2 sets bit 2 (it was 0).");
  g_object_set (table, "revealed-steps", G_MAXUINT, NULL);
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 12);

  /* Another session: still hidden, the table waits for it too (at
   * start-up, the closed sections are so filled in only when opened);
   * then the first one is no longer heard. */
  bloom_session_view_set_session (BLOOM_SESSION_VIEW (table), other);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_true (bloom_session_view_get_session (BLOOM_SESSION_VIEW (table)) == other);
  g_assert_cmpstr (bloom_value_label_get_text (caption), ==, "12 positions, 8 distinct");
  bloom_session_view_catch_up (BLOOM_SESSION_VIEW (table));
  g_assert_cmpstr (bloom_value_label_get_text (caption), ==, no_operation);
  g_assert_nonnull (bloom_session_insert (session, "b", -1, NULL));
  bloom_session_view_catch_up (BLOOM_SESSION_VIEW (table));
  g_assert_cmpstr (bloom_value_label_get_text (caption), ==, no_operation);

  bloom_session_view_set_session (BLOOM_SESSION_VIEW (table), NULL);
  g_assert_cmpuint (notified, ==, 3);
  g_assert_null (bloom_session_view_get_session (BLOOM_SESSION_VIEW (table)));
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 0);

  g_assert_finalize_object (table);
  g_assert_finalize_object (entries);
  g_assert_finalize_object (other);
  g_assert_finalize_object (session);
}

/* Issue 23's done-when: an m typed into its field reaches the model and
 * GSettings once each, and comes back to no widget: the field announces
 * its one edit, the spin button takes the value once, and nothing writes
 * the text again. */
static void
count_signal (guint *count)
{
  (*count)++;
}

static void
test_typed_draft_goes_once (Fixture       *fixture,
                            gconstpointer  data)
{
  GtkWidget *m_spin = child (fixture, "m_spin");
  GSettings *settings = bloom_session_store_get_settings (fixture->store);
  guint n_model = 0, n_drafts_changed = 0, n_settings = 0;
  guint n_field_changed = 0, n_text = 0, n_value = 0;
  g_autofree char *stored = NULL;

  bloom_session_store_flush (fixture->store);
  g_signal_connect_swapped (fixture->session, "notify::m-draft", G_CALLBACK (count_signal), &n_model);
  g_signal_connect_swapped (fixture->session, "drafts-changed", G_CALLBACK (count_signal),
                            &n_drafts_changed);
  g_signal_connect_swapped (settings, "changed::m-draft", G_CALLBACK (count_signal), &n_settings);
  g_signal_connect_swapped (m_spin, "changed", G_CALLBACK (count_signal), &n_field_changed);
  g_signal_connect_swapped (gtk_editable_get_delegate (GTK_EDITABLE (m_spin)), "notify::text",
                            G_CALLBACK (count_signal), &n_text);
  g_signal_connect_swapped (m_spin, "notify::value", G_CALLBACK (count_signal), &n_value);

  type_into (fixture, "m_spin", "65");
  bloom_session_store_flush (fixture->store);
  settle ();

  g_assert_cmpstr (bloom_session_get_m_draft (fixture->session), ==, "65");
  g_assert_cmpuint (n_model, ==, 1);
  g_assert_cmpuint (n_drafts_changed, ==, 1);
  stored = g_settings_get_string (settings, "m-draft");
  g_assert_cmpstr (stored, ==, "65");
  g_assert_cmpuint (n_settings, ==, 1);
  g_assert_cmpuint (n_field_changed, ==, 1);
  g_assert_cmpuint (n_text, ==, 1);
  g_assert_cmpuint (n_value, ==, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (m_spin)), ==, 65);
  g_assert_cmpuint (bloom_session_get_m_draft_value (fixture->session), ==, 65);
}

int
main (int   argc,
      char *argv[])
{
  test_isolate_environment ();
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/window/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("seed-example", test_seed_example);
  ADD ("example-then-false-positive", test_example_then_false_positive);
  ADD ("discard-on-change", test_discard_on_change);
  ADD ("reset-keeps-fields", test_reset_keeps_fields);
  ADD ("spin-buttons-follow-drafts", test_spin_buttons_follow_drafts);
  ADD ("typed-draft-goes-once", test_typed_draft_goes_once);
  ADD ("validation-messages", test_validation_messages);
  ADD ("entry-limit-message", test_entry_limit_message);
  ADD ("grid-columns", test_grid_columns);
  ADD ("zoom-scales-text", test_zoom_scales_text);
  ADD ("zoom-fits-width", test_zoom_fits_width);
  ADD ("zoom-scales-controls", test_zoom_scales_controls);
  ADD ("page-icons-theme-sizes", test_page_icons_theme_sizes);
  ADD ("verdict-icon-theme-sizes", test_verdict_icon_theme_sizes);
  ADD ("zoom-menu", test_zoom_menu);
  ADD ("zoom-ranges-whole", test_zoom_ranges_whole);
  ADD ("hash-table-repeat", test_hash_table_repeat);
  ADD ("details", test_details);
  ADD ("expanders", test_expanders);
  ADD ("hidden-views-catch-up", test_hidden_views_catch_up);
  ADD ("views-redraw-once-per-change", test_views_redraw_once_per_change);
  ADD ("details-positions", test_details_positions);
  ADD ("hash-table-long-string", test_hash_table_long_string);
  ADD ("hash-table-layout", test_hash_table_layout);
  ADD ("details-layout", test_details_layout);
  ADD ("operations-keep-layout", test_operations_keep_layout);
  ADD ("positions-keep-room", test_positions_keep_room);
  ADD ("grid-reflow", test_grid_reflow);
  ADD ("grid-legend-layouts", test_grid_legend_layouts);
  ADD ("sections-built-when-opened", test_sections_built_when_opened);
  ADD ("menu-built-when-opened", test_menu_built_when_opened);

#undef ADD

  g_test_add_func ("/window/session-view", test_session_view);
  g_test_add_func ("/window/value-label", test_value_label);
  g_test_add_func ("/window/value-label-font-figures", test_value_label_font_figures);
  g_test_add_func ("/window/notice-layouts", test_notice_layouts);

  return g_test_run ();
}
