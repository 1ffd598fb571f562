/* cp-grid-art.h: drawing the tables a game shows beside its board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "cp-board-renderer.h"
#include "cp-engine.h"

G_BEGIN_DECLS

/* How a table is drawn. */
typedef struct {
  double ink[3];   /* the lines and marks, red, green and blue */
  CpRgba ground;   /* under each piece of the headings, as the board's
                    * light cells are under its pieces; alpha 0: none */
  double scale;    /* device pixels to a unit, for the pieces' images */
} CpGridLook;

double   cp_grid_art_height  (const CpGrid *grid,
                              double        width);
void     cp_grid_art_draw    (cairo_t      *cr,
                              const CpGrid *grid,
                              const guint8 *columns,
                              CpColour      colour,
                              double        width,
                              const CpGridLook *look);
gboolean cp_grid_art_cell_at (const CpGrid *grid,
                              double        width,
                              double        x,
                              double        y,
                              guint        *row,
                              guint        *column);

G_END_DECLS
