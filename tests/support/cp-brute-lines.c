/* cp-brute-lines.c: the engine's counts along lines of play against the
 * counter written apart from it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-brute-lines.h"
#include "cp-chess-state.h"
#include "cp-test-util.h"

typedef struct {
  const char *game_id;
  BruteGame brute;
  guint every, compared;
} Lines;

static void
compare (CpState *state, guint ply, gpointer data)
{
  Lines *lines = data;
  g_autofree char *fen = NULL;
  g_autoptr (GHashTable) options = NULL;
  g_autoptr (CpGame) turn = NULL;

  if ((ply + 1) % lines->every != 0 || CP_CHESS_STATE (state)->stacks == 0)
    return;
  fen = cp_fen_write (CP_CHESS_STATE (state), CP_FEN_STANDARD);
  options = g_hash_table_new (g_str_hash, g_str_equal);
  /* A position in the middle of a turn reads as one where the turn
   * begins, or not at all (its side in check). */
  g_hash_table_insert (options, (gpointer) "fen", fen);
  turn = cp_game_new (lines->game_id, options, 2, 0, NULL);
  if (turn != NULL)
    {
      g_autoptr (CpState) start = cp_state_copy (cp_game_get_state (turn));

      g_assert_cmpuint (cp_state_perft (start, 2), ==, brute_perft (lines->brute, fen, 2));
      lines->compared++;
    }
}

guint
cp_brute_lines (const char *game_id, BruteGame brute, const char *const *positions, guint n_positions,
                guint n_lines, guint plies, guint every, guint32 seed)
{
  Lines lines = { game_id, brute, every, 0 };

  cp_test_walk_lines (game_id, positions, n_positions, n_lines, plies, seed, compare, &lines);
  return lines.compared;
}
