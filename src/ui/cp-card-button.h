/* cp-card-button.h: a card that may be chosen, drawn as a button
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CP_TYPE_CARD_BUTTON (cp_card_button_get_type ())
G_DECLARE_FINAL_TYPE (CpCardButton, cp_card_button, CP, CARD_BUTTON, GtkButton)

typedef void (*CpCardButtonDrawFunc) (GtkWidget *widget,
                                      cairo_t   *cr,
                                      int        width,
                                      int        height,
                                      gpointer   data);

GtkWidget *cp_card_button_new (int                  width,
                               int                  height,
                               CpCardButtonDrawFunc draw,
                               gpointer             data);

G_END_DECLS
