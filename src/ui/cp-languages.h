/* cp-languages.h: the languages Chess Parlour speaks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct {
  const char *code;  /* as in po/LINGUAS, "en" for the untranslated texts */
  const char *name;  /* in the language itself */
} CpLanguage;

const CpLanguage *cp_languages_list  (guint     *n_languages);
int               cp_languages_find  (const char *code);
void              cp_languages_apply (GSettings *settings);

G_END_DECLS
