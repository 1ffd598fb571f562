/* cp-board-legend.c: the key to the marks of a board
 *
 * A line for each mark the game shown may put on its board, as its
 * presentation lists them, then the marks of play every board shows (the
 * last move, the piece picked up, where it may go).  Each line has a
 * sample of the mark, drawn by the board's own renderer in its colours,
 * and what the mark means.  The key follows a CpBoardView: its game, its
 * seats' colours, its theme and the light or dark style.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "cp-board-legend.h"
#include "cp-engine.h"

#define SAMPLE_SIZE 36

struct _CpBoardLegend
{
  GtkBox parent_instance;

  GtkWidget *rows;
  CpBoardView *board;   /* weak */
  GArray *lines;        /* CpLegendEntry: the game's, then those of play */
  guint n_game_lines;
};

G_DEFINE_FINAL_TYPE (CpBoardLegend, cp_board_legend, GTK_TYPE_BOX)

enum { PROP_0, PROP_BOARD, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
line_clear (gpointer data)
{
  g_free (((CpLegendEntry *) data)->text);
}

static void
draw_sample (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  CpBoardLegend *self = g_object_get_data (G_OBJECT (area), "legend");
  guint line = GPOINTER_TO_UINT (data);

  if (self == NULL || self->board == NULL || line >= self->lines->len)
    return;
  cp_board_renderer_draw_sample (cp_board_view_get_renderer (self->board), cr,
                                 &g_array_index (self->lines, CpLegendEntry, line), 0, 0, MIN (width, height),
                                 gtk_widget_get_scale_factor (GTK_WIDGET (area)));
}

/* The marks of play, which every board shows. */
static void
add_play_lines (CpBoardLegend *self)
{
  static const struct {
    CpMark mark;
    CpPieceKind piece;
    guint seat;
  } marks[] = {
    { CP_MARK_LAST_MOVE, CP_PIECE_KNIGHT, 0 },
    { CP_MARK_PICKED, CP_PIECE_KNIGHT, 0 },
    { CP_MARK_TARGET, CP_PIECE_NONE, 0 },
    { CP_MARK_CAPTURE, CP_PIECE_PAWN, 1 },
  };
  const char *texts[G_N_ELEMENTS (marks)] = {
    _("The cells of the last move."),
    _("The piece picked up, ready to move."),
    _("A dot: a cell the piece picked up may go to."),
    _("A ring: a piece it may take."),
  };

  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    {
      CpLegendEntry line = { .mark = (guint8) marks[i].mark,
                             .piece = { .kind = (guint8) marks[i].piece, .seat = (guint8) marks[i].seat },
                             .text = g_strdup (texts[i]) };

      g_array_append_val (self->lines, line);
    }
}

static GtkWidget *
line_new (CpBoardLegend *self, guint line)
{
  const CpLegendEntry *entry = &g_array_index (self->lines, CpLegendEntry, line);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *area = g_object_new (GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                  "content-width", SAMPLE_SIZE, "content-height", SAMPLE_SIZE,
                                  "valign", GTK_ALIGN_START, NULL);
  GtkWidget *label = gtk_label_new (entry->text);

  g_object_set_data (G_OBJECT (area), "legend", self);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_sample, GUINT_TO_POINTER (line), NULL);
  gtk_widget_add_css_class (area, "legend-sample");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  gtk_label_set_width_chars (GTK_LABEL (label), 28);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), area);
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

/* Takes the board's key again and builds the lines. */
static void
rebuild (CpBoardLegend *self)
{
  const CpLegendEntry *entries = NULL;
  GtkWidget *child;
  guint n = 0;

  while ((child = gtk_widget_get_first_child (self->rows)) != NULL)
    gtk_box_remove (GTK_BOX (self->rows), child);
  g_array_set_size (self->lines, 0);
  if (self->board != NULL)
    entries = cp_board_view_get_legend (self->board, &n);
  for (guint i = 0; i < n; i++)
    {
      CpLegendEntry line = entries[i];

      line.text = g_strdup (line.text);
      g_array_append_val (self->lines, line);
    }
  self->n_game_lines = n;
  add_play_lines (self);
  for (guint i = 0; i < self->lines->len; i++)
    {
      if (i == self->n_game_lines && i > 0)
        gtk_box_append (GTK_BOX (self->rows), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
      gtk_box_append (GTK_BOX (self->rows), line_new (self, i));
    }
}

/* Draws the samples again, in new colours. */
static void
redraw (CpBoardLegend *self)
{
  for (GtkWidget *line = gtk_widget_get_first_child (self->rows); line != NULL;
       line = gtk_widget_get_next_sibling (line))
    {
      GtkWidget *sample = gtk_widget_get_first_child (line);

      if (sample != NULL)
        gtk_widget_queue_draw (sample);
    }
}

static void
board_gone (gpointer data, GObject *board)
{
  CpBoardLegend *self = data;

  self->board = NULL;
  rebuild (self);
}

/**
 * cp_board_legend_set_board:
 * @board: (nullable): the board whose marks to explain
 */
void
cp_board_legend_set_board (CpBoardLegend *self, CpBoardView *board)
{
  g_return_if_fail (CP_IS_BOARD_LEGEND (self));
  g_return_if_fail (board == NULL || CP_IS_BOARD_VIEW (board));

  if (self->board == board)
    return;
  if (self->board != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->board, self);
      g_object_weak_unref (G_OBJECT (self->board), board_gone, self);
    }
  self->board = board;
  if (board != NULL)
    {
      g_object_weak_ref (G_OBJECT (board), board_gone, self);
      g_signal_connect_swapped (board, "legend-changed", G_CALLBACK (rebuild), self);
      g_signal_connect_swapped (board, "notify::theme", G_CALLBACK (redraw), self);
    }
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOARD]);
}

/**
 * cp_board_legend_get_board:
 *
 * Returns: (transfer none) (nullable): the board explained
 */
CpBoardView *
cp_board_legend_get_board (CpBoardLegend *self)
{
  g_return_val_if_fail (CP_IS_BOARD_LEGEND (self), NULL);

  return self->board;
}

/* The number of lines of the key, those of play included. */
guint
cp_board_legend_get_n_lines (CpBoardLegend *self)
{
  g_return_val_if_fail (CP_IS_BOARD_LEGEND (self), 0);

  return self->lines->len;
}

/**
 * cp_board_legend_get_text:
 *
 * Returns: (transfer none): what line @line of the key says
 */
const char *
cp_board_legend_get_text (CpBoardLegend *self, guint line)
{
  g_return_val_if_fail (CP_IS_BOARD_LEGEND (self), NULL);
  g_return_val_if_fail (line < self->lines->len, NULL);

  return g_array_index (self->lines, CpLegendEntry, line).text;
}

/* The marks of the game shown that the key lists, as CP_MARK_BIT()s
 * (not those of play, which every key lists). */
guint32
cp_board_legend_get_marks (CpBoardLegend *self)
{
  guint32 marks = 0;

  g_return_val_if_fail (CP_IS_BOARD_LEGEND (self), 0);

  for (guint i = 0; i < self->n_game_lines; i++)
    marks |= CP_MARK_BIT (g_array_index (self->lines, CpLegendEntry, i).mark);
  return marks;
}

static void
cp_board_legend_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_BOARD:
      g_value_set_object (value, CP_BOARD_LEGEND (object)->board);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_board_legend_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_BOARD:
      cp_board_legend_set_board (CP_BOARD_LEGEND (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_board_legend_dispose (GObject *object)
{
  CpBoardLegend *self = CP_BOARD_LEGEND (object);

  if (self->board != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->board, self);
      g_object_weak_unref (G_OBJECT (self->board), board_gone, self);
      self->board = NULL;
    }
  G_OBJECT_CLASS (cp_board_legend_parent_class)->dispose (object);
}

static void
cp_board_legend_finalize (GObject *object)
{
  CpBoardLegend *self = CP_BOARD_LEGEND (object);

  g_array_unref (self->lines);
  G_OBJECT_CLASS (cp_board_legend_parent_class)->finalize (object);
}

static void
cp_board_legend_class_init (CpBoardLegendClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_board_legend_dispose;
  object_class->finalize = cp_board_legend_finalize;
  object_class->get_property = cp_board_legend_get_property;
  object_class->set_property = cp_board_legend_set_property;

  /**
   * CpBoardLegend:board:
   *
   * The board whose marks the key explains.
   */
  properties[PROP_BOARD] = g_param_spec_object ("board", NULL, NULL, CP_TYPE_BOARD_VIEW,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chess_parlour/ChessParlour/ui/cp-board-legend.ui");
  gtk_widget_class_bind_template_child (widget_class, CpBoardLegend, rows);
}

static void
cp_board_legend_init (CpBoardLegend *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->lines = g_array_new (FALSE, TRUE, sizeof (CpLegendEntry));
  g_array_set_clear_func (self->lines, line_clear);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (redraw), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast", G_CALLBACK (redraw), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  rebuild (self);
}

/**
 * cp_board_legend_new:
 * @board: (nullable): the board whose marks to explain
 */
GtkWidget *
cp_board_legend_new (CpBoardView *board)
{
  return g_object_new (CP_TYPE_BOARD_LEGEND, "board", board, NULL);
}
