/* bloom-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-application"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <glib-unix.h>
#include <signal.h>
#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/wayland/gdkwayland.h>
#endif

#include "bloom-application.h"
#include "bloom-color-scheme.h"
#include "bloom-settings.h"
#include "bloom-window.h"

/* What ends the app from outside: logout, shutdown or kill (SIGTERM),
 * Ctrl+C in a terminal (SIGINT), a closed terminal (SIGHUP). */
static const int quit_signals[] = { SIGTERM, SIGINT, SIGHUP };

struct _BloomApplication
{
  GtkApplication    parent_instance;

  guint             quit_signal_sources[G_N_ELEMENTS (quit_signals)];
  /* The one session and its store: the application owns them, windows
   * show them. Made at start-up, read once. */
  BloomSessionStore *store;
  /* Light or dark, as the desktop prefers, while the app runs. */
  BloomColorScheme *color_scheme;
};

G_DEFINE_FINAL_TYPE (BloomApplication, bloom_application, GTK_TYPE_APPLICATION)

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (application);
  const char *developers[] = { _("Bloom Lab developers"), NULL };
  /* SPEC W5: where the model comes from. */
  const char *sources[] = {
    _("Burton H. Bloom (1970): Space/Time Trade-offs in Hash Coding with Allowable Errors, "
      "Method 2 and Eq. 1"),
    _("Adam Kirsch and Michael Mitzenmacher (2008): Less Hashing, Same Performance: Building a "
      "Better Bloom Filter, §§2 and 5.2"),
    _("RFC 9923: The FNV Non-Cryptographic Hash Algorithm"),
    NULL
  };
  GtkAboutDialog *dialog;

  dialog = GTK_ABOUT_DIALOG (gtk_about_dialog_new ());
  gtk_window_set_transient_for (GTK_WINDOW (dialog), parent);
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_about_dialog_set_program_name (dialog, _("Bloom Lab"));
  gtk_about_dialog_set_logo_icon_name (dialog, APPLICATION_ID);
  gtk_about_dialog_set_version (dialog, PACKAGE_VERSION);
  gtk_about_dialog_set_comments (dialog,
                                 _("Learn how a Bloom filter works: every bit, hash, position "
                                   "and rate, exact and checkable by hand."));
  gtk_about_dialog_set_website (dialog, PACKAGE_WEBSITE);
  gtk_about_dialog_set_license_type (dialog, GTK_LICENSE_GPL_3_0);
  gtk_about_dialog_set_authors (dialog, developers);
  /* Translators: replace with your names, one per line */
  gtk_about_dialog_set_translator_credits (dialog, _("translator-credits"));
  gtk_about_dialog_add_credit_section (dialog, _("Sources"), sources);

  gtk_window_present (GTK_WINDOW (dialog));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);
  GList *windows = gtk_application_get_windows (application);

  /* Closing the windows, rather than g_application_quit(), lets each of
   * them finish what it must do before it goes. */
  for (GList *l = g_list_copy (windows), *next; l != NULL; l = next)
    {
      next = l->next;
      gtk_window_close (GTK_WINDOW (l->data));
      g_list_free_1 (l);
    }
}

/* Nobody can be asked now: the store keeps what it has (a session too
 * large to store goes to its recovery file), then the app quits. */
static gboolean
on_quit_signal (gpointer user_data)
{
  BloomApplication *self = BLOOM_APPLICATION (user_data);

  bloom_session_store_flush_for_exit (self->store);
  g_application_quit (G_APPLICATION (self));

  return G_SOURCE_CONTINUE;
}

static const GActionEntry app_actions[] = {
  { "about", about_action },
  { "quit", quit_action },
};

/* The session as the last run left it (SPEC P1): in the user's state
 * directory, the drafts in the settings. An unreadable stored copy is
 * kept by the store and shown by the window; the app starts regardless. */
static BloomSessionStore *
make_store (void)
{
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(GSettings) settings = bloom_settings_new ();
  BloomSessionStore *store = bloom_session_store_new (session, settings);

  bloom_session_store_restore (store, NULL);

  return store;
}

/* X11 window managers show the icon a window hands them. GDK's Wayland
 * backend (GTK 4.8 to 4.18) drops it, and the shell takes the icon from
 * the desktop file, but GTK would still load and draw it, at realize,
 * before the first frame: the app's SVG icon loads librsvg, 8 MB of a
 * start-up's memory and some 13 million instructions. */
static void
set_window_icon (GdkDisplay *display)
{
#ifdef GDK_WINDOWING_WAYLAND
  if (GDK_IS_WAYLAND_DISPLAY (display))
    return;
#endif
  gtk_window_set_default_icon_name (APPLICATION_ID);
}

static void
bloom_application_startup (GApplication *application)
{
  static const char * const quit_accels[] = { "<Control>q", NULL };
  BloomApplication *self = BLOOM_APPLICATION (application);

  G_APPLICATION_CLASS (bloom_application_parent_class)->startup (application);

  /* GTK is set up now. The desktop's setting is read at once, before the
   * window shows; the portal answers a moment later. */
  self->color_scheme = bloom_color_scheme_new ();

  self->store = make_store ();

  for (guint i = 0; i < G_N_ELEMENTS (quit_signals); i++)
    self->quit_signal_sources[i] = g_unix_signal_add (quit_signals[i], on_quit_signal, self);

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions,
                                   G_N_ELEMENTS (app_actions), application);
  /* The window's own actions bind their keys in its class
   * (bloom-window-actions.c); quitting is the application's. */
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "app.quit", quit_accels);

  set_window_icon (gdk_display_get_default ());
}

/* The one window, on the one session. */
static GtkWindow *
ensure_window (GApplication *application)
{
  BloomApplication *self = BLOOM_APPLICATION (application);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window != NULL)
    return window;

  return GTK_WINDOW (bloom_window_new (GTK_APPLICATION (application), self->store));
}

static void
bloom_application_activate (GApplication *application)
{
  gtk_window_present (ensure_window (application));
}

/* `bloom-lab FILE`, a double-click in Files, "Open With": the file opens
 * as Import opens it, with the same checks, question and Undo, or a
 * lecture file plays. One session at a time: of several files, the
 * first. */
static void
bloom_application_open (GApplication  *application,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  GtkWindow *window = ensure_window (application);

  gtk_window_present (window);
  if (n_files > 0)
    bloom_window_open_file (BLOOM_WINDOW (window), files[0]);
}

static void
bloom_application_shutdown (GApplication *application)
{
  BloomApplication *self = BLOOM_APPLICATION (application);

  for (guint i = 0; i < G_N_ELEMENTS (quit_signals); i++)
    g_clear_handle_id (&self->quit_signal_sources[i], g_source_remove);
  g_clear_object (&self->color_scheme);
  /* Its dispose stores what is pending. */
  g_clear_object (&self->store);

  G_APPLICATION_CLASS (bloom_application_parent_class)->shutdown (application);
}

static void
bloom_application_class_init (BloomApplicationClass *klass)
{
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  application_class->startup = bloom_application_startup;
  application_class->shutdown = bloom_application_shutdown;
  application_class->activate = bloom_application_activate;
  application_class->open = bloom_application_open;
}

static void
bloom_application_init (BloomApplication *self)
{
}

/* The user's locale and the translations, before anything else: for
 * main.c and for bench/bench-bloom-lab.c, which start the same program. */
void
bloom_application_setup_locale (void)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

/* The store of the one session the windows show (SPEC P1); NULL before
 * start-up. */
BloomSessionStore *
bloom_application_get_store (BloomApplication *self)
{
  g_return_val_if_fail (BLOOM_IS_APPLICATION (self), NULL);

  return self->store;
}

BloomApplication *
bloom_application_new (void)
{
  return g_object_new (BLOOM_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/bloomlab/BloomLab",
                       NULL);
}
