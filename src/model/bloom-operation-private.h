/* bloom-operation-private.h — only the session records operations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-filter.h"
#include "bloom-operation.h"

G_BEGIN_DECLS

/* @text is a GRefString, shared with the session's entries. */
BloomOperation *bloom_operation_new      (BloomOperationKind  kind,
                                          BloomOutcome        outcome,
                                          char               *text,
                                          guint32             h1,
                                          guint32             h2,
                                          guint               n_positions,
                                          const guint16      *positions,
                                          guint16             before_mask,
                                          guint16             after_mask);
void            bloom_operation_reinit   (BloomOperation     *self,
                                          BloomOperationKind  kind,
                                          BloomOutcome        outcome,
                                          char               *text,
                                          guint32             h1,
                                          guint32             h2,
                                          guint               n_positions,
                                          const guint16      *positions,
                                          guint16             before_mask,
                                          guint16             after_mask);
char           *bloom_operation_ref_text (BloomOperation     *self);
gboolean        bloom_operation_equal    (BloomOperation     *self,
                                          BloomOperation     *other);

G_END_DECLS
