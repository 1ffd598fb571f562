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

/* @text casefolded, without the spaces around it. */
static char *
fold (const char *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  return g_utf8_casefold (stripped, -1);
}

/* Whether @folded is @name, in English or translated, casefolded. */
static gboolean
matches (const char *folded, const char *name)
{
  g_autofree char *english = fold (name);
  g_autofree char *translated = fold (_(name));

  return g_str_equal (folded, english) || g_str_equal (folded, translated);
}

/**
 * cp_rules_is_seat_name:
 * @name: a player's name
 *
 * Whether @name is what a seat of some game of the registry is called, a
 * colour ("Red") or a game's own name for a seat ("First player"), in
 * English or in the user's language, whatever its case: the name of an
 * army, which a player who is not named goes by, never a person's.
 */
gboolean
cp_rules_is_seat_name (const char *name)
{
  GPtrArray *games = registry ();
  g_autofree char *folded = NULL;

  g_return_val_if_fail (name != NULL, FALSE);

  folded = fold (name);
  for (guint c = 0; c < CP_N_COLOURS; c++)
    {
      /* The ids of the colours are their English names. */
      g_autofree char *english = fold (cp_colour_to_id (c));
      g_autofree char *translated = fold (cp_colour_name (c));

      if (g_str_equal (folded, english) || g_str_equal (folded, translated))
        return TRUE;
    }
  for (guint i = 0; i < games->len; i++)
    {
      const CpRules *rules = games->pdata[i];

      for (guint seat = 0; rules->seat_names != NULL && seat < rules->max_seats; seat++)
        if (matches (folded, rules->seat_names[seat]))
          return TRUE;
    }
  return FALSE;
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
