/* cp-chess-state.h: the state of a chess-like game and the helpers that
 * every chess-like variant shares: move generation on any board geometry,
 * attacks, check, castling, en passant and promotion.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-rules.h"

G_BEGIN_DECLS

/* Positions since the last capture or pawn move that repetition looks at;
 * the seventy-five-move rule ends a game before this many. */
#define CP_CHESS_HISTORY 160

typedef enum {
  CP_CASTLE_KING_SIDE,   /* towards the higher files: O-O */
  CP_CASTLE_QUEEN_SIDE,  /* towards file a: O-O-O */
  CP_N_CASTLE_SIDES
} CpCastleSide;

/* A castling right that is still open: the rook's cell and where king and
 * rook end.  `rook` is CP_NO_CELL once the right is lost. */
typedef struct {
  guint8 rook;
  guint8 king_to;
  guint8 rook_to;
} CpCastleRight;

typedef enum {
  CP_CHESS_DOUBLE_STEP = 1 << 0, /* unmoved pawns may step two cells */
  CP_CHESS_EN_PASSANT  = 1 << 1,
  CP_CHESS_CASTLING    = 1 << 2,
  CP_CHESS_CHECK       = 1 << 3, /* kings must not be left attacked */
  CP_CHESS_CASTLE_ONTO_ROOK = 1 << 4, /* castling is written king takes rook (Chess960) */
  CP_CHESS_ELIMINATION = 1 << 5, /* a seat without a legal move is out; the last team wins */
  CP_CHESS_HELD_TURN   = 1 << 6, /* moves keep the turn: the game passes it (cp_chess_pass_turn) */
  CP_CHESS_MIRROR      = 1 << 7, /* pieces meet only pieces on their own side of the mirror
                                  * (CP_PIECE_FLAG_MIRROR): others neither block nor can be
                                  * taken, and no piece lands on a cell they stand on */
  CP_CHESS_EXTRA_STEPS = 1 << 8, /* a piece with checkers may follow its move with one king
                                  * step per checker: its attacks count them, it does not
                                  * castle, and it keeps the checkers of what it takes */
} CpChessFeatures;

/* The rules of orthodox chess. */
#define CP_CHESS_ORTHODOX (CP_CHESS_DOUBLE_STEP | CP_CHESS_EN_PASSANT | CP_CHESS_CASTLING | CP_CHESS_CHECK)

typedef struct {
  CpState base;
  guint16 features;                   /* CpChessFeatures */
  guint8 promotions;                  /* bit k: may promote to CpPieceKind k */
  guint8 team[CP_MAX_SEATS];          /* seats with equal numbers are partners */
  guint8 army[CP_MAX_SEATS];          /* the seat whose pieces each seat moves */
  guint8 king[CP_MAX_SEATS];          /* each seat's king, or CP_NO_CELL */
  guint8 home_rank[CP_MAX_SEATS];     /* the rank castling happens on */
  guint8 pawn_captures[CP_MAX_SEATS]; /* directions each seat's pawns capture in */
  CpCastleRight castle[CP_MAX_SEATS][CP_N_CASTLE_SIDES];
  guint8 ep_cell;                     /* cell passed by the last double step */
  guint8 ep_pawn;                     /* the pawn that made it */
  guint16 halfmove;                   /* plies since the last capture or pawn move */
  guint16 fullmove;                   /* starts at 1, counts the first seat's moves */
  guint8 stacks;                      /* pieces with checkers under them */
  guint8 masks;                       /* extra steps between two seats on 8 by 8 cells without
                                       * holes, barriers or a mirror: the masks below are kept */
  guint64 seat_cells[2];              /* with masks: bit c for a piece of the seat on cell c */
  guint64 stacked_cells;              /* with masks: the pieces with checkers */
  guint64 kind_cells[CP_N_PIECE_KINDS]; /* with masks: the pieces of each kind */
  guint64 hash;
  guint64 history[CP_CHESS_HISTORY];  /* history[ply % N]: hash after that ply */
  CpCellSet promotion_zone[CP_MAX_SEATS];
} CpChessState;

#define CP_CHESS_STATE(s) ((CpChessState *) (s))

/* Setting up. */
void      cp_chess_state_init_standard (CpChessState *st,
                                        CpBoard      *board);
void      cp_chess_state_place_back_rank (CpChessState *st,
                                        const CpPieceKind kinds[8]);
void      cp_chess_state_reset_castling (CpChessState *st);
void      cp_chess_state_add_castle_right (CpChessState *st,
                                        guint         seat,
                                        guint         rook_cell);
void      cp_chess_state_finish_setup (CpChessState *st);
CpBoard  *cp_chess_standard_board     (void);

/* Looking at a position. */
gboolean  cp_chess_is_enemy           (const CpChessState *st,
                                       guint         seat,
                                       guint         other);
gboolean  cp_chess_attacked           (const CpChessState *st,
                                       guint         cell,
                                       guint         by_enemies_of,
                                       guint         ignore_a,
                                       guint         ignore_b);
gboolean  cp_chess_attacked_on        (const CpChessState *st,
                                       guint         cell,
                                       guint         by_enemies_of,
                                       guint         side,
                                       guint         ignore_a,
                                       guint         ignore_b,
                                       guint         block);
gboolean  cp_chess_attacked_from      (const CpChessState *st,
                                       guint         cell,
                                       guint         by_enemies_of,
                                       const CpCellSet *from);
int       cp_chess_exchange           (const CpChessState *st,
                                       const CpAction *action);
gboolean  cp_chess_in_check           (const CpChessState *st,
                                       guint         seat);
gboolean  cp_chess_steps_may_reach    (const CpChessState *st,
                                       guint         from,
                                       guint         extra,
                                       guint         cell);
void      cp_chess_legal              (const CpChessState *st,
                                       guint         seat,
                                       CpActionList *out);
void      cp_chess_legal_tactical     (const CpChessState *st,
                                       guint         seat,
                                       CpActionList *out);
gboolean  cp_chess_has_legal          (const CpChessState *st,
                                       guint         seat);
void      cp_chess_keep_safe_steps    (const CpChessState *st,
                                       guint         player,
                                       guint         first,
                                       CpActionList *out);
void      cp_chess_make               (CpChessState *st,
                                       const CpAction *action,
                                       CpUndo       *undo);
void      cp_chess_unmake             (CpChessState *st,
                                       const CpAction *action,
                                       const CpUndo *undo);
void      cp_chess_put                (CpChessState *st,
                                       guint         cell,
                                       const CpPiece *p);
guint     cp_chess_next_seat          (const CpChessState *st,
                                       guint         seat);
void      cp_chess_pass_turn          (CpChessState *st);
const CpChessState *cp_chess_settled  (const CpChessState *st,
                                       CpChessState *copy);
guint     cp_chess_live_teams         (const CpChessState *st,
                                       CpSeatMask   *survivors);
guint     cp_chess_repetitions        (const CpChessState *st);
gboolean  cp_chess_insufficient_material (const CpChessState *st);
void      cp_chess_outcome            (const CpChessState *st,
                                       CpOutcome    *outcome);
void      cp_chess_draw_by_counting   (const CpChessState *st,
                                       CpOutcome    *outcome);
CpEndReason cp_chess_claimable        (const CpChessState *st);
gboolean  cp_chess_ep_matters         (const CpChessState *st);
guint64   cp_chess_compute_hash       (const CpChessState *st);
guint     cp_chess_landing            (const CpChessState *st,
                                       const CpAction *action);
CpCastleSide cp_chess_castle_side     (const CpChessState *st,
                                       const CpAction *action);

/* Evaluation for computer players (cp-chess-eval.c). */
int       cp_chess_evaluate           (const CpChessState *st,
                                       guint         seat);

/* Notation (cp-chess-notation.c). */
char     *cp_chess_format             (const CpChessState *st,
                                       const CpAction *action,
                                       CpNotation    notation);
char     *cp_chess_strip_marks        (const char   *text);
void      cp_chess_append_piece       (GString      *out,
                                       CpPieceKind   kind,
                                       guint         seat,
                                       CpNotation    notation);
void      cp_chess_append_local_letter (GString     *out,
                                       CpPieceKind   kind);
void      cp_chess_append_disambiguation (GString  *out,
                                       const CpChessState *st,
                                       const CpActionList *moves,
                                       const CpAction *action,
                                       gboolean      file_given);
gboolean  cp_chess_parse              (const CpChessState *st,
                                       const char   *text,
                                       CpAction     *action,
                                       GError      **error);

/* FEN (cp-fen.c). */
typedef enum {
  CP_FEN_STANDARD, /* KQkq castling; X-FEN file letters where needed */
  CP_FEN_SHREDDER, /* castling rights by rook file: HAha */
} CpFenStyle;

typedef enum {
  CP_FEN_READ_ANY_CHECK = 1 << 0, /* either king may stand attacked */
  CP_FEN_READ_MID_TURN  = 1 << 1, /* the side to move has made its move and goes on with
                                   * its turn: the other side may be in check, and a double
                                   * step was the mover's */
  CP_FEN_READ_KING_TAKEN = 1 << 2, /* a king may be missing: taken, which ended the game */
  CP_FEN_READ_PAWN_HOME = 1 << 3, /* a pawn may stand on its own first rank, as a game's
                                   * own rules allow (a zombie's) */
  CP_FEN_READ_PAWN_FAR  = 1 << 4, /* a pawn may stand on its last rank: it is not promoted */
  CP_FEN_READ_EP_EITHER = 1 << 5, /* the en passant cell may be of either side's double step,
                                   * made in a turn that goes on */
} CpFenRead;

gboolean  cp_fen_read                 (CpChessState *st,
                                       const char   *fen,
                                       GError      **error);
gboolean  cp_fen_read_with            (CpChessState *st,
                                       const char   *fen,
                                       CpFenRead     flags,
                                       GError      **error);
char     *cp_fen_write                (const CpChessState *st,
                                       CpFenStyle    style);
char     *cp_fen_split                (const char   *text,
                                       GStrv        *extra);
gboolean  cp_fen_read_number          (const char   *field,
                                       guint         max,
                                       guint        *value);

G_END_DECLS
