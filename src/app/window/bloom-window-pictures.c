/* bloom-window-pictures.c — pictures for slides (SPEC W): the bit grid or
 * the rate plot as PNG or SVG, through the picture dialog or to the
 * clipboard
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-picture-dialog.h"
#include "bloom-window-private.h"

/* Pictures for slides (bloom-picture.c): what the window shows of the
 * grid or the plot, drawn by the view itself. */
typedef struct
{
  BloomWindow      *self;
  BloomPictureKind  kind;
  int               width;
  int               height;
} Picture;

static void
draw_picture (cairo_t  *cr,
              gpointer  user_data)
{
  Picture *picture = user_data;

  if (picture->kind == BLOOM_PICTURE_GRID)
    bloom_bit_grid_draw_picture (picture->self->grid, cr);
  else
    bloom_rate_plot_draw_picture (picture->self->rate_plot, cr, picture->width, picture->height);
}

/* FALSE when there is nothing to make a picture of. */
static gboolean
init_picture (BloomWindow      *self,
              BloomPictureKind  kind,
              Picture          *picture)
{
  picture->self = self;
  picture->kind = kind;

  if (kind == BLOOM_PICTURE_GRID)
    return bloom_bit_grid_get_picture_size (self->grid, &picture->width, &picture->height);

  bloom_rate_plot_get_picture_size (self->rate_plot, &picture->width, &picture->height);

  return picture->width > 0 && picture->height > 0;
}

/* The picture of @kind as @format at @scale, written atomically to @file. */
void
bloom_window_export_picture (BloomWindow        *self,
                             BloomPictureKind    kind,
                             BloomPictureFormat  format,
                             int                 scale,
                             GFile              *file)
{
  g_autoptr(GBytes) contents = NULL;
  Picture picture;

  g_return_if_fail (BLOOM_IS_WINDOW (self));
  g_return_if_fail (scale >= BLOOM_PICTURE_SCALE_MIN && scale <= BLOOM_PICTURE_SCALE_MAX);
  g_return_if_fail (G_IS_FILE (file));

  if (!init_picture (self, kind, &picture))
    {
      _bloom_window_show_file_message (self, _("There is no filter to make a picture of. "
                                               "Create a filter first."), TRUE);
      return;
    }

  contents = bloom_picture_render (draw_picture, &picture, picture.width, picture.height,
                                  format, scale);
  _bloom_window_save_picture (self, file, contents);
}

/* A choice of the picture dialog, in the pointer a file choice carries. */
#define PACK_PICTURE(kind, format, scale) GINT_TO_POINTER ((kind) | (format) << 4 | (scale) << 8)

static void
picture_chosen (BloomWindow *self,
                GFile       *file,
                gpointer     data)
{
  int packed = GPOINTER_TO_INT (data);

  if (file != NULL)
    bloom_window_export_picture (self, packed & 0xf, (packed >> 4) & 0xf, packed >> 8, file);
}

static void
on_picture_export (BloomWindow        *self,
                   int                 kind,
                   int                 format,
                   int                 scale,
                   BloomPictureDialog *dialog)
{
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = g_strconcat (kind == BLOOM_PICTURE_GRID ? "bloom-lab-grid" : "bloom-lab-rates",
                                       bloom_picture_format_suffix (format), NULL);

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

  _bloom_window_choose_file (self, TRUE, _("Export Picture"), name, G_LIST_MODEL (filters), picture_chosen,
               PACK_PICTURE (kind, format, scale));
}

void
_bloom_window_choose_picture (BloomWindow *self)
{
  BloomPictureDialog *dialog = bloom_picture_dialog_new (GTK_WINDOW (self));

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
