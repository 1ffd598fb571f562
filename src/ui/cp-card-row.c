/* cp-card-row.c: cards overlapping in a row, as a hand holds them
 *
 * Each card stands a step to the right of the one before, over it.  Where
 * the row has less room than its steps take, the cards close up, as a
 * player closes a fan of cards, down to a step that still shows each
 * card's corner; only then does the row need more room.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "cp-card-row.h"

/* The closest the cards come: a sliver of each, its corner, stays in
 * sight. */
#define LEAST_STEP 8.0

struct _CpCardRow
{
  GtkWidget parent_instance;

  double step;   /* from one card to the next, with room to spare */
};

G_DEFINE_FINAL_TYPE (CpCardRow, cp_card_row, GTK_TYPE_WIDGET)

/* The place of a card in its row, from 1: the order of the children is
 * the order they are drawn in, which may bring any card on top. */
static GQuark slot_quark;

static guint
slot_of (GtkWidget *card)
{
  return GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (card), slot_quark)) - 1;
}

static double
least_step (CpCardRow *self)
{
  return MIN (self->step, LEAST_STEP);
}

/* The number of cards, and the width of the last (its least and its
 * natural: the cards of a row are alike). */
static guint
count (CpCardRow *self, int *last_width, int *least_width)
{
  guint n = 0;

  *last_width = *least_width = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_should_layout (child))
      {
        n++;
        gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, least_width, last_width, NULL, NULL);
      }
  return n;
}

static void
cp_card_row_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  CpCardRow *self = CP_CARD_ROW (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int last, least;
      guint n = count (self, &last, &least);

      *minimum = n == 0 ? 0 : (int) ceil ((n - 1) * least_step (self)) + least;
      *natural = n == 0 ? 0 : (int) round ((n - 1) * self->step) + last;
    }
  else
    {
      *minimum = *natural = 0;
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
        if (gtk_widget_should_layout (child))
          {
            int child_minimum, child_natural;

            gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, &child_minimum, &child_natural, NULL, NULL);
            *minimum = MAX (*minimum, child_minimum);
            *natural = MAX (*natural, child_natural);
          }
    }
}

static void
cp_card_row_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  CpCardRow *self = CP_CARD_ROW (widget);
  int last, least;
  guint n = count (self, &last, &least);
  double step = n > 1 ? CLAMP ((double) (width - last) / (n - 1), least_step (self), self->step) : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_should_layout (child))
      {
        int child_width, child_height;

        gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &child_width, NULL, NULL);
        gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, NULL, &child_height, NULL, NULL);
        gtk_widget_size_allocate (child,
                                  &(GtkAllocation) { (int) round (slot_of (child) * step), 0, child_width,
                                                     MIN (child_height, height) },
                                  -1);
      }
}

static void
cp_card_row_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (cp_card_row_parent_class)->dispose (object);
}

static void
cp_card_row_class_init (CpCardRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  slot_quark = g_quark_from_static_string ("cp-card-row-slot");
  object_class->dispose = cp_card_row_dispose;
  widget_class->measure = cp_card_row_measure;
  widget_class->size_allocate = cp_card_row_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "cardrow");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cp_card_row_init (CpCardRow *self)
{
}

GtkWidget *
cp_card_row_new (void)
{
  return g_object_new (CP_TYPE_CARD_ROW, NULL);
}

/* Adds @card at the right end of the row, @step from the one before (the
 * same step for every card of a row). */
void
cp_card_row_append (CpCardRow *self, GtkWidget *card, double step)
{
  guint n = 0;

  g_return_if_fail (CP_IS_CARD_ROW (self));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child;
       child = gtk_widget_get_next_sibling (child))
    n++;
  g_object_set_qdata (G_OBJECT (card), slot_quark, GUINT_TO_POINTER (n + 1));
  self->step = step;
  gtk_widget_set_parent (card, GTK_WIDGET (self));
  gtk_widget_queue_resize (GTK_WIDGET (self));
}
