/* cp-card-chess-fen.h: the FEN part of the position texts of the chess
 * games played with cards, where a king may stand attacked between turns
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-chess-state.h"

G_BEGIN_DECLS

typedef enum {
  CP_CARD_CHESS_FEN_KING_TAKEN = 1 << 0, /* a side's king may be gone: it was taken */
} CpCardChessFenFlags;

gboolean  cp_card_chess_fen_read (CpChessState *st,
                                  const char   *fen,
                                  guint         flags,
                                  GError      **error);
gboolean  cp_card_chess_refuse   (GError      **error,
                                  const char   *text,
                                  const char   *reason);

G_END_DECLS
