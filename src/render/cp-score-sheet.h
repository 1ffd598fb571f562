/* cp-score-sheet.h: a game's moves, laid out on paper
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-engine.h"
#include "cp-printable.h"

G_BEGIN_DECLS

#define CP_TYPE_SCORE_SHEET (cp_score_sheet_get_type ())
G_DECLARE_FINAL_TYPE (CpScoreSheet, cp_score_sheet, CP, SCORE_SHEET, GObject)

CpScoreSheet *cp_score_sheet_new          (CpGame       *game,
                                           CpNotation    notation);

/* The number of rows of moves and lines the sheet writes, and the text
 * of row @row as printed (its number and its moves, separated by
 * tabs). */
guint         cp_score_sheet_get_n_rows   (CpScoreSheet *self);
const char   *cp_score_sheet_get_row      (CpScoreSheet *self,
                                           guint         row);
/* The number of diagrams it draws. */
guint         cp_score_sheet_get_n_diagrams (CpScoreSheet *self);

G_END_DECLS
