/* bloom-fitted-scroller.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-fitted-scroller"

#include "config.h"

#include "bloom-fitted-scroller.h"

/* Holds one GtkScrolledWindow (its child from GtkBuilder, as a widget's
 * are) and gives it the height of its content at the width it gets, at
 * most the scrolled window's max-content-height. A scrolled window that
 * propagates its content's natural height asks for it without a width
 * (GTK 4.8), so content whose height depends on its width (the grid:
 * fewer columns, more rows) gets a height that is only right for the
 * width it had before. With a classic scroll bar, which takes width when
 * shown, the scrolled window then shows it where it is not needed and
 * the grid loses columns, until a layout a frame later puts them back.
 * Asked with the width, the scroll bar is shown only where the content
 * does not fit, in the frame that lays it out. */

struct _BloomFittedScroller
{
  GtkWidget parent_instance;

  /* The scroll position drawn last, and which of two clear colours the
   * node over the bar had then */
  double    bar_value;
  gboolean  bar_marked;
};

G_DEFINE_FINAL_TYPE (BloomFittedScroller, bloom_fitted_scroller, GTK_TYPE_WIDGET)

static GtkScrolledWindow *
get_scroller (BloomFittedScroller *self)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));

  g_assert (child == NULL || GTK_IS_SCROLLED_WINDOW (child));

  return GTK_SCROLLED_WINDOW (child);
}

static void
bloom_fitted_scroller_measure (GtkWidget      *widget,
                               GtkOrientation  orientation,
                               int             for_size,
                               int            *minimum,
                               int            *natural,
                               int            *minimum_baseline,
                               int            *natural_baseline)
{
  GtkScrolledWindow *scroller = get_scroller (BLOOM_FITTED_SCROLLER (widget));
  GtkWidget *content;
  int content_height, max_height;

  *minimum = *natural = 0;
  if (scroller == NULL || !gtk_widget_should_layout (GTK_WIDGET (scroller)))
    return;

  gtk_widget_measure (GTK_WIDGET (scroller), orientation, for_size, minimum, natural, NULL, NULL);

  content = gtk_scrolled_window_get_child (scroller);
  if (orientation != GTK_ORIENTATION_VERTICAL || for_size < 0 || content == NULL ||
      !gtk_widget_should_layout (content))
    return;

  /* The scroll bar, where it is shown, makes the content narrower and so
   * taller: over the largest height either way. */
  gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, for_size, NULL, &content_height, NULL,
                      NULL);
  max_height = gtk_scrolled_window_get_max_content_height (scroller);
  if (max_height >= 0)
    content_height = MIN (content_height, max_height);
  *natural = MAX (*minimum, content_height);
}

static void
bloom_fitted_scroller_size_allocate (GtkWidget *widget,
                                     int        width,
                                     int        height,
                                     int        baseline)
{
  GtkScrolledWindow *scroller = get_scroller (BLOOM_FITTED_SCROLLER (widget));

  if (scroller != NULL && gtk_widget_should_layout (GTK_WIDGET (scroller)))
    gtk_widget_allocate (GTK_WIDGET (scroller), width, height, baseline, NULL);
}

/* GSK repaints what differs between this frame's render nodes and the
 * last one's, as rectangles, and past 30 of them repaints the whole
 * window (27 million instructions with GTK 4.8's cairo renderer, twice
 * an operation's). A scroll moves the slider, whose old and new places
 * cut the grid's damage beside it into five rectangles: with the card
 * and the counters, one operation in forty went past 30. A clear node
 * over the bar that differs from the last frame's whenever the position
 * does makes the bar one rectangle. It draws nothing. */
static void
append_bar_damage (BloomFittedScroller *self,
                   GtkScrolledWindow   *scroller,
                   GtkSnapshot         *snapshot)
{
  GtkWidget *bar = gtk_scrolled_window_get_vscrollbar (scroller);
  double value = gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scroller));
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (bar) || !gtk_widget_compute_bounds (bar, GTK_WIDGET (self), &bounds))
    return;

  if (value != self->bar_value)
    {
      self->bar_value = value;
      self->bar_marked = !self->bar_marked;
    }
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { self->bar_marked ? 1.f : 0.f, 0, 0, 0 }, &bounds);
}

static void
bloom_fitted_scroller_snapshot (GtkWidget   *widget,
                                GtkSnapshot *snapshot)
{
  BloomFittedScroller *self = BLOOM_FITTED_SCROLLER (widget);
  GtkScrolledWindow *scroller = get_scroller (self);

  GTK_WIDGET_CLASS (bloom_fitted_scroller_parent_class)->snapshot (widget, snapshot);

  if (scroller != NULL)
    append_bar_damage (self, scroller, snapshot);
}

static GtkSizeRequestMode
bloom_fitted_scroller_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
bloom_fitted_scroller_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (bloom_fitted_scroller_parent_class)->dispose (object);
}

static void
bloom_fitted_scroller_class_init (BloomFittedScrollerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bloom_fitted_scroller_dispose;
  widget_class->get_request_mode = bloom_fitted_scroller_get_request_mode;
  widget_class->measure = bloom_fitted_scroller_measure;
  widget_class->size_allocate = bloom_fitted_scroller_size_allocate;
  widget_class->snapshot = bloom_fitted_scroller_snapshot;

  gtk_widget_class_set_css_name (widget_class, "fittedscroller");
  /* Layout only: assistive technology sees the scrolled window. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GENERIC);
}

static void
bloom_fitted_scroller_init (BloomFittedScroller *self)
{
}

/* @scroller: taken as the child, with no frame (its height is its
 * content's) */
GtkWidget *
bloom_fitted_scroller_new (GtkScrolledWindow *scroller)
{
  GtkWidget *self;

  g_return_val_if_fail (GTK_IS_SCROLLED_WINDOW (scroller), NULL);
  g_return_val_if_fail (gtk_widget_get_parent (GTK_WIDGET (scroller)) == NULL, NULL);

  self = g_object_new (BLOOM_TYPE_FITTED_SCROLLER, NULL);
  gtk_widget_set_parent (GTK_WIDGET (scroller), self);

  return self;
}
