/* test-attrition.c: Chivalrous Attrition in all four ways to play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-engine.h"
#include "cp-test-util.h"
#include "cp-record.h"

static guint
cell (const char *name)
{
  return (guint) (name[1] - '1') * 8 + (guint) (name[0] - 'a');
}

static guint
to_move (CpGame *game)
{
  CpSeatMask pending = cp_game_get_pending (game);

  g_assert_cmpuint (pending, !=, 0);
  g_assert_cmpuint (pending & (pending - 1), ==, 0);
  return (guint) __builtin_ctz (pending);
}

static void
play_fails (CpGame *game, const char *move, const char *because)
{
  g_autoptr (GError) error = NULL;
  guint n = cp_game_get_n_actions (game);

  g_assert_false (cp_game_play_text (game, move, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  if (because != NULL && strstr (error->message, because) == NULL)
    g_error ("“%s” fails with “%s”, not “…%s…”", move, error->message, because);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, n);
}

static CpPiece
piece_at (CpGame *game, const char *name)
{
  return cp_game_get_state (game)->cells[cell (name)];
}

static void
assert_piece (CpGame *game, const char *name, CpPieceKind kind, guint seat)
{
  CpPiece piece = piece_at (game, name);

  g_assert_cmpuint (piece.kind, ==, kind);
  g_assert_cmpuint (piece.seat, ==, seat);
}

static void
assert_won (CpGame *game, CpSeatMask winners, CpEndReason reason)
{
  const CpOutcome *outcome = cp_game_get_outcome (game);

  g_assert_cmpuint (outcome->status, ==, CP_STATUS_WON);
  g_assert_cmpuint (outcome->winners, ==, winners);
  g_assert_cmpuint (outcome->reason, ==, reason);
  g_assert_cmpuint (cp_game_get_pending (game), ==, 0);
}

/* The cells where the player to act may place a piece. */
static CpCellSet
placements (CpGame *game, guint *count)
{
  g_auto (CpActionList) legal = { 0 };
  CpCellSet cells = { { 0 } };

  cp_state_legal (cp_game_get_state (game), to_move (game), &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      g_assert_cmpuint (legal.items[i].type, ==, CP_ACTION_PLACE);
      g_assert_false (cp_cell_set_contains (&cells, legal.items[i].cells[0]));
      cp_cell_set_add (&cells, legal.items[i].cells[0]);
    }
  *count = legal.len;
  return cells;
}

static void
test_seats_fit_the_variant (void)
{
  static const struct {
    const char *variant;
    guint n_seats;
    const char *starts;
    const char *message;
  } wrong[] = {
    { "basic", 3, NULL, "basic game is for two" },
    { "basic", 4, NULL, "basic game is for two" },
    { "two-piece", 3, NULL, "two-piece game is for two" },
    { "sudden-death", 4, NULL, "sudden-death game is for two" },
    { "multi", 2, NULL, "Three or four players" },
    { "basic", 2, "red", "Red cannot play first" },
    { "multi", 3, "brown", "Brown cannot play first" },
    { "basic", 5, NULL, NULL },
    { "triple", 2, NULL, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *variant = g_strconcat ("variant=", wrong[i].variant, NULL);
      g_autofree char *starts = wrong[i].starts ? g_strconcat ("starts=", wrong[i].starts, NULL) : NULL;
      const char *options[] = { variant, starts, NULL };
      g_autoptr (CpGame) game = cp_test_try_new_game ("attrition", wrong[i].n_seats, 1, options, &error);

      g_assert_null (game);
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_OPTION);
      if (wrong[i].message != NULL && strstr (error->message, wrong[i].message) == NULL)
        g_error ("%s with %u: “%s”", wrong[i].variant, wrong[i].n_seats, error->message);
    }

  g_object_unref (cp_test_new_game_undrawn ("attrition", 2, 1, "variant=basic", NULL));
  g_object_unref (cp_test_new_game ("attrition", 2, 1, "variant=two-piece", "starts=black", NULL));
  g_object_unref (cp_test_new_game_undrawn ("attrition", 2, 1, "variant=sudden-death", NULL));
  g_object_unref (cp_test_new_game ("attrition", 3, 1, "variant=multi", "starts=red", NULL));
  g_object_unref (cp_test_new_game ("attrition", 4, 1, "variant=multi", "starts=brown", NULL));

  /* The defaults: the basic game with a random start. */
  {
    g_autoptr (CpGame) game = cp_game_new ("attrition", NULL, 2, 1, NULL);

    g_assert_nonnull (game);
    g_assert_cmpstr (cp_game_get_option (game, "variant"), ==, "basic");
    g_assert_cmpstr (cp_game_get_option (game, "starts"), ==, "random");
  }
}

static void
test_random_start_is_logged (void)
{
  for (guint value = 0; value < 2; value++)
    {
      g_autoptr (CpGame) game = cp_test_new_game_undrawn ("attrition", 2, 1, "variant=basic", NULL);
      g_autofree char *text = NULL;
      CpAction roll;

      g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (CP_SEAT_CHANCE));
      cp_action_init (&roll, CP_ACTION_ROLL, CP_SEAT_CHANCE);
      roll.value = value;
      g_assert_true (cp_game_append (game, &roll, NULL));
      g_assert_cmpuint (to_move (game), ==, value);
      text = cp_game_format_action (game, 0, CP_NOTATION_SAN);
      g_assert_cmpstr (text, ==, value == 0 ? "White plays first" : "Black plays first");

      /* The one who starts places first and moves first. */
      cp_test_play (game, "Nd4 Nh8");
      g_assert_cmpuint (to_move (game), ==, value);
    }

  /* Drawn from the seed, the roll is in the log like any action. */
  for (guint64 seed = 1; seed < 20; seed++)
    {
      g_autoptr (GError) error = NULL;
      const char *options[] = { "variant=two-piece", "starts=random", NULL };
      g_autoptr (CpGame) game = cp_test_try_new_game ("attrition", 2, seed, options, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (cp_game_resolve_chance (game), ==, 1);
      g_assert_cmpuint (cp_game_get_action (game, 0)->type, ==, CP_ACTION_ROLL);
      g_assert_cmpuint (cp_game_get_action (game, 0)->seat, ==, CP_SEAT_CHANCE);
      g_assert_cmpuint (to_move (game), ==, cp_game_get_action (game, 0)->value);
      g_assert_cmpuint (cp_game_get_setup_length (game), ==, 1);
    }

  /* Three or four players draw the whole order of play. */
  for (guint n = 3; n <= 4; n++)
    {
      g_autoptr (CpGame) game = cp_test_new_game_undrawn ("attrition", n, 1, "variant=multi", NULL);
      g_autofree char *text = NULL;
      guint8 order[4];
      CpAction shuffle;

      cp_action_init (&shuffle, CP_ACTION_SHUFFLE, CP_SEAT_CHANCE);
      shuffle.value = 12345;
      g_assert_true (cp_game_append (game, &shuffle, NULL));
      cp_random_permute (shuffle.value, n, order);
      text = cp_game_format_action (game, 0, CP_NOTATION_SAN);
      g_assert_true (g_str_has_prefix (text, "Order of play: "));
      for (guint round = 0; round < 2; round++)
        for (guint i = 0; i < n; i++)
          {
            g_auto (CpActionList) legal = { 0 };

            g_assert_cmpuint (to_move (game), ==, order[i]);
            cp_state_legal (cp_game_get_state (game), order[i], &legal);
            g_assert_cmpuint (legal.len, >, 0);
            g_assert_true (cp_game_play (game, &legal.items[0], NULL));
          }
    }
}

static void
test_chosen_start (void)
{
  g_autoptr (CpGame) basic = cp_test_new_game ("attrition", 2, 1, "variant=basic", "starts=black", NULL);
  g_autoptr (CpGame) multi = cp_test_new_game ("attrition", 4, 1, "variant=multi", "starts=red", NULL);
  static const guint multi_order[] = { 2, 3, 0, 1 };

  /* Nothing is drawn: the loser of the last game starts, say. */
  g_assert_cmpuint (cp_game_resolve_chance (basic), ==, 0);
  g_assert_cmpuint (cp_game_get_n_actions (basic), ==, 0);
  g_assert_cmpuint (to_move (basic), ==, 1);
  cp_test_play (basic, "Na1 Nc3");
  g_assert_cmpuint (to_move (basic), ==, 1);

  /* The others follow in the order of the seats. */
  g_assert_cmpuint (cp_game_resolve_chance (multi), ==, 0);
  cp_test_play (multi, "Na1 Nb3 Nc5 Nd7");
  for (guint i = 0; i < G_N_ELEMENTS (multi_order); i++)
    {
      g_auto (CpActionList) legal = { 0 };

      g_assert_cmpuint (to_move (multi), ==, multi_order[i]);
      cp_state_legal (cp_game_get_state (multi), multi_order[i], &legal);
      g_assert_true (cp_game_play (multi, &legal.items[legal.len - 1], NULL));
    }
}

/* After the first player places a piece on @first, the second may not use
 * any of @banned and may use every other empty cell. */
static void
check_mirror_ban (const char *first, const char *banned[3])
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=basic", "starts=white", NULL);
  g_autofree char *place = g_strdup_printf ("N%s", first);
  CpCellSet cells;
  guint count;

  cells = placements (game, &count);
  g_assert_cmpuint (count, ==, 64);
  cp_test_play (game, place);
  cells = placements (game, &count);
  g_assert_cmpuint (count, ==, 60);
  g_assert_false (cp_cell_set_contains (&cells, cell (first)));
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *mirror = g_strdup_printf ("N%s", banned[i]);

      g_assert_false (cp_cell_set_contains (&cells, cell (banned[i])));
      play_fails (game, mirror, "mirrors");
    }
  play_fails (game, place, "already stands");
}

static void
test_mirror_ban_corners (void)
{
  check_mirror_ban ("a1", (const char *[]) { "h1", "a8", "h8" });
  check_mirror_ban ("h1", (const char *[]) { "a1", "h8", "a8" });
  check_mirror_ban ("a8", (const char *[]) { "h8", "a1", "h1" });
  check_mirror_ban ("h8", (const char *[]) { "a8", "h1", "a1" });
}

static void
test_mirror_ban_inner (void)
{
  check_mirror_ban ("d3", (const char *[]) { "e3", "d6", "e6" });
  check_mirror_ban ("e4", (const char *[]) { "d4", "e5", "d5" });
  check_mirror_ban ("b7", (const char *[]) { "g7", "b2", "g2" });
}

static void
test_mirror_ban_two_pieces (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=two-piece", "starts=white", NULL);
  CpCellSet cells;
  guint count;

  /* A player's own pieces never bar a cell: the bishop may mirror the
   * knight. */
  cp_test_play (game, "Na1");
  cells = placements (game, &count);
  g_assert_cmpuint (count, ==, 63);
  cp_test_play (game, "Bh1");
  assert_piece (game, "a1", CP_PIECE_KNIGHT, 0);
  assert_piece (game, "h1", CP_PIECE_BISHOP, 0);

  /* The other player may not mirror either of them: h1, a8, h8 for a1 and
   * a1, h8, a8 for h1, four cells in all. */
  cells = placements (game, &count);
  g_assert_cmpuint (count, ==, 62 - 2);
  g_assert_false (cp_cell_set_contains (&cells, cell ("a8")));
  g_assert_false (cp_cell_set_contains (&cells, cell ("h8")));
  cp_test_play (game, "Nd4");
  /* Nor with the second piece, and the first one does not bar anything. */
  play_fails (game, "Ba8", "mirrors");
  play_fails (game, "Nc3", "not the one to place");
  cp_test_play (game, "Be4");
  /* The placements are over and the first player moves. */
  g_assert_cmpuint (to_move (game), ==, 0);
  play_fails (game, "Bb2", "all pieces have been placed");
}

static void
test_mirror_ban_multi (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 4, 1, "variant=multi", "starts=white", NULL);
  static const char *const barred[] = { "f2", "c7", "f7", "g6", "b3", "g3" };
  CpCellSet cells;
  guint count;

  cp_test_play (game, "Nc2");
  play_fails (game, "Nf2", "mirrors");
  cp_test_play (game, "Nb6");
  /* Red may use none of the mirrors of White's and Black's pieces. */
  cells = placements (game, &count);
  g_assert_cmpuint (count, ==, 62 - G_N_ELEMENTS (barred));
  for (guint i = 0; i < G_N_ELEMENTS (barred); i++)
    g_assert_false (cp_cell_set_contains (&cells, cell (barred[i])));
  cp_test_play (game, "Nh8");
  /* Brown: nine cells barred. */
  cells = placements (game, &count);
  g_assert_cmpuint (count, ==, 61 - 9);
  play_fails (game, "Na1", "mirrors");
  cp_test_play (game, "Nd4");
}

static void
test_markers (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=basic", "starts=white", NULL);
  const CpState *state;

  cp_test_play (game, "Nd4");
  state = cp_game_get_state (game);
  g_assert_cmpuint (state->markers[cell ("d4")], ==, 1);
  cp_test_play (game, "Na8");
  state = cp_game_get_state (game);
  g_assert_cmpuint (state->markers[cell ("a8")], ==, 2);

  cp_test_play (game, "d4-f5");
  state = cp_game_get_state (game);
  g_assert_cmpuint (state->markers[cell ("d4")], ==, 1);
  g_assert_cmpuint (state->markers[cell ("f5")], ==, 1);
  g_assert_true (CP_PIECE_IS_EMPTY (&state->cells[cell ("d4")]));
  assert_piece (game, "f5", CP_PIECE_KNIGHT, 0);

  cp_test_play (game, "a8-b6");
  state = cp_game_get_state (game);
  g_assert_cmpuint (state->markers[cell ("b6")], ==, 2);
  g_assert_cmpuint (state->markers[cell ("a8")], ==, 2);

  /* Four cells are marked, and nothing else. */
  {
    guint n = 0;

    for (guint c = 0; c < 64; c++)
      n += state->markers[c] != 0;
    g_assert_cmpuint (n, ==, 4);
  }
}

static void
test_knight_moves_only (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=basic", "starts=white", NULL);
  g_auto (CpActionList) legal = { 0 };
  const char *targets[] = { "b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5" };

  cp_test_play (game, "Nd4 Nh8");
  cp_state_legal (cp_game_get_state (game), 0, &legal);
  g_assert_cmpuint (legal.len, ==, G_N_ELEMENTS (targets));
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      CpAction move;

      cp_action_init_move (&move, 0, cell ("d4"), cell (targets[i]));
      g_assert_cmpint (cp_action_list_find (&legal, &move), >=, 0);
    }
  play_fails (game, "d4-d5", "knight");
  play_fails (game, "d4-f6", "knight");
  play_fails (game, "h8-g6", "no piece of the player to move");
  play_fails (game, "Nd5", "all pieces have been placed");
  /* The bishop of the two-piece game moves as a knight too. */
  {
    g_autoptr (CpGame) two = cp_test_new_game ("attrition", 2, 1, "variant=two-piece", "starts=white", NULL);

    cp_test_play (two, "Na1 Bd4 Ng8 Bh7");
    play_fails (two, "d4-e5", "knight");
    cp_test_play (two, "d4-f5");
  }
}

static void
test_marked_cells (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=basic", "starts=white", NULL);

  cp_test_play (game, "Nd4 Na8 d4-e6 a8-b6 e6-c7 b6-a4");
  /* Back onto its own trail, or onto the other knight's: refused. */
  play_fails (game, "c7-e6", "marker");
  play_fails (game, "c7-a8", "marker");
  play_fails (game, "c7xa8", "marker");
  /* Onto the marked cell where the other knight stands: a capture. */
  cp_test_play (game, "c7-d5 a4-c3 d5xc3");
  assert_won (game, CP_SEAT_BIT (0), CP_END_PIECE_CAPTURED);
}

static void
test_basic_capture_wins (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=basic", "starts=white", NULL);
  g_autofree char *text = NULL;

  /* Black places its knight where White's can reach it at once. */
  cp_test_play (game, "Nd4 Nf5");
  g_assert_cmpuint (cp_game_get_outcome (game)->status, ==, CP_STATUS_PLAYING);
  cp_test_play (game, "d4xf5");
  assert_won (game, CP_SEAT_BIT (0), CP_END_PIECE_CAPTURED);
  assert_piece (game, "f5", CP_PIECE_KNIGHT, 0);
  text = cp_game_format_action (game, 2, CP_NOTATION_SAN);
  g_assert_cmpstr (text, ==, "d4xf5");
}

/* The game of the help page: White's knight runs into the corner and
 * cannot leave it. */
static const char cornered[] = "Nc2 Nh8 c2-d4 h8-g6 d4-b3 g6-h4 b3-a1 h4-g2";

static void
test_basic_no_move_loses (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=basic", "starts=white", NULL);

  cp_test_play (game, cornered);
  assert_won (game, CP_SEAT_BIT (1), CP_END_NO_MOVES);
  /* The knight that lost stays where it was trapped. */
  assert_piece (game, "a1", CP_PIECE_KNIGHT, 0);
  g_assert_cmpstr (cp_end_reason_to_id (CP_END_NO_MOVES), ==, "no-moves");
  g_assert_cmpstr (cp_end_reason_to_id (CP_END_PIECE_CAPTURED), ==, "piece-captured");
  g_assert_nonnull (cp_end_reason_describe (CP_END_PIECE_CAPTURED));
}

static void
test_two_piece_turns (void)
{
  static const char *const orders[] = { "c2-d4 h4-g6", "h4-g6 c2-d4" };

  for (guint i = 0; i < G_N_ELEMENTS (orders); i++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=two-piece", "starts=white", NULL);

      cp_test_play (game, "Nc2 Bh4 Na8 Be8");
      g_assert_cmpuint (to_move (game), ==, 0);
      cp_test_play (game, i == 0 ? "c2-d4" : "h4-g6");
      /* Still White's turn, and the piece that moved has had its move. */
      g_assert_cmpuint (to_move (game), ==, 0);
      play_fails (game, i == 0 ? "d4-b3" : "g6-h8", "already moved");
      cp_test_play (game, i == 0 ? "h4-g6" : "c2-d4");
      g_assert_cmpuint (to_move (game), ==, 1);
      assert_piece (game, "d4", CP_PIECE_KNIGHT, 0);
      assert_piece (game, "g6", CP_PIECE_BISHOP, 0);
      cp_test_play (game, "a8-b6 e8-d6");
      g_assert_cmpuint (to_move (game), ==, 0);
    }
}

/* Two pieces each: White's knight gets cornered; the bishop can still
 * move, so White moves it, and then the knight is lost. */
static const char two_piece_cornered[] =
  "Nc2 Bh4 Na8 Be8 "
  "c2-d4 h4-g6 a8-b6 e8-d6 "
  "d4-b3 g6-h8 b6-a4 d6-b5 "
  "b3-a1 h8-f7 a4-c5 b5-a7";

static void
test_two_piece_stuck_piece (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=two-piece", "starts=white", NULL);
  g_auto (CpActionList) legal = { 0 };
  const CpState *state;

  cp_test_play (game, two_piece_cornered);
  /* Only the bishop can move. */
  cp_state_legal (cp_game_get_state (game), 0, &legal);
  for (guint i = 0; i < legal.len; i++)
    g_assert_cmpuint (legal.items[i].cells[0], ==, cell ("f7"));
  play_fails (game, "a1-b3", "marker");
  cp_test_play (game, "f7-h6");
  /* The knight is lost and leaves the board; its cell keeps the marker. */
  state = cp_game_get_state (game);
  g_assert_true (CP_PIECE_IS_EMPTY (&state->cells[cell ("a1")]));
  g_assert_cmpuint (state->markers[cell ("a1")], ==, 1);
  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_PLAYING);
  g_assert_cmpuint (to_move (game), ==, 1);
  /* From now on White moves one piece a turn. */
  cp_test_play (game, "c5-e6 a7-c8 h6-g8");
  g_assert_cmpuint (to_move (game), ==, 1);

  /* In sudden death the lost knight ends the game. */
  {
    g_autoptr (CpGame) sudden = cp_test_new_game ("attrition", 2, 1, "variant=sudden-death", "starts=white", NULL);

    cp_test_play (sudden, two_piece_cornered);
    cp_test_play (sudden, "f7-h6");
    assert_won (sudden, CP_SEAT_BIT (1), CP_END_NO_MOVES);
    assert_piece (sudden, "a1", CP_PIECE_KNIGHT, 0);
  }
}

static void
test_two_piece_own_piece (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=two-piece", "starts=white", NULL);
  g_autofree char *text = NULL;

  /* White's knight lands on White's own bishop and takes it. */
  cp_test_play (game, "Nd4 Bf5 Ng7 Bh1");
  cp_test_play (game, "d4xf5");
  text = cp_game_format_action (game, 4, CP_NOTATION_SAN);
  g_assert_cmpstr (text, ==, "d4xf5");
  assert_piece (game, "f5", CP_PIECE_KNIGHT, 0);
  g_assert_cmpuint (cp_game_get_outcome (game)->status, ==, CP_STATUS_PLAYING);
  /* White has nothing more to move: Black's turn. */
  g_assert_cmpuint (to_move (game), ==, 1);
  /* Black takes White's last piece: White has lost both. */
  cp_test_play (game, "g7xf5");
  assert_won (game, CP_SEAT_BIT (1), CP_END_PIECE_CAPTURED);

  /* In sudden death, taking one's own piece loses at once. */
  {
    g_autoptr (CpGame) sudden = cp_test_new_game ("attrition", 2, 1, "variant=sudden-death", "starts=white", NULL);

    cp_test_play (sudden, "Nd4 Bf5 Ng7 Bh1 d4xf5");
    assert_won (sudden, CP_SEAT_BIT (1), CP_END_PIECE_CAPTURED);
  }
}

static void
test_two_piece_lose_both (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=two-piece", "starts=white", NULL);

  /* White takes one of Black's pieces; Black plays on with the other. */
  cp_test_play (game, "Nd4 Ba1 Nf5 Bh3 d4xf5");
  g_assert_cmpuint (cp_game_get_outcome (game)->status, ==, CP_STATUS_PLAYING);
  g_assert_cmpuint (cp_game_get_state (game)->out, ==, 0);
  g_assert_cmpuint (to_move (game), ==, 0);
  cp_test_play (game, "a1-c2");
  g_assert_cmpuint (to_move (game), ==, 1);
  cp_test_play (game, "h3-g5");
  /* Black moved its only piece: White's turn again. */
  g_assert_cmpuint (to_move (game), ==, 0);
  cp_test_play (game, "c2-e3 f5-h6");
  /* Black's last piece steps into reach and is taken. */
  cp_test_play (game, "g5-f7 h6xf7");
  assert_won (game, CP_SEAT_BIT (0), CP_END_PIECE_CAPTURED);
}

static void
test_sudden_death_capture (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=sudden-death", "starts=white", NULL);

  cp_test_play (game, "Nd4 Ba1 Nf5 Bh3 d4xf5");
  assert_won (game, CP_SEAT_BIT (0), CP_END_PIECE_CAPTURED);
}

static void
test_sudden_death_stuck_piece_waits (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=sudden-death", "starts=white", NULL);
  g_auto (CpActionList) legal = { 0 };

  /* White's bishop on h1 cannot move (f2 and g3 are marked), but White
   * moves the knight first, takes Black's knight and wins before the
   * bishop's turn comes. */
  cp_test_play (game, "Nc6 Bg3 Nf2 Ba3 g3-h1 c6-e5 a3-b1 f2-d3");
  cp_state_legal (cp_game_get_state (game), 0, &legal);
  g_assert_cmpuint (legal.len, >, 0);
  for (guint i = 0; i < legal.len; i++)
    g_assert_cmpuint (legal.items[i].cells[0], ==, cell ("e5"));
  cp_test_play (game, "e5xd3");
  assert_won (game, CP_SEAT_BIT (0), CP_END_PIECE_CAPTURED);

  /* Had White moved elsewhere, the bishop would have lost the game. */
  {
    g_autoptr (CpGame) other = cp_test_new_game ("attrition", 2, 1, "variant=sudden-death", "starts=white", NULL);

    cp_test_play (other, "Nc6 Bg3 Nf2 Ba3 g3-h1 c6-e5 a3-b1 f2-d3 e5-c4");
    assert_won (other, CP_SEAT_BIT (1), CP_END_NO_MOVES);
  }
}

static void
test_three_players (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 3, 1, "variant=multi", "starts=white", NULL);
  const CpState *state;

  cp_test_play (game, "Nd4 Nf5 Na8");
  /* White takes Black's knight: Black is out. */
  cp_test_play (game, "d4xf5");
  state = cp_game_get_state (game);
  g_assert_cmpuint (state->out, ==, CP_SEAT_BIT (1));
  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_PLAYING);
  /* Black's turn is skipped. */
  g_assert_cmpuint (to_move (game), ==, 2);
  cp_test_play (game, "a8-b6");
  g_assert_cmpuint (to_move (game), ==, 0);
  cp_test_play (game, "f5-d6");
  g_assert_cmpuint (to_move (game), ==, 2);
  cp_test_play (game, "b6-c4");
  /* White takes the last other knight: last player standing. */
  cp_test_play (game, "d6xc4");
  assert_won (game, CP_SEAT_BIT (0), CP_END_ELIMINATION);
  g_assert_cmpuint (cp_game_get_state (game)->out, ==, CP_SEAT_BIT (1) | CP_SEAT_BIT (2));
}

/* Four players: White's knight is cornered on a1. */
static const char four_cornered[] =
  "Nc2 Nh8 Na5 Ne8 "
  "c2-d4 h8-g6 a5-b7 e8-f6 "
  "d4-b3 g6-h4 b7-d8 f6-g8 "
  "b3-a1 h4-g2 d8-e6 g8-h6";

static void
test_four_players (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 4, 1, "variant=multi", "starts=white", NULL);
  const CpState *state;

  cp_test_play (game, four_cornered);
  /* White cannot move and is out; the knight leaves the board. */
  state = cp_game_get_state (game);
  g_assert_cmpuint (state->out, ==, CP_SEAT_BIT (0));
  g_assert_true (CP_PIECE_IS_EMPTY (&state->cells[cell ("a1")]));
  g_assert_cmpuint (state->markers[cell ("a1")], ==, 1);
  g_assert_cmpuint (to_move (game), ==, 1);

  /* Black, Red and Brown play on; White is skipped. */
  cp_test_play (game, "g2-e3 e6-c5 h6-f5");
  g_assert_cmpuint (to_move (game), ==, 1);
  /* Black takes Brown: Black and Red take turns. */
  cp_test_play (game, "e3xf5 c5-d3");
  g_assert_cmpuint (to_move (game), ==, 1);
  g_assert_cmpuint (cp_game_get_state (game)->out, ==, CP_SEAT_BIT (0) | CP_SEAT_BIT (3));
  cp_test_play (game, "f5-g3");
  g_assert_cmpuint (to_move (game), ==, 2);
}

static void
test_resigning_in_multi (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 4, 1, "variant=multi", "starts=white", NULL);
  CpAction resign;
  const CpState *state;

  cp_test_play (game, "Nc2 Nh8 Na5 Ne8 c2-d4");
  /* Black gives up on its turn: Red moves next, and once play goes on
   * Black's knight is off the board. */
  cp_action_init (&resign, CP_ACTION_RESIGN, 1);
  g_assert_true (cp_game_play (game, &resign, NULL));
  g_assert_cmpuint (cp_game_get_outcome (game)->status, ==, CP_STATUS_PLAYING);
  g_assert_cmpuint (to_move (game), ==, 2);
  cp_test_play (game, "a5-b7");
  state = cp_game_get_state (game);
  g_assert_true (CP_PIECE_IS_EMPTY (&state->cells[cell ("h8")]));
  g_assert_cmpuint (state->markers[cell ("h8")], ==, 2);
  cp_test_play (game, "e8-f6 d4-b3");
  g_assert_cmpuint (to_move (game), ==, 2);

  /* Two more resign: the last one left wins. */
  cp_action_init (&resign, CP_ACTION_RESIGN, 2);
  g_assert_true (cp_game_play (game, &resign, NULL));
  g_assert_cmpuint (to_move (game), ==, 3);
  cp_action_init (&resign, CP_ACTION_RESIGN, 3);
  g_assert_true (cp_game_play (game, &resign, NULL));
  assert_won (game, CP_SEAT_BIT (0), CP_END_RESIGNATION);

  /* Nothing more can be played, nor read as a move. */
  {
    g_auto (CpActionList) legal = { 0 };
    CpAction move;

    cp_state_legal (cp_game_get_state (game), 0, &legal);
    g_assert_cmpuint (legal.len, ==, 0);
    g_assert_false (cp_state_parse (cp_game_get_state (game), "b3-c5", &move, NULL));
  }
}

static void
test_resigning_leaves_one_who_can_move (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 3, 1, "variant=multi", "starts=white", NULL);
  CpAction resign;

  /* White's knight is cornered, and it is Red's turn; when Red resigns,
   * White cannot move and Black is the last player left. */
  cp_test_play (game, "Nc2 Nh8 Na5 c2-d4 h8-g6 a5-b7 d4-b3 g6-h4 b7-d8 b3-a1 h4-g2");
  g_assert_cmpuint (to_move (game), ==, 2);
  cp_action_init (&resign, CP_ACTION_RESIGN, 2);
  g_assert_true (cp_game_play (game, &resign, NULL));
  assert_won (game, CP_SEAT_BIT (1), CP_END_ELIMINATION);
}

static void
test_notation (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 2, 1, "variant=two-piece", "starts=white", NULL);
  static const struct {
    CpNotation notation;
    const char *place, *move, *capture;
  } expected[] = {
    { CP_NOTATION_SAN, "Nd4", "d4-f5", "d4xf5" },
    { CP_NOTATION_LAN, "Nd4", "Nd4-f5", "Nd4xf5" },
    { CP_NOTATION_FIGURINE, "♘d4", "d4-f5", "d4xf5" },
    { CP_NOTATION_COMPUTER, "N@d4", "d4f5", "d4f5" },
  };
  g_autoptr (CpState) start = NULL;
  g_autoptr (CpState) placed = NULL;
  CpAction place, move, capture;

  start = cp_state_copy (cp_game_get_state (game));
  cp_test_play (game, "Nd4 Bf5 Ng7 Bh1");
  placed = cp_state_copy (cp_game_get_state (game));
  g_assert_true (cp_state_parse (start, "Nd4", &place, NULL));
  g_assert_true (cp_state_parse (placed, "d4-e6", &move, NULL));
  g_assert_true (cp_state_parse (placed, "d4-f5", &capture, NULL));
  g_assert_true (capture.flags & CP_ACTION_FLAG_CAPTURE);
  g_assert_false (move.flags & CP_ACTION_FLAG_CAPTURE);
  cp_action_init_move (&move, 0, cell ("d4"), cell ("f5"));

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *a = cp_state_format (start, &place, expected[i].notation);
      g_autofree char *b = cp_state_format (placed, &move, expected[i].notation);
      g_autofree char *c = cp_state_format (placed, &capture, expected[i].notation);
      CpAction back;

      g_assert_cmpstr (a, ==, expected[i].place);
      g_assert_cmpstr (b, ==, expected[i].move);
      g_assert_cmpstr (c, ==, expected[i].capture);
      g_assert_true (cp_state_parse (start, a, &back, NULL));
      g_assert_true (cp_action_same (&back, &place));
      g_assert_true (cp_state_parse (placed, c, &back, NULL));
      g_assert_true (cp_action_same (&back, &capture));
    }

  /* Other spellings of a placement. */
  {
    static const char *const spellings[] = { "@d4", "d4", "N@d4", "♞d4", " Nd4 " };

    for (guint i = 0; i < G_N_ELEMENTS (spellings); i++)
      {
        CpAction back;

        g_assert_true (cp_state_parse (start, spellings[i], &back, NULL));
        g_assert_true (cp_action_same (&back, &place));
      }
  }
  /* Not moves at all. */
  {
    static const char *const junk[] = { "", "N", "z9", "d4-", "d4-f5-h6", "Nd4 f5" };

    for (guint i = 0; i < G_N_ELEMENTS (junk); i++)
      {
        g_autoptr (GError) error = NULL;
        CpAction back;

        g_assert_false (cp_state_parse (placed, junk[i], &back, &error));
        g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
      }
  }
  /* The wrong piece letter. */
  {
    g_autoptr (GError) error = NULL;
    CpAction back;

    g_assert_false (cp_state_parse (placed, "Bd4-e6", &back, &error));
    g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  }
}

/* Plays random legal actions to the end, checking the rules' invariants
 * and the notation on the way.  With @resign, the player to act now and
 * then resigns instead. */
static void
play_randomly (CpGame *game, GRand *rand, gboolean resign)
{
  cp_game_resolve_chance (game);
  while (cp_game_get_outcome (game)->status == CP_STATUS_PLAYING)
    {
      const CpState *state = cp_game_get_state (game);
      guint seat = to_move (game);
      g_auto (CpActionList) legal = { 0 };
      const CpAction *action;
      CpNotation notations[] = { CP_NOTATION_SAN, CP_NOTATION_LAN, CP_NOTATION_COMPUTER,
                                 CP_NOTATION_FIGURINE };

      g_assert_false (state->out & CP_SEAT_BIT (seat));
      if (resign && g_rand_int_range (rand, 0, 12) == 0)
        {
          CpAction give_up;

          cp_action_init (&give_up, CP_ACTION_RESIGN, seat);
          g_assert_true (cp_game_play (game, &give_up, NULL));
          g_assert_true (cp_game_get_state (game)->out & CP_SEAT_BIT (seat));
          continue;
        }
      cp_state_legal (state, seat, &legal);
      g_assert_cmpuint (legal.len, >, 0);
      action = &legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)];

      for (guint i = 0; i < legal.len; i++)
        if (legal.items[i].type == CP_ACTION_MOVE)
          {
            guint to = legal.items[i].cells[1];
            gboolean occupied = !CP_PIECE_IS_EMPTY (&state->cells[to]);

            /* Only marked cells with a piece on them, or unmarked ones. */
            g_assert_true (occupied || state->markers[to] == 0);
            g_assert_cmpint (occupied, ==, !!(legal.items[i].flags & CP_ACTION_FLAG_CAPTURE));
          }
      for (guint i = 0; i < G_N_ELEMENTS (notations); i++)
        {
          g_autofree char *text = cp_state_format (state, action, notations[i]);
          g_autoptr (GError) error = NULL;
          CpAction back;

          cp_state_parse (state, text, &back, &error);
          g_assert_no_error (error);
          g_assert_true (cp_action_same (&back, action));
        }
      g_assert_true (cp_game_play (game, action, NULL));

      /* Players who are out have no piece left on the board. */
      state = cp_game_get_state (game);
      for (guint c = 0; c < 64 && state->outcome.status == CP_STATUS_PLAYING; c++)
        g_assert_true (CP_PIECE_IS_EMPTY (&state->cells[c])
                       || !(state->out & CP_SEAT_BIT (state->cells[c].seat)));
    }
}

static void
assert_same_game (CpGame *a, CpGame *b)
{
  const CpState *sa = cp_game_get_state (a), *sb = cp_game_get_state (b);

  g_assert_cmpuint (cp_game_get_n_actions (a), ==, cp_game_get_n_actions (b));
  for (guint i = 0; i < cp_game_get_n_actions (a); i++)
    g_assert_true (cp_action_same (cp_game_get_action (a, i), cp_game_get_action (b, i)));
  g_assert_cmpmem (sa->cells, sizeof sa->cells, sb->cells, sizeof sb->cells);
  g_assert_cmpmem (sa->markers, sizeof sa->markers, sb->markers, sizeof sb->markers);
  g_assert_cmpuint (sa->out, ==, sb->out);
  g_assert_cmpmem (&sa->outcome, sizeof sa->outcome, &sb->outcome, sizeof sb->outcome);
  g_assert_cmpmem (sa, sa->rules->state_size, sb, sb->rules->state_size);
}

static CpGame *
reload (CpGame *game)
{
  g_autoptr (GError) error = NULL;
  gsize length;
  g_autofree char *text = cp_record_to_string (game, &length);
  CpGame *back = cp_record_load_data (text, length, &error);

  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "<place "));
  g_assert_nonnull (strstr (text, "game=\"attrition\""));
  assert_same_game (game, back);
  return back;
}

static void
test_full_games (void)
{
  static const struct {
    const char *variant;
    guint n_seats;
  } ways[] = {
    { "basic", 2 }, { "two-piece", 2 }, { "sudden-death", 2 }, { "multi", 3 }, { "multi", 4 },
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (20251122);

  for (guint i = 0; i < G_N_ELEMENTS (ways); i++)
    for (guint round = 0; round < 20; round++)
      {
        g_autoptr (GError) error = NULL;
        g_autofree char *variant = g_strconcat ("variant=", ways[i].variant, NULL);
        const char *options[] = { variant, NULL };
        g_autoptr (CpGame) game = cp_test_try_new_game ("attrition", ways[i].n_seats, 100 + round, options, &error);
        g_autoptr (CpGame) back = NULL;
        const CpOutcome *outcome;

        g_assert_no_error (error);
        /* Some of the games of three and four have players resign. */
        play_randomly (game, rand, ways[i].n_seats > 2 && round % 2 == 1);
        outcome = cp_game_get_outcome (game);
        g_assert_cmpuint (outcome->status, ==, CP_STATUS_WON);
        g_assert_cmpuint (__builtin_popcount (outcome->winners), ==, 1);
        if (ways[i].n_seats > 2)
          g_assert_true (outcome->reason == CP_END_ELIMINATION || outcome->reason == CP_END_RESIGNATION);
        else
          g_assert_true (outcome->reason == CP_END_NO_MOVES || outcome->reason == CP_END_PIECE_CAPTURED);
        back = reload (game);

        /* Every position along the way replays the same. */
        for (guint n = 0; n <= cp_game_get_n_actions (game); n += 7)
          {
            g_autoptr (CpState) x = cp_game_state_at (game, n);
            g_autoptr (CpState) y = cp_game_state_at (back, n);

            g_assert_cmpmem (x, x->rules->state_size, y, y->rules->state_size);
          }
      }
}

static void
test_scripted_games_reload (void)
{
  struct {
    const char *variant;
    guint n_seats;
    const char *moves;
  } games[] = {
    { "basic", 2, cornered },
    { "two-piece", 2, two_piece_cornered },
    { "sudden-death", 2, "Nd4 Bf5 Ng7 Bh1 d4xf5" },
    { "multi", 3, "Nd4 Nf5 Na8 d4xf5 a8-b6 f5-d6 b6-c4 d6xc4" },
    { "multi", 4, four_cornered },
  };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *variant = g_strconcat ("variant=", games[i].variant, NULL);
      g_autoptr (CpGame) game = cp_test_new_game_undrawn ("attrition", games[i].n_seats, 1, variant, NULL);
      g_autoptr (CpGame) back = NULL;
      g_autoptr (CpGame) again = NULL;
      CpAction first;

      /* Whoever the draw names, the script's first player starts. */
      cp_action_init (&first, games[i].n_seats == 2 ? CP_ACTION_ROLL : CP_ACTION_SHUFFLE, CP_SEAT_CHANCE);
      for (first.value = 0; ; first.value++)
        {
          guint8 order[4];

          cp_random_permute (first.value, games[i].n_seats, order);
          if (games[i].n_seats == 2 || (order[0] == 0 && order[1] == 1 && order[2] == 2
                                        && (games[i].n_seats == 3 || order[3] == 3)))
            break;
        }
      g_assert_true (cp_game_append (game, &first, NULL));
      cp_test_play (game, games[i].moves);
      back = reload (game);
      /* And a game in progress: everything but the last action. */
      cp_game_undo (game);
      again = reload (game);
    }
}

/* The evaluation with three players: a knight that another can take
 * before it moves away is as good as lost, and the one to take it stands
 * better for it; taking any other knight counts. */
static void
test_evaluation (void)
{
  g_autoptr (CpGame) threat = cp_test_new_game ("attrition", 3, 1, "variant=multi", "starts=white", NULL);
  g_autoptr (CpGame) apart = cp_test_new_game ("attrition", 3, 1, "variant=multi", "starts=white", NULL);
  g_autoptr (CpGame) late = cp_test_new_game ("attrition", 3, 1, "variant=multi", "starts=white", NULL);
  const CpState *a, *b, *c;
  int before;

  /* White to move, a knight's move from Black's knight or not. */
  cp_test_play (threat, "Nd4 Nf5 Na8");
  cp_test_play (apart, "Nd4 Nh6 Na8");
  a = cp_game_get_state (threat);
  b = cp_game_get_state (apart);
  g_assert_cmpint (cp_state_evaluate (a, 1), <, cp_state_evaluate (b, 1) - 100);
  /* A piece as good as lost is the game as good as lost: it weighs more
   * than a rook does in chess, to the computer players' search. */
  g_assert_cmpint (cp_state_evaluate (a, 1), <, cp_state_evaluate (b, 1) - cp_piece_kind_value (CP_PIECE_ROOK));
  g_assert_cmpint (cp_state_evaluate (a, 0), >, cp_state_evaluate (b, 0) + 50);
  g_assert_cmpint (cp_state_evaluate (a, 1), <, cp_state_evaluate (a, 2));

  /* Black to move in the same spot: now White's knight is in danger. */
  cp_test_play (late, "Nb3 Nf5 Na8 b3-d4");
  c = cp_game_get_state (late);
  g_assert_cmpuint (to_move (late), ==, 1);
  g_assert_cmpint (cp_state_evaluate (c, 0), <, cp_state_evaluate (c, 2) - 100);
  g_assert_cmpint (cp_state_evaluate (c, 1), >, cp_state_evaluate (a, 1) + 100);

  /* Taking Black's knight, not the strongest other, still helps White. */
  before = cp_state_evaluate (b, 0);
  cp_test_play (threat, "d4xf5");
  g_assert_cmpint (cp_state_evaluate (cp_game_get_state (threat), 0), >, before);
}

/* Checks the move list's numbers of the actions from @first on: each is
 * "round.place", followed by "out:" and the seats it put out, if any. */
static void
assert_rounds (CpGame *game, guint first, const char *const *expected)
{
  guint n = cp_game_get_n_actions (game);
  g_autofree CpActionNumber *numbers = g_new (CpActionNumber, n - first);
  g_autoptr (GPtrArray) got = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *got_text = NULL, *expected_text = NULL;

  cp_game_number_actions (game, first, n - first, numbers);
  for (guint i = 0; i < n - first; i++)
    {
      g_ptr_array_add (got, g_strdup_printf ("%u.%u", numbers[i].round, numbers[i].place));
      if (numbers[i].goes_out != 0)
        g_ptr_array_add (got, g_strdup_printf ("out:%x", numbers[i].goes_out));
    }
  g_ptr_array_add (got, NULL);
  got_text = g_strjoinv (" ", (char **) got->pdata);
  expected_text = g_strjoinv (" ", (char **) expected);
  g_assert_cmpstr (got_text, ==, expected_text);
}

static void
assert_columns (CpGame *game, const guint8 *seats, guint n)
{
  CpMoveColumns columns;

  cp_game_get_move_columns (game, &columns);
  g_assert_true (columns.headed);
  g_assert_cmpmem (columns.seats, columns.n_columns, seats, n);
}

/* Three or four players: the move list's rounds go round the table in
 * the order of play, the first player's moves first; a player put out
 * leaves the round there, and the others keep their places after. */
static void
test_move_rounds (void)
{
  g_autoptr (CpGame) three = cp_test_new_game ("attrition", 3, 1, "variant=multi", "starts=red", NULL);
  g_autoptr (CpGame) four = cp_test_new_game_undrawn ("attrition", 4, 1, "variant=multi", "starts=random", NULL);
  g_autofree char *drawn = NULL;
  CpAction shuffle;
  static const guint8 three_order[] = { 2, 0, 1 };
  static const guint8 four_order[] = { 1, 0, 2, 3 };
  static const char *const three_rounds[] = {
    "0.0", "0.0", "0.0",
    "1.0", "1.1", "1.2",
    /* White takes Red's knight: Red is out. */
    "2.0", "2.1", "out:4", "2.2",
    "3.1", "3.2", "4.1", NULL,
  };
  static const char *const four_rounds[] = {
    "0.0", "0.0", "0.0", "0.0",
    "1.0", "1.1", "1.2", "1.3",
    "2.0", "2.1", "2.2", "2.3",
    "3.0", "3.1", "3.2", "3.3",
    "4.0", "4.1", "4.2", "4.3",
    /* White takes Black's knight: Black is out. */
    "5.0", "5.1", "out:2", "5.2", "5.3",
    "6.1", "6.2", NULL,
  };

  /* Before anyone moves, the one to act heads the table. */
  assert_columns (three, three_order, 3);
  cp_test_play (three, "Nf8 Nh4 Na6 f8-g6 h4-f3 a6-b4 g6-e5 f3xe5 b4-d5 e5-f7 d5-b6 f7-h6");
  assert_columns (three, three_order, 3);
  g_assert_cmpuint (cp_game_get_state (three)->out, ==, CP_SEAT_BIT (2));
  assert_rounds (three, 0, three_rounds);

  /* A draw makes Black first, then White, Red and Brown. */
  cp_action_init (&shuffle, CP_ACTION_SHUFFLE, CP_SEAT_CHANCE);
  shuffle.value = 1890481503;
  cp_test_play_action (four, shuffle);
  drawn = cp_game_format_action (four, 0, CP_NOTATION_SAN);
  g_assert_cmpstr (drawn, ==, "Order of play: Black, White, Red, Brown");
  cp_test_play (four, "Nf6 Ng7 Ng1 Na1 f6-e4 g7-e6 g1-f3 a1-c2 e4-d2 e6-f8 f3-e1 c2-a3 "
                      "d2-c4 f8-d7 e1-g2 a3-b1 c4-b2 d7-b6 g2-e3 b1-c3 b2-a4 b6xa4");
  assert_columns (four, four_order, 4);
  cp_test_play (four, "e3-g4 c3-e2 a4-c5 g4-f2");
  assert_columns (four, four_order, 4);
  assert_rounds (four, 1, four_rounds);
}

/* Position texts. */

static CpGame *
try_from_text (guint n_seats, const char *variant, const char *text, GError **error)
{
  g_autofree char *option = g_strconcat (CP_POSITION_OPTION "=", text, NULL);
  g_autofree char *way = g_strconcat ("variant=", variant, NULL);
  const char *options[] = { way, option, NULL };

  return cp_test_try_new_game ("attrition", n_seats, 1, options, error);
}

static void
assert_text (CpGame *game, const char *expected)
{
  g_autofree char *text = cp_test_position (cp_game_get_state (game));

  g_assert_cmpstr (text, ==, expected);
}

/* The game set up from @text, which it writes back unchanged. */
static CpGame *
read_back (guint n_seats, const char *variant, const char *text)
{
  g_autoptr (GError) error = NULL;
  CpGame *game = try_from_text (n_seats, variant, text, &error);

  if (game == NULL)
    g_error ("“%s” is not read: %s", text, error->message);
  assert_text (game, text);
  return game;
}

static void
test_position_placing (void)
{
  g_autoptr (CpGame) start = cp_test_new_game ("attrition", 2, 1, "variant=basic", "starts=white", NULL);
  g_autoptr (CpGame) game = read_back (2, "basic", "8/8/8/8/8/8/2wN5/8 b wb - - -");
  g_autoptr (CpGame) brown = read_back (4, "multi", "8/8/8/4rN3/8/8/2wN5/8 o rwob - - -");
  guint count;
  CpCellSet cells;

  assert_text (start, "8/8/8/8/8/8/8/8 w wb - - -");

  /* The help's example, in the middle and at the end. */
  {
    g_autoptr (CpGame) example = cp_test_new_game ("attrition", 2, 1, "variant=basic", "starts=white", NULL);
    g_autoptr (CpGame) end = NULL;

    cp_test_play (example, "Nc2 Nh8 c2-d4 h8-g6");
    assert_text (example, "7b/8/6bN1/8/3wN4/8/2w5/8 w wb - - -");
    cp_test_play (example, "d4-b3 g6-h4 b3-a1 h4-g2");
    assert_won (example, CP_SEAT_BIT (1), CP_END_NO_MOVES);
    assert_text (example, "7b/8/6b1/8/3w3b/1w6/2w3bN1/wN7 b wb - w -");
    end = read_back (2, "basic", "7b/8/6b1/8/3w3b/1w6/2w3bN1/wN7 b wb - w -");
    assert_won (end, CP_SEAT_BIT (1), CP_END_NO_MOVES);
  }

  /* Nothing is drawn: the text says who acts.  Black may not place a
   * piece on c2 nor on its mirror images f2, c7 and f7. */
  g_assert_cmpuint (to_move (game), ==, 1);
  cells = placements (game, &count);
  g_assert_cmpuint (count, ==, 60);
  g_assert_false (cp_cell_set_contains (&cells, cell ("f2")));
  g_assert_false (cp_cell_set_contains (&cells, cell ("c7")));
  g_assert_false (cp_cell_set_contains (&cells, cell ("f7")));
  cp_test_play (game, "Nf3");
  assert_text (game, "8/8/8/8/8/5bN2/2wN5/8 w wb - - -");
  g_assert_cmpuint (cp_game_get_outcome (game)->status, ==, CP_STATUS_PLAYING);

  /* With four, the order of play comes from the text: Brown places
   * after Red and White, then Black. */
  g_assert_cmpuint (to_move (brown), ==, 3);
  cp_test_play (brown, "Nh8");
  g_assert_cmpuint (to_move (brown), ==, 1);
  cp_test_play (brown, "Na7");
  /* Every knight is down: Red moves first. */
  g_assert_cmpuint (to_move (brown), ==, 2);
  assert_text (brown, "7oN/bN7/8/4rN3/8/8/2wN5/8 r rwob - - -");
}

/* A stuck piece of the two-piece games: the bishop moves first, and then
 * the knight in the corner is lost. */
static void
test_position_two_piece_stuck (void)
{
  static const char *const text = "7bN/8/8/8/3wB4/1w6/2w5/wN6bB w wb - - -";
  g_autoptr (CpGame) game = read_back (2, "two-piece", text);
  g_autoptr (CpGame) sudden = read_back (2, "sudden-death", text);
  g_autoptr (CpGame) halfway = read_back (2, "two-piece", "7bN/8/8/8/3wB4/8/2wN5/w6bB w wb N - -");
  g_autoptr (CpGame) over = NULL;
  g_auto (CpActionList) legal = { 0 };

  cp_test_legal (game, &legal);
  g_assert_cmpuint (legal.len, ==, 6);
  for (guint i = 0; i < legal.len; i++)
    g_assert_cmpuint (legal.items[i].cells[0], ==, cell ("d4"));
  cp_test_play (game, "d4-e6");
  assert_text (game, "7bN/8/4wB3/8/3w4/1w6/2w5/w6bB b wb - w -");
  g_assert_cmpuint (cp_game_get_outcome (game)->status, ==, CP_STATUS_PLAYING);

  /* In sudden death that loss ends the game, and the knight stays. */
  cp_test_play (sudden, "d4-e6");
  assert_won (sudden, CP_SEAT_BIT (1), CP_END_NO_MOVES);
  assert_text (sudden, "7bN/8/4wB3/8/3w4/1w6/2w5/wN6bB b wb - w -");
  over = read_back (2, "sudden-death", "7bN/8/4wB3/8/3w4/1w6/2w5/wN6bB b wb - w -");
  assert_won (over, CP_SEAT_BIT (1), CP_END_NO_MOVES);

  /* Halfway through a turn: the knight has moved, the bishop is to
   * move, and it may take its own knight. */
  cp_test_legal (halfway, &legal);
  g_assert_cmpuint (legal.len, ==, 8);
  for (guint i = 0; i < legal.len; i++)
    g_assert_cmpuint (legal.items[i].cells[0], ==, cell ("d4"));
  cp_test_play (halfway, "d4xc2");
  assert_text (halfway, "7bN/8/8/8/3w4/8/2wB5/w6bB b wb - w -");
}

/* Four players: a capture puts Brown out, a stuck knight puts Red out,
 * and the last player left wins. */
static void
test_position_four_players (void)
{
  g_autoptr (CpGame) game = read_back (4, "multi", "7bN/8/4oN3/8/3rN4/8/8/wN7 r wbro - - -");
  g_autoptr (CpGame) stuck = read_back (4, "multi", "7bN/8/8/8/4wN3/1w6/2w5/rN6oN w wbro - - -");
  g_autoptr (CpGame) last = read_back (4, "multi", "7b/8/4o3/8/8/8/2rN5/wN7 w wbro - bo bo");

  cp_test_play (game, "d4xe6");
  g_assert_cmpuint (cp_game_get_state (game)->out, ==, CP_SEAT_BIT (3));
  g_assert_cmpuint (to_move (game), ==, 0);
  assert_text (game, "7bN/8/4rN3/8/3r4/8/8/wN7 w wbro - o o");

  /* Red's turn comes, and its knight has nowhere to go. */
  cp_test_play (stuck, "e4-f6 h8-g6");
  g_assert_cmpuint (cp_game_get_state (stuck)->out, ==, CP_SEAT_BIT (2));
  g_assert_cmpuint (to_move (stuck), ==, 3);
  assert_text (stuck, "7b/8/5wNbN1/8/4w3/1w6/2w5/r6oN o wbro - r r");

  cp_test_play (last, "a1xc2");
  assert_won (last, CP_SEAT_BIT (0), CP_END_ELIMINATION);
  assert_text (last, "7b/8/4o3/8/8/8/2wN5/w7 w wbro N bro bro");
}

static void
test_position_errors (void)
{
  static const struct {
    guint n_seats;
    const char *variant;
    const char *text;
    const char *reason;
  } wrong[] = {
    { 2, "basic", "8/8/8/8/8/8/2wN5/8 b wb", "too few fields" },
    { 2, "basic", "8/8/8/8/8/8/2wN5/8 b wb - - - -", "too many fields" },
    { 2, "basic", "8/8/8/8/8/8/2wN6/8 b wb - - -", "wrong number of cells" },
    { 2, "basic", "8/8/8/8/8/8/2wN5 b wb - - -", "incomplete" },
    { 2, "basic", "8/8/8/8/8/8/2xN5/8 b wb - - -", "letter that is" },
    { 2, "basic", "8/8/8/8/8/8/2wB5/8 b wb - - -", "every piece is a knight" },
    { 2, "two-piece", "8/8/8/8/8/8/2wNwN4/8 b wb - - -", "more than one knight" },
    { 2, "basic", "8/8/8/8/8/8/2wN5/8 r wb - - -", "player to act" },
    { 2, "basic", "8/8/8/8/8/8/2wN5/8 b ww - - -", "order of play" },
    { 2, "basic", "8/8/8/8/8/8/2bN5/8 b wb - - -", "not placed in the order" },
    { 2, "two-piece", "8/8/8/8/8/8/2wB5/8 w wb - - -", "knight before the bishop" },
    { 2, "basic", "8/8/8/8/8/8/2wN5/8 b wb N - -", "while pieces are being placed" },
    { 2, "basic", "7bN/8/8/8/8/8/2wN5/8 w wb B - -", "N or B" },
    { 2, "basic", "7bN/8/8/8/8/8/2wN5/8 w wb - wb -", "both players have lost" },
    { 2, "two-piece", "7bN/8/8/8/8/8/2wN5/8 w wb - www -", "more pieces than they had" },
    { 2, "two-piece", "7bN/8/8/8/3bB4/8/2wN5/5wB2 w wb - b -", "still on the board" },
    { 3, "multi", "7bN/8/8/8/3rN4/8/2wN5/8 w wbr - r -", "is out of the game" },
    { 3, "multi", "7bN/8/8/8/3rN4/8/2wN5/8 w wbr - - wbr", "every player is out" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CpGame) game = try_from_text (wrong[i].n_seats, wrong[i].variant, wrong[i].text, &error);

      g_assert_null (game);
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
      if (strstr (error->message, wrong[i].reason) == NULL)
        g_error ("“%s” is refused with “%s”, not “…%s…”", wrong[i].text, error->message, wrong[i].reason);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/attrition/seats", test_seats_fit_the_variant);
  g_test_add_func ("/attrition/start/random", test_random_start_is_logged);
  g_test_add_func ("/attrition/start/chosen", test_chosen_start);
  g_test_add_func ("/attrition/mirror/corners", test_mirror_ban_corners);
  g_test_add_func ("/attrition/mirror/inner", test_mirror_ban_inner);
  g_test_add_func ("/attrition/mirror/two-pieces", test_mirror_ban_two_pieces);
  g_test_add_func ("/attrition/mirror/multi", test_mirror_ban_multi);
  g_test_add_func ("/attrition/markers", test_markers);
  g_test_add_func ("/attrition/knight-moves", test_knight_moves_only);
  g_test_add_func ("/attrition/marked-cells", test_marked_cells);
  g_test_add_func ("/attrition/basic/capture", test_basic_capture_wins);
  g_test_add_func ("/attrition/basic/no-move", test_basic_no_move_loses);
  g_test_add_func ("/attrition/two-piece/turns", test_two_piece_turns);
  g_test_add_func ("/attrition/two-piece/stuck-piece", test_two_piece_stuck_piece);
  g_test_add_func ("/attrition/two-piece/own-piece", test_two_piece_own_piece);
  g_test_add_func ("/attrition/two-piece/lose-both", test_two_piece_lose_both);
  g_test_add_func ("/attrition/sudden-death/capture", test_sudden_death_capture);
  g_test_add_func ("/attrition/sudden-death/stuck-piece-waits", test_sudden_death_stuck_piece_waits);
  g_test_add_func ("/attrition/multi/three", test_three_players);
  g_test_add_func ("/attrition/multi/four", test_four_players);
  g_test_add_func ("/attrition/multi/evaluation", test_evaluation);
  g_test_add_func ("/attrition/multi/resign", test_resigning_in_multi);
  g_test_add_func ("/attrition/multi/resign-leaves-one", test_resigning_leaves_one_who_can_move);
  g_test_add_func ("/attrition/multi/move-rounds", test_move_rounds);
  g_test_add_func ("/attrition/notation", test_notation);
  g_test_add_func ("/attrition/full-games", test_full_games);
  g_test_add_func ("/attrition/scripted-games", test_scripted_games_reload);
  g_test_add_func ("/attrition/position/placing", test_position_placing);
  g_test_add_func ("/attrition/position/two-piece-stuck", test_position_two_piece_stuck);
  g_test_add_func ("/attrition/position/four-players", test_position_four_players);
  g_test_add_func ("/attrition/position/errors", test_position_errors);

  return g_test_run ();
}
