/* window-fixture.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "bloom-value-label.h"
#include "window-child.h"
#include "window-fixture.h"

/* A window on the session of a scratch store, with the first start's
 * drafts, large enough that nothing wraps unexpectedly, drawn once. */
void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->store = bloom_session_store_new_scratch ();
  fixture->session = g_object_ref (bloom_session_store_get_session (fixture->store));
  g_assert_cmpstr (bloom_session_get_m_draft (fixture->session), ==, "64");
  g_assert_cmpstr (bloom_session_get_k_draft (fixture->session), ==, "3");
  fixture->window = bloom_window_new (NULL, fixture->store);
  g_object_ref_sink (fixture->window);
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1280, 900);
  gtk_window_present (GTK_WINDOW (fixture->window));
  wait_for_draw (fixture);
}

/* Nothing may keep the window or the session alive. */
void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_assert_finalize_object (g_steal_pointer (&fixture->window));
  /* A write under way holds the store until it is done. */
  bloom_session_store_flush (fixture->store);
  g_assert_finalize_object (g_steal_pointer (&fixture->store));
  g_assert_finalize_object (g_steal_pointer (&fixture->session));
}

GtkWidget *
child (Fixture    *fixture,
       const char *name)
{
  return window_child (GTK_WIDGET (fixture->window), name);
}

const char *
label_text (Fixture    *fixture,
            const char *name)
{
  GtkWidget *widget = child (fixture, name);

  if (BLOOM_IS_VALUE_LABEL (widget))
    return bloom_value_label_get_text (BLOOM_VALUE_LABEL (widget));

  return gtk_label_get_text (GTK_LABEL (widget));
}

/* Lets pending idles run, as they would between two key presses. */
void
settle (void)
{
  for (guint i = 0; i < 1000 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}

static gboolean
set_expired (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;

  return G_SOURCE_REMOVE;
}

/* Runs the main loop for @ms milliseconds, however idle it is: what is
 * under way (a timeout, a write) ends. */
void
run_for (guint ms)
{
  gboolean expired = FALSE;

  g_timeout_add (ms, set_expired, &expired);
  while (!expired)
    g_main_context_iteration (NULL, TRUE);
}

void
wait_for_draw (Fixture *fixture)
{
  gtk_test_widget_wait_for_draw (GTK_WIDGET (fixture->window));
}

void
type_into (Fixture    *fixture,
           const char *field,
           const char *text)
{
  /* As one edit, the way typing over the selection is: the "text"
   * property of the entry's GtkText announces one change, where
   * gtk_editable_set_text() announces an empty field between deleting
   * and inserting. */
  g_object_set (gtk_editable_get_delegate (GTK_EDITABLE (child (fixture, field))), "text", text,
                NULL);
  settle ();
}

void
activate (Fixture    *fixture,
          const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), action, NULL));
  settle ();
}

void
run (Fixture    *fixture,
     const char *action,
     const char *text)
{
  type_into (fixture, "text_entry", text);
  activate (fixture, action);
}

void
create_filter (Fixture    *fixture,
               const char *m,
               const char *k)
{
  type_into (fixture, "m_spin", m);
  type_into (fixture, "k_spin", k);
  activate (fixture, "filter.create");
  g_assert_nonnull (bloom_session_get_filter (fixture->session));
}
