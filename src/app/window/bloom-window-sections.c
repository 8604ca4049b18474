/* bloom-window-sections.c — the content of the window's sections (the
 * hash positions, the model, the rate plot, the entries, the experiment),
 * built from bloom-window-sections.ui when a section is first opened or
 * its view first used: sections that start closed cost the start-up
 * nothing (issue 27: the first frame builds only what it shows).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bloom-window"

#include "config.h"

#include "bloom-window-private.h"

#define SECTIONS_RESOURCE "/io/github/bloomlab/BloomLab/ui/bloom-window-sections.ui"

typedef struct
{
  gsize       expander;   /* offsets in BloomWindow */
  gsize       view;
  const char *content_id; /* the expander's child in the .ui */
  const char *view_id;
} Section;

static const Section sections[] = {
  { G_STRUCT_OFFSET (BloomWindow, positions_expander), G_STRUCT_OFFSET (BloomWindow, hash_table),
    "hash_table", "hash_table" },
  { G_STRUCT_OFFSET (BloomWindow, details_expander), G_STRUCT_OFFSET (BloomWindow, details_view),
    "details_view", "details_view" },
  { G_STRUCT_OFFSET (BloomWindow, plot_expander), G_STRUCT_OFFSET (BloomWindow, rate_plot),
    "plot_box", "rate_plot" },
  { G_STRUCT_OFFSET (BloomWindow, entries_expander), G_STRUCT_OFFSET (BloomWindow, entries_view),
    "entries_view", "entries_view" },
  { G_STRUCT_OFFSET (BloomWindow, experiment_expander), G_STRUCT_OFFSET (BloomWindow, experiment_view),
    "experiment_view", "experiment_view" },
};

#define SECTION_EXPANDER(self, section) G_STRUCT_MEMBER (GtkExpander *, (self), (section)->expander)
#define SECTION_VIEW(self, section)     G_STRUCT_MEMBER (BloomSessionView *, (self), (section)->view)

static void
build (BloomWindow   *self,
       const Section *section)
{
  g_autoptr(GtkBuilder) builder = NULL;
  BloomSessionView *view;

  g_assert (SECTION_VIEW (self, section) == NULL);

  /* The .ui names the views' types; the executable exports no symbols
   * for GtkBuilder to find them by. */
  g_type_ensure (BLOOM_TYPE_HASH_TABLE);
  g_type_ensure (BLOOM_TYPE_DETAILS_VIEW);
  g_type_ensure (BLOOM_TYPE_RATE_PLOT);
  g_type_ensure (BLOOM_TYPE_ENTRIES_VIEW);
  g_type_ensure (BLOOM_TYPE_EXPERIMENT_VIEW);

  builder = _bloom_window_build_from_resource (SECTIONS_RESOURCE, section->content_id);

  view = BLOOM_SESSION_VIEW (gtk_builder_get_object (builder, section->view_id));
  SECTION_VIEW (self, section) = view;
  bloom_session_view_set_session (view, bloom_window_get_session (self));
  gtk_expander_set_child (SECTION_EXPANDER (self, section),
                          GTK_WIDGET (gtk_builder_get_object (builder, section->content_id)));

  if (BLOOM_IS_HASH_TABLE (view))
    g_object_bind_property (self, "revealed-steps", view, "revealed-steps", G_BINDING_SYNC_CREATE);
  if (BLOOM_IS_EXPERIMENT_VIEW (view) && self->recorder != NULL)
    bloom_lecture_recorder_watch_experiment (self->recorder, BLOOM_EXPERIMENT_VIEW (view));
}

static const Section *
find_section (BloomWindow *self,
              GtkExpander *expander)
{
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    if (SECTION_EXPANDER (self, &sections[i]) == expander)
      return &sections[i];

  g_assert_not_reached ();
}

/* The content of the section under @expander, built if it is not yet. */
void
_bloom_window_ensure_section (BloomWindow *self,
                              GtkExpander *expander)
{
  const Section *section = find_section (self, expander);

  if (SECTION_VIEW (self, section) == NULL)
    build (self, section);
}

BloomExperimentView *
_bloom_window_get_experiment_view (BloomWindow *self)
{
  _bloom_window_ensure_section (self, self->experiment_expander);

  return self->experiment_view;
}

BloomRatePlot *
_bloom_window_get_rate_plot (BloomWindow *self)
{
  _bloom_window_ensure_section (self, self->plot_expander);

  return self->rate_plot;
}

/* Each section's view that is built, for a new session. */
void
_bloom_window_set_sections_session (BloomWindow  *self,
                                    BloomSession *session)
{
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    if (SECTION_VIEW (self, &sections[i]) != NULL)
      bloom_session_view_set_session (SECTION_VIEW (self, &sections[i]), session);
}

/* The views go with their expanders, which the template disposes. */
void
_bloom_window_forget_sections (BloomWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    SECTION_VIEW (self, &sections[i]) = NULL;
}

/**
 * bloom_window_build_sections:
 * @self: a #BloomWindow
 *
 * Builds the content of every section now, as opening each would: for
 * whoever looks for their widgets by name, such as the tests.
 */
void
bloom_window_build_sections (BloomWindow *self)
{
  g_return_if_fail (BLOOM_IS_WINDOW (self));

  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    _bloom_window_ensure_section (self, SECTION_EXPANDER (self, &sections[i]));
}
