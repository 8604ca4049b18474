/* bloom-bit-grid-drawing.h — how the bit grid draws: where each cell is
 * for a cell size, font and width, the row labels and cells, the ruler,
 * and the marks of the last operation, on any cairo context; the widget
 * (bloom-bit-grid.c) sizes, caches and snapshots them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"

G_BEGIN_DECLS

#define BLOOM_GRID_LABEL_GAP 8   /* between the row labels and the first cell */
#define BLOOM_GRID_GROUP     8   /* columns per group: a wider gap helps count by hand */

/* Where everything is, for one cell size, font and width. A cell is a
 * square of `inner` pixels with `gap` pixels to the next one, so that two
 * marked neighbours never merge: the marks are drawn inside the square. */
typedef struct
{
  guint cell;         /* from one cell to the next */
  guint inner;        /* the square */
  guint gap;
  guint group_gap;    /* added after every BLOOM_GRID_GROUP columns */
  guint mark;         /* the width of a mark's frame, inside the square */
  int   label_width;  /* the row labels and the gap after them */
  int   top;          /* the column ruler and the gap under it; 0 without */
  guint columns;
} BloomGridGeometry;

/* What the marks of the last operation depend on. Compared as bytes,
 * so always zeroed before it is filled in. */
typedef struct
{
  guint    positions[BLOOM_K_MAX];
  guint32  repeats;     /* bit i: step i repeats an earlier position */
  guint    n_steps;
  gboolean stepping;
  BloomGridGeometry geometry;
} BloomGridMarks;

int               bloom_grid_column_x          (const BloomGridGeometry *geometry,
                                                guint                    column);
int               bloom_grid_row_y             (const BloomGridGeometry *geometry,
                                                guint                    row);
graphene_point_t  bloom_grid_cell_origin       (const BloomGridGeometry *geometry,
                                                guint                    index);
guint             bloom_grid_count_rows        (const BloomGridGeometry *geometry,
                                                guint                    m);
int               bloom_grid_width_for_columns (const BloomGridGeometry *geometry,
                                                guint                    columns);
void              bloom_grid_get_cells_size    (BloomFilter             *filter,
                                                const BloomGridGeometry *geometry,
                                                int                     *width,
                                                int                     *height);

void              bloom_grid_paint_cells       (cairo_t                 *cr,
                                                BloomFilter             *filter,
                                                PangoLayout             *layout,
                                                const BloomGridGeometry *geometry,
                                                const GdkRGBA           *fg);
void              bloom_grid_draw_cells_rows    (cairo_surface_t         *image,
                                                 BloomFilter             *filter,
                                                 PangoLayout             *layout,
                                                 const BloomGridGeometry *geometry,
                                                 const GdkRGBA           *fg,
                                                 guint                    first_row,
                                                 guint                    end_row);
void              bloom_grid_paint_cell         (cairo_t                 *cr,
                                                 const BloomGridGeometry *geometry,
                                                 guint                    index,
                                                 gboolean                 set,
                                                 const GdkRGBA           *fg);
GskRenderNode    *bloom_grid_draw_image         (cairo_surface_t         *image,
                                                 int                      width,
                                                 int                      height);
void              bloom_grid_paint_ruler       (cairo_t                 *cr,
                                                PangoLayout             *layout,
                                                const BloomGridGeometry *geometry,
                                                const GdkRGBA           *fg);
GskRenderNode    *bloom_grid_draw_ruler        (PangoLayout             *layout,
                                                const BloomGridGeometry *geometry,
                                                const GdkRGBA           *fg);
void              bloom_grid_paint_marks       (cairo_t                 *cr,
                                                const BloomGridMarks    *marks);
GskRenderNode    *bloom_grid_draw_marks        (const BloomGridMarks    *marks);

G_END_DECLS
