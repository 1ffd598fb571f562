/* cp-brute-tar-pit.h: Tar Pit Chess move counting written apart from the
 * engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const char *fen;       /* the pieces, the side to move, castling, en passant */
  const char *checkers;  /* "e7:w e4:b": the checkers under pieces and whose they are */
  const char *hands[2];  /* card ids separated by spaces, such as "10S 9C 2S 8S" */
  guint front[2];        /* checkers in front of each player */
  guint draw_pile;       /* cards left to draw */
} BruteTarPit;

/* The number of action sequences of @depth from @setup, counted without
 * the engine.  Cards drawn are not known, so a count is right as long as
 * no card drawn within it is played within it. */
guint64 brute_tar_pit_perft (const BruteTarPit *setup, guint depth);

G_END_DECLS
