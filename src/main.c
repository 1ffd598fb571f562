/* main.c: the chess-parlour program
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "cp-command-line.h"

int
main (int argc, char *argv[])
{
  g_autoptr (GApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_application_name (_("Chess Parlour"));

  app = g_application_new (APPLICATION_ID, G_APPLICATION_NON_UNIQUE);
  cp_command_line_install (app);
  return g_application_run (app, argc, argv);
}
