/* bloom-session-store-restore.c — SPEC P1, P4: what a BloomSessionStore
 * reads, once, at start-up: the current copy, else the one before it,
 * else the key of Bloom Lab 0.1.0 (migrated to the file); a refused copy
 * kept for the user; the leftovers of interrupted writes removed; and the
 * recovery file a quit signal left, restored or discarded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-session-store"

#include "config.h"

#include <string.h>

#include "bloom-session-store-private.h"

/* What an interrupted write of GIO's atomic replace leaves behind. */
#define GIO_TEMPORARY_PREFIX ".goutputstream-"

/* An empty file is the stand-in of a first write that was interrupted:
 * nothing was stored. */
static gboolean
load_copy (BloomSessionStore  *self,
           GFile              *file,
           GBytes            **contents,
           GError            **error)
{
  g_autoptr(GBytes) bytes = NULL;
  const char *json;
  gsize len = 0;

  bytes = bloom_session_file_read (file, NULL, error);
  if (bytes == NULL)
    return FALSE;

  if (contents != NULL)
    *contents = g_bytes_ref (bytes);

  json = g_bytes_get_data (bytes, &len);
  if (len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "empty");
      return FALSE;
    }

  /* The drafts and open details are the settings'; a document of
   * version 1 still carries them (SPEC P4), and is read without them. */
  return bloom_state_load_json_full (self->session, json, len, BLOOM_STATE_FLAGS_FILTER_ONLY,
                                     error);
}

static void
keep_unreadable (BloomSessionStore *self,
                 GBytes            *contents,
                 const char        *reason)
{
  g_autoptr(GError) error = NULL;
  gsize len = 0;
  const char *data = g_bytes_get_data (contents, &len);

  g_clear_pointer (&self->unreadable_copy, g_bytes_unref);
  self->unreadable_copy = g_bytes_ref (contents);
  _bloom_session_store_set_string_property (self, &self->unreadable_message, reason, PROP_UNREADABLE_MESSAGE);

  /* Kept on disk too, until a later refused copy takes its place. */
  if (len > 0 &&
      !g_file_replace_contents (self->unreadable, data, len, NULL, FALSE,
                                G_FILE_CREATE_PRIVATE | G_FILE_CREATE_REPLACE_DESTINATION,
                                NULL, NULL, &error))
    g_debug ("Could not keep the unreadable copy: %s", error->message);
}

/* Leftovers of writes that a crash interrupted. Another Bloom Lab may be
 * writing one of them now: only while no write is under way. */
static void
remove_temporary_files (BloomSessionStore *self)
{
  g_autoptr(GFileEnumerator) children = NULL;
  GFileInfo *info;
  GFile *child;

  if (!_bloom_session_store_try_lock (self))
    return;

  children = g_file_enumerate_children (self->directory, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  while (children != NULL &&
         g_file_enumerator_iterate (children, &info, &child, NULL, NULL) &&
         info != NULL)
    if (g_str_has_prefix (g_file_info_get_name (info), GIO_TEMPORARY_PREFIX))
      g_file_delete (child, NULL, NULL);

  _bloom_session_store_unlock (self);
}

/* The version 0.1.0 kept the document in the key "session" (SPEC P4). It
 * is read once, when no file holds a session yet; the key is cleared once
 * the document is in the file. */
static BloomStoredCopy
restore_legacy (BloomSessionStore  *self,
                GError            **error)
{
  g_autofree char *json = g_settings_get_string (self->drafts, "session");
  g_autoptr(GError) local_error = NULL;

  if (json[0] == '\0')
    return BLOOM_STORED_COPY_NONE;

  if (!bloom_state_load_json (self->session, json, -1, &local_error))
    {
      g_autoptr(GBytes) contents = g_bytes_new (json, strlen (json));

      keep_unreadable (self, contents, local_error->message);
      g_settings_reset (self->drafts, "session");
      g_settings_apply (self->drafts);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return BLOOM_STORED_COPY_NONE;
    }

  /* 0.1.0 kept the drafts in the document: they came with it, and the
   * bindings put them in the settings. */
  self->legacy_pending = TRUE;

  return BLOOM_STORED_COPY_LEGACY;
}

/* Loads the stored session into the session, once, before anything
 * changes it: the current copy, or else the one before it, or else the
 * key of 0.1.0 (SPEC P4); then the drafts and open details from the
 * settings. A stored copy that cannot be read never stops the app: it is
 * kept (bloom_session_store_dup_unreadable_copy()), "unreadable-message"
 * says why, and FALSE with @error too, even when the copy before it was
 * loaded instead ("loaded-copy"). Nothing stored is not an error. */
/* The copy before the current one, when the current one could not be
 * read; it becomes the current copy again, written as every write is
 * (docs/storage.md): over what was found, unless another Bloom Lab
 * stored a session meanwhile, and never over a file that could not be
 * opened. That write keeps session.json~ as it is, the good copy. */
static gboolean
restore_previous (BloomSessionStore  *self,
                  GError            **error)
{
  if (!load_copy (self, self->previous, NULL, error))
    return FALSE;

  if (g_strcmp0 (self->stored_sum, NOT_OPENED) != 0)
    self->previous_pending = TRUE;

  return TRUE;
}

/* Why the recovery file was written: session-recovery-reason.txt, absent
 * when the session was too large (and from Bloom Lab before it). */
static void
read_recovery_reason (BloomSessionStore *self)
{
  g_autoptr(GFile) file = g_file_get_child (self->directory,
                                            BLOOM_SESSION_STORE_RECOVERY_REASON_NAME);
  g_autoptr(GBytes) contents = NULL;
  g_autofree char *text = NULL;
  char *line_end;

  self->recovery_reason = BLOOM_RECOVERY_REASON_TOO_LARGE;
  g_clear_pointer (&self->recovery_write_error, g_free);

  contents = bloom_session_file_read (file, NULL, NULL);
  if (contents == NULL)
    return;

  text = g_strndup (g_bytes_get_data (contents, NULL), g_bytes_get_size (contents));
  line_end = strchr (text, '\n');
  if (line_end == NULL)
    return;
  *line_end = '\0';

  if (g_str_equal (text, BLOOM_RECOVERY_REASON_CONFLICT_KEY))
    self->recovery_reason = BLOOM_RECOVERY_REASON_CONFLICT;
  else if (g_str_equal (text, BLOOM_RECOVERY_REASON_WRITE_ERROR_KEY) &&
           g_utf8_validate (line_end + 1, -1, NULL))
    {
      self->recovery_reason = BLOOM_RECOVERY_REASON_WRITE_ERROR;
      self->recovery_write_error = g_strdup (line_end + 1);
    }
}

gboolean
bloom_session_store_restore (BloomSessionStore  *self,
                             GError            **error)
{
  g_autoptr(GError) current_error = NULL;
  g_autoptr(GError) previous_error = NULL;
  g_autoptr(GError) legacy_error = NULL;
  g_autoptr(GBytes) current_contents = NULL;
  BloomStoredCopy copy = BLOOM_STORED_COPY_NONE;
  gboolean current_exists, previous_exists;

  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  _bloom_session_store_ensure_directory (self);
  remove_temporary_files (self);

  if (load_copy (self, self->current, &current_contents, &current_error))
    copy = BLOOM_STORED_COPY_CURRENT;
  /* A link to nothing is there, but cannot be opened. */
  current_exists = !g_error_matches (current_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ||
                   g_file_query_file_type (self->current, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                                           NULL) == G_FILE_TYPE_SYMBOLIC_LINK;

  /* What the next write expects to replace: what was read, or nothing;
   * a file that could not be opened is never written over, so the write
   * fails and says why instead. */
  if (current_contents != NULL)
    _bloom_session_store_set_stored (self, current_contents);
  else if (current_exists)
    {
      g_free (self->stored_sum);
      self->stored_sum = g_strdup (NOT_OPENED);
    }
  else
    _bloom_session_store_set_stored (self, NULL);

  if (copy == BLOOM_STORED_COPY_NONE && current_exists)
    {
      /* Only what was read can be kept. */
      if (current_contents != NULL)
        keep_unreadable (self, current_contents, current_error->message);
      else
        _bloom_session_store_set_string_property (self, &self->unreadable_message,
                                                  current_error->message,
                                                  PROP_UNREADABLE_MESSAGE);
    }

  if (copy == BLOOM_STORED_COPY_NONE)
    {
      if (restore_previous (self, &previous_error))
        copy = BLOOM_STORED_COPY_PREVIOUS;
      previous_exists = !g_error_matches (previous_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);

      if (copy == BLOOM_STORED_COPY_NONE && !current_exists && !previous_exists)
        copy = restore_legacy (self, &legacy_error);
    }

  if (self->loaded_copy != copy)
    {
      self->loaded_copy = copy;
      _bloom_session_store_notify (self, PROP_LOADED_COPY);
    }
  read_recovery_reason (self);
  _bloom_session_store_set_recovery_available (self, g_file_query_exists (self->recovery, NULL));

  /* Loading changed the session; what is stored is already this, except
   * for the key of 0.1.0, which moves to the file now. */
  g_clear_handle_id (&self->save_source, g_source_remove);
  self->dirty = self->legacy_pending || self->previous_pending;
  bloom_session_store_save_now (self);

  if (legacy_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&legacy_error));
      return FALSE;
    }
  if (current_exists && copy != BLOOM_STORED_COPY_CURRENT)
    {
      g_propagate_error (error, g_steal_pointer (&current_error));
      return FALSE;
    }

  return TRUE;
}

/* Recovery */

static void
recovery_imported (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  BloomSessionStore *self = g_task_get_source_object (task);
  GError *error = NULL;

  if (!bloom_session_file_import_finish (BLOOM_SESSION (object), result, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  /* The session holds it now and is stored as usual: too large, it shows
   * the notice of SPEC P2. The file stays until the session is stored or
   * exported (or discarded): a crash before that must not lose it. */
  self->recovery_pending = TRUE;
  self->restores++;
  _bloom_session_store_set_recovery_available (self, FALSE);
  g_task_return_boolean (task, TRUE);
}

/* Replaces the session with the one in the recovery file, parsed off the
 * main loop. The file stays until that session is stored or exported, or
 * discard_recovery() is called: until then every start offers it. On
 * error the session is unchanged. */
void
bloom_session_store_restore_recovery_async (BloomSessionStore   *self,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, bloom_session_store_restore_recovery_async);
  bloom_session_file_import_async (self->session, self->recovery, cancellable,
                                   recovery_imported, task);
}

gboolean
bloom_session_store_restore_recovery_finish (BloomSessionStore  *self,
                                             GAsyncResult       *result,
                                             GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The user does not want it back: the recovery file goes. */
void
bloom_session_store_discard_recovery (BloomSessionStore *self)
{
  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));

  if (!self->recovery_available && !self->recovery_pending)
    return;

  _bloom_session_store_remove_recovery (self);
}

/* The whole session is in a file the user chose: a restored recovery
 * file is safe to remove. */
void
bloom_session_store_session_exported (BloomSessionStore *self)
{
  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));

  bloom_session_store_export_written (self, bloom_session_store_begin_export (self));
}

/* Which restore the session holds as an export begins: 0, none that
 * waits to be stored. */
guint
bloom_session_store_begin_export (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), 0);

  return self->recovery_pending ? self->restores : 0;
}

/* Only an export of the restored session makes its file safe to remove. */
void
bloom_session_store_export_written (BloomSessionStore *self,
                                    guint              export_id)
{
  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));

  if (self->recovery_pending && export_id != 0 && export_id == self->restores)
    _bloom_session_store_remove_recovery (self);
}

BloomRecoveryReason
bloom_session_store_get_recovery_reason (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), BLOOM_RECOVERY_REASON_TOO_LARGE);

  return self->recovery_reason;
}

/* The write error that kept the session aside (untranslated words of the
 * system, as GIO gave them then), or NULL. */
const char *
bloom_session_store_get_recovery_write_error (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), NULL);

  return self->recovery_write_error;
}

gboolean
bloom_session_store_get_unreadable_kept (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), FALSE);

  return self->unreadable_copy != NULL && g_bytes_get_size (self->unreadable_copy) > 0;
}
