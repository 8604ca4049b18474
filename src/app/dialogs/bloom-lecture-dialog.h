/* bloom-lecture-dialog.h — "Save Lecture…": the recorded steps in a list,
 * a caption to fill in for each and the lecture's title, then a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BLOOM_TYPE_LECTURE_DIALOG (bloom_lecture_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BloomLectureDialog, bloom_lecture_dialog, BLOOM, LECTURE_DIALOG, GtkWindow)

BloomLectureDialog *bloom_lecture_dialog_new          (GtkWindow          *parent,
                                                       GListModel         *steps);
void                bloom_lecture_dialog_set_title_text (BloomLectureDialog *self,
                                                         const char         *title);
gboolean            bloom_lecture_dialog_save_to_file (BloomLectureDialog *self,
                                                       GFile              *file);

G_END_DECLS
