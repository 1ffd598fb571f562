/* cp-columns.c: boxes side by side where there is room, else stacked
 *
 * The children (added with <child> in a template, or
 * gtk_widget_set_parent()) stand in columns of equal width, each as tall
 * as it needs, when every one of them gets at least its minimum width and
 * COLUMN_WIDTH; in a narrower space they stand one above the other, each
 * the whole width.  Unlike a flow box, the choice depends on the width
 * given alone, not on how wide the children would like to be, so that long
 * texts in some language do not stack what fits side by side.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-columns.h"

/* The space between the columns, or between the stacked children. */
#define SPACING 24
/* The least width of a column. */
#define COLUMN_WIDTH 340

struct _CpColumns
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (CpColumns, cp_columns, GTK_TYPE_WIDGET)

static guint
n_visible (CpColumns *self)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child;
       child = gtk_widget_get_next_sibling (child))
    n += gtk_widget_should_layout (child);
  return n;
}

/* Whether the children stand side by side in @width. */
static gboolean
fits_side_by_side (CpColumns *self, int width)
{
  guint n = n_visible (self);
  int column = COLUMN_WIDTH;

  if (n < 2)
    return FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_should_layout (child))
      {
        int minimum;

        gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
        column = MAX (column, minimum);
      }
  return width >= (int) n * column + ((int) n - 1) * SPACING;
}

static int
column_width (CpColumns *self, int width)
{
  guint n = n_visible (self);

  return (width - ((int) n - 1) * SPACING) / (int) n;
}

static void
cp_columns_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                    int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  CpColumns *self = CP_COLUMNS (widget);
  guint n = n_visible (self);
  gboolean side = FALSE;
  int width = for_size;

  *minimum = *natural = 0;
  if (n == 0)
    return;
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      if (width < 0)
        cp_columns_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &(int) { 0 }, &width, NULL, NULL);
      side = fits_side_by_side (self, width);
      if (side)
        width = column_width (self, width);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      int child_min, child_nat;

      if (!gtk_widget_should_layout (child))
        continue;
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        {
          gtk_widget_measure (child, orientation, -1, &child_min, &child_nat, NULL, NULL);
          *minimum = MAX (*minimum, child_min);
          *natural += child_nat;
        }
      else
        {
          gtk_widget_measure (child, orientation, width, &child_min, &child_nat, NULL, NULL);
          *minimum = side ? MAX (*minimum, child_min) : *minimum + child_min;
          *natural = side ? MAX (*natural, child_nat) : *natural + child_nat;
        }
    }
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *natural = MAX (*minimum, *natural + ((int) n - 1) * SPACING);
  else if (!side)
    {
      *minimum += ((int) n - 1) * SPACING;
      *natural += ((int) n - 1) * SPACING;
    }
}

static void
cp_columns_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  CpColumns *self = CP_COLUMNS (widget);
  gboolean side = fits_side_by_side (self, width);
  int offset = 0, column = side ? column_width (self, width) : width;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      int child_height;

      if (!gtk_widget_should_layout (child))
        continue;
      if (side)
        {
          gtk_widget_size_allocate (child, &(GtkAllocation) { offset, 0, column, height }, -1);
          offset += column + SPACING;
        }
      else
        {
          gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &child_height, NULL, NULL);
          gtk_widget_size_allocate (child, &(GtkAllocation) { 0, offset, width, child_height }, -1);
          offset += child_height + SPACING;
        }
    }
}

static GtkSizeRequestMode
cp_columns_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
cp_columns_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (cp_columns_parent_class)->dispose (object);
}

static void
cp_columns_class_init (CpColumnsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_columns_dispose;
  widget_class->measure = cp_columns_measure;
  widget_class->size_allocate = cp_columns_size_allocate;
  widget_class->get_request_mode = cp_columns_get_request_mode;
}

static void
cp_columns_init (CpColumns *self)
{
}

GtkWidget *
cp_columns_new (void)
{
  return g_object_new (CP_TYPE_COLUMNS, NULL);
}

