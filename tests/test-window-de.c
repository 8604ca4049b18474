/* test-window-de.c — the real window, translated (SPEC D3)
 *
 * Runs in a German locale (LC_ALL=de_DE.UTF-8, LANGUAGE=de) and, for the
 * mnemonics test, also in a Chinese one (zh_CN.UTF-8), against the
 * translations built in the build tree: BLOOM_TEST_LOCALEDIR is meson's
 * po/ build directory, which holds LANG/LC_MESSAGES/bloom-lab.mo. The
 * locales are the ones tests/meson.build generates (LOCPATH), or the
 * system's. Real locales, not LANGUAGE over C.UTF-8: from glibc 2.41 on,
 * gettext ignores LANGUAGE in C.UTF-8 as it always did in C.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "bloom-application.h"
#include "bloom-details-view.h"
#include "bloom-experiment-view.h"
#include "bloom-window.h"
#include "window-fixture.h"
#include "test-isolation.h"

/* What a button or expander says, mnemonic underscore included. */
static const char *
control_label (Fixture    *fixture,
               const char *name)
{
  GtkWidget *widget = child (fixture, name);

  if (GTK_IS_EXPANDER (widget))
    return gtk_expander_get_label (GTK_EXPANDER (widget));
  if (GTK_IS_BUTTON (widget))
    return gtk_button_get_label (GTK_BUTTON (widget));

  return gtk_label_get_label (GTK_LABEL (widget));
}

/* The label whose mnemonic leads to @field. */
static const char *
field_label (Fixture    *fixture,
             const char *field)
{
  GList *labels = gtk_widget_list_mnemonic_labels (child (fixture, field));
  const char *text;

  g_assert_cmpuint (g_list_length (labels), ==, 1);
  text = gtk_label_get_label (GTK_LABEL (labels->data));
  g_list_free (labels);

  return text;
}

/* The fixed labels of the window template, in German. */
static void
test_labels (Fixture       *fixture,
             gconstpointer  data)
{
  g_assert_cmpstr (control_label (fixture, "create_button"), ==, "_Filter anlegen");
  g_assert_cmpstr (control_label (fixture, "reset_button"), ==, "Zurück_setzen");
  g_assert_cmpstr (control_label (fixture, "insert_button"), ==, "_Einfügen");
  g_assert_cmpstr (control_label (fixture, "query_button"), ==, "_Abfragen");
  g_assert_cmpstr (control_label (fixture, "positions_expander"), ==, "_Hashpositionen");
  g_assert_cmpstr (control_label (fixture, "details_expander"), ==, "Mo_dell und Hashes");
  g_assert_cmpstr (control_label (fixture, "experiment_expander"), ==, "Exper_iment");
  /* With word joiners around the dash (bloom-zoom.c) */
  g_assert_cmpstr (field_label (fixture, "m_spin"), ==, "_m (Bits, 8\u2060–\u20601024)");
  g_assert_true (g_str_has_prefix (field_label (fixture, "k_spin"), "_k (Positionen je Zeichenkette"));
  g_assert_true (g_str_has_prefix (field_label (fixture, "text_entry"), "_Zeichenkette ("));
  g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "Noch keine");
  g_assert_cmpstr (label_text (fixture, "rate_value"), ==, "unbestimmt: noch keine Negativabfragen");

  /* What a screen reader says is translated too. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (child (fixture, "create_button")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Filter anlegen");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (child (fixture, "grid")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Bitraster");
}

/* E2 in German: the verdicts, the counters, the reason. */
static void
test_seed_example (Fixture       *fixture,
                   gconstpointer  data)
{
  create_filter (fixture, "8", "1");

  run (fixture, "filter.insert", "a");
  g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "Eingefügt");
  g_assert_cmpstr (label_text (fixture, "operation_label"), ==, "Einfügen");
  g_assert_cmpstr (label_text (fixture, "verdict_detail"), ==, "Ihre 1 Position ist jetzt gesetzt.");
  g_assert_cmpstr (label_text (fixture, "entries_value"), ==, "1");

  run (fixture, "filter.query", "i");
  g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "Falsch positiv");
  g_assert_cmpstr (label_text (fixture, "operation_label"), ==, "Abfrage");

  run (fixture, "filter.query", "a");
  g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "Enthalten");

  run (fixture, "filter.query", "b");
  g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "Sicher nicht enthalten");
  g_assert_cmpstr (label_text (fixture, "verdict_detail"), ==, "Bit 5 ist 0, also wurde sie nie eingefügt.");
  g_assert_cmpstr (label_text (fixture, "negatives_value"), ==, "2");
  g_assert_cmpstr (label_text (fixture, "false_positives_value"), ==, "1");
  g_assert_true (g_str_has_prefix (label_text (fixture, "rate_value"), "1/2 = "));

  /* F3: the notice after a discard. */
  type_into (fixture, "m_spin", "9");
  g_assert_true (g_str_has_prefix (label_text (fixture, "notice_label"),
                                   "Die Parameter haben sich geändert"));
}

/* D3: numbers follow the locale in the window: "0,5" in German. */
static void
test_decimal_comma (Fixture       *fixture,
                    gconstpointer  data)
{
  BloomDetailsView *details = BLOOM_DETAILS_VIEW (child (fixture, "details_view"));

  create_filter (fixture, "8", "1");
  run (fixture, "filter.insert", "a");
  g_assert_nonnull (strstr (bloom_details_view_get_value (details, "approximation"), "0,1175"));
  run (fixture, "filter.query", "i");
  run (fixture, "filter.query", "b");
  g_assert_cmpstr (label_text (fixture, "rate_value"), ==, "1/2 = 0,5");
}

static void
collect_mnemonics (GtkWidget  *widget,
                   GHashTable *seen,
                   GString    *clashes,
                   guint      *n_found)
{
  /* A popover (the main menu) is a scope of its own. */
  if (GTK_IS_POPOVER (widget))
    return;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_mnemonics (c, seen, clashes, n_found);

  if (GTK_IS_LABEL (widget) && gtk_label_get_use_underline (GTK_LABEL (widget)))
    {
      guint keyval = gdk_keyval_to_lower (gtk_label_get_mnemonic_keyval (GTK_LABEL (widget)));
      const char *text = gtk_label_get_label (GTK_LABEL (widget));
      const char *other;

      if (keyval == GDK_KEY_VoidSymbol)
        {
          g_string_append_printf (clashes, " [no mnemonic: %s]", text);
          return;
        }

      (*n_found)++;
      other = g_hash_table_lookup (seen, GUINT_TO_POINTER (keyval));
      if (other != NULL)
        g_string_append_printf (clashes, " [%s / %s]", other, text);
      else
        g_hash_table_insert (seen, GUINT_TO_POINTER (keyval), (gpointer) text);
    }
}

/* D4: Alt plus a letter reaches one control only, in the translation too.
 * All of the window's controls count, shown or hidden: the banners and
 * Undo appear together with the rest. */
static void
test_mnemonics (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GString) clashes = g_string_new (NULL);
  guint n_found = 0;

  /* Translated at all? */
  g_assert_cmpstr (control_label (fixture, "create_button"), !=, "_Create Filter");

  collect_mnemonics (GTK_WIDGET (fixture->window), seen, clashes, &n_found);
  if (clashes->len > 0)
    g_error ("mnemonics clash in %s:%s", g_getenv ("LANGUAGE"), clashes->str);
  g_assert_cmpuint (n_found, >=, 11);
}

static const char *
experiment_text (Fixture    *fixture,
                 const char *name)
{
  GObject *label = gtk_widget_get_template_child (child (fixture, "experiment_view"),
                                                  BLOOM_TYPE_EXPERIMENT_VIEW, name);

  g_assert_true (GTK_IS_LABEL (label));

  return gtk_label_get_text (GTK_LABEL (label));
}

/* The experiment's result in German: an interval of decimal commas is
 * split by a semicolon, and each formula is "innerhalb" or "außerhalb". */
static void
test_experiment (Fixture       *fixture,
                 gconstpointer  data)
{
  BloomExperimentView *view = BLOOM_EXPERIMENT_VIEW (child (fixture, "experiment_view"));
  GObject *seed = gtk_widget_get_template_child (GTK_WIDGET (view), BLOOM_TYPE_EXPERIMENT_VIEW,
                                                 "seed_entry");
  const char *verdict;

  create_filter (fixture, "64", "3");
  activate (fixture, "filter.example");
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "experiment_expander")), TRUE);
  wait_for_draw (fixture);
  gtk_editable_set_text (GTK_EDITABLE (seed), "42");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "experiment.run", NULL));
  while (bloom_experiment_view_get_running (view))
    g_main_context_iteration (NULL, TRUE);
  settle ();

  g_assert_nonnull (bloom_experiment_view_get_result (view));
  g_assert_true (g_str_has_prefix (experiment_text (fixture, "interval_label"), "95-%-Intervall ["));
  g_assert_nonnull (strstr (experiment_text (fixture, "interval_label"), "; "));
  g_assert_true (g_str_has_prefix (experiment_text (fixture, "result_title"),
                                   "Gemessen am Filter mit m = 64, k = 3 und n = 8 Einträgen"));
  verdict = experiment_text (fixture, "ideal_verdict");
  g_assert_true (g_str_equal (verdict, "innerhalb") || g_str_equal (verdict, "außerhalb"));
  g_assert_nonnull (strstr (experiment_text (fixture, "rate_label"), "0,"));
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("BLOOM_TEST_LOCALEDIR");
  const char *wanted = g_getenv ("LC_ALL");

  test_isolate_environment ();
  gtk_test_init (&argc, &argv, NULL);

  /* gtk_test_init() switched to en_US.UTF-8 where it could: back to the
   * locale of the environment, the way the app itself sets it up. */
  bloom_application_setup_locale ();
  if (g_strcmp0 (setlocale (LC_ALL, NULL), wanted) != 0)
    g_error ("the locale is %s, not %s as the environment says; tests/meson.build generates "
             "%s with localedef (package \"locales\") into LOCPATH=%s",
             setlocale (LC_ALL, NULL), wanted, wanted, g_getenv ("LOCPATH"));

  /* The translations of the build tree, not those installed. */
  g_assert_nonnull (localedir);
  bindtextdomain (GETTEXT_PACKAGE, localedir);

#define ADD(path, func) \
  g_test_add ("/window-l10n/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("labels", test_labels);
  ADD ("seed-example", test_seed_example);
  ADD ("decimal-comma", test_decimal_comma);
  ADD ("experiment", test_experiment);
  ADD ("mnemonics", test_mnemonics);

#undef ADD

  return g_test_run ();
}
