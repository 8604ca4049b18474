/* bloom-picture-dialog.c
 *
 * A small dialog of our own, as BloomQuitDialog is: GtkFileDialog (GTK
 * 4.10) cannot carry choices such as the format and the scale.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-picture-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-picture-dialog.h"

struct _BloomPictureDialog
{
  GtkWindow       parent_instance;

  GtkDropDown    *kind_dropdown;
  GtkStringList  *kinds;
  GtkWidget      *sweep_note;
  GtkDropDown    *format_dropdown;
  GtkDropDown    *scale_dropdown;
  GtkCheckButton *caption_check;
  GtkEditable    *caption_entry;
  gboolean        answered;
};

G_DEFINE_FINAL_TYPE (BloomPictureDialog, bloom_picture_dialog, GTK_TYPE_WINDOW)

enum { EXPORT, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The scale's choices are 1× to 4×, in order. */
G_STATIC_ASSERT (BLOOM_PICTURE_SCALE_MIN == 1 && BLOOM_PICTURE_SCALE_MAX == 4);

/* Export…: the choice goes to whoever asked, and the dialog goes. */
void
bloom_picture_dialog_accept (BloomPictureDialog *self)
{
  g_return_if_fail (BLOOM_IS_PICTURE_DIALOG (self));

  if (self->answered)
    return;

  self->answered = TRUE;
  g_signal_emit (self, signals[EXPORT], 0,
                 (int) gtk_drop_down_get_selected (self->kind_dropdown),
                 (int) gtk_drop_down_get_selected (self->format_dropdown),
                 (int) gtk_drop_down_get_selected (self->scale_dropdown) + BLOOM_PICTURE_SCALE_MIN,
                 gtk_check_button_get_active (self->caption_check)
                 ? gtk_editable_get_text (self->caption_entry) : NULL);
  gtk_window_destroy (GTK_WINDOW (self));
}

void
bloom_picture_dialog_set_choice (BloomPictureDialog *self,
                                 BloomPictureKind    kind,
                                 BloomPictureFormat  format,
                                 int                 scale)
{
  g_return_if_fail (BLOOM_IS_PICTURE_DIALOG (self));
  g_return_if_fail (scale >= BLOOM_PICTURE_SCALE_MIN && scale <= BLOOM_PICTURE_SCALE_MAX);
  g_return_if_fail ((guint) kind < g_list_model_get_n_items (G_LIST_MODEL (self->kinds)));

  gtk_drop_down_set_selected (self->kind_dropdown, kind);
  gtk_drop_down_set_selected (self->format_dropdown, format);
  gtk_drop_down_set_selected (self->scale_dropdown, scale - BLOOM_PICTURE_SCALE_MIN);
}

/* The sweep plot is the last kind, offered only while the experiment
 * shows a sweep; a note says where one comes from. */
void
bloom_picture_dialog_set_sweep_available (BloomPictureDialog *self,
                                          gboolean            available)
{
  guint n_kinds;

  g_return_if_fail (BLOOM_IS_PICTURE_DIALOG (self));

  n_kinds = g_list_model_get_n_items (G_LIST_MODEL (self->kinds));
  if (!available && n_kinds > BLOOM_PICTURE_SWEEP_PLOT)
    gtk_string_list_remove (self->kinds, BLOOM_PICTURE_SWEEP_PLOT);
  gtk_widget_set_visible (self->sweep_note, !available);
}

/* A caption below the picture: "" for m, k, n and the rates, other text
 * for itself, NULL for none. */
void
bloom_picture_dialog_set_caption (BloomPictureDialog *self,
                                  const char         *caption)
{
  g_return_if_fail (BLOOM_IS_PICTURE_DIALOG (self));

  gtk_check_button_set_active (self->caption_check, caption != NULL);
  gtk_editable_set_text (self->caption_entry, caption != NULL ? caption : "");
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  bloom_picture_dialog_accept (BLOOM_PICTURE_DIALOG (widget));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  gtk_window_destroy (GTK_WINDOW (widget));
}

static void
bloom_picture_dialog_class_init (BloomPictureDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /**
   * BloomPictureDialog::export:
   * @kind: a #BloomPictureKind
   * @format: a #BloomPictureFormat
   * @scale: from BLOOM_PICTURE_SCALE_MIN to BLOOM_PICTURE_SCALE_MAX
   * @caption: (nullable): %NULL for none, "" for m, k, n and the rates,
   *   else the user's own text
   */
  signals[EXPORT] =
    g_signal_new ("export", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 4, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bloomlab/BloomLab/ui/bloom-picture-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, BloomPictureDialog, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, BloomPictureDialog, format_dropdown);
  gtk_widget_class_bind_template_child (widget_class, BloomPictureDialog, scale_dropdown);
  gtk_widget_class_bind_template_child (widget_class, BloomPictureDialog, kinds);
  gtk_widget_class_bind_template_child (widget_class, BloomPictureDialog, sweep_note);
  gtk_widget_class_bind_template_child (widget_class, BloomPictureDialog, caption_check);
  gtk_widget_class_bind_template_child (widget_class, BloomPictureDialog, caption_entry);

  gtk_widget_class_install_action (widget_class, "picture.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "picture.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "picture.cancel", NULL);
}

static void
bloom_picture_dialog_init (BloomPictureDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

BloomPictureDialog *
bloom_picture_dialog_new (GtkWindow *parent)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  return g_object_new (BLOOM_TYPE_PICTURE_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
}
