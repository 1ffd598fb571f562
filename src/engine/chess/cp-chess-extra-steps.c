/* cp-chess-extra-steps.c: where the extra steps of a piece with checkers
 * under it lead, and the attacks they make, for the variants that switch
 * them on (CP_CHESS_EXTRA_STEPS)
 *
 * A piece with checkers under it may follow its move with king steps,
 * one checker spent on each, and goes on with the checkers of what it
 * takes.  Between two seats on 8 by 8 cells without holes, barriers or a
 * mirror, masks of the cells (CpChessState.masks) make the tests quick.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-chess-private.h"

/* The tables of the masks (cp-chess-private.h). */
guint64 rays[CP_N_DIRS][64], leaps[64], steps_from[64], straight_lines[64], slant_lines[64];
guint8 steps_apart[64][64];

/* Fills in the tables of the masks, once. */
void
cp_chess_init_masks (void)
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

/* Whether an enemy of @seat attacks @cell with its move, extra steps not
 * looked at, by the masks (which a board with a mirror does not keep):
 * cp_chess_attacked_full() with no cells in danger. */
gboolean
cp_chess_attacked_masked (const CpChessState *st, guint cell, guint seat, guint ignore_a, guint ignore_b, guint block)
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

/* cp_chess_regular_reach() of a knight, a king or a sliding piece, with
 * the masks. */
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
void
cp_chess_regular_reach (const CpChessState *st, guint from, guint ignore_a, guint ignore_b, CpCellSet *reach,
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

/* What the king steps of the piece on a cell meet on the way to a cell:
 * the cells they may land on (the cell aimed at aside), and those where
 * they take checkers. */
typedef struct {
  guint64 pass;
  guint n_gainers, gains;
  guint8 gainer[64], gain[64];
} StepField;

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
gboolean
cp_chess_search_steps (const CpChessState *st, guint from, guint cell, guint ignore_a, guint ignore_b,
                       guint gains, gboolean quick, CpCellSet *read)
{
  const CpPiece *cells = st->base.cells, *p = &cells[from];
  guint n_cells = cp_board_get_width (st->base.board) * cp_board_get_height (st->base.board);
  Walker *w = g_newa (Walker, 1);
  CpCellSet reach;

  cp_chess_regular_reach (st, from, ignore_a, ignore_b, &reach, read);
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

/* The pieces on @attackers that may take extra steps against a side
 * with the stacks on @stacks, as cp_chess_step_starters() finds them.
 * Returns how many. */
static guint
starters_of_masks (const CpChessState *st, guint64 stacks, guint64 attackers, guint8 *starters)
{
  Attackers a;

  sort_attackers (st, attackers, &a);
  return list_cells (stepping_attackers (&a, stacks), starters);
}

/* cp_chess_step_starters() with the masks of the pieces. */
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
guint
cp_chess_step_starters (const CpChessState *st, guint cell, guint seat, guint ignore_a, guint ignore_b,
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
gboolean
cp_chess_extra_step_attack (const CpChessState *st, guint cell, guint seat, guint ignore_a, guint ignore_b,
                            const CpCellSet *from)
{
  guint8 starters[CP_MAX_CELLS];
  guint gains, n = cp_chess_step_starters (st, cell, seat, ignore_a, ignore_b, from, starters, &gains);

  for (guint i = 0; i < n; i++)
    if (reaches_by_steps (st, starters[i], cell, ignore_a, ignore_b, gains, NULL))
      return TRUE;
  return FALSE;
}

/* Fills in @d for the enemies of @seat, @ignore_a and @ignore_b taken as
 * empty: each piece's step_walks() with no cell where they stop.
 * Returns the cells of them all; on other cells
 * cp_chess_extra_step_attack() finds no attack with those cells empty. */
static guint64
find_step_dangers (const CpChessState *st, guint seat, guint ignore_a, guint ignore_b, StepDangers *d)
{
  guint64 danger = 0;

  d->n = cp_chess_step_starters (st, CP_NO_CELL, seat, ignore_a, ignore_b, NULL, d->starters, &d->gains);
  for (guint i = 0; i < d->n; i++)
    {
      CpCellSet reach;
      guint64 walks;

      cp_chess_regular_reach (st, d->starters[i], ignore_a, ignore_b, &reach, NULL);
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
guint64
cp_chess_step_danger (const CpChessState *st, guint seat, guint ignore_a, guint ignore_b)
{
  StepDangers d;

  return st->masks ? find_step_dangers (st, seat, ignore_a, ignore_b, &d) : ALL_CELLS;
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
gboolean
cp_chess_attacked_by_steps_without_king (const CpChessState *st, guint cell, guint seat, guint king, guint side,
                                         KingDanger *danger)
{
  guint64 bit = cell_bit (cell);
  gboolean hit;

  if (danger->asked & bit)
    return (danger->attacked & bit) != 0;
  hit = cp_chess_attacked_masked (st, cell, seat, king, CP_NO_CELL, CP_NO_CELL);
  if (!hit && (bit & king_danger (st, seat, danger)))
    for (guint i = 0; i < danger->steps.n && !hit; i++)
      hit = danger->steps.starters[i] != cell && (danger->steps.near[i] & bit)
            && cp_chess_search_steps (st, danger->steps.starters[i], cell, king, CP_NO_CELL, danger->steps.gains, FALSE, NULL);
  danger->asked |= bit;
  if (hit)
    danger->attacked |= bit;
  return hit;
}

/**
 * cp_chess_steps_may_reach:
 * @from: the cell of a piece
 * @extra: checkers the piece would have beyond those under it
 * @cell: the cell looked at
 *
 * Whether the piece on @from, with @extra checkers more, might come to
 * @cell with its move and then king steps, one for each checker it holds,
 * those of the pieces it may take on the way counted: FALSE is sure,
 * TRUE is not (only distances are looked at, and only with the masks).
 */
gboolean
cp_chess_steps_may_reach (const CpChessState *st, guint from, guint extra, guint cell)
{
  const CpPiece *p = &st->base.cells[from];
  guint budget = p->checkers + extra;
  CpCellSet reach;

  if (!st->masks)
    return TRUE;
  cp_chess_init_masks ();
  /* Every checker of the other side may be taken on the way. */
  for (guint64 m = st->stacked_cells & st->seat_cells[1 - p->seat]; m != 0; m &= m - 1)
    budget += st->base.cells[cp_bits_lowest (m)].checkers;
  /* A knight, a king or a pawn moves two cells at most. */
  if (slides[p->kind] == 0 && steps_apart[from][cell] > budget + 2)
    return FALSE;
  cp_chess_regular_reach (st, from, CP_NO_CELL, CP_NO_CELL, &reach, NULL);
  for (guint64 m = reach.bits[0]; m != 0; m &= m - 1)
    if (steps_apart[cp_bits_lowest (m)][cell] <= budget)
      return TRUE;
  return FALSE;
}
