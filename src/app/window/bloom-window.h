/* bloom-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "bloom-model.h"
#include "bloom-picture.h"
#include "bloom-session-store.h"

G_BEGIN_DECLS

#define BLOOM_TYPE_WINDOW (bloom_window_get_type ())

/* The page's zoom, in percent (bloom-window-zoom.c has the steps). */
#define BLOOM_WINDOW_ZOOM_DEFAULT 100
#define BLOOM_WINDOW_ZOOM_MIN     50
#define BLOOM_WINDOW_ZOOM_MAX     300

G_DECLARE_FINAL_TYPE (BloomWindow, bloom_window, BLOOM, WINDOW, GtkApplicationWindow)

BloomWindow  *bloom_window_new         (GtkApplication    *application,
                                        BloomSessionStore *store);
BloomSession *bloom_window_get_session (BloomWindow    *self);
void          bloom_window_import_file (BloomWindow    *self,
                                        GFile          *file);
void          bloom_window_open_file   (BloomWindow    *self,
                                        GFile          *file);
void          bloom_window_open_lecture (BloomWindow   *self,
                                         GFile         *file);
void          bloom_window_export_file (BloomWindow    *self,
                                        GFile          *file);
void          bloom_window_export_picture (BloomWindow        *self,
                                           BloomPictureKind    kind,
                                           BloomPictureFormat  format,
                                           int                 scale,
                                           GFile              *file);
void          bloom_window_export_picture_with_caption (BloomWindow        *self,
                                                        BloomPictureKind    kind,
                                                        BloomPictureFormat  format,
                                                        int                 scale,
                                                        const char         *caption,
                                                        GFile              *file);
guint         bloom_window_get_zoom    (BloomWindow    *self);
void          bloom_window_set_zoom    (BloomWindow    *self,
                                        guint           zoom);
void          bloom_window_build_sections (BloomWindow *self);
void          bloom_window_build_banners  (BloomWindow *self);

G_END_DECLS
