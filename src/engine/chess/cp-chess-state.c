/* cp-chess-state.c: the state of chess-like games: setting up, making
 * and taking back moves, keys for repetition, and the outcome
 *
 * Moves and attacks are in cp-chess-moves.c and cp-chess-attacks.c; what
 * variants switch on, in files named after it (cp-chess-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-chess-private.h"

typedef struct {
  CpPiece moved;
  CpPiece captured;
  guint8 captured_cell;
  guint8 ep_cell;
  guint8 ep_pawn;
  guint8 to_move;
  CpSeatMask out;
  CpOutcome outcome;
  guint8 king[CP_MAX_SEATS];
  guint16 halfmove;
  guint16 fullmove;
  guint32 ply;
  guint64 hash;
  guint64 history;  /* the entry of the history that the move overwrites */
  CpCastleRight castle[CP_MAX_SEATS][CP_N_CASTLE_SIDES];
} ChessUndo;

/* The last word of a CpUndo is left to the games built on chess. */
G_STATIC_ASSERT (sizeof (ChessUndo) <= sizeof (CpUndo) - sizeof (guint64));

/* Zobrist keys. */
static guint64 piece_keys[CP_N_PIECE_KINDS][CP_MAX_SEATS][CP_MAX_CELLS];
static guint64 castle_keys[CP_MAX_SEATS][CP_N_CASTLE_SIDES];
static guint64 ep_keys[CP_MAX_CELLS];
static guint64 turn_keys[CP_MAX_SEATS];
static guint64 mirror_keys[CP_MAX_CELLS];
static guint64 checker_keys[CP_MAX_CELLS];

static void
init_keys (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      guint64 state = G_GUINT64_CONSTANT (0x2545f4914f6cdd1d);
      guint64 *all[] = { &piece_keys[0][0][0], &castle_keys[0][0], ep_keys, turn_keys,
                         mirror_keys, checker_keys };
      gsize sizes[] = { sizeof piece_keys, sizeof castle_keys, sizeof ep_keys, sizeof turn_keys,
                        sizeof mirror_keys, sizeof checker_keys };

      for (guint t = 0; t < G_N_ELEMENTS (all); t++)
        for (gsize i = 0; i < sizes[t] / sizeof (guint64); i++)
          {
            guint64 z = (state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

            z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
            z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
            all[t][i] = z ^ (z >> 31);
          }
      g_once_init_leave (&done, 1);
    }
}

/* The diagonal directions a pawn of @seat captures in: the two next to each
 * of its forward directions. */
static guint8
compute_pawn_captures (CpBoard *board, guint seat)
{
  guint8 mask = 0;

  for (guint i = 0; i < cp_board_get_n_forward (board, seat); i++)
    {
      CpDir f = cp_board_get_forward (board, seat, i);

      mask |= (guint8) (BIT ((f + 1) & 7) | BIT ((f + 7) & 7));
    }
  return mask;
}

/* The seat after @seat in turn order, skipping seats that are out. */
guint
cp_chess_next_seat (const CpChessState *st, guint seat)
{
  for (guint i = 1; i <= st->base.n_seats; i++)
    {
      guint next = (seat + i) % st->base.n_seats;

      if (!(st->base.out & BIT (next)))
        return next;
    }
  return seat;
}

/* Gives the turn to the seat after @seat, counting full moves. */
static void
pass_turn (CpChessState *st, guint seat)
{
  guint next = cp_chess_next_seat (st, seat);

  if (next <= seat)
    st->fullmove++;
  st->base.to_move = (guint8) next;
}

/* Gives the turn to the seat after the one to move, the key following. */
void
cp_chess_next_turn (CpChessState *st)
{
  st->hash ^= turn_keys[st->base.to_move & 3];
  pass_turn (st, st->base.to_move);
  st->hash ^= turn_keys[st->base.to_move & 3];
}

/* Whether an en passant capture onto the cell passed is possible at all,
 * which makes it part of the position for repetition. */
gboolean
cp_chess_ep_matters (const CpChessState *st)
{
  const guint8 *nb = neighbours (st);

  if (st->ep_cell == CP_NO_CELL || !(st->features & CP_CHESS_EN_PASSANT))
    return FALSE;
  for (guint d = 1; d < CP_N_DIRS; d += 2)
    {
      guint c = nb[st->ep_cell * CP_N_DIRS + d];
      const CpPiece *p;

      if (c == CP_NO_CELL)
        continue;
      p = &st->base.cells[c];
      if (p->kind == CP_PIECE_PAWN && cp_chess_is_enemy (st, p->seat, st->base.cells[st->ep_pawn].seat)
          && (pawn_captures (st, p->seat) & BIT (CP_DIR_OPPOSITE (d))))
        return TRUE;
    }
  return FALSE;
}

static guint64
castle_hash (const CpChessState *st)
{
  guint64 h = 0;

  for (guint s = 0; s < CP_MAX_SEATS; s++)
    for (guint side = 0; side < CP_N_CASTLE_SIDES; side++)
      if (st->castle[s][side].rook != CP_NO_CELL)
        h ^= castle_keys[s][side];
  return h;
}

/* The key of a piece on a cell, with its side of the mirror and the
 * checkers under it. */
static inline guint64
piece_key (const CpPiece *p, guint cell)
{
  guint64 key;

  if (p->kind == CP_PIECE_NONE)
    return 0;
  key = piece_keys[p->kind][p->seat & 3][cell];
  if (p->flags & CP_PIECE_FLAG_MIRROR)
    key ^= mirror_keys[cell];
  if (p->checkers > 0)
    key ^= checker_keys[cell] * p->checkers;
  return key;
}

/* The key of the position: pieces, seat to move, castling rights and an
 * en passant capture that could be made. */
guint64
cp_chess_compute_hash (const CpChessState *st)
{
  guint n_cells = cp_board_get_width (st->base.board) * cp_board_get_height (st->base.board);
  guint64 h = turn_keys[st->base.to_move & 3] ^ castle_hash (st);

  init_keys ();
  for (guint c = 0; c < n_cells; c++)
    h ^= piece_key (&st->base.cells[c], c);
  if (cp_chess_ep_matters (st))
    h ^= ep_keys[st->ep_cell];
  return h;
}

/* Puts @p on @cell, keeping the count of stacks; the key is the caller's. */
static inline void
put_piece (CpChessState *st, guint cell, const CpPiece *p)
{
  CpPiece *old = &st->base.cells[cell];

  st->stacks += stacked (p) - stacked (old);
  if (st->masks)
    {
      guint64 bit = G_GUINT64_CONSTANT (1) << cell;

      if (old->kind != CP_PIECE_NONE)
        {
          st->seat_cells[old->seat] &= ~bit;
          st->kind_cells[old->kind] &= ~bit;
        }
      if (p->kind != CP_PIECE_NONE)
        {
          st->seat_cells[p->seat] |= bit;
          st->kind_cells[p->kind] |= bit;
        }
      st->stacked_cells = stacked (p) ? st->stacked_cells | bit : st->stacked_cells & ~bit;
    }
  *old = *p;
}

void
cp_chess_set_cell (CpChessState *st, guint cell, const CpPiece *p)
{
  st->hash ^= piece_key (&st->base.cells[cell], cell) ^ piece_key (p, cell);
  put_piece (st, cell, p);
}

static void
clear_cell (CpChessState *st, guint cell)
{
  static const CpPiece empty = { 0 };

  cp_chess_set_cell (st, cell, &empty);
}

static void
drop_rights_of_cell (CpChessState *st, guint cell)
{
  for (guint s = 0; s < st->base.n_seats; s++)
    for (guint side = 0; side < CP_N_CASTLE_SIDES; side++)
      if (st->castle[s][side].rook == cell)
        st->castle[s][side].rook = CP_NO_CELL;
}

/**
 * cp_chess_put:
 * @p: the piece to put, or an empty cell
 *
 * Changes a cell outside the moves of the game, as the cards of some games
 * do: the pieces' positions, castling rights and key follow.
 */
void
cp_chess_put (CpChessState *st, guint cell, const CpPiece *p)
{
  const CpPiece *old = &st->base.cells[cell];

  if (old->kind == CP_PIECE_KING && st->king[old->seat] == cell)
    st->king[old->seat] = CP_NO_CELL;
  st->hash ^= castle_hash (st);
  drop_rights_of_cell (st, cell);
  st->hash ^= castle_hash (st);
  cp_chess_set_cell (st, cell, p);
  if (p->kind == CP_PIECE_KING)
    st->king[p->seat] = (guint8) cell;
}

/* Which castling right a castling move uses. */
CpCastleSide
cp_chess_castle_side (const CpChessState *st, const CpAction *action)
{
  return st->castle[st->army[action->seat]][CP_CASTLE_KING_SIDE].rook == action->cells[1]
           ? CP_CASTLE_KING_SIDE : CP_CASTLE_QUEEN_SIDE;
}

/* The king's cell after a castling move; CP_NO_CELL for other moves,
 * whose piece ends on their last cell. */
guint
cp_chess_landing (const CpChessState *st, const CpAction *action)
{
  if (!(action->flags & CP_ACTION_FLAG_CASTLE))
    return CP_NO_CELL;
  return st->castle[st->army[action->seat]][cp_chess_castle_side (st, action)].king_to;
}

static void
make_castling (CpChessState *st, const CpAction *action)
{
  guint seat = st->army[action->seat];
  const CpCastleRight *right = &st->castle[seat][cp_chess_castle_side (st, action)];
  CpPiece king = st->base.cells[action->cells[0]];
  CpPiece rook = st->base.cells[action->cells[1]];
  guint king_to = right->king_to, rook_to = right->rook_to;

  clear_cell (st, action->cells[0]);
  clear_cell (st, action->cells[1]);
  king.flags |= CP_PIECE_FLAG_MOVED;
  rook.flags |= CP_PIECE_FLAG_MOVED;
  cp_chess_set_cell (st, king_to, &king);
  cp_chess_set_cell (st, rook_to, &rook);
  st->king[seat] = (guint8) king_to;
  st->castle[seat][0].rook = st->castle[seat][1].rook = CP_NO_CELL;
}

/**
 * cp_chess_make:
 * @undo: (nullable): receives what cp_chess_unmake() needs, in all but
 *   its last word
 *
 * Makes a legal move, or passes the turn on for a CP_ACTION_PASS.
 */
void
cp_chess_make (CpChessState *st, const CpAction *action, CpUndo *undo)
{
  const guint8 *nb = neighbours (st);
  guint seat = st->army[action->seat], from = action->cells[0], to = action->cells[1];
  CpPiece moved = st->base.cells[from];
  guint captured_cell = (action->flags & CP_ACTION_FLAG_EN_PASSANT) ? st->ep_pawn : to;
  gboolean irreversible;

  if (undo != NULL)
    {
      ChessUndo *u = (ChessUndo *) undo;

      u->moved = moved;
      u->captured = st->base.cells[captured_cell];
      u->captured_cell = (guint8) captured_cell;
      u->ep_cell = st->ep_cell;
      u->ep_pawn = st->ep_pawn;
      u->to_move = st->base.to_move;
      u->out = st->base.out;
      u->outcome = st->base.outcome;
      memcpy (u->king, st->king, sizeof u->king);
      u->halfmove = st->halfmove;
      u->fullmove = st->fullmove;
      u->ply = st->base.ply;
      u->hash = st->hash;
      u->history = st->history[(st->base.ply + 1) % CP_CHESS_HISTORY];
      memcpy (u->castle, st->castle, sizeof u->castle);
    }

  st->hash ^= castle_hash (st) ^ turn_keys[st->base.to_move & 3];
  if (cp_chess_ep_matters (st))
    st->hash ^= ep_keys[st->ep_cell];

  if (action->type == CP_ACTION_PASS)
    irreversible = FALSE;
  else if (action->flags & CP_ACTION_FLAG_CASTLE)
    {
      make_castling (st, action);
      irreversible = FALSE;
    }
  else
    {
      const CpPiece *victim = &st->base.cells[captured_cell];
      guint taken_checkers = victim->kind != CP_PIECE_NONE ? victim->checkers : 0;

      irreversible = moved.kind == CP_PIECE_PAWN || victim->kind != CP_PIECE_NONE;
      if (victim->kind == CP_PIECE_KING && st->king[victim->seat] == captured_cell)
        st->king[victim->seat] = CP_NO_CELL;
      if (victim->kind != CP_PIECE_NONE)
        clear_cell (st, captured_cell);
      moved.flags |= CP_PIECE_FLAG_MOVED;
      if (action->piece != CP_PIECE_NONE)
        moved.kind = action->piece;
      /* A piece that takes keeps the checkers of what it takes. */
      if (st->features & CP_CHESS_EXTRA_STEPS)
        moved.checkers = (guint8) MIN (moved.checkers + taken_checkers, G_MAXUINT8);
      clear_cell (st, from);
      cp_chess_set_cell (st, to, &moved);
      if (moved.kind == CP_PIECE_KING)
        {
          st->king[seat] = (guint8) to;
          st->castle[seat][0].rook = st->castle[seat][1].rook = CP_NO_CELL;
        }
      drop_rights_of_cell (st, from);
      drop_rights_of_cell (st, to);
    }

  st->ep_cell = st->ep_pawn = CP_NO_CELL;
  if (action->flags & CP_ACTION_FLAG_DOUBLE)
    for (guint d = 0; d < CP_N_DIRS; d++)
      {
        guint mid = nb[from * CP_N_DIRS + d];

        if (mid != CP_NO_CELL && nb[mid * CP_N_DIRS + d] == to)
          {
            st->ep_cell = (guint8) mid;
            st->ep_pawn = (guint8) to;
            break;
          }
      }

  st->halfmove = irreversible ? 0 : st->halfmove + 1;
  if (!(st->features & CP_CHESS_HELD_TURN))
    pass_turn (st, action->seat);
  st->base.ply++;

  st->hash ^= castle_hash (st) ^ turn_keys[st->base.to_move & 3];
  if (cp_chess_ep_matters (st))
    st->hash ^= ep_keys[st->ep_cell];
  if (st->features & CP_CHESS_ELIMINATION)
    cp_chess_settle (st);
  st->history[st->base.ply % CP_CHESS_HISTORY] = st->hash;
}

/* Takes back the move that cp_chess_make() made with @undo. */
void
cp_chess_unmake (CpChessState *st, const CpAction *action, const CpUndo *undo)
{
  const ChessUndo *u = (const ChessUndo *) undo;
  static const CpPiece empty = { 0 };

  if (action->type == CP_ACTION_PASS)
    ;
  else if (action->flags & CP_ACTION_FLAG_CASTLE)
    {
      const CpCastleRight *rights = u->castle[st->army[action->seat]];
      const CpCastleRight *right = &rights[rights[CP_CASTLE_KING_SIDE].rook == action->cells[1]
                                           ? CP_CASTLE_KING_SIDE : CP_CASTLE_QUEEN_SIDE];

      /* The rook was kept where a captured piece would be. */
      put_piece (st, right->king_to, &empty);
      put_piece (st, right->rook_to, &empty);
      put_piece (st, action->cells[1], &u->captured);
      put_piece (st, action->cells[0], &u->moved);
    }
  else
    {
      put_piece (st, action->cells[1], &empty);
      put_piece (st, u->captured_cell, &u->captured);
      put_piece (st, action->cells[0], &u->moved);
    }

  st->ep_cell = u->ep_cell;
  st->ep_pawn = u->ep_pawn;
  st->base.to_move = u->to_move;
  st->base.out = u->out;
  st->base.outcome = u->outcome;
  memcpy (st->king, u->king, sizeof u->king);
  st->halfmove = u->halfmove;
  st->fullmove = u->fullmove;
  st->base.ply = u->ply;
  st->hash = u->hash;
  st->history[(u->ply + 1) % CP_CHESS_HISTORY] = u->history;
  memcpy (st->castle, u->castle, sizeof u->castle);
}

/**
 * cp_chess_repetitions:
 *
 * How often the current position has stood on the board since the last
 * capture or pawn move, this time included.
 */
guint
cp_chess_repetitions (const CpChessState *st)
{
  guint n = 1;
  guint back = MIN ((guint) st->halfmove, MIN (st->base.ply, CP_CHESS_HISTORY - 1));

  for (guint i = 1; i <= back; i++)
    n += st->history[(st->base.ply - i) % CP_CHESS_HISTORY] == st->hash;
  return n;
}

/**
 * cp_chess_insufficient_material:
 *
 * Whether no sequence of moves can lead to checkmate: only kings, or kings
 * and a single knight or bishop, or kings and bishops all on one colour.
 */
gboolean
cp_chess_insufficient_material (const CpChessState *st)
{
  CpBoard *board = st->base.board;
  guint n_cells = cp_board_get_width (board) * cp_board_get_height (board);
  guint minors = 0, knights = 0, bishop_colours = 0;

  for (guint c = 0; c < n_cells; c++)
    switch (st->base.cells[c].kind)
      {
      case CP_PIECE_NONE:
      case CP_PIECE_KING:
        break;
      case CP_PIECE_KNIGHT:
        minors++;
        knights++;
        break;
      case CP_PIECE_BISHOP:
        minors++;
        bishop_colours |= 1u << ((cp_board_cell_x (board, c) + cp_board_cell_y (board, c)) & 1);
        break;
      default:
        return FALSE;
      }
  return minors <= 1 || (knights == 0 && bishop_colours != 3);
}

/* The draws that end a game by themselves: seventy-five moves of each
 * player without a capture or pawn move, or fivefold repetition. */
void
cp_chess_draw_by_counting (const CpChessState *st, CpOutcome *outcome)
{
  if (st->halfmove >= 75u * st->base.n_seats)
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_SEVENTY_FIVE_MOVES, 0 };
  else if (cp_chess_repetitions (st) >= 5)
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_FIVEFOLD_REPETITION, 0 };
}

/**
 * cp_chess_outcome:
 *
 * The result on the board: checkmate, stalemate, insufficient material,
 * the seventy-five-move rule and fivefold repetition end a game of two.
 * With CP_CHESS_ELIMINATION the last team in play wins, and only kings
 * left in play draw.
 */
void
cp_chess_outcome (const CpChessState *state, CpOutcome *outcome)
{
  const CpChessState *st = state;
  guint seat;

  if (state->base.outcome.status != CP_STATUS_PLAYING)
    {
      *outcome = state->base.outcome;
      return;
    }
  *outcome = (CpOutcome) { CP_STATUS_PLAYING, CP_END_NONE, 0 };

  if (st->features & CP_CHESS_ELIMINATION)
    {
      cp_chess_elimination_outcome (state, outcome);
      return;
    }

  seat = st->base.to_move;
  if (!cp_chess_has_legal (st, seat))
    {
      if (cp_chess_in_check (st, seat))
        *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_CHECKMATE,
                                 (CpSeatMask) (((1u << st->base.n_seats) - 1) & ~BIT (seat)) };
      else
        *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_STALEMATE, 0 };
    }
  else if (cp_chess_insufficient_material (st))
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_INSUFFICIENT_MATERIAL, 0 };
  else
    cp_chess_draw_by_counting (st, outcome);
}

/* The draw the seat to move may claim: threefold repetition or fifty moves
 * of each player without a capture or pawn move. */
CpEndReason
cp_chess_claimable (const CpChessState *st)
{
  if (cp_chess_repetitions (st) >= 3)
    return CP_END_REPETITION;
  if (st->halfmove >= 50u * st->base.n_seats)
    return CP_END_FIFTY_MOVES;
  return CP_END_NONE;
}

/* The 8x8 board: White (seat 0) moves north, Black (seat 1) south. */
CpBoard *
cp_chess_standard_board (void)
{
  static gsize board = 0;

  if (g_once_init_enter (&board))
    g_once_init_leave (&board, (gsize) cp_board_new (8, 8));
  return g_object_ref ((CpBoard *) board);
}

/**
 * cp_chess_state_init_standard:
 * @board: (transfer full): an 8x8 board
 *
 * Sets up an empty two-seat chess position with every rule of orthodox
 * chess in force and White to move.
 */
void
cp_chess_state_init_standard (CpChessState *st, CpBoard *board)
{
  init_keys ();
  st->base.board = board;
  st->base.to_move = 0;
  memset (st->base.cells, 0, sizeof st->base.cells);
  st->features = CP_CHESS_ORTHODOX;
  st->promotions = BIT (CP_PIECE_KNIGHT) | BIT (CP_PIECE_BISHOP) | BIT (CP_PIECE_ROOK) | BIT (CP_PIECE_QUEEN);
  for (guint s = 0; s < CP_MAX_SEATS; s++)
    {
      st->team[s] = st->army[s] = (guint8) s;
      st->king[s] = CP_NO_CELL;
    }
  st->home_rank[0] = 0;
  st->home_rank[1] = 7;
  memset (st->promotion_zone, 0, sizeof st->promotion_zone);
  for (guint x = 0; x < 8; x++)
    {
      cp_cell_set_add (&st->promotion_zone[0], 7 * 8 + x);
      cp_cell_set_add (&st->promotion_zone[1], x);
    }
  cp_chess_state_reset_castling (st);
  st->ep_cell = st->ep_pawn = CP_NO_CELL;
  st->halfmove = 0;
  st->fullmove = 1;
}

/**
 * cp_chess_state_place_back_rank:
 * @kinds: White's pieces from file a to file h
 *
 * Places White's pieces on the first rank with pawns in front, and Black's
 * as their mirror image.
 */
void
cp_chess_state_place_back_rank (CpChessState *st, const CpPieceKind kinds[8])
{
  for (guint x = 0; x < 8; x++)
    {
      st->base.cells[x] = (CpPiece) { .kind = kinds[x], .seat = 0 };
      st->base.cells[8 + x] = (CpPiece) { .kind = CP_PIECE_PAWN, .seat = 0 };
      st->base.cells[48 + x] = (CpPiece) { .kind = CP_PIECE_PAWN, .seat = 1 };
      st->base.cells[56 + x] = (CpPiece) { .kind = kinds[x], .seat = 1 };
    }
}

void
cp_chess_state_reset_castling (CpChessState *st)
{
  for (guint s = 0; s < CP_MAX_SEATS; s++)
    for (guint side = 0; side < CP_N_CASTLE_SIDES; side++)
      st->castle[s][side] = (CpCastleRight) { CP_NO_CELL, CP_NO_CELL, CP_NO_CELL };
}

static guint
find_king (const CpChessState *st, guint seat)
{
  guint n_cells = cp_board_get_width (st->base.board) * cp_board_get_height (st->base.board);

  for (guint c = 0; c < n_cells; c++)
    if (st->base.cells[c].kind == CP_PIECE_KING && st->base.cells[c].seat == seat)
      return c;
  return CP_NO_CELL;
}

/**
 * cp_chess_state_add_castle_right:
 * @rook_cell: the cell of a rook on the seat's home rank
 *
 * Lets @seat castle with that rook, as in orthodox chess and Chess960: the
 * king ends on file c or g and the rook next to it, on file d or f.
 */
void
cp_chess_state_add_castle_right (CpChessState *st, guint seat, guint rook_cell)
{
  CpBoard *board = st->base.board;
  guint king = find_king (st, seat);
  guint y = st->home_rank[seat];
  CpCastleSide side;

  g_return_if_fail (king != CP_NO_CELL);

  side = cp_board_cell_x (board, rook_cell) > cp_board_cell_x (board, king)
           ? CP_CASTLE_KING_SIDE : CP_CASTLE_QUEEN_SIDE;
  st->castle[seat][side] = (CpCastleRight) {
    .rook = (guint8) rook_cell,
    .king_to = (guint8) cp_board_cell_at (board, side == CP_CASTLE_KING_SIDE ? 6 : 2, (int) y),
    .rook_to = (guint8) cp_board_cell_at (board, side == CP_CASTLE_KING_SIDE ? 5 : 3, (int) y),
  };
}

/* Whether the pawns of both seats go straight up or down the board. */
static gboolean
straight_pawns (const CpChessState *st)
{
  for (guint s = 0; s < 2; s++)
    if (st->pawn_captures[s] != (BIT (CP_DIR_NE) | BIT (CP_DIR_NW))
        && st->pawn_captures[s] != (BIT (CP_DIR_SE) | BIT (CP_DIR_SW)))
      return FALSE;
  return TRUE;
}

/* Whether @board has 8 by 8 cells, without holes or barriers. */
static gboolean
plain_board (CpBoard *board)
{
  const guint8 *nb = cp_board_get_neighbours (board);
  static const int dx[CP_N_DIRS] = { 0, 1, 1, 1, 0, -1, -1, -1 };
  static const int dy[CP_N_DIRS] = { 1, 1, 0, -1, -1, -1, 0, 1 };

  if (cp_board_get_width (board) != 8 || cp_board_get_height (board) != 8
      || cp_board_get_n_cells (board) != 64)
    return FALSE;
  for (int c = 0; c < 64; c++)
    for (guint d = 0; d < CP_N_DIRS; d++)
      {
        int x = c % 8 + dx[d], y = c / 8 + dy[d];
        guint want = x < 0 || x >= 8 || y < 0 || y >= 8 ? CP_NO_CELL : (guint) (y * 8 + x);

        if (nb[c * CP_N_DIRS + d] != want)
          return FALSE;
      }
  return TRUE;
}

/**
 * cp_chess_state_finish_setup:
 *
 * Completes a set-up once the pieces stand: finds the kings, marks pawns
 * off their starting rank as moved, and keys the position.
 */
void
cp_chess_state_finish_setup (CpChessState *st)
{
  CpBoard *board = st->base.board;
  guint n_cells = cp_board_get_width (board) * cp_board_get_height (board);

  for (guint s = 0; s < st->base.n_seats; s++)
    {
      st->king[s] = (guint8) find_king (st, s);
      st->pawn_captures[s] = compute_pawn_captures (board, s);
    }
  st->masks = (st->features & CP_CHESS_EXTRA_STEPS) && !(st->features & CP_CHESS_MIRROR) && st->base.n_seats == 2
              && st->team[0] != st->team[1] && plain_board (board) && straight_pawns (st);
  if (st->masks)
    cp_chess_init_masks ();
  st->stacks = 0;
  memset (st->seat_cells, 0, sizeof st->seat_cells);
  memset (st->kind_cells, 0, sizeof st->kind_cells);
  st->stacked_cells = 0;
  for (guint c = 0; c < n_cells; c++)
    {
      CpPiece *p = &st->base.cells[c];
      int start;

      st->stacks += stacked (p);
      if (st->masks && p->kind != CP_PIECE_NONE)
        {
          st->seat_cells[p->seat] |= G_GUINT64_CONSTANT (1) << c;
          st->kind_cells[p->kind] |= G_GUINT64_CONSTANT (1) << c;
          if (stacked (p))
            st->stacked_cells |= G_GUINT64_CONSTANT (1) << c;
        }
      if (p->kind != CP_PIECE_PAWN || st->base.n_seats != 2)
        continue;
      start = st->home_rank[p->seat] + (p->seat == 0 ? 1 : -1);
      if ((int) cp_board_cell_y (board, c) != start)
        p->flags |= CP_PIECE_FLAG_MOVED;
    }
  st->hash = cp_chess_compute_hash (st);
  st->history[st->base.ply % CP_CHESS_HISTORY] = st->hash;
}
