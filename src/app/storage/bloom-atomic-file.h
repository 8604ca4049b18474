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

/* GIO's atomic replace (temporary file, sync, rename), except that a
 * write that fails half-way never reaches @file, and a file that did not
 * exist is never left half written. With @make_backup the old file stays
 * as "@file~". */
void      bloom_atomic_file_replace_async   (GFile                 *file,
                                             GBytes                *contents,
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

G_END_DECLS
