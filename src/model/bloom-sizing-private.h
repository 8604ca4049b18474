/* bloom-sizing-private.h — the parsers with the locale's digit group
 * separator made explicit, so that tests can try other locales' habits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-sizing.h"

G_BEGIN_DECLS

gboolean bloom_sizing_parse_items_full (const char  *text,
                                        const char  *group_separator,
                                        guint       *n,
                                        GError     **error);
gboolean bloom_sizing_parse_rate_full  (const char  *text,
                                        const char  *group_separator,
                                        double      *p,
                                        GError     **error);

G_END_DECLS
