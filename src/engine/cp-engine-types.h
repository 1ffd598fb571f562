/* cp-engine-types.h: the names of the engine's types, for headers that
 * only pass them on
 *
 * A header that names a game, an action or a state in its functions
 * includes this; its source file includes the engine's headers it uses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "cp-piece.h"
#include "cp-types.h"

G_BEGIN_DECLS

typedef struct _CpAction CpAction;
typedef struct _CpActionList CpActionList;
typedef struct _CpAutosave CpAutosave;
typedef struct _CpCardTable CpCardTable;
typedef struct _CpGame CpGame;
typedef struct _CpOptionSpec CpOptionSpec;
typedef struct _CpPresentation CpPresentation;
typedef struct _CpSession CpSession;
typedef struct _CpState CpState;

G_END_DECLS
