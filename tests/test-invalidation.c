/* test-invalidation.c — an operation redraws only the widgets whose
 * content changed (issue 27): a view that did not change keeps the render
 * node GTK cached for it, so the frame neither snapshots it again nor
 * repaints it
 *
 * GTK has no signal for a queued redraw. What shows one is the render
 * node each widget's parent appends for it: GTK keeps it between frames
 * and makes a new one only for a widget that asked to be drawn again, or
 * whose descendant did. The test reads every widget's node after a frame
 * (gtk_widget_snapshot_child() appends the cached one when nothing is
 * pending), runs an operation, waits for its frame and reads them again.
 * A widget with a new node and no descendant with one asked for the
 * redraw itself; each of those must lie inside a widget whose content the
 * operation changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "bloom-window.h"
#include "test-isolation.h"
#include "window-fixture.h"

/* The node GTK keeps for @widget, or NULL when it has none (not
 * mapped). Not a reference: compared only while the window keeps it. */
static GskRenderNode *
cached_node (GtkWidget *widget)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node, *inner;

  if (parent == NULL)
    {
      g_object_unref (snapshot);
      return NULL;
    }

  gtk_widget_snapshot_child (parent, widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return NULL;

  /* The child's offset is a transform node made afresh each time. */
  inner = node;
  while (gsk_render_node_get_node_type (inner) == GSK_TRANSFORM_NODE)
    inner = gsk_transform_node_get_child (inner);
  gsk_render_node_unref (node);

  return inner;
}

/* Every mapped widget below @widget with its node, as references (a
 * node the window drops must not be mistaken for a new one at the same
 * address). */
static void
collect_nodes (GtkWidget  *widget,
               GHashTable *nodes)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GskRenderNode *node;

      if (!gtk_widget_get_mapped (c))
        continue;
      node = cached_node (c);
      if (node != NULL)
        g_hash_table_insert (nodes, c, gsk_render_node_ref (node));
      collect_nodes (c, nodes);
    }
}

static GHashTable *
read_nodes (Fixture *fixture)
{
  GHashTable *nodes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) gsk_render_node_unref);

  collect_nodes (GTK_WIDGET (fixture->window), nodes);

  return nodes;
}

static gboolean
redrawn (GHashTable *before,
         GHashTable *after,
         GtkWidget  *widget)
{
  GskRenderNode *old = g_hash_table_lookup (before, widget);
  GskRenderNode *new = g_hash_table_lookup (after, widget);

  return new != NULL && old != new;
}

/* Whether @widget asked to be drawn again itself: it has a new node and
 * none of its descendants has one. */
static gboolean
redrawn_itself (GHashTable *before,
                GHashTable *after,
                GtkWidget  *widget)
{
  if (!redrawn (before, after, widget))
    return FALSE;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (redrawn (before, after, c))
      return FALSE;

  return TRUE;
}

static gboolean
inside_any (Fixture            *fixture,
            GtkWidget          *widget,
            const char * const *allowed)
{
  for (guint i = 0; allowed[i] != NULL; i++)
    {
      GtkWidget *area = child (fixture, allowed[i]);

      if (widget == area || gtk_widget_is_ancestor (widget, area))
        return TRUE;
    }

  return FALSE;
}

static char *
describe (GtkWidget *widget)
{
  GString *path = g_string_new (NULL);

  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
    {
      const char *id = GTK_IS_BUILDABLE (w) ? gtk_buildable_get_buildable_id (GTK_BUILDABLE (w)) : NULL;

      g_string_prepend (path, id ? id : G_OBJECT_TYPE_NAME (w));
      if (gtk_widget_get_parent (w) != NULL)
        g_string_prepend (path, " > ");
    }

  return g_string_free (path, FALSE);
}

/* Runs @action on @text, typed first (its own frame), and checks that the
 * widgets that asked to be drawn again all lie inside @allowed (names of
 * the window's children). Returns how many did. */
static guint
check_operation (Fixture            *fixture,
                 const char         *action,
                 const char         *text,
                 const char * const *allowed)
{
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GHashTable) after = NULL;
  GHashTableIter iter;
  gpointer widget;
  guint n = 0, wrong = 0;

  type_into (fixture, "text_entry", text);
  wait_for_draw (fixture);
  settle ();
  before = read_nodes (fixture);

  activate (fixture, action);
  wait_for_draw (fixture);
  settle ();
  after = read_nodes (fixture);

  g_hash_table_iter_init (&iter, after);
  while (g_hash_table_iter_next (&iter, &widget, NULL))
    {
      g_autofree char *name = NULL;

      if (!redrawn_itself (before, after, widget))
        continue;

      n++;
      name = describe (widget);
      if (inside_any (fixture, widget, allowed))
        {
          g_test_message ("redrawn: %s", name);
          continue;
        }
      g_test_message ("redrawn, though its content did not change: %s", name);
      wrong++;
    }

  g_assert_cmpuint (wrong, ==, 0);

  return n;
}

/* The first insert after Create moves the keyboard focus from the
 * parameters to the text field: not counted. */
static void
first_insert (Fixture *fixture)
{
  run (fixture, "filter.insert", "pear");
  wait_for_draw (fixture);
  settle ();
}

/* A filter with "Hash positions" and "Model and hashes" open. */
static void
create_filter_open (Fixture *fixture)
{
  create_filter (fixture, "64", "3");
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "details_expander")), TRUE);
}

/* An insert and a query redraw the text field (the string is selected
 * again), the card, the counters and the grid; the parameters, the
 * buttons, the section headers and the rest of the page keep their
 * nodes. */
static void
test_operation (Fixture       *fixture,
                gconstpointer  data)
{
  static const char * const allowed[] = {
    "text_entry", "operation_view", "counters_view", "grid", NULL
  };

  create_filter (fixture, "64", "3");
  first_insert (fixture);
  g_assert_cmpuint (check_operation (fixture, "filter.insert", "plum", allowed), >, 1);
  g_assert_cmpuint (check_operation (fixture, "filter.query", "fig", allowed), >, 1);
}

/* With "Hash positions" and "Model and hashes" open, those two change
 * too, and nothing else. */
static void
test_operation_open (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char * const allowed[] = {
    "text_entry", "operation_view", "counters_view", "grid", "hash_table", "details_view", NULL
  };

  create_filter_open (fixture);
  first_insert (fixture);
  g_assert_cmpuint (check_operation (fixture, "filter.insert", "plum", allowed), >, 1);
  g_assert_cmpuint (check_operation (fixture, "filter.query", "fig", allowed), >, 1);
}

/* The same query twice: the second changes what the views show in
 * nothing, so only the text field, which selects the string again, is
 * drawn anew; the grid with its marks, the card and the counters are
 * not. */
static void
test_same_query (Fixture       *fixture,
                 gconstpointer  data)
{
  static const char * const allowed[] = { "text_entry", NULL };
  static const char * const changed[] = {
    "text_entry", "operation_view", "counters_view", "grid", "hash_table", "details_view", NULL
  };

  create_filter_open (fixture);
  first_insert (fixture);
  check_operation (fixture, "filter.query", "pear", changed);
  check_operation (fixture, "filter.query", "pear", allowed);
}

/* The clip of @widget's cached node, which must be a clip node. */
static graphene_rect_t
cached_clip (GtkWidget *widget)
{
  GskRenderNode *node = cached_node (widget);

  g_assert_nonnull (node);
  g_assert_cmpint (gsk_render_node_get_node_type (node), ==, GSK_CLIP_NODE);

  return *gsk_clip_node_get_clip (node);
}

/* An insert relabels up to 24 cells of the hash table, which with the
 * other views' changes passes the 30 rectangles past which GSK repaints
 * whole containers (on GTK 4.18 the whole page). The table is compared
 * whole instead: its cells in a clip that differs from the last frame's,
 * so GSK takes its bounds, one rectangle. bench/damage-log.c shows the
 * damage itself. */
static void
test_hash_table_whole (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkWidget *table;
  graphene_rect_t before, after;

  create_filter_open (fixture);
  first_insert (fixture);
  table = child (fixture, "hash_table");
  before = cached_clip (table);

  run (fixture, "filter.insert", "plum");
  wait_for_draw (fixture);
  settle ();
  after = cached_clip (table);
  g_assert_false (graphene_rect_equal (&before, &after));
  /* Either clip holds all the cells. */
  g_assert_true (graphene_rect_contains_rect (&before, &after) ||
                 graphene_rect_contains_rect (&after, &before));
}

/* The @i-th node directly under @node, of the kinds a widget's node is
 * made of here, or NULL past the last. */
static GskRenderNode *
node_child (GskRenderNode *node,
            guint          i)
{
  switch ((int) gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      return i < gsk_container_node_get_n_children (node) ? gsk_container_node_get_child (node, i) : NULL;
    case GSK_CLIP_NODE:
      return i == 0 ? gsk_clip_node_get_child (node) : NULL;
    case GSK_TRANSFORM_NODE:
      return i == 0 ? gsk_transform_node_get_child (node) : NULL;
    case GSK_OPACITY_NODE:
      return i == 0 ? gsk_opacity_node_get_child (node) : NULL;
    default:
      return NULL;
    }
}

/* Whether @needle is @node or lies below it. */
static gboolean
node_contains (GskRenderNode *node,
               GskRenderNode *needle)
{
  GskRenderNode *child;

  if (node == needle)
    return TRUE;
  for (guint i = 0; (child = node_child (node, i)) != NULL; i++)
    if (node_contains (child, needle))
      return TRUE;

  return FALSE;
}

/* The fonts of the text nodes below @node, in drawing order, as
 * descriptions. */
static void
collect_fonts (GskRenderNode *node,
               GPtrArray     *fonts)
{
  GskRenderNode *child;

  if (gsk_render_node_get_node_type (node) == GSK_TEXT_NODE)
    {
      PangoFontDescription *description = pango_font_describe (gsk_text_node_get_font (node));

      g_ptr_array_add (fonts, pango_font_description_to_string (description));
      pango_font_description_free (description);
    }
  for (guint i = 0; (child = node_child (node, i)) != NULL; i++)
    collect_fonts (child, fonts);
}

/* The table draws every cell, column by column: its "Set by" strings are
 * monospace and the rest is not, and GTK 4.18 loads a font again for
 * each new text node whose font differs from the last one's (see
 * bloom-hash-table.c), so drawn row by row the fonts alternated. */
static void
test_hash_table_columns (Fixture       *fixture,
                         gconstpointer  data)
{
  GtkWidget *table;
  GskRenderNode *table_node;
  g_autoptr(GPtrArray) fonts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) set_by_fonts = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *set_by = NULL;
  guint n_cells = 0;
  guint n_runs = 0;
  guint n_set_by = 0;

  create_filter_open (fixture);
  first_insert (fixture);
  run (fixture, "filter.insert", "plum");
  wait_for_draw (fixture);
  settle ();

  table = child (fixture, "hash_table");
  table_node = cached_node (table);
  g_assert_nonnull (table_node);
  for (GtkWidget *c = gtk_widget_get_first_child (table); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GskRenderNode *node;

      if (!gtk_widget_get_mapped (c))
        continue;
      node = cached_node (c);
      if (node == NULL)
        continue;
      g_assert_true (node_contains (table_node, node));
      n_cells++;
      if (gtk_widget_has_css_class (c, "monospace") && set_by == NULL)
        set_by = c;
    }
  /* Headings and three rows of k = 3. */
  g_assert_cmpuint (n_cells, >=, 4 * 5);
  g_assert_nonnull (set_by);

  collect_fonts (cached_node (set_by), set_by_fonts);
  g_assert_cmpuint (set_by_fonts->len, ==, 1);
  collect_fonts (table_node, fonts);
  for (guint i = 0; i < fonts->len; i++)
    {
      gboolean is_set_by = g_str_equal (fonts->pdata[i], set_by_fonts->pdata[0]);

      n_set_by += is_set_by;
      if (is_set_by && (i == 0 || !g_str_equal (fonts->pdata[i - 1], set_by_fonts->pdata[0])))
        n_runs++;
    }
  g_test_message ("%u text nodes, %u of them in %s", fonts->len, n_set_by,
                  (const char *) set_by_fonts->pdata[0]);
  g_assert_cmpuint (n_set_by, ==, 3);
  g_assert_cmpuint (n_runs, ==, 1);
}

/* The colour node drawn over @bounds among @node's children, or NULL. */
static GskRenderNode *
find_cover (GskRenderNode         *node,
            const graphene_rect_t *bounds)
{
  graphene_rect_t node_bounds;

  gsk_render_node_get_bounds (node, &node_bounds);
  if (gsk_render_node_get_node_type (node) == GSK_COLOR_NODE)
    return graphene_rect_equal (&node_bounds, bounds) ? node : NULL;
  if (gsk_render_node_get_node_type (node) != GSK_CONTAINER_NODE)
    return NULL;

  for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
    {
      GskRenderNode *cover = find_cover (gsk_container_node_get_child (node, i), bounds);

      if (cover != NULL)
        return cover;
    }

  return NULL;
}

/* An operation that scrolls the grid moves the slider of its scroll bar,
 * and the slider's old and new places cut the grid's damage into five
 * rectangles, enough with the card and the counters to pass the 30 past
 * which GSK repaints the whole window. The bar is compared whole
 * instead: a clear colour node over it that differs from the last
 * frame's, so GSK takes its bounds, one rectangle beside the grid's. */
static void
test_scroll_bar_whole (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (child (fixture, "grid_scroller"));
  GtkWidget *fitted = gtk_widget_get_parent (GTK_WIDGET (scroller));
  GtkWidget *bar = gtk_scrolled_window_get_vscrollbar (scroller);
  GtkAdjustment *grid = gtk_scrolled_window_get_vadjustment (scroller);
  g_autoptr(GskRenderNode) before = NULL;
  GskRenderNode *before_cover, *after_cover;
  graphene_rect_t bounds;
  guint tries;

  create_filter (fixture, "1024", "12");
  first_insert (fixture);
  g_assert_true (gtk_widget_get_mapped (bar));
  g_assert_true (gtk_widget_compute_bounds (bar, fitted, &bounds));

  for (tries = 0; tries < 50; tries++)
    {
      g_autofree char *text = g_strdup_printf ("query-%u", tries);
      double top = gtk_adjustment_get_value (grid);

      before = gsk_render_node_ref (cached_node (fitted));
      run (fixture, "filter.query", text);
      wait_for_draw (fixture);
      settle ();
      if (gtk_adjustment_get_value (grid) != top)
        break;
      g_clear_pointer (&before, gsk_render_node_unref);
    }
  g_assert_cmpuint (tries, <, 50);

  before_cover = find_cover (before, &bounds);
  after_cover = find_cover (cached_node (fitted), &bounds);
  g_assert_nonnull (before_cover);
  g_assert_nonnull (after_cover);
  /* It draws nothing. */
  g_assert_cmpfloat (gsk_color_node_get_color (after_cover)->alpha, ==, 0);
  g_assert_false (gdk_rgba_equal (gsk_color_node_get_color (before_cover),
                                  gsk_color_node_get_color (after_cover)));
}

static gboolean
count_render (GSignalInvocationHint *hint,
              guint                  n_values,
              const GValue          *values,
              gpointer               user_data)
{
  (*(guint *) user_data)++;

  return TRUE;
}

/* An operation that scrolls the grid is drawn in its frame, and no frame
 * follows it: the grid's scroll bar does not fade in and out (an overlay
 * indicator does, over a second each way, and GTK 4.8's cairo renderer
 * draws the whole window again at each of its frames: ten times the
 * operation's own work at a lecturer's pace). With animations on, as on
 * a desktop. */
static void
test_scroll_then_still (Fixture       *fixture,
                        gconstpointer  data)
{
  GtkAdjustment *grid = gtk_scrolled_window_get_vadjustment (
    GTK_SCROLLED_WINDOW (child (fixture, "grid_scroller")));
  guint signal_id = g_signal_lookup ("render", GDK_TYPE_SURFACE);
  guint n_renders = 0, tries;
  gulong hook;

  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  create_filter (fixture, "1024", "12");
  first_insert (fixture);

  for (tries = 0; tries < 50; tries++)
    {
      g_autofree char *text = g_strdup_printf ("query-%u", tries);
      double top = gtk_adjustment_get_value (grid);

      /* Whatever the last one started has ended: an overlay indicator
       * fades out two seconds after a scroll, over one. */
      run_for (3500);
      run (fixture, "filter.query", text);
      wait_for_draw (fixture);
      settle ();
      if (gtk_adjustment_get_value (grid) != top)
        break;
    }
  g_assert_cmpuint (tries, <, 50);

  hook = g_signal_add_emission_hook (signal_id, 0, count_render, &n_renders, NULL);
  run_for (500);
  g_signal_remove_emission_hook (signal_id, hook);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  g_test_message ("%u frames drawn in the 500 ms after the operation's", n_renders);
  g_assert_cmpuint (n_renders, <=, 1);
}

int
main (int   argc,
      char *argv[])
{
  test_isolate_environment ();
  gtk_test_init (&argc, &argv, NULL);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE,
                "gtk-cursor-blink", FALSE, NULL);

#define ADD(path, func) \
  g_test_add ("/invalidation/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("operation", test_operation);
  ADD ("operation-open", test_operation_open);
  ADD ("same-query", test_same_query);
  ADD ("hash-table-whole", test_hash_table_whole);
  ADD ("hash-table-columns", test_hash_table_columns);
  ADD ("scroll-then-still", test_scroll_then_still);
  ADD ("scroll-bar-whole", test_scroll_bar_whole);

#undef ADD

  return g_test_run ();
}
