/* cp-table-row.h: a game option that is a table of numbers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_TABLE_ROW (cp_table_row_get_type ())
G_DECLARE_FINAL_TYPE (CpTableRow, cp_table_row, CP, TABLE_ROW, AdwExpanderRow)

GtkWidget *cp_table_row_new       (const CpOptionSpec *spec);
char      *cp_table_row_get_value (CpTableRow         *self);
void       cp_table_row_set_value (CpTableRow         *self,
                                   const char         *value);
void       cp_table_row_reset     (CpTableRow         *self);
GtkEditable *cp_table_row_get_cell (CpTableRow        *self,
                                    guint              row,
                                    guint              column);

G_END_DECLS
