/* bench-first-frame.c — the start-up benchmark's hook
 *
 * Only for bench/bench-startup.c: when the environment variable
 * BLOOM_LAB_BENCH_FIRST_FRAME is "1", the first frame painted into the
 * window makes the program print one line on standard output
 *
 *   bloom-bench first-frame monotonic_us=N cpu_us=N vmrss_kb=N vmhwm_kb=N renderer=NAME display=KIND
 *
 * (CLOCK_MONOTONIC in µs, as g_get_monotonic_time() gives it; the CPU time
 * of the process so far, all threads; its VmRSS and VmHWM from
 * /proc/self/status, 0 where unknown; and the type of the window's
 * GskRenderer, which GSK_RENDERER chooses; the windowing system, x11 or
 * wayland, which GDK_BACKEND chooses) and then quit. "Painted" is the frame clock's "after-paint" of the first
 * frame in which the window's surface rendered. Without the variable it
 * does nothing. Both programs bench-startup compares compile this same
 * file, bench/bench-bloom-lab.c (Bloom Lab itself) and
 * bench/baseline-window.c, so both are measured the same way; the shipped
 * bloom-lab holds none of it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench-first-frame.h"

typedef struct
{
  GtkWindow     *window;
  GdkSurface    *surface;
  gulong         render_hook;
  gulong         after_paint_handler;
  gboolean       rendered;
} FirstFrame;

/* A field of /proc/self/status, in kB; 0 where there is none. */
static guint64
read_status_kb (const char *status,
                const char *name)
{
  const char *line = status ? strstr (status, name) : NULL;

  if (line == NULL)
    return 0;

  return g_ascii_strtoull (line + strlen (name), NULL, 10);
}

/* "x11" or "wayland": which windowing system the figures were taken on
 * (the same GTK pays for different things on each). */
const char *
bench_display_kind (GdkDisplay *display)
{
  const char *type = G_OBJECT_TYPE_NAME (display);

  if (strstr (type, "X11") != NULL)
    return "x11";
  if (strstr (type, "Wayland") != NULL)
    return "wayland";
  return type;
}

/* GTK's own "render" handler stops the emission, so a handler connected
 * after it never runs: an emission hook sees every emission first. */
static gboolean
on_render (GSignalInvocationHint *hint,
           guint                  n_values,
           const GValue          *values,
           gpointer               user_data)
{
  FirstFrame *first = user_data;

  if (g_value_get_object (&values[0]) == (gpointer) first->surface)
    first->rendered = TRUE;

  return TRUE;
}

static void
on_after_paint (GdkFrameClock *clock,
                FirstFrame    *first)
{
  gint64 now = g_get_monotonic_time ();
  g_autofree char *status = NULL;
  GApplication *application;
  struct timespec cpu = { 0, 0 };

  if (!first->rendered)
    return;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &cpu);

  g_file_get_contents ("/proc/self/status", &status, NULL, NULL);
  printf ("bloom-bench first-frame monotonic_us=%" G_GINT64_FORMAT " cpu_us=%" G_GINT64_FORMAT
          " vmrss_kb=%" G_GUINT64_FORMAT " vmhwm_kb=%" G_GUINT64_FORMAT " renderer=%s display=%s\n",
          now, (gint64) cpu.tv_sec * G_USEC_PER_SEC + cpu.tv_nsec / 1000,
          read_status_kb (status, "VmRSS:"), read_status_kb (status, "VmHWM:"),
          G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (first->window))),
          bench_display_kind (gtk_widget_get_display (GTK_WIDGET (first->window))));
  fflush (stdout);

  g_clear_signal_handler (&first->after_paint_handler, clock);
  g_signal_remove_emission_hook (g_signal_lookup ("render", GDK_TYPE_SURFACE), first->render_hook);
  g_clear_object (&first->surface);
  g_clear_object (&first->window);
  g_free (first);

  /* Quit at once: what the app does on closing is not start-up. */
  application = g_application_get_default ();
  if (application != NULL)
    g_application_quit (application);
}

static void
watch_surface (GtkWindow *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  FirstFrame *first = g_new0 (FirstFrame, 1);

  first->window = g_object_ref (window);
  first->surface = g_object_ref (surface);
  first->render_hook = g_signal_add_emission_hook (g_signal_lookup ("render", GDK_TYPE_SURFACE),
                                                   0, on_render, first, NULL);
  first->after_paint_handler = g_signal_connect (gdk_surface_get_frame_clock (surface),
                                                 "after-paint",
                                                 G_CALLBACK (on_after_paint), first);
}

static void
on_realize (GtkWindow *window)
{
  g_signal_handlers_disconnect_by_func (window, on_realize, NULL);
  watch_surface (window);
}

/* Call right after presenting @window. Does nothing unless
 * BLOOM_LAB_BENCH_FIRST_FRAME=1. */
void
bench_first_frame_watch (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  if (g_strcmp0 (g_getenv (BLOOM_BENCH_FIRST_FRAME_ENV), "1") != 0)
    return;

  if (gtk_widget_get_realized (GTK_WIDGET (window)))
    watch_surface (window);
  else
    g_signal_connect (window, "realize", G_CALLBACK (on_realize), NULL);
}
