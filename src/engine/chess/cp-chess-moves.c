/* cp-chess-moves.c: the legal moves of chess-like games
 *
 * Moves are generated on any board geometry from the board's neighbour
 * table (holes, barriers and blocked vertices included) and its knight
 * targets.  Generation is fully legal: pins and checks are found by
 * looking outwards from the king, so counting moves needs no trial moves
 * (en passant, which can uncover a line in two places, is the exception,
 * and so are the extra steps of cp-chess-extra-steps-safety.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-chess-private.h"

/* What restricts the moves of a seat: the checks on its king and the pins
 * of its pieces against it. */
typedef struct {
  guint n_checkers;
  CpCellSet evasions;   /* with one checker: capture it or block */
  guint n_pins;
  guint8 pinned[8];
  CpCellSet pin_lines[8];
} Restrictions;

/* Which moves a generation gives: all of them, only the captures and
 * promotions (a quiescence search's moves), or those of the first piece
 * that has any (whether there are any). */
typedef enum {
  GENERATE_ALL,
  GENERATE_TACTICAL,
  GENERATE_ANY,
} Generate;

static void
find_restrictions (const CpChessState *st, guint seat, Restrictions *r)
{
  const guint8 *nb = neighbours (st);
  const CpPiece *cells = st->base.cells;
  guint king = st->king[seat], side;
  const guint8 *targets;
  guint n;

  r->n_checkers = 0;
  r->n_pins = 0;
  memset (&r->evasions, 0, sizeof r->evasions);
  if (king == CP_NO_CELL || !(st->features & CP_CHESS_CHECK))
    return;
  side = side_of_cell (st, king);

  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      CpCellSet line = { { 0 } };
      guint c = king, own = CP_NO_CELL;
      gboolean adjacent = TRUE;

      while ((c = nb[c * CP_N_DIRS + d]) != CP_NO_CELL)
        {
          const CpPiece *p = &cells[c];

          cp_cell_set_add (&line, c);
          if (!present (st, p, side))
            {
              adjacent = FALSE;
              continue;
            }
          if (p->seat == seat && own == CP_NO_CELL)
            {
              own = c;
              adjacent = FALSE;
              continue;
            }
          if (is_attacker (st, seat, p) && attacks_along (st, p, d, adjacent))
            {
              if (own == CP_NO_CELL)
                {
                  r->n_checkers++;
                  for (guint i = 0; i < G_N_ELEMENTS (line.bits); i++)
                    r->evasions.bits[i] |= line.bits[i];
                }
              else
                {
                  r->pinned[r->n_pins] = (guint8) own;
                  r->pin_lines[r->n_pins++] = line;
                }
            }
          break;
        }
    }

  targets = cp_board_knight_targets (st->base.board, king, &n);
  for (guint i = 0; i < n; i++)
    {
      const CpPiece *p = &cells[targets[i]];

      if (p->kind == CP_PIECE_KNIGHT && side_of (st, p) == side && is_attacker (st, seat, p))
        {
          r->n_checkers++;
          cp_cell_set_add (&r->evasions, targets[i]);
        }
    }
}

/* Whether a piece of @seat on @side of the mirror may take the piece @p:
 * an enemy's, or any piece of a player who is out of the game.  Kings
 * that are still in play are never taken where the rules of check keep
 * them safe. */
static inline gboolean
capturable (const CpChessState *st, guint seat, const CpPiece *p, guint side)
{
  if (!present (st, p, side) || p->seat == seat)
    return FALSE;
  if (st->base.out & BIT (p->seat))
    return TRUE;
  return st->team[seat] != st->team[p->seat]
         && (p->kind != CP_PIECE_KING || !(st->features & CP_CHESS_CHECK));
}

static void
add_move (CpActionList *out, guint seat, guint from, guint to, guint8 flags, guint8 promotion)
{
  CpAction *a = cp_action_list_add (out);

  a->type = CP_ACTION_MOVE;
  a->seat = (guint8) seat;
  a->flags = flags;
  a->piece = promotion;
  a->visible = CP_SEATS_ALL;
  a->n_cells = 2;
  a->cells[0] = (guint8) from;
  a->cells[1] = (guint8) to;
}

static void
add_pawn_move (const CpChessState *st, CpActionList *out, guint seat, guint from, guint to,
               guint8 flags)
{
  if (!cp_cell_set_contains (&st->promotion_zone[seat], to))
    {
      add_move (out, seat, from, to, flags, 0);
      return;
    }
  for (guint kind = CP_PIECE_QUEEN; kind > CP_PIECE_PAWN; kind--)
    if (st->promotions & BIT (kind))
      add_move (out, seat, from, to, flags, (guint8) kind);
}

/* Whether taking en passant from @from leaves the king safe: the move
 * empties two cells of possibly one line and fills a third. */
static gboolean
en_passant_safe (const CpChessState *st, guint seat, guint from, guint side)
{
  guint king = st->king[seat];

  if (king == CP_NO_CELL || !(st->features & CP_CHESS_CHECK) || side_of_cell (st, king) != side)
    return TRUE;
  /* Extra steps are judged with the other moves
   * (cp_chess_keep_safe_moves()), on the cells the capture leaves: the pawn
   * on the cell it takes on stands in their way too. */
  return !cp_chess_attacked_full (st, king, seat, from, st->ep_pawn, st->ep_cell, NULL, side, 0);
}

static void
pawn_moves (const CpChessState *st, guint seat, guint from, const CpCellSet *allowed,
            Generate mode, CpActionList *out)
{
  const guint8 *nb = neighbours (st);
  const CpPiece *cells = st->base.cells;
  guint8 captures = pawn_captures (st, seat);
  guint side = side_of_cell (st, from);

  for (guint i = 0; i < cp_board_get_n_forward (st->base.board, seat); i++)
    {
      CpDir f = cp_board_get_forward (st->base.board, seat, i);
      guint to = nb[from * CP_N_DIRS + f];

      /* A piece beyond the mirror is passed, never landed on. */
      if (to == CP_NO_CELL || present (st, &cells[to], side))
        continue;
      if (cells[to].kind == CP_PIECE_NONE && cp_cell_set_contains (allowed, to)
          && (mode != GENERATE_TACTICAL || cp_cell_set_contains (&st->promotion_zone[seat], to)))
        add_pawn_move (st, out, seat, from, to, 0);
      if ((st->features & CP_CHESS_DOUBLE_STEP) && !(cells[from].flags & CP_PIECE_FLAG_MOVED))
        {
          guint two = nb[to * CP_N_DIRS + f];

          if (two != CP_NO_CELL && cells[two].kind == CP_PIECE_NONE
              && cp_cell_set_contains (allowed, two)
              && (mode != GENERATE_TACTICAL || cp_cell_set_contains (&st->promotion_zone[seat], two)))
            add_pawn_move (st, out, seat, from, two, CP_ACTION_FLAG_DOUBLE);
        }
    }

  for (guint d = 1; d < CP_N_DIRS; d += 2)
    {
      guint to;

      if (!(captures & BIT (d)) || (to = nb[from * CP_N_DIRS + d]) == CP_NO_CELL)
        continue;
      if (capturable (st, seat, &cells[to], side))
        {
          if (cp_cell_set_contains (allowed, to))
            add_pawn_move (st, out, seat, from, to, CP_ACTION_FLAG_CAPTURE);
        }
      else if (to == st->ep_cell && (st->features & CP_CHESS_EN_PASSANT)
               && cells[to].kind == CP_PIECE_NONE
               && capturable (st, seat, &cells[st->ep_pawn], side)
               && en_passant_safe (st, seat, from, side))
        add_move (out, seat, from, to, CP_ACTION_FLAG_CAPTURE | CP_ACTION_FLAG_EN_PASSANT, 0);
    }
}

/* Whether a pawn of the other side than @seat stands next to @cell. */
static gboolean
pawn_beside (const CpChessState *st, guint seat, guint cell)
{
  return (steps_from[cell] & st->seat_cells[1 - seat] & st->kind_cells[CP_PIECE_PAWN]) != 0;
}

static gboolean
between (guint x, guint a, guint b)
{
  return x >= MIN (a, b) && x <= MAX (a, b);
}

static void
castling_moves (const CpChessState *st, guint seat, KingDanger *king_danger_cells, CpActionList *out)
{
  const CpPiece *cells = st->base.cells;
  CpBoard *board = st->base.board;
  guint king = st->king[seat], mirror = side_of_cell (st, king);
  guint y = cp_board_cell_y (board, king), kx = cp_board_cell_x (board, king);

  if ((st->features & CP_CHESS_EXTRA_STEPS) && cells[king].checkers > 0)
    return;
  for (guint side = 0; side < CP_N_CASTLE_SIDES; side++)
    {
      const CpCastleRight *right = &st->castle[seat][side];
      guint kto, rx, rto, lo, hi;
      gboolean ok = TRUE;
      guint64 danger = ALL_CELLS;

      if (right->rook == CP_NO_CELL || cells[right->rook].kind != CP_PIECE_ROOK
          || cells[right->rook].seat != seat || !present (st, &cells[right->rook], mirror)
          || ((st->features & CP_CHESS_EXTRA_STEPS) && cells[right->rook].checkers > 0))
        continue;
      kto = cp_board_cell_x (board, right->king_to);
      rx = cp_board_cell_x (board, right->rook);
      rto = cp_board_cell_x (board, right->rook_to);
      lo = MIN (MIN (kx, kto), MIN (rx, rto));
      hi = MAX (MAX (kx, kto), MAX (rx, rto));

      /* Every cell either piece passes over or lands on must be empty but
       * for the two pieces themselves (beyond the mirror, the cells they
       * land on); then the king may not pass through or land on an
       * attacked cell, where the castling rook no longer shields it. */
      for (guint x = lo; x <= hi && ok; x++)
        {
          guint c = cp_board_cell_at (board, (int) x, (int) y);
          gboolean landing = c == right->king_to || c == right->rook_to;

          if (!between (x, kx, kto) && !between (x, rx, rto))
            continue;
          ok = c != CP_NO_CELL
               && (c == king || c == right->rook
                   || (!present (st, &cells[c], mirror) && !(landing && cells[c].kind != CP_PIECE_NONE)));
        }
      for (guint x = MIN (kx, kto); x <= MAX (kx, kto) && ok && (st->features & CP_CHESS_CHECK); x++)
        {
          guint c = cp_board_cell_at (board, (int) x, (int) y);

          /* A rook in a corner stands on no line beyond it: emptied, it
           * changes no attack, and the king's moves may have answered;
           * unless a pawn of the other side could then step onto it. */
          if (st->masks && (st->features & CP_CHESS_EXTRA_STEPS) && (cell_bit (right->rook) & CORNERS)
              && !pawn_beside (st, seat, right->rook))
            {
              ok = !attacked_without_king (st, c, seat, king, mirror, king_danger_cells);
              continue;
            }
          if (x == MIN (kx, kto) && (st->features & CP_CHESS_EXTRA_STEPS))
            danger = cp_chess_step_danger (st, seat, king, right->rook);
          ok = !cp_chess_attacked_full (st, c, seat, king, right->rook, CP_NO_CELL, NULL, mirror, danger);
        }
      if (ok)
        add_move (out, seat, king, right->rook, CP_ACTION_FLAG_CASTLE, 0);
    }
}

static gboolean
pinned_line (const Restrictions *r, guint cell, const CpCellSet **line)
{
  for (guint i = 0; i < r->n_pins; i++)
    if (r->pinned[i] == cell)
      {
        *line = &r->pin_lines[i];
        return TRUE;
      }
  return FALSE;
}

static void
and_sets (CpCellSet *a, const CpCellSet *b)
{
  for (guint i = 0; i < G_N_ELEMENTS (a->bits); i++)
    a->bits[i] &= b->bits[i];
}

static void
piece_moves (const CpChessState *st, guint seat, guint from, const CpCellSet *allowed,
             Generate mode, CpActionList *out)
{
  const guint8 *nb = neighbours (st);
  const CpPiece *cells = st->base.cells;
  guint kind = cells[from].kind, side = side_of_cell (st, from);

  if (kind == CP_PIECE_KNIGHT)
    {
      guint n;
      const guint8 *targets = cp_board_knight_targets (st->base.board, from, &n);

      for (guint i = 0; i < n; i++)
        {
          guint to = targets[i];

          if ((cells[to].kind == CP_PIECE_NONE && mode != GENERATE_TACTICAL)
              || capturable (st, seat, &cells[to], side))
            if (cp_cell_set_contains (allowed, to))
              add_move (out, seat, from, to,
                        cells[to].kind ? CP_ACTION_FLAG_CAPTURE : 0, 0);
        }
      return;
    }

  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      gboolean slide = (slides[kind] >> d) & 1;
      guint to = from;

      if (!slide && !((steps[kind] >> d) & 1))
        continue;
      while ((to = nb[to * CP_N_DIRS + d]) != CP_NO_CELL)
        {
          if (cells[to].kind != CP_PIECE_NONE && !present (st, &cells[to], side))
            {
              /* Passed through beyond the mirror, never landed on. */
              if (!slide)
                break;
              continue;
            }
          if (cells[to].kind != CP_PIECE_NONE)
            {
              if (capturable (st, seat, &cells[to], side) && cp_cell_set_contains (allowed, to))
                add_move (out, seat, from, to, CP_ACTION_FLAG_CAPTURE, 0);
              break;
            }
          if (mode != GENERATE_TACTICAL && cp_cell_set_contains (allowed, to))
            add_move (out, seat, from, to, 0, 0);
          if (!slide)
            break;
        }
    }
}

static void
king_moves (const CpChessState *st, guint seat, guint from, KingDanger *danger, Generate mode,
            CpActionList *out)
{
  const guint8 *nb = neighbours (st);
  const CpPiece *cells = st->base.cells;
  gboolean safety = (st->features & CP_CHESS_CHECK) != 0;
  guint side = side_of_cell (st, from);

  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      guint to = nb[from * CP_N_DIRS + d];

      if (to == CP_NO_CELL || (cells[to].kind == CP_PIECE_NONE && mode == GENERATE_TACTICAL))
        continue;
      if (cells[to].kind != CP_PIECE_NONE && !capturable (st, seat, &cells[to], side))
        continue;
      if (safety && attacked_without_king (st, to, seat, from, side, danger))
        continue;
      add_move (out, seat, from, to, cells[to].kind ? CP_ACTION_FLAG_CAPTURE : 0, 0);
    }
}

static void
generate (const CpChessState *st, guint player, Generate mode, CpActionList *out)
{
  const CpPiece *cells = st->base.cells;
  guint n_cells = cp_board_get_width (st->base.board) * cp_board_get_height (st->base.board);
  guint seat = st->army[player], first = out->len;
  guint king = st->king[seat];
  guint king_side = king != CP_NO_CELL ? side_of_cell (st, king) : 0;
  gboolean filtered = (st->features & CP_CHESS_EXTRA_STEPS) && (st->features & CP_CHESS_CHECK)
                      && king != CP_NO_CELL;
  KingDanger danger;
  Restrictions r;
  CpCellSet everywhere;

  king_danger_init (&danger);
  find_restrictions (st, seat, &r);
  memset (&everywhere, 0xff, sizeof everywhere);

  for (guint from = 0; from < n_cells; from++)
    {
      const CpPiece *p = &cells[from];
      CpCellSet allowed;
      const CpCellSet *line;

      /* The moves found so far answer whether there are any, unless the
       * extra steps' safety may still take them away. */
      if (mode == GENERATE_ANY && out->len > first && !filtered)
        break;
      if (p->kind == CP_PIECE_NONE || p->seat != seat)
        continue;
      if (from == king && king != CP_NO_CELL && (st->features & CP_CHESS_CHECK))
        {
          king_moves (st, seat, from, &danger, mode, out);
          continue;
        }
      /* Beyond the mirror from its king, a piece is free of checks and pins. */
      if (side_of (st, p) != king_side)
        allowed = everywhere;
      else if (r.n_checkers >= 2)
        continue;
      else
        {
          allowed = r.n_checkers == 1 ? r.evasions : everywhere;
          if (pinned_line (&r, from, &line))
            and_sets (&allowed, line);
        }

      if (p->kind == CP_PIECE_PAWN)
        pawn_moves (st, seat, from, &allowed, mode, out);
      else
        piece_moves (st, seat, from, &allowed, mode, out);
    }

  if ((st->features & CP_CHESS_CASTLING) && king != CP_NO_CELL && r.n_checkers == 0
      && mode != GENERATE_TACTICAL && !(mode == GENERATE_ANY && out->len > first && !filtered))
    castling_moves (st, seat, &danger, out);
  for (guint i = first; i < out->len; i++)
    out->items[i].seat = (guint8) player;
  if (filtered)
    cp_chess_keep_safe_moves (st, player, first, &danger, out);
}

/**
 * cp_chess_legal:
 *
 * Appends the legal moves of @seat to @out.
 */
void
cp_chess_legal (const CpChessState *st, guint player, CpActionList *out)
{
  generate (st, player, GENERATE_ALL, out);
}

/**
 * cp_chess_legal_tactical:
 *
 * Appends the legal captures and promotions of @seat to @out: the moves
 * of cp_chess_legal() that take a piece or promote, in the same order.
 */
void
cp_chess_legal_tactical (const CpChessState *st, guint player, CpActionList *out)
{
  generate (st, player, GENERATE_TACTICAL, out);
}

/**
 * cp_chess_has_legal:
 *
 * Whether @seat has a legal move, found without generating them all.
 */
gboolean
cp_chess_has_legal (const CpChessState *st, guint player)
{
  g_auto (CpActionList) moves = { 0 };

  generate (st, player, GENERATE_ANY, &moves);
  return moves.len > 0;
}
