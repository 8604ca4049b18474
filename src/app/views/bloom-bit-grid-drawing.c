/* bloom-bit-grid-drawing.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "bloom-bit-grid-drawing.h"

/* The outline of the last operation's positions: Adwaita's orange 4 made
 * a little darker, to lie halfway (3:1 each way) between set squares and
 * clear ones in the light theme and in the dark one alike. */
static const GdkRGBA highlight_color = { 0.867f, 0.384f, 0.0f, 1.0f };

/* The left edge of a column, and so the width of that many columns. */
int
bloom_grid_column_x (const BloomGridGeometry *geometry,
                     guint                    column)
{
  return geometry->label_width + column * geometry->cell + (column / BLOOM_GRID_GROUP) * geometry->group_gap;
}

int
bloom_grid_row_y (const BloomGridGeometry *geometry,
                  guint                    row)
{
  return geometry->top + row * geometry->cell;
}

/* The top left corner of the square of bit @index. */
graphene_point_t
bloom_grid_cell_origin (const BloomGridGeometry *geometry,
                        guint                    index)
{
  return GRAPHENE_POINT_INIT (bloom_grid_column_x (geometry, index % geometry->columns),
                              bloom_grid_row_y (geometry, index / geometry->columns));
}

/* The rows that @m bits take. */
guint
bloom_grid_count_rows (const BloomGridGeometry *geometry,
                       guint                    m)
{
  return (m + geometry->columns - 1) / geometry->columns;
}

int
bloom_grid_width_for_columns (const BloomGridGeometry *geometry,
                              guint                    columns)
{
  return bloom_grid_column_x (geometry, columns - 1) + geometry->inner;
}

/* Adds the squares of bits [@first, @end) whose bit is @set to the
 * path: whole, or with @frames the one-pixel frame inside each square
 * (to fill even-odd). */
static void
add_cells (cairo_t                 *cr,
           BloomFilter             *filter,
           const BloomGridGeometry *geometry,
           guint                    first,
           guint                    end,
           gboolean                 set,
           gboolean                 frames)
{
  double inner = geometry->inner;

  end = MIN (end, bloom_filter_get_m (filter));
  for (guint i = first; i < end; i++)
    {
      graphene_point_t origin = bloom_grid_cell_origin (geometry, i);

      if (!bloom_filter_get_bit (filter, i) != !set)
        continue;

      cairo_rectangle (cr, origin.x, origin.y, inner, inner);
      if (frames)
        cairo_rectangle (cr, origin.x + 1, origin.y + 1, inner - 2, inner - 2);
    }
}

/* What labels the grid, in the text colour made fainter. */
static GdkRGBA
get_label_color (const GdkRGBA *fg)
{
  GdkRGBA color = *fg;

  color.alpha *= 0.7f;

  return color;
}

/* The index of each row's first bit at its left, for rows [@first_row,
 * @end_row). */
static void
draw_row_labels (cairo_t                 *cr,
                 PangoLayout             *layout,
                 const BloomGridGeometry *geometry,
                 guint                    first_row,
                 guint                    end_row,
                 const GdkRGBA           *color)
{
  int text_width, text_height;

  gdk_cairo_set_source_rgba (cr, color);
  for (guint row = first_row; row < end_row; row++)
    {
      g_autofree char *label = g_strdup_printf ("%u", row * geometry->columns);

      pango_layout_set_text (layout, label, -1);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      cairo_move_to (cr, geometry->label_width - BLOOM_GRID_LABEL_GAP - text_width,
                     bloom_grid_row_y (geometry, row) + ((int) geometry->inner - text_height) / 2.0);
      pango_cairo_show_layout (cr, layout);
    }
}

/* The column ruler: the offset of each group of 8 columns, at the top;
 * with the row labels, any bit's index is the sum of the two. Nothing
 * when the grid has no ruler (geometry->top is 0). */
void
bloom_grid_paint_ruler (cairo_t                 *cr,
                        PangoLayout             *layout,
                        const BloomGridGeometry *geometry,
                        const GdkRGBA           *fg)
{
  GdkRGBA color = get_label_color (fg);

  if (geometry->top == 0)
    return;

  gdk_cairo_set_source_rgba (cr, &color);
  for (guint column = 0; column < geometry->columns; column += BLOOM_GRID_GROUP)
    {
      g_autofree char *label = g_strdup_printf ("+%u", column);

      pango_layout_set_text (layout, label, -1);
      cairo_move_to (cr, bloom_grid_column_x (geometry, column), 0);
      pango_cairo_show_layout (cr, layout);
    }
}

/* The ruler as one node, its top at 0: the grid draws it where its
 * visible part begins, so that it stays in view while the rows scroll. */
GskRenderNode *
bloom_grid_draw_ruler (PangoLayout             *layout,
                       const BloomGridGeometry *geometry,
                       const GdkRGBA           *fg)
{
  GskRenderNode *node;
  cairo_t *cr;

  if (geometry->top == 0)
    return NULL;

  node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, 0,
                                                  bloom_grid_width_for_columns (geometry, geometry->columns),
                                                  geometry->top));
  cr = gsk_cairo_node_get_draw_context (node);
  bloom_grid_paint_ruler (cr, layout, geometry, fg);
  cairo_destroy (cr);

  return node;
}

/* The text colour is dark on light and light on dark, so these follow
 * the theme. A clear square's frame has 3:1 against the background in
 * both; its fill stays faint, so that the orange mark stands out from it
 * as it does from a set square. */
static void
get_clear_colors (const GdkRGBA *fg,
                  GdkRGBA       *fill,
                  GdkRGBA       *border)
{
  *fill = *fg;
  fill->alpha *= 0.03f;
  *border = *fg;
  border->alpha *= 0.6f;
}

/* The row labels and the squares, set and clear, drawn on @cr; the
 * ruler is drawn apart (bloom_grid_paint_ruler()). */
void
bloom_grid_paint_cells (cairo_t                 *cr,
                        BloomFilter             *filter,
                        PangoLayout             *layout,
                        const BloomGridGeometry *geometry,
                        const GdkRGBA           *fg)
{
  GdkRGBA clear_fill, clear_border, label_color = get_label_color (fg);

  get_clear_colors (fg, &clear_fill, &clear_border);
  draw_row_labels (cr, layout, geometry, 0, bloom_grid_count_rows (geometry, bloom_filter_get_m (filter)), &label_color);

  /* Set and clear differ in fill, not only in colour: set squares are
   * solid, clear ones a faint fill inside a frame. One path per colour. */
  add_cells (cr, filter, geometry, 0, G_MAXUINT, TRUE, FALSE);
  gdk_cairo_set_source_rgba (cr, fg);
  cairo_fill (cr);
  add_cells (cr, filter, geometry, 0, G_MAXUINT, FALSE, FALSE);
  gdk_cairo_set_source_rgba (cr, &clear_fill);
  cairo_fill (cr);
  add_cells (cr, filter, geometry, 0, G_MAXUINT, FALSE, TRUE);
  gdk_cairo_set_source_rgba (cr, &clear_border);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

void
bloom_grid_get_cells_size (BloomFilter             *filter,
                           const BloomGridGeometry *geometry,
                           int                     *width,
                           int                     *height)
{
  guint rows = bloom_grid_count_rows (geometry, bloom_filter_get_m (filter));

  *width = bloom_grid_width_for_columns (geometry, geometry->columns);
  *height = bloom_grid_row_y (geometry, rows - 1) + geometry->inner;
}

/* One row of clear squares, its left edge at the first column, in
 * device pixels. */
static cairo_surface_t *
create_clear_row (const BloomGridGeometry *geometry,
                  int                      scale,
                  const GdkRGBA           *fg)
{
  int width = bloom_grid_width_for_columns (geometry, geometry->columns) - geometry->label_width;
  double inner = geometry->inner;
  GdkRGBA clear_fill, clear_border;
  cairo_surface_t *row;
  cairo_t *cr;

  get_clear_colors (fg, &clear_fill, &clear_border);
  row = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, geometry->inner * scale);
  cairo_surface_set_device_scale (row, scale, scale);
  cr = cairo_create (row);
  for (guint column = 0; column < geometry->columns; column++)
    cairo_rectangle (cr, bloom_grid_column_x (geometry, column) - geometry->label_width, 0, inner, inner);
  gdk_cairo_set_source_rgba (cr, &clear_fill);
  cairo_fill (cr);
  for (guint column = 0; column < geometry->columns; column++)
    {
      double x = bloom_grid_column_x (geometry, column) - geometry->label_width;

      cairo_rectangle (cr, x, 0, inner, inner);
      cairo_rectangle (cr, x + 1, 1, inner - 2, inner - 2);
    }
  gdk_cairo_set_source_rgba (cr, &clear_border);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_fill (cr);
  cairo_destroy (cr);

  return row;
}

/* The band of the cells' image that belongs to @row: from its top to
 * the next row's (the top margin goes with the first row, and the last
 * row ends with its squares). */
static void
get_row_band (const BloomGridGeometry *geometry,
              guint                    row,
              guint                    rows,
              int                     *top,
              int                     *bottom)
{
  *top = row == 0 ? 0 : bloom_grid_row_y (geometry, row);
  *bottom = row + 1 == rows ? bloom_grid_row_y (geometry, row) + (int) geometry->inner
                            : bloom_grid_row_y (geometry, row + 1);
}

/* The bands of rows [@first_row, @end_row) of the cells' image (see
 * bloom_grid_get_cells_size()), cleared and drawn: the pixels that
 * drawing the whole image gives there, whatever was there before. An
 * image with its device scale set; for bloom_grid_paint_cell() to
 * change and bloom_grid_draw_image() to show. The grid draws only the
 * rows it shows: at 200 % a filter of 1024 bits is an image of 15 MB,
 * of which a projector shows a tenth. */
void
bloom_grid_draw_cells_rows (cairo_surface_t         *image,
                            BloomFilter             *filter,
                            PangoLayout             *layout,
                            const BloomGridGeometry *geometry,
                            const GdkRGBA           *fg,
                            guint                    first_row,
                            guint                    end_row)
{
  cairo_t *cr;
  double scale;
  GdkRGBA label_color = get_label_color (fg);
  cairo_surface_t *clear_row;
  guint m = bloom_filter_get_m (filter);
  guint rows = bloom_grid_count_rows (geometry, m);
  guint spill;
  int top, bottom, unused, text_height;

  g_return_if_fail (cairo_surface_get_type (image) == CAIRO_SURFACE_TYPE_IMAGE);

  end_row = MIN (end_row, rows);
  if (first_row >= end_row)
    return;

  cairo_surface_get_device_scale (image, &scale, NULL);
  cr = cairo_create (image);
  get_row_band (geometry, first_row, rows, &top, &unused);
  get_row_band (geometry, end_row - 1, rows, &unused, &bottom);
  cairo_rectangle (cr, 0, top, cairo_image_surface_get_width (image) / scale, bottom - top);
  cairo_clip (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);

  /* A label taller than a row reaches into its neighbours' bands: they
   * are drawn too, in the same order, and the clip keeps what falls in
   * these bands. */
  pango_layout_set_text (layout, "0", -1);
  pango_layout_get_pixel_size (layout, NULL, &text_height);
  spill = (guint) MAX (text_height, 0) / MAX (geometry->cell, 1u) + 1;
  draw_row_labels (cr, layout, geometry, first_row - MIN (first_row, spill), MIN (end_row + spill, rows),
                   &label_color);

  /* The same pixels as bloom_grid_paint_cells(), cheaper: cairo
   * tessellates a path of a thousand framed squares (10 million
   * instructions, on every resize, zoom and new filter), while a row of
   * clear squares copied to each row is a blit, and the set squares,
   * plain rectangles, replace what is under them. Nothing overlaps the
   * row labels, so replacing gives what drawing over would. */
  clear_row = create_clear_row (geometry, (int) scale, fg);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  for (guint row = first_row; row < end_row; row++)
    {
      guint columns = MIN (geometry->columns, m - row * geometry->columns);
      int y = bloom_grid_row_y (geometry, row);

      cairo_set_source_surface (cr, clear_row, geometry->label_width, y);
      cairo_rectangle (cr, geometry->label_width, y,
                       bloom_grid_width_for_columns (geometry, columns) - geometry->label_width,
                       geometry->inner);
      cairo_fill (cr);
    }
  cairo_surface_destroy (clear_row);

  add_cells (cr, filter, geometry, first_row * geometry->columns, end_row * geometry->columns, TRUE, FALSE);
  gdk_cairo_set_source_rgba (cr, fg);
  cairo_fill (cr);
  cairo_destroy (cr);
}

/* The square of bit @index drawn anew, set or clear, on an image of
 * bloom_grid_draw_cells_rows(): a bit that changed costs one square,
 * not the whole grid. Its drawing lies inside the square, which is
 * cleared first, so the result is the same as drawing the whole grid
 * again. */
void
bloom_grid_paint_cell (cairo_t                 *cr,
                       const BloomGridGeometry *geometry,
                       guint                    index,
                       gboolean                 set,
                       const GdkRGBA           *fg)
{
  graphene_point_t origin = bloom_grid_cell_origin (geometry, index);
  double inner = geometry->inner;
  GdkRGBA clear_fill, clear_border;

  cairo_save (cr);
  cairo_rectangle (cr, origin.x, origin.y, inner, inner);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_fill_preserve (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  if (set)
    {
      gdk_cairo_set_source_rgba (cr, fg);
      cairo_fill (cr);
    }
  else
    {
      get_clear_colors (fg, &clear_fill, &clear_border);
      gdk_cairo_set_source_rgba (cr, &clear_fill);
      cairo_fill (cr);
      cairo_rectangle (cr, origin.x, origin.y, inner, inner);
      cairo_rectangle (cr, origin.x + 1, origin.y + 1, inner - 2, inner - 2);
      gdk_cairo_set_source_rgba (cr, &clear_border);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

static cairo_surface_t *
acquire_image (cairo_pattern_t             *pattern,
               void                        *image,
               cairo_surface_t             *target,
               const cairo_rectangle_int_t *extents)
{
  return cairo_surface_reference (image);
}

static void
release_image (cairo_pattern_t *pattern,
               void            *image,
               cairo_surface_t *surface)
{
  cairo_surface_destroy (surface);
}

/* A recording's own copy of the pattern holds the image too. */
static cairo_status_t
copy_image_pattern (cairo_pattern_t       *pattern,
                    void                  *image,
                    const cairo_pattern_t *other)
{
  cairo_surface_reference (image);

  return CAIRO_STATUS_SUCCESS;
}

static void
finish_image_pattern (cairo_pattern_t *pattern,
                      void            *image)
{
  cairo_surface_destroy (image);
}

/* One node that paints @image, @width × @height large (in the image's
 * device scale).
 *
 * Through a raster source, not the image as a surface pattern: cairo
 * records a surface pattern as a copy-on-write snapshot of the image,
 * which stays attached to the image after the recording is gone, so
 * that the next drawing on the image, or freeing it, copied all of it
 * (2.6 MB at m = 1024, into fresh memory at a new size: 640 page faults,
 * some 7 ms on a virtual machine). A raster source is recorded as it is:
 * the image is only read when the node is drawn, so it must not change
 * while a node made from it may still be drawn (BloomGridCells). */
GskRenderNode *
bloom_grid_draw_image (cairo_surface_t *image,
                       int              width,
                       int              height)
{
  GskRenderNode *node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_t *cr = gsk_cairo_node_get_draw_context (node);
  cairo_pattern_t *pattern;
  cairo_matrix_t to_pixels;
  double x_scale, y_scale;

  cairo_surface_get_device_scale (image, &x_scale, &y_scale);
  pattern = cairo_pattern_create_raster_source (cairo_surface_reference (image),
                                                CAIRO_CONTENT_COLOR_ALPHA,
                                                cairo_image_surface_get_width (image),
                                                cairo_image_surface_get_height (image));
  cairo_raster_source_pattern_set_acquire (pattern, acquire_image, release_image);
  cairo_raster_source_pattern_set_copy (pattern, copy_image_pattern);
  cairo_raster_source_pattern_set_finish (pattern, finish_image_pattern);
  /* The image's pixels from the node's units: a raster source has no
   * device scale of its own. */
  cairo_matrix_init_scale (&to_pixels, x_scale, y_scale);
  cairo_pattern_set_matrix (pattern, &to_pixels);

  cairo_set_source (cr, pattern);
  cairo_paint (cr);
  cairo_pattern_destroy (pattern);
  cairo_destroy (cr);

  return node;
}

/* A ring in the gap around the square at @origin, clear of its
 * neighbours' squares. */
static void
add_ring (cairo_t                 *cr,
          const BloomGridGeometry *geometry,
          const graphene_point_t  *origin)
{
  double outside = geometry->gap - 1;
  double inside = 1;

  cairo_rectangle (cr, origin->x - outside, origin->y - outside,
                   geometry->inner + 2 * outside, geometry->inner + 2 * outside);
  cairo_rectangle (cr, origin->x - inside, origin->y - inside,
                   geometry->inner + 2 * inside, geometry->inner + 2 * inside);
}

/* Where the marks reach: their squares and the gap around them. */
static graphene_rect_t
get_marks_bounds (const BloomGridMarks *marks)
{
  const BloomGridGeometry *geometry = &marks->geometry;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, 0, 0);

  for (guint step = 0; step < marks->n_steps; step++)
    {
      graphene_point_t origin = bloom_grid_cell_origin (geometry, marks->positions[step]);
      graphene_rect_t reach = GRAPHENE_RECT_INIT (origin.x - geometry->gap, origin.y - geometry->gap,
                                                  geometry->inner + 2 * geometry->gap,
                                                  geometry->inner + 2 * geometry->gap);

      if (step == 0)
        bounds = reach;
      else
        graphene_rect_union (&bounds, &reach, &bounds);
    }

  return bounds;
}

/* The last operation's positions: a thick orange frame inside the square,
 * so that the fill (set or clear) still shows within it and neighbours
 * never merge; its thickness is the cue that does not rely on colour.
 * While stepping through them, only the steps revealed so far; the
 * newest one also gets a ring in the gap around it. A position that
 * repeats an earlier step is already framed. */
void
bloom_grid_paint_marks (cairo_t              *cr,
                        const BloomGridMarks *marks)
{
  const BloomGridGeometry *geometry = &marks->geometry;
  double inner = geometry->inner;
  double mark = geometry->mark;

  gdk_cairo_set_source_rgba (cr, &highlight_color);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);

  for (guint step = 0; step < marks->n_steps; step++)
    {
      graphene_point_t origin = bloom_grid_cell_origin (geometry, marks->positions[step]);

      if (marks->stepping && step + 1 == marks->n_steps)
        {
          add_ring (cr, geometry, &origin);
          cairo_fill (cr);
        }

      if (marks->repeats & (1u << step))
        continue;

      cairo_rectangle (cr, origin.x, origin.y, inner, inner);
      cairo_rectangle (cr, origin.x + mark, origin.y + mark, inner - 2 * mark, inner - 2 * mark);
      cairo_fill (cr);
    }
}

static GskRenderNode *
create_frame_node (const graphene_rect_t *outline,
                   float                  width)
{
  GskRoundedRect rounded;

  gsk_rounded_rect_init_from_rect (&rounded, outline, 0);
  return gsk_border_node_new (&rounded,
                              (float[4]) { width, width, width, width },
                              (GdkRGBA[4]) { highlight_color, highlight_color,
                                             highlight_color, highlight_color });
}

/* The marks as frames (border nodes), the same pixels as
 * bloom_grid_paint_marks(), clipped to where they reach. Frames, because
 * GTK 4.8's cairo renderer fills them straight into the frame, where a
 * cairo node is replayed on each frame into a scratch image as large as
 * the damage under it. The clip makes a change of the marks one
 * rectangle of damage (where they were and where they are), never one
 * rectangle per frame: more than 30 make GTK give up and repaint the
 * whole window. */
GskRenderNode *
bloom_grid_draw_marks (const BloomGridMarks *marks)
{
  const BloomGridGeometry *geometry = &marks->geometry;
  graphene_rect_t bounds = get_marks_bounds (marks);
  g_autoptr(GPtrArray) frames = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_render_node_unref);
  g_autoptr(GskRenderNode) container = NULL;
  float inner = geometry->inner;
  float outside = (float) geometry->gap - 1;

  for (guint step = 0; step < marks->n_steps; step++)
    {
      graphene_point_t origin = bloom_grid_cell_origin (geometry, marks->positions[step]);

      if (marks->stepping && step + 1 == marks->n_steps)
        g_ptr_array_add (frames,
                         create_frame_node (&GRAPHENE_RECT_INIT (origin.x - outside, origin.y - outside,
                                                                 inner + 2 * outside, inner + 2 * outside),
                                            outside - 1));

      if (marks->repeats & (1u << step))
        continue;

      g_ptr_array_add (frames,
                       create_frame_node (&GRAPHENE_RECT_INIT (origin.x, origin.y, inner, inner),
                                          geometry->mark));
    }

  container = gsk_container_node_new ((GskRenderNode **) frames->pdata, frames->len);
  return gsk_clip_node_new (container, &bounds);
}
