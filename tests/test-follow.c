/* test-follow.c — the lecture view follows the lecturer, at 1280 × 800:
 * a step shows its cell and its row of the hash table, the column ruler
 * stays at the top of the grid's area, a section opened by its key shows
 * its header, an operation's card keeps its top above the grid's first
 * mark, and the wheel goes on to the page at the end of the grid
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "bloom-bit-grid.h"
#include "bloom-grid-cells.h"
#include "bloom-gtk-compat.h"
#include "bloom-hash-table.h"
#include "bloom-scroll.h"
#include "bloom-window.h"
#include "window-fixture.h"
#include "test-isolation.h"

/* A scroll to a new position is laid out in the frame after the one
 * that asked for it. */
static void
wait_for_layout (Fixture *fixture)
{
  wait_for_draw (fixture);
  settle ();
  wait_for_draw (fixture);
}

/* The page's transitions (a notice sliding away) move what is below them
 * after any scroll; main() turns animations off, so they end at once and
 * one layout is enough, however busy the machine is. */
static void
wait_for_transitions (Fixture *fixture)
{
  wait_for_layout (fixture);
}

static void
set_lecture_size (Fixture *fixture)
{
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1280, 800);
  wait_for_layout (fixture);
}

static GtkAdjustment *
vadjustment (Fixture    *fixture,
             const char *scroller)
{
  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (child (fixture, scroller)));
}

/* @area of @widget lies inside what @scroller shows. */
static gboolean
shown_in (Fixture               *fixture,
          GtkWidget             *widget,
          const graphene_rect_t *area,
          const char            *scroller)
{
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (child (fixture, scroller)));
  graphene_point_t top, bottom;

  g_assert_true (bloom_gtk_widget_compute_point (widget, viewport, &area->origin, &top));
  g_assert_true (bloom_gtk_widget_compute_point (widget, viewport,
                                                 &GRAPHENE_POINT_INIT (area->origin.x + area->size.width,
                                                                       area->origin.y + area->size.height),
                                                 &bottom));

  return top.y >= 0 && bottom.y <= gtk_widget_get_height (viewport) &&
         top.x >= 0 && bottom.x <= gtk_widget_get_width (viewport);
}

/* Bit @index's square is on screen: in the grid's area and on the page. */
static gboolean
cell_shown (Fixture *fixture,
            guint    index)
{
  GtkWidget *grid = child (fixture, "grid");
  graphene_rect_t cell;

  g_assert_true (bloom_bit_grid_get_cell_area (BLOOM_BIT_GRID (grid), index, &cell));

  return shown_in (fixture, grid, &cell, "grid_scroller") && shown_in (fixture, grid, &cell, "page_scroller");
}

/* Step-through at m = 1024, k = 12: each step's cell is on screen, at
 * 100 % and at 200 %, where only a few rows fit; and the grid had to
 * scroll for it. */
static void
test_step_shows_cell (Fixture       *fixture,
                      gconstpointer  data)
{
  static const guint zooms[] = { 100, 200 };

  set_lecture_size (fixture);
  create_filter (fixture, "1024", "12");
  run (fixture, "filter.insert", "pear");
  wait_for_transitions (fixture);

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      BloomOperation *operation = bloom_session_get_last_operation (fixture->session);
      double scrolled = 0;

      bloom_window_set_zoom (fixture->window, zooms[z]);
      gtk_adjustment_set_value (vadjustment (fixture, "grid_scroller"), 0);
      gtk_adjustment_set_value (vadjustment (fixture, "page_scroller"), 0);
      wait_for_layout (fixture);

      activate (fixture, "view.step-through");
      for (guint step = 0; step < bloom_operation_get_n_positions (operation); step++)
        {
          if (step > 0)
            activate (fixture, "view.step-next");
          wait_for_layout (fixture);
          g_assert_true (cell_shown (fixture, bloom_operation_get_position (operation, step)));
          scrolled = MAX (scrolled, gtk_adjustment_get_value (vadjustment (fixture, "grid_scroller")));
        }
      g_assert_cmpfloat (scrolled, >, 0);
      activate (fixture, "view.step-through");
    }
}

/* Step-through with "Hash positions" open below a small grid: each
 * step's row of the hash table comes on screen beside its cell, and the
 * page had to scroll for the last rows. */
static void
test_step_shows_row (Fixture       *fixture,
                     gconstpointer  data)
{
  BloomHashTable *table = BLOOM_HASH_TABLE (child (fixture, "hash_table"));
  GtkAdjustment *page = vadjustment (fixture, "page_scroller");
  BloomOperation *operation;
  double scrolled = 0;

  set_lecture_size (fixture);
  create_filter (fixture, "64", "12");
  run (fixture, "filter.insert", "pear");
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  wait_for_transitions (fixture);
  gtk_adjustment_set_value (page, 0);
  wait_for_layout (fixture);

  operation = bloom_session_get_last_operation (fixture->session);
  activate (fixture, "view.step-through");
  for (guint step = 0; step < bloom_operation_get_n_positions (operation); step++)
    {
      graphene_rect_t row;

      if (step > 0)
        activate (fixture, "view.step-next");
      wait_for_layout (fixture);
      g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, step + 1);
      g_assert_true (bloom_hash_table_get_row_area (table, step, &row));
      g_assert_true (shown_in (fixture, GTK_WIDGET (table), &row, "page_scroller"));
      g_assert_true (cell_shown (fixture, bloom_operation_get_position (operation, step)));
      scrolled = MAX (scrolled, gtk_adjustment_get_value (page));
    }
  g_assert_cmpfloat (scrolled, >, 0);
}

/* The grid as drawn, one byte per pixel: its alpha. */
static guchar *
render_alpha (GtkWidget *widget)
{
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = g_malloc ((gsize) width * height * 4);
  guchar *alpha = g_malloc ((gsize) width * height);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_texture_download (texture, pixels, (gsize) width * 4);
  for (gsize i = 0; i < (gsize) width * height; i++)
    alpha[i] = pixels[i * 4 + 3];

  return alpha;
}

static guint
count_ink (const guchar *alpha,
           int           stride,
           int           left,
           int           right,
           int           top,
           int           bottom)
{
  guint ink = 0;

  for (int y = top; y < bottom; y++)
    for (int x = left; x < right; x++)
      ink += alpha[y * stride + x] > 128;

  return ink;
}

/* SPEC W2 while the grid is scrolled: "+0" is drawn at the top of what
 * the grid's area shows, and the rows passing under the ruler are cut
 * off there, so nothing else is drawn beside it. */
static void
test_ruler_stays (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWidget *grid = child (fixture, "grid");
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (child (fixture, "grid_scroller")));
  GtkAdjustment *adjustment = vadjustment (fixture, "grid_scroller");
  g_autofree guchar *alpha = NULL;
  graphene_rect_t first, fourth, eighth;
  graphene_point_t top;
  int band_top, band_bottom;

  set_lecture_size (fixture);
  create_filter (fixture, "1024", "12");
  activate (fixture, "filter.example");
  wait_for_layout (fixture);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >,
                     gtk_adjustment_get_page_size (adjustment) + 100);
  gtk_adjustment_set_value (adjustment, (gtk_adjustment_get_upper (adjustment) -
                                         gtk_adjustment_get_page_size (adjustment)) / 2 + 7);
  wait_for_layout (fixture);

  g_assert_true (bloom_gtk_widget_compute_point (viewport, grid, &GRAPHENE_POINT_INIT (0, 0), &top));
  g_assert_cmpfloat (top.y, >, 50);
  g_assert_true (bloom_bit_grid_get_cell_area (BLOOM_BIT_GRID (grid), 0, &first));
  g_assert_true (bloom_bit_grid_get_cell_area (BLOOM_BIT_GRID (grid), 3, &fourth));
  g_assert_true (bloom_bit_grid_get_cell_area (BLOOM_BIT_GRID (grid), 7, &eighth));

  /* The top of a line of text: its ink, not its leading. */
  band_top = (int) top.y;
  band_bottom = band_top + 12;
  alpha = render_alpha (grid);
  g_assert_cmpuint (count_ink (alpha, gtk_widget_get_width (grid),
                               first.origin.x, first.origin.x + first.size.width,
                               band_top, band_bottom), >, 5);
  g_assert_cmpuint (count_ink (alpha, gtk_widget_get_width (grid),
                               fourth.origin.x, eighth.origin.x + eighth.size.width,
                               band_top, band_bottom), ==, 0);
}

/* Every square that the grid's area shows, below the ruler, is drawn as
 * its bit is: solid when set, a faint fill in a frame when clear. */
static void
assert_shown_squares_drawn (Fixture *fixture)
{
  GtkWidget *grid = child (fixture, "grid");
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (child (fixture, "grid_scroller")));
  BloomFilter *filter = bloom_session_get_filter (fixture->session);
  int width = gtk_widget_get_width (grid);
  g_autofree guchar *alpha = render_alpha (grid);
  graphene_rect_t first;
  graphene_point_t top, bottom;
  guint checked = 0;

  g_assert_true (bloom_gtk_widget_compute_point (viewport, grid, &GRAPHENE_POINT_INIT (0, 0), &top));
  g_assert_true (bloom_gtk_widget_compute_point (viewport, grid,
                                                 &GRAPHENE_POINT_INIT (0, gtk_widget_get_height (viewport)),
                                                 &bottom));
  /* Unscrolled, the first row starts below the ruler. */
  g_assert_true (bloom_bit_grid_get_cell_area (BLOOM_BIT_GRID (grid), 0, &first));
  for (guint i = 0; i < bloom_filter_get_m (filter); i++)
    {
      graphene_rect_t square;
      int y, frame, middle;

      g_assert_true (bloom_bit_grid_get_cell_area (BLOOM_BIT_GRID (grid), i, &square));
      if (square.origin.y < top.y + first.origin.y ||
          square.origin.y + square.size.height > MIN (bottom.y, gtk_widget_get_height (grid)))
        continue;

      y = (int) (square.origin.y + square.size.height / 2);
      frame = alpha[y * width + (int) square.origin.x];
      middle = alpha[y * width + (int) (square.origin.x + square.size.width / 2)];
      if (frame <= 100 || (bloom_filter_get_bit (filter, i) ? middle <= 200 : middle >= 40))
        g_error ("bit %u (%s), rows shown from y = %.0f to %.0f: frame alpha %d, middle %d", i,
                 bloom_filter_get_bit (filter, i) ? "set" : "clear", top.y, bottom.y, frame, middle);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 64);
}

static void
scroll_grid_to (Fixture *fixture,
                double   fraction)
{
  GtkAdjustment *adjustment = vadjustment (fixture, "grid_scroller");

  gtk_adjustment_set_value (adjustment, fraction * (gtk_adjustment_get_upper (adjustment) -
                                                    gtk_adjustment_get_page_size (adjustment)));
  wait_for_layout (fixture);
}

/* The grid draws only the rows its area shows, and the others as they
 * come into view: scrolled, zoomed, in a taller window, after a change.
 * Whatever the memory held for a row not drawn yet never shows. */
static void
test_shown_rows_drawn (Fixture       *fixture,
                       gconstpointer  data)
{
  BloomGridCellsStats stats;

  set_lecture_size (fixture);
  create_filter (fixture, "1024", "12");
  activate (fixture, "filter.example");
  wait_for_layout (fixture);
  assert_shown_squares_drawn (fixture);
  bloom_bit_grid_get_cells_stats (BLOOM_BIT_GRID (child (fixture, "grid")), &stats);
  g_assert_cmpuint (stats.rows_drawn, <, 1024 / 32);

  scroll_grid_to (fixture, 1);
  assert_shown_squares_drawn (fixture);
  scroll_grid_to (fixture, 0.5);
  assert_shown_squares_drawn (fixture);

  bloom_window_set_zoom (fixture->window, 200);
  wait_for_layout (fixture);
  scroll_grid_to (fixture, 0);
  assert_shown_squares_drawn (fixture);
  scroll_grid_to (fixture, 0.7);
  assert_shown_squares_drawn (fixture);

  /* A taller area, the grid as it was. */
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (child (fixture, "grid_scroller")), 600);
  wait_for_layout (fixture);
  g_assert_cmpfloat (gtk_adjustment_get_page_size (vadjustment (fixture, "grid_scroller")), >, 500);
  assert_shown_squares_drawn (fixture);

  /* A change goes to the other image, which has other rows. */
  run (fixture, "filter.insert", "quince");
  wait_for_layout (fixture);
  assert_shown_squares_drawn (fixture);
  scroll_grid_to (fixture, 0);
  assert_shown_squares_drawn (fixture);
  scroll_grid_to (fixture, 1);
  assert_shown_squares_drawn (fixture);
}

/* All of @widget is on the page as shown. */
static gboolean
widget_shown (Fixture   *fixture,
              GtkWidget *widget)
{
  graphene_rect_t area = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                             gtk_widget_get_height (widget));

  return shown_in (fixture, widget, &area, "page_scroller");
}

/* The header of @expander is on the page as shown. */
static gboolean
header_shown (Fixture     *fixture,
              GtkExpander *expander)
{
  return widget_shown (fixture, gtk_expander_get_label_widget (expander));
}

/* A section opened by its key (Alt+P, Alt+H: its mnemonic) shows its
 * header, whether the page was scrolled up or down. */
static void
test_opened_section_shows (Fixture       *fixture,
                           gconstpointer  data)
{
  GtkExpander *experiment = GTK_EXPANDER (child (fixture, "experiment_expander"));
  GtkExpander *positions = GTK_EXPANDER (child (fixture, "positions_expander"));
  GtkAdjustment *page = vadjustment (fixture, "page_scroller");

  set_lecture_size (fixture);
  create_filter (fixture, "1024", "12");
  run (fixture, "filter.insert", "pear");
  wait_for_transitions (fixture);

  /* Scrolled up, the last section is below the fold. */
  gtk_adjustment_set_value (page, 0);
  wait_for_layout (fixture);
  g_assert_false (header_shown (fixture, experiment));
  g_assert_true (gtk_widget_mnemonic_activate (GTK_WIDGET (experiment), FALSE));
  wait_for_layout (fixture);
  g_assert_true (gtk_expander_get_expanded (experiment));
  g_assert_true (header_shown (fixture, experiment));

  /* Scrolled down a long page, the first one is above it. */
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "details_expander")), TRUE);
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "plot_expander")), TRUE);
  wait_for_layout (fixture);
  gtk_adjustment_set_value (page, gtk_adjustment_get_upper (page));
  wait_for_layout (fixture);
  g_assert_false (header_shown (fixture, positions));
  g_assert_true (gtk_widget_mnemonic_activate (GTK_WIDGET (positions), FALSE));
  wait_for_layout (fixture);
  g_assert_true (gtk_expander_get_expanded (positions));
  g_assert_true (header_shown (fixture, positions));
}

/* The lecturer opens "Model and hashes" (the page scrolls down to it),
 * then queries: the verdict comes on screen with the query's bits and
 * its details, whatever was scrolled to. When the marks and the card do
 * not fit together, the first mark wins (operation-keeps-card-top, at
 * 200 %). */
static void
test_operation_shows_verdict (Fixture       *fixture,
                              gconstpointer  data)
{
  GtkWidget *card = child (fixture, "operation_view");
  GtkAdjustment *page = vadjustment (fixture, "page_scroller");
  GtkExpander *details = GTK_EXPANDER (child (fixture, "details_expander"));
  BloomOperation *operation;

  set_lecture_size (fixture);
  create_filter (fixture, "64", "3");
  run (fixture, "filter.insert", "pear");
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  wait_for_transitions (fixture);
  g_assert_true (gtk_widget_mnemonic_activate (GTK_WIDGET (details), FALSE));
  wait_for_layout (fixture);
  gtk_adjustment_set_value (page, gtk_adjustment_get_upper (page));
  wait_for_layout (fixture);
  g_assert_false (widget_shown (fixture, card));

  run (fixture, "filter.query", "plum");
  wait_for_layout (fixture);
  operation = bloom_session_get_last_operation (fixture->session);
  g_assert_true (widget_shown (fixture, card));
  for (guint i = 0; i < bloom_operation_get_n_positions (operation); i++)
    g_assert_true (cell_shown (fixture, bloom_operation_get_position (operation, i)));

  /* The same again, scrolled down: a new operation, shown again. */
  gtk_adjustment_set_value (page, gtk_adjustment_get_upper (page));
  wait_for_layout (fixture);
  g_assert_false (widget_shown (fixture, card));
  run (fixture, "filter.query", "plum");
  wait_for_layout (fixture);
  g_assert_true (widget_shown (fixture, card));

  /* Typing the next string is no operation: the page stays. */
  gtk_adjustment_set_value (page, gtk_adjustment_get_upper (page));
  wait_for_layout (fixture);
  type_into (fixture, "text_entry", "fig");
  wait_for_layout (fixture);
  g_assert_false (widget_shown (fixture, card));
}

/* At 200 % the card and all the marks an operation shows do not fit on
 * the page together. The page moves no further than the first position
 * needs: the card keeps its top (the operation and its string) unless
 * that first position's square would not show, and then its square ends
 * at the page's bottom; it never goes further down for the other marks.
 * The first position always shows. */
static void
test_operation_keeps_card_top (Fixture       *fixture,
                               gconstpointer  data)
{
  GtkWidget *card = child (fixture, "operation_view");
  GtkWidget *grid = child (fixture, "grid");
  GtkWidget *page_viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (child (fixture, "page_scroller")));
  GtkAdjustment *page = vadjustment (fixture, "page_scroller");
  guint kept = 0, cut = 0;

  set_lecture_size (fixture);
  create_filter (fixture, "1024", "12");
  run (fixture, "filter.insert", "pear");
  bloom_window_set_zoom (fixture->window, 200);
  wait_for_transitions (fixture);

  for (guint i = 0; i < 24; i++)
    {
      g_autofree char *text = g_strdup_printf ("string-%u", i);
      BloomOperation *operation;
      graphene_rect_t cell;
      graphene_point_t card_top, cell_bottom;

      gtk_adjustment_set_value (page, 0);
      gtk_adjustment_set_value (vadjustment (fixture, "grid_scroller"), 0);
      wait_for_layout (fixture);
      run (fixture, i % 2 ? "filter.query" : "filter.insert", text);
      wait_for_layout (fixture);

      operation = bloom_session_get_last_operation (fixture->session);
      g_assert_true (bloom_bit_grid_get_cell_area (BLOOM_BIT_GRID (grid),
                                                   bloom_operation_get_position (operation, 0), &cell));
      g_assert_true (cell_shown (fixture, bloom_operation_get_position (operation, 0)));
      g_assert_true (bloom_gtk_widget_compute_point (card, page_viewport, &GRAPHENE_POINT_INIT (0, 0), &card_top));
      g_assert_true (bloom_gtk_widget_compute_point (grid, page_viewport,
                                                     &GRAPHENE_POINT_INIT (cell.origin.x, cell.origin.y + cell.size.height),
                                                     &cell_bottom));
      if (card_top.y >= 0)
        kept++;
      else
        {
          /* Cut: only as far as the square needs (its frame's gap below it). */
          g_assert_cmpfloat (cell_bottom.y, >, gtk_adjustment_get_page_size (page) - cell.size.height / 2);
          cut++;
        }
    }
  /* Both cases came up. */
  g_assert_cmpuint (kept, >, 0);
  g_test_message ("card kept its top in %u operations, cut in %u", kept, cut);
}

/* The grid's scroll position at each render of the window. */
typedef struct
{
  GdkSurface    *surface;
  GtkAdjustment *adjustment;
  GArray        *values;
} RenderLog;

/* GTK's own "render" handler stops the emission: a hook sees it first. */
static gboolean
on_render (GSignalInvocationHint *hint,
           guint                  n_values,
           const GValue          *values,
           gpointer               user_data)
{
  RenderLog *log = user_data;

  if (g_value_get_object (&values[0]) == log->surface)
    {
      double value = gtk_adjustment_get_value (log->adjustment);

      g_array_append_val (log->values, value);
    }

  return TRUE;
}

/* An operation that scrolls the grid is drawn at its new position in
 * its first frame: never first where the grid was, then a frame later
 * where it goes (a jump on the projector, and the grid drawn twice). */
static void
test_operation_scrolls_in_its_frame (Fixture       *fixture,
                                     gconstpointer  data)
{
  GtkAdjustment *grid = vadjustment (fixture, "grid_scroller");
  RenderLog log = { NULL, grid, g_array_new (FALSE, FALSE, sizeof (double)) };
  guint signal_id = g_signal_lookup ("render", GDK_TYPE_SURFACE);
  gulong hook;
  guint tries;

  set_lecture_size (fixture);
  create_filter (fixture, "1024", "12");
  run (fixture, "filter.insert", "pear");
  wait_for_transitions (fixture);
  log.surface = gtk_native_get_surface (GTK_NATIVE (fixture->window));
  hook = g_signal_add_emission_hook (signal_id, 0, on_render, &log, NULL);

  /* A query whose bits lie below the grid's first rows. */
  for (tries = 0; tries < 50; tries++)
    {
      g_autofree char *text = g_strdup_printf ("query-%u", tries);

      gtk_adjustment_set_value (grid, 0);
      wait_for_layout (fixture);
      g_array_set_size (log.values, 0);
      run (fixture, "filter.query", text);
      wait_for_layout (fixture);
      if (gtk_adjustment_get_value (grid) > 0)
        break;
    }
  g_signal_remove_emission_hook (signal_id, hook);

  g_assert_cmpuint (tries, <, 50);
  g_assert_cmpuint (log.values->len, >=, 1);
  g_assert_cmpfloat (g_array_index (log.values, double, 0), ==, gtk_adjustment_get_value (grid));
  g_array_unref (log.values);
}

static GtkWidget *
add_block (GtkBox *box,
           int     height)
{
  GtkWidget *block = gtk_label_new (NULL);

  gtk_widget_set_size_request (block, 100, height);
  gtk_box_append (box, block);

  return block;
}

/* Two requests in one frame, the secondary one scrolling: the primary
 * one is worked out where things are after that scroll, not where they
 * were before it, and so it wins. */
static void
test_primary_after_secondary (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkBox *box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  GtkWidget *top, *bottom;
  graphene_rect_t area;

  top = add_block (box, 50);
  add_block (box, 1000);
  bottom = add_block (box, 50);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (box));
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 200);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  settle ();

  /* At the end, "bottom" shows; the top request scrolls away from it,
   * and only the pass after that knows "bottom" is no longer shown.
   * Asked for in either order. */
  for (guint primary_first = 0; primary_first < 2; primary_first++)
    {
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
      gtk_test_widget_wait_for_draw (window);
      settle ();
      if (primary_first)
        bloom_scroll_show_later (bottom, bloom_scroll_whole_widget, BLOOM_SCROLL_PRIMARY);
      bloom_scroll_show_later (top, bloom_scroll_whole_widget, BLOOM_SCROLL_SECONDARY);
      if (!primary_first)
        bloom_scroll_show_later (bottom, bloom_scroll_whole_widget, BLOOM_SCROLL_PRIMARY);
      gtk_test_widget_wait_for_draw (window);
      settle ();
      gtk_test_widget_wait_for_draw (window);

      g_assert_true (bloom_scroll_whole_widget (bottom, &area));
      g_assert_true (bloom_gtk_widget_compute_point (bottom,
                                                     gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)),
                                                     &area.origin, &area.origin));
      g_assert_cmpfloat (area.origin.y, >=, 0);
      g_assert_cmpfloat (area.origin.y + area.size.height, <=, gtk_adjustment_get_page_size (adjustment));
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Two blocks as the area, the first of them as its core. */
static gboolean
get_target_areas (GtkWidget       *widget,
                  graphene_rect_t *area,
                  graphene_rect_t *core)
{
  GtkWidget *other = g_object_get_data (G_OBJECT (widget), "other");
  graphene_rect_t other_area;

  if (!gtk_widget_compute_bounds (g_object_get_data (G_OBJECT (widget), "core"), widget, core) ||
      !gtk_widget_compute_bounds (other, widget, &other_area))
    return FALSE;
  graphene_rect_union (core, &other_area, area);

  return TRUE;
}

/* The card (secondary) and the target's blocks (primary, with a core)
 * asked for in one frame, and that frame's layout done. */
static void
show_card_and_target (GtkWidget *window,
                      GtkWidget *card,
                      GtkWidget *target)
{
  bloom_scroll_show_later (card, bloom_scroll_whole_widget, BLOOM_SCROLL_SECONDARY);
  bloom_scroll_show_later_with_core (target, get_target_areas, BLOOM_SCROLL_PRIMARY);
  gtk_test_widget_wait_for_draw (window);
  settle ();
  gtk_test_widget_wait_for_draw (window);
}

/* A primary request with a core, inside a scrolled window of its own
 * below a secondary one: where the page cannot show all of its area
 * below the secondary one's start, the area comes in at the top of its
 * window, and the page shows its core without moving that start away,
 * though the rest of the area then does not fit; where it can, nothing
 * changes. */
static void
test_primary_keeps_secondary_top (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = gtk_scrolled_window_new ();
  GtkWidget *inner = gtk_scrolled_window_new ();
  GtkBox *page_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  GtkBox *inner_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  GtkAdjustment *page_adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (page));
  GtkAdjustment *inner_adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (inner));
  GtkWidget *card, *core, *other;
  graphene_rect_t bounds;

  card = add_block (page_box, 150);
  add_block (page_box, 100);
  add_block (inner_box, 600);
  core = add_block (inner_box, 20);
  add_block (inner_box, 80);
  other = add_block (inner_box, 20);
  add_block (inner_box, 280);
  g_object_set_data (G_OBJECT (inner_box), "core", core);
  g_object_set_data (G_OBJECT (inner_box), "other", other);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (inner), GTK_WIDGET (inner_box));
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (inner), 200);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (inner), 200);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (inner), GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL);
  gtk_box_append (page_box, inner);
  add_block (page_box, 300);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (page), GTK_WIDGET (page_box));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (page), GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 300);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  settle ();
  g_assert_cmpfloat (gtk_adjustment_get_page_size (inner_adjustment), ==, 200);

  show_card_and_target (window, card, GTK_WIDGET (inner_box));

  /* The area's top at the inner window's top. */
  g_assert_cmpfloat (gtk_adjustment_get_value (inner_adjustment), ==, 600);
  /* The card's start stays; the core shows on the page. */
  g_assert_cmpfloat (gtk_adjustment_get_value (page_adjustment), ==, 0);
  g_assert_true (gtk_widget_compute_bounds (core, gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (page)), &bounds));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_adjustment_get_page_size (page_adjustment));

  /* Where the page shows the card and all of the area, the inner window
   * scrolls as little as ever: the area comes in at its bottom. */
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 600);
  gtk_adjustment_set_value (inner_adjustment, 0);
  gtk_test_widget_wait_for_draw (window);
  settle ();
  g_assert_cmpfloat (gtk_adjustment_get_page_size (page_adjustment), >=, 450);
  show_card_and_target (window, card, GTK_WIDGET (inner_box));
  g_assert_cmpfloat (gtk_adjustment_get_value (inner_adjustment), ==, 520);
  g_assert_cmpfloat (gtk_adjustment_get_value (page_adjustment), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* What a scroll over @scroller's content does first: the controller
 * that runs before the scrolled window's own (bloom-scroll.c names it). */
static gboolean
scroll_over (Fixture    *fixture,
             const char *scroller,
             double      dy)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (child (fixture, scroller));
  gboolean handled = FALSE;
  guint found = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_EVENT_CONTROLLER_SCROLL (controller) ||
          gtk_event_controller_get_propagation_phase (controller) != GTK_PHASE_CAPTURE ||
          g_strcmp0 (gtk_event_controller_get_name (controller), "bloom-scroll-chain") != 0)
        continue;

      g_signal_emit_by_name (controller, "scroll", 0.0, dy, &handled);
      found++;
    }
  g_assert_cmpuint (found, ==, 1);

  return handled;
}

/* At the grid's end the wheel scrolls the page; before it, the grid. */
static void
test_wheel_goes_on (Fixture       *fixture,
                    gconstpointer  data)
{
  GtkAdjustment *grid = vadjustment (fixture, "grid_scroller");
  GtkAdjustment *page = vadjustment (fixture, "page_scroller");
  double value;

  set_lecture_size (fixture);
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  create_filter (fixture, "1024", "12");
  run (fixture, "filter.insert", "pear");
  wait_for_transitions (fixture);
  gtk_adjustment_set_value (grid, 0);
  gtk_adjustment_set_value (page, 0);
  wait_for_layout (fixture);
  g_assert_cmpfloat (gtk_adjustment_get_upper (page), >, gtk_adjustment_get_page_size (page));

  /* In the middle the grid scrolls itself. */
  g_assert_false (scroll_over (fixture, "grid_scroller", 1));
  g_assert_cmpfloat (gtk_adjustment_get_value (page), ==, 0);

  gtk_adjustment_set_value (grid, gtk_adjustment_get_upper (grid));
  g_assert_true (scroll_over (fixture, "grid_scroller", 1));
  value = gtk_adjustment_get_value (page);
  g_assert_cmpfloat (value, >, 0);

  /* Back at the top, up goes on to the page too. */
  gtk_adjustment_set_value (grid, 0);
  g_assert_true (scroll_over (fixture, "grid_scroller", -1));
  g_assert_cmpfloat (gtk_adjustment_get_value (page), <, value);
}

int
main (int   argc,
      char *argv[])
{
  test_isolate_environment ();
  gtk_test_init (&argc, &argv, NULL);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

#define ADD(path, func) \
  g_test_add ("/follow/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("step-shows-cell", test_step_shows_cell);
  ADD ("step-shows-row", test_step_shows_row);
  ADD ("ruler-stays", test_ruler_stays);
  ADD ("shown-rows-drawn", test_shown_rows_drawn);
  ADD ("opened-section-shows", test_opened_section_shows);
  ADD ("operation-shows-verdict", test_operation_shows_verdict);
  ADD ("operation-keeps-card-top", test_operation_keeps_card_top);
  ADD ("operation-scrolls-in-its-frame", test_operation_scrolls_in_its_frame);
  ADD ("wheel-goes-on", test_wheel_goes_on);

#undef ADD
  g_test_add_func ("/follow/primary-after-secondary", test_primary_after_secondary);
  g_test_add_func ("/follow/primary-keeps-secondary-top", test_primary_keeps_secondary_top);

  return g_test_run ();
}
