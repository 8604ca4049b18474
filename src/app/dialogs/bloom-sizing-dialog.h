/* bloom-sizing-dialog.h — SPEC S1: m and k for n items and a target rate
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_SIZING_DIALOG (bloom_sizing_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BloomSizingDialog, bloom_sizing_dialog, BLOOM, SIZING_DIALOG, GtkWindow)

BloomSizingDialog *bloom_sizing_dialog_new         (GtkWindow         *parent,
                                                    BloomSession      *session);
BloomSession      *bloom_sizing_dialog_get_session (BloomSizingDialog *self);
gboolean           bloom_sizing_dialog_get_result  (BloomSizingDialog *self,
                                                    BloomSizing       *sizing);
guint              bloom_sizing_dialog_get_zoom    (BloomSizingDialog *self);
void               bloom_sizing_dialog_set_zoom    (BloomSizingDialog *self,
                                                    guint              zoom);

G_END_DECLS
