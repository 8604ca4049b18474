/* bloom-window-storage.c — what the window says of the stored session:
 * the banners of a refused copy, a failed write, a session too large to
 * store (SPEC P1, P2) and a recovered one; and the quit flow, which asks
 * before a session that is not stored is lost
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-format.h"
#include "bloom-quit-dialog.h"
#include "bloom-window-private.h"

static const char *
get_write_error (BloomWindow *self)
{
  return bloom_session_store_get_write_error (self->store);
}

/* Why the session in the window is not kept on this computer, for a
 * banner or a question; NULL when it is kept. */
char *
_bloom_window_describe_not_kept (BloomWindow *self)
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
    text = _bloom_window_describe_not_kept (self);

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
