/* test-print.c: rule sheets and card decks on paper
 *
 * The pages are written as PDF and read back with the Poppler tools
 * (pdfinfo, pdftotext, pdftoppm) where they are installed: page counts,
 * the words on the pages in English and in German, and pixels where cards
 * and cut marks should be.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <pango/pango.h>
#include <string.h>

#include "cp-card-art.h"
#include "cp-deck-sheet.h"
#include "cp-engine.h"
#include "cp-mallard.h"
#include "cp-rule-sheet.h"

static char *folder;

/* What a test found wrong, one a line. */
static GString *problems;

static void G_GNUC_PRINTF (1, 2)
problem (const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_test_message ("%s", text);
  g_string_append_printf (problems, "%s\n", text);
}

/* Fails the test with what it found wrong. */
static void
check_problems (void)
{
  if (problems->len > 0)
    g_test_fail_printf ("%s", problems->str);
  g_string_truncate (problems, 0);
}

/* Runs @argv and returns what it printed, or NULL (the test skipped)
 * when the tool is not installed. */
static char *
run_tool (const char *const *argv)
{
  g_autofree char *out = NULL;
  g_autofree char *found = g_find_program_in_path (argv[0]);
  g_autoptr (GError) error = NULL;
  int status;

  if (found == NULL)
    {
      g_autofree char *why = g_strdup_printf ("%s is not installed", argv[0]);

      g_test_skip (why);
      return NULL;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  return g_steal_pointer (&out);
}

static guint
pdf_pages (const char *path)
{
  g_autofree char *info = run_tool ((const char *[]) { "pdfinfo", path, NULL });
  const char *line;

  if (info == NULL)
    return 0;
  line = strstr (info, "Pages:");
  g_assert_nonnull (line);
  return (guint) g_ascii_strtoull (line + strlen ("Pages:"), NULL, 10);
}

static char *
pdf_text (const char *path, guint page)
{
  g_autofree char *number = g_strdup_printf ("%u", page);

  return run_tool ((const char *[]) { "pdftotext", "-f", number, "-l", number, path, "-", NULL });
}

/* Page @page of @path as an image at 144 dots to the inch: two pixels a
 * point. */
static cairo_surface_t *
pdf_image (const char *path, guint page)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  g_autofree char *stem = g_build_filename (folder, "page", NULL);
  g_autofree char *png = g_strconcat (stem, ".png", NULL);
  g_autofree char *out = run_tool ((const char *[]) { "pdftoppm", "-r", "144", "-f", number, "-l", number,
                                                      "-singlefile", "-png", path, stem, NULL });
  cairo_surface_t *surface;

  if (out == NULL)
    return NULL;
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  return surface;
}

/* The darkness of the pixel at (x, y) points: 0 white, 255 black. */
static guint
darkness (cairo_surface_t *surface, double x, double y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *pixel = data + (int) (y * 2) * stride + (int) (x * 2) * 4;

  cairo_surface_flush (surface);
  return 255 - (pixel[0] + pixel[1] + pixel[2]) / 3;
}

/* The share of pixels that are not white in a rectangle, in points. */
static double
inked (cairo_surface_t *surface, double x, double y, double width, double height)
{
  guint n = 0, total = 0;

  for (double py = y; py < y + height; py += 1)
    for (double px = x; px < x + width; px += 1, total++)
      n += darkness (surface, px, py) > 16;
  return (double) n / total;
}

static char *
write_pdf (CpPrintable *printable, const char *name, double width, double height)
{
  g_autoptr (GError) error = NULL;
  char *path = g_build_filename (folder, name, NULL);

  g_assert_true (cp_printable_write_pdf (printable, path, width, height, &error));
  g_assert_no_error (error);
  return path;
}

/* The help pages read into blocks: titles, headings, lists and tables. */
static void
test_mallard (void)
{
  g_autoptr (GFile) file = cp_mallard_find_page ("two-move");
  g_autoptr (GPtrArray) blocks = NULL;
  g_autoptr (GError) error = NULL;
  guint kinds[CP_MALLARD_CAPTION + 1] = { 0 };
  const CpMallardBlock *first;

  g_assert_nonnull (file);
  blocks = cp_mallard_read (file, &error);
  g_assert_no_error (error);
  first = blocks->pdata[0];
  g_assert_cmpint (first->kind, ==, CP_MALLARD_TITLE);
  g_assert_cmpstr (first->markup, ==, "Two Move Chess");
  for (guint i = 0; i < blocks->len; i++)
    {
      const CpMallardBlock *block = blocks->pdata[i];

      kinds[block->kind]++;
      if (block->markup != NULL)
        {
          /* Every block's markup is Pango markup, without runs of spaces. */
          g_assert_true (pango_parse_markup (block->markup, -1, 0, NULL, NULL, NULL, NULL));
          g_assert_null (strstr (block->markup, "  "));
          g_assert_false (g_ascii_isspace (block->markup[0]));
        }
    }
  g_assert_cmpuint (kinds[CP_MALLARD_TITLE], ==, 1);
  g_assert_cmpuint (kinds[CP_MALLARD_HEADING], >, 3);
  g_assert_cmpuint (kinds[CP_MALLARD_ITEM], >, 0);
  g_assert_cmpuint (kinds[CP_MALLARD_TABLE], ==, 1);
  /* Its two diagrams, each with a caption. */
  g_assert_cmpuint (kinds[CP_MALLARD_IMAGE], ==, 2);
  g_assert_cmpuint (kinds[CP_MALLARD_CAPTION], ==, 2);
  g_assert_null (cp_mallard_find_page ("no-such-page"));
}

/* A rule sheet in English and in German, on A4 and on Letter. */
static void
test_rule_sheet (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpRuleSheet) sheet = cp_rule_sheet_new ((const char *const[]) { "zombie", NULL }, &error);
  g_autoptr (CpRuleSheet) german = NULL;
  g_autofree char *a4 = NULL, *letter = NULL, *deutsch = NULL, *text = NULL, *last = NULL;
  guint pages;

  g_assert_no_error (error);
  a4 = write_pdf (CP_PRINTABLE (sheet), "zombie-a4.pdf", CP_PAPER_A4_WIDTH, CP_PAPER_A4_HEIGHT);
  letter = write_pdf (CP_PRINTABLE (sheet), "zombie-letter.pdf", CP_PAPER_LETTER_WIDTH, CP_PAPER_LETTER_HEIGHT);
  pages = pdf_pages (a4);
  if (pages == 0)
    return;
  g_assert_cmpuint (pages, >=, 1);
  g_assert_cmpuint (pages, <=, 2);
  g_assert_cmpuint (pdf_pages (letter), <=, 3);
  text = pdf_text (a4, 1);
  last = pdf_text (a4, pages);
  g_assert_nonnull (strstr (text, "Zombie Chess"));
  g_assert_nonnull (strstr (text, "Setting up"));
  g_assert_nonnull (strstr (last, "Clarifications"));
  /* The sections about the screen stay off paper. */
  g_assert_null (strstr (text, "Playing in Chess Parlour"));
  g_assert_null (strstr (last, "Playing in Chess Parlour"));
  g_assert_null (strstr (text, "Position text"));
  g_assert_null (strstr (last, "Position text"));

  g_setenv ("LANGUAGE", "de", TRUE);
  german = cp_rule_sheet_new ((const char *const[]) { "zombie", NULL }, &error);
  g_unsetenv ("LANGUAGE");
  g_assert_no_error (error);
  deutsch = write_pdf (CP_PRINTABLE (german), "zombie-de.pdf", CP_PAPER_A4_WIDTH, CP_PAPER_A4_HEIGHT);
  g_free (text);
  text = pdf_text (deutsch, 1);
  g_assert_nonnull (strstr (text, "Zombie-Schach"));
  g_assert_null (strstr (text, "Clarifications"));
}

/* The booklet of every game starts each game on a page of its own. */
static void
test_booklet (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpRuleSheet) booklet = cp_rule_sheet_new ((const char *const[]) { "chess", "chivalry", NULL }, &error);
  g_autoptr (CpRuleSheet) chess = cp_rule_sheet_new ((const char *const[]) { "chess", NULL }, &error);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create (surface);
  guint both = cp_printable_paginate (CP_PRINTABLE (booklet), cr, CP_PAPER_A4_WIDTH, CP_PAPER_A4_HEIGHT);
  guint one = cp_printable_paginate (CP_PRINTABLE (chess), cr, CP_PAPER_A4_WIDTH, CP_PAPER_A4_HEIGHT);

  g_assert_no_error (error);
  g_assert_cmpuint (both, >, one);
  g_assert_null (cp_rule_sheet_new ((const char *const[]) { "chess", "no-such-game", NULL }, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Where item's lines break a word that would fit on a line whole: the
 * word with a bar at the break, or NULL.  A line may begin only where the
 * text allows a break (after a space, a hyphen or a slash), or inside a
 * word wider than a third of the paper's @width, which a column of text
 * could not hold. */
static char *
broken_word (const CpRuleSheetItem *item, double width)
{
  const char *text = pango_layout_get_text (item->layout);
  int n_attrs;
  const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly (item->layout, &n_attrs);

  for (int line = MAX (item->first_line, 1); line < item->first_line + item->n_lines; line++)
    {
      PangoLayoutLine *layout_line = pango_layout_get_line_readonly (item->layout, line);
      glong at = g_utf8_pointer_to_offset (text, text + layout_line->start_index);
      glong start = at, end = at;
      g_autoptr (PangoLayout) whole = NULL;
      PangoRectangle from, to;
      const char *p, *q;

      if (attrs[at].is_line_break)
        continue;
      while (start > 0 && !attrs[start].is_line_break)
        start--;
      while (end < n_attrs - 1 && !attrs[end].is_line_break)
        end++;
      p = g_utf8_offset_to_pointer (text, start);
      q = g_utf8_offset_to_pointer (text, end);
      /* The word on one line, as wide as it is. */
      whole = pango_layout_copy (item->layout);
      pango_layout_set_width (whole, -1);
      pango_layout_index_to_pos (whole, (int) (p - text), &from);
      pango_layout_index_to_pos (whole, (int) (q - text), &to);
      if (to.x - from.x > width / 3 * PANGO_SCALE)
        continue;
      return g_strdup_printf ("%.*s|%.*s", (int) (text + layout_line->start_index - p), p,
                              (int) (q - text - layout_line->start_index), text + layout_line->start_index);
    }
  return NULL;
}

/* Lays @sheet out on A4 and on Letter and fails on a word broken inside,
 * and on a figure's caption that is not whole, or not in the column of
 * its image just above it. */
static void
check_layout (CpRuleSheet *sheet, const char *what)
{
  static const double papers[][2] = { { CP_PAPER_A4_WIDTH, CP_PAPER_A4_HEIGHT },
                                      { CP_PAPER_LETTER_WIDTH, CP_PAPER_LETTER_HEIGHT } };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create (surface);
  guint n_captions = 0;

  for (guint paper = 0; paper < G_N_ELEMENTS (papers); paper++)
    {
      guint n_pages = cp_printable_paginate (CP_PRINTABLE (sheet), cr, papers[paper][0], papers[paper][1]);
      const char *paper_name = paper == 0 ? "A4" : "Letter";

      for (guint page = 0; page < n_pages; page++)
        {
          guint n;
          const CpRuleSheetItem *items = cp_rule_sheet_get_items (sheet, page, &n);

          for (guint i = 0; i < n; i++)
            {
              g_autofree char *broken = items[i].layout != NULL ? broken_word (&items[i], papers[paper][0]) : NULL;
              const CpRuleSheetItem *image = NULL;

              if (broken != NULL)
                problem ("%s on %s, page %u: “%s” is broken inside", what, paper_name, page + 1, broken);
              if (items[i].kind != CP_MALLARD_CAPTION)
                continue;
              n_captions++;
              if (items[i].n_lines != pango_layout_get_line_count (items[i].layout))
                problem ("%s on %s, page %u: a caption is split", what, paper_name, page + 1);
              for (guint j = 0; j < n; j++)
                if (items[j].kind == CP_MALLARD_IMAGE && items[j].block + 1 == items[i].block)
                  image = &items[j];
              if (image == NULL)
                problem ("%s on %s, page %u: a caption is away from its image", what, paper_name,
                                    page + 1);
              else if ((image->x < papers[paper][0] / 2) != (items[i].x < papers[paper][0] / 2)
                       || items[i].y < image->y + image->height)
                problem ("%s on %s, page %u: a caption is not under its image", what, paper_name,
                                    page + 1);
            }
        }
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  /* Every game's page has a figure. */
  g_assert_cmpuint (n_captions, >, 0);
}

/* The rules of each game, in English and in German: no word broken
 * inside, in tables nor anywhere else, and every caption whole under its
 * figure. */
static void
test_whole_words (void)
{
  static const char *const languages[] = { NULL, "de" };
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    {
      if (languages[l] != NULL)
        g_setenv ("LANGUAGE", languages[l], TRUE);
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (CpRuleSheet) sheet = cp_rule_sheet_new ((const char *const[]) { rules[i]->id, NULL }, &error);
          g_autofree char *what = g_strdup_printf ("%s (%s)", rules[i]->id, languages[l] ? languages[l] : "en");

          g_assert_no_error (error);
          check_layout (sheet, what);
        }
      g_unsetenv ("LANGUAGE");
    }
  check_problems ();
}

/* The title of a game's help page, in the language of LANGUAGE. */
static char *
page_title (const char *id)
{
  g_autoptr (GFile) file = cp_mallard_find_page (id);
  g_autoptr (GPtrArray) blocks = NULL;
  g_autoptr (GError) error = NULL;
  char *title = NULL;

  g_assert_nonnull (file);
  blocks = cp_mallard_read (file, &error);
  g_assert_no_error (error);
  g_assert_cmpint (((CpMallardBlock *) blocks->pdata[0])->kind, ==, CP_MALLARD_TITLE);
  g_assert_true (pango_parse_markup (((CpMallardBlock *) blocks->pdata[0])->markup, -1, 0, NULL, &title, NULL,
                                     NULL));
  return title;
}

/* Adds the words of @markup to @words, folded. */
static void
add_words (GHashTable *words, const char *markup)
{
  g_autofree char *text = NULL;
  const char *p, *start = NULL;

  if (!pango_parse_markup (markup, -1, 0, NULL, &text, NULL, NULL))
    return;
  for (p = text;; p = g_utf8_next_char (p))
    {
      gboolean letter = *p != '\0' && g_unichar_isalnum (g_utf8_get_char (p));

      if (letter && start == NULL)
        start = p;
      else if (!letter && start != NULL)
        {
          g_autofree char *word = g_strndup (start, p - start);

          g_hash_table_add (words, g_utf8_casefold (word, -1));
          start = NULL;
        }
      if (*p == '\0')
        break;
    }
}

/* The words of every game's rules in the language of LANGUAGE. */
static GHashTable *
source_words (void)
{
  GHashTable *words = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GFile) file = cp_mallard_find_page (rules[i]->id);
      g_autoptr (GPtrArray) blocks = cp_mallard_read (file, NULL);

      g_assert_nonnull (blocks);
      for (guint b = 0; b < blocks->len; b++)
        {
          const CpMallardBlock *block = blocks->pdata[b];

          if (block->markup != NULL)
            add_words (words, block->markup);
          for (guint r = 0; block->rows != NULL && r < block->rows->len; r++)
            for (char **cell = block->rows->pdata[r]; *cell; cell++)
              add_words (words, *cell);
        }
    }
  return words;
}

/* The last word of @line and whether a hyphen ends it, or the first word
 * of @line, folded; NULL when the line does not end or begin with one. */
static char *
edge_word (const char *line, gboolean last, gboolean *hyphen)
{
  const char *end = line + strlen (line), *start, *p;

  if (!last)
    {
      for (p = line; *p != '\0' && g_unichar_isalnum (g_utf8_get_char (p)); p = g_utf8_next_char (p))
        ;
      return p > line ? g_utf8_casefold (line, p - line) : NULL;
    }
  *hyphen = FALSE;
  while (end > line)
    {
      const char *prev = g_utf8_prev_char (end);
      gunichar c = g_utf8_get_char (prev);

      if (c == '-' || c == 0x2010 || c == 0xad)
        *hyphen = TRUE;
      else if (c != ' ')
        break;
      end = prev;
    }
  for (start = end; start > line && g_unichar_isalnum (g_utf8_get_char (g_utf8_prev_char (start)));)
    start = g_utf8_prev_char (start);
  return end > start ? g_utf8_casefold (start, end - start) : NULL;
}

/* Whether lines may break before or after @c, as Japanese breaks them:
 * Chinese characters, the syllables and their marks, full-width forms. */
static gboolean
breaks_between_letters (gunichar c)
{
  GUnicodeScript script = g_unichar_get_script (c);

  return script == G_UNICODE_SCRIPT_HAN || script == G_UNICODE_SCRIPT_HIRAGANA
         || script == G_UNICODE_SCRIPT_KATAKANA || (c >= 0x3000 && c <= 0x30ff) || (c >= 0xff00 && c <= 0xffef);
}

/* Fails where a word of the rules is cut in two at the end of a line of
 * @text: the halves put together make a word of @words, and one half
 * alone, or the cut with a hyphen, is not how the rules write it. */
static void
check_pdf_words (const char *text, GHashTable *words, const char *what)
{
  g_auto (GStrv) lines = g_strsplit_set (text, "\n\f", -1);

  for (guint i = 0; lines[i] != NULL && lines[i + 1] != NULL; i++)
    {
      gboolean hyphen;
      g_autofree char *head = edge_word (lines[i], TRUE, &hyphen);
      g_autofree char *tail = edge_word (lines[i + 1], FALSE, NULL);
      g_autofree char *joined = NULL;

      if (head == NULL || tail == NULL)
        continue;
      /* Japanese breaks its lines between letters, and beside them. */
      if (breaks_between_letters (g_utf8_get_char (g_utf8_prev_char (head + strlen (head))))
          || breaks_between_letters (g_utf8_get_char (tail)))
        continue;
      joined = g_strconcat (head, tail, NULL);
      if (g_hash_table_contains (words, joined)
          && (hyphen || !g_hash_table_contains (words, head) || !g_hash_table_contains (words, tail)))
        problem ("%s: “%s” is cut into “%s%s” and “%s”", what, joined, head, hyphen ? "-" : "", tail);
    }
}

/* Where @line holds @title as a whole, not as a part of a longer title
 * ("Chess" of "Zombie Chess" or "Chess960"); NULL where it does not. */
static const char *
whole_title (const char *line, const char *title)
{
  for (const char *at = strstr (line, title); at != NULL; at = strstr (at + 1, title))
    {
      const char *after = at + strlen (title);

      if ((at == line || g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (at))))
          && !g_unichar_isalnum (g_utf8_get_char (after)))
        return at;
    }
  return NULL;
}

/* @text without the marks of direction that pdftotext puts around what
 * is written from right to left, and around numbers and Latin letters in
 * it; @text is freed. */
static char *
without_bidi_marks (char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c != 0x200e && c != 0x200f && !(c >= 0x202a && c <= 0x202e) && !(c >= 0x2066 && c <= 0x2069))
        g_string_append_unichar (out, c);
    }
  g_free (text);
  return g_string_free (out, FALSE);
}

/* The title of the contents page in @language. */
static const char *
contents_title (const char *language)
{
  static const char *const titles[][2] = {
    { "en", "Contents" }, { "ar", "المحتويات" }, { "de", "Inhalt" }, { "es", "Índice" },
    { "fr", "Table des matières" }, { "it", "Indice" }, { "ja", "目次" }, { "pl", "Spis treści" },
    { "pt_BR", "Sumário" }, { "ru", "Содержание" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    if (g_str_equal (titles[i][0], language))
      return titles[i][1];
  g_assert_not_reached ();
}

/* The book of the rules of every game, written by the program in English
 * or another language on A4 or Letter: a contents page first, whose every game is
 * found on the page it gives, and no word of the rules cut in two. */
static void
test_book (gconstpointer data)
{
  const char *const *setting = data;   /* the language, or "en"; the paper */
  const char *language = setting[0], *paper = setting[1];
  g_autofree char *path = g_strdup_printf ("%s/book-%s-%s.pdf", folder, language, paper);
  g_autofree char *output = g_strdup_printf ("--output=%s", path);
  g_autofree char *paper_option = g_strdup_printf ("--paper=%s", paper);
  g_auto (GStrv) env = g_get_environ ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) words = NULL;
  g_autofree char *all = NULL, *contents = NULL;
  g_auto (GStrv) pages = NULL, lines = NULL;
  const char *program = g_getenv ("CP_PROGRAM");
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  int status;
  guint n, n_pages, found = 0, previous = 1;
  const CpRules *const *rules = cp_rules_list (&n);

  if (program == NULL || pdftotext == NULL)
    {
      g_test_skip ("needs the program and pdftotext");
      return;
    }
  env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
  if (g_str_equal (language, "en"))
    env = g_environ_unsetenv (env, "LANGUAGE");
  else
    env = g_environ_setenv (env, "LANGUAGE", language, TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) (const char *[]) { program, "--print-rules=all", output, paper_option, NULL },
                               env, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  n_pages = pdf_pages (path);

  if (!g_str_equal (language, "en"))
    g_setenv ("LANGUAGE", language, TRUE);
  all = without_bidi_marks (run_tool ((const char *[]) { "pdftotext", path, "-", NULL }));
  contents = without_bidi_marks (run_tool ((const char *[]) { "pdftotext", "-layout", "-f", "1", "-l", "1", path,
                                                               "-", NULL }));
  pages = g_strsplit (all, "\f", -1);
  g_assert_cmpuint (g_strv_length (pages), >=, n_pages);
  /* The contents page, in the language of the pages. */
  g_assert_nonnull (strstr (contents, contents_title (language)));
  /* Japanese comes in a font that has its letters (the titles of the
   * games below are found in the text only where the letters are). */
  if (g_str_equal (language, "ja"))
    {
      g_autofree char *fonts = run_tool ((const char *[]) { "pdffonts", path, NULL });

      if (fonts != NULL && strstr (fonts, "CJK") == NULL)
        problem ("%s: no CJK font among\n%s", path, fonts);
    }
  lines = g_strsplit (contents, "\n", -1);
  /* pdftotext takes Arabic words apart and puts its joined letters in
   * another order: there the contents give a page to each game, in the
   * order of the games, and the words are not looked at. */
  if (g_str_equal (language, "ar"))
    {
      for (guint l = 0; lines[l] != NULL; l++)
        {
          guint number = (guint) g_ascii_strtoull (g_strchug (lines[l]), NULL, 10);

          if (number == 0)
            continue;
          found++;
          g_assert_cmpuint (number, >, previous);
          g_assert_cmpuint (number, <=, n_pages);
          previous = number;
        }
      g_assert_cmpuint (found, ==, n);
      g_unsetenv ("LANGUAGE");
      check_problems ();
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *title = page_title (rules[i]->id);
      guint number = 0;

      for (guint l = 0; lines[l] != NULL && number == 0; l++)
        {
          const char *at = whole_title (lines[l], title);
          const char *end = lines[l] + strlen (lines[l]);

          if (at == NULL)
            continue;
          at += strlen (title);
          while (end > at && g_ascii_isspace (end[-1]))
            end--;
          while (end > at && g_ascii_isdigit (end[-1]))
            end--;
          number = (guint) g_ascii_strtoull (end, NULL, 10);
          /* From right to left, the number stands before the title. */
          if (number == 0)
            number = (guint) g_ascii_strtoull (g_strchug (lines[l]), NULL, 10);
        }
      if (number == 0)
        {
          problem ("the contents do not list “%s” with a page", title);
          continue;
        }
      found++;
      /* In the order of the games, after the contents. */
      g_assert_cmpuint (number, >, previous);
      g_assert_cmpuint (number, <=, n_pages);
      previous = number;
      /* The game begins on that page, under its title. */
      if (!g_str_has_prefix (pages[number - 1], title))
        problem ("“%s” is not on page %u", title, number);
    }
  g_assert_cmpuint (found, ==, n);

  words = source_words ();
  g_unsetenv ("LANGUAGE");
  check_pdf_words (all, words, path);
  check_problems ();
}

/* In Arabic the first column is the right one, and the title and the
 * paragraphs start at the right margin. */
static void
test_right_to_left (void)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr (GError) error = NULL;
  g_autoptr (CpRuleSheet) sheet = NULL;
  const CpRuleSheetItem *items;
  guint n, checked = 0;

  /* In a process of its own, which has looked up no message in another
   * language: gettext follows LANGUAGE where the locale is not plain C. */
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      return;
    }
  g_setenv ("LANGUAGE", "ar", TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cr = cairo_create (surface);
  sheet = cp_rule_sheet_new ((const char *const[]) { "chess", NULL }, &error);
  g_assert_no_error (error);
  cp_printable_paginate (CP_PRINTABLE (sheet), cr, CP_PAPER_A4_WIDTH, CP_PAPER_A4_HEIGHT);
  items = cp_rule_sheet_get_items (sheet, 0, &n);
  for (guint i = 0; i < n; i++)
    {
      PangoRectangle logical;
      PangoLayoutIter *iter;

      if (items[i].layout == NULL || (items[i].kind != CP_MALLARD_TITLE && items[i].kind != CP_MALLARD_PARAGRAPH))
        continue;
      /* Where the line lies in its layout, as it is drawn. */
      iter = pango_layout_get_iter (items[i].layout);
      for (int line = 0; line < items[i].first_line; line++)
        pango_layout_iter_next_line (iter);
      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      pango_layout_iter_free (iter);
      /* The first line of the title, and of the first paragraph, end at
       * the right edge of the page's text. */
      g_assert_cmpfloat (fabs (items[i].x + (double) (logical.x + logical.width) / PANGO_SCALE
                               - (CP_PAPER_A4_WIDTH - 42)), <, 30);
      if (++checked == 2)
        break;
    }
  g_assert_cmpuint (checked, ==, 2);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The 52 cards: six sheets of nine, fronts then backs; cards where they
 * should be, cut marks in the margins, and backs in mirror image. */
static void
test_chess_deck (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpDeckSheet) deck = cp_deck_sheet_new ("chess-deck", NULL, &error);
  g_autofree char *path = NULL, *text = NULL;
  cairo_surface_t *fronts, *backs, *last;
  double card_width = CP_CARD_ART_WIDTH_MM / 25.4 * 72, card_height = CP_CARD_ART_HEIGHT_MM / 25.4 * 72;
  double x0 = (CP_PAPER_A4_WIDTH - 3 * card_width) / 2, y0 = (CP_PAPER_A4_HEIGHT - 3 * card_height) / 2;

  g_assert_no_error (error);
  path = write_pdf (CP_PRINTABLE (deck), "chess-deck.pdf", CP_PAPER_A4_WIDTH, CP_PAPER_A4_HEIGHT);
  if (pdf_pages (path) == 0)
    return;
  g_assert_cmpuint (pdf_pages (path), ==, 12);
  text = pdf_text (path, 1);
  g_assert_nonnull (strstr (text, "Chess deck"));
  g_assert_nonnull (strstr (text, "Pawn"));

  fronts = pdf_image (path, 1);
  /* Each card's face has ink; the margin between the marks has none. */
  for (guint i = 0; i < 9; i++)
    g_assert_cmpfloat (inked (fronts, x0 + (i % 3) * card_width + 20, y0 + (i / 3) * card_height + 20,
                              card_width - 40, card_height - 40), >, 0.02);
  g_assert_cmpfloat (inked (fronts, x0 + 30, 4, card_width - 60, y0 - 8), ==, 0);
  /* Cut marks stand on the lines between the cards, outside them. */
  for (guint c = 0; c <= 3; c++)
    {
      g_assert_cmpuint (darkness (fronts, x0 + c * card_width, y0 - 10), >, 60);
      g_assert_cmpuint (darkness (fronts, x0 + c * card_width + 6, y0 - 10), <, 10);
    }
  for (guint r = 0; r <= 3; r++)
    g_assert_cmpuint (darkness (fronts, x0 - 10, y0 + r * card_height), >, 60);

  last = pdf_image (path, 12);
  backs = pdf_image (path, 2);
  g_assert_cmpfloat (inked (backs, x0 + 20, y0 + 20, card_width - 40, card_height - 40), >, 0.5);
  /* The last sheet holds seven cards (52 = 5 × 9 + 7): the seventh is on
   * the left of the third row, and its back on the right. */
  g_assert_cmpfloat (inked (last, x0 + 2 * card_width + 20, y0 + 2 * card_height + 20, card_width - 40,
                            card_height - 40), >, 0.5);
  g_assert_cmpfloat (inked (last, x0 + card_width + 20, y0 + 2 * card_height + 20, card_width - 40,
                            card_height - 40), ==, 0);
  cairo_surface_destroy (fronts);
  cairo_surface_destroy (backs);
  cairo_surface_destroy (last);
}

/* Every deck and sheet lays out, and the smaller decks hold what their
 * games use. */
static void
test_decks (void)
{
  static const struct {
    const char *id;
    guint pages;
  } expected[] = {
    { "chess-deck", 12 }, { "two-move", 4 }, { "tar-pit", 8 }, { "cooperative", 8 }, { "golf", 4 },
    { "masquerade-tables", 1 }, { "golf-score-card", 1 }, { "chess-attack-tiles", 1 },
  };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create (surface);
  g_autoptr (GError) error = NULL;
  guint n;
  const CpDeckInfo *decks = cp_deck_sheet_list (&n);

  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (CpDeckSheet) deck = cp_deck_sheet_new (decks[i].id, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (decks[i].id, ==, expected[i].id);
      g_assert_cmpuint (cp_printable_paginate (CP_PRINTABLE (deck), cr, CP_PAPER_LETTER_WIDTH,
                                               CP_PAPER_LETTER_HEIGHT), ==, expected[i].pages);
    }
  g_assert_null (cp_deck_sheet_new ("no-such-deck", NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The Chess Attack tiles print the values of the game's options, and
 * refuse values the game refuses. */
static void
test_attack_tiles (void)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpDeckSheet) standard = cp_deck_sheet_new ("chess-attack-tiles", NULL, &error);
  g_autoptr (CpDeckSheet) edited = NULL;
  g_autofree char *plain = NULL, *changed = NULL, *plain_text = NULL, *changed_text = NULL;

  g_assert_no_error (error);
  g_hash_table_insert (options, (gpointer) "values", (gpointer) "queen 42 41 40 39 / 38 37 36");
  edited = cp_deck_sheet_new ("chess-attack-tiles", options, &error);
  g_assert_no_error (error);
  plain = write_pdf (CP_PRINTABLE (standard), "tiles.pdf", CP_PAPER_A4_WIDTH, CP_PAPER_A4_HEIGHT);
  changed = write_pdf (CP_PRINTABLE (edited), "tiles-edited.pdf", CP_PAPER_A4_WIDTH, CP_PAPER_A4_HEIGHT);
  plain_text = pdf_text (plain, 1);
  if (plain_text == NULL)
    return;
  changed_text = pdf_text (changed, 1);
  g_assert_nonnull (strstr (plain_text, "Wounded"));
  g_assert_nonnull (strstr (plain_text, "Support"));
  g_assert_null (strstr (plain_text, "42"));
  for (guint i = 0; i < 7; i++)
    {
      g_autofree char *number = g_strdup_printf ("%u", 42 - i);

      g_assert_nonnull (strstr (changed_text, number));
    }

  g_hash_table_insert (options, (gpointer) "values", (gpointer) "queen lots");
  g_assert_null (cp_deck_sheet_new ("chess-attack-tiles", options, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_OPTION);
}

/* A file that cannot be written is said so. */
static void
test_unwritable (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpDeckSheet) deck = cp_deck_sheet_new ("golf-score-card", NULL, &error);

  g_assert_false (cp_printable_write_pdf (CP_PRINTABLE (deck), "/no-such-folder/cards.pdf", CP_PAPER_A4_WIDTH,
                                          CP_PAPER_A4_HEIGHT, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "cards.pdf"));
}

int
main (int argc, char *argv[])
{
  int status;

  setlocale (LC_ALL, "");
  g_setenv ("LANG", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("CP_LOCALE_DIR") != NULL)
    {
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("CP_LOCALE_DIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  folder = g_dir_make_tmp ("cp-print-XXXXXX", NULL);
  problems = g_string_new (NULL);
  g_test_add_func ("/print/mallard", test_mallard);
  g_test_add_func ("/print/rule-sheet", test_rule_sheet);
  g_test_add_func ("/print/booklet", test_booklet);
  g_test_add_func ("/print/whole-words", test_whole_words);
  g_test_add_data_func ("/print/book/en/a4", (const char *const[]) { "en", "a4" }, test_book);
  g_test_add_data_func ("/print/book/en/letter", (const char *const[]) { "en", "letter" }, test_book);
  g_test_add_data_func ("/print/book/de/a4", (const char *const[]) { "de", "a4" }, test_book);
  g_test_add_data_func ("/print/book/de/letter", (const char *const[]) { "de", "letter" }, test_book);
  /* The other languages, except under the sanitizers, where Debian 12’s
   * cairo keeps what it subsets of a CJK font, which the leak checker
   * counts. */
  if (g_getenv ("CP_TEST_SANITIZED") == NULL)
    {
      g_test_add_data_func ("/print/book/fr/a4", (const char *const[]) { "fr", "a4" }, test_book);
      g_test_add_data_func ("/print/book/es/a4", (const char *const[]) { "es", "a4" }, test_book);
      g_test_add_data_func ("/print/book/it/a4", (const char *const[]) { "it", "a4" }, test_book);
      g_test_add_data_func ("/print/book/pt_BR/letter", (const char *const[]) { "pt_BR", "letter" }, test_book);
      g_test_add_data_func ("/print/book/pl/a4", (const char *const[]) { "pl", "a4" }, test_book);
      g_test_add_data_func ("/print/book/ru/a4", (const char *const[]) { "ru", "a4" }, test_book);
      g_test_add_data_func ("/print/book/ja/a4", (const char *const[]) { "ja", "a4" }, test_book);
      g_test_add_data_func ("/print/book/ar/a4", (const char *const[]) { "ar", "a4" }, test_book);
    }
  g_test_add_func ("/print/right-to-left", test_right_to_left);
  g_test_add_func ("/print/chess-deck", test_chess_deck);
  g_test_add_func ("/print/decks", test_decks);
  g_test_add_func ("/print/attack-tiles", test_attack_tiles);
  g_test_add_func ("/print/unwritable", test_unwritable);
  status = g_test_run ();
  {
    g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (folder, name, NULL);

        g_unlink (path);
      }
    g_rmdir (folder);
  }
  g_free (folder);
  g_string_free (problems, TRUE);
  return status;
}
