/* bloom-session-drafts.c — the fields as typed (SPEC P1) and the open
 * details of a BloomSession; the filter and its entries are in
 * bloom-session.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-session"

#include "config.h"

#include <string.h>

#include "bloom-session-private.h"

/* Takes @draft, a copy, into @field; notifies when it differs. */
static gboolean
store_draft (BloomSession          *self,
             char                 **field,
             char                  *draft,
             BloomSessionProperty   property)
{
  if (strcmp (*field, draft) == 0)
    {
      g_free (draft);
      return FALSE;
    }

  g_free (*field);
  *field = draft;
  bloom_session_notify (self, property);

  return TRUE;
}

/* Sets each draft that is not NULL, with a notification per draft that
 * changed, and says whether any did; announcing "drafts-changed" is left
 * to the caller, which may emit "changed" first. The drafts may be the
 * session's own strings: all are copied before any is replaced. */
gboolean
bloom_session_replace_drafts (BloomSession *self,
                              const char   *m_draft,
                              const char   *k_draft,
                              const char   *text_draft)
{
  char *m_copy = g_strdup (m_draft);
  char *k_copy = g_strdup (k_draft);
  char *text_copy = g_strdup (text_draft);
  gboolean changed = FALSE;

  g_assert (BLOOM_IS_SESSION (self));

  if (m_copy != NULL)
    changed |= store_draft (self, &self->m_draft, m_copy, BLOOM_SESSION_PROP_M_DRAFT);
  if (k_copy != NULL)
    changed |= store_draft (self, &self->k_draft, k_copy, BLOOM_SESSION_PROP_K_DRAFT);
  if (text_copy != NULL)
    changed |= store_draft (self, &self->text_draft, text_copy, BLOOM_SESSION_PROP_TEXT_DRAFT);

  return changed;
}

/* bloom_session_replace_drafts(), then one "drafts-changed" if a draft
 * changed; the notifications follow it. */
/* A draft no longer than a text field holds (BLOOM_DRAFT_MAX_CHARS):
 * what the loader accepts, so that every stored session loads again.
 * NULL stands for a draft that stays. */
static gboolean
fits_a_field (const char *draft)
{
  return draft == NULL || g_utf8_strlen (draft, -1) <= BLOOM_DRAFT_MAX_CHARS;
}

static void
set_drafts (BloomSession *self,
            const char   *m_draft,
            const char   *k_draft,
            const char   *text_draft)
{
  g_assert (fits_a_field (m_draft) && fits_a_field (k_draft) && fits_a_field (text_draft));

  g_object_freeze_notify (G_OBJECT (self));
  if (bloom_session_replace_drafts (self, m_draft, k_draft, text_draft))
    bloom_session_emit_drafts_changed (self);
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * bloom_session_get_m_draft:
 * @self: a session
 *
 * Returns: (transfer none): the m field exactly as typed, valid or not
 */
const char *
bloom_session_get_m_draft (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  return self->m_draft;
}

/**
 * bloom_session_set_m_draft:
 * @self: a session
 * @draft: (nullable): the m field as typed; %NULL stands for ""
 *
 * Sets the draft, with "drafts-changed" and a notification when it
 * changed.
 */
void
bloom_session_set_m_draft (BloomSession *self,
                           const char   *draft)
{
  g_return_if_fail (BLOOM_IS_SESSION (self));
  g_return_if_fail (fits_a_field (draft));

  set_drafts (self, draft != NULL ? draft : "", NULL, NULL);
}

/**
 * bloom_session_get_k_draft:
 * @self: a session
 *
 * Returns: (transfer none): the k field exactly as typed, valid or not
 */
const char *
bloom_session_get_k_draft (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  return self->k_draft;
}

/**
 * bloom_session_set_k_draft:
 * @self: a session
 * @draft: (nullable): the k field as typed; %NULL stands for ""
 *
 * Sets the draft, with "drafts-changed" and a notification when it
 * changed.
 */
void
bloom_session_set_k_draft (BloomSession *self,
                           const char   *draft)
{
  g_return_if_fail (BLOOM_IS_SESSION (self));
  g_return_if_fail (fits_a_field (draft));

  set_drafts (self, NULL, draft != NULL ? draft : "", NULL);
}

/**
 * bloom_session_get_text_draft:
 * @self: a session
 *
 * Returns: (transfer none): the string field exactly as typed, valid or not
 */
const char *
bloom_session_get_text_draft (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  return self->text_draft;
}

/**
 * bloom_session_set_text_draft:
 * @self: a session
 * @draft: (nullable): the string field as typed; %NULL stands for ""
 *
 * Sets the draft, with "drafts-changed" and a notification when it
 * changed.
 */
void
bloom_session_set_text_draft (BloomSession *self,
                              const char   *draft)
{
  g_return_if_fail (BLOOM_IS_SESSION (self));
  g_return_if_fail (fits_a_field (draft));

  set_drafts (self, NULL, NULL, draft != NULL ? draft : "");
}

/* Whether @draft fails to say @active: not a valid value, or another. */
static gboolean
differs_from_filter (BloomParameter  parameter,
                     const char     *draft,
                     guint           active)
{
  guint value;

  return !bloom_parameter_parse (parameter, draft, &value, NULL) || value != active;
}

/**
 * bloom_session_set_parameter_drafts:
 * @self: a session
 * @m_draft: (nullable): the m field as typed; %NULL stands for ""
 * @k_draft: (nullable): the k field as typed; %NULL stands for ""
 *
 * SPEC F3: the m and k fields as typed. When they no longer say the
 * active filter's parameters, the filter is discarded first, as
 * bloom_session_discard_filter() does, so that Undo brings it back with
 * the drafts it had.
 */
void
bloom_session_set_parameter_drafts (BloomSession *self,
                                    const char   *m_draft,
                                    const char   *k_draft)
{
  g_return_if_fail (BLOOM_IS_SESSION (self));
  g_return_if_fail (fits_a_field (m_draft) && fits_a_field (k_draft));

  if (m_draft == NULL)
    m_draft = "";
  if (k_draft == NULL)
    k_draft = "";

  if (strcmp (m_draft, self->m_draft) == 0 && strcmp (k_draft, self->k_draft) == 0)
    return;

  g_object_freeze_notify (G_OBJECT (self));

  if (self->filter != NULL &&
      (differs_from_filter (BLOOM_PARAMETER_M, m_draft, bloom_filter_get_m (self->filter)) ||
       differs_from_filter (BLOOM_PARAMETER_K, k_draft, bloom_filter_get_k (self->filter))))
    bloom_session_discard_filter (self);

  set_drafts (self, m_draft, k_draft, NULL);

  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * bloom_session_is_detail_name:
 * @name: a name
 *
 * Detail names are short identifiers; anything else in a document is
 * refused rather than stored.
 *
 * Returns: whether @name is 1 to 32 characters of a–z, 0–9 and '-'
 */
gboolean
bloom_session_is_detail_name (const char *name)
{
  gsize len;

  g_return_val_if_fail (name != NULL, FALSE);

  len = strlen (name);

  return len > 0 && len <= BLOOM_DETAIL_NAME_MAX &&
         strspn (name, "abcdefghijklmnopqrstuvwxyz0123456789-") == len;
}

/**
 * bloom_session_get_open_details:
 * @self: a session
 *
 * Returns: (transfer none) (array zero-terminated=1): the names of the
 *   details a view shows open, sorted, owned by @self
 */
const char * const *
bloom_session_get_open_details (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  return (const char * const *) self->open_details;
}

/**
 * bloom_session_get_detail_open:
 * @self: a session
 * @name: a detail's name, such as "hash-positions"
 *
 * Returns: whether the detail @name is open
 */
gboolean
bloom_session_get_detail_open (BloomSession *self,
                               const char   *name)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  return g_strv_contains ((const char * const *) self->open_details, name);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/**
 * bloom_session_set_detail_open:
 * @self: a session
 * @name: a detail's name, as bloom_session_is_detail_name() accepts
 * @open: whether it is open
 *
 * Opens or closes a detail, with a notification of
 * #BloomSession:open-details when that changed. At most 16 are
 * remembered open.
 */
void
bloom_session_set_detail_open (BloomSession *self,
                               const char   *name,
                               gboolean      open)
{
  g_autoptr(GStrvBuilder) builder = NULL;
  guint n;

  g_return_if_fail (BLOOM_IS_SESSION (self));
  g_return_if_fail (bloom_session_is_detail_name (name));

  open = !!open;
  if (bloom_session_get_detail_open (self, name) == open)
    return;

  n = g_strv_length (self->open_details);
  if (open && n >= BLOOM_MAX_OPEN_DETAILS)
    {
      g_warning ("Too many open details; “%s” is not remembered", name);
      return;
    }

  builder = g_strv_builder_new ();
  for (guint i = 0; i < n; i++)
    if (strcmp (self->open_details[i], name) != 0)
      g_strv_builder_add (builder, self->open_details[i]);
  if (open)
    g_strv_builder_add (builder, name);

  g_strfreev (self->open_details);
  self->open_details = g_strv_builder_end (builder);
  qsort (self->open_details, g_strv_length (self->open_details),
         sizeof (char *), compare_strings);

  bloom_session_notify (self, BLOOM_SESSION_PROP_OPEN_DETAILS);
}

/**
 * bloom_session_set_open_details:
 * @self: a session
 * @names: (array zero-terminated=1): the details open, as GSettings keeps
 *   them
 *
 * The settings may hold anything (an older version, dconf-editor): names
 * that are not detail names, and more than 16, are left out.
 */
void
bloom_session_set_open_details (BloomSession       *self,
                                const char * const *names)
{
  g_autoptr(GPtrArray) open = g_ptr_array_new ();

  g_return_if_fail (BLOOM_IS_SESSION (self));

  for (guint i = 0; names != NULL && names[i] != NULL && open->len < BLOOM_MAX_OPEN_DETAILS; i++)
    if (bloom_session_is_detail_name (names[i]) &&
        !g_ptr_array_find_with_equal_func (open, names[i], g_str_equal, NULL))
      g_ptr_array_add (open, (gpointer) names[i]);

  g_ptr_array_sort (open, compare_strings);
  g_ptr_array_add (open, NULL);
  bloom_session_replace_open_details (self, (const char * const *) open->pdata);
}

/* For the loader: @open_details, sorted and checked, replace the session's,
 * with a notification if they differ. */
void
bloom_session_replace_open_details (BloomSession       *self,
                                    const char * const *open_details)
{
  g_assert (BLOOM_IS_SESSION (self));

  if (g_strv_equal ((const char * const *) self->open_details, open_details))
    return;

  g_strfreev (self->open_details);
  self->open_details = g_strdupv ((char **) open_details);
  bloom_session_notify (self, BLOOM_SESSION_PROP_OPEN_DETAILS);
}
