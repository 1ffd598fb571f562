/* cp-brute-perft.h: move counting written apart from the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  BRUTE_CHESS,
  BRUTE_HALF_ALICE,
  BRUTE_ADRENALINE,
} BruteGame;

/* The number of action sequences of @depth from @fen ("*" after a piece:
 * a checker under it), counted without the engine. */
guint64 brute_perft (BruteGame game, const char *fen, guint depth);

G_END_DECLS
