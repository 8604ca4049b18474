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

  /* View state, never stored: how many positions of the last operation
   * are revealed; G_MAXUINT shows all, and no step. */
  guint             revealed_steps;

  /* Template widgets; the first is the template's one child, bound so
   * that gtk_widget_dispose_template() unparents it */
  GtkWidget        *box;
  GtkLabel         *step_label;
  GtkWidget        *step_hint;
};

G_DEFINE_FINAL_TYPE (BloomStepView, bloom_step_view, BLOOM_TYPE_SESSION_VIEW)

enum { PROP_0, PROP_REVEALED_STEPS, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
bloom_step_view_update (BloomSessionView *view)
{
  BloomStepView *self = BLOOM_STEP_VIEW (view);
  BloomOperation *operation = bloom_session_view_get_last_operation (view);
  guint k = operation != NULL ? bloom_operation_get_n_positions (operation) : 0;
  gboolean shown = self->revealed_steps != G_MAXUINT && k > 0;

  if (shown)
    {
      g_autofree char *step = bloom_format_step (operation, MIN (self->revealed_steps, k) - 1);

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
bloom_step_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  BloomStepView *self = BLOOM_STEP_VIEW (object);

  switch (prop_id)
    {
    case PROP_REVEALED_STEPS:
      g_value_set_uint (value, self->revealed_steps);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_step_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  BloomStepView *self = BLOOM_STEP_VIEW (object);

  switch (prop_id)
    {
    case PROP_REVEALED_STEPS:
      bloom_step_view_set_revealed_steps (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_step_view_class_init (BloomStepViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->dispose = bloom_step_view_dispose;
  object_class->get_property = bloom_step_view_get_property;
  object_class->set_property = bloom_step_view_set_property;
  session_view_class->update = bloom_step_view_update;

  properties[PROP_REVEALED_STEPS] =
    g_param_spec_uint ("revealed-steps", NULL, NULL, 0, G_MAXUINT, G_MAXUINT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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
  self->revealed_steps = G_MAXUINT;
  gtk_widget_init_template (GTK_WIDGET (self));
}

guint
bloom_step_view_get_revealed_steps (BloomStepView *self)
{
  g_return_val_if_fail (BLOOM_IS_STEP_VIEW (self), G_MAXUINT);

  return self->revealed_steps;
}

/* Step-through: the step @revealed_steps of the last operation is the
 * newest shown; G_MAXUINT shows none. */
void
bloom_step_view_set_revealed_steps (BloomStepView *self,
                                    guint          revealed_steps)
{
  g_return_if_fail (BLOOM_IS_STEP_VIEW (self));

  if (self->revealed_steps == revealed_steps)
    return;

  self->revealed_steps = revealed_steps;
  bloom_step_view_update (BLOOM_SESSION_VIEW (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEALED_STEPS]);
}
