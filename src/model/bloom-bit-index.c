/* bloom-bit-index.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-bit-index"

#include "config.h"

#include "bloom-bit-index.h"

#define NO_LINK G_MAXUINT

/* One list per bit (BitSetters), threaded through one array of links
 * (SetterLink), so that an insert appends k links and seldom allocates. */
typedef struct
{
  guint first;   /* links of this bit, or NO_LINK */
  guint last;
  guint count;
} BitSetters;

typedef struct
{
  guint entry;
  guint next;    /* the next link of the same bit, or NO_LINK */
} SetterLink;

struct _BloomBitIndex
{
  GArray *bit_setters;    /* BitSetters, grown to m on the first add */
  GArray *setter_links;   /* SetterLink */
};

BloomBitIndex *
bloom_bit_index_new (void)
{
  BloomBitIndex *self = g_new (BloomBitIndex, 1);

  self->bit_setters = g_array_new (FALSE, FALSE, sizeof (BitSetters));
  self->setter_links = g_array_new (FALSE, FALSE, sizeof (SetterLink));

  return self;
}

void
bloom_bit_index_free (BloomBitIndex *self)
{
  if (self == NULL)
    return;

  g_array_unref (self->bit_setters);
  g_array_unref (self->setter_links);
  g_free (self);
}

/* The setters of @bit; none when no entry sets it. */
static BitSetters
get_setters (BloomBitIndex *self,
             guint          bit)
{
  if (bit < self->bit_setters->len)
    return g_array_index (self->bit_setters, BitSetters, bit);

  return (BitSetters) { NO_LINK, NO_LINK, 0 };
}

/* Entry @entry, just added to a filter of @m bits, sets @positions; a
 * position that repeats within it counts once. The arrays are sized once
 * per entry, not once per link. */
void
bloom_bit_index_add (BloomBitIndex *self,
                     guint          m,
                     guint          entry,
                     const guint16 *positions,
                     guint          n_positions)
{
  guint n_links = self->setter_links->len;

  if (self->bit_setters->len < m)
    {
      guint old_len = self->bit_setters->len;

      g_array_set_size (self->bit_setters, m);
      for (guint bit = old_len; bit < m; bit++)
        g_array_index (self->bit_setters, BitSetters, bit) = (BitSetters) { NO_LINK, NO_LINK, 0 };
    }

  g_array_set_size (self->setter_links, n_links + n_positions);

  for (guint i = 0; i < n_positions; i++)
    {
      BitSetters *bit = &g_array_index (self->bit_setters, BitSetters, positions[i]);

      if (bit->last != NO_LINK)
        {
          SetterLink *last = &g_array_index (self->setter_links, SetterLink, bit->last);

          if (last->entry == entry)
            continue;
          last->next = n_links;
        }
      else
        bit->first = n_links;

      g_array_index (self->setter_links, SetterLink, n_links) = (SetterLink) { entry, NO_LINK };
      bit->last = n_links;
      bit->count++;
      n_links++;
    }

  g_array_set_size (self->setter_links, n_links);
}

/* The entries, in insertion order, whose positions include @bit. NULL
 * when there are none; free with g_free(). */
guint *
bloom_bit_index_get_setters (BloomBitIndex *self,
                             guint          bit,
                             guint         *n_setters)
{
  BitSetters setters = get_setters (self, bit);
  guint *entries;
  guint link;

  *n_setters = 0;

  if (setters.count == 0)
    return NULL;

  entries = g_new (guint, setters.count);
  link = setters.first;
  for (guint i = 0; i < setters.count; i++)
    {
      const SetterLink *setter = &g_array_index (self->setter_links, SetterLink, link);

      entries[i] = setter->entry;
      link = setter->next;
    }
  g_assert (link == NO_LINK);
  *n_setters = setters.count;

  return entries;
}

/* The first entry in insertion order whose positions include @bit. FALSE
 * when no entry's do. */
gboolean
bloom_bit_index_get_first_setter (BloomBitIndex *self,
                                  guint          bit,
                                  guint         *entry)
{
  BitSetters setters = get_setters (self, bit);

  if (setters.count == 0)
    return FALSE;

  if (entry != NULL)
    *entry = g_array_index (self->setter_links, SetterLink, setters.first).entry;

  return TRUE;
}
