/* cp-registry.c: the games Chess Parlour plays, by their ids
 *
 * The games of the collection are listed here, at the top of the engine,
 * so that the model below knows none of them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cp-error.h"
#include "cp-games.h"
#include "cp-registry.h"

static const CpRules *const built_in[] = {
  &cp_chess_rules,
  &cp_chess960_rules,
  &cp_zombie_rules,
  &cp_two_move_rules,
  &cp_masquerade_rules,
  &cp_adrenaline_rules,
  &cp_half_alice_rules,
  &cp_synchronous_rules,
  &cp_tar_pit_rules,
  &cp_attrition_rules,
  &cp_chivalry_rules,
  &cp_km_three_rules,
  &cp_km_four_rules,
  &cp_km_teams_rules,
  &cp_crowded_house_rules,
  &cp_chess_attack_rules,
  &cp_golf_rules,
  &cp_cooperative_rules,
};

/* The games of the collection, then those registered at run time. */
static GPtrArray *
registry (void)
{
  static GPtrArray *games;
  static gsize ready;

  if (g_once_init_enter (&ready))
    {
      games = g_ptr_array_new ();
      for (guint i = 0; i < G_N_ELEMENTS (built_in); i++)
        g_ptr_array_add (games, (gpointer) built_in[i]);
      g_once_init_leave (&ready, 1);
    }
  return games;
}

/**
 * cp_rules_list:
 * @n_rules: (out) (optional): number of games
 *
 * Every game Chess Parlour plays, in the order menus show them.
 */
const CpRules *const *
cp_rules_list (guint *n_rules)
{
  GPtrArray *games = registry ();

  if (n_rules)
    *n_rules = games->len;
  return (const CpRules *const *) games->pdata;
}

/* The game with the id @id, or NULL. */
const CpRules *
cp_rules_lookup (const char *id)
{
  GPtrArray *games = registry ();

  for (guint i = 0; i < games->len; i++)
    if (g_strcmp0 (((const CpRules *) games->pdata[i])->id, id) == 0)
      return games->pdata[i];
  return NULL;
}

/**
 * cp_rules_register:
 *
 * Adds a game that is not part of the collection, such as a test's, to
 * the end of the registry.  Call it before any thread uses the registry.
 */
void
cp_rules_register (const CpRules *rules)
{
  g_return_if_fail (cp_rules_lookup (rules->id) == NULL);

  g_ptr_array_add (registry (), (gpointer) rules);
}

/**
 * cp_game_new:
 * @game_id: a game of the registry, such as "chess"
 *
 * Like cp_game_new_with_rules(), for the game with the id @game_id.
 */
CpGame *
cp_game_new (const char *game_id, GHashTable *options, guint n_seats, guint64 seed, GError **error)
{
  const CpRules *rules = cp_rules_lookup (game_id);

  if (rules == NULL)
    {
      g_autofree char *quoted = cp_error_quote (game_id);

      g_set_error (error, CP_ERROR, CP_ERROR_UNKNOWN_GAME,
                   _("Chess Parlour does not know the game “%s”"), quoted);
      return NULL;
    }
  return cp_game_new_with_rules (rules, options, n_seats, seed, error);
}
