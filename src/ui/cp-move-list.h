/* cp-move-list.h: the list of a game's actions, for replay
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_MOVE_LIST (cp_move_list_get_type ())
G_DECLARE_FINAL_TYPE (CpMoveList, cp_move_list, CP, MOVE_LIST, GtkWidget)

GtkWidget *cp_move_list_new          (void);
void       cp_move_list_set_game     (CpMoveList *self,
                                      CpGame     *game);
void       cp_move_list_set_notation (CpMoveList *self,
                                      CpNotation  notation);
void       cp_move_list_set_viewer   (CpMoveList *self,
                                      guint       seat);
guint      cp_move_list_get_n_rows   (CpMoveList *self);
const char *cp_move_list_get_row_text (CpMoveList *self,
                                      guint       index);
const char *cp_move_list_get_action_text (CpMoveList *self,
                                          guint       index);
guint      cp_move_list_get_action_row (CpMoveList *self,
                                        guint       index);
void       cp_move_list_activate_action (CpMoveList *self,
                                         guint       index);
const char *cp_move_list_get_past_text (CpMoveList *self);
const char *cp_move_list_get_heading_text (CpMoveList *self);
GtkButton *cp_move_list_get_present_button (CpMoveList *self);

/* Replay positions: the cursor values worth showing.  A random result
 * belongs to the action before it; the set-up's own random results come
 * before the first position. */
guint      cp_move_list_first_position    (CpGame    *game);
guint      cp_move_list_next_position     (CpGame    *game,
                                           guint      cursor);
guint      cp_move_list_previous_position (CpGame    *game,
                                           guint      cursor);

G_END_DECLS
