/* cp-session.h: one game being played at one screen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-agent.h"
#include "cp-autosave.h"
#include "cp-game.h"

G_BEGIN_DECLS

/**
 * CpFacing:
 * @CP_FACING_FIRST_SEAT: the first seat's side, White's in chess
 * @CP_FACING_PERSON: the side of the person playing; with several people,
 *   of the person to act, staying while a computer acts
 * @CP_FACING_TO_MOVE: the side of the seat to act, computer or person
 *
 * Which side of the board is at the bottom of the screen in a game where
 * no curtain passes the screen from person to person.  Where one does,
 * the board faces the person at the screen.
 */
typedef enum {
  CP_FACING_FIRST_SEAT,
  CP_FACING_PERSON,
  CP_FACING_TO_MOVE,
} CpFacing;

#define CP_TYPE_SESSION (cp_session_get_type ())
G_DECLARE_FINAL_TYPE (CpSession, cp_session, CP, SESSION, GObject)

CpSession      *cp_session_new             (CpGame         *game,
                                            GFile          *file);
CpGame         *cp_session_get_game        (CpSession      *self);
GFile          *cp_session_get_file        (CpSession      *self);
gboolean        cp_session_get_modified    (CpSession      *self);
void            cp_session_set_modified    (CpSession      *self,
                                            gboolean        modified);
gboolean        cp_session_is_pristine     (CpSession      *self);
CpAutosave     *cp_session_get_autosave    (CpSession      *self);
void            cp_session_set_autosave    (CpSession      *self,
                                            CpAutosave     *autosave);
void            cp_session_save_async      (CpSession      *self,
                                            GFile          *file,
                                            GCancellable   *cancellable,
                                            GAsyncReadyCallback callback,
                                            gpointer        user_data);
gboolean        cp_session_save_finish     (CpSession      *self,
                                            GAsyncResult   *result,
                                            GError        **error);
void            cp_session_discard         (CpSession      *self);

/* Who is at the screen. */
guint           cp_session_get_screen_seat (CpSession      *self);
guint           cp_session_get_curtain_seat (CpSession     *self);
char           *cp_session_dup_position    (CpSession      *self,
                                            GError        **error);
char           *cp_session_get_curtain_prompt (CpSession   *self);
void            cp_session_take_screen     (CpSession      *self);
const char     *cp_session_get_turn_report (CpSession      *self);
gboolean        cp_session_pass_on         (CpSession      *self);
void            cp_session_set_agent       (CpSession      *self,
                                            guint           seat,
                                            CpAgent        *agent);
CpAgent        *cp_session_get_agent       (CpSession      *self,
                                            guint           seat);
guint           cp_session_count_people    (CpSession      *self,
                                            guint          *person);
void            cp_session_set_facing      (CpSession      *self,
                                            CpFacing        facing);
guint           cp_session_get_facing_seat (CpSession      *self);
gboolean        cp_session_is_thinking     (CpSession      *self);
guint           cp_session_get_thinking_seat (CpSession    *self);
gboolean        cp_session_move_now        (CpSession      *self);
void            cp_session_set_pace        (CpSession      *self,
                                            guint           milliseconds);

/* What the screen shows: the game at the replay cursor. */
CpView         *cp_session_get_view        (CpSession      *self);
const CpPresentation *cp_session_get_presentation (CpSession *self);
const CpActionList *cp_session_get_legal   (CpSession      *self);
const CpAction *cp_session_get_last_move   (CpSession      *self);
gboolean        cp_session_get_hint        (CpSession      *self,
                                            CpAction       *suggested);
char           *cp_session_explain_cell    (CpSession      *self,
                                            guint           cell);
char           *cp_session_dup_status      (CpSession      *self);
char           *cp_session_dup_prompt      (CpSession      *self);

/* Playing. */
guint           cp_session_count_later     (CpSession      *self);
gboolean        cp_session_play            (CpSession      *self,
                                            const CpAction *action,
                                            GError        **error);
gboolean        cp_session_press_button    (CpSession      *self,
                                            const char     *id,
                                            GError        **error);
guint           cp_session_get_acting_seat (CpSession      *self);
gboolean        cp_session_act             (CpSession      *self,
                                            CpActionType    type,
                                            GError        **error);
gboolean        cp_session_can_act         (CpSession      *self,
                                            CpActionType    type);
gboolean        cp_session_can_undo        (CpSession      *self);
gboolean        cp_session_can_redo        (CpSession      *self);
gboolean        cp_session_undo            (CpSession      *self,
                                            GError        **error);
const char     *cp_session_get_taken_back  (CpSession      *self);
void            cp_session_redo            (CpSession      *self);
void            cp_session_set_cursor      (CpSession      *self,
                                            guint           cursor);
void            cp_session_hint_async      (CpSession      *self,
                                            CpAgent        *adviser,
                                            GCancellable   *cancellable,
                                            GAsyncReadyCallback callback,
                                            gpointer        user_data);
gboolean        cp_session_hint_finish     (CpSession      *self,
                                            GAsyncResult   *result,
                                            CpAction       *suggested,
                                            GError        **error);

G_END_DECLS
