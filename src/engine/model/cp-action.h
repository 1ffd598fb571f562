/* cp-action.h: one entry of a game's action log
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-types.h"

G_BEGIN_DECLS

typedef enum {
  CP_ACTION_NONE,
  CP_ACTION_MOVE,         /* cells: from, [intermediate landings...], to; piece: promotion */
  CP_ACTION_PLACE,        /* cells[0]: where; piece: kind */
  CP_ACTION_PASS,
  CP_ACTION_PLAY_CARD,    /* value: the cards played (cp_card_pack) */
  CP_ACTION_DRAW_CARD,    /* value: card */
  CP_ACTION_DISCARD,      /* value: card */
  CP_ACTION_THROW_CHECKER,/* cells: from, to */
  CP_ACTION_ADD_CHECKER,  /* cells[0]: where */
  CP_ACTION_BURY,         /* cells[0]: burying piece; piece: buried kind */
  CP_ACTION_REVEAL,       /* cells[0]: where; value: what */
  CP_ACTION_ROLL,         /* seat: chance; value: a number below the request's range */
  CP_ACTION_SHUFFLE,      /* seat: chance; value: the key of the permutation */
  CP_ACTION_COMMIT,       /* a sealed simultaneous choice; value: the choice, such as
                           * cards (cp_card_pack) */
  CP_ACTION_RESIGN,
  CP_ACTION_OFFER_DRAW,
  CP_ACTION_ACCEPT_DRAW,
  CP_ACTION_DECLINE_DRAW,
  CP_ACTION_CLAIM_DRAW,
  CP_ACTION_HINT,         /* a hint taken: the action suggested (cp_action_init_hint) */
  CP_ACTION_CARD_NOTE,    /* text: the name of a card played from a physical deck */
  CP_ACTION_REMOVE,       /* cells[0]: a piece taken off the board */
  CP_N_ACTION_TYPES
} CpActionType;

typedef enum {
  CP_ACTION_FLAG_CAPTURE    = 1 << 0,
  CP_ACTION_FLAG_CASTLE     = 1 << 1, /* cells: king from, rook from */
  CP_ACTION_FLAG_EN_PASSANT = 1 << 2,
  CP_ACTION_FLAG_DOUBLE     = 1 << 3, /* a pawn's double step */
  CP_ACTION_FLAG_ENTERED    = 1 << 4, /* a chance result entered by the players */
  CP_ACTION_FLAG_REDACTED   = 1 << 5, /* contents hidden from the viewer */
} CpActionFlags;

#define CP_ACTION_MAX_CELLS 24

/* The longest text an action may carry (the name of a card), in
 * characters, and the most bytes those take in UTF-8. */
#define CP_ACTION_MAX_TEXT_LENGTH 50
#define CP_ACTION_MAX_TEXT_SIZE (4 * CP_ACTION_MAX_TEXT_LENGTH)

/* A small flat record; copied by value.  `text` belongs to whatever holds
 * the action: a game keeps a copy of the texts of its log
 * (cp_game_append()), and a view of those it shows. */
typedef struct _CpAction {
  guint8 type;        /* CpActionType */
  guint8 seat;        /* who acted; CP_SEAT_CHANCE for random results */
  guint8 flags;       /* CpActionFlags */
  guint8 piece;       /* CpPieceKind: promotion, placement, burial */
  CpSeatMask visible; /* seats that may know the contents; CP_SEATS_ALL if public */
  guint8 n_cells;
  guint32 value;
  const char *text;
  guint8 cells[CP_ACTION_MAX_CELLS];
} CpAction;

static inline void
cp_action_init_move (CpAction *action, guint seat, guint from, guint to)
{
  *action = (CpAction) { .type = CP_ACTION_MOVE, .seat = (guint8) seat,
                         .visible = CP_SEATS_ALL, .n_cells = 2,
                         .cells = { (guint8) from, (guint8) to } };
}

void        cp_action_init (CpAction *action, CpActionType type, guint seat);
gboolean    cp_action_init_hint (CpAction *hint, const CpAction *suggested);
void        cp_action_get_hinted (const CpAction *hint, CpAction *suggested);
gboolean    cp_action_same (const CpAction *a, const CpAction *b);
gboolean    cp_action_is_public (const CpAction *action);
gboolean    cp_action_visible_to (const CpAction *action, guint seat);
gboolean    cp_action_log_visible_to (const CpAction *log, guint n, guint index, guint seat);
void        cp_action_redact (CpAction *action);
const char *cp_action_type_to_id (CpActionType type);
gboolean    cp_action_type_from_id (const char *id, CpActionType *type);

/* A growable list of actions, such as the legal actions of a position. */
typedef struct _CpActionList {
  CpAction *items;
  guint len;
  guint allocated;
} CpActionList;

void        cp_action_list_init   (CpActionList *list);
void        cp_action_list_clear  (CpActionList *list);
CpAction   *cp_action_list_add    (CpActionList *list);
void        cp_action_list_append (CpActionList *list, const CpAction *action);
gint        cp_action_list_find   (const CpActionList *list, const CpAction *action);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CpActionList, cp_action_list_clear)

G_END_DECLS
