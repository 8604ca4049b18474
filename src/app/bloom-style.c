/* bloom-style.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "bloom-style.h"

/* The colour @widget's CSS gives its content, on any GTK 4: GTK 4.10
 * deprecates the style context that 4.8 has for it. */
void
bloom_style_get_color (GtkWidget *widget,
                       GdkRGBA   *color)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (color != NULL);

#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), color);
#endif
}
