/* bloom-notice-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-notice-view"

#include "config.h"

#include <glib/gi18n.h>

#include "bloom-notice-view.h"
#include "bloom-value-label.h"

struct _BloomNoticeView
{
  BloomSessionView  parent_instance;

  /* Template widgets */
  GtkRevealer      *notice_revealer;
  BloomValueLabel  *notice_label;
  GtkWidget        *undo_button;
  GtkWidget        *start_example_button;
};

G_DEFINE_FINAL_TYPE (BloomNoticeView, bloom_notice_view, BLOOM_TYPE_SESSION_VIEW)

/* What the notice says, or NULL when there is nothing to say. */
static const char *
notice_text (BloomSession *session)
{
  gboolean active = bloom_session_get_filter (session) != NULL;
  gboolean can_undo = bloom_session_get_can_undo (session);

  if (!active && can_undo)
    return _("The parameters changed, so the filter was discarded. Insert and Query are "
             "unavailable until you create a filter (Ctrl+N).");
  /* Before any filter: what a Bloom filter is, for a newcomer. */
  if (!active)
    return _("A Bloom filter is an array of m bits, all 0 at first. Inserting a string sets "
             "k of them, at the positions its hashes give. A query checks the same k bits: "
             "if any is 0, the string is definitely not contained; if all are 1, it is "
             "possibly contained, and may be a false positive, since other strings may have "
             "set them. No filter is active yet: choose m and k, then create a filter "
             "(Ctrl+N), or start with the example.");
  if (can_undo)
    return _("The previous filter was emptied or replaced.");

  return NULL;
}

static void
bloom_notice_view_update (BloomSessionView *view)
{
  BloomNoticeView *self = BLOOM_NOTICE_VIEW (view);
  BloomSession *session = bloom_session_view_get_session (view);
  const char *text = session != NULL ? notice_text (session) : NULL;

  if (text != NULL)
    bloom_value_label_set_text (self->notice_label, text);
  gtk_widget_set_visible (self->undo_button, session != NULL && bloom_session_get_can_undo (session));
  gtk_widget_set_visible (self->start_example_button,
                          session != NULL && bloom_session_get_filter (session) == NULL &&
                          !bloom_session_get_can_undo (session));

  /* Shown while it says something or slides, as the window's banners. */
  if (text != NULL)
    gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  gtk_revealer_set_reveal_child (self->notice_revealer, text != NULL);
}

static void
on_child_revealed (BloomNoticeView *self)
{
  if (!gtk_revealer_get_reveal_child (self->notice_revealer) &&
      !gtk_revealer_get_child_revealed (self->notice_revealer))
    gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

static void
bloom_notice_view_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BLOOM_TYPE_NOTICE_VIEW);

  G_OBJECT_CLASS (bloom_notice_view_parent_class)->dispose (object);
}

static void
bloom_notice_view_class_init (BloomNoticeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  BloomSessionViewClass *session_view_class = BLOOM_SESSION_VIEW_CLASS (klass);

  object_class->dispose = bloom_notice_view_dispose;
  session_view_class->update = bloom_notice_view_update;

  g_type_ensure (BLOOM_TYPE_VALUE_LABEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bloomlab/BloomLab/ui/bloom-notice-view.ui");
  gtk_widget_class_bind_template_child (widget_class, BloomNoticeView, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, BloomNoticeView, notice_label);
  gtk_widget_class_bind_template_child (widget_class, BloomNoticeView, undo_button);
  gtk_widget_class_bind_template_child (widget_class, BloomNoticeView, start_example_button);
  gtk_widget_class_bind_template_callback (widget_class, on_child_revealed);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "noticeview");
}

static void
bloom_notice_view_init (BloomNoticeView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
