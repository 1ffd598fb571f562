/* cp-brute-lines.h: the engine's counts along lines of play against the
 * counter written apart from it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-brute-perft.h"

G_BEGIN_DECLS

/* Plays random lines of @game_id (cp_test_walk_lines()) and, at every
 * @every-th position with checkers from where a turn begins, checks that
 * the engine counts as many sequences of two plies as brute_perft() does
 * for @brute.  Returns how many positions were compared. */
guint cp_brute_lines (const char        *game_id,
                      BruteGame          brute,
                      const char *const *positions,
                      guint              n_positions,
                      guint              n_lines,
                      guint              plies,
                      guint              every,
                      guint32            seed);

G_END_DECLS
