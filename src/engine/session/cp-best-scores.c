/* cp-best-scores.c: the best score of each group of players, for games
 * played for points
 *
 * The scores are kept in the preferences folder, in best-scores.ini: a
 * group for each game, a key for each group of players (their names,
 * sorted and escaped, joined by "+"), and the best score as its value.
 * The same players in another order are the same group.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <gio/gio.h>

#include "cp-best-scores.h"

static char *
scores_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "chess-parlour", "best-scores.ini", NULL);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_utf8_collate (*(const char *const *) a, *(const char *const *) b);
}

/* The key of a group of players: their names in order, escaped so that
 * any name makes a valid key. */
static char *
players_key (const char *const *players, guint n_players)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) key = g_string_new (NULL);

  for (guint i = 0; i < n_players; i++)
    g_ptr_array_add (names, g_uri_escape_string (players[i] ? players[i] : "", NULL, FALSE));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (key, "%s%s", i ? "+" : "", (const char *) names->pdata[i]);
  return g_string_free (g_steal_pointer (&key), FALSE);
}

static GKeyFile *
load (void)
{
  g_autofree char *path = scores_path ();
  GKeyFile *file = g_key_file_new ();

  /* A missing or damaged file holds no scores. */
  g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL);
  return file;
}

static int
best_in (GKeyFile *file, const char *game_id, const char *key)
{
  g_autoptr (GError) error = NULL;
  int best = g_key_file_get_integer (file, game_id, key, &error);

  return error != NULL || best < 0 ? -1 : best;
}

/**
 * cp_best_scores_lookup:
 * @game_id: the game's id
 * @players: (array length=n_players): the players' names
 *
 * Returns: the best score @players made together in @game_id, or -1 if
 *   none is known
 */
int
cp_best_scores_lookup (const char *game_id, const char *const *players, guint n_players)
{
  g_autoptr (GKeyFile) file = load ();
  g_autofree char *key = players_key (players, n_players);

  g_return_val_if_fail (game_id != NULL, -1);
  return best_in (file, game_id, key);
}

/**
 * cp_best_scores_add:
 * @score: the points @players just made together
 * @previous: (out) (optional): the best score before, or -1
 *
 * Keeps @score if it is the best @players made in @game_id.
 *
 * Returns: whether the scores could be kept
 */
gboolean
cp_best_scores_add (const char *game_id, const char *const *players, guint n_players, guint score, int *previous,
                    GError **error)
{
  g_autoptr (GKeyFile) file = load ();
  g_autofree char *key = players_key (players, n_players);
  g_autofree char *path = scores_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  int best;

  g_return_val_if_fail (game_id != NULL, FALSE);
  best = best_in (file, game_id, key);
  if (previous)
    *previous = best;
  if (best >= (int) score)
    return TRUE;
  g_key_file_set_integer (file, game_id, key, (int) score);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  return g_key_file_save_to_file (file, path, error);
}
