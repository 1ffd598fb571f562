/* cp-game.h: one game — its set-up and its action log
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "cp-annotations.h"
#include "cp-player.h"
#include "cp-rules.h"
#include "cp-view.h"

G_BEGIN_DECLS

/* Where the move list puts an action: in which round, and where in it. */
typedef struct {
  guint round;    /* from 1; 0 for an action that is not numbered */
  guint place;    /* the column in the round's row, from 0 */
  gboolean joins; /* one more part of the turn of the numbered action
                   * just before it, in the same place */
  CpSeatMask out;      /* where the columns are headed: the seats out of
                        * the game once the action is made */
  CpSeatMask goes_out; /* those of them that the action put out */
} CpActionNumber;

/* The columns of the move list's numbered rows. */
typedef struct {
  guint n_columns;
  guint8 seats[CP_MAX_SEATS]; /* the seat of each column */
  gboolean headed;            /* more than two take turns: the columns,
                               * in the order the seats play, are headed
                               * by the seats' names */
} CpMoveColumns;

#define CP_TYPE_GAME (cp_game_get_type ())
G_DECLARE_FINAL_TYPE (CpGame, cp_game, CP, GAME, GObject)

CpGame         *cp_game_new_with_rules   (const CpRules  *rules,
                                          GHashTable     *options,
                                          guint           n_seats,
                                          guint64         seed,
                                          GError        **error);
const CpRules  *cp_game_get_rules        (CpGame         *self);
GHashTable     *cp_game_get_options      (CpGame         *self);
const char     *cp_game_get_option       (CpGame         *self,
                                          const char     *id);
guint64         cp_game_get_seed         (CpGame         *self);
guint           cp_game_get_n_seats      (CpGame         *self);
CpPlayer       *cp_game_get_player       (CpGame         *self,
                                          guint           seat);
GHashTable     *cp_game_get_tags         (CpGame         *self);
/* Tags whose name begins with this hold what is true on this computer
 * only, such as the path of a chess engine: records keep them, exports to
 * other programs leave them out. */
#define CP_LOCAL_TAG_PREFIX "local-"
const char     *cp_game_get_player_army  (CpGame         *self,
                                          guint           seat);
void            cp_game_set_date         (CpGame         *self,
                                          GDateTime      *date);
CpAnnotations  *cp_game_get_annotations  (CpGame         *self);

/* The log. */
guint           cp_game_get_n_actions    (CpGame         *self);
const CpAction *cp_game_get_action       (CpGame         *self,
                                          guint           index);
gboolean        cp_game_append           (CpGame         *self,
                                          const CpAction *action,
                                          GError        **error);
gboolean        cp_game_play             (CpGame         *self,
                                          const CpAction *action,
                                          GError        **error);
gboolean        cp_game_play_text        (CpGame         *self,
                                          const char     *text,
                                          GError        **error);
guint           cp_game_resolve_chance   (CpGame         *self);
guint           cp_game_choose_secrets   (CpGame         *self);
guint           cp_game_count_draws      (CpGame         *self);
guint           cp_game_get_setup_length (CpGame         *self);
guint           cp_game_count_player_actions (CpGame     *self,
                                          guint           from,
                                          guint           to);
gboolean        cp_game_undo             (CpGame         *self);
gboolean        cp_game_redo             (CpGame         *self);
gboolean        cp_game_can_redo         (CpGame         *self);
void            cp_game_truncate         (CpGame         *self,
                                          guint           n_actions);
char           *cp_game_format_action    (CpGame         *self,
                                          guint           index,
                                          CpNotation      notation);
char           *cp_game_format_action_for (CpGame        *self,
                                          guint           index,
                                          CpNotation      notation,
                                          guint           seat);
void            cp_game_get_action_for   (CpGame         *self,
                                          guint           index,
                                          guint           seat,
                                          CpAction       *action);
guint           cp_game_count_settled    (CpGame         *self);

/* States. */
const CpState  *cp_game_get_state        (CpGame         *self);
CpState        *cp_game_state_at         (CpGame         *self,
                                          guint           n_actions);
const CpOutcome *cp_game_get_outcome     (CpGame         *self);
CpSeatMask      cp_game_get_pending      (CpGame         *self);

/* Replay. */
guint           cp_game_get_cursor       (CpGame         *self);
void            cp_game_set_cursor       (CpGame         *self,
                                          guint           cursor);
gboolean        cp_game_cursor_at_end    (CpGame         *self);
CpView         *cp_game_view             (CpGame         *self,
                                          guint           seat);
CpView         *cp_game_view_at          (CpGame         *self,
                                          guint           n_actions,
                                          guint           seat);

/* What the screen shows. */
CpPresentation *cp_game_present          (CpGame         *self,
                                          CpView         *view);
const CpAction *cp_game_last_move        (CpGame         *self,
                                          guint           cursor);
void            cp_game_number_actions   (CpGame         *self,
                                          guint           from,
                                          guint           n,
                                          CpActionNumber *numbers);
void            cp_game_get_move_columns (CpGame         *self,
                                          CpMoveColumns  *columns);
gboolean        cp_game_seat_players     (CpGame         *self);

G_END_DECLS
