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
extern const CpRules cp_golf_rules;
extern const CpRules cp_masquerade_rules;
extern const CpRules cp_cooperative_rules;

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
/* Chess Golf: lays the pieces of sixteen cards out (golf codes, in the
 * order drawn) on the board of @state. */
void     cp_golf_lay_out      (CpState       *state,
                               const guint8  *pieces);
int      cp_golf_get_score    (const CpState *state,
                               guint          hole,
                               guint          seat);
int      cp_golf_get_par      (const CpState *state,
                               guint          hole);
/* Cooperative Chess: lays out the cards of a game that has not dealt yet
 * (for tests). */
void cp_cooperative_arrange   (CpState       *state,
                               const char *const piles[5]);

/* Chess Attack: a fight term by term.  Each side's terms are its die
 * (0 before it is rolled), its fighting piece's Attack or Defense, then
 * the Support of each piece that supports it; they add up to its total. */
#define CP_FIGHT_MAX_TERMS 17

typedef struct {
  CpPiece fighters[2];        /* the attacker and the defender as the fight began */
  guint dice[2];              /* their dice, 1–6; 0 before it is rolled */
  guint n_terms[2];
  CpPiece term_piece[2][CP_FIGHT_MAX_TERMS];  /* none for the die */
  guint term_value[2][CP_FIGHT_MAX_TERMS];
  guint totals[2];
  gboolean fell[2];           /* the attacker, the defender fell */
  gboolean taken;             /* the attacker took the defender's cell */
} CpChessAttackFight;

gboolean cp_chess_attack_get_fight (const CpState      *state,
                                    CpChessAttackFight *fight);
char    *cp_chess_attack_explain   (const CpState      *state);

G_END_DECLS
