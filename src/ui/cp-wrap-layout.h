/* cp-wrap-layout.h: children in a row that wraps onto further rows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CP_TYPE_WRAP_LAYOUT (cp_wrap_layout_get_type ())
G_DECLARE_FINAL_TYPE (CpWrapLayout, cp_wrap_layout, CP, WRAP_LAYOUT, GtkLayoutManager)

GtkLayoutManager *cp_wrap_layout_new             (void);
void              cp_wrap_layout_set_spacing     (CpWrapLayout *self,
                                                  int           column_spacing,
                                                  int           row_spacing);

G_END_DECLS
