/* cp-languages.c: the languages Chess Parlour speaks
 *
 * The interface speaks the language of the system, or the one chosen in
 * the preferences (the setting "language"), from the next start on: the
 * program sets LANGUAGE for gettext before GTK starts, so that GTK lays
 * the window out from right to left for Arabic as it does when the
 * system speaks it.  The languages are those of po/LINGUAS, and English,
 * each named in itself; a test holds the list to po/LINGUAS.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>

#include "cp-languages.h"

static const CpLanguage languages[] = {
  { "ar", "العربية" },
  { "de", "Deutsch" },
  { "en", "English" },
  { "es", "Español" },
  { "fr", "Français" },
  { "it", "Italiano" },
  { "ja", "日本語" },
  { "pl", "Polski" },
  { "pt_BR", "Português (Brasil)" },
  { "ru", "Русский" },
};

/**
 * cp_languages_list:
 * @n_languages: (out): how many there are
 *
 * Returns: (array length=n_languages): the languages, by their codes
 */
const CpLanguage *
cp_languages_list (guint *n_languages)
{
  *n_languages = G_N_ELEMENTS (languages);
  return languages;
}

/**
 * cp_languages_find:
 * @code: a language's code, such as "pt_BR"
 *
 * Returns: the place of @code in cp_languages_list(), or -1
 */
int
cp_languages_find (const char *code)
{
  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    if (g_strcmp0 (languages[i].code, code) == 0)
      return (int) i;
  return -1;
}

/**
 * cp_languages_apply:
 * @settings: (nullable): the program's settings
 *
 * Makes the language of the setting "language" the one of the messages,
 * unless it is "" (the system's).  Call it before any message is
 * translated and before GTK starts.
 */
void
cp_languages_apply (GSettings *settings)
{
  g_autofree char *code = settings != NULL ? g_settings_get_string (settings, "language") : NULL;
  const char *messages;

  if (cp_languages_find (code) < 0)
    return;
  g_setenv ("LANGUAGE", code, TRUE);
  /* gettext reads LANGUAGE only where the messages' locale is not plain
   * C, which a system without a language of its own has. */
  messages = setlocale (LC_MESSAGES, NULL);
  if (messages == NULL || g_str_equal (messages, "C") || g_str_equal (messages, "POSIX"))
    setlocale (LC_MESSAGES, "C.UTF-8");
}
