/* cp-brute-synchronous.h: Synchronous Chess move counting written apart
 * from the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The number of choice sequences of @depth from @fen (pieces and castling;
 * both players move each turn), counted without the engine: a choice is
 * a sealed move, a blow or a pass, White's first when both choose at
 * once; showing sealed choices is none, and a fallen king ends a line. */
guint64 brute_synchronous_perft (const char *fen, guint depth);

G_END_DECLS
