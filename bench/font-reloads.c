/* font-reloads.c — counts the fonts GTK loads again while it draws
 *
 * Preloaded into a GTK program (LD_PRELOAD=…/libfont-reloads.so), it
 * wraps Pango's pango_font_map_reload_font(). GTK 4.18 calls it when it
 * makes a text node, for the node's ink extents without hinting, and
 * keeps the result for the last font only: text nodes made one after
 * another in different fonts load a font each. GTK 4.8 does not call
 * it while drawing. With FONT_RELOADS_LOG set, each call prints its
 * font ("reload DejaVu Sans Mono 9.999"); at exit the count is printed:
 *
 *   font-reloads 232
 *
 * Run bench-window with --ops 0 and with --ops N: the difference over N
 * (plus the first operation after Create) is the reloads per operation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define _GNU_SOURCE

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include <pango/pango.h>

#if !PANGO_VERSION_CHECK (1, 52, 0)
/* Pango 1.50 (Debian 12) has no such function: nothing calls it there. */
PangoFont *pango_font_map_reload_font (PangoFontMap *fontmap, PangoFont *font, double scale,
                                       PangoContext *context, const char *variations);
#endif

typedef PangoFont *(*ReloadFunc) (PangoFontMap *, PangoFont *, double, PangoContext *, const char *);

static unsigned long n_reloads;

PangoFont *
pango_font_map_reload_font (PangoFontMap *fontmap,
                            PangoFont    *font,
                            double        scale,
                            PangoContext *context,
                            const char   *variations)
{
  static ReloadFunc real;

  if (real == NULL)
    real = (ReloadFunc) dlsym (RTLD_NEXT, "pango_font_map_reload_font");

  n_reloads++;
  if (getenv ("FONT_RELOADS_LOG") != NULL)
    {
      PangoFontDescription *description = pango_font_describe (font);
      char *name = pango_font_description_to_string (description);

      fprintf (stderr, "reload %s\n", name);
      g_free (name);
      pango_font_description_free (description);
    }

  return real (fontmap, font, scale, context, variations);
}

__attribute__ ((destructor)) static void
print_count (void)
{
  fprintf (stderr, "font-reloads %lu\n", n_reloads);
}
