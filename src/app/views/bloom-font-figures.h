/* bloom-font-figures.h — the figures of a widget's font that sizes are
 * counted in (the width of a character, ascent, descent), shared by every
 * widget in the same font
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* In Pango units. */
typedef struct
{
  int char_width;   /* the wider of an average character and a digit, ≥ 1 */
  int ascent;
  int descent;
} BloomFontFigures;

void bloom_font_figures_get    (GtkWidget        *widget,
                                BloomFontFigures *figures);
void bloom_font_figures_forget (void);

G_END_DECLS
