/* bloom-window-actions.c — every action of the window and its keys, and
 * the one place that says which of them can run
 *
 * An action turns a key press into a call on the model; the model then
 * emits its signal and the views redraw (bloom-window.c). A new action is
 * installed here, bound to its key here, enabled in
 * _bloom_window_update_actions(), and shown in the template.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-sizing-dialog.h"
#include "bloom-window-private.h"

static void
create_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  /* Enabled only when the session can create ("can-create"). */
  if (!bloom_session_create_filter_from_drafts (self->session, &error))
    {
      g_warning ("Could not create a filter from valid drafts: %s", error->message);
      return;
    }

  /* Next comes a string: put the keyboard there. */
  gtk_widget_grab_focus (GTK_WIDGET (self->text_entry));
}

static void
operation_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);
  const char *text = bloom_session_get_text_draft (self->session);
  g_autoptr(GError) error = NULL;
  BloomOperation *operation;

  if (g_str_equal (action_name, "filter.insert"))
    operation = bloom_session_insert (self->session, text, -1, &error);
  else
    operation = bloom_session_query (self->session, text, -1, &error);

  _bloom_window_show_text_error (self, operation == NULL ? error : NULL);

  /* The string stays, selected, so the next one simply replaces it. */
  if (operation != NULL)
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

      if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->text_entry)))
        gtk_widget_grab_focus (GTK_WIDGET (self->text_entry));
      gtk_editable_select_region (GTK_EDITABLE (self->text_entry), 0, -1);
    }
}

static void
reset_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);

  _bloom_window_show_text_error (self, NULL);
  bloom_session_reset (self->session);
}

static void
example_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  bloom_session_insert_example (self->session, &error);
  _bloom_window_show_text_error (self, error);
}

/* The first start's demo: SPEC E1 at m = 8, k = 1, where the eight
 * strings set every bit and any new string is a false positive. */
static void
start_example_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  bloom_session_set_parameter_drafts (self->session, "8", "1");
  if (bloom_session_create_filter_from_drafts (self->session, &error))
    bloom_session_insert_example (self->session, &error);
  _bloom_window_show_text_error (self, error);
  if (error == NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->text_entry));
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);

  if (g_str_equal (action_name, "view.zoom-in"))
    bloom_window_set_zoom (self, _bloom_window_next_zoom (self->zoom, 1));
  else if (g_str_equal (action_name, "view.zoom-out"))
    bloom_window_set_zoom (self, _bloom_window_next_zoom (self->zoom, -1));
  else
    bloom_window_set_zoom (self, BLOOM_WINDOW_ZOOM_DEFAULT);
}

/* Step-through: Alt+Right and Alt+Left step, keys a text field does not
 * use; Alt+Right also starts it. */
static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);
  BloomOperation *operation = bloom_session_get_last_operation (self->session);
  guint k = operation ? bloom_operation_get_n_positions (operation) : 0;

  if (!_bloom_window_get_stepping (self))
    _bloom_window_set_stepping (self, TRUE);
  else if (g_str_equal (action_name, "view.step-next"))
    _bloom_window_set_revealed_steps (self, MIN (self->revealed_steps + 1, k));
  else
    _bloom_window_set_revealed_steps (self, MAX (self->revealed_steps, 2) - 1);
}

/* SPEC S1: the helper's m and k become both drafts at once, so the model
 * decides once whether the filter stays (F3); Undo brings it back. */
static void
on_use_parameters (BloomWindow       *self,
                   guint              m,
                   guint              k,
                   BloomSizingDialog *dialog)
{
  g_autofree char *m_text = g_strdup_printf ("%u", m);
  g_autofree char *k_text = g_strdup_printf ("%u", k);

  bloom_session_set_parameter_drafts (self->session, m_text, k_text);

  /* Creating the filter is the next thing to do. */
  gtk_widget_grab_focus (GTK_WIDGET (self->create_button));
}

static GtkWindow *
make_sizing_dialog (BloomWindow *self)
{
  BloomSizingDialog *dialog = bloom_sizing_dialog_new (GTK_WINDOW (self), self->session);

  g_signal_connect_object (dialog, "use-parameters", G_CALLBACK (on_use_parameters), self,
                           G_CONNECT_SWAPPED);
  /* Its formulas are read from the back of the hall too. */
  g_object_bind_property (self, "zoom", dialog, "zoom", G_BINDING_SYNC_CREATE);

  return GTK_WINDOW (dialog);
}

/* SPEC S1, in a dialog that keeps what was typed while the window lives. */
static void
sizing_helper_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);

  _bloom_window_present_kept (self, &self->sizing_dialog, make_sizing_dialog);
}

static GtkWindow *
make_shortcuts_window (BloomWindow *self)
{
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/bloomlab/BloomLab/ui/bloom-shortcuts-window.ui");
  GtkWindow *window = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));

  gtk_window_set_transient_for (window, GTK_WINDOW (self));
  gtk_window_set_hide_on_close (window, TRUE);

  return window;
}

/* Made when first asked for, not with every window as GtkApplication does
 * with a gtk/help-overlay.ui resource: building it was a twentieth of the
 * start-up. */
static void
shortcuts_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);

  _bloom_window_present_kept (self, &self->shortcuts_window, make_shortcuts_window);
}

static void
undo (BloomWindow *self)
{
  bloom_session_undo (self->session);
}

static void
dismiss_file_message (BloomWindow *self)
{
  _bloom_window_show_file_message (self, NULL, FALSE);
}

/* The actions that are one call on the window or its store: the table
 * says which call, and one_call_action() makes it. */
typedef struct
{
  const char *name;
  void      (*on_window) (BloomWindow       *self);
  void      (*on_store)  (BloomSessionStore *store);
} OneCallAction;

static const OneCallAction one_call_actions[] = {
  { "filter.undo", undo, NULL },
  { "session.import", _bloom_window_choose_import, NULL },
  { "session.export", _bloom_window_choose_export, NULL },
  { "session.export-picture", _bloom_window_choose_picture, NULL },
  { "session.copy-grid-picture", _bloom_window_copy_grid_picture, NULL },
  { "session.save-unreadable", _bloom_window_choose_unreadable_copy, NULL },
  { "session.dismiss-unreadable", NULL, bloom_session_store_dismiss_unreadable },
  { "session.retry-store", NULL, bloom_session_store_retry },
  { "session.restore-recovery", _bloom_window_restore_recovery, NULL },
  { "session.discard-recovery", NULL, bloom_session_store_discard_recovery },
  { "session.dismiss-message", dismiss_file_message, NULL },
};

static void
one_call_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);

  for (guint i = 0; i < G_N_ELEMENTS (one_call_actions); i++)
    if (g_str_equal (action_name, one_call_actions[i].name))
      {
        const OneCallAction *action = &one_call_actions[i];

        if (action->on_window != NULL)
          action->on_window (self);
        else
          action->on_store (self->store);
        return;
      }

  g_assert_not_reached ();
}

/* Which actions can run, from the model and the window's own state: one
 * place, called wherever any of it changes. A disabled action greys its
 * button and lets its key through to the focused field. */
void
_bloom_window_update_actions (BloomWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  BloomOperation *operation = bloom_session_get_last_operation (self->session);
  guint k = operation ? bloom_operation_get_n_positions (operation) : 0;
  gboolean active = bloom_session_get_filter (self->session) != NULL;
  gboolean stepping = _bloom_window_get_stepping (self);
  gboolean unreadable = bloom_session_store_get_unreadable_message (self->store) != NULL;
  gboolean write_failed = bloom_session_store_get_write_error (self->store) != NULL;
  gboolean recovery = bloom_session_store_get_recovery_available (self->store);

  gtk_widget_action_set_enabled (widget, "filter.create", bloom_session_get_can_create (self->session));
  gtk_widget_action_set_enabled (widget, "filter.insert", bloom_session_get_can_insert (self->session));
  gtk_widget_action_set_enabled (widget, "filter.query", bloom_session_get_can_query (self->session));
  gtk_widget_action_set_enabled (widget, "filter.reset", active);
  gtk_widget_action_set_enabled (widget, "filter.example", active);
  gtk_widget_action_set_enabled (widget, "filter.start-example", !active);
  gtk_widget_action_set_enabled (widget, "filter.undo", bloom_session_get_can_undo (self->session));
  gtk_widget_action_set_enabled (widget, "session.export-picture", active);
  gtk_widget_action_set_enabled (widget, "session.copy-grid-picture", active);

  gtk_widget_action_set_enabled (widget, "view.zoom-in", self->zoom < BLOOM_WINDOW_ZOOM_MAX);
  gtk_widget_action_set_enabled (widget, "view.zoom-out", self->zoom > BLOOM_WINDOW_ZOOM_MIN);
  gtk_widget_action_set_enabled (widget, "view.step-through", k > 0);
  gtk_widget_action_set_enabled (widget, "view.step-next",
                                 k > 0 && (!stepping || self->revealed_steps < k));
  gtk_widget_action_set_enabled (widget, "view.step-previous", stepping && self->revealed_steps > 1);

  gtk_widget_action_set_enabled (widget, "session.save-unreadable", unreadable);
  gtk_widget_action_set_enabled (widget, "session.dismiss-unreadable", unreadable);
  gtk_widget_action_set_enabled (widget, "session.retry-store", write_failed);
  gtk_widget_action_set_enabled (widget, "session.restore-recovery", recovery);
  gtk_widget_action_set_enabled (widget, "session.discard-recovery", recovery);
  gtk_widget_action_set_enabled (widget, "session.dismiss-message",
                                 _bloom_window_get_file_message_shown (self));
  _bloom_window_update_lecture_actions (self);
}

/* Ctrl+Z must reach Undo before a text field takes it for its own undo,
 * but only while there is something to undo: a disabled action lets the
 * key through to the field. */
void
_bloom_window_add_capture_shortcuts (BloomWindow *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkShortcut *shortcut;

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_z, GDK_CONTROL_MASK),
                               gtk_named_action_new ("filter.undo"));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

typedef struct
{
  guint           keyval;
  GdkModifierType modifiers;
  const char     *action;
} Binding;

static const Binding bindings[] = {
  { GDK_KEY_n, GDK_CONTROL_MASK, "filter.create" },
  { GDK_KEY_r, GDK_CONTROL_MASK, "filter.reset" },
  { GDK_KEY_E, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "filter.example" },
  { GDK_KEY_Return, GDK_CONTROL_MASK, "filter.query" },
  { GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "filter.query" },
  { GDK_KEY_m, GDK_CONTROL_MASK, "filter.sizing-helper" },
  { GDK_KEY_plus, GDK_CONTROL_MASK, "view.zoom-in" },
  { GDK_KEY_equal, GDK_CONTROL_MASK, "view.zoom-in" },
  { GDK_KEY_KP_Add, GDK_CONTROL_MASK, "view.zoom-in" },
  { GDK_KEY_minus, GDK_CONTROL_MASK, "view.zoom-out" },
  { GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "view.zoom-out" },
  { GDK_KEY_0, GDK_CONTROL_MASK, "view.zoom-reset" },
  { GDK_KEY_KP_0, GDK_CONTROL_MASK, "view.zoom-reset" },
  { GDK_KEY_F11, 0, "view.fullscreen" },
  { GDK_KEY_question, GDK_CONTROL_MASK, "view.shortcuts" },
  { GDK_KEY_t, GDK_CONTROL_MASK, "view.step-through" },
  { GDK_KEY_Right, GDK_ALT_MASK, "view.step-next" },
  { GDK_KEY_KP_Right, GDK_ALT_MASK, "view.step-next" },
  { GDK_KEY_Left, GDK_ALT_MASK, "view.step-previous" },
  { GDK_KEY_KP_Left, GDK_ALT_MASK, "view.step-previous" },
  { GDK_KEY_o, GDK_CONTROL_MASK, "session.import" },
  { GDK_KEY_e, GDK_CONTROL_MASK, "session.export" },
  { GDK_KEY_C, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "session.copy-grid-picture" },
  { GDK_KEY_S, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "session.export-picture" },
  { GDK_KEY_Escape, 0, "session.dismiss-message" },
};

void
_bloom_window_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "filter.create", NULL, create_action);
  gtk_widget_class_install_action (widget_class, "filter.insert", NULL, operation_action);
  gtk_widget_class_install_action (widget_class, "filter.query", NULL, operation_action);
  gtk_widget_class_install_action (widget_class, "filter.reset", NULL, reset_action);
  gtk_widget_class_install_action (widget_class, "filter.example", NULL, example_action);
  gtk_widget_class_install_action (widget_class, "filter.start-example", NULL, start_example_action);
  gtk_widget_class_install_action (widget_class, "filter.sizing-helper", NULL, sizing_helper_action);

  gtk_widget_class_install_action (widget_class, "view.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "view.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "view.zoom-reset", NULL, zoom_action);
  gtk_widget_class_install_property_action (widget_class, "view.fullscreen", "fullscreened");
  gtk_widget_class_install_action (widget_class, "view.shortcuts", NULL, shortcuts_action);
  gtk_widget_class_install_property_action (widget_class, "view.step-through", "stepping");
  gtk_widget_class_install_action (widget_class, "view.step-next", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "view.step-previous", NULL, step_action);

  for (guint i = 0; i < G_N_ELEMENTS (one_call_actions); i++)
    gtk_widget_class_install_action (widget_class, one_call_actions[i].name, NULL,
                                     one_call_action);

  for (guint i = 0; i < G_N_ELEMENTS (bindings); i++)
    gtk_widget_class_add_binding_action (widget_class, bindings[i].keyval, bindings[i].modifiers,
                                         bindings[i].action, NULL);
}
