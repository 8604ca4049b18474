/* bloom-session-store.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-session-store"

#include "config.h"

#include "bloom-session-private.h"
#include "bloom-session-store.h"

/* Changes are gathered for a moment and stored together. */
#define SAVE_DELAY_MS 400

/* What an interrupted write of GIO's atomic replace leaves behind. */
#define GIO_TEMPORARY_PREFIX ".goutputstream-"

G_DEFINE_ENUM_TYPE (BloomStoredCopy, bloom_stored_copy,
                    G_DEFINE_ENUM_VALUE (BLOOM_STORED_COPY_NONE, "none"),
                    G_DEFINE_ENUM_VALUE (BLOOM_STORED_COPY_CURRENT, "current"),
                    G_DEFINE_ENUM_VALUE (BLOOM_STORED_COPY_PREVIOUS, "previous"),
                    G_DEFINE_ENUM_VALUE (BLOOM_STORED_COPY_LEGACY, "legacy"))

struct _BloomSessionStore
{
  GObject                parent_instance;

  BloomSession          *session;
  GSettings             *settings;
  /* The same schema, in delay mode: drafts change with every key press,
   * and are written with the document, once per SAVE_DELAY_MS. */
  GSettings             *drafts;
  GFile                 *directory;
  GFile                 *current;
  GFile                 *previous;
  GFile                 *unreadable;
  GFile                 *recovery;

  guint                  save_source;
  gboolean               dirty;            /* the session changed since what is stored */
  gboolean               writing;          /* a write is under way */
  gboolean               write_again;      /* asked to save while it was */
  gboolean               restoring;        /* what the session loads is what is stored */
  gboolean               syncing;          /* drafts move between session and settings */
  gboolean               legacy_pending;   /* the 0.1.0 key goes once its copy is written */
  gboolean               directory_made;

  gboolean               unsaved;          /* over the limit of SPEC P2, not stored */
  gsize                  unsaved_chars;
  char                  *write_error;
  char                  *unreadable_message;
  GBytes                *unreadable_copy;
  BloomStoredCopy        loaded_copy;
  gboolean               recovery_available;

  BloomStreamFilterFunc  filter;
  gpointer               filter_data;
};

G_DEFINE_FINAL_TYPE (BloomSessionStore, bloom_session_store, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SESSION,
  PROP_SETTINGS,
  PROP_DIRECTORY,
  PROP_UNSAVED,
  PROP_UNREADABLE_MESSAGE,
  PROP_LOADED_COPY,
  PROP_WRITE_ERROR,
  PROP_RECOVERY_AVAILABLE,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

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

static void
set_string_property (BloomSessionStore  *self,
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

static void
set_recovery_available (BloomSessionStore *self,
                        gboolean           available)
{
  if (self->recovery_available == available)
    return;

  self->recovery_available = available;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECOVERY_AVAILABLE]);
}

/* Writing */

/* Once, and again after a failed write (someone may have removed it). */
static void
ensure_directory (BloomSessionStore *self)
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

static void
document_written (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(BloomSessionStore) self = user_data;
  g_autoptr(GError) error = NULL;

  self->writing = FALSE;

  if (!bloom_session_file_replace_finish (G_FILE (object), result, &error))
    {
      /* The stored copy is as it was; the next change tries again. */
      self->dirty = TRUE;
      g_debug ("Could not store the session: %s", error->message);
      set_string_property (self, &self->write_error, error->message, PROP_WRITE_ERROR);
    }
  else
    {
      set_string_property (self, &self->write_error, NULL, PROP_WRITE_ERROR);
      if (self->legacy_pending)
        {
          self->legacy_pending = FALSE;
          g_settings_reset (self->drafts, "session");
          g_settings_apply (self->drafts);
        }
    }

  if (self->write_again)
    {
      self->write_again = FALSE;
      save_document (self);
    }
}

/* SPEC P2: a document over the limit is not stored, and the copy stored
 * before stays as it was. Serialising and counting are all the main loop
 * does; GIO writes. */
static void
save_document (BloomSessionStore *self)
{
  g_autoptr(GBytes) contents = NULL;
  char *json;
  gsize len = 0;
  gsize chars;

  if (!self->dirty)
    return;

  if (self->writing)
    {
      self->write_again = TRUE;
      return;
    }

  json = bloom_state_to_json (self->session, &len);
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

  ensure_directory (self);
  self->dirty = FALSE;
  self->writing = TRUE;
  bloom_session_file_replace_async (self->current, contents, TRUE, G_FILE_CREATE_PRIVATE,
                                    self->filter, self->filter_data, NULL,
                                    document_written, g_object_ref (self));
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

  while (self->writing)
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

  bloom_session_file_replace_finish (G_FILE (object), result, &waiting->error);
  waiting->done = TRUE;
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

  /* Stored, or the copy stored before stays (too large, or a failed
   * write): then the whole session goes to the recovery file. */
  if (!self->unsaved && self->write_error == NULL)
    return TRUE;

  json = bloom_state_to_json (self->session, &len);
  contents = g_bytes_new_take (json, len);
  ensure_directory (self);
  bloom_session_file_replace_async (self->recovery, contents, FALSE, G_FILE_CREATE_PRIVATE,
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
  if (self->restoring)
    return;

  self->dirty = TRUE;
  schedule_save (self);
}

/* Drafts and open details: the session and the settings, both ways */

static void
drafts_to_settings (BloomSessionStore *self)
{
  g_assert (!self->syncing);

  self->syncing = TRUE;
  g_settings_set_string (self->drafts, "m-draft", bloom_session_get_m_draft (self->session));
  g_settings_set_string (self->drafts, "k-draft", bloom_session_get_k_draft (self->session));
  g_settings_set_string (self->drafts, "text-draft", bloom_session_get_text_draft (self->session));
  g_settings_set_strv (self->drafts, "open-details", bloom_session_get_open_details (self->session));
  self->syncing = FALSE;
}

static void
on_session_drafts_changed (BloomSessionStore *self)
{
  if (self->restoring || self->syncing)
    return;

  drafts_to_settings (self);
  /* The settings are applied with the next save; a document over the
   * limit is measured again, as drafts are part of it. */
  schedule_save (self);
}

typedef struct
{
  char  *m;
  char  *k;
  char  *text;
  char **open_details;
} Drafts;

static void
drafts_clear (Drafts *drafts)
{
  g_clear_pointer (&drafts->m, g_free);
  g_clear_pointer (&drafts->k, g_free);
  g_clear_pointer (&drafts->text, g_free);
  g_clear_pointer (&drafts->open_details, g_strfreev);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Drafts, drafts_clear)

static void
read_drafts (BloomSessionStore *self,
             Drafts            *drafts)
{
  drafts->m = g_settings_get_string (self->drafts, "m-draft");
  drafts->k = g_settings_get_string (self->drafts, "k-draft");
  drafts->text = g_settings_get_string (self->drafts, "text-draft");
  drafts->open_details = g_settings_get_strv (self->drafts, "open-details");
}

static void
apply_drafts (BloomSessionStore *self,
              const Drafts      *drafts)
{
  g_auto(GStrv) open = g_strdupv ((char **) bloom_session_get_open_details (self->session));
  guint n_open = 0;

  g_assert (!self->syncing);

  self->syncing = TRUE;
  bloom_session_set_m_draft (self->session, drafts->m);
  bloom_session_set_k_draft (self->session, drafts->k);
  bloom_session_set_text_draft (self->session, drafts->text);

  /* The settings may hold anything (an older version, dconf-editor):
   * names the session does not know and more than it keeps are left out. */
  for (guint i = 0; open[i] != NULL; i++)
    if (!g_strv_contains ((const char * const *) drafts->open_details, open[i]))
      bloom_session_set_detail_open (self->session, open[i], FALSE);
  for (guint i = 0; drafts->open_details[i] != NULL && n_open < BLOOM_MAX_OPEN_DETAILS; i++)
    if (bloom_session_is_detail_name (drafts->open_details[i]))
      {
        bloom_session_set_detail_open (self->session, drafts->open_details[i], TRUE);
        n_open++;
      }
  self->syncing = FALSE;
}

static void
on_settings_drafts_changed (BloomSessionStore *self)
{
  g_auto(Drafts) drafts = { NULL, };

  if (self->restoring || self->syncing)
    return;

  read_drafts (self, &drafts);
  apply_drafts (self, &drafts);
}

/* Restoring */

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

  json = g_bytes_get_data (bytes, &len);
  if (len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "empty");
      return FALSE;
    }

  if (contents != NULL)
    *contents = g_bytes_ref (bytes);

  return bloom_state_load_json (self->session, json, len, error);
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
  set_string_property (self, &self->unreadable_message, reason, PROP_UNREADABLE_MESSAGE);

  /* Kept on disk too, until a later refused copy takes its place. */
  if (len > 0 &&
      !g_file_replace_contents (self->unreadable, data, len, NULL, FALSE,
                                G_FILE_CREATE_PRIVATE | G_FILE_CREATE_REPLACE_DESTINATION,
                                NULL, NULL, &error))
    g_debug ("Could not keep the unreadable copy: %s", error->message);
}

/* Leftovers of writes that a crash interrupted; the store is the only
 * writer in its directory. */
static void
remove_temporary_files (BloomSessionStore *self)
{
  g_autoptr(GFileEnumerator) children = NULL;
  GFileInfo *info;
  GFile *child;

  children = g_file_enumerate_children (self->directory, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  while (children != NULL &&
         g_file_enumerator_iterate (children, &info, &child, NULL, NULL) &&
         info != NULL)
    if (g_str_has_prefix (g_file_info_get_name (info), GIO_TEMPORARY_PREFIX))
      g_file_delete (child, NULL, NULL);
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

  self->legacy_pending = TRUE;
  self->dirty = TRUE;

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
 * read; it becomes the current copy again. */
static gboolean
restore_previous (BloomSessionStore  *self,
                  GError            **error)
{
  g_autoptr(GError) copy_error = NULL;

  if (!load_copy (self, self->previous, NULL, error))
    return FALSE;

  /* The current copy must be a good one before the next write makes it
   * the previous copy. */
  if (!g_file_copy (self->previous, self->current, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL,
                    &copy_error))
    g_debug ("Could not put the previous copy back: %s", copy_error->message);

  return TRUE;
}

gboolean
bloom_session_store_restore (BloomSessionStore  *self,
                             GError            **error)
{
  g_auto(Drafts) drafts = { NULL, };
  g_autoptr(GError) current_error = NULL;
  g_autoptr(GError) previous_error = NULL;
  g_autoptr(GError) legacy_error = NULL;
  g_autoptr(GBytes) current_contents = NULL;
  BloomStoredCopy copy = BLOOM_STORED_COPY_NONE;
  gboolean current_exists, previous_exists;

  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ensure_directory (self);
  remove_temporary_files (self);

  /* Read first: loading a document sets its own drafts. */
  read_drafts (self, &drafts);
  self->restoring = TRUE;

  if (load_copy (self, self->current, &current_contents, &current_error))
    copy = BLOOM_STORED_COPY_CURRENT;
  current_exists = !g_error_matches (current_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);

  if (copy == BLOOM_STORED_COPY_NONE && current_exists)
    {
      if (current_contents == NULL)
        current_contents = g_bytes_new (NULL, 0);
      keep_unreadable (self, current_contents, current_error->message);
    }

  if (copy == BLOOM_STORED_COPY_NONE)
    {
      if (restore_previous (self, &previous_error))
        copy = BLOOM_STORED_COPY_PREVIOUS;
      previous_exists = !g_error_matches (previous_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);

      if (copy == BLOOM_STORED_COPY_NONE && !current_exists && !previous_exists)
        copy = restore_legacy (self, &legacy_error);
    }

  self->restoring = FALSE;

  /* The drafts in the settings are newer than any document's; 0.1.0 had
   * them in the document only. */
  if (copy == BLOOM_STORED_COPY_LEGACY)
    drafts_to_settings (self);
  else
    apply_drafts (self, &drafts);

  if (self->loaded_copy != copy)
    {
      self->loaded_copy = copy;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADED_COPY]);
    }
  set_recovery_available (self, g_file_query_exists (self->recovery, NULL));

  /* Loading changed the session; what is stored is already this, except
   * for the key of 0.1.0, which moves to the file now. */
  g_clear_handle_id (&self->save_source, g_source_remove);
  if (self->dirty)
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

/* GObject */

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

  g_signal_connect_object (self->session, "changed",
                           G_CALLBACK (on_session_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::m-draft",
                           G_CALLBACK (on_session_drafts_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::k-draft",
                           G_CALLBACK (on_session_drafts_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::text-draft",
                           G_CALLBACK (on_session_drafts_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::open-details",
                           G_CALLBACK (on_session_drafts_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->drafts, "changed::m-draft",
                           G_CALLBACK (on_settings_drafts_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->drafts, "changed::k-draft",
                           G_CALLBACK (on_settings_drafts_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->drafts, "changed::text-draft",
                           G_CALLBACK (on_settings_drafts_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->drafts, "changed::open-details",
                           G_CALLBACK (on_settings_drafts_changed), self, G_CONNECT_SWAPPED);
}

static void
bloom_session_store_dispose (GObject *object)
{
  BloomSessionStore *self = BLOOM_SESSION_STORE (object);

  /* Nothing waiting to be stored is lost. */
  if (self->drafts != NULL)
    bloom_session_store_flush (self);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);
  g_clear_object (&self->drafts);

  G_OBJECT_CLASS (bloom_session_store_parent_class)->dispose (object);
}

static void
bloom_session_store_finalize (GObject *object)
{
  BloomSessionStore *self = BLOOM_SESSION_STORE (object);

  g_clear_object (&self->directory);
  g_clear_object (&self->current);
  g_clear_object (&self->previous);
  g_clear_object (&self->unreadable);
  g_clear_object (&self->recovery);
  g_clear_pointer (&self->write_error, g_free);
  g_clear_pointer (&self->unreadable_message, g_free);
  g_clear_pointer (&self->unreadable_copy, g_bytes_unref);

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
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bloom_session_store_init (BloomSessionStore *self)
{
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

BloomSession *
bloom_session_store_get_session (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), NULL);

  return self->session;
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

  set_string_property (self, &self->unreadable_message, NULL, PROP_UNREADABLE_MESSAGE);
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
   * the notice of SPEC P2. */
  g_file_delete_async (self->recovery, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
  set_recovery_available (self, FALSE);
  g_task_return_boolean (task, TRUE);
}

/* Replaces the session with the one in the recovery file, parsed off the
 * main loop, and removes the file. On error the session is unchanged and
 * the file stays. */
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

  if (!self->recovery_available)
    return;

  g_file_delete_async (self->recovery, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
  set_recovery_available (self, FALSE);
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
