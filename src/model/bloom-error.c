/* bloom-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "bloom-error.h"

G_DEFINE_QUARK (bloom-error-quark, bloom_error)
