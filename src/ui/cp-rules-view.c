/* cp-rules-view.c: a game's rules, read from its help page
 *
 * The window shows the rules of the game being played from the same
 * Mallard page the help browser shows, in the user's language where a
 * translation is installed: there is one text of the rules (see
 * cp-mallard.h for the parts of Mallard that are read).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-mallard.h"
#include "cp-rules-view.h"

struct _CpRulesView
{
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkWidget *text_view;
  GtkTextBuffer *buffer;
  GPtrArray *pending;  /* the blocks of the page read, to be laid out when first shown */
};

G_DEFINE_FINAL_TYPE (CpRulesView, cp_rules_view, GTK_TYPE_WIDGET)

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

/* Appends a line of @markup with the tag of its block. */
static void
append_markup (CpRulesView *self, const char *markup, const char *tag)
{
  GtkTextIter start, end;
  int offset;

  gtk_text_buffer_get_end_iter (self->buffer, &end);
  offset = gtk_text_iter_get_offset (&end);
  gtk_text_buffer_insert_markup (self->buffer, &end, markup, -1);
  append_raw (self, "\n", NULL);
  gtk_text_buffer_get_iter_at_offset (self->buffer, &start, offset);
  gtk_text_buffer_get_end_iter (self->buffer, &end);
  if (tag != NULL)
    gtk_text_buffer_apply_tag_by_name (self->buffer, tag, &start, &end);
}

/* The widest a figure is shown: what the side panel has beside the text
 * view's margins, the table's and the scroll bar. */
#define FIGURE_WIDTH 240

/* Appends @widget on a line of its own, with the margin of tables. */
static void
append_widget (CpRulesView *self, GtkWidget *widget)
{
  GtkTextChildAnchor *anchor;
  GtkTextIter start, end;
  int offset;

  gtk_text_buffer_get_end_iter (self->buffer, &end);
  offset = gtk_text_iter_get_offset (&end);
  anchor = gtk_text_buffer_create_child_anchor (self->buffer, &end);
  gtk_text_view_add_child_at_anchor (GTK_TEXT_VIEW (self->text_view), widget, anchor);
  append_raw (self, "\n", NULL);
  gtk_text_buffer_get_iter_at_offset (self->buffer, &start, offset);
  gtk_text_buffer_get_end_iter (self->buffer, &end);
  gtk_text_buffer_apply_tag_by_name (self->buffer, "table", &start, &end);
}

/* A table is laid out as a grid in the text, its columns aligned; the
 * cells wrap between words so that the table fits the side panel where
 * its words allow. */
static GtkWidget *
table_grid (GPtrArray *rows)
{
  GtkWidget *grid = gtk_grid_new ();
  guint n_columns = 1;
  int chars;

  for (guint r = 0; r < rows->len; r++)
    n_columns = MAX (n_columns, g_strv_length (rows->pdata[r]));
  chars = (int) MAX (8u, 30 / n_columns);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_add_css_class (grid, "rules-table");
  for (guint r = 0; r < rows->len; r++)
    {
      char **cells = rows->pdata[r];

      for (guint c = 0; cells[c]; c++)
        {
          GtkWidget *label = gtk_label_new (NULL);

          gtk_label_set_markup (GTK_LABEL (label), cells[c]);
          gtk_label_set_xalign (GTK_LABEL (label), 0);
          /* Words stay whole: a table wider than the panel scrolls. */
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          /* A text view gives its children their least width. */
          gtk_label_set_width_chars (GTK_LABEL (label), chars);
          gtk_label_set_max_width_chars (GTK_LABEL (label), chars);
          gtk_widget_set_valign (label, GTK_ALIGN_START);
          gtk_grid_attach (GTK_GRID (grid), label, (int) c, (int) r, 1, 1);
        }
    }
  return grid;
}

/* A table wider than the panel scrolls sideways on its own, under the
 * text, which keeps the panel's width. */
static GtkWidget *
table_scroller (GtkWidget *grid)
{
  GtkWidget *scroller;
  int width;

  gtk_widget_measure (grid, GTK_ORIENTATION_HORIZONTAL, -1, &width, NULL, NULL, NULL);
  if (width <= FIGURE_WIDTH)
    return grid;
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
  gtk_widget_set_size_request (scroller, FIGURE_WIDTH, -1);
  gtk_widget_add_css_class (scroller, "table-scroller");
  return scroller;
}

static void
append_block (CpRulesView *self, const CpMallardBlock *block)
{
  static const char *const tags[] = {
    [CP_MALLARD_TITLE] = "title", [CP_MALLARD_HEADING] = "heading", [CP_MALLARD_PARAGRAPH] = NULL,
    [CP_MALLARD_ITEM] = "item", [CP_MALLARD_TERM] = "term", [CP_MALLARD_DEFINITION] = "definition",
    [CP_MALLARD_NOTE] = "note", [CP_MALLARD_EXAMPLE] = "example", [CP_MALLARD_CODE] = "mono-block",
    [CP_MALLARD_TABLE] = NULL, [CP_MALLARD_IMAGE] = NULL, [CP_MALLARD_CAPTION] = "caption",
  };

  if (block->kind == CP_MALLARD_TABLE)
    append_widget (self, table_scroller (table_grid (block->rows)));
  else if (block->kind == CP_MALLARD_IMAGE)
    {
      GtkWidget *picture = gtk_picture_new_for_file (block->image);
      GdkPaintable *paintable = gtk_picture_get_paintable (GTK_PICTURE (picture));

      /* A text view gives its children the size they ask for: a figure
       * asks for its own, or less where the panel has less room. */
      if (paintable != NULL && gdk_paintable_get_intrinsic_width (paintable) > FIGURE_WIDTH)
        gtk_widget_set_size_request (picture, FIGURE_WIDTH,
                                     (int) (FIGURE_WIDTH / gdk_paintable_get_intrinsic_aspect_ratio (paintable)));
      else
        gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
      append_widget (self, picture);
    }
  else if (block->bullet != NULL)
    {
      /* The bullet hangs in the margin of the item's lines. */
      g_autofree char *text = g_strconcat (block->bullet, block->markup, NULL);

      append_markup (self, text, tags[block->kind]);
    }
  else
    append_markup (self, block->markup, tags[block->kind]);
}

/* Lays out the page read last, if that is still to be done. */
static void
lay_out (CpRulesView *self)
{
  if (self->pending == NULL)
    return;
  for (guint i = 0; i < self->pending->len; i++)
    append_block (self, self->pending->pdata[i]);
  g_clear_pointer (&self->pending, g_ptr_array_unref);
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
  g_autoptr (GFile) file = cp_mallard_find_page (page_id);

  g_clear_pointer (&self->pending, g_ptr_array_unref);
  gtk_text_buffer_set_text (self->buffer, "", 0);
  if (file == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("The rules of this game are not installed"));
      return FALSE;
    }
  self->pending = cp_mallard_read (file, error);
  if (self->pending == NULL)
    return FALSE;
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

  g_clear_pointer (&self->pending, g_ptr_array_unref);
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
  gtk_text_buffer_create_tag (self->buffer, "caption", "style", PANGO_STYLE_ITALIC, "scale", PANGO_SCALE_SMALL,
                              "left-margin", 20, NULL);
  gtk_text_buffer_create_tag (self->buffer, "table", "left-margin", 20, NULL);
  gtk_text_buffer_create_tag (self->buffer, "mono-block", "family", "monospace", "left-margin", 20, NULL);

  self->scroller = gtk_scrolled_window_new ();
  /* The text takes the focus, not its scroller. */
  gtk_widget_set_focusable (self->scroller, FALSE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->text_view);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}

GtkWidget *
cp_rules_view_new (void)
{
  return g_object_new (CP_TYPE_RULES_VIEW, NULL);
}
