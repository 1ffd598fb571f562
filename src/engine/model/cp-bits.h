/* cp-bits.h: counting and finding the set bits of a mask
 *
 * Every mask the program counts or searches fits in 64 bits; narrower
 * ones (of seats, cards, ranks) are unsigned and widen without change.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How many bits of @bits are set. */
static inline guint
cp_bits_count (guint64 bits)
{
  return (guint) __builtin_popcountll (bits);
}

/* The index of the lowest set bit of @bits, which must not be 0.  It is
 * an int, as the compiler's own is, which the hot loops of move
 * generation index their tables with most quickly. */
static inline int
cp_bits_lowest (guint64 bits)
{
  return __builtin_ctzll (bits);
}

/* The index of the highest set bit of @bits, which must not be 0. */
static inline int
cp_bits_highest (guint64 bits)
{
  return 63 - __builtin_clzll (bits);
}

G_END_DECLS
