/* test-preferences.c: the preferences window, and the language it sets
 *
 * Needs a display: run under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cp-engine-list.h"
#include "cp-languages.h"
#include "cp-preferences-window.h"

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The languages offered are those the program is translated into, and
 * English. */
static void
test_languages (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "po", "LINGUAS", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  guint n, found = 0;
  const CpLanguage *languages = cp_languages_list (&n);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      gboolean listed = FALSE;

      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      for (guint k = 0; k < n; k++)
        listed |= g_str_equal (languages[k].code, lines[i]);
      if (!listed)
        g_test_fail_printf ("%s of po/LINGUAS is not offered", lines[i]);
      found++;
    }
  /* Each once, and English besides. */
  g_assert_cmpuint (n, ==, found + 1);
  for (guint k = 0; k < n; k++)
    g_assert_cmpuint (g_utf8_strlen (languages[k].name, -1), >, 1);
}

static AdwComboRow *
language_row (GtkWidget *root)
{
  if (ADW_IS_COMBO_ROW (root) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)), "_Language") == 0)
    return ADW_COMBO_ROW (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      AdwComboRow *found = language_row (child);

      if (found)
        return found;
    }
  return NULL;
}

/* The row shows the language set, and sets the one chosen. */
static void
test_language_row (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  CpPreferencesWindow *window;
  AdwComboRow *row;
  GListModel *model;
  g_autofree char *code = NULL;
  guint n;
  const CpLanguage *languages = cp_languages_list (&n);
  guint german = 0;

  for (guint k = 0; k < n; k++)
    if (g_str_equal (languages[k].code, "de"))
      german = k + 1;
  g_settings_set_string (settings, "language", "ja");
  window = cp_preferences_window_new (settings);
  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  row = language_row (GTK_WIDGET (window));
  g_assert_nonnull (row);
  model = adw_combo_row_get_model (row);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n + 1);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), adw_combo_row_get_selected (row)), ==,
                   "日本語");
  adw_combo_row_set_selected (row, german);
  code = g_settings_get_string (settings, "language");
  g_assert_cmpstr (code, ==, "de");
  g_clear_pointer (&code, g_free);
  adw_combo_row_set_selected (row, 0);
  code = g_settings_get_string (settings, "language");
  g_assert_cmpstr (code, ==, "");
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* The program lists its games in @language set in its settings, which
 * it reads from a file in a home of its own. */
static char *
games_in (const char *language)
{
  g_autofree char *home = g_dir_make_tmp ("cp-language-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (home, "glib-2.0", "settings", NULL);
  g_autofree char *keyfile = g_build_filename (folder, "keyfile", NULL);
  g_autofree char *glib_folder = g_path_get_dirname (folder);
  g_autofree char *contents = g_strdup_printf ("[io/github/chess_parlour/ChessParlour]\nlanguage='%s'\n", language);
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  char *out = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (keyfile, contents, -1, NULL));
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "keyfile", TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", home, TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  process = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("CP_PROGRAM"), "--list-games", NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (process));
  g_unlink (keyfile);
  g_rmdir (folder);
  g_rmdir (glib_folder);
  g_rmdir (home);
  return out;
}

/* The language set is the one the program speaks when it starts; none
 * set, it speaks the system's (English in the C locale). */
static void
test_language_applied (void)
{
  g_autofree char *german = games_in ("de");
  g_autofree char *japanese = games_in ("ja");
  g_autofree char *system = games_in ("");

  g_assert_nonnull (strstr (german, "\tSchach\t"));
  g_assert_nonnull (strstr (japanese, "\tチェス\t"));
  g_assert_nonnull (strstr (system, "\tChess\t"));
}

/* The row titled @title under @root, or NULL. */
static GtkWidget *
find_row (GtkWidget *root, const char *title)
{
  if (ADW_IS_PREFERENCES_ROW (root) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)), title) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row (child, title);

      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_button (GtkWidget *root)
{
  if (GTK_IS_BUTTON (root))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child);

      if (found)
        return found;
    }
  return NULL;
}

/* An engine added is listed by the name it gives itself, with its path,
 * and offered for the hints; the button beside it removes it, and the
 * hints go back to the computer of ours. */
static void
test_engines (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *dir = g_dir_make_tmp ("cp-preferences-XXXXXX", NULL);
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "engine", "fake-uci-engine.py", NULL);
  g_autofree char *text = g_strdup_printf ("#!/bin/sh\nexec python3 '%s' good\n", script);
  g_autofree char *path = g_build_filename (dir, "fake-engine", NULL);
  g_autofree char *hint = NULL;
  g_auto (GStrv) left = NULL;
  CpPreferencesWindow *window;
  GtkWidget *row, *hints;
  GListModel *model;
  guint n;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  g_settings_set_strv (settings, "uci-engines", (const char *const[]) { path, NULL });
  window = cp_preferences_window_new (settings);
  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  row = find_row (GTK_WIDGET (window), "Fake Engine (good)");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, path);

  hints = find_row (GTK_WIDGET (window), "_Hints From");
  g_assert_nonnull (hints);
  model = adw_combo_row_get_model (ADW_COMBO_ROW (hints));
  n = g_list_model_get_n_items (model);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), n - 1), ==, "Fake Engine (good)");
  adw_combo_row_set_selected (ADW_COMBO_ROW (hints), n - 1);
  hint = g_settings_get_string (settings, "hint-engine");
  g_assert_cmpstr (hint, ==, path);
  g_clear_pointer (&hint, g_free);

  g_signal_emit_by_name (find_button (row), "clicked");
  iterate ();
  left = g_settings_get_strv (settings, "uci-engines");
  g_assert_cmpuint (g_strv_length (left), ==, 0);
  hint = g_settings_get_string (settings, "hint-engine");
  g_assert_cmpstr (hint, ==, "");
  g_assert_null (find_row (GTK_WIDGET (window), "Fake Engine (good)"));
  g_assert_null (cp_engine_list_find (cp_engine_list_get_default (), path));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/preferences/languages", test_languages);
  g_test_add_func ("/preferences/language-row", test_language_row);
  g_test_add_func ("/preferences/language-applied", test_language_applied);
  g_test_add_func ("/preferences/engines", test_engines);
  return g_test_run ();
}
