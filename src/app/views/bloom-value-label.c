/* bloom-value-label.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-value-label"

#include "config.h"

#include "bloom-font-figures.h"
#include "bloom-gtk-compat.h"
#include "bloom-value-label.h"

/* Why not a GtkLabel: a label asks for a new size whenever its text
 * changes, even to one as wide, and a new size is laid out all the way
 * up to the window, where GDK asks the X server for the monitor's work
 * area before it measures the window again. Every operation relabels the
 * card, the counters, the hash table and the details, so every operation
 * paid for that. This one's size is counted in characters and lines, as
 * a GtkInscription's is, not measured from the text, and the counts
 * change only when the text no longer fits them:
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
 * CSS class anywhere in the window restyles it through a new layout.
 * The text is shaped once per change, in the layout that is drawn. */

/* Natural width of a wrapped text without max-width-chars, in chars. */
#define DEFAULT_WRAP_CHARS 40

struct _BloomValueLabel
{
  GtkWidget      parent_instance;

  char          *text;
  PangoAttrList *attributes;     /* over the style's own */
  gboolean       wrap;
  float          xalign;
  int            width_chars;
  int            max_width_chars;

  /* The text as drawn: made when first needed and again after a change
   * of style; wrapped or ellipsized at layout_width pixels (-1: not). */
  PangoLayout   *layout;
  int            layout_width;
  /* The room asked for: chars on one line, and lines. */
  guint          room_chars;
  guint          n_lines;
  guint          refit_source;
};

G_DEFINE_FINAL_TYPE (BloomValueLabel, bloom_value_label, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_TEXT, PROP_WRAP, PROP_XALIGN, PROP_WIDTH_CHARS, PROP_MAX_WIDTH_CHARS, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* The unit of width, in Pango units, as GtkInscription counts it. */
static int
get_char_width (BloomValueLabel *self)
{
  BloomFontFigures figures;

  bloom_font_figures_get (GTK_WIDGET (self), &figures);

  return figures.char_width;
}

static guint
wrap_chars (BloomValueLabel *self)
{
  return self->max_width_chars > 0 ? (guint) self->max_width_chars : DEFAULT_WRAP_CHARS;
}

static void
update_alignment (BloomValueLabel *self)
{
  gboolean rtl = gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL;
  PangoAlignment align = PANGO_ALIGN_CENTER;

  if (self->layout == NULL)
    return;

  if (self->xalign < 0.33f)
    align = rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT;
  else if (self->xalign > 0.67f)
    align = rtl ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT;
  pango_layout_set_alignment (self->layout, align);
}

static PangoLayout *
ensure_layout (BloomValueLabel *self)
{
  if (self->layout != NULL)
    return self->layout;

  /* The style's font and attributes (tabular figures and the like), then
   * ours. */
  self->layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), self->text);
  if (self->attributes != NULL)
    {
      PangoAttrList *style = pango_layout_get_attributes (self->layout);
      g_autoptr(PangoAttrList) all = style ? pango_attr_list_copy (style) : pango_attr_list_new ();

      pango_attr_list_splice (all, self->attributes, 0, 0);
      pango_layout_set_attributes (self->layout, all);
    }
  if (self->wrap)
    pango_layout_set_wrap (self->layout, PANGO_WRAP_WORD_CHAR);
  else
    pango_layout_set_ellipsize (self->layout, PANGO_ELLIPSIZE_END);
  self->layout_width = -1;
  update_alignment (self);

  return self->layout;
}

/* Pango lays the text out again at a new width: only when it changes. */
static void
set_layout_width (BloomValueLabel *self,
                  int              width)
{
  PangoLayout *layout = ensure_layout (self);

  width = width > 0 ? width : -1;
  if (width == self->layout_width)
    return;

  pango_layout_set_width (layout, width > 0 ? width * PANGO_SCALE : -1);
  self->layout_width = width;
}

/* The widest line, in Pango units. */
static int
get_text_width (PangoLayout *layout)
{
  int width = 0;

  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
    {
      PangoRectangle logical;

      pango_layout_line_get_extents (l->data, NULL, &logical);
      width = MAX (width, logical.width);
    }

  return width;
}

static void
ask_for_room (BloomValueLabel *self,
              guint            room_chars,
              guint            n_lines)
{
  if (room_chars == self->room_chars && n_lines == self->n_lines)
    return;

  self->room_chars = room_chars;
  self->n_lines = n_lines;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* On one line: wide enough for the widest text lately shown, up to
 * max-width-chars. */
static void
fit_line (BloomValueLabel *self)
{
  PangoLayout *layout = ensure_layout (self);
  int char_width = get_char_width (self);
  guint chars, reserved = self->room_chars;

  /* Cut short at its width: measured whole, at the cost of laying it
   * out again when it is drawn. */
  if (pango_layout_is_ellipsized (layout))
    set_layout_width (self, -1);
  chars = (guint) ((get_text_width (layout) + char_width - 1) / char_width);
  if (self->max_width_chars > 0)
    chars = MIN (chars, (guint) self->max_width_chars);
  chars = MAX (chars, (guint) MAX (self->width_chars, 0));
  /* Much narrower text ("Insert" after "Last operation") gives the room
   * back; a little narrower (9 after 10) keeps it, and so does no text
   * (a table's note, there for some rows of some operations). */
  if (self->text[0] == '\0' || chars * 3 >= reserved * 2 || chars + 3 > reserved)
    chars = MAX (chars, reserved);

  ask_for_room (self, chars, MAX (pango_layout_get_line_count (layout), 1));
}

/* Wrapped: as many lines as the text takes at its width (before the
 * first allocation: at the width it asks for). */
static void
fit_lines (BloomValueLabel *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  if (width <= 0)
    width = PANGO_PIXELS_CEIL (get_char_width (self) * (int) wrap_chars (self));
  set_layout_width (self, width);

  ask_for_room (self, 0, MAX (pango_layout_get_line_count (ensure_layout (self)), 1));
}

/* The lines of the wrapped text at @width pixels (-1: not wrapped). */
static guint
count_lines_at (BloomValueLabel *self,
                int              width)
{
  set_layout_width (self, width);

  return MAX (pango_layout_get_line_count (ensure_layout (self)), 1);
}

/* Wrapped, the natural width: wrap_chars() characters, at least
 * width-chars. */
static int
get_wrap_width (BloomValueLabel *self)
{
  guint chars = MAX (wrap_chars (self), (guint) MAX (self->width_chars, 1));

  return PANGO_PIXELS_CEIL ((int) chars * get_char_width (self));
}

/* Asks for a new size only when the counts change. */
static void
fit (BloomValueLabel *self)
{
  if (self->wrap)
    fit_lines (self);
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

/* Not from size_allocate: a widget may not ask for a new size while it
 * is being given one; the next frame has it. */
static void
refit_soon (BloomValueLabel *self)
{
  if (self->refit_source == 0)
    self->refit_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, refit_idle, self, NULL);
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

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int char_width = get_char_width (self);

      if (self->wrap)
        {
          *minimum = PANGO_PIXELS_CEIL (MAX (self->width_chars, 1) * char_width);
          *natural = get_wrap_width (self);
        }
      else
        {
          guint nat_chars = self->room_chars;
          /* Ellipsized only where max-width-chars allows it. */
          guint min_chars = self->max_width_chars > 0 ? (guint) MAX (self->width_chars, 0) : nat_chars;

          *minimum = PANGO_PIXELS_CEIL ((int) min_chars * char_width);
          *natural = PANGO_PIXELS_CEIL ((int) nat_chars * char_width);
        }
    }
  else
    {
      BloomFontFigures figures;
      int line;
      guint min_lines = self->n_lines, nat_lines = self->n_lines;

      bloom_font_figures_get (widget, &figures);
      line = figures.ascent + figures.descent;

      /* Wrapped, for a width: the lines it takes at the width it will be
       * given, so that a resize gets its height in the same layout, not
       * a frame later. A parent measures at its own width; one that does
       * not fill is given no more than its natural width. For no width,
       * as GtkLabel does: the least it needs at any width it can be
       * given, and what it needs at its natural width. */
      if (self->wrap)
        {
          gboolean fill = gtk_widget_get_halign (widget) == GTK_ALIGN_FILL;
          int request, natural_width;

          gtk_widget_get_size_request (widget, &request, NULL);
          natural_width = MAX (get_wrap_width (self), request);
          if (for_size > 0)
            min_lines = nat_lines = count_lines_at (self, fill ? for_size : MIN (for_size, natural_width));
          else
            {
              min_lines = count_lines_at (self, fill ? -1 : natural_width);
              nat_lines = count_lines_at (self, natural_width);
            }
        }

      *minimum = PANGO_PIXELS_CEIL ((int) min_lines * line);
      *natural = PANGO_PIXELS_CEIL ((int) nat_lines * line);
      *minimum_baseline = *natural_baseline = PANGO_PIXELS_CEIL (figures.ascent);
    }
}

static void
bloom_value_label_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (widget);

  /* Measured for this width already (height-for-width): its lines here
   * are what it asks for from now on. */
  if (self->wrap)
    self->n_lines = count_lines_at (self, width);
  else
    set_layout_width (self, width);
}

static GtkSizeRequestMode
bloom_value_label_get_request_mode (GtkWidget *widget)
{
  return BLOOM_VALUE_LABEL (widget)->wrap ? GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH
                                          : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
bloom_value_label_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (widget);
  BloomFontFigures figures;
  GdkRGBA color;
  int y;

  if (self->text[0] == '\0')
    return;

  /* Measuring may have laid it out whole since it was allocated. */
  set_layout_width (self, gtk_widget_get_width (widget));
  bloom_gtk_widget_get_color (widget, &color);
  /* The first baseline where measure() said it is, so that values in a
   * row in different fonts line up. */
  bloom_font_figures_get (widget, &figures);
  y = PANGO_PIXELS (figures.ascent - pango_layout_get_baseline (self->layout));

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (0, y));
  gtk_snapshot_append_layout (snapshot, self->layout, &color);
  gtk_snapshot_restore (snapshot);
}

static void
bloom_value_label_css_changed (GtkWidget         *widget,
                               GtkCssStyleChange *change)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (widget);

  GTK_WIDGET_CLASS (bloom_value_label_parent_class)->css_changed (widget, change);

  /* A new font (zoom, a bold heading) may need more room. */
  g_clear_object (&self->layout);
  refit_soon (self);
}

static void
bloom_value_label_system_setting_changed (GtkWidget        *widget,
                                          GtkSystemSetting  setting)
{
  if (setting == GTK_SYSTEM_SETTING_FONT_CONFIG)
    bloom_font_figures_forget ();

  GTK_WIDGET_CLASS (bloom_value_label_parent_class)->system_setting_changed (widget, setting);
}

static void
bloom_value_label_direction_changed (GtkWidget        *widget,
                                     GtkTextDirection  previous_direction)
{
  GTK_WIDGET_CLASS (bloom_value_label_parent_class)->direction_changed (widget, previous_direction);

  update_alignment (BLOOM_VALUE_LABEL (widget));
}

static void
bloom_value_label_dispose (GObject *object)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (object);

  g_clear_handle_id (&self->refit_source, g_source_remove);
  g_clear_object (&self->layout);

  G_OBJECT_CLASS (bloom_value_label_parent_class)->dispose (object);
}

static void
bloom_value_label_finalize (GObject *object)
{
  BloomValueLabel *self = BLOOM_VALUE_LABEL (object);

  g_free (self->text);
  g_clear_pointer (&self->attributes, pango_attr_list_unref);

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
  widget_class->get_request_mode = bloom_value_label_get_request_mode;
  widget_class->snapshot = bloom_value_label_snapshot;
  widget_class->css_changed = bloom_value_label_css_changed;
  widget_class->direction_changed = bloom_value_label_direction_changed;
  widget_class->system_setting_changed = bloom_value_label_system_setting_changed;

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

  gtk_widget_class_set_css_name (widget_class, "label");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void
bloom_value_label_init (BloomValueLabel *self)
{
  self->text = g_strdup ("");
  self->width_chars = -1;
  self->max_width_chars = -1;
  self->layout_width = -1;
  self->n_lines = 1;
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
  if (self->layout != NULL)
    pango_layout_set_text (self->layout, text, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  fit (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));

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
  g_clear_object (&self->layout);
  self->room_chars = 0;
  fit (self);
  /* Its request mode changed with it. */
  gtk_widget_queue_resize (GTK_WIDGET (self));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WRAP]);
}

float
bloom_value_label_get_xalign (BloomValueLabel *self)
{
  g_return_val_if_fail (BLOOM_IS_VALUE_LABEL (self), 0.0f);

  return self->xalign;
}

void
bloom_value_label_set_xalign (BloomValueLabel *self,
                              float            xalign)
{
  g_return_if_fail (BLOOM_IS_VALUE_LABEL (self));

  if (xalign == self->xalign)
    return;

  self->xalign = xalign;
  update_alignment (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));

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
  self->room_chars = 0;
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

  if (attributes == self->attributes)
    return;

  if (attributes != NULL)
    pango_attr_list_ref (attributes);
  g_clear_pointer (&self->attributes, pango_attr_list_unref);
  self->attributes = attributes;
  g_clear_object (&self->layout);
  fit (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* How many lines it has room for now (tests, and what it would draw). */
guint
bloom_value_label_get_n_lines (BloomValueLabel *self)
{
  g_return_val_if_fail (BLOOM_IS_VALUE_LABEL (self), 0);

  return self->n_lines;
}
