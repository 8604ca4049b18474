/* bloom-window-files.c — the window's files: import and export (SPEC P3),
 * saving the unreadable stored copy, and the quit flow (SPEC P2)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bloom-format.h"
#include "bloom-quit-dialog.h"
#include "bloom-session-file.h"
#include "bloom-window-private.h"

/* What to do with the file the user picked; NULL when the dialog was
 * cancelled. */
typedef void (*FileChosenFunc) (BloomWindow *self,
                                 GFile       *file);

typedef struct
{
  BloomWindow    *self;
  FileChosenFunc  chosen;
} FileChoice;

static FileChoice *
file_choice_new (BloomWindow    *self,
                 FileChosenFunc  chosen)
{
  FileChoice *choice = g_new0 (FileChoice, 1);

  choice->self = g_object_ref (self);
  choice->chosen = chosen;

  return choice;
}

static void
file_choice_finish (FileChoice *choice,
                    GFile      *file)
{
  choice->chosen (choice->self, file);
  g_object_unref (choice->self);
  g_free (choice);
}

static GListModel *
json_filters (void)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) json = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (json, _("Bloom Lab sessions (JSON)"));
  gtk_file_filter_add_mime_type (json, "application/json");
  gtk_file_filter_add_suffix (json, "json");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, json);
  g_list_store_append (filters, all);

  return G_LIST_MODEL (filters);
}

/* GtkFileDialog from GTK 4.10; before, GtkFileChooserNative. Both go
 * through the file chooser portal inside a Flatpak. */
#if GTK_CHECK_VERSION (4, 10, 0)
static void
file_dialog_done (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  GtkFileDialog *dialog = GTK_FILE_DIALOG (source);
  g_autoptr(GFile) file = NULL;

  if (g_object_get_data (source, "bloom-save") != NULL)
    file = gtk_file_dialog_save_finish (dialog, result, NULL);
  else
    file = gtk_file_dialog_open_finish (dialog, result, NULL);

  file_choice_finish (user_data, file);
}

static void
choose_file (BloomWindow    *self,
             gboolean        save,
             const char     *title,
             const char     *initial_name,
             FileChosenFunc  chosen)
{
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr(GListModel) filters = json_filters ();
  FileChoice *choice = file_choice_new (self, chosen);

  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_filters (dialog, filters);
  gtk_file_dialog_set_modal (dialog, TRUE);
  if (save)
    {
      g_object_set_data (G_OBJECT (dialog), "bloom-save", GINT_TO_POINTER (TRUE));
      gtk_file_dialog_set_initial_name (dialog, initial_name);
      gtk_file_dialog_save (dialog, GTK_WINDOW (self), NULL, file_dialog_done, choice);
    }
  else
    gtk_file_dialog_open (dialog, GTK_WINDOW (self), NULL, file_dialog_done, choice);
}
#else
static void
file_chooser_response (GtkNativeDialog *native,
                       int              response,
                       gpointer         user_data)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

  file_choice_finish (user_data, file);
  g_object_unref (native);
}

static void
choose_file (BloomWindow    *self,
             gboolean        save,
             const char     *title,
             const char     *initial_name,
             FileChosenFunc  chosen)
{
  g_autoptr(GListModel) filters = json_filters ();
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (title, GTK_WINDOW (self),
                                        save ? GTK_FILE_CHOOSER_ACTION_SAVE
                                             : GTK_FILE_CHOOSER_ACTION_OPEN,
                                        save ? _("_Save") : _("_Import"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  if (save)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), initial_name);
  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
    }
  g_signal_connect (native, "response", G_CALLBACK (file_chooser_response),
                    file_choice_new (self, chosen));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}
#endif

static char *
display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return basename ? g_filename_display_name (basename) : g_file_get_uri (file);
}

/* SPEC P2 and a stored session that could not be read: a notice that
 * stays while it is true. */
void
_bloom_window_update_storage (BloomWindow *self)
{
  const char *unreadable = self->store ? bloom_session_store_get_unreadable_message (self->store) : NULL;
  gboolean unsaved = self->store != NULL && bloom_session_store_get_unsaved (self->store);
  g_autofree char *text = NULL;

  if (unreadable != NULL)
    /* Translators: %s says why the stored session could not be read */
    text = g_strdup_printf (_("The session stored on this computer could not be read, so Bloom Lab "
                              "started with an empty one. The unreadable copy is kept; save it to "
                              "a file to look at it. The reason: %s"),
                            unreadable);
  else if (unsaved)
    text = bloom_format_unsaved_notice (bloom_session_store_get_unsaved_chars (self->store));

  if (text != NULL)
    gtk_label_set_text (self->storage_label, text);
  gtk_widget_set_visible (self->storage_export_button, unreadable == NULL && unsaved);
  gtk_widget_set_visible (self->save_copy_button, unreadable != NULL);
  gtk_widget_set_visible (self->dismiss_storage_button, unreadable != NULL);
  _bloom_window_reveal (self->storage_revealer, text != NULL);
  _bloom_window_update_actions (self);
}

/* What an import or export did, until dismissed or replaced. */
void
_bloom_window_show_file_message (BloomWindow *self,
                                 const char  *message,
                                 gboolean     failed)
{
  if (message != NULL)
    {
      gtk_label_set_text (self->file_label, message);
      gtk_image_set_from_icon_name (self->file_icon,
                                    failed ? "dialog-error-symbolic" : "object-select-symbolic");
      if (failed)
        gtk_widget_add_css_class (self->file_banner, "error");
      else
        gtk_widget_remove_css_class (self->file_banner, "error");

      /* Screen readers hear it at once. */
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->file_label),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message,
                                      -1);
      gtk_widget_set_visible (GTK_WIDGET (self->file_revealer), TRUE);
    }

  gtk_revealer_set_reveal_child (self->file_revealer, message != NULL);
  _bloom_window_update_actions (self);
}

gboolean
_bloom_window_get_file_message_shown (BloomWindow *self)
{
  return gtk_revealer_get_reveal_child (self->file_revealer);
}

typedef struct
{
  BloomWindow *self;
  GFile       *file;
  gboolean     unreadable_copy;
} FileJob;

static FileJob *
file_job_new (BloomWindow *self,
              GFile       *file,
              gboolean     unreadable_copy)
{
  FileJob *job = g_new0 (FileJob, 1);

  job->self = g_object_ref (self);
  job->file = g_object_ref (file);
  job->unreadable_copy = unreadable_copy;

  return job;
}

static void
file_job_free (FileJob *job)
{
  g_clear_object (&job->self);
  g_clear_object (&job->file);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FileJob, file_job_free)

static void
save_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(FileJob) job = user_data;
  BloomWindow *self = job->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = display_name (job->file);
  g_autofree char *message = NULL;

  if (!bloom_session_file_write_finish (job->file, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;

      self->close_after_export = FALSE;
      /* Translators: the first %s is a file name, the second why it failed */
      message = g_strdup_printf (_("Could not save to “%s”: %s"), name, error->message);
      _bloom_window_show_file_message (self, message, TRUE);
      return;
    }

  if (job->unreadable_copy)
    /* Translators: %s is a file name */
    message = g_strdup_printf (_("Saved the unreadable stored session to “%s”."), name);
  else
    /* Translators: %s is a file name */
    message = g_strdup_printf (_("Exported the session to “%s”."), name);
  _bloom_window_show_file_message (self, message, FALSE);

  if (!job->unreadable_copy && self->close_after_export)
    {
      self->close_after_export = FALSE;
      self->quit_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static void
export_chosen (BloomWindow *self,
               GFile       *file)
{
  if (file == NULL)
    self->close_after_export = FALSE;
  else
    bloom_window_export_file (self, file);
}

void
_bloom_window_choose_export (BloomWindow *self)
{
  choose_file (self, TRUE, _("Export Session"), "bloom-lab-session.json", export_chosen);
}

/* SPEC P3: the full document, written atomically. */
void
bloom_window_export_file (BloomWindow *self,
                          GFile       *file)
{
  g_return_if_fail (BLOOM_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  bloom_session_file_export_async (self->session, file, self->file_cancellable,
                                   save_done, file_job_new (self, file, FALSE));
}

static void
unreadable_copy_chosen (BloomWindow *self,
                        GFile       *file)
{
  char *copy;
  g_autoptr(GBytes) contents = NULL;

  if (file == NULL || self->store == NULL)
    return;

  copy = bloom_session_store_dup_unreadable_copy (self->store);
  contents = g_bytes_new_take (copy, strlen (copy));
  bloom_session_file_write_async (file, contents, self->file_cancellable, save_done,
                                  file_job_new (self, file, TRUE));
}

void
_bloom_window_choose_unreadable_copy (BloomWindow *self)
{
  choose_file (self, TRUE, _("Save Unreadable Session"), "bloom-lab-unreadable-session.json",
               unreadable_copy_chosen);
}

static void
import_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(FileJob) job = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = display_name (job->file);
  g_autofree char *message = NULL;

  if (!bloom_session_file_import_finish (BLOOM_SESSION (source), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;

      /* Translators: the first %s is a file name, the second why it failed */
      message = g_strdup_printf (_("Could not import “%s”: %s The current session is unchanged."),
                                 name, error->message);
      _bloom_window_show_file_message (job->self, message, TRUE);
      return;
    }

  /* Translators: %s is a file name */
  message = g_strdup_printf (_("Imported the session from “%s”."), name);
  _bloom_window_show_file_message (job->self, message, FALSE);
}

/* SPEC P3: the session changes only when the whole file checks out. */
void
bloom_window_import_file (BloomWindow *self,
                          GFile       *file)
{
  g_return_if_fail (BLOOM_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  bloom_session_file_import_async (self->session, file, self->file_cancellable, import_done,
                                   file_job_new (self, file, FALSE));
}

static void
import_chosen (BloomWindow *self,
               GFile       *file)
{
  if (file != NULL)
    bloom_window_import_file (self, file);
}

void
_bloom_window_choose_import (BloomWindow *self)
{
  choose_file (self, FALSE, _("Import Session"), NULL, import_chosen);
}

static void
on_quit_response (BloomWindow     *self,
                  int              response,
                  BloomQuitDialog *dialog)
{
  switch (response)
    {
    case BLOOM_QUIT_RESPONSE_QUIT:
      self->quit_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
      break;
    case BLOOM_QUIT_RESPONSE_EXPORT:
      self->close_after_export = TRUE;
      _bloom_window_choose_export (self);
      break;
    default:
      break;
    }
}

/* SPEC P2: a session that is not stored is never lost without asking.
 * TRUE when the window asks first and stays open meanwhile. */
gboolean
_bloom_window_ask_before_close (BloomWindow *self)
{
  BloomQuitDialog *dialog;

  if (self->store == NULL)
    return FALSE;

  bloom_session_store_flush (self->store);
  if (!bloom_session_store_get_unsaved (self->store) || self->quit_confirmed)
    return FALSE;

  dialog = bloom_quit_dialog_new (GTK_WINDOW (self),
                                  bloom_session_store_get_unsaved_chars (self->store));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_quit_response), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));

  return TRUE;
}
