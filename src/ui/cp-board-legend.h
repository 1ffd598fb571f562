/* cp-board-legend.h: the key to the marks of a board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cp-board-view.h"

G_BEGIN_DECLS

#define CP_TYPE_BOARD_LEGEND (cp_board_legend_get_type ())
G_DECLARE_FINAL_TYPE (CpBoardLegend, cp_board_legend, CP, BOARD_LEGEND, GtkBox)

GtkWidget   *cp_board_legend_new       (CpBoardView   *board);
void         cp_board_legend_set_board (CpBoardLegend *self,
                                        CpBoardView   *board);
CpBoardView *cp_board_legend_get_board (CpBoardLegend *self);
guint        cp_board_legend_get_n_lines (CpBoardLegend *self);
const char  *cp_board_legend_get_text  (CpBoardLegend *self,
                                        guint          line);
guint32      cp_board_legend_get_marks (CpBoardLegend *self);

G_END_DECLS
