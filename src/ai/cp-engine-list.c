/* cp-engine-list.c: the chess engines installed on the computer
 *
 * The engines found are Stockfish and Fairy-Stockfish, on PATH or in
 * /usr/games (where Debian puts them), and those the player has added by
 * their paths.  Each is started once, to learn its name and what it
 * plays; those that do not answer as UCI engines are left out.  That
 * takes a moment, so the application has it done in the background
 * (cp_engine_list_load_in_background()) before anything asks; what asks
 * before then has them probed at once.  The engines listed are
 * descriptions: a player of a seat is a new CpUciEngine of the same path,
 * with a process of its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-engine-list.h"

static const char *const known_names[] = { "stockfish", "fairy-stockfish" };

struct _CpEngineList
{
  GObject parent_instance;

  GStrv search_dirs;     /* besides PATH */
  GStrv added;           /* paths the player added */
  GPtrArray *engines;    /* CpUciEngine, probed; NULL until needed */
  guint generation;      /* counts the changes of what is to be probed */
  guint loading;         /* the generation probed in the background, plus
                          * one; 0 when none is */
};

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CpEngineList, cp_engine_list, G_TYPE_OBJECT)

static void
cp_engine_list_finalize (GObject *object)
{
  CpEngineList *self = CP_ENGINE_LIST (object);

  g_clear_pointer (&self->engines, g_ptr_array_unref);
  g_strfreev (self->search_dirs);
  g_strfreev (self->added);
  G_OBJECT_CLASS (cp_engine_list_parent_class)->finalize (object);
}

static void
cp_engine_list_class_init (CpEngineListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_engine_list_finalize;

  /**
   * CpEngineList::changed:
   *
   * The engines listed have changed.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
cp_engine_list_init (CpEngineList *self)
{
}

/**
 * cp_engine_list_new:
 * @search_dirs: (nullable): where to look for the engines known by name,
 *   besides PATH
 */
CpEngineList *
cp_engine_list_new (const char *const *search_dirs)
{
  CpEngineList *self = g_object_new (CP_TYPE_ENGINE_LIST, NULL);

  self->search_dirs = g_strdupv ((GStrv) search_dirs);
  return self;
}

/**
 * cp_engine_list_get_default:
 *
 * Returns: (transfer none): the list of the application, which looks in
 *   /usr/games as well as PATH
 */
CpEngineList *
cp_engine_list_get_default (void)
{
  static CpEngineList *list;

  if (list == NULL)
    list = cp_engine_list_new ((const char *const[]) { "/usr/games", NULL });
  return list;
}

/**
 * cp_engine_list_set_added:
 * @paths: (nullable): the engines the player has added
 */
void
cp_engine_list_set_added (CpEngineList *self, const char *const *paths)
{
  g_return_if_fail (CP_IS_ENGINE_LIST (self));

  if (self->added != NULL && paths != NULL && g_strv_equal ((const char *const *) self->added, paths))
    return;
  g_strfreev (self->added);
  self->added = g_strdupv ((GStrv) paths);
  self->generation++;
  g_clear_pointer (&self->engines, g_ptr_array_unref);
  g_signal_emit (self, signals[CHANGED], 0);
}

static gboolean
listed (GPtrArray *engines, const char *path)
{
  for (guint i = 0; i < engines->len; i++)
    if (g_str_equal (cp_uci_engine_get_path (g_ptr_array_index (engines, i)), path))
      return TRUE;
  return FALSE;
}

static void
add (GPtrArray *engines, const char *path, GCancellable *cancellable)
{
  g_autoptr (CpUciEngine) engine = NULL;
  g_autoptr (GError) error = NULL;

  if (path == NULL || listed (engines, path))
    return;
  engine = cp_uci_engine_new (path);
  if (!cp_uci_engine_probe (engine, cancellable, &error))
    {
      g_debug ("%s", error->message);
      return;
    }
  /* A description needs no process. */
  cp_uci_engine_stop (engine);
  g_ptr_array_add (engines, g_steal_pointer (&engine));
}

/* What to probe, and where. */
typedef struct {
  GStrv search_dirs;
  GStrv added;
  guint generation;
} Probe;

static void
probe_free (Probe *probe)
{
  g_strfreev (probe->search_dirs);
  g_strfreev (probe->added);
  g_free (probe);
}

static Probe *
probe_new (CpEngineList *self)
{
  Probe *probe = g_new0 (Probe, 1);

  probe->search_dirs = g_strdupv (self->search_dirs);
  probe->added = g_strdupv (self->added);
  probe->generation = self->generation;
  return probe;
}

/* Finds and probes the engines; in any thread. */
static GPtrArray *
probe_all (const Probe *probe, GCancellable *cancellable)
{
  GPtrArray *found = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < G_N_ELEMENTS (known_names); i++)
    {
      g_autofree char *path = g_find_program_in_path (known_names[i]);

      for (guint d = 0; path == NULL && probe->search_dirs != NULL && probe->search_dirs[d] != NULL; d++)
        {
          g_autofree char *candidate = g_build_filename (probe->search_dirs[d], known_names[i], NULL);

          if (g_file_test (candidate, G_FILE_TEST_IS_EXECUTABLE))
            path = g_steal_pointer (&candidate);
        }
      add (found, path, cancellable);
    }
  for (guint i = 0; probe->added != NULL && probe->added[i] != NULL; i++)
    add (found, probe->added[i], cancellable);
  return found;
}

static GPtrArray *
engines (CpEngineList *self)
{
  if (self->engines == NULL)
    {
      Probe *probe = probe_new (self);

      self->engines = probe_all (probe, NULL);
      probe_free (probe);
    }
  return self->engines;
}

static void
load_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_task_return_pointer (task, probe_all (data, cancellable), (GDestroyNotify) g_ptr_array_unref);
}

static void
loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  CpEngineList *self = CP_ENGINE_LIST (source);
  Probe *probe = g_task_get_task_data (G_TASK (result));
  g_autoptr (GPtrArray) found = g_task_propagate_pointer (G_TASK (result), NULL);

  /* What was asked for meanwhile was probed then; a list probed before
   * the engines added changed is not theirs. */
  if (self->loading == probe->generation + 1)
    self->loading = 0;
  if (found != NULL && self->engines == NULL && probe->generation == self->generation)
    {
      self->engines = g_steal_pointer (&found);
      g_signal_emit (self, signals[CHANGED], 0);
    }
}

/**
 * cp_engine_list_load_in_background:
 *
 * Finds and probes the engines in the background, so that the list is
 * ready when asked for.
 */
void
cp_engine_list_load_in_background (CpEngineList *self)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (CP_IS_ENGINE_LIST (self));

  if (self->engines != NULL || self->loading == self->generation + 1)
    return;
  self->loading = self->generation + 1;
  task = g_task_new (self, NULL, loaded, NULL);
  g_task_set_source_tag (task, cp_engine_list_load_in_background);
  g_task_set_task_data (task, probe_new (self), (GDestroyNotify) probe_free);
  g_task_run_in_thread (task, load_thread);
}

/**
 * cp_engine_list_get_n_engines:
 *
 * The number of engines found; the first call starts each engine once to
 * learn what it is.
 */
guint
cp_engine_list_get_n_engines (CpEngineList *self)
{
  g_return_val_if_fail (CP_IS_ENGINE_LIST (self), 0);

  return engines (self)->len;
}

/**
 * cp_engine_list_get_engine:
 *
 * Returns: (transfer none): the description of an engine
 */
CpUciEngine *
cp_engine_list_get_engine (CpEngineList *self, guint index)
{
  g_return_val_if_fail (CP_IS_ENGINE_LIST (self), NULL);
  g_return_val_if_fail (index < engines (self)->len, NULL);

  return g_ptr_array_index (engines (self), index);
}

/**
 * cp_engine_list_find:
 * @path: an engine's program
 *
 * Returns: (transfer none) (nullable): the description of the engine of
 *   @path, if it is installed and answers
 */
CpUciEngine *
cp_engine_list_find (CpEngineList *self, const char *path)
{
  GPtrArray *all;

  g_return_val_if_fail (CP_IS_ENGINE_LIST (self), NULL);

  all = engines (self);
  for (guint i = 0; path != NULL && i < all->len; i++)
    if (g_str_equal (cp_uci_engine_get_path (g_ptr_array_index (all, i)), path))
      return g_ptr_array_index (all, i);
  return NULL;
}

/**
 * cp_engine_list_for_game:
 * @game_id: a game of the catalogue
 *
 * Returns: (transfer container) (element-type CpUciEngine): the
 *   descriptions of the engines that play the game
 */
GPtrArray *
cp_engine_list_for_game (CpEngineList *self, const char *game_id)
{
  GPtrArray *all, *found;

  g_return_val_if_fail (CP_IS_ENGINE_LIST (self), NULL);

  all = engines (self);
  found = g_ptr_array_new ();
  for (guint i = 0; i < all->len; i++)
    if (cp_uci_engine_plays (g_ptr_array_index (all, i), game_id))
      g_ptr_array_add (found, g_ptr_array_index (all, i));
  return found;
}

static char *
path_tag (guint seat)
{
  return g_strdup_printf (CP_LOCAL_TAG_PREFIX "engine-seat-%u", seat);
}

static char *
strength_tag (guint seat)
{
  return g_strdup_printf (CP_LOCAL_TAG_PREFIX "engine-strength-seat-%u", seat);
}

/**
 * cp_engine_list_tag_seat:
 * @path: (nullable): the engine's program, or NULL for none
 * @strength: its strength, or G_MININT for its full strength
 *
 * Names in @game's tags the engine that plays @seat.  The seat's player
 * stays a computer player at its level, so that a version that knows no
 * engines, or a computer without the engine, plays it with its own.
 */
void
cp_engine_list_tag_seat (CpGame *game, guint seat, const char *path, int strength)
{
  GHashTable *tags;

  g_return_if_fail (CP_IS_GAME (game));

  tags = cp_game_get_tags (game);
  if (path == NULL)
    {
      cp_engine_list_untag_seat (game, seat);
      return;
    }
  g_hash_table_insert (tags, path_tag (seat), g_strdup (path));
  if (strength != G_MININT)
    g_hash_table_insert (tags, strength_tag (seat), g_strdup_printf ("%d", strength));
  else
    {
      g_autofree char *name = strength_tag (seat);

      g_hash_table_remove (tags, name);
    }
}

/**
 * cp_engine_list_seat_engine:
 * @strength: (out) (optional): the engine's strength, or G_MININT for its
 *   full strength
 *
 * Returns: (nullable): the program of the engine that plays @seat, if one
 *   does
 */
const char *
cp_engine_list_seat_engine (CpGame *game, guint seat, int *strength)
{
  GHashTable *tags;
  g_autofree char *name = path_tag (seat);
  g_autofree char *strength_name = strength_tag (seat);
  const char *path, *value;
  CpPlayer *player;

  g_return_val_if_fail (CP_IS_GAME (game), NULL);

  if (strength != NULL)
    *strength = G_MININT;
  if (seat >= cp_game_get_n_seats (game))
    return NULL;
  player = cp_game_get_player (game, seat);
  tags = cp_game_get_tags (game);
  path = g_hash_table_lookup (tags, name);
  if (path == NULL || path[0] == '\0' || cp_player_get_kind (player) != CP_PLAYER_COMPUTER)
    return NULL;
  value = g_hash_table_lookup (tags, strength_name);
  if (value != NULL && strength != NULL)
    {
      gint64 number;

      if (g_ascii_string_to_signed (value, 10, G_MININT + 1, G_MAXINT, &number, NULL))
        *strength = (int) number;
    }
  return path;
}

/**
 * cp_engine_list_untag_seat:
 *
 * No engine plays @seat any more.
 */
void
cp_engine_list_untag_seat (CpGame *game, guint seat)
{
  g_autofree char *name = path_tag (seat);
  g_autofree char *strength_name = strength_tag (seat);

  g_return_if_fail (CP_IS_GAME (game));

  g_hash_table_remove (cp_game_get_tags (game), name);
  g_hash_table_remove (cp_game_get_tags (game), strength_name);
}
