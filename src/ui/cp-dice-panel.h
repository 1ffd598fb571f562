/* cp-dice-panel.h: the dice of the last roll, each beside who rolled it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cp-engine.h"

G_BEGIN_DECLS

#define CP_TYPE_DICE_PANEL (cp_dice_panel_get_type ())
G_DECLARE_FINAL_TYPE (CpDicePanel, cp_dice_panel, CP, DICE_PANEL, GtkWidget)

GtkWidget  *cp_dice_panel_new         (void);
void        cp_dice_panel_show        (CpDicePanel          *self,
                                       const CpPresentation *presentation,
                                       CpGame               *game);
guint       cp_dice_panel_get_n_dice  (CpDicePanel          *self);
guint       cp_dice_panel_get_value   (CpDicePanel          *self,
                                       guint                 index);
const char *cp_dice_panel_get_roller  (CpDicePanel          *self,
                                       guint                 index);
const char *cp_dice_panel_get_caption (CpDicePanel          *self,
                                       guint                 index);
GtkWidget  *cp_dice_panel_get_die     (CpDicePanel          *self,
                                       guint                 index);
const char *cp_dice_panel_get_result  (CpDicePanel          *self);

G_END_DECLS
