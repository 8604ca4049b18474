/* bloom-session-store.c — the store: its making, the settings bound to
 * the session, and writing (the 400 ms delay, the limit of SPEC P2, the
 * quit signal's recovery file). Reading at start-up, migration and
 * recovery are in bloom-session-store-restore.c; the atomic replace in
 * bloom-atomic-file.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-session-store"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/file.h>
#include <unistd.h>

#include "bloom-session-store-private.h"
#include "bloom-settings.h"

/* Changes are gathered for a moment and stored together. */
#define SAVE_DELAY_MS 400
/* How soon to look again when another Bloom Lab is writing. */
#define LOCK_RETRY_MS 10

G_DEFINE_ENUM_TYPE (BloomStoredCopy, bloom_stored_copy,
                    G_DEFINE_ENUM_VALUE (BLOOM_STORED_COPY_NONE, "none"),
                    G_DEFINE_ENUM_VALUE (BLOOM_STORED_COPY_CURRENT, "current"),
                    G_DEFINE_ENUM_VALUE (BLOOM_STORED_COPY_PREVIOUS, "previous"),
                    G_DEFINE_ENUM_VALUE (BLOOM_STORED_COPY_LEGACY, "legacy"))

G_DEFINE_FINAL_TYPE (BloomSessionStore, bloom_session_store, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];

void
_bloom_session_store_notify (BloomSessionStore         *self,
                             BloomSessionStoreProperty  property)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[property]);
}

static void
set_unsaved (BloomSessionStore *self,
             gboolean           unsaved,
             gsize              chars)
{
  if (self->unsaved == unsaved && self->unsaved_chars == chars)
    return;

  self->unsaved = unsaved;
  self->unsaved_chars = chars;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNSAVED]);
}

void
_bloom_session_store_set_string_property (BloomSessionStore  *self,
                     char              **field,
                     const char         *value,
                     guint               prop_id)
{
  if (g_strcmp0 (*field, value) == 0)
    return;

  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

void
_bloom_session_store_set_recovery_available (BloomSessionStore *self,
                        gboolean           available)
{
  if (self->recovery_available == available)
    return;

  self->recovery_available = available;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECOVERY_AVAILABLE]);
}

/* Writing */

/* Once, and again after a failed write (someone may have removed it). */
void
_bloom_session_store_ensure_directory (BloomSessionStore *self)
{
  g_autoptr(GError) error = NULL;

  if (self->directory_made && self->write_error == NULL)
    return;

  if (!g_file_make_directory_with_parents (self->directory, NULL, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    g_debug ("Could not make %s: %s", g_file_peek_path (self->directory), error->message);
  self->directory_made = TRUE;
}

static void save_document (BloomSessionStore *self);

/* What session.json holds now, as far as this store knows. */
void
_bloom_session_store_set_stored (BloomSessionStore *self,
                                 GBytes            *contents)
{
  g_free (self->stored_sum);
  self->stored_sum = contents != NULL ? bloom_atomic_file_checksum (contents)
                                      : g_strdup (BLOOM_ATOMIC_FILE_ABSENT);
}

static void
set_conflict (BloomSessionStore *self,
              gboolean           conflict)
{
  if (self->conflict == conflict)
    return;

  self->conflict = conflict;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONFLICT]);
}

/* Another Bloom Lab's write, from its check to its rename, never meets
 * this one's (docs/storage.md): the directory is locked meanwhile, with
 * flock(), which the kernel lets go when a process dies. FALSE when
 * another Bloom Lab holds it; a directory that cannot be locked (it does
 * not exist yet, or its file system has no locks) is written unlocked,
 * the etag and the contents still checked. */
gboolean
_bloom_session_store_try_lock (BloomSessionStore *self)
{
  int fd;

  g_assert (self->lock_fd < 0);

  fd = g_open (g_file_peek_path (self->directory), O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (fd < 0)
    return TRUE;

  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      gboolean busy = errno == EWOULDBLOCK;

      g_close (fd, NULL);
      return !busy;
    }

  self->lock_fd = fd;

  return TRUE;
}

void
_bloom_session_store_unlock (BloomSessionStore *self)
{
  if (self->lock_fd < 0)
    return;

  /* Closing lets the lock go. */
  g_close (self->lock_fd, NULL);
  self->lock_fd = -1;
}

/* The restored recovery file is not needed any more. */
void
_bloom_session_store_remove_recovery (BloomSessionStore *self)
{
  g_autoptr(GFile) reason = g_file_get_child (self->directory,
                                              BLOOM_SESSION_STORE_RECOVERY_REASON_NAME);

  self->recovery_pending = FALSE;
  g_file_delete (self->recovery, NULL, NULL);
  g_file_delete (reason, NULL, NULL);
  _bloom_session_store_set_recovery_available (self, FALSE);
}

static void
document_written (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(BloomSessionStore) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *written_sum = NULL;

  self->writing = FALSE;
  _bloom_session_store_unlock (self);

  if (!bloom_atomic_file_replace_expecting_finish (G_FILE (object), result, &written_sum, &error))
    {
      /* The stored copy is as it was; the next change tries again, except
       * after a conflict, which the user settles first. */
      self->dirty = TRUE;
      g_debug ("Could not store the session: %s", error->message);
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
        {
          self->write_again = FALSE;
          set_conflict (self, TRUE);
        }
      else
        _bloom_session_store_set_string_property (self, &self->write_error, error->message, PROP_WRITE_ERROR);
    }
  else
    {
      g_free (self->stored_sum);
      self->stored_sum = g_steal_pointer (&written_sum);
      _bloom_session_store_set_string_property (self, &self->write_error, NULL, PROP_WRITE_ERROR);
      if (self->legacy_pending)
        {
          self->legacy_pending = FALSE;
          g_settings_reset (self->drafts, "session");
          g_settings_apply (self->drafts);
        }
      self->previous_pending = FALSE;
      if (self->write_keeps_recovery && self->recovery_pending)
        _bloom_session_store_remove_recovery (self);
    }

  if (self->write_again)
    {
      self->write_again = FALSE;
      save_document (self);
    }
}

static gboolean
lock_retry (gpointer user_data)
{
  BloomSessionStore *self = user_data;

  self->lock_source = 0;
  save_document (self);

  return G_SOURCE_REMOVE;
}

/* SPEC P2: a document over the limit is not stored, and the copy stored
 * before stays as it was. Serialising and counting are all the main loop
 * does; GIO writes. A write states what it replaces (docs/storage.md):
 * what this store last read or wrote. */
static void
save_document (BloomSessionStore *self)
{
  g_autoptr(GBytes) contents = NULL;
  char *json;
  gsize len = 0;
  gsize chars;

  if (!self->dirty || self->conflict || self->lock_source != 0)
    return;

  if (self->writing)
    {
      self->write_again = TRUE;
      return;
    }

  json = bloom_state_to_json_full (self->session, BLOOM_STATE_FLAGS_FILTER_ONLY, &len);
  contents = g_bytes_new_take (json, len);
  /* No character takes less than one byte, so only a long document needs
   * counting. */
  chars = len > BLOOM_STATE_MAX_STORED_CHARS ? bloom_state_count_chars (json, len) : len;

  if (chars > BLOOM_STATE_MAX_STORED_CHARS)
    {
      set_unsaved (self, TRUE, chars);
      return;
    }

  set_unsaved (self, FALSE, 0);

  _bloom_session_store_ensure_directory (self);
  if (!_bloom_session_store_try_lock (self))
    {
      /* Another Bloom Lab is writing: look again in a moment, and then
       * find out whether it changed the file. */
      self->lock_source = g_timeout_add (LOCK_RETRY_MS, lock_retry, self);
      return;
    }

  self->dirty = FALSE;
  self->writing = TRUE;
  self->write_keeps_recovery = self->recovery_pending;
  /* The copy before, loaded at start-up, stays the copy before. */
  bloom_atomic_file_replace_expecting_async (self->current, contents, self->stored_sum,
                                             !self->previous_pending,
                                             G_FILE_CREATE_PRIVATE, self->filter,
                                             self->filter_data, NULL, document_written,
                                             g_object_ref (self));
}

/* Stores what changed now, without waiting for the delay: the drafts and,
 * if the session changed, the document, whose writing it starts. */
void
bloom_session_store_save_now (BloomSessionStore *self)
{
  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));

  g_clear_handle_id (&self->save_source, g_source_remove);

  if (g_settings_get_has_unapplied (self->drafts))
    g_settings_apply (self->drafts);

  save_document (self);
}

/* Saves now and returns once the document is written (or its writing
 * failed: see "write-error"), running the main loop meanwhile: before
 * quitting, and for whoever reads the file next. */
void
bloom_session_store_flush (BloomSessionStore *self)
{
  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));

  bloom_session_store_save_now (self);

  while (self->writing || self->lock_source != 0)
    g_main_context_iteration (NULL, TRUE);
}

typedef struct
{
  gboolean  done;
  GError   *error;
} Waiting;

static void
recovery_written (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  Waiting *waiting = user_data;

  bloom_atomic_file_replace_finish (G_FILE (object), result, &waiting->error);
  waiting->done = TRUE;
}

static void
write_recovery_reason (BloomSessionStore *self)
{
  g_autoptr(GFile) file = g_file_get_child (self->directory,
                                            BLOOM_SESSION_STORE_RECOVERY_REASON_NAME);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (self->unsaved)
    {
      g_file_delete (file, NULL, NULL);
      return;
    }

  text = self->conflict ? g_strdup (BLOOM_RECOVERY_REASON_CONFLICT_KEY "\n")
                        : g_strconcat (BLOOM_RECOVERY_REASON_WRITE_ERROR_KEY "\n",
                                       self->write_error, NULL);
  _bloom_session_store_ensure_directory (self);
  if (!g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_PRIVATE,
                                NULL, NULL, &error))
    g_debug ("Could not write why the session was kept aside: %s", error->message);
}

/* What a quit signal (SIGTERM, SIGINT, SIGHUP) does, when nobody can be
 * asked: stores what is pending; a session that could not be stored (over
 * the limit of SPEC P2, or its write failed) goes whole to the recovery
 * file, which the next start offers back. Returns whether the session is
 * on disk, one way or the other. */
gboolean
bloom_session_store_flush_for_exit (BloomSessionStore *self)
{
  g_autoptr(GBytes) contents = NULL;
  Waiting waiting = { FALSE, NULL };
  char *json;
  gsize len = 0;

  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), FALSE);

  bloom_session_store_flush (self);

  /* Stored, or the copy stored before stays (too large, a failed write,
   * or another Bloom Lab's session): then the whole session goes to the
   * recovery file, and why beside it, unless it was too large. */
  if (!self->unsaved && self->write_error == NULL && !self->conflict)
    return TRUE;

  write_recovery_reason (self);
  json = bloom_state_to_json (self->session, &len);
  contents = g_bytes_new_take (json, len);
  _bloom_session_store_ensure_directory (self);
  bloom_atomic_file_replace_async (self->recovery, contents, FALSE, G_FILE_CREATE_PRIVATE,
                                    self->filter, self->filter_data, NULL,
                                    recovery_written, &waiting);
  while (!waiting.done)
    g_main_context_iteration (NULL, TRUE);

  if (waiting.error != NULL)
    {
      g_warning ("Could not write the session to %s: %s",
                 g_file_peek_path (self->recovery), waiting.error->message);
      g_error_free (waiting.error);
      return FALSE;
    }

  return TRUE;
}

static gboolean
save_timeout (gpointer user_data)
{
  BloomSessionStore *self = user_data;

  self->save_source = 0;
  bloom_session_store_save_now (self);

  return G_SOURCE_REMOVE;
}

static void
schedule_save (BloomSessionStore *self)
{
  if (self->save_source == 0)
    self->save_source = g_timeout_add (SAVE_DELAY_MS, save_timeout, self);
}

static void
on_session_changed (BloomSessionStore *self)
{
  self->dirty = TRUE;
  schedule_save (self);
}

/* GObject */

/* The keys of the settings that are properties of the session, by the
 * same names. */
static const char * const bound_keys[] = { "m-draft", "k-draft", "text-draft", "open-details" };

static void
bloom_session_store_constructed (GObject *object)
{
  BloomSessionStore *self = BLOOM_SESSION_STORE (object);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autofree char *path = NULL;

  G_OBJECT_CLASS (bloom_session_store_parent_class)->constructed (object);

  g_assert (BLOOM_IS_SESSION (self->session));
  g_assert (G_IS_SETTINGS (self->settings));

  if (self->directory == NULL)
    self->directory = g_file_new_build_filename (g_get_user_state_dir (), "bloom-lab", NULL);
  self->current = g_file_get_child (self->directory, BLOOM_SESSION_STORE_CURRENT_NAME);
  self->previous = g_file_get_child (self->directory, BLOOM_SESSION_STORE_PREVIOUS_NAME);
  self->unreadable = g_file_get_child (self->directory, BLOOM_SESSION_STORE_UNREADABLE_NAME);
  self->recovery = g_file_get_child (self->directory, BLOOM_SESSION_STORE_RECOVERY_NAME);

  g_object_get (self->settings,
                "settings-schema", &schema,
                "backend", &backend,
                "path", &path,
                NULL);
  self->drafts = g_settings_new_full (schema, backend, path);
  g_settings_delay (self->drafts);

  /* Each value has one home (SPEC P1): the drafts and open details are
   * the settings', bound to the session both ways, which reads them once
   * now; GSettings keeps a change from coming back to where it came from. */
  for (guint i = 0; i < G_N_ELEMENTS (bound_keys); i++)
    g_settings_bind (self->drafts, bound_keys[i], self->session, bound_keys[i],
                     G_SETTINGS_BIND_DEFAULT);

  g_signal_connect_object (self->session, "changed",
                           G_CALLBACK (on_session_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->drafts, "changed",
                           G_CALLBACK (schedule_save), self, G_CONNECT_SWAPPED);
}

static void
bloom_session_store_dispose (GObject *object)
{
  BloomSessionStore *self = BLOOM_SESSION_STORE (object);

  /* Nothing waiting to be stored is lost. */
  if (self->drafts != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->drafts, self);
      bloom_session_store_flush (self);
    }

  if (self->session != NULL)
    {
      for (guint i = 0; i < G_N_ELEMENTS (bound_keys); i++)
        g_settings_unbind (self->session, bound_keys[i]);
      g_signal_handlers_disconnect_by_data (self->session, self);
    }
  g_clear_handle_id (&self->lock_source, g_source_remove);
  _bloom_session_store_unlock (self);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);
  g_clear_object (&self->drafts);

  G_OBJECT_CLASS (bloom_session_store_parent_class)->dispose (object);
}

/* What a scratch store wrote goes with it: files only, its own. */
static void
remove_scratch_directory (BloomSessionStore *self)
{
  g_autoptr(GFileEnumerator) children = NULL;
  GFileInfo *info;
  GFile *child;

  children = g_file_enumerate_children (self->directory, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  while (children != NULL &&
         g_file_enumerator_iterate (children, &info, &child, NULL, NULL) &&
         info != NULL)
    g_file_delete (child, NULL, NULL);
  g_file_delete (self->directory, NULL, NULL);
}

static void
bloom_session_store_finalize (GObject *object)
{
  BloomSessionStore *self = BLOOM_SESSION_STORE (object);

  if (self->scratch)
    remove_scratch_directory (self);
  g_clear_object (&self->directory);
  g_clear_object (&self->current);
  g_clear_object (&self->previous);
  g_clear_object (&self->unreadable);
  g_clear_object (&self->recovery);
  g_clear_pointer (&self->write_error, g_free);
  g_clear_pointer (&self->unreadable_message, g_free);
  g_clear_pointer (&self->unreadable_copy, g_bytes_unref);
  g_clear_pointer (&self->stored_sum, g_free);
  g_clear_pointer (&self->recovery_write_error, g_free);

  G_OBJECT_CLASS (bloom_session_store_parent_class)->finalize (object);
}

static void
bloom_session_store_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  BloomSessionStore *self = BLOOM_SESSION_STORE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_DIRECTORY:
      g_value_set_object (value, self->directory);
      break;
    case PROP_UNSAVED:
      g_value_set_boolean (value, self->unsaved);
      break;
    case PROP_UNREADABLE_MESSAGE:
      g_value_set_string (value, self->unreadable_message);
      break;
    case PROP_LOADED_COPY:
      g_value_set_enum (value, self->loaded_copy);
      break;
    case PROP_WRITE_ERROR:
      g_value_set_string (value, self->write_error);
      break;
    case PROP_RECOVERY_AVAILABLE:
      g_value_set_boolean (value, self->recovery_available);
      break;
    case PROP_CONFLICT:
      g_value_set_boolean (value, self->conflict);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_session_store_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  BloomSessionStore *self = BLOOM_SESSION_STORE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_DIRECTORY:
      self->directory = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_session_store_class_init (BloomSessionStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = bloom_session_store_constructed;
  object_class->dispose = bloom_session_store_dispose;
  object_class->finalize = bloom_session_store_finalize;
  object_class->get_property = bloom_session_store_get_property;
  object_class->set_property = bloom_session_store_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, BLOOM_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DIRECTORY] =
    g_param_spec_object ("directory", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_UNSAVED] =
    g_param_spec_boolean ("unsaved", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_UNREADABLE_MESSAGE] =
    g_param_spec_string ("unreadable-message", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_LOADED_COPY] =
    g_param_spec_enum ("loaded-copy", NULL, NULL, BLOOM_TYPE_STORED_COPY, BLOOM_STORED_COPY_NONE,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_WRITE_ERROR] =
    g_param_spec_string ("write-error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_RECOVERY_AVAILABLE] =
    g_param_spec_boolean ("recovery-available", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CONFLICT] =
    g_param_spec_boolean ("conflict", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bloom_session_store_init (BloomSessionStore *self)
{
  self->lock_fd = -1;
  /* Nothing read yet: a scratch store's directory is new and empty. */
  self->stored_sum = g_strdup (BLOOM_ATOMIC_FILE_ABSENT);
}

/* A store of @session in the user's state directory, with its drafts and
 * open details in @settings. Call bloom_session_store_restore() next. */
BloomSessionStore *
bloom_session_store_new (BloomSession *session,
                         GSettings    *settings)
{
  return bloom_session_store_new_for_directory (session, settings, NULL);
}

/* The same in @directory, or the user's state directory if NULL. */
BloomSessionStore *
bloom_session_store_new_for_directory (BloomSession *session,
                                       GSettings    *settings,
                                       GFile        *directory)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (session), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (directory == NULL || G_IS_FILE (directory), NULL);

  return g_object_new (BLOOM_TYPE_SESSION_STORE,
                       "session", session,
                       "settings", settings,
                       "directory", directory,
                       NULL);
}

/* A store where nothing must be kept (tests, a lecture's own session): a
 * new session with the first start's drafts, its settings in memory, its
 * files in a directory of its own that goes with the store. It stores as
 * any store does, so that what uses it behaves as with the user's. */
BloomSessionStore *
bloom_session_store_new_scratch (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GSettings) settings = bloom_settings_new_in_memory ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_dir_make_tmp ("bloom-lab-scratch-XXXXXX", &error);
  g_autoptr(GFile) directory = NULL;
  BloomSessionStore *self;

  if (path == NULL)
    g_error ("Could not make a scratch directory: %s", error->message);

  directory = g_file_new_for_path (path);
  self = bloom_session_store_new_for_directory (session, settings, directory);
  self->scratch = TRUE;

  return self;
}

BloomSession *
bloom_session_store_get_session (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), NULL);

  return self->session;
}

/* The settings the store was made with: the window keeps its size and
 * zoom there. */
GSettings *
bloom_session_store_get_settings (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), NULL);

  return self->settings;
}

gboolean
bloom_session_store_get_unsaved (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), FALSE);

  return self->unsaved;
}

/* The size of the session that could not be stored, in the characters of
 * SPEC P2 (UTF-16 code units); 0 when nothing is unsaved. */
gsize
bloom_session_store_get_unsaved_chars (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), 0);

  return self->unsaved_chars;
}

BloomStoredCopy
bloom_session_store_get_loaded_copy (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), BLOOM_STORED_COPY_NONE);

  return self->loaded_copy;
}

/* Why the stored copy was refused at start-up (translated, for the
 * window), or NULL; see "loaded-copy" for what was loaded instead. */
const char *
bloom_session_store_get_unreadable_message (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), NULL);

  return self->unreadable_message;
}

/* The refused copy, byte for byte, for the user to save elsewhere; NULL
 * when none was refused. Free with g_free(). */
char *
bloom_session_store_dup_unreadable_copy (BloomSessionStore *self)
{
  const char *data;
  gsize len = 0;

  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), NULL);

  if (self->unreadable_copy == NULL)
    return NULL;

  data = g_bytes_get_data (self->unreadable_copy, &len);

  return g_strndup (data, len);
}

/* The user has seen the message; the copy itself stays kept, in memory and
 * in the file session-unreadable.json. */
void
bloom_session_store_dismiss_unreadable (BloomSessionStore *self)
{
  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));

  _bloom_session_store_set_string_property (self, &self->unreadable_message, NULL, PROP_UNREADABLE_MESSAGE);
}

/* Why the last write of the document failed (translated, from GIO: "No
 * space left on device", …), or NULL. The copy stored before stays as it
 * was; the store tries again on the next change, or on retry(). */
const char *
bloom_session_store_get_write_error (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), NULL);

  return self->write_error;
}

/* Tries the failed write again now; "write-error" says how it went. */
void
bloom_session_store_retry (BloomSessionStore *self)
{
  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));

  if (self->write_error != NULL)
    self->dirty = TRUE;
  bloom_session_store_save_now (self);
}

gboolean
bloom_session_store_get_recovery_available (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), FALSE);

  return self->recovery_available;
}

void
bloom_session_store_set_stream_filter (BloomSessionStore     *self,
                                       BloomStreamFilterFunc  filter,
                                       gpointer               filter_data)
{
  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));

  self->filter = filter;
  self->filter_data = filter_data;
}

gboolean
bloom_session_store_get_conflict (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), FALSE);

  return self->conflict;
}

/* What another Bloom Lab stored, read now; NULL and @error if it cannot
 * be read. @contents: the bytes, for their checksum. */
static BloomSession *
read_theirs (BloomSessionStore  *self,
             GBytes            **contents,
             GError            **error)
{
  g_autoptr(BloomSession) theirs = bloom_session_new ();
  g_autoptr(GBytes) bytes = NULL;
  const char *json;
  gsize len = 0;

  bytes = bloom_session_file_read (self->current, NULL, error);
  if (bytes == NULL)
    return NULL;

  /* The drafts and open details are the settings', shared by both. */
  for (guint i = 0; i < G_N_ELEMENTS (bound_keys); i++)
    {
      g_auto(GValue) value = G_VALUE_INIT;

      g_object_get_property (G_OBJECT (self->session), bound_keys[i], &value);
      g_object_set_property (G_OBJECT (theirs), bound_keys[i], &value);
    }

  json = g_bytes_get_data (bytes, &len);
  if (len > 0 &&
      !bloom_state_load_json_full (theirs, json, len, BLOOM_STATE_FLAGS_FILTER_ONLY, error))
    return NULL;

  *contents = g_steal_pointer (&bytes);

  return g_steal_pointer (&theirs);
}

/* "Load Theirs": the session the other Bloom Lab stored replaces this one
 * (Ctrl+Z brings this one back), and is what this store expects to
 * replace from now on. FALSE and @error if it cannot be read; then
 * nothing changes. */
gboolean
bloom_session_store_load_theirs (BloomSessionStore  *self,
                                 GError            **error)
{
  g_autoptr(BloomSession) theirs = NULL;
  g_autoptr(GBytes) contents = NULL;

  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  theirs = read_theirs (self, &contents, error);
  if (theirs == NULL)
    return FALSE;

  bloom_session_replace (self->session, theirs);
  /* What is stored is this now: nothing to write. */
  g_clear_handle_id (&self->save_source, g_source_remove);
  self->dirty = FALSE;
  self->write_again = FALSE;
  _bloom_session_store_set_stored (self, contents);
  set_conflict (self, FALSE);

  return TRUE;
}

/* "Keep Mine", once the user agreed: this session is stored over the one
 * the other Bloom Lab stored, which it expects to find (a change after
 * this is a conflict again). */
void
bloom_session_store_keep_mine (BloomSessionStore *self)
{
  g_autoptr(GBytes) contents = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));

  contents = bloom_session_file_read (self->current, NULL, &error);
  if (contents != NULL)
    _bloom_session_store_set_stored (self, contents);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    _bloom_session_store_set_stored (self, NULL);
  /* Otherwise the write fails as the read did, and says why. */

  set_conflict (self, FALSE);
  self->dirty = TRUE;
  bloom_session_store_save_now (self);
}
