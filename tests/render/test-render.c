/* test-render.c: drawing boards and pieces offscreen
 *
 * Boards are drawn into cairo image surfaces and the pixels checked.  With
 * CP_RENDER_SNAPSHOTS=DIR the test also writes pictures of the boards into
 * DIR, to be looked at.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>

#include "cp-board-renderer.h"
#include "cp-dice-art.h"
#include "cp-engine.h"
#include "cp-grid-art.h"
#include "cp-piece-art.h"
#include "test-pixels.h"

/* Boards. */

/* The renderer draws what a presentation lays over the cells.  These give
 * it small pieces in corners (burials), tinted cells and outlined areas,
 * from one array or set each; NULL shows none. */
static void
set_buried (CpBoardRenderer *renderer, const CpPiece *buried)
{
  g_autoptr (CpPresentation) presentation = cp_presentation_new ();

  for (guint c = 0; buried != NULL && c < CP_MAX_CELLS; c++)
    if (!CP_PIECE_IS_EMPTY (&buried[c]))
      {
        CpOverlay *overlay = cp_presentation_add_overlay (presentation, CP_OVERLAY_PIECE, c, NULL);

        overlay->piece = buried[c].kind;
        overlay->seat = buried[c].seat;
      }
  cp_board_renderer_set_overlays (renderer, (const CpOverlay *) presentation->overlays->data,
                                  presentation->overlays->len);
}

static void
set_zone (CpBoardRenderer *renderer, const CpCellSet *zone)
{
  g_autoptr (CpPresentation) presentation = cp_presentation_new ();

  for (guint c = 0; zone != NULL && c < CP_MAX_CELLS; c++)
    if (cp_cell_set_contains (zone, c))
      cp_presentation_add_overlay (presentation, CP_OVERLAY_TINT, c, NULL);
  cp_board_renderer_set_overlays (renderer, (const CpOverlay *) presentation->overlays->data,
                                  presentation->overlays->len);
}

static void
set_areas (CpBoardRenderer *renderer, const guint8 *areas)
{
  g_autoptr (CpPresentation) presentation = cp_presentation_new ();

  for (guint c = 0; areas != NULL && c < CP_MAX_CELLS; c++)
    if (areas[c] != 0)
      cp_presentation_add_overlay (presentation, CP_OVERLAY_AREA, c, NULL)->count = areas[c];
  cp_board_renderer_set_overlays (renderer, (const CpOverlay *) presentation->overlays->data,
                                  presentation->overlays->len);
}

static guint
cell (CpBoard *board, const char *name)
{
  g_autoptr (GError) error = NULL;
  guint c = CP_NO_CELL;

  if (!cp_board_parse_cell (board, name, &c, &error))
    g_error ("%s: %s", name, error->message);
  return c;
}

static CpBoard *
three_player_board (void)
{
  g_autoptr (GError) error = NULL;
  CpBoard *board = cp_board_new_from_layout ("x......x\n"
                                             "x......x\n"
                                             "........\n"
                                             "........\n"
                                             "........\n"
                                             "........\n"
                                             "........\n"
                                             "........\n", &error);

  g_assert_no_error (error);
  cp_board_block_edge (board, 3, CP_DIR_E);  /* between d1 and e1 */
  return board;
}

static CpBoard *
four_player_board (void)
{
  CpBoard *board = cp_board_new (8, 8);

  cp_board_block_vertex (board, 3, 3);  /* shared by d4, e4, d5 and e5 */
  return board;
}

/* States: only the fields the renderer reads. */

static CpState *
new_state (CpBoard *board, guint n_seats)
{
  CpState *state = g_malloc0 (sizeof (CpState));

  state->board = g_object_ref (board);
  state->n_seats = (guint8) n_seats;
  return state;
}

static void
put (CpState *state, const char *name, CpPieceKind kind, guint seat)
{
  CpPiece *piece = &state->cells[cell (state->board, name)];

  memset (piece, 0, sizeof *piece);
  piece->kind = (guint8) kind;
  piece->seat = (guint8) seat;
}

static void
put_list (CpState *state, const char *names, CpPieceKind kind, guint seat)
{
  g_auto (GStrv) list = g_strsplit (names, " ", -1);

  for (guint i = 0; list[i] != NULL; i++)
    put (state, list[i], kind, seat);
}

static CpState *
chess_state (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
  CpState *state;

  g_assert_nonnull (game);
  g_assert_true (cp_game_play_text (game, "e4", &error));
  g_assert_true (cp_game_play_text (game, "e5", &error));
  g_assert_true (cp_game_play_text (game, "Nf3", &error));
  g_assert_no_error (error);
  state = new_state (cp_game_get_state (game)->board, 2);
  memcpy (state->cells, cp_game_get_state (game)->cells, sizeof state->cells);
  return state;
}

static CpState *
chess_start_state (void)
{
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
  CpState *state;

  g_assert_nonnull (game);
  state = new_state (cp_game_get_state (game)->board, 2);
  memcpy (state->cells, cp_game_get_state (game)->cells, sizeof state->cells);
  return state;
}

static CpState *
chivalry_state (void)
{
  g_autoptr (CpGame) game = cp_game_new ("chivalry", NULL, 2, 1, NULL);
  CpState *state;

  g_assert_nonnull (game);
  state = new_state (cp_game_get_state (game)->board, 2);
  memcpy (state->cells, cp_game_get_state (game)->cells, sizeof state->cells);
  return state;
}

/* White at the top, Black and Red at the bottom, as the Knightmare
 * diagram shows it. */
static CpState *
three_player_state (void)
{
  g_autoptr (CpBoard) board = three_player_board ();
  CpState *state = new_state (board, 3);

  put (state, "b8", CP_PIECE_ROOK, 0);
  put (state, "c8", CP_PIECE_BISHOP, 0);
  put (state, "d8", CP_PIECE_KING, 0);
  put (state, "e8", CP_PIECE_QUEEN, 0);
  put (state, "f8", CP_PIECE_BISHOP, 0);
  put (state, "g8", CP_PIECE_KNIGHT, 0);
  put_list (state, "b7 c7 d7 e7 f7 g7", CP_PIECE_PAWN, 0);

  put (state, "a1", CP_PIECE_KING, 1);
  put (state, "b1", CP_PIECE_QUEEN, 1);
  put (state, "c1", CP_PIECE_BISHOP, 1);
  put (state, "a2", CP_PIECE_ROOK, 1);
  put (state, "b2", CP_PIECE_KNIGHT, 1);
  put (state, "c2", CP_PIECE_BISHOP, 1);
  put_list (state, "d2 a3 b3 c3", CP_PIECE_PAWN, 1);

  put (state, "h1", CP_PIECE_KING, 2);
  put (state, "g1", CP_PIECE_QUEEN, 2);
  put (state, "f1", CP_PIECE_BISHOP, 2);
  put (state, "h2", CP_PIECE_ROOK, 2);
  put (state, "g2", CP_PIECE_KNIGHT, 2);
  put (state, "f2", CP_PIECE_BISHOP, 2);
  put_list (state, "e2 f3 g3 h3", CP_PIECE_PAWN, 2);
  return state;
}

static CpState *
four_player_state (void)
{
  g_autoptr (CpBoard) board = four_player_board ();
  CpState *state = new_state (board, 4);

  /* White a8, Black h8, Red h1, Brown a1. */
  put (state, "a8", CP_PIECE_KING, 0);
  put (state, "b8", CP_PIECE_ROOK, 0);
  put (state, "a7", CP_PIECE_KNIGHT, 0);
  put (state, "b7", CP_PIECE_QUEEN, 0);
  put_list (state, "c8 c7 a6 b6 c6", CP_PIECE_PAWN, 0);
  put (state, "h8", CP_PIECE_KING, 1);
  put (state, "g8", CP_PIECE_KNIGHT, 1);
  put (state, "g7", CP_PIECE_QUEEN, 1);
  put (state, "h7", CP_PIECE_ROOK, 1);
  put_list (state, "f8 f7 f6 g6 h6", CP_PIECE_PAWN, 1);
  put (state, "h1", CP_PIECE_KING, 2);
  put (state, "g1", CP_PIECE_ROOK, 2);
  put (state, "h2", CP_PIECE_KNIGHT, 2);
  put (state, "g2", CP_PIECE_QUEEN, 2);
  put_list (state, "f1 f2 f3 g3 h3", CP_PIECE_PAWN, 2);
  put (state, "a1", CP_PIECE_KING, 3);
  put (state, "b1", CP_PIECE_KNIGHT, 3);
  put (state, "a2", CP_PIECE_ROOK, 3);
  put (state, "b2", CP_PIECE_QUEEN, 3);
  put_list (state, "c1 c2 a3 b3 c3", CP_PIECE_PAWN, 3);
  return state;
}

/* Pictures. */

/* Draws onto a transparent image of (width x height) * scale pixels. */
static cairo_surface_t *
render (CpBoardRenderer *renderer, int width, int height, double scale)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         (int) (width * scale),
                                                         (int) (height * scale));
  cairo_t *cr;

  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  cp_board_renderer_draw (renderer, cr, width, height, scale);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The pixel at (x, y) in user units. */
static Pixel
pixel_at (cairo_surface_t *surface, double x, double y)
{
  double sx, sy;

  cairo_surface_get_device_scale (surface, &sx, &sy);
  return device_pixel (surface, (int) floor (x * sx), (int) floor (y * sy));
}

static gboolean
same_colour (Pixel p, const CpRgba *c)
{
  const double tolerance = 2.5 / 255;

  return fabs (p.a - c->alpha) < tolerance && fabs (p.r - c->red) < tolerance
         && fabs (p.g - c->green) < tolerance && fabs (p.b - c->blue) < tolerance;
}

static double
luminance (Pixel p)
{
  return 0.2126 * p.r + 0.7152 * p.g + 0.0722 * p.b;
}

static void
cell_centre (CpBoardRenderer *renderer, int width, int height, guint c, double *x, double *y)
{
  CpRect rect;

  g_assert_true (cp_board_renderer_cell_rect (renderer, width, height, c, &rect));
  *x = rect.x + rect.width / 2;
  *y = rect.y + rect.height / 2;
}

static Pixel
cell_pixel (CpBoardRenderer *renderer, cairo_surface_t *surface, int width, int height,
            guint c, double fx, double fy)
{
  CpRect rect;

  g_assert_true (cp_board_renderer_cell_rect (renderer, width, height, c, &rect));
  return pixel_at (surface, rect.x + rect.width * fx, rect.y + rect.height * fy);
}

/* How many pixels of a region differ between two pictures of one size. */
static guint
count_differences (cairo_surface_t *a, cairo_surface_t *b, const CpRect *region)
{
  int stride = cairo_image_surface_get_stride (a);
  int width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  double sx, sy;
  int x0 = 0, y0 = 0, x1 = width, y1 = height;
  guint n = 0;

  g_assert_cmpint (width, ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (height, ==, cairo_image_surface_get_height (b));
  cairo_surface_get_device_scale (a, &sx, &sy);
  if (region != NULL)
    {
      x0 = MAX (0, (int) floor (region->x * sx));
      y0 = MAX (0, (int) floor (region->y * sy));
      x1 = MIN (width, (int) ceil ((region->x + region->width) * sx));
      y1 = MIN (height, (int) ceil ((region->y + region->height) * sy));
    }
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      n += memcmp (da + y * stride + x * 4, db + y * stride + x * 4, 4) != 0;
  return n;
}

static guint
count_opaque (cairo_surface_t *surface)
{
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint n = 0;

  cairo_surface_flush (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      n += (*(const guint32 *) (data + y * stride + x * 4) >> 24) > 128;
  return n;
}

static CpBoardRenderer *
new_renderer (const CpState *state)
{
  CpBoardRenderer *renderer = cp_board_renderer_new (NULL);

  cp_board_renderer_set_state (renderer, state);
  return renderer;
}

/* Tests. */

static void
test_theme_ids (void)
{
  for (guint i = 0; i < CP_N_BOARD_THEMES; i++)
    {
      CpBoardThemeId id;
      CpBoardTheme light, dark;

      g_assert_true (cp_board_theme_from_id (cp_board_theme_to_id (i), &id));
      g_assert_cmpuint (id, ==, i);
      cp_board_theme_get (i, FALSE, &light);
      cp_board_theme_get (i, TRUE, &dark);
      /* The dark style is deeper. */
      g_assert_cmpfloat (light.light.red + light.light.green + light.light.blue, >,
                         dark.light.red + dark.light.green + dark.light.blue);
      g_assert_cmpfloat (light.dark.red + light.dark.green + light.dark.blue, >,
                         dark.dark.red + dark.dark.green + dark.dark.blue);
    }
  g_assert_false (cp_board_theme_from_id ("plaid", NULL));
  g_assert_null (cp_board_theme_to_id (CP_N_BOARD_THEMES));
}

static void
test_cell_colours (void)
{
  g_autoptr (CpState) state = chess_state ();
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  guint e4 = cell (state->board, "e4"), d4 = cell (state->board, "d4");
  guint e3 = cell (state->board, "e3"), d3 = cell (state->board, "d3");

  for (guint t = 0; t < CP_N_BOARD_THEMES; t++)
    for (guint dark = 0; dark < 2; dark++)
      for (guint coordinates = 0; coordinates < 2; coordinates++)
        {
          CpBoardTheme theme;
          cairo_surface_t *surface;

          cp_board_theme_get (t, dark, &theme);
          cp_board_renderer_set_theme (renderer, &theme);
          cp_board_renderer_set_show_coordinates (renderer, coordinates);
          surface = render (renderer, 500, 420, 1);
          /* d3 and e3 are empty, d4 holds nothing either after 1 e4 e5. */
          g_assert_true (same_colour (cell_pixel (renderer, surface, 500, 420, d3, 0.5, 0.5), &theme.light));
          g_assert_true (same_colour (cell_pixel (renderer, surface, 500, 420, e3, 0.5, 0.5), &theme.dark));
          g_assert_true (same_colour (cell_pixel (renderer, surface, 500, 420, d4, 0.5, 0.5), &theme.dark));
          /* e4 holds a white pawn. */
          g_assert_false (same_colour (cell_pixel (renderer, surface, 500, 420, e4, 0.5, 0.5), &theme.light));
          /* Corners of a cell are cell colour too. */
          g_assert_true (same_colour (cell_pixel (renderer, surface, 500, 420, d3, 0.02, 0.02), &theme.light));
          g_assert_true (same_colour (cell_pixel (renderer, surface, 500, 420, d3, 0.98, 0.98), &theme.light));
          cairo_surface_destroy (surface);
        }
}

static void
test_kings (void)
{
  g_autoptr (CpState) state = chess_start_state ();
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  CpBoardTheme theme;
  cairo_surface_t *surface;
  Pixel white_king, black_king;

  cp_board_theme_get (CP_BOARD_THEME_CLASSIC, FALSE, &theme);
  cp_board_renderer_set_theme (renderer, &theme);
  surface = render (renderer, 400, 400, 1);
  white_king = cell_pixel (renderer, surface, 400, 400, cell (state->board, "e1"), 0.5, 0.5);
  black_king = cell_pixel (renderer, surface, 400, 400, cell (state->board, "e8"), 0.5, 0.5);

  /* e1 is a light cell, e8 a dark one. */
  g_assert_false (same_colour (white_king, &theme.light));
  g_assert_false (same_colour (white_king, &theme.dark));
  g_assert_false (same_colour (black_king, &theme.dark));
  g_assert_cmpfloat (luminance (white_king), >, 0.8);
  g_assert_cmpfloat (luminance (black_king), <, 0.25);
  g_assert_cmpfloat (white_king.a, ==, 1.0);
  g_assert_cmpfloat (black_king.a, ==, 1.0);
  cairo_surface_destroy (surface);
}

static void
test_count_cells (void)
{
  g_autoptr (CpState) chess = chess_state ();
  g_autoptr (CpState) chivalry = chivalry_state ();
  g_autoptr (CpState) three = three_player_state ();
  g_autoptr (CpState) four = four_player_state ();
  struct {
    CpState *state;
    guint cells;
  } boards[] = {
    { chess, 64 }, { chivalry, 176 }, { three, 60 }, { four, 64 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    for (guint rotation = 0; rotation < 4; rotation++)
      {
        g_autoptr (CpBoardRenderer) renderer = new_renderer (boards[i].state);

        g_assert_cmpuint (cp_board_renderer_count_drawn_cells (renderer), ==, 0);
        cp_board_renderer_set_rotation (renderer, rotation);
        cairo_surface_destroy (render (renderer, 300, 330, 1));
        g_assert_cmpuint (cp_board_renderer_count_drawn_cells (renderer), ==, boards[i].cells);
      }

  /* Nothing to draw, nothing drawn. */
  {
    g_autoptr (CpBoardRenderer) renderer = new_renderer (NULL);

    cairo_surface_destroy (render (renderer, 300, 300, 1));
    g_assert_cmpuint (cp_board_renderer_count_drawn_cells (renderer), ==, 0);
    g_assert_cmpuint (cp_board_renderer_cell_at (renderer, 300, 300, 150, 150), ==, CP_NO_CELL);
  }
}

static void
test_holes (void)
{
  g_autoptr (CpState) chivalry = chivalry_state ();
  g_autoptr (CpState) three = three_player_state ();
  CpBoardTheme theme;

  cp_board_theme_get (CP_BOARD_THEME_GREEN, FALSE, &theme);
  for (guint rotation = 0; rotation < 4; rotation++)
    {
      g_autoptr (CpBoardRenderer) r1 = new_renderer (chivalry);
      g_autoptr (CpBoardRenderer) r2 = new_renderer (three);
      const char *holes1[] = { "A1", "F1", "A4", "N16", "K16", "C2" };
      const char *holes2[] = { "a7", "a8", "h7", "h8" };
      cairo_surface_t *s1, *s2;

      cp_board_renderer_set_theme (r1, &theme);
      cp_board_renderer_set_theme (r2, &theme);
      cp_board_renderer_set_rotation (r1, rotation);
      cp_board_renderer_set_rotation (r2, rotation);
      s1 = render (r1, 500, 560, 1);
      s2 = render (r2, 400, 400, 1);

      /* A hole's place is found from its neighbours' squares: the cell
       * grid is regular. */
      for (guint i = 0; i < G_N_ELEMENTS (holes1) + G_N_ELEMENTS (holes2); i++)
        {
          gboolean first = i < G_N_ELEMENTS (holes1);
          CpBoardRenderer *r = first ? r1 : r2;
          CpBoard *board = first ? chivalry->board : three->board;
          int w = first ? 500 : 400, h = first ? 560 : 400;
          guint hole, width = cp_board_get_width (board), height = cp_board_get_height (board);
          guint x, y, a, b;
          CpRect ra, rb;
          double hx, hy;
          Pixel p;
          g_autoptr (GError) error = NULL;
          const char *name = first ? holes1[i] : holes2[i - G_N_ELEMENTS (holes1)];

          g_assert_false (cp_board_parse_cell (board, name, &hole, &error));
          x = (guint) (g_ascii_tolower (name[0]) - 'a');
          y = (guint) atoi (name + 1) - 1;
          hole = y * width + x;
          g_assert_false (cp_board_has_cell (board, hole));
          /* Two existing cells on the hole's rank and file give its place. */
          a = first ? cell (board, "G1") : cell (board, "b8");
          b = first ? cell (board, "A5") : cell (board, "a6");
          g_assert_true (cp_board_renderer_cell_rect (r, w, h, a, &ra));
          g_assert_true (cp_board_renderer_cell_rect (r, w, h, b, &rb));
          {
            /* Screen position is affine in (x, y): solve from a and b. */
            double ax = a % width, ay = a / width, bx = b % width, by = b / width;
            double ux, uy, vx, vy;

            /* Unit steps along x and y on the screen, by rotation. */
            double cellw = ra.width;
            switch (rotation)
              {
              case 0: ux = cellw; uy = 0; vx = 0; vy = -cellw; break;
              case 1: ux = 0; uy = cellw; vx = cellw; vy = 0; break;
              case 2: ux = -cellw; uy = 0; vx = 0; vy = cellw; break;
              default: ux = 0; uy = -cellw; vx = -cellw; vy = 0; break;
              }
            hx = ra.x + (x - ax) * ux + (y - ay) * vx + cellw / 2;
            hy = ra.y + (x - ax) * uy + (y - ay) * vy + cellw / 2;
            /* b agrees with the same steps. */
            g_assert_cmpfloat (fabs (rb.x - (ra.x + (bx - ax) * ux + (by - ay) * vx)), <, 1e-6);
            g_assert_cmpfloat (fabs (rb.y - (ra.y + (bx - ax) * uy + (by - ay) * vy)), <, 1e-6);
          }
          g_assert_cmpuint (height, >, y);
          p = pixel_at (first ? s1 : s2, hx, hy);
          g_assert_false (same_colour (p, &theme.light));
          g_assert_false (same_colour (p, &theme.dark));
          g_assert_cmpuint (cp_board_renderer_cell_at (r, w, h, hx, hy), ==, CP_NO_CELL);
          g_assert_false (cp_board_renderer_cell_rect (r, w, h, hole, &ra));
        }
      cairo_surface_destroy (s1);
      cairo_surface_destroy (s2);
    }
}

static void
test_round_trip (void)
{
  g_autoptr (CpState) chess = chess_state ();
  g_autoptr (CpState) chivalry = chivalry_state ();
  g_autoptr (CpState) three = three_player_state ();
  CpState *states[] = { chess, chivalry, three };
  const int sizes[][2] = { { 400, 400 }, { 640, 360 }, { 333, 777 }, { 97, 101 } };

  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    for (guint rotation = 0; rotation < 4; rotation++)
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        for (guint coordinates = 0; coordinates < 2; coordinates++)
          {
            g_autoptr (CpBoardRenderer) renderer = new_renderer (states[i]);
            CpBoard *board = states[i]->board;
            int w = sizes[s][0], h = sizes[s][1];

            cp_board_renderer_set_rotation (renderer, rotation);
            cp_board_renderer_set_show_coordinates (renderer, coordinates);
            g_assert_cmpuint (cp_board_renderer_get_rotation (renderer), ==, rotation);
            for (guint c = 0; c < cp_board_get_width (board) * cp_board_get_height (board); c++)
              {
                CpRect rect;

                if (!cp_board_has_cell (board, c))
                  {
                    g_assert_false (cp_board_renderer_cell_rect (renderer, w, h, c, &rect));
                    continue;
                  }
                g_assert_true (cp_board_renderer_cell_rect (renderer, w, h, c, &rect));
                g_assert_cmpfloat (rect.width, ==, rect.height);
                g_assert_cmpfloat (rect.x, >=, 0);
                g_assert_cmpfloat (rect.y, >=, 0);
                g_assert_cmpfloat (rect.x + rect.width, <=, w);
                g_assert_cmpfloat (rect.y + rect.height, <=, h);
                g_assert_cmpuint (cp_board_renderer_cell_at (renderer, w, h,
                                                             rect.x + rect.width / 2,
                                                             rect.y + rect.height / 2), ==, c);
                g_assert_cmpuint (cp_board_renderer_cell_at (renderer, w, h,
                                                             rect.x + 0.01,
                                                             rect.y + rect.height - 0.01), ==, c);
              }
            g_assert_cmpuint (cp_board_renderer_cell_at (renderer, w, h, -1, -1), ==, CP_NO_CELL);
            g_assert_cmpuint (cp_board_renderer_cell_at (renderer, w, h, w + 1, h / 2), ==, CP_NO_CELL);
          }
}

static void
test_rotation_corners (void)
{
  g_autoptr (CpState) state = chess_state ();
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  guint a1 = cell (state->board, "a1"), h8 = cell (state->board, "h8");
  guint h1 = cell (state->board, "h1");
  /* Where a1 sits: right of and below h8? */
  const gboolean a1_right[4] = { FALSE, FALSE, TRUE, TRUE };
  const gboolean a1_below[4] = { TRUE, FALSE, FALSE, TRUE };

  for (guint rotation = 0; rotation < 4; rotation++)
    {
      double ax, ay, hx, hy, h1x, h1y;

      cp_board_renderer_set_rotation (renderer, rotation);
      cell_centre (renderer, 400, 400, a1, &ax, &ay);
      cell_centre (renderer, 400, 400, h8, &hx, &hy);
      cell_centre (renderer, 400, 400, h1, &h1x, &h1y);
      g_assert_cmpint (ax > hx, ==, a1_right[rotation]);
      g_assert_cmpint (ay > hy, ==, a1_below[rotation]);
      /* Rank 1 runs across the screen when the board is upright and
       * down it when turned a quarter. */
      if (rotation % 2 == 0)
        g_assert_cmpfloat (ay, ==, h1y);
      else
        g_assert_cmpfloat (ax, ==, h1x);
    }

  /* Upside down for Black: a1 at the top right. */
  cp_board_renderer_set_rotation (renderer, 6);
  g_assert_cmpuint (cp_board_renderer_get_rotation (renderer), ==, 2);
  for (guint c = 0; c < 64; c++)
    {
      CpRect ra, rc;

      cp_board_renderer_cell_rect (renderer, 400, 400, a1, &ra);
      cp_board_renderer_cell_rect (renderer, 400, 400, c, &rc);
      g_assert_cmpfloat (ra.x, >=, rc.x);
      g_assert_cmpfloat (ra.y, <=, rc.y);
    }
}

/* How labels of one kind (@letters, or numbers) run along an edge: 1
 * when they go up one step at a time (a b c..., 1 2 3...), -1 when they
 * go down so, 0 otherwise (another kind, gaps, jumps).  Lines of holes
 * ("") are passed over. */
static int
label_order (char **labels, gboolean letters)
{
  int order = 0, last = 0;
  gboolean first = TRUE;

  for (guint i = 0; labels[i] != NULL; i++)
    {
      const char *label = labels[i];
      int value;

      if (*label == '\0')
        continue;
      if (letters ? !g_ascii_isalpha (label[0]) || label[1] != '\0' : !g_ascii_isdigit (label[0]))
        return 0;
      value = letters ? g_ascii_tolower (label[0]) : atoi (label);
      if (!first)
        {
          if (value - last != 1 && value - last != -1)
            return 0;
          if (order != 0 && order != value - last)
            return 0;
          order = value - last;
        }
      first = FALSE;
      last = value;
    }
  return order;
}

/* Where a cell is drawn: its column and row on a grid of 8 by 8 cells
 * from the top left, at the renderer's rotation. */
static void
drawn_at (CpBoardRenderer *renderer, CpBoard *board, const char *name, int *col, int *row)
{
  double left = G_MAXDOUBLE, top = G_MAXDOUBLE;
  CpRect rect;

  /* The grid's top left corner, from the cells in play. */
  for (guint c = 0; c < 64; c++)
    if (cp_board_renderer_cell_rect (renderer, 400, 400, c, &rect))
      {
        left = MIN (left, rect.x);
        top = MIN (top, rect.y);
      }
  g_assert_true (cp_board_renderer_cell_rect (renderer, 400, 400, cell (board, name), &rect));
  *col = (int) lround ((rect.x - left) / rect.width);
  *row = (int) lround ((rect.y - top) / rect.height);
}

/* The three- and four-player boards are drawn as the Knightmare
 * diagrams draw them: files a to h from left to right, rank 1 at the
 * bottom; White alone at the top of the three-player board, Black at the
 * bottom left and Red at the bottom right; in the four-player games White
 * at the top left, Black at the top right, Red at the bottom right and
 * Brown at the bottom left.  Turned to any seat's side, the letters run
 * along the bottom edge and the numbers up the left edge, one step at a
 * time, and the seat's king is in the lower half. */
static void
test_multi_player_orientation (void)
{
  static const struct {
    const char *id;
    guint n_seats;
    /* Each seat's king, and the cells at the corners of the drawing:
     * top left, top right, bottom left, bottom right (the three-player
     * board's top corners are out of play, b8 and g8 beside them). */
    const char *kings[4];
    const char *corners[4];
    int top_left, top_right;
  } games[] = {
    { "km-three", 3, { "d8", "h1", "a1" }, { "b8", "g8", "a1", "h1" }, 1, 6 },
    { "km-four", 4, { "a8", "h8", "h1", "a1" }, { "a8", "h8", "a1", "h1" }, 0, 7 },
    { "km-teams", 4, { "a8", "h8", "h1", "a1" }, { "a8", "h8", "a1", "h1" }, 0, 7 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr (CpGame) game = cp_game_new (games[i].id, NULL, games[i].n_seats, 1, NULL);
      const CpState *state = cp_game_get_state (game);
      const CpRules *rules = cp_game_get_rules (game);
      g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
      g_auto (GStrv) bottom = NULL;
      g_auto (GStrv) left = NULL;

      g_test_message ("%s as the rules draw it", games[i].id);
      for (guint c = 0; c < 4; c++)
        {
          const int expected_col[4] = { games[i].top_left, games[i].top_right, 0, 7 };
          int col, row;

          drawn_at (renderer, state->board, games[i].corners[c], &col, &row);
          g_assert_cmpint (col, ==, expected_col[c]);
          g_assert_cmpint (row, ==, c < 2 ? 0 : 7);
        }
      for (guint seat = 0; seat < games[i].n_seats; seat++)
        g_assert_cmpuint (state->cells[cell (state->board, games[i].kings[seat])].kind, ==, CP_PIECE_KING);
      bottom = cp_board_renderer_dup_edge_labels (renderer, TRUE);
      left = cp_board_renderer_dup_edge_labels (renderer, FALSE);
      g_assert_cmpstr (bottom[0], ==, "a");
      g_assert_cmpint (label_order (bottom, TRUE), ==, 1);
      g_assert_cmpstr (left[0], ==, "1");
      g_assert_cmpint (label_order (left, FALSE), ==, 1);

      g_assert_nonnull (rules->view_rotations);
      for (guint seat = 0; seat < games[i].n_seats; seat++)
        {
          g_auto (GStrv) turned_bottom = NULL;
          g_auto (GStrv) turned_left = NULL;
          int col, row;

          g_test_message ("%s turned to seat %u", games[i].id, seat);
          cp_board_renderer_set_rotation (renderer, rules->view_rotations[seat]);
          turned_bottom = cp_board_renderer_dup_edge_labels (renderer, TRUE);
          turned_left = cp_board_renderer_dup_edge_labels (renderer, FALSE);
          g_assert_cmpint (label_order (turned_bottom, TRUE), !=, 0);
          g_assert_cmpint (label_order (turned_left, FALSE), !=, 0);
          drawn_at (renderer, state->board, games[i].kings[seat], &col, &row);
          g_assert_cmpint (row, >=, 4);
        }
    }
}

/* Two-player boards: White's side as the rules draw it, letters from a
 * to the right and numbers upwards; Black's side with the letters from h
 * and the numbers downwards, as chess players read them. */
static void
test_two_player_coordinates (void)
{
  g_autoptr (CpState) chess = chess_state ();
  g_autoptr (CpState) chivalry = chivalry_state ();
  CpState *states[] = { chess, chivalry };

  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    {
      g_autoptr (CpBoardRenderer) renderer = new_renderer (states[i]);

      for (guint rotation = 0; rotation < 4; rotation += 2)
        {
          g_auto (GStrv) bottom = NULL;
          g_auto (GStrv) left = NULL;

          cp_board_renderer_set_rotation (renderer, rotation);
          bottom = cp_board_renderer_dup_edge_labels (renderer, TRUE);
          left = cp_board_renderer_dup_edge_labels (renderer, FALSE);
          g_assert_cmpint (label_order (bottom, TRUE), ==, rotation == 0 ? 1 : -1);
          g_assert_cmpint (label_order (left, FALSE), ==, rotation == 0 ? 1 : -1);
        }
    }
}

static void
test_barrier (void)
{
  g_autoptr (CpState) state = three_player_state ();
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  CpBoard *board = state->board;
  CpBoardTheme theme;

  cp_board_theme_get (CP_BOARD_THEME_BLUE, TRUE, &theme);
  cp_board_renderer_set_theme (renderer, &theme);
  for (guint rotation = 0; rotation < 4; rotation++)
    {
      cairo_surface_t *surface;
      double dx, dy, ex, ey, mx, my, ox, oy;
      guint d1 = cell (board, "d1"), e1 = cell (board, "e1");
      guint d2 = cell (board, "d2"), e2 = cell (board, "e2");
      CpRect rect;

      cp_board_renderer_set_rotation (renderer, rotation);
      surface = render (renderer, 420, 400, 1);
      cell_centre (renderer, 420, 400, d1, &dx, &dy);
      cell_centre (renderer, 420, 400, e1, &ex, &ey);
      cp_board_renderer_cell_rect (renderer, 420, 400, d1, &rect);
      mx = (dx + ex) / 2;
      my = (dy + ey) / 2;
      /* On the edge, and a little to either side of it. */
      g_assert_true (same_colour (pixel_at (surface, mx, my), &theme.frame));
      g_assert_true (same_colour (pixel_at (surface, mx + (dx - mx) * 0.05, my + (dy - my) * 0.05), &theme.frame));
      g_assert_true (same_colour (pixel_at (surface, mx + (ex - mx) * 0.05, my + (ey - my) * 0.05), &theme.frame));
      /* Along the edge towards its ends too. */
      ox = (dy - ey) * 0.35;
      oy = (ex - dx) * 0.35;
      g_assert_true (same_colour (pixel_at (surface, mx + ox, my + oy), &theme.frame));
      g_assert_true (same_colour (pixel_at (surface, mx - ox, my - oy), &theme.frame));

      /* The edge between d2 and e2 is open. */
      cell_centre (renderer, 420, 400, d2, &dx, &dy);
      cell_centre (renderer, 420, 400, e2, &ex, &ey);
      mx = (dx + ex) / 2;
      my = (dy + ey) / 2;
      g_assert_false (same_colour (pixel_at (surface, mx + (dx - mx) * 0.05, my + (dy - my) * 0.05), &theme.frame));
      g_assert_false (same_colour (pixel_at (surface, mx + (ex - mx) * 0.05, my + (ey - my) * 0.05), &theme.frame));
      cairo_surface_destroy (surface);
    }
}

/* Samples the edge between two neighbouring cells: how many of its
 * points have the frame's colour. */
static guint
frame_points_on_edge (CpBoardRenderer *renderer, cairo_surface_t *surface, guint a, guint b,
                      const CpBoardTheme *theme)
{
  double ax, ay, bx, by, mx, my, ox, oy;
  guint n = 0;

  cell_centre (renderer, 420, 400, a, &ax, &ay);
  cell_centre (renderer, 420, 400, b, &bx, &by);
  mx = (ax + bx) / 2;
  my = (ay + by) / 2;
  ox = (ay - by) / 2;
  oy = (bx - ax) / 2;
  /* Short of the ends, where a barrier may meet the edge. */
  for (int i = -8; i <= 8; i++)
    n += same_colour (pixel_at (surface, mx + ox * i / 11, my + oy * i / 11), &theme->frame);
  return n;
}

/* Territory borders are dashed between cells of different areas only. */
static void
test_areas (void)
{
  g_autoptr (CpState) state = three_player_state ();
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  CpBoard *board = state->board;
  guint8 areas[CP_MAX_CELLS] = { 0 };
  guint c2 = cell (board, "c2"), d2 = cell (board, "d2"), e2 = cell (board, "e2");
  cairo_surface_t *plain, *marked;
  CpBoardTheme theme;

  cp_board_theme_get (CP_BOARD_THEME_CLASSIC, FALSE, &theme);
  cp_board_renderer_set_theme (renderer, &theme);
  for (guint c = 0; c < 64; c++)
    areas[c] = c % 8 < 4 ? 1 : 2;
  plain = render (renderer, 420, 400, 1);
  set_areas (renderer, areas);
  marked = render (renderer, 420, 400, 1);

  g_assert_cmpuint (frame_points_on_edge (renderer, plain, d2, e2, &theme), ==, 0);
  g_assert_cmpuint (frame_points_on_edge (renderer, marked, d2, e2, &theme), >=, 6);
  g_assert_cmpuint (frame_points_on_edge (renderer, marked, d2, e2, &theme), <=, 15);  /* dashed */
  g_assert_cmpuint (frame_points_on_edge (renderer, marked, c2, d2, &theme), ==, 0);

  set_areas (renderer, NULL);
  cairo_surface_destroy (marked);
  marked = render (renderer, 420, 400, 1);
  g_assert_cmpuint (frame_points_on_edge (renderer, marked, d2, e2, &theme), ==, 0);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (marked);
}

static void
test_vertex (void)
{
  g_autoptr (CpState) state = four_player_state ();
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  CpBoardTheme theme;
  cairo_surface_t *surface;
  CpRect d4, e4, c3;

  cp_board_theme_get (CP_BOARD_THEME_GREY, FALSE, &theme);
  cp_board_renderer_set_theme (renderer, &theme);
  surface = render (renderer, 400, 400, 1);
  cp_board_renderer_cell_rect (renderer, 400, 400, cell (state->board, "d4"), &d4);
  cp_board_renderer_cell_rect (renderer, 400, 400, cell (state->board, "e4"), &e4);
  cp_board_renderer_cell_rect (renderer, 400, 400, cell (state->board, "c3"), &c3);
  /* The corner above right of d4 (the top left corner of e4): a disc of
   * frame colour around it, with a cross. */
  g_assert_true (same_colour (pixel_at (surface, e4.x + d4.width * 0.12, e4.y), &theme.frame));
  g_assert_true (same_colour (pixel_at (surface, e4.x - d4.width * 0.12, e4.y), &theme.frame));
  g_assert_true (same_colour (pixel_at (surface, e4.x, e4.y + d4.width * 0.12), &theme.frame));
  g_assert_true (same_colour (pixel_at (surface, e4.x, e4.y - d4.width * 0.12), &theme.frame));
  g_assert_false (same_colour (pixel_at (surface, e4.x + d4.width * 0.05, e4.y + d4.width * 0.05), &theme.frame));
  /* Other corners are plain. */
  g_assert_false (same_colour (pixel_at (surface, c3.x + c3.width * 1.12, c3.y), &theme.frame));
  g_assert_false (same_colour (pixel_at (surface, c3.x + c3.width, c3.y - c3.width * 0.12), &theme.frame));
  cairo_surface_destroy (surface);
}

static void
test_scale (void)
{
  g_autoptr (CpState) state = chess_state ();
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  CpCellSet targets = { 0 };
  cairo_surface_t *s1, *s2;
  guint8 last[2];
  /* 8.84 cells across with the frame: 50 units a cell. */
  const int size = 442;

  last[0] = (guint8) cell (state->board, "g1");
  last[1] = (guint8) cell (state->board, "f3");
  cp_board_renderer_set_last_move (renderer, last, 2);
  cp_cell_set_add (&targets, cell (state->board, "d4"));
  cp_board_renderer_set_hints (renderer, &targets, NULL);
  s1 = render (renderer, size, size, 1);
  s2 = render (renderer, size, size, 2);
  g_assert_cmpint (cairo_image_surface_get_width (s2), ==, 2 * cairo_image_surface_get_width (s1));

  /* The same picture: every block of 2 x 2 pixels averages to the pixel
   * at scale 1, give or take the edges of shapes. */
  {
    const guint8 *d1 = cairo_image_surface_get_data (s1), *d2 = cairo_image_surface_get_data (s2);
    int st1 = cairo_image_surface_get_stride (s1), st2 = cairo_image_surface_get_stride (s2);
    guint n = 0, differ = 0;
    double total = 0;

    for (int y = 0; y < size; y++)
      for (int x = 0; x < size; x++)
        for (int ch = 0; ch < 4; ch++)
          {
            int v1 = d1[y * st1 + x * 4 + ch];
            int v2 = (d2[2 * y * st2 + 2 * x * 4 + ch] + d2[2 * y * st2 + (2 * x + 1) * 4 + ch]
                      + d2[(2 * y + 1) * st2 + 2 * x * 4 + ch]
                      + d2[(2 * y + 1) * st2 + (2 * x + 1) * 4 + ch]) / 4;

            total += abs (v1 - v2);
            differ += abs (v1 - v2) > 40;
            n++;
          }
    g_test_message ("mean difference %.3f, %u of %u values far apart", total / n, differ, n);
    g_assert_cmpfloat (total / n, <, 2.0);
    g_assert_cmpuint (differ, <, n / 100);
  }

  /* Cells in the same places. */
  for (guint c = 0; c < 64; c++)
    {
      CpRect r1, r2;

      cairo_surface_destroy (render (renderer, size, size, 1));
      cp_board_renderer_cell_rect (renderer, size, size, c, &r1);
      cairo_surface_destroy (render (renderer, size, size, 2));
      cp_board_renderer_cell_rect (renderer, size, size, c, &r2);
      g_assert_cmpfloat (r1.x, ==, r2.x);
      g_assert_cmpfloat (r1.y, ==, r2.y);
      g_assert_cmpfloat (r1.width, ==, 50);
    }
  cairo_surface_destroy (s1);
  cairo_surface_destroy (s2);
}

static cairo_surface_t *
draw_art (CpPieceArt *art, int kind, CpColour colour, guint count)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64, 64);
  cairo_t *cr = cairo_create (surface);

  if (kind == -1)
    cp_piece_art_draw_unknown (art, cr, colour, 0, 0, 64, 1);
  else if (kind == -2)
    cp_piece_art_draw_marker (art, cr, colour, 0, 0, 64, 1);
  else if (kind == -3)
    cp_piece_art_draw_checkers (art, cr, colour, count, 0, 0, 64, 1);
  else
    cp_piece_art_draw (art, cr, kind, colour, 0, 0, 64, 1);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
test_art (void)
{
  g_autoptr (CpPieceArt) art = cp_piece_art_new ();
  gsize bytes;

  g_assert_true (cp_piece_art_get_default () == cp_piece_art_get_default ());
  g_assert_cmpuint (cp_piece_art_get_cache_size (art, NULL), ==, 0);

  for (int kind = -3; kind < CP_N_PIECE_KINDS; kind++)
    {
      cairo_surface_t *first = NULL;

      if (kind == CP_PIECE_NONE)
        continue;
      for (guint colour = 0; colour <= CP_N_COLOURS; colour++)
        {
          cairo_surface_t *surface = draw_art (art, kind, colour, 1);
          guint opaque = count_opaque (surface);

          g_test_message ("shape %d colour %u: %u opaque pixels", kind, colour, opaque);
          /* At least a sixth of the square is covered. */
          g_assert_cmpuint (opaque, >, 64 * 64 / 6);
          /* Colours make a difference. */
          if (first == NULL)
            first = cairo_surface_reference (surface);
          else
            g_assert_cmpuint (count_differences (first, surface, NULL), >, 200);
          cairo_surface_destroy (surface);
        }
      cairo_surface_destroy (first);
    }

  /* Shapes differ from each other. */
  for (int a = CP_PIECE_PAWN; a < CP_N_PIECE_KINDS; a++)
    for (int b = a + 1; b < CP_N_PIECE_KINDS; b++)
      {
        cairo_surface_t *sa = draw_art (art, a, CP_COLOUR_WHITE, 1);
        cairo_surface_t *sb = draw_art (art, b, CP_COLOUR_WHITE, 1);

        g_assert_cmpuint (count_differences (sa, sb, NULL), >, 150);
        cairo_surface_destroy (sa);
        cairo_surface_destroy (sb);
      }

  /* A stack shows more than one checker. */
  {
    cairo_surface_t *one = draw_art (art, -3, CP_COLOUR_RED, 1);
    cairo_surface_t *three = draw_art (art, -3, CP_COLOUR_RED, 3);
    cairo_surface_t *none = draw_art (art, -3, CP_COLOUR_RED, 0);

    g_assert_cmpuint (count_differences (one, three, NULL), >, 100);
    g_assert_cmpuint (count_opaque (none), ==, 0);
    cairo_surface_destroy (one);
    cairo_surface_destroy (three);
    cairo_surface_destroy (none);
  }

  /* Nothing for no piece. */
  {
    cairo_surface_t *surface = draw_art (art, CP_PIECE_NONE, CP_COLOUR_WHITE, 1);

    g_assert_cmpuint (count_opaque (surface), ==, 0);
    cairo_surface_destroy (surface);
  }

  /* The images were kept; drawing again adds none. */
  {
    guint n = cp_piece_art_get_cache_size (art, &bytes);

    g_assert_cmpuint (n, >, 50);
    g_assert_cmpuint (bytes, >, 0);
    g_assert_cmpuint (bytes, <=, n * 64 * 64 * 4);
    cairo_surface_destroy (draw_art (art, CP_PIECE_KING, CP_COLOUR_BLUE, 1));
    g_assert_cmpuint (cp_piece_art_get_cache_size (art, NULL), ==, n);
    cp_piece_art_clear_cache (art);
    g_assert_cmpuint (cp_piece_art_get_cache_size (art, &bytes), ==, 0);
    g_assert_cmpuint (bytes, ==, 0);
  }
}

/* Many sizes, as when a window is resized: the cache stays bounded. */
static void
test_art_cache_bound (void)
{
  g_autoptr (CpPieceArt) art = cp_piece_art_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 600);
  cairo_t *cr = cairo_create (surface);
  gsize bytes;

  for (int size = 300; size < 600; size += 3)
    for (int kind = CP_PIECE_PAWN; kind <= CP_PIECE_KING; kind++)
      cp_piece_art_draw (art, cr, kind, CP_COLOUR_WHITE, 0, 0, size, 1);
  cp_piece_art_get_cache_size (art, &bytes);
  g_test_message ("%" G_GSIZE_FORMAT " bytes kept", bytes);
  g_assert_cmpuint (bytes, <=, 64 * 1024 * 1024);
  /* The latest are among them: drawing the last again adds nothing. */
  {
    guint n = cp_piece_art_get_cache_size (art, NULL);

    cp_piece_art_draw (art, cr, CP_PIECE_KING, CP_COLOUR_WHITE, 0, 0, 597, 1);
    g_assert_cmpuint (cp_piece_art_get_cache_size (art, NULL), ==, n);
  }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* Printing and PDF export draw vectors; no images are cached for them. */
static void
test_vector (void)
{
  g_autoptr (CpState) state = chess_state ();
  g_autoptr (CpPieceArt) art = cp_piece_art_new ();
  g_autoptr (CpBoardRenderer) renderer = cp_board_renderer_new (art);
  g_autoptr (GByteArray) pdf = g_byte_array_new ();
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (append_bytes, pdf, 400, 400);
  cairo_t *cr = cairo_create (surface);

  cp_board_renderer_set_state (renderer, state);
  cp_board_renderer_draw (renderer, cr, 400, 400, 1);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_assert_cmpuint (pdf->len, >, 1000);
  g_assert_cmpuint (cp_board_renderer_count_drawn_cells (renderer), ==, 64);
  g_assert_cmpuint (cp_piece_art_get_cache_size (art, NULL), ==, 0);
}

/* A lone white rook on d4 of an empty board, and changes to it. */
/* The contrast ratio of two colours, as WCAG measures it (1 to 21). */
static double
contrast (Pixel a, Pixel b)
{
  double la = 0, lb = 0;
  double ca[3] = { a.r, a.g, a.b }, cb[3] = { b.r, b.g, b.b };
  const double weights[3] = { 0.2126, 0.7152, 0.0722 };

  for (guint i = 0; i < 3; i++)
    {
      la += weights[i] * (ca[i] <= 0.03928 ? ca[i] / 12.92 : pow ((ca[i] + 0.055) / 1.055, 2.4));
      lb += weights[i] * (cb[i] <= 0.03928 ? cb[i] / 12.92 : pow ((cb[i] + 0.055) / 1.055, 2.4));
    }
  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/* The most any pixel of @rect contrasts with @base. */
static double
most_contrast (cairo_surface_t *surface, const CpRect *rect, Pixel base)
{
  double most = 1;

  for (double y = rect->y + 0.5; y < rect->y + rect->height; y += 1)
    for (double x = rect->x + 0.5; x < rect->x + rect->width; x += 1)
      most = MAX (most, contrast (pixel_at (surface, x, y), base));
  return most;
}

/* With the high-contrast style, a cell a move can end on, a capture and
 * the piece picked up stand out of every board theme, light and dark, by
 * a contrast of 3 at least, on light and on dark cells; the themes of
 * the usual style do not (their marks are tints). */
static void
test_high_contrast (void)
{
  g_autoptr (CpBoard) board = cp_board_new (8, 8);
  g_autoptr (CpState) state = new_state (board, 2);
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  const char *const names[] = { "d4", "e4", "d5", "e5", "a1" };
  CpCellSet targets = { 0 }, captures = { 0 };

  put (state, "d5", CP_PIECE_ROOK, 1);
  put (state, "e5", CP_PIECE_ROOK, 1);
  put (state, "a1", CP_PIECE_ROOK, 0);
  cp_board_renderer_set_state (renderer, state);
  cp_cell_set_add (&targets, cell (board, "d4"));
  cp_cell_set_add (&targets, cell (board, "e4"));
  cp_cell_set_add (&captures, cell (board, "d5"));
  cp_cell_set_add (&captures, cell (board, "e5"));

  for (guint high = 0; high <= 1; high++)
    for (CpBoardThemeId id = 0; id < CP_N_BOARD_THEMES; id++)
      for (guint dark = 0; dark <= 1; dark++)
        {
          CpBoardTheme theme;
          cairo_surface_t *plain, *surface;
          double least = 21;

          cp_board_theme_get (id, dark, &theme);
          if (high)
            cp_board_theme_set_high_contrast (&theme);
          cp_board_renderer_set_theme (renderer, &theme);
          cp_board_renderer_set_hints (renderer, NULL, NULL);
          cp_board_renderer_set_selected (renderer, CP_NO_CELL);
          plain = render (renderer, 400, 400, 1);
          cp_board_renderer_set_hints (renderer, &targets, &captures);
          cp_board_renderer_set_selected (renderer, cell (board, "a1"));
          surface = render (renderer, 400, 400, 1);
          for (guint i = 0; i < G_N_ELEMENTS (names); i++)
            {
              guint c = cell (board, names[i]);
              CpRect rect, band;
              Pixel base;

              cp_board_renderer_cell_rect (renderer, 400, 400, c, &rect);
              /* The cell's own colour, in its corner before any mark. */
              base = pixel_at (plain, rect.x + 1, rect.y + 1);
              /* Where a piece does not stand: the middle of the cell's top
               * edge, where a capture's ring passes, or of its left edge,
               * for the cell picked up. */
              if (i == 4)
                band = (CpRect) { rect.x, rect.y + rect.height * 0.4, rect.width * 0.1, rect.height * 0.2 };
              else if (i >= 2)
                band = (CpRect) { rect.x + rect.width * 0.4, rect.y, rect.width * 0.2, rect.height * 0.1 };
              else
                band = rect;
              least = MIN (least, most_contrast (surface, &band, base));
            }
          g_test_message ("theme %s, %s, %s style: least contrast %.2f", cp_board_theme_to_id (id),
                          dark ? "dark" : "light", high ? "high-contrast" : "usual", least);
          if (high)
            g_assert_cmpfloat (least, >=, 3.0);
          cairo_surface_destroy (plain);
          cairo_surface_destroy (surface);
        }
}

static void
test_marks (void)
{
  g_autoptr (CpBoard) board = cp_board_new (8, 8);
  g_autoptr (CpState) state = new_state (board, 4);
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  guint d4 = cell (board, "d4"), f6 = cell (board, "f6");
  cairo_surface_t *plain, *surface;
  CpRect r4, r6;
  struct {
    const char *what;
    guint flags;
    guint wounds, checkers;
    guint marker_d4, marker_f6;
  } marks[] = {
    { "zombie", CP_PIECE_FLAG_ZOMBIE, 0, 0, 0, 0 },
    { "mirror", CP_PIECE_FLAG_MIRROR, 0, 0, 0, 0 },
    { "hidden", CP_PIECE_FLAG_HIDDEN, 0, 0, 0, 0 },
    { "tarred", CP_PIECE_FLAG_TARRED, 0, 0, 0, 0 },
    { "wounds", 0, 2, 0, 0, 0 },
    { "one checker", 0, 0, 1, 0, 0 },
    { "checkers", 0, 0, 4, 0, 0 },
    { "marker under the piece", 0, 0, 0, 2, 0 },
    { "marker on an empty cell", 0, 0, 0, 0, 3 },
  };

  put (state, "d4", CP_PIECE_ROOK, 0);
  cp_board_renderer_set_state (renderer, state);
  plain = render (renderer, 400, 400, 1);
  cp_board_renderer_cell_rect (renderer, 400, 400, d4, &r4);
  cp_board_renderer_cell_rect (renderer, 400, 400, f6, &r6);

  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    {
      CpPiece *piece = &state->cells[d4];
      guint n4, n6;

      piece->flags = (guint8) marks[i].flags;
      piece->wounds = (guint8) marks[i].wounds;
      piece->checkers = (guint8) marks[i].checkers;
      piece->checker_colour = CP_COLOUR_RED;
      state->markers[d4] = (guint8) marks[i].marker_d4;
      state->markers[f6] = (guint8) marks[i].marker_f6;
      cp_board_renderer_set_state (renderer, state);
      surface = render (renderer, 400, 400, 1);
      n4 = count_differences (plain, surface, &r4);
      n6 = count_differences (plain, surface, &r6);
      g_test_message ("%s: %u pixels differ on d4, %u on f6", marks[i].what, n4, n6);
      if (marks[i].marker_f6)
        g_assert_cmpuint (n6, >, 100);
      else
        g_assert_cmpuint (n4, >, 30);
      /* Nothing spills far: two cells away stays the same. */
      g_assert_cmpuint (count_differences (plain, surface, &(CpRect) { r4.x - 2 * r4.width, r4.y, r4.width, r4.height }), ==, 0);
      cairo_surface_destroy (surface);
    }

  /* Seats draw in their colours: the rook of each seat differs. */
  {
    CpColour colours[4] = { CP_COLOUR_BLUE, CP_COLOUR_BROWN, CP_COLOUR_RED, CP_COLOUR_BLACK };
    cairo_surface_t *pictures[4];

    memset (&state->cells[d4], 0, sizeof (CpPiece));
    memset (state->markers, 0, sizeof state->markers);
    cp_board_renderer_set_colours (renderer, colours, 4);
    for (guint seat = 0; seat < 4; seat++)
      {
        put (state, "d4", CP_PIECE_ROOK, seat);
        cp_board_renderer_set_state (renderer, state);
        pictures[seat] = render (renderer, 400, 400, 1);
      }
    for (guint a = 0; a < 4; a++)
      for (guint b = a + 1; b < 4; b++)
        g_assert_cmpuint (count_differences (pictures[a], pictures[b], &r4), >, 300);
    /* Seat 0 in blue now differs from the default white. */
    g_assert_cmpuint (count_differences (pictures[0], plain, &r4), >, 300);
    for (guint seat = 0; seat < 4; seat++)
      cairo_surface_destroy (pictures[seat]);
  }
  cairo_surface_destroy (plain);
}

/* The part of @r between fractions (fx0, fy0) and (fx1, fy1) of its sides,
 * left to right and top to bottom on the screen. */
static CpRect
part_of (const CpRect *r, double fx0, double fy0, double fx1, double fy1)
{
  return (CpRect) { r->x + r->width * fx0, r->y + r->height * fy0,
                    r->width * (fx1 - fx0), r->height * (fy1 - fy0) };
}

/* Burials show in the bottom left corner of their cell, in the colour of
 * the buried piece's seat, and nowhere else. */
static void
test_burials (void)
{
  g_autoptr (CpBoard) board = cp_board_new (8, 8);
  g_autoptr (CpState) state = new_state (board, 2);
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  g_autofree CpPiece *buried = g_new0 (CpPiece, CP_MAX_CELLS);
  guint d4 = cell (board, "d4"), f6 = cell (board, "f6");
  cairo_surface_t *plain, *surface, *black;
  CpRect r4, r6, corner, away;
  guint n;

  put (state, "d4", CP_PIECE_ROOK, 0);
  cp_board_renderer_set_state (renderer, state);
  plain = render (renderer, 400, 400, 1);
  cp_board_renderer_cell_rect (renderer, 400, 400, d4, &r4);
  cp_board_renderer_cell_rect (renderer, 400, 400, f6, &r6);

  /* A black pawn under the empty f6. */
  buried[f6] = (CpPiece) { .kind = CP_PIECE_PAWN, .seat = 1 };
  set_buried (renderer, buried);
  surface = render (renderer, 400, 400, 1);
  corner = part_of (&r6, 0, 0.6, 0.4, 1);
  away = part_of (&r6, 0.45, 0, 1, 0.55);
  n = count_differences (plain, surface, &corner);
  g_test_message ("burial on an empty cell: %u pixels differ in the corner", n);
  g_assert_cmpuint (n, >, 150);
  g_assert_cmpuint (count_differences (plain, surface, &away), ==, 0);
  /* Only f6 changes. */
  g_assert_cmpuint (count_differences (plain, surface, NULL), ==,
                    count_differences (plain, surface, &r6));
  black = surface;

  /* The renderer kept a copy: changing the array changes nothing. */
  buried[f6].seat = 0;
  surface = render (renderer, 400, 400, 1);
  g_assert_cmpuint (count_differences (black, surface, NULL), ==, 0);
  cairo_surface_destroy (surface);

  /* A white pawn instead: the owner's colour shows. */
  set_buried (renderer, buried);
  surface = render (renderer, 400, 400, 1);
  g_assert_cmpuint (count_differences (black, surface, &corner), >, 50);
  cairo_surface_destroy (surface);
  cairo_surface_destroy (black);

  /* Under the rook on d4: the corner changes, the rook's middle not. */
  memset (buried, 0, CP_MAX_CELLS * sizeof *buried);
  buried[d4] = (CpPiece) { .kind = CP_PIECE_KNIGHT, .seat = 1 };
  set_buried (renderer, buried);
  surface = render (renderer, 400, 400, 1);
  corner = part_of (&r4, 0, 0.6, 0.4, 1);
  away = part_of (&r4, 0.45, 0, 1, 0.55);
  g_assert_cmpuint (count_differences (plain, surface, &corner), >, 150);
  g_assert_cmpuint (count_differences (plain, surface, &away), ==, 0);
  g_assert_cmpuint (count_differences (plain, surface, NULL), ==,
                    count_differences (plain, surface, &r4));
  cairo_surface_destroy (surface);

  /* NULL clears them all. */
  set_buried (renderer, NULL);
  surface = render (renderer, 400, 400, 1);
  g_assert_cmpuint (count_differences (plain, surface, NULL), ==, 0);
  cairo_surface_destroy (surface);
  cairo_surface_destroy (plain);
}

/* A burial under a hole draws nothing; the dark style draws them too. */
/* Stacks of checkers under a piece sit in the bottom right corner with
 * their count; a badge sits in the top right corner; neither covers the
 * middle of the piece. */
static void
test_stacks_and_badges (void)
{
  g_autoptr (CpBoard) board = cp_board_new (8, 8);
  g_autoptr (CpState) state = new_state (board, 2);
  g_autoptr (CpBoardRenderer) renderer = cp_board_renderer_new (NULL);
  g_autoptr (CpPresentation) presentation = cp_presentation_new ();
  guint d4 = cell (board, "d4");
  cairo_surface_t *plain, *stacked, *more;
  CpRect r4, bottom_right, top_right, middle, around;
  CpOverlay *overlay;

  put (state, "d4", CP_PIECE_QUEEN, 0);
  cp_board_renderer_set_state (renderer, state);
  plain = render (renderer, 400, 400, 1);
  cp_board_renderer_cell_rect (renderer, 400, 400, d4, &r4);
  bottom_right = part_of (&r4, 0.6, 0.6, 1, 1);
  top_right = part_of (&r4, 0.55, 0, 1, 0.3);
  middle = part_of (&r4, 0.3, 0.3, 0.6, 0.6);

  overlay = cp_presentation_add_overlay (presentation, CP_OVERLAY_STACK, d4, NULL);
  overlay->count = 2;
  overlay->colour = CP_COLOUR_RED;
  cp_board_renderer_set_overlays (renderer, (const CpOverlay *) presentation->overlays->data,
                                  presentation->overlays->len);
  stacked = render (renderer, 400, 400, 1);
  g_assert_cmpuint (count_differences (plain, stacked, &bottom_right), >, 100);
  g_assert_cmpuint (count_differences (plain, stacked, &middle), ==, 0);
  /* Nothing far from d4 changes (the checkers' shadow may reach a little
   * over its edge). */
  around = part_of (&r4, -0.1, -0.1, 1.1, 1.1);
  g_assert_cmpuint (count_differences (plain, stacked, NULL), ==, count_differences (plain, stacked, &around));

  /* A taller stack looks different, and a badge adds its corner. */
  g_array_index (presentation->overlays, CpOverlay, 0).count = 4;
  overlay = cp_presentation_add_overlay (presentation, CP_OVERLAY_BADGE, d4, NULL);
  overlay->text = g_strdup ("2");
  cp_board_renderer_set_overlays (renderer, (const CpOverlay *) presentation->overlays->data,
                                  presentation->overlays->len);
  more = render (renderer, 400, 400, 1);
  g_assert_cmpuint (count_differences (stacked, more, &bottom_right), >, 8);
  g_assert_cmpuint (count_differences (stacked, more, &top_right), >, 50);
  g_assert_cmpuint (count_differences (plain, more, &middle), ==, 0);
  if (g_getenv ("CP_TEST_SAVE_PNG"))
    cairo_surface_write_to_png (more, g_getenv ("CP_TEST_SAVE_PNG"));
  cairo_surface_destroy (more);
  cairo_surface_destroy (stacked);
  cairo_surface_destroy (plain);
}

static void
test_burials_holes (void)
{
  g_autoptr (CpState) state = three_player_state ();
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  g_autofree CpPiece *buried = g_new0 (CpPiece, CP_MAX_CELLS);
  guint a8 = 7 * 8 + 0, b8 = cell (state->board, "b8");
  cairo_surface_t *plain, *surface;
  CpBoardTheme theme;
  CpRect r, corner;

  g_assert_false (cp_board_has_cell (state->board, a8));
  cp_board_theme_get (CP_BOARD_THEME_BLUE, TRUE, &theme);
  cp_board_renderer_set_theme (renderer, &theme);
  plain = render (renderer, 400, 400, 1);
  buried[a8] = (CpPiece) { .kind = CP_PIECE_QUEEN, .seat = 1 };
  set_buried (renderer, buried);
  surface = render (renderer, 400, 400, 1);
  g_assert_cmpuint (count_differences (plain, surface, NULL), ==, 0);
  cairo_surface_destroy (surface);

  buried[b8] = (CpPiece) { .kind = CP_PIECE_QUEEN, .seat = 1 };
  set_buried (renderer, buried);
  surface = render (renderer, 400, 400, 1);
  g_assert_true (cp_board_renderer_cell_rect (renderer, 400, 400, b8, &r));
  corner = part_of (&r, 0, 0.6, 0.4, 1);
  g_assert_cmpuint (count_differences (plain, surface, &corner), >, 150);
  g_assert_cmpuint (count_differences (plain, surface, NULL), ==,
                    count_differences (plain, surface, &r));
  cairo_surface_destroy (surface);
  cairo_surface_destroy (plain);
}

/* Turned for Black, a burial follows its cell, and sits in the bottom
 * left corner as seen on the screen. */
static void
test_burials_rotation (void)
{
  g_autoptr (CpState) state = chess_start_state ();
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  g_autofree CpPiece *buried = g_new0 (CpPiece, CP_MAX_CELLS);
  guint b2 = cell (state->board, "b2"), g7 = cell (state->board, "g7");
  cairo_surface_t *plain, *surface;
  CpRect upright, turned, other, corner, away;

  cp_board_renderer_set_rotation (renderer, 0);
  plain = render (renderer, 400, 400, 1);
  cp_board_renderer_cell_rect (renderer, 400, 400, b2, &upright);

  cp_board_renderer_set_rotation (renderer, 2);
  cairo_surface_destroy (plain);
  plain = render (renderer, 400, 400, 1);
  cp_board_renderer_cell_rect (renderer, 400, 400, b2, &turned);
  cp_board_renderer_cell_rect (renderer, 400, 400, g7, &other);
  /* g7 now stands where b2 stood. */
  g_assert_cmpfloat (other.x, ==, upright.x);
  g_assert_cmpfloat (other.y, ==, upright.y);
  g_assert_cmpfloat (turned.x, !=, upright.x);

  buried[b2] = (CpPiece) { .kind = CP_PIECE_KNIGHT, .seat = 1 };
  set_buried (renderer, buried);
  surface = render (renderer, 400, 400, 1);
  corner = part_of (&turned, 0, 0.6, 0.4, 1);
  away = part_of (&turned, 0.45, 0, 1, 0.55);
  g_assert_cmpuint (count_differences (plain, surface, &corner), >, 150);
  g_assert_cmpuint (count_differences (plain, surface, &away), ==, 0);
  g_assert_cmpuint (count_differences (plain, surface, &other), ==, 0);
  g_assert_cmpuint (count_differences (plain, surface, NULL), ==,
                    count_differences (plain, surface, &turned));
  cairo_surface_destroy (surface);
  cairo_surface_destroy (plain);
}

static void
test_decorations (void)
{
  g_autoptr (CpState) state = chess_state ();
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);
  CpBoard *board = state->board;
  guint e2 = cell (board, "e2"), e3 = cell (board, "e3"), d4 = cell (board, "d4");
  guint e5 = cell (board, "e5"), f3 = cell (board, "f3"), g1 = cell (board, "g1");
  guint e1 = cell (board, "e1"), d3 = cell (board, "d3");
  CpBoardTheme theme;
  cairo_surface_t *plain, *surface;
  CpRect r;
  Pixel p;

  cp_board_theme_get (CP_BOARD_THEME_CLASSIC, FALSE, &theme);
  cp_board_renderer_set_theme (renderer, &theme);
  plain = render (renderer, 400, 400, 1);

  /* The last move tints both cells, the rest stays. */
  {
    guint8 last[2] = { (guint8) g1, (guint8) f3 };

    cp_board_renderer_set_last_move (renderer, last, 2);
    surface = render (renderer, 400, 400, 1);
    p = cell_pixel (renderer, surface, 400, 400, g1, 0.5, 0.5);
    g_assert_false (same_colour (p, &theme.light));
    g_assert_false (same_colour (p, &theme.dark));
    cp_board_renderer_cell_rect (renderer, 400, 400, f3, &r);
    g_assert_cmpuint (count_differences (plain, surface, &r), >, 1000);
    cp_board_renderer_cell_rect (renderer, 400, 400, e3, &r);
    g_assert_cmpuint (count_differences (plain, surface, &r), ==, 0);
    cairo_surface_destroy (surface);
    cp_board_renderer_set_last_move (renderer, NULL, 0);
  }

  /* Selection, cursor and check each change their cell. */
  {
    void (*setters[]) (CpBoardRenderer *, guint) = {
      cp_board_renderer_set_selected,
      cp_board_renderer_set_cursor,
      cp_board_renderer_set_check,
    };

    for (guint i = 0; i < G_N_ELEMENTS (setters); i++)
      {
        setters[i] (renderer, i == 2 ? e1 : e3);
        surface = render (renderer, 400, 400, 1);
        cp_board_renderer_cell_rect (renderer, 400, 400, i == 2 ? e1 : e3, &r);
        g_assert_cmpuint (count_differences (plain, surface, &r), >, 200);
        cp_board_renderer_cell_rect (renderer, 400, 400, d3, &r);
        g_assert_cmpuint (count_differences (plain, surface, &r), ==, 0);
        cairo_surface_destroy (surface);
        setters[i] (renderer, CP_NO_CELL);
      }
    surface = render (renderer, 400, 400, 1);
    g_assert_cmpuint (count_differences (plain, surface, NULL), ==, 0);
    cairo_surface_destroy (surface);
  }

  /* Hints: a dot in the middle of an empty cell, a ring round a capture. */
  {
    CpCellSet targets = { 0 }, captures = { 0 };

    cp_cell_set_add (&targets, d4);
    cp_cell_set_add (&captures, e5);
    cp_board_renderer_set_hints (renderer, &targets, &captures);
    surface = render (renderer, 400, 400, 1);
    p = cell_pixel (renderer, surface, 400, 400, d4, 0.5, 0.5);
    g_assert_false (same_colour (p, &theme.dark));
    g_assert_true (same_colour (cell_pixel (renderer, surface, 400, 400, d4, 0.1, 0.1), &theme.dark));
    /* The ring runs near the cell's edge, at the middle of each side. */
    g_assert_false (same_colour (cell_pixel (renderer, surface, 400, 400, e5, 0.04, 0.5), &theme.light));
    cp_board_renderer_cell_rect (renderer, 400, 400, e5, &r);
    g_assert_cmpuint (count_differences (plain, surface, &r), >, 100);
    cairo_surface_destroy (surface);
    cp_board_renderer_set_hints (renderer, NULL, NULL);
  }

  /* An arrow from e2 to d4, drawn over the cells on its way. */
  {
    CpArrow arrow = { (guint8) e2, (guint8) d4, { 0.9, 0.1, 0.1, 0.8 } };
    double ax, ay, bx, by;
    Pixel mid, head;

    cp_board_renderer_set_arrows (renderer, &arrow, 1);
    surface = render (renderer, 400, 400, 1);
    cell_centre (renderer, 400, 400, e2, &ax, &ay);
    cell_centre (renderer, 400, 400, d4, &bx, &by);
    mid = pixel_at (surface, (ax + bx) / 2, (ay + by) / 2);
    head = pixel_at (surface, ax + (bx - ax) * 0.85, ay + (by - ay) * 0.85);
    g_assert_cmpfloat (mid.r, >, 0.7);
    g_assert_cmpfloat (mid.g, <, 0.4);
    g_assert_cmpfloat (head.r, >, 0.7);
    g_assert_cmpfloat (head.g, <, 0.4);
    cp_board_renderer_cell_rect (renderer, 400, 400, d4, &r);
    g_assert_cmpuint (count_differences (plain, surface, &r), >, 100);
    cp_board_renderer_cell_rect (renderer, 400, 400, d3, &r);
    g_assert_cmpuint (count_differences (plain, surface, &r), >, 100);
    cairo_surface_destroy (surface);
    cp_board_renderer_set_arrows (renderer, NULL, 0);
  }

  /* Dragging the knight from f3: its cell shows empty, the piece follows
   * the pointer. */
  {
    double x, y;

    cell_centre (renderer, 400, 400, d4, &x, &y);
    cp_board_renderer_set_drag (renderer, f3, x, y);
    surface = render (renderer, 400, 400, 1);
    g_assert_true (same_colour (cell_pixel (renderer, surface, 400, 400, f3, 0.5, 0.5), &theme.light));
    g_assert_false (same_colour (cell_pixel (renderer, surface, 400, 400, d4, 0.5, 0.5), &theme.dark));
    cairo_surface_destroy (surface);
    cp_board_renderer_set_drag (renderer, CP_NO_CELL, 0, 0);
  }

  /* The knight's last move, animated: at the start it stands on g1, at the
   * end on f3. */
  {
    for (guint i = 0; i < 3; i++)
      {
        double progress = i / 2.0;
        cairo_surface_t *reference;
        CpRect rg, rf;

        cp_board_renderer_set_motion (renderer, g1, f3, progress);
        surface = render (renderer, 400, 400, 1);
        cp_board_renderer_cell_rect (renderer, 400, 400, g1, &rg);
        cp_board_renderer_cell_rect (renderer, 400, 400, f3, &rf);
        if (i == 0)
          {
            /* As if the knight were still on g1. */
            g_autoptr (CpState) before = chess_state ();

            before->cells[g1] = before->cells[f3];
            memset (&before->cells[f3], 0, sizeof (CpPiece));
            cp_board_renderer_set_state (renderer, before);
            cp_board_renderer_set_motion (renderer, CP_NO_CELL, CP_NO_CELL, 0);
            reference = render (renderer, 400, 400, 1);
            cp_board_renderer_set_state (renderer, state);
            g_assert_cmpuint (count_differences (reference, surface, NULL), ==, 0);
            cairo_surface_destroy (reference);
          }
        else if (i == 2)
          g_assert_cmpuint (count_differences (plain, surface, NULL), ==, 0);
        else
          {
            /* Half way: f3 empty, the knight between the two cells. */
            CpRect between = { (rg.x + rf.x) / 2, (rg.y + rf.y) / 2, rg.width, rg.height };

            g_assert_true (same_colour (cell_pixel (renderer, surface, 400, 400, f3, 0.5, 0.5), &theme.light));
            g_assert_cmpuint (count_differences (plain, surface, &between), >, 300);
            g_assert_cmpuint (count_differences (plain, surface, &rg), ==, 0);
          }
        cairo_surface_destroy (surface);
      }
    cp_board_renderer_set_motion (renderer, CP_NO_CELL, CP_NO_CELL, 0);
  }

  /* Zones tint their cells. */
  {
    CpCellSet zone = { 0 };

    cp_cell_set_add (&zone, e3);
    set_zone (renderer, &zone);
    surface = render (renderer, 400, 400, 1);
    g_assert_false (same_colour (cell_pixel (renderer, surface, 400, 400, e3, 0.5, 0.5), &theme.dark));
    g_assert_true (same_colour (cell_pixel (renderer, surface, 400, 400, d3, 0.5, 0.5), &theme.light));
    cairo_surface_destroy (surface);
    set_zone (renderer, NULL);
  }

  /* All cleared: the plain picture again. */
  surface = render (renderer, 400, 400, 1);
  g_assert_cmpuint (count_differences (plain, surface, NULL), ==, 0);
  cairo_surface_destroy (surface);
  cairo_surface_destroy (plain);
}

/* The state is copied: the original may go away. */
static void
test_state_copied (void)
{
  CpState *state = chess_state ();
  g_autoptr (CpBoardRenderer) renderer = new_renderer (state);

  cp_state_free (state);
  cairo_surface_destroy (render (renderer, 300, 300, 1));
  g_assert_cmpuint (cp_board_renderer_count_drawn_cells (renderer), ==, 64);
}

/* Snapshots to look at. */

static void
write_png (CpBoardRenderer *renderer, const char *dir, const char *name,
           gboolean dark, int width, int height, double scale)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.png", dir, name);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         (int) (width * scale),
                                                         (int) (height * scale));
  cairo_t *cr;

  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  /* The window's background in light and dark styles. */
  if (dark)
    cairo_set_source_rgb (cr, 0x24 / 255.0, 0x24 / 255.0, 0x24 / 255.0);
  else
    cairo_set_source_rgb (cr, 0xfa / 255.0, 0xfa / 255.0, 0xfa / 255.0);
  cairo_paint (cr);
  cp_board_renderer_draw (renderer, cr, width, height, scale);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_test_message ("wrote %s", path);
}

static void
test_snapshots (void)
{
  const char *dir = g_getenv ("CP_RENDER_SNAPSHOTS");
  g_autoptr (CpState) chess = chess_state ();
  g_autoptr (CpState) chivalry = chivalry_state ();
  g_autoptr (CpState) three = three_player_state ();
  g_autoptr (CpState) four = four_player_state ();
  g_autoptr (CpBoard) marks_board = cp_board_new (8, 8);
  g_autoptr (CpState) marks = new_state (marks_board, 4);
  g_autoptr (CpState) zombie = chess_start_state ();
  g_autofree CpPiece *buried = g_new0 (CpPiece, CP_MAX_CELLS);

  if (dir == NULL)
    {
      g_test_skip ("CP_RENDER_SNAPSHOTS is not set");
      return;
    }
  g_mkdir_with_parents (dir, 0755);

  /* Zombie Chess after 1. e4 Nc6, with burials of both seats: a white
   * pawn under the black knight, a black knight under a white pawn, a
   * white queen under an empty cell and a black bishop under a king. */
  memset (&zombie->cells[cell (zombie->board, "b8")], 0, sizeof (CpPiece));
  put (zombie, "c6", CP_PIECE_KNIGHT, 1);
  memset (&zombie->cells[cell (zombie->board, "e2")], 0, sizeof (CpPiece));
  put (zombie, "e4", CP_PIECE_PAWN, 0);
  buried[cell (zombie->board, "c6")] = (CpPiece) { .kind = CP_PIECE_PAWN, .seat = 0 };
  buried[cell (zombie->board, "b2")] = (CpPiece) { .kind = CP_PIECE_KNIGHT, .seat = 1 };
  buried[cell (zombie->board, "d5")] = (CpPiece) { .kind = CP_PIECE_QUEEN, .seat = 0 };
  buried[cell (zombie->board, "e1")] = (CpPiece) { .kind = CP_PIECE_BISHOP, .seat = 1 };
  buried[cell (zombie->board, "f7")] = (CpPiece) { .kind = CP_PIECE_ROOK, .seat = 0 };

  /* Every mark on one board. */
  put (marks, "a1", CP_PIECE_KING, 0);
  marks->cells[cell (marks_board, "a1")].flags = CP_PIECE_FLAG_ZOMBIE;
  put (marks, "b1", CP_PIECE_QUEEN, 1);
  marks->cells[cell (marks_board, "b1")].flags = CP_PIECE_FLAG_MIRROR;
  put (marks, "c1", CP_PIECE_ROOK, 2);
  marks->cells[cell (marks_board, "c1")].wounds = 3;
  put (marks, "d1", CP_PIECE_BISHOP, 3);
  marks->cells[cell (marks_board, "d1")].checkers = 1;
  marks->cells[cell (marks_board, "d1")].checker_colour = CP_COLOUR_BLACK;
  put (marks, "e1", CP_PIECE_KNIGHT, 0);
  marks->cells[cell (marks_board, "e1")].checkers = 3;
  marks->cells[cell (marks_board, "e1")].checker_colour = CP_COLOUR_RED;
  put (marks, "f1", CP_PIECE_PAWN, 1);
  marks->cells[cell (marks_board, "f1")].flags = CP_PIECE_FLAG_TARRED;
  put (marks, "g1", CP_PIECE_KING, 1);
  marks->cells[cell (marks_board, "g1")].flags = CP_PIECE_FLAG_HIDDEN;
  put (marks, "h1", CP_PIECE_CHECKER, 2);
  put (marks, "a2", CP_PIECE_MAN, 0);
  put (marks, "b2", CP_PIECE_CHIVALRY_KNIGHT, 1);
  put (marks, "c2", CP_PIECE_KNIGHT, 2);
  marks->markers[cell (marks_board, "c2")] = 3;
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *name = g_strdup_printf ("%c4", 'a' + i);
      g_autofree char *name5 = g_strdup_printf ("%c5", 'a' + i);

      marks->markers[cell (marks_board, name)] = (guint8) (1 + i % 4);
      put (marks, name5, (CpPieceKind) (CP_PIECE_PAWN + i % 5), i % 4);
      marks->cells[cell (marks_board, name5)].wounds = (guint8) i;
    }

  for (guint t = 0; t < CP_N_BOARD_THEMES; t++)
    for (guint dark = 0; dark < 2; dark++)
      {
        CpBoardTheme theme;
        g_autofree char *suffix = g_strdup_printf ("%s-%s", cp_board_theme_to_id (t),
                                                   dark ? "dark" : "light");
        g_autofree char *name = NULL;
        g_autoptr (CpBoardRenderer) renderer = new_renderer (chess);
        guint8 last[2] = { (guint8) cell (chess->board, "g1"), (guint8) cell (chess->board, "f3") };
        CpCellSet targets = { 0 }, captures = { 0 };
        CpArrow arrows[] = {
          { (guint8) cell (chess->board, "f1"), (guint8) cell (chess->board, "b5"), { 0.15, 0.64, 0.41, 0.8 } },
          { (guint8) cell (chess->board, "b8"), (guint8) cell (chess->board, "c6"), { 0.11, 0.44, 0.85, 0.8 } },
        };

        cp_board_theme_get (t, dark, &theme);
        cp_board_renderer_set_theme (renderer, &theme);
        cp_board_renderer_set_last_move (renderer, last, 2);
        cp_board_renderer_set_selected (renderer, cell (chess->board, "f3"));
        cp_cell_set_add (&targets, cell (chess->board, "g5"));
        cp_cell_set_add (&targets, cell (chess->board, "h4"));
        cp_cell_set_add (&targets, cell (chess->board, "d4"));
        cp_cell_set_add (&targets, cell (chess->board, "g1"));
        cp_cell_set_add (&captures, cell (chess->board, "e5"));
        cp_board_renderer_set_hints (renderer, &targets, &captures);
        cp_board_renderer_set_cursor (renderer, cell (chess->board, "c6"));
        cp_board_renderer_set_check (renderer, cell (chess->board, "e8"));
        cp_board_renderer_set_arrows (renderer, arrows, G_N_ELEMENTS (arrows));
        name = g_strdup_printf ("chess-%s", suffix);
        write_png (renderer, dir, name, dark, 560, 560, 1);

        {
          g_autoptr (CpBoardRenderer) r6 = new_renderer (zombie);

          cp_board_renderer_set_theme (r6, &theme);
          set_buried (r6, buried);
          g_free (name);
          name = g_strdup_printf ("burials-%s", suffix);
          write_png (r6, dir, name, dark, 560, 560, 1);
          if (t == CP_BOARD_THEME_CLASSIC)
            {
              cp_board_renderer_set_rotation (r6, 2);
              g_free (name);
              name = g_strdup_printf ("burials-black-%s", suffix);
              write_png (r6, dir, name, dark, 400, 400, 1);
            }
        }

        if (t == CP_BOARD_THEME_CLASSIC)
          {
            g_autoptr (CpBoardRenderer) r2 = new_renderer (chivalry);
            g_autoptr (CpBoardRenderer) r3 = new_renderer (three);
            g_autoptr (CpBoardRenderer) r4 = new_renderer (four);
            g_autoptr (CpBoardRenderer) r5 = new_renderer (marks);
            const CpCellSet *white = cp_board_get_zone (chivalry->board, "white-castle");
            const CpCellSet *black = cp_board_get_zone (chivalry->board, "black-castle");
            CpCellSet castles = *white;

            for (guint i = 0; i < G_N_ELEMENTS (castles.bits); i++)
              castles.bits[i] |= black->bits[i];
            cp_board_renderer_set_theme (r2, &theme);
            set_zone (r2, &castles);
            g_free (name);
            name = g_strdup_printf ("chivalry-%s", suffix);
            write_png (r2, dir, name, dark, 600, 680, 1);

            cp_board_renderer_set_theme (r3, &theme);
            g_free (name);
            name = g_strdup_printf ("three-player-%s", suffix);
            write_png (r3, dir, name, dark, 500, 500, 1);

            cp_board_renderer_set_theme (r4, &theme);
            g_free (name);
            name = g_strdup_printf ("four-player-%s", suffix);
            write_png (r4, dir, name, dark, 500, 500, 1);

            cp_board_renderer_set_theme (r5, &theme);
            g_free (name);
            name = g_strdup_printf ("marks-%s", suffix);
            write_png (r5, dir, name, dark, 640, 640, 1);

            /* Black's view, a side view and a small board at scale 2. */
            cp_board_renderer_set_theme (renderer, &theme);
            cp_board_renderer_set_rotation (renderer, 2);
            g_free (name);
            name = g_strdup_printf ("chess-black-%s", suffix);
            write_png (renderer, dir, name, dark, 400, 400, 1);
            cp_board_renderer_set_rotation (r4, 1);
            g_free (name);
            name = g_strdup_printf ("four-player-turned-%s", suffix);
            write_png (r4, dir, name, dark, 500, 420, 1);
            cp_board_renderer_set_rotation (renderer, 0);
            g_free (name);
            name = g_strdup_printf ("chess-small-scale2-%s", suffix);
            write_png (renderer, dir, name, dark, 290, 290, 2);
            g_free (name);
            name = g_strdup_printf ("chess-tiny-%s", suffix);
            write_png (renderer, dir, name, dark, 290, 290, 1);
          }
      }
}

/* The smallest rectangle around every cell drawn. */
static CpRect
cells_bounds (CpBoardRenderer *renderer, CpBoard *board, int width, int height)
{
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  CpRect r;

  for (guint c = 0; c < cp_board_get_width (board) * cp_board_get_height (board); c++)
    if (cp_board_renderer_cell_rect (renderer, width, height, c, &r))
      {
        x0 = MIN (x0, r.x);
        y0 = MIN (y0, r.y);
        x1 = MAX (x1, r.x + r.width);
        y1 = MAX (y1, r.y + r.height);
      }
  return (CpRect) { x0, y0, x1 - x0, y1 - y0 };
}

static gboolean
is_label_ink (Pixel p)
{
  return p.a > 0.9 && p.g > 0.8 && p.r < 0.35 && p.b < 0.35;
}

/* Coordinates stand outside the cells, along the bottom and left edges of
 * the frame, for every file and rank, whatever the board's outline. */
static void
test_coordinates_outside (void)
{
  g_autoptr (CpState) chess = chess_start_state ();
  g_autoptr (CpState) chivalry = chivalry_state ();
  g_autoptr (CpState) three = three_player_state ();
  g_autoptr (CpState) four = four_player_state ();
  const CpState *states[] = { chess, chivalry, three, four };
  const int width = 520, height = 600;
  CpBoardTheme theme;

  cp_board_theme_get (CP_BOARD_THEME_CLASSIC, FALSE, &theme);
  theme.text = (CpRgba) { 0, 1, 0, 1 };
  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    for (guint rotation = 0; rotation < 4; rotation++)
      {
        g_autoptr (CpBoardRenderer) renderer = new_renderer (states[i]);
        CpBoard *board = states[i]->board;
        cairo_surface_t *surface;
        CpRect bounds, r;
        double side;
        guint cols, rows, n_ink = 0;
        g_autofree gboolean *file_seen = NULL, *rank_seen = NULL;

        cp_board_renderer_set_theme (renderer, &theme);
        cp_board_renderer_set_rotation (renderer, rotation);
        surface = render (renderer, width, height, 1);
        bounds = cells_bounds (renderer, board, width, height);
        g_assert_true (cp_board_renderer_cell_rect (renderer, width, height, cell (board, i == 1 ? "G1" : "d4"), &r));
        side = r.width;
        cols = (guint) lround (bounds.width / side);
        rows = (guint) lround (bounds.height / side);
        file_seen = g_new0 (gboolean, cols);
        rank_seen = g_new0 (gboolean, rows);

        for (int y = 0; y < height; y++)
          for (int x = 0; x < width; x++)
            {
              if (!is_label_ink (device_pixel (surface, x, y)))
                continue;
              n_ink++;
              /* Never on a cell, nor in a notch of the outline. */
              g_assert_false (x + 0.5 > bounds.x && x + 0.5 < bounds.x + bounds.width
                              && y + 0.5 > bounds.y && y + 0.5 < bounds.y + bounds.height);
              /* Near the outer edge, below or to the left. */
              g_assert_true ((y > bounds.y + bounds.height && y < bounds.y + bounds.height + side / 2)
                             || (x < bounds.x && x > bounds.x - side / 2));
              if (y > bounds.y + bounds.height && x > bounds.x && x < bounds.x + bounds.width)
                file_seen[(guint) ((x - bounds.x) / side)] = TRUE;
              if (x < bounds.x && y > bounds.y && y < bounds.y + bounds.height)
                rank_seen[(guint) ((y - bounds.y) / side)] = TRUE;
            }
        g_test_message ("board %u, turned %u: %u pixels of coordinates", i, rotation, n_ink);
        g_assert_cmpuint (n_ink, >, 0);
        for (guint c = 0; c < cols; c++)
          g_assert_true (file_seen[c]);
        for (guint row = 0; row < rows; row++)
          g_assert_true (rank_seen[row]);
        cairo_surface_destroy (surface);
      }
}

/* What a draw paints lies within its extents, which leave out the empty
 * margins of the area but for a dragged piece; at scale 1 and 2, every
 * board turned every way. */
static void
test_extents (void)
{
  g_autoptr (CpState) chess = chess_start_state ();
  g_autoptr (CpState) chivalry = chivalry_state ();
  g_autoptr (CpState) three = three_player_state ();
  g_autoptr (CpState) four = four_player_state ();
  const CpState *states[] = { chess, chivalry, three, four };
  const int width = 520, height = 600;

  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    for (guint rotation = 0; rotation < 4; rotation++)
      for (int scale = 1; scale <= 2; scale++)
        {
          g_autoptr (CpBoardRenderer) renderer = new_renderer (states[i]);
          cairo_surface_t *surface;
          CpRect extents;
          guint n_ink = 0;

          cp_board_renderer_set_rotation (renderer, rotation);
          g_assert_true (cp_board_renderer_get_extents (renderer, width, height, scale, &extents));
          g_assert_cmpfloat (extents.x, >=, 0);
          g_assert_cmpfloat (extents.y, >=, 0);
          g_assert_cmpfloat (extents.x + extents.width, <=, width);
          g_assert_cmpfloat (extents.y + extents.height, <=, height);
          /* A margin above and below: the area is taller than wide. */
          g_assert_cmpfloat (extents.height, <, height);
          surface = render (renderer, width, height, scale);
          for (int y = 0; y < height * scale; y++)
            for (int x = 0; x < width * scale; x++)
              if (device_pixel (surface, x, y).a > 0)
                {
                  n_ink++;
                  g_assert_cmpfloat (x, >=, extents.x * scale);
                  g_assert_cmpfloat (x + 1, <=, (extents.x + extents.width) * scale);
                  g_assert_cmpfloat (y, >=, extents.y * scale);
                  g_assert_cmpfloat (y + 1, <=, (extents.y + extents.height) * scale);
                }
          g_assert_cmpuint (n_ink, >, 0);
          cairo_surface_destroy (surface);

          cp_board_renderer_set_drag (renderer, cell (states[i]->board, i == 1 ? "G1" : "d4"), 3, 3);
          g_assert_true (cp_board_renderer_get_extents (renderer, width, height, scale, &extents));
          g_assert_cmpfloat (extents.width, ==, width);
          g_assert_cmpfloat (extents.height, ==, height);
        }
}

/* How far the ink of a piece reaches, as a share of its square. */
static void
ink_extent (cairo_surface_t *surface, double *share_w, double *share_h)
{
  int size = cairo_image_surface_get_width (surface);
  int x0 = size, y0 = size, x1 = -1, y1 = -1;

  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      if (device_pixel (surface, x, y).a > 0.5)
        {
          x0 = MIN (x0, x);
          y0 = MIN (y0, y);
          x1 = MAX (x1, x);
          y1 = MAX (y1, y);
        }
  *share_w = (x1 - x0 + 1) / (double) size;
  *share_h = (y1 - y0 + 1) / (double) size;
}

/* Chivalry's discs fill their cells as fully as the orthodox king, the
 * tallest piece, fills its own, and keep inside them. */
static void
test_art_fills_cell (void)
{
  g_autoptr (CpPieceArt) art = cp_piece_art_new ();
  cairo_surface_t *king = draw_art (art, CP_PIECE_KING, CP_COLOUR_WHITE, 1);
  const CpPieceKind discs[] = { CP_PIECE_MAN, CP_PIECE_CHIVALRY_KNIGHT };
  double king_w, king_h;

  ink_extent (king, &king_w, &king_h);
  for (guint i = 0; i < G_N_ELEMENTS (discs); i++)
    {
      cairo_surface_t *disc = draw_art (art, discs[i], CP_COLOUR_BLACK, 1);
      double w, h;

      ink_extent (disc, &w, &h);
      g_test_message ("disc %u: %.2f x %.2f, king %.2f x %.2f", i, w, h, king_w, king_h);
      g_assert_cmpfloat (w, >=, 0.82);
      g_assert_cmpfloat (h, >=, king_h - 0.02);
      g_assert_cmpfloat (h, <, 1.0);
      cairo_surface_destroy (disc);
    }
  cairo_surface_destroy (king);
}

/* The marks a piece carries, said for the screen reader. */
static void
test_describe_marks (void)
{
  CpPiece plain = { .kind = CP_PIECE_BISHOP }, stacked = { .kind = CP_PIECE_BISHOP, .checkers = 3 };
  CpPiece one = { .kind = CP_PIECE_PAWN, .checkers = 1 };
  CpPiece mirrored = { .kind = CP_PIECE_ROOK, .checkers = 1, .flags = CP_PIECE_FLAG_MIRROR };
  g_autofree char *three = cp_board_renderer_describe_marks (&stacked);
  g_autofree char *single = cp_board_renderer_describe_marks (&one);
  g_autofree char *beyond = cp_board_renderer_describe_marks (&mirrored);

  g_assert_null (cp_board_renderer_describe_marks (&plain));
  g_assert_cmpstr (three, ==, "on a stack of 3 checkers");
  g_assert_cmpstr (single, ==, "on 1 checker");
  g_assert_cmpstr (beyond, ==, "beyond the mirror");
}

/* Tables: a cell a mark, after a row and a column of pieces. */
static void
test_grid (void)
{
  static const CpGridLook look = { .ink = { 0, 0, 0 }, .scale = 1 };
  static const guint8 chosen[2] = { 1, 0 };
  CpGrid grid = { .n_rows = 2, .n_columns = 2,
                  .row_piece = { CP_PIECE_KING, CP_PIECE_QUEEN }, .column_piece = { CP_PIECE_ROOK, CP_PIECE_BISHOP },
                  .marks = { { CP_GRID_CIRCLE, CP_GRID_CROSS }, { CP_GRID_EMPTY, CP_GRID_DISC | CP_GRID_FAINT } } };
  guint row, column;

  g_assert_cmpfloat (cp_grid_art_height (&grid, 90), ==, 90);
  g_assert_false (cp_grid_art_cell_at (&grid, 90, 10, 10, &row, &column));
  g_assert_true (cp_grid_art_cell_at (&grid, 90, 80, 40, &row, &column));
  g_assert_cmpuint (row, ==, 0);
  g_assert_cmpuint (column, ==, 1);

  for (guint choosing = 0; choosing < 2; choosing++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 90, 90);
      cairo_t *cr = cairo_create (surface);

      cp_grid_art_draw (cr, &grid, choosing ? chosen : NULL, CP_COLOUR_WHITE, 90, &look);
      cairo_surface_flush (surface);
      if (!choosing)
        {
          /* A ring, not a disc; a cross through its centre; nothing; a
           * faint disc. */
          g_assert_cmpfloat (device_pixel (surface, 54, 45).a, >, 0.8);
          g_assert_cmpfloat (device_pixel (surface, 45, 45).a, <, 0.1);
          g_assert_cmpfloat (device_pixel (surface, 75, 45).a, >, 0.8);
          g_assert_cmpfloat (device_pixel (surface, 45, 75).a, <, 0.1);
          g_assert_cmpfloat (device_pixel (surface, 75, 75).a, >, 0.2);
          g_assert_cmpfloat (device_pixel (surface, 75, 75).a, <, 0.6);
        }
      else
        {
          /* The circles chosen, in place of the marks. */
          g_assert_cmpfloat (device_pixel (surface, 84, 45).a, >, 0.8);
          g_assert_cmpfloat (device_pixel (surface, 75, 45).a, <, 0.1);
          g_assert_cmpfloat (device_pixel (surface, 54, 75).a, >, 0.8);
          g_assert_cmpfloat (device_pixel (surface, 75, 75).a, <, 0.1);
        }
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

/* Draws a table of two rows and two columns 90 wide, with @look, on an
 * image of @background, @scale device pixels to a unit. */
static cairo_surface_t *
draw_grid_on (const CpGridLook *look, const CpRgba *background, double scale)
{
  CpGrid grid = { .n_rows = 2, .n_columns = 2,
                  .row_piece = { CP_PIECE_KING, CP_PIECE_QUEEN }, .column_piece = { CP_PIECE_ROOK, CP_PIECE_BISHOP } };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) (90 * scale), (int) (90 * scale));
  cairo_t *cr;

  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  cairo_set_source_rgba (cr, background->red, background->green, background->blue, background->alpha);
  cairo_paint (cr);
  cp_grid_art_draw (cr, &grid, NULL, CP_COLOUR_BLACK, 90, look);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The share of the device pixels of the cell (@column, @row) of a table
 * of cells @size wide whose lightness is far from @ground's. */
static double
share_apart (cairo_surface_t *surface, guint column, guint row, double size, const CpRgba *ground)
{
  Pixel reference = { ground->red, ground->green, ground->blue, 1 };
  double sx, sy;
  guint apart = 0, n = 0;

  cairo_surface_get_device_scale (surface, &sx, &sy);
  for (int y = (int) (row * size * sy); y < (int) ((row + 1) * size * sy); y++)
    for (int x = (int) (column * size * sx); x < (int) ((column + 1) * size * sx); x++, n++)
      apart += fabs (luminance (device_pixel (surface, x, y)) - luminance (reference)) > 0.25;
  return (double) apart / n;
}

/* How sharp the cell (@column, @row) is drawn: the sum of the squares
 * of the lightness steps between neighbouring device pixels along its
 * rows, which a blurred edge splits into smaller steps. */
static double
sharpness (cairo_surface_t *surface, guint column, guint row, double size)
{
  double sx, sy, sum = 0;

  cairo_surface_get_device_scale (surface, &sx, &sy);
  for (int y = (int) (row * size * sy); y < (int) ((row + 1) * size * sy); y++)
    for (int x = (int) (column * size * sx) + 1; x < (int) ((column + 1) * size * sx); x++)
      {
        double step = luminance (device_pixel (surface, x, y)) - luminance (device_pixel (surface, x - 1, y));

        sum += step * step;
      }
  return sum;
}

/* The pieces of a table's headings read as the board's do: on a dark
 * background, a black piece stands on a tile of the board's light cells
 * and stands out from it; on a screen of two device pixels to a unit,
 * they are drawn as sharp as that screen allows. */
static void
test_grid_headings (void)
{
  static const CpRgba dark_window = { 0.14, 0.14, 0.14, 1 };
  CpBoardTheme theme;
  CpGridLook look = { .ink = { 1, 1, 1 }, .scale = 1 };
  cairo_surface_t *surface;
  double fine, coarse;

  cp_board_theme_get (CP_BOARD_THEME_CLASSIC, TRUE, &theme);
  look.ground = theme.light;
  surface = draw_grid_on (&look, &dark_window, 1);
  g_test_message ("apart from the background: %.2f, from the tile: %.2f, a cell of marks: %.2f",
                  share_apart (surface, 0, 1, 30, &dark_window), share_apart (surface, 0, 1, 30, &theme.light),
                  share_apart (surface, 1, 1, 30, &dark_window));
  /* The black king heads the first row: most of its cell is far from
   * the dark background, and its piece far from the tile. */
  g_assert_cmpfloat (share_apart (surface, 0, 1, 30, &dark_window), >, 0.4);
  g_assert_cmpfloat (share_apart (surface, 0, 1, 30, &theme.light), >, 0.15);
  /* The cells of marks keep the background. */
  g_assert_cmpfloat (share_apart (surface, 1, 1, 30, &dark_window), <, 0.1);
  cairo_surface_destroy (surface);

  look.scale = 2;
  surface = draw_grid_on (&look, &dark_window, 2);
  fine = sharpness (surface, 0, 1, 30);
  cairo_surface_destroy (surface);
  look.scale = 1;
  surface = draw_grid_on (&look, &dark_window, 2);
  coarse = sharpness (surface, 0, 1, 30);
  cairo_surface_destroy (surface);
  g_test_message ("steps of lightness at two pixels to a unit: %.1f, from one: %.1f", fine, coarse);
  g_assert_cmpfloat (fine, >, coarse * 1.2);
}

/* Dice. */

/* The pixels of a die of @size drawn showing @value that are the colour
 * of its pips: near black on a light face, near white on a dark one. */
static guint
count_pip_pixels (guint value, gboolean dark, int size)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);
  const CpRgba ink = { 0.5, 0.5, 0.5, 1 };
  guint n = 0;

  cp_dice_art_draw (cr, value, dark, 0, 0, size, &ink);
  cairo_surface_flush (surface);
  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      {
        Pixel p = device_pixel (surface, x, y);

        if (p.a > 0.9 && (dark ? p.r > 0.8 : p.r < 0.2))
          n++;
      }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return n;
}

/* A die shows as many pips as its value, on a light face or a dark one:
 * the ink of its pips grows with the value, a pip at a time. */
static void
test_dice (void)
{
  for (guint dark = 0; dark < 2; dark++)
    {
      double pip = count_pip_pixels (2, dark, 96) / 2.0;

      g_assert_cmpfloat (pip, >, 50);
      g_assert_cmpfloat (count_pip_pixels (0, dark, 96), <, pip);
      for (guint value = 1; value <= 6; value++)
        g_assert_cmpfloat (fabs (count_pip_pixels (value, dark, 96) / pip - value), <, 0.3);
    }
}

/* A line of a board's key draws its mark as the board does: a rook beyond
 * the mirror, on its checker, on a light cell, pixel for pixel. */
static void
test_key_sample (void)
{
  g_autoptr (CpBoard) board = cp_board_new (8, 8);
  g_autoptr (CpState) state = new_state (board, 2);
  g_autoptr (CpBoardRenderer) renderer = NULL;
  CpLegendEntry entry = { .mark = CP_MARK_MIRROR,
                          .piece = { .kind = CP_PIECE_ROOK, .seat = 1, .flags = CP_PIECE_FLAG_MIRROR, .checkers = 1,
                                     .checker_colour = CP_COLOUR_BLACK } };
  guint b1 = cell (board, "b1");
  cairo_surface_t *drawn, *sample;
  guint differ = 0, marked = 0;
  CpBoardTheme theme;
  CpRect rect;
  cairo_t *cr;

  state->cells[b1] = entry.piece;
  renderer = new_renderer (state);
  cp_board_renderer_set_show_coordinates (renderer, FALSE);
  drawn = render (renderer, 400, 400, 1);
  g_assert_true (cp_board_renderer_get_marks (renderer) == CP_MARK_BIT (CP_MARK_MIRROR)
                                                           + CP_MARK_BIT (CP_MARK_CHECKERS));
  g_assert_true (cp_board_renderer_cell_rect (renderer, 400, 400, b1, &rect));
  sample = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 400);
  cr = cairo_create (sample);
  cp_board_renderer_draw_sample (renderer, cr, &entry, rect.x, rect.y, rect.width, 1);
  cairo_destroy (cr);
  cairo_surface_flush (sample);
  cp_board_theme_get (CP_BOARD_THEME_CLASSIC, FALSE, &theme);
  for (int y = (int) rect.y; y < (int) (rect.y + rect.height); y++)
    for (int x = (int) rect.x; x < (int) (rect.x + rect.width); x++)
      {
        Pixel a = device_pixel (drawn, x, y), b = device_pixel (sample, x, y);

        differ += fabs (a.r - b.r) > 3 / 255.0 || fabs (a.g - b.g) > 3 / 255.0 || fabs (a.b - b.b) > 3 / 255.0;
        marked += !same_colour (b, &theme.light);
      }
  g_assert_cmpuint (differ, ==, 0);
  g_assert_cmpuint (marked, >, rect.width * rect.height / 10);
  cairo_surface_destroy (drawn);
  cairo_surface_destroy (sample);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/theme/ids", test_theme_ids);
  g_test_add_func ("/render/grid/headings", test_grid_headings);
  g_test_add_func ("/render/board/extents", test_extents);
  g_test_add_func ("/render/describe-marks", test_describe_marks);
  g_test_add_func ("/render/board/cell-colours", test_cell_colours);
  g_test_add_func ("/render/board/kings", test_kings);
  g_test_add_func ("/render/board/count-cells", test_count_cells);
  g_test_add_func ("/render/board/holes", test_holes);
  g_test_add_func ("/render/board/round-trip", test_round_trip);
  g_test_add_func ("/render/board/rotation", test_rotation_corners);
  g_test_add_func ("/render/board/multi-player-orientation", test_multi_player_orientation);
  g_test_add_func ("/render/board/two-player-coordinates", test_two_player_coordinates);
  g_test_add_func ("/render/board/barrier", test_barrier);
  g_test_add_func ("/render/board/vertex", test_vertex);
  g_test_add_func ("/render/board/areas", test_areas);
  g_test_add_func ("/render/board/scale", test_scale);
  g_test_add_func ("/render/board/marks", test_marks);
  g_test_add_func ("/render/board/high-contrast", test_high_contrast);
  g_test_add_func ("/render/board/burials", test_burials);
  g_test_add_func ("/render/board/burials-holes", test_burials_holes);
  g_test_add_func ("/render/board/stacks-and-badges", test_stacks_and_badges);
  g_test_add_func ("/render/board/burials-rotation", test_burials_rotation);
  g_test_add_func ("/render/board/decorations", test_decorations);
  g_test_add_func ("/render/board/state-copied", test_state_copied);
  g_test_add_func ("/render/board/vector", test_vector);
  g_test_add_func ("/render/art/pieces", test_art);
  g_test_add_func ("/render/art/cache-bound", test_art_cache_bound);
  g_test_add_func ("/render/snapshots", test_snapshots);
  g_test_add_func ("/render/board/coordinates-outside", test_coordinates_outside);
  g_test_add_func ("/render/art/fills-cell", test_art_fills_cell);
  g_test_add_func ("/render/grid", test_grid);
  g_test_add_func ("/render/dice", test_dice);
  g_test_add_func ("/render/key-sample", test_key_sample);

  return g_test_run ();
}
