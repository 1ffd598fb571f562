/* cp-board-cell.h: one cell of the board, for the keyboard and for
 * assistive technologies
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CP_TYPE_BOARD_CELL (cp_board_cell_get_type ())
G_DECLARE_FINAL_TYPE (CpBoardCell, cp_board_cell, CP, BOARD_CELL, GtkButton)

GtkWidget *cp_board_cell_new      (guint        cell);
guint      cp_board_cell_get_cell (CpBoardCell *self);
void       cp_board_cell_describe (CpBoardCell *self,
                                   const char  *label,
                                   const char  *description,
                                   gboolean     selected);

G_END_DECLS
