/* cp-mallard.h: the help pages, read as blocks of Pango markup
 *
 * The rules panel of the window and the printed rule sheets show a game's
 * rules from its Mallard help page, so that there is one text of the
 * rules and its translations serve all three.  Only the parts of Mallard
 * that the help pages use are read: titles, sections, paragraphs, lists,
 * term lists, notes, examples, code, tables, figures, images and inline
 * markup.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum {
  CP_MALLARD_TITLE,       /* the page's title */
  CP_MALLARD_HEADING,     /* a section's title */
  CP_MALLARD_PARAGRAPH,
  CP_MALLARD_ITEM,        /* a paragraph of a list item; the first has a bullet */
  CP_MALLARD_TERM,        /* the title of a term */
  CP_MALLARD_DEFINITION,  /* a paragraph that explains the term above */
  CP_MALLARD_NOTE,        /* a paragraph of a note */
  CP_MALLARD_EXAMPLE,     /* a paragraph of an example */
  CP_MALLARD_CODE,        /* preformatted text, escaped */
  CP_MALLARD_TABLE,       /* rows of cells */
  CP_MALLARD_IMAGE,       /* an image: its file */
  CP_MALLARD_CAPTION,     /* the title and description of a figure, after its image */
} CpMallardKind;

typedef struct {
  CpMallardKind kind;
  guint depth;          /* how many sections deep */
  char *markup;         /* Pango markup; NULL for tables and images */
  char *bullet;         /* "• " or "2. " before an item's first paragraph, or NULL */
  char *section;        /* the id of the outermost section around it, or NULL */
  GPtrArray *rows;      /* TABLE: a GStrv of cell markups a row, heading cells bold */
  GFile *image;         /* IMAGE: the file */
} CpMallardBlock;

GFile     *cp_mallard_find_page  (const char  *page_id);
GPtrArray *cp_mallard_read       (GFile       *file,
                                  GError     **error);

G_END_DECLS
