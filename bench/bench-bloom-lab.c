/* bench-bloom-lab.c — Bloom Lab as bench-startup measures it: the same
 * application as src/app/main.c, with the first-frame hook
 * (bench/bench-first-frame.c) watching each window the application adds.
 * The hook does nothing unless BLOOM_LAB_BENCH_FIRST_FRAME=1. The shipped
 * program contains no benchmark code; this one exists only in bench/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "bench-first-frame.h"
#include "bloom-application.h"

static void
on_window_added (GtkApplication *application,
                 GtkWindow      *window)
{
  bench_first_frame_watch (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(BloomApplication) application = NULL;

  bloom_application_setup_locale ();

  application = bloom_application_new ();
  g_signal_connect (application, "window-added", G_CALLBACK (on_window_added), NULL);

  return g_application_run (G_APPLICATION (application), argc, argv);
}
