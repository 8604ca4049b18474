/* bloom-settings.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-settings"

#include "config.h"

#include "bloom-settings.h"

/* The settings, or NULL when the schema is not installed (a build run
 * without installing): the app then works but keeps nothing. They hold
 * small values only (drafts, open details, window size, zoom), written
 * from the main thread; GLib's backends do the rest on their own. */
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

  return g_settings_new_full (schema, NULL, NULL);
}
