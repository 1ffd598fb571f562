/* cp-number-row.h: a game option that is a whole number
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_NUMBER_ROW (cp_number_row_get_type ())
G_DECLARE_FINAL_TYPE (CpNumberRow, cp_number_row, CP, NUMBER_ROW, AdwActionRow)

GtkWidget *cp_number_row_new (const CpOptionSpec *spec);

G_END_DECLS
