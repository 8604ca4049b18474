/* bloom-operation-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-operation-view"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-format.h"
#include "bloom-operation-view.h"
#include "bloom-scroll.h"
#include "bloom-value-label.h"
#include "bloom-verdict-icon.h"

struct _BloomOperationView
{
  BloomSessionView  parent_instance;

  guint             icon_preload_id;
  gboolean          icons_preloaded;

  /* Template widgets; the first is the template's one child, bound so
   * that gtk_widget_dispose_template() unparents it */
  GtkWidget        *card;
  BloomVerdictIcon *verdict_icon;
  BloomValueLabel  *operation_label;
  BloomValueLabel  *operation_text;
  BloomValueLabel  *verdict_label;
  BloomValueLabel  *verdict_detail;
};

G_DEFINE_FINAL_TYPE (BloomOperationView, bloom_operation_view, BLOOM_TYPE_SESSION_VIEW)

static void
show_no_operation (BloomOperationView *self)
{
  gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_icon), "outcome");
  bloom_verdict_icon_set_alert (self->verdict_icon, FALSE);
  bloom_verdict_icon_set_icon_name (self->verdict_icon, "dialog-information-symbolic");
  bloom_value_label_set_text (self->operation_label, _("Last operation"));
  bloom_value_label_set_text (self->operation_text, "");
  /* No string to show: hidden, so it takes no room either. */
  gtk_widget_set_visible (GTK_WIDGET (self->operation_text), FALSE);
  bloom_value_label_set_text (self->verdict_label, _("None yet"));
  bloom_value_label_set_text (self->verdict_detail,
                              bloom_session_view_get_filter (BLOOM_SESSION_VIEW (self)) != NULL
                              ? _("Type a string, then press Enter to insert it or Ctrl+Enter to query it.")
                              : _("Create a filter first."));
}

static void
bloom_operation_view_update (BloomSessionView *view)
{
  BloomOperationView *self = BLOOM_OPERATION_VIEW (view);
  BloomOperation *operation = bloom_session_view_get_last_operation (view);
  BloomOutcome outcome;
  g_autofree char *title = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *detail = NULL;

  if (operation == NULL)
    {
      show_no_operation (self);
      return;
    }

  /* The verdict is what the lecturer talks about: the page scrolls to the
   * card, as the grid does to the marks, even when a section opened
   * further down had it scrolled there; the marks (the primary request)
   * win when both do not fit. Steps through it do not come here. */
  bloom_scroll_show_later (GTK_WIDGET (self), bloom_scroll_whole_widget, BLOOM_SCROLL_SECONDARY);

  outcome = bloom_operation_get_outcome (operation);
  title = bloom_format_operation_title (operation);
  quoted = bloom_text_quote (bloom_operation_get_text (operation, NULL), -1);
  detail = bloom_format_operation_detail (operation);

  /* The colour of an outcome, not a class per outcome: GTK 4.8 applies a
   * change of class through a new layout of the window. */
  gtk_widget_add_css_class (GTK_WIDGET (self->verdict_icon), "outcome");
  bloom_verdict_icon_set_alert (self->verdict_icon, outcome == BLOOM_OUTCOME_FALSE_POSITIVE);
  bloom_verdict_icon_set_icon_name (self->verdict_icon, bloom_format_outcome_icon (outcome));
  bloom_value_label_set_text (self->operation_label, title);
  bloom_value_label_set_text (self->operation_text, quoted);
  gtk_widget_set_visible (GTK_WIDGET (self->operation_text), TRUE);
  bloom_value_label_set_text (self->verdict_label, bloom_format_outcome (outcome));
  bloom_value_label_set_text (self->verdict_detail, detail);
}

/* The verdict icons are SVGs, rendered when first shown: 10–20 ms each,
 * which made the first operations of a lecture a frame or two slower than
 * the rest. Once the card is up, the icon theme renders them in its
 * threads, at the size and scale the verdict uses. */
static gboolean
preload_verdict_icons (gpointer user_data)
{
  BloomOperationView *self = user_data;
  const char *icon_names[BLOOM_OUTCOME_DEFINITELY_ABSENT - BLOOM_OUTCOME_INSERTED + 2] = { NULL };
  guint n = 0;

  self->icon_preload_id = 0;
  self->icons_preloaded = TRUE;

  for (BloomOutcome outcome = BLOOM_OUTCOME_INSERTED; outcome <= BLOOM_OUTCOME_DEFINITELY_ABSENT;
       outcome++)
    icon_names[n++] = bloom_format_outcome_icon (outcome);
  bloom_verdict_icon_preload (self->verdict_icon, icon_names);

  return G_SOURCE_REMOVE;
}

static void
bloom_operation_view_map (GtkWidget *widget)
{
  BloomOperationView *self = BLOOM_OPERATION_VIEW (widget);

  GTK_WIDGET_CLASS (bloom_operation_view_parent_class)->map (widget);

  if (!self->icons_preloaded && self->icon_preload_id == 0)
    self->icon_preload_id = g_idle_add_full (G_PRIORITY_LOW, preload_verdict_icons, self, NULL);
}

static void
bloom_operation_view_dispose (GObject *object)
{
  BloomOperationView *self = BLOOM_OPERATION_VIEW (object);

  g_clear_handle_id (&self->icon_preload_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), BLOOM_TYPE_OPERATION_VIEW);

  G_OBJECT_CLASS (bloom_operation_view_parent_class)->dispose (object);
}

static void
bloom_operation_view_class_init (BloomOperationViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->dispose = bloom_operation_view_dispose;
  widget_class->map = bloom_operation_view_map;
  session_view_class->update = bloom_operation_view_update;

  g_type_ensure (BLOOM_TYPE_VALUE_LABEL);
  g_type_ensure (BLOOM_TYPE_VERDICT_ICON);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bloomlab/BloomLab/ui/bloom-operation-view.ui");
  gtk_widget_class_bind_template_child (widget_class, BloomOperationView, card);
  gtk_widget_class_bind_template_child (widget_class, BloomOperationView, verdict_icon);
  gtk_widget_class_bind_template_child (widget_class, BloomOperationView, operation_label);
  gtk_widget_class_bind_template_child (widget_class, BloomOperationView, operation_text);
  gtk_widget_class_bind_template_child (widget_class, BloomOperationView, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, BloomOperationView, verdict_detail);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "operationview");
}

static void
bloom_operation_view_init (BloomOperationView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  show_no_operation (self);
}

/* The verdict icon is sized in pixels: the window's zoom sets it. */
void
bloom_operation_view_set_icon_size (BloomOperationView *self,
                                    int                 pixel_size)
{
  g_return_if_fail (BLOOM_IS_OPERATION_VIEW (self));

  bloom_verdict_icon_set_pixel_size (self->verdict_icon, pixel_size);
}
