/* cp-grid-panel.h: the tables a game shows beside its board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cp-board-renderer.h"
#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_GRID_PANEL (cp_grid_panel_get_type ())
G_DECLARE_FINAL_TYPE (CpGridPanel, cp_grid_panel, CP, GRID_PANEL, GtkBox)

GtkWidget *cp_grid_panel_new  (void);
void       cp_grid_panel_show (CpGridPanel          *self,
                               const CpPresentation *presentation,
                               const CpColour       *colours,
                               const CpActionList   *legal);
void       cp_grid_panel_set_theme (CpGridPanel      *self,
                                    CpBoardThemeId    theme);

G_END_DECLS
