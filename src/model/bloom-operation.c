/* bloom-operation.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-operation"

#include "config.h"

#include <string.h>

#include "bloom-enum-types.h"
#include "bloom-operation-private.h"

struct _BloomOperation
{
  GObject            parent_instance;

  BloomOperationKind kind;
  BloomOutcome       outcome;
  /* The text, NUL-terminated, in a buffer that a reused operation keeps:
   * recording an operation copies a few bytes and allocates nothing. */
  char              *text;
  gsize              text_len;
  gsize              text_size;
  guint32            h1;
  guint32            h2;
  guint              n_positions;
  /* k is at most 12, so positions and their bits live inline: recording an
   * operation costs one object and no further allocation. */
  guint16            positions[BLOOM_K_MAX];
  guint16            before_mask;   /* bit i: the bit at positions[i] before step i */
  guint16            after_mask;
};

G_DEFINE_FINAL_TYPE (BloomOperation, bloom_operation, G_TYPE_OBJECT)

static void
bloom_operation_finalize (GObject *object)
{
  BloomOperation *self = BLOOM_OPERATION (object);

  g_clear_pointer (&self->text, g_free);

  G_OBJECT_CLASS (bloom_operation_parent_class)->finalize (object);
}

static void
bloom_operation_class_init (BloomOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bloom_operation_finalize;
}

static void
bloom_operation_init (BloomOperation *self)
{
}

/* A blank operation, for bloom_operation_reinit() to fill in before anyone
 * sees it. */
BloomOperation *
bloom_operation_new (void)
{
  return g_object_new (BLOOM_TYPE_OPERATION, NULL);
}

/* Fills in every field; @text is @len bytes without a NUL. Only the
 * session calls it, on a new operation or on one nobody else holds a
 * reference to: nobody can see it change. */
void
bloom_operation_reinit (BloomOperation     *self,
                        BloomOperationKind  kind,
                        BloomOutcome        outcome,
                        const char         *text,
                        gsize               len,
                        guint32             h1,
                        guint32             h2,
                        guint               n_positions,
                        const guint16      *positions,
                        guint16             before_mask,
                        guint16             after_mask)
{
  g_assert (BLOOM_IS_OPERATION (self));
  g_assert (kind <= BLOOM_OPERATION_QUERY);
  g_assert (outcome <= BLOOM_OUTCOME_DEFINITELY_ABSENT);
  g_assert (text != NULL);
  g_assert (memchr (text, '\0', len) == NULL);
  g_assert (n_positions >= BLOOM_K_MIN && n_positions <= BLOOM_K_MAX);

  if (len + 1 > self->text_size)
    {
      self->text_size = MAX (len + 1, 64);
      self->text = g_realloc (self->text, self->text_size);
    }
  memcpy (self->text, text, len);
  self->text[len] = '\0';
  self->text_len = len;
  self->kind = kind;
  self->outcome = outcome;
  self->h1 = h1;
  self->h2 = h2;
  self->n_positions = n_positions;
  memcpy (self->positions, positions, n_positions * sizeof *positions);
  self->before_mask = before_mask;
  self->after_mask = after_mask;
}

gboolean
bloom_operation_equal (BloomOperation *self,
                       BloomOperation *other)
{
  g_assert (BLOOM_IS_OPERATION (self));
  g_assert (BLOOM_IS_OPERATION (other));

  return self->kind == other->kind &&
         self->outcome == other->outcome &&
         self->text_len == other->text_len &&
         memcmp (self->text, other->text, self->text_len) == 0 &&
         self->h1 == other->h1 &&
         self->h2 == other->h2 &&
         self->n_positions == other->n_positions &&
         memcmp (self->positions, other->positions,
                 self->n_positions * sizeof self->positions[0]) == 0 &&
         self->before_mask == other->before_mask &&
         self->after_mask == other->after_mask;
}

/**
 * bloom_operation_get_kind:
 * @self: an operation
 *
 * Returns: whether @self was an insert or a query
 */
BloomOperationKind
bloom_operation_get_kind (BloomOperation *self)
{
  g_return_val_if_fail (BLOOM_IS_OPERATION (self), BLOOM_OPERATION_INSERT);

  return self->kind;
}

/**
 * bloom_operation_get_outcome:
 * @self: an operation
 *
 * Returns: what @self found (SPEC R1–R3)
 */
BloomOutcome
bloom_operation_get_outcome (BloomOperation *self)
{
  g_return_val_if_fail (BLOOM_IS_OPERATION (self), BLOOM_OUTCOME_INSERTED);

  return self->outcome;
}

/**
 * bloom_operation_get_text:
 * @self: an operation
 * @len: (out) (optional): the length of the text in bytes
 *
 * Returns: (transfer none): the text inserted or queried, valid UTF-8
 *   without U+0000 and ending with a NUL, owned by @self
 */
const char *
bloom_operation_get_text (BloomOperation *self,
                          gsize          *len)
{
  g_return_val_if_fail (BLOOM_IS_OPERATION (self), NULL);

  if (len != NULL)
    *len = self->text_len;

  return self->text;
}

/**
 * bloom_operation_get_h1:
 * @self: an operation
 *
 * Returns: the first hash of the text (SPEC H2)
 */
guint32
bloom_operation_get_h1 (BloomOperation *self)
{
  g_return_val_if_fail (BLOOM_IS_OPERATION (self), 0);

  return self->h1;
}

/**
 * bloom_operation_get_h2:
 * @self: an operation
 *
 * Returns: the second hash of the text, odd (SPEC H2)
 */
guint32
bloom_operation_get_h2 (BloomOperation *self)
{
  g_return_val_if_fail (BLOOM_IS_OPERATION (self), 0);

  return self->h2;
}

/**
 * bloom_operation_get_n_positions:
 * @self: an operation
 *
 * Returns: the number of steps, k of the filter at the time
 */
guint
bloom_operation_get_n_positions (BloomOperation *self)
{
  g_return_val_if_fail (BLOOM_IS_OPERATION (self), 0);

  return self->n_positions;
}

/**
 * bloom_operation_get_position:
 * @self: an operation
 * @i: a step, less than bloom_operation_get_n_positions()
 *
 * Returns: the bit that step @i of @self looked at (SPEC H3)
 */
guint
bloom_operation_get_position (BloomOperation *self,
                              guint           i)
{
  g_return_val_if_fail (BLOOM_IS_OPERATION (self), 0);
  g_return_val_if_fail (i < self->n_positions, 0);

  return self->positions[i];
}

/**
 * bloom_operation_get_before:
 * @self: an operation
 * @i: a step, less than bloom_operation_get_n_positions()
 *
 * Returns: the bit at step @i's position just before step @i
 */
gboolean
bloom_operation_get_before (BloomOperation *self,
                            guint           i)
{
  g_return_val_if_fail (BLOOM_IS_OPERATION (self), FALSE);
  g_return_val_if_fail (i < self->n_positions, FALSE);

  return (self->before_mask >> i) & 1;
}

/**
 * bloom_operation_get_after:
 * @self: an operation
 * @i: a step, less than bloom_operation_get_n_positions()
 *
 * Returns: the bit at step @i's position once @self was done
 */
gboolean
bloom_operation_get_after (BloomOperation *self,
                           guint           i)
{
  g_return_val_if_fail (BLOOM_IS_OPERATION (self), FALSE);
  g_return_val_if_fail (i < self->n_positions, FALSE);

  return (self->after_mask >> i) & 1;
}

/**
 * bloom_operation_is_repeat:
 * @self: an operation
 * @i: a step, less than bloom_operation_get_n_positions()
 *
 * SPEC H4.
 *
 * Returns: %TRUE when step @i lands on a position an earlier step had
 */
gboolean
bloom_operation_is_repeat (BloomOperation *self,
                           guint           i)
{
  g_return_val_if_fail (BLOOM_IS_OPERATION (self), FALSE);
  g_return_val_if_fail (i < self->n_positions, FALSE);

  for (guint j = 0; j < i; j++)
    if (self->positions[j] == self->positions[i])
      return TRUE;

  return FALSE;
}

/**
 * bloom_operation_get_n_distinct_positions:
 * @self: an operation
 *
 * Returns: how many different bits the steps of @self looked at
 */
guint
bloom_operation_get_n_distinct_positions (BloomOperation *self)
{
  guint n = 0;

  g_return_val_if_fail (BLOOM_IS_OPERATION (self), 0);

  for (guint i = 0; i < self->n_positions; i++)
    if (!bloom_operation_is_repeat (self, i))
      n++;

  return n;
}

/**
 * bloom_operation_has_position:
 * @self: an operation
 * @position: a bit of the filter
 *
 * Returns: whether a step of @self looked at bit @position
 */
gboolean
bloom_operation_has_position (BloomOperation *self,
                              guint           position)
{
  g_return_val_if_fail (BLOOM_IS_OPERATION (self), FALSE);

  for (guint i = 0; i < self->n_positions; i++)
    if (self->positions[i] == position)
      return TRUE;

  return FALSE;
}

/* The nicks of the generated enum types (bloom-enum-types.h) are the
 * names of the JSON document and the test traces: identifiers, never
 * shown to a user. The values are static data, so the pointers outlive
 * the class reference. */
static const char *
enum_to_nick (GType type,
              int   value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  GEnumValue *enum_value = g_enum_get_value (klass, value);

  g_return_val_if_fail (enum_value != NULL, NULL);

  return enum_value->value_nick;
}

/* Sets *@value, an enum of @type (int-sized, as GEnumValue assumes), to
 * the value of @nick; FALSE, and *@value untouched, when @nick names
 * none. */
static gboolean
enum_from_nick (GType       type,
                const char *nick,
                int        *value)
{
  g_autoptr(GEnumClass) klass = NULL;
  GEnumValue *enum_value;

  g_return_val_if_fail (nick != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  klass = g_type_class_ref (type);
  enum_value = g_enum_get_value_by_nick (klass, nick);
  if (enum_value == NULL)
    return FALSE;

  *value = enum_value->value;

  return TRUE;
}

/**
 * bloom_operation_kind_to_string:
 * @kind: a kind
 *
 * Returns: (transfer none): the name of @kind in the JSON document and
 *   the test traces, "insert" or "query"
 */
const char *
bloom_operation_kind_to_string (BloomOperationKind kind)
{
  return enum_to_nick (BLOOM_TYPE_OPERATION_KIND, kind);
}

/**
 * bloom_operation_kind_from_string:
 * @str: a name, as bloom_operation_kind_to_string() gives
 * @kind: (out): the kind named @str
 *
 * Returns: %FALSE when @str names no kind; @kind is then not set
 */
gboolean
bloom_operation_kind_from_string (const char         *str,
                                  BloomOperationKind *kind)
{
  return enum_from_nick (BLOOM_TYPE_OPERATION_KIND, str, (int *) kind);
}

/**
 * bloom_outcome_to_string:
 * @outcome: an outcome
 *
 * Returns: (transfer none): the name of @outcome in the JSON document and
 *   the test traces, such as "false-positive"
 */
const char *
bloom_outcome_to_string (BloomOutcome outcome)
{
  return enum_to_nick (BLOOM_TYPE_OUTCOME, outcome);
}

/**
 * bloom_outcome_from_string:
 * @str: a name, as bloom_outcome_to_string() gives
 * @outcome: (out): the outcome named @str
 *
 * Returns: %FALSE when @str names no outcome; @outcome is then not set
 */
gboolean
bloom_outcome_from_string (const char   *str,
                           BloomOutcome *outcome)
{
  return enum_from_nick (BLOOM_TYPE_OUTCOME, str, (int *) outcome);
}
