/* bloom-picture.h — pictures for slides: the bit grid, the rate plot or
 * the sweep plot as PNG or SVG, at a chosen scale, with a caption if wanted
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  BLOOM_PICTURE_GRID,
  BLOOM_PICTURE_RATE_PLOT,
  BLOOM_PICTURE_SWEEP_PLOT,
} BloomPictureKind;

typedef enum
{
  BLOOM_PICTURE_PNG,
  BLOOM_PICTURE_SVG,
} BloomPictureFormat;

#define BLOOM_PICTURE_SCALE_MIN 1
#define BLOOM_PICTURE_SCALE_MAX 4

/* Draws a picture of width × height on @cr, scaled already. */
typedef void (*BloomPictureDrawFunc) (cairo_t  *cr,
                                      gpointer  user_data);

GBytes     *bloom_picture_render         (BloomPictureDrawFunc  draw,
                                          gpointer              user_data,
                                          int                   width,
                                          int                   height,
                                          BloomPictureFormat    format,
                                          int                   scale);
GdkTexture *bloom_picture_render_texture (BloomPictureDrawFunc  draw,
                                          gpointer              user_data,
                                          int                   width,
                                          int                   height,
                                          int                   scale);
const char *bloom_picture_format_suffix  (BloomPictureFormat  format);

PangoLayout *bloom_picture_caption_new   (GtkWidget            *widget,
                                          const char           *text,
                                          int                   width,
                                          int                  *height);
void         bloom_picture_draw_caption  (cairo_t              *cr,
                                          PangoLayout          *layout,
                                          int                   top,
                                          const GdkRGBA        *color);

G_END_DECLS
