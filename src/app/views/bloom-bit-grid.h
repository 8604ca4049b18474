/* bloom-bit-grid.h — SPEC W2: one cell per bit, drawn with GtkSnapshot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-grid-cells.h"
#include "bloom-model.h"
#include "bloom-session-view.h"

G_BEGIN_DECLS

#define BLOOM_BIT_GRID_MAX_COLUMNS 64
/* From one cell to the next at 100 %: a 20-pixel square and its gap. */
#define BLOOM_BIT_GRID_BASE_CELL   24
#define BLOOM_BIT_GRID_MIN_CELL    12
#define BLOOM_BIT_GRID_MAX_CELL    96

#define BLOOM_TYPE_BIT_GRID (bloom_bit_grid_get_type ())

G_DECLARE_FINAL_TYPE (BloomBitGrid, bloom_bit_grid, BLOOM, BIT_GRID, BloomSessionView)

GtkWidget    *bloom_bit_grid_new           (void);
guint         bloom_bit_grid_get_cell_size (BloomBitGrid *self);
void          bloom_bit_grid_set_cell_size (BloomBitGrid *self,
                                            guint         cell_size);
guint         bloom_bit_grid_get_columns   (BloomBitGrid *self);
guint         bloom_bit_grid_columns_for_width (BloomBitGrid *self,
                                                int           width);
gboolean      bloom_bit_grid_get_cell_at   (BloomBitGrid *self,
                                            double        x,
                                            double        y,
                                            guint        *index);
gboolean      bloom_bit_grid_get_cell_area (BloomBitGrid    *self,
                                            guint            index,
                                            graphene_rect_t *area);
guint         bloom_bit_grid_get_revealed_steps (BloomBitGrid *self);
guint         bloom_bit_grid_get_cursor    (BloomBitGrid *self);
void          bloom_bit_grid_set_cursor    (BloomBitGrid *self,
                                            guint         cursor);
const char   *bloom_bit_grid_get_text_alternative (BloomBitGrid *self);
gboolean      bloom_bit_grid_get_picture_size (BloomBitGrid *self,
                                               int          *width,
                                               int          *height);
void          bloom_bit_grid_draw_picture  (BloomBitGrid *self,
                                            cairo_t      *cr);
void          bloom_bit_grid_get_cells_stats (BloomBitGrid        *self,
                                              BloomGridCellsStats *stats);

G_END_DECLS
