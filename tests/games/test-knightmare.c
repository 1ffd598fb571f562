/* test-knightmare.c: the Knightmare games for three and four players
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-engine.h"
#include "cp-chess-state.h"
#include "cp-test-util.h"
#include "cp-knightmare.h"
#include "cp-record.h"

enum { THREE_WHITE, THREE_RED, THREE_BLACK };
enum { WHITE, BLACK, RED, BROWN };

static guint
cell (const char *name)
{
  return (guint) (name[1] - '1') * 8 + (guint) (name[0] - 'a');
}

/* Empties the board for a position of the test's own. */
static void
clear (CpState *state)
{
  memset (state->cells, 0, sizeof state->cells);
  cp_chess_state_reset_castling (CP_CHESS_STATE (state));
}

/* Puts pieces written as "Kd8 Pb7" for @seat. */
static void
put (CpState *state, guint seat, const char *pieces)
{
  cp_knightmare_place (CP_KNIGHTMARE_STATE (state), seat, pieces);
}

/* Finishes a hand-made position with @seat to move. */
static void
ready (CpState *state, guint seat)
{
  state->to_move = (guint8) seat;
  cp_chess_state_finish_setup (CP_CHESS_STATE (state));
  state->outcome = (CpOutcome) { CP_STATUS_PLAYING, CP_END_NONE, 0 };
  state->rules->outcome (state, &state->outcome);
}

static gboolean
find_move (const CpState *state, guint seat, const char *from, const char *to, CpAction *found)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (state, seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      const CpAction *a = &legal.items[i];

      if (a->type == CP_ACTION_MOVE && a->value == 0 && a->cells[0] == cell (from)
          && a->cells[a->n_cells - 1] == cell (to))
        {
          if (found != NULL)
            *found = *a;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
can_move (const CpState *state, guint seat, const char *from, const char *to)
{
  return find_move (state, seat, from, to, NULL);
}

static void
move (CpState *state, guint seat, const char *from, const char *to)
{
  g_autoptr (GError) error = NULL;
  CpAction action;

  if (!find_move (state, seat, from, to, &action))
    g_error ("%s-%s is not legal for seat %u", from, to, seat);
  /* Promotion to a queen where there is a choice. */
  cp_state_apply (state, &action, &error);
  g_assert_no_error (error);
}

static guint
count_from (const CpState *state, guint seat, const char *from)
{
  g_auto (CpActionList) legal = { 0 };
  guint n = 0;

  cp_state_legal (state, seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    n += legal.items[i].type == CP_ACTION_MOVE && legal.items[i].cells[0] == cell (from);
  return n;
}

static guint
to_move (const CpState *state)
{
  CpSeatMask pending = cp_state_pending (state);

  g_assert_cmpuint (pending & (pending - 1), ==, 0);
  g_assert_cmpuint (pending, !=, 0);
  return (guint) __builtin_ctz (pending);
}

/* A game of @game_id set up from the position @text, with cards recorded
 * where @cards. */
static CpState *
from_text (const char *game_id, guint n_seats, const char *text, gboolean cards)
{
  g_autofree char *option = g_strconcat (CP_POSITION_OPTION "=", text, NULL);

  return cp_test_new_state (game_id, n_seats, option, cards ? "cards=true" : "cards=false", NULL);
}

/* Reads @text and writes it back unchanged. */
static CpState *
read_back (const char *game_id, guint n_seats, const char *text, gboolean cards)
{
  CpState *state = from_text (game_id, n_seats, text, cards);
  g_autofree char *again = cp_test_position (state);

  g_assert_cmpstr (again, ==, text);
  return state;
}

/* Three players: the start, turn order and move counts. */
static void
test_three_start (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-three", 3, NULL);

  g_assert_cmpuint (state->n_seats, ==, 3);
  g_assert_cmpint (state->rules->colours[THREE_RED], ==, CP_COLOUR_RED);
  g_assert_cmpuint (cp_board_get_n_cells (state->board), ==, 60);
  g_assert_false (cp_board_has_cell (state->board, cell ("a8")));
  g_assert_false (cp_board_has_cell (state->board, cell ("h7")));
  g_assert_cmpint (state->cells[cell ("d8")].kind, ==, CP_PIECE_KING);
  g_assert_cmpint (state->cells[cell ("e2")].seat, ==, THREE_RED);
  g_assert_cmpint (state->cells[cell ("d2")].seat, ==, THREE_BLACK);

  /* White: six pawns stepping one or two, the knight to f6 or h6. */
  g_assert_cmpuint (cp_state_perft (state, 1), ==, 14);
  g_assert_cmpuint (cp_state_perft (state, 2), ==, 195);
  g_assert_cmpuint (cp_state_perft (state, 3), ==, 2717);

  g_assert_cmpuint (to_move (state), ==, THREE_WHITE);
  move (state, THREE_WHITE, "b7", "b6");
  g_assert_cmpuint (to_move (state), ==, THREE_RED);
  move (state, THREE_RED, "e2", "e4");
  g_assert_cmpuint (to_move (state), ==, THREE_BLACK);
  move (state, THREE_BLACK, "d2", "d4");
  g_assert_cmpuint (to_move (state), ==, THREE_WHITE);
}

/* The barrier between d1 and e1 stops pieces and checks both ways;
 * diagonals past its upper end and knights pass. */
static void
test_three_barrier (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-three", 3, NULL);

  clear (state);
  put (state, THREE_WHITE, "Kd8");
  put (state, THREE_BLACK, "Ka3 Rd1 Bd2 Nc2");
  put (state, THREE_RED, "Kh3 Re1");
  ready (state, THREE_BLACK);

  g_assert_false (can_move (state, THREE_BLACK, "d1", "e1"));
  g_assert_false (can_move (state, THREE_BLACK, "d1", "h1"));
  g_assert_true (can_move (state, THREE_BLACK, "d1", "a1"));
  g_assert_true (can_move (state, THREE_BLACK, "d2", "e1"));   /* past the corner */
  g_assert_true (can_move (state, THREE_BLACK, "c2", "e1"));   /* a knight */
  g_assert_true (can_move (state, THREE_BLACK, "c2", "e3"));

  ready (state, THREE_RED);
  g_assert_false (can_move (state, THREE_RED, "e1", "d1"));
  g_assert_false (can_move (state, THREE_RED, "e1", "a1"));
  g_assert_true (can_move (state, THREE_RED, "e1", "e2"));

  /* No check across it: a Black king on c1 beside Red's rook on e1 with
   * d1 empty is safe from the rook. */
  clear (state);
  put (state, THREE_WHITE, "Kd8");
  put (state, THREE_BLACK, "Kc1");
  put (state, THREE_RED, "Kh3 Rf1");
  ready (state, THREE_BLACK);
  g_assert_false (cp_chess_in_check (CP_CHESS_STATE (state), THREE_BLACK));
  g_assert_true (can_move (state, THREE_BLACK, "c1", "d1"));
  /* ...but a bishop's diagonal through the corner does check. */
  put (state, THREE_RED, "Be2");
  ready (state, THREE_BLACK);
  g_assert_false (can_move (state, THREE_BLACK, "c1", "d1"));
}

/* White alone castles: king to c8, rook to d8, and only with c8 empty
 * and the king not in check. */
static void
test_three_castling (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-three", 3, NULL);
  CpAction castle;

  g_assert_false (find_move (state, THREE_WHITE, "d8", "b8", NULL));
  state->cells[cell ("c8")] = (CpPiece) { 0 };
  cp_chess_state_finish_setup (CP_CHESS_STATE (state));
  g_assert_true (find_move (state, THREE_WHITE, "d8", "b8", &castle));
  g_assert_true (castle.flags & CP_ACTION_FLAG_CASTLE);
  g_assert_true (cp_state_apply (state, &castle, NULL));
  g_assert_cmpint (state->cells[cell ("c8")].kind, ==, CP_PIECE_KING);
  g_assert_cmpint (state->cells[cell ("d8")].kind, ==, CP_PIECE_ROOK);
  g_assert_cmpint (state->cells[cell ("b8")].kind, ==, CP_PIECE_NONE);

  /* Black and Red have no castling of their own. */
  clear (state);
  put (state, THREE_WHITE, "Kd8");
  put (state, THREE_BLACK, "Ka1 Rc1");
  put (state, THREE_RED, "Kh1 Rf1");
  ready (state, THREE_BLACK);
  g_assert_false (find_move (state, THREE_BLACK, "a1", "c1", NULL));

  /* In check, White may not castle. */
  clear (state);
  put (state, THREE_WHITE, "Kd8 Rb8");
  put (state, THREE_BLACK, "Ka1 Rd1");
  put (state, THREE_RED, "Kh1");
  ready (state, THREE_WHITE);
  CP_CHESS_STATE (state)->castle[THREE_WHITE][CP_CASTLE_QUEEN_SIDE] =
    (CpCastleRight) { (guint8) cell ("b8"), (guint8) cell ("c8"), (guint8) cell ("d8") };
  g_assert_false (find_move (state, THREE_WHITE, "d8", "b8", NULL));
  state->cells[cell ("d1")] = (CpPiece) { 0 };
  ready (state, THREE_WHITE);
  g_assert_true (find_move (state, THREE_WHITE, "d8", "b8", NULL));
}

/* Pawns: Black and Red head for White, second-rank pawns may step two,
 * third-rank pawns one; promotion on the far rank. */
static void
test_three_pawns (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-three", 3, NULL);
  CpAction action;

  g_assert_true (can_move (state, THREE_WHITE, "d7", "d5"));
  move (state, THREE_WHITE, "d7", "d6");
  g_assert_true (can_move (state, THREE_RED, "e2", "e4"));
  g_assert_true (can_move (state, THREE_RED, "f3", "f4"));
  g_assert_false (can_move (state, THREE_RED, "f3", "f5"));
  g_assert_false (can_move (state, THREE_RED, "f3", "f2"));
  move (state, THREE_RED, "h3", "h4");
  g_assert_true (can_move (state, THREE_BLACK, "d2", "d4"));
  g_assert_false (can_move (state, THREE_BLACK, "a3", "a5"));

  /* En passant, by the next player. */
  clear (state);
  put (state, THREE_WHITE, "Kd8 Pe7");
  put (state, THREE_RED, "Kh1 Pf5");
  put (state, THREE_BLACK, "Ka1 Pd5");
  ready (state, THREE_WHITE);
  move (state, THREE_WHITE, "e7", "e5");
  g_assert_true (find_move (state, THREE_RED, "f5", "e6", &action));
  g_assert_true (action.flags & CP_ACTION_FLAG_EN_PASSANT);
  move (state, THREE_RED, "h1", "h2");
  g_assert_false (can_move (state, THREE_BLACK, "d5", "e6"));

  /* Promotion: Black on rank 8, White on rank 1; a7 is out of play. */
  clear (state);
  put (state, THREE_WHITE, "Kd8 Pf2");
  put (state, THREE_RED, "Kh1");
  put (state, THREE_BLACK, "Ka1 Pb7 Pa6");
  ready (state, THREE_BLACK);
  g_assert_true (find_move (state, THREE_BLACK, "b7", "b8", &action));
  g_assert_cmpint (action.piece, !=, CP_PIECE_NONE);
  g_assert_false (can_move (state, THREE_BLACK, "a6", "a7"));
  ready (state, THREE_WHITE);
  g_assert_true (find_move (state, THREE_WHITE, "f2", "f1", &action));
  g_assert_cmpint (action.piece, !=, CP_PIECE_NONE);
}

/* Black's d2 pawn and Red's e2 pawn may not take each other below the
 * equator until one of them has taken a piece or crossed it. */
static void
test_three_equator (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-three", 3, NULL);

  move (state, THREE_WHITE, "b7", "b6");
  move (state, THREE_RED, "e2", "e3");
  move (state, THREE_BLACK, "d2", "d4");
  move (state, THREE_WHITE, "c7", "c6");
  g_assert_false (can_move (state, THREE_RED, "e3", "d4"));
  move (state, THREE_RED, "e3", "e4");
  move (state, THREE_BLACK, "b3", "b4");
  move (state, THREE_WHITE, "g7", "g6");
  move (state, THREE_RED, "e4", "e5");   /* Red's pawn crosses the equator */
  g_assert_true (can_move (state, THREE_BLACK, "d4", "e5"));

  /* A capture across the midline sets the pawn free. */
  g_clear_pointer (&state, cp_state_free);
  state = cp_test_new_state ("km-three", 3, NULL);
  clear (state);
  put (state, THREE_WHITE, "Kd8 Ne3");
  put (state, THREE_RED, "Kh1 Pe2");
  put (state, THREE_BLACK, "Ka1 Pd2 Nb2");
  state->cells[cell ("d2")].flags |= CP_PIECE_FLAG_MIDLINE;
  state->cells[cell ("e2")].flags |= CP_PIECE_FLAG_MIDLINE;
  ready (state, THREE_BLACK);
  move (state, THREE_BLACK, "d2", "e3");   /* takes White's knight */
  g_assert_true (state->cells[cell ("e3")].flags & CP_PIECE_FLAG_FREED);
  move (state, THREE_WHITE, "d8", "c8");
  /* Red's pawn is still bound, but Black's is free: they may meet. */
  g_assert_false (state->cells[cell ("e2")].flags & CP_PIECE_FLAG_FREED);
  ready (state, THREE_BLACK);
  state->cells[cell ("f4")] = (CpPiece) { .kind = CP_PIECE_PAWN, .seat = THREE_RED,
                                          .flags = CP_PIECE_FLAG_MIDLINE | CP_PIECE_FLAG_MOVED };
  ready (state, THREE_BLACK);
  g_assert_true (can_move (state, THREE_BLACK, "e3", "f4"));
}

/* Only the pawn that made a capture across the midline is set free of
 * the rule: a capture on its own side of the midline frees neither, and
 * the other pawn stays bound however free its neighbour is. */
static void
test_three_midline (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-three", 3, NULL);

  /* Red's bishop takes on c3 and Black's d2 pawn takes it back, then that
   * pawn takes White's on d4: neither capture crosses the midline. */
  g_autofree char *text = NULL;

  cp_test_play_state (state, "d7d5 f2d4 a3a4 g7g6 d4c3 d2c3 d5d4 e2e3 c3d4 g6g5");
  g_assert_false (can_move (state, THREE_RED, "e3", "d4"));
  text = cp_test_position (state);
  g_assert_true (g_str_has_suffix (text, " e3,d4 -"));   /* both still bound */

  /* Neither free, both below the equator: neither takes the other. */
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/8/4rP3/3bP4/8/bK6rK b - - 0 1 - d3,e4 -", FALSE);
  g_assert_false (can_move (state, THREE_BLACK, "d3", "e4"));
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/8/3bP4/4rP3/8/bK6rK r - - 0 1 - e3,d4 -", FALSE);
  g_assert_false (can_move (state, THREE_RED, "e3", "d4"));

  /* Black's pawn free by its own capture: it takes Red's, not the
   * reverse. */
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/8/4rP3/3bP4/8/bK6rK b - - 0 1 - d3+,e4 -", FALSE);
  g_assert_true (can_move (state, THREE_BLACK, "d3", "e4"));
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/8/3bP4/4rP3/8/bK6rK r - - 0 1 - e3,d4+ -", FALSE);
  g_assert_false (can_move (state, THREE_RED, "e3", "d4"));

  /* Red's pawn free: the same the other way round. */
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/8/3bP4/4rP3/8/bK6rK r - - 0 1 - e3+,d4 -", FALSE);
  g_assert_true (can_move (state, THREE_RED, "e3", "d4"));
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/8/4rP3/3bP4/8/bK6rK b - - 0 1 - d3,e4+ -", FALSE);
  g_assert_false (can_move (state, THREE_BLACK, "d3", "e4"));

  /* Across the equator, bound pawns take each other, whichever of the two
   * stands beyond it. */
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/3bP4/4rP3/8/8/bK6rK r - - 0 1 - e4,d5 -", FALSE);
  g_assert_true (can_move (state, THREE_RED, "e4", "d5"));
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/4rP3/3bP4/8/8/bK6rK b - - 0 1 - d4,e5 -", FALSE);
  g_assert_true (can_move (state, THREE_BLACK, "d4", "e5"));

  /* A capture across the midline sets the pawn free; one on its own side
   * does not; en passant, a bound pawn may not take the other either. */
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/8/8/2rN1wN3/3bP1rP2/bK6rK b - - 0 1 - d2,f2 -", FALSE);
  move (state, THREE_BLACK, "d2", "e3");
  g_clear_pointer (&text, g_free);
  text = cp_test_position (state);
  g_assert_true (g_str_has_suffix (text, " f2,e3+ -"));
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/8/8/2rN1wN3/3bP1rP2/bK6rK b - - 0 1 - d2,f2 -", FALSE);
  move (state, THREE_BLACK, "d2", "c3");
  g_clear_pointer (&text, g_free);
  text = cp_test_position (state);
  g_assert_true (g_str_has_suffix (text, " f2,c3 -"));
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/8/8/8/3bPrPbP2/bK6rK r - - 0 1 - d2,e2 -", FALSE);
  move (state, THREE_RED, "e2", "e4");
  g_assert_false (can_move (state, THREE_BLACK, "d2", "e3"));   /* en passant */
  g_assert_true (can_move (state, THREE_BLACK, "f2", "e3"));
}

/* The king of a player who is out is frozen with their other pieces: the
 * next player to move may take it, but nobody before its owner is out. */
static void
test_three_frozen_king (void)
{
  g_autoptr (CpState) state = read_back ("km-three", 3,
                                         "x2wK3x/x6x/2wR5/4rQ3/8/wP7/bP6rK/bK7 w - - 0 1 - - -", FALSE);
  g_autofree char *text = NULL;

  move (state, THREE_WHITE, "c6", "c1");   /* mate: Black is out on their turn */
  g_assert_cmpuint (state->out, ==, 0);
  g_assert_false (can_move (state, THREE_RED, "e5", "a1"));
  move (state, THREE_RED, "h2", "h3");
  g_assert_cmpuint (state->out, ==, CP_SEAT_BIT (THREE_BLACK));
  g_assert_cmpuint (to_move (state), ==, THREE_WHITE);
  move (state, THREE_WHITE, "c1", "a1");   /* takes the frozen king */
  g_assert_cmpint (state->cells[cell ("a1")].seat, ==, THREE_WHITE);
  g_assert_false (cp_state_is_over (state));
  g_assert_cmpuint (to_move (state), ==, THREE_RED);
  text = cp_test_position (state);
  g_assert_cmpstr (text, ==, "x2wK3x/x6x/8/4rQ3/8/wP6rK*/bP7/wR*7 r - - 0 2 b - -");
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, text, FALSE);
  g_assert_true (can_move (state, THREE_RED, "e5", "a1"));
}

/* A player without a legal move is out; their pieces stay, inert, and
 * may be taken; the last player left wins. */
static void
test_three_elimination (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-three", 3, NULL);
  g_autofree char *san = NULL;
  CpAction mate;

  clear (state);
  put (state, THREE_WHITE, "Kd8 Qg5 Rc6");
  put (state, THREE_RED, "Kg1 Pg2 Ph2");
  put (state, THREE_BLACK, "Ka1 Rf5 Pa2 Pb2");
  ready (state, THREE_WHITE);

  /* Rc1 mates Black, who is out when their turn comes; Red moves first. */
  g_assert_true (find_move (state, THREE_WHITE, "c6", "c1", &mate));
  san = cp_state_format (state, &mate, CP_NOTATION_SAN);
  g_assert_cmpstr (san, ==, "Rc1#");
  g_assert_true (cp_state_apply (state, &mate, NULL));
  g_assert_cmpuint (state->out, ==, 0);
  g_assert_cmpuint (to_move (state), ==, THREE_RED);
  g_assert_false (can_move (state, THREE_RED, "g1", "f1"));   /* Black's rook guards f1 */

  /* When Black's turn comes, Black is out, and White moves. */
  move (state, THREE_RED, "h2", "h3");
  g_assert_cmpuint (state->out, ==, CP_SEAT_BIT (THREE_BLACK));
  g_assert_cmpuint (to_move (state), ==, THREE_WHITE);
  g_assert_false (cp_state_is_over (state));

  /* Black's pieces are inert: the rook guards nothing, and they may be
   * taken, the king too. */
  g_assert_true (can_move (state, THREE_WHITE, "g5", "f5"));
  g_assert_true (can_move (state, THREE_WHITE, "c1", "a1"));
  ready (state, THREE_RED);
  g_assert_true (can_move (state, THREE_RED, "g1", "f1"));

  /* White mates Red on the other side of the barrier: White wins. */
  clear (state);
  put (state, THREE_WHITE, "Kd8 Re3");
  put (state, THREE_RED, "Kh1 Pg2 Ph2");
  put (state, THREE_BLACK, "Kb5");
  state->out = CP_SEAT_BIT (THREE_BLACK);
  ready (state, THREE_WHITE);
  g_assert_true (find_move (state, THREE_WHITE, "e3", "e1", &mate));
  g_clear_pointer (&san, g_free);
  san = cp_state_format (state, &mate, CP_NOTATION_SAN);
  g_assert_cmpstr (san, ==, "Re1#");
  g_assert_true (cp_state_apply (state, &mate, NULL));
  g_assert_true (cp_state_is_over (state));
  g_assert_cmpint (state->outcome.status, ==, CP_STATUS_WON);
  g_assert_cmpint (state->outcome.reason, ==, CP_END_ELIMINATION);
  g_assert_cmpuint (state->outcome.winners, ==, CP_SEAT_BIT (THREE_WHITE));
}

/* Writes the move of @seat from @from to @to as it stands in @state. */
static char *
format_move (const CpState *state, guint seat, const char *from, const char *to)
{
  CpAction action;

  if (!find_move (state, seat, from, to, &action))
    g_error ("%s-%s is not legal for seat %u", from, to, seat);
  return cp_state_format (state, &action, CP_NOTATION_SAN);
}

/* The move list marks a mate "#" even when others move before the mated
 * player goes out, and a check the player can answer "+". */
static void
test_three_mate_mark (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-three", 3, NULL);
  g_autofree char *mate = NULL;
  g_autofree char *check = NULL;

  /* From the start: Red's bishop mates White through c7. */
  move (state, THREE_WHITE, "c7", "c6");
  mate = format_move (state, THREE_RED, "f2", "b6");
  g_assert_cmpstr (mate, ==, "Bb6#");
  move (state, THREE_RED, "f2", "b6");
  g_assert_cmpuint (state->out, ==, 0);
  move (state, THREE_BLACK, "d2", "d3");
  g_assert_cmpuint (state->out, ==, CP_SEAT_BIT (THREE_WHITE));

  /* Black's king may step out to b2: a check. */
  clear (state);
  state->out = 0;
  put (state, THREE_WHITE, "Kd8 Qg5 Rc6");
  put (state, THREE_RED, "Kg1 Pg2 Ph2");
  put (state, THREE_BLACK, "Ka1 Rf5 Pa2");
  ready (state, THREE_WHITE);
  check = format_move (state, THREE_WHITE, "c6", "c1");
  g_assert_cmpstr (check, ==, "Rc1+");
}

/* Four players: a mate two turns before the mated player's, and a check. */
static void
test_four_mate_mark (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-four", 4, NULL);
  g_autofree char *mate = NULL;
  g_autofree char *check = NULL;

  clear (state);
  put (state, WHITE, "Ka8 Rb5");
  put (state, BLACK, "Kh8");
  put (state, RED, "Kh1 Pg2 Ph2");
  put (state, BROWN, "Ka3");
  ready (state, WHITE);
  mate = format_move (state, WHITE, "b5", "b1");
  g_assert_cmpstr (mate, ==, "Rb1#");
  move (state, WHITE, "b5", "b1");
  move (state, BLACK, "h8", "g8");
  g_assert_cmpuint (state->out, ==, CP_SEAT_BIT (RED));

  clear (state);
  state->out = 0;
  put (state, WHITE, "Ka8 Rb5");
  put (state, BLACK, "Kh8");
  put (state, RED, "Kh1 Pg2");
  put (state, BROWN, "Ka3");
  ready (state, WHITE);
  check = format_move (state, WHITE, "b5", "b1");
  g_assert_cmpstr (check, ==, "Rb1+");
}

/* Teams: mating one opponent, whose partner plays on, is marked "#". */
static void
test_teams_mate_mark (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-teams", 4, NULL);
  g_autofree char *mate = NULL;
  g_autofree char *check = NULL;

  clear (state);
  put (state, WHITE, "Kd8 Rf5");
  put (state, BLACK, "Kh8");
  put (state, RED, "Kh4");
  put (state, BROWN, "Ka1 Pa2 Pb2");
  ready (state, WHITE);
  mate = format_move (state, WHITE, "f5", "f1");
  g_assert_cmpstr (mate, ==, "Rf1#");
  move (state, WHITE, "f5", "f1");
  move (state, BLACK, "h8", "g8");
  move (state, RED, "h4", "h3");
  g_assert_cmpuint (state->out, ==, CP_SEAT_BIT (BROWN));
  g_assert_false (cp_state_is_over (state));

  clear (state);
  state->out = 0;
  put (state, WHITE, "Kd8 Rf5");
  put (state, BLACK, "Kh8");
  put (state, RED, "Kh4");
  put (state, BROWN, "Ka1 Pa2");
  ready (state, WHITE);
  check = format_move (state, WHITE, "f5", "f1");
  g_assert_cmpstr (check, ==, "Rf1+");
}

/* Kings are never taken, not even when they stand attacked by the
 * player to move; a stalemated player is out as well. */
static void
test_three_kings_and_stalemate (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-three", 3, NULL);

  clear (state);
  put (state, THREE_WHITE, "Kd8 Rb1");
  put (state, THREE_RED, "Kh1 Ra6");
  put (state, THREE_BLACK, "Ka1");
  ready (state, THREE_RED);
  /* Black's king stands in White's check; Red may not take it either. */
  g_assert_false (can_move (state, THREE_RED, "a6", "a1"));
  g_assert_true (can_move (state, THREE_RED, "a6", "a5"));

  /* Stalemate: Black's king on a1 cannot move and is not in check. */
  clear (state);
  put (state, THREE_WHITE, "Kd8 Rb6 Qc3");
  put (state, THREE_RED, "Kh1 Pg2 Ph2");
  put (state, THREE_BLACK, "Ka1");
  ready (state, THREE_WHITE);
  move (state, THREE_WHITE, "c3", "c2");
  move (state, THREE_RED, "g2", "g3");
  g_assert_cmpuint (state->out, ==, CP_SEAT_BIT (THREE_BLACK));
  g_assert_cmpuint (to_move (state), ==, THREE_WHITE);
}

/* A player who resigns on their turn passes it on. */
static void
test_three_resignation (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-three", 3, NULL);
  CpAction resign;

  move (state, THREE_WHITE, "b7", "b6");
  cp_action_init (&resign, CP_ACTION_RESIGN, THREE_RED);
  g_assert_true (cp_state_apply (state, &resign, NULL));
  g_assert_false (cp_state_is_over (state));
  g_assert_cmpuint (to_move (state), ==, THREE_BLACK);
  {
    CpAction parsed;

    /* Moves are read for the player whose turn it now is. */
    g_assert_true (cp_state_parse (state, "d3", &parsed, NULL));
    g_assert_cmpuint (parsed.seat, ==, THREE_BLACK);
  }
  move (state, THREE_BLACK, "d2", "d3");
  g_assert_cmpuint (to_move (state), ==, THREE_WHITE);
  cp_action_init (&resign, CP_ACTION_RESIGN, THREE_BLACK);
  g_assert_true (cp_state_apply (state, &resign, NULL));
  g_assert_true (cp_state_is_over (state));
  g_assert_cmpuint (state->outcome.winners, ==, CP_SEAT_BIT (THREE_WHITE));
}

/* Four players: the start, turn order and move counts. */
static void
test_four_start (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-four", 4, NULL);

  /* White: c8 and c7 step east, a6, b6 and c6 south, c6 east too; the
   * knight to b5. */
  g_assert_cmpuint (cp_state_perft (state, 1), ==, 7);
  g_assert_cmpuint (cp_state_perft (state, 2), ==, 49);
  g_assert_cmpuint (cp_state_perft (state, 3), ==, 343);
  {
    const char *from[] = { "c6", "f6", "f3", "c3" }, *to[] = { "c5", "f5", "f4", "c4" };

    for (guint seat = 0; seat < 4; seat++)
      {
        g_assert_cmpuint (to_move (state), ==, seat);
        move (state, seat, from[seat], to[seat]);
      }
  }
  g_assert_cmpuint (to_move (state), ==, WHITE);
  /* No castling. */
  g_assert_cmpuint (CP_CHESS_STATE (state)->castle[WHITE][0].rook, ==, CP_NO_CELL);
  g_assert_cmpuint (CP_CHESS_STATE (state)->castle[BROWN][1].rook, ==, CP_NO_CELL);
}

/* A four-player position: each king in its corner, and @pieces for
 * @seat, with @seat to move. */
static void
four_corners (CpState *state, guint seat, const char *pieces)
{
  clear (state);
  put (state, WHITE, "Ka8");
  put (state, BLACK, "Kh8");
  put (state, RED, "Kh1");
  put (state, BROWN, "Ka1");
  put (state, seat, pieces);
  ready (state, seat);
}

/* No diagonal passes the centre point, in any of its four directions;
 * orthogonal and knight moves do. */
static void
test_four_centre (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-four", 4, NULL);
  g_autoptr (CpState) teams = cp_test_new_state ("km-teams", 4, NULL);
  const char *const diagonals[][2] = { { "d4", "e5" }, { "e5", "d4" }, { "e4", "d5" }, { "d5", "e4" } };

  for (guint i = 0; i < G_N_ELEMENTS (diagonals); i++)
    {
      char bishop[4] = { 'B', diagonals[i][0][0], diagonals[i][0][1], '\0' };
      const char *from = diagonals[i][0], *to = diagonals[i][1];

      four_corners (state, WHITE, bishop);
      g_assert_false (can_move (state, WHITE, from, to));
      /* The same in the team game, where the centre is open. */
      four_corners (teams, WHITE, bishop);
      g_assert_true (can_move (teams, WHITE, from, to));
    }

  four_corners (state, WHITE, "Qd4 Nd5");
  g_assert_false (can_move (state, WHITE, "d4", "g7"));
  g_assert_true (can_move (state, WHITE, "d4", "e4"));
  g_assert_true (can_move (state, WHITE, "d4", "c3"));
  g_assert_true (can_move (state, WHITE, "d5", "e3"));
  g_assert_true (can_move (state, WHITE, "d5", "f4"));

  /* No check through the point: Red's bishop on f6 sees no king on c3,
   * as it would in the team game. */
  for (guint game = 0; game < 2; game++)
    {
      CpState *board = game == 0 ? state : teams;

      clear (board);
      put (board, WHITE, "Ka8");
      put (board, BLACK, "Kh8");
      put (board, RED, "Kh1 Bf6");
      put (board, BROWN, "Kc3");
      ready (board, BROWN);
      g_assert_true (cp_chess_in_check (CP_CHESS_STATE (board), BROWN) == (game == 1));
    }
  /* A pawn may not take through it either: White's d5 pawn and e4. */
  four_corners (state, WHITE, "Pd5");
  put (state, RED, "Ne4");
  ready (state, WHITE);
  g_assert_false (can_move (state, WHITE, "d5", "e4"));
}

/* Each seat's pawns step away from their corner along rank or file,
 * take in three diagonal directions, never step two, and promote on the
 * far rank or the far file. */
static void
test_four_pawns (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-four", 4, NULL);
  struct {
    guint seat;
    const char *pawn;
    const char *steps[2];
    const char *not_steps[2];
    const char *takes[3];
    const char *not_takes;
    const char *king;   /* out of reach of the knights taken */
  } pawns[] = {
    { BROWN, "b3", { "b4", "c3" }, { "a3", "b2" }, { "a4", "c4", "c2" }, "a2", "Kh5" },
    { WHITE, "b6", { "b5", "c6" }, { "a6", "b7" }, { "a5", "c5", "c7" }, "a7", "Kh4" },
    { BLACK, "g6", { "g5", "f6" }, { "h6", "g7" }, { "h5", "f5", "f7" }, "h7", "Ka4" },
    { RED, "g3", { "g4", "f3" }, { "h3", "g2" }, { "h4", "f4", "f2" }, "h2", "Ka5" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pawns); i++)
    {
      guint victim_seat = (pawns[i].seat + 1) % 4;
      g_autofree char *pawn = g_strconcat ("P", pawns[i].pawn, NULL);

      clear (state);
      put (state, pawns[i].seat, pawns[i].king);
      put (state, pawns[i].seat, pawn);
      ready (state, pawns[i].seat);
      for (guint j = 0; j < 2; j++)
        {
          g_assert_true (can_move (state, pawns[i].seat, pawns[i].pawn, pawns[i].steps[j]));
          g_assert_false (can_move (state, pawns[i].seat, pawns[i].pawn, pawns[i].not_steps[j]));
        }
      /* Never two cells. */
      g_assert_cmpuint (count_from (state, pawns[i].seat, pawns[i].pawn), ==, 2);

      for (guint j = 0; j < 3; j++)
        {
          g_autofree char *piece = g_strconcat ("N", pawns[i].takes[j], NULL);

          put (state, victim_seat, piece);
        }
      {
        g_autofree char *piece = g_strconcat ("N", pawns[i].not_takes, NULL);

        put (state, victim_seat, piece);
      }
      ready (state, pawns[i].seat);
      for (guint j = 0; j < 3; j++)
        g_assert_true (can_move (state, pawns[i].seat, pawns[i].pawn, pawns[i].takes[j]));
      g_assert_false (can_move (state, pawns[i].seat, pawns[i].pawn, pawns[i].not_takes));
    }

  /* Promotion: Brown on rank 8 or file h, to any piece. */
  clear (state);
  put (state, WHITE, "Ka8");
  put (state, BLACK, "Kh8");
  put (state, RED, "Kh1");
  put (state, BROWN, "Ka1 Pc7 Pg4 Pe5");
  ready (state, BROWN);
  {
    g_auto (CpActionList) legal = { 0 };
    guint to_c8 = 0, to_h4 = 0, plain = 0;

    cp_state_legal (state, BROWN, &legal);
    for (guint i = 0; i < legal.len; i++)
      {
        const CpAction *a = &legal.items[i];

        if (a->cells[0] == cell ("c7") && a->cells[1] == cell ("c8"))
          to_c8 += a->piece != CP_PIECE_NONE;
        if (a->cells[0] == cell ("g4") && a->cells[1] == cell ("h4"))
          to_h4 += a->piece != CP_PIECE_NONE;
        if (a->cells[0] == cell ("e5"))
          plain += a->piece == CP_PIECE_NONE;
      }
    g_assert_cmpuint (to_c8, ==, 4);
    g_assert_cmpuint (to_h4, ==, 4);
    g_assert_cmpuint (plain, ==, 2);
  }
  /* No en passant: a pawn never steps two. */
  g_assert_false (CP_CHESS_STATE (state)->features & CP_CHESS_EN_PASSANT);
}

/* Teams: no taking a partner's pieces until the partner is out; partners
 * give no check; a team wins when both opponents are out. */
static void
test_teams (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-teams", 4, NULL);

  g_assert_cmpuint (cp_state_perft (state, 1), ==, 11);
  g_assert_cmpuint (cp_state_perft (state, 2), ==, 121);
  g_assert_cmpuint (cp_state_perft (state, 3), ==, 1210);

  clear (state);
  put (state, WHITE, "Kd4 Rb4");
  put (state, RED, "Kh1 Rb7 Qd5");
  put (state, BLACK, "Kh8 Nb2");
  put (state, BROWN, "Ka1 Pe1");
  ready (state, WHITE);
  g_assert_false (can_move (state, WHITE, "b4", "b7"));
  g_assert_true (can_move (state, WHITE, "b4", "b2"));
  g_assert_false (cp_chess_in_check (CP_CHESS_STATE (state), WHITE));   /* Red's queen is a partner */

  /* Red out: White may take Red's pieces. */
  state->out = CP_SEAT_BIT (RED);
  ready (state, WHITE);
  g_assert_true (can_move (state, WHITE, "b4", "b7"));
  g_assert_true (can_move (state, WHITE, "d4", "d5"));

  /* Black and Brown both out: White and Red win, Red included. */
  clear (state);
  put (state, WHITE, "Ka8 Qc3 Rh2");
  put (state, RED, "Kh1");
  put (state, BLACK, "Kf8");
  put (state, BROWN, "Ka1");
  state->out = CP_SEAT_BIT (RED) | CP_SEAT_BIT (BLACK);
  ready (state, WHITE);
  g_assert_false (cp_state_is_over (state));
  move (state, WHITE, "c3", "b2");   /* mate: the rook guards the queen */
  g_assert_true (cp_state_is_over (state));
  g_assert_cmpint (state->outcome.status, ==, CP_STATUS_WON);
  g_assert_cmpuint (state->outcome.winners, ==, CP_SEAT_BIT (WHITE) | CP_SEAT_BIT (RED));
}

/* The evaluation of the four-player games: equal armies weigh the same,
 * losses and dangers weigh against their seat, and a player out of the
 * game weighs nothing. */
static void
test_four_evaluation (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-four", 4, NULL);
  int start = cp_state_evaluate (state, WHITE), checked, safe;

  for (guint seat = 0; seat < 4; seat++)
    g_assert_cmpint (cp_state_evaluate (state, seat), ==, start);

  /* Black without its queen: worse for Black, better for the others. */
  memset (&state->cells[cell ("g7")], 0, sizeof (CpPiece));
  ready (state, WHITE);
  g_assert_cmpint (cp_state_evaluate (state, WHITE), >, start);
  g_assert_cmpint (cp_state_evaluate (state, RED), >, start);
  g_assert_cmpint (cp_state_evaluate (state, BLACK), <, start - 500);
  g_assert_cmpint (cp_state_evaluate (state, BLACK), <, cp_state_evaluate (state, BROWN));

  /* Brown out: its pieces count for nobody, which helps the others. */
  {
    int before = cp_state_evaluate (state, WHITE);

    state->out = CP_SEAT_BIT (BROWN);
    g_assert_cmpint (cp_state_evaluate (state, WHITE), >, before);
    g_assert_cmpint (cp_state_evaluate (state, BROWN), ==, CP_KNIGHTMARE_OUT);
    state->out = 0;
  }

  /* The same rook of Black checking White's king, or far from it. */
  four_corners (state, BLACK, "Ra4");
  state->to_move = WHITE;
  g_assert_true (cp_chess_in_check (CP_CHESS_STATE (state), WHITE));
  checked = cp_state_evaluate (state, WHITE);
  four_corners (state, BLACK, "Rg4");
  state->to_move = WHITE;
  safe = cp_state_evaluate (state, WHITE);
  g_assert_cmpint (checked, <, safe);
}

/* A lead fades as the seventy-five-move rule draws near, over the second
 * half of the plies it allows, to half of the lead at the rule, and comes
 * back whole after a capture or a pawn move: a side ahead is drawn to
 * make one. */
static void
test_lead_fades (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-four", 4, NULL);
  int fresh, late, behind, behind_late;

  memset (&state->cells[cell ("g7")], 0, sizeof (CpPiece));
  ready (state, WHITE);
  fresh = cp_state_evaluate (state, WHITE);
  behind = cp_state_evaluate (state, BLACK);
  g_assert_cmpint (fresh, >, 100);
  g_assert_cmpint (behind, <, -100);

  CP_CHESS_STATE (state)->halfmove = 200;
  late = cp_state_evaluate (state, WHITE);
  behind_late = cp_state_evaluate (state, BLACK);
  g_assert_cmpint (late, <, fresh);
  g_assert_cmpint (late, >, fresh / 2);
  g_assert_cmpint (behind_late, >, behind);

  CP_CHESS_STATE (state)->halfmove = 75 * 4;
  g_assert_cmpint (cp_state_evaluate (state, WHITE), ==, fresh - fresh / 2);
  CP_CHESS_STATE (state)->halfmove = 75 * 2;
  g_assert_cmpint (cp_state_evaluate (state, WHITE), ==, fresh);
  CP_CHESS_STATE (state)->halfmove = 0;
  g_assert_cmpint (cp_state_evaluate (state, WHITE), ==, fresh);
}

/* Far ahead of everyone, White hunts the bare kings: Black's king on the
 * edge, as much in danger as in the middle, weighs better for White; not
 * while Black still has a queen to fight with. */
static void
hunt_position (CpState *state, const char *black)
{
  clear (state);
  put (state, WHITE, "Ka8 Rb8 Nb6");
  put (state, BLACK, black);
  put (state, RED, "Kh1");
  put (state, BROWN, "Ka1");
  ready (state, WHITE);
}

static void
test_hunt (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-four", 4, NULL);
  int middle, edge;

  hunt_position (state, "Kf4");
  middle = cp_state_evaluate (state, WHITE);
  hunt_position (state, "Kh4");
  edge = cp_state_evaluate (state, WHITE);
  g_assert_cmpint (edge, >, middle);

  hunt_position (state, "Kf4 Qd2");
  middle = cp_state_evaluate (state, WHITE);
  hunt_position (state, "Kh4 Qd2");
  g_assert_cmpint (cp_state_evaluate (state, WHITE), ==, middle);
}

/* The team game's evaluation: partners share one figure, the other team
 * the opposite, and a partner's loss counts for the whole team. */
static void
test_teams_evaluation (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-teams", 4, NULL);
  int start = cp_state_evaluate (state, WHITE);

  g_assert_cmpint (cp_state_evaluate (state, RED), ==, start);
  g_assert_cmpint (cp_state_evaluate (state, BLACK), ==, -start);
  g_assert_cmpint (cp_state_evaluate (state, BROWN), ==, -start);

  /* Red loses its queen. */
  memset (&state->cells[cell ("g2")], 0, sizeof (CpPiece));
  ready (state, WHITE);
  g_assert_cmpint (cp_state_evaluate (state, WHITE), <, start - 500);
  g_assert_cmpint (cp_state_evaluate (state, RED), ==, cp_state_evaluate (state, WHITE));
  g_assert_cmpint (cp_state_evaluate (state, BLACK), ==, -cp_state_evaluate (state, WHITE));
  g_assert_cmpint (cp_state_evaluate (state, BROWN), >, -start + 500);

  /* Black out: Brown's team is down to Brown's army. */
  {
    int before = cp_state_evaluate (state, BROWN);

    state->out = CP_SEAT_BIT (BLACK);
    g_assert_cmpint (cp_state_evaluate (state, BROWN), <, before - 1000);
    g_assert_cmpint (cp_state_evaluate (state, WHITE), ==, -cp_state_evaluate (state, BROWN));
  }
}

static guint64
mix (guint64 *seed)
{
  *seed += 1;
  return cp_random_draw (*seed, 0, G_MAXUINT32);
}

/* Random games played to the end (or 400 actions), saved, reloaded and
 * compared action by action. */
static void
test_random_games_reload (gconstpointer data)
{
  const char *id = data;
  guint64 seed = g_str_hash (id);

  for (guint round = 0; round < 4; round++)
    {
      g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr (GError) error = NULL;
      g_autoptr (CpGame) game = NULL;
      g_autoptr (CpGame) back = NULL;
      g_autofree char *text = NULL;
      gsize length;

      if (round % 2 == 1 && cp_rules_find_option (cp_rules_lookup (id), "cards") != NULL)
        g_hash_table_insert (options, (gpointer) "cards", (gpointer) "true");
      game = cp_game_new (id, options, cp_rules_lookup (id)->min_seats, round, &error);
      g_assert_no_error (error);
      for (guint n = 0; n < 400 && !cp_state_is_over (cp_game_get_state (game)); n++)
        {
          const CpState *state = cp_game_get_state (game);
          g_auto (CpActionList) legal = { 0 };
          guint seat = to_move (state);
          CpAction action;

          cp_state_legal (state, seat, &legal);
          g_assert_cmpuint (legal.len, >, 0);
          action = legal.items[mix (&seed) % legal.len];
          /* Cards are rare, and changes while one is in play few. */
          if (action.type == CP_ACTION_CARD_NOTE)
            action.text = g_intern_static_string ("Sanctuary");
          if ((action.type == CP_ACTION_PLACE || action.type == CP_ACTION_REMOVE
               || action.value == 1) && mix (&seed) % 3 != 0)
            cp_action_init (&action, CP_ACTION_PASS, seat), action.value = CP_KNIGHTMARE_CARD_DONE;
          if (action.type == CP_ACTION_CARD_NOTE && mix (&seed) % 8 != 0)
            action = legal.items[0];
          g_assert_true (cp_game_append (game, &action, &error));
          g_assert_no_error (error);
        }

      text = cp_record_to_string (game, &length);
      back = cp_record_load_data (text, length, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (cp_game_get_n_actions (back), ==, cp_game_get_n_actions (game));
      g_assert_cmpmem (cp_game_get_state (back)->cells, sizeof (CpPiece) * 64,
                       cp_game_get_state (game)->cells, sizeof (CpPiece) * 64);
      g_assert_cmpuint (cp_game_get_state (back)->out, ==, cp_game_get_state (game)->out);
      g_assert_cmpint (cp_game_get_state (back)->outcome.status, ==,
                       cp_game_get_state (game)->outcome.status);
    }
}

/* The cards option: a card named, the changes it makes, its end. */
static void
test_cards (void)
{
  g_autoptr (CpState) plain = cp_test_new_state ("km-three", 3, NULL);
  g_autoptr (CpState) state = cp_test_new_state ("km-three", 3, "cards=true", NULL);
  g_auto (CpActionList) legal = { 0 };
  g_autoptr (GError) error = NULL;
  CpAction action;
  g_autofree char *text = NULL;

  cp_action_init (&action, CP_ACTION_CARD_NOTE, THREE_WHITE);
  action.text = g_intern_static_string ("Sanctuary");
  g_assert_false (cp_state_apply (plain, &action, NULL));
  g_assert_null (cp_board_get_zone (plain->board, "white-territory"));
  g_assert_nonnull (cp_board_get_zone (state->board, "red-territory"));
  g_assert_cmpuint (cp_cell_set_count (cp_board_get_zone (state->board, "white-territory")), ==, 28);

  /* A card must have a name. */
  action.text = NULL;
  g_assert_false (cp_state_apply (state, &action, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_clear_error (&error);

  move (state, THREE_WHITE, "b7", "b6");
  move (state, THREE_RED, "g3", "g4");

  /* Black plays Sanctuary and castles: king a1 and rook a2 change places. */
  cp_action_init (&action, CP_ACTION_CARD_NOTE, THREE_BLACK);
  action.text = g_intern_static_string ("Sanctuary");
  g_assert_true (cp_state_apply (state, &action, &error));
  text = cp_state_format (state, &action, CP_NOTATION_SAN);
  g_assert_nonnull (strstr (text, "Sanctuary"));
  g_assert_false (can_move (state, THREE_BLACK, "b3", "b4"));   /* no ordinary moves now */

  cp_state_legal (state, THREE_BLACK, &legal);
  {
    gboolean castle = FALSE, place = FALSE, removal = FALSE, free_move = FALSE, king_taken = FALSE;

    for (guint i = 0; i < legal.len; i++)
      {
        const CpAction *a = &legal.items[i];

        castle |= a->type == CP_ACTION_MOVE && (a->flags & CP_ACTION_FLAG_CASTLE)
                  && a->cells[0] == cell ("a1") && a->cells[1] == cell ("a2");
        place |= a->type == CP_ACTION_PLACE && a->cells[0] == cell ("e5")
                 && a->piece == CP_PIECE_QUEEN && a->value == 1 + THREE_RED;
        removal |= a->type == CP_ACTION_REMOVE && a->cells[0] == cell ("e8");
        free_move |= a->type == CP_ACTION_MOVE && a->value == 1
                     && a->cells[0] == cell ("g8") && a->cells[1] == cell ("d4");
        king_taken |= a->type == CP_ACTION_REMOVE && a->cells[0] == cell ("d8");
        king_taken |= a->type == CP_ACTION_MOVE && a->value == 1 && a->cells[1] == cell ("d8");
      }
    g_assert_true (castle);
    g_assert_true (place);
    g_assert_true (removal);
    g_assert_true (free_move);
    g_assert_false (king_taken);
  }
  cp_action_init_move (&action, THREE_BLACK, cell ("a1"), cell ("a2"));
  action.flags = CP_ACTION_FLAG_CASTLE;
  action.value = 1;
  g_assert_cmpuint (cp_state_landing (state, &action), ==, cell ("a2"));
  g_assert_true (cp_state_apply (state, &action, &error));
  g_assert_cmpint (state->cells[cell ("a2")].kind, ==, CP_PIECE_KING);
  g_assert_cmpint (state->cells[cell ("a1")].kind, ==, CP_PIECE_ROOK);
  g_assert_cmpuint (CP_CHESS_STATE (state)->king[THREE_BLACK], ==, cell ("a2"));

  /* Add a Red queen, remove White's queen, then the card is done. */
  cp_action_init (&action, CP_ACTION_PLACE, THREE_BLACK);
  action.n_cells = 1;
  action.cells[0] = (guint8) cell ("e5");
  action.piece = CP_PIECE_QUEEN;
  action.value = 1 + THREE_RED;
  g_assert_true (cp_state_apply (state, &action, &error));
  g_assert_cmpint (state->cells[cell ("e5")].seat, ==, THREE_RED);
  cp_action_init (&action, CP_ACTION_REMOVE, THREE_BLACK);
  action.n_cells = 1;
  action.cells[0] = (guint8) cell ("e8");
  g_clear_pointer (&text, g_free);
  text = cp_state_format (state, &action, CP_NOTATION_SAN);
  g_assert_cmpstr (text, ==, "removes White queen from e8");
  g_assert_true (cp_state_apply (state, &action, &error));
  g_assert_cmpint (state->cells[cell ("e8")].kind, ==, CP_PIECE_NONE);

  cp_action_init (&action, CP_ACTION_PASS, THREE_BLACK);
  action.value = CP_KNIGHTMARE_CARD_DONE;
  g_assert_true (cp_state_apply (state, &action, &error));
  g_assert_cmpuint (to_move (state), ==, THREE_BLACK);
  g_assert_true (can_move (state, THREE_BLACK, "b3", "b4"));
  /* The card may stand for the move: the turn ends. */
  cp_action_init (&action, CP_ACTION_PASS, THREE_BLACK);
  action.value = CP_KNIGHTMARE_END_TURN;
  g_assert_true (cp_state_apply (state, &action, &error));
  g_assert_cmpuint (to_move (state), ==, THREE_WHITE);

  /* Without a card, no turn ends without a move. */
  g_assert_false (cp_state_apply (state, &action, NULL));

  /* Castling by card along a file: the king steps towards the rook. */
  clear (state);
  put (state, THREE_WHITE, "Kd8 Rd5");
  put (state, THREE_RED, "Kh1");
  put (state, THREE_BLACK, "Ka1");
  ready (state, THREE_WHITE);
  CP_KNIGHTMARE_STATE (state)->note_phase = CP_NOTE_PHASE_IN_PLAY;
  cp_action_init_move (&action, THREE_WHITE, cell ("d8"), cell ("d5"));
  action.flags = CP_ACTION_FLAG_CASTLE;
  action.value = 1;
  g_assert_cmpuint (cp_state_landing (state, &action), ==, cell ("d7"));
  g_assert_true (cp_state_apply (state, &action, &error));
  g_assert_cmpint (state->cells[cell ("d7")].kind, ==, CP_PIECE_KING);
  g_assert_cmpint (state->cells[cell ("d8")].kind, ==, CP_PIECE_ROOK);
  g_assert_cmpint (state->cells[cell ("d5")].kind, ==, CP_PIECE_NONE);
}

/* The start of each game as text, and the same game read from it. */
static void
test_position_start (void)
{
  static const struct {
    const char *id;
    guint n_seats;
    const char *text;
    guint64 perft2;
  } games[] = {
    { "km-three", 3, "xwRwBwKwQwBwNx/xwPwPwPwPwPwPx/8/8/8/bPbPbP2rPrPrP/bRbNbBbPrPrBrNrR/bKbQbB2rBrQrK w b8 - 0 1 - d2,e2 -", 195 },
    { "km-four", 4, "wKwRwP2bPbNbK/wNwQwP2bPbQbR/wPwPwP2bPbPbP/8/8/nPnPnP2rPrPrP/nRnQnP2rPrQrN/nKnNnP2rPrRrK w - - 0 1 - - -", 0 },
    { "km-teams", 4, "wKwRwP2bPbNbK/wNwQwP2bPbQbR/wPwPwB2bBbPbP/8/8/nPnPnN2rNrPrP/nRnQnP2rPrQrB/nKnBnP2rPrRrK w - - 0 1 - - -", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr (CpState) start = cp_test_new_state (games[i].id, games[i].n_seats, NULL);
      g_autoptr (CpState) read = NULL;
      g_autofree char *text = cp_test_position (start);

      g_assert_cmpstr (text, ==, games[i].text);
      read = read_back (games[i].id, games[i].n_seats, text, FALSE);
      g_assert_cmpuint (cp_state_hash (read), ==, cp_state_hash (start));
      g_assert_cmpuint (cp_state_perft (read, 2), ==, cp_state_perft (start, 2));
      if (games[i].perft2 != 0)
        g_assert_cmpuint (cp_state_perft (read, 2), ==, games[i].perft2);
    }
}

/* What the fields hold: castling, en passant, moved pieces, counters,
 * a card in play; fields left out take their defaults. */
static void
test_position_fields (void)
{
  g_autoptr (CpState) state = NULL;
  g_autofree char *text = NULL;

  /* White castles with the b8 rook; with a "*" on the king it may not
   * have the right, and the rook alone keeps nothing. */
  state = read_back ("km-three", 3, "xwR1wK3x/x6x/8/8/8/8/8/bK6rK w b8 - 3 7 - - -", FALSE);
  g_assert_true (find_move (state, THREE_WHITE, "d8", "b8", NULL));
  g_assert_cmpuint (CP_CHESS_STATE (state)->halfmove, ==, 3);
  g_assert_cmpuint (CP_CHESS_STATE (state)->fullmove, ==, 7);
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "xwR1wK3x/x6x/8/8/8/8/8/bK6rK w - - 0 1 - - -", FALSE);
  g_assert_false (find_move (state, THREE_WHITE, "d8", "b8", NULL));

  /* A pawn on its starting rank steps two unless marked as moved; the
   * pawns of rank 3 step one. */
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/8/8/bP7/1bP1bP*4/bK6rK b - - 0 1 - - -", FALSE);
  g_assert_true (can_move (state, THREE_BLACK, "b2", "b4"));
  g_assert_false (can_move (state, THREE_BLACK, "d2", "d4"));
  g_assert_false (can_move (state, THREE_BLACK, "a3", "a5"));

  /* En passant: White's pawn just passed e6; Red takes it on the way. */
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-three", 3, "x2wK3x/x6x/8/4wPrP2/8/8/8/bK6rK r - e6 0 1 - - -", FALSE);
  g_assert_true (can_move (state, THREE_RED, "f5", "e6"));

  /* Fields after the seat to act may be left out: the pawns on d2 and e2
   * are the midline pawns. */
  g_clear_pointer (&state, cp_state_free);
  state = from_text ("km-three", 3, "x2wK3x/x6x/8/8/8/5wN2/3bPrP3/bK6rK w", FALSE);
  text = cp_test_position (state);
  g_assert_cmpstr (text, ==, "x2wK3x/x6x/8/8/8/5wN2/3bPrP3/bK6rK w - - 0 1 - d2,e2 -");

  /* A card in play, and the changes it may make; then its name once it
   * is done. */
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-four", 4, "wKwR5bK/8/8/8/8/8/8/nK6rK b - - 0 1 - - playing:Holy%20War", TRUE);
  g_assert_cmpstr (CP_KNIGHTMARE_STATE (state)->card, ==, "Holy War");
  g_assert_cmpuint (CP_KNIGHTMARE_STATE (state)->note_phase, ==, CP_NOTE_PHASE_IN_PLAY);
  g_assert_false (can_move (state, BLACK, "h8", "h7"));   /* no move of its own yet */
  {
    CpAction done;

    cp_action_init (&done, CP_ACTION_PASS, BLACK);
    done.value = CP_KNIGHTMARE_CARD_DONE;
    g_autoptr (GError) error = NULL;

    cp_state_apply (state, &done, &error);
    g_assert_no_error (error);
  }
  g_clear_pointer (&text, g_free);
  text = cp_test_position (state);
  g_assert_cmpstr (text, ==, "wKwR5bK/8/8/8/8/8/8/nK6rK b - - 0 1 - - played:Holy%20War");
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-four", 4, text, TRUE);
  g_assert_true (can_move (state, BLACK, "h8", "h7"));
  g_assert_false (can_move (state, BLACK, "h8", "g8"));   /* the rook holds g8 */
}

/* Four players, Red out: the others move in turn past Red, and Red's
 * pieces, its king among them, are anyone's to take. */
static void
test_position_four_out (void)
{
  g_autoptr (CpState) state = read_back ("km-four", 4, "wK6bK/8/8/8/8/8/8/nKnP2wR2rK w - - 0 1 r - -", FALSE);
  g_autofree char *text = NULL;

  g_assert_cmpuint (state->out, ==, CP_SEAT_BIT (RED));
  g_assert_true (can_move (state, WHITE, "e1", "h1"));
  move (state, WHITE, "e1", "h1");
  g_assert_cmpuint (to_move (state), ==, BLACK);
  move (state, BLACK, "h8", "g8");
  g_assert_cmpuint (to_move (state), ==, BROWN);
  text = cp_test_position (state);
  g_assert_cmpstr (text, ==, "wK5bK*1/8/8/8/8/8/8/nKnP5wR* n - - 1 1 r - -");

  /* Three players out of four: the game is over, and the last one left
   * has won. */
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-four", 4, "wK6bK/8/8/8/8/8/8/nK6rK w - - 0 9 brn - -", FALSE);
  g_assert_true (cp_state_is_over (state));
  g_assert_cmpint (state->outcome.reason, ==, CP_END_ELIMINATION);
  g_assert_cmpuint (state->outcome.winners, ==, CP_SEAT_BIT (WHITE));

  /* The same, ended by a resignation. */
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-four", 4, "wK6bK/8/8/8/8/8/8/nK6rK w - - 0 9 brn! - -", FALSE);
  g_assert_cmpint (state->outcome.reason, ==, CP_END_RESIGNATION);
  g_assert_cmpuint (state->outcome.winners, ==, CP_SEAT_BIT (WHITE));

  /* Teams: Black out, Brown plays on for both. */
  g_clear_pointer (&state, cp_state_free);
  state = read_back ("km-teams", 4, "wK6bK/wR7/8/8/8/8/nR7/nK6rK n - - 0 1 b - -", FALSE);
  g_assert_false (cp_state_is_over (state));
  g_assert_cmpuint (to_move (state), ==, BROWN);
}

/* Texts that cannot be read say why. */
static void
test_position_refused (void)
{
  static const struct {
    const char *id;
    guint n_seats;
    const char *text;
    const char *reason;
  } cases[] = {
    { "km-three", 3, "x2wK3x/x6x/8/8/8/8/8 w", "the board is incomplete" },
    { "km-three", 3, "x2wK3x/x6x/8/8/8/8/8/bK6rK", "it has too few fields" },
    { "km-three", 3, "3wK3x/x6x/8/8/8/8/8/bK6rK w", "a cell out of play must be written “x”" },
    { "km-four", 4, "xwK5bK/8/8/8/8/8/8/nK6rK w", "an “x” stands for a cell that is in play" },
    { "km-three", 3, "x2wK3x/x6x/8/8/8/8/8/bK5nKrK w", "the pieces hold an unknown letter" },
    { "km-three", 3, "x2wK3x/x6x/8/8/8/8/8/bK6rK n", "the seat to act is not one of the game’s seat letters" },
    { "km-three", 3, "x2wK3x/x6x/8/8/8/8/8/bK5bKrK w", "each seat in the game must have exactly one king" },
    { "km-four", 4, "wK7/8/8/8/8/8/8/nK6rK w", "each seat in the game must have exactly one king" },
    { "km-three", 3, "x2wK3x/x6x/8/8/8/8/8/bKbR5rK w a1", "White castles only with its rook on b8" },
    { "km-four", 4, "wKwR5bK/8/8/8/8/8/8/nK6rK w b8", "castling is only by a card in this game: the castling field must be “-”" },
    { "km-three", 3, "x2wK3x/x6x/8/8/8/8/8/bK6rK w - e3", "no pawn can have just passed the en passant cell" },
    { "km-four", 4, "wK6bK/8/8/8/8/8/8/nK6rK w - e3", "there is no en passant in this game: the en passant field must be “-”" },
    { "km-three", 3, "x2wK3x/x6x/8/8/8/8/8/bK6rK w - - 0 0", "the move counters are not numbers" },
    { "km-three", 3, "x2wK3x/x6x/8/8/8/8/8/bK6rK w - - 0 1 ww", "the seats out of the game are not given as seat letters, each once" },
    { "km-three", 3, "x2wK3x/x6x/8/8/8/8/8/bK6rK w - - 0 1 b!", "a “!” marks a game that a resignation ended, with one player left at most" },
    { "km-three", 3, "x2wK3x/x6x/8/8/8/8/wP7/bK6rK w - - 0 1 - a2", "the midline pawns must be one Black and one Red pawn" },
    { "km-four", 4, "wK6bK/8/8/8/8/8/3nP4/nK6rK w - - 0 1 - d2", "only three-player chess has midline pawns: the midline field must be “-”" },
    { "km-teams", 4, "wK6bK/8/8/8/8/8/8/nK6rK w - - 0 1 - - played:Sanctuary", "this game does not record cards: the card field must be “-”" },
    { "km-three", 3, "x2wK3x/x6x/8/8/8/8/8/bK6rK w - - 0 1 - - - -", "it has too many fields" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *option = g_strconcat (CP_POSITION_OPTION "=", cases[i].text, NULL);
      const char *options[] = { option, NULL };
      g_autoptr (CpGame) game = cp_test_try_new_game (cases[i].id, cases[i].n_seats, 1, options, &error);

      g_assert_null (game);
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
      if (!g_str_has_suffix (error->message, cases[i].reason))
        g_error ("“%s”: %s", cases[i].text, error->message);
    }

  /* A card's name that is not escaped properly. */
  {
    g_autoptr (GError) error = NULL;
    const char *options[] = { "cards=true", CP_POSITION_OPTION "=wK6bK/8/8/8/8/8/8/nK6rK w - - 0 1 - - playing:%zz", NULL };
    g_autoptr (CpGame) game = cp_test_try_new_game ("km-four", 4, 1, options, &error);

    g_assert_null (game);
    g_assert_nonnull (strstr (error->message, "“playing:” or “played:”"));
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/knightmare/three/start", test_three_start);
  g_test_add_func ("/knightmare/three/barrier", test_three_barrier);
  g_test_add_func ("/knightmare/three/castling", test_three_castling);
  g_test_add_func ("/knightmare/three/pawns", test_three_pawns);
  g_test_add_func ("/knightmare/three/equator", test_three_equator);
  g_test_add_func ("/knightmare/three/midline", test_three_midline);
  g_test_add_func ("/knightmare/three/frozen-king", test_three_frozen_king);
  g_test_add_func ("/knightmare/position/start", test_position_start);
  g_test_add_func ("/knightmare/position/fields", test_position_fields);
  g_test_add_func ("/knightmare/position/four-out", test_position_four_out);
  g_test_add_func ("/knightmare/position/refused", test_position_refused);
  g_test_add_func ("/knightmare/three/elimination", test_three_elimination);
  g_test_add_func ("/knightmare/three/mate-mark", test_three_mate_mark);
  g_test_add_func ("/knightmare/four/mate-mark", test_four_mate_mark);
  g_test_add_func ("/knightmare/teams/mate-mark", test_teams_mate_mark);
  g_test_add_func ("/knightmare/three/kings-and-stalemate", test_three_kings_and_stalemate);
  g_test_add_func ("/knightmare/three/resignation", test_three_resignation);
  g_test_add_func ("/knightmare/four/start", test_four_start);
  g_test_add_func ("/knightmare/four/centre", test_four_centre);
  g_test_add_func ("/knightmare/four/pawns", test_four_pawns);
  g_test_add_func ("/knightmare/teams", test_teams);
  g_test_add_func ("/knightmare/cards", test_cards);
  g_test_add_func ("/knightmare/four/evaluation", test_four_evaluation);
  g_test_add_func ("/knightmare/four/lead-fades", test_lead_fades);
  g_test_add_func ("/knightmare/four/hunt", test_hunt);
  g_test_add_func ("/knightmare/teams/evaluation", test_teams_evaluation);
  g_test_add_data_func ("/knightmare/reload/km-three", "km-three", test_random_games_reload);
  g_test_add_data_func ("/knightmare/reload/km-four", "km-four", test_random_games_reload);
  g_test_add_data_func ("/knightmare/reload/km-teams", "km-teams", test_random_games_reload);
  g_test_add_data_func ("/knightmare/reload/crowded-house", "crowded-house", test_random_games_reload);
  return g_test_run ();
}
