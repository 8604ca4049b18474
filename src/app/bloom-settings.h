/* bloom-settings.h — the app's GSettings, on a backend that does its
 * housekeeping away from the main loop, and the lock that every use of
 * them holds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GSettings *bloom_settings_new      (void);
GRecMutex *bloom_settings_get_lock (void);
void       bloom_settings_lower_thread_priority (void);

G_END_DECLS
