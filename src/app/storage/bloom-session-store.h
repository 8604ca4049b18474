/* bloom-session-store.h — SPEC P1, P2, P4: the session kept between runs
 *
 * The session document (entries, counters, last operation; state version
 * 2) is a file in the user's state directory, written with an atomic
 * replace (bloom-atomic-file.c), the copy before it kept beside it; the
 * drafts and open details are GSettings keys, bound to the session's
 * properties. The store writes outward only; restore() reads each copy
 * once. Reading, migration and recovery are in
 * bloom-session-store-restore.c. No thread of its own and no lock: everything runs on the main
 * thread, and GIO does the writing off the main loop.
 *
 * Files in the store's directory (g_get_user_state_dir()/bloom-lab/):
 *   session.json             the current copy
 *   session.json~            the copy written before it (GIO's backup)
 *   session-unreadable.json  a copy refused at start-up, kept for the user
 *   session-recovery.json    the full session at a quit signal, when it
 *                            could not be stored (SPEC P2; docs/storage.md)
 *   session-recovery-reason.txt  why, unless it was too large
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "bloom-model.h"
#include "bloom-session-file.h"

G_BEGIN_DECLS

#define BLOOM_SESSION_STORE_CURRENT_NAME    "session.json"
#define BLOOM_SESSION_STORE_PREVIOUS_NAME   "session.json~"
#define BLOOM_SESSION_STORE_UNREADABLE_NAME "session-unreadable.json"
#define BLOOM_SESSION_STORE_RECOVERY_NAME   "session-recovery.json"
#define BLOOM_SESSION_STORE_RECOVERY_REASON_NAME "session-recovery-reason.txt"

/* Why a quit signal kept the session aside in the recovery file. */
typedef enum
{
  BLOOM_RECOVERY_REASON_TOO_LARGE,    /* over the limit of SPEC P2 */
  BLOOM_RECOVERY_REASON_WRITE_ERROR,  /* its write failed: see get_recovery_write_error() */
  BLOOM_RECOVERY_REASON_CONFLICT,     /* another Bloom Lab stored a different session */
} BloomRecoveryReason;

/* Which stored copy bloom_session_store_restore() loaded. */
typedef enum
{
  BLOOM_STORED_COPY_NONE,      /* none: nothing stored, or nothing readable */
  BLOOM_STORED_COPY_CURRENT,   /* the copy written last */
  BLOOM_STORED_COPY_PREVIOUS,  /* the one before it: the current copy was missing or
                                * refused (see "unreadable-message") */
  BLOOM_STORED_COPY_LEGACY,    /* the GSettings key "session" of Bloom Lab 0.1.0, now
                                * moved to the file (SPEC P4) */
} BloomStoredCopy;

#define BLOOM_TYPE_STORED_COPY (bloom_stored_copy_get_type ())
GType bloom_stored_copy_get_type (void) G_GNUC_CONST;

#define BLOOM_TYPE_SESSION_STORE (bloom_session_store_get_type ())

G_DECLARE_FINAL_TYPE (BloomSessionStore, bloom_session_store, BLOOM, SESSION_STORE, GObject)

/* Properties, all read-only except the construct-only ones, each notified
 * on a real change:
 *   "session"             BloomSession*    construct-only
 *   "settings"            GSettings*       construct-only; drafts and open details
 *   "directory"           GFile*           construct-only; NULL: the user's state directory
 *   "unsaved"             gboolean         the session is over the limit of SPEC P2 and
 *                                          not stored; quitting must ask
 *   "unreadable-message"  char*            why the stored copy was refused, or NULL
 *   "loaded-copy"         BloomStoredCopy  which copy restore() loaded
 *   "write-error"         char*            why the last write failed, or NULL; nothing
 *                                          newer than the stored copy is stored then
 *   "recovery-available"  gboolean         a recovery file waits: offer restore or discard
 *   "conflict"            gboolean         another Bloom Lab stored a different session
 *                                          since this one last read or wrote it: nothing
 *                                          is stored until load_theirs() or keep_mine()
 */

/* Making, loading, saving */

/* A store of @session in the user's state directory, its drafts and open
 * details bound to @settings, which gives them to the session at once.
 * Call restore() next. */
BloomSessionStore *bloom_session_store_new                (BloomSession      *session,
                                                           GSettings         *settings);
/* The same in @directory (NULL: the user's state directory); for tests. */
BloomSessionStore *bloom_session_store_new_for_directory  (BloomSession      *session,
                                                           GSettings         *settings,
                                                           GFile             *directory);
/* Where nothing must be kept (tests, a lecture's own session): a new
 * session, its settings in memory (g_memory_settings_backend_new()), its
 * files in a scratch directory removed with the store. Restored already:
 * nothing to read. */
BloomSessionStore *bloom_session_store_new_scratch        (void);
BloomSession      *bloom_session_store_get_session        (BloomSessionStore *self);
GSettings         *bloom_session_store_get_settings       (BloomSessionStore *self);
/* Once, before anything changes the session: loads the current copy, or
 * the one before it, or the key of 0.1.0 (whose drafts go to the
 * settings). Sets "loaded-copy", "unreadable-message", "recovery-available".
 * FALSE and @error when a stored copy was refused (even if the one before
 * it loaded); nothing stored is not an error. Reads files synchronously. */
gboolean           bloom_session_store_restore            (BloomSessionStore *self,
                                                           GError           **error);
/* Changes are stored 400 ms after they happen. save_now() starts storing
 * at once and returns; flush() also waits (running the main loop) until
 * the document is written or its write failed: before a window closes. */
void               bloom_session_store_save_now           (BloomSessionStore *self);
void               bloom_session_store_flush              (BloomSessionStore *self);
/* For a quit signal, when nobody can be asked: flush(), and a session that
 * could not be stored (too large, or its write failed) goes whole to the
 * recovery file. TRUE when the session is on disk one way or the other. */
gboolean           bloom_session_store_flush_for_exit     (BloomSessionStore *self);

/* SPEC P2: "unsaved" is TRUE while the session is over the limit and not
 * stored (the window shows the notice; closing asks); unsaved_chars is its
 * size in UTF-16 code units, 0 otherwise. */
gboolean           bloom_session_store_get_unsaved        (BloomSessionStore *self);
gsize              bloom_session_store_get_unsaved_chars  (BloomSessionStore *self);

/* What restore() found. loaded_copy: which copy is in the session.
 * unreadable_message: why a stored copy was refused (translated), NULL if
 * none was. dup_unreadable_copy: that copy byte for byte, for "Save a
 * copy" (g_free(); NULL if none); it is also kept in the file
 * session-unreadable.json. dismiss_unreadable: the user has seen it;
 * clears the message, the copy stays. */
BloomStoredCopy    bloom_session_store_get_loaded_copy    (BloomSessionStore *self);
const char        *bloom_session_store_get_unreadable_message (BloomSessionStore *self);
char              *bloom_session_store_dup_unreadable_copy    (BloomSessionStore *self);
void               bloom_session_store_dismiss_unreadable (BloomSessionStore *self);

/* Failed writes: write_error is why the last write of the document failed
 * (GIO's translated message: "No space left on device", …), NULL once a
 * write succeeds. The copy stored before stays byte for byte. The store
 * tries again on the next change; retry() tries now. */
const char        *bloom_session_store_get_write_error    (BloomSessionStore *self);
void               bloom_session_store_retry              (BloomSessionStore *self);

/* The recovery file a quit signal left (a session that could not be
 * stored): recovery_available says one waits. restore_recovery replaces
 * the session with it, parsed off the main loop; the file stays until
 * that session is stored or exported (on error the session is
 * unchanged); discard_recovery removes it. */
gboolean           bloom_session_store_get_recovery_available (BloomSessionStore *self);
void               bloom_session_store_restore_recovery_async  (BloomSessionStore   *self,
                                                                GCancellable        *cancellable,
                                                                GAsyncReadyCallback  callback,
                                                                gpointer             user_data);
gboolean           bloom_session_store_restore_recovery_finish (BloomSessionStore  *self,
                                                                GAsyncResult       *result,
                                                                GError            **error);
void               bloom_session_store_discard_recovery   (BloomSessionStore *self);
/* Why the recovery file was written; for WRITE_ERROR, the error. */
BloomRecoveryReason bloom_session_store_get_recovery_reason      (BloomSessionStore *self);
const char        *bloom_session_store_get_recovery_write_error  (BloomSessionStore *self);
/* The session was exported whole: a restored recovery file is safe to go. */
void               bloom_session_store_session_exported   (BloomSessionStore *self);
/* The same for an export that takes a while: begin_export() as it
 * starts, and what it returned to export_written() once written. The
 * recovery file goes only if the export began once the session kept
 * aside was restored: an export begun before holds the session it
 * replaced. */
guint              bloom_session_store_begin_export       (BloomSessionStore *self);
void               bloom_session_store_export_written     (BloomSessionStore *self,
                                                           guint              export_id);

/* An unreadable stored copy was read and is kept (FALSE: it could not be
 * opened, so there is nothing to keep). */
gboolean           bloom_session_store_get_unreadable_kept (BloomSessionStore *self);

/* Two instances, one stored file (docs/storage.md): "conflict" is TRUE
 * when a write was refused because another Bloom Lab stored a different
 * session. load_theirs() puts that session in this one (Ctrl+Z brings
 * this one back); keep_mine() stores this one over it. */
gboolean           bloom_session_store_get_conflict       (BloomSessionStore *self);
gboolean           bloom_session_store_load_theirs        (BloomSessionStore *self,
                                                           GError           **error);
void               bloom_session_store_keep_mine          (BloomSessionStore *self);

/* For tests: every document the store writes goes through @filter. */
void               bloom_session_store_set_stream_filter  (BloomSessionStore     *self,
                                                           BloomStreamFilterFunc  filter,
                                                           gpointer               filter_data);

G_END_DECLS
