/* cp-deck.h: a face-down pile of cards to draw from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-card.h"

G_BEGIN_DECLS

/* A deck is a flat value, copied with the state that holds it.
 * cards[0] is the top card, the next one drawn. */
typedef struct {
  guint8 n_cards;
  CpCard cards[CP_CARD_MAX];
} CpDeck;

/* Which cards of Appendix A a chess deck holds.  Each flag adds cards of
 * both colours. */
typedef enum {
  CP_CHESS_DECK_PAWNS  = 1 << 0, /* 2 to 5: eight cards a colour */
  CP_CHESS_DECK_PIECES = 1 << 1, /* knights, bishops, rooks, queen, king: eight a colour */
  CP_CHESS_DECK_SIXES  = 1 << 2, /* checker cards: the two sixes of a colour */
  CP_CHESS_DECK_SEVENS = 1 << 3, /* checker cards: the two sevens of a colour */
} CpChessDeckFlags;

#define CP_CHESS_DECK_ALL ((CpChessDeckFlags) 0xf)

void      cp_deck_init            (CpDeck           *deck,
                                   const CpCard     *cards,
                                   guint             n_cards);
void      cp_deck_init_standard   (CpDeck           *deck,
                                   gboolean          jokers);
void      cp_deck_init_chess      (CpDeck           *deck,
                                   CpChessDeckFlags  contents);
guint     cp_deck_count           (const CpDeck     *deck);
gboolean  cp_deck_is_empty        (const CpDeck     *deck);
CpCard    cp_deck_peek            (const CpDeck     *deck,
                                   guint             index);
gint      cp_deck_find            (const CpDeck     *deck,
                                   CpCard            card);
gboolean  cp_deck_contains        (const CpDeck     *deck,
                                   CpCard            card);
CpCard    cp_deck_draw            (CpDeck           *deck);
CpCard    cp_deck_take            (CpDeck           *deck,
                                   guint             index);
gboolean  cp_deck_put_top         (CpDeck           *deck,
                                   CpCard            card);
gboolean  cp_deck_put_bottom      (CpDeck           *deck,
                                   CpCard            card);
gboolean  cp_deck_remove          (CpDeck           *deck,
                                   CpCard            card);
void      cp_deck_shuffle         (CpDeck           *deck,
                                   guint32           key);
void      cp_deck_redact          (CpDeck           *deck);

/* Cards as sets, one bit a card, for working out which cards a player
 * has not seen. */
guint64   cp_card_bit             (CpCard            card);
guint64   cp_deck_get_set         (const CpDeck     *deck);
void      cp_deck_init_set        (CpDeck           *deck,
                                   guint64           set);

G_END_DECLS
