/* bloom-recorded-step.c — a recorded step, what it says it does, and the
 * lecture document written from recorded steps
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-recorded-step"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "bloom-format.h"
#include "bloom-recorded-step.h"

struct _BloomRecordedStep
{
  GObject             parent_instance;

  BloomLectureAction  action;
  char               *caption;      /* "": none; never NULL, for the entry bound to it */
  char               *description;  /* made when first asked for */
  guint               m;
  guint               k;
  char               *text;         /* insert, query; a section's name for open, close */
  guint               zoom;
  guint               n_samples;
  guint               length;
  guint64             seed;
};

G_DEFINE_FINAL_TYPE (BloomRecordedStep, bloom_recorded_step, G_TYPE_OBJECT)

enum { PROP_0, PROP_ACTION, PROP_CAPTION, PROP_DESCRIPTION, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
bloom_recorded_step_finalize (GObject *object)
{
  BloomRecordedStep *self = BLOOM_RECORDED_STEP (object);

  g_clear_pointer (&self->caption, g_free);
  g_clear_pointer (&self->description, g_free);
  g_clear_pointer (&self->text, g_free);

  G_OBJECT_CLASS (bloom_recorded_step_parent_class)->finalize (object);
}

static void
bloom_recorded_step_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  BloomRecordedStep *self = BLOOM_RECORDED_STEP (object);

  switch (prop_id)
    {
    case PROP_ACTION:
      g_value_set_enum (value, self->action);
      break;
    case PROP_CAPTION:
      g_value_set_string (value, self->caption);
      break;
    case PROP_DESCRIPTION:
      g_value_set_string (value, bloom_recorded_step_get_description (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_recorded_step_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  BloomRecordedStep *self = BLOOM_RECORDED_STEP (object);

  switch (prop_id)
    {
    case PROP_ACTION:
      self->action = g_value_get_enum (value);
      break;
    case PROP_CAPTION:
      bloom_recorded_step_set_caption (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_recorded_step_class_init (BloomRecordedStepClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bloom_recorded_step_finalize;
  object_class->get_property = bloom_recorded_step_get_property;
  object_class->set_property = bloom_recorded_step_set_property;

  properties[PROP_ACTION] =
    g_param_spec_enum ("action", NULL, NULL, BLOOM_TYPE_LECTURE_ACTION, BLOOM_LECTURE_ACTION_NONE,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                       G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* What the lecturer will say at this step: the dialog's entry edits it. */
  properties[PROP_CAPTION] =
    g_param_spec_string ("caption", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bloom_recorded_step_init (BloomRecordedStep *self)
{
  self->caption = g_strdup ("");
}

static BloomRecordedStep *
step_new (BloomLectureAction action)
{
  return g_object_new (BLOOM_TYPE_RECORDED_STEP, "action", action, NULL);
}

BloomRecordedStep *
bloom_recorded_step_new_create (guint m,
                                guint k)
{
  BloomRecordedStep *self = step_new (BLOOM_LECTURE_ACTION_CREATE);

  self->m = m;
  self->k = k;

  return self;
}

/* An insert or a query of @text. */
BloomRecordedStep *
bloom_recorded_step_new_text (BloomLectureAction  action,
                              const char         *text)
{
  BloomRecordedStep *self;

  g_return_val_if_fail (action == BLOOM_LECTURE_ACTION_INSERT ||
                        action == BLOOM_LECTURE_ACTION_QUERY, NULL);
  g_return_val_if_fail (text != NULL, NULL);

  self = step_new (action);
  self->text = g_strdup (text);

  return self;
}

/* The example, or a reset: an action with nothing more to say. */
BloomRecordedStep *
bloom_recorded_step_new_plain (BloomLectureAction action)
{
  g_return_val_if_fail (action == BLOOM_LECTURE_ACTION_EXAMPLE ||
                        action == BLOOM_LECTURE_ACTION_RESET, NULL);

  return step_new (action);
}

/* Opening or closing a section, by its stable name
 * (BLOOM_LECTURE_SECTION_*). */
BloomRecordedStep *
bloom_recorded_step_new_section (BloomLectureAction  action,
                                 const char         *section)
{
  BloomRecordedStep *self;

  g_return_val_if_fail (action == BLOOM_LECTURE_ACTION_OPEN ||
                        action == BLOOM_LECTURE_ACTION_CLOSE, NULL);
  g_return_val_if_fail (section != NULL, NULL);

  self = step_new (action);
  self->text = g_strdup (section);

  return self;
}

BloomRecordedStep *
bloom_recorded_step_new_zoom (guint zoom)
{
  BloomRecordedStep *self = step_new (BLOOM_LECTURE_ACTION_ZOOM);

  self->zoom = zoom;

  return self;
}

/* A measurement (experiment) or a sweep over n, as the experiment ran it. */
BloomRecordedStep *
bloom_recorded_step_new_experiment (BloomLectureAction action,
                                    guint              n_samples,
                                    guint              length,
                                    guint64            seed)
{
  BloomRecordedStep *self;

  g_return_val_if_fail (action == BLOOM_LECTURE_ACTION_EXPERIMENT ||
                        action == BLOOM_LECTURE_ACTION_SWEEP, NULL);

  self = step_new (action);
  self->n_samples = n_samples;
  self->length = length;
  self->seed = seed;

  return self;
}

BloomLectureAction
bloom_recorded_step_get_action (BloomRecordedStep *self)
{
  g_return_val_if_fail (BLOOM_IS_RECORDED_STEP (self), BLOOM_LECTURE_ACTION_NONE);

  return self->action;
}

const char *
bloom_recorded_step_get_caption (BloomRecordedStep *self)
{
  g_return_val_if_fail (BLOOM_IS_RECORDED_STEP (self), NULL);

  return self->caption;
}

void
bloom_recorded_step_set_caption (BloomRecordedStep *self,
                                 const char        *caption)
{
  g_return_if_fail (BLOOM_IS_RECORDED_STEP (self));

  if (caption == NULL)
    caption = "";
  if (g_str_equal (self->caption, caption))
    return;

  g_free (self->caption);
  self->caption = g_strdup (caption);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAPTION]);
}

/* The section's title as the window shows it. */
static const char *
section_title (const char *section)
{
  if (g_str_equal (section, BLOOM_LECTURE_SECTION_HASH_POSITIONS))
    return _("Hash positions");
  if (g_str_equal (section, BLOOM_LECTURE_SECTION_MODEL))
    return _("Model and hashes");
  if (g_str_equal (section, BLOOM_LECTURE_SECTION_RATE_BY_K))
    return _("False-positive rate by k");
  if (g_str_equal (section, BLOOM_LECTURE_SECTION_ENTRIES))
    return _("Entries");
  return _("Experiment");
}

static char *
describe (BloomRecordedStep *self)
{
  g_autofree char *count = NULL;
  g_autofree char *seed = NULL;

  switch (self->action)
    {
    case BLOOM_LECTURE_ACTION_CREATE:
      /* Translators: a step of a recorded lecture */
      return g_strdup_printf (_("Create a filter with m = %u and k = %u"), self->m, self->k);
    case BLOOM_LECTURE_ACTION_INSERT:
      /* Translators: a step of a recorded lecture; %s is the string */
      return g_strdup_printf (_("Insert “%s”"), self->text);
    case BLOOM_LECTURE_ACTION_QUERY:
      /* Translators: a step of a recorded lecture; %s is the string */
      return g_strdup_printf (_("Query “%s”"), self->text);
    case BLOOM_LECTURE_ACTION_EXAMPLE:
      /* Translators: a step of a recorded lecture */
      return g_strdup (_("Insert the example strings “a” to “h”"));
    case BLOOM_LECTURE_ACTION_RESET:
      /* Translators: a step of a recorded lecture */
      return g_strdup (_("Reset the filter"));
    case BLOOM_LECTURE_ACTION_OPEN:
      /* Translators: a step of a recorded lecture; %s is a section's title */
      return g_strdup_printf (_("Open “%s”"), section_title (self->text));
    case BLOOM_LECTURE_ACTION_CLOSE:
      /* Translators: a step of a recorded lecture; %s is a section's title */
      return g_strdup_printf (_("Close “%s”"), section_title (self->text));
    case BLOOM_LECTURE_ACTION_ZOOM:
      /* Translators: a step of a recorded lecture; %u is the zoom in percent */
      return g_strdup_printf (_("Zoom to %u %%"), self->zoom);
    case BLOOM_LECTURE_ACTION_EXPERIMENT:
    case BLOOM_LECTURE_ACTION_SWEEP:
      count = bloom_format_count (self->n_samples);
      seed = g_strdup_printf ("%" G_GUINT64_FORMAT, self->seed);
      if (self->action == BLOOM_LECTURE_ACTION_EXPERIMENT)
        /* Translators: a step of a recorded lecture; the first %s is a
         * number of strings, the last a seed */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Measure %s random strings of %u character, seed %s",
                                             "Measure %s random strings of %u characters, seed %s",
                                             self->length),
                                count, self->length, seed);
      /* Translators: a step of a recorded lecture; the first %s is a
       * number of strings, the last a seed */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Sweep over n with %s random strings of %u character, seed %s",
                                           "Sweep over n with %s random strings of %u characters, seed %s",
                                           self->length),
                              count, self->length, seed);
    case BLOOM_LECTURE_ACTION_STEP:
    case BLOOM_LECTURE_ACTION_NONE:
    default:
      g_assert_not_reached ();
    }
}

/* What the step does, in the user's language: "Insert “a”". */
const char *
bloom_recorded_step_get_description (BloomRecordedStep *self)
{
  g_return_val_if_fail (BLOOM_IS_RECORDED_STEP (self), NULL);

  if (self->description == NULL)
    self->description = describe (self);

  return self->description;
}

/* The member name of @action in a lecture document: the enum's nick. */
static const char *
action_name (BloomLectureAction action)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (BLOOM_TYPE_LECTURE_ACTION);

  return g_enum_get_value (klass, action)->value_nick;
}

static void
add_numbers (JsonBuilder        *builder,
             const char * const *names,
             const guint64      *values)
{
  json_builder_begin_object (builder);
  for (guint i = 0; names[i] != NULL; i++)
    {
      json_builder_set_member_name (builder, names[i]);
      json_builder_add_int_value (builder, (gint64) values[i]);
    }
  json_builder_end_object (builder);
}

static void
add_step (JsonBuilder       *builder,
          BloomRecordedStep *self)
{
  static const char * const create_names[] = { "m", "k", NULL };
  static const char * const sample_names[] = { "samples", "length", "seed", NULL };

  json_builder_begin_object (builder);
  if (self->caption[0] != '\0')
    {
      json_builder_set_member_name (builder, "say");
      json_builder_add_string_value (builder, self->caption);
    }

  json_builder_set_member_name (builder, action_name (self->action));
  switch (self->action)
    {
    case BLOOM_LECTURE_ACTION_CREATE:
      add_numbers (builder, create_names, (guint64[]) { self->m, self->k });
      break;
    case BLOOM_LECTURE_ACTION_INSERT:
    case BLOOM_LECTURE_ACTION_QUERY:
    case BLOOM_LECTURE_ACTION_OPEN:
    case BLOOM_LECTURE_ACTION_CLOSE:
      json_builder_add_string_value (builder, self->text);
      break;
    case BLOOM_LECTURE_ACTION_EXAMPLE:
    case BLOOM_LECTURE_ACTION_RESET:
      json_builder_add_boolean_value (builder, TRUE);
      break;
    case BLOOM_LECTURE_ACTION_ZOOM:
      json_builder_add_int_value (builder, self->zoom);
      break;
    case BLOOM_LECTURE_ACTION_EXPERIMENT:
    case BLOOM_LECTURE_ACTION_SWEEP:
      add_numbers (builder, sample_names,
                   (guint64[]) { self->n_samples, self->length, self->seed });
      break;
    case BLOOM_LECTURE_ACTION_STEP:
    case BLOOM_LECTURE_ACTION_NONE:
    default:
      g_assert_not_reached ();
    }
  json_builder_end_object (builder);
}

GBytes *
bloom_recorded_steps_to_document (const char *title,
                                  GListModel *steps)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  char *json;
  gsize len = 0;

  g_return_val_if_fail (G_IS_LIST_MODEL (steps), NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, BLOOM_LECTURE_FORMAT);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, BLOOM_LECTURE_VERSION);
  if (title != NULL && title[0] != '\0')
    {
      json_builder_set_member_name (builder, "title");
      json_builder_add_string_value (builder, title);
    }
  json_builder_set_member_name (builder, "steps");
  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (steps); i++)
    {
      g_autoptr(BloomRecordedStep) step = g_list_model_get_item (steps, i);

      add_step (builder, step);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json = json_generator_to_data (generator, &len);

  return g_bytes_new_take (json, len);
}
