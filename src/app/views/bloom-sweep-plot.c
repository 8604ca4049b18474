/* bloom-sweep-plot.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-sweep-plot"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bloom-format.h"
#include "bloom-plot.h"
#include "bloom-sweep-plot.h"

#define PAD          BLOOM_PLOT_PAD
#define SAMPLE       BLOOM_PLOT_SAMPLE
#define CAP          4     /* half the width of an interval bar's ends */
#define CURVE_POINTS 200   /* segments of the ideal curve */

typedef struct
{
  BloomPlotArea area;
  guint         n_max;
  double        x_step;      /* n between two labels */
  double        y_top;       /* the rate at the top, a multiple of y_step */
  double        y_step;
} Frame;

struct _BloomSweepPlot
{
  GtkWidget  parent_instance;

  GPtrArray *points;        /* of BloomSampleResult, n ascending; NULL: none */
  char      *description;
  /* Where the last snapshot put the points, for the tooltip; FALSE while
   * nothing is drawn. */
  gboolean   drawn;
  Frame      drawn_frame;
};

G_DEFINE_FINAL_TYPE (BloomSweepPlot, bloom_sweep_plot, GTK_TYPE_WIDGET)

static const BloomSampleResult *
point_at (BloomSweepPlot *self,
          guint           i)
{
  return g_ptr_array_index (self->points, i);
}

static const BloomSampleResult *
last_point (BloomSweepPlot *self)
{
  return point_at (self, self->points->len - 1);
}

/* SPEC R6 for @n strings in the points' filter, at any real n. */
static double
ideal_rate (const BloomSampleResult *point,
            double                   n)
{
  return pow (1.0 - exp (-(double) point->k * n / point->m), point->k);
}

/* One point in words, for the text alternative and the tooltip. */
static char *
describe_point (const BloomSampleResult *point)
{
  g_autofree char *rate = bloom_format_sample_rate (point);
  g_autofree char *interval = bloom_format_interval (point->low, point->high);
  g_autofree char *ideal = bloom_format_decimal (point->ideal_rate);

  /* Translators: one measured point of the sweep: n, the measured rate,
   * its 95 % interval and the ideal-hash approximation */
  return g_strdup_printf (_("n = %u: %s, 95 %% interval %s, ideal %s."),
                          point->n_entries, rate, interval, ideal);
}

static void
update_description (BloomSweepPlot *self)
{
  GString *text;
  g_autofree char *samples = NULL;

  g_free (self->description);

  if (self->points == NULL)
    {
      self->description = g_strdup (_("No sweep yet."));
    }
  else
    {
      samples = bloom_format_count (point_at (self, 0)->n_samples);
      text = g_string_new (NULL);
      /* Translators: %s is a number of random strings */
      g_string_append_printf (text, _("False-positive rate measured as a scratch filter with m = %u "
                                      "and k = %u fills, %s random strings per point, beside the "
                                      "ideal-hash approximation."),
                              last_point (self)->m, last_point (self)->k, samples);
      for (guint i = 0; i < self->points->len; i++)
        {
          g_autofree char *point = describe_point (point_at (self, i));

          g_string_append_c (text, ' ');
          g_string_append (text, point);
        }
      self->description = g_string_free (text, FALSE);
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description,
                                  -1);
}

/* 1, 2 or 5 times a power of ten, at least @rough. */
static double
nice_step (double rough)
{
  double decade = pow (10.0, floor (log10 (rough)));

  if (rough <= decade)
    return decade;
  if (rough <= 2 * decade)
    return 2 * decade;
  if (rough <= 5 * decade)
    return 5 * decade;
  return 10 * decade;
}

static double
x_for_n (const Frame *frame,
         double       n)
{
  return frame->area.left + n / frame->n_max * (frame->area.right - frame->area.left);
}

static double
y_for_rate (const Frame *frame,
            double       rate)
{
  return frame->area.bottom - rate / frame->y_top * (frame->area.bottom - frame->area.top);
}

/* Linear scales from 0: n to the last point, the rate up to the highest
 * interval or ideal value, at most 1, so that small rates still fill the
 * plot. About five labels on each. */
static void
fit_scales (BloomSweepPlot *self,
            Frame          *frame)
{
  double highest = 0.0;

  frame->n_max = MAX (1, last_point (self)->n_entries);
  for (guint i = 0; i < self->points->len; i++)
    highest = MAX (highest, MAX (point_at (self, i)->high, point_at (self, i)->ideal_rate));
  highest = CLAMP (highest, 0.001, 1.0);

  frame->y_step = nice_step (highest / 5);
  frame->y_top = MIN (1.0, ceil (highest / frame->y_step - 1e-9) * frame->y_step);
  frame->x_step = MAX (1.0, nice_step (frame->n_max / 6.0));
}

static int
measure_rate_labels (PangoLayout *layout,
                     const Frame *frame)
{
  int widest = 0;

  for (double rate = 0; rate <= frame->y_top + frame->y_step / 2; rate += frame->y_step)
    {
      g_autofree char *label = bloom_format_decimal (rate);
      int width;

      pango_layout_set_text (layout, label, -1);
      pango_layout_get_pixel_size (layout, &width, NULL);
      widest = MAX (widest, width);
    }

  return widest;
}

/* What each step of the drawing draws with, and where. */
typedef struct
{
  BloomPlotDrawing plot;
  Frame            frame;
} Drawing;

/* A measured point's mark: its interval as a bar with ends, the rate as
 * a square on it. */
static void
draw_measured_mark (cairo_t *cr,
                    double   x,
                    double   y_low,
                    double   y_rate,
                    double   y_high)
{
  cairo_set_line_width (cr, 2);
  cairo_move_to (cr, x, y_low);
  cairo_line_to (cr, x, y_high);
  cairo_move_to (cr, x - CAP, y_low);
  cairo_line_to (cr, x + CAP, y_low);
  cairo_move_to (cr, x - CAP, y_high);
  cairo_line_to (cr, x + CAP, y_high);
  cairo_stroke (cr);
  bloom_plot_draw_marker (cr, x, y_rate, TRUE);
  cairo_fill (cr);
}

/* The axis title, then the legend, wrapped to @width. Returns the top of
 * the legend's last line. */
static float
append_legend (Drawing *d,
               int      width)
{
  const char *ideal = _("ideal hashes (1 − e^(−k·n/m))^k");
  /* xgettext:no-c-format */
  const char *measured = _("measured, with its 95 % interval");
  float x = PAD, y = PAD + d->plot.line_height + 4;
  double middle = y + d->plot.line_height / 2.0;
  int text_width;

  bloom_plot_append_text (d->plot.snapshot, d->plot.layout, _("False-positive rate (linear scale)"),
                          PAD, PAD, 0, &d->plot.dim);

  bloom_plot_set_source (d->plot.cr, &bloom_plot_approx_color, 1.0f);
  cairo_set_line_width (d->plot.cr, 2);
  cairo_move_to (d->plot.cr, x, middle);
  cairo_line_to (d->plot.cr, x + SAMPLE, middle);
  cairo_stroke (d->plot.cr);
  x = bloom_plot_append_legend_text (d->plot.snapshot, d->plot.layout, ideal, x, y, &d->plot.fg);

  pango_layout_set_text (d->plot.layout, measured, -1);
  pango_layout_get_pixel_size (d->plot.layout, &text_width, NULL);
  if (x + SAMPLE + 6 + text_width > width - PAD)
    {
      x = PAD;
      y += d->plot.line_height + 2;
      middle = y + d->plot.line_height / 2.0;
    }
  bloom_plot_set_source (d->plot.cr, &bloom_plot_current_color, 1.0f);
  draw_measured_mark (d->plot.cr, x + SAMPLE / 2.0, y + d->plot.line_height - 1, middle, y + 1);
  bloom_plot_append_legend_text (d->plot.snapshot, d->plot.layout, measured, x, y, &d->plot.fg);

  return y;
}

/* Rates: a faint line, a tick and a label each; then both axes' lines. */
static void
draw_rate_axis (Drawing *d)
{
  const Frame *frame = &d->frame;

  cairo_set_line_width (d->plot.cr, 1);
  for (double rate = 0; rate <= frame->y_top + frame->y_step / 2; rate += frame->y_step)
    {
      g_autofree char *label = bloom_format_decimal (rate);

      bloom_plot_draw_rate_line (&d->plot, &frame->area, round (y_for_rate (frame, rate)) + 0.5,
                                 label, 0.12f, TRUE);
    }

  bloom_plot_draw_axes (&d->plot, &frame->area);
}

static void
draw_n_axis (Drawing *d)
{
  const Frame *frame = &d->frame;

  for (double n = 0; n <= frame->n_max + 0.5; n += frame->x_step)
    {
      g_autofree char *label = g_strdup_printf ("%u", (guint) n);

      bloom_plot_draw_x_tick (&d->plot, &frame->area, round (x_for_n (frame, n)) + 0.5, label,
                              &d->plot.dim);
    }
  bloom_plot_append_x_title (&d->plot, &frame->area,
                             _("n (random strings inserted into a scratch filter)"));
}

static void
draw_ideal_curve (Drawing                 *d,
                  const BloomSampleResult *point)
{
  const Frame *frame = &d->frame;

  bloom_plot_set_source (d->plot.cr, &bloom_plot_approx_color, 1.0f);
  cairo_set_line_width (d->plot.cr, 2);
  for (guint i = 0; i <= CURVE_POINTS; i++)
    {
      double n = (double) i * frame->n_max / CURVE_POINTS;

      if (i == 0)
        cairo_move_to (d->plot.cr, x_for_n (frame, n), y_for_rate (frame, ideal_rate (point, n)));
      else
        cairo_line_to (d->plot.cr, x_for_n (frame, n), y_for_rate (frame, ideal_rate (point, n)));
    }
  cairo_stroke (d->plot.cr);
}

/* Each point over the curve; a point with no query (SPEC R4) has no
 * rate to mark. */
static void
draw_points (Drawing        *d,
             BloomSweepPlot *self)
{
  const Frame *frame = &d->frame;

  bloom_plot_set_source (d->plot.cr, &bloom_plot_current_color, 1.0f);
  for (guint i = 0; i < self->points->len; i++)
    {
      const BloomSampleResult *point = point_at (self, i);
      double rate;

      if (!bloom_sample_result_get_rate (point, &rate))
        continue;

      draw_measured_mark (d->plot.cr, x_for_n (frame, point->n_entries), y_for_rate (frame, point->low),
                          y_for_rate (frame, rate), y_for_rate (frame, point->high));
    }
}

/* The plot, @width by @height: its lines on @direct when given (a
 * picture's surface), else on a cairo node of @snapshot; its words on
 * @snapshot either way, above the lines. */
static void
snapshot_plot (BloomSweepPlot *self,
               GtkSnapshot    *snapshot,
               int             width,
               int             height,
               cairo_t        *direct)
{
  Drawing d;
  float legend_y;
  gboolean placed;

  if (direct == NULL)
    self->drawn = FALSE;
  if (width <= 0 || height <= 0 || self->points == NULL)
    return;

  bloom_plot_drawing_init (&d.plot, GTK_WIDGET (self), snapshot);
  fit_scales (self, &d.frame);
  bloom_plot_drawing_begin (&d.plot, width, height, direct);
  legend_y = append_legend (&d, width);
  placed = bloom_plot_place_area (&d.plot, measure_rate_labels (d.plot.layout, &d.frame), legend_y,
                                  width, height, 12, &d.frame.area);
  if (placed)
    {
      draw_rate_axis (&d);
      draw_n_axis (&d);
      draw_ideal_curve (&d, last_point (self));
      draw_points (&d, self);
    }
  if (direct == NULL)
    {
      self->drawn = placed;
      self->drawn_frame = d.frame;
    }
  bloom_plot_drawing_clear (&d.plot);
}

static void
bloom_sweep_plot_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  snapshot_plot (BLOOM_SWEEP_PLOT (widget), snapshot,
                 gtk_widget_get_width (widget), gtk_widget_get_height (widget), NULL);
}

static void
bloom_sweep_plot_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  bloom_plot_measure (orientation, minimum, natural);
}

static void
bloom_sweep_plot_finalize (GObject *object)
{
  BloomSweepPlot *self = BLOOM_SWEEP_PLOT (object);

  g_clear_pointer (&self->points, g_ptr_array_unref);
  g_clear_pointer (&self->description, g_free);

  G_OBJECT_CLASS (bloom_sweep_plot_parent_class)->finalize (object);
}

static void
bloom_sweep_plot_class_init (BloomSweepPlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = bloom_sweep_plot_finalize;

  widget_class->measure = bloom_sweep_plot_measure;
  widget_class->snapshot = bloom_sweep_plot_snapshot;

  gtk_widget_class_set_css_name (widget_class, "sweepplot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

/* The tooltip's words, from the public bloom_sweep_plot_describe_at(). */
static char *
describe_at (GtkWidget *plot,
             double     x,
             double     y)
{
  return bloom_sweep_plot_describe_at (BLOOM_SWEEP_PLOT (plot), x, y);
}

static void
bloom_sweep_plot_init (BloomSweepPlot *self)
{
  bloom_plot_add_tooltip (GTK_WIDGET (self), describe_at);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("False-positive rate by n, measured"),
                                  -1);
  update_description (self);
}

GtkWidget *
bloom_sweep_plot_new (void)
{
  return g_object_new (BLOOM_TYPE_SWEEP_PLOT, NULL);
}

/**
 * bloom_sweep_plot_set_points:
 * @self: a sweep plot
 * @points: (nullable) (element-type BloomSampleResult): what
 *   bloom_sampler_sweep() measured, n ascending, all of one m and k; %NULL
 *   shows nothing
 *
 * Shows @points; the plot keeps a reference to the array, which must not
 * change afterwards.
 */
void
bloom_sweep_plot_set_points (BloomSweepPlot *self,
                             GPtrArray      *points)
{
  g_return_if_fail (BLOOM_IS_SWEEP_PLOT (self));
  g_return_if_fail (points == NULL || points->len > 0);

  if (points == self->points)
    return;

  g_clear_pointer (&self->points, g_ptr_array_unref);
  if (points != NULL)
    self->points = g_ptr_array_ref (points);
  /* The tooltip waits for the drawing of these points. */
  self->drawn = FALSE;

  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
bloom_sweep_plot_get_n_points (BloomSweepPlot *self)
{
  g_return_val_if_fail (BLOOM_IS_SWEEP_PLOT (self), 0);

  return self->points != NULL ? self->points->len : 0;
}

/* The plot as text, what assistive technology is given: every point. */
const char *
bloom_sweep_plot_get_text_alternative (BloomSweepPlot *self)
{
  g_return_val_if_fail (BLOOM_IS_SWEEP_PLOT (self), NULL);

  return self->description;
}

/**
 * bloom_sweep_plot_describe_at:
 * @self: a sweep plot
 * @x: a point of the plot as last drawn
 * @y: the same
 *
 * What the tooltip says at (@x, @y): the point nearest in n, as the last
 * snapshot placed the points.
 *
 * Returns: (transfer full) (nullable): the point in words, or %NULL off
 *   the plot
 */
char *
bloom_sweep_plot_describe_at (BloomSweepPlot *self,
                              double          x,
                              double          y)
{
  const Frame *frame = &self->drawn_frame;
  guint nearest = 0;

  g_return_val_if_fail (BLOOM_IS_SWEEP_PLOT (self), NULL);

  if (!self->drawn || !bloom_plot_area_spans_x (&frame->area, x, CAP * 2))
    return NULL;

  for (guint i = 1; i < self->points->len; i++)
    if (fabs (x_for_n (frame, point_at (self, i)->n_entries) - x) <
        fabs (x_for_n (frame, point_at (self, nearest)->n_entries) - x))
      nearest = i;

  return describe_point (point_at (self, nearest));
}

/**
 * bloom_sweep_plot_draw_picture:
 * @self: a plot with points
 * @cr: where the picture goes
 * @width: the picture's width
 * @height: the picture's height
 *
 * The plot as the window shows it, for a slide: its lines drawn on @cr,
 * its words too, as bloom_rate_plot_draw_picture() draws the rate plot.
 */
void
bloom_sweep_plot_draw_picture (BloomSweepPlot *self,
                               cairo_t        *cr,
                               int             width,
                               int             height)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) words = NULL;

  g_return_if_fail (BLOOM_IS_SWEEP_PLOT (self));
  g_return_if_fail (cr != NULL);

  snapshot_plot (self, snapshot, width, height, cr);
  words = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  /* Text nodes only, as in the rate plot's picture. */
  if (words != NULL)
    gsk_render_node_draw (words, cr);
}
