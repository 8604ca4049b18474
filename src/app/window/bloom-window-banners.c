/* bloom-window-banners.c — what the window's banners show (a session
 * that could not be stored or read, another Bloom Lab's session, a
 * session kept aside, what an import or export did), built from
 * bloom-window-banners.ui when its banner is first shown: the template
 * holds only their revealers, so a start without a message builds none
 * of it (issue 27: the first frame builds only what it shows).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include "bloom-window-private.h"

#define BANNERS_RESOURCE "/io/github/bloomlab/BloomLab/ui/bloom-window-banners.ui"

typedef struct
{
  gsize       revealer;   /* offset in BloomWindow */
  const char *banner_id;  /* the revealer's child in the .ui */
} Banner;

static const Banner banners[] = {
  { G_STRUCT_OFFSET (BloomWindow, storage_revealer), "storage_banner" },
  { G_STRUCT_OFFSET (BloomWindow, conflict_revealer), "conflict_banner" },
  { G_STRUCT_OFFSET (BloomWindow, recovery_revealer), "recovery_banner" },
  { G_STRUCT_OFFSET (BloomWindow, file_revealer), "file_banner" },
};

/* The widgets of a banner the window changes, by their ids. */
typedef struct
{
  const char *banner_id;
  const char *id;
  gsize       field;      /* offset in BloomWindow */
} Part;

static const Part parts[] = {
  { "storage_banner", "storage_label", G_STRUCT_OFFSET (BloomWindow, storage_label) },
  { "storage_banner", "retry_button", G_STRUCT_OFFSET (BloomWindow, retry_button) },
  { "storage_banner", "storage_export_button", G_STRUCT_OFFSET (BloomWindow, storage_export_button) },
  { "storage_banner", "save_copy_button", G_STRUCT_OFFSET (BloomWindow, save_copy_button) },
  { "storage_banner", "dismiss_storage_button", G_STRUCT_OFFSET (BloomWindow, dismiss_storage_button) },
  { "recovery_banner", "recovery_label", G_STRUCT_OFFSET (BloomWindow, recovery_label) },
  { "file_banner", "file_banner", G_STRUCT_OFFSET (BloomWindow, file_banner) },
  { "file_banner", "file_icon", G_STRUCT_OFFSET (BloomWindow, file_icon) },
  { "file_banner", "file_label", G_STRUCT_OFFSET (BloomWindow, file_label) },
};

#define BANNER_REVEALER(self, banner) G_STRUCT_MEMBER (GtkRevealer *, (self), (banner)->revealer)
#define PART_FIELD(self, part)        G_STRUCT_MEMBER (gpointer, (self), (part)->field)

static void
build (BloomWindow  *self,
       const Banner *banner)
{
  g_autoptr(GtkBuilder) builder = _bloom_window_build_from_resource (BANNERS_RESOURCE,
                                                                     banner->banner_id);

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (g_str_equal (parts[i].banner_id, banner->banner_id))
      {
        PART_FIELD (self, &parts[i]) = gtk_builder_get_object (builder, parts[i].id);
        g_assert (PART_FIELD (self, &parts[i]) != NULL);
      }

  gtk_revealer_set_child (BANNER_REVEALER (self, banner),
                          GTK_WIDGET (gtk_builder_get_object (builder, banner->banner_id)));
}

/* What the banner of @revealer shows, built if it is not yet. */
void
_bloom_window_ensure_banner (BloomWindow *self,
                             GtkRevealer *revealer)
{
  for (guint i = 0; i < G_N_ELEMENTS (banners); i++)
    if (BANNER_REVEALER (self, &banners[i]) == revealer)
      {
        if (gtk_revealer_get_child (revealer) == NULL)
          build (self, &banners[i]);
        return;
      }

  g_assert_not_reached ();
}

/* The banners' widgets go with their revealers, which the template
 * disposes: nothing may reach them after. */
void
_bloom_window_forget_banners (BloomWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    PART_FIELD (self, &parts[i]) = NULL;
}

/**
 * bloom_window_build_banners:
 * @self: a #BloomWindow
 *
 * Builds what every banner shows now, as showing each would, without
 * showing any: for whoever looks for their widgets by name, such as the
 * tests.
 */
void
bloom_window_build_banners (BloomWindow *self)
{
  g_return_if_fail (BLOOM_IS_WINDOW (self));

  for (guint i = 0; i < G_N_ELEMENTS (banners); i++)
    _bloom_window_ensure_banner (self, BANNER_REVEALER (self, &banners[i]));
}
