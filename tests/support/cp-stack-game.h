/* cp-stack-game.h: a small game for the tests, outside the collection
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-engine.h"

G_BEGIN_DECLS

extern const CpRules cp_stack_game_rules;

G_END_DECLS
