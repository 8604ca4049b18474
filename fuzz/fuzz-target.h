/* fuzz-target.h — the entry point every fuzz target provides, called by
 * libFuzzer (-Dfuzzing=true) or by fuzz-driver.c, which replays files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);
