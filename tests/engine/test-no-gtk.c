/* test-no-gtk.c: the engine and the computer players stay free of GTK,
 * and the computer players use only the engine's public headers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>

/* Fails if a C file under @dir holds one of @forbidden. */
static void
scan (GFile *dir, const char *const *forbidden, guint *n_files)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GFileEnumerator) children =
    g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                               G_FILE_QUERY_INFO_NONE, NULL, &error);
  GFileInfo *info;
  GFile *child;

  g_assert_no_error (error);
  while (g_file_enumerator_iterate (children, &info, &child, NULL, &error) && info != NULL)
    {
      const char *name = g_file_info_get_name (info);
      g_autofree char *contents = NULL;

      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
        {
          scan (child, forbidden, n_files);
          continue;
        }
      if (!g_str_has_suffix (name, ".c") && !g_str_has_suffix (name, ".h"))
        continue;
      g_file_load_contents (child, NULL, &contents, NULL, NULL, &error);
      g_assert_no_error (error);
      (*n_files)++;
      g_test_message ("%s", name);
      for (guint i = 0; forbidden[i] != NULL; i++)
        g_assert_null (strstr (contents, forbidden[i]));
    }
  g_assert_no_error (error);
}

static const char *const gtk_headers[] = { "<gtk/", "<adwaita.h>", "<gdk/", NULL };

static void
test_engine_has_no_gtk (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "src", "engine", NULL);
  g_autoptr (GFile) dir = g_file_new_for_path (path);
  guint n_files = 0;

  scan (dir, gtk_headers, &n_files);
  /* The walk found the engine, not an empty folder. */
  g_assert_cmpuint (n_files, >, 20);
}

/* The headers of src/engine/chess and src/engine/games, as included. */
static void
add_private_headers (GPtrArray *names, const char *folder)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "src", "engine", folder, NULL);
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".h"))
      g_ptr_array_add (names, g_strdup_printf ("#include \"%s\"", name));
}

static void
test_ai_uses_public_engine (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "src", "ai", NULL);
  g_autoptr (GFile) dir = g_file_new_for_path (path);
  g_autoptr (GPtrArray) forbidden = g_ptr_array_new_with_free_func (g_free);
  guint n_files = 0;

  for (guint i = 0; gtk_headers[i] != NULL; i++)
    g_ptr_array_add (forbidden, g_strdup (gtk_headers[i]));
  /* cp-engine.h brings in the chess state too. */
  g_ptr_array_add (forbidden, g_strdup ("#include \"cp-engine.h\""));
  add_private_headers (forbidden, "chess");
  add_private_headers (forbidden, "games");
  g_assert_cmpuint (forbidden->len, >, 6);
  g_ptr_array_add (forbidden, NULL);

  scan (dir, (const char *const *) forbidden->pdata, &n_files);
  g_assert_cmpuint (n_files, >=, 4);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/no-gtk", test_engine_has_no_gtk);
  g_test_add_func ("/ai/public-engine", test_ai_uses_public_engine);
  return g_test_run ();
}
