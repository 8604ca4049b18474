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

/* The layout, colours and line height of a drawing of @widget; its
 * lines wait for bloom_plot_drawing_begin(). */
void
bloom_plot_drawing_init (BloomPlotDrawing *d,
                         GtkWidget        *widget,
                         GtkSnapshot      *snapshot)
{
  *d = (BloomPlotDrawing) { .snapshot = snapshot };
  d->layout = gtk_widget_create_pango_layout (widget, "0");
  pango_layout_get_pixel_size (d->layout, NULL, &d->line_height);
  bloom_plot_get_colors (widget, &d->fg, &d->dim);
}

/* The lines on @direct when given (a picture's surface), else on a cairo
 * node of the snapshot, @width by @height. */
void
bloom_plot_drawing_begin (BloomPlotDrawing *d,
                          int               width,
                          int               height,
                          cairo_t          *direct)
{
  d->direct = direct != NULL;
  if (d->direct)
    {
      d->cr = cairo_reference (direct);
      cairo_save (d->cr);
    }
  else
    d->cr = gtk_snapshot_append_cairo (d->snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

void
bloom_plot_drawing_clear (BloomPlotDrawing *d)
{
  if (d->cr != NULL && d->direct)
    cairo_restore (d->cr);
  g_clear_pointer (&d->cr, cairo_destroy);
  g_clear_object (&d->layout);
}

/* The area a plot draws its lines in: under the legend, right of the rate
 * labels, above the x axis's labels and title, @right_gap from the right.
 * FALSE when that leaves too little room to draw in. The drawing and the
 * tooltips both go by what this returns. */
gboolean
bloom_plot_place_area (const BloomPlotDrawing *d,
                       int                     label_width,
                       float                   legend_y,
                       int                     width,
                       int                     height,
                       int                     right_gap,
                       BloomPlotArea          *area)
{
  area->left = BLOOM_PLOT_PAD + label_width + BLOOM_PLOT_TICK + 4;
  area->right = width - BLOOM_PLOT_PAD - right_gap;
  area->top = legend_y + d->line_height + 14;
  area->bottom = height - BLOOM_PLOT_PAD - 2 * d->line_height - BLOOM_PLOT_TICK - 6;

  return area->bottom - area->top >= 40 && area->right - area->left >= 120;
}

/* Whether @x lies over @area, or within @margin of it: a tooltip names
 * the column or point under the pointer at any height. */
gboolean
bloom_plot_area_spans_x (const BloomPlotArea *area,
                         double               x,
                         double               margin)
{
  return x >= area->left - margin && x <= area->right + margin;
}

static gboolean
on_query_tooltip (GtkWidget  *plot,
                  int         x,
                  int         y,
                  gboolean    keyboard_mode,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  BloomPlotDescribeFunc describe_at = (BloomPlotDescribeFunc) user_data;
  g_autofree char *text = NULL;

  if (keyboard_mode)
    return FALSE;

  text = describe_at (plot, x, y);
  if (text == NULL)
    return FALSE;

  gtk_tooltip_set_text (tooltip, text);

  return TRUE;
}

/* Gives @plot the pointer's tooltip, in the words of @describe_at: one
 * handler for every plot. */
void
bloom_plot_add_tooltip (GtkWidget             *plot,
                        BloomPlotDescribeFunc  describe_at)
{
  gtk_widget_set_has_tooltip (plot, TRUE);
  /* A callback as user data, as GCClosure keeps its own. */
  g_signal_connect (plot, "query-tooltip", G_CALLBACK (on_query_tooltip), (gpointer) describe_at);
}

/* The rate axis's and the x axis's lines. */
void
bloom_plot_draw_axes (BloomPlotDrawing    *d,
                      const BloomPlotArea *area)
{
  bloom_plot_set_source (d->cr, &d->fg, 0.6f);
  cairo_move_to (d->cr, area->left + 0.5, area->top);
  cairo_line_to (d->cr, area->left + 0.5, area->bottom + 0.5);
  cairo_line_to (d->cr, area->right, area->bottom + 0.5);
  cairo_stroke (d->cr);
}

/* A rate at height @ty: a faint line across the area at @alpha, a tick
 * on the axis when @tick, and @label left of the axis. */
void
bloom_plot_draw_rate_line (BloomPlotDrawing    *d,
                           const BloomPlotArea *area,
                           double               ty,
                           const char          *label,
                           float                alpha,
                           gboolean             tick)
{
  bloom_plot_set_source (d->cr, &d->fg, alpha);
  cairo_move_to (d->cr, area->left, ty);
  cairo_line_to (d->cr, area->right, ty);
  cairo_stroke (d->cr);
  if (tick)
    {
      bloom_plot_set_source (d->cr, &d->fg, 0.6f);
      cairo_move_to (d->cr, area->left - BLOOM_PLOT_TICK, ty);
      cairo_line_to (d->cr, area->left, ty);
      cairo_stroke (d->cr);
    }
  bloom_plot_append_text (d->snapshot, d->layout, label, area->left - BLOOM_PLOT_TICK - 4,
                          ty - d->line_height / 2.0, 1, &d->dim);
}

/* A tick below the x axis at @tx, labelled in @color. */
void
bloom_plot_draw_x_tick (BloomPlotDrawing    *d,
                        const BloomPlotArea *area,
                        double               tx,
                        const char          *label,
                        const GdkRGBA       *color)
{
  bloom_plot_set_source (d->cr, &d->fg, 0.6f);
  cairo_move_to (d->cr, tx, area->bottom);
  cairo_line_to (d->cr, tx, area->bottom + BLOOM_PLOT_TICK);
  cairo_stroke (d->cr);
  bloom_plot_append_text (d->snapshot, d->layout, label, tx, area->bottom + BLOOM_PLOT_TICK + 2,
                          0.5, color);
}

/* The x axis's title, centred under its labels. */
void
bloom_plot_append_x_title (BloomPlotDrawing    *d,
                           const BloomPlotArea *area,
                           const char          *title)
{
  bloom_plot_append_text (d->snapshot, d->layout, title, (area->left + area->right) / 2,
                          area->bottom + BLOOM_PLOT_TICK + 4 + d->line_height, 0.5, &d->dim);
}
