/* bloom-wrap-box.h — a row of widgets that wraps onto more rows when the
 * width runs out, as words do, so that a zoomed page never needs
 * scrolling sideways
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BLOOM_TYPE_WRAP_BOX (bloom_wrap_box_get_type ())

G_DECLARE_FINAL_TYPE (BloomWrapBox, bloom_wrap_box, BLOOM, WRAP_BOX, GtkWidget)

GtkWidget *bloom_wrap_box_new                (void);
int        bloom_wrap_box_get_column_spacing (BloomWrapBox *self);
void       bloom_wrap_box_set_column_spacing (BloomWrapBox *self,
                                              int           spacing);
int        bloom_wrap_box_get_row_spacing    (BloomWrapBox *self);
void       bloom_wrap_box_set_row_spacing    (BloomWrapBox *self,
                                              int           spacing);

G_END_DECLS
