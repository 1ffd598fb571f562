/* main.c: the chess-parlour program
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "cp-application.h"
#include "cp-languages.h"

/* The translations: the installed ones, or a build folder's own when the
 * program runs from there. */
static const char *
locale_dir (void)
{
  g_autofree char *program = g_file_read_link ("/proc/self/exe", NULL);

  if (program != NULL && g_str_has_prefix (program, BUILD_ROOT G_DIR_SEPARATOR_S))
    return BUILD_LOCALE_DIR;
  return LOCALEDIR;
}

int
main (int argc, char *argv[])
{
  g_autoptr (CpApplication) app = NULL;
  g_autoptr (GSettings) settings = NULL;

  setlocale (LC_ALL, "");
  /* The language chosen in the preferences, before any text is
   * translated and before GTK starts. */
  settings = cp_application_load_settings ();
  cp_languages_apply (settings);
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_application_name (_("Chess Parlour"));

  app = cp_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
