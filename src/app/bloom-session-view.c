/* bloom-session-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "bloom-session-view.h"

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

/* For dispose; safe to call more than once. */
void
bloom_session_view_unbind (BloomSession **slot,
                           gulong        *handler)
{
  if (*slot != NULL)
    g_clear_signal_handler (handler, *slot);
  g_clear_object (slot);
}
