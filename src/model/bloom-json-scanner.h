/* bloom-json-scanner.h — the session loader's first pass over the raw
 * text. json-glib 1.6 recurses once per nesting level and overflows its
 * stack on deep input; it also reads much that is not JSON (single-quoted
 * strings, comments, C escapes, hexadecimal, octal) and turns some of it
 * into something else without a word, keeps only the last of two equal
 * member names, and ignores what follows the first value. One pass, a
 * strict JSON lexer that counts the nesting, refuses all of that before
 * the parser sees it, as well as NUL bytes, invalid UTF-8 and a text of
 * nothing but a byte order mark and blanks; the parser then only checks
 * the grammar. Private to the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

gboolean bloom_json_scanner_check (const char  *json,
                                   gsize        len,
                                   GError     **error);
/* The whole first pass of a document the user gives (a session, a
 * lecture): the size cap, the scanner, then json-glib, which keeps the
 * root in @parser. Returns the root object when its "format" member is
 * @format; %NULL otherwise, with a BLOOM_ERROR_IMPORT_* error:
 * @wrong_format (BLOOM_ERROR_IMPORT_WRONG_FORMAT, a translated message
 * that says what the caller expected) for a document of another format. */
JsonObject *bloom_json_scanner_parse (JsonParser  *parser,
                                      const char  *json,
                                      gsize        len,
                                      const char  *format,
                                      const char  *wrong_format,
                                      GError     **error);

G_END_DECLS
