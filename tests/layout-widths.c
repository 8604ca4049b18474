/* layout-widths.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define _GNU_SOURCE  /* RTLD_NEXT */

#include "config.h"

#include <dlfcn.h>
#include <pango/pango.h>

#include "layout-widths.h"

static char *watched_start;
static guint widths_set;

void
pango_layout_set_width (PangoLayout *layout,
                        int          width)
{
  static void (*real_set_width) (PangoLayout *, int);

  if (real_set_width == NULL)
    real_set_width = dlsym (RTLD_NEXT, "pango_layout_set_width");
  if (watched_start != NULL && width != pango_layout_get_width (layout) &&
      g_str_has_prefix (pango_layout_get_text (layout), watched_start))
    widths_set++;

  real_set_width (layout, width);
}

/* Counts, from now on, the new widths of layouts whose text starts with
 * @text_start. */
void
layout_widths_watch (const char *text_start)
{
  g_assert (text_start != NULL);

  g_free (watched_start);
  watched_start = g_strdup (text_start);
  widths_set = 0;
}

/* Stops counting; returns the count since layout_widths_watch(). */
guint
layout_widths_stop (void)
{
  g_clear_pointer (&watched_start, g_free);

  return widths_set;
}
