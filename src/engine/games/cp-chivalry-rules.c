/* cp-chivalry-rules.c: Chivalry (George S. Parker, 1887)
 *
 * Two players on a board of 176 cells, files A to N and ranks 1 to 16,
 * each with twelve men and eight knights and a castle of two cells at the
 * back (G1 H1 for White, G16 H16 for Black).  A move is a step to a
 * neighbouring cell, or a chain of hops over a neighbouring piece onto the
 * empty cell beyond: over friends (a canter), over enemies, which are
 * taken (a jump), or, for a knight only, canters then jumps (a charge).
 *
 * A move's cells are its start and every cell it lands on, in order.  The
 * help page (help/C/chivalry.page) states how each open point of the rules
 * is read; the code below follows it:
 *
 * - no cell is landed on twice in one move, and the start cell counts as
 *   visited;
 * - a captured piece leaves the board as soon as it is jumped (every
 *   landing cell matches the start cell's file and rank in evenness, so a
 *   chain never lands on a cell it has cleared, and with the rule above it
 *   never jumps the same piece twice);
 * - a jump goes on while another jump is possible from its landing cell,
 *   the mover choosing the branch; a canter may stop after any hop;
 * - a player who can jump must capture, with any capturing move (a jump
 *   or a charge); a possible charge alone does not oblige anyone;
 * - no canter or step ends on the mover's own castle; a jump may, and
 *   then that piece must leave on its owner's next turn whenever it can:
 *   the move must be made by it, must end outside the castle, and must be
 *   a capture if it can leave by capturing.  As a piece can only get there
 *   by such a jump, this needs no record beyond the position itself;
 * - a piece that reaches the enemy's castle stops there, in the middle of
 *   a chain too, and afterwards may only step to the castle's other cell;
 * - the game is won by holding both cells of the enemy's castle, by
 *   leaving the opponent at most one piece while keeping two or more, or
 *   when the opponent has no legal move; two single pieces draw.
 *
 * A chain holds at most CP_ACTION_MAX_CELLS cells; longer canters are not
 * offered, and a jump that could go on past that length ends there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cp-error.h"
#include "cp-games.h"

#define WIDTH 14
#define HEIGHT 16
#define MAX_CELL (WIDTH * HEIGHT)

static const char layout[] =
  "xxxxxx..xxxxxx\n"  /* 16 */
  "xxx........xxx\n"  /* 15 */
  "xx..........xx\n"  /* 14 */
  "x............x\n"  /* 13 */
  "..............\n"  /* 12 */
  "..............\n"
  "..............\n"
  "..............\n"
  "..............\n"
  "..............\n"
  "..............\n"
  "..............\n"  /* 5 */
  "x............x\n"  /* 4 */
  "xx..........xx\n"  /* 3 */
  "xxx........xxx\n"  /* 2 */
  "xxxxxx..xxxxxx\n"; /* 1 */

/* The castle of each seat: G1 H1 and G16 H16. */
static const guint8 castles[2][2] = {
  { 6, 7 },
  { 15 * WIDTH + 6, 15 * WIDTH + 7 },
};

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

static inline gboolean
in_castle (guint cell, guint seat)
{
  return cell == castles[seat][0] || cell == castles[seat][1];
}

/**
 * cp_chivalry_board:
 *
 * The board of Chivalry: 176 cells named A1 to N16, with the zones
 * "white-castle" (G1 H1) and "black-castle" (G16 H16).  It is built once
 * and shared; it must not be changed.
 *
 * Returns: (transfer full): a reference to the board
 */
CpBoard *
cp_chivalry_board (void)
{
  static gsize board = 0;

  if (g_once_init_enter (&board))
    {
      CpBoard *self = cp_board_new_from_layout (layout, NULL);
      const char *const zones[2] = { "white-castle", "black-castle" };

      g_assert (self != NULL && cp_board_get_n_cells (self) == 176);
      cp_board_set_file_names (self, "ABCDEFGHIJKLMN");
      for (guint seat = 0; seat < 2; seat++)
        {
          CpCellSet castle = { 0 };

          cp_cell_set_add (&castle, castles[seat][0]);
          cp_cell_set_add (&castle, castles[seat][1]);
          cp_board_add_zone (self, zones[seat], &castle);
        }
      g_once_init_leave (&board, (gsize) self);
    }
  return g_object_ref ((CpBoard *) board);
}

static const CpOptionSpec options[] = {
  { .id = CP_POSITION_OPTION, .label = N_("Start position"), .type = CP_OPTION_TEXT, .default_value = "" },
};

/* Position texts: the cells rank by rank from 16 down to 1, "/" between
 * ranks, cells off the board left out (so rank 16 has two cells, G16 and
 * H16), a digit or two for a run of empty cells, M and N for White's men
 * and knights, m and n for Black's; then "w" or "b", the side to move.  A
 * move is one action, however long its chain, so a position is never
 * written in the middle of one; a piece in its own castle and a piece in
 * the enemy's need no mark, as the cells say it all. */

static gboolean
read_position (CpState *state, const char *text, GError **error)
{
  g_auto (GStrv) fields = g_strsplit_set (text, " \t\n", -1);
  const char *f[2] = { NULL, NULL };
  guint n_fields = 0, count[2][2] = { { 0, 0 }, { 0, 0 } };
  int x = 0, y = HEIGHT - 1;

  for (guint i = 0; fields[i] != NULL; i++)
    if (fields[i][0] != '\0')
      {
        if (n_fields == 2)
          return cp_error_bad_position (error, text, _("it has too many fields"));
        f[n_fields++] = fields[i];
      }
  if (n_fields < 2)
    return cp_error_bad_position (error, text, _("it has too few fields"));

  /* The board, from A16 on; x walks the files, holes included. */
  for (const char *p = f[0]; *p != '\0'; p++)
    {
      if (*p == '/')
        {
          if (y == 0)
            return cp_error_bad_position (error, text, _("the board has too many ranks"));
          while (x < WIDTH && !cp_board_has_cell (state->board, (guint) (y * WIDTH + x)))
            x++;
          if (x != WIDTH)
            return cp_error_bad_position (error, text, _("a rank has the wrong number of cells"));
          x = 0;
          y--;
          continue;
        }
      while (x < WIDTH && !cp_board_has_cell (state->board, (guint) (y * WIDTH + x)))
        x++;
      if (g_ascii_isdigit (*p))
        {
          guint run = (guint) (*p - '0');

          if (g_ascii_isdigit (p[1]))
            run = run * 10 + (guint) (*++p - '0');
          if (run == 0)
            return cp_error_bad_position (error, text, _("a rank has the wrong number of cells"));
          while (run > 0)
            {
              while (x < WIDTH && !cp_board_has_cell (state->board, (guint) (y * WIDTH + x)))
                x++;
              if (x == WIDTH)
                return cp_error_bad_position (error, text, _("a rank has the wrong number of cells"));
              x++;
              run--;
            }
        }
      else if (strchr ("MNmn", *p) != NULL)
        {
          CpPiece *piece;
          guint seat = g_ascii_isupper (*p) ? 0 : 1;
          gboolean knight = g_ascii_toupper (*p) == 'N';

          if (x == WIDTH)
            return cp_error_bad_position (error, text, _("a rank has the wrong number of cells"));
          piece = &state->cells[y * WIDTH + x];
          piece->kind = knight ? CP_PIECE_CHIVALRY_KNIGHT : CP_PIECE_MAN;
          piece->seat = (guint8) seat;
          count[seat][knight]++;
          x++;
        }
      else
        return cp_error_bad_position (error, text, _("the pieces hold an unknown letter"));
    }
  while (x < WIDTH && !cp_board_has_cell (state->board, (guint) (y * WIDTH + x)))
    x++;
  if (y != 0 || x != WIDTH)
    return cp_error_bad_position (error, text, _("the board is incomplete"));
  for (guint seat = 0; seat < 2; seat++)
    if (count[seat][0] > 12 || count[seat][1] > 8)
      return cp_error_bad_position (error, text, _("a side has more than twelve men or more than eight knights"));

  if (g_strcmp0 (f[1], "w") != 0 && g_strcmp0 (f[1], "b") != 0)
    return cp_error_bad_position (error, text, _("the side to move must be “w” or “b”"));
  state->to_move = f[1][0] == 'w' ? 0 : 1;
  return TRUE;
}

static char *
chivalry_write_position (const CpState *state)
{
  GString *out = g_string_new (NULL);

  for (int y = HEIGHT - 1; y >= 0; y--)
    {
      guint run = 0;

      if (y < HEIGHT - 1)
        g_string_append_c (out, '/');
      for (int x = 0; x < WIDTH; x++)
        {
          const CpPiece *piece = &state->cells[y * WIDTH + x];
          char letter;

          if (!cp_board_has_cell (state->board, (guint) (y * WIDTH + x)))
            continue;
          if (piece->kind == CP_PIECE_NONE)
            {
              run++;
              continue;
            }
          if (run > 0)
            g_string_append_printf (out, "%u", run);
          run = 0;
          letter = piece->kind == CP_PIECE_CHIVALRY_KNIGHT ? 'N' : 'M';
          g_string_append_c (out, piece->seat == 0 ? letter : g_ascii_tolower (letter));
        }
      if (run > 0)
        g_string_append_printf (out, "%u", run);
    }
  g_string_append (out, state->to_move == 0 ? " w" : " b");
  return g_string_free (out, FALSE);
}

/* The start: knights on files C D K L and men on E to J, White on ranks 6
 * and 7, Black on ranks 10 and 11; or the position given. */
static gboolean
chivalry_init (CpState *state, GHashTable *opts, GError **error)
{
  static const guint ranks[2][2] = { { 5, 6 }, { 9, 10 } };
  const char *position = g_hash_table_lookup (opts, CP_POSITION_OPTION);

  state->board = cp_chivalry_board ();
  state->to_move = 0;
  if (position != NULL && position[0] != '\0')
    return read_position (state, position, error);
  for (guint seat = 0; seat < 2; seat++)
    for (guint r = 0; r < 2; r++)
      for (guint x = 2; x <= 11; x++)
        {
          CpPiece *piece = &state->cells[ranks[seat][r] * WIDTH + x];

          piece->kind = x <= 3 || x >= 10 ? CP_PIECE_CHIVALRY_KNIGHT : CP_PIECE_MAN;
          piece->seat = (guint8) seat;
        }
  return TRUE;
}

static CpSeatMask
chivalry_pending (const CpState *state)
{
  return CP_SEAT_BIT (state->to_move);
}

/* Move generation. */

typedef struct {
  const guint8 *next;                   /* the board's neighbour table */
  guint seat;
  gboolean captures_only;
  CpActionList *out;
  guint8 owner[CP_MAX_CELLS];           /* 0: empty (or a hole), else 1 + seat */
  guint8 visited[CP_MAX_CELLS];
  guint8 path[CP_ACTION_MAX_CELLS];
  guint n_path;
} Gen;

static void
gen_init (Gen *g, const CpState *state, guint seat, CpActionList *out)
{
  g->next = cp_board_get_neighbours (state->board);
  g->seat = seat;
  g->captures_only = FALSE;
  g->out = out;
  memset (g->visited, 0, sizeof g->visited);
  memset (g->owner, 0, sizeof g->owner);
  for (guint c = 0; c < MAX_CELL; c++)
    if (state->cells[c].kind != CP_PIECE_NONE)
      g->owner[c] = (guint8) (1 + state->cells[c].seat);
  g->n_path = 0;
}

static inline guint
step (const Gen *g, guint cell, guint dir)
{
  return g->next[cell * CP_N_DIRS + dir];
}

static inline void
push (Gen *g, guint cell)
{
  g->path[g->n_path++] = (guint8) cell;
  g->visited[cell] = 1;
}

static inline void
pop (Gen *g)
{
  g->visited[g->path[--g->n_path]] = 0;
}

static void
emit (Gen *g, gboolean capture)
{
  CpAction *action = cp_action_list_add (g->out);

  action->type = CP_ACTION_MOVE;
  action->seat = (guint8) g->seat;
  action->visible = CP_SEATS_ALL;
  action->flags = capture ? CP_ACTION_FLAG_CAPTURE : 0;
  action->n_cells = (guint8) g->n_path;
  memcpy (action->cells, g->path, g->n_path);
}

/* Jumps on from @at, the last cell of the path, emitting every chain that
 * ends where no further jump is possible.  Returns whether a jump was
 * possible from @at at all. */
static gboolean
jump_on (Gen *g, guint at)
{
  gboolean any = FALSE;

  if (in_castle (at, 1 - g->seat) || g->n_path == CP_ACTION_MAX_CELLS)
    return FALSE;
  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      guint over = step (g, at, d), to;
      guint8 taken;

      if (over == CP_NO_CELL || g->owner[over] == 0 || g->owner[over] == g->seat + 1)
        continue;
      to = step (g, over, d);
      if (to == CP_NO_CELL || g->owner[to] != 0 || g->visited[to])
        continue;
      any = TRUE;
      taken = g->owner[over];
      g->owner[over] = 0;
      push (g, to);
      if (!jump_on (g, to))
        emit (g, TRUE);
      pop (g);
      g->owner[over] = taken;
    }
  return any;
}

/* Canters on from @at, emitting every canter (unless only captures are
 * wanted) and, for a knight, every charge that starts with it. */
static void
canter_on (Gen *g, guint at, gboolean knight)
{
  if (g->n_path == CP_ACTION_MAX_CELLS)
    return;
  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      guint over = step (g, at, d), to;

      if (over == CP_NO_CELL || g->owner[over] != g->seat + 1)
        continue;
      to = step (g, over, d);
      if (to == CP_NO_CELL || g->owner[to] != 0 || g->visited[to] || in_castle (to, g->seat))
        continue;
      push (g, to);
      if (!g->captures_only)
        emit (g, FALSE);
      if (!in_castle (to, 1 - g->seat))
        {
          canter_on (g, to, knight);
          if (knight)
            jump_on (g, to);
        }
      pop (g);
    }
}

static void
piece_moves (Gen *g, guint from, CpPieceKind kind)
{
  guint8 owner = g->owner[from];

  /* The moving piece leaves its cell as it sets off. */
  g->owner[from] = 0;
  push (g, from);
  if (in_castle (from, 1 - g->seat))
    {
      guint other = castles[1 - g->seat][from == castles[1 - g->seat][0]];

      if (!g->captures_only && g->owner[other] == 0)
        {
          push (g, other);
          emit (g, FALSE);
          pop (g);
        }
    }
  else
    {
      if (!g->captures_only)
        for (guint d = 0; d < CP_N_DIRS; d++)
          {
            guint to = step (g, from, d);

            if (to != CP_NO_CELL && g->owner[to] == 0 && !in_castle (to, g->seat))
              {
                push (g, to);
                emit (g, FALSE);
                pop (g);
              }
          }
      jump_on (g, from);
      if (!g->captures_only || kind == CP_PIECE_CHIVALRY_KNIGHT)
        canter_on (g, from, kind == CP_PIECE_CHIVALRY_KNIGHT);
    }
  pop (g);
  g->owner[from] = owner;
}

/* Whether a piece of the seat can jump from where it stands. */
static gboolean
can_jump (const Gen *g)
{
  for (guint c = 0; c < MAX_CELL; c++)
    {
      if (g->owner[c] != g->seat + 1 || in_castle (c, 1 - g->seat))
        continue;
      for (guint d = 0; d < CP_N_DIRS; d++)
        {
          guint over = step (g, c, d), to;

          if (over == CP_NO_CELL || g->owner[over] == 0 || g->owner[over] == g->seat + 1)
            continue;
          to = step (g, over, d);
          if (to != CP_NO_CELL && g->owner[to] == 0)
            return TRUE;
        }
    }
  return FALSE;
}

/* Keeps the actions from @start on that @keep accepts. */
static void
filter (CpActionList *list, guint start, gboolean (*keep) (const CpAction *action))
{
  guint n = start;

  for (guint i = start; i < list->len; i++)
    if (keep (&list->items[i]))
      list->items[n++] = list->items[i];
  list->len = n;
}

static gboolean
leaves_own_castle (const CpAction *action)
{
  return !in_castle (action->cells[action->n_cells - 1], action->seat);
}

static gboolean
is_capture (const CpAction *action)
{
  return (action->flags & CP_ACTION_FLAG_CAPTURE) != 0;
}

static void
chivalry_legal (const CpState *state, guint seat, CpActionList *out)
{
  Gen g;
  guint start = out->len;
  gboolean capture = FALSE;

  if (seat > 1)
    return;
  gen_init (&g, state, seat, out);

  /* A piece that has jumped into its own castle must leave it first. */
  for (guint i = 0; i < 2; i++)
    if (g.owner[castles[seat][i]] == seat + 1)
      piece_moves (&g, castles[seat][i], state->cells[castles[seat][i]].kind);
  if (out->len > start)
    {
      filter (out, start, leaves_own_castle);
      for (guint i = start; i < out->len && !capture; i++)
        capture = is_capture (&out->items[i]);
      if (capture)
        filter (out, start, is_capture);
      if (out->len > start)
        return;
    }

  g.captures_only = can_jump (&g);
  for (guint c = 0; c < MAX_CELL; c++)
    if (g.owner[c] == seat + 1)
      piece_moves (&g, c, state->cells[c].kind);
}

/* Applying moves. */

/* What unmake needs: the pieces taken, in the order they were taken. */
typedef struct {
  guint8 n_taken;
  guint8 cells[CP_ACTION_MAX_CELLS];
  guint8 kinds[CP_ACTION_MAX_CELLS];
  guint8 flags[CP_ACTION_MAX_CELLS];
  CpOutcome outcome;
} ChivalryUndo;

G_STATIC_ASSERT (sizeof (ChivalryUndo) <= sizeof (CpUndo));

/* The cell hopped over between two cells of a path, or CP_NO_CELL when
 * they are not two cells apart in a line (a step to a neighbour). */
static guint
hopped_cell (guint from, guint to)
{
  int dx = (int) (to % WIDTH) - (int) (from % WIDTH);
  int dy = (int) (to / WIDTH) - (int) (from / WIDTH);

  if (from >= MAX_CELL || to >= MAX_CELL || (dx == 0 && dy == 0)
      || (dx != 0 && ABS (dx) != 2) || (dy != 0 && ABS (dy) != 2))
    return CP_NO_CELL;
  return (guint) ((int) from + dy / 2 * WIDTH + dx / 2);
}

static void
chivalry_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  ChivalryUndo u = { .outcome = state->outcome };
  CpPiece piece;

  if (action->type != CP_ACTION_MOVE || action->n_cells < 2)
    return;
  piece = state->cells[action->cells[0]];
  memset (&state->cells[action->cells[0]], 0, sizeof (CpPiece));
  for (guint i = 1; i < action->n_cells; i++)
    {
      guint over = hopped_cell (action->cells[i - 1], action->cells[i]);
      CpPiece *taken;

      if (over == CP_NO_CELL)
        continue;
      taken = &state->cells[over];
      if (taken->kind == CP_PIECE_NONE || taken->seat == action->seat)
        continue;
      u.cells[u.n_taken] = (guint8) over;
      u.kinds[u.n_taken] = taken->kind;
      u.flags[u.n_taken] = taken->flags;
      u.n_taken++;
      memset (taken, 0, sizeof *taken);
    }
  state->cells[action->cells[action->n_cells - 1]] = piece;
  state->to_move = (guint8) (1 - action->seat);
  state->ply++;
  if (undo != NULL)
    memcpy (undo, &u, sizeof u);
}

static void
chivalry_unmake (CpState *state, const CpAction *action, const CpUndo *undo)
{
  ChivalryUndo u;
  guint last;

  if (action->type != CP_ACTION_MOVE || action->n_cells < 2)
    return;
  last = action->cells[action->n_cells - 1];
  memcpy (&u, undo, sizeof u);
  state->cells[action->cells[0]] = state->cells[last];
  memset (&state->cells[last], 0, sizeof (CpPiece));
  for (guint i = 0; i < u.n_taken; i++)
    {
      CpPiece *taken = &state->cells[u.cells[i]];

      memset (taken, 0, sizeof *taken);
      taken->kind = u.kinds[i];
      taken->seat = (guint8) (1 - action->seat);
      taken->flags = u.flags[i];
    }
  state->to_move = action->seat;
  state->ply--;
  state->outcome = u.outcome;
}

/* The end of the game. */

static void
chivalry_outcome (const CpState *state, CpOutcome *outcome)
{
  guint count[2] = { 0, 0 };
  g_auto (CpActionList) moves = { 0 };

  for (guint c = 0; c < MAX_CELL; c++)
    if (state->cells[c].kind != CP_PIECE_NONE && state->cells[c].seat < 2)
      count[state->cells[c].seat]++;

  for (guint seat = 0; seat < 2; seat++)
    {
      const CpPiece *a = &state->cells[castles[1 - seat][0]];
      const CpPiece *b = &state->cells[castles[1 - seat][1]];

      if (a->kind != CP_PIECE_NONE && a->seat == seat && b->kind != CP_PIECE_NONE && b->seat == seat)
        {
          *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_CASTLE_TAKEN, CP_SEAT_BIT (seat) };
          return;
        }
    }
  if (count[0] <= 1 && count[1] <= 1)
    {
      *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_ONE_PIECE_LEFT, 0 };
      return;
    }
  for (guint seat = 0; seat < 2; seat++)
    if (count[seat] <= 1)
      {
        *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_ONE_PIECE_LEFT, CP_SEAT_BIT (1 - seat) };
        return;
      }
  chivalry_legal (state, state->to_move, &moves);
  if (moves.len == 0)
    {
      *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_NO_MOVES, CP_SEAT_BIT (1 - state->to_move) };
      return;
    }
  *outcome = (CpOutcome) { CP_STATUS_PLAYING, CP_END_NONE, 0 };
}

/* Evaluation for computer players: pieces (a knight, which may charge,
 * above a man), how close each stands to the enemy's castle (closer
 * counting more and more), a piece already inside it, and pieces standing
 * together, which are harder to jump. */

static int
chivalry_evaluate (const CpState *state, guint seat)
{
  const guint8 *next = cp_board_get_neighbours (state->board);
  int score[2] = { 0, 0 };

  for (guint c = 0; c < MAX_CELL; c++)
    {
      const CpPiece *p = &state->cells[c];
      int x = (int) (c % WIDTH), y = (int) (c / WIDTH), distance = G_MAXINT, ahead;
      guint s;

      if (p->kind == CP_PIECE_NONE || p->seat > 1)
        continue;
      s = p->seat;
      for (guint i = 0; i < 2; i++)
        {
          int cx = castles[1 - s][i] % WIDTH, cy = castles[1 - s][i] / WIDTH;

          distance = MIN (distance, MAX (ABS (x - cx), ABS (y - cy)));
        }
      ahead = MAX (HEIGHT - 1 - distance, 0);
      score[s] += (p->kind == CP_PIECE_CHIVALRY_KNIGHT ? 180 : 100) + ahead * ahead / 3;
      if (in_castle (c, 1 - s))
        score[s] += 200;
      for (guint d = 0; d < CP_N_DIRS; d++)
        {
          guint n = next[c * CP_N_DIRS + d];

          if (n != CP_NO_CELL && state->cells[n].kind != CP_PIECE_NONE && state->cells[n].seat == s)
            score[s] += 2;
        }
    }
  return score[seat] - score[1 - seat] + (state->to_move == seat ? 10 : -10);
}

/* Notation: the cells of the path, joined by "-" after a step or a canter
 * and by "x" after a jump, such as "F7-F9xF11". */

static char *
chivalry_format (const CpState *before, const CpAction *action, CpNotation notation)
{
  GString *out;

  if (action->type != CP_ACTION_MOVE || action->n_cells == 0)
    return g_strdup (cp_action_type_to_id (action->type));
  out = g_string_new (NULL);
  for (guint i = 0; i < action->n_cells; i++)
    {
      g_autofree char *name = cp_board_cell_name (before->board, action->cells[i]);

      if (i > 0)
        {
          guint over = hopped_cell (action->cells[i - 1], action->cells[i]);
          const CpPiece *piece = over != CP_NO_CELL ? &before->cells[over] : NULL;
          gboolean jump = piece != NULL && piece->kind != CP_PIECE_NONE && piece->seat != action->seat;

          g_string_append_c (out, jump ? 'x' : '-');
        }
      g_string_append (out, name);
    }
  return g_string_free (out, FALSE);
}

static gboolean
cannot_play (GError **error, const char *text, const char *reason)
{
  g_set_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION, _("“%s” cannot be played: %s"), text, reason);
  return FALSE;
}

/* Reads the cells of @text; "-", "x", "×", dashes and spaces between them
 * all separate, and file letters may be of either case. */
static gboolean
read_cells (CpBoard *board, const char *text, CpAction *action, GError **error)
{
  const char *p = text;

  action->n_cells = 0;
  while (*p != '\0')
    {
      char name[8];
      guint n = 0, cell;

      if (g_ascii_isspace (*p) || *p == '-' || *p == 'x' || *p == 'X' || *p == ':')
        {
          p++;
          continue;
        }
      if (g_str_has_prefix (p, "×") || g_str_has_prefix (p, "–") || g_str_has_prefix (p, "—"))
        {
          p = g_utf8_next_char (p);
          continue;
        }
      name[n++] = g_ascii_toupper (*p++);
      while (g_ascii_isdigit (*p) && n < sizeof name - 1)
        name[n++] = *p++;
      name[n] = '\0';
      if (g_ascii_isdigit (*p) || !g_ascii_isalpha (name[0]) || n == 1)
        {
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                       _("“%s” is not a move: give the cells it passes, such as F7-F8"), text);
          return FALSE;
        }
      if (!cp_board_parse_cell (board, name, &cell, error))
        return FALSE;
      if (action->n_cells == CP_ACTION_MAX_CELLS)
        {
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                       _("A move passes at most %u cells"), CP_ACTION_MAX_CELLS);
          return FALSE;
        }
      action->cells[action->n_cells++] = (guint8) cell;
    }
  return TRUE;
}

typedef enum {
  FREE_CHOICE,
  MUST_LEAVE_CASTLE,  /* a piece that jumped into its own castle moves first */
  MUST_CAPTURE,       /* some jump is possible, so a capturing move is due */
} Compulsion;

/* What the rules force among @legal, the moves of @seat. */
static Compulsion
compulsion (const CpActionList *legal, guint seat)
{
  gboolean from_castle = legal->len > 0, captures = legal->len > 0;

  for (guint i = 0; i < legal->len; i++)
    {
      from_castle = from_castle && in_castle (legal->items[i].cells[0], seat);
      captures = captures && is_capture (&legal->items[i]);
    }
  return from_castle ? MUST_LEAVE_CASTLE : captures ? MUST_CAPTURE : FREE_CHOICE;
}

static gboolean
chivalry_parse (const CpState *state, const char *text, CpAction *action, GError **error)
{
  g_autofree char *move = g_strstrip (g_strdup (text));
  g_auto (CpActionList) legal = { 0 };
  CpAction wanted;
  const CpPiece *piece;
  gboolean unfinished = FALSE;

  if (move[0] == '\0')
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, _("No move was given"));
      return FALSE;
    }
  cp_action_init (&wanted, CP_ACTION_MOVE, state->to_move);
  if (!read_cells (state->board, move, &wanted, error))
    return FALSE;
  if (wanted.n_cells < 2)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                   _("“%s” is not a move: give the cells it passes, such as F7-F8"), text);
      return FALSE;
    }

  chivalry_legal (state, state->to_move, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      const CpAction *a = &legal.items[i];

      if (a->n_cells == wanted.n_cells && memcmp (a->cells, wanted.cells, a->n_cells) == 0)
        {
          *action = *a;
          return TRUE;
        }
      if (a->n_cells > wanted.n_cells && memcmp (a->cells, wanted.cells, wanted.n_cells) == 0
          && is_capture (a))
        unfinished = TRUE;
    }

  piece = &state->cells[wanted.cells[0]];
  if (piece->kind == CP_PIECE_NONE)
    return cannot_play (error, text, _("there is no piece on its first cell"));
  if (piece->seat != state->to_move)
    return cannot_play (error, text, _("the piece on its first cell belongs to the other player"));
  if (unfinished)
    return cannot_play (error, text, _("a capturing move goes on while another jump is possible"));
  for (guint i = 1; i < wanted.n_cells; i++)
    if (memchr (wanted.cells, wanted.cells[i], i) != NULL)
      return cannot_play (error, text, _("a move never lands twice on one cell, nor back where it started"));
  switch (compulsion (&legal, state->to_move))
    {
    case MUST_LEAVE_CASTLE:
      if (!in_castle (wanted.cells[0], state->to_move))
        return cannot_play (error, text, _("the piece in its own castle must leave it first"));
      break;
    case MUST_CAPTURE:
      return cannot_play (error, text, _("a capture is possible, so a capturing move must be made"));
    default:
      break;
    }
  return cannot_play (error, text, _("it is not a legal move in this position"));
}

/* What the player to move is to do: the duty of the rules, if any. */
static char *
chivalry_prompt (const CpState *state)
{
  g_auto (CpActionList) legal = { 0 };

  chivalry_legal (state, state->to_move, &legal);
  if (legal.len == 0)
    return NULL;
  switch (compulsion (&legal, state->to_move))
    {
    case MUST_LEAVE_CASTLE:
      return g_strdup (_("Your piece in your own castle must leave it first"));
    case MUST_CAPTURE:
      return g_strdup (_("A jump over an enemy piece is possible: you must take, and jump on while you can"));
    default:
      return g_strdup (_("Move a piece: step to a next cell, canter over your own pieces, or jump an enemy piece to take it"));
    }
}

static char *
chivalry_explain (const CpState *state, guint seat, guint cell)
{
  g_auto (CpActionList) legal = { 0 };

  if (state->cells[cell].kind == CP_PIECE_NONE || state->cells[cell].seat != seat)
    return NULL;
  chivalry_legal (state, seat, &legal);
  switch (compulsion (&legal, seat))
    {
    case MUST_LEAVE_CASTLE:
      return g_strdup (_("Your piece in your own castle must leave it first"));
    case MUST_CAPTURE:
      return g_strdup (_("Another piece can take, and taking comes first"));
    default:
      return g_strdup (_("That piece has no cell to go to"));
    }
}

/* The castles, tinted, and the duty of the player to move. */
static void
chivalry_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  cp_presentation_add_legend (out, CP_MARK_TINT,
                              _("The tinted cells at each end are the castles. Two pieces of a player in the "
                                "opponent’s castle win the game."))->piece.kind = CP_PIECE_NONE;
  for (guint seat = 0; seat < 2; seat++)
    for (guint i = 0; i < 2; i++)
      {
        g_autofree char *colour = g_utf8_strdown (cp_colour_name (colours[seat]), -1);
        /* Translators: a cell of a castle in Chivalry, such as "white castle" */
        g_autofree char *words = g_strdup_printf (_("%s castle"), colour);

        cp_presentation_add_overlay (out, CP_OVERLAY_TINT, castles[seat][i], words);
      }
  if ((viewer == state->to_move || viewer == CP_VIEW_ALL) && !cp_state_is_over (state))
    cp_presentation_set_prompt (out, chivalry_prompt (state));
}

const CpRules cp_chivalry_rules = {
  .id = "chivalry",
  .name = N_("Chivalry"),
  .summary = N_("Parker’s game of 1887: canter and jump to take the enemy’s castle"),
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_DRAWS,
  .options = options,
  .n_options = G_N_ELEMENTS (options),
  .colours = colours,
  .state_size = sizeof (CpState),
  .init = chivalry_init,
  .pending = chivalry_pending,
  .legal = chivalry_legal,
  .make = chivalry_make,
  .unmake = chivalry_unmake,
  .outcome = chivalry_outcome,
  .format = chivalry_format,
  .parse = chivalry_parse,
  .present = chivalry_present,
  .explain = chivalry_explain,
  .evaluate = chivalry_evaluate,
  .write_position = chivalry_write_position,
};
