/* test-plot.c — the plots' tooltips name what the drawing put under the
 * pointer: a point found in the pixels the widget drew, at several sizes
 * and scales, is the point its tooltip describes, and the tooltip is shown
 * there
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "bloom-plot.h"
#include "bloom-rate-plot.h"
#include "bloom-sweep-plot.h"
#include "test-isolation.h"

/* @plot alone in a window of @width × @height, drawn. */
static GtkWidget *
show_in_window (GtkWidget *plot,
                int        width,
                int        height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_child (GTK_WINDOW (window), plot);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  g_assert_cmpint (gtk_widget_get_width (plot), >, 0);

  return window;
}

/* What @widget drew, on white. */
static cairo_surface_t *
render (GtkWidget *widget)
{
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (surface);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  g_assert_nonnull (node);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* Whether the pixel at (@x, @y) is the plots' opaque orange
 * (bloom_plot_current_color), as the filter's own point and the measured
 * points are drawn; the faint bands of that colour are not. */
static gboolean
is_current_color (cairo_surface_t *surface,
                  int              x,
                  int              y)
{
  const guint8 *row = cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface);
  guint32 pixel = ((const guint32 *) row)[x];
  int r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;

  return ABS (r - (int) (bloom_plot_current_color.red * 255)) < 30 &&
         ABS (g - (int) (bloom_plot_current_color.green * 255)) < 30 &&
         b < 40;
}

/* The x of each run of columns holding orange at or below @from_y, their
 * middles, left to right; the y of the first orange pixel of each in @ys. */
static GArray *
find_orange_columns (cairo_surface_t *surface,
                     int              from_y,
                     GArray          *ys)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  GArray *middles = g_array_new (FALSE, FALSE, sizeof (double));
  int run_start = -1, run_y = 0;

  for (int x = 0; x <= width; x++)
    {
      int found_y = -1;

      for (int y = from_y; x < width && y < height && found_y < 0; y++)
        if (is_current_color (surface, x, y))
          found_y = y;

      if (found_y >= 0 && run_start < 0)
        {
          run_start = x;
          run_y = found_y;
        }
      else if (found_y < 0 && run_start >= 0)
        {
          double middle = (run_start + x - 1) / 2.0;

          g_array_append_val (middles, middle);
          g_array_append_val (ys, run_y);
          run_start = -1;
        }
    }

  return middles;
}

/* Whether @plot shows a tooltip at (@x, @y) when GTK asks it, as GTK
 * asks: by its "query-tooltip" signal. */
static gboolean
shows_tooltip (GtkWidget *plot,
               double     x,
               double     y,
               gboolean   keyboard_mode)
{
  g_autoptr(GObject) tooltip = g_object_new (GTK_TYPE_TOOLTIP, NULL);
  gboolean shown = FALSE;

  g_signal_emit_by_name (plot, "query-tooltip", (int) x, (int) y, keyboard_mode, tooltip, &shown);

  return shown;
}

typedef struct
{
  guint m, k, n;
  int   width, height;
} RateCase;

/* The rate plot rings the filter's own k: over the ring, its tooltip
 * names that k, however wide the rate labels and the plot are. */
static void
test_rate_plot_tooltip (void)
{
  static const RateCase cases[] = {
    { 64, 1, 8, 280, 220 },     /* labels 1 … 0.001, narrow */
    { 64, 12, 8, 280, 220 },
    { 64, 6, 8, 640, 320 },
    { 1024, 2, 2, 280, 220 },   /* rates down to 10⁻³⁰: wide labels */
    { 1024, 12, 2, 300, 240 },
    { 8, 12, 40, 280, 220 },    /* every rate near 1: labels 1 … 0.1, short */
    { 8, 1, 40, 280, 220 },
    { 8, 2, 40, 320, 220 },
    { 8, 1, 40, 900, 320 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const RateCase *rc = &cases[c];
      g_autoptr(BloomSession) session = bloom_session_new ();
      g_autoptr(GError) error = NULL;
      GtkWidget *plot = bloom_rate_plot_new ();
      GtkWidget *window;
      cairo_surface_t *surface;
      g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr(GArray) middles = NULL;
      g_autofree char *text = NULL;
      g_autofree char *expected = g_strdup_printf ("k = %u:", rc->k);
      double sum_y = 0;
      int n_y = 0;

      g_assert_true (bloom_session_create_filter (session, rc->m, rc->k, &error));
      for (guint i = 0; i < rc->n; i++)
        {
          g_autofree char *entry = g_strdup_printf ("entry %u", i);

          bloom_session_insert (session, entry, -1, &error);
          g_assert_no_error (error);
        }
      bloom_session_view_set_session (BLOOM_SESSION_VIEW (plot), session);
      window = show_in_window (plot, rc->width, rc->height);

      /* The ring is the only opaque orange of the plot. */
      surface = render (plot);
      middles = find_orange_columns (surface, 0, ys);
      g_assert_cmpuint (middles->len, ==, 1);
      for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
        if (is_current_color (surface, (int) g_array_index (middles, double, 0), y))
          {
            sum_y += y;
            n_y++;
          }
      g_assert_cmpint (n_y, >, 0);

      text = bloom_rate_plot_describe_at (BLOOM_RATE_PLOT (plot), g_array_index (middles, double, 0),
                                          sum_y / n_y);
      if (text == NULL || !g_str_has_prefix (text, expected))
        g_error ("m = %u, k = %u, n = %u at %d × %d: over the ring at x = %g the tooltip says \"%s\"",
                 rc->m, rc->k, rc->n, rc->width, rc->height, g_array_index (middles, double, 0),
                 text != NULL ? text : "(nothing)");
      /* The pointer there is shown it; the keyboard, which has no point
       * of the plot, is not. */
      g_assert_true (shows_tooltip (plot, g_array_index (middles, double, 0), sum_y / n_y, FALSE));
      g_assert_false (shows_tooltip (plot, g_array_index (middles, double, 0), sum_y / n_y, TRUE));

      cairo_surface_destroy (surface);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* A point as the sampler measures it, near the ideal rate. */
static BloomSampleResult *
make_point (guint m,
            guint k,
            guint n)
{
  BloomSampleResult point = {
    .m = m, .k = k, .n_entries = n, .n_samples = 2000, .n_queries = 2000, .z = 1.96,
  };
  double rate;

  point.ideal_rate = pow (1.0 - exp (-(double) k * n / m), k);
  point.n_false_positives = (guint) round (point.ideal_rate * point.n_queries);
  rate = (double) point.n_false_positives / point.n_queries;
  point.low = MAX (0.0, rate - 0.02);
  point.high = MIN (1.0, rate + 0.02);

  return bloom_sample_result_copy (&point);
}

/* Over each measured point the sweep plot drew, its tooltip names that
 * point's n. */
static void
test_sweep_plot_tooltip (void)
{
  /* The highest interval ends near 0.33 of a scale to 0.4: the top point
   * stays well below the legend. */
  static const guint ns[] = { 4, 8, 12, 16, 24 };
  static const int sizes[][2] = { { 280, 220 }, { 640, 320 }, { 1000, 300 } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr(GPtrArray) points = g_ptr_array_new_with_free_func ((GDestroyNotify) bloom_sample_result_free);
      GtkWidget *plot = bloom_sweep_plot_new ();
      GtkWidget *window;
      cairo_surface_t *surface;
      g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr(GArray) middles = NULL;
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (plot, "0");
      int line_height;

      pango_layout_get_pixel_size (layout, NULL, &line_height);
      for (guint i = 0; i < G_N_ELEMENTS (ns); i++)
        g_ptr_array_add (points, make_point (64, 3, ns[i]));
      bloom_sweep_plot_set_points (BLOOM_SWEEP_PLOT (plot), points);
      window = show_in_window (plot, sizes[s][0], sizes[s][1]);

      /* Below the legend, with its own sample of a measured point, on
       * two lines at the most. */
      surface = render (plot);
      middles = find_orange_columns (surface, BLOOM_PLOT_PAD + 3 * line_height + 7, ys);
      g_assert_cmpuint (middles->len, ==, G_N_ELEMENTS (ns));
      for (guint i = 0; i < G_N_ELEMENTS (ns); i++)
        {
          g_autofree char *text = bloom_sweep_plot_describe_at (BLOOM_SWEEP_PLOT (plot),
                                                                g_array_index (middles, double, i),
                                                                g_array_index (ys, int, i));
          g_autofree char *expected = g_strdup_printf ("n = %u:", ns[i]);

          if (text == NULL || !g_str_has_prefix (text, expected))
            g_error ("at %d × %d, over the point of n = %u at x = %g the tooltip says \"%s\"",
                     sizes[s][0], sizes[s][1], ns[i], g_array_index (middles, double, i),
                     text != NULL ? text : "(nothing)");
        }

      g_assert_true (shows_tooltip (plot, g_array_index (middles, double, 0),
                                    g_array_index (ys, int, 0), FALSE));

      /* Off the plot, nothing. */
      g_assert_null (bloom_sweep_plot_describe_at (BLOOM_SWEEP_PLOT (plot), 1, 1));
      g_assert_false (shows_tooltip (plot, 1, 1, FALSE));

      cairo_surface_destroy (surface);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

int
main (int   argc,
      char *argv[])
{
  test_isolate_environment ();
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/plot/rate-tooltip", test_rate_plot_tooltip);
  g_test_add_func ("/plot/sweep-tooltip", test_sweep_plot_tooltip);

  return g_test_run ();
}
