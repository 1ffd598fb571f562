/* cp-strip-area.c: a drawing area for a row of pictures that may overlap
 *
 * A GtkDrawingArea asks for its content width, no less.  A strip area
 * asks for it as its natural width, and takes as little as its height,
 * the room of one square picture: its draw function overlaps the
 * pictures more when it is given less, so that large text beside it
 * keeps its room.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-strip-area.h"

struct _CpStripArea
{
  GtkDrawingArea parent_instance;
};

G_DEFINE_FINAL_TYPE (CpStripArea, cp_strip_area, GTK_TYPE_DRAWING_AREA)

static void
cp_strip_area_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  GTK_WIDGET_CLASS (cp_strip_area_parent_class)->measure (widget, orientation, for_size, minimum, natural,
                                                          minimum_baseline, natural_baseline);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = MIN (*natural, gtk_drawing_area_get_content_height (GTK_DRAWING_AREA (widget)));
}

static void
cp_strip_area_class_init (CpStripAreaClass *klass)
{
  GTK_WIDGET_CLASS (klass)->measure = cp_strip_area_measure;
}

static void
cp_strip_area_init (CpStripArea *self)
{
}
