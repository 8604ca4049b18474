/* bloom-color-scheme.h — light or dark, as the desktop prefers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BLOOM_TYPE_COLOR_SCHEME (bloom_color_scheme_get_type ())

G_DECLARE_FINAL_TYPE (BloomColorScheme, bloom_color_scheme, BLOOM, COLOR_SCHEME, GObject)

BloomColorScheme *bloom_color_scheme_new              (void);
BloomColorScheme *bloom_color_scheme_new_for_settings (GSettingsSchemaSource *source);
BloomColorScheme *bloom_color_scheme_new_for_portal   (GDBusConnection       *connection);
gboolean          bloom_color_scheme_get_dark         (BloomColorScheme      *self);
void              bloom_color_scheme_set_dark         (BloomColorScheme      *self,
                                                       gboolean               dark);

G_END_DECLS
