/* test-picture.c — pictures for slides: the grid, the rate plot and the
 * sweep plot as PNG and SVG at a chosen scale, the same as the window
 * shows them, with a caption or without, the dialog and its shortcut, and
 * the grid copied to the clipboard
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "bloom-bit-grid.h"
#include "bloom-experiment-view.h"
#include "bloom-picture-dialog.h"
#include "bloom-window.h"
#include "bloom-window-private.h"
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

/* @caption as for bloom_window_export_picture_with_caption(). */
static GFile *
export_captioned (Fixture            *fixture,
                  BloomPictureKind    kind,
                  BloomPictureFormat  format,
                  int                 scale,
                  const char         *caption,
                  const char         *name)
{
  g_autofree char *path = g_build_filename (work_dir, name, NULL);
  g_autofree char *expected = g_strdup_printf ("Saved the picture to “%s”.", name);
  GFile *file = g_file_new_for_path (path);

  activate (fixture, "session.dismiss-message");
  bloom_window_export_picture_with_caption (fixture->window, kind, format, scale, caption, file);
  wait_for_message (fixture);
  g_assert_cmpstr (label_text (fixture, "file_label"), ==, expected);

  return file;
}

static GFile *
export (Fixture            *fixture,
        BloomPictureKind    kind,
        BloomPictureFormat  format,
        int                 scale,
        const char         *name)
{
  return export_captioned (fixture, kind, format, scale, NULL, name);
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

static BloomExperimentView *
experiment_view (Fixture *fixture)
{
  return BLOOM_EXPERIMENT_VIEW (child (fixture, "experiment_view"));
}

/* A sweep in the experiment, run to its end; its expander is closed
 * again afterwards. */
static void
sweep (Fixture *fixture)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_TIME_SPAN_SECOND;

  bloom_session_set_detail_open (fixture->session, "experiment", TRUE);
  wait_for_draw (fixture);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (experiment_view (fixture)),
                                             "experiment.sweep", NULL));
  while (bloom_experiment_view_get_running (experiment_view (fixture)))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  bloom_session_set_detail_open (fixture->session, "experiment", FALSE);
  settle ();
  g_assert_nonnull (bloom_experiment_view_get_sweep (experiment_view (fixture)));
}

/* The experiment's sweep plot as PNG and SVG, at its natural size while
 * its expander is closed; before any sweep there is none to export. */
static void
test_sweep_plot (Fixture       *fixture,
                 gconstpointer  data)
{
  GtkWidget *plot;
  g_autoptr(GFile) png = NULL;
  g_autoptr(GFile) svg = NULL;
  g_autoptr(GFile) none = g_file_new_build_filename (work_dir, "none.png", NULL);
  g_autoptr(GdkTexture) picture = NULL;
  g_autofree char *contents = NULL;
  int natural_width, natural_height, svg_width, svg_height;

  create_filter (fixture, "256", "3");
  run (fixture, "filter.insert", "apple");

  bloom_window_export_picture (fixture->window, BLOOM_PICTURE_SWEEP_PLOT, BLOOM_PICTURE_PNG, 2, none);
  wait_for_message (fixture);
  g_assert_cmpstr (label_text (fixture, "file_label"), ==,
                   "There is no sweep to make a picture of. Run Sweep over n in the experiment "
                   "first.");
  g_assert_false (g_file_query_exists (none, NULL));

  sweep (fixture);
  plot = bloom_experiment_view_get_sweep_plot (experiment_view (fixture));
  g_assert_false (gtk_widget_get_mapped (plot));
  gtk_widget_measure (plot, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural_width, NULL, NULL);
  gtk_widget_measure (plot, GTK_ORIENTATION_VERTICAL, natural_width, NULL, &natural_height, NULL, NULL);

  png = export (fixture, BLOOM_PICTURE_SWEEP_PLOT, BLOOM_PICTURE_PNG, 2, "sweep.png");
  picture = gdk_texture_new_from_file (png, NULL);
  g_assert_nonnull (picture);
  g_assert_cmpint (gdk_texture_get_width (picture), ==, 2 * natural_width);
  g_assert_cmpint (gdk_texture_get_height (picture), ==, 2 * natural_height);
  {
    g_autofree guchar *pixels = download (picture);

    /* The points and curves, not an empty image. */
    g_assert_cmpint (drawn_width (pixels, gdk_texture_get_width (picture),
                                  gdk_texture_get_height (picture)), >, natural_width);
  }
  /* The sweep's own plot, not the rate plot of the same size. */
  {
    g_autoptr(GFile) rates = export (fixture, BLOOM_PICTURE_RATE_PLOT, BLOOM_PICTURE_PNG, 2, "rates.png");
    g_autoptr(GBytes) rates_bytes = g_file_load_bytes (rates, NULL, NULL, NULL);
    g_autoptr(GBytes) sweep_bytes = g_file_load_bytes (png, NULL, NULL, NULL);

    g_assert_false (g_bytes_equal (rates_bytes, sweep_bytes));
    g_file_delete (rates, NULL, NULL);
  }

  svg = export (fixture, BLOOM_PICTURE_SWEEP_PLOT, BLOOM_PICTURE_SVG, 1, "sweep.svg");
  g_assert_true (g_file_load_contents (svg, NULL, &contents, NULL, NULL, NULL));
  svg_size (contents, &svg_width, &svg_height);
  g_assert_cmpint (svg_width, ==, natural_width);
  g_assert_cmpint (svg_height, ==, natural_height);
  g_assert_null (strstr (contents, "<image"));
  g_assert_nonnull (strstr (contents, "<path"));

  g_file_delete (png, NULL, NULL);
  g_file_delete (svg, NULL, NULL);
}

/* Whether any pixel of rows @top to @bottom of @texture is drawn. */
static gboolean
rows_drawn (GdkTexture *texture,
            int         top,
            int         bottom)
{
  g_autofree guchar *pixels = download (texture);
  int width = gdk_texture_get_width (texture);

  for (int y = top; y < bottom; y++)
    for (int x = 0; x < width; x++)
      if (pixels[((gsize) y * width + x) * 4 + 3] != 0)
        return TRUE;

  return FALSE;
}

/* A caption goes below the picture, as wide as it: the picture grows by
 * its height and that room has text in it; the user's own text is drawn
 * instead of m, k, n and the rates; SVG too. */
static void
test_caption (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GFile) plain = NULL;
  g_autoptr(GFile) automatic = NULL;
  g_autoptr(GFile) own = NULL;
  g_autoptr(GFile) svg_plain = NULL;
  g_autoptr(GFile) svg_captioned = NULL;
  g_autoptr(GdkTexture) plain_picture = NULL;
  g_autoptr(GdkTexture) automatic_picture = NULL;
  g_autoptr(GdkTexture) own_picture = NULL;
  g_autoptr(GBytes) automatic_bytes = NULL;
  g_autoptr(GBytes) own_bytes = NULL;
  g_autofree char *plain_svg = NULL;
  g_autofree char *captioned_svg = NULL;
  int width, height, w, h, captioned_height;

  create_filter (fixture, "64", "4");
  run (fixture, "filter.insert", "apple");
  wait_for_draw (fixture);

  plain = export (fixture, BLOOM_PICTURE_RATE_PLOT, BLOOM_PICTURE_PNG, 1, "plain.png");
  automatic = export_captioned (fixture, BLOOM_PICTURE_RATE_PLOT, BLOOM_PICTURE_PNG, 1, "",
                                "automatic.png");
  own = export_captioned (fixture, BLOOM_PICTURE_RATE_PLOT, BLOOM_PICTURE_PNG, 1,
                          "Lecture 3: one string too many", "own.png");
  plain_picture = gdk_texture_new_from_file (plain, NULL);
  automatic_picture = gdk_texture_new_from_file (automatic, NULL);
  own_picture = gdk_texture_new_from_file (own, NULL);
  width = gdk_texture_get_width (plain_picture);
  height = gdk_texture_get_height (plain_picture);

  g_assert_cmpint (gdk_texture_get_width (automatic_picture), ==, width);
  captioned_height = gdk_texture_get_height (automatic_picture);
  /* At least one line of text and its padding. */
  g_assert_cmpint (captioned_height, >, height + 20);
  g_assert_true (rows_drawn (automatic_picture, height, captioned_height));
  g_assert_cmpint (gdk_texture_get_width (own_picture), ==, width);
  g_assert_true (rows_drawn (own_picture, height, gdk_texture_get_height (own_picture)));
  automatic_bytes = g_file_load_bytes (automatic, NULL, NULL, NULL);
  own_bytes = g_file_load_bytes (own, NULL, NULL, NULL);
  g_assert_false (g_bytes_equal (automatic_bytes, own_bytes));

  svg_plain = export (fixture, BLOOM_PICTURE_GRID, BLOOM_PICTURE_SVG, 1, "plain.svg");
  svg_captioned = export_captioned (fixture, BLOOM_PICTURE_GRID, BLOOM_PICTURE_SVG, 1, "",
                                    "captioned.svg");
  g_assert_true (g_file_load_contents (svg_plain, NULL, &plain_svg, NULL, NULL, NULL));
  g_assert_true (g_file_load_contents (svg_captioned, NULL, &captioned_svg, NULL, NULL, NULL));
  svg_size (plain_svg, &width, &height);
  svg_size (captioned_svg, &w, &h);
  g_assert_cmpint (w, ==, width);
  g_assert_cmpint (h, >, height + 20);

  g_file_delete (plain, NULL, NULL);
  g_file_delete (automatic, NULL, NULL);
  g_file_delete (own, NULL, NULL);
  g_file_delete (svg_plain, NULL, NULL);
  g_file_delete (svg_captioned, NULL, NULL);
}

static GtkWidget *
dialog_part (BloomPictureDialog *dialog,
             const char         *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (dialog), BLOOM_TYPE_PICTURE_DIALOG,
                                                   name);

  g_assert_nonnull (object);

  return GTK_WIDGET (object);
}

static BloomPictureDialog *
find_picture_dialog (Fixture *fixture)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (BLOOM_IS_PICTURE_DIALOG (window) &&
          gtk_window_get_transient_for (window) == GTK_WINDOW (fixture->window))
        return BLOOM_PICTURE_DIALOG (window);
    }

  return NULL;
}

/* @accelerator as the window's own shortcuts take it, when no widget
 * inside takes it first. */
static gboolean
press_on_window (Fixture    *fixture,
                 const char *accelerator)
{
  g_autoptr(GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (accelerator);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (fixture->window));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted) &&
              gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                            GTK_WIDGET (fixture->window),
                                            gtk_shortcut_get_arguments (shortcut)))
            {
              settle ();
              return TRUE;
            }
        }
    }

  return FALSE;
}

/* Ctrl+Shift+S opens the dialog, and the shortcuts window lists it; the
 * dialog offers the sweep plot only once there is a sweep, and says so. */
static void
test_shortcut (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GBytes) shortcuts = NULL;
  BloomPictureDialog *dialog;
  GtkWidget *kinds;

  shortcuts = g_resources_lookup_data ("/io/github/bloomlab/BloomLab/ui/bloom-shortcuts-window.ui",
                                       0, NULL);
  g_assert_nonnull (shortcuts);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (shortcuts, NULL), g_bytes_get_size (shortcuts),
                                  "&lt;Control&gt;&lt;Shift&gt;s</property>"));

  create_filter (fixture, "256", "3");
  g_assert_null (find_picture_dialog (fixture));
  g_assert_true (press_on_window (fixture, "<Control><Shift>s"));
  dialog = find_picture_dialog (fixture);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  kinds = dialog_part (dialog, "kind_dropdown");
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (kinds))), ==, 2);
  g_assert_true (gtk_widget_get_visible (dialog_part (dialog, "sweep_note")));
  gtk_window_destroy (GTK_WINDOW (dialog));
  settle ();

  sweep (fixture);
  g_assert_true (press_on_window (fixture, "<Control><Shift>s"));
  dialog = find_picture_dialog (fixture);
  g_assert_nonnull (dialog);
  kinds = dialog_part (dialog, "kind_dropdown");
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (kinds))), ==, 3);
  g_assert_false (gtk_widget_get_visible (dialog_part (dialog, "sweep_note")));
  gtk_window_destroy (GTK_WINDOW (dialog));
  settle ();
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

typedef struct
{
  int   kind;
  int   format;
  int   scale;
  char *caption;
} Choice;

static void
record_choice (BloomPictureDialog *dialog,
               int                 kind,
               int                 format,
               int                 scale,
               const char         *caption,
               Choice             *choice)
{
  choice->kind = kind;
  choice->format = format;
  choice->scale = scale;
  g_free (choice->caption);
  choice->caption = g_strdup (caption);
}

/* The dialog's choice, as Export… hands it on; the grid as PNG at 2×
 * without a caption unless changed. */
static void
test_dialog (Fixture       *fixture,
             gconstpointer  data)
{
  BloomPictureDialog *dialog = bloom_picture_dialog_new (GTK_WINDOW (fixture->window));
  Choice choice = { -1, -1, -1, g_strdup ("unset") };

  g_object_ref (dialog);
  g_signal_connect (dialog, "export", G_CALLBACK (record_choice), &choice);
  gtk_window_present (GTK_WINDOW (dialog));
  bloom_picture_dialog_accept (dialog);
  g_assert_cmpint (choice.kind, ==, BLOOM_PICTURE_GRID);
  g_assert_cmpint (choice.format, ==, BLOOM_PICTURE_PNG);
  g_assert_cmpint (choice.scale, ==, 2);
  g_assert_null (choice.caption);
  g_assert_finalize_object (dialog);

  dialog = bloom_picture_dialog_new (GTK_WINDOW (fixture->window));
  g_object_ref (dialog);
  g_signal_connect (dialog, "export", G_CALLBACK (record_choice), &choice);
  bloom_picture_dialog_set_choice (dialog, BLOOM_PICTURE_RATE_PLOT, BLOOM_PICTURE_SVG, 4);
  bloom_picture_dialog_set_caption (dialog, "");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "picture.export", NULL));
  g_assert_cmpint (choice.kind, ==, BLOOM_PICTURE_RATE_PLOT);
  g_assert_cmpint (choice.format, ==, BLOOM_PICTURE_SVG);
  g_assert_cmpint (choice.scale, ==, 4);
  g_assert_cmpstr (choice.caption, ==, "");
  g_assert_finalize_object (dialog);

  dialog = bloom_picture_dialog_new (GTK_WINDOW (fixture->window));
  g_object_ref (dialog);
  g_signal_connect (dialog, "export", G_CALLBACK (record_choice), &choice);
  bloom_picture_dialog_set_sweep_available (dialog, TRUE);
  bloom_picture_dialog_set_choice (dialog, BLOOM_PICTURE_SWEEP_PLOT, BLOOM_PICTURE_PNG, 1);
  bloom_picture_dialog_set_caption (dialog, "Slide 7");
  g_assert_true (gtk_widget_get_sensitive (dialog_part (dialog, "caption_entry")));
  bloom_picture_dialog_accept (dialog);
  g_assert_cmpint (choice.kind, ==, BLOOM_PICTURE_SWEEP_PLOT);
  g_assert_cmpstr (choice.caption, ==, "Slide 7");
  g_assert_finalize_object (dialog);
  g_free (choice.caption);
}

static gboolean
file_message_gone (Fixture *fixture)
{
  return !file_message_shown (fixture);
}

static gboolean
file_message_revealed (Fixture *fixture)
{
  return gtk_revealer_get_child_revealed (GTK_REVEALER (child (fixture, "file_revealer")));
}

static gboolean
error_shown (Fixture *fixture)
{
  return gtk_widget_has_css_class (child (fixture, "file_banner"), "error");
}

/* Runs the main loop until @done says so, for at most ten seconds. */
static void
wait_until (Fixture  *fixture,
            gboolean (*done) (Fixture *fixture))
{
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (10, timed_out, &expired);

  while (!done (fixture) && !expired)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (expired);
  g_source_remove (timeout);
}

static double
page_end (GtkAdjustment *page)
{
  return gtk_adjustment_get_upper (page) - gtk_adjustment_get_page_size (page);
}

/* The toast lies inside the window, in its lower half, and is what is
 * drawn on top there: it floats over the page, not on it. */
static void
assert_toast_in_view (Fixture *fixture)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  GtkWidget *banner = child (fixture, "file_banner");
  GtkWidget *picked;
  graphene_rect_t bounds;

  wait_until (fixture, file_message_revealed);
  wait_for_draw (fixture);
  settle ();
  wait_for_draw (fixture);
  g_assert_true (gtk_widget_get_mapped (banner));
  g_assert_true (gtk_widget_compute_bounds (banner, window, &bounds));
  g_assert_cmpfloat (bounds.size.width, >, 0);
  g_assert_cmpfloat (bounds.size.height, >, 0);
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (window));
  g_assert_cmpfloat (bounds.origin.y, >=, gtk_widget_get_height (window) / 2.0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (window));

  picked = gtk_widget_pick (window, bounds.origin.x + bounds.size.width / 2,
                            bounds.origin.y + bounds.size.height / 2, GTK_PICK_DEFAULT);
  g_assert_true (picked == banner || gtk_widget_is_ancestor (picked, banner));
}

/* Issue 25: what an export did shows in a toast over the bottom of the
 * window while the page is scrolled to its end; a success goes after a
 * time that suits its length, an error stays, a new message replaces the
 * one shown, and the close button closes it and gives the focus back. */
static void
test_message_toast (Fixture       *fixture,
                    gconstpointer  data)
{
  static const char *const expanders[] = { "details_expander", "plot_expander", "entries_expander",
                                            "experiment_expander" };
  GtkAdjustment *page = gtk_scrolled_window_get_vadjustment (
    GTK_SCROLLED_WINDOW (child (fixture, "page_scroller")));
  g_autofree char *nowhere_path = g_build_filename (work_dir, "missing", "grid.png", NULL);
  g_autoptr(GFile) nowhere = g_file_new_for_path (nowhere_path);
  g_autoptr(GFile) first = NULL;
  g_autoptr(GFile) second = NULL;
  g_autofree char *long_message = g_strnfill (150, 'x');
  g_autofree char *longer_message = g_strnfill (1000, 'x');
  GtkWidget *close_button = child (fixture, "file_dismiss_button");
  GtkWidget *before;

  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1280, 800);
  create_filter (fixture, "1024", "12");
  for (guint i = 0; i < G_N_ELEMENTS (expanders); i++)
    gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, expanders[i])), TRUE);
  /* To the end of the page, once the page has its height. */
  wait_for_draw (fixture);
  settle ();
  for (guint i = 0; i < 10 && gtk_adjustment_get_value (page) < page_end (page); i++)
    {
      gtk_adjustment_set_value (page, page_end (page));
      wait_for_draw (fixture);
      settle ();
    }
  g_assert_cmpfloat (page_end (page), >, 400);
  g_assert_cmpfloat (gtk_adjustment_get_value (page), ==, page_end (page));

  /* A success, in view; it stays while the test looks. */
  _bloom_window_set_message_timeout (fixture->window, 60000);
  first = export (fixture, BLOOM_PICTURE_GRID, BLOOM_PICTURE_PNG, 1, "toast-1.png");
  assert_toast_in_view (fixture);
  g_assert_cmpfloat (gtk_adjustment_get_value (page), ==, page_end (page));
  g_assert_false (gtk_widget_has_css_class (child (fixture, "file_banner"), "error"));

  /* An error replaces it, and stays well past a success's time. */
  _bloom_window_set_message_timeout (fixture->window, 20);
  bloom_window_export_picture_with_caption (fixture->window, BLOOM_PICTURE_GRID, BLOOM_PICTURE_PNG,
                                            1, NULL, nowhere);
  wait_until (fixture, error_shown);
  g_assert_true (g_str_has_prefix (label_text (fixture, "file_label"), "Could not save to “grid.png”"));
  run_for (500);
  g_assert_true (file_message_shown (fixture));
  assert_toast_in_view (fixture);

  /* The close button closes it, and the focus goes back where it was. */
  gtk_widget_grab_focus (child (fixture, "grid"));
  before = gtk_root_get_focus (GTK_ROOT (fixture->window));
  g_assert_true (gtk_widget_grab_focus (close_button));
  g_signal_emit_by_name (close_button, "clicked");
  g_assert_false (file_message_shown (fixture));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (fixture->window)) == before);

  /* A success goes by itself; a longer one stays longer, up to a limit. */
  second = export (fixture, BLOOM_PICTURE_GRID, BLOOM_PICTURE_PNG, 1, "toast-2.png");
  wait_until (fixture, file_message_gone);
  g_assert_cmpuint (_bloom_window_message_duration (fixture->window, "Saved."), ==, 20);
  g_assert_cmpuint (_bloom_window_message_duration (fixture->window, long_message), ==, 40);
  g_assert_cmpuint (_bloom_window_message_duration (fixture->window, longer_message), ==, 60);

  g_assert_true (g_file_delete (first, NULL, NULL));
  g_assert_true (g_file_delete (second, NULL, NULL));
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
  ADD ("sweep-plot", test_sweep_plot);
  ADD ("caption", test_caption);
  ADD ("shortcut", test_shortcut);
  ADD ("clipboard", test_clipboard);
  ADD ("dialog", test_dialog);
  ADD ("message-toast", test_message_toast);

#undef ADD

  status = g_test_run ();
  g_rmdir (work_dir);
  g_free (work_dir);

  return status;
}
