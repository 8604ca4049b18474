/* bloom-window-fields.c — the fields of the window, m, k and the string:
 * each hands what is typed to the model as a draft, and shows the draft
 * the model holds with what the model says is wrong with it (SPEC F2, F3,
 * T1, P1); nothing here parses a draft
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

/* T1: the count as typed, and what is wrong: too long (the session says
 * so as typed), or else the last operation refused. */
static void
update_text (BloomWindow *self)
{
  guint n_units = bloom_session_get_text_draft_units (self->session);
  const char *too_long = bloom_session_get_text_error (self->session);
  g_autofree char *count = g_strdup_printf ("%u/%d", n_units, BLOOM_TEXT_MAX_UNITS);
  g_autofree char *count_description = NULL;

  gtk_label_set_text (self->count_label, count);
  count_description = g_strdup_printf (_("%ld of %d UTF-16 code units"), (glong) n_units,
                                       BLOOM_TEXT_MAX_UNITS);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->count_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, count_description,
                                  -1);

  if (too_long != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->count_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->count_label), "error");

  set_message (self->text_message, GTK_WIDGET (self->text_entry),
               too_long != NULL ? too_long : self->text_error);
}

void
_bloom_window_show_text_error (BloomWindow *self,
                               GError      *error)
{
  g_free (self->text_error);
  self->text_error = g_strdup (error ? error->message : NULL);
  update_text (self);
}

/* F2: each field says what is wrong with it, as typed. */
static void
update_parameter_messages (BloomWindow *self)
{
  set_message (self->m_message, GTK_WIDGET (self->m_spin), bloom_session_get_m_error (self->session));
  set_message (self->k_message, GTK_WIDGET (self->k_spin), bloom_session_get_k_error (self->session));
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

/* A draft that is valid is also the spin button's value, which assistive
 * technology reads; @value is 0 for one that is not. */
static void
show_parameter_value (GtkSpinButton *spin,
                      guint          value)
{
  if (value != 0 && gtk_spin_button_get_value_as_int (spin) != (int) value)
    gtk_spin_button_set_value (spin, value);
}

/* The session's drafts changed from elsewhere (Undo, an import, the
 * settings): each field shows its own. A field's own typing never comes
 * back here: the field holds it already (see hand_over()). */
static void
on_m_draft_changed (BloomWindow *self)
{
  replace_text (GTK_EDITABLE (self->m_spin), bloom_session_get_m_draft (self->session));
  show_parameter_value (self->m_spin, bloom_session_get_m_draft_value (self->session));
}

static void
on_k_draft_changed (BloomWindow *self)
{
  replace_text (GTK_EDITABLE (self->k_spin), bloom_session_get_k_draft (self->session));
  show_parameter_value (self->k_spin, bloom_session_get_k_draft_value (self->session));
}

static void
on_text_draft_changed (BloomWindow *self)
{
  replace_text (GTK_EDITABLE (self->text_entry), bloom_session_get_text_draft (self->session));
}

/* The fields show the session's drafts, what is wrong with them, and the
 * actions follow what the session says can run. */
void
_bloom_window_bind_fields (BloomWindow *self)
{
  static const struct
  {
    const char *signal;
    GCallback   callback;
  } handlers[] = {
    { "notify::m-draft", G_CALLBACK (on_m_draft_changed) },
    { "notify::k-draft", G_CALLBACK (on_k_draft_changed) },
    { "notify::text-draft", G_CALLBACK (on_text_draft_changed) },
    { "notify::m-error", G_CALLBACK (update_parameter_messages) },
    { "notify::k-error", G_CALLBACK (update_parameter_messages) },
    { "notify::text-draft-units", G_CALLBACK (update_text) },
    { "notify::text-error", G_CALLBACK (update_text) },
    { "notify::can-create", G_CALLBACK (_bloom_window_update_actions) },
    { "notify::can-insert", G_CALLBACK (_bloom_window_update_actions) },
    { "notify::can-query", G_CALLBACK (_bloom_window_update_actions) },
  };

  for (guint i = 0; i < G_N_ELEMENTS (handlers); i++)
    g_signal_connect_object (self->session, handlers[i].signal, handlers[i].callback, self,
                             G_CONNECT_SWAPPED);

  on_m_draft_changed (self);
  on_k_draft_changed (self);
  on_text_draft_changed (self);
  update_parameter_messages (self);
  update_text (self);
  _bloom_window_update_actions (self);
}

/* What a field hands over is in the field already: while the session
 * takes it, the field does not listen for it, so that it goes to the
 * model (and from there to the settings) once and comes back to no
 * widget. */
#define hand_over(self, shown, call)                                       \
  G_STMT_START {                                                          \
    g_signal_handlers_block_by_func ((self)->session, (shown), (self));   \
    call;                                                                 \
    g_signal_handlers_unblock_by_func ((self)->session, (shown), (self)); \
  } G_STMT_END

/* SPEC F3 is the model's: the fields only hand it what they say. */
static void
on_parameter_changed (BloomWindow *self,
                      GtkEditable *field)
{
  g_autofree char *m_draft = g_strdup (bloom_session_get_m_draft (self->session));
  g_autofree char *k_draft = g_strdup (bloom_session_get_k_draft (self->session));
  const char *text = gtk_editable_get_text (field);

  if (field == GTK_EDITABLE (self->m_spin))
    {
      hand_over (self, on_m_draft_changed,
                 bloom_session_set_parameter_drafts (self->session, text, k_draft));
      show_parameter_value (self->m_spin, bloom_session_get_m_draft_value (self->session));
    }
  else
    {
      hand_over (self, on_k_draft_changed,
                 bloom_session_set_parameter_drafts (self->session, m_draft, text));
      show_parameter_value (self->k_spin, bloom_session_get_k_draft_value (self->session));
    }
}

static guint
get_draft_value (BloomWindow   *self,
                 GtkSpinButton *spin)
{
  return spin == self->m_spin ? bloom_session_get_m_draft_value (self->session)
                              : bloom_session_get_k_draft_value (self->session);
}

/* A spin button replaces text it cannot parse with its last value, and
 * formats what it can. Here the text stays as typed, valid or not, with
 * its message beside it: the value is taken from the session's value of
 * the draft (the text), when valid, and the text is never written from
 * the value but by the arrows. */
static int
on_parameter_input (BloomWindow   *self,
                    double        *new_value,
                    GtkSpinButton *spin)
{
  guint value = self->session != NULL ? get_draft_value (self, spin) : 0;

  *new_value = value != 0 ? value : gtk_spin_button_get_value (spin);

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
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *text = NULL;

  /* The template sets the adjustment before the window is constructed. */
  if (self->session == NULL || (int) get_draft_value (self, spin) == value)
    return;

  text = g_strdup_printf ("%d", value);
  replace_text (GTK_EDITABLE (spin), text);
}

static void
on_text_changed (BloomWindow *self,
                 GtkEditable *editable)
{
  g_clear_pointer (&self->text_error, g_free);
  hand_over (self, on_text_draft_changed,
             bloom_session_set_text_draft (self->session, gtk_editable_get_text (editable)));
  /* The draft may be what it was; the refused operation's message goes. */
  update_text (self);
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
