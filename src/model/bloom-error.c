/* bloom-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bloom-error-private.h"

/**
 * bloom_error_quark:
 *
 * Returns: the quark of the %BLOOM_ERROR domain, whose codes are
 *   #BloomError
 */
G_DEFINE_QUARK (bloom-error-quark, bloom_error)

/* A field of an imported document is wrong: @path names it, @message says
 * what is wrong. Always FALSE, so a check can return it. */
gboolean
bloom_error_invalid_field (GError     **error,
                           const char  *path,
                           const char  *message)
{
  /* Translators: the first %s is the name of a field such as
   * “filter.entries[3]”, the second says what is wrong with it: one of the
   * messages with the context “field problem” */
  g_set_error (error, BLOOM_ERROR, BLOOM_ERROR_IMPORT_INVALID_FIELD,
               _("The field “%s” is invalid: %s"), path, message);
  return FALSE;
}
