/* bloom-session-private.h — for the state loader, which builds a complete
 * session aside and moves it in only once everything checked out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-session.h"

G_BEGIN_DECLS

#define BLOOM_MAX_OPEN_DETAILS 16
#define BLOOM_DETAIL_NAME_MAX  32

gboolean bloom_session_add_hashed_entry (BloomSession *self,
                                         const char   *text,
                                         gsize         len,
                                         guint32       h1,
                                         guint32       h2,
                                         GError      **error);
void     bloom_session_set_counters  (BloomSession *self,
                                      guint         negative_queries,
                                      guint         false_positives);
void     bloom_session_take_contents (BloomSession *self,
                                      BloomSession *from);

G_END_DECLS
