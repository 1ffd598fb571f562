/* cp-test-util.h: helpers the engine tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-engine.h"

G_BEGIN_DECLS

/* Options are given as "key=value" strings; the others take their
 * defaults. */

CpGame   *cp_test_try_new_game     (const char        *game_id,
                                    guint              n_seats,
                                    guint64            seed,
                                    const char *const *options,
                                    GError           **error);
CpGame   *cp_test_new_game         (const char        *game_id,
                                    guint              n_seats,
                                    guint64            seed,
                                    ...) G_GNUC_NULL_TERMINATED;
CpGame   *cp_test_new_game_undrawn (const char        *game_id,
                                    guint              n_seats,
                                    guint64            seed,
                                    ...) G_GNUC_NULL_TERMINATED;
CpState  *cp_test_new_state        (const char        *game_id,
                                    guint              n_seats,
                                    ...) G_GNUC_NULL_TERMINATED;

/* Looking at a game of the orthodox board: a cell by its name ("e4"),
 * the piece on it now, and the legal actions of the seat to move. */
guint     cp_test_cell             (const char        *name);
const CpPiece *cp_test_piece_at    (CpGame            *game,
                                    const char        *name);
void      cp_test_legal            (CpGame            *game,
                                    CpActionList      *legal);

/* Playing moves, written in any notation the game reads and separated by
 * spaces, and actions; each must be legal. */
#define cp_test_play(game, moves) \
  cp_test_play_at ((game), (moves), __FILE__, __LINE__, G_STRFUNC)
#define cp_test_play_state(state, moves) \
  cp_test_play_state_at ((state), (moves), __FILE__, __LINE__, G_STRFUNC)
#define cp_test_play_action(game, action) \
  cp_test_play_action_at ((game), (action), __FILE__, __LINE__, G_STRFUNC)

void      cp_test_play_at          (CpGame            *game,
                                    const char        *moves,
                                    const char        *file,
                                    int                line,
                                    const char        *func);
void      cp_test_play_state_at    (CpState           *state,
                                    const char        *moves,
                                    const char        *file,
                                    int                line,
                                    const char        *func);
void      cp_test_play_action_at   (CpGame            *game,
                                    CpAction           action,
                                    const char        *file,
                                    int                line,
                                    const char        *func);
/* Runs the program that CP_PROGRAM names with --perft @depth --variant
 * @variant and the further arguments up to NULL, and returns the count
 * it prints; it must succeed. */
void      cp_test_remove_tree      (const char        *path);

guint64   cp_test_perft_command    (const char        *variant,
                                    guint              depth,
                                    ...) G_GNUC_NULL_TERMINATED;
/* Plays @n_lines random lines of up to @plies actions of @game_id from
 * each of @positions (FEN), each line from a seed of its own (@seed + 16
 * × position + line), and shows @visit each position on the way, with
 * its ply counted from 0. */
typedef void (*CpTestLineVisit) (CpState *state, guint ply, gpointer data);

void      cp_test_walk_lines       (const char        *game_id,
                                    const char *const *positions,
                                    guint              n_positions,
                                    guint              n_lines,
                                    guint              plies,
                                    guint32            seed,
                                    CpTestLineVisit    visit,
                                    gpointer           data);
/* Plays the first legal action of the player to move of @type: a move
 * from the cell named @from, or a card that is not a king's; returns its
 * index in the log. */
guint     cp_test_play_first       (CpGame            *game,
                                    CpActionType       type,
                                    const char        *from);
/* For an asynchronous call: give cp_test_keep_result as its callback and
 * the address of a NULL result as its data, then wait for the result with
 * cp_test_wait_result (which runs the main context until it comes). */
void      cp_test_keep_result      (GObject           *source,
                                    GAsyncResult      *result,
                                    gpointer           data);
void      cp_test_wait_result      (GAsyncResult     **result);

/* Position texts. */
char     *cp_test_position         (const CpState     *state);
void      cp_test_assert_position_refused (const char        *game_id,
                                           guint              n_seats,
                                           const char *const *options,
                                           const char        *text,
                                           const char        *reason);

G_END_DECLS
