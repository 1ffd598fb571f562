/* cp-card-note-bar.h: the bar below the board for cards played from a
 * Knightmare Chess deck
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cp-engine-types.h"

G_BEGIN_DECLS

/* What a click on the board does while a card is in play. */
typedef enum {
  CP_CARD_TOOL_MOVE,      /* moves any piece anywhere */
  CP_CARD_TOOL_ADD,       /* adds the chosen piece on an empty cell */
  CP_CARD_TOOL_REMOVE,    /* takes a piece off */
} CpCardTool;

#define CP_TYPE_CARD_NOTE_BAR (cp_card_note_bar_get_type ())
G_DECLARE_FINAL_TYPE (CpCardNoteBar, cp_card_note_bar, CP, CARD_NOTE_BAR, GtkWidget)

GtkWidget   *cp_card_note_bar_new             (void);
void         cp_card_note_bar_set_seats       (CpCardNoteBar  *self,
                                               const CpColour *colours,
                                               guint           n_seats);
void         cp_card_note_bar_show            (CpCardNoteBar  *self,
                                               CpCardNoteStage     stage,
                                               guint           seat,
                                               const char     *player,
                                               const char     *card);
void         cp_card_note_bar_set_past        (CpCardNoteBar  *self,
                                               gboolean        past);
CpCardNoteStage  cp_card_note_bar_get_stage       (CpCardNoteBar  *self);
CpCardTool   cp_card_note_bar_get_tool        (CpCardNoteBar  *self);
void         cp_card_note_bar_set_tool        (CpCardNoteBar  *self,
                                               CpCardTool      tool);
void         cp_card_note_bar_set_piece       (CpCardNoteBar  *self,
                                               guint           owner,
                                               CpPieceKind     kind);
guint        cp_card_note_bar_get_piece_owner (CpCardNoteBar  *self);
CpPieceKind  cp_card_note_bar_get_piece_kind  (CpCardNoteBar  *self);
gboolean     cp_card_note_bar_offers          (CpCardNoteBar  *self,
                                               const CpAction *action);
const char  *cp_card_note_bar_get_title       (CpCardNoteBar  *self);
const char  *cp_card_note_bar_get_subtitle    (CpCardNoteBar  *self);
gboolean     cp_card_note_bar_get_shown       (CpCardNoteBar  *self,
                                               gboolean       *buttons);

G_END_DECLS
