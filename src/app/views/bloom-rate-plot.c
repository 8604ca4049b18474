/* bloom-rate-plot.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-rate-plot"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bloom-format.h"
#include "bloom-plot.h"
#include "bloom-rate-plot.h"

#define PAD    BLOOM_PLOT_PAD
#define SAMPLE BLOOM_PLOT_SAMPLE
#define MARKER BLOOM_PLOT_MARKER

typedef struct
{
  BloomPlotArea area;
  int           y_min, y_max;    /* decades at the bottom and top */
  int           y_step;          /* decades from one label to the next */
} Frame;

struct _BloomRatePlot
{
  BloomSessionView parent_instance;

  char         *description;
  /* Where the last snapshot put the curves, for the tooltip; FALSE while
   * nothing is drawn. */
  gboolean      drawn;
  Frame         drawn_frame;
};

G_DEFINE_FINAL_TYPE (BloomRatePlot, bloom_rate_plot, BLOOM_TYPE_SESSION_VIEW)


typedef struct
{
  guint  m, n, k;
  double approx[BLOOM_K_MAX];
  double exact[BLOOM_K_MAX];
  double optimal_k;
} Curves;

/* FALSE when there is nothing to plot: no filter or no entries, where
 * every rate is 0 and has no place on a log scale. */
static gboolean
get_curves (BloomRatePlot *self,
            Curves        *curves)
{
  BloomFilter *filter = bloom_session_view_get_filter (BLOOM_SESSION_VIEW (self));

  if (filter == NULL)
    return FALSE;

  curves->m = bloom_filter_get_m (filter);
  curves->k = bloom_filter_get_k (filter);
  curves->n = bloom_session_get_n_entries (bloom_session_view_get_session (BLOOM_SESSION_VIEW (self)));
  if (curves->n == 0)
    return FALSE;

  for (guint k = 1; k <= BLOOM_K_MAX; k++)
    {
      curves->approx[k - 1] = bloom_rate_approximate (curves->m, k, curves->n);
      curves->exact[k - 1] = bloom_rate_exact (curves->m, k, curves->n);
    }
  curves->optimal_k = bloom_rate_optimal_k (curves->m, curves->n);

  return TRUE;
}

static const char *
placeholder_text (BloomRatePlot *self)
{
  if (bloom_session_view_get_filter (BLOOM_SESSION_VIEW (self)) == NULL)
    return _("No filter is active.");

  return _("No entries yet: with n = 0 no string is a false positive, at any k.");
}

static void
update_description (BloomRatePlot *self)
{
  Curves curves;
  GString *text;
  g_autofree char *optimal = NULL;

  g_free (self->description);

  if (!get_curves (self, &curves))
    {
      self->description = g_strdup (placeholder_text (self));
    }
  else
    {
      optimal = bloom_format_decimal (curves.optimal_k);
      text = g_string_new (NULL);
      /* Translators: k* is the best number of positions per string */
      g_string_append_printf (text, _("False-positive rate by k for m = %u and n = %u. The best k is "
                                      "k* = (m/n)·ln 2 ≈ %s; this filter uses k = %u."),
                              curves.m, curves.n, optimal, curves.k);
      for (guint k = 1; k <= BLOOM_K_MAX; k++)
        {
          g_autofree char *approx = bloom_format_decimal (curves.approx[k - 1]);
          g_autofree char *exact = bloom_format_decimal (curves.exact[k - 1]);

          g_string_append_c (text, ' ');
          /* Translators: one point of the plot: k, then the two rates */
          g_string_append_printf (text, _("k = %u: approximation %s, finite m %s."),
                                  k, approx, exact);
        }
      self->description = g_string_free (text, FALSE);
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description,
                                  -1);
}

static void
bloom_rate_plot_update (BloomSessionView *view)
{
  gtk_widget_queue_draw (GTK_WIDGET (view));
  update_description (BLOOM_RATE_PLOT (view));
}

/* "0.01" down to 10⁻⁴, then "10⁻⁵": a decimal is easier to read, an
 * exponent shorter. */
static char *
format_decade (int exponent)
{
  static const char * const superscripts[] = {
    "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹",
  };
  g_autofree char *digits = NULL;
  GString *text;

  if (exponent >= -4)
    return g_strdup_printf ("%g", pow (10.0, exponent));

  digits = g_strdup_printf ("%d", -exponent);
  text = g_string_new ("10⁻");
  for (const char *p = digits; *p != '\0'; p++)
    g_string_append (text, superscripts[*p - '0']);

  return g_string_free (text, FALSE);
}

static double
x_for_k (const Frame *frame,
         double       k)
{
  return frame->area.left + (k - 0.5) / BLOOM_K_MAX * (frame->area.right - frame->area.left);
}

static double
y_for_rate (const Frame *frame,
            double       rate)
{
  return frame->area.top + (frame->y_max - log10 (rate)) / (frame->y_max - frame->y_min) *
                      (frame->area.bottom - frame->area.top);
}

typedef enum
{
  LEGEND_APPROXIMATION,  /* solid, circles */
  LEGEND_EXACT,          /* finite m: dashed, squares */
  LEGEND_OPTIMAL_K,      /* k*: a dashed vertical line */
  LEGEND_CURRENT_K,      /* the filter's k: a band */
  N_LEGEND_ENTRIES
} LegendEntry;

/* One legend entry: a line sample, then its words. Returns the x after it. */
static float
append_legend_entry (GtkSnapshot   *snapshot,
                     cairo_t       *cr,
                     PangoLayout   *layout,
                     const char    *text,
                     float          x,
                     float          y,
                     int            line_height,
                     const GdkRGBA *color,
                     LegendEntry    kind,
                     const GdkRGBA *fg)
{
  switch (kind)
    {
    case LEGEND_APPROXIMATION:
    case LEGEND_EXACT:
      bloom_plot_draw_curve_sample (cr, x, y + line_height / 2.0, color, kind == LEGEND_EXACT);
      break;
    case LEGEND_OPTIMAL_K:
      cairo_save (cr);
      bloom_plot_set_source (cr, color, 0.8f);
      cairo_set_line_width (cr, 1.5);
      cairo_set_dash (cr, (double[]) { 3, 3 }, 2, 0);
      cairo_move_to (cr, x + SAMPLE / 2.0, y + 1);
      cairo_line_to (cr, x + SAMPLE / 2.0, y + line_height - 1);
      cairo_stroke (cr);
      cairo_restore (cr);
      break;
    case LEGEND_CURRENT_K:
    default:
      bloom_plot_set_source (cr, color, 0.25f);
      cairo_rectangle (cr, x + SAMPLE / 2.0 - 5, y + 1, 10, line_height - 2);
      cairo_fill (cr);
      break;
    }

  return bloom_plot_append_legend_text (snapshot, layout, text, x, y, fg);
}

/* What each step of the drawing draws with, and where. */
typedef struct
{
  BloomPlotDrawing plot;
  Frame            frame;
} Drawing;

/* The decades the rate axis spans, bottom and top, and how many of them
 * lie between two labels: at most about six are labelled. */
static void
fit_decades (const Curves *curves,
             Frame        *frame)
{
  double low = 1.0, high = 0.0;

  for (guint i = 0; i < BLOOM_K_MAX; i++)
    {
      low = MIN (low, MIN (curves->approx[i], curves->exact[i]));
      high = MAX (high, MAX (curves->approx[i], curves->exact[i]));
    }
  frame->y_min = (int) floor (log10 (low));
  frame->y_max = (int) ceil (log10 (high));
  if (frame->y_max <= frame->y_min)
    frame->y_max = frame->y_min + 1;
  frame->y_step = MAX (1, (frame->y_max - frame->y_min + 5) / 6);
  frame->y_min = frame->y_max - ((frame->y_max - frame->y_min + frame->y_step - 1) / frame->y_step) *
                                frame->y_step;
}

static int
measure_decade_labels (PangoLayout *layout,
                       const Frame *frame)
{
  int widest = 0;

  for (int e = frame->y_max; e >= frame->y_min; e -= frame->y_step)
    {
      g_autofree char *label = format_decade (e);
      int width;

      pango_layout_set_text (layout, label, -1);
      pango_layout_get_pixel_size (layout, &width, NULL);
      widest = MAX (widest, width);
    }

  return widest;
}

/* The title of the rate axis, then the legend, wrapped to @width.
 * Returns the top of the legend's last line. */
static float
append_legend (Drawing      *d,
               const Curves *curves,
               int           width)
{
  g_autofree char *optimal_text = bloom_format_decimal (curves->optimal_k);
  g_autofree char *optimal_legend = NULL;
  g_autofree char *current_legend = NULL;
  const char *texts[N_LEGEND_ENTRIES];
  const GdkRGBA *colors[N_LEGEND_ENTRIES] = { &bloom_plot_approx_color, &bloom_plot_exact_color, &d->plot.fg, &bloom_plot_current_color };
  float x = PAD, y = PAD + d->plot.line_height + 4;

  bloom_plot_append_text (d->plot.snapshot, d->plot.layout, _("False-positive rate (log scale)"), PAD, PAD, 0, &d->plot.dim);
  /* Translators: k* is the best number of positions per string */
  optimal_legend = g_strdup_printf (_("best k* = (m/n)·ln 2 ≈ %s"), optimal_text);
  /* Translators: the k of the active filter, marked on the plot */
  current_legend = g_strdup_printf (_("this filter: k = %u"), curves->k);
  texts[LEGEND_APPROXIMATION] = _("approximation (1 − e^(−k·n/m))^k");
  texts[LEGEND_EXACT] = _("finite m (1 − (1 − 1/m)^(k·n))^k");
  texts[LEGEND_OPTIMAL_K] = optimal_legend;
  texts[LEGEND_CURRENT_K] = current_legend;

  for (LegendEntry kind = 0; kind < N_LEGEND_ENTRIES; kind++)
    {
      int text_width;

      pango_layout_set_text (d->plot.layout, texts[kind], -1);
      pango_layout_get_pixel_size (d->plot.layout, &text_width, NULL);
      if (x > PAD && x + SAMPLE + 6 + text_width > width - PAD)
        {
          x = PAD;
          y += d->plot.line_height + 2;
        }
      x = append_legend_entry (d->plot.snapshot, d->plot.cr, d->plot.layout, texts[kind], x, y, d->plot.line_height,
                               colors[kind], kind, &d->plot.fg);
    }

  return y;
}

/* The filter's k: a band behind everything, faint enough that the
 * curves keep 3:1 where they cross it, in light and dark themes. */
static void
draw_current_band (Drawing      *d,
                   const Curves *curves)
{
  const Frame *frame = &d->frame;

  bloom_plot_set_source (d->plot.cr, &bloom_plot_current_color, 0.1f);
  cairo_rectangle (d->plot.cr, x_for_k (frame, curves->k - 0.5), frame->area.top,
                   x_for_k (frame, 1.5) - x_for_k (frame, 0.5), frame->area.bottom - frame->area.top);
  cairo_fill (d->plot.cr);
}

/* A faint line across the plot at @rate, labelled left of the axis, with
 * a tick when @tick. */
static void
draw_rate_line (Drawing    *d,
                double      rate,
                const char *label,
                float       alpha,
                gboolean    tick)
{
  double ty = round (y_for_rate (&d->frame, rate)) + 0.5;

  bloom_plot_draw_rate_line (&d->plot, &d->frame.area, ty, label, alpha, tick);
}

/* Decades: a faint line, a tick and a label each. Within a single
 * decade, 0.2 and 0.5 of it too, or the scale has no more than its two
 * ends. */
static void
draw_rate_axis (Drawing *d)
{
  const Frame *frame = &d->frame;

  cairo_set_line_width (d->plot.cr, 1);
  for (int e = frame->y_max; e >= frame->y_min; e -= frame->y_step)
    {
      g_autofree char *label = format_decade (e);

      draw_rate_line (d, pow (10.0, e), label, 0.12f, TRUE);
    }

  if (frame->y_max - frame->y_min == 1)
    for (guint i = 0; i < 2; i++)
      {
        double value = (i == 0 ? 2.0 : 5.0) * pow (10.0, frame->y_min);
        g_autofree char *label = g_strdup_printf ("%g", value);

        draw_rate_line (d, value, label, 0.08f, FALSE);
      }
}

/* Both axes' lines, and k = 1 … 12 below, the filter's own k brighter. */
static void
draw_k_axis (Drawing *d,
             guint    current_k)
{
  const Frame *frame = &d->frame;

  bloom_plot_draw_axes (&d->plot, &frame->area);
  for (guint k = 1; k <= BLOOM_K_MAX; k++)
    {
      g_autofree char *label = g_strdup_printf ("%u", k);

      bloom_plot_draw_x_tick (&d->plot, &frame->area, round (x_for_k (frame, k)) + 0.5, label,
                              k == current_k ? &d->plot.fg : &d->plot.dim);
    }
  bloom_plot_append_x_title (&d->plot, &frame->area, _("k (positions per string)"));
}

/* k* beyond 1 … 12: an arrow to the side it lies on, labelled. */
static void
draw_optimal_k_arrow (Drawing  *d,
                      gboolean  right)
{
  const Frame *frame = &d->frame;
  double ax = right ? frame->area.right - 2 : frame->area.left + 2;
  double dir = right ? 1 : -1;

  cairo_set_dash (d->plot.cr, NULL, 0, 0);
  cairo_move_to (d->plot.cr, ax - dir * 14, frame->area.top + 6);
  cairo_line_to (d->plot.cr, ax, frame->area.top + 6);
  cairo_stroke (d->plot.cr);
  cairo_move_to (d->plot.cr, ax, frame->area.top + 6);
  cairo_line_to (d->plot.cr, ax - dir * 6, frame->area.top + 2);
  cairo_line_to (d->plot.cr, ax - dir * 6, frame->area.top + 10);
  cairo_close_path (d->plot.cr);
  cairo_fill (d->plot.cr);
  bloom_plot_append_text (d->plot.snapshot, d->plot.layout, "k*", ax - dir * 18, frame->area.top + 6 - d->plot.line_height / 2.0,
               right ? 1 : 0, &d->plot.fg);
}

/* k*: a dashed line where it falls inside 1 … 12, else an arrow. */
static void
draw_optimal_k (Drawing *d,
                double   optimal_k)
{
  cairo_save (d->plot.cr);
  bloom_plot_set_source (d->plot.cr, &d->plot.fg, 0.8f);
  cairo_set_line_width (d->plot.cr, 1.5);
  cairo_set_dash (d->plot.cr, (double[]) { 3, 3 }, 2, 0);
  if (optimal_k >= 0.5 && optimal_k <= BLOOM_K_MAX + 0.5)
    {
      double kx = x_for_k (&d->frame, optimal_k);

      cairo_move_to (d->plot.cr, kx, d->frame.area.top);
      cairo_line_to (d->plot.cr, kx, d->frame.area.bottom);
      cairo_stroke (d->plot.cr);
    }
  else
    draw_optimal_k_arrow (d, optimal_k > BLOOM_K_MAX);
  cairo_restore (d->plot.cr);
}

/* The two curves: solid with circles, dashed with squares, so they
 * differ in more than colour. */
static void
draw_curves (Drawing      *d,
             const Curves *curves)
{
  for (LegendEntry kind = LEGEND_APPROXIMATION; kind <= LEGEND_EXACT; kind++)
    {
      const double *values = kind == LEGEND_APPROXIMATION ? curves->approx : curves->exact;

      cairo_save (d->plot.cr);
      bloom_plot_set_source (d->plot.cr, kind == LEGEND_APPROXIMATION ? &bloom_plot_approx_color : &bloom_plot_exact_color, 1.0f);
      cairo_set_line_width (d->plot.cr, 2);
      if (kind == LEGEND_EXACT)
        cairo_set_dash (d->plot.cr, (double[]) { 5, 3 }, 2, 0);
      for (guint k = 1; k <= BLOOM_K_MAX; k++)
        {
          double px = x_for_k (&d->frame, k), py = y_for_rate (&d->frame, values[k - 1]);

          if (k == 1)
            cairo_move_to (d->plot.cr, px, py);
          else
            cairo_line_to (d->plot.cr, px, py);
        }
      cairo_stroke (d->plot.cr);
      cairo_set_dash (d->plot.cr, NULL, 0, 0);
      for (guint k = 1; k <= BLOOM_K_MAX; k++)
        bloom_plot_draw_marker (d->plot.cr, x_for_k (&d->frame, k), y_for_rate (&d->frame, values[k - 1]),
                     kind == LEGEND_EXACT);
      cairo_fill (d->plot.cr);
      cairo_restore (d->plot.cr);
    }
}

/* The filter's own point, ringed. */
static void
draw_current_point (Drawing      *d,
                    const Curves *curves)
{
  bloom_plot_set_source (d->plot.cr, &bloom_plot_current_color, 1.0f);
  cairo_set_line_width (d->plot.cr, 2);
  cairo_new_sub_path (d->plot.cr);
  cairo_arc (d->plot.cr, x_for_k (&d->frame, curves->k), y_for_rate (&d->frame, curves->approx[curves->k - 1]),
             MARKER + 4, 0, 2 * G_PI);
  cairo_stroke (d->plot.cr);
}

/* The plot, @width by @height: its lines on @direct when given (a
 * picture's surface), else on a cairo node of @snapshot; its words on
 * @snapshot either way, above the lines. */
static void
snapshot_plot (BloomRatePlot *self,
               GtkSnapshot   *snapshot,
               int            width,
               int            height,
               cairo_t       *direct)
{
  Drawing d;
  Curves curves;
  int label_width;
  float legend_y;
  gboolean placed;

  if (direct == NULL)
    self->drawn = FALSE;
  if (width <= 0 || height <= 0)
    return;

  bloom_plot_drawing_init (&d.plot, GTK_WIDGET (self), snapshot);
  if (!get_curves (self, &curves))
    {
      bloom_plot_append_text (snapshot, d.plot.layout, placeholder_text (self), PAD, PAD, 0, &d.plot.dim);
      bloom_plot_drawing_clear (&d.plot);
      return;
    }

  fit_decades (&curves, &d.frame);
  label_width = measure_decade_labels (d.plot.layout, &d.frame);
  bloom_plot_drawing_begin (&d.plot, width, height, direct);
  legend_y = append_legend (&d, &curves, width);
  placed = bloom_plot_place_area (&d.plot, label_width, legend_y, width, height, 4, &d.frame.area);
  if (placed)
    {
      draw_current_band (&d, &curves);
      draw_rate_axis (&d);
      draw_k_axis (&d, curves.k);
      draw_optimal_k (&d, curves.optimal_k);
      draw_curves (&d, &curves);
      draw_current_point (&d, &curves);
    }
  if (direct == NULL)
    {
      self->drawn = placed;
      self->drawn_frame = d.frame;
    }
  bloom_plot_drawing_clear (&d.plot);
}

static void
bloom_rate_plot_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  snapshot_plot (BLOOM_RATE_PLOT (widget), snapshot,
                 gtk_widget_get_width (widget), gtk_widget_get_height (widget), NULL);
}

static void
bloom_rate_plot_measure (GtkWidget      *widget,
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
bloom_rate_plot_finalize (GObject *object)
{
  BloomRatePlot *self = BLOOM_RATE_PLOT (object);

  g_clear_pointer (&self->description, g_free);

  G_OBJECT_CLASS (bloom_rate_plot_parent_class)->finalize (object);
}

static void
bloom_rate_plot_class_init (BloomRatePlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->finalize = bloom_rate_plot_finalize;

  session_view_class->update = bloom_rate_plot_update;
  /* It sits in a collapsed expander most of the time. */
  session_view_class->wait_while_hidden = TRUE;

  widget_class->measure = bloom_rate_plot_measure;
  widget_class->snapshot = bloom_rate_plot_snapshot;

  gtk_widget_class_set_css_name (widget_class, "rateplot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

/* The tooltip's words, from the public bloom_rate_plot_describe_at(). */
static char *
describe_at (GtkWidget *plot,
             double     x,
             double     y)
{
  return bloom_rate_plot_describe_at (BLOOM_RATE_PLOT (plot), x, y);
}

static void
bloom_rate_plot_init (BloomRatePlot *self)
{
  bloom_plot_add_tooltip (GTK_WIDGET (self), describe_at);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("False-positive rate by k"),
                                  -1);
  update_description (self);
}

GtkWidget *
bloom_rate_plot_new (void)
{
  return g_object_new (BLOOM_TYPE_RATE_PLOT, NULL);
}

/* The plot as text, what assistive technology is given: every point. */
const char *
bloom_rate_plot_get_text_alternative (BloomRatePlot *self)
{
  g_return_val_if_fail (BLOOM_IS_RATE_PLOT (self), NULL);
  bloom_session_view_catch_up (BLOOM_SESSION_VIEW (self));

  return self->description;
}

/**
 * bloom_rate_plot_get_picture_size:
 * @self: a plot
 * @width: (out): the picture's width
 * @height: (out): the picture's height
 *
 * The plot's size in the window, or its natural size when its expander is
 * closed.
 */
void
bloom_rate_plot_get_picture_size (BloomRatePlot *self,
                                  int           *width,
                                  int           *height)
{
  GtkWidget *widget = GTK_WIDGET (self);

  g_return_if_fail (BLOOM_IS_RATE_PLOT (self));

  *width = gtk_widget_get_width (widget);
  *height = gtk_widget_get_height (widget);
  if (*width <= 0 || *height <= 0)
    {
      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, width, NULL, NULL);
      gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, *width, NULL, height, NULL, NULL);
    }
}

/**
 * bloom_rate_plot_draw_picture:
 * @self: a plot
 * @cr: where the picture goes
 * @width: the picture's width
 * @height: the picture's height
 *
 * The plot as the window shows it, for a slide, brought up to date with
 * the session first: its lines drawn on @cr, its words too.
 */
void
bloom_rate_plot_draw_picture (BloomRatePlot *self,
                              cairo_t       *cr,
                              int            width,
                              int            height)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) words = NULL;

  g_return_if_fail (BLOOM_IS_RATE_PLOT (self));
  g_return_if_fail (cr != NULL);

  bloom_session_view_catch_up (BLOOM_SESSION_VIEW (self));
  snapshot_plot (self, snapshot, width, height, cr);
  words = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  /* Text nodes only: a cairo node's recording would be a source that
   * cairo's SVG surface keeps for good. */
  if (words != NULL)
    gsk_render_node_draw (words, cr);
}

/**
 * bloom_rate_plot_describe_at:
 * @self: a plot
 * @x: a point of the plot as last drawn
 * @y: the same
 *
 * What the tooltip says at (@x, @y): the values of the k column it is
 * in, at any height, as the last snapshot placed the columns.
 *
 * Returns: (transfer full) (nullable): the values, or %NULL off the plot
 */
char *
bloom_rate_plot_describe_at (BloomRatePlot *self,
                             double         x,
                             double         y)
{
  const Frame *frame = &self->drawn_frame;
  Curves curves;
  g_autofree char *approx = NULL;
  g_autofree char *exact = NULL;
  int k;

  g_return_val_if_fail (BLOOM_IS_RATE_PLOT (self), NULL);

  if (!self->drawn || !get_curves (self, &curves) ||
      !bloom_plot_area_spans_x (&frame->area, x, 0))
    return NULL;

  /* The column of k spans k ± 0.5 (x_for_k). */
  k = (int) floor ((x - frame->area.left) / (frame->area.right - frame->area.left) * BLOOM_K_MAX + 1);
  if (k < 1 || k > BLOOM_K_MAX)
    return NULL;

  approx = bloom_format_decimal (curves.approx[k - 1]);
  exact = bloom_format_decimal (curves.exact[k - 1]);

  return g_strdup_printf (_("k = %u: approximation %s, finite m %s."), (guint) k, approx, exact);
}
