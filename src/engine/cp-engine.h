/* cp-engine.h: the public headers of the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-registry.h"

#include "cp-action.h"
#include "cp-board.h"
#include "cp-card.h"
#include "cp-card-table.h"
#include "cp-deck.h"
#include "cp-error.h"
#include "cp-game.h"
#include "cp-hand.h"
#include "cp-piece.h"
#include "cp-player.h"
#include "cp-presentation.h"
#include "cp-random.h"
#include "cp-rules.h"
#include "cp-state.h"
#include "cp-types.h"
#include "cp-view.h"

#include "cp-agent.h"
#include "cp-autosave.h"
#include "cp-best-scores.h"
#include "cp-session.h"
