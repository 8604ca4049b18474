/* bloom-grid-cells.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-grid-cells"

#include "config.h"

#include <string.h>

#include "bloom-grid-cells.h"

/* Why two images: the node of the last frame stays alive until GTK has
 * drawn the next one (it is the widget's node, and the renderer compares
 * the next frame with it), and it reads the image it paints only when it
 * is drawn (bloom_grid_draw_image()), so that image must not change
 * meanwhile. So a change is drawn on the other image, which no frame
 * shows any more, brought up to date square by square, and a new size
 * reuses an image's pixels: nothing is copied, and no fresh memory (a
 * page fault per 4 kB on first use, some 10 µs on a virtual machine)
 * is touched. An image starts anew only when the size, the zoom, the
 * colours or m change: the shown one in that frame, the other a moment
 * after it (bloom_grid_cells_prepare_spare()). Should both be shown (two
 * new nodes within one frame), the older node keeps its pixels and the
 * image gets new ones.
 *
 * Of a new image only the rows asked for are drawn, those the grid's
 * scrolled area shows; others are drawn when they come into view. Their
 * pixels meanwhile are whatever the memory held: no frame shows them.
 * Rows that come into view are drawn on the shown image too (no frame
 * showed them), under a new node, so that no renderer keeps an older
 * picture of the node. */

static cairo_user_data_key_t pixels_key;

typedef struct
{
  cairo_surface_t *surface;    /* over pixels; NULL before the first drawing */
  guchar          *pixels;
  gsize            capacity;   /* bytes */
  /* The recording of the last node made from it: while anything but us
   * holds it, a frame may still show it. */
  cairo_surface_t *recording;
  gboolean         current;    /* for the layout in BloomGridCells */
  guint8           bits[BLOOM_M_MAX / 8];  /* each bit as drawn, in drawn rows */
  guint8           rows[BLOOM_M_MAX / 8];  /* each row: drawn */
} CellsImage;

struct _BloomGridCells
{
  CellsImage        images[2];
  guint             shown;     /* the image node was made from */
  GskRenderNode    *node;

  /* What node shows. A reference to the filter, so that no other
   * filter can appear at its address. */
  BloomFilter      *filter;
  guint             set_bits;
  guint             m;
  BloomGridGeometry geometry;
  int               scale;
  GdkRGBA           color;
  /* The rows asked for last, which the spare image gets. */
  guint             first_row;
  guint             end_row;

  BloomGridCellsStats stats;
};

BloomGridCells *
bloom_grid_cells_new (void)
{
  return g_new0 (BloomGridCells, 1);
}

/* Whether no frame can show @image any more. Then the recording, which
 * only we hold, is finished, so that it lets go of the image's surface. */
static gboolean
cells_image_is_free (CellsImage *image)
{
  if (image->recording == NULL)
    return TRUE;
  if (cairo_surface_get_reference_count (image->recording) > 1)
    return FALSE;

  cairo_surface_finish (image->recording);
  g_clear_pointer (&image->recording, cairo_surface_destroy);

  return TRUE;
}

/* Lets go of @image's pixels. A node that a frame may still draw keeps
 * them: they go with the surface it paints, and are freed with it. */
static void
cells_image_let_go (CellsImage *image)
{
  if (image->pixels != NULL && image->surface != NULL && !cells_image_is_free (image))
    {
      cairo_status_t status = cairo_surface_set_user_data (image->surface, &pixels_key,
                                                           image->pixels, g_free);

      g_assert (status == CAIRO_STATUS_SUCCESS);
      image->pixels = NULL;
    }
  g_clear_pointer (&image->recording, cairo_surface_destroy);
  g_clear_pointer (&image->surface, cairo_surface_destroy);
  g_clear_pointer (&image->pixels, g_free);
  image->capacity = 0;
  image->current = FALSE;
}

void
bloom_grid_cells_free (BloomGridCells *cells)
{
  if (cells == NULL)
    return;

  g_clear_pointer (&cells->node, gsk_render_node_unref);
  for (guint i = 0; i < G_N_ELEMENTS (cells->images); i++)
    cells_image_let_go (&cells->images[i]);
  g_clear_object (&cells->filter);
  g_free (cells);
}

static guint
pick_image (BloomGridCells *cells)
{
  guint other = 1 - cells->shown;

  if (cells_image_is_free (&cells->images[other]))
    return other;
  if (cells_image_is_free (&cells->images[cells->shown]))
    return cells->shown;

  /* Two new nodes within one frame: the older node keeps what it shows,
   * and this image starts again on new pixels. */
  cells->stats.drawn_while_shown++;
  cells_image_let_go (&cells->images[other]);

  return other;
}

static gboolean
get_flag (const guint8 *flags,
          guint         index)
{
  return (flags[index / 8] >> (index % 8)) & 1;
}

static void
set_flag (guint8   *flags,
          guint     index,
          gboolean  set)
{
  if (set)
    flags[index / 8] |= 1u << (index % 8);
  else
    flags[index / 8] &= ~(1u << (index % 8));
}

/* @image anew for the layout in @cells, with no row drawn yet, on pixels
 * it already has when they are enough (and not four times too many). */
static void
start_image (BloomGridCells *cells,
             CellsImage     *image,
             BloomFilter    *filter)
{
  int width, height, stride;
  gsize size;

  bloom_grid_get_cells_size (filter, &cells->geometry, &width, &height);
  width *= cells->scale;
  height *= cells->scale;
  stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width);
  size = (gsize) stride * (gsize) height;

  g_clear_pointer (&image->surface, cairo_surface_destroy);
  if (size > image->capacity || size < image->capacity / 4)
    {
      g_free (image->pixels);
      image->pixels = g_malloc (MAX (size, 1));
      image->capacity = size;
      cells->stats.allocations++;
    }
  image->surface = cairo_image_surface_create_for_data (image->pixels, CAIRO_FORMAT_ARGB32,
                                                        width, height, stride);
  cairo_surface_set_device_scale (image->surface, cells->scale, cells->scale);
  cells->stats.whole_drawings++;

  memset (image->rows, 0, sizeof image->rows);
  image->current = TRUE;
}

/* Draws the rows of [@first_row, @end_row) that @image lacks, as
 * @filter has them. Returns whether it drew any. */
static gboolean
draw_rows (BloomGridCells *cells,
           CellsImage     *image,
           BloomFilter    *filter,
           PangoLayout    *layout,
           guint           first_row,
           guint           end_row)
{
  guint columns = cells->geometry.columns;
  gboolean drawn = FALSE;

  end_row = MIN (end_row, bloom_grid_count_rows (&cells->geometry, cells->m));
  for (guint row = first_row; row < end_row;)
    {
      guint end = row;

      /* Each run of rows it lacks, in one drawing. */
      while (end < end_row && !get_flag (image->rows, end))
        end++;
      if (end == row)
        {
          row++;
          continue;
        }

      bloom_grid_draw_cells_rows (image->surface, filter, layout, &cells->geometry, &cells->color,
                                  row, end);
      for (guint r = row; r < end; r++)
        set_flag (image->rows, r, TRUE);
      for (guint i = row * columns; i < MIN (end * columns, cells->m); i++)
        set_flag (image->bits, i, bloom_filter_get_bit (filter, i));
      cells->stats.rows_drawn += end - row;
      drawn = TRUE;
      row = end;
    }

  return drawn;
}

/* The squares of drawn rows whose bit differs from the image's, anew. */
static void
draw_changes (BloomGridCells *cells,
              CellsImage     *image,
              BloomFilter    *filter)
{
  cairo_t *cr = NULL;

  for (guint i = 0; i < cells->m; i++)
    {
      gboolean bit = bloom_filter_get_bit (filter, i);

      if (bit == get_flag (image->bits, i) || !get_flag (image->rows, i / cells->geometry.columns))
        continue;

      if (cr == NULL)
        cr = cairo_create (image->surface);
      bloom_grid_paint_cell (cr, &cells->geometry, i, bit, &cells->color);
      set_flag (image->bits, i, bit);
    }
  g_clear_pointer (&cr, cairo_destroy);
}

/* A new node of @image, which is shown from now on. */
static GskRenderNode *
show_image (BloomGridCells *cells,
            guint           index,
            BloomFilter    *filter)
{
  CellsImage *image = &cells->images[index];
  int width, height;

  g_clear_pointer (&cells->node, gsk_render_node_unref);
  bloom_grid_get_cells_size (filter, &cells->geometry, &width, &height);
  cells->node = bloom_grid_draw_image (image->surface, width, height);
  g_clear_pointer (&image->recording, cairo_surface_destroy);
  image->recording = cairo_surface_reference (gsk_cairo_node_get_surface (cells->node));
  cells->shown = index;

  return cells->node;
}

/* The node that shows @filter's row labels and cells at @geometry, rows
 * [@first_row, @end_row) at least (0 and G_MAXUINT: all of them): the
 * same node as last time while none of it changed, so that GTK need not
 * draw it again. */
GskRenderNode *
bloom_grid_cells_get_node (BloomGridCells          *cells,
                           BloomFilter             *filter,
                           PangoLayout             *layout,
                           const BloomGridGeometry *geometry,
                           int                      scale,
                           const GdkRGBA           *fg,
                           guint                    first_row,
                           guint                    end_row)
{
  guint m, set_bits, index;
  CellsImage *image;

  g_return_val_if_fail (cells != NULL, NULL);
  g_return_val_if_fail (BLOOM_IS_FILTER (filter), NULL);
  g_return_val_if_fail (PANGO_IS_LAYOUT (layout), NULL);
  g_return_val_if_fail (geometry != NULL && geometry->columns > 0, NULL);
  g_return_val_if_fail (scale > 0, NULL);
  g_return_val_if_fail (fg != NULL, NULL);
  g_return_val_if_fail (first_row <= end_row, NULL);

  m = bloom_filter_get_m (filter);
  set_bits = bloom_filter_count_set_bits (filter);
  cells->first_row = first_row;
  cells->end_row = end_row;
  if (cells->node == NULL || cells->scale != scale || cells->m != m ||
      memcmp (&cells->geometry, geometry, sizeof *geometry) != 0 ||
      !gdk_rgba_equal (&cells->color, fg))
    {
      cells->images[0].current = cells->images[1].current = FALSE;
      cells->m = m;
      cells->geometry = *geometry;
      cells->scale = scale;
      cells->color = *fg;
    }
  /* Within one filter bits are only ever set: the same count is the same
   * bits. Rows that came into view go on the shown image. */
  else if (cells->filter == filter && cells->set_bits == set_bits)
    {
      if (draw_rows (cells, &cells->images[cells->shown], filter, layout, first_row, end_row))
        return show_image (cells, cells->shown, filter);

      return cells->node;
    }

  /* Ours is not a reason to keep an image. */
  g_clear_pointer (&cells->node, gsk_render_node_unref);
  index = pick_image (cells);
  image = &cells->images[index];
  if (image->current)
    draw_changes (cells, image, filter);
  else
    start_image (cells, image, filter);
  draw_rows (cells, image, filter, layout, first_row, end_row);

  g_set_object (&cells->filter, filter);
  cells->set_bits = set_bits;

  return show_image (cells, index, filter);
}

/* Whether the image that is not shown would have to be drawn whole for
 * the next change. */
gboolean
bloom_grid_cells_needs_spare (BloomGridCells *cells)
{
  g_return_val_if_fail (cells != NULL, FALSE);

  return cells->node != NULL && !cells->images[1 - cells->shown].current;
}

/* Draws the image that is not shown whole, for what the node shows, so
 * that the next change draws only its own squares, on pixels already in
 * memory: after a new filter or a resize, that moves a whole drawing
 * (and, the first time, the new pixels' page faults) out of the next
 * operation into a quiet moment. Nothing is done while a frame may
 * still show that image. Returns whether it was drawn. */
gboolean
bloom_grid_cells_prepare_spare (BloomGridCells *cells,
                                PangoLayout    *layout)
{
  CellsImage *spare;

  g_return_val_if_fail (cells != NULL, FALSE);
  g_return_val_if_fail (PANGO_IS_LAYOUT (layout), FALSE);

  if (!bloom_grid_cells_needs_spare (cells))
    return FALSE;
  spare = &cells->images[1 - cells->shown];
  if (!cells_image_is_free (spare))
    return FALSE;

  start_image (cells, spare, cells->filter);
  draw_rows (cells, spare, cells->filter, layout, cells->first_row, cells->end_row);

  return TRUE;
}

void
bloom_grid_cells_get_stats (BloomGridCells      *cells,
                            BloomGridCellsStats *stats)
{
  g_return_if_fail (cells != NULL);
  g_return_if_fail (stats != NULL);

  *stats = cells->stats;
}
