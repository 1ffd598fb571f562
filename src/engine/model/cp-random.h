/* cp-random.h: the game's seeded random numbers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Every random result of a game is the `index`-th draw from the game's
 * seed, so a record can be audited and a loaded game continues with the
 * same numbers it would have had.  The generator is our own (splitmix64),
 * so results never change with the version of a library. */
guint32 cp_random_draw      (guint64 seed,
                             guint   index,
                             guint32 range);
void    cp_random_permute   (guint32 key,
                             guint   n,
                             guint8 *order);
guint64 cp_random_new_seed  (void);

G_END_DECLS
