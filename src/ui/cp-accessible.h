/* cp-accessible.h: names that assistive technologies read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWidget *cp_accessible_mnemonic_button_new (const char *label);
void       cp_accessible_set_button_label    (GtkButton  *button,
                                              const char *label);
void       cp_accessible_name_mnemonics      (GtkWidget  *root);
GtkListItemFactory *cp_accessible_choice_factory (int                widest,
                                                  const char *const *shown);
void       cp_accessible_name_drop_down      (GtkDropDown *drop_down,
                                              const char  *name);

G_END_DECLS
