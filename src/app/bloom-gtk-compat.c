/* bloom-gtk-compat.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-gtk-compat"

#include "config.h"

#include "bloom-gtk-compat.h"

/* Light or dark.
 *
 * Up to GTK 4.18 the built-in theme takes its dark variant when
 * gtk-application-prefer-dark-theme is set; nothing in GTK reads the
 * desktop's preference for it. GTK 4.20 deprecates that setting for
 * gtk-interface-color-scheme, which GTK fills from the Settings portal
 * itself and its theme follows; the app sets it to the same preference,
 * read the same way (bloom-color-scheme.c), so both agree. */
void
bloom_gtk_compat_set_prefer_dark (GtkSettings *settings,
                                  gboolean     dark)
{
  g_return_if_fail (GTK_IS_SETTINGS (settings));

#if GTK_CHECK_VERSION (4, 20, 0)
  g_object_set (settings, "gtk-interface-color-scheme",
                dark ? GTK_INTERFACE_COLOR_SCHEME_DARK : GTK_INTERFACE_COLOR_SCHEME_LIGHT,
                NULL);
#else
  g_object_set (settings, "gtk-application-prefer-dark-theme", dark, NULL);
#endif
}

gboolean
bloom_gtk_compat_get_prefer_dark (GtkSettings *settings)
{
  g_return_val_if_fail (GTK_IS_SETTINGS (settings), FALSE);

#if GTK_CHECK_VERSION (4, 20, 0)
  {
    GtkInterfaceColorScheme scheme = GTK_INTERFACE_COLOR_SCHEME_DEFAULT;

    g_object_get (settings, "gtk-interface-color-scheme", &scheme, NULL);
    return scheme == GTK_INTERFACE_COLOR_SCHEME_DARK;
  }
#else
  {
    gboolean dark = FALSE;

    g_object_get (settings, "gtk-application-prefer-dark-theme", &dark, NULL);
    return dark;
  }
#endif
}
