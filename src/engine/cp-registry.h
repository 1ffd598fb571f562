/* cp-registry.h: the games Chess Parlour plays, by their ids
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-game.h"
#include "cp-rules.h"

G_BEGIN_DECLS

const CpRules *const *cp_rules_list     (guint          *n_rules);
const CpRules        *cp_rules_lookup   (const char     *id);
void                  cp_rules_register (const CpRules  *rules);
gboolean              cp_rules_is_seat_name (const char *name);

CpGame               *cp_game_new       (const char     *game_id,
                                         GHashTable     *options,
                                         guint           n_seats,
                                         guint64         seed,
                                         GError        **error);

G_END_DECLS
