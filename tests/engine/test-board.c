/* test-board.c: board geometry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-board.h"
#include "cp-error.h"
#include "cp-games.h"

static guint
cell (CpBoard *board, const char *name)
{
  g_autoptr (GError) error = NULL;
  guint c = CP_NO_CELL;

  if (!cp_board_parse_cell (board, name, &c, &error))
    g_error ("%s: %s", name, error->message);
  return c;
}

static guint
count_neighbours (CpBoard *board, guint c)
{
  guint n = 0;

  for (guint d = 0; d < CP_N_DIRS; d++)
    n += cp_board_step (board, c, (CpDir) d) != CP_NO_CELL;
  return n;
}

static gboolean
knight_reaches (CpBoard *board, guint from, guint to)
{
  guint n;
  const guint8 *targets = cp_board_knight_targets (board, from, &n);

  return memchr (targets, (int) to, n) != NULL;
}

/* The plain 8 x 8 board. */

static void
test_plain_cells (void)
{
  g_autoptr (CpBoard) board = cp_board_new (8, 8);
  g_autoptr (GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_cmpuint (cp_board_get_width (board), ==, 8);
  g_assert_cmpuint (cp_board_get_height (board), ==, 8);
  g_assert_cmpuint (cp_board_get_n_cells (board), ==, 64);

  for (guint c = 0; c < 64; c++)
    {
      g_autofree char *name = cp_board_cell_name (board, c);
      char expected[3] = { (char) ('a' + c % 8), (char) ('1' + c / 8), '\0' };
      guint back = CP_NO_CELL;

      g_assert_true (cp_board_has_cell (board, c));
      g_assert_cmpstr (name, ==, expected);
      g_assert_true (cp_board_parse_cell (board, name, &back, NULL));
      g_assert_cmpuint (back, ==, c);
      g_assert_cmpuint (cp_board_cell_x (board, c), ==, c % 8);
      g_assert_cmpuint (cp_board_cell_y (board, c), ==, c / 8);
      g_assert_cmpuint (cp_board_cell_at (board, (int) (c % 8), (int) (c / 8)), ==, c);
      g_assert_true (g_hash_table_add (names, g_steal_pointer (&name)));
    }
  g_assert_cmpuint (g_hash_table_size (names), ==, 64);
  g_assert_false (cp_board_has_cell (board, 64));
  g_assert_cmpuint (cell (board, "e4"), ==, 3 * 8 + 4);
  g_assert_cmpuint (cp_board_cell_at (board, -1, 0), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_cell_at (board, 8, 0), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_cell_at (board, 0, 8), ==, CP_NO_CELL);
}

static void
test_plain_bad_names (void)
{
  g_autoptr (CpBoard) board = cp_board_new (8, 8);
  const char *bad[] = { "", "e", "e0", "e9", "e10", "i4", "4e", "e4x", "e 4", " e4",
                        "a01", "E4", "e-1", "e4e5" };
  guint prefix_cell = CP_NO_CELL;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      guint c = 99;

      g_test_message ("cell '%s'", bad[i]);
      g_assert_false (cp_board_parse_cell (board, bad[i], &c, &error));
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
    }

  /* A prefix reads as much as a cell name takes. */
  g_assert_cmpuint (cp_board_parse_cell_prefix (board, "e4e5", &prefix_cell), ==, 2);
  g_assert_cmpuint (prefix_cell, ==, cell (board, "e4"));
  g_assert_cmpuint (cp_board_parse_cell_prefix (board, "h8=Q", &prefix_cell), ==, 2);
  g_assert_cmpuint (prefix_cell, ==, 63);
  g_assert_cmpuint (cp_board_parse_cell_prefix (board, "x4", &prefix_cell), ==, 0);
}

static void
test_plain_neighbours (void)
{
  g_autoptr (CpBoard) board = cp_board_new (8, 8);
  const guint8 *table = cp_board_get_neighbours (board);
  guint total = 0;

  for (guint c = 0; c < 64; c++)
    {
      guint x = c % 8, y = c / 8;
      gboolean edge_x = x == 0 || x == 7, edge_y = y == 0 || y == 7;
      guint expected = edge_x && edge_y ? 3 : edge_x || edge_y ? 5 : 8;

      g_assert_cmpuint (count_neighbours (board, c), ==, expected);
      for (guint d = 0; d < CP_N_DIRS; d++)
        {
          guint to = cp_board_step (board, c, (CpDir) d);

          g_assert_cmpuint (table[c * CP_N_DIRS + d], ==, to);
          /* Every step can be taken back. */
          if (to != CP_NO_CELL)
            g_assert_cmpuint (cp_board_step (board, to, CP_DIR_OPPOSITE (d)), ==, c);
        }
      total += count_neighbours (board, c);
    }
  /* 2 * (112 orthogonal + 98 diagonal adjacencies). */
  g_assert_cmpuint (total, ==, 420);

  g_assert_cmpuint (cp_board_step (board, cell (board, "a1"), CP_DIR_N), ==, cell (board, "a2"));
  g_assert_cmpuint (cp_board_step (board, cell (board, "a1"), CP_DIR_NE), ==, cell (board, "b2"));
  g_assert_cmpuint (cp_board_step (board, cell (board, "a1"), CP_DIR_E), ==, cell (board, "b1"));
  g_assert_cmpuint (cp_board_step (board, cell (board, "a1"), CP_DIR_W), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "a1"), CP_DIR_S), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "a1"), CP_DIR_SE), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "h8"), CP_DIR_SW), ==, cell (board, "g7"));
  g_assert_cmpuint (cp_board_step (board, cell (board, "h8"), CP_DIR_NE), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "h1"), CP_DIR_NW), ==, cell (board, "g2"));
  g_assert_cmpuint (cp_board_step (board, cell (board, "h1"), CP_DIR_E), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "e4"), CP_DIR_SE), ==, cell (board, "f3"));
}

static void
test_plain_knights (void)
{
  g_autoptr (CpBoard) board = cp_board_new (8, 8);
  guint n, total = 0;
  const guint8 *targets;

  targets = cp_board_knight_targets (board, cell (board, "a1"), &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_true (knight_reaches (board, cell (board, "a1"), cell (board, "b3")));
  g_assert_true (knight_reaches (board, cell (board, "a1"), cell (board, "c2")));
  g_assert_true (targets[0] != targets[1]);

  cp_board_knight_targets (board, cell (board, "d4"), &n);
  g_assert_cmpuint (n, ==, 8);
  cp_board_knight_targets (board, cell (board, "b1"), &n);
  g_assert_cmpuint (n, ==, 3);
  cp_board_knight_targets (board, cell (board, "g7"), &n);
  g_assert_cmpuint (n, ==, 4);
  g_assert_false (knight_reaches (board, cell (board, "d4"), cell (board, "d6")));

  for (guint c = 0; c < 64; c++)
    {
      cp_board_knight_targets (board, c, &n);
      total += n;
    }
  g_assert_cmpuint (total, ==, 336);

  g_assert_cmpuint (cp_board_leap (board, cell (board, "a1"), 1, 2), ==, cell (board, "b3"));
  g_assert_cmpuint (cp_board_leap (board, cell (board, "a1"), -1, 2), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_leap (board, cell (board, "h8"), 0, 1), ==, CP_NO_CELL);
}

static void
test_plain_forward (void)
{
  g_autoptr (CpBoard) board = cp_board_new (8, 8);

  g_assert_cmpuint (cp_board_get_n_forward (board, 0), ==, 1);
  g_assert_cmpint (cp_board_get_forward (board, 0, 0), ==, CP_DIR_N);
  g_assert_cmpuint (cp_board_get_n_forward (board, 1), ==, 1);
  g_assert_cmpint (cp_board_get_forward (board, 1, 0), ==, CP_DIR_S);
}

/* Chivalry's board of 176 cells, as the game builds it. */

/* The files present on each rank, from chivalry-board.md. */
static const char *const chivalry_ranks[16] = {
  "GH", "DK", "CL", "BM", "AN", "AN", "AN", "AN",
  "AN", "AN", "AN", "AN", "BM", "CL", "DK", "GH",
};

static void
test_chivalry_cells (void)
{
  g_autoptr (CpBoard) board = cp_chivalry_board ();
  guint counted = 0;

  g_assert_cmpuint (cp_board_get_width (board), ==, 14);
  g_assert_cmpuint (cp_board_get_height (board), ==, 16);
  g_assert_cmpuint (cp_board_get_n_cells (board), ==, 176);

  for (guint y = 0; y < 16; y++)
    for (guint x = 0; x < 14; x++)
      {
        char file = (char) ('A' + x);
        gboolean present = file >= chivalry_ranks[y][0] && file <= chivalry_ranks[y][1];
        g_autofree char *name = g_strdup_printf ("%c%u", file, y + 1);
        guint c = y * 14 + x, parsed = CP_NO_CELL;
        g_autoptr (GError) error = NULL;

        g_assert_cmpint (cp_board_has_cell (board, c), ==, present);
        g_assert_cmpint (cp_board_parse_cell (board, name, &parsed, &error), ==, present);
        if (present)
          {
            g_autofree char *back = cp_board_cell_name (board, c);

            g_assert_no_error (error);
            g_assert_cmpuint (parsed, ==, c);
            g_assert_cmpstr (back, ==, name);
            counted++;
          }
        else
          {
            g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
            g_assert_cmpuint (cp_board_cell_at (board, (int) x, (int) y), ==, CP_NO_CELL);
          }
      }
  g_assert_cmpuint (counted, ==, 176);

  g_assert_true (cp_board_has_cell (board, cell (board, "G1")));
  g_assert_true (cp_board_has_cell (board, cell (board, "H16")));
  g_assert_cmpuint (cell (board, "F7"), ==, 6 * 14 + 5);
  g_assert_cmpuint (cell (board, "N12"), ==, 11 * 14 + 13);
  g_assert_false (cp_board_parse_cell (board, "A1", &(guint) { 0 }, NULL));
  g_assert_false (cp_board_parse_cell (board, "A4", &(guint) { 0 }, NULL));
  g_assert_false (cp_board_parse_cell (board, "N13", &(guint) { 0 }, NULL));
  g_assert_false (cp_board_parse_cell (board, "O5", &(guint) { 0 }, NULL));
  g_assert_false (cp_board_parse_cell (board, "A17", &(guint) { 0 }, NULL));
  g_assert_false (cp_board_parse_cell (board, "a5", &(guint) { 0 }, NULL));
  g_assert_true (cp_board_parse_cell (board, "A5", &(guint) { 0 }, NULL));
}

static void
test_chivalry_steps (void)
{
  g_autoptr (CpBoard) board = cp_chivalry_board ();
  guint n;

  /* Steps into holes or off the board lead nowhere. */
  g_assert_cmpuint (cp_board_step (board, cell (board, "G1"), CP_DIR_W), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "G1"), CP_DIR_NW), ==, cell (board, "F2"));
  g_assert_cmpuint (cp_board_step (board, cell (board, "G1"), CP_DIR_N), ==, cell (board, "G2"));
  g_assert_cmpuint (cp_board_step (board, cell (board, "H1"), CP_DIR_E), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "A5"), CP_DIR_S), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "A5"), CP_DIR_SE), ==, cell (board, "B4"));
  g_assert_cmpuint (cp_board_step (board, cell (board, "N12"), CP_DIR_N), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "N12"), CP_DIR_NW), ==, cell (board, "M13"));
  g_assert_cmpuint (cp_board_step (board, cell (board, "D2"), CP_DIR_W), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "D2"), CP_DIR_SE), ==, CP_NO_CELL);
  g_assert_cmpuint (count_neighbours (board, cell (board, "G1")), ==, 4);
  g_assert_cmpuint (count_neighbours (board, cell (board, "G8")), ==, 8);
  g_assert_cmpuint (count_neighbours (board, cell (board, "D2")), ==, 4);

  /* Leaps land only on cells that exist. */
  g_assert_cmpuint (cp_board_leap (board, cell (board, "G2"), 0, -2), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_leap (board, cell (board, "G3"), 0, -2), ==, cell (board, "G1"));
  cp_board_knight_targets (board, cell (board, "G1"), &n);
  g_assert_cmpuint (n, ==, 4);
  g_assert_true (knight_reaches (board, cell (board, "G1"), cell (board, "E2")));
  /* From D2, B1, B3 and F1 are holes. */
  cp_board_knight_targets (board, cell (board, "D2"), &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_true (knight_reaches (board, cell (board, "D2"), cell (board, "C4")));
  g_assert_false (knight_reaches (board, cell (board, "D2"), 0 * 14 + 1));
}

static void
test_chivalry_castles (void)
{
  g_autoptr (CpBoard) board = cp_chivalry_board ();
  g_auto (GStrv) zones = cp_board_list_zones (board);
  const CpCellSet *white = cp_board_get_zone (board, "white-castle");
  const CpCellSet *black = cp_board_get_zone (board, "black-castle");

  g_assert_cmpuint (g_strv_length (zones), ==, 2);
  g_assert_cmpstr (zones[0], ==, "black-castle");
  g_assert_cmpstr (zones[1], ==, "white-castle");
  g_assert_nonnull (white);
  g_assert_nonnull (black);
  g_assert_cmpuint (cp_cell_set_count (white), ==, 2);
  g_assert_cmpuint (cp_cell_set_count (black), ==, 2);
  g_assert_true (cp_cell_set_contains (white, cell (board, "G1")));
  g_assert_true (cp_cell_set_contains (white, cell (board, "H1")));
  g_assert_false (cp_cell_set_contains (white, cell (board, "G16")));
  g_assert_true (cp_cell_set_contains (black, cell (board, "G16")));
  g_assert_true (cp_cell_set_contains (black, cell (board, "H16")));
  g_assert_false (cp_cell_set_contains (black, cell (board, "H1")));
  g_assert_null (cp_board_get_zone (board, "castle"));
}

static void
test_bad_layouts (void)
{
  const char *bad[] = {
    "",
    "\n\n",
    "...\n..\n",
    "..o\n...\n",
    ".................\n",  /* 17 files */
    "................\n................\n................\n................\n"
    "................\n................\n................\n................\n"
    "................\n................\n................\n................\n"
    "................\n................\n................\n................\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CpBoard) board = cp_board_new_from_layout (bad[i], &error);

      g_test_message ("layout %u", i);
      g_assert_null (board);
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
    }
}

/* The three-player board: blocked corners and a barrier. */

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
  cp_board_set_forward (board, 0, CP_DIR_S, -1);  /* White, at the top */
  cp_board_set_forward (board, 1, CP_DIR_N, -1);
  cp_board_set_forward (board, 2, CP_DIR_N, -1);
  return board;
}

static void
test_three_player_holes (void)
{
  g_autoptr (CpBoard) board = three_player_board ();
  const char *holes[] = { "a7", "a8", "h7", "h8" };
  guint n;

  g_assert_cmpuint (cp_board_get_n_cells (board), ==, 60);
  for (guint i = 0; i < G_N_ELEMENTS (holes); i++)
    {
      g_autoptr (GError) error = NULL;
      guint c;

      g_assert_false (cp_board_parse_cell (board, holes[i], &c, &error));
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
      g_assert_false (cp_board_has_cell (board, c));
    }
  g_assert_true (cp_board_has_cell (board, cell (board, "b8")));
  g_assert_true (cp_board_has_cell (board, cell (board, "a6")));
  g_assert_cmpuint (cp_board_step (board, cell (board, "a6"), CP_DIR_N), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "b8"), CP_DIR_W), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "b7"), CP_DIR_NW), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "g6"), CP_DIR_NE), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, cell (board, "g6"), CP_DIR_N), ==, cell (board, "g7"));

  /* A knight on b6 has five targets: a8 is a hole. */
  cp_board_knight_targets (board, cell (board, "b6"), &n);
  g_assert_cmpuint (n, ==, 5);
  g_assert_false (knight_reaches (board, cell (board, "b6"), 7 * 8));
  g_assert_true (knight_reaches (board, cell (board, "b6"), cell (board, "c8")));
}

static void
test_three_player_barrier (void)
{
  g_autoptr (CpBoard) board = three_player_board ();
  guint d1 = cell (board, "d1"), e1 = cell (board, "e1");
  guint d2 = cell (board, "d2"), e2 = cell (board, "e2");
  guint n;

  g_assert_true (cp_board_edge_blocked (board, d1, CP_DIR_E));
  g_assert_true (cp_board_edge_blocked (board, e1, CP_DIR_W));
  g_assert_false (cp_board_edge_blocked (board, d1, CP_DIR_N));
  g_assert_false (cp_board_edge_blocked (board, d2, CP_DIR_E));
  g_assert_false (cp_board_edge_blocked (board, d1, CP_DIR_NE));

  /* No orthogonal step across it, either way. */
  g_assert_cmpuint (cp_board_step (board, d1, CP_DIR_E), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, e1, CP_DIR_W), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_get_neighbours (board)[d1 * CP_N_DIRS + CP_DIR_E], ==, CP_NO_CELL);

  /* Diagonal steps past its end are allowed. */
  g_assert_cmpuint (cp_board_step (board, d2, CP_DIR_SE), ==, e1);
  g_assert_cmpuint (cp_board_step (board, e1, CP_DIR_NW), ==, d2);
  g_assert_cmpuint (cp_board_step (board, d1, CP_DIR_NE), ==, e2);
  g_assert_cmpuint (cp_board_step (board, e2, CP_DIR_SW), ==, d1);

  /* The barrier is on rank 1 only. */
  g_assert_cmpuint (cp_board_step (board, d2, CP_DIR_E), ==, e2);
  g_assert_cmpuint (cp_board_step (board, e2, CP_DIR_W), ==, d2);
  g_assert_cmpuint (cp_board_step (board, d1, CP_DIR_N), ==, d2);
  g_assert_cmpuint (cp_board_step (board, e1, CP_DIR_N), ==, e2);
  g_assert_cmpuint (cp_board_step (board, cell (board, "c1"), CP_DIR_E), ==, d1);
  g_assert_cmpuint (cp_board_step (board, e1, CP_DIR_E), ==, cell (board, "f1"));

  /* Knights and leaps ignore it. */
  g_assert_true (knight_reaches (board, cell (board, "c2"), e1));
  g_assert_true (knight_reaches (board, cell (board, "d3"), e1));
  g_assert_true (knight_reaches (board, cell (board, "f2"), d1));
  cp_board_knight_targets (board, cell (board, "c2"), &n);
  g_assert_cmpuint (n, ==, 6);
  cp_board_knight_targets (board, cell (board, "d3"), &n);
  g_assert_cmpuint (n, ==, 8);
  g_assert_cmpuint (cp_board_leap (board, d1, 1, 0), ==, e1);
}

static void
test_three_player_forward (void)
{
  g_autoptr (CpBoard) board = three_player_board ();

  g_assert_cmpuint (cp_board_get_n_forward (board, 0), ==, 1);
  g_assert_cmpint (cp_board_get_forward (board, 0, 0), ==, CP_DIR_S);
  g_assert_cmpint (cp_board_get_forward (board, 1, 0), ==, CP_DIR_N);
  g_assert_cmpint (cp_board_get_forward (board, 2, 0), ==, CP_DIR_N);
  g_assert_cmpuint (cp_board_get_n_forward (board, 2), ==, 1);
}

/* The four-player free-for-all board: the blocked centre vertex. */

static CpBoard *
four_player_board (void)
{
  CpBoard *board = cp_board_new (8, 8);

  cp_board_block_vertex (board, 3, 3);  /* shared by d4, e4, d5 and e5 */
  cp_board_set_forward (board, 0, CP_DIR_S, CP_DIR_E);  /* White, a8 */
  cp_board_set_forward (board, 1, CP_DIR_S, CP_DIR_W);  /* Black, h8 */
  cp_board_set_forward (board, 2, CP_DIR_N, CP_DIR_W);  /* Red, h1 */
  cp_board_set_forward (board, 3, CP_DIR_N, CP_DIR_E);  /* Brown, a1 */
  return board;
}

static void
test_four_player_vertex (void)
{
  g_autoptr (CpBoard) board = four_player_board ();
  guint d4 = cell (board, "d4"), e4 = cell (board, "e4");
  guint d5 = cell (board, "d5"), e5 = cell (board, "e5");
  guint n;

  g_assert_cmpuint (cp_board_get_n_cells (board), ==, 64);
  g_assert_true (cp_board_vertex_blocked (board, 3, 3));
  g_assert_false (cp_board_vertex_blocked (board, 3, 4));
  g_assert_false (cp_board_vertex_blocked (board, 4, 3));
  g_assert_false (cp_board_vertex_blocked (board, 2, 2));

  /* The four diagonal steps through the centre are blocked. */
  g_assert_cmpuint (cp_board_step (board, d4, CP_DIR_NE), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, e5, CP_DIR_SW), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, e4, CP_DIR_NW), ==, CP_NO_CELL);
  g_assert_cmpuint (cp_board_step (board, d5, CP_DIR_SE), ==, CP_NO_CELL);

  /* Orthogonal steps between them are not. */
  g_assert_cmpuint (cp_board_step (board, d4, CP_DIR_E), ==, e4);
  g_assert_cmpuint (cp_board_step (board, d4, CP_DIR_N), ==, d5);
  g_assert_cmpuint (cp_board_step (board, e5, CP_DIR_W), ==, d5);
  g_assert_cmpuint (cp_board_step (board, e5, CP_DIR_S), ==, e4);

  /* Other diagonals from the same cells are open. */
  g_assert_cmpuint (cp_board_step (board, d4, CP_DIR_NW), ==, cell (board, "c5"));
  g_assert_cmpuint (cp_board_step (board, d4, CP_DIR_SE), ==, cell (board, "e3"));
  g_assert_cmpuint (cp_board_step (board, d4, CP_DIR_SW), ==, cell (board, "c3"));
  g_assert_cmpuint (cp_board_step (board, e5, CP_DIR_NE), ==, cell (board, "f6"));
  g_assert_cmpuint (cp_board_step (board, cell (board, "c3"), CP_DIR_NE), ==, d4);
  g_assert_cmpuint (count_neighbours (board, d4), ==, 7);
  g_assert_cmpuint (count_neighbours (board, cell (board, "c4")), ==, 8);

  /* Knights leap as ever. */
  cp_board_knight_targets (board, d4, &n);
  g_assert_cmpuint (n, ==, 8);
  g_assert_true (knight_reaches (board, d4, cell (board, "e6")));
  g_assert_true (knight_reaches (board, d4, cell (board, "f5")));
  g_assert_true (knight_reaches (board, e4, cell (board, "d6")));
}

static void
test_four_player_forward (void)
{
  g_autoptr (CpBoard) board = four_player_board ();

  for (guint seat = 0; seat < 4; seat++)
    g_assert_cmpuint (cp_board_get_n_forward (board, seat), ==, 2);
  g_assert_cmpint (cp_board_get_forward (board, 3, 0), ==, CP_DIR_N);
  g_assert_cmpint (cp_board_get_forward (board, 3, 1), ==, CP_DIR_E);
  g_assert_cmpint (cp_board_get_forward (board, 0, 0), ==, CP_DIR_S);
  g_assert_cmpint (cp_board_get_forward (board, 0, 1), ==, CP_DIR_E);
  g_assert_cmpint (cp_board_get_forward (board, 1, 1), ==, CP_DIR_W);

  /* Setting one direction again drops the second. */
  cp_board_set_forward (board, 3, CP_DIR_E, -1);
  g_assert_cmpuint (cp_board_get_n_forward (board, 3), ==, 1);
  g_assert_cmpint (cp_board_get_forward (board, 3, 0), ==, CP_DIR_E);
}

static void
test_zones (void)
{
  g_autoptr (CpBoard) board = cp_board_new (8, 8);
  g_auto (GStrv) none = cp_board_list_zones (board);
  g_auto (GStrv) zones = NULL;
  CpCellSet north = { 0 }, south = { 0 }, centre = { 0 };

  g_assert_cmpuint (g_strv_length (none), ==, 0);
  for (guint c = 0; c < 32; c++)
    cp_cell_set_add (&south, c);
  for (guint c = 32; c < 64; c++)
    cp_cell_set_add (&north, c);
  cp_cell_set_add (&centre, cell (board, "d4"));
  cp_cell_set_add (&centre, cell (board, "e5"));

  cp_board_add_zone (board, "territory-south", &south);
  cp_board_add_zone (board, "equator-north", &north);
  cp_board_add_zone (board, "centre", &south);
  cp_board_add_zone (board, "zz-last", &north);
  cp_board_add_zone (board, "a-first", &north);
  cp_board_add_zone (board, "centre", &centre);  /* replaces */

  zones = cp_board_list_zones (board);
  g_assert_cmpuint (g_strv_length (zones), ==, 5);
  g_assert_cmpstr (zones[0], ==, "a-first");
  g_assert_cmpstr (zones[1], ==, "centre");
  g_assert_cmpstr (zones[2], ==, "equator-north");
  g_assert_cmpstr (zones[3], ==, "territory-south");
  g_assert_cmpstr (zones[4], ==, "zz-last");

  g_assert_cmpuint (cp_cell_set_count (cp_board_get_zone (board, "territory-south")), ==, 32);
  g_assert_true (cp_cell_set_contains (cp_board_get_zone (board, "territory-south"), cell (board, "h4")));
  g_assert_false (cp_cell_set_contains (cp_board_get_zone (board, "territory-south"), cell (board, "a5")));
  g_assert_cmpuint (cp_cell_set_count (cp_board_get_zone (board, "centre")), ==, 2);
  g_assert_true (cp_cell_set_contains (cp_board_get_zone (board, "centre"), cell (board, "e5")));
  g_assert_false (cp_cell_set_contains (cp_board_get_zone (board, "centre"), cell (board, "e4")));
  g_assert_null (cp_board_get_zone (board, "equator"));

  /* The board keeps its own copy. */
  cp_cell_set_add (&centre, cell (board, "a1"));
  g_assert_cmpuint (cp_cell_set_count (cp_board_get_zone (board, "centre")), ==, 2);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/board/plain/cells", test_plain_cells);
  g_test_add_func ("/board/plain/bad-names", test_plain_bad_names);
  g_test_add_func ("/board/plain/neighbours", test_plain_neighbours);
  g_test_add_func ("/board/plain/knights", test_plain_knights);
  g_test_add_func ("/board/plain/forward", test_plain_forward);
  g_test_add_func ("/board/chivalry/cells", test_chivalry_cells);
  g_test_add_func ("/board/chivalry/steps", test_chivalry_steps);
  g_test_add_func ("/board/chivalry/castles", test_chivalry_castles);
  g_test_add_func ("/board/bad-layouts", test_bad_layouts);
  g_test_add_func ("/board/three-player/holes", test_three_player_holes);
  g_test_add_func ("/board/three-player/barrier", test_three_player_barrier);
  g_test_add_func ("/board/three-player/forward", test_three_player_forward);
  g_test_add_func ("/board/four-player/vertex", test_four_player_vertex);
  g_test_add_func ("/board/four-player/forward", test_four_player_forward);
  g_test_add_func ("/board/zones", test_zones);

  return g_test_run ();
}
