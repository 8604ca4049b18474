/* bloom-lecture-recorder.h — "Record Lecture": what the lecturer does in a
 * window, turned into the steps of a lecture, and "Save Lecture…"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-experiment-view.h"
#include "bloom-window.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_LECTURE_RECORDER (bloom_lecture_recorder_get_type ())

G_DECLARE_FINAL_TYPE (BloomLectureRecorder, bloom_lecture_recorder, BLOOM, LECTURE_RECORDER, GObject)

BloomLectureRecorder *bloom_lecture_recorder_new           (BloomWindow          *window);
void                  bloom_lecture_recorder_watch_experiment (BloomLectureRecorder *self,
                                                               BloomExperimentView  *view);
gboolean              bloom_lecture_recorder_get_recording (BloomLectureRecorder *self);
void                  bloom_lecture_recorder_set_recording (BloomLectureRecorder *self,
                                                            gboolean              recording);
GListModel           *bloom_lecture_recorder_get_steps     (BloomLectureRecorder *self);
void                  bloom_lecture_recorder_save          (BloomLectureRecorder *self,
                                                            GFile                *file,
                                                            GBytes               *document);

G_END_DECLS
