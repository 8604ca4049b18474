/* bloom-session-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "bloom-session-view.h"

/* What a view bound with bloom_session_view_bind_when_shown() keeps. */
typedef struct
{
  GCallback on_changed;
  gboolean  stale;       /* a change came while the view was not shown */
} Deferral;

static GQuark
deferral_quark (void)
{
  return g_quark_from_static_string ("bloom-session-view-deferral");
}

/* Makes @session the one in @slot, with @on_changed called on @view (as
 * its first argument) at each "changed". FALSE when it already was: then
 * nothing changed, and the view need neither redraw nor notify. */
gboolean
bloom_session_view_bind (gpointer       view,
                         BloomSession **slot,
                         gulong        *handler,
                         BloomSession  *session,
                         GCallback      on_changed)
{
  g_return_val_if_fail (G_IS_OBJECT (view), FALSE);
  g_return_val_if_fail (session == NULL || BLOOM_IS_SESSION (session), FALSE);

  if (*slot == session)
    return FALSE;

  bloom_session_view_unbind (slot, handler);
  if (session != NULL)
    {
      *slot = g_object_ref (session);
      *handler = g_signal_connect_object (session, "changed", on_changed, view,
                                          G_CONNECT_SWAPPED);
    }

  return TRUE;
}

static void
update_deferred (gpointer  view,
                 Deferral *deferral)
{
  deferral->stale = FALSE;
  ((void (*) (gpointer)) deferral->on_changed) (view);
}

static void
on_changed_when_shown (gpointer view)
{
  Deferral *deferral = g_object_get_qdata (G_OBJECT (view), deferral_quark ());

  if (gtk_widget_get_mapped (GTK_WIDGET (view)))
    update_deferred (view, deferral);
  else
    deferral->stale = TRUE;
}

static void
on_map (GtkWidget *view,
        Deferral  *deferral)
{
  if (deferral->stale)
    update_deferred (view, deferral);
}

/* bloom_session_view_bind() for a view that is often not shown, such as
 * the content of a collapsed expander: while it is not mapped, changes
 * only mark it stale, and it redraws once when it is shown again. An
 * operation then costs no work for what nobody sees. Whoever reads the
 * view's content calls bloom_session_view_catch_up() first. */
gboolean
bloom_session_view_bind_when_shown (GtkWidget     *view,
                                    BloomSession **slot,
                                    gulong        *handler,
                                    BloomSession  *session,
                                    GCallback      on_changed)
{
  Deferral *deferral;

  g_return_val_if_fail (GTK_IS_WIDGET (view), FALSE);

  deferral = g_object_get_qdata (G_OBJECT (view), deferral_quark ());
  if (deferral == NULL)
    {
      deferral = g_new0 (Deferral, 1);
      g_object_set_qdata_full (G_OBJECT (view), deferral_quark (), deferral, g_free);
      g_signal_connect (view, "map", G_CALLBACK (on_map), deferral);
    }
  deferral->on_changed = on_changed;
  deferral->stale = FALSE;

  return bloom_session_view_bind (view, slot, handler, session,
                                  G_CALLBACK (on_changed_when_shown));
}

/* Brings a view bound with bloom_session_view_bind_when_shown() up to
 * date, shown or not. */
void
bloom_session_view_catch_up (GtkWidget *view)
{
  Deferral *deferral;

  g_return_if_fail (GTK_IS_WIDGET (view));

  deferral = g_object_get_qdata (G_OBJECT (view), deferral_quark ());
  if (deferral != NULL && deferral->stale)
    update_deferred (view, deferral);
}

/* For dispose; safe to call more than once. */
void
bloom_session_view_unbind (BloomSession **slot,
                           gulong        *handler)
{
  if (*slot != NULL)
    g_clear_signal_handler (handler, *slot);
  g_clear_object (slot);
}
