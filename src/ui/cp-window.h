/* cp-window.h: a window for one game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cp-application.h"
#include "cp-autosave.h"
#include "cp-board-view.h"
#include "cp-card-play-bar.h"
#include "cp-engine.h"

G_BEGIN_DECLS

#define CP_TYPE_WINDOW (cp_window_get_type ())
G_DECLARE_FINAL_TYPE (CpWindow, cp_window, CP, WINDOW, AdwApplicationWindow)

CpWindow    *cp_window_new                 (CpApplication *app);
void         cp_window_set_game            (CpWindow      *self,
                                            CpGame        *game,
                                            GFile         *file);
CpGame      *cp_window_get_game            (CpWindow      *self);
GFile       *cp_window_get_file            (CpWindow      *self);
gboolean     cp_window_get_modified        (CpWindow      *self);
gboolean     cp_window_is_pristine         (CpWindow      *self);
void         cp_window_open                (CpWindow      *self,
                                            GFile         *file);
void         cp_window_recover             (CpWindow      *self,
                                            CpAutosave    *autosave);
gboolean     cp_window_save_to             (CpWindow      *self,
                                            GFile         *file,
                                            GError       **error);
void         cp_window_choose_file_to_open (CpWindow      *self);
void         cp_window_show_new_game       (CpWindow      *self);
void         cp_window_play                (CpWindow      *self,
                                            const CpAction *action);
CpBoardView *cp_window_get_board           (CpWindow      *self);
guint        cp_window_get_curtain_seat    (CpWindow      *self);
guint        cp_window_get_screen_seat     (CpWindow      *self);
CpCardPlayBar *cp_window_get_card_bar      (CpWindow      *self);
GtkWidget   *cp_window_get_move_list       (CpWindow      *self);
GtkWidget   *cp_window_get_players_panel   (CpWindow      *self);
GtkWidget   *cp_window_get_hand_panel      (CpWindow      *self);
GtkWidget   *cp_window_get_rules_view      (CpWindow      *self);
CpAutosave  *cp_window_get_autosave        (CpWindow      *self);

G_END_DECLS
