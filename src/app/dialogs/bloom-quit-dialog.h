/* bloom-quit-dialog.h — SPEC P2: quitting, or replacing the session, while
 * the session is not stored
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  BLOOM_QUIT_RESPONSE_CANCEL,
  BLOOM_QUIT_RESPONSE_EXPORT,
  BLOOM_QUIT_RESPONSE_QUIT,     /* go ahead: quit, or replace the session */
} BloomQuitResponse;

/* What would lose the session that is not kept. */
typedef enum
{
  BLOOM_QUIT_PURPOSE_QUIT,
  BLOOM_QUIT_PURPOSE_REPLACE,   /* an import, or restoring a recovered session */
  BLOOM_QUIT_PURPOSE_OVERWRITE, /* storing this session over another Bloom Lab's */
} BloomQuitPurpose;

#define BLOOM_TYPE_QUIT_DIALOG (bloom_quit_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BloomQuitDialog, bloom_quit_dialog, BLOOM, QUIT_DIALOG, GtkWindow)

BloomQuitDialog *bloom_quit_dialog_new     (GtkWindow       *parent,
                                            BloomQuitPurpose purpose,
                                            const char      *body);
void             bloom_quit_dialog_respond (BloomQuitDialog *self,
                                            BloomQuitResponse response);

G_END_DECLS
