/* test-experiment.c — the random-sample experiment in the real window:
 * what it shows is what the model measures, the session is only read,
 * Cancel, the seed field, the sweep, results of a filter that changed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "bloom-experiment-view.h"
#include "bloom-format.h"
#include "bloom-sweep-plot.h"
#include "bloom-window.h"
#include "window-fixture.h"
#include "test-isolation.h"

static BloomExperimentView *
view (Fixture *fixture)
{
  return BLOOM_EXPERIMENT_VIEW (child (fixture, "experiment_view"));
}

static GtkWidget *
part (Fixture    *fixture,
      const char *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (view (fixture)),
                                                   BLOOM_TYPE_EXPERIMENT_VIEW, name);

  g_assert_nonnull (object);

  return GTK_WIDGET (object);
}

static const char *
part_text (Fixture    *fixture,
           const char *name)
{
  return gtk_label_get_text (GTK_LABEL (part (fixture, name)));
}

static gboolean
part_shown (Fixture    *fixture,
            const char *name)
{
  return gtk_widget_get_visible (part (fixture, name));
}

static void
open_experiment (Fixture *fixture)
{
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "experiment_expander")), TRUE);
  wait_for_draw (fixture);
  settle ();
}

static void
set_spin (Fixture    *fixture,
          const char *name,
          double      value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (part (fixture, name)), value);
  settle ();
}

static void
set_seed (Fixture    *fixture,
          const char *seed)
{
  gtk_editable_set_text (GTK_EDITABLE (part (fixture, "seed_entry")), seed);
  settle ();
}

static void
activate_in_view (Fixture    *fixture,
                  const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view (fixture)), action, NULL));
  settle ();
}

/* Until the run shown ends, the main loop turning as in the app. */
static void
wait_for_run (Fixture *fixture)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_TIME_SPAN_SECOND;

  while (bloom_experiment_view_get_running (view (fixture)))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  settle ();
}

/* A cancelled run stops in its thread within a few thousand samples and
 * then calls back, into nothing: let it, before the window goes. */
static void
let_cancelled_runs_end (void)
{
  gint64 until = g_get_monotonic_time () + G_TIME_SPAN_SECOND / 2;

  while (g_get_monotonic_time () < until)
    {
      settle ();
      g_usleep (10000);
    }
}

static void
count_change (guint *n_changes)
{
  (*n_changes)++;
}

static void
insert_strings (Fixture *fixture,
                guint    n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = g_strdup_printf ("entry %u", i);

      g_assert_nonnull (bloom_session_insert (fixture->session, text, -1, NULL));
    }
  settle ();
}

/* What the model measures on the same filter with the same inputs. */
static void
measure_directly (Fixture           *fixture,
                  guint              n_samples,
                  guint              length,
                  guint64            seed,
                  BloomSampleResult *result)
{
  g_autoptr(BloomSampler) sampler = bloom_sampler_new_for_session (fixture->session, NULL);

  g_assert_nonnull (sampler);
  g_assert_true (bloom_sampler_sample (sampler, n_samples, length, seed, BLOOM_Z_95, result,
                                       NULL, NULL));
}

static void
text_read (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  char **text = user_data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  g_assert_nonnull (*text);
}

/* The result names which random strings were the false positives, the
 * first ten, quoted, one a line; Copy Strings puts them on the clipboard
 * unquoted. */
static void
assert_false_positives_shown (Fixture                 *fixture,
                              const BloomSampleResult *expected)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (view (fixture)));
  guint n_named = bloom_sample_result_get_n_false_positive_strings (expected);
  g_auto(GStrv) named = bloom_sample_result_dup_false_positive_strings (expected);
  g_auto(GStrv) lines = NULL;
  g_autofree char *joined = g_strjoinv ("\n", named);
  g_autofree char *title = NULL;
  g_autofree char *copied = NULL;

  g_assert_cmpuint (n_named, ==, 10);
  g_assert_cmpuint (expected->n_false_positives, >, 10);
  title = g_strdup_printf ("The first 10 of the %u false positives: random strings that are not "
                           "stored, yet all their k bits are set.", expected->n_false_positives);
  g_assert_cmpstr (part_text (fixture, "false_positives_title"), ==, title);
  g_assert_true (part_shown (fixture, "false_positives_label"));
  g_assert_true (gtk_label_get_selectable (GTK_LABEL (part (fixture, "false_positives_label"))));
  lines = g_strsplit (part_text (fixture, "false_positives_label"), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, n_named);
  for (guint i = 0; i < n_named; i++)
    {
      g_autofree char *quoted = bloom_text_quote (named[i], -1);

      g_assert_cmpstr (lines[i], ==, quoted);
    }

  g_assert_true (part_shown (fixture, "copy_false_positives_button"));
  g_assert_true (gtk_widget_get_sensitive (part (fixture, "copy_false_positives_button")));
  g_signal_emit_by_name (part (fixture, "copy_false_positives_button"), "clicked");
  gdk_clipboard_read_text_async (clipboard, NULL, text_read, &copied);
  while (copied == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (copied, ==, joined);
}

/* The case: m = 1024, k = 4, some entries, N = 10000, length 8,
 * seed 42. The window shows the model's x / N, interval and verdicts,
 * and the session is the same document before and after, with no
 * "changed". */
static void
test_matches_model (Fixture       *fixture,
                    gconstpointer  data)
{
  const BloomSampleResult *shown;
  BloomSampleResult expected;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *fraction = NULL;
  g_autofree char *rate = NULL;
  g_autofree char *interval = NULL;
  g_autofree char *interval_text = NULL;
  g_autofree char *title = NULL;
  guint n_changes = 0;
  const char * const verdicts[] = { "ideal_verdict", "finite_verdict", "fill_verdict" };

  create_filter (fixture, "1024", "4");
  insert_strings (fixture, 200);
  open_experiment (fixture);
  g_assert_true (bloom_session_get_detail_open (fixture->session, "experiment"));
  g_assert_false (part_shown (fixture, "result_box"));

  set_spin (fixture, "n_spin", 10000);
  set_spin (fixture, "length_spin", 8);
  set_seed (fixture, "42");
  measure_directly (fixture, 10000, 8, 42, &expected);

  before = bloom_state_to_json (fixture->session, NULL);
  g_signal_connect_swapped (fixture->session, "changed", G_CALLBACK (count_change), &n_changes);

  /* The button's mnemonic, as Alt+T would: a button shows itself
   * pressed for a moment before it is clicked. */
  g_assert_true (gtk_widget_mnemonic_activate (part (fixture, "run_button"), FALSE));
  while (bloom_experiment_view_get_result (view (fixture)) == NULL)
    g_main_context_iteration (NULL, TRUE);
  wait_for_run (fixture);

  shown = bloom_experiment_view_get_result (view (fixture));
  g_assert_nonnull (shown);
  g_assert_cmpmem (shown, sizeof *shown, &expected, sizeof expected);

  fraction = g_strdup_printf ("%u/%u ", expected.n_false_positives, expected.n_queries);
  rate = bloom_format_sample_rate (&expected);
  g_assert_true (g_str_has_prefix (part_text (fixture, "rate_label"), fraction));
  g_assert_cmpstr (part_text (fixture, "rate_label"), ==, rate);
  g_assert_cmpuint (expected.n_queries, ==, 10000 - expected.n_skipped);
  g_assert_cmpuint (expected.n_false_positives, >, 0);

  interval = bloom_format_interval (expected.low, expected.high);
  interval_text = g_strdup_printf ("95 %% interval %s", interval);
  g_assert_cmpstr (part_text (fixture, "interval_label"), ==, interval_text);
  g_assert_nonnull (strstr (part_text (fixture, "sample_label"), "drawn from seed 42."));
  title = g_strdup_printf ("Measured on the filter with m = 1024, k = 4 and n = 200 entries, "
                           "%u bits set:", bloom_filter_count_set_bits (bloom_session_get_filter (fixture->session)));
  g_assert_cmpstr (part_text (fixture, "result_title"), ==, title);

  {
    const double formulas[] = { expected.ideal_rate, expected.finite_rate, expected.fill_rate };

    for (guint i = 0; i < G_N_ELEMENTS (formulas); i++)
      g_assert_cmpstr (part_text (fixture, verdicts[i]), ==,
                       bloom_sample_result_contains (&expected, formulas[i]) ? "inside" : "outside");
  }

  g_assert_true (part_shown (fixture, "result_box"));
  g_assert_false (part_shown (fixture, "result_stale_label"));
  g_assert_false (part_shown (fixture, "progress_box"));
  assert_false_positives_shown (fixture, &expected);

  after = bloom_state_to_json (fixture->session, NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (n_changes, ==, 0);
  g_signal_handlers_disconnect_by_data (fixture->session, &n_changes);
}

/* An empty filter has no false positive to name: the window says so and
 * offers nothing to copy. */
static void
test_no_false_positives (Fixture       *fixture,
                         gconstpointer  data)
{
  create_filter (fixture, "1024", "4");
  open_experiment (fixture);
  set_spin (fixture, "n_spin", 1000);
  set_seed (fixture, "3");
  activate_in_view (fixture, "experiment.run");
  wait_for_run (fixture);

  g_assert_nonnull (bloom_experiment_view_get_result (view (fixture)));
  g_assert_cmpstr (part_text (fixture, "false_positives_title"), ==,
                   "None of the queried strings was a false positive.");
  g_assert_false (part_shown (fixture, "false_positives_label"));
  g_assert_false (part_shown (fixture, "copy_false_positives_button"));
  g_assert_false (gtk_widget_get_sensitive (part (fixture, "copy_false_positives_button")));
}

/* A run of 100000 samples at m = 1024, k = 12, cancelled at once: the
 * window says so, shows no result, and the session never changed. */
static void
test_cancel (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint n_changes = 0;

  create_filter (fixture, "1024", "12");
  insert_strings (fixture, 50);
  open_experiment (fixture);
  set_spin (fixture, "n_spin", 100000);
  set_seed (fixture, "7");

  before = bloom_state_to_json (fixture->session, NULL);
  g_signal_connect_swapped (fixture->session, "changed", G_CALLBACK (count_change), &n_changes);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view (fixture)), "experiment.run", NULL));
  g_assert_true (bloom_experiment_view_get_running (view (fixture)));
  g_assert_true (part_shown (fixture, "progress_box"));
  g_assert_true (gtk_widget_get_sensitive (part (fixture, "cancel_button")));
  activate_in_view (fixture, "experiment.cancel");

  g_assert_false (bloom_experiment_view_get_running (view (fixture)));
  g_assert_false (part_shown (fixture, "progress_box"));
  g_assert_true (part_shown (fixture, "status_label"));
  g_assert_cmpstr (part_text (fixture, "status_label"), ==,
                   "Cancelled: nothing was measured, and the session is as it was.");
  let_cancelled_runs_end ();
  g_assert_cmpstr (part_text (fixture, "status_label"), ==,
                   "Cancelled: nothing was measured, and the session is as it was.");
  g_assert_false (part_shown (fixture, "result_box"));
  g_assert_null (bloom_experiment_view_get_result (view (fixture)));
  g_assert_false (gtk_widget_get_sensitive (part (fixture, "cancel_button")));

  after = bloom_state_to_json (fixture->session, NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (n_changes, ==, 0);
  g_signal_handlers_disconnect_by_data (fixture->session, &n_changes);
}

/* A new run replaces one in progress: only the newer one's result is
 * shown, even when the older one, cancelled, calls back first. */
static void
test_new_run_replaces (Fixture       *fixture,
                       gconstpointer  data)
{
  BloomSampleResult expected;

  create_filter (fixture, "1024", "12");
  insert_strings (fixture, 300);
  open_experiment (fixture);
  set_spin (fixture, "n_spin", 100000);
  set_seed (fixture, "1");
  activate_in_view (fixture, "experiment.run");
  set_seed (fixture, "2");
  /* Enter in the seed field. */
  g_signal_emit_by_name (part (fixture, "seed_entry"), "activate");
  g_assert_true (bloom_experiment_view_get_running (view (fixture)));
  wait_for_run (fixture);
  let_cancelled_runs_end ();
  g_assert_false (part_shown (fixture, "status_label"));

  measure_directly (fixture, 100000, 8, 2, &expected);
  g_assert_nonnull (bloom_experiment_view_get_result (view (fixture)));
  g_assert_cmpmem (bloom_experiment_view_get_result (view (fixture)), sizeof expected,
                   &expected, sizeof expected);
}

/* The seed is a decimal guint64; anything else says so next to the
 * field and disables Run and Sweep. */
static void
test_invalid_seed (Fixture       *fixture,
                   gconstpointer  data)
{
  const char * const invalid[] = { "", "abc", "-1", "+1", " 42", "4.2", "18446744073709551616" };
  GtkWidget *run_button;
  GtkWidget *sweep_button;

  create_filter (fixture, "256", "4");
  open_experiment (fixture);
  run_button = part (fixture, "run_button");
  sweep_button = part (fixture, "sweep_button");

  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      set_seed (fixture, invalid[i]);
      g_assert_true (part_shown (fixture, "seed_message"));
      g_assert_cmpstr (part_text (fixture, "seed_message"), ==,
                       "A seed is a whole number from 0 to 18446744073709551615, digits only. "
                       "Type one, or press New Seed.");
      g_assert_false (gtk_widget_get_sensitive (run_button));
      g_assert_false (gtk_widget_get_sensitive (sweep_button));
      g_assert_true (gtk_widget_has_css_class (part (fixture, "seed_entry"), "error"));
      gtk_widget_activate_action (GTK_WIDGET (view (fixture)), "experiment.run", NULL);
      g_assert_false (bloom_experiment_view_get_running (view (fixture)));
    }

  set_seed (fixture, "18446744073709551615");
  g_assert_false (part_shown (fixture, "seed_message"));
  g_assert_true (gtk_widget_get_sensitive (run_button));
  g_assert_true (gtk_widget_get_sensitive (sweep_button));
  g_assert_false (gtk_widget_has_css_class (part (fixture, "seed_entry"), "error"));

  /* New Seed makes any invalid text a seed again. */
  set_seed (fixture, "abc");
  activate_in_view (fixture, "experiment.new-seed");
  g_assert_false (part_shown (fixture, "seed_message"));
  g_assert_true (gtk_widget_get_sensitive (run_button));
  g_assert_cmpuint (strlen (gtk_editable_get_text (GTK_EDITABLE (part (fixture, "seed_entry")))), >, 0);
}

/* No filter: the view says to create one, and nothing can run. */
static void
test_no_filter (Fixture       *fixture,
                gconstpointer  data)
{
  open_experiment (fixture);
  g_assert_true (part_shown (fixture, "no_filter_label"));
  g_assert_false (gtk_widget_get_sensitive (part (fixture, "run_button")));
  g_assert_false (gtk_widget_get_sensitive (part (fixture, "sweep_button")));
  g_assert_true (gtk_widget_get_sensitive (part (fixture, "new_seed_button")));

  create_filter (fixture, "64", "3");
  g_assert_false (part_shown (fixture, "no_filter_label"));
  g_assert_true (gtk_widget_get_sensitive (part (fixture, "run_button")));
  g_assert_true (gtk_widget_get_sensitive (part (fixture, "sweep_button")));

  /* Closed and opened again, its buttons work as before. */
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "experiment_expander")), FALSE);
  wait_for_draw (fixture);
  open_experiment (fixture);
  g_assert_true (gtk_widget_get_sensitive (part (fixture, "new_seed_button")));
  g_assert_true (gtk_widget_get_sensitive (part (fixture, "run_button")));
}

/* A query leaves the filter as it was, so the result stays current; an
 * insert changes it, and the result then says it is of the filter as it
 * was. Undo of a reset brings that filter back. */
static void
test_stale_result (Fixture       *fixture,
                   gconstpointer  data)
{
  create_filter (fixture, "64", "3");
  activate (fixture, "filter.example");
  open_experiment (fixture);
  set_spin (fixture, "n_spin", 1000);
  set_seed (fixture, "3");
  activate_in_view (fixture, "experiment.run");
  wait_for_run (fixture);
  g_assert_false (part_shown (fixture, "result_stale_label"));

  run (fixture, "filter.query", "not stored");
  g_assert_false (part_shown (fixture, "result_stale_label"));

  run (fixture, "filter.insert", "new");
  g_assert_true (part_shown (fixture, "result_stale_label"));
  g_assert_true (gtk_widget_has_css_class (part (fixture, "result_box"), "stale"));
  /* The numbers stay, of the filter with the example's 8 entries. */
  g_assert_cmpuint (bloom_experiment_view_get_result (view (fixture))->n_entries, ==, 8);

  activate_in_view (fixture, "experiment.run");
  wait_for_run (fixture);
  g_assert_false (part_shown (fixture, "result_stale_label"));
  g_assert_false (gtk_widget_has_css_class (part (fixture, "result_box"), "stale"));

  activate (fixture, "filter.reset");
  g_assert_true (part_shown (fixture, "result_stale_label"));
  activate (fixture, "filter.undo");
  g_assert_false (part_shown (fixture, "result_stale_label"));

  /* Another filter of the same m, k and n: not the one measured. */
  create_filter (fixture, "64", "3");
  insert_strings (fixture, 9);
  g_assert_cmpuint (bloom_session_get_n_entries (fixture->session), ==,
                    bloom_experiment_view_get_result (view (fixture))->n_entries);
  g_assert_true (part_shown (fixture, "result_stale_label"));
}

/* The sweep: n_steps + 1 points, the model's, on a scratch filter; the
 * session stays the same document. More steps than n_max give a point
 * per n. A changed m or k marks the sweep as of the filter as it was. */
static void
test_sweep (Fixture       *fixture,
            gconstpointer  data)
{
  BloomSweepPlot *plot = BLOOM_SWEEP_PLOT (part (fixture, "sweep_plot"));
  g_autoptr(BloomSampler) sampler = bloom_sampler_new (256, 4);
  g_autoptr(GPtrArray) expected = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const BloomSampleResult *last;
  const char *text;
  guint n_changes = 0;

  create_filter (fixture, "256", "4");
  insert_strings (fixture, 10);
  open_experiment (fixture);
  g_assert_cmpstr (bloom_sweep_plot_get_text_alternative (plot), ==, "No sweep yet.");
  set_spin (fixture, "n_spin", 1000);
  set_seed (fixture, "5");
  set_spin (fixture, "n_max_spin", 64);
  set_spin (fixture, "steps_spin", 16);

  before = bloom_state_to_json (fixture->session, NULL);
  g_signal_connect_swapped (fixture->session, "changed", G_CALLBACK (count_change), &n_changes);
  activate_in_view (fixture, "experiment.sweep");
  wait_for_run (fixture);
  after = bloom_state_to_json (fixture->session, NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (n_changes, ==, 0);
  g_signal_handlers_disconnect_by_data (fixture->session, &n_changes);

  g_assert_true (part_shown (fixture, "sweep_box"));
  g_assert_cmpuint (bloom_sweep_plot_get_n_points (plot), ==, 17);
  expected = bloom_sampler_sweep (sampler, 64, 16, 1000, 8, 5, BLOOM_Z_95, NULL, NULL);
  last = g_ptr_array_index (expected, 16);
  text = bloom_sweep_plot_get_text_alternative (plot);
  {
    g_autofree char *rate = bloom_format_sample_rate (last);
    g_autofree char *point = g_strdup_printf ("n = 64: %s,", rate);

    g_assert_nonnull (strstr (text, point));
  }
  {
    /* Counts are grouped as the locale does it ("1,000" in en_US). */
    g_autofree char *rate = bloom_format_rate (0, 1000);
    g_autofree char *point = g_strdup_printf ("n = 0: %s,", rate);

    g_assert_nonnull (strstr (text, point));
  }
  g_assert_nonnull (strstr (text, "n = 4: "));
  g_assert_cmpstr (part_text (fixture, "sweep_title"), ==,
                   "Sweep on a scratch filter with m = 256 and k = 4, seed 5: 17 points.");
  g_assert_false (part_shown (fixture, "sweep_stale_label"));

  set_spin (fixture, "n_max_spin", 5);
  activate_in_view (fixture, "experiment.sweep");
  wait_for_run (fixture);
  g_assert_cmpuint (bloom_sweep_plot_get_n_points (plot), ==, 6);

  create_filter (fixture, "128", "4");
  g_assert_true (part_shown (fixture, "sweep_stale_label"));
  g_assert_cmpstr (part_text (fixture, "sweep_stale_label"), ==,
                   "This sweep was made for m = 256 and k = 4; the active filter has m = 128 and "
                   "k = 4. Sweep again to measure it.");
}

/* Strings of one character: at most 95 distinct ones, so a larger sweep
 * is refused next to the fields. */
static void
test_sweep_one_character (Fixture       *fixture,
                          gconstpointer  data)
{
  create_filter (fixture, "1024", "2");
  open_experiment (fixture);
  set_spin (fixture, "n_max_spin", 200);
  set_spin (fixture, "length_spin", 1);
  g_assert_true (part_shown (fixture, "sweep_message"));
  g_assert_false (gtk_widget_get_sensitive (part (fixture, "sweep_button")));
  g_assert_true (gtk_widget_get_sensitive (part (fixture, "run_button")));
  set_spin (fixture, "n_max_spin", 95);
  g_assert_false (part_shown (fixture, "sweep_message"));
  g_assert_true (gtk_widget_get_sensitive (part (fixture, "sweep_button")));
}

/* The sweep's largest n follows the filter, 2m/k or twice its entries,
 * until it is typed into. */
static void
test_suggested_n_max (Fixture       *fixture,
                      gconstpointer  data)
{
  GtkSpinButton *n_max = GTK_SPIN_BUTTON (part (fixture, "n_max_spin"));

  create_filter (fixture, "1024", "4");
  open_experiment (fixture);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (n_max), ==, 512);
  insert_strings (fixture, 300);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (n_max), ==, 600);
  create_filter (fixture, "64", "3");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (n_max), ==, 43);
  set_spin (fixture, "n_max_spin", 20);
  create_filter (fixture, "1024", "4");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (n_max), ==, 20);
}

/* Alt+P opens and closes it, and the session keeps it open (SPEC P1). */
static void
test_expander (Fixture       *fixture,
               gconstpointer  data)
{
  GtkWidget *expander = child (fixture, "experiment_expander");
  GtkWidget *label = gtk_expander_get_label_widget (GTK_EXPANDER (expander));

  g_assert_cmpuint (gtk_label_get_mnemonic_keyval (GTK_LABEL (label)), ==, GDK_KEY_p);
  g_assert_cmpuint (gtk_label_get_mnemonic_keyval (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (part (fixture, "run_button"))))),
                    ==, GDK_KEY_t);
  g_assert_true (gtk_widget_mnemonic_activate (expander, FALSE));
  g_assert_true (bloom_session_get_detail_open (fixture->session, "experiment"));
  g_assert_true (gtk_widget_mnemonic_activate (expander, FALSE));
  g_assert_false (bloom_session_get_detail_open (fixture->session, "experiment"));
  bloom_session_set_detail_open (fixture->session, "experiment", TRUE);
  g_assert_true (gtk_expander_get_expanded (GTK_EXPANDER (expander)));
}

int
main (int   argc,
      char *argv[])
{
  test_isolate_environment ();
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/experiment/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("matches-model", test_matches_model);
  ADD ("no-false-positives", test_no_false_positives);
  ADD ("cancel", test_cancel);
  ADD ("new-run-replaces", test_new_run_replaces);
  ADD ("invalid-seed", test_invalid_seed);
  ADD ("no-filter", test_no_filter);
  ADD ("stale-result", test_stale_result);
  ADD ("sweep", test_sweep);
  ADD ("sweep-one-character", test_sweep_one_character);
  ADD ("suggested-n-max", test_suggested_n_max);
  ADD ("expander", test_expander);

#undef ADD

  return g_test_run ();
}
