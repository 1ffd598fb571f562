/* cp-card-row.h: cards overlapping in a row, as a hand holds them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CP_TYPE_CARD_ROW (cp_card_row_get_type ())
G_DECLARE_FINAL_TYPE (CpCardRow, cp_card_row, CP, CARD_ROW, GtkWidget)

GtkWidget *cp_card_row_new    (void);
void       cp_card_row_append (CpCardRow *self,
                               GtkWidget *card,
                               double     step);

G_END_DECLS
