/* bloom-value-label.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-value-label"

#include "config.h"

#include "bloom-value-label.h"

/* Why not a GtkLabel: a label asks for a new size whenever its text
 * changes, even to one as wide, and a new size is laid out all the way
 * up to the window, where GDK asks the X server for the monitor's work
 * area before it measures the window again. Every operation relabels the
 * card, the counters, the hash table and the details, so every operation
 * paid for that. This shows its text in a GtkInscription, whose size is
 * counted in characters and lines instead of measured from the text, and
 * changes those counts only when the text no longer fits them:
 *
 * - on one line, it is as wide as the widest text it has shown lately
 *   (a counter going from 9 to 10 grows once, and keeps the room when it
 *   goes back; only a text much narrower gives it back), unless
 *   max-width-chars is set: wider text is ellipsized there;
 * - wrapped, it has as many lines as the text takes at its width; the
 *   width comes from width-chars and max-width-chars, not the text.
 *
 * Text that takes the room it had only redraws. So does a new style of
 * text given as Pango attributes (bold, italic): in GTK 4.8 a change of
 * CSS class anywhere in the window restyles it through a new layout. */

/* Natural width of a wrapped text without max-width-chars, in chars. */
#define DEFAULT_WRAP_CHARS 40

struct _BloomValueLabel
{
  GtkWidget       parent_instance;

  GtkInscription *inscription;
  char           *text;
  gboolean        wrap;
  int             width_chars;
  int             max_width_chars;

  /* What the lines were counted for: -1 when the font changed since. */
  int             counted_width;
  guint           refit_source;
};

G_DEFINE_FINAL_TYPE (BloomValueLabel, bloom_value_label, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_TEXT, PROP_WRAP, PROP_XALIGN, PROP_WIDTH_CHARS, PROP_MAX_WIDTH_CHARS, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* The inscription's unit of width, in Pango units, as it counts it. */
static int
get_char_width (BloomValueLabel *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self->inscription));
  PangoFontMetrics *metrics = pango_context_get_metrics (context, NULL, NULL);
  int width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                   pango_font_metrics_get_approximate_digit_width (metrics));

  pango_font_metrics_unref (metrics);

  return MAX (width, 1);
}

/* The text as the inscription lays it out, wrapped at @width pixels
 * when it wraps and @width is known (word, then character: the
 * inscription's own wrap mode). */
static PangoLayout *
create_text_layout (BloomValueLabel *self,
                    int              width)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self->inscription), self->text);
  PangoAttrList *attributes = gtk_inscription_get_attributes (self->inscription);

  /* The style's attributes (tabular figures and the like), then ours. */
  if (attributes != NULL)
    {
      PangoAttrList *style = pango_layout_get_attributes (layout);
      g_autoptr(PangoAttrList) all = style ? pango_attr_list_copy (style) : pango_attr_list_new ();

      pango_attr_list_splice (all, attributes, 0, 0);
      pango_layout_set_attributes (layout, all);
    }

  if (self->wrap && width > 0)
    {
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_width (layout, width * PANGO_SCALE);
    }

  return layout;
}

static guint
wrap_chars (BloomValueLabel *self)
{
  return self->max_width_chars > 0 ? (guint) self->max_width_chars : DEFAULT_WRAP_CHARS;
}

/* On one line: wide enough for the widest text so far, up to
 * max-width-chars. Never narrower, so numbers that grow by a digit move
 * nothing the next time. */
static void
fit_line (BloomValueLabel *self)
{
  g_autoptr(PangoLayout) layout = create_text_layout (self, -1);
  int text_width, char_width = get_char_width (self);
  guint chars, reserved, n_lines = MAX (pango_layout_get_line_count (layout), 1);

  pango_layout_get_size (layout, &text_width, NULL);
  chars = (guint) ((text_width + char_width - 1) / char_width);
  if (self->max_width_chars > 0)
    chars = MIN (chars, (guint) self->max_width_chars);
  chars = MAX (chars, (guint) MAX (self->width_chars, 0));
  reserved = gtk_inscription_get_nat_chars (self->inscription);
  /* Much narrower text ("Insert" after "Last operation") gives the room
   * back; a little narrower (9 after 10) keeps it, and so does no text
   * (a table's note, there for some rows of some operations). */
  if (self->text[0] == '\0' || chars * 3 >= reserved * 2 || chars + 3 > reserved)
    chars = MAX (chars, reserved);

  gtk_inscription_set_nat_chars (self->inscription, chars);
  /* Ellipsized only where max-width-chars allows it. */
  gtk_inscription_set_min_chars (self->inscription,
                                 self->max_width_chars > 0 ? (guint) MAX (self->width_chars, 0)
                                                           : chars);
  gtk_inscription_set_min_lines (self->inscription, n_lines);
  gtk_inscription_set_nat_lines (self->inscription, n_lines);
}

/* Wrapped: as many lines as the text takes at @width pixels (before the
 * first allocation: at the natural width). */
static void
fit_lines (BloomValueLabel *self,
           int              width)
{
  g_autoptr(PangoLayout) layout = NULL;
  guint n_lines;

  gtk_inscription_set_min_chars (self->inscription, (guint) MAX (self->width_chars, 1));
  gtk_inscription_set_nat_chars (self->inscription, MAX (wrap_chars (self),
                                                         (guint) MAX (self->width_chars, 1)));
  if (width <= 0)
    width = PANGO_PIXELS_CEIL (get_char_width (self) * (int) wrap_chars (self));

  layout = create_text_layout (self, width);
  n_lines = MAX (pango_layout_get_line_count (layout), 1);
  self->counted_width = width;

  gtk_inscription_set_min_lines (self->inscription, n_lines);
  gtk_inscription_set_nat_lines (self->inscription, n_lines);
}

/* Asks for a new size only when the counts change (the inscription's
 * setters do nothing when given what they have). */
static void
fit (BloomValueLabel *self)
{
  if (self->wrap)
    fit_lines (self, gtk_widget_get_width (GTK_WIDGET (self)));
  else
    fit_line (self);
}

static gboolean
refit_idle (gpointer user_data)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (user_data);

  self->refit_source = 0;
  fit (self);

  return G_SOURCE_REMOVE;
}

static void
bloom_value_label_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (widget);

  gtk_widget_measure (GTK_WIDGET (self->inscription), orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
bloom_value_label_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (widget);

  gtk_widget_allocate (GTK_WIDGET (self->inscription), width, height, baseline, NULL);

  /* A new width or font may take more or fewer lines. Not from here: a
   * widget may not ask for a new size while it is being given one; the
   * next frame has it. */
  if (self->wrap && width != self->counted_width && self->refit_source == 0)
    self->refit_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, refit_idle, self, NULL);
}

static void
bloom_value_label_css_changed (GtkWidget         *widget,
                               GtkCssStyleChange *change)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (widget);

  GTK_WIDGET_CLASS (bloom_value_label_parent_class)->css_changed (widget, change);

  /* A new font (zoom, a bold heading) may need more room: a wrapped text
   * is counted again at its next allocation, one on one line soon. */
  self->counted_width = -1;
  if (!self->wrap && self->refit_source == 0)
    self->refit_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, refit_idle, self, NULL);
}

static void
bloom_value_label_dispose (GObject *object)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (object);

  g_clear_handle_id (&self->refit_source, g_source_remove);
  if (self->inscription != NULL)
    {
      gtk_widget_unparent (GTK_WIDGET (self->inscription));
      self->inscription = NULL;
    }

  G_OBJECT_CLASS (bloom_value_label_parent_class)->dispose (object);
}

static void
bloom_value_label_finalize (GObject *object)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (object);

  g_free (self->text);

  G_OBJECT_CLASS (bloom_value_label_parent_class)->finalize (object);
}

static void
bloom_value_label_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_WRAP:
      g_value_set_boolean (value, self->wrap);
      break;
    case PROP_XALIGN:
      g_value_set_float (value, bloom_value_label_get_xalign (self));
      break;
    case PROP_WIDTH_CHARS:
      g_value_set_int (value, self->width_chars);
      break;
    case PROP_MAX_WIDTH_CHARS:
      g_value_set_int (value, self->max_width_chars);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_value_label_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      bloom_value_label_set_text (self, g_value_get_string (value));
      break;
    case PROP_WRAP:
      bloom_value_label_set_wrap (self, g_value_get_boolean (value));
      break;
    case PROP_XALIGN:
      bloom_value_label_set_xalign (self, g_value_get_float (value));
      break;
    case PROP_WIDTH_CHARS:
      bloom_value_label_set_width_chars (self, g_value_get_int (value));
      break;
    case PROP_MAX_WIDTH_CHARS:
      bloom_value_label_set_max_width_chars (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bloom_value_label_class_init (BloomValueLabelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bloom_value_label_dispose;
  object_class->finalize = bloom_value_label_finalize;
  object_class->get_property = bloom_value_label_get_property;
  object_class->set_property = bloom_value_label_set_property;

  widget_class->measure = bloom_value_label_measure;
  widget_class->size_allocate = bloom_value_label_size_allocate;
  widget_class->css_changed = bloom_value_label_css_changed;

  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_WRAP] =
    g_param_spec_boolean ("wrap", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_XALIGN] =
    g_param_spec_float ("xalign", NULL, NULL, 0.0f, 1.0f, 0.0f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Wrapped: the narrowest it gets. On one line with max-width-chars: the
   * narrowest before it ellipsizes. */
  properties[PROP_WIDTH_CHARS] =
    g_param_spec_int ("width-chars", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Wrapped: the width it asks for. On one line: wider text is ellipsized. */
  properties[PROP_MAX_WIDTH_CHARS] =
    g_param_spec_int ("max-width-chars", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "valuelabel");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void
bloom_value_label_init (BloomValueLabel *self)
{
  self->text = g_strdup ("");
  self->width_chars = -1;
  self->max_width_chars = -1;
  self->counted_width = -1;
  /* The text is this widget's, for assistive technology too: the
   * inscription inside is only drawing. */
  self->inscription = g_object_new (GTK_TYPE_INSCRIPTION,
                                    "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                    "text-overflow", GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END,
                                    "yalign", 0.0f,
                                    NULL);
  gtk_widget_set_parent (GTK_WIDGET (self->inscription), GTK_WIDGET (self));
  fit (self);
}

GtkWidget *
bloom_value_label_new (const char *text)
{
  return g_object_new (BLOOM_TYPE_VALUE_LABEL, "text", text, NULL);
}

const char *
bloom_value_label_get_text (BloomValueLabel *self)
{
  g_return_val_if_fail (BLOOM_IS_VALUE_LABEL (self), NULL);

  return self->text;
}

void
bloom_value_label_set_text (BloomValueLabel *self,
                            const char      *text)
{
  g_return_if_fail (BLOOM_IS_VALUE_LABEL (self));

  if (text == NULL)
    text = "";
  if (g_str_equal (text, self->text))
    return;

  g_free (self->text);
  self->text = g_strdup (text);
  gtk_inscription_set_text (self->inscription, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  fit (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

gboolean
bloom_value_label_get_wrap (BloomValueLabel *self)
{
  g_return_val_if_fail (BLOOM_IS_VALUE_LABEL (self), FALSE);

  return self->wrap;
}

void
bloom_value_label_set_wrap (BloomValueLabel *self,
                            gboolean         wrap)
{
  g_return_if_fail (BLOOM_IS_VALUE_LABEL (self));

  wrap = !!wrap;
  if (wrap == self->wrap)
    return;

  self->wrap = wrap;
  gtk_inscription_set_nat_chars (self->inscription, 0);
  fit (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WRAP]);
}

float
bloom_value_label_get_xalign (BloomValueLabel *self)
{
  g_return_val_if_fail (BLOOM_IS_VALUE_LABEL (self), 0.0f);

  return gtk_inscription_get_xalign (self->inscription);
}

void
bloom_value_label_set_xalign (BloomValueLabel *self,
                              float            xalign)
{
  g_return_if_fail (BLOOM_IS_VALUE_LABEL (self));

  if (xalign == gtk_inscription_get_xalign (self->inscription))
    return;

  gtk_inscription_set_xalign (self->inscription, xalign);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_XALIGN]);
}

int
bloom_value_label_get_width_chars (BloomValueLabel *self)
{
  g_return_val_if_fail (BLOOM_IS_VALUE_LABEL (self), -1);

  return self->width_chars;
}

void
bloom_value_label_set_width_chars (BloomValueLabel *self,
                                   int              n_chars)
{
  g_return_if_fail (BLOOM_IS_VALUE_LABEL (self));

  if (n_chars == self->width_chars)
    return;

  self->width_chars = n_chars;
  fit (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIDTH_CHARS]);
}

int
bloom_value_label_get_max_width_chars (BloomValueLabel *self)
{
  g_return_val_if_fail (BLOOM_IS_VALUE_LABEL (self), -1);

  return self->max_width_chars;
}

void
bloom_value_label_set_max_width_chars (BloomValueLabel *self,
                                       int              n_chars)
{
  g_return_if_fail (BLOOM_IS_VALUE_LABEL (self));

  if (n_chars == self->max_width_chars)
    return;

  self->max_width_chars = n_chars;
  /* A limit may make it narrower: start counting again. */
  gtk_inscription_set_nat_chars (self->inscription, 0);
  fit (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_WIDTH_CHARS]);
}

/* Text attributes over the whole text, drawn without asking for a new
 * size unless the text no longer fits. */
void
bloom_value_label_set_attributes (BloomValueLabel *self,
                                  PangoAttrList   *attributes)
{
  g_return_if_fail (BLOOM_IS_VALUE_LABEL (self));

  if (attributes == gtk_inscription_get_attributes (self->inscription))
    return;

  gtk_inscription_set_attributes (self->inscription, attributes);
  fit (self);
}

/* How many lines it has room for now (tests, and what it would draw). */
guint
bloom_value_label_get_n_lines (BloomValueLabel *self)
{
  g_return_val_if_fail (BLOOM_IS_VALUE_LABEL (self), 0);

  return gtk_inscription_get_min_lines (self->inscription);
}
