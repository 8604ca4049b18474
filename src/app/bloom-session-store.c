/* bloom-session-store.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-session-store"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-session-store.h"
#include "bloom-settings.h"

/* dconf writes are not cheap: changes are gathered for a moment and
 * written at most this often. */
#define SAVE_DELAY_MS 400

/* Tells the writer thread to stop. */
static char stop_writer[] = "";

struct _BloomSessionStore
{
  GObject       parent_instance;

  BloomSession *session;
  GSettings    *settings;
  guint         save_source;
  char         *stored;              /* what the "session" key holds */
  gboolean      unsaved;             /* the running session is too large to store */
  gsize         unsaved_chars;
  char         *unreadable_message;  /* why the stored session could not be read */

  /* Writing a 100000-character key costs milliseconds in GSettings (dconf
   * and keyfile compare and print the whole value; the keyfile backend
   * writes the file there and then). A thread with its own GSettings
   * writes, in order; the main loop only serialises. */
  GThread      *writer;
  GAsyncQueue  *queue;
  GMutex        lock;
  GCond         written;
  guint         n_pending;           /* queued and not yet written */
};

G_DEFINE_FINAL_TYPE (BloomSessionStore, bloom_session_store, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SESSION,
  PROP_SETTINGS,
  PROP_UNSAVED,
  PROP_UNREADABLE_MESSAGE,
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

/* SPEC P2: a document over the limit is not stored, and the copy stored
 * before stays as it was. */
void
bloom_session_store_save_now (BloomSessionStore *self)
{
  g_autofree char *json = NULL;
  gsize len = 0;
  gsize chars;

  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));

  g_clear_handle_id (&self->save_source, g_source_remove);

  json = bloom_state_to_json (self->session, &len);
  /* No character takes less than one byte, so only a long document needs
   * counting. */
  chars = len > BLOOM_STATE_MAX_STORED_CHARS ? bloom_state_count_chars (json, len) : len;

  if (chars > BLOOM_STATE_MAX_STORED_CHARS)
    {
      set_unsaved (self, TRUE, chars);
      return;
    }

  set_unsaved (self, FALSE, 0);

  if (g_strcmp0 (json, self->stored) == 0)
    return;

  g_mutex_lock (&self->lock);
  self->n_pending++;
  g_mutex_unlock (&self->lock);
  g_async_queue_push (self->queue, g_strdup (json));

  g_free (self->stored);
  self->stored = g_steal_pointer (&json);
}

/* Saves now and returns once it is written: before quitting, and for
 * whoever reads the key next. */
void
bloom_session_store_flush (BloomSessionStore *self)
{
  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));

  bloom_session_store_save_now (self);

  g_mutex_lock (&self->lock);
  while (self->n_pending > 0)
    g_cond_wait (&self->written, &self->lock);
  g_mutex_unlock (&self->lock);
}

static gpointer
write_documents (gpointer user_data)
{
  BloomSessionStore *self = user_data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GSettings) settings = NULL;
  char *json;

  bloom_settings_lower_thread_priority ();
  /* Its own context: change notifications of this GSettings come here. */
  g_main_context_push_thread_default (context);
  g_object_get (self->settings,
                "settings-schema", &schema,
                "backend", &backend,
                "path", &path,
                NULL);
  settings = g_settings_new_full (schema, backend, path);

  while ((json = g_async_queue_pop (self->queue)) != stop_writer)
    {
      g_rec_mutex_lock (bloom_settings_get_lock ());
      g_settings_set_string (settings, "session", json);
      g_settings_sync ();
      g_rec_mutex_unlock (bloom_settings_get_lock ());
      g_free (json);
      while (g_main_context_iteration (context, FALSE))
        ;

      g_mutex_lock (&self->lock);
      self->n_pending--;
      g_cond_broadcast (&self->written);
      g_mutex_unlock (&self->lock);
    }

  g_clear_object (&settings);
  while (g_main_context_iteration (context, FALSE))
    ;
  g_main_context_pop_thread_default (context);

  return NULL;
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
bloom_session_store_constructed (GObject *object)
{
  BloomSessionStore *self = BLOOM_SESSION_STORE (object);

  G_OBJECT_CLASS (bloom_session_store_parent_class)->constructed (object);

  g_assert (BLOOM_IS_SESSION (self->session));
  g_assert (G_IS_SETTINGS (self->settings));

  self->queue = g_async_queue_new ();
  self->writer = g_thread_new ("bloom-session-writer", write_documents, self);

  /* Everything of SPEC P1: the model's changes and the drafts and details. */
  g_signal_connect_object (self->session, "changed",
                           G_CALLBACK (schedule_save), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::m-draft",
                           G_CALLBACK (schedule_save), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::k-draft",
                           G_CALLBACK (schedule_save), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::text-draft",
                           G_CALLBACK (schedule_save), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::open-details",
                           G_CALLBACK (schedule_save), self, G_CONNECT_SWAPPED);
}

static void
bloom_session_store_dispose (GObject *object)
{
  BloomSessionStore *self = BLOOM_SESSION_STORE (object);

  /* Nothing waiting to be written is lost. */
  if (self->writer != NULL)
    {
      if (self->save_source != 0)
        bloom_session_store_save_now (self);
      g_async_queue_push (self->queue, stop_writer);
      g_clear_pointer (&self->writer, g_thread_join);
    }

  g_clear_object (&self->session);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (bloom_session_store_parent_class)->dispose (object);
}

static void
bloom_session_store_finalize (GObject *object)
{
  BloomSessionStore *self = BLOOM_SESSION_STORE (object);

  g_clear_pointer (&self->stored, g_free);
  g_clear_pointer (&self->unreadable_message, g_free);
  g_clear_pointer (&self->queue, g_async_queue_unref);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->written);

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
    case PROP_UNSAVED:
      g_value_set_boolean (value, self->unsaved);
      break;
    case PROP_UNREADABLE_MESSAGE:
      g_value_set_string (value, self->unreadable_message);
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
  properties[PROP_UNSAVED] =
    g_param_spec_boolean ("unsaved", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_UNREADABLE_MESSAGE] =
    g_param_spec_string ("unreadable-message", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bloom_session_store_init (BloomSessionStore *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->written);
}

BloomSessionStore *
bloom_session_store_new (BloomSession *session,
                         GSettings    *settings)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (session), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (BLOOM_TYPE_SESSION_STORE,
                       "session", session,
                       "settings", settings,
                       NULL);
}

BloomSession *
bloom_session_store_get_session (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), NULL);

  return self->session;
}

/* Loads the stored session into the session. A stored session that cannot
 * be read never stops the app: the session stays as it was, the copy moves
 * to "unreadable-session" so that nothing is lost, and FALSE says why.
 * Nothing stored is not an error. */
gboolean
bloom_session_store_restore (BloomSessionStore  *self,
                             GError            **error)
{
  g_autofree char *json = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GRecMutexLocker) locker = NULL;

  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  locker = g_rec_mutex_locker_new (bloom_settings_get_lock ());
  json = g_settings_get_string (self->settings, "session");
  if (json[0] == '\0')
    return TRUE;

  if (!bloom_state_load_json (self->session, json, -1, &local_error))
    {
      g_settings_set_string (self->settings, "unreadable-session", json);
      g_free (self->unreadable_message);
      self->unreadable_message = g_strdup (local_error->message);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNREADABLE_MESSAGE]);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  /* Loading changed the session; what is stored is already this. */
  g_clear_handle_id (&self->save_source, g_source_remove);
  g_free (self->stored);
  self->stored = g_steal_pointer (&json);

  return TRUE;
}

gboolean
bloom_session_store_get_unsaved (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), FALSE);

  return self->unsaved;
}

/* The size of the session that could not be stored, in the characters of
 * SPEC P2. */
gsize
bloom_session_store_get_unsaved_chars (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), 0);

  return self->unsaved_chars;
}

const char *
bloom_session_store_get_unreadable_message (BloomSessionStore *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), NULL);

  return self->unreadable_message;
}

char *
bloom_session_store_dup_unreadable_copy (BloomSessionStore *self)
{
  g_autoptr(GRecMutexLocker) locker = NULL;

  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (self), NULL);

  locker = g_rec_mutex_locker_new (bloom_settings_get_lock ());
  return g_settings_get_string (self->settings, "unreadable-session");
}

/* The user has seen the message; the copy itself stays kept. */
void
bloom_session_store_dismiss_unreadable (BloomSessionStore *self)
{
  g_return_if_fail (BLOOM_IS_SESSION_STORE (self));

  if (self->unreadable_message == NULL)
    return;

  g_clear_pointer (&self->unreadable_message, g_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNREADABLE_MESSAGE]);
}
