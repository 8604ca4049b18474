/* bloom-hash-table.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-hash-table"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-format.h"
#include "bloom-hash-table.h"
#include "bloom-session-view.h"

enum { COLUMN_I, COLUMN_POSITION, COLUMN_BEFORE, COLUMN_AFTER, COLUMN_SET_BY, COLUMN_NOTE, N_COLUMNS };

struct _BloomHashTable
{
  GtkWidget     parent_instance;

  BloomSession *session;
  gulong        changed_handler;

  GtkWidget    *caption;
  GtkWidget    *step_label;
  GtkWidget    *grid;
  /* k is at most 12: every row exists from the start and is only shown,
   * hidden and relabelled, never rebuilt. */
  GtkWidget    *cells[BLOOM_K_MAX][N_COLUMNS];
  guint         n_rows;
  guint         revealed_steps;  /* view state: G_MAXUINT shows every row */
};

G_DEFINE_FINAL_TYPE (BloomHashTable, bloom_hash_table, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_SESSION, PROP_REVEALED_STEPS, N_PROPS };
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

  text = bloom_session_get_entry (self->session, entry, &len);

  return bloom_text_quote (text, len);
}

static void
update (BloomHashTable *self)
{
  BloomOperation *operation = self->session ? bloom_session_get_last_operation (self->session) : NULL;
  guint k = operation ? bloom_operation_get_n_positions (operation) : 0;
  guint shown = MIN (k, self->revealed_steps);
  gboolean stepping = self->revealed_steps != G_MAXUINT && k > 0;
  guint bits[BLOOM_K_MAX];
  guint setters[BLOOM_K_MAX];

  /* One pass over the entries for all rows. */
  for (guint i = 0; i < k; i++)
    bits[i] = bloom_operation_get_position (operation, i);
  if (k > 0)
    bloom_session_get_first_setters (self->session, bits, k, setters);

  if (operation == NULL)
    gtk_label_set_text (GTK_LABEL (self->caption),
                        _("No operation yet: insert or query a string to see its positions."));
  else
    {
      guint distinct = bloom_operation_get_n_distinct_positions (operation);
      g_autofree char *positions =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u position", "%u positions", k), k);
      g_autofree char *caption =
        /* Translators: "12 positions, 10 distinct" */
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u distinct", "%s, %u distinct",
                                      distinct),
                         positions, distinct);

      gtk_label_set_text (GTK_LABEL (self->caption), caption);
    }

  gtk_widget_set_visible (self->grid, k > 0);

  /* Stepping through: only the rows revealed so far, the newest in bold. */
  gtk_widget_set_visible (self->step_label, stepping && shown > 0);
  if (stepping && shown > 0)
    {
      g_autofree char *step = bloom_format_step (operation, shown - 1);

      gtk_label_set_text (GTK_LABEL (self->step_label), step);
    }

  for (guint i = 0; i < BLOOM_K_MAX; i++)
    {
      gboolean visible = i < shown;

      for (guint c = 0; c < N_COLUMNS; c++)
        gtk_widget_set_visible (self->cells[i][c], visible);

      if (visible)
        {
          g_autofree char *index = g_strdup_printf ("%u", i);
          g_autofree char *position = g_strdup_printf ("%u", bloom_operation_get_position (operation, i));
          g_autofree char *note = NULL;

          gtk_label_set_text (GTK_LABEL (self->cells[i][COLUMN_I]), index);
          gtk_label_set_text (GTK_LABEL (self->cells[i][COLUMN_POSITION]), position);
          gtk_label_set_text (GTK_LABEL (self->cells[i][COLUMN_BEFORE]),
                              bloom_operation_get_before (operation, i) ? "1" : "0");
          gtk_label_set_text (GTK_LABEL (self->cells[i][COLUMN_AFTER]),
                              bloom_operation_get_after (operation, i) ? "1" : "0");

          if (bloom_operation_is_repeat (operation, i))
            {
              guint first = 0;

              while (bloom_operation_get_position (operation, first) !=
                     bloom_operation_get_position (operation, i))
                first++;
              /* Translators: marks a row whose position an earlier row had */
              note = g_strdup_printf (_("repeat of i = %u"), first);
            }
          gtk_label_set_text (GTK_LABEL (self->cells[i][COLUMN_NOTE]), note ? note : "");
          {
            g_autofree char *setter = format_setter (self, setters[i]);

            gtk_label_set_text (GTK_LABEL (self->cells[i][COLUMN_SET_BY]), setter);

          }

          for (guint c = 0; c < N_COLUMNS; c++)
            {
              if (note != NULL)
                gtk_widget_add_css_class (self->cells[i][c], "repeat");
              else
                gtk_widget_remove_css_class (self->cells[i][c], "repeat");
              if (stepping && i + 1 == shown)
                gtk_widget_add_css_class (self->cells[i][c], "current-step");
              else
                gtk_widget_remove_css_class (self->cells[i][c], "current-step");
            }
        }
    }

  self->n_rows = shown;
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

  bloom_session_view_unbind (&self->session, &self->changed_handler);
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
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
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
    case PROP_SESSION:
      bloom_hash_table_set_session (self, g_value_get_object (value));
      break;
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

  object_class->dispose = bloom_hash_table_dispose;
  object_class->get_property = bloom_hash_table_get_property;
  object_class->set_property = bloom_hash_table_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, BLOOM_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* How many rows of the last operation are shown; G_MAXUINT: all. */
  properties[PROP_REVEALED_STEPS] =
    g_param_spec_uint ("revealed-steps", NULL, NULL, 0, G_MAXUINT, G_MAXUINT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "hashtable");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
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

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 6);

  self->revealed_steps = G_MAXUINT;

  self->caption = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->caption), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (self->caption), TRUE);
  gtk_widget_set_parent (self->caption, GTK_WIDGET (self));

  self->step_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->step_label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (self->step_label), TRUE);
  gtk_widget_add_css_class (self->step_label, "heading");
  gtk_widget_set_visible (self->step_label, FALSE);
  gtk_widget_set_parent (self->step_label, GTK_WIDGET (self));

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

  update (self);
}

BloomSession *
bloom_hash_table_get_session (BloomHashTable *self)
{
  g_return_val_if_fail (BLOOM_IS_HASH_TABLE (self), NULL);

  return self->session;
}

void
bloom_hash_table_set_session (BloomHashTable *self,
                              BloomSession   *session)
{
  g_return_if_fail (BLOOM_IS_HASH_TABLE (self));
  g_return_if_fail (session == NULL || BLOOM_IS_SESSION (session));

  if (!bloom_session_view_bind_when_shown (GTK_WIDGET (self), &self->session,
                                           &self->changed_handler, session,
                                           G_CALLBACK (update)))
    return;

  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

guint
bloom_hash_table_get_n_rows (BloomHashTable *self)
{
  g_return_val_if_fail (BLOOM_IS_HASH_TABLE (self), 0);
  bloom_session_view_catch_up (GTK_WIDGET (self));

  return self->n_rows;
}

/* One row as shown, cells separated by tabs: for tests and for copying. */
char *
bloom_hash_table_get_row_text (BloomHashTable *self,
                               guint           row)
{
  GString *text;

  g_return_val_if_fail (BLOOM_IS_HASH_TABLE (self), NULL);
  bloom_session_view_catch_up (GTK_WIDGET (self));
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
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEALED_STEPS]);
}

/* The step line shown while stepping through, or NULL. */
const char *
bloom_hash_table_get_step_text (BloomHashTable *self)
{
  g_return_val_if_fail (BLOOM_IS_HASH_TABLE (self), NULL);
  bloom_session_view_catch_up (GTK_WIDGET (self));

  if (!gtk_widget_get_visible (self->step_label))
    return NULL;

  return gtk_label_get_text (GTK_LABEL (self->step_label));
}
