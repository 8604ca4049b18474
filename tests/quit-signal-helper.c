/* quit-signal-helper.c — the app, as the desktop starts it, for
 * test-quit-signals: it makes its window and store, changes the session,
 * prints "ready" and waits for the signal that ends it.
 *
 *   quit-signal-helper insert TEXT    inserts TEXT (into a 64/3 filter if none)
 *   quit-signal-helper over-limit     a session over the limit of SPEC P2
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "bloom-application.h"
#include "bloom-window.h"

static char **arguments;

static void
fill_over_limit (BloomSession *session)
{
  g_assert_true (bloom_session_create_filter (session, 1024, 12, NULL));
  for (guint i = 0; i < BLOOM_MAX_ENTRIES; i++)
    {
      g_autofree char *prefix = g_strdup_printf ("%04u", i);
      g_autofree char *fill = g_strnfill (BLOOM_TEXT_MAX_UNITS - strlen (prefix), 'a' + i % 26);
      g_autofree char *text = g_strconcat (prefix, fill, NULL);

      g_assert_nonnull (bloom_session_insert (session, text, -1, NULL));
    }
}

/* After the application's own handler: the window and its restored
 * session exist. */
static void
on_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));
  BloomSession *session = bloom_window_get_session (BLOOM_WINDOW (window));

  if (g_str_equal (arguments[1], "over-limit"))
    fill_over_limit (session);
  else
    {
      if (bloom_session_get_filter (session) == NULL)
        g_assert_true (bloom_session_create_filter (session, 64, 3, NULL));
      g_assert_nonnull (bloom_session_insert (session, arguments[2], -1, NULL));
    }

  printf ("ready\n");
  fflush (stdout);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(BloomApplication) application = NULL;
  char *run_argv[] = { argv[0], NULL };

  if (argc < 2 || (g_str_equal (argv[1], "insert") && argc != 3))
    {
      g_printerr ("usage: %s insert TEXT | over-limit\n", argv[0]);
      return 2;
    }
  arguments = argv;

  application = bloom_application_new ();
  /* Beside whatever else runs on the session bus. */
  g_application_set_flags (G_APPLICATION (application), G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (application, "activate", G_CALLBACK (on_activate), NULL);

  return g_application_run (G_APPLICATION (application), 1, run_argv);
}
