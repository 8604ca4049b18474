/* bloom-zoom.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "bloom-zoom.h"

/* @page's class from @old_zoom's to @zoom's. */
void
bloom_zoom_set_css_class (GtkWidget *page,
                          guint      old_zoom,
                          guint      zoom)
{
  g_autofree char *old_class = g_strdup_printf ("zoom-%u", old_zoom);
  g_autofree char *new_class = g_strdup_printf ("zoom-%u", zoom);

  g_return_if_fail (GTK_IS_WIDGET (page));

  gtk_widget_remove_css_class (page, old_class);
  gtk_widget_add_css_class (page, new_class);
}
