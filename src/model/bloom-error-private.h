/* bloom-error-private.h — the message of BLOOM_ERROR_IMPORT_INVALID_FIELD,
 * shared by the loader's JSON scanner and its field reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-error.h"

G_BEGIN_DECLS

gboolean bloom_error_invalid_field (GError     **error,
                                    const char  *path,
                                    const char  *message);

G_END_DECLS
