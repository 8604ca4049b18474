/* bloom-picture.c
 *
 * A view draws its picture with its own drawing code, on a cairo surface:
 * so the picture is what the window shows. cairo's SVG surface keeps
 * shapes and text as vectors.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-picture"

#include "config.h"

#include <cairo-svg.h>

#include "bloom-picture.h"

/* Around a caption: as much as the plots leave around their words. */
#define CAPTION_PAD 8

static cairo_status_t
append_to_bytes (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);

  return CAIRO_STATUS_SUCCESS;
}

static void
draw_scaled (cairo_surface_t      *surface,
             BloomPictureDrawFunc  draw,
             gpointer              user_data,
             int                   scale)
{
  cairo_t *cr = cairo_create (surface);

  cairo_scale (cr, scale, scale);
  draw (cr, user_data);
  cairo_destroy (cr);
}

/* An image @scale times the picture's size, with what the window leaves
 * clear transparent. */
static cairo_surface_t *
render_image (BloomPictureDrawFunc  draw,
              gpointer              user_data,
              int                   width,
              int                   height,
              int                   scale)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                       width * scale, height * scale);

  draw_scaled (image, draw, user_data, scale);
  cairo_surface_flush (image);

  return image;
}

GBytes *
bloom_picture_render (BloomPictureDrawFunc  draw,
                      gpointer              user_data,
                      int                   width,
                      int                   height,
                      BloomPictureFormat    format,
                      int                   scale)
{
  GByteArray *bytes;
  cairo_surface_t *surface;

  g_return_val_if_fail (draw != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);
  g_return_val_if_fail (scale >= BLOOM_PICTURE_SCALE_MIN && scale <= BLOOM_PICTURE_SCALE_MAX, NULL);

  bytes = g_byte_array_new ();
  if (format == BLOOM_PICTURE_PNG)
    {
      surface = render_image (draw, user_data, width, height, scale);
      cairo_surface_write_to_png_stream (surface, append_to_bytes, bytes);
    }
  else
    {
      surface = cairo_svg_surface_create_for_stream (append_to_bytes, bytes,
                                                     width * scale, height * scale);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      draw_scaled (surface, draw, user_data, scale);
      cairo_surface_finish (surface);
    }
  cairo_surface_destroy (surface);

  return g_byte_array_free_to_bytes (bytes);
}

/* For the clipboard: the PNG picture as a texture. */
GdkTexture *
bloom_picture_render_texture (BloomPictureDrawFunc  draw,
                              gpointer              user_data,
                              int                   width,
                              int                   height,
                              int                   scale)
{
  g_autoptr(GBytes) png = NULL;

  g_return_val_if_fail (draw != NULL, NULL);

  png = bloom_picture_render (draw, user_data, width, height, BLOOM_PICTURE_PNG, scale);

  return gdk_texture_new_from_bytes (png, NULL);
}

const char *
bloom_picture_format_suffix (BloomPictureFormat format)
{
  return format == BLOOM_PICTURE_PNG ? ".png" : ".svg";
}

/* A caption for a picture @width wide: @text in @widget's font, wrapped to
 * that width. @height: the room it takes below the picture, padding
 * included. */
PangoLayout *
bloom_picture_caption_new (GtkWidget  *widget,
                           const char *text,
                           int         width,
                           int        *height)
{
  PangoLayout *layout;
  int text_height;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (height != NULL, NULL);

  layout = gtk_widget_create_pango_layout (widget, text);
  pango_layout_set_width (layout, MAX (width - 2 * CAPTION_PAD, 1) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_get_pixel_size (layout, NULL, &text_height);
  *height = text_height + 2 * CAPTION_PAD;

  return layout;
}

/* The caption below a picture whose bottom is at @top. */
void
bloom_picture_draw_caption (cairo_t       *cr,
                            PangoLayout   *layout,
                            int            top,
                            const GdkRGBA *color)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (PANGO_IS_LAYOUT (layout));

  cairo_save (cr);
  gdk_cairo_set_source_rgba (cr, color);
  cairo_move_to (cr, CAPTION_PAD, top + CAPTION_PAD);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}
