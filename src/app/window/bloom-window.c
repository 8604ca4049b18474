/* bloom-window.c — the main window: construction, the template, and the
 * sections the views sit in
 *
 * Data flows one way. A field's edit or an action (bloom-window-actions.c)
 * calls the model; the model emits "changed" (filter, entries, counters,
 * last operation) or "drafts-changed" (the fields as typed), once; the
 * views (the notice, the last operation, the counters, the grid and the
 * notes beside it, the hash table, the details, the plot, the entries,
 * the experiment) redraw themselves from it. The window is their shell:
 * it wires the template, the actions and the sections, and keeps only
 * view state (the zoom, the step-through). Nothing here decides what the
 * model does, and the views alone draw what it holds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include "bloom-fitted-scroller.h"
#include "bloom-gtk-compat.h"
#include "bloom-scroll.h"
#include "bloom-window-private.h"
#include "bloom-wrap-box.h"

G_DEFINE_FINAL_TYPE (BloomWindow, bloom_window, GTK_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_SESSION,
  PROP_STORE,
  PROP_SETTINGS,
  PROP_ZOOM,
  PROP_STEPPING,
  PROP_REVEALED_STEPS,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

/* Names of the details in the session (SPEC P1). */
#define DETAIL_POSITIONS  "hash-positions"
#define DETAIL_MODEL      "model"
#define DETAIL_RATE_PLOT  "rate-plot"
#define DETAIL_ENTRIES    "entries"
#define DETAIL_EXPERIMENT "experiment"

/* A hidden revealer still takes the box's spacing: it is only visible
 * while it shows something or slides. */
/* The objects under @id in the .ui at @resource, ours and compiled in: a
 * failure is a bug. For what the window builds when first needed. */
GtkBuilder *
_bloom_window_build_from_resource (const char *resource,
                                   const char *id)
{
  GtkBuilder *builder = gtk_builder_new ();
  const char *ids[] = { id, NULL };
  g_autoptr(GError) error = NULL;

  gtk_builder_set_translation_domain (builder, GETTEXT_PACKAGE);
  if (!gtk_builder_add_objects_from_resource (builder, resource, ids, &error))
    g_error ("%s: %s", resource, error->message);

  return builder;
}

void
_bloom_window_reveal (GtkRevealer *revealer,
                      gboolean     shown)
{
  if (shown)
    gtk_widget_set_visible (GTK_WIDGET (revealer), TRUE);
  gtk_revealer_set_reveal_child (revealer, shown);
}

static void
on_child_revealed (GtkRevealer *revealer)
{
  if (!gtk_revealer_get_reveal_child (revealer) && !gtk_revealer_get_child_revealed (revealer))
    gtk_widget_set_visible (GTK_WIDGET (revealer), FALSE);
}

gboolean
_bloom_window_get_stepping (BloomWindow *self)
{
  return self->revealed_steps != G_MAXUINT;
}

/* The one place the step state changes; the grid, the table and the step
 * view follow through their bindings to "revealed-steps". */
void
_bloom_window_set_revealed_steps (BloomWindow *self,
                                  guint        revealed_steps)
{
  gboolean was_stepping = _bloom_window_get_stepping (self);

  if (self->revealed_steps == revealed_steps)
    return;

  self->revealed_steps = revealed_steps;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEALED_STEPS]);
  if (was_stepping != _bloom_window_get_stepping (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEPPING]);

  _bloom_window_update_actions (self);
}

/* Ctrl+T, as the "stepping" property: on starts at step 1 of the last
 * operation, off shows every position again. */
void
_bloom_window_set_stepping (BloomWindow *self,
                            gboolean     stepping)
{
  if (stepping == _bloom_window_get_stepping (self))
    return;

  if (!stepping)
    _bloom_window_set_revealed_steps (self, G_MAXUINT);
  else if (bloom_session_get_last_operation (self->session) != NULL)
    _bloom_window_set_revealed_steps (self, 1);
}

/* A new operation starts its own step-through at step 1; without one
 * there is nothing to step through. */
static void
restart_stepping (BloomWindow *self)
{
  guint revealed_steps = G_MAXUINT;

  if (_bloom_window_get_stepping (self) && bloom_session_get_last_operation (self->session) != NULL)
    revealed_steps = 1;

  _bloom_window_set_revealed_steps (self, revealed_steps);
}

/* The model changed: the views redraw themselves; the window follows with
 * its own view state, the grid's section and the actions. */
static void
on_session_changed (BloomWindow *self)
{
  restart_stepping (self);
  /* Without a filter the notice says so; the grid's section, legend
   * included, comes with the grid. */
  gtk_widget_set_visible (self->grid_section, bloom_session_get_filter (self->session) != NULL);
  _bloom_window_update_actions (self);
}

static const char *
detail_name (BloomWindow *self,
             GtkExpander *expander)
{
  if (expander == self->positions_expander)
    return DETAIL_POSITIONS;
  if (expander == self->details_expander)
    return DETAIL_MODEL;
  if (expander == self->plot_expander)
    return DETAIL_RATE_PLOT;
  if (expander == self->entries_expander)
    return DETAIL_ENTRIES;
  g_assert (expander == self->experiment_expander);
  return DETAIL_EXPERIMENT;
}

static void
on_open_details_changed (BloomWindow *self)
{
  GtkExpander *expanders[] = {
    self->positions_expander, self->details_expander, self->plot_expander, self->entries_expander,
    self->experiment_expander,
  };

  for (guint i = 0; i < G_N_ELEMENTS (expanders); i++)
    gtk_expander_set_expanded (expanders[i],
                               bloom_session_get_detail_open (self->session,
                                                              detail_name (self, expanders[i])));
}

static void
on_expander_toggled (BloomWindow *self,
                     GParamSpec  *pspec,
                     GtkExpander *expander)
{
  gboolean expanded = gtk_expander_get_expanded (expander);

  bloom_session_set_detail_open (self->session, detail_name (self, expander), expanded);
  if (expanded)
    _bloom_window_ensure_section (self, expander);
  /* A section opened by its key or a click shows its header and as much
   * of itself as fits (nothing happens while the window is not shown). */
  if (expanded)
    bloom_scroll_show_later (GTK_WIDGET (expander), bloom_scroll_whole_widget,
                             BLOOM_SCROLL_SECONDARY);
}

/* A toplevel of the window's, made by @make when first asked for and kept
 * while hidden: known through a weak pointer, destroyed with the window. */
void
_bloom_window_present_kept (BloomWindow  *self,
                            GtkWindow   **kept,
                            GtkWindow   *(*make) (BloomWindow *self))
{
  if (*kept == NULL)
    {
      *kept = make (self);
      g_object_add_weak_pointer (G_OBJECT (*kept), (gpointer *) kept);
    }

  gtk_window_present (*kept);
}

static void
destroy_kept_window (GtkWindow **kept)
{
  if (*kept == NULL)
    return;

  g_object_remove_weak_pointer (G_OBJECT (*kept), (gpointer *) kept);
  gtk_window_destroy (g_steal_pointer (kept));
}

/* The window as it was left: size, zoom (SPEC P1). */
static void
restore_geometry (BloomWindow *self)
{
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  bloom_window_set_zoom (self, g_settings_get_int (self->settings, "zoom"));
}

static void
save_geometry (BloomWindow *self)
{
  gboolean maximized = gtk_window_is_maximized (GTK_WINDOW (self));
  int width, height;

  g_settings_set_boolean (self->settings, "window-maximized", maximized);
  if (!maximized && !gtk_window_is_fullscreen (GTK_WINDOW (self)))
    {
      gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
      g_settings_set_int (self->settings, "window-width", MAX (width, 360));
      g_settings_set_int (self->settings, "window-height", MAX (height, 360));
    }
}

static gboolean
bloom_window_close_request (GtkWindow *window)
{
  BloomWindow *self = BLOOM_WINDOW (window);

  save_geometry (self);

  if (_bloom_window_ask_before_close (self))
    return TRUE;

  return GTK_WINDOW_CLASS (bloom_window_parent_class)->close_request (window);
}

static void
bind_views (BloomWindow *self)
{
  BloomSessionView *views[] = {
    BLOOM_SESSION_VIEW (self->notice_view), BLOOM_SESSION_VIEW (self->operation_view),
    BLOOM_SESSION_VIEW (self->counters_view), BLOOM_SESSION_VIEW (self->step_view),
    BLOOM_SESSION_VIEW (self->grid), BLOOM_SESSION_VIEW (self->cursor_view),
  };

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    bloom_session_view_set_session (views[i], self->session);
  _bloom_window_set_sections_session (self, self->session);
}

static void
connect_session (BloomWindow *self)
{
  g_signal_connect_object (self->session, "changed",
                           G_CALLBACK (on_session_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::open-details",
                           G_CALLBACK (on_open_details_changed), self, G_CONNECT_SWAPPED);
}

/* The session the views, the sections and the actions show: the store's,
 * or a lecture's own while it plays (bloom-window-lecture.c), which hides
 * the fields meanwhile: they belong to the store's session's drafts. */
void
_bloom_window_show_session (BloomWindow  *self,
                            BloomSession *session)
{
  if (self->session == session)
    return;

  g_signal_handlers_disconnect_by_func (self->session, on_session_changed, self);
  g_signal_handlers_disconnect_by_func (self->session, on_open_details_changed, self);
  g_set_object (&self->session, session);
  bind_views (self);
  connect_session (self);
  on_open_details_changed (self);
  on_session_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

static void
bloom_window_constructed (GObject *object)
{
  BloomWindow *self = BLOOM_WINDOW (object);

  G_OBJECT_CLASS (bloom_window_parent_class)->constructed (object);

  /* The window shows the store's session; its size and zoom are kept in
   * the store's settings. */
  g_assert (BLOOM_IS_SESSION_STORE (self->store));
  self->session = g_object_ref (bloom_session_store_get_session (self->store));
  self->settings = g_object_ref (bloom_session_store_get_settings (self->store));

  restore_geometry (self);

  g_signal_connect_object (self->store, "notify::unsaved",
                           G_CALLBACK (_bloom_window_update_storage), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->store, "notify::unreadable-message",
                           G_CALLBACK (_bloom_window_update_storage), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->store, "notify::write-error",
                           G_CALLBACK (_bloom_window_update_storage), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->store, "notify::loaded-copy",
                           G_CALLBACK (_bloom_window_update_storage), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->store, "notify::recovery-available",
                           G_CALLBACK (_bloom_window_update_recovery), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->store, "notify::conflict",
                           G_CALLBACK (_bloom_window_update_storage), self, G_CONNECT_SWAPPED);

  bind_views (self);
  connect_session (self);

  _bloom_window_update_storage (self);
  _bloom_window_update_recovery (self);
  _bloom_window_show_file_message (self, NULL, FALSE);
  _bloom_window_bind_fields (self);
  on_open_details_changed (self);
  on_session_changed (self);
  self->recorder = bloom_lecture_recorder_new (self);
}

static void
bloom_window_dispose (GObject *object)
{
  BloomWindow *self = BLOOM_WINDOW (object);

  g_cancellable_cancel (self->file_cancellable);
  _bloom_window_dispose_lecture (self);
  g_clear_object (&self->recorder);
  g_clear_handle_id (&self->message_timeout_id, g_source_remove);
  g_clear_weak_pointer (&self->focus_before_message);
  destroy_kept_window (&self->sizing_dialog);
  destroy_kept_window (&self->shortcuts_window);
  _bloom_window_forget_banners (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), BLOOM_TYPE_WINDOW);
  _bloom_window_forget_sections (self);
  g_clear_object (&self->session);
  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  g_clear_object (&self->file_cancellable);
  g_clear_object (&self->replace_file);

  G_OBJECT_CLASS (bloom_window_parent_class)->dispose (object);
}

static void
bloom_window_finalize (GObject *object)
{
  BloomWindow *self = BLOOM_WINDOW (object);

  g_clear_pointer (&self->text_error, g_free);

  G_OBJECT_CLASS (bloom_window_parent_class)->finalize (object);
}

static void
bloom_window_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  BloomWindow *self = BLOOM_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_ZOOM:
      g_value_set_uint (value, self->zoom);
      break;
    case PROP_STEPPING:
      g_value_set_boolean (value, _bloom_window_get_stepping (self));
      break;
    case PROP_REVEALED_STEPS:
      g_value_set_uint (value, self->revealed_steps);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_window_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  BloomWindow *self = BLOOM_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;
    case PROP_ZOOM:
      bloom_window_set_zoom (self, g_value_get_uint (value));
      break;
    case PROP_STEPPING:
      _bloom_window_set_stepping (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bind_template (GtkWidgetClass *widget_class)
{
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bloomlab/BloomLab/ui/bloom-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, BloomWindow, name)
  BIND (page);
  BIND (recording_indicator);
  BIND (storage_revealer);
  BIND (recovery_revealer);
  BIND (conflict_revealer);
  _bloom_window_class_add_storage_actions (widget_class);
  BIND (file_revealer);
  BIND (m_spin);
  BIND (k_spin);
  BIND (m_message);
  BIND (k_message);
  BIND (create_button);
  BIND (text_entry);
  BIND (count_label);
  BIND (text_message);
  BIND (notice_view);
  BIND (operation_view);
  BIND (counters_view);
  BIND (step_view);
  BIND (grid_scroller);
  BIND (grid_section);
  BIND (grid);
  BIND (cursor_view);
  BIND (positions_expander);
  BIND (details_expander);
  BIND (plot_expander);
  BIND (entries_expander);
  BIND (experiment_expander);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, on_child_revealed);
  gtk_widget_class_bind_template_callback (widget_class, on_expander_toggled);
  _bloom_window_class_add_field_callbacks (widget_class);
  _bloom_window_class_add_zoom (widget_class);
}

static void
bloom_window_class_init (BloomWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  window_class->close_request = bloom_window_close_request;

  object_class->constructed = bloom_window_constructed;
  object_class->dispose = bloom_window_dispose;
  object_class->finalize = bloom_window_finalize;
  object_class->get_property = bloom_window_get_property;
  object_class->set_property = bloom_window_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, BLOOM_TYPE_SESSION,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, BLOOM_TYPE_SESSION_STORE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ZOOM] =
    g_param_spec_uint ("zoom", NULL, NULL,
                       BLOOM_WINDOW_ZOOM_MIN, BLOOM_WINDOW_ZOOM_MAX, BLOOM_WINDOW_ZOOM_DEFAULT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Step-through: the grid and the table show the last operation's
   * positions one at a time. View state, never stored. */
  properties[PROP_STEPPING] =
    g_param_spec_boolean ("stepping", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_REVEALED_STEPS] =
    g_param_spec_uint ("revealed-steps", NULL, NULL, 1, G_MAXUINT, G_MAXUINT,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (BLOOM_TYPE_NOTICE_VIEW);
  g_type_ensure (BLOOM_TYPE_OPERATION_VIEW);
  g_type_ensure (BLOOM_TYPE_COUNTERS_VIEW);
  g_type_ensure (BLOOM_TYPE_STEP_VIEW);
  g_type_ensure (BLOOM_TYPE_FITTED_SCROLLER);
  g_type_ensure (BLOOM_TYPE_BIT_GRID);
  g_type_ensure (BLOOM_TYPE_CURSOR_VIEW);
  g_type_ensure (BLOOM_TYPE_HASH_TABLE);
  g_type_ensure (BLOOM_TYPE_DETAILS_VIEW);
  g_type_ensure (BLOOM_TYPE_RATE_PLOT);
  g_type_ensure (BLOOM_TYPE_ENTRIES_VIEW);
  g_type_ensure (BLOOM_TYPE_EXPERIMENT_VIEW);
  g_type_ensure (BLOOM_TYPE_WRAP_BOX);

  bind_template (widget_class);
  _bloom_window_class_add_actions (widget_class);
  _bloom_window_class_add_lecture (widget_class);
}

/* style.css, once per display. Plain GtkApplication does not load it, and
 * the window's look (cards, the zoom's font sizes) depends on it with or
 * without an application. */
static void
ensure_style (GdkDisplay *display)
{
  g_autoptr(GtkCssProvider) provider = NULL;

  if (g_object_get_data (G_OBJECT (display), "bloom-lab-style") != NULL)
    return;

  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/bloomlab/BloomLab/style.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_data_full (G_OBJECT (display), "bloom-lab-style", g_steal_pointer (&provider),
                          g_object_unref);
}

static void
bloom_window_init (BloomWindow *self)
{
  GtkWidget *page;

  self->zoom = BLOOM_WINDOW_ZOOM_DEFAULT;
  self->revealed_steps = G_MAXUINT;
  self->file_cancellable = g_cancellable_new ();

  ensure_style (gtk_widget_get_display (GTK_WIDGET (self)));
  gtk_widget_init_template (GTK_WIDGET (self));
  _bloom_window_init_zoom (self);
  _bloom_window_init_file_message (self);
  bloom_gtk_expander_keep_focus_out (self->positions_expander);
  bloom_gtk_expander_keep_focus_out (self->details_expander);
  bloom_gtk_expander_keep_focus_out (self->plot_expander);
  bloom_gtk_expander_keep_focus_out (self->entries_expander);
  bloom_gtk_expander_keep_focus_out (self->experiment_expander);

  /* The page scrolls as a whole, so every part of it gets its natural
   * height: a tall page must not squeeze the grid's own scroller. */
  page = gtk_window_get_child (GTK_WINDOW (self));
  if (GTK_IS_OVERLAY (page))
    page = gtk_overlay_get_child (GTK_OVERLAY (page));
  if (GTK_IS_SCROLLED_WINDOW (page))
    page = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (page));
  if (GTK_IS_VIEWPORT (page))
    gtk_scrollable_set_vscroll_policy (GTK_SCROLLABLE (page), GTK_SCROLL_NATURAL);

  g_object_bind_property (self, "revealed-steps", self->grid, "revealed-steps",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "revealed-steps", self->step_view, "revealed-steps",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->grid, "cursor", self->cursor_view, "cursor",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->grid, "cursor-used", self->cursor_view, "cursor-used",
                          G_BINDING_SYNC_CREATE);
  bloom_scroll_chain_to_page (GTK_SCROLLED_WINDOW (self->grid_scroller));

  _bloom_window_add_capture_shortcuts (self);
  _bloom_window_add_drop_target (self);
  /* Last: it puts the page under the lecture's caption and cover. */
  _bloom_window_init_lecture (self);
}

/* A window on the session of @store (the application's, or a scratch
 * store's), its size and zoom kept in the store's settings. */
BloomWindow *
bloom_window_new (GtkApplication    *application,
                  BloomSessionStore *store)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (store), NULL);

  return g_object_new (BLOOM_TYPE_WINDOW,
                       "application", application,
                       "store", store,
                       NULL);
}

BloomSession *
bloom_window_get_session (BloomWindow *self)
{
  g_return_val_if_fail (BLOOM_IS_WINDOW (self), NULL);

  return self->session;
}

guint
bloom_window_get_zoom (BloomWindow *self)
{
  g_return_val_if_fail (BLOOM_IS_WINDOW (self), BLOOM_WINDOW_ZOOM_DEFAULT);

  return self->zoom;
}

/* Ctrl+plus, Ctrl+minus and Ctrl+0 scale the whole page, text and grid
 * together, for a lecture hall: 50 to 300 %, kept with the window's
 * size. Zooms between the steps go to the nearest one. */
void
bloom_window_set_zoom (BloomWindow *self,
                       guint        zoom)
{
  guint old_zoom;

  g_return_if_fail (BLOOM_IS_WINDOW (self));

  zoom = _bloom_window_nearest_zoom (CLAMP (zoom, BLOOM_WINDOW_ZOOM_MIN, BLOOM_WINDOW_ZOOM_MAX));
  if (self->zoom == zoom)
    return;

  old_zoom = self->zoom;
  self->zoom = zoom;
  _bloom_window_apply_zoom (self, old_zoom);
  /* A lecture's zoom is its own: the user's stays stored. */
  if (!_bloom_window_is_presenting (self) && g_settings_get_int (self->settings, "zoom") != (int) zoom)
    g_settings_set_int (self->settings, "zoom", zoom);
  _bloom_window_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}
