/* cp-rule-sheet.c: the rules of games, laid out on paper
 *
 * A rule sheet prints the help pages of one or more games, each from a
 * new page, in two columns under the game's title, with Pango: one text of the rules for the help browser, the
 * rules panel and paper, in the user's language.  The sections that
 * speak of the screen (by convention those with the ids "playing" and
 * "marks") stay out of print.  Headings keep with what follows them, and
 * a paragraph does not leave a single line behind at the foot of a page.
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
} Doc;

/* A piece of a page: lines of a layout, an image, or a rule. */
typedef struct {
  PangoLayout *layout;
  int first_line;
  int n_lines;
  RsvgHandle *image;
  double x, y, width, height;
} Item;

typedef struct {
  const char *title;
  guint number;   /* within its game, from 1 */
  GArray *items;  /* Item */
} Page;

struct _CpRuleSheet
{
  GObject parent_instance;

  GPtrArray *docs;   /* Doc */
  GPtrArray *pages;  /* Page */
  double width, height;

  /* While laying out */
  cairo_t *cr;
  double top;      /* where the columns of the page begin */
  guint column;    /* 0 or 1 */
  double y;
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
  page->number = self->pages->len > 0 && current_page (self)->title == title ? current_page (self)->number + 1 : 1;
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
  return MARGIN + self->column * (column_width (self) + GUTTER);
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
  Item item = { .layout = g_object_ref (layout), .first_line = first, .n_lines = n, .x = left (self) + x, .y = self->y };

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

/* A table, its columns as wide as their widest cell when that fits, else
 * shared out in proportion; a row never breaks across pages. */
static void
place_table (CpRuleSheet *self, GPtrArray *rows, double indent)
{
  double available = column_width (self) - indent;
  double widths[16] = { 0 }, total = 0;
  guint n_columns = 0;

  for (guint r = 0; r < rows->len; r++)
    {
      char **cells = rows->pdata[r];

      for (guint c = 0; cells[c] && c < G_N_ELEMENTS (widths); c++)
        {
          g_autoptr (PangoLayout) layout = make_layout (self, cells[c], "Serif 9", -1, 0);
          PangoRectangle logical;

          pango_layout_set_width (layout, -1);
          pango_layout_get_extents (layout, NULL, &logical);
          widths[c] = MAX (widths[c], (double) logical.width / PANGO_SCALE);
          n_columns = MAX (n_columns, c + 1);
        }
    }
  available -= TABLE_GAP * (n_columns - 1);
  for (guint c = 0; c < n_columns; c++)
    total += widths[c];
  if (total > available)
    for (guint c = 0; c < n_columns; c++)
      widths[c] = available * widths[c] / total;

  self->y += 4;
  for (guint r = 0; r < rows->len; r++)
    {
      char **cells = rows->pdata[r];
      double x, height = 0;
      g_autoptr (GPtrArray) layouts = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint c = 0; cells[c] && c < n_columns; c++)
        {
          PangoLayout *layout = make_layout (self, cells[c], "Serif 9", widths[c], 0);
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
          Item item = { .layout = g_object_ref (layout), .first_line = 0,
                        .n_lines = pango_layout_get_line_count (layout), .x = x, .y = self->y };

          g_array_append_val (current_page (self)->items, item);
          x += widths[c] + TABLE_GAP;
        }
      self->y += height + 3;
      /* A hairline under each row, across the table. */
      {
        Item rule = { .x = left (self) + indent, .y = self->y - 1.5, .width = available + TABLE_GAP * (n_columns - 1) };

        g_array_append_val (current_page (self)->items, rule);
      }
    }
  self->y += 6;
}

static void
place_image (CpRuleSheet *self, GFile *file, double indent)
{
  g_autofree char *path = g_file_get_path (file);
  RsvgHandle *handle = path != NULL ? rsvg_handle_new_from_file (path, NULL) : NULL;
  double width, height, scale;
  Item item = { 0 };

  if (handle == NULL || !rsvg_handle_get_intrinsic_size_in_pixels (handle, &width, &height) || width <= 0)
    {
      g_clear_object (&handle);
      return;
    }
  /* Pixels at 96 to the inch become points. */
  scale = MIN (0.75, MIN (IMAGE_MAX_WIDTH, column_width (self) - indent) / width);
  item.image = handle;
  item.width = width * scale;
  item.height = height * scale;
  self->y += 6;
  /* An image keeps with two lines of the caption below it. */
  if (self->y + item.height + 2 * 11 > bottom (self))
    next_column (self);
  item.x = left (self) + indent;
  item.y = self->y;
  g_array_append_val (current_page (self)->items, item);
  self->y += item.height + 8;
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
      place_image (self, block->image, indent);
      break;
    case CP_MALLARD_CAPTION:
      place_markup (self, block->markup, "Serif Italic 8.5", indent, 0, 0, 6);
      break;
    default:
      place_markup (self, block->markup, "Serif 9.5", indent, 0, 0, 4);
      break;
    }
}

static gboolean
on_screen_only (const CpMallardBlock *block)
{
  return g_strcmp0 (block->section, "playing") == 0 || g_strcmp0 (block->section, "marks") == 0;
}

static guint
cp_rule_sheet_paginate (CpPrintable *printable, cairo_t *cr, double width, double height)
{
  CpRuleSheet *self = CP_RULE_SHEET (printable);

  g_ptr_array_set_size (self->pages, 0);
  self->width = width;
  self->height = height - FOOTER_GAP / 2;
  self->cr = cr;
  for (guint d = 0; d < self->docs->len; d++)
    {
      Doc *doc = self->docs->pdata[d];

      new_page (self, doc->title);
      for (guint b = 0; b < doc->blocks->len; b++)
        if (!on_screen_only (doc->blocks->pdata[b]))
          place_block (self, doc->blocks->pdata[b]);
    }
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
draw_footer (CpRuleSheet *self, cairo_t *cr, const Page *page)
{
  PangoLayout *layout = cp_printable_create_layout (cr, "Sans 8");
  /* Translators: the foot of a printed rule sheet: the program, the
   * game's name and the page number within its rules */
  g_autofree char *text = g_strdup_printf (_("Chess Parlour · %s · %u"), page->title, page->number);
  int width;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &width, NULL);
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  cairo_move_to (cr, (self->width - (double) width / PANGO_SCALE) / 2, self->height - MARGIN + FOOTER_GAP);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
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
  draw_footer (self, cr, page);
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
 *   the collection, or %NULL with @error set
 */
CpRuleSheet *
cp_rule_sheet_new_for_every_game (GError **error)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);
  g_autoptr (GStrvBuilder) ids = g_strv_builder_new ();
  g_auto (GStrv) pages = NULL;

  for (guint i = 0; i < n; i++)
    g_strv_builder_add (ids, rules[i]->id);
  pages = g_strv_builder_end (ids);
  return cp_rule_sheet_new ((const char *const *) pages, error);
}
