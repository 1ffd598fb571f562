/* cp-move-rows.h: a game's actions sorted into the rows of a score
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-engine.h"

G_BEGIN_DECLS

#define CP_NO_ACTION G_MAXUINT   /* in a cell of no action */

/* The most players whose moves stand side by side in a row. */
#define CP_MOVE_ROWS_SIDE_BY_SIDE 4

typedef enum {
  CP_MOVE_ROW_MOVES,   /* a round's moves, numbered */
  CP_MOVE_ROW_LINE,    /* an action that is not a numbered move, across the row */
  CP_MOVE_ROW_NOTE,    /* a random result or an announcement, under the move */
  CP_MOVE_ROW_OUT,     /* a player went out of the game, under the round */
} CpMoveRowKind;

typedef struct {
  CpMoveRowKind kind;
  guint round;
  guint first;                  /* the row's first action; OUT: the action
                                 * that put the player out */
  guint cells[CP_MAX_SEATS];    /* MOVES: the first action of each column,
                                 * or CP_NO_ACTION */
  guint last[CP_MAX_SEATS];     /* and its last: a turn of several actions */
  CpSeatMask out;               /* MOVES: the seats out of the game at its
                                 * end; OUT: the one that went out */
  gboolean under;               /* a line kept for under the row of moves
                                 * above, amid whose actions it came */
} CpMoveRow;

/* Where an action stands. */
typedef struct {
  guint row;
  guint place;       /* its column, when it stands in a cell */
  gboolean in_cell;
} CpMoveSlot;

gboolean cp_move_rows_is_note       (CpGame              *game,
                                     guint                index);
gboolean cp_move_rows_is_phrase     (CpGame              *game,
                                     guint                index,
                                     guint                viewer,
                                     const char          *text);
gboolean cp_move_rows_name_players  (CpGame              *game,
                                     const CpMoveColumns *columns,
                                     gboolean             cramped);
void     cp_move_rows_arrange       (CpGame              *game,
                                     const CpMoveColumns *columns,
                                     guint                first,
                                     guint                n,
                                     const CpActionNumber *numbers,
                                     const char * const  *texts,
                                     GArray              *rows,
                                     CpMoveSlot          *slots);

G_END_DECLS
