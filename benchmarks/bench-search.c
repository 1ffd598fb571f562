/* bench-search.c: how fast the computer players search
 *
 * Searches a few chess positions to a fixed depth, a Chivalry and a
 * Chivalrous Attrition start too, and prints the positions looked at, the
 * time and the positions a second; beside them the speed of the chess
 * move generator (perft from the start) and, where Stockfish is
 * installed, its own search speed on one thread ("stockfish bench").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-computer-player.h"
#include "cp-engine.h"

typedef struct {
  const char *name;
  const char *game;
  const char *fen;   /* NULL: the start */
  guint depth;
} Position;

static const Position positions[] = {
  { "chess start", "chess", NULL, 11 },
  { "kiwipete", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 9 },
  { "middle game", "chess", "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 0 9", 10 },
  { "endgame", "chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 16 },
  { "chivalry start", "chivalry", NULL, 5 },
  { "attrition start", "attrition", NULL, 8 },
};

static CpState *
start_state (const Position *p, GError **error)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;

  if (p->fen != NULL)
    g_hash_table_insert (options, (gpointer) "fen", (gpointer) p->fen);
  if ((game = cp_game_new (p->game, options, 2, 1, error)) == NULL)
    return NULL;
  cp_game_resolve_chance (game);
  if (g_str_equal (p->game, "attrition"))
    {
      /* Past the placements, where the knights move. */
      g_assert_true (cp_game_play_text (game, "c3", NULL));
      g_assert_true (cp_game_play_text (game, "e6", NULL));
    }
  return cp_state_copy (cp_game_get_state (game));
}

static double
perft_nps (void)
{
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 0, NULL);
  g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));
  gint64 start = g_get_monotonic_time ();
  guint64 nodes = cp_state_perft (state, 5);

  return (double) nodes * G_USEC_PER_SEC / (double) MAX (g_get_monotonic_time () - start, 1);
}

/* Stockfish's own figure for its search on one thread, or 0. */
static double
stockfish_nps (void)
{
  const char *argv[] = { "/usr/games/stockfish", "bench", "16", "1", "11", NULL };
  g_autofree char *out = NULL, *err = NULL;
  const char *line;

  if (!g_file_test (argv[0], G_FILE_TEST_IS_EXECUTABLE)
      || !g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, NULL, NULL))
    return 0;
  line = strstr (err != NULL ? err : "", "Nodes/second");
  if (line == NULL && out != NULL)
    line = strstr (out, "Nodes/second");
  if (line == NULL || (line = strchr (line, ':')) == NULL)
    return 0;
  return g_ascii_strtod (line + 1, NULL);
}

int
main (void)
{
  g_autoptr (CpSearch) search = cp_search_new (64);
  double perft = perft_nps (), stockfish = stockfish_nps ();
  guint64 chess_nodes = 0;
  gint64 chess_time = 0;

  g_print ("%-16s %6s %12s %9s %12s\n", "position", "depth", "nodes", "seconds", "nodes/s");
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CpState) state = start_state (&positions[i], &error);
      CpSearchLimits limits = { .depth = positions[i].depth };
      CpSearchInfo info;
      CpAction best;

      if (state == NULL)
        {
          g_printerr ("%s: %s\n", positions[i].name, error->message);
          return 1;
        }
      cp_search_clear (search);
      if (!cp_search_run (search, state, (guint) __builtin_ctz (cp_state_pending (state)),
                          &limits, NULL, &best, &info))
        {
          g_printerr ("%s: no move found\n", positions[i].name);
          return 1;
        }
      g_print ("%-16s %6u %12" G_GUINT64_FORMAT " %9.2f %12.0f\n", positions[i].name, info.depth,
               info.nodes, (double) info.elapsed / G_USEC_PER_SEC,
               (double) info.nodes * G_USEC_PER_SEC / (double) MAX (info.elapsed, 1));
      if (g_str_equal (positions[i].game, "chess"))
        {
          chess_nodes += info.nodes;
          chess_time += info.elapsed;
        }
    }
  g_print ("\nchess search: %.0f nodes/s\n", (double) chess_nodes * G_USEC_PER_SEC / (double) MAX (chess_time, 1));
  g_print ("chess perft from the start, depth 5: %.0f nodes/s (search/perft %.3f)\n", perft,
           (double) chess_nodes * G_USEC_PER_SEC / (double) MAX (chess_time, 1) / perft);
  if (stockfish > 0)
    g_print ("stockfish bench, one thread: %.0f nodes/s (ours/stockfish %.3f)\n", stockfish,
             (double) chess_nodes * G_USEC_PER_SEC / (double) MAX (chess_time, 1) / stockfish);
  return 0;
}
