/* bloom-window-fields.c — the fields of the window, m, k and the string:
 * each hands what is typed to the model as a draft, and shows the draft
 * the model holds with what is wrong with it (SPEC F2, F3, T1, P1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-window-private.h"

static void
set_message (GtkLabel   *label,
             GtkWidget  *field,
             const char *message)
{
  gboolean invalid = message != NULL && *message != '\0';

  /* The drafts change with every key typed: what already shows stays,
   * and screen readers hear nothing again. */
  if (gtk_widget_get_visible (GTK_WIDGET (label)) == invalid &&
      g_strcmp0 (gtk_label_get_text (label), invalid ? message : "") == 0)
    return;

  gtk_label_set_text (label, invalid ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (label), invalid);

  /* Screen readers hear the message with the field. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (field),
                               GTK_ACCESSIBLE_STATE_INVALID,
                               invalid ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE,
                               -1);
  if (invalid)
    gtk_accessible_update_property (GTK_ACCESSIBLE (field),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message,
                                    -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (field), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* SPEC F2, without the message. @value may be NULL. */
gboolean
_bloom_window_parse_draft (BloomParameter  parameter,
                           const char     *draft,
                           guint          *value)
{
  guint ignored;

  return bloom_parameter_parse (parameter, draft, value ? value : &ignored, NULL);
}

/* F2: each field says what is wrong with it, as typed. */
static void
update_parameter_message (GtkLabel       *label,
                          GtkSpinButton  *spin,
                          BloomParameter  parameter,
                          const char     *draft)
{
  g_autoptr(GError) error = NULL;
  guint value;

  bloom_parameter_parse (parameter, draft, &value, &error);
  set_message (label, GTK_WIDGET (spin), error ? error->message : NULL);
}

static void
update_text (BloomWindow *self)
{
  const char *draft = bloom_session_get_text_draft (self->session);
  glong n_units = MAX (bloom_text_count_units (draft, -1), 0);
  g_autofree char *count = g_strdup_printf ("%ld/%d", n_units, BLOOM_TEXT_MAX_UNITS);
  g_autofree char *count_description = NULL;
  g_autoptr(GError) error = NULL;
  const char *message = self->text_error;

  gtk_label_set_text (self->count_label, count);
  count_description = g_strdup_printf (_("%ld of %d UTF-16 code units"), n_units,
                                       BLOOM_TEXT_MAX_UNITS);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->count_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, count_description,
                                  -1);

  /* T1: too long is said as typed; empty only when an operation is tried. */
  if (n_units > BLOOM_TEXT_MAX_UNITS)
    {
      g_autofree gunichar2 *units = NULL;
      gsize ignored;

      units = bloom_text_to_units (draft, -1, &ignored, &error);
      g_assert (units == NULL);
      message = error->message;
      gtk_widget_add_css_class (GTK_WIDGET (self->count_label), "error");
    }
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->count_label), "error");

  set_message (self->text_message, GTK_WIDGET (self->text_entry), message);
}

void
_bloom_window_show_text_error (BloomWindow *self,
                               GError      *error)
{
  g_free (self->text_error);
  self->text_error = g_strdup (error ? error->message : NULL);
  update_text (self);
}

/* Writes @text into @field as one edit, the way typing over a selection
 * does: the "text" property of the entry's GtkText announces one change.
 * gtk_editable_set_text() (and the entry's own "text" property, which
 * calls it) deletes, announces an empty field, then inserts: an empty m
 * would discard the filter (SPEC F3). */
static void
replace_text (GtkEditable *field,
              const char  *text)
{
  if (g_strcmp0 (gtk_editable_get_text (field), text) != 0)
    g_object_set (gtk_editable_get_delegate (field), "text", text, NULL);
}

/* A field shows its draft. Its own "changed" then finds the draft already
 * there and changes nothing in the model. A draft that parses is also the
 * spin button's value, which assistive technology reads. */
static void
show_parameter_draft (GtkSpinButton  *spin,
                      BloomParameter  parameter,
                      const char     *draft)
{
  guint value;

  replace_text (GTK_EDITABLE (spin), draft);
  if (_bloom_window_parse_draft (parameter, draft, &value) &&
      gtk_spin_button_get_value_as_int (spin) != (int) value)
    gtk_spin_button_set_value (spin, value);
}

void
_bloom_window_show_drafts (BloomWindow *self)
{
  const char *m_draft = bloom_session_get_m_draft (self->session);
  const char *k_draft = bloom_session_get_k_draft (self->session);
  const char *text_draft = bloom_session_get_text_draft (self->session);

  show_parameter_draft (self->m_spin, BLOOM_PARAMETER_M, m_draft);
  show_parameter_draft (self->k_spin, BLOOM_PARAMETER_K, k_draft);
  replace_text (GTK_EDITABLE (self->text_entry), text_draft);

  update_parameter_message (self->m_message, self->m_spin, BLOOM_PARAMETER_M, m_draft);
  update_parameter_message (self->k_message, self->k_spin, BLOOM_PARAMETER_K, k_draft);
  update_text (self);
  _bloom_window_update_actions (self);
}

/* SPEC F3 is the model's: the fields only hand it what they say. */
static void
on_parameter_changed (BloomWindow *self,
                      GtkEditable *field)
{
  g_autofree char *m_draft = g_strdup (bloom_session_get_m_draft (self->session));
  g_autofree char *k_draft = g_strdup (bloom_session_get_k_draft (self->session));
  const char *text = gtk_editable_get_text (field);

  if (field == GTK_EDITABLE (self->m_spin))
    bloom_session_set_parameter_drafts (self->session, text, k_draft);
  else
    bloom_session_set_parameter_drafts (self->session, m_draft, text);
}

/* A spin button replaces text it cannot parse with its last value, and
 * formats what it can. Here the text stays as typed, valid or not, with
 * its message beside it: the value is taken from valid text only, and
 * the text is never written from the value but by the arrows. */
static int
on_parameter_input (BloomWindow   *self,
                    double        *new_value,
                    GtkSpinButton *spin)
{
  BloomParameter parameter = spin == self->m_spin ? BLOOM_PARAMETER_M : BLOOM_PARAMETER_K;
  guint value;

  if (_bloom_window_parse_draft (parameter, gtk_editable_get_text (GTK_EDITABLE (spin)), &value))
    *new_value = value;
  else
    *new_value = gtk_spin_button_get_value (spin);

  return TRUE;
}

static gboolean
on_parameter_output (BloomWindow   *self,
                     GtkSpinButton *spin)
{
  return TRUE;
}

/* The arrows, Up, Down or Page keys changed the value: the value becomes
 * the text, and so the draft. */
static void
on_parameter_value_changed (BloomWindow   *self,
                            GtkSpinButton *spin)
{
  BloomParameter parameter = spin == self->m_spin ? BLOOM_PARAMETER_M : BLOOM_PARAMETER_K;
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *text = NULL;
  guint typed;

  if (_bloom_window_parse_draft (parameter, gtk_editable_get_text (GTK_EDITABLE (spin)), &typed) &&
      (int) typed == value)
    return;

  text = g_strdup_printf ("%d", value);
  replace_text (GTK_EDITABLE (spin), text);
}

static void
on_text_changed (BloomWindow *self,
                 GtkEditable *editable)
{
  g_clear_pointer (&self->text_error, g_free);
  bloom_session_set_text_draft (self->session, gtk_editable_get_text (editable));
}

static void
on_text_activate (BloomWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "filter.insert", NULL);
}

void
_bloom_window_class_add_field_callbacks (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_parameter_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_parameter_input);
  gtk_widget_class_bind_template_callback (widget_class, on_parameter_output);
  gtk_widget_class_bind_template_callback (widget_class, on_parameter_value_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_text_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_text_activate);
}
