/* bloom-atomic-file.h — SPEC P1, P2: a file replaced whole or not at all
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Returns the stream to write to instead of @base, one that writes through
 * to it (transfer full). Tests use one to make a write fail half-way. */
typedef GOutputStream *(*BloomStreamFilterFunc) (GOutputStream *base,
                                                 gpointer       user_data);

/* What a write expects to replace (docs/storage.md): NULL, whatever is
 * there; BLOOM_ATOMIC_FILE_ABSENT, no file at all; otherwise the SHA-256
 * (hex) of the contents last read from or written to the file. */
#define BLOOM_ATOMIC_FILE_ABSENT ""

/* The SHA-256 of @contents, in hex, as an expectation (g_free()). */
char     *bloom_atomic_file_checksum        (GBytes                *contents);

/* GIO's atomic replace (temporary file, sync, rename), except that a
 * write that fails half-way never reaches @file, and a file that did not
 * exist is never left half written. With @make_backup the old file stays
 * as "@file~" (never an empty stand-in). */
void      bloom_atomic_file_replace_async   (GFile                 *file,
                                             GBytes                *contents,
                                             gboolean               make_backup,
                                             GFileCreateFlags       flags,
                                             BloomStreamFilterFunc  filter,
                                             gpointer               filter_data,
                                             GCancellable          *cancellable,
                                             GAsyncReadyCallback    callback,
                                             gpointer               user_data);
/* The same, refused with G_IO_ERROR_WRONG_ETAG when @file is not what
 * @expected says (another program changed it); @file is then untouched. */
void      bloom_atomic_file_replace_expecting_async (GFile                 *file,
                                                     GBytes                *contents,
                                                     const char            *expected,
                                                     gboolean               make_backup,
                                                     GFileCreateFlags       flags,
                                                     BloomStreamFilterFunc  filter,
                                                     gpointer               filter_data,
                                                     GCancellable          *cancellable,
                                                     GAsyncReadyCallback    callback,
                                                     gpointer               user_data);
gboolean  bloom_atomic_file_replace_finish  (GFile                 *file,
                                             GAsyncResult          *result,
                                             GError               **error);
gboolean  bloom_atomic_file_replace_expecting_finish (GFile                 *file,
                                                     GAsyncResult          *result,
                                                     char                 **written_sum,
                                                     GError               **error);

G_END_DECLS
