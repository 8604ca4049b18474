/* bloom-plot.h — what the plots draw with: text placed on a snapshot, the
 * colours of the curves and the markers and line samples of a legend
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BLOOM_PLOT_PAD    8     /* around everything */
#define BLOOM_PLOT_TICK   4     /* tick mark length */
#define BLOOM_PLOT_SAMPLE 26    /* width of a legend's line sample */
#define BLOOM_PLOT_MARKER 3.5   /* radius of a point on a curve */

/* The ideal-hash approximation, the finite-m formula, and what belongs to
 * this filter (its k, its measured points). */
extern const GdkRGBA bloom_plot_approx_color;
extern const GdkRGBA bloom_plot_exact_color;
extern const GdkRGBA bloom_plot_current_color;

void  bloom_plot_measure             (GtkOrientation orientation,
                                      int           *minimum,
                                      int           *natural);
void  bloom_plot_get_colors          (GtkWidget     *widget,
                                      GdkRGBA       *fg,
                                      GdkRGBA       *dim);
void  bloom_plot_append_text         (GtkSnapshot   *snapshot,
                                      PangoLayout   *layout,
                                      const char    *text,
                                      float          x,
                                      float          y,
                                      float          xalign,
                                      const GdkRGBA *color);
void  bloom_plot_set_source          (cairo_t       *cr,
                                      const GdkRGBA *color,
                                      float          alpha);
void  bloom_plot_draw_marker         (cairo_t       *cr,
                                      double         x,
                                      double         y,
                                      gboolean       square);
void  bloom_plot_draw_curve_sample   (cairo_t       *cr,
                                      float          x,
                                      double         middle,
                                      const GdkRGBA *color,
                                      gboolean       dashed);
float bloom_plot_append_legend_text  (GtkSnapshot   *snapshot,
                                      PangoLayout   *layout,
                                      const char    *text,
                                      float          x,
                                      float          y,
                                      const GdkRGBA *color);

/* Where a plot draws its lines, in widget coordinates. */
typedef struct
{
  float left, right, top, bottom;
} BloomPlotArea;

/* What each step of a plot's drawing draws with: its lines go to @cr,
 * its words to @snapshot, above the lines. */
typedef struct
{
  GtkSnapshot *snapshot;
  cairo_t     *cr;
  PangoLayout *layout;
  GdkRGBA      fg, dim;
  int          line_height;
  gboolean     direct;   /* cr is a picture's, to give back as it was */
} BloomPlotDrawing;

void     bloom_plot_drawing_init    (BloomPlotDrawing    *d,
                                     GtkWidget           *widget,
                                     GtkSnapshot         *snapshot);
void     bloom_plot_drawing_begin   (BloomPlotDrawing    *d,
                                     int                  width,
                                     int                  height,
                                     cairo_t             *direct);
void     bloom_plot_drawing_clear   (BloomPlotDrawing    *d);

gboolean bloom_plot_place_area      (const BloomPlotDrawing *d,
                                     int                  label_width,
                                     float                legend_y,
                                     int                  width,
                                     int                  height,
                                     int                  right_gap,
                                     BloomPlotArea       *area);
gboolean bloom_plot_area_spans_x    (const BloomPlotArea *area,
                                     double               x,
                                     double               margin);

/* What a plot's tooltip says at (@x, @y) of the plot as last drawn:
 * (transfer full) words, or %NULL where it says nothing. */
typedef char *(*BloomPlotDescribeFunc) (GtkWidget *plot,
                                        double     x,
                                        double     y);

void     bloom_plot_add_tooltip     (GtkWidget             *plot,
                                     BloomPlotDescribeFunc  describe_at);

void     bloom_plot_draw_axes       (BloomPlotDrawing    *d,
                                     const BloomPlotArea *area);
void     bloom_plot_draw_rate_line  (BloomPlotDrawing    *d,
                                     const BloomPlotArea *area,
                                     double               ty,
                                     const char          *label,
                                     float                alpha,
                                     gboolean             tick);
void     bloom_plot_draw_x_tick     (BloomPlotDrawing    *d,
                                     const BloomPlotArea *area,
                                     double               tx,
                                     const char          *label,
                                     const GdkRGBA       *color);
void     bloom_plot_append_x_title  (BloomPlotDrawing    *d,
                                     const BloomPlotArea *area,
                                     const char          *title);

G_END_DECLS
