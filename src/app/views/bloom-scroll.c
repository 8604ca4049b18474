/* bloom-scroll.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-scroll"

#include "config.h"

#include <math.h>

#include "bloom-gtk-compat.h"
#include "bloom-scroll.h"

/* Frames to wait for an area that cannot be told yet. */
#define MAX_TRIES 4

/* @area of @widget in @target's coordinates. */
static gboolean
transform_area (GtkWidget             *widget,
                GtkWidget             *target,
                const graphene_rect_t *area,
                graphene_rect_t       *out)
{
  graphene_point_t corners[2] = {
    area->origin,
    GRAPHENE_POINT_INIT (area->origin.x + area->size.width, area->origin.y + area->size.height),
  };

  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    if (!bloom_gtk_widget_compute_point (widget, target, &corners[i], &corners[i]))
      return FALSE;

  graphene_rect_init (out, MIN (corners[0].x, corners[1].x), MIN (corners[0].y, corners[1].y),
                      fabsf (corners[1].x - corners[0].x), fabsf (corners[1].y - corners[0].y));

  return TRUE;
}

/* Scrolls the least that shows [@start, @end) of a page that begins at 0,
 * or its start when it is longer than the page. Returns how far the
 * content moved. */
static double
scroll_axis (GtkAdjustment *adjustment,
             double         start,
             double         end)
{
  double page = gtk_adjustment_get_page_size (adjustment);
  double old_value = gtk_adjustment_get_value (adjustment);
  double delta = 0;

  if (page <= 0)
    return 0;

  if (start < 0 || end - start > page)
    delta = start;
  else if (end > page)
    delta = end - page;
  if (delta == 0)
    return 0;

  gtk_adjustment_set_value (adjustment, old_value + delta);

  return gtk_adjustment_get_value (adjustment) - old_value;
}

/**
 * bloom_scroll_show_area:
 * @widget: a widget inside one or more scrolled windows
 * @area: what to show, in @widget's coordinates
 *
 * Scrolls each scrolled window around @widget, the innermost first, the
 * smallest distance that shows @area: its start when it does not fit.
 * An outer one shows the part that the inner one shows. For a widget
 * whose layout is done; see bloom_scroll_show_later().
 */
void
bloom_scroll_show_area (GtkWidget             *widget,
                        const graphene_rect_t *area)
{
  graphene_rect_t shown = *area;
  GtkWidget *scroller;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (area != NULL);

  for (scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
       scroller != NULL;
       scroller = gtk_widget_get_ancestor (gtk_widget_get_parent (scroller), GTK_TYPE_SCROLLED_WINDOW))
    {
      GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (scroller);
      /* The viewport stays where it is; the content moves in it. */
      GtkWidget *viewport = gtk_scrolled_window_get_child (scrolled);
      GtkAdjustment *hadjustment = gtk_scrolled_window_get_hadjustment (scrolled);
      GtkAdjustment *vadjustment = gtk_scrolled_window_get_vadjustment (scrolled);
      graphene_rect_t page;

      if (viewport == NULL || !transform_area (widget, viewport, &shown, &shown))
        return;

      shown.origin.x -= scroll_axis (hadjustment, shown.origin.x, shown.origin.x + shown.size.width);
      shown.origin.y -= scroll_axis (vadjustment, shown.origin.y, shown.origin.y + shown.size.height);
      graphene_rect_init (&page, 0, 0,
                          gtk_adjustment_get_page_size (hadjustment),
                          gtk_adjustment_get_page_size (vadjustment));
      if (!graphene_rect_intersection (&shown, &page, &shown))
        return;
      widget = viewport;
    }
}

typedef struct
{
  GtkWidget           *widget;   /* not owned: this lives in its data */
  BloomScrollAreaFunc  area_func;
  GdkFrameClock       *clock;
  gulong               paint_id;
  guint                tries;
} Pending;

static void
pending_free (gpointer data)
{
  Pending *pending = data;

  /* A clock disposed with its window has dropped its handlers already. */
  if (g_signal_handler_is_connected (pending->clock, pending->paint_id))
    g_signal_handler_disconnect (pending->clock, pending->paint_id);
  g_clear_object (&pending->clock);
  g_free (pending);
}

static GQuark
pending_quark (void)
{
  return g_quark_from_static_string ("bloom-scroll-pending");
}

/* In the paint phase of a frame, after its layout phase: sizes and
 * adjustments are final. A new scroll position is laid out in the next
 * frame, once, since nothing asks for it again. Asking for a layout
 * phase of our own instead would make GDK measure the window again on
 * every operation, even one that changes no size. */
static void
on_paint (GdkFrameClock *clock,
          Pending       *pending)
{
  GtkWidget *widget = pending->widget;
  graphene_rect_t area;

  if (gtk_widget_get_mapped (widget))
    {
      if (pending->area_func (widget, &area))
        bloom_scroll_show_area (widget, &area);
      else if (++pending->tries < MAX_TRIES)
        return;
    }

  g_object_set_qdata (G_OBJECT (widget), pending_quark (), NULL);
}

/**
 * bloom_scroll_show_later:
 * @widget: a widget inside one or more scrolled windows
 * @area_func: tells what of @widget to show
 * @priority: which request wins when two in one frame cannot both be
 *   shown
 *
 * Shows what @area_func tells, as bloom_scroll_show_area() does, once
 * the layout of the next frame is done: never from inside a layout, and
 * with the sizes a change just asked for. A later call replaces an
 * earlier one that has not run yet. Nothing happens while @widget is
 * not shown.
 */
void
bloom_scroll_show_later (GtkWidget           *widget,
                         BloomScrollAreaFunc  area_func,
                         BloomScrollPriority  priority)
{
  GdkFrameClock *clock;
  Pending *pending;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (area_func != NULL);

  clock = gtk_widget_get_frame_clock (widget);
  if (clock == NULL || !gtk_widget_get_mapped (widget))
    return;

  pending = g_new0 (Pending, 1);
  pending->widget = widget;
  pending->area_func = area_func;
  pending->clock = g_object_ref (clock);
  pending->paint_id = g_signal_connect_data (clock, "paint", G_CALLBACK (on_paint), pending, NULL,
                                             priority == BLOOM_SCROLL_PRIMARY ? G_CONNECT_AFTER : 0);
  g_object_set_qdata_full (G_OBJECT (widget), pending_quark (), pending, pending_free);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_PAINT);
}

/* A BloomScrollAreaFunc: all of @widget, or its start when it is taller
 * than the page, as for a section just opened: its header and as much of
 * its content as fits. */
gboolean
bloom_scroll_whole_widget (GtkWidget       *widget,
                           graphene_rect_t *area)
{
  graphene_rect_init (area, 0, 0, gtk_widget_get_width (widget), gtk_widget_get_height (widget));

  return TRUE;
}

static gboolean
on_inner_scroll (GtkEventControllerScroll *controller,
                 double                    dx,
                 double                    dy,
                 gpointer                  user_data)
{
  GtkWidget *inner = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (inner));
  GtkWidget *outer = gtk_widget_get_ancestor (gtk_widget_get_parent (inner), GTK_TYPE_SCROLLED_WINDOW);
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double value = gtk_adjustment_get_value (adjustment);
  GtkAdjustment *page;
  double step = 1;

  /* Shift turns the wheel sideways, which is the inner area's own. */
  if (outer == NULL || dy == 0 || (state & GDK_SHIFT_MASK))
    return GDK_EVENT_PROPAGATE;

  /* Not at the end the wheel goes to: the inner area scrolls itself. */
  if (dy < 0 ? value > gtk_adjustment_get_lower (adjustment) + 0.5
             : value < gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment) - 0.5)
    return GDK_EVENT_PROPAGATE;

  page = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (outer));
  /* A wheel's notch goes as far as GtkScrolledWindow takes it; a
   * touchpad's deltas are pixels. */
  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL)
    step = pow (gtk_adjustment_get_page_size (page), 2.0 / 3.0);
  gtk_adjustment_set_value (page, gtk_adjustment_get_value (page) + dy * step);

  return GDK_EVENT_STOP;
}

/**
 * bloom_scroll_chain_to_page:
 * @inner: a scrolled window inside another
 *
 * At its top or bottom, @inner hands the wheel and the touchpad on to the
 * scrolled window around it, rather than swallowing them: a GTK scrolled
 * window takes every scroll over it, even one it cannot follow.
 */
void
bloom_scroll_chain_to_page (GtkScrolledWindow *inner)
{
  GtkEventController *controller;

  g_return_if_fail (GTK_IS_SCROLLED_WINDOW (inner));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  /* Before the inner window's own controller, which bubbles. */
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (controller, "bloom-scroll-chain");
  g_signal_connect (controller, "scroll", G_CALLBACK (on_inner_scroll), NULL);
  gtk_widget_add_controller (GTK_WIDGET (inner), controller);
}
