/* bloom-settings.h — the app's GSettings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GSettings *bloom_settings_new           (void);
GSettings *bloom_settings_new_in_memory (void);

G_END_DECLS
