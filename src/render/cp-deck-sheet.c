/* cp-deck-sheet.c: card decks and game sheets, laid out on paper
 *
 * Cards are printed at poker size, nine to a page in three rows of three
 * that touch, so that two straight cuts a line part them; the cut marks
 * stand in the margins on the lines between the cards.  Each page of
 * fronts is followed by a page of backs laid out in mirror image, so that
 * the two line up when the sheet is printed on both sides and turned
 * over its long edge.  Sheets for pencil and paper (the Masquerade Chess
 * tables, the Chess Golf score card) are drawn with the same pieces, and
 * so are the Chess Attack tiles: one for each kind of piece and colour,
 * its values at full health on one half and wounded on the other, upside
 * down, so that the tile folded along its middle shows one on each side.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "cp-card-art.h"
#include "cp-deck-sheet.h"

#define CARD_WIDTH (CP_CARD_ART_WIDTH_MM / 25.4 * 72)
#define CARD_HEIGHT (CP_CARD_ART_HEIGHT_MM / 25.4 * 72)
#define COLUMNS 3
#define ROWS 3
#define PER_PAGE (COLUMNS * ROWS)
#define MARK_GAP 4.0       /* between a card's edge and its cut mark */
#define MARK_LENGTH 12.0
#define MARGIN 54.0        /* of the sheets for pencil and paper */
#define TILE_WIDTH (45 / 25.4 * 72)
#define TILE_HALF (40 / 25.4 * 72)
#define TILE_COLUMNS 4

typedef enum {
  SHEET_CARDS,
  SHEET_MASQUERADE,
  SHEET_GOLF_SCORES,
  SHEET_ATTACK_TILES,
} SheetKind;

static const struct {
  CpDeckInfo info;
  SheetKind kind;
  CpChessDeckFlags contents;  /* for cards: the chess deck's parts, or 0 for all 52 */
} decks[] = {
  { { "chess-deck", N_("Chess deck"),
      N_("The 52 playing cards, each with the piece or checker it stands for") }, SHEET_CARDS, 0 },
  { { "two-move", N_("Two Move Chess cards"),
      N_("Ten cards: a knight, bishop, rook, queen and king of each colour"), "two-move" }, SHEET_CARDS, CP_CHESS_DECK_PIECES },
  { { "tar-pit", N_("Tar Pit Chess cards"),
      N_("36 cards: one for each piece, and two checker cards of each colour"), "tar-pit" },
    SHEET_CARDS, CP_CHESS_DECK_PAWNS | CP_CHESS_DECK_PIECES | CP_CHESS_DECK_SIXES },
  { { "cooperative", N_("Cooperative Chess cards"),
      N_("32 cards: one for each piece"), "cooperative" }, SHEET_CARDS, CP_CHESS_DECK_PAWNS | CP_CHESS_DECK_PIECES },
  { { "golf", N_("Chess Golf cards"),
      N_("16 cards: one for each piece but the pawns"), "golf" }, SHEET_CARDS, CP_CHESS_DECK_PIECES },
  { { "masquerade-tables", N_("Masquerade Chess tables"),
      N_("Four tables of capture moves, two for each player"), "masquerade" }, SHEET_MASQUERADE, 0 },
  { { "golf-score-card", N_("Chess Golf score card"),
      N_("Nine holes for up to six players, with par"), "golf" }, SHEET_GOLF_SCORES, 0 },
  { { "chess-attack-tiles", N_("Chess Attack tiles"),
      N_("A tile for each kind of piece of both colours, with its values at full health and wounded"),
      "chess-attack" },
    SHEET_ATTACK_TILES, 0 },
};

/* The kinds of the tiles, and, all but the last, the pieces of the
 * Masquerade Chess tables. */
static const CpPieceKind tile_kinds[] = {
  CP_PIECE_KING, CP_PIECE_QUEEN, CP_PIECE_ROOK, CP_PIECE_BISHOP, CP_PIECE_KNIGHT, CP_PIECE_PAWN,
};

struct _CpDeckSheet
{
  GObject parent_instance;

  guint deck;
  GArray *cards;  /* CpCard */
  int values[G_N_ELEMENTS (tile_kinds)][CP_N_ATTRIBUTES];  /* of the tiles */
  double width, height;
};

static void cp_deck_sheet_printable_init (CpPrintableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CpDeckSheet, cp_deck_sheet, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CP_TYPE_PRINTABLE, cp_deck_sheet_printable_init))

static guint
n_sheets (CpDeckSheet *self)
{
  return (self->cards->len + PER_PAGE - 1) / PER_PAGE;
}

static guint
cp_deck_sheet_paginate (CpPrintable *printable, cairo_t *cr, double width, double height)
{
  CpDeckSheet *self = CP_DECK_SHEET (printable);

  self->width = width;
  self->height = height;
  return decks[self->deck].kind == SHEET_CARDS ? 2 * n_sheets (self) : 1;
}

static PangoLayout *
make_layout (cairo_t *cr, const char *font, const char *text)
{
  PangoLayout *layout = cp_printable_create_layout (cr, font);

  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* Draws @text in @font with its top centred on (x, y); or, with @left,
 * its top left corner there, wrapped at @wrap points if that is not 0. */
static void
show_text (cairo_t *cr, const char *font, const char *text, double x, double y, gboolean left, double wrap)
{
  g_autoptr (PangoLayout) layout = make_layout (cr, font, text);
  int width;

  if (wrap > 0)
    pango_layout_set_width (layout, (int) (wrap * PANGO_SCALE));
  pango_layout_get_size (layout, &width, NULL);
  cairo_move_to (cr, left ? x : x - (double) width / PANGO_SCALE / 2, y);
  pango_cairo_show_layout (cr, layout);
}

/* The cut marks: short lines in the margins, on the lines of a grid of
 * cells @width by @height points. */
static void
draw_cut_marks (cairo_t *cr, double x0, double y0, guint columns, guint rows, double width, double height)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.5);
  for (guint c = 0; c <= columns; c++)
    {
      double x = x0 + c * width;

      cairo_move_to (cr, x, y0 - MARK_GAP);
      cairo_rel_line_to (cr, 0, -MARK_LENGTH);
      cairo_move_to (cr, x, y0 + rows * height + MARK_GAP);
      cairo_rel_line_to (cr, 0, MARK_LENGTH);
    }
  for (guint r = 0; r <= rows; r++)
    {
      double y = y0 + r * height;

      cairo_move_to (cr, x0 - MARK_GAP, y);
      cairo_rel_line_to (cr, -MARK_LENGTH, 0);
      cairo_move_to (cr, x0 + columns * width + MARK_GAP, y);
      cairo_rel_line_to (cr, MARK_LENGTH, 0);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_cards (CpDeckSheet *self, cairo_t *cr, guint page)
{
  guint sheet = page / 2, first = sheet * PER_PAGE;
  gboolean backs = page % 2 == 1;
  double x0 = (self->width - COLUMNS * CARD_WIDTH) / 2, y0 = (self->height - ROWS * CARD_HEIGHT) / 2;
  /* Translators: the caption of a page of printed cards: the deck's name,
   * "fronts" or "backs", the sheet's number and the number of sheets */
  g_autofree char *caption = g_strdup_printf (_("%s · %s · %u of %u"), _(decks[self->deck].info.name),
                                              backs ? _("backs") : _("fronts"), sheet + 1, n_sheets (self));

  for (guint i = first; i < MIN (first + PER_PAGE, self->cards->len); i++)
    {
      guint row = (i - first) / COLUMNS, column = (i - first) % COLUMNS;

      /* The back of a card is behind its front once the sheet is turned
       * over its long edge. */
      if (backs)
        column = COLUMNS - 1 - column;
      cp_card_art_draw (cp_card_art_get_default (), cr, g_array_index (self->cards, CpCard, i),
                        x0 + column * CARD_WIDTH, y0 + row * CARD_HEIGHT, CARD_WIDTH, 1, FALSE,
                        CP_CARD_ART_FLAT | (backs ? CP_CARD_ART_FACE_DOWN : 0));
    }
  draw_cut_marks (cr, x0, y0, COLUMNS, ROWS, CARD_WIDTH, CARD_HEIGHT);
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  show_text (cr, "Sans 7", caption, self->width / 2, y0 + ROWS * CARD_HEIGHT + MARK_GAP, FALSE, 0);
}

/* A grid of @rows rows @size points high and @columns columns @widths
 * wide, its top left corner at (x, y). */
static void
draw_grid (cairo_t *cr, double x, double y, guint columns, const double *widths, guint rows, double size)
{
  double total = 0;

  for (guint c = 0; c < columns; c++)
    total += widths[c];
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.75);
  for (guint r = 0; r <= rows; r++)
    {
      cairo_move_to (cr, x, y + r * size);
      cairo_rel_line_to (cr, total, 0);
    }
  for (guint c = 0; c <= columns; c++)
    {
      cairo_move_to (cr, x, y);
      cairo_rel_line_to (cr, 0, rows * size);
      if (c < columns)
        x += widths[c];
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* One table of Masquerade Chess: the pieces down the side, the capture
 * moves they may be given across the top, and a column for the pair. */
static void
draw_masquerade_table (cairo_t *cr, double x, double y, double cell)
{
  double widths[7] = { cell, cell, cell, cell, cell, cell, 2 * cell };
  CpPieceArt *art = cp_piece_art_get_default ();

  cairo_set_source_rgb (cr, 0, 0, 0);
  show_text (cr, "Sans 10", _("Name:"), x, y - 26, TRUE, 0);
  cairo_set_line_width (cr, 0.5);
  cairo_move_to (cr, x + 44, y - 14);
  cairo_rel_line_to (cr, 7 * cell - 44, 0);
  cairo_stroke (cr);
  for (guint i = 0; i + 1 < G_N_ELEMENTS (tile_kinds); i++)
    {
      /* Across the top, the capture moves; down the side, the pieces. */
      cp_piece_art_draw (art, cr, tile_kinds[i], CP_COLOUR_NEUTRAL, x + (i + 1) * cell + cell * 0.1, y + cell * 0.1,
                         cell * 0.8, 1);
      cp_piece_art_draw (art, cr, tile_kinds[i], CP_COLOUR_NEUTRAL, x + cell * 0.1, y + (i + 1) * cell + cell * 0.1,
                         cell * 0.8, 1);
    }
  cairo_set_source_rgb (cr, 0, 0, 0);
  show_text (cr, "Sans 8", _("Pair"), x + 7 * cell, y + cell / 2 - 6, FALSE, 0);
  draw_grid (cr, x, y, 7, widths, 6, cell);
}

static void
draw_masquerade (CpDeckSheet *self, cairo_t *cr)
{
  double cell = MIN ((self->width - 2 * MARGIN - 36) / 16, 30);
  double table = 8 * cell, x0 = (self->width - 2 * table - 36) / 2;

  cairo_set_source_rgb (cr, 0, 0, 0);
  show_text (cr, "Sans Bold 16", _("Masquerade Chess"), self->width / 2, MARGIN, FALSE, 0);
  show_text (cr, "Serif 10", _("Write a name above each table. In the table of your opponent’s pieces, circle one "
                               "cell in each row and each column: the capture move each piece is given. Fill in "
                               "your own table with O and X as you learn."),
             MARGIN, MARGIN + 30, TRUE, self->width - 2 * MARGIN);
  for (guint t = 0; t < 4; t++)
    draw_masquerade_table (cr, x0 + (t % 2) * (table + 36), MARGIN + 130 + (t / 2) * (7 * cell + 70), cell);
}

static void
draw_golf_scores (CpDeckSheet *self, cairo_t *cr)
{
  double widths[8], row = 26, x0, total = 0;
  guint players = 6;

  widths[0] = 60;
  widths[1] = 44;
  for (guint p = 0; p < players; p++)
    widths[2 + p] = (self->width - 2 * MARGIN - 104) / players;
  for (guint c = 0; c < 2 + players; c++)
    total += widths[c];
  x0 = (self->width - total) / 2;
  cairo_set_source_rgb (cr, 0, 0, 0);
  show_text (cr, "Sans Bold 16", _("Chess Golf score card"), self->width / 2, MARGIN, FALSE, 0);
  show_text (cr, "Sans 10", _("Date:"), x0, MARGIN + 40, TRUE, 0);
  cairo_set_line_width (cr, 0.5);
  cairo_move_to (cr, x0 + 40, MARGIN + 52);
  cairo_rel_line_to (cr, 160, 0);
  cairo_stroke (cr);
  show_text (cr, "Sans Bold 9", _("Hole"), x0 + 6, MARGIN + 80 + 7, TRUE, 0);
  show_text (cr, "Sans Bold 9", _("Par"), x0 + widths[0] + 6, MARGIN + 80 + 7, TRUE, 0);
  for (guint hole = 1; hole <= 9; hole++)
    {
      g_autofree char *number = g_strdup_printf ("%u", hole);

      show_text (cr, "Sans 10", number, x0 + widths[0] / 2, MARGIN + 80 + hole * row + 6, FALSE, 0);
    }
  show_text (cr, "Sans Bold 10", _("Total"), x0 + 6, MARGIN + 80 + 10 * row + 6, TRUE, 0);
  draw_grid (cr, x0, MARGIN + 80, 2 + players, widths, 11, row);
}

/* One half of a tile, its top left corner at the origin: the piece, its
 * name, and its values. */
static void
draw_tile_half (cairo_t *cr, CpPieceKind kind, CpColour colour, const int *values, gboolean wounded)
{
  static const char *const labels[] = { N_("Attack"), N_("Defense"), N_("Support"), N_("Points") };
  g_autofree char *name = g_strdup (cp_piece_kind_name (kind));
  double column = (TILE_WIDTH - 12) / 4;

  name[0] = (char) g_ascii_toupper (name[0]);
  cp_piece_art_draw (cp_piece_art_get_default (), cr, kind, colour, 6, 8, 40, 1);
  cairo_set_source_rgb (cr, 0, 0, 0);
  show_text (cr, "Sans Bold 10", name, 52, 12, TRUE, 0);
  if (wounded)
    show_text (cr, "Sans Italic 8", _("Wounded"), 52, 27, TRUE, 0);
  for (guint v = 0; v < 4; v++)
    {
      int value = v == CP_ATTRIBUTE_POINTS ? values[CP_ATTRIBUTE_POINTS]
                  : values[wounded ? CP_ATTRIBUTE_WOUNDED_ATTACK + v : v];
      g_autofree char *number = value < 0 ? g_strdup ("–") : g_strdup_printf ("%d", value);
      double x = 6 + column * (v + 0.5);

      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      show_text (cr, "Sans 6", _(labels[v]), x, 58, FALSE, 0);
      cairo_set_source_rgb (cr, 0, 0, 0);
      show_text (cr, "Sans Bold 16", number, x, 70, FALSE, 0);
    }
}

static void
draw_tiles (CpDeckSheet *self, cairo_t *cr)
{
  guint n = 2 * G_N_ELEMENTS (tile_kinds), rows = n / TILE_COLUMNS;
  double x0 = (self->width - TILE_COLUMNS * TILE_WIDTH) / 2, y0 = (self->height - rows * 2 * TILE_HALF) / 2;
  static const double dash[] = { 3, 3 };

  for (guint i = 0; i < n; i++)
    {
      guint k = i % G_N_ELEMENTS (tile_kinds);
      CpColour colour = i < G_N_ELEMENTS (tile_kinds) ? CP_COLOUR_WHITE : CP_COLOUR_BLACK;
      double x = x0 + (i % TILE_COLUMNS) * TILE_WIDTH, y = y0 + (i / TILE_COLUMNS) * 2 * TILE_HALF;

      cairo_save (cr);
      cairo_translate (cr, x, y);
      draw_tile_half (cr, tile_kinds[k], colour, self->values[k], FALSE);
      /* The wounded half is upside down below the fold. */
      cairo_translate (cr, TILE_WIDTH, 2 * TILE_HALF);
      cairo_rotate (cr, G_PI);
      draw_tile_half (cr, tile_kinds[k], colour, self->values[k], TRUE);
      cairo_restore (cr);

      cairo_save (cr);
      cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
      cairo_set_line_width (cr, 0.5);
      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
      cairo_move_to (cr, x + 4, y + TILE_HALF);
      cairo_rel_line_to (cr, TILE_WIDTH - 8, 0);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
  draw_cut_marks (cr, x0, y0, TILE_COLUMNS, rows, TILE_WIDTH, 2 * TILE_HALF);
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  show_text (cr, "Sans 7", _("Cut along the marks, then fold each tile along its dashed line."),
             self->width / 2, y0 + rows * 2 * TILE_HALF + MARK_GAP, FALSE, 0);
}

static void
cp_deck_sheet_draw_page (CpPrintable *printable, cairo_t *cr, guint page)
{
  CpDeckSheet *self = CP_DECK_SHEET (printable);

  switch (decks[self->deck].kind)
    {
    case SHEET_CARDS:
      draw_cards (self, cr, page);
      break;
    case SHEET_MASQUERADE:
      draw_masquerade (self, cr);
      break;
    case SHEET_GOLF_SCORES:
      draw_golf_scores (self, cr);
      break;
    case SHEET_ATTACK_TILES:
      draw_tiles (self, cr);
      break;
    }
}

static void
cp_deck_sheet_printable_init (CpPrintableInterface *iface)
{
  iface->paginate = cp_deck_sheet_paginate;
  iface->draw_page = cp_deck_sheet_draw_page;
}

static void
cp_deck_sheet_finalize (GObject *object)
{
  g_array_unref (CP_DECK_SHEET (object)->cards);
  G_OBJECT_CLASS (cp_deck_sheet_parent_class)->finalize (object);
}

static void
cp_deck_sheet_class_init (CpDeckSheetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_deck_sheet_finalize;
}

static void
cp_deck_sheet_init (CpDeckSheet *self)
{
  self->cards = g_array_new (FALSE, FALSE, sizeof (CpCard));
}

/**
 * cp_deck_sheet_list:
 *
 * Returns: the decks and sheets that can be printed, @n_decks of them
 */
const CpDeckInfo *
cp_deck_sheet_list (guint *n_decks)
{
  static CpDeckInfo infos[G_N_ELEMENTS (decks)];

  for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
    infos[i] = decks[i].info;
  *n_decks = G_N_ELEMENTS (decks);
  return infos;
}

/* The cards of the deck: the whole pack, or the parts of the chess deck;
 * the two-move deck has one card of each piece but the pawn a colour. */
static void
collect_cards (CpDeckSheet *self)
{
  CpDeck deck;

  if (g_strcmp0 (decks[self->deck].info.game, "two-move") == 0)
    {
      static const CpPieceKind kinds[] = { CP_PIECE_KNIGHT, CP_PIECE_BISHOP, CP_PIECE_ROOK, CP_PIECE_QUEEN, CP_PIECE_KING };

      for (CpColour colour = CP_COLOUR_WHITE; colour <= CP_COLOUR_BLACK; colour++)
        for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
          {
            CpCard cards[CP_CARD_MAX_PER_PIECE];

            if (cp_card_for_piece (kinds[i], colour, cards) > 0)
              g_array_append_val (self->cards, cards[0]);
          }
      return;
    }
  if (decks[self->deck].contents == 0)
    cp_deck_init_standard (&deck, FALSE);
  else
    cp_deck_init_chess (&deck, decks[self->deck].contents);
  for (guint i = 0; i < cp_deck_count (&deck); i++)
    {
      CpCard card = cp_deck_peek (&deck, i);

      g_array_append_val (self->cards, card);
    }
}

/* The values of the tiles, from a game of Chess Attack with @options. */
static gboolean
read_tile_values (CpDeckSheet *self, GHashTable *options, GError **error)
{
  g_autoptr (CpGame) game = cp_game_new ("chess-attack", options, 2, 0, error);
  const CpState *state;

  if (game == NULL)
    return FALSE;
  state = cp_game_get_state (game);
  for (guint k = 0; k < G_N_ELEMENTS (tile_kinds); k++)
    state->rules->attributes (state, tile_kinds[k], self->values[k]);
  return TRUE;
}

/**
 * cp_deck_sheet_new:
 * @id: a deck of cp_deck_sheet_list()
 * @options: (nullable): the options of the game the deck belongs to, such
 *   as the piece values of a game of Chess Attack for its tiles
 *
 * Returns: (transfer full): the deck's pages, or %NULL with @error set
 *   for an unknown deck or options the game refuses
 */
CpDeckSheet *
cp_deck_sheet_new (const char *id, GHashTable *options, GError **error)
{
  g_autoptr (CpDeckSheet) self = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
    if (g_str_equal (decks[i].info.id, id))
      {
        self = g_object_new (CP_TYPE_DECK_SHEET, NULL);
        self->deck = i;
        collect_cards (self);
        if (decks[i].kind == SHEET_ATTACK_TILES && !read_tile_values (self, options, error))
          return NULL;
        return g_steal_pointer (&self);
      }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
               _("There is no deck “%s”"), id);
  return NULL;
}
