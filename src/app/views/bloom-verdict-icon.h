/* bloom-verdict-icon.h — the card's icon, changed by every operation
 * without moving anything
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BLOOM_TYPE_VERDICT_ICON (bloom_verdict_icon_get_type ())

G_DECLARE_FINAL_TYPE (BloomVerdictIcon, bloom_verdict_icon, BLOOM, VERDICT_ICON, GtkWidget)

const char *bloom_verdict_icon_get_icon_name  (BloomVerdictIcon *self);
void        bloom_verdict_icon_set_icon_name  (BloomVerdictIcon *self,
                                               const char       *icon_name);
gboolean    bloom_verdict_icon_get_alert      (BloomVerdictIcon *self);
void        bloom_verdict_icon_set_alert      (BloomVerdictIcon *self,
                                               gboolean          alert);
int         bloom_verdict_icon_get_pixel_size (BloomVerdictIcon *self);
void        bloom_verdict_icon_set_pixel_size (BloomVerdictIcon *self,
                                               int               pixel_size);
void        bloom_verdict_icon_preload        (BloomVerdictIcon   *self,
                                               const char * const *icon_names);

G_END_DECLS
