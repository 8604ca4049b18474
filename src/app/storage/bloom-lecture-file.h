/* bloom-lecture-file.h — lecture files (*.bloomlab-lecture) read as an
 * import reads a session file: the same reader with its caps and
 * refusals, off the main loop
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "bloom-model.h"

G_BEGIN_DECLS

/* The type of lecture files (data/…mime.xml) and the ending it globs. */
#define BLOOM_LECTURE_FILE_MIME_TYPE "application/x-bloom-lab-lecture"
#define BLOOM_LECTURE_FILE_SUFFIX    ".bloomlab-lecture"

gboolean      bloom_lecture_file_is_lecture   (GFile                *file);
/* Reads and checks @file in a worker thread: the errors of
 * bloom_session_file_read(), then the model's, a step's naming it. */
void          bloom_lecture_file_read_async   (GFile                *file,
                                               GCancellable         *cancellable,
                                               GAsyncReadyCallback   callback,
                                               gpointer              user_data);
BloomLecture *bloom_lecture_file_read_finish  (GFile                *file,
                                               GAsyncResult         *result,
                                               GError              **error);

G_END_DECLS
