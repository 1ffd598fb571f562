/* cp-coach.h: analyses a game in the background and annotates its moves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-game.h"

G_BEGIN_DECLS

#define CP_TYPE_COACH (cp_coach_get_type ())
G_DECLARE_FINAL_TYPE (CpCoach, cp_coach, CP, COACH, GObject)

gboolean  cp_coach_can_analyse      (CpGame              *game);
CpCoach  *cp_coach_new              (void);
void      cp_coach_set_move_time    (CpCoach             *self,
                                     guint                milliseconds);
void      cp_coach_set_budget       (CpCoach             *self,
                                     guint                depth,
                                     guint64              nodes);
void      cp_coach_analyse_async    (CpCoach             *self,
                                     CpGame              *game,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);
gboolean  cp_coach_analyse_finish   (CpCoach             *self,
                                     GAsyncResult        *result,
                                     GError             **error);
gboolean  cp_coach_is_running       (CpCoach             *self);
double    cp_coach_get_progress     (CpCoach             *self);
CpMoveMark cp_coach_mark_for_loss   (const CpEval        *before,
                                     const CpEval        *after,
                                     guint                seat);

G_END_DECLS
