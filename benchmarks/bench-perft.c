/* bench-perft.c: how fast the chess move generator counts
 *
 * Counts the move sequences (perft) from two well-known positions with
 * Chess Parlour's engine and, in the same run, with the chess programs
 * Fairy-Stockfish and Stockfish where they are installed, and prints the
 * nodes, the time and the nodes per second of each, with the speed of
 * Chess Parlour relative to the others.  The counts must agree; a line
 * starting with "warning:" says when they do not.
 *
 * Then it counts Adrenaline Chess and Half Alice Chess, from the start and
 * from positions with checkers, and prints their time per node against
 * orthodox chess.
 *
 * Each measurement is the fastest of a few runs.  CP_BENCH_DEEP=1 counts
 * one ply deeper (and runs each count once).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <signal.h>
#include <stdarg.h>
#include <string.h>

#include "cp-engine.h"

typedef struct {
  const char *name;
  const char *fen;
  guint depth;
  guint64 expected[8];  /* known counts by depth, 0 where not listed */
} Position;

static const Position positions[] = {
  { "start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5,
    { 1, 20, 400, 8902, 197281, 4865609, 119060324, 3195901860 } },
  { "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4,
    { 1, 48, 2039, 97862, 4085603, 193690690, 8031647685, 0 } },
};

#define N_POSITIONS G_N_ELEMENTS (positions)

typedef struct {
  const char *program;  /* as listed in the table */
  const char *path;
} Reference;

static const Reference references[] = {
  { "fairy-stockfish", "/usr/games/fairy-stockfish" },
  { "stockfish", "/usr/games/stockfish" },
};

#define N_REFERENCES G_N_ELEMENTS (references)

typedef struct {
  gboolean done;
  guint64 nodes;
  double seconds;
} Measure;

static char *format_rate (const Measure *measure);

/* The games with checkers under the pieces, each from the start and from
 * Kiwipete with checkers ("*" after a piece), against orthodox chess from
 * the same positions without them. */
typedef struct {
  const char *game;
  const char *name;
  const char *fen;
  guint depth;
} VariantCount;

static const VariantCount variant_counts[] = {
  { "chess", "start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5 },
  { "adrenaline", "start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5 },
  { "half-alice", "start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5 },
  { "chess", "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4 },
  { "adrenaline", "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4 },
  { "adrenaline", "stacked", "r3k2r/p1ppq*pb1/bn2pnp1/3PN3/1p*2P3/2N**2Q1p/PPPB*BPPP/R3K2R w KQkq - 0 1", 5 },
  { "adrenaline", "stacked", "r3k2r/p1ppq*pb1/bn2pnp1/3PN3/1p*2P3/2N**2Q1p/PPPB*BPPP/R3K2R w KQkq - 0 1", 6 },
  { "half-alice", "mirrored", "r3k2r/p1ppq*pb1/b*n2pnp1/3PN*3/1p*2P3/2N2Q*1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4 },
};

/* Chess Parlour */

static gboolean
count_game (const char *game_id, const char *fen, guint depth, guint runs, Measure *measure,
            GError **error)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;

  g_hash_table_insert (options, (gpointer) "fen", (gpointer) fen);
  game = cp_game_new (game_id, options, 2, 0, error);
  if (game == NULL)
    return FALSE;

  for (guint run = 0; run < runs; run++)
    {
      g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));
      gint64 start = g_get_monotonic_time ();
      guint64 nodes = cp_state_perft (state, depth);
      double seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;

      if (!measure->done || seconds < measure->seconds)
        measure->seconds = seconds;
      measure->nodes = nodes;
      measure->done = TRUE;
    }
  return TRUE;
}

static gboolean
count_ours (const Position *position, guint depth, guint runs, Measure *measure,
            GError **error)
{
  return count_game ("chess", position->fen, depth, runs, measure, error);
}

/* Nodes per second of the games with checkers under the pieces, and the
 * time they take per node against orthodox chess: from the start against
 * chess from the start, from the other positions against chess from
 * Kiwipete.  The counts take turns, @rounds times each, and the fastest
 * of each is kept, so that a machine slower for a while slows all alike. */
static void
count_variants (guint rounds)
{
  Measure measures[G_N_ELEMENTS (variant_counts)] = { 0 };
  gboolean failed[G_N_ELEMENTS (variant_counts)] = { 0 };

  g_print ("\nThe games with checkers under the pieces (a \"*\" after a piece: a checker under it),\n"
           "the fastest of %u rounds\n", rounds);
  for (guint i = 0; i < G_N_ELEMENTS (variant_counts); i++)
    if (i == 0 || !g_str_equal (variant_counts[i].fen, variant_counts[i - 1].fen))
      g_print ("  %-9s %s\n", variant_counts[i].name, variant_counts[i].fen);
  for (guint round = 0; round < rounds; round++)
    for (guint i = 0; i < G_N_ELEMENTS (variant_counts); i++)
      {
        const VariantCount *v = &variant_counts[i];
        g_autoptr (GError) error = NULL;

        if (failed[i] || count_game (v->game, v->fen, v->depth, 1, &measures[i], &error))
          continue;
        g_print ("warning: %s cannot count %s: %s\n", v->game, v->name, error->message);
        failed[i] = TRUE;
      }
  g_print ("\n%-11s %-9s %5s %12s %9s %10s  %s\n", "game", "position", "depth", "nodes", "seconds",
           "nodes/s", "time per node against chess");
  for (guint i = 0; i < G_N_ELEMENTS (variant_counts); i++)
    {
      const VariantCount *v = &variant_counts[i];
      const Measure *chess = &measures[g_str_equal (v->name, "start") ? 0 : 3];
      g_autofree char *rate = NULL;

      if (failed[i])
        continue;
      rate = format_rate (&measures[i]);
      g_print ("%-11s %-9s %5u %12" G_GUINT64_FORMAT " %9.3f %10s", v->game, v->name, v->depth,
               measures[i].nodes, measures[i].seconds, rate);
      if (g_str_equal (v->game, "chess") || !chess->done || measures[i].nodes == 0 || chess->nodes == 0)
        g_print ("\n");
      else
        g_print ("  %.2f\n", (measures[i].seconds / (double) measures[i].nodes)
                              / (chess->seconds / (double) chess->nodes));
    }
}

/* A chess program that speaks UCI, run as a child process. */

typedef struct {
  GSubprocess *process;
  GOutputStream *input;
  GDataInputStream *output;
  char *name;
} Uci;

static void
uci_free (Uci *uci)
{
  if (uci->process != NULL)
    {
      if (uci->input != NULL)
        g_output_stream_write_all (uci->input, "quit\n", 5, NULL, NULL, NULL);
      if (!g_subprocess_wait (uci->process, NULL, NULL))
        g_subprocess_force_exit (uci->process);
    }
  g_clear_object (&uci->output);
  g_clear_object (&uci->process);
  g_free (uci->name);
  g_free (uci);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Uci, uci_free)

static gboolean
uci_send (Uci *uci, GError **error, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
uci_send (Uci *uci, GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *line = NULL;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  return g_output_stream_write_all (uci->input, line, strlen (line), NULL, NULL, error)
         && g_output_stream_write_all (uci->input, "\n", 1, NULL, NULL, error)
         && g_output_stream_flush (uci->input, NULL, error);
}

/* Reads lines until one starts with @prefix; returns it. */
static char *
uci_wait_for (Uci *uci, const char *prefix, GError **error)
{
  for (;;)
    {
      g_autoptr (GError) local_error = NULL;
      char *line = g_data_input_stream_read_line_utf8 (uci->output, NULL, NULL, &local_error);

      if (line == NULL)
        {
          if (local_error != NULL)
            g_propagate_error (error, g_steal_pointer (&local_error));
          else
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE,
                         "the program ended before it said “%s”", prefix);
          return NULL;
        }
      g_strchomp (line);
      if (g_str_has_prefix (line, prefix))
        return line;
      g_free (line);
    }
}

static Uci *
uci_start (const char *path, GError **error)
{
  g_autoptr (Uci) uci = g_new0 (Uci, 1);
  const char *argv[] = { path, NULL };
  char *line;

  uci->process = g_subprocess_newv (argv,
                                    G_SUBPROCESS_FLAGS_STDIN_PIPE
                                    | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                    | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                                    error);
  if (uci->process == NULL)
    return NULL;
  uci->input = g_subprocess_get_stdin_pipe (uci->process);
  uci->output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (uci->process));

  if (!uci_send (uci, error, "uci"))
    return NULL;
  for (;;)
    {
      line = uci_wait_for (uci, "", error);
      if (line == NULL)
        return NULL;
      if (g_str_has_prefix (line, "id name "))
        uci->name = g_strdup (line + strlen ("id name "));
      if (strcmp (line, "uciok") == 0)
        {
          g_free (line);
          break;
        }
      g_free (line);
    }
  if (uci->name == NULL)
    uci->name = g_path_get_basename (path);
  return g_steal_pointer (&uci);
}

/* Times "go perft" from sending it to reading the program's total. */
static gboolean
uci_perft (Uci *uci, const char *fen, guint depth, guint runs, Measure *measure,
           GError **error)
{
  for (guint run = 0; run < runs; run++)
    {
      g_autofree char *ready = NULL;
      g_autofree char *total = NULL;
      gint64 start;
      double seconds;

      if (!uci_send (uci, error, "position fen %s", fen)
          || !uci_send (uci, error, "isready")
          || (ready = uci_wait_for (uci, "readyok", error)) == NULL)
        return FALSE;

      start = g_get_monotonic_time ();
      if (!uci_send (uci, error, "go perft %u", depth)
          || (total = uci_wait_for (uci, "Nodes searched:", error)) == NULL)
        return FALSE;
      seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;

      if (!measure->done || seconds < measure->seconds)
        measure->seconds = seconds;
      measure->nodes = g_ascii_strtoull (total + strlen ("Nodes searched:"), NULL, 10);
      measure->done = TRUE;
    }
  return TRUE;
}

/* The report */

static char *
format_rate (const Measure *measure)
{
  double rate = measure->seconds > 0 ? (double) measure->nodes / measure->seconds : 0;

  return g_strdup_printf ("%.1f M", rate / 1e6);
}

static void
print_row (const Position *position, guint depth, const char *program,
           const Measure *measure, const Measure *ours)
{
  g_autofree char *rate = NULL;
  g_autofree char *ratio = NULL;
  g_autofree char *line = NULL;

  if (!measure->done)
    {
      g_print ("%-9s %5u  %-16s %12s %9s %10s  %s\n",
               position->name, depth, program, "-", "-", "-", "failed");
      return;
    }
  rate = format_rate (measure);
  if (measure == ours)
    ratio = g_strdup ("");
  else if (ours->done && ours->seconds > 0)
    ratio = g_strdup_printf ("%.2f", measure->seconds / ours->seconds);
  else
    ratio = g_strdup ("-");
  line = g_strdup_printf ("%-9s %5u  %-16s %12" G_GUINT64_FORMAT " %9.3f %10s  %s",
                          position->name, depth, program, measure->nodes, measure->seconds, rate,
                          ratio);
  g_print ("%s\n", g_strchomp (line));
}

/* Prints a warning for each count of @measure that disagrees with the
 * known count or with Chess Parlour's; returns whether all agree. */
static gboolean
check_counts (const Position *position, guint depth, const char *program, const Measure *measure,
              const Measure *ours)
{
  guint64 expected = depth < G_N_ELEMENTS (position->expected) ? position->expected[depth] : 0;
  gboolean agree = measure->done;

  if (measure->done && expected != 0 && measure->nodes != expected)
    {
      g_print ("warning: %s counts %" G_GUINT64_FORMAT " for %s at depth %u; the known count is %"
               G_GUINT64_FORMAT "\n", program, measure->nodes, position->name, depth, expected);
      agree = FALSE;
    }
  if (measure->done && measure != ours && ours->done && measure->nodes != ours->nodes)
    {
      g_print ("warning: %s counts %" G_GUINT64_FORMAT " for %s at depth %u, Chess Parlour %"
               G_GUINT64_FORMAT "\n", program, measure->nodes, position->name, depth, ours->nodes);
      agree = FALSE;
    }
  return agree;
}

int
main (int argc, char *argv[])
{
  gboolean deep = g_strcmp0 (g_getenv ("CP_BENCH_DEEP"), "1") == 0;
  guint runs = deep ? 1 : 3;
  guint depth[N_POSITIONS];
  Measure ours[N_POSITIONS] = { 0 };
  Measure theirs[N_REFERENCES][N_POSITIONS] = { 0 };
  gboolean present[N_REFERENCES] = { 0 };
  gboolean agree = TRUE;

  /* A chess program that ends early must not end this one when it writes. */
  signal (SIGPIPE, SIG_IGN);

  for (guint p = 0; p < N_POSITIONS; p++)
    depth[p] = positions[p].depth + (deep ? 1 : 0);

  g_print ("perft: counting moves, the fastest of %u run%s each%s\n", runs, runs == 1 ? "" : "s",
           deep ? " (CP_BENCH_DEEP: one ply deeper)" : "");
  for (guint p = 0; p < N_POSITIONS; p++)
    g_print ("  %-9s %s\n", positions[p].name, positions[p].fen);
  g_print ("\n");

  for (guint p = 0; p < N_POSITIONS; p++)
    {
      g_autoptr (GError) error = NULL;

      if (!count_ours (&positions[p], depth[p], runs, &ours[p], &error))
        g_print ("warning: Chess Parlour cannot count %s: %s\n", positions[p].name, error->message);
    }

  for (guint r = 0; r < N_REFERENCES; r++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (Uci) uci = NULL;

      if (!g_file_test (references[r].path, G_FILE_TEST_IS_EXECUTABLE))
        {
          g_print ("%s is not installed (%s): skipped\n", references[r].program, references[r].path);
          continue;
        }
      uci = uci_start (references[r].path, &error);
      if (uci == NULL)
        {
          g_print ("warning: %s did not start: %s\n", references[r].path, error->message);
          continue;
        }
      present[r] = TRUE;
      g_print ("%s: %s\n", references[r].program, uci->name);
      for (guint p = 0; p < N_POSITIONS; p++)
        if (!uci_perft (uci, positions[p].fen, depth[p], runs, &theirs[r][p], &error))
          {
            g_print ("warning: %s failed on %s: %s\n", references[r].program, positions[p].name,
                     error->message);
            g_clear_error (&error);
            break;
          }
    }

  g_print ("\n%-9s %5s  %-16s %12s %9s %10s  %s\n",
           "position", "depth", "program", "nodes", "seconds", "nodes/s", "speed of ours (their time / our time)");
  for (guint p = 0; p < N_POSITIONS; p++)
    {
      print_row (&positions[p], depth[p], "chess-parlour", &ours[p], &ours[p]);
      for (guint r = 0; r < N_REFERENCES; r++)
        if (present[r])
          print_row (&positions[p], depth[p], references[r].program, &theirs[r][p], &ours[p]);
    }
  g_print ("\n");

  for (guint p = 0; p < N_POSITIONS; p++)
    {
      agree &= check_counts (&positions[p], depth[p], "chess-parlour", &ours[p], &ours[p]);
      for (guint r = 0; r < N_REFERENCES; r++)
        if (present[r])
          agree &= check_counts (&positions[p], depth[p], references[r].program, &theirs[r][p],
                                 &ours[p]);
    }
  if (agree)
    g_print ("The node counts agree with each other and with the known counts.\n");
  count_variants (deep ? 1 : 10);
  return 0;
}
