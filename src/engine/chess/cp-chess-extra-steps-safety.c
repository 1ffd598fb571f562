/* cp-chess-state.c: move generation and the shared rules of chess-like games
 *
 * Moves are generated on any board geometry from the board's neighbour
 * table (holes, barriers and blocked vertices included) and its knight
 * targets.  Generation is fully legal: pins and checks are found by
 * looking outwards from the king, so counting moves needs no trial moves
 * (en passant, which can uncover a line in two places, is the exception).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-chess-state.h"

#define BIT(d) (1u << (d))
#define ORTHOGONAL 0x55
#define DIAGONAL 0xaa

/* Directions a kind slides in, and directions it steps one cell in. */
static const guint8 slides[CP_N_PIECE_KINDS] = {
  [CP_PIECE_BISHOP] = DIAGONAL,
  [CP_PIECE_ROOK] = ORTHOGONAL,
  [CP_PIECE_QUEEN] = 0xff,
};
static const guint8 steps[CP_N_PIECE_KINDS] = {
  [CP_PIECE_KING] = 0xff,
};

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

static inline const guint8 *
neighbours (const CpChessState *st)
{
  return cp_board_get_neighbours (st->base.board);
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

static inline guint8
pawn_captures (const CpChessState *st, guint seat)
{
  return st->pawn_captures[seat];
}

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

/* Whether a piece of @other threatens pieces of @seat: players who are out
 * of the game leave inert pieces behind. */
static inline gboolean
is_attacker (const CpChessState *st, guint seat, const CpPiece *p)
{
  return st->team[seat] != st->team[p->seat] && !(st->base.out & BIT (p->seat));
}

/* The side of the mirror @p stands on: 0, or CP_PIECE_FLAG_MIRROR in a
 * game with CP_CHESS_MIRROR.  Everywhere else every piece is on side 0. */
static inline guint8
side_of (const CpChessState *st, const CpPiece *p)
{
  return (st->features & CP_CHESS_MIRROR) ? (guint8) (p->flags & CP_PIECE_FLAG_MIRROR) : 0;
}

/* Whether a piece stands on @p and on @side of the mirror: pieces on the
 * other side neither block nor can be taken. */
static inline gboolean
present (const CpChessState *st, const CpPiece *p, guint side)
{
  return p->kind != CP_PIECE_NONE && side_of (st, p) == side;
}

static inline gboolean
stacked (const CpPiece *p)
{
  return p->kind != CP_PIECE_NONE && p->checkers > 0;
}

/* Bit @c of a mask of cells (CpChessState.masks), none for CP_NO_CELL. */
static inline guint64
cell_bit (guint c)
{
  return c < 64 ? G_GUINT64_CONSTANT (1) << c : 0;
}

#define ALL_CELLS (~G_GUINT64_CONSTANT (0))

/* Extra steps on a board of 8 by 8 cells without holes or barriers, cell
 * y * 8 + x on bit y * 8 + x of a 64-bit mask. */
#define FILE_A G_GUINT64_CONSTANT (0x0101010101010101)
#define FILE_H (FILE_A << 7)
#define MOST_CHECKERS 62  /* more checkers than a quick test is made for */
#define CORNERS G_GUINT64_CONSTANT (0x8100000000000081)

/* The cells beside those of @b on their rows. */
static inline guint64
beside_cells (guint64 b)
{
  return ((b << 1) & ~FILE_A) | ((b >> 1) & ~FILE_H);
}

/* The cells one row ahead of those of @b for the pawns of @seat, up or
 * down the board (the masks are kept for such pawns only). */
static inline guint64
pawn_ahead (const CpChessState *st, guint seat, guint64 b)
{
  return (pawn_captures (st, seat) & BIT (CP_DIR_NE)) ? b << 8 : b >> 8;
}

/* The cells from each cell of a board of 8 by 8 (CpChessState.masks):
 * beyond it in each direction, a knight's leap away, a step away. */
static guint64 rays[CP_N_DIRS][64], leaps[64], steps_from[64], straight_lines[64], slant_lines[64];
static guint8 steps_apart[64][64];  /* king steps from a cell to another */

static void set_cell (CpChessState *st, guint cell, const CpPiece *p);
static gboolean extra_step_attack (const CpChessState *st, guint cell, guint seat, guint ignore_a,
                                   guint ignore_b, const CpCellSet *from);

/* Whether the piece @p, one or more cells away in direction @d from the
 * cell it looks at (so it looks back in the opposite direction), attacks
 * that cell. */
static inline gboolean
attacks_along (const CpChessState *st, const CpPiece *p, CpDir d, gboolean adjacent)
{
  guint back = BIT (CP_DIR_OPPOSITE (d));

  if (slides[p->kind] & back)
    return TRUE;
  if (!adjacent)
    return FALSE;
  if (steps[p->kind] & back)
    return TRUE;
  return p->kind == CP_PIECE_PAWN && (pawn_captures (st, p->seat) & back);
}

/* Whether an enemy of @seat on @side of the mirror, standing in @from
 * (anywhere if NULL), attacks @cell, with @ignore_a and @ignore_b taken as
 * empty and a friendly piece standing on @block.  With the masks of extra
 * steps, only cells in @danger may be reached by them (step_danger());
 * with no cells in @danger, extra steps are not looked at. */
static gboolean
attacked (const CpChessState *st, guint cell, guint seat, guint ignore_a, guint ignore_b,
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
         && extra_step_attack (st, cell, seat, ignore_a, ignore_b, from);
}

static guint64 slide_lines (guint kind, guint from, guint64 occupied);

/* Whether an enemy of @seat attacks @cell with its move, extra steps not
 * looked at, by the masks (which a board with a mirror does not keep):
 * attacked() with no cells in danger. */
static gboolean
attacked_masked (const CpChessState *st, guint cell, guint seat, guint ignore_a, guint ignore_b, guint block)
{
  const guint64 *kind = st->kind_cells;
  guint64 empty = cell_bit (ignore_a) | cell_bit (ignore_b), b = cell_bit (cell);
  guint64 occupied = ((st->seat_cells[0] | st->seat_cells[1]) & ~empty) | cell_bit (block);
  guint64 attackers = st->seat_cells[1 - seat] & ~empty & ~cell_bit (block), sliders;
  /* An enemy pawn takes onto @cell from beside the cell behind it, as the
   * enemy sees it. */
  guint64 behind = (pawn_captures (st, 1 - seat) & BIT (CP_DIR_NE)) ? b >> 8 : b << 8;

  if (st->base.out & BIT (1 - seat))
    return FALSE;
  sliders = ((straight_lines[cell] & (kind[CP_PIECE_ROOK] | kind[CP_PIECE_QUEEN]))
             | (slant_lines[cell] & (kind[CP_PIECE_BISHOP] | kind[CP_PIECE_QUEEN])))
            & attackers;
  return (((leaps[cell] & kind[CP_PIECE_KNIGHT]) | (steps_from[cell] & kind[CP_PIECE_KING])
           | (beside_cells (behind) & kind[CP_PIECE_PAWN]))
          & attackers)
         || (sliders != 0 && (slide_lines (CP_PIECE_QUEEN, cell, occupied) & sliders) != 0);
}

/* The side of the mirror of the piece on @cell, or 0 for an empty cell. */
static inline guint
side_of_cell (const CpChessState *st, guint cell)
{
  return side_of (st, &st->base.cells[cell]);
}

/* Extra steps (CP_CHESS_EXTRA_STEPS): a piece with checkers under it may
 * follow its move with king steps, one checker spent on each, and goes on
 * with the checkers of what it takes. */

/* The piece on @c for a move looked at, with @ignore_a and @ignore_b
 * taken as empty; @read, if not NULL, notes the cells looked at. */
static inline const CpPiece *
seen_at (const CpChessState *st, guint c, guint ignore_a, guint ignore_b, CpCellSet *read)
{
  static const CpPiece empty = { 0 };

  if (read != NULL)
    cp_cell_set_add (read, c);
  return c == ignore_a || c == ignore_b ? &empty : &st->base.cells[c];
}

/* Whether a piece of @seat may end a move on @q: empty, or an enemy's. */
static inline gboolean
open_to (const CpChessState *st, guint seat, const CpPiece *q)
{
  return q->kind == CP_PIECE_NONE || st->team[seat] != st->team[q->seat];
}

static void
init_rays (void)
{
  static gsize done = 0;
  static const int dx[CP_N_DIRS] = { 0, 1, 1, 1, 0, -1, -1, -1 };
  static const int dy[CP_N_DIRS] = { 1, 1, 0, -1, -1, -1, 0, 1 };
  static const int kx[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };
  static const int ky[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };

  if (!g_once_init_enter (&done))
    return;
  for (int c = 0; c < 64; c++)
    {
      for (guint d = 0; d < CP_N_DIRS; d++)
        for (int x = c % 8 + dx[d], y = c / 8 + dy[d]; x >= 0 && x < 8 && y >= 0 && y < 8;
             x += dx[d], y += dy[d])
          {
            rays[d][c] |= G_GUINT64_CONSTANT (1) << (y * 8 + x);
            if (x == c % 8 + dx[d] && y == c / 8 + dy[d])
              steps_from[c] |= G_GUINT64_CONSTANT (1) << (y * 8 + x);
          }
      for (guint i = 0; i < 8; i++)
        {
          int x = c % 8 + kx[i], y = c / 8 + ky[i];

          if (x >= 0 && x < 8 && y >= 0 && y < 8)
            leaps[c] |= G_GUINT64_CONSTANT (1) << (y * 8 + x);
        }
      for (int b = 0; b < 64; b++)
        steps_apart[c][b] = (guint8) MAX (ABS (b % 8 - c % 8), ABS (b / 8 - c / 8));
      straight_lines[c] = rays[CP_DIR_N][c] | rays[CP_DIR_E][c] | rays[CP_DIR_S][c] | rays[CP_DIR_W][c];
      slant_lines[c] = rays[CP_DIR_NE][c] | rays[CP_DIR_SE][c] | rays[CP_DIR_SW][c] | rays[CP_DIR_NW][c];
    }
  g_once_init_leave (&done, 1);
}

/* The cells of the ray in direction @d from @from up to the first piece
 * on @occupied, that piece's cell included.  The directions N, NE, E and
 * NW go up the cells, the others down; a ray from the last cell up or
 * the first down is empty, so a ray without a piece is cut there. */
static inline guint64
ray_up (guint d, guint from, guint64 occupied)
{
  guint64 ray = rays[d][from];

  return ray ^ rays[d][cp_bits_lowest ((ray & occupied) | cell_bit (63))];
}

static inline guint64
ray_down (guint d, guint from, guint64 occupied)
{
  guint64 ray = rays[d][from];

  return ray ^ rays[d][cp_bits_highest ((ray & occupied) | cell_bit (0))];
}

/* The cells a piece of @kind on @from slides over, with pieces on
 * @occupied: each line up to the first piece on it, that piece's cell
 * included. */
static guint64
slide_lines (guint kind, guint from, guint64 occupied)
{
  guint64 lines = 0;

  if (slides[kind] & ORTHOGONAL)
    lines |= ray_up (CP_DIR_N, from, occupied) | ray_up (CP_DIR_E, from, occupied)
             | ray_down (CP_DIR_S, from, occupied) | ray_down (CP_DIR_W, from, occupied);
  if (slides[kind] & DIAGONAL)
    lines |= ray_up (CP_DIR_NE, from, occupied) | ray_up (CP_DIR_NW, from, occupied)
             | ray_down (CP_DIR_SE, from, occupied) | ray_down (CP_DIR_SW, from, occupied);
  return lines;
}

/* regular_reach() of a knight, a king or a sliding piece, with the masks. */
static void
masked_reach (const CpChessState *st, guint from, guint ignore_a, guint ignore_b, CpCellSet *reach,
              CpCellSet *read)
{
  const CpPiece *p = &st->base.cells[from];
  guint64 empty = cell_bit (ignore_a) | cell_bit (ignore_b);
  guint64 own = st->seat_cells[p->seat] & ~empty, taken = st->seat_cells[1 - p->seat] & ~empty;
  guint64 to = 0, seen = 0;

  if (p->kind == CP_PIECE_KNIGHT || p->kind == CP_PIECE_KING)
    {
      seen = p->kind == CP_PIECE_KNIGHT ? leaps[from] : steps_from[from];
      to = seen & ~own;
    }
  else
    {
      seen = slide_lines (p->kind, from, own | taken);
      to = seen & ~own;
    }
  memset (reach, 0, sizeof *reach);
  reach->bits[0] = to;
  if (read != NULL)
    read->bits[0] |= seen;
}

/* The cells regular_reach() finds for the piece on @from, with the masks,
 * once the other side has moved: the pieces of its own side on @own,
 * those of the other on @others, and en passant taking on @ep_cell. */
static guint64
reach_after (const CpChessState *st, guint from, guint64 own, guint64 others, guint ep_cell)
{
  const CpPiece *p = &st->base.cells[from];
  guint64 to = 0;

  if (p->kind == CP_PIECE_KNIGHT || p->kind == CP_PIECE_KING)
    to = (p->kind == CP_PIECE_KNIGHT ? leaps[from] : steps_from[from]) & ~own;
  else if (p->kind == CP_PIECE_PAWN)
    {
      guint64 b = cell_bit (from), empty = ~(own | others), one = pawn_ahead (st, p->seat, b) & empty;

      to = one | (pawn_ahead (st, p->seat, beside_cells (b)) & (others | cell_bit (ep_cell)));
      if ((st->features & CP_CHESS_DOUBLE_STEP) && !(p->flags & CP_PIECE_FLAG_MOVED))
        to |= pawn_ahead (st, p->seat, one) & empty;
    }
  else
    to = slide_lines (p->kind, from, own | others) & ~own;
  return to;
}

/* The cell where the piece @p may take en passant, or CP_NO_CELL: only a
 * pawn of an enemy of the pawn that passed it may. */
static inline guint
en_passant_for (const CpChessState *st, const CpPiece *p)
{
  if (p->kind != CP_PIECE_PAWN || st->ep_cell == CP_NO_CELL || st->ep_pawn == CP_NO_CELL
      || !(st->features & CP_CHESS_EN_PASSANT)
      || st->team[st->base.cells[st->ep_pawn].seat] == st->team[p->seat])
    return CP_NO_CELL;
  return st->ep_cell;
}

/* The cells the piece on @from could end its move on, taking or not,
 * whatever it would leave its own king in: where its extra steps begin. */
static void
regular_reach (const CpChessState *st, guint from, guint ignore_a, guint ignore_b, CpCellSet *reach,
               CpCellSet *read)
{
  const guint8 *nb = neighbours (st);
  const CpPiece *p = &st->base.cells[from];
  guint seat = p->seat;

  if (st->masks && (p->kind == CP_PIECE_KNIGHT || p->kind == CP_PIECE_KING || slides[p->kind] != 0))
    {
      masked_reach (st, from, ignore_a, ignore_b, reach, read);
      return;
    }
  memset (reach, 0, sizeof *reach);
  if (p->kind == CP_PIECE_KNIGHT)
    {
      guint n;
      const guint8 *targets = cp_board_knight_targets (st->base.board, from, &n);

      for (guint i = 0; i < n; i++)
        if (open_to (st, seat, seen_at (st, targets[i], ignore_a, ignore_b, read)))
          cp_cell_set_add (reach, targets[i]);
      return;
    }
  if (p->kind == CP_PIECE_PAWN)
    {
      for (guint i = 0; i < cp_board_get_n_forward (st->base.board, seat); i++)
        {
          CpDir f = cp_board_get_forward (st->base.board, seat, i);
          guint to = nb[from * CP_N_DIRS + f];

          if (to == CP_NO_CELL || seen_at (st, to, ignore_a, ignore_b, read)->kind != CP_PIECE_NONE)
            continue;
          cp_cell_set_add (reach, to);
          to = nb[to * CP_N_DIRS + f];
          if ((st->features & CP_CHESS_DOUBLE_STEP) && !(p->flags & CP_PIECE_FLAG_MOVED)
              && to != CP_NO_CELL && seen_at (st, to, ignore_a, ignore_b, read)->kind == CP_PIECE_NONE)
            cp_cell_set_add (reach, to);
        }
      for (guint d = 1; d < CP_N_DIRS; d += 2)
        {
          guint to = nb[from * CP_N_DIRS + d];
          const CpPiece *q;

          if (to == CP_NO_CELL || !(pawn_captures (st, seat) & BIT (d)))
            continue;
          q = seen_at (st, to, ignore_a, ignore_b, read);
          if ((q->kind != CP_PIECE_NONE && open_to (st, seat, q)) || to == en_passant_for (st, p))
            cp_cell_set_add (reach, to);
        }
      return;
    }
  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      gboolean slide = (slides[p->kind] >> d) & 1;
      guint to = from;

      if (!slide && !((steps[p->kind] >> d) & 1))
        continue;
      while ((to = nb[to * CP_N_DIRS + d]) != CP_NO_CELL)
        {
          const CpPiece *q = seen_at (st, to, ignore_a, ignore_b, read);

          if (open_to (st, seat, q))
            cp_cell_set_add (reach, to);
          if (q->kind != CP_PIECE_NONE || !slide)
            break;
        }
    }
}


/* The cells next to a cell of @b. */
static inline guint64
king_neighbours (guint64 b)
{
  guint64 beside = beside_cells (b), row = b | beside;

  return beside | (row << 8) | (row >> 8);
}

/* What the king steps of the piece on a cell meet on the way to a cell:
 * the cells they may land on (the cell aimed at aside), and those where
 * they take checkers. */
typedef struct {
  guint64 pass;
  guint n_gainers, gains;
  guint8 gainer[64], gain[64];
} StepField;

/* spare[k] for k up to @most: the cells where walks of king steps that
 * begin on the cells of @starts[v] but @aside, holding v checkers (v from
 * 1 to @most), may come with k checkers or more left, a checker spent on
 * each step. */
static void
spare_cells (const guint64 *starts, guint most, guint64 aside, guint64 *spare)
{
  spare[most] = starts[most] & ~aside;
  for (guint k = most; k-- > 1;)
    spare[k] = (starts[k] & ~aside) | spare[k + 1] | king_neighbours (spare[k + 1]);
  spare[0] = spare[1] | king_neighbours (spare[1]);
}

/* The most checkers spare_cells() leaves a walk on @c, or -1 where none
 * comes. */
static int
spare_on (const guint64 *spare, guint most, guint c)
{
  for (int k = (int) most; k >= 0; k--)
    if ((spare[k] >> c) & 1)
      return k;
  return -1;
}

/* Whether walks of king steps that begin on the cells of @starts[v]
 * with v checkers (v up to @most, less than 8) might come onto @target,
 * by distances alone: a walk holding v checkers goes v steps at most,
 * and from one of the @n cells of @gainer on with what it held there
 * plus the @gain, each taken once.  Walls and the order of the steps are
 * not looked at, so FALSE is sure, TRUE is not. */
static gboolean
starts_near (const guint64 *starts, guint most, guint target, const guint8 *gainer, const guint8 *gain, guint n)
{
  int fuel[64];  /* the most checkers a walk may hold on each gainer, its own taken */
  guint64 spare[8], gainers = 0;
  gboolean raised = TRUE;

  if (most == 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    gainers |= cell_bit (gainer[i]);
  /* Walks that begin on a gainer, having taken it, go on from there. */
  spare_cells (starts, most, gainers, spare);
  if ((spare[0] >> target) & 1)
    return TRUE;
  for (guint i = 0; i < n; i++)
    {
      int left = spare_on (spare, most, gainer[i]);

      fuel[i] = left < 0 ? -1 : left + gain[i];
      for (guint v = most; v > 0; v--)
        if ((starts[v] >> gainer[i]) & 1)
          {
            fuel[i] = MAX (fuel[i], (int) v);
            break;
          }
    }
  /* From gainer to gainer: n rounds reach every order of them, and a
   * round that raises nothing ends them. */
  for (guint round = 0; round <= n && raised; round++)
    {
      raised = FALSE;
      for (guint i = 0; i < n; i++)
        {
          if (fuel[i] < 1)
            continue;
          if (steps_apart[gainer[i]][target] <= fuel[i])
            return TRUE;
          for (guint k = 0; k < n; k++)
            if (k != i && steps_apart[gainer[i]][gainer[k]] <= fuel[i]
                && fuel[i] - steps_apart[gainer[i]][gainer[k]] + gain[k] > fuel[k])
              {
                fuel[k] = fuel[i] - steps_apart[gainer[i]][gainer[k]] + gain[k];
                raised = TRUE;
              }
        }
    }
  return FALSE;
}

static void
step_field (const CpChessState *st, guint from, guint cell, guint ignore_a, guint ignore_b,
            StepField *f)
{
  guint64 empty = G_GUINT64_CONSTANT (1) << from, gainers;

  /* Cells taken as empty; then those a step may land on: empty, or with
   * a piece of the other side but its king. */
  if (ignore_a < 64)
    empty |= G_GUINT64_CONSTANT (1) << ignore_a;
  if (ignore_b < 64)
    empty |= G_GUINT64_CONSTANT (1) << ignore_b;
  f->pass = ~st->seat_cells[st->base.cells[from].seat] | empty;
  for (guint s = 0; s < 2; s++)
    if (st->king[s] < 64)
      f->pass &= ~(G_GUINT64_CONSTANT (1) << st->king[s]) | empty;
  f->pass &= ~cell_bit (cell);
  f->n_gainers = f->gains = 0;
  for (gainers = st->stacked_cells & f->pass & ~empty; gainers != 0; gainers &= gainers - 1)
    {
      guint c = cp_bits_lowest (gainers);

      f->gainer[f->n_gainers] = (guint8) c;
      f->gain[f->n_gainers++] = st->base.cells[c].checkers;
      f->gains += st->base.cells[c].checkers;
    }
}

/* The checkers the piece on @from holds on @c, a cell its move ends on. */
static inline guint
start_checkers (const CpChessState *st, guint from, guint c, guint ignore_a, guint ignore_b)
{
  const CpPiece *p = &st->base.cells[from];
  guint v = p->checkers + seen_at (st, c, ignore_a, ignore_b, NULL)->checkers;

  if (c == en_passant_for (st, p))
    v += st->base.cells[st->ep_pawn].checkers;
  return v;
}

/* The walks of king steps of the piece on @from after its move (ending
 * on the cells of @reach), @ignore_a and @ignore_b taken as empty and
 * @cell, if not CP_NO_CELL, where they stop: every line of steps that
 * reaches_by_steps() follows holds on each cell at most as many checkers
 * as the richest walk to that cell may hold, a piece taken on the way
 * counted each time the walk comes onto its cell.  Returns the cells the
 * walks come onto with at least one checker, whence they may step on, or
 * every cell when there are too many checkers to follow. */
static guint64
step_walks (const CpChessState *st, guint from, guint cell, guint ignore_a, guint ignore_b,
            const CpCellSet *reach)
{
  guint64 within[MOST_CHECKERS + 2], starts = reach->bits[0] & ~cell_bit (cell);
  guint64 stacks = st->stacked_cells & ~(cell_bit (ignore_a) | cell_bit (ignore_b));
  guint64 special = starts & (stacks | cell_bit (en_passant_for (st, &st->base.cells[from])));
  guint64 plain = st->base.cells[from].checkers > 0 ? starts & ~special : 0;
  guint8 start[64], value[64];
  guint n_starts = 0, most = plain != 0 ? st->base.cells[from].checkers : 0;
  StepField f;

  /* The cells where the move ends with the piece's own checkers, and
   * those where it takes more. */
  for (guint64 b = special; b != 0; b &= b - 1)
    {
      guint c = cp_bits_lowest (b);
      guint v = start_checkers (st, from, c, ignore_a, ignore_b);

      start[n_starts] = (guint8) c;
      value[n_starts++] = (guint8) MIN (v, MOST_CHECKERS + 1);
      most = MAX (most, v);
    }
  if (most == 0)
    return 0;
  step_field (st, from, cell, ignore_a, ignore_b, &f);
  most += f.gains;
  if (most > MOST_CHECKERS)
    return ~G_GUINT64_CONSTANT (0);
  memset (within, 0, (most + 2) * sizeof within[0]);
  for (guint v = 1; v <= st->base.cells[from].checkers && plain != 0; v++)
    within[v] = plain;
  for (guint i = 0; i < n_starts; i++)
    for (guint v = 1; v <= value[i]; v++)
      within[v] |= G_GUINT64_CONSTANT (1) << start[i];

  /* Each cell holding v + 1 checkers steps on with v, in one sweep down.
   * A walk stepping onto a piece with g checkers from a cell holding u
   * goes on with u - 1 + g, so such a piece may send it higher up: after
   * each sweep, every piece is raised to the highest level a walk next to
   * it brings it, and the levels below swept again, till none rises. */
  for (guint level = most; ; )
    {
      guint raised = 0;

      for (guint v = level; v >= 1; v--)
        within[v] |= within[v + 1] | (king_neighbours (within[v + 1]) & f.pass);
      for (guint i = 0; i < f.n_gainers; i++)
        {
          guint64 next_to = steps_from[f.gainer[i]];
          guint u = most, top;

          while (u >= 1 && !(within[u] & next_to))
            u--;
          if (u == 0)
            continue;
          top = MIN (u - 1 + f.gain[i], most);
          if ((within[top] >> f.gainer[i]) & 1)
            continue;
          for (guint v = 1; v <= top; v++)
            within[v] |= cell_bit (f.gainer[i]);
          raised = MAX (raised, top);
        }
      if (raised == 0)
        return within[1];
      level = raised - 1;
    }
}

/* Whether reaches_by_steps() might find @cell, by step_walks(): FALSE
 * only where it finds it not.  Where it answers FALSE, the cells it
 * looked at are added to @read. */
static gboolean
may_reach_by_steps (const CpChessState *st, guint from, guint cell, guint ignore_a, guint ignore_b,
                    const CpCellSet *reach, CpCellSet *read)
{
  guint64 walks = step_walks (st, from, cell, ignore_a, ignore_b, reach);

  if (king_neighbours (walks) & cell_bit (cell))
    return TRUE;
  if (read != NULL)
    {
      read->bits[0] |= walks | king_neighbours (walks) | cell_bit (from);
      if (st->base.cells[from].kind == CP_PIECE_PAWN)
        cp_cell_set_add (read, st->ep_pawn < 64 ? st->ep_pawn : from);
    }
  return FALSE;
}

/* A walk of extra steps under way: where it stands, the checkers it
 * holds, and which pieces with checkers it has taken (each bit a piece
 * of Walker.gainers). */
typedef struct {
  guint8 cell, left;
  guint64 taken;
} WalkState;

#define WALK_STATES 2048

typedef struct {
  const CpChessState *st;
  guint from, cell, ignore_a, ignore_b, gains, width;
  CpCellSet *read;
  guint8 gainer_of[CP_MAX_CELLS];  /* the bit of a piece with checkers on a cell, or 0xff */
  guint n_gainers;
  /* The states met so far on each cell, linked through next[]. */
  gint16 first[CP_MAX_CELLS];
  gint16 next[WALK_STATES];
  WalkState met[WALK_STATES];
  guint n_met;
} Walker;

/* Whether the walk may go on from @to with @left checkers: not too far
 * from the cell aimed at for all the checkers it may still get. */
static inline gboolean
walker_near (const Walker *w, guint to, guint left)
{
  guint dx, dy;

  if (w->st->masks)
    return steps_apart[to][w->cell] <= left + w->gains;
  dx = (guint) ABS ((int) (to % w->width) - (int) (w->cell % w->width));
  dy = (guint) ABS ((int) (to / w->width) - (int) (w->cell / w->width));
  return MAX (dx, dy) <= left + w->gains;
}

/* Notes the walk @s; FALSE if a walk met before on its cell holds as
 * many checkers or more, having taken no more pieces: @s finds nothing
 * that one did not. */
static gboolean
walker_note (Walker *w, const WalkState *s)
{
  for (gint16 i = w->first[s->cell]; i >= 0; i = w->next[i])
    if (w->met[i].left >= s->left && (w->met[i].taken & ~s->taken) == 0)
      return FALSE;
  if (w->n_met < WALK_STATES)
    {
      w->met[w->n_met] = *s;
      w->next[w->n_met] = w->first[s->cell];
      w->first[s->cell] = (gint16) w->n_met++;
    }
  return TRUE;
}

/* Whether a walk from @s reaches the cell aimed at: every way is tried,
 * but ways no better than one tried before. */
static gboolean
walker_go (Walker *w, const WalkState *s)
{
  const guint8 *nb = neighbours (w->st);
  const CpPiece *p = &w->st->base.cells[w->from];

  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      guint to = nb[s->cell * CP_N_DIRS + d];
      const CpPiece *q;
      WalkState n;

      if (to == w->cell)
        return TRUE;
      if (to == CP_NO_CELL)
        continue;
      q = seen_at (w->st, to, w->ignore_a, w->ignore_b, w->read);
      n = (WalkState) { (guint8) to, (guint8) (s->left - 1), s->taken };
      if (q->kind != CP_PIECE_NONE && to != w->from)
        {
          if (w->st->team[p->seat] == w->st->team[q->seat] || q->kind == CP_PIECE_KING)
            continue;
          if (w->gainer_of[to] != 0xff && !((s->taken >> w->gainer_of[to]) & 1))
            {
              n.left = (guint8) MIN (n.left + q->checkers, G_MAXUINT8);
              n.taken |= G_GUINT64_CONSTANT (1) << w->gainer_of[to];
            }
        }
      if (n.left >= 1 && walker_near (w, to, n.left) && walker_note (w, &n) && walker_go (w, &n))
        return TRUE;
    }
  return FALSE;
}

/* Whether the piece on @from reaches @cell with its move and then its
 * extra steps, @ignore_a and @ignore_b taken as empty.  Every walk is
 * tried, each piece with checkers taken once, but those that stand
 * where another stood with as many checkers or more, having taken no
 * more pieces.  @gains bounds the checkers the walks may take on the
 * way; with @quick, may_reach_by_steps() is asked first. */
static gboolean
search_steps (const CpChessState *st, guint from, guint cell, guint ignore_a, guint ignore_b,
              guint gains, gboolean quick, CpCellSet *read)
{
  const CpPiece *cells = st->base.cells, *p = &cells[from];
  guint n_cells = cp_board_get_width (st->base.board) * cp_board_get_height (st->base.board);
  Walker *w = g_newa (Walker, 1);
  CpCellSet reach;

  regular_reach (st, from, ignore_a, ignore_b, &reach, read);
  if (quick && !may_reach_by_steps (st, from, cell, ignore_a, ignore_b, &reach, read))
    return FALSE;
  w->st = st;
  w->from = from;
  w->cell = cell;
  w->ignore_a = ignore_a;
  w->ignore_b = ignore_b;
  w->gains = gains;
  w->width = cp_board_get_width (st->base.board);
  w->read = read;
  w->n_gainers = w->n_met = 0;
  memset (w->first, 0xff, n_cells * sizeof w->first[0]);
  memset (w->gainer_of, 0xff, n_cells);
  /* The pieces with checkers that the walks may take, 64 at most (a
   * board holds fewer). */
  if (st->masks)
    for (guint64 m = st->stacked_cells & st->seat_cells[1 - p->seat]
                     & ~(cell_bit (from) | cell_bit (ignore_a) | cell_bit (ignore_b));
         m != 0; m &= m - 1)
      w->gainer_of[cp_bits_lowest (m)] = (guint8) w->n_gainers++;
  else
    for (guint c = 0; c < n_cells; c++)
      {
        const CpPiece *q = &cells[c];

        if (stacked (q) && c != from && c != ignore_a && c != ignore_b && w->n_gainers < 64
            && st->team[q->seat] != st->team[p->seat])
          w->gainer_of[c] = (guint8) w->n_gainers++;
      }
  for (guint c = cp_cell_set_next (&reach, 0); c != CP_NO_CELL; c = cp_cell_set_next (&reach, c + 1))
    {
      guint left = p->checkers + seen_at (st, c, ignore_a, ignore_b, read)->checkers;
      WalkState s = { (guint8) c, 0, 0 };

      if (c == cell)
        continue;
      if (w->gainer_of[c] != 0xff)
        s.taken |= G_GUINT64_CONSTANT (1) << w->gainer_of[c];
      /* A pawn taking en passant gets the checkers of the pawn it takes. */
      if (c == en_passant_for (st, p) && st->ep_pawn < n_cells)
        {
          left += seen_at (st, st->ep_pawn, CP_NO_CELL, CP_NO_CELL, read)->checkers;
          if (w->gainer_of[st->ep_pawn] != 0xff)
            s.taken |= G_GUINT64_CONSTANT (1) << w->gainer_of[st->ep_pawn];
        }
      s.left = (guint8) MIN (left, G_MAXUINT8);
      if (s.left >= 1 && walker_near (w, c, s.left) && walker_note (w, &s) && walker_go (w, &s))
        return TRUE;
    }
  return FALSE;
}

/* search_steps(), quick with the masks. */
static gboolean
reaches_by_steps (const CpChessState *st, guint from, guint cell, guint ignore_a, guint ignore_b,
                  guint gains, CpCellSet *read)
{
  return search_steps (st, from, cell, ignore_a, ignore_b, gains, st->masks, read);
}

/* Whether the piece on @from might take on @target with its move, by
 * the lines alone: a quick test before looking further. */
static gboolean
might_take (const CpChessState *st, guint width, guint from, guint target)
{
  const CpPiece *p = &st->base.cells[from];
  int dx = ABS ((int) (target % width) - (int) (from % width));
  int dy = ABS ((int) (target / width) - (int) (from / width));

  switch (p->kind)
    {
    case CP_PIECE_KNIGHT:
      return (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
    case CP_PIECE_PAWN:
      return dx == 1 && dy <= 1;  /* en passant takes beside */
    case CP_PIECE_KING:
      return MAX (dx, dy) == 1;
    default:
      return ((slides[p->kind] & ORTHOGONAL) && (dx == 0 || dy == 0))
             || ((slides[p->kind] & DIAGONAL) && dx == dy);
    }
}

/* Pieces by what they might take with their move (might_take()): the
 * knights by leaps, the kings by steps, the pawns beside them (en
 * passant takes beside) and the others along ranks and files or
 * diagonals; and those with checkers. */
typedef struct {
  guint64 stacked, knights, kings, pawns, straight, slant;
} Attackers;

static void
sort_attackers (const CpChessState *st, guint64 attackers, Attackers *a)
{
  const guint64 *kind = st->kind_cells;

  a->stacked = attackers & st->stacked_cells;
  a->knights = attackers & kind[CP_PIECE_KNIGHT];
  a->kings = attackers & kind[CP_PIECE_KING];
  a->pawns = attackers & kind[CP_PIECE_PAWN];
  a->straight = attackers & (kind[CP_PIECE_ROOK] | kind[CP_PIECE_QUEEN]);
  a->slant = attackers & (kind[CP_PIECE_BISHOP] | kind[CP_PIECE_QUEEN]);
}

/* The pieces of @a that might take on @c. */
static inline guint64
might_take_on (const Attackers *a, guint c)
{
  return (leaps[c] & a->knights) | (steps_from[c] & a->kings)
         | (steps_from[c] & ~(FILE_A << (c % 8)) & a->pawns) | (straight_lines[c] & a->straight)
         | (slant_lines[c] & a->slant);
}

/* The pieces of @a that may take extra steps against a side with the
 * stacks on @stacks: with checkers, or might_take() one of those stacks. */
static guint64
stepping_attackers (const Attackers *a, guint64 stacks)
{
  guint64 starters = a->stacked;

  for (; stacks != 0; stacks &= stacks - 1)
    starters |= might_take_on (a, cp_bits_lowest (stacks));
  return starters;
}

/* The cells of @mask in @cells, lowest first.  Returns how many. */
static guint
list_cells (guint64 mask, guint8 *cells)
{
  guint n = 0;

  for (; mask != 0; mask &= mask - 1)
    cells[n++] = (guint8) cp_bits_lowest (mask);
  return n;
}

/* The pieces on @attackers that may take extra steps against a side
 * with the stacks on @stacks, as step_starters() finds them.  Returns
 * how many. */
static guint
starters_of_masks (const CpChessState *st, guint64 stacks, guint64 attackers, guint8 *starters)
{
  Attackers a;

  sort_attackers (st, attackers, &a);
  return list_cells (stepping_attackers (&a, stacks), starters);
}

/* step_starters() with the masks of the pieces. */
static guint
masked_step_starters (const CpChessState *st, guint cell, guint seat, guint ignore_a, guint ignore_b,
                      const CpCellSet *from, guint8 *starters, guint *gains)
{
  guint64 aside = cell_bit (cell) | cell_bit (ignore_a) | cell_bit (ignore_b);
  guint64 stacks = st->stacked_cells & st->seat_cells[seat] & ~aside;
  guint64 attackers = st->seat_cells[1 - seat] & ~aside;

  if (from != NULL)
    attackers &= from->bits[0];
  if (st->base.out & BIT (1 - seat))
    attackers = 0;
  for (guint64 m = stacks; m != 0; m &= m - 1)
    *gains += st->base.cells[cp_bits_lowest (m)].checkers;
  return starters_of_masks (st, stacks, attackers, starters);
}

/* The enemies of @seat, standing in @from (anywhere if NULL), that may
 * take extra steps towards @cell after their move: with checkers of their
 * own, or with those of a piece of @seat's side that they take with the
 * move.  Returns how many, and in @gains the checkers they may take over
 * on the way. */
static guint
step_starters (const CpChessState *st, guint cell, guint seat, guint ignore_a, guint ignore_b,
               const CpCellSet *from, guint8 *starters, guint *gains)
{
  guint n_cells = cp_board_get_width (st->base.board) * cp_board_get_height (st->base.board);
  guint width = cp_board_get_width (st->base.board);
  guint n_stacks = 0, n = 0;
  guint8 stacks[CP_MAX_CELLS];

  *gains = 0;
  if (st->stacks == 0)
    return 0;
  if (st->masks)
    return masked_step_starters (st, cell, seat, ignore_a, ignore_b, from, starters, gains);
  for (guint c = 0; c < n_cells; c++)
    {
      const CpPiece *p = &st->base.cells[c];

      if (stacked (p) && !is_attacker (st, seat, p) && c != cell && c != ignore_a && c != ignore_b)
        {
          *gains += p->checkers;
          stacks[n_stacks++] = (guint8) c;
        }
    }
  for (guint c = 0; c < n_cells; c++)
    {
      const CpPiece *p = &st->base.cells[c];
      gboolean starts = p->checkers > 0;

      if (p->kind == CP_PIECE_NONE || c == cell || c == ignore_a || c == ignore_b
          || !is_attacker (st, seat, p) || (from != NULL && !cp_cell_set_contains (from, c)))
        continue;
      for (guint i = 0; i < n_stacks && !starts; i++)
        starts = might_take (st, width, c, stacks[i]);
      if (starts)
        starters[n++] = (guint8) c;
    }
  return n;
}

/* Whether an enemy of @seat standing in @from (anywhere if NULL) reaches
 * @cell with extra steps after its move. */
static gboolean
extra_step_attack (const CpChessState *st, guint cell, guint seat, guint ignore_a, guint ignore_b,
                   const CpCellSet *from)
{
  guint8 starters[CP_MAX_CELLS];
  guint gains, n = step_starters (st, cell, seat, ignore_a, ignore_b, from, starters, &gains);

  for (guint i = 0; i < n; i++)
    if (reaches_by_steps (st, starters[i], cell, ignore_a, ignore_b, gains, NULL))
      return TRUE;
  return FALSE;
}

/* The pieces that may take extra steps against a side, some cells taken
 * as empty (step_starters() with no cell looked at), and where the
 * walks of each might come. */
typedef struct {
  guint n, gains;
  guint8 starters[CP_MAX_CELLS];
  guint64 near[CP_MAX_CELLS];
  guint64 walked[CP_MAX_CELLS];  /* the cells where the walks begin, stand or step */
} StepDangers;

/* Fills in @d for the enemies of @seat, @ignore_a and @ignore_b taken as
 * empty: each piece's step_walks() with no cell where they stop.
 * Returns the cells of them all; on other cells extra_step_attack()
 * finds no attack with those cells empty. */
static guint64
find_step_dangers (const CpChessState *st, guint seat, guint ignore_a, guint ignore_b, StepDangers *d)
{
  guint64 danger = 0;

  d->n = step_starters (st, CP_NO_CELL, seat, ignore_a, ignore_b, NULL, d->starters, &d->gains);
  for (guint i = 0; i < d->n; i++)
    {
      CpCellSet reach;
      guint64 walks;

      regular_reach (st, d->starters[i], ignore_a, ignore_b, &reach, NULL);
      walks = step_walks (st, d->starters[i], CP_NO_CELL, ignore_a, ignore_b, &reach);
      d->near[i] = king_neighbours (walks);
      d->walked[i] = d->near[i] | walks | reach.bits[0];
      danger |= d->near[i];
    }
  return danger;
}

/* The cells where enemies of @seat might come with extra steps, with
 * @ignore_a and @ignore_b taken as empty (find_step_dangers()); every
 * cell without the masks. */
static guint64
step_danger (const CpChessState *st, guint seat, guint ignore_a, guint ignore_b)
{
  StepDangers d;

  return st->masks ? find_step_dangers (st, seat, ignore_a, ignore_b, &d) : ALL_CELLS;
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
  return attacked (st, cell, by_enemies_of, ignore_a, ignore_b, CP_NO_CELL, NULL,
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
  return attacked (st, cell, by_enemies_of, ignore_a, ignore_b, block, NULL, side, ALL_CELLS);
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
  return attacked (st, cell, by_enemies_of, CP_NO_CELL, CP_NO_CELL, CP_NO_CELL, from,
                   side_of_cell (st, cell), ALL_CELLS);
}

gboolean
cp_chess_in_check (const CpChessState *st, guint seat)
{
  guint army = st->army[seat];
  guint king = st->king[army];

  return king != CP_NO_CELL && cp_chess_attacked (st, king, army, CP_NO_CELL, CP_NO_CELL);
}

/* What restricts the moves of a seat: the checks on its king and the pins
 * of its pieces against it. */
typedef struct {
  guint n_checkers;
  CpCellSet evasions;   /* with one checker: capture it or block */
  guint n_pins;
  guint8 pinned[8];
  CpCellSet pin_lines[8];
} Restrictions;

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
  /* Extra steps are judged with the other moves (keep_safe_moves()), on
   * the cells the capture leaves: the pawn on the cell it takes on stands
   * in their way too. */
  return !attacked (st, king, seat, from, st->ep_pawn, st->ep_cell, NULL, side, 0);
}

static void
pawn_moves (const CpChessState *st, guint seat, guint from, const CpCellSet *allowed,
            CpActionList *out)
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
      if (cells[to].kind == CP_PIECE_NONE && cp_cell_set_contains (allowed, to))
        add_pawn_move (st, out, seat, from, to, 0);
      if ((st->features & CP_CHESS_DOUBLE_STEP) && !(cells[from].flags & CP_PIECE_FLAG_MOVED))
        {
          guint two = nb[to * CP_N_DIRS + f];

          if (two != CP_NO_CELL && cells[two].kind == CP_PIECE_NONE
              && cp_cell_set_contains (allowed, two))
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

/* The dangers of extra steps with the king's cell taken as empty,
 * worked out once needed, and the cells attacked_without_king() has
 * answered for. */
typedef struct {
  gboolean known;
  guint64 cells;
  StepDangers steps;
  guint64 asked, attacked;
} KingDanger;

static void
king_danger_init (KingDanger *danger)
{
  danger->known = FALSE;
  danger->asked = danger->attacked = 0;
}

static guint64
king_danger (const CpChessState *st, guint seat, KingDanger *danger)
{
  if (!danger->known)
    danger->cells = find_step_dangers (st, seat, st->king[seat], CP_NO_CELL, &danger->steps);
  danger->known = TRUE;
  return danger->cells;
}

/* attacked_without_king() with the masks of extra steps: their danger
 * looked for only once no other attack is found, by the pieces whose
 * walks might come to @cell, and each cell answered once. */
static gboolean
attacked_by_steps_without_king (const CpChessState *st, guint cell, guint seat, guint king, guint side,
                                KingDanger *danger)
{
  guint64 bit = cell_bit (cell);
  gboolean hit;

  if (danger->asked & bit)
    return (danger->attacked & bit) != 0;
  hit = attacked_masked (st, cell, seat, king, CP_NO_CELL, CP_NO_CELL);
  if (!hit && (bit & king_danger (st, seat, danger)))
    for (guint i = 0; i < danger->steps.n && !hit; i++)
      hit = danger->steps.starters[i] != cell && (danger->steps.near[i] & bit)
            && search_steps (st, danger->steps.starters[i], cell, king, CP_NO_CELL, danger->steps.gains, FALSE, NULL);
  danger->asked |= bit;
  if (hit)
    danger->attacked |= bit;
  return hit;
}

/* Whether an enemy of @seat attacks @cell, the king's cell @king taken as
 * empty. */
static inline gboolean
attacked_without_king (const CpChessState *st, guint cell, guint seat, guint king, guint side,
                       KingDanger *danger)
{
  if (!st->masks || !(st->features & CP_CHESS_EXTRA_STEPS))
    return attacked (st, cell, seat, king, CP_NO_CELL, CP_NO_CELL, NULL, side, ALL_CELLS);
  return attacked_by_steps_without_king (st, cell, seat, king, side, danger);
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
            danger = step_danger (st, seat, king, right->rook);
          ok = !attacked (st, c, seat, king, right->rook, CP_NO_CELL, NULL, mirror, danger);
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
             CpActionList *out)
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

          if (cells[to].kind == CP_PIECE_NONE || capturable (st, seat, &cells[to], side))
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
          if (cp_cell_set_contains (allowed, to))
            add_move (out, seat, from, to, 0, 0);
          if (!slide)
            break;
        }
    }
}

static void
king_moves (const CpChessState *st, guint seat, guint from, KingDanger *danger, CpActionList *out)
{
  const guint8 *nb = neighbours (st);
  const CpPiece *cells = st->base.cells;
  gboolean safety = (st->features & CP_CHESS_CHECK) != 0;
  guint side = side_of_cell (st, from);

  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      guint to = nb[from * CP_N_DIRS + d];

      if (to == CP_NO_CELL)
        continue;
      if (cells[to].kind != CP_PIECE_NONE && !capturable (st, seat, &cells[to], side))
        continue;
      if (safety && attacked_without_king (st, to, seat, from, side, danger))
        continue;
      add_move (out, seat, from, to, cells[to].kind ? CP_ACTION_FLAG_CAPTURE : 0, 0);
    }
}

/* The pieces that could step towards a king, and what each one's search
 * found and looked at. */
typedef struct {
  guint n, gains;
  guint8 cells[CP_MAX_CELLS];
  gboolean reaches[CP_MAX_CELLS];
  CpCellSet read[CP_MAX_CELLS];
  CpCellSet reach[CP_MAX_CELLS];
  CpCellSet looked[CP_MAX_CELLS];  /* the cells the moves of reach[] looked at */
} Steppers;

/* Whether a search that looked at the cells of @read is untouched by a
 * move that changed the cells of @changed, and after which en passant
 * takes on @ep_cell. */
static gboolean
untouched (const CpCellSet *read, const guint changed[4], guint ep_cell)
{
  for (guint c = 0; c < 4; c++)
    if (changed[c] != CP_NO_CELL && cp_cell_set_contains (read, changed[c]))
      return FALSE;
  return ep_cell == CP_NO_CELL || !cp_cell_set_contains (read, ep_cell);
}

/* Whether the move that made @trial from @st leaves the search of
 * reaches_by_steps() for stepper @b as it was: a move that neither takes
 * nor carries checkers leaves a cell the extra steps may land on open to
 * them, with no checkers to take there, or empties it; so the search
 * finds what it found before if the move of the stepper ends on the same
 * cells with the same checkers. */
static gboolean
same_reach (const CpChessState *st, const CpChessState *trial, const Steppers *before, guint b)
{
  guint from = before->cells[b];
  CpCellSet reach;

  regular_reach (trial, from, CP_NO_CELL, CP_NO_CELL, &reach, NULL);
  if (memcmp (&reach, &before->reach[b], sizeof reach) != 0)
    return FALSE;
  /* A pawn taking en passant holds the checkers of the pawn taken too. */
  return st->base.cells[from].kind != CP_PIECE_PAWN
         || ((st->ep_cell == CP_NO_CELL || !cp_cell_set_contains (&reach, st->ep_cell))
             && (trial->ep_cell == CP_NO_CELL || !cp_cell_set_contains (&reach, trial->ep_cell)));
}

typedef enum {
  SAFETY_UNKNOWN,
  SAFETY_SAFE,
  SAFETY_UNSAFE,
} Safety;

/* The cell the double step @a passes, as cp_chess_make() finds it. */
static guint
passed_cell (const CpChessState *st, const CpAction *a)
{
  const guint8 *nb = neighbours (st);
  guint from = a->cells[0], to = a->cells[1];

  /* With the masks, pawns go straight up or down. */
  if (st->masks)
    return (from + to) / 2;

  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      guint mid = nb[from * CP_N_DIRS + d];

      if (mid != CP_NO_CELL && nb[mid * CP_N_DIRS + d] == to)
        return mid;
    }
  return CP_NO_CELL;
}

/* The safety of the king after @a, where the move neither takes nor
 * carries checkers and touches no cell the move of any stepper looked
 * at: the stepper's move ends where it did, with the same checkers, and
 * its extra steps meet the same (see same_reach()); unknown otherwise. */
static Safety
quiet_move_safety (const CpChessState *st, const Steppers *before, const CpAction *a)
{
  guint ep = (a->flags & CP_ACTION_FLAG_DOUBLE) ? passed_cell (st, a) : CP_NO_CELL;
  guint changed[4] = { a->cells[0], a->cells[1], st->ep_cell, ep };
  Safety safety = SAFETY_SAFE;

  if ((a->flags & (CP_ACTION_FLAG_CAPTURE | CP_ACTION_FLAG_CASTLE)) || stacked (&st->base.cells[a->cells[0]])
      || ((a->flags & CP_ACTION_FLAG_DOUBLE) && ep == CP_NO_CELL))
    return SAFETY_UNKNOWN;
  for (guint b = 0; b < before->n; b++)
    if (!untouched (&before->looked[b], changed, CP_NO_CELL))
      safety = SAFETY_UNKNOWN;
    else if (before->reaches[b])
      return SAFETY_UNSAFE;
  return safety;
}

/* Legal moves with the masks.  Each move is judged on the cells it
 * leaves (a Field), mostly without making it.  For the king, tables tell
 * from which cells a piece holding v checkers reaches it by king steps:
 * surely (sure[v], through empty cells and the king's own pieces, no
 * checkers taken on the way; taking[v], the same after taking one stack
 * on the shortest way to it) or perhaps (may[v], as if no piece stood
 * in the way, with the checkers of the king's pieces taken each time a
 * walk comes onto them).  A piece of the other side whose move ends
 * on a cell of sure[v] with v checkers reaches the king, one whose move
 * ends on no cell of may[v] does not, and between the two the move is
 * made and search_steps() decides. */

/* The cells after a move of the side of the king, which changes the
 * checkers of one cell at most: where it ends. */
typedef struct {
  guint64 mine, theirs;  /* the pieces of the king's side, of the other */
  guint64 stacked;       /* the pieces with checkers */
  guint ep_cell, ep_pawn;
  guint changed, count;  /* a cell whose checkers the move changed, and how many it holds */
} Field;

typedef enum {
  VERDICT_CLEAR,  /* the piece does not reach the king */
  VERDICT_MAYBE,  /* a search must tell */
  VERDICT_SURE,   /* it does */
} Verdict;

static inline guint
field_checkers (const CpChessState *st, const Field *f, guint c)
{
  if (c == f->changed)
    return f->count;
  return (f->stacked >> c) & 1 ? st->base.cells[c].checkers : 0;
}

/* The pieces of the king's side with checkers, which walks take: their
 * cells in @gainer and checkers in @gain.  Returns how many. */
static guint
field_gainers (const CpChessState *st, const Field *f, guint king, guint top, guint8 *gainer, guint8 *gain)
{
  guint n = 0;

  for (guint64 m = f->mine & f->stacked & ~cell_bit (king); m != 0; m &= m - 1)
    {
      guint c = cp_bits_lowest (m);

      gainer[n] = (guint8) c;
      gain[n++] = (guint8) MIN (field_checkers (st, f, c), top);
    }
  return n;
}

/* toward[v] for v up to @top: the cells from which a walk holding v
 * checkers reaches @king, stepping over @pass and taking the @gain
 * checkers on each of the @n cells of @gainer each time it comes onto
 * it. */
static void
fill_toward (guint king, guint64 pass, const guint8 *gainer, const guint8 *gain, guint n, guint top,
             guint64 *toward)
{
  guint reached[64];  /* the lowest level holding each gainer so far, or none */
  int act[64];        /* the lowest level stepping onto it thence, or none */
  int last = G_MININT;  /* (the highest of those) */
  guint64 gainers = 0;
  guint v = 1;

  toward[0] = 0;
  if (n == 0)
    {
      /* Without gainers the walks grow one step a level, till they stop. */
      for (; v <= top; v++)
        {
          toward[v] = steps_from[king] | toward[v - 1] | king_neighbours (toward[v - 1] & pass);
          if (toward[v] == toward[v - 1])
            break;
        }
      for (; v <= top; v++)
        toward[v] = toward[v - 1];
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      reached[i] = G_MAXUINT;
      act[i] = G_MAXINT;
      gainers |= cell_bit (gainer[i]);
    }
  while (v <= top)
    {
      guint64 t = steps_from[king] | toward[v - 1] | king_neighbours (toward[v - 1] & pass);
      guint again = v + 1;

      /* Onto a gainer in toward[u] from a cell holding u + 1 - gain. */
      for (guint i = 0; i < n; i++)
        if ((int) v >= act[i])
          t |= steps_from[gainer[i]];
      toward[v] = t;
      if (t & gainers)
        for (guint i = 0; i < n; i++)
          if (reached[i] > v && ((t >> gainer[i]) & 1))
            {
              /* Levels from v + 1 - gain on step onto it: again from there. */
              reached[i] = v;
              act[i] = (int) v + 1 - gain[i];
              last = MAX (last, act[i]);
              again = MIN (again, v + 1 - MIN (gain[i], v));
            }
      if (again <= v)
        {
          v = again;
          continue;
        }
      /* Once every gainer reached steps in, and nothing new comes in, the
       * walks grow no more. */
      if (v > 1 && (int) v >= last && t == toward[v - 1])
        {
          for (guint w = v + 1; w <= top; w++)
            toward[w] = t;
          break;
        }
      v++;
    }
}

/* The most gainers and checkers for which fill_taking() tells the cells
 * of each gainer apart. */
#define TAKING_BY_GAINERS 16
#define TAKING_BY_LEVELS 17

/* @taking: @sure, and the cells from which a walk goes the shortest way
 * over @pass onto one of the @n cells of @gainer, takes its @gain
 * checkers, and goes on to the king without taking any more.  The
 * shortest way does not come onto that cell before, so the checkers are
 * there to take; those it takes on the way are not counted. */
static void
fill_taking (const guint64 *sure, guint64 pass, const guint8 *gainer, const guint8 *gain, guint n, guint top,
             guint64 *taking, guint64 (*by)[TAKING_BY_LEVELS])
{
  memcpy (taking, sure, (top + 1) * sizeof *taking);
  for (guint i = 0; i < n; i++)
    {
      guint64 near[MOST_CHECKERS + 1];  /* near[d]: where the piece is d steps away at most */
      guint g = gainer[i], u = 1;

      if (by != NULL)
        memset (by[i], 0, (top + 1) * sizeof by[i][0]);
      while (u <= top && !((sure[u] >> g) & 1))
        u++;
      if (u > top)
        continue;
      near[0] = 0;
      for (guint d = 1; d <= top; d++)
        near[d] = steps_from[g] | near[d - 1] | king_neighbours (near[d - 1] & pass);
      /* From a cell d steps away with v checkers, v - d + gain must be u. */
      for (guint v = 1; v <= top; v++)
        if (v + gain[i] > u)
          {
            taking[v] |= near[MIN (v, v + gain[i] - u)];
            if (by != NULL)
              by[i][v] = near[MIN (v, v + gain[i] - u)];
          }
    }
}

/* Where the move of a piece of the other side may end with checkers:
 * on the cells of @plain with its own, @own, and on each of @cell with
 * @value. */
typedef struct {
  guint own;
  guint64 plain;
  guint n;
  guint8 cell[64], value[64];
} Landings;

static inline void
find_landings (const CpChessState *st, const Field *f, guint p, guint king, Landings *l)
{
  const CpPiece *piece = &st->base.cells[p];
  guint64 to, special;

  l->own = (f->stacked >> p) & 1 ? piece->checkers : 0;
  l->n = 0;
  to = reach_after (st, p, f->theirs, f->mine, f->ep_cell) & ~cell_bit (king);
  special = to & f->stacked;
  /* Taking en passant a pawn with checkers, it holds them too. */
  if (piece->kind == CP_PIECE_PAWN && f->ep_cell != CP_NO_CELL && field_checkers (st, f, f->ep_pawn) > 0)
    special |= to & cell_bit (f->ep_cell);
  l->plain = l->own > 0 ? to & ~special : 0;
  for (; special != 0; special &= special - 1)
    {
      guint c = cp_bits_lowest (special);
      guint v = l->own + field_checkers (st, f, c);

      if (c == f->ep_cell && piece->kind == CP_PIECE_PAWN)
        v += field_checkers (st, f, f->ep_pawn);
      if (v == 0)
        continue;
      l->cell[l->n] = (guint8) c;
      l->value[l->n++] = (guint8) v;
    }
}

/* Whether the piece of the other side on @p may take on @c, on the cells
 * of @f. */
static inline gboolean
takes_on (const CpChessState *st, const Field *f, guint p, guint c)
{
  const CpPiece *piece = &st->base.cells[p];

  switch (piece->kind)
    {
    case CP_PIECE_KNIGHT:
      return (leaps[p] >> c) & 1;
    case CP_PIECE_KING:
      return (steps_from[p] >> c) & 1;
    case CP_PIECE_PAWN:
      return (pawn_ahead (st, piece->seat, beside_cells (cell_bit (p))) >> c) & 1;
    default:
      return (slide_lines (piece->kind, p, f->mine | f->theirs) >> c) & 1;
    }
}

/* Whether the move ending on @l reaches the king, by the tables @sure
 * and @may, and for cells where it takes nothing, @taking (at least
 * @sure). */
static inline Verdict
judge_landings (const Landings *l, const guint64 *taking, const guint64 *sure, const guint64 *may)
{
  Verdict verdict = VERDICT_CLEAR;

  if (l->plain & taking[l->own])
    return VERDICT_SURE;
  if (l->plain & may[l->own])
    verdict = VERDICT_MAYBE;
  for (guint i = 0; i < l->n; i++)
    {
      if ((sure[l->value[i]] >> l->cell[i]) & 1)
        return VERDICT_SURE;
      if ((may[l->value[i]] >> l->cell[i]) & 1)
        verdict = VERDICT_MAYBE;
    }
  return verdict;
}

/* The cells of the other side's piece on @p whose change may change
 * where its move ends: a sliding piece's lines up to the first piece on
 * each. */
static guint64
stepper_lines (const CpChessState *st, guint p)
{
  const CpPiece *piece = &st->base.cells[p];

  switch (piece->kind)
    {
    case CP_PIECE_KNIGHT:
      return leaps[p];
    case CP_PIECE_KING:
      return steps_from[p];
    case CP_PIECE_PAWN:
      {
        /* its step, double step and takes */
        guint64 one = pawn_ahead (st, piece->seat, cell_bit (p));

        return one | pawn_ahead (st, piece->seat, one) | pawn_ahead (st, piece->seat, beside_cells (cell_bit (p)));
      }
    default:
      return slide_lines (piece->kind, p, st->seat_cells[0] | st->seat_cells[1]);
    }
}

/* The cells after @a, a move of @st's side to move, or an extra step
 * that spends @spent checkers of the piece that moves. */
static inline void
field_after (const CpChessState *st, const Field *before, const CpAction *a, guint spent, Field *f)
{
  guint from = a->cells[0], to = a->cells[1];
  guint taken = (a->flags & CP_ACTION_FLAG_EN_PASSANT) ? st->ep_pawn : to;
  guint count = field_checkers (st, before, from) + field_checkers (st, before, taken) - spent;

  f->mine = (before->mine & ~cell_bit (from)) | cell_bit (to);
  f->theirs = before->theirs & ~cell_bit (taken);
  f->stacked = before->stacked & ~cell_bit (from) & ~cell_bit (taken);
  if (count > 0)
    f->stacked |= cell_bit (to);
  f->changed = to;
  f->count = count;
  f->ep_cell = f->ep_pawn = CP_NO_CELL;
  if (a->flags & CP_ACTION_FLAG_DOUBLE)
    {
      f->ep_cell = passed_cell (st, a);
      f->ep_pawn = to;
    }
}

/* What the side to move faces from extra steps before it moves. */
typedef struct {
  guint king, top;        /* top: all the checkers on the board; no walk holds more */
  guint gains;            /* the checkers under the king's side, which walks may take */
  gboolean known;         /* FALSE with more checkers than the tables hold */
  Field field;
  Attackers attackers;
  guint64 starters;       /* the pieces that may step */
  guint n;
  guint8 cells[64];       /* the cells of the starters, */
  guint8 index_of[64];    /* (the index of the starter on a cell, or 0xff) */
  guint64 lines[64];      /* the cells that change where their moves end, */
  Landings landings[64];  /* where they end, */
  Verdict verdicts[64];   /* and whether they reach the king (never VERDICT_MAYBE), */
  Verdict opened_verdicts[64];  /* and might once the side takes a piece on their walks */
  guint64 watch[64];      /* the cells of their lines that may change a verdict (watch_lines()), */
  guint64 watched;        /* (of them all) */
  guint64 walked[64];     /* the cells their walks begin on, stand on or step onto, */
  guint64 walked_all, lines_all;  /* (of them all, and their lines) */
  guint64 passes, reaching;  /* the cells a double step may not pass (pawns with checkers may take
                              * there en passant), and the pieces that reach the king */
  guint64 sure[MOST_CHECKERS + 1];
  guint64 taking[MOST_CHECKERS + 1];  /* sure[] with one stack of the king's side taken */
  guint64 may[MOST_CHECKERS + 1];  /* with no piece in the way: the side may take them */
  guint n_gainers;        /* the stacks of the king's side */
  guint8 gainer[64], gain[64];
  guint64 takers[64];     /* on the cell of each, the pieces that might take it, */
  guint stay_from;        /* (and of the stacks but the one on this cell, */
  guint64 stay_starters;  /* those and the pieces with checkers) */
  gboolean taking_done;   /* taking[] worked out, once needed (steps_taking()), */
  gboolean by_known;      /* and without sure[], for each of the first gainers apart */
  guint64 taking_by[TAKING_BY_GAINERS][TAKING_BY_LEVELS];
} Steps;

/* s->taking[], worked out the first time it is needed. */
static const guint64 *
steps_taking (Steps *s)
{
  if (!s->taking_done)
    {
      s->by_known = s->n_gainers <= TAKING_BY_GAINERS && s->top < TAKING_BY_LEVELS;
      fill_taking (s->sure, ~s->field.theirs, s->gainer, s->gain, s->n_gainers, s->top, s->taking,
                   s->by_known ? s->taking_by : NULL);
      s->taking_done = TRUE;
    }
  return s->taking;
}

/* judge_landings() by the tables of @s and @may: taking[] lies within
 * may[], so it is needed only where a walk may reach the king from a
 * cell where the move ends without taking. */
static Verdict
judge_steps (Steps *s, const Landings *l, const guint64 *may)
{
  return judge_landings (l, (l->plain & may[l->own]) ? steps_taking (s) : s->sure, s->sure, may);
}

/* The cells of the lines of the piece s->cells[@b] whose change may
 * change its verdict while the tables hold: those on lines to where a
 * move ending there might reach the king.  Changes elsewhere only add or
 * take away cells where a move ends that reaches it not, and whence no
 * search finds a walk. */
static guint64
watch_lines (const CpChessState *st, const Steps *s, guint b)
{
  guint p = s->cells[b], own = s->landings[b].own;
  guint64 care = 0, watched = 0;

  if (!s->known)
    return s->lines[b];
  /* (sure[] and taking[] lie within may[].) */
  if (own > 0)
    care = s->may[own];
  for (guint i = 0; i < s->n_gainers; i++)
    care |= s->may[MIN (own + s->gain[i], s->top)] & cell_bit (s->gainer[i]);
  switch (st->base.cells[p].kind)
    {
    case CP_PIECE_KNIGHT:
    case CP_PIECE_KING:
      return s->lines[b] & care;
    case CP_PIECE_PAWN:
      {
        /* Its step, its double step through that cell, and its takes
         * (stepper_lines()). */
        guint64 one = pawn_ahead (st, st->base.cells[p].seat, cell_bit (p));
        guint64 two = pawn_ahead (st, st->base.cells[p].seat, one);

        return (s->lines[b] & care) | ((two & care) ? one : 0);
      }
    default:
      for (guint d = 0; d < CP_N_DIRS; d++)
        if ((slides[st->base.cells[p].kind] >> d) & 1 && (rays[d][p] & care))
          watched |= rays[d][p] & s->lines[b];
      return watched;
    }
}

/* The cells of each piece that may step where its walks might come, as
 * the king's moves found them with its cell taken as empty
 * (find_step_dangers(), which holds those of the walks with the king in
 * place); every cell where the king's moves did not need them. */
static void
walked_cells (const CpChessState *st, guint seat, KingDanger *danger, Steps *s)
{
  const StepDangers *d = &danger->steps;
  gboolean same = danger->known && d->n == s->n && memcmp (d->starters, s->cells, s->n) == 0;
  s->walked_all = s->lines_all = 0;
  for (guint i = 0; i < s->n; i++)
    {
      s->walked[i] = same ? d->walked[i] : ALL_CELLS;
      s->walked_all |= s->walked[i];
      s->lines_all |= s->lines[i];
    }
}

static void
look_at_steps (const CpChessState *st, guint seat, guint king, KingDanger *danger, Steps *s)
{
  s->king = king;
  s->top = s->gains = 0;
  for (guint64 m = st->stacked_cells; m != 0; m &= m - 1)
    {
      guint c = cp_bits_lowest (m);

      s->top += st->base.cells[c].checkers;
      if ((st->seat_cells[seat] >> c) & 1 && c != king)
        s->gains += st->base.cells[c].checkers;
    }
  s->known = s->top <= MOST_CHECKERS;
  s->taking_done = s->by_known = FALSE;
  s->field = (Field) { st->seat_cells[seat], st->seat_cells[1 - seat], st->stacked_cells,
                       CP_NO_CELL, CP_NO_CELL, CP_NO_CELL, 0 };
  sort_attackers (st, s->field.theirs, &s->attackers);
  s->starters = s->attackers.stacked;
  s->stay_from = CP_NO_CELL;
  for (guint64 m = s->field.mine & s->field.stacked & ~cell_bit (king); m != 0; m &= m - 1)
    {
      guint c = cp_bits_lowest (m);

      s->takers[c] = might_take_on (&s->attackers, c);
      s->starters |= s->takers[c];
    }
  s->n = list_cells (s->starters, s->cells);
  memset (s->index_of, 0xff, sizeof s->index_of);
  for (guint i = 0; i < s->n; i++)
    s->index_of[s->cells[i]] = (guint8) i;
  if (s->known)
    {
      s->n_gainers = field_gainers (st, &s->field, king, s->top, s->gainer, s->gain);
      fill_toward (king, ~s->field.theirs, NULL, NULL, 0, s->top, s->sure);
      fill_toward (king, ALL_CELLS, s->gainer, s->gain, s->n_gainers, s->top, s->may);
    }
  s->watched = s->passes = s->reaching = 0;
  for (guint i = 0; i < s->n; i++)
    {
      Verdict judged;

      s->lines[i] = stepper_lines (st, s->cells[i]);
      find_landings (st, &s->field, s->cells[i], king, &s->landings[i]);
      if (st->base.cells[s->cells[i]].kind == CP_PIECE_PAWN && s->landings[i].own > 0)
        s->passes |= s->lines[i];
      judged = s->known ? judge_steps (s, &s->landings[i], s->may) : VERDICT_MAYBE;
      s->verdicts[i] = judged;
      if (judged == VERDICT_MAYBE)
        s->verdicts[i] = search_steps (st, s->cells[i], king, CP_NO_CELL, CP_NO_CELL, s->gains, FALSE, NULL)
                           ? VERDICT_SURE : VERDICT_CLEAR;
      /* Taking a piece on the walks only adds walks, which may[] holds. */
      s->opened_verdicts[i] = s->verdicts[i] == VERDICT_SURE ? VERDICT_SURE : judged;
      if (s->verdicts[i] == VERDICT_SURE)
        s->reaching |= cell_bit (s->cells[i]);
      s->watch[i] = watch_lines (st, s, i);
      s->watched |= s->watch[i];
    }
  walked_cells (st, seat, danger, s);
}

/* Whether the move ending on @l surely reaches the king by a walk that
 * takes one of the stacks of the king's side on its shortest way
 * (taking[] for each one apart), not counting those on @gone, which a
 * move took away, nor a stack taken on a cell where the move ends. */
static gboolean
sure_by_taking (Steps *s, const Landings *l, guint64 gone)
{
  steps_taking (s);
  if (!s->by_known)
    return FALSE;
  for (guint i = 0; i < s->n_gainers; i++)
    {
      const guint64 *by = s->taking_by[i];

      if ((gone >> s->gainer[i]) & 1)
        continue;
      if (by[l->own] & l->plain)
        return TRUE;
      for (guint k = 0; k < l->n; k++)
        if (l->cell[k] != s->gainer[i] && ((by[l->value[k]] >> l->cell[k]) & 1))
          return TRUE;
    }
  return FALSE;
}

/* Whether a walk of extra steps from where the moves of the @n_l sets
 * of @l end might reach @king, by distances alone (starts_near()).
 * Moves that end with more than seven checkers might. */
static gboolean
landings_near (const Landings *const *l, guint n_l, guint king, const guint8 *gainer, const guint8 *gain, guint n)
{
  guint64 starts[8] = { 0 };
  guint most = 0;

  for (guint j = 0; j < n_l; j++)
    {
      if (l[j]->plain != 0)
        {
          if (l[j]->own >= 8)
            return TRUE;
          starts[l[j]->own] |= l[j]->plain;
          most = MAX (most, l[j]->own);
        }
      for (guint k = 0; k < l[j]->n; k++)
        {
          if (l[j]->value[k] >= 8)
            return TRUE;
          starts[l[j]->value[k]] |= cell_bit (l[j]->cell[k]);
          most = MAX (most, l[j]->value[k]);
        }
    }
  return starts_near (starts, most, king, gainer, gain, n);
}

/* The verdicts on the pieces that may step after @a, a move that
 * carries checkers or takes a piece with some: the stacks change, and
 * with them the pieces that may step and the walks (a walk that surely
 * reached the king before a piece was taken still does).  Returns FALSE
 * if one surely reaches the king, else adds those unsure to @unsure. */
static gboolean
judge_carrying_move (const CpChessState *st, Steps *s, const CpAction *a, guint taken, guint spent,
                     guint8 *unsure, guint *n_unsure)
{
  guint64 changed = cell_bit (a->cells[0]) | cell_bit (a->cells[1]) | cell_bit (taken);
  guint king = s->king, n = 0, with = 0;
  Landings *found = g_newa (Landings, 64);
  const Landings *landings[64];
  const guint64 *may = s->may;
  guint64 starters, again[MOST_CHECKERS + 1];
  Field f;

  field_after (st, &s->field, a, spent, &f);
  /* stepping_attackers(): what might take the stacks that stay, the same
   * for every move from a cell, and the stack moved. */
  if (s->stay_from != a->cells[0])
    {
      s->stay_from = a->cells[0];
      s->stay_starters = s->attackers.stacked;
      for (guint64 m = s->field.mine & s->field.stacked & ~cell_bit (king) & ~cell_bit (a->cells[0]); m != 0;
           m &= m - 1)
        s->stay_starters |= s->takers[cp_bits_lowest (m)];
    }
  starters = s->stay_starters;
  if (f.count > 0)
    starters |= might_take_on (&s->attackers, a->cells[1]);
  starters &= f.theirs;
  for (guint64 m = starters; m != 0; m &= m - 1)
    {
      guint p = cp_bits_lowest (m), b = s->index_of[p];
      gboolean off_lines = b < s->n && !(changed & s->lines[b])
                           && !((a->flags & CP_ACTION_FLAG_DOUBLE) && st->base.cells[p].kind == CP_PIECE_PAWN);

      /* Off its lines and its walks, the piece's verdict holds. */
      if (off_lines && !(changed & s->walked[b]))
        {
          if (s->verdicts[b] == VERDICT_SURE)
            return FALSE;
          starters &= ~cell_bit (p);
          continue;
        }
      /* Off its lines, its move ends where it did. */
      if (off_lines)
        landings[n] = &s->landings[b];
      else if (b >= s->n && f.ep_cell == CP_NO_CELL)
        {
          /* A piece that may step only now, by taking the stack moved:
           * it might take no other (stepping_attackers()). */
          found[n].own = found[n].n = 0;
          found[n].plain = 0;
          if (takes_on (st, &f, p, a->cells[1]))
            {
              found[n].n = 1;
              found[n].cell[0] = a->cells[1];
              found[n].value[0] = (guint8) f.count;
            }
          landings[n] = &found[n];
        }
      else
        {
          find_landings (st, &f, p, king, &found[n]);
          landings[n] = &found[n];
        }
      if (judge_landings (landings[n], s->sure, s->sure, s->sure) == VERDICT_SURE)
        return FALSE;
      with += landings[n]->plain != 0 || landings[n]->n > 0;
      n++;
    }
  if (with == 0)
    return TRUE;
  /* A walk through a cell outside may[top] never reaches the king, and
   * may[] has no piece in the way: while the move adds no stack and no
   * piece that may step on such a cell, may[] still holds every walk. */
  if (((f.count > 0 ? cell_bit (a->cells[1]) : 0) | (starters & ~s->starters)) & s->may[s->top])
    {
      guint8 gainer[64], gain[64];
      guint n_gainers = field_gainers (st, &f, king, s->top, gainer, gain);

      /* Mostly the walks cannot even come near the king. */
      if (!landings_near (landings, n, king, gainer, gain, n_gainers))
        return TRUE;
      fill_toward (king, ~f.theirs | starters, gainer, gain, n_gainers, s->top, again);
      may = again;
    }
  n = 0;
  for (guint64 m = starters; m != 0; m &= m - 1, n++)
    if (judge_landings (landings[n], s->sure, s->sure, may) == VERDICT_MAYBE)
      {
        if (sure_by_taking (s, landings[n], cell_bit (a->cells[0])))
          return FALSE;
        unsure[(*n_unsure)++] = (guint8) cp_bits_lowest (m);
      }
  return TRUE;
}

/* judge_carrying_move() for a move that neither carries checkers nor
 * takes a piece with some.  Off the lines a piece's verdict watches
 * (watch_lines()), such a move leaves the verdict as it was, but for a
 * piece it takes on the walks, whose cell it opens to them.  (Moves off
 * every line watched are let through before: keep_safe_moves_masked().) */
static gboolean
judge_plain_move (const CpChessState *st, Steps *s, const CpAction *a, guint taken, guint8 *unsure,
                  guint *n_unsure)
{
  guint64 changed = cell_bit (a->cells[0]) | cell_bit (a->cells[1]) | cell_bit (taken);
  gboolean opened = (a->flags & CP_ACTION_FLAG_CAPTURE) && ((s->may[s->top] >> taken) & 1);
  guint64 passed = (a->flags & CP_ACTION_FLAG_DOUBLE) ? cell_bit (passed_cell (st, a)) : 0;
  gboolean known = FALSE;
  Landings l;
  Field f;

  for (guint b = 0; b < s->n; b++)
    {
      guint p = s->cells[b];
      Verdict verdict = s->verdicts[b];

      if (p == taken)
        continue;
      /* A pawn with checkers may take en passant where a double step
       * passes. */
      if ((changed & s->watch[b])
          || ((passed & s->lines[b]) && s->landings[b].own > 0 && st->base.cells[p].kind == CP_PIECE_PAWN))
        {
          if (!known)
            field_after (st, &s->field, a, 0, &f);
          known = TRUE;
          find_landings (st, &f, p, s->king, &l);
          verdict = judge_steps (s, &l, s->may);
        }
      else if (opened && ((s->walked[b] >> taken) & 1))
        verdict = s->opened_verdicts[b];
      if (verdict == VERDICT_SURE)
        return FALSE;
      if (verdict == VERDICT_MAYBE)
        unsure[(*n_unsure)++] = (guint8) p;
    }
  return TRUE;
}

/* Takes @spent checkers from the piece on @cell. */
static void
spend_checkers (CpChessState *st, guint cell, guint spent)
{
  CpPiece p = st->base.cells[cell];

  p.checkers = (guint8) (p.checkers - spent);
  set_cell (st, cell, &p);
}

/* Whether @a, taking on @taken (or an extra step spending @spent
 * checkers), leaves the king safe from the pieces on @unsure, which the
 * tables left unsure: by making it on @trial (a copy of @st, made once
 * needed) and trying their walks. */
static G_GNUC_NO_INLINE gboolean
search_unsure (const CpChessState *st, Steps *s, const CpAction *a, guint taken, guint spent,
               const guint8 *unsure, guint n_unsure, CpChessState *trial, gboolean *copied)
{
  gboolean safe = TRUE;
  CpUndo undo;

  if (!*copied)
    memcpy (trial, st, sizeof *trial);
  *copied = TRUE;
  cp_chess_make (trial, a, &undo);
  if (spent > 0)
    spend_checkers (trial, a->cells[1], spent);
  /* A piece taken adds its checkers to those the walks may take. */
  for (guint u = 0; u < n_unsure && safe; u++)
    safe = !search_steps (trial, unsure[u], s->king, CP_NO_CELL, CP_NO_CELL,
                          s->gains + field_checkers (st, &s->field, taken), FALSE, NULL);
  cp_chess_unmake (trial, a, &undo);
  return safe;
}

/* Whether the move @a (or an extra step spending @spent checkers)
 * leaves the king safe from extra steps: judged on the cells the move
 * leaves and, where unsure, by search_unsure(). */
static inline gboolean
safe_from_steps (const CpChessState *st, Steps *s, const CpAction *a, guint spent, CpChessState *trial,
                 gboolean *copied)
{
  guint taken = (a->flags & CP_ACTION_FLAG_EN_PASSANT) ? st->ep_pawn : a->cells[1];
  guint8 unsure[64];
  guint n_unsure = 0;

  if (!s->known)
    n_unsure = list_cells (s->starters & ~cell_bit (taken), unsure);
  else if ((s->field.stacked >> a->cells[0]) & 1 || (s->field.stacked >> taken) & 1
           ? !judge_carrying_move (st, s, a, taken, spent, unsure, &n_unsure)
           : !judge_plain_move (st, s, a, taken, unsure, &n_unsure))
    return FALSE;
  return n_unsure == 0 || search_unsure (st, s, a, taken, spent, unsure, n_unsure, trial, copied);
}

/* keep_safe_moves() with the masks. */
static void
keep_safe_moves_masked (const CpChessState *st, guint player, guint first, KingDanger *danger,
                        CpActionList *out)
{
  guint seat = st->army[player], king = st->king[seat], kept = first;
  gboolean copied = FALSE;
  CpChessState trial;
  Steps s;
  guint64 avoid;

  if (st->base.out & BIT (1 - seat))
    return;
  look_at_steps (st, seat, king, danger, &s);
  /* Most moves touch no stack and no line watched, and those that take
   * leave no line and take nothing on the walks (judge_plain_move()):
   * only the piece they take changes.  Without the tables every move
   * is judged. */
  avoid = s.known ? s.field.stacked | s.watched : ALL_CELLS;
  for (guint i = first, len = out->len; i < len; i++)
    {
      const CpAction *a = &out->items[i];
      guint64 from = G_GUINT64_CONSTANT (1) << a->cells[0], to = G_GUINT64_CONSTANT (1) << a->cells[1];
      gboolean safe;

      if (a->cells[0] == king)
        safe = TRUE;
      else if (!((from | to) & avoid) && !(a->flags & CP_ACTION_FLAG_EN_PASSANT)
               && !((a->flags & CP_ACTION_FLAG_CAPTURE) && ((from & s.lines_all) | (to & s.walked_all)))
               && !((a->flags & CP_ACTION_FLAG_DOUBLE) && (cell_bit (passed_cell (st, a)) & s.passes)))
        safe = !(s.reaching & ~to);
      else
        safe = safe_from_steps (st, &s, a, 0, &trial, &copied);
      if (!safe)
        continue;
      if (kept != i)
        out->items[kept] = *a;
      kept++;
    }
  out->len = kept;
}

/**
 * cp_chess_keep_safe_steps:
 * @player: the player whose piece steps
 * @first: the first action of @out to look at
 *
 * Keeps of the actions of @out from @first on, extra steps of one piece
 * of @player (a king's step each, spending one checker of that piece),
 * those after which the king of @player is not attacked, extra steps of
 * the other side counted (CP_CHESS_EXTRA_STEPS).
 */
void
cp_chess_keep_safe_steps (const CpChessState *st, guint player, guint first, CpActionList *out)
{
  guint seat = st->army[player], king = st->king[seat], kept = first, side;
  gboolean copied = FALSE;
  CpChessState trial;
  KingDanger danger;
  Steps s;

  if (king == CP_NO_CELL || out->len == first)
    return;
  side = side_of_cell (st, king);
  king_danger_init (&danger);
  if (st->masks)
    look_at_steps (st, seat, king, &danger, &s);
  for (guint i = first; i < out->len; i++)
    {
      const CpAction *a = &out->items[i];
      guint from = a->cells[0];
      gboolean safe;

      if (from == king)
        safe = !attacked_without_king (st, a->cells[1], seat, king, side, &danger);
      else if (st->masks)
        /* The action before left the king unattacked: a step attacks it
         * only by opening a line from it, or by a walk. */
        safe = (!(cell_bit (from) & (straight_lines[king] | slant_lines[king]))
                || !attacked_masked (st, king, seat, from, a->cells[1], a->cells[1]))
               && safe_from_steps (st, &s, a, 1, &trial, &copied);
      else
        {
          CpUndo undo;

          if (!copied)
            memcpy (&trial, st, sizeof trial);
          copied = TRUE;
          cp_chess_make (&trial, a, &undo);
          spend_checkers (&trial, a->cells[1], 1);
          safe = !cp_chess_in_check (&trial, seat);
          cp_chess_unmake (&trial, a, &undo);
        }
      if (safe)
        out->items[kept++] = *a;
    }
  out->len = kept;
}

/* With extra steps, checks and pins reach further than lines from the
 * king show: while any piece has checkers, the moves of pieces other than
 * the king (whose cells are tested as it is generated) are tried.  With
 * the masks, keep_safe_moves_masked() judges them.
 *
 * A move changes few cells.  A piece that could step towards the king
 * before the move, with as many checkers to take on the way, and whose
 * search did not look at any of those cells, finds what it found before;
 * so does one whose own move ends on the same cells after a move that
 * neither takes nor carries checkers.  Only the other moves are made and
 * searched again.  (Checks along lines the generator has seen to
 * already.) */
static void
keep_safe_moves (const CpChessState *st, guint player, guint first, KingDanger *danger, CpActionList *out)
{
  guint seat = st->army[player], king = st->king[seat], kept = first;
  gboolean copied = FALSE;
  Steppers before;
  CpChessState trial;

  if (st->stacks == 0)
    return;
  if (st->masks)
    {
      keep_safe_moves_masked (st, player, first, danger, out);
      return;
    }
  before.n = step_starters (st, king, seat, CP_NO_CELL, CP_NO_CELL, NULL, before.cells, &before.gains);
  memset (before.read, 0, before.n * sizeof before.read[0]);
  for (guint i = 0; i < before.n; i++)
    before.reaches[i] = reaches_by_steps (st, before.cells[i], king, CP_NO_CELL, CP_NO_CELL,
                                           before.gains, &before.read[i]);
  memset (before.looked, 0, before.n * sizeof before.looked[0]);
  for (guint i = 0; i < before.n; i++)
    regular_reach (st, before.cells[i], CP_NO_CELL, CP_NO_CELL, &before.reach[i], &before.looked[i]);

  for (guint i = first; i < out->len; i++)
    {
      const CpAction *a = &out->items[i];
      guint taken = (a->flags & CP_ACTION_FLAG_EN_PASSANT) ? st->ep_pawn : a->cells[1];
      guint changed[4] = { a->cells[0], a->cells[1], taken, st->ep_cell };
      guint8 after[CP_MAX_CELLS];
      guint n_after = 0, gains;
      gboolean safe = TRUE, quiet = FALSE;
      Safety safety;
      CpUndo undo;

      if (a->cells[0] == king)
        {
          out->items[kept++] = *a;
          continue;
        }
      safety = quiet_move_safety (st, &before, a);
      switch (safety)
        {
        case SAFETY_SAFE:
          out->items[kept++] = *a;
          continue;
        case SAFETY_UNSAFE:
          continue;
        case SAFETY_UNKNOWN:
        default:
          break;
        }
      if (!copied)
        memcpy (&trial, st, sizeof trial);
      copied = TRUE;
      cp_chess_make (&trial, a, &undo);
      /* A move that carries no checkers and takes none leaves the same
       * pieces to step, the one it takes aside. */
      if (!stacked (&st->base.cells[a->cells[0]]) && !stacked (&st->base.cells[taken]))
        {
          gains = before.gains;
          quiet = !(a->flags & CP_ACTION_FLAG_CAPTURE);
          for (guint s = 0; s < before.n; s++)
            if (before.cells[s] != taken)
              after[n_after++] = before.cells[s];
        }
      else
        n_after = step_starters (&trial, king, seat, CP_NO_CELL, CP_NO_CELL, NULL, after, &gains);

      for (guint s = 0, b = 0; s < n_after && safe; s++)
        {
          gboolean known;

          while (b < before.n && before.cells[b] < after[s])
            b++;
          known = b < before.n && before.cells[b] == after[s];
          if (known && ((gains == before.gains && untouched (&before.read[b], changed, trial.ep_cell))
                        || (quiet && same_reach (st, &trial, &before, b))))
            {
              safe = !before.reaches[b];
              continue;
            }
          safe = !reaches_by_steps (&trial, after[s], king, CP_NO_CELL, CP_NO_CELL, gains, NULL);
        }
      cp_chess_unmake (&trial, a, &undo);
      if (safe)
        out->items[kept++] = *a;
    }
  out->len = kept;
}

/**
 * cp_chess_legal:
 *
 * Appends the legal moves of @seat to @out.
 */
void
cp_chess_legal (const CpChessState *st, guint player, CpActionList *out)
{
  const CpPiece *cells = st->base.cells;
  guint n_cells = cp_board_get_width (st->base.board) * cp_board_get_height (st->base.board);
  guint seat = st->army[player], first = out->len;
  guint king = st->king[seat];
  guint king_side = king != CP_NO_CELL ? side_of_cell (st, king) : 0;
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

      if (p->kind == CP_PIECE_NONE || p->seat != seat)
        continue;
      if (from == king && king != CP_NO_CELL && (st->features & CP_CHESS_CHECK))
        {
          king_moves (st, seat, from, &danger, out);
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
        pawn_moves (st, seat, from, &allowed, out);
      else
        piece_moves (st, seat, from, &allowed, out);
    }

  if ((st->features & CP_CHESS_CASTLING) && king != CP_NO_CELL && r.n_checkers == 0)
    castling_moves (st, seat, &danger, out);
  for (guint i = first; i < out->len; i++)
    out->items[i].seat = (guint8) player;
  if ((st->features & CP_CHESS_EXTRA_STEPS) && (st->features & CP_CHESS_CHECK) && king != CP_NO_CELL)
    keep_safe_moves (st, player, first, &danger, out);
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

/**
 * cp_chess_pass_turn:
 *
 * Gives the turn to the next seat, for games with CP_CHESS_HELD_TURN
 * whose turns hold several moves.
 */
void
cp_chess_pass_turn (CpChessState *st)
{
  st->hash ^= turn_keys[st->base.to_move & 3];
  pass_turn (st, st->base.to_move);
  st->hash ^= turn_keys[st->base.to_move & 3];
  st->history[st->base.ply % CP_CHESS_HISTORY] = st->hash;
}

/**
 * cp_chess_live_teams:
 * @survivors: (out) (optional): the seats of the teams still in play
 *
 * How many teams still have a seat in play.
 */
guint
cp_chess_live_teams (const CpChessState *st, CpSeatMask *survivors)
{
  guint teams = 0, n = 0;
  CpSeatMask seats = 0;

  for (guint s = 0; s < st->base.n_seats; s++)
    if (!(st->base.out & BIT (s)) && !(teams & BIT (st->team[s])))
      {
        teams |= BIT (st->team[s]);
        n++;
      }
  for (guint s = 0; s < st->base.n_seats; s++)
    if (teams & BIT (st->team[s]))
      seats |= BIT (s);
  if (survivors != NULL)
    *survivors = seats;
  return n;
}

/* With CP_CHESS_ELIMINATION: brings the turn to a seat that is in play
 * and can move, putting out of the game each seat whose turn comes while
 * it has no legal move (checkmated or stalemated).  Their pieces stay on
 * the board, inert.  Stops when one team is left. */
static void
settle (CpChessState *st)
{
  while (cp_chess_live_teams (st, NULL) > 1)
    {
      guint seat = st->base.to_move;
      g_auto (CpActionList) moves = { 0 };

      if (!(st->base.out & BIT (seat)))
        {
          cp_chess_legal (st, seat, &moves);
          if (moves.len > 0)
            return;
          st->base.out |= BIT (seat);
          st->halfmove = 0;
        }
      st->hash ^= turn_keys[seat & 3];
      pass_turn (st, seat);
      st->hash ^= turn_keys[st->base.to_move & 3];
    }
}

/**
 * cp_chess_settled:
 * @copy: space for a copy
 *
 * @st itself when the seat to move is in play, else @copy holding @st
 * with the turn passed on as cp_chess_make() passes it (after a player
 * resigned on their turn).
 */
const CpChessState *
cp_chess_settled (const CpChessState *st, CpChessState *copy)
{
  if (!(st->features & CP_CHESS_ELIMINATION) || !(st->base.out & BIT (st->base.to_move)))
    return st;
  memcpy (copy, st, st->base.rules->state_size);
  settle (copy);
  return copy;
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

static void
set_cell (CpChessState *st, guint cell, const CpPiece *p)
{
  st->hash ^= piece_key (&st->base.cells[cell], cell) ^ piece_key (p, cell);
  put_piece (st, cell, p);
}

static void
clear_cell (CpChessState *st, guint cell)
{
  static const CpPiece empty = { 0 };

  set_cell (st, cell, &empty);
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
  set_cell (st, cell, p);
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
  set_cell (st, king_to, &king);
  set_cell (st, rook_to, &rook);
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
      set_cell (st, to, &moved);
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
    settle (st);
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

/* Whether the players still in the game have nothing but their kings. */
static gboolean
only_kings_in_play (const CpChessState *st)
{
  guint n_cells = cp_board_get_width (st->base.board) * cp_board_get_height (st->base.board);

  for (guint c = 0; c < n_cells; c++)
    {
      const CpPiece *p = &st->base.cells[c];

      if (p->kind != CP_PIECE_NONE && p->kind != CP_PIECE_KING && !(st->base.out & BIT (p->seat)))
        return FALSE;
    }
  return TRUE;
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
  g_auto (CpActionList) moves = { 0 };
  g_autofree CpChessState *copy = NULL;
  const CpChessState *st = state;
  CpSeatMask survivors;
  guint seat;

  if (state->base.outcome.status != CP_STATUS_PLAYING)
    {
      *outcome = state->base.outcome;
      return;
    }
  *outcome = (CpOutcome) { CP_STATUS_PLAYING, CP_END_NONE, 0 };

  if (st->features & CP_CHESS_ELIMINATION)
    {
      if (st->base.out & BIT (st->base.to_move))
        st = cp_chess_settled (state, copy = g_malloc (state->base.rules->state_size));
      if (cp_chess_live_teams (st, &survivors) <= 1)
        *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_ELIMINATION, survivors };
      else if (only_kings_in_play (st))
        *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_INSUFFICIENT_MATERIAL, 0 };
      else
        cp_chess_draw_by_counting (st, outcome);
      return;
    }

  seat = st->base.to_move;
  cp_chess_legal (st, seat, &moves);
  if (moves.len == 0)
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
    init_rays ();
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
