/* cp-flag-row.h: a game option that is on or off
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_FLAG_ROW (cp_flag_row_get_type ())
G_DECLARE_FINAL_TYPE (CpFlagRow, cp_flag_row, CP, FLAG_ROW, AdwActionRow)

GtkWidget *cp_flag_row_new (const CpOptionSpec *spec);

G_END_DECLS
