/* cp-uci-engine.h: a chess engine of the computer, speaking UCI, as a player
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-agent.h"

G_BEGIN_DECLS

#define CP_UCI_ENGINE_ERROR (cp_uci_engine_error_quark ())

typedef enum {
  CP_UCI_ENGINE_ERROR_START,     /* the program does not start, or is no UCI engine */
  CP_UCI_ENGINE_ERROR_CRASHED,   /* the program stopped */
  CP_UCI_ENGINE_ERROR_TIMEOUT,   /* no answer in time */
  CP_UCI_ENGINE_ERROR_MALFORMED, /* an answer that cannot be read */
  CP_UCI_ENGINE_ERROR_ILLEGAL,   /* a move the rules do not allow */
  CP_UCI_ENGINE_ERROR_GAME,      /* a game the engine does not play */
} CpUciEngineError;

GQuark cp_uci_engine_error_quark (void);

/* How an engine lets its strength be set, if it does. */
typedef enum {
  CP_UCI_STRENGTH_NONE,
  CP_UCI_STRENGTH_ELO,    /* UCI_LimitStrength and UCI_Elo */
  CP_UCI_STRENGTH_SKILL,  /* "Skill Level" */
} CpUciStrengthKind;

#define CP_TYPE_UCI_ENGINE (cp_uci_engine_get_type ())
/* An engine is the agent (CpAgent) of its seat in a session, or the
 * adviser of the hint. */
G_DECLARE_FINAL_TYPE (CpUciEngine, cp_uci_engine, CP, UCI_ENGINE, GObject)

CpUciEngine      *cp_uci_engine_new            (const char    *path);
const char       *cp_uci_engine_get_path       (CpUciEngine   *self);
gboolean          cp_uci_engine_probe          (CpUciEngine   *self,
                                                GCancellable  *cancellable,
                                                GError       **error);
const char       *cp_uci_engine_get_name       (CpUciEngine   *self);
gboolean          cp_uci_engine_plays          (CpUciEngine   *self,
                                                const char    *game_id);
CpUciStrengthKind cp_uci_engine_get_strength_range (CpUciEngine *self,
                                                int           *min,
                                                int           *max,
                                                int           *preferred);
void              cp_uci_engine_set_strength   (CpUciEngine   *self,
                                                int            strength);
void              cp_uci_engine_set_move_time  (CpUciEngine   *self,
                                                guint          milliseconds);
void              cp_uci_engine_set_grace      (CpUciEngine   *self,
                                                guint          milliseconds);
void              cp_uci_engine_stop           (CpUciEngine   *self);

G_END_DECLS
