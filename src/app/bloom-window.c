/* bloom-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bloom-bit-grid.h"
#include "bloom-details-view.h"
#include "bloom-entries-view.h"
#include "bloom-format.h"
#include "bloom-hash-table.h"
#include "bloom-quit-dialog.h"
#include "bloom-rate-plot.h"
#include "bloom-session-file.h"
#include "bloom-session-store.h"
#include "bloom-settings.h"
#include "bloom-sizing-dialog.h"
#include "bloom-window.h"

#define ZOOM_DEFAULT 100

/* The zoom steps of the grid, in percent of its base cell size. */
static const guint zoom_steps[] = { 50, 67, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300, 400 };

struct _BloomWindow
{
  GtkApplicationWindow  parent_instance;

  BloomSession         *session;
  BloomSessionStore    *store;       /* NULL when nothing is stored */
  GSettings            *settings;    /* NULL when nothing is stored */
  guint                 zoom;

  /* The session goes to a file and the window closes when it is written:
   * "Export…" in the dialog that asks before quitting. */
  gboolean              close_after_export;
  /* The user chose to quit without keeping the session. */
  gboolean              quit_confirmed;
  GCancellable         *file_cancellable;

  /* Set while a field is written from the model, so the field's own
   * "changed" does not write it back. */
  gboolean              syncing;
  /* A field edit arrives as a delete and then an insert; what the fields
   * say is applied once both have happened, from an idle. */
  guint                 parameter_sync_id;
  guint                 icon_preload_id;
  gboolean              icons_preloaded;
  /* Set by a spin button's "input" when its text is not a valid number,
   * so that "output" leaves the text as typed instead of replacing it. */
  gboolean              keep_parameter_text;
  /* The last operation refused, shown under the string field until the
   * string changes or an operation succeeds. */
  char                 *text_error;
  /* Step-through, view state only: how many positions of the last
   * operation the grid and the table show; G_MAXUINT shows all. */
  guint                 revealed_steps;
  /* Toplevels made when first asked for, kept while hidden. */
  GtkWindow            *sizing_dialog;
  GtkWindow            *shortcuts_window;

  /* Template widgets */
  GtkRevealer          *storage_revealer;
  GtkLabel             *storage_label;
  GtkWidget            *storage_export_button;
  GtkWidget            *save_copy_button;
  GtkWidget            *dismiss_storage_button;
  GtkRevealer          *file_revealer;
  GtkWidget            *file_banner;
  GtkImage             *file_icon;
  GtkLabel             *file_label;
  GtkSpinButton        *m_spin;
  GtkSpinButton        *k_spin;
  GtkLabel             *m_message;
  GtkLabel             *k_message;
  GtkRevealer          *notice_revealer;
  GtkLabel             *notice_label;
  GtkButton            *undo_button;
  GtkButton            *create_button;
  GtkButton            *reset_button;
  GtkButton            *example_button;
  GtkButton            *insert_button;
  GtkButton            *query_button;
  GtkEntry             *text_entry;
  GtkLabel             *count_label;
  GtkLabel             *text_message;
  GtkWidget            *operation_card;
  GtkImage             *verdict_icon;
  GtkLabel             *operation_label;
  GtkLabel             *operation_text;
  GtkLabel             *verdict_label;
  GtkLabel             *verdict_detail;
  GtkLabel             *entries_value;
  GtkLabel             *negatives_value;
  GtkLabel             *false_positives_value;
  GtkLabel             *rate_value;
  GtkWidget            *grid_scroller;
  GtkWidget            *grid_placeholder;
  BloomBitGrid         *grid;
  GtkExpander          *positions_expander;
  GtkExpander          *details_expander;
  BloomHashTable       *hash_table;
  BloomDetailsView     *details_view;
  GtkLabel             *step_label;
  GtkLabel             *cursor_label;
  GtkExpander          *plot_expander;
  BloomRatePlot        *rate_plot;
  GtkExpander          *entries_expander;
  BloomEntriesView     *entries_view;
};

G_DEFINE_FINAL_TYPE (BloomWindow, bloom_window, GTK_TYPE_APPLICATION_WINDOW)

enum { PROP_0, PROP_SESSION, PROP_STORE, PROP_SETTINGS, PROP_ZOOM, PROP_STEPPING, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* Names of the details in the session (SPEC P1). */
#define DETAIL_POSITIONS "hash-positions"
#define DETAIL_MODEL     "model"
#define DETAIL_RATE_PLOT "rate-plot"
#define DETAIL_ENTRIES   "entries"

/* A hidden revealer still takes the box's spacing: it is only visible
 * while it shows something or slides. */
static void
reveal (GtkRevealer *revealer,
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

static void
set_message (GtkLabel   *label,
             GtkWidget  *field,
             const char *message)
{
  gboolean invalid = message != NULL && *message != '\0';

  gtk_label_set_text (label, invalid ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (label), invalid);

  /* Screen readers hear the message with the field. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (field),
                               GTK_ACCESSIBLE_STATE_INVALID,
                               invalid ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE,
                               -1);
  if (invalid)
    gtk_accessible_update_property (GTK_ACCESSIBLE (field),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message,
                                    -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (field), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static gboolean
parse_draft (BloomParameter  parameter,
             const char     *draft,
             guint          *value,
             GError        **error)
{
  guint ignored;

  return bloom_parameter_parse (parameter, draft, value ? value : &ignored, error);
}

/* F2: each field says what is wrong with it, as typed. */
static void
update_parameters (BloomWindow *self)
{
  g_autoptr(GError) m_error = NULL;
  g_autoptr(GError) k_error = NULL;
  gboolean m_ok = parse_draft (BLOOM_PARAMETER_M, bloom_session_get_m_draft (self->session), NULL, &m_error);
  gboolean k_ok = parse_draft (BLOOM_PARAMETER_K, bloom_session_get_k_draft (self->session), NULL, &k_error);

  set_message (self->m_message, GTK_WIDGET (self->m_spin), m_ok ? NULL : m_error->message);
  set_message (self->k_message, GTK_WIDGET (self->k_spin), k_ok ? NULL : k_error->message);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "filter.create", m_ok && k_ok);
}

static void
update_text (BloomWindow *self)
{
  const char *draft = bloom_session_get_text_draft (self->session);
  glong n_units = bloom_text_count_units (draft, -1);
  g_autofree char *count = g_strdup_printf ("%ld/%d", MAX (n_units, 0), BLOOM_TEXT_MAX_UNITS);
  g_autofree char *count_description = NULL;
  g_autoptr(GError) error = NULL;
  const char *message = self->text_error;

  gtk_label_set_text (self->count_label, count);
  count_description = g_strdup_printf (_("%ld of %d UTF-16 code units"), MAX (n_units, 0),
                                       BLOOM_TEXT_MAX_UNITS);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->count_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, count_description,
                                  -1);

  /* T1: too long is said as typed; empty only when an operation is tried. */
  if (n_units > BLOOM_TEXT_MAX_UNITS)
    {
      g_autofree gunichar2 *units = NULL;
      gsize ignored;

      units = bloom_text_to_units (draft, -1, &ignored, &error);
      g_assert (units == NULL);
      message = error->message;
      gtk_widget_add_css_class (GTK_WIDGET (self->count_label), "error");
    }
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->count_label), "error");

  set_message (self->text_message, GTK_WIDGET (self->text_entry), message);
}

static void
update_notice (BloomWindow *self)
{
  BloomFilter *filter = bloom_session_get_filter (self->session);
  gboolean can_undo = bloom_session_get_can_undo (self->session);
  const char *text = NULL;

  if (filter == NULL && can_undo)
    text = _("The parameters changed, so the filter was discarded. Insert and Query are "
             "unavailable until you create a filter (Ctrl+N).");
  else if (filter == NULL)
    text = _("No filter is active. Choose m and k, then create a filter (Ctrl+N) to insert "
             "and query strings.");
  else if (can_undo)
    text = _("The previous filter was emptied or replaced.");

  if (text != NULL)
    gtk_label_set_text (self->notice_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->undo_button), can_undo);
  reveal (self->notice_revealer, text != NULL);
}

static void
update_operation (BloomWindow *self)
{
  BloomOperation *operation = bloom_session_get_last_operation (self->session);
  BloomOutcome outcome;
  g_autofree char *title = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *detail = NULL;
  static const char * const outcome_classes[] = {
    "inserted", "already-inserted", "member", "false-positive", "definitely-absent",
  };

  for (guint i = 0; i < G_N_ELEMENTS (outcome_classes); i++)
    gtk_widget_remove_css_class (self->operation_card, outcome_classes[i]);

  if (operation == NULL)
    {
      gtk_image_set_from_icon_name (self->verdict_icon, "dialog-information-symbolic");
      gtk_label_set_text (self->operation_label, _("Last operation"));
      gtk_label_set_text (self->operation_text, "");
      /* No string to show: hidden, so it takes no room either. */
      gtk_widget_set_visible (GTK_WIDGET (self->operation_text), FALSE);
      gtk_label_set_text (self->verdict_label, _("None yet"));
      gtk_label_set_text (self->verdict_detail,
                          bloom_session_get_filter (self->session) != NULL
                          ? _("Type a string, then press Enter to insert it or Ctrl+Enter to query it.")
                          : _("Create a filter first."));
      return;
    }

  outcome = bloom_operation_get_outcome (operation);
  title = bloom_format_operation_title (operation);
  quoted = bloom_text_quote (bloom_operation_get_text (operation, NULL), -1);
  detail = bloom_format_operation_detail (operation);

  gtk_widget_add_css_class (self->operation_card, outcome_classes[outcome]);
  gtk_image_set_from_icon_name (self->verdict_icon, bloom_format_outcome_icon (outcome));
  gtk_label_set_text (self->operation_label, title);
  gtk_label_set_text (self->operation_text, quoted);
  gtk_widget_set_visible (GTK_WIDGET (self->operation_text), TRUE);
  gtk_label_set_text (self->verdict_label, bloom_format_outcome (outcome));
  gtk_label_set_text (self->verdict_detail, detail);
}

static void
update_counters (BloomWindow *self)
{
  g_autofree char *entries = NULL;
  g_autofree char *negatives = NULL;
  g_autofree char *false_positives = NULL;
  g_autofree char *rate = bloom_format_observed_rate (self->session);

  /* Translators: "3 of 1024" distinct entries */
  entries = g_strdup_printf (_("%u of %d"), bloom_session_get_n_entries (self->session),
                             BLOOM_MAX_ENTRIES);
  negatives = g_strdup_printf ("%u", bloom_session_get_negative_queries (self->session));
  false_positives = g_strdup_printf ("%u", bloom_session_get_false_positives (self->session));

  gtk_label_set_text (self->entries_value, entries);
  gtk_label_set_text (self->negatives_value, negatives);
  gtk_label_set_text (self->false_positives_value, false_positives);
  gtk_label_set_text (self->rate_value, rate);
}

static void
update_actions (BloomWindow *self)
{
  gboolean active = bloom_session_get_filter (self->session) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "filter.insert", active);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "filter.query", active);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "filter.reset", active);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "filter.example", active);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "filter.undo",
                                 bloom_session_get_can_undo (self->session));
}

/* SPEC P2 and a stored session that could not be read: a notice that
 * stays while it is true. */
static void
update_storage (BloomWindow *self)
{
  const char *unreadable = self->store ? bloom_session_store_get_unreadable_message (self->store) : NULL;
  gboolean unsaved = self->store != NULL && bloom_session_store_get_unsaved (self->store);
  g_autofree char *text = NULL;

  if (unreadable != NULL)
    /* Translators: %s says why the stored session could not be read */
    text = g_strdup_printf (_("The session stored on this computer could not be read, so Bloom Lab "
                              "started with an empty one. The unreadable copy is kept; save it to "
                              "a file to look at it. The reason: %s"),
                            unreadable);
  else if (unsaved)
    text = bloom_format_unsaved_notice (bloom_session_store_get_unsaved_chars (self->store));

  if (text != NULL)
    gtk_label_set_text (self->storage_label, text);
  gtk_widget_set_visible (self->storage_export_button, unreadable == NULL && unsaved);
  gtk_widget_set_visible (self->save_copy_button, unreadable != NULL);
  gtk_widget_set_visible (self->dismiss_storage_button, unreadable != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "session.save-unreadable", unreadable != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "session.dismiss-unreadable", unreadable != NULL);
  reveal (self->storage_revealer, text != NULL);
}

/* What an import or export did, until dismissed or replaced. */
static void
show_file_message (BloomWindow *self,
                   const char  *message,
                   gboolean     failed)
{
  if (message == NULL)
    {
      reveal (self->file_revealer, FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "session.dismiss-message", FALSE);
      return;
    }

  gtk_label_set_text (self->file_label, message);
  gtk_image_set_from_icon_name (self->file_icon,
                                failed ? "dialog-error-symbolic" : "object-select-symbolic");
  if (failed)
    gtk_widget_add_css_class (self->file_banner, "error");
  else
    gtk_widget_remove_css_class (self->file_banner, "error");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "session.dismiss-message", TRUE);
  reveal (self->file_revealer, TRUE);

  /* Screen readers hear it at once. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->file_label),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message,
                                  -1);
}

/* Step-through and the bit cursor: what the window shows beside the grid. */
static void
update_teaching (BloomWindow *self)
{
  BloomOperation *operation = bloom_session_get_last_operation (self->session);
  guint k = operation ? bloom_operation_get_n_positions (operation) : 0;
  gboolean stepping = self->revealed_steps != G_MAXUINT;

  if (stepping && k > 0)
    {
      g_autofree char *step = bloom_format_step (operation, MIN (self->revealed_steps, k) - 1);

      gtk_label_set_text (self->step_label, step);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->step_label), stepping && k > 0);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "view.step-through", k > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "view.step-next",
                                 k > 0 && (!stepping || self->revealed_steps < k));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "view.step-previous",
                                 stepping && self->revealed_steps > 1);

  if (bloom_session_get_filter (self->session) != NULL)
    {
      g_autofree char *bit = bloom_format_bit_provenance (self->session,
                                                          bloom_bit_grid_get_cursor (self->grid));

      gtk_label_set_text (self->cursor_label, bit);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->cursor_label),
                          bloom_session_get_filter (self->session) != NULL);
}

static void
set_revealed_steps (BloomWindow *self,
                    guint        revealed_steps)
{
  gboolean was_stepping = self->revealed_steps != G_MAXUINT;

  self->revealed_steps = revealed_steps;
  bloom_bit_grid_set_revealed_steps (self->grid, revealed_steps);
  bloom_hash_table_set_revealed_steps (self->hash_table, revealed_steps);
  update_teaching (self);

  if (was_stepping != (revealed_steps != G_MAXUINT))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEPPING]);
}

/* Ctrl+T, as the "stepping" property: on starts at step 1 of the last
 * operation, off shows every position again. */
static void
set_stepping (BloomWindow *self,
              gboolean     stepping)
{
  if (stepping == (self->revealed_steps != G_MAXUINT))
    return;

  if (!stepping)
    set_revealed_steps (self, G_MAXUINT);
  else if (bloom_session_get_last_operation (self->session) != NULL)
    set_revealed_steps (self, 1);
}

/* A new operation starts its own step-through at step 1; without one
 * there is nothing to step through. */
static void
restart_stepping (BloomWindow *self)
{
  if (self->revealed_steps == G_MAXUINT)
    update_teaching (self);
  else if (bloom_session_get_last_operation (self->session) != NULL)
    set_revealed_steps (self, 1);
  else
    set_revealed_steps (self, G_MAXUINT);
}

/* The model changed: every part of the window that shows it. */
static void
on_session_changed (BloomWindow *self)
{
  gboolean active = bloom_session_get_filter (self->session) != NULL;

  update_actions (self);
  update_notice (self);
  update_operation (self);
  update_counters (self);
  restart_stepping (self);
  gtk_widget_set_visible (self->grid_scroller, active);
  gtk_widget_set_visible (self->grid_placeholder, !active);
}

static void
sync_field (BloomWindow *self,
            GtkEditable *field,
            const char  *draft)
{
  if (g_strcmp0 (gtk_editable_get_text (field), draft) == 0)
    return;

  self->syncing = TRUE;
  gtk_editable_set_text (field, draft);
  self->syncing = FALSE;
}

/* Drafts change from the fields, or from the model (undo, restore). */
static void
on_drafts_changed (BloomWindow *self)
{
  sync_field (self, GTK_EDITABLE (self->m_spin), bloom_session_get_m_draft (self->session));
  sync_field (self, GTK_EDITABLE (self->k_spin), bloom_session_get_k_draft (self->session));
  sync_field (self, GTK_EDITABLE (self->text_entry), bloom_session_get_text_draft (self->session));
  update_parameters (self);
  update_text (self);
}

static void
on_open_details_changed (BloomWindow *self)
{
  gtk_expander_set_expanded (self->positions_expander,
                             bloom_session_get_detail_open (self->session, DETAIL_POSITIONS));
  gtk_expander_set_expanded (self->details_expander,
                             bloom_session_get_detail_open (self->session, DETAIL_MODEL));
  gtk_expander_set_expanded (self->plot_expander,
                             bloom_session_get_detail_open (self->session, DETAIL_RATE_PLOT));
  gtk_expander_set_expanded (self->entries_expander,
                             bloom_session_get_detail_open (self->session, DETAIL_ENTRIES));
}

static gboolean
differs_from_filter (BloomParameter  parameter,
                     const char     *text,
                     guint           active)
{
  guint value;

  return !parse_draft (parameter, text, &value, NULL) || value != active;
}

/* F3: fields that no longer say the active filter's parameters discard
 * it; the model keeps what it dropped, with the drafts it had, for Undo. */
static void
sync_parameters (BloomWindow *self)
{
  /* Copies: setting one draft writes the other field back from its draft,
   * which frees the text gtk_editable_get_text() returned. */
  g_autofree char *m_text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->m_spin)));
  g_autofree char *k_text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->k_spin)));
  BloomFilter *filter = bloom_session_get_filter (self->session);

  g_clear_handle_id (&self->parameter_sync_id, g_source_remove);

  if (filter != NULL &&
      (differs_from_filter (BLOOM_PARAMETER_M, m_text, bloom_filter_get_m (filter)) ||
       differs_from_filter (BLOOM_PARAMETER_K, k_text, bloom_filter_get_k (filter))))
    bloom_session_discard_filter (self->session);

  bloom_session_set_m_draft (self->session, m_text);
  bloom_session_set_k_draft (self->session, k_text);
}

static gboolean
sync_parameters_idle (gpointer user_data)
{
  BloomWindow *self = user_data;

  self->parameter_sync_id = 0;
  sync_parameters (self);

  return G_SOURCE_REMOVE;
}

/* Whatever acts on the model first takes in what the fields say. */
static void
flush_parameters (BloomWindow *self)
{
  if (self->parameter_sync_id != 0)
    sync_parameters (self);
}

static void
on_parameter_changed (BloomWindow *self)
{
  if (self->syncing || self->parameter_sync_id != 0)
    return;

  /* Before the next frame is drawn, after the edit is complete. */
  self->parameter_sync_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, sync_parameters_idle, self, NULL);
}

/* A spin button replaces text it cannot parse with its last value; here
 * text that is not valid stays as typed, with its message beside it. */
static int
on_parameter_input (BloomWindow   *self,
                    double        *new_value,
                    GtkSpinButton *spin)
{
  BloomParameter parameter = spin == self->m_spin ? BLOOM_PARAMETER_M : BLOOM_PARAMETER_K;
  guint value;

  if (parse_draft (parameter, gtk_editable_get_text (GTK_EDITABLE (spin)), &value, NULL))
    {
      *new_value = value;
      return TRUE;
    }

  *new_value = gtk_spin_button_get_value (spin);
  self->keep_parameter_text = TRUE;

  return TRUE;
}

static gboolean
on_parameter_output (BloomWindow   *self,
                     GtkSpinButton *spin)
{
  if (self->keep_parameter_text)
    {
      self->keep_parameter_text = FALSE;
      return TRUE;
    }

  return FALSE;
}

static void
on_text_changed (BloomWindow *self,
                 GtkEditable *editable)
{
  if (self->syncing)
    return;

  g_clear_pointer (&self->text_error, g_free);
  bloom_session_set_text_draft (self->session, gtk_editable_get_text (editable));
}

static void
on_text_activate (BloomWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "filter.insert", NULL);
}

static void
on_expander_toggled (BloomWindow *self,
                     GParamSpec  *pspec,
                     GtkExpander *expander)
{
  const char *name = expander == self->positions_expander ? DETAIL_POSITIONS
                     : expander == self->details_expander ? DETAIL_MODEL
                     : expander == self->plot_expander ? DETAIL_RATE_PLOT
                     : DETAIL_ENTRIES;

  bloom_session_set_detail_open (self->session, name, gtk_expander_get_expanded (expander));
}

static void
show_text_error (BloomWindow *self,
                 GError      *error)
{
  g_free (self->text_error);
  self->text_error = g_strdup (error ? error->message : NULL);
  update_text (self);
}

static void
create_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  guint m, k;

  flush_parameters (self);

  /* The action is only enabled when both drafts parse. */
  if (!parse_draft (BLOOM_PARAMETER_M, bloom_session_get_m_draft (self->session), &m, NULL) ||
      !parse_draft (BLOOM_PARAMETER_K, bloom_session_get_k_draft (self->session), &k, NULL))
    return;

  if (!bloom_session_create_filter (self->session, m, k, &error))
    {
      set_message (self->m_message, GTK_WIDGET (self->m_spin), error->message);
      return;
    }

  /* Next comes a string: put the keyboard there. */
  gtk_widget_grab_focus (GTK_WIDGET (self->text_entry));
}

static void
run_operation (BloomWindow        *self,
               BloomOperationKind  kind)
{
  const char *text;
  g_autoptr(GError) error = NULL;
  BloomOperation *operation;

  flush_parameters (self);
  /* A discard just now disables the action: the key must not act. */
  if (bloom_session_get_filter (self->session) == NULL)
    return;

  text = bloom_session_get_text_draft (self->session);
  if (kind == BLOOM_OPERATION_INSERT)
    operation = bloom_session_insert (self->session, text, -1, &error);
  else
    operation = bloom_session_query (self->session, text, -1, &error);

  show_text_error (self, operation == NULL ? error : NULL);

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
insert_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  run_operation (BLOOM_WINDOW (widget), BLOOM_OPERATION_INSERT);
}

static void
query_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  run_operation (BLOOM_WINDOW (widget), BLOOM_OPERATION_QUERY);
}

static void
reset_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);

  flush_parameters (self);
  show_text_error (self, NULL);
  bloom_session_reset (self->session);
}

static void
example_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  flush_parameters (self);
  if (bloom_session_get_filter (self->session) == NULL)
    return;

  bloom_session_insert_example (self->session, &error);
  show_text_error (self, error);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);

  flush_parameters (self);
  bloom_session_undo (self->session);
}

static void
zoom_step (BloomWindow *self,
           int          direction)
{
  guint index = 0;

  while (index + 1 < G_N_ELEMENTS (zoom_steps) && zoom_steps[index] < self->zoom)
    index++;

  if (direction > 0 && zoom_steps[index] <= self->zoom && index + 1 < G_N_ELEMENTS (zoom_steps))
    index++;
  else if (direction < 0 && index > 0)
    index--;

  bloom_window_set_zoom (self, zoom_steps[index]);
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);

  if (g_str_equal (action_name, "view.zoom-in"))
    zoom_step (self, 1);
  else if (g_str_equal (action_name, "view.zoom-out"))
    zoom_step (self, -1);
  else
    bloom_window_set_zoom (self, ZOOM_DEFAULT);
}

static char *
display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return basename ? g_filename_display_name (basename) : g_file_get_uri (file);
}

typedef enum
{
  SAVE_SESSION,
  SAVE_UNREADABLE_COPY,
} SaveKind;

typedef struct
{
  BloomWindow *self;
  GFile       *file;
  SaveKind     kind;
} FileJob;

static FileJob *
file_job_new (BloomWindow *self,
              SaveKind     kind)
{
  FileJob *job = g_new0 (FileJob, 1);

  job->self = g_object_ref (self);
  job->kind = kind;

  return job;
}

static void
file_job_free (FileJob *job)
{
  g_clear_object (&job->self);
  g_clear_object (&job->file);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FileJob, file_job_free)

static void
save_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(FileJob) job = user_data;
  BloomWindow *self = job->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = display_name (job->file);
  g_autofree char *message = NULL;

  if (!bloom_session_file_write_finish (job->file, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;

      self->close_after_export = FALSE;
      /* Translators: the first %s is a file name, the second why it failed */
      message = g_strdup_printf (_("Could not save to “%s”: %s"), name, error->message);
      show_file_message (self, message, TRUE);
      return;
    }

  if (job->kind == SAVE_SESSION)
    /* Translators: %s is a file name */
    message = g_strdup_printf (_("Exported the session to “%s”."), name);
  else
    /* Translators: %s is a file name */
    message = g_strdup_printf (_("Saved the unreadable stored session to “%s”."), name);
  show_file_message (self, message, FALSE);

  if (job->kind == SAVE_SESSION && self->close_after_export)
    {
      self->close_after_export = FALSE;
      self->quit_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static void
start_save (FileJob *job,
            GFile   *file)
{
  BloomWindow *self = job->self;

  g_set_object (&job->file, file);

  if (job->kind == SAVE_SESSION)
    {
      bloom_session_file_export_async (self->session, file, self->file_cancellable,
                                       save_done, job);
    }
  else
    {
      char *copy = bloom_session_store_dup_unreadable_copy (self->store);
      g_autoptr(GBytes) contents = g_bytes_new_take (copy, strlen (copy));

      bloom_session_file_write_async (file, contents, self->file_cancellable, save_done, job);
    }
}

static void
import_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(FileJob) job = user_data;
  BloomWindow *self = job->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = display_name (job->file);
  g_autofree char *message = NULL;

  if (!bloom_session_file_import_finish (BLOOM_SESSION (source), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;

      /* Translators: the first %s is a file name, the second why it failed */
      message = g_strdup_printf (_("Could not import “%s”: %s The current session is unchanged."),
                                 name, error->message);
      show_file_message (self, message, TRUE);
      return;
    }

  /* Translators: %s is a file name */
  message = g_strdup_printf (_("Imported the session from “%s”."), name);
  show_file_message (self, message, FALSE);
}

/* SPEC P3: the session changes only when the whole file checks out. */
void
bloom_window_import_file (BloomWindow *self,
                          GFile       *file)
{
  FileJob *job;

  g_return_if_fail (BLOOM_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  flush_parameters (self);

  job = file_job_new (self, SAVE_SESSION);
  job->file = g_object_ref (file);
  bloom_session_file_import_async (self->session, file, self->file_cancellable, import_done, job);
}

/* SPEC P3: the full document, written atomically. */
void
bloom_window_export_file (BloomWindow *self,
                          GFile       *file)
{
  g_return_if_fail (BLOOM_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  flush_parameters (self);
  start_save (file_job_new (self, SAVE_SESSION), file);
}

static GListModel *
json_filters (void)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) json = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (json, _("Bloom Lab sessions (JSON)"));
  gtk_file_filter_add_mime_type (json, "application/json");
  gtk_file_filter_add_suffix (json, "json");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, json);
  g_list_store_append (filters, all);

  return G_LIST_MODEL (filters);
}

/* GtkFileDialog from GTK 4.10; before, GtkFileChooserNative. Both go
 * through the file chooser portal inside a Flatpak. */
#if GTK_CHECK_VERSION (4, 10, 0)
static void
save_dialog_done (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  FileJob *job = user_data;
  g_autoptr(GFile) file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, NULL);

  if (file == NULL)
    {
      job->self->close_after_export = FALSE;
      file_job_free (job);
      return;
    }

  start_save (job, file);
}

static void
open_dialog_done (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(BloomWindow) self = user_data;
  g_autoptr(GFile) file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, NULL);

  if (file != NULL)
    bloom_window_import_file (self, file);
}
#else
static void
save_chooser_response (GtkNativeDialog *native,
                       int              response,
                       gpointer         user_data)
{
  FileJob *job = user_data;
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

  if (file == NULL)
    {
      job->self->close_after_export = FALSE;
      file_job_free (job);
    }
  else
    start_save (job, file);

  g_object_unref (native);
}

static void
open_chooser_response (GtkNativeDialog *native,
                       int              response,
                       gpointer         user_data)
{
  g_autoptr(BloomWindow) self = user_data;
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (file != NULL)
    bloom_window_import_file (self, file);

  g_object_unref (native);
}

static void
add_chooser_filters (GtkFileChooser *chooser)
{
  g_autoptr(GListModel) filters = json_filters ();

  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      gtk_file_chooser_add_filter (chooser, filter);
    }
}
#endif

static void
choose_save_file (BloomWindow *self,
                  SaveKind     kind)
{
  FileJob *job = file_job_new (self, kind);
  const char *title = kind == SAVE_SESSION ? _("Export Session") : _("Save Unreadable Session");
  const char *name = kind == SAVE_SESSION ? "bloom-lab-session.json"
                                          : "bloom-lab-unreadable-session.json";
#if GTK_CHECK_VERSION (4, 10, 0)
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr(GListModel) filters = json_filters ();

  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_initial_name (dialog, name);
  gtk_file_dialog_set_filters (dialog, filters);
  gtk_file_dialog_set_modal (dialog, TRUE);
  gtk_file_dialog_save (dialog, GTK_WINDOW (self), NULL, save_dialog_done, job);
#else
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (title, GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  add_chooser_filters (GTK_FILE_CHOOSER (native));
  g_signal_connect (native, "response", G_CALLBACK (save_chooser_response), job);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
#endif
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  choose_save_file (BLOOM_WINDOW (widget), SAVE_SESSION);
}

static void
save_unreadable_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);

  if (self->store != NULL)
    choose_save_file (self, SAVE_UNREADABLE_COPY);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);
#if GTK_CHECK_VERSION (4, 10, 0)
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr(GListModel) filters = json_filters ();

  gtk_file_dialog_set_title (dialog, _("Import Session"));
  gtk_file_dialog_set_filters (dialog, filters);
  gtk_file_dialog_set_modal (dialog, TRUE);
  gtk_file_dialog_open (dialog, GTK_WINDOW (self), NULL, open_dialog_done, g_object_ref (self));
#else
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Import Session"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_chooser_filters (GTK_FILE_CHOOSER (native));
  g_signal_connect (native, "response", G_CALLBACK (open_chooser_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
#endif
}

static void
dismiss_unreadable_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);

  if (self->store != NULL)
    bloom_session_store_dismiss_unreadable (self->store);
}

static void
dismiss_message_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  show_file_message (BLOOM_WINDOW (widget), NULL, FALSE);
}

static void
on_quit_response (BloomWindow     *self,
                  int              response,
                  BloomQuitDialog *dialog)
{
  switch (response)
    {
    case BLOOM_QUIT_RESPONSE_QUIT:
      self->quit_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
      break;
    case BLOOM_QUIT_RESPONSE_EXPORT:
      self->close_after_export = TRUE;
      choose_save_file (self, SAVE_SESSION);
      break;
    default:
      break;
    }
}

static void
save_geometry (BloomWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;

  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)) &&
      !gtk_window_is_fullscreen (GTK_WINDOW (self)))
    {
      gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
      g_settings_set_int (self->settings, "window-width", MAX (width, 360));
      g_settings_set_int (self->settings, "window-height", MAX (height, 360));
    }
}

/* SPEC P2: a session that is not stored is never lost without asking. */
static gboolean
bloom_window_close_request (GtkWindow *window)
{
  BloomWindow *self = BLOOM_WINDOW (window);

  flush_parameters (self);
  save_geometry (self);

  if (self->store != NULL)
    {
      bloom_session_store_flush (self->store);

      if (bloom_session_store_get_unsaved (self->store) && !self->quit_confirmed)
        {
          BloomQuitDialog *dialog;

          dialog = bloom_quit_dialog_new (window, bloom_session_store_get_unsaved_chars (self->store));
          g_signal_connect_object (dialog, "response", G_CALLBACK (on_quit_response), self,
                                   G_CONNECT_SWAPPED);
          gtk_window_present (GTK_WINDOW (dialog));
          return TRUE;
        }
    }

  return GTK_WINDOW_CLASS (bloom_window_parent_class)->close_request (window);
}

static void
on_zoom_changed (BloomWindow *self)
{
  if (self->settings != NULL)
    {
      g_settings_set_int (self->settings, "zoom", self->zoom);
    }
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

  if (k == 0)
    return;

  if (self->revealed_steps == G_MAXUINT)
    set_stepping (self, TRUE);
  else if (g_str_equal (action_name, "view.step-next"))
    set_revealed_steps (self, MIN (self->revealed_steps + 1, k));
  else
    set_revealed_steps (self, MAX (self->revealed_steps, 2) - 1);
}

static void
on_use_parameters (BloomWindow       *self,
                   guint              m,
                   guint              k,
                   BloomSizingDialog *dialog)
{
  g_autofree char *m_text = g_strdup_printf ("%u", m);
  g_autofree char *k_text = g_strdup_printf ("%u", k);

  /* As if typed, one field at a time, as sync_parameters() expects: F3
   * discards a filter with other parameters, and Undo brings it back. */
  gtk_editable_set_text (GTK_EDITABLE (self->m_spin), m_text);
  flush_parameters (self);
  gtk_editable_set_text (GTK_EDITABLE (self->k_spin), k_text);
  flush_parameters (self);

  /* Creating the filter is the next thing to do. */
  gtk_widget_grab_focus (GTK_WIDGET (self->create_button));
}

/* A toplevel of the window's, kept while hidden: known through a weak
 * pointer, destroyed with the window. */
static void
keep_window (GtkWindow **pointer,
             GtkWindow  *window)
{
  g_assert (*pointer == NULL);

  *pointer = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) pointer);
}

static void
destroy_kept_window (GtkWindow **pointer)
{
  if (*pointer == NULL)
    return;

  g_object_remove_weak_pointer (G_OBJECT (*pointer), (gpointer *) pointer);
  gtk_window_destroy (g_steal_pointer (pointer));
}

/* SPEC S1, in a dialog that keeps what was typed while the window lives. */
static void
sizing_helper_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  BloomWindow *self = BLOOM_WINDOW (widget);

  flush_parameters (self);

  if (self->sizing_dialog == NULL)
    {
      keep_window (&self->sizing_dialog,
                   GTK_WINDOW (bloom_sizing_dialog_new (GTK_WINDOW (self), self->session)));
      g_signal_connect_object (self->sizing_dialog, "use-parameters",
                               G_CALLBACK (on_use_parameters), self, G_CONNECT_SWAPPED);
    }

  gtk_window_present (self->sizing_dialog);
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

  if (self->shortcuts_window == NULL)
    {
      g_autoptr(GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/bloomlab/BloomLab/ui/bloom-shortcuts-window.ui");
      GtkWindow *window = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));

      gtk_window_set_transient_for (window, GTK_WINDOW (self));
      gtk_window_set_hide_on_close (window, TRUE);
      keep_window (&self->shortcuts_window, window);
    }

  gtk_window_present (self->shortcuts_window);
}

static void
on_grid_cursor_changed (BloomWindow *self)
{
  update_teaching (self);
}

static void
bloom_window_constructed (GObject *object)
{
  BloomWindow *self = BLOOM_WINDOW (object);

  G_OBJECT_CLASS (bloom_window_parent_class)->constructed (object);

  if (self->session == NULL && self->store != NULL)
    self->session = g_object_ref (bloom_session_store_get_session (self->store));
  if (self->session == NULL)
    self->session = bloom_session_new ();
  g_assert (self->store == NULL || bloom_session_store_get_session (self->store) == self->session);

  /* The window as it was left: size, zoom (SPEC P1). */
  if (self->settings != NULL)
    {
      int width, height, zoom;
      gboolean maximized;

      width = g_settings_get_int (self->settings, "window-width");
      height = g_settings_get_int (self->settings, "window-height");
      maximized = g_settings_get_boolean (self->settings, "window-maximized");
      zoom = g_settings_get_int (self->settings, "zoom");

      gtk_window_set_default_size (GTK_WINDOW (self), width, height);
      if (maximized)
        gtk_window_maximize (GTK_WINDOW (self));
      bloom_window_set_zoom (self, zoom);
      g_signal_connect (self, "notify::zoom", G_CALLBACK (on_zoom_changed), NULL);
    }

  if (self->store != NULL)
    {
      g_signal_connect_object (self->store, "notify::unsaved",
                               G_CALLBACK (update_storage), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->store, "notify::unreadable-message",
                               G_CALLBACK (update_storage), self, G_CONNECT_SWAPPED);
    }
  update_storage (self);
  show_file_message (self, NULL, FALSE);

  bloom_bit_grid_set_session (self->grid, self->session);
  bloom_hash_table_set_session (self->hash_table, self->session);
  bloom_details_view_set_session (self->details_view, self->session);
  bloom_rate_plot_set_session (self->rate_plot, self->session);
  bloom_entries_view_set_session (self->entries_view, self->session);
  g_signal_connect_object (self->grid, "notify::cursor",
                           G_CALLBACK (on_grid_cursor_changed), self, G_CONNECT_SWAPPED);

  g_signal_connect_object (self->session, "changed",
                           G_CALLBACK (on_session_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::can-undo",
                           G_CALLBACK (on_session_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::m-draft",
                           G_CALLBACK (on_drafts_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::k-draft",
                           G_CALLBACK (on_drafts_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::text-draft",
                           G_CALLBACK (on_drafts_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::open-details",
                           G_CALLBACK (on_open_details_changed), self, G_CONNECT_SWAPPED);

  on_drafts_changed (self);
  on_open_details_changed (self);
  on_session_changed (self);
}

static void
bloom_window_dispose (GObject *object)
{
  BloomWindow *self = BLOOM_WINDOW (object);

  g_clear_handle_id (&self->parameter_sync_id, g_source_remove);
  g_clear_handle_id (&self->icon_preload_id, g_source_remove);
  g_cancellable_cancel (self->file_cancellable);
  destroy_kept_window (&self->sizing_dialog);
  destroy_kept_window (&self->shortcuts_window);
  gtk_widget_dispose_template (GTK_WIDGET (self), BLOOM_TYPE_WINDOW);
  g_clear_object (&self->session);
  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  g_clear_object (&self->file_cancellable);

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
      g_value_set_boolean (value, self->revealed_steps != G_MAXUINT);
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
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_ZOOM:
      bloom_window_set_zoom (self, g_value_get_uint (value));
      break;
    case PROP_STEPPING:
      set_stepping (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The verdict icons are SVGs, rendered when first shown: 10–20 ms each,
 * which made the first operations of a lecture a frame or two slower than
 * the rest. Once the window is up they are rendered while nothing else
 * happens, at the size and scale the verdict uses; the icon theme keeps
 * them. */
static gboolean
preload_verdict_icons (gpointer user_data)
{
  BloomWindow *self = user_data;
  GtkWidget *icon_widget = GTK_WIDGET (self->verdict_icon);
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (icon_widget));
  int size = gtk_image_get_pixel_size (self->verdict_icon);

  self->icon_preload_id = 0;
  self->icons_preloaded = TRUE;

  for (BloomOutcome outcome = BLOOM_OUTCOME_INSERTED; outcome <= BLOOM_OUTCOME_DEFINITELY_ABSENT;
       outcome++)
    {
      g_autoptr(GtkIconPaintable) icon = NULL;
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;

      icon = gtk_icon_theme_lookup_icon (theme, bloom_format_outcome_icon (outcome), NULL, size,
                                         gtk_widget_get_scale_factor (icon_widget),
                                         gtk_widget_get_direction (icon_widget), 0);
      gdk_paintable_snapshot (GDK_PAINTABLE (icon), snapshot, size, size);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
    }

  return G_SOURCE_REMOVE;
}

static void
bloom_window_map (GtkWidget *widget)
{
  BloomWindow *self = BLOOM_WINDOW (widget);

  GTK_WIDGET_CLASS (bloom_window_parent_class)->map (widget);

  if (!self->icons_preloaded && self->icon_preload_id == 0)
    self->icon_preload_id = g_idle_add_full (G_PRIORITY_LOW, preload_verdict_icons, self, NULL);
}

static void
bloom_window_class_init (BloomWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  window_class->close_request = bloom_window_close_request;
  widget_class->map = bloom_window_map;

  object_class->constructed = bloom_window_constructed;
  object_class->dispose = bloom_window_dispose;
  object_class->finalize = bloom_window_finalize;
  object_class->get_property = bloom_window_get_property;
  object_class->set_property = bloom_window_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, BLOOM_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, BLOOM_TYPE_SESSION_STORE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ZOOM] =
    g_param_spec_uint ("zoom", NULL, NULL, 50, 400, ZOOM_DEFAULT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Step-through: the grid and the table show the last operation's
   * positions one at a time. View state, never stored. */
  properties[PROP_STEPPING] =
    g_param_spec_boolean ("stepping", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (BLOOM_TYPE_BIT_GRID);
  g_type_ensure (BLOOM_TYPE_HASH_TABLE);
  g_type_ensure (BLOOM_TYPE_DETAILS_VIEW);
  g_type_ensure (BLOOM_TYPE_RATE_PLOT);
  g_type_ensure (BLOOM_TYPE_ENTRIES_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bloomlab/BloomLab/ui/bloom-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, storage_revealer);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, storage_label);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, storage_export_button);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, save_copy_button);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, dismiss_storage_button);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, file_revealer);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, file_banner);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, file_icon);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, file_label);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, m_spin);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, k_spin);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, m_message);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, k_message);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, notice_label);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, create_button);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, reset_button);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, example_button);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, insert_button);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, query_button);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, text_entry);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, count_label);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, text_message);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, operation_card);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, verdict_icon);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, operation_label);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, operation_text);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, verdict_detail);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, entries_value);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, negatives_value);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, false_positives_value);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, rate_value);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, grid_scroller);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, grid_placeholder);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, grid);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, positions_expander);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, details_expander);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, hash_table);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, details_view);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, step_label);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, cursor_label);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, plot_expander);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, rate_plot);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, entries_expander);
  gtk_widget_class_bind_template_child (widget_class, BloomWindow, entries_view);
  gtk_widget_class_bind_template_callback (widget_class, on_parameter_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_child_revealed);
  gtk_widget_class_bind_template_callback (widget_class, on_parameter_input);
  gtk_widget_class_bind_template_callback (widget_class, on_parameter_output);
  gtk_widget_class_bind_template_callback (widget_class, on_text_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_text_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_expander_toggled);

  gtk_widget_class_install_action (widget_class, "filter.create", NULL, create_action);
  gtk_widget_class_install_action (widget_class, "filter.reset", NULL, reset_action);
  gtk_widget_class_install_action (widget_class, "filter.example", NULL, example_action);
  gtk_widget_class_install_action (widget_class, "filter.insert", NULL, insert_action);
  gtk_widget_class_install_action (widget_class, "filter.query", NULL, query_action);
  gtk_widget_class_install_action (widget_class, "filter.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "view.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "view.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "view.zoom-reset", NULL, zoom_action);
  gtk_widget_class_install_property_action (widget_class, "view.fullscreen", "fullscreened");
  gtk_widget_class_install_action (widget_class, "session.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "session.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "session.save-unreadable", NULL,
                                   save_unreadable_action);
  gtk_widget_class_install_action (widget_class, "session.dismiss-unreadable", NULL,
                                   dismiss_unreadable_action);
  gtk_widget_class_install_action (widget_class, "session.dismiss-message", NULL,
                                   dismiss_message_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "filter.create", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK,
                                       "filter.reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_E, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "filter.example", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "filter.query", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK,
                                       "filter.query", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0,
                                       "session.dismiss-message", NULL);

  /* Teaching: the sizing helper and stepping through the positions. */
  gtk_widget_class_install_action (widget_class, "filter.sizing-helper", NULL, sizing_helper_action);
  gtk_widget_class_install_action (widget_class, "view.shortcuts", NULL, shortcuts_action);
  gtk_widget_class_install_property_action (widget_class, "view.step-through", "stepping");
  gtk_widget_class_install_action (widget_class, "view.step-next", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "view.step-previous", NULL, step_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK,
                                       "filter.sizing-helper", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK,
                                       "view.step-through", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK,
                                       "view.step-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Right, GDK_ALT_MASK,
                                       "view.step-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK,
                                       "view.step-previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Left, GDK_ALT_MASK,
                                       "view.step-previous", NULL);
}

static void
bloom_window_init (BloomWindow *self)
{
  GtkEventController *controller;
  GtkShortcut *shortcut;
  GtkWidget *page;

  self->zoom = ZOOM_DEFAULT;
  self->revealed_steps = G_MAXUINT;
  self->file_cancellable = g_cancellable_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  /* The page scrolls as a whole, so every part of it gets its natural
   * height: a tall page must not squeeze the grid's own scroller. */
  page = gtk_window_get_child (GTK_WINDOW (self));
  if (GTK_IS_SCROLLED_WINDOW (page))
    page = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (page));
  if (GTK_IS_VIEWPORT (page))
    gtk_scrollable_set_vscroll_policy (GTK_SCROLLABLE (page), GTK_SCROLL_NATURAL);

  /* Ctrl+Z must reach Undo before a text field takes it for its own undo,
   * but only while there is something to undo: a disabled action lets the
   * key through to the field. */
  controller = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_z, GDK_CONTROL_MASK),
                               gtk_named_action_new ("filter.undo"));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

BloomWindow *
bloom_window_new (GtkApplication *application,
                  BloomSession   *session)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (BLOOM_IS_SESSION (session), NULL);

  return g_object_new (BLOOM_TYPE_WINDOW,
                       "application", application,
                       "session", session,
                       NULL);
}

/* A window whose session is kept in @store, with its size and zoom in
 * @settings. */
BloomWindow *
bloom_window_new_with_store (GtkApplication    *application,
                             BloomSessionStore *store,
                             GSettings         *settings)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (BLOOM_IS_SESSION_STORE (store), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (BLOOM_TYPE_WINDOW,
                       "application", application,
                       "store", store,
                       "settings", settings,
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
  g_return_val_if_fail (BLOOM_IS_WINDOW (self), ZOOM_DEFAULT);

  return self->zoom;
}

/* Ctrl+plus, Ctrl+minus and Ctrl+0 scale the grid's cells for a projector. */
void
bloom_window_set_zoom (BloomWindow *self,
                       guint        zoom)
{
  g_return_if_fail (BLOOM_IS_WINDOW (self));

  zoom = CLAMP (zoom, zoom_steps[0], zoom_steps[G_N_ELEMENTS (zoom_steps) - 1]);
  if (self->zoom == zoom)
    return;

  self->zoom = zoom;
  bloom_bit_grid_set_cell_size (self->grid, (BLOOM_BIT_GRID_BASE_CELL * zoom + 50) / 100);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "view.zoom-in",
                                 zoom < zoom_steps[G_N_ELEMENTS (zoom_steps) - 1]);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "view.zoom-out", zoom > zoom_steps[0]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}
