/* bench-render.c: how long drawing a board takes
 *
 * A chess position with pieces and the usual decorations, drawn into an
 * image of 2560 x 1440 logical pixels at scales 1 and 2: the first drawing
 * (every piece image made anew) and the mean of repeated drawings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-board-renderer.h"
#include "cp-engine.h"
#include "cp-piece-art.h"

#define WIDTH 2560
#define HEIGHT 1440
#define REPEATS 60

static CpState *
position (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, &error);
  const char *moves[] = { "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7" };
  const CpState *state;
  CpState *copy;

  if (game == NULL)
    g_error ("%s", error->message);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    if (!cp_game_play_text (game, moves[i], &error))
      g_error ("%s: %s", moves[i], error->message);
  state = cp_game_get_state (game);
  copy = g_malloc0 (sizeof (CpState));
  copy->board = g_object_ref (state->board);
  copy->n_seats = state->n_seats;
  memcpy (copy->cells, state->cells, sizeof copy->cells);
  return copy;
}

/* Clears the picture as a window would (not timed), then draws. */
static double
draw_once (CpBoardRenderer *renderer, cairo_surface_t *surface, double scale)
{
  cairo_t *cr = cairo_create (surface);
  gint64 start;

  cairo_set_source_rgb (cr, 0.98, 0.98, 0.98);
  cairo_paint (cr);
  cairo_surface_flush (surface);
  start = g_get_monotonic_time ();
  cp_board_renderer_draw (renderer, cr, WIDTH, HEIGHT, scale);
  cairo_surface_flush (surface);
  start = g_get_monotonic_time () - start;
  cairo_destroy (cr);
  return start / 1000.0;
}

int
main (void)
{
  g_autoptr (CpState) state = position ();

  for (guint s = 1; s <= 2; s++)
    {
      g_autoptr (CpPieceArt) art = cp_piece_art_new ();
      g_autoptr (CpBoardRenderer) renderer = cp_board_renderer_new (art);
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                             WIDTH * (int) s, HEIGHT * (int) s);
      CpCellSet targets = { 0 };
      guint8 last[2];
      double first, total = 0;
      gsize bytes;

      cairo_surface_set_device_scale (surface, s, s);
      last[0] = (guint8) (7 * 8 + 5);  /* f8 and e7: Black's last move */
      last[1] = (guint8) (6 * 8 + 4);
      cp_board_renderer_set_state (renderer, state);
      cp_board_renderer_set_last_move (renderer, last, 2);
      cp_board_renderer_set_selected (renderer, 3 * 8 + 0);     /* the bishop on a4 */
      cp_cell_set_add (&targets, 2 * 8 + 1);                    /* b3 */
      cp_cell_set_add (&targets, 4 * 8 + 1);                    /* b5 */
      cp_board_renderer_set_hints (renderer, &targets, NULL);

      first = draw_once (renderer, surface, s);
      for (guint i = 0; i < REPEATS; i++)
        total += draw_once (renderer, surface, s);
      cp_piece_art_get_cache_size (art, &bytes);
      g_print ("%dx%d at scale %u: first drawing %.2f ms, then %.2f ms a frame "
               "(mean of %u); %" G_GSIZE_FORMAT " KiB of piece images\n",
               WIDTH, HEIGHT, s, first, total / REPEATS, REPEATS, bytes / 1024);
      cairo_surface_destroy (surface);
    }
  return 0;
}
