/* bench-search.c: how fast the computer players search
 *
 * Searches a few chess positions to a fixed depth, a Chivalry and a
 * Chivalrous Attrition start too, and prints the positions looked at, the
 * time and the positions a second; beside them the speed of the chess
 * move generator (perft from the start) and, where Stockfish is
 * installed, its own search speed on one thread ("stockfish bench").
 * Then the tree search of the games alpha-beta does not play, at the
 * hard level's settings, on a budget of positions in Crowded House: its
 * iterations and positions a second of processor time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <time.h>

#include "cp-computer-player.h"
#include "cp-engine.h"
#include "cp-mcts.h"

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

/* Positions for the tree search: a game, its seats and the moves that
 * lead there. */
typedef struct {
  const char *name;
  const char *game;
  guint n_seats;
  const char *moves;
} TreePosition;

static const TreePosition tree_positions[] = {
  { "crowded start", "crowded-house", 4, "" },
  { "crowded opening", "crowded-house", 4, "e4 e5 d4 d5 Nf3 Nf6 Nc3 Nc6" },
  { "synchronous", "synchronous", 2, "" },
};

#define TREE_NODES 400000

/* The processor time of this thread, in seconds: the tree search is timed
 * by it, as the machine may be busy with other work. */
static double
thread_seconds (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return (double) t.tv_sec + (double) t.tv_nsec / 1e9;
}

static gboolean
tree_bench (const TreePosition *p)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_game_new (p->game, NULL, p->n_seats, 1, &error);
  g_autoptr (CpMcts) mcts = cp_mcts_new ();
  g_auto (GStrv) moves = g_strsplit (p->moves, " ", -1);
  CpSearchLimits limits = { .nodes = TREE_NODES };
  CpMctsInfo info;
  CpAction best;
  const CpState *state;
  double cpu;

  if (game == NULL)
    {
      g_printerr ("%s: %s\n", p->name, error->message);
      return FALSE;
    }
  for (guint i = 0; moves[i] != NULL; i++)
    if (*moves[i] != '\0' && !cp_game_play_text (game, moves[i], &error))
      {
        g_printerr ("%s: %s: %s\n", p->name, moves[i], error->message);
        return FALSE;
      }
  state = cp_game_get_state (game);
  cpu = thread_seconds ();
  if (!cp_mcts_run (mcts, state, (guint) __builtin_ctz (cp_state_pending (state)), &limits, 1, NULL,
                    &best, &info))
    {
      g_printerr ("%s: no move found\n", p->name);
      return FALSE;
    }
  cpu = MAX (thread_seconds () - cpu, 1e-6);
  g_print ("%-16s %12" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT " %9.2f %12.0f %12.0f\n", p->name,
           info.iterations, info.nodes, cpu, (double) info.iterations / cpu, (double) info.nodes / cpu);
  return TRUE;
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

  g_print ("\n%-16s %12s %12s %9s %12s %12s\n", "tree search", "iterations", "nodes", "cpu s",
           "iterations/s", "nodes/s");
  for (guint i = 0; i < G_N_ELEMENTS (tree_positions); i++)
    if (!tree_bench (&tree_positions[i]))
      return 1;
  return 0;
}
