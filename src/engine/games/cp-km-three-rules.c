/* cp-km-three-rules.c: three-player chess of the Knightmare variants
 *
 * White alone at the top of an 8x8 board missing a7, a8, h7 and h8; Black
 * and Red share the bottom, their pawns heading for White.  A barrier
 * between d1 and e1 stops pieces and checks, not diagonals past its upper
 * end nor knights.  Black's d2 pawn and Red's e2 pawn may not take each
 * other while both stand below the equator, unless the one that takes
 * has been set free: by reaching the equator, or by a capture of its own
 * that crossed the midline (from the d file to the e file or back).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cp-games.h"
#include "cp-knightmare.h"

/* Seats in turn order. */
enum { WHITE, RED, BLACK };

/* Ranks 5 to 8 lie beyond the equator. */
#define EQUATOR_Y 4

/* The rules draw White at the top of the board, Black and Red at the
 * bottom. */
static const guint8 view_rotations[] = { 2, 0, 0 };

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_RED, CP_COLOUR_BLACK };

/**
 * cp_km_three_board:
 * @territories: whether White's half and the Black and Red areas are zones
 *
 * The three-player board: a7, a8, h7 and h8 out of play, the barrier
 * between d1 and e1, White's pawns heading south and the others north.
 */
CpBoard *
cp_km_three_board (gboolean territories)
{
  CpBoard *board = cp_board_new (8, 8);

  for (guint y = 6; y < 8; y++)
    {
      cp_board_remove_cell (board, y * 8);
      cp_board_remove_cell (board, y * 8 + 7);
    }
  cp_board_block_edge (board, 3, CP_DIR_E);
  cp_board_set_forward (board, WHITE, CP_DIR_S, -1);
  cp_board_set_forward (board, RED, CP_DIR_N, -1);
  cp_board_set_forward (board, BLACK, CP_DIR_N, -1);
  if (territories)
    {
      cp_knightmare_add_area (board, "white-territory", 0, EQUATOR_Y, 7, 7);
      cp_knightmare_add_area (board, "black-territory", 0, 0, 3, EQUATOR_Y - 1);
      cp_knightmare_add_area (board, "red-territory", 4, 0, 7, EQUATOR_Y - 1);
    }
  return board;
}

static gboolean
km_three_init (CpState *state, GHashTable *options, GError **error)
{
  CpKnightmareState *st = CP_KNIGHTMARE_STATE (state);
  CpChessState *chess = &st->chess;
  CpBoard *board = cp_km_three_board (cp_knightmare_cards_on (options));
  guint d8 = cp_board_cell_at (board, 3, 7);

  cp_knightmare_init (st, board, options);
  chess->features |= CP_CHESS_DOUBLE_STEP | CP_CHESS_EN_PASSANT | CP_CHESS_CASTLING;
  cp_knightmare_place (st, WHITE, "Rb8 Bc8 Kd8 Qe8 Bf8 Ng8 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7");
  cp_knightmare_place (st, BLACK, "Ka1 Qb1 Bc1 Ra2 Nb2 Bc2 Pd2 Pa3 Pb3 Pc3");
  cp_knightmare_place (st, RED, "Bf1 Qg1 Kh1 Pe2 Bf2 Ng2 Rh2 Pf3 Pg3 Ph3");

  /* Pawns on the third rank step one cell at a time. */
  for (guint x = 0; x < 8; x++)
    {
      CpPiece *p = &chess->base.cells[2 * 8 + x];

      if (p->kind == CP_PIECE_PAWN)
        p->flags |= CP_PIECE_FLAG_MOVED;
      cp_cell_set_add (&chess->promotion_zone[WHITE], x);
      if (cp_board_has_cell (board, 7 * 8 + x))
        {
          cp_cell_set_add (&chess->promotion_zone[RED], 7 * 8 + x);
          cp_cell_set_add (&chess->promotion_zone[BLACK], 7 * 8 + x);
        }
    }
  chess->base.cells[1 * 8 + 3].flags |= CP_PIECE_FLAG_MIDLINE;
  chess->base.cells[1 * 8 + 4].flags |= CP_PIECE_FLAG_MIDLINE;

  /* White alone castles: the king one cell towards the b8 rook, the rook
   * onto the king's cell. */
  chess->home_rank[WHITE] = 7;
  chess->castle[WHITE][CP_CASTLE_QUEEN_SIDE] = (CpCastleRight) {
    .rook = (guint8) cp_board_cell_at (board, 1, 7),
    .king_to = (guint8) cp_board_cell_at (board, 2, 7),
    .rook_to = (guint8) d8,
  };
  cp_chess_state_finish_setup (chess);
  return cp_knightmare_init_position (st, options, error);
}

/* Whether @p is a midline pawn still bound by their rule. */
static gboolean
bound (const CpPiece *p)
{
  return p->kind == CP_PIECE_PAWN
         && (p->flags & (CP_PIECE_FLAG_MIDLINE | CP_PIECE_FLAG_FREED)) == CP_PIECE_FLAG_MIDLINE;
}

/* Whether the capture @move is a bound midline pawn taking the other
 * midline pawn, free or not, while both stand below the equator. */
static gboolean
midline_capture (const CpChessState *st, const CpAction *move)
{
  CpBoard *board = st->base.board;
  const CpPiece *mover, *victim;
  guint from, at;

  if (move->type != CP_ACTION_MOVE || move->value != 0 || !(move->flags & CP_ACTION_FLAG_CAPTURE))
    return FALSE;
  from = move->cells[0];
  at = (move->flags & CP_ACTION_FLAG_EN_PASSANT) ? st->ep_pawn : move->cells[1];
  mover = &st->base.cells[from];
  victim = &st->base.cells[at];
  return bound (mover) && victim->kind == CP_PIECE_PAWN && (victim->flags & CP_PIECE_FLAG_MIDLINE)
         && victim->seat != mover->seat
         && cp_board_cell_y (board, from) < EQUATOR_Y && cp_board_cell_y (board, at) < EQUATOR_Y;
}

static void
km_three_legal (const CpState *state, guint seat, CpActionList *out)
{
  guint first = out->len, kept = first;

  cp_knightmare_legal (state, seat, out);
  for (guint i = first; i < out->len; i++)
    if (!midline_capture (CP_CHESS_STATE (state), &out->items[i]))
      out->items[kept++] = out->items[i];
  out->len = kept;
}

/* Whether @a and @b lie on the two sides of the midline. */
static gboolean
across_midline (CpBoard *board, guint a, guint b)
{
  return (cp_board_cell_x (board, a) < 4) != (cp_board_cell_x (board, b) < 4);
}

static void
km_three_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  gboolean move = action->type == CP_ACTION_MOVE && action->value == 0
                  && !(action->flags & CP_ACTION_FLAG_CASTLE);
  gboolean freeing = move && (action->flags & CP_ACTION_FLAG_CAPTURE)
                     && across_midline (state->board, action->cells[0], action->cells[1]);
  CpPiece *p;

  cp_knightmare_make (state, action, undo);
  if (!move)
    return;
  /* A midline pawn is free once it has reached the equator or taken a
   * piece across the midline. */
  p = &state->cells[action->cells[1]];
  if ((p->flags & CP_PIECE_FLAG_MIDLINE)
      && (freeing || cp_board_cell_y (state->board, action->cells[1]) >= EQUATOR_Y))
    p->flags |= CP_PIECE_FLAG_FREED;
}

const CpRules cp_km_three_rules = {
  .id = "km-three",
  .name = N_("Three-Player Chess"),
  .summary = N_("White against Black and Red on a board with a barrier, each for themselves"),
  .min_seats = 3,
  .max_seats = 3,
  .colours = colours,
  .view_rotations = view_rotations,
  .init = km_three_init,
  .legal = km_three_legal,
  .make = km_three_make,
  .evaluate = cp_knightmare_lead,
  CP_KNIGHTMARE_SHARED_HOOKS,
};
