/* bloom-settings.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-settings"
#define G_SETTINGS_ENABLE_BACKEND

#include "config.h"

#include <gio/gsettingsbackend.h>

#include "bloom-settings.h"

static gpointer
run_context (gpointer user_data)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (user_data, FALSE);

  g_main_loop_run (loop);

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
