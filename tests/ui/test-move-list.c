/* test-move-list.c: the move list of three and four players
 *
 * Needs a display: run under Xvfb, with GTK's accessibility test backend
 * (GTK_A11Y=test).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-move-list.h"
#include "cp-test-util.h"
#include "test-widgets.h"

/* Chivalrous Attrition for four, whose draw made Black first, then White,
 * Red and Brown.  White takes Black's knight in the fifth round, and the
 * others play on. */
static const char four_moves[] =
  "Nf6 Ng7 Ng1 Na1 f6-e4 g7-e6 g1-f3 a1-c2 e4-d2 e6-f8 f3-e1 c2-a3 d2-c4 f8-d7 e1-g2 a3-b1 "
  "c4-b2 d7-b6 g2-e3 b1-c3 b2-a4 b6xa4 e3-g4 c3-e2 a4-c5 g4-f2";

static CpGame *
new_four (void)
{
  CpGame *game = cp_test_new_game_undrawn ("attrition", 4, 1, "variant=multi", "starts=random", NULL);
  CpAction shuffle;

  cp_action_init (&shuffle, CP_ACTION_SHUFFLE, CP_SEAT_CHANCE);
  shuffle.value = 1890481503;
  cp_test_play_action (game, shuffle);
  cp_test_play (game, four_moves);
  return game;
}

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A window that shows @list, on the screen. */
static GtkWidget *
show_list (CpMoveList *list)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (list));
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 600);
  gtk_window_present (GTK_WINDOW (window));
  test_wait_until (test_is_mapped, list);
  iterate ();
  return window;
}

/* The index in the log of the last action that @text names. */
static guint
find_action (CpGame *game, const char *text)
{
  for (guint i = cp_game_get_n_actions (game); i-- > 0;)
    {
      g_autofree char *shown = cp_game_format_action (game, i, CP_NOTATION_SAN);

      if (g_strcmp0 (shown, text) == 0)
        return i;
    }
  g_assert_not_reached ();
}

/* The texts of the visible widgets of @css_class under @root, joined. */
static char *
class_texts (GtkWidget *root, const char *css_class)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();
  g_autoptr (GString) text = g_string_new (NULL);

  test_collect_class (root, css_class, found);
  for (guint i = 0; i < found->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (found, i);

      if (!gtk_widget_is_visible (widget))
        continue;
      if (GTK_IS_BUTTON (widget))
        widget = gtk_button_get_child (GTK_BUTTON (widget));
      g_string_append_printf (text, "%s%s", text->len > 0 ? "|" : "", gtk_label_get_text (GTK_LABEL (widget)));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The list of four is headed by the armies in the order they play, one
 * row a round from the first player on; the round where a player goes out
 * says so, and later rounds show that player's column as out, not as a
 * move to come.  A move clicked shows the position after it. */
static void
test_four_players (void)
{
  g_autoptr (CpGame) game = new_four ();
  CpMoveList *list = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));
  GtkWidget *window = show_list (list);
  guint take, row;
  g_autofree char *headings = NULL, *cells = NULL;
  GtkWidget *label;

  cp_move_list_set_game (list, game);
  iterate ();

  g_assert_cmpstr (cp_move_list_get_heading_text (list), ==, "Black · White · Red · Brown");
  headings = class_texts (GTK_WIDGET (list), "move-heading");
  g_assert_cmpstr (headings, ==, "Black|White|Red|Brown");

  row = cp_move_list_get_action_row (list, find_action (game, "f6-e4"));
  g_assert_cmpstr (cp_move_list_get_row_text (list, row), ==, "1. f6-e4 g7-e6 g1-f3 a1-c2");
  take = find_action (game, "b6xa4");
  row = cp_move_list_get_action_row (list, take);
  g_assert_cmpstr (cp_move_list_get_row_text (list, row), ==, "5. b2-a4 b6xa4 e3-g4 c3-e2");
  g_assert_cmpstr (cp_move_list_get_row_text (list, row + 1), ==, "Black is out");
  g_assert_cmpstr (cp_move_list_get_row_text (list, row + 2), ==, "6. a4-c5 g4-f2");
  g_assert_cmpuint (cp_move_list_get_n_rows (list), ==, row + 3);
  g_assert_cmpuint (cp_move_list_get_action_row (list, find_action (game, "g4-f2")), ==, row + 2);

  /* The last round on the screen: Black's column says it is out, and
   * Brown's is still to come. */
  cells = class_texts (GTK_WIDGET (list), "move-cell");
  g_assert_true (g_str_has_suffix (cells, "|out|a4-c5|g4-f2|"));
  label = test_find_label (GTK_WIDGET (list), "out");
  g_assert_false (gtk_widget_get_sensitive (gtk_widget_get_parent (label)));

  /* Clicking the capture shows the position after it. */
  label = test_find_label (GTK_WIDGET (list), "b6xa4");
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_focusable (gtk_widget_get_parent (label)));
  g_signal_emit_by_name (gtk_widget_get_parent (label), "clicked");
  iterate ();
  g_assert_cmpuint (cp_game_get_cursor (game), ==, take + 1);

  /* Taken back, the capture leaves Black in play, and the note goes. */
  cp_game_truncate (game, take);
  iterate ();
  g_assert_cmpuint (cp_move_list_get_n_rows (list), ==, row + 1);
  g_assert_cmpstr (cp_move_list_get_row_text (list, row), ==, "5. b2-a4");
  g_assert_null (test_find_label (GTK_WIDGET (list), "out"));

  cp_move_list_set_game (list, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_assert_finalize_object (list);
}

/* A first player who is not the first seat heads the list as soon as the
 * game begins, and three players play in rounds of three. */
static void
test_three_players (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 3, 1, "variant=multi", "starts=red", NULL);
  CpMoveList *list = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));
  GtkWidget *window = show_list (list);

  cp_move_list_set_game (list, game);
  iterate ();
  g_assert_cmpstr (cp_move_list_get_heading_text (list), ==, "Red · White · Black");
  cp_test_play (game, "Nf8 Nh4 Na6 f8-g6 h4-f3 a6-b4 g6-e5 f3xe5 b4-d5 e5-f7");
  iterate ();
  g_assert_cmpstr (cp_move_list_get_heading_text (list), ==, "Red · White · Black");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 3), ==, "1. f8-g6 h4-f3 a6-b4");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 4), ==, "2. g6-e5 f3xe5 b4-d5");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 5), ==, "Red is out");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 6), ==, "3. e5-f7");

  cp_move_list_set_game (list, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_assert_finalize_object (list);
}

/* A random game of @rules for @n_seats from @seed: each player to act
 * makes a legal action at random, for up to @max actions or to the end. */
static CpGame *
new_game (const CpRules *rules, guint n_seats, guint64 seed)
{
  static const char *const multi[] = { "variant=multi", NULL };
  g_autoptr (GError) error = NULL;
  CpGame *game = cp_test_try_new_game (rules->id, n_seats, seed, NULL, &error);

  /* Chivalrous Attrition plays with more than two in a variant of its own. */
  if (game == NULL)
    {
      g_clear_error (&error);
      game = cp_test_try_new_game (rules->id, n_seats, seed, multi, &error);
    }
  g_assert_no_error (error);
  return game;
}

static CpGame *
random_game (const CpRules *rules, guint n_seats, guint64 seed, guint max)
{
  g_autoptr (CpGame) game = new_game (rules, n_seats, seed);
  g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) seed);
  while (!cp_state_is_over (cp_game_get_state (game)) && cp_game_get_n_actions (game) < max)
    {
      const CpState *state = cp_game_get_state (game);
      CpSeatMask pending = cp_state_pending (state);
      g_auto (CpActionList) legal = { 0 };
      guint seat, k;

      if (pending & CP_SEAT_BIT (CP_SEAT_CHANCE))
        {
          g_assert_cmpuint (cp_game_resolve_chance (game), >, 0);
          continue;
        }
      g_assert_cmpuint (pending, !=, 0);
      k = (guint) g_rand_int_range (rand, 0, __builtin_popcount (pending));
      for (seat = 0; !(pending & CP_SEAT_BIT (seat)) || k-- > 0; seat++)
        ;
      cp_state_legal (state, seat, &legal);
      g_assert_cmpuint (legal.len, >, 0);
      cp_test_play_action (game, legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)]);
    }
  return g_steal_pointer (&game);
}

/* The rows of @list, one a line. */
static char *
all_rows (CpMoveList *list)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < cp_move_list_get_n_rows (list); i++)
    g_string_append_printf (text, "%s\n", cp_move_list_get_row_text (list, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Rows kept in step with the log, move by move and taken back, read as
 * rows written afresh. */
static void
test_step_by_step (void)
{
  g_autoptr (CpGame) whole = new_four ();
  g_autoptr (CpGame) game = cp_test_new_game_undrawn ("attrition", 4, 1, "variant=multi", "starts=random", NULL);
  CpMoveList *list = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));
  CpMoveList *fresh = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));
  guint n = cp_game_get_n_actions (whole);

  cp_move_list_set_game (list, game);
  for (guint i = 0; i < 2 * n; i++)
    {
      g_autofree char *kept = NULL, *written = NULL;

      if (i < n)
        cp_test_play_action (game, *cp_game_get_action (whole, i));
      else
        cp_game_undo (game);
      cp_move_list_set_game (fresh, game);
      kept = all_rows (list);
      written = all_rows (fresh);
      g_assert_cmpstr (kept, ==, written);
      g_assert_cmpstr (cp_move_list_get_heading_text (list), ==, cp_move_list_get_heading_text (fresh));
      cp_move_list_set_game (fresh, NULL);
    }

  cp_move_list_set_game (list, NULL);
  iterate ();
  g_assert_finalize_object (list);
  g_assert_finalize_object (fresh);
}

/* Two players have no headings: the numbers say whose move it is. */
static void
test_two_players (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 1, NULL);
  CpMoveList *list = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));
  GtkWidget *window = show_list (list);
  g_autofree char *headings = NULL;

  cp_test_play (game, "e4 e5 Nf3");
  cp_move_list_set_game (list, game);
  iterate ();
  g_assert_null (cp_move_list_get_heading_text (list));
  headings = class_texts (GTK_WIDGET (list), "move-heading");
  g_assert_cmpstr (headings, ==, "");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 0), ==, "1. e4 e5");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 1), ==, "2. Nf3");

  cp_move_list_set_game (list, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_assert_finalize_object (list);
}

static const char *const names[] = { "Anna", "Ben", "Cleo", "Dara" };

/* Whether the list of @game must name the player of each row: its seats
 * are not simply White and Black, and no heading names them. */
static gboolean
must_name (CpGame *game)
{
  const CpRules *rules = cp_game_get_rules (game);
  CpMoveColumns columns;

  cp_game_get_move_columns (game, &columns);
  return !columns.headed
         && (cp_game_get_n_seats (game) != 2 || rules->seat_names != NULL || rules->teams != NULL
             || !cp_rules_seats_coloured (rules));
}

/* Whether action @index is a sealed choice, a pass, a card drawn or
 * another action written as what a player did, which @viewer reads. */
static gboolean
is_deed (CpGame *game, guint index, guint viewer)
{
  const CpAction *action = cp_game_get_action (game, index);
  CpAction seen;

  switch (action->type)
    {
    case CP_ACTION_COMMIT:
      cp_game_get_action_for (game, index, viewer, &seen);
      return !cp_action_same (&seen, action);
    case CP_ACTION_PASS:
    case CP_ACTION_DRAW_CARD:
    case CP_ACTION_DISCARD:
    case CP_ACTION_BURY:
      return action->seat < CP_MAX_SEATS;
    default:
      return FALSE;
    }
}

/* Whether @text holds the word "no" (any case). */
static gboolean
says_no (const char *text)
{
  g_autofree char *lower = g_utf8_strdown (text, -1);

  for (const char *p = lower; (p = strstr (p, "no")) != NULL; p += 2)
    if ((p == lower || !g_ascii_isalpha (p[-1])) && !g_ascii_isalpha (p[2]))
      return TRUE;
  return FALSE;
}

typedef struct {
  guint round, first_place, last_place;
} Numbered;

/* The list of one random game, read as @viewer reads it:
 * - the actions of one turn, a player's actions one after the other
 *   while the rules leave that player alone to act, share a row (a
 *   choice made before play, a line of its own, aside; a sealed choice
 *   begins a turn);
 * - numbered rows follow the game's count: a row's number is that of the
 *   row before or a later one, and the same only where the row goes on
 *   the round in the columns after the row before;
 * - no row says that something did not happen;
 * - where seats are not simply White and Black, the row of each action
 *   names its player, and so does the row of any action written as what
 *   a player did. */
static void
check_list (CpGame *game, CpMoveList *list, guint viewer)
{
  guint n = cp_game_get_n_actions (game), last_player = CP_NO_SEAT, last_index = 0;
  g_autofree CpActionNumber *numbers = g_new0 (CpActionNumber, MAX (n, 1));
  g_autoptr (GArray) rows = g_array_new (FALSE, TRUE, sizeof (Numbered));
  const char *id = cp_game_get_rules (game)->id;
  gboolean named = must_name (game);
  Numbered before = { 0 };

  cp_move_list_set_viewer (list, viewer);
  cp_move_list_set_game (list, game);
  cp_game_number_actions (game, 0, n, numbers);
  g_array_set_size (rows, cp_move_list_get_n_rows (list));
  for (guint r = 0; r < cp_move_list_get_n_rows (list); r++)
    if (says_no (cp_move_list_get_row_text (list, r)))
      g_error ("%s: the row “%s” says what did not happen", id, cp_move_list_get_row_text (list, r));

  for (guint i = 0; i < n; i++)
    {
      const CpAction *action = cp_game_get_action (game, i);
      guint row = cp_move_list_get_action_row (list, i);
      const char *text = cp_move_list_get_row_text (list, row);
      g_autoptr (CpState) at = cp_game_state_at (game, i);

      if (action->seat >= CP_MAX_SEATS || action->type == CP_ACTION_HINT)
        continue;
      if (last_player == action->seat && numbers[last_index].round > 0 && action->type != CP_ACTION_COMMIT
          && cp_state_pending (at) == CP_SEAT_BIT (action->seat)
          && row != cp_move_list_get_action_row (list, last_index))
        g_error ("%s: “%s” and “%s”, parts of one turn, stand in two rows", id,
                 cp_move_list_get_row_text (list, cp_move_list_get_action_row (list, last_index)), text);
      last_player = action->seat;
      last_index = i;
      if ((named || is_deed (game, i, viewer)) && strstr (text, names[action->seat]) == NULL)
        g_error ("%s: the row “%s” does not name its player, %s", id, text, names[action->seat]);
      if (numbers[i].round > 0 && g_ascii_isdigit (text[0]))
        {
          Numbered *in = &g_array_index (rows, Numbered, row);

          if (in->round == 0)
            *in = (Numbered) { numbers[i].round, numbers[i].place, numbers[i].place };
          in->first_place = MIN (in->first_place, numbers[i].place);
          in->last_place = MAX (in->last_place, numbers[i].place);
        }
    }
  for (guint r = 0; r < rows->len; r++)
    {
      const Numbered *in = &g_array_index (rows, Numbered, r);

      if (in->round == 0)
        continue;
      if (in->round < before.round || (in->round == before.round && in->first_place <= before.last_place))
        {
          g_autofree char *all = all_rows (list);

          g_error ("%s: the row “%s” is numbered out of the game's count in\n%s", id,
                   cp_move_list_get_row_text (list, r), all);
        }
      before = *in;
    }
  cp_move_list_set_game (list, NULL);
}

/* Random games of every game, read by all and by the first seat. */
static void
test_every_game (void)
{
  guint n_rules;
  const CpRules *const *rules = cp_rules_list (&n_rules);
  CpMoveList *list = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));

  for (guint r = 0; r < n_rules; r++)
    for (guint n = rules[r]->min_seats; n <= MIN (rules[r]->max_seats, 4); n++)
      for (guint64 seed = 1; seed <= 3; seed++)
        {
          g_autoptr (CpGame) game = random_game (rules[r], n, seed, 80);

          for (guint seat = 0; seat < n; seat++)
            cp_player_set_name (cp_game_get_player (game, seat), names[seat]);
          g_test_message ("%s, %u players, seed %" G_GUINT64_FORMAT, rules[r]->id, n, seed);
          check_list (game, list, CP_VIEW_ALL);
          check_list (game, list, 0);
        }
  g_assert_finalize_object (list);
}

/* Rows kept in step with random games of every game, taken back action
 * by action and played again, read as rows written afresh. */
static void
test_every_game_step_by_step (void)
{
  guint n_rules;
  const CpRules *const *rules = cp_rules_list (&n_rules);

  for (guint r = 0; r < n_rules; r++)
    {
      g_autoptr (CpGame) whole = random_game (rules[r], MAX (rules[r]->min_seats, 2), 5, 50);
      g_autoptr (CpGame) game = random_game (rules[r], MAX (rules[r]->min_seats, 2), 5, 50);
      CpMoveList *list = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));
      CpMoveList *fresh = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));
      guint n = cp_game_get_n_actions (whole), start = cp_game_get_setup_length (whole);

      g_test_message ("%s", rules[r]->id);
      cp_move_list_set_game (list, game);
      /* Taken back to the set-up, then played again. */
      for (guint i = 0; i < 2 * (n - start); i++)
        {
          g_autofree char *kept = NULL, *written = NULL;

          if (i < n - start)
            cp_game_truncate (game, n - i - 1);
          else if (cp_game_get_n_actions (game) < n)
            cp_test_play_action (game, *cp_game_get_action (whole, cp_game_get_n_actions (game)));
          else
            break;
          cp_move_list_set_game (fresh, game);
          kept = all_rows (list);
          written = all_rows (fresh);
          g_assert_cmpstr (kept, ==, written);
          cp_move_list_set_game (fresh, NULL);
        }
      g_assert_cmpuint (cp_game_get_n_actions (game), ==, n);
      cp_move_list_set_game (list, NULL);
      g_assert_finalize_object (list);
      g_assert_finalize_object (fresh);
    }
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/move-list/four-players", test_four_players);
  g_test_add_func ("/move-list/three-players", test_three_players);
  g_test_add_func ("/move-list/step-by-step", test_step_by_step);
  g_test_add_func ("/move-list/two-players", test_two_players);
  g_test_add_func ("/move-list/every-game", test_every_game);
  g_test_add_func ("/move-list/every-game-step-by-step", test_every_game_step_by_step);
  return g_test_run ();
}
