/* bloom-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BLOOM_TYPE_APPLICATION (bloom_application_get_type ())

G_DECLARE_FINAL_TYPE (BloomApplication, bloom_application, BLOOM, APPLICATION, GtkApplication)

void              bloom_application_setup_locale (void);
BloomApplication *bloom_application_new          (void);

G_END_DECLS
