/* bloom-entries-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-entries-view"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-entries-view.h"
#include "bloom-scroll.h"
#include "bloom-value-label.h"

struct _BloomEntriesView
{
  BloomSessionView parent_instance;

  GtkWidget     *caption;
  GtkWidget     *scroller;
  /* Up to 1024 strings of up to 256 units: a list view creates rows only
   * for what is on screen, where one label would lay out all of them. */
  GtkStringList *strings;
};

G_DEFINE_FINAL_TYPE (BloomEntriesView, bloom_entries_view, BLOOM_TYPE_SESSION_VIEW)

static void
bloom_entries_view_update (BloomSessionView *view)
{
  BloomEntriesView *self = BLOOM_ENTRIES_VIEW (view);
  BloomSession *session = bloom_session_view_get_session (view);
  guint n = session ? bloom_session_get_n_entries (session) : 0;
  guint old_n = g_list_model_get_n_items (G_LIST_MODEL (self->strings));
  g_autoptr(GPtrArray) added = g_ptr_array_new ();
  guint first = 0;

  /* The list holds the stored strings as they are; rows quote them when
   * they are shown, so only the visible ones are ever quoted. Entries are
   * only appended between resets: the list is spliced from the first one
   * that differs, and keeps its place as it grows. */
  while (first < n && first < old_n &&
         g_str_equal (bloom_session_get_entry (session, first, NULL),
                      gtk_string_list_get_string (self->strings, first)))
    first++;

  if (first < n || first < old_n)
    {
      for (guint i = first; i < n; i++)
        g_ptr_array_add (added, (gpointer) bloom_session_get_entry (session, i, NULL));
      g_ptr_array_add (added, NULL);
      gtk_string_list_splice (self->strings, first, old_n - first,
                              (const char * const *) added->pdata);
    }

  if (bloom_session_view_get_filter (view) == NULL)
    bloom_value_label_set_text (BLOOM_VALUE_LABEL (self->caption), _("No filter is active."));
  else if (n == 0)
    bloom_value_label_set_text (BLOOM_VALUE_LABEL (self->caption), _("No entries yet."));
  else
    {
      g_autofree char *caption =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "%u distinct string, JSON-quoted, in insertion order:",
                                      "%u distinct strings, JSON-quoted, in insertion order:", n),
                         n);

      bloom_value_label_set_text (BLOOM_VALUE_LABEL (self->caption), caption);
    }

  gtk_widget_set_visible (self->scroller, n > 0);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *index = gtk_label_new (NULL);
  GtkWidget *text = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (index), 1.0f);
  gtk_label_set_yalign (GTK_LABEL (index), 0.0f);
  gtk_label_set_width_chars (GTK_LABEL (index), 4);
  gtk_widget_add_css_class (index, "numeric");
  gtk_widget_add_css_class (index, "dim-label");

  gtk_label_set_xalign (GTK_LABEL (text), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_add_css_class (text, "monospace");

  gtk_box_append (GTK_BOX (box), index);
  gtk_box_append (GTK_BOX (box), text);
  gtk_list_item_set_child (item, box);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *index = gtk_widget_get_first_child (box);
  GtkWidget *text = gtk_widget_get_next_sibling (index);
  g_autofree char *number = g_strdup_printf ("%u", gtk_list_item_get_position (item));
  g_autofree char *quoted =
    bloom_text_quote (gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_list_item_get_item (item))), -1);

  gtk_label_set_text (GTK_LABEL (index), number);
  gtk_label_set_text (GTK_LABEL (text), quoted);
}

static void
bloom_entries_view_dispose (GObject *object)
{
  BloomEntriesView *self = BLOOM_ENTRIES_VIEW (object);

  g_clear_pointer (&self->caption, gtk_widget_unparent);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_object (&self->strings);

  G_OBJECT_CLASS (bloom_entries_view_parent_class)->dispose (object);
}

static void
bloom_entries_view_class_init (BloomEntriesViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->dispose = bloom_entries_view_dispose;

  session_view_class->update = bloom_entries_view_update;

  gtk_widget_class_set_css_name (widget_class, "entriesview");
}

static void
bloom_entries_view_init (BloomEntriesView *self)
{
  GtkListItemFactory *factory;
  GtkWidget *list;

  bloom_session_view_stack_children (BLOOM_SESSION_VIEW (self), 6);

  self->caption = bloom_session_view_append_label (BLOOM_SESSION_VIEW (self));

  self->strings = gtk_string_list_new (NULL);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  list = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->strings)))),
                            factory);
  gtk_widget_add_css_class (list, "entries");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Stored strings"),
                                  -1);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scroller), 320);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), list);
  bloom_scroll_chain_to_page (GTK_SCROLLED_WINDOW (self->scroller));
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  bloom_entries_view_update (BLOOM_SESSION_VIEW (self));
}

/* The stored strings, one GtkStringObject per entry in insertion order;
 * each row shows its string JSON-quoted. */
GListModel *
bloom_entries_view_get_model (BloomEntriesView *self)
{
  g_return_val_if_fail (BLOOM_IS_ENTRIES_VIEW (self), NULL);

  return G_LIST_MODEL (self->strings);
}

const char *
bloom_entries_view_get_caption (BloomEntriesView *self)
{
  g_return_val_if_fail (BLOOM_IS_ENTRIES_VIEW (self), NULL);

  return bloom_value_label_get_text (BLOOM_VALUE_LABEL (self->caption));
}
