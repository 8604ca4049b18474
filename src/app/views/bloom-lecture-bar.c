/* bloom-lecture-bar.c
 *
 * Read from the back of the hall: the caption's size is in em of the
 * page's font size, so it follows the zoom (style.css, .lecture-caption).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-lecture-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-lecture-bar.h"
#include "bloom-value-label.h"

struct _BloomLectureBar
{
  GtkWidget  parent_instance;

  GtkLabel        *caption_label;
  GtkLabel        *position_label;
  BloomValueLabel *title_label;
};

G_DEFINE_FINAL_TYPE (BloomLectureBar, bloom_lecture_bar, GTK_TYPE_WIDGET)

static void
bloom_lecture_bar_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (bloom_lecture_bar_parent_class)->dispose (object);
}

static void
bloom_lecture_bar_class_init (BloomLectureBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bloom_lecture_bar_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "lecturebar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static GtkLabel *
append_label (BloomLectureBar *self,
              GtkWidget       *parent,
              const char      *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, css_class);
  if (parent == GTK_WIDGET (self))
    gtk_widget_set_parent (label, parent);
  else
    gtk_box_append (GTK_BOX (parent), label);

  return GTK_LABEL (label);
}

static void
bloom_lecture_bar_init (BloomLectureBar *self)
{
  GtkBoxLayout *layout = GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self)));
  GtkWidget *line;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (layout, 6);

  /* Where the step is, then what it says. */
  line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
  gtk_widget_set_parent (line, GTK_WIDGET (self));
  self->position_label = append_label (self, line, "lecture-position");
  gtk_label_set_wrap (self->position_label, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->position_label), "numeric");
  /* Not a GtkLabel: beside the position, in a row, a wrapping GtkLabel
   * is asked for its width at the row's height, and answers by laying
   * the title out at width after width: 1112 layouts in nine steps of
   * the example lecture, though its title never changed. */
  self->title_label = BLOOM_VALUE_LABEL (bloom_value_label_new (NULL));
  bloom_value_label_set_wrap (self->title_label, TRUE);
  bloom_value_label_set_xalign (self->title_label, 1);
  gtk_widget_set_hexpand (GTK_WIDGET (self->title_label), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->title_label), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "lecture-title");
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (self->title_label));
  self->caption_label = append_label (self, GTK_WIDGET (self), "lecture-caption");

  /* Screen readers hear each new caption. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->caption_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
}

GtkWidget *
bloom_lecture_bar_new (void)
{
  return g_object_new (BLOOM_TYPE_LECTURE_BAR, NULL);
}

/* Step @index (from 0) of @n_steps; a step without a caption gives its
 * place to the page (at 200 % an empty caption line is a tenth of it). */
void
bloom_lecture_bar_show_step (BloomLectureBar *self,
                             const char      *title,
                             guint            index,
                             guint            n_steps,
                             const char      *caption)
{
  g_autofree char *position = NULL;

  g_return_if_fail (BLOOM_IS_LECTURE_BAR (self));
  g_return_if_fail (index < n_steps);

  /* Translators: where a lecture is, "Step 3 of 12" */
  position = g_strdup_printf (_("Step %u of %u"), index + 1, n_steps);
  gtk_label_set_text (self->position_label, position);
  bloom_value_label_set_text (self->title_label, title);
  gtk_label_set_text (self->caption_label, caption != NULL ? caption : "");
  gtk_widget_set_visible (GTK_WIDGET (self->caption_label), caption != NULL && *caption != '\0');
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->caption_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, caption != NULL ? caption : "",
                                  -1);
}

/* The caption shown, "" for none. */
const char *
bloom_lecture_bar_get_caption (BloomLectureBar *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_BAR (self), NULL);

  return gtk_label_get_text (self->caption_label);
}

/* "Step 3 of 12", in the user's language. */
const char *
bloom_lecture_bar_get_position (BloomLectureBar *self)
{
  g_return_val_if_fail (BLOOM_IS_LECTURE_BAR (self), NULL);

  return gtk_label_get_text (self->position_label);
}
