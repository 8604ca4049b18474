/* bloom-wrap-box.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-wrap-box"

#include "config.h"

#include "bloom-wrap-box.h"

/* Children go left to right (right to left in RTL), each at its natural
 * width, onto the next row when the next one no longer fits; a row's
 * room left over goes to its children that expand horizontally. The box
 * is as narrow as its widest child: the zoomed page reflows instead of
 * widening. Not a GtkFlowBox: its children are rows to select and stops
 * for Tab of their own, and it lines children up in columns. Children
 * are added from GtkBuilder as a widget's are (GtkWidget's buildable
 * sets the parent). */

struct _BloomWrapBox
{
  GtkWidget parent_instance;

  int       column_spacing;
  int       row_spacing;
};

G_DEFINE_FINAL_TYPE (BloomWrapBox, bloom_wrap_box, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_COLUMN_SPACING, PROP_ROW_SPACING, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* One child's place: its row, its width and its room. */
typedef struct
{
  GtkWidget *child;
  guint      row;
  int        x;
  int        width;
  gboolean   expand;
} Place;

/* The visible children placed in rows at @width; fills @min_heights and
 * @nat_heights (each row's) if not NULL. */
static GArray *
place_children (BloomWrapBox *self,
                int           width,
                GArray       *min_heights,
                GArray       *nat_heights)
{
  GArray *places = g_array_new (FALSE, FALSE, sizeof (Place));
  guint row = 0, row_start = 0;
  int x = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      Place place = { child, 0, 0, 0, FALSE };
      int minimum, natural;

      if (!gtk_widget_should_layout (child))
        continue;

      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
      place.width = MAX (minimum, MIN (natural, width));
      place.expand = gtk_widget_compute_expand (child, GTK_ORIENTATION_HORIZONTAL);
      if (places->len > row_start && x + self->column_spacing + place.width > width)
        {
          row++;
          row_start = places->len;
          x = 0;
        }
      else if (places->len > row_start)
        x += self->column_spacing;
      place.row = row;
      place.x = x;
      x += place.width;
      g_array_append_val (places, place);
    }

  /* Each row's room left over goes to its expanding children. */
  for (guint start = 0; start < places->len;)
    {
      guint end = start, n_expand = 0;
      int left, shift = 0;

      while (end < places->len && g_array_index (places, Place, end).row == g_array_index (places, Place, start).row)
        n_expand += g_array_index (places, Place, end++).expand;
      left = width - (g_array_index (places, Place, end - 1).x + g_array_index (places, Place, end - 1).width);
      for (guint i = start; i < end; i++)
        {
          Place *place = &g_array_index (places, Place, i);
          int extra = 0;

          place->x += shift;
          if (place->expand && left > 0)
            {
              extra = left / n_expand;
              left -= extra;
              n_expand--;
            }
          place->width += extra;
          shift += extra;
        }
      start = end;
    }

  if (min_heights != NULL)
    for (guint i = 0; i < places->len; i++)
      {
        Place *place = &g_array_index (places, Place, i);
        int minimum, natural;

        gtk_widget_measure (place->child, GTK_ORIENTATION_VERTICAL, place->width,
                            &minimum, &natural, NULL, NULL);
        if (place->row >= min_heights->len)
          {
            int zero = 0;

            g_array_append_val (min_heights, zero);
            g_array_append_val (nat_heights, zero);
          }
        g_array_index (min_heights, int, place->row) = MAX (g_array_index (min_heights, int, place->row), minimum);
        g_array_index (nat_heights, int, place->row) = MAX (g_array_index (nat_heights, int, place->row), natural);
      }

  return places;
}

static int
sum_rows (BloomWrapBox *self,
          GArray       *heights)
{
  int sum = 0;

  for (guint i = 0; i < heights->len; i++)
    sum += g_array_index (heights, int, i);

  return sum + (heights->len > 1 ? (int) (heights->len - 1) * self->row_spacing : 0);
}

static GtkSizeRequestMode
bloom_wrap_box_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
bloom_wrap_box_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  BloomWrapBox *self = BLOOM_WRAP_BOX (widget);

  *minimum = *natural = 0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      guint n = 0;

      /* As narrow as the widest child, as wide as all in one row. */
      for (GtkWidget *child = gtk_widget_get_first_child (widget);
           child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int child_min, child_nat;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, orientation, -1, &child_min, &child_nat, NULL, NULL);
          *minimum = MAX (*minimum, child_min);
          *natural += child_nat + (n++ > 0 ? self->column_spacing : 0);
        }
    }
  else
    {
      g_autoptr(GArray) min_heights = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr(GArray) nat_heights = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr(GArray) places = NULL;
      int width = for_size, natural_width;

      /* Without a width, as tall as at the narrowest. */
      if (width < 0)
        bloom_wrap_box_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &width, &natural_width, NULL, NULL);
      places = place_children (self, width, min_heights, nat_heights);
      *minimum = sum_rows (self, min_heights);
      *natural = sum_rows (self, nat_heights);
    }
}

static void
bloom_wrap_box_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  BloomWrapBox *self = BLOOM_WRAP_BOX (widget);
  g_autoptr(GArray) min_heights = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) nat_heights = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) places = place_children (self, width, min_heights, nat_heights);
  GArray *heights = sum_rows (self, nat_heights) <= height ? nat_heights : min_heights;
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  guint row = 0;
  int y = 0;

  for (guint i = 0; i < places->len; i++)
    {
      Place *place = &g_array_index (places, Place, i);

      for (; row < place->row; row++)
        y += g_array_index (heights, int, row) + self->row_spacing;
      gtk_widget_size_allocate (place->child,
                                &(GtkAllocation) {
                                  rtl ? width - place->x - place->width : place->x, y,
                                  place->width, g_array_index (heights, int, place->row)
                                },
                                -1);
    }
}

static void
bloom_wrap_box_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (bloom_wrap_box_parent_class)->dispose (object);
}

static void
bloom_wrap_box_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  BloomWrapBox *self = BLOOM_WRAP_BOX (object);

  switch (prop_id)
    {
    case PROP_COLUMN_SPACING:
      g_value_set_int (value, self->column_spacing);
      break;
    case PROP_ROW_SPACING:
      g_value_set_int (value, self->row_spacing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_wrap_box_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  BloomWrapBox *self = BLOOM_WRAP_BOX (object);

  switch (prop_id)
    {
    case PROP_COLUMN_SPACING:
      bloom_wrap_box_set_column_spacing (self, g_value_get_int (value));
      break;
    case PROP_ROW_SPACING:
      bloom_wrap_box_set_row_spacing (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_wrap_box_class_init (BloomWrapBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bloom_wrap_box_dispose;
  object_class->get_property = bloom_wrap_box_get_property;
  object_class->set_property = bloom_wrap_box_set_property;
  widget_class->get_request_mode = bloom_wrap_box_get_request_mode;
  widget_class->measure = bloom_wrap_box_measure;
  widget_class->size_allocate = bloom_wrap_box_size_allocate;

  properties[PROP_COLUMN_SPACING] =
    g_param_spec_int ("column-spacing", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ROW_SPACING] =
    g_param_spec_int ("row-spacing", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "wrapbox");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
bloom_wrap_box_init (BloomWrapBox *self)
{
}

GtkWidget *
bloom_wrap_box_new (void)
{
  return g_object_new (BLOOM_TYPE_WRAP_BOX, NULL);
}

int
bloom_wrap_box_get_column_spacing (BloomWrapBox *self)
{
  g_return_val_if_fail (BLOOM_IS_WRAP_BOX (self), 0);

  return self->column_spacing;
}

void
bloom_wrap_box_set_column_spacing (BloomWrapBox *self,
                                   int           spacing)
{
  g_return_if_fail (BLOOM_IS_WRAP_BOX (self));
  g_return_if_fail (spacing >= 0);

  if (self->column_spacing == spacing)
    return;

  self->column_spacing = spacing;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLUMN_SPACING]);
}

int
bloom_wrap_box_get_row_spacing (BloomWrapBox *self)
{
  g_return_val_if_fail (BLOOM_IS_WRAP_BOX (self), 0);

  return self->row_spacing;
}

void
bloom_wrap_box_set_row_spacing (BloomWrapBox *self,
                                int           spacing)
{
  g_return_if_fail (BLOOM_IS_WRAP_BOX (self));
  g_return_if_fail (spacing >= 0);

  if (self->row_spacing == spacing)
    return;

  self->row_spacing = spacing;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROW_SPACING]);
}
