/* bloom-text.h — SPEC T1, T4. Text is UTF-8 with an explicit byte length
 * (-1: NUL-terminated).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BLOOM_TEXT_MAX_UNITS 256

char      *bloom_text_quote       (const char *text,
                                   gssize      len);
glong      bloom_text_count_units (const char *text,
                                   gssize      len);
gunichar2 *bloom_text_to_units    (const char *text,
                                   gssize      len,
                                   gsize      *n_units,
                                   GError    **error);
gboolean   bloom_text_hash_pair   (const char *text,
                                   gssize      len,
                                   guint32    *h1,
                                   guint32    *h2,
                                   GError    **error);

G_END_DECLS
