/* cp-players-panel.h: the players, whose turn it is, and what they lost
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cp-dice-panel.h"
#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_PLAYERS_PANEL (cp_players_panel_get_type ())
G_DECLARE_FINAL_TYPE (CpPlayersPanel, cp_players_panel, CP, PLAYERS_PANEL, GtkWidget)

GtkWidget  *cp_players_panel_new        (void);
void        cp_players_panel_set_game   (CpPlayersPanel *self,
                                         CpGame         *game);
void        cp_players_panel_show_state (CpPlayersPanel *self,
                                         const CpState  *state,
                                         const CpPresentation *presentation,
                                         const char     *status,
                                         guint           at_screen);
const char *cp_players_panel_get_status (CpPlayersPanel *self);
const char *cp_players_panel_get_lost   (CpPlayersPanel *self,
                                         guint           seat);
CpDicePanel *cp_players_panel_get_dice  (CpPlayersPanel *self);

G_END_DECLS
