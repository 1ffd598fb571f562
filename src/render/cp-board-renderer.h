/* cp-board-renderer.h: drawing a board and its pieces with cairo
 *
 * The same drawing serves the screen, printing and image export: it knows
 * nothing of widgets.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "cp-engine.h"
#include "cp-piece-art.h"

G_BEGIN_DECLS

typedef struct {
  double red, green, blue, alpha;
} CpRgba;

/* The colours of a board.  Pieces have their own colours (CpPieceArt). */
typedef struct {
  CpRgba light;        /* light cells */
  CpRgba dark;         /* dark cells */
  CpRgba frame;        /* around the board and along barriers */
  CpRgba text;         /* coordinates */
  CpRgba last_move;    /* the cells of the last move */
  CpRgba selected;     /* the cell of the piece picked up */
  CpRgba hint;         /* dots on cells a piece may move to */
  CpRgba check;        /* glow under a king in check */
  CpRgba cursor;       /* keyboard cursor outline */
  CpRgba zone;         /* tint of a highlighted zone (castles, territories) */
  CpRgba outline;      /* around hints and the cell picked up, for the
                        * high-contrast style; clear otherwise */
} CpBoardTheme;

typedef enum {
  CP_BOARD_THEME_CLASSIC,
  CP_BOARD_THEME_GREEN,
  CP_BOARD_THEME_BLUE,
  CP_BOARD_THEME_GREY,
  CP_N_BOARD_THEMES
} CpBoardThemeId;

#define CP_TYPE_BOARD_THEME_ID (cp_board_theme_id_get_type ())
GType       cp_board_theme_id_get_type (void);

const char *cp_board_theme_to_id   (CpBoardThemeId id);
gboolean    cp_board_theme_from_id (const char *name, CpBoardThemeId *id);
void        cp_board_theme_get     (CpBoardThemeId id, gboolean dark, CpBoardTheme *theme);
void        cp_board_theme_set_high_contrast (CpBoardTheme *theme);

typedef struct {
  double x, y, width, height;
} CpRect;

typedef struct {
  guint8 from;
  guint8 to;
  CpRgba colour;
} CpArrow;

#define CP_TYPE_BOARD_RENDERER (cp_board_renderer_get_type ())
G_DECLARE_FINAL_TYPE (CpBoardRenderer, cp_board_renderer, CP, BOARD_RENDERER, GObject)

/* @art may be NULL for the shared piece set. */
CpBoardRenderer *cp_board_renderer_new              (CpPieceArt       *art);

/* What to draw.  The renderer copies the common part of the state (board,
 * cells, markers); it never calls the state's rules.  Seats are coloured
 * white, black, red and brown unless set_colours says otherwise.
 * Rotation is in quarter turns clockwise: 0 puts rank 1 at the bottom (the
 * first seat's view), 1 at the left, 2 at the top (a1 at the top right,
 * Black's view), 3 at the right.  Pieces stay upright. */
void       cp_board_renderer_set_state              (CpBoardRenderer  *self,
                                                     const CpState    *state);
void       cp_board_renderer_set_colours            (CpBoardRenderer  *self,
                                                     const CpColour   *seat_colours,
                                                     guint             n_seats);
void       cp_board_renderer_set_theme              (CpBoardRenderer  *self,
                                                     const CpBoardTheme *theme);
void       cp_board_renderer_set_rotation           (CpBoardRenderer  *self,
                                                     guint             quarter_turns);
guint      cp_board_renderer_get_rotation           (CpBoardRenderer  *self);
void       cp_board_renderer_set_show_coordinates   (CpBoardRenderer  *self,
                                                     gboolean          show);

/* Decorations; CP_NO_CELL or NULL clears each. */
void       cp_board_renderer_set_last_move          (CpBoardRenderer  *self,
                                                     const guint8     *cells,
                                                     guint             n_cells);
gboolean   cp_board_renderer_in_last_move           (CpBoardRenderer  *self,
                                                     guint             cell);
void       cp_board_renderer_set_selected           (CpBoardRenderer  *self,
                                                     guint             cell);
void       cp_board_renderer_set_hints              (CpBoardRenderer  *self,
                                                     const CpCellSet  *targets,
                                                     const CpCellSet  *captures);
void       cp_board_renderer_set_check              (CpBoardRenderer  *self,
                                                     guint             cell);
void       cp_board_renderer_set_cursor             (CpBoardRenderer  *self,
                                                     guint             cell);
void       cp_board_renderer_set_arrows             (CpBoardRenderer  *self,
                                                     const CpArrow    *arrows,
                                                     guint             n_arrows);
/* What a game's presentation draws on cells beside the pieces. */
void       cp_board_renderer_set_overlays           (CpBoardRenderer  *self,
                                                     const CpOverlay  *overlays,
                                                     guint             n_overlays);
char            *cp_board_renderer_describe_marks   (const CpPiece    *piece);
const CpOverlay *cp_board_renderer_get_overlays     (CpBoardRenderer  *self,
                                                     guint            *n_overlays);
/* A key to the marks: those the board shows now, and a sample of one. */
guint32    cp_board_renderer_get_marks              (CpBoardRenderer  *self);
void       cp_board_renderer_draw_sample            (CpBoardRenderer  *self,
                                                     cairo_t          *cr,
                                                     const CpLegendEntry *entry,
                                                     double            x,
                                                     double            y,
                                                     double            size,
                                                     double            scale);
/* A piece lifted from @cell follows the pointer at (x, y); the cell shows
 * empty meanwhile. */
void       cp_board_renderer_set_drag               (CpBoardRenderer  *self,
                                                     guint             cell,
                                                     double            x,
                                                     double            y);
/* A piece on its way from @from to @to, @progress from 0 to 1. */
void       cp_board_renderer_set_motion             (CpBoardRenderer  *self,
                                                     guint             from,
                                                     guint             to,
                                                     double            progress);

/* Drawing and geometry, for an area of @width x @height in user units;
 * @scale is the device scale, so pieces are rasterised crisply.  Cells are
 * whole device pixels, so cell_at and cell_rect use the scale of the last
 * draw (1 before any).  cell_at gives CP_NO_CELL outside the board and in
 * holes; count_drawn_cells the number of cells the last draw painted. */
void       cp_board_renderer_draw                   (CpBoardRenderer  *self,
                                                     cairo_t          *cr,
                                                     double            width,
                                                     double            height,
                                                     double            scale);
guint      cp_board_renderer_cell_at                (CpBoardRenderer  *self,
                                                     double            width,
                                                     double            height,
                                                     double            x,
                                                     double            y);
gboolean   cp_board_renderer_cell_rect              (CpBoardRenderer  *self,
                                                     double            width,
                                                     double            height,
                                                     guint             cell,
                                                     CpRect           *rect);
gboolean   cp_board_renderer_get_extents            (CpBoardRenderer  *self,
                                                     double            width,
                                                     double            height,
                                                     double            scale,
                                                     CpRect           *rect);
guint      cp_board_renderer_count_drawn_cells      (CpBoardRenderer  *self);
GStrv      cp_board_renderer_dup_edge_labels        (CpBoardRenderer  *self,
                                                     gboolean          bottom);

G_END_DECLS
