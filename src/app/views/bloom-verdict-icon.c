/* bloom-verdict-icon.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-verdict-icon"

#include "config.h"

#include "bloom-gtk-compat.h"
#include "bloom-verdict-icon.h"

/* A GtkImage asks for a new size whenever its icon changes, even to one
 * of the same size, and that lays the whole window out again (see
 * bloom-value-label.c). This one is as big as its pixel size whatever
 * icon it shows, so a new icon is only drawn. So is the alert colour of
 * a false positive: a property, not a CSS class, which GTK 4.8 would
 * apply through a new layout of the window. */

/* The grid's orange, a quarter of the way to the text colour: darker
 * on a light theme, lighter on a dark one, 4:1 against either. */
static const GdkRGBA alert_color = { 0.867f, 0.384f, 0.0f, 1.0f };
#define ALERT_TOWARDS_TEXT 0.25f

struct _BloomVerdictIcon
{
  GtkWidget         parent_instance;

  char             *icon_name;
  int               pixel_size;
  gboolean          alert;
  /* The icon as it will be drawn, loading from when it is known, and
   * those it may show next (bloom_verdict_icon_preload()). */
  GtkIconPaintable *icon;
  GPtrArray        *preloaded;
};

G_DEFINE_FINAL_TYPE (BloomVerdictIcon, bloom_verdict_icon, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_ICON_NAME, PROP_PIXEL_SIZE, PROP_ALERT, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* A symbolic SVG is rendered three times over (once per colour it can
 * take) when first drawn: some 9 million instructions for the card's
 * 40 pixels, when that was the first frame's size (a theme without
 * pictures at the size still draws from SVG). Looked up with PRELOAD, the
 * theme renders it in a thread of its own as soon as the icon, its size
 * and its scale are known; drawing it then takes what is ready, or waits
 * for the rest. Every look-up here uses the same flags, so that they
 * find the same icon in the theme's cache. */
static GtkIconPaintable *
lookup_icon (BloomVerdictIcon *self,
             const char       *icon_name)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (widget));

  return gtk_icon_theme_lookup_icon (theme, icon_name, NULL, self->pixel_size,
                                     gtk_widget_get_scale_factor (widget),
                                     gtk_widget_get_direction (widget),
                                     GTK_ICON_LOOKUP_PRELOAD);
}

/* Starts loading the icon it will draw, and keeps it until that changes.
 * Not before it is realized: its scale may still change, and so may its
 * size while the window is built. */
static void
load_icon (BloomVerdictIcon *self)
{
  g_clear_object (&self->icon);
  if (self->icon_name != NULL && self->pixel_size > 0 &&
      gtk_widget_get_realized (GTK_WIDGET (self)))
    self->icon = lookup_icon (self, self->icon_name);
}

static void
bloom_verdict_icon_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  BloomVerdictIcon *self = BLOOM_VERDICT_ICON (widget);

  *minimum = *natural = self->pixel_size;
}

static void
bloom_verdict_icon_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  BloomVerdictIcon *self = BLOOM_VERDICT_ICON (widget);
  g_autoptr(GtkIconPaintable) icon = NULL;
  int size = self->pixel_size;
  GdkRGBA color;

  if (self->icon_name == NULL || size <= 0)
    return;

  /* The loaded one, unless the theme, scale or direction changed since:
   * a look-up in the theme's cache. */
  icon = lookup_icon (self, self->icon_name);

  if (self->alert)
    {
      GdkRGBA text;

      /* The text colour around the icon: its own is the accent's. */
      bloom_gtk_widget_get_color (gtk_widget_get_parent (widget), &text);
      color.red = alert_color.red + (text.red - alert_color.red) * ALERT_TOWARDS_TEXT;
      color.green = alert_color.green + (text.green - alert_color.green) * ALERT_TOWARDS_TEXT;
      color.blue = alert_color.blue + (text.blue - alert_color.blue) * ALERT_TOWARDS_TEXT;
      color.alpha = 1.0f;
    }
  else
    bloom_gtk_widget_get_color (widget, &color);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT ((gtk_widget_get_width (widget) - size) / 2,
                                                (gtk_widget_get_height (widget) - size) / 2));
  gtk_symbolic_paintable_snapshot_symbolic (GTK_SYMBOLIC_PAINTABLE (icon), snapshot, size, size,
                                            &color, 1);
  gtk_snapshot_restore (snapshot);
}

static void
bloom_verdict_icon_realize (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (bloom_verdict_icon_parent_class)->realize (widget);

  load_icon (BLOOM_VERDICT_ICON (widget));
}

static void
bloom_verdict_icon_unrealize (GtkWidget *widget)
{
  g_clear_object (&BLOOM_VERDICT_ICON (widget)->icon);
  g_clear_pointer (&BLOOM_VERDICT_ICON (widget)->preloaded, g_ptr_array_unref);

  GTK_WIDGET_CLASS (bloom_verdict_icon_parent_class)->unrealize (widget);
}

static void
bloom_verdict_icon_finalize (GObject *object)
{
  BloomVerdictIcon *self = BLOOM_VERDICT_ICON (object);

  g_free (self->icon_name);
  g_clear_object (&self->icon);
  g_clear_pointer (&self->preloaded, g_ptr_array_unref);

  G_OBJECT_CLASS (bloom_verdict_icon_parent_class)->finalize (object);
}

static void
bloom_verdict_icon_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  BloomVerdictIcon *self = BLOOM_VERDICT_ICON (object);

  switch (prop_id)
    {
    case PROP_ICON_NAME:
      g_value_set_string (value, self->icon_name);
      break;
    case PROP_PIXEL_SIZE:
      g_value_set_int (value, self->pixel_size);
      break;
    case PROP_ALERT:
      g_value_set_boolean (value, self->alert);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_verdict_icon_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  BloomVerdictIcon *self = BLOOM_VERDICT_ICON (object);

  switch (prop_id)
    {
    case PROP_ICON_NAME:
      bloom_verdict_icon_set_icon_name (self, g_value_get_string (value));
      break;
    case PROP_PIXEL_SIZE:
      bloom_verdict_icon_set_pixel_size (self, g_value_get_int (value));
      break;
    case PROP_ALERT:
      bloom_verdict_icon_set_alert (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_verdict_icon_class_init (BloomVerdictIconClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = bloom_verdict_icon_finalize;
  object_class->get_property = bloom_verdict_icon_get_property;
  object_class->set_property = bloom_verdict_icon_set_property;

  widget_class->measure = bloom_verdict_icon_measure;
  widget_class->snapshot = bloom_verdict_icon_snapshot;
  widget_class->realize = bloom_verdict_icon_realize;
  widget_class->unrealize = bloom_verdict_icon_unrealize;

  properties[PROP_ICON_NAME] =
    g_param_spec_string ("icon-name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PIXEL_SIZE] =
    g_param_spec_int ("pixel-size", NULL, NULL, 0, G_MAXINT, 16,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Drawn in the alert colour instead of the style's. */
  properties[PROP_ALERT] =
    g_param_spec_boolean ("alert", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* "image", so that the theme's and the window's image rules apply. */
  gtk_widget_class_set_css_name (widget_class, "image");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
bloom_verdict_icon_init (BloomVerdictIcon *self)
{
  self->pixel_size = 16;
}

const char *
bloom_verdict_icon_get_icon_name (BloomVerdictIcon *self)
{
  g_return_val_if_fail (BLOOM_IS_VERDICT_ICON (self), NULL);

  return self->icon_name;
}

void
bloom_verdict_icon_set_icon_name (BloomVerdictIcon *self,
                                  const char       *icon_name)
{
  g_return_if_fail (BLOOM_IS_VERDICT_ICON (self));

  if (g_strcmp0 (icon_name, self->icon_name) == 0)
    return;

  g_free (self->icon_name);
  self->icon_name = g_strdup (icon_name);
  load_icon (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ICON_NAME]);
}

gboolean
bloom_verdict_icon_get_alert (BloomVerdictIcon *self)
{
  g_return_val_if_fail (BLOOM_IS_VERDICT_ICON (self), FALSE);

  return self->alert;
}

void
bloom_verdict_icon_set_alert (BloomVerdictIcon *self,
                              gboolean          alert)
{
  g_return_if_fail (BLOOM_IS_VERDICT_ICON (self));

  alert = !!alert;
  if (alert == self->alert)
    return;

  self->alert = alert;
  gtk_widget_queue_draw (GTK_WIDGET (self));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ALERT]);
}

int
bloom_verdict_icon_get_pixel_size (BloomVerdictIcon *self)
{
  g_return_val_if_fail (BLOOM_IS_VERDICT_ICON (self), 0);

  return self->pixel_size;
}

void
bloom_verdict_icon_set_pixel_size (BloomVerdictIcon *self,
                                   int               pixel_size)
{
  g_return_if_fail (BLOOM_IS_VERDICT_ICON (self));
  g_return_if_fail (pixel_size >= 0);

  if (pixel_size == self->pixel_size)
    return;

  self->pixel_size = pixel_size;
  load_icon (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIXEL_SIZE]);
}

/**
 * bloom_verdict_icon_preload:
 * @self: a realized verdict icon
 * @icon_names: (array zero-terminated=1): the icons it may show next
 *
 * Starts loading @icon_names at the size and scale @self draws, in the
 * icon theme's threads, and keeps them until the next call, so that the
 * first operation of each outcome does not wait for its icon.
 */
void
bloom_verdict_icon_preload (BloomVerdictIcon   *self,
                            const char * const *icon_names)
{
  g_return_if_fail (BLOOM_IS_VERDICT_ICON (self));
  g_return_if_fail (icon_names != NULL);

  g_clear_pointer (&self->preloaded, g_ptr_array_unref);
  if (!gtk_widget_get_realized (GTK_WIDGET (self)) || self->pixel_size <= 0)
    return;

  self->preloaded = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; icon_names[i] != NULL; i++)
    g_ptr_array_add (self->preloaded, lookup_icon (self, icon_names[i]));
}
