/* bloom-lecture-step-private.h — reading and writing one step of a
 * lecture document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "bloom-lecture-step.h"

G_BEGIN_DECLS

BloomLectureStep *bloom_lecture_step_read (JsonNode  *node,
                                           guint      number,
                                           GError   **error);
void              bloom_lecture_step_write (BloomLectureStep  *self,
                                            JsonBuilder       *builder);

G_END_DECLS
