/* test-color-scheme.c — light and dark: the desktop's preference as the
 * app reads it (GNOME's setting, the Settings portal) and tells GTK, and
 * the bit grid readable in both
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <math.h>
#include <signal.h>

#include "bloom-bit-grid.h"
#include "bloom-color-scheme.h"
#include "bloom-gtk-compat.h"
#include "test-isolation.h"
#include "window-fixture.h"

#define DESKTOP_SCHEMA     "org.gnome.desktop.interface"
#define PORTAL_BUS_NAME    "org.freedesktop.portal.Desktop"
#define PORTAL_OBJECT_PATH "/org/freedesktop/portal/desktop"
#define PORTAL_INTERFACE   "org.freedesktop.portal.Settings"
#define APPEARANCE         "org.freedesktop.appearance"

static gboolean
gtk_is_dark (void)
{
  return bloom_gtk_settings_get_prefer_dark (gtk_settings_get_default ());
}

/* Each test starts light, whatever the one before it left. */
static void
reset_gtk (void)
{
  bloom_gtk_settings_set_prefer_dark (gtk_settings_get_default (), FALSE);
}

static void
count (guint *n)
{
  (*n)++;
}

static gboolean
wake_up (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* The main loop runs until @scheme is @dark, for at most 5 seconds. */
static void
wait_for_dark (BloomColorScheme *scheme,
               gboolean          dark)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  guint timeout = g_timeout_add (50, wake_up, NULL);

  while (bloom_color_scheme_get_dark (scheme) != dark && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (timeout);

  g_assert_cmpint (bloom_color_scheme_get_dark (scheme), ==, dark);
}

/* The desktop's schema: the machine's own when it has one with the key,
 * else the test's copy of the key (tests/data/desktop-schema, compiled
 * into this build directory). */
static GSettingsSchemaSource *
get_desktop_source (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GError) error = NULL;
  GSettingsSchemaSource *own;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, DESKTOP_SCHEMA, TRUE);
  if (schema != NULL && g_settings_schema_has_key (schema, "color-scheme"))
    {
      g_test_message ("The machine's %s", DESKTOP_SCHEMA);
      return g_settings_schema_source_ref (source);
    }

  g_test_message ("The test's own %s", DESKTOP_SCHEMA);
  own = g_settings_schema_source_new_from_directory (g_test_get_dir (G_TEST_BUILT), source, TRUE,
                                                     &error);
  g_assert_no_error (error);

  return own;
}

/* What the desktop's settings panel writes to, in GSettings' memory
 * backend (GSETTINGS_BACKEND=memory), shared by every GSettings of the
 * test. */
static GSettings *
get_desktop_settings (GSettingsSchemaSource *source)
{
  g_autoptr(GSettingsSchema) schema = g_settings_schema_source_lookup (source, DESKTOP_SCHEMA, TRUE);
  GSettings *settings;

  g_assert_nonnull (schema);
  settings = g_settings_new_full (schema, NULL, NULL);
  g_settings_reset (settings, "color-scheme");

  return settings;
}

/* GNOME's setting: prefer-dark is dark, default and prefer-light are
 * light, read at once and followed as it changes. */
static void
test_settings (void)
{
  g_autoptr(GSettingsSchemaSource) source = get_desktop_source ();
  g_autoptr(GSettings) desktop = get_desktop_settings (source);
  BloomColorScheme *scheme;
  guint notified = 0;

  reset_gtk ();
  g_settings_set_string (desktop, "color-scheme", "prefer-dark");
  scheme = bloom_color_scheme_new_for_settings (source);
  g_assert_true (bloom_color_scheme_get_dark (scheme));
  g_assert_true (gtk_is_dark ());
  g_signal_connect_swapped (scheme, "notify::dark", G_CALLBACK (count), &notified);

  g_settings_set_string (desktop, "color-scheme", "prefer-light");
  wait_for_dark (scheme, FALSE);
  g_assert_false (gtk_is_dark ());

  g_settings_set_string (desktop, "color-scheme", "prefer-dark");
  wait_for_dark (scheme, TRUE);
  g_assert_true (gtk_is_dark ());

  g_settings_set_string (desktop, "color-scheme", "default");
  wait_for_dark (scheme, FALSE);
  g_assert_false (gtk_is_dark ());
  g_assert_cmpuint (notified, ==, 3);

  /* A start on "default" stays light. */
  g_assert_finalize_object (scheme);
  scheme = bloom_color_scheme_new_for_settings (source);
  g_assert_false (bloom_color_scheme_get_dark (scheme));
  g_assert_false (gtk_is_dark ());

  /* Once gone, it follows nothing. */
  g_assert_finalize_object (scheme);
  g_settings_set_string (desktop, "color-scheme", "prefer-dark");
  settle ();
  g_assert_false (gtk_is_dark ());

  g_settings_reset (desktop, "color-scheme");
}

/* The app's own choice outside Flatpak: the machine's schemas. With
 * GNOME's it follows them; without, it stays light. */
static void
test_settings_default (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  BloomColorScheme *scheme;

  g_assert_false (g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS));
  reset_gtk ();
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, DESKTOP_SCHEMA, TRUE);

  if (schema != NULL && g_settings_schema_has_key (schema, "color-scheme"))
    {
      g_autoptr(GSettings) desktop = get_desktop_settings (source);

      g_test_message ("The machine has %s color-scheme", DESKTOP_SCHEMA);
      g_settings_set_string (desktop, "color-scheme", "prefer-dark");
      scheme = bloom_color_scheme_new ();
      g_assert_true (bloom_color_scheme_get_dark (scheme));
      g_settings_set_string (desktop, "color-scheme", "default");
      wait_for_dark (scheme, FALSE);
      g_settings_reset (desktop, "color-scheme");
    }
  else
    {
      g_test_message ("The machine has no %s color-scheme", DESKTOP_SCHEMA);
      scheme = bloom_color_scheme_new ();
      settle ();
      g_assert_false (bloom_color_scheme_get_dark (scheme));
    }

  g_assert_false (gtk_is_dark ());
  g_assert_finalize_object (scheme);
}

/* Schemas without GNOME's, or none at all: light, and no crash. */
static void
test_settings_absent (void)
{
  g_autoptr(GSettingsSchemaSource) source = get_desktop_source ();
  g_autoptr(GSettings) desktop = get_desktop_settings (source);
  g_autoptr(GSettingsSchemaSource) app_only = NULL;
  g_autoptr(GError) error = NULL;
  GSettingsSchemaSource *sources[2];

  /* The app's own schema, compiled on its own (GSETTINGS_SCHEMA_DIR). */
  app_only = g_settings_schema_source_new_from_directory (g_getenv ("GSETTINGS_SCHEMA_DIR"), NULL,
                                                          TRUE, &error);
  g_assert_no_error (error);
  sources[0] = app_only;
  sources[1] = NULL;

  reset_gtk ();
  g_settings_set_string (desktop, "color-scheme", "prefer-dark");
  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    {
      BloomColorScheme *scheme = bloom_color_scheme_new_for_settings (sources[i]);

      settle ();
      g_assert_false (bloom_color_scheme_get_dark (scheme));
      g_assert_false (gtk_is_dark ());
      g_assert_finalize_object (scheme);
    }
  g_settings_reset (desktop, "color-scheme");
}

/* A Settings portal of the test's own, on a bus of its own: a dbus-daemon
 * with no services to start and nothing to read from the machine.
 * (GTestDBus would do, but it forks a watcher of the test process, whose
 * exit LeakSanitizer takes for the test's and reports its memory.) */
typedef struct
{
  GSubprocess     *bus;
  char            *bus_dir;
  char            *bus_address;
  GDBusConnection *client;        /* the app's connection */
  GDBusConnection *portal;        /* the portal's; NULL: no portal */
  guint            object_id;
  guint32          color_scheme;  /* what it answers */
  guint            n_reads;
} Portal;

/* Version 2 of the interface has ReadOne; version 1 only Read. */
#define READ_METHOD(name) \
  "<method name='" name "'>" \
  "  <arg type='s' name='namespace' direction='in'/>" \
  "  <arg type='s' name='key' direction='in'/>" \
  "  <arg type='v' name='value' direction='out'/>" \
  "</method>"
#define SETTING_CHANGED \
  "<signal name='SettingChanged'>" \
  "  <arg type='s' name='namespace'/>" \
  "  <arg type='s' name='key'/>" \
  "  <arg type='v' name='value'/>" \
  "</signal>"

static const char portal_v2_xml[] =
  "<node><interface name='" PORTAL_INTERFACE "'>"
  READ_METHOD ("Read") READ_METHOD ("ReadOne") SETTING_CHANGED
  "</interface></node>";
static const char portal_v1_xml[] =
  "<node><interface name='" PORTAL_INTERFACE "'>"
  READ_METHOD ("Read") SETTING_CHANGED
  "</interface></node>";

static void
portal_method_call (GDBusConnection       *connection,
                    const char            *sender,
                    const char            *object_path,
                    const char            *interface_name,
                    const char            *method_name,
                    GVariant              *parameters,
                    GDBusMethodInvocation *invocation,
                    gpointer               user_data)
{
  Portal *portal = user_data;
  const char *namespace, *key;
  GVariant *value;

  g_variant_get (parameters, "(&s&s)", &namespace, &key);
  portal->n_reads++;
  if (!g_str_equal (namespace, APPEARANCE) || !g_str_equal (key, "color-scheme"))
    {
      g_dbus_method_invocation_return_dbus_error (invocation, "org.freedesktop.portal.Error.NotFound",
                                                  "Requested setting not found");
      return;
    }

  value = g_variant_new_uint32 (portal->color_scheme);
  /* Read boxes the value once more. */
  if (g_str_equal (method_name, "Read"))
    value = g_variant_new_variant (value);
  g_dbus_method_invocation_return_value (invocation, g_variant_new ("(v)", value));
}

static const GDBusInterfaceVTable portal_vtable = { portal_method_call, NULL, NULL, { 0 } };

static void
bus_up (Portal *portal)
{
  static const char config[] =
    "<busconfig>"
    "  <type>session</type>"
    "  <listen>unix:dir=%s</listen>"
    "  <policy context='default'>"
    "    <allow send_destination='*' eavesdrop='true'/>"
    "    <allow eavesdrop='true'/>"
    "    <allow own='*'/>"
    "  </policy>"
    "</busconfig>";
  g_autoptr(GError) error = NULL;
  g_autoptr(GDataInputStream) output = NULL;
  g_autofree char *config_path = NULL;
  g_autofree char *contents = NULL;

  portal->bus_dir = g_dir_make_tmp ("bloom-lab-bus-XXXXXX", &error);
  g_assert_no_error (error);
  config_path = g_build_filename (portal->bus_dir, "bus.conf", NULL);
  contents = g_strdup_printf (config, portal->bus_dir);
  g_file_set_contents (config_path, contents, -1, &error);
  g_assert_no_error (error);

  portal->bus = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                                  "dbus-daemon", "--config-file", config_path,
                                  "--print-address", "--nofork", NULL);
  g_assert_no_error (error);
  output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (portal->bus));
  portal->bus_address = g_data_input_stream_read_line (output, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (portal->bus_address);
  g_remove (config_path);
}

static void
bus_down (Portal *portal)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_subprocess_send_signal (portal->bus, SIGTERM);
  g_subprocess_wait (portal->bus, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&portal->bus);
  g_clear_pointer (&portal->bus_address, g_free);

  /* The socket the daemon leaves behind. */
  dir = g_dir_open (portal->bus_dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (portal->bus_dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (portal->bus_dir);
  g_clear_pointer (&portal->bus_dir, g_free);
}

static GDBusConnection *
connect_to (Portal *portal)
{
  g_autoptr(GError) error = NULL;
  GDBusConnection *connection;

  connection = g_dbus_connection_new_for_address_sync (portal->bus_address,
                                                       G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                       G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                       NULL, NULL, &error);
  g_assert_no_error (error);

  return connection;
}

/* @xml: the portal's interface; NULL for a bus without a portal. */
static void
portal_up (Portal     *portal,
           const char *xml)
{
  g_autoptr(GDBusNodeInfo) node = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  guint32 result;

  reset_gtk ();
  bus_up (portal);
  portal->client = connect_to (portal);
  if (xml == NULL)
    return;

  portal->portal = connect_to (portal);
  node = g_dbus_node_info_new_for_xml (xml, &error);
  g_assert_no_error (error);
  portal->object_id = g_dbus_connection_register_object (portal->portal, PORTAL_OBJECT_PATH,
                                                         node->interfaces[0], &portal_vtable,
                                                         portal, NULL, &error);
  g_assert_no_error (error);
  reply = g_dbus_connection_call_sync (portal->portal, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "RequestName",
                                       g_variant_new ("(su)", PORTAL_BUS_NAME, 4 /* do not queue */),
                                       G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
  g_variant_get (reply, "(u)", &result);
  g_assert_cmpuint (result, ==, 1);  /* the primary owner */
}

static void
portal_down (Portal *portal)
{
  if (portal->portal != NULL)
    {
      g_dbus_connection_unregister_object (portal->portal, portal->object_id);
      g_dbus_connection_close_sync (portal->portal, NULL, NULL);
      g_clear_object (&portal->portal);
    }
  g_dbus_connection_close_sync (portal->client, NULL, NULL);
  g_clear_object (&portal->client);
  bus_down (portal);
  reset_gtk ();
}

static void
portal_emit (Portal     *portal,
             const char *namespace,
             const char *key,
             guint32     value)
{
  g_autoptr(GError) error = NULL;

  g_dbus_connection_emit_signal (portal->portal, NULL, PORTAL_OBJECT_PATH, PORTAL_INTERFACE,
                                 "SettingChanged",
                                 g_variant_new ("(ssv)", namespace, key, g_variant_new_uint32 (value)),
                                 &error);
  g_assert_no_error (error);
}

/* Everything the portal (or the bus, without one) sent before has reached
 * the client and been handled: a call that goes the same way comes back
 * after it. */
static void
round_trip (Portal *portal)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  if (portal->portal != NULL)
    reply = g_dbus_connection_call_sync (portal->client,
                                         g_dbus_connection_get_unique_name (portal->portal), "/",
                                         "org.freedesktop.DBus.Peer", "Ping", NULL, NULL,
                                         G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  else
    reply = g_dbus_connection_call_sync (portal->client, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                         "org.freedesktop.DBus", "GetId", NULL, NULL,
                                         G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
  settle ();
}

/* The portal's color-scheme: 1 is dark, 0 (no preference) and 2 light;
 * read without blocking, then followed through SettingChanged. */
static void
test_portal (void)
{
  Portal portal = { .color_scheme = 1 };
  BloomColorScheme *scheme;
  guint notified = 0;

  portal_up (&portal, portal_v2_xml);
  scheme = bloom_color_scheme_new_for_portal (portal.client);
  /* Light until the answer comes: nothing waited for it. */
  g_assert_false (bloom_color_scheme_get_dark (scheme));
  wait_for_dark (scheme, TRUE);
  g_assert_true (gtk_is_dark ());
  g_assert_cmpuint (portal.n_reads, ==, 1);
  g_signal_connect_swapped (scheme, "notify::dark", G_CALLBACK (count), &notified);

  portal_emit (&portal, APPEARANCE, "color-scheme", 2);
  wait_for_dark (scheme, FALSE);
  g_assert_false (gtk_is_dark ());
  portal_emit (&portal, APPEARANCE, "color-scheme", 1);
  wait_for_dark (scheme, TRUE);
  g_assert_true (gtk_is_dark ());
  portal_emit (&portal, APPEARANCE, "color-scheme", 0);
  wait_for_dark (scheme, FALSE);
  g_assert_false (gtk_is_dark ());
  g_assert_cmpuint (notified, ==, 3);

  /* Other settings are not the colour scheme. */
  portal_emit (&portal, APPEARANCE, "contrast", 1);
  portal_emit (&portal, "org.gnome.desktop.interface", "color-scheme", 1);
  round_trip (&portal);
  g_assert_false (bloom_color_scheme_get_dark (scheme));
  g_assert_cmpuint (notified, ==, 3);
  g_assert_cmpuint (portal.n_reads, ==, 1);

  /* Once gone, it follows nothing. */
  g_assert_finalize_object (scheme);
  portal_emit (&portal, APPEARANCE, "color-scheme", 1);
  round_trip (&portal);
  g_assert_false (gtk_is_dark ());

  portal_down (&portal);
}

/* A portal from before ReadOne answers Read, its value boxed twice. */
static void
test_portal_read (void)
{
  Portal portal = { .color_scheme = 1 };
  BloomColorScheme *scheme;

  portal_up (&portal, portal_v1_xml);
  scheme = bloom_color_scheme_new_for_portal (portal.client);
  wait_for_dark (scheme, TRUE);
  g_assert_true (gtk_is_dark ());
  g_assert_cmpuint (portal.n_reads, ==, 1);

  portal_emit (&portal, APPEARANCE, "color-scheme", 2);
  wait_for_dark (scheme, FALSE);
  g_assert_false (gtk_is_dark ());

  g_assert_finalize_object (scheme);
  portal_down (&portal);
}

/* No portal on the bus: light, quietly (G_DEBUG=fatal-warnings). */
static void
test_portal_missing (void)
{
  Portal portal = { 0 };
  BloomColorScheme *scheme;

  portal_up (&portal, NULL);
  scheme = bloom_color_scheme_new_for_portal (portal.client);
  round_trip (&portal);
  g_assert_false (bloom_color_scheme_get_dark (scheme));
  g_assert_false (gtk_is_dark ());

  g_assert_finalize_object (scheme);
  portal_down (&portal);
}

/* Gone before the portal answers: the answer is dropped, not applied. */
static void
test_portal_gone_first (void)
{
  Portal portal = { .color_scheme = 1 };
  BloomColorScheme *scheme;

  portal_up (&portal, portal_v2_xml);
  scheme = bloom_color_scheme_new_for_portal (portal.client);
  g_assert_finalize_object (scheme);
  round_trip (&portal);
  g_assert_cmpuint (portal.n_reads, ==, 1);
  g_assert_false (gtk_is_dark ());

  portal_down (&portal);
}

/* An sRGB colour as the window shows it, and WCAG's measures of it. */
typedef struct
{
  guchar red, green, blue;
} Pixel;

static double
linear (guchar value)
{
  double c = value / 255.0;

  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
luminance (Pixel p)
{
  return 0.2126 * linear (p.red) + 0.7152 * linear (p.green) + 0.0722 * linear (p.blue);
}

static double
contrast (Pixel a,
          Pixel b)
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/* The colours of the grid as the window shows it, on the window's own
 * background. */
typedef struct
{
  Pixel background;  /* in the gap between two clear squares */
  Pixel set;         /* the middle of a set square */
  Pixel clear;       /* the middle of a clear square */
  Pixel frame;       /* the edge of a clear square */
  Pixel mark;        /* the frame of a square the last operation marks */
} GridColors;

/* The window as it shows, in sRGB bytes (B, G, R, A), as large as its
 * paintable says: with the window's own frame, which lies outside its
 * allocation (a negative origin). */
typedef struct
{
  guchar          *data;
  gsize            stride;
  int              width, height;
  graphene_point_t origin;  /* of the window's coordinates in the image */
} WindowImage;

static WindowImage
render_window (Fixture *fixture)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  graphene_rect_t bounds;
  WindowImage image;

  g_assert_true (gtk_widget_compute_bounds (window, window, &bounds));
  image.width = gdk_paintable_get_intrinsic_width (paintable);
  image.height = gdk_paintable_get_intrinsic_height (paintable);
  g_assert_cmpint (image.width, ==, (int) bounds.size.width);
  g_assert_cmpint (image.height, ==, (int) bounds.size.height);
  image.origin = GRAPHENE_POINT_INIT (-bounds.origin.x, -bounds.origin.y);
  image.stride = (gsize) image.width * 4;

  gdk_paintable_snapshot (paintable, snapshot, image.width, image.height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, image.width, image.height));
  image.data = g_malloc (image.stride * image.height);
  gdk_texture_download (texture, image.data, image.stride);

  return image;
}

/* The pixel at @x, @y of @widget. */
static Pixel
pixel_at (const WindowImage *image,
          Fixture           *fixture,
          GtkWidget         *widget,
          int                x,
          int                y)
{
  graphene_rect_t bounds;
  const guchar *p;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (fixture->window), &bounds));
  x += (int) (bounds.origin.x + image->origin.x);
  y += (int) (bounds.origin.y + image->origin.y);
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, image->width);
  g_assert_cmpint (y, <, image->height);
  p = image->data + y * image->stride + x * 4;

  return (Pixel) { p[2], p[1], p[0] };
}

static GridColors
read_grid_colors (Fixture *fixture)
{
  GtkWidget *grid = child (fixture, "grid");
  BloomFilter *filter = bloom_session_get_filter (fixture->session);
  BloomOperation *operation = bloom_session_get_last_operation (fixture->session);
  guint m = bloom_filter_get_m (filter);
  guint cell = bloom_bit_grid_get_cell_size (BLOOM_BIT_GRID (grid));
  /* bloom-bit-grid.c: the gap is a sixth of the cell, at least 3 pixels. */
  int inner = cell - MAX (3, cell / 6);
  int middle = inner / 2;
  g_autofree int *left = g_new (int, m);
  g_autofree int *top = g_new (int, m);
  g_autofree guchar *data = NULL;
  WindowImage image;
  guint64 marked = 0;
  guint position;
  int set = -1, clear = -1;
  GridColors colors;

  g_assert_cmpuint (m, <=, 64);
  g_assert_false (gtk_widget_has_focus (grid));
  g_assert_cmpuint (bloom_bit_grid_get_revealed_steps (BLOOM_BIT_GRID (grid)), ==, G_MAXUINT);
  image = render_window (fixture);
  data = image.data;

  /* Where each square starts, from the grid's own hit test: a cell is
   * its square and the gap right of and under it. */
  for (guint i = 0; i < m; i++)
    left[i] = top[i] = -1;
  for (int y = gtk_widget_get_height (grid) - 1; y >= 0; y--)
    for (int x = gtk_widget_get_width (grid) - 1; x >= 0; x--)
      {
        guint index;

        if (bloom_bit_grid_get_cell_at (BLOOM_BIT_GRID (grid), x + 0.5, y + 0.5, &index))
          {
            left[index] = x;
            top[index] = y;
          }
      }

  for (guint step = 0; step < bloom_operation_get_n_positions (operation); step++)
    marked |= G_GUINT64_CONSTANT (1) << bloom_operation_get_position (operation, step);
  g_assert_cmphex (marked, !=, 0);

  /* A set square and a clear one, neither marked; the clear one with an
   * unmarked clear neighbour on its left, across the gap. */
  for (guint i = 0; i < m; i++)
    {
      g_assert_cmpint (left[i], >=, 0);
      if ((marked >> i) & 1)
        continue;
      if (bloom_filter_get_bit (filter, i))
        {
          if (set < 0)
            set = i;
        }
      else if (clear < 0 && i > 0 && top[i - 1] == top[i] && !((marked >> (i - 1)) & 1) &&
               !bloom_filter_get_bit (filter, i - 1))
        clear = i;
    }
  g_assert_cmpint (set, >=, 0);
  g_assert_cmpint (clear, >=, 0);

  position = bloom_operation_get_position (operation, 0);
  colors.background = pixel_at (&image, fixture, grid, left[clear] - 1, top[clear] + middle);
  colors.set = pixel_at (&image, fixture, grid, left[set] + middle, top[set] + middle);
  colors.clear = pixel_at (&image, fixture, grid, left[clear] + middle, top[clear] + middle);
  colors.frame = pixel_at (&image, fixture, grid, left[clear], top[clear] + middle);
  colors.mark = pixel_at (&image, fixture, grid, left[position] + 1, top[position] + middle);

  return colors;
}

/* WCAG's 3:1 for graphical objects: each kind of square against the
 * background, the mark against what it frames, set against clear. */
static void
assert_readable (const char       *name,
                 const GridColors *c)
{
  g_test_message ("%s: background #%02x%02x%02x, set #%02x%02x%02x, clear #%02x%02x%02x "
                  "in a frame #%02x%02x%02x, mark #%02x%02x%02x", name,
                  c->background.red, c->background.green, c->background.blue,
                  c->set.red, c->set.green, c->set.blue,
                  c->clear.red, c->clear.green, c->clear.blue,
                  c->frame.red, c->frame.green, c->frame.blue,
                  c->mark.red, c->mark.green, c->mark.blue);
  g_test_message ("%s: against the background set %.2f, clear frame %.2f, mark %.2f; "
                  "mark against set %.2f, against clear %.2f; set against clear %.2f", name,
                  contrast (c->set, c->background), contrast (c->frame, c->background),
                  contrast (c->mark, c->background), contrast (c->mark, c->set),
                  contrast (c->mark, c->clear), contrast (c->set, c->clear));

  g_assert_cmpfloat (contrast (c->set, c->background), >=, 3.0);
  g_assert_cmpfloat (contrast (c->frame, c->background), >=, 3.0);
  g_assert_cmpfloat (contrast (c->mark, c->background), >=, 3.0);
  g_assert_cmpfloat (contrast (c->mark, c->set), >=, 3.0);
  g_assert_cmpfloat (contrast (c->mark, c->clear), >=, 3.0);
  g_assert_cmpfloat (contrast (c->set, c->clear), >=, 3.0);
}

/* The grid in the light scheme and in the dark one, as the app switches
 * between them: set, clear and marked squares readable in both, and the
 * background really dark in the dark one. */
static void
test_grid_contrast (Fixture       *fixture,
                    gconstpointer  data)
{
  BloomColorScheme *scheme = bloom_color_scheme_new_for_settings (NULL);
  GridColors light, dark;

  reset_gtk ();
  create_filter (fixture, "64", "3");
  run (fixture, "filter.insert", "apple");
  run (fixture, "filter.insert", "banana");
  run (fixture, "filter.insert", "cherry");
  run (fixture, "filter.query", "zebra");
  wait_for_draw (fixture);

  g_assert_false (bloom_color_scheme_get_dark (scheme));
  light = read_grid_colors (fixture);
  assert_readable ("light", &light);

  g_object_set (scheme, "dark", TRUE, NULL);
  g_assert_true (gtk_is_dark ());
  settle ();
  wait_for_draw (fixture);
  dark = read_grid_colors (fixture);
  assert_readable ("dark", &dark);

  g_assert_cmpfloat (luminance (light.background), >, 0.5);
  g_assert_cmpfloat (luminance (dark.background), <, 0.2);

  g_object_set (scheme, "dark", FALSE, NULL);
  g_assert_false (gtk_is_dark ());
  g_assert_finalize_object (scheme);
}

/* The verdict icon's colour, the one of its pixels that stands out most
 * from the card under it, and the card's, at the icon's corner, which the
 * symbol leaves free. */
static void
read_icon_colors (Fixture *fixture,
                  Pixel   *icon_color,
                  Pixel   *card)
{
  GtkWidget *icon = child (fixture, "verdict_icon");
  WindowImage image = render_window (fixture);
  g_autofree guchar *data = image.data;

  *card = *icon_color = pixel_at (&image, fixture, icon, 0, 0);
  for (int y = 0; y < gtk_widget_get_height (icon); y++)
    for (int x = 0; x < gtk_widget_get_width (icon); x++)
      {
        Pixel pixel = pixel_at (&image, fixture, icon, x, y);

        if (contrast (pixel, *card) > contrast (*icon_color, *card))
          *icon_color = pixel;
      }
}

static void
assert_icon_readable (Fixture    *fixture,
                      const char *name,
                      gboolean    alert)
{
  Pixel icon, card;

  read_icon_colors (fixture, &icon, &card);
  g_test_message ("%s: icon #%02x%02x%02x on #%02x%02x%02x: %.2f", name,
                  icon.red, icon.green, icon.blue, card.red, card.green, card.blue,
                  contrast (icon, card));
  g_assert_cmpfloat (contrast (icon, card), >=, 3.0);
  /* A false positive's is orange, the others the accent blue. */
  if (alert)
    g_assert_cmpint (icon.red, >, icon.blue);
  else
    g_assert_cmpint (icon.blue, >, icon.red);
}

/* Whether GTK can draw the verdict's symbolic icons in a colour of its
 * own: the icon theme's are SVG files, which GTK 4.8 to 4.18 read with
 * gdk-pixbuf's SVG loader (librsvg); without it GTK draws its grey
 * "missing image" instead. */
static gboolean
can_draw_symbolic_icons (Fixture *fixture)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (window));
  g_autoptr(GtkIconPaintable) icon = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  guchar pixels[32 * 32 * 4];

  icon = gtk_icon_theme_lookup_icon (theme, "action-unavailable-symbolic", NULL, 32, 1,
                                     GTK_TEXT_DIR_LTR, 0);
  gtk_symbolic_paintable_snapshot_symbolic (GTK_SYMBOLIC_PAINTABLE (icon), snapshot, 32, 32,
                                            &(GdkRGBA) { 1.0f, 0.0f, 0.0f, 1.0f }, 1);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return FALSE;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, 32, 32));
  gdk_texture_download (texture, pixels, 32 * 4);
  for (guint i = 0; i < sizeof pixels; i += 4)
    if (pixels[i + 3] > 200 && pixels[i + 2] > 200 && pixels[i + 1] < 50 && pixels[i] < 50)
      return TRUE;

  return FALSE;
}

/* The verdict's icon: the accent colour, or orange for a false positive,
 * 3:1 against its card in the light scheme and in the dark one. */
static void
test_verdict_contrast (Fixture       *fixture,
                       gconstpointer  data)
{
  BloomColorScheme *scheme;

  if (!can_draw_symbolic_icons (fixture))
    {
      g_test_skip ("GTK cannot draw the icon theme's symbolic icons here (no SVG loader for "
                   "gdk-pixbuf: librsvg2-common)");
      return;
    }

  scheme = bloom_color_scheme_new_for_settings (NULL);
  reset_gtk ();
  create_filter (fixture, "8", "1");
  run (fixture, "filter.insert", "a");

  for (guint dark = FALSE; dark <= TRUE; dark++)
    {
      const char *name = dark ? "dark" : "light";

      g_object_set (scheme, "dark", dark, NULL);
      g_assert_cmpint (gtk_is_dark (), ==, dark);
      run (fixture, "filter.query", "b");
      g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "Definitely not contained");
      wait_for_draw (fixture);
      assert_icon_readable (fixture, name, FALSE);

      run (fixture, "filter.query", "i");
      g_assert_cmpstr (label_text (fixture, "verdict_label"), ==, "False positive");
      wait_for_draw (fixture);
      assert_icon_readable (fixture, name, TRUE);
    }

  g_object_set (scheme, "dark", FALSE, NULL);
  g_assert_finalize_object (scheme);
}

int
main (int   argc,
      char *argv[])
{
  test_isolate_environment ();
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/color-scheme/settings", test_settings);
  g_test_add_func ("/color-scheme/settings-default", test_settings_default);
  g_test_add_func ("/color-scheme/settings-absent", test_settings_absent);
  g_test_add_func ("/color-scheme/portal", test_portal);
  g_test_add_func ("/color-scheme/portal-read", test_portal_read);
  g_test_add_func ("/color-scheme/portal-missing", test_portal_missing);
  g_test_add_func ("/color-scheme/portal-gone-first", test_portal_gone_first);
  g_test_add ("/color-scheme/grid-contrast", Fixture, NULL, fixture_set_up, test_grid_contrast,
              fixture_tear_down);
  g_test_add ("/color-scheme/verdict-contrast", Fixture, NULL, fixture_set_up,
              test_verdict_contrast, fixture_tear_down);

  return g_test_run ();
}
