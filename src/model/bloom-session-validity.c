/* bloom-session-validity.c — what the drafts of a BloomSession are worth,
 * computed once per change and kept: the values of m and k, the messages
 * of SPEC F2 and T1, and which of Create, Insert and Query can run. The
 * fields show these and the actions follow them; nobody else parses a
 * draft.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-session"

#include "config.h"

#include "bloom-session-private.h"
#include "bloom-text.h"

static GParamSpec **validity_properties;

void
bloom_session_install_validity (GObjectClass  *object_class,
                                GParamSpec   **properties)
{
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  properties[BLOOM_SESSION_PROP_M_DRAFT_VALUE] =
    g_param_spec_uint ("m-draft-value", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[BLOOM_SESSION_PROP_K_DRAFT_VALUE] =
    g_param_spec_uint ("k-draft-value", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[BLOOM_SESSION_PROP_M_ERROR] =
    g_param_spec_string ("m-error", NULL, NULL, NULL, flags);
  properties[BLOOM_SESSION_PROP_K_ERROR] =
    g_param_spec_string ("k-error", NULL, NULL, NULL, flags);
  properties[BLOOM_SESSION_PROP_TEXT_DRAFT_UNITS] =
    g_param_spec_uint ("text-draft-units", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[BLOOM_SESSION_PROP_TEXT_ERROR] =
    g_param_spec_string ("text-error", NULL, NULL, NULL, flags);
  properties[BLOOM_SESSION_PROP_CAN_CREATE] =
    g_param_spec_boolean ("can-create", NULL, NULL, FALSE, flags);
  properties[BLOOM_SESSION_PROP_CAN_INSERT] =
    g_param_spec_boolean ("can-insert", NULL, NULL, FALSE, flags);
  properties[BLOOM_SESSION_PROP_CAN_QUERY] =
    g_param_spec_boolean ("can-query", NULL, NULL, FALSE, flags);
  validity_properties = properties;
}

gboolean
bloom_session_get_validity_property (BloomSession *self,
                                     guint         property,
                                     GValue       *value)
{
  switch (property)
    {
    case BLOOM_SESSION_PROP_M_DRAFT_VALUE:
      g_value_set_uint (value, self->m_draft_value);
      return TRUE;
    case BLOOM_SESSION_PROP_K_DRAFT_VALUE:
      g_value_set_uint (value, self->k_draft_value);
      return TRUE;
    case BLOOM_SESSION_PROP_M_ERROR:
      g_value_set_string (value, self->m_error);
      return TRUE;
    case BLOOM_SESSION_PROP_K_ERROR:
      g_value_set_string (value, self->k_error);
      return TRUE;
    case BLOOM_SESSION_PROP_TEXT_DRAFT_UNITS:
      g_value_set_uint (value, self->text_draft_units);
      return TRUE;
    case BLOOM_SESSION_PROP_TEXT_ERROR:
      g_value_set_string (value, self->text_error);
      return TRUE;
    case BLOOM_SESSION_PROP_CAN_CREATE:
      g_value_set_boolean (value, self->can_create);
      return TRUE;
    case BLOOM_SESSION_PROP_CAN_INSERT:
    case BLOOM_SESSION_PROP_CAN_QUERY:
      g_value_set_boolean (value, self->can_insert);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
notify (BloomSession         *self,
        BloomSessionProperty  property)
{
  g_object_notify_by_pspec (G_OBJECT (self), validity_properties[property]);
}

static void
set_uint (BloomSession         *self,
          guint                *field,
          guint                 value,
          BloomSessionProperty  property)
{
  if (*field == value)
    return;

  *field = value;
  notify (self, property);
}

/* Takes @message. */
static void
set_message (BloomSession         *self,
             char                **field,
             char                 *message,
             BloomSessionProperty  property)
{
  if (g_strcmp0 (*field, message) == 0)
    {
      g_free (message);
      return;
    }

  g_free (*field);
  *field = message;
  notify (self, property);
}

static void
update_parameter (BloomSession          *self,
                  BloomParameter         parameter,
                  const char            *draft,
                  guint                 *value_field,
                  char                 **error_field,
                  BloomSessionProperty   value_property,
                  BloomSessionProperty   error_property)
{
  g_autoptr(GError) error = NULL;
  guint value = 0;

  if (!bloom_parameter_parse (parameter, draft, &value, &error))
    value = 0;

  set_uint (self, value_field, value, value_property);
  set_message (self, error_field, error ? g_strdup (error->message) : NULL, error_property);
}

/* T1: too long is said as typed; empty only when an operation is tried. */
static void
update_text (BloomSession *self)
{
  glong n_units = MAX (bloom_text_count_units (self->text_draft, -1), 0);
  char *message = NULL;

  if (n_units > BLOOM_TEXT_MAX_UNITS)
    {
      g_autoptr(GError) error = NULL;
      g_autofree gunichar2 *units = NULL;
      gsize ignored;

      units = bloom_text_to_units (self->text_draft, -1, &ignored, &error);
      g_assert (units == NULL);
      message = g_strdup (error->message);
    }

  set_uint (self, &self->text_draft_units, n_units, BLOOM_SESSION_PROP_TEXT_DRAFT_UNITS);
  set_message (self, &self->text_error, message, BLOOM_SESSION_PROP_TEXT_ERROR);
}

/* After any change of the drafts or the filter; notifies what changed. */
void
bloom_session_update_validity (BloomSession *self)
{
  gboolean can_create, can_insert;

  g_object_freeze_notify (G_OBJECT (self));

  update_parameter (self, BLOOM_PARAMETER_M, self->m_draft, &self->m_draft_value, &self->m_error,
                    BLOOM_SESSION_PROP_M_DRAFT_VALUE, BLOOM_SESSION_PROP_M_ERROR);
  update_parameter (self, BLOOM_PARAMETER_K, self->k_draft, &self->k_draft_value, &self->k_error,
                    BLOOM_SESSION_PROP_K_DRAFT_VALUE, BLOOM_SESSION_PROP_K_ERROR);
  update_text (self);

  can_create = self->m_error == NULL && self->k_error == NULL;
  if (self->can_create != can_create)
    {
      self->can_create = can_create;
      notify (self, BLOOM_SESSION_PROP_CAN_CREATE);
    }

  /* An empty string is refused when tried, with its message (T1). */
  can_insert = self->filter != NULL;
  if (self->can_insert != can_insert)
    {
      self->can_insert = can_insert;
      notify (self, BLOOM_SESSION_PROP_CAN_INSERT);
      notify (self, BLOOM_SESSION_PROP_CAN_QUERY);
    }

  g_object_thaw_notify (G_OBJECT (self));
}

void
bloom_session_clear_validity (BloomSession *self)
{
  g_clear_pointer (&self->m_error, g_free);
  g_clear_pointer (&self->k_error, g_free);
  g_clear_pointer (&self->text_error, g_free);
}

/**
 * bloom_session_get_m_draft_value:
 * @self: a session
 *
 * Returns: the m the m draft says when it is valid (SPEC F2), 0 otherwise
 */
guint
bloom_session_get_m_draft_value (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), 0);

  return self->m_draft_value;
}

/**
 * bloom_session_get_k_draft_value:
 * @self: a session
 *
 * Returns: the k the k draft says when it is valid (SPEC F2), 0 otherwise
 */
guint
bloom_session_get_k_draft_value (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), 0);

  return self->k_draft_value;
}

/**
 * bloom_session_get_m_error:
 * @self: a session
 *
 * Returns: (nullable): why the m draft is not valid (SPEC F2), translated,
 *   or %NULL when it is
 */
const char *
bloom_session_get_m_error (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  return self->m_error;
}

/**
 * bloom_session_get_k_error:
 * @self: a session
 *
 * Returns: (nullable): why the k draft is not valid (SPEC F2), translated,
 *   or %NULL when it is
 */
const char *
bloom_session_get_k_error (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  return self->k_error;
}

/**
 * bloom_session_get_text_draft_units:
 * @self: a session
 *
 * Returns: the string draft's length in UTF-16 code units (SPEC T1)
 */
guint
bloom_session_get_text_draft_units (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), 0);

  return self->text_draft_units;
}

/**
 * bloom_session_get_text_error:
 * @self: a session
 *
 * Returns: (nullable): why the string draft is too long (SPEC T1),
 *   translated, or %NULL
 */
const char *
bloom_session_get_text_error (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), NULL);

  return self->text_error;
}

/**
 * bloom_session_get_can_create:
 * @self: a session
 *
 * Returns: whether both parameter drafts are valid, so that Create can run
 */
gboolean
bloom_session_get_can_create (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);

  return self->can_create;
}

/**
 * bloom_session_get_can_insert:
 * @self: a session
 *
 * Returns: whether a filter is active, so that Insert can run
 */
gboolean
bloom_session_get_can_insert (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);

  return self->can_insert;
}

/**
 * bloom_session_get_can_query:
 * @self: a session
 *
 * Returns: whether a filter is active, so that Query can run
 */
gboolean
bloom_session_get_can_query (BloomSession *self)
{
  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);

  return self->can_insert;
}

/**
 * bloom_session_create_filter_from_drafts:
 * @self: a session
 * @error: the place for an error
 *
 * SPEC F3: Create, with the m and k the drafts say.
 *
 * Returns: %FALSE with the #BloomError of the first draft that is not
 *   valid, and @self unchanged
 */
gboolean
bloom_session_create_filter_from_drafts (BloomSession  *self,
                                         GError       **error)
{
  guint ignored;

  g_return_val_if_fail (BLOOM_IS_SESSION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The values are known; a draft is parsed again only for its error. */
  if (!self->can_create)
    {
      if (bloom_parameter_parse (BLOOM_PARAMETER_M, self->m_draft, &ignored, error))
        bloom_parameter_parse (BLOOM_PARAMETER_K, self->k_draft, &ignored, error);
      return FALSE;
    }

  return bloom_session_create_filter (self, self->m_draft_value, self->k_draft_value, error);
}
