/* test-adrenaline.c: Adrenaline Chess
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-brute-lines.h"
#include "cp-chess-state.h"
#include "cp-engine.h"
#include "cp-test-util.h"

/* The worked example of the rules where White is mated by the black
 * queen's adrenaline: the bishop on c1 carries three checkers, the pawns
 * on e5, e6, h5 and g7 one each; Black has just taken on e2. */
#define QUEEN_MATE "rn2k1nr/5pp*1/4p*3/4P*2p*/1pq5/P7/1P1PbKPP/R1B***3Q1 w - - 0 1"

/* Kiwipete with checkers: the pawn on b4 can take the knight on c3 and
 * walk on with all three checkers, taking the bishop on d2 and its one. */
#define STACKED "r3k2r/p1ppq*pb1/bn2pnp1/3PN3/1p*2P3/2N**2Q1p/PPPB*BPPP/R3K2R w KQkq - 0 1"

/* Kiwipete with a checker under the black queen on e7, the black pawn on
 * b4 and the white pawn on a2; and "position 4". */
#define KIWIPETE_CHECKERS "r3k2r/p1ppq*pb1/bn2pnp1/3PN3/1p*2P3/2N2Q1p/P*PPBBPPP/R3K2R w KQkq - 0 1"
#define POSITION_4 "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"

static char *
last_text (CpGame *game)
{
  return cp_game_format_action (game, cp_game_get_n_actions (game) - 1, CP_NOTATION_SAN);
}

/* The first example: White takes on a6 with the bishop and ends the turn
 * with a checker under the pawn on h7, which may then spend it. */
static void
test_bishop_capture (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("adrenaline", 2, 1, NULL);
  g_auto (CpActionList) legal = { 0 };
  g_autofree char *capture = NULL, *placed = NULL;

  cp_test_play (game, "e3 a6 Bxa6");
  capture = cp_game_format_action (game, 2, CP_NOTATION_SAN);
  g_assert_cmpstr (capture, ==, "Bxa6");
  /* The bishop had no checkers: the turn goes straight to the checker,
   * under any of Black's fifteen pieces. */
  g_assert_cmpuint (cp_game_get_state (game)->to_move, ==, 0);
  cp_test_legal (game, &legal);
  g_assert_cmpuint (legal.len, ==, 15);
  for (guint i = 0; i < legal.len; i++)
    {
      g_assert_cmpint (legal.items[i].type, ==, CP_ACTION_ADD_CHECKER);
      g_assert_cmpuint (cp_test_piece_at (game, "a1")->seat, !=, cp_game_get_state (game)->cells[legal.items[i].cells[0]].seat);
    }

  cp_test_play (game, "@h7");
  placed = last_text (game);
  g_assert_cmpstr (placed, ==, "@h7");
  g_assert_cmpuint (cp_test_piece_at (game, "h7")->checkers, ==, 1);
  g_assert_cmpuint (cp_game_get_state (game)->to_move, ==, 1);

  /* The pawn moves, then may spend its checker on one king step. */
  cp_test_play (game, "h6");
  g_assert_cmpuint (cp_game_get_state (game)->to_move, ==, 1);
  cp_test_play (game, "~g5");
  g_assert_cmpuint (cp_test_piece_at (game, "g5")->kind, ==, CP_PIECE_PAWN);
  g_assert_cmpuint (cp_test_piece_at (game, "g5")->checkers, ==, 0);
  g_assert_cmpuint (cp_game_get_state (game)->to_move, ==, 0);
}

/* A capture that checks is marked, not the checker that ends the turn;
 * and only once the turn is over. */
static void
test_check_mark (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("adrenaline", 2, 1, NULL);
  g_autofree char *early = NULL, *capture = NULL, *placed = NULL;

  cp_test_play (game, "e4 d5 Bb5 c6 Bxc6");
  early = last_text (game);
  g_assert_cmpstr (early, ==, "Bxc6");
  cp_test_play (game, "@h7");
  capture = cp_game_format_action (game, cp_game_get_n_actions (game) - 2, CP_NOTATION_SAN);
  placed = last_text (game);
  g_assert_cmpstr (capture, ==, "Bxc6+");
  g_assert_cmpstr (placed, ==, "@h7");
}

/* The second example: checkmate by extra steps, with the reason the
 * rules give for each cell around the king. */
static void
test_queen_mate (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("adrenaline", 2, 1, "fen=" QUEEN_MATE, NULL);
  g_autoptr (CpGame) hope = NULL;
  const CpChessState *st = CP_CHESS_STATE (cp_game_get_state (game));
  const CpOutcome *outcome = cp_game_get_outcome (game);
  g_autoptr (CpState) plain = cp_state_copy (&st->base);
  CpChessState *orthodox = CP_CHESS_STATE (plain);
  guint king = cp_test_cell ("f2");
  g_auto (CpActionList) legal = { 0 };
  static const struct {
    const char *cell;
    gboolean direct;  /* attacked without extra steps too */
  } around[] = {
    { "e1", FALSE }, { "e3", FALSE },  /* the queen takes c1 and walks on */
    { "e2", TRUE },                     /* the queen takes the bishop directly */
    { "f1", TRUE }, { "f3", TRUE },     /* the queen or the bishop */
    { "g3", FALSE },                    /* the pawn on h5 steps on from h4 */
  };

  g_assert_cmpint (outcome->status, ==, CP_STATUS_WON);
  g_assert_cmpint (outcome->reason, ==, CP_END_CHECKMATE);
  g_assert_cmpuint (outcome->winners, ==, CP_SEAT_BIT (1));
  g_assert_true (cp_chess_in_check (st, 0));

  orthodox->features &= (guint16) ~CP_CHESS_EXTRA_STEPS;
  g_assert_false (cp_chess_in_check (orthodox, 0));
  for (guint i = 0; i < G_N_ELEMENTS (around); i++)
    {
      g_assert_true (cp_chess_attacked (st, cp_test_cell (around[i].cell), 0, king, CP_NO_CELL));
      g_assert_cmpint (cp_chess_attacked (orthodox, cp_test_cell (around[i].cell), 0, king, CP_NO_CELL), ==,
                       around[i].direct);
    }

  /* Without the checker on h5, g3 is the way out. */
  hope = cp_test_new_game ("adrenaline", 2, 1,
                           "fen=rn2k1nr/5pp*1/4p*3/4P*2p/1pq5/P7/1P1PbKPP/R1B***3Q1 w - - 0 1", NULL);
  g_assert_cmpint (cp_game_get_outcome (hope)->status, ==, CP_STATUS_PLAYING);
  cp_test_legal (hope, &legal);
  g_assert_cmpuint (legal.len, ==, 1);
  g_assert_cmpuint (legal.items[0].cells[1], ==, cp_test_cell ("g3"));
}

/* A stack moves with its piece; the piece that takes it takes it over;
 * stacks bar castling. */
static void
test_takeover (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("adrenaline", 2, 1, "fen=4k2n**/8/8/8/8/8/8/4K2R w K - 0 1", NULL);
  g_autoptr (CpGame) castling = cp_test_new_game ("adrenaline", 2, 1, "fen=4k3/8/8/8/8/8/8/R3K**2R w KQ - 0 1", NULL);
  g_autoptr (CpGame) rook = cp_test_new_game ("adrenaline", 2, 1, "fen=4k3/8/8/8/8/8/8/R3K2R* w KQ - 0 1", NULL);
  g_auto (CpActionList) legal = { 0 };

  cp_test_play (game, "Rxh8");
  g_assert_cmpuint (cp_test_piece_at (game, "h8")->checkers, ==, 2);
  g_assert_cmpuint (cp_test_piece_at (game, "h8")->checker_colour, ==, CP_COLOUR_RED);
  /* The rook spends both; having taken, White puts a checker. */
  cp_test_play (game, "~g7 ~f7 @e8");
  g_assert_cmpuint (cp_test_piece_at (game, "f7")->checkers, ==, 0);
  g_assert_cmpuint (cp_test_piece_at (game, "e8")->checkers, ==, 1);
  g_assert_cmpuint (cp_game_get_state (game)->to_move, ==, 1);

  /* No castling with a king or rook that has checkers. */
  cp_test_legal (castling, &legal);
  for (guint i = 0; i < legal.len; i++)
    g_assert_false (legal.items[i].flags & CP_ACTION_FLAG_CASTLE);
  cp_action_list_clear (&legal);
  cp_test_legal (rook, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].flags & CP_ACTION_FLAG_CASTLE)
      g_assert_cmpuint (legal.items[i].cells[1], ==, cp_test_cell ("a1"));
}

/* Once all 24 checkers lie under pieces, a capture adds none.  (The pawn
 * on h7 that holds them cannot make the move that would free them.) */
static void
test_out_of_checkers (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("adrenaline", 2, 1,
                                              "fen=4k3/7p/7P/8/8/8/3p4/3QK3 w - - 0 1", NULL);
  g_autoptr (CpGame) full = cp_test_new_game ("adrenaline", 2, 1,
                                              "fen=4k3/7p************************/7P/8/8/8/3p4/3QK3 w - - 0 1", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) too_many = cp_test_try_new_game ("adrenaline", 2, 1, (const char *const[]) {
                                                        "fen=4k3/7p*************************/7P/8/8/8/3p4/3QK3 w - - 0 1",
                                                        NULL }, &error);

  cp_test_play (game, "Qxd2");
  g_assert_cmpuint (cp_game_get_state (game)->to_move, ==, 0);
  cp_test_play (full, "Qxd2");
  g_assert_cmpuint (cp_game_get_state (full)->to_move, ==, 1);
  g_assert_null (too_many);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
}

/* The game of the position @fen, Black to move or White. */
static CpGame *
fen_game (const char *fen)
{
  g_autofree char *option = g_strconcat ("fen=", fen, NULL);

  return cp_test_new_game ("adrenaline", 2, 1, option, NULL);
}

static guint64
engine_perft (const char *fen, guint depth)
{
  g_autoptr (CpGame) game = fen_game (fen);
  g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));

  return cp_state_perft (state, depth);
}

/* The counts of orthodox chess at depth 4 from the start, with the
 * positions after a capture on ply 3 (the first a game can make) counted
 * as in Adrenaline Chess: each has as many children as Black has pieces
 * left (fifteen), the placings of the checker, instead of Black's chess
 * replies.  Every other position of the first four plies has no checker
 * and plays as orthodox chess. */
static guint64
start_count_from_chess (void)
{
  g_autoptr (CpState) start = cp_test_new_state ("chess", 2, NULL);
  g_auto (CpActionList) one = { 0 };
  guint64 replies_after_captures = 0, captures = 0;

  cp_state_legal (start, 0, &one);
  for (guint a = 0; a < one.len; a++)
    {
      g_autoptr (CpState) s1 = cp_state_copy (start);
      g_auto (CpActionList) two = { 0 };

      cp_state_apply (s1, &one.items[a], NULL);
      cp_state_legal (s1, 1, &two);
      for (guint b = 0; b < two.len; b++)
        {
          g_autoptr (CpState) s2 = cp_state_copy (s1);
          g_auto (CpActionList) three = { 0 };

          cp_state_apply (s2, &two.items[b], NULL);
          cp_state_legal (s2, 0, &three);
          for (guint c = 0; c < three.len; c++)
            if (three.items[c].flags & CP_ACTION_FLAG_CAPTURE)
              {
                g_autoptr (CpState) s3 = cp_state_copy (s2);

                cp_state_apply (s3, &three.items[c], NULL);
                replies_after_captures += cp_state_perft (s3, 1);
                captures++;
              }
        }
    }
  /* Orthodox chess: 34 captures among the 8902 positions of depth 3. */
  g_assert_cmpuint (captures, ==, 34);
  return 197281 - replies_after_captures + 15 * captures;
}

/* Counts of action sequences, checked against the counter written apart
 * from the engine (tests/support/cp-brute-perft.c); from the start, depths 1 to
 * 3 are those of orthodox chess (20, 400, 8902: no checker can be placed
 * before ply 4), and depth 4 follows from orthodox chess as
 * start_count_from_chess() says. */
static void
test_perft (void)
{
  static const char *const positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    STACKED,
    "r3k2r/8/8/2pP*4/8/8/8/R3K2R w KQkq c6 0 2",
    "4k3/1P*6/8/8/8/8/6p*1/4K3 w - - 0 1",
  };
  static const guint64 start[] = { 20, 400, 8902 };

  for (guint p = 0; p < G_N_ELEMENTS (positions); p++)
    for (guint depth = 1; depth <= 4; depth++)
      g_assert_cmpuint (engine_perft (positions[p], depth), ==,
                        brute_perft (BRUTE_ADRENALINE, positions[p], depth));
  for (guint depth = 1; depth <= 3; depth++)
    g_assert_cmpuint (engine_perft (positions[0], depth), ==, start[depth - 1]);
  g_assert_cmpuint (engine_perft (positions[0], 4), ==, start_count_from_chess ());
  g_assert_cmpuint (engine_perft (STACKED, 4), ==, 4634);
}

/* The moves of @state found with the masks and cell by cell are one. */
static void
compare_masks (CpState *state, guint ply, gpointer data)
{
  g_autoptr (CpState) plain = cp_state_copy (state);
  g_auto (CpActionList) with = { 0 };
  g_auto (CpActionList) without = { 0 };
  guint seat = cp_state_first_pending (state);

  if (ply == 0)
    g_assert_true (CP_CHESS_STATE (state)->masks);
  CP_CHESS_STATE (plain)->masks = FALSE;
  cp_state_legal (state, seat, &with);
  cp_state_legal (plain, seat, &without);
  g_assert_cmpuint (with.len, ==, without.len);
  for (guint i = 0; i < with.len; i++)
    g_assert_cmpmem (&with.items[i], sizeof with.items[i], &without.items[i], sizeof without.items[i]);
  (*(guint *) data)++;
}

/* The moves found with masks of the board (CpChessState.masks, kept on
 * boards of 8 by 8) are those found cell by cell without them, in every
 * position of lines of play from positions with several stacks. */
static void
test_masks (void)
{
  static const char *const positions[] = {
    STACKED,
    QUEEN_MATE,
    "r3k2r/p1ppq*pb1/bn*2pnp1/3PN3/1p2P3/2N**2Q1p/PPPB*BPPP/R3K2R w KQkq - 0 1",
    "rn*bqkbnr/pp*p*ppppp/8/8/8/8/PP*PPPPPP/RNB*QKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n*2n2/4p3/2B*1P3/5N*2/PPPP1PPP/RNBQK2R b KQkq - 0 1",
    "n1n5/P*PPk4/8/8/8/8/4Kppp/5N*1N w - - 0 1",
    "8/2p*5/3p4/KP5r/1R2Pp*1k/8/6P1/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p*1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBP*PP/R3K2R w KQkq - 0 1",
    "r1bqk*b1r/p*ppp1ppp/2n*2n2/4p*3/2B1P3/5N*2/P*PPP1PPP/RNBQK*2R b KQkq - 0 1",
  };
  guint compared = 0;

  cp_test_walk_lines ("adrenaline", positions, G_N_ELEMENTS (positions), 16, 200, 0, compare_masks, &compared);
  g_assert_cmpuint (compared, >, 1000);
}

/* Whether a legal action of @seat in @game reads @lan. */
static gboolean
has_legal (CpGame *game, guint seat, const char *lan)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (cp_game_get_state (game), seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      g_autofree char *text = cp_state_format (cp_game_get_state (game), &legal.items[i], CP_NOTATION_LAN);

      if (g_strcmp0 (text, lan) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The counts of one to three plies from @fen agree with the counter that
 * tries every walk. */
static void
assert_counts_like_brute (const char *fen)
{
  for (guint depth = 1; depth <= 3; depth++)
    g_assert_cmpuint (engine_perft (fen, depth), ==, brute_perft (BRUTE_ADRENALINE, fen, depth));
}

/* A walk that must take three pieces in the right order to reach the
 * king: after 1... Qb8, the knight on a3 goes to b5 with two checkers and
 * steps to b6, a7 (taking one checker), b8 (two), c7 (one), d8 and e8.
 * So the queen may not go to b8; the counter that tries every walk
 * agrees. */
static void
test_ordered_walk (void)
{
  const char *fen = "3q**kr1Q/p*rp*p1p2/4p*3/n7/1N1bP*1P1/N**1B*b3P/P*P3P2/R5KR b - - 4 17";
  g_autoptr (CpGame) game = fen_game (fen);

  g_assert_false (has_legal (game, 1, "Qd8-b8"));
  g_assert_cmpuint (engine_perft (fen, 1), ==, 4);
  assert_counts_like_brute (fen);
}

/* A pawn that takes en passant stands in the way of extra steps on the
 * cell it takes on: after 1. c4, Black's bxc3 blocks the bishop on d2,
 * whose way to a5, b6, c7 and d8 the pawn on b4 blocked before. */
static void
test_en_passant_blocks (void)
{
  const char *fen = "1r1k4/p1pp1pb1/bn*1q*1np1/3p3r/1pP1P3/3Q3p/PP1B**B*PPP/RN**3K1R b - c3 0 6";
  g_autoptr (CpGame) game = fen_game (fen);

  g_assert_true (has_legal (game, 1, "b4xc3"));
  assert_counts_like_brute (fen);
}

/* Only the side that did not make the double step may take en passant:
 * after 1. f4, White's pawn on e2 with a checker cannot go to f3 as if
 * taking, and step on to g4, so the black king may go there. */
static void
test_en_passant_of_the_other_side (void)
{
  const char *fen = "8/8/8/5k2/5P2/8/4P*3/4K3 b - f3 0 1";
  g_autoptr (CpGame) game = fen_game (fen);

  g_assert_true (has_legal (game, 1, "Kf5-g4"));
  assert_counts_like_brute (fen);
}

/* Castling empties the rook's corner, where the pawn on a2 with two
 * checkers may then promote and step to c1: White may not castle long.
 * Without the checkers it may. */
static void
test_castling_opens_corner (void)
{
  const char *fen = "4k3/8/8/8/8/8/p**7/R3K3 w Q - 0 1";
  g_autoptr (CpGame) game = fen_game (fen);
  g_autoptr (CpGame) plain = fen_game ("4k3/8/8/8/8/8/p7/R3K3 w Q - 0 1");

  g_assert_false (has_legal (game, 0, "O-O-O"));
  g_assert_true (has_legal (plain, 0, "O-O-O"));
  assert_counts_like_brute (fen);
}

/* The checker put after a capture must leave the placer's king safe:
 * after Rxh7 the checker may go under the black king but not under the
 * knight on c4, which could then go to d2 and step onto e1. */
static void
test_placement_keeps_king_safe (void)
{
  g_autoptr (CpGame) game = fen_game ("4k3/7p/8/8/2n5/8/8/4K2R w - - 0 1");
  g_auto (CpActionList) legal = { 0 };

  cp_test_play (game, "Rxh7");
  cp_test_legal (game, &legal);
  g_assert_cmpuint (legal.len, ==, 1);
  g_assert_cmpint (legal.items[0].type, ==, CP_ACTION_ADD_CHECKER);
  g_assert_cmpuint (legal.items[0].cells[0], ==, cp_test_cell ("e8"));
}

/* A capture after which every placing of the checker leaves the king in
 * danger is no legal move: with the black king on e3, a checker under it
 * lets it step next to e1 and on, and one under the knight as before. */
static void
test_capture_without_safe_placement (void)
{
  const char *fen = "8/7p/8/8/2n5/4k3/8/4K2R w - - 0 1";
  g_autoptr (CpGame) game = fen_game (fen);

  g_assert_false (has_legal (game, 0, "Rh1xh7"));
  g_assert_true (has_legal (game, 0, "Rh1-h6"));
  assert_counts_like_brute (fen);
}

/* The counts an independent reading of the rules found: Kiwipete with a
 * checker under e7, b4 and a2, and "position 4" without any. */
static void
test_placement_perft (void)
{
  g_assert_cmpuint (engine_perft (KIWIPETE_CHECKERS, 2), ==, 1649);
  g_assert_cmpuint (engine_perft (POSITION_4, 3), ==, 7701);
  g_assert_cmpuint (brute_perft (BRUTE_ADRENALINE, KIWIPETE_CHECKERS, 2), ==, 1649);
  g_assert_cmpuint (brute_perft (BRUTE_ADRENALINE, POSITION_4, 3), ==, 7701);
}

/* A pawn may come back onto its own first rank with extra steps: the
 * position is read and written back; a pawn on its last rank, or on its
 * first rank in orthodox chess, is still refused. */
static void
test_pawn_on_first_rank (void)
{
  const char *fen = "4k2p/8/8/8/8/8/8/P3K3 b - - 0 1";
  g_autoptr (CpGame) game = fen_game (fen);
  g_autofree char *written = cp_state_write_position (cp_game_get_state (game), NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) chess_error = NULL;
  g_autoptr (CpGame) last = cp_test_try_new_game ("adrenaline", 2, 1, (const char *const[]) {
                                                    "fen=P3k3/8/8/8/8/8/8/4K3 w - - 0 1", NULL }, &error);
  g_autoptr (CpGame) chess = cp_test_try_new_game ("chess", 2, 1, (const char *const[]) {
                                                     "fen=4k2p/8/8/8/8/8/8/P3K3 b - - 0 1", NULL }, &chess_error);

  /* Written back with the turn's stage and no pawns back home. */
  g_assert_cmpstr (written, ==, "4k2p/8/8/8/8/8/8/P3K3 b - - 0 1 - -");
  /* The pawn on h8 has moved: one step only. */
  g_assert_true (has_legal (game, 1, "h8-h7"));
  g_assert_false (has_legal (game, 1, "h8-h6"));
  g_assert_null (last);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
  g_assert_nonnull (strstr (error->message, "last rank"));
  g_assert_null (chess);
  g_assert_error (chess_error, CP_ERROR, CP_ERROR_BAD_NOTATION);
}

/* Along random lines of play from positions with stacks, the counts of
 * two plies from every seventh position agree with the counter that
 * tries every way (from positions where a turn begins, as FEN can say). */
static void
test_brute_lines (void)
{
  static const char *const positions[] = {
    STACKED,
    "r3k2r/p1ppq*pb1/bn*2pnp1/3PN3/1p2P3/2N**2Q1p/PPPB*BPPP/R3K2R w KQkq - 0 1",
    "rn*bqkbnr/pp*p*ppppp/8/8/8/8/PP*PPPPPP/RNB*QKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  };
  guint compared = cp_brute_lines ("adrenaline", BRUTE_ADRENALINE, positions, G_N_ELEMENTS (positions),
                                   4, 140, 7, 1000);

  g_assert_cmpuint (compared, >, 50);
}

/* Positions hold the stage of the turn after FEN: "@" while the checker
 * is to be put, "~xh8" while the rook that took on h8 spends its checkers,
 * and then the pawns back on their starting rank.  Each reads back to the
 * same actions. */
static void
test_position_text (void)
{
  g_autoptr (CpGame) game = fen_game ("4k3/7p/8/8/2n5/8/8/4K2R w - - 0 1");
  g_autoptr (CpGame) stepping = fen_game ("4k2n**/8/8/8/8/8/8/4K2R w K - 0 1");
  g_autoptr (CpGame) placing = NULL;
  g_autoptr (CpGame) steps = NULL;
  g_autoptr (CpGame) home = fen_game ("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1 - d2");
  g_autofree char *at = NULL, *walk = NULL, *again = NULL, *home_text = NULL;
  g_auto (CpActionList) legal = { 0 };

  cp_test_play (game, "Rxh7");
  at = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (at, ==, "4k3/7R/8/8/2n5/8/8/4K3 w - - 0 1 @ -");
  placing = fen_game (at);
  cp_test_legal (placing, &legal);
  g_assert_cmpuint (legal.len, ==, 1);
  g_assert_cmpuint (legal.items[0].cells[0], ==, cp_test_cell ("e8"));

  cp_test_play (stepping, "Rxh8");
  walk = cp_test_position (cp_game_get_state (stepping));
  g_assert_cmpstr (walk, ==, "4k2R**/8/8/8/8/8/8/4K3 w - - 0 1 ~xh8 -");
  steps = fen_game (walk);
  again = cp_test_position (cp_game_get_state (steps));
  g_assert_cmpstr (again, ==, walk);
  cp_test_play (steps, "~g7 ~f7");
  /* Having taken, the turn ends with a checker put. */
  g_assert_cmpuint (cp_game_get_state (steps)->to_move, ==, 0);
  cp_test_play (steps, "@e8");
  g_assert_cmpuint (cp_game_get_state (steps)->to_move, ==, 1);

  /* The pawn on d2 has moved before: one step only. */
  g_assert_true (has_legal (home, 0, "d2-d3"));
  g_assert_false (has_legal (home, 0, "d2-d4"));
  home_text = cp_test_position (cp_game_get_state (home));
  g_assert_cmpstr (home_text, ==, "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1 - d2");
}

static void
test_position_refused (void)
{
  static const struct {
    const char *text, *reason;
  } cases[] = {
    { "4k3/7R/8/8/2n5/8/8/4K3 w - - 0 1 ?", "stage of the turn" },
    { "4k3/7R/8/8/2n5/8/8/4K3 w - - 0 1 ~z9", "stage of the turn" },
    { "4k3/7R/8/8/2n5/8/8/4K3 w - - 0 1 ~h7", "with a checker" },
    { "4k3/7R/8/8/2n5/8/8/4K3 w - - 0 1 ~c4", "with a checker" },
    { "4k3/7R/8/8/2n************************5/8/8/4K3 w - - 0 1 @", "none is left" },
    { "4k3/7R/8/8/8/3n4/8/4K3 w - - 0 1 @", "king in danger" },
    { "8/7R/8/8/2n5/4k3/8/4K3 w - - 0 1 @", "cannot end with the king safe" },
    { "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1 - d3", "starting rank" },
    { "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1 - d2 x", "too many fields" },
    { "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "last rank" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *option = g_strconcat ("fen=", cases[i].text, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (CpGame) game = cp_test_try_new_game ("adrenaline", 2, 1, (const char *const[]) { option, NULL }, &error);

      g_assert_null (game);
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
      if (strstr (error->message, cases[i].reason) == NULL)
        g_error ("“%s” refused with “%s”", cases[i].text, error->message);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/adrenaline/bishop-capture", test_bishop_capture);
  g_test_add_func ("/adrenaline/check-mark", test_check_mark);
  g_test_add_func ("/adrenaline/queen-mate", test_queen_mate);
  g_test_add_func ("/adrenaline/takeover", test_takeover);
  g_test_add_func ("/adrenaline/out-of-checkers", test_out_of_checkers);
  g_test_add_func ("/adrenaline/perft", test_perft);
  g_test_add_func ("/adrenaline/masks", test_masks);
  g_test_add_func ("/adrenaline/ordered-walk", test_ordered_walk);
  g_test_add_func ("/adrenaline/en-passant-blocks", test_en_passant_blocks);
  g_test_add_func ("/adrenaline/en-passant-of-the-other-side", test_en_passant_of_the_other_side);
  g_test_add_func ("/adrenaline/castling-opens-corner", test_castling_opens_corner);
  g_test_add_func ("/adrenaline/brute-lines", test_brute_lines);
  g_test_add_func ("/adrenaline/placement-keeps-king-safe", test_placement_keeps_king_safe);
  g_test_add_func ("/adrenaline/capture-without-safe-placement", test_capture_without_safe_placement);
  g_test_add_func ("/adrenaline/placement-perft", test_placement_perft);
  g_test_add_func ("/adrenaline/pawn-on-first-rank", test_pawn_on_first_rank);
  g_test_add_func ("/adrenaline/position-text", test_position_text);
  g_test_add_func ("/adrenaline/position-refused", test_position_refused);
  return g_test_run ();
}
