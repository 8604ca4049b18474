/* window-child.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "bloom-window.h"
#include "window-child.h"

static void
collect (GtkWidget  *widget,
         const char *id,
         GPtrArray  *found)
{
  if (g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)), id) == 0)
    g_ptr_array_add (found, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect (c, id, found);

  /* A collapsed expander keeps its child out of the widget tree. */
  if (GTK_IS_EXPANDER (widget))
    {
      GtkWidget *content = gtk_expander_get_child (GTK_EXPANDER (widget));

      if (content != NULL && gtk_widget_get_parent (content) == NULL)
        collect (content, id, found);
    }
}

/* The one widget under @root, or @root itself, whose .ui id is @id; an id
 * that names none or several fails the test. The sections' and the
 * banners' content is built first if need be; a widget of the window's template outside the
 * tree (the primary menu's zoom row before the menu first opens) is found
 * too. */
GtkWidget *
window_child (GtkWidget  *root,
              const char *id)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect (root, id, found);
  /* A section's content is built when the section is first opened. */
  if (found->len == 0 && BLOOM_IS_WINDOW (root))
    {
      bloom_window_build_sections (BLOOM_WINDOW (root));
      collect (root, id, found);
    }
  /* A banner's content is built when the banner is first shown. */
  if (found->len == 0 && BLOOM_IS_WINDOW (root))
    {
      bloom_window_build_banners (BLOOM_WINDOW (root));
      collect (root, id, found);
    }
  /* The primary menu's zoom row joins the tree when the menu first
   * opens; until then the window's template holds it. */
  if (found->len == 0 && BLOOM_IS_WINDOW (root))
    {
      GObject *object = gtk_widget_get_template_child (root, BLOOM_TYPE_WINDOW, id);

      if (GTK_IS_WIDGET (object))
        return GTK_WIDGET (object);
    }
  if (found->len != 1)
    g_error ("%u widgets with the id “%s”, not one", found->len, id);

  return g_ptr_array_index (found, 0);
}

/* The first widget under @root, or @root itself, depth first, for which
 * @match is TRUE; NULL when there is none. For widgets no .ui names. */
GtkWidget *
window_find (GtkWidget       *root,
             WindowMatchFunc  match,
             gconstpointer    data)
{
  if (match (root, data))
    return root;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = window_find (c, match, data);

      if (found != NULL)
        return found;
    }

  return NULL;
}
