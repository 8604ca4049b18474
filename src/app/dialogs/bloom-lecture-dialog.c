/* bloom-lecture-dialog.c
 *
 * The steps are the recorder's own: each row's caption entry edits its
 * step's caption, so what is typed stays with the steps if the dialog is
 * cancelled. Saving makes the document, hands it with the file to
 * whoever writes it ("save") and closes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-lecture-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-gtk-compat.h"
#include "bloom-lecture-dialog.h"
#include "bloom-recorded-step.h"

/* The file type of a lecture, and the name it is given when untitled. */
#define LECTURE_SUFFIX       "bloomlab-lecture"
#define LECTURE_DEFAULT_NAME "lecture"

struct _BloomLectureDialog
{
  GtkWindow   parent_instance;

  GListModel *steps;          /* of BloomRecordedStep */
  GtkEditable *title_entry;
  GtkListBox  *step_list;
  GtkLabel    *message_label;
};

G_DEFINE_FINAL_TYPE (BloomLectureDialog, bloom_lecture_dialog, GTK_TYPE_WINDOW)

enum { PROP_0, PROP_STEPS, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { SAVE, N_SIGNALS };
static guint signals[N_SIGNALS];

static GtkWidget *
make_row (gpointer item,
          gpointer user_data)
{
  BloomLectureDialog *self = user_data;
  BloomRecordedStep *step = item;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *label;
  GtkWidget *entry = gtk_entry_new ();
  g_autofree char *text = NULL;
  guint position = 0;

  if (G_IS_LIST_STORE (self->steps))
    g_list_store_find (G_LIST_STORE (self->steps), step, &position);
  /* Translators: a step of a recorded lecture: its number, from 1, and
   * what it does, such as “Insert “a”” */
  text = g_strdup_printf (_("%u. %s"), position + 1, bloom_recorded_step_get_description (step));
  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "heading");

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Caption to show at this step (optional)"));
  gtk_entry_set_max_length (GTK_ENTRY (entry), BLOOM_TEXT_MAX_UNITS);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  g_object_bind_property (step, "caption", entry, "text",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (entry),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL,
                                  -1);

  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);

  return box;
}

/* Writes nothing itself: the document goes to "save" with @file, and the
 * dialog closes. FALSE, with the reason shown, when a lecture file could
 * not hold the lecture (a title or caption too long). */
gboolean
bloom_lecture_dialog_save_to_file (BloomLectureDialog *self,
                                   GFile              *file)
{
  g_autoptr(GBytes) document = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (BLOOM_IS_LECTURE_DIALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  document = bloom_recorded_steps_to_document (gtk_editable_get_text (self->title_entry),
                                               self->steps, &error);
  if (document == NULL)
    {
      gtk_label_set_text (self->message_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
      return FALSE;
    }

  g_signal_emit (self, signals[SAVE], 0, file, document);
  gtk_window_destroy (GTK_WINDOW (self));

  return TRUE;
}

void
bloom_lecture_dialog_set_title_text (BloomLectureDialog *self,
                                     const char         *title)
{
  g_return_if_fail (BLOOM_IS_LECTURE_DIALOG (self));

  gtk_editable_set_text (self->title_entry, title != NULL ? title : "");
}

static void
file_chosen (GFile    *file,
             gpointer  user_data)
{
  g_autoptr(BloomLectureDialog) self = user_data;

  if (file != NULL)
    bloom_lecture_dialog_save_to_file (self, file);
}

/* The title as a file name: what a file system refuses in a name left
 * out. */
static char *
default_file_name (BloomLectureDialog *self)
{
  g_autofree char *stem = g_strstrip (g_strdup (gtk_editable_get_text (self->title_entry)));

  g_strdelimit (stem, "/\\:", '-');
  if (stem[0] == '\0' || stem[0] == '.')
    return g_strdup (LECTURE_DEFAULT_NAME "." LECTURE_SUFFIX);

  return g_strconcat (stem, "." LECTURE_SUFFIX, NULL);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  BloomLectureDialog *self = BLOOM_LECTURE_DIALOG (widget);
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) lectures = gtk_file_filter_new ();
  g_autofree char *name = default_file_name (self);

  gtk_file_filter_set_name (lectures, _("Bloom Lab lectures"));
  gtk_file_filter_add_suffix (lectures, LECTURE_SUFFIX);
  g_list_store_append (filters, lectures);

  gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
  bloom_gtk_choose_file (GTK_WINDOW (self), TRUE, _("Save Lecture"), _("_Save"), name,
                         G_LIST_MODEL (filters), file_chosen, g_object_ref (self));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  gtk_window_destroy (GTK_WINDOW (widget));
}

static void
bloom_lecture_dialog_constructed (GObject *object)
{
  BloomLectureDialog *self = BLOOM_LECTURE_DIALOG (object);

  G_OBJECT_CLASS (bloom_lecture_dialog_parent_class)->constructed (object);

  gtk_list_box_bind_model (self->step_list, self->steps, make_row, self, NULL);
}

static void
bloom_lecture_dialog_dispose (GObject *object)
{
  BloomLectureDialog *self = BLOOM_LECTURE_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), BLOOM_TYPE_LECTURE_DIALOG);
  g_clear_object (&self->steps);

  G_OBJECT_CLASS (bloom_lecture_dialog_parent_class)->dispose (object);
}

static void
bloom_lecture_dialog_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  BloomLectureDialog *self = BLOOM_LECTURE_DIALOG (object);

  switch (prop_id)
    {
    case PROP_STEPS:
      self->steps = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_lecture_dialog_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  BloomLectureDialog *self = BLOOM_LECTURE_DIALOG (object);

  switch (prop_id)
    {
    case PROP_STEPS:
      g_value_set_object (value, self->steps);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_lecture_dialog_class_init (BloomLectureDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = bloom_lecture_dialog_constructed;
  object_class->dispose = bloom_lecture_dialog_dispose;
  object_class->get_property = bloom_lecture_dialog_get_property;
  object_class->set_property = bloom_lecture_dialog_set_property;

  properties[PROP_STEPS] =
    g_param_spec_object ("steps", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * BloomLectureDialog::save:
   * @file: where the lecture goes
   * @document: the lecture document, its steps with their captions
   */
  signals[SAVE] =
    g_signal_new ("save", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_FILE, G_TYPE_BYTES);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bloomlab/BloomLab/ui/bloom-lecture-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, BloomLectureDialog, title_entry);
  gtk_widget_class_bind_template_child (widget_class, BloomLectureDialog, step_list);
  gtk_widget_class_bind_template_child (widget_class, BloomLectureDialog, message_label);

  gtk_widget_class_install_action (widget_class, "lecture.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "lecture.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "lecture.cancel", NULL);
}

static void
bloom_lecture_dialog_init (BloomLectureDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* A modal dialog over @parent for @steps, BloomRecordedStep items. */
BloomLectureDialog *
bloom_lecture_dialog_new (GtkWindow  *parent,
                          GListModel *steps)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_LIST_MODEL (steps), NULL);

  return g_object_new (BLOOM_TYPE_LECTURE_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       "steps", steps,
                       NULL);
}
