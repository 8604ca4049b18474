/* bloom-step-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-step-view"

#include "config.h"

#include "bloom-format.h"
#include "bloom-step-view.h"

struct _BloomStepView
{
  BloomSessionView  parent_instance;

  /* Template widgets; the first is the template's one child, bound so
   * that gtk_widget_dispose_template() unparents it */
  GtkWidget        *box;
  GtkLabel         *step_label;
  GtkWidget        *step_hint;
};

G_DEFINE_FINAL_TYPE (BloomStepView, bloom_step_view, BLOOM_TYPE_SESSION_VIEW)

static void
bloom_step_view_update (BloomSessionView *view)
{
  BloomStepView *self = BLOOM_STEP_VIEW (view);
  BloomOperation *operation = bloom_session_view_get_last_operation (view);
  guint revealed_steps = bloom_session_view_get_revealed_steps (view);
  guint k = operation != NULL ? bloom_operation_get_n_positions (operation) : 0;
  gboolean shown = revealed_steps != G_MAXUINT && k > 0;

  if (shown)
    {
      g_autofree char *step = bloom_format_step (operation, MIN (revealed_steps, k) - 1);

      gtk_label_set_text (self->step_label, step);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->step_label), shown);
  gtk_widget_set_visible (self->step_hint, shown);
  gtk_widget_set_visible (GTK_WIDGET (self), shown);
}

static void
bloom_step_view_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BLOOM_TYPE_STEP_VIEW);

  G_OBJECT_CLASS (bloom_step_view_parent_class)->dispose (object);
}

static void
bloom_step_view_class_init (BloomStepViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->dispose = bloom_step_view_dispose;
  session_view_class->update = bloom_step_view_update;
  /* The step shown follows the base's "revealed-steps". */
  session_view_class->revealed_steps_changed = bloom_step_view_update;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bloomlab/BloomLab/ui/bloom-step-view.ui");
  gtk_widget_class_bind_template_child (widget_class, BloomStepView, box);
  gtk_widget_class_bind_template_child (widget_class, BloomStepView, step_label);
  gtk_widget_class_bind_template_child (widget_class, BloomStepView, step_hint);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "stepview");
}

static void
bloom_step_view_init (BloomStepView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
