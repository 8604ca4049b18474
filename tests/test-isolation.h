/* test-isolation.h — a test program's own home, runtime directory and
 * accessibility mode, whatever the machine and other test runs have
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *test_isolate_environment (void);

G_END_DECLS
