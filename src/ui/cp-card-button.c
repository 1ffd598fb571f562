/* cp-card-button.c: a card that may be chosen, drawn as a button
 *
 * A card of the hand at the screen, while the player chooses cards, is a
 * button: assistive technologies offer to activate it (a screen reader's
 * "click") as they do any button, and Enter or Space activate it from the
 * keyboard.  It draws itself through a function, as a GtkDrawingArea
 * does, at the size it is given.  The button's own handling of the
 * pointer is off: the card hand panel tells a click from a double click
 * and from a drag itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-card-button.h"

struct _CpCardButton
{
  GtkButton parent_instance;

  int width;
  int height;
  CpCardButtonDrawFunc draw;
  gpointer data;
};

G_DEFINE_FINAL_TYPE (CpCardButton, cp_card_button, GTK_TYPE_BUTTON)

static void
cp_card_button_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                        int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  CpCardButton *self = CP_CARD_BUTTON (widget);

  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? self->width : self->height;
}

static void
cp_card_button_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  CpCardButton *self = CP_CARD_BUTTON (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  self->draw (widget, cr, width, height, self->data);
  cairo_destroy (cr);
}

/* Measured by its own size: a button's layout, which GTK gives it once
 * it is constructed, measures a child, and this button has none. */
static void
cp_card_button_constructed (GObject *object)
{
  G_OBJECT_CLASS (cp_card_button_parent_class)->constructed (object);
  gtk_widget_set_layout_manager (GTK_WIDGET (object), NULL);
}

static void
cp_card_button_class_init (CpCardButtonClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->constructed = cp_card_button_constructed;
  widget_class->measure = cp_card_button_measure;
  widget_class->snapshot = cp_card_button_snapshot;
  gtk_widget_class_set_css_name (widget_class, "cardbutton");
}

static void
cp_card_button_init (CpCardButton *self)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (self));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller))
        gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_NONE);
    }
}

/**
 * cp_card_button_new:
 * @width: the width it takes, in pixels
 * @height: the height it takes, in pixels
 * @draw: draws it, given the widget and a cairo context of its size
 * @data: for @draw, which must live as long as the button
 *
 * Returns: (transfer floating): a new card button
 */
GtkWidget *
cp_card_button_new (int width, int height, CpCardButtonDrawFunc draw, gpointer data)
{
  CpCardButton *self = g_object_new (CP_TYPE_CARD_BUTTON, NULL);

  self->width = width;
  self->height = height;
  self->draw = draw;
  self->data = data;
  return GTK_WIDGET (self);
}
