/* window-fixture.h — the real window of a window test, and what a test
 * does with it: fields typed into, actions activated, labels read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-window.h"

G_BEGIN_DECLS

typedef struct
{
  BloomSessionStore *store;     /* a scratch store: nothing is kept */
  BloomSession      *session;   /* the store's */
  BloomWindow       *window;
} Fixture;

void        fixture_set_up    (Fixture       *fixture,
                               gconstpointer  data);
void        fixture_tear_down (Fixture       *fixture,
                               gconstpointer  data);
GtkWidget  *child             (Fixture       *fixture,
                               const char    *name);
const char *label_text        (Fixture       *fixture,
                               const char    *name);
void        settle            (void);
void        wait_for_draw     (Fixture       *fixture);
void        run_for           (guint          ms);
void        type_into         (Fixture       *fixture,
                               const char    *field,
                               const char    *text);
void        activate          (Fixture       *fixture,
                               const char    *action);
void        run               (Fixture       *fixture,
                               const char    *action,
                               const char    *text);
void        create_filter     (Fixture       *fixture,
                               const char    *m,
                               const char    *k);

G_END_DECLS
