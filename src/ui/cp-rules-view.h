/* cp-rules-view.h: a game's rules, read from its help page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CP_TYPE_RULES_VIEW (cp_rules_view_get_type ())
G_DECLARE_FINAL_TYPE (CpRulesView, cp_rules_view, CP, RULES_VIEW, GtkWidget)

GtkWidget *cp_rules_view_new       (void);
gboolean   cp_rules_view_show_page (CpRulesView  *self,
                                    const char   *page_id,
                                    GError      **error);
char      *cp_rules_view_get_text  (CpRulesView  *self);

G_END_DECLS
