/* cp-board.h: board geometry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "cp-bits.h"
#include "cp-types.h"

G_BEGIN_DECLS

/* A set of cells, one bit per cell index. */
typedef struct {
  guint64 bits[CP_MAX_CELLS / 64];
} CpCellSet;

static inline void
cp_cell_set_add (CpCellSet *set, guint cell)
{
  set->bits[cell >> 6] |= G_GUINT64_CONSTANT (1) << (cell & 63);
}

static inline gboolean
cp_cell_set_contains (const CpCellSet *set, guint cell)
{
  return (set->bits[cell >> 6] >> (cell & 63)) & 1;
}

/* The lowest cell of @set from @cell on, or CP_NO_CELL. */
static inline guint
cp_cell_set_next (const CpCellSet *set, guint cell)
{
  for (guint w = cell >> 6; w < G_N_ELEMENTS (set->bits); w++)
    {
      guint64 bits = set->bits[w] & (w == cell >> 6 ? ~G_GUINT64_CONSTANT (0) << (cell & 63) : ~G_GUINT64_CONSTANT (0));

      if (bits != 0)
        return w * 64 + cp_bits_lowest (bits);
    }
  return CP_NO_CELL;
}

guint cp_cell_set_count (const CpCellSet *set);

#define CP_TYPE_BOARD (cp_board_get_type ())
G_DECLARE_FINAL_TYPE (CpBoard, cp_board, CP, BOARD, GObject)

/* Building a board.  A board is built once and then only read. */
CpBoard    *cp_board_new              (guint        width,
                                       guint        height);
CpBoard    *cp_board_new_from_layout  (const char  *layout,
                                       GError     **error);
void        cp_board_remove_cell      (CpBoard     *board,
                                       guint        cell);
void        cp_board_block_edge       (CpBoard     *board,
                                       guint        cell,
                                       CpDir        dir);
void        cp_board_block_vertex     (CpBoard     *board,
                                       guint        x,
                                       guint        y);
void        cp_board_add_zone         (CpBoard     *board,
                                       const char  *name,
                                       const CpCellSet *cells);
void        cp_board_set_forward      (CpBoard     *board,
                                       guint        seat,
                                       CpDir        first,
                                       int          second);
void        cp_board_set_file_names   (CpBoard     *board,
                                       const char  *letters);

/* Reading it. */
guint       cp_board_get_width        (CpBoard     *board);
guint       cp_board_get_height       (CpBoard     *board);
guint       cp_board_get_n_cells      (CpBoard     *board);
gboolean    cp_board_has_cell         (CpBoard     *board,
                                       guint        cell);
guint       cp_board_cell_at          (CpBoard     *board,
                                       int          x,
                                       int          y);
guint       cp_board_cell_x           (CpBoard     *board,
                                       guint        cell);
guint       cp_board_cell_y           (CpBoard     *board,
                                       guint        cell);
guint       cp_board_step             (CpBoard     *board,
                                       guint        cell,
                                       CpDir        dir);
guint       cp_board_leap             (CpBoard     *board,
                                       guint        cell,
                                       int          dx,
                                       int          dy);
gboolean    cp_board_edge_blocked     (CpBoard     *board,
                                       guint        cell,
                                       CpDir        dir);
gboolean    cp_board_vertex_blocked   (CpBoard     *board,
                                       guint        x,
                                       guint        y);
const guint8 *cp_board_knight_targets (CpBoard     *board,
                                       guint        cell,
                                       guint       *n_targets);
const CpCellSet *cp_board_get_zone    (CpBoard     *board,
                                       const char  *name);
GStrv       cp_board_list_zones       (CpBoard     *board);
guint       cp_board_get_n_forward    (CpBoard     *board,
                                       guint        seat);
CpDir       cp_board_get_forward      (CpBoard     *board,
                                       guint        seat,
                                       guint        index);
char       *cp_board_cell_name        (CpBoard     *board,
                                       guint        cell);
gboolean    cp_board_parse_cell       (CpBoard     *board,
                                       const char  *text,
                                       guint       *cell,
                                       GError     **error);
guint       cp_board_parse_cell_prefix (CpBoard    *board,
                                       const char  *text,
                                       guint       *cell);

/* The neighbour table, for move generators: neighbours[cell * 8 + dir] is
 * the cell one step away in that direction, or CP_NO_CELL where the step
 * leaves the board, enters a hole, crosses a blocked edge or passes
 * through a blocked vertex. */
const guint8 *cp_board_get_neighbours (CpBoard     *board);

G_END_DECLS
