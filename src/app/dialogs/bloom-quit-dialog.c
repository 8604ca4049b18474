/* bloom-quit-dialog.c
 *
 * A small dialog of our own rather than GtkMessageDialog (deprecated since
 * GTK 4.10) or GtkAlertDialog (only since 4.10): it behaves the same on
 * every GTK the app builds with, and tests can answer it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-quit-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-quit-dialog.h"

struct _BloomQuitDialog
{
  GtkWindow  parent_instance;

  GtkLabel  *title_label;
  GtkLabel  *body_label;
  GtkButton *quit_button;
  gboolean   responded;
};

G_DEFINE_FINAL_TYPE (BloomQuitDialog, bloom_quit_dialog, GTK_TYPE_WINDOW)

enum { RESPONSE, N_SIGNALS };
static guint signals[N_SIGNALS];

void
bloom_quit_dialog_respond (BloomQuitDialog   *self,
                           BloomQuitResponse  response)
{
  g_return_if_fail (BLOOM_IS_QUIT_DIALOG (self));

  if (self->responded)
    return;

  self->responded = TRUE;
  g_signal_emit (self, signals[RESPONSE], 0, response);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
respond_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  bloom_quit_dialog_respond (BLOOM_QUIT_DIALOG (widget), g_variant_get_int32 (parameter));
}

/* Closing the dialog in any other way keeps the app open. */
static gboolean
bloom_quit_dialog_close_request (GtkWindow *window)
{
  bloom_quit_dialog_respond (BLOOM_QUIT_DIALOG (window), BLOOM_QUIT_RESPONSE_CANCEL);

  return TRUE;
}

static void
bloom_quit_dialog_class_init (BloomQuitDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  window_class->close_request = bloom_quit_dialog_close_request;

  /**
   * BloomQuitDialog::response:
   * @response: a #BloomQuitResponse
   */
  signals[RESPONSE] =
    g_signal_new ("response", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bloomlab/BloomLab/ui/bloom-quit-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, BloomQuitDialog, title_label);
  gtk_widget_class_bind_template_child (widget_class, BloomQuitDialog, body_label);
  gtk_widget_class_bind_template_child (widget_class, BloomQuitDialog, quit_button);

  gtk_widget_class_install_action (widget_class, "dialog.respond", "i", respond_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "dialog.respond", "i",
                                       BLOOM_QUIT_RESPONSE_CANCEL);
}

static void
bloom_quit_dialog_init (BloomQuitDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Asks before @purpose loses a session that is not stored; @body says
 * why it is not. */
BloomQuitDialog *
bloom_quit_dialog_new (GtkWindow        *parent,
                       BloomQuitPurpose  purpose,
                       const char       *body)
{
  BloomQuitDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (body != NULL, NULL);

  self = g_object_new (BLOOM_TYPE_QUIT_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);

  if (purpose == BLOOM_QUIT_PURPOSE_REPLACE)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Replace the Session?"));
      gtk_label_set_text (self->title_label, _("Replace the Session That Is Not Kept?"));
      gtk_button_set_label (self->quit_button, _("_Replace Anyway"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->quit_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Replace Anyway"),
                                      -1);
    }
  else if (purpose == BLOOM_QUIT_PURPOSE_OVERWRITE)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Replace the Other Session?"));
      gtk_label_set_text (self->title_label,
                          _("Store This Session in Place of the Other Bloom Lab’s?"));
      gtk_button_set_label (self->quit_button, _("_Replace Theirs"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->quit_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Replace Theirs"),
                                      -1);
    }
  gtk_label_set_text (self->body_label, body);

  return self;
}
