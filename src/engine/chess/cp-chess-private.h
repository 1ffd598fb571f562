/* cp-chess-private.h: what the files of the chess machinery share
 *
 * For the files of src/engine/chess only; the games see cp-chess-state.h.
 * Orthodox chess comes first; then the mirror, the extra steps and the
 * seats, which variants switch on by the features of CpChessState.  The
 * helpers the move generator and the attack tests call on every cell are
 * inline, so that the files apart cost them nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-chess-state.h"

G_BEGIN_DECLS

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

static inline const guint8 *
neighbours (const CpChessState *st)
{
  return cp_board_get_neighbours (st->base.board);
}

static inline guint8
pawn_captures (const CpChessState *st, guint seat)
{
  return st->pawn_captures[seat];
}

/* Whether a piece of @other threatens pieces of @seat: players who are out
 * of the game leave inert pieces behind. */
static inline gboolean
is_attacker (const CpChessState *st, guint seat, const CpPiece *p)
{
  return st->team[seat] != st->team[p->seat] && !(st->base.out & BIT (p->seat));
}

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
 * (anywhere if NULL), attacks @cell (cp-chess-attacks.c). */
G_GNUC_INTERNAL
gboolean  cp_chess_attacked_full      (const CpChessState *st,
                                       guint         cell,
                                       guint         seat,
                                       guint         ignore_a,
                                       guint         ignore_b,
                                       guint         block,
                                       const CpCellSet *from,
                                       guint         side,
                                       guint64       danger);

/* The state (cp-chess-state.c). */
G_GNUC_INTERNAL
void      cp_chess_set_cell           (CpChessState *st,
                                       guint         cell,
                                       const CpPiece *p);
G_GNUC_INTERNAL
void      cp_chess_next_turn          (CpChessState *st);

/* The mirror (CP_CHESS_MIRROR): every loop over the cells asks which side
 * of it a piece stands on. */

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

/* The side of the mirror of the piece on @cell, or 0 for an empty cell. */
static inline guint
side_of_cell (const CpChessState *st, guint cell)
{
  return side_of (st, &st->base.cells[cell]);
}

/* Extra steps (CP_CHESS_EXTRA_STEPS, cp-chess-extra-steps.c and
 * cp-chess-extra-steps-safety.c). */

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
G_GNUC_INTERNAL extern guint64 rays[CP_N_DIRS][64], leaps[64], steps_from[64], straight_lines[64], slant_lines[64];
G_GNUC_INTERNAL extern guint8 steps_apart[64][64];  /* king steps from a cell to another */

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
static inline guint64
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

/* The cells next to a cell of @b. */
static inline guint64
king_neighbours (guint64 b)
{
  guint64 beside = beside_cells (b), row = b | beside;

  return beside | (row << 8) | (row >> 8);
}

/* Pieces by what they might take with their move (might_take()): the
 * knights by leaps, the kings by steps, the pawns beside them (en
 * passant takes beside) and the others along ranks and files or
 * diagonals; and those with checkers. */
typedef struct {
  guint64 stacked, knights, kings, pawns, straight, slant;
} Attackers;

static inline void
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

/* The cells of @mask in @cells, lowest first.  Returns how many. */
static inline guint
list_cells (guint64 mask, guint8 *cells)
{
  guint n = 0;

  for (; mask != 0; mask &= mask - 1)
    cells[n++] = (guint8) cp_bits_lowest (mask);
  return n;
}

/* The pieces that may take extra steps against a side, some cells taken
 * as empty (cp_chess_step_starters() with no cell looked at), and where the
 * walks of each might come. */
typedef struct {
  guint n, gains;
  guint8 starters[CP_MAX_CELLS];
  guint64 near[CP_MAX_CELLS];
  guint64 walked[CP_MAX_CELLS];  /* the cells where the walks begin, stand or step */
} StepDangers;

/* The dangers of extra steps with the king's cell taken as empty,
 * worked out once needed, and the cells attacked_without_king() has
 * answered for. */
typedef struct {
  gboolean known;
  guint64 cells;
  StepDangers steps;
  guint64 asked, attacked;
} KingDanger;

static inline void
king_danger_init (KingDanger *danger)
{
  danger->known = FALSE;
  danger->asked = danger->attacked = 0;
}

G_GNUC_INTERNAL
void      cp_chess_init_masks         (void);
G_GNUC_INTERNAL
void      cp_chess_regular_reach      (const CpChessState *st,
                                       guint         from,
                                       guint         ignore_a,
                                       guint         ignore_b,
                                       CpCellSet    *reach,
                                       CpCellSet    *read);
G_GNUC_INTERNAL
gboolean  cp_chess_search_steps       (const CpChessState *st,
                                       guint         from,
                                       guint         cell,
                                       guint         ignore_a,
                                       guint         ignore_b,
                                       guint         gains,
                                       gboolean      quick,
                                       CpCellSet    *read);
G_GNUC_INTERNAL
guint     cp_chess_step_starters      (const CpChessState *st,
                                       guint         cell,
                                       guint         seat,
                                       guint         ignore_a,
                                       guint         ignore_b,
                                       const CpCellSet *from,
                                       guint8       *starters,
                                       guint        *gains);
G_GNUC_INTERNAL
gboolean  cp_chess_extra_step_attack  (const CpChessState *st,
                                       guint         cell,
                                       guint         seat,
                                       guint         ignore_a,
                                       guint         ignore_b,
                                       const CpCellSet *from);
G_GNUC_INTERNAL
guint64   cp_chess_step_danger        (const CpChessState *st,
                                       guint         seat,
                                       guint         ignore_a,
                                       guint         ignore_b);
G_GNUC_INTERNAL
gboolean  cp_chess_attacked_masked    (const CpChessState *st,
                                       guint         cell,
                                       guint         seat,
                                       guint         ignore_a,
                                       guint         ignore_b,
                                       guint         block);
G_GNUC_INTERNAL
gboolean  cp_chess_attacked_by_steps_without_king (const CpChessState *st,
                                       guint         cell,
                                       guint         seat,
                                       guint         king,
                                       guint         side,
                                       KingDanger   *danger);
G_GNUC_INTERNAL
void      cp_chess_keep_safe_moves    (const CpChessState *st,
                                       guint         player,
                                       guint         first,
                                       KingDanger   *danger,
                                       CpActionList *out);

/* Whether an enemy of @seat attacks @cell, the king's cell @king taken as
 * empty. */
static inline gboolean
attacked_without_king (const CpChessState *st, guint cell, guint seat, guint king, guint side,
                       KingDanger *danger)
{
  if (!st->masks || !(st->features & CP_CHESS_EXTRA_STEPS))
    return cp_chess_attacked_full (st, cell, seat, king, CP_NO_CELL, CP_NO_CELL, NULL, side, ALL_CELLS);
  return cp_chess_attacked_by_steps_without_king (st, cell, seat, king, side, danger);
}

/* cp_chess_search_steps(), quick with the masks. */
static inline gboolean
reaches_by_steps (const CpChessState *st, guint from, guint cell, guint ignore_a, guint ignore_b,
                  guint gains, CpCellSet *read)
{
  return cp_chess_search_steps (st, from, cell, ignore_a, ignore_b, gains, st->masks, read);
}

/* Held turns and elimination (CP_CHESS_HELD_TURN, CP_CHESS_ELIMINATION,
 * cp-chess-seats.c). */
G_GNUC_INTERNAL
void      cp_chess_settle             (CpChessState *st);
G_GNUC_INTERNAL
void      cp_chess_elimination_outcome (const CpChessState *state,
                                       CpOutcome    *outcome);

G_END_DECLS
