/* bloom-text-private.h — a text as a hash table key, for the session's
 * entries and the loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-text.h"

G_BEGIN_DECLS

/* A valid text with its first hash (bloom_text_hash_pair()): as the key of
 * a GHashTable, a lookup costs no second pass over the text. */
typedef struct
{
  const char *text;
  gsize       len;
  guint32     h1;
} BloomTextKey;

guint    bloom_text_key_hash  (gconstpointer key);
gboolean bloom_text_key_equal (gconstpointer a,
                               gconstpointer b);

G_END_DECLS
