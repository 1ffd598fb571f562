/* cp-card-hand-panel.h: the cards of a game, along the bottom of the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_CARD_HAND_PANEL (cp_card_hand_panel_get_type ())
G_DECLARE_FINAL_TYPE (CpCardHandPanel, cp_card_hand_panel, CP, CARD_HAND_PANEL, GtkWidget)

GtkWidget *cp_card_hand_panel_new          (void);
void       cp_card_hand_panel_show         (CpCardHandPanel    *self,
                                            const CpCardTable  *table,
                                            guint               n_seats,
                                            const char *const  *names,
                                            guint               seat,
                                            const CpCard       *choosable,
                                            guint               n_choosable,
                                            guint               n_to_choose,
                                            const char         *play_label);
guint      cp_card_hand_panel_get_selected (CpCardHandPanel    *self,
                                            CpCard             *cards);
gboolean   cp_card_hand_panel_toggle       (CpCardHandPanel    *self,
                                            CpCard              card);
gboolean   cp_card_hand_panel_play         (CpCardHandPanel    *self);

G_END_DECLS
