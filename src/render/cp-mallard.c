/* cp-mallard.c: the help pages, read as blocks of Pango markup
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "cp-mallard.h"

#define MALLARD_NS "http://projectmallard.org/1.0/"

typedef struct {
  GFile *page;
  GPtrArray *blocks;
  const char *section;
} Reader;

/* Markup being written: runs of white space become one space, and none
 * begins or ends the text. */
typedef struct {
  GString *out;
  gboolean space;  /* a space is due before the next text */
  gboolean text;   /* some text was written */
} Markup;

static gboolean
is (xmlNode *node, const char *name)
{
  return node->type == XML_ELEMENT_NODE && node->ns != NULL
         && g_strcmp0 ((const char *) node->ns->href, MALLARD_NS) == 0
         && g_strcmp0 ((const char *) node->name, name) == 0;
}

static void
block_free (gpointer data)
{
  CpMallardBlock *block = data;

  g_free (block->markup);
  g_free (block->bullet);
  g_free (block->section);
  g_clear_pointer (&block->rows, g_ptr_array_unref);
  g_clear_object (&block->image);
  g_free (block);
}

static CpMallardBlock *
add_block (Reader *reader, CpMallardKind kind, guint depth, char *markup)
{
  CpMallardBlock *block = g_new0 (CpMallardBlock, 1);

  block->kind = kind;
  block->depth = depth;
  block->markup = markup;
  block->section = g_strdup (reader->section);
  g_ptr_array_add (reader->blocks, block);
  return block;
}

static void
markup_text (Markup *markup, const char *text)
{
  for (const char *p = text; *p; p++)
    if (g_ascii_isspace (*p))
      markup->space = markup->text;
    else
      {
        if (markup->space)
          g_string_append_c (markup->out, ' ');
        markup->space = FALSE;
        markup->text = TRUE;
        if (*p == '<')
          g_string_append (markup->out, "&lt;");
        else if (*p == '>')
          g_string_append (markup->out, "&gt;");
        else if (*p == '&')
          g_string_append (markup->out, "&amp;");
        else
          g_string_append_c (markup->out, *p);
      }
}

/* Opens or closes a span: a space due goes before an opening tag and
 * after a closing one, so that it is not styled. */
static void
markup_tag (Markup *markup, const char *tag, gboolean open)
{
  if (open && markup->space)
    {
      g_string_append_c (markup->out, ' ');
      markup->space = FALSE;
    }
  g_string_append_printf (markup->out, open ? "<%s>" : "</%s>", tag);
}

/* The Pango element inline markup stands for, or NULL. */
static const char *
inline_element (xmlNode *node)
{
  static const struct {
    const char *element;
    const char *pango;
  } inlines[] = {
    { "em", "i" }, { "var", "i" }, { "gui", "b" }, { "guiseq", "b" }, { "key", "b" },
    { "app", "b" }, { "code", "tt" }, { "cmd", "tt" }, { "input", "tt" },
    { "output", "tt" }, { "sys", "tt" }, { "file", "tt" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (inlines); i++)
    if (is (node, inlines[i].element))
      return inlines[i].pango;
  return NULL;
}

static void
read_inline (Markup *markup, xmlNode *parent)
{
  for (xmlNode *node = parent->children; node; node = node->next)
    {
      const char *element;

      if (node->type == XML_TEXT_NODE)
        markup_text (markup, (const char *) node->content);
      else if (is (node, "keyseq"))
        {
          gboolean first = TRUE;

          for (xmlNode *key = node->children; key; key = key->next)
            if (key->type == XML_ELEMENT_NODE)
              {
                g_autofree char *text = (char *) xmlNodeGetContent (key);

                if (!first)
                  markup_text (markup, "+");
                markup_tag (markup, "b", TRUE);
                markup_text (markup, text);
                markup_tag (markup, "b", FALSE);
                first = FALSE;
              }
        }
      else if ((element = inline_element (node)) != NULL)
        {
          markup_tag (markup, element, TRUE);
          read_inline (markup, node);
          markup_tag (markup, element, FALSE);
        }
      else if (node->type == XML_ELEMENT_NODE)
        read_inline (markup, node);
    }
}

/* The inline content of @node as Pango markup. */
static char *
inline_markup (xmlNode *node)
{
  Markup markup = { g_string_new (NULL), FALSE, FALSE };

  read_inline (&markup, node);
  return g_string_free (markup.out, FALSE);
}

/* The rows of a table, also inside its head and body. */
static void
collect_rows (xmlNode *parent, GPtrArray *rows)
{
  for (xmlNode *node = parent->children; node; node = node->next)
    if (is (node, "tr"))
      g_ptr_array_add (rows, node);
    else if (is (node, "thead") || is (node, "tbody") || is (node, "tfoot"))
      collect_rows (node, rows);
}

static void
read_table (Reader *reader, xmlNode *table, guint depth)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  CpMallardBlock *block = add_block (reader, CP_MALLARD_TABLE, depth, NULL);

  block->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  collect_rows (table, rows);
  for (guint r = 0; r < rows->len; r++)
    {
      g_autoptr (GStrvBuilder) cells = g_strv_builder_new ();

      for (xmlNode *cell = ((xmlNode *) rows->pdata[r])->children; cell; cell = cell->next)
        {
          Markup markup = { NULL, FALSE, FALSE };
          gboolean heading = is (cell, "th");

          if (!heading && !is (cell, "td"))
            continue;
          markup.out = g_string_new (NULL);
          if (heading)
            markup_tag (&markup, "b", TRUE);
          for (xmlNode *p = cell->children; p; p = p->next)
            if (is (p, "p"))
              {
                markup.space = markup.text;
                read_inline (&markup, p);
              }
          if (heading)
            markup_tag (&markup, "b", FALSE);
          g_strv_builder_add (cells, markup.out->str);
          g_string_free (markup.out, TRUE);
        }
      g_ptr_array_add (block->rows, g_strv_builder_end (cells));
    }
}

static void read_blocks (Reader *reader, xmlNode *parent, guint depth, CpMallardKind kind);

static void
read_list (Reader *reader, xmlNode *list, guint depth)
{
  xmlChar *type = xmlGetProp (list, (const xmlChar *) "type");
  gboolean numbered = is (list, "steps") || g_strcmp0 ((const char *) type, "numbered") == 0;
  guint n = 0;

  xmlFree (type);
  for (xmlNode *item = list->children; item; item = item->next)
    if (is (item, "item"))
      {
        gboolean first = TRUE;

        n++;
        for (xmlNode *child = item->children; child; child = child->next)
          if (is (child, "p"))
            {
              CpMallardBlock *block = add_block (reader, CP_MALLARD_ITEM, depth, inline_markup (child));

              if (first)
                block->bullet = numbered ? g_strdup_printf ("%u. ", n) : g_strdup ("• ");
              first = FALSE;
            }
      }
}

/* The file of a page's media @src: beside the page, or, for an
 * uninstalled build, among the figures it drew (help/C/figures). */
static GFile *
find_media (GFile *folder, const char *src)
{
  g_autoptr (GFile) file = g_file_resolve_relative_path (folder, src);
  g_autofree char *built = NULL;

  if (g_file_query_exists (file, NULL) || g_path_is_absolute (src) || strstr (src, "..") != NULL)
    return g_steal_pointer (&file);
  built = g_build_filename (BUILD_HELP_DIR, "C", src, NULL);
  return g_file_test (built, G_FILE_TEST_IS_REGULAR) ? g_file_new_for_path (built) : g_steal_pointer (&file);
}

static void read_block (Reader *reader, xmlNode *node, guint depth, CpMallardKind kind);

/* A figure: its media, then a caption of its title and description. */
static void
read_figure (Reader *reader, xmlNode *figure, guint depth, CpMallardKind kind)
{
  g_autoptr (GString) caption = g_string_new (NULL);

  for (xmlNode *node = figure->children; node; node = node->next)
    if (is (node, "title") || is (node, "desc"))
      {
        g_autofree char *markup = inline_markup (node);

        if (caption->len > 0)
          g_string_append_c (caption, ' ');
        if (is (node, "title"))
          g_string_append_printf (caption, "<b>%s.</b>", markup);
        else
          g_string_append (caption, markup);
      }
    else if (node->type == XML_ELEMENT_NODE)
      read_block (reader, node, depth, kind);
  if (caption->len > 0)
    add_block (reader, CP_MALLARD_CAPTION, depth, g_string_free (g_steal_pointer (&caption), FALSE));
}

static void
read_block (Reader *reader, xmlNode *node, guint depth, CpMallardKind kind)
{
  if (is (node, "title"))
    add_block (reader, depth == 0 ? CP_MALLARD_TITLE : CP_MALLARD_HEADING, depth, inline_markup (node));
  else if (is (node, "p"))
    add_block (reader, kind, depth, inline_markup (node));
  else if (is (node, "section"))
    {
      g_autofree char *id = depth == 0 ? (char *) xmlGetProp (node, (const xmlChar *) "id") : NULL;
      const char *outer = reader->section;

      if (depth == 0)
        reader->section = id;
      read_blocks (reader, node, depth + 1, CP_MALLARD_PARAGRAPH);
      reader->section = outer;
    }
  else if (is (node, "list") || is (node, "steps"))
    read_list (reader, node, depth);
  else if (is (node, "terms"))
    {
      for (xmlNode *item = node->children; item; item = item->next)
        {
          if (!is (item, "item"))
            continue;
          for (xmlNode *child = item->children; child; child = child->next)
            if (is (child, "title"))
              add_block (reader, CP_MALLARD_TERM, depth, inline_markup (child));
            else if (child->type == XML_ELEMENT_NODE)
              read_block (reader, child, depth, CP_MALLARD_DEFINITION);
        }
    }
  else if (is (node, "note"))
    read_blocks (reader, node, depth, CP_MALLARD_NOTE);
  else if (is (node, "example"))
    read_blocks (reader, node, depth, CP_MALLARD_EXAMPLE);
  else if (is (node, "screen") || is (node, "code"))
    {
      g_autofree char *text = (char *) xmlNodeGetContent (node);

      add_block (reader, CP_MALLARD_CODE, depth, g_markup_escape_text (text, -1));
    }
  else if (is (node, "table"))
    read_table (reader, node, depth);
  else if (is (node, "media"))
    {
      g_autofree char *src = (char *) xmlGetProp (node, (const xmlChar *) "src");
      g_autoptr (GFile) folder = g_file_get_parent (reader->page);

      if (src != NULL && folder != NULL)
        add_block (reader, CP_MALLARD_IMAGE, depth, NULL)->image = find_media (folder, src);
    }
  else if (is (node, "figure"))
    read_figure (reader, node, depth, kind);
}

static void
read_blocks (Reader *reader, xmlNode *parent, guint depth, CpMallardKind kind)
{
  for (xmlNode *node = parent->children; node; node = node->next)
    if (node->type == XML_ELEMENT_NODE && !is (node, "info") && !is (node, "links"))
      read_block (reader, node, depth, kind);
}

/**
 * cp_mallard_find_page:
 * @page_id: a help page, such as "chess"
 *
 * Returns: (transfer full) (nullable): the page in the user's language, or
 *   in English when there is no translation
 */
GFile *
cp_mallard_find_page (const char *page_id)
{
  const char *const *languages = g_get_language_names ();
  g_autofree char *name = g_strdup_printf ("%s.page", page_id);

  for (guint i = 0; languages[i]; i++)
    {
      const char *lang = languages[i];
      g_autofree char *installed = g_build_filename (HELP_DIR, lang, GETTEXT_PACKAGE, name, NULL);
      g_autofree char *built = g_build_filename (g_str_equal (lang, "C") ? SOURCE_HELP_DIR : BUILD_HELP_DIR,
                                                 lang, name, NULL);

      if (g_file_test (installed, G_FILE_TEST_IS_REGULAR))
        return g_file_new_for_path (installed);
      if (g_file_test (built, G_FILE_TEST_IS_REGULAR))
        return g_file_new_for_path (built);
    }
  return NULL;
}

/**
 * cp_mallard_read:
 * @file: a Mallard page
 *
 * Returns: (transfer container) (element-type CpMallardBlock): the blocks
 *   of the page in order, or %NULL with @error set
 */
GPtrArray *
cp_mallard_read (GFile *file, GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  Reader reader = { file, NULL, NULL };
  xmlDoc *doc = path != NULL ? xmlReadFile (path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING)
                             : NULL;
  xmlNode *root = doc != NULL ? xmlDocGetRootElement (doc) : NULL;

  if (root == NULL || !is (root, "page"))
    {
      if (doc != NULL)
        xmlFreeDoc (doc);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The rules of this game cannot be read"));
      return NULL;
    }
  reader.blocks = g_ptr_array_new_with_free_func (block_free);
  read_blocks (&reader, root, 0, CP_MALLARD_PARAGRAPH);
  xmlFreeDoc (doc);
  return reader.blocks;
}
