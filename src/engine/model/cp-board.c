/* cp-board.c: board geometry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "cp-board.h"
#include "cp-error.h"

#define MAX_SIDE 16

struct _CpBoard
{
  GObject parent_instance;

  guint8 width;
  guint8 height;
  guint8 n_cells;
  char files[MAX_SIDE + 1];

  CpCellSet cells;
  guint8 edge_blocked[CP_MAX_CELLS];       /* bit d: orthogonal step in dir d blocked */
  CpCellSet vertex_blocked;                /* vertex (x, y) is the corner above-right of cell (x, y) */
  guint8 forward[CP_MAX_SEATS][2];
  guint8 n_forward[CP_MAX_SEATS];
  GHashTable *zones;                       /* name -> CpCellSet */

  /* Derived tables, rebuilt after every change. */
  guint8 neighbours[CP_MAX_CELLS * CP_N_DIRS];
  guint8 knight[CP_MAX_CELLS][8];
  guint8 n_knight[CP_MAX_CELLS];
};

G_DEFINE_FINAL_TYPE (CpBoard, cp_board, G_TYPE_OBJECT)

static const int dir_dx[CP_N_DIRS] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int dir_dy[CP_N_DIRS] = { 1, 1, 0, -1, -1, -1, 0, 1 };

guint
cp_cell_set_count (const CpCellSet *set)
{
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (set->bits); i++)
    n += cp_bits_count (set->bits[i]);
  return n;
}

static void
cell_set_remove (CpCellSet *set, guint cell)
{
  set->bits[cell >> 6] &= ~(G_GUINT64_CONSTANT (1) << (cell & 63));
}

static void
cp_board_finalize (GObject *object)
{
  CpBoard *self = CP_BOARD (object);

  g_hash_table_unref (self->zones);
  G_OBJECT_CLASS (cp_board_parent_class)->finalize (object);
}

static void
cp_board_class_init (CpBoardClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_board_finalize;
}

static void
cp_board_init (CpBoard *self)
{
  self->zones = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static gboolean
in_rect (CpBoard *self, int x, int y)
{
  return x >= 0 && y >= 0 && x < self->width && y < self->height;
}

static gboolean
exists (CpBoard *self, int x, int y)
{
  return in_rect (self, x, y) && cp_cell_set_contains (&self->cells, (guint) (y * self->width + x));
}

/* The vertex shared by the four cells (x, y), (x+1, y), (x, y+1), (x+1, y+1)
 * is stored under (x, y). */
static gboolean
diagonal_step_blocked (CpBoard *self, int x, int y, CpDir dir)
{
  int vx = x + (dir_dx[dir] < 0 ? -1 : 0);
  int vy = y + (dir_dy[dir] < 0 ? -1 : 0);

  if (!in_rect (self, vx, vy))
    return FALSE;
  return cp_cell_set_contains (&self->vertex_blocked, (guint) (vy * self->width + vx));
}

static void
rebuild (CpBoard *self)
{
  static const int knight_dx[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };
  static const int knight_dy[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };

  memset (self->neighbours, CP_NO_CELL, sizeof self->neighbours);
  memset (self->n_knight, 0, sizeof self->n_knight);
  self->n_cells = (guint8) cp_cell_set_count (&self->cells);

  for (int y = 0; y < self->height; y++)
    for (int x = 0; x < self->width; x++)
      {
        guint cell = (guint) (y * self->width + x);

        if (!exists (self, x, y))
          continue;
        for (int d = 0; d < CP_N_DIRS; d++)
          {
            int nx = x + dir_dx[d], ny = y + dir_dy[d];

            if (!exists (self, nx, ny))
              continue;
            if (CP_DIR_IS_DIAGONAL (d) ? diagonal_step_blocked (self, x, y, d)
                                       : (self->edge_blocked[cell] >> d) & 1)
              continue;
            self->neighbours[cell * CP_N_DIRS + d] = (guint8) (ny * self->width + nx);
          }
        for (int k = 0; k < 8; k++)
          {
            int nx = x + knight_dx[k], ny = y + knight_dy[k];

            if (exists (self, nx, ny))
              self->knight[cell][self->n_knight[cell]++] = (guint8) (ny * self->width + nx);
          }
      }
}

/**
 * cp_board_new:
 * @width: number of files, 1 to 16
 * @height: number of ranks, 1 to 16
 *
 * Creates a full rectangular board; every cell exists.  The first seat
 * moves north and the second south until cp_board_set_forward() says
 * otherwise.
 */
CpBoard *
cp_board_new (guint width, guint height)
{
  CpBoard *self;

  g_return_val_if_fail (width >= 1 && width <= MAX_SIDE, NULL);
  g_return_val_if_fail (height >= 1 && height <= MAX_SIDE, NULL);
  g_return_val_if_fail (width * height < CP_MAX_CELLS, NULL);

  self = g_object_new (CP_TYPE_BOARD, NULL);
  self->width = (guint8) width;
  self->height = (guint8) height;
  memcpy (self->files, "abcdefghijklmnop", MAX_SIDE);
  self->files[width] = '\0';
  for (guint i = 0; i < width * height; i++)
    cp_cell_set_add (&self->cells, i);
  for (guint s = 0; s < CP_MAX_SEATS; s++)
    {
      self->forward[s][0] = (s % 2 == 0) ? CP_DIR_N : CP_DIR_S;
      self->n_forward[s] = 1;
    }
  rebuild (self);
  return self;
}

/**
 * cp_board_new_from_layout:
 * @layout: rows of the board from the top rank down, one line each; `.`
 *   is a cell, `x` a hole; blank lines and spaces are ignored
 * @error: return location for an error
 *
 * Creates a board of any shape from a picture of it.
 */
CpBoard *
cp_board_new_from_layout (const char *layout, GError **error)
{
  g_auto (GStrv) lines = g_strsplit (layout, "\n", -1);
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  guint width = 0;
  CpBoard *self;

  for (guint i = 0; lines[i]; i++)
    {
      GString *row = g_string_new (NULL);

      for (const char *p = lines[i]; *p; p++)
        {
          if (*p == ' ' || *p == '\t' || *p == '\r')
            continue;
          if (*p != '.' && *p != 'x')
            {
              g_string_free (row, TRUE);
              g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                           _("Board layout line %u holds “%c”; only “.” and “x” are allowed"),
                           i + 1, *p);
              return NULL;
            }
          g_string_append_c (row, *p);
        }
      if (row->len == 0)
        {
          g_string_free (row, TRUE);
          continue;
        }
      if (width != 0 && row->len != width)
        {
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                       _("Board layout rows differ in length (%u and %u)"),
                       width, (guint) row->len);
          g_string_free (row, TRUE);
          return NULL;
        }
      width = (guint) row->len;
      g_ptr_array_add (rows, g_string_free (row, FALSE));
    }

  if (rows->len == 0 || width > MAX_SIDE || rows->len > MAX_SIDE
      || width * rows->len >= CP_MAX_CELLS)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                   _("A board must have between 1 and 16 files and ranks"));
      return NULL;
    }

  self = cp_board_new (width, rows->len);
  for (guint r = 0; r < rows->len; r++)
    {
      const char *row = g_ptr_array_index (rows, r);
      guint y = rows->len - 1 - r;

      for (guint x = 0; x < width; x++)
        if (row[x] == 'x')
          cell_set_remove (&self->cells, y * width + x);
    }
  rebuild (self);
  return self;
}

/**
 * cp_board_remove_cell:
 *
 * Makes @cell a hole that no piece may enter.
 */
void
cp_board_remove_cell (CpBoard *self, guint cell)
{
  g_return_if_fail (CP_IS_BOARD (self));
  g_return_if_fail (cell < (guint) self->width * self->height);

  cell_set_remove (&self->cells, cell);
  rebuild (self);
}

/**
 * cp_board_block_edge:
 * @cell: a cell
 * @dir: an orthogonal direction
 *
 * Puts a barrier on the side of @cell facing @dir.  No orthogonal step
 * crosses it, in either direction; diagonal steps past its end and leaps
 * are not affected.
 */
void
cp_board_block_edge (CpBoard *self, guint cell, CpDir dir)
{
  int x, y;

  g_return_if_fail (CP_IS_BOARD (self));
  g_return_if_fail (!CP_DIR_IS_DIAGONAL (dir));
  g_return_if_fail (cell < (guint) self->width * self->height);

  x = (int) (cell % self->width) + dir_dx[dir];
  y = (int) (cell / self->width) + dir_dy[dir];
  self->edge_blocked[cell] |= (guint8) (1u << dir);
  if (in_rect (self, x, y))
    self->edge_blocked[y * self->width + x] |= (guint8) (1u << CP_DIR_OPPOSITE (dir));
  rebuild (self);
}

/**
 * cp_board_block_vertex:
 * @x: file of the cell below and left of the vertex
 * @y: rank of that cell
 *
 * Blocks the corner shared by cells (x, y) and (x + 1, y + 1): no diagonal
 * step passes through it.  Orthogonal steps and leaps are not affected.
 */
void
cp_board_block_vertex (CpBoard *self, guint x, guint y)
{
  g_return_if_fail (CP_IS_BOARD (self));
  g_return_if_fail (x + 1 < self->width && y + 1 < self->height);

  cp_cell_set_add (&self->vertex_blocked, y * self->width + x);
  rebuild (self);
}

/**
 * cp_board_add_zone:
 * @name: the zone's name, such as "white-castle" or "equator-north"
 * @cells: its cells
 *
 * Names a set of cells that the rules refer to.
 */
void
cp_board_add_zone (CpBoard *self, const char *name, const CpCellSet *cells)
{
  g_return_if_fail (CP_IS_BOARD (self));
  g_return_if_fail (name != NULL && cells != NULL);

  g_hash_table_replace (self->zones, g_strdup (name), g_memdup2 (cells, sizeof *cells));
}

/**
 * cp_board_set_forward:
 * @seat: a seat
 * @first: the direction the seat's pawns advance
 * @second: a second direction for pawns that may advance two ways, or -1
 */
void
cp_board_set_forward (CpBoard *self, guint seat, CpDir first, int second)
{
  g_return_if_fail (CP_IS_BOARD (self));
  g_return_if_fail (seat < CP_MAX_SEATS);

  self->forward[seat][0] = (guint8) first;
  self->n_forward[seat] = 1;
  if (second >= 0 && second < CP_N_DIRS)
    {
      self->forward[seat][1] = (guint8) second;
      self->n_forward[seat] = 2;
    }
}

/**
 * cp_board_set_file_names:
 * @letters: one letter per file, such as "ABCDEFGHIJKLMN"
 */
void
cp_board_set_file_names (CpBoard *self, const char *letters)
{
  g_return_if_fail (CP_IS_BOARD (self));
  g_return_if_fail (letters != NULL && strlen (letters) == self->width);

  memcpy (self->files, letters, self->width);
}

guint
cp_board_get_width (CpBoard *self)
{
  return self->width;
}

guint
cp_board_get_height (CpBoard *self)
{
  return self->height;
}

/* The number of cells that exist (holes not counted). */
guint
cp_board_get_n_cells (CpBoard *self)
{
  return self->n_cells;
}

gboolean
cp_board_has_cell (CpBoard *self, guint cell)
{
  return cell < (guint) self->width * self->height && cp_cell_set_contains (&self->cells, cell);
}

/* The cell at (x, y), or CP_NO_CELL off the board or in a hole. */
guint
cp_board_cell_at (CpBoard *self, int x, int y)
{
  return exists (self, x, y) ? (guint) (y * self->width + x) : CP_NO_CELL;
}

guint
cp_board_cell_x (CpBoard *self, guint cell)
{
  return cell % self->width;
}

guint
cp_board_cell_y (CpBoard *self, guint cell)
{
  return cell / self->width;
}

/* One step from @cell, respecting holes, barriers and blocked vertices. */
guint
cp_board_step (CpBoard *self, guint cell, CpDir dir)
{
  return self->neighbours[cell * CP_N_DIRS + dir];
}

/* A leap by (dx, dy) that ignores barriers: only the target must exist. */
guint
cp_board_leap (CpBoard *self, guint cell, int dx, int dy)
{
  return cp_board_cell_at (self, (int) (cell % self->width) + dx, (int) (cell / self->width) + dy);
}

gboolean
cp_board_edge_blocked (CpBoard *self, guint cell, CpDir dir)
{
  return !CP_DIR_IS_DIAGONAL (dir) && ((self->edge_blocked[cell] >> dir) & 1);
}

gboolean
cp_board_vertex_blocked (CpBoard *self, guint x, guint y)
{
  return x < self->width && y < self->height
         && cp_cell_set_contains (&self->vertex_blocked, y * self->width + x);
}

const guint8 *
cp_board_knight_targets (CpBoard *self, guint cell, guint *n_targets)
{
  *n_targets = self->n_knight[cell];
  return self->knight[cell];
}

const CpCellSet *
cp_board_get_zone (CpBoard *self, const char *name)
{
  return g_hash_table_lookup (self->zones, name);
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The names of the zones, in alphabetical order. */
GStrv
cp_board_list_zones (CpBoard *self)
{
  g_autofree const char **keys = (const char **) g_hash_table_get_keys_as_array (self->zones, NULL);
  GStrv names = g_strdupv ((char **) keys);

  qsort (names, g_strv_length (names), sizeof (char *), compare_names);
  return names;
}

guint
cp_board_get_n_forward (CpBoard *self, guint seat)
{
  return self->n_forward[seat];
}

CpDir
cp_board_get_forward (CpBoard *self, guint seat, guint index)
{
  return self->forward[seat][index];
}

/* The name of a cell: its file letter and rank number, such as "e4". */
char *
cp_board_cell_name (CpBoard *self, guint cell)
{
  return g_strdup_printf ("%c%u", self->files[cell % self->width], cell / self->width + 1);
}

/* Reads a cell name at the start of @text.  Returns the number of
 * characters read, or 0 when @text does not start with a cell name. */
guint
cp_board_parse_cell_prefix (CpBoard *self, const char *text, guint *cell)
{
  const char *f;
  guint rank = 0, n = 1;

  if (text[0] == '\0' || !(f = strchr (self->files, text[0])) || text[1] == '0')
    return 0;
  while (g_ascii_isdigit (text[n]) && n < 4)
    rank = rank * 10 + (guint) (text[n++] - '0');
  if (n == 1 || rank == 0 || rank > self->height)
    return 0;
  *cell = (rank - 1) * self->width + (guint) (f - self->files);
  return n;
}

/**
 * cp_board_parse_cell:
 *
 * Reads a whole cell name such as "e4".  A name of a hole is an error.
 */
gboolean
cp_board_parse_cell (CpBoard *self, const char *text, guint *cell, GError **error)
{
  guint n = cp_board_parse_cell_prefix (self, text, cell);

  if (n == 0 || text[n] != '\0')
    {
      g_autofree char *quoted = cp_error_quote (text);

      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                   _("“%s” is not the name of a cell"), quoted);
      return FALSE;
    }
  if (!cp_board_has_cell (self, *cell))
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                   _("There is no cell %s on this board"), text);
      return FALSE;
    }
  return TRUE;
}

const guint8 *
cp_board_get_neighbours (CpBoard *self)
{
  return self->neighbours;
}
