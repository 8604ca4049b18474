/* bloom-grid-cells.h — the bit grid's row labels and cells as one
 * render node, kept in two images that take turns, so that a change is
 * drawn without copying the pixels the last frame still shows, each
 * drawn only in the rows asked for (those in view)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-bit-grid-drawing.h"

G_BEGIN_DECLS

typedef struct _BloomGridCells BloomGridCells;

BloomGridCells *bloom_grid_cells_new      (void);
void            bloom_grid_cells_free     (BloomGridCells          *cells);
GskRenderNode  *bloom_grid_cells_get_node (BloomGridCells          *cells,
                                           BloomFilter             *filter,
                                           PangoLayout             *layout,
                                           const BloomGridGeometry *geometry,
                                           int                      scale,
                                           const GdkRGBA           *fg,
                                           guint                    first_row,
                                           guint                    end_row);
gboolean        bloom_grid_cells_needs_spare   (BloomGridCells *cells);
gboolean        bloom_grid_cells_prepare_spare (BloomGridCells *cells,
                                                PangoLayout    *layout);

/* What it did so far, for tests. */
typedef struct
{
  guint allocations;        /* of pixels */
  guint whole_drawings;     /* an image started anew, not only the squares that changed */
  guint rows_drawn;         /* rows drawn whole, in either image */
  guint drawn_while_shown;  /* new pixels for an image a live node still showed */
} BloomGridCellsStats;

void            bloom_grid_cells_get_stats     (BloomGridCells      *cells,
                                                BloomGridCellsStats *stats);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BloomGridCells, bloom_grid_cells_free)

G_END_DECLS
