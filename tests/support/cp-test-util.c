/* cp-test-util.c: helpers the engine tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <glib/gstdio.h>

#include "cp-test-util.h"

/* The options of @options ("key=value" strings) as a table; a string
 * without "=" is a mistake of the test. */
static GHashTable *
options_table (const char *const *options)
{
  GHashTable *table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    {
      const char *equals = strchr (options[i], '=');

      if (equals == NULL)
        g_error ("The option “%s” is not written key=value", options[i]);
      g_hash_table_insert (table, g_strndup (options[i], (gsize) (equals - options[i])),
                           g_strdup (equals + 1));
    }
  return table;
}

static GStrv
collect_options (va_list args)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  const char *option;

  while ((option = va_arg (args, const char *)) != NULL)
    g_strv_builder_add (builder, option);
  return g_strv_builder_end (builder);
}

/**
 * cp_test_try_new_game:
 * @options: (nullable): "key=value" strings, NULL-terminated
 *
 * A new game, as cp_game_new() makes it: random results of the set-up
 * are not drawn yet.
 */
CpGame *
cp_test_try_new_game (const char *game_id, guint n_seats, guint64 seed, const char *const *options,
                      GError **error)
{
  g_autoptr (GHashTable) table = options_table (options);

  return cp_game_new (game_id, table, n_seats, seed, error);
}

static CpGame *
new_game (const char *game_id, guint n_seats, guint64 seed, gboolean draw, va_list args)
{
  g_auto (GStrv) options = collect_options (args);
  g_autoptr (GError) error = NULL;
  CpGame *game = cp_test_try_new_game (game_id, n_seats, seed, (const char *const *) options, &error);

  if (game == NULL)
    g_error ("No game of %s for %u: %s", game_id, n_seats, error->message);
  if (draw)
    cp_game_resolve_chance (game);
  return game;
}

/**
 * cp_test_new_game:
 * @...: "key=value" options, then NULL
 *
 * A new game, which must be possible, with the random results of its
 * set-up drawn from @seed.
 */
CpGame *
cp_test_new_game (const char *game_id, guint n_seats, guint64 seed, ...)
{
  va_list args;
  CpGame *game;

  va_start (args, seed);
  game = new_game (game_id, n_seats, seed, TRUE, args);
  va_end (args);
  return game;
}

/**
 * cp_test_new_game_undrawn:
 *
 * Like cp_test_new_game(), leaving the random results of the set-up to
 * the test.
 */
CpGame *
cp_test_new_game_undrawn (const char *game_id, guint n_seats, guint64 seed, ...)
{
  va_list args;
  CpGame *game;

  va_start (args, seed);
  game = new_game (game_id, n_seats, seed, FALSE, args);
  va_end (args);
  return game;
}

/**
 * cp_test_new_state:
 * @...: "key=value" options, then NULL
 *
 * The start of a game, without a log.
 */
CpState *
cp_test_new_state (const char *game_id, guint n_seats, ...)
{
  const CpRules *rules = cp_rules_lookup (game_id);
  g_autoptr (GHashTable) given = NULL;
  g_autoptr (GHashTable) options = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) list = NULL;
  CpState *state;
  va_list args;

  if (rules == NULL)
    g_error ("No game is called %s", game_id);
  va_start (args, n_seats);
  list = collect_options (args);
  va_end (args);
  given = options_table ((const char *const *) list);
  options = cp_rules_resolve_options (rules, given, &error);
  if (options == NULL || (state = cp_state_new (rules, n_seats, options, &error)) == NULL)
    g_error ("No game of %s for %u: %s", game_id, n_seats, error->message);
  return state;
}

static void
fail (const char *file, int line, const char *func, const char *format, ...) G_GNUC_PRINTF (4, 5);

static void
fail (const char *file, int line, const char *func, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_assertion_message (G_LOG_DOMAIN, file, line, func, message);
}

void
cp_test_play_at (CpGame *game, const char *moves, const char *file, int line, const char *func)
{
  g_auto (GStrv) list = g_strsplit (moves, " ", -1);

  for (guint i = 0; list[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;

      if (list[i][0] == '\0')
        continue;
      if (!cp_game_play_text (game, list[i], &error))
        fail (file, line, func, "“%s” (after %u actions of the log): %s",
              list[i], cp_game_get_n_actions (game), error->message);
    }
}

void
cp_test_play_state_at (CpState *state, const char *moves, const char *file, int line, const char *func)
{
  g_auto (GStrv) list = g_strsplit (moves, " ", -1);

  for (guint i = 0; list[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      CpAction action;

      if (list[i][0] == '\0')
        continue;
      if (!cp_state_parse (state, list[i], &action, &error) || !cp_state_apply (state, &action, &error))
        fail (file, line, func, "“%s” (ply %u): %s", list[i], state->ply, error->message);
    }
}

void
cp_test_play_action_at (CpGame *game, CpAction action, const char *file, int line, const char *func)
{
  g_autoptr (GError) error = NULL;

  if (!cp_game_play (game, &action, &error))
    {
      g_autofree char *text = cp_state_format (cp_game_get_state (game), &action, CP_NOTATION_LAN);

      fail (file, line, func, "%s (after %u actions of the log): %s",
            text, cp_game_get_n_actions (game), error->message);
    }
}

guint64
cp_test_perft_command (const char *variant, guint depth, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  const char *arg;
  va_list args;
  int status;

  g_assert_nonnull (g_getenv ("CP_PROGRAM"));
  g_ptr_array_add (argv, g_strdup (g_getenv ("CP_PROGRAM")));
  g_ptr_array_add (argv, g_strdup ("--perft"));
  g_ptr_array_add (argv, g_strdup_printf ("%u", depth));
  g_ptr_array_add (argv, g_strdup ("--variant"));
  g_ptr_array_add (argv, g_strdup (variant));
  va_start (args, depth);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, g_strdup (arg));
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out,
                               NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_ascii_strtoull (out, NULL, 10);
}

guint
cp_test_play_first (CpGame *game, CpActionType type, const char *from)
{
  const CpState *state = cp_game_get_state (game);
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (state, state->to_move, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      CpAction *a = &legal.items[i];
      CpCard c = CP_CARD_NONE;
      CpPieceKind kind = CP_PIECE_NONE;
      guint cell;

      if (a->type == CP_ACTION_PLAY_CARD)
        {
          cp_card_unpack (a->value, &c);
          cp_card_get_piece (c, &kind, NULL);
        }
      if (a->type != type || kind == CP_PIECE_KING
          || (from != NULL && (!cp_board_parse_cell (state->board, from, &cell, NULL) || a->cells[0] != cell)))
        continue;
      cp_test_play_action (game, *a);
      return cp_game_get_n_actions (game) - 1;
    }
  g_error ("no action of type %s", cp_action_type_to_id (type));
}

guint
cp_test_cell (const char *name)
{
  g_assert_true (name[0] >= 'a' && name[0] <= 'h' && name[1] >= '1' && name[1] <= '8' && name[2] == '\0');
  return (guint) (name[1] - '1') * 8 + (guint) (name[0] - 'a');
}

const CpPiece *
cp_test_piece_at (CpGame *game, const char *name)
{
  return &cp_game_get_state (game)->cells[cp_test_cell (name)];
}

void
cp_test_legal (CpGame *game, CpActionList *legal)
{
  const CpState *state = cp_game_get_state (game);

  cp_state_legal (state, state->to_move, legal);
}

/**
 * cp_test_remove_tree:
 * @path: a folder a test made
 *
 * Removes @path with everything in it.
 */
void
cp_test_remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        cp_test_remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

void
cp_test_walk_lines (const char *game_id, const char *const *positions, guint n_positions, guint n_lines,
                    guint plies, guint32 seed, CpTestLineVisit visit, gpointer data)
{
  for (guint p = 0; p < n_positions; p++)
    for (guint line = 0; line < n_lines; line++)
      {
        g_autofree char *option = g_strconcat ("fen=", positions[p], NULL);
        g_autoptr (CpGame) game = cp_test_new_game (game_id, 2, 1, option, NULL);
        g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));
        g_autoptr (GRand) rand = g_rand_new_with_seed (seed + p * 16 + line);

        for (guint ply = 0; ply < plies && !cp_state_is_over (state); ply++)
          {
            g_auto (CpActionList) legal = { 0 };

            visit (state, ply, data);
            cp_state_legal (state, cp_state_first_pending (state), &legal);
            if (legal.len == 0)
              break;
            cp_state_apply (state, &legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)], NULL);
          }
      }
}

void
cp_test_keep_result (GObject *source, GAsyncResult *result, gpointer data)
{
  GAsyncResult **slot = data;

  g_assert_null (*slot);
  *slot = g_object_ref (result);
}

void
cp_test_wait_result (GAsyncResult **result)
{
  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
}

/**
 * cp_test_position:
 *
 * Returns: (transfer full): the position text of @state, which must be
 *   written
 */
char *
cp_test_position (const CpState *state)
{
  g_autoptr (GError) error = NULL;
  char *text = cp_state_write_position (state, &error);

  g_assert_no_error (error);
  return text;
}

/**
 * cp_test_assert_position_refused:
 * @options: (nullable): the options besides the position, "key=value",
 *   NULL-terminated
 * @reason: words the refusal must hold
 *
 * The game @game_id for @n_seats does not start from the position @text,
 * and its message says why with @reason.
 */
void
cp_test_assert_position_refused (const char *game_id, guint n_seats, const char *const *options,
                                 const char *text, const char *reason)
{
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = NULL;

  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    g_ptr_array_add (all, g_strdup (options[i]));
  g_ptr_array_add (all, g_strconcat (CP_POSITION_OPTION "=", text, NULL));
  g_ptr_array_add (all, NULL);
  game = cp_test_try_new_game (game_id, n_seats, 1, (const char *const *) all->pdata, &error);
  if (game != NULL)
    g_error ("%s: “%s” is read, though it should be refused for “%s”", game_id, text, reason);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
  if (strstr (error->message, reason) == NULL)
    g_error ("%s: “%s” is refused with “%s”, which does not say “%s”", game_id, text, error->message, reason);
}
