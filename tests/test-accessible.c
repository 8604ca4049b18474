/* test-accessible.c — what a screen reader is told about the window
 *
 * GTK's test accessibility backend (GTK_A11Y=test, set by
 * test_isolate_environment()) keeps the role, properties, relations and
 * states each widget reports, with no AT-SPI bus. The names expected here
 * are written out, not read from the .ui files, so that removing an
 * <accessibility> entry, a labelled-by relation or a label's mnemonic
 * widget fails a test.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "bloom-quit-dialog.h"
#include "bloom-value-label.h"
#include "bloom-window.h"
#include "window-child.h"
#include "window-fixture.h"
#include "test-isolation.h"

typedef gboolean (*Match) (GtkWidget     *widget,
                           gconstpointer  data);

static void
collect (GtkWidget     *widget,
         Match          match,
         gconstpointer  data,
         GPtrArray     *found)
{
  if (match (widget, data))
    g_ptr_array_add (found, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect (c, match, data, found);
}

/* The one widget under @root that @match accepts. */
static GtkWidget *
find (GtkWidget     *root,
      Match          match,
      gconstpointer  data)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect (root, match, data, found);
  g_assert_cmpuint (found->len, ==, 1);

  return g_ptr_array_index (found, 0);
}

/* A button of the window for @action: some have no id. Menu items are
 * no GtkButton. */
static gboolean
is_button_for (GtkWidget     *widget,
               gconstpointer  action)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* A button of the quit dialog for one response. */
static gboolean
is_response_button (GtkWidget     *widget,
                    gconstpointer  response)
{
  GVariant *target;

  if (!GTK_IS_BUTTON (widget))
    return FALSE;
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));

  return target != NULL && g_variant_is_of_type (target, G_VARIANT_TYPE_INT32)
         && g_variant_get_int32 (target) == GPOINTER_TO_INT (response);
}

#define ACC(widget) GTK_ACCESSIBLE (widget)

/* A field is announced with the words shown above it: its label is its
 * labelled-by relation, and that label reads as it shows, without the
 * mnemonic underscore. */
static void
assert_field (GtkWidget         *root,
              const char        *field_id,
              GtkAccessibleRole  role,
              const char        *label_id,
              const char        *text)
{
  GtkWidget *field = window_child (root, field_id);
  GtkWidget *label = window_child (root, label_id);

  gtk_test_accessible_assert_role (ACC (field), role);
  gtk_test_accessible_assert_relation (ACC (field), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, text);
  gtk_test_accessible_assert_property (ACC (label), GTK_ACCESSIBLE_PROPERTY_LABEL, text);
}

static void
assert_named (GtkWidget         *widget,
              GtkAccessibleRole  role,
              const char        *name)
{
  gtk_test_accessible_assert_role (ACC (widget), role);
  gtk_test_accessible_assert_property (ACC (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name);
}

/* The fields of the filter and the string: m, k and the string entry
 * are labelled by what is shown above them; an invalid value is said with
 * the field, and so is the count of the string's code units. */
static void
test_fields (Fixture       *fixture,
             gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  GtkWidget *m_spin = child (fixture, "m_spin");

  /* Word joiners (U+2060, silent) keep a range whole when the label
   * wraps (bloom-zoom.c). */
  assert_field (window, "m_spin", GTK_ACCESSIBLE_ROLE_SPIN_BUTTON, "m_label", "m (bits, 8\u2060–\u20601024)");
  assert_field (window, "k_spin", GTK_ACCESSIBLE_ROLE_SPIN_BUTTON, "k_label",
                "k (positions per string, 1\u2060–\u206012)");
  assert_field (window, "text_entry", GTK_ACCESSIBLE_ROLE_TEXT_BOX, "text_label",
                "String (1\u2060–\u2060256 UTF-16 code units, exact and case-sensitive)");

  type_into (fixture, "m_spin", "7");
  gtk_test_accessible_assert_state (ACC (m_spin), GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE);
  g_assert_nonnull (strstr (label_text (fixture, "m_message"), "out of range"));
  gtk_test_accessible_assert_property (ACC (m_spin), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       label_text (fixture, "m_message"));
  type_into (fixture, "m_spin", "64");
  gtk_test_accessible_assert_state (ACC (m_spin), GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_FALSE);

  type_into (fixture, "text_entry", "kiwi");
  gtk_test_accessible_assert_property (ACC (child (fixture, "count_label")), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "4 of 256 UTF-16 code units");
}

/* The buttons' and expanders' names of bloom-window.ui, without the
 * mnemonic underscore; an icon has nothing else to be read. */
static void
test_buttons (Fixture       *fixture,
              gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  static const struct { const char *id; const char *name; } by_ids[] = {
    { "primary_menu_button", "Main Menu" },
    { "retry_button", "Try Again" },
    { "storage_export_button", "Export…" },
    { "save_copy_button", "Save Copy…" },
    { "dismiss_storage_button", "Got It" },
    { "create_button", "Create Filter" },
    { "reset_button", "Reset" },
    { "example_button", "Example a…h" },
    { "undo_button", "Undo" },
    { "insert_button", "Insert" },
    { "query_button", "Query" },
    { "positions_expander", "Hash positions" },
    { "details_expander", "Model and hashes" },
    { "plot_expander", "False-positive rate by k" },
    { "entries_expander", "Entries" },
    { "experiment_expander", "Experiment" },
  };
  static const struct { const char *action; const char *name; } by_actions[] = {
    { "session.restore-recovery", "Restore" },
    { "session.discard-recovery", "Discard" },
    { "session.dismiss-message", "Dismiss" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (by_ids); i++)
    assert_named (window_child (window, by_ids[i].id), GTK_ACCESSIBLE_ROLE_BUTTON, by_ids[i].name);
  for (guint i = 0; i < G_N_ELEMENTS (by_actions); i++)
    assert_named (find (window, is_button_for, by_actions[i].action), GTK_ACCESSIBLE_ROLE_BUTTON,
                  by_actions[i].name);
}

/* W1: the last operation is read as it shows, word for word; the icon is
 * decoration, the verdict is in the words. */
static void
test_operation_card (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char *const labels[] = { "operation_label", "operation_text", "verdict_label",
                                        "verdict_detail" };
  static const struct { const char *action; const char *text; const char *verdict; } steps[] = {
    { "filter.insert", "a", "Inserted" },
    { "filter.query", "i", "False positive" },
    { "filter.query", "b", "Definitely not contained" },
  };

  gtk_test_accessible_assert_role (ACC (child (fixture, "verdict_icon")), GTK_ACCESSIBLE_ROLE_PRESENTATION);
  gtk_test_accessible_assert_property (ACC (child (fixture, "verdict_label")), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "None yet");
  gtk_test_accessible_assert_property (ACC (child (fixture, "verdict_detail")), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Create a filter first.");

  create_filter (fixture, "8", "1");
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      run (fixture, steps[i].action, steps[i].text);
      g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, steps[i].verdict);
      for (guint j = 0; j < G_N_ELEMENTS (labels); j++)
        {
          GtkWidget *label = child (fixture, labels[j]);

          gtk_test_accessible_assert_role (ACC (label), GTK_ACCESSIBLE_ROLE_LABEL);
          gtk_test_accessible_assert_property (ACC (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                               bloom_value_label_get_text (BLOOM_VALUE_LABEL (label)));
        }
    }
  gtk_test_accessible_assert_property (ACC (child (fixture, "operation_label")), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Query");
  gtk_test_accessible_assert_property (ACC (child (fixture, "operation_text")), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "\"b\"");
  gtk_test_accessible_assert_property (ACC (child (fixture, "verdict_detail")), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Bit 5 is 0, so it was never inserted.");
}

/* W2: the grid is one image, named, and described in words: the bits set,
 * the last operation's positions, the bit under the cursor. */
static void
test_bit_grid (Fixture       *fixture,
               gconstpointer  data)
{
  GtkAccessible *grid = ACC (child (fixture, "grid"));

  assert_named (GTK_WIDGET (grid), GTK_ACCESSIBLE_ROLE_IMG, "Bit grid");
  gtk_test_accessible_assert_property (grid, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "No filter is active.");

  create_filter (fixture, "8", "1");
  gtk_test_accessible_assert_property (grid, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "8 bits, 0 set. Cursor: Bit 0: 0 (clear).");
  run (fixture, "filter.insert", "a");
  gtk_test_accessible_assert_property (grid, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "8 bits, 1 set. Positions of the last operation: 4. "
                                       "Cursor: Bit 0: 0 (clear).");

  assert_named (child (fixture, "rate_plot"), GTK_ACCESSIBLE_ROLE_IMG, "False-positive rate by k");
}

/* bloom-experiment-view.ui: each field is labelled by the heading over it,
 * each button and the progress bar named. */
static void
test_experiment_view (Fixture       *fixture,
                      gconstpointer  data)
{
  GtkWidget *view = child (fixture, "experiment_view");
  static const struct { const char *id; GtkAccessibleRole role; const char *name; } named[] = {
    { "new_seed_button", GTK_ACCESSIBLE_ROLE_BUTTON, "New Seed" },
    { "run_button", GTK_ACCESSIBLE_ROLE_BUTTON, "Run Experiment" },
    { "sweep_button", GTK_ACCESSIBLE_ROLE_BUTTON, "Sweep over n" },
    { "cancel_button", GTK_ACCESSIBLE_ROLE_BUTTON, "Cancel" },
    { "progress_bar", GTK_ACCESSIBLE_ROLE_PROGRESS_BAR, "Progress of the experiment" },
    { "sweep_plot", GTK_ACCESSIBLE_ROLE_IMG, "False-positive rate by n, measured" },
  };

  assert_field (view, "n_spin", GTK_ACCESSIBLE_ROLE_SPIN_BUTTON, "n_label", "Random strings N (100–100000)");
  assert_field (view, "length_spin", GTK_ACCESSIBLE_ROLE_SPIN_BUTTON, "length_label",
                "Characters each (1–256)");
  assert_field (view, "seed_entry", GTK_ACCESSIBLE_ROLE_TEXT_BOX, "seed_label", "Seed");
  assert_field (view, "n_max_spin", GTK_ACCESSIBLE_ROLE_SPIN_BUTTON, "n_max_label", "Sweep n up to (1–1024)");
  assert_field (view, "steps_spin", GTK_ACCESSIBLE_ROLE_SPIN_BUTTON, "steps_label", "Steps (1–64)");
  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    assert_named (window_child (view, named[i].id), named[i].role, named[i].name);
}

/* bloom-quit-dialog.ui, for quitting and for replacing the session. */
static void
test_quit_dialog (Fixture       *fixture,
                  gconstpointer  data)
{
  static const char *const quit_names[] = { "Quit Anyway", "Replace Anyway" };

  for (BloomQuitPurpose purpose = BLOOM_QUIT_PURPOSE_QUIT; purpose <= BLOOM_QUIT_PURPOSE_REPLACE; purpose++)
    {
      GtkWidget *dialog = GTK_WIDGET (bloom_quit_dialog_new (GTK_WINDOW (fixture->window), purpose,
                                                             "The session is not stored."));

      g_object_ref_sink (dialog);
      assert_named (find (dialog, is_response_button, GINT_TO_POINTER (BLOOM_QUIT_RESPONSE_CANCEL)),
                    GTK_ACCESSIBLE_ROLE_BUTTON, "Cancel");
      assert_named (find (dialog, is_response_button, GINT_TO_POINTER (BLOOM_QUIT_RESPONSE_EXPORT)),
                    GTK_ACCESSIBLE_ROLE_BUTTON, "Export…");
      assert_named (find (dialog, is_response_button, GINT_TO_POINTER (BLOOM_QUIT_RESPONSE_QUIT)),
                    GTK_ACCESSIBLE_ROLE_BUTTON, quit_names[purpose]);
      gtk_window_destroy (GTK_WINDOW (dialog));
      g_assert_finalize_object (dialog);
    }
}

static gboolean
is_control (GtkAccessibleRole role)
{
  switch (role)
    {
    case GTK_ACCESSIBLE_ROLE_BUTTON:
    case GTK_ACCESSIBLE_ROLE_CHECKBOX:
    case GTK_ACCESSIBLE_ROLE_COMBO_BOX:
    case GTK_ACCESSIBLE_ROLE_IMG:
    case GTK_ACCESSIBLE_ROLE_LINK:
    case GTK_ACCESSIBLE_ROLE_LIST:
    case GTK_ACCESSIBLE_ROLE_MENU_ITEM:
    case GTK_ACCESSIBLE_ROLE_PROGRESS_BAR:
    case GTK_ACCESSIBLE_ROLE_RADIO:
    case GTK_ACCESSIBLE_ROLE_SEARCH_BOX:
    case GTK_ACCESSIBLE_ROLE_SLIDER:
    case GTK_ACCESSIBLE_ROLE_SPIN_BUTTON:
    case GTK_ACCESSIBLE_ROLE_SWITCH:
    case GTK_ACCESSIBLE_ROLE_TEXT_BOX:
      return TRUE;
    default:
      return FALSE;
    }
}

/* A name of its own (not empty) or a widget that names it. */
static gboolean
is_named (GtkAccessible *accessible)
{
  g_autofree char *differs_from_empty = NULL;

  if (gtk_test_accessible_has_relation (accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    return TRUE;
  if (!gtk_test_accessible_has_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL))
    return FALSE;
  differs_from_empty = gtk_test_accessible_check_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, "");

  return differs_from_empty != NULL;
}

static void
collect_unnamed (GtkWidget *widget,
                 GString   *unnamed)
{
  GtkAccessibleRole role = gtk_accessible_get_accessible_role (ACC (widget));

  /* A tooltip (a surface of its own, as a popover is) is read with the
   * widget it belongs to, as its description, never on its own. */
  if (GTK_IS_NATIVE (widget) && !GTK_IS_ROOT (widget) && !GTK_IS_POPOVER (widget))
    return;
  if (is_control (role) && !is_named (ACC (widget)))
    {
      const char *id = gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget));

      g_string_append_printf (unnamed, " %s#%s", G_OBJECT_TYPE_NAME (widget), id ? id : "");
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_unnamed (c, unnamed);
}

/* Every control in the window, the experiment's included, has a name a
 * screen reader can say, whatever GTK gives it or the app does. */
static void
test_every_control_named (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GString) unnamed = g_string_new (NULL);

  create_filter (fixture, "64", "3");
  activate (fixture, "filter.example");
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "experiment_expander")), TRUE);
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "entries_expander")), TRUE);
  wait_for_draw (fixture);

  collect_unnamed (GTK_WIDGET (fixture->window), unnamed);
  if (unnamed->len > 0)
    g_error ("controls without an accessible name:%s", unnamed->str);
}

/* Issue 25: a file message is an alert, named by its words, so that a
 * screen reader reads it as it appears, wherever the focus is. */
static void
test_file_message (Fixture       *fixture,
                   gconstpointer  data)
{
  static const char message[] = "Copied the bit grid to the clipboard as a picture.";
  GtkWidget *banner = child (fixture, "file_banner");
  GtkWidget *label = child (fixture, "file_label");

  create_filter (fixture, "8", "1");
  activate (fixture, "session.copy-grid-picture");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, message);
  gtk_test_accessible_assert_role (ACC (banner), GTK_ACCESSIBLE_ROLE_ALERT);
  gtk_test_accessible_assert_relation (ACC (banner), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL);
  gtk_test_accessible_assert_property (ACC (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message);
}

int
main (int   argc,
      char *argv[])
{
  test_isolate_environment ();
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/accessible/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("fields", test_fields);
  ADD ("buttons", test_buttons);
  ADD ("operation-card", test_operation_card);
  ADD ("bit-grid", test_bit_grid);
  ADD ("experiment-view", test_experiment_view);
  ADD ("quit-dialog", test_quit_dialog);
  ADD ("every-control-named", test_every_control_named);
  ADD ("file-message", test_file_message);

#undef ADD

  return g_test_run ();
}
