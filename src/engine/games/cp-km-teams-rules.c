/* cp-km-teams-rules.c: four-player team chess of the Knightmare variants
 *
 * White and Red against Black and Brown, four armies with bishops in the
 * corners and the centre open.  Partners may not take each other's pieces
 * until one of them is out; a team wins when both opponents are out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cp-games.h"
#include "cp-knightmare.h"

/* The rules draw White and Black along the top edge, Red and Brown
 * along the bottom: a half turn brings White's and Black's side to the
 * bottom, and the files stay across the screen, so the letters run along
 * the bottom edge for every seat. */
static const guint8 view_rotations[] = { 2, 2, 0, 0 };

static const CpColour colours[] = {
  CP_COLOUR_WHITE, CP_COLOUR_BLACK, CP_COLOUR_RED, CP_COLOUR_BROWN,
};

/* White and Red against Black and Brown. */
static const guint8 teams[] = { 0, 1, 0, 1 };

static const char *const armies[4] = {
  "Ka8 Rb8 Pc8 Na7 Qb7 Pc7 Pa6 Pb6 Bc6",
  "Pf8 Ng8 Kh8 Pf7 Qg7 Rh7 Bf6 Pg6 Ph6",
  "Nf3 Pg3 Ph3 Pf2 Qg2 Bh2 Pf1 Rg1 Kh1",
  "Pa3 Pb3 Nc3 Ra2 Qb2 Pc2 Ka1 Bb1 Pc1",
};

static gboolean
km_teams_init (CpState *state, GHashTable *options, GError **error)
{
  CpKnightmareState *st = CP_KNIGHTMARE_STATE (state);

  cp_knightmare_init (st, cp_knightmare_four_board (FALSE, cp_knightmare_cards_on (options)), options);
  for (guint seat = 0; seat < 4; seat++)
    st->chess.team[seat] = teams[seat];
  cp_knightmare_four_setup (st, armies);
  return cp_knightmare_init_position (st, options, error);
}

/* For computer players: the strength of the seat's team, the partners
 * still in play added up, less the other team's. */
static int
km_teams_evaluate (const CpState *state, guint seat)
{
  int strength[CP_MAX_SEATS], score = 0;

  cp_knightmare_strengths (state, strength);
  for (guint s = 0; s < state->n_seats; s++)
    if (!(state->out & CP_SEAT_BIT (s)))
      score += teams[s] == teams[seat] ? strength[s] : -strength[s];
  return score;
}

const CpRules cp_km_teams_rules = {
  .id = "km-teams",
  .name = N_("Four-Player Team Chess"),
  .summary = N_("White and Red against Black and Brown, four armies in the corners"),
  .min_seats = 4,
  .max_seats = 4,
  .colours = colours,
  .teams = teams,
  .view_rotations = view_rotations,
  .init = km_teams_init,
  .legal = cp_knightmare_legal,
  .make = cp_knightmare_make,
  .evaluate = km_teams_evaluate,
  CP_KNIGHTMARE_SHARED_HOOKS,
};
