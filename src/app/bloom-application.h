/* bloom-application.h — the application: it owns the one session and its
 * store, and makes the window that shows them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-session-store.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_APPLICATION (bloom_application_get_type ())

G_DECLARE_FINAL_TYPE (BloomApplication, bloom_application, BLOOM, APPLICATION, GtkApplication)

void              bloom_application_setup_locale (void);
BloomApplication *bloom_application_new          (void);
BloomSessionStore *bloom_application_get_store   (BloomApplication *self);

G_END_DECLS
