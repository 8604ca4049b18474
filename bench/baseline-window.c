/* baseline-window.c — the bare GTK 4 window that bench-startup compares
 * Bloom Lab's start-up with
 *
 * A GtkApplication with one empty GtkApplicationWindow with a header bar,
 * of Bloom Lab's default size (1100 × 760), presented from "activate"
 * exactly as bloom_application_activate() does, with the same first-frame
 * hook (bench/bench-first-frame.c, compiled into this program too): with
 * BLOOM_LAB_BENCH_FIRST_FRAME=1 it prints the first painted frame's time
 * and memory and quits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "bench-first-frame.h"

/* Bloom Lab's default window size (data/…gschema.xml, ui/bloom-window.ui). */
#define WIDTH  1100
#define HEIGHT 760

static void
on_activate (GtkApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (application);

  if (window == NULL)
    {
      window = GTK_WINDOW (gtk_application_window_new (application));
      gtk_window_set_title (window, "Baseline");
      gtk_window_set_titlebar (window, gtk_header_bar_new ());
      gtk_window_set_default_size (window, WIDTH, HEIGHT);
    }

  gtk_window_present (window);
  bench_first_frame_watch (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GtkApplication) application = NULL;

  /* Its own id, so that it registers on the session bus as Bloom Lab
   * does, without meeting a running Bloom Lab. */
  application = gtk_application_new ("io.github.bloomlab.BloomLab.Baseline",
                                     G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (application, "activate", G_CALLBACK (on_activate), NULL);

  return g_application_run (G_APPLICATION (application), argc, argv);
}
