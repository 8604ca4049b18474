/* bloom-session-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-session-view"

#include "config.h"

#include "bloom-session-view.h"
#include "bloom-value-label.h"

typedef struct
{
  BloomSession *session;
  /* "changed" is connected once, here; the group moves it from one
   * session to the next. */
  GSignalGroup *session_signals;
  gboolean      stale;   /* a change came while the view waited, hidden */
  /* View state, not the model's: how many steps of the last operation
   * are shown while stepping through it; G_MAXUINT shows them all. */
  guint         revealed_steps;
} BloomSessionViewPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (BloomSessionView, bloom_session_view, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_SESSION, PROP_REVEALED_STEPS, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
update (BloomSessionView *self)
{
  BloomSessionViewPrivate *priv = bloom_session_view_get_instance_private (self);
  BloomSessionViewClass *klass = BLOOM_SESSION_VIEW_GET_CLASS (self);

  g_assert (klass->update != NULL);

  priv->stale = FALSE;
  klass->update (self);
}

static void
on_session_changed (BloomSessionView *self)
{
  if (!bloom_session_view_defer_while_hidden (self))
    update (self);
}

static void
bloom_session_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (bloom_session_view_parent_class)->map (widget);

  bloom_session_view_catch_up (BLOOM_SESSION_VIEW (widget));
}

static void
bloom_session_view_dispose (GObject *object)
{
  BloomSessionView *self = BLOOM_SESSION_VIEW (object);
  BloomSessionViewPrivate *priv = bloom_session_view_get_instance_private (self);

  /* The group disconnects "changed" as it goes. */
  g_clear_object (&priv->session_signals);
  g_clear_object (&priv->session);

  G_OBJECT_CLASS (bloom_session_view_parent_class)->dispose (object);
}

static void
bloom_session_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  BloomSessionView *self = BLOOM_SESSION_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, bloom_session_view_get_session (self));
      break;
    case PROP_REVEALED_STEPS:
      g_value_set_uint (value, bloom_session_view_get_revealed_steps (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_session_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  BloomSessionView *self = BLOOM_SESSION_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      bloom_session_view_set_session (self, g_value_get_object (value));
      break;
    case PROP_REVEALED_STEPS:
      bloom_session_view_set_revealed_steps (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_session_view_class_init (BloomSessionViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bloom_session_view_dispose;
  object_class->get_property = bloom_session_view_get_property;
  object_class->set_property = bloom_session_view_set_property;

  widget_class->map = bloom_session_view_map;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, BLOOM_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* How many steps of the last operation are shown; G_MAXUINT: all. The
   * window binds its own to the grid's and the table's by this name. */
  properties[PROP_REVEALED_STEPS] =
    g_param_spec_uint ("revealed-steps", NULL, NULL, 0, G_MAXUINT, G_MAXUINT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bloom_session_view_init (BloomSessionView *self)
{
  BloomSessionViewPrivate *priv = bloom_session_view_get_instance_private (self);

  priv->revealed_steps = G_MAXUINT;
  priv->session_signals = g_signal_group_new (BLOOM_TYPE_SESSION);
  g_signal_group_connect_swapped (priv->session_signals, "changed",
                                  G_CALLBACK (on_session_changed), self);
}

BloomSession *
bloom_session_view_get_session (BloomSessionView *self)
{
  BloomSessionViewPrivate *priv;

  g_return_val_if_fail (BLOOM_IS_SESSION_VIEW (self), NULL);

  priv = bloom_session_view_get_instance_private (self);

  return priv->session;
}

/* The view shows @session from now on, and follows its "changed". */
void
bloom_session_view_set_session (BloomSessionView *self,
                                BloomSession     *session)
{
  BloomSessionViewPrivate *priv;

  g_return_if_fail (BLOOM_IS_SESSION_VIEW (self));
  g_return_if_fail (session == NULL || BLOOM_IS_SESSION (session));

  priv = bloom_session_view_get_instance_private (self);
  if (!g_set_object (&priv->session, session))
    return;

  g_signal_group_set_target (priv->session_signals, session);
  /* At start-up no view is shown yet: those that wait while hidden are
   * filled in when shown, the closed sections only when opened. */
  if (!bloom_session_view_defer_while_hidden (self))
    update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/* The session's active filter; NULL without a session or a filter. */
BloomFilter *
bloom_session_view_get_filter (BloomSessionView *self)
{
  BloomSession *session = bloom_session_view_get_session (self);

  return session != NULL ? bloom_session_get_filter (session) : NULL;
}

/* The session's last operation; NULL without a session or an operation. */
BloomOperation *
bloom_session_view_get_last_operation (BloomSessionView *self)
{
  BloomSession *session = bloom_session_view_get_session (self);

  return session != NULL ? bloom_session_get_last_operation (session) : NULL;
}

guint
bloom_session_view_get_revealed_steps (BloomSessionView *self)
{
  BloomSessionViewPrivate *priv;

  g_return_val_if_fail (BLOOM_IS_SESSION_VIEW (self), G_MAXUINT);

  priv = bloom_session_view_get_instance_private (self);

  return priv->revealed_steps;
}

/* Step-through: the view shows only the first @revealed_steps steps of
 * the last operation; G_MAXUINT shows them all. */
void
bloom_session_view_set_revealed_steps (BloomSessionView *self,
                                       guint             revealed_steps)
{
  BloomSessionViewPrivate *priv;
  BloomSessionViewClass *klass;

  g_return_if_fail (BLOOM_IS_SESSION_VIEW (self));

  priv = bloom_session_view_get_instance_private (self);
  if (priv->revealed_steps == revealed_steps)
    return;

  priv->revealed_steps = revealed_steps;
  klass = BLOOM_SESSION_VIEW_GET_CLASS (self);
  if (klass->revealed_steps_changed != NULL && !bloom_session_view_defer_while_hidden (self))
    klass->revealed_steps_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEALED_STEPS]);
}

/* Whether the view steps through the last operation: there is one, and
 * "revealed-steps" shows only some of its steps. */
gboolean
bloom_session_view_is_stepping (BloomSessionView *self)
{
  return bloom_session_view_get_revealed_steps (self) != G_MAXUINT &&
         bloom_session_view_get_last_operation (self) != NULL;
}

/* Brings a view that waited while hidden up to date, shown or not:
 * whoever reads its content calls this first. */
void
bloom_session_view_catch_up (BloomSessionView *self)
{
  BloomSessionViewPrivate *priv;

  g_return_if_fail (BLOOM_IS_SESSION_VIEW (self));

  priv = bloom_session_view_get_instance_private (self);
  if (priv->stale)
    update (self);
}

/* For a subclass whose own view state changed, as for the session's
 * "changed": TRUE when the view waits while hidden and is hidden; it is
 * then marked stale and updates in full once mapped. FALSE: the caller
 * redraws now. An operation so costs no work for what nobody sees. */
gboolean
bloom_session_view_defer_while_hidden (BloomSessionView *self)
{
  BloomSessionViewPrivate *priv;

  g_return_val_if_fail (BLOOM_IS_SESSION_VIEW (self), FALSE);

  if (!BLOOM_SESSION_VIEW_GET_CLASS (self)->wait_while_hidden ||
      gtk_widget_get_mapped (GTK_WIDGET (self)))
    return FALSE;

  priv = bloom_session_view_get_instance_private (self);
  priv->stale = TRUE;

  return TRUE;
}

/* For a view made of child widgets: lays them out top to bottom in the
 * order they were added, @spacing pixels apart. */
void
bloom_session_view_stack_children (BloomSessionView *self,
                                   int               spacing)
{
  GtkLayoutManager *layout;

  g_return_if_fail (BLOOM_IS_SESSION_VIEW (self));

  layout = gtk_box_layout_new (GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), spacing);
  gtk_widget_set_layout_manager (GTK_WIDGET (self), layout);
}

/* A start-aligned label that wraps, below the view's other children:
 * a caption or a line of explanation. Owned by the view; unparent it in
 * dispose. */
GtkWidget *
bloom_session_view_append_label (BloomSessionView *self)
{
  GtkWidget *label;

  g_return_val_if_fail (BLOOM_IS_SESSION_VIEW (self), NULL);

  /* Captions change with the model: a value label, so that a new one
   * that fits is only drawn. */
  label = bloom_value_label_new (NULL);
  bloom_value_label_set_wrap (BLOOM_VALUE_LABEL (label), TRUE);
  gtk_widget_set_parent (label, GTK_WIDGET (self));

  return label;
}
