/* cp-chess-eval.c: how a computer player weighs a position of orthodox
 * chess, from any start position
 *
 * Material and piece placement are weighed twice, for the middle game and
 * for the endgame, and blended by how much material is left.  Placement
 * follows simple principles written as formulas rather than tables:
 * knights and bishops towards the centre, pawns forward (the centre pawns
 * most), rooks on the seventh rank and on open files, the king sheltered
 * in a corner while queens and rooks are about and in the centre later.
 * Pawn structure (passed pawns, weighed in the endgame by how near each
 * king is to the cell ahead of them; doubled and isolated pawns), the
 * bishop pair, mobility (to cells no enemy pawn guards), threats (pieces
 * that a pawn or a lesser piece attacks, or that are attacked and not
 * guarded), the pawn shield in front of a castled king and the pieces
 * that bear on the cells around it complete the picture.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "cp-chess-state.h"

typedef struct {
  int mg;
  int eg;
} Score;

static const int mg_value[CP_PIECE_KING + 1] = { 0, 100, 320, 330, 480, 950, 0 };
static const int eg_value[CP_PIECE_KING + 1] = { 0, 120, 300, 320, 540, 960, 0 };
static const int phase_weight[CP_PIECE_KING + 1] = { 0, 0, 1, 1, 2, 4, 0 };
#define FULL_PHASE 24

/* By rank counted from the owner's side. */
static const int pawn_mg[8] = { 0, 0, 2, 6, 14, 28, 50, 0 };
static const int pawn_eg[8] = { 0, 0, 4, 12, 26, 48, 80, 0 };
static const int passed_mg[8] = { 0, 5, 10, 15, 30, 50, 80, 0 };
static const int passed_eg[8] = { 0, 10, 15, 30, 55, 90, 140, 0 };
/* The king on its first rank, by file. */
static const int king_home_mg[8] = { 10, 25, 15, 0, 0, 5, 30, 15 };
/* Pieces near the enemy king, by kind. */
static const int attack_units[CP_PIECE_KING + 1] = { 0, 0, 2, 2, 3, 5, 0 };

/* 0 on the four centre cells up to 6 in the corners. */
static inline int
centre_distance (int x, int y)
{
  return (abs (2 * x - 7) + abs (2 * y - 7)) / 2 - 1;
}

static Score
placement (CpPieceKind kind, int x, int r)
{
  int cd = centre_distance (x, r);

  switch (kind)
    {
    case CP_PIECE_PAWN:
      {
        Score s = { pawn_mg[r], pawn_eg[r] };

        if ((x == 3 || x == 4) && (r == 3 || r == 4))
          s.mg += 20;
        else if ((x == 2 || x == 5) && (r == 3 || r == 4))
          s.mg += 8;
        else if ((x == 3 || x == 4) && r == 1)
          s.mg -= 10;
        return s;
      }
    case CP_PIECE_KNIGHT:
      return (Score) { 20 - 8 * cd - (r == 0 ? 10 : 0), 10 - 6 * cd };
    case CP_PIECE_BISHOP:
      return (Score) { 10 - 4 * cd - (r == 0 ? 10 : 0), 8 - 3 * cd };
    case CP_PIECE_ROOK:
      return (Score) { (r == 6 ? 20 : 0) + (x == 3 || x == 4 ? 5 : 0), r == 6 ? 15 : 0 };
    case CP_PIECE_QUEEN:
      return (Score) { -3 * cd, 10 - 4 * cd };
    case CP_PIECE_KING:
      return (Score) { r == 0 ? king_home_mg[x] : r == 1 ? -10 : -30 - 10 * (r - 2), 20 - 8 * cd };
    default:
      return (Score) { 0, 0 };
    }
}

typedef struct {
  const CpChessState *st;
  const guint8 *nb;
  int pawn_count[2][8];
  int pawn_min[2][8];   /* lowest and highest rank (y) of a pawn on the file */
  int pawn_max[2][8];
  int king_x[2], king_y[2];
  guint64 pawn_attacks[2]; /* bit c: a pawn of the side attacks cell c */
  guint64 minor_attacks[2]; /* ... a knight or bishop */
  guint64 rook_attacks[2];
  guint64 all_attacks[2]; /* ... any piece, the king included, or a pawn */
  guint8 pieces_at[2][16]; /* the cells of knights, bishops, rooks and queens */
  guint n_pieces_at[2];
  int attacks[2];       /* attack units of each side near the other's king */
  int bishops[2];
  int pawns[2];
  int pieces[2];        /* material of pieces other than pawns (middle game values) */
  int phase;
} Eval;

static inline int
relative_rank (guint seat, int y)
{
  return seat == 0 ? y : 7 - y;
}

static inline gboolean
near_king (const Eval *e, guint seat, guint cell)
{
  int x = (int) cell % 8, y = (int) cell / 8;

  return abs (x - e->king_x[seat]) <= 1 && abs (y - e->king_y[seat]) <= 1;
}

static inline int
distance (int x1, int y1, int x2, int y2)
{
  return MAX (abs (x1 - x2), abs (y1 - y2));
}

static inline guint64
cell_mask (guint cell)
{
  return G_GUINT64_CONSTANT (1) << cell;
}

/* The cells a piece reaches (empty or enemy) where no enemy pawn takes
 * it, counting those next to the enemy king, guarded or not, as attacks
 * on it.  Notes the cells it attacks or guards. */
static int
mobility (Eval *e, guint cell, const CpPiece *p)
{
  const CpPiece *cells = e->st->base.cells;
  guint enemy = 1 - p->seat;
  guint64 reached = 0;
  int n = 0, near = 0;

  if (p->kind == CP_PIECE_KNIGHT)
    {
      guint count;
      const guint8 *targets = cp_board_knight_targets (e->st->base.board, cell, &count);

      for (guint i = 0; i < count; i++)
        {
          reached |= cell_mask (targets[i]);
          if (cells[targets[i]].kind == CP_PIECE_NONE || cells[targets[i]].seat != p->seat)
            {
              n += !(e->pawn_attacks[enemy] & cell_mask (targets[i]));
              near += near_king (e, enemy, targets[i]);
            }
        }
    }
  else
    {
      guint first = p->kind == CP_PIECE_ROOK ? 0 : 1;
      guint stride = p->kind == CP_PIECE_QUEEN ? 1 : 2;

      for (guint d = p->kind == CP_PIECE_QUEEN ? 0 : first; d < CP_N_DIRS; d += stride)
        for (guint to = e->nb[cell * CP_N_DIRS + d]; to != CP_NO_CELL; to = e->nb[to * CP_N_DIRS + d])
          {
            reached |= cell_mask (to);
            if (cells[to].kind != CP_PIECE_NONE && cells[to].seat == p->seat)
              break;
            n += !(e->pawn_attacks[enemy] & cell_mask (to));
            near += near_king (e, enemy, to);
            if (cells[to].kind != CP_PIECE_NONE)
              break;
          }
    }
  if (near > 0)
    e->attacks[p->seat] += attack_units[p->kind] * near;
  e->all_attacks[p->seat] |= reached;
  if (p->kind == CP_PIECE_KNIGHT || p->kind == CP_PIECE_BISHOP)
    e->minor_attacks[p->seat] |= reached;
  else if (p->kind == CP_PIECE_ROOK)
    e->rook_attacks[p->seat] |= reached;
  return n;
}

static Score
mobility_score (CpPieceKind kind, int n)
{
  switch (kind)
    {
    case CP_PIECE_KNIGHT:
      return (Score) { 4 * (n - 4), 4 * (n - 4) };
    case CP_PIECE_BISHOP:
      return (Score) { 5 * (n - 6), 5 * (n - 6) };
    case CP_PIECE_ROOK:
      return (Score) { 2 * (n - 7), 4 * (n - 7) };
    case CP_PIECE_QUEEN:
      return (Score) { n - 13, 2 * (n - 13) };
    default:
      return (Score) { 0, 0 };
    }
}

static void
add (Score *s, Score t, int sign)
{
  s->mg += sign * t.mg;
  s->eg += sign * t.eg;
}

static Score
pawn_structure (const Eval *e, guint seat, int x, int y)
{
  guint enemy = 1 - seat;
  int r = relative_rank (seat, y);
  gboolean passed = TRUE, isolated = TRUE;
  Score s = { 0, 0 };

  for (int f = MAX (x - 1, 0); f <= MIN (x + 1, 7); f++)
    {
      if (seat == 0 ? e->pawn_max[enemy][f] > y : e->pawn_min[enemy][f] < y)
        passed = FALSE;
      if (f != x && e->pawn_count[seat][f] > 0)
        isolated = FALSE;
    }
  if (passed)
    {
      int ahead = y + (seat == 0 ? 1 : -1);

      add (&s, (Score) { passed_mg[r], passed_eg[r] }, 1);
      /* In the endgame the kings' distances to the cell ahead count,
       * the more the further the pawn is. */
      if (r >= 3 && ahead >= 0 && ahead < 8)
        {
          int weight = r - 2;

          s.eg += weight * (5 * MIN (distance (e->king_x[enemy], e->king_y[enemy], x, ahead), 5)
                            - 2 * MIN (distance (e->king_x[seat], e->king_y[seat], x, ahead), 5));
          if (e->st->base.cells[ahead * 8 + x].kind != CP_PIECE_NONE)
            s.eg -= weight * 8;
        }
    }
  if (isolated)
    add (&s, (Score) { 10, 15 }, -1);
  return s;
}

/* Pieces of @seat that a lesser enemy piece attacks, or that an enemy
 * attacks and nothing guards. */
static Score
threats (const Eval *e, guint seat)
{
  guint enemy = 1 - seat;
  Score s = { 0, 0 };

  for (guint i = 0; i < e->n_pieces_at[seat]; i++)
    {
      guint cell = e->pieces_at[seat][i];
      guint64 m = cell_mask (cell);
      CpPieceKind kind = e->st->base.cells[cell].kind;

      if (!(e->all_attacks[enemy] & m) || (e->pawn_attacks[enemy] & m))
        continue;
      if ((kind == CP_PIECE_ROOK && (e->minor_attacks[enemy] & m))
          || (kind == CP_PIECE_QUEEN && ((e->minor_attacks[enemy] | e->rook_attacks[enemy]) & m)))
        add (&s, (Score) { 40, 30 }, -1);
      else if (!(e->all_attacks[seat] & m))
        add (&s, (Score) { 25, 20 }, -1);
    }
  return s;
}

static Score
king_shelter (const Eval *e, guint seat)
{
  int kx = e->king_x[seat], ky = e->king_y[seat];
  int forward = seat == 0 ? 1 : -1;
  Score s = { 0, 0 };

  if (relative_rank (seat, ky) > 1)
    return (Score) { -20, 0 };
  for (int f = MAX (kx - 1, 0); f <= MIN (kx + 1, 7); f++)
    {
      const CpPiece *one = &e->st->base.cells[(ky + forward) * 8 + f];
      const CpPiece *two = &e->st->base.cells[(ky + 2 * forward) * 8 + f];

      if (one->kind == CP_PIECE_PAWN && one->seat == seat)
        s.mg += 10;
      else if (two->kind == CP_PIECE_PAWN && two->seat == seat)
        s.mg += 5;
      else
        s.mg -= 12;
      if (e->pawn_count[seat][f] == 0)
        s.mg -= 10;
    }
  return s;
}

/**
 * cp_chess_evaluate:
 * @seat: 0 (White) or 1 (Black)
 *
 * How good the position of a two-player game on the 8x8 board looks for
 * @seat, in hundredths of a pawn.
 */
int
cp_chess_evaluate (const CpChessState *st, guint seat)
{
  const CpPiece *cells = st->base.cells;
  Eval e = { .st = st, .nb = cp_board_get_neighbours (st->base.board) };
  Score side[2] = { { 0, 0 }, { 0, 0 } };
  int mg, eg, score, phase;

  for (guint s = 0; s < 2; s++)
    for (guint f = 0; f < 8; f++)
      {
        e.pawn_min[s][f] = 8;
        e.pawn_max[s][f] = -1;
      }
  for (guint s = 0; s < 2; s++)
    {
      guint king = st->king[s];

      e.king_x[s] = king == CP_NO_CELL ? -8 : (int) king % 8;
      e.king_y[s] = king == CP_NO_CELL ? -8 : (int) king / 8;
    }

  /* First the pawns, which the rest looks at. */
  for (guint c = 0; c < 64; c++)
    {
      const CpPiece *p = &cells[c];

      if (p->kind == CP_PIECE_PAWN && p->seat < 2)
        {
          int x = (int) c % 8, y = (int) c / 8, ahead;

          e.pawn_count[p->seat][x]++;
          e.pawn_min[p->seat][x] = MIN (e.pawn_min[p->seat][x], y);
          e.pawn_max[p->seat][x] = MAX (e.pawn_max[p->seat][x], y);
          e.pawns[p->seat]++;
          ahead = y + (p->seat == 0 ? 1 : -1);
          if (ahead >= 0 && ahead < 8)
            {
              if (x > 0)
                e.pawn_attacks[p->seat] |= cell_mask ((guint) (ahead * 8 + x - 1));
              if (x < 7)
                e.pawn_attacks[p->seat] |= cell_mask ((guint) (ahead * 8 + x + 1));
            }
        }
    }

  for (guint s = 0; s < 2; s++)
    {
      e.all_attacks[s] = e.pawn_attacks[s];
      for (guint d = 0; st->king[s] != CP_NO_CELL && d < CP_N_DIRS; d++)
        if (e.nb[st->king[s] * CP_N_DIRS + d] != CP_NO_CELL)
          e.all_attacks[s] |= cell_mask (e.nb[st->king[s] * CP_N_DIRS + d]);
    }

  for (guint c = 0; c < 64; c++)
    {
      const CpPiece *p = &cells[c];
      int x = (int) c % 8, y = (int) c / 8;
      Score *s;

      if (p->kind == CP_PIECE_NONE || p->kind > CP_PIECE_KING || p->seat > 1)
        continue;
      s = &side[p->seat];
      s->mg += mg_value[p->kind];
      s->eg += eg_value[p->kind];
      add (s, placement (p->kind, x, relative_rank (p->seat, y)), 1);
      e.phase += phase_weight[p->kind];
      switch (p->kind)
        {
        case CP_PIECE_PAWN:
          add (s, pawn_structure (&e, p->seat, x, y), 1);
          break;
        case CP_PIECE_ROOK:
          if (e.pawn_count[p->seat][x] == 0)
            add (s, e.pawn_count[1 - p->seat][x] == 0 ? (Score) { 25, 10 } : (Score) { 12, 6 }, 1);
          G_GNUC_FALLTHROUGH;
        case CP_PIECE_KNIGHT:
        case CP_PIECE_BISHOP:
        case CP_PIECE_QUEEN:
          add (s, mobility_score (p->kind, mobility (&e, c, p)), 1);
          /* A piece an enemy pawn attacks must give way, or is lost. */
          if (e.pawn_attacks[1 - p->seat] & cell_mask (c))
            add (s, (Score) { 35, 25 }, -1);
          e.pieces[p->seat] += mg_value[p->kind];
          if (e.n_pieces_at[p->seat] < G_N_ELEMENTS (e.pieces_at[0]))
            e.pieces_at[p->seat][e.n_pieces_at[p->seat]++] = (guint8) c;
          e.bishops[p->seat] += p->kind == CP_PIECE_BISHOP;
          break;
        default:
          break;
        }
    }

  for (guint s = 0; s < 2; s++)
    {
      for (guint f = 0; f < 8; f++)
        if (e.pawn_count[s][f] > 1)
          add (&side[s], (Score) { 10, 20 }, -(e.pawn_count[s][f] - 1));
      if (e.bishops[s] >= 2)
        add (&side[s], (Score) { 30, 50 }, 1);
      if (st->king[s] != CP_NO_CELL)
        add (&side[s], king_shelter (&e, s), 1);
      add (&side[s], threats (&e, s), 1);
      /* Attacks count only with the queen or several pieces joining in. */
      if (e.attacks[s] >= 4)
        side[s].mg += 6 * e.attacks[s];
    }

  phase = MIN (e.phase, FULL_PHASE);
  mg = side[seat].mg - side[1 - seat].mg;
  eg = side[seat].eg - side[1 - seat].eg;

  /* Without pawns, a small lead in pieces rarely wins. */
  if (eg > 0 ? e.pawns[seat] == 0 && e.pieces[seat] - e.pieces[1 - seat] < 400
             : e.pawns[1 - seat] == 0 && e.pieces[1 - seat] - e.pieces[seat] < 400)
    eg /= 4;

  score = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
  return score + (st->base.to_move == seat ? 10 : -10);
}
