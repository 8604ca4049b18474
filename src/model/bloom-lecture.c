/* bloom-lecture.c — reading a lecture document, and playing its steps on
 * a session. The document passes the session loader's size cap and strict
 * scanner (nesting, number of values, invalid UTF-8) before json-glib
 * parses it; then every step is checked and the whole lecture played once
 * on a session of its own, so that a lecture that was read plays to its
 * end: whatever is wrong is said before anything runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-lecture"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "bloom-error-private.h"
#include "bloom-json-scanner.h"
#include "bloom-lecture.h"
#include "bloom-lecture-step-private.h"
#include "bloom-state-private.h"
#include "bloom-text.h"

struct _BloomLecture
{
  GObject parent_instance;

  char *title;
  GPtrArray *steps;  /* of BloomLectureStep */
};

G_DEFINE_FINAL_TYPE (BloomLecture, bloom_lecture, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_TITLE,
  PROP_N_STEPS,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

static void
bloom_lecture_finalize (GObject *object)
{
  BloomLecture *self = BLOOM_LECTURE (object);

  g_free (self->title);
  g_ptr_array_unref (self->steps);

  G_OBJECT_CLASS (bloom_lecture_parent_class)->finalize (object);
}

static void
bloom_lecture_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  BloomLecture *self = BLOOM_LECTURE (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_N_STEPS:
      g_value_set_uint (value, self->steps->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_lecture_class_init (BloomLectureClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->finalize = bloom_lecture_finalize;
  object_class->get_property = bloom_lecture_get_property;

  /**
   * BloomLecture:title: (getter get_title)
   *
   * The lecture's title, or %NULL when the document gives none.
   */
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  /**
   * BloomLecture:n-steps: (getter get_n_steps)
   *
   * How many steps the lecture has: at least one.
   */
  properties[PROP_N_STEPS] = g_param_spec_uint ("n-steps", NULL, NULL, 0, G_MAXUINT, 0, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bloom_lecture_init (BloomLecture *self)
{
  self->steps = g_ptr_array_new_with_free_func (g_object_unref);
}

/* Playing */

/* Steps @first to @last of @self on @session; an error names the step. */
static gboolean
play (BloomLecture  *self,
      BloomSession  *session,
      guint          first,
      guint          last,
      GError       **error)
{
  for (guint i = first; i <= last; i++)
    {
      g_autoptr(GError) local_error = NULL;

      if (!bloom_lecture_step_apply (g_ptr_array_index (self->steps, i), session, &local_error))
        {
          g_set_error (error, local_error->domain, local_error->code,
                       _("Step %u: %s"), i + 1, local_error->message);
          return FALSE;
        }
    }

  return TRUE;
}

/* Reading */

static gboolean
read_title (BloomLecture  *self,
            JsonObject    *root,
            GError       **error)
{
  JsonNode *node = json_object_get_member (root, "title");
  const char *title;
  glong units;

  if (node == NULL)
    return TRUE;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return bloom_error_invalid_field (error, "title", C_("field problem", "it must be text."));

  title = json_node_get_string (node);
  units = bloom_text_count_units (title, -1);
  if (units < 1 || units > BLOOM_TEXT_MAX_UNITS)
    {
      g_autofree char *message =
        /* Translators: %d is the most UTF-16 units a text may have, 256 */
        g_strdup_printf (C_("field problem", "it must be from 1 to %d characters (UTF-16 units) long."),
                         BLOOM_TEXT_MAX_UNITS);

      return bloom_error_invalid_field (error, "title", message);
    }

  self->title = g_strdup (title);

  return TRUE;
}

static gboolean
read_steps (BloomLecture  *self,
            JsonObject    *root,
            GError       **error)
{
  JsonNode *node = json_object_get_member (root, "steps");
  JsonArray *steps;

  if (node == NULL)
    {
      /* Translators: %s is the name of a field such as “filter.m” */
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INVALID_FIELD,
                   _("The field “%s” is missing."), "steps");
      return FALSE;
    }

  if (!JSON_NODE_HOLDS_ARRAY (node))
    return bloom_error_invalid_field (error, "steps", C_("field problem", "it must be a list."));

  steps = json_node_get_array (node);
  if (json_array_get_length (steps) == 0)
    return bloom_error_invalid_field (error, "steps",
                                      C_("field problem", "a lecture needs at least one step."));

  for (guint i = 0; i < json_array_get_length (steps); i++)
    {
      BloomLectureStep *step = bloom_lecture_step_read (json_array_get_element (steps, i), i + 1, error);

      if (step == NULL)
        return FALSE;
      g_ptr_array_add (self->steps, step);
    }

  return TRUE;
}

static gboolean
check_version (JsonObject  *root,
               GError     **error)
{
  JsonNode *node = json_object_get_member (root, "version");
  gint64 version;

  if (node == NULL)
    {
      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INVALID_FIELD,
                   _("The field “%s” is missing."), "version");
      return FALSE;
    }

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return bloom_error_invalid_field (error, "version", C_("field problem", "it must be a whole number."));

  version = json_node_get_int (node);
  if (version < 1)
    return bloom_error_invalid_field (error, "version", C_("field problem", "format versions start at 1."));

  if (version > BLOOM_LECTURE_VERSION)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_UNSUPPORTED_VERSION,
                   _("The lecture was written in format version %s, for a newer Bloom Lab; "
                     "this one reads versions up to %d. Update Bloom Lab to play it."),
                   number, BLOOM_LECTURE_VERSION);
      return FALSE;
    }

  return TRUE;
}

static gboolean
read_document (BloomLecture  *self,
               const char    *data,
               gsize          len,
               GError       **error)
{
  static const char * const known[] = { "format", "version", "title", "steps", NULL };
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GList) members = NULL;
  g_autoptr(BloomSession) session = NULL;
  JsonObject *root;

  root = bloom_json_scanner_parse (parser, data, len, BLOOM_LECTURE_FORMAT,
                                   _("The file is JSON, but not a Bloom Lab lecture. "
                                     "Choose a lecture file (.bloomlab-lecture)."),
                                   error);
  if (root == NULL)
    return FALSE;

  if (!check_version (root, error))
    return FALSE;

  members = json_object_get_members (root);
  for (const GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (known, l->data))
      return bloom_error_invalid_field (error, l->data,
                                        C_("field problem", "it is not part of a Bloom Lab lecture."));

  if (!read_title (self, root, error) || !read_steps (self, root, error))
    return FALSE;

  /* Played once here: a step that cannot be played (an insert before any
   * filter, more entries than a filter holds) is refused now, not in
   * front of the class. */
  session = bloom_session_new ();

  return play (self, session, 0, self->steps->len - 1, error);
}

/* Writing */

static JsonNode *
build_document (const char        *title,
                BloomLectureStep **steps,
                guint              n_steps)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, BLOOM_LECTURE_FORMAT);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, BLOOM_LECTURE_VERSION);
  if (title != NULL)
    {
      json_builder_set_member_name (builder, "title");
      json_builder_add_string_value (builder, title);
    }
  json_builder_set_member_name (builder, "steps");
  json_builder_begin_array (builder);
  for (guint i = 0; i < n_steps; i++)
    bloom_lecture_step_write (steps[i], builder);
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static char *
write_document (const char        *title,
                BloomLectureStep **steps,
                guint              n_steps,
                gsize             *len)
{
  g_autoptr(JsonNode) root = build_document (title, steps, n_steps);

  return bloom_state_generate (root, TRUE, len);
}

/* Public API */

/**
 * bloom_lecture_new_from_data:
 * @data: a lecture document
 * @len: its length in bytes, or -1 when it ends with a NUL
 * @error: the place for an error
 *
 * Reads a lecture with the caps and refusals of a session import: size,
 * nesting, number of values, invalid UTF-8, the format and its version;
 * then every step, and plays the whole lecture once on a session of its
 * own. A file is read with the importer's reader (which refuses folders,
 * pipes and devices), and its contents given here.
 *
 * Returns: (transfer full): the lecture, or %NULL with a #BloomError that
 *   says what is wrong; a step's problem is given as "Step 7: …"
 */
BloomLecture *
bloom_lecture_new_from_data (const char  *data,
                             gssize       len,
                             GError     **error)
{
  g_autoptr(BloomLecture) self = NULL;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* NULL stands for the empty text, as in the session loader. */
  if (data == NULL)
    data = "";
  if (len < 0)
    len = strlen (data);

  self = g_object_new (BLOOM_TYPE_LECTURE, NULL);
  if (!read_document (self, data, len, error))
    return NULL;

  return g_steal_pointer (&self);
}

/**
 * bloom_lecture_new_from_bytes:
 * @bytes: a lecture document, as a file's contents
 * @error: the place for an error
 *
 * As bloom_lecture_new_from_data().
 *
 * Returns: (transfer full): the lecture, or %NULL with a #BloomError
 */
BloomLecture *
bloom_lecture_new_from_bytes (GBytes  *bytes,
                              GError **error)
{
  gsize len;
  const char *data;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = g_bytes_get_data (bytes, &len);

  return bloom_lecture_new_from_data (data, len, error);
}

/**
 * bloom_lecture_get_title:
 * @self: a lecture
 *
 * Returns: (nullable): the title, or %NULL when the document gives none
 */
const char *
bloom_lecture_get_title (BloomLecture *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE (self), NULL);

  return self->title;
}

/**
 * bloom_lecture_get_n_steps:
 * @self: a lecture
 *
 * Returns: how many steps @self has, at least one
 */
guint
bloom_lecture_get_n_steps (BloomLecture *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE (self), 0);

  return self->steps->len;
}

/**
 * bloom_lecture_get_step:
 * @self: a lecture
 * @index: a step, from 0
 *
 * Returns: (transfer none): the step, owned by @self
 */
BloomLectureStep *
bloom_lecture_get_step (BloomLecture *self,
                        guint         index)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE (self), NULL);
  g_return_val_if_fail (index < self->steps->len, NULL);

  return g_ptr_array_index (self->steps, index);
}

/**
 * bloom_lecture_apply_step:
 * @self: a lecture
 * @index: a step, from 0
 * @session: the session it acts on
 * @error: the place for an error
 *
 * Applies the step's action when it changes a session (create, insert,
 * query, example, reset; bloom_lecture_step_changes_session()); the others
 * are left to the view. On the session the lecture plays, after step
 * @index - 1, it cannot fail: the lecture was played once when read.
 *
 * Returns: %TRUE when applied or nothing to apply; otherwise %FALSE with
 *   the session's #BloomError, its message naming the step
 */
gboolean
bloom_lecture_apply_step (BloomLecture  *self,
                          guint          index,
                          BloomSession  *session,
                          GError       **error)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE (self), FALSE);
  g_return_val_if_fail (index < self->steps->len, FALSE);
  g_return_val_if_fail (BLOOM_IS_SESSION (session), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return play (self, session, index, index, error);
}

/**
 * bloom_lecture_replay_to:
 * @self: a lecture
 * @session: the session the lecture plays on
 * @index: the step to show, from 0
 * @error: the place for an error
 *
 * The state of step @index, going forward or back alike: steps 0 to
 * @index are played from the start on an empty session, which then
 * replaces the filter, entries, counters, last operation and the m and k
 * drafts of @session (bloom_session_replace(): one "changed"). The text
 * draft and the open details of @session stay as they were.
 *
 * Returns: %TRUE when done; otherwise %FALSE with a #BloomError, and
 *   @session left as it was
 */
gboolean
bloom_lecture_replay_to (BloomLecture  *self,
                         BloomSession  *session,
                         guint          index,
                         GError       **error)
{
  g_autoptr(BloomSession) played = NULL;

  g_return_val_if_fail (BLOOM_IS_LECTURE (self), FALSE);
  g_return_val_if_fail (BLOOM_IS_SESSION (session), FALSE);
  g_return_val_if_fail (index < self->steps->len, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  played = bloom_session_new ();
  bloom_session_set_text_draft (played, bloom_session_get_text_draft (session));
  bloom_session_set_open_details (played, bloom_session_get_open_details (session));
  if (!play (self, played, 0, index, error))
    return FALSE;

  bloom_session_replace (session, played);

  return TRUE;
}

/**
 * bloom_lecture_new:
 * @title: (nullable): the lecture's title; %NULL or empty for none
 * @steps: (array length=n_steps): the steps, as "Record Lecture" made them
 * @n_steps: how many, at least one
 * @error: the place for an error
 *
 * A lecture of @steps, checked as a document read is: the lecture is
 * written and read back (bloom_lecture_new_from_data()), so that what is
 * built can be saved and opened again. The steps are copied.
 *
 * Returns: (transfer full): the lecture, or %NULL with the #BloomError
 *   reading its document would give (a caption too long, a step that
 *   cannot be played, more steps than a document may hold)
 */
BloomLecture *
bloom_lecture_new (const char        *title,
                   BloomLectureStep **steps,
                   guint              n_steps,
                   GError           **error)
{
  g_autofree char *json = NULL;
  gsize len = 0;

  g_return_val_if_fail (title == NULL || g_utf8_validate (title, -1, NULL), NULL);
  g_return_val_if_fail (steps != NULL || n_steps == 0, NULL);
  for (guint i = 0; i < n_steps; i++)
    g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (steps[i]), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (title != NULL && title[0] == '\0')
    title = NULL;
  json = write_document (title, steps, n_steps, &len);

  return bloom_lecture_new_from_data (json, len, error);
}

/**
 * bloom_lecture_to_json:
 * @self: a lecture
 * @len: (out) (optional): the length of the document in bytes
 *
 * The lecture as a document of the newest version, indented, for a
 * lecturer to read and edit; bloom_lecture_new_from_data() reads it back
 * to the same lecture.
 *
 * Returns: (transfer full): the document, UTF-8 ending with a NUL
 */
char *
bloom_lecture_to_json (BloomLecture *self,
                       gsize        *len)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE (self), NULL);

  return write_document (self->title, (BloomLectureStep **) self->steps->pdata, self->steps->len, len);
}
