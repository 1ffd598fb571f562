/* cp-brute-perft.c: move counting written apart from the engine
 *
 * A small, slow chess move generator of its own for the tests, that
 * shares no code with the engine: it reads the FEN-like positions with
 * checkers itself, tries every move on a copy of the board and asks
 * whether a king can be taken afterwards, the plainest way the rules can
 * be read.  It knows the two games with checkers under the pieces:
 *
 * - Half Alice Chess: a piece on a checker is beyond the mirror; a move
 *   must be legal among the pieces on the mover's side (the king on that
 *   side not attacked once it is made), lands on an empty cell or takes a
 *   piece of that side, and then the piece (both pieces when castling)
 *   goes through the mirror; the king must then not be attacked on its
 *   side.
 * - Adrenaline Chess: the turn is the move, the extra king steps of a
 *   piece with checkers one by one or a stop, and after a capture a
 *   checker put under a piece of the other side while one of 24 is free.
 *   A cell is attacked when a piece could reach it with its move and then
 *   its checkers spent on king steps, found by trying every sequence.  The
 *   checker put must leave the placer's king unattacked, and an action
 *   after which the turn cannot end so is left out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-brute-perft.h"

typedef struct {
  char kind;     /* 'P', 'N', 'B', 'R', 'Q', 'K', or 0 */
  gint8 seat;
  gint8 moved;
  gint8 mirror;  /* Half Alice: beyond the mirror */
  gint8 stack;   /* Adrenaline: checkers under the piece */
} Sq;

typedef enum { STAGE_MOVE, STAGE_STEPS, STAGE_PLACE } Stage;

typedef struct {
  BruteGame game;
  Sq sq[64];
  int to_move;
  int ep, ep_pawn;       /* the cell passed by a double step and the pawn, or -1 */
  gboolean castle[2][2]; /* [seat][0: king side, 1: queen side] */
  Stage stage;
  int runner;
  gboolean took;
} Pos;

typedef struct {
  int from, to;
  char promo;
  gboolean ep, castle, dbl;
} Mv;

#define MAX_MOVES 512

static int
file_of (int c)
{
  return c % 8;
}

static int
rank_of (int c)
{
  return c / 8;
}

static int
at (int f, int r)
{
  return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : r * 8 + f;
}

static gboolean
read_fen (Pos *p, BruteGame game, const char *fen)
{
  int f = 0, r = 7, last = -1;
  const char *s = fen;

  memset (p, 0, sizeof *p);
  p->game = game;
  p->ep = p->ep_pawn = p->runner = -1;
  for (; *s && *s != ' '; s++)
    {
      if (*s == '/')
        f = 0, r--;
      else if (*s >= '1' && *s <= '8')
        f += *s - '0';
      else if (*s == '*')
        {
          if (game == BRUTE_HALF_ALICE)
            p->sq[last].mirror = 1;
          else
            p->sq[last].stack++;
        }
      else
        {
          last = at (f++, r);
          p->sq[last].kind = g_ascii_toupper (*s);
          p->sq[last].seat = g_ascii_isupper (*s) ? 0 : 1;
          p->sq[last].moved = p->sq[last].kind == 'P' && r != (p->sq[last].seat == 0 ? 1 : 6);
        }
    }
  if (*s++ != ' ')
    return FALSE;
  p->to_move = *s++ == 'w' ? 0 : 1;
  while (*s == ' ')
    s++;
  for (; *s && *s != ' '; s++)
    switch (*s)
      {
      case 'K': p->castle[0][0] = TRUE; break;
      case 'Q': p->castle[0][1] = TRUE; break;
      case 'k': p->castle[1][0] = TRUE; break;
      case 'q': p->castle[1][1] = TRUE; break;
      default: break;
      }
  while (*s == ' ')
    s++;
  if (*s >= 'a' && *s <= 'h')
    {
      p->ep = at (s[0] - 'a', s[1] - '1');
      p->ep_pawn = p->ep + (p->to_move == 0 ? -8 : 8);
    }
  return TRUE;
}

/* Whether the piece on @c is on side @side of the mirror. */
static gboolean
on_side (const Pos *p, int c, int side)
{
  return p->sq[c].kind && p->sq[c].mirror == side;
}

static void
add (Mv *list, int *n, int from, int to, char promo, gboolean ep, gboolean castle, gboolean dbl)
{
  if (*n < MAX_MOVES)
    list[(*n)++] = (Mv) { from, to, promo, ep, castle, dbl };
}

/* Where a move of the piece on @from may end: an empty cell, or a piece
 * of the other seat on the same side of the mirror (kings included: a
 * move that takes a king shows an attack). */
static int
target (const Pos *p, int from, int to)
{
  const Sq *a = &p->sq[from], *b;

  if (to < 0)
    return 0;
  b = &p->sq[to];
  if (!b->kind)
    return 1;
  if (b->mirror == a->mirror && b->seat != a->seat)
    return 2;
  return 0;
}

static void
pawn_moves (const Pos *p, int from, Mv *list, int *n)
{
  const Sq *a = &p->sq[from];
  int dir = a->seat == 0 ? 1 : -1, f = file_of (from), r = rank_of (from);
  int one = at (f, r + dir), two = at (f, r + 2 * dir);
  int last = a->seat == 0 ? 7 : 0;
  static const char promos[] = "QRBN";

  for (int df = -1; df <= 2; df++)
    {
      int to;
      gboolean ep = FALSE, dbl = FALSE;

      if (df == 0)
        {
          /* One step: onto an empty cell; a piece beyond the mirror is
           * passed but not landed on. */
          if (one < 0 || p->sq[one].kind)
            continue;
          to = one;
        }
      else if (df == 2)
        {
          if (a->moved || one < 0 || two < 0 || on_side (p, one, a->mirror) || p->sq[two].kind)
            continue;
          to = two;
          dbl = TRUE;
        }
      else
        {
          to = at (f + df, r + dir);
          if (to < 0)
            continue;
          if (target (p, from, to) != 2)
            {
              if (to != p->ep || p->sq[to].kind || !on_side (p, p->ep_pawn, a->mirror)
                  || p->sq[p->ep_pawn].seat == a->seat)
                continue;
              ep = TRUE;
            }
        }
      if (rank_of (to) == last)
        for (int i = 0; i < 4; i++)
          add (list, n, from, to, promos[i], FALSE, FALSE, FALSE);
      else
        add (list, n, from, to, 0, ep, FALSE, dbl);
    }
}

static void
piece_moves (const Pos *p, int from, Mv *list, int *n)
{
  static const int knight[8][2] = { {1,2},{2,1},{2,-1},{1,-2},{-1,-2},{-2,-1},{-2,1},{-1,2} };
  static const int lines[8][2] = { {0,1},{1,1},{1,0},{1,-1},{0,-1},{-1,-1},{-1,0},{-1,1} };
  char k = p->sq[from].kind;
  int f = file_of (from), r = rank_of (from);

  if (k == 'P')
    {
      pawn_moves (p, from, list, n);
      return;
    }
  if (k == 'N')
    {
      for (int i = 0; i < 8; i++)
        if (target (p, from, at (f + knight[i][0], r + knight[i][1])))
          add (list, n, from, at (f + knight[i][0], r + knight[i][1]), 0, FALSE, FALSE, FALSE);
      return;
    }
  for (int i = 0; i < 8; i++)
    {
      gboolean diagonal = lines[i][0] != 0 && lines[i][1] != 0;
      int range = k == 'K' ? 1 : 7;

      if ((k == 'B' && !diagonal) || (k == 'R' && diagonal))
        continue;
      for (int s = 1; s <= range; s++)
        {
          int to = at (f + s * lines[i][0], r + s * lines[i][1]);

          if (to < 0)
            break;
          if (target (p, from, to))
            add (list, n, from, to, 0, FALSE, FALSE, FALSE);
          if (on_side (p, to, p->sq[from].mirror))
            break;
        }
    }
}

static gboolean attacked (const Pos *p, int cell, int by, int side);

/* Moves a piece, with what each game adds; returns the checkers it now
 * carries. */
static void
apply_move (Pos *p, const Mv *m)
{
  Sq piece = p->sq[m->from];
  int taken = m->ep ? p->ep_pawn : m->to;
  int gained = p->sq[taken].kind ? p->sq[taken].stack : 0;

  if (p->sq[taken].kind)
    p->took = TRUE;
  if (p->stage == STAGE_STEPS)
    piece.stack--;
  piece.stack += gained;
  memset (&p->sq[taken], 0, sizeof (Sq));
  memset (&p->sq[m->from], 0, sizeof (Sq));
  piece.moved = 1;
  if (m->promo)
    piece.kind = m->promo;
  if (p->game == BRUTE_HALF_ALICE)
    piece.mirror = !piece.mirror;
  p->sq[m->to] = piece;
  if (m->castle)
    {
      int rank = rank_of (m->from), kside = file_of (m->to) == 6;
      int rook = at (kside ? 7 : 0, rank), rook_to = at (kside ? 5 : 3, rank);

      p->sq[rook_to] = p->sq[rook];
      memset (&p->sq[rook], 0, sizeof (Sq));
      p->sq[rook_to].moved = 1;
      if (p->game == BRUTE_HALF_ALICE)
        p->sq[rook_to].mirror = !p->sq[rook_to].mirror;
    }
  p->ep = p->ep_pawn = -1;
  if (m->dbl)
    {
      p->ep = (m->from + m->to) / 2;
      p->ep_pawn = m->to;
    }
  /* Castling rights go with a king or rook that moves or is taken. */
  for (int s = 0; s < 2; s++)
    {
      int home = s == 0 ? 0 : 56;

      for (int c = 0; c < 64; c++)
        if (c == m->from || c == m->to)
          {
            if (c == home + 4)
              p->castle[s][0] = p->castle[s][1] = FALSE;
            if (c == home + 7)
              p->castle[s][0] = FALSE;
            if (c == home)
              p->castle[s][1] = FALSE;
          }
    }
}

static int
king_of (const Pos *p, int seat)
{
  for (int c = 0; c < 64; c++)
    if (p->sq[c].kind == 'K' && p->sq[c].seat == seat)
      return c;
  return -1;
}

/* Adrenaline: whether the piece on @from, with @left checkers, reaches
 * @cell with king steps, trying every way. */
static gboolean
steps_reach (const Pos *p, int from, int left, int cell)
{
  if (left <= 0)
    return FALSE;
  for (int df = -1; df <= 1; df++)
    for (int dr = -1; dr <= 1; dr++)
      {
        int to = at (file_of (from) + df, rank_of (from) + dr);
        Pos next;

        if ((df == 0 && dr == 0) || to < 0)
          continue;
        if (to == cell)
          return TRUE;
        if (p->sq[to].kind && (p->sq[to].seat == p->sq[from].seat || p->sq[to].kind == 'K'))
          continue;
        next = *p;
        next.sq[to] = next.sq[from];
        memset (&next.sq[from], 0, sizeof (Sq));
        if (steps_reach (&next, to, left - 1 + (p->sq[to].kind ? p->sq[to].stack : 0), cell))
          return TRUE;
      }
  return FALSE;
}

/* Whether a piece of @by on @side attacks @cell: takes what stands there
 * (a piece of the other seat is put there if it is empty), or in
 * Adrenaline Chess gets there with its checkers after any move. */
static gboolean
attacked (const Pos *p, int cell, int by, int side)
{
  Pos probe = *p;

  if (!probe.sq[cell].kind)
    probe.sq[cell] = (Sq) { .kind = 'K', .seat = (gint8) (1 - by), .mirror = (gint8) side };
  for (int from = 0; from < 64; from++)
    {
      Mv list[MAX_MOVES];
      int n = 0;

      if (!probe.sq[from].kind || probe.sq[from].seat != by || probe.sq[from].mirror != side)
        continue;
      piece_moves (&probe, from, list, &n);
      for (int i = 0; i < n; i++)
        {
          Pos after;

          if (list[i].to == cell && !(probe.sq[from].kind == 'P' && file_of (from) == file_of (cell)))
            return TRUE;
          if (p->game != BRUTE_ADRENALINE || list[i].to == cell)
            continue;
          /* The checkers of the piece, and those of a piece it takes
           * (en passant too: any move may start the steps). */
          after = probe;
          after.sq[list[i].to] = after.sq[from];
          after.sq[list[i].to].stack += probe.sq[list[i].to].kind ? probe.sq[list[i].to].stack : 0;
          if (list[i].ep)
            {
              after.sq[list[i].to].stack += probe.sq[probe.ep_pawn].stack;
              memset (&after.sq[probe.ep_pawn], 0, sizeof (Sq));
            }
          memset (&after.sq[from], 0, sizeof (Sq));
          if (steps_reach (&after, list[i].to, after.sq[list[i].to].stack, cell))
            return TRUE;
        }
    }
  return FALSE;
}

static gboolean
king_safe (const Pos *p, int seat)
{
  int k = king_of (p, seat);

  return k < 0 || !attacked (p, k, 1 - seat, p->sq[k].mirror);
}

static void
castling_moves (const Pos *p, Mv *list, int *n)
{
  int seat = p->to_move, home = seat == 0 ? 0 : 56, king = home + 4;

  if (p->sq[king].kind != 'K' || p->sq[king].seat != seat || p->sq[king].stack)
    return;
  for (int side = 0; side < 2; side++)
    {
      int rook = home + (side == 0 ? 7 : 0), king_to = home + (side == 0 ? 6 : 2);
      int rook_to = home + (side == 0 ? 5 : 3), mirror = p->sq[king].mirror;
      gboolean ok = p->castle[seat][side] && p->sq[rook].kind == 'R' && p->sq[rook].seat == seat
                    && p->sq[rook].mirror == mirror && !p->sq[rook].stack;

      for (int c = MIN (rook, king) + 1; ok && c < MAX (rook, king); c++)
        ok = !on_side (p, c, mirror) && (!p->sq[c].kind || (c != king_to && c != rook_to));
      for (int c = MIN (king, king_to); ok && c <= MAX (king, king_to); c++)
        ok = !attacked (p, c, 1 - seat, mirror);
      if (ok)
        add (list, n, king, king_to, 0, FALSE, TRUE, FALSE);
    }
}

/* The legal moves of a turn's first action. */
static void
regular_moves (const Pos *p, Mv *out, int *n_out)
{
  Mv list[MAX_MOVES];
  int n = 0, seat = p->to_move;

  for (int from = 0; from < 64; from++)
    if (p->sq[from].kind && p->sq[from].seat == seat)
      piece_moves (p, from, list, &n);
  castling_moves (p, list, &n);
  for (int i = 0; i < n; i++)
    {
      Pos after = *p;
      int k;

      if (p->sq[list[i].to].kind == 'K')
        continue;
      if (p->game == BRUTE_HALF_ALICE)
        {
          /* Legal on its side first: the king there not attacked. */
          Pos before_switch = *p;

          before_switch.game = BRUTE_CHESS;
          apply_move (&before_switch, &list[i]);
          k = king_of (&before_switch, seat);
          if (k >= 0 && before_switch.sq[k].mirror == p->sq[list[i].from].mirror
              && !king_safe (&before_switch, seat))
            continue;
        }
      apply_move (&after, &list[i]);
      if (king_safe (&after, seat))
        out[(*n_out)++] = list[i];
    }
}

typedef struct {
  enum { ACT_MOVE, ACT_STOP, ACT_PLACE } type;
  Mv mv;
  int cell;
} Act;

static int
free_checkers (const Pos *p)
{
  int used = 0;

  for (int c = 0; c < 64; c++)
    used += p->sq[c].kind ? p->sq[c].stack : 0;
  return 24 - used;
}

static void
end_moving (Pos *p)
{
  p->runner = -1;
  if (p->took && free_checkers (p) > 0)
    p->stage = STAGE_PLACE;
  else
    {
      p->took = FALSE;
      p->stage = STAGE_MOVE;
      p->to_move = 1 - p->to_move;
    }
}

static void
play (Pos *p, const Act *a)
{
  switch (a->type)
    {
    case ACT_MOVE:
      apply_move (p, &a->mv);
      if (p->game != BRUTE_ADRENALINE)
        p->to_move = 1 - p->to_move;
      else if (p->sq[a->mv.to].stack > 0 && !a->mv.castle)
        {
          p->stage = STAGE_STEPS;
          p->runner = a->mv.to;
        }
      else
        end_moving (p);
      break;
    case ACT_STOP:
      end_moving (p);
      break;
    case ACT_PLACE:
      p->sq[a->cell].stack++;
      p->took = FALSE;
      p->stage = STAGE_MOVE;
      p->to_move = 1 - p->to_move;
      break;
    default:
      break;
    }
}

static int
actions (const Pos *p, Act *acts)
{
  Mv moves[MAX_MOVES];
  int n = 0, n_acts = 0;

  if (p->stage == STAGE_PLACE)
    {
      for (int c = 0; c < 64; c++)
        if (p->sq[c].kind && p->sq[c].seat != p->to_move)
          acts[n_acts++] = (Act) { ACT_PLACE, { 0 }, c };
      return n_acts;
    }
  if (p->stage == STAGE_STEPS)
    {
      int from = p->runner, last = p->to_move == 0 ? 7 : 0;
      static const char promos[] = "QRBN";

      for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++)
          {
            int to = at (file_of (from) + df, rank_of (from) + dr);
            gboolean pawn_promotes = p->sq[from].kind == 'P' && to >= 0 && rank_of (to) == last;

            if ((df == 0 && dr == 0) || to < 0
                || (p->sq[to].kind && (p->sq[to].seat == p->to_move || p->sq[to].kind == 'K')))
              continue;
            for (int i = 0; i < (pawn_promotes ? 4 : 1); i++)
              {
                Mv m = { from, to, pawn_promotes ? promos[i] : 0, FALSE, FALSE, FALSE };
                Pos after = *p;

                apply_move (&after, &m);
                if (king_safe (&after, p->to_move))
                  acts[n_acts++] = (Act) { ACT_MOVE, m, -1 };
              }
          }
      acts[n_acts++] = (Act) { ACT_STOP, { 0 }, -1 };
      return n_acts;
    }
  regular_moves (p, moves, &n);
  for (int i = 0; i < n; i++)
    acts[n_acts++] = (Act) { ACT_MOVE, moves[i], -1 };
  return n_acts;
}

static int legal (const Pos *p, Act *acts);

/* Adrenaline: whether the turn under way can end with the mover's king
 * safe: it is over, or the piece taking extra steps may stop without a
 * checker due, or some action leads on so. */
static gboolean
can_finish (const Pos *p)
{
  Act acts[MAX_MOVES];

  if (p->stage == STAGE_MOVE)
    return TRUE;
  if (p->stage == STAGE_STEPS && (!p->took || free_checkers (p) == 0))
    return TRUE;
  return legal (p, acts) > 0;
}

/* The actions of actions() after which the mover's king is safe and the
 * turn can end with it safe: a checker put must leave the placer's king
 * unattacked. */
static int
legal (const Pos *p, Act *acts)
{
  int n = actions (p, acts), kept = 0;

  if (p->game != BRUTE_ADRENALINE)
    return n;
  for (int i = 0; i < n; i++)
    {
      Pos next = *p;
      int mover = p->to_move;

      play (&next, &acts[i]);
      if (acts[i].type == ACT_PLACE && !king_safe (&next, mover))
        continue;
      if (next.to_move == mover && !can_finish (&next))
        continue;
      acts[kept++] = acts[i];
    }
  return kept;
}

static guint64
count (const Pos *p, guint depth)
{
  Act acts[MAX_MOVES];
  int n;
  guint64 total = 0;

  if (depth == 0)
    return 1;
  n = legal (p, acts);
  if (depth == 1)
    return (guint64) n;
  for (int i = 0; i < n; i++)
    {
      Pos next = *p;

      play (&next, &acts[i]);
      total += count (&next, depth - 1);
    }
  return total;
}

guint64
brute_perft (BruteGame game, const char *fen, guint depth)
{
  Pos p;

  if (!read_fen (&p, game, fen))
    return 0;
  return count (&p, depth);
}
