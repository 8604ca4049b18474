/* test-picture.c — pictures for slides: the grid and the rate plot as PNG
 * and SVG at a chosen scale, the same as the window shows them, and the
 * grid copied to the clipboard
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "bloom-bit-grid.h"
#include "bloom-picture-dialog.h"
#include "bloom-window.h"
#include "window-fixture.h"
#include "test-isolation.h"

static char *work_dir;

static gboolean
file_message_shown (Fixture *fixture)
{
  return gtk_revealer_get_reveal_child (GTK_REVEALER (child (fixture, "file_revealer")));
}

static gboolean
timed_out (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;

  return G_SOURCE_REMOVE;
}

static void
wait_for_message (Fixture *fixture)
{
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (10, timed_out, &expired);

  while (!file_message_shown (fixture) && !expired)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (expired);
  g_source_remove (timeout);
}

static GFile *
export (Fixture            *fixture,
        BloomPictureKind    kind,
        BloomPictureFormat  format,
        int                 scale,
        const char         *name)
{
  g_autofree char *path = g_build_filename (work_dir, name, NULL);
  g_autofree char *expected = g_strdup_printf ("Saved the picture to “%s”.", name);
  GFile *file = g_file_new_for_path (path);

  activate (fixture, "session.dismiss-message");
  bloom_window_export_picture (fixture->window, kind, format, scale, file);
  wait_for_message (fixture);
  g_assert_cmpstr (label_text (fixture, "file_label"), ==, expected);

  return file;
}

/* The width and height an SVG document gives itself, in pixels. */
static void
svg_size (const char *svg,
          int        *width,
          int        *height)
{
  const char *element = strstr (svg, "<svg");
  const char *w, *h;

  g_assert_nonnull (element);
  w = strstr (element, " width=\"");
  h = strstr (element, " height=\"");
  g_assert_nonnull (w);
  g_assert_nonnull (h);
  *width = (int) g_ascii_strtod (w + strlen (" width=\""), NULL);
  *height = (int) g_ascii_strtod (h + strlen (" height=\""), NULL);
}

static guchar *
download (GdkTexture *texture)
{
  gsize stride = (gsize) gdk_texture_get_width (texture) * 4;
  guchar *pixels = g_malloc (stride * gdk_texture_get_height (texture));

  gdk_texture_download (texture, pixels, stride);

  return pixels;
}

/* What the window paints of @widget, as a texture: the render node of its
 * last drawing, which GTK drops when it is to draw the widget again. So it
 * also says that the settled window is not about to draw it again: a grid
 * that queued a resize after each allocation (on GTK 4.18) left none. */
static GdkTexture *
render_widget (GtkWidget *widget)
{
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);

  return gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                      node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

/* The right edge of what is drawn in @pixels: the grid leaves the rest
 * of its width clear. */
static int
drawn_width (const guchar *pixels,
             int           width,
             int           height)
{
  int right = 0;

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      if (pixels[((gsize) y * width + x) * 4 + 3] != 0)
        right = MAX (right, x + 1);

  return right;
}

/* The grid as PNG and SVG at 1×, 2× and 3×: at 1× the same pixels as the
 * window (the grid does not have the focus, so no cursor either way),
 * cropped to what the grid draws; vectors in the SVG. */
static void
test_grid (Fixture       *fixture,
           gconstpointer  data)
{
  GtkWidget *grid = child (fixture, "grid");
  g_autoptr(GFile) png = NULL;
  g_autoptr(GFile) png1 = NULL;
  g_autoptr(GFile) svg = NULL;
  g_autoptr(GdkTexture) picture = NULL;
  g_autoptr(GdkTexture) picture1 = NULL;
  g_autoptr(GdkTexture) window = NULL;
  g_autofree char *contents = NULL;
  g_autofree guchar *picture_pixels = NULL;
  g_autofree guchar *window_pixels = NULL;
  int width, height, window_width, svg_width, svg_height;
  guint differing = 0;

  create_filter (fixture, "64", "4");
  run (fixture, "filter.insert", "apple");
  wait_for_draw (fixture);

  png1 = export (fixture, BLOOM_PICTURE_GRID, BLOOM_PICTURE_PNG, 1, "grid-1.png");
  picture1 = gdk_texture_new_from_file (png1, NULL);
  g_assert_nonnull (picture1);
  width = gdk_texture_get_width (picture1);
  height = gdk_texture_get_height (picture1);
  /* The window as it is painted once the message has moved it. */
  wait_for_draw (fixture);
  window = render_widget (grid);
  window_width = gdk_texture_get_width (window);
  window_pixels = download (window);
  picture_pixels = download (picture1);
  g_assert_cmpint (height, ==, gdk_texture_get_height (window));
  g_assert_cmpint (width, ==, drawn_width (window_pixels, window_width, height));
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width * 4; x++)
      if (ABS ((int) picture_pixels[(gsize) y * width * 4 + x] -
               (int) window_pixels[(gsize) y * window_width * 4 + x]) > 2)
        differing++;
  g_test_message ("%u of %d channel values differ", differing, width * height * 4);
  g_assert_cmpuint (differing, ==, 0);

  png = export (fixture, BLOOM_PICTURE_GRID, BLOOM_PICTURE_PNG, 2, "grid.png");
  picture = gdk_texture_new_from_file (png, NULL);
  g_assert_cmpint (gdk_texture_get_width (picture), ==, 2 * width);
  g_assert_cmpint (gdk_texture_get_height (picture), ==, 2 * height);

  svg = export (fixture, BLOOM_PICTURE_GRID, BLOOM_PICTURE_SVG, 3, "grid.svg");
  g_assert_true (g_file_load_contents (svg, NULL, &contents, NULL, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "<?xml"));
  svg_size (contents, &svg_width, &svg_height);
  g_assert_cmpint (svg_width, ==, 3 * width);
  g_assert_cmpint (svg_height, ==, 3 * height);
  /* Shapes, not a bitmap of them. */
  g_assert_null (strstr (contents, "<image"));

  g_file_delete (png, NULL, NULL);
  g_file_delete (png1, NULL, NULL);
  g_file_delete (svg, NULL, NULL);
}

/* The rate plot, its expander closed: at its natural size. */
static void
test_rate_plot (Fixture       *fixture,
                gconstpointer  data)
{
  GtkWidget *plot = child (fixture, "rate_plot");
  g_autoptr(GFile) png = NULL;
  g_autoptr(GdkTexture) picture = NULL;
  int natural_width, natural_height;

  create_filter (fixture, "64", "4");
  run (fixture, "filter.insert", "apple");
  g_assert_false (gtk_widget_get_mapped (plot));
  gtk_widget_measure (plot, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural_width, NULL, NULL);
  gtk_widget_measure (plot, GTK_ORIENTATION_VERTICAL, natural_width, NULL, &natural_height, NULL, NULL);

  png = export (fixture, BLOOM_PICTURE_RATE_PLOT, BLOOM_PICTURE_PNG, 2, "rates.png");
  picture = gdk_texture_new_from_file (png, NULL);
  g_assert_cmpint (gdk_texture_get_width (picture), ==, 2 * natural_width);
  g_assert_cmpint (gdk_texture_get_height (picture), ==, 2 * natural_height);
  g_file_delete (png, NULL, NULL);
}

static void
texture_read (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GdkTexture **texture = user_data;

  *texture = gdk_clipboard_read_texture_finish (GDK_CLIPBOARD (source), result, NULL);
  g_assert_nonnull (*texture);
}

/* Ctrl+Shift+C: the grid on the clipboard, twice its size. Without a
 * filter there is nothing to copy. */
static void
test_clipboard (Fixture       *fixture,
                gconstpointer  data)
{
  GtkWidget *grid = child (fixture, "grid");
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (fixture->window));
  GdkTexture *texture = NULL;

  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (fixture->window),
                                              "session.copy-grid-picture", NULL) &&
                  gdk_clipboard_get_content (clipboard) != NULL);

  create_filter (fixture, "64", "4");
  run (fixture, "filter.insert", "apple");
  wait_for_draw (fixture);
  activate (fixture, "session.copy-grid-picture");
  g_assert_true (gdk_content_formats_contain_gtype (gdk_clipboard_get_formats (clipboard),
                                                    GDK_TYPE_TEXTURE));
  gdk_clipboard_read_texture_async (clipboard, NULL, texture_read, &texture);
  while (texture == NULL)
    g_main_context_iteration (NULL, TRUE);
  {
    g_autoptr(GdkTexture) window = render_widget (grid);
    g_autofree guchar *pixels = download (window);
    int height = gdk_texture_get_height (window);

    g_assert_cmpint (gdk_texture_get_width (texture), ==,
                     2 * drawn_width (pixels, gdk_texture_get_width (window), height));
    g_assert_cmpint (gdk_texture_get_height (texture), ==, 2 * height);
  }
  g_object_unref (texture);
}

static void
record_choice (BloomPictureDialog *dialog,
               int                 kind,
               int                 format,
               int                 scale,
               int                *choice)
{
  choice[0] = kind;
  choice[1] = format;
  choice[2] = scale;
}

/* The dialog's choice, as Export… hands it on; the grid as PNG at 2× unless
 * changed. */
static void
test_dialog (Fixture       *fixture,
             gconstpointer  data)
{
  BloomPictureDialog *dialog = bloom_picture_dialog_new (GTK_WINDOW (fixture->window));
  int choice[3] = { -1, -1, -1 };

  g_object_ref (dialog);
  g_signal_connect (dialog, "export", G_CALLBACK (record_choice), choice);
  gtk_window_present (GTK_WINDOW (dialog));
  bloom_picture_dialog_accept (dialog);
  g_assert_cmpint (choice[0], ==, BLOOM_PICTURE_GRID);
  g_assert_cmpint (choice[1], ==, BLOOM_PICTURE_PNG);
  g_assert_cmpint (choice[2], ==, 2);
  g_assert_finalize_object (dialog);

  dialog = bloom_picture_dialog_new (GTK_WINDOW (fixture->window));
  g_object_ref (dialog);
  g_signal_connect (dialog, "export", G_CALLBACK (record_choice), choice);
  bloom_picture_dialog_set_choice (dialog, BLOOM_PICTURE_RATE_PLOT, BLOOM_PICTURE_SVG, 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "picture.export", NULL));
  g_assert_cmpint (choice[0], ==, BLOOM_PICTURE_RATE_PLOT);
  g_assert_cmpint (choice[1], ==, BLOOM_PICTURE_SVG);
  g_assert_cmpint (choice[2], ==, 4);
  g_assert_finalize_object (dialog);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  test_isolate_environment ();
  gtk_test_init (&argc, &argv, NULL);
  work_dir = g_dir_make_tmp ("bloom-lab-picture-XXXXXX", &error);
  g_assert_no_error (error);

#define ADD(path, func) \
  g_test_add ("/picture/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("grid", test_grid);
  ADD ("rate-plot", test_rate_plot);
  ADD ("clipboard", test_clipboard);
  ADD ("dialog", test_dialog);

#undef ADD

  status = g_test_run ();
  g_rmdir (work_dir);
  g_free (work_dir);

  return status;
}
