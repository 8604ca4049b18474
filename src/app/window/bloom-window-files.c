/* bloom-window-files.c — the window's file dialogs and what they start:
 * import and export (SPEC P3), replacing the session after asking,
 * saving the unreadable stored copy, and the messages that say how each
 * went. Storage banners and the quit flow are in bloom-window-storage.c,
 * pictures in bloom-window-pictures.c, drops in bloom-window-drop.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bloom-gtk-compat.h"
#include "bloom-quit-dialog.h"
#include "bloom-session-file.h"
#include "bloom-window-private.h"

typedef struct
{
  BloomWindow    *self;
  FileChosenFunc  chosen;
  gpointer        data;
} FileChoice;

static FileChoice *
file_choice_new (BloomWindow    *self,
                 FileChosenFunc  chosen,
                 gpointer        data)
{
  FileChoice *choice = g_new0 (FileChoice, 1);

  choice->self = g_object_ref (self);
  choice->chosen = chosen;
  choice->data = data;

  return choice;
}

static void
file_choice_finish (FileChoice *choice,
                    GFile      *file)
{
  choice->chosen (choice->self, file, choice->data);
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
  gtk_file_filter_add_mime_type (json, BLOOM_WINDOW_SESSION_MIME_TYPE);
  gtk_file_filter_add_mime_type (json, "application/json");
  gtk_file_filter_add_suffix (json, "json");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, json);
  g_list_store_append (filters, all);

  return G_LIST_MODEL (filters);
}

static void
file_chosen (GFile    *file,
             gpointer  user_data)
{
  file_choice_finish (user_data, file);
}

/* Through the file chooser portal inside a Flatpak. */
void
_bloom_window_choose_file (BloomWindow    *self,
             gboolean        save,
             const char     *title,
             const char     *initial_name,
             GListModel     *filters,
             FileChosenFunc  chosen,
             gpointer        data)
{
  bloom_gtk_choose_file (GTK_WINDOW (self), save, title, save ? _("_Save") : _("_Import"),
                         initial_name, filters, file_chosen, file_choice_new (self, chosen, data));
}

char *
_bloom_window_display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return basename ? g_filename_display_name (basename) : g_file_get_uri (file);
}

/* How long a short success stays: libadwaita's toasts stay 5 s. A longer
 * message stays longer, as long as it takes to read at about 15
 * characters a second, up to three times as long. A test shortens it. */
#define MESSAGE_TIMEOUT_MS 5000
#define MESSAGE_CHARS_IN_TIMEOUT 75

guint
_bloom_window_message_duration (BloomWindow *self,
                                const char  *message)
{
  guint base = self->message_timeout_ms != 0 ? self->message_timeout_ms : MESSAGE_TIMEOUT_MS;
  glong chars = CLAMP (g_utf8_strlen (message, -1), MESSAGE_CHARS_IN_TIMEOUT,
                       3 * MESSAGE_CHARS_IN_TIMEOUT);

  return (guint) ((guint64) base * chars / MESSAGE_CHARS_IN_TIMEOUT);
}

void
_bloom_window_set_message_timeout (BloomWindow *self,
                                   guint        msec)
{
  self->message_timeout_ms = msec;
}

/* A success hides by itself, but not from under the pointer or the focus:
 * the user is reading it, or selecting its text; it goes once they leave
 * and the time has run out again. */
static gboolean
on_message_timeout (gpointer data)
{
  BloomWindow *self = data;
  GtkStateFlags state = gtk_widget_get_state_flags (self->file_banner);

  if (state & (GTK_STATE_FLAG_PRELIGHT | GTK_STATE_FLAG_FOCUS_WITHIN))
    return G_SOURCE_CONTINUE;

  self->message_timeout_id = 0;
  _bloom_window_show_file_message (self, NULL, FALSE);

  return G_SOURCE_REMOVE;
}

static gboolean
focus_in_message (BloomWindow *self,
                  GtkWidget   *focus)
{
  /* No toast was ever built: the focus cannot be in one. */
  return focus != NULL && self->file_banner != NULL &&
         gtk_widget_is_ancestor (focus, self->file_banner);
}

/* Where the focus was before Tab took it into the toast. */
static void
on_focus_widget_changed (BloomWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (focus != NULL && !focus_in_message (self, focus))
    g_set_weak_pointer (&self->focus_before_message, focus);
}

void
_bloom_window_init_file_message (BloomWindow *self)
{
  g_signal_connect (self, "notify::focus-widget", G_CALLBACK (on_focus_widget_changed), NULL);
}

/* What an import or export did, in a toast over the bottom of the window,
 * where the user looks however far the page is scrolled. A new message
 * replaces the one shown; an error stays until dismissed or replaced. */
void
_bloom_window_show_file_message (BloomWindow *self,
                                 const char  *message,
                                 gboolean     failed)
{
  g_clear_handle_id (&self->message_timeout_id, g_source_remove);

  if (message != NULL)
    {
      _bloom_window_ensure_banner (self, self->file_revealer);
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

      if (!failed)
        self->message_timeout_id = g_timeout_add (_bloom_window_message_duration (self, message),
                                                  on_message_timeout, self);
    }
  else if (focus_in_message (self, gtk_root_get_focus (GTK_ROOT (self))))
    {
      /* Closed from the keyboard: the focus goes back where it came
       * from, not nowhere (the next Tab would start at the top). */
      if (self->focus_before_message == NULL || !gtk_widget_grab_focus (self->focus_before_message))
        gtk_root_set_focus (GTK_ROOT (self), NULL);
    }

  gtk_revealer_set_reveal_child (self->file_revealer, message != NULL);
  _bloom_window_update_actions (self);
}

gboolean
_bloom_window_get_file_message_shown (BloomWindow *self)
{
  return gtk_revealer_get_reveal_child (self->file_revealer);
}

/* What a file job writes or reads. */
typedef enum
{
  JOB_SESSION,           /* an export, or an import */
  JOB_UNREADABLE_COPY,
  JOB_PICTURE,
} JobKind;

typedef struct
{
  BloomWindow *self;
  GFile       *file;
  JobKind      kind;
  guint        export_id;  /* an export: what the store gave when it began */
} FileJob;

static FileJob *
file_job_new (BloomWindow *self,
              GFile       *file,
              JobKind      kind)
{
  FileJob *job = g_new0 (FileJob, 1);

  job->self = g_object_ref (self);
  job->file = g_object_ref (file);
  job->kind = kind;

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
import_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(FileJob) job = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = _bloom_window_display_name (job->file);
  g_autofree char *message = NULL;
  g_autofree char *reason = NULL;

  if (!bloom_session_file_import_finish (BLOOM_SESSION (source), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;

      reason = bloom_session_file_sentence (error->message);
      /* Translators: the first %s is a file name, the second why it failed */
      message = g_strdup_printf (_("Could not import “%s”: %s The current session is unchanged."),
                                 name, reason);
      _bloom_window_show_file_message (job->self, message, TRUE);
      return;
    }

  /* Translators: %s is a file name */
  message = g_strdup_printf (_("Imported the session from “%s”."), name);
  _bloom_window_show_file_message (job->self, message, FALSE);
}

static void
start_import (BloomWindow *self,
              GFile       *file)
{
  bloom_session_file_import_async (self->session, file, self->file_cancellable, import_done,
                                   file_job_new (self, file, JOB_SESSION));
}

static void
recovery_restored (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(BloomWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *reason = NULL;

  if (!bloom_session_store_restore_recovery_finish (BLOOM_SESSION_STORE (source), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;

      reason = _bloom_window_store_reason (error->message);
      /* Translators: %s says why */
      message = g_strdup_printf (_("Could not restore the session kept aside: %s The current "
                                   "session is unchanged."),
                                 reason);
      _bloom_window_show_file_message (self, message, TRUE);
      return;
    }

  _bloom_window_show_file_message (self, _("Restored the session kept aside. Ctrl+Z brings back "
                                           "the one it replaced."),
                                   FALSE);
}

void
_bloom_window_forget_pending (BloomWindow *self)
{
  self->close_after_export = FALSE;
  self->replace_pending = FALSE;
  g_clear_object (&self->replace_file);
}

/* The replacement the user asked for: a file, or the recovered session. */
static void
replace_now (BloomWindow *self)
{
  g_autoptr(GFile) file = g_steal_pointer (&self->replace_file);

  self->replace_pending = FALSE;
  if (file != NULL)
    start_import (self, file);
  else
    bloom_session_store_restore_recovery_async (self->store, self->file_cancellable,
                                                recovery_restored, g_object_ref (self));
}

static void
save_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(FileJob) job = user_data;
  BloomWindow *self = job->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = _bloom_window_display_name (job->file);
  g_autofree char *message = NULL;
  g_autofree char *reason = NULL;

  if (!bloom_session_file_write_finish (job->file, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;

      _bloom_window_forget_pending (self);
      reason = bloom_session_file_sentence (error->message);
      /* Translators: the first %s is a file name, the second why it failed */
      message = g_strdup_printf (_("Could not save to “%s”: %s"), name, reason);
      _bloom_window_show_file_message (self, message, TRUE);
      return;
    }

  if (job->kind == JOB_UNREADABLE_COPY)
    /* Translators: %s is a file name */
    message = g_strdup_printf (_("Saved the unreadable stored session to “%s”."), name);
  else if (job->kind == JOB_PICTURE)
    /* Translators: %s is a file name */
    message = g_strdup_printf (_("Saved the picture to “%s”."), name);
  else
    /* Translators: %s is a file name */
    message = g_strdup_printf (_("Exported the session to “%s”."), name);
  _bloom_window_show_file_message (self, message, FALSE);

  if (job->kind != JOB_SESSION)
    return;

  /* The whole session is in a file now: a restored recovery file can go,
   * if the export began once it was restored. */
  bloom_session_store_export_written (self->store, job->export_id);

  /* Exported as the question before quitting or replacing asked. */
  if (self->close_after_export)
    {
      self->close_after_export = FALSE;
      self->quit_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
  else if (self->replace_pending)
    replace_now (self);
}

static void
export_chosen (BloomWindow *self,
               GFile       *file,
               gpointer     data)
{
  if (file == NULL)
    _bloom_window_forget_pending (self);
  else
    bloom_window_export_file (self, file);
}

void
_bloom_window_choose_export (BloomWindow *self)
{
  /* The ending of the type Bloom Lab registers (data/…mime.xml), so that
   * Files opens the export with Bloom Lab. */
  g_autoptr(GListModel) filters = json_filters ();

  _bloom_window_choose_file (self, TRUE, _("Export Session"), "bloom-lab-session.bloomlab.json", filters,
               export_chosen, NULL);
}

/* SPEC P3: the full document, written atomically. */
void
bloom_window_export_file (BloomWindow *self,
                          GFile       *file)
{
  FileJob *job;

  g_return_if_fail (BLOOM_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  job = file_job_new (self, file, JOB_SESSION);
  job->export_id = bloom_session_store_begin_export (self->store);
  bloom_session_file_export_async (self->session, file, self->file_cancellable, save_done, job);
}

static void
unreadable_copy_chosen (BloomWindow *self,
                        GFile       *file,
                        gpointer     data)
{
  char *copy;
  g_autoptr(GBytes) contents = NULL;

  if (file == NULL)
    return;

  copy = bloom_session_store_dup_unreadable_copy (self->store);
  if (copy == NULL)
    return;
  contents = g_bytes_new_take (copy, strlen (copy));
  bloom_session_file_write_async (file, contents, self->file_cancellable, save_done,
                                  file_job_new (self, file, JOB_UNREADABLE_COPY));
}

void
_bloom_window_choose_unreadable_copy (BloomWindow *self)
{
  g_autoptr(GListModel) filters = json_filters ();

  _bloom_window_choose_file (self, TRUE, _("Save Unreadable Session"), "bloom-lab-unreadable-session.json",
               filters, unreadable_copy_chosen, NULL);
}

static void
on_replace_response (BloomWindow     *self,
                     int              response,
                     BloomQuitDialog *dialog)
{
  switch (response)
    {
    case BLOOM_QUIT_RESPONSE_QUIT:
      replace_now (self);
      break;
    case BLOOM_QUIT_RESPONSE_EXPORT:
      _bloom_window_choose_export (self);
      break;
    default:
      _bloom_window_forget_pending (self);
      break;
    }
}

/* Replaces the session with @file, or with the recovered session when
 * @file is NULL. A session that is not kept anywhere is not replaced
 * without asking (SPEC P2); either way Ctrl+Z brings it back. */
static void
replace_session (BloomWindow *self,
                 GFile       *file)
{
  g_autofree char *not_kept = _bloom_window_describe_not_kept (self);
  g_autofree char *body = NULL;
  BloomQuitDialog *dialog;

  _bloom_window_forget_pending (self);
  self->replace_pending = TRUE;
  g_set_object (&self->replace_file, file);

  if (not_kept == NULL)
    {
      replace_now (self);
      return;
    }

  /* Translators: %s says why the session is not kept, a sentence or two */
  body = g_strdup_printf (_("%s Replacing it now keeps it only until your next change: Ctrl+Z "
                            "brings it back."),
                          not_kept);
  dialog = bloom_quit_dialog_new (GTK_WINDOW (self), BLOOM_QUIT_PURPOSE_REPLACE, body);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_replace_response), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* SPEC P3: the session changes only when the whole file checks out. */
void
bloom_window_import_file (BloomWindow *self,
                          GFile       *file)
{
  g_return_if_fail (BLOOM_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  replace_session (self, file);
}

void
_bloom_window_restore_recovery (BloomWindow *self)
{
  replace_session (self, NULL);
}

static void
import_chosen (BloomWindow *self,
               GFile       *file,
               gpointer     data)
{
  if (file != NULL)
    bloom_window_import_file (self, file);
}

void
_bloom_window_choose_import (BloomWindow *self)
{
  g_autoptr(GListModel) filters = json_filters ();

  _bloom_window_choose_file (self, FALSE, _("Import Session"), NULL, filters, import_chosen, NULL);
}

/* A picture made by bloom-window-pictures.c, written atomically to @file
 * as a file job: its outcome is said as an export's is. */
void
_bloom_window_save_picture (BloomWindow *self,
                            GFile       *file,
                            GBytes      *contents)
{
  bloom_session_file_write_async (file, contents, self->file_cancellable, save_done,
                                  file_job_new (self, file, JOB_PICTURE));
}
