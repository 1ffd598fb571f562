/* fuzz-replay.c: a fuzz target without libFuzzer
 *
 * Feeds every file of the directories named on the command line to the
 * target once, a test each: the seeds and the inputs that once crashed
 * stay harmless in every build, clang or not.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "fuzz-common.h"

static void
replay (gconstpointer data)
{
  const char *path = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  LLVMFuzzerTestOneInput ((const uint8_t *) contents, length);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static void
add_directory (const char *dir)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) handle = g_dir_open (dir, 0, &error);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *base = g_path_get_basename (dir);
  g_autofree char *parent_dir = g_path_get_dirname (dir);
  g_autofree char *parent = g_path_get_basename (parent_dir);
  const char *name;

  /* A directory of regression inputs may be empty, and so absent. */
  if (handle == NULL)
    return;
  while ((name = g_dir_read_name (handle)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *test = g_strdup_printf ("/%s/%s/%s", parent, base, file);

      g_test_add_data_func_full (test, g_build_filename (dir, file, NULL), replay, g_free);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  LLVMFuzzerInitialize (&argc, &argv);
  for (int i = 1; i < argc; i++)
    add_directory (argv[i]);
  return g_test_run ();
}
