/* cp-deck.c: a face-down pile of cards to draw from
 *
 * A deck is shuffled only by the key of a logged shuffle action, so that a
 * replay of the log deals the same cards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-deck.h"
#include "cp-random.h"

/**
 * cp_deck_init:
 * @deck: (out caller-allocates): the deck
 * @cards: (array length=n_cards) (nullable): the cards, the top card first
 * @n_cards: how many, at most %CP_CARD_MAX
 *
 * Makes a deck of @cards in the order given.
 */
void
cp_deck_init (CpDeck *deck, const CpCard *cards, guint n_cards)
{
  g_return_if_fail (n_cards <= CP_CARD_MAX);
  g_return_if_fail (n_cards == 0 || cards != NULL);

  memset (deck, 0, sizeof *deck);
  deck->n_cards = (guint8) n_cards;
  if (n_cards > 0)
    memcpy (deck->cards, cards, n_cards);
}

/**
 * cp_deck_init_standard:
 * @deck: (out caller-allocates): the deck
 * @jokers: whether to add the two jokers
 *
 * Makes a standard deck of 52 cards (54 with the jokers), unshuffled:
 * spades, hearts, diamonds and clubs, each from the ace to the king.
 */
void
cp_deck_init_standard (CpDeck *deck, gboolean jokers)
{
  memset (deck, 0, sizeof *deck);
  for (guint suit = 0; suit < CP_N_SUITS; suit++)
    for (guint rank = CP_RANK_ACE; rank <= CP_RANK_KING; rank++)
      deck->cards[deck->n_cards++] = cp_card_new ((CpSuit) suit, (CpRank) rank);
  if (jokers)
    {
      deck->cards[deck->n_cards++] = CP_CARD_BLACK_JOKER;
      deck->cards[deck->n_cards++] = CP_CARD_RED_JOKER;
    }
}

static void
add_kind (CpDeck *deck, CpPieceKind kind, CpColour colour, CpChessDeckFlags contents)
{
  CpCard cards[CP_CARD_MAX_PER_PIECE];
  guint n = cp_card_for_piece (kind, colour, cards);

  for (guint i = 0; i < n; i++)
    {
      if (kind == CP_PIECE_CHECKER)
        {
          CpRank rank = cp_card_get_rank (cards[i]);

          if ((rank == CP_RANK_SIX && !(contents & CP_CHESS_DECK_SIXES))
              || (rank == CP_RANK_SEVEN && !(contents & CP_CHESS_DECK_SEVENS)))
            continue;
        }
      deck->cards[deck->n_cards++] = cards[i];
    }
}

/**
 * cp_deck_init_chess:
 * @deck: (out caller-allocates): the deck
 * @contents: which cards of Appendix A to take
 *
 * Makes a deck of the cards that stand for chess pieces and checkers,
 * unshuffled: the red cards (white pieces) first, then the black ones,
 * each colour from its pawns to its king and then its checkers.  With
 * %CP_CHESS_DECK_ALL it holds 40 cards: a full army of each colour and
 * four checkers of each colour.
 */
void
cp_deck_init_chess (CpDeck *deck, CpChessDeckFlags contents)
{
  static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

  memset (deck, 0, sizeof *deck);
  for (guint c = 0; c < G_N_ELEMENTS (colours); c++)
    {
      if (contents & CP_CHESS_DECK_PAWNS)
        add_kind (deck, CP_PIECE_PAWN, colours[c], contents);
      if (contents & CP_CHESS_DECK_PIECES)
        for (guint kind = CP_PIECE_KNIGHT; kind <= CP_PIECE_KING; kind++)
          add_kind (deck, (CpPieceKind) kind, colours[c], contents);
      if (contents & (CP_CHESS_DECK_SIXES | CP_CHESS_DECK_SEVENS))
        add_kind (deck, CP_PIECE_CHECKER, colours[c], contents);
    }
}

guint
cp_deck_count (const CpDeck *deck)
{
  return deck->n_cards;
}

gboolean
cp_deck_is_empty (const CpDeck *deck)
{
  return deck->n_cards == 0;
}

/**
 * cp_deck_peek:
 * @index: 0 for the top card, 1 for the one below it...
 *
 * Returns: the card, or %CP_CARD_NONE when the deck is not that deep
 */
CpCard
cp_deck_peek (const CpDeck *deck, guint index)
{
  return index < deck->n_cards ? deck->cards[index] : CP_CARD_NONE;
}

/* The position of @card from the top, or -1 when the deck lacks it. */
gint
cp_deck_find (const CpDeck *deck, CpCard card)
{
  const CpCard *found = memchr (deck->cards, card, deck->n_cards);

  return found ? (gint) (found - deck->cards) : -1;
}

gboolean
cp_deck_contains (const CpDeck *deck, CpCard card)
{
  return cp_deck_find (deck, card) >= 0;
}

/**
 * cp_deck_take:
 * @index: a position from the top
 *
 * Takes out the card at @index; the cards below it move up.
 *
 * Returns: the card, or %CP_CARD_NONE past the end
 */
CpCard
cp_deck_take (CpDeck *deck, guint index)
{
  CpCard card;

  if (index >= deck->n_cards)
    return CP_CARD_NONE;
  card = deck->cards[index];

  memmove (&deck->cards[index], &deck->cards[index + 1], deck->n_cards - index - 1);
  deck->cards[--deck->n_cards] = CP_CARD_NONE;
  return card;
}

/**
 * cp_deck_draw:
 *
 * Takes the top card.
 *
 * Returns: the card, or %CP_CARD_NONE when the deck is empty
 */
CpCard
cp_deck_draw (CpDeck *deck)
{
  return deck->n_cards > 0 ? cp_deck_take (deck, 0) : CP_CARD_NONE;
}

/**
 * cp_deck_put_top:
 * @card: a card, or %CP_CARD_UNKNOWN in a view
 *
 * Puts @card on top of the deck, to be drawn next.
 *
 * Returns: %FALSE when the deck is full or @card is %CP_CARD_NONE
 */
gboolean
cp_deck_put_top (CpDeck *deck, CpCard card)
{
  if (card == CP_CARD_NONE || deck->n_cards >= CP_CARD_MAX)
    return FALSE;
  memmove (&deck->cards[1], &deck->cards[0], deck->n_cards);
  deck->cards[0] = card;
  deck->n_cards++;
  return TRUE;
}

/**
 * cp_deck_put_bottom:
 * @card: a card, or %CP_CARD_UNKNOWN in a view
 *
 * Slides @card under the deck, to be drawn last.
 *
 * Returns: %FALSE when the deck is full or @card is %CP_CARD_NONE
 */
gboolean
cp_deck_put_bottom (CpDeck *deck, CpCard card)
{
  if (card == CP_CARD_NONE || deck->n_cards >= CP_CARD_MAX)
    return FALSE;
  deck->cards[deck->n_cards++] = card;
  return TRUE;
}

/**
 * cp_deck_remove:
 *
 * Takes @card out of the deck wherever it lies.
 *
 * Returns: whether the deck held @card
 */
gboolean
cp_deck_remove (CpDeck *deck, CpCard card)
{
  gint index = cp_deck_find (deck, card);

  if (index < 0)
    return FALSE;
  cp_deck_take (deck, (guint) index);
  return TRUE;
}

/**
 * cp_deck_shuffle:
 * @key: the value of a logged %CP_ACTION_SHUFFLE action
 *
 * Puts the cards in the order that @key stands for (see
 * cp_random_permute()): the card at position i moves to the position
 * where i appears in the permutation.  The same key and deck always give
 * the same order.
 */
void
cp_deck_shuffle (CpDeck *deck, guint32 key)
{
  guint8 order[CP_CARD_MAX];
  CpCard shuffled[CP_CARD_MAX];

  cp_random_permute (key, deck->n_cards, order);
  for (guint i = 0; i < deck->n_cards; i++)
    shuffled[i] = deck->cards[order[i]];
  memcpy (deck->cards, shuffled, deck->n_cards);
}

/**
 * cp_deck_redact:
 *
 * Hides the faces of all the cards, keeping their number: what a player
 * sees of a face-down deck.
 */
void
cp_deck_redact (CpDeck *deck)
{
  memset (deck->cards, CP_CARD_UNKNOWN, deck->n_cards);
}

/**
 * cp_card_bit:
 *
 * The bit that stands for @card in a set of cards (a #guint64); 0 for
 * %CP_CARD_NONE, %CP_CARD_UNKNOWN or anything else that is not a card.
 */
guint64
cp_card_bit (CpCard card)
{
  if (!cp_card_is_valid (card))
    return 0;
  return G_GUINT64_CONSTANT (1) << (cp_card_get_suit (card) * 16 + (card & 0xf));
}

/**
 * cp_deck_get_set:
 *
 * The cards of @deck as a set (see cp_card_bit()), those whose face is
 * hidden left out.
 */
guint64
cp_deck_get_set (const CpDeck *deck)
{
  guint64 set = 0;

  for (guint i = 0; i < deck->n_cards; i++)
    set |= cp_card_bit (deck->cards[i]);
  return set;
}

/**
 * cp_deck_init_set:
 * @deck: (out caller-allocates): the deck
 * @set: cards, as cp_card_bit() gives them
 *
 * Makes a deck of the cards of @set, unshuffled: by suit, then by rank.
 */
void
cp_deck_init_set (CpDeck *deck, guint64 set)
{
  memset (deck, 0, sizeof *deck);
  for (guint bit = 0; bit < 64 && deck->n_cards < CP_CARD_MAX; bit++)
    if (set & (G_GUINT64_CONSTANT (1) << bit))
      deck->cards[deck->n_cards++] = (CpCard) ((bit / 16) << 4 | bit % 16);
}
