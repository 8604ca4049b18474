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

/* How far the content of a page that begins at 0 must move, the least,
 * to show [@start, @end), or its start when it is longer than the page. */
static double
axis_delta (GtkAdjustment *adjustment,
            double         start,
            double         end)
{
  double page = gtk_adjustment_get_page_size (adjustment);

  if (page <= 0)
    return 0;
  if (start < 0 || end - start > page)
    return start;
  if (end > page)
    return end - page;

  return 0;
}

/* Moves the content by @delta, as far as it goes; only works it out
 * unless @apply. Returns how far it moves. */
static double
move_axis (GtkAdjustment *adjustment,
           double         delta,
           gboolean       apply)
{
  double old_value = gtk_adjustment_get_value (adjustment);

  if (delta == 0)
    return 0;

  if (!apply)
    return CLAMP (old_value + delta, gtk_adjustment_get_lower (adjustment),
                  gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment)) - old_value;

  gtk_adjustment_set_value (adjustment, old_value + delta);

  return gtk_adjustment_get_value (adjustment) - old_value;
}

/* The start of a secondary request shown in this frame, which a primary
 * one with a core leaves on screen when its core still shows. */
typedef struct
{
  GtkWidget       *widget;
  graphene_rect_t  area;
} Kept;

/* How far down @viewport's content may move and still show the start
 * of @kept, which is inside it; G_MAXDOUBLE when that is not shown now. */
static double
kept_room (const Kept *kept,
           GtkWidget  *viewport)
{
  graphene_rect_t area;

  if (!transform_area (kept->widget, viewport, &kept->area, &area) ||
      area.origin.y < 0 || area.origin.y >= gtk_widget_get_height (viewport))
    return G_MAXDOUBLE;

  return area.origin.y;
}

/* Scrolls each scrolled window around @widget, the innermost first, to
 * show @area (see bloom_scroll_show_area()), or works out where they
 * would go unless @apply. With a @core and @kept: see
 * bloom_scroll_show_later_with_core(); @top_align brings the area in at
 * the top of a window inside @kept's, and @limited (if not NULL) tells
 * whether @kept's start held a window back. */
static gboolean
show_area (GtkWidget             *widget,
           const graphene_rect_t *area,
           const graphene_rect_t *core,
           const Kept            *kept,
           gboolean               top_align,
           gboolean               apply,
           gboolean              *limited)
{
  graphene_rect_t shown = *area;
  graphene_rect_t shown_core = core != NULL ? *core : *area;
  GtkWidget *scroller;
  gboolean moved = FALSE;

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
      double dx, dy;

      if (viewport == NULL || !transform_area (widget, viewport, &shown, &shown) ||
          !transform_area (widget, viewport, &shown_core, &shown_core))
        break;

      dx = axis_delta (hadjustment, shown.origin.x, shown.origin.x + shown.size.width);
      dy = axis_delta (vadjustment, shown.origin.y, shown.origin.y + shown.size.height);
      if (core != NULL && dy > 0 && kept != NULL && kept->widget != NULL)
        {
          /* Inside the kept one's scrolled window: down so far that its
           * start goes, only as far as it may, or as the core needs. */
          if (gtk_widget_is_ancestor (kept->widget, viewport))
            {
              double room = kept_room (kept, viewport);

              if (dy > room)
                {
                  dy = MAX (room, axis_delta (vadjustment, shown_core.origin.y,
                                              shown_core.origin.y + shown_core.size.height));
                  if (limited != NULL)
                    *limited = TRUE;
                }
            }
          /* In a window of its own, the area comes in at the top, where
           * the window around it shows it first. */
          else if (top_align && shown.size.height <= gtk_adjustment_get_page_size (vadjustment))
            dy = shown.origin.y;
        }
      dx = move_axis (hadjustment, dx, apply);
      dy = move_axis (vadjustment, dy, apply);
      moved |= dx != 0 || dy != 0;
      shown.origin.x -= dx;
      shown.origin.y -= dy;
      shown_core.origin.x -= dx;
      shown_core.origin.y -= dy;
      graphene_rect_init (&page, 0, 0,
                          gtk_adjustment_get_page_size (hadjustment),
                          gtk_adjustment_get_page_size (vadjustment));
      if (!graphene_rect_intersection (&shown, &page, &shown))
        break;
      if (!graphene_rect_intersection (&shown_core, &page, &shown_core))
        shown_core = shown;
      widget = viewport;
    }

  return moved;
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
 *
 * Returns: whether any of them scrolled
 */
gboolean
bloom_scroll_show_area (GtkWidget             *widget,
                        const graphene_rect_t *area)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  return show_area (widget, area, NULL, NULL, FALSE, TRUE, NULL);
}

/* What the requests on one frame clock share. A scroll moves content
 * that is laid out again only in the next pass of the layout phase:
 * until then, positions are those from before it. */
typedef struct
{
  gboolean moved;          /* a request scrolled in this pass */
  guint    n_secondary;    /* secondary requests waiting */
  Kept     kept;           /* the last secondary request shown in this frame */
} ClockRequests;

typedef struct
{
  GtkWidget           *widget;   /* not owned: this lives in its data */
  BloomScrollAreaFunc  area_func;
  BloomScrollCoreFunc  core_func; /* instead of area_func, with a core */
  BloomScrollPriority  priority;
  GdkFrameClock       *clock;
  ClockRequests       *requests; /* the clock's */
  gulong               update_id;
  gulong               layout_id;
  gulong               paint_id;
  gint64               deferred_frame;
  guint                tries;
} Pending;

static void
pending_free (gpointer data)
{
  Pending *pending = data;

  /* A clock disposed with its window has dropped its handlers already. */
  if (g_signal_handler_is_connected (pending->clock, pending->update_id))
    g_signal_handler_disconnect (pending->clock, pending->update_id);
  if (g_signal_handler_is_connected (pending->clock, pending->layout_id))
    g_signal_handler_disconnect (pending->clock, pending->layout_id);
  if (g_signal_handler_is_connected (pending->clock, pending->paint_id))
    g_signal_handler_disconnect (pending->clock, pending->paint_id);
  if (pending->priority == BLOOM_SCROLL_SECONDARY)
    pending->requests->n_secondary--;
  g_clear_object (&pending->clock);
  g_free (pending);
}

static GQuark
pending_quark (void)
{
  return g_quark_from_static_string ("bloom-scroll-pending");
}

static GQuark
requests_quark (void)
{
  return g_quark_from_static_string ("bloom-scroll-requests");
}

/* Each pass of the layout phase starts here, before any request. */
static void
on_layout_pass (GdkFrameClock *clock,
                ClockRequests *requests)
{
  requests->moved = FALSE;
}

/* The frame is drawn: what a secondary request showed is past. */
static void
on_after_paint (GdkFrameClock *clock,
                ClockRequests *requests)
{
  g_clear_weak_pointer (&requests->kept.widget);
}

static void
clock_requests_free (gpointer data)
{
  ClockRequests *requests = data;

  g_clear_weak_pointer (&requests->kept.widget);
  g_free (requests);
}

static ClockRequests *
get_clock_requests (GdkFrameClock *clock)
{
  ClockRequests *requests = g_object_get_qdata (G_OBJECT (clock), requests_quark ());

  if (requests == NULL)
    {
      requests = g_new0 (ClockRequests, 1);
      g_object_set_qdata_full (G_OBJECT (clock), requests_quark (), requests, clock_requests_free);
      g_signal_connect (clock, "layout", G_CALLBACK (on_layout_pass), requests);
      g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), requests);
    }

  return requests;
}

/* Shows what @pending asks for, or works out whether that scrolls;
 * FALSE in @told when its widget cannot tell yet. */
static gboolean
show_pending_area (Pending  *pending,
                   gboolean  apply,
                   gboolean *told)
{
  GtkWidget *widget = pending->widget;
  graphene_rect_t area, core;
  gboolean has_core;
  gboolean top_align = FALSE;
  gboolean moved;

  graphene_rect_init (&core, 0, 0, 0, 0);
  *told = pending->core_func != NULL ? pending->core_func (widget, &area, &core)
                                     : pending->area_func (widget, &area);
  if (!*told)
    return FALSE;
  has_core = core.size.width > 0 && core.size.height > 0;
  /* The area comes in at the top of its own window only where the
   * window around it would otherwise take the kept start away: where it
   * all fits, its windows scroll as little as ever. */
  if (has_core && pending->requests->kept.widget != NULL)
    show_area (widget, &area, &core, &pending->requests->kept, FALSE, FALSE, &top_align);
  moved = show_area (widget, &area, has_core ? &core : NULL, &pending->requests->kept,
                     top_align, apply, NULL);
  if (apply && pending->priority == BLOOM_SCROLL_SECONDARY)
    {
      g_set_weak_pointer (&pending->requests->kept.widget, widget);
      pending->requests->kept.area = area;
    }

  return moved;
}

/* Before the layout phase: when the area is not shown where things are
 * now, the scroll needs a layout, so this frame gets one. A frame that
 * lays nothing out (most operations change no size) is not made to: on
 * X11, a layout starts with GDK measuring the window and asking the X
 * server for the work area. */
static void
on_update (GdkFrameClock *clock,
           Pending       *pending)
{
  gboolean told;

  if (gtk_widget_get_mapped (pending->widget) && show_pending_area (pending, FALSE, &told))
    gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
}

static void
show_pending (Pending *pending)
{
  GtkWidget *widget = pending->widget;
  gboolean told;

  if (gtk_widget_get_mapped (widget))
    {
      pending->requests->moved |= show_pending_area (pending, TRUE, &told);
      if (!told && ++pending->tries < MAX_TRIES)
        return;
    }

  g_object_set_qdata (G_OBJECT (widget), pending_quark (), NULL);
}

/* In the layout phase, after GTK's own layout: sizes and adjustments are
 * final, so the new scroll position is laid out in another pass of the
 * same phase and drawn in this frame, not one frame later. A primary
 * request goes last: after the secondary ones, in the next pass when
 * they scrolled, where positions are current again. It waits one pass
 * at most: GDK gives up after four. */
static void
on_layout (GdkFrameClock *clock,
           Pending       *pending)
{
  gint64 frame = gdk_frame_clock_get_frame_counter (clock);

  if (gtk_widget_get_mapped (pending->widget) &&
      pending->priority == BLOOM_SCROLL_PRIMARY && pending->deferred_frame != frame &&
      (pending->requests->moved || pending->requests->n_secondary > 0))
    {
      pending->deferred_frame = frame;
      gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
      return;
    }

  show_pending (pending);
}

static void
show_later (GtkWidget           *widget,
            BloomScrollAreaFunc  area_func,
            BloomScrollCoreFunc  core_func,
            BloomScrollPriority  priority)
{
  GdkFrameClock *clock;
  Pending *pending;

  clock = gtk_widget_get_frame_clock (widget);
  if (clock == NULL || !gtk_widget_get_mapped (widget))
    return;

  pending = g_new0 (Pending, 1);
  pending->widget = widget;
  pending->area_func = area_func;
  pending->core_func = core_func;
  pending->priority = priority;
  pending->deferred_frame = -1;
  pending->clock = g_object_ref (clock);
  pending->requests = get_clock_requests (clock);
  if (priority == BLOOM_SCROLL_SECONDARY)
    pending->requests->n_secondary++;
  pending->update_id = g_signal_connect (clock, "update", G_CALLBACK (on_update), pending);
  /* "After": GTK's root lays the window out from a handler it connects
   * when a change asks for it, which may be after this one. */
  pending->layout_id = g_signal_connect_data (clock, "layout", G_CALLBACK (on_layout), pending, NULL,
                                              G_CONNECT_AFTER);
  /* A frame without a layout phase: nothing moved since the update phase
   * found the area shown, so the paint phase only settles the request
   * (or, for an area that cannot be told yet, waits for another frame). */
  pending->paint_id = g_signal_connect_swapped (clock, "paint", G_CALLBACK (show_pending), pending);
  g_object_set_qdata_full (G_OBJECT (widget), pending_quark (), pending, pending_free);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_UPDATE | GDK_FRAME_CLOCK_PHASE_PAINT);
}

/**
 * bloom_scroll_show_later:
 * @widget: a widget inside one or more scrolled windows
 * @area_func: tells what of @widget to show
 * @priority: which request wins when two in one frame cannot both be
 *   shown
 *
 * Shows what @area_func tells, as bloom_scroll_show_area() does, once
 * the layout of the next frame is done, in that frame: never from inside
 * a layout, and with the sizes a change just asked for. A later call
 * replaces an earlier one that has not run yet. Nothing happens while
 * @widget is not shown.
 */
void
bloom_scroll_show_later (GtkWidget           *widget,
                         BloomScrollAreaFunc  area_func,
                         BloomScrollPriority  priority)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (area_func != NULL);

  show_later (widget, area_func, NULL, priority);
}

/**
 * bloom_scroll_show_later_with_core:
 * @widget: a widget inside one or more scrolled windows
 * @core_func: tells what of @widget to show, and the core of it that
 *   must show
 * @priority: which request wins when two in one frame cannot both be
 *   shown
 *
 * As bloom_scroll_show_later(), but a scrolled window that would have to
 * move the start of a secondary request shown in the same frame out of
 * view, to show all of the area, moves only as far as that start allows,
 * or as far as the core needs when that is further; a scrolled window of
 * the widget's own, inside that one, then brings the area in at its top.
 * So the card of an operation keeps its headline on screen above the
 * grid when the grid's first mark still shows.
 */
void
bloom_scroll_show_later_with_core (GtkWidget           *widget,
                                   BloomScrollCoreFunc  core_func,
                                   BloomScrollPriority  priority)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (core_func != NULL);

  show_later (widget, NULL, core_func, priority);
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
