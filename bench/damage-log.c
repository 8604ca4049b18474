/* damage-log.c — logs what each frame of GSK's cairo renderer repaints
 *
 * Preloaded into a GTK program (LD_PRELOAD=…/libdamage-log.so), it prints
 * on stderr, for each new cairo context, the clip set on it first: for
 * the context the cairo renderer draws a frame with, that is the frame's
 * damage, which GSK finds by comparing the frame's render nodes with the
 * last frame's, and gives up past 30 rectangles, repainting whole
 * containers. It hooks cairo, not GDK, because GTK 4.18 calls its own
 * functions directly, where no preloaded library can see them; cairo's
 * are called through the dynamic linker on GTK 4.8 and 4.18 alike.
 *
 *   damage 10 rectangles, extents 27,161 1230×548
 *
 * With DAMAGE_LOG_RECTANGLES set, each rectangle follows on a line of
 * its own ("  rectangle 31,161 120×16").
 *
 * A frame's damage may be logged twice (more than one context is made
 * for it). Contexts that clip first for another reason (a widget drawing
 * on a context of its own) are logged too; the frame's are the large
 * ones.
 *
 * bench-window, preloaded with it, also reads what the frames of each
 * operation repainted (damage_log_take()): the most rectangles and the
 * largest area, summed over the rectangles, of one frame. With
 * DAMAGE_LOG_QUIET set nothing is printed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define _GNU_SOURCE

#include <cairo.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static cairo_t *newest_context;

/* Since the last damage_log_take() */
static int most_rectangles;
static double largest_area;

void damage_log_take (int    *rectangles,
                      double *area);

/* @rectangles: the most rectangles of one frame's damage since the last
 * call; @area: the largest area of one frame's damage, in pixels */
void
damage_log_take (int    *rectangles,
                 double *area)
{
  *rectangles = most_rectangles;
  *area = largest_area;
  most_rectangles = 0;
  largest_area = 0;
}

cairo_t *
cairo_create (cairo_surface_t *target)
{
  static cairo_t *(*real_create) (cairo_surface_t *) = NULL;

  if (real_create == NULL)
    real_create = (cairo_t *(*) (cairo_surface_t *)) dlsym (RTLD_NEXT, "cairo_create");
  newest_context = real_create (target);

  return newest_context;
}

void
cairo_clip (cairo_t *cr)
{
  static void (*real_clip) (cairo_t *) = NULL;
  cairo_rectangle_list_t *rectangles;
  double x1, y1, x2, y2;

  if (real_clip == NULL)
    real_clip = (void (*) (cairo_t *)) dlsym (RTLD_NEXT, "cairo_clip");
  real_clip (cr);
  if (cr != newest_context)
    return;

  newest_context = NULL;
  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
  rectangles = cairo_copy_clip_rectangle_list (cr);
  if (rectangles->status == CAIRO_STATUS_SUCCESS)
    {
      double area = 0;

      for (int i = 0; i < rectangles->num_rectangles; i++)
        area += rectangles->rectangles[i].width * rectangles->rectangles[i].height;
      if (rectangles->num_rectangles > most_rectangles)
        most_rectangles = rectangles->num_rectangles;
      if (area > largest_area)
        largest_area = area;
    }
  if (getenv ("DAMAGE_LOG_QUIET") != NULL)
    {
      cairo_rectangle_list_destroy (rectangles);
      return;
    }
  fprintf (stderr, "damage %d rectangles, extents %.0f,%.0f %.0f×%.0f\n",
           rectangles->status == CAIRO_STATUS_SUCCESS ? rectangles->num_rectangles : -1,
           x1, y1, x2 - x1, y2 - y1);
  if (getenv ("DAMAGE_LOG_RECTANGLES") != NULL && rectangles->status == CAIRO_STATUS_SUCCESS)
    for (int i = 0; i < rectangles->num_rectangles; i++)
      fprintf (stderr, "  rectangle %.0f,%.0f %.0f×%.0f\n",
               rectangles->rectangles[i].x, rectangles->rectangles[i].y,
               rectangles->rectangles[i].width, rectangles->rectangles[i].height);
  cairo_rectangle_list_destroy (rectangles);
}
