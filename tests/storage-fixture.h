/* storage-fixture.h — for the storage tests: an output stream that runs
 * out of space after a given number of bytes (no root, no full disk), and
 * files in a directory of their own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define TEST_TYPE_FAILING_STREAM (test_failing_stream_get_type ())

G_DECLARE_FINAL_TYPE (TestFailingStream, test_failing_stream, TEST, FAILING_STREAM,
                      GFilterOutputStream)

/* A BloomStreamFilterFunc: @budget is GSIZE_TO_POINTER (bytes that pass). */
GOutputStream *test_failing_stream_filter (GOutputStream *base,
                                           gpointer       budget);

char           *fixture_make_directory     (void);
void            fixture_remove_directory   (const char    *path);
char          **fixture_list_directory     (const char    *path);
char           *fixture_read               (const char    *directory,
                                            const char    *name,
                                            gsize         *len);
void            fixture_write              (const char    *directory,
                                            const char    *name,
                                            const char    *contents);
void            fixture_run_until          (gboolean      *done,
                                            guint          seconds);

G_END_DECLS
