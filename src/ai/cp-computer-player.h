/* cp-computer-player.h: a computer player at one of its levels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-agent.h"
#include "cp-game.h"
#include "cp-search.h"

G_BEGIN_DECLS

typedef enum {
  CP_LEVEL_RANDOM,  /* any legal action */
  CP_LEVEL_GREEDY,  /* the action that gains most at once */
  CP_LEVEL_EASY,    /* a shallow look, and mistakes on purpose */
  CP_LEVEL_MEDIUM,  /* about a second a move, and not deep */
  CP_LEVEL_HARD,    /* about three seconds a move */
  CP_N_LEVELS
} CpLevel;

const char *cp_level_to_id   (CpLevel      level);
gboolean    cp_level_from_id (const char  *id,
                              CpLevel     *level);
const char *cp_level_describe (CpLevel     level);
const char *cp_level_name    (CpLevel      level);
const char *cp_level_short_name (CpLevel   level);
guint       cp_level_search_depth (CpLevel level);

#define CP_TYPE_COMPUTER_PLAYER (cp_computer_player_get_type ())
/* A computer player is the agent (CpAgent) of its seat in a session. */
G_DECLARE_FINAL_TYPE (CpComputerPlayer, cp_computer_player, CP, COMPUTER_PLAYER, GObject)

CpComputerPlayer *cp_computer_player_new         (CpLevel            level,
                                                  guint32            seed);
CpComputerPlayer *cp_computer_player_new_adviser (guint32            seed);
void              cp_computer_player_set_move_time (CpComputerPlayer *self,
                                                  guint              milliseconds);
void              cp_computer_player_set_budget  (CpComputerPlayer  *self,
                                                  guint              depth,
                                                  guint64            nodes);
gboolean          cp_computer_player_choose      (CpComputerPlayer  *self,
                                                  const CpState     *state,
                                                  guint              seat,
                                                  const guint64     *history,
                                                  guint              n_history,
                                                  GCancellable      *cancellable,
                                                  CpAction          *action,
                                                  GError           **error);
void              cp_computer_player_choose_async (CpComputerPlayer *self,
                                                  CpGame            *game,
                                                  guint              seat,
                                                  GCancellable      *cancellable,
                                                  GAsyncReadyCallback callback,
                                                  gpointer           user_data);
gboolean          cp_computer_player_choose_finish (CpComputerPlayer *self,
                                                  GAsyncResult      *result,
                                                  CpAction          *action,
                                                  GError           **error);

G_END_DECLS
