/* cp-card-table.c: the cards of a game as one seat sees them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-card-table.h"

/**
 * cp_card_table_init:
 * @table: (out caller-allocates): the table
 *
 * Empties @table: each seat's hand is its own, cards laid face up are
 * public and sealed cards are seen by the seat that played them only.
 */
void
cp_card_table_init (CpCardTable *table)
{
  memset (table, 0, sizeof *table);
  for (guint seat = 0; seat < CP_MAX_SEATS; seat++)
    {
      cp_hand_init (&table->hand[seat], CP_SEAT_BIT (seat));
      cp_hand_init (&table->up[seat], CP_SEATS_ALL);
      cp_hand_init (&table->sealed[seat], CP_SEAT_BIT (seat));
    }
  cp_hand_init (&table->discard, CP_SEATS_ALL);
  table->current_seat = CP_SEAT_CHANCE;
}

/**
 * cp_card_table_redact:
 * @seat: the seat that looks
 *
 * Turns face down every card of @table that @seat may not see.
 */
void
cp_card_table_redact (CpCardTable *table, guint seat)
{
  for (guint s = 0; s < CP_MAX_SEATS; s++)
    {
      cp_hand_redact (&table->hand[s], seat);
      cp_hand_redact (&table->up[s], seat);
      cp_hand_redact (&table->sealed[s], seat);
    }
  cp_hand_redact (&table->discard, seat);
}

/**
 * cp_card_table_count:
 *
 * How many cards @seat has: in hand, face up and sealed.
 */
guint
cp_card_table_count (const CpCardTable *table, guint seat)
{
  g_return_val_if_fail (seat < CP_MAX_SEATS, 0);
  return cp_hand_count (&table->hand[seat]) + cp_hand_count (&table->up[seat])
         + cp_hand_count (&table->sealed[seat]);
}
