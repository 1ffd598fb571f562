/* cp-rule-sheet.h: the rules of games, laid out on paper
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-printable.h"

G_BEGIN_DECLS

#define CP_TYPE_RULE_SHEET (cp_rule_sheet_get_type ())
G_DECLARE_FINAL_TYPE (CpRuleSheet, cp_rule_sheet, CP, RULE_SHEET, GObject)

CpRuleSheet *cp_rule_sheet_new                (const char *const *page_ids,
                                               GError           **error);
CpRuleSheet *cp_rule_sheet_new_for_every_game (GError           **error);

G_END_DECLS
