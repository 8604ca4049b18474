/* bloom-model.h — the model library's public API, in one header
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "bloom-enum-types.h"
#include "bloom-error.h"
#include "bloom-filter.h"
#include "bloom-hash.h"
#include "bloom-lecture.h"
#include "bloom-lecture-step.h"
#include "bloom-operation.h"
#include "bloom-sample.h"
#include "bloom-sampler.h"
#include "bloom-session.h"
#include "bloom-sizing.h"
#include "bloom-state.h"
#include "bloom-text.h"
