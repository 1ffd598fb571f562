/* cp-board-renderer.c: drawing a board and its pieces with cairo
 *
 * The board is laid out on a grid of square cells, turned by quarter turns
 * for the seat at the screen, centred in the area with a frame around the
 * cells that exist.  Cell sizes are whole device pixels, so cells meet
 * without seams and pieces are painted pixel for pixel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cp-board-renderer.h"
#include "cp-cairo.h"

/* The frame's width, in cells, with and without coordinates on it. */
#define FRAME_WITH_COORDINATES 0.42
#define FRAME_PLAIN 0.14
#define MAX_ARROWS 64

struct _CpBoardRenderer
{
  GObject parent_instance;

  CpPieceArt *art;
  CpState state;          /* a copy of the common part of the state drawn */
  gboolean has_state;

  CpColour seat_colours[CP_MAX_SEATS];
  CpBoardTheme theme;
  guint rotation;
  gboolean show_coordinates;

  guint8 last_move[CP_MAX_CELLS];
  guint n_last_move;
  guint selected;
  guint check;
  guint cursor;
  CpCellSet targets;
  CpCellSet captures;
  CpArrow arrows[MAX_ARROWS];
  guint n_arrows;
  /* The overlays, and what they say cell by cell. */
  GArray *overlays;              /* CpOverlay, with strings of their own */
  CpCellSet zone;                /* tinted cells */
  guint8 areas[CP_MAX_CELLS];    /* the outlined area of each cell, or 0 */
  CpPiece buried[CP_MAX_CELLS];  /* small pieces in a corner, kind CP_PIECE_NONE for none */

  guint drag_cell;
  double drag_x, drag_y;
  guint motion_from, motion_to;
  double motion_progress;

  cairo_font_face_t *font;  /* for coordinates */
  double last_scale;     /* of the last drawing, for hit testing */
  guint n_drawn;
};

G_DEFINE_FINAL_TYPE (CpBoardRenderer, cp_board_renderer, G_TYPE_OBJECT)

static void
overlay_clear (gpointer data)
{
  CpOverlay *overlay = data;

  g_free (overlay->text);
  g_free (overlay->description);
}

/* Where the cells go in an area. */
typedef struct {
  guint width, height;   /* the board's, in cells */
  guint cols, rows;      /* on the screen, after turning */
  double cell;           /* side of a cell */
  double frame;          /* width of the frame */
  double x0, y0;         /* top left corner of the grid */
} Layout;

/* Themes. */

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0 }
#define RGBA(hex, a) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, (a) }

static const char *const theme_ids[CP_N_BOARD_THEMES] = {
  [CP_BOARD_THEME_CLASSIC] = "classic",
  [CP_BOARD_THEME_GREEN] = "green",
  [CP_BOARD_THEME_BLUE] = "blue",
  [CP_BOARD_THEME_GREY] = "grey",
};

/* [theme][dark] */
static const CpBoardTheme themes[CP_N_BOARD_THEMES][2] = {
  [CP_BOARD_THEME_CLASSIC] = {
    {
      .light = RGB (0xf0dfc4), .dark = RGB (0xa87650),
      .frame = RGB (0x5c3d24), .text = RGB (0xf0dfc4),
      .last_move = RGBA (0xf5c211, 0.45), .selected = RGBA (0x26a269, 0.50),
      .hint = RGBA (0x241f31, 0.28), .check = RGBA (0xe01b24, 0.95),
      .cursor = RGB (0x1c71d8), .zone = RGBA (0xe5a50a, 0.40),
    },
    {
      .light = RGB (0xd6bc98), .dark = RGB (0x8a6240),
      .frame = RGB (0x3d2818), .text = RGB (0xd6bc98),
      .last_move = RGBA (0xf5c211, 0.40), .selected = RGBA (0x2ec27e, 0.45),
      .hint = RGBA (0x1c1a20, 0.32), .check = RGBA (0xed333b, 0.95),
      .cursor = RGB (0x62a0ea), .zone = RGBA (0xe5a50a, 0.40),
    },
  },
  [CP_BOARD_THEME_GREEN] = {
    {
      .light = RGB (0xeaf0df), .dark = RGB (0x6c9e74),
      .frame = RGB (0x2b5535), .text = RGB (0xeaf0df),
      .last_move = RGBA (0xf5c211, 0.50), .selected = RGBA (0x1c71d8, 0.40),
      .hint = RGBA (0x241f31, 0.26), .check = RGBA (0xe01b24, 0.95),
      .cursor = RGB (0x1c71d8), .zone = RGBA (0xe5a50a, 0.40),
    },
    {
      .light = RGB (0xc3cfb6), .dark = RGB (0x4f7d57),
      .frame = RGB (0x1d3b25), .text = RGB (0xc3cfb6),
      .last_move = RGBA (0xf5c211, 0.42), .selected = RGBA (0x3584e4, 0.40),
      .hint = RGBA (0x1c1a20, 0.30), .check = RGBA (0xed333b, 0.95),
      .cursor = RGB (0x62a0ea), .zone = RGBA (0xe5a50a, 0.40),
    },
  },
  [CP_BOARD_THEME_BLUE] = {
    {
      .light = RGB (0xe4ecf5), .dark = RGB (0x7a9cc6),
      .frame = RGB (0x28476d), .text = RGB (0xe4ecf5),
      .last_move = RGBA (0xf5c211, 0.50), .selected = RGBA (0x26a269, 0.45),
      .hint = RGBA (0x241f31, 0.26), .check = RGBA (0xe01b24, 0.95),
      .cursor = RGB (0xe66100), .zone = RGBA (0xe5a50a, 0.40),
    },
    {
      .light = RGB (0xb9c8da), .dark = RGB (0x57779f),
      .frame = RGB (0x192e48), .text = RGB (0xb9c8da),
      .last_move = RGBA (0xf5c211, 0.42), .selected = RGBA (0x2ec27e, 0.42),
      .hint = RGBA (0x1c1a20, 0.30), .check = RGBA (0xed333b, 0.95),
      .cursor = RGB (0xffa348), .zone = RGBA (0xe5a50a, 0.40),
    },
  },
  [CP_BOARD_THEME_GREY] = {
    {
      .light = RGB (0xdeddda), .dark = RGB (0x9a9996),
      .frame = RGB (0x3d3846), .text = RGB (0xdeddda),
      .last_move = RGBA (0xf5c211, 0.50), .selected = RGBA (0x26a269, 0.45),
      .hint = RGBA (0x241f31, 0.26), .check = RGBA (0xe01b24, 0.95),
      .cursor = RGB (0x1c71d8), .zone = RGBA (0xe5a50a, 0.40),
    },
    {
      .light = RGB (0xc0bfbc), .dark = RGB (0x77767b),
      .frame = RGB (0x241f31), .text = RGB (0xc0bfbc),
      .last_move = RGBA (0xf5c211, 0.42), .selected = RGBA (0x2ec27e, 0.42),
      .hint = RGBA (0x1c1a20, 0.30), .check = RGBA (0xed333b, 0.95),
      .cursor = RGB (0x62a0ea), .zone = RGBA (0xe5a50a, 0.40),
    },
  },
};

/* The nicks are the ids, which are also those of the settings' key. */
G_DEFINE_ENUM_TYPE (CpBoardThemeId, cp_board_theme_id,
                    G_DEFINE_ENUM_VALUE (CP_BOARD_THEME_CLASSIC, "classic"),
                    G_DEFINE_ENUM_VALUE (CP_BOARD_THEME_GREEN, "green"),
                    G_DEFINE_ENUM_VALUE (CP_BOARD_THEME_BLUE, "blue"),
                    G_DEFINE_ENUM_VALUE (CP_BOARD_THEME_GREY, "grey"))

const char *
cp_board_theme_to_id (CpBoardThemeId id)
{
  return id < CP_N_BOARD_THEMES ? theme_ids[id] : NULL;
}

gboolean
cp_board_theme_from_id (const char *name, CpBoardThemeId *id)
{
  for (guint i = 0; i < CP_N_BOARD_THEMES; i++)
    if (g_strcmp0 (theme_ids[i], name) == 0)
      {
        if (id != NULL)
          *id = (CpBoardThemeId) i;
        return TRUE;
      }
  return FALSE;
}

void
cp_board_theme_get (CpBoardThemeId id, gboolean dark, CpBoardTheme *theme)
{
  g_return_if_fail (theme != NULL);

  if (id >= CP_N_BOARD_THEMES)
    id = CP_BOARD_THEME_CLASSIC;
  *theme = themes[id][dark ? 1 : 0];
}

/**
 * cp_board_theme_set_high_contrast:
 *
 * Makes @theme's marks stand out for the high-contrast style: the hints
 * are black with a white outline, which stands out of light and dark
 * cells alike; the cell picked up gets a frame in the same two colours,
 * and the tints are stronger.
 */
void
cp_board_theme_set_high_contrast (CpBoardTheme *theme)
{
  g_return_if_fail (theme != NULL);

  theme->hint = (CpRgba) { 0, 0, 0, 1 };
  theme->outline = (CpRgba) { 1, 1, 1, 1 };
  theme->last_move.alpha = MAX (theme->last_move.alpha, 0.7);
  theme->selected.alpha = MAX (theme->selected.alpha, 0.7);
  theme->zone.alpha = MAX (theme->zone.alpha, 0.6);
}

/* The object. */

static void
cp_board_renderer_finalize (GObject *object)
{
  CpBoardRenderer *self = CP_BOARD_RENDERER (object);

  g_clear_object (&self->state.board);
  g_clear_object (&self->art);
  g_clear_pointer (&self->font, cairo_font_face_destroy);
  g_clear_pointer (&self->overlays, g_array_unref);

  G_OBJECT_CLASS (cp_board_renderer_parent_class)->finalize (object);
}

static void
cp_board_renderer_class_init (CpBoardRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cp_board_renderer_finalize;
}

static void
cp_board_renderer_init (CpBoardRenderer *self)
{
  static const CpColour default_colours[CP_MAX_SEATS] = {
    CP_COLOUR_WHITE, CP_COLOUR_BLACK, CP_COLOUR_RED, CP_COLOUR_BROWN,
  };

  memcpy (self->seat_colours, default_colours, sizeof default_colours);
  cp_board_theme_get (CP_BOARD_THEME_CLASSIC, FALSE, &self->theme);
  self->show_coordinates = TRUE;
  self->selected = CP_NO_CELL;
  self->check = CP_NO_CELL;
  self->cursor = CP_NO_CELL;
  self->drag_cell = CP_NO_CELL;
  self->motion_from = CP_NO_CELL;
  self->motion_to = CP_NO_CELL;
  self->last_scale = 1;
  self->font = cairo_toy_font_face_create ("Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  self->overlays = g_array_new (FALSE, TRUE, sizeof (CpOverlay));
  g_array_set_clear_func (self->overlays, overlay_clear);
}

/**
 * cp_board_renderer_new:
 * @art: (nullable): the piece set, or %NULL for the shared one
 */
CpBoardRenderer *
cp_board_renderer_new (CpPieceArt *art)
{
  CpBoardRenderer *self = g_object_new (CP_TYPE_BOARD_RENDERER, NULL);

  self->art = g_object_ref (art != NULL ? art : cp_piece_art_get_default ());
  return self;
}

/**
 * cp_board_renderer_set_state:
 * @state: (nullable): the position to draw; the renderer keeps a copy of
 *   its common part (board, cells, markers), so the state may go away
 */
void
cp_board_renderer_set_state (CpBoardRenderer *self, const CpState *state)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));

  g_clear_object (&self->state.board);
  if (state == NULL || state->board == NULL)
    {
      memset (&self->state, 0, sizeof self->state);
      self->has_state = FALSE;
      return;
    }
  self->state = *state;
  self->state.rules = NULL;
  g_object_ref (self->state.board);
  self->has_state = TRUE;
}

void
cp_board_renderer_set_colours (CpBoardRenderer *self,
                               const CpColour  *seat_colours,
                               guint            n_seats)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));
  g_return_if_fail (seat_colours != NULL || n_seats == 0);

  for (guint i = 0; i < MIN (n_seats, CP_MAX_SEATS); i++)
    self->seat_colours[i] = seat_colours[i] < CP_N_COLOURS ? seat_colours[i] : CP_COLOUR_NEUTRAL;
}

void
cp_board_renderer_set_theme (CpBoardRenderer *self, const CpBoardTheme *theme)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));
  g_return_if_fail (theme != NULL);

  self->theme = *theme;
}

/**
 * cp_board_renderer_set_rotation:
 * @quarter_turns: how far the picture is turned clockwise: 0 puts rank 1
 *   at the bottom, 1 at the left, 2 at the top and 3 at the right
 */
void
cp_board_renderer_set_rotation (CpBoardRenderer *self, guint quarter_turns)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));

  self->rotation = quarter_turns & 3;
}

guint
cp_board_renderer_get_rotation (CpBoardRenderer *self)
{
  g_return_val_if_fail (CP_IS_BOARD_RENDERER (self), 0);

  return self->rotation;
}

void
cp_board_renderer_set_show_coordinates (CpBoardRenderer *self, gboolean show)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));

  self->show_coordinates = !!show;
}

void
cp_board_renderer_set_last_move (CpBoardRenderer *self,
                                 const guint8    *cells,
                                 guint            n_cells)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));

  self->n_last_move = 0;
  if (cells == NULL)
    return;
  for (guint i = 0; i < n_cells && self->n_last_move < CP_MAX_CELLS; i++)
    if (cells[i] != CP_NO_CELL)
      self->last_move[self->n_last_move++] = cells[i];
}

/* Whether @cell is marked as a cell of the last move. */
gboolean
cp_board_renderer_in_last_move (CpBoardRenderer *self, guint cell)
{
  g_return_val_if_fail (CP_IS_BOARD_RENDERER (self), FALSE);

  for (guint i = 0; i < self->n_last_move; i++)
    if (self->last_move[i] == cell)
      return TRUE;
  return FALSE;
}

void
cp_board_renderer_set_selected (CpBoardRenderer *self, guint cell)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));

  self->selected = cell;
}

void
cp_board_renderer_set_hints (CpBoardRenderer *self,
                             const CpCellSet *targets,
                             const CpCellSet *captures)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));

  memset (&self->targets, 0, sizeof self->targets);
  memset (&self->captures, 0, sizeof self->captures);
  if (targets != NULL)
    self->targets = *targets;
  if (captures != NULL)
    self->captures = *captures;
}

void
cp_board_renderer_set_check (CpBoardRenderer *self, guint cell)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));

  self->check = cell;
}

void
cp_board_renderer_set_cursor (CpBoardRenderer *self, guint cell)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));

  self->cursor = cell;
}

void
cp_board_renderer_set_arrows (CpBoardRenderer *self,
                              const CpArrow   *arrows,
                              guint            n_arrows)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));
  g_return_if_fail (arrows != NULL || n_arrows == 0);

  self->n_arrows = MIN (n_arrows, MAX_ARROWS);
  if (self->n_arrows > 0)
    memcpy (self->arrows, arrows, self->n_arrows * sizeof *arrows);
}

/**
 * cp_board_renderer_set_overlays:
 * @overlays: (array length=n_overlays): what to draw on the cells beside
 *   the pieces, as a game presents it
 *
 * Shows the overlays of a presentation: small pieces in a corner (a
 * burial), stacks of checkers under a piece, badges, tinted cells and
 * outlined areas.  The renderer keeps a copy.
 */
void
cp_board_renderer_set_overlays (CpBoardRenderer *self, const CpOverlay *overlays, guint n_overlays)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));
  g_return_if_fail (overlays != NULL || n_overlays == 0);

  g_array_set_size (self->overlays, 0);
  memset (&self->zone, 0, sizeof self->zone);
  memset (self->areas, 0, sizeof self->areas);
  memset (self->buried, 0, sizeof self->buried);
  for (guint i = 0; i < n_overlays; i++)
    {
      CpOverlay copy = overlays[i];

      copy.text = g_strdup (overlays[i].text);
      copy.description = g_strdup (overlays[i].description);
      g_array_append_val (self->overlays, copy);
      switch ((CpOverlayKind) copy.kind)
        {
        case CP_OVERLAY_PIECE:
          self->buried[copy.cell] = (CpPiece) { .kind = copy.piece, .seat = copy.seat };
          break;
        case CP_OVERLAY_TINT:
          cp_cell_set_add (&self->zone, copy.cell);
          break;
        case CP_OVERLAY_AREA:
          self->areas[copy.cell] = copy.count;
          break;
        case CP_OVERLAY_STACK:
        case CP_OVERLAY_BADGE:
        case CP_OVERLAY_NOTE:
        case CP_N_OVERLAY_KINDS:
        default:
          break;
        }
    }
}

/**
 * cp_board_renderer_describe_marks:
 * @piece: a piece on a cell
 *
 * What the drawing of @piece shows beyond its colour and kind, in words
 * for the cell's description: its side of the mirror, the checkers under
 * it.
 *
 * Returns: (transfer full) (nullable): the words, or %NULL for none
 */
char *
cp_board_renderer_describe_marks (const CpPiece *piece)
{
  g_return_val_if_fail (piece != NULL, NULL);

  if (piece->kind == CP_PIECE_NONE)
    return NULL;
  /* A piece beyond the mirror stands on its one checker. */
  if (piece->flags & CP_PIECE_FLAG_MIRROR)
    /* Translators: said of a piece on the far side of the mirror (Half Alice Chess) */
    return g_strdup (_("beyond the mirror"));
  if (piece->checkers > 0)
    /* Translators: said of a piece with a stack of checkers under it */
    return g_strdup_printf (ngettext ("on %u checker", "on a stack of %u checkers", piece->checkers),
                            piece->checkers);
  return NULL;
}

/* The overlays shown, as set. */
const CpOverlay *
cp_board_renderer_get_overlays (CpBoardRenderer *self, guint *n_overlays)
{
  g_return_val_if_fail (CP_IS_BOARD_RENDERER (self), NULL);

  *n_overlays = self->overlays->len;
  return (const CpOverlay *) self->overlays->data;
}

void
cp_board_renderer_set_drag (CpBoardRenderer *self,
                            guint            cell,
                            double           x,
                            double           y)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));

  self->drag_cell = cell;
  self->drag_x = x;
  self->drag_y = y;
}

void
cp_board_renderer_set_motion (CpBoardRenderer *self,
                              guint            from,
                              guint            to,
                              double           progress)
{
  g_return_if_fail (CP_IS_BOARD_RENDERER (self));

  if (from == CP_NO_CELL || to == CP_NO_CELL)
    from = to = CP_NO_CELL;
  self->motion_from = from;
  self->motion_to = to;
  self->motion_progress = CLAMP (progress, 0.0, 1.0);
}

/* Geometry. */

/* The board's cells and the screen's columns and rows, which do not
 * depend on the size of the area. */
static void
grid_layout (CpBoardRenderer *self, Layout *layout)
{
  layout->width = cp_board_get_width (self->state.board);
  layout->height = cp_board_get_height (self->state.board);
  if (self->rotation & 1)
    {
      layout->cols = layout->height;
      layout->rows = layout->width;
    }
  else
    {
      layout->cols = layout->width;
      layout->rows = layout->height;
    }
}

static gboolean
compute_layout (CpBoardRenderer *self,
                double           width,
                double           height,
                double           scale,
                Layout          *layout)
{
  double f = self->show_coordinates ? FRAME_WITH_COORDINATES : FRAME_PLAIN;
  double cell, cell_pixels;

  if (!self->has_state || width <= 0 || height <= 0)
    return FALSE;
  if (scale <= 0)
    scale = 1;

  grid_layout (self, layout);
  cell = MIN (width / (layout->cols + 2 * f), height / (layout->rows + 2 * f));
  cell_pixels = floor (cell * scale + 1e-6);
  if (cell_pixels < 1)
    return FALSE;
  layout->cell = cell_pixels / scale;
  layout->frame = round (f * cell_pixels) / scale;
  layout->x0 = round ((width - layout->cols * layout->cell) / 2 * scale) / scale;
  layout->y0 = round ((height - layout->rows * layout->cell) / 2 * scale) / scale;
  return TRUE;
}

/* The screen column and row of board square (x, y). */
static void
to_screen (const Layout *layout, guint rotation, guint x, guint y, guint *col, guint *row)
{
  switch (rotation)
    {
    case 0:
      *col = x;
      *row = layout->height - 1 - y;
      break;
    case 1:
      *col = y;
      *row = x;
      break;
    case 2:
      *col = layout->width - 1 - x;
      *row = y;
      break;
    default:
      *col = layout->height - 1 - y;
      *row = layout->width - 1 - x;
      break;
    }
}

static void
from_screen (const Layout *layout, guint rotation, guint col, guint row, guint *x, guint *y)
{
  switch (rotation)
    {
    case 0:
      *x = col;
      *y = layout->height - 1 - row;
      break;
    case 1:
      *x = row;
      *y = col;
      break;
    case 2:
      *x = layout->width - 1 - col;
      *y = row;
      break;
    default:
      *x = layout->width - 1 - row;
      *y = layout->height - 1 - col;
      break;
    }
}

/* The cell shown at a screen column and row, or CP_NO_CELL for a hole. */
static guint
screen_cell (CpBoardRenderer *self, const Layout *layout, guint col, guint row)
{
  guint x, y, cell;

  from_screen (layout, self->rotation, col, row, &x, &y);
  cell = y * layout->width + x;
  return cp_board_has_cell (self->state.board, cell) ? cell : CP_NO_CELL;
}

static void
cell_origin (CpBoardRenderer *self, const Layout *layout, guint cell, double *x, double *y)
{
  guint col, row;

  to_screen (layout, self->rotation, cell % layout->width, cell / layout->width, &col, &row);
  *x = layout->x0 + col * layout->cell;
  *y = layout->y0 + row * layout->cell;
}

static void
cell_centre (CpBoardRenderer *self, const Layout *layout, guint cell, double *x, double *y)
{
  cell_origin (self, layout, cell, x, y);
  *x += layout->cell / 2;
  *y += layout->cell / 2;
}

static gboolean
valid_cell (CpBoardRenderer *self, guint cell)
{
  return cell < CP_MAX_CELLS && cp_board_has_cell (self->state.board, cell);
}

guint
cp_board_renderer_cell_at (CpBoardRenderer *self,
                           double           width,
                           double           height,
                           double           x,
                           double           y)
{
  Layout layout;
  double col, row;

  g_return_val_if_fail (CP_IS_BOARD_RENDERER (self), CP_NO_CELL);

  if (!compute_layout (self, width, height, self->last_scale, &layout))
    return CP_NO_CELL;
  col = floor ((x - layout.x0) / layout.cell);
  row = floor ((y - layout.y0) / layout.cell);
  if (col < 0 || row < 0 || col >= layout.cols || row >= layout.rows)
    return CP_NO_CELL;
  return screen_cell (self, &layout, (guint) col, (guint) row);
}

/**
 * cp_board_renderer_cell_rect:
 *
 * The square of @cell in an area of @width x @height, as the last drawing
 * laid it out (its device scale decides the rounding of cell sizes).
 *
 * Returns: %FALSE if @cell is not on the board
 */
gboolean
cp_board_renderer_cell_rect (CpBoardRenderer *self,
                             double           width,
                             double           height,
                             guint            cell,
                             CpRect          *rect)
{
  Layout layout;

  g_return_val_if_fail (CP_IS_BOARD_RENDERER (self), FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  if (!compute_layout (self, width, height, self->last_scale, &layout)
      || !valid_cell (self, cell))
    return FALSE;
  cell_origin (self, &layout, cell, &rect->x, &rect->y);
  rect->width = rect->height = layout.cell;
  return TRUE;
}

/**
 * cp_board_renderer_get_extents:
 *
 * The part of an area of @width x @height that a draw at @scale paints:
 * the board and its frame, in whole device pixels, or the whole area
 * while a piece is dragged, which follows the pointer anywhere.
 *
 * Returns: %FALSE when a draw paints nothing
 */
gboolean
cp_board_renderer_get_extents (CpBoardRenderer *self,
                               double           width,
                               double           height,
                               double           scale,
                               CpRect          *rect)
{
  Layout layout;

  g_return_val_if_fail (CP_IS_BOARD_RENDERER (self), FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  if (scale <= 0)
    scale = 1;
  if (!compute_layout (self, width, height, scale, &layout))
    return FALSE;
  if (self->drag_cell != CP_NO_CELL)
    {
      *rect = (CpRect) { 0, 0, width, height };
      return TRUE;
    }
  rect->x = MAX (0, floor ((layout.x0 - layout.frame) * scale) / scale);
  rect->y = MAX (0, floor ((layout.y0 - layout.frame) * scale) / scale);
  rect->width = MIN (width, ceil ((layout.x0 + layout.cols * layout.cell + layout.frame) * scale) / scale) - rect->x;
  rect->height = MIN (height, ceil ((layout.y0 + layout.rows * layout.cell + layout.frame) * scale) / scale) - rect->y;
  return TRUE;
}

guint
cp_board_renderer_count_drawn_cells (CpBoardRenderer *self)
{
  g_return_val_if_fail (CP_IS_BOARD_RENDERER (self), 0);

  return self->n_drawn;
}

/* Drawing. */

static void
set_colour (cairo_t *cr, const CpRgba *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

/* The runs of cells along a screen row. */
static guint
row_runs (CpBoardRenderer *self, const Layout *layout, guint row, guint *starts, guint *ends)
{
  guint n = 0;
  gboolean in_run = FALSE;

  for (guint col = 0; col <= layout->cols; col++)
    {
      gboolean here = col < layout->cols && screen_cell (self, layout, col, row) != CP_NO_CELL;

      if (here && !in_run)
        starts[n] = col;
      else if (!here && in_run)
        ends[n++] = col;
      in_run = here;
    }
  return n;
}

typedef struct {
  guint col0, col1, row0, row1;
} Block;

/* The cells' outline as blocks: cells are gathered into runs along each
 * screen row, and following rows with the same single run into one
 * block, so a plain board is one block and Chivalry's a few. */
static GArray *
frame_blocks (CpBoardRenderer *self, const Layout *layout)
{
  g_autofree guint *starts = g_new (guint, layout->cols + 1);
  g_autofree guint *ends = g_new (guint, layout->cols + 1);
  GArray *blocks = g_array_new (FALSE, FALSE, sizeof (Block));
  Block block = { 0 };
  gboolean open = FALSE;

  for (guint row = 0; row <= layout->rows; row++)
    {
      guint n = row < layout->rows ? row_runs (self, layout, row, starts, ends) : 0;
      gboolean same = n == 1 && starts[0] == block.col0 && ends[0] == block.col1;

      if (open && !same)
        {
          block.row1 = row;
          g_array_append_val (blocks, block);
          open = FALSE;
        }
      if (n == 1 && !open)
        {
          open = TRUE;
          block.row0 = row;
          block.col0 = starts[0];
          block.col1 = ends[0];
        }
      else if (n > 1)
        for (guint i = 0; i < n; i++)
          {
            Block run = { starts[i], ends[i], row, row + 1 };

            g_array_append_val (blocks, run);
          }
    }
  return blocks;
}

/* Adds the rectangle of @b grown by @f, with rounded corners, to the path. */
static void
path_block (cairo_t *cr, const Layout *layout, const Block *b, double f)
{
  cp_cairo_rounded_rectangle (cr,
                              layout->x0 + b->col0 * layout->cell - f,
                              layout->y0 + b->row0 * layout->cell - f,
                              (b->col1 - b->col0) * layout->cell + 2 * f,
                              (b->row1 - b->row0) * layout->cell + 2 * f,
                              MIN (f, layout->cell / 2));
}

/* The frame follows the outline of the cells: the union of every cell
 * grown by the frame's width, with rounded outer corners.  A board that
 * is not a rectangle and has coordinates sits in a rectangular surround
 * for them, its notches shaded, so that the labels run along the outer
 * edge, one for each file and rank, and never in a notch. */
static void
draw_frame (CpBoardRenderer *self, cairo_t *cr, const Layout *layout)
{
  g_autoptr (GArray) blocks = frame_blocks (self, layout);
  Block whole = { 0, layout->cols, 0, layout->rows };
  double f = layout->frame;

  cairo_new_path (cr);
  set_colour (cr, &self->theme.frame);
  if (blocks->len > 1 && self->show_coordinates)
    {
      path_block (cr, layout, &whole, f);
      cairo_fill (cr);
      cairo_rectangle (cr, layout->x0, layout->y0, layout->cols * layout->cell, layout->rows * layout->cell);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.28);
      cairo_fill (cr);
      /* The cells' own edge, as wide as without coordinates. */
      f = layout->frame * FRAME_PLAIN / FRAME_WITH_COORDINATES;
      set_colour (cr, &self->theme.frame);
    }
  for (guint i = 0; i < blocks->len; i++)
    path_block (cr, layout, &g_array_index (blocks, Block, i), f);
  if (blocks->len == 1)
    {
      const Block *b = &g_array_index (blocks, Block, 0);

      /* One block: a ring around the cells, which cover the rest. */
      cairo_rectangle (cr,
                       layout->x0 + b->col0 * layout->cell,
                       layout->y0 + b->row0 * layout->cell,
                       (b->col1 - b->col0) * layout->cell,
                       (b->row1 - b->row0) * layout->cell);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
    }
  else
    cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

static void
draw_cells (CpBoardRenderer *self, cairo_t *cr, const Layout *layout)
{
  self->n_drawn = 0;
  for (guint parity = 0; parity < 2; parity++)
    {
      cairo_new_path (cr);
      for (guint cell = 0; cell < layout->width * layout->height; cell++)
        {
          guint x = cell % layout->width, y = cell / layout->width;
          double cx, cy;

          /* a1 is dark, as in chess. */
          if ((x + y) % 2 != parity || !cp_board_has_cell (self->state.board, cell))
            continue;
          cell_origin (self, layout, cell, &cx, &cy);
          cairo_rectangle (cr, cx, cy, layout->cell, layout->cell);
          self->n_drawn++;
        }
      set_colour (cr, parity == 0 ? &self->theme.dark : &self->theme.light);
      cairo_fill (cr);
    }
}

static void
fill_cell (CpBoardRenderer *self, cairo_t *cr, const Layout *layout, guint cell, const CpRgba *colour)
{
  double x, y;

  if (!valid_cell (self, cell))
    return;
  cell_origin (self, layout, cell, &x, &y);
  cairo_rectangle (cr, x, y, layout->cell, layout->cell);
  set_colour (cr, colour);
  cairo_fill (cr);
}

/* The frame of the cell picked up, in the high-contrast style: white
 * outside, black inside, so that one of them stands out of any cell. */
static void
frame_cell (const CpBoardTheme *theme, cairo_t *cr, double x, double y, double size)
{
  double w = size * 0.05;

  if (theme->outline.alpha == 0)
    return;
  cairo_new_path (cr);
  cairo_rectangle (cr, x + w / 2, y + w / 2, size - w, size - w);
  cairo_set_line_width (cr, w);
  set_colour (cr, &theme->outline);
  cairo_stroke (cr);
  cairo_rectangle (cr, x + 1.5 * w, y + 1.5 * w, size - 3 * w, size - 3 * w);
  set_colour (cr, &theme->hint);
  cairo_stroke (cr);
}

/* A dot on a cell a move can end on, or a ring around a piece it takes,
 * in the cell of side @size centred on (x, y); with its outline, where
 * the theme has one. */
static void
draw_hint_mark (const CpBoardTheme *theme, cairo_t *cr, double x, double y, double size, gboolean ring)
{
  double w = theme->outline.alpha > 0 ? size * 0.035 : 0;

  cairo_new_path (cr);
  if (ring)
    {
      cairo_arc (cr, x, y, size * 0.46 - w, 0, 2 * G_PI);
      if (w > 0)
        {
          cairo_set_line_width (cr, size * 0.08 + 2 * w);
          set_colour (cr, &theme->outline);
          cairo_stroke_preserve (cr);
        }
      cairo_set_line_width (cr, size * 0.08);
      set_colour (cr, &theme->hint);
      cairo_stroke (cr);
    }
  else
    {
      if (w > 0)
        {
          cairo_arc (cr, x, y, size * 0.16 + w, 0, 2 * G_PI);
          set_colour (cr, &theme->outline);
          cairo_fill (cr);
        }
      cairo_arc (cr, x, y, size * 0.16, 0, 2 * G_PI);
      set_colour (cr, &theme->hint);
      cairo_fill (cr);
    }
}

static void
draw_cell_tints (CpBoardRenderer *self, cairo_t *cr, const Layout *layout)
{
  for (guint cell = 0; cell < layout->width * layout->height; cell++)
    if (cp_cell_set_contains (&self->zone, cell))
      fill_cell (self, cr, layout, cell, &self->theme.zone);
  for (guint i = 0; i < self->n_last_move; i++)
    fill_cell (self, cr, layout, self->last_move[i], &self->theme.last_move);
  if (valid_cell (self, self->selected))
    {
      double x, y;

      fill_cell (self, cr, layout, self->selected, &self->theme.selected);
      cell_origin (self, layout, self->selected, &x, &y);
      frame_cell (&self->theme, cr, x, y, layout->cell);
    }
}

/* The glow of check in the cell of side @cell at (x, y). */
static void
draw_glow (CpBoardRenderer *self, cairo_t *cr, double x, double y, double cell)
{
  const CpRgba *c = &self->theme.check;
  cairo_pattern_t *glow;

  glow = cairo_pattern_create_radial (x + cell / 2, y + cell / 2, 0, x + cell / 2, y + cell / 2, cell * 0.62);
  cairo_pattern_add_color_stop_rgba (glow, 0.0, c->red, c->green, c->blue, c->alpha);
  cairo_pattern_add_color_stop_rgba (glow, 0.45, c->red, c->green, c->blue, c->alpha * 0.75);
  cairo_pattern_add_color_stop_rgba (glow, 1.0, c->red, c->green, c->blue, 0);
  cairo_rectangle (cr, x, y, cell, cell);
  cairo_set_source (cr, glow);
  cairo_fill (cr);
  cairo_pattern_destroy (glow);
}

static void
draw_check (CpBoardRenderer *self, cairo_t *cr, const Layout *layout)
{
  double x, y;

  if (!valid_cell (self, self->check))
    return;
  cell_origin (self, layout, self->check, &x, &y);
  draw_glow (self, cr, x, y, layout->cell);
}

static void
show_centred (cairo_t *cr, const char *text, double x, double y)
{
  cairo_text_extents_t extents;

  cairo_text_extents (cr, text, &extents);
  cairo_move_to (cr,
                 x - extents.x_bearing - extents.width / 2,
                 y - extents.y_bearing - extents.height / 2);
  cairo_show_text (cr, text);
}

/* The letters or the digits of a cell's name. */
static char *
name_part (CpBoard *board, guint cell, gboolean letters)
{
  g_autofree char *name = cp_board_cell_name (board, cell);
  const char *p = name;

  while (*p != '\0' && g_ascii_isalpha (*p))
    p++;
  return letters ? g_strndup (name, (gsize) (p - name)) : g_strdup (p);
}

/* The first cell of a screen column (@along_column) or row, or CP_NO_CELL. */
static guint
first_cell_in_line (CpBoardRenderer *self, const Layout *layout, guint line, gboolean along_column)
{
  guint n = along_column ? layout->rows : layout->cols;

  for (guint i = 0; i < n; i++)
    {
      guint cell = along_column ? screen_cell (self, layout, line, i) : screen_cell (self, layout, i, line);

      if (cell != CP_NO_CELL)
        return cell;
    }
  return CP_NO_CELL;
}

/* The label under a screen column (@along_column) or beside a screen
 * row: the file's letters under a column and the rank's number beside a
 * row, or the other way round when the board is turned a quarter; NULL
 * for a line of holes. */
static char *
line_label (CpBoardRenderer *self, const Layout *layout, guint line, gboolean along_column)
{
  gboolean columns_are_files = (self->rotation & 1) == 0;
  guint cell = first_cell_in_line (self, layout, line, along_column);

  if (cell == CP_NO_CELL)
    return NULL;
  return name_part (self->state.board, cell, along_column ? columns_are_files : !columns_are_files);
}

/* Labels along the bottom edge of the frame, under each screen column,
 * and along its left edge, beside each screen row, always upright.  They
 * keep to the outer edge, whatever the outline of the cells. */
static void
draw_coordinates (CpBoardRenderer *self, cairo_t *cr, const Layout *layout)
{
  cairo_save (cr);
  cairo_set_font_face (cr, self->font);
  cairo_set_font_size (cr, MIN (layout->frame * 0.62, layout->cell * 0.3));
  set_colour (cr, &self->theme.text);

  for (guint col = 0; col < layout->cols; col++)
    {
      g_autofree char *label = line_label (self, layout, col, TRUE);

      if (label != NULL)
        show_centred (cr, label,
                      layout->x0 + (col + 0.5) * layout->cell,
                      layout->y0 + layout->rows * layout->cell + layout->frame / 2);
    }

  for (guint row = 0; row < layout->rows; row++)
    {
      g_autofree char *label = line_label (self, layout, row, FALSE);

      if (label != NULL)
        show_centred (cr, label,
                      layout->x0 - layout->frame / 2,
                      layout->y0 + (row + 0.5) * layout->cell);
    }
  cairo_restore (cr);
}

/**
 * cp_board_renderer_dup_edge_labels:
 * @bottom: %TRUE for the labels along the bottom edge, %FALSE for those
 *   along the left edge
 *
 * The coordinates as a drawing with them shows them at the present
 * rotation: along the bottom edge from left to right, or along the left
 * edge from bottom to top, "" beside a line of holes.  They are always
 * written upright.
 *
 * Returns: (transfer full): the labels, or %NULL without a state
 */
GStrv
cp_board_renderer_dup_edge_labels (CpBoardRenderer *self, gboolean bottom)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  Layout layout;
  guint n;

  g_return_val_if_fail (CP_IS_BOARD_RENDERER (self), NULL);

  if (!self->has_state)
    return NULL;
  grid_layout (self, &layout);
  n = bottom ? layout.cols : layout.rows;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = line_label (self, &layout, bottom ? i : n - 1 - i, bottom);

      g_strv_builder_add (builder, label != NULL ? label : "");
    }
  return g_strv_builder_end (builder);
}

/* Blocked edges between two cells as thick bars on the edge; blocked
 * vertices as a disc with a cross on the corner point. */
/* Adds to the path the edges between neighbouring cells for which
 * @separates says so. */
static void
path_edges (CpBoardRenderer *self, cairo_t *cr, const Layout *layout,
            gboolean (*separates) (CpBoardRenderer *self, guint cell, guint other, CpDir dir))
{
  CpBoard *board = self->state.board;

  for (guint cell = 0; cell < layout->width * layout->height; cell++)
    {
      static const CpDir dirs[2] = { CP_DIR_N, CP_DIR_E };
      guint x = cell % layout->width, y = cell / layout->width;

      if (!cp_board_has_cell (board, cell))
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
        {
          guint other = dirs[i] == CP_DIR_N ? (y + 1 < layout->height ? cell + layout->width : CP_NO_CELL)
                                            : (x + 1 < layout->width ? cell + 1 : CP_NO_CELL);
          double ax, ay, bx, by, mx, my, dx, dy;

          if (other == CP_NO_CELL || !cp_board_has_cell (board, other)
              || !separates (self, cell, other, dirs[i]))
            continue;
          cell_centre (self, layout, cell, &ax, &ay);
          cell_centre (self, layout, other, &bx, &by);
          mx = (ax + bx) / 2;
          my = (ay + by) / 2;
          /* Along the edge: across the line between the two centres. */
          dx = -(by - ay) / 2;
          dy = (bx - ax) / 2;
          cairo_move_to (cr, mx - dx, my - dy);
          cairo_line_to (cr, mx + dx, my + dy);
        }
    }
}

static gboolean
blocked (CpBoardRenderer *self, guint cell, guint other, CpDir dir)
{
  return cp_board_edge_blocked (self->state.board, cell, dir);
}

static gboolean
between_areas (CpBoardRenderer *self, guint cell, guint other, CpDir dir)
{
  return self->areas[cell] != self->areas[other];
}

static void
draw_areas (CpBoardRenderer *self, cairo_t *cr, const Layout *layout)
{
  double dash = layout->cell / 6;

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (layout->cell * 0.05, 1.5));
  cairo_set_dash (cr, &dash, 1, dash / 2);
  set_colour (cr, &self->theme.frame);
  cairo_new_path (cr);
  path_edges (self, cr, layout, between_areas);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* A closed point where four cells of side @cell meet, at (cx, cy): a disc
 * with a cross. */
static void
draw_closed_point (CpBoardRenderer *self, cairo_t *cr, double cx, double cy, double cell)
{
  double r = cell * 0.19, k = r * 0.42;

  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  set_colour (cr, &self->theme.frame);
  cairo_fill (cr);
  cairo_move_to (cr, cx - k, cy - k);
  cairo_line_to (cr, cx + k, cy + k);
  cairo_move_to (cr, cx + k, cy - k);
  cairo_line_to (cr, cx - k, cy + k);
  cairo_set_line_width (cr, r * 0.3);
  set_colour (cr, &self->theme.light);
  cairo_stroke (cr);
}

static void
draw_barriers (CpBoardRenderer *self, cairo_t *cr, const Layout *layout)
{
  CpBoard *board = self->state.board;
  double bar = MAX (layout->cell * 0.14, 3.0);

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, bar);
  set_colour (cr, &self->theme.frame);
  cairo_new_path (cr);
  path_edges (self, cr, layout, blocked);
  cairo_stroke (cr);

  for (guint y = 0; y + 1 < layout->height; y++)
    for (guint x = 0; x + 1 < layout->width; x++)
      {
        double ax, ay, bx, by;

        if (!cp_board_vertex_blocked (board, x, y))
          continue;
        cell_centre (self, layout, y * layout->width + x, &ax, &ay);
        cell_centre (self, layout, (y + 1) * layout->width + x + 1, &bx, &by);
        draw_closed_point (self, cr, (ax + bx) / 2, (ay + by) / 2, layout->cell);
      }
  cairo_restore (cr);
}

static CpColour
seat_colour (CpBoardRenderer *self, guint seat)
{
  return seat < CP_MAX_SEATS ? self->seat_colours[seat] : CP_COLOUR_NEUTRAL;
}

static void
draw_markers (CpBoardRenderer *self, cairo_t *cr, const Layout *layout, double scale)
{
  for (guint cell = 0; cell < layout->width * layout->height; cell++)
    {
      double x, y, size;

      if (self->state.markers[cell] == 0 || !cp_board_has_cell (self->state.board, cell))
        continue;
      cell_origin (self, layout, cell, &x, &y);
      if (CP_PIECE_IS_EMPTY (&self->state.cells[cell]))
        {
          /* Alone on its cell: in the middle. */
          size = layout->cell * 0.6;
          x += (layout->cell - size) / 2;
          y += (layout->cell - size) / 2;
        }
      else
        {
          /* Under a piece: peeking out at the bottom left. */
          size = layout->cell * 0.36;
          x += layout->cell * 0.02;
          y += layout->cell * 0.98 - size;
        }
      cp_piece_art_draw_marker (self->art, cr, seat_colour (self, self->state.markers[cell] - 1u),
                                x, y, size, scale);
    }
}

static void
draw_hints (CpBoardRenderer *self, cairo_t *cr, const Layout *layout)
{
  cairo_save (cr);
  for (guint cell = 0; cell < layout->width * layout->height; cell++)
    {
      gboolean target = cp_cell_set_contains (&self->targets, cell);
      gboolean capture = cp_cell_set_contains (&self->captures, cell);
      double x, y;

      if ((!target && !capture) || !cp_board_has_cell (self->state.board, cell))
        continue;
      cell_centre (self, layout, cell, &x, &y);
      draw_hint_mark (&self->theme, cr, x, y, layout->cell, capture || !CP_PIECE_IS_EMPTY (&self->state.cells[cell]));
    }
  cairo_restore (cr);
}

/* A small badge: a disc with a white rim. */
static void
badge (cairo_t *cr, double cx, double cy, double r, double red, double green, double blue)
{
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, red, green, blue);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, r * 0.22);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_stroke (cr);
}

/* A piece with its marks, in the square (x, y, size). */
static void
draw_piece (CpBoardRenderer *self,
            cairo_t         *cr,
            const CpPiece   *piece,
            double           x,
            double           y,
            double           size,
            double           scale)
{
  CpColour colour = seat_colour (self, piece->seat);
  gboolean mirror = (piece->flags & CP_PIECE_FLAG_MIRROR) != 0;
  gboolean zombie = (piece->flags & CP_PIECE_FLAG_ZOMBIE) != 0;

  if (piece->flags & CP_PIECE_FLAG_TARRED)
    {
      /* A glossy puddle of tar under the piece. */
      cairo_save (cr);
      cairo_translate (cr, x + size / 2, y + size * 0.84);
      cairo_scale (cr, size * 0.44, size * 0.13);
      cairo_new_path (cr);
      cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
      cairo_restore (cr);
      cairo_set_source_rgba (cr, 0.07, 0.06, 0.08, 0.9);
      cairo_fill (cr);
    }

  if (mirror || zombie)
    cairo_push_group (cr);

  if (piece->flags & CP_PIECE_FLAG_HIDDEN)
    cp_piece_art_draw_unknown (self->art, cr, colour, x, y, size, scale);
  else
    cp_piece_art_draw (self->art, cr, piece->kind, colour, x, y, size, scale);

  if (zombie)
    {
      /* A green cast over the piece alone. */
      cairo_set_operator (cr, CAIRO_OPERATOR_ATOP);
      cairo_set_source_rgba (cr, 0x26 / 255.0, 0xa2 / 255.0, 0x69 / 255.0, 0.45);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
    }
  if (mirror || zombie)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, mirror ? 0.5 : 1.0);
    }

  if (zombie)
    {
      double r = size * 0.12, cx = x + size * 0.15, cy = y + size * 0.15, k = r * 0.45;

      badge (cr, cx, cy, r, 0x26 / 255.0, 0xa2 / 255.0, 0x69 / 255.0);
      /* A "Z" drawn with strokes. */
      cairo_move_to (cr, cx - k, cy - k);
      cairo_line_to (cr, cx + k, cy - k);
      cairo_line_to (cr, cx - k, cy + k);
      cairo_line_to (cr, cx + k, cy + k);
      cairo_set_line_width (cr, r * 0.28);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_stroke (cr);
    }

  if (mirror)
    {
      /* A small looking glass: a pane split along its diagonal. */
      double s = size * 0.26, mx = x + size * 0.96 - s, my = y + size * 0.04;

      cairo_new_path (cr);
      cp_cairo_rounded_rectangle (cr, mx, my, s, s, s * 0.2);
      cairo_set_source_rgb (cr, 0x62 / 255.0, 0xa0 / 255.0, 0xea / 255.0);
      cairo_fill_preserve (cr);
      cairo_save (cr);
      cairo_clip_preserve (cr);
      cairo_move_to (cr, mx, my);
      cairo_line_to (cr, mx + s, my);
      cairo_line_to (cr, mx, my + s);
      cairo_close_path (cr);
      cairo_set_source_rgb (cr, 0xdb / 255.0, 0xea / 255.0, 0xff / 255.0);
      cairo_fill (cr);
      cairo_restore (cr);
      cp_cairo_rounded_rectangle (cr, mx, my, s, s, s * 0.2);
      cairo_set_line_width (cr, s * 0.12);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_stroke (cr);
    }

  if (piece->wounds > 0)
    {
      /* Red pips down the left side, clear of the piece. */
      guint shown = MIN (piece->wounds, 6u);
      double r = size * 0.06;

      for (guint i = 0; i < shown; i++)
        badge (cr, x + size * 0.1, y + size * 0.12 + i * r * 2.4, r,
               0xe0 / 255.0, 0x1b / 255.0, 0x24 / 255.0);
    }

  if (piece->checkers > 0)
    {
      double s = size * 0.44;

      cp_piece_art_draw_checkers (self->art, cr,
                                  piece->checker_colour < CP_N_COLOURS ? piece->checker_colour
                                                                        : CP_COLOUR_NEUTRAL,
                                  piece->checkers,
                                  x + size - s, y + size - s, s, scale);
    }
}

static void
draw_pieces (CpBoardRenderer *self, cairo_t *cr, const Layout *layout, double scale)
{
  for (guint cell = 0; cell < layout->width * layout->height; cell++)
    {
      const CpPiece *piece = &self->state.cells[cell];
      double x, y;

      if (CP_PIECE_IS_EMPTY (piece) || !cp_board_has_cell (self->state.board, cell)
          || cell == self->drag_cell || cell == self->motion_to)
        continue;
      cell_origin (self, layout, cell, &x, &y);
      draw_piece (self, cr, piece, x, y, layout->cell, scale);
    }
}

/* Whether pieces of @colour are pale, so that a dark ground shows them. */
static gboolean
colour_is_pale (CpColour colour)
{
  return colour == CP_COLOUR_WHITE || colour == CP_COLOUR_BROWN || colour == CP_COLOUR_NEUTRAL;
}

/* A burial: the buried piece, small and faded, on a disc in the bottom
 * left corner of its cell, over whatever stands there.  The disc is dark
 * under pale pieces and light under dark ones, with a rim of the other
 * shade, so it reads on light and dark cells alike. */
static void
draw_burial (CpBoardRenderer *self,
             cairo_t         *cr,
             const CpPiece   *piece,
             double           x,
             double           y,
             double           cell,
             double           scale)
{
  CpColour colour = seat_colour (self, piece->seat);
  gboolean pale = colour_is_pale (colour);
  double size = cell * 0.38, inset = cell * 0.03;
  double bx = x + inset, by = y + cell - inset - size;
  double r = size / 2, line = MAX (r * 0.1, 1.0);
  double ground = pale ? 0.14 : 0.96, rim = pale ? 0.92 : 0.16;

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, bx + r, by + r, r - line / 2, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, ground, ground, ground + 0.02, pale ? 0.62 : 0.72);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, line);
  cairo_set_source_rgba (cr, rim, rim, rim + 0.02, 0.75);
  cairo_stroke (cr);

  /* The piece fills the disc (the artwork has margins of its own),
   * faded as a ghost. */
  cairo_push_group (cr);
  cp_piece_art_draw (self->art, cr, piece->kind, colour, bx, by - size * 0.02, size, scale);
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, 0.8);
  cairo_restore (cr);
}

static void
draw_burials (CpBoardRenderer *self, cairo_t *cr, const Layout *layout, double scale)
{
  for (guint cell = 0; cell < layout->width * layout->height; cell++)
    {
      double x, y;

      if (CP_PIECE_IS_EMPTY (&self->buried[cell]) || !cp_board_has_cell (self->state.board, cell))
        continue;
      cell_origin (self, layout, cell, &x, &y);
      draw_burial (self, cr, &self->buried[cell], x, y, layout->cell, scale);
    }
}

/* A stack of checkers that a game keeps apart from its pieces: drawn as
 * the checkers a piece carries, in the bottom right corner. */
static void
draw_stack (CpBoardRenderer *self, cairo_t *cr, const CpOverlay *stack, double x, double y, double cell,
            double scale)
{
  double s = cell * 0.44;

  cp_piece_art_draw_checkers (self->art, cr, stack->colour < CP_N_COLOURS ? (CpColour) stack->colour : CP_COLOUR_NEUTRAL,
                              stack->count, x + cell - s, y + cell - s, s, scale);
}

/* A badge: a short text on a dark rounded label in the top right corner. */
static void
draw_badge (CpBoardRenderer *self, cairo_t *cr, const char *text, double x, double y, double cell)
{
  double size = cell * 0.2, pad = size * 0.3;
  cairo_text_extents_t extents;
  double w, h;

  cairo_save (cr);
  cairo_set_font_face (cr, self->font);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &extents);
  w = MAX (extents.width + 2 * pad, size + pad);
  h = size + pad;
  cp_cairo_rounded_rectangle (cr, x + cell - w - cell * 0.04, y + cell * 0.04, w, h, h / 2);
  cairo_set_source_rgba (cr, 0.12, 0.12, 0.14, 0.85);
  cairo_fill (cr);
  cairo_move_to (cr, x + cell - w - cell * 0.04 + (w - extents.width) / 2 - extents.x_bearing,
                 y + cell * 0.04 + (h - extents.height) / 2 - extents.y_bearing);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_show_text (cr, text);
  cairo_restore (cr);
}

static void
draw_stacks_and_badges (CpBoardRenderer *self, cairo_t *cr, const Layout *layout, double scale)
{
  for (guint i = 0; i < self->overlays->len; i++)
    {
      const CpOverlay *overlay = &g_array_index (self->overlays, CpOverlay, i);
      double x, y;

      if (!cp_board_has_cell (self->state.board, overlay->cell)
          || overlay->cell >= layout->width * layout->height)
        continue;
      cell_origin (self, layout, overlay->cell, &x, &y);
      if (overlay->kind == CP_OVERLAY_STACK && overlay->count > 0)
        draw_stack (self, cr, overlay, x, y, layout->cell, scale);
      else if (overlay->kind == CP_OVERLAY_BADGE && overlay->text != NULL && *overlay->text)
        draw_badge (self, cr, overlay->text, x, y, layout->cell);
    }
}

static void
draw_cursor (CpBoardRenderer *self, cairo_t *cr, const Layout *layout)
{
  double x, y, w;

  if (!valid_cell (self, self->cursor))
    return;
  cell_origin (self, layout, self->cursor, &x, &y);
  w = MAX (layout->cell * 0.06, 2.0);
  cairo_new_path (cr);
  cp_cairo_rounded_rectangle (cr, x + w / 2, y + w / 2, layout->cell - w, layout->cell - w, w);
  cairo_set_line_width (cr, w);
  set_colour (cr, &self->theme.cursor);
  cairo_stroke (cr);
}

static void
draw_arrows (CpBoardRenderer *self, cairo_t *cr, const Layout *layout)
{
  for (guint i = 0; i < self->n_arrows; i++)
    {
      const CpArrow *arrow = &self->arrows[i];
      double ax, ay, bx, by, dx, dy, length, shaft, head, nx, ny;

      if (!valid_cell (self, arrow->from) || !valid_cell (self, arrow->to)
          || arrow->from == arrow->to)
        continue;
      cell_centre (self, layout, arrow->from, &ax, &ay);
      cell_centre (self, layout, arrow->to, &bx, &by);
      dx = bx - ax;
      dy = by - ay;
      length = hypot (dx, dy);
      dx /= length;
      dy /= length;
      nx = -dy;
      ny = dx;
      shaft = layout->cell * 0.09;
      head = layout->cell * 0.32;

      /* Start a little off the centre, end at the target's centre. */
      ax += dx * layout->cell * 0.2;
      ay += dy * layout->cell * 0.2;
      length -= layout->cell * 0.2;
      if (length <= head)
        head = length * 0.8;

      cairo_new_path (cr);
      cairo_move_to (cr, ax + nx * shaft, ay + ny * shaft);
      cairo_line_to (cr, bx - dx * head + nx * shaft, by - dy * head + ny * shaft);
      cairo_line_to (cr, bx - dx * head + nx * head * 0.75, by - dy * head + ny * head * 0.75);
      cairo_line_to (cr, bx, by);
      cairo_line_to (cr, bx - dx * head - nx * head * 0.75, by - dy * head - ny * head * 0.75);
      cairo_line_to (cr, bx - dx * head - nx * shaft, by - dy * head - ny * shaft);
      cairo_line_to (cr, ax - nx * shaft, ay - ny * shaft);
      cairo_close_path (cr);
      set_colour (cr, &arrow->colour);
      cairo_fill (cr);
    }
}

static void
draw_moving (CpBoardRenderer *self, cairo_t *cr, const Layout *layout, double scale)
{
  if (valid_cell (self, self->motion_to) && valid_cell (self, self->motion_from)
      && !CP_PIECE_IS_EMPTY (&self->state.cells[self->motion_to]))
    {
      double ax, ay, bx, by, t = self->motion_progress;

      /* Eased, so the piece sets off and lands gently. */
      t = t * t * (3 - 2 * t);
      cell_origin (self, layout, self->motion_from, &ax, &ay);
      cell_origin (self, layout, self->motion_to, &bx, &by);
      draw_piece (self, cr, &self->state.cells[self->motion_to],
                  ax + (bx - ax) * t, ay + (by - ay) * t, layout->cell, scale);
    }

  if (valid_cell (self, self->drag_cell)
      && !CP_PIECE_IS_EMPTY (&self->state.cells[self->drag_cell]))
    {
      /* Lifted: a little larger, centred on the pointer. */
      double size = layout->cell * 1.1;

      draw_piece (self, cr, &self->state.cells[self->drag_cell],
                  self->drag_x - size / 2, self->drag_y - size / 2, size, scale);
    }
}

void
cp_board_renderer_draw (CpBoardRenderer *self,
                        cairo_t         *cr,
                        double           width,
                        double           height,
                        double           scale)
{
  Layout layout;

  g_return_if_fail (CP_IS_BOARD_RENDERER (self));
  g_return_if_fail (cr != NULL);

  if (scale <= 0)
    scale = 1;
  self->last_scale = scale;
  self->n_drawn = 0;
  if (!compute_layout (self, width, height, scale, &layout))
    return;

  cairo_save (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);

  draw_frame (self, cr, &layout);
  /* Cells are whole pixels: drawing them without antialiasing leaves no
   * seams between neighbours. */
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  draw_cells (self, cr, &layout);
  draw_cell_tints (self, cr, &layout);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);
  draw_check (self, cr, &layout);
  if (self->show_coordinates)
    draw_coordinates (self, cr, &layout);
  draw_areas (self, cr, &layout);
  draw_barriers (self, cr, &layout);
  draw_markers (self, cr, &layout, scale);
  draw_hints (self, cr, &layout);
  draw_pieces (self, cr, &layout, scale);
  draw_burials (self, cr, &layout, scale);
  draw_stacks_and_badges (self, cr, &layout, scale);
  draw_cursor (self, cr, &layout);
  draw_arrows (self, cr, &layout);
  draw_moving (self, cr, &layout, scale);

  cairo_restore (cr);
}

/* A key to the marks. */

/**
 * cp_board_renderer_get_marks:
 *
 * The marks that the position and the overlays set show, beside the
 * pieces themselves: those of the pieces, of the overlays, of the board
 * and of check (not the marks of play, such as the last move).
 *
 * Returns: the marks, as CP_MARK_BIT()s
 */
guint32
cp_board_renderer_get_marks (CpBoardRenderer *self)
{
  static const CpMark of_overlay[CP_N_OVERLAY_KINDS] = {
    [CP_OVERLAY_PIECE] = CP_MARK_BURIAL, [CP_OVERLAY_STACK] = CP_MARK_STACK, [CP_OVERLAY_BADGE] = CP_MARK_BADGE,
    [CP_OVERLAY_TINT] = CP_MARK_TINT, [CP_OVERLAY_AREA] = CP_MARK_AREA, [CP_OVERLAY_NOTE] = CP_N_MARKS,
  };
  CpBoard *board = self->state.board;
  guint32 marks = 0;

  g_return_val_if_fail (CP_IS_BOARD_RENDERER (self), 0);

  if (!self->has_state)
    return 0;
  for (guint cell = 0; cell < cp_board_get_n_cells (board); cell++)
    {
      const CpPiece *p = &self->state.cells[cell];
      guint x = cp_board_cell_x (board, cell), y = cp_board_cell_y (board, cell);

      if (!cp_board_has_cell (board, cell))
        continue;
      if (!CP_PIECE_IS_EMPTY (p))
        {
          marks |= (p->flags & CP_PIECE_FLAG_MIRROR) ? CP_MARK_BIT (CP_MARK_MIRROR) : 0;
          marks |= (p->flags & CP_PIECE_FLAG_ZOMBIE) ? CP_MARK_BIT (CP_MARK_ZOMBIE) : 0;
          marks |= (p->flags & CP_PIECE_FLAG_TARRED) ? CP_MARK_BIT (CP_MARK_TAR) : 0;
          marks |= (p->flags & CP_PIECE_FLAG_HIDDEN) ? CP_MARK_BIT (CP_MARK_HIDDEN) : 0;
          marks |= p->checkers > 0 ? CP_MARK_BIT (CP_MARK_CHECKERS) : 0;
          marks |= p->wounds > 0 ? CP_MARK_BIT (CP_MARK_WOUNDS) : 0;
        }
      marks |= self->state.markers[cell] != 0 ? CP_MARK_BIT (CP_MARK_MARKER) : 0;
      for (CpDir dir = CP_DIR_N; dir < CP_N_DIRS; dir += 2)
        marks |= cp_board_edge_blocked (board, cell, dir) ? CP_MARK_BIT (CP_MARK_WALL) : 0;
      marks |= cp_board_vertex_blocked (board, x, y) ? CP_MARK_BIT (CP_MARK_CENTRE) : 0;
    }
  for (guint i = 0; i < self->overlays->len; i++)
    {
      guint kind = g_array_index (self->overlays, CpOverlay, i).kind;

      if (kind < CP_N_OVERLAY_KINDS && of_overlay[kind] != CP_N_MARKS)
        marks |= CP_MARK_BIT (of_overlay[kind]);
    }
  if (valid_cell (self, self->check))
    marks |= CP_MARK_BIT (CP_MARK_CHECK);
  return marks;
}

/* Whether a sample of @mark shows four cells, the mark between them. */
static gboolean
between_cells (CpMark mark)
{
  return mark == CP_MARK_WALL || mark == CP_MARK_CENTRE || mark == CP_MARK_AREA;
}

/**
 * cp_board_renderer_draw_sample:
 * @entry: a line of a game's key
 *
 * Draws @entry's mark in the square (@x, @y, @size) as the board draws it,
 * in the renderer's theme and seat colours: one light cell with the mark
 * and the entry's piece, or four cells for a mark between cells (a wall,
 * a closed point, the edge of an area).
 */
void
cp_board_renderer_draw_sample (CpBoardRenderer     *self,
                               cairo_t             *cr,
                               const CpLegendEntry *entry,
                               double               x,
                               double               y,
                               double               size,
                               double               scale)
{
  CpMark mark = (CpMark) entry->mark;
  const CpPiece *piece = &entry->piece;
  double half = size / 2;

  g_return_if_fail (CP_IS_BOARD_RENDERER (self));
  g_return_if_fail (cr != NULL && entry != NULL);

  cairo_save (cr);
  cairo_new_path (cr);
  if (between_cells (mark))
    {
      for (guint i = 0; i < 4; i++)
        {
          cairo_rectangle (cr, x + (i % 2) * half, y + (i / 2) * half, half, half);
          set_colour (cr, (i % 2) == (i / 2) ? &self->theme.light : &self->theme.dark);
          cairo_fill (cr);
        }
    }
  else
    {
      cairo_rectangle (cr, x, y, size, size);
      set_colour (cr, &self->theme.light);
      cairo_fill (cr);
    }

  switch (mark)
    {
    case CP_MARK_TINT:
    case CP_MARK_LAST_MOVE:
    case CP_MARK_PICKED:
      cairo_rectangle (cr, x, y, size, size);
      set_colour (cr, mark == CP_MARK_TINT ? &self->theme.zone
                      : mark == CP_MARK_LAST_MOVE ? &self->theme.last_move : &self->theme.selected);
      cairo_fill (cr);
      if (mark == CP_MARK_PICKED)
        frame_cell (&self->theme, cr, x, y, size);
      break;
    case CP_MARK_TARGET:
    case CP_MARK_CAPTURE:
      draw_hint_mark (&self->theme, cr, x + half, y + half, size, mark == CP_MARK_CAPTURE);
      break;
    case CP_MARK_CHECK:
      draw_glow (self, cr, x, y, size);
      break;
    case CP_MARK_WALL:
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_width (cr, MAX (half * 0.14, 3.0));
      set_colour (cr, &self->theme.frame);
      cairo_move_to (cr, x + half, y + size * 0.06);
      cairo_line_to (cr, x + half, y + size * 0.94);
      cairo_stroke (cr);
      break;
    case CP_MARK_CENTRE:
      /* As large as beside cells of the sample's size, to be made out. */
      draw_closed_point (self, cr, x + half, y + half, size * 1.3);
      break;
    case CP_MARK_AREA:
      {
        double dash = half / 6;

        cairo_set_line_width (cr, MAX (half * 0.05, 1.5));
        cairo_set_dash (cr, &dash, 1, dash / 2);
        set_colour (cr, &self->theme.frame);
        cairo_move_to (cr, x + half, y);
        cairo_line_to (cr, x + half, y + size);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
      break;
    case CP_MARK_MARKER:
      cp_piece_art_draw_marker (self->art, cr, seat_colour (self, piece->seat), x + size * 0.2, y + size * 0.2,
                                size * 0.6, scale);
      break;
    case CP_MARK_MIRROR:
    case CP_MARK_CHECKERS:
    case CP_MARK_TAR:
    case CP_MARK_ZOMBIE:
    case CP_MARK_WOUNDS:
    case CP_MARK_HIDDEN:
    case CP_MARK_BURIAL:
    case CP_MARK_STACK:
    case CP_MARK_BADGE:
    case CP_N_MARKS:
    default:
      break;
    }

  /* The piece of the sample, as draw_pieces() draws it; a buried piece
   * and a marker go without. */
  if (!CP_PIECE_IS_EMPTY (piece) && mark != CP_MARK_BURIAL && mark != CP_MARK_MARKER && !between_cells (mark))
    {
      CpPiece shown = *piece;

      if (mark == CP_MARK_HIDDEN)
        shown.flags |= CP_PIECE_FLAG_HIDDEN;
      draw_piece (self, cr, &shown, x, y, size, scale);
    }

  switch (mark)
    {
    case CP_MARK_BURIAL:
      draw_burial (self, cr, piece, x, y, size, scale);
      break;
    case CP_MARK_STACK:
      {
        CpOverlay stack = { .kind = CP_OVERLAY_STACK, .count = MAX (piece->checkers, 1),
                            .colour = piece->checker_colour };

        draw_stack (self, cr, &stack, x, y, size, scale);
      }
      break;
    case CP_MARK_BADGE:
      draw_badge (self, cr, "1", x, y, size);
      break;
    case CP_MARK_TARGET:
    case CP_MARK_CAPTURE:
    case CP_MARK_MIRROR:
    case CP_MARK_CHECKERS:
    case CP_MARK_TAR:
    case CP_MARK_ZOMBIE:
    case CP_MARK_WOUNDS:
    case CP_MARK_HIDDEN:
    case CP_MARK_TINT:
    case CP_MARK_AREA:
    case CP_MARK_MARKER:
    case CP_MARK_WALL:
    case CP_MARK_CENTRE:
    case CP_MARK_CHECK:
    case CP_MARK_LAST_MOVE:
    case CP_MARK_PICKED:
    case CP_N_MARKS:
    default:
      break;
    }
  cairo_restore (cr);
}
