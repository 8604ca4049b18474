/* bloom-cursor-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-cursor-view"

#include "config.h"

#include "bloom-cursor-view.h"
#include "bloom-format.h"

struct _BloomCursorView
{
  BloomSessionView  parent_instance;

  /* The grid's cursor, bound to it: view state, never stored. */
  guint             cursor;
  /* Whether the grid has had the focus: before, its cursor on bit 0 is
   * no choice of the user's, and the line would only puzzle. */
  gboolean          cursor_used;

  /* Template widgets; the first is the template's one child, bound so
   * that gtk_widget_dispose_template() unparents it */
  GtkWidget        *box;
  GtkLabel         *cursor_label;
};

G_DEFINE_FINAL_TYPE (BloomCursorView, bloom_cursor_view, BLOOM_TYPE_SESSION_VIEW)

enum { PROP_0, PROP_CURSOR, PROP_CURSOR_USED, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
bloom_cursor_view_update (BloomSessionView *view)
{
  BloomCursorView *self = BLOOM_CURSOR_VIEW (view);
  BloomFilter *filter = bloom_session_view_get_filter (view);
  gboolean shown = filter != NULL && self->cursor_used;

  if (shown)
    {
      /* The grid keeps its cursor inside a smaller filter on the same
       * "changed", maybe only after this view: until then, its last bit. */
      guint index = MIN (self->cursor, bloom_filter_get_m (filter) - 1);
      g_autofree char *bit = bloom_format_bit_provenance (bloom_session_view_get_session (view), index);

      gtk_label_set_text (self->cursor_label, bit);
    }
  /* Hidden as a whole, so that it takes no spacing under the grid. */
  gtk_widget_set_visible (GTK_WIDGET (self), shown);
}

static void
bloom_cursor_view_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BLOOM_TYPE_CURSOR_VIEW);

  G_OBJECT_CLASS (bloom_cursor_view_parent_class)->dispose (object);
}

static void
bloom_cursor_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  BloomCursorView *self = BLOOM_CURSOR_VIEW (object);

  switch (prop_id)
    {
    case PROP_CURSOR:
      g_value_set_uint (value, self->cursor);
      break;
    case PROP_CURSOR_USED:
      g_value_set_boolean (value, self->cursor_used);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_cursor_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  BloomCursorView *self = BLOOM_CURSOR_VIEW (object);

  switch (prop_id)
    {
    case PROP_CURSOR:
      bloom_cursor_view_set_cursor (self, g_value_get_uint (value));
      break;
    case PROP_CURSOR_USED:
      bloom_cursor_view_set_cursor_used (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_cursor_view_class_init (BloomCursorViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->dispose = bloom_cursor_view_dispose;
  object_class->get_property = bloom_cursor_view_get_property;
  object_class->set_property = bloom_cursor_view_set_property;
  session_view_class->update = bloom_cursor_view_update;

  properties[PROP_CURSOR] =
    g_param_spec_uint ("cursor", NULL, NULL, 0, BLOOM_M_MAX - 1, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CURSOR_USED] =
    g_param_spec_boolean ("cursor-used", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bloomlab/BloomLab/ui/bloom-cursor-view.ui");
  gtk_widget_class_bind_template_child (widget_class, BloomCursorView, box);
  gtk_widget_class_bind_template_child (widget_class, BloomCursorView, cursor_label);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cursorview");
}

static void
bloom_cursor_view_init (BloomCursorView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

guint
bloom_cursor_view_get_cursor (BloomCursorView *self)
{
  g_return_val_if_fail (BLOOM_IS_CURSOR_VIEW (self), 0);

  return self->cursor;
}

/* The bit the view tells of: the grid's cursor. */
void
bloom_cursor_view_set_cursor (BloomCursorView *self,
                              guint            cursor)
{
  g_return_if_fail (BLOOM_IS_CURSOR_VIEW (self));

  if (self->cursor == cursor)
    return;

  self->cursor = cursor;
  bloom_cursor_view_update (BLOOM_SESSION_VIEW (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR]);
}

gboolean
bloom_cursor_view_get_cursor_used (BloomCursorView *self)
{
  g_return_val_if_fail (BLOOM_IS_CURSOR_VIEW (self), FALSE);

  return self->cursor_used;
}

/* Whether the grid's cursor was used: the line shows from then on. */
void
bloom_cursor_view_set_cursor_used (BloomCursorView *self,
                                   gboolean         cursor_used)
{
  g_return_if_fail (BLOOM_IS_CURSOR_VIEW (self));

  cursor_used = !!cursor_used;
  if (self->cursor_used == cursor_used)
    return;

  self->cursor_used = cursor_used;
  bloom_cursor_view_update (BLOOM_SESSION_VIEW (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR_USED]);
}
