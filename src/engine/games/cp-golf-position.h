/* cp-golf-position.h: a Chess Golf puzzle and its exact solver
 *
 * In Chess Golf a piece moves only with the move of a piece of its own
 * colour on one of the eight cells around it.  The puzzle names piece
 * types by cards; the goal is that one chosen piece of a card's type
 * captures chosen pieces of the other cards' types.  The position is
 * small and flat so that the game, the command line and a worker thread
 * share it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-piece.h"

G_BEGIN_DECLS

#define CP_GOLF_CELLS 64
#define CP_GOLF_MAX_CARDS 6
/* The longest solution the solver looks for. */
#define CP_GOLF_MAX_DEPTH 16
/* At most this many moves in one position. */
#define CP_GOLF_MAX_MOVES 1024

/* A cell's content: 0 for none, else the kind (CpPieceKind) in the low
 * three bits, CP_GOLF_BLACK for a black piece and CP_GOLF_CHOSEN for a
 * piece of a chosen type that takes part in the captures.  Cards are the
 * same codes without CP_GOLF_CHOSEN. */
#define CP_GOLF_KIND(code) ((CpPieceKind) ((code) & 7))
#define CP_GOLF_BLACK 0x08
#define CP_GOLF_CHOSEN 0x10
#define CP_GOLF_TYPE(code) ((code) & 0x0f)

typedef struct {
  guint8 cells[CP_GOLF_CELLS]; /* a1 = 0, b1 = 1, ..., h8 = 63 */
  guint8 n_cards;              /* the types still to take part */
  guint8 cards[CP_GOLF_MAX_CARDS];
  guint8 capturer;             /* the cell of the piece that made the
                                * captures so far, or 0xff before the first */
} CpGolfPosition;

typedef struct {
  guint8 from, to;
} CpGolfMove;

typedef enum {
  CP_GOLF_FOUND,      /* `n_moves` is the optimum, `moves` one solution */
  CP_GOLF_NONE,       /* no solution within the bound */
  CP_GOLF_CANCELLED,
} CpGolfResult;

typedef struct {
  guint8 n_moves;
  CpGolfMove moves[CP_GOLF_MAX_DEPTH];
  guint64 nodes;      /* positions searched */
} CpGolfSolution;

gboolean     cp_golf_position_parse    (CpGolfPosition *position,
                                        const char     *placement,
                                        const char     *cards,
                                        const char     *chosen,
                                        GError        **error);
void         cp_golf_position_lay_out  (CpGolfPosition *position,
                                        const guint8   *pieces,
                                        guint           n_pieces);
void         cp_golf_position_choose   (CpGolfPosition *position);
guint        cp_golf_position_moves    (const CpGolfPosition *position,
                                        CpGolfMove     *moves);
void         cp_golf_position_make     (CpGolfPosition *position,
                                        const CpGolfMove *move);
gboolean     cp_golf_position_is_solved (const CpGolfPosition *position);
guint        cp_golf_position_captures_left (const CpGolfPosition *position);
CpGolfResult cp_golf_solve             (const CpGolfPosition *position,
                                        guint           bound,
                                        gint64          deadline,
                                        GCancellable   *cancellable,
                                        CpGolfSolution *solution);

G_END_DECLS
