/* bloom-window-pictures.c — pictures for slides (SPEC W): the bit grid,
 * the rate plot or the experiment's sweep plot as PNG or SVG, with a
 * caption if wanted, through the picture dialog or to the clipboard
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-format.h"
#include "bloom-picture-dialog.h"
#include "bloom-plot.h"
#include "bloom-sweep-plot.h"
#include "bloom-window-private.h"

/* Pictures for slides (bloom-picture.c): what the window shows of the
 * grid or a plot, drawn by the view itself, with a caption below when
 * asked for. */
typedef struct
{
  BloomWindow      *self;
  BloomPictureKind  kind;
  int               width;      /* of the view's picture, without the caption */
  int               height;
  PangoLayout      *caption;    /* nullable */
  int               caption_height;
} Picture;

static void
draw_picture (cairo_t  *cr,
              gpointer  user_data)
{
  Picture *picture = user_data;
  BloomWindow *self = picture->self;

  if (picture->kind == BLOOM_PICTURE_GRID)
    bloom_bit_grid_draw_picture (self->grid, cr);
  else if (picture->kind == BLOOM_PICTURE_RATE_PLOT)
    bloom_rate_plot_draw_picture (_bloom_window_get_rate_plot (self), cr, picture->width, picture->height);
  else
    bloom_sweep_plot_draw_picture (BLOOM_SWEEP_PLOT (bloom_experiment_view_get_sweep_plot (self->experiment_view)),
                                   cr, picture->width, picture->height);

  if (picture->caption != NULL)
    {
      GdkRGBA fg, dim;

      bloom_plot_get_colors (GTK_WIDGET (self), &fg, &dim);
      bloom_picture_draw_caption (cr, picture->caption, picture->height, &fg);
    }
}

/* The sweep plot's size in the window, or its natural size when its
 * expander is closed, as for the rate plot. */
static void
get_plot_size (GtkWidget *plot,
               int       *width,
               int       *height)
{
  *width = gtk_widget_get_width (plot);
  *height = gtk_widget_get_height (plot);
  if (*width <= 0 || *height <= 0)
    {
      gtk_widget_measure (plot, GTK_ORIENTATION_HORIZONTAL, -1, NULL, width, NULL, NULL);
      gtk_widget_measure (plot, GTK_ORIENTATION_VERTICAL, *width, NULL, height, NULL, NULL);
    }
}

/* FALSE when there is nothing to make a picture of. */
static gboolean
init_picture (BloomWindow      *self,
              BloomPictureKind  kind,
              Picture          *picture)
{
  *picture = (Picture) { self, kind, 0, 0, NULL, 0 };

  if (kind == BLOOM_PICTURE_GRID)
    return bloom_bit_grid_get_picture_size (self->grid, &picture->width, &picture->height);

  if (kind == BLOOM_PICTURE_SWEEP_PLOT)
    {
      /* A sweep was run, so the experiment's section was built. */
      if (self->experiment_view == NULL || bloom_experiment_view_get_sweep (self->experiment_view) == NULL)
        return FALSE;
      get_plot_size (bloom_experiment_view_get_sweep_plot (self->experiment_view),
                     &picture->width, &picture->height);
    }
  else
    bloom_rate_plot_get_picture_size (_bloom_window_get_rate_plot (self), &picture->width, &picture->height);

  return picture->width > 0 && picture->height > 0;
}

/* The caption that says what the picture shows: the filter's m, k, n
 * and rates, or for the sweep its m, k, range of n and sample. */
static char *
automatic_caption (BloomWindow      *self,
                   BloomPictureKind  kind)
{
  if (kind == BLOOM_PICTURE_SWEEP_PLOT)
    {
      GPtrArray *sweep = bloom_experiment_view_get_sweep (self->experiment_view);
      const BloomSampleResult *first = g_ptr_array_index (sweep, 0);
      const BloomSampleResult *last = g_ptr_array_index (sweep, sweep->len - 1);
      g_autofree char *count = bloom_format_count (first->n_samples);
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, first->seed);

      /* Translators: the first %s is a number of strings, the last a seed */
      return g_strdup_printf (_("m = %u, k = %u: the false-positive rate measured on %s random "
                                "strings at each n from 0 to %u, seed %s."),
                              first->m, first->k, count, last->n_entries, seed);
    }
  else
    {
      BloomFilter *filter = bloom_session_get_filter (self->session);
      g_autofree char *approximate =
        bloom_format_decimal (bloom_session_get_approximate_rate (self->session));
      g_autofree char *observed = bloom_format_observed_rate (self->session);

      /* Translators: the first %s is a rate, the second the observed rate
       * as the counters show it */
      return g_strdup_printf (_("m = %u, k = %u, n = %u. False-positive rate ≈ %s by the "
                                "approximation; observed: %s."),
                              bloom_filter_get_m (filter), bloom_filter_get_k (filter),
                              bloom_session_get_n_entries (self->session), approximate, observed);
    }
}

/**
 * bloom_window_export_picture_with_caption:
 * @self: a window
 * @kind: what to draw
 * @format: PNG or SVG
 * @scale: from %BLOOM_PICTURE_SCALE_MIN to %BLOOM_PICTURE_SCALE_MAX
 * @caption: (nullable): %NULL for none, "" for what the picture shows
 *   (m, k, n and the rates), else the text to draw below the picture
 * @file: where to write it, atomically
 */
void
bloom_window_export_picture_with_caption (BloomWindow        *self,
                                          BloomPictureKind    kind,
                                          BloomPictureFormat  format,
                                          int                 scale,
                                          const char         *caption,
                                          GFile              *file)
{
  g_autoptr(GBytes) contents = NULL;
  g_autofree char *text = NULL;
  Picture picture;

  g_return_if_fail (BLOOM_IS_WINDOW (self));
  g_return_if_fail (scale >= BLOOM_PICTURE_SCALE_MIN && scale <= BLOOM_PICTURE_SCALE_MAX);
  g_return_if_fail (G_IS_FILE (file));

  if (!init_picture (self, kind, &picture))
    {
      _bloom_window_show_file_message (self, kind == BLOOM_PICTURE_SWEEP_PLOT
                                             ? _("There is no sweep to make a picture of. Run "
                                                 "Sweep over n in the experiment first.")
                                             : _("There is no filter to make a picture of. "
                                                 "Create a filter first."), TRUE);
      return;
    }

  if (caption != NULL)
    {
      text = *caption != '\0' ? g_strdup (caption) : automatic_caption (self, kind);
      picture.caption = bloom_picture_caption_new (GTK_WIDGET (self), text, picture.width,
                                                   &picture.caption_height);
    }

  contents = bloom_picture_render (draw_picture, &picture, picture.width,
                                   picture.height + picture.caption_height, format, scale);
  g_clear_object (&picture.caption);
  _bloom_window_save_picture (self, file, contents);
}

/* The picture of @kind as @format at @scale, without a caption, written
 * atomically to @file. */
void
bloom_window_export_picture (BloomWindow        *self,
                             BloomPictureKind    kind,
                             BloomPictureFormat  format,
                             int                 scale,
                             GFile              *file)
{
  bloom_window_export_picture_with_caption (self, kind, format, scale, NULL, file);
}

/* A choice of the picture dialog, carried through the file chooser. */
typedef struct
{
  BloomPictureKind    kind;
  BloomPictureFormat  format;
  int                 scale;
  char               *caption;
} PictureChoice;

static void
picture_chosen (BloomWindow *self,
                GFile       *file,
                gpointer     data)
{
  PictureChoice *choice = data;

  if (file != NULL)
    bloom_window_export_picture_with_caption (self, choice->kind, choice->format, choice->scale,
                                              choice->caption, file);
  g_free (choice->caption);
  g_free (choice);
}

static const char *
picture_file_stem (BloomPictureKind kind)
{
  switch (kind)
    {
    case BLOOM_PICTURE_GRID:
      return "bloom-lab-grid";
    case BLOOM_PICTURE_RATE_PLOT:
      return "bloom-lab-rates";
    case BLOOM_PICTURE_SWEEP_PLOT:
    default:
      return "bloom-lab-sweep";
    }
}

static void
on_picture_export (BloomWindow        *self,
                   int                 kind,
                   int                 format,
                   int                 scale,
                   const char         *caption,
                   BloomPictureDialog *dialog)
{
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = g_strconcat (picture_file_stem (kind), bloom_picture_format_suffix (format),
                                       NULL);
  PictureChoice *choice = g_new0 (PictureChoice, 1);

  if (format == BLOOM_PICTURE_PNG)
    {
      gtk_file_filter_set_name (filter, _("PNG images"));
      gtk_file_filter_add_mime_type (filter, "image/png");
    }
  else
    {
      gtk_file_filter_set_name (filter, _("SVG drawings"));
      gtk_file_filter_add_mime_type (filter, "image/svg+xml");
    }
  g_list_store_append (filters, filter);

  *choice = (PictureChoice) { kind, format, scale, g_strdup (caption) };
  _bloom_window_choose_file (self, TRUE, _("Export Picture"), name, G_LIST_MODEL (filters),
                             picture_chosen, choice);
}

/* Ctrl+Shift+S or the menu: the dialog, offering the sweep plot only
 * while the experiment shows a sweep. */
void
_bloom_window_choose_picture (BloomWindow *self)
{
  BloomPictureDialog *dialog = bloom_picture_dialog_new (GTK_WINDOW (self));

  bloom_picture_dialog_set_sweep_available (dialog,
                                            self->experiment_view != NULL &&
                                            bloom_experiment_view_get_sweep (self->experiment_view) != NULL);
  g_signal_connect_object (dialog, "export", G_CALLBACK (on_picture_export), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Ctrl+Shift+C: the grid as a PNG on the clipboard, twice the window's
 * size, sharp enough for a slide. */
void
_bloom_window_copy_grid_picture (BloomWindow *self)
{
  g_autoptr(GdkTexture) texture = NULL;
  Picture picture;

  if (!init_picture (self, BLOOM_PICTURE_GRID, &picture))
    return;

  texture = bloom_picture_render_texture (draw_picture, &picture, picture.width, picture.height, 2);
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (GTK_WIDGET (self)), texture);
  _bloom_window_show_file_message (self, _("Copied the bit grid to the clipboard as a picture."),
                                   FALSE);
}
