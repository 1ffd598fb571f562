/* cp-brute-synchronous.c: Synchronous Chess move counting written apart
 * from the engine
 *
 * A small, slow counter of its own for the tests, that shares no code
 * with the engine and reads the rules the plainest way.  Every piece has
 * a number, so that "the same piece" and "has struck already" are asked
 * of pieces, not of cells.  A piece attacks a cell when its way of
 * capturing reaches it (pawns diagonally forward, sliders over empty
 * cells only); a move is legal when it reaches its cell that way (or a
 * pawn's step forward onto empty cells, or castling with its right, its
 * path empty and the king's cells not attacked) and leaves its own king
 * unattacked.  There is no en passant.
 *
 * A turn: each player chooses a move of chess that does not land on the
 * enemy king, a king move when in check.  Then every moving piece (both
 * the king and the rook of a castling) leaves its cell; on each cell
 * where pieces of both sides land all of them fall; a piece landing alone
 * takes an enemy it finds there, which therefore stayed.  A king that
 * falls ends the game.
 *
 * The exchange of blows: on each cell where a moving piece stands after
 * the turn, the enemy pieces that attacked it before the turn and still
 * attack it may strike first; later blows there may come from any piece
 * of the other side.  A blow is a legal capture on such a cell of a piece
 * that is not a king, by a piece that has not struck yet.  A player who
 * alone may strike strikes or passes; when both may, both choose (or
 * pass) and the blows land together by the rules of the turn.  A pass
 * closes every open cell that holds a piece of the other side.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cp-brute-synchronous.h"

#define N_CELLS 64
#define MAX_CHOICES 256
#define MAX_FRONTS 4
#define NONE (-1)

typedef struct {
  char kind;    /* 'P', 'N', 'B', 'R', 'Q', 'K', or 0 for an empty cell */
  int side;     /* 0 White, 1 Black */
  int id;       /* the piece's own number, 0 to 31 */
} Man;

typedef struct {
  int from, to;     /* from NONE: a pass */
  char promote;
  gboolean castle;
} Choice;

typedef struct {
  int cell;
  gboolean closed, hit;
  guint32 first;    /* the pieces that may strike first there */
} Front;

typedef struct {
  Man board[N_CELLS];
  gboolean rights[2][2];  /* [side][0: towards h, 1: towards a] */
  gboolean over;
  gboolean blows;         /* an exchange of blows goes on */
  int n_fronts;
  Front front[MAX_FRONTS];
  guint32 struck;         /* the pieces that have struck */
  gboolean chosen[2];
  Choice choice[2];
} Game;

static int
file_of (int cell)
{
  return cell % 8;
}

static int
rank_of (int cell)
{
  return cell / 8;
}

static int
cell_at (int file, int rank)
{
  return file < 0 || file > 7 || rank < 0 || rank > 7 ? NONE : rank * 8 + file;
}

static int
forward (int side)
{
  return side == 0 ? 1 : -1;
}

/* Whether every cell strictly between @a and @b, on one line, is empty. */
static gboolean
clear_between (const Game *g, int a, int b)
{
  int df = (file_of (b) > file_of (a)) - (file_of (b) < file_of (a));
  int dr = (rank_of (b) > rank_of (a)) - (rank_of (b) < rank_of (a));

  for (int c = cell_at (file_of (a) + df, rank_of (a) + dr); c != b; c = cell_at (file_of (c) + df, rank_of (c) + dr))
    if (g->board[c].kind)
      return FALSE;
  return TRUE;
}

/* Whether the piece on @from could capture on @to, whatever stands there. */
static gboolean
reaches (const Game *g, int from, int to)
{
  const Man *m = &g->board[from];
  int df = abs (file_of (to) - file_of (from)), dr = abs (rank_of (to) - rank_of (from));
  gboolean straight = (df == 0) != (dr == 0), diagonal = df == dr && df > 0;

  if (!m->kind || from == to)
    return FALSE;
  switch (m->kind)
    {
    case 'P':
      return df == 1 && rank_of (to) - rank_of (from) == forward (m->side);
    case 'N':
      return df * dr == 2;
    case 'K':
      return MAX (df, dr) == 1;
    case 'B':
      return diagonal && clear_between (g, from, to);
    case 'R':
      return straight && clear_between (g, from, to);
    case 'Q':
      return (straight || diagonal) && clear_between (g, from, to);
    default:
      return FALSE;
    }
}

static gboolean
attacked_by (const Game *g, int cell, int side)
{
  for (int c = 0; c < N_CELLS; c++)
    if (g->board[c].kind && g->board[c].side == side && reaches (g, c, cell))
      return TRUE;
  return FALSE;
}

static int
king_of (const Game *g, int side)
{
  for (int c = 0; c < N_CELLS; c++)
    if (g->board[c].kind == 'K' && g->board[c].side == side)
      return c;
  return NONE;
}

static gboolean
in_check (const Game *g, int side)
{
  int king = king_of (g, side);

  return king != NONE && attacked_by (g, king, 1 - side);
}

/* The rook of a castling, and where king and rook go. */
static void
castling_cells (int side, int wing, int *rook, int *king_to, int *rook_to)
{
  int home = side == 0 ? 0 : 56;

  *rook = home + (wing == 0 ? 7 : 0);
  *king_to = home + (wing == 0 ? 6 : 2);
  *rook_to = home + (wing == 0 ? 5 : 3);
}

/* The board after @c alone, as chess would have it. */
static void
play_alone (Game *g, const Choice *c)
{
  Man man = g->board[c->from];

  if (c->promote)
    man.kind = c->promote;
  memset (&g->board[c->from], 0, sizeof (Man));
  if (c->castle)
    {
      int rook, king_to, rook_to;

      castling_cells (man.side, file_of (c->to) == 6 ? 0 : 1, &rook, &king_to, &rook_to);
      g->board[rook_to] = g->board[rook];
      memset (&g->board[rook], 0, sizeof (Man));
    }
  g->board[c->to] = man;
}

static gboolean
keeps_king_safe (const Game *g, const Choice *c, int side)
{
  Game after = *g;

  play_alone (&after, c);
  return !in_check (&after, side);
}

static void
push (Choice *out, int *n, int from, int to, char promote, gboolean castle)
{
  g_assert (*n < MAX_CHOICES);
  out[(*n)++] = (Choice) { from, to, promote, castle };
}

/* The pawn on @from going to @to: a step or two forward, or a capture. */
static gboolean
pawn_goes (const Game *g, int from, int to)
{
  int side = g->board[from].side, dr = rank_of (to) - rank_of (from);
  int start = side == 0 ? 1 : 6;

  if (file_of (to) != file_of (from))
    return reaches (g, from, to) && g->board[to].kind;
  if (g->board[to].kind)
    return FALSE;
  if (dr == forward (side))
    return TRUE;
  return dr == 2 * forward (side) && rank_of (from) == start && !g->board[from + 8 * forward (side)].kind;
}

static void
castlings (const Game *g, int side, Choice *out, int *n)
{
  int home = side == 0 ? 0 : 56, king = home + 4;

  if (g->board[king].kind != 'K' || g->board[king].side != side || in_check (g, side))
    return;
  for (int wing = 0; wing < 2; wing++)
    {
      int rook, king_to, rook_to;
      gboolean ok;

      castling_cells (side, wing, &rook, &king_to, &rook_to);
      ok = g->rights[side][wing] && g->board[rook].kind == 'R' && g->board[rook].side == side
           && clear_between (g, king, rook);
      for (int c = MIN (king, king_to); ok && c <= MAX (king, king_to); c++)
        ok = !attacked_by (g, c, 1 - side);
      if (ok)
        push (out, n, king, king_to, 0, TRUE);
    }
}

/* The moves of chess of @side, promotions to each piece. */
static int
chess_moves (const Game *g, int side, Choice *out)
{
  int n = 0;

  for (int from = 0; from < N_CELLS; from++)
    for (int to = 0; to < N_CELLS; to++)
      {
        const Man *m = &g->board[from], *there = &g->board[to];
        gboolean goes;
        Choice c = { from, to, 0, FALSE };

        if (!m->kind || m->side != side || (there->kind && there->side == side))
          continue;
        goes = m->kind == 'P' ? pawn_goes (g, from, to) : reaches (g, from, to);
        if (!goes || !keeps_king_safe (g, &c, side))
          continue;
        if (m->kind == 'P' && (rank_of (to) == 0 || rank_of (to) == 7))
          for (const char *k = "QRBN"; *k; k++)
            push (out, &n, from, to, *k, FALSE);
        else
          push (out, &n, from, to, 0, FALSE);
      }
  castlings (g, side, out, &n);
  return n;
}

/* The moves of a turn. */
static int
turn_choices (const Game *g, int side, Choice *out)
{
  Choice all[MAX_CHOICES];
  int n_all = chess_moves (g, side, all), n = 0;
  int enemy_king = king_of (g, 1 - side);
  gboolean check = in_check (g, side);

  for (int i = 0; i < n_all; i++)
    if (all[i].to != enemy_king && (!check || g->board[all[i].from].kind == 'K'))
      out[n++] = all[i];
  return n;
}

/* The open fronts where @side may strike: an enemy piece, not a king. */
static gboolean
front_for (const Game *g, const Front *f, int side)
{
  const Man *m = &g->board[f->cell];

  return !f->closed && m->kind && m->kind != 'K' && m->side != side;
}

static int
blow_choices (const Game *g, int side, Choice *out)
{
  Choice all[MAX_CHOICES];
  int n_all = chess_moves (g, side, all), n = 0;

  for (int i = 0; i < n_all; i++)
    {
      const Man *striker = &g->board[all[i].from];

      if (all[i].castle || (g->struck & (1u << striker->id)))
        continue;
      for (int k = 0; k < g->n_fronts; k++)
        if (g->front[k].cell == all[i].to && front_for (g, &g->front[k], side)
            && (g->front[k].hit || (g->front[k].first & (1u << striker->id))))
          out[n++] = all[i];
    }
  return n;
}

/* A piece under way. */
typedef struct {
  int from, to;
  Man man;
} Runner;

static int
runners_of (const Game *g, const Choice *c, Runner *out)
{
  Man man;

  if (c->from == NONE)
    return 0;
  man = g->board[c->from];
  if (c->promote)
    man.kind = c->promote;
  out[0] = (Runner) { c->from, c->to, man };
  if (!c->castle)
    return 1;
  {
    int rook, king_to, rook_to;

    castling_cells (man.side, file_of (c->to) == 6 ? 0 : 1, &rook, &king_to, &rook_to);
    out[1] = (Runner) { rook, rook_to, g->board[rook] };
    return 2;
  }
}

/* The three cases: everybody leaves, then lands. */
static void
land (Game *g, const Runner *r, int n)
{
  gboolean king_fell[2] = { FALSE, FALSE };

  for (int i = 0; i < n; i++)
    memset (&g->board[r[i].from], 0, sizeof (Man));
  for (int i = 0; i < n; i++)
    {
      gboolean met = FALSE;
      const Man *there = &g->board[r[i].to];

      for (int j = 0; j < n; j++)
        met = met || (r[j].to == r[i].to && r[j].man.side != r[i].man.side);
      if (met)
        {
          king_fell[r[i].man.side] |= r[i].man.kind == 'K';
          continue;
        }
      if (there->kind == 'K')
        king_fell[there->side] = TRUE;
      g->board[r[i].to] = r[i].man;
    }
  /* A castling right goes with its king or rook, moved or taken. */
  for (int side = 0; side < 2; side++)
    {
      int home = side == 0 ? 0 : 56;
      const Man *king = &g->board[home + 4];

      if (king->kind != 'K' || king->side != side)
        g->rights[side][0] = g->rights[side][1] = FALSE;
      for (int wing = 0; wing < 2; wing++)
        {
          const Man *rook = &g->board[home + (wing == 0 ? 7 : 0)];

          if (rook->kind != 'R' || rook->side != side)
            g->rights[side][wing] = FALSE;
        }
    }
  g->over = g->over || king_fell[0] || king_fell[1];
}

/* The piece numbered @id, or NONE. */
static int
cell_of (const Game *g, int id)
{
  for (int c = 0; c < N_CELLS; c++)
    if (g->board[c].kind && g->board[c].id == id)
      return c;
  return NONE;
}

/* Fronts on the cells where a runner stands, with their first strikers. */
static void
open_fronts (Game *g, const Game *before, const Runner *r, int n)
{
  g->n_fronts = 0;
  g->struck = 0;
  for (int i = 0; i < n; i++)
    {
      int q = r[i].to;
      guint32 first = 0;

      if (g->board[q].kind != r[i].man.kind || g->board[q].id != r[i].man.id)
        continue;
      for (int c = 0; c < N_CELLS; c++)
        {
          const Man *m = &before->board[c];
          int now;

          if (!m->kind || m->side == r[i].man.side || !reaches (before, c, q))
            continue;
          now = cell_of (g, m->id);
          if (now != NONE && reaches (g, now, q))
            first |= 1u << m->id;
        }
      if (first != 0)
        g->front[g->n_fronts++] = (Front) { q, FALSE, FALSE, first };
    }
}

static void
close_fronts (Game *g, int side)
{
  for (int k = 0; k < g->n_fronts; k++)
    if (front_for (g, &g->front[k], side))
      g->front[k].closed = TRUE;
}

static int
strikers (const Game *g)
{
  Choice list[MAX_CHOICES];
  int mask = 0;

  for (int side = 0; g->blows && side < 2; side++)
    if (blow_choices (g, side, list) > 0)
      mask |= 1 << side;
  return mask;
}

/* Blows land: the strikers are done, their cells struck. */
static void
strike (Game *g, const Runner *r, int n)
{
  land (g, r, n);
  for (int i = 0; i < n; i++)
    {
      g->struck |= 1u << r[i].man.id;
      for (int k = 0; k < g->n_fronts; k++)
        if (g->front[k].cell == r[i].to)
          g->front[k].hit = TRUE;
    }
}

/* After a blow or a pass: the exchange goes on while anyone may strike. */
static void
go_on (Game *g)
{
  g->chosen[0] = g->chosen[1] = FALSE;
  if (g->over || strikers (g) == 0)
    g->blows = FALSE;
}

/* Both choices are in: the turn's moves, or blows struck together. */
static void
carry_out (Game *g)
{
  Runner r[4];
  int n = 0;
  Game before = *g;

  for (int side = 0; side < 2; side++)
    {
      if (g->blows && g->choice[side].from == NONE)
        close_fronts (g, side);
      n += runners_of (&before, &g->choice[side], r + n);
    }
  if (g->blows)
    strike (g, r, n);
  else
    {
      land (g, r, n);
      open_fronts (g, &before, r, n);
      g->blows = TRUE;
    }
  go_on (g);
}

/* Who chooses now, and among what. */
static int
options (const Game *g, int *side, Choice *out)
{
  int mask = g->blows ? strikers (g) : 3;
  int n;

  *side = !g->chosen[0] && (mask & 1) ? 0 : 1;
  if (!g->blows)
    return turn_choices (g, *side, out);
  n = blow_choices (g, *side, out);
  push (out, &n, NONE, NONE, 0, FALSE);
  return n;
}

static void
choose (Game *g, int side, const Choice *c)
{
  Runner r[2];
  int n;

  if (!g->blows || strikers (g) == 3)
    {
      g->choice[side] = *c;
      g->chosen[side] = TRUE;
      if (g->chosen[1 - side])
        carry_out (g);
      return;
    }
  /* One player alone strikes, or passes. */
  if (c->from == NONE)
    close_fronts (g, side);
  else
    {
      n = runners_of (g, c, r);
      strike (g, r, n);
    }
  go_on (g);
}

static guint64
count (const Game *g, guint depth)
{
  Choice list[MAX_CHOICES];
  int side, n;
  guint64 total = 0;

  if (depth == 0)
    return 1;
  if (g->over)
    return 0;
  n = options (g, &side, list);
  if (depth == 1)
    return (guint64) n;
  for (int i = 0; i < n; i++)
    {
      Game next = *g;

      choose (&next, side, &list[i]);
      total += count (&next, depth - 1);
    }
  return total;
}

static gboolean
read_fen (Game *g, const char *fen)
{
  int file = 0, rank = 7, id = 0;
  const char *s = fen;

  memset (g, 0, sizeof *g);
  for (; *s && *s != ' '; s++)
    {
      if (*s == '/')
        file = 0, rank--;
      else if (*s >= '1' && *s <= '8')
        file += *s - '0';
      else if (cell_at (file, rank) != NONE && id < 32 && strchr ("PNBRQKpnbrqk", *s))
        g->board[cell_at (file++, rank)] = (Man) { g_ascii_toupper (*s), g_ascii_islower (*s), id++ };
      else
        return FALSE;
    }
  while (*s == ' ')
    s++;
  while (*s && *s != ' ')
    s++;
  while (*s == ' ')
    s++;
  for (; *s && *s != ' '; s++)
    if (strchr ("KQkq", *s))
      g->rights[g_ascii_islower (*s)][g_ascii_toupper (*s) == 'Q'] = TRUE;
  return TRUE;
}

guint64
brute_synchronous_perft (const char *fen, guint depth)
{
  Game g;

  if (!read_fen (&g, fen))
    return 0;
  return count (&g, depth);
}
