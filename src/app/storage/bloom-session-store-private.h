/* bloom-session-store-private.h — the insides of BloomSessionStore,
 * shared by its files: bloom-session-store.c (making, the settings bound
 * to the session, writing) and bloom-session-store-restore.c (reading at
 * start-up, migration from 0.1.0, the unreadable copy, recovery)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-session-store.h"

G_BEGIN_DECLS

struct _BloomSessionStore
{
  GObject                parent_instance;

  BloomSession          *session;
  GSettings             *settings;
  /* The same schema, in delay mode, bound to the session's drafts and
   * open details: they change with every key press, and are written with
   * the document, once per SAVE_DELAY_MS. */
  GSettings             *drafts;
  gboolean               scratch;          /* the directory is the store's own */
  GFile                 *directory;
  GFile                 *current;
  GFile                 *previous;
  GFile                 *unreadable;
  GFile                 *recovery;

  guint                  save_source;
  gboolean               dirty;            /* the session changed since what is stored */
  gboolean               writing;          /* a write is under way */
  gboolean               write_again;      /* asked to save while it was */
  gboolean               legacy_pending;   /* the 0.1.0 key goes once its copy is written */
  gboolean               previous_pending; /* session.json~ was loaded: written back, kept */
  gboolean               directory_made;

  gboolean               unsaved;          /* over the limit of SPEC P2, not stored */
  gsize                  unsaved_chars;
  char                  *write_error;
  char                  *unreadable_message;
  GBytes                *unreadable_copy;
  BloomStoredCopy        loaded_copy;
  gboolean               recovery_available;
  /* Restored this run: its file stays until the session is stored or
   * exported, or the user discards it. */
  gboolean               recovery_pending;
  guint                  restores;         /* of the recovery file, this run */
  gboolean               write_keeps_recovery; /* the write under way stores it */
  BloomRecoveryReason    recovery_reason;
  char                  *recovery_write_error;

  /* What session.json holds as far as this store knows (docs/storage.md):
   * the SHA-256 of what it last read or wrote, or BLOOM_ATOMIC_FILE_ABSENT;
   * NOT_OPENED when it could not be read: never written over. */
  char                  *stored_sum;
  gboolean               conflict;         /* another Bloom Lab stored a different session */
  int                    lock_fd;          /* the directory, locked while a write is under way */
  guint                  lock_source;      /* waiting for another Bloom Lab's write to end */

  BloomStreamFilterFunc  filter;
  gpointer               filter_data;
};

typedef enum {
  PROP_0,
  PROP_SESSION,
  PROP_SETTINGS,
  PROP_DIRECTORY,
  PROP_UNSAVED,
  PROP_UNREADABLE_MESSAGE,
  PROP_LOADED_COPY,
  PROP_WRITE_ERROR,
  PROP_RECOVERY_AVAILABLE,
  PROP_CONFLICT,
  N_PROPS
} BloomSessionStoreProperty;

/* bloom-session-store.c, for bloom-session-store-restore.c */
void _bloom_session_store_notify                 (BloomSessionStore          *self,
                                                  BloomSessionStoreProperty   property);
void _bloom_session_store_set_string_property    (BloomSessionStore          *self,
                                                  char                      **field,
                                                  const char                 *value,
                                                  guint                       prop_id);
void _bloom_session_store_set_recovery_available (BloomSessionStore          *self,
                                                  gboolean                    available);
void _bloom_session_store_ensure_directory       (BloomSessionStore          *self);
void _bloom_session_store_set_stored             (BloomSessionStore          *self,
                                                  GBytes                     *contents);
gboolean _bloom_session_store_try_lock           (BloomSessionStore          *self);
void _bloom_session_store_unlock                 (BloomSessionStore          *self);
void _bloom_session_store_remove_recovery        (BloomSessionStore          *self);

/* The first line of session-recovery-reason.txt; the rest is the error. */
#define BLOOM_RECOVERY_REASON_WRITE_ERROR_KEY "write-error"
#define BLOOM_RECOVERY_REASON_CONFLICT_KEY    "conflict"

/* The checksum that matches no file: the current copy could not be read. */
#define NOT_OPENED "not opened"

G_END_DECLS
