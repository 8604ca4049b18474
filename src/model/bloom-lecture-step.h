/* bloom-lecture-step.h — one step of a lecture: an optional caption and at
 * most one action, checked when the lecture was read or built. Immutable:
 * a step with another caption is a copy.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "bloom-session.h"

G_BEGIN_DECLS

/* What a step does; the nicks are the member names of the lecture
 * document. Create, insert, query, example and reset change the session
 * (bloom_lecture_apply_step()); the others are for the view. */
typedef enum
{
  BLOOM_LECTURE_ACTION_NONE,
  BLOOM_LECTURE_ACTION_CREATE,
  BLOOM_LECTURE_ACTION_INSERT,
  BLOOM_LECTURE_ACTION_QUERY,
  BLOOM_LECTURE_ACTION_EXAMPLE,
  BLOOM_LECTURE_ACTION_RESET,
  BLOOM_LECTURE_ACTION_OPEN,
  BLOOM_LECTURE_ACTION_CLOSE,
  BLOOM_LECTURE_ACTION_STEP,
  BLOOM_LECTURE_ACTION_ZOOM,
  BLOOM_LECTURE_ACTION_EXPERIMENT,
  BLOOM_LECTURE_ACTION_SWEEP,
} BloomLectureAction;

/* The stable names of the sections a step opens or closes. */
#define BLOOM_LECTURE_SECTION_HASH_POSITIONS "hash-positions"
#define BLOOM_LECTURE_SECTION_MODEL          "model"
#define BLOOM_LECTURE_SECTION_RATE_BY_K      "rate-by-k"
#define BLOOM_LECTURE_SECTION_ENTRIES        "entries"
#define BLOOM_LECTURE_SECTION_EXPERIMENT     "experiment"

/* "step": step-through to this many positions of the last operation. */
#define BLOOM_LECTURE_POSITION_MIN 1
#define BLOOM_LECTURE_POSITION_MAX 12

/* "experiment" and "sweep": the largest seed, the most digits the
 * import's scanner reads (18). */
#define BLOOM_LECTURE_SEED_MAX G_GUINT64_CONSTANT (999999999999999999)

#define BLOOM_TYPE_LECTURE_STEP (bloom_lecture_step_get_type ())

G_DECLARE_FINAL_TYPE (BloomLectureStep, bloom_lecture_step, BLOOM, LECTURE_STEP, GObject)

BloomLectureStep   *bloom_lecture_step_new           (BloomLectureAction  action);
BloomLectureStep   *bloom_lecture_step_new_create    (guint               m,
                                                      guint               k);
BloomLectureStep   *bloom_lecture_step_new_text      (BloomLectureAction  action,
                                                      const char         *text);
BloomLectureStep   *bloom_lecture_step_new_section   (BloomLectureAction  action,
                                                      const char         *section);
BloomLectureStep   *bloom_lecture_step_new_position  (guint               position);
BloomLectureStep   *bloom_lecture_step_new_zoom      (guint               zoom);
BloomLectureStep   *bloom_lecture_step_new_sample    (BloomLectureAction  action,
                                                      guint               n_samples,
                                                      guint               length,
                                                      guint64             seed);
BloomLectureStep   *bloom_lecture_step_copy_with_caption (BloomLectureStep *self,
                                                          const char       *caption);
gboolean            bloom_lecture_step_apply         (BloomLectureStep   *self,
                                                      BloomSession       *session,
                                                      GError            **error);
const char         *bloom_lecture_step_get_caption   (BloomLectureStep *self);
BloomLectureAction  bloom_lecture_step_get_action    (BloomLectureStep *self);
gboolean            bloom_lecture_step_changes_session (BloomLectureStep *self);
guint               bloom_lecture_step_get_m         (BloomLectureStep *self);
guint               bloom_lecture_step_get_k         (BloomLectureStep *self);
const char         *bloom_lecture_step_get_text      (BloomLectureStep *self);
const char         *bloom_lecture_step_get_section   (BloomLectureStep *self);
guint               bloom_lecture_step_get_position  (BloomLectureStep *self);
guint               bloom_lecture_step_get_zoom      (BloomLectureStep *self);
guint               bloom_lecture_step_get_n_samples (BloomLectureStep *self);
guint               bloom_lecture_step_get_length    (BloomLectureStep *self);
guint64             bloom_lecture_step_get_seed      (BloomLectureStep *self);

G_END_DECLS
