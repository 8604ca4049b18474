/* bloom-counters-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-counters-view"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-counters-view.h"
#include "bloom-format.h"
#include "bloom-value-label.h"
#include "bloom-wrap-box.h"

struct _BloomCountersView
{
  BloomSessionView  parent_instance;

  /* Template widgets; the first is the template's one child, bound so
   * that gtk_widget_dispose_template() unparents it */
  GtkWidget        *box;
  BloomValueLabel  *entries_value;
  GtkLabel         *entries_caption;
  BloomValueLabel  *negatives_value;
  BloomValueLabel  *false_positives_value;
  BloomValueLabel  *rate_value;
};

G_DEFINE_FINAL_TYPE (BloomCountersView, bloom_counters_view, BLOOM_TYPE_SESSION_VIEW)

static void
bloom_counters_view_update (BloomSessionView *view)
{
  BloomCountersView *self = BLOOM_COUNTERS_VIEW (view);
  BloomSession *session = bloom_session_view_get_session (view);
  g_autofree char *entries = NULL;
  g_autofree char *negatives = NULL;
  g_autofree char *false_positives = NULL;
  g_autofree char *rate = NULL;

  if (session == NULL)
    return;

  entries = g_strdup_printf ("%u", bloom_session_get_n_entries (session));
  negatives = g_strdup_printf ("%u", bloom_session_get_negative_queries (session));
  false_positives = g_strdup_printf ("%u", bloom_session_get_false_positives (session));
  rate = bloom_format_observed_rate (session);

  bloom_value_label_set_text (self->entries_value, entries);
  bloom_value_label_set_text (self->negatives_value, negatives);
  bloom_value_label_set_text (self->false_positives_value, false_positives);
  bloom_value_label_set_text (self->rate_value, rate);
}

static void
bloom_counters_view_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BLOOM_TYPE_COUNTERS_VIEW);

  G_OBJECT_CLASS (bloom_counters_view_parent_class)->dispose (object);
}

static void
bloom_counters_view_class_init (BloomCountersViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->dispose = bloom_counters_view_dispose;
  session_view_class->update = bloom_counters_view_update;

  g_type_ensure (BLOOM_TYPE_VALUE_LABEL);
  g_type_ensure (BLOOM_TYPE_WRAP_BOX);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bloomlab/BloomLab/ui/bloom-counters-view.ui");
  gtk_widget_class_bind_template_child (widget_class, BloomCountersView, box);
  gtk_widget_class_bind_template_child (widget_class, BloomCountersView, entries_value);
  gtk_widget_class_bind_template_child (widget_class, BloomCountersView, entries_caption);
  gtk_widget_class_bind_template_child (widget_class, BloomCountersView, negatives_value);
  gtk_widget_class_bind_template_child (widget_class, BloomCountersView, false_positives_value);
  gtk_widget_class_bind_template_child (widget_class, BloomCountersView, rate_value);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "countersview");
}

static void
bloom_counters_view_init (BloomCountersView *self)
{
  g_autofree char *caption = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* Translators: the caption under the number of distinct strings the
   * filter stores; %d is the most it can store (1024). Not bits. */
  caption = g_strdup_printf (_("Strings stored (at most %d)"), BLOOM_MAX_ENTRIES);
  gtk_label_set_text (self->entries_caption, caption);
}
