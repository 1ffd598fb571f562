/* chess-positions.c: quiet positions of orthodox chess, for tuning the
 * evaluation
 *
 *   chess-positions GAMES SEED [NODES] > positions.fen
 *
 * Plays GAMES games of the hard search against itself, NODES positions a
 * move (2000 unless given), each from a few random moves, and writes, as
 * FEN, about a third of the positions from the tenth ply on where the side
 * to move is not in check and the search's move takes nothing and
 * promotes nothing: positions that the evaluation must judge by itself.
 * label-positions.py has them scored; tune-chess-eval fits the weights.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "cp-chess-state.h"
#include "cp-registry.h"
#include "cp-search.h"

#define MAX_PLIES 300
#define FIRST_PLY 10

static gboolean
quiet (const CpState *state, const CpAction *best)
{
  return state->rules->check_cell (state) == CP_NO_CELL && !(best->flags & CP_ACTION_FLAG_CAPTURE)
         && best->piece == CP_PIECE_NONE;
}

static void
play (CpSearch *search, GRand *rand, guint nodes)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) resolved = NULL;
  g_autoptr (CpState) state = NULL;
  g_autoptr (GError) error = NULL;
  const CpRules *rules = cp_rules_lookup ("chess");
  guint64 keys[MAX_PLIES];
  guint randoms = (guint) g_rand_int_range (rand, 4, 10);

  resolved = cp_rules_resolve_options (rules, options, &error);
  if (resolved == NULL || (state = cp_state_new (rules, 2, resolved, &error)) == NULL)
    g_error ("No game of chess: %s", error->message);
  cp_search_clear (search);
  for (guint ply = 0; ply < MAX_PLIES && !cp_state_is_over (state); ply++)
    {
      guint seat = cp_state_first_pending (state);
      CpAction best;

      keys[ply] = cp_state_hash (state);
      if (ply < randoms)
        {
          g_auto (CpActionList) legal = { 0 };

          cp_state_legal (state, seat, &legal);
          best = legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)];
        }
      else
        {
          CpSearchLimits limits = { .nodes = nodes };

          cp_search_set_history (search, keys, ply);
          if (!cp_search_run (search, state, seat, &limits, NULL, &best, NULL))
            break;
          if (ply >= FIRST_PLY && g_rand_int_range (rand, 0, 3) == 0 && quiet (state, &best))
            {
              g_autofree char *fen = cp_fen_write (CP_CHESS_STATE (state), CP_FEN_STANDARD);

              printf ("%s\n", fen);
            }
        }
      if (!cp_state_apply (state, &best, &error))
        g_error ("A move of the search was refused: %s", error->message);
    }
}

int
main (int argc, char *argv[])
{
  g_autoptr (CpSearch) search = cp_search_new (16);
  g_autoptr (GRand) rand = NULL;
  guint games, nodes;

  if (argc < 3 || argc > 4)
    {
      fprintf (stderr, "Usage: %s GAMES SEED [NODES]\n", argv[0]);
      return 2;
    }
  games = (guint) strtoul (argv[1], NULL, 10);
  rand = g_rand_new_with_seed ((guint32) strtoul (argv[2], NULL, 10));
  nodes = argc > 3 ? (guint) strtoul (argv[3], NULL, 10) : 2000;
  for (guint g = 0; g < games; g++)
    {
      play (search, rand, nodes);
      fflush (stdout);
    }
  return 0;
}
