/* cp-score-sheet.c: a game's moves, laid out on paper
 *
 * A score sheet prints one game of any kind: its name, its tags (the
 * date, the event), the players and their armies, and how it ended; then
 * its moves in the game's own notation, numbered, one column a player as
 * the move list writes them, in as many columns of the page as they fit;
 * then a diagram of the final position.  Random results and other lines
 * stand under the move they follow, in grey.  Where the game has been
 * analysed (cp-annotations.h), the moves carry their marks, a graph of
 * the evaluation follows them, and the position before each move marked
 * as a mistake or a fine move is drawn with the move played and the move
 * preferred as arrows, under the preferred line.  A game not over prints
 * what everyone may know; a game over prints everything, as the end of
 * the game reveals it.  The paper's margins and the footer are those of
 * the rule sheets.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "cp-board-renderer.h"
#include "cp-caption.h"
#include "cp-move-rows.h"
#include "cp-score-sheet.h"

#define MARGIN 42.0          /* as the rule sheets */
#define GUTTER 18.0          /* between columns */
#define FOOTER_GAP 24.0
#define CELL_GAP 10.0        /* after the widest move of a column */
#define MAX_COLUMNS 3        /* of moves on a page */
#define PRINT_SCALE 4.0      /* pieces rasterised at 288 dots to the inch */
#define MAX_MARKED 10        /* diagrams of marked moves */
#define GRAPH_HEIGHT 110.0
#define GRAPH_RANGE 5.0      /* pawns above and below even */

/* A row as printed. */
typedef struct {
  CpMoveRowKind kind;
  guint round;
  GString *cells[CP_MAX_SEATS];  /* CP_MOVE_ROW_MOVES: the turn of each column, or NULL */
  CpSeatMask out;                /* CP_MOVE_ROW_MOVES: the seats out at its end */
  char *text;                    /* the row as printed */
} Row;

typedef struct {
  guint ply;      /* the position after this many actions */
  guint action;   /* the marked action played from it, or CP_NO_ACTION */
  char *caption;
} Diagram;

typedef enum {
  ITEM_TEXT,
  ITEM_RULE,
  ITEM_BOARD,
  ITEM_GRAPH,
} ItemKind;

typedef struct {
  ItemKind kind;
  double x, y, width, height;
  PangoLayout *layout;  /* ITEM_TEXT */
  gboolean quiet;       /* ITEM_TEXT: in grey */
  guint diagram;        /* ITEM_BOARD: its number */
} Item;

struct _CpScoreSheet
{
  GObject parent_instance;

  CpGame *game;
  CpNotation notation;
  guint viewer;         /* CP_VIEW_ALL once the game is over */
  CpMoveColumns columns;
  gboolean named;       /* the cells begin with their player's name */
  GArray *rows;         /* Row */
  GArray *diagrams;     /* Diagram */
  CpAnnotations *annotations; /* or NULL where the game has none */
  GPtrArray *pages;     /* GArray of Item */
  double width, height;
  gboolean rtl;
};

static void cp_score_sheet_printable_init (CpPrintableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CpScoreSheet, cp_score_sheet, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CP_TYPE_PRINTABLE, cp_score_sheet_printable_init))

static void
row_clear (gpointer data)
{
  Row *row = data;

  for (guint c = 0; c < CP_MAX_SEATS; c++)
    if (row->cells[c] != NULL)
      g_string_free (row->cells[c], TRUE);
  g_free (row->text);
}

static void
diagram_clear (gpointer data)
{
  g_free (((Diagram *) data)->caption);
}

static void
item_clear (gpointer data)
{
  g_clear_object (&((Item *) data)->layout);
}

static GArray *
new_page (CpScoreSheet *self)
{
  GArray *page = g_array_new (FALSE, TRUE, sizeof (Item));

  g_array_set_clear_func (page, item_clear);
  g_ptr_array_add (self->pages, page);
  return page;
}

static const char *
player_name (CpScoreSheet *self, guint seat)
{
  return cp_player_get_name (cp_game_get_player (self->game, seat));
}

/* A line of its own: a random result, or what a player did outside the
 * numbered moves. */
static char *
line_text (CpScoreSheet *self, guint index, const char *text)
{
  const CpAction *action = cp_game_get_action (self->game, index);

  if (cp_move_rows_is_note (self->game, index))
    return g_strdup (text);
  if (action->seat == CP_SEAT_CHANCE || action->seat >= CP_MAX_SEATS)
    return cp_caption_capitalize (text);
  /* Translators: a player and what they did, such as "Black offers a draw" */
  return g_strdup_printf (_("%s %s"), player_name (self, action->seat), text);
}

/* What the analysis says of action @index, or NULL. */
static const CpAnnotation *
annotation_at (CpScoreSheet *self, guint index)
{
  return self->annotations != NULL ? cp_annotations_get (self->annotations, index) : NULL;
}

/* Whether @mark says the move lost much, so that the move preferred is
 * shown beside it. */
static gboolean
bad_mark (CpMoveMark mark)
{
  return mark == CP_MOVE_MARK_MISTAKE || mark == CP_MOVE_MARK_BLUNDER;
}

static gboolean
diagram_mark (CpMoveMark mark)
{
  return mark == CP_MOVE_MARK_MISTAKE || mark == CP_MOVE_MARK_BLUNDER || mark == CP_MOVE_MARK_GOOD
         || mark == CP_MOVE_MARK_BRILLIANT;
}

/* The position before a marked move, with the move and the one the
 * computer preferred, under their line. */
static void
add_marked_diagram (CpScoreSheet *self, guint index, const CpActionNumber *number, const char *text)
{
  const CpAnnotation *annotation = annotation_at (self, index);
  Diagram diagram = { .ply = index, .action = index };
  g_autofree char *label = NULL;
  g_autoptr (GString) caption = g_string_new (NULL);

  if (annotation == NULL || !diagram_mark (annotation->mark) || self->diagrams->len >= MAX_MARKED)
    return;
  if (number->round > 0)
    label = g_strdup_printf (number->place == 0 ? "%u. %s" : "%u… %s", number->round, text);
  g_string_append (caption, label != NULL ? label : text);
  if (bad_mark (annotation->mark) && annotation->n_line > 0)
    {
      g_autoptr (CpState) before = cp_game_state_at (self->game, index);
      g_autofree char *line = cp_annotation_format_line (annotation, before, self->notation);
      g_autofree char *eval = cp_eval_format (&annotation->best_eval);

      if (line[0] != '\0')
        {
          g_string_append_c (caption, '\n');
          /* Translators: under a diagram of a printed game: the line the
           * computer preferred to the move played, and its evaluation,
           * such as "Better: Nf3 d5 c4 (+0.35)" */
          g_string_append_printf (caption, _("Better: %s (%s)"), line, eval[0] != '\0' ? eval : "?");
        }
    }
  diagram.caption = g_string_free (g_steal_pointer (&caption), FALSE);
  g_array_append_val (self->diagrams, diagram);
}

/* Adds action @index, written @text, to column @place of @row. */
static void
add_to_cell (CpScoreSheet *self, Row *row, guint place, guint index, const char *text)
{
  const CpAction *action = cp_game_get_action (self->game, index);
  g_autofree char *said = NULL;

  if (cp_move_rows_is_phrase (self->game, index, self->viewer, text) && !self->named && action->seat < CP_MAX_SEATS)
    text = said = g_strdup_printf (_("%s %s"), player_name (self, action->seat), text);
  if (row->cells[place] == NULL)
    row->cells[place] = g_string_new (text);
  else
    g_string_append_printf (row->cells[place], ", %s", text);
}

/* The text of a row of moves: its number, then its columns after tabs;
 * where the cells name their players, one under another. */
static char *
moves_text (CpScoreSheet *self, const Row *row)
{
  GString *text = g_string_new (NULL);
  gboolean started = FALSE;

  g_string_append_printf (text, "%u.", row->round);
  for (guint c = 0; c < self->columns.n_columns; c++)
    {
      if (self->named && row->cells[c] != NULL)
        {
          /* Translators: in the move list, a player's name before their moves,
           * such as "Anna: Nf3" */
          g_autofree char *name = g_strdup_printf (_("%s: "), player_name (self, self->columns.seats[c]));

          g_string_append_printf (text, "%s\t%s%s", started ? "\n" : "", name, row->cells[c]->str);
        }
      else if (self->named)
        continue;
      else if (row->cells[c] != NULL)
        g_string_append_printf (text, "\t%s", row->cells[c]->str);
      else if (!started && !(row->out & CP_SEAT_BIT (self->columns.seats[c])))
        g_string_append (text, "\t…");
      else
        g_string_append (text, "\t");
      started = started || row->cells[c] != NULL;
    }
  while (text->str[text->len - 1] == '\t')
    g_string_truncate (text, text->len - 1);
  return g_string_free (text, FALSE);
}

/* The rows of the game's moves, laid out as the move list lays them out,
 * in words: the moves marked as the analysis marked them. */
static void
arrange_rows (CpScoreSheet *self)
{
  CpGame *game = self->game;
  guint n = cp_game_get_n_actions (game);
  g_autofree CpActionNumber *numbers = g_new0 (CpActionNumber, n + 1);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_full (n + 1, g_free);
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (CpMoveRow));
  g_autofree CpMoveSlot *slots = g_new0 (CpMoveSlot, n + 1);

  cp_game_get_move_columns (game, &self->columns);
  self->named = cp_move_rows_name_players (game, &self->columns, FALSE);
  cp_game_number_actions (game, 0, n, numbers);
  for (guint i = 0; i < n; i++)
    {
      char *text = cp_game_format_action_for (game, i, self->notation, self->viewer);
      const CpAnnotation *annotation = annotation_at (self, i);

      if (!cp_move_rows_is_note (game, i) && annotation != NULL && annotation->mark != CP_MOVE_MARK_NONE)
        {
          char *marked = g_strconcat (text, cp_move_mark_to_symbol (annotation->mark), NULL);

          g_free (text);
          text = marked;
          add_marked_diagram (self, i, &numbers[i], text);
        }
      g_ptr_array_add (texts, text);
    }
  cp_move_rows_arrange (game, &self->columns, 0, n, numbers, (const char *const *) texts->pdata, rows, slots);

  for (guint r = 0; r < rows->len; r++)
    {
      const CpMoveRow *arranged = &g_array_index (rows, CpMoveRow, r);
      Row row = { .kind = arranged->kind, .round = arranged->round, .out = arranged->out };

      switch (arranged->kind)
        {
        case CP_MOVE_ROW_MOVES:
          for (guint c = 0; c < self->columns.n_columns; c++)
            for (guint i = arranged->cells[c]; i != CP_NO_ACTION && i <= arranged->last[c]; i++)
              if (slots[i].in_cell && slots[i].place == c && slots[i].row == r)
                add_to_cell (self, &row, c, i, g_ptr_array_index (texts, i));
          row.text = moves_text (self, &row);
          break;
        case CP_MOVE_ROW_OUT:
          /* Translators: in the move list, under the round where a player left
           * the game; %s is the player's army, such as "Black" */
          row.text = g_strdup_printf (_("%s is out"), cp_rules_seat_name (cp_game_get_rules (game),
                                                                          (guint) cp_bits_lowest (arranged->out)));
          break;
        default:
          row.text = line_text (self, arranged->first, g_ptr_array_index (texts, arranged->first));
          break;
        }
      g_array_append_val (self->rows, row);
    }
}

static void
add_diagrams (CpScoreSheet *self)
{
  const CpOutcome *outcome = cp_game_get_outcome (self->game);
  Diagram diagram = { .ply = cp_game_get_n_actions (self->game), .action = CP_NO_ACTION };

  diagram.caption = g_strdup (outcome->status != CP_STATUS_PLAYING ? _("The final position")
                                                                   : _("The position reached"));
  g_array_append_val (self->diagrams, diagram);
}

/**
 * cp_score_sheet_new:
 * @notation: how to write the moves
 *
 * Returns: (transfer full): the score sheet of @game as it is now
 */
CpScoreSheet *
cp_score_sheet_new (CpGame *game, CpNotation notation)
{
  CpScoreSheet *self;

  g_return_val_if_fail (CP_IS_GAME (game), NULL);

  self = g_object_new (CP_TYPE_SCORE_SHEET, NULL);
  self->game = g_object_ref (game);
  self->notation = notation;
  self->viewer = cp_game_get_outcome (game)->status != CP_STATUS_PLAYING ? CP_VIEW_ALL : CP_VIEW_PUBLIC;
  if (!cp_annotations_is_empty (cp_game_get_annotations (game)))
    self->annotations = g_object_ref (cp_game_get_annotations (game));
  arrange_rows (self);
  add_diagrams (self);
  return self;
}

guint
cp_score_sheet_get_n_rows (CpScoreSheet *self)
{
  g_return_val_if_fail (CP_IS_SCORE_SHEET (self), 0);
  return self->rows->len;
}

const char *
cp_score_sheet_get_row (CpScoreSheet *self, guint row)
{
  g_return_val_if_fail (CP_IS_SCORE_SHEET (self), NULL);
  g_return_val_if_fail (row < self->rows->len, NULL);
  return g_array_index (self->rows, Row, row).text;
}

guint
cp_score_sheet_get_n_diagrams (CpScoreSheet *self)
{
  g_return_val_if_fail (CP_IS_SCORE_SHEET (self), 0);
  return self->diagrams->len;
}

/* Laying out */

static PangoLayout *
make_layout (CpScoreSheet *self, cairo_t *cr, const char *text, const char *font, double width)
{
  PangoLayout *layout = cp_printable_create_layout (cr, font);

  pango_layout_set_text (layout, text, -1);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  /* Every paragraph from right to left, moves in Latin letters too, as
   * the rule sheets do. */
  if (self->rtl)
    {
      pango_context_set_base_dir (pango_layout_get_context (layout), PANGO_DIRECTION_RTL);
      pango_layout_set_auto_dir (layout, FALSE);
      pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
      pango_layout_context_changed (layout);
    }
  return layout;
}

static double
layout_height (PangoLayout *layout)
{
  int height;

  pango_layout_get_size (layout, NULL, &height);
  return (double) height / PANGO_SCALE;
}

static double
layout_width (PangoLayout *layout)
{
  int width;

  pango_layout_get_size (layout, &width, NULL);
  return (double) width / PANGO_SCALE;
}

static void
add_text (GArray *page, PangoLayout *layout, double x, double y, double width, gboolean quiet)
{
  Item item = { .kind = ITEM_TEXT, .layout = layout, .x = x, .y = y, .width = width,
                .height = layout_height (layout), .quiet = quiet };

  g_array_append_val (page, item);
}

static const struct {
  const char *tag;
  const char *label;
} known_tags[] = {
  { "Event", N_("Event") },
  { "Site", N_("Site") },
  { "Date", N_("Date") },
  { "Round", N_("Round") },
};

/* The value of tag @name, whatever the case of its letters. */
static const char *
lookup_tag (GHashTable *tags, const char *name)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, tags);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_ascii_strcasecmp (key, name) == 0)
      return value;
  return NULL;
}

/* The lines under the title: the tags, the players, the result. */
static char *
facts_text (CpScoreSheet *self)
{
  GString *text = g_string_new (NULL);
  GHashTable *tags = cp_game_get_tags (self->game);
  const CpRules *rules = cp_game_get_rules (self->game);
  const CpOutcome *outcome = cp_game_get_outcome (self->game);
  g_autoptr (GString) winners = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (known_tags); i++)
    {
      const char *value = lookup_tag (tags, known_tags[i].tag);

      if (value != NULL && value[0] != '\0' && !g_str_equal (value, "?") && !g_str_equal (value, "????.??.??"))
        /* Translators: a line of a printed score sheet, such as "Date: 2024.05.31" */
        g_string_append_printf (text, _("%s: %s\n"), _(known_tags[i].label), value);
    }
  for (guint seat = 0; seat < cp_game_get_n_seats (self->game); seat++)
    /* Translators: a player on a printed score sheet: the army, the name */
    g_string_append_printf (text, _("%s: %s\n"), cp_rules_seat_name (rules, seat), player_name (self, seat));
  for (guint seat = 0; seat < cp_game_get_n_seats (self->game); seat++)
    if (outcome->winners & CP_SEAT_BIT (seat))
      g_string_append_printf (winners, "%s%s", winners->len ? ", " : "", player_name (self, seat));
  switch (outcome->status)
    {
    case CP_STATUS_PLAYING:
      g_string_append (text, _("The game is not over."));
      break;
    case CP_STATUS_DRAWN:
      /* Translators: %s: how the game ended */
      g_string_append_printf (text, _("Drawn: %s."), cp_end_reason_describe (outcome->reason));
      break;
    case CP_STATUS_LOST:
      /* Translators: %s: how the game ended, for players who played together */
      g_string_append_printf (text, _("Lost by all: %s."), cp_end_reason_describe (outcome->reason));
      break;
    default:
      /* Translators: %s: the winners' names; %s: how the game ended */
      g_string_append_printf (text, _("Won by %s: %s."), winners->str, cp_end_reason_describe (outcome->reason));
      break;
    }
  if (outcome->scored)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Score: %u point.", "Score: %u points.",
                                                 outcome->score),
                              outcome->score);
    }
  return g_string_free (text, FALSE);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The x of column @c of @n, each @width wide. */
static double
column_x (CpScoreSheet *self, guint c, double width)
{
  if (self->rtl)
    return self->width - MARGIN - (c + 1) * width - c * GUTTER;
  return MARGIN + c * (width + GUTTER);
}

/* The armies' names over a column of moves; returns its height. */
static double
add_heading (CpScoreSheet *self, cairo_t *cr, GArray *page, const char *heading, PangoTabArray *tabs, double x,
             double y, double width)
{
  PangoLayout *layout = make_layout (self, cr, heading, "Sans Bold 8.5", width);

  pango_layout_set_tabs (layout, tabs);
  add_text (page, layout, x, y, width, TRUE);
  return layout_height (layout) + 3;
}

static CpBoardRenderer *
make_renderer (CpScoreSheet *self, guint diagram)
{
  const CpRules *rules = cp_game_get_rules (self->game);
  const Diagram *shown = &g_array_index (self->diagrams, Diagram, diagram);
  guint ply = shown->ply;
  g_autoptr (CpView) view = cp_game_view_at (self->game, ply, self->viewer);
  g_autoptr (CpPresentation) presentation = cp_game_present (self->game, view);
  const CpState *state = cp_view_get_state (view);
  const CpAction *last = cp_game_last_move (self->game, ply);
  CpBoardRenderer *renderer = cp_board_renderer_new (NULL);
  CpBoardTheme theme;

  cp_board_theme_get (CP_BOARD_THEME_CLASSIC, FALSE, &theme);
  cp_board_renderer_set_theme (renderer, &theme);
  cp_board_renderer_set_state (renderer, state);
  if (rules->piece_colours != NULL)
    cp_board_renderer_set_colours (renderer, rules->piece_colours, rules->n_piece_colours);
  else if (rules->colours != NULL)
    cp_board_renderer_set_colours (renderer, rules->colours, state->n_seats);
  cp_board_renderer_set_show_coordinates (renderer, TRUE);
  cp_board_renderer_set_overlays (renderer, (const CpOverlay *) (gpointer) presentation->overlays->data,
                                  presentation->overlays->len);
  cp_board_renderer_set_check (renderer, presentation->check_cell);
  if (last != NULL && last->type == CP_ACTION_MOVE && last->n_cells >= 2)
    {
      guint8 cells[2] = { last->cells[0], last->cells[last->n_cells - 1] };

      cp_board_renderer_set_last_move (renderer, cells, 2);
    }
  if (shown->action != CP_NO_ACTION)
    {
      const CpAction *played = cp_game_get_action (self->game, shown->action);
      const CpAnnotation *annotation = annotation_at (self, shown->action);
      CpArrow arrows[2];
      guint n = 0;

      gboolean bad = annotation != NULL && bad_mark (annotation->mark);

      /* A mistake in red with the move preferred in green; a fine move in
       * green. */
      if (played->type == CP_ACTION_MOVE && played->n_cells >= 2)
        arrows[n++] = (CpArrow) { played->cells[0], played->cells[played->n_cells - 1],
                                  bad ? (CpRgba) { 0.80, 0.15, 0.10, 0.75 } : (CpRgba) { 0.10, 0.55, 0.20, 0.80 } };
      if (bad && annotation->n_line > 0 && annotation->line[0].type == CP_ACTION_MOVE
          && annotation->line[0].n_cells >= 2)
        arrows[n++] = (CpArrow) { annotation->line[0].cells[0], annotation->line[0].cells[annotation->line[0].n_cells - 1],
                                  { 0.10, 0.55, 0.20, 0.80 } };
      cp_board_renderer_set_arrows (renderer, arrows, n);
    }
  return renderer;
}

/* The height of diagram @diagram drawn @width wide. */
static double
board_height (CpScoreSheet *self, guint diagram, double width)
{
  g_autoptr (CpBoardRenderer) renderer = make_renderer (self, diagram);
  CpRect extents;

  if (cp_board_renderer_get_extents (renderer, width, width * 4, 1, &extents))
    return ceil (extents.height + 2 * extents.x);
  return width;
}

static guint
cp_score_sheet_paginate (CpPrintable *printable, cairo_t *cr, double width, double height)
{
  CpScoreSheet *self = CP_SCORE_SHEET (printable);
  const CpRules *rules = cp_game_get_rules (self->game);
  double text_width = width - 2 * MARGIN;
  double bottom = height - MARGIN;
  double y = MARGIN, top, number_width, cell_width = 0, row_width, column_width, lowest;
  g_autofree char *facts = facts_text (self);
  g_autoptr (PangoLayout) probe = NULL;
  PangoTabArray *tabs;
  guint n_columns, column = 0;
  gboolean stacked;
  PangoTabArray *stacked_tabs;
  g_autoptr (GArray) widths = NULL;
  g_autofree double *row_widths = NULL;
  double measured;
  g_autofree char *heading = NULL;
  GArray *page;
  PangoLayout *layout;

  g_ptr_array_set_size (self->pages, 0);
  self->width = width;
  self->height = height;
  /* Translators: "rtl" where your language is written from right to
   * left, "ltr" elsewhere */
  self->rtl = g_str_equal (C_("text direction", "ltr"), "rtl");
  page = new_page (self);

  layout = make_layout (self, cr, _(rules->name), "Sans Bold 18", text_width);
  add_text (page, layout, MARGIN, y, text_width, FALSE);
  y += layout_height (layout) + 8;
  layout = make_layout (self, cr, facts, "Sans 10", text_width);
  add_text (page, layout, MARGIN, y, text_width, FALSE);
  y += layout_height (layout) + 10;
  g_array_append_val (page, ((Item) { .kind = ITEM_RULE, .x = MARGIN, .y = y, .width = text_width }));
  y += 12;

  /* The columns of moves: as many as the widest row lets stand side by
   * side, leaving out the few rows far wider than most (a long chain of
   * jumps), which stand one move under another. */
  probe = make_layout (self, cr, "888.", "Sans 9.5", -1);
  number_width = layout_width (probe) + 6;
  widths = g_array_new (FALSE, FALSE, sizeof (double));
  row_widths = g_new0 (double, self->rows->len + 1);
  for (guint r = 0; r < self->rows->len; r++)
    {
      const Row *row = &g_array_index (self->rows, Row, r);

      for (guint c = 0; c < CP_MAX_SEATS; c++)
        if (row->kind == CP_MOVE_ROW_MOVES && row->cells[c] != NULL)
          {
            g_autofree char *cell = self->named ? g_strdup_printf (_("%s: "), player_name (self, self->columns.seats[c]))
                                                : NULL;
            g_autofree char *shown = g_strconcat (cell ? cell : "", row->cells[c]->str, NULL);

            pango_layout_set_text (probe, shown, -1);
            measured = layout_width (probe) + CELL_GAP;
            g_array_append_val (widths, measured);
            row_widths[r] = MAX (row_widths[r], measured);
            cell_width = MAX (cell_width, measured);
          }
    }
  if (widths->len > 0)
    {
      double usual;

      g_array_sort (widths, compare_doubles);
      usual = g_array_index (widths, double, (widths->len - 1) * 9 / 10);
      if (cell_width > 1.6 * usual)
        cell_width = usual;
    }
  if (self->columns.headed && !self->named)
    for (guint c = 0; c < self->columns.n_columns; c++)
      {
        pango_layout_set_text (probe, cp_rules_seat_name (rules, self->columns.seats[c]), -1);
        cell_width = MAX (cell_width, layout_width (probe) + CELL_GAP);
      }
  cell_width = MAX (cell_width, 40);
  row_width = number_width + (self->named ? 1 : MAX (self->columns.n_columns, 1)) * cell_width;
  n_columns = CLAMP ((guint) ((text_width + GUTTER) / (row_width + GUTTER)), 1, MAX_COLUMNS);
  column_width = (text_width - (n_columns - 1) * GUTTER) / n_columns;
  /* Moves too wide to stand side by side stand one under another. */
  stacked = row_width > column_width;
  tabs = pango_tab_array_new (CP_MAX_SEATS, FALSE);
  stacked_tabs = pango_tab_array_new (CP_MAX_SEATS, FALSE);
  for (guint c = 0; c < CP_MAX_SEATS; c++)
    {
      pango_tab_array_set_tab (tabs, (int) c, PANGO_TAB_LEFT,
                               (int) ((number_width + (stacked ? 0 : c * cell_width)) * PANGO_SCALE));
      pango_tab_array_set_tab (stacked_tabs, (int) c, PANGO_TAB_LEFT, (int) (number_width * PANGO_SCALE));
    }
  /* Where more than two play, the armies head the columns. */
  if (self->columns.headed && !self->named && !stacked)
    {
      g_autoptr (GString) names = g_string_new (NULL);

      for (guint c = 0; c < self->columns.n_columns; c++)
        g_string_append_printf (names, "\t%s", cp_rules_seat_name (rules, self->columns.seats[c]));
      heading = g_string_free (g_steal_pointer (&names), FALSE);
    }

  top = lowest = y;
  if (heading != NULL)
    y += add_heading (self, cr, page, heading, tabs, column_x (self, 0, column_width), y, column_width);
  for (guint r = 0; r < self->rows->len; r++)
    {
      const Row *row = &g_array_index (self->rows, Row, r);
      g_autofree char *text = NULL;
      double row_height, indent;
      gboolean one_under_another = row->kind == CP_MOVE_ROW_MOVES && (stacked || row_widths[r] > cell_width);

      if (one_under_another)
        {
          g_auto (GStrv) parts = g_strsplit (row->text, "\t", -1);
          GString *lines = g_string_new (parts[0]);
          const char *before = "\t";

          /* An ellipsis for the moves before stays on the line. */
          for (guint k = 1; parts[k] != NULL; k++)
            if (g_str_equal (parts[k], "…"))
              before = "\t… ";
            else if (parts[k][0] != '\0')
              {
                g_string_append_printf (lines, "%s%s%s", lines->len > strlen (parts[0]) ? "\n" : "", before,
                                        parts[k]);
                before = "\t";
              }
          text = g_string_free (lines, FALSE);
        }
      /* Lines under a move stand indented past the numbers. */
      indent = row->kind == CP_MOVE_ROW_MOVES ? 0 : number_width;
      layout = make_layout (self, cr, text != NULL ? text : row->text,
                            row->kind == CP_MOVE_ROW_MOVES ? "Sans 9.5" : "Sans Italic 8.5", column_width - indent);
      if (row->kind == CP_MOVE_ROW_MOVES)
        pango_layout_set_tabs (layout, one_under_another ? stacked_tabs : tabs);
      row_height = layout_height (layout) + 1.5;
      if (y + row_height > bottom && y > top)
        {
          if (++column == n_columns)
            {
              page = new_page (self);
              column = 0;
              top = lowest = MARGIN;
            }
          y = top;
          if (heading != NULL)
            y += add_heading (self, cr, page, heading, tabs, column_x (self, column, column_width), y,
                              column_width);
        }
      add_text (page, layout, column_x (self, column, column_width) + (self->rtl ? 0 : indent), y,
                column_width - indent, row->kind != CP_MOVE_ROW_MOVES);
      y += row_height;
      lowest = MAX (lowest, y);
    }
  pango_tab_array_free (tabs);
  pango_tab_array_free (stacked_tabs);

  y = lowest + 14;
  /* The graph of the evaluation, under its title. */
  if (self->annotations != NULL)
    {
      /* Translators: over the graph of a printed game; %s: the first
       * player's army, such as "White" */
      g_autofree char *title = g_strdup_printf (_("The computer’s evaluation of each position, from %s’s side"),
                                                cp_rules_seat_name (rules, 0));
      PangoLayout *caption = make_layout (self, cr, title, "Sans 9", text_width);
      double block = layout_height (caption) + 4 + GRAPH_HEIGHT;
      Item graph = { .kind = ITEM_GRAPH, .x = MARGIN, .width = text_width, .height = GRAPH_HEIGHT };

      if (y + block > bottom && y > MARGIN)
        {
          page = new_page (self);
          y = MARGIN;
        }
      add_text (page, caption, MARGIN, y, text_width, FALSE);
      graph.y = y + layout_height (caption) + 4;
      g_array_append_val (page, graph);
      y += block + 14;
    }

  /* The diagrams, two side by side under the moves. */
  for (guint d = 0; d < self->diagrams->len; d += 2)
    {
      double board_width = (text_width - GUTTER) / 2;
      double block = 0;
      PangoLayout *captions[2] = { NULL, NULL };
      double heights[2] = { 0, 0 };

      for (guint k = 0; k < 2 && d + k < self->diagrams->len; k++)
        {
          captions[k] = make_layout (self, cr, g_array_index (self->diagrams, Diagram, d + k).caption, "Sans 9",
                                     board_width);
          heights[k] = board_height (self, d + k, board_width);
          block = MAX (block, heights[k] + 4 + layout_height (captions[k]));
        }
      if (y + block > bottom && y > MARGIN)
        {
          page = new_page (self);
          y = MARGIN;
        }
      for (guint k = 0; k < 2 && captions[k] != NULL; k++)
        {
          double x = column_x (self, k, board_width);
          Item board = { .kind = ITEM_BOARD, .x = x, .y = y, .width = board_width, .height = heights[k],
                         .diagram = d + k };

          g_array_append_val (page, board);
          add_text (page, captions[k], x, y + heights[k] + 4, board_width, FALSE);
        }
      y += block + 14;
    }
  return self->pages->len;
}

/* The y of @eval in the graph @item. */
static double
graph_y (const Item *item, const CpEval *eval)
{
  double pawns = CLAMP (cp_eval_to_pawns (eval), -GRAPH_RANGE, GRAPH_RANGE);

  return item->y + item->height / 2 - pawns / GRAPH_RANGE * (item->height / 2);
}

/* Where the graph's @k-th step stands across @item, @step wide: from
 * the left, or from the right where the page reads from the right. */
static double
graph_x (CpScoreSheet *self, const Item *item, double step, guint k)
{
  return self->rtl ? item->x + item->width - k * step : item->x + k * step;
}

/* The evaluation after each action, from the start on: grey above the
 * middle where the first seat stands better, below where the second
 * does; marked moves as dots, red for mistakes, green for fine moves.
 * An action the analysis passed over keeps the evaluation before it.
 * The game runs the way the page reads, its scale on the side it starts
 * from. */
static void
draw_graph (CpScoreSheet *self, cairo_t *cr, const Item *item)
{
  guint first = cp_game_get_setup_length (self->game);
  guint n = cp_game_get_n_actions (self->game);
  double middle = item->y + item->height / 2;
  double step = item->width / MAX (n - MIN (first, n), 1);
  CpEval even = { .known = TRUE };
  const CpEval *last = &even;
  PangoLayout *layout;

  cairo_save (cr);
  cairo_set_line_width (cr, 0.5);
  cairo_set_source_rgb (cr, 0.96, 0.96, 0.96);
  cairo_rectangle (cr, item->x, item->y, item->width, item->height);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_stroke (cr);

  /* The area between the curve and even. */
  cairo_move_to (cr, graph_x (self, item, step, 0), middle);
  for (guint i = first; i < n; i++)
    {
      const CpAnnotation *annotation = annotation_at (self, i);

      if (annotation != NULL && annotation->eval.known)
        last = &annotation->eval;
      cairo_line_to (cr, graph_x (self, item, step, i - first + 1), graph_y (item, last));
    }
  cairo_line_to (cr, graph_x (self, item, step, n - first), middle);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 0.35, 0.35, 0.35, 0.35);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_set_line_width (cr, 0.8);
  cairo_stroke (cr);

  cairo_set_line_width (cr, 0.4);
  cairo_set_dash (cr, (const double[]) { 2, 2 }, 2, 0);
  cairo_move_to (cr, item->x, middle);
  cairo_rel_line_to (cr, item->width, 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);

  for (guint i = first; i < n; i++)
    {
      const CpAnnotation *annotation = annotation_at (self, i);
      gboolean bad;

      if (annotation == NULL || annotation->mark == CP_MOVE_MARK_NONE)
        continue;
      bad = annotation->mark == CP_MOVE_MARK_MISTAKE || annotation->mark == CP_MOVE_MARK_BLUNDER
            || annotation->mark == CP_MOVE_MARK_DUBIOUS;
      if (bad)
        cairo_set_source_rgb (cr, annotation->mark == CP_MOVE_MARK_DUBIOUS ? 0.9 : 0.8,
                              annotation->mark == CP_MOVE_MARK_DUBIOUS ? 0.55 : 0.12, 0.1);
      else
        cairo_set_source_rgb (cr, 0.1, 0.55, 0.2);
      cairo_arc (cr, graph_x (self, item, step, i - first + 1), graph_y (item, annotation->eval.known ? &annotation->eval : &even),
                 2.2, 0, 2 * G_PI);
      cairo_fill (cr);
    }

  /* The scale, in pawns. */
  layout = cp_printable_create_layout (cr, "Sans 6.5");
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  for (guint top = 0; top < 2; top++)
    {
      int width;

      pango_layout_set_text (layout, top == 0 ? "+5" : "\u22125", -1);
      pango_layout_get_pixel_size (layout, &width, NULL);
      cairo_move_to (cr, self->rtl ? item->x + item->width - 2 - width : item->x + 2,
                     top == 0 ? item->y + 1 : item->y + item->height - 1 - layout_height (layout));
      pango_cairo_show_layout (cr, layout);
    }
  g_object_unref (layout);
  cairo_restore (cr);
}

static void
draw_item (CpScoreSheet *self, cairo_t *cr, const Item *item)
{
  switch (item->kind)
    {
    case ITEM_TEXT:
      if (item->quiet)
        cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      else
        cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_move_to (cr, item->x, item->y);
      pango_cairo_show_layout (cr, item->layout);
      break;
    case ITEM_RULE:
      cairo_save (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
      cairo_set_line_width (cr, 0.5);
      cairo_move_to (cr, item->x, item->y);
      cairo_rel_line_to (cr, item->width, 0);
      cairo_stroke (cr);
      cairo_restore (cr);
      break;
    case ITEM_BOARD:
      {
        g_autoptr (CpBoardRenderer) renderer = make_renderer (self, item->diagram);

        cairo_save (cr);
        cairo_translate (cr, item->x, item->y);
        cp_board_renderer_draw (renderer, cr, item->width, item->height, PRINT_SCALE);
        cairo_restore (cr);
      }
      break;
    case ITEM_GRAPH:
      draw_graph (self, cr, item);
      break;
    }
}

static void
cp_score_sheet_draw_page (CpPrintable *printable, cairo_t *cr, guint number)
{
  CpScoreSheet *self = CP_SCORE_SHEET (printable);
  GArray *page;

  g_return_if_fail (number < self->pages->len);
  page = self->pages->pdata[number];
  for (guint i = 0; i < page->len; i++)
    draw_item (self, cr, &g_array_index (page, Item, i));
  cp_printable_draw_footer (cr, self->width, self->height - MARGIN + FOOTER_GAP,
                            _(cp_game_get_rules (self->game)->name), number);
}

static void
cp_score_sheet_printable_init (CpPrintableInterface *iface)
{
  iface->paginate = cp_score_sheet_paginate;
  iface->draw_page = cp_score_sheet_draw_page;
}

static void
cp_score_sheet_finalize (GObject *object)
{
  CpScoreSheet *self = CP_SCORE_SHEET (object);

  g_clear_object (&self->game);
  g_clear_object (&self->annotations);
  g_array_unref (self->rows);
  g_array_unref (self->diagrams);
  g_ptr_array_unref (self->pages);
  G_OBJECT_CLASS (cp_score_sheet_parent_class)->finalize (object);
}

static void
cp_score_sheet_class_init (CpScoreSheetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_score_sheet_finalize;
}

static void
cp_score_sheet_init (CpScoreSheet *self)
{
  self->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  g_array_set_clear_func (self->rows, row_clear);
  self->diagrams = g_array_new (FALSE, TRUE, sizeof (Diagram));
  g_array_set_clear_func (self->diagrams, diagram_clear);
  self->pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
}
