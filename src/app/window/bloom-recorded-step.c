/* bloom-recorded-step.c — a recorded step, what it says it does, and the
 * lecture document made of recorded steps
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-recorded-step"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-format.h"
#include "bloom-recorded-step.h"

struct _BloomRecordedStep
{
  GObject           parent_instance;

  BloomLectureStep *step;         /* owned; its caption is not used */
  char             *caption;      /* "": none; never NULL, for the entry bound to it */
  char             *description;  /* made when first asked for */
};

G_DEFINE_FINAL_TYPE (BloomRecordedStep, bloom_recorded_step, G_TYPE_OBJECT)

enum { PROP_0, PROP_STEP, PROP_CAPTION, PROP_DESCRIPTION, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
bloom_recorded_step_finalize (GObject *object)
{
  BloomRecordedStep *self = BLOOM_RECORDED_STEP (object);

  g_clear_object (&self->step);
  g_clear_pointer (&self->caption, g_free);
  g_clear_pointer (&self->description, g_free);

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
    case PROP_STEP:
      g_value_set_object (value, self->step);
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
    case PROP_STEP:
      self->step = g_value_dup_object (value);
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

  properties[PROP_STEP] =
    g_param_spec_object ("step", NULL, NULL, BLOOM_TYPE_LECTURE_STEP,
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

/* @step, as recorded: its caption is filled in later. */
BloomRecordedStep *
bloom_recorded_step_new (BloomLectureStep *step)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_STEP (step), NULL);

  return g_object_new (BLOOM_TYPE_RECORDED_STEP, "step", step, NULL);
}

BloomLectureStep *
bloom_recorded_step_get_step (BloomRecordedStep *self)
{
  g_return_val_if_fail (BLOOM_IS_RECORDED_STEP (self), NULL);

  return self->step;
}

BloomLectureAction
bloom_recorded_step_get_action (BloomRecordedStep *self)
{
  g_return_val_if_fail (BLOOM_IS_RECORDED_STEP (self), BLOOM_LECTURE_ACTION_NONE);

  return bloom_lecture_step_get_action (self->step);
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
describe (BloomLectureStep *step)
{
  BloomLectureAction action = bloom_lecture_step_get_action (step);
  guint length = bloom_lecture_step_get_length (step);
  g_autofree char *count = NULL;
  g_autofree char *seed = NULL;

  switch (action)
    {
    case BLOOM_LECTURE_ACTION_CREATE:
      /* Translators: a step of a recorded lecture */
      return g_strdup_printf (_("Create a filter with m = %u and k = %u"), bloom_lecture_step_get_m (step),
                              bloom_lecture_step_get_k (step));
    case BLOOM_LECTURE_ACTION_INSERT:
      /* Translators: a step of a recorded lecture; %s is the string */
      return g_strdup_printf (_("Insert “%s”"), bloom_lecture_step_get_text (step));
    case BLOOM_LECTURE_ACTION_QUERY:
      /* Translators: a step of a recorded lecture; %s is the string */
      return g_strdup_printf (_("Query “%s”"), bloom_lecture_step_get_text (step));
    case BLOOM_LECTURE_ACTION_EXAMPLE:
      /* Translators: a step of a recorded lecture */
      return g_strdup (_("Insert the example strings “a” to “h”"));
    case BLOOM_LECTURE_ACTION_RESET:
      /* Translators: a step of a recorded lecture */
      return g_strdup (_("Reset the filter"));
    case BLOOM_LECTURE_ACTION_OPEN:
      /* Translators: a step of a recorded lecture; %s is a section's title */
      return g_strdup_printf (_("Open “%s”"), section_title (bloom_lecture_step_get_section (step)));
    case BLOOM_LECTURE_ACTION_CLOSE:
      /* Translators: a step of a recorded lecture; %s is a section's title */
      return g_strdup_printf (_("Close “%s”"), section_title (bloom_lecture_step_get_section (step)));
    case BLOOM_LECTURE_ACTION_ZOOM:
      /* Translators: a step of a recorded lecture; %u is the zoom in percent */
      return g_strdup_printf (_("Zoom to %u %%"), bloom_lecture_step_get_zoom (step));
    case BLOOM_LECTURE_ACTION_EXPERIMENT:
    case BLOOM_LECTURE_ACTION_SWEEP:
      count = bloom_format_count (bloom_lecture_step_get_n_samples (step));
      seed = g_strdup_printf ("%" G_GUINT64_FORMAT, bloom_lecture_step_get_seed (step));
      if (action == BLOOM_LECTURE_ACTION_EXPERIMENT)
        /* Translators: a step of a recorded lecture; the first %s is a
         * number of strings, the last a seed */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Measure %s random strings of %u character, seed %s",
                                             "Measure %s random strings of %u characters, seed %s",
                                             length),
                                count, length, seed);
      /* Translators: a step of a recorded lecture; the first %s is a
       * number of strings, the last a seed */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Sweep over n with %s random strings of %u character, seed %s",
                                           "Sweep over n with %s random strings of %u characters, seed %s",
                                           length),
                              count, length, seed);
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
    self->description = describe (self->step);

  return self->description;
}

GBytes *
bloom_recorded_steps_to_document (const char  *title,
                                  GListModel  *steps,
                                  GError     **error)
{
  guint n_steps;
  g_autoptr(GPtrArray) captioned = NULL;
  g_autoptr(BloomLecture) lecture = NULL;
  char *json;
  gsize len = 0;

  g_return_val_if_fail (G_IS_LIST_MODEL (steps), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  n_steps = g_list_model_get_n_items (steps);
  captioned = g_ptr_array_new_full (n_steps, g_object_unref);
  for (guint i = 0; i < n_steps; i++)
    {
      g_autoptr(BloomRecordedStep) step = g_list_model_get_item (steps, i);

      g_ptr_array_add (captioned,
                       bloom_lecture_step_copy_with_caption (step->step,
                                                             step->caption[0] != '\0'
                                                             ? step->caption : NULL));
    }

  /* The model checks it as a document it reads. */
  lecture = bloom_lecture_new (title, (BloomLectureStep **) captioned->pdata, n_steps, error);
  if (lecture == NULL)
    return NULL;

  json = bloom_lecture_to_json (lecture, &len);

  return g_bytes_new_take (json, len);
}
