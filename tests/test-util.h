/* test-util.h — shared by the test programs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

JsonNode *test_load_data_json (const char *name);
char     *test_read_data_file (const char *name,
                               gsize      *len);

G_END_DECLS

#include "bloom-model.h"

G_BEGIN_DECLS

typedef void (*TestStepFunc) (BloomSession *session,
                              JsonObject   *step,
                              gpointer      user_data);

void test_assert_session_state (BloomSession *session,
                                JsonObject   *state);
void test_assert_operation     (BloomOperation *operation,
                                JsonObject     *result);
void test_run_trace            (BloomSession *session,
                                JsonObject   *trace,
                                TestStepFunc  after_step,
                                gpointer      user_data);

G_END_DECLS
