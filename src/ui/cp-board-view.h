/* cp-board-view.h: the board on screen, and moves made on it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cp-board-renderer.h"
#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_BOARD_VIEW (cp_board_view_get_type ())
G_DECLARE_FINAL_TYPE (CpBoardView, cp_board_view, CP, BOARD_VIEW, GtkWidget)

GtkWidget *cp_board_view_new             (void);
void       cp_board_view_set_state       (CpBoardView        *self,
                                          const CpState      *state,
                                          const CpActionList *legal);
void       cp_board_view_set_last_move   (CpBoardView        *self,
                                          const CpAction     *action);
void       cp_board_view_set_hint        (CpBoardView        *self,
                                          const CpAction     *suggested);
gboolean   cp_board_view_get_hint        (CpBoardView        *self,
                                          guint              *from,
                                          guint              *to);
void       cp_board_view_set_colours     (CpBoardView        *self,
                                          const CpColour     *colours,
                                          guint               n_seats);
void       cp_board_view_set_rotation    (CpBoardView        *self,
                                          guint               quarter_turns);
guint      cp_board_view_get_rotation    (CpBoardView        *self);
void       cp_board_view_set_show_hints  (CpBoardView        *self,
                                          gboolean            show);
void       cp_board_view_set_show_coordinates (CpBoardView   *self,
                                          gboolean            show);
void       cp_board_view_set_theme       (CpBoardView        *self,
                                          CpBoardThemeId      theme);
void       cp_board_view_set_animate     (CpBoardView        *self,
                                          gboolean            animate);
void       cp_board_view_animate_move    (CpBoardView        *self,
                                          const CpAction     *action);
/* Picks the cell as a click would: picks a piece up, extends or ends the
 * move, or puts the piece back. */
void       cp_board_view_press_cell      (CpBoardView        *self,
                                          guint               cell);
/* Drops the piece picked up from @from on @to, as a drag would. */
void       cp_board_view_drop            (CpBoardView        *self,
                                          guint               from,
                                          guint               to);
guint      cp_board_view_get_cursor      (CpBoardView        *self);
void       cp_board_view_set_cursor      (CpBoardView        *self,
                                          guint               cell);
void       cp_board_view_set_overlays    (CpBoardView        *self,
                                          const CpPresentation *presentation);
CpBoardRenderer *cp_board_view_get_renderer (CpBoardView     *self);
char      *cp_board_view_describe_cell   (CpBoardView        *self,
                                          guint               cell);
const char *cp_board_view_get_cell_info  (CpBoardView        *self);
const CpLegendEntry *cp_board_view_get_legend (CpBoardView   *self,
                                          guint              *n_entries);

G_END_DECLS
