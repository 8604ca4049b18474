/* bloom-value-label.h — a text that changes with every operation and
 * keeps its room while it fits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BLOOM_TYPE_VALUE_LABEL (bloom_value_label_get_type ())

G_DECLARE_FINAL_TYPE (BloomValueLabel, bloom_value_label, BLOOM, VALUE_LABEL, GtkWidget)

GtkWidget  *bloom_value_label_new                 (const char      *text);
const char *bloom_value_label_get_text            (BloomValueLabel *self);
void        bloom_value_label_set_text            (BloomValueLabel *self,
                                                   const char      *text);
gboolean    bloom_value_label_get_wrap            (BloomValueLabel *self);
void        bloom_value_label_set_wrap            (BloomValueLabel *self,
                                                   gboolean         wrap);
float       bloom_value_label_get_xalign          (BloomValueLabel *self);
void        bloom_value_label_set_xalign          (BloomValueLabel *self,
                                                   float            xalign);
int         bloom_value_label_get_width_chars     (BloomValueLabel *self);
void        bloom_value_label_set_width_chars     (BloomValueLabel *self,
                                                   int              n_chars);
int         bloom_value_label_get_max_width_chars (BloomValueLabel *self);
void        bloom_value_label_set_max_width_chars (BloomValueLabel *self,
                                                   int              n_chars);
guint       bloom_value_label_get_n_lines         (BloomValueLabel *self);
void        bloom_value_label_set_attributes      (BloomValueLabel *self,
                                                   PangoAttrList   *attributes);

G_END_DECLS
