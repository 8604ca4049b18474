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

/* U+2060 WORD JOINER: no line break on either side of it, and not drawn. */
#define WORD_JOINER "\xe2\x81\xa0"

static gboolean
is_range_dash (gunichar c)
{
  return c == 0x2013 /* EN DASH */ || c == '-';
}

/* @text with a word joiner on each side of every dash between two
 * digits, or NULL when there is none. */
static char *
join_ranges (const char *text)
{
  g_autoptr(GString) joined = g_string_new (NULL);
  gunichar previous = 0;
  gboolean changed = FALSE;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      const char *next = g_utf8_next_char (p);

      if (is_range_dash (c) && g_unichar_isdigit (previous) && g_unichar_isdigit (g_utf8_get_char (next)))
        {
          g_string_append (joined, WORD_JOINER);
          g_string_append_unichar (joined, c);
          g_string_append (joined, WORD_JOINER);
          changed = TRUE;
        }
      else
        g_string_append_unichar (joined, c);
      previous = c;
    }

  return changed ? g_string_free (g_steal_pointer (&joined), FALSE) : NULL;
}

/* Labels wrap when the zoom leaves them too little room, but "8–1024"
 * must not come apart as "8–" and "1024": Pango may break after a dash.
 * Done here, on the translated text, so that no translation has to type
 * the invisible joiners. For the labels under @root as built. */
void
bloom_zoom_keep_ranges_whole (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_LABEL (root) && gtk_label_get_wrap (GTK_LABEL (root)))
    {
      g_autofree char *joined = join_ranges (gtk_label_get_label (GTK_LABEL (root)));

      if (joined != NULL)
        gtk_label_set_label (GTK_LABEL (root), joined);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    bloom_zoom_keep_ranges_whole (child);
}
