/* bench-first-frame.h — the start-up benchmark's hook (bench/bench-startup.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BLOOM_BENCH_FIRST_FRAME_ENV "BLOOM_LAB_BENCH_FIRST_FRAME"

void        bench_first_frame_watch (GtkWindow  *window);
const char *bench_display_kind      (GdkDisplay *display);

G_END_DECLS
