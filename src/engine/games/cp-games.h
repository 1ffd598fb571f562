/* cp-games.h: the game modules of the registry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-rules.h"

G_BEGIN_DECLS

extern const CpRules cp_chess_rules;
extern const CpRules cp_chess960_rules;
extern const CpRules cp_attrition_rules;
extern const CpRules cp_chivalry_rules;
extern const CpRules cp_km_three_rules;
extern const CpRules cp_km_four_rules;
extern const CpRules cp_km_teams_rules;
extern const CpRules cp_crowded_house_rules;
extern const CpRules cp_zombie_rules;
extern const CpRules cp_two_move_rules;
extern const CpRules cp_chess_attack_rules;
extern const CpRules cp_adrenaline_rules;
extern const CpRules cp_half_alice_rules;
extern const CpRules cp_synchronous_rules;
extern const CpRules cp_tar_pit_rules;

/* Chess960 start positions by their standard numbers. */
void cp_chess960_back_rank    (guint          number,
                               CpPieceKind    kinds[8]);
int  cp_chess960_number       (const CpPieceKind kinds[8]);
int  cp_chess960_get_position (const CpState *state);

/* Chivalry's board of 176 cells, with its two castles as zones. */
CpBoard *cp_chivalry_board    (void);

/* The three-player board, with the territories cards refer to as zones
 * when asked. */
CpBoard *cp_km_three_board    (gboolean       territories);

/* Tar Pit Chess: a checker of @colour alone under the piece on @cell,
 * and the cards of a seat's hand, for the set-ups of examples. */
void     cp_tar_pit_put_checker (CpState    *state,
                                 guint       cell,
                                 guint       colour);
gboolean cp_tar_pit_set_hand    (CpState    *state,
                                 guint       seat,
                                 const char *cards);

G_END_DECLS
