/* bloom-recorded-step.h — one step of a lecture being recorded: the
 * model's step (BloomLectureStep, immutable), what it does in the user's
 * words, and the caption being filled in before the lecture is saved;
 * and the lecture document made of such steps. GTK-free.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "bloom-model.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_RECORDED_STEP (bloom_recorded_step_get_type ())

G_DECLARE_FINAL_TYPE (BloomRecordedStep, bloom_recorded_step, BLOOM, RECORDED_STEP, GObject)

BloomRecordedStep  *bloom_recorded_step_new             (BloomLectureStep  *step);
BloomLectureStep   *bloom_recorded_step_get_step        (BloomRecordedStep *self);
BloomLectureAction  bloom_recorded_step_get_action      (BloomRecordedStep *self);
const char         *bloom_recorded_step_get_caption     (BloomRecordedStep *self);
void                bloom_recorded_step_set_caption     (BloomRecordedStep *self,
                                                         const char        *caption);
const char         *bloom_recorded_step_get_description (BloomRecordedStep *self);

/* The lecture document of @steps (BloomRecordedStep items) with their
 * captions, as the model writes it; NULL with the model's error (a caption
 * too long, too many steps) when a lecture file could not hold it. An
 * empty @title or caption is none. */
GBytes             *bloom_recorded_steps_to_document    (const char        *title,
                                                         GListModel        *steps,
                                                         GError           **error);

G_END_DECLS
