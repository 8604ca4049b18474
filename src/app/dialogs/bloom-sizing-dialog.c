/* bloom-sizing-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-sizing-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bloom-format.h"
#include "bloom-sizing-dialog.h"
#include "bloom-window.h"
#include "bloom-zoom.h"

struct _BloomSizingDialog
{
  GtkWindow     parent_instance;

  BloomSession *session;
  gulong        changed_handler;
  BloomSizing   sizing;
  gboolean      valid;
  guint         zoom;

  /* Template widgets */
  GtkEntry     *n_entry;
  GtkLabel     *n_message;
  GtkEntry     *p_entry;
  GtkLabel     *p_message;
  GtkLabel     *m_value;
  GtkLabel     *k_value;
  GtkLabel     *m_formula;
  GtkLabel     *k_formula;
  GtkLabel     *clamp_note;
  GtkLabel     *rate_note;
  GtkWidget    *discard_notice;
  GtkLabel     *discard_label;
  GtkButton    *use_button;
};

G_DEFINE_FINAL_TYPE (BloomSizingDialog, bloom_sizing_dialog, GTK_TYPE_WINDOW)

enum { PROP_0, PROP_SESSION, PROP_ZOOM, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { USE_PARAMETERS, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Six significant digits in the user's locale: enough to redo each step
 * of the formulas by hand. */
static char *
format_number (double value)
{
  return g_strdup_printf ("%.6g", value);
}

static char *
format_count (guint64 value)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT, value);
}

static void
set_message (GtkLabel  *label,
             GtkWidget *field,
             GError    *error)
{
  gtk_label_set_text (label, error ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (label), error != NULL);
  gtk_accessible_update_state (GTK_ACCESSIBLE (field),
                               GTK_ACCESSIBLE_STATE_INVALID,
                               error ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE,
                               -1);
  if (error != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (field),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, error->message,
                                    -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (field), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* F3: using the values discards an active filter whose m or k differ;
 * the dialog says so before the button is pressed. */
static void
update_notice (BloomSizingDialog *self)
{
  BloomFilter *filter = self->session ? bloom_session_get_filter (self->session) : NULL;
  gboolean discards = filter != NULL &&
                      (!self->valid ||
                       bloom_filter_get_m (filter) != self->sizing.m ||
                       bloom_filter_get_k (filter) != self->sizing.k);

  gtk_label_set_text (self->discard_label,
                      _("A filter is active. Using these values changes m and k and so discards it, "
                        "with its entries and counters; Undo (Ctrl+Z) in the main window brings "
                        "it back."));
  gtk_widget_set_visible (self->discard_notice, discards);
  gtk_button_set_label (self->use_button,
                        discards ? _("_Discard Filter and Use m and k") : _("_Use m and k"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sizing.use", self->valid);
}

/* S1's formulas with their inputs, so each step can be checked. */
static char *
format_m_formula (guint              n,
                  double             p,
                  const BloomSizing *sizing)
{
  g_autofree char *minus_ln_p = format_number (-log (p));
  g_autofree char *ln2_squared = format_number (G_LN2 * G_LN2);
  g_autofree char *m_real = format_number (sizing->m_real);
  g_autofree char *ideal_m = format_count (sizing->ideal_m);

  /* Translators: S1's formula for m, then its inputs: n, −ln p (a
   * positive number), (ln 2)², the value before rounding up, the result */
  return g_strdup_printf (_("m = ⌈−n·ln p / (ln 2)²⌉ = ⌈%u · %s / %s⌉ = ⌈%s⌉ = %s"),
                          n, minus_ln_p, ln2_squared, m_real, ideal_m);
}

static char *
format_k_formula (guint              n,
                  const BloomSizing *sizing)
{
  g_autofree char *ln2 = format_number (G_LN2);
  g_autofree char *k_real = format_number (sizing->k_real);
  g_autofree char *rounded = format_number (round (sizing->k_real));

  /* Translators: S1's formula for k with the m actually used, n, ln 2,
   * the value before rounding, and the result */
  return g_strdup_printf (_("k = round((m/n)·ln 2) = round((%u/%u) · %s) = round(%s) = %s"),
                          sizing->m, n, ln2, k_real, rounded);
}

/* Why m or k differ from what the formulas give, when clamped to F2's
 * ranges; empty when neither is. */
static char *
format_clamp_notes (const BloomSizing *sizing)
{
  GString *notes = g_string_new (NULL);

  if (sizing->m_clamped)
    {
      g_autofree char *ideal_m = format_count (sizing->ideal_m);
      g_autofree char *ideal_k = format_count (sizing->ideal_k);

      if (sizing->ideal_m > BLOOM_M_MAX)
        g_string_append_printf (notes,
                                _("The ideal m, %s bits, is more than the largest filter of %u "
                                  "bits: m is clamped to %u, and k is worked out for that m. With "
                                  "the ideal m, k would be %s."),
                                ideal_m, BLOOM_M_MAX, BLOOM_M_MAX, ideal_k);
      else
        g_string_append_printf (notes,
                                _("The ideal m, %s bits, is less than the smallest filter of %u "
                                  "bits: m is raised to %u, and k is worked out for that m. With "
                                  "the ideal m, k would be %s."),
                                ideal_m, BLOOM_M_MIN, BLOOM_M_MIN, ideal_k);
    }
  if (sizing->k_clamped)
    {
      g_autofree char *rounded = format_number (round (sizing->k_real));

      if (notes->len > 0)
        g_string_append_c (notes, '\n');
      /* Translators: "k = 30 is outside 1 to 12, so it is clamped to 12." */
      g_string_append_printf (notes, _("k = %s is outside %u to %u, so it is clamped to %u."),
                              rounded, BLOOM_K_MIN, BLOOM_K_MAX, sizing->k);
    }

  return g_string_free (notes, FALSE);
}

static char *
format_rate_note (guint              n,
                  double             p,
                  const BloomSizing *sizing)
{
  g_autofree char *rate = bloom_format_decimal (sizing->rate);
  g_autofree char *target = format_number (p);

  return g_strdup_printf (_("With m = %u, k = %u and n = %u, the ideal-hash approximation "
                            "gives f ≈ (1 − e^(−k·n/m))^k ≈ %s; the target p was %s."),
                          sizing->m, sizing->k, n, rate, target);
}

/* n or p is not valid: the formulas without values. */
static void
show_no_suggestion (BloomSizingDialog *self)
{
  gtk_label_set_text (self->m_value, "m = —");
  gtk_label_set_text (self->k_value, "k = —");
  gtk_label_set_text (self->m_formula, "m = ⌈−n·ln p / (ln 2)²⌉");
  gtk_label_set_text (self->k_formula, "k = round((m/n)·ln 2)");
  gtk_widget_set_visible (GTK_WIDGET (self->clamp_note), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->rate_note), FALSE);
}

static void
show_suggestion (BloomSizingDialog *self,
                 guint              n,
                 double             p)
{
  const BloomSizing *sizing = &self->sizing;
  g_autofree char *m_text = g_strdup_printf ("m = %u", sizing->m);
  g_autofree char *k_text = g_strdup_printf ("k = %u", sizing->k);
  g_autofree char *m_formula = format_m_formula (n, p, sizing);
  g_autofree char *k_formula = format_k_formula (n, sizing);
  g_autofree char *notes = format_clamp_notes (sizing);
  g_autofree char *rate_note = format_rate_note (n, p, sizing);

  gtk_label_set_text (self->m_value, m_text);
  gtk_label_set_text (self->k_value, k_text);
  gtk_label_set_text (self->m_formula, m_formula);
  gtk_label_set_text (self->k_formula, k_formula);
  gtk_label_set_text (self->clamp_note, notes);
  gtk_widget_set_visible (GTK_WIDGET (self->clamp_note), *notes != '\0');
  gtk_label_set_text (self->rate_note, rate_note);
  gtk_widget_set_visible (GTK_WIDGET (self->rate_note), TRUE);
}

static void
update (BloomSizingDialog *self)
{
  g_autoptr(GError) n_error = NULL;
  g_autoptr(GError) p_error = NULL;
  guint n = 0;
  double p = 0;
  gboolean n_ok, p_ok;

  n_ok = bloom_sizing_parse_items (gtk_editable_get_text (GTK_EDITABLE (self->n_entry)), &n, &n_error);
  p_ok = bloom_sizing_parse_rate (gtk_editable_get_text (GTK_EDITABLE (self->p_entry)), &p, &p_error);
  set_message (self->n_message, GTK_WIDGET (self->n_entry), n_error);
  set_message (self->p_message, GTK_WIDGET (self->p_entry), p_error);

  self->valid = n_ok && p_ok;
  if (self->valid)
    {
      bloom_sizing_compute (n, p, &self->sizing);
      show_suggestion (self, n, p);
    }
  else
    show_no_suggestion (self);
  update_notice (self);
}

static void
on_input_changed (BloomSizingDialog *self)
{
  update (self);
}

static void
use_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  BloomSizingDialog *self = BLOOM_SIZING_DIALOG (widget);

  if (!self->valid)
    return;

  g_signal_emit (self, signals[USE_PARAMETERS], 0, self->sizing.m, self->sizing.k);
  gtk_window_close (GTK_WINDOW (self));
}

static void
bloom_sizing_dialog_dispose (GObject *object)
{
  BloomSizingDialog *self = BLOOM_SIZING_DIALOG (object);

  if (self->session != NULL)
    g_clear_signal_handler (&self->changed_handler, self->session);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), BLOOM_TYPE_SIZING_DIALOG);

  G_OBJECT_CLASS (bloom_sizing_dialog_parent_class)->dispose (object);
}

static void
bloom_sizing_dialog_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  BloomSizingDialog *self = BLOOM_SIZING_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_ZOOM:
      g_value_set_uint (value, self->zoom);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_sizing_dialog_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  BloomSizingDialog *self = BLOOM_SIZING_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;
    case PROP_ZOOM:
      bloom_sizing_dialog_set_zoom (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_sizing_dialog_constructed (GObject *object)
{
  BloomSizingDialog *self = BLOOM_SIZING_DIALOG (object);

  G_OBJECT_CLASS (bloom_sizing_dialog_parent_class)->constructed (object);

  if (self->session != NULL)
    self->changed_handler = g_signal_connect_object (self->session, "changed",
                                                     G_CALLBACK (update_notice), self,
                                                     G_CONNECT_SWAPPED);
  update (self);
}

static void
bloom_sizing_dialog_class_init (BloomSizingDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = bloom_sizing_dialog_constructed;
  object_class->dispose = bloom_sizing_dialog_dispose;
  object_class->get_property = bloom_sizing_dialog_get_property;
  object_class->set_property = bloom_sizing_dialog_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, BLOOM_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* The main window's zoom, which its page's text follows: a step of
   * bloom-window-zoom.c, so style.css has its class. */
  properties[PROP_ZOOM] =
    g_param_spec_uint ("zoom", NULL, NULL,
                       BLOOM_WINDOW_ZOOM_MIN, BLOOM_WINDOW_ZOOM_MAX, BLOOM_WINDOW_ZOOM_DEFAULT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * BloomSizingDialog::use-parameters:
   * @m: the suggested number of bits
   * @k: the suggested number of positions per string
   *
   * The user chose to copy the suggestion into the main window's fields.
   */
  signals[USE_PARAMETERS] =
    g_signal_new ("use-parameters", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bloomlab/BloomLab/ui/bloom-sizing-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, n_entry);
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, n_message);
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, p_entry);
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, p_message);
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, m_value);
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, k_value);
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, m_formula);
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, k_formula);
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, clamp_note);
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, rate_note);
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, discard_notice);
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, discard_label);
  gtk_widget_class_bind_template_child (widget_class, BloomSizingDialog, use_button);
  gtk_widget_class_bind_template_callback (widget_class, on_input_changed);

  gtk_widget_class_install_action (widget_class, "sizing.use", NULL, use_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bloom_sizing_dialog_init (BloomSizingDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->zoom = BLOOM_WINDOW_ZOOM_DEFAULT;
  gtk_widget_add_css_class (gtk_window_get_child (GTK_WINDOW (self)), "zoom-100");

  /* A worked example to start from: SPEC S1's own. */
  gtk_editable_set_text (GTK_EDITABLE (self->n_entry), "100");
  gtk_editable_set_text (GTK_EDITABLE (self->p_entry), "1%");
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->use_button));
}

BloomSizingDialog *
bloom_sizing_dialog_new (GtkWindow    *parent,
                         BloomSession *session)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (BLOOM_IS_SESSION (session), NULL);

  return g_object_new (BLOOM_TYPE_SIZING_DIALOG,
                       "transient-for", parent,
                       "session", session,
                       NULL);
}

BloomSession *
bloom_sizing_dialog_get_session (BloomSizingDialog *self)
{
  g_return_val_if_fail (BLOOM_IS_SIZING_DIALOG (self), NULL);

  return self->session;
}

/* The current suggestion; FALSE while n or p is not valid. */
gboolean
bloom_sizing_dialog_get_result (BloomSizingDialog *self,
                                BloomSizing       *sizing)
{
  g_return_val_if_fail (BLOOM_IS_SIZING_DIALOG (self), FALSE);

  if (self->valid && sizing != NULL)
    *sizing = self->sizing;

  return self->valid;
}

guint
bloom_sizing_dialog_get_zoom (BloomSizingDialog *self)
{
  g_return_val_if_fail (BLOOM_IS_SIZING_DIALOG (self), BLOOM_WINDOW_ZOOM_DEFAULT);

  return self->zoom;
}

/* The text at @zoom percent, as the main window's page (a zoom step). */
void
bloom_sizing_dialog_set_zoom (BloomSizingDialog *self,
                              guint              zoom)
{
  GtkWidget *page = gtk_window_get_child (GTK_WINDOW (self));

  g_return_if_fail (BLOOM_IS_SIZING_DIALOG (self));

  zoom = CLAMP (zoom, BLOOM_WINDOW_ZOOM_MIN, BLOOM_WINDOW_ZOOM_MAX);
  if (self->zoom == zoom || page == NULL)
    return;

  bloom_zoom_set_css_class (page, self->zoom, zoom);
  self->zoom = zoom;
  /* Opened again, it takes the size its text now needs. */
  gtk_window_set_default_size (GTK_WINDOW (self), -1, -1);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}
