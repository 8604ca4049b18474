/* bloom-session-view.h — how every view holds its session: one reference,
 * one "changed" handler, redrawn from the model on each change
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"

G_BEGIN_DECLS

gboolean bloom_session_view_bind   (gpointer       view,
                                    BloomSession **slot,
                                    gulong        *handler,
                                    BloomSession  *session,
                                    GCallback      on_changed);
gboolean bloom_session_view_bind_when_shown (GtkWidget     *view,
                                             BloomSession **slot,
                                             gulong        *handler,
                                             BloomSession  *session,
                                             GCallback      on_changed);
void     bloom_session_view_catch_up        (GtkWidget     *view);
void     bloom_session_view_unbind (BloomSession **slot,
                                    gulong        *handler);

G_END_DECLS
