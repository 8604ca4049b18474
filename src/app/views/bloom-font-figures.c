/* bloom-font-figures.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-font-figures"

#include "config.h"

#include "bloom-font-figures.h"

/* Why shared: each widget has a Pango context of its own, and
 * pango_context_get_metrics() answers from scratch for each one (Pango
 * 1.56 shapes a sample text every time it is asked): some 40 000
 * instructions for each label the first time it is measured, 125 labels
 * when the first insert fills the hash table and the details. The
 * figures depend only on what the context would render with, so labels
 * in the same font share one answer. */

typedef struct
{
  PangoFontMap         *font_map;
  PangoFontDescription *description;
  PangoLanguage        *language;
  double                resolution;
  cairo_font_options_t *options;      /* NULL: the font map's own */
  gboolean              round_positions;
  BloomFontFigures      figures;
} Entry;

/* A window uses a handful of fonts; past this many, start again. */
#define MAX_ENTRIES 32

static GPtrArray *entries;

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_clear_object (&entry->font_map);
  g_clear_pointer (&entry->description, pango_font_description_free);
  g_clear_pointer (&entry->options, cairo_font_options_destroy);
  g_free (entry);
}

static gboolean
same_options (const cairo_font_options_t *a,
              const cairo_font_options_t *b)
{
  if (a == NULL || b == NULL)
    return a == b;

  return cairo_font_options_equal (a, b);
}

static gboolean
entry_matches (const Entry  *entry,
               PangoContext *context)
{
  return entry->font_map == pango_context_get_font_map (context) &&
         entry->language == pango_context_get_language (context) &&
         entry->resolution == pango_cairo_context_get_resolution (context) &&
         entry->round_positions == pango_context_get_round_glyph_positions (context) &&
         same_options (entry->options, pango_cairo_context_get_font_options (context)) &&
         pango_font_description_equal (entry->description,
                                       pango_context_get_font_description (context));
}

void
bloom_font_figures_get (GtkWidget        *widget,
                        BloomFontFigures *figures)
{
  PangoContext *context;
  PangoFontMetrics *metrics;
  const cairo_font_options_t *options;
  Entry *entry;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (figures != NULL);

  context = gtk_widget_get_pango_context (widget);
  if (entries == NULL)
    entries = g_ptr_array_new_with_free_func (entry_free);

  for (guint i = 0; i < entries->len; i++)
    if (entry_matches (g_ptr_array_index (entries, i), context))
      {
        *figures = ((Entry *) g_ptr_array_index (entries, i))->figures;
        return;
      }

  metrics = pango_context_get_metrics (context, NULL, NULL);
  entry = g_new0 (Entry, 1);
  entry->font_map = g_object_ref (pango_context_get_font_map (context));
  entry->description = pango_font_description_copy (pango_context_get_font_description (context));
  entry->language = pango_context_get_language (context);
  entry->resolution = pango_cairo_context_get_resolution (context);
  entry->round_positions = pango_context_get_round_glyph_positions (context);
  options = pango_cairo_context_get_font_options (context);
  entry->options = options != NULL ? cairo_font_options_copy (options) : NULL;
  entry->figures.char_width = MAX (MAX (pango_font_metrics_get_approximate_char_width (metrics),
                                        pango_font_metrics_get_approximate_digit_width (metrics)),
                                   1);
  entry->figures.ascent = pango_font_metrics_get_ascent (metrics);
  entry->figures.descent = pango_font_metrics_get_descent (metrics);
  pango_font_metrics_unref (metrics);

  if (entries->len >= MAX_ENTRIES)
    g_ptr_array_set_size (entries, 0);
  g_ptr_array_add (entries, entry);
  *figures = entry->figures;
}

/* The same context may render differently once fonts are installed or
 * removed (a new description, resolution or font options is a new entry
 * anyway). */
void
bloom_font_figures_forget (void)
{
  if (entries != NULL)
    g_ptr_array_set_size (entries, 0);
}
