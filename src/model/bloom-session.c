/* bloom-session.c — the filter, the entries, the counters, the last
 * operation and Undo. The drafts and open details are in
 * bloom-session-drafts.c, what they are worth in bloom-session-validity.c,
 * the rates and provenance in bloom-session-counters.c, all sharing
 * bloom-session-private.h's struct; which entries set each bit is a
 * BloomBitIndex (bloom-bit-index.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-session"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "bloom-error.h"
#include "bloom-filter-private.h"
#include "bloom-hash.h"
#include "bloom-operation-private.h"
#include "bloom-session-private.h"
#include "bloom-sizing.h"
#include "bloom-text-private.h"

G_DEFINE_FINAL_TYPE (BloomSession, bloom_session, G_TYPE_OBJECT)

/* The property ids are BloomSessionProperty, shared with the other files
 * of the type. */
static GParamSpec *properties[BLOOM_SESSION_N_PROPS];

enum { CHANGED, DRAFTS_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static const char * const example_strings[] = { "a", "b", "c", "d", "e", "f", "g", "h" };

static void
bloom_session_dispose (GObject *object)
{
  BloomSession *self = BLOOM_SESSION (object);

  g_clear_object (&self->filter);
  g_clear_object (&self->last_operation);
  g_clear_object (&self->undo);

  G_OBJECT_CLASS (bloom_session_parent_class)->dispose (object);
}

static void
bloom_session_finalize (GObject *object)
{
  BloomSession *self = BLOOM_SESSION (object);

  g_clear_pointer (&self->entry_set, g_hash_table_unref);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->bit_index, bloom_bit_index_free);
  g_clear_pointer (&self->m_draft, g_free);
  g_clear_pointer (&self->k_draft, g_free);
  g_clear_pointer (&self->text_draft, g_free);
  g_clear_pointer (&self->open_details, g_strfreev);
  bloom_session_clear_validity (self);

  G_OBJECT_CLASS (bloom_session_parent_class)->finalize (object);
}

static void
bloom_session_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  BloomSession *self = BLOOM_SESSION (object);

  switch (prop_id)
    {
    case BLOOM_SESSION_PROP_M_DRAFT:
      g_value_set_string (value, self->m_draft);
      break;
    case BLOOM_SESSION_PROP_K_DRAFT:
      g_value_set_string (value, self->k_draft);
      break;
    case BLOOM_SESSION_PROP_TEXT_DRAFT:
      g_value_set_string (value, self->text_draft);
      break;
    case BLOOM_SESSION_PROP_OPEN_DETAILS:
      g_value_set_boxed (value, self->open_details);
      break;
    case BLOOM_SESSION_PROP_CAN_UNDO:
      g_value_set_boolean (value, self->undo != NULL);
      break;
    default:
      if (!bloom_session_get_validity_property (self, prop_id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_session_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  BloomSession *self = BLOOM_SESSION (object);

  switch (prop_id)
    {
    case BLOOM_SESSION_PROP_M_DRAFT:
      bloom_session_set_m_draft (self, g_value_get_string (value));
      break;
    case BLOOM_SESSION_PROP_K_DRAFT:
      bloom_session_set_k_draft (self, g_value_get_string (value));
      break;
    case BLOOM_SESSION_PROP_TEXT_DRAFT:
      bloom_session_set_text_draft (self, g_value_get_string (value));
      break;
    case BLOOM_SESSION_PROP_OPEN_DETAILS:
      bloom_session_set_open_details (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_session_class_init (BloomSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bloom_session_dispose;
  object_class->finalize = bloom_session_finalize;
  object_class->get_property = bloom_session_get_property;
  object_class->set_property = bloom_session_set_property;

  properties[BLOOM_SESSION_PROP_M_DRAFT] =
    g_param_spec_string ("m-draft", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[BLOOM_SESSION_PROP_K_DRAFT] =
    g_param_spec_string ("k-draft", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[BLOOM_SESSION_PROP_TEXT_DRAFT] =
    g_param_spec_string ("text-draft", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[BLOOM_SESSION_PROP_OPEN_DETAILS] =
    g_param_spec_boxed ("open-details", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[BLOOM_SESSION_PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  bloom_session_install_validity (object_class, properties);
  g_object_class_install_properties (object_class, BLOOM_SESSION_N_PROPS, properties);

  /**
   * BloomSession::changed:
   *
   * The filter, the entries, the counters or the last operation changed.
   * Emitted once per successful mutation. The drafts announce themselves
   * with "drafts-changed"; the open details only notify their property.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * BloomSession::drafts-changed:
   *
   * At least one of the m, k and text drafts changed. Emitted once per
   * call that changed any, after "changed" when the call emits that too,
   * and before the drafts' property notifications.
   */
  signals[DRAFTS_CHANGED] =
    g_signal_new ("drafts-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

/* A stored string, keyed by its first hash; its text is a GRefString. */
static void
entry_free (BloomTextKey *entry)
{
  g_ref_string_release ((char *) entry->text);
  g_free (entry);
}

static GPtrArray *
new_entries (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
}

/* Holds the same records as the entries array, which owns them. */
static GHashTable *
new_entry_set (void)
{
  return g_hash_table_new (bloom_text_key_hash, bloom_text_key_equal);
}

static BloomTextKey *
get_entry (BloomSession *self,
           guint         index)
{
  g_assert (index < self->entries->len);

  return g_ptr_array_index (self->entries, index);
}

static void
bloom_session_init (BloomSession *self)
{
  self->entries = new_entries ();
  self->entry_set = new_entry_set ();
  self->bit_index = bloom_bit_index_new ();
  self->m_draft = g_strdup ("");
  self->k_draft = g_strdup ("");
  self->text_draft = g_strdup ("");
  self->open_details = g_new0 (char *, 1);
  bloom_session_update_validity (self);
}

/**
 * bloom_session_new:
 *
 * A session without a filter, with empty drafts.
 *
 * Returns: (transfer full): a new session
 */
BloomSession *
bloom_session_new (void)
{
  return g_object_new (BLOOM_TYPE_SESSION, NULL);
}

static void
set_undo (BloomSession *self,
          BloomSession *undo)
{
  gboolean could_undo = self->undo != NULL;

  g_clear_object (&self->undo);
  self->undo = undo;

  if (could_undo != (undo != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[BLOOM_SESSION_PROP_CAN_UNDO]);
}

/* "changed" after a change whose Undo brings back @undo (NULL: nothing).
 * Undo is set first, so that a view redrawing on "changed" finds
 * bloom_session_get_can_undo() as it is after the change. */
static void
emit_changed_keeping (BloomSession *self,
                      BloomSession *undo)
{
  set_undo (self, undo);
  bloom_session_update_validity (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Every change but a discard or reset ends what Undo can bring back. */
static void
emit_changed (BloomSession *self)
{
  emit_changed_keeping (self, NULL);
}

/* "changed", then "drafts-changed" if @drafts_changed: a call that
 * changes both announces both, in this order. */
static void
emit_changes (BloomSession *self,
              gboolean      drafts_changed)
{
  emit_changed (self);
  if (drafts_changed)
    bloom_session_emit_drafts_changed (self);
}

void
bloom_session_notify (BloomSession         *self,
                      BloomSessionProperty  property)
{
  g_assert (BLOOM_IS_SESSION (self));
  g_assert (property > BLOOM_SESSION_PROP_0 && property < BLOOM_SESSION_N_PROPS);

  g_object_notify_by_pspec (G_OBJECT (self), properties[property]);
  if (property == BLOOM_SESSION_PROP_M_DRAFT || property == BLOOM_SESSION_PROP_K_DRAFT ||
      property == BLOOM_SESSION_PROP_TEXT_DRAFT)
    bloom_session_update_validity (self);
}

void
bloom_session_emit_drafts_changed (BloomSession *self)
{
  g_assert (BLOOM_IS_SESSION (self));

  g_signal_emit (self, signals[DRAFTS_CHANGED], 0);
}

/* Moves filter, entries, counters and last operation from @from to @to;
 * @from is left without a filter. */
static void
move_contents (BloomSession *to,
               BloomSession *from)
{
  g_set_object (&to->filter, NULL);
  to->filter = g_steal_pointer (&from->filter);
  g_clear_object (&to->last_operation);
  to->last_operation = g_steal_pointer (&from->last_operation);
  g_clear_pointer (&to->entry_set, g_hash_table_unref);
  to->entry_set = g_steal_pointer (&from->entry_set);
  from->entry_set = new_entry_set ();
  g_clear_pointer (&to->entries, g_ptr_array_unref);
  to->entries = g_steal_pointer (&from->entries);
  from->entries = new_entries ();
  g_clear_pointer (&to->bit_index, bloom_bit_index_free);
  to->bit_index = g_steal_pointer (&from->bit_index);
  from->bit_index = bloom_bit_index_new ();
  to->negative_queries = from->negative_queries;
  to->false_positives = from->false_positives;
  from->negative_queries = from->false_positives = 0;
}

/* Takes everything a discard or reset would drop, for Undo. */
static BloomSession *
stash_contents (BloomSession *self)
{
  BloomSession *undo = bloom_session_new ();

  move_contents (undo, self);
  g_free (undo->m_draft);
  undo->m_draft = g_strdup (self->m_draft);
  g_free (undo->k_draft);
  undo->k_draft = g_strdup (self->k_draft);

  return undo;
}

static gboolean
check_parameter (const char  *name,
                 guint        value,
                 guint        min,
                 guint        max,
                 GError     **error)
{
  if (value >= min && value <= max)
    return TRUE;

  /* Translators: the first %s is the parameter's name, m or k */
  g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_PARAMETER_OUT_OF_RANGE,
               _("%s must be from %u to %u; %u is out of range."), name, min, max, value);
  return FALSE;
}

static gboolean
check_parameters (guint    m,
                  guint    k,
                  GError **error)
{
  return check_parameter ("m", m, BLOOM_M_MIN, BLOOM_M_MAX, error) &&
         check_parameter ("k", k, BLOOM_K_MIN, BLOOM_K_MAX, error);
}

/**
 * bloom_session_create_filter:
 * @self: a session
 * @m: bits, %BLOOM_M_MIN to %BLOOM_M_MAX
 * @k: positions per string, %BLOOM_K_MIN to %BLOOM_K_MAX
 * @error: the place for an error
 *
 * SPEC F3: a new, empty filter replaces whatever was active; what it
 * replaces can come back with bloom_session_undo().
 *
 * Returns: %TRUE when the filter was created; %FALSE with
 *   %BLOOM_ERROR_PARAMETER_OUT_OF_RANGE, and @self unchanged, when @m or
 *   @k is out of range
 */
gboolean
bloom_session_create_filter (BloomSession *self,
                             guint         m,
                             guint         k,
                             GError      **error)
{
  BloomSession *undo = NULL;

  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_parameters (m, k, error))
    return FALSE;

  if (self->filter != NULL)
    undo = stash_contents (self);
  self->filter = bloom_filter_new (m, k);

  emit_changed_keeping (self, undo);

  return TRUE;
}

/**
 * bloom_session_discard_filter:
 * @self: a session
 *
 * SPEC F3. What it drops can come back with bloom_session_undo(), so
 * call it before the new drafts are set.
 */
void
bloom_session_discard_filter (BloomSession *self)
{
  BloomSession *undo;

  g_return_if_fail (BLOOM_IS_SESSION (self));

  if (self->filter == NULL)
    return;

  undo = stash_contents (self);

  emit_changed_keeping (self, undo);
}

/**
 * bloom_session_reset:
 * @self: a session
 *
 * SPEC F4: an empty filter with the same m and k. Undoable like a
 * discard.
 */
void
bloom_session_reset (BloomSession *self)
{
  BloomSession *undo;
  guint m, k;

  g_return_if_fail (BLOOM_IS_SESSION (self));

  if (self->filter == NULL)
    return;

  m = bloom_filter_get_m (self->filter);
  k = bloom_filter_get_k (self->filter);
  undo = stash_contents (self);
  self->filter = bloom_filter_new (m, k);

  emit_changed_keeping (self, undo);
}

/**
 * bloom_session_get_can_undo:
 * @self: a session
 *
 * Returns: whether bloom_session_undo() has something to bring back
 */
gboolean
bloom_session_get_can_undo (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);

  return self->undo != NULL;
}

/**
 * bloom_session_undo:
 * @self: a session
 *
 * Brings back what the last discard, reset or new filter dropped, and the
 * m and k drafts of that moment.
 *
 * Returns: %FALSE when there is nothing to undo
 */
gboolean
bloom_session_undo (BloomSession *self)
{
  g_autoptr(BloomSession) undo = NULL;
  gboolean drafts_changed;

  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);

  if (self->undo == NULL)
    return FALSE;

  undo = g_object_ref (self->undo);

  g_object_freeze_notify (G_OBJECT (self));
  move_contents (self, undo);
  drafts_changed = bloom_session_replace_drafts (self, undo->m_draft, undo->k_draft,
                                                 undo->undo_restores_all ? undo->text_draft : NULL);
  if (undo->undo_restores_all)
    bloom_session_replace_open_details (self, (const char * const *) undo->open_details);
  emit_changes (self, drafts_changed);
  g_object_thaw_notify (G_OBJECT (self));

  return TRUE;
}

typedef struct
{
  guint32 h1;
  guint32 h2;
  guint   n_positions;
  guint16 positions[BLOOM_K_MAX];
} Probe;

/* The positions of @probe's h1 and h2 in the active filter. */
static void
place_probe (BloomSession *self,
             Probe        *probe)
{
  guint m = bloom_filter_get_m (self->filter);
  guint k = bloom_filter_get_k (self->filter);
  guint step;

  /* (h1 + i·h2) mod m, stepwise: adding h2 mod m and subtracting m once
   * gives exactly bloom_hash_position() (SPEC H3) with one division
   * instead of k; test-session checks every trace against the vectors. */
  probe->n_positions = k;
  probe->positions[0] = bloom_hash_position (probe->h1, probe->h2, 0, m);
  step = probe->h2 % m;
  for (guint i = 1; i < k; i++)
    {
      guint position = probe->positions[i - 1] + step;

      probe->positions[i] = position >= m ? position - m : position;
    }
}

static gboolean
probe_text (BloomSession *self,
            const char   *text,
            gssize        len,
            Probe        *probe,
            GError      **error)
{
  if (self->filter == NULL)
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_NO_FILTER,
                   _("No filter is active. Create a filter first."));
      return FALSE;
    }

  if (!bloom_text_hash_pair (text, len, &probe->h1, &probe->h2, error))
    return FALSE;

  place_probe (self, probe);

  return TRUE;
}

/* The entry of @text, if it is stored; @h1 is the text's first hash. */
static BloomTextKey *
lookup_entry (BloomSession *self,
              const char   *text,
              gsize         len,
              guint32       h1)
{
  BloomTextKey key = { text, len, h1 };

  return g_hash_table_lookup (self->entry_set, &key);
}

/* Makes the operation the last one. Creating and finalizing an object
 * cost more than all the rest of a query, so when nobody but the session
 * holds the previous one (its reference count is 1), it is filled in
 * again: nobody can tell. Callers that keep an operation take a reference
 * (insert and query return it transfer none), and an operation they hold
 * is never refilled: it never changes. bloom-operation.h says so too, and
 * test-session checks it field by field. */
static void
record_operation (BloomSession       *self,
                  BloomOperationKind  kind,
                  BloomOutcome        outcome,
                  const char         *text,
                  gsize               len,
                  const Probe        *probe,
                  guint16             before_mask,
                  guint16             after_mask)
{
  if (self->last_operation == NULL ||
      g_atomic_int_get (&((GObject *) self->last_operation)->ref_count) != 1)
    {
      g_clear_object (&self->last_operation);
      self->last_operation = bloom_operation_new ();
    }

  bloom_operation_reinit (self->last_operation, kind, outcome, text, len,
                          probe->h1, probe->h2, probe->n_positions,
                          probe->positions, before_mask, after_mask);
}

/* The heart of SPEC F1, T3, T5, R3, W3. Makes the operation the last one
 * when @record is set; never emits. */
static gboolean
insert_probed (BloomSession *self,
               const char   *text,
               gsize         len,
               const Probe  *probe,
               gboolean      record,
               GError      **error)
{
  BloomTextKey *entry;
  guint16 before_mask;
  guint16 after_mask;
  BloomOutcome outcome;

  entry = lookup_entry (self, text, len, probe->h1);

  if (entry != NULL)
    {
      /* SPEC T5: nothing changes; every position is already set. */
      outcome = BLOOM_OUTCOME_ALREADY_INSERTED;
      before_mask = bloom_filter_read_positions (self->filter, probe->positions, probe->n_positions);
      after_mask = before_mask;
    }
  else
    {
      if (self->entries->len >= BLOOM_MAX_ENTRIES)
        {
          g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_ENTRY_LIMIT,
                       _("The filter already holds %d distinct strings, the most it keeps. "
                         "Reset the filter or create a new one to insert more."),
                       BLOOM_MAX_ENTRIES);
          return FALSE;
        }

      outcome = BLOOM_OUTCOME_INSERTED;
      /* Each bit is read just before its own step sets it, so a repeat
       * within this insert shows before = 1 (SPEC W3). */
      before_mask = bloom_filter_set_positions (self->filter, probe->positions, probe->n_positions);
      after_mask = (1u << probe->n_positions) - 1;

      entry = g_new (BloomTextKey, 1);
      *entry = (BloomTextKey) { g_ref_string_new_len (text, len), len, probe->h1 };
      g_ptr_array_add (self->entries, entry);
      g_hash_table_add (self->entry_set, entry);
      bloom_bit_index_add (self->bit_index, bloom_filter_get_m (self->filter),
                           self->entries->len - 1, probe->positions, probe->n_positions);

      /* SPEC R3: the reference set changed, earlier queries say nothing. */
      self->negative_queries = 0;
      self->false_positives = 0;
    }

  if (record)
    record_operation (self, BLOOM_OPERATION_INSERT, outcome, text, len, probe,
                      before_mask, after_mask);

  return TRUE;
}

/* An insert as the user makes it: it becomes the last operation. */
static gboolean
insert_text (BloomSession *self,
             const char   *text,
             gssize        len,
             GError      **error)
{
  Probe probe = { 0, };

  if (len < 0 && text != NULL)
    len = strlen (text);

  if (!probe_text (self, text, len, &probe, error))
    return FALSE;

  return insert_probed (self, text, len, &probe, TRUE, error);
}

/**
 * bloom_session_insert:
 * @self: a session
 * @text: UTF-8 text
 * @len: its length in bytes, or -1 when it ends with a NUL
 * @error: the place for an error
 *
 * SPEC F1, T1–T3: sets the k bits of @text and stores it, or finds it
 * stored already.
 *
 * Returns: (transfer none): the operation, now the last one, or %NULL
 *   with a #BloomError, and @self unchanged, when no filter is active,
 *   @text breaks SPEC T1 or the filter is full
 */
BloomOperation *
bloom_session_insert (BloomSession *self,
                      const char   *text,
                      gssize        len,
                      GError      **error)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);
  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!insert_text (self, text, len, error))
    return NULL;

  emit_changed (self);

  return self->last_operation;
}

/**
 * bloom_session_query:
 * @self: a session
 * @text: UTF-8 text
 * @len: its length in bytes, or -1 when it ends with a NUL
 * @error: the place for an error
 *
 * SPEC F1, R1, R2: reads the k bits of @text and compares with the
 * stored strings; a query of a string not stored counts as a negative
 * query.
 *
 * Returns: (transfer none): the operation, now the last one, or %NULL
 *   with a #BloomError, and @self unchanged, when no filter is active or
 *   @text breaks SPEC T1
 */
BloomOperation *
bloom_session_query (BloomSession *self,
                     const char   *text,
                     gssize        len,
                     GError      **error)
{
  Probe probe;
  guint16 mask;
  BloomOutcome outcome;

  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);
  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (len < 0 && text != NULL)
    len = strlen (text);

  if (!probe_text (self, text, len, &probe, error))
    return NULL;

  mask = bloom_filter_read_positions (self->filter, probe.positions, probe.n_positions);

  if (lookup_entry (self, text, len, probe.h1) != NULL)
    outcome = BLOOM_OUTCOME_MEMBER;
  else
    {
      guint16 all = (1u << probe.n_positions) - 1;

      outcome = mask == all ? BLOOM_OUTCOME_FALSE_POSITIVE : BLOOM_OUTCOME_DEFINITELY_ABSENT;

      /* Saturate rather than wrap: a rate must never jump. */
      if (self->negative_queries < G_MAXUINT)
        {
          self->negative_queries++;
          if (outcome == BLOOM_OUTCOME_FALSE_POSITIVE)
            self->false_positives++;
        }
    }

  record_operation (self, BLOOM_OPERATION_QUERY, outcome, text, len, &probe, mask, mask);

  emit_changed (self);

  return self->last_operation;
}

/**
 * bloom_session_insert_example:
 * @self: a session
 * @error: the place for an error
 *
 * SPEC E1: inserts "a" to "h", all eight or none, and one "changed" for
 * the lot.
 *
 * Returns: (transfer none): the last insert, or %NULL with a #BloomError
 *   when no filter is active or it has no room for them
 */
BloomOperation *
bloom_session_insert_example (BloomSession *self,
                              GError      **error)
{
  guint n_new = 0;

  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self->filter == NULL)
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_NO_FILTER,
                   _("No filter is active. Create a filter first."));
      return NULL;
    }

  for (guint i = 0; i < G_N_ELEMENTS (example_strings); i++)
    if (!bloom_session_contains (self, example_strings[i], -1))
      n_new++;

  if (self->entries->len + n_new > BLOOM_MAX_ENTRIES)
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_ENTRY_LIMIT,
                   _("The example needs room for %u more strings, but the filter keeps "
                     "at most %d. Reset the filter or create a new one first."),
                   n_new, BLOOM_MAX_ENTRIES);
      return NULL;
    }

  for (guint i = 0; i < G_N_ELEMENTS (example_strings); i++)
    {
      gboolean inserted = insert_text (self, example_strings[i], -1, NULL);

      g_assert (inserted);
    }

  emit_changed (self);

  return self->last_operation;
}

/**
 * bloom_session_get_filter:
 * @self: a session
 *
 * Returns: (transfer none) (nullable): the active filter, or %NULL when
 *   none is active
 */
BloomFilter *
bloom_session_get_filter (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  return self->filter;
}

/**
 * bloom_session_get_last_operation:
 * @self: a session
 *
 * Returns: (transfer none) (nullable): the last insert or query, or %NULL
 *   when there was none since the filter was created
 */
BloomOperation *
bloom_session_get_last_operation (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  return self->last_operation;
}

/**
 * bloom_session_get_n_entries:
 * @self: a session
 *
 * Returns: how many distinct strings are stored, n
 */
guint
bloom_session_get_n_entries (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), 0);

  return self->entries->len;
}

/**
 * bloom_session_get_entry:
 * @self: a session
 * @i: an index in insertion order, less than
 *   bloom_session_get_n_entries()
 * @len: (out) (optional): the length of the entry in bytes
 *
 * Returns: (transfer none): the stored string @i, valid UTF-8 ending
 *   with a NUL, owned by @self
 */
const char *
bloom_session_get_entry (BloomSession *self,
                         guint         i,
                         gsize        *len)
{
  BloomTextKey *entry;

  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);
  g_return_val_if_fail (i < self->entries->len, NULL);

  entry = get_entry (self, i);
  if (len != NULL)
    *len = entry->len;

  return entry->text;
}

/**
 * bloom_session_contains:
 * @self: a session
 * @text: UTF-8 text
 * @len: its length in bytes, or -1 when it ends with a NUL
 *
 * Looks in the exact reference set, not in the filter; changes nothing.
 *
 * Returns: whether @text is stored
 */
gboolean
bloom_session_contains (BloomSession *self,
                        const char   *text,
                        gssize        len)
{
  guint32 h1, h2;

  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);
  g_return_val_if_fail (text != NULL || len == 0, FALSE);

  if (len < 0)
    len = strlen (text);

  /* A text that could not be inserted is not stored. */
  if (!bloom_text_hash_pair (text, len, &h1, &h2, NULL))
    return FALSE;

  return lookup_entry (self, text, len, h1) != NULL;
}

/* For the loader: an entry without an operation, a signal or a counter
 * reset, for a text it has checked and hashed already
 * (bloom_text_hash_pair()), so that an import hashes it once. */
gboolean
bloom_session_add_hashed_entry (BloomSession *self,
                                const char   *text,
                                gsize         len,
                                guint32       h1,
                                guint32       h2,
                                GError      **error)
{
  Probe probe = { .h1 = h1, .h2 = h2 };

  g_assert (BLOOM_IS_SESSION (self));
  g_assert (self->filter != NULL);

  place_probe (self, &probe);

  return insert_probed (self, text, len, &probe, FALSE, error);
}

/* Moves everything @from holds into @self, leaving @from empty, with one
 * notification per changed property, one "changed" and, when a draft
 * changed, one "drafts-changed"; Undo then brings back @undo (NULL:
 * nothing). */
static void
take_contents_keeping (BloomSession *self,
                       BloomSession *from,
                       BloomSession *undo)
{
  gboolean drafts_changed;

  g_object_freeze_notify (G_OBJECT (self));

  move_contents (self, from);
  drafts_changed = bloom_session_replace_drafts (self, from->m_draft, from->k_draft,
                                                 from->text_draft);
  bloom_session_replace_open_details (self, (const char * const *) from->open_details);
  emit_changed_keeping (self, undo);
  if (drafts_changed)
    bloom_session_emit_drafts_changed (self);

  g_object_thaw_notify (G_OBJECT (self));
}

/* For the loader: what it built aside replaces everything, for good. */
void
bloom_session_take_contents (BloomSession *self,
                             BloomSession *from)
{
  g_assert (BLOOM_IS_SESSION (self));
  g_assert (BLOOM_IS_SESSION (from));
  g_assert (self != from);

  take_contents_keeping (self, from, NULL);
}

/**
 * bloom_session_replace:
 * @self: a session
 * @from: the session that replaces it; left empty
 *
 * Replaces everything @self holds (the filter, its entries, counters and
 * last operation, the drafts and the open details) with what @from holds,
 * as an import does. Like a discard, bloom_session_undo() brings back what
 * @self held, all three drafts and the open details included.
 */
void
bloom_session_replace (BloomSession *self,
                       BloomSession *from)
{
  BloomSession *undo;

  g_return_if_fail (BLOOM_IS_SESSION (self));
  g_return_if_fail (BLOOM_IS_SESSION (from));
  g_return_if_fail (self != from);

  undo = stash_contents (self);
  g_free (undo->text_draft);
  undo->text_draft = g_strdup (self->text_draft);
  bloom_session_replace_open_details (undo, (const char * const *) self->open_details);
  undo->undo_restores_all = TRUE;
  take_contents_keeping (self, from, undo);
}
