/* bench-golf.c: how fast the Chess Golf solver proves par
 *
 * Deals puzzles as the game does (sixteen cards laid out, then two, three
 * or four of them drawn) from fixed seeds and solves each with a bound of
 * seven moves, printing for each number of cards the optima found, the
 * mean and slowest times and the positions searched.
 * CP_BENCH_GOLF_DEALS sets the deals of each size (default 40).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-golf-position.h"

#define BOUND 7

static const guint8 deck[16] = {
  CP_PIECE_KNIGHT, CP_PIECE_KNIGHT, CP_PIECE_BISHOP, CP_PIECE_BISHOP, CP_PIECE_ROOK, CP_PIECE_ROOK,
  CP_PIECE_QUEEN, CP_PIECE_KING,
  CP_PIECE_KNIGHT | CP_GOLF_BLACK, CP_PIECE_KNIGHT | CP_GOLF_BLACK, CP_PIECE_BISHOP | CP_GOLF_BLACK,
  CP_PIECE_BISHOP | CP_GOLF_BLACK, CP_PIECE_ROOK | CP_GOLF_BLACK, CP_PIECE_ROOK | CP_GOLF_BLACK,
  CP_PIECE_QUEEN | CP_GOLF_BLACK, CP_PIECE_KING | CP_GOLF_BLACK,
};

static void
shuffle (GRand *rand, guint8 *cards, guint n)
{
  for (guint i = n - 1; i > 0; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i + 1);
      guint8 t = cards[i];

      cards[i] = cards[j];
      cards[j] = t;
    }
}

static void
run (guint n_cards, guint n_deals)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1000 + n_cards);
  guint by_optimum[BOUND + 2] = { 0 };
  double total = 0, slowest = 0;
  guint64 nodes = 0, most_nodes = 0;

  for (guint deal = 0; deal < n_deals; deal++)
    {
      guint8 cards[16];
      CpGolfPosition position;
      CpGolfSolution solution;
      gint64 start;
      double seconds;
      CpGolfResult result;

      memcpy (cards, deck, sizeof cards);
      shuffle (rand, cards, 16);
      cp_golf_position_lay_out (&position, cards, 16);
      shuffle (rand, cards, 16);
      position.n_cards = (guint8) n_cards;
      memcpy (position.cards, cards, n_cards);
      cp_golf_position_choose (&position);
      start = g_get_monotonic_time ();
      result = cp_golf_solve (&position, BOUND, 0, NULL, &solution);
      seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
      by_optimum[result == CP_GOLF_FOUND ? solution.n_moves : BOUND + 1]++;
      total += seconds;
      slowest = MAX (slowest, seconds);
      nodes += solution.nodes;
      most_nodes = MAX (most_nodes, solution.nodes);
    }
  g_print ("%u cards, %u deals, bound %u:", n_cards, n_deals, BOUND);
  for (guint i = 0; i <= BOUND; i++)
    if (by_optimum[i] > 0)
      g_print (" %u x %u", by_optimum[i], i);
  g_print (" %u x none\n", by_optimum[BOUND + 1]);
  g_print ("  mean %.3f s, slowest %.3f s, mean %" G_GUINT64_FORMAT " positions, most %" G_GUINT64_FORMAT "\n",
           total / n_deals, slowest, nodes / n_deals, most_nodes);
}

int
main (void)
{
  const char *env = g_getenv ("CP_BENCH_GOLF_DEALS");
  guint n_deals = env != NULL ? (guint) atoi (env) : 40;

  for (guint n_cards = 2; n_cards <= 4; n_cards++)
    run (n_cards, MAX (n_deals, 1));
  return 0;
}
