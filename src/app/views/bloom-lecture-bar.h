/* bloom-lecture-bar.h — the top of the window while a lecture plays: the
 * step's caption, large, "Step 3 of 12" and the lecture's title
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BLOOM_TYPE_LECTURE_BAR (bloom_lecture_bar_get_type ())

G_DECLARE_FINAL_TYPE (BloomLectureBar, bloom_lecture_bar, BLOOM, LECTURE_BAR, GtkWidget)

GtkWidget  *bloom_lecture_bar_new              (void);
void        bloom_lecture_bar_show_step        (BloomLectureBar *self,
                                                const char      *title,
                                                guint            index,
                                                guint            n_steps,
                                                const char      *caption);
const char *bloom_lecture_bar_get_caption      (BloomLectureBar *self);
const char *bloom_lecture_bar_get_position     (BloomLectureBar *self);

G_END_DECLS
