/* bench-startup.c — start-up of Bloom Lab against a bare GTK 4 window:
 * the time from exec to the first painted frame, and the memory then.
 *
 *   bench-startup [--runs N] [--warmup N] [--schema-dir DIR] APP BASELINE
 *
 * APP is bench-bloom-lab (Bloom Lab with the hook, bench/bench-bloom-lab.c),
 * BASELINE is baseline-window (bench/baseline-window.c).
 * Each run takes CLOCK_MONOTONIC just before posix_spawn() and starts the
 * program with BLOOM_LAB_BENCH_FIRST_FRAME=1, GSETTINGS_BACKEND=memory,
 * GSETTINGS_SCHEMA_DIR=DIR (when given), NO_AT_BRIDGE=1 and GTK_A11Y=none
 * (GTK 4's switch for the same: no accessibility bus); the program's
 * hook (bench/bench-first-frame.c) prints the CLOCK_MONOTONIC of its first
 * painted frame with its VmRSS and VmHWM, and quits. The difference is the
 * start-up time. GSK_RENDERER and DISPLAY come from the environment.
 *
 * The two programs alternate (APP, BASELINE, then BASELINE, APP, …) after
 * WARMUP untimed runs of each, so that a slow drift of the machine falls
 * on both. It prints the median and spread of each, their ratios and
 * whether the goals are met, as lines for the eye and lines starting with
 * "startup " and "ratio " for scripts. It exits 0 whatever the times; only
 * a program that fails or prints no first frame makes it exit 1.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib.h>
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench-util.h"

extern char **environ;

#define DEFAULT_RUNS   21
#define DEFAULT_WARMUP 2

/* The goals of issue 27: start-up to the first painted frame and peak
 * memory after start-up, each as a multiple of the bare window's. */
#define GOAL_STARTUP 1.10
#define GOAL_RSS     1.15

typedef struct
{
  const char *name;
  const char *path;
  GArray     *startup_ms;   /* double */
  GArray     *cpu_ms;       /* double: CPU time of the process until then */
  GArray     *rss_kb;       /* double: VmRSS at the first frame */
  GArray     *hwm_kb;       /* double: VmHWM, the peak so far */
  GArray     *exit_ms;      /* double: exec to exit, for the curious */
  char       *renderer;     /* the GskRenderer type the program reported */
  char       *display;      /* and its windowing system, x11 or wayland */
} Program;

static gint64
monotonic_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);

  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static char **
child_environment (const char *schema_dir)
{
  char **env = g_get_environ ();

  env = g_environ_setenv (env, "BLOOM_LAB_BENCH_FIRST_FRAME", "1", TRUE);
  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "memory", TRUE);
  env = g_environ_setenv (env, "NO_AT_BRIDGE", "1", TRUE);
  /* NO_AT_BRIDGE is GTK 3's (ATK); GTK 4 talks AT-SPI itself unless told
   * not to. Without it, each start would launch the accessibility bus of
   * the benchmark's own session bus, and time that. */
  env = g_environ_setenv (env, "GTK_A11Y", "none", TRUE);
  if (schema_dir != NULL)
    env = g_environ_setenv (env, "GSETTINGS_SCHEMA_DIR", schema_dir, TRUE);

  return env;
}

/* field LINE NAME: the number after " NAME=" in LINE. */
static gboolean
field (const char *line,
       const char *name,
       gint64     *value)
{
  g_autofree char *key = g_strdup_printf (" %s=", name);
  const char *p = strstr (line, key);

  if (p == NULL)
    return FALSE;

  *value = g_ascii_strtoll (p + strlen (key), NULL, 10);

  return TRUE;
}

/* word_after LINE KEY: the word after KEY in LINE, or NULL. */
static char *
word_after (const char *line,
            const char *key)
{
  const char *p = strstr (line, key);

  if (p == NULL)
    return NULL;

  p += strlen (key);
  return g_strndup (p, strcspn (p, " \n"));
}

/* One start: exec to first frame. FALSE when the program failed. */
static gboolean
run_once (Program  *program,
          char    **env,
          gboolean  record)
{
  posix_spawn_file_actions_t actions;
  char *argv[] = { (char *) program->path, NULL };
  g_autoptr(GString) output = g_string_new (NULL);
  const char *line;
  int fds[2];
  pid_t pid;
  gint64 start, frame_us, cpu_us, rss, hwm, end;
  int status, error;
  char buffer[4096];
  ssize_t n;

  if (pipe (fds) != 0)
    g_error ("pipe: %s", g_strerror (errno));

  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_adddup2 (&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose (&actions, fds[0]);
  posix_spawn_file_actions_addclose (&actions, fds[1]);

  start = monotonic_us ();
  error = posix_spawn (&pid, program->path, &actions, NULL, argv, env);
  posix_spawn_file_actions_destroy (&actions);
  close (fds[1]);
  if (error != 0)
    {
      g_printerr ("bench-startup: cannot start %s: %s\n", program->path, g_strerror (error));
      close (fds[0]);
      return FALSE;
    }

  while ((n = read (fds[0], buffer, sizeof buffer)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0)
      g_string_append_len (output, buffer, n);
  close (fds[0]);

  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
  end = monotonic_us ();

  line = strstr (output->str, "bloom-bench first-frame ");
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0 || line == NULL ||
      !field (line, "monotonic_us", &frame_us) || !field (line, "cpu_us", &cpu_us) ||
      !field (line, "vmrss_kb", &rss) ||
      !field (line, "vmhwm_kb", &hwm))
    {
      g_printerr ("bench-startup: %s failed (status %d) or printed no first frame:\n%s\n",
                  program->path, status, output->str);
      return FALSE;
    }

  if (program->renderer == NULL)
    program->renderer = word_after (line, " renderer=");
  if (program->display == NULL)
    program->display = word_after (line, " display=");

  if (record)
    {
      double startup = (frame_us - start) / 1000.0;
      double cpu = cpu_us / 1000.0;
      double exit_ms = (end - start) / 1000.0;
      double rss_kb = rss, hwm_kb = hwm;

      g_array_append_val (program->startup_ms, startup);
      g_array_append_val (program->cpu_ms, cpu);
      g_array_append_val (program->rss_kb, rss_kb);
      g_array_append_val (program->hwm_kb, hwm_kb);
      g_array_append_val (program->exit_ms, exit_ms);
    }

  return TRUE;
}

static void
print_program (Program    *program,
               const char *where)
{
  printf ("%-15s start-up %7.1f ms (IQR %.1f–%.1f, min %.1f, max %.1f)   CPU %6.1f ms   "
          "RSS %5.1f MiB   peak %5.1f MiB   exit %6.1f ms\n",
          program->name,
          bench_quantile (program->startup_ms, 0.5), bench_quantile (program->startup_ms, 0.25),
          bench_quantile (program->startup_ms, 0.75), bench_quantile (program->startup_ms, 0),
          bench_quantile (program->startup_ms, 1), bench_quantile (program->cpu_ms, 0.5),
          bench_quantile (program->rss_kb, 0.5) / 1024, bench_quantile (program->hwm_kb, 0.5) / 1024,
          bench_quantile (program->exit_ms, 0.5));
}

static void
print_machine (Program    *program,
               const char *where)
{
  printf ("startup %s program=%s runs=%u median_ms=%.2f p25_ms=%.2f p75_ms=%.2f "
          "min_ms=%.2f max_ms=%.2f cpu_median_ms=%.2f cpu_p25_ms=%.2f cpu_p75_ms=%.2f "
          "rss_median_kb=%.0f hwm_median_kb=%.0f hwm_max_kb=%.0f\n",
          where, program->name, program->startup_ms->len,
          bench_quantile (program->startup_ms, 0.5), bench_quantile (program->startup_ms, 0.25),
          bench_quantile (program->startup_ms, 0.75), bench_quantile (program->startup_ms, 0),
          bench_quantile (program->startup_ms, 1), bench_quantile (program->cpu_ms, 0.5),
          bench_quantile (program->cpu_ms, 0.25), bench_quantile (program->cpu_ms, 0.75),
          bench_quantile (program->rss_kb, 0.5),
          bench_quantile (program->hwm_kb, 0.5), bench_quantile (program->hwm_kb, 1));
}

static void
print_ratio (const char *text,
             const char *key,
             const char *where,
             double      app,
             double      baseline,
             double      goal)
{
  double ratio = app / baseline;
  gboolean met = ratio <= goal;

  printf ("%s: %.1f ÷ %.1f = %.3f (goal ≤ %.2f): %s\n", text, app, baseline, ratio, goal,
          met ? "met" : "not met");
  printf ("ratio %s %s=%.4f goal=%.2f met=%s\n", where, key, ratio, goal,
          met ? "yes" : "no");
  printf ("goal name=%s %s figure=%.4f goal=%.2f met=%s\n", key, where, ratio, goal,
          met ? "yes" : "no");
}

static Program *
program_new (const char *name,
             const char *path)
{
  Program *program = g_new0 (Program, 1);

  program->name = name;
  program->path = path;
  program->startup_ms = g_array_new (FALSE, FALSE, sizeof (double));
  program->cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  program->rss_kb = g_array_new (FALSE, FALSE, sizeof (double));
  program->hwm_kb = g_array_new (FALSE, FALSE, sizeof (double));
  program->exit_ms = g_array_new (FALSE, FALSE, sizeof (double));

  return program;
}

int
main (int   argc,
      char *argv[])
{
  int runs = DEFAULT_RUNS;
  int warmup = DEFAULT_WARMUP;
  g_autofree char *schema_dir = NULL;
  GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Timed runs of each program", "N" },
    { "warmup", 0, 0, G_OPTION_ARG_INT, &warmup, "Untimed runs of each program first", "N" },
    { "schema-dir", 0, 0, G_OPTION_ARG_FILENAME, &schema_dir, "GSETTINGS_SCHEMA_DIR", "DIR" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("APP BASELINE");
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = NULL;
  const char *renderer;
  g_autofree char *where = NULL;
  Program *app, *baseline;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3 || runs < 1)
    {
      g_printerr ("bench-startup: %s\nUsage: bench-startup [--runs N] [--warmup N] "
                  "[--schema-dir DIR] APP BASELINE\n",
                  error ? error->message : "two programs and at least one run are needed");
      return 2;
    }

  app = program_new ("bloom-lab", argv[1]);
  baseline = program_new ("baseline-window", argv[2]);
  env = child_environment (schema_dir);
  renderer = g_getenv ("GSK_RENDERER");
  if (renderer == NULL || *renderer == '\0')
    renderer = "default";

  for (int i = 0; i < warmup; i++)
    if (!run_once (app, env, FALSE) || !run_once (baseline, env, FALSE))
      return 1;

  for (int i = 0; i < runs; i++)
    {
      Program *first = i % 2 == 0 ? app : baseline;
      Program *second = i % 2 == 0 ? baseline : app;

      if (!run_once (first, env, TRUE) || !run_once (second, env, TRUE))
        return 1;
    }

  /* The figures' key: the renderer asked for and the windowing system. */
  where = g_strdup_printf ("renderer=%s display=%s", renderer,
                           app->display ? app->display : "?");

  printf ("# start-up: exec to first painted frame; GSK_RENDERER=%s (bloom-lab used %s, "
          "baseline-window %s); %d runs each, alternating, after %d untimed\n", renderer,
          app->renderer ? app->renderer : "?", baseline->renderer ? baseline->renderer : "?",
          runs, warmup);
  print_program (app, where);
  print_program (baseline, where);
  print_machine (app, where);
  print_machine (baseline, where);
  print_ratio ("start-up ms (median)", "startup", where,
               bench_quantile (app->startup_ms, 0.5), bench_quantile (baseline->startup_ms, 0.5),
               GOAL_STARTUP);
  /* Not a goal: the CPU time says how much of the start-up is the
   * program's own work, which a busy machine does not change much. */
  printf ("start-up CPU ms (median, for reference): %.1f ÷ %.1f = %.3f\n",
          bench_quantile (app->cpu_ms, 0.5), bench_quantile (baseline->cpu_ms, 0.5),
          bench_quantile (app->cpu_ms, 0.5) / bench_quantile (baseline->cpu_ms, 0.5));
  printf ("ratio %s startup_cpu=%.4f\n", where,
          bench_quantile (app->cpu_ms, 0.5) / bench_quantile (baseline->cpu_ms, 0.5));
  print_ratio ("peak RSS after start-up kB (median VmHWM)", "peak_rss", where,
               bench_quantile (app->hwm_kb, 0.5), bench_quantile (baseline->hwm_kb, 0.5), GOAL_RSS);

  return 0;
}
