/* bloom-session-private.h — the insides of BloomSession, shared by the
 * files of the type: bloom-session.c (the filter, the entries, the
 * counters, Undo), bloom-session-drafts.c (the fields as typed and the
 * open details) and bloom-session-validity.c (what the drafts are worth:
 * values, messages, which operations can run); and what the state loader
 * may do, which builds a complete
 * session aside and moves it in only once everything checked out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-bit-index.h"
#include "bloom-session.h"

G_BEGIN_DECLS

#define BLOOM_MAX_OPEN_DETAILS 16
#define BLOOM_DETAIL_NAME_MAX  32

struct _BloomSession
{
  GObject         parent_instance;

  BloomFilter    *filter;          /* NULL when no filter is active */
  /* The exact reference set (SPEC T2, T3): BloomTextKeys in insertion
   * order, and the same records as a set. Equal UTF-8 bytes mean equal
   * UTF-16 units for valid text, so byte equality is the comparison of T2. */
  GPtrArray      *entries;
  GHashTable     *entry_set;
  BloomBitIndex  *bit_index;       /* which entries set each bit */
  guint           negative_queries;
  guint           false_positives;
  BloomOperation *last_operation;

  char           *m_draft;
  char           *k_draft;
  char           *text_draft;
  GStrv           open_details;    /* sorted, no duplicates */

  /* What the last discard or reset took away, with the m and k drafts of
   * that moment, until the next change: a slip of the scroll wheel in a
   * lecture must cost nothing. Only its contents and drafts are used. */
  BloomSession   *undo;
  /* Set on an Undo record of bloom_session_replace(): Undo brings back its
   * text draft and open details too, which a discard or reset never
   * changed. */
  gboolean        undo_restores_all;

  /* Derived from the drafts and the filter, once per change
   * (bloom-session-validity.c); each notifies when it changes. */
  guint           m_draft_value;   /* 0: the m draft is not valid */
  guint           k_draft_value;
  char           *m_error;         /* NULL: valid */
  char           *k_error;
  guint           text_draft_units;
  char           *text_error;      /* T1: too long, as typed; NULL otherwise */
  gboolean        can_create;
  gboolean        can_insert;      /* and query: a filter is active */
};

typedef enum
{
  BLOOM_SESSION_PROP_0,
  BLOOM_SESSION_PROP_M_DRAFT,
  BLOOM_SESSION_PROP_K_DRAFT,
  BLOOM_SESSION_PROP_TEXT_DRAFT,
  BLOOM_SESSION_PROP_OPEN_DETAILS,
  BLOOM_SESSION_PROP_CAN_UNDO,
  BLOOM_SESSION_PROP_M_DRAFT_VALUE,
  BLOOM_SESSION_PROP_K_DRAFT_VALUE,
  BLOOM_SESSION_PROP_M_ERROR,
  BLOOM_SESSION_PROP_K_ERROR,
  BLOOM_SESSION_PROP_TEXT_DRAFT_UNITS,
  BLOOM_SESSION_PROP_TEXT_ERROR,
  BLOOM_SESSION_PROP_CAN_CREATE,
  BLOOM_SESSION_PROP_CAN_INSERT,
  BLOOM_SESSION_PROP_CAN_QUERY,
  BLOOM_SESSION_N_PROPS
} BloomSessionProperty;

/* bloom-session.c, for the other files of the type */
void     bloom_session_notify               (BloomSession         *self,
                                             BloomSessionProperty  property);
void     bloom_session_emit_drafts_changed  (BloomSession         *self);

/* bloom-session-drafts.c, for the other files of the type */
gboolean bloom_session_replace_drafts       (BloomSession         *self,
                                             const char           *m_draft,
                                             const char           *k_draft,
                                             const char           *text_draft);
void     bloom_session_replace_open_details (BloomSession         *self,
                                             const char * const   *open_details);

/* bloom-session-validity.c, for the other files of the type */
void     bloom_session_install_validity     (GObjectClass         *object_class,
                                             GParamSpec          **properties);
gboolean bloom_session_get_validity_property (BloomSession        *self,
                                              guint                property,
                                              GValue              *value);
void     bloom_session_update_validity      (BloomSession         *self);
void     bloom_session_clear_validity       (BloomSession         *self);

/* For the state loader */
gboolean bloom_session_add_hashed_entry (BloomSession *self,
                                         const char   *text,
                                         gsize         len,
                                         guint32       h1,
                                         guint32       h2,
                                         GError      **error);
void     bloom_session_set_counters  (BloomSession *self,
                                      guint         negative_queries,
                                      guint         false_positives);
void     bloom_session_take_contents (BloomSession *self,
                                      BloomSession *from);

G_END_DECLS
