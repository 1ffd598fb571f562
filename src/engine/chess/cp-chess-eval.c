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
 * guarded; more for the side that has just moved, which cannot answer
 * them at once), the pawn shield in front of a castled king, the rights to
 * castle and the pieces that bear on the cells around the king complete
 * the picture.  The weight of each term (cp-chess-eval.h) was fitted to
 * positions that Stockfish scored (tools/tune-chess-eval.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "cp-chess-eval.h"

typedef CpChessScore Score;

/* The weights the players use. */
static const CpChessWeights default_weights = {
  .material = {
    [CP_PIECE_PAWN] = { 100, 96 },
    [CP_PIECE_KNIGHT] = { 384, 321 },
    [CP_PIECE_BISHOP] = { 383, 294 },
    [CP_PIECE_ROOK] = { 475, 544 },
    [CP_PIECE_QUEEN] = { 1117, 985 },
    [CP_PIECE_KING] = { 0, 20 },
  },
  .pawn_rank = {
    { 0, 0 }, { 9, 22 }, { 5, 6 }, { -8, 12 },
    { 2, 16 }, { 66, 15 }, { 97, 39 }, { 0, 0 },
  },
  .pawn_centre = { 31, -30 },
  .pawn_near_centre = { 18, -20 },
  .pawn_home = { -35, -3 },
  .centre = {
    [CP_PIECE_PAWN] = { -5, -8 },
    [CP_PIECE_KNIGHT] = { -8, -8 },
    [CP_PIECE_BISHOP] = { -2, -4 },
    [CP_PIECE_ROOK] = { -1, -6 },
    [CP_PIECE_QUEEN] = { -2, -10 },
    [CP_PIECE_KING] = { 27, -7 },
  },
  .back_rank = { -13, -11 },
  .rook_seventh = { 45, 9 },
  .rook_centre_file = { 14, -20 },
  .rook_open_file = { 71, -22 },
  .rook_half_open_file = { 33, 12 },
  .king_file = {
    { -71, 27 }, { -7, -5 }, { 34, -33 }, { -6, -4 },
    { 8, -31 }, { -23, -23 }, { 15, -27 }, { -69, -11 },
  },
  .king_second_rank = { 7, 0 },
  .king_advanced = { -24, 23 },
  .king_advanced_rank = { -26, 5 },
  .passed = {
    { 0, 0 }, { 12, 11 }, { -20, 30 }, { 16, 30 },
    { 52, 49 }, { 90, 83 }, { 149, 100 }, { 0, 0 },
  },
  .passed_enemy_king = { 3, 13 },
  .passed_own_king = { -6, -6 },
  .passed_blocked = { 16, -22 },
  .isolated = { -16, -14 },
  .doubled = { -16, -11 },
  .bishop_pair = { 42, 56 },
  .mobility = {
    [CP_PIECE_KNIGHT] = { 10, 0 },
    [CP_PIECE_BISHOP] = { 7, 5 },
    [CP_PIECE_ROOK] = { 6, 4 },
    [CP_PIECE_QUEEN] = { 3, 0 },
  },
  .pawn_threat = {
    { -87, -13 }, { -104, -122 },
  },
  .major_threat = {
    { -95, 1 }, { -137, -65 },
  },
  .hanging = {
    { -47, -17 }, { -63, -73 },
  },
  .shelter_near = { 16, -5 },
  .shelter_far = { -4, 5 },
  .shelter_missing = { -10, 0 },
  .shelter_open_file = { -22, 14 },
  .king_exposed = { -38, 15 },
  .castling_right = { 15, 15 },
  .king_attack = { 3, 2 },
  .tempo = { 50, 11 },
};

/* What the pieces other than pawns are worth, to compare the sides'
 * material when neither has pawns. */
static const int piece_worth[CP_PIECE_KING + 1] = { 0, 0, 320, 330, 480, 950, 0 };
static const int phase_weight[CP_PIECE_KING + 1] = { 0, 0, 1, 1, 2, 4, 0 };
#define FULL_PHASE 24

/* Pieces near the enemy king, by kind. */
static const int attack_units[CP_PIECE_KING + 1] = { 0, 0, 2, 2, 3, 5, 0 };

static inline void
add (Score *s, Score t, int times)
{
  s->mg += times * t.mg;
  s->eg += times * t.eg;
}

/* 0 on the four centre cells up to 6 in the corners. */
static inline int
centre_distance (int x, int y)
{
  return (abs (2 * x - 7) + abs (2 * y - 7)) / 2 - 1;
}

static Score
placement (const CpChessWeights *w, CpPieceKind kind, int x, int r)
{
  Score s = { 0, 0 };

  add (&s, w->centre[kind], centre_distance (x, r));
  switch (kind)
    {
    case CP_PIECE_PAWN:
      add (&s, w->pawn_rank[r], 1);
      if ((x == 3 || x == 4) && (r == 3 || r == 4))
        add (&s, w->pawn_centre, 1);
      else if ((x == 2 || x == 5) && (r == 3 || r == 4))
        add (&s, w->pawn_near_centre, 1);
      else if ((x == 3 || x == 4) && r == 1)
        add (&s, w->pawn_home, 1);
      break;
    case CP_PIECE_KNIGHT:
    case CP_PIECE_BISHOP:
      if (r == 0)
        add (&s, w->back_rank, 1);
      break;
    case CP_PIECE_ROOK:
      if (r == 6)
        add (&s, w->rook_seventh, 1);
      if (x == 3 || x == 4)
        add (&s, w->rook_centre_file, 1);
      break;
    case CP_PIECE_KING:
      if (r == 0)
        add (&s, w->king_file[x], 1);
      else if (r == 1)
        add (&s, w->king_second_rank, 1);
      else
        {
          add (&s, w->king_advanced, 1);
          add (&s, w->king_advanced_rank, r - 2);
        }
      break;
    default:
      break;
    }
  return s;
}

typedef struct {
  const CpChessState *st;
  const CpChessWeights *w;
  const guint8 *nb;
  guint mover;          /* the side to move: the army of the seat to move */
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

      add (&s, e->w->passed[r], 1);
      /* In the endgame the kings' distances to the cell ahead count,
       * the more the further the pawn is. */
      if (r >= 3 && ahead >= 0 && ahead < 8)
        {
          int weight = r - 2;

          add (&s, e->w->passed_enemy_king,
               weight * MIN (distance (e->king_x[enemy], e->king_y[enemy], x, ahead), 5));
          add (&s, e->w->passed_own_king,
               weight * MIN (distance (e->king_x[seat], e->king_y[seat], x, ahead), 5));
          if (e->st->base.cells[ahead * 8 + x].kind != CP_PIECE_NONE)
            add (&s, e->w->passed_blocked, weight);
        }
    }
  if (isolated)
    add (&s, e->w->isolated, 1);
  return s;
}

/* Pieces of @seat that a lesser enemy piece attacks, or that an enemy
 * attacks and nothing guards. */
static Score
threats (const Eval *e, guint seat)
{
  guint enemy = 1 - seat, waiting = seat != e->mover;
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
        add (&s, e->w->major_threat[waiting], 1);
      else if (!(e->all_attacks[seat] & m))
        add (&s, e->w->hanging[waiting], 1);
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
    return e->w->king_exposed;
  for (int f = MAX (kx - 1, 0); f <= MIN (kx + 1, 7); f++)
    {
      const CpPiece *one = &e->st->base.cells[(ky + forward) * 8 + f];
      const CpPiece *two = &e->st->base.cells[(ky + 2 * forward) * 8 + f];

      if (one->kind == CP_PIECE_PAWN && one->seat == seat)
        add (&s, e->w->shelter_near, 1);
      else if (two->kind == CP_PIECE_PAWN && two->seat == seat)
        add (&s, e->w->shelter_far, 1);
      else
        add (&s, e->w->shelter_missing, 1);
      if (e->pawn_count[seat][f] == 0)
        add (&s, e->w->shelter_open_file, 1);
    }
  return s;
}

static inline int
blend (Score s, int phase)
{
  return (s.mg * phase + s.eg * (FULL_PHASE - phase)) / FULL_PHASE;
}

/* Inline, so that the players' evaluation has its weights as constants. */
static inline int
evaluate (const CpChessState *st, guint seat, const CpChessWeights *w)
{
  const CpPiece *cells = st->base.cells;
  Eval e = { .st = st, .w = w, .nb = cp_board_get_neighbours (st->base.board),
             .mover = st->army[MIN (st->base.to_move, CP_MAX_SEATS - 1)] };
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
      add (s, w->material[p->kind], 1);
      add (s, placement (w, p->kind, x, relative_rank (p->seat, y)), 1);
      e.phase += phase_weight[p->kind];
      switch (p->kind)
        {
        case CP_PIECE_PAWN:
          add (s, pawn_structure (&e, p->seat, x, y), 1);
          break;
        case CP_PIECE_ROOK:
          if (e.pawn_count[p->seat][x] == 0)
            add (s, e.pawn_count[1 - p->seat][x] == 0 ? w->rook_open_file : w->rook_half_open_file, 1);
          G_GNUC_FALLTHROUGH;
        case CP_PIECE_KNIGHT:
        case CP_PIECE_BISHOP:
        case CP_PIECE_QUEEN:
          add (s, w->mobility[p->kind], mobility (&e, c, p));
          /* A piece an enemy pawn attacks must give way, or is lost. */
          if (e.pawn_attacks[1 - p->seat] & cell_mask (c))
            add (s, w->pawn_threat[p->seat != e.mover], 1);
          e.pieces[p->seat] += piece_worth[p->kind];
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
          add (&side[s], w->doubled, e.pawn_count[s][f] - 1);
      if (e.bishops[s] >= 2)
        add (&side[s], w->bishop_pair, 1);
      if (st->king[s] != CP_NO_CELL)
        add (&side[s], king_shelter (&e, s), 1);
      for (guint c = 0; c < CP_N_CASTLE_SIDES; c++)
        if (st->castle[s][c].rook != CP_NO_CELL)
          add (&side[s], w->castling_right, 1);
      add (&side[s], threats (&e, s), 1);
      /* Attacks count only with the queen or several pieces joining in. */
      if (e.attacks[s] >= 4)
        add (&side[s], w->king_attack, e.attacks[s]);
    }

  phase = MIN (e.phase, FULL_PHASE);
  mg = side[seat].mg - side[1 - seat].mg;
  eg = side[seat].eg - side[1 - seat].eg;

  /* Without pawns, a small lead in pieces rarely wins. */
  if (eg > 0 ? e.pawns[seat] == 0 && e.pieces[seat] - e.pieces[1 - seat] < 400
             : e.pawns[1 - seat] == 0 && e.pieces[1 - seat] - e.pieces[seat] < 400)
    eg /= 4;

  score = blend ((Score) { mg, eg }, phase);
  return score + (e.mover == seat ? 1 : -1) * blend (w->tempo, phase);
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
  return evaluate (st, seat, &default_weights);
}

/**
 * cp_chess_evaluate_with:
 * @weights: the weight of each term
 *
 * cp_chess_evaluate() with other weights than the players'.
 */
int
cp_chess_evaluate_with (const CpChessState *st, guint seat, const CpChessWeights *weights)
{
  return evaluate (st, seat, weights);
}

/**
 * cp_chess_weights_default:
 *
 * The weights of cp_chess_evaluate().
 */
const CpChessWeights *
cp_chess_weights_default (void)
{
  return &default_weights;
}
