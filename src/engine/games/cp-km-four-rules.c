/* cp-km-four-rules.c: four-player chess, each for themselves, of the
 * Knightmare variants
 *
 * Four armies in the corners; no diagonal passes the centre point; pawns
 * step away from their corner along the rank or the file and promote on
 * the furthest rank or file.  The last player in the game wins.
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

static const char *const armies[4] = {
  "Ka8 Rb8 Pc8 Na7 Qb7 Pc7 Pa6 Pb6 Pc6",
  "Pf8 Ng8 Kh8 Pf7 Qg7 Rh7 Pf6 Pg6 Ph6",
  "Pf3 Pg3 Ph3 Pf2 Qg2 Nh2 Pf1 Rg1 Kh1",
  "Pa3 Pb3 Pc3 Ra2 Qb2 Pc2 Ka1 Nb1 Pc1",
};

static gboolean
km_four_init (CpState *state, GHashTable *options, GError **error)
{
  CpKnightmareState *st = CP_KNIGHTMARE_STATE (state);

  cp_knightmare_init (st, cp_knightmare_four_board (TRUE, cp_knightmare_cards_on (options)), options);
  cp_knightmare_four_setup (st, armies);
  return cp_knightmare_init_position (st, options, error);
}

const CpRules cp_km_four_rules = {
  .id = "km-four",
  .name = N_("Four-Player Chess"),
  .summary = N_("Four armies in the corners, each for themselves"),
  .min_seats = 4,
  .max_seats = 4,
  .colours = colours,
  .view_rotations = view_rotations,
  .init = km_four_init,
  .legal = cp_knightmare_legal,
  .make = cp_knightmare_make,
  .evaluate = cp_knightmare_lead,
  CP_KNIGHTMARE_SHARED_HOOKS,
};
