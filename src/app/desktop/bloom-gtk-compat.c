/* bloom-gtk-compat.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-gtk-compat"

#include "config.h"

#include "bloom-gtk-compat.h"

/* The colour @widget's CSS gives its content: GTK 4.10 deprecates the
 * style context that 4.8 has for it. */
void
bloom_gtk_widget_get_color (GtkWidget *widget,
                            GdkRGBA   *color)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (color != NULL);

#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), color);
#endif
}

/* @point of @widget in @target's coordinates; FALSE when the two share no
 * ancestor. gtk_widget_compute_point() is GTK 4.12's, and deprecates
 * gtk_widget_translate_coordinates(). */
gboolean
bloom_gtk_widget_compute_point (GtkWidget              *widget,
                                GtkWidget              *target,
                                const graphene_point_t *point,
                                graphene_point_t       *out_point)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (GTK_IS_WIDGET (target), FALSE);
  g_return_val_if_fail (point != NULL && out_point != NULL, FALSE);

#if GTK_CHECK_VERSION (4, 12, 0)
  return gtk_widget_compute_point (widget, target, point, out_point);
#else
  {
    double x, y;

    if (!gtk_widget_translate_coordinates (widget, target, point->x, point->y, &x, &y))
      return FALSE;
    graphene_point_init (out_point, x, y);

    return TRUE;
  }
#endif
}

/* Style sheet text, NUL-terminated: GTK 4.12 has a function for a string
 * and deprecates the one for data with a length. */
void
bloom_gtk_css_provider_load_string (GtkCssProvider *provider,
                                    const char     *css)
{
  g_return_if_fail (GTK_IS_CSS_PROVIDER (provider));
  g_return_if_fail (css != NULL);

#if GTK_CHECK_VERSION (4, 12, 0)
  gtk_css_provider_load_from_string (provider, css);
#else
  gtk_css_provider_load_from_data (provider, css, -1);
#endif
}

/* A file picked for opening or saving, modal to @parent: GtkFileDialog
 * from GTK 4.10, GtkFileChooserNative before (which 4.10 deprecates).
 * Both go through the file chooser portal inside a Flatpak. */
typedef struct
{
  BloomGtkFileChosen chosen;
  gpointer           user_data;
} FileChoice;

#if GTK_CHECK_VERSION (4, 10, 0)
static void
file_dialog_done (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  GtkFileDialog *dialog = GTK_FILE_DIALOG (source);
  FileChoice *choice = user_data;
  g_autoptr(GFile) file = NULL;

  if (g_object_get_data (source, "bloom-save") != NULL)
    file = gtk_file_dialog_save_finish (dialog, result, NULL);
  else
    file = gtk_file_dialog_open_finish (dialog, result, NULL);

  choice->chosen (file, choice->user_data);
  g_free (choice);
}
#else
static void
file_chooser_response (GtkNativeDialog *native,
                       int              response,
                       gpointer         user_data)
{
  FileChoice *choice = user_data;
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

  choice->chosen (file, choice->user_data);
  g_free (choice);
  g_object_unref (native);
}
#endif

/**
 * bloom_gtk_choose_file:
 * @parent: the window the chooser is modal to
 * @save: %TRUE to pick a file to save to, %FALSE one to open
 * @title: the chooser's title
 * @accept_label: (nullable): its button's label, with a mnemonic
 * @initial_name: (nullable): the name offered when saving
 * @filters: the choice of file filters, #GtkFileFilter items
 * @chosen: called once with the file, or %NULL when cancelled
 * @user_data: for @chosen
 */
void
bloom_gtk_choose_file (GtkWindow          *parent,
                       gboolean            save,
                       const char         *title,
                       const char         *accept_label,
                       const char         *initial_name,
                       GListModel         *filters,
                       BloomGtkFileChosen  chosen,
                       gpointer            user_data)
{
  FileChoice *choice;

  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (G_IS_LIST_MODEL (filters));
  g_return_if_fail (chosen != NULL);

  choice = g_new0 (FileChoice, 1);
  choice->chosen = chosen;
  choice->user_data = user_data;

#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();

    gtk_file_dialog_set_title (dialog, title);
    gtk_file_dialog_set_accept_label (dialog, accept_label);
    gtk_file_dialog_set_filters (dialog, filters);
    gtk_file_dialog_set_modal (dialog, TRUE);
    if (save)
      {
        g_object_set_data (G_OBJECT (dialog), "bloom-save", GINT_TO_POINTER (TRUE));
        gtk_file_dialog_set_initial_name (dialog, initial_name);
        gtk_file_dialog_save (dialog, parent, NULL, file_dialog_done, choice);
      }
    else
      gtk_file_dialog_open (dialog, parent, NULL, file_dialog_done, choice);
  }
#else
  {
    GtkFileChooserNative *native;

    native = gtk_file_chooser_native_new (title, parent,
                                          save ? GTK_FILE_CHOOSER_ACTION_SAVE
                                               : GTK_FILE_CHOOSER_ACTION_OPEN,
                                          accept_label, NULL);
    gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
    if (save && initial_name != NULL)
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), initial_name);
    for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
      {
        g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

        gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
      }
    g_signal_connect (native, "response", G_CALLBACK (file_chooser_response), choice);
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
  }
#endif
}

/* Light or dark.
 *
 * Up to GTK 4.18 the built-in theme takes its dark variant when
 * gtk-application-prefer-dark-theme is set; nothing in GTK reads the
 * desktop's preference for it. GTK 4.20 deprecates that setting for
 * gtk-interface-color-scheme, which GTK fills from the Settings portal
 * itself and its theme follows; the app sets it to the same preference,
 * read the same way (bloom-color-scheme.c), so both agree. */
void
bloom_gtk_settings_set_prefer_dark (GtkSettings *settings,
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
bloom_gtk_settings_get_prefer_dark (GtkSettings *settings)
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

static void
sync_expander_child (GtkExpander *expander)
{
  GtkWidget *child = gtk_expander_get_child (expander);

  if (child != NULL)
    gtk_widget_set_child_visible (child, gtk_expander_get_expanded (expander));
}

/* GTK 4.8's expander unparents its child while collapsed, yet still
 * offers it the focus on Tab: gtk_widget_child_focus() on a widget
 * without a window logs a gtk_window_get_focus CRITICAL on each pass.
 * A collapsed expander's child is kept not child-visible, which the
 * expander checks first. */
void
bloom_gtk_expander_keep_focus_out (GtkExpander *expander)
{
  g_return_if_fail (GTK_IS_EXPANDER (expander));

  sync_expander_child (expander);
  g_signal_connect (expander, "notify::expanded", G_CALLBACK (sync_expander_child), NULL);
}
