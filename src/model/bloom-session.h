/* bloom-session.h — the active filter, the exact reference set of stored
 * strings, the counters of SPEC R, the last operation and the drafts of the
 * input fields.
 *
 * Signals: "changed" once per successful mutation of the filter, the
 * entries, the counters or the last operation; "drafts-changed" (no
 * arguments) once per call that changed any of the m, k and text drafts:
 * the draft setters, bloom_session_set_parameter_drafts(),
 * bloom_session_undo() and loading a document. A call that emits both
 * emits "changed" first. The drafts and the open details also notify their
 * properties ("m-draft", "k-draft", "text-draft", "open-details"), and
 * what is derived from them its own (see "Validity, once" below).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "bloom-filter.h"
#include "bloom-operation.h"

G_BEGIN_DECLS

#define BLOOM_MAX_ENTRIES 1024

/* The longest draft, in characters: what a GTK text field holds. */
#define BLOOM_DRAFT_MAX_CHARS 65535

#define BLOOM_TYPE_SESSION (bloom_session_get_type ())

G_DECLARE_FINAL_TYPE (BloomSession, bloom_session, BLOOM, SESSION, GObject)

BloomSession   *bloom_session_new                  (void);
gboolean        bloom_session_create_filter        (BloomSession *self,
                                                    guint         m,
                                                    guint         k,
                                                    GError      **error);
void            bloom_session_discard_filter       (BloomSession *self);
void            bloom_session_reset                (BloomSession *self);
BloomOperation *bloom_session_insert               (BloomSession *self,
                                                    const char   *text,
                                                    gssize        len,
                                                    GError      **error);
BloomOperation *bloom_session_query                (BloomSession *self,
                                                    const char   *text,
                                                    gssize        len,
                                                    GError      **error);
BloomOperation *bloom_session_insert_example       (BloomSession *self,
                                                    GError      **error);
void            bloom_session_replace              (BloomSession *self,
                                                    BloomSession *from);
gboolean        bloom_session_get_can_undo         (BloomSession *self);
gboolean        bloom_session_undo                 (BloomSession *self);
BloomFilter    *bloom_session_get_filter           (BloomSession *self);
BloomOperation *bloom_session_get_last_operation   (BloomSession *self);
guint           bloom_session_get_n_entries        (BloomSession *self);
const char     *bloom_session_get_entry            (BloomSession *self,
                                                    guint         i,
                                                    gsize        *len);
gboolean        bloom_session_contains             (BloomSession *self,
                                                    const char   *text,
                                                    gssize        len);
guint           bloom_session_get_negative_queries (BloomSession *self);
guint           bloom_session_get_false_positives  (BloomSession *self);
gboolean        bloom_session_get_observed_rate    (BloomSession *self,
                                                    double       *rate);
double          bloom_session_get_approximate_rate (BloomSession *self);
double          bloom_session_get_exact_rate       (BloomSession *self);
double          bloom_session_get_fill_rate        (BloomSession *self);
double          bloom_session_get_estimated_entries (BloomSession *self);

/* Provenance: which stored entries' positions include a bit. */
guint          *bloom_session_get_bit_setters      (BloomSession *self,
                                                    guint         bit,
                                                    guint        *n_setters);
gboolean        bloom_session_get_first_setter     (BloomSession *self,
                                                    guint         bit,
                                                    guint        *entry);
void            bloom_session_get_first_setters    (BloomSession *self,
                                                    const guint  *bits,
                                                    guint         n_bits,
                                                    guint        *entries);

/* Drafts: the fields exactly as typed, valid or not (SPEC P1). */
const char     *bloom_session_get_m_draft          (BloomSession *self);
void            bloom_session_set_m_draft          (BloomSession *self,
                                                    const char   *draft);
const char     *bloom_session_get_k_draft          (BloomSession *self);
void            bloom_session_set_k_draft          (BloomSession *self,
                                                    const char   *draft);
const char     *bloom_session_get_text_draft       (BloomSession *self);
void            bloom_session_set_text_draft       (BloomSession *self,
                                                    const char   *draft);
/* SPEC F3: both parameter fields at once. When they no longer say the
 * active filter's m and k, it is discarded first, undoably. */
void            bloom_session_set_parameter_drafts (BloomSession *self,
                                                    const char   *m_draft,
                                                    const char   *k_draft);

/* Validity, once (SPEC F2, F3, T1): what the drafts are worth, kept with
 * them and notified only when it changes ("m-draft-value",
 * "k-draft-value", "m-error", "k-error", "text-draft-units", "text-error",
 * "can-create", "can-insert", "can-query"). A value is 0 and its error a
 * translated message when the draft is not valid; the text error says
 * only what can be said as typed (too long). */
guint           bloom_session_get_m_draft_value    (BloomSession *self);
guint           bloom_session_get_k_draft_value    (BloomSession *self);
const char     *bloom_session_get_m_error          (BloomSession *self);
const char     *bloom_session_get_k_error          (BloomSession *self);
guint           bloom_session_get_text_draft_units (BloomSession *self);
const char     *bloom_session_get_text_error       (BloomSession *self);
gboolean        bloom_session_get_can_create       (BloomSession *self);
gboolean        bloom_session_get_can_insert       (BloomSession *self);
gboolean        bloom_session_get_can_query        (BloomSession *self);
/* SPEC F3: Create, from the m and k drafts; FALSE with the error of the
 * first draft that is not valid. */
gboolean        bloom_session_create_filter_from_drafts (BloomSession *self,
                                                         GError      **error);

/* Which details a view shows open, by name ("hash-positions", "model", …). */
const char * const *bloom_session_get_open_details (BloomSession *self);
gboolean        bloom_session_get_detail_open      (BloomSession *self,
                                                    const char   *name);
void            bloom_session_set_detail_open      (BloomSession *self,
                                                    const char   *name,
                                                    gboolean      open);
/* All at once, as GSettings holds them ("open-details" is writable):
 * names that are not detail names, and more than 16, are left out. */
void            bloom_session_set_open_details     (BloomSession       *self,
                                                    const char * const *names);
gboolean        bloom_session_is_detail_name       (const char   *name);

G_END_DECLS
