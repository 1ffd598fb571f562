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
  return cp_deck_count (&hand->cards);
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
  return cp_deck_peek (&hand->cards, index);
}

/* The position of @card in the hand, or -1 when it is not held. */
gint
cp_hand_find (const CpHand *hand, CpCard card)
{
  return cp_deck_find (&hand->cards, card);
}

gboolean
cp_hand_contains (const CpHand *hand, CpCard card)
{
  return cp_deck_contains (&hand->cards, card);
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
  return cp_deck_put_bottom (&hand->cards, card);
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
  return cp_deck_take (&hand->cards, index);
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
  return cp_deck_remove (&hand->cards, card);
}

/* Empties the hand; its visibility stays. */
void
cp_hand_clear (CpHand *hand)
{
  cp_deck_init (&hand->cards, NULL, 0);
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
  cp_deck_redact (&hand->cards);
  return TRUE;
}
