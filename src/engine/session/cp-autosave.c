/* cp-autosave.c: keeping games in progress safe on disk
 *
 * Each window's game is written, after every change, to a record of its
 * own in the user's data folder, next to a small key file that says which
 * process owns it and which file the game came from.  A record whose
 * owner is gone was left behind by a crash or a kill; the next start
 * brings it back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

#include "cp-autosave.h"
#include "cp-record.h"

#define GROUP "Autosave"

struct _CpAutosave
{
  GObject parent_instance;

  GFile *record;
  GFile *info;
  GFile *original;
};

G_DEFINE_FINAL_TYPE (CpAutosave, cp_autosave, G_TYPE_OBJECT)

static void
cp_autosave_finalize (GObject *object)
{
  CpAutosave *self = CP_AUTOSAVE (object);

  g_clear_object (&self->record);
  g_clear_object (&self->info);
  g_clear_object (&self->original);
  G_OBJECT_CLASS (cp_autosave_parent_class)->finalize (object);
}

static void
cp_autosave_class_init (CpAutosaveClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_autosave_finalize;
}

static void
cp_autosave_init (CpAutosave *self)
{
}

static char *
folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "chess-parlour", "autosave", NULL);
}

static CpAutosave *
for_name (const char *dir, const char *id)
{
  CpAutosave *self = g_object_new (CP_TYPE_AUTOSAVE, NULL);
  g_autofree char *record = g_strdup_printf ("%s/%s.cpgame", dir, id);
  g_autofree char *info = g_strdup_printf ("%s/%s.ini", dir, id);

  self->record = g_file_new_for_path (record);
  self->info = g_file_new_for_path (info);
  return self;
}

/* A place to keep a new game. */
CpAutosave *
cp_autosave_new (void)
{
  g_autofree char *dir = folder ();
  g_autofree char *id = g_uuid_string_random ();

  return for_name (dir, id);
}

static char *
boot_id (void)
{
  char *id = NULL;

  if (!g_file_get_contents ("/proc/sys/kernel/random/boot_id", &id, NULL, NULL))
    return g_strdup ("");
  return g_strstrip (id);
}

/**
 * cp_autosave_save:
 * @original: (nullable): the file the game was opened from or saved to
 *
 * Writes @game; the copy on disk is replaced only once the new one is
 * complete.
 */
gboolean
cp_autosave_save (CpAutosave *self, CpGame *game, GFile *original, GError **error)
{
  g_autoptr (GKeyFile) keys = g_key_file_new ();
  g_autoptr (GFile) dir = g_file_get_parent (self->record);
  g_autofree char *boot = boot_id ();
  g_autofree char *data = NULL;
  gsize length;

  if (!g_file_make_directory_with_parents (dir, NULL, error))
    {
      if (!g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        return FALSE;
      g_clear_error (error);
    }

  g_set_object (&self->original, original);
  g_key_file_set_int64 (keys, GROUP, "pid", getpid ());
  g_key_file_set_string (keys, GROUP, "boot", boot);
  if (original != NULL)
    {
      g_autofree char *uri = g_file_get_uri (original);

      g_key_file_set_string (keys, GROUP, "original", uri);
    }
  data = g_key_file_to_data (keys, &length, NULL);

  return cp_record_save (game, self->record, error)
         && g_file_replace_contents (self->info, data, length, NULL, FALSE,
                                     G_FILE_CREATE_PRIVATE | G_FILE_CREATE_REPLACE_DESTINATION,
                                     NULL, NULL, error);
}

/* Forgets the game: it was saved, or its player chose to discard it. */
void
cp_autosave_discard (CpAutosave *self)
{
  g_file_delete (self->record, NULL, NULL);
  g_file_delete (self->info, NULL, NULL);
}

CpGame *
cp_autosave_load (CpAutosave *self, GError **error)
{
  return cp_record_load (self->record, error);
}

/* The file the game belongs to, or %NULL for a game never saved. */
GFile *
cp_autosave_get_original (CpAutosave *self)
{
  return self->original;
}

GFile *
cp_autosave_get_file (CpAutosave *self)
{
  return self->record;
}

static gboolean
owner_alive (GKeyFile *keys)
{
  g_autofree char *boot = g_key_file_get_string (keys, GROUP, "boot", NULL);
  g_autofree char *now = boot_id ();
  gint64 pid = g_key_file_get_int64 (keys, GROUP, "pid", NULL);

  if (g_strcmp0 (boot, now) != 0 || pid <= 0)
    return FALSE;
  return pid == getpid () ? FALSE : kill ((pid_t) pid, 0) == 0;
}

/**
 * cp_autosave_find_orphans:
 *
 * The games left behind by a program that stopped without saving them.
 * A window that shows one saves it again, which makes it this process's.
 *
 * Returns: (transfer full) (element-type CpAutosave): the games
 */
GPtrArray *
cp_autosave_find_orphans (void)
{
  GPtrArray *found = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *path = folder ();
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return found;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr (GKeyFile) keys = g_key_file_new ();
      g_autofree char *id = NULL;
      g_autoptr (CpAutosave) saved = NULL;
      g_autofree char *info_path = NULL;
      g_autofree char *original = NULL;

      if (!g_str_has_suffix (name, ".cpgame"))
        continue;
      id = g_strndup (name, strlen (name) - strlen (".cpgame"));
      saved = for_name (path, id);
      info_path = g_file_get_path (saved->info);
      /* A record without its key file is taken as left behind too. */
      if (g_key_file_load_from_file (keys, info_path, G_KEY_FILE_NONE, NULL) && owner_alive (keys))
        continue;
      original = g_key_file_get_string (keys, GROUP, "original", NULL);
      if (original != NULL)
        saved->original = g_file_new_for_uri (original);
      g_ptr_array_add (found, g_steal_pointer (&saved));
    }
  return found;
}
