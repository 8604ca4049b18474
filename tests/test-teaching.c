/* test-teaching.c — the teaching features of the real window, from the
 * keyboard: step-through, the bit cursor and provenance, the sizing
 * helper, the rate plot's text alternative, the entries list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "bloom-bit-grid.h"
#include "bloom-bit-grid-drawing.h"
#include "bloom-details-view.h"
#include "bloom-entries-view.h"
#include "bloom-grid-cells.h"
#include "bloom-hash-table.h"
#include "bloom-rate-plot.h"
#include "bloom-sizing-dialog.h"
#include "bloom-window.h"
#include "window-fixture.h"
#include "test-isolation.h"

/* A key press as GTK's bubble phase sees it: the shortcuts of the focus
 * widget first, then of each parent up to the window, the first enabled
 * one wins. A text field that took the key for itself would win here
 * too, so a clash fails the test. */
static gboolean
press (Fixture    *fixture,
       const char *accelerator)
{
  g_autoptr(GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (accelerator);
  GtkWidget *widget = gtk_root_get_focus (GTK_ROOT (fixture->window));

  g_assert_nonnull (wanted);
  if (widget == NULL)
    widget = GTK_WIDGET (fixture->window);

  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

          if (!GTK_IS_SHORTCUT_CONTROLLER (controller) ||
              gtk_event_controller_get_propagation_phase (controller) != GTK_PHASE_BUBBLE)
            continue;

          for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
            {
              g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

              if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted) &&
                  gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                gtk_shortcut_get_arguments (shortcut)))
                {
                  settle ();
                  return TRUE;
                }
            }
        }
    }

  return FALSE;
}

static gboolean
stepping (Fixture *fixture)
{
  gboolean value;

  g_object_get (fixture->window, "stepping", &value, NULL);

  return value;
}

static gboolean
label_shown (Fixture    *fixture,
             const char *name)
{
  return gtk_widget_get_visible (child (fixture, name)) && *label_text (fixture, name) != '\0';
}

/* Step-through from the string field: Ctrl+T, Alt+Right, Alt+Left; the
 * grid and the table in step; a new operation starts again at step 1. */
static void
test_step_through (Fixture       *fixture,
                   gconstpointer  data)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));
  BloomHashTable *table = BLOOM_HASH_TABLE (child (fixture, "hash_table"));
  GtkWidget *entry = child (fixture, "text_entry");

  /* Nothing to step through yet. */
  create_filter (fixture, "64", "4");
  g_assert_false (press (fixture, "<Control>t"));
  g_assert_false (stepping (fixture));

  /* "apple" at m = 64: 63 36 9 46 (hash-vectors.json). */
  run (fixture, "filter.insert", "apple");
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (fixture->window)), entry));
  g_assert_false (label_shown (fixture, "step_label"));
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 4);

  g_assert_true (press (fixture, "<Control>t"));
  g_assert_true (stepping (fixture));
  g_assert_cmpuint (bloom_bit_grid_get_revealed_steps (grid), ==, 1);
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 1);
  g_assert_cmpstr (label_text (fixture, "step_label"), ==, "Step 1 of 4: i = 0 sets bit 63 (it was 0).");
  g_assert_true (label_shown (fixture, "step_label"));

  g_assert_true (press (fixture, "<Alt>Right"));
  g_assert_true (press (fixture, "<Alt>Right"));
  g_assert_cmpuint (bloom_bit_grid_get_revealed_steps (grid), ==, 3);
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 3);
  g_assert_cmpstr (bloom_hash_table_get_step_text (table), ==, "Step 3 of 4: i = 2 sets bit 9 (it was 0).");
  g_assert_nonnull (strstr (bloom_bit_grid_get_text_alternative (grid),
                            "Step 3 of 4 of the last operation; positions so far: 63, 36, 9."));

  g_assert_true (press (fixture, "<Alt>Left"));
  g_assert_cmpuint (bloom_bit_grid_get_revealed_steps (grid), ==, 2);
  g_assert_cmpstr (label_text (fixture, "step_label"), ==, "Step 2 of 4: i = 1 sets bit 36 (it was 0).");

  /* Stepping never goes past the last step or before the first; the keys
   * are then let through (the actions are disabled). */
  g_assert_true (press (fixture, "<Alt>Right"));
  g_assert_true (press (fixture, "<Alt>Right"));
  g_assert_false (press (fixture, "<Alt>Right"));
  g_assert_cmpuint (bloom_bit_grid_get_revealed_steps (grid), ==, 4);
  g_assert_cmpstr (label_text (fixture, "step_label"), ==, "Step 4 of 4: i = 3 sets bit 46 (it was 0).");
  g_assert_cmpstr (bloom_hash_table_get_step_text (table), ==, "Step 4 of 4: i = 3 sets bit 46 (it was 0).");
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 4);
  g_assert_nonnull (strstr (bloom_bit_grid_get_text_alternative (grid),
                            "Step 4 of 4 of the last operation; positions so far: 63, 36, 9, 46."));
  for (guint i = 0; i < 3; i++)
    g_assert_true (press (fixture, "<Alt>Left"));
  g_assert_false (press (fixture, "<Alt>Left"));
  g_assert_cmpuint (bloom_bit_grid_get_revealed_steps (grid), ==, 1);

  /* The string field kept its text through all of it. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "apple");

  /* A new operation starts over at step 1, still stepping. */
  run (fixture, "filter.query", "apple");
  g_assert_true (stepping (fixture));
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 1);
  g_assert_cmpstr (label_text (fixture, "step_label"), ==, "Step 1 of 4: i = 0 checks bit 63: it is 1.");

  /* Leaving shows every position again. */
  g_assert_true (press (fixture, "<Control>t"));
  g_assert_false (stepping (fixture));
  g_assert_cmpuint (bloom_bit_grid_get_revealed_steps (grid), ==, G_MAXUINT);
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 4);
  g_assert_null (bloom_hash_table_get_step_text (table));
  g_assert_false (label_shown (fixture, "step_label"));

  /* Alt+Right alone starts stepping; a reset ends it, for want of steps. */
  g_assert_true (press (fixture, "<Alt>Right"));
  g_assert_cmpuint (bloom_bit_grid_get_revealed_steps (grid), ==, 1);
  g_assert_true (press (fixture, "<Control>r"));
  g_assert_false (stepping (fixture));
  g_assert_cmpuint (bloom_hash_table_get_n_rows (table), ==, 0);
  wait_for_draw (fixture);
}

/* What the grid shows, read back as pixels. A cell is a square with a
 * gap to the next one (bloom-bit-grid.c: the gap is a sixth of the cell,
 * at least 3 pixels); the last operation's positions have an orange frame
 * inside their square, the current step of a step-through an orange ring
 * in the gap around it, the keyboard cursor a blue one. */
typedef struct
{
  guint64 framed;   /* bit i: the left edge of square i is orange */
  guint64 set;      /* bit i: the middle of square i is dark (filled) */
  guint64 rings;    /* bit i: the gap left of square i is orange */
  guint64 cursor;   /* bit i: the gap left of square i is blue */
  guint64 merged;   /* bit i: the middle of the gap left of square i is
                     * orange though square i is not the current step */
  guint   square;   /* the side of a square, in pixels */
  guint   pitch;    /* from one square to the next */
} GridPixels;

static gboolean
is_orange (const guchar *pixel)
{
  /* Cairo's ARGB32 in memory order B, G, R, A: Adwaita's orange 4
   * (230, 97, 0), with room for antialiasing. */
  return pixel[2] > 200 && pixel[1] > 60 && pixel[1] < 140 && pixel[0] < 60;
}

static gboolean
is_blue (const guchar *pixel)
{
  /* Adwaita's blue 3 (53, 132, 228). */
  return pixel[0] > 180 && pixel[1] > 100 && pixel[1] < 170 && pixel[2] < 100;
}

/* Filled with the text colour: opaque and dark. The grid is rendered on
 * its own, so what it leaves clear is transparent. */
static gboolean
is_dark (const guchar *pixel)
{
  return pixel[3] > 200 && pixel[0] + pixel[1] + pixel[2] < 3 * 100;
}

/* The pixels of a ring in the gap around a square, left and right of it:
 * a neighbour's ring covers one side only. */
#define LEFT_GAP(left)           ((left) - 2)
#define RIGHT_GAP(left, square)  ((left) + (int) (square) + 1)
/* Room around the grid in the rendered image, for the rings of the outer
 * squares, which lie outside the grid's own area. */
#define BORDER 8

static GridPixels
read_grid (BloomBitGrid *grid,
           guint         m)
{
  GtkWidget *widget = GTK_WIDGET (grid);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int image_width = width + 2 * BORDER;
  int image_height = height + 2 * BORDER;
  guint cell = bloom_bit_grid_get_cell_size (grid);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  gsize stride = (gsize) image_width * 4;
  int left[64], top[64];
  guint64 left_ring = 0, right_ring = 0, left_blue = 0, right_blue = 0, left_orange = 0;
  GridPixels result = { 0 };
  guint gap = MAX (3, cell / 6);

  g_assert_cmpuint (m, <=, 64);
  result.square = cell - gap;
  result.pitch = cell;
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (-BORDER, -BORDER,
                                                                    image_width, image_height));
  pixels = g_malloc (stride * image_height);
  gdk_texture_download (texture, pixels, stride);

  /* Where each cell starts, from the grid's own hit test. */
  for (guint i = 0; i < 64; i++)
    left[i] = top[i] = -1;
  for (int y = height - 1; y >= 0; y--)
    for (int x = width - 1; x >= 0; x--)
      {
        guint index;

        if (bloom_bit_grid_get_cell_at (grid, x + 0.5, y + 0.5, &index))
          {
            g_assert_cmpuint (index, <, m);
            left[index] = x + BORDER;
            top[index] = y + BORDER;
          }
      }

  for (guint i = 0; i < m; i++)
    {
      const guchar *row = pixels + (top[i] + result.square / 2) * stride;
      guint64 bit = G_GUINT64_CONSTANT (1) << i;

      g_assert_cmpint (left[i], >=, BORDER);
      if (is_orange (row + (left[i] + 1) * 4))
        result.framed |= bit;
      if (is_dark (row + (left[i] + result.square / 2) * 4))
        result.set |= bit;
      if (is_orange (row + LEFT_GAP (left[i]) * 4))
        left_ring |= bit;
      if (is_orange (row + RIGHT_GAP (left[i], result.square) * 4))
        right_ring |= bit;
      if (is_blue (row + LEFT_GAP (left[i]) * 4))
        left_blue |= bit;
      if (is_blue (row + RIGHT_GAP (left[i], result.square) * 4))
        right_blue |= bit;
      /* Anywhere in the gap before the square. */
      for (int x = left[i] - (int) gap; x < left[i]; x++)
        if (is_orange (row + x * 4))
          left_orange |= bit;
    }

  result.rings = left_ring & right_ring;
  result.cursor = left_blue & right_blue;
  /* Orange between two squares is only ever a ring of one of them. */
  result.merged = left_orange & ~result.rings & ~(result.rings << 1);

  return result;
}

#define BIT(i) (G_GUINT64_CONSTANT (1) << (i))

/* The marks follow the last operation, step by step while stepping, and
 * nothing else: not the cursor, not a repeated position twice. */
static void
test_grid_marks (Fixture       *fixture,
                 gconstpointer  data)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));
  GridPixels marks;

  create_filter (fixture, "64", "4");
  wait_for_draw (fixture);
  marks = read_grid (grid, 64);
  g_assert_cmphex (marks.framed, ==, 0);
  g_assert_cmphex (marks.rings, ==, 0);

  /* "apple" at m = 64: 63 36 9 46 (hash-vectors.json). */
  run (fixture, "filter.insert", "apple");
  wait_for_draw (fixture);
  marks = read_grid (grid, 64);
  g_assert_cmphex (marks.framed, ==, BIT (63) | BIT (36) | BIT (9) | BIT (46));
  g_assert_cmphex (marks.rings, ==, 0);

  /* Stepping: the steps so far, the newest in a ring. */
  g_assert_true (press (fixture, "<Control>t"));
  g_assert_true (press (fixture, "<Alt>Right"));
  wait_for_draw (fixture);
  marks = read_grid (grid, 64);
  g_assert_cmphex (marks.framed, ==, BIT (63) | BIT (36));
  g_assert_cmphex (marks.rings, ==, BIT (36));

  g_assert_true (press (fixture, "<Alt>Left"));
  wait_for_draw (fixture);
  marks = read_grid (grid, 64);
  g_assert_cmphex (marks.framed, ==, BIT (63));
  g_assert_cmphex (marks.rings, ==, BIT (63));

  /* Moving the bit cursor leaves them as they are. */
  gtk_widget_grab_focus (GTK_WIDGET (grid));
  g_assert_true (press (fixture, "Right"));
  wait_for_draw (fixture);
  marks = read_grid (grid, 64);
  g_assert_cmphex (marks.framed, ==, BIT (63));
  g_assert_cmphex (marks.rings, ==, BIT (63));

  /* Another operation, all its positions again once stepping ends. */
  g_assert_true (press (fixture, "<Control>t"));
  run (fixture, "filter.query", "banana");
  wait_for_draw (fixture);
  marks = read_grid (grid, 64);
  g_assert_cmphex (marks.rings, ==, 0);
  {
    BloomOperation *operation = bloom_session_get_last_operation (fixture->session);
    guint64 expected = 0;

    for (guint step = 0; step < bloom_operation_get_n_positions (operation); step++)
      expected |= BIT (bloom_operation_get_position (operation, step));
    g_assert_cmpuint (bloom_operation_get_n_positions (operation), ==, 4);
    g_assert_cmphex (marks.framed, ==, expected);
  }

  /* A reset leaves no operation to mark. */
  g_assert_true (press (fixture, "<Control>r"));
  wait_for_draw (fixture);
  marks = read_grid (grid, 64);
  g_assert_cmphex (marks.framed, ==, 0);
}


/* W2 for the lecture hall: cells of at least 24 pixels at 100 %, set and
 * clear told apart by the whole square also under a mark. */
static void
test_grid_readable (Fixture       *fixture,
                    gconstpointer  data)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));
  BloomOperation *operation;
  GridPixels pixels;
  guint position;

  g_assert_cmpuint (bloom_window_get_zoom (fixture->window), ==, 100);
  create_filter (fixture, "8", "1");
  run (fixture, "filter.insert", "a");
  wait_for_draw (fixture);
  operation = bloom_session_get_last_operation (fixture->session);
  position = bloom_operation_get_position (operation, 0);

  pixels = read_grid (grid, 8);
  g_assert_cmpuint (pixels.pitch, >=, 24);
  g_assert_cmpuint (pixels.square, >=, 20);
  /* The inserted bit is marked, and still reads as set inside its mark. */
  g_assert_cmphex (pixels.framed, ==, BIT (position));
  g_assert_cmphex (pixels.set, ==, BIT (position));

  /* A clear bit under a mark reads as clear: "b" checks bit 5, a 0. */
  run (fixture, "filter.query", "b");
  wait_for_draw (fixture);
  pixels = read_grid (grid, 8);
  g_assert_cmphex (pixels.framed, ==, BIT (5));
  g_assert_cmphex (pixels.set, ==, BIT (position));
  g_assert_cmpuint (position, !=, 5);
}

/* W2: marked neighbours never merge into one bar, and a position that
 * comes twice in one operation is framed all the same, also when the
 * step-through stops at its second time. */
static void
test_grid_marks_apart (Fixture       *fixture,
                       gconstpointer  data)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));
  BloomOperation *operation;
  GridPixels pixels;
  guint64 expected = 0;
  guint64 neighbours = 0;
  guint repeat = G_MAXUINT;

  create_filter (fixture, "8", "12");
  run (fixture, "filter.insert", "a");
  wait_for_draw (fixture);
  operation = bloom_session_get_last_operation (fixture->session);
  for (guint step = 0; step < 12; step++)
    {
      expected |= BIT (bloom_operation_get_position (operation, step));
      if (repeat == G_MAXUINT && bloom_operation_is_repeat (operation, step))
        repeat = step;
    }
  /* Twelve positions in eight bits: some repeat, some are neighbours. */
  g_assert_cmpuint (repeat, <, 12);
  for (guint i = 1; i < 8; i++)
    if ((expected & BIT (i)) && (expected & BIT (i - 1)))
      neighbours |= BIT (i);
  g_assert_cmphex (neighbours, !=, 0);

  pixels = read_grid (grid, 8);
  g_assert_cmphex (pixels.framed, ==, expected);
  g_assert_cmphex (pixels.merged, ==, 0);

  /* Stepping to the first repeat: its square is framed (from its first
   * time) and carries the current step's ring. */
  g_assert_true (press (fixture, "<Control>t"));
  for (guint step = 0; step < repeat; step++)
    g_assert_true (press (fixture, "<Alt>Right"));
  wait_for_draw (fixture);
  pixels = read_grid (grid, 8);
  g_assert_cmphex (pixels.rings, ==, BIT (bloom_operation_get_position (operation, repeat)));
  g_assert_true (pixels.framed & BIT (bloom_operation_get_position (operation, repeat)));
  g_assert_cmphex (pixels.merged, ==, 0);
}

/* The blue cursor ring shows only while the grid has the keyboard focus. */
static void
test_grid_cursor_with_focus (Fixture       *fixture,
                             gconstpointer  data)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));
  GridPixels pixels;

  create_filter (fixture, "8", "1");
  wait_for_draw (fixture);
  g_assert_false (gtk_widget_has_focus (GTK_WIDGET (grid)));
  pixels = read_grid (grid, 8);
  g_assert_cmphex (pixels.cursor, ==, 0);

  gtk_widget_grab_focus (GTK_WIDGET (grid));
  g_assert_true (press (fixture, "Right"));
  g_assert_true (press (fixture, "Right"));
  wait_for_draw (fixture);
  pixels = read_grid (grid, 8);
  g_assert_cmphex (pixels.cursor, ==, BIT (2));

  gtk_widget_grab_focus (child (fixture, "text_entry"));
  wait_for_draw (fixture);
  pixels = read_grid (grid, 8);
  g_assert_cmphex (pixels.cursor, ==, 0);
}

/* A new operation while stepping starts again at step 1 and says so, with
 * the keys to go on: it never shows one position of k without a word. */
static void
test_step_through_new_operation (Fixture       *fixture,
                                 gconstpointer  data)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));

  create_filter (fixture, "64", "4");
  run (fixture, "filter.insert", "apple");
  g_assert_true (press (fixture, "<Control>t"));
  g_assert_true (press (fixture, "<Alt>Right"));
  g_assert_true (press (fixture, "<Alt>Right"));
  g_assert_cmpuint (bloom_bit_grid_get_revealed_steps (grid), ==, 3);

  run (fixture, "filter.query", "banana");
  g_assert_cmpuint (bloom_bit_grid_get_revealed_steps (grid), ==, 1);
  g_assert_true (label_shown (fixture, "step_label"));
  g_assert_true (g_str_has_prefix (label_text (fixture, "step_label"), "Step 1 of 4:"));
  g_assert_true (gtk_widget_get_visible (child (fixture, "step_hint")));
  g_assert_nonnull (strstr (label_text (fixture, "step_hint"), "Alt+→"));
  g_assert_nonnull (strstr (label_text (fixture, "step_hint"), "Ctrl+T"));

  /* Off, nothing of it shows. */
  g_assert_true (press (fixture, "<Control>t"));
  g_assert_false (gtk_widget_get_visible (child (fixture, "step_hint")));
}

/* W2: a bit's index can be read without hovering: its row's first index
 * at the left, and over each group of 8 columns its offset ("+8"). */
static void
test_grid_index_labels (Fixture       *fixture,
                        gconstpointer  data)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));
  GtkWidget *widget = GTK_WIDGET (grid);
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  int width, height, left = -1, top = -1;
  guint ruler = 0, labels = 0;
  gsize stride;

  create_filter (fixture, "64", "4");
  wait_for_draw (fixture);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  for (int y = height - 1; y >= 0; y--)
    for (int x = width - 1; x >= 0; x--)
      {
        guint index;

        if (bloom_bit_grid_get_cell_at (grid, x + 0.5, y + 0.5, &index) && index == 0)
          left = x, top = y;
      }
  g_assert_cmpint (left, >, 0);
  g_assert_cmpint (top, >, 0);

  paintable = gtk_widget_paintable_new (widget);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  stride = (gsize) width * 4;
  pixels = g_malloc (stride * height);
  gdk_texture_download (texture, pixels, stride);

  /* Text above the first row (the ruler) and left of the first cell (the
   * row's label). */
  for (int y = 0; y < top; y++)
    for (int x = left; x < width; x++)
      ruler += pixels[y * stride + x * 4 + 3] > 128;
  for (int y = top; y < top + 16; y++)
    for (int x = 0; x < left; x++)
      labels += pixels[y * stride + x * 4 + 3] > 128;
  g_assert_cmpuint (ruler, >, 10);
  g_assert_cmpuint (labels, >, 5);
}

#undef BIT

/* The query of "b" at m = 8, k = 1 stops at its first clear bit. */
static void
test_step_through_query (Fixture       *fixture,
                         gconstpointer  data)
{
  create_filter (fixture, "8", "1");
  run (fixture, "filter.insert", "a");
  run (fixture, "filter.query", "b");
  g_assert_true (press (fixture, "<Control>t"));
  g_assert_cmpstr (label_text (fixture, "step_label"), ==,
                   "Step 1 of 1: i = 0 checks bit 5: it is 0, so the string was never inserted.");
}

/* The grid comes after the string field's row in the focus order, before
 * the expanders below it. */
static void
test_grid_focus_order (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkWidget *grid = child (fixture, "grid");
  GtkWidget *focus;
  guint steps = 0;

  create_filter (fixture, "64", "3");
  wait_for_draw (fixture);
  g_assert_true (gtk_widget_get_focusable (grid));

  gtk_widget_grab_focus (child (fixture, "text_entry"));
  do
    {
      g_assert_true (gtk_widget_child_focus (GTK_WIDGET (fixture->window), GTK_DIR_TAB_FORWARD));
      focus = gtk_root_get_focus (GTK_ROOT (fixture->window));
      g_assert_false (gtk_widget_is_ancestor (focus, child (fixture, "positions_expander")) ||
                      focus == child (fixture, "positions_expander"));
      steps++;
    }
  while (focus != grid && steps < 20);

  g_assert_true (focus == grid);
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (fixture->window), GTK_DIR_TAB_FORWARD));
  focus = gtk_root_get_focus (GTK_ROOT (fixture->window));
  g_assert_true (focus == child (fixture, "positions_expander") ||
                 gtk_widget_is_ancestor (focus, child (fixture, "positions_expander")));
}

/* Bit provenance from the keyboard: arrows, Home, End, Ctrl+Home/End,
 * Page Up/Down move the cursor; the line below the grid says which
 * stored strings set the bit. */
static void
test_bit_cursor (Fixture       *fixture,
                 gconstpointer  data)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));
  guint columns;

  /* m = 8, k = 1: "a" … "h" set one bit each; "a" bit 4, "b" bit 5. */
  create_filter (fixture, "8", "1");
  activate (fixture, "filter.example");
  wait_for_draw (fixture);
  gtk_widget_grab_focus (GTK_WIDGET (grid));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (grid)));
  g_assert_cmpuint (bloom_bit_grid_get_columns (grid), ==, 8);

  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 0);
  for (guint i = 0; i < 4; i++)
    g_assert_true (press (fixture, "Right"));
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 4);
  g_assert_cmpstr (label_text (fixture, "cursor_label"), ==, "Bit 4: 1, set by \"a\"");
  g_assert_nonnull (strstr (bloom_bit_grid_get_text_alternative (grid),
                            "Cursor: Bit 4: 1, set by \"a\"."));
  g_assert_true (press (fixture, "Right"));
  g_assert_cmpstr (label_text (fixture, "cursor_label"), ==, "Bit 5: 1, set by \"b\"");

  g_assert_true (press (fixture, "End"));
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 7);
  /* At the edge the cursor stays, and the key stays in the grid. */
  g_assert_true (press (fixture, "Right"));
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 7);
  g_assert_true (press (fixture, "Home"));
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 0);
  g_assert_true (press (fixture, "Left"));
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 0);

  /* m = 1024, in rows of as many columns as fit: rows and pages. */
  create_filter (fixture, "1024", "3");
  run (fixture, "filter.insert", "a");
  wait_for_draw (fixture);
  gtk_widget_grab_focus (GTK_WIDGET (grid));
  columns = bloom_bit_grid_get_columns (grid);
  g_assert_cmpuint (columns, >=, 16);
  bloom_bit_grid_set_cursor (grid, columns + 6);
  g_assert_true (press (fixture, "Down"));
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 2 * columns + 6);
  g_assert_true (press (fixture, "Up"));
  g_assert_true (press (fixture, "Up"));
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 6);
  g_assert_true (press (fixture, "Up"));
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 6);
  g_assert_true (press (fixture, "Page_Down"));
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid) % columns, ==, 6);
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), >, 6 + columns);
  g_assert_true (press (fixture, "<Control>End"));
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 1023);
  g_assert_true (press (fixture, "Page_Down"));
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 1023);
  g_assert_true (press (fixture, "<Control>Home"));
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 0);

  /* "a" at m = 1024, k = 3 sets 300, 695, 66 (1024/12 of the vectors). */
  bloom_bit_grid_set_cursor (grid, 695);
  g_assert_cmpstr (label_text (fixture, "cursor_label"), ==, "Bit 695: 1, set by \"a\"");
  bloom_bit_grid_set_cursor (grid, 301);
  g_assert_cmpstr (label_text (fixture, "cursor_label"), ==, "Bit 301: 0 (clear)");

  /* A smaller filter keeps the cursor inside it. */
  create_filter (fixture, "8", "12");
  g_assert_cmpuint (bloom_bit_grid_get_cursor (grid), ==, 7);

  /* m = 8, k = 12: "a" … "h" each set every bit; five are named. */
  activate (fixture, "filter.example");
  g_assert_cmpstr (label_text (fixture, "cursor_label"), ==,
                   "Bit 7: 1, set by \"a\", \"b\", \"c\", \"d\", \"e\" and 3 more strings");
  wait_for_draw (fixture);
}

/* Why a false positive: the table names, for each position, the first
 * stored string that set it. */
static void
test_set_by_column (Fixture       *fixture,
                    gconstpointer  data)
{
  BloomHashTable *table = BLOOM_HASH_TABLE (child (fixture, "hash_table"));
  g_autofree char *row = NULL;
  g_autofree char *clear_row = NULL;
  g_autofree char *set_row = NULL;

  /* m = 8, k = 1: "i" lands on bit 4, which "a" set. */
  create_filter (fixture, "8", "1");
  run (fixture, "filter.insert", "a");
  run (fixture, "filter.query", "i");
  row = bloom_hash_table_get_row_text (table, 0);
  g_assert_cmpstr (row, ==, "0\t4\t1\t1\t\"a\"\t");

  /* m = 64, k = 4: "i" (4 55 42 29) after "a" (44 55 2 13): bit 4 is
   * clear, bit 55 set by "a". */
  create_filter (fixture, "64", "4");
  run (fixture, "filter.insert", "a");
  run (fixture, "filter.query", "i");
  clear_row = bloom_hash_table_get_row_text (table, 0);
  g_assert_cmpstr (clear_row, ==, "0\t4\t0\t0\t—\t");
  set_row = bloom_hash_table_get_row_text (table, 1);
  g_assert_cmpstr (set_row, ==, "1\t55\t1\t1\t\"a\"\t");
}

static BloomSizingDialog *
find_sizing_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (BLOOM_IS_SIZING_DIALOG (window))
        return BLOOM_SIZING_DIALOG (window);
    }

  return NULL;
}

static GtkWidget *
dialog_child (BloomSizingDialog *dialog,
              const char        *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (dialog),
                                                   BLOOM_TYPE_SIZING_DIALOG, name);

  g_assert_nonnull (object);

  return GTK_WIDGET (object);
}

static const char *
dialog_label (BloomSizingDialog *dialog,
              const char        *name)
{
  return gtk_label_get_text (GTK_LABEL (dialog_child (dialog, name)));
}

static void
dialog_type (BloomSizingDialog *dialog,
             const char        *field,
             const char        *text)
{
  gtk_editable_set_text (GTK_EDITABLE (dialog_child (dialog, field)), text);
  settle ();
}

/* The window's own toplevel of type @type_name: by name, as
 * GtkShortcutsWindow is deprecated in newer GTK. */
static GtkWindow *
find_transient (Fixture    *fixture,
                const char *type_name)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (g_strcmp0 (G_OBJECT_TYPE_NAME (window), type_name) == 0 &&
          gtk_window_get_transient_for (window) == GTK_WINDOW (fixture->window))
        return window;
    }

  return NULL;
}

/* The shortcuts window is made when first asked for, and kept. */
static void
test_shortcuts_window (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkWindow *shortcuts;

  g_assert_null (find_transient (fixture, "GtkShortcutsWindow"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "view.shortcuts", NULL));
  settle ();
  shortcuts = find_transient (fixture, "GtkShortcutsWindow");
  g_assert_nonnull (shortcuts);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
  g_assert_true (gtk_window_get_modal (shortcuts));

  /* Closing hides it; asking again shows the same one. */
  gtk_window_close (shortcuts);
  settle ();
  g_assert_true (find_transient (fixture, "GtkShortcutsWindow") == shortcuts);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "view.shortcuts", NULL));
  settle ();
  g_assert_true (find_transient (fixture, "GtkShortcutsWindow") == shortcuts);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
  gtk_window_close (shortcuts);
  settle ();
}

/* S1 in the window: Ctrl+M opens the helper; it computes as you type,
 * warns before it discards, and copies m and k into the fields. */
static void
test_sizing_dialog (Fixture       *fixture,
                    gconstpointer  data)
{
  BloomSizingDialog *dialog;
  GtkWidget *use_button;

  create_filter (fixture, "64", "3");
  run (fixture, "filter.insert", "x");

  g_assert_null (find_sizing_dialog ());
  g_assert_true (press (fixture, "<Control>m"));
  dialog = find_sizing_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (fixture->window));
  use_button = dialog_child (dialog, "use_button");

  /* n = 100, p = 1%: m = ⌈958.506⌉ = 959, k = round(6.64728) = 7. */
  dialog_type (dialog, "n_entry", "100");
  dialog_type (dialog, "p_entry", "1%");
  g_assert_cmpstr (dialog_label (dialog, "m_value"), ==, "m = 959");
  g_assert_cmpstr (dialog_label (dialog, "k_value"), ==, "k = 7");
  g_assert_cmpstr (dialog_label (dialog, "m_formula"), ==,
                   "m = ⌈−n·ln p / (ln 2)²⌉ = ⌈100 · 4.60517 / 0.480453⌉ = ⌈958.506⌉ = 959");
  g_assert_cmpstr (dialog_label (dialog, "k_formula"), ==,
                   "k = round((m/n)·ln 2) = round((959/100) · 0.693147) = round(6.64728) = 7");
  g_assert_false (gtk_widget_get_visible (dialog_child (dialog, "clamp_note")));

  /* A filter with other parameters is active: said before confirming. */
  g_assert_true (gtk_widget_get_visible (dialog_child (dialog, "discard_notice")));
  g_assert_nonnull (strstr (dialog_label (dialog, "discard_label"), "discards"));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (use_button)), ==, "_Discard Filter and Use m and k");

  /* Bad input: a message beside the field, nothing to use. */
  dialog_type (dialog, "p_entry", "lots");
  g_assert_true (gtk_widget_get_visible (dialog_child (dialog, "p_message")));
  g_assert_nonnull (strstr (dialog_label (dialog, "p_message"), "not a rate"));
  g_assert_false (gtk_widget_get_sensitive (use_button));
  g_assert_cmpstr (dialog_label (dialog, "m_value"), ==, "m = —");

  /* n = 1000, 1 in 100: m clamped to 1024, k for that m is 1. */
  dialog_type (dialog, "p_entry", "1 in 100");
  dialog_type (dialog, "n_entry", "1000");
  g_assert_false (gtk_widget_get_visible (dialog_child (dialog, "p_message")));
  g_assert_true (gtk_widget_get_sensitive (use_button));
  g_assert_cmpstr (dialog_label (dialog, "m_value"), ==, "m = 1024");
  g_assert_cmpstr (dialog_label (dialog, "k_value"), ==, "k = 1");
  g_assert_true (gtk_widget_get_visible (dialog_child (dialog, "clamp_note")));
  g_assert_nonnull (strstr (dialog_label (dialog, "clamp_note"), "9586"));
  g_assert_nonnull (strstr (dialog_label (dialog, "rate_note"), "0.6234"));

  /* Use: the fields get 1024 and 1, the filter goes, Undo is offered. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "sizing.use", NULL));
  settle ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (fixture, "m_spin"))), ==, "1024");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (fixture, "k_spin"))), ==, "1");
  g_assert_null (bloom_session_get_filter (fixture->session));
  g_assert_true (bloom_session_get_can_undo (fixture->session));
  g_assert_true (gtk_widget_get_visible (child (fixture, "undo_button")));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (fixture->window)) == child (fixture, "create_button"));

  /* Undo brings back the filter and its fields. */
  activate (fixture, "filter.undo");
  g_assert_true (bloom_session_contains (fixture->session, "x", -1));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (fixture, "m_spin"))), ==, "64");

  /* The dialog is the same one, as it was left. With the filter's own m
   * and k nothing is discarded, and it says nothing of the kind. */
  create_filter (fixture, "1024", "1");
  g_assert_true (press (fixture, "<Control>m"));
  g_assert_true (find_sizing_dialog () == dialog);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (dialog_child (dialog, "n_entry"))), ==, "1000");
  g_assert_false (gtk_widget_get_visible (dialog_child (dialog, "discard_notice")));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (use_button)), ==, "_Use m and k");

  /* Without a filter there is nothing to discard either. */
  activate (fixture, "filter.reset");
  dialog_type (dialog, "n_entry", "100");
  g_assert_true (gtk_widget_get_visible (dialog_child (dialog, "discard_notice")));
  type_into (fixture, "m_spin", "65");
  g_assert_null (bloom_session_get_filter (fixture->session));
  g_assert_false (gtk_widget_get_visible (dialog_child (dialog, "discard_notice")));

  /* Escape closes it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
}

/* A projector of 1280×800, less a top bar and a title bar. */
#define SCREEN_WIDTH  1280
#define SCREEN_HEIGHT (800 - 80)

/* The sizing dialog as Ctrl+M opens it, at the window's zoom. */
static BloomSizingDialog *
open_sizing_dialog (Fixture *fixture)
{
  BloomSizingDialog *dialog;

  g_assert_true (press (fixture, "<Control>m"));
  dialog = find_sizing_dialog ();
  g_assert_nonnull (dialog);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));
  settle ();

  return dialog;
}

static GtkScrolledWindow *
sizing_scroller (BloomSizingDialog *dialog)
{
  GtkWidget *page = gtk_window_get_child (GTK_WINDOW (dialog));

  for (GtkWidget *w = gtk_widget_get_first_child (page); w; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_SCROLLED_WINDOW (w))
      return GTK_SCROLLED_WINDOW (w);

  g_assert_not_reached ();
}

/* The dialog fits the screen: at its smallest width (where GTK's own
 * check looks, and a wrapped text is tallest) and at its natural size. */
static void
assert_fits_screen (BloomSizingDialog *dialog)
{
  GtkWidget *widget = GTK_WIDGET (dialog);
  int min_height, min_width, natural_width, natural_height;

  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, -1, &min_height, NULL, NULL, NULL);
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &natural_width, NULL, NULL);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, natural_width, NULL, &natural_height,
                      NULL, NULL);
  g_test_message ("zoom %u: minimum %d × %d, natural %d × %d, shown %d × %d",
                  bloom_sizing_dialog_get_zoom (dialog), min_width, min_height,
                  natural_width, natural_height,
                  gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  g_assert_cmpint (min_height, <=, SCREEN_HEIGHT);
  g_assert_cmpint (min_width, <=, SCREEN_WIDTH);
  g_assert_cmpint (natural_height, <=, SCREEN_HEIGHT);
  g_assert_cmpint (natural_width, <=, SCREEN_WIDTH);
  g_assert_cmpint (gtk_widget_get_height (widget), <=, SCREEN_HEIGHT);
}

static double
page_size (GtkAdjustment *adjustment)
{
  return gtk_adjustment_get_page_size (adjustment);
}

/* The sizing helper on a projector at 1280×800: it follows the page's
 * zoom, and fits at 100 % without scrolling; at 200 % its explanation
 * scrolls, the choice below it stays in view. No warning from GTK about
 * the dialog's size either (they are fatal here). */
static void
test_sizing_dialog_fits (Fixture       *fixture,
                         gconstpointer  data)
{
  BloomSizingDialog *dialog;
  GtkAdjustment *adjustment;
  int height_100, height_200;

  create_filter (fixture, "64", "3");
  dialog = open_sizing_dialog (fixture);
  g_assert_cmpuint (bloom_sizing_dialog_get_zoom (dialog), ==, 100);
  assert_fits_screen (dialog);
  adjustment = gtk_scrolled_window_get_vadjustment (sizing_scroller (dialog));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), <=, page_size (adjustment));
  gtk_widget_measure (dialog_child (dialog, "m_value"), GTK_ORIENTATION_VERTICAL, -1,
                      NULL, &height_100, NULL, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  settle ();

  /* The same dialog follows a zoom made while it was closed. */
  bloom_window_set_zoom (fixture->window, 200);
  g_assert_true (open_sizing_dialog (fixture) == dialog);
  g_assert_cmpuint (bloom_sizing_dialog_get_zoom (dialog), ==, 200);
  gtk_widget_measure (dialog_child (dialog, "m_value"), GTK_ORIENTATION_VERTICAL, -1,
                      NULL, &height_200, NULL, NULL);
  g_assert_cmpint (height_200, >=, 2 * height_100 - 2);
  assert_fits_screen (dialog);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, page_size (adjustment));
  g_assert_true (gtk_widget_get_mapped (dialog_child (dialog, "use_button")));
  g_assert_true (gtk_widget_get_mapped (dialog_child (dialog, "discard_notice")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  settle ();
}

/* An expander's mnemonic: the key its label underlines. */
static void
assert_mnemonic (Fixture    *fixture,
                 const char *expander,
                 guint       keyval)
{
  GtkWidget *label = gtk_expander_get_label_widget (GTK_EXPANDER (child (fixture, expander)));

  g_assert_true (GTK_IS_LABEL (label));
  g_assert_cmpuint (gtk_label_get_mnemonic_keyval (GTK_LABEL (label)), ==, keyval);
}

/* The plot's text alternative lists every point: for m = 8, k = 2, n = 1
 * the approximation at k = 1 is 1 − e^(−1/8) = 0.1175 and the finite-m
 * rate 1 − 7/8 = 0.125; at k = 2, (1 − e^(−1/4))^2 = 0.04893 and
 * (15/64)^2 = 0.05493; k* = 8·0.693147 = 5.545. */
static void
test_rate_plot (Fixture       *fixture,
                gconstpointer  data)
{
  BloomRatePlot *plot = BLOOM_RATE_PLOT (child (fixture, "rate_plot"));
  const char *text;

  g_assert_cmpstr (bloom_rate_plot_get_text_alternative (plot), ==, "No filter is active.");
  create_filter (fixture, "8", "2");
  g_assert_nonnull (strstr (bloom_rate_plot_get_text_alternative (plot), "No entries yet"));

  run (fixture, "filter.insert", "a");
  text = bloom_rate_plot_get_text_alternative (plot);
  g_assert_nonnull (strstr (text, "for m = 8 and n = 1."));
  g_assert_nonnull (strstr (text, "k* = (m/n)·ln 2 ≈ 5.545; this filter uses k = 2."));
  g_assert_nonnull (strstr (text, "k = 1: approximation 0.1175, finite m 0.125."));
  g_assert_nonnull (strstr (text, "k = 2: approximation 0.04893, finite m 0.05493."));
  g_assert_nonnull (strstr (text, "k = 12:"));

  /* Its expander is remembered like the others (SPEC P1), and Alt+L
   * opens and closes it. */
  assert_mnemonic (fixture, "plot_expander", GDK_KEY_l);
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "plot_expander")), TRUE);
  g_assert_true (bloom_session_get_detail_open (fixture->session, "rate-plot"));
  g_assert_true (gtk_widget_mnemonic_activate (child (fixture, "plot_expander"), FALSE));
  g_assert_false (bloom_session_get_detail_open (fixture->session, "rate-plot"));
  wait_for_draw (fixture);
}

/* W4 beside the approximation: the finite-m rate, the rate the set bits
 * imply and n̂, each with its inputs. m = 8, k = 2, "a" sets 4 and 7. */
static void
test_details_rates (Fixture       *fixture,
                    gconstpointer  data)
{
  BloomDetailsView *details = BLOOM_DETAILS_VIEW (child (fixture, "details_view"));

  create_filter (fixture, "8", "2");
  run (fixture, "filter.insert", "a");
  /* (1 − (7/8)^2)^2 = (1 − 0.765625)^2 = 0.0549316 */
  g_assert_cmpstr (bloom_details_view_get_value (details, "exact"), ==,
                   "f ≈ (1 − (1 − 1/m)^(k·n))^k = (1 − (1 − 1/8)^(2·1))^2 = (1 − 0.7656)^2 ≈ 0.05493");
  g_assert_cmpstr (bloom_details_view_get_value (details, "fill-rate"), ==, "(X/m)^k = (2/8)^2 ≈ 0.0625");
  /* −(8/2)·ln(1 − 2/8) = 4·0.287682 = 1.1507 */
  g_assert_cmpstr (bloom_details_view_get_value (details, "estimated-n"), ==,
                   "n̂ = −(m/k)·ln(1 − X/m) = −(8/2)·ln(1 − 2/8) ≈ 1.151 (n = 1)");

  create_filter (fixture, "8", "12");
  run (fixture, "filter.insert", "a");
  g_assert_nonnull (strstr (bloom_details_view_get_value (details, "estimated-n"), "= ∞"));
  g_assert_cmpstr (bloom_details_view_get_value (details, "fill-rate"), ==, "(X/m)^k = (8/8)^12 ≈ 1");
}

/* Row @i as it is shown: the stored string, JSON-quoted. */
static char *
entry_item (BloomEntriesView *view,
            guint             i)
{
  g_autoptr(GtkStringObject) item = g_list_model_get_item (bloom_entries_view_get_model (view), i);

  return bloom_text_quote (gtk_string_object_get_string (item), -1);
}

/* The stored strings, JSON-quoted, in insertion order, updated from the
 * model only. */
static void
test_entries (Fixture       *fixture,
              gconstpointer  data)
{
  BloomEntriesView *view = BLOOM_ENTRIES_VIEW (child (fixture, "entries_view"));
  GListModel *model = bloom_entries_view_get_model (view);
  gint64 start, elapsed;

  g_assert_cmpstr (bloom_entries_view_get_caption (view), ==, "No filter is active.");
  create_filter (fixture, "64", "3");
  g_assert_cmpstr (bloom_entries_view_get_caption (view), ==, "No entries yet.");

  run (fixture, "filter.insert", "a");
  run (fixture, "filter.insert", "b\n");
  run (fixture, "filter.insert", "q\"");
  run (fixture, "filter.insert", "a");
  run (fixture, "filter.query", "zz");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      static const char * const shown[] = { "\"a\"", "\"b\\n\"", "\"q\\\"\"" };
      g_autofree char *row = entry_item (view, i);

      g_assert_cmpstr (row, ==, shown[i]);
    }
  g_assert_cmpstr (bloom_entries_view_get_caption (view), ==,
                   "3 distinct strings, JSON-quoted, in insertion order:");

  activate (fixture, "filter.reset");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  activate (fixture, "filter.undo");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);

  /* Opening it is remembered (SPEC P1), by mnemonic (Alt+N) too. */
  assert_mnemonic (fixture, "entries_expander", GDK_KEY_n);
  g_assert_true (gtk_widget_mnemonic_activate (child (fixture, "entries_expander"), FALSE));
  g_assert_true (bloom_session_get_detail_open (fixture->session, "entries"));
  bloom_session_set_detail_open (fixture->session, "entries", FALSE);
  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (child (fixture, "entries_expander"))));
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "entries_expander")), TRUE);

  /* The largest case, 1024 entries of 256 units, arrives in one change
   * (as an import does); then the last inserts update every view. */
  {
    g_autoptr(BloomSession) full = bloom_session_new ();
    g_autofree char *json = NULL;
    g_autofree char *padded = g_strnfill (252, 'x');

    g_assert_true (bloom_session_create_filter (full, 1024, 12, NULL));
    for (guint i = 0; i < BLOOM_MAX_ENTRIES - 3; i++)
      {
        g_autofree char *entry = g_strdup_printf ("%04u%s", i, padded);

        g_assert_nonnull (bloom_session_insert (full, entry, -1, NULL));
      }
    json = bloom_state_to_json (full, NULL);
    g_assert_true (bloom_state_load_json (fixture->session, json, -1, NULL));
  }
  gtk_expander_set_expanded (GTK_EXPANDER (child (fixture, "positions_expander")), TRUE);
  wait_for_draw (fixture);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, BLOOM_MAX_ENTRIES - 3);

  for (guint i = BLOOM_MAX_ENTRIES - 3; i < BLOOM_MAX_ENTRIES; i++)
    {
      g_autofree char *padded = g_strnfill (252, 'y');
      g_autofree char *last = g_strdup_printf ("%04u%s", i, padded);

      start = g_get_monotonic_time ();
      g_assert_nonnull (bloom_session_insert (fixture->session, last, -1, NULL));
      wait_for_draw (fixture);
      elapsed = g_get_monotonic_time () - start;
    }
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, BLOOM_MAX_ENTRIES);
  {
    g_autofree char *row = entry_item (view, 1023);

    g_assert_true (g_str_has_prefix (row, "\"1023yyy"));
    g_assert_cmpuint (strlen (row), ==, 258);
  }
  /* A figure for the record, never a limit: times are for bench/. */
  g_test_message ("insert at 1024 entries of 256 units, views updated and drawn: %" G_GINT64_FORMAT " ms",
                  elapsed / 1000);
}

typedef struct
{
  gboolean   in_accelerator;
  GPtrArray *accelerators;
} Accelerators;

/* Collects the text of every <property name="accelerator">. */
static void
on_start_element (GMarkupParseContext  *context,
                  const char           *element,
                  const char          **names,
                  const char          **values,
                  gpointer              user_data,
                  GError              **error)
{
  Accelerators *found = user_data;

  found->in_accelerator = g_str_equal (element, "property") &&
                          names[0] != NULL && g_str_equal (names[0], "name") &&
                          g_str_equal (values[0], "accelerator");
}

static void
on_end_element (GMarkupParseContext  *context,
                const char           *element,
                gpointer              user_data,
                GError              **error)
{
  ((Accelerators *) user_data)->in_accelerator = FALSE;
}

static void
on_text (GMarkupParseContext  *context,
         const char           *text,
         gsize                 len,
         gpointer              user_data,
         GError              **error)
{
  Accelerators *found = user_data;

  if (found->in_accelerator)
    g_ptr_array_add (found->accelerators, g_strndup (text, len));
}

/* Every key of these features is in the shortcuts window. The file is
 * read as text: GtkShortcutsWindow is deprecated in newer GTK. */
static void
test_shortcuts_documented (Fixture       *fixture,
                           gconstpointer  data)
{
  static const char * const documented[] = {
    "<Control>m", "<Control>t", "<Alt>Right", "<Alt>Left", "<Alt>l", "<Alt>n",
    "<Alt>p", "<Alt>t", "<Alt>o", "<Alt>w", "<Alt>a",
    "Left Right Up Down", "Home End", "<Control>Home <Control>End", "Page_Up Page_Down",
  };
  static const GMarkupParser parser = { on_start_element, on_end_element, on_text, NULL, NULL };
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GPtrArray) accelerators = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  Accelerators found = { FALSE, accelerators };
  const char *xml;
  gsize len;

  bytes = g_resources_lookup_data ("/io/github/bloomlab/BloomLab/ui/bloom-shortcuts-window.ui",
                                   G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  g_assert_no_error (error);
  xml = g_bytes_get_data (bytes, &len);
  context = g_markup_parse_context_new (&parser, 0, &found, NULL);
  g_assert_true (g_markup_parse_context_parse (context, xml, len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (accelerators->len, >, 20);

  for (guint i = 0; i < G_N_ELEMENTS (documented); i++)
    {
      gboolean listed = FALSE;

      for (guint j = 0; j < accelerators->len; j++)
        listed |= g_strcmp0 (g_ptr_array_index (accelerators, j), documented[i]) == 0;
      if (!listed)
        g_error ("“%s” is not in the shortcuts window", documented[i]);
    }
}

/* GTK 4.8's GtkShortcutsWindow, once shown, warns that a label of its own
 * reports a negative minimum width (GTK's own help overlay did the same);
 * that one message is let through, every other warning stays fatal. */
static GLogWriterOutput
write_log (GLogLevelFlags   log_level,
           const GLogField *fields,
           gsize            n_fields,
           gpointer         user_data)
{
  if (log_level & G_LOG_LEVEL_WARNING)
    {
      const char *domain = NULL, *message = NULL;

      for (gsize i = 0; i < n_fields; i++)
        {
          if (g_strcmp0 (fields[i].key, "GLIB_DOMAIN") == 0)
            domain = fields[i].value;
          else if (g_strcmp0 (fields[i].key, "MESSAGE") == 0)
            message = fields[i].value;
        }
      if (g_strcmp0 (domain, "Gtk") == 0 && message != NULL &&
          g_str_has_prefix (message, "GtkLabel ") &&
          strstr (message, "reported min width -") != NULL)
        return G_LOG_WRITER_HANDLED;
    }

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

/* @image and @reference, two image surfaces, hold the same pixels. */
static void
assert_same_pixels (cairo_surface_t *image,
                    cairo_surface_t *reference)
{
  int height = cairo_image_surface_get_height (image);

  cairo_surface_flush (image);
  cairo_surface_flush (reference);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==,
                   cairo_image_surface_get_width (reference));
  g_assert_cmpint (height, ==, cairo_image_surface_get_height (reference));
  g_assert_cmpint (cairo_image_surface_get_stride (image), ==,
                   cairo_image_surface_get_stride (reference));
  g_assert_cmpmem (cairo_image_surface_get_data (image),
                   cairo_image_surface_get_stride (image) * height,
                   cairo_image_surface_get_data (reference),
                   cairo_image_surface_get_stride (reference) * height);
}

/* The grid's image of its cells is built the quick way (a row of clear
 * squares copied to each row, the set squares over them) and must have
 * the pixels of the squares drawn one by one, as a picture draws them:
 * full rows and a short last one, with and without the ruler, at scale
 * 1 and 2, opaque and translucent colours. */
static void
test_grid_cells_image (void)
{
  struct { guint m, columns, cell; int top, scale; } cases[] = {
    { 100, 16, 24, 20, 1 },
    { 1024, 40, 24, 20, 1 },
    { 77, 8, 48, 30, 2 },
    { 8, 8, 24, 0, 1 },
    { 30, 64, 26, 20, 2 },
    /* Row labels taller than a row: they reach into their neighbours. */
    { 200, 16, 10, 20, 1 },
    { 200, 16, 10, 20, 2 },
  };
  const GdkRGBA colors[] = { { 0.2f, 0.2f, 0.2f, 1.0f }, { 0.9f, 0.85f, 0.8f, 0.8f } };
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  g_autoptr(PangoLayout) layout = pango_layout_new (context);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint f = 0; f < G_N_ELEMENTS (colors); f++)
      {
        g_autoptr(BloomSession) session = bloom_session_new ();
        BloomGridGeometry geometry = {
          .cell = cases[c].cell,
          .gap = MAX (3, cases[c].cell / 6),
          .group_gap = MAX (3, cases[c].cell / 3),
          .label_width = 44,
          .top = cases[c].top,
          .columns = cases[c].columns,
        };
        BloomFilter *filter;
        cairo_surface_t *image, *reference;
        cairo_t *cr;
        int width, height, scale = cases[c].scale;

        geometry.inner = geometry.cell - geometry.gap;
        geometry.mark = MAX (2, geometry.inner / 5);
        g_assert_true (bloom_session_create_filter (session, cases[c].m, 3, NULL));
        for (guint i = 0; i < cases[c].m / 8; i++)
          {
            g_autofree char *text = g_strdup_printf ("string %u", i);

            g_assert_nonnull (bloom_session_insert (session, text, -1, NULL));
          }
        filter = bloom_session_get_filter (session);
        g_assert_cmpuint (bloom_filter_count_set_bits (filter), >, 0);
        g_assert_cmpuint (bloom_filter_count_set_bits (filter), <, cases[c].m);

        bloom_grid_get_cells_size (filter, &geometry, &width, &height);
        image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
        cairo_surface_set_device_scale (image, scale, scale);
        bloom_grid_draw_cells_rows (image, filter, layout, &geometry, &colors[f], 0, G_MAXUINT);
        reference = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
        cairo_surface_set_device_scale (reference, scale, scale);
        cr = cairo_create (reference);
        bloom_grid_paint_cells (cr, filter, layout, &geometry, &colors[f]);
        cairo_destroy (cr);
        g_assert_cmpint (cairo_image_surface_get_width (image), ==, width * scale);
        g_assert_cmpint (cairo_image_surface_get_height (image), ==, height * scale);
        assert_same_pixels (image, reference);
        cairo_surface_destroy (image);

        /* Rows drawn a few at a time, from the last, over whatever the
         * memory held: the same pixels. */
        image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
        memset (cairo_image_surface_get_data (image), 0xab,
                (gsize) cairo_image_surface_get_stride (image) * height * scale);
        cairo_surface_mark_dirty (image);
        cairo_surface_set_device_scale (image, scale, scale);
        {
          guint rows = bloom_grid_count_rows (&geometry, cases[c].m);

          for (guint end = rows, run = 1; end > 0; run = run % 3 + 1)
            {
              guint first = end > run ? end - run : 0;

              bloom_grid_draw_cells_rows (image, filter, layout, &geometry, &colors[f], first, end);
              end = first;
            }
        }
        if (cases[c].cell == 10)
          {
            int text_height;

            pango_layout_set_text (layout, "0", -1);
            pango_layout_get_pixel_size (layout, NULL, &text_height);
            g_assert_cmpint (text_height, >, (int) geometry.cell);
          }
        assert_same_pixels (image, reference);
        cairo_surface_destroy (image);
        cairo_surface_destroy (reference);
      }

  g_object_unref (context);
}

static BloomGridGeometry
cells_test_geometry (guint columns)
{
  BloomGridGeometry geometry = {
    .cell = 24, .gap = 4, .group_gap = 8, .label_width = 44, .top = 20, .columns = columns,
  };

  geometry.inner = geometry.cell - geometry.gap;
  geometry.mark = geometry.inner / 5;

  return geometry;
}

/* @node paints the cells of @filter at @geometry as a picture does, at
 * @scale. */
static void
assert_cells_node_at_scale (GskRenderNode           *node,
                            BloomFilter             *filter,
                            PangoLayout             *layout,
                            const BloomGridGeometry *geometry,
                            const GdkRGBA           *color,
                            int                      scale)
{
  cairo_surface_t *image, *reference;
  cairo_t *cr;
  int width, height;

  bloom_grid_get_cells_size (filter, geometry, &width, &height);
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  reference = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cairo_surface_set_device_scale (image, scale, scale);
  cairo_surface_set_device_scale (reference, scale, scale);
  cr = cairo_create (image);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cr = cairo_create (reference);
  bloom_grid_paint_cells (cr, filter, layout, geometry, color);
  cairo_destroy (cr);
  assert_same_pixels (image, reference);
  cairo_surface_destroy (image);
  cairo_surface_destroy (reference);
}

static void
assert_cells_node (GskRenderNode           *node,
                   BloomFilter             *filter,
                   PangoLayout             *layout,
                   const BloomGridGeometry *geometry,
                   const GdkRGBA           *color)
{
  assert_cells_node_at_scale (node, filter, layout, geometry, color, 1);
}

/* What @node draws, in an image of its size. */
static cairo_surface_t *
draw_node (GskRenderNode *node)
{
  graphene_rect_t bounds;
  cairo_surface_t *image;
  cairo_t *cr;

  gsk_render_node_get_bounds (node, &bounds);
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, ceilf (bounds.size.width),
                                      ceilf (bounds.size.height));
  cr = cairo_create (image);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);

  return image;
}

static void
insert_numbered (BloomSession *session,
                 guint         from,
                 guint         to)
{
  for (guint i = from; i < to; i++)
    {
      g_autofree char *text = g_strdup_printf ("string %u", i);

      g_assert_nonnull (bloom_session_insert (session, text, -1, NULL));
    }
}

/* The grid's cells take turns between two images: a change is drawn on
 * the one no frame shows any more (GTK keeps the last frame's node until
 * the next is drawn, and a node reads its image when it is drawn); a new
 * size reuses the images' pixels; after a new layout, the other image is
 * drawn whole in an idle moment, so that the next operation draws only
 * its squares. Every node paints what a picture of its filter paints,
 * including older nodes kept alive. */
static void
test_grid_cells_take_turns (void)
{
  const GdkRGBA color = { 0.2f, 0.2f, 0.2f, 1.0f };
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  g_autoptr(PangoLayout) layout = pango_layout_new (context);
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomGridCells) cells = bloom_grid_cells_new ();
  BloomGridGeometry narrow = cells_test_geometry (16), wide = cells_test_geometry (40);
  BloomGridCellsStats stats;
  GskRenderNode *shown, *older;
  BloomFilter *filter;
  cairo_surface_t *before;

  g_assert_true (bloom_session_create_filter (session, 400, 3, NULL));
  insert_numbered (session, 0, 20);
  filter = bloom_session_get_filter (session);

  /* As GTK holds it: until the next frame is drawn. */
  older = gsk_render_node_ref (bloom_grid_cells_get_node (cells, filter, layout, &narrow, 1, &color, 0, G_MAXUINT));
  assert_cells_node (older, filter, layout, &narrow, &color);
  before = draw_node (older);

  /* Nothing changed: the same node. */
  g_assert_true (bloom_grid_cells_get_node (cells, filter, layout, &narrow, 1, &color, 0, G_MAXUINT) == older);

  /* The other image, drawn whole in an idle moment, takes the change;
   * the older node still shows what it showed. */
  g_assert_true (bloom_grid_cells_needs_spare (cells));
  g_assert_true (bloom_grid_cells_prepare_spare (cells, layout));
  g_assert_false (bloom_grid_cells_needs_spare (cells));
  insert_numbered (session, 20, 40);
  shown = gsk_render_node_ref (bloom_grid_cells_get_node (cells, filter, layout, &narrow, 1, &color, 0, G_MAXUINT));
  g_assert_true (shown != older);
  assert_cells_node (shown, filter, layout, &narrow, &color);
  bloom_grid_cells_get_stats (cells, &stats);
  g_assert_cmpuint (stats.allocations, ==, 2);
  g_assert_cmpuint (stats.whole_drawings, ==, 2);
  g_assert_cmpuint (stats.drawn_while_shown, ==, 0);
  {
    cairo_surface_t *now = draw_node (older);

    assert_same_pixels (now, before);
    cairo_surface_destroy (now);
  }

  /* Frames go by: each change goes to the image the last but one frame
   * showed, square by square. */
  for (guint round = 0; round < 4; round++)
    {
      gsk_render_node_unref (older);
      older = shown;
      insert_numbered (session, 40 + round * 10, 50 + round * 10);
      shown = gsk_render_node_ref (bloom_grid_cells_get_node (cells, filter, layout, &narrow, 1, &color, 0, G_MAXUINT));
      assert_cells_node (shown, filter, layout, &narrow, &color);
    }
  bloom_grid_cells_get_stats (cells, &stats);
  g_assert_cmpuint (stats.allocations, ==, 2);
  g_assert_cmpuint (stats.whole_drawings, ==, 2);
  g_assert_cmpuint (stats.drawn_while_shown, ==, 0);

  /* Resizes back and forth, each followed by its idle moment: the images
   * keep their pixels once each has had the larger size. */
  for (guint round = 0; round < 6; round++)
    {
      const BloomGridGeometry *geometry = round % 2 == 0 ? &wide : &narrow;

      gsk_render_node_unref (older);
      older = shown;
      shown = gsk_render_node_ref (bloom_grid_cells_get_node (cells, filter, layout, geometry, 1, &color, 0, G_MAXUINT));
      assert_cells_node (shown, filter, layout, geometry, &color);
      gsk_render_node_unref (older);
      older = gsk_render_node_ref (shown);
      g_assert_true (bloom_grid_cells_prepare_spare (cells, layout));
    }
  bloom_grid_cells_get_stats (cells, &stats);
  g_assert_cmpuint (stats.allocations, <=, 4);
  g_assert_cmpuint (stats.drawn_while_shown, ==, 0);

  /* Both images still shown (a frame not drawn yet): the third node gets
   * new pixels, and the two older ones still show what they showed. */
  gsk_render_node_unref (older);
  older = shown;
  insert_numbered (session, 100, 110);
  shown = gsk_render_node_ref (bloom_grid_cells_get_node (cells, filter, layout, &narrow, 1, &color, 0, G_MAXUINT));
  insert_numbered (session, 110, 120);
  {
    GskRenderNode *live[] = { older, shown };
    cairo_surface_t *drawn[G_N_ELEMENTS (live)];
    GskRenderNode *newest;

    for (guint i = 0; i < G_N_ELEMENTS (live); i++)
      drawn[i] = draw_node (live[i]);
    newest = bloom_grid_cells_get_node (cells, filter, layout, &narrow, 1, &color, 0, G_MAXUINT);
    assert_cells_node (newest, filter, layout, &narrow, &color);
    for (guint i = 0; i < G_N_ELEMENTS (live); i++)
      {
        cairo_surface_t *now = draw_node (live[i]);

        assert_same_pixels (now, drawn[i]);
        cairo_surface_destroy (now);
        cairo_surface_destroy (drawn[i]);
      }
  }
  bloom_grid_cells_get_stats (cells, &stats);
  g_assert_cmpuint (stats.drawn_while_shown, ==, 1);

  /* A window moved to a screen of scale 2: drawn anew in device pixels. */
  gsk_render_node_unref (older);
  older = shown;
  shown = gsk_render_node_ref (bloom_grid_cells_get_node (cells, filter, layout, &narrow, 2, &color, 0, G_MAXUINT));
  assert_cells_node_at_scale (shown, filter, layout, &narrow, &color, 2);
  gsk_render_node_unref (older);
  older = gsk_render_node_ref (shown);
  g_assert_true (bloom_grid_cells_prepare_spare (cells, layout));
  insert_numbered (session, 120, 130);
  gsk_render_node_unref (older);
  older = shown;
  shown = gsk_render_node_ref (bloom_grid_cells_get_node (cells, filter, layout, &narrow, 2, &color, 0, G_MAXUINT));
  assert_cells_node_at_scale (shown, filter, layout, &narrow, &color, 2);

  gsk_render_node_unref (older);
  gsk_render_node_unref (shown);
  cairo_surface_destroy (before);
  g_object_unref (context);
}

/* The cells' node reads its image when it is drawn: cairo keeps no copy
 * of it, which it used to make (2.6 MB at m = 1024, into fresh memory)
 * when the image was next drawn on or freed. And a node still alive when
 * the grid lets go of its images keeps their pixels. */
static void
test_grid_image_read_when_drawn (void)
{
  const GdkRGBA color = { 0.2f, 0.2f, 0.2f, 1.0f };
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  g_autoptr(PangoLayout) layout = pango_layout_new (context);
  g_autoptr(BloomSession) session = bloom_session_new ();
  BloomGridGeometry geometry = cells_test_geometry (40);
  cairo_surface_t *image, *drawn, *expected, *now;
  BloomGridCells *cells;
  GskRenderNode *node;
  cairo_t *cr;
  gsize size;
  guchar *reused;

  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 40, 20);
  node = bloom_grid_draw_image (image, 40, 20);
  cr = cairo_create (image);
  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (image);
  drawn = draw_node (node);
  g_assert_cmphex (((guint32 *) cairo_image_surface_get_data (drawn))[5 * 40 + 5], ==, 0xffff0000);
  cairo_surface_destroy (drawn);
  gsk_render_node_unref (node);

  g_assert_true (bloom_session_create_filter (session, 1024, 3, NULL));
  insert_numbered (session, 0, 100);
  cells = bloom_grid_cells_new ();
  node = gsk_render_node_ref (bloom_grid_cells_get_node (cells, bloom_session_get_filter (session),
                                                         layout, &geometry, 1, &color, 0, G_MAXUINT));
  expected = draw_node (node);
  size = (gsize) cairo_image_surface_get_stride (expected) * cairo_image_surface_get_height (expected);
  bloom_grid_cells_free (cells);
  /* Memory the pixels had may be given out again. */
  reused = g_malloc (size);
  memset (reused, 0xff, size);
  now = draw_node (node);
  assert_same_pixels (now, expected);

  g_free (reused);
  cairo_surface_destroy (now);
  cairo_surface_destroy (expected);
  gsk_render_node_unref (node);
  g_object_unref (context);
}

/* The pixel rows of @image and @reference (the same size) that rows
 * [@first_row, @end_row) of the grid at @geometry cover, at scale 1. */
static void
assert_same_rows (cairo_surface_t         *image,
                  cairo_surface_t         *reference,
                  const BloomGridGeometry *geometry,
                  guint                    first_row,
                  guint                    end_row)
{
  int stride = cairo_image_surface_get_stride (image);
  int top = bloom_grid_row_y (geometry, first_row);
  int bottom = bloom_grid_row_y (geometry, end_row - 1) + geometry->inner;

  cairo_surface_flush (image);
  cairo_surface_flush (reference);
  g_assert_cmpint (stride, ==, cairo_image_surface_get_stride (reference));
  g_assert_cmpint (bottom, <=, cairo_image_surface_get_height (image));
  g_assert_cmpmem (cairo_image_surface_get_data (image) + (gsize) top * stride, (gsize) (bottom - top) * stride,
                   cairo_image_surface_get_data (reference) + (gsize) top * stride, (gsize) (bottom - top) * stride);
}

/* The picture of @filter's cells at @geometry, at scale 1. */
static cairo_surface_t *
paint_cells_picture (BloomFilter             *filter,
                     PangoLayout             *layout,
                     const BloomGridGeometry *geometry,
                     const GdkRGBA           *color)
{
  cairo_surface_t *picture;
  cairo_t *cr;
  int width, height;

  bloom_grid_get_cells_size (filter, geometry, &width, &height);
  picture = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (picture);
  bloom_grid_paint_cells (cr, filter, layout, geometry, color);
  cairo_destroy (cr);

  return picture;
}

/* The cells draw only the rows asked for (those the grid's area shows),
 * each once per image; rows asked for later are drawn then, under a new
 * node, and the spare image gets the rows asked for last. Each node
 * shows its rows as a picture does. */
static void
test_grid_cells_rows (void)
{
  const GdkRGBA color = { 0.2f, 0.2f, 0.2f, 1.0f };
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  g_autoptr(PangoLayout) layout = pango_layout_new (context);
  g_autoptr(BloomSession) session = bloom_session_new ();
  g_autoptr(BloomGridCells) cells = bloom_grid_cells_new ();
  BloomGridGeometry geometry = cells_test_geometry (16);
  BloomGridCellsStats stats;
  cairo_surface_t *picture, *drawn;
  GskRenderNode *first, *second;
  BloomFilter *filter;

  /* 400 bits: 25 rows. */
  g_assert_true (bloom_session_create_filter (session, 400, 3, NULL));
  insert_numbered (session, 0, 60);
  filter = bloom_session_get_filter (session);
  picture = paint_cells_picture (filter, layout, &geometry, &color);

  first = gsk_render_node_ref (bloom_grid_cells_get_node (cells, filter, layout, &geometry, 1, &color, 2, 5));
  bloom_grid_cells_get_stats (cells, &stats);
  g_assert_cmpuint (stats.rows_drawn, ==, 3);
  drawn = draw_node (first);
  assert_same_rows (drawn, picture, &geometry, 2, 5);
  cairo_surface_destroy (drawn);

  /* Scrolled: the rows that came into view, under a new node. */
  second = gsk_render_node_ref (bloom_grid_cells_get_node (cells, filter, layout, &geometry, 1, &color, 4, 9));
  g_assert_true (second != first);
  bloom_grid_cells_get_stats (cells, &stats);
  g_assert_cmpuint (stats.rows_drawn, ==, 7);
  g_assert_cmpuint (stats.whole_drawings, ==, 1);
  drawn = draw_node (second);
  assert_same_rows (drawn, picture, &geometry, 2, 9);
  cairo_surface_destroy (drawn);
  g_assert_true (bloom_grid_cells_get_node (cells, filter, layout, &geometry, 1, &color, 3, 8) == second);
  bloom_grid_cells_get_stats (cells, &stats);
  g_assert_cmpuint (stats.rows_drawn, ==, 7);

  /* The spare image: the rows asked for last. */
  gsk_render_node_unref (first);
  g_assert_true (bloom_grid_cells_prepare_spare (cells, layout));
  bloom_grid_cells_get_stats (cells, &stats);
  g_assert_cmpuint (stats.rows_drawn, ==, 12);

  /* A change goes to the spare square by square, and the rows it lacks
   * are drawn whole. */
  insert_numbered (session, 60, 90);
  cairo_surface_destroy (picture);
  picture = paint_cells_picture (filter, layout, &geometry, &color);
  first = second;
  second = gsk_render_node_ref (bloom_grid_cells_get_node (cells, filter, layout, &geometry, 1, &color, 3, 10));
  g_assert_true (second != first);
  bloom_grid_cells_get_stats (cells, &stats);
  g_assert_cmpuint (stats.rows_drawn, ==, 14);
  g_assert_cmpuint (stats.whole_drawings, ==, 2);
  drawn = draw_node (second);
  assert_same_rows (drawn, picture, &geometry, 3, 10);
  cairo_surface_destroy (drawn);

  /* All of them. */
  gsk_render_node_unref (first);
  first = second;
  second = gsk_render_node_ref (bloom_grid_cells_get_node (cells, filter, layout, &geometry, 1, &color, 0, G_MAXUINT));
  assert_cells_node (second, filter, layout, &geometry, &color);

  gsk_render_node_unref (first);
  gsk_render_node_unref (second);
  cairo_surface_destroy (picture);
  g_object_unref (context);
}

/* A moment after Create, the grid has its second image ready: the first
 * insert redraws only its squares, and so do the next. */
static void
test_grid_first_insert_squares_only (Fixture       *fixture,
                                     gconstpointer  data)
{
  BloomBitGrid *grid = BLOOM_BIT_GRID (child (fixture, "grid"));
  BloomGridCellsStats before, after;

  create_filter (fixture, "1024", "12");
  wait_for_draw (fixture);
  run_for (300);
  bloom_bit_grid_get_cells_stats (grid, &before);
  g_assert_cmpuint (before.whole_drawings, >=, 1);

  run (fixture, "filter.insert", "apple");
  wait_for_draw (fixture);
  run (fixture, "filter.insert", "banana");
  wait_for_draw (fixture);
  bloom_bit_grid_get_cells_stats (grid, &after);
  g_assert_cmpuint (after.whole_drawings, ==, before.whole_drawings);
  g_assert_cmpuint (after.allocations, ==, before.allocations);
  g_assert_cmpuint (after.drawn_while_shown, ==, 0);
}

/* The grid's node of the marks (frames, for the renderer) paints the
 * pixels that painting them on a cairo context (pictures) paints: every
 * frame, the ring of the newest step while stepping, nothing for a
 * repeat, at scale 1 and 2. */
static void
test_grid_marks_node (void)
{
  struct { guint cell, n_steps; gboolean stepping; guint32 repeats; int scale; } cases[] = {
    { 24, 12, FALSE, 0, 1 },
    { 24, 5, TRUE, 0, 1 },
    { 48, 7, TRUE, 1u << 3, 2 },
    { 26, 3, FALSE, 1u << 1, 2 },
    { 24, 1, TRUE, 0, 1 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      BloomGridMarks marks = { 0 };
      BloomGridGeometry *geometry = &marks.geometry;
      g_autoptr(GskRenderNode) node = NULL;
      cairo_surface_t *image, *reference;
      cairo_t *cr;
      int width, height, scale = cases[c].scale;

      geometry->cell = cases[c].cell;
      geometry->gap = MAX (3, cases[c].cell / 6);
      geometry->group_gap = MAX (3, cases[c].cell / 3);
      geometry->inner = geometry->cell - geometry->gap;
      geometry->mark = MAX (2, geometry->inner / 5);
      geometry->label_width = 44;
      geometry->top = 20;
      geometry->columns = 16;
      marks.n_steps = cases[c].n_steps;
      marks.stepping = cases[c].stepping;
      marks.repeats = cases[c].repeats;
      for (guint step = 0; step < marks.n_steps; step++)
        marks.positions[step] = (step * 37 + 5) % 100;
      /* A repeat frames a position that an earlier step framed. */
      for (guint step = 1; step < marks.n_steps; step++)
        if (marks.repeats & (1u << step))
          marks.positions[step] = marks.positions[step - 1];

      width = bloom_grid_width_for_columns (geometry, geometry->columns) + geometry->cell;
      height = bloom_grid_row_y (geometry, 100 / geometry->columns + 1) + geometry->cell;
      image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
      reference = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
      cairo_surface_set_device_scale (image, scale, scale);
      cairo_surface_set_device_scale (reference, scale, scale);

      node = bloom_grid_draw_marks (&marks);
      cr = cairo_create (image);
      gsk_render_node_draw (node, cr);
      cairo_destroy (cr);
      cr = cairo_create (reference);
      bloom_grid_paint_marks (cr, &marks);
      cairo_destroy (cr);
      assert_same_pixels (image, reference);
      cairo_surface_destroy (image);
      cairo_surface_destroy (reference);
    }
}

int
main (int   argc,
      char *argv[])
{
  test_isolate_environment ();
  g_log_set_writer_func (write_log, NULL, NULL);
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/teaching/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  g_test_add_func ("/teaching/grid-cells-image", test_grid_cells_image);
  g_test_add_func ("/teaching/grid-marks-node", test_grid_marks_node);
  g_test_add_func ("/teaching/grid-cells-take-turns", test_grid_cells_take_turns);
  g_test_add_func ("/teaching/grid-image-read-when-drawn", test_grid_image_read_when_drawn);
  g_test_add_func ("/teaching/grid-cells-rows", test_grid_cells_rows);
  ADD ("step-through", test_step_through);
  ADD ("step-through-query", test_step_through_query);
  ADD ("grid-marks", test_grid_marks);
  ADD ("grid-first-insert-squares-only", test_grid_first_insert_squares_only);
  ADD ("grid-readable", test_grid_readable);
  ADD ("grid-marks-apart", test_grid_marks_apart);
  ADD ("grid-cursor-with-focus", test_grid_cursor_with_focus);
  ADD ("grid-index-labels", test_grid_index_labels);
  ADD ("step-through-new-operation", test_step_through_new_operation);
  ADD ("grid-focus-order", test_grid_focus_order);
  ADD ("bit-cursor", test_bit_cursor);
  ADD ("set-by-column", test_set_by_column);
  ADD ("sizing-dialog", test_sizing_dialog);
  ADD ("sizing-dialog-fits", test_sizing_dialog_fits);
  ADD ("shortcuts-window", test_shortcuts_window);
  ADD ("rate-plot", test_rate_plot);
  ADD ("details-rates", test_details_rates);
  ADD ("entries", test_entries);
  ADD ("shortcuts-documented", test_shortcuts_documented);

#undef ADD

  return g_test_run ();
}
