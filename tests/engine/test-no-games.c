/* test-no-games.c: the model and the chess helpers know no game
 *
 * No file under src/engine/model/ or src/engine/chess/ includes a header
 * of the games, of records, of sessions or of the top of the engine (the
 * registry), nor names a game's symbol.  A game's symbols are read off
 * the files of src/engine/games/: what their headers declare, and every
 * name under the prefix of a file, so that cp-golf-rules.c forbids
 * cp_golf_*, CP_GOLF_* and CpGolf*.  A file whose prefix is also that of
 * the model or the chess helpers (cp-chess-rules.c beside cp-chess-state.c)
 * forbids only its whole name, cp_chess_rules*.  A game added to the
 * folder is covered without a change here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

/* The folders that must know no game. */
static const char *const lower_folders[] = { "model", "chess" };

static char *
engine_path (const char *folder)
{
  return g_test_build_filename (G_TEST_DIST, "..", "src", "engine", folder, NULL);
}

/* The names of the C files right in @path, sorted. */
static GPtrArray *
list_sources (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = g_dir_open (path, 0, &error);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".c") || g_str_has_suffix (name, ".h"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  return names;
}

static char *
read_source (const char *folder, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = engine_path (folder);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

/* "cp-golf-rules.c" -> "golf-rules" */
static char *
stem_of (const char *name)
{
  const char *dot = strrchr (name, '.');

  g_assert_true (g_str_has_prefix (name, "cp-") && dot != NULL);
  return g_strndup (name + 3, dot - (name + 3));
}

/* Every file of the model and the chess helpers, as "folder/name". */
static GPtrArray *
lower_files (void)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);

  for (guint f = 0; f < G_N_ELEMENTS (lower_folders); f++)
    {
      g_autofree char *path = engine_path (lower_folders[f]);
      g_autoptr (GPtrArray) names = list_sources (path);

      for (guint i = 0; i < names->len; i++)
        g_ptr_array_add (files, g_build_filename (lower_folders[f], names->pdata[i], NULL));
    }
  /* The walk found the sources, not an empty folder. */
  g_assert_cmpuint (files->len, >, 20);
  return files;
}

static void
test_includes (void)
{
  const char *const upper_folders[] = { "games", "io", "session", "" };
  g_autoptr (GHashTable) forbidden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GPtrArray) files = lower_files ();
  g_autoptr (GRegex) include = g_regex_new ("^\\s*#\\s*include\\s*[\"<]([^\">]+)[\">]",
                                            G_REGEX_MULTILINE | G_REGEX_RAW, 0, NULL);
  g_autoptr (GString) found = g_string_new (NULL);

  for (guint f = 0; f < G_N_ELEMENTS (upper_folders); f++)
    {
      g_autofree char *path = engine_path (upper_folders[f]);
      g_autoptr (GPtrArray) names = list_sources (path);

      for (guint i = 0; i < names->len; i++)
        if (g_str_has_suffix (names->pdata[i], ".h"))
          g_hash_table_insert (forbidden, g_strdup (names->pdata[i]),
                               g_build_filename ("src/engine", upper_folders[f], names->pdata[i], NULL));
    }
  g_assert_true (g_hash_table_contains (forbidden, "cp-games.h"));
  g_assert_true (g_hash_table_contains (forbidden, "cp-engine.h"));

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *contents = NULL;
      g_autoptr (GMatchInfo) match = NULL;

      contents = read_source ("", files->pdata[i]);
      g_regex_match (include, contents, 0, &match);
      for (; g_match_info_matches (match); g_match_info_next (match, NULL))
        {
          g_autofree char *header = g_match_info_fetch (match, 1);
          g_autofree char *base = g_path_get_basename (header);
          const char *owner = g_hash_table_lookup (forbidden, base);

          if (owner != NULL)
            g_string_append_printf (found, "src/engine/%s includes %s\n", (char *) files->pdata[i], owner);
        }
    }
  g_assert_cmpstr (found->str, ==, "");
}

/* Adds the prefixes of the names under @stem, then @end, to @prefixes:
 * "km-three" -> cp_km_three, CP_KM_THREE, CpKmThree. */
static void
add_prefixes (GPtrArray *prefixes, const char *stem, const char *end)
{
  g_autofree char *lower = g_strdelimit (g_strdup (stem), "-", '_');
  g_autofree char *upper = g_ascii_strup (lower, -1);
  g_autoptr (GString) camel = g_string_new ("Cp");
  g_auto (GStrv) words = g_strsplit (stem, "-", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_string_append_c (camel, g_ascii_toupper (words[i][0]));
      g_string_append (camel, words[i] + 1);
    }
  g_ptr_array_add (prefixes, g_strconcat ("cp_", lower, end, NULL));
  g_ptr_array_add (prefixes, g_strconcat ("CP_", upper, end, NULL));
  g_ptr_array_add (prefixes, g_strdup (camel->str));
}

/* Whether a file of the model or the chess helpers is named as @stem or
 * under it: then the names under @stem are theirs. */
static gboolean
stem_is_lower (const char *stem, GPtrArray *files)
{
  g_autofree char *prefix = g_strconcat ("cp-", stem, "-", NULL);
  g_autofree char *whole = g_strconcat ("cp-", stem, ".", NULL);

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *name = g_path_get_basename (files->pdata[i]);

      if (g_str_has_prefix (name, prefix) || g_str_has_prefix (name, whole))
        return TRUE;
    }
  return FALSE;
}

/* Whether @name is one of the engine's: GLib's (G_BEGIN_DECLS) and the C
 * language's are not. */
static gboolean
is_engine_name (const char *name)
{
  return g_str_has_prefix (name, "cp_") || g_str_has_prefix (name, "CP_") || g_str_has_prefix (name, "Cp");
}

/* The engine's names that @header declares: functions, variables, macros
 * and types. */
static void
add_declared (GHashTable *symbols, const char *header)
{
  static const char *const patterns[] = {
    "\\b([A-Za-z_]\\w*)\\s*\\(",                        /* functions */
    "\\bextern\\b[^;(]*?\\b([A-Za-z_]\\w*)\\s*(\\[[^]]*\\])?\\s*;", /* variables */
    "^\\s*#\\s*define\\s+([A-Za-z_]\\w*)",              /* macros */
    "}\\s*([A-Za-z_]\\w*)\\s*;",                        /* structures and enumerations */
    "\\(\\s*\\*\\s*([A-Za-z_]\\w*)\\s*\\)",             /* types of functions */
  };

  for (guint p = 0; p < G_N_ELEMENTS (patterns); p++)
    {
      g_autoptr (GRegex) regex = g_regex_new (patterns[p], G_REGEX_MULTILINE | G_REGEX_RAW, 0, NULL);
      g_autoptr (GMatchInfo) match = NULL;

      g_assert_nonnull (regex);
      g_regex_match (regex, header, 0, &match);
      for (; g_match_info_matches (match); g_match_info_next (match, NULL))
        {
          g_autofree char *name = g_match_info_fetch (match, 1);

          if (is_engine_name (name))
            g_hash_table_add (symbols, g_steal_pointer (&name));
        }
    }
}

static void
test_symbols (void)
{
  g_autofree char *games_path = engine_path ("games");
  g_autoptr (GPtrArray) games = list_sources (games_path);
  g_autoptr (GPtrArray) files = lower_files ();
  g_autoptr (GPtrArray) prefixes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) declared = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) lower_declared = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GRegex) word = g_regex_new ("[A-Za-z_]\\w*", G_REGEX_RAW, 0, NULL);
  g_autoptr (GString) found = g_string_new (NULL);

  for (guint i = 0; i < games->len; i++)
    {
      const char *name = games->pdata[i];
      g_autofree char *stem = stem_of (name);

      /* cp-golf-rules.c: cp_golf_rules*, and cp_golf_* unless the model
       * or the chess helpers have names under cp_golf_. */
      add_prefixes (prefixes, stem, "");
      if (g_str_has_suffix (stem, "-rules"))
        {
          g_autofree char *game = g_strndup (stem, strlen (stem) - strlen ("-rules"));

          if (!stem_is_lower (game, files))
            add_prefixes (prefixes, game, "_");
        }
      if (g_str_has_suffix (name, ".h"))
        {
          g_autofree char *contents = read_source ("games", name);

          add_declared (declared, contents);
        }
    }
  /* What the model and the chess helpers declare is theirs, though a
   * game's header may name it too (a comment that calls on
   * cp_state_copy(), say). */
  for (guint i = 0; i < files->len; i++)
    if (g_str_has_suffix (files->pdata[i], ".h"))
      {
        g_autofree char *contents = read_source ("", files->pdata[i]);

        add_declared (lower_declared, contents);
      }
  g_assert_cmpuint (prefixes->len, >, 3 * 10);
  g_assert_true (g_hash_table_contains (declared, "cp_golf_rules"));

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *contents = read_source ("", files->pdata[i]);
      g_autoptr (GMatchInfo) match = NULL;

      g_regex_match (word, contents, 0, &match);
      for (; g_match_info_matches (match); g_match_info_next (match, NULL))
        {
          g_autofree char *name = g_match_info_fetch (match, 0);
          gboolean game;

          if (!is_engine_name (name))
            continue;
          game = g_hash_table_contains (declared, name) && !g_hash_table_contains (lower_declared, name);

          for (guint p = 0; !game && p < prefixes->len; p++)
            game = g_str_has_prefix (name, prefixes->pdata[p]);
          if (game)
            g_string_append_printf (found, "src/engine/%s names %s\n", (char *) files->pdata[i], name);
        }
    }
  g_assert_cmpstr (found->str, ==, "");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/no-games/includes", test_includes);
  g_test_add_func ("/engine/no-games/symbols", test_symbols);
  return g_test_run ();
}
