/* cp-chess-eval.h: the weights of the chess evaluation
 *
 * Every term of cp_chess_evaluate() weighs a pair of values, one for the
 * middle game and one for the endgame; the evaluation blends them by the
 * material left.  The weights are public so that a tuner can fit them to
 * the scores of many positions (tools/tune-chess-eval.c); the
 * players use the defaults.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-chess-state.h"

G_BEGIN_DECLS

typedef struct {
  int mg;
  int eg;
} CpChessScore;

/* All members are CpChessScore: the tuner walks them as one array. */
typedef struct {
  CpChessScore material[CP_PIECE_KING + 1];   /* by kind */
  CpChessScore pawn_rank[8];                  /* by rank from the owner's side */
  CpChessScore pawn_centre;                   /* d and e pawns on the 4th and 5th ranks */
  CpChessScore pawn_near_centre;              /* c and f pawns there */
  CpChessScore pawn_home;                     /* d and e pawns not moved */
  CpChessScore centre[CP_PIECE_KING + 1];     /* by kind, for each step from the centre */
  CpChessScore back_rank;                     /* a knight or bishop not developed */
  CpChessScore rook_seventh;
  CpChessScore rook_centre_file;
  CpChessScore rook_open_file;
  CpChessScore rook_half_open_file;
  CpChessScore king_file[8];                  /* the king on its first rank, by file */
  CpChessScore king_second_rank;
  CpChessScore king_advanced;                 /* the king beyond its second rank */
  CpChessScore king_advanced_rank;            /* ... for each rank further */
  CpChessScore passed[8];                     /* by rank */
  CpChessScore passed_enemy_king;             /* for each step of the enemy king from the cell
                                               * ahead, times the pawn's rank less two */
  CpChessScore passed_own_king;               /* ... of one's own king */
  CpChessScore passed_blocked;                /* ... a piece on the cell ahead */
  CpChessScore isolated;
  CpChessScore doubled;
  CpChessScore bishop_pair;
  CpChessScore mobility[CP_PIECE_KING + 1];   /* by kind, for each cell reached */
  /* Threats, [0] to a piece of the side to move, [1] of the other side. */
  CpChessScore pawn_threat[2];                /* a piece an enemy pawn attacks */
  CpChessScore major_threat[2];               /* a rook or queen a lesser piece attacks */
  CpChessScore hanging[2];                    /* a piece attacked and not guarded */
  CpChessScore shelter_near;                  /* a pawn of the shield one cell ahead */
  CpChessScore shelter_far;                   /* ... two cells ahead */
  CpChessScore shelter_missing;               /* ... none */
  CpChessScore shelter_open_file;             /* no pawn of the king's side on the file */
  CpChessScore king_exposed;                  /* the king off its two first ranks */
  CpChessScore castling_right;                /* for each right still open */
  CpChessScore king_attack;                   /* for each unit of attack on the enemy king */
  CpChessScore tempo;                         /* the side to move */
} CpChessWeights;

#define CP_CHESS_N_WEIGHTS (sizeof (CpChessWeights) / sizeof (CpChessScore))

const CpChessWeights *cp_chess_weights_default (void);
int                   cp_chess_evaluate_with   (const CpChessState   *st,
                                                guint                 seat,
                                                const CpChessWeights *weights);

G_END_DECLS
