/* cp-rule-sheet.h: the rules of games, laid out on paper
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <librsvg/rsvg.h>

#include "cp-mallard.h"
#include "cp-printable.h"

G_BEGIN_DECLS

#define CP_TYPE_RULE_SHEET (cp_rule_sheet_get_type ())
G_DECLARE_FINAL_TYPE (CpRuleSheet, cp_rule_sheet, CP, RULE_SHEET, GObject)

CpRuleSheet *cp_rule_sheet_new                (const char *const *page_ids,
                                               GError           **error);
CpRuleSheet *cp_rule_sheet_new_for_every_game (GError           **error);

/* A piece of a page as laid out: some lines of a text, an image or a
 * hairline of a table, in points from the top left corner of the paper. */
typedef struct {
  CpMallardKind kind;   /* of the block it shows */
  guint block;          /* the number of that block in the sheet: the pieces
                         * of a block split over columns share it */
  double x, y, width, height;
  PangoLayout *layout;  /* the text, or NULL */
  int first_line;       /* the lines of @layout on this page */
  int n_lines;
  RsvgHandle *image;    /* the image, or NULL */
  gboolean dotted;      /* without text or image: a rule in dots, else a hairline */
} CpRuleSheetItem;

const CpRuleSheetItem *cp_rule_sheet_get_items (CpRuleSheet *self,
                                                guint        page,
                                                guint       *n_items);

G_END_DECLS
