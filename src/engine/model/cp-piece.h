/* cp-piece.h: a piece on a cell and its per-piece state
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-types.h"

G_BEGIN_DECLS

/* The kinds of piece.  The set is open: games add kinds at the end. */
typedef enum {
  CP_PIECE_NONE,            /* an empty cell */
  CP_PIECE_PAWN,
  CP_PIECE_KNIGHT,
  CP_PIECE_BISHOP,
  CP_PIECE_ROOK,
  CP_PIECE_QUEEN,
  CP_PIECE_KING,
  CP_PIECE_MAN,             /* steps, and hops over its neighbours */
  CP_PIECE_CHIVALRY_KNIGHT, /* as a man, and may hop over friends then foes */
  CP_PIECE_CHECKER,         /* a checker standing on its own */
  CP_N_PIECE_KINDS
} CpPieceKind;

/* Per-piece state flags. */
typedef enum {
  CP_PIECE_FLAG_MOVED  = 1 << 0, /* has moved at least once */
  CP_PIECE_FLAG_ZOMBIE = 1 << 1, /* risen from a burial */
  CP_PIECE_FLAG_MIRROR = 1 << 2, /* on the far side of the mirror */
  CP_PIECE_FLAG_TARRED = 1 << 3, /* stuck in tar */
  CP_PIECE_FLAG_HIDDEN = 1 << 4, /* identity unknown to the viewer */
  CP_PIECE_FLAG_MIDLINE = 1 << 5, /* one of the two midline pawns of three-player chess */
  CP_PIECE_FLAG_FREED  = 1 << 6, /* a midline pawn set free of the rule that binds them */
} CpPieceFlags;

/* A cell's content.  Kept small and flat so positions copy cheaply. */
typedef struct {
  guint8 kind;           /* CpPieceKind; CP_PIECE_NONE for an empty cell */
  guint8 seat;           /* owner */
  guint8 flags;          /* CpPieceFlags */
  guint8 wounds;         /* damage taken in fights */
  guint8 checkers;       /* number of checkers stacked with the piece */
  guint8 checker_colour; /* CpColour of those checkers */
} CpPiece;

#define CP_PIECE_IS_EMPTY(p) ((p)->kind == CP_PIECE_NONE)

const char *cp_piece_kind_to_id (CpPieceKind kind);
gboolean    cp_piece_kind_from_id (const char *id, CpPieceKind *kind);
const char *cp_piece_kind_name (CpPieceKind kind);
char        cp_piece_kind_letter (CpPieceKind kind);
gboolean    cp_piece_kind_from_letter (char letter, CpPieceKind *kind);
int         cp_piece_kind_value (CpPieceKind kind);

G_END_DECLS
