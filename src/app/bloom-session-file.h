/* bloom-session-file.h — SPEC P3: export to and import from a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "bloom-model.h"

G_BEGIN_DECLS

void     bloom_session_file_write_async  (GFile               *file,
                                          GBytes              *contents,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
gboolean bloom_session_file_write_finish (GFile               *file,
                                          GAsyncResult        *result,
                                          GError             **error);
void     bloom_session_file_export_async (BloomSession        *session,
                                          GFile               *file,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
gboolean bloom_session_file_export_finish (GFile              *file,
                                           GAsyncResult       *result,
                                           GError            **error);
void     bloom_session_file_import_async (BloomSession        *session,
                                          GFile               *file,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
gboolean bloom_session_file_import_finish (BloomSession       *session,
                                           GAsyncResult       *result,
                                           GError            **error);

G_END_DECLS
