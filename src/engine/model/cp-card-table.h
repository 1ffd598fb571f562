/* cp-card-table.h: the cards of a game as one seat sees them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-hand.h"

G_BEGIN_DECLS

/* What the cards face up in front of each seat are. */
typedef enum {
  CP_CARD_UP_LAID,      /* cards a seat has laid face up */
  CP_CARD_UP_DISCARDS,  /* a seat's discard stack, spread, the last card on top */
} CpCardUpRole;

/* What the discard pile is. */
typedef enum {
  CP_CARD_PILE_DISCARD,   /* the discard pile, only its top card showing */
  CP_CARD_PILE_CAPTURED,  /* the cards of the pieces taken, spread so that each shows */
} CpCardPileRole;

/* Where every card of a game lies, for drawing: each seat's hand, the
 * cards it has laid face up or played face down, and the piles.  Faces the
 * viewer may not see are CP_CARD_UNKNOWN.  Games with cards fill it in
 * from a view's state (CpRules.cards). */
typedef struct _CpCardTable {
  CpHand hand[CP_MAX_SEATS];    /* the cards each seat holds */
  CpHand up[CP_MAX_SEATS];      /* cards lying face up in front of each seat */
  CpHand sealed[CP_MAX_SEATS];  /* cards played face down, not yet revealed */
  CpHand discard;               /* the discard pile, face up, the last card on top */
  guint8 draw_pile;             /* cards left to draw */
  guint8 has_draw_pile;         /* whether the game has a draw pile */
  guint8 has_discard;           /* whether the game has a discard pile */
  guint8 no_hands;              /* whether the game has no hands: the cards
                                 * lie on the table and in the piles only */
  guint8 current_seat;          /* the seat of `current` */
  CpCard current;               /* the card being carried out, or CP_CARD_NONE */
  guint8 up_role;               /* CpCardUpRole */
  guint8 discard_role;          /* CpCardPileRole */
} CpCardTable;

void     cp_card_table_init   (CpCardTable       *table);
void     cp_card_table_redact (CpCardTable       *table,
                               guint              seat);
guint    cp_card_table_count  (const CpCardTable *table,
                               guint              seat);

G_END_DECLS
