/* bloom-session-view.h — the base of every view of a BloomSession: it
 * holds the session and redraws the view from it on each "changed"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_SESSION_VIEW (bloom_session_view_get_type ())

G_DECLARE_DERIVABLE_TYPE (BloomSessionView, bloom_session_view, BLOOM, SESSION_VIEW, GtkWidget)

struct _BloomSessionViewClass
{
  GtkWidgetClass parent_class;

  /* Redraws the view from its session, which may be NULL. Called when the
   * session is set and on each of its "changed". */
  void     (*update) (BloomSessionView *self);

  /* TRUE for a view that is often not shown, such as the content of a
   * collapsed expander: while it is not mapped, a change only marks it
   * stale, and it updates once when it is mapped again. */
  gboolean wait_while_hidden;

  /* Shows a new "revealed-steps"; not called while the view waits,
   * hidden: its next update shows it. */
  void     (*revealed_steps_changed) (BloomSessionView *self);
};

BloomSession   *bloom_session_view_get_session        (BloomSessionView *self);
void            bloom_session_view_set_session        (BloomSessionView *self,
                                                       BloomSession     *session);
void            bloom_session_view_catch_up           (BloomSessionView *self);
BloomFilter    *bloom_session_view_get_filter         (BloomSessionView *self);
BloomOperation *bloom_session_view_get_last_operation (BloomSessionView *self);
guint           bloom_session_view_get_revealed_steps (BloomSessionView *self);
void            bloom_session_view_set_revealed_steps (BloomSessionView *self,
                                                       guint             revealed_steps);
gboolean        bloom_session_view_is_stepping        (BloomSessionView *self);

/* For subclasses. */
gboolean        bloom_session_view_defer_while_hidden (BloomSessionView *self);
void            bloom_session_view_stack_children     (BloomSessionView *self,
                                                       int               spacing);
GtkWidget      *bloom_session_view_append_label       (BloomSessionView *self);

G_END_DECLS
