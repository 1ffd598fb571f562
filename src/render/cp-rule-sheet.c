/* cp-rule-sheet.c: the rules of games, laid out on paper
 *
 * A rule sheet prints the help pages of one or more games, each from a
 * new page, in two columns under the game's title, with Pango: one text of the rules for the help browser, the
 * rules panel and paper, in the user's language.  The sections that
 * speak of the program (by convention those with the ids "playing",
 * "marks" and "position") stay out of print.  Headings keep with what follows them, and
 * a paragraph does not leave a single line behind at the foot of a page.
 * Lines break between words: a word breaks only when it is wider than a
 * column, and the columns of a table are at least as wide as their
 * longest words.  A figure's caption stays whole under its image.  The
 * book of every game begins with its contents.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>

#include "cp-engine.h"
#include "cp-mallard.h"
#include "cp-rule-sheet.h"

#define MARGIN 42.0          /* points around the text: 15 mm */
#define GUTTER 18.0          /* between the columns */
#define FOOTER_GAP 24.0      /* from the text's foot to the footer's baseline */
#define INDENT 16.0
#define IMAGE_MAX_WIDTH 320.0
#define TABLE_GAP 10.0

typedef struct {
  char *title;
  GPtrArray *blocks;  /* CpMallardBlock */
  guint first_page;   /* where it begins, from 0 */
} Doc;

/* A piece of a page: lines of a layout, an image, or a rule. */
typedef CpRuleSheetItem Item;

typedef struct {
  const char *title;
  GArray *items;  /* Item */
} Page;

struct _CpRuleSheet
{
  GObject parent_instance;

  GPtrArray *docs;   /* Doc */
  GPtrArray *pages;  /* Page */
  gboolean contents; /* whether pages of contents come first */
  double width, height;

  /* While laying out */
  cairo_t *cr;
  CpMallardKind kind;  /* the block being placed */
  guint block;
  double top;      /* where the columns of the page begin */
  guint column;    /* 0 or 1 */
  double y;
  gboolean rtl;    /* the language is written from right to left: the
                    * first column is the right one, texts start at the
                    * right */
};

static void cp_rule_sheet_printable_init (CpPrintableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CpRuleSheet, cp_rule_sheet, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CP_TYPE_PRINTABLE, cp_rule_sheet_printable_init))

static void
doc_free (gpointer data)
{
  Doc *doc = data;

  g_free (doc->title);
  g_ptr_array_unref (doc->blocks);
  g_free (doc);
}

static void
item_clear (gpointer data)
{
  Item *item = data;

  g_clear_object (&item->layout);
  g_clear_object (&item->image);
}

static void
page_free (gpointer data)
{
  Page *page = data;

  g_array_unref (page->items);
  g_free (page);
}

static Page *
current_page (CpRuleSheet *self)
{
  return self->pages->pdata[self->pages->len - 1];
}

static void
new_page (CpRuleSheet *self, const char *title)
{
  Page *page = g_new0 (Page, 1);

  page->title = title;
  page->items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (page->items, item_clear);
  g_ptr_array_add (self->pages, page);
  self->y = self->top = MARGIN;
  self->column = 0;
}

static double
column_width (CpRuleSheet *self)
{
  return (self->width - 2 * MARGIN - GUTTER) / 2;
}

/* The left edge of the column being filled. */
static double
left (CpRuleSheet *self)
{
  guint from_left = self->rtl ? 1 - self->column : self->column;

  return MARGIN + from_left * (column_width (self) + GUTTER);
}

/* Goes on in the next column, or on a new page. */
static void
next_column (CpRuleSheet *self)
{
  if (self->column == 0)
    {
      self->column = 1;
      self->y = self->top;
    }
  else
    new_page (self, current_page (self)->title);
}

static double
bottom (CpRuleSheet *self)
{
  return self->height - MARGIN;
}

/* A layout of @markup in @font, @width wide; a negative @hang indents
 * every line but the first by that much. */
static PangoLayout *
make_layout (CpRuleSheet *self, const char *markup, const char *font, double width, double hang)
{
  PangoLayout *layout = cp_printable_create_layout (self->cr, font);

  /* Every paragraph from right to left, those without a letter of the
   * language (a name such as "Chess960") too. */
  if (self->rtl)
    {
      pango_context_set_base_dir (pango_layout_get_context (layout), PANGO_DIRECTION_RTL);
      pango_layout_set_auto_dir (layout, FALSE);
      pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
      pango_layout_context_changed (layout);
    }
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_indent (layout, (int) (hang * PANGO_SCALE));
  pango_layout_set_markup (layout, markup, -1);
  return layout;
}

/* The top and the height of line @line of @layout, in points. */
static void
line_extents (PangoLayout *layout, int line, double *top, double *height)
{
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  PangoRectangle logical;

  for (int i = 0; i < line; i++)
    pango_layout_iter_next_line (iter);
  pango_layout_iter_get_line_extents (iter, NULL, &logical);
  *top = (double) logical.y / PANGO_SCALE;
  *height = (double) logical.height / PANGO_SCALE;
  pango_layout_iter_free (iter);
}

/* The height lines @first to @first + @n - 1 of @layout take. */
static double
lines_height (PangoLayout *layout, int first, int n)
{
  double top, height, last_top, last_height;

  line_extents (layout, first, &top, &height);
  line_extents (layout, first + n - 1, &last_top, &last_height);
  return last_top + last_height - top;
}

/* Adds lines of @layout @x points into the column being filled. */
static void
add_lines (CpRuleSheet *self, PangoLayout *layout, int first, int n, double x)
{
  int width = pango_layout_get_width (layout);
  Item item = { .kind = self->kind, .block = self->block, .layout = g_object_ref (layout), .first_line = first,
                .n_lines = n, .x = left (self) + x, .y = self->y };

  /* From right to left, the room @x is kept at the right. */
  if (self->rtl && width > 0)
    item.x = left (self) + column_width (self) - x - (double) width / PANGO_SCALE;

  item.height = lines_height (layout, first, n);
  g_array_append_val (current_page (self)->items, item);
  self->y += item.height;
}

/* Places the lines of @layout from the current height on, going on to
 * new pages as needed.  The first two lines, or the only one, start on
 * the same page, with @following points more below them (what a heading
 * keeps with); no single line is left for the next page either. */
static void
place_layout (CpRuleSheet *self, PangoLayout *layout, double x, double above, double below, double following)
{
  int n_lines = pango_layout_get_line_count (layout);
  int first = 0;

  if (self->y > self->top)
    self->y += above;
  if (self->y + lines_height (layout, 0, MIN (2, n_lines)) + following > bottom (self))
    next_column (self);
  while (first < n_lines)
    {
      int n = 0;

      while (first + n < n_lines && self->y + lines_height (layout, first, n + 1) <= bottom (self))
        n++;
      /* A page shorter than one line still takes one. */
      if (n == 0)
        n = 1;
      if (first + n == n_lines - 1 && n > 1)
        n--;
      add_lines (self, layout, first, n, x);
      first += n;
      if (first < n_lines)
        next_column (self);
    }
  self->y += below;
}

static void
place_markup (CpRuleSheet *self, const char *markup, const char *font, double indent, double hang,
              double above, double below)
{
  g_autoptr (PangoLayout) layout = make_layout (self, markup, font, column_width (self) - indent, hang);

  place_layout (self, layout, indent, above, below, 0);
}

/* The width of the widest line of @layout, in Pango units. */
static int
widest_line (PangoLayout *layout)
{
  int widest = 0;

  for (GSList *line = pango_layout_get_lines_readonly (layout); line; line = line->next)
    {
      PangoRectangle logical;

      pango_layout_line_get_extents (line->data, NULL, &logical);
      widest = MAX (widest, logical.width);
    }
  return widest;
}

/* Measures the columns of a table in @font: the widths of their widest
 * cells, on one line each, and of their longest words, in Pango units.
 * Returns the number of columns. */
static guint
measure_table (CpRuleSheet *self, GPtrArray *rows, const char *font, int *natural, int *least, guint max_columns)
{
  guint n_columns = 0;

  for (guint c = 0; c < max_columns; c++)
    natural[c] = least[c] = 0;
  for (guint r = 0; r < rows->len; r++)
    {
      char **cells = rows->pdata[r];

      for (guint c = 0; cells[c] && c < max_columns; c++)
        {
          g_autoptr (PangoLayout) layout = make_layout (self, cells[c], font, -1, 0);

          natural[c] = MAX (natural[c], widest_line (layout));
          /* At the narrowest, a word a line. */
          pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
          pango_layout_set_width (layout, 1);
          least[c] = MAX (least[c], widest_line (layout) + 1);
          n_columns = MAX (n_columns, c + 1);
        }
    }
  for (guint c = 0; c < n_columns; c++)
    least[c] = MIN (least[c], natural[c]);
  return n_columns;
}

/* A table, its columns as wide as their widest cell when that fits, else
 * never narrower than their longest word, sharing out what room is left
 * in proportion to what more their cells would take.  A table whose
 * words cannot stand side by side in the column takes a smaller type and
 * closer columns, and at last the whole width of the column.  A row
 * never breaks across pages. */
static void
place_table (CpRuleSheet *self, GPtrArray *rows, double indent)
{
  static const double sizes[] = { 9, 8.5, 8, 7.5, 7, 7, 6.5 };
  double available = 0, gap = TABLE_GAP;
  int natural[16], least[16], widths[16] = { 0 };
  gint64 total_natural = 0, total_least = 0, room = 0;
  guint n_columns = 0;
  char font[32];

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      char size[G_ASCII_DTOSTR_BUF_SIZE];

      /* "Serif 8.5" whatever the locale's decimal point. */
      g_snprintf (font, sizeof font, "Serif %s", g_ascii_dtostr (size, sizeof size, sizes[i]));
      gap = TABLE_GAP * sizes[i] / sizes[0];
      if (i + 2 >= G_N_ELEMENTS (sizes))
        {
          gap = 4;
          indent = 0;
        }
      n_columns = measure_table (self, rows, font, natural, least, G_N_ELEMENTS (widths));
      available = column_width (self) - indent - gap * (n_columns - 1);
      room = (gint64) (available * PANGO_SCALE);
      total_natural = total_least = 0;
      for (guint c = 0; c < n_columns; c++)
        {
          total_natural += natural[c];
          total_least += least[c];
        }
      if (total_least <= room)
        break;
    }
  for (guint c = 0; c < n_columns; c++)
    if (total_natural <= room)
      widths[c] = natural[c];
    else if (total_least < room && total_natural > total_least)
      widths[c] = least[c] + (int) ((natural[c] - least[c]) * (room - total_least) / (total_natural - total_least));
    else
      /* Words that cannot all fit side by side break where they must. */
      widths[c] = (int) (least[c] * room / total_least);

  self->y += 4;
  for (guint r = 0; r < rows->len; r++)
    {
      char **cells = rows->pdata[r];
      double x, height = 0;
      g_autoptr (GPtrArray) layouts = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint c = 0; cells[c] && c < n_columns; c++)
        {
          PangoLayout *layout = make_layout (self, cells[c], font, (double) widths[c] / PANGO_SCALE, 0);
          PangoRectangle logical;

          pango_layout_get_extents (layout, NULL, &logical);
          height = MAX (height, (double) logical.height / PANGO_SCALE);
          g_ptr_array_add (layouts, layout);
        }
      if (self->y + height > bottom (self))
        next_column (self);
      x = left (self) + indent;
      for (guint c = 0; c < layouts->len; c++)
        {
          PangoLayout *layout = layouts->pdata[c];
          Item item = { .kind = self->kind, .block = self->block, .layout = g_object_ref (layout), .first_line = 0,
                        .n_lines = pango_layout_get_line_count (layout), .x = x, .y = self->y };

          g_array_append_val (current_page (self)->items, item);
          x += (double) widths[c] / PANGO_SCALE + gap;
        }
      self->y += height + 3;
      /* A hairline under each row, across the table. */
      {
        Item rule = { .kind = self->kind, .block = self->block, .x = left (self) + indent, .y = self->y - 1.5, .width = available + gap * (n_columns - 1) };

        g_array_append_val (current_page (self)->items, rule);
      }
    }
  self->y += 6;
}

/* A figure: its image, if it has one that can be read, and the caption
 * under it, if it has one, kept whole in the same column. */
static void
place_figure (CpRuleSheet *self, GFile *file, const CpMallardBlock *caption, double indent)
{
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  RsvgHandle *handle = path != NULL ? rsvg_handle_new_from_file (path, NULL) : NULL;
  g_autoptr (PangoLayout) layout = NULL;
  double width, height, scale, caption_height = 0;
  Item item = { .kind = self->kind, .block = self->block };

  if (caption != NULL)
    {
      layout = make_layout (self, caption->markup, "Serif Italic 8.5", column_width (self) - indent, 0);
      caption_height = lines_height (layout, 0, pango_layout_get_line_count (layout));
    }
  if (handle != NULL && (!rsvg_handle_get_intrinsic_size_in_pixels (handle, &width, &height) || width <= 0))
    g_clear_object (&handle);
  if (handle != NULL)
    {
      /* Pixels at 96 to the inch become points. */
      scale = MIN (0.75, MIN (IMAGE_MAX_WIDTH, column_width (self) - indent) / width);
      item.image = handle;
      item.width = width * scale;
      item.height = height * scale;
      self->y += 6;
      if (self->y + item.height + (caption != NULL ? 8 + caption_height : 0) > bottom (self) && self->y > self->top + 6)
        next_column (self);
      item.x = left (self) + indent;
      item.y = self->y;
      g_array_append_val (current_page (self)->items, item);
      self->y += item.height + 8;
    }
  else if (caption != NULL && self->y + caption_height > bottom (self) && self->y > self->top)
    next_column (self);
  if (caption != NULL)
    {
      /* The caption is the block after the image's. */
      if (file != NULL)
        self->block++;
      self->kind = CP_MALLARD_CAPTION;
      add_lines (self, layout, 0, pango_layout_get_line_count (layout), indent);
      self->y += 6;
    }
}

static void
place_block (CpRuleSheet *self, const CpMallardBlock *block)
{
  double indent = block->kind == CP_MALLARD_PARAGRAPH || block->kind == CP_MALLARD_HEADING
                  || block->kind == CP_MALLARD_TERM || block->kind == CP_MALLARD_TITLE ? 0 : INDENT;

  switch (block->kind)
    {
    case CP_MALLARD_TITLE:
      {
        /* Across both columns, above them. */
        g_autoptr (PangoLayout) layout = make_layout (self, block->markup, "Sans Bold 18", self->width - 2 * MARGIN, 0);

        add_lines (self, layout, 0, pango_layout_get_line_count (layout), 0);
        self->y = self->top = self->y + 10;
      }
      break;
    case CP_MALLARD_HEADING:
      {
        g_autoptr (PangoLayout) layout = make_layout (self, block->markup, "Sans Bold 11", column_width (self), 0);

        /* A heading keeps with the first two lines of what follows. */
        place_layout (self, layout, 0, 9, 3, 2 * 12);
      }
      break;
    case CP_MALLARD_TERM:
      {
        g_autoptr (PangoLayout) layout = make_layout (self, block->markup, "Serif Bold 9.5", column_width (self), 0);

        /* A term keeps with the first two lines of what explains it. */
        place_layout (self, layout, 0, 4, 1, 2 * 12);
      }
      break;
    case CP_MALLARD_ITEM:
      {
        g_autofree char *text = g_strconcat (block->bullet != NULL ? block->bullet : "", block->markup, NULL);

        place_markup (self, text, "Serif 9.5", block->bullet != NULL ? 4 : INDENT, block->bullet != NULL ? -12 : 0, 0, 3);
      }
      break;
    case CP_MALLARD_NOTE:
      place_markup (self, block->markup, "Serif Italic 9.5", indent, 0, 2, 5);
      break;
    case CP_MALLARD_CODE:
      place_markup (self, block->markup, "Monospace 8.5", indent, 0, 2, 5);
      break;
    case CP_MALLARD_TABLE:
      place_table (self, block->rows, indent);
      break;
    case CP_MALLARD_IMAGE:
      place_figure (self, block->image, NULL, indent);
      break;
    case CP_MALLARD_CAPTION:
      place_figure (self, NULL, block, indent);
      break;
    default:
      place_markup (self, block->markup, "Serif 9.5", indent, 0, 0, 4);
      break;
    }
}

static gboolean
on_screen_only (const CpMallardBlock *block)
{
  return g_strcmp0 (block->section, "playing") == 0 || g_strcmp0 (block->section, "marks") == 0
         || g_strcmp0 (block->section, "position") == 0;
}

/* A line of the contents: the title of a game, dots, and the page where
 * it begins, on the page of contents @page from @y down. */
static double
place_contents_line (CpRuleSheet *self, Page *page, const Doc *doc, double y)
{
  g_autofree char *number = g_strdup_printf ("%u", doc->first_page + 1);
  g_autofree char *escaped = g_markup_escape_text (doc->title, -1);
  PangoLayout *title = make_layout (self, escaped, "Serif 11", self->width - 2 * MARGIN - 40, 0);
  PangoLayout *digits = make_layout (self, number, "Serif 11", -1, 0);
  int n_lines = pango_layout_get_line_count (title);
  double height = lines_height (title, 0, n_lines), last_top, last_height, title_width, digits_width;
  PangoRectangle logical;
  /* From right to left, the title at the right and the number at the
   * left. */
  Item item = { .kind = CP_MALLARD_PARAGRAPH, .layout = title, .n_lines = n_lines, .x = self->rtl ? MARGIN + 40 : MARGIN,
                .y = y, .height = height };

  g_array_append_val (page->items, item);
  line_extents (title, n_lines - 1, &last_top, &last_height);
  pango_layout_line_get_extents (pango_layout_get_line_readonly (title, n_lines - 1), NULL, &logical);
  title_width = (double) logical.width / PANGO_SCALE;
  pango_layout_get_extents (digits, NULL, &logical);
  digits_width = (double) logical.width / PANGO_SCALE;
  /* The number flush with the far side on the title's last line, dots
   * up to it. */
  item = (Item) { .kind = CP_MALLARD_PARAGRAPH, .layout = digits, .n_lines = 1,
                  .x = self->rtl ? MARGIN : self->width - MARGIN - digits_width, .y = y + last_top,
                  .height = last_height };
  g_array_append_val (page->items, item);
  item = (Item) { .kind = CP_MALLARD_PARAGRAPH, .dotted = TRUE,
                  .x = self->rtl ? MARGIN + digits_width + 6 : MARGIN + title_width + 6,
                  .y = y + last_top + last_height * 0.75, .width = self->width - 2 * MARGIN - title_width - digits_width - 12 };
  if (item.width > 0)
    g_array_append_val (page->items, item);
  return height + 7;
}

/* The pages of contents, before the games: as many as the list of games
 * takes, which the page numbers of the games count in.  Each page has the
 * title of the book and the heading. */
static void
place_contents (CpRuleSheet *self, guint n_pages)
{
  guint d = 0;

  for (guint p = 0; p < n_pages; p++)
    {
      Page *page = self->pages->pdata[p];
      /* Translators: the title of the first page of the book of the rules
       * of every game, above its contents */
      g_autofree char *title = g_markup_escape_text (_("Rules of the Chess Parlour games"), -1);
      g_autofree char *heading = g_markup_escape_text (page->title, -1);
      PangoLayout *layout = make_layout (self, title, "Sans Bold 18", self->width - 2 * MARGIN, 0);
      Item item = { .kind = CP_MALLARD_TITLE, .layout = layout, .n_lines = pango_layout_get_line_count (layout),
                    .x = MARGIN, .y = MARGIN };
      double y;

      item.height = lines_height (layout, 0, item.n_lines);
      g_array_append_val (page->items, item);
      y = MARGIN + item.height + 18;
      layout = make_layout (self, heading, "Sans Bold 11", self->width - 2 * MARGIN, 0);
      item = (Item) { .kind = CP_MALLARD_HEADING, .layout = layout, .n_lines = pango_layout_get_line_count (layout),
                      .x = MARGIN, .y = y };
      item.height = lines_height (layout, 0, item.n_lines);
      g_array_append_val (page->items, item);
      y += item.height + 10;
      for (; d < self->docs->len && (y + 14 <= bottom (self) || p + 1 == n_pages); d++)
        y += place_contents_line (self, page, self->docs->pdata[d], y);
    }
}

/* How many pages the contents take. */
static guint
count_contents_pages (CpRuleSheet *self)
{
  g_autoptr (PangoLayout) line = make_layout (self, "0", "Serif 11", -1, 0);
  PangoRectangle logical;
  double first;
  guint per_page;

  pango_layout_get_extents (line, NULL, &logical);
  /* Below the title and the heading. */
  first = MARGIN + 3 * 18 + 18 + 10;
  per_page = MAX (1, (guint) ((bottom (self) - first) / ((double) logical.height / PANGO_SCALE + 7)));
  return (self->docs->len + per_page - 1) / per_page;
}

static guint
cp_rule_sheet_paginate (CpPrintable *printable, cairo_t *cr, double width, double height)
{
  CpRuleSheet *self = CP_RULE_SHEET (printable);
  guint n_contents = 0;

  g_ptr_array_set_size (self->pages, 0);
  /* Translators: "rtl" where your language is written from right to
   * left, else "ltr" */
  self->rtl = g_str_equal (C_("text direction", "ltr"), "rtl");
  self->block = 0;
  self->width = width;
  self->height = height - FOOTER_GAP / 2;
  self->cr = cr;
  if (self->contents)
    {
      /* Translators: the heading of the list of games at the start of the
       * book of the rules of every game, and the foot of its pages */
      const char *contents = _("Contents");

      n_contents = count_contents_pages (self);
      for (guint p = 0; p < n_contents; p++)
        new_page (self, contents);
    }
  for (guint d = 0; d < self->docs->len; d++)
    {
      Doc *doc = self->docs->pdata[d];

      doc->first_page = self->pages->len;
      new_page (self, doc->title);
      for (guint b = 0; b < doc->blocks->len; b++, self->block++)
        {
          const CpMallardBlock *block = doc->blocks->pdata[b];
          const CpMallardBlock *next = b + 1 < doc->blocks->len ? doc->blocks->pdata[b + 1] : NULL;

          if (on_screen_only (block))
            continue;
          self->kind = block->kind;
          if (block->kind == CP_MALLARD_IMAGE && next != NULL && next->kind == CP_MALLARD_CAPTION)
            {
              /* The image and its caption, together; the caption counts
               * as the next block. */
              place_figure (self, block->image, next, INDENT);
              b++;
            }
          else
            place_block (self, block);
        }
    }
  place_contents (self, n_contents);
  self->cr = NULL;
  return self->pages->len;
}

static void
draw_item (cairo_t *cr, const Item *item)
{
  if (item->image != NULL)
    {
      RsvgRectangle viewport = { item->x, item->y, item->width, item->height };

      rsvg_handle_render_document (item->image, cr, &viewport, NULL);
    }
  else if (item->layout != NULL)
    {
      PangoLayoutIter *iter = pango_layout_get_iter (item->layout);
      double top = 0;

      pango_cairo_update_layout (cr, item->layout);
      for (int line = 0; line < item->first_line + item->n_lines; line++, pango_layout_iter_next_line (iter))
        {
          PangoRectangle logical;
          double baseline = (double) pango_layout_iter_get_baseline (iter) / PANGO_SCALE;

          pango_layout_iter_get_line_extents (iter, NULL, &logical);
          if (line == item->first_line)
            top = (double) logical.y / PANGO_SCALE;
          if (line < item->first_line)
            continue;
          cairo_move_to (cr, item->x + (double) logical.x / PANGO_SCALE, item->y + baseline - top);
          pango_cairo_show_layout_line (cr, pango_layout_iter_get_line_readonly (iter));
        }
      pango_layout_iter_free (iter);
    }
  else if (item->dotted)
    {
      const double dots[] = { 0, 4 };
      double offset;

      cairo_save (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
      cairo_set_line_width (cr, 0.9);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_dash (cr, dots, 2, 0);
      /* The dots end at the right. */
      offset = item->width - 4 * (int) (item->width / 4);
      cairo_move_to (cr, item->x + offset, item->y);
      cairo_rel_line_to (cr, item->width - offset, 0);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
  else
    {
      cairo_save (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
      cairo_set_line_width (cr, 0.5);
      cairo_move_to (cr, item->x, item->y);
      cairo_rel_line_to (cr, item->width, 0);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

static void
cp_rule_sheet_draw_page (CpPrintable *printable, cairo_t *cr, guint number)
{
  CpRuleSheet *self = CP_RULE_SHEET (printable);
  const Page *page;

  g_return_if_fail (number < self->pages->len);
  page = self->pages->pdata[number];
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (guint i = 0; i < page->items->len; i++)
    draw_item (cr, &g_array_index (page->items, Item, i));
  cp_printable_draw_footer (cr, self->width, self->height - MARGIN + FOOTER_GAP, page->title, number);
}

static void
cp_rule_sheet_printable_init (CpPrintableInterface *iface)
{
  iface->paginate = cp_rule_sheet_paginate;
  iface->draw_page = cp_rule_sheet_draw_page;
}

static void
cp_rule_sheet_finalize (GObject *object)
{
  CpRuleSheet *self = CP_RULE_SHEET (object);

  g_ptr_array_unref (self->docs);
  g_ptr_array_unref (self->pages);
  G_OBJECT_CLASS (cp_rule_sheet_parent_class)->finalize (object);
}

static void
cp_rule_sheet_class_init (CpRuleSheetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_rule_sheet_finalize;
}

static void
cp_rule_sheet_init (CpRuleSheet *self)
{
  self->docs = g_ptr_array_new_with_free_func (doc_free);
  self->pages = g_ptr_array_new_with_free_func (page_free);
}

/**
 * cp_rule_sheet_get_items:
 * @page: a page of the last layout, from 0
 *
 * What page @page shows, for a look at the layout.
 *
 * Returns: (array length=n_items) (transfer none): its pieces
 */
const CpRuleSheetItem *
cp_rule_sheet_get_items (CpRuleSheet *self, guint page, guint *n_items)
{
  GArray *items;

  g_return_val_if_fail (CP_IS_RULE_SHEET (self), NULL);
  g_return_val_if_fail (page < self->pages->len, NULL);
  items = ((Page *) self->pages->pdata[page])->items;
  *n_items = items->len;
  return (const CpRuleSheetItem *) (gpointer) items->data;
}

/**
 * cp_rule_sheet_new:
 * @page_ids: the help pages to print, such as { "chess", NULL }
 *
 * Returns: (transfer full): the rule sheet, or %NULL with @error set when
 *   a page is not installed or cannot be read
 */
CpRuleSheet *
cp_rule_sheet_new (const char *const *page_ids, GError **error)
{
  g_autoptr (CpRuleSheet) self = g_object_new (CP_TYPE_RULE_SHEET, NULL);

  for (guint i = 0; page_ids[i]; i++)
    {
      g_autoptr (GFile) file = cp_mallard_find_page (page_ids[i]);
      Doc *doc;

      if (file == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _("The rules of “%s” are not installed"), page_ids[i]);
          return NULL;
        }
      doc = g_new0 (Doc, 1);
      doc->blocks = cp_mallard_read (file, error);
      if (doc->blocks == NULL)
        {
          g_free (doc);
          return NULL;
        }
      for (guint b = 0; b < doc->blocks->len && doc->title == NULL; b++)
        {
          const CpMallardBlock *block = doc->blocks->pdata[b];

          if (block->kind == CP_MALLARD_TITLE)
            pango_parse_markup (block->markup, -1, 0, NULL, &doc->title, NULL, NULL);
        }
      if (doc->title == NULL)
        doc->title = g_strdup (page_ids[i]);
      g_ptr_array_add (self->docs, doc);
    }
  return g_steal_pointer (&self);
}

/**
 * cp_rule_sheet_new_for_every_game:
 *
 * Returns: (transfer full): the booklet of the rules of every game of
 *   the collection, their contents first, or %NULL with @error set
 */
CpRuleSheet *
cp_rule_sheet_new_for_every_game (GError **error)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);
  g_autoptr (GStrvBuilder) ids = g_strv_builder_new ();
  g_auto (GStrv) pages = NULL;
  CpRuleSheet *sheet;

  for (guint i = 0; i < n; i++)
    g_strv_builder_add (ids, rules[i]->id);
  pages = g_strv_builder_end (ids);
  sheet = cp_rule_sheet_new ((const char *const *) pages, error);
  if (sheet != NULL)
    sheet->contents = TRUE;
  return sheet;
}
