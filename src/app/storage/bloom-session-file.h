/* bloom-session-file.h — SPEC P3: session documents in files the user
 * picks: export, import; the atomic replace both use is bloom-atomic-file.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "bloom-atomic-file.h"
#include "bloom-model.h"

G_BEGIN_DECLS

/* The largest document Bloom Lab writes, indented as an export is; an
 * import reads no more than this. Per part, at most:
 *   1024 entries (BLOOM_MAX_ENTRIES) of 256 UTF-16 units (BLOOM_TEXT_MAX_UNITS),
 *     each unit 6 bytes when escaped ("\u001f"), plus 2 quotes, a comma,
 *     a line break and 6 spaces of indentation             1024 × (256 × 6 + 10)
 *   3 drafts of at most 65535 characters each (what a GTK text field holds),
 *     6 bytes each when escaped                             3 × 65535 × 6
 *   the last operation's text, escaped and quoted           256 × 6 + 2
 *   everything else: member names, the 1024 bits, two counters, 12
 *     positions with their bits before and after, 16 open details of 32
 *     bytes, the hash, indentation                          4096, about three
 *     times what tests/test-session-file.c measures in the worst session
 * = 2768368 bytes (2.64 MiB). */
#define BLOOM_SESSION_FILE_ESCAPED_UNIT_BYTES 6
#define BLOOM_SESSION_FILE_DRAFT_MAX_CHARS    65535
#define BLOOM_SESSION_FILE_FIXED_BYTES        4096
#define BLOOM_SESSION_FILE_MAX_BYTES                                                     \
  (BLOOM_MAX_ENTRIES * (BLOOM_TEXT_MAX_UNITS * BLOOM_SESSION_FILE_ESCAPED_UNIT_BYTES + 10) \
   + 3 * BLOOM_SESSION_FILE_DRAFT_MAX_CHARS * BLOOM_SESSION_FILE_ESCAPED_UNIT_BYTES         \
   + (BLOOM_TEXT_MAX_UNITS * BLOOM_SESSION_FILE_ESCAPED_UNIT_BYTES + 2)                     \
   + BLOOM_SESSION_FILE_FIXED_BYTES)

/* A file the user picked: replace, no backup. */
void      bloom_session_file_write_async    (GFile                 *file,
                                             GBytes                *contents,
                                             GCancellable          *cancellable,
                                             GAsyncReadyCallback    callback,
                                             gpointer               user_data);
gboolean  bloom_session_file_write_finish   (GFile                 *file,
                                             GAsyncResult          *result,
                                             GError               **error);
/* SPEC P3: the whole session, indented, no size limit. */
void      bloom_session_file_export_async   (BloomSession          *session,
                                             GFile                 *file,
                                             GCancellable          *cancellable,
                                             GAsyncReadyCallback    callback,
                                             gpointer               user_data);
gboolean  bloom_session_file_export_finish  (GFile                 *file,
                                             GAsyncResult          *result,
                                             GError               **error);
/* @text ending in a full stop unless it ends a sentence already
 * (g_free()): for GIO's messages before another sentence. */
char     *bloom_session_file_sentence       (const char            *text);
/* Blocking: opens first, then refuses a folder, a pipe, a device (G_IO_ERROR_IS_DIRECTORY,
 * G_IO_ERROR_NOT_REGULAR_FILE) and more than BLOOM_SESSION_FILE_MAX_BYTES
 * (BLOOM_ERROR_IMPORT_TOO_LARGE) before reading; reads no more than that. */
GBytes   *bloom_session_file_read           (GFile                 *file,
                                             GCancellable          *cancellable,
                                             GError               **error);
/* SPEC P3: reads and parses in a worker thread, then moves the result into
 * @session on the main thread, which changes once or not at all. Errors:
 * those of read(), then the model's BLOOM_ERROR_IMPORT_* with a message to
 * show after the file name. */
void      bloom_session_file_import_async   (BloomSession          *session,
                                             GFile                 *file,
                                             GCancellable          *cancellable,
                                             GAsyncReadyCallback    callback,
                                             gpointer               user_data);
gboolean  bloom_session_file_import_finish  (BloomSession          *session,
                                             GAsyncResult          *result,
                                             GError               **error);

G_END_DECLS
