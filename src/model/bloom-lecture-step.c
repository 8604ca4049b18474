/* bloom-lecture-step.c — one step of a lecture, and reading it: every
 * member checked, so that a lecture that was read can be played.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-lecture"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bloom-enum-types.h"
#include "bloom-error.h"
#include "bloom-filter.h"
#include "bloom-lecture-step-private.h"
#include "bloom-operation.h"
#include "bloom-sample.h"
#include "bloom-text.h"

struct _BloomLectureStep
{
  GObject parent_instance;

  char *caption;
  BloomLectureAction action;
  guint m;
  guint k;
  char *text;
  char *section;
  guint position;
  guint zoom;
  guint n_samples;
  guint length;
  guint64 seed;
};

G_DEFINE_FINAL_TYPE (BloomLectureStep, bloom_lecture_step, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CAPTION,
  PROP_ACTION,
  PROP_M,
  PROP_K,
  PROP_TEXT,
  PROP_SECTION,
  PROP_POSITION,
  PROP_ZOOM,
  PROP_N_SAMPLES,
  PROP_LENGTH,
  PROP_SEED,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

static const char * const section_names[] = {
  BLOOM_LECTURE_SECTION_HASH_POSITIONS,
  BLOOM_LECTURE_SECTION_MODEL,
  BLOOM_LECTURE_SECTION_RATE_BY_K,
  BLOOM_LECTURE_SECTION_ENTRIES,
  BLOOM_LECTURE_SECTION_EXPERIMENT,
  NULL
};

/* The members of "create", and of "experiment" and "sweep". */
static const char * const create_names[] = { "m", "k", NULL };
static const char * const sample_names[] = { "samples", "length", "seed", NULL };

/* The window's zoom steps: a lecture asks for one of them. */
static const guint zoom_steps[] = { 50, 67, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300 };

static gboolean
is_zoom_step (guint64 zoom)
{
  for (guint i = 0; i < G_N_ELEMENTS (zoom_steps); i++)
    if (zoom_steps[i] == zoom)
      return TRUE;

  return FALSE;
}

static void
bloom_lecture_step_finalize (GObject *object)
{
  BloomLectureStep *self = BLOOM_LECTURE_STEP (object);

  g_free (self->caption);
  g_free (self->text);
  g_free (self->section);

  G_OBJECT_CLASS (bloom_lecture_step_parent_class)->finalize (object);
}

static void
bloom_lecture_step_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  BloomLectureStep *self = BLOOM_LECTURE_STEP (object);

  switch (prop_id)
    {
    case PROP_CAPTION:
      g_value_set_string (value, self->caption);
      break;
    case PROP_ACTION:
      g_value_set_enum (value, self->action);
      break;
    case PROP_M:
      g_value_set_uint (value, self->m);
      break;
    case PROP_K:
      g_value_set_uint (value, self->k);
      break;
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_SECTION:
      g_value_set_string (value, self->section);
      break;
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;
    case PROP_ZOOM:
      g_value_set_uint (value, self->zoom);
      break;
    case PROP_N_SAMPLES:
      g_value_set_uint (value, self->n_samples);
      break;
    case PROP_LENGTH:
      g_value_set_uint (value, self->length);
      break;
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
uint_property (const char *name,
               guint       max)
{
  return g_param_spec_uint (name, NULL, NULL, 0, max, 0,
                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
}

static void
bloom_lecture_step_class_init (BloomLectureStepClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->finalize = bloom_lecture_step_finalize;
  object_class->get_property = bloom_lecture_step_get_property;

  /**
   * BloomLectureStep:caption: (getter get_caption)
   *
   * What the lecturer says at this step, or %NULL.
   */
  properties[PROP_CAPTION] = g_param_spec_string ("caption", NULL, NULL, NULL, flags);
  /**
   * BloomLectureStep:action: (getter get_action)
   *
   * What the step does.
   */
  properties[PROP_ACTION] = g_param_spec_enum ("action", NULL, NULL, BLOOM_TYPE_LECTURE_ACTION,
                                               BLOOM_LECTURE_ACTION_NONE, flags);
  /**
   * BloomLectureStep:m: (getter get_m)
   *
   * The bits of the filter a "create" step makes; 0 otherwise.
   */
  properties[PROP_M] = uint_property ("m", BLOOM_M_MAX);
  /**
   * BloomLectureStep:k: (getter get_k)
   *
   * The positions per string of a "create" step; 0 otherwise.
   */
  properties[PROP_K] = uint_property ("k", BLOOM_K_MAX);
  /**
   * BloomLectureStep:text: (getter get_text)
   *
   * The string an "insert" or "query" step types, or %NULL.
   */
  properties[PROP_TEXT] = g_param_spec_string ("text", NULL, NULL, NULL, flags);
  /**
   * BloomLectureStep:section: (getter get_section)
   *
   * The section an "open" or "close" step shows or hides, by its stable
   * name ("hash-positions", "model", "rate-by-k", "entries",
   * "experiment"), or %NULL.
   */
  properties[PROP_SECTION] = g_param_spec_string ("section", NULL, NULL, NULL, flags);
  /**
   * BloomLectureStep:position: (getter get_position)
   *
   * How many positions of the last operation a "step" step shows, with
   * step-through on; 0 for other steps.
   */
  properties[PROP_POSITION] = uint_property ("position", BLOOM_LECTURE_POSITION_MAX);
  /**
   * BloomLectureStep:zoom: (getter get_zoom)
   *
   * The zoom, in percent, of a "zoom" step; 0 otherwise.
   */
  properties[PROP_ZOOM] = uint_property ("zoom", 300);
  /**
   * BloomLectureStep:n-samples: (getter get_n_samples)
   *
   * The strings an "experiment" or "sweep" step draws; 0 otherwise.
   */
  properties[PROP_N_SAMPLES] = uint_property ("n-samples", BLOOM_SAMPLE_SIZE_MAX);
  /**
   * BloomLectureStep:length: (getter get_length)
   *
   * The length of those strings; 0 otherwise.
   */
  properties[PROP_LENGTH] = uint_property ("length", BLOOM_SAMPLE_LENGTH_MAX);
  /**
   * BloomLectureStep:seed: (getter get_seed)
   *
   * The seed they are drawn with; 0 for other steps.
   */
  properties[PROP_SEED] = g_param_spec_uint64 ("seed", NULL, NULL, 0, BLOOM_LECTURE_SEED_MAX, 0, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bloom_lecture_step_init (BloomLectureStep *self)
{
}

/* Building, as "Record Lecture" does: each constructor checks what its
 * caller must give (programming errors); bloom_lecture_new() then checks
 * the steps together as a document read is checked. */

static BloomLectureStep *
step_new (BloomLectureAction action)
{
  BloomLectureStep *self = g_object_new (BLOOM_TYPE_LECTURE_STEP, NULL);

  self->action = action;

  return self;
}

/**
 * bloom_lecture_step_new:
 * @action: %BLOOM_LECTURE_ACTION_NONE (a caption only),
 *   %BLOOM_LECTURE_ACTION_EXAMPLE or %BLOOM_LECTURE_ACTION_RESET
 *
 * A step whose action takes no values.
 *
 * Returns: (transfer full): the step
 */
BloomLectureStep *
bloom_lecture_step_new (BloomLectureAction action)
{
  g_return_val_if_fail (action == BLOOM_LECTURE_ACTION_NONE || action == BLOOM_LECTURE_ACTION_EXAMPLE ||
                        action == BLOOM_LECTURE_ACTION_RESET, NULL);

  return step_new (action);
}

/**
 * bloom_lecture_step_new_create:
 * @m: the filter's bits, %BLOOM_M_MIN to %BLOOM_M_MAX
 * @k: its positions per string, %BLOOM_K_MIN to %BLOOM_K_MAX
 *
 * Returns: (transfer full): a "create" step
 */
BloomLectureStep *
bloom_lecture_step_new_create (guint m,
                               guint k)
{
  BloomLectureStep *self;

  g_return_val_if_fail (m >= BLOOM_M_MIN && m <= BLOOM_M_MAX, NULL);
  g_return_val_if_fail (k >= BLOOM_K_MIN && k <= BLOOM_K_MAX, NULL);

  self = step_new (BLOOM_LECTURE_ACTION_CREATE);
  self->m = m;
  self->k = k;

  return self;
}

/**
 * bloom_lecture_step_new_text:
 * @action: %BLOOM_LECTURE_ACTION_INSERT or %BLOOM_LECTURE_ACTION_QUERY
 * @text: the string, valid UTF-8
 *
 * Returns: (transfer full): an "insert" or "query" step
 */
BloomLectureStep *
bloom_lecture_step_new_text (BloomLectureAction  action,
                             const char         *text)
{
  BloomLectureStep *self;

  g_return_val_if_fail (action == BLOOM_LECTURE_ACTION_INSERT || action == BLOOM_LECTURE_ACTION_QUERY, NULL);
  g_return_val_if_fail (text != NULL && g_utf8_validate (text, -1, NULL), NULL);

  self = step_new (action);
  self->text = g_strdup (text);

  return self;
}

/**
 * bloom_lecture_step_new_section:
 * @action: %BLOOM_LECTURE_ACTION_OPEN or %BLOOM_LECTURE_ACTION_CLOSE
 * @section: a section's stable name, such as
 *   %BLOOM_LECTURE_SECTION_HASH_POSITIONS
 *
 * Returns: (transfer full): an "open" or "close" step
 */
BloomLectureStep *
bloom_lecture_step_new_section (BloomLectureAction  action,
                                const char         *section)
{
  BloomLectureStep *self;

  g_return_val_if_fail (action == BLOOM_LECTURE_ACTION_OPEN || action == BLOOM_LECTURE_ACTION_CLOSE, NULL);
  g_return_val_if_fail (section != NULL && g_strv_contains (section_names, section), NULL);

  self = step_new (action);
  self->section = g_strdup (section);

  return self;
}

/**
 * bloom_lecture_step_new_position:
 * @position: how many positions of the last operation to show,
 *   %BLOOM_LECTURE_POSITION_MIN to %BLOOM_LECTURE_POSITION_MAX
 *
 * Returns: (transfer full): a "step" step: step-through on, at @position
 */
BloomLectureStep *
bloom_lecture_step_new_position (guint position)
{
  BloomLectureStep *self;

  g_return_val_if_fail (position >= BLOOM_LECTURE_POSITION_MIN &&
                        position <= BLOOM_LECTURE_POSITION_MAX, NULL);

  self = step_new (BLOOM_LECTURE_ACTION_STEP);
  self->position = position;

  return self;
}

/**
 * bloom_lecture_step_new_zoom:
 * @zoom: one of the window's zoom steps in percent, 50 to 300
 *
 * Returns: (transfer full): a "zoom" step
 */
BloomLectureStep *
bloom_lecture_step_new_zoom (guint zoom)
{
  BloomLectureStep *self;

  g_return_val_if_fail (is_zoom_step (zoom), NULL);

  self = step_new (BLOOM_LECTURE_ACTION_ZOOM);
  self->zoom = zoom;

  return self;
}

/**
 * bloom_lecture_step_new_sample:
 * @action: %BLOOM_LECTURE_ACTION_EXPERIMENT or %BLOOM_LECTURE_ACTION_SWEEP
 * @n_samples: the strings to draw, %BLOOM_SAMPLE_SIZE_MIN to
 *   %BLOOM_SAMPLE_SIZE_MAX
 * @length: their length, %BLOOM_SAMPLE_LENGTH_MIN to
 *   %BLOOM_SAMPLE_LENGTH_MAX
 * @seed: the seed, at most %BLOOM_LECTURE_SEED_MAX
 *
 * Returns: (transfer full): an "experiment" or "sweep" step
 */
BloomLectureStep *
bloom_lecture_step_new_sample (BloomLectureAction action,
                               guint              n_samples,
                               guint              length,
                               guint64            seed)
{
  BloomLectureStep *self;

  g_return_val_if_fail (action == BLOOM_LECTURE_ACTION_EXPERIMENT || action == BLOOM_LECTURE_ACTION_SWEEP,
                        NULL);
  g_return_val_if_fail (n_samples >= BLOOM_SAMPLE_SIZE_MIN && n_samples <= BLOOM_SAMPLE_SIZE_MAX, NULL);
  g_return_val_if_fail (length >= BLOOM_SAMPLE_LENGTH_MIN && length <= BLOOM_SAMPLE_LENGTH_MAX, NULL);
  g_return_val_if_fail (seed <= BLOOM_LECTURE_SEED_MAX, NULL);

  self = step_new (action);
  self->n_samples = n_samples;
  self->length = length;
  self->seed = seed;

  return self;
}

/**
 * bloom_lecture_step_copy_with_caption:
 * @self: a step
 * @caption: (nullable): what the lecturer says, valid UTF-8; %NULL or
 *   empty for none
 *
 * The caption filled in before a recorded lecture is saved; its length
 * is checked with the lecture (bloom_lecture_new()).
 *
 * Returns: (transfer full): a step with @self's action and @caption
 */
BloomLectureStep *
bloom_lecture_step_copy_with_caption (BloomLectureStep *self,
                                      const char       *caption)
{
  BloomLectureStep *copy;

  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), NULL);
  g_return_val_if_fail (caption == NULL || g_utf8_validate (caption, -1, NULL), NULL);

  copy = step_new (self->action);
  copy->caption = caption != NULL && caption[0] != '\0' ? g_strdup (caption) : NULL;
  copy->m = self->m;
  copy->k = self->k;
  copy->text = g_strdup (self->text);
  copy->section = g_strdup (self->section);
  copy->position = self->position;
  copy->zoom = self->zoom;
  copy->n_samples = self->n_samples;
  copy->length = self->length;
  copy->seed = self->seed;

  return copy;
}

/**
 * bloom_lecture_step_apply:
 * @self: a step
 * @session: the session it acts on
 * @error: the place for an error
 *
 * Applies the step's action to @session when it is one that changes a
 * session (bloom_lecture_step_changes_session()): create (with the m and
 * k drafts as the lecturer would type them), insert, query, example,
 * reset. The other actions are the view's: nothing happens here.
 *
 * Returns: %TRUE when applied or nothing to apply; otherwise %FALSE with
 *   the session's #BloomError (a query before any filter, say), and
 *   @session as it was
 */
gboolean
bloom_lecture_step_apply (BloomLectureStep  *self,
                          BloomSession      *session,
                          GError           **error)
{
  g_autofree char *m = NULL;
  g_autofree char *k = NULL;

  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), FALSE);
  g_return_val_if_fail (BLOOM_IS_SESSION (session), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  switch (self->action)
    {
    case BLOOM_LECTURE_ACTION_CREATE:
      m = g_strdup_printf ("%u", self->m);
      k = g_strdup_printf ("%u", self->k);
      bloom_session_set_parameter_drafts (session, m, k);
      return bloom_session_create_filter (session, self->m, self->k, error);
    case BLOOM_LECTURE_ACTION_INSERT:
      return bloom_session_insert (session, self->text, -1, error) != NULL;
    case BLOOM_LECTURE_ACTION_QUERY:
      return bloom_session_query (session, self->text, -1, error) != NULL;
    case BLOOM_LECTURE_ACTION_EXAMPLE:
      return bloom_session_insert_example (session, error) != NULL;
    case BLOOM_LECTURE_ACTION_RESET:
      bloom_session_reset (session);
      return TRUE;
    case BLOOM_LECTURE_ACTION_NONE:
    case BLOOM_LECTURE_ACTION_OPEN:
    case BLOOM_LECTURE_ACTION_CLOSE:
    case BLOOM_LECTURE_ACTION_STEP:
    case BLOOM_LECTURE_ACTION_ZOOM:
    case BLOOM_LECTURE_ACTION_EXPERIMENT:
    case BLOOM_LECTURE_ACTION_SWEEP:
    default:
      return TRUE;
    }
}

/* Reading */

static gboolean G_GNUC_PRINTF (3, 4)
step_error (GError     **error,
            guint        number,
            const char  *format,
            ...)
{
  g_autofree char *problem = NULL;
  va_list args;

  va_start (args, format);
  problem = g_strdup_vprintf (format, args);
  va_end (args);

  /* Translators: %u is the number of a step, from 1; %s what is wrong
   * with it, one of the messages about a lecture's step */
  g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_LECTURE_INVALID_STEP,
               _("Step %u: %s"), number, problem);

  return FALSE;
}

static gboolean
read_number (JsonNode    *node,
             guint        number,
             const char  *name,
             guint64      min,
             guint64      max,
             guint64     *value,
             GError     **error)
{
  gint64 v;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    /* Translators: %s is the name of a number in a lecture file, such as m */
    return step_error (error, number, _("%s must be a whole number."), name);

  v = json_node_get_int (node);
  if (v < 0 || (guint64) v < min || (guint64) v > max)
    {
      g_autofree char *lowest = g_strdup_printf ("%" G_GUINT64_FORMAT, min);
      g_autofree char *highest = g_strdup_printf ("%" G_GUINT64_FORMAT, max);

      /* Translators: the name of a number in a lecture file, such as m, then
       * the lowest and the highest value it may have */
      return step_error (error, number, _("%s must be between %s and %s."), name, lowest, highest);
    }

  *value = v;

  return TRUE;
}

/* A string of 1 to BLOOM_TEXT_MAX_UNITS UTF-16 units, as a field takes. */
static gboolean
read_text (JsonNode    *node,
           guint        number,
           const char  *name,
           char       **text,
           GError     **error)
{
  const char *value;
  glong units;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    /* Translators: %s is a member name of a lecture file, such as “insert” */
    return step_error (error, number, _("“%s” must be text."), name);

  value = json_node_get_string (node);
  units = bloom_text_count_units (value, -1);
  if (units < 1 || units > BLOOM_TEXT_MAX_UNITS)
    /* Translators: %s is a member name of a lecture file, such as “insert”;
     * %d the most UTF-16 units a text may have, 256 */
    return step_error (error, number, _("“%s” must be from 1 to %d characters (UTF-16 units) long."),
                       name, BLOOM_TEXT_MAX_UNITS);

  *text = g_strdup (value);

  return TRUE;
}

/* The members of @action's object: each of @names, and nothing else. */
static gboolean
read_numbers (JsonNode            *node,
              guint                number,
              const char          *action,
              const char * const  *names,
              const guint64       *min,
              const guint64       *max,
              guint64             *values,
              GError             **error)
{
  g_autoptr(GList) members = NULL;
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    /* Translators: %s is an action of a lecture file, such as “create” */
    return step_error (error, number, _("“%s” must be an object."), action);

  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (const GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (names, l->data))
      /* Translators: an action of a lecture file, such as “create”, then a
       * member name it does not have */
      return step_error (error, number, _("“%s” has no member “%s”."), action, (const char *) l->data);

  for (guint i = 0; names[i] != NULL; i++)
    {
      JsonNode *member = json_object_get_member (object, names[i]);

      if (member == NULL)
        /* Translators: an action of a lecture file, such as “create”, then
         * the member it lacks, such as “m” */
        return step_error (error, number, _("“%s” needs “%s”."), action, names[i]);

      if (!read_number (member, number, names[i], min[i], max[i], &values[i], error))
        return FALSE;
    }

  return TRUE;
}

static gboolean
read_section (JsonNode     *node,
              guint         number,
              const char   *action,
              char        **section,
              GError      **error)
{
  if (!read_text (node, number, action, section, error))
    return FALSE;

  if (!g_strv_contains (section_names, *section))
    {
      g_autofree char *known = g_strjoinv (", ", (char **) section_names);

      /* Translators: a section name given in a lecture file, then the
       * names it may be (not translated: they are names in the file) */
      return step_error (error, number, _("“%s” is not a section; the sections are %s."),
                         *section, known);
    }

  return TRUE;
}

static gboolean
read_zoom (JsonNode  *node,
           guint      number,
           guint     *zoom,
           GError   **error)
{
  g_autoptr(GString) known = g_string_new (NULL);
  guint64 value;

  if (!read_number (node, number, "zoom", zoom_steps[0], zoom_steps[G_N_ELEMENTS (zoom_steps) - 1],
                    &value, error))
    return FALSE;

  if (is_zoom_step (value))
    {
      *zoom = value;
      return TRUE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (zoom_steps); i++)
    g_string_append_printf (known, i > 0 ? ", %u" : "%u", zoom_steps[i]);

  /* Translators: %s lists the zoom steps, “50, 67, 80, …” */
  return step_error (error, number, _("zoom must be one of the zoom steps in percent: %s."), known->str);
}

/* The member name of @action: a nick, a string of the generated table
 * that outlives the class reference. */
static const char *
action_name (BloomLectureAction action)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (BLOOM_TYPE_LECTURE_ACTION);

  return g_enum_get_value (klass, action)->value_nick;
}

static gboolean
read_action (BloomLectureStep  *self,
             JsonNode          *node,
             guint              number,
             GError           **error)
{
  static const guint64 create_min[] = { BLOOM_M_MIN, BLOOM_K_MIN };
  static const guint64 create_max[] = { BLOOM_M_MAX, BLOOM_K_MAX };
  static const guint64 sample_min[] = { BLOOM_SAMPLE_SIZE_MIN, BLOOM_SAMPLE_LENGTH_MIN, 0 };
  static const guint64 sample_max[] = { BLOOM_SAMPLE_SIZE_MAX, BLOOM_SAMPLE_LENGTH_MAX, BLOOM_LECTURE_SEED_MAX };
  const char *name = action_name (self->action);
  guint64 values[3];
  guint64 position;

  switch (self->action)
    {
    case BLOOM_LECTURE_ACTION_CREATE:
      if (!read_numbers (node, number, name, create_names, create_min, create_max, values, error))
        return FALSE;
      self->m = values[0];
      self->k = values[1];
      return TRUE;

    case BLOOM_LECTURE_ACTION_INSERT:
    case BLOOM_LECTURE_ACTION_QUERY:
      return read_text (node, number, name, &self->text, error);

    case BLOOM_LECTURE_ACTION_EXAMPLE:
    case BLOOM_LECTURE_ACTION_RESET:
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN ||
          !json_node_get_boolean (node))
        /* Translators: %s is an action of a lecture file, such as “reset” */
        return step_error (error, number, _("“%s” must be true."), name);
      return TRUE;

    case BLOOM_LECTURE_ACTION_OPEN:
    case BLOOM_LECTURE_ACTION_CLOSE:
      return read_section (node, number, name, &self->section, error);

    case BLOOM_LECTURE_ACTION_STEP:
      if (!read_number (node, number, name, BLOOM_LECTURE_POSITION_MIN, BLOOM_LECTURE_POSITION_MAX,
                        &position, error))
        return FALSE;
      self->position = position;
      return TRUE;

    case BLOOM_LECTURE_ACTION_ZOOM:
      return read_zoom (node, number, &self->zoom, error);

    case BLOOM_LECTURE_ACTION_EXPERIMENT:
    case BLOOM_LECTURE_ACTION_SWEEP:
      if (!read_numbers (node, number, name, sample_names, sample_min, sample_max, values, error))
        return FALSE;
      self->n_samples = values[0];
      self->length = values[1];
      self->seed = values[2];
      return TRUE;

    case BLOOM_LECTURE_ACTION_NONE:
    default:
      g_assert_not_reached ();
    }
}

/* The action a member name stands for, or NONE. */
static BloomLectureAction
action_of_name (const char *name)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (BLOOM_TYPE_LECTURE_ACTION);
  GEnumValue *value = g_enum_get_value_by_nick (klass, name);

  return value != NULL ? (BloomLectureAction) value->value : BLOOM_LECTURE_ACTION_NONE;
}

/*
 * bloom_lecture_step_read:
 * @node: a member of "steps"
 * @number: its number, from 1, as messages give it
 * @error: the place for a %BLOOM_ERROR_LECTURE_INVALID_STEP
 *
 * Returns: (transfer full): the step, or %NULL with an error that names it
 */
BloomLectureStep *
bloom_lecture_step_read (JsonNode  *node,
                         guint      number,
                         GError   **error)
{
  g_autoptr(BloomLectureStep) self = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *object;
  const char *action_name = NULL;
  JsonNode *say;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      step_error (error, number, _("a step must be an object, such as { \"insert\": \"a\" }."));
      return NULL;
    }

  self = g_object_new (BLOOM_TYPE_LECTURE_STEP, NULL);
  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (const GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      BloomLectureAction action;

      if (g_str_equal (name, "say"))
        continue;

      action = action_of_name (name);
      if (action == BLOOM_LECTURE_ACTION_NONE)
        {
          /* Translators: %s is a member name of a step in a lecture file */
          step_error (error, number, _("“%s” is not an action Bloom Lab knows."), name);
          return NULL;
        }
      if (action_name != NULL)
        {
          /* Translators: two actions of a lecture file, such as “insert” */
          step_error (error, number, _("it has two actions, “%s” and “%s”; a step has at most one."),
                      action_name, name);
          return NULL;
        }

      action_name = name;
      self->action = action;
      if (!read_action (self, json_object_get_member (object, name), number, error))
        return NULL;
    }

  say = json_object_get_member (object, "say");
  if (say != NULL && !read_text (say, number, "say", &self->caption, error))
    return NULL;

  return g_steal_pointer (&self);
}

/* Writing */

static void
add_numbers (JsonBuilder        *builder,
             const char * const *names,
             const guint64      *values)
{
  json_builder_begin_object (builder);
  for (guint i = 0; names[i] != NULL; i++)
    {
      json_builder_set_member_name (builder, names[i]);
      json_builder_add_int_value (builder, values[i]);
    }
  json_builder_end_object (builder);
}

/* @self as a member of "steps": "say" first, then its action, as a
 * lecturer writes them. */
void
bloom_lecture_step_write (BloomLectureStep *self,
                          JsonBuilder      *builder)
{
  guint64 values[3];

  json_builder_begin_object (builder);
  if (self->caption != NULL)
    {
      json_builder_set_member_name (builder, "say");
      json_builder_add_string_value (builder, self->caption);
    }
  if (self->action != BLOOM_LECTURE_ACTION_NONE)
    json_builder_set_member_name (builder, action_name (self->action));

  switch (self->action)
    {
    case BLOOM_LECTURE_ACTION_CREATE:
      values[0] = self->m;
      values[1] = self->k;
      add_numbers (builder, create_names, values);
      break;
    case BLOOM_LECTURE_ACTION_INSERT:
    case BLOOM_LECTURE_ACTION_QUERY:
      json_builder_add_string_value (builder, self->text);
      break;
    case BLOOM_LECTURE_ACTION_EXAMPLE:
    case BLOOM_LECTURE_ACTION_RESET:
      json_builder_add_boolean_value (builder, TRUE);
      break;
    case BLOOM_LECTURE_ACTION_OPEN:
    case BLOOM_LECTURE_ACTION_CLOSE:
      json_builder_add_string_value (builder, self->section);
      break;
    case BLOOM_LECTURE_ACTION_STEP:
      json_builder_add_int_value (builder, self->position);
      break;
    case BLOOM_LECTURE_ACTION_ZOOM:
      json_builder_add_int_value (builder, self->zoom);
      break;
    case BLOOM_LECTURE_ACTION_EXPERIMENT:
    case BLOOM_LECTURE_ACTION_SWEEP:
      values[0] = self->n_samples;
      values[1] = self->length;
      values[2] = self->seed;
      add_numbers (builder, sample_names, values);
      break;
    case BLOOM_LECTURE_ACTION_NONE:
    default:
      break;
    }
  json_builder_end_object (builder);
}

/* Public API */

/**
 * bloom_lecture_step_get_caption:
 * @self: a step
 *
 * Returns: (nullable): what the lecturer says at this step, or %NULL
 */
const char *
bloom_lecture_step_get_caption (BloomLectureStep *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), NULL);

  return self->caption;
}

/**
 * bloom_lecture_step_get_action:
 * @self: a step
 *
 * Returns: what the step does
 */
BloomLectureAction
bloom_lecture_step_get_action (BloomLectureStep *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), BLOOM_LECTURE_ACTION_NONE);

  return self->action;
}

/**
 * bloom_lecture_step_changes_session:
 * @self: a step
 *
 * Returns: whether the step's action is one that
 *   bloom_lecture_apply_step() applies to a session: create, insert,
 *   query, example or reset
 */
gboolean
bloom_lecture_step_changes_session (BloomLectureStep *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), FALSE);

  return self->action >= BLOOM_LECTURE_ACTION_CREATE && self->action <= BLOOM_LECTURE_ACTION_RESET;
}

/**
 * bloom_lecture_step_get_m:
 * @self: a step
 *
 * Returns: the bits of the filter a "create" step makes; 0 otherwise
 */
guint
bloom_lecture_step_get_m (BloomLectureStep *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), 0);

  return self->m;
}

/**
 * bloom_lecture_step_get_k:
 * @self: a step
 *
 * Returns: the positions per string of a "create" step; 0 otherwise
 */
guint
bloom_lecture_step_get_k (BloomLectureStep *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), 0);

  return self->k;
}

/**
 * bloom_lecture_step_get_text:
 * @self: a step
 *
 * Returns: (nullable): the string of an "insert" or "query" step, or %NULL
 */
const char *
bloom_lecture_step_get_text (BloomLectureStep *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), NULL);

  return self->text;
}

/**
 * bloom_lecture_step_get_section:
 * @self: a step
 *
 * Returns: (nullable): the stable name of the section an "open" or
 *   "close" step shows or hides, or %NULL
 */
const char *
bloom_lecture_step_get_section (BloomLectureStep *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), NULL);

  return self->section;
}

/**
 * bloom_lecture_step_get_position:
 * @self: a step
 *
 * Returns: how many positions of the last operation a "step" step shows,
 *   from %BLOOM_LECTURE_POSITION_MIN; 0 for other steps
 */
guint
bloom_lecture_step_get_position (BloomLectureStep *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), 0);

  return self->position;
}

/**
 * bloom_lecture_step_get_zoom:
 * @self: a step
 *
 * Returns: the zoom in percent of a "zoom" step, one of the window's zoom
 *   steps; 0 for other steps
 */
guint
bloom_lecture_step_get_zoom (BloomLectureStep *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), 0);

  return self->zoom;
}

/**
 * bloom_lecture_step_get_n_samples:
 * @self: a step
 *
 * Returns: the strings an "experiment" or "sweep" step draws; 0 otherwise
 */
guint
bloom_lecture_step_get_n_samples (BloomLectureStep *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), 0);

  return self->n_samples;
}

/**
 * bloom_lecture_step_get_length:
 * @self: a step
 *
 * Returns: the length of the strings an "experiment" or "sweep" step
 *   draws; 0 otherwise
 */
guint
bloom_lecture_step_get_length (BloomLectureStep *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), 0);

  return self->length;
}

/**
 * bloom_lecture_step_get_seed:
 * @self: a step
 *
 * Returns: the seed of an "experiment" or "sweep" step; 0 otherwise
 */
guint64
bloom_lecture_step_get_seed (BloomLectureStep *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (self), 0);

  return self->seed;
}
