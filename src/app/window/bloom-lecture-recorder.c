/* bloom-lecture-recorder.c — "Record Lecture" and "Save Lecture…"
 *
 * The recorder only watches: the session's "changed" (create, insert,
 * query, example, reset, told apart by what changed), the window's
 * sections (their expanders), its zoom and the experiment's runs. It
 * never calls the model, so recording changes nothing the session
 * stores. A recording that starts (or goes on) where the session is not
 * what its steps replay to begins with the steps that rebuild it: a new
 * filter and its strings, in the order they were stored.
 *
 * The actions are "record.lecture" (on or off, as a check in the menu)
 * and "record.save-lecture" (the dialog, then the file chooser).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-lecture-recorder"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-lecture-dialog.h"
#include "bloom-lecture-recorder.h"
#include "bloom-recorded-step.h"
#include "bloom-session-file.h"
#include "bloom-window-private.h"

struct _BloomLectureRecorder
{
  GObject             parent_instance;

  BloomWindow        *window;        /* weak: the window owns the recorder */
  BloomSession       *session;       /* the window's, unowned */
  GListStore         *steps;         /* of BloomRecordedStep */
  GSimpleActionGroup *actions;
  GCancellable       *cancellable;   /* the lecture being written */
  gboolean            recording;
  /* The steps are in a file: the next recording starts a new lecture. */
  gboolean            saved;

  /* What the session was after the last step, to tell what changed: the
   * filter, the last operation (held, so that the session makes a new
   * object for the next one instead of filling this one again) and the
   * number of strings stored. */
  BloomFilter        *filter;
  BloomOperation     *operation;
  guint               n_entries;

  /* The experiment's run that just ended: what it showed before its
   * result arrived, looked at once the result is in. */
  gboolean            had_result;
  gboolean            had_sweep;
  guint               run_ended_id;
};

G_DEFINE_FINAL_TYPE (BloomLectureRecorder, bloom_lecture_recorder, G_TYPE_OBJECT)

enum { PROP_0, PROP_WINDOW, PROP_RECORDING, PROP_N_STEPS, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
update_save_action (BloomLectureRecorder *self)
{
  GAction *save = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "save-lecture");

  g_simple_action_set_enabled (G_SIMPLE_ACTION (save),
                               g_list_model_get_n_items (G_LIST_MODEL (self->steps)) > 0);
}

/* Takes @step, the model's. */
static void
add_step (BloomLectureRecorder *self,
          BloomLectureStep     *step)
{
  g_autoptr(BloomRecordedStep) recorded = bloom_recorded_step_new (step);

  g_object_unref (step);
  g_list_store_append (self->steps, recorded);
  update_save_action (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_STEPS]);
}

/* Remembers the session as the steps so far leave it. */
static void
take_snapshot (BloomLectureRecorder *self)
{
  g_set_object (&self->filter, bloom_session_get_filter (self->session));
  g_set_object (&self->operation, bloom_session_get_last_operation (self->session));
  self->n_entries = bloom_session_get_n_entries (self->session);
}

static gboolean
snapshot_is_current (BloomLectureRecorder *self)
{
  return self->filter == bloom_session_get_filter (self->session) &&
         self->operation == bloom_session_get_last_operation (self->session) &&
         self->n_entries == bloom_session_get_n_entries (self->session);
}

/* Steps that make the active filter and its strings again, for a session
 * no step could have made (Undo, an import, or changes made while not
 * recording). Its counters and last query start again from there. */
static void
add_rebuild (BloomLectureRecorder *self)
{
  BloomFilter *filter = bloom_session_get_filter (self->session);

  if (filter == NULL)
    return;

  add_step (self, bloom_lecture_step_new_create (bloom_filter_get_m (filter),
                                                  bloom_filter_get_k (filter)));
  for (guint i = 0; i < bloom_session_get_n_entries (self->session); i++)
    add_step (self, bloom_lecture_step_new_text (BLOOM_LECTURE_ACTION_INSERT,
                                                  bloom_session_get_entry (self->session, i, NULL)));
}

/* A new filter: Create, or a Reset (the same m and k, empty), or one
 * that came back whole. */
static void
record_new_filter (BloomLectureRecorder *self,
                   BloomFilter          *filter)
{
  guint m = bloom_filter_get_m (filter);
  guint k = bloom_filter_get_k (filter);

  if (bloom_session_get_last_operation (self->session) != NULL ||
      bloom_session_get_n_entries (self->session) > 0)
    add_rebuild (self);
  else if (self->filter != NULL && bloom_filter_get_m (self->filter) == m &&
           bloom_filter_get_k (self->filter) == k)
    add_step (self, bloom_lecture_step_new (BLOOM_LECTURE_ACTION_RESET));
  else
    add_step (self, bloom_lecture_step_new_create (m, k));
}

/* A new last operation: a query, an insert, or the example, which stores
 * several strings at once (or some other than its last). */
static void
record_operation (BloomLectureRecorder *self,
                  BloomOperation       *operation)
{
  const char *text = bloom_operation_get_text (operation, NULL);
  guint n_entries = bloom_session_get_n_entries (self->session);
  const char *newest;

  if (bloom_operation_get_kind (operation) == BLOOM_OPERATION_QUERY)
    {
      add_step (self, bloom_lecture_step_new_text (BLOOM_LECTURE_ACTION_QUERY, text));
      return;
    }

  newest = n_entries > 0 ? bloom_session_get_entry (self->session, n_entries - 1, NULL) : NULL;
  if (n_entries == self->n_entries ||
      (n_entries == self->n_entries + 1 && g_strcmp0 (newest, text) == 0))
    add_step (self, bloom_lecture_step_new_text (BLOOM_LECTURE_ACTION_INSERT, text));
  else
    add_step (self, bloom_lecture_step_new (BLOOM_LECTURE_ACTION_EXAMPLE));
}

static void
on_session_changed (BloomLectureRecorder *self)
{
  BloomFilter *filter = bloom_session_get_filter (self->session);
  BloomOperation *operation = bloom_session_get_last_operation (self->session);

  if (!self->recording)
    return;

  /* A discarded filter is no step: the next Create is. */
  if (filter != NULL && filter != self->filter)
    record_new_filter (self, filter);
  else if (filter != NULL && operation != NULL && operation != self->operation)
    record_operation (self, operation);

  take_snapshot (self);
}

/* The window's sections by the stable names of a lecture. */
static const char *
section_name (BloomLectureRecorder *self,
              GtkExpander          *expander)
{
  BloomWindow *window = self->window;

  if (expander == window->positions_expander)
    return BLOOM_LECTURE_SECTION_HASH_POSITIONS;
  if (expander == window->details_expander)
    return BLOOM_LECTURE_SECTION_MODEL;
  if (expander == window->plot_expander)
    return BLOOM_LECTURE_SECTION_RATE_BY_K;
  if (expander == window->entries_expander)
    return BLOOM_LECTURE_SECTION_ENTRIES;
  g_assert (expander == window->experiment_expander);
  return BLOOM_LECTURE_SECTION_EXPERIMENT;
}

static void
on_expanded (BloomLectureRecorder *self,
             GParamSpec           *pspec,
             GtkExpander          *expander)
{
  if (!self->recording || self->window == NULL)
    return;

  add_step (self, bloom_lecture_step_new_section (gtk_expander_get_expanded (expander)
                                                   ? BLOOM_LECTURE_ACTION_OPEN
                                                   : BLOOM_LECTURE_ACTION_CLOSE,
                                                   section_name (self, expander)));
}

/* Ctrl+plus pressed three times is one step to where it ended. */
static void
on_zoom (BloomLectureRecorder *self)
{
  guint n_steps = g_list_model_get_n_items (G_LIST_MODEL (self->steps));
  g_autoptr(BloomRecordedStep) last = NULL;

  if (!self->recording || self->window == NULL)
    return;

  if (n_steps > 0)
    last = g_list_model_get_item (G_LIST_MODEL (self->steps), n_steps - 1);
  if (last != NULL && bloom_recorded_step_get_action (last) == BLOOM_LECTURE_ACTION_ZOOM)
    {
      g_list_store_remove (self->steps, n_steps - 1);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_STEPS]);
    }

  add_step (self, bloom_lecture_step_new_zoom (bloom_window_get_zoom (self->window)));
}

/* The run's result is in (or it was cancelled): a measurement or a sweep
 * that arrived becomes a step, as it was run. */
static gboolean
on_run_ended (gpointer user_data)
{
  BloomLectureRecorder *self = user_data;
  BloomExperimentView *view;
  const BloomSampleResult *result;
  GPtrArray *sweep;

  self->run_ended_id = 0;
  if (!self->recording || self->window == NULL)
    return G_SOURCE_REMOVE;

  view = self->window->experiment_view;
  result = bloom_experiment_view_get_result (view);
  sweep = bloom_experiment_view_get_sweep (view);
  if (!self->had_sweep && sweep != NULL && sweep->len > 0)
    result = g_ptr_array_index (sweep, 0);
  else if (self->had_result || result == NULL)
    return G_SOURCE_REMOVE;

  /* Seeds past what a lecture file holds are drawn by no button. */
  if (result->seed <= BLOOM_LECTURE_SEED_MAX)
    add_step (self, bloom_lecture_step_new_sample (sweep != NULL && !self->had_sweep
                                                        ? BLOOM_LECTURE_ACTION_SWEEP
                                                        : BLOOM_LECTURE_ACTION_EXPERIMENT,
                                                        result->n_samples, result->length,
                                                        result->seed));

  return G_SOURCE_REMOVE;
}

/* A run ends before its result is shown: what the experiment shows now
 * is what it showed before, and the result is looked at right after. */
static void
on_running (BloomLectureRecorder *self,
            GParamSpec           *pspec,
            BloomExperimentView  *view)
{
  if (!self->recording || bloom_experiment_view_get_running (view))
    return;

  self->had_result = bloom_experiment_view_get_result (view) != NULL;
  self->had_sweep = bloom_experiment_view_get_sweep (view) != NULL;
  if (self->run_ended_id == 0)
    self->run_ended_id = g_idle_add_full (G_PRIORITY_HIGH, on_run_ended, self, NULL);
}

static void
start (BloomLectureRecorder *self)
{
  /* A saved lecture is done with: this is a new one. */
  if (self->saved)
    {
      self->saved = FALSE;
      g_list_store_remove_all (self->steps);
      update_save_action (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_STEPS]);
    }

  if (g_list_model_get_n_items (G_LIST_MODEL (self->steps)) == 0 || !snapshot_is_current (self))
    add_rebuild (self);
  take_snapshot (self);
}

void
bloom_lecture_recorder_set_recording (BloomLectureRecorder *self,
                                      gboolean              recording)
{
  GAction *record;

  g_return_if_fail (BLOOM_IS_LECTURE_RECORDER (self));

  recording = !!recording;
  if (self->recording == recording)
    return;

  self->recording = recording;
  if (recording)
    start (self);
  g_clear_handle_id (&self->run_ended_id, g_source_remove);

  record = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "lecture");
  g_simple_action_set_state (G_SIMPLE_ACTION (record), g_variant_new_boolean (recording));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECORDING]);
}

gboolean
bloom_lecture_recorder_get_recording (BloomLectureRecorder *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_RECORDER (self), FALSE);

  return self->recording;
}

/* Transfer none: the steps recorded, BloomRecordedStep items. */
GListModel *
bloom_lecture_recorder_get_steps (BloomLectureRecorder *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_RECORDER (self), NULL);

  return G_LIST_MODEL (self->steps);
}

/* A lecture being written: the recorder, unless it is gone by then. */
typedef struct
{
  GWeakRef  recorder;
  GFile    *file;
} Write;

static void
write_free (Write *write)
{
  g_weak_ref_clear (&write->recorder);
  g_clear_object (&write->file);
  g_free (write);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Write, write_free)

static void
save_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(Write) write = user_data;
  g_autoptr(BloomLectureRecorder) self = g_weak_ref_get (&write->recorder);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *message = NULL;
  gboolean written = bloom_session_file_write_finish (write->file, result, &error);

  if (self == NULL || self->window == NULL ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  name = _bloom_window_display_name (write->file);
  if (!written)
    {
      reason = bloom_session_file_sentence (error->message);
      /* Translators: the first %s is a file name, the second why it failed */
      message = g_strdup_printf (_("Could not save the lecture to “%s”: %s Its steps are still "
                                   "here; try another folder or name."),
                                 name, reason);
      _bloom_window_show_file_message (self->window, message, TRUE);
      return;
    }

  self->saved = TRUE;
  /* Translators: %s is a file name */
  message = g_strdup_printf (_("Saved the lecture to “%s”."), name);
  _bloom_window_show_file_message (self->window, message, FALSE);
}

/* Writes @document, a lecture made of the steps, to @file: whole, with
 * GIO's atomic replace, or not at all. How it went shows as the window's
 * file messages do. */
void
bloom_lecture_recorder_save (BloomLectureRecorder *self,
                             GFile                *file,
                             GBytes               *document)
{
  Write *write;

  g_return_if_fail (BLOOM_IS_LECTURE_RECORDER (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (document != NULL);

  write = g_new0 (Write, 1);
  g_weak_ref_init (&write->recorder, self);
  write->file = g_object_ref (file);
  bloom_session_file_write_async (file, document, self->cancellable, save_done, write);
}

static void
record_changed (GSimpleAction *action,
                GVariant      *state,
                gpointer       user_data)
{
  bloom_lecture_recorder_set_recording (user_data, g_variant_get_boolean (state));
}

static void
on_dialog_save (BloomLectureRecorder *self,
                GFile                *file,
                GBytes               *document)
{
  bloom_lecture_recorder_save (self, file, document);
}

static void
save_lecture_activated (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  BloomLectureRecorder *self = user_data;
  BloomLectureDialog *dialog;

  if (self->window == NULL)
    return;

  dialog = bloom_lecture_dialog_new (GTK_WINDOW (self->window), G_LIST_MODEL (self->steps));
  g_signal_connect_object (dialog, "save", G_CALLBACK (on_dialog_save), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
watch_window (BloomLectureRecorder *self)
{
  BloomWindow *window = self->window;
  GtkExpander *expanders[] = {
    window->positions_expander, window->details_expander, window->plot_expander,
    window->entries_expander, window->experiment_expander,
  };

  for (guint i = 0; i < G_N_ELEMENTS (expanders); i++)
    g_signal_connect_object (expanders[i], "notify::expanded", G_CALLBACK (on_expanded), self,
                             G_CONNECT_SWAPPED);
  g_signal_connect_object (window, "notify::zoom", G_CALLBACK (on_zoom), self, G_CONNECT_SWAPPED);
  /* The experiment, once its section is built (it may be already). */
  if (window->experiment_view != NULL)
    bloom_lecture_recorder_watch_experiment (self, window->experiment_view);
  g_signal_connect_object (self->session, "changed", G_CALLBACK (on_session_changed), self,
                           G_CONNECT_SWAPPED);

  /* The window says it is recording, in the header bar. */
  g_object_bind_property (self, "recording", window->recording_indicator, "visible",
                          G_BINDING_SYNC_CREATE);
  gtk_widget_insert_action_group (GTK_WIDGET (window), "record", G_ACTION_GROUP (self->actions));
}

static void
bloom_lecture_recorder_constructed (GObject *object)
{
  BloomLectureRecorder *self = BLOOM_LECTURE_RECORDER (object);
  const GActionEntry entries[] = {
    { .name = "lecture", .state = "false", .change_state = record_changed },
    { .name = "save-lecture", .activate = save_lecture_activated },
  };

  G_OBJECT_CLASS (bloom_lecture_recorder_parent_class)->constructed (object);

  g_assert (BLOOM_IS_WINDOW (self->window));
  self->session = bloom_window_get_session (self->window);
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries),
                                   self);
  update_save_action (self);
  watch_window (self);
}

static void
bloom_lecture_recorder_dispose (GObject *object)
{
  BloomLectureRecorder *self = BLOOM_LECTURE_RECORDER (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->run_ended_id, g_source_remove);
  if (self->window != NULL)
    gtk_widget_insert_action_group (GTK_WIDGET (self->window), "record", NULL);
  g_clear_weak_pointer (&self->window);
  g_clear_object (&self->filter);
  g_clear_object (&self->operation);
  g_clear_object (&self->actions);
  g_clear_object (&self->cancellable);
  if (self->steps != NULL)
    g_list_store_remove_all (self->steps);

  G_OBJECT_CLASS (bloom_lecture_recorder_parent_class)->dispose (object);
}

static void
bloom_lecture_recorder_finalize (GObject *object)
{
  BloomLectureRecorder *self = BLOOM_LECTURE_RECORDER (object);

  g_clear_object (&self->steps);

  G_OBJECT_CLASS (bloom_lecture_recorder_parent_class)->finalize (object);
}

static void
bloom_lecture_recorder_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  BloomLectureRecorder *self = BLOOM_LECTURE_RECORDER (object);

  switch (prop_id)
    {
    case PROP_WINDOW:
      g_value_set_object (value, self->window);
      break;
    case PROP_RECORDING:
      g_value_set_boolean (value, self->recording);
      break;
    case PROP_N_STEPS:
      g_value_set_uint (value, g_list_model_get_n_items (G_LIST_MODEL (self->steps)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_lecture_recorder_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  BloomLectureRecorder *self = BLOOM_LECTURE_RECORDER (object);

  switch (prop_id)
    {
    case PROP_WINDOW:
      g_set_weak_pointer (&self->window, g_value_get_object (value));
      break;
    case PROP_RECORDING:
      bloom_lecture_recorder_set_recording (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_lecture_recorder_class_init (BloomLectureRecorderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = bloom_lecture_recorder_constructed;
  object_class->dispose = bloom_lecture_recorder_dispose;
  object_class->finalize = bloom_lecture_recorder_finalize;
  object_class->get_property = bloom_lecture_recorder_get_property;
  object_class->set_property = bloom_lecture_recorder_set_property;

  properties[PROP_WINDOW] =
    g_param_spec_object ("window", NULL, NULL, BLOOM_TYPE_WINDOW,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_RECORDING] =
    g_param_spec_boolean ("recording", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_N_STEPS] =
    g_param_spec_uint ("n-steps", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bloom_lecture_recorder_init (BloomLectureRecorder *self)
{
  self->steps = g_list_store_new (BLOOM_TYPE_RECORDED_STEP);
  self->actions = g_simple_action_group_new ();
  self->cancellable = g_cancellable_new ();
}

/* The recorder of @window, which owns it; it adds the "record" actions
 * to @window. */
/* The window's experiment view, built when its section is first used:
 * a run it ends is recorded. */
void
bloom_lecture_recorder_watch_experiment (BloomLectureRecorder *self,
                                         BloomExperimentView  *view)
{
  g_return_if_fail (BLOOM_IS_LECTURE_RECORDER (self));
  g_return_if_fail (BLOOM_IS_EXPERIMENT_VIEW (view));

  g_signal_connect_object (view, "notify::running", G_CALLBACK (on_running), self,
                           G_CONNECT_SWAPPED);
}

BloomLectureRecorder *
bloom_lecture_recorder_new (BloomWindow *window)
{
  g_return_val_if_fail (BLOOM_IS_WINDOW (window), NULL);

  return g_object_new (BLOOM_TYPE_LECTURE_RECORDER, "window", window, NULL);
}
