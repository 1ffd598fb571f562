/* cp-rules-view.c: a game's rules, read from its help page
 *
 * The window shows the rules of the game being played from the same
 * Mallard page the help browser shows, in the user's language where a
 * translation is installed: there is one text of the rules.  Only the
 * parts of Mallard that the help pages use are drawn: titles, sections,
 * paragraphs, lists, term lists, notes, examples, tables and inline markup.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "cp-rules-view.h"

#define MALLARD_NS "http://projectmallard.org/1.0/"

struct _CpRulesView
{
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkWidget *text_view;
  GtkTextBuffer *buffer;
  xmlDoc *pending;  /* the page read, to be laid out when first shown */
};

G_DEFINE_FINAL_TYPE (CpRulesView, cp_rules_view, GTK_TYPE_WIDGET)

static gboolean
is (xmlNode *node, const char *name)
{
  return node->type == XML_ELEMENT_NODE && node->ns != NULL
         && g_strcmp0 ((const char *) node->ns->href, MALLARD_NS) == 0
         && g_strcmp0 ((const char *) node->name, name) == 0;
}

/* Appends @text with runs of white space made single spaces. */
static void
append_text (CpRulesView *self, const char *text, const char *const *tags)
{
  GString *clean = g_string_new (NULL);
  GtkTextIter end;
  gboolean space = FALSE;

  for (const char *p = text; *p; p++)
    {
      if (g_ascii_isspace (*p))
        space = TRUE;
      else
        {
          if (space && clean->len > 0)
            g_string_append_c (clean, ' ');
          else if (space)
            {
              gtk_text_buffer_get_end_iter (self->buffer, &end);
              if (gtk_text_iter_backward_char (&end) && !g_unichar_isspace (gtk_text_iter_get_char (&end)))
                g_string_append_c (clean, ' ');
            }
          space = FALSE;
          g_string_append_c (clean, *p);
        }
    }
  if (space && clean->len > 0)
    g_string_append_c (clean, ' ');

  gtk_text_buffer_get_end_iter (self->buffer, &end);
  if (tags[0] == NULL)
    gtk_text_buffer_insert (self->buffer, &end, clean->str, -1);
  else
    {
      GtkTextMark *mark = gtk_text_buffer_create_mark (self->buffer, NULL, &end, TRUE);
      GtkTextIter start;

      gtk_text_buffer_insert (self->buffer, &end, clean->str, -1);
      gtk_text_buffer_get_iter_at_mark (self->buffer, &start, mark);
      gtk_text_buffer_get_end_iter (self->buffer, &end);
      for (guint i = 0; tags[i]; i++)
        gtk_text_buffer_apply_tag_by_name (self->buffer, tags[i], &start, &end);
      gtk_text_buffer_delete_mark (self->buffer, mark);
    }
  g_string_free (clean, TRUE);
}

static void
append_raw (CpRulesView *self, const char *text, const char *tag)
{
  GtkTextIter end;

  gtk_text_buffer_get_end_iter (self->buffer, &end);
  if (tag != NULL)
    gtk_text_buffer_insert_with_tags_by_name (self->buffer, &end, text, -1, tag, NULL);
  else
    gtk_text_buffer_insert (self->buffer, &end, text, -1);
}

/* The tag inline markup stands for, or NULL. */
static const char *
inline_tag (xmlNode *node)
{
  static const struct {
    const char *element;
    const char *tag;
  } inlines[] = {
    { "em", "emphasis" }, { "gui", "strong" }, { "guiseq", "strong" }, { "key", "strong" },
    { "app", "strong" }, { "code", "mono" }, { "cmd", "mono" }, { "input", "mono" },
    { "output", "mono" }, { "sys", "mono" }, { "file", "mono" }, { "var", "emphasis" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (inlines); i++)
    if (is (node, inlines[i].element))
      return inlines[i].tag;
  return NULL;
}

static void
append_inline (CpRulesView *self, xmlNode *parent, GPtrArray *tags)
{
  for (xmlNode *node = parent->children; node; node = node->next)
    {
      const char *tag;

      if (node->type == XML_TEXT_NODE)
        {
          g_ptr_array_add (tags, NULL);
          append_text (self, (const char *) node->content, (const char *const *) tags->pdata);
          g_ptr_array_set_size (tags, tags->len - 1);
        }
      else if (is (node, "keyseq"))
        {
          gboolean first = TRUE;

          for (xmlNode *key = node->children; key; key = key->next)
            if (key->type == XML_ELEMENT_NODE)
              {
                g_autofree char *text = (char *) xmlNodeGetContent (key);

                if (!first)
                  append_raw (self, "+", "strong");
                append_raw (self, g_strstrip (text), "strong");
                first = FALSE;
              }
        }
      else if ((tag = inline_tag (node)) != NULL)
        {
          g_ptr_array_add (tags, (gpointer) tag);
          append_inline (self, node, tags);
          g_ptr_array_set_size (tags, tags->len - 1);
        }
      else if (node->type == XML_ELEMENT_NODE)
        append_inline (self, node, tags);
    }
}

static void
append_paragraph (CpRulesView *self, xmlNode *node, const char *block_tag)
{
  g_autoptr (GPtrArray) tags = g_ptr_array_new ();
  GtkTextIter start, end;
  GtkTextMark *mark;

  gtk_text_buffer_get_end_iter (self->buffer, &end);
  mark = gtk_text_buffer_create_mark (self->buffer, NULL, &end, TRUE);
  append_inline (self, node, tags);
  gtk_text_buffer_get_iter_at_mark (self->buffer, &start, mark);
  gtk_text_buffer_get_end_iter (self->buffer, &end);
  if (block_tag != NULL)
    gtk_text_buffer_apply_tag_by_name (self->buffer, block_tag, &start, &end);
  gtk_text_buffer_delete_mark (self->buffer, mark);
  append_raw (self, "\n", block_tag);
}

/* Inline markup as Pango markup, for the cells of a table. */
static void
append_inline_markup (GString *out, xmlNode *parent)
{
  static const struct {
    const char *tag;
    const char *element;
  } markup[] = { { "emphasis", "i" }, { "strong", "b" }, { "mono", "tt" } };

  for (xmlNode *node = parent->children; node; node = node->next)
    {
      const char *tag;

      if (node->type == XML_TEXT_NODE)
        {
          g_autofree char *escaped = g_markup_escape_text ((const char *) node->content, -1);

          g_string_append (out, escaped);
        }
      else if (is (node, "keyseq"))
        {
          g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
          g_autofree char *joined = NULL;

          for (xmlNode *key = node->children; key; key = key->next)
            if (key->type == XML_ELEMENT_NODE)
              {
                char *text = (char *) xmlNodeGetContent (key);

                g_ptr_array_add (keys, g_markup_escape_text (g_strstrip (text), -1));
                xmlFree (text);
              }
          g_ptr_array_add (keys, NULL);
          joined = g_strjoinv ("+", (char **) keys->pdata);
          g_string_append_printf (out, "<b>%s</b>", joined);
        }
      else if ((tag = inline_tag (node)) != NULL)
        for (guint i = 0; i < G_N_ELEMENTS (markup); i++)
          {
            if (!g_str_equal (tag, markup[i].tag))
              continue;
            g_string_append_printf (out, "<%s>", markup[i].element);
            append_inline_markup (out, node);
            g_string_append_printf (out, "</%s>", markup[i].element);
          }
      else if (node->type == XML_ELEMENT_NODE)
        append_inline_markup (out, node);
    }
}

/* Runs of white space in @text made single spaces, in place, as in the
 * running text.  Returns: @text */
static char *
collapse_space (char *text)
{
  char *out = text;
  gboolean space = FALSE;

  for (const char *p = text; *p; p++)
    if (g_ascii_isspace (*p))
      space = TRUE;
    else
      {
        if (space && out > text)
          *out++ = ' ';
        space = FALSE;
        *out++ = *p;
      }
  *out = '\0';
  return text;
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

/* A table is laid out as a grid in the text, its columns aligned; the
 * cells wrap so that the table fits the side panel. */
static void
append_table (CpRulesView *self, xmlNode *table)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  GtkWidget *grid = gtk_grid_new ();
  GtkTextChildAnchor *anchor;
  GtkTextIter start, end;
  int start_offset, chars;
  guint n_columns = 1;

  collect_rows (table, rows);
  for (guint r = 0; r < rows->len; r++)
    {
      guint n = 0;

      for (xmlNode *cell = ((xmlNode *) rows->pdata[r])->children; cell; cell = cell->next)
        n += is (cell, "td") || is (cell, "th");
      n_columns = MAX (n_columns, n);
    }

  chars = (int) MAX (8u, 30 / n_columns);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_add_css_class (grid, "rules-table");
  for (guint r = 0; r < rows->len; r++)
    {
      int column = 0;

      for (xmlNode *cell = ((xmlNode *) rows->pdata[r])->children; cell; cell = cell->next)
        {
          g_autoptr (GString) markup = g_string_new (NULL);
          GtkWidget *label;

          if (!is (cell, "td") && !is (cell, "th"))
            continue;
          for (xmlNode *p = cell->children; p; p = p->next)
            if (is (p, "p"))
              {
                if (markup->len > 0)
                  g_string_append_c (markup, ' ');
                append_inline_markup (markup, p);
              }
          label = gtk_label_new (NULL);
          gtk_label_set_markup (GTK_LABEL (label), collapse_space (markup->str));
          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
          /* A text view gives its children their least width. */
          gtk_label_set_width_chars (GTK_LABEL (label), chars);
          gtk_label_set_max_width_chars (GTK_LABEL (label), chars);
          gtk_widget_set_valign (label, GTK_ALIGN_START);
          if (is (cell, "th"))
            gtk_widget_add_css_class (label, "heading");
          gtk_grid_attach (GTK_GRID (grid), label, column++, (int) r, 1, 1);
        }
    }

  gtk_text_buffer_get_end_iter (self->buffer, &end);
  start_offset = gtk_text_iter_get_offset (&end);
  anchor = gtk_text_buffer_create_child_anchor (self->buffer, &end);
  gtk_text_view_add_child_at_anchor (GTK_TEXT_VIEW (self->text_view), grid, anchor);
  append_raw (self, "\n", NULL);
  gtk_text_buffer_get_iter_at_offset (self->buffer, &start, start_offset);
  gtk_text_buffer_get_end_iter (self->buffer, &end);
  gtk_text_buffer_apply_tag_by_name (self->buffer, "table", &start, &end);
}

static void append_blocks (CpRulesView *self, xmlNode *parent, guint depth, const char *block_tag);

static void
append_block (CpRulesView *self, xmlNode *node, guint depth, const char *block_tag)
{
  if (is (node, "title"))
    append_paragraph (self, node, depth == 0 ? "title" : "heading");
  else if (is (node, "p"))
    append_paragraph (self, node, block_tag);
  else if (is (node, "section"))
    append_blocks (self, node, depth + 1, NULL);
  else if (is (node, "list") || is (node, "steps"))
    {
      guint n = 0;
      xmlChar *type = xmlGetProp (node, (const xmlChar *) "type");
      gboolean numbered = is (node, "steps") || g_strcmp0 ((const char *) type, "numbered") == 0;

      xmlFree (type);
      for (xmlNode *item = node->children; item; item = item->next)
        if (is (item, "item"))
          {
            g_autofree char *bullet = numbered ? g_strdup_printf ("%u. ", ++n) : g_strdup ("• ");

            append_raw (self, bullet, "item");
            for (xmlNode *child = item->children; child; child = child->next)
              if (is (child, "p"))
                append_paragraph (self, child, "item");
          }
    }
  else if (is (node, "terms"))
    {
      for (xmlNode *item = node->children; item; item = item->next)
        if (is (item, "item"))
          for (xmlNode *child = item->children; child; child = child->next)
            {
              if (is (child, "title"))
                append_paragraph (self, child, "term");
              else
                append_block (self, child, depth, "definition");
            }
    }
  else if (is (node, "note"))
    append_blocks (self, node, depth, "note");
  else if (is (node, "example"))
    append_blocks (self, node, depth, "example");
  else if (is (node, "screen") || is (node, "code"))
    {
      g_autofree char *text = (char *) xmlNodeGetContent (node);

      append_raw (self, text, "mono-block");
      append_raw (self, "\n", NULL);
    }
  else if (is (node, "table"))
    append_table (self, node);
}

static void
append_blocks (CpRulesView *self, xmlNode *parent, guint depth, const char *block_tag)
{
  for (xmlNode *node = parent->children; node; node = node->next)
    if (node->type == XML_ELEMENT_NODE && !is (node, "info") && !is (node, "links"))
      append_block (self, node, depth, block_tag);
}

/**
 * cp_rules_view_find_page:
 * @page_id: a help page, such as "chess"
 *
 * Returns: (transfer full) (nullable): the page in the user's language, or
 *   in English when there is no translation
 */
GFile *
cp_rules_view_find_page (const char *page_id)
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

/* Lays out the page read last, if that is still to be done. */
static void
lay_out (CpRulesView *self)
{
  if (self->pending == NULL)
    return;
  append_blocks (self, xmlDocGetRootElement (self->pending), 0, NULL);
  g_clear_pointer (&self->pending, xmlFreeDoc);
}

/**
 * cp_rules_view_show_page:
 *
 * Shows the help page @page_id.  The page is read at once, so that a page
 * missing or unreadable is reported here; it is laid out in the view when
 * the view is first shown, or its text asked for.
 */
gboolean
cp_rules_view_show_page (CpRulesView *self, const char *page_id, GError **error)
{
  g_autoptr (GFile) file = cp_rules_view_find_page (page_id);
  g_autofree char *path = NULL;
  xmlDoc *doc;
  xmlNode *root;

  g_clear_pointer (&self->pending, xmlFreeDoc);
  gtk_text_buffer_set_text (self->buffer, "", 0);
  if (file == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("The rules of this game are not installed"));
      return FALSE;
    }
  path = g_file_get_path (file);
  doc = xmlReadFile (path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc == NULL || (root = xmlDocGetRootElement (doc)) == NULL || !is (root, "page"))
    {
      if (doc != NULL)
        xmlFreeDoc (doc);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The rules of this game cannot be read"));
      return FALSE;
    }
  self->pending = doc;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    lay_out (self);
  return TRUE;
}

/* The text shown, without its formatting. */
char *
cp_rules_view_get_text (CpRulesView *self)
{
  GtkTextIter start, end;

  lay_out (self);
  gtk_text_buffer_get_bounds (self->buffer, &start, &end);
  return gtk_text_buffer_get_text (self->buffer, &start, &end, FALSE);
}

/* The rules panel is not on screen when a window opens: laying out the
 * page waits until it is. */
static void
cp_rules_view_map (GtkWidget *widget)
{
  lay_out (CP_RULES_VIEW (widget));
  GTK_WIDGET_CLASS (cp_rules_view_parent_class)->map (widget);
}

static void
cp_rules_view_dispose (GObject *object)
{
  CpRulesView *self = CP_RULES_VIEW (object);

  g_clear_pointer (&self->pending, xmlFreeDoc);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (cp_rules_view_parent_class)->dispose (object);
}

static void
cp_rules_view_class_init (CpRulesViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = cp_rules_view_dispose;
  widget_class->map = cp_rules_view_map;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "rules");
}

static void
cp_rules_view_init (CpRulesView *self)
{
  self->text_view = gtk_text_view_new ();
  gtk_text_view_set_editable (GTK_TEXT_VIEW (self->text_view), FALSE);
  gtk_text_view_set_cursor_visible (GTK_TEXT_VIEW (self->text_view), FALSE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (self->text_view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (self->text_view), 12);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (self->text_view), 12);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (self->text_view), 12);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (self->text_view), 12);
  gtk_text_view_set_pixels_below_lines (GTK_TEXT_VIEW (self->text_view), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->text_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Rules of this game"), -1);
  self->buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view));
  gtk_text_buffer_create_tag (self->buffer, "title", "weight", PANGO_WEIGHT_BOLD, "scale", 1.4, NULL);
  gtk_text_buffer_create_tag (self->buffer, "heading", "weight", PANGO_WEIGHT_BOLD, "scale", 1.15,
                              "pixels-above-lines", 8, NULL);
  gtk_text_buffer_create_tag (self->buffer, "term", "weight", PANGO_WEIGHT_BOLD, NULL);
  gtk_text_buffer_create_tag (self->buffer, "definition", "left-margin", 28, NULL);
  gtk_text_buffer_create_tag (self->buffer, "item", "left-margin", 32, "indent", -14, NULL);
  gtk_text_buffer_create_tag (self->buffer, "note", "style", PANGO_STYLE_ITALIC, "left-margin", 20, NULL);
  gtk_text_buffer_create_tag (self->buffer, "example", "left-margin", 20, NULL);
  gtk_text_buffer_create_tag (self->buffer, "emphasis", "style", PANGO_STYLE_ITALIC, NULL);
  gtk_text_buffer_create_tag (self->buffer, "strong", "weight", PANGO_WEIGHT_BOLD, NULL);
  gtk_text_buffer_create_tag (self->buffer, "mono", "family", "monospace", NULL);
  gtk_text_buffer_create_tag (self->buffer, "table", "left-margin", 20, NULL);
  gtk_text_buffer_create_tag (self->buffer, "mono-block", "family", "monospace", "left-margin", 20, NULL);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->text_view);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}

GtkWidget *
cp_rules_view_new (void)
{
  return g_object_new (CP_TYPE_RULES_VIEW, NULL);
}
