/* bloom-details-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-details-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "bloom-details-view.h"
#include "bloom-value-label.h"
#include "bloom-format.h"

typedef enum
{
  ROW_H1,
  ROW_H2,
  ROW_POSITIONS,
  ROW_PARAMETERS,
  ROW_BITS_SET,
  ROW_APPROXIMATION,
  ROW_EXACT,
  ROW_FILL_RATE,
  ROW_ESTIMATE,
  ROW_OBSERVED,
  N_ROWS
} Row;

/* Keys for bloom_details_view_get_value(), in Row order. The row of the
 * positions shows their formula, then under it the list, "positions". */
static const char * const row_keys[N_ROWS] = {
  "h1", "h2", "positions-formula", "parameters", "bits-set", "approximation", "exact",
  "fill-rate", "estimated-n", "observed",
};

/* A value that cannot be long: on one line. */
static const gboolean row_is_one_line[N_ROWS] = {
  [ROW_H2] = TRUE,
  [ROW_BITS_SET] = TRUE,
  [ROW_FILL_RATE] = TRUE,
};

/* In pixels: between titles and values, between rows and above the
 * notes at the end. */
#define COLUMN_SPACING 18
#define ROW_SPACING    6
#define NOTES_SPACING  12

struct _BloomDetailsView
{
  BloomSessionView parent_instance;

  /* Each row: its title, its value beside it and, under the value, what
   * it assumes (or, for the positions, their list), if anything. All
   * are the view's own children, laid out by measure_rows() and
   * allocate_rows() below. */
  GtkWidget    *titles[N_ROWS];
  GtkWidget    *values[N_ROWS];
  GtkWidget    *below[N_ROWS];
  /* Under the formula of the positions: their list, which changes with
   * each operation while the formula changes only with m and k. */
  GtkWidget    *position_list;
  GtkWidget    *notes;
};

G_DEFINE_FINAL_TYPE (BloomDetailsView, bloom_details_view, BLOOM_TYPE_SESSION_VIEW)

/* What the formulas are worked out from. */
typedef struct
{
  BloomSession *session;
  guint         m, k, n;
  guint         set;      /* X, the bits set */
} Inputs;

static void
set_value (BloomDetailsView *self,
           Row               row,
           const char       *text)
{
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (self->values[row]), text);
}

/* Shows @text, and frees it. */
static void
take_value (BloomDetailsView *self,
            Row               row,
            char             *text)
{
  set_value (self, row, text);
  g_free (text);
}

/* h1 and h2 of the last operation, and the positions they give. */
static void
update_hashes (BloomDetailsView *self,
               BloomOperation   *operation,
               const Inputs     *in)
{
  g_autofree char *list = NULL;
  g_autofree char *quoted = NULL;

  take_value (self, ROW_POSITIONS,
              g_strdup_printf (_("(h1 + i·h2) mod %u for i = 0 … %u"), in->m, in->k - 1));
  gtk_widget_set_visible (self->position_list, operation != NULL);
  if (operation == NULL)
    {
      set_value (self, ROW_H1, _("No operation yet."));
      set_value (self, ROW_H2, "—");
      bloom_value_label_set_text (BLOOM_VALUE_LABEL (self->position_list), "");
      return;
    }

  list = bloom_format_positions (operation);
  bloom_value_label_set_text (BLOOM_VALUE_LABEL (self->position_list), list);
  quoted = bloom_text_quote (bloom_operation_get_text (operation, NULL), -1);
  /* Translators: a hash value in decimal and in hex, then the string it is for */
  take_value (self, ROW_H1, g_strdup_printf (_("%u (0x%08x) for %s"), bloom_operation_get_h1 (operation),
                                             bloom_operation_get_h1 (operation), quoted));
  /* Translators: a hash value in decimal and in hex; it is odd by construction */
  take_value (self, ROW_H2, g_strdup_printf (_("%u (0x%08x), made odd"), bloom_operation_get_h2 (operation),
                                             bloom_operation_get_h2 (operation)));
}

static void
update_parameters (BloomDetailsView *self,
                   const Inputs     *in)
{
  g_autofree char *fill = bloom_format_decimal ((double) in->set / in->m);

  take_value (self, ROW_PARAMETERS,
              g_strdup_printf (_("n (distinct entries) = %u, m (bits) = %u, k (positions per string) = %u"),
                               in->n, in->m, in->k));
  /* Translators: bits set "X of m", then the fill ratio X/m */
  take_value (self, ROW_BITS_SET, g_strdup_printf (_("%u of %u (fill ratio %s)"), in->set, in->m, fill));
}

/* SPEC R6, the same with finite m, and the rate the set bits imply: each
 * with its inputs, so it can be checked by hand. */
static void
update_rates (BloomDetailsView *self,
              const Inputs     *in)
{
  guint m = in->m, k = in->k, n = in->n;
  g_autofree char *exponent = bloom_format_decimal (-(double) k * n / m);
  g_autofree char *approximate = bloom_format_decimal (bloom_session_get_approximate_rate (in->session));
  g_autofree char *clear = bloom_format_decimal (pow (1.0 - 1.0 / m, (double) k * n));
  g_autofree char *exact = bloom_format_decimal (bloom_session_get_exact_rate (in->session));
  g_autofree char *fill = bloom_format_decimal (bloom_session_get_fill_rate (in->session));

  take_value (self, ROW_APPROXIMATION,
              g_strdup_printf (_("f ≈ (1 − e^(−k·n/m))^k = (1 − e^(−%u·%u/%u))^%u = (1 − e^(%s))^%u ≈ %s"),
                               k, n, m, k, exponent, k, approximate));
  /* Translators: (1 − 1/m)^(kn) is the chance that one bit is still 0 */
  take_value (self, ROW_EXACT,
              g_strdup_printf (_("f ≈ (1 − (1 − 1/m)^(k·n))^k = (1 − (1 − 1/%u)^(%u·%u))^%u = (1 − %s)^%u ≈ %s"),
                               m, k, n, k, clear, k, exact));
  /* Translators: X is the number of bits set */
  take_value (self, ROW_FILL_RATE,
              g_strdup_printf (_("(X/m)^k = (%u/%u)^%u ≈ %s"), in->set, m, k, fill));
}

/* n̂ from the bits set; infinite when all are. */
static void
update_estimate (BloomDetailsView *self,
                 const Inputs     *in)
{
  g_autofree char *result = NULL;

  if (in->set == in->m)
    {
      /* Translators: n̂ is the estimated number of entries; ∞ is infinity */
      take_value (self, ROW_ESTIMATE,
                  g_strdup_printf (_("n̂ = −(m/k)·ln(1 − X/m) = −(%u/%u)·ln(1 − %u/%u) = ∞: every bit "
                                     "is set, so no number of entries explains it (n = %u)"),
                                   in->m, in->k, in->set, in->m, in->n));
      return;
    }

  result = bloom_format_decimal (bloom_session_get_estimated_entries (in->session));
  /* Translators: n̂ is the estimated number of entries, n the real one */
  take_value (self, ROW_ESTIMATE,
              g_strdup_printf (_("n̂ = −(m/k)·ln(1 − X/m) = −(%u/%u)·ln(1 − %u/%u) ≈ %s (n = %u)"),
                               in->m, in->k, in->set, in->m, result, in->n));
}

static void
update_observed (BloomDetailsView *self,
                 BloomSession     *session)
{
  g_autofree char *rate = bloom_format_observed_rate (session);

  if (!bloom_session_get_observed_rate (session, NULL))
    {
      set_value (self, ROW_OBSERVED, rate);
      return;
    }

  /* Translators: %s is a rate such as "1/2 = 0.5" */
  take_value (self, ROW_OBSERVED, g_strdup_printf (_("%s (false positives / negative queries)"), rate));
}

static void
bloom_details_view_update (BloomSessionView *view)
{
  BloomDetailsView *self = BLOOM_DETAILS_VIEW (view);
  BloomFilter *filter = bloom_session_view_get_filter (view);
  Inputs in;

  if (filter == NULL)
    {
      for (guint row = 0; row < N_ROWS; row++)
        set_value (self, row, "—");
      set_value (self, ROW_PARAMETERS, _("No filter is active."));
      gtk_widget_set_visible (self->position_list, FALSE);
      return;
    }

  in.session = bloom_session_view_get_session (view);
  in.m = bloom_filter_get_m (filter);
  in.k = bloom_filter_get_k (filter);
  in.n = bloom_session_get_n_entries (in.session);
  in.set = bloom_filter_count_set_bits (filter);

  update_hashes (self, bloom_session_view_get_last_operation (view), &in);
  update_parameters (self, &in);
  update_rates (self, &in);
  update_estimate (self, &in);
  update_observed (self, in.session);
}

/* A small, dim, wrapped text: what a value assumes, or promises not. */
static GtkWidget *
new_note (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");

  return label;
}

/* A value beside @title, which names it for screen readers. */
static GtkWidget *
new_value (GtkWidget *title,
           gboolean   one_line)
{
  GtkWidget *value = bloom_value_label_new (NULL);

  bloom_value_label_set_wrap (BLOOM_VALUE_LABEL (value), !one_line);
  /* The smallest width of the column, which the page keeps beside the
   * titles up to a zoom of 200 % (window test zoom-scales-text); above
   * that the titles go above the values. */
  bloom_value_label_set_width_chars (BLOOM_VALUE_LABEL (value), 40);
  gtk_widget_set_hexpand (value, TRUE);
  gtk_widget_add_css_class (value, "numeric");
  gtk_accessible_update_relation (GTK_ACCESSIBLE (value),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, title, NULL,
                                  -1);

  return value;
}

/* A row: the title and the value, then under the value what it
 * assumes, if anything. */
static void
add_row (BloomDetailsView *self,
         Row               row,
         const char       *title_text,
         const char       *assumption_text)
{
  GtkWidget *title = gtk_label_new (title_text);
  GtkWidget *value = new_value (title, row_is_one_line[row]);

  gtk_label_set_xalign (GTK_LABEL (title), 0.0f);
  gtk_label_set_yalign (GTK_LABEL (title), 0.0f);
  gtk_widget_add_css_class (title, "dim-label");
  gtk_widget_set_parent (title, GTK_WIDGET (self));
  gtk_widget_set_parent (value, GTK_WIDGET (self));
  self->titles[row] = title;
  self->values[row] = value;

  if (assumption_text != NULL)
    {
      GtkWidget *assumption = new_note (assumption_text);

      gtk_accessible_update_relation (GTK_ACCESSIBLE (value),
                                      GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, assumption, NULL,
                                      -1);
      gtk_widget_set_parent (assumption, GTK_WIDGET (self));
      self->below[row] = assumption;
    }

  if (row == ROW_POSITIONS)
    {
      /* Numbers and commas: it breaks between them. */
      self->position_list = new_value (title, FALSE);
      gtk_widget_set_parent (self->position_list, GTK_WIDGET (self));
      self->below[row] = self->position_list;
    }
}

/* The rows are laid out here rather than by a GtkGrid, whose general
 * algorithm (spans, baselines, a look-up of each child's layout
 * properties) ran over all of them several times per frame whenever a
 * value changed. Titles keep their width; values take the rest. */

static int
get_title_width (BloomDetailsView *self)
{
  int width = 0;

  for (guint row = 0; row < N_ROWS; row++)
    {
      int natural;

      gtk_widget_measure (self->titles[row], GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural,
                          NULL, NULL);
      width = MAX (width, natural);
    }

  return width;
}

/* The widgets of the value column, shown or not. */
static guint
get_value_column (BloomDetailsView *self,
                  GtkWidget        *column[2 * N_ROWS])
{
  guint n = 0;

  for (guint row = 0; row < N_ROWS; row++)
    {
      column[n++] = self->values[row];
      if (self->below[row] != NULL && gtk_widget_get_visible (self->below[row]))
        column[n++] = self->below[row];
    }

  return n;
}

static int
measure_height (GtkWidget *widget,
                int        width)
{
  int height;

  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, width, &height, NULL, NULL, NULL);

  return height;
}

/* The narrowest the value column can be. */
static int
get_value_minimum (BloomDetailsView *self)
{
  GtkWidget *column[2 * N_ROWS];
  guint n_column = get_value_column (self, column);
  int value_minimum = 0;

  for (guint i = 0; i < n_column; i++)
    {
      int child_minimum;

      gtk_widget_measure (column[i], GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, NULL,
                          NULL, NULL);
      value_minimum = MAX (value_minimum, child_minimum);
    }

  return value_minimum;
}

/* Too narrow (zoomed in) for the titles beside the values: each title
 * goes above its value instead, and the page need not scroll sideways. */
static gboolean
is_stacked (BloomDetailsView *self,
            int               width,
            int               title_width)
{
  return width >= 0 && width < title_width + COLUMN_SPACING + get_value_minimum (self);
}

/* The height of @row with values @value_width wide, its title above them
 * when @stacked; its second line's height in @below_height, 0 without
 * one. */
static int
measure_row (BloomDetailsView *self,
             Row               row,
             int               value_width,
             gboolean          stacked,
             int              *below_height)
{
  int title_height = measure_height (self->titles[row], -1);
  int value_height = measure_height (self->values[row], value_width);
  int height = stacked ? title_height + ROW_SPACING + value_height : MAX (title_height, value_height);

  *below_height = 0;
  if (self->below[row] != NULL && gtk_widget_get_visible (self->below[row]))
    *below_height = measure_height (self->below[row], value_width);

  return height;
}

static GtkSizeRequestMode
get_rows_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
measure_rows (GtkWidget      *widget,
              GtkOrientation  orientation,
              int             for_size,
              int            *minimum,
              int            *natural,
              int            *minimum_baseline,
              int            *natural_baseline)
{
  BloomDetailsView *self = BLOOM_DETAILS_VIEW (widget);
  int title_width = get_title_width (self);
  GtkWidget *column[2 * N_ROWS];
  guint n_column = get_value_column (self, column);
  int notes_minimum, notes_natural;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int value_natural = 0;

      for (guint i = 0; i < n_column; i++)
        {
          int child_natural;

          gtk_widget_measure (column[i], GTK_ORIENTATION_HORIZONTAL, -1, NULL, &child_natural,
                              NULL, NULL);
          value_natural = MAX (value_natural, child_natural);
        }
      gtk_widget_measure (self->notes, GTK_ORIENTATION_HORIZONTAL, -1, &notes_minimum,
                          &notes_natural, NULL, NULL);
      /* At the narrowest, titles above values. */
      *minimum = MAX (MAX (title_width, get_value_minimum (self)), notes_minimum);
      *natural = MAX (title_width + COLUMN_SPACING + value_natural, notes_natural);
    }
  else
    {
      gboolean stacked = is_stacked (self, for_size, title_width);
      int value_width;
      int height = (N_ROWS - 1) * ROW_SPACING + NOTES_SPACING;

      /* Without a width, each value at its smallest, as GtkGrid does. */
      if (for_size < 0)
        value_width = get_value_minimum (self);
      else if (stacked)
        value_width = for_size;
      else
        value_width = MAX (for_size - title_width - COLUMN_SPACING, 0);

      for (guint row = 0; row < N_ROWS; row++)
        {
          int below_height;

          height += measure_row (self, row, value_width, stacked, &below_height);
          if (below_height > 0)
            height += ROW_SPACING + below_height;
        }
      gtk_widget_measure (self->notes, GTK_ORIENTATION_VERTICAL, for_size, &notes_minimum,
                          &notes_natural, NULL, NULL);
      *minimum = height + notes_minimum;
      *natural = height + notes_natural;
    }
}

static void
allocate_child (GtkWidget *child,
                gboolean   rtl,
                int        view_width,
                int        x,
                int        y,
                int        width,
                int        height)
{
  if (rtl)
    x = view_width - x - width;
  gtk_widget_size_allocate (child, &(GtkAllocation) { x, y, width, height }, -1);
}

static void
allocate_rows (GtkWidget *widget,
               int        width,
               int        height,
               int        baseline)
{
  BloomDetailsView *self = BLOOM_DETAILS_VIEW (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int title_width = get_title_width (self);
  gboolean stacked = is_stacked (self, width, title_width);
  int value_x = stacked ? 0 : title_width + COLUMN_SPACING;
  int value_width = MAX (width - value_x, 0);
  int y = 0;

  for (guint row = 0; row < N_ROWS; row++)
    {
      int below_height;
      int row_height = measure_row (self, row, value_width, stacked, &below_height);

      if (stacked)
        {
          int title_height = measure_height (self->titles[row], -1);

          allocate_child (self->titles[row], rtl, width, 0, y, width, title_height);
          allocate_child (self->values[row], rtl, width, 0, y + title_height + ROW_SPACING,
                          width, row_height - title_height - ROW_SPACING);
        }
      else
        {
          allocate_child (self->titles[row], rtl, width, 0, y, title_width, row_height);
          allocate_child (self->values[row], rtl, width, value_x, y, value_width, row_height);
        }
      y += row_height + ROW_SPACING;
      if (below_height > 0)
        {
          allocate_child (self->below[row], rtl, width, value_x, y, value_width, below_height);
          y += below_height + ROW_SPACING;
        }
    }

  y += NOTES_SPACING - ROW_SPACING;
  allocate_child (self->notes, rtl, width, 0, y, width, measure_height (self->notes, width));
}

static void
add_notes (BloomDetailsView *self)
{
  g_autofree char *notes = NULL;

  /* SPEC R6, H5 and R5: what the numbers above do not promise. */
  notes = g_strjoin ("\n",
                     _("The approximation assumes ideal hashes that are independent and uniformly "
                       "distributed; it is not the exact false-positive rate of this filter."),
                     _("The hash is a deterministic, non-cryptographic teaching hash: FNV-1a style "
                       "over UTF-16 code units. Its positions are not claimed to be independent "
                       "or uniform."),
                     _("Hand-picked queries are no random sample: the observed rate promises "
                       "nothing about future strings."),
                     NULL);
  self->notes = new_note (notes);
  gtk_widget_set_parent (self->notes, GTK_WIDGET (self));
}

static void
bloom_details_view_dispose (GObject *object)
{
  BloomDetailsView *self = BLOOM_DETAILS_VIEW (object);

  for (guint row = 0; row < N_ROWS; row++)
    {
      g_clear_pointer (&self->titles[row], gtk_widget_unparent);
      g_clear_pointer (&self->values[row], gtk_widget_unparent);
      g_clear_pointer (&self->below[row], gtk_widget_unparent);
    }
  self->position_list = NULL;
  g_clear_pointer (&self->notes, gtk_widget_unparent);

  G_OBJECT_CLASS (bloom_details_view_parent_class)->dispose (object);
}

static void
bloom_details_view_class_init (BloomDetailsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->dispose = bloom_details_view_dispose;

  session_view_class->update = bloom_details_view_update;
  /* It sits in a collapsed expander most of the time. */
  session_view_class->wait_while_hidden = TRUE;

  gtk_widget_class_set_css_name (widget_class, "detailsview");
}

static void
bloom_details_view_init (BloomDetailsView *self)
{
  const char *titles[N_ROWS] = {
    _("Base hash h1"),
    _("Base hash h2"),
    _("Positions"),
    _("Parameters"),
    _("Bits set"),
    _("Ideal-hash approximation"),
    _("Finite-m approximation"),
    _("Rate from the bits set"),
    _("Estimated entries n̂"),
    _("Observed false-positive rate"),
  };
  /* What each formula beside the approximation assumes (R6, H5). */
  const char *assumptions[N_ROWS] = {
    [ROW_EXACT] = _("Assumes, like the approximation, that the k·n positions of the stored strings "
                    "are independent and uniform over the m bits, but keeps (1 − 1/m)^(k·n) "
                    "exact instead of e^(−k·n/m). It treats the k bits a new string tests as "
                    "independent, so it is an estimate too, not the rate of this filter."),
    [ROW_FILL_RATE] = _("Takes the X bits that are actually set as they are, and assumes each of "
                        "the k positions of a new string is uniform over the m bits and "
                        "independent of the others: the chance that all k land on set bits."),
    [ROW_ESTIMATE] = _("How many strings with ideal, independent hashes would set X bits on "
                       "average; compare it with n, the distinct entries actually stored."),
  };

  gtk_widget_set_layout_manager (GTK_WIDGET (self),
                                 gtk_custom_layout_new (get_rows_request_mode, measure_rows,
                                                        allocate_rows));

  for (guint row = 0; row < N_ROWS; row++)
    add_row (self, row, titles[row], assumptions[row]);
  add_notes (self);

  bloom_details_view_update (BLOOM_SESSION_VIEW (self));
}

/* The text of one value, by key ("h1", "approximation", …), for tests:
 * "positions" is the list of the last operation's positions (empty
 * without one), "positions-formula" the formula above it. */
const char *
bloom_details_view_get_value (BloomDetailsView *self,
                              const char       *key)
{
  g_return_val_if_fail (BLOOM_IS_DETAILS_VIEW (self), NULL);
  bloom_session_view_catch_up (BLOOM_SESSION_VIEW (self));
  g_return_val_if_fail (key != NULL, NULL);

  if (strcmp (key, "positions") == 0)
    return bloom_value_label_get_text (BLOOM_VALUE_LABEL (self->position_list));
  for (guint row = 0; row < N_ROWS; row++)
    if (strcmp (row_keys[row], key) == 0)
      return bloom_value_label_get_text (BLOOM_VALUE_LABEL (self->values[row]));

  g_return_val_if_reached (NULL);
}
