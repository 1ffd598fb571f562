/* cp-players-panel.c: the players, whose turn it is, and what they lost
 *
 * A row a seat (CpSeatRow): the player's colour (where seats have one),
 * name, a mark for whose turn it is and what the game's presentation puts
 * beside the seat: the pieces it has lost, drawn faintly when they are
 * gone for good (or those it took, where the game counts them so), a
 * score; below, the dice of the last roll, each drawn beside the name of
 * who rolled it (CpDicePanel), and a line on the state of the game (to
 * move, check, the result).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "cp-computer-player.h"
#include "cp-dice-panel.h"
#include "cp-engine.h"
#include "cp-players-panel.h"
#include "cp-seat-row.h"

struct _CpPlayersPanel
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkWidget *list;
  GtkWidget *dice;
  GtkWidget *status;
  CpGame *game;
  CpSeatRow *rows[CP_MAX_SEATS];
  guint n_seats;
  int width;  /* the last width given, 0 before any */
};

G_DEFINE_FINAL_TYPE (CpPlayersPanel, cp_players_panel, GTK_TYPE_WIDGET)

static void
clear_rows (CpPlayersPanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
  memset (self->rows, 0, sizeof self->rows);
  self->n_seats = 0;
}

/* The second line of a seat's row: the army of a player not named after
 * it, a computer player's level, and the partner in a team game. */
static char *
seat_subtitle (CpGame *game, guint seat)
{
  const CpRules *rules = cp_game_get_rules (game);
  CpPlayer *player = cp_game_get_player (game, seat);
  const char *army = cp_game_get_player_army (game, seat);
  g_autoptr (GString) text = g_string_new (NULL);

  if (cp_rules_seats_coloured (rules) && army != NULL)
    g_string_append (text, army);
  if (cp_player_get_kind (player) == CP_PLAYER_COMPUTER)
    g_string_append_printf (text, "%s%s", text->len > 0 ? " · " : "",
                            cp_level_describe ((CpLevel) cp_player_get_level (player)));
  for (guint other = 0; other < cp_game_get_n_seats (game); other++)
    if (cp_rules_partners (rules, seat, other))
      {
        /* Translators: under a player's name in a team game; %s is the partner's name */
        g_autofree char *partner = g_strdup_printf (_("Partner of %s"),
                                                    cp_player_get_name (cp_game_get_player (game, other)));

        if (text->len > 0)
          g_string_append (text, " · ");
        g_string_append (text, partner);
      }
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

void
cp_players_panel_set_game (CpPlayersPanel *self, CpGame *game)
{
  g_return_if_fail (CP_IS_PLAYERS_PANEL (self));

  clear_rows (self);
  g_set_object (&self->game, game);
  if (game == NULL)
    return;

  self->n_seats = cp_game_get_n_seats (game);
  for (guint i = 0; i < self->n_seats; i++)
    {
      CpPlayer *player = cp_game_get_player (game, i);
      g_autofree char *subtitle = seat_subtitle (game, i);

      self->rows[i] = CP_SEAT_ROW (cp_seat_row_new (i));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->rows[i]), cp_player_get_name (player));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->rows[i]), subtitle);
      cp_seat_row_set_colour (self->rows[i], cp_player_get_colour (player));
      cp_seat_row_set_coloured (self->rows[i], cp_rules_seats_coloured (cp_game_get_rules (game)));
      if (cp_player_get_kind (player) == CP_PLAYER_COMPUTER)
        cp_seat_row_set_computer (self->rows[i], cp_level_describe ((CpLevel) cp_player_get_level (player)));
      gtk_list_box_append (GTK_LIST_BOX (self->list), GTK_WIDGET (self->rows[i]));
    }
}

/* Puts the side items of @row's seat from @presentation beside its
 * name: pieces drawn and texts; the dice have a panel of their own. */
static void
show_side (CpPlayersPanel *self, CpSeatRow *row, const CpPresentation *presentation)
{
  guint seat = cp_seat_row_get_seat (row);
  g_autoptr (GString) extra = g_string_new (NULL);
  g_autoptr (GArray) lost = g_array_new (FALSE, FALSE, sizeof (CpLostPiece));

  for (guint i = 0; i < presentation->side->len; i++)
    {
      const CpSideItem *item = &g_array_index (presentation->side, CpSideItem, i);

      if (item->seat != seat)
        continue;
      switch ((CpSideKind) item->kind)
        {
        case CP_SIDE_PIECES:
          for (guint k = 0; k < item->count; k++)
            g_array_append_val (lost, ((CpLostPiece) {
              .kind = item->piece, .for_good = item->faded, .taken = item->owner != seat,
              .colour = item->owner < self->n_seats
                        ? cp_player_get_colour (cp_game_get_player (self->game, item->owner)) : 0 }));
          break;
        case CP_SIDE_TEXT:
          g_string_append_printf (extra, "%s%s", extra->len ? "\n" : "", item->text ? item->text : "");
          break;
        case CP_SIDE_DIE:
        case CP_N_SIDE_KINDS:
        default:
          break;
        }
    }
  cp_seat_row_set_lost_description (row, presentation->side_description[seat]);
  cp_seat_row_set_side_text (row, extra->str);
  cp_seat_row_set_lost (row, (const CpLostPiece *) lost->data, lost->len);
}

/**
 * cp_players_panel_show_state:
 * @presentation: what the game puts beside each player
 * @status: whose turn it is, or how the game ended, in words
 * @at_screen: the seat of the person at the screen where several people
 *   share it, or CP_NO_SEAT
 *
 * Shows whose turn it is in @state and what the presentation says of each
 * seat.
 */
void
cp_players_panel_show_state (CpPlayersPanel *self, const CpState *state, const CpPresentation *presentation,
                             const char *status, guint at_screen)
{
  CpSeatMask pending = cp_state_pending (state);

  for (guint i = 0; i < self->n_seats; i++)
    {
      show_side (self, self->rows[i], presentation);
      cp_seat_row_set_out (self->rows[i], (state->out & CP_SEAT_BIT (i)) != 0);
      cp_seat_row_set_to_move (self->rows[i], (pending & CP_SEAT_BIT (i)) != 0);
      cp_seat_row_set_at_screen (self->rows[i], i == at_screen);
    }
  if (self->game != NULL)
    cp_dice_panel_show (CP_DICE_PANEL (self->dice), presentation, self->game);
  gtk_label_set_text (GTK_LABEL (self->status), status);
}

/**
 * cp_players_panel_get_dice:
 *
 * Returns: (transfer none): the panel of the dice of the last roll
 */
CpDicePanel *
cp_players_panel_get_dice (CpPlayersPanel *self)
{
  g_return_val_if_fail (CP_IS_PLAYERS_PANEL (self), NULL);

  return CP_DICE_PANEL (self->dice);
}

const char *
cp_players_panel_get_status (CpPlayersPanel *self)
{
  return gtk_label_get_text (GTK_LABEL (self->status));
}

/**
 * cp_players_panel_get_lost:
 *
 * Returns: (nullable): what @seat has lost, in words
 */
const char *
cp_players_panel_get_lost (CpPlayersPanel *self, guint seat)
{
  g_return_val_if_fail (CP_IS_PLAYERS_PANEL (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);

  return cp_seat_row_get_lost_description (self->rows[seat]);
}

static void
cp_players_panel_dispose (GObject *object)
{
  CpPlayersPanel *self = CP_PLAYERS_PANEL (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (cp_players_panel_parent_class)->dispose (object);
}

/* The panel lies in a scroller that tells its height from what it holds.
 * GTK 4.8's scroller asks that height without a width, which for text
 * that wraps is the height of fewer, longer lines than the panel shows:
 * without one, the height is that of the width the panel was last
 * given. */
static void
cp_players_panel_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                          int *natural, int *minimum_baseline, int *natural_baseline)
{
  CpPlayersPanel *self = CP_PLAYERS_PANEL (widget);

  if (orientation == GTK_ORIENTATION_VERTICAL && for_size < 0 && self->width > 0)
    for_size = self->width;
  gtk_widget_measure (self->box, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
}

static gboolean
resize_later (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  gtk_widget_queue_resize (widget);
  return G_SOURCE_REMOVE;
}

static void
cp_players_panel_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  CpPlayersPanel *self = CP_PLAYERS_PANEL (widget);

  gtk_widget_allocate (self->box, width, height, baseline, NULL);
  /* At another width, the height asked before no longer holds: it is
   * asked again once this layout is done. */
  if (width != self->width)
    {
      self->width = width;
      gtk_widget_add_tick_callback (widget, resize_later, NULL, NULL);
    }
}

static GtkSizeRequestMode
cp_players_panel_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
cp_players_panel_class_init (CpPlayersPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_players_panel_dispose;
  widget_class->measure = cp_players_panel_measure;
  widget_class->size_allocate = cp_players_panel_size_allocate;
  widget_class->get_request_mode = cp_players_panel_get_request_mode;
  gtk_widget_class_set_css_name (widget_class, "players");
}

static void
cp_players_panel_init (CpPlayersPanel *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  self->list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_NONE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Players"), -1);
  self->status = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->status), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->status), 0.0);
  gtk_widget_add_css_class (self->status, "status");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->status), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game status"), -1);
  self->dice = cp_dice_panel_new ();
  gtk_box_append (GTK_BOX (self->box), self->list);
  gtk_box_append (GTK_BOX (self->box), self->dice);
  gtk_box_append (GTK_BOX (self->box), self->status);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}

GtkWidget *
cp_players_panel_new (void)
{
  return g_object_new (CP_TYPE_PLAYERS_PANEL, NULL);
}
