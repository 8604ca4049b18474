/* bloom-state.h — SPEC P1–P4: the session as a versioned JSON document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-session.h"

G_BEGIN_DECLS

#define BLOOM_STATE_FORMAT  "bloom-lab"
/* The full state of SPEC P3, with the drafts and open details: what an
 * export writes. */
#define BLOOM_STATE_VERSION 1
/* The filter only (its entries, counters and last operation): what the
 * session file in the user's state directory holds, the drafts and open
 * details being in GSettings (SPEC P1). The newest version read. */
#define BLOOM_STATE_VERSION_FILTER_ONLY 2

/* A document longer than this many characters (UTF-16 code units, as the
 * original counted) is not stored locally (SPEC P2); export has no limit. */
#define BLOOM_STATE_MAX_STORED_CHARS 100000

/* What the loader reads at most. The largest real document (1024 entries
 * of 256 escaped units) stays far below both limits. */
#define BLOOM_STATE_MAX_DOCUMENT_BYTES (8 * 1024 * 1024)
#define BLOOM_STATE_MAX_DEPTH 32

/* The most JSON values and member names a document may hold. A session
 * holds at most 1024 entries, 16 open details, 3 × 12 numbers of the last
 * operation and fewer than 40 other values and names: about 1120. */
#define BLOOM_STATE_MAX_VALUES 2048

typedef enum
{
  BLOOM_STATE_FLAGS_NONE   = 0,
  BLOOM_STATE_FLAGS_PRETTY = 1 << 0,  /* indented, for files people read */
  /* Writing: the filter only, as version 2. Loading: the filter, its
   * entries, counters and last operation only; the session keeps its
   * drafts and open details, whatever the document says. */
  BLOOM_STATE_FLAGS_FILTER_ONLY = 1 << 1,
} BloomStateFlags;

char     *bloom_state_to_json       (BloomSession     *self,
                                     gsize            *len);
char     *bloom_state_to_json_full  (BloomSession     *self,
                                     BloomStateFlags   flags,
                                     gsize            *len);
gboolean  bloom_state_load_json     (BloomSession     *self,
                                     const char       *json,
                                     gssize            len,
                                     GError          **error);
gboolean  bloom_state_load_json_full (BloomSession    *self,
                                     const char       *json,
                                     gssize            len,
                                     BloomStateFlags   flags,
                                     GError          **error);
gsize     bloom_state_count_chars   (const char       *json,
                                     gssize            len);
gboolean  bloom_state_check_size    (guint64           size,
                                     GError          **error);

G_END_DECLS
