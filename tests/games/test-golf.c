/* test-golf.c: Chess Golf, its moves, its solver and its rounds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-engine.h"
#include "cp-games.h"
#include "cp-golf-position.h"
#include "cp-test-util.h"

/* The first puzzle of the rules, rank 8 first: the white king and a black
 * bishop. */
#define EXAMPLE "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2"
/* The example deal, which the special move's example uses too. */
#define DEAL "5Q2/b6K/1B1n1N2/R5q1/1r2b3/1r1n1N2/5k2/2B3R1"

static CpGolfPosition
puzzle (const char *placement, const char *cards, const char *chosen)
{
  g_autoptr (GError) error = NULL;
  CpGolfPosition position;

  cp_golf_position_parse (&position, placement, cards, chosen, &error);
  g_assert_no_error (error);
  return position;
}

static CpGolfMove
golf_move (const char *text)
{
  char from[3] = { text[0], text[1], '\0' };

  return (CpGolfMove) { (guint8) cp_test_cell (from), (guint8) cp_test_cell (text + 2) };
}

static gboolean
is_legal (const CpGolfPosition *position, const char *text)
{
  CpGolfMove moves[CP_GOLF_MAX_MOVES], move = golf_move (text);
  guint n = cp_golf_position_moves (position, moves);

  for (guint i = 0; i < n; i++)
    if (moves[i].from == move.from && moves[i].to == move.to)
      return TRUE;
  return FALSE;
}

/* The cells the piece on @from may go to, as "a1 b2 ...". */
static char *
targets (const CpGolfPosition *position, const char *from)
{
  CpGolfMove moves[CP_GOLF_MAX_MOVES];
  guint n = cp_golf_position_moves (position, moves);
  GString *text = g_string_new (NULL);

  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    for (guint i = 0; i < n; i++)
      if (moves[i].from == cp_test_cell (from) && moves[i].to == cell)
        g_string_append_printf (text, "%s%c%c", text->len > 0 ? " " : "", 'a' + cell % 8, '1' + cell / 8);
  return g_string_free (text, FALSE);
}

/* Plays the moves of @line, each legal; returns whether they solve. */
static gboolean
play_line (CpGolfPosition position, const char *line)
{
  g_auto (GStrv) moves = g_strsplit (line, " ", -1);

  for (guint i = 0; moves[i] != NULL; i++)
    {
      CpGolfMove move = golf_move (moves[i]);

      if (!is_legal (&position, moves[i]))
        g_error ("%s is not legal in %s", moves[i], line);
      g_assert_false (cp_golf_position_is_solved (&position));
      cp_golf_position_make (&position, &move);
    }
  return cp_golf_position_is_solved (&position);
}

static guint
solve (const CpGolfPosition *position, guint bound, CpGolfSolution *solution)
{
  CpGolfResult result = cp_golf_solve (position, bound, 0, NULL, solution);

  g_assert_cmpint (result, !=, CP_GOLF_CANCELLED);
  return result == CP_GOLF_FOUND ? solution->n_moves : 0;
}

static char *
line_text (const CpGolfSolution *solution)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < solution->n_moves; i++)
    g_string_append_printf (text, "%s%c%c%c%c", i > 0 ? " " : "",
                            'a' + solution->moves[i].from % 8, '1' + solution->moves[i].from / 8,
                            'a' + solution->moves[i].to % 8, '1' + solution->moves[i].to / 8);
  return g_string_free (text, FALSE);
}

/* Pieces borrow the moves of neighbours of their own colour only. */
static void
test_borrowing (void)
{
  CpGolfPosition position = puzzle (EXAMPLE, "Kb", NULL);
  g_autofree char *bishop = targets (&position, "e5");
  g_autofree char *king = targets (&position, "h2");
  g_autofree char *lone = targets (&position, "a2");
  g_autofree char *rook = targets (&position, "b5");
  g_autofree char *knight = targets (&position, "f3");

  /* The bishop on e5 has the black knight of d6 beside it: knight's moves
   * only, and it may not take the pieces there that are not chosen. */
  g_assert_cmpstr (bishop, ==, "c4 c6 g6 d7");
  g_assert_cmpstr (king, ==, "");
  g_assert_cmpstr (lone, ==, "");
  /* The black rooks lend each other straight moves, which stop at the
   * first piece. */
  g_assert_cmpstr (rook, ==, "b4 a5 c5 d5");
  /* Nothing of the knight's own colour is beside it. */
  g_assert_cmpstr (knight, ==, "");
}

/* The worked example: 3 moves, by either of the text's two lines, and a
 * line of 3 in which the white king takes, by the special step. */
static void
test_example (void)
{
  CpGolfPosition position = puzzle (EXAMPLE, "Kb", NULL);
  CpGolfPosition king_only = puzzle (EXAMPLE, "Kb", "h2,a2,e5");
  CpGolfSolution solution;
  g_autofree char *line = NULL;

  g_assert_cmpuint (solve (&position, 10, &solution), ==, 3);
  line = line_text (&solution);
  g_assert_true (play_line (position, line));
  g_assert_true (play_line (position, "e5g6 g6h5 h5h2"));
  g_assert_true (play_line (position, "b3c3 b5b3 a2h2"));
  /* Neither line is shorter than 3: none of 2 exists. */
  g_assert_cmpuint (solve (&position, 2, &solution), ==, 0);

  /* The queen on f1 has no neighbour; once the bishop leaves b3, White
   * has no two pieces side by side, and every white piece steps like a
   * king. */
  g_assert_true (play_line (king_only, "b3b1 f1g1 h2a2"));
  g_assert_false (is_legal (&king_only, "f1g1"));
}

/* The special move's example: the knight on f6 takes the black queen
 * with a king's step once the bishop breaks the last white pair. */
static void
test_special_step (void)
{
  CpGolfPosition position = puzzle (DEAL, "qN", NULL);
  CpGolfPosition after = position;
  CpGolfMove move = golf_move ("b6c6");
  CpGolfSolution solution;

  g_assert_false (is_legal (&position, "f6g5"));
  cp_golf_position_make (&after, &move);
  g_assert_true (is_legal (&after, "f6g5"));
  g_assert_true (play_line (position, "b6c6 f6g5"));
  g_assert_cmpuint (solve (&position, 10, &solution), ==, 2);
}

/* With three cards, one piece makes every capture, and its victims are
 * of the other cards' types, counted with repetition. */
static void
test_three_cards (void)
{
  CpGolfPosition position = puzzle ("8/3n4/4n3/8/3QK3/8/8/8", "Knn", NULL);
  CpGolfPosition after = position;
  CpGolfMove move = golf_move ("e4e6");
  CpGolfSolution solution;

  g_assert_true (play_line (position, "e4e6 e6d7"));
  g_assert_cmpuint (solve (&position, 10, &solution), ==, 2);
  cp_golf_position_make (&after, &move);
  g_assert_false (cp_golf_position_is_solved (&after));
  g_assert_cmpuint (cp_golf_position_captures_left (&after), ==, 1);
  /* The knight left may step like a king, but not to take the king: only
   * the king takes from now on. */
  g_assert_true (is_legal (&after, "d7d8"));
  g_assert_false (is_legal (&after, "d7e6"));
  /* One knight is not enough for two knight cards. */
  position = puzzle ("8/3n4/8/8/3QK3/8/8/8", "Knn", NULL);
  g_assert_cmpuint (solve (&position, 6, &solution), ==, 0);
}

/* Cards of one type: one piece of it takes the other. */
static void
test_same_type (void)
{
  CpGolfPosition position = puzzle (EXAMPLE, "rr", NULL);
  CpGolfSolution solution;

  /* The rooks on b6 and b5 lend each other straight moves. */
  g_assert_true (play_line (position, "b5b6"));
  g_assert_cmpuint (solve (&position, 10, &solution), ==, 1);
  /* A single white queen has nothing to take. */
  position = puzzle (EXAMPLE, "QQ", NULL);
  g_assert_cmpuint (solve (&position, 6, &solution), ==, 0);
}

/* Only chosen pieces capture and are captured: --chosen narrows them. */
static void
test_chosen (void)
{
  CpGolfPosition position = puzzle (EXAMPLE, "rr", "b6");
  CpGolfSolution solution;

  g_assert_false (is_legal (&position, "b5b6"));
  g_assert_cmpuint (solve (&position, 5, &solution), ==, 0);
}

static void
test_bad_input (void)
{
  const char *bad[][3] = {
    { "8/8/8/8/8/8/8/8/8", "Kb", NULL },
    { "8/8/8/8/8/8/8/P7", "Kb", NULL },
    { "8/8/8/8/8/8/8/7", "Kb", NULL },
    { EXAMPLE, "K", NULL },
    { EXAMPLE, "Kp", NULL },
    { EXAMPLE, "Kb", "e4" },
    { EXAMPLE, "Kb", "i9" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      CpGolfPosition position;

      g_assert_false (cp_golf_position_parse (&position, bad[i][0], bad[i][1], bad[i][2], &error));
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
    }
}

/* The fewest moves by a plain breadth-first search, up to @depth. */
static guint
breadth_first (const CpGolfPosition *start, guint depth)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_bytes_hash, g_bytes_equal, (GDestroyNotify) g_bytes_unref, NULL);
  g_autoptr (GArray) level = g_array_new (FALSE, FALSE, sizeof (CpGolfPosition));

  g_array_append_val (level, *start);
  for (guint d = 1; d <= depth; d++)
    {
      g_autoptr (GArray) next = g_array_new (FALSE, FALSE, sizeof (CpGolfPosition));

      for (guint i = 0; i < level->len; i++)
        {
          CpGolfMove moves[CP_GOLF_MAX_MOVES];
          const CpGolfPosition *position = &g_array_index (level, CpGolfPosition, i);
          guint n = cp_golf_position_moves (position, moves);

          for (guint m = 0; m < n; m++)
            {
              CpGolfPosition child = *position;
              GBytes *key;

              cp_golf_position_make (&child, &moves[m]);
              if (cp_golf_position_is_solved (&child))
                return d;
              key = g_bytes_new (&child, sizeof child);
              if (g_hash_table_add (seen, key))
                g_array_append_val (next, child);
            }
        }
      g_array_unref (g_steal_pointer (&level));
      level = g_steal_pointer (&next);
    }
  return 0;
}

/* On dealt puzzles, the solver agrees with a search that tries
 * everything. */
static void
test_against_breadth_first (void)
{
  static const guint8 deck[16] = {
    CP_PIECE_KNIGHT, CP_PIECE_KNIGHT, CP_PIECE_BISHOP, CP_PIECE_BISHOP, CP_PIECE_ROOK, CP_PIECE_ROOK,
    CP_PIECE_QUEEN, CP_PIECE_KING,
    CP_PIECE_KNIGHT | CP_GOLF_BLACK, CP_PIECE_KNIGHT | CP_GOLF_BLACK, CP_PIECE_BISHOP | CP_GOLF_BLACK,
    CP_PIECE_BISHOP | CP_GOLF_BLACK, CP_PIECE_ROOK | CP_GOLF_BLACK, CP_PIECE_ROOK | CP_GOLF_BLACK,
    CP_PIECE_QUEEN | CP_GOLF_BLACK, CP_PIECE_KING | CP_GOLF_BLACK,
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (18);
  guint compared = 0;

  for (guint deal = 0; deal < 12; deal++)
    {
      guint8 cards[16];
      CpGolfPosition position;
      CpGolfSolution solution;
      guint n_cards = deal % 3 == 2 ? 3 : 2, optimum;

      memcpy (cards, deck, sizeof cards);
      for (guint i = 15; i > 0; i--)
        {
          guint j = (guint) g_rand_int_range (rand, 0, (gint32) i + 1);
          guint8 t = cards[i];

          cards[i] = cards[j];
          cards[j] = t;
        }
      cp_golf_position_lay_out (&position, cards, 16);
      position.n_cards = (guint8) n_cards;
      memcpy (position.cards, cards, n_cards);
      cp_golf_position_choose (&position);
      optimum = solve (&position, 3, &solution);
      g_assert_cmpuint (breadth_first (&position, 3), ==, optimum);
      if (optimum > 0)
        {
          g_autofree char *line = line_text (&solution);

          g_assert_true (play_line (position, line));
          compared++;
        }
    }
  g_assert_cmpuint (compared, >, 3);
}

/* The text's example deal: the white bishop first, the white queen
 * last. */
static void
test_deal (void)
{
  static const char order[] = "BRkrnNrbRqBnNbKQ";
  guint8 pieces[16];
  CpGolfPosition expected = puzzle (DEAL, "Kb", NULL), position;
  g_autoptr (CpState) state = cp_test_new_state ("golf", 2, NULL);

  for (guint i = 0; i < 16; i++)
    {
      CpPieceKind kind;

      g_assert_true (cp_piece_kind_from_letter (order[i], &kind));
      pieces[i] = (guint8) (kind | (g_ascii_islower (order[i]) ? CP_GOLF_BLACK : 0));
    }
  cp_golf_position_lay_out (&position, pieces, 16);
  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    g_assert_cmpuint (position.cells[cell], ==, CP_GOLF_TYPE (expected.cells[cell]));

  cp_golf_lay_out (state, pieces);
  g_assert_cmpuint (state->cells[cp_test_cell ("c1")].kind, ==, CP_PIECE_BISHOP);
  g_assert_cmpuint (state->cells[cp_test_cell ("c1")].seat, ==, 0);
  g_assert_cmpuint (state->cells[cp_test_cell ("f2")].kind, ==, CP_PIECE_KING);
  g_assert_cmpuint (state->cells[cp_test_cell ("f2")].seat, ==, 1);
  g_assert_cmpuint (state->cells[cp_test_cell ("f8")].kind, ==, CP_PIECE_QUEEN);
}

/* The command line prints the optimum and a solution. */
static void
test_command_line (void)
{
  const char *program = g_getenv ("CP_PROGRAM");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  int status;
  const char *argv[] = { program, "--golf-solve", EXAMPLE, "--cards", "Kb", NULL };
  const char *none[] = { program, "--golf-solve", EXAMPLE, "--cards", "rr", "--chosen", "b6", "--max-moves", "4", NULL };

  if (program == NULL)
    {
      g_test_skip ("CP_PROGRAM is not set");
      return;
    }
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "optimal: 3");
  g_assert_true (play_line (puzzle (EXAMPLE, "Kb", NULL), lines[1]));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_spawn_sync (NULL, (char **) none, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (out, ==, "impossible\n");
}

/* Rounds. */

static CpAction
find_action (CpGame *game, guint seat, CpActionType type, guint value)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (cp_game_get_state (game), seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == type && legal.items[i].value == value)
      return legal.items[i];
  g_error ("no action of type %u and value %u for seat %u", type, value, seat);
}

static void
bid (CpGame *game, guint seat, guint moves)
{
  cp_test_play_action (game, find_action (game, seat, CP_ACTION_COMMIT, moves));
}

/* The puzzle of the hole at hand, as the solver sees it. */
static CpGolfPosition
hole_position (CpGame *game)
{
  const CpState *state = cp_game_get_state (game);
  CpCardTable table;
  CpGolfPosition position = { 0 };

  cp_game_get_rules (game)->cards (state, &table);
  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    if (!CP_PIECE_IS_EMPTY (&state->cells[cell]))
      position.cells[cell] = (guint8) (state->cells[cell].kind | (state->cells[cell].seat ? CP_GOLF_BLACK : 0));
  for (guint seat = 0; seat < state->n_seats; seat++)
    for (guint i = 0; i < cp_hand_count (&table.up[seat]); i++)
      {
        CpPieceKind kind;
        CpColour colour;

        g_assert_true (cp_card_get_piece (cp_hand_get (&table.up[seat], i), &kind, &colour));
        position.cards[position.n_cards++] = (guint8) (kind | (colour == CP_COLOUR_BLACK ? CP_GOLF_BLACK : 0));
      }
  position.capturer = 0xff;
  cp_golf_position_choose (&position);
  return position;
}

static void
demonstrate (CpGame *game, guint seat, const CpGolfSolution *solution)
{
  for (guint i = 0; i < solution->n_moves; i++)
    {
      CpAction move;

      cp_action_init_move (&move, seat, solution->moves[i].from, solution->moves[i].to);
      if (!CP_PIECE_IS_EMPTY (&cp_game_get_state (game)->cells[solution->moves[i].to]))
        move.flags |= CP_ACTION_FLAG_CAPTURE;
      cp_test_play_action (game, move);
    }
}

/* Puts every captured piece back on the first empty cell it may go to. */
static void
put_back (CpGame *game, guint seat)
{
  for (;;)
    {
      g_auto (CpActionList) legal = { 0 };

      cp_state_legal (cp_game_get_state (game), seat, &legal);
      if (legal.len == 0 || legal.items[0].type != CP_ACTION_PLACE)
        return;
      cp_test_play_action (game, legal.items[0]);
    }
}

/* The score card as everyone sees it: its only table. */
static CpPresentation *
score_card (CpGame *game)
{
  g_autoptr (CpView) view = cp_game_view (game, CP_VIEW_ALL);
  CpPresentation *shown = cp_game_present (game, view);

  g_assert_cmpuint (shown->grids->len, ==, 1);
  g_assert_nonnull (g_array_index (shown->grids, CpGrid, 0).words);
  return shown;
}

/* Before the first reveal, the score card says nothing of par: its
 * cells are empty, not 0; a column for each hole and the total, a row
 * for par and one for each player, headed by the player's name. */
static void
test_score_card (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("golf", 3, 7, NULL);
  g_autoptr (CpPresentation) before = score_card (game);
  g_autoptr (CpPresentation) after = NULL;
  const CpGrid *card = &g_array_index (before->grids, CpGrid, 0);
  CpGolfPosition position = hole_position (game);
  CpGolfSolution solution;
  guint par = solve (&position, 10, &solution);
  g_autofree char *par_word = g_strdup_printf ("%u", par);

  g_assert_cmpuint (card->n_rows, ==, 4);
  g_assert_cmpuint (card->n_columns, ==, 10);
  g_assert_cmpstr (cp_grid_get_word (card, 0, 1), ==, "1");
  g_assert_cmpstr (cp_grid_get_word (card, 0, 9), ==, "9");
  for (guint seat = 0; seat < 3; seat++)
    g_assert_cmpstr (cp_grid_get_word (card, seat + 2, 0), ==,
                     cp_player_get_name (cp_game_get_player (game, seat)));
  for (guint row = 1; row <= 4; row++)
    for (guint column = 1; column <= 10; column++)
      g_assert_cmpstr (cp_grid_get_word (card, row, column), ==, "");
  g_assert_nonnull (strstr (cp_grid_get_name (card, 1, 1), "not known"));
  /* Bids alone do not show par: the reveal does. */
  bid (game, 0, par);
  bid (game, 1, par + 1);
  {
    g_autoptr (CpPresentation) sealed = score_card (game);

    g_assert_cmpstr (cp_grid_get_word (&g_array_index (sealed->grids, CpGrid, 0), 1, 1), ==, "");
  }
  bid (game, 2, par + 2);
  after = score_card (game);
  card = &g_array_index (after->grids, CpGrid, 0);
  g_assert_cmpstr (cp_grid_get_word (card, 1, 1), ==, par_word);
  g_assert_cmpstr (cp_grid_get_word (card, 1, 2), ==, "");
  g_assert_cmpstr (cp_grid_get_word (card, 1, 10), ==, par_word);
  /* No scores before the demonstration. */
  g_assert_cmpstr (cp_grid_get_word (card, 2, 1), ==, "");
  g_assert_cmpstr (cp_grid_get_word (card, 2, 10), ==, "");
}

/* A bid's button shows its number, and says in words what it bids, for
 * its tooltip and for screen readers. */
static void
test_bid_buttons (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("golf", 2, 7, NULL);
  g_autoptr (CpView) view = cp_game_view (game, 0);
  g_autoptr (CpPresentation) shown = cp_game_present (game, view);
  const CpButton *three = cp_presentation_find_button (shown, "bid-3");
  const CpButton *one = cp_presentation_find_button (shown, "bid-1");
  const CpButton *impossible = cp_presentation_find_button (shown, "bid-0");

  g_assert_nonnull (three);
  g_assert_cmpstr (three->label, ==, "_3");
  g_assert_cmpstr (three->tooltip, ==, "Bid 3 moves");
  g_assert_cmpstr (one->tooltip, ==, "Bid 1 move");
  g_assert_cmpstr (impossible->label, ==, "_Impossible");
  g_assert_cmpstr (impossible->tooltip, ==, "Bid that there is no way to make the capture");
}

/* The dealer drawn at random is named in the move text by their
 * player's name, and by the seat's name where no players are known. */
static void
test_dealer_named (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("golf", 3, 7, NULL);
  static const char *const names[] = { "Ada", "Ben", "Cleo" };
  const CpAction *roll = NULL;
  guint index;

  for (guint seat = 0; seat < 3; seat++)
    cp_player_set_name (cp_game_get_player (game, seat), names[seat]);
  for (index = 0; index < cp_game_get_n_actions (game); index++)
    if ((roll = cp_game_get_action (game, index))->type == CP_ACTION_ROLL)
      break;
  g_assert_cmpuint (index, <, cp_game_get_n_actions (game));
  g_assert_cmpuint (roll->value, <, 3);
  {
    g_autofree char *text = cp_game_format_action (game, index, CP_NOTATION_SAN);
    g_autofree char *wanted = g_strdup_printf ("%s deals first", names[roll->value]);
    g_autoptr (CpState) before = cp_game_state_at (game, index);
    g_autofree char *plain = cp_state_format (before, roll, CP_NOTATION_SAN);
    g_autofree char *seat = g_strdup_printf ("%s deals first", cp_rules_seat_name (before->rules, roll->value));

    g_assert_cmpstr (text, ==, wanted);
    g_assert_cmpstr (plain, ==, seat);
  }
}

/* Three players: a failed demonstration, a success, a wrong
 * "impossible", and the deal passing on. */
static void
test_hole (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("golf", 3, 7, NULL);
  const CpState *state = cp_game_get_state (game);
  CpGolfPosition position = hole_position (game);
  CpGolfSolution solution;
  guint par = solve (&position, 10, &solution);
  guint dealer, first, second;
  CpSeatMask pending = cp_state_pending (state);

  g_assert_cmpuint (position.n_cards, ==, 2);
  g_assert_cmpuint (pending, ==, 7);
  g_assert_cmpint (cp_golf_get_par (state, 0), ==, -1);
  g_assert_cmpuint (par, >=, 2);
  /* Whoever deals, the lowest bidder goes first: here the dealer's left
   * neighbour, with one move too few. */
  for (dealer = 0; dealer < 3; dealer++)
    {
      CpCardTable table;

      cp_game_get_rules (game)->cards (state, &table);
      if (cp_hand_count (&table.up[dealer]) > 0)
        break;
    }
  g_assert_cmpuint (dealer, <, 3);
  first = (dealer + 1) % 3;
  second = (dealer + 2) % 3;
  bid (game, first, par - 1);
  bid (game, second, par);
  bid (game, dealer, 0);
  g_assert_cmpint (cp_golf_get_par (cp_game_get_state (game), 0), ==, (int) par);
  /* The first bidder gives up: the highest other bid plus one. */
  g_assert_cmpuint (cp_state_pending (cp_game_get_state (game)), ==, CP_SEAT_BIT (first));
  cp_test_play_action (game, find_action (game, first, CP_ACTION_PASS, 0));
  g_assert_cmpuint (cp_state_pending (cp_game_get_state (game)), ==, CP_SEAT_BIT (second));
  demonstrate (game, second, &solution);
  put_back (game, second);
  state = cp_game_get_state (game);
  g_assert_cmpint (cp_golf_get_score (state, 0, first), ==, (int) par + 1);
  g_assert_cmpint (cp_golf_get_score (state, 0, second), ==, (int) par);
  g_assert_cmpint (cp_golf_get_score (state, 0, dealer), ==, (int) par + 1);
  /* The score card: the penalties marked, par of the first hole only. */
  {
    g_autoptr (CpPresentation) shown = score_card (game);
    const CpGrid *card = &g_array_index (shown->grids, CpGrid, 0);
    g_autofree char *par_word = g_strdup_printf ("%u", par);
    g_autofree char *failed_word = g_strdup_printf ("%u!", par + 1);
    g_autofree char *failed_total = g_strdup_printf ("%u", par + 1);

    g_assert_cmpstr (cp_grid_get_word (card, 1, 1), ==, par_word);
    g_assert_cmpstr (cp_grid_get_word (card, 1, 2), ==, "");
    g_assert_cmpstr (cp_grid_get_word (card, 1, 10), ==, par_word);
    g_assert_cmpstr (cp_grid_get_word (card, first + 2, 1), ==, failed_word);
    g_assert_cmpstr (cp_grid_get_word (card, first + 2, 10), ==, failed_total);
    g_assert_cmpstr (cp_grid_get_word (card, second + 2, 1), ==, par_word);
    g_assert_cmpstr (cp_grid_get_word (card, second + 2, 10), ==, par_word);
    /* The wrong "impossible" is a penalty too. */
    g_assert_cmpstr (cp_grid_get_word (card, dealer + 2, 1), ==, failed_word);
    g_assert_cmpstr (cp_grid_get_word (card, dealer + 2, 2), ==, "");
  }
  /* All sixteen pieces are back, and the deal has passed on. */
  {
    guint n = 0;
    CpCardTable table;

    for (guint cell = 0; cell < 64; cell++)
      n += !CP_PIECE_IS_EMPTY (&state->cells[cell]);
    g_assert_cmpuint (n, ==, 16);
    cp_game_get_rules (game)->cards (state, &table);
    g_assert_cmpuint (cp_hand_count (&table.up[first]), ==, 2);
  }
}

/* A failed demonstration runs out of moves; the pieces go back. */
static void
test_failed_demonstration (void)
{
  g_autoptr (CpGame) game = NULL;
  CpGolfPosition position;
  CpGolfSolution solution;
  CpPiece before[64];
  g_auto (CpActionList) legal = { 0 };
  guint seat;

  /* The first deal from seed 11 on where no single move solves. */
  for (guint64 seed = 11;; seed++)
    {
      g_clear_object (&game);
      game = cp_test_new_game ("golf", 2, seed, NULL);
      position = hole_position (game);
      if (solve (&position, 10, &solution) >= 2)
        break;
    }
  memcpy (before, cp_game_get_state (game)->cells, sizeof before);
  bid (game, 0, 1);
  bid (game, 1, 5);
  seat = (guint) __builtin_ctz (cp_state_pending (cp_game_get_state (game)));
  g_assert_cmpuint (seat, ==, 0);
  /* One move that solves nothing ends the demonstration. */
  cp_state_legal (cp_game_get_state (game), 0, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_MOVE && !(legal.items[i].flags & CP_ACTION_FLAG_CAPTURE))
      {
        cp_test_play_action (game, legal.items[i]);
        break;
      }
  g_assert_cmpmem (cp_game_get_state (game)->cells, sizeof before, before, sizeof before);
  g_assert_cmpuint (cp_state_pending (cp_game_get_state (game)), ==, CP_SEAT_BIT (1));
  cp_test_play_action (game, find_action (game, 1, CP_ACTION_PASS, 0));
  /* Nobody showed a way: both paid. */
  g_assert_cmpint (cp_golf_get_score (cp_game_get_state (game), 0, 0), ==, 6);
  g_assert_cmpint (cp_golf_get_score (cp_game_get_state (game), 0, 1), ==, 2);
}

static guint
count_pieces (CpGame *game)
{
  guint n = 0;

  for (guint cell = 0; cell < 64; cell++)
    n += !CP_PIECE_IS_EMPTY (&cp_game_get_state (game)->cells[cell]);
  return n;
}

/* Both bid alike, so the dealer deals three cards from the next hole on;
 * there, a demonstration that fails after its first capture leaves no
 * piece to put back, and the one that succeeds puts back its two. */
static void
test_three_card_hole (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("golf", 2, 5, NULL);
  CpGolfPosition position = hole_position (game);
  CpGolfSolution solution;
  guint par = solve (&position, 10, &solution);
  guint first, second;

  g_assert_cmpuint (par, >, 0);
  bid (game, 0, par);
  bid (game, 1, par);
  first = (guint) __builtin_ctz (cp_state_pending (cp_game_get_state (game)));
  demonstrate (game, first, &solution);
  put_back (game, first);
  g_assert_cmpuint (count_pieces (game), ==, 16);
  /* The dealer raises the difficulty. */
  first = (guint) __builtin_ctz (cp_state_pending (cp_game_get_state (game)));
  cp_test_play_action (game, find_action (game, first, CP_ACTION_DRAW_CARD, 0));

  position = hole_position (game);
  g_assert_cmpuint (position.n_cards, ==, 3);
  par = solve (&position, 10, &solution);
  g_assert_cmpuint (par, >=, 2);
  bid (game, 0, par);
  bid (game, 1, par + 1);
  second = 1;
  /* Up to the first capture, then the first bidder gives up. */
  for (guint i = 0; i < solution.n_moves; i++)
    {
      CpGolfMove *move = &solution.moves[i];
      CpAction action;
      gboolean capture = !CP_PIECE_IS_EMPTY (&cp_game_get_state (game)->cells[move->to]);

      cp_action_init_move (&action, 0, move->from, move->to);
      action.flags = capture ? CP_ACTION_FLAG_CAPTURE : 0;
      cp_test_play_action (game, action);
      if (capture)
        break;
    }
  g_assert_cmpuint (count_pieces (game), ==, 15);
  cp_test_play_action (game, find_action (game, 0, CP_ACTION_PASS, 0));
  g_assert_cmpuint (count_pieces (game), ==, 16);
  demonstrate (game, second, &solution);
  g_assert_cmpuint (count_pieces (game), ==, 14);
  put_back (game, second);
  g_assert_cmpuint (count_pieces (game), ==, 16);
  g_assert_cmpint (cp_golf_get_score (cp_game_get_state (game), 1, 0), ==, (int) par + 2);
  g_assert_cmpint (cp_golf_get_score (cp_game_get_state (game), 1, 1), ==, (int) par + 1);
}

/* Alone against par, with hints, over nine holes. */
static void
test_solo (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("golf", 1, 5, NULL);
  const CpRules *rules = cp_game_get_rules (game);
  guint total = 0, par_total = 0;

  for (guint hole = 0; hole < 9; hole++)
    {
      const CpState *state = cp_game_get_state (game);
      CpAction hint;
      guint bid_made;

      g_assert_true (rules->advise (state, 0, 0, NULL, &hint));
      g_assert_cmpuint (hint.type, ==, CP_ACTION_COMMIT);
      bid_made = hint.value;
      cp_test_play_action (game, hint);
      /* Every move shown is a hint: the next move of a shortest way. */
      while (cp_state_pending (cp_game_get_state (game)) == CP_SEAT_BIT (0)
             && rules->advise (cp_game_get_state (game), 0, 0, NULL, &hint))
        cp_test_play_action (game, hint);
      put_back (game, 0);
      /* Raising the difficulty when asked. */
      if (!cp_state_is_over (cp_game_get_state (game)))
        {
          g_auto (CpActionList) legal = { 0 };

          cp_state_legal (cp_game_get_state (game), 0, &legal);
          if (legal.len == 2 && legal.items[0].type == CP_ACTION_DRAW_CARD)
            cp_test_play_action (game, legal.items[hole % 2]);
        }
      state = cp_game_get_state (game);
      g_assert_cmpint (cp_golf_get_score (state, hole, 0), ==, (int) bid_made);
      g_assert_cmpint (cp_golf_get_par (state, hole), ==, (int) bid_made);
      total += bid_made;
      par_total += (guint) cp_golf_get_par (state, hole);
    }
  g_assert_true (cp_state_is_over (cp_game_get_state (game)));
  g_assert_cmpuint (cp_game_get_outcome (game)->status, ==, CP_STATUS_WON);
  g_assert_cmpuint (total, ==, par_total);
}

/* A hint to a sealed bid (par) stays the bidder's own. */
static void
test_secret_hint (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("golf", 2, 9, NULL);
  const CpRules *rules = cp_game_get_rules (game);
  CpAction suggested, hint;
  guint n;

  g_assert_true (rules->advise (cp_game_get_state (game), 1, 0, NULL, &suggested));
  g_assert_true (cp_action_init_hint (&hint, &suggested));
  g_assert_cmpuint (hint.visible, ==, CP_SEAT_BIT (1));
  cp_test_play_action (game, hint);
  n = cp_game_get_n_actions (game);
  {
    g_autoptr (CpView) mine = cp_game_view (game, 1);
    g_autoptr (CpView) other = cp_game_view (game, 0);

    g_assert_cmpuint (cp_view_get_action (mine, n - 1)->value, ==, hint.value);
    g_assert_true (cp_view_get_action (other, n - 1)->flags & CP_ACTION_FLAG_REDACTED);
    g_assert_cmpuint (cp_view_get_action (other, n - 1)->value, ==, 0);
  }
}

/* A solo game whose first hole needs two moves at least. */
static CpGame *
solo_game (guint *par, CpGolfSolution *solution)
{
  for (guint64 seed = 5;; seed++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("golf", 1, seed, NULL);
      CpGolfPosition position = hole_position (game);

      *par = solve (&position, 10, solution);
      if (*par >= 2)
        return g_steal_pointer (&game);
    }
}

/* Out of time, the solver stops without an answer, and the advice on a
 * bid is "impossible", where a person's bid falls back when the timer
 * runs out; with time enough it is par. */
static void
test_out_of_time (void)
{
  CpGolfSolution solution, again;
  guint par;
  g_autoptr (CpGame) game = solo_game (&par, &solution);
  CpGolfPosition position = hole_position (game);
  const CpRules *rules = cp_game_get_rules (game);
  gint64 later = g_get_monotonic_time () + 600 * G_USEC_PER_SEC;
  CpAction hint;

  g_assert_cmpint (cp_golf_solve (&position, 10, 1, NULL, &again), ==, CP_GOLF_CANCELLED);
  g_assert_cmpint (cp_golf_solve (&position, 10, later, NULL, &again), ==, CP_GOLF_FOUND);
  g_assert_cmpuint (again.n_moves, ==, par);
  g_assert_true (rules->advise (cp_game_get_state (game), 0, 1, NULL, &hint));
  g_assert_cmpuint (hint.type, ==, CP_ACTION_COMMIT);
  g_assert_cmpuint (hint.value, ==, 0);
  g_assert_true (rules->advise (cp_game_get_state (game), 0, later, NULL, &hint));
  g_assert_cmpuint (hint.value, ==, par);
}

/* A cancelled search gives no advice: what comes without one was kept. */
static gboolean
advise_without_search (CpGame *game, CpAction *hint)
{
  g_autoptr (GCancellable) cancelled = g_cancellable_new ();

  g_cancellable_cancel (cancelled);
  return cp_game_get_rules (game)->advise (cp_game_get_state (game), 0, 0, cancelled, hint);
}

/* The reveal keeps a shortest way, which the hints of a demonstration
 * follow without searching again, as long as the moves made follow it. */
static void
test_advise_from_par (void)
{
  CpGolfSolution solution;
  guint par;
  g_autoptr (CpGame) game = solo_game (&par, &solution);
  const CpAction *reveal;
  CpAction hint;

  /* While bidding, par is not proven yet: the hint searches. */
  g_assert_false (advise_without_search (game, &hint));
  bid (game, 0, par);
  reveal = cp_game_get_action (game, cp_game_get_n_actions (game) - 1);
  g_assert_cmpuint (reveal->type, ==, CP_ACTION_REVEAL);
  g_assert_cmpuint (reveal->value, ==, par + 1);
  g_assert_cmpuint (reveal->n_cells, ==, 2 * par);
  for (guint i = 0; i < par; i++)
    {
      g_assert_true (advise_without_search (game, &hint));
      g_assert_cmpuint (hint.type, ==, CP_ACTION_MOVE);
      /* The way the reveal carried, move by move. */
      reveal = NULL;
      for (guint a = cp_game_get_n_actions (game); a > 0 && reveal == NULL; a--)
        if (cp_game_get_action (game, a - 1)->type == CP_ACTION_REVEAL)
          reveal = cp_game_get_action (game, a - 1);
      g_assert_cmpuint (hint.cells[0], ==, reveal->cells[2 * i]);
      g_assert_cmpuint (hint.cells[1], ==, reveal->cells[2 * i + 1]);
      cp_test_play_action (game, hint);
    }
  put_back (game, 0);
  g_assert_cmpint (cp_golf_get_score (cp_game_get_state (game), 0, 0), ==, (int) par);
}

/* Off the kept way, the hint searches from where the pieces stand; a
 * bid below par has no way at all; a way a record carries that does not
 * lead to the end in par moves is not kept. */
static void
test_advise_off_way (void)
{
  CpGolfSolution solution;
  guint par;
  g_autoptr (CpGame) game = solo_game (&par, &solution);
  g_autoptr (CpGame) short_bid = solo_game (&par, &solution);
  g_autoptr (CpGame) forged = solo_game (&par, &solution);
  g_auto (CpActionList) legal = { 0 };
  g_autoptr (GError) error = NULL;
  CpAction hint, reveal, commit;
  const CpAction *kept;

  /* A first move off the way. */
  bid (game, 0, 10);
  kept = cp_game_get_action (game, cp_game_get_n_actions (game) - 1);
  cp_state_legal (cp_game_get_state (game), 0, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_MOVE
        && (legal.items[i].cells[0] != kept->cells[0] || legal.items[i].cells[1] != kept->cells[1]))
      {
        cp_test_play_action (game, legal.items[i]);
        break;
      }
  g_assert_false (advise_without_search (game, &hint));
  g_assert_true (cp_game_get_rules (game)->advise (cp_game_get_state (game), 0, 0, NULL, &hint));

  /* One move too few: give up, no search needed. */
  bid (short_bid, 0, par - 1);
  g_assert_true (advise_without_search (short_bid, &hint));
  g_assert_cmpuint (hint.type, ==, CP_ACTION_PASS);

  /* A reveal whose way is the right one backwards. */
  commit = find_action (forged, 0, CP_ACTION_COMMIT, par);
  g_assert_true (cp_game_append (forged, &commit, &error));
  g_assert_no_error (error);
  cp_action_init (&reveal, CP_ACTION_REVEAL, CP_SEAT_CHANCE);
  reveal.value = par + 1;
  reveal.n_cells = (guint8) (2 * par);
  for (guint i = 0; i < par; i++)
    {
      reveal.cells[2 * i] = solution.moves[par - 1 - i].from;
      reveal.cells[2 * i + 1] = solution.moves[par - 1 - i].to;
    }
  g_assert_true (cp_game_append (forged, &reveal, &error));
  g_assert_no_error (error);
  g_assert_false (advise_without_search (forged, &hint));
  g_assert_true (cp_game_get_rules (forged)->advise (cp_game_get_state (forged), 0, 0, NULL, &hint));
  g_assert_cmpuint (hint.type, ==, CP_ACTION_MOVE);
}

/* Alone, a wrong "impossible" costs par and a point. */
static void
test_solo_wrong_call (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("golf", 1, 5, NULL);
  CpGolfPosition position = hole_position (game);
  CpGolfSolution solution;
  guint par = solve (&position, 10, &solution);

  g_assert_cmpuint (par, >, 0);
  bid (game, 0, 0);
  g_assert_cmpint (cp_golf_get_score (cp_game_get_state (game), 0, 0), ==, (int) par + 1);
}

/* Alone, giving up after any bid scores a penalty, and what the player
 * is told after the hole never says they made par: with par 1 or more,
 * a bid from 1 to 10 given up scores the higher of the bid and par, plus
 * one, which the score card marks. */
static void
test_solo_give_up (void)
{
  CpGolfSolution solution;
  guint par;

  for (guint moves = 1; moves <= 10; moves++)
    {
      g_autoptr (CpGame) game = solo_game (&par, &solution);
      g_autoptr (CpPresentation) card = NULL;
      g_autoptr (CpView) view = NULL;
      g_autoptr (CpPresentation) shown = NULL;
      guint expected = MAX (moves, par) + 1;
      g_autofree char *word = g_strdup_printf ("%u!", expected);

      bid (game, 0, moves);
      g_assert_cmpuint (cp_state_pending (cp_game_get_state (game)), ==, CP_SEAT_BIT (0));
      cp_test_play_action (game, find_action (game, 0, CP_ACTION_PASS, 0));
      g_assert_cmpint (cp_golf_get_score (cp_game_get_state (game), 0, 0), ==, (int) expected);
      card = score_card (game);
      g_assert_cmpstr (cp_grid_get_word (&g_array_index (card->grids, CpGrid, 0), 2, 1), ==, word);
      view = cp_game_view (game, 0);
      shown = cp_game_present (game, view);
      g_assert_nonnull (shown->prompt);
      g_assert_null (strstr (shown->prompt, "made par"));
      /* The next hole begins: no choice of difficulty is owed. */
      g_assert_nonnull (strstr (shown->prompt, "Hole 2"));
    }
}

/* The puzzle of the day deals alike all day, and is played alone. */
static void
test_daily (void)
{
  const char *daily[] = { "daily=true", NULL };
  g_autoptr (CpGame) a = cp_test_try_new_game ("golf", 1, 1, daily, NULL);
  g_autoptr (CpGame) b = cp_test_try_new_game ("golf", 1, 2, daily, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) pair = cp_test_try_new_game ("golf", 2, 1, daily, &error);

  g_assert_nonnull (a);
  g_assert_nonnull (b);
  cp_game_resolve_chance (a);
  cp_game_resolve_chance (b);
  g_assert_cmpmem (cp_game_get_state (a)->cells, 64 * sizeof (CpPiece),
                   cp_game_get_state (b)->cells, 64 * sizeof (CpPiece));
  g_assert_null (pair);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_OPTION);
}

/* A game of @n players set up from a position text. */
static CpGame *
from_text (guint n, const char *text)
{
  g_autofree char *option = g_strdup_printf ("fen=%s", text);

  return cp_test_new_game ("golf", n, 7, option, NULL);
}

/* The game and the game set up from its text write the same text. */
static void
assert_same_text (CpGame *a, CpGame *b)
{
  g_autofree char *text_a = cp_test_position (cp_game_get_state (a));
  g_autofree char *text_b = cp_test_position (cp_game_get_state (b));

  g_assert_cmpstr (text_a, ==, text_b);
}

/* A legal move of @seat that does not solve the puzzle. */
static CpAction
detour (CpGame *game, guint seat, const CpGolfSolution *solution)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (cp_game_get_state (game), seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_MOVE && !(legal.items[i].flags & CP_ACTION_FLAG_CAPTURE)
        && (legal.items[i].cells[0] != solution->moves[0].from || legal.items[i].cells[1] != solution->moves[0].to))
      return legal.items[i];
  g_assert_not_reached ();
}

/* Written while bidding and in the middle of a demonstration that went
 * astray, read back, the game plays on alike: the text holds the pieces
 * as the hole began, which a failed demonstration puts back. */
static void
test_position_text (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("golf", 3, 7, NULL);
  g_autoptr (CpGame) again = NULL;
  g_autoptr (CpGame) bidding = NULL;
  CpGolfPosition position = hole_position (game);
  CpGolfSolution solution;
  guint par = solve (&position, 10, &solution), next;
  g_autofree char *first = cp_test_position (cp_game_get_state (game));
  g_autofree char *text = NULL;
  g_autofree char *players = NULL;

  g_assert_cmpstr (first, ==,
                   "3q1n2/5k2/3R2b1/1K1N3r/2R5/1B2b1N1/n5Q1/2B3r1 bid 1 3 2 "
                   "9H,QH,9C,10D,8C,10C,10H,8H,9D,8D,10S,QS,KS,KH - 8S,9S -,-,-,-,-,-,-,-,- - 0 - nb - - "
                   "-:-:- -:-:- -:-:-");
  bidding = from_text (3, first);
  assert_same_text (bidding, game);
  g_assert_cmpuint (cp_game_get_pending (bidding), ==, 7);
  g_assert_cmpint (cp_golf_get_par (cp_game_get_state (bidding), 0), ==, -1);

  /* The first player bids lowest and goes astray. */
  bid (game, 0, par + 1);
  bid (game, 1, par + 2);
  bid (game, 2, par + 2);
  cp_test_play_action (game, detour (game, 0, &solution));
  text = cp_test_position (cp_game_get_state (game));
  players = g_strdup_printf (" 3q1n2/5k2/3R2b1/1K1N3r/2R5/1B2b1N1/n5Q1/2B3r1 %u:-:- %u:-:- %u:-:-", par + 1, par + 2,
                             par + 2);
  g_assert_nonnull (strstr (text, " show 1 3 2 "));
  g_assert_true (g_str_has_suffix (text, players));

  again = from_text (3, text);
  assert_same_text (again, game);
  g_assert_cmpuint (cp_game_get_pending (again), ==, CP_SEAT_BIT (0));
  g_assert_cmpint (cp_golf_get_par (cp_game_get_state (again), 0), ==, (int) par);
  /* The moves bid run out: the pieces go back, and the next bidder from
   * the dealer on shows the way. */
  for (guint i = 1; i <= par; i++)
    {
      cp_test_play_action (game, detour (game, 0, &solution));
      cp_test_play_action (again, detour (again, 0, &solution));
      assert_same_text (again, game);
    }
  next = cp_state_first_pending (cp_game_get_state (again));
  g_assert_cmpuint (next, !=, 0);
  g_assert_cmpuint (cp_game_get_pending (again), ==, cp_game_get_pending (game));
  demonstrate (game, next, &solution);
  demonstrate (again, next, &solution);
  put_back (game, next);
  put_back (again, next);
  assert_same_text (again, game);
  for (guint seat = 0; seat < 3; seat++)
    g_assert_cmpint (cp_golf_get_score (cp_game_get_state (again), 0, seat), ==,
                     cp_golf_get_score (cp_game_get_state (game), 0, seat));
  g_assert_cmpint (cp_golf_get_score (cp_game_get_state (again), 0, 0), ==, (int) par + 3);
}

/* A text written by hand: two players bid on the third hole, after two
 * holes with a penalty, and the second player has still to bid. */
static void
test_position_text_by_hand (void)
{
  g_autoptr (CpGame) game = NULL;
  const char *text = "2B2b2/B3r2b/3R1N2/5k1n/2r3R1/K5Q1/1n6/1N5q bid 3 2 2 "
                     "10H,10D,9S,8S,10C,8C,KS,10S,9H,8H 8D,9C,QH,9D KH,QS 1,3,-,-,-,-,-,-,- - 0 - Kq - - "
                     "4:2,4!:- -:1,3:-";
  g_autofree char *back = NULL;
  g_autoptr (CpPresentation) shown = NULL;
  const CpGrid *card;

  game = from_text (2, text);
  back = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (back, ==, text);
  /* The first player has bid; the second is to bid. */
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (1));
  g_assert_cmpint (cp_golf_get_score (cp_game_get_state (game), 1, 0), ==, 4);
  g_assert_cmpint (cp_golf_get_score (cp_game_get_state (game), 1, 1), ==, 3);
  g_assert_cmpint (cp_golf_get_score (cp_game_get_state (game), 2, 0), ==, -1);
  g_assert_cmpint (cp_golf_get_par (cp_game_get_state (game), 1), ==, 3);
  shown = score_card (game);
  card = &g_array_index (shown->grids, CpGrid, 0);
  g_assert_cmpstr (cp_grid_get_word (card, 2, 2), ==, "4!");
  g_assert_cmpstr (cp_grid_get_word (card, 2, 10), ==, "6");
  g_assert_cmpstr (cp_grid_get_word (card, 3, 10), ==, "4");
}

static void
test_position_text_refused (void)
{
  const char *board = "2B2b2/B3r2b/3R1N2/5k1n/2r3R1/K5Q1/1n6/1N5q";
  const char *cards = "10H,10D,9S,8S,10C,8C,KS,10S,9H,8H 8D,9C,QH,9D KH,QS";
  struct {
    const char *format, *why;
  } cases[] = {
    { "%s bid 3 2 2 %s 1,3,-,-,-,-,-,-,- - 0 - Kq - - 4:2,4!:-", "it needs 17 fields for a game of 2 players" },
    { "2B2b2/B3r2b/3R1N2/5k1n/2r3R1/K5Q1/1n6 bid 3 2 2 %s%s 1,3,-,-,-,-,-,-,- - 0 - Kq - - 4:2,4!:- -:1,3:-",
      "the pieces are not the first field of a FEN" },
    { "%s play 3 2 2 %s 1,3,-,-,-,-,-,-,- - 0 - Kq - - 4:2,4!:- -:1,3:-", "the stage is not one of" },
    { "%s bid 10 2 2 %s 1,3,-,-,-,-,-,-,- - 0 - Kq - - 4:2,4!:- -:1,3:-", "the hole is not a number from 1 to 9" },
    { "%s bid 3 3 2 %s 1,3,-,-,-,-,-,-,- - 0 - Kq - - 4:2,4!:- -:1,3:-", "the dealer is not the number of a player" },
    { "%s bid 3 2 5 %s 1,3,-,-,-,-,-,-,- - 0 - Kq - - 4:2,4!:- -:1,3:-", "the cards dealt each hole" },
    { "%s bid 3 2 2 %s,2H 1,3,-,-,-,-,-,-,- - 0 - Kq - - 4:2,4!:- -:1,3:-", "not one of the sixteen piece cards" },
    { "%s bid 3 2 2 %s,KH 1,3,-,-,-,-,-,-,- - 0 - Kq - - 4:2,4!:- -:1,3:-", "not one of the sixteen piece cards" },
    { "%s bid 3 2 2 %s 1,3,-,-,-,-,-,- - 0 - Kb - - 4:2,4!:- -:1,3:-", "par is not given for each of the nine holes" },
    { "%s bid 3 2 2 %s 1,3,-,-,-,-,-,-,- 3 0 - Kb - - 4:2,4!:- -:1,3:-", "the demonstrator is not the number of a player" },
    { "%s bid 3 2 2 %s 1,3,-,-,-,-,-,-,- - 0 e4 Kb - - 4:2,4!:- -:1,3:-", "the capturing piece is not on a cell" },
    { "%s bid 3 2 2 %s 1,3,-,-,-,-,-,-,- - 0 - Kp - - 4:2,4!:- -:1,3:-", "not piece letters" },
    { "%s bid 3 2 2 %s 1,3,-,-,-,-,-,-,- - 0 - Kb - - 4:2,4!:- -:1,3:-", "those of the hole’s cards" },
    { "%s bid 3 2 2 %s 1,3,-,-,-,-,-,-,- - 0 - Kq - - 4:2:- -:1,3:-", "the field of player 1 is not" },
    { "%s bid 3 2 2 %s 1,3,-,-,-,-,-,-,- - 0 - Kq - - 4:2,4!:- 11:1,3:-", "the field of player 2 is not" },
    { "%s show 3 2 2 %s 1,3,-,-,-,-,-,-,- - 0 - Kq - - 4:2,4!:- 5:1,3:-", "the stage asks for" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf (cases[i].format, board, cards);

      cp_test_assert_position_refused ("golf", 2, NULL, text, cases[i].why);
    }
  cp_test_assert_position_refused ("golf", 2, NULL, "2B2b2/B3r2b/3R1N2/5k1n/2r3R1/K5Q1/1n6/1N5q bid 3 2 2 10H,10D 8D,9C KH,QS "
                          "1,3,-,-,-,-,-,-,- - 0 - Kq - - 4:2,4!:- -:1,3:-", "some cards of the game are missing");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/golf/borrowing", test_borrowing);
  g_test_add_func ("/golf/dealer-named", test_dealer_named);
  g_test_add_func ("/golf/example", test_example);
  g_test_add_func ("/golf/special-step", test_special_step);
  g_test_add_func ("/golf/three-cards", test_three_cards);
  g_test_add_func ("/golf/same-type", test_same_type);
  g_test_add_func ("/golf/chosen", test_chosen);
  g_test_add_func ("/golf/bad-input", test_bad_input);
  g_test_add_func ("/golf/against-breadth-first", test_against_breadth_first);
  g_test_add_func ("/golf/deal", test_deal);
  g_test_add_func ("/golf/command-line", test_command_line);
  g_test_add_func ("/golf/score-card", test_score_card);
  g_test_add_func ("/golf/bid-buttons", test_bid_buttons);
  g_test_add_func ("/golf/hole", test_hole);
  g_test_add_func ("/golf/failed-demonstration", test_failed_demonstration);
  g_test_add_func ("/golf/three-card-hole", test_three_card_hole);
  g_test_add_func ("/golf/solo", test_solo);
  g_test_add_func ("/golf/solo-wrong-call", test_solo_wrong_call);
  g_test_add_func ("/golf/solo-give-up", test_solo_give_up);
  g_test_add_func ("/golf/secret-hint", test_secret_hint);
  g_test_add_func ("/golf/advise-from-par", test_advise_from_par);
  g_test_add_func ("/golf/advise-off-way", test_advise_off_way);
  g_test_add_func ("/golf/out-of-time", test_out_of_time);
  g_test_add_func ("/golf/daily", test_daily);
  g_test_add_func ("/golf/position-text", test_position_text);
  g_test_add_func ("/golf/position-text-by-hand", test_position_text_by_hand);
  g_test_add_func ("/golf/position-text-refused", test_position_text_refused);

  return g_test_run ();
}
