/* bloom-session-store.h — SPEC P1, P2: the session kept in GSettings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "bloom-model.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_SESSION_STORE (bloom_session_store_get_type ())

G_DECLARE_FINAL_TYPE (BloomSessionStore, bloom_session_store, BLOOM, SESSION_STORE, GObject)

BloomSessionStore *bloom_session_store_new                (BloomSession      *session,
                                                           GSettings         *settings);
BloomSession      *bloom_session_store_get_session        (BloomSessionStore *self);
gboolean           bloom_session_store_restore            (BloomSessionStore *self,
                                                           GError           **error);
void               bloom_session_store_save_now           (BloomSessionStore *self);
void               bloom_session_store_flush              (BloomSessionStore *self);
gboolean           bloom_session_store_get_unsaved        (BloomSessionStore *self);
gsize              bloom_session_store_get_unsaved_chars  (BloomSessionStore *self);
const char        *bloom_session_store_get_unreadable_message (BloomSessionStore *self);
char              *bloom_session_store_dup_unreadable_copy    (BloomSessionStore *self);
void               bloom_session_store_dismiss_unreadable (BloomSessionStore *self);

G_END_DECLS
