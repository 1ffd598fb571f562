/* cp-card.h: a playing card and the chess piece it stands for
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-piece.h"
#include "cp-types.h"

G_BEGIN_DECLS

typedef enum {
  CP_SUIT_SPADES,
  CP_SUIT_HEARTS,
  CP_SUIT_DIAMONDS,
  CP_SUIT_CLUBS,
  CP_N_SUITS
} CpSuit;

/* Ranks 1 to 13 are ace to king; the two jokers have their own rank. */
typedef enum {
  CP_RANK_NONE,
  CP_RANK_ACE,
  CP_RANK_TWO,
  CP_RANK_THREE,
  CP_RANK_FOUR,
  CP_RANK_FIVE,
  CP_RANK_SIX,
  CP_RANK_SEVEN,
  CP_RANK_EIGHT,
  CP_RANK_NINE,
  CP_RANK_TEN,
  CP_RANK_JACK,
  CP_RANK_QUEEN,
  CP_RANK_KING,
  CP_RANK_JOKER,
} CpRank;

/* CpCard, a card in one byte, is in cp-types.h. */

#define CP_CARD_NONE ((CpCard) 0x00)
#define CP_CARD_UNKNOWN ((CpCard) 0xff)
#define CP_CARD_BLACK_JOKER ((CpCard) ((CP_SUIT_SPADES << 4) | CP_RANK_JOKER))
#define CP_CARD_RED_JOKER ((CpCard) ((CP_SUIT_HEARTS << 4) | CP_RANK_JOKER))

/* The most cards any deck, pile or hand holds: 52 and two jokers. */
#define CP_CARD_MAX 54

/* The cards a piece kind and colour may stand for: at most eight. */
#define CP_CARD_MAX_PER_PIECE 8

CpCard      cp_card_new           (CpSuit       suit,
                                   CpRank       rank);
gboolean    cp_card_is_valid      (CpCard       card);
CpSuit      cp_card_get_suit      (CpCard       card);
CpRank      cp_card_get_rank      (CpCard       card);
gboolean    cp_card_is_red        (CpCard       card);
gboolean    cp_card_is_joker      (CpCard       card);

/* Appendix A: what a card stands for. */
gboolean    cp_card_get_piece     (CpCard       card,
                                   CpPieceKind *kind,
                                   CpColour    *colour);
gboolean    cp_card_is_checker    (CpCard       card,
                                   CpColour    *colour);
gint        cp_card_get_gap       (CpCard       card);
guint       cp_card_for_piece     (CpPieceKind  kind,
                                   CpColour     colour,
                                   CpCard      *cards);

/* Up to four cards in one number, for actions that play several. */
#define CP_CARD_PACK_MAX 4
guint32     cp_card_pack          (const CpCard *cards,
                                   guint        n_cards);
guint       cp_card_unpack        (guint32      value,
                                   CpCard      *cards);

/* Names. */
const char *cp_card_to_id         (CpCard       card);
gboolean    cp_card_from_id       (const char  *id,
                                   CpCard      *card);
const char *cp_card_name          (CpCard       card);
char       *cp_card_short_label   (CpCard       card);
const char *cp_suit_symbol        (CpSuit       suit);

G_END_DECLS
