/* bloom-operation-private.h — only the session records operations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-filter.h"
#include "bloom-operation.h"

G_BEGIN_DECLS

/* Blank until bloom_operation_reinit() fills it in. */
BloomOperation *bloom_operation_new      (void);
/* @text is @len bytes of valid UTF-8 without a NUL; it is copied. Only
 * for an operation that nobody but the session holds
 * (bloom-operation.h). */
void            bloom_operation_reinit   (BloomOperation     *self,
                                          BloomOperationKind  kind,
                                          BloomOutcome        outcome,
                                          const char         *text,
                                          gsize               len,
                                          guint32             h1,
                                          guint32             h2,
                                          guint               n_positions,
                                          const guint16      *positions,
                                          guint16             before_mask,
                                          guint16             after_mask);
gboolean        bloom_operation_equal    (BloomOperation     *self,
                                          BloomOperation     *other);

G_END_DECLS
