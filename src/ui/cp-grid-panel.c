/* cp-grid-panel.c: the tables a game shows beside its board
 *
 * One titled table for each CpGrid of the presentation.  A table the
 * seat at the screen fills in takes a click on a cell as that row's
 * choice (the row that had that column takes the row's old one, so each
 * row and column keeps one circle), and has buttons to deal the choice
 * at random and to seal it: the panel then emits "action-chosen" with
 * the legal action the choice stands for.  From the keyboard, the arrows
 * move a frame over the cells and Space or Enter choose the framed one.
 * A table of words (a score card) is a grid of labels, each cell named
 * for screen readers by its row's and its column's headings.  The pieces
 * of a table's headings stand on the light cells of the board's theme;
 * what they are is said above the columns and, written upwards, beside
 * the rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "cp-accessible.h"
#include "cp-engine.h"
#include "cp-grid-art.h"
#include "cp-grid-panel.h"

#define TABLE_WIDTH 180

struct _CpGridPanel
{
  GtkBox parent_instance;

  GArray *grids;          /* CpGrid shown, with their own strings */
  CpColour colours[CP_MAX_SEATS];
  CpActionList legal;     /* the actions the seat at the screen may take */
  gboolean choosing;      /* a table is being filled in... */
  CpAction action;        /* ...to play this action... */
  guint8 columns[CP_GRID_MAX]; /* ...with these columns circled */
  GtkWidget *choice_area; /* where that table is drawn... */
  const CpGrid *choice_grid; /* ...and the table */
  guint cursor_row, cursor_column; /* the cell framed for the keyboard */
  CpBoardThemeId theme;   /* the board's, whose light cells the pieces stand on */
};

G_DEFINE_FINAL_TYPE (CpGridPanel, cp_grid_panel, GTK_TYPE_BOX)

enum { PROP_0, PROP_THEME, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { ACTION_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
grid_clear (gpointer data)
{
  cp_grid_clear (data);
}

static void
draw_table (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  CpGridPanel *self = CP_GRID_PANEL (gtk_widget_get_ancestor (GTK_WIDGET (area), CP_TYPE_GRID_PANEL));
  const CpGrid *grid = data;
  GdkRGBA colour;
  CpBoardTheme theme;
  CpGridLook look;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &colour);
  cp_board_theme_get (self->theme, adw_style_manager_get_dark (adw_style_manager_get_default ()), &theme);
  look = (CpGridLook) { .ink = { colour.red, colour.green, colour.blue }, .ground = theme.light,
                        .scale = gtk_widget_get_scale_factor (GTK_WIDGET (area)) };
  cp_grid_art_draw (cr, grid, grid->choosing ? self->columns : NULL, self->colours[grid->seat % CP_MAX_SEATS],
                    width, &look);
  if (grid->choosing && gtk_widget_has_focus (GTK_WIDGET (area)))
    {
      double size = (double) width / (grid->n_columns + 1);

      cairo_set_source_rgb (cr, look.ink[0], look.ink[1], look.ink[2]);
      cairo_set_line_width (cr, 2);
      cairo_rectangle (cr, (self->cursor_column + 1) * size + 2, (self->cursor_row + 1) * size + 2, size - 4,
                       size - 4);
      cairo_stroke (cr);
    }
}

/* The legal action that the columns circled stand for, or NULL. */
static const CpAction *
chosen_action (CpGridPanel *self, const CpGrid *grid)
{
  guint32 value = cp_grid_value (grid, self->columns);

  for (guint i = 0; i < self->legal.len; i++)
    if (self->legal.items[i].type == self->action.type && self->legal.items[i].seat == self->action.seat
        && self->legal.items[i].value == value)
      return &self->legal.items[i];
  return NULL;
}

/* Names the table being filled in after its framed cell, for screen
 * readers, which read the name again as the frame moves: "Piece: knight,
 * Captures as: bishop, circled". */
static void
name_framed_cell (CpGridPanel *self)
{
  const CpGrid *grid = self->choice_grid;
  guint r = self->cursor_row, c = self->cursor_column;
  g_autofree char *row = NULL, *column = NULL, *name = NULL;

  if (self->choice_area == NULL || grid == NULL || r >= grid->n_rows || c >= grid->n_columns)
    return;
  row = grid->row_heading != NULL ? g_strdup_printf (C_("table cell", "%s: %s"), grid->row_heading,
                                                     cp_piece_kind_name (grid->row_piece[r]))
                                  : g_strdup (cp_piece_kind_name (grid->row_piece[r]));
  column = grid->column_heading != NULL ? g_strdup_printf (C_("table cell", "%s: %s"), grid->column_heading,
                                                           cp_piece_kind_name (grid->column_piece[c]))
                                        : g_strdup (cp_piece_kind_name (grid->column_piece[c]));
  if (self->columns[r] == c)
    /* Translators: the cell of a table framed for the keyboard, read by
     * screen readers: its row, its column, and that it is circled */
    name = g_strdup_printf (_("%s, %s, circled"), row, column);
  else
    /* Translators: as "%s, %s, circled", of a cell that is not */
    name = g_strdup_printf (_("%s, %s, not circled"), row, column);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->choice_area), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

/* Circles @column in @row; the row that had it takes the row's old one. */
static void
choose_cell (CpGridPanel *self, const CpGrid *grid, guint row, guint column)
{
  for (guint r = 0; r < grid->n_rows; r++)
    if (self->columns[r] == column)
      self->columns[r] = self->columns[row];
  self->columns[row] = (guint8) column;
  self->cursor_row = row;
  self->cursor_column = column;
  name_framed_cell (self);
  gtk_widget_queue_draw (self->choice_area);
}

static void
table_clicked (GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
  CpGridPanel *self = data;
  GtkWidget *area = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  guint row, column;

  gtk_widget_grab_focus (area);
  if (cp_grid_art_cell_at (self->choice_grid, gtk_widget_get_width (area), x, y, &row, &column))
    choose_cell (self, self->choice_grid, row, column);
}

static gboolean
table_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, gpointer data)
{
  CpGridPanel *self = data;
  GtkWidget *area = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (keys));
  const CpGrid *grid = self->choice_grid;

  switch (keyval)
    {
    case GDK_KEY_Up:
      self->cursor_row = (self->cursor_row + grid->n_rows - 1) % grid->n_rows;
      break;
    case GDK_KEY_Down:
      self->cursor_row = (self->cursor_row + 1) % grid->n_rows;
      break;
    case GDK_KEY_Left:
      self->cursor_column = (self->cursor_column + grid->n_columns - 1) % grid->n_columns;
      break;
    case GDK_KEY_Right:
      self->cursor_column = (self->cursor_column + 1) % grid->n_columns;
      break;
    case GDK_KEY_space:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      choose_cell (self, grid, self->cursor_row, self->cursor_column);
      return TRUE;
    default:
      return FALSE;
    }
  name_framed_cell (self);
  gtk_widget_queue_draw (area);
  return TRUE;
}

static void
deal_clicked (CpGridPanel *self)
{
  g_autoptr (GArray) choices = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint i = 0; i < self->legal.len; i++)
    if (self->legal.items[i].type == self->action.type && self->legal.items[i].seat == self->action.seat)
      g_array_append_val (choices, self->legal.items[i].value);
  if (choices->len == 0)
    return;
  cp_grid_columns (self->choice_grid, g_array_index (choices, guint32, g_random_int_range (0, (gint32) choices->len)),
                   self->columns);
  name_framed_cell (self);
  gtk_widget_queue_draw (self->choice_area);
}

static void
seal_clicked (CpGridPanel *self)
{
  const CpAction *action = chosen_action (self, self->choice_grid);
  CpAction copy;

  if (action == NULL)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  copy = *action;
  g_signal_emit (self, signals[ACTION_CHOSEN], 0, &copy);
}

static GtkWidget *
new_button (CpGridPanel *self, const char *label, GCallback callback)
{
  GtkWidget *button = cp_accessible_mnemonic_button_new (label);

  g_signal_connect_swapped (button, "clicked", callback, self);
  return button;
}

/* What screen readers say of a cell of a table of words: its row's
 * heading, then what the game says it holds, or its column's heading and
 * its text. */
static char *
cell_name (const CpGrid *grid, guint row, guint column)
{
  const char *word = cp_grid_get_word (grid, row, column);
  const char *name = cp_grid_get_name (grid, row, column);

  if (!g_str_equal (name, word))
    /* Translators: a cell of a table beside the board, for screen readers:
     * its row's heading (such as a player's name), then what the game
     * says the cell holds, such as "Alice, Hole 3: 4" */
    return g_strdup_printf (_("%s, %s"), cp_grid_get_word (grid, row, 0), name);
  /* Translators: a cell of a table beside the board, for screen
   * readers: its row's heading (such as a player's name), its column's
   * (such as "Hole 3") and its text, such as "Alice, Hole 3: 4" */
  return g_strdup_printf (_("%s, %s: %s"), cp_grid_get_word (grid, row, 0), cp_grid_get_name (grid, 0, column),
                          *word != '\0' ? word : _("empty"));
}

/* A cell of a table of words: a heading, or a text named after its
 * row's and its column's headings. */
static GtkWidget *
word_label_new (const CpGrid *grid, guint row, guint column)
{
  const char *word = cp_grid_get_word (grid, row, column);
  GtkWidget *label = gtk_label_new (word);
  g_autofree char *name = NULL;

  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0 : 0.5);
  gtk_widget_set_hexpand (label, column == 0);
  /* A margin inside the card the table is drawn on. */
  gtk_widget_set_margin_top (label, row == 0 ? 6 : 0);
  gtk_widget_set_margin_bottom (label, row == grid->n_rows ? 6 : 0);
  gtk_widget_set_margin_start (label, column == 0 ? 8 : 0);
  gtk_widget_set_margin_end (label, column == grid->n_columns ? 8 : 0);
  if (row == 0 || column == 0)
    {
      /* Headings in full: a score card names each player. */
      gtk_widget_add_css_class (label, "caption-heading");
      if (row == 0 && column > 0)
        gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        cp_grid_get_name (grid, row, column), -1);
      return label;
    }
  gtk_widget_add_css_class (label, "numeric");
  /* The columns of numbers keep one width. */
  gtk_label_set_width_chars (GTK_LABEL (label), 2);
  if (*word == '\0')
    /* An empty cell still shows where it is. */
    gtk_label_set_text (GTK_LABEL (label), "·");
  /* A mark such as a penalty's is told in words when pointed at. */
  if (!g_str_equal (cp_grid_get_name (grid, row, column), word))
    gtk_widget_set_tooltip_text (label, cp_grid_get_name (grid, row, column));
  name = cell_name (grid, row, column);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return label;
}

/* A table of words, in a grid of labels. */
static void
add_words (CpGridPanel *self, const CpGrid *grid)
{
  GtkWidget *table = gtk_grid_new ();

  gtk_grid_set_column_spacing (GTK_GRID (table), 6);
  gtk_grid_set_row_spacing (GTK_GRID (table), 4);
  gtk_widget_add_css_class (table, "card");
  gtk_widget_add_css_class (table, "words-table");
  gtk_widget_set_halign (table, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (table),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, grid->title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, grid->description ? grid->description : "",
                                  -1);
  for (guint row = 0; row <= grid->n_rows; row++)
    for (guint column = 0; column <= grid->n_columns; column++)
      gtk_grid_attach (GTK_GRID (table), word_label_new (grid, row, column), (int) column, (int) row, 1, 1);
  gtk_box_append (GTK_BOX (self), table);
}

/* The heading of the rows, written upwards beside them. */
static void
draw_row_heading (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  PangoLayout *layout = data;
  guint lines = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "lines"));
  double top = lines > 0 ? (double) height / lines : 0;
  GdkRGBA colour;
  int text_width, text_height;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &colour);
  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  /* Centred on the rows, below the line of the column's pieces. */
  cairo_translate (cr, (width - text_height) / 2.0, (top + height + text_width) / 2.0);
  cairo_rotate (cr, -G_PI / 2);
  gdk_cairo_set_source_rgba (cr, &colour);
  pango_cairo_show_layout (cr, layout);
}

/* @area, a drawn table, with the headings of its rows and columns around
 * it in a grid; or @area alone for a table without them. */
static GtkWidget *
add_headings (const CpGrid *grid, GtkWidget *area)
{
  GtkWidget *table, *column, *row;
  PangoLayout *layout;
  int text_height;
  double cell = (double) TABLE_WIDTH / (grid->n_columns + 1);

  if (grid->row_heading == NULL && grid->column_heading == NULL)
    return area;
  table = gtk_grid_new ();
  gtk_widget_set_halign (table, GTK_ALIGN_START);
  gtk_grid_attach (GTK_GRID (table), area, 1, 1, 1, 1);
  column = gtk_label_new (grid->column_heading ? grid->column_heading : "");
  gtk_widget_add_css_class (column, "caption-heading");
  gtk_widget_add_css_class (column, "column-heading");
  gtk_label_set_ellipsize (GTK_LABEL (column), PANGO_ELLIPSIZE_END);
  /* Over the columns, beside the corner. */
  gtk_widget_set_margin_start (column, (int) cell);
  gtk_widget_set_margin_bottom (column, 2);
  gtk_accessible_update_property (GTK_ACCESSIBLE (column), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  grid->column_heading ? grid->column_heading : "", -1);
  gtk_grid_attach (GTK_GRID (table), column, 1, 0, 1, 1);

  row = g_object_new (GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_ROW_HEADER, NULL);
  gtk_widget_add_css_class (row, "caption-heading");
  gtk_widget_add_css_class (row, "row-heading");
  layout = gtk_widget_create_pango_layout (row, grid->row_heading ? grid->row_heading : "");
  pango_layout_get_pixel_size (layout, NULL, &text_height);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (row), text_height + 4);
  g_object_set_data (G_OBJECT (row), "lines", GUINT_TO_POINTER (grid->n_rows + 1u));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (row), draw_row_heading, layout, g_object_unref);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  grid->row_heading ? grid->row_heading : "", -1);
  gtk_grid_attach (GTK_GRID (table), row, 0, 1, 1, 1);
  return table;
}

/* A table with its title, and what filling it in takes. */
static void
add_table (CpGridPanel *self, const CpGrid *grid)
{
  GtkWidget *title = gtk_label_new (grid->title);
  GtkWidget *area;

  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 20);
  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (self), title);
  if (grid->words != NULL)
    {
      add_words (self, grid);
      return;
    }

  /* A table to fill in is a grid whose cells the keyboard goes through;
   * the others are pictures, read by their description. */
  area = g_object_new (GTK_TYPE_DRAWING_AREA,
                       "accessible-role", grid->choosing ? GTK_ACCESSIBLE_ROLE_GRID : GTK_ACCESSIBLE_ROLE_IMG,
                       NULL);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), TABLE_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), (int) cp_grid_art_height (grid, TABLE_WIDTH));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_table, (gpointer) grid, NULL);
  gtk_widget_set_halign (area, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (area),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, grid->title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, grid->description ? grid->description : "",
                                  -1);
  gtk_box_append (GTK_BOX (self), add_headings (grid, area));
  if (!grid->choosing)
    return;

  {
    GtkGesture *click = gtk_gesture_click_new ();
    GtkEventController *keys = gtk_event_controller_key_new ();
    GtkEventController *focus = gtk_event_controller_focus_new ();
    GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *seal = new_button (self, _("_Seal"), G_CALLBACK (seal_clicked));

    g_signal_connect (click, "pressed", G_CALLBACK (table_clicked), self);
    gtk_widget_add_controller (area, GTK_EVENT_CONTROLLER (click));
    g_signal_connect (keys, "key-pressed", G_CALLBACK (table_key), self);
    gtk_widget_add_controller (area, keys);
    g_signal_connect_swapped (focus, "enter", G_CALLBACK (gtk_widget_queue_draw), area);
    g_signal_connect_swapped (focus, "leave", G_CALLBACK (gtk_widget_queue_draw), area);
    gtk_widget_add_controller (area, focus);
    gtk_widget_set_focusable (area, TRUE);
    self->choice_area = area;
    self->choice_grid = grid;
    name_framed_cell (self);
    gtk_box_append (GTK_BOX (buttons), new_button (self, _("_Deal at Random"), G_CALLBACK (deal_clicked)));
    gtk_widget_add_css_class (seal, "suggested-action");
    gtk_box_append (GTK_BOX (buttons), seal);
    gtk_box_append (GTK_BOX (self), buttons);
  }
}

/* Starts filling in @grid from its circles, unless it is the one being
 * filled in already. */
static void
start_choice (CpGridPanel *self, const CpGrid *grid)
{
  if (self->choosing && cp_action_same (&self->action, &grid->action))
    return;
  self->choosing = TRUE;
  self->action = grid->action;
  for (guint r = 0; r < grid->n_rows; r++)
    for (guint c = 0; c < grid->n_columns; c++)
      if ((grid->marks[r][c] & ~CP_GRID_FAINT) == CP_GRID_CIRCLE)
        self->columns[r] = (guint8) c;
}

/* Whether @legal holds actions like @action, whatever their value. */
static gboolean
may_choose (const CpActionList *legal, const CpAction *action)
{
  for (guint i = 0; i < legal->len; i++)
    if (legal->items[i].type == action->type && legal->items[i].seat == action->seat)
      return TRUE;
  return FALSE;
}

/**
 * cp_grid_panel_show:
 * @colours: (array): the colour of each seat's pieces
 * @legal: the actions the seat at the screen may take
 *
 * Shows the tables of @presentation; the panel hides when there are none.
 */
void
cp_grid_panel_show (CpGridPanel *self, const CpPresentation *presentation, const CpColour *colours,
                    const CpActionList *legal)
{
  GtkWidget *child;
  gboolean choosing = FALSE;

  g_return_if_fail (CP_IS_GRID_PANEL (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_box_remove (GTK_BOX (self), child);
  self->choice_area = NULL;
  self->choice_grid = NULL;
  g_array_set_size (self->grids, 0);
  cp_action_list_clear (&self->legal);
  for (guint i = 0; i < legal->len; i++)
    cp_action_list_append (&self->legal, &legal->items[i]);
  for (guint s = 0; s < CP_MAX_SEATS; s++)
    self->colours[s] = colours[s];

  for (guint i = 0; i < presentation->grids->len; i++)
    {
      CpGrid grid = g_array_index (presentation->grids, CpGrid, i);

      cp_grid_copy_strings (&grid);
      /* Only a table of the seat at the screen is filled in. */
      grid.choosing = grid.choosing && may_choose (legal, &grid.action);
      g_array_append_val (self->grids, grid);
    }
  for (guint i = 0; i < self->grids->len; i++)
    {
      const CpGrid *grid = &g_array_index (self->grids, CpGrid, i);

      if (grid->choosing)
        {
          start_choice (self, grid);
          choosing = TRUE;
        }
      add_table (self, grid);
    }
  self->choosing = choosing;
  gtk_widget_set_visible (GTK_WIDGET (self), self->grids->len > 0);
}

/* Draws @widget and what it holds again. */
static void
redraw_all (GtkWidget *widget)
{
  gtk_widget_queue_draw (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    redraw_all (child);
}

/* Draws the tables again, for a new style or theme. */
static void
redraw (CpGridPanel *self)
{
  redraw_all (GTK_WIDGET (self));
}

/**
 * cp_grid_panel_set_theme:
 *
 * Sets the board's theme: the pieces of the tables' headings stand on
 * its light cells.
 */
void
cp_grid_panel_set_theme (CpGridPanel *self, CpBoardThemeId theme)
{
  g_return_if_fail (CP_IS_GRID_PANEL (self));
  g_return_if_fail (theme < CP_N_BOARD_THEMES);

  if (self->theme == theme)
    return;
  self->theme = theme;
  redraw (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THEME]);
}

static void
cp_grid_panel_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_THEME:
      g_value_set_enum (value, CP_GRID_PANEL (object)->theme);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_grid_panel_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_THEME:
      cp_grid_panel_set_theme (CP_GRID_PANEL (object), g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_grid_panel_dispose (GObject *object)
{
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), object);
  G_OBJECT_CLASS (cp_grid_panel_parent_class)->dispose (object);
}

static void
cp_grid_panel_finalize (GObject *object)
{
  CpGridPanel *self = CP_GRID_PANEL (object);

  g_array_unref (self->grids);
  cp_action_list_clear (&self->legal);
  G_OBJECT_CLASS (cp_grid_panel_parent_class)->finalize (object);
}

static void
cp_grid_panel_class_init (CpGridPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cp_grid_panel_dispose;
  object_class->finalize = cp_grid_panel_finalize;
  object_class->get_property = cp_grid_panel_get_property;
  object_class->set_property = cp_grid_panel_set_property;

  /**
   * CpGridPanel:theme:
   *
   * The board's theme: the pieces of the tables' headings stand on its
   * light cells.
   */
  properties[PROP_THEME] = g_param_spec_enum ("theme", NULL, NULL, CP_TYPE_BOARD_THEME_ID, CP_BOARD_THEME_CLASSIC,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CpGridPanel::action-chosen:
   * @action: (type gpointer): the action a table filled in stands for
   */
  signals[ACTION_CHOSEN] = g_signal_new ("action-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
cp_grid_panel_init (CpGridPanel *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  self->grids = g_array_new (FALSE, TRUE, sizeof (CpGrid));
  g_array_set_clear_func (self->grids, grid_clear);
  cp_action_list_init (&self->legal);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (redraw), self);
}

GtkWidget *
cp_grid_panel_new (void)
{
  return g_object_new (CP_TYPE_GRID_PANEL, NULL);
}
