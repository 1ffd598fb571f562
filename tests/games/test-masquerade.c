/* test-masquerade.c: Masquerade Chess
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "cp-engine.h"
#include "cp-test-util.h"
#include "cp-record.h"

enum { WHITE, BLACK };

/* A table as the players write it: the capture move of the king, queen,
 * rook, bishop and knight in turn ("RKNBQ": the king captures as a rook,
 * the queen as a king...). */
static const char order[] = "KQRBN";

static guint32
table_value (const char *table)
{
  guint32 value = 0;

  for (int r = 4; r >= 0; r--)
    value = value * 5 + (guint32) (strchr (order, table[r]) - order);
  return value;
}

static void
write_table (CpGame *game, guint seat, const char *table)
{
  CpAction commit;

  cp_action_init (&commit, CP_ACTION_COMMIT, seat);
  commit.value = table_value (table);
  commit.visible = CP_SEAT_BIT (seat);
  cp_test_play_action (game, commit);
}

/* A game whose players wrote @white's table (for Black's pieces) and
 * @black's (for White's). */
static CpGame *
new_game (const char *fen, const char *white, const char *black, const char *deduce)
{
  g_autofree char *fen_option = g_strdup_printf ("fen=%s", fen ? fen : "");
  g_autofree char *deduce_option = g_strdup_printf ("deduce=%s", deduce ? deduce : "false");
  CpGame *game = cp_test_new_game ("masquerade", 2, 5, fen_option, deduce_option, NULL);

  write_table (game, WHITE, white);
  write_table (game, BLACK, black);
  return game;
}

static gboolean
can_try (CpGame *game, const char *from, const char *to)
{
  g_auto (CpActionList) legal = { 0 };

  cp_test_legal (game, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_MOVE && legal.items[i].cells[0] == cp_test_cell (from)
        && legal.items[i].cells[1] == cp_test_cell (to))
      return TRUE;
  return FALSE;
}

static char *
text_for (CpGame *game, guint back, guint seat)
{
  return cp_game_format_action_for (game, cp_game_get_n_actions (game) - back, CP_NOTATION_SAN, seat);
}

static void
assert_text (CpGame *game, guint back, guint seat, const char *expected)
{
  g_autofree char *text = text_for (game, back, seat);

  g_assert_cmpstr (text, ==, expected);
}

static gboolean
is (CpGame *game, const char *name, guint seat, CpPieceKind kind)
{
  const CpPiece *p = cp_test_piece_at (game, name);

  return p->kind == kind && (kind == CP_PIECE_NONE || p->seat == seat);
}

static void
assert_prompt (CpGame *game, guint seat, const char *expected)
{
  g_autoptr (CpView) view = cp_game_view (game, seat);
  g_autoptr (CpPresentation) shown = cp_game_present (game, view);

  g_assert_cmpstr (shown->prompt, ==, expected);
}

/* The marks of the table of @owner's pieces that @viewer is shown, as
 * rows of '.', 'o' (written), 'O' (known), 'x' (ruled out), in capitals'
 * order; faint marks in brackets are left out unless @faint. */
static char *
marks (CpGame *game, guint viewer, guint owner, gboolean faint)
{
  g_autoptr (CpView) view = cp_game_view (game, viewer);
  g_autoptr (CpPresentation) shown = cp_game_present (game, view);
  static const char letters[] = ".oOx";

  for (guint i = 0; i < shown->grids->len; i++)
    {
      const CpGrid *grid = &g_array_index (shown->grids, CpGrid, i);
      GString *text = g_string_new (NULL);

      if (grid->seat != owner || grid->choosing)
        {
          g_string_free (text, TRUE);
          continue;
        }
      for (guint r = 0; r < grid->n_rows; r++)
        {
          if (r > 0)
            g_string_append_c (text, ' ');
          for (guint c = 0; c < grid->n_columns; c++)
            {
              guint mark = grid->marks[r][c];

              if ((mark & CP_GRID_FAINT) && !faint)
                mark = CP_GRID_EMPTY;
              g_string_append_c (text, letters[mark & ~CP_GRID_FAINT]);
            }
        }
      return g_string_free (text, FALSE);
    }
  return NULL;
}

static void
assert_marks (CpGame *game, guint viewer, guint owner, gboolean faint, const char *expected)
{
  g_autofree char *text = marks (game, viewer, owner, faint);

  g_assert_cmpstr (text, ==, expected);
}

/* The example of the rules: the table written for Alice (White) gives
 * her king a rook's capture, her queen a king's, her rook a knight's, her
 * bishop its own and her knight a queen's. */
static void
test_example_table (void)
{
  g_autoptr (CpGame) game = new_game ("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", "KQRBN", "RKNBQ", NULL);

  /* The knight tries d5 as a knight would, and is refused: it captures
   * as a queen, which does not reach d5 from c3. */
  g_assert_true (can_try (game, "c3", "d5"));
  cp_test_play (game, "Nc3xd5?");
  assert_text (game, 2, WHITE, "Nc3xd5?");
  assert_text (game, 1, BLACK, "the capture is refused: nothing moves");
  g_assert_true (is (game, "c3", WHITE, CP_PIECE_KNIGHT));
  g_assert_true (is (game, "d5", BLACK, CP_PIECE_PAWN));
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
  /* Both learn the knight's capture is not a knight's. */
  assert_marks (game, WHITE, WHITE, FALSE, "..... ..... ..... ..... ....x");
  assert_marks (game, BLACK, WHITE, FALSE, "..o.. o.... ....o ...o. .o..x");

  /* The answer is said again when the turn comes. */
  assert_prompt (game, BLACK, "Your opponent’s capture was refused. Move without capturing, or try a capture");
  cp_test_play (game, "Ke7");
  assert_prompt (game, WHITE, "Your last capture was refused. Move without capturing, or try a capture");

  /* One step aside, a king's, a queen's or a bishop's capture reaches
   * d4 from c3: the knight may try it, and its queen's capture takes. */
  cp_test_play (game, "Kd1 d4");
  assert_prompt (game, WHITE, "Move without capturing, or try a capture");
  g_assert_true (can_try (game, "c3", "d4"));
  g_assert_false (can_try (game, "c3", "e7"));
  cp_test_play (game, "Nc3xd4?");
  assert_text (game, 1, WHITE, "the capture is allowed");
  g_assert_true (is (game, "d4", WHITE, CP_PIECE_KNIGHT));
  g_assert_true (is (game, "c3", WHITE, CP_PIECE_NONE));
  /* The rook's and the knight's captures are ruled out. */
  assert_marks (game, WHITE, WHITE, FALSE, "..... ..... ..... ..... ..x.x");
}

/* Pawns take as pawns, en passant too, without asking. */
static void
test_pawns (void)
{
  g_autoptr (CpGame) game = new_game ("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "NBRQK", "NRQBK", NULL);
  guint n;

  cp_test_play (game, "d5");
  n = cp_game_get_n_actions (game);
  cp_test_play (game, "exd6");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, n + 1);
  g_assert_true (is (game, "d6", WHITE, CP_PIECE_PAWN));
  g_assert_true (is (game, "d5", WHITE, CP_PIECE_NONE));
  /* The new queen captures as the queen's row says: as a rook. */
  cp_test_play (game, "Kf8 d7 Kg8 d8=Q Kh8");
  g_assert_true (can_try (game, "d8", "h8"));
  cp_test_play (game, "Qd8xh8?");
  g_assert_true (is (game, "h8", WHITE, CP_PIECE_QUEEN));
  g_assert_cmpint (cp_game_get_outcome (game)->status, ==, CP_STATUS_WON);
  g_assert_cmpint (cp_game_get_outcome (game)->reason, ==, CP_END_KING_CAPTURED);
  g_assert_cmpuint (cp_game_get_outcome (game)->winners, ==, CP_SEAT_BIT (WHITE));
}

/* No check: the king may castle out of danger and through it, and step
 * into it. */
static void
test_no_check (void)
{
  g_autoptr (CpGame) game = new_game ("k3r3/5r2/8/8/8/8/8/4K2R w K - 0 1", "KQRBN", "KQRBN", NULL);

  cp_test_play (game, "O-O");
  g_assert_true (is (game, "g1", WHITE, CP_PIECE_KING));
  g_assert_true (is (game, "f1", WHITE, CP_PIECE_ROOK));
  cp_test_play (game, "Rg7");
  g_assert_true (can_try (game, "g1", "g2"));
  cp_test_play (game, "Kg2");
  g_assert_cmpint (cp_game_get_outcome (game)->status, ==, CP_STATUS_PLAYING);
  /* The rook takes the king with its own capture: the game is over. */
  cp_test_play (game, "Rg7xg2?");
  g_assert_cmpint (cp_game_get_outcome (game)->reason, ==, CP_END_KING_CAPTURED);
  g_assert_cmpuint (cp_game_get_outcome (game)->winners, ==, CP_SEAT_BIT (BLACK));
}

/* Only pieces an enemy piece could be reached by, with some capture move,
 * may be tried; a capture onto an empty cell is no attempt. */
static void
test_attempts (void)
{
  g_autoptr (CpGame) game = new_game ("4k3/8/8/8/8/1p6/8/R3K3 w - - 0 1", "KQRBN", "KQRBN", NULL);
  g_auto (CpActionList) legal = { 0 };
  guint tries = 0;

  cp_test_legal (game, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].flags & CP_ACTION_FLAG_CAPTURE)
      tries++;
  /* The rook on a1 may try b3 (a knight's jump), the king e8 (a queen's
   * or a rook's line); the king cannot reach b3 with any capture. */
  g_assert_cmpuint (tries, ==, 2);
  g_assert_true (can_try (game, "a1", "b3"));
  g_assert_true (can_try (game, "e1", "e8"));
  g_assert_false (can_try (game, "e1", "b3"));
  g_assert_false (can_try (game, "a1", "e8"));
}

/* Each seat sees the table it wrote and what both have learnt, never the
 * table written for its own pieces; a saved record keeps both tables
 * sealed to the other seat; a finished game shows them all. */
static void
test_secrets (void)
{
  g_autoptr (CpGame) game = new_game ("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", "NBRQK", "RKNBQ", NULL);
  g_autoptr (CpGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autofree char *xml = NULL;
  gsize length;
  int fd;

  assert_text (game, 2, BLACK, "makes a sealed choice");
  assert_text (game, 2, WHITE, "writes the capture moves of the opponent’s pieces: king as knight, queen as "
                               "bishop, rook as rook, bishop as queen, knight as king");
  assert_marks (game, WHITE, WHITE, FALSE, "..... ..... ..... ..... .....");
  assert_marks (game, WHITE, BLACK, FALSE, "....o ...o. ..o.. .o... o....");
  assert_marks (game, BLACK, WHITE, FALSE, "..o.. o.... ....o ...o. .o...");
  {
    g_autoptr (CpView) view = cp_game_view (game, BLACK);

    g_assert_true (cp_view_get_action (view, 0)->flags & CP_ACTION_FLAG_REDACTED);
    g_assert_cmpuint (cp_view_get_action (view, 0)->value, ==, 0);
    g_assert_cmpuint (cp_view_get_action (view, 1)->value, ==, table_value ("RKNBQ"));
  }
  /* Answers reveal nothing of the tables to the log. */
  cp_test_play (game, "Nc3xd5?");
  {
    g_autoptr (CpView) view = cp_game_view (game, WHITE);

    g_assert_true (cp_view_get_action (view, 1)->flags & CP_ACTION_FLAG_REDACTED);
  }

  fd = g_file_open_tmp ("masquerade-XXXXXX.chessparlour", &path, &error);
  g_assert_no_error (error);
  close (fd);
  file = g_file_new_for_path (path);
  g_assert_true (cp_record_save (game, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &xml, &length, &error));
  g_assert_nonnull (strstr (xml, "<commit seat=\"0\""));
  g_assert_nonnull (strstr (xml, "visible-to=\"0\""));
  g_assert_nonnull (strstr (xml, "visible-to=\"1\""));
  loaded = cp_record_load (file, &error);
  g_assert_no_error (error);
  g_unlink (path);
  assert_marks (loaded, BLACK, WHITE, FALSE, "..o.. o.... ....o ...o. .o..x");
  assert_marks (loaded, BLACK, BLACK, FALSE, "..... ..... ..... ..... .....");
  {
    g_autoptr (CpView) view = cp_game_view (loaded, BLACK);
    const CpState *state = cp_view_get_state (view);
    g_autoptr (CpState) again = cp_state_copy (state);

    state->rules->redact (again, BLACK);
    g_assert_cmpmem (again, state->rules->state_size, state, state->rules->state_size);
    g_assert_true (cp_view_get_action (view, 0)->flags & CP_ACTION_FLAG_REDACTED);
  }

  /* Once the king is taken, the view of all shows both tables. */
  cp_test_play (loaded, "Kd7 Nb5 d4 Nb5xd7?");
  assert_text (loaded, 1, WHITE, "the capture is allowed");
  g_assert_cmpint (cp_game_get_outcome (loaded)->reason, ==, CP_END_KING_CAPTURED);
  assert_marks (loaded, CP_VIEW_ALL, WHITE, FALSE, "..o.. o.... ....o ...o. xox.x");
  assert_marks (loaded, CP_VIEW_ALL, BLACK, FALSE, "....o ...o. ..o.. .o... o....");
}

/* With deduction on, what follows from one move for each kind is filled
 * in, faintly: a row with four crosses gets its circle, and its column
 * crosses in the other rows. */
static void
test_deduce (void)
{
  for (guint on = 0; on < 2; on++)
    {
      g_autoptr (CpGame) game = new_game ("4k3/8/8/2r5/3p4/2N5/8/4K3 w - - 0 1", "KQRBN", "QKRBN",
                                          on ? "true" : "false");

      /* Queen's and rook's captures, then king's, queen's and bishop's. */
      cp_test_play (game, "Nc3xc5? Ke7 Nc3xd4?");
      assert_text (game, 1, BLACK, "the capture is refused: nothing moves");
      assert_marks (game, WHITE, WHITE, FALSE, "..... ..... ..... ..... xxxx.");
      assert_marks (game, WHITE, WHITE, TRUE, on ? "....x ....x ....x ....x xxxxO"
                                                 : "..... ..... ..... ..... xxxx.");
    }
}

/* Move counting, written apart from the engine: a board of letters,
 * every move tried, attempts answered from the tables. */

typedef struct {
  char sq[64];          /* 'PNBRQK' White, 'pnbrqk' Black, '.' empty */
  int to_move;
  int ep;               /* the cell a double step passed, or -1 */
  gboolean castle[2][2];
  char table[2][6];     /* table[s]: the capture moves seat s wrote, in "KQRBN" order */
} Brute;

static int
owner (char c)
{
  return c == '.' ? -1 : g_ascii_isupper (c) ? 0 : 1;
}

static int
brute_at (int f, int r)
{
  return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : r * 8 + f;
}

static void
brute_read (Brute *b, const char *fen)
{
  int f = 0, r = 7;
  const char *s = fen;

  memset (b->sq, '.', 64);
  for (; *s != ' '; s++)
    if (*s == '/')
      r--, f = 0;
    else if (g_ascii_isdigit (*s))
      f += *s - '0';
    else
      b->sq[r * 8 + f++] = *s;
  b->to_move = s[1] == 'w' ? 0 : 1;
  s += 3;
  memset (b->castle, 0, sizeof b->castle);
  for (; *s != ' '; s++)
    if (*s != '-')
      b->castle[owner (*s)][g_ascii_tolower (*s) == 'q'] = TRUE;
  s++;
  b->ep = *s == '-' ? -1 : (s[1] - '1') * 8 + (s[0] - 'a');
}

/* Whether a piece capturing as @move (a capital) goes from @from to @to. */
static gboolean
reaches (const Brute *b, char move, int from, int to)
{
  int df = to % 8 - from % 8, dr = to / 8 - from / 8;
  int adf = ABS (df), adr = ABS (dr);

  switch (move)
    {
    case 'K':
      return MAX (adf, adr) == 1;
    case 'N':
      return adf * adr == 2;
    case 'R':
      if (df != 0 && dr != 0)
        return FALSE;
      break;
    case 'B':
      if (adf != adr)
        return FALSE;
      break;
    default:
      if (df != 0 && dr != 0 && adf != adr)
        return FALSE;
    }
  if (df == 0 && dr == 0)
    return FALSE;
  for (int i = 1; i < MAX (adf, adr); i++)
    if (b->sq[brute_at (from % 8 + i * (df > 0) - i * (df < 0), from / 8 + i * (dr > 0) - i * (dr < 0))] != '.')
      return FALSE;
  return TRUE;
}

typedef struct {
  int from, to;
  char promote;
  gboolean attempt;
} BruteMove;

static void
push (GArray *moves, int from, int to, char promote, gboolean attempt)
{
  BruteMove m = { from, to, promote, attempt };

  g_array_append_val (moves, m);
}

static void
pawn_push (GArray *moves, const Brute *b, int from, int to)
{
  if (to / 8 == 0 || to / 8 == 7)
    for (const char *p = "QRBN"; *p; p++)
      push (moves, from, to, *p, FALSE);
  else
    push (moves, from, to, 0, FALSE);
}

static void
brute_moves (const Brute *b, GArray *moves)
{
  int me = b->to_move, dir = me == 0 ? 1 : -1;

  for (int from = 0; from < 64; from++)
    {
      char c = b->sq[from], kind = g_ascii_toupper (c);

      if (owner (c) != me)
        continue;
      if (kind == 'P')
        {
          int one = from + 8 * dir;

          if (b->sq[one] == '.')
            {
              pawn_push (moves, b, from, one);
              if (from / 8 == (me == 0 ? 1 : 6) && b->sq[one + 8 * dir] == '.')
                push (moves, from, one + 8 * dir, 0, FALSE);
            }
          for (int side = -1; side <= 1; side += 2)
            {
              int to = brute_at (from % 8 + side, from / 8 + dir);

              if (to >= 0 && owner (b->sq[to]) == 1 - me)
                pawn_push (moves, b, from, to);
              else if (to >= 0 && to == b->ep)
                push (moves, from, to, 0, FALSE);
            }
          continue;
        }
      for (int to = 0; to < 64; to++)
        {
          if (owner (b->sq[to]) == me)
            continue;
          if (owner (b->sq[to]) == -1)
            {
              if (reaches (b, kind, from, to))
                push (moves, from, to, 0, FALSE);
              continue;
            }
          for (const char *m = "KQRBN"; *m; m++)
            if (reaches (b, *m, from, to))
              {
                push (moves, from, to, 0, TRUE);
                break;
              }
        }
      if (kind == 'K')
        for (int side = 0; side < 2; side++)
          {
            int rank = me * 56, rook = rank + (side ? 0 : 7);
            gboolean clear = b->castle[me][side] && from == rank + 4
                             && b->sq[rook] == (me ? 'r' : 'R');

            for (int x = MIN (4, rook % 8) + 1; x < MAX (4, rook % 8) && clear; x++)
              clear = b->sq[rank + x] == '.';
            if (clear)
              push (moves, from, rank + (side ? 2 : 6), 0, FALSE);
          }
    }
}

static void
brute_play (Brute *b, const BruteMove *m)
{
  int me = b->to_move;
  char c = b->sq[m->from], kind = g_ascii_toupper (c);
  int ep = -1;

  b->to_move = 1 - me;
  if (m->attempt)
    {
      char move = b->table[1 - me][strchr (order, kind) - order];

      b->ep = -1;
      if (!reaches (b, move, m->from, m->to))
        return;
    }
  if (kind == 'P' && m->to == b->ep)
    b->sq[m->to - (me == 0 ? 8 : -8)] = '.';
  if (kind == 'P' && ABS (m->to - m->from) == 16)
    ep = (m->from + m->to) / 2;
  if (kind == 'K' && ABS (m->to - m->from) == 2)
    {
      int rank = me * 56, rook = m->to > m->from ? rank + 7 : rank;

      b->sq[(m->from + m->to) / 2] = b->sq[rook];
      b->sq[rook] = '.';
    }
  b->sq[m->to] = m->promote ? (me ? g_ascii_tolower (m->promote) : m->promote) : c;
  b->sq[m->from] = '.';
  b->ep = ep;
  if (kind == 'K')
    b->castle[me][0] = b->castle[me][1] = FALSE;
  for (int s = 0; s < 2; s++)
    for (int side = 0; side < 2; side++)
      {
        int rook = s * 56 + (side ? 0 : 7);

        if (m->from == rook || m->to == rook)
          b->castle[s][side] = FALSE;
      }
}

static guint64
brute_count (const Brute *b, guint depth)
{
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (BruteMove));
  guint64 n = 0;

  brute_moves (b, moves);
  if (depth == 1)
    return moves->len;
  for (guint i = 0; i < moves->len; i++)
    {
      Brute next = *b;

      brute_play (&next, &g_array_index (moves, BruteMove, i));
      n += brute_count (&next, depth - 1);
    }
  return n;
}

/* The table a COMMIT of the log holds, in "KQRBN" order. */
static void
read_commit (const CpAction *commit, char *table)
{
  guint32 value = commit->value;

  for (guint r = 0; r < 5; r++, value /= 5)
    table[r] = order[value % 5];
  table[5] = '\0';
}

static guint64
engine_count (CpGame *game, guint depth)
{
  g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));

  return cp_state_perft (state, depth);
}

/* From the secret set-up a seed gives, as `--perft` counts. */
static void
test_perft_seeded (void)
{
  const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  for (guint64 seed = 1; seed <= 3; seed++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("masquerade", 2, seed, NULL);
      Brute b;

      g_assert_cmpuint (cp_game_choose_secrets (game), ==, 2);
      g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE));
      brute_read (&b, start);
      for (guint i = 0; i < 2; i++)
        {
          const CpAction *commit = cp_game_get_action (game, i);

          read_commit (commit, b.table[commit->seat]);
        }
      for (guint depth = 1; depth <= 3; depth++)
        g_assert_cmpuint (engine_count (game, depth), ==, brute_count (&b, depth));
    }
  {
    g_autoptr (CpGame) game = cp_test_new_game ("masquerade", 2, 1, NULL);

    cp_game_choose_secrets (game);
    g_assert_cmpuint (engine_count (game, 1), ==, 20);
    g_assert_cmpuint (engine_count (game, 2), ==, 400);
    g_assert_cmpuint (engine_count (game, 3), ==, 9218);
  }
}

/* From positions where captures are tried and answered both ways. */
static void
test_perft_positions (void)
{
  static const struct {
    const char *fen, *white, *black;
  } cases[] = {
    { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "KQRBN", "NBRQK" },
    { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "QNBKR", "RKNBQ" },
    { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "BQKRN", "QKRBN" },
    { "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", "NKQRB", "KQRBN" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CpGame) game = new_game (cases[i].fen, cases[i].white, cases[i].black, NULL);
      Brute b;

      brute_read (&b, cases[i].fen);
      memcpy (b.table[0], cases[i].white, 6);
      memcpy (b.table[1], cases[i].black, 6);
      for (guint depth = 1; depth <= 3; depth++)
        g_assert_cmpuint (engine_count (game, depth), ==, brute_count (&b, depth));
    }
}

/* The table a player fills in comes with the hurried players' choice;
 * its value is a legal table. */
static void
test_choosing (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("masquerade", 2, 5, NULL);
  g_autoptr (CpView) view = cp_game_view (game, BLACK);
  g_autoptr (CpPresentation) shown = cp_game_present (game, view);
  const CpGrid *grid;
  guint8 columns[CP_GRID_MAX] = { 0 };
  g_autofree char *text = NULL;
  CpAction commit;

  g_assert_cmpuint (shown->grids->len, ==, 1);
  grid = &g_array_index (shown->grids, CpGrid, 0);
  g_assert_true (grid->choosing);
  g_assert_cmpuint (grid->seat, ==, WHITE);
  g_assert_cmpint (grid->action.type, ==, CP_ACTION_COMMIT);
  g_assert_cmpuint (grid->action.seat, ==, BLACK);
  for (guint r = 0; r < grid->n_rows; r++)
    for (guint c = 0; c < grid->n_columns; c++)
      if (grid->marks[r][c] == CP_GRID_CIRCLE)
        columns[r] = (guint8) c;
  commit = grid->action;
  commit.value = cp_grid_value (grid, columns);
  g_assert_cmpuint (commit.value, ==, table_value ("QNBKR"));
  cp_test_play_action (game, commit);
  text = text_for (game, 1, BLACK);
  g_assert_cmpstr (text, ==, "writes the capture moves of the opponent’s pieces: king as queen, queen as "
                             "knight, rook as bishop, bishop as king, knight as rook");
  /* White, who cannot see Black's table, sees that it was written. */
  {
    g_autoptr (CpView) white = cp_game_view (game, WHITE);

    g_assert_cmpuint (cp_state_pending (cp_view_get_state (white)), ==, CP_SEAT_BIT (WHITE));
  }
  g_assert_true (cp_grid_columns (grid, commit.value, columns));
  g_assert_cmpuint (columns[0], ==, 1);
  g_assert_false (cp_grid_columns (grid, 5 * 5 * 5 * 5 * 5, columns));
}

/* Position texts. */

static CpGame *
game_from (const char *text)
{
  g_autofree char *option = g_strconcat ("fen=", text, NULL);

  return cp_test_new_game ("masquerade", 2, 5, option, NULL);
}

static void
assert_position (CpGame *game, const char *expected)
{
  g_autofree char *text = cp_test_position (cp_game_get_state (game));

  g_assert_cmpstr (text, ==, expected);
}

/* Both tables given: play starts at once, and the answers follow them;
 * what an answer shows is written into the text. */
static void
test_position_tables (void)
{
  /* Black's table gives White's rook the knight's capture. */
  g_autoptr (CpGame) game = game_from ("4k3/8/8/n7/8/1p6/8/R3K3 w - - 0 1 QNBKR RKNBQ - - -,-");
  g_autoptr (CpGame) again = NULL;

  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE));
  g_assert_true (can_try (game, "a1", "a5"));
  cp_test_play (game, "Ra1xa5?");
  /* Refused: the rook's and the queen's captures are ruled out for it. */
  g_assert_true (is (game, "a5", BLACK, CP_PIECE_KNIGHT));
  assert_position (game, "4k3/8/8/n7/8/1p6/8/R3K3 b - - 1 1 QNBKR RKNBQ -/-/qr/-/- - xa1,-");
  assert_marks (game, WHITE, WHITE, FALSE, "..... ..... .xx.. ..... .....");

  again = game_from ("4k3/8/8/n7/8/1p6/8/R3K3 b - - 1 1 QNBKR RKNBQ -/-/qr/-/- - xa1,-");
  assert_position (again, "4k3/8/8/n7/8/1p6/8/R3K3 b - - 1 1 QNBKR RKNBQ -/-/qr/-/- - xa1,-");
  assert_marks (again, WHITE, WHITE, FALSE, "..... ..... .xx.. ..... .....");
  assert_prompt (again, BLACK, "Your opponent’s capture was refused. Move without capturing, or try a capture");
  cp_test_play (again, "Kd8");
  /* The knight's jump is the rook's capture: allowed, and found out. */
  cp_test_play (again, "Ra1xb3?");
  g_assert_true (is (again, "b3", WHITE, CP_PIECE_ROOK));
  assert_position (again, "3k4/8/8/n7/8/1R6/8/4K3 b - - 0 2 QNBKR RKNBQ -/-/kqrbN/-/- - +,-");
}

/* The example of the help page: after 4. Nf3xf6? gxf6, White's knights
 * capture as a queen or a rook; read back, the position plays on. */
static void
test_position_example (void)
{
  static const char expected[] = "r1bqkb1r/pppp1p1p/2n2p2/4p3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 5 "
                                 "QNBKR RKNBQ -/-/-/-/kbn - +,-";
  g_autoptr (CpGame) game = new_game (NULL, "QNBKR", "RKNBQ", NULL);
  g_autoptr (CpGame) again = NULL;
  g_autofree char *marks_before = NULL;

  cp_test_play (game, "e4 e5 Nf3 Nc6 Nf3xe5? Nf6 Nf3xf6? gxf6");
  assert_position (game, expected);
  again = game_from (expected);
  assert_position (again, expected);
  marks_before = marks (game, WHITE, WHITE, TRUE);
  assert_marks (again, WHITE, WHITE, TRUE, marks_before);
  /* The queen captures as a king: not along the f-file. */
  cp_test_play (again, "Qf3 d6 Qf3xf6?");
  g_assert_true (is (again, "f3", WHITE, CP_PIECE_QUEEN));
  g_assert_true (is (again, "f6", BLACK, CP_PIECE_PAWN));
}

/* One table written: the other player writes theirs; none: both do, as
 * with a plain FEN. */
static void
test_position_writing (void)
{
  g_autoptr (CpGame) one = game_from ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 QNBKR -");
  g_autoptr (CpGame) plain = game_from ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");

  g_assert_cmpuint (cp_game_get_pending (one), ==, CP_SEAT_BIT (BLACK));
  assert_position (one, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 QNBKR - - - -,-");
  write_table (one, BLACK, "RKNBQ");
  g_assert_cmpuint (cp_game_get_pending (one), ==, CP_SEAT_BIT (WHITE));
  assert_position (one, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 QNBKR RKNBQ - - -,-");

  g_assert_cmpuint (cp_game_get_pending (plain), ==, CP_SEAT_BIT (WHITE) | CP_SEAT_BIT (BLACK));
  assert_position (plain, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - - -,-");
}

/* Without check, a position where the side that has just moved left its
 * king attacked is one of the game's; a king taken ends it. */
static void
test_position_no_check (void)
{
  g_autoptr (CpGame) attacked = game_from ("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1 QNBKR RKNBQ - - -,-");
  g_autoptr (CpGame) taken = game_from ("8/8/8/8/8/8/4r3/4K3 b - - 0 1 QNBKR RKNBQ - - -,-");

  g_assert_cmpint (cp_game_get_outcome (attacked)->status, ==, CP_STATUS_PLAYING);
  g_assert_true (can_try (attacked, "e2", "e1"));
  g_assert_cmpint (cp_game_get_outcome (taken)->reason, ==, CP_END_KING_CAPTURED);
  g_assert_cmpuint (cp_game_get_outcome (taken)->winners, ==, CP_SEAT_BIT (WHITE));
  assert_position (taken, "8/8/8/8/8/8/4r3/4K3 b - - 0 1 QNBKR RKNBQ - - -,-");
}

static void
test_position_refused (void)
{
  static const char board[] = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
  static const struct {
    const char *fields;
    const char *reason;
  } cases[] = {
    { "QQBKR RKNBQ - - -,-", "a table of capture moves must give the moves" },
    { "QNBK RKNBQ - - -,-", "a table of capture moves must give the moves" },
    { "QNBKR RKNBQ -/-/n/-/- - -,-", "an answer ruled out the capture move that the table gives" },
    { "QNBKR RKNBQ -/-/B/-/- - -,-", "an answer showed a capture move other than the one the table gives" },
    { "QNBKR RKNBQ -/-/qq/-/- - -,-", "what the answers showed must be" },
    { "QNBKR RKNBQ -/-/NK/-/- - -,-", "what the answers showed must be" },
    { "QNBKR RKNBQ - - xa1,-", "the answers must be two of" },
    { "QNBKR RKNBQ - - -,xa1", "the answers must be two of" },
    { "QNBKR RKNBQ - - -", "the answers must be two of" },
    { "QNBKR - -/-/q/-/- - -,-", "no capture has been answered before both tables are written" },
    { "QNBKR RKNBQ - - -,- -", "it has too many fields" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("%s %s", board, cases[i].fields);

      cp_test_assert_position_refused ("masquerade", 2, NULL, text, cases[i].reason);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/masquerade/example-table", test_example_table);
  g_test_add_func ("/masquerade/pawns", test_pawns);
  g_test_add_func ("/masquerade/no-check", test_no_check);
  g_test_add_func ("/masquerade/attempts", test_attempts);
  g_test_add_func ("/masquerade/secrets", test_secrets);
  g_test_add_func ("/masquerade/deduce", test_deduce);
  g_test_add_func ("/masquerade/choosing", test_choosing);
  g_test_add_func ("/masquerade/perft-seeded", test_perft_seeded);
  g_test_add_func ("/masquerade/perft-positions", test_perft_positions);
  g_test_add_func ("/masquerade/position-example", test_position_example);
  g_test_add_func ("/masquerade/position-tables", test_position_tables);
  g_test_add_func ("/masquerade/position-writing", test_position_writing);
  g_test_add_func ("/masquerade/position-no-check", test_position_no_check);
  g_test_add_func ("/masquerade/position-refused", test_position_refused);
  return g_test_run ();
}
