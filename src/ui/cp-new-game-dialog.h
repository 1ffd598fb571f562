/* cp-new-game-dialog.h: choosing a game, its options and its players
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_NEW_GAME_DIALOG (cp_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (CpNewGameDialog, cp_new_game_dialog, CP, NEW_GAME_DIALOG, AdwWindow)

CpNewGameDialog *cp_new_game_dialog_new          (GSettings       *settings);
void             cp_new_game_dialog_select_game  (CpNewGameDialog *self,
                                                  const char      *game_id);
void             cp_new_game_dialog_set_option   (CpNewGameDialog *self,
                                                  const char      *option_id,
                                                  const char      *value);
void             cp_new_game_dialog_set_n_players (CpNewGameDialog *self,
                                                   guint            n_players);
const char      *cp_new_game_dialog_get_option_note (CpNewGameDialog *self,
                                                     const char      *option_id);
GtkWidget       *cp_new_game_dialog_get_option_row (CpNewGameDialog *self,
                                                    const char      *option_id);
void             cp_new_game_dialog_set_player_name (CpNewGameDialog *self,
                                                  guint            seat,
                                                  const char      *name);
void             cp_new_game_dialog_set_player_level (CpNewGameDialog *self,
                                                  guint            seat,
                                                  guint            level);
CpGame          *cp_new_game_dialog_create_game  (CpNewGameDialog *self,
                                                  GError         **error);
void             cp_new_game_dialog_start        (CpNewGameDialog *self);
CpGame          *cp_new_game_dialog_last_game    (GSettings       *settings);

G_END_DECLS
