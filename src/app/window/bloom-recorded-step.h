/* bloom-recorded-step.h — one step of a lecture being recorded: what the
 * lecturer did, and the caption to be filled in before it is saved; and
 * the lecture document (*.bloomlab-lecture) written from such steps, as
 * the model's BloomLecture reads it. GTK-free: the model's steps are read
 * from a document only, and have no caption to edit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "bloom-model.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_RECORDED_STEP (bloom_recorded_step_get_type ())

G_DECLARE_FINAL_TYPE (BloomRecordedStep, bloom_recorded_step, BLOOM, RECORDED_STEP, GObject)

BloomRecordedStep  *bloom_recorded_step_new_create     (guint               m,
                                                        guint               k);
BloomRecordedStep  *bloom_recorded_step_new_text       (BloomLectureAction  action,
                                                        const char         *text);
BloomRecordedStep  *bloom_recorded_step_new_plain      (BloomLectureAction  action);
BloomRecordedStep  *bloom_recorded_step_new_section    (BloomLectureAction  action,
                                                        const char         *section);
BloomRecordedStep  *bloom_recorded_step_new_zoom       (guint               zoom);
BloomRecordedStep  *bloom_recorded_step_new_experiment (BloomLectureAction  action,
                                                        guint               n_samples,
                                                        guint               length,
                                                        guint64             seed);

BloomLectureAction  bloom_recorded_step_get_action     (BloomRecordedStep  *self);
const char         *bloom_recorded_step_get_caption    (BloomRecordedStep  *self);
void                bloom_recorded_step_set_caption    (BloomRecordedStep  *self,
                                                        const char         *caption);
const char         *bloom_recorded_step_get_description (BloomRecordedStep *self);

/* The lecture document of @steps (BloomRecordedStep items), indented;
 * an empty @title or caption is left out. */
GBytes             *bloom_recorded_steps_to_document   (const char         *title,
                                                        GListModel         *steps);

G_END_DECLS
