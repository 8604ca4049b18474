/* bloom-lecture.h — a lecture: steps prepared at home, played in class,
 * read from a versioned JSON document (*.bloomlab-lecture) with the caps
 * and refusals of a session import, or built from recorded steps, and
 * written back. Immutable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "bloom-lecture-step.h"
#include "bloom-session.h"

G_BEGIN_DECLS

#define BLOOM_LECTURE_FORMAT  "bloom-lab-lecture"
/* The newest version read. */
#define BLOOM_LECTURE_VERSION 1

#define BLOOM_TYPE_LECTURE (bloom_lecture_get_type ())

G_DECLARE_FINAL_TYPE (BloomLecture, bloom_lecture, BLOOM, LECTURE, GObject)

BloomLecture     *bloom_lecture_new            (const char        *title,
                                                BloomLectureStep **steps,
                                                guint              n_steps,
                                                GError           **error);
BloomLecture     *bloom_lecture_new_from_data  (const char    *data,
                                                gssize         len,
                                                GError       **error);
BloomLecture     *bloom_lecture_new_from_bytes (GBytes        *bytes,
                                                GError       **error);
const char       *bloom_lecture_get_title      (BloomLecture  *self);
guint             bloom_lecture_get_n_steps    (BloomLecture  *self);
BloomLectureStep *bloom_lecture_get_step       (BloomLecture  *self,
                                                guint          index);
gboolean          bloom_lecture_apply_step     (BloomLecture  *self,
                                                guint          index,
                                                BloomSession  *session,
                                                GError       **error);
gboolean          bloom_lecture_replay_to      (BloomLecture  *self,
                                                BloomSession  *session,
                                                guint          index,
                                                GError       **error);

char             *bloom_lecture_to_json        (BloomLecture  *self,
                                                gsize         *len);

G_END_DECLS
