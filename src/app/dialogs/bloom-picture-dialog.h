/* bloom-picture-dialog.h — what picture to export for a slide: the bit grid
 * or the rate plot, PNG or SVG, and how large
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-picture.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_PICTURE_DIALOG (bloom_picture_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BloomPictureDialog, bloom_picture_dialog, BLOOM, PICTURE_DIALOG, GtkWindow)

BloomPictureDialog *bloom_picture_dialog_new     (GtkWindow          *parent);
void                bloom_picture_dialog_accept  (BloomPictureDialog *self);
void                bloom_picture_dialog_set_choice (BloomPictureDialog *self,
                                                     BloomPictureKind    kind,
                                                     BloomPictureFormat  format,
                                                     int                 scale);
void                bloom_picture_dialog_set_sweep_available (BloomPictureDialog *self,
                                                              gboolean            available);
void                bloom_picture_dialog_set_caption (BloomPictureDialog *self,
                                                      const char         *caption);

G_END_DECLS
