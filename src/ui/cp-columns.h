/* cp-columns.h: boxes side by side where there is room, else stacked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CP_TYPE_COLUMNS (cp_columns_get_type ())
G_DECLARE_FINAL_TYPE (CpColumns, cp_columns, CP, COLUMNS, GtkWidget)

GtkWidget *cp_columns_new (void);

G_END_DECLS
