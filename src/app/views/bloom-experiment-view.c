/* bloom-experiment-view.c
 *
 * Every measurement runs on a BloomSampler, a snapshot of the active
 * filter taken when the button is pressed, in a worker thread: the session
 * is only read, once, and nothing of an experiment is stored (SPEC P5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-experiment-view"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-experiment-view.h"
#include "bloom-format.h"
#include "bloom-sweep-plot.h"
#include "bloom-wrap-box.h"

#define PROGRESS_INTERVAL_MS 50
/* New Seed draws at most six digits: easy to read out to a class and to
 * type again; any seed up to G_MAXUINT64 can be typed. */
#define DRAWN_SEED_LIMIT     1000000
/* The sweep's n suggested for a filter: twice its entries or 2m/k (where
 * the ideal rate is (1 − e^−2)^k), whichever is larger, at least this. */
#define N_MAX_SUGGESTED_MIN  16

typedef enum
{
  RUN_NONE,
  RUN_SAMPLE,
  RUN_SWEEP,
} RunKind;

typedef enum
{
  FORMULA_IDEAL,
  FORMULA_FINITE,
  FORMULA_FILL,
  N_FORMULAS
} Formula;

struct _BloomExperimentView
{
  BloomSessionView   parent_instance;

  /* The run in progress, one at a time: a new run or Cancel drops it,
   * and its callback, finding another cancellable or none, shows
   * nothing. */
  RunKind            running;
  BloomSampler      *sampler;
  GCancellable      *cancellable;
  guint              progress_id;
  BloomFilter       *run_filter;        /* weak: the filter it measures */

  /* What was measured, not model state. The result is of the filter as
   * it is while the session holds the same filter object (weak, so
   * never a freed one's address again) with as many entries: a filter
   * only ever gains entries, and a reset or a new filter is a new
   * object. */
  BloomSampleResult *result;
  BloomFilter       *result_filter;     /* weak */
  GPtrArray         *sweep;             /* of BloomSampleResult */

  /* The sweep's largest n follows the filter until it is typed into. */
  gboolean           n_max_typed;
  gboolean           suggesting_n_max;

  /* What to scroll into view once it is laid out, and the tick that
   * waits for that. */
  GtkWidget         *reveal_target;
  guint              reveal_tick_id;
  gboolean           reveal_laid_out;

  /* Template widgets */
  GtkWidget         *no_filter_label;
  GtkSpinButton     *n_spin;
  GtkSpinButton     *length_spin;
  GtkEditable       *seed_entry;
  GtkLabel          *seed_message;
  GtkWidget         *new_seed_button;
  GtkWidget         *run_button;
  GtkWidget         *sweep_button;
  GtkSpinButton     *n_max_spin;
  GtkSpinButton     *steps_spin;
  GtkWidget         *sweep_message;
  GtkWidget         *progress_box;
  GtkProgressBar    *progress_bar;
  GtkWidget         *cancel_button;
  GtkLabel          *status_label;
  GtkWidget         *result_box;
  GtkLabel          *result_title;
  GtkLabel          *rate_label;
  GtkLabel          *interval_label;
  GtkLabel          *sample_label;
  GtkLabel          *false_positives_title;
  GtkLabel          *false_positives_label;
  GtkWidget         *copy_false_positives_button;
  GtkLabel          *formula_values[N_FORMULAS];
  GtkImage          *formula_icons[N_FORMULAS];
  GtkLabel          *formula_verdicts[N_FORMULAS];
  GtkWidget         *result_stale_label;
  GtkWidget         *sweep_box;
  GtkLabel          *sweep_title;
  BloomSweepPlot    *sweep_plot;
  GtkLabel          *sweep_stale_label;
};

G_DEFINE_FINAL_TYPE (BloomExperimentView, bloom_experiment_view, BLOOM_TYPE_SESSION_VIEW)

enum { PROP_0, PROP_RUNNING, N_PROPS };
static GParamSpec *properties[N_PROPS];

static BloomSession *
get_session (BloomExperimentView *self)
{
  return bloom_session_view_get_session (BLOOM_SESSION_VIEW (self));
}

static BloomFilter *
get_filter (BloomExperimentView *self)
{
  return bloom_session_view_get_filter (BLOOM_SESSION_VIEW (self));
}

static gboolean
parse_seed (BloomExperimentView *self,
            guint64             *seed)
{
  return g_ascii_string_to_unsigned (gtk_editable_get_text (self->seed_entry), 10, 0, G_MAXUINT64,
                                     seed, NULL);
}

static guint
get_length (BloomExperimentView *self)
{
  return gtk_spin_button_get_value_as_int (self->length_spin);
}

/* The model's limit: n distinct strings of one character exist only up
 * to n = 95. */
static gboolean
sweep_fields_valid (BloomExperimentView *self)
{
  return get_length (self) > 1 ||
         gtk_spin_button_get_value_as_int (self->n_max_spin) <= BLOOM_SAMPLE_N_CHARS;
}

/* The buttons are not GtkActionable: GTK 4.8 reports a widget's own
 * actions as removed to the buttons inside it when the widget leaves the
 * tree, as a collapsed expander's child does, and never as added again.
 * So each button activates its action (on_activated()) and follows its
 * enabled state. */
static void
set_action_enabled (BloomExperimentView *self,
                    const char          *action_name,
                    GtkWidget           *button,
                    gboolean             enabled)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), action_name, enabled);
  gtk_widget_set_sensitive (button, enabled);
}

static void
update_actions (BloomExperimentView *self)
{
  gboolean ready = get_filter (self) != NULL && parse_seed (self, NULL);

  set_action_enabled (self, "experiment.run", self->run_button, ready);
  set_action_enabled (self, "experiment.sweep", self->sweep_button,
                      ready && sweep_fields_valid (self));
  set_action_enabled (self, "experiment.cancel", self->cancel_button, self->running != RUN_NONE);
  set_action_enabled (self, "experiment.copy-false-positives", self->copy_false_positives_button,
                      self->result != NULL &&
                      bloom_sample_result_get_n_false_positive_strings (self->result) > 0);
}

static void
show_seed_message (BloomExperimentView *self)
{
  gboolean valid = parse_seed (self, NULL);
  g_autofree char *limit = g_strdup_printf ("%" G_GUINT64_FORMAT, G_MAXUINT64);
  g_autofree char *message = NULL;

  if (!valid)
    {
      /* Translators: %s is the largest seed, 18446744073709551615 */
      message = g_strdup_printf (_("A seed is a whole number from 0 to %s, digits only. Type "
                                   "one, or press New Seed."),
                                 limit);
      gtk_label_set_text (self->seed_message, message);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->seed_message), !valid);
  if (valid)
    gtk_widget_remove_css_class (GTK_WIDGET (self->seed_entry), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->seed_entry), "error");
}

/* Twice the entries or 2m/k, within what the sweep accepts. */
static void
suggest_n_max (BloomExperimentView *self)
{
  BloomFilter *filter = get_filter (self);
  guint m, k, n, n_max;

  if (filter == NULL || self->n_max_typed)
    return;

  m = bloom_filter_get_m (filter);
  k = bloom_filter_get_k (filter);
  n = bloom_session_get_n_entries (get_session (self));
  n_max = MAX (MAX (2 * n, (2 * m + k - 1) / k), N_MAX_SUGGESTED_MIN);
  n_max = MIN (n_max, get_length (self) > 1 ? BLOOM_MAX_ENTRIES : BLOOM_SAMPLE_N_CHARS);

  self->suggesting_n_max = TRUE;
  gtk_spin_button_set_value (self->n_max_spin, n_max);
  self->suggesting_n_max = FALSE;
}

static gboolean
result_is_current (BloomExperimentView *self)
{
  BloomFilter *filter = get_filter (self);

  return filter != NULL && filter == self->result_filter &&
         bloom_session_get_n_entries (get_session (self)) == self->result->n_entries;
}

/* Results of a filter that is no longer active stay readable, and say so
 * rather than pass for the current filter's. */
static void
show_freshness (BloomExperimentView *self)
{
  if (self->result != NULL)
    {
      gboolean current = result_is_current (self);

      gtk_widget_set_visible (self->result_stale_label, !current);
      if (current)
        gtk_widget_remove_css_class (self->result_box, "stale");
      else
        gtk_widget_add_css_class (self->result_box, "stale");
    }

  if (self->sweep != NULL)
    {
      const BloomSampleResult *point = g_ptr_array_index (self->sweep, 0);
      BloomFilter *filter = get_filter (self);
      g_autofree char *text = NULL;

      if (filter == NULL)
        text = g_strdup_printf (_("No filter is active: this sweep was made for m = %u and k = %u."),
                                point->m, point->k);
      else if (bloom_filter_get_m (filter) != point->m || bloom_filter_get_k (filter) != point->k)
        text = g_strdup_printf (_("This sweep was made for m = %u and k = %u; the active filter has "
                                  "m = %u and k = %u. Sweep again to measure it."),
                                point->m, point->k,
                                bloom_filter_get_m (filter), bloom_filter_get_k (filter));

      if (text != NULL)
        gtk_label_set_text (self->sweep_stale_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->sweep_stale_label), text != NULL);
    }
}

static void
bloom_experiment_view_update (BloomSessionView *view)
{
  BloomExperimentView *self = BLOOM_EXPERIMENT_VIEW (view);

  gtk_widget_set_visible (self->no_filter_label, get_filter (self) == NULL);
  suggest_n_max (self);
  show_freshness (self);
  update_actions (self);
}

static void
on_field_changed (BloomExperimentView *self)
{
  show_seed_message (self);
  suggest_n_max (self);
  gtk_widget_set_visible (self->sweep_message, !sweep_fields_valid (self));
  update_actions (self);
}

static void
on_n_max_changed (BloomExperimentView *self)
{
  if (!self->suggesting_n_max)
    self->n_max_typed = TRUE;
  on_field_changed (self);
}

/* A button, or Enter in the seed field: its action. */
static void
on_activated (BloomExperimentView *self,
              GtkWidget           *widget)
{
  const char *action;

  if (widget == self->run_button || widget == GTK_WIDGET (self->seed_entry))
    action = "experiment.run";
  else if (widget == self->sweep_button)
    action = "experiment.sweep";
  else if (widget == self->cancel_button)
    action = "experiment.cancel";
  else if (widget == self->copy_false_positives_button)
    action = "experiment.copy-false-positives";
  else
    {
      g_assert (widget == self->new_seed_button);
      action = "experiment.new-seed";
    }

  gtk_widget_activate_action (GTK_WIDGET (self), action, NULL);
}

/* Scrolls the window's page to show the view's @target: where a result
 * or the progress of a run the user asked for appears, often below the
 * window's edge, and the focus stays where it was. */
static gboolean
reveal_on_tick (GtkWidget     *widget,
                GdkFrameClock *frame_clock,
                gpointer       user_data)
{
  BloomExperimentView *self = BLOOM_EXPERIMENT_VIEW (widget);
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *content;
  graphene_rect_t bounds;

  /* A tick comes before the frame's layout: the next one after it. */
  if (!self->reveal_laid_out)
    {
      self->reveal_laid_out = TRUE;
      return G_SOURCE_CONTINUE;
    }

  self->reveal_tick_id = 0;
  if (scroller == NULL)
    return G_SOURCE_REMOVE;

  content = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  if (GTK_IS_VIEWPORT (content))
    content = gtk_viewport_get_child (GTK_VIEWPORT (content));
  if (content != NULL && gtk_widget_compute_bounds (self->reveal_target, content, &bounds))
    gtk_adjustment_clamp_page (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)),
                               bounds.origin.y, bounds.origin.y + bounds.size.height);

  return G_SOURCE_REMOVE;
}

static void
reveal (BloomExperimentView *self,
        GtkWidget           *target)
{
  /* Not when the view is hidden: opening it later must not scroll. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;

  self->reveal_target = target;
  self->reveal_laid_out = FALSE;
  if (self->reveal_tick_id == 0)
    self->reveal_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), reveal_on_tick, NULL, NULL);
}

static void
show_status (BloomExperimentView *self,
             const char          *text)
{
  if (text != NULL)
    gtk_label_set_text (self->status_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), text != NULL);
}

static gboolean
poll_progress (gpointer user_data)
{
  BloomExperimentView *self = user_data;

  gtk_progress_bar_set_fraction (self->progress_bar, bloom_sampler_get_progress (self->sampler));

  return G_SOURCE_CONTINUE;
}

/* Drops the run in progress, if any; a cancelled one stops in its
 * thread within a few thousand samples. */
static void
end_run (BloomExperimentView *self)
{
  if (self->running == RUN_NONE)
    return;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->sampler);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  g_clear_weak_pointer (&self->run_filter);
  self->running = RUN_NONE;

  gtk_widget_set_visible (self->progress_box, FALSE);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* A snapshot of the active filter to measure, and the run's progress
 * bar; NULL, with the reason shown, when no filter is active. */
static BloomSampler *
begin_run (BloomExperimentView *self,
           RunKind              kind,
           const char          *status)
{
  g_autoptr(GError) error = NULL;
  BloomSampler *sampler;

  end_run (self);

  sampler = bloom_sampler_new_for_session (get_session (self), &error);
  if (sampler == NULL)
    {
      show_status (self, error->message);
      return NULL;
    }

  self->running = kind;
  self->sampler = sampler;
  self->cancellable = g_cancellable_new ();
  g_set_weak_pointer (&self->run_filter, get_filter (self));
  self->progress_id = g_timeout_add (PROGRESS_INTERVAL_MS, poll_progress, self);

  gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
  gtk_widget_set_visible (self->progress_box, TRUE);
  show_status (self, status);
  reveal (self, GTK_WIDGET (self->status_label));
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);

  return sampler;
}

/* What a run's callback is given: the view, unless it is gone by then. A
 * run never keeps the view, or through it the session, alive. */
static gpointer
weak_view_new (BloomExperimentView *self)
{
  GWeakRef *ref = g_new (GWeakRef, 1);

  g_weak_ref_init (ref, self);

  return ref;
}

/* Frees what weak_view_new() made. Returns: (transfer full) (nullable). */
static BloomExperimentView *
weak_view_take (gpointer user_data)
{
  GWeakRef *ref = user_data;
  BloomExperimentView *self = g_weak_ref_get (ref);

  g_weak_ref_clear (ref);
  g_free (ref);

  return self;
}

/* The run whose result arrived is still the one in progress: not
 * cancelled, not replaced by a newer one, the view not disposed. */
static gboolean
is_current_run (BloomExperimentView *self,
                GAsyncResult        *result)
{
  return self->cancellable != NULL && g_task_get_cancellable (G_TASK (result)) == self->cancellable;
}

/* What N, the length and the seed say, the spin buttons' typed text
 * taken first. FALSE when the seed is not one. */
static gboolean
read_sample_fields (BloomExperimentView *self,
                    guint               *n_samples,
                    guint               *length,
                    guint64             *seed)
{
  gtk_spin_button_update (self->n_spin);
  gtk_spin_button_update (self->length_spin);
  *n_samples = gtk_spin_button_get_value_as_int (self->n_spin);
  *length = get_length (self);

  return parse_seed (self, seed);
}

static void
show_formula (BloomExperimentView *self,
              Formula              formula,
              double               value,
              gboolean             defined)
{
  g_autofree char *number = bloom_format_decimal (value);
  g_autofree char *text = g_strconcat ("≈ ", number, NULL);
  gboolean inside = defined && bloom_sample_result_contains (self->result, value);
  GtkWidget *verdict = GTK_WIDGET (self->formula_verdicts[formula]);

  gtk_label_set_text (self->formula_values[formula], text);
  gtk_widget_remove_css_class (verdict, "inside");
  gtk_widget_remove_css_class (verdict, "outside");
  gtk_widget_set_visible (GTK_WIDGET (self->formula_icons[formula]), defined);
  if (!defined)
    {
      gtk_label_set_text (GTK_LABEL (verdict), _("no interval"));
      return;
    }

  gtk_image_set_from_icon_name (self->formula_icons[formula],
                                inside ? "object-select-symbolic" : "dialog-warning-symbolic");
  /* Translators: a formula's value lies inside or outside the interval */
  gtk_label_set_text (GTK_LABEL (verdict), inside ? _("inside") : _("outside"));
  gtk_widget_add_css_class (verdict, inside ? "inside" : "outside");
}

/* Which strings were the false positives, quoted as the app shows
 * strings everywhere, one a line: x / N alone does not show that a false
 * positive is an ordinary string the filter cannot tell from a stored
 * one. */
static void
show_false_positives (BloomExperimentView *self)
{
  const BloomSampleResult *result = self->result;
  guint n_named = bloom_sample_result_get_n_false_positive_strings (result);
  g_autoptr(GString) list = g_string_new (NULL);
  g_autofree char *title = NULL;

  if (n_named == 0)
    title = g_strdup (_("None of the queried strings was a false positive."));
  else if (n_named == result->n_false_positives)
    title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "The false positive: a random string that is not "
                                          "stored, yet all its k bits are set.",
                                          "The %u false positives: random strings that are not "
                                          "stored, yet all their k bits are set.",
                                          n_named),
                             n_named);
  else
    {
      g_autofree char *total = bloom_format_count (result->n_false_positives);

      /* Translators: %u is 10, %s the number of false positives, more */
      title = g_strdup_printf (_("The first %u of the %s false positives: random strings that "
                                 "are not stored, yet all their k bits are set."),
                               n_named, total);
    }
  gtk_label_set_text (self->false_positives_title, title);

  for (guint i = 0; i < n_named; i++)
    {
      g_autofree char *quoted =
        bloom_text_quote (bloom_sample_result_get_false_positive_string (result, i), -1);

      if (i > 0)
        g_string_append_c (list, '\n');
      g_string_append (list, quoted);
    }
  gtk_label_set_text (self->false_positives_label, list->str);
  gtk_widget_set_visible (GTK_WIDGET (self->false_positives_label), n_named > 0);
  gtk_widget_set_visible (self->copy_false_positives_button, n_named > 0);
  update_actions (self);
}

static void
show_result (BloomExperimentView *self)
{
  const BloomSampleResult *result = self->result;
  gboolean defined = bloom_sample_result_get_rate (result, NULL);
  g_autofree char *title = NULL;
  g_autofree char *rate = bloom_format_sample_rate (result);
  g_autofree char *interval = NULL;
  g_autofree char *drawn = bloom_format_count (result->n_samples);
  g_autofree char *queried = bloom_format_count (result->n_queries);
  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, result->seed);
  g_autofree char *drawn_text = NULL;
  g_autofree char *skipped_text = NULL;
  g_autofree char *sample_text = NULL;

  title = g_strdup_printf (_("Measured on the filter with m = %u, k = %u and n = %u entries, "
                             "%u bits set:"),
                           result->m, result->k, result->n_entries, result->bits_set);
  gtk_label_set_text (self->result_title, title);
  gtk_label_set_text (self->rate_label, rate);

  if (defined)
    {
      g_autofree char *range = bloom_format_interval (result->low, result->high);

      /* Translators: %s is an interval of rates, "[0.01, 0.02]" */
      interval = g_strdup_printf (_("95 %% interval %s"), range);
    }
  else
    interval = g_strdup (_("No interval: no string was queried."));
  gtk_label_set_text (self->interval_label, interval);

  /* Translators: the first %s is a number of strings, the last a seed */
  drawn_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%s random strings of %u character, drawn from seed %s.",
                                             "%s random strings of %u characters, drawn from seed %s.",
                                             result->length),
                                drawn, result->length, seed);
  if (result->n_skipped == 0)
    skipped_text = g_strdup (_("None was a stored string, so all were queried."));
  else
    /* Translators: %s is the number of strings queried */
    skipped_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "%u was a stored string and was skipped, so %s "
                                                 "were queried.",
                                                 "%u were stored strings and were skipped, so %s "
                                                 "were queried.",
                                                 result->n_skipped),
                                    result->n_skipped, queried);
  /* Translators: two sentences, one after the other */
  sample_text = g_strdup_printf (_("%s %s"), drawn_text, skipped_text);
  gtk_label_set_text (self->sample_label, sample_text);

  show_formula (self, FORMULA_IDEAL, result->ideal_rate, defined);
  show_formula (self, FORMULA_FINITE, result->finite_rate, defined);
  show_formula (self, FORMULA_FILL, result->fill_rate, defined);
  show_false_positives (self);

  gtk_widget_set_visible (self->result_box, TRUE);
  show_freshness (self);
  reveal (self, self->result_box);
}

static void
show_sweep (BloomExperimentView *self)
{
  const BloomSampleResult *point = g_ptr_array_index (self->sweep, 0);
  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, point->seed);
  g_autofree char *title = NULL;

  /* Translators: %s is the seed; the last %u the number of points */
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                        "Sweep on a scratch filter with m = %u and k = %u, seed %s: "
                                        "%u point.",
                                        "Sweep on a scratch filter with m = %u and k = %u, seed %s: "
                                        "%u points.",
                                        self->sweep->len),
                           point->m, point->k, seed, self->sweep->len);
  gtk_label_set_text (self->sweep_title, title);
  bloom_sweep_plot_set_points (self->sweep_plot, self->sweep);
  gtk_widget_set_visible (self->sweep_box, TRUE);
  show_freshness (self);
  reveal (self, self->sweep_box);
}

/* Either run's end: its result shown in place of the last one, or why
 * there is none. A sample or a sweep, as its task's source tag says. */
static void
on_run_done (GObject      *source,
             GAsyncResult *async_result,
             gpointer      user_data)
{
  g_autoptr(BloomExperimentView) self = weak_view_take (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) points = NULL;
  BloomSampleResult result;
  gboolean sweep = g_async_result_is_tagged (async_result, bloom_sampler_sweep_async);
  gboolean measured;

  if (sweep)
    {
      points = bloom_sampler_sweep_finish (BLOOM_SAMPLER (source), async_result, &error);
      measured = points != NULL;
    }
  else
    measured = bloom_sampler_sample_finish (BLOOM_SAMPLER (source), async_result, &result, &error);
  if (self == NULL || !is_current_run (self, async_result))
    return;

  if (measured && !sweep)
    g_set_weak_pointer (&self->result_filter, self->run_filter);
  end_run (self);
  show_status (self, measured ? NULL : error->message);
  if (!measured)
    return;

  if (sweep)
    {
      g_clear_pointer (&self->sweep, g_ptr_array_unref);
      self->sweep = g_steal_pointer (&points);
      show_sweep (self);
    }
  else
    {
      g_clear_pointer (&self->result, bloom_sample_result_free);
      self->result = bloom_sample_result_copy (&result);
      show_result (self);
    }
}

/* A measurement (RUN_SAMPLE) or a sweep (RUN_SWEEP) of the active filter
 * from what the fields say, on the sampler's own thread; it replaces the
 * result of its kind shown. */
static void
start_run (BloomExperimentView *self,
           RunKind              kind)
{
  g_autofree char *count = NULL;
  g_autofree char *status = NULL;
  BloomSampler *sampler;
  guint n_samples, length, n_max = 0, n_steps = 0;
  guint64 seed;

  if (kind == RUN_SWEEP)
    {
      gtk_spin_button_update (self->n_max_spin);
      gtk_spin_button_update (self->steps_spin);
    }
  if (!read_sample_fields (self, &n_samples, &length, &seed) ||
      (kind == RUN_SWEEP && !sweep_fields_valid (self)))
    return;

  count = bloom_format_count (n_samples);
  if (kind == RUN_SWEEP)
    {
      n_max = gtk_spin_button_get_value_as_int (self->n_max_spin);
      /* More steps than strings would repeat an n. */
      n_steps = MIN ((guint) gtk_spin_button_get_value_as_int (self->steps_spin), n_max);
      /* Translators: %s is a number of strings */
      status = g_strdup_printf (_("Sweeping n from 0 to %u in %u steps, %s random strings at each…"),
                                n_max, n_steps, count);
    }
  else
    /* Translators: %s is a number of strings */
    status = g_strdup_printf (_("Measuring %s random strings…"), count);

  sampler = begin_run (self, kind, status);
  if (sampler == NULL)
    return;

  if (kind == RUN_SWEEP)
    {
      g_clear_pointer (&self->sweep, g_ptr_array_unref);
      bloom_sweep_plot_set_points (self->sweep_plot, NULL);
      gtk_widget_set_visible (self->sweep_box, FALSE);
      bloom_sampler_sweep_async (sampler, n_max, n_steps, n_samples, length, seed, BLOOM_Z_95,
                                 self->cancellable, on_run_done, weak_view_new (self));
    }
  else
    {
      g_clear_pointer (&self->result, bloom_sample_result_free);
      g_clear_weak_pointer (&self->result_filter);
      gtk_widget_set_visible (self->result_box, FALSE);
      update_actions (self);
      bloom_sampler_sample_async (sampler, n_samples, length, seed, BLOOM_Z_95, self->cancellable,
                                  on_run_done, weak_view_new (self));
    }
}

static void
run_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  start_run (BLOOM_EXPERIMENT_VIEW (widget), RUN_SAMPLE);
}

static void
sweep_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  start_run (BLOOM_EXPERIMENT_VIEW (widget), RUN_SWEEP);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BloomExperimentView *self = BLOOM_EXPERIMENT_VIEW (widget);

  if (self->running == RUN_NONE)
    return;

  end_run (self);
  show_status (self, _("Cancelled: nothing was measured, and the session is as it was."));
}

/* The strings themselves, one a line, unquoted: to paste into the query
 * field or a slide. */
static void
copy_false_positives_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  BloomExperimentView *self = BLOOM_EXPERIMENT_VIEW (widget);
  g_auto(GStrv) strings = NULL;
  g_autofree char *text = NULL;

  if (self->result == NULL)
    return;

  strings = bloom_sample_result_dup_false_positive_strings (self->result);
  text = g_strjoinv ("\n", strings);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

static void
new_seed_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  BloomExperimentView *self = BLOOM_EXPERIMENT_VIEW (widget);
  g_autofree char *seed = g_strdup_printf ("%d", g_random_int_range (0, DRAWN_SEED_LIMIT));

  gtk_editable_set_text (self->seed_entry, seed);
}

static void
bloom_experiment_view_dispose (GObject *object)
{
  BloomExperimentView *self = BLOOM_EXPERIMENT_VIEW (object);
  GtkWidget *child;

  end_run (self);
  if (self->reveal_tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->reveal_tick_id);
  self->reveal_tick_id = 0;
  g_clear_pointer (&self->result, bloom_sample_result_free);
  g_clear_weak_pointer (&self->result_filter);
  g_clear_pointer (&self->sweep, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), BLOOM_TYPE_EXPERIMENT_VIEW);
  /* The template's other widgets are children of the view's own. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (bloom_experiment_view_parent_class)->dispose (object);
}

static void
bloom_experiment_view_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  BloomExperimentView *self = BLOOM_EXPERIMENT_VIEW (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, bloom_experiment_view_get_running (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bind_template (GtkWidgetClass *widget_class)
{
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bloomlab/BloomLab/ui/bloom-experiment-view.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, BloomExperimentView, name)
  BIND (no_filter_label);
  BIND (n_spin);
  BIND (length_spin);
  BIND (seed_entry);
  BIND (seed_message);
  BIND (new_seed_button);
  BIND (run_button);
  BIND (sweep_button);
  BIND (n_max_spin);
  BIND (steps_spin);
  BIND (sweep_message);
  BIND (progress_box);
  BIND (progress_bar);
  BIND (cancel_button);
  BIND (status_label);
  BIND (result_box);
  BIND (result_title);
  BIND (rate_label);
  BIND (interval_label);
  BIND (sample_label);
  BIND (false_positives_title);
  BIND (false_positives_label);
  BIND (copy_false_positives_button);
  BIND (result_stale_label);
  BIND (sweep_box);
  BIND (sweep_title);
  BIND (sweep_plot);
  BIND (sweep_stale_label);
#undef BIND

#define BIND_FORMULA(name, formula) \
  gtk_widget_class_bind_template_child_full (widget_class, name "_value", FALSE, \
    G_STRUCT_OFFSET (BloomExperimentView, formula_values[formula])); \
  gtk_widget_class_bind_template_child_full (widget_class, name "_icon", FALSE, \
    G_STRUCT_OFFSET (BloomExperimentView, formula_icons[formula])); \
  gtk_widget_class_bind_template_child_full (widget_class, name "_verdict", FALSE, \
    G_STRUCT_OFFSET (BloomExperimentView, formula_verdicts[formula]))
  BIND_FORMULA ("ideal", FORMULA_IDEAL);
  BIND_FORMULA ("finite", FORMULA_FINITE);
  BIND_FORMULA ("fill", FORMULA_FILL);
#undef BIND_FORMULA

  gtk_widget_class_bind_template_callback (widget_class, on_field_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_n_max_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_activated);
}

static void
bloom_experiment_view_class_init (BloomExperimentViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->dispose = bloom_experiment_view_dispose;
  object_class->get_property = bloom_experiment_view_get_property;

  session_view_class->update = bloom_experiment_view_update;
  /* It sits in a collapsed expander most of the time. */
  session_view_class->wait_while_hidden = TRUE;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (BLOOM_TYPE_SWEEP_PLOT);
  g_type_ensure (BLOOM_TYPE_WRAP_BOX);
  bind_template (widget_class);

  gtk_widget_class_install_action (widget_class, "experiment.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "experiment.sweep", NULL, sweep_action);
  gtk_widget_class_install_action (widget_class, "experiment.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "experiment.new-seed", NULL, new_seed_action);
  gtk_widget_class_install_action (widget_class, "experiment.copy-false-positives", NULL,
                                   copy_false_positives_action);

  gtk_widget_class_set_css_name (widget_class, "experimentview");
}

static void
bloom_experiment_view_init (BloomExperimentView *self)
{
  bloom_session_view_stack_children (BLOOM_SESSION_VIEW (self), 12);
  gtk_widget_init_template (GTK_WIDGET (self));

  new_seed_action (GTK_WIDGET (self), NULL, NULL);
  bloom_experiment_view_update (BLOOM_SESSION_VIEW (self));
}

/* Whether a measurement or a sweep is in progress. */
gboolean
bloom_experiment_view_get_running (BloomExperimentView *self)
{
  g_return_val_if_fail (BLOOM_IS_EXPERIMENT_VIEW (self), FALSE);

  return self->running != RUN_NONE;
}

/* The measurement shown, or NULL: of the filter as it was when it ran,
 * which the view says when the filter has changed since. */
const BloomSampleResult *
bloom_experiment_view_get_result (BloomExperimentView *self)
{
  g_return_val_if_fail (BLOOM_IS_EXPERIMENT_VIEW (self), NULL);

  return self->result;
}

/* The sweep shown, or NULL: its points (of BloomSampleResult), n
 * ascending. Returns: (transfer none) (nullable). */
GPtrArray *
bloom_experiment_view_get_sweep (BloomExperimentView *self)
{
  g_return_val_if_fail (BLOOM_IS_EXPERIMENT_VIEW (self), NULL);

  return self->sweep;
}

/* The plot of that sweep, for a picture of it. Returns: (transfer none). */
GtkWidget *
bloom_experiment_view_get_sweep_plot (BloomExperimentView *self)
{
  g_return_val_if_fail (BLOOM_IS_EXPERIMENT_VIEW (self), NULL);

  return GTK_WIDGET (self->sweep_plot);
}

/* A lecture's "experiment" or "sweep" step (bloom-window-lecture.c): the
 * fields as the step says, then the run its button would start. */
void
bloom_experiment_view_start (BloomExperimentView *self,
                             gboolean             sweep,
                             guint                n_samples,
                             guint                length,
                             guint64              seed)
{
  g_autofree char *seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);

  g_return_if_fail (BLOOM_IS_EXPERIMENT_VIEW (self));

  /* A collapsed section's view waits: the sweep's n follows this filter. */
  bloom_session_view_catch_up (BLOOM_SESSION_VIEW (self));
  gtk_spin_button_set_value (self->n_spin, n_samples);
  gtk_spin_button_set_value (self->length_spin, length);
  gtk_editable_set_text (self->seed_entry, seed_text);
  start_run (self, sweep ? RUN_SWEEP : RUN_SAMPLE);
}

/* Nothing measured: a lecture's step before its experiment shows none. */
void
bloom_experiment_view_clear (BloomExperimentView *self)
{
  g_return_if_fail (BLOOM_IS_EXPERIMENT_VIEW (self));

  end_run (self);
  show_status (self, NULL);
  g_clear_pointer (&self->result, bloom_sample_result_free);
  g_clear_weak_pointer (&self->result_filter);
  g_clear_pointer (&self->sweep, g_ptr_array_unref);
  bloom_sweep_plot_set_points (self->sweep_plot, NULL);
  gtk_widget_set_visible (self->result_box, FALSE);
  gtk_widget_set_visible (self->sweep_box, FALSE);
  update_actions (self);
}
