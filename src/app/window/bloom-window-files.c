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
#include "bloom-gtk-compat.h"
#include "bloom-picture-dialog.h"
#include "bloom-quit-dialog.h"
#include "bloom-session-file.h"
#include "bloom-window-private.h"

/* What to do with the file the user picked; NULL when the dialog was
 * cancelled. */
typedef void (*FileChosenFunc) (BloomWindow *self,
                                 GFile       *file,
                                 gpointer     data);

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
static void
choose_file (BloomWindow    *self,
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

static char *
display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return basename ? g_filename_display_name (basename) : g_file_get_uri (file);
}

static const char *
get_write_error (BloomWindow *self)
{
  return bloom_session_store_get_write_error (self->store);
}

/* Why the session in the window is not kept on this computer, for a
 * banner or a question; NULL when it is kept. */
static char *
describe_not_kept (BloomWindow *self)
{
  const char *write_error = get_write_error (self);

  if (write_error != NULL)
    /* Translators: %s is why the session could not be written, such as
     * “No space left on device” */
    return g_strdup_printf (_("Bloom Lab could not store the session on this computer: %s. "
                              "Your work is still in the window, and Bloom Lab tries again at "
                              "your next change; export it to keep it safe."),
                            write_error);
  if (bloom_session_store_get_unsaved (self->store))
    return bloom_format_unsaved_notice (bloom_session_store_get_unsaved_chars (self->store));

  return NULL;
}

static char *
describe_unreadable (BloomWindow *self,
                     const char  *unreadable)
{
  if (bloom_session_store_get_loaded_copy (self->store) == BLOOM_STORED_COPY_PREVIOUS)
    /* Translators: %s says why the stored session could not be read */
    return g_strdup_printf (_("The session stored on this computer could not be read, so Bloom Lab "
                              "loaded the copy stored before it: your last changes may be missing. "
                              "The unreadable copy is kept; save it to a file to look at it. "
                              "The reason: %s"),
                            unreadable);

  /* Translators: %s says why the stored session could not be read */
  return g_strdup_printf (_("The session stored on this computer could not be read, so Bloom Lab "
                            "started with an empty one. The unreadable copy is kept; save it to "
                            "a file to look at it. The reason: %s"),
                          unreadable);
}

/* SPEC P1, P2: a session that could not be stored or is too large to
 * store, and a stored session that could not be read: a banner that
 * stays while it is true, the most urgent first. */
void
_bloom_window_update_storage (BloomWindow *self)
{
  const char *unreadable = bloom_session_store_get_unreadable_message (self->store);
  gboolean write_failed = get_write_error (self) != NULL;
  g_autofree char *text = NULL;

  if (unreadable != NULL && !write_failed)
    text = describe_unreadable (self, unreadable);
  else
    text = describe_not_kept (self);

  if (text != NULL)
    gtk_label_set_text (self->storage_label, text);
  gtk_widget_set_visible (self->retry_button, write_failed);
  gtk_widget_set_visible (self->storage_export_button,
                          write_failed || (unreadable == NULL && text != NULL));
  gtk_widget_set_visible (self->save_copy_button, !write_failed && unreadable != NULL);
  gtk_widget_set_visible (self->dismiss_storage_button, !write_failed && unreadable != NULL);
  _bloom_window_reveal (self->storage_revealer, text != NULL);
  _bloom_window_update_actions (self);
}

/* A session kept aside when the system closed Bloom Lab (SPEC P2): the
 * user restores or discards it. */
void
_bloom_window_update_recovery (BloomWindow *self)
{
  _bloom_window_reveal (self->recovery_revealer,
                        bloom_session_store_get_recovery_available (self->store));
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

  if (!bloom_session_store_restore_recovery_finish (BLOOM_SESSION_STORE (source), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;

      /* Translators: %s says why */
      message = g_strdup_printf (_("Could not restore the session kept aside: %s The current "
                                   "session is unchanged."),
                                 error->message);
      _bloom_window_show_file_message (self, message, TRUE);
      return;
    }

  _bloom_window_show_file_message (self, _("Restored the session kept aside. Ctrl+Z brings back "
                                           "the one it replaced."),
                                   FALSE);
}

static void
forget_pending (BloomWindow *self)
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
  g_autofree char *name = display_name (job->file);
  g_autofree char *message = NULL;

  if (!bloom_session_file_write_finish (job->file, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;

      forget_pending (self);
      /* Translators: the first %s is a file name, the second why it failed */
      message = g_strdup_printf (_("Could not save to “%s”: %s"), name, error->message);
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
    forget_pending (self);
  else
    bloom_window_export_file (self, file);
}

void
_bloom_window_choose_export (BloomWindow *self)
{
  /* The ending of the type Bloom Lab registers (data/…mime.xml), so that
   * Files opens the export with Bloom Lab. */
  g_autoptr(GListModel) filters = json_filters ();

  choose_file (self, TRUE, _("Export Session"), "bloom-lab-session.bloomlab.json", filters,
               export_chosen, NULL);
}

/* SPEC P3: the full document, written atomically. */
void
bloom_window_export_file (BloomWindow *self,
                          GFile       *file)
{
  g_return_if_fail (BLOOM_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  bloom_session_file_export_async (self->session, file, self->file_cancellable,
                                   save_done, file_job_new (self, file, JOB_SESSION));
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

  choose_file (self, TRUE, _("Save Unreadable Session"), "bloom-lab-unreadable-session.json",
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
      forget_pending (self);
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
  g_autofree char *not_kept = describe_not_kept (self);
  g_autofree char *body = NULL;
  BloomQuitDialog *dialog;

  forget_pending (self);
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

  choose_file (self, FALSE, _("Import Session"), NULL, filters, import_chosen, NULL);
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
      forget_pending (self);
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
  g_autofree char *not_kept = NULL;
  BloomQuitDialog *dialog;

  if (self->quit_confirmed)
    return FALSE;

  bloom_session_store_flush (self->store);
  not_kept = describe_not_kept (self);
  if (not_kept == NULL)
    return FALSE;

  dialog = bloom_quit_dialog_new (GTK_WINDOW (self), BLOOM_QUIT_PURPOSE_QUIT, not_kept);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_quit_response), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));

  return TRUE;
}

/* A file dropped on the window opens as Import opens it. */
static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         BloomWindow   *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;

  bloom_window_import_file (self, files->data);
  g_slist_free (files);

  return TRUE;
}

void
_bloom_window_add_drop_target (BloomWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect_object (target, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

/* Pictures for slides (bloom-picture.c): what the window shows of the
 * grid or the plot, drawn by the view itself. */
typedef struct
{
  BloomWindow      *self;
  BloomPictureKind  kind;
  int               width;
  int               height;
} Picture;

static void
draw_picture (cairo_t  *cr,
              gpointer  user_data)
{
  Picture *picture = user_data;

  if (picture->kind == BLOOM_PICTURE_GRID)
    bloom_bit_grid_draw_picture (picture->self->grid, cr);
  else
    bloom_rate_plot_draw_picture (picture->self->rate_plot, cr, picture->width, picture->height);
}

/* FALSE when there is nothing to make a picture of. */
static gboolean
init_picture (BloomWindow      *self,
              BloomPictureKind  kind,
              Picture          *picture)
{
  picture->self = self;
  picture->kind = kind;

  if (kind == BLOOM_PICTURE_GRID)
    return bloom_bit_grid_get_picture_size (self->grid, &picture->width, &picture->height);

  bloom_rate_plot_get_picture_size (self->rate_plot, &picture->width, &picture->height);

  return picture->width > 0 && picture->height > 0;
}

/* The picture of @kind as @format at @scale, written atomically to @file. */
void
bloom_window_export_picture (BloomWindow        *self,
                             BloomPictureKind    kind,
                             BloomPictureFormat  format,
                             int                 scale,
                             GFile              *file)
{
  g_autoptr(GBytes) contents = NULL;
  Picture picture;

  g_return_if_fail (BLOOM_IS_WINDOW (self));
  g_return_if_fail (scale >= BLOOM_PICTURE_SCALE_MIN && scale <= BLOOM_PICTURE_SCALE_MAX);
  g_return_if_fail (G_IS_FILE (file));

  if (!init_picture (self, kind, &picture))
    {
      _bloom_window_show_file_message (self, _("There is no filter to make a picture of. "
                                               "Create a filter first."), TRUE);
      return;
    }

  contents = bloom_picture_render (draw_picture, &picture, picture.width, picture.height,
                                  format, scale);
  bloom_session_file_write_async (file, contents, self->file_cancellable, save_done,
                                  file_job_new (self, file, JOB_PICTURE));
}

/* A choice of the picture dialog, in the pointer a file choice carries. */
#define PACK_PICTURE(kind, format, scale) GINT_TO_POINTER ((kind) | (format) << 4 | (scale) << 8)

static void
picture_chosen (BloomWindow *self,
                GFile       *file,
                gpointer     data)
{
  int packed = GPOINTER_TO_INT (data);

  if (file != NULL)
    bloom_window_export_picture (self, packed & 0xf, (packed >> 4) & 0xf, packed >> 8, file);
}

static void
on_picture_export (BloomWindow        *self,
                   int                 kind,
                   int                 format,
                   int                 scale,
                   BloomPictureDialog *dialog)
{
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = g_strconcat (kind == BLOOM_PICTURE_GRID ? "bloom-lab-grid" : "bloom-lab-rates",
                                       bloom_picture_format_suffix (format), NULL);

  if (format == BLOOM_PICTURE_PNG)
    {
      gtk_file_filter_set_name (filter, _("PNG images"));
      gtk_file_filter_add_mime_type (filter, "image/png");
    }
  else
    {
      gtk_file_filter_set_name (filter, _("SVG drawings"));
      gtk_file_filter_add_mime_type (filter, "image/svg+xml");
    }
  g_list_store_append (filters, filter);

  choose_file (self, TRUE, _("Export Picture"), name, G_LIST_MODEL (filters), picture_chosen,
               PACK_PICTURE (kind, format, scale));
}

void
_bloom_window_choose_picture (BloomWindow *self)
{
  BloomPictureDialog *dialog = bloom_picture_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "export", G_CALLBACK (on_picture_export), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Ctrl+Shift+C: the grid as a PNG on the clipboard, twice the window's
 * size, sharp enough for a slide. */
void
_bloom_window_copy_grid_picture (BloomWindow *self)
{
  g_autoptr(GdkTexture) texture = NULL;
  Picture picture;

  if (!init_picture (self, BLOOM_PICTURE_GRID, &picture))
    return;

  texture = bloom_picture_render_texture (draw_picture, &picture, picture.width, picture.height, 2);
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (GTK_WIDGET (self)), texture);
  _bloom_window_show_file_message (self, _("Copied the bit grid to the clipboard as a picture."),
                                   FALSE);
}
