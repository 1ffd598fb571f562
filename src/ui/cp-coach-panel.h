/* cp-coach-panel.h: the coach's graph, progress and comment under the moves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cp-eval-graph.h"
#include "cp-game.h"

G_BEGIN_DECLS

#define CP_TYPE_COACH_PANEL (cp_coach_panel_get_type ())
G_DECLARE_FINAL_TYPE (CpCoachPanel, cp_coach_panel, CP, COACH_PANEL, GtkBox)

GtkWidget   *cp_coach_panel_new           (void);
void         cp_coach_panel_set_game      (CpCoachPanel *self,
                                           CpGame       *game);
void         cp_coach_panel_set_notation  (CpCoachPanel *self,
                                           CpNotation    notation);
gboolean     cp_coach_panel_can_analyse   (CpCoachPanel *self);
void         cp_coach_panel_analyse       (CpCoachPanel *self);
void         cp_coach_panel_stop          (CpCoachPanel *self);
gboolean     cp_coach_panel_is_running    (CpCoachPanel *self);
void         cp_coach_panel_set_budget    (CpCoachPanel *self,
                                           guint         depth,
                                           guint64       nodes);
gboolean     cp_coach_panel_get_preferred (CpCoachPanel *self,
                                           CpAction     *action);
const char  *cp_coach_panel_get_comment   (CpCoachPanel *self);
CpEvalGraph *cp_coach_panel_get_graph     (CpCoachPanel *self);

G_END_DECLS
