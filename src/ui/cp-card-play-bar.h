/* cp-card-play-bar.h: the bar below the board for cards played from a
 * Knightmare Chess deck
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cp-engine.h"

G_BEGIN_DECLS

/* Where the turn of the seat to move stands with the cards. */
typedef enum {
  CP_CARD_STAGE_NONE,     /* no cards are recorded now: the bar hides */
  CP_CARD_STAGE_READY,    /* the player may play a card */
  CP_CARD_STAGE_IN_PLAY,  /* the card's changes are being made */
  CP_CARD_STAGE_PLAYED,   /* a move, another card or the end of the turn follows */
} CpCardStage;

/* What a click on the board does while a card is in play. */
typedef enum {
  CP_CARD_TOOL_MOVE,      /* moves any piece anywhere */
  CP_CARD_TOOL_ADD,       /* adds the chosen piece on an empty cell */
  CP_CARD_TOOL_REMOVE,    /* takes a piece off */
} CpCardTool;

#define CP_TYPE_CARD_PLAY_BAR (cp_card_play_bar_get_type ())
G_DECLARE_FINAL_TYPE (CpCardPlayBar, cp_card_play_bar, CP, CARD_PLAY_BAR, GtkWidget)

GtkWidget   *cp_card_play_bar_new             (void);
void         cp_card_play_bar_set_seats       (CpCardPlayBar  *self,
                                               const CpColour *colours,
                                               guint           n_seats);
void         cp_card_play_bar_show            (CpCardPlayBar  *self,
                                               CpCardStage     stage,
                                               guint           seat,
                                               const char     *player,
                                               const char     *card);
CpCardStage  cp_card_play_bar_get_stage       (CpCardPlayBar  *self);
CpCardTool   cp_card_play_bar_get_tool        (CpCardPlayBar  *self);
void         cp_card_play_bar_set_tool        (CpCardPlayBar  *self,
                                               CpCardTool      tool);
void         cp_card_play_bar_set_piece       (CpCardPlayBar  *self,
                                               guint           owner,
                                               CpPieceKind     kind);
guint        cp_card_play_bar_get_piece_owner (CpCardPlayBar  *self);
CpPieceKind  cp_card_play_bar_get_piece_kind  (CpCardPlayBar  *self);
gboolean     cp_card_play_bar_offers          (CpCardPlayBar  *self,
                                               const CpAction *action);
const char  *cp_card_play_bar_get_title       (CpCardPlayBar  *self);

G_END_DECLS
