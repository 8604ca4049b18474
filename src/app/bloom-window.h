/* bloom-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_WINDOW (bloom_window_get_type ())

G_DECLARE_FINAL_TYPE (BloomWindow, bloom_window, BLOOM, WINDOW, GtkApplicationWindow)

BloomWindow  *bloom_window_new         (GtkApplication *application,
                                        BloomSession   *session);
BloomSession *bloom_window_get_session (BloomWindow    *self);
guint         bloom_window_get_zoom    (BloomWindow    *self);
void          bloom_window_set_zoom    (BloomWindow    *self,
                                        guint           zoom);

G_END_DECLS
