/* cp-chess-attacks.c: attacks and check
 *
 * Lines are followed outwards from the cell looked at on any board
 * geometry, and knights found by the board's knight targets; the extra
 * steps of the variants that switch them on are looked for last
 * (cp-chess-extra-steps.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-chess-private.h"

/**
 * cp_chess_is_enemy:
 *
 * Whether pieces of @other may be captured by @seat.
 */
gboolean
cp_chess_is_enemy (const CpChessState *st, guint seat, guint other)
{
  return st->team[seat] != st->team[other];
}

/* Whether an enemy of @seat on @side of the mirror, standing in @from
 * (anywhere if NULL), attacks @cell, with @ignore_a and @ignore_b taken as
 * empty and a friendly piece standing on @block.  With the masks of extra
 * steps, only cells in @danger may be reached by them
 * (cp_chess_step_danger()); with no cells in @danger, extra steps are not
 * looked at. */
gboolean
cp_chess_attacked_full (const CpChessState *st, guint cell, guint seat, guint ignore_a, guint ignore_b,
                        guint block, const CpCellSet *from, guint side, guint64 danger)
{
  const guint8 *nb = neighbours (st);
  const CpPiece *cells = st->base.cells;
  const guint8 *targets;
  guint n;

  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      guint c = cell;
      gboolean adjacent = TRUE;

      while ((c = nb[c * CP_N_DIRS + d]) != CP_NO_CELL && c != block)
        {
          const CpPiece *p = &cells[c];

          if (!present (st, p, side) || c == ignore_a || c == ignore_b)
            {
              adjacent = FALSE;
              continue;
            }
          if (is_attacker (st, seat, p) && attacks_along (st, p, d, adjacent)
              && (from == NULL || cp_cell_set_contains (from, c)))
            return TRUE;
          break;
        }
    }

  targets = cp_board_knight_targets (st->base.board, cell, &n);
  for (guint i = 0; i < n; i++)
    {
      const CpPiece *p = &cells[targets[i]];

      if (p->kind == CP_PIECE_KNIGHT && side_of (st, p) == side && targets[i] != ignore_a
          && targets[i] != ignore_b && is_attacker (st, seat, p)
          && (from == NULL || cp_cell_set_contains (from, targets[i])))
        return TRUE;
    }
  return (st->features & CP_CHESS_EXTRA_STEPS) && danger != 0 && (!st->masks || (cell_bit (cell) & danger))
         && cp_chess_extra_step_attack (st, cell, seat, ignore_a, ignore_b, from);
}

/**
 * cp_chess_attacked:
 * @cell: the cell looked at
 * @by_enemies_of: a seat; the attackers are its enemies
 * @ignore_a: a cell to treat as empty (a king that moves), or CP_NO_CELL
 * @ignore_b: another, or CP_NO_CELL
 *
 * Whether an enemy of @by_enemies_of attacks @cell; with CP_CHESS_MIRROR,
 * an enemy on the side of the mirror of the piece on @cell.
 */
gboolean
cp_chess_attacked (const CpChessState *st, guint cell, guint by_enemies_of,
                   guint ignore_a, guint ignore_b)
{
  return cp_chess_attacked_full (st, cell, by_enemies_of, ignore_a, ignore_b, CP_NO_CELL, NULL,
                                 side_of_cell (st, cell), ALL_CELLS);
}

/**
 * cp_chess_attacked_on:
 * @side: the side of the mirror looked at: 0, or CP_PIECE_FLAG_MIRROR
 * @block: a cell where a piece of @by_enemies_of stands in the way, or
 *   CP_NO_CELL
 *
 * Whether an enemy of @by_enemies_of on @side of the mirror attacks
 * @cell, with @ignore_a and @ignore_b taken as empty: a king's safety
 * once a piece has gone through the mirror, without making the move.
 */
gboolean
cp_chess_attacked_on (const CpChessState *st, guint cell, guint by_enemies_of, guint side,
                      guint ignore_a, guint ignore_b, guint block)
{
  return cp_chess_attacked_full (st, cell, by_enemies_of, ignore_a, ignore_b, block, NULL, side, ALL_CELLS);
}

/**
 * cp_chess_attacked_from:
 * @from: the cells the attackers may stand on
 *
 * Whether an enemy of @by_enemies_of standing in @from attacks @cell.
 */
gboolean
cp_chess_attacked_from (const CpChessState *st, guint cell, guint by_enemies_of,
                        const CpCellSet *from)
{
  return cp_chess_attacked_full (st, cell, by_enemies_of, CP_NO_CELL, CP_NO_CELL, CP_NO_CELL, from,
                                 side_of_cell (st, cell), ALL_CELLS);
}

gboolean
cp_chess_in_check (const CpChessState *st, guint seat)
{
  guint army = st->army[seat];
  guint king = st->king[army];

  return king != CP_NO_CELL && cp_chess_attacked (st, king, army, CP_NO_CELL, CP_NO_CELL);
}

/* What a piece is worth in an exchange: a king, which is never given,
 * more than all the rest. */
static int
exchange_value (CpPieceKind kind)
{
  return kind == CP_PIECE_KING ? 20000 : cp_piece_kind_value (kind);
}

/* The cell of the least valuable enemy of @seat that attacks @cell, with
 * the pieces of @gone taken off; CP_NO_CELL if none. */
static guint
least_attacker (const CpChessState *st, guint cell, guint seat, const CpCellSet *gone)
{
  const guint8 *nb = neighbours (st);
  const CpPiece *cells = st->base.cells;
  const guint8 *targets;
  guint n, best = CP_NO_CELL;
  int least = G_MAXINT;

  targets = cp_board_knight_targets (st->base.board, cell, &n);
  for (guint i = 0; i < n; i++)
    {
      const CpPiece *p = &cells[targets[i]];

      if (p->kind == CP_PIECE_KNIGHT && is_attacker (st, seat, p) && !cp_cell_set_contains (gone, targets[i]))
        {
          best = targets[i];
          least = exchange_value (CP_PIECE_KNIGHT);
          break;
        }
    }
  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      guint c = cell;
      gboolean adjacent = TRUE;

      while ((c = nb[c * CP_N_DIRS + d]) != CP_NO_CELL)
        {
          const CpPiece *p = &cells[c];

          if (p->kind == CP_PIECE_NONE || cp_cell_set_contains (gone, c))
            {
              adjacent = FALSE;
              continue;
            }
          if (is_attacker (st, seat, p) && attacks_along (st, p, d, adjacent)
              && exchange_value (p->kind) < least)
            {
              best = c;
              least = exchange_value (p->kind);
            }
          break;
        }
    }
  return best;
}

/**
 * cp_chess_exchange:
 * @action: a capture of a game of two on a board without a mirror or
 *   extra steps
 *
 * What @action wins, in hundredths of a pawn, once both sides have taken
 * back on its cell, each with its least valuable piece, for as long as
 * that pays (a static exchange evaluation): negative for a capture that
 * loses material.  Pins are not looked at.
 */
int
cp_chess_exchange (const CpChessState *st, const CpAction *action)
{
  const CpPiece *cells = st->base.cells;
  guint from = action->cells[0], to = action->cells[action->n_cells - 1];
  guint taken = (action->flags & CP_ACTION_FLAG_EN_PASSANT) ? st->ep_pawn : to;
  guint side = cells[from].seat;   /* whose enemies take back next */
  int gain[32], d = 0, standing;
  CpCellSet gone = { { 0 } };

  gain[0] = exchange_value (cells[taken].kind);
  standing = exchange_value (cells[from].kind);
  if (action->piece != CP_PIECE_NONE)
    {
      gain[0] += exchange_value (action->piece) - exchange_value (CP_PIECE_PAWN);
      standing = exchange_value (action->piece);
    }
  cp_cell_set_add (&gone, from);
  cp_cell_set_add (&gone, taken);
  for (;;)
    {
      guint next;

      d++;
      /* If the piece that took is taken in turn. */
      gain[d] = standing - gain[d - 1];
      if (d + 1 >= (int) G_N_ELEMENTS (gain))
        break;
      next = least_attacker (st, to, side, &gone);
      if (next == CP_NO_CELL)
        break;
      standing = exchange_value (cells[next].kind);
      cp_cell_set_add (&gone, next);
      side = side == cells[from].seat ? cells[taken].seat : cells[from].seat;
    }
  while (--d > 0)
    gain[d - 1] = -MAX (-gain[d - 1], gain[d]);
  return gain[0];
}
