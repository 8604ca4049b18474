/* bloom-window-private.h — the window's parts, shared by the files that
 * make it up: bloom-window.c (construction, the template, the sections),
 * bloom-window-fields.c (the m, k and string fields and their drafts),
 * bloom-window-actions.c (every action and key), bloom-window-files.c
 * (file dialogs, import and export), bloom-window-storage.c (storage
 * banners and the quit flow), bloom-window-pictures.c (pictures and the
 * clipboard), bloom-window-drop.c (files dropped on the window) and
 * bloom-window-zoom.c, bloom-window-lecture.c (a lecture played on
 * its own session) and bloom-window-sections.c (the sections' content,
 * built when first opened or used: their views are NULL until then)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-bit-grid.h"
#include "bloom-counters-view.h"
#include "bloom-cursor-view.h"
#include "bloom-details-view.h"
#include "bloom-entries-view.h"
#include "bloom-experiment-view.h"
#include "bloom-hash-table.h"
#include "bloom-lecture-recorder.h"
#include "bloom-notice-view.h"
#include "bloom-operation-view.h"
#include "bloom-rate-plot.h"
#include "bloom-step-view.h"
#include "bloom-window.h"

G_BEGIN_DECLS

/* The type of Bloom Lab's session files (data/…mime.xml). */
#define BLOOM_WINDOW_SESSION_MIME_TYPE "application/x-bloom-lab"

/* bloom-window-lecture.c's state: the lecture playing and what it
 * gives back when it ends. */
typedef struct _BloomWindowLecture BloomWindowLecture;

struct _BloomWindow
{
  GtkApplicationWindow  parent_instance;

  /* The store the window was made with (the application's, or a scratch
   * one), and its session and settings. */
  BloomSessionStore    *store;
  BloomSession         *session;
  GSettings            *settings;
  guint                 zoom;
  /* Step-through, view state only: how many positions of the last
   * operation the grid and the table show (both bind to it); G_MAXUINT
   * shows all. */
  guint                 revealed_steps;

  /* The quit flow (bloom-window-files.c): the window closes once the
   * session is exported ("Export…" in the quit dialog), or without asking
   * again once the user chose to quit without keeping it. */
  gboolean              close_after_export;
  gboolean              quit_confirmed;
  /* What replaces the session once the user said so or exported it: a
   * file, or (replace_pending without a file) the recovered session. */
  gboolean              replace_pending;
  GFile                *replace_file;
  GCancellable         *file_cancellable;
  /* The lecture playing, if any (bloom-window-lecture.c). */
  BloomWindowLecture   *lecture;

  /* The last operation refused, shown under the string field until the
   * string changes or an operation succeeds. */
  char                 *text_error;
  /* Toplevels made when first asked for, kept while hidden. */
  GtkWindow            *sizing_dialog;
  GtkWindow            *shortcuts_window;
  /* "Record Lecture" and "Save Lecture…" (bloom-lecture-recorder.c) */
  BloomLectureRecorder *recorder;
  GtkWidget            *recording_indicator;

  /* Template widgets: the shell's own parts and the views in it */
  GtkWidget            *page;
  GtkMenuButton        *primary_menu_button;
  GMenuModel           *primary_menu;         /* its model, given when first opened */
  GtkWidget            *zoom_row;             /* in the primary menu */
  GtkButton            *zoom_level_button;
  /* The banners' revealers are the template's; what they show is built
   * when first shown (bloom-window-banners.c), NULL until then. */
  GtkRevealer          *storage_revealer;
  GtkLabel             *storage_label;
  GtkWidget            *retry_button;
  GtkWidget            *storage_export_button;
  GtkWidget            *save_copy_button;
  GtkWidget            *dismiss_storage_button;
  GtkRevealer          *recovery_revealer;
  GtkLabel             *recovery_label;
  GtkRevealer          *conflict_revealer;
  GtkRevealer          *file_revealer;
  GtkWidget            *file_banner;
  GtkImage             *file_icon;
  GtkLabel             *file_label;
  guint                 message_timeout_id;   /* hides a success's toast */
  guint                 message_timeout_ms;   /* 0: the usual 5 s */
  GtkWidget            *focus_before_message; /* weak: where Tab came from */
  GtkSpinButton        *m_spin;
  GtkSpinButton        *k_spin;
  GtkLabel             *m_message;
  GtkLabel             *k_message;
  GtkButton            *create_button;
  GtkEntry             *text_entry;
  GtkLabel             *count_label;
  GtkLabel             *text_message;
  BloomNoticeView      *notice_view;
  BloomOperationView   *operation_view;
  BloomCountersView    *counters_view;
  BloomStepView        *step_view;
  GtkWidget            *grid_scroller;
  GtkWidget            *grid_section;
  BloomBitGrid         *grid;
  BloomCursorView      *cursor_view;
  GtkExpander          *positions_expander;
  BloomHashTable       *hash_table;
  GtkExpander          *details_expander;
  BloomDetailsView     *details_view;
  GtkExpander          *plot_expander;
  BloomRatePlot        *rate_plot;
  GtkExpander          *entries_expander;
  BloomEntriesView     *entries_view;
  GtkExpander          *experiment_expander;
  BloomExperimentView  *experiment_view;
};

/* bloom-window-sections.c: the sections' content, built when first used */
void      _bloom_window_ensure_section       (BloomWindow    *self,
                                              GtkExpander    *expander);
BloomExperimentView *_bloom_window_get_experiment_view (BloomWindow *self);
BloomRatePlot       *_bloom_window_get_rate_plot       (BloomWindow *self);
void      _bloom_window_set_sections_session (BloomWindow    *self,
                                              BloomSession   *session);
void      _bloom_window_forget_sections      (BloomWindow    *self);

/* bloom-window-banners.c: the banners' content, built when first shown */
void      _bloom_window_ensure_banner        (BloomWindow    *self,
                                              GtkRevealer    *revealer);
void      _bloom_window_forget_banners       (BloomWindow    *self);

/* bloom-window.c */
GtkBuilder *_bloom_window_build_from_resource (const char    *resource,
                                               const char    *id);
void      _bloom_window_reveal               (GtkRevealer    *revealer,
                                              gboolean        shown);
gboolean  _bloom_window_get_stepping         (BloomWindow    *self);
void      _bloom_window_set_stepping         (BloomWindow    *self,
                                              gboolean        stepping);
void      _bloom_window_set_revealed_steps   (BloomWindow    *self,
                                              guint           revealed_steps);
void      _bloom_window_present_kept         (BloomWindow    *self,
                                              GtkWindow     **kept,
                                              GtkWindow     *(*make) (BloomWindow *self));

void      _bloom_window_show_session         (BloomWindow    *self,
                                              BloomSession   *session);

/* bloom-window-zoom.c */
void      _bloom_window_class_add_zoom       (GtkWidgetClass *widget_class);
void      _bloom_window_init_zoom            (BloomWindow    *self);
void      _bloom_window_apply_zoom           (BloomWindow    *self,
                                              guint           old_zoom);
guint     _bloom_window_nearest_zoom         (guint           zoom);
guint     _bloom_window_next_zoom            (guint           zoom,
                                              int             direction);

/* bloom-window-fields.c */
void      _bloom_window_class_add_field_callbacks (GtkWidgetClass *widget_class);
void      _bloom_window_bind_fields          (BloomWindow    *self);
void      _bloom_window_show_text_error      (BloomWindow    *self,
                                              GError         *error);

/* bloom-window-actions.c */
void      _bloom_window_class_add_actions    (GtkWidgetClass *widget_class);
void      _bloom_window_add_capture_shortcuts (BloomWindow   *self);
void      _bloom_window_update_actions       (BloomWindow    *self);

/* bloom-window-files.c: file dialogs, import and export */
/* What to do with the file the user picked; NULL when the dialog was
 * cancelled. */
typedef void (*FileChosenFunc) (BloomWindow *self,
                                 GFile       *file,
                                 gpointer     data);

void      _bloom_window_choose_file          (BloomWindow    *self,
                                              gboolean        save,
                                              const char     *title,
                                              const char     *initial_name,
                                              GListModel     *filters,
                                              FileChosenFunc  chosen,
                                              gpointer        data);
char     *_bloom_window_display_name         (GFile          *file);
void      _bloom_window_forget_pending       (BloomWindow    *self);
void      _bloom_window_save_picture         (BloomWindow    *self,
                                              GFile          *file,
                                              GBytes         *contents);
void      _bloom_window_choose_export        (BloomWindow    *self);
void      _bloom_window_choose_import        (BloomWindow    *self);
void      _bloom_window_choose_unreadable_copy (BloomWindow  *self);
void      _bloom_window_show_file_message    (BloomWindow    *self,
                                              const char     *message,
                                              gboolean        failed);
gboolean  _bloom_window_get_file_message_shown (BloomWindow  *self);
void      _bloom_window_init_file_message    (BloomWindow    *self);
/* For tests: a short success's toast hides after @msec, not 5 s. */
void      _bloom_window_set_message_timeout  (BloomWindow    *self,
                                              guint           msec);
guint     _bloom_window_message_duration     (BloomWindow    *self,
                                              const char     *message);
void      _bloom_window_restore_recovery     (BloomWindow    *self);

/* bloom-window-storage.c: storage banners and the quit flow */
gboolean  _bloom_window_ask_before_close     (BloomWindow    *self);
char     *_bloom_window_describe_not_kept    (BloomWindow    *self);
char     *_bloom_window_store_reason         (const char     *message);
void      _bloom_window_update_storage       (BloomWindow    *self);
void      _bloom_window_update_recovery      (BloomWindow    *self);
void      _bloom_window_class_add_storage_actions (GtkWidgetClass *widget_class);

/* bloom-window-drop.c: files dropped on the window */
void      _bloom_window_add_drop_target      (BloomWindow    *self);

/* bloom-window-lecture.c: a lecture played on its own session */
void      _bloom_window_class_add_lecture    (GtkWidgetClass *widget_class);
void      _bloom_window_init_lecture         (BloomWindow    *self);
void      _bloom_window_dispose_lecture      (BloomWindow    *self);
gboolean  _bloom_window_is_presenting        (BloomWindow    *self);
void      _bloom_window_leave_lecture        (BloomWindow    *self);
void      _bloom_window_update_lecture_actions (BloomWindow  *self);

/* bloom-window-pictures.c: pictures and the clipboard */
void      _bloom_window_choose_picture       (BloomWindow    *self);
void      _bloom_window_copy_grid_picture    (BloomWindow    *self);

G_END_DECLS
