/* bloom-settings.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-settings"
#define G_SETTINGS_ENABLE_BACKEND

#include "config.h"

#include <gio/gsettingsbackend.h>
#ifdef __linux__
#include <errno.h>
#include <sys/resource.h>
#endif

#include "bloom-settings.h"

/* GLib's keyfile and memory backends keep their values in plain
 * structures with no lock of their own, yet the session store writes from
 * its thread, the window reads and writes from the main thread and the
 * keyfile backend reloads its file in the thread below. Every use of the
 * app's settings holds this lock; the thread below holds it except while
 * it waits for something to do. Recursive, because a write notifies the
 * GSettings of the same thread at once. GTK's own keys (the emoji
 * chooser's recent emoji) are written without it, from the main thread,
 * rarely; those writes are not covered. */
static GRecMutex settings_lock;

/* For the threads that store settings: with two cores, a thread woken to
 * write would otherwise take the processor from the main thread that woke
 * it. On Linux the nice value is the calling thread's own. */
void
bloom_settings_lower_thread_priority (void)
{
#ifdef __linux__
  if (setpriority (PRIO_PROCESS, 0, 19) != 0)
    g_debug ("Could not lower this thread's priority: %s", g_strerror (errno));
#endif
}

GRecMutex *
bloom_settings_get_lock (void)
{
  return &settings_lock;
}

static gint
poll_unlocked (GPollFD *fds,
               guint    n_fds,
               gint     timeout)
{
  gint result;

  g_rec_mutex_unlock (&settings_lock);
  result = g_poll (fds, n_fds, timeout);
  g_rec_mutex_lock (&settings_lock);

  return result;
}

static gpointer
run_context (gpointer user_data)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (user_data, FALSE);

  bloom_settings_lower_thread_priority ();

  g_rec_mutex_lock (&settings_lock);
  g_main_loop_run (loop);
  g_rec_mutex_unlock (&settings_lock);

  return NULL;
}

/* GLib's keyfile backend, the one a Flatpak app gets, watches its file
 * and reads it back after every write, in the context that was the thread
 * default when the backend was made: for a stored session of 100000
 * characters that is over a millisecond of main loop per save. Made with a
 * context of its own, run by a thread for the life of the process, it
 * does that there. Other backends are unaffected. Every GSettings of the
 * process shares the default backend, so this must come before the first
 * one; if one was made earlier, nothing changes. */
static GSettingsBackend *
get_backend (void)
{
  static GSettingsBackend *backend;

  if (g_once_init_enter (&backend))
    {
      GMainContext *context = g_main_context_new ();
      GSettingsBackend *made;

      g_main_context_set_poll_func (context, poll_unlocked);
      g_main_context_push_thread_default (context);
      made = g_settings_backend_get_default ();
      g_main_context_pop_thread_default (context);

      g_thread_unref (g_thread_new ("bloom-settings", run_context, context));

      g_once_init_leave (&backend, made);
    }

  return backend;
}

/* The settings, or NULL when the schema is not installed (a build run
 * without installing): the app then works but keeps nothing. */
GSettings *
bloom_settings_new (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema == NULL)
    {
      g_warning ("The GSettings schema %s is not installed; nothing will be kept. "
                 "Run the installed app, or set GSETTINGS_SCHEMA_DIR.", APPLICATION_ID);
      return NULL;
    }

  return g_settings_new_full (schema, get_backend (), NULL);
}
