/* test-half-alice.c: Half Alice Chess
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-brute-lines.h"
#include "cp-engine.h"
#include "cp-test-util.h"

static gboolean
beyond (CpGame *game, const char *name)
{
  return (cp_test_piece_at (game, name)->flags & CP_PIECE_FLAG_MIRROR) != 0 && cp_test_piece_at (game, name)->checkers == 1;
}

/* The worked example: the king on b8 in check from the queen on d8, the
 * rook on b6 beyond the mirror.  a8 stays in check before the switch,
 * b7 is in check from the rook after it: a7 is the only move. */
static void
test_king_b8 (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("half-alice", 2, 1, "fen=1k1Q4/8/1R*6/8/8/8/8/7K b - - 0 1", NULL);
  g_auto (CpActionList) legal = { 0 };
  g_autofree char *text = NULL;

  g_assert_true (beyond (game, "b6"));
  g_assert_false (beyond (game, "d8"));
  cp_test_legal (game, &legal);
  g_assert_cmpuint (legal.len, ==, 1);
  text = cp_state_format (cp_game_get_state (game), &legal.items[0], CP_NOTATION_SAN);
  g_assert_cmpstr (text, ==, "Ka7");
  cp_test_play (game, "Ka7");
  g_assert_true (beyond (game, "a7"));
}

/* Moves go through the mirror and back; pieces on the other side neither
 * block nor are taken, and are never landed on. */
static void
test_mirror (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("half-alice", 2, 1, NULL);
  g_autoptr (CpGame) rook = cp_test_new_game ("half-alice", 2, 1, "fen=k7/8/8/8/8/8/4P*3/4RK2 w - - 0 1", NULL);
  g_auto (CpActionList) legal = { 0 };
  guint rook_moves = 0;

  cp_test_play (game, "e4 d5");
  g_assert_true (beyond (game, "e4"));
  g_assert_true (beyond (game, "d5"));
  cp_test_play (game, "exd5");
  g_assert_false (beyond (game, "d5"));
  g_assert_cmpuint (cp_test_piece_at (game, "d5")->seat, ==, 0);

  /* The rook passes the pawn beyond the mirror on e2 but cannot stop
   * there. */
  cp_test_legal (rook, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].cells[0] == cp_test_cell ("e1"))
      {
        g_assert_cmpuint (legal.items[i].cells[1], !=, cp_test_cell ("e2"));
        rook_moves++;
      }
  /* e3 to e8, and d1 to a1. */
  g_assert_cmpuint (rook_moves, ==, 10);
}

/* Castling on the king's side of the mirror takes king and rook through
 * it together. */
static void
test_castling (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("half-alice", 2, 1, "fen=4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", NULL);

  cp_test_play (game, "O-O");
  g_assert_cmpuint (cp_test_piece_at (game, "g1")->kind, ==, CP_PIECE_KING);
  g_assert_true (beyond (game, "g1"));
  g_assert_true (beyond (game, "f1"));
}

/* With twelve checkers each, a piece goes beyond the mirror only while
 * its owner has one free. */
static void
test_twelve_checkers (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("half-alice", 2, 1, "checkers=12",
                                              "fen=4k3/8/8/8/P*P*P*P*P*P*P*P*/8/8/R*N*B*Q*K3 w - - 0 1", NULL);
  g_auto (CpActionList) legal = { 0 };

  cp_test_legal (game, &legal);
  g_assert_cmpuint (legal.len, >, 0);
  for (guint i = 0; i < legal.len; i++)
    g_assert_cmpuint (legal.items[i].cells[0], !=, cp_test_cell ("e1"));
}

/* Counts checked against the counter written apart from the engine
 * (tests/support/cp-brute-perft.c).  From the start, depths 1 and 2 are those of
 * orthodox chess, 20 and 400: every first move of each side is legal on
 * the near side and sends a piece through the mirror, where no piece of
 * the other side can meet it before ply 3. */
static void
test_perft (void)
{
  static const char *const positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/8/8/2p*P*4/8/8/8/R3K2R w KQkq c6 0 2",
  };

  for (guint p = 0; p < G_N_ELEMENTS (positions); p++)
    for (guint depth = 1; depth <= 4; depth++)
      {
        g_autofree char *option = g_strconcat ("fen=", positions[p], NULL);
        g_autoptr (CpGame) game = cp_test_new_game ("half-alice", 2, 1, option, NULL);
        g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));

        g_assert_cmpuint (cp_state_perft (state, depth), ==, brute_perft (BRUTE_HALF_ALICE, positions[p], depth));
        if (p == 0 && depth <= 2)
          g_assert_cmpuint (cp_state_perft (state, depth), ==, depth == 1 ? 20 : 400);
      }
}

/* Along random lines of play, the counts of two plies from every fifth
 * position agree with the counter written apart from the engine. */
static void
test_brute_lines (void)
{
  static const char *const positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/8/8/2p*P*4/8/8/8/R3K2R w KQkq c6 0 2",
    "r3k2r/p1ppq*pb1/b*n2pnp1/3PN*3/1p*2P3/2N2Q*1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  };
  guint compared = cp_brute_lines ("half-alice", BRUTE_HALF_ALICE, positions, G_N_ELEMENTS (positions),
                                   6, 120, 5, 0);

  g_assert_cmpuint (compared, >, 100);
}

/* The game set up from the position @text, with the option of @checkers. */
static CpGame *
text_game (const char *text, const char *checkers, GError **error)
{
  g_autofree char *option = g_strconcat ("fen=", text, NULL);
  g_autofree char *limit = g_strconcat ("checkers=", checkers, NULL);

  return cp_test_try_new_game ("half-alice", 2, 1, (const char *const[]) { limit, option, NULL }, error);
}

/* A position gives the pieces beyond the mirror ("*") and after FEN the
 * checkers each player has, which the text decides over the option: the
 * twelve-checker position of test_twelve_checkers() plays alike from a
 * text, whatever the option; a plain FEN keeps the option's. */
static void
test_position_text (void)
{
  const char *twelve = "4k3/8/8/8/P*P*P*P*P*P*P*P*/8/8/R*N*B*Q*K3 w - - 0 1 12";
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = text_game (twelve, "all", &error);
  g_autoptr (CpGame) plain = NULL;
  g_autofree char *written = NULL, *plain_written = NULL;
  g_auto (CpActionList) legal = { 0 };

  g_assert_no_error (error);
  written = cp_state_write_position (cp_game_get_state (game), NULL);
  g_assert_cmpstr (written, ==, twelve);
  cp_test_legal (game, &legal);
  g_assert_cmpuint (legal.len, >, 0);
  for (guint i = 0; i < legal.len; i++)
    g_assert_cmpuint (legal.items[i].cells[0], !=, cp_test_cell ("e1"));

  plain = text_game ("4k3/8/8/8/8/8/8/R*3K3 b - - 0 1", "12", &error);
  g_assert_no_error (error);
  plain_written = cp_state_write_position (cp_game_get_state (plain), NULL);
  g_assert_cmpstr (plain_written, ==, "4k3/8/8/8/8/8/8/R*3K3 b - - 0 1 12");
}

static void
test_position_refused (void)
{
  static const struct {
    const char *text, *reason;
  } cases[] = {
    { "4k3/8/8/8/8/8/8/R*3K3 w - - 0 1 17", "not a number from 1 to 16" },
    { "4k3/8/8/8/8/8/8/R*3K3 w - - 0 1 twelve", "not a number from 1 to 16" },
    { "4k3/8/8/8/8/8/8/R*3K3 w - - 0 1 12 1", "too many fields" },
    { "4k3/8/8/8/P*P*P*P*P*P*P*P*/8/8/R*N*B*Q*K3 w - - 0 1 11", "more pieces on checkers" },
    { "4k3/8/8/8/8/8/8/R**3K3 w - - 0 1 16", "one checker at most" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CpGame) game = text_game (cases[i].text, "all", &error);

      g_assert_null (game);
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
      if (strstr (error->message, cases[i].reason) == NULL)
        g_error ("“%s” refused with “%s”", cases[i].text, error->message);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/half-alice/king-b8", test_king_b8);
  g_test_add_func ("/half-alice/mirror", test_mirror);
  g_test_add_func ("/half-alice/castling", test_castling);
  g_test_add_func ("/half-alice/twelve-checkers", test_twelve_checkers);
  g_test_add_func ("/half-alice/perft", test_perft);
  g_test_add_func ("/half-alice/brute-lines", test_brute_lines);
  g_test_add_func ("/half-alice/position-text", test_position_text);
  g_test_add_func ("/half-alice/position-refused", test_position_refused);
  return g_test_run ();
}
