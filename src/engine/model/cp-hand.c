/* cp-hand.c: the cards a seat holds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-hand.h"

/**
 * cp_hand_init:
 * @hand: (out caller-allocates): the hand
 * @visible: the seats that may see its cards, such as CP_SEAT_BIT (seat)
 *   for a hand held by @seat, %CP_SEATS_ALL for cards lying face up, or 0
 *   for a face-down pile
 *
 * Makes an empty hand.
 */
void
cp_hand_init (CpHand *hand, CpSeatMask visible)
{
  memset (hand, 0, sizeof *hand);
  hand->visible = visible;
}

guint
cp_hand_count (const CpHand *hand)
{
  return hand->n_cards;
}

/**
 * cp_hand_get:
 * @index: from 0 to cp_hand_count() - 1, in the order the cards came
 *
 * Returns: the card, or %CP_CARD_NONE past the end
 */
CpCard
cp_hand_get (const CpHand *hand, guint index)
{
  return index < hand->n_cards ? hand->cards[index] : CP_CARD_NONE;
}

/* The position of @card in the hand, or -1 when it is not held. */
gint
cp_hand_find (const CpHand *hand, CpCard card)
{
  const CpCard *found = memchr (hand->cards, card, hand->n_cards);

  return found ? (gint) (found - hand->cards) : -1;
}

gboolean
cp_hand_contains (const CpHand *hand, CpCard card)
{
  return cp_hand_find (hand, card) >= 0;
}

/**
 * cp_hand_add:
 * @card: a card, or %CP_CARD_UNKNOWN in a view
 *
 * Adds @card after the cards already held.
 *
 * Returns: %FALSE when the hand is full or @card is %CP_CARD_NONE
 */
gboolean
cp_hand_add (CpHand *hand, CpCard card)
{
  if (card == CP_CARD_NONE || hand->n_cards >= CP_CARD_MAX)
    return FALSE;
  hand->cards[hand->n_cards++] = card;
  return TRUE;
}

/**
 * cp_hand_remove_at:
 * @index: the position of a card
 *
 * Takes out the card at @index; the cards after it move up.
 *
 * Returns: the card, or %CP_CARD_NONE past the end
 */
CpCard
cp_hand_remove_at (CpHand *hand, guint index)
{
  CpCard card;

  if (index >= hand->n_cards)
    return CP_CARD_NONE;
  card = hand->cards[index];
  memmove (&hand->cards[index], &hand->cards[index + 1], hand->n_cards - index - 1);
  hand->cards[--hand->n_cards] = CP_CARD_NONE;
  return card;
}

/**
 * cp_hand_remove:
 *
 * Takes @card out of the hand.
 *
 * Returns: whether the hand held @card
 */
gboolean
cp_hand_remove (CpHand *hand, CpCard card)
{
  gint index = cp_hand_find (hand, card);

  if (index < 0)
    return FALSE;
  cp_hand_remove_at (hand, (guint) index);
  return TRUE;
}

/* Empties the hand; its visibility stays. */
void
cp_hand_clear (CpHand *hand)
{
  memset (hand->cards, CP_CARD_NONE, sizeof hand->cards);
  hand->n_cards = 0;
}

CpSeatMask
cp_hand_get_visible (const CpHand *hand)
{
  return hand->visible;
}

void
cp_hand_set_visible (CpHand *hand, CpSeatMask visible)
{
  hand->visible = visible;
}

/* Whether @seat may see the faces of the cards. */
gboolean
cp_hand_visible_to (const CpHand *hand, guint seat)
{
  return seat < 8 && (hand->visible & CP_SEAT_BIT (seat)) != 0;
}

/**
 * cp_hand_redact:
 * @seat: the seat that looks
 *
 * Turns the cards face down when @seat may not see them: each becomes
 * %CP_CARD_UNKNOWN and their number stays.  For the redact hook of a game
 * (which is not called for a view that sees everything).
 *
 * Returns: whether the cards were hidden
 */
gboolean
cp_hand_redact (CpHand *hand, guint seat)
{
  if (cp_hand_visible_to (hand, seat))
    return FALSE;
  memset (hand->cards, CP_CARD_UNKNOWN, hand->n_cards);
  return TRUE;
}
