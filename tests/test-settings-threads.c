/* test-settings-threads.c — the app's settings used from several threads
 * at once, on GLib's keyfile backend (what a Flatpak uses), which has no
 * lock of its own: the session store writes from its thread, the backend
 * reads its file back in another, and the main thread reads meanwhile.
 * Each read under the app's settings lock gets a whole document.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "bloom-session-store.h"
#include "bloom-settings.h"

#define N_SAVES 200
#define READS_PER_SAVE 4

static char *
read_stored (GSettings *settings)
{
  g_autoptr(GRecMutexLocker) locker = g_rec_mutex_locker_new (bloom_settings_get_lock ());

  return g_settings_get_string (settings, "session");
}

static void
assert_whole_document (const char *json)
{
  g_autoptr(BloomSession) scratch = bloom_session_new ();
  g_autoptr(GError) error = NULL;

  /* Nothing stored yet is the only other thing to find. */
  if (json[0] == '\0')
    return;

  bloom_state_load_json (scratch, json, -1, &error);
  g_assert_no_error (error);
}

static void
test_read_while_writing (void)
{
  g_autoptr(GSettings) settings = bloom_settings_new ();
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomSessionStore) store = NULL;
  g_autofree char *last = NULL;
  g_autofree char *stored = NULL;

  g_assert_nonnull (settings);
  {
    g_autoptr(GObject) backend = NULL;

    g_object_get (settings, "backend", &backend, NULL);
    g_assert_cmpstr (G_OBJECT_TYPE_NAME (backend), ==, "GKeyfileSettingsBackend");
  }

  /* A document of some 50 KB, so that writing it takes a while. */
  bloom_session_create_filter (session, 1024, 12, NULL);
  for (guint i = 0; i < 600; i++)
    {
      g_autofree char *text = g_strdup_printf ("entry %u of a long session: ünïcödé 😀", i);

      g_assert_nonnull (bloom_session_insert (session, text, -1, NULL));
    }

  store = bloom_session_store_new (session, settings);

  for (guint i = 0; i < N_SAVES; i++)
    {
      g_autofree char *draft = g_strdup_printf ("save %u", i);

      bloom_session_set_text_draft (session, draft);
      bloom_session_store_save_now (store);

      for (guint j = 0; j < READS_PER_SAVE; j++)
        {
          g_autofree char *json = read_stored (settings);

          assert_whole_document (json);
          g_thread_yield ();
        }
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }

  /* The last save is what stays. */
  bloom_session_store_flush (store);
  last = bloom_state_to_json (session, NULL);
  stored = read_stored (settings);
  g_assert_cmpstr (stored, ==, last);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bloom-settings-XXXXXX", &error);
  g_autofree char *file = NULL;
  int status;

  g_assert_no_error (error);
  /* Before the first GSettings: the backend is chosen once. */
  g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
  g_setenv ("XDG_CONFIG_HOME", dir, TRUE);

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/settings/read-while-writing", test_read_while_writing);
  status = g_test_run ();

  file = g_build_filename (dir, "glib-2.0", "settings", "keyfile", NULL);
  g_remove (file);
  g_clear_pointer (&file, g_free);
  file = g_build_filename (dir, "glib-2.0", "settings", NULL);
  g_rmdir (file);
  g_clear_pointer (&file, g_free);
  file = g_build_filename (dir, "glib-2.0", NULL);
  g_rmdir (file);
  g_rmdir (dir);

  return status;
}
