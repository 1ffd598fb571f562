/* cp-state.h: the state of a game at one point of its log
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-action.h"
#include "cp-board.h"
#include "cp-piece.h"
#include "cp-types.h"

G_BEGIN_DECLS

typedef struct _CpRules CpRules;

typedef enum {
  CP_STATUS_PLAYING,
  CP_STATUS_WON,   /* `winners` holds the winning seats */
  CP_STATUS_DRAWN,
  CP_STATUS_LOST,  /* every seat lost: the players played together against the game */
} CpStatus;

typedef enum {
  CP_END_NONE,
  CP_END_CHECKMATE,
  CP_END_STALEMATE,
  CP_END_RESIGNATION,
  CP_END_AGREEMENT,
  CP_END_FIFTY_MOVES,       /* claimed */
  CP_END_SEVENTY_FIVE_MOVES,
  CP_END_REPETITION,        /* threefold, claimed */
  CP_END_FIVEFOLD_REPETITION,
  CP_END_INSUFFICIENT_MATERIAL,
  CP_END_KING_CAPTURED,
  CP_END_CASTLE_TAKEN,
  CP_END_NO_MOVES,
  CP_END_ELIMINATION,
  CP_END_SCORE,
  CP_END_ONE_PIECE_LEFT,    /* a side is down to one piece */
  CP_END_PIECE_CAPTURED,    /* the deciding piece was taken */
  CP_END_OUT_OF_CARDS,      /* a player had no card left to play */
  CP_N_END_REASONS
} CpEndReason;

typedef struct {
  guint8 status;      /* CpStatus */
  guint8 reason;      /* CpEndReason */
  CpSeatMask winners;
  guint8 scored;      /* the game is played for points... */
  guint8 score;       /* ...and the players made these */
} CpOutcome;

const char *cp_end_reason_to_id   (CpEndReason reason);
gboolean    cp_end_reason_from_id (const char *id, CpEndReason *reason);
const char *cp_end_reason_describe (CpEndReason reason);

/* The part of a game's state that every game has.  Each module's state
 * begins with it and adds its own fields; states are flat (no pointers but
 * the shared, read-only board) so they copy with memcpy. */
typedef struct _CpState {
  const CpRules *rules;
  CpBoard *board;
  guint8 n_seats;
  guint8 to_move;          /* for games that take turns */
  CpSeatMask draw_offer;   /* seats that offer a draw */
  CpSeatMask out;          /* seats that are out of the game */
  guint32 ply;             /* number of moves made */
  CpOutcome outcome;
  guint8 markers[CP_MAX_CELLS];  /* 0, or 1 + the seat whose marker is on the cell */
  CpPiece cells[CP_MAX_CELLS];
} CpState;

/* A random result that the game must draw next. */
typedef struct {
  CpActionType type;  /* CP_ACTION_ROLL, CP_ACTION_SHUFFLE, or CP_ACTION_REVEAL:
                       * not random, the rules make public what is due */
  guint32 range;      /* ROLL: the number of outcomes */
  gboolean hidden;    /* no seat may know the result: the shuffle of a
                       * face-down pile */
} CpChance;

/* Space for what `make` needs to take a move back. */
typedef struct {
  guint64 data[16];
} CpUndo;

CpState    *cp_state_new        (const CpRules *rules,
                                 guint          n_seats,
                                 GHashTable    *options,
                                 GError       **error);
CpState    *cp_state_copy       (const CpState *state);
void        cp_state_free       (CpState       *state);
CpSeatMask  cp_state_pending    (const CpState *state);
guint       cp_state_first_pending (const CpState *state);
void        cp_state_count_pieces (const CpState *state,
                                 guint          seat,
                                 guint8        *counts);
gboolean    cp_state_is_over    (const CpState *state);
void        cp_state_legal      (const CpState *state,
                                 guint          seat,
                                 CpActionList  *out);
gboolean    cp_state_check      (const CpState *state,
                                 const CpAction *action,
                                 GError       **error);
gboolean    cp_state_apply      (CpState       *state,
                                 const CpAction *action,
                                 GError       **error);
gboolean    cp_state_apply_logged (CpState     *state,
                                 CpAction      *action,
                                 GError       **error);
char       *cp_state_format     (const CpState *state,
                                 const CpAction *action,
                                 CpNotation     notation);
char       *cp_state_format_named (const CpState *state,
                                 const CpAction *action,
                                 CpNotation     notation,
                                 const char *const *names);
char       *cp_seat_reference   (guint          seat);
gboolean    cp_state_parse      (const CpState *state,
                                 const char    *text,
                                 CpAction      *action,
                                 GError       **error);
gboolean    cp_state_draw_chance (const CpState *state,
                                 guint64        seed,
                                 guint          index,
                                 GCancellable  *cancellable,
                                 CpAction      *action);
guint       cp_state_landing    (const CpState *state,
                                 const CpAction *action);
guint64     cp_state_perft      (CpState       *state,
                                 guint          depth);
char       *cp_state_write_position (const CpState *state,
                                 GError       **error);

/* For computer players. */
guint64     cp_state_hash       (const CpState *state);
guint64     cp_hash_mix         (guint64        x);
guint64     cp_hash_combine     (guint64        h,
                                 guint64        x);
guint64     cp_state_default_hash (const CpState *state);
int         cp_state_evaluate   (const CpState *state,
                                 guint          seat);
int         cp_state_material   (const CpState *state,
                                 guint          seat);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpState, cp_state_free)

G_END_DECLS
