/* bloom-color-scheme.c
 *
 * Light or dark, as the desktop prefers, told to GTK's own theme; all the
 * app's colours follow from that theme's (style.css, bloom_gtk_widget_get_color()).
 * Outside a sandbox the preference is GNOME's setting; inside the Flatpak
 * the Settings portal relays it. Neither blocks the start: the portal is
 * asked asynchronously, and a desktop with neither simply stays light.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-color-scheme"

#include "config.h"

#include "bloom-color-scheme.h"
#include "bloom-gtk-compat.h"

#define DESKTOP_SCHEMA      "org.gnome.desktop.interface"
#define DESKTOP_KEY         "color-scheme"

#define PORTAL_BUS_NAME     "org.freedesktop.portal.Desktop"
#define PORTAL_OBJECT_PATH  "/org/freedesktop/portal/desktop"
#define PORTAL_INTERFACE    "org.freedesktop.portal.Settings"
#define PORTAL_NAMESPACE    "org.freedesktop.appearance"
#define PORTAL_KEY          "color-scheme"

/* The portal's values of org.freedesktop.appearance color-scheme. */
enum { PORTAL_NO_PREFERENCE, PORTAL_PREFER_DARK, PORTAL_PREFER_LIGHT };

struct _BloomColorScheme
{
  GObject          parent_instance;

  GSettings       *settings;          /* the desktop's, outside a sandbox */
  gulong           settings_changed_id;
  GDBusConnection *connection;        /* the portal's bus, inside one */
  guint            portal_signal_id;
  GCancellable    *cancellable;       /* the portal calls under way */
  gboolean         dark;
};

G_DEFINE_FINAL_TYPE (BloomColorScheme, bloom_color_scheme, G_TYPE_OBJECT)

enum { PROP_0, PROP_DARK, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
on_settings_changed (GSettings        *settings,
                     const char       *key,
                     BloomColorScheme *self)
{
  g_autofree char *value = g_settings_get_string (settings, DESKTOP_KEY);

  /* "default" and "prefer-light" both mean light. */
  bloom_color_scheme_set_dark (self, g_strcmp0 (value, "prefer-dark") == 0);
}

static void
watch_settings (BloomColorScheme      *self,
                GSettingsSchemaSource *source)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, DESKTOP_SCHEMA, TRUE);
  /* Not a GNOME desktop, or one from before GNOME 42 without the key. */
  if (schema == NULL || !g_settings_schema_has_key (schema, DESKTOP_KEY))
    {
      g_debug ("No %s %s: light", DESKTOP_SCHEMA, DESKTOP_KEY);
      return;
    }

  self->settings = g_settings_new_full (schema, NULL, NULL);
  self->settings_changed_id = g_signal_connect (self->settings, "changed::" DESKTOP_KEY,
                                                G_CALLBACK (on_settings_changed), self);
  on_settings_changed (self->settings, DESKTOP_KEY, self);
}

/* A value of the portal's key. Read, which portals have had before
 * ReadOne, boxes it once more. */
static void
apply_portal_value (BloomColorScheme *self,
                    GVariant         *value)
{
  g_autoptr(GVariant) inner = g_variant_ref (value);

  while (g_variant_is_of_type (inner, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *unboxed = g_variant_get_variant (inner);

      g_variant_unref (inner);
      inner = unboxed;
    }

  if (g_variant_is_of_type (inner, G_VARIANT_TYPE_UINT32))
    bloom_color_scheme_set_dark (self, g_variant_get_uint32 (inner) == PORTAL_PREFER_DARK);
  else
    g_debug ("The portal's %s is of type %s", PORTAL_KEY, g_variant_get_type_string (inner));
}

static void
on_portal_setting_changed (GDBusConnection *connection,
                           const char      *sender_name,
                           const char      *object_path,
                           const char      *interface_name,
                           const char      *signal_name,
                           GVariant        *parameters,
                           gpointer         user_data)
{
  BloomColorScheme *self = user_data;
  const char *namespace, *key;
  g_autoptr(GVariant) value = NULL;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ssv)")))
    return;

  g_variant_get (parameters, "(&s&sv)", &namespace, &key, &value);
  if (g_str_equal (namespace, PORTAL_NAMESPACE) && g_str_equal (key, PORTAL_KEY))
    apply_portal_value (self, value);
}

static void read_portal (BloomColorScheme *self,
                         gboolean          read_one);

static void
finish_read (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data,
             gboolean      read_one)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) value = NULL;
  BloomColorScheme *self;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  /* Cancelled only when the object goes away. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = BLOOM_COLOR_SCHEME (user_data);
  if (reply == NULL)
    {
      if (read_one && g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_METHOD))
        read_portal (self, FALSE);
      else
        g_debug ("No colour scheme from the Settings portal: %s", error->message);
      return;
    }

  g_variant_get (reply, "(v)", &value);
  apply_portal_value (self, value);
}

static void
on_read_one_done (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  finish_read (source, result, user_data, TRUE);
}

static void
on_read_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  finish_read (source, result, user_data, FALSE);
}

/* ReadOne since version 2 of the interface; Read before it. */
static void
read_portal (BloomColorScheme *self,
             gboolean          read_one)
{
  g_dbus_connection_call (self->connection, PORTAL_BUS_NAME, PORTAL_OBJECT_PATH, PORTAL_INTERFACE,
                          read_one ? "ReadOne" : "Read",
                          g_variant_new ("(ss)", PORTAL_NAMESPACE, PORTAL_KEY),
                          G_VARIANT_TYPE ("(v)"), G_DBUS_CALL_FLAGS_NONE, -1, self->cancellable,
                          read_one ? on_read_one_done : on_read_done, self);
}

/* Changes first, so that none is missed between the answer and them. */
static void
watch_portal (BloomColorScheme *self,
              GDBusConnection  *connection)
{
  self->connection = g_object_ref (connection);
  self->portal_signal_id =
    g_dbus_connection_signal_subscribe (connection, PORTAL_BUS_NAME, PORTAL_INTERFACE,
                                        "SettingChanged", PORTAL_OBJECT_PATH, PORTAL_NAMESPACE,
                                        G_DBUS_SIGNAL_FLAGS_NONE, on_portal_setting_changed,
                                        self, NULL);
  read_portal (self, TRUE);
}

static void
on_bus_ready (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) connection = g_bus_get_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  if (connection == NULL)
    {
      g_debug ("No session bus for the Settings portal: %s", error->message);
      return;
    }

  watch_portal (BLOOM_COLOR_SCHEME (user_data), connection);
}

static void
bloom_color_scheme_dispose (GObject *object)
{
  BloomColorScheme *self = BLOOM_COLOR_SCHEME (object);

  g_cancellable_cancel (self->cancellable);
  if (self->connection != NULL && self->portal_signal_id != 0)
    g_dbus_connection_signal_unsubscribe (self->connection, self->portal_signal_id);
  self->portal_signal_id = 0;
  g_clear_object (&self->connection);
  g_clear_signal_handler (&self->settings_changed_id, self->settings);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (bloom_color_scheme_parent_class)->dispose (object);
}

static void
bloom_color_scheme_finalize (GObject *object)
{
  BloomColorScheme *self = BLOOM_COLOR_SCHEME (object);

  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (bloom_color_scheme_parent_class)->finalize (object);
}

static void
bloom_color_scheme_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  BloomColorScheme *self = BLOOM_COLOR_SCHEME (object);

  switch (prop_id)
    {
    case PROP_DARK:
      g_value_set_boolean (value, self->dark);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_color_scheme_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  BloomColorScheme *self = BLOOM_COLOR_SCHEME (object);

  switch (prop_id)
    {
    case PROP_DARK:
      bloom_color_scheme_set_dark (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_color_scheme_class_init (BloomColorSchemeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bloom_color_scheme_dispose;
  object_class->finalize = bloom_color_scheme_finalize;
  object_class->get_property = bloom_color_scheme_get_property;
  object_class->set_property = bloom_color_scheme_set_property;

  /* Whether the app is dark; the desktop sets it as it changes, and so
   * can anyone else, until the desktop's next change. */
  properties[PROP_DARK] =
    g_param_spec_boolean ("dark", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bloom_color_scheme_init (BloomColorScheme *self)
{
  self->cancellable = g_cancellable_new ();
}

/* The desktop's preference: the portal's inside the Flatpak, where the
 * host's settings are out of reach; GNOME's setting elsewhere. */
BloomColorScheme *
bloom_color_scheme_new (void)
{
  BloomColorScheme *self;

  if (!g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    return bloom_color_scheme_new_for_settings (g_settings_schema_source_get_default ());

  self = g_object_new (BLOOM_TYPE_COLOR_SCHEME, NULL);
  g_bus_get (G_BUS_TYPE_SESSION, self->cancellable, on_bus_ready, self);

  return self;
}

/**
 * bloom_color_scheme_new_for_settings:
 * @source: (nullable): where to look the desktop's schema up
 *
 * Follows the desktop's setting org.gnome.desktop.interface color-scheme,
 * as @source describes it; light for good when @source has no such key.
 */
BloomColorScheme *
bloom_color_scheme_new_for_settings (GSettingsSchemaSource *source)
{
  BloomColorScheme *self = g_object_new (BLOOM_TYPE_COLOR_SCHEME, NULL);

  watch_settings (self, source);

  return self;
}

/**
 * bloom_color_scheme_new_for_portal:
 * @connection: the bus of the Settings portal
 *
 * Follows org.freedesktop.appearance color-scheme of the Settings portal
 * on @connection; light until it answers, and if it never does.
 */
BloomColorScheme *
bloom_color_scheme_new_for_portal (GDBusConnection *connection)
{
  BloomColorScheme *self;

  g_return_val_if_fail (G_IS_DBUS_CONNECTION (connection), NULL);

  self = g_object_new (BLOOM_TYPE_COLOR_SCHEME, NULL);
  watch_portal (self, connection);

  return self;
}

gboolean
bloom_color_scheme_get_dark (BloomColorScheme *self)
{
  g_return_val_if_fail (BLOOM_IS_COLOR_SCHEME (self), FALSE);

  return self->dark;
}

/* GTK's theme follows at once; it is left as it was until the first
 * change, so a setting of the user's own (settings.ini) stands as long
 * as the desktop says nothing. */
void
bloom_color_scheme_set_dark (BloomColorScheme *self,
                             gboolean          dark)
{
  GtkSettings *gtk_settings;

  g_return_if_fail (BLOOM_IS_COLOR_SCHEME (self));

  dark = !!dark;
  if (self->dark == dark)
    return;

  self->dark = dark;
  gtk_settings = gtk_settings_get_default ();
  if (gtk_settings != NULL)
    bloom_gtk_settings_set_prefer_dark (gtk_settings, dark);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DARK]);
}
