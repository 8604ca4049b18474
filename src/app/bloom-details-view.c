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
#include "bloom-session-view.h"
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

/* Keys for bloom_details_view_get_value(), in Row order. */
static const char * const row_keys[N_ROWS] = {
  "h1", "h2", "positions", "parameters", "bits-set", "approximation", "exact", "fill-rate",
  "estimated-n", "observed",
};

struct _BloomDetailsView
{
  GtkWidget     parent_instance;

  BloomSession *session;
  gulong        changed_handler;

  GtkWidget    *grid;
  GtkWidget    *values[N_ROWS];
  GtkWidget    *notes;
};

G_DEFINE_FINAL_TYPE (BloomDetailsView, bloom_details_view, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_SESSION, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
set_value (BloomDetailsView *self,
           Row               row,
           const char       *text)
{
  gtk_label_set_text (GTK_LABEL (self->values[row]), text);
}

static void
update (BloomDetailsView *self)
{
  BloomFilter *filter = self->session ? bloom_session_get_filter (self->session) : NULL;
  BloomOperation *operation = self->session ? bloom_session_get_last_operation (self->session) : NULL;
  g_autofree char *h1 = NULL, *h2 = NULL, *positions = NULL, *parameters = NULL;
  g_autofree char *bits_set = NULL, *approximation = NULL, *observed = NULL;
  g_autofree char *exact = NULL, *fill_rate = NULL, *estimate = NULL;
  guint m, k, n, set;
  double exponent;

  if (filter == NULL)
    {
      for (guint row = 0; row < N_ROWS; row++)
        set_value (self, row, "—");
      set_value (self, ROW_PARAMETERS, _("No filter is active."));
      return;
    }

  m = bloom_filter_get_m (filter);
  k = bloom_filter_get_k (filter);
  n = bloom_session_get_n_entries (self->session);
  set = bloom_filter_count_set_bits (filter);

  if (operation != NULL)
    {
      g_autofree char *list = bloom_format_positions (operation);
      g_autofree char *quoted = bloom_text_quote (bloom_operation_get_text (operation, NULL), -1);

      /* Translators: a hash value in decimal and in hex, then the string it is for */
      h1 = g_strdup_printf (_("%u (0x%08x) for %s"), bloom_operation_get_h1 (operation),
                            bloom_operation_get_h1 (operation), quoted);
      /* Translators: a hash value in decimal and in hex; it is odd by construction */
      h2 = g_strdup_printf (_("%u (0x%08x), made odd"), bloom_operation_get_h2 (operation),
                            bloom_operation_get_h2 (operation));
      /* Translators: the formula of the positions, then their values */
      positions = g_strdup_printf (_("(h1 + i·h2) mod %u for i = 0 … %u: %s"), m, k - 1, list);
    }
  else
    {
      h1 = g_strdup (_("No operation yet."));
      h2 = g_strdup ("—");
      positions = g_strdup_printf (_("(h1 + i·h2) mod %u for i = 0 … %u"), m, k - 1);
    }

  parameters = g_strdup_printf (_("n (distinct entries) = %u, m (bits) = %u, k (positions per string) = %u"),
                                n, m, k);
  {
    g_autofree char *fill = bloom_format_decimal ((double) set / m);

    /* Translators: bits set "X of m", then the fill ratio X/m */
    bits_set = g_strdup_printf (_("%u of %u (fill ratio %s)"), set, m, fill);
  }

  /* SPEC R6, with its inputs, so it can be checked by hand. */
  exponent = -(double) k * n / m;
  {
    g_autofree char *exp_value = bloom_format_decimal (exponent);
    g_autofree char *result = bloom_format_decimal (bloom_session_get_approximate_rate (self->session));

    approximation = g_strdup_printf (_("f ≈ (1 − e^(−k·n/m))^k = (1 − e^(−%u·%u/%u))^%u = (1 − e^(%s))^%u ≈ %s"),
                                     k, n, m, k, exp_value, k, result);
  }

  /* The same with finite m, and the rate the set bits imply. */
  {
    g_autofree char *clear = bloom_format_decimal (pow (1.0 - 1.0 / m, (double) k * n));
    g_autofree char *result = bloom_format_decimal (bloom_session_get_exact_rate (self->session));

    /* Translators: (1 − 1/m)^(kn) is the chance that one bit is still 0 */
    exact = g_strdup_printf (_("f = (1 − (1 − 1/m)^(k·n))^k = (1 − (1 − 1/%u)^(%u·%u))^%u = (1 − %s)^%u ≈ %s"),
                             m, k, n, k, clear, k, result);
  }
  {
    g_autofree char *result = bloom_format_decimal (bloom_session_get_fill_rate (self->session));

    /* Translators: X is the number of bits set */
    fill_rate = g_strdup_printf (_("(X/m)^k = (%u/%u)^%u ≈ %s"), set, m, k, result);
  }

  /* n̂ from the bits set; infinite when all are. */
  if (set == m)
    /* Translators: n̂ is the estimated number of entries; ∞ is infinity */
    estimate = g_strdup_printf (_("n̂ = −(m/k)·ln(1 − X/m) = −(%u/%u)·ln(1 − %u/%u) = ∞: every bit "
                                  "is set, so no number of entries explains it (n = %u)"),
                                m, k, set, m, n);
  else
    {
      g_autofree char *result = bloom_format_decimal (bloom_session_get_estimated_entries (self->session));

      /* Translators: n̂ is the estimated number of entries, n the real one */
      estimate = g_strdup_printf (_("n̂ = −(m/k)·ln(1 − X/m) = −(%u/%u)·ln(1 − %u/%u) ≈ %s (n = %u)"),
                                  m, k, set, m, result, n);
    }

  if (bloom_session_get_observed_rate (self->session, NULL))
    {
      g_autofree char *rate = bloom_format_observed_rate (self->session);

      /* Translators: %s is a rate such as "1/2 = 0.5" */
      observed = g_strdup_printf (_("%s (false positives / negative queries)"), rate);
    }
  else
    observed = bloom_format_observed_rate (self->session);

  set_value (self, ROW_H1, h1);
  set_value (self, ROW_H2, h2);
  set_value (self, ROW_POSITIONS, positions);
  set_value (self, ROW_PARAMETERS, parameters);
  set_value (self, ROW_BITS_SET, bits_set);
  set_value (self, ROW_APPROXIMATION, approximation);
  set_value (self, ROW_EXACT, exact);
  set_value (self, ROW_FILL_RATE, fill_rate);
  set_value (self, ROW_ESTIMATE, estimate);
  set_value (self, ROW_OBSERVED, observed);
}

static void
bloom_details_view_dispose (GObject *object)
{
  BloomDetailsView *self = BLOOM_DETAILS_VIEW (object);

  bloom_session_view_unbind (&self->session, &self->changed_handler);
  g_clear_pointer (&self->grid, gtk_widget_unparent);
  g_clear_pointer (&self->notes, gtk_widget_unparent);

  G_OBJECT_CLASS (bloom_details_view_parent_class)->dispose (object);
}

static void
bloom_details_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  BloomDetailsView *self = BLOOM_DETAILS_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_details_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  BloomDetailsView *self = BLOOM_DETAILS_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      bloom_details_view_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_details_view_class_init (BloomDetailsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bloom_details_view_dispose;
  object_class->get_property = bloom_details_view_get_property;
  object_class->set_property = bloom_details_view_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, BLOOM_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "detailsview");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
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
    _("Finite-m formula"),
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
  g_autofree char *notes = NULL;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 12);

  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 6);
  gtk_widget_set_parent (self->grid, GTK_WIDGET (self));

  for (guint row = 0; row < N_ROWS; row++)
    {
      GtkWidget *title = gtk_label_new (titles[row]);

      gtk_label_set_xalign (GTK_LABEL (title), 0.0f);
      gtk_label_set_yalign (GTK_LABEL (title), 0.0f);
      gtk_widget_add_css_class (title, "dim-label");
      /* Two grid rows per row: the value, and what it assumes. */
      gtk_grid_attach (GTK_GRID (self->grid), title, 0, 2 * row, 1, 1);

      self->values[row] = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (self->values[row]), 0.0f);
      gtk_label_set_wrap (GTK_LABEL (self->values[row]), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (self->values[row]), PANGO_WRAP_WORD_CHAR);
      /* A minimum width spares Pango laying the value out a word per line
       * to measure it, each time it changes. */
      gtk_label_set_width_chars (GTK_LABEL (self->values[row]), 20);
      gtk_label_set_selectable (GTK_LABEL (self->values[row]), TRUE);
      gtk_widget_set_hexpand (self->values[row], TRUE);
      gtk_widget_add_css_class (self->values[row], "numeric");
      gtk_accessible_update_relation (GTK_ACCESSIBLE (self->values[row]),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY, title, NULL,
                                      -1);
      gtk_grid_attach (GTK_GRID (self->grid), self->values[row], 1, 2 * row, 1, 1);

      if (assumptions[row] != NULL)
        {
          GtkWidget *assumption = gtk_label_new (assumptions[row]);

          gtk_label_set_xalign (GTK_LABEL (assumption), 0.0f);
          gtk_label_set_wrap (GTK_LABEL (assumption), TRUE);
          gtk_widget_add_css_class (assumption, "caption");
          gtk_widget_add_css_class (assumption, "dim-label");
          gtk_accessible_update_relation (GTK_ACCESSIBLE (self->values[row]),
                                          GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, assumption, NULL,
                                          -1);
          gtk_grid_attach (GTK_GRID (self->grid), assumption, 1, 2 * row + 1, 1, 1);
        }
    }

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
  self->notes = gtk_label_new (notes);
  gtk_label_set_xalign (GTK_LABEL (self->notes), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (self->notes), TRUE);
  gtk_widget_add_css_class (self->notes, "caption");
  gtk_widget_add_css_class (self->notes, "dim-label");
  gtk_widget_set_parent (self->notes, GTK_WIDGET (self));

  update (self);
}

BloomSession *
bloom_details_view_get_session (BloomDetailsView *self)
{
  g_return_val_if_fail (BLOOM_IS_DETAILS_VIEW (self), NULL);

  return self->session;
}

void
bloom_details_view_set_session (BloomDetailsView *self,
                                BloomSession     *session)
{
  g_return_if_fail (BLOOM_IS_DETAILS_VIEW (self));
  g_return_if_fail (session == NULL || BLOOM_IS_SESSION (session));

  if (!bloom_session_view_bind_when_shown (GTK_WIDGET (self), &self->session,
                                           &self->changed_handler, session,
                                           G_CALLBACK (update)))
    return;

  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/* The text of one row, by key ("h1", "approximation", …), for tests. */
const char *
bloom_details_view_get_value (BloomDetailsView *self,
                              const char       *key)
{
  g_return_val_if_fail (BLOOM_IS_DETAILS_VIEW (self), NULL);
  bloom_session_view_catch_up (GTK_WIDGET (self));
  g_return_val_if_fail (key != NULL, NULL);

  for (guint row = 0; row < N_ROWS; row++)
    if (strcmp (row_keys[row], key) == 0)
      return gtk_label_get_text (GTK_LABEL (self->values[row]));

  g_return_val_if_reached (NULL);
}
