/* cp-card.c: a playing card and the chess piece it stands for
 *
 * The mapping of cards to pieces follows Appendix A of the chess-kit
 * rules: black suits stand for black pieces and red suits for white ones;
 * 2 to 5 are pawns, 6 and 7 checkers, 8 a knight, 9 a bishop, 10 a rook,
 * and the queen and king of spades and of hearts the queens and kings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-card.h"

#define SUIT_IDS(r) { r "S", r "H", r "D", r "C" }

static const char *const ids[13][CP_N_SUITS] = {
  SUIT_IDS ("A"), SUIT_IDS ("2"), SUIT_IDS ("3"), SUIT_IDS ("4"), SUIT_IDS ("5"),
  SUIT_IDS ("6"), SUIT_IDS ("7"), SUIT_IDS ("8"), SUIT_IDS ("9"), SUIT_IDS ("10"),
  SUIT_IDS ("J"), SUIT_IDS ("Q"), SUIT_IDS ("K"),
};

static const char *const names[13][CP_N_SUITS] = {
  { N_("ace of spades"), N_("ace of hearts"), N_("ace of diamonds"), N_("ace of clubs") },
  { N_("two of spades"), N_("two of hearts"), N_("two of diamonds"), N_("two of clubs") },
  { N_("three of spades"), N_("three of hearts"), N_("three of diamonds"), N_("three of clubs") },
  { N_("four of spades"), N_("four of hearts"), N_("four of diamonds"), N_("four of clubs") },
  { N_("five of spades"), N_("five of hearts"), N_("five of diamonds"), N_("five of clubs") },
  { N_("six of spades"), N_("six of hearts"), N_("six of diamonds"), N_("six of clubs") },
  { N_("seven of spades"), N_("seven of hearts"), N_("seven of diamonds"), N_("seven of clubs") },
  { N_("eight of spades"), N_("eight of hearts"), N_("eight of diamonds"), N_("eight of clubs") },
  { N_("nine of spades"), N_("nine of hearts"), N_("nine of diamonds"), N_("nine of clubs") },
  { N_("ten of spades"), N_("ten of hearts"), N_("ten of diamonds"), N_("ten of clubs") },
  { N_("jack of spades"), N_("jack of hearts"), N_("jack of diamonds"), N_("jack of clubs") },
  { N_("queen of spades"), N_("queen of hearts"), N_("queen of diamonds"), N_("queen of clubs") },
  { N_("king of spades"), N_("king of hearts"), N_("king of diamonds"), N_("king of clubs") },
};

static const char *const suit_symbols[CP_N_SUITS] = { "♠", "♥", "♦", "♣" };

/* The suits of each colour, in the order Appendix A lists their cards. */
static const CpSuit colour_suits[2][2] = {
  [CP_COLOUR_WHITE] = { CP_SUIT_HEARTS, CP_SUIT_DIAMONDS },
  [CP_COLOUR_BLACK] = { CP_SUIT_SPADES, CP_SUIT_CLUBS },
};

/**
 * cp_card_new:
 * @suit: the suit; for a joker, spades gives the black joker and hearts
 *   the red one
 * @rank: the rank, %CP_RANK_ACE to %CP_RANK_KING or %CP_RANK_JOKER
 *
 * Returns: the card, or %CP_CARD_NONE when there is no such card
 */
CpCard
cp_card_new (CpSuit suit, CpRank rank)
{
  CpCard card;

  if (suit >= CP_N_SUITS || rank > CP_RANK_JOKER)
    return CP_CARD_NONE;
  card = (CpCard) ((suit << 4) | rank);
  return cp_card_is_valid (card) ? card : CP_CARD_NONE;
}

/**
 * cp_card_is_valid:
 *
 * Whether @card is one of the 52 cards or a joker; %CP_CARD_NONE and
 * %CP_CARD_UNKNOWN are not.
 */
gboolean
cp_card_is_valid (CpCard card)
{
  guint suit = card >> 4, rank = card & 0xf;

  if (rank == CP_RANK_JOKER)
    return card == CP_CARD_BLACK_JOKER || card == CP_CARD_RED_JOKER;
  return suit < CP_N_SUITS && rank >= CP_RANK_ACE && rank <= CP_RANK_KING;
}

CpSuit
cp_card_get_suit (CpCard card)
{
  return (CpSuit) (card >> 4);
}

/* The rank of @card; %CP_RANK_NONE for a card that is not valid. */
CpRank
cp_card_get_rank (CpCard card)
{
  return cp_card_is_valid (card) ? (CpRank) (card & 0xf) : CP_RANK_NONE;
}

/* Whether @card is printed in red (hearts, diamonds, the red joker). */
gboolean
cp_card_is_red (CpCard card)
{
  CpSuit suit = cp_card_get_suit (card);

  return cp_card_is_valid (card) && (suit == CP_SUIT_HEARTS || suit == CP_SUIT_DIAMONDS);
}

gboolean
cp_card_is_joker (CpCard card)
{
  return card == CP_CARD_BLACK_JOKER || card == CP_CARD_RED_JOKER;
}

/* What a card stands for under Appendix A: a piece kind, CP_PIECE_CHECKER,
 * or CP_PIECE_NONE. */
static CpPieceKind
card_kind (CpCard card)
{
  CpSuit suit = cp_card_get_suit (card);
  gboolean court = suit == CP_SUIT_SPADES || suit == CP_SUIT_HEARTS;

  switch (cp_card_get_rank (card))
    {
    case CP_RANK_TWO:
    case CP_RANK_THREE:
    case CP_RANK_FOUR:
    case CP_RANK_FIVE:
      return CP_PIECE_PAWN;
    case CP_RANK_SIX:
    case CP_RANK_SEVEN:
      return CP_PIECE_CHECKER;
    case CP_RANK_EIGHT:
      return CP_PIECE_KNIGHT;
    case CP_RANK_NINE:
      return CP_PIECE_BISHOP;
    case CP_RANK_TEN:
      return CP_PIECE_ROOK;
    case CP_RANK_QUEEN:
      return court ? CP_PIECE_QUEEN : CP_PIECE_NONE;
    case CP_RANK_KING:
      return court ? CP_PIECE_KING : CP_PIECE_NONE;
    case CP_RANK_NONE:
    case CP_RANK_ACE:
    case CP_RANK_JACK:
    case CP_RANK_JOKER:
    default:
      return CP_PIECE_NONE;
    }
}

static CpColour
card_colour (CpCard card)
{
  return cp_card_is_red (card) ? CP_COLOUR_WHITE : CP_COLOUR_BLACK;
}

/**
 * cp_card_get_piece:
 * @card: a card
 * @kind: (out) (optional): the piece kind it stands for
 * @colour: (out) (optional): %CP_COLOUR_WHITE for red cards,
 *   %CP_COLOUR_BLACK for black ones
 *
 * The chess piece that @card stands for.  Checker cards (sixes and
 * sevens), aces, jacks, the queens and kings of diamonds and clubs and the
 * jokers stand for no piece.
 *
 * Returns: whether @card stands for a piece
 */
gboolean
cp_card_get_piece (CpCard card, CpPieceKind *kind, CpColour *colour)
{
  CpPieceKind k = card_kind (card);

  if (k == CP_PIECE_NONE || k == CP_PIECE_CHECKER)
    return FALSE;
  if (kind)
    *kind = k;
  if (colour)
    *colour = card_colour (card);
  return TRUE;
}

/**
 * cp_card_is_checker:
 * @card: a card
 * @colour: (out) (optional): the colour of the checker
 *
 * Returns: whether @card is a checker card (a six or a seven)
 */
gboolean
cp_card_is_checker (CpCard card, CpColour *colour)
{
  if (card_kind (card) != CP_PIECE_CHECKER)
    return FALSE;
  if (colour)
    *colour = card_colour (card);
  return TRUE;
}

/**
 * cp_card_get_gap:
 * @card: a card
 *
 * How many empty cells to leave before placing the piece of @card when
 * cards lay out a board: 1 for a knight, 2 for a bishop, 3 for a rook,
 * 5 for a queen and 6 for a king.
 *
 * Returns: the gap, or -1 for cards without one (pawns, checkers and
 *   cards that stand for nothing)
 */
gint
cp_card_get_gap (CpCard card)
{
  switch (card_kind (card))
    {
    case CP_PIECE_KNIGHT:
      return 1;
    case CP_PIECE_BISHOP:
      return 2;
    case CP_PIECE_ROOK:
      return 3;
    case CP_PIECE_QUEEN:
      return 5;
    case CP_PIECE_KING:
      return 6;
    default:
      return -1;
    }
}

/**
 * cp_card_for_piece:
 * @kind: a piece kind, or %CP_PIECE_CHECKER
 * @colour: %CP_COLOUR_WHITE or %CP_COLOUR_BLACK
 * @cards: (out caller-allocates) (array fixed-size=8): receives the cards
 *
 * The cards that stand for pieces of @kind and @colour, in the order of
 * Appendix A (by suit, then by rank).
 *
 * Returns: how many cards were stored, at most %CP_CARD_MAX_PER_PIECE
 */
guint
cp_card_for_piece (CpPieceKind kind, CpColour colour, CpCard *cards)
{
  guint n = 0;

  if (kind == CP_PIECE_NONE || (colour != CP_COLOUR_WHITE && colour != CP_COLOUR_BLACK))
    return 0;
  for (guint s = 0; s < 2; s++)
    for (guint rank = CP_RANK_ACE; rank <= CP_RANK_KING; rank++)
      {
        CpCard card = cp_card_new (colour_suits[colour][s], (CpRank) rank);

        if (card_kind (card) == kind)
          cards[n++] = card;
      }
  return n;
}

/**
 * cp_card_to_id:
 *
 * The id of @card as records write it: rank and suit letter, such as
 * "10H", "QS" or "AC"; "BJ" and "RJ" for the jokers.
 *
 * Returns: (nullable): the id, or %NULL for a card that is not valid
 */
const char *
cp_card_to_id (CpCard card)
{
  if (card == CP_CARD_BLACK_JOKER)
    return "BJ";
  if (card == CP_CARD_RED_JOKER)
    return "RJ";
  if (!cp_card_is_valid (card))
    return NULL;
  return ids[cp_card_get_rank (card) - 1][cp_card_get_suit (card)];
}

/**
 * cp_card_from_id:
 * @id: a card id such as "10H", in any case
 * @card: (out): the card
 *
 * Returns: whether @id names a card
 */
gboolean
cp_card_from_id (const char *id, CpCard *card)
{
  if (id == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (id, "BJ") == 0 || g_ascii_strcasecmp (id, "RJ") == 0)
    {
      *card = g_ascii_toupper (id[0]) == 'B' ? CP_CARD_BLACK_JOKER : CP_CARD_RED_JOKER;
      return TRUE;
    }
  for (guint r = 0; r < G_N_ELEMENTS (ids); r++)
    for (guint s = 0; s < CP_N_SUITS; s++)
      if (g_ascii_strcasecmp (id, ids[r][s]) == 0)
        {
          *card = cp_card_new ((CpSuit) s, (CpRank) (r + 1));
          return TRUE;
        }
  return FALSE;
}

/**
 * cp_card_name:
 *
 * Returns: (nullable): the translated name of @card, such as “ten of
 *   hearts”; %NULL for %CP_CARD_NONE and cards that are not valid
 */
const char *
cp_card_name (CpCard card)
{
  if (card == CP_CARD_UNKNOWN)
    return _("hidden card");
  if (card == CP_CARD_BLACK_JOKER)
    return _("black joker");
  if (card == CP_CARD_RED_JOKER)
    return _("red joker");
  if (!cp_card_is_valid (card))
    return NULL;
  return _(names[cp_card_get_rank (card) - 1][cp_card_get_suit (card)]);
}

static const char *
rank_label (CpRank rank)
{
  static const char *const numbers[] = { "2", "3", "4", "5", "6", "7", "8", "9", "10" };

  switch (rank)
    {
    case CP_RANK_ACE:
      return C_("card rank", "A");
    case CP_RANK_JACK:
      return C_("card rank", "J");
    case CP_RANK_QUEEN:
      return C_("card rank", "Q");
    case CP_RANK_KING:
      return C_("card rank", "K");
    case CP_RANK_JOKER:
      return C_("card rank", "Joker");
    default:
      return numbers[rank - CP_RANK_TWO];
    }
}

/**
 * cp_card_short_label:
 *
 * The rank and suit symbol of @card, as printed in its corner, such as
 * “10♥” or “Q♠”; “?” for a hidden card.
 *
 * Returns: (transfer full) (nullable): the label, or %NULL for
 *   %CP_CARD_NONE and cards that are not valid
 */
char *
cp_card_short_label (CpCard card)
{
  if (card == CP_CARD_UNKNOWN)
    return g_strdup ("?");
  if (!cp_card_is_valid (card))
    return NULL;
  if (cp_card_is_joker (card))
    return g_strdup (rank_label (CP_RANK_JOKER));
  return g_strconcat (rank_label (cp_card_get_rank (card)),
                      suit_symbols[cp_card_get_suit (card)], NULL);
}

/* The symbol of a suit, such as “♠”. */
const char *
cp_suit_symbol (CpSuit suit)
{
  return suit < CP_N_SUITS ? suit_symbols[suit] : NULL;
}

/**
 * cp_card_pack:
 * @cards: up to %CP_CARD_PACK_MAX cards
 *
 * The number that stands for the set of @cards in actions: one byte a
 * card, the lowest card in the lowest byte, so that the same cards give
 * the same number in any order.
 */
guint32
cp_card_pack (const CpCard *cards, guint n_cards)
{
  CpCard sorted[CP_CARD_PACK_MAX];
  guint32 value = 0;

  g_return_val_if_fail (n_cards <= CP_CARD_PACK_MAX, 0);
  memcpy (sorted, cards, n_cards);
  for (guint i = 1; i < n_cards; i++)
    for (guint j = i; j > 0 && sorted[j - 1] > sorted[j]; j--)
      {
        CpCard card = sorted[j];

        sorted[j] = sorted[j - 1];
        sorted[j - 1] = card;
      }
  for (guint i = n_cards; i > 0; i--)
    value = (value << 8) | sorted[i - 1];
  return value;
}

/**
 * cp_card_unpack:
 * @cards: (out caller-allocates): room for %CP_CARD_PACK_MAX cards
 *
 * The cards of a number cp_card_pack() made.  Returns: how many
 */
guint
cp_card_unpack (guint32 value, CpCard *cards)
{
  guint n = 0;

  for (; value != 0 && n < CP_CARD_PACK_MAX; value >>= 8)
    cards[n++] = (CpCard) (value & 0xff);
  return n;
}
