/* bloom-plot.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "bloom-gtk-compat.h"
#include "bloom-plot.h"

/* Adwaita's blue 3 and purple 2, 3:1 against light and dark backgrounds;
 * this filter's own in the orange the grid uses for the last operation. */
const GdkRGBA bloom_plot_approx_color = { 0.208f, 0.518f, 0.894f, 1.0f };
const GdkRGBA bloom_plot_exact_color = { 0.753f, 0.380f, 0.796f, 1.0f };
const GdkRGBA bloom_plot_current_color = { 0.867f, 0.384f, 0.0f, 1.0f };

/* A plot's size: room for its legend, labels and curves at the smallest,
 * the width of a page of text and a third of a projector's height at
 * its natural size. */
void
bloom_plot_measure (GtkOrientation  orientation,
                    int            *minimum,
                    int            *natural)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 280;
      *natural = 640;
    }
  else
    {
      *minimum = 220;
      *natural = 320;
    }
}

/* The colour the widget's CSS gives its content, on any GTK 4, and the
 * same dimmed for labels and titles. */
void
bloom_plot_get_colors (GtkWidget *widget,
                       GdkRGBA   *fg,
                       GdkRGBA   *dim)
{
  bloom_gtk_widget_get_color (widget, fg);
  *dim = *fg;
  dim->alpha *= 0.7f;
}

/* @text with its top at @y; @xalign 0, 0.5 or 1 puts its left, middle or
 * right at @x. */
void
bloom_plot_append_text (GtkSnapshot   *snapshot,
                        PangoLayout   *layout,
                        const char    *text,
                        float          x,
                        float          y,
                        float          xalign,
                        const GdkRGBA *color)
{
  int width, height;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &width, &height);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (roundf (x - xalign * width), roundf (y)));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

void
bloom_plot_set_source (cairo_t       *cr,
                       const GdkRGBA *color,
                       float          alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha * alpha);
}

/* A circle or a square around (@x, @y), as a path to fill. */
void
bloom_plot_draw_marker (cairo_t  *cr,
                        double    x,
                        double    y,
                        gboolean  square)
{
  if (square)
    cairo_rectangle (cr, x - BLOOM_PLOT_MARKER, y - BLOOM_PLOT_MARKER,
                     2 * BLOOM_PLOT_MARKER, 2 * BLOOM_PLOT_MARKER);
  else
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, BLOOM_PLOT_MARKER, 0, 2 * G_PI);
    }
}

/* A legend's sample of a curve from @x, at height @middle: solid with a
 * circle, or dashed with a square, as the curves are drawn. */
void
bloom_plot_draw_curve_sample (cairo_t       *cr,
                              float          x,
                              double         middle,
                              const GdkRGBA *color,
                              gboolean       dashed)
{
  cairo_save (cr);
  bloom_plot_set_source (cr, color, 1.0f);
  cairo_set_line_width (cr, 2);
  if (dashed)
    cairo_set_dash (cr, (double[]) { 5, 3 }, 2, 0);
  cairo_move_to (cr, x, middle);
  cairo_line_to (cr, x + BLOOM_PLOT_SAMPLE, middle);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  bloom_plot_draw_marker (cr, x + BLOOM_PLOT_SAMPLE / 2.0, middle, dashed);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* The words of a legend entry whose sample starts at @x. Returns the x
 * of the next entry. */
float
bloom_plot_append_legend_text (GtkSnapshot   *snapshot,
                               PangoLayout   *layout,
                               const char    *text,
                               float          x,
                               float          y,
                               const GdkRGBA *color)
{
  int width;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &width, NULL);
  bloom_plot_append_text (snapshot, layout, text, x + BLOOM_PLOT_SAMPLE + 6, y, 0, color);

  return x + BLOOM_PLOT_SAMPLE + 6 + width + 18;
}

/* The area a plot draws its lines in: under the legend, right of the rate
 * labels, above the x axis's labels and title, @right_gap from the right.
 * FALSE when that leaves too little room to draw in. */
gboolean
bloom_plot_place_area (int     label_width,
                       float   legend_y,
                       int     line_height,
                       int     width,
                       int     height,
                       int     right_gap,
                       float  *left,
                       float  *right,
                       float  *top,
                       float  *bottom)
{
  *left = BLOOM_PLOT_PAD + label_width + BLOOM_PLOT_TICK + 4;
  *right = width - BLOOM_PLOT_PAD - right_gap;
  *top = legend_y + line_height + 14;
  *bottom = height - BLOOM_PLOT_PAD - 2 * line_height - BLOOM_PLOT_TICK - 6;

  return *bottom - *top >= 40 && *right - *left >= 120;
}
