/* bloom-window-lecture.c — presenting a lecture: steps prepared at home,
 * played in class with the keys a presenter remote sends
 *
 * A lecture plays on a session of its own, which the views show meanwhile
 * (_bloom_window_show_session()): the user's session, its drafts, its file
 * and the store are not touched, and leaving shows them as they were left,
 * with the user's zoom, sections and step-through. Every step, forward or
 * back, is the model's replay from the start (bloom_lecture_replay_to())
 * with the view state the steps up to it leave: open sections, zoom,
 * step-through, the experiment.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-gtk-compat.h"
#include "bloom-lecture-bar.h"
#include "bloom-lecture-file.h"
#include "bloom-session-file.h"
#include "bloom-window-private.h"
#include "bloom-zoom.h"

/* The example that ships with the app (data/lectures/, in the GResource). */
#define EXAMPLE_LECTURE_URI \
  "resource:///io/github/bloomlab/BloomLab/lectures/false-positive.bloomlab-lecture"

struct _BloomWindowLecture
{
  BloomLecture *lecture;          /* the one playing; NULL when none */
  BloomSession *session;          /* its own */
  guint         index;            /* the step shown, from 0 */
  gboolean      blank;

  /* The user's view when the lecture began, given back when it ends. */
  guint         user_zoom;
  guint         user_revealed_steps;
  gboolean      user_fullscreen;

  GtkWidget    *bar;              /* BloomLectureBar above the page */
  guint         bar_zoom;
  GtkWidget    *cover;            /* black, over everything, while blank */
};

/* The sections a step opens or closes, by the lecture's stable names, and
 * the names the session keeps them by (bloom-window.c). */
static const struct
{
  const char *lecture_name;
  const char *detail_name;
} sections[] = {
  { BLOOM_LECTURE_SECTION_HASH_POSITIONS, "hash-positions" },
  { BLOOM_LECTURE_SECTION_MODEL, "model" },
  { BLOOM_LECTURE_SECTION_RATE_BY_K, "rate-plot" },
  { BLOOM_LECTURE_SECTION_ENTRIES, "entries" },
  { BLOOM_LECTURE_SECTION_EXPERIMENT, "experiment" },
};

/* What the window shows after steps 1 to i, beyond the session. */
typedef struct
{
  gboolean open[G_N_ELEMENTS (sections)];
  guint    zoom;                  /* 0: the user's */
  guint    revealed_steps;        /* G_MAXUINT: step-through off */
  int      experiment;            /* the experiment or sweep step shown, or -1 */
} ViewState;

gboolean
_bloom_window_is_presenting (BloomWindow *self)
{
  return self->lecture != NULL && self->lecture->lecture != NULL;
}

static guint
section_index (const char *lecture_name)
{
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    if (g_str_equal (sections[i].lecture_name, lecture_name))
      return i;

  g_return_val_if_reached (0);
}

/* The view state steps 0 to @index leave, played as the window plays
 * them one after another: a new operation restarts step-through at its
 * first position and a new or emptied filter ends it (bloom-window.c);
 * an experiment shows until the session changes. */
static void
compute_view_state (BloomLecture *lecture,
                    guint         index,
                    ViewState    *state)
{
  *state = (ViewState) { .revealed_steps = G_MAXUINT, .experiment = -1 };

  for (guint i = 0; i <= index; i++)
    {
      BloomLectureStep *step = bloom_lecture_get_step (lecture, i);
      BloomLectureAction action = bloom_lecture_step_get_action (step);

      switch (action)
        {
        case BLOOM_LECTURE_ACTION_OPEN:
        case BLOOM_LECTURE_ACTION_CLOSE:
          state->open[section_index (bloom_lecture_step_get_section (step))] =
            action == BLOOM_LECTURE_ACTION_OPEN;
          break;
        case BLOOM_LECTURE_ACTION_ZOOM:
          state->zoom = bloom_lecture_step_get_zoom (step);
          break;
        case BLOOM_LECTURE_ACTION_STEP:
          state->revealed_steps = bloom_lecture_step_get_position (step);
          break;
        case BLOOM_LECTURE_ACTION_EXPERIMENT:
        case BLOOM_LECTURE_ACTION_SWEEP:
          state->experiment = i;
          break;
        case BLOOM_LECTURE_ACTION_INSERT:
        case BLOOM_LECTURE_ACTION_QUERY:
        case BLOOM_LECTURE_ACTION_EXAMPLE:
          state->experiment = -1;
          if (state->revealed_steps != G_MAXUINT)
            state->revealed_steps = 1;
          break;
        case BLOOM_LECTURE_ACTION_CREATE:
        case BLOOM_LECTURE_ACTION_RESET:
          state->experiment = -1;
          state->revealed_steps = G_MAXUINT;
          break;
        case BLOOM_LECTURE_ACTION_NONE:
        default:
          break;
        }
    }
}

static void
apply_view_state (BloomWindow     *self,
                  const ViewState *state)
{
  BloomWindowLecture *lecture = self->lecture;
  BloomOperation *operation = bloom_session_get_last_operation (lecture->session);
  g_autoptr(GPtrArray) open = g_ptr_array_new_null_terminated (0, NULL, TRUE);
  guint revealed_steps = state->revealed_steps;

  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    if (state->open[i])
      g_ptr_array_add (open, (gpointer) sections[i].detail_name);
  /* The window opens and closes the expanders as the session says. */
  bloom_session_set_open_details (lecture->session, (const char * const *) open->pdata);

  bloom_window_set_zoom (self, state->zoom != 0 ? state->zoom : lecture->user_zoom);

  if (operation == NULL)
    revealed_steps = G_MAXUINT;
  else if (revealed_steps != G_MAXUINT)
    revealed_steps = MIN (revealed_steps, bloom_operation_get_n_positions (operation));
  _bloom_window_set_revealed_steps (self, revealed_steps);

  if (state->experiment >= 0)
    {
      BloomLectureStep *step = bloom_lecture_get_step (lecture->lecture, state->experiment);

      bloom_experiment_view_start (_bloom_window_get_experiment_view (self),
                                   bloom_lecture_step_get_action (step) == BLOOM_LECTURE_ACTION_SWEEP,
                                   bloom_lecture_step_get_n_samples (step),
                                   bloom_lecture_step_get_length (step),
                                   bloom_lecture_step_get_seed (step));
    }
  else if (self->experiment_view != NULL)
    bloom_experiment_view_clear (self->experiment_view);
}

/* Step @index exactly as it is reached from the start, whichever way the
 * lecturer came: the model replays, the window sets its view after it. */
static void
show_step (BloomWindow *self,
           guint        index)
{
  BloomWindowLecture *lecture = self->lecture;
  BloomLectureStep *step = bloom_lecture_get_step (lecture->lecture, index);
  g_autoptr(GError) error = NULL;
  ViewState state;

  /* A lecture that was read plays to its end (the reader played it). */
  if (!bloom_lecture_replay_to (lecture->lecture, lecture->session, index, &error))
    {
      _bloom_window_show_file_message (self, error->message, TRUE);
      return;
    }

  lecture->index = index;
  compute_view_state (lecture->lecture, index, &state);
  apply_view_state (self, &state);
  bloom_lecture_bar_show_step (BLOOM_LECTURE_BAR (lecture->bar),
                               bloom_lecture_get_title (lecture->lecture), index,
                               bloom_lecture_get_n_steps (lecture->lecture),
                               bloom_lecture_step_get_caption (step));
}

static void
set_blank (BloomWindow *self,
           gboolean     blank)
{
  self->lecture->blank = blank;
  gtk_widget_set_visible (self->lecture->cover, blank);
}

/* The page's rows of fields: they hand what is typed to the user's
 * session, so they are hidden while a lecture plays. */
static GtkWidget *
page_row_of (BloomWindow *self,
             GtkWidget   *widget)
{
  while (gtk_widget_get_parent (widget) != self->page)
    widget = gtk_widget_get_parent (widget);

  return widget;
}

static void
show_fields (BloomWindow *self,
             gboolean     shown)
{
  gtk_widget_set_visible (page_row_of (self, GTK_WIDGET (self->m_spin)), shown);
  gtk_widget_set_visible (page_row_of (self, GTK_WIDGET (self->text_entry)), shown);
}

static void
start_presenting (BloomWindow  *self,
                  BloomLecture *lecture)
{
  BloomWindowLecture *state = self->lecture;

  if (!_bloom_window_is_presenting (self))
    {
      state->user_zoom = self->zoom;
      state->user_revealed_steps = self->revealed_steps;
      state->user_fullscreen = gtk_window_is_fullscreen (GTK_WINDOW (self));
      state->session = bloom_session_new ();
      state->lecture = g_object_ref (lecture);
      show_fields (self, FALSE);
      _bloom_window_show_session (self, state->session);
      /* The notice offers the user's Undo, or a newcomer's first steps:
       * neither is the lecture's, which replaces its filters as it goes. */
      bloom_session_view_set_session (BLOOM_SESSION_VIEW (self->notice_view), NULL);
      gtk_widget_set_visible (state->bar, TRUE);
      gtk_window_fullscreen (GTK_WINDOW (self));
    }
  else
    g_set_object (&state->lecture, lecture);

  set_blank (self, FALSE);
  show_step (self, 0);
  _bloom_window_update_actions (self);
}

/* Escape: the user's session as it was left, and the user's view. */
void
_bloom_window_leave_lecture (BloomWindow *self)
{
  BloomWindowLecture *state = self->lecture;

  if (!_bloom_window_is_presenting (self))
    return;

  set_blank (self, FALSE);
  /* What was measured was the lecture's (nothing, if the experiment
   * was never opened). */
  if (self->experiment_view != NULL)
    bloom_experiment_view_clear (self->experiment_view);
  g_clear_object (&state->lecture);
  _bloom_window_show_session (self, bloom_session_store_get_session (self->store));
  g_clear_object (&state->session);

  gtk_widget_set_visible (state->bar, FALSE);
  show_fields (self, TRUE);
  bloom_window_set_zoom (self, state->user_zoom);
  _bloom_window_set_revealed_steps (self, state->user_revealed_steps);
  if (!state->user_fullscreen)
    gtk_window_unfullscreen (GTK_WINDOW (self));
  _bloom_window_update_actions (self);
}

static void
go_to (BloomWindow *self,
       int          index)
{
  guint n_steps = bloom_lecture_get_n_steps (self->lecture->lecture);

  set_blank (self, FALSE);
  index = CLAMP (index, 0, (int) n_steps - 1);
  if ((guint) index != self->lecture->index)
    show_step (self, index);
}

/* The keys presenter remotes send, before any focused widget sees them:
 * a button or a field must not take Space, Enter or the arrows. */
static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                BloomWindow           *self)
{
  int index;

  if (!_bloom_window_is_presenting (self) ||
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;

  index = self->lecture->index;
  switch (keyval)
    {
    case GDK_KEY_Page_Down:
    case GDK_KEY_KP_Page_Down:
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      go_to (self, index + 1);
      return TRUE;
    case GDK_KEY_Page_Up:
    case GDK_KEY_KP_Page_Up:
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
    case GDK_KEY_BackSpace:
      go_to (self, index - 1);
      return TRUE;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      go_to (self, 0);
      return TRUE;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      go_to (self, G_MAXINT);
      return TRUE;
    case GDK_KEY_b:
    case GDK_KEY_B:
    case GDK_KEY_period:
    case GDK_KEY_KP_Decimal:
      set_blank (self, !self->lecture->blank);
      return TRUE;
    case GDK_KEY_Escape:
      /* A blank screen comes back first, as on slides. */
      if (self->lecture->blank)
        set_blank (self, FALSE);
      else
        _bloom_window_leave_lecture (self);
      return TRUE;
    default:
      return FALSE;
    }
}

/* Closing the window ends the lecture first: what is stored and asked
 * about on the way out is the user's session. */
static gboolean
on_close_request (BloomWindow *self)
{
  _bloom_window_leave_lecture (self);

  return FALSE;
}

static void
on_zoom_changed (BloomWindow *self)
{
  if (self->lecture == NULL)
    return;

  bloom_zoom_set_css_class (self->lecture->bar, self->lecture->bar_zoom, self->zoom);
  self->lecture->bar_zoom = self->zoom;
}

typedef struct
{
  BloomWindow *self;
  GFile       *file;
} LectureRead;

static void
lecture_read (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  LectureRead *read = user_data;
  g_autoptr(BloomWindow) self = read->self;
  g_autoptr(GFile) file = read->file;
  g_autoptr(BloomLecture) lecture = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *message = NULL;

  g_free (read);
  lecture = bloom_lecture_file_read_finish (G_FILE (source), result, &error);
  if (lecture == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;

      name = _bloom_window_display_name (file);
      reason = bloom_session_file_sentence (error->message);
      /* Translators: the first %s is a file name, the second why it was refused */
      message = g_strdup_printf (_("Could not open the lecture “%s”: %s Nothing was run."),
                                 name, reason);
      _bloom_window_show_file_message (self, message, TRUE);
      return;
    }

  _bloom_window_show_file_message (self, NULL, FALSE);
  start_presenting (self, lecture);
}

/* Reads @file off the main loop with an import's checks; a lecture that
 * passes them all plays from its first step, full screen, and one that
 * does not says why (a step's problem names the step) and runs nothing. */
void
bloom_window_open_lecture (BloomWindow *self,
                           GFile       *file)
{
  LectureRead *read;

  g_return_if_fail (BLOOM_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  read = g_new (LectureRead, 1);
  read->self = g_object_ref (self);
  read->file = g_object_ref (file);
  bloom_lecture_file_read_async (file, self->file_cancellable, lecture_read, read);
}

/* A file from the command line, Files or a drop: a lecture plays, a
 * session is imported (after the lecture, if one plays, has ended). */
void
bloom_window_open_file (BloomWindow *self,
                        GFile       *file)
{
  g_return_if_fail (BLOOM_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  if (bloom_lecture_file_is_lecture (file))
    {
      bloom_window_open_lecture (self, file);
      return;
    }

  _bloom_window_leave_lecture (self);
  bloom_window_import_file (self, file);
}

static GListModel *
lecture_filters (void)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) lectures = gtk_file_filter_new ();

  gtk_file_filter_set_name (lectures, _("Bloom Lab lectures"));
  gtk_file_filter_add_mime_type (lectures, BLOOM_LECTURE_FILE_MIME_TYPE);
  gtk_file_filter_add_suffix (lectures, BLOOM_LECTURE_FILE_SUFFIX + 1);
  g_list_store_append (filters, lectures);

  return G_LIST_MODEL (filters);
}

static void
lecture_chosen (GFile    *file,
                gpointer  user_data)
{
  g_autoptr(BloomWindow) self = user_data;

  if (file != NULL)
    bloom_window_open_lecture (self, file);
}

static void
open_lecture_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  g_autoptr(GListModel) filters = lecture_filters ();

  bloom_gtk_choose_file (GTK_WINDOW (widget), FALSE, _("Open Lecture"), _("_Open"), NULL,
                         filters, lecture_chosen, g_object_ref (widget));
}

static void
open_example_lecture_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (EXAMPLE_LECTURE_URI);

  bloom_window_open_lecture (BLOOM_WINDOW (widget), file);
}

/* While a lecture plays, nothing changes its session but its steps, and
 * nothing reaches the user's: the actions on a session are off. Called
 * last in _bloom_window_update_actions(), which sets most of them. */
void
_bloom_window_update_lecture_actions (BloomWindow *self)
{
  static const char * const session_actions[] = {
    "filter.create", "filter.insert", "filter.query", "filter.reset", "filter.example",
    "filter.start-example", "filter.undo", "session.restore-recovery",
  };
  /* Enabled at all other times. */
  static const char * const file_actions[] = { "session.import", "session.export" };
  gboolean presenting = _bloom_window_is_presenting (self);

  if (presenting)
    for (guint i = 0; i < G_N_ELEMENTS (session_actions); i++)
      gtk_widget_action_set_enabled (GTK_WIDGET (self), session_actions[i], FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (file_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), file_actions[i], !presenting);
}

void
_bloom_window_class_add_lecture (GtkWidgetClass *widget_class)
{
  g_type_ensure (BLOOM_TYPE_LECTURE_BAR);
  gtk_widget_class_install_action (widget_class, "session.open-lecture", NULL,
                                   open_lecture_action);
  gtk_widget_class_install_action (widget_class, "session.open-example-lecture", NULL,
                                   open_example_lecture_action);
}

/* The page goes under the caption bar, and everything under the cover. */
void
_bloom_window_init_lecture (BloomWindow *self)
{
  BloomWindowLecture *state = g_new0 (BloomWindowLecture, 1);
  g_autoptr(GtkWidget) content = g_object_ref (gtk_window_get_child (GTK_WINDOW (self)));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *overlay = gtk_overlay_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->lecture = state;

  state->bar = bloom_lecture_bar_new ();
  gtk_widget_add_css_class (state->bar, "page");
  gtk_widget_set_visible (state->bar, FALSE);
  state->bar_zoom = BLOOM_WINDOW_ZOOM_DEFAULT;
  bloom_zoom_set_css_class (state->bar, state->bar_zoom, self->zoom);
  state->bar_zoom = self->zoom;

  gtk_window_set_child (GTK_WINDOW (self), NULL);
  gtk_widget_set_vexpand (content, TRUE);
  gtk_box_append (GTK_BOX (box), state->bar);
  gtk_box_append (GTK_BOX (box), content);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), box);

  state->cover = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (state->cover, "lecture-blank");
  gtk_widget_set_visible (state->cover, FALSE);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), state->cover);
  gtk_window_set_child (GTK_WINDOW (self), overlay);

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (on_key_pressed), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  g_signal_connect (self, "notify::zoom", G_CALLBACK (on_zoom_changed), NULL);
  g_signal_connect (self, "close-request", G_CALLBACK (on_close_request), NULL);
}

void
_bloom_window_dispose_lecture (BloomWindow *self)
{
  if (self->lecture == NULL)
    return;

  g_clear_object (&self->lecture->lecture);
  g_clear_object (&self->lecture->session);
  g_clear_pointer (&self->lecture, g_free);
}
