/* bloom-operation.h — one insert or query and what it found
 *
 * Immutable to whoever holds a reference. The session returns its last
 * operation transfer none and, for speed, fills that same object in again
 * for the next insert or query when nobody but the session holds it (its
 * reference count is 1). So a caller that keeps an operation past the next
 * insert or query takes a reference (g_object_ref()): an operation with a
 * reference besides the session's is never refilled, and never changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  BLOOM_OPERATION_INSERT,
  BLOOM_OPERATION_QUERY,
} BloomOperationKind;

typedef enum
{
  BLOOM_OUTCOME_INSERTED,
  BLOOM_OUTCOME_ALREADY_INSERTED,
  BLOOM_OUTCOME_MEMBER,
  BLOOM_OUTCOME_FALSE_POSITIVE,
  BLOOM_OUTCOME_DEFINITELY_ABSENT,
} BloomOutcome;

#define BLOOM_TYPE_OPERATION (bloom_operation_get_type ())

G_DECLARE_FINAL_TYPE (BloomOperation, bloom_operation, BLOOM, OPERATION, GObject)

BloomOperationKind bloom_operation_get_kind               (BloomOperation *self);
BloomOutcome       bloom_operation_get_outcome            (BloomOperation *self);
const char        *bloom_operation_get_text               (BloomOperation *self,
                                                           gsize          *len);
guint32            bloom_operation_get_h1                 (BloomOperation *self);
guint32            bloom_operation_get_h2                 (BloomOperation *self);
guint              bloom_operation_get_n_positions        (BloomOperation *self);
guint              bloom_operation_get_position           (BloomOperation *self,
                                                           guint           i);
gboolean           bloom_operation_get_before             (BloomOperation *self,
                                                           guint           i);
gboolean           bloom_operation_get_after              (BloomOperation *self,
                                                           guint           i);
gboolean           bloom_operation_is_repeat              (BloomOperation *self,
                                                           guint           i);
guint              bloom_operation_get_n_distinct_positions (BloomOperation *self);
gboolean           bloom_operation_has_position           (BloomOperation *self,
                                                           guint           position);

const char        *bloom_operation_kind_to_string         (BloomOperationKind kind);
gboolean           bloom_operation_kind_from_string       (const char         *str,
                                                           BloomOperationKind *kind);
const char        *bloom_outcome_to_string                (BloomOutcome        outcome);
gboolean           bloom_outcome_from_string              (const char         *str,
                                                           BloomOutcome       *outcome);

G_END_DECLS
