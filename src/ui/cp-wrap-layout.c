/* cp-wrap-layout.c: children in a row that wraps onto further rows
 *
 * The children stand side by side at their natural widths, as far as the
 * width allows, then go on in a new row below, as words do in a line of
 * text.  A child that fits the rest of a row only at less than its natural
 * width (a fan of cards that closes up) takes that rest, and the children
 * before it in the row give up room down to their least where that lets
 * it in; one that does not fit a row alone gets the whole width (never
 * less than its least).  In each row, the children that expand share what
 * the row leaves over; a row is as tall as its tallest child, and the
 * others stand in it as their vertical alignment says.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-wrap-layout.h"

struct _CpWrapLayout
{
  GtkLayoutManager parent_instance;

  int column_spacing;
  int row_spacing;
};

G_DEFINE_FINAL_TYPE (CpWrapLayout, cp_wrap_layout, GTK_TYPE_LAYOUT_MANAGER)

typedef struct {
  GtkWidget *widget;
  int width;     /* given in its row */
  int least;     /* the least it takes */
  int height;    /* its natural height at that width */
  gboolean expand;
} Item;

/* The shown children of @widget, with their natural widths (at most
 * @width, at least their least). */
static GArray *
items_of (GtkWidget *widget, int width)
{
  GArray *items = g_array_new (FALSE, FALSE, sizeof (Item));

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      Item item = { .widget = child };
      int least, natural;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &least, &natural, NULL, NULL);
      item.width = width < 0 ? natural : MAX (least, MIN (natural, width));
      item.least = least;
      item.expand = gtk_widget_compute_expand (child, GTK_ORIENTATION_HORIZONTAL);
      g_array_append_val (items, item);
    }
  return items;
}

/* What the items from @first to before @end have beyond their least. */
static int
slack (GArray *items, guint first, guint end)
{
  int slack = 0;

  for (guint i = first; i < end; i++)
    slack += g_array_index (items, Item, i).width - g_array_index (items, Item, i).least;
  return slack;
}

/* Takes @wanted from the widths of the items from @first to before @end,
 * in their order, down to their least.  Returns what it took. */
static int
give_up (GArray *items, guint first, guint end, int wanted)
{
  int taken = 0;

  for (guint i = first; i < end && taken < wanted; i++)
    {
      Item *item = &g_array_index (items, Item, i);
      int take = MIN (item->width - item->least, wanted - taken);

      item->width -= take;
      taken += take;
    }
  return taken;
}

/* Lays @items out in rows of @width: gives each its width and height,
 * and with @place, allocates them.  Returns the height of all the rows. */
static int
lay_out (CpWrapLayout *self, GArray *items, int width, gboolean place)
{
  int y = 0;

  for (guint first = 0; first < items->len;)
    {
      guint end = first + 1;
      int used = g_array_index (items, Item, first).width, expanding = 0, height = 0, x = 0, left;

      while (end < items->len)
        {
          Item *item = &g_array_index (items, Item, end);
          int room = width - used - self->column_spacing;

          /* The children before it give up what they have beyond their
           * least, where that lets it into the row at its least... */
          if (item->least > room && item->least <= room + slack (items, first, end))
            {
              used -= give_up (items, first, end, item->least - room);
              room = width - used - self->column_spacing;
            }
          /* ...and a child that closes up (a fan of cards) takes the rest
           * of the row rather than begin a row of its own. */
          if (item->width > room && item->least <= room)
            item->width = room;
          if (item->width > room)
            break;
          used += self->column_spacing + item->width;
          end++;
        }
      for (guint i = first; i < end; i++)
        expanding += g_array_index (items, Item, i).expand;
      left = MAX (0, width - used);
      for (guint i = first; i < end; i++)
        {
          Item *item = &g_array_index (items, Item, i);

          if (item->expand)
            {
              /* The last to expand takes what does not divide evenly. */
              int share = expanding == 1 ? left : left / expanding;

              item->width += share;
              left -= share;
              expanding--;
            }
          gtk_widget_measure (item->widget, GTK_ORIENTATION_VERTICAL, item->width, NULL, &item->height, NULL, NULL);
          height = MAX (height, item->height);
        }
      if (place)
        for (guint i = first; i < end; i++)
          {
            Item *item = &g_array_index (items, Item, i);
            GtkAlign valign = gtk_widget_get_valign (item->widget);
            int child_height = valign == GTK_ALIGN_FILL ? height : item->height;
            int top = valign == GTK_ALIGN_END ? height - child_height
                      : valign == GTK_ALIGN_CENTER ? (height - child_height) / 2 : 0;

            gtk_widget_size_allocate (item->widget,
                                      &(GtkAllocation) { x, y + top, item->width, child_height }, -1);
            x += item->width + self->column_spacing;
          }
      y += height + self->row_spacing;
      first = end;
    }
  return MAX (0, y - self->row_spacing);
}

static GtkSizeRequestMode
cp_wrap_layout_get_request_mode (GtkLayoutManager *manager, GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
cp_wrap_layout_measure (GtkLayoutManager *manager,
                        GtkWidget        *widget,
                        GtkOrientation    orientation,
                        int               for_size,
                        int              *minimum,
                        int              *natural,
                        int              *minimum_baseline,
                        int              *natural_baseline)
{
  CpWrapLayout *self = CP_WRAP_LAYOUT (manager);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* At least the widest child; at best all in one row. */
      int least = 0, all = 0, n = 0;

      for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
        {
          int child_least, child_natural;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_least, &child_natural, NULL, NULL);
          least = MAX (least, child_least);
          all += child_natural + (n++ > 0 ? self->column_spacing : 0);
        }
      *minimum = least;
      *natural = all;
    }
  else
    {
      g_autoptr (GArray) items = items_of (widget, for_size);

      if (for_size < 0)
        {
          /* Without a width: as tall as the row of all at their widths. */
          int height = 0;

          for (guint i = 0; i < items->len; i++)
            {
              Item *item = &g_array_index (items, Item, i);
              int child_natural;

              gtk_widget_measure (item->widget, GTK_ORIENTATION_VERTICAL, item->width, NULL, &child_natural,
                                  NULL, NULL);
              height = MAX (height, child_natural);
            }
          *minimum = *natural = height;
        }
      else
        *minimum = *natural = lay_out (self, items, for_size, FALSE);
    }
  *minimum_baseline = *natural_baseline = -1;
}

static void
cp_wrap_layout_allocate (GtkLayoutManager *manager, GtkWidget *widget, int width, int height, int baseline)
{
  g_autoptr (GArray) items = items_of (widget, width);

  lay_out (CP_WRAP_LAYOUT (manager), items, width, TRUE);
}

static void
cp_wrap_layout_class_init (CpWrapLayoutClass *klass)
{
  GtkLayoutManagerClass *manager_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  manager_class->get_request_mode = cp_wrap_layout_get_request_mode;
  manager_class->measure = cp_wrap_layout_measure;
  manager_class->allocate = cp_wrap_layout_allocate;
}

static void
cp_wrap_layout_init (CpWrapLayout *self)
{
}

GtkLayoutManager *
cp_wrap_layout_new (void)
{
  return g_object_new (CP_TYPE_WRAP_LAYOUT, NULL);
}

/* Sets the room between the children of a row, and between rows. */
void
cp_wrap_layout_set_spacing (CpWrapLayout *self, int column_spacing, int row_spacing)
{
  g_return_if_fail (CP_IS_WRAP_LAYOUT (self));

  self->column_spacing = column_spacing;
  self->row_spacing = row_spacing;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}
