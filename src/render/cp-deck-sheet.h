/* cp-deck-sheet.h: card decks and game sheets, laid out on paper
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-printable.h"

G_BEGIN_DECLS

typedef struct {
  const char *id;           /* such as "chess-deck" */
  const char *name;         /* untranslated: pass it through gettext */
  const char *description;  /* untranslated */
  const char *game;         /* the id of the game it is for, or NULL */
} CpDeckInfo;

#define CP_TYPE_DECK_SHEET (cp_deck_sheet_get_type ())
G_DECLARE_FINAL_TYPE (CpDeckSheet, cp_deck_sheet, CP, DECK_SHEET, GObject)

const CpDeckInfo *cp_deck_sheet_list (guint       *n_decks);
CpDeckSheet      *cp_deck_sheet_new  (const char  *id,
                                      GHashTable  *options,
                                      GError     **error);

G_END_DECLS
