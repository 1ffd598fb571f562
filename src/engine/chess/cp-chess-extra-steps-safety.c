/* cp-chess-extra-steps-safety.c: which moves leave the king safe from
 * the extra steps of the other side (CP_CHESS_EXTRA_STEPS)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-chess-private.h"

/* The cells cp_chess_regular_reach() finds for the piece on @from, with
 * the masks, once the other side has moved: the pieces of its own side on
 * @own, those of the other on @others, and en passant taking on @ep_cell. */
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

  cp_chess_regular_reach (trial, from, CP_NO_CELL, CP_NO_CELL, &reach, NULL);
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
 * made and cp_chess_search_steps() decides. */

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
        s->verdicts[i] = cp_chess_search_steps (st, s->cells[i], king, CP_NO_CELL, CP_NO_CELL, s->gains, FALSE, NULL)
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
  cp_chess_set_cell (st, cell, &p);
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
    safe = !cp_chess_search_steps (trial, unsure[u], s->king, CP_NO_CELL, CP_NO_CELL,
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

/* cp_chess_keep_safe_moves() with the masks. */
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
                || !cp_chess_attacked_masked (st, king, seat, from, a->cells[1], a->cells[1]))
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
void
cp_chess_keep_safe_moves (const CpChessState *st, guint player, guint first, KingDanger *danger, CpActionList *out)
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
  before.n = cp_chess_step_starters (st, king, seat, CP_NO_CELL, CP_NO_CELL, NULL, before.cells, &before.gains);
  memset (before.read, 0, before.n * sizeof before.read[0]);
  for (guint i = 0; i < before.n; i++)
    before.reaches[i] = reaches_by_steps (st, before.cells[i], king, CP_NO_CELL, CP_NO_CELL,
                                           before.gains, &before.read[i]);
  memset (before.looked, 0, before.n * sizeof before.looked[0]);
  for (guint i = 0; i < before.n; i++)
    cp_chess_regular_reach (st, before.cells[i], CP_NO_CELL, CP_NO_CELL, &before.reach[i], &before.looked[i]);

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
        n_after = cp_chess_step_starters (&trial, king, seat, CP_NO_CELL, CP_NO_CELL, NULL, after, &gains);

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
