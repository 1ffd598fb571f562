/* cp-text-row.h: a game option that is a text, such as a FEN
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_TEXT_ROW (cp_text_row_get_type ())
G_DECLARE_FINAL_TYPE (CpTextRow, cp_text_row, CP, TEXT_ROW, AdwEntryRow)

GtkWidget *cp_text_row_new (const CpOptionSpec *spec);

G_END_DECLS
