/* bloom-bit-grid.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-bit-grid"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "bloom-bit-grid.h"
#include "bloom-bit-grid-drawing.h"
#include "bloom-format.h"
#include "bloom-grid-cells.h"
#include "bloom-gtk-compat.h"
#include "bloom-scroll.h"

#define RULER_GAP 4     /* between the column ruler and the first row */

struct _BloomBitGrid
{
  BloomSessionView parent_instance;

  guint         cell_size;
  guint         m;           /* what the last layout was made for */
  guint         spare_id;
  /* View state, not model state: the bit the keyboard is on, and what
   * the grid keeps in view (see show_later()). */
  guint         cursor;
  gboolean      follow_cursor;
  gboolean      cursor_used; /* the grid has had the focus */
  /* The scrolled window's vertical adjustment while mapped: the ruler is
   * drawn where the visible part begins, anew on each scroll. */
  GtkAdjustment *vadjustment;
  char         *description; /* the text alternative, as last set */

  /* The row labels and cells (bloom-grid-cells.c): one cairo node that
   * paints an image, drawn whole only when the size, the zoom, the
   * colours or m change; a bit that changes redraws its own square.
   * Reusing the node lets GTK repaint only where something changed, not
   * the whole grid. The cairo renderer draws every node of the window on
   * each frame, clipped to what changed, and copying the pixels of an
   * image costs less there than two thousand rectangles (drawn as shapes
   * over an image of clear squares, the set ones alone cost more per
   * frame than the whole image); the GL renderer keeps the texture it
   * made of the node. The ruler over the columns is a node of its own,
   * made for one geometry and colour. */
  BloomGridCells *cells;
  GskRenderNode *ruler_node;
  BloomGridGeometry ruler_geometry;
  GdkRGBA       ruler_color;

  /* The marks of the last operation's positions, as last drawn, and what
   * they were drawn from. They are one node too: GTK finds what changed
   * between two frames node by node and gives up, repainting a whole
   * container, once that is more than 30 rectangles; two dozen outlines
   * moving across the grid, plus the texts that change with them, were
   * enough to repaint the whole window on each operation. */
  GskRenderNode *marks_node;
  BloomGridMarks marks;

  /* What the last update showed: an update that changes none of it (the
   * same query again) leaves the grid's node to GTK as it is, so the
   * frame neither snapshots nor repaints it. */
  BloomFilter  *shown_filter;
  guint         shown_set_bits;
  BloomGridMarks shown_marks;
};

G_DEFINE_FINAL_TYPE (BloomBitGrid, bloom_bit_grid, BLOOM_TYPE_SESSION_VIEW)

enum { PROP_0, PROP_CELL_SIZE, PROP_CURSOR, PROP_CURSOR_USED, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* Adwaita's blue 3: the keyboard cursor, apart from the orange. */
static const GdkRGBA cursor_color = { 0.208f, 0.518f, 0.894f, 1.0f };

static BloomSession *
get_session (BloomBitGrid *self)
{
  return bloom_session_view_get_session (BLOOM_SESSION_VIEW (self));
}

static guint
get_m (BloomBitGrid *self)
{
  BloomFilter *filter = bloom_session_view_get_filter (BLOOM_SESSION_VIEW (self));

  return filter ? bloom_filter_get_m (filter) : 0;
}

/* Row labels and the ruler in the body text's size and tabular figures. */
static PangoLayout *
create_label_layout (BloomBitGrid *self)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  PangoAttrList *attributes = pango_attr_list_new ();

  pango_attr_list_insert (attributes, pango_attr_font_features_new ("tnum"));
  pango_layout_set_attributes (layout, attributes);
  pango_attr_list_unref (attributes);

  return layout;
}

static int
get_label_width (BloomBitGrid *self,
                 PangoLayout  *layout)
{
  g_autofree char *widest = NULL;
  guint m = get_m (self);
  int width = 0;

  if (m == 0)
    return 0;

  /* Digits have one width in tabular figures; the largest row start has
   * the most of them. */
  widest = g_strdup_printf ("%u", m - 1);
  for (char *p = widest; *p; p++)
    *p = '0';
  pango_layout_set_text (layout, widest, -1);
  pango_layout_get_pixel_size (layout, &width, NULL);

  return width + BLOOM_GRID_LABEL_GAP;
}

/* The cell size's parts and the labels' room; the columns come later. */
static void
init_geometry (BloomBitGrid      *self,
               PangoLayout       *layout,
               BloomGridGeometry *geometry)
{
  int text_height = 0;

  memset (geometry, 0, sizeof *geometry);
  geometry->cell = self->cell_size;
  geometry->gap = MAX (3, self->cell_size / 6);
  geometry->inner = geometry->cell - geometry->gap;
  geometry->group_gap = MAX (geometry->gap, self->cell_size / 3);
  geometry->mark = MAX (2, geometry->inner / 5);
  geometry->label_width = get_label_width (self, layout);

  pango_layout_set_text (layout, "+0", -1);
  pango_layout_get_pixel_size (layout, NULL, &text_height);
  geometry->top = get_m (self) > BLOOM_GRID_GROUP ? text_height + RULER_GAP : 0;
}

/* As many columns as fit, at most 64 and m; whole groups of 8 when there
 * is more than one row, so that the row labels stay round numbers. */
static guint
columns_for_width (BloomBitGrid            *self,
                   const BloomGridGeometry *geometry,
                   int                      width)
{
  guint m = get_m (self);
  guint columns = MIN (BLOOM_BIT_GRID_MAX_COLUMNS, m);

  if (m == 0)
    return 0;

  while (columns > 1 && bloom_grid_width_for_columns (geometry, columns) > width)
    columns--;
  if (columns < m && columns > BLOOM_GRID_GROUP)
    columns -= columns % BLOOM_GRID_GROUP;

  return columns;
}

static void
get_geometry (BloomBitGrid      *self,
              PangoLayout       *layout,
              int                width,
              BloomGridGeometry *geometry)
{
  init_geometry (self, layout, geometry);
  geometry->columns = columns_for_width (self, geometry, width);
}

static void
bloom_bit_grid_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (widget);
  g_autoptr(PangoLayout) layout = create_label_layout (self);
  guint m = get_m (self);
  BloomGridGeometry geometry;

  if (m == 0)
    {
      *minimum = *natural = 0;
      return;
    }

  init_geometry (self, layout, &geometry);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = bloom_grid_width_for_columns (&geometry, 1);
      *natural = bloom_grid_width_for_columns (&geometry, MIN (BLOOM_BIT_GRID_MAX_COLUMNS, m));
    }
  else
    {
      int width = for_size;
      guint columns, rows;

      /* Without a width (GTK 4.8's scrolled windows ask so), the one the
       * grid has, once it has one; its scroller is fitted to it with the
       * width (BloomFittedScroller). */
      if (width < 0)
        width = gtk_widget_get_width (widget);
      if (width <= 0)
        width = bloom_grid_width_for_columns (&geometry, MIN (BLOOM_BIT_GRID_MAX_COLUMNS, m));

      columns = columns_for_width (self, &geometry, width);
      rows = (m + columns - 1) / columns;

      *minimum = *natural = bloom_grid_row_y (&geometry, rows - 1) + geometry.inner;
    }
}

static GtkSizeRequestMode
bloom_bit_grid_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* How long a new layout holds before the cells' other image is drawn for
 * it: longer than a frame, shorter than typing the next string. */
#define SPARE_DELAY_MS 100

static gboolean
prepare_spare_timeout (gpointer user_data)
{
  BloomBitGrid *self = user_data;
  g_autoptr(PangoLayout) layout = create_label_layout (self);

  self->spare_id = 0;
  bloom_grid_cells_prepare_spare (self->cells, layout);

  return G_SOURCE_REMOVE;
}

/* The part of the grid its scrolled window shows, from @top to @bottom
 * in the grid's coordinates. FALSE when it is not in one, or not laid
 * out yet. */
static gboolean
get_shown_span (BloomBitGrid *self,
                double       *top,
                double       *bottom)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *viewport;
  graphene_point_t start, end;

  if (scroller == NULL)
    return FALSE;

  viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  if (viewport == NULL ||
      !bloom_gtk_widget_compute_point (viewport, GTK_WIDGET (self), &GRAPHENE_POINT_INIT (0, 0), &start) ||
      !bloom_gtk_widget_compute_point (viewport, GTK_WIDGET (self),
                                       &GRAPHENE_POINT_INIT (0, gtk_widget_get_height (viewport)), &end))
    return FALSE;

  *top = start.y;
  *bottom = end.y;

  return TRUE;
}

/* The rows that the grid's scrolled area shows, and one more each side;
 * all of them when it is not scrolled. Rows out of view are drawn when
 * they come into view: the grid draws itself again when the area
 * scrolls or changes size (bloom_bit_grid_map()). */
static void
get_shown_rows (BloomBitGrid            *self,
                const BloomGridGeometry *geometry,
                guint                   *first_row,
                guint                   *end_row)
{
  double top, bottom, first, end;

  *first_row = 0;
  *end_row = G_MAXUINT;
  if (geometry->cell == 0 || !get_shown_span (self, &top, &bottom))
    return;

  first = floor ((top - geometry->top) / geometry->cell) - 1;
  end = ceil ((bottom - geometry->top) / geometry->cell) + 1;
  *first_row = first > 0 ? (guint) first : 0;
  *end_row = end > *first_row ? (guint) MIN (end, (double) G_MAXUINT) : *first_row;
}

static void
append_cells (BloomBitGrid            *self,
              GtkSnapshot             *snapshot,
              BloomFilter             *filter,
              PangoLayout             *layout,
              const BloomGridGeometry *geometry,
              const GdkRGBA           *fg)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  guint first_row, end_row;

  if (self->ruler_node == NULL ||
      memcmp (&self->ruler_geometry, geometry, sizeof *geometry) != 0 ||
      !gdk_rgba_equal (&self->ruler_color, fg))
    {
      g_clear_pointer (&self->ruler_node, gsk_render_node_unref);
      self->ruler_node = bloom_grid_draw_ruler (layout, geometry, fg);
      self->ruler_geometry = *geometry;
      self->ruler_color = *fg;
    }

  get_shown_rows (self, geometry, &first_row, &end_row);
  gtk_snapshot_append_node (snapshot, bloom_grid_cells_get_node (self->cells, filter, layout,
                                                                 geometry, scale, fg,
                                                                 first_row, end_row));
  /* Once the layout has held for a moment: not between the frames of a
   * window being resized, where each frame needs another layout. */
  if (bloom_grid_cells_needs_spare (self->cells))
    {
      g_clear_handle_id (&self->spare_id, g_source_remove);
      self->spare_id = g_timeout_add_full (G_PRIORITY_LOW, SPARE_DELAY_MS, prepare_spare_timeout, self, NULL);
    }
}

/* What the marks of the last operation depend on, at @geometry. */
static void
get_marks (BloomBitGrid            *self,
           BloomOperation          *operation,
           const BloomGridGeometry *geometry,
           BloomGridMarks          *marks)
{
  memset (marks, 0, sizeof *marks);
  if (operation != NULL)
    marks->n_steps = MIN (bloom_operation_get_n_positions (operation),
                          bloom_session_view_get_revealed_steps (BLOOM_SESSION_VIEW (self)));
  g_assert (marks->n_steps <= BLOOM_K_MAX);
  for (guint step = 0; step < marks->n_steps; step++)
    {
      marks->positions[step] = bloom_operation_get_position (operation, step);
      if (bloom_operation_is_repeat (operation, step))
        marks->repeats |= 1u << step;
    }
  marks->stepping = bloom_session_view_is_stepping (BLOOM_SESSION_VIEW (self));
  marks->geometry = *geometry;
}

static void
append_marks (BloomBitGrid            *self,
              GtkSnapshot             *snapshot,
              BloomOperation          *operation,
              const BloomGridGeometry *geometry)
{
  BloomGridMarks marks;

  get_marks (self, operation, geometry, &marks);
  if (marks.n_steps == 0)
    {
      g_clear_pointer (&self->marks_node, gsk_render_node_unref);
      return;
    }

  if (self->marks_node == NULL || memcmp (&marks, &self->marks, sizeof marks) != 0)
    {
      g_clear_pointer (&self->marks_node, gsk_render_node_unref);
      self->marks_node = bloom_grid_draw_marks (&marks);
      self->marks = marks;
    }

  gtk_snapshot_append_node (snapshot, self->marks_node);
}

/* The keyboard cursor, a blue ring in the gap around its square, only
 * while the grid has the keyboard focus: elsewhere it would be a mark
 * that means nothing. */
static void
append_cursor (BloomBitGrid            *self,
               GtkSnapshot             *snapshot,
               const BloomGridGeometry *geometry)
{
  graphene_point_t origin;
  float width = geometry->gap - 2;
  float inset = geometry->gap - 1;
  GskRoundedRect ring;

  if (!gtk_widget_has_focus (GTK_WIDGET (self)) || self->cursor >= get_m (self))
    return;

  origin = bloom_grid_cell_origin (geometry, self->cursor);
  gsk_rounded_rect_init_from_rect (&ring,
                                   &GRAPHENE_RECT_INIT (origin.x - inset, origin.y - inset,
                                                        geometry->inner + 2 * inset,
                                                        geometry->inner + 2 * inset),
                                   0);
  gtk_snapshot_append_border (snapshot, &ring,
                              (float[4]) { width, width, width, width },
                              (GdkRGBA[4]) { cursor_color, cursor_color, cursor_color, cursor_color });
}

/* Where the ruler goes: the top of the part of the grid its scrolled
 * window shows, so that it stays in view while the rows scroll (SPEC W2:
 * a bit's index is its row's label plus the number above its column);
 * never below the last row. */
static float
get_ruler_top (BloomBitGrid            *self,
               const BloomGridGeometry *geometry)
{
  double top, bottom;

  if (geometry->top == 0 || !get_shown_span (self, &top, &bottom))
    return 0;

  return CLAMP (top, 0, MAX (0, gtk_widget_get_height (GTK_WIDGET (self)) - geometry->top));
}

static void
bloom_bit_grid_map (GtkWidget *widget)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (widget);
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);

  GTK_WIDGET_CLASS (bloom_bit_grid_parent_class)->map (widget);

  if (scroller == NULL)
    return;

  self->vadjustment = g_object_ref (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)));
  g_signal_connect_object (self->vadjustment, "value-changed",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  /* A taller area shows rows that may not be drawn yet. */
  g_signal_connect_object (self->vadjustment, "changed",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

static void
bloom_bit_grid_unmap (GtkWidget *widget)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (widget);

  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->vadjustment, self);
  g_clear_object (&self->vadjustment);

  GTK_WIDGET_CLASS (bloom_bit_grid_parent_class)->unmap (widget);
}

static void
bloom_bit_grid_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (widget);
  BloomFilter *filter = bloom_session_view_get_filter (BLOOM_SESSION_VIEW (self));
  BloomOperation *operation = bloom_session_view_get_last_operation (BLOOM_SESSION_VIEW (self));
  g_autoptr(PangoLayout) layout = NULL;
  int width = gtk_widget_get_width (widget);
  BloomGridGeometry geometry;
  float ruler_top;
  GdkRGBA fg;

  if (filter == NULL || width <= 0 || gtk_widget_get_height (widget) <= 0)
    return;

  layout = create_label_layout (self);
  get_geometry (self, layout, width, &geometry);

  bloom_gtk_widget_get_color (GTK_WIDGET (self), &fg);
  ruler_top = get_ruler_top (self, &geometry);
  /* Scrolled, the rows that pass under the ruler are cut off there. */
  if (ruler_top > 0)
    gtk_snapshot_push_clip (snapshot,
                            &GRAPHENE_RECT_INIT (0, ruler_top + geometry.top - RULER_GAP,
                                                 width, gtk_widget_get_height (widget)));
  append_cells (self, snapshot, filter, layout, &geometry, &fg);
  append_marks (self, snapshot, operation, &geometry);
  append_cursor (self, snapshot, &geometry);
  if (ruler_top > 0)
    gtk_snapshot_pop (snapshot);

  if (self->ruler_node != NULL)
    {
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (0, ruler_top));
      gtk_snapshot_append_node (snapshot, self->ruler_node);
      gtk_snapshot_restore (snapshot);
    }
}

/* The bit whose cell (its square and the gap after it) holds @x, @y. */
gboolean
bloom_bit_grid_get_cell_at (BloomBitGrid *self,
                            double        x,
                            double        y,
                            guint        *index)
{
  g_autoptr(PangoLayout) layout = NULL;
  BloomGridGeometry geometry;
  guint m = get_m (self);
  guint column, row;

  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), FALSE);
  g_return_val_if_fail (index != NULL, FALSE);

  if (m == 0)
    return FALSE;

  layout = create_label_layout (self);
  get_geometry (self, layout, gtk_widget_get_width (GTK_WIDGET (self)), &geometry);

  if (x < geometry.label_width || y < geometry.top)
    return FALSE;

  for (column = 0; column + 1 < geometry.columns && bloom_grid_column_x (&geometry, column + 1) <= x; column++)
    ;
  row = (guint) ((y - geometry.top) / geometry.cell);
  if (x >= bloom_grid_column_x (&geometry, column) + geometry.cell || row * geometry.columns + column >= m)
    return FALSE;

  *index = row * geometry.columns + column;

  return TRUE;
}

/* The square of bit @index, in the grid's coordinates as laid out now.
 * FALSE without a filter or past its m. */
gboolean
bloom_bit_grid_get_cell_area (BloomBitGrid    *self,
                              guint            index,
                              graphene_rect_t *area)
{
  g_autoptr(PangoLayout) layout = NULL;
  BloomGridGeometry geometry;
  graphene_point_t origin;

  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  if (index >= get_m (self))
    return FALSE;

  layout = create_label_layout (self);
  get_geometry (self, layout, gtk_widget_get_width (GTK_WIDGET (self)), &geometry);
  if (geometry.columns == 0)
    return FALSE;

  origin = bloom_grid_cell_origin (&geometry, index);
  graphene_rect_init (area, origin.x, origin.y, geometry.inner, geometry.inner);

  return TRUE;
}

static gboolean
bloom_bit_grid_query_tooltip (GtkWidget  *widget,
                              int         x,
                              int         y,
                              gboolean    keyboard_mode,
                              GtkTooltip *tooltip)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (widget);
  g_autofree char *text = NULL;
  guint index;

  if (keyboard_mode || !bloom_bit_grid_get_cell_at (self, x, y, &index))
    return FALSE;

  text = bloom_format_bit_description (get_session (self), index);
  gtk_tooltip_set_text (tooltip, text);

  return TRUE;
}

/* Bit @index's square and the gap around it, where the ring of the
 * cursor or of the newest step goes. */
static graphene_rect_t
get_cell_reach (const BloomGridGeometry *geometry,
                guint                    index)
{
  graphene_point_t origin = bloom_grid_cell_origin (geometry, index);

  return GRAPHENE_RECT_INIT (origin.x - geometry->gap, origin.y - geometry->gap,
                             geometry->inner + 2 * geometry->gap, geometry->inner + 2 * geometry->gap);
}

/* Scrolled, the ruler covers the top of what shows: @area takes it in. */
static void
add_ruler (const BloomGridGeometry *geometry,
           graphene_rect_t         *area)
{
  area->origin.y -= geometry->top;
  area->size.height += geometry->top;
}

/* What the grid keeps in view, a BloomScrollCoreFunc: the cursor's cell
 * after a move; else the newest step's while stepping through, or the
 * last operation's first position and as many of the others as fit; and
 * for an operation, in @core, the part of that which must show: its
 * first position (a cell alone has none). */
static gboolean
get_follow_areas (GtkWidget       *widget,
                  graphene_rect_t *area,
                  graphene_rect_t *core)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (widget);
  BloomSessionView *view = BLOOM_SESSION_VIEW (self);
  BloomOperation *operation = bloom_session_view_get_last_operation (view);
  g_autoptr(PangoLayout) layout = NULL;
  BloomGridGeometry geometry;
  guint n_steps = 0;

  if (get_m (self) == 0)
    return FALSE;

  layout = create_label_layout (self);
  get_geometry (self, layout, gtk_widget_get_width (widget), &geometry);
  if (operation != NULL)
    n_steps = MIN (bloom_operation_get_n_positions (operation), bloom_session_view_get_revealed_steps (view));

  if (self->follow_cursor)
    *area = get_cell_reach (&geometry, self->cursor);
  else if (n_steps == 0)
    return FALSE;
  else if (bloom_session_view_is_stepping (view))
    *area = get_cell_reach (&geometry, bloom_operation_get_position (operation, n_steps - 1));
  else
    {
      double page = G_MAXDOUBLE;

      if (self->vadjustment != NULL)
        page = gtk_adjustment_get_page_size (self->vadjustment) - geometry.top;

      *area = get_cell_reach (&geometry, bloom_operation_get_position (operation, 0));
      for (guint step = 1; step < n_steps; step++)
        {
          graphene_rect_t reach = get_cell_reach (&geometry, bloom_operation_get_position (operation, step));
          graphene_rect_t both;

          graphene_rect_union (area, &reach, &both);
          if (both.size.height <= page)
            *area = both;
        }
      /* The first position must show; the others, as many as fit. */
      *core = get_cell_reach (&geometry, bloom_operation_get_position (operation, 0));
      add_ruler (&geometry, core);
    }
  add_ruler (&geometry, area);

  return TRUE;
}

/* Keeps the cursor (@cursor) or the last operation in view, once the
 * layout that a change may need is done. */
static void
show_later (BloomBitGrid *self,
            gboolean      cursor)
{
  self->follow_cursor = cursor;
  bloom_scroll_show_later_with_core (GTK_WIDGET (self), get_follow_areas, BLOOM_SCROLL_PRIMARY);
}

static void
update_accessible (BloomBitGrid *self)
{
  BloomSession *session = get_session (self);

  g_free (self->description);
  self->description = session
                      ? bloom_format_grid_description_full (session,
                                                          bloom_session_view_get_revealed_steps (BLOOM_SESSION_VIEW (self)),
                                                          self->cursor)
                      : g_strdup ("");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description,
                                  -1);
}

/* Whether the filter, its bits or the marks differ from what the last
 * update showed; they are kept as shown from then on. */
static gboolean
update_shown (BloomBitGrid *self)
{
  BloomSessionView *view = BLOOM_SESSION_VIEW (self);
  BloomFilter *filter = bloom_session_view_get_filter (view);
  guint set_bits = filter != NULL ? bloom_filter_count_set_bits (filter) : 0;
  BloomGridGeometry no_geometry = { 0 };
  BloomGridMarks marks;

  get_marks (self, bloom_session_view_get_last_operation (view), &no_geometry, &marks);
  if (filter == self->shown_filter && set_bits == self->shown_set_bits &&
      memcmp (&marks, &self->shown_marks, sizeof marks) == 0)
    return FALSE;

  /* A reference, so that no other filter can appear at this address. */
  g_set_object (&self->shown_filter, filter);
  self->shown_set_bits = set_bits;
  self->shown_marks = marks;

  return TRUE;
}

static void
bloom_bit_grid_revealed_steps_changed (BloomSessionView *view)
{
  update_shown (BLOOM_BIT_GRID (view));
  gtk_widget_queue_draw (GTK_WIDGET (view));
  update_accessible (BLOOM_BIT_GRID (view));
  show_later (BLOOM_BIT_GRID (view), FALSE);
}

static void
bloom_bit_grid_update (BloomSessionView *view)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (view);
  guint m = get_m (self);
  gboolean changed = update_shown (self);

  /* Only a new m changes the size; everything else is a redraw. */
  if (m != self->m)
    {
      self->m = m;
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  /* A smaller filter keeps the cursor inside it. */
  if (m > 0 && self->cursor >= m)
    {
      self->cursor = m - 1;
      changed = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR]);
    }
  if (changed)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  update_accessible (self);
  if (bloom_session_view_get_last_operation (view) != NULL)
    show_later (self, FALSE);
}

typedef enum
{
  MOVE_COLUMNS,    /* by ±1 bit */
  MOVE_ROWS,       /* by ±1 row */
  MOVE_PAGES,      /* by ±1 page of visible rows */
  MOVE_ROW_EDGE,   /* −1: start of the row, +1: its end */
  MOVE_GRID_EDGE,  /* −1: bit 0, +1: bit m − 1 */
} Move;

static guint
rows_per_page (BloomBitGrid *self)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  double page = 8.0 * self->cell_size;

  if (scroller != NULL)
    page = gtk_adjustment_get_page_size (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)));

  return MAX (1, (guint) (page / self->cell_size) - 1);
}

static gboolean
move_cursor (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (widget);
  guint m = get_m (self);
  guint columns = bloom_bit_grid_get_columns (self);
  gint64 cursor = self->cursor;
  int move, amount;

  if (m == 0 || columns == 0)
    return FALSE;

  g_variant_get (args, "(ii)", &move, &amount);

  switch ((Move) move)
    {
    case MOVE_COLUMNS:
      cursor += amount;
      break;
    case MOVE_ROWS:
    case MOVE_PAGES:
      {
        gint64 rows = move == MOVE_ROWS ? amount : (gint64) amount * rows_per_page (self);
        gint64 target = cursor + rows * columns;

        /* Past the first or last row: as far as the column allows. */
        while (target < 0)
          target += columns;
        while (target >= m)
          target -= columns;
        cursor = target;
      }
      break;
    case MOVE_ROW_EDGE:
      cursor = (cursor / columns) * columns + (amount > 0 ? columns - 1 : 0);
      break;
    case MOVE_GRID_EDGE:
      cursor = amount > 0 ? m - 1 : 0;
      break;
    default:
      g_assert_not_reached ();
    }

  bloom_bit_grid_set_cursor (self, CLAMP (cursor, 0, (gint64) m - 1));
  /* Arrows at an edge stay in the grid rather than wander off. */
  return TRUE;
}

static void
on_click_pressed (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  BloomBitGrid    *self)
{
  guint index;

  if (!bloom_bit_grid_get_cell_at (self, x, y, &index))
    return;

  bloom_bit_grid_set_cursor (self, index);
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
bloom_bit_grid_state_flags_changed (GtkWidget     *widget,
                                    GtkStateFlags  previous)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (widget);
  GtkStateFlags changed = previous ^ gtk_widget_get_state_flags (widget);

  GTK_WIDGET_CLASS (bloom_bit_grid_parent_class)->state_flags_changed (widget, previous);

  /* The cursor is bold only while the grid has the focus. */
  if (changed & (GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE | GTK_STATE_FLAG_FOCUS_WITHIN))
    gtk_widget_queue_draw (widget);

  /* Focus comes with a click on a cell too: from then on, the cursor
   * means something to the user. */
  if (!self->cursor_used && (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_FOCUSED))
    {
      self->cursor_used = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR_USED]);
    }
}

static void
bloom_bit_grid_dispose (GObject *object)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (object);

  g_clear_handle_id (&self->spare_id, g_source_remove);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->vadjustment, self);
  g_clear_object (&self->vadjustment);
  g_clear_pointer (&self->cells, bloom_grid_cells_free);
  g_clear_pointer (&self->ruler_node, gsk_render_node_unref);
  g_clear_pointer (&self->marks_node, gsk_render_node_unref);
  g_clear_object (&self->shown_filter);

  G_OBJECT_CLASS (bloom_bit_grid_parent_class)->dispose (object);
}

static void
bloom_bit_grid_finalize (GObject *object)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (object);

  g_clear_pointer (&self->description, g_free);

  G_OBJECT_CLASS (bloom_bit_grid_parent_class)->finalize (object);
}

static void
bloom_bit_grid_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (object);

  switch (prop_id)
    {
    case PROP_CELL_SIZE:
      g_value_set_uint (value, self->cell_size);
      break;
    case PROP_CURSOR:
      g_value_set_uint (value, self->cursor);
      break;
    case PROP_CURSOR_USED:
      g_value_set_boolean (value, self->cursor_used);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_bit_grid_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (object);

  switch (prop_id)
    {
    case PROP_CELL_SIZE:
      bloom_bit_grid_set_cell_size (self, g_value_get_uint (value));
      break;
    case PROP_CURSOR:
      bloom_bit_grid_set_cursor (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The arrow keys and their kin move the cursor, on the keypad too. */
static void
add_cursor_bindings (GtkWidgetClass *widget_class)
{
  static const struct { guint keyval; GdkModifierType mods; Move move; int amount; } keys[] = {
    { GDK_KEY_Left, 0, MOVE_COLUMNS, -1 },
    { GDK_KEY_KP_Left, 0, MOVE_COLUMNS, -1 },
    { GDK_KEY_Right, 0, MOVE_COLUMNS, 1 },
    { GDK_KEY_KP_Right, 0, MOVE_COLUMNS, 1 },
    { GDK_KEY_Up, 0, MOVE_ROWS, -1 },
    { GDK_KEY_KP_Up, 0, MOVE_ROWS, -1 },
    { GDK_KEY_Down, 0, MOVE_ROWS, 1 },
    { GDK_KEY_KP_Down, 0, MOVE_ROWS, 1 },
    { GDK_KEY_Page_Up, 0, MOVE_PAGES, -1 },
    { GDK_KEY_KP_Page_Up, 0, MOVE_PAGES, -1 },
    { GDK_KEY_Page_Down, 0, MOVE_PAGES, 1 },
    { GDK_KEY_KP_Page_Down, 0, MOVE_PAGES, 1 },
    { GDK_KEY_Home, 0, MOVE_ROW_EDGE, -1 },
    { GDK_KEY_KP_Home, 0, MOVE_ROW_EDGE, -1 },
    { GDK_KEY_End, 0, MOVE_ROW_EDGE, 1 },
    { GDK_KEY_KP_End, 0, MOVE_ROW_EDGE, 1 },
    { GDK_KEY_Home, GDK_CONTROL_MASK, MOVE_GRID_EDGE, -1 },
    { GDK_KEY_KP_Home, GDK_CONTROL_MASK, MOVE_GRID_EDGE, -1 },
    { GDK_KEY_End, GDK_CONTROL_MASK, MOVE_GRID_EDGE, 1 },
    { GDK_KEY_KP_End, GDK_CONTROL_MASK, MOVE_GRID_EDGE, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding (widget_class, keys[i].keyval, keys[i].mods, move_cursor,
                                  "(ii)", (int) keys[i].move, keys[i].amount);
}

static void
bloom_bit_grid_class_init (BloomBitGridClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->dispose = bloom_bit_grid_dispose;
  object_class->finalize = bloom_bit_grid_finalize;
  object_class->get_property = bloom_bit_grid_get_property;
  object_class->set_property = bloom_bit_grid_set_property;

  session_view_class->update = bloom_bit_grid_update;
  session_view_class->revealed_steps_changed = bloom_bit_grid_revealed_steps_changed;

  widget_class->measure = bloom_bit_grid_measure;
  widget_class->get_request_mode = bloom_bit_grid_get_request_mode;
  widget_class->snapshot = bloom_bit_grid_snapshot;
  widget_class->map = bloom_bit_grid_map;
  widget_class->unmap = bloom_bit_grid_unmap;
  widget_class->query_tooltip = bloom_bit_grid_query_tooltip;
  widget_class->state_flags_changed = bloom_bit_grid_state_flags_changed;

  properties[PROP_CELL_SIZE] =
    g_param_spec_uint ("cell-size", NULL, NULL, BLOOM_BIT_GRID_MIN_CELL, BLOOM_BIT_GRID_MAX_CELL,
                       BLOOM_BIT_GRID_BASE_CELL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* The bit the keyboard cursor is on. */
  properties[PROP_CURSOR] =
    g_param_spec_uint ("cursor", NULL, NULL, 0, BLOOM_M_MAX - 1, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Whether the grid has had the keyboard focus (or a click) yet: until
   * then its cursor is on bit 0 only by default. */
  properties[PROP_CURSOR_USED] =
    g_param_spec_boolean ("cursor-used", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "bitgrid");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);

  add_cursor_bindings (widget_class);
}

static void
bloom_bit_grid_init (BloomBitGrid *self)
{
  GtkGesture *click;

  self->cell_size = BLOOM_BIT_GRID_BASE_CELL;
  self->cells = bloom_grid_cells_new ();
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  /* The bits can be inspected from the keyboard: the grid takes the focus
   * and moves a cursor with the arrow keys. */
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (on_click_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Bit grid"),
                                  -1);
}

GtkWidget *
bloom_bit_grid_new (void)
{
  return g_object_new (BLOOM_TYPE_BIT_GRID, NULL);
}

guint
bloom_bit_grid_get_cell_size (BloomBitGrid *self)
{
  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), 0);

  return self->cell_size;
}

void
bloom_bit_grid_set_cell_size (BloomBitGrid *self,
                              guint         cell_size)
{
  g_return_if_fail (BLOOM_IS_BIT_GRID (self));

  cell_size = CLAMP (cell_size, BLOOM_BIT_GRID_MIN_CELL, BLOOM_BIT_GRID_MAX_CELL);
  if (self->cell_size == cell_size)
    return;

  self->cell_size = cell_size;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CELL_SIZE]);
}

/* How many columns the grid shows at @width: the smallest of 64, m and
 * what fits (SPEC W2). */
guint
bloom_bit_grid_columns_for_width (BloomBitGrid *self,
                                  int           width)
{
  g_autoptr(PangoLayout) layout = NULL;
  BloomGridGeometry geometry;

  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), 0);

  layout = create_label_layout (self);
  get_geometry (self, layout, width, &geometry);

  return geometry.columns;
}

guint
bloom_bit_grid_get_columns (BloomBitGrid *self)
{
  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), 0);

  return bloom_bit_grid_columns_for_width (self, gtk_widget_get_width (GTK_WIDGET (self)));
}

/* Step-through highlights only the positions of the revealed steps
 * ("revealed-steps" of BloomSessionView). */
guint
bloom_bit_grid_get_revealed_steps (BloomBitGrid *self)
{
  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), G_MAXUINT);

  return bloom_session_view_get_revealed_steps (BLOOM_SESSION_VIEW (self));
}

guint
bloom_bit_grid_get_cursor (BloomBitGrid *self)
{
  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), 0);

  return self->cursor;
}

void
bloom_bit_grid_set_cursor (BloomBitGrid *self,
                           guint         cursor)
{
  g_return_if_fail (BLOOM_IS_BIT_GRID (self));

  cursor = MIN (cursor, BLOOM_M_MAX - 1);
  if (self->m > 0)
    cursor = MIN (cursor, self->m - 1);

  if (self->cursor == cursor)
    return;

  self->cursor = cursor;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  show_later (self, TRUE);
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR]);
}

/* What the grid gives assistive technology as its description. */
const char *
bloom_bit_grid_get_text_alternative (BloomBitGrid *self)
{
  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), NULL);

  return self->description;
}

/* The geometry of the picture: the columns the grid has now, or those of
 * its natural width when it is not shown. FALSE without a filter. */
static gboolean
get_picture_geometry (BloomBitGrid      *self,
                      PangoLayout       *layout,
                      BloomGridGeometry *geometry)
{
  BloomFilter *filter = bloom_session_view_get_filter (BLOOM_SESSION_VIEW (self));
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  if (filter == NULL)
    return FALSE;

  init_geometry (self, layout, geometry);
  if (width <= 0)
    width = bloom_grid_width_for_columns (geometry, MIN (BLOOM_BIT_GRID_MAX_COLUMNS, bloom_filter_get_m (filter)));
  geometry->columns = columns_for_width (self, geometry, width);

  return TRUE;
}

/**
 * bloom_bit_grid_get_picture_size:
 * @self: a grid
 * @width: (out): the picture's width
 * @height: (out): the picture's height
 *
 * Returns: FALSE when no filter is active, so there is no picture
 */
gboolean
bloom_bit_grid_get_picture_size (BloomBitGrid *self,
                                 int          *width,
                                 int          *height)
{
  g_autoptr(PangoLayout) layout = NULL;
  BloomGridGeometry geometry;

  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), FALSE);

  layout = create_label_layout (self);
  if (!get_picture_geometry (self, layout, &geometry))
    return FALSE;

  bloom_grid_get_cells_size (bloom_session_view_get_filter (BLOOM_SESSION_VIEW (self)), &geometry, width, height);

  return TRUE;
}

/**
 * bloom_bit_grid_draw_picture:
 * @self: a grid with an active filter
 * @cr: where the picture goes, bloom_bit_grid_get_picture_size() large
 *
 * The grid as the window shows it, for a slide: the row labels, the
 * column ruler, the cells and the last operation's marks, without the
 * keyboard cursor. Drawn on @cr as shapes and text, with the window's own
 * drawing, so that a vector picture stays sharp at any size.
 */
void
bloom_bit_grid_draw_picture (BloomBitGrid *self,
                             cairo_t      *cr)
{
  BloomFilter *filter;
  g_autoptr(PangoLayout) layout = NULL;
  BloomGridGeometry geometry;
  BloomGridMarks marks;
  GdkRGBA fg;

  g_return_if_fail (BLOOM_IS_BIT_GRID (self));
  g_return_if_fail (cr != NULL);

  layout = create_label_layout (self);
  if (!get_picture_geometry (self, layout, &geometry))
    return;

  filter = bloom_session_view_get_filter (BLOOM_SESSION_VIEW (self));
  bloom_gtk_widget_get_color (GTK_WIDGET (self), &fg);
  cairo_save (cr);
  bloom_grid_paint_cells (cr, filter, layout, &geometry, &fg);
  bloom_grid_paint_ruler (cr, layout, &geometry, &fg);
  get_marks (self, bloom_session_view_get_last_operation (BLOOM_SESSION_VIEW (self)), &geometry, &marks);
  bloom_grid_paint_marks (cr, &marks);
  cairo_restore (cr);
}

/* What the image of the cells cost so far (tests). */
void
bloom_bit_grid_get_cells_stats (BloomBitGrid        *self,
                                BloomGridCellsStats *stats)
{
  g_return_if_fail (BLOOM_IS_BIT_GRID (self));
  g_return_if_fail (stats != NULL);

  bloom_grid_cells_get_stats (self->cells, stats);
}
