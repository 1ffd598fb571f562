/* test-dice-panel.c: the dice of a fight beside the players
 *
 * Needs a display: run under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-players-panel.h"
#include "cp-test-util.h"
#include "test-widgets.h"

/* Shows @game at @n_actions in @panel as the window does. */
static const CpPresentation *
show_at (CpPlayersPanel *panel, CpGame *game, guint n_actions, CpPresentation **presentation)
{
  g_autoptr (CpView) view = cp_game_view_at (game, n_actions, CP_VIEW_ALL);

  g_clear_pointer (presentation, cp_presentation_free);
  *presentation = cp_game_present (game, view);
  cp_players_panel_show_state (panel, cp_view_get_state (view), *presentation, "", CP_NO_SEAT);
  return *presentation;
}

/* The values of the dice the presentation puts beside the players. */
static guint
presented_dice (const CpPresentation *presentation, guint values[4])
{
  guint n = 0;

  for (guint i = 0; i < presentation->side->len && n < 4; i++)
    if (g_array_index (presentation->side, CpSideItem, i).kind == CP_SIDE_DIE)
      values[n++] = g_array_index (presentation->side, CpSideItem, i).count;
  return n;
}

static gboolean
dice_mapped (gpointer data)
{
  CpDicePanel *dice = data;

  return gtk_widget_get_mapped (GTK_WIDGET (dice)) && cp_dice_panel_get_n_dice (dice) > 0
         && gtk_widget_get_mapped (cp_dice_panel_get_die (dice, 0))
         && gtk_widget_get_width (cp_dice_panel_get_die (dice, 0)) > 0;
}

static gboolean
dice_hidden (gpointer data)
{
  return !gtk_widget_get_mapped (GTK_WIDGET (data));
}

/* After a fight of Chess Attack, its two dice are drawn under the players,
 * each beside the name of who rolled it with its sum; the next move takes
 * them away, and going back to the fight brings them back. */
static void
test_fight_dice_shown (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess-attack", 2, 7, NULL);
  CpPlayersPanel *panel = CP_PLAYERS_PANEL (cp_players_panel_new ());
  CpPresentation *presentation = NULL;
  GtkWidget *window = gtk_window_new ();
  CpDicePanel *dice = cp_players_panel_get_dice (panel);
  guint values[4], fought;
  const char *names[] = { "Alice", "Bob" };

  cp_player_set_name (cp_game_get_player (game, 0), names[0]);
  cp_player_set_name (cp_game_get_player (game, 1), names[1]);
  cp_test_play (game, "e4 d5 exd5");
  fought = cp_game_get_n_actions (game);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (panel));
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 500);
  cp_players_panel_set_game (panel, game);
  show_at (panel, game, fought, &presentation);
  gtk_window_present (GTK_WINDOW (window));
  test_wait_until (dice_mapped, dice);

  g_assert_cmpuint (presented_dice (presentation, values), ==, 2);
  g_assert_cmpuint (cp_dice_panel_get_n_dice (dice), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *die = cp_dice_panel_get_die (dice, i);

      g_assert_cmpuint (values[i], >=, 1);
      g_assert_cmpuint (values[i], <=, 6);
      g_assert_cmpuint (cp_dice_panel_get_value (dice, i), ==, values[i]);
      g_assert_true (gtk_widget_get_mapped (die));
      /* As large as the text beside it, at least. */
      g_assert_cmpint (gtk_widget_get_width (die), >=, 24);
      g_assert_cmpint (gtk_widget_get_height (die), >=, 24);
    }
  /* White attacked, Black defended. */
  g_assert_cmpstr (cp_dice_panel_get_roller (dice, 0), ==, "Alice");
  g_assert_cmpstr (cp_dice_panel_get_roller (dice, 1), ==, "Bob");
  g_assert_true (g_str_has_prefix (cp_dice_panel_get_caption (dice, 0), "White attacks: die "));
  g_assert_true (g_str_has_prefix (cp_dice_panel_get_caption (dice, 1), "Black defends: die "));
  g_assert_cmpuint (strlen (cp_dice_panel_get_result (dice)), >, 0);

  /* A move that is no fight: the dice go. */
  cp_test_play (game, "a6");
  show_at (panel, game, cp_game_get_n_actions (game), &presentation);
  test_wait_until (dice_hidden, dice);
  g_assert_cmpuint (presented_dice (presentation, values), ==, 0);

  /* Back to the fight in the record: the same dice again. */
  show_at (panel, game, fought, &presentation);
  test_wait_until (dice_mapped, dice);
  g_assert_cmpuint (presented_dice (presentation, values), ==, 2);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpuint (cp_dice_panel_get_value (dice, i), ==, values[i]);

  g_clear_pointer (&presentation, cp_presentation_free);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Dice entered by hand: before the defender enters a die, the attacker's
 * stands drawn and the defender's waits, not rolled. */
static void
test_entered_dice_shown (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess-attack", 2, 7, "dice=table", NULL);
  CpPlayersPanel *panel = CP_PLAYERS_PANEL (cp_players_panel_new ());
  CpPresentation *presentation = NULL;
  GtkWidget *window = gtk_window_new ();
  CpDicePanel *dice = cp_players_panel_get_dice (panel);

  cp_test_play (game, "e4 d5 exd5 4");
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (panel));
  cp_players_panel_set_game (panel, game);
  show_at (panel, game, cp_game_get_n_actions (game), &presentation);
  gtk_window_present (GTK_WINDOW (window));
  test_wait_until (dice_mapped, dice);
  g_assert_cmpuint (cp_dice_panel_get_n_dice (dice), ==, 2);
  g_assert_cmpuint (cp_dice_panel_get_value (dice, 0), ==, 4);
  g_assert_cmpuint (cp_dice_panel_get_value (dice, 1), ==, 0);
  g_assert_nonnull (cp_presentation_find_button (presentation, "die-6"));
  /* A die's button shows its number and says what it enters. */
  g_assert_cmpstr (cp_presentation_find_button (presentation, "die-6")->tooltip, ==, "The die shows 6");

  g_clear_pointer (&presentation, cp_presentation_free);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/dice-panel/fight-dice-shown", test_fight_dice_shown);
  g_test_add_func ("/dice-panel/entered-dice-shown", test_entered_dice_shown);
  return g_test_run ();
}
