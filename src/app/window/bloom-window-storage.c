/* bloom-window-storage.c — what the window says of the stored session:
 * the banners of a refused copy, a failed write, a session too large to
 * store (SPEC P1, P2), a session another Bloom Lab stored over (its
 * Load Theirs and Keep Mine), and a recovered one; and the quit flow, which asks
 * before a session that is not stored is lost
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

static const char *
get_write_error (BloomWindow *self)
{
  return bloom_session_store_get_write_error (self->store);
}

/* Why a file of the store could not be read or written, as a sentence.
 * The reasons are those of an import, which end by asking for another
 * file; nobody chose this one, so that request goes. */
char *
_bloom_window_store_reason (const char *message)
{
  /* Translators: as it ends the reasons a file was refused, word for word */
  const char *advice = _("Choose a file exported by Bloom Lab.");
  char *reason = bloom_session_file_sentence (message);
  gsize len = strlen (reason);
  gsize advice_len = strlen (advice);

  if (len > advice_len && g_str_has_suffix (reason, advice))
    {
      reason[len - advice_len] = '\0';
      g_strchomp (reason);
    }

  return reason;
}

/* Why the session in the window is not kept on this computer, for a
 * banner or a question; NULL when it is kept. */
char *
_bloom_window_describe_not_kept (BloomWindow *self)
{
  const char *write_error = get_write_error (self);

  if (write_error != NULL)
    {
      g_autofree char *reason = _bloom_window_store_reason (write_error);

      /* Translators: %s is why the session could not be written, a
       * sentence such as “No space left on device.” */
      return g_strdup_printf (_("Bloom Lab could not store the session on this computer: %s "
                                "Your work is still in the window, and Bloom Lab tries again at "
                                "your next change; export it to keep it safe."),
                              reason);
    }
  if (bloom_session_store_get_conflict (self->store))
    return g_strdup (_("Another Bloom Lab stored a different session on this computer, so the "
                       "session in this window is not stored."));
  if (bloom_session_store_get_unsaved (self->store))
    return bloom_format_unsaved_notice (bloom_session_store_get_unsaved_chars (self->store));

  return NULL;
}

static char *
stored_path (BloomWindow *self,
             const char  *name)
{
  g_autoptr(GFile) directory = NULL;
  g_autoptr(GFile) file = NULL;

  g_object_get (self->store, "directory", &directory, NULL);
  file = g_file_get_child (directory, name);

  return g_file_get_parse_name (file);
}

static char *
describe_unreadable (BloomWindow *self,
                     const char  *unreadable)
{
  gboolean previous = bloom_session_store_get_loaded_copy (self->store) == BLOOM_STORED_COPY_PREVIOUS;
  g_autofree char *reason = _bloom_window_store_reason (unreadable);
  g_autofree char *current_path = stored_path (self, BLOOM_SESSION_STORE_CURRENT_NAME);
  g_autofree char *previous_path = stored_path (self, BLOOM_SESSION_STORE_PREVIOUS_NAME);

  if (!bloom_session_store_get_unreadable_kept (self->store))
    {
      if (previous)
        /* Translators: the first and second %s are file names, the third
         * says why the first could not be read */
        return g_strdup_printf (_("The session stored on this computer in “%s” could not be "
                                  "read, and nothing of it is kept: Bloom Lab loaded the copy "
                                  "stored before it, “%s”, so your last changes may be missing, "
                                  "and stores nothing over that file while it cannot be opened. "
                                  "The reason: %s"),
                                current_path, previous_path, reason);

      /* Translators: the first %s is a file name, the second says why it
       * could not be read */
      return g_strdup_printf (_("The session stored on this computer in “%s” could not be read, "
                                "and nothing of it is kept: Bloom Lab started with an empty "
                                "session, and stores nothing over that file while it cannot be "
                                "opened. The reason: %s"),
                              current_path, reason);
    }

  if (previous)
    /* Translators: the first %s is a file name, the second says why the
     * stored session could not be read */
    return g_strdup_printf (_("The session stored on this computer could not be read, so Bloom Lab "
                              "loaded the copy stored before it, “%s”: your last changes may be "
                              "missing. The unreadable copy is kept; save it to a file to look at "
                              "it. The reason: %s"),
                            previous_path, reason);

  /* Translators: %s says why the stored session could not be read */
  return g_strdup_printf (_("The session stored on this computer could not be read, so Bloom Lab "
                            "started with an empty one. The unreadable copy is kept; save it to "
                            "a file to look at it. The reason: %s"),
                          reason);
}

/* SPEC P1, P2: a session that could not be stored or is too large to
 * store, and a stored session that could not be read: a banner that
 * stays while it is true, the most urgent first. A session another
 * Bloom Lab stored over has a banner of its own, with its choices. */
void
_bloom_window_update_storage (BloomWindow *self)
{
  const char *unreadable = bloom_session_store_get_unreadable_message (self->store);
  gboolean write_failed = get_write_error (self) != NULL;
  gboolean conflict = bloom_session_store_get_conflict (self->store);
  gboolean kept = bloom_session_store_get_unreadable_kept (self->store);
  g_autofree char *text = NULL;

  if (unreadable != NULL && !write_failed)
    text = describe_unreadable (self, unreadable);
  else if (!conflict)
    text = _bloom_window_describe_not_kept (self);

  /* A banner hiding keeps what it showed while it slides away. */
  if (text != NULL)
    {
      _bloom_window_ensure_banner (self, self->storage_revealer);
      gtk_label_set_text (self->storage_label, text);
      gtk_widget_set_visible (self->retry_button, write_failed);
      gtk_widget_set_visible (self->storage_export_button, write_failed || unreadable == NULL);
      gtk_widget_set_visible (self->save_copy_button, !write_failed && unreadable != NULL && kept);
      gtk_widget_set_visible (self->dismiss_storage_button, !write_failed && unreadable != NULL);
    }
  _bloom_window_reveal (self->storage_revealer, text != NULL);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "session.load-theirs", conflict);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "session.keep-mine", conflict);
  if (conflict)
    _bloom_window_ensure_banner (self, self->conflict_revealer);
  _bloom_window_reveal (self->conflict_revealer, conflict);
  _bloom_window_update_actions (self);
}

/* Why the session was kept aside, for its banner. */
static char *
describe_recovery (BloomWindow *self)
{
  char *text = NULL;

  switch (bloom_session_store_get_recovery_reason (self->store))
    {
    case BLOOM_RECOVERY_REASON_WRITE_ERROR:
      {
        g_autofree char *reason =
          _bloom_window_store_reason (bloom_session_store_get_recovery_write_error (self->store));

        /* Translators: %s is why the session could not be stored, a
         * sentence such as “No space left on device.” */
        text = g_strdup_printf (_("When the system last closed Bloom Lab, it could not store its "
                                  "session, so the session was kept aside. The reason: %s "
                                  "Restore it? It replaces the session in the window, which "
                                  "Ctrl+Z brings back."),
                                reason);
      }
      break;
    case BLOOM_RECOVERY_REASON_CONFLICT:
      text = g_strdup (_("When the system last closed Bloom Lab, another Bloom Lab had stored a "
                         "different session, so its own was kept aside. Restore it? It replaces "
                         "the session in the window, which Ctrl+Z brings back."));
      break;
    case BLOOM_RECOVERY_REASON_TOO_LARGE:
    default:
      text = g_strdup (_("When the system last closed Bloom Lab, its session was too large to "
                         "store, so it was kept aside. Restore it? It replaces the session in "
                         "the window, which Ctrl+Z brings back."));
      break;
    }

  return text;
}

/* A session kept aside when the system closed Bloom Lab (SPEC P2), and
 * why: the user restores or discards it. */
void
_bloom_window_update_recovery (BloomWindow *self)
{
  gboolean available = bloom_session_store_get_recovery_available (self->store);

  if (available)
    {
      g_autofree char *text = describe_recovery (self);

      _bloom_window_ensure_banner (self, self->recovery_revealer);
      gtk_label_set_text (self->recovery_label, text);
    }
  _bloom_window_reveal (self->recovery_revealer, available);
  _bloom_window_update_actions (self);
}

/* "Load Theirs": the other Bloom Lab's session replaces this one. */
static void
load_theirs_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *message = NULL;

  if (bloom_session_store_load_theirs (self->store, &error))
    {
      _bloom_window_show_file_message (self, _("Loaded the session the other Bloom Lab stored. "
                                               "Ctrl+Z brings back the one it replaced."),
                                       FALSE);
      return;
    }

  reason = _bloom_window_store_reason (error->message);
  /* Translators: %s says why, a sentence or two */
  message = g_strdup_printf (_("Could not load the session the other Bloom Lab stored: %s The "
                               "session in this window is unchanged."),
                             reason);
  _bloom_window_show_file_message (self, message, TRUE);
}

static void
on_keep_mine_response (BloomWindow     *self,
                       int              response,
                       BloomQuitDialog *dialog)
{
  switch (response)
    {
    case BLOOM_QUIT_RESPONSE_QUIT:
      bloom_session_store_keep_mine (self->store);
      break;
    case BLOOM_QUIT_RESPONSE_EXPORT:
      _bloom_window_choose_export (self);
      break;
    default:
      break;
    }
}

/* "Keep Mine…": this session replaces theirs, once the user agrees. */
static void
keep_mine_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);
  BloomQuitDialog *dialog;

  dialog = bloom_quit_dialog_new (GTK_WINDOW (self), BLOOM_QUIT_PURPOSE_OVERWRITE,
                                  _("The session the other Bloom Lab stored is then gone from "
                                    "this computer, unless that Bloom Lab still shows it or it "
                                    "was exported. Export yours first to keep both."));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_keep_mine_response), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_bloom_window_class_add_storage_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "session.load-theirs", NULL, load_theirs_action);
  gtk_widget_class_install_action (widget_class, "session.keep-mine", NULL, keep_mine_action);
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
      _bloom_window_forget_pending (self);
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
  not_kept = _bloom_window_describe_not_kept (self);
  if (not_kept == NULL)
    return FALSE;

  dialog = bloom_quit_dialog_new (GTK_WINDOW (self), BLOOM_QUIT_PURPOSE_QUIT, not_kept);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_quit_response), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));

  return TRUE;
}
