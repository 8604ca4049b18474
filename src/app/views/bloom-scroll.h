/* bloom-scroll.h — what is talked about stays on screen: scrolling the
 * scrolled windows around a widget the smallest distance that shows part
 * of it, once the layout is done; and an inner scrolled area that hands
 * the wheel on to the page at its end
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Fills @area (in @widget's coordinates) with what is to be shown;
 * FALSE when the widget cannot tell yet, as when a new size of its own
 * is still to come: it is asked again in the next frame. */
/* Two requests in one frame that cannot both be shown: the primary one,
 * shown last, wins (the grid's cell over the hash table's row); one with
 * a core wins only as far as its core needs (the operation's first mark
 * under its card). */
typedef enum
{
  BLOOM_SCROLL_SECONDARY,
  BLOOM_SCROLL_PRIMARY,
} BloomScrollPriority;

typedef gboolean (*BloomScrollAreaFunc) (GtkWidget       *widget,
                                         graphene_rect_t *area);
/* The same, and in @core the part of @area that must show when not all
 * of it can (see bloom_scroll_show_later_with_core()); left empty, there
 * is none. */
typedef gboolean (*BloomScrollCoreFunc) (GtkWidget       *widget,
                                         graphene_rect_t *area,
                                         graphene_rect_t *core);

gboolean bloom_scroll_show_area (GtkWidget             *widget,
                                 const graphene_rect_t *area);
void bloom_scroll_show_later   (GtkWidget           *widget,
                                BloomScrollAreaFunc  area_func,
                                BloomScrollPriority  priority);
void bloom_scroll_show_later_with_core (GtkWidget           *widget,
                                        BloomScrollCoreFunc  core_func,
                                        BloomScrollPriority  priority);
gboolean bloom_scroll_whole_widget (GtkWidget       *widget,
                                    graphene_rect_t *area);
void bloom_scroll_chain_to_page (GtkScrolledWindow  *inner);

G_END_DECLS
