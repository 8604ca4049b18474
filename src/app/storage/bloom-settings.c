/* bloom-settings.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-settings"

#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "bloom-settings.h"

/* The app keeps its session in its schema's keys (SPEC P1): it does not
 * run without them. A build run without installing finds the schema
 * through GSETTINGS_SCHEMA_DIR. */
static GSettingsSchema *
lookup_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  GSettingsSchema *schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema == NULL)
    g_error ("The GSettings schema %s is not installed. "
             "Run the installed app, or set GSETTINGS_SCHEMA_DIR.", APPLICATION_ID);

  return schema;
}

/* The user's settings. They hold small values only (drafts, open details,
 * window size, zoom), written from the main thread; GLib's backends do
 * the rest on their own. */
GSettings *
bloom_settings_new (void)
{
  g_autoptr(GSettingsSchema) schema = lookup_schema ();

  return g_settings_new_full (schema, NULL, NULL);
}

/* The same keys, kept in memory only and forgotten at the end: for a
 * session nothing must be stored of (tests, a lecture's own session). */
GSettings *
bloom_settings_new_in_memory (void)
{
  g_autoptr(GSettingsSchema) schema = lookup_schema ();
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();

  return g_settings_new_full (schema, backend, NULL);
}
