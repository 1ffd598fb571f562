/* cp-window.h: a window for one game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cp-board-view.h"
#include "cp-new-game-dialog.h"
#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_WINDOW (cp_window_get_type ())
G_DECLARE_FINAL_TYPE (CpWindow, cp_window, CP, WINDOW, AdwApplicationWindow)

CpWindow    *cp_window_new                 (GtkApplication *application,
                                            GSettings     *settings);
void         cp_window_set_game            (CpWindow      *self,
                                            CpGame        *game,
                                            GFile         *file);
CpGame      *cp_window_get_game            (CpWindow      *self);
gboolean     cp_window_is_pristine         (CpWindow      *self);
void         cp_window_open_async          (CpWindow      *self,
                                            GFile         *file,
                                            GCancellable  *cancellable,
                                            GAsyncReadyCallback callback,
                                            gpointer       user_data);
gboolean     cp_window_open_finish         (CpWindow      *self,
                                            GAsyncResult  *result,
                                            GError       **error);
void         cp_window_show_file           (CpWindow      *self,
                                            GFile         *file,
                                            GPtrArray     *games,
                                            gboolean       pgn);
void         cp_window_show_open_error     (CpWindow      *self,
                                            GFile         *file,
                                            const GError  *error);
GFile       *cp_window_get_file            (CpWindow      *self);
void         cp_window_recover             (CpWindow      *self,
                                            CpAutosave    *autosave);
void         cp_window_save_async          (CpWindow      *self,
                                            GFile         *file,
                                            GAsyncReadyCallback callback,
                                            gpointer       user_data);
gboolean     cp_window_save_finish         (CpWindow      *self,
                                            GAsyncResult  *result,
                                            GError       **error);
void         cp_window_choose_file_to_open (CpWindow      *self);
CpNewGameDialog *cp_window_show_new_game   (CpWindow      *self);
void         cp_window_show_help_fallback  (CpWindow      *self,
                                            gboolean       show_rules,
                                            gboolean       no_viewer);
void         cp_window_play                (CpWindow      *self,
                                            const CpAction *action);

G_END_DECLS
