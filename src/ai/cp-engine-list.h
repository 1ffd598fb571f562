/* cp-engine-list.h: the chess engines installed on the computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-game.h"
#include "cp-uci-engine.h"

G_BEGIN_DECLS

#define CP_TYPE_ENGINE_LIST (cp_engine_list_get_type ())
G_DECLARE_FINAL_TYPE (CpEngineList, cp_engine_list, CP, ENGINE_LIST, GObject)

CpEngineList *cp_engine_list_new            (const char *const *search_dirs);
CpEngineList *cp_engine_list_get_default    (void);
void          cp_engine_list_set_added      (CpEngineList      *self,
                                             const char *const *paths);
void          cp_engine_list_load_in_background (CpEngineList    *self);
guint         cp_engine_list_get_n_engines  (CpEngineList      *self);
CpUciEngine  *cp_engine_list_get_engine     (CpEngineList      *self,
                                             guint              index);
CpUciEngine  *cp_engine_list_find           (CpEngineList      *self,
                                             const char        *path);
GPtrArray    *cp_engine_list_for_game       (CpEngineList      *self,
                                             const char        *game_id);

/* A seat an engine plays is saved as a computer player at a level, with
 * tags that name the engine and its strength. */
void          cp_engine_list_tag_seat       (CpGame            *game,
                                             guint              seat,
                                             const char        *path,
                                             int                strength);
const char   *cp_engine_list_seat_engine    (CpGame            *game,
                                             guint              seat,
                                             int               *strength);
void          cp_engine_list_untag_seat     (CpGame            *game,
                                             guint              seat);

G_END_DECLS
