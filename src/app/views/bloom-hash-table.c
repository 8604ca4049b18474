/* bloom-hash-table.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-hash-table"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-format.h"
#include "bloom-hash-table.h"
#include "bloom-scroll.h"
#include "bloom-value-label.h"

/* A "Set by" string at most this many columns wide is always shown whole:
 * only a longer one may be ellipsized (see bloom_hash_table_init()). */
#define SET_BY_WHOLE_COLUMNS 12

enum { COLUMN_I, COLUMN_POSITION, COLUMN_BEFORE, COLUMN_AFTER, COLUMN_SET_BY, COLUMN_NOTE, N_COLUMNS };

/* In pixels: between the caption, the step line and the table; between
 * columns; between rows. */
#define SPACING        6
#define COLUMN_SPACING 24
#define ROW_SPACING    2

struct _BloomHashTable
{
  BloomSessionView parent_instance;

  GtkWidget    *caption;
  GtkWidget    *step_label;
  /* The table: its cells are the view's own children, laid out by
   * measure_table() and allocate_table() below. k is at most 12: every
   * row exists from the start and is only shown, hidden and relabelled,
   * never rebuilt. */
  GtkWidget    *headers[N_COLUMNS];
  GtkWidget    *cells[BLOOM_K_MAX][N_COLUMNS];
  guint         n_rows;
  /* Which of its two clips the table was last drawn in (see
   * bloom_hash_table_snapshot()). */
  gboolean      clip_taller;
};

G_DEFINE_FINAL_TYPE (BloomHashTable, bloom_hash_table, BLOOM_TYPE_SESSION_VIEW)


/* The cells change with each operation, and a value label is only drawn
 * again when its text fits (see bloom-value-label.c). */
static GtkWidget *
add_cell (BloomHashTable *self,
          const char     *text,
          gboolean        numeric)
{
  GtkWidget *label = bloom_value_label_new (text);

  bloom_value_label_set_xalign (BLOOM_VALUE_LABEL (label), numeric ? 1.0f : 0.0f);
  gtk_widget_set_parent (label, GTK_WIDGET (self));

  return label;
}

/* The headings never change: labels that wrap at a space, so that at a
 * large zoom ("Bit before" over a column of 0 and 1) the table keeps to
 * the window's width. */
static GtkWidget *
add_heading (BloomHashTable *self,
             const char     *text,
             gboolean        numeric)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0f : 0.0f);
  gtk_label_set_justify (GTK_LABEL (label), numeric ? GTK_JUSTIFY_RIGHT : GTK_JUSTIFY_LEFT);
  gtk_label_set_yalign (GTK_LABEL (label), 1.0f);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_parent (label, GTK_WIDGET (self));

  return label;
}

/* The table is laid out here rather than by a GtkGrid: its cells are
 * labels whose sizes GTK caches, and each operation relabels up to 24
 * of them, which made GtkGrid's general algorithm (spans, baselines, a
 * look-up of each child's layout properties) run over all 78 cells
 * several times per frame. Columns are as wide as their widest cell;
 * rows as tall as their tallest cell at its column's width (headings
 * and notes wrap); the table keeps its natural width at the start of
 * the line (GtkGrid's halign start) and shares any shortfall out as
 * distribute_columns() says. */

/* The header row and the rows shown, as arrays of N_COLUMNS cells. */
static guint
get_table_rows (BloomHashTable  *self,
                GtkWidget      **rows[BLOOM_K_MAX + 1])
{
  guint n = 0;

  if (!gtk_widget_get_visible (self->headers[0]))
    return 0;

  rows[n++] = self->headers;
  for (guint i = 0; i < BLOOM_K_MAX && gtk_widget_get_visible (self->cells[i][0]); i++)
    rows[n++] = self->cells[i];

  return n;
}

static void
measure_columns (GtkWidget       **rows[],
                 guint             n_rows,
                 GtkRequestedSize *columns)
{
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      columns[c].data = NULL;
      columns[c].minimum_size = 0;
      columns[c].natural_size = 0;
      for (guint r = 0; r < n_rows; r++)
        {
          int minimum, natural;

          gtk_widget_measure (rows[r][c], GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural,
                              NULL, NULL);
          columns[c].minimum_size = MAX (columns[c].minimum_size, minimum);
          columns[c].natural_size = MAX (columns[c].natural_size, natural);
        }
    }
}

/* A row as tall as its tallest cell at its column's width: headings and
 * notes wrap. */
static int
measure_row (GtkWidget              **row,
             const GtkRequestedSize  *columns)
{
  int height = 0;

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      int minimum;

      gtk_widget_measure (row[c], GTK_ORIENTATION_VERTICAL, columns[c].minimum_size, &minimum,
                          NULL, NULL, NULL);
      height = MAX (height, minimum);
    }

  return height;
}

/* The columns' widths in @width, in each one's minimum_size: natural
 * widths where they fit; what is missing is taken from the columns that
 * can give, as GtkGrid does, the note last: a heading wraps only when
 * the note has gone to its narrowest. */
static void
distribute_columns (GtkWidget        **rows[],
                    guint              n_rows,
                    int                width,
                    GtkRequestedSize  *columns)
{
  int extra = width - (N_COLUMNS - 1) * COLUMN_SPACING;

  measure_columns (rows, n_rows, columns);
  for (guint c = 0; c < N_COLUMNS; c++)
    extra -= columns[c].minimum_size;
  if (extra > 0)
    extra = gtk_distribute_natural_allocation (extra, COLUMN_NOTE, columns);
  if (extra > 0)
    gtk_distribute_natural_allocation (extra, 1, &columns[COLUMN_NOTE]);
}

/* The caption and the step line above the table, at @width. */
static void
measure_labels (BloomHashTable *self,
                GtkOrientation  orientation,
                int             for_size,
                int            *minimum,
                int            *natural,
                guint          *n_shown)
{
  GtkWidget *labels[] = { self->caption, self->step_label };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      int label_minimum, label_natural;

      if (!gtk_widget_get_visible (labels[i]))
        continue;

      gtk_widget_measure (labels[i], orientation, for_size, &label_minimum, &label_natural,
                          NULL, NULL);
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        {
          *minimum = MAX (*minimum, label_minimum);
          *natural = MAX (*natural, label_natural);
        }
      else
        {
          *minimum += label_minimum + (*n_shown > 0 ? SPACING : 0);
          *natural += label_natural + (*n_shown > 0 ? SPACING : 0);
        }
      (*n_shown)++;
    }
}

static GtkSizeRequestMode
get_table_request_mode (GtkWidget *widget)
{
  /* The caption and the step line wrap. */
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
measure_table (GtkWidget      *widget,
               GtkOrientation  orientation,
               int             for_size,
               int            *minimum,
               int            *natural,
               int            *minimum_baseline,
               int            *natural_baseline)
{
  BloomHashTable *self = BLOOM_HASH_TABLE (widget);
  GtkWidget **rows[BLOOM_K_MAX + 1];
  guint n_rows = get_table_rows (self, rows);
  guint n_shown = 0;

  *minimum = *natural = 0;
  measure_labels (self, orientation, for_size, minimum, natural, &n_shown);
  if (n_rows == 0)
    return;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      GtkRequestedSize columns[N_COLUMNS];
      int table_minimum = (N_COLUMNS - 1) * COLUMN_SPACING;
      int table_natural = table_minimum;

      measure_columns (rows, n_rows, columns);
      for (guint c = 0; c < N_COLUMNS; c++)
        {
          table_minimum += columns[c].minimum_size;
          table_natural += columns[c].natural_size;
        }
      *minimum = MAX (*minimum, table_minimum);
      *natural = MAX (*natural, table_natural);
    }
  else
    {
      GtkRequestedSize columns[N_COLUMNS];
      int height = (n_shown > 0 ? SPACING : 0) + (n_rows - 1) * ROW_SPACING;

      /* At no width given, as tall as at the narrowest. */
      distribute_columns (rows, n_rows, MAX (for_size, 0), columns);
      for (guint r = 0; r < n_rows; r++)
        height += measure_row (rows[r], columns);
      *minimum += height;
      *natural += height;
    }
}

static void
allocate_table (GtkWidget *widget,
                int        width,
                int        height,
                int        baseline)
{
  BloomHashTable *self = BLOOM_HASH_TABLE (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  GtkWidget *labels[] = { self->caption, self->step_label };
  GtkWidget **rows[BLOOM_K_MAX + 1];
  guint n_rows = get_table_rows (self, rows);
  GtkRequestedSize columns[N_COLUMNS];
  int x[N_COLUMNS];
  int y = 0;

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      int label_height;

      if (!gtk_widget_get_visible (labels[i]))
        continue;

      gtk_widget_measure (labels[i], GTK_ORIENTATION_VERTICAL, width, &label_height, NULL, NULL,
                          NULL);
      gtk_widget_size_allocate (labels[i], &(GtkAllocation) { 0, y, width, label_height }, -1);
      y += label_height + SPACING;
    }

  if (n_rows == 0)
    return;

  distribute_columns (rows, n_rows, width, columns);
  for (guint c = 0, left = 0; c < N_COLUMNS; c++)
    {
      x[c] = rtl ? width - (int) left - columns[c].minimum_size : (int) left;
      left += columns[c].minimum_size + COLUMN_SPACING;
    }

  for (guint r = 0; r < n_rows; r++)
    {
      int row_height = measure_row (rows[r], columns);

      for (guint c = 0; c < N_COLUMNS; c++)
        gtk_widget_size_allocate (rows[r][c],
                                  &(GtkAllocation) { x[c], y, columns[c].minimum_size, row_height },
                                  -1);
      y += row_height + ROW_SPACING;
    }
}

/* For each position of @operation, the entry that set it first: one
 * pass over the entries for all rows. */
static void
find_setters (BloomHashTable *self,
              BloomOperation *operation,
              guint          *setters)
{
  guint k = operation ? bloom_operation_get_n_positions (operation) : 0;
  guint bits[BLOOM_K_MAX];

  if (k == 0)
    return;

  for (guint i = 0; i < k; i++)
    bits[i] = bloom_operation_get_position (operation, i);
  bloom_session_get_first_setters (bloom_session_view_get_session (BLOOM_SESSION_VIEW (self)),
                                   bits, k, setters);
}

/* "Set by": the first stored string, in insertion order, whose positions
 * include the bit — why a query finds it set. */
static char *
format_setter (BloomHashTable *self,
               guint           entry)
{
  const char *text;
  gsize len;

  if (entry == G_MAXUINT)
    return g_strdup ("—");

  text = bloom_session_get_entry (bloom_session_view_get_session (BLOOM_SESSION_VIEW (self)),
                                  entry, &len);

  return bloom_text_quote (text, len);
}

/* NULL unless step @i repeats an earlier position. */
static char *
format_repeat (BloomOperation *operation,
               guint           i)
{
  guint first = 0;

  if (!bloom_operation_is_repeat (operation, i))
    return NULL;

  while (bloom_operation_get_position (operation, first) !=
         bloom_operation_get_position (operation, i))
    first++;

  /* Translators: marks a row whose position an earlier row had */
  return g_strdup_printf (_("repeat of i = %u"), first);
}

static void
update_caption (BloomHashTable *self,
                BloomOperation *operation)
{
  guint k, distinct;
  g_autofree char *positions = NULL;
  g_autofree char *caption = NULL;

  if (operation == NULL)
    {
      bloom_value_label_set_text (BLOOM_VALUE_LABEL (self->caption),
                                  _("No operation yet: insert or query a string to see its positions."));
      return;
    }

  k = bloom_operation_get_n_positions (operation);
  distinct = bloom_operation_get_n_distinct_positions (operation);
  positions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u position", "%u positions", k), k);
  /* Translators: "12 positions, 10 distinct" */
  caption = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u distinct", "%s, %u distinct",
                                          distinct),
                             positions, distinct);
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (self->caption), caption);
}

/* Row @i from the model: step i of @operation, and what set its bit. */
static void
fill_row (BloomHashTable *self,
          BloomOperation *operation,
          guint           i,
          guint           setter)
{
  GtkWidget **cells = self->cells[i];
  g_autofree char *index = g_strdup_printf ("%u", i);
  g_autofree char *position = g_strdup_printf ("%u", bloom_operation_get_position (operation, i));
  g_autofree char *set_by = format_setter (self, setter);
  g_autofree char *note = format_repeat (operation, i);

  bloom_value_label_set_text (BLOOM_VALUE_LABEL (cells[COLUMN_I]), index);
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (cells[COLUMN_POSITION]), position);
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (cells[COLUMN_BEFORE]),
                              bloom_operation_get_before (operation, i) ? "1" : "0");
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (cells[COLUMN_AFTER]),
                              bloom_operation_get_after (operation, i) ? "1" : "0");
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (cells[COLUMN_SET_BY]), set_by);
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (cells[COLUMN_NOTE]), note ? note : "");
}

/* A row that repeats an earlier position in italics, the newest step in
 * bold. Pango attributes, not CSS classes: GTK 4.8 restyles a window
 * whose classes changed through a new layout of all of it, and rows
 * change their style with almost every operation. One list per style,
 * made once. */
static PangoAttrList *
get_row_attributes (gboolean repeat,
                    gboolean current_step)
{
  static PangoAttrList *styles[4];
  guint style = (repeat ? 1 : 0) | (current_step ? 2 : 0);

  if (style == 0)
    return NULL;

  if (styles[style] == NULL)
    {
      styles[style] = pango_attr_list_new ();
      if (repeat)
        pango_attr_list_insert (styles[style], pango_attr_style_new (PANGO_STYLE_ITALIC));
      if (current_step)
        pango_attr_list_insert (styles[style], pango_attr_weight_new (PANGO_WEIGHT_BOLD));
    }

  return styles[style];
}

/* View state, not the model's: stepping through shows only the rows
 * revealed so far, the newest in bold, with its step in words above. */
static void
show_revealed_rows (BloomHashTable *self)
{
  BloomOperation *operation = bloom_session_view_get_last_operation (BLOOM_SESSION_VIEW (self));
  guint k = operation ? bloom_operation_get_n_positions (operation) : 0;
  guint shown = MIN (k, bloom_session_view_get_revealed_steps (BLOOM_SESSION_VIEW (self)));
  gboolean stepping = bloom_session_view_is_stepping (BLOOM_SESSION_VIEW (self)) && k > 0;

  gtk_widget_set_visible (self->step_label, stepping && shown > 0);
  if (stepping && shown > 0)
    {
      g_autofree char *step = bloom_format_step (operation, shown - 1);

      bloom_value_label_set_text (BLOOM_VALUE_LABEL (self->step_label), step);
    }

  for (guint i = 0; i < BLOOM_K_MAX; i++)
    {
      PangoAttrList *style = get_row_attributes (i < shown && bloom_operation_is_repeat (operation, i),
                                                 stepping && i + 1 == shown);

      for (guint c = 0; c < N_COLUMNS; c++)
        {
          gtk_widget_set_visible (self->cells[i][c], i < shown);
          bloom_value_label_set_attributes (BLOOM_VALUE_LABEL (self->cells[i][c]), style);
        }
    }

  self->n_rows = shown;
}

/* The newest step's row while stepping through, a BloomScrollAreaFunc:
 * the page follows it as the grid follows its cell. */
static gboolean
get_current_row_area (GtkWidget       *widget,
                      graphene_rect_t *area)
{
  BloomHashTable *self = BLOOM_HASH_TABLE (widget);

  return self->n_rows > 0 && bloom_session_view_is_stepping (BLOOM_SESSION_VIEW (self)) &&
         bloom_hash_table_get_row_area (self, self->n_rows - 1, area);
}

static void
show_current_row_later (BloomHashTable *self)
{
  if (bloom_session_view_is_stepping (BLOOM_SESSION_VIEW (self)))
    bloom_scroll_show_later (GTK_WIDGET (self), get_current_row_area,
                             BLOOM_SCROLL_SECONDARY);
}

/* The Position column is as wide as the filter's widest position from
 * the start. Sized by each operation's positions instead, a row whose
 * position went from 1021 to 5 gave its room back and took it again with
 * the next operation: the table's columns moved under the class's eyes,
 * and each time the window was laid out again (342 times in 300
 * operations of bench-window, m = 1024). */
static void
fit_position_column (BloomHashTable *self)
{
  BloomFilter *filter = bloom_session_view_get_filter (BLOOM_SESSION_VIEW (self));
  guint widest = filter ? bloom_filter_get_m (filter) - 1 : 0;
  char digits[16];
  int n_digits = g_snprintf (digits, sizeof digits, "%u", widest);

  for (guint i = 0; i < BLOOM_K_MAX; i++)
    bloom_value_label_set_width_chars (BLOOM_VALUE_LABEL (self->cells[i][COLUMN_POSITION]), n_digits);
}

static void
bloom_hash_table_update (BloomSessionView *view)
{
  BloomHashTable *self = BLOOM_HASH_TABLE (view);
  BloomOperation *operation = bloom_session_view_get_last_operation (view);
  guint k = operation ? bloom_operation_get_n_positions (operation) : 0;
  guint setters[BLOOM_K_MAX];

  fit_position_column (self);
  find_setters (self, operation, setters);
  update_caption (self, operation);
  for (guint c = 0; c < N_COLUMNS; c++)
    gtk_widget_set_visible (self->headers[c], k > 0);
  for (guint i = 0; i < k; i++)
    fill_row (self, operation, i, setters[i]);
  show_revealed_rows (self);
  show_current_row_later (self);
}

static gboolean
query_label_tooltip (GtkWidget  *label,
                     int         x,
                     int         y,
                     gboolean    keyboard_mode,
                     GtkTooltip *tooltip)
{
  const char *text = bloom_value_label_get_text (BLOOM_VALUE_LABEL (label));

  if (*text == '\0')
    return FALSE;

  gtk_tooltip_set_text (tooltip, text);

  return TRUE;
}

static void
bloom_hash_table_dispose (GObject *object)
{
  BloomHashTable *self = BLOOM_HASH_TABLE (object);

  g_clear_pointer (&self->caption, gtk_widget_unparent);
  g_clear_pointer (&self->step_label, gtk_widget_unparent);
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      g_clear_pointer (&self->headers[c], gtk_widget_unparent);
      for (guint i = 0; i < BLOOM_K_MAX; i++)
        g_clear_pointer (&self->cells[i][c], gtk_widget_unparent);
    }

  G_OBJECT_CLASS (bloom_hash_table_parent_class)->dispose (object);
}

static void
bloom_hash_table_revealed_steps_changed (BloomSessionView *view)
{
  show_revealed_rows (BLOOM_HASH_TABLE (view));
  show_current_row_later (BLOOM_HASH_TABLE (view));
}

static guint
count_children (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;

  return n;
}

/* Column by column, not row by row: the cells overlap nothing, so the
 * order does not show, but the "Set by" column is monospace and its
 * neighbours are not. GTK 4.18 measures each new text node with an
 * unhinted copy of its font and keeps that copy for the last font only,
 * so cells whose fonts alternate along a row each made it load the
 * font again: two loads per row, 0.5 million instructions per
 * operation. */
static void
snapshot_children (BloomHashTable *self,
                   GtkSnapshot    *snapshot)
{
  GtkWidget *widget = GTK_WIDGET (self);

  gtk_widget_snapshot_child (widget, self->caption, snapshot);
  gtk_widget_snapshot_child (widget, self->step_label, snapshot);
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      gtk_widget_snapshot_child (widget, self->headers[c], snapshot);
      for (guint i = 0; i < BLOOM_K_MAX; i++)
        gtk_widget_snapshot_child (widget, self->cells[i][c], snapshot);
    }
}

/* Drawn again, the table is one rectangle of damage, not one per cell:
 * an insert changes up to 24 of its cells, and GSK, which compares a
 * frame's render nodes with the last frame's, gives up past 30
 * rectangles and repaints whole containers: on GTK 4.18 the whole page
 * (bench/damage-log.c). So the cells are drawn inside a clip that
 * alternates between their bounds and their bounds one pixel taller,
 * which clip nothing: two clip nodes with different clips are compared
 * as a whole, their bounds. GTK draws the table again only when one of
 * its cells changed. */
static void
bloom_hash_table_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  BloomHashTable *self = BLOOM_HASH_TABLE (widget);
  GtkSnapshot *cells_snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) cells = NULL;
  g_autoptr(GskRenderNode) clip = NULL;
  graphene_rect_t bounds;

  snapshot_children (self, cells_snapshot);
  cells = gtk_snapshot_free_to_node (cells_snapshot);
  if (cells == NULL)
    return;

  gsk_render_node_get_bounds (cells, &bounds);
  self->clip_taller = !self->clip_taller;
  if (self->clip_taller)
    bounds.size.height += 1;
  /* Made here: GtkSnapshot leaves out a clip that clips nothing. */
  clip = gsk_clip_node_new (cells, &bounds);
  gtk_snapshot_append_node (snapshot, clip);
}

static void
bloom_hash_table_class_init (BloomHashTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->dispose = bloom_hash_table_dispose;

  widget_class->snapshot = bloom_hash_table_snapshot;

  session_view_class->update = bloom_hash_table_update;
  session_view_class->revealed_steps_changed = bloom_hash_table_revealed_steps_changed;
  /* It sits in a collapsed expander most of the time. */
  session_view_class->wait_while_hidden = TRUE;

  gtk_widget_class_set_css_name (widget_class, "hashtable");
}

static void
bloom_hash_table_init (BloomHashTable *self)
{
  const char *headers[N_COLUMNS] = {
    C_("hash table", "i"),
    C_("hash table", "Position"),
    C_("hash table", "Bit before"),
    C_("hash table", "Bit after"),
    /* Translators: the first stored string whose positions include the bit */
    C_("hash table", "Set by"),
    "",
  };

  gtk_widget_set_layout_manager (GTK_WIDGET (self),
                                 gtk_custom_layout_new (get_table_request_mode, measure_table,
                                                        allocate_table));

  self->caption = bloom_session_view_append_label (BLOOM_SESSION_VIEW (self));

  self->step_label = bloom_session_view_append_label (BLOOM_SESSION_VIEW (self));
  gtk_widget_add_css_class (self->step_label, "heading");
  gtk_widget_set_visible (self->step_label, FALSE);

  for (guint c = 0; c < N_COLUMNS; c++)
    self->headers[c] = add_heading (self, headers[c], c < COLUMN_SET_BY);

  for (guint i = 0; i < BLOOM_K_MAX; i++)
    {
      for (guint c = 0; c < N_COLUMNS; c++)
        {
          self->cells[i][c] = add_cell (self, NULL, c < COLUMN_SET_BY);
          if (c < COLUMN_SET_BY)
            gtk_widget_add_css_class (self->cells[i][c], "numeric");
        }
      /* A long string is cut short in the table; its tooltip has all of
       * it, made when asked for: setting a tooltip on every operation
       * would cost a tooltip query each time. */
      gtk_widget_set_has_tooltip (self->cells[i][COLUMN_SET_BY], TRUE);
      g_signal_connect (self->cells[i][COLUMN_SET_BY], "query-tooltip",
                        G_CALLBACK (query_label_tooltip), NULL);
      /* A string of up to SET_BY_WHOLE_COLUMNS is shown whole, up to 32
       * when there is room, a longer one cut short. */
      bloom_value_label_set_width_chars (BLOOM_VALUE_LABEL (self->cells[i][COLUMN_SET_BY]),
                                         SET_BY_WHOLE_COLUMNS + 2);
      bloom_value_label_set_max_width_chars (BLOOM_VALUE_LABEL (self->cells[i][COLUMN_SET_BY]), 32);
      gtk_widget_add_css_class (self->cells[i][COLUMN_SET_BY], "monospace");
      /* "repeat of i = 3" goes on two lines rather than past the window
       * at a large zoom. */
      bloom_value_label_set_wrap (BLOOM_VALUE_LABEL (self->cells[i][COLUMN_NOTE]), TRUE);
      bloom_value_label_set_width_chars (BLOOM_VALUE_LABEL (self->cells[i][COLUMN_NOTE]), 6);
      bloom_value_label_set_max_width_chars (BLOOM_VALUE_LABEL (self->cells[i][COLUMN_NOTE]), 24);
    }

  /* snapshot_children() draws these and no other child. */
  g_assert (count_children (GTK_WIDGET (self)) == 2 + N_COLUMNS * (1 + BLOOM_K_MAX));

  bloom_hash_table_update (BLOOM_SESSION_VIEW (self));
}

guint
bloom_hash_table_get_n_rows (BloomHashTable *self)
{
  g_return_val_if_fail (BLOOM_IS_HASH_TABLE (self), 0);
  bloom_session_view_catch_up (BLOOM_SESSION_VIEW (self));

  return self->n_rows;
}

/* One row as shown, cells separated by tabs: for tests and for copying. */
char *
bloom_hash_table_get_row_text (BloomHashTable *self,
                               guint           row)
{
  GString *text;

  g_return_val_if_fail (BLOOM_IS_HASH_TABLE (self), NULL);
  bloom_session_view_catch_up (BLOOM_SESSION_VIEW (self));
  g_return_val_if_fail (row < self->n_rows, NULL);

  text = g_string_new (NULL);
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      if (c > 0)
        g_string_append_c (text, '\t');
      g_string_append (text, bloom_value_label_get_text (BLOOM_VALUE_LABEL (self->cells[row][c])));
    }

  return g_string_free (text, FALSE);
}

/* The step line shown while stepping through, or NULL. */
const char *
bloom_hash_table_get_step_text (BloomHashTable *self)
{
  g_return_val_if_fail (BLOOM_IS_HASH_TABLE (self), NULL);
  bloom_session_view_catch_up (BLOOM_SESSION_VIEW (self));

  if (!gtk_widget_get_visible (self->step_label))
    return NULL;

  return bloom_value_label_get_text (BLOOM_VALUE_LABEL (self->step_label));
}

/**
 * bloom_hash_table_get_row_area:
 * @area: (out): the row's band across the table, in its coordinates
 *
 * Returns: %FALSE when @row is not shown or not laid out yet
 */
gboolean
bloom_hash_table_get_row_area (BloomHashTable  *self,
                               guint            row,
                               graphene_rect_t *area)
{
  graphene_rect_t cell;

  g_return_val_if_fail (BLOOM_IS_HASH_TABLE (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  if (row >= self->n_rows ||
      !gtk_widget_compute_bounds (self->cells[row][COLUMN_I], GTK_WIDGET (self), &cell))
    return FALSE;

  graphene_rect_init (area, 0, cell.origin.y, gtk_widget_get_width (GTK_WIDGET (self)), cell.size.height);

  return TRUE;
}
