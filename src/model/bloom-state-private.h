/* bloom-state-private.h — writing a JSON document as the session writer
 * does, shared with the lecture writer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "bloom-state.h"

G_BEGIN_DECLS

char *bloom_state_generate (JsonNode *root,
                            gboolean  pretty,
                            gsize    *len);

G_END_DECLS
