/* cp-choice-row.h: a game option that is one of a few choices
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_CHOICE_ROW (cp_choice_row_get_type ())
G_DECLARE_FINAL_TYPE (CpChoiceRow, cp_choice_row, CP, CHOICE_ROW, AdwComboRow)

GtkWidget *cp_choice_row_new (const CpOptionSpec *spec);

G_END_DECLS
