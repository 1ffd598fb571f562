/* cp-games.h: the game modules of the registry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-rules.h"

G_BEGIN_DECLS

extern const CpRules cp_chess_rules;
extern const CpRules cp_chess960_rules;

G_END_DECLS
