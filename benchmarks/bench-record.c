/* bench-record.c: how fast a long game record loads and replays
 *
 * The record is a game of orthodox chess of 10,000 moves, played here from
 * a fixed seed so that every run measures the same record.  The moves are
 * legal moves chosen at random and steered so that the game goes on:
 * quiet piece moves that give no check while the seventy-five-move rule is
 * far, then a pawn move or a capture, and never a move that ends the game.
 * Should the moves run out before 10,000 actions all the same, draw offers
 * by the player to move, each declined by the other player, fill the
 * record up; the benchmark says how many of the actions are moves.
 *
 * It times saving the record to text, loading it (parsing, checking against
 * the schema and replaying every action through the rules), replaying the
 * loaded log from its start, and the state at a few points of the log, and
 * reports the peak memory of the process.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-chess-state.h"
#include "cp-record.h"

#define SEED G_GUINT64_CONSTANT (20250611)
#define TARGET_ACTIONS 10000

/* From this many plies without a capture or pawn move on, the generator
 * prefers one (the game ends at 150). */
#define PROGRESS_AT 140

#define LOAD_RUNS 5

static double
seconds_since (gint64 start)
{
  return (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
}

/* A figure of the process's memory use from /proc/self/status ("VmHWM:"
 * is the peak resident memory, "VmRSS:" the present), in KiB; 0 if
 * unknown. */
static guint64
memory_use (const char *field)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, field);
  return line != NULL ? g_ascii_strtoull (line + strlen (field), NULL, 10) : 0;
}

/* Gives freed memory back to the system and starts a new peak at the
 * present memory use, where the system allows it. */
static gboolean
reset_peak_memory (void)
{
  FILE *file;
  gboolean done;

#ifdef __GLIBC__
  malloc_trim (0);
#endif
  file = fopen ("/proc/self/clear_refs", "w");
  if (file == NULL)
    return FALSE;
  done = fputs ("5", file) >= 0;
  return fclose (file) == 0 && done;
}

/* Generating the game */

typedef struct {
  CpGame *game;
  guint draws;  /* random numbers used so far */
  guint moves;  /* moves in the log */
} Generator;

static guint
random_below (Generator *gen, guint n)
{
  return cp_random_draw (SEED, gen->draws++, n);
}

/* How the generator ranks a move: the lower, the sooner it is tried.
 * Pawn moves and captures are scarce, so they wait until the
 * seventy-five-move rule comes near; then a pawn step goes first, since a
 * capture uses up material. */
static guint
rank_move (const CpState *state, const CpAction *move, gboolean want_progress)
{
  gboolean capture = (move->flags & CP_ACTION_FLAG_CAPTURE) != 0;
  gboolean pawn = state->cells[move->cells[0]].kind == CP_PIECE_PAWN;
  guint rank = capture ? 2 : pawn ? 1 : 0;

  return want_progress ? (rank + 2) % 3 : rank;
}

static gboolean
has_progress_move (const CpState *state)
{
  CpSeatMask pending = cp_state_pending (state);
  g_auto (CpActionList) legal = { 0 };

  if (pending == 0)
    return FALSE;
  cp_state_legal (state, (guint) __builtin_ctz (pending), &legal);
  for (guint i = 0; i < legal.len; i++)
    if (rank_move (state, &legal.items[i], FALSE) > 0)
      return TRUE;
  return FALSE;
}

/* Whether the position after a move suits the generator: no check while
 * the seventy-five-move rule is far (a check may leave only a capture or a
 * pawn move to answer it), and a pawn move or a capture for the next player
 * when the rule is near. */
static gboolean
is_wanted (const CpState *after)
{
  const CpChessState *chess = CP_CHESS_STATE (after);

  if (chess->halfmove < PROGRESS_AT)
    return !cp_chess_in_check (chess, after->to_move);
  return has_progress_move (after);
}

/* Appends @action if it is legal and leaves the game going and, when
 * @careful, if the position after it is wanted. */
static gboolean
try_action (Generator *gen, const CpAction *action, gboolean careful)
{
  const CpState *after;

  if (!cp_game_append (gen->game, action, NULL))
    return FALSE;
  after = cp_game_get_state (gen->game);
  if (after->outcome.status == CP_STATUS_PLAYING && (!careful || is_wanted (after)))
    return TRUE;
  cp_game_undo (gen->game);
  return FALSE;
}

typedef struct {
  CpAction move;
  guint rank;
  guint key;
} Candidate;

static int
compare_candidates (gconstpointer a, gconstpointer b)
{
  const Candidate *x = a, *y = b;

  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  return x->key < y->key ? -1 : x->key > y->key;
}

/* Plays one move, preferring the kind the game needs now; FALSE when
 * every legal move would end the game. */
static gboolean
play_move (Generator *gen)
{
  const CpState *state = cp_game_get_state (gen->game);
  CpSeatMask pending = cp_state_pending (state);
  gboolean want_progress = CP_CHESS_STATE (state)->halfmove >= PROGRESS_AT;
  g_auto (CpActionList) legal = { 0 };
  g_autofree Candidate *candidates = NULL;

  if (pending == 0)
    return FALSE;
  cp_state_legal (state, (guint) __builtin_ctz (pending), &legal);

  /* By rank, in random order within a rank. */
  candidates = g_new (Candidate, MAX (legal.len, 1));
  for (guint i = 0; i < legal.len; i++)
    candidates[i] = (Candidate) { legal.items[i], rank_move (state, &legal.items[i], want_progress),
                                  random_below (gen, G_MAXUINT32) };
  qsort (candidates, legal.len, sizeof (Candidate), compare_candidates);

  /* Taking a move back replaces the game's state: @state is not used
   * from here on. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < legal.len; i++)
      if (try_action (gen, &candidates[i].move, pass == 0))
        {
          gen->moves++;
          return TRUE;
        }
  return FALSE;
}

/* Fills the log up to @target actions with draw offers, each declined
 * but perhaps the last. */
static gboolean
pad_with_draw_offers (Generator *gen, guint target)
{
  while (cp_game_get_n_actions (gen->game) < target)
    {
      CpSeatMask pending = cp_game_get_pending (gen->game);
      guint seat;
      CpAction offer, decline;

      if (pending == 0)
        return FALSE;
      seat = (guint) __builtin_ctz (pending);

      cp_action_init (&offer, CP_ACTION_OFFER_DRAW, seat);
      cp_action_init (&decline, CP_ACTION_DECLINE_DRAW, 1 - seat);
      if (!try_action (gen, &offer, FALSE)
          || (cp_game_get_n_actions (gen->game) < target && !try_action (gen, &decline, FALSE)))
        return FALSE;
    }
  return TRUE;
}

static CpGame *
generate_game (guint *n_moves, GError **error)
{
  Generator gen = { 0 };
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, SEED, error);

  if (game == NULL)
    return NULL;
  cp_game_resolve_chance (game);
  gen.game = game;

  while (cp_game_get_n_actions (game) < TARGET_ACTIONS && play_move (&gen))
    ;
  if (!pad_with_draw_offers (&gen, TARGET_ACTIONS))
    {
      g_set_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION, "the draw offers were refused");
      return NULL;
    }
  *n_moves = gen.moves;
  return g_steal_pointer (&game);
}

/* Measuring */

static void
print_rate (const char *what, guint actions, double seconds)
{
  g_print ("%-34s %9.4f s  %12.0f actions/s\n", what, seconds,
           seconds > 0 ? actions / seconds : 0.0);
}

static gboolean
time_loading (const char *text, gsize length, guint n_actions, CpGame **loaded, GError **error)
{
  double best = 0;

  for (guint run = 0; run < LOAD_RUNS; run++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr (CpGame) game = cp_record_load_data (text, length, error);
      double seconds = seconds_since (start);

      if (game == NULL)
        return FALSE;
      if (run == 0)
        print_rate ("load (first, compiles the schema)", n_actions, seconds);
      else if (run == 1 || seconds < best)
        best = seconds;
      if (run == LOAD_RUNS - 1)
        *loaded = g_steal_pointer (&game);
    }
  print_rate ("load (fastest of the next runs)", n_actions, best);
  return TRUE;
}

/* Replays the loaded log through the rules from the start, as loading does
 * after checking the document. */
static void
time_replay (CpGame *loaded)
{
  guint n = cp_game_get_n_actions (loaded);
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, cp_game_get_seed (loaded), NULL);
  gint64 start = g_get_monotonic_time ();

  for (guint i = 0; i < n; i++)
    if (!cp_game_append (game, cp_game_get_action (loaded, i), NULL))
      {
        g_print ("warning: action %u does not replay\n", i + 1);
        return;
      }
  print_rate ("replay of the whole log", n, seconds_since (start));
}

static void
time_state_at (CpGame *game)
{
  guint n = cp_game_get_n_actions (game);
  const guint points[] = { 1, n / 4 + 1, n / 2 - 1, 3 * n / 4 + 3, n - 1, n };
  const guint repeat = 200;

  g_print ("\nthe state at a point of the log (cp_game_state_at), mean of %u calls:\n", repeat);

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      gint64 start = g_get_monotonic_time ();
      double seconds;

      for (guint r = 0; r < repeat; r++)
        {
          g_autoptr (CpState) state = cp_game_state_at (game, points[i]);
        }
      seconds = seconds_since (start) / repeat;
      g_print ("state after action %-5u %25.1f microseconds\n", points[i], seconds * 1e6);
    }
}

int
main (int argc, char *argv[])
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpGame) loaded = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  guint n_moves = 0;
  guint n_actions;
  guint64 peak_before, in_use;
  gboolean reset;
  gint64 start;

  start = g_get_monotonic_time ();
  game = generate_game (&n_moves, &error);
  if (game == NULL)
    {
      g_printerr ("bench-record: cannot generate the game: %s\n", error->message);
      return 1;
    }
  n_actions = cp_game_get_n_actions (game);
  g_print ("record: a game of chess of %u actions: %u moves, %u draw offers and declines\n",
           n_actions, n_moves, n_actions - n_moves);
  g_print ("generated in %.2f s\n", seconds_since (start));

  start = g_get_monotonic_time ();
  text = cp_record_to_string (game, &length);
  print_rate ("save to text", n_actions, seconds_since (start));
  g_print ("record size %" G_GSIZE_FORMAT " bytes (%.1f bytes an action)\n\n", length,
           (double) length / MAX (n_actions, 1));

  peak_before = memory_use ("VmHWM:");
  g_clear_object (&game);
  reset = reset_peak_memory ();
  in_use = memory_use ("VmRSS:");

  if (!time_loading (text, length, n_actions, &loaded, &error))
    {
      g_printerr ("bench-record: the record does not load: %s\n", error->message);
      return 1;
    }
  if (cp_game_get_n_actions (loaded) != n_actions)
    g_print ("warning: the loaded game has %u actions, the saved one %u\n",
             cp_game_get_n_actions (loaded), n_actions);
  if (reset)
    g_print ("peak memory %" G_GUINT64_FORMAT " KiB while generating and saving; %" G_GUINT64_FORMAT
             " KiB while loading, from %" G_GUINT64_FORMAT " KiB in use before\n",
             peak_before, memory_use ("VmHWM:"), in_use);
  else
    g_print ("peak memory of the process %" G_GUINT64_FORMAT " KiB\n", memory_use ("VmHWM:"));
  g_print ("\n");

  time_replay (loaded);
  time_state_at (loaded);
  return 0;
}
