/* tune-chess-eval.c: fits the weights of the chess evaluation to the
 * scores of many positions
 *
 *   tune-chess-eval labelled.txt [STEP] > weights.c
 *
 * Reads "FEN;score" lines (label-positions.py) and looks for the weights
 * (CpChessWeights) under which the evaluation's scores, turned into
 * chances of winning, come nearest those of the labels.  Each weight in
 * turn is moved up or down by a step while that lowers the mean squared
 * error, the steps halving from STEP (8 unless given) to 1; STEP 0 only
 * reports the error of the weights in use.  A tenth of the positions is
 * held out of the fit: its error tells whether the weights learnt chess
 * or only the positions.  The fit starts from the evaluation's weights
 * and keeps the pawn's middle-game value at 100, the unit of the rest.
 * Prints the initializer of default_weights in cp-chess-eval.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cp-chess-eval.h"
#include "cp-registry.h"

/* The weights are walked as one array of ints. */
G_STATIC_ASSERT (sizeof (CpChessScore) == 2 * sizeof (int));

/* Passes over the weights with one step before the next is halved. */
#define MAX_PASSES 6

typedef struct {
  CpState *state;
  double target;
} Position;

typedef struct {
  const char *name;
  gsize offset;
  guint n;
} Field;

#define FIELD(member) { #member, offsetof (CpChessWeights, member), \
                        sizeof (((CpChessWeights *) NULL)->member) / sizeof (CpChessScore) }

static const Field fields[] = {
  FIELD (material), FIELD (pawn_rank), FIELD (pawn_centre), FIELD (pawn_near_centre),
  FIELD (pawn_home), FIELD (centre), FIELD (back_rank), FIELD (rook_seventh),
  FIELD (rook_centre_file), FIELD (rook_open_file), FIELD (rook_half_open_file),
  FIELD (king_file), FIELD (king_second_rank), FIELD (king_advanced),
  FIELD (king_advanced_rank), FIELD (passed), FIELD (passed_enemy_king),
  FIELD (passed_own_king), FIELD (passed_blocked), FIELD (isolated), FIELD (doubled),
  FIELD (bishop_pair), FIELD (mobility), FIELD (pawn_threat), FIELD (major_threat),
  FIELD (hanging), FIELD (shelter_near), FIELD (shelter_far), FIELD (shelter_missing),
  FIELD (shelter_open_file), FIELD (king_exposed), FIELD (castling_right),
  FIELD (king_attack), FIELD (tempo),
};

static const char *const kinds[CP_PIECE_KING + 1] = {
  NULL, "CP_PIECE_PAWN", "CP_PIECE_KNIGHT", "CP_PIECE_BISHOP", "CP_PIECE_ROOK",
  "CP_PIECE_QUEEN", "CP_PIECE_KING",
};

/* The chance of winning of a score, as the labels' engine counts it. */
static double
chance (double score)
{
  return 1.0 / (1.0 + pow (10.0, -score / 400.0));
}

static double
error_of (const CpChessWeights *w, const Position *positions, guint n)
{
  double sum = 0;

#pragma omp parallel for reduction(+:sum) schedule(static)
  for (guint i = 0; i < n; i++)
    {
      const CpChessState *st = CP_CHESS_STATE (positions[i].state);
      double d = chance (cp_chess_evaluate_with (st, st->base.to_move, w)) - positions[i].target;

      sum += d * d;
    }
  return sum / MAX (n, 1);
}

static GArray *
read_positions (const char *path)
{
  const CpRules *rules = cp_rules_lookup ("chess");
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GArray *positions = g_array_new (FALSE, FALSE, sizeof (Position));

  if (!g_file_get_contents (path, &text, NULL, &error))
    g_error ("%s", error->message);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (GHashTable) given = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr (GHashTable) options = NULL;
      char *semicolon = strrchr (lines[i], ';');
      Position p;

      if (semicolon == NULL)
        continue;
      *semicolon = '\0';
      g_hash_table_insert (given, (gpointer) "fen", lines[i]);
      options = cp_rules_resolve_options (rules, given, &error);
      if (options == NULL || (p.state = cp_state_new (rules, 2, options, &error)) == NULL)
        g_error ("%s, line %u: %s", path, i + 1, error->message);
      p.target = chance (g_ascii_strtod (semicolon + 1, NULL));
      g_array_append_val (positions, p);
    }
  return positions;
}

static void
print_weights (const CpChessWeights *w)
{
  for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
    {
      const CpChessScore *s = (const CpChessScore *) ((const char *) w + fields[f].offset);

      if (fields[f].n == 1)
        printf ("  .%s = { %d, %d },\n", fields[f].name, s->mg, s->eg);
      else if (fields[f].n == CP_PIECE_KING + 1)
        {
          printf ("  .%s = {\n", fields[f].name);
          for (guint k = CP_PIECE_PAWN; k <= CP_PIECE_KING; k++)
            if (s[k].mg != 0 || s[k].eg != 0)
              printf ("    [%s] = { %d, %d },\n", kinds[k], s[k].mg, s[k].eg);
          printf ("  },\n");
        }
      else
        {
          printf ("  .%s = {", fields[f].name);
          for (guint i = 0; i < fields[f].n; i++)
            printf ("%s{ %d, %d },", i % 4 == 0 ? "\n    " : " ", s[i].mg, s[i].eg);
          printf ("\n  },\n");
        }
    }
}

int
main (int argc, char *argv[])
{
  g_autoptr (GArray) array = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);
  CpChessWeights w = *cp_chess_weights_default ();
  int *v = (int *) &w;
  guint n_fields = 0, n_values = 2 * CP_CHESS_N_WEIGHTS, n_fit, fixed;
  Position *positions;
  double best;

  for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
    n_fields += fields[f].n;
  if (n_fields != CP_CHESS_N_WEIGHTS)
    g_error ("The tuner knows %u of the %zu weights", n_fields, CP_CHESS_N_WEIGHTS);
  if (argc < 2 || argc > 3)
    {
      fprintf (stderr, "Usage: %s LABELLED [STEP]\n", argv[0]);
      return 2;
    }
  array = read_positions (argv[1]);
  positions = (Position *) (void *) array->data;
  /* The positions in a random order, so that the tenth held out is not
   * of the last games. */
  for (guint i = array->len; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      Position t = positions[i - 1];

      positions[i - 1] = positions[j];
      positions[j] = t;
    }
  n_fit = array->len - array->len / 10;
  fixed = (guint) (&w.material[CP_PIECE_PAWN].mg - v);
  best = error_of (&w, positions, n_fit);
  fprintf (stderr, "%u positions, %u values: error %.6f, held out %.6f\n", array->len, n_values,
           best, error_of (&w, positions + n_fit, array->len - n_fit));
  for (int step = argc > 2 ? atoi (argv[2]) : 8; step >= 1; step /= 2)
    {
      gboolean better = TRUE;

      for (guint pass = 0; better && pass < MAX_PASSES; pass++)
        {
          better = FALSE;
          for (guint i = 0; i < n_values; i++)
            {
              int was = v[i];

              if (i == fixed)
                continue;
              for (int sign = 1; sign >= -1; sign -= 2)
                {
                  double e;

                  v[i] = was + sign * step;
                  e = error_of (&w, positions, n_fit);
                  if (e < best)
                    {
                      best = e;
                      better = TRUE;
                      break;
                    }
                  v[i] = was;
                }
            }
          fprintf (stderr, "step %d, pass %u: error %.6f, held out %.6f\n", step, pass + 1, best,
                   error_of (&w, positions + n_fit, array->len - n_fit));
        }
    }
  print_weights (&w);
  for (guint i = 0; i < array->len; i++)
    cp_state_free (positions[i].state);
  return 0;
}
