/* test-no-gtk.c: the engine stays free of GTK
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>

static void
scan (GFile *dir, guint *n_files)
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
          scan (child, n_files);
          continue;
        }
      if (!g_str_has_suffix (name, ".c") && !g_str_has_suffix (name, ".h"))
        continue;
      g_file_load_contents (child, NULL, &contents, NULL, NULL, &error);
      g_assert_no_error (error);
      (*n_files)++;
      g_test_message ("%s", name);
      g_assert_null (strstr (contents, "<gtk/"));
      g_assert_null (strstr (contents, "<adwaita.h>"));
      g_assert_null (strstr (contents, "<gdk/"));
    }
  g_assert_no_error (error);
}

static void
test_engine_has_no_gtk (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "src", "engine", NULL);
  g_autoptr (GFile) dir = g_file_new_for_path (path);
  guint n_files = 0;

  scan (dir, &n_files);
  /* The walk found the engine, not an empty folder. */
  g_assert_cmpuint (n_files, >, 20);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/no-gtk", test_engine_has_no_gtk);
  return g_test_run ();
}
