/* cp-chess-rules.h: the rules hooks of orthodox chess, for the chess-like
 * games that share them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-chess-state.h"

G_BEGIN_DECLS

/* The one option of games on the orthodox board: a start position in FEN. */
extern const CpOptionSpec cp_chess_fen_options[1];

gboolean    cp_chess_rules_setup      (CpState        *state,
                                       GHashTable     *opts,
                                       guint           features,
                                       GError        **error);
CpSeatMask  cp_chess_rules_pending    (const CpState  *state);
void        cp_chess_rules_legal      (const CpState  *state,
                                       guint           seat,
                                       CpActionList   *out);
void        cp_chess_rules_tactical   (const CpState  *state,
                                       guint           seat,
                                       CpActionList   *out);
int         cp_chess_rules_exchange   (const CpState  *state,
                                       const CpAction *action);
void        cp_chess_rules_make       (CpState        *state,
                                       const CpAction *action,
                                       CpUndo         *undo);
void        cp_chess_rules_unmake     (CpState        *state,
                                       const CpAction *action,
                                       const CpUndo   *undo);
void        cp_chess_rules_outcome    (const CpState  *state,
                                       CpOutcome      *outcome);
CpEndReason cp_chess_rules_claimable  (const CpState  *state);
char       *cp_chess_rules_format     (const CpState  *state,
                                       const CpAction *action,
                                       CpNotation      notation);
gboolean    cp_chess_rules_parse      (const CpState  *state,
                                       const char     *text,
                                       CpAction       *action,
                                       GError        **error);
guint       cp_chess_rules_landing    (const CpState  *state,
                                       const CpAction *action);
guint       cp_chess_rules_check_cell (const CpState  *state);
char       *cp_chess_rules_prompt     (const CpState  *state,
                                       guint           viewer);
void        cp_chess_rules_present    (const CpState  *state,
                                       const CpState  *start,
                                       guint           viewer,
                                       CpPresentation *out);
char       *cp_chess_rules_explain    (const CpState  *state,
                                       guint           seat,
                                       guint           cell);
guint64     cp_chess_rules_hash       (const CpState  *state);
int         cp_chess_rules_evaluate   (const CpState  *state,
                                       guint           seat);
gboolean    cp_chess_rules_null_move  (const CpState  *state);
char       *cp_chess_rules_write_position (const CpState *state);

typedef char *(*CpChessPlainFormat) (const CpState *state, const CpAction *action, CpNotation notation);

gboolean    cp_chess_rules_parse_with (const CpState  *state,
                                       const char     *text,
                                       CpChessPlainFormat format,
                                       CpAction       *action,
                                       GError        **error);

G_END_DECLS
