/* cp-rules.c: the registry of games and their options
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "cp-error.h"
#include "cp-rules.h"
#include "cp-games.h"

static const CpRules *const built_in[] = {
  &cp_chess_rules,
  &cp_chess960_rules,
  &cp_zombie_rules,
  &cp_two_move_rules,
  &cp_masquerade_rules,
  &cp_adrenaline_rules,
  &cp_half_alice_rules,
  &cp_attrition_rules,
  &cp_chivalry_rules,
  &cp_km_three_rules,
  &cp_km_four_rules,
  &cp_km_teams_rules,
  &cp_crowded_house_rules,
  &cp_chess_attack_rules,
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

const CpOptionSpec *
cp_rules_find_option (const CpRules *rules, const char *id)
{
  for (guint i = 0; i < rules->n_options; i++)
    if (g_strcmp0 (rules->options[i].id, id) == 0)
      return &rules->options[i];
  return NULL;
}

static gboolean
check_value (const CpRules *rules, const CpOptionSpec *spec, const char *value, GError **error)
{
  g_autofree char *quoted = NULL;
  char *end = NULL;
  gint64 n;

  switch (spec->type)
    {
    case CP_OPTION_CHOICE:
      if (g_strv_contains (spec->choices, value))
        return TRUE;
      break;
    case CP_OPTION_INT:
      n = g_ascii_strtoll (value, &end, 10);
      if (*value != '\0' && *end == '\0' && n >= spec->min && n <= spec->max)
        return TRUE;
      quoted = cp_error_quote (value);
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION,
                   _("The option “%s” of %s must be a number from %d to %d, not “%s”"),
                   spec->id, _(rules->name), spec->min, spec->max, quoted);
      return FALSE;
    case CP_OPTION_TEXT:
      return TRUE;
    case CP_OPTION_BOOL:
      if (g_str_equal (value, "true") || g_str_equal (value, "false"))
        return TRUE;
      break;
    }
  quoted = cp_error_quote (value);
  g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION,
               _("“%s” is not a value of the option “%s” of %s"),
               quoted, spec->id, _(rules->name));
  return FALSE;
}

/**
 * cp_rules_resolve_options:
 * @given: (nullable): option ids to values, as chosen
 *
 * Checks the chosen options and adds the defaults of the others.
 *
 * Returns: (transfer full): every option of the game with its value
 */
GHashTable *
cp_rules_resolve_options (const CpRules *rules, GHashTable *given, GError **error)
{
  g_autoptr (GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTableIter iter;
  gpointer key, value;

  if (given != NULL)
    {
      g_hash_table_iter_init (&iter, given);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          const CpOptionSpec *spec = cp_rules_find_option (rules, key);

          if (spec == NULL)
            {
              g_autofree char *quoted = cp_error_quote (key);

              g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION,
                           _("%s has no option “%s”"), _(rules->name), quoted);
              return NULL;
            }
          if (!check_value (rules, spec, value, error))
            return NULL;
          g_hash_table_insert (options, g_strdup (key), g_strdup (value));
        }
    }
  for (guint i = 0; i < rules->n_options; i++)
    if (!g_hash_table_contains (options, rules->options[i].id))
      g_hash_table_insert (options, g_strdup (rules->options[i].id),
                           g_strdup (rules->options[i].default_value));
  return g_steal_pointer (&options);
}

/**
 * cp_rules_seat_name:
 *
 * The name of a seat, which players who are not named go by: its colour,
 * or a name of the game's own where seats share a colour.
 */
const char *
cp_rules_seat_name (const CpRules *rules, guint seat)
{
  if (rules->seat_names != NULL)
    return _(rules->seat_names[seat]);
  return cp_colour_name (rules->colours[seat]);
}

/**
 * cp_rules_partners:
 *
 * Whether two different seats play in one team.
 */
gboolean
cp_rules_partners (const CpRules *rules, guint seat, guint other)
{
  return rules->teams != NULL && seat != other && seat < rules->max_seats && other < rules->max_seats
         && rules->teams[seat] == rules->teams[other];
}
