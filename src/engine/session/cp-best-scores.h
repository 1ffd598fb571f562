/* cp-best-scores.h: the best score of each group of players, for games
 * played for points
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

int      cp_best_scores_lookup (const char        *game_id,
                                const char *const *players,
                                guint              n_players);
gboolean cp_best_scores_add    (const char        *game_id,
                                const char *const *players,
                                guint              n_players,
                                guint              score,
                                int               *previous,
                                GError           **error);

G_END_DECLS
