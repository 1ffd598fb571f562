/* test-chivalry.c: the rules of Chivalry
 *
 * Positions are written as lists of cells, a man as "E5" and a knight as
 * "nE5".  Move generation is checked against a second, deliberately naive
 * generator written here from the rules (a grid of characters, moves as
 * text), in perft counts and in the moves of many random positions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-test-util.h"
#include "cp-games.h"
#include "cp-record.h"

#define WIDTH 14
#define HEIGHT 16

static const CpRules *
rules (void)
{
  const CpRules *r = cp_rules_lookup ("chivalry");

  g_assert_nonnull (r);
  return r;
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

static void
put_list (CpState *state, const char *list, guint seat)
{
  g_auto (GStrv) names = g_strsplit (list, " ", -1);

  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = names[i];
      CpPiece *piece;

      if (name[0] == '\0')
        continue;
      piece = &state->cells[cell (state->board, name[0] == 'n' ? name + 1 : name)];
      memset (piece, 0, sizeof *piece);
      piece->kind = name[0] == 'n' ? CP_PIECE_CHIVALRY_KNIGHT : CP_PIECE_MAN;
      piece->seat = (guint8) seat;
    }
}

static void
refresh (CpState *state)
{
  state->rules->outcome (state, &state->outcome);
}

/* A position with White's pieces @white and Black's @black. */
static CpState *
position (const char *white, const char *black, guint to_move)
{
  CpState *state = cp_test_new_state ("chivalry", 2, NULL);

  memset (state->cells, 0, sizeof state->cells);
  put_list (state, white, 0);
  put_list (state, black, 1);
  state->to_move = (guint8) to_move;
  refresh (state);
  return state;
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static char *
join_moves (const CpState *state, const CpActionList *legal)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < legal->len; i++)
    g_ptr_array_add (names, cp_state_format (state, &legal->items[i], CP_NOTATION_SAN));
  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* The legal moves of the player to move, in notation, sorted and joined
 * by spaces; none once the game is over. */
static char *
legal_text (const CpState *state)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (state, state->to_move, &legal);
  return join_moves (state, &legal);
}

/* The moves the rules generate for the player to move, even where the
 * game is over. */
static char *
generated_text (const CpState *state)
{
  g_auto (CpActionList) legal = { 0 };

  state->rules->legal (state, state->to_move, &legal);
  return join_moves (state, &legal);
}

/* The legal moves that start on @from. */
static char *
moves_from (const CpState *state, const char *from)
{
  g_auto (GStrv) all = NULL;
  g_autofree char *text = legal_text (state);
  g_autoptr (GPtrArray) kept = g_ptr_array_new ();
  g_autofree char *prefix = g_strdup (from);

  all = g_strsplit (text, " ", -1);
  for (guint i = 0; all[i] != NULL; i++)
    {
      gsize n = strlen (prefix);

      if (strncmp (all[i], prefix, n) == 0 && (all[i][n] == '-' || all[i][n] == 'x'))
        g_ptr_array_add (kept, all[i]);
    }
  g_ptr_array_add (kept, NULL);
  return g_strjoinv (" ", (char **) kept->pdata);
}

static gboolean
is_legal (const CpState *state, const char *move)
{
  CpAction action;

  return cp_state_parse (state, move, &action, NULL) && cp_state_check (state, &action, NULL);
}

/* Whether @move is one of the moves of @list (as legal_text() gives it). */
static gboolean
has_move (const char *list, const char *move)
{
  g_auto (GStrv) moves = g_strsplit (list, " ", -1);

  return g_strv_contains ((const char *const *) moves, move);
}

static guint
count_pieces (const CpState *state, guint seat)
{
  guint n = 0;

  for (guint c = 0; c < CP_MAX_CELLS; c++)
    n += state->cells[c].kind != CP_PIECE_NONE && state->cells[c].seat == seat;
  return n;
}

static gboolean
empty_at (const CpState *state, const char *name)
{
  return state->cells[cell (state->board, name)].kind == CP_PIECE_NONE;
}

/* The independent generator. */

typedef struct {
  char sq[HEIGHT][WIDTH];  /* ' ' no cell, '.' empty, 'M' 'K' White, 'm' 'k' Black */
  int to_move;
} Grid;

typedef struct {
  char *text;
  gboolean capture;     /* it takes a piece */
  gboolean direct_jump; /* it begins with a jump */
  int fx, fy, tx, ty;
} BfMove;

static const int bf_dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int bf_dy[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };

/* Files present on each rank, from the description of the board. */
static const char *const rank_files[HEIGHT] = {
  "GH", "DK", "CL", "BM", "AN", "AN", "AN", "AN",
  "AN", "AN", "AN", "AN", "BM", "CL", "DK", "GH",
};

static void
bf_move_free (gpointer data)
{
  BfMove *m = data;

  if (m != NULL)
    g_free (m->text);
  g_free (m);
}

static gboolean
bf_on_board (int x, int y)
{
  return y >= 0 && y < HEIGHT && x >= 0 && x < WIDTH
         && 'A' + x >= rank_files[y][0] && 'A' + x <= rank_files[y][1];
}

static int
bf_owner (char c)
{
  return c == 'M' || c == 'K' ? 0 : c == 'm' || c == 'k' ? 1 : -1;
}

static gboolean
bf_castle (int seat, int x, int y)
{
  return y == (seat == 0 ? 0 : HEIGHT - 1) && (x == 6 || x == 7);
}

static void
bf_name (GString *out, int x, int y)
{
  g_string_append_printf (out, "%c%d", 'A' + x, y + 1);
}

static void
bf_add (GPtrArray *out, const GString *path, gboolean capture, gboolean direct,
        int fx, int fy, int tx, int ty)
{
  BfMove *m = g_new0 (BfMove, 1);

  *m = (BfMove) { g_strdup (path->str), capture, direct, fx, fy, tx, ty };
  g_ptr_array_add (out, m);
}

typedef struct {
  Grid *g;
  int seat;
  gboolean knight;
  int fx, fy;
  gboolean visited[HEIGHT][WIDTH];
  gboolean direct;
  GPtrArray *out;
} BfSearch;

/* Whether a jump, hopping over an enemy onto an empty cell not yet
 * visited, is possible from (x, y). */
static gboolean
bf_jump_possible (BfSearch *s, int x, int y)
{
  if (bf_castle (1 - s->seat, x, y))
    return FALSE;
  for (int d = 0; d < 8; d++)
    {
      int mx = x + bf_dx[d], my = y + bf_dy[d], tx = x + 2 * bf_dx[d], ty = y + 2 * bf_dy[d];

      if (bf_on_board (tx, ty) && bf_owner (s->g->sq[my][mx]) == 1 - s->seat
          && s->g->sq[ty][tx] == '.' && !s->visited[ty][tx])
        return TRUE;
    }
  return FALSE;
}

/* phase: 0 before the first hop, 1 cantering, 2 jumping. */
static void
bf_hop (BfSearch *s, int x, int y, int phase, GString *path)
{
  if (bf_castle (1 - s->seat, x, y))
    return;
  for (int d = 0; d < 8; d++)
    {
      int mx = x + bf_dx[d], my = y + bf_dy[d], tx = x + 2 * bf_dx[d], ty = y + 2 * bf_dy[d];
      gsize len = path->len;
      int owner;
      char taken;

      if (!bf_on_board (tx, ty) || s->g->sq[ty][tx] != '.' || s->visited[ty][tx])
        continue;
      owner = bf_owner (s->g->sq[my][mx]);
      if (owner < 0)
        continue;
      if (owner == s->seat)
        {
          if (phase == 2 || bf_castle (s->seat, tx, ty))
            continue;
          s->visited[ty][tx] = TRUE;
          g_string_append_c (path, '-');
          bf_name (path, tx, ty);
          bf_add (s->out, path, FALSE, FALSE, s->fx, s->fy, tx, ty);
          bf_hop (s, tx, ty, 1, path);
        }
      else
        {
          gboolean direct = s->direct;

          if (phase == 1 && !s->knight)
            continue;
          if (phase == 0)
            s->direct = TRUE;
          taken = s->g->sq[my][mx];
          s->g->sq[my][mx] = '.';
          s->visited[ty][tx] = TRUE;
          g_string_append_c (path, 'x');
          bf_name (path, tx, ty);
          if (!bf_jump_possible (s, tx, ty))
            bf_add (s->out, path, TRUE, s->direct, s->fx, s->fy, tx, ty);
          bf_hop (s, tx, ty, 2, path);
          s->g->sq[my][mx] = taken;
          s->direct = direct;
        }
      s->visited[ty][tx] = FALSE;
      g_string_truncate (path, len);
    }
}

/* Every move of the piece on (x, y), before the rules that look at the
 * whole position (forced capture, leaving one's own castle). */
static void
bf_piece (Grid *g, int x, int y, GPtrArray *out)
{
  BfSearch s = { .g = g, .fx = x, .fy = y, .out = out };
  g_autoptr (GString) path = g_string_new (NULL);
  char piece = g->sq[y][x];

  s.seat = bf_owner (piece);
  s.knight = piece == 'K' || piece == 'k';
  bf_name (path, x, y);
  for (int d = 0; d < 8; d++)
    {
      int tx = x + bf_dx[d], ty = y + bf_dy[d];
      gsize len = path->len;

      if (!bf_on_board (tx, ty) || g->sq[ty][tx] != '.' || bf_castle (s.seat, tx, ty))
        continue;
      if (bf_castle (1 - s.seat, x, y) && !bf_castle (1 - s.seat, tx, ty))
        continue;
      g_string_append_c (path, '-');
      bf_name (path, tx, ty);
      bf_add (out, path, FALSE, FALSE, x, y, tx, ty);
      g_string_truncate (path, len);
    }
  g->sq[y][x] = '.';
  s.visited[y][x] = TRUE;
  bf_hop (&s, x, y, 0, path);
  g->sq[y][x] = piece;
}

/* The legal moves of the player to move. */
static GPtrArray *
bf_legal (Grid *g)
{
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (bf_move_free);
  GPtrArray *out = g_ptr_array_new_with_free_func (bf_move_free);
  int seat = g->to_move;
  gboolean duty = FALSE, capture = FALSE, forced = FALSE;

  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      if (bf_owner (g->sq[y][x]) == seat)
        bf_piece (g, x, y, all);

  /* A piece in its own castle must leave it, capturing if it can. */
  for (guint i = 0; i < all->len; i++)
    {
      BfMove *m = all->pdata[i];

      if (bf_castle (seat, m->fx, m->fy) && !bf_castle (seat, m->tx, m->ty))
        {
          duty = TRUE;
          capture = capture || m->capture;
        }
      forced = forced || m->direct_jump;
    }
  for (guint i = 0; i < all->len; i++)
    {
      BfMove *m = all->pdata[i];
      gboolean keep;

      if (duty)
        keep = bf_castle (seat, m->fx, m->fy) && !bf_castle (seat, m->tx, m->ty)
               && (m->capture || !capture);
      else
        keep = m->capture || !forced;
      if (keep)
        {
          g_ptr_array_add (out, m);
          all->pdata[i] = NULL;
        }
    }
  return out;
}

static void
bf_apply (Grid *g, const char *text)
{
  int x = text[0] - 'A', y = atoi (text + 1) - 1;
  char piece = g->sq[y][x];
  const char *p = text + 1;

  g->sq[y][x] = '.';
  while ((p = strpbrk (p, "-x")) != NULL)
    {
      int nx = p[1] - 'A', ny = atoi (p + 2) - 1;

      if (*p == 'x')
        g->sq[(y + ny) / 2][(x + nx) / 2] = '.';
      x = nx;
      y = ny;
      p++;
    }
  g->sq[y][x] = piece;
  g->to_move = 1 - g->to_move;
}

static guint64
bf_perft (Grid *g, guint depth)
{
  g_autoptr (GPtrArray) moves = bf_legal (g);
  guint64 n = 0;

  if (depth == 1)
    return moves->len;
  for (guint i = 0; i < moves->len; i++)
    {
      Grid child = *g;

      bf_apply (&child, ((BfMove *) moves->pdata[i])->text);
      n += bf_perft (&child, depth - 1);
    }
  return n;
}

static char *
bf_legal_text (Grid *g)
{
  g_autoptr (GPtrArray) moves = bf_legal (g);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < moves->len; i++)
    g_ptr_array_add (names, ((BfMove *) moves->pdata[i])->text);
  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
grid_from_state (const CpState *state, Grid *g)
{
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        const CpPiece *p = &state->cells[y * WIDTH + x];

        if (!bf_on_board (x, y))
          g->sq[y][x] = ' ';
        else if (p->kind == CP_PIECE_NONE)
          g->sq[y][x] = '.';
        else
          g->sq[y][x] = (char) ((p->kind == CP_PIECE_CHIVALRY_KNIGHT ? 'K' : 'M') + (p->seat ? 32 : 0));
      }
  g->to_move = state->to_move;
}

/* Checks that both generators find the same moves in @state. */
static void
assert_same_moves (const CpState *state)
{
  Grid g;
  g_autofree char *mine = generated_text (state);
  g_autofree char *theirs = NULL;

  grid_from_state (state, &g);
  theirs = bf_legal_text (&g);
  if (g_strcmp0 (mine, theirs) != 0)
    {
      g_autoptr (GString) picture = g_string_new (NULL);

      for (int y = HEIGHT - 1; y >= 0; y--)
        g_string_append_printf (picture, "%2d %.*s\n", y + 1, WIDTH, g.sq[y]);
      g_test_message ("%s to move\n%s", state->to_move ? "Black" : "White", picture->str);
    }
  g_assert_cmpstr (mine, ==, theirs);
}

/* The start. */

static void
test_setup (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("chivalry", 2, NULL);
  g_autoptr (CpBoard) board = cp_chivalry_board ();
  const char *const knights[2] = { "C6 D6 K6 L6 C7 D7 K7 L7", "C10 D10 K10 L10 C11 D11 K11 L11" };
  const char *const men[2] = { "E6 F6 G6 H6 I6 J6 E7 F7 G7 H7 I7 J7",
                               "E10 F10 G10 H10 I10 J10 E11 F11 G11 H11 I11 J11" };
  const CpCellSet *castle;

  g_assert_cmpstr (rules ()->id, ==, "chivalry");
  g_assert_cmpuint (rules ()->min_seats, ==, 2);
  g_assert_cmpuint (rules ()->max_seats, ==, 2);
  g_assert_true (state->board == board);
  g_assert_cmpuint (cp_board_get_n_cells (board), ==, 176);
  g_assert_cmpuint (cp_board_get_width (board), ==, 14);
  g_assert_cmpuint (cp_board_get_height (board), ==, 16);

  castle = cp_board_get_zone (board, "white-castle");
  g_assert_nonnull (castle);
  g_assert_cmpuint (cp_cell_set_count (castle), ==, 2);
  g_assert_true (cp_cell_set_contains (castle, cell (board, "G1")));
  g_assert_true (cp_cell_set_contains (castle, cell (board, "H1")));
  castle = cp_board_get_zone (board, "black-castle");
  g_assert_nonnull (castle);
  g_assert_cmpuint (cp_cell_set_count (castle), ==, 2);
  g_assert_true (cp_cell_set_contains (castle, cell (board, "G16")));
  g_assert_true (cp_cell_set_contains (castle, cell (board, "H16")));

  for (guint seat = 0; seat < 2; seat++)
    {
      g_auto (GStrv) k = g_strsplit (knights[seat], " ", -1);
      g_auto (GStrv) m = g_strsplit (men[seat], " ", -1);

      g_assert_cmpuint (count_pieces (state, seat), ==, 20);
      for (guint i = 0; k[i] != NULL; i++)
        {
          const CpPiece *p = &state->cells[cell (board, k[i])];

          g_assert_cmpuint (p->kind, ==, CP_PIECE_CHIVALRY_KNIGHT);
          g_assert_cmpuint (p->seat, ==, seat);
        }
      for (guint i = 0; m[i] != NULL; i++)
        {
          const CpPiece *p = &state->cells[cell (board, m[i])];

          g_assert_cmpuint (p->kind, ==, CP_PIECE_MAN);
          g_assert_cmpuint (p->seat, ==, seat);
        }
      g_assert_cmpuint (g_strv_length (k), ==, 8);
      g_assert_cmpuint (g_strv_length (m), ==, 12);
    }
  g_assert_cmpuint (count_pieces (state, 0) + count_pieces (state, 1), ==, 40);

  /* White moves first; nothing has been decided. */
  g_assert_cmpuint (state->to_move, ==, 0);
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (0));
  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_PLAYING);
  assert_same_moves (state);
}

/* Plain moves. */

static void
test_plain_moves (void)
{
  g_autoptr (CpState) middle = position ("G8 A12", "M13 N12", 0);
  g_autoptr (CpState) edge = position ("A5 A12", "M13 N12", 0);
  g_autoptr (CpState) corner = position ("D2 A12", "M13 N12", 0);
  g_autofree char *from_middle = moves_from (middle, "G8");
  g_autofree char *from_edge = moves_from (edge, "A5");
  g_autofree char *from_corner = moves_from (corner, "D2");

  g_assert_cmpstr (from_middle, ==, "G8-F7 G8-F8 G8-F9 G8-G7 G8-G9 G8-H7 G8-H8 G8-H9");
  g_assert_cmpstr (from_edge, ==, "A5-A6 A5-B4 A5-B5 A5-B6");
  g_assert_cmpstr (from_corner, ==, "D2-C3 D2-D3 D2-E2 D2-E3");

  /* Onto an empty cell only, one step at a time, and never combined with
   * another step or a hop. */
  cp_test_play_state (middle, "G8-G9");
  g_assert_true (empty_at (middle, "G8"));
  g_assert_false (empty_at (middle, "G9"));
  g_assert_cmpuint (middle->to_move, ==, 1);
  g_assert_cmpuint (middle->ply, ==, 1);
  {
    g_autoptr (CpState) lone = position ("G8 A12", "M13 N12", 0);
    g_autoptr (CpState) blocked = position ("G8 G9 A12", "M13 N12", 0);
    g_autoptr (CpState) then_hop = position ("G8 G10 A12", "M13 N12", 0);

    g_assert_false (is_legal (lone, "G8-G10"));
    g_assert_false (is_legal (lone, "G8-G9-G10"));
    g_assert_false (is_legal (blocked, "G8-G9"));
    g_assert_true (is_legal (blocked, "G8-G10"));
    g_assert_true (is_legal (then_hop, "G8-G9"));
    g_assert_false (is_legal (then_hop, "G8-G9-G11"));
  }
}

/* Canters. */

static void
test_canter_chain (void)
{
  /* Over E6 to E7, then over F8 to G9: the direction changes. */
  g_autoptr (CpState) state = position ("E5 E6 F8 A12", "M13 N12", 0);
  g_autofree char *moves = moves_from (state, "E5");

  g_assert_cmpstr (moves, ==, "E5-D4 E5-D5 E5-D6 E5-E4 E5-E7 E5-E7-G9 E5-F4 E5-F5 E5-F6");
  cp_test_play_state (state, "E5-E7-G9");
  g_assert_true (empty_at (state, "E5"));
  g_assert_true (empty_at (state, "E7"));
  g_assert_false (empty_at (state, "G9"));
  /* Nothing is taken by a canter. */
  g_assert_false (empty_at (state, "E6"));
  g_assert_false (empty_at (state, "F8"));
  g_assert_cmpuint (count_pieces (state, 0), ==, 4);
}

static void
test_canter_no_revisit (void)
{
  /* From C5 over D5 to E5, then round a square of friends: G5, G7, E7.
   * Over E6 the chain would come back to E5, where it has been. */
  g_autoptr (CpState) state = position ("C5 D5 F5 G6 F7 E6 A12", "M13 N12", 0);
  g_autofree char *moves = moves_from (state, "C5");
  g_autoptr (GError) error = NULL;
  CpAction action;

  g_assert_true (has_move (moves, "C5-E5-G5-G7-E7"));
  g_assert_false (has_move (moves, "C5-E5-G5-G7-E7-E5"));
  g_assert_false (cp_state_parse (state, "C5-E5-G5-G7-E7-E5", &action, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_clear_error (&error);

  /* A canter never ends where it started either. */
  {
    g_autoptr (CpState) back = position ("E5 E6 A12", "M13 N12", 0);
    g_autofree char *from = moves_from (back, "E5");

    g_assert_false (has_move (from, "E5-E7-E5"));
    g_assert_false (is_legal (back, "E5-E7-E5"));
  }
  assert_same_moves (state);
}

static void
test_canter_branches (void)
{
  /* From E5 over E6 to E7 or over F6 to G7; from E7 on over F8 to G9,
   * over D8 to C9 or over F6 to G5; from G7 over F8 to E9 and on over D8
   * to C7.  Each way is a move of its own. */
  g_autoptr (CpState) state = position ("E5 E6 F6 F8 D8 A12", "M13 N12", 0);
  g_autofree char *moves = moves_from (state, "E5");

  g_assert_cmpstr (moves, ==, "E5-D4 E5-D5 E5-D6 E5-E4 E5-E7 E5-E7-C9 E5-E7-G5 E5-E7-G9 "
                              "E5-F4 E5-F5 E5-G7 E5-G7-E9 E5-G7-E9-C7");
}

/* Jumps. */

static void
test_jump_branches (void)
{
  /* G8 jumps G9 to G10, then must go on, over F11 or over H11. */
  g_autoptr (CpState) state = position ("G8 A12 C5", "G9 F11 H11 N12", 0);
  g_autofree char *moves = legal_text (state);
  g_autoptr (GError) error = NULL;
  CpAction action;

  g_assert_cmpstr (moves, ==, "G8xG10xE12 G8xG10xI12");
  g_assert_false (cp_state_parse (state, "G8xG10", &action, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_assert_nonnull (strstr (error->message, "another jump"));

  cp_test_play_state (state, "G8xG10xI12");
  g_assert_true (empty_at (state, "G9"));
  g_assert_true (empty_at (state, "H11"));
  g_assert_false (empty_at (state, "F11"));
  g_assert_false (empty_at (state, "I12"));
  g_assert_true (empty_at (state, "G8"));
  g_assert_true (empty_at (state, "G10"));
  g_assert_cmpuint (count_pieces (state, 1), ==, 2);
  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_PLAYING);
}

/* A chain of three jumps takes three pieces. */
static void
test_jump_chain (void)
{
  g_autoptr (CpState) state = position ("E5 A12 C12", "E6 F8 H10 N12", 0);
  g_autofree char *moves = legal_text (state);

  g_assert_cmpstr (moves, ==, "E5xE7xG9xI11");
  cp_test_play_state (state, "E5xE7xG9xI11");
  g_assert_true (empty_at (state, "E6"));
  g_assert_true (empty_at (state, "F8"));
  g_assert_true (empty_at (state, "H10"));
  g_assert_false (empty_at (state, "I11"));
  g_assert_cmpuint (count_pieces (state, 1), ==, 1);
  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_WON);
}

static void
test_forced_capture (void)
{
  /* C5 can jump D6; every other move is then illegal, even a canter. */
  g_autoptr (CpState) state = position ("C5 J5 J6 M8", "D6 N12 N11", 0);
  g_autofree char *moves = legal_text (state);
  g_autoptr (GError) error = NULL;
  CpAction action;

  g_assert_cmpstr (moves, ==, "C5xE7");
  g_assert_false (cp_state_parse (state, "J5-J4", &action, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_assert_nonnull (strstr (error->message, "capture"));
  g_clear_error (&error);
  g_assert_false (is_legal (state, "J5-J7"));
  g_assert_true (is_legal (state, "C5xE7"));

  /* With two captures on the board, either may be chosen. */
  {
    g_autoptr (CpState) two = position ("C5 J5 M8", "D6 K6 N12", 0);
    g_autofree char *both = legal_text (two);

    g_assert_cmpstr (both, ==, "C5xE7 J5xL7");
  }
}

static void
test_man_no_charge (void)
{
  /* A man may canter E5-E7, but not go on to jump E8. */
  g_autoptr (CpState) man = position ("E5 E6 A12", "E8 N12", 0);
  g_autoptr (CpState) knight = position ("nE5 E6 A12", "E8 N12", 0);
  g_autofree char *man_moves = moves_from (man, "E5");
  g_autofree char *knight_moves = moves_from (knight, "E5");

  g_assert_cmpstr (man_moves, ==, "E5-D4 E5-D5 E5-D6 E5-E4 E5-E7 E5-F4 E5-F5 E5-F6");
  g_assert_false (is_legal (man, "E5-E7xE9"));
  g_assert_true (is_legal (man, "E5-E7"));
  /* The knight may charge, or stop after the canter: no one must charge. */
  g_assert_cmpstr (knight_moves, ==, "E5-D4 E5-D5 E5-D6 E5-E4 E5-E7 E5-E7xE9 E5-F4 E5-F5 E5-F6");

  /* Nor may a man jump first and canter after. */
  {
    g_autoptr (CpState) after = position ("E5 E8 A12", "E6 N12", 0);
    g_autofree char *moves = legal_text (after);

    g_assert_cmpstr (moves, ==, "E5xE7");
    g_assert_false (is_legal (after, "E5xE7-E9"));
  }
}

static void
test_knight_charge (void)
{
  /* The knight canters over E6 and F8, then jumps H10. */
  g_autoptr (CpState) state = position ("nE5 E6 F8 A12", "H10 M13 N12", 0);
  g_autofree char *moves = moves_from (state, "E5");

  g_assert_true (has_move (moves, "E5-E7-G9xI11"));
  g_assert_true (has_move (moves, "E5-E7-G9"));
  g_assert_true (is_legal (state, "E5-E7-G9xI11"));
  cp_test_play_state (state, "E5-E7-G9xI11");
  g_assert_true (empty_at (state, "H10"));
  g_assert_true (empty_at (state, "E5"));
  g_assert_false (empty_at (state, "I11"));
  g_assert_cmpuint (count_pieces (state, 1), ==, 2);

  /* The jumps of a charge go on while they can. */
  {
    g_autoptr (CpState) on = position ("nE5 E6 F8 A12", "H10 J12 N12", 0);
    g_autofree char *charges = moves_from (on, "E5");

    g_assert_true (has_move (charges, "E5-E7-G9xI11xK13"));
    g_assert_false (is_legal (on, "E5-E7-G9xI11"));
  }

  /* When a capture is compulsory, a charge may be the capture. */
  {
    g_autoptr (CpState) forced = position ("nE5 E6 F8 C5", "H10 B6 N12", 0);
    g_autofree char *all = legal_text (forced);

    g_assert_cmpstr (all, ==, "C5xA7 E5-E7-G9xI11");
  }
}

/* Castles. */

static void
test_own_castle (void)
{
  /* No step or canter onto one's own castle. */
  g_autoptr (CpState) state = position ("G2 G3 H3 A12", "N12 M12", 0);
  g_autofree char *g2 = moves_from (state, "G2");
  g_autofree char *h3 = moves_from (state, "H3");

  g_assert_cmpstr (g2, ==, "G2-F2 G2-F3 G2-G4 G2-G4-I2 G2-H2 G2-I4");
  g_assert_false (is_legal (state, "G2-G1"));
  g_assert_false (is_legal (state, "G2-H1"));
  g_assert_null (strstr (h3, "H1"));
  g_assert_false (is_legal (state, "H3-F1"));

  /* A jump may land there, and the piece must leave at once. */
  {
    g_autoptr (CpState) jump = position ("G3 A12 C12", "G2 N12 M12 C14", 0);
    g_autofree char *moves = legal_text (jump);
    g_autofree char *next = NULL;

    g_assert_cmpstr (moves, ==, "G3xG1");
    cp_test_play_state (jump, "G3xG1");
    g_assert_false (empty_at (jump, "G1"));
    cp_test_play_state (jump, "N12-N11");
    next = legal_text (jump);
    g_assert_cmpstr (next, ==, "G1-F2 G1-G2 G1-H2");
    g_assert_false (is_legal (jump, "A12-A11"));
    g_assert_false (is_legal (jump, "G1-H1"));
    assert_same_moves (jump);
    cp_test_play_state (jump, "G1-H2");
    cp_test_play_state (jump, "N11-N10");
    g_assert_true (is_legal (jump, "A12-A11"));
  }

  /* Leaving by a capture, if it can, and before any other capture. */
  {
    g_autoptr (CpState) jump = position ("G3 C5 B4 A12", "G2 D6 I3 N12", 0);
    g_autofree char *first = legal_text (jump);
    g_autofree char *next = NULL;

    g_assert_cmpstr (first, ==, "C5xE7 G3xG1");
    cp_test_play_state (jump, "G3xG1");
    cp_test_play_state (jump, "I3-H2");
    next = legal_text (jump);
    g_assert_cmpstr (next, ==, "G1xI3");
    assert_same_moves (jump);
  }

  /* A piece that cannot leave is left; the others move as usual. */
  {
    g_autoptr (CpState) stuck = position ("G1 F2 G2 H2 E3 G3 I3 A12", "N12 M12", 0);
    g_autofree char *moves = NULL;

    stuck->ply = 1;
    moves = moves_from (stuck, "G1");
    g_assert_cmpstr (moves, ==, "");
    g_assert_true (is_legal (stuck, "A12-A11"));
    assert_same_moves (stuck);
  }
}

static void
test_enemy_castle (void)
{
  /* A piece in the enemy's castle only steps to its other cell. */
  g_autoptr (CpState) state = position ("G16 G15 A5 A6", "N12 M12", 0);
  g_autofree char *moves = moves_from (state, "G16");

  g_assert_cmpstr (moves, ==, "G16-H16");
  g_assert_false (is_legal (state, "G16-F15"));
  g_assert_false (is_legal (state, "G16-G14"));

  /* A chain stops on arriving there, even when it could go on. */
  {
    g_autoptr (CpState) canter = position ("I14 H15 G15 A5", "N12 M12", 0);
    g_autofree char *from = moves_from (canter, "I14");

    g_assert_true (has_move (from, "I14-G16"));
    g_assert_false (has_move (from, "I14-G16-G14"));
    g_assert_false (is_legal (canter, "I14-G16-G14"));
  }
  {
    g_autoptr (CpState) jump = position ("I14 A5 A6", "H15 G15 N12 M12", 0);
    g_autofree char *all = legal_text (jump);

    g_assert_cmpstr (all, ==, "I14xG16");
    cp_test_play_state (jump, "I14xG16");
    g_assert_false (empty_at (jump, "G15"));
  }

  /* It cannot jump out, so it does not oblige its player to capture. */
  {
    g_autoptr (CpState) no_jump = position ("G16 A5", "F15 N12 M12", 0);
    g_autofree char *all = legal_text (no_jump);

    g_assert_true (has_move (all, "A5-A6"));
    g_assert_true (has_move (all, "G16-H16"));
  }

  /* Pieces in a castle cannot be hopped over: there is no cell beyond. */
  {
    g_autoptr (CpState) safe = position ("G2 F2 H2 A5", "G1 N12 M12", 0);
    g_autofree char *all = legal_text (safe);

    g_assert_null (strchr (all, 'x'));
  }
}

/* The end of the game. */

static void
test_win_castle (void)
{
  g_autoptr (CpState) state = position ("G16 H15 A5", "N12 M12", 0);

  cp_test_play_state (state, "H15-H16");
  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_WON);
  g_assert_cmpuint (state->outcome.reason, ==, CP_END_CASTLE_TAKEN);
  g_assert_cmpuint (state->outcome.winners, ==, CP_SEAT_BIT (0));
  g_assert_cmpuint (cp_state_pending (state), ==, 0);

  /* Black wins the same way at White's castle. */
  {
    g_autoptr (CpState) black = position ("A12 N12", "H1 F3 M5", 1);

    cp_test_play_state (black, "F3-F2");
    cp_test_play_state (black, "A12-A11");
    cp_test_play_state (black, "F2-G1");
    g_assert_cmpuint (black->outcome.status, ==, CP_STATUS_WON);
    g_assert_cmpuint (black->outcome.winners, ==, CP_SEAT_BIT (1));
    g_assert_cmpuint (black->outcome.reason, ==, CP_END_CASTLE_TAKEN);
  }
}

static void
test_win_reduction (void)
{
  g_autoptr (CpState) state = position ("E5 A12", "E6 N12", 0);

  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_PLAYING);
  cp_test_play_state (state, "E5xE7");
  g_assert_cmpuint (count_pieces (state, 1), ==, 1);
  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_WON);
  g_assert_cmpuint (state->outcome.reason, ==, CP_END_ONE_PIECE_LEFT);
  g_assert_cmpuint (state->outcome.winners, ==, CP_SEAT_BIT (0));

  /* Taking the last two at once wins as well. */
  {
    g_autoptr (CpState) both = position ("E5 A12", "E6 F8", 0);

    cp_test_play_state (both, "E5xE7xG9");
    g_assert_cmpuint (both->outcome.status, ==, CP_STATUS_WON);
    g_assert_cmpuint (both->outcome.winners, ==, CP_SEAT_BIT (0));
  }
}

/* Two single pieces draw.  As the first side brought down to one piece
 * loses at once, this position never comes from the start; it is judged
 * all the same. */
static void
test_draw_reduction (void)
{
  g_autoptr (CpState) state = position ("E5", "E7", 0);
  g_autoptr (CpState) none = position ("E5", "", 1);
  g_autoptr (CpState) uneven = position ("E5", "E7 N12", 0);

  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_DRAWN);
  g_assert_cmpuint (state->outcome.reason, ==, CP_END_ONE_PIECE_LEFT);
  g_assert_cmpuint (state->outcome.winners, ==, 0);
  g_assert_cmpuint (cp_state_pending (state), ==, 0);
  g_assert_cmpuint (none->outcome.status, ==, CP_STATUS_DRAWN);
  g_assert_cmpuint (uneven->outcome.status, ==, CP_STATUS_WON);
  g_assert_cmpuint (uneven->outcome.winners, ==, CP_SEAT_BIT (1));
}

static void
test_no_moves (void)
{
  /* Black's D2 and K2 are walled in by White's pieces, with no cell to
   * hop to. */
  g_autoptr (CpState) state = position ("C3 D3 E3 E2 B4 D4 F4 F2 J3 K3 L3 J2 I4 K4 M4 I2 A12",
                                        "D2 N12", 0);

  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_PLAYING);
  cp_test_play_state (state, "A12-A11");
  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_PLAYING);
  {
    g_autoptr (CpState) walled = position ("C3 D3 E3 E2 B4 D4 F4 F2 J3 K3 L3 J2 I4 K4 M4 I2 A12",
                                           "D2 K2", 1);
    g_autofree char *moves = legal_text (walled);

    g_assert_cmpstr (moves, ==, "");
    g_assert_cmpuint (walled->outcome.status, ==, CP_STATUS_WON);
    g_assert_cmpuint (walled->outcome.reason, ==, CP_END_NO_MOVES);
    g_assert_cmpuint (walled->outcome.winners, ==, CP_SEAT_BIT (0));
  }
}

/* Notation. */

static void
assert_round_trip (const CpState *state)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (state, state->to_move, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = cp_state_format (state, &legal.items[i], CP_NOTATION_SAN);
      g_autofree char *lan = cp_state_format (state, &legal.items[i], CP_NOTATION_LAN);
      g_autofree char *computer = cp_state_format (state, &legal.items[i], CP_NOTATION_COMPUTER);
      g_autofree char *loose = g_ascii_strdown (text, -1);
      CpAction action;

      g_assert_cmpstr (text, ==, lan);
      g_assert_cmpstr (text, ==, computer);
      g_assert_true (cp_state_parse (state, text, &action, &error));
      g_assert_no_error (error);
      g_assert_true (cp_action_same (&action, &legal.items[i]));
      g_assert_cmpuint (action.flags, ==, legal.items[i].flags);
      g_assert_cmpint (strchr (text, 'x') != NULL, ==,
                       (legal.items[i].flags & CP_ACTION_FLAG_CAPTURE) != 0);

      /* Lower case, with any of the separators. */
      for (char *p = loose; *p; p++)
        if (*p == '-' || *p == 'x')
          *p = " -x"[(p - loose) % 3];
      g_assert_true (cp_state_parse (state, loose, &action, &error));
      g_assert_no_error (error);
      g_assert_true (cp_action_same (&action, &legal.items[i]));
    }
}

/* Plays @n moves chosen by a generator seeded with @seed, checking every
 * position on the way with @check. */
static void
random_moves (CpState *state, guint n, guint32 seed, void (*check) (const CpState *state))
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

  for (guint i = 0; i < n && !cp_state_is_over (state); i++)
    {
      g_auto (CpActionList) legal = { 0 };

      if (check != NULL)
        check (state);
      cp_state_legal (state, state->to_move, &legal);
      g_assert_cmpuint (legal.len, >, 0);
      g_assert_true (cp_state_apply (state, &legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)],
                                     NULL));
    }
}

static void
test_notation_round_trip (void)
{
  g_autoptr (CpState) start = cp_test_new_state ("chivalry", 2, NULL);
  g_autoptr (CpState) charge = position ("nE5 E6 F8 C5", "H10 B6 N12", 0);
  g_autoptr (CpState) branches = position ("E5 E6 F6 F8 D8 A12", "M13 N12", 0);
  g_autoptr (CpState) jumps = position ("G8 A12 C5", "G9 F11 H11 N12", 0);

  assert_round_trip (start);
  assert_round_trip (charge);
  assert_round_trip (branches);
  assert_round_trip (jumps);
  for (guint seed = 1; seed <= 6; seed++)
    {
      g_autoptr (CpState) state = cp_test_new_state ("chivalry", 2, NULL);

      random_moves (state, 40 * seed, seed, assert_round_trip);
    }
}

static void
test_notation_errors (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("chivalry", 2, NULL);
  const struct {
    const char *text;
    CpError code;
    const char *words;
  } bad[] = {
    { "", CP_ERROR_BAD_NOTATION, "No move" },
    { "   ", CP_ERROR_BAD_NOTATION, "No move" },
    { "F7", CP_ERROR_BAD_NOTATION, "F7-F8" },
    { "F7-", CP_ERROR_BAD_NOTATION, "F7-F8" },
    { "F-F8", CP_ERROR_BAD_NOTATION, "F7-F8" },
    { "F7-F8+", CP_ERROR_BAD_NOTATION, "F7-F8" },
    { "7F-8F", CP_ERROR_BAD_NOTATION, "F7-F8" },
    { "F7-Z8", CP_ERROR_BAD_NOTATION, "Z8" },
    { "F7-F17", CP_ERROR_BAD_NOTATION, "F17" },
    { "A1-B2", CP_ERROR_BAD_NOTATION, "A1" },
    { "F7-F123", CP_ERROR_BAD_NOTATION, "F123" },
    { "F8-F9", CP_ERROR_ILLEGAL_ACTION, "no piece" },
    { "F10-F9", CP_ERROR_ILLEGAL_ACTION, "other player" },
    { "F7-F9", CP_ERROR_ILLEGAL_ACTION, "not a legal move" },
    { "F6-F8-F10", CP_ERROR_ILLEGAL_ACTION, "not a legal move" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      CpAction action;

      g_test_message ("move “%s”", bad[i].text);
      g_assert_false (cp_state_parse (state, bad[i].text, &action, &error));
      g_assert_error (error, CP_ERROR, (gint) bad[i].code);
      g_assert_nonnull (strstr (error->message, bad[i].words));
    }

  /* A move of too many cells. */
  {
    g_autoptr (GString) text = g_string_new ("F7");
    g_autoptr (GError) error = NULL;
    CpAction action;

    for (guint i = 0; i < CP_ACTION_MAX_CELLS; i++)
      g_string_append (text, i % 2 ? "-F7" : "-F8");
    g_assert_false (cp_state_parse (state, text->str, &action, &error));
    g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
  }

  /* The piece in its own castle must move first. */
  {
    g_autoptr (CpState) duty = position ("G3 A12 C12", "G2 N12 M12 C14", 0);
    g_autoptr (GError) error = NULL;
    CpAction action;

    cp_test_play_state (duty, "G3xG1");
    cp_test_play_state (duty, "N12-N11");
    g_assert_false (cp_state_parse (duty, "A12-A11", &action, &error));
    g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
    g_assert_nonnull (strstr (error->message, "own castle"));
  }
}

/* The example of the help page: a canter, a careless step, a compulsory
 * jump with three ways on, and a knight's charge to take back. */
static void
test_help_example (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("chivalry", 2, NULL);
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;

  cp_test_play_state (state, "G6-G8");
  cp_test_play_state (state, "G10-G9");
  white = legal_text (state);
  g_assert_cmpstr (white, ==, "G8xG10xE12 G8xG10xG12 G8xG10xI12");
  cp_test_play_state (state, "G8xG10xI12");
  black = legal_text (state);
  g_assert_cmpstr (black, ==, "I11xI13 J11xH13 L10-J12xH12 L11-J9-H11xJ13");
  cp_test_play_state (state, "L11-J9-H11xJ13");
  g_assert_cmpuint (count_pieces (state, 0), ==, 19);
  g_assert_cmpuint (count_pieces (state, 1), ==, 18);
  g_assert_false (empty_at (state, "J13"));
  g_assert_true (empty_at (state, "I12"));
}

/* Whole games. */

/* A game to its end: captures when there are any (they must be made),
 * otherwise a move that brings a piece nearer the enemy's castle when the
 * generator says so, otherwise any move. */
static CpGame *
play_game (guint32 seed, guint max_moves)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  CpGame *game = cp_game_new ("chivalry", NULL, 2, seed, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < max_moves && cp_game_get_outcome (game)->status == CP_STATUS_PLAYING; i++)
    {
      const CpState *state = cp_game_get_state (game);
      g_auto (CpActionList) legal = { 0 };
      g_autofree char *text = NULL;
      guint best = 0;
      int best_gain = G_MININT;

      cp_state_legal (state, state->to_move, &legal);
      g_assert_cmpuint (legal.len, >, 0);
      for (guint m = 0; m < legal.len; m++)
        {
          const CpAction *a = &legal.items[m];
          int from = (int) (a->cells[0] / WIDTH), to = (int) (a->cells[a->n_cells - 1] / WIDTH);
          int gain = (state->to_move == 0 ? to - from : from - to) * 4 + g_rand_int_range (rand, 0, 9);

          if (gain > best_gain)
            {
              best_gain = gain;
              best = m;
            }
        }
      text = cp_state_format (state, &legal.items[best], CP_NOTATION_SAN);
      if (!cp_game_play_text (game, text, &error))
        g_error ("%s: %s", text, error->message);
    }
  return game;
}

static void
assert_same_game (CpGame *a, CpGame *b)
{
  const CpState *sa = cp_game_get_state (a);
  const CpState *sb = cp_game_get_state (b);

  g_assert_cmpuint (cp_game_get_n_actions (a), ==, cp_game_get_n_actions (b));
  for (guint i = 0; i < cp_game_get_n_actions (a); i++)
    {
      g_assert_true (cp_action_same (cp_game_get_action (a, i), cp_game_get_action (b, i)));
      g_assert_cmpuint (cp_game_get_action (a, i)->flags, ==, cp_game_get_action (b, i)->flags);
    }
  g_assert_cmpmem (sa->cells, sizeof sa->cells, sb->cells, sizeof sb->cells);
  g_assert_cmpuint (sa->to_move, ==, sb->to_move);
  g_assert_cmpuint (sa->outcome.status, ==, sb->outcome.status);
  g_assert_cmpuint (sa->outcome.reason, ==, sb->outcome.reason);
  g_assert_cmpuint (sa->outcome.winners, ==, sb->outcome.winners);
}

static void
test_full_games (void)
{
  guint reasons = 0;

  for (guint32 seed = 1; seed <= 8; seed++)
    {
      g_autoptr (CpGame) game = play_game (seed, 2000);
      g_autoptr (CpGame) back = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      g_autofree char *again = NULL;
      gsize length;
      const CpOutcome *outcome = cp_game_get_outcome (game);

      g_assert_cmpuint (outcome->status, !=, CP_STATUS_PLAYING);
      g_test_message ("game %u: %u moves, %s", seed, cp_game_get_n_actions (game),
                      cp_end_reason_to_id (outcome->reason));
      reasons |= 1u << outcome->reason;

      text = cp_record_to_string (game, &length);
      back = cp_record_load_data (text, length, &error);
      g_assert_no_error (error);
      g_assert_nonnull (back);
      assert_same_game (game, back);
      again = cp_record_to_string (back, NULL);
      g_assert_cmpstr (text, ==, again);

      /* Every position of the game replays the same. */
      for (guint i = 0; i <= cp_game_get_n_actions (game); i += 17)
        {
          g_autoptr (CpState) at = cp_game_state_at (back, i);

          assert_same_moves (at);
        }
    }
  g_assert_true (reasons & (1u << CP_END_CASTLE_TAKEN));
}

/* A record whose jump stops short is refused, saying which move is
 * wrong. */
static void
test_record_rejects_illegal (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_game_new ("chivalry", NULL, 2, 1, &error);
  g_autoptr (CpGame) back = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) parts = NULL;
  g_autofree char *edited = NULL;
  const char *const moves[] = { "G6-G8", "G10-G9", "G8xG10xI12", "L11-J9-H11xJ13" };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_assert_true (cp_game_play_text (game, moves[i], &error));
      g_assert_no_error (error);
    }
  text = cp_record_to_string (game, NULL);
  g_assert_nonnull (strstr (text, "path=\"G8 G10 I12\""));
  g_assert_nonnull (strstr (text, "path=\"L11 J9 H11 J13\""));
  back = cp_record_load_data (text, strlen (text), &error);
  g_assert_no_error (error);
  g_clear_object (&back);

  parts = g_strsplit (text, "path=\"G8 G10 I12\"", -1);
  edited = g_strjoinv ("path=\"G8 G10\"", parts);
  back = cp_record_load_data (edited, strlen (edited), &error);
  g_assert_null (back);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "G8xG10"));
}

/* Counting moves. */

static void
test_perft (void)
{
  static const guint64 expected[] = { 140, 19718, 3233284 };
  g_autoptr (CpState) state = cp_test_new_state ("chivalry", 2, NULL);
  g_autoptr (CpState) before = cp_state_copy (state);
  Grid g;

  grid_from_state (state, &g);
  for (guint d = 1; d <= G_N_ELEMENTS (expected); d++)
    {
      g_assert_cmpuint (cp_state_perft (state, d), ==, expected[d - 1]);
      g_assert_cmpuint (bf_perft (&g, d), ==, expected[d - 1]);
    }
  /* Counting makes moves and takes them back: nothing may change. */
  g_assert_cmpmem (state->cells, sizeof state->cells, before->cells, sizeof before->cells);
  g_assert_cmpuint (state->to_move, ==, before->to_move);
  g_assert_cmpuint (state->ply, ==, before->ply);
}

static void
test_perft_positions (void)
{
  for (guint32 seed = 11; seed <= 16; seed++)
    {
      g_autoptr (CpState) state = cp_test_new_state ("chivalry", 2, NULL);
      g_autoptr (CpState) before = NULL;
      Grid g;
      guint64 mine, theirs;

      random_moves (state, 30 + 10 * seed, seed, NULL);
      if (cp_state_is_over (state))
        continue;
      before = cp_state_copy (state);
      grid_from_state (state, &g);
      mine = cp_state_perft (state, 3);
      theirs = bf_perft (&g, 3);
      g_test_message ("position %u: %" G_GUINT64_FORMAT, seed, mine);
      g_assert_cmpuint (mine, ==, theirs);
      g_assert_cmpmem (state->cells, sizeof state->cells, before->cells, sizeof before->cells);
    }
}

static void
test_perft_command (void)
{
  g_autoptr (CpGame) game = cp_game_new ("chivalry", NULL, 2, 1, NULL);
  g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));

  g_assert_cmpuint (cp_state_perft (state, 3), ==, 3233284);
  if (g_getenv ("CP_PROGRAM") == NULL)
    {
      g_test_skip ("CP_PROGRAM is not set");
      return;
    }
  g_assert_cmpuint (cp_test_perft_command ("chivalry", 3, NULL), ==, 3233284);
}

/* Random positions, castles included, checked against the independent
 * generator; every move is also made and taken back. */
static void
check_make_unmake (const CpState *state)
{
  g_auto (CpActionList) legal = { 0 };
  g_autoptr (CpState) work = cp_state_copy (state);

  cp_state_legal (state, state->to_move, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      CpUndo undo;
      g_autoptr (CpState) copy = cp_state_copy (state);
      Grid g, h;

      work->rules->make (work, &legal.items[i], &undo);
      copy->rules->make (copy, &legal.items[i], NULL);
      g_assert_cmpmem (work->cells, sizeof work->cells, copy->cells, sizeof copy->cells);
      {
        g_autofree char *text = cp_state_format (state, &legal.items[i], CP_NOTATION_SAN);

        grid_from_state (state, &g);
        bf_apply (&g, text);
        grid_from_state (work, &h);
        g_assert_cmpmem (&g, sizeof g, &h, sizeof h);
      }
      work->rules->unmake (work, &legal.items[i], &undo);
      g_assert_cmpmem (work, state->rules->state_size, state, state->rules->state_size);
    }
}

static void
test_random_positions (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2024);
  g_autoptr (CpBoard) board = cp_chivalry_board ();
  const guint8 castle_cells[4] = { 6, 7, 15 * WIDTH + 6, 15 * WIDTH + 7 };

  for (guint n = 0; n < 400; n++)
    {
      g_autoptr (CpState) state = position ("", "", g_rand_int_range (rand, 0, 2));
      double density = g_rand_double_range (rand, 0.05, 0.45);

      for (guint c = 0; c < WIDTH * HEIGHT; c++)
        if (cp_board_has_cell (board, c) && g_rand_double (rand) < density)
          {
            state->cells[c].kind = g_rand_boolean (rand) ? CP_PIECE_MAN : CP_PIECE_CHIVALRY_KNIGHT;
            state->cells[c].seat = (guint8) g_rand_int_range (rand, 0, 2);
          }
      /* Crowd the castles and the cells around them. */
      for (guint i = 0; i < 4; i++)
        if (g_rand_int_range (rand, 0, 3) == 0)
          {
            state->cells[castle_cells[i]].kind = CP_PIECE_MAN;
            state->cells[castle_cells[i]].seat = (guint8) g_rand_int_range (rand, 0, 2);
          }
      refresh (state);
      assert_same_moves (state);
      check_make_unmake (state);
      if (n % 40 == 0)
        {
          Grid g;

          grid_from_state (state, &g);
          g_assert_cmpuint (cp_state_perft (state, 2), ==, bf_perft (&g, 2));
        }
    }
}

static void
test_random_games (void)
{
  for (guint32 seed = 100; seed < 110; seed++)
    {
      g_autoptr (CpState) state = cp_test_new_state ("chivalry", 2, NULL);

      random_moves (state, 400, seed, assert_same_moves);
    }
}

/* Position texts. */

/* The state set up from the position text @text. */
static CpState *
from_text (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *option = g_strconcat (CP_POSITION_OPTION "=", text, NULL);
  const char *options[] = { option, NULL };
  g_autoptr (CpGame) game = cp_test_try_new_game ("chivalry", 2, 1, options, &error);

  if (game == NULL)
    g_error ("“%s” is not read: %s", text, error->message);
  return cp_state_copy (cp_game_get_state (game));
}

/* Reads @text and writes it back unchanged. */
static CpState *
read_back (const char *text)
{
  CpState *state = from_text (text);
  g_autofree char *again = cp_test_position (state);

  g_assert_cmpstr (again, ==, text);
  return state;
}

#define START_TEXT "2/8/10/12/14/2nnmmmmmmnn2/2nnmmmmmmnn2/14/14/2NNMMMMMMNN2/2NNMMMMMMNN2/14/12/10/8/2 w"

static void
test_position_start (void)
{
  g_autoptr (CpState) start = cp_test_new_state ("chivalry", 2, NULL);
  g_autofree char *text = cp_test_position (start);
  g_autoptr (CpState) state = NULL;

  g_assert_cmpstr (text, ==, START_TEXT);
  state = read_back (START_TEXT);
  g_assert_cmpmem (state->cells, sizeof state->cells, start->cells, sizeof start->cells);
  g_assert_cmpuint (cp_state_hash (state), ==, cp_state_hash (start));

  /* Written after the help's example, with Black's knight on J13 and
   * White to move. */
  cp_test_play_state (start, "G6-G8 G10-G9 G8xG10xI12 L11-J9-H11xJ13");
  g_free (text);
  text = cp_test_position (start);
  g_assert_cmpstr (text, ==, "2/8/10/8n3/14/2nnmmm1mmn3/2nnmm1mmmnn2/14/14/2NNMMMMMMNN2/2NNMM1MMMNN2/14/12/10/8/2 w");
  g_clear_pointer (&state, cp_state_free);
  state = read_back (text);
  {
    g_autofree char *a = legal_text (state);
    g_autofree char *b = legal_text (start);

    g_assert_cmpstr (a, ==, b);
  }
}

/* A move into the castle wins; both cells held, the game is over. */
static void
test_position_castle (void)
{
  g_autoptr (CpState) state = read_back ("M1/4M3/10/12/mm12/14/14/14/14/14/14/14/12/10/8/2 w");
  g_autoptr (CpState) won = read_back ("MM/8/10/12/mm12/14/14/14/14/14/14/14/12/10/8/2 b");

  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_PLAYING);
  g_assert_true (is_legal (state, "H15-H16"));
  cp_test_play_state (state, "H15-H16");
  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_WON);
  g_assert_cmpuint (state->outcome.reason, ==, CP_END_CASTLE_TAKEN);
  g_assert_cmpuint (state->outcome.winners, ==, CP_SEAT_BIT (0));
  g_assert_cmpuint (won->outcome.status, ==, CP_STATUS_WON);
  g_assert_cmpuint (won->outcome.reason, ==, CP_END_CASTLE_TAKEN);

  /* A piece that jumped into its own castle must leave it: the position
   * says so without a mark.  White's man on G1 can leave only by taking
   * the man on G2, which it must, though the man on A5 could move. */
  {
    g_autoptr (CpState) castle = read_back ("2/8/10/12/mm12/14/14/14/14/14/14/M13/12/10/3m4/M1 w");
    g_autofree char *moves = legal_text (castle);

    g_assert_cmpstr (moves, ==, "G1xG3");
  }
}

/* Two single pieces draw; a side without a move loses. */
static void
test_position_ends (void)
{
  g_autoptr (CpState) draw = read_back ("2/8/10/12/13m/14/14/14/14/14/14/M13/12/10/8/2 w");
  /* White's man on A5 is hemmed in, and the one on G16 has nowhere to
   * go in Black's castle. */
  g_autoptr (CpState) stuck = read_back ("Mm/8/10/12/14/14/14/14/14/m1m11/mm12/Mmm11/m11/m9/8/2 w");

  g_assert_cmpuint (draw->outcome.status, ==, CP_STATUS_DRAWN);
  g_assert_cmpuint (draw->outcome.reason, ==, CP_END_ONE_PIECE_LEFT);
  g_assert_cmpuint (cp_state_pending (draw), ==, 0);
  g_assert_cmpuint (stuck->outcome.status, ==, CP_STATUS_WON);
  g_assert_cmpuint (stuck->outcome.reason, ==, CP_END_NO_MOVES);
  g_assert_cmpuint (stuck->outcome.winners, ==, CP_SEAT_BIT (1));
}

/* A jump chain never lands again on a cell it has been on, the cell it
 * started from included: round a square of four enemy men, it ends after
 * the third, and the fourth stays. */
static void
test_position_jump_back (void)
{
  g_autoptr (CpState) square = read_back ("2/8/10/12/mm12/14/14/14/14/5m8/4m1m7/4Mm7M/12/10/8/2 w");
  g_autoptr (CpState) passed = read_back ("2/8/10/12/mm12/14/14/14/14/5m8/4m1m7/5m7M/3m8/2M7/8/2 w");
  g_autofree char *moves = legal_text (square);
  g_autofree char *again = legal_text (passed);
  g_autoptr (GError) error = NULL;
  CpAction action;

  g_assert_cmpstr (moves, ==, "E5xE7xG7xG5 E5xG5xG7xE7");
  g_assert_false (cp_state_parse (square, "E5xE7xG7xG5xE5", &action, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_assert_nonnull (strstr (error->message, "never lands twice"));
  g_clear_error (&error);
  g_assert_false (cp_state_parse (square, "E5xE7xG7", &action, &error));
  g_assert_nonnull (strstr (error->message, "another jump"));
  g_clear_error (&error);
  cp_test_play_state (square, "E5xE7xG7xG5");
  g_assert_false (empty_at (square, "F5"));
  g_assert_cmpuint (count_pieces (square, 1), ==, 3);

  /* Nor onto a cell it passed: from E3 over E4 to E5, round the square
   * and not back onto E5. */
  g_assert_cmpstr (again, ==, "E3xE5xE7xG7xG5 E3xE5xG5xG7xE7");
}

static void
test_position_errors (void)
{
  static const struct {
    const char *text;
    const char *reason;
  } wrong[] = {
    { "2/8/10/12/14/14/14/14/14/14/14/14/12/10/8/2", "too few fields" },
    { START_TEXT " 1", "too many fields" },
    { "2/8/10/12/14/14/14/14/14/14/14/14/12/10/8/2 x", "“w” or “b”" },
    { "2/8/10/12/14/14/14/14/14/14/14/13/12/10/8/2 w", "wrong number of cells" },
    { "3/8/10/12/14/14/14/14/14/14/14/14/12/10/8/2 w", "wrong number of cells" },
    { "2/8/10/12/14/14/14/14/14/14/14/14/12/10/8 w", "incomplete" },
    { "2/8/10/12/14/14/14/14/14/14/14/14/12/10/8/2/2 w", "too many ranks" },
    { "2/8/10/12/14/14/14/14/14/14/14/K13/12/10/8/2 w", "unknown letter" },
    { "2/8/10/12/14/14/14/14/14/14/MMMMMMMMMMMMM1/14/12/10/8/2 w", "twelve men" },
    { "2/8/10/12/14/14/14/14/14/14/nnnnnnnnn5/14/12/10/8/2 w", "eight knights" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *option = g_strconcat (CP_POSITION_OPTION "=", wrong[i].text, NULL);
      const char *options[] = { option, NULL };
      g_autoptr (CpGame) game = cp_test_try_new_game ("chivalry", 2, 1, options, &error);

      g_assert_null (game);
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
      if (strstr (error->message, wrong[i].reason) == NULL)
        g_error ("“%s” is refused with “%s”, not “…%s…”", wrong[i].text, error->message, wrong[i].reason);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chivalry/setup", test_setup);
  g_test_add_func ("/chivalry/plain-moves", test_plain_moves);
  g_test_add_func ("/chivalry/canter/chain", test_canter_chain);
  g_test_add_func ("/chivalry/canter/no-revisit", test_canter_no_revisit);
  g_test_add_func ("/chivalry/canter/branches", test_canter_branches);
  g_test_add_func ("/chivalry/jump/branches", test_jump_branches);
  g_test_add_func ("/chivalry/jump/chain", test_jump_chain);
  g_test_add_func ("/chivalry/jump/forced", test_forced_capture);
  g_test_add_func ("/chivalry/man-no-charge", test_man_no_charge);
  g_test_add_func ("/chivalry/knight-charge", test_knight_charge);
  g_test_add_func ("/chivalry/castle/own", test_own_castle);
  g_test_add_func ("/chivalry/castle/enemy", test_enemy_castle);
  g_test_add_func ("/chivalry/end/castle", test_win_castle);
  g_test_add_func ("/chivalry/end/reduction", test_win_reduction);
  g_test_add_func ("/chivalry/end/draw", test_draw_reduction);
  g_test_add_func ("/chivalry/end/no-moves", test_no_moves);
  g_test_add_func ("/chivalry/notation/round-trip", test_notation_round_trip);
  g_test_add_func ("/chivalry/notation/errors", test_notation_errors);
  g_test_add_func ("/chivalry/help-example", test_help_example);
  g_test_add_func ("/chivalry/record/full-games", test_full_games);
  g_test_add_func ("/chivalry/record/illegal", test_record_rejects_illegal);
  g_test_add_func ("/chivalry/perft/start", test_perft);
  g_test_add_func ("/chivalry/perft/positions", test_perft_positions);
  g_test_add_func ("/chivalry/perft/command", test_perft_command);
  g_test_add_func ("/chivalry/random/positions", test_random_positions);
  g_test_add_func ("/chivalry/random/games", test_random_games);
  g_test_add_func ("/chivalry/position/start", test_position_start);
  g_test_add_func ("/chivalry/position/castle", test_position_castle);
  g_test_add_func ("/chivalry/position/ends", test_position_ends);
  g_test_add_func ("/chivalry/position/jump-back", test_position_jump_back);
  g_test_add_func ("/chivalry/position/errors", test_position_errors);
  return g_test_run ();
}
