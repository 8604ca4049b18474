/* bloom-fitted-scroller.h — a scrolled window as tall as what it scrolls
 * at the width it is given, up to its largest content height
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BLOOM_TYPE_FITTED_SCROLLER (bloom_fitted_scroller_get_type ())

G_DECLARE_FINAL_TYPE (BloomFittedScroller, bloom_fitted_scroller, BLOOM, FITTED_SCROLLER, GtkWidget)

GtkWidget *bloom_fitted_scroller_new (GtkScrolledWindow *scroller);

G_END_DECLS
