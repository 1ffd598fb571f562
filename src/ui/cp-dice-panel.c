/* cp-dice-panel.c: the dice of the last roll, each beside who rolled it
 *
 * For each die the presentation puts beside a seat (CP_SIDE_DIE), a line:
 * the die drawn with its pips (cp-dice-art), light or dark as the seat's
 * colour, and beside it the name of the player who rolled it over what
 * the die counts for (how a fight's total is made); under the lines, what
 * the dice decided.  The panel hides itself when there are no dice.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-dice-art.h"
#include "cp-dice-panel.h"

#define MAX_DICE 4
/* A die is drawn a little larger than the text beside it. */
#define DIE_SIZE 32

typedef struct {
  GtkWidget *area;
  GtkWidget *roller;
  GtkWidget *caption;
  guint value;
  gboolean dark;
} Die;

struct _CpDicePanel
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkWidget *result;
  Die dice[MAX_DICE];
  guint n_dice;
};

G_DEFINE_FINAL_TYPE (CpDicePanel, cp_dice_panel, GTK_TYPE_WIDGET)

static void
draw_die (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const Die *die = data;
  GdkRGBA colour;
  CpRgba ink;
  double size = MIN (width, height);

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &colour);
  ink = (CpRgba) { colour.red, colour.green, colour.blue, colour.alpha };
  cp_dice_art_draw (cr, die->value, die->dark, (width - size) / 2, (height - size) / 2, size, &ink);
}

static GtkWidget *
new_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

/**
 * cp_dice_panel_show:
 * @game: whose players rolled the dice
 *
 * Shows the dice of @presentation, each with the name of the player of
 * the seat it stands beside.
 */
void
cp_dice_panel_show (CpDicePanel *self, const CpPresentation *presentation, CpGame *game)
{
  guint n = 0;

  g_return_if_fail (CP_IS_DICE_PANEL (self));

  for (guint i = 0; i < presentation->side->len && n < MAX_DICE; i++)
    {
      const CpSideItem *item = &g_array_index (presentation->side, CpSideItem, i);
      Die *die = &self->dice[n];
      CpPlayer *player;
      g_autofree char *name = NULL;

      if (item->kind != CP_SIDE_DIE || item->seat >= cp_game_get_n_seats (game))
        continue;
      player = cp_game_get_player (game, item->seat);
      die->value = item->count <= 6 ? item->count : 0;
      die->dark = cp_player_get_colour (player) == CP_COLOUR_BLACK;
      gtk_label_set_text (GTK_LABEL (die->roller), cp_player_get_name (player));
      gtk_label_set_text (GTK_LABEL (die->caption), item->text != NULL ? item->text : "");
      gtk_widget_set_visible (die->caption, item->text != NULL && item->text[0] != '\0');
      name = die->value != 0
        /* Translators: a die drawn beside the board; %s: who rolled it; %u: what it shows */
        ? g_strdup_printf (_("Die of %s: %u"), cp_player_get_name (player), die->value)
        /* Translators: a die still to roll, drawn beside the board; %s: who rolls it */
        : g_strdup_printf (_("Die of %s: not rolled yet"), cp_player_get_name (player));
      gtk_accessible_update_property (GTK_ACCESSIBLE (die->area), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      gtk_widget_set_tooltip_text (die->area, name);
      gtk_widget_set_visible (gtk_widget_get_parent (die->area), TRUE);
      gtk_widget_queue_draw (die->area);
      n++;
    }
  self->n_dice = n;
  for (guint i = n; i < MAX_DICE; i++)
    gtk_widget_set_visible (gtk_widget_get_parent (self->dice[i].area), FALSE);
  gtk_label_set_text (GTK_LABEL (self->result), presentation->dice_result ? presentation->dice_result : "");
  gtk_widget_set_visible (self->result, n > 0 && presentation->dice_result != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), n > 0);
}

guint
cp_dice_panel_get_n_dice (CpDicePanel *self)
{
  g_return_val_if_fail (CP_IS_DICE_PANEL (self), 0);

  return self->n_dice;
}

/* What the die at @index shows, 1 to 6, or 0 before it is rolled. */
guint
cp_dice_panel_get_value (CpDicePanel *self, guint index)
{
  g_return_val_if_fail (CP_IS_DICE_PANEL (self), 0);
  g_return_val_if_fail (index < self->n_dice, 0);

  return self->dice[index].value;
}

/* The name of the player who rolled the die at @index. */
const char *
cp_dice_panel_get_roller (CpDicePanel *self, guint index)
{
  g_return_val_if_fail (CP_IS_DICE_PANEL (self), NULL);
  g_return_val_if_fail (index < self->n_dice, NULL);

  return gtk_label_get_text (GTK_LABEL (self->dice[index].roller));
}

/* What the die at @index counts for, in words. */
const char *
cp_dice_panel_get_caption (CpDicePanel *self, guint index)
{
  g_return_val_if_fail (CP_IS_DICE_PANEL (self), NULL);
  g_return_val_if_fail (index < self->n_dice, NULL);

  return gtk_label_get_text (GTK_LABEL (self->dice[index].caption));
}

/* The drawing of the die at @index. */
GtkWidget *
cp_dice_panel_get_die (CpDicePanel *self, guint index)
{
  g_return_val_if_fail (CP_IS_DICE_PANEL (self), NULL);
  g_return_val_if_fail (index < self->n_dice, NULL);

  return self->dice[index].area;
}

/* What the dice decided, in words, or "". */
const char *
cp_dice_panel_get_result (CpDicePanel *self)
{
  g_return_val_if_fail (CP_IS_DICE_PANEL (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->result));
}

static void
cp_dice_panel_dispose (GObject *object)
{
  CpDicePanel *self = CP_DICE_PANEL (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (cp_dice_panel_parent_class)->dispose (object);
}

static void
cp_dice_panel_class_init (CpDicePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_dice_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "dice");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cp_dice_panel_init (CpDicePanel *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  for (guint i = 0; i < MAX_DICE; i++)
    {
      Die *die = &self->dice[i];
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *words = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

      die->area = gtk_drawing_area_new ();
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (die->area), DIE_SIZE);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (die->area), DIE_SIZE);
      gtk_widget_set_valign (die->area, GTK_ALIGN_START);
      gtk_accessible_update_property (GTK_ACCESSIBLE (die->area), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Die"), -1);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (die->area), draw_die, die, NULL);
      die->roller = new_label ("heading");
      die->caption = new_label ("caption");
      gtk_box_append (GTK_BOX (words), die->roller);
      gtk_box_append (GTK_BOX (words), die->caption);
      gtk_widget_set_hexpand (words, TRUE);
      gtk_box_append (GTK_BOX (line), die->area);
      gtk_box_append (GTK_BOX (line), words);
      gtk_widget_set_visible (line, FALSE);
      gtk_box_append (GTK_BOX (self->box), line);
    }
  self->result = new_label ("dice-result");
  gtk_widget_set_visible (self->result, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->result);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Dice"), -1);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
cp_dice_panel_new (void)
{
  return g_object_new (CP_TYPE_DICE_PANEL, NULL);
}
