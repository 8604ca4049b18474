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
 * is touched. An image is drawn whole only when the size, the zoom, the
 * colours or m change: the shown one in that frame, the other a moment
 * after it (bloom_grid_cells_prepare_spare()). Should both be shown (two
 * new nodes within one frame), the older node keeps its pixels and the
 * image gets new ones. */

static cairo_user_data_key_t pixels_key;

typedef struct
{
  cairo_surface_t *surface;    /* over pixels; NULL before the first drawing */
  guchar          *pixels;
  gsize            capacity;   /* bytes */
  /* The recording of the last node made from it: while anything but us
   * holds it, a frame may still show it. */
  cairo_surface_t *recording;
  gboolean         current;    /* drawn for the layout in BloomGridCells */
  guint8           bits[BLOOM_M_MAX / 8];  /* each bit as drawn */
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
get_bit (const CellsImage *image,
         guint             index)
{
  return (image->bits[index / 8] >> (index % 8)) & 1;
}

static void
set_bit (CellsImage *image,
         guint       index,
         gboolean    set)
{
  if (set)
    image->bits[index / 8] |= 1u << (index % 8);
  else
    image->bits[index / 8] &= ~(1u << (index % 8));
}

/* The whole image anew, for the layout in @cells, on pixels it already
 * has when they are enough (and not four times too many). */
static void
draw_whole (BloomGridCells *cells,
            CellsImage     *image,
            BloomFilter    *filter,
            PangoLayout    *layout)
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
  memset (image->pixels, 0, size);
  image->surface = cairo_image_surface_create_for_data (image->pixels, CAIRO_FORMAT_ARGB32,
                                                        width, height, stride);
  cairo_surface_set_device_scale (image->surface, cells->scale, cells->scale);
  bloom_grid_draw_cells_image (image->surface, filter, layout, &cells->geometry, &cells->color);
  cells->stats.whole_drawings++;

  memset (image->bits, 0, sizeof image->bits);
  for (guint i = 0; i < cells->m; i++)
    set_bit (image, i, bloom_filter_get_bit (filter, i));
  image->current = TRUE;
}

/* The squares whose bit differs from the image's, anew. */
static void
draw_changes (BloomGridCells *cells,
              CellsImage     *image,
              BloomFilter    *filter)
{
  cairo_t *cr = NULL;

  for (guint i = 0; i < cells->m; i++)
    {
      gboolean bit = bloom_filter_get_bit (filter, i);

      if (bit == get_bit (image, i))
        continue;

      if (cr == NULL)
        cr = cairo_create (image->surface);
      bloom_grid_paint_cell (cr, &cells->geometry, i, bit, &cells->color);
      set_bit (image, i, bit);
    }
  g_clear_pointer (&cr, cairo_destroy);
}

/* The node that shows @filter's row labels and cells at @geometry: the
 * same node as last time while none of it changed, so that GTK need not
 * draw it again. */
GskRenderNode *
bloom_grid_cells_get_node (BloomGridCells          *cells,
                           BloomFilter             *filter,
                           PangoLayout             *layout,
                           const BloomGridGeometry *geometry,
                           int                      scale,
                           const GdkRGBA           *fg)
{
  guint m, set_bits, index;
  CellsImage *image;
  int width, height;

  g_return_val_if_fail (cells != NULL, NULL);
  g_return_val_if_fail (BLOOM_IS_FILTER (filter), NULL);
  g_return_val_if_fail (PANGO_IS_LAYOUT (layout), NULL);
  g_return_val_if_fail (geometry != NULL && geometry->columns > 0, NULL);
  g_return_val_if_fail (scale > 0, NULL);
  g_return_val_if_fail (fg != NULL, NULL);

  m = bloom_filter_get_m (filter);
  set_bits = bloom_filter_count_set_bits (filter);
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
   * bits. */
  else if (cells->filter == filter && cells->set_bits == set_bits)
    return cells->node;

  /* Ours is not a reason to keep an image. */
  g_clear_pointer (&cells->node, gsk_render_node_unref);
  index = pick_image (cells);
  image = &cells->images[index];
  if (image->current)
    draw_changes (cells, image, filter);
  else
    draw_whole (cells, image, filter, layout);

  bloom_grid_get_cells_size (filter, geometry, &width, &height);
  cells->node = bloom_grid_draw_image (image->surface, width, height);
  g_clear_pointer (&image->recording, cairo_surface_destroy);
  image->recording = cairo_surface_reference (gsk_cairo_node_get_surface (cells->node));
  cells->shown = index;
  g_set_object (&cells->filter, filter);
  cells->set_bits = set_bits;

  return cells->node;
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

  draw_whole (cells, spare, cells->filter, layout);

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
