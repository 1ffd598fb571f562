/* cp-game-file.c: reading and writing game files without blocking
 *
 * The file is read or written by GIO in the background; what is read is
 * turned into games, and a game into text, on the caller's thread, where
 * games live.  A file holds a record or PGN: told by its name, or else by
 * its first bytes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-game-file.h"
#include "cp-pgn.h"
#include "cp-record.h"

/* Reading stops a little past the larger of the two readers' limits: they
 * refuse such a file in their own words. */
#define READ_LIMIT (MAX (CP_PGN_MAX_SIZE, CP_RECORD_MAX_SIZE) + 1)

static gboolean
read_more (const char *contents, goffset length, gpointer data)
{
  return length < READ_LIMIT;
}

static CpGameFileKind
kind_of (GFile *file, const char *data, gsize length)
{
  g_autofree char *name = g_file_get_basename (file);

  if (name != NULL && g_str_has_suffix (name, ".pgn"))
    return CP_GAME_FILE_PGN;
  if (name != NULL && g_str_has_suffix (name, ".cpgame"))
    return CP_GAME_FILE_RECORD;
  return cp_pgn_is_pgn (data, length) ? CP_GAME_FILE_PGN : CP_GAME_FILE_RECORD;
}

static void
loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  GFile *file = G_FILE (source);
  g_autoptr (GTask) task = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  CpGameFileKind kind;

  if (!g_file_load_partial_contents_finish (file, result, &contents, &length, NULL, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  kind = kind_of (file, contents, length);
  if (kind == CP_GAME_FILE_PGN)
    games = cp_pgn_read (contents, (gssize) length, &error);
  else
    {
      CpGame *game = cp_record_load_data (contents, length, &error);

      if (game != NULL)
        {
          games = g_ptr_array_new_with_free_func (g_object_unref);
          g_ptr_array_add (games, game);
        }
    }
  if (games == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_set_task_data (task, GUINT_TO_POINTER (kind), NULL);
  g_task_return_pointer (task, g_steal_pointer (&games), (GDestroyNotify) g_ptr_array_unref);
}

/**
 * cp_game_file_load_async:
 * @file: a record or a PGN file
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the games have been read
 * @user_data: data for @callback
 *
 * Reads the games of @file: one for a record, one or more for PGN.
 */
void
cp_game_file_load_async (GFile *file, GCancellable *cancellable, GAsyncReadyCallback callback,
                         gpointer user_data)
{
  GTask *task;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, cp_game_file_load_async);
  g_file_load_partial_contents_async (file, cancellable, read_more, loaded, task);
}

/**
 * cp_game_file_load_finish:
 * @file: the file given to cp_game_file_load_async()
 * @result: the result given to its callback
 * @kind: (out) (optional): what the file holds
 * @error: return location for an error
 *
 * Returns: (transfer full) (element-type CpGame): the games of the file,
 *   or %NULL with @error set
 */
GPtrArray *
cp_game_file_load_finish (GFile *file, GAsyncResult *result, CpGameFileKind *kind, GError **error)
{
  GPtrArray *games;

  g_return_val_if_fail (g_task_is_valid (result, file), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == cp_game_file_load_async, NULL);

  games = g_task_propagate_pointer (G_TASK (result), error);
  if (games != NULL && kind != NULL)
    *kind = GPOINTER_TO_UINT (g_task_get_task_data (G_TASK (result)));
  return games;
}

static void
saved (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) task = data;
  GError *error = NULL;

  if (g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * cp_game_file_save_async:
 * @game: the game to save
 * @file: where to save it
 * @kind: as a record or as PGN
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the file has been written
 * @user_data: data for @callback
 *
 * Writes @game as it is now; it may change while the file is written.  The
 * text goes to a temporary file that then replaces @file, so a save that
 * fails leaves @file as it was.  A game that PGN cannot express fails with
 * the reason, and @file is left alone.
 */
void
cp_game_file_save_async (CpGame *game, GFile *file, CpGameFileKind kind, GCancellable *cancellable,
                         GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GBytes) bytes = NULL;
  GError *error = NULL;
  char *text;
  gsize length = 0;

  g_return_if_fail (CP_IS_GAME (game));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, cp_game_file_save_async);
  if (kind == CP_GAME_FILE_PGN)
    {
      text = cp_pgn_write (game, &error);
      if (text == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      length = strlen (text);
    }
  else
    text = cp_record_to_string (game, &length);
  bytes = g_bytes_new_take (text, length);
  /* No backup copy: a sandboxed application may write only the file that
   * was chosen, and the replacement is safe without one. */
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE, cancellable,
                                       saved, g_steal_pointer (&task));
}

/**
 * cp_game_file_save_finish:
 * @file: the file given to cp_game_file_save_async()
 * @result: the result given to its callback
 * @error: return location for an error
 *
 * Returns: whether the game was saved
 */
gboolean
cp_game_file_save_finish (GFile *file, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == cp_game_file_save_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
