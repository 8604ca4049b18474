/* bloom-bit-grid.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-bit-grid"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bloom-bit-grid.h"
#include "bloom-format.h"

#define LABEL_GAP 8     /* between the row labels and the first cell */
#define CELL_GAP  2     /* between neighbouring cells */
#define GROUP     8     /* columns per group: a wider gap helps count by hand */
#define GROUP_GAP 4

struct _BloomBitGrid
{
  GtkWidget     parent_instance;

  BloomSession *session;
  gulong        changed_handler;
  guint         cell_size;
  guint         m;           /* what the last layout was made for */
};

G_DEFINE_FINAL_TYPE (BloomBitGrid, bloom_bit_grid, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_SESSION, PROP_CELL_SIZE, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* Adwaita's orange 4: the outline of the last operation's positions. */
static const GdkRGBA highlight_color = { 0.902f, 0.380f, 0.0f, 1.0f };

static guint
get_m (BloomBitGrid *self)
{
  BloomFilter *filter = self->session ? bloom_session_get_filter (self->session) : NULL;

  return filter ? bloom_filter_get_m (filter) : 0;
}

static PangoLayout *
create_label_layout (BloomBitGrid *self)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  g_autoptr(PangoFontDescription) font = NULL;

  /* Row labels grow with the cells, so they stay readable when zoomed. */
  font = pango_font_description_copy (pango_context_get_font_description (pango_layout_get_context (layout)));
  pango_font_description_set_absolute_size (font, MAX (self->cell_size * 0.62, 7.0) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);

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

  return width + LABEL_GAP;
}

/* The left edge of a column, and so the width of that many columns. */
static int
column_x (BloomBitGrid *self,
          int           label_width,
          guint         column)
{
  return label_width + column * self->cell_size + (column / GROUP) * GROUP_GAP;
}

static int
width_for_columns (BloomBitGrid *self,
                   int           label_width,
                   guint         columns)
{
  return column_x (self, label_width, columns - 1) + self->cell_size;
}

static guint
columns_for_width (BloomBitGrid *self,
                   int           label_width,
                   int           width)
{
  guint m = get_m (self);
  guint columns = MIN (BLOOM_BIT_GRID_MAX_COLUMNS, m);

  if (m == 0)
    return 0;

  while (columns > 1 && width_for_columns (self, label_width, columns) > width)
    columns--;

  return columns;
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
  int label_width = get_label_width (self, layout);
  guint m = get_m (self);

  if (m == 0)
    {
      *minimum = *natural = 0;
      return;
    }

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = width_for_columns (self, label_width, 1);
      *natural = width_for_columns (self, label_width, MIN (BLOOM_BIT_GRID_MAX_COLUMNS, m));
    }
  else
    {
      int width = for_size >= 0 ? for_size
                                : width_for_columns (self, label_width, MIN (BLOOM_BIT_GRID_MAX_COLUMNS, m));
      guint columns = columns_for_width (self, label_width, width);
      guint rows = (m + columns - 1) / columns;

      *minimum = *natural = rows * self->cell_size;
    }
}

static GtkSizeRequestMode
bloom_bit_grid_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
get_foreground (BloomBitGrid *self,
                GdkRGBA      *color)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (GTK_WIDGET (self), color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), color);
#endif
}

static void
bloom_bit_grid_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (widget);
  BloomFilter *filter = self->session ? bloom_session_get_filter (self->session) : NULL;
  BloomOperation *operation = self->session ? bloom_session_get_last_operation (self->session) : NULL;
  g_autoptr(PangoLayout) layout = NULL;
  int width = gtk_widget_get_width (widget);
  int label_width;
  guint m, columns;
  float cell = self->cell_size;
  float inner = cell - CELL_GAP;
  float thick = MAX (3.0f, cell / 6.0f);
  float dot = MAX (4.0f, roundf (cell / 3.0f));
  GdkRGBA fg, set_color, clear_fill, clear_border, label_color;

  if (filter == NULL || width <= 0 || gtk_widget_get_height (widget) <= 0)
    return;

  m = bloom_filter_get_m (filter);
  layout = create_label_layout (self);
  label_width = get_label_width (self, layout);
  columns = columns_for_width (self, label_width, width);

  get_foreground (self, &fg);
  set_color = fg;
  clear_fill = fg;
  clear_fill.alpha *= 0.06f;
  clear_border = fg;
  clear_border.alpha *= 0.45f;
  label_color = fg;
  label_color.alpha *= 0.65f;

  for (guint row = 0; row * columns < m; row++)
    {
      g_autofree char *label = g_strdup_printf ("%u", row * columns);
      int text_width, text_height;

      pango_layout_set_text (layout, label, -1);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT (label_width - LABEL_GAP - text_width,
                                                    row * cell + (inner - text_height) / 2.0f));
      gtk_snapshot_append_layout (snapshot, layout, &label_color);
      gtk_snapshot_restore (snapshot);
    }

  for (guint i = 0; i < m; i++)
    {
      float x = column_x (self, label_width, i % columns);
      float y = (i / columns) * cell;
      GskRoundedRect outline;
      graphene_rect_t rect = GRAPHENE_RECT_INIT (x, y, inner, inner);

      /* Set and clear differ in fill, not only in colour. */
      if (bloom_filter_get_bit (filter, i))
        gtk_snapshot_append_color (snapshot, &set_color, &rect);
      else
        {
          gtk_snapshot_append_color (snapshot, &clear_fill, &rect);
          gsk_rounded_rect_init_from_rect (&outline, &rect, 0);
          gtk_snapshot_append_border (snapshot, &outline,
                                      (float[4]) { 1, 1, 1, 1 },
                                      (GdkRGBA[4]) { clear_border, clear_border,
                                                     clear_border, clear_border });
        }
    }

  /* The last operation's positions: a thick orange outline and, as a cue
   * that does not rely on colour, a dot in the middle of the cell. */
  for (guint step = 0; operation != NULL && step < bloom_operation_get_n_positions (operation); step++)
    {
      guint i = bloom_operation_get_position (operation, step);
      float x = column_x (self, label_width, i % columns);
      float y = (i / columns) * cell;
      graphene_rect_t rect = GRAPHENE_RECT_INIT (x - 1, y - 1, inner + 2, inner + 2);
      graphene_rect_t dot_rect = GRAPHENE_RECT_INIT (x + (inner - dot) / 2, y + (inner - dot) / 2,
                                                     dot, dot);
      GskRoundedRect outline, dot_clip;

      if (bloom_operation_is_repeat (operation, step))
        continue;

      gsk_rounded_rect_init_from_rect (&outline, &rect, 2);
      gtk_snapshot_append_border (snapshot, &outline,
                                  (float[4]) { thick, thick, thick, thick },
                                  (GdkRGBA[4]) { highlight_color, highlight_color,
                                                 highlight_color, highlight_color });

      gsk_rounded_rect_init_from_rect (&dot_clip, &dot_rect, dot / 2);
      gtk_snapshot_push_rounded_clip (snapshot, &dot_clip);
      gtk_snapshot_append_color (snapshot, &highlight_color, &dot_rect);
      gtk_snapshot_pop (snapshot);
    }
}

gboolean
bloom_bit_grid_get_cell_at (BloomBitGrid *self,
                            double        x,
                            double        y,
                            guint        *index)
{
  g_autoptr(PangoLayout) layout = NULL;
  int label_width;
  guint m = get_m (self);
  guint columns, column, row;

  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), FALSE);
  g_return_val_if_fail (index != NULL, FALSE);

  if (m == 0)
    return FALSE;

  layout = create_label_layout (self);
  label_width = get_label_width (self, layout);
  columns = columns_for_width (self, label_width, gtk_widget_get_width (GTK_WIDGET (self)));

  if (x < label_width || y < 0)
    return FALSE;

  for (column = 0; column + 1 < columns && column_x (self, label_width, column + 1) <= x; column++)
    ;
  row = (guint) (y / self->cell_size);
  if (x >= column_x (self, label_width, column) + self->cell_size || row * columns + column >= m)
    return FALSE;

  *index = row * columns + column;

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

  text = bloom_format_bit_description (self->session, index);
  gtk_tooltip_set_text (tooltip, text);

  return TRUE;
}

static void
update_accessible (BloomBitGrid *self)
{
  g_autofree char *description = NULL;

  description = self->session ? bloom_format_grid_description (self->session) : g_strdup ("");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
}

static void
on_session_changed (BloomBitGrid *self,
                    BloomSession *session)
{
  guint m = get_m (self);

  /* Only a new m changes the size; everything else is a redraw. */
  if (m != self->m)
    {
      self->m = m;
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_accessible (self);
}

static void
bloom_bit_grid_dispose (GObject *object)
{
  BloomBitGrid *self = BLOOM_BIT_GRID (object);

  if (self->session != NULL)
    g_clear_signal_handler (&self->changed_handler, self->session);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (bloom_bit_grid_parent_class)->dispose (object);
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
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_CELL_SIZE:
      g_value_set_uint (value, self->cell_size);
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
    case PROP_SESSION:
      bloom_bit_grid_set_session (self, g_value_get_object (value));
      break;
    case PROP_CELL_SIZE:
      bloom_bit_grid_set_cell_size (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_bit_grid_class_init (BloomBitGridClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bloom_bit_grid_dispose;
  object_class->get_property = bloom_bit_grid_get_property;
  object_class->set_property = bloom_bit_grid_set_property;

  widget_class->measure = bloom_bit_grid_measure;
  widget_class->get_request_mode = bloom_bit_grid_get_request_mode;
  widget_class->snapshot = bloom_bit_grid_snapshot;
  widget_class->query_tooltip = bloom_bit_grid_query_tooltip;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, BLOOM_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CELL_SIZE] =
    g_param_spec_uint ("cell-size", NULL, NULL, 7, 64, BLOOM_BIT_GRID_BASE_CELL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "bitgrid");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
bloom_bit_grid_init (BloomBitGrid *self)
{
  self->cell_size = BLOOM_BIT_GRID_BASE_CELL;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Bit grid"),
                                  -1);
}

GtkWidget *
bloom_bit_grid_new (void)
{
  return g_object_new (BLOOM_TYPE_BIT_GRID, NULL);
}

BloomSession *
bloom_bit_grid_get_session (BloomBitGrid *self)
{
  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), NULL);

  return self->session;
}

void
bloom_bit_grid_set_session (BloomBitGrid *self,
                            BloomSession *session)
{
  g_return_if_fail (BLOOM_IS_BIT_GRID (self));
  g_return_if_fail (session == NULL || BLOOM_IS_SESSION (session));

  if (self->session == session)
    return;

  if (self->session != NULL)
    g_clear_signal_handler (&self->changed_handler, self->session);
  g_set_object (&self->session, session);
  if (session != NULL)
    self->changed_handler = g_signal_connect_object (session, "changed",
                                                     G_CALLBACK (on_session_changed), self,
                                                     G_CONNECT_SWAPPED);

  on_session_changed (self, session);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
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

  cell_size = CLAMP (cell_size, 7, 64);
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

  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), 0);

  layout = create_label_layout (self);

  return columns_for_width (self, get_label_width (self, layout), width);
}

guint
bloom_bit_grid_get_columns (BloomBitGrid *self)
{
  g_return_val_if_fail (BLOOM_IS_BIT_GRID (self), 0);

  return bloom_bit_grid_columns_for_width (self, gtk_widget_get_width (GTK_WIDGET (self)));
}
