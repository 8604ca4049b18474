/* bloom-hash-table.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-hash-table"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-format.h"
#include "bloom-hash-table.h"

/* A "Set by" string at most this many columns wide is shown whole: only
 * a longer one is ellipsized (see fill_row()). */
#define SET_BY_WHOLE_COLUMNS 12

enum { COLUMN_I, COLUMN_POSITION, COLUMN_BEFORE, COLUMN_AFTER, COLUMN_SET_BY, COLUMN_NOTE, N_COLUMNS };

struct _BloomHashTable
{
  BloomSessionView parent_instance;

  GtkWidget    *caption;
  GtkWidget    *step_label;
  GtkWidget    *grid;
  /* k is at most 12: every row exists from the start and is only shown,
   * hidden and relabelled, never rebuilt. */
  GtkWidget    *cells[BLOOM_K_MAX][N_COLUMNS];
  guint         n_rows;
  guint         revealed_steps;  /* view state: G_MAXUINT shows every row */
};

G_DEFINE_FINAL_TYPE (BloomHashTable, bloom_hash_table, BLOOM_TYPE_SESSION_VIEW)

enum { PROP_0, PROP_REVEALED_STEPS, N_PROPS };
static GParamSpec *properties[N_PROPS];

static GtkWidget *
add_cell (BloomHashTable *self,
          int             column,
          int             row,
          gboolean        numeric)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0f : 0.0f);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_grid_attach (GTK_GRID (self->grid), label, column, row, 1, 1);

  return label;
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

/* TRUE when @text takes at most @columns character cells, a wide
 * (East Asian) character counting two. */
static gboolean
fits_columns (const char *text,
              guint       columns)
{
  guint used = 0;

  for (const char *p = text; *p != '\0' && used <= columns; p = g_utf8_next_char (p))
    used += g_unichar_iswide (g_utf8_get_char (p)) ? 2 : 1;

  return used <= columns;
}

static void
set_css_class (GtkWidget  *widget,
               const char *css_class,
               gboolean    present)
{
  if (present)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
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
      gtk_label_set_text (GTK_LABEL (self->caption),
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
  gtk_label_set_text (GTK_LABEL (self->caption), caption);
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

  gtk_label_set_text (GTK_LABEL (cells[COLUMN_I]), index);
  gtk_label_set_text (GTK_LABEL (cells[COLUMN_POSITION]), position);
  gtk_label_set_text (GTK_LABEL (cells[COLUMN_BEFORE]),
                      bloom_operation_get_before (operation, i) ? "1" : "0");
  gtk_label_set_text (GTK_LABEL (cells[COLUMN_AFTER]),
                      bloom_operation_get_after (operation, i) ? "1" : "0");
  /* An ellipsizing label lays its text out twice more to be measured, at
   * its natural and its smallest width: only a string long enough to need
   * it pays for that. */
  gtk_label_set_ellipsize (GTK_LABEL (cells[COLUMN_SET_BY]),
                           fits_columns (set_by, SET_BY_WHOLE_COLUMNS) ? PANGO_ELLIPSIZE_NONE
                                                                       : PANGO_ELLIPSIZE_END);
  gtk_label_set_text (GTK_LABEL (cells[COLUMN_SET_BY]), set_by);
  gtk_label_set_text (GTK_LABEL (cells[COLUMN_NOTE]), note ? note : "");

  for (guint c = 0; c < N_COLUMNS; c++)
    set_css_class (cells[c], "repeat", note != NULL);
}

/* View state, not the model's: stepping through shows only the rows
 * revealed so far, the newest in bold, with its step in words above. */
static void
show_revealed_rows (BloomHashTable *self)
{
  BloomOperation *operation = bloom_session_view_get_last_operation (BLOOM_SESSION_VIEW (self));
  guint k = operation ? bloom_operation_get_n_positions (operation) : 0;
  guint shown = MIN (k, self->revealed_steps);
  gboolean stepping = self->revealed_steps != G_MAXUINT && k > 0;

  gtk_widget_set_visible (self->step_label, stepping && shown > 0);
  if (stepping && shown > 0)
    {
      g_autofree char *step = bloom_format_step (operation, shown - 1);

      gtk_label_set_text (GTK_LABEL (self->step_label), step);
    }

  for (guint i = 0; i < BLOOM_K_MAX; i++)
    for (guint c = 0; c < N_COLUMNS; c++)
      {
        gtk_widget_set_visible (self->cells[i][c], i < shown);
        set_css_class (self->cells[i][c], "current-step", stepping && i + 1 == shown);
      }

  self->n_rows = shown;
}

static void
bloom_hash_table_update (BloomSessionView *view)
{
  BloomHashTable *self = BLOOM_HASH_TABLE (view);
  BloomOperation *operation = bloom_session_view_get_last_operation (view);
  guint k = operation ? bloom_operation_get_n_positions (operation) : 0;
  guint setters[BLOOM_K_MAX];

  find_setters (self, operation, setters);
  update_caption (self, operation);
  gtk_widget_set_visible (self->grid, k > 0);
  for (guint i = 0; i < k; i++)
    fill_row (self, operation, i, setters[i]);
  show_revealed_rows (self);
}

static gboolean
query_label_tooltip (GtkWidget  *label,
                     int         x,
                     int         y,
                     gboolean    keyboard_mode,
                     GtkTooltip *tooltip)
{
  const char *text = gtk_label_get_text (GTK_LABEL (label));

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
  g_clear_pointer (&self->grid, gtk_widget_unparent);

  G_OBJECT_CLASS (bloom_hash_table_parent_class)->dispose (object);
}

static void
bloom_hash_table_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  BloomHashTable *self = BLOOM_HASH_TABLE (object);

  switch (prop_id)
    {
    case PROP_REVEALED_STEPS:
      g_value_set_uint (value, self->revealed_steps);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_hash_table_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  BloomHashTable *self = BLOOM_HASH_TABLE (object);

  switch (prop_id)
    {
    case PROP_REVEALED_STEPS:
      bloom_hash_table_set_revealed_steps (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_hash_table_class_init (BloomHashTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->dispose = bloom_hash_table_dispose;
  object_class->get_property = bloom_hash_table_get_property;
  object_class->set_property = bloom_hash_table_set_property;

  session_view_class->update = bloom_hash_table_update;
  /* It sits in a collapsed expander most of the time. */
  session_view_class->wait_while_hidden = TRUE;

  /* How many rows of the last operation are shown; G_MAXUINT: all. */
  properties[PROP_REVEALED_STEPS] =
    g_param_spec_uint ("revealed-steps", NULL, NULL, 0, G_MAXUINT, G_MAXUINT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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

  bloom_session_view_stack_children (BLOOM_SESSION_VIEW (self), 6);

  self->revealed_steps = G_MAXUINT;

  self->caption = bloom_session_view_append_label (BLOOM_SESSION_VIEW (self));

  self->step_label = bloom_session_view_append_label (BLOOM_SESSION_VIEW (self));
  gtk_widget_add_css_class (self->step_label, "heading");
  gtk_widget_set_visible (self->step_label, FALSE);

  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 24);
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 2);
  gtk_widget_set_halign (self->grid, GTK_ALIGN_START);
  gtk_widget_set_parent (self->grid, GTK_WIDGET (self));

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      GtkWidget *header = gtk_label_new (headers[c]);

      gtk_label_set_xalign (GTK_LABEL (header), c >= COLUMN_SET_BY ? 0.0f : 1.0f);
      gtk_widget_add_css_class (header, "heading");
      gtk_grid_attach (GTK_GRID (self->grid), header, c, 0, 1, 1);
    }

  for (guint i = 0; i < BLOOM_K_MAX; i++)
    {
      for (guint c = 0; c < N_COLUMNS; c++)
        self->cells[i][c] = add_cell (self, c, i + 1, c < COLUMN_SET_BY);
      gtk_label_set_ellipsize (GTK_LABEL (self->cells[i][COLUMN_SET_BY]), PANGO_ELLIPSIZE_END);
      /* A long string is cut short in the table; its tooltip has all of
       * it, made when asked for: setting a tooltip on every operation
       * would cost a tooltip query each time. */
      gtk_widget_set_has_tooltip (self->cells[i][COLUMN_SET_BY], TRUE);
      g_signal_connect (self->cells[i][COLUMN_SET_BY], "query-tooltip",
                        G_CALLBACK (query_label_tooltip), NULL);
      gtk_label_set_max_width_chars (GTK_LABEL (self->cells[i][COLUMN_SET_BY]), 32);
      gtk_widget_add_css_class (self->cells[i][COLUMN_SET_BY], "monospace");
    }

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
      g_string_append (text, gtk_label_get_text (GTK_LABEL (self->cells[row][c])));
    }

  return g_string_free (text, FALSE);
}

guint
bloom_hash_table_get_revealed_steps (BloomHashTable *self)
{
  g_return_val_if_fail (BLOOM_IS_HASH_TABLE (self), G_MAXUINT);

  return self->revealed_steps;
}

/* Step-through: show only the first @revealed_steps rows; G_MAXUINT shows
 * them all. */
void
bloom_hash_table_set_revealed_steps (BloomHashTable *self,
                                     guint           revealed_steps)
{
  g_return_if_fail (BLOOM_IS_HASH_TABLE (self));

  if (self->revealed_steps == revealed_steps)
    return;

  self->revealed_steps = revealed_steps;
  if (!bloom_session_view_defer_while_hidden (BLOOM_SESSION_VIEW (self)))
    show_revealed_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEALED_STEPS]);
}

/* The step line shown while stepping through, or NULL. */
const char *
bloom_hash_table_get_step_text (BloomHashTable *self)
{
  g_return_val_if_fail (BLOOM_IS_HASH_TABLE (self), NULL);
  bloom_session_view_catch_up (BLOOM_SESSION_VIEW (self));

  if (!gtk_widget_get_visible (self->step_label))
    return NULL;

  return gtk_label_get_text (GTK_LABEL (self->step_label));
}
