/* cp-grid-art.c: drawing the tables a game shows beside its board
 *
 * A table (CpGrid) is drawn in a square cell for each mark, with the
 * pieces of its rows down the left side, in their owner's colour, and
 * those of its columns along the top, in no colour: a circle for what
 * holds, a circle filled in for what its owner knows holds, a cross for
 * what is ruled out; marks that follow from the others are faint.  The
 * pieces of the headings stand each on a tile of the board's light
 * cells, so that they read as the board's pieces do on a light or a dark
 * background.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "cp-cairo.h"
#include "cp-grid-art.h"
#include "cp-piece-art.h"

#define FAINT_ALPHA 0.4
/* The room between a heading's cell and its tile, and between the tile
 * and its piece, as parts of the cell. */
#define TILE_INSET 0.05
#define PIECE_INSET 0.1

static double
cell_size (const CpGrid *grid, double width)
{
  return width / (grid->n_columns + 1);
}

/* The height of @grid drawn @width wide. */
double
cp_grid_art_height (const CpGrid *grid, double width)
{
  return cell_size (grid, width) * (grid->n_rows + 1);
}

static void
draw_mark (cairo_t *cr, guint mark, double x, double y, double size, const double ink[3])
{
  double cx = x + size / 2, cy = y + size / 2, r = size * 0.3;

  cairo_save (cr);
  cairo_set_source_rgba (cr, ink[0], ink[1], ink[2], (mark & CP_GRID_FAINT) ? FAINT_ALPHA : 1);
  cairo_set_line_width (cr, MAX (1.5, size / 14));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  switch (mark & ~CP_GRID_FAINT)
    {
    case CP_GRID_DISC:
      cairo_arc (cr, cx, cy, r * 0.55, 0, 2 * G_PI);
      cairo_fill (cr);
      G_GNUC_FALLTHROUGH;
    case CP_GRID_CIRCLE:
      cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
      cairo_stroke (cr);
      break;
    case CP_GRID_CROSS:
      cairo_move_to (cr, cx - r, cy - r);
      cairo_line_to (cr, cx + r, cy + r);
      cairo_move_to (cr, cx + r, cy - r);
      cairo_line_to (cr, cx - r, cy + r);
      cairo_stroke (cr);
      break;
    default:
      break;
    }
  cairo_restore (cr);
}

/* A piece of a heading in the cell of @size at (@x, @y), on its tile. */
static void
draw_heading (cairo_t *cr, CpPieceKind kind, CpColour colour, double x, double y, double size,
              const CpGridLook *look)
{
  double inset = size * TILE_INSET, pad = size * PIECE_INSET;

  if (look->ground.alpha > 0)
    {
      cairo_save (cr);
      cp_cairo_rounded_rectangle (cr, x + inset, y + inset, size - 2 * inset, size - 2 * inset, size * 0.12);
      cairo_set_source_rgba (cr, look->ground.red, look->ground.green, look->ground.blue, look->ground.alpha);
      cairo_fill (cr);
      cairo_restore (cr);
    }
  cp_piece_art_draw (cp_piece_art_get_default (), cr, kind, colour, x + pad, y + pad, size - 2 * pad,
                     look->scale);
}

/**
 * cp_grid_art_draw:
 * @columns: (nullable) (array): while the table is filled in, the column
 *   circled in each row, drawn in place of its marks
 * @colour: the colour of the pieces of the rows
 * @look: the colours of the lines, marks and tiles, and the scale
 *
 * Draws @grid @width wide from (0, 0).
 */
void
cp_grid_art_draw (cairo_t *cr, const CpGrid *grid, const guint8 *columns, CpColour colour, double width,
                  const CpGridLook *look)
{
  const double *ink = look->ink;
  double size = cell_size (grid, width);

  for (guint c = 0; c < grid->n_columns; c++)
    draw_heading (cr, grid->column_piece[c], CP_COLOUR_NEUTRAL, (c + 1) * size, 0, size, look);
  for (guint r = 0; r < grid->n_rows; r++)
    {
      draw_heading (cr, grid->row_piece[r], colour, 0, (r + 1) * size, size, look);
      for (guint c = 0; c < grid->n_columns; c++)
        {
          guint mark = grid->marks[r][c];

          if (columns != NULL)
            mark = columns[r] == c ? CP_GRID_CIRCLE : CP_GRID_EMPTY;
          draw_mark (cr, mark, (c + 1) * size, (r + 1) * size, size, ink);
        }
    }

  /* The lines between the cells of marks. */
  cairo_save (cr);
  cairo_set_source_rgba (cr, ink[0], ink[1], ink[2], 0.5);
  cairo_set_line_width (cr, 1);
  for (guint r = 0; r <= grid->n_rows; r++)
    {
      cairo_move_to (cr, size, (r + 1) * size - (r == grid->n_rows ? 0.5 : 0));
      cairo_line_to (cr, width, (r + 1) * size - (r == grid->n_rows ? 0.5 : 0));
    }
  for (guint c = 0; c <= grid->n_columns; c++)
    {
      cairo_move_to (cr, (c + 1) * size - (c == grid->n_columns ? 0.5 : 0), size);
      cairo_line_to (cr, (c + 1) * size - (c == grid->n_columns ? 0.5 : 0), (grid->n_rows + 1) * size);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The cell of a mark at (@x, @y) of @grid drawn @width wide, if any. */
gboolean
cp_grid_art_cell_at (const CpGrid *grid, double width, double x, double y, guint *row, guint *column)
{
  double size = cell_size (grid, width);
  int c = (int) floor (x / size) - 1, r = (int) floor (y / size) - 1;

  if (c < 0 || r < 0 || c >= grid->n_columns || r >= grid->n_rows)
    return FALSE;
  *row = (guint) r;
  *column = (guint) c;
  return TRUE;
}
