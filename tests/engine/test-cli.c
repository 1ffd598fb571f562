/* test-cli.c: the program's command-line actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "cp-engine.h"

typedef struct {
  int status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Runs chess-parlour with @args (a NULL-terminated list). */
static void
run (Run *result, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *program = g_getenv ("CP_PROGRAM");
  va_list args;
  const char *arg;
  int wait_status;

  g_assert_nonnull (program);
  g_ptr_array_add (argv, (gpointer) program);
  va_start (args, result);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &result->out, &result->err, &wait_status, &error);
  g_assert_no_error (error);
  result->status = g_spawn_check_wait_status (wait_status, NULL) ? 0 : 1;
}

static void
test_list_games (void)
{
  g_auto (Run) r = { 0 };
  g_auto (GStrv) lines = NULL;
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  run (&r, "--list-games", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (g_strchomp (r.out), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *prefix = g_strdup_printf ("%s\t", rules[i]->id);

      g_assert_true (g_str_has_prefix (lines[i], prefix));
    }
}

/* A match of a game the players play together: each game is lost by all
 * or won by both, and the last line gives the mean score over them. */
static void
test_match_together (void)
{
  g_auto (Run) r = { 0 };
  g_auto (GStrv) lines = NULL;
  guint n;
  double mean = -1;

  run (&r, "--match", "random,random", "--variant", "cooperative", "--games", "3", "--seed", "5", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (g_strchomp (r.out), "\n", -1);
  n = g_strv_length (lines);
  g_assert_cmpuint (n, ==, 6);
  for (guint i = 0; i < 3; i++)
    g_assert_true (strstr (lines[i], "lost by all: ") != NULL || strstr (lines[i], "won by p1, p2: ") != NULL
                   || strstr (lines[i], "won by p2, p1: ") != NULL);
  g_assert_cmpint (sscanf (lines[n - 1], "mean-score=%lf games-scored=3", &mean), ==, 1);
  g_assert_cmpfloat (mean, >=, 0);
}

/* A match of four goes in rounds of four games: each round on one seed,
 * and in each round every player once in every seat. */
static void
test_match_rounds (void)
{
  g_auto (Run) r = { 0 };
  g_auto (GStrv) lines = NULL;

  run (&r, "--match", "random,random,greedy,random", "--variant", "attrition", "--players", "4",
       "--option", "variant=multi", "--games", "8", "--seed", "5", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >=, 8);
  for (guint round = 0; round < 2; round++)
    {
      guint seen[4] = { 0 };

      for (guint g = 4 * round; g < 4 * round + 4; g++)
        {
          g_autofree char *prefix = g_strdup_printf ("game %u (seed %u): ", g + 1, 5 + round);
          g_auto (GStrv) seats = NULL;

          g_assert_true (g_str_has_prefix (lines[g], prefix));
          seats = g_strsplit (lines[g] + strlen (prefix), " ", 5);
          for (guint s = 0; s < 4; s++)
            {
              const char *player = strstr (seats[s], "=p");
              guint p;

              g_assert_nonnull (player);
              p = (guint) g_ascii_strtoull (player + 2, NULL, 10);
              g_assert_cmpuint (p, >=, 1);
              g_assert_cmpuint (p, <=, 4);
              g_assert_false (seen[s] & (1u << p));
              seen[s] |= 1u << p;
            }
        }
      for (guint s = 0; s < 4; s++)
        g_assert_cmpuint (seen[s], ==, 0x1e);
    }
}

static void
test_perft (void)
{
  g_auto (Run) start = { 0 };
  g_auto (Run) kiwipete = { 0 };
  g_auto (Run) c960 = { 0 };

  run (&start, "--perft", "3", NULL);
  g_assert_cmpint (start.status, ==, 0);
  g_assert_cmpstr (start.out, ==, "8902\n");

  run (&kiwipete, "--perft", "2", "--fen",
       "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", NULL);
  g_assert_cmpstr (kiwipete.out, ==, "2039\n");

  run (&c960, "--perft", "3", "--variant", "chess960", "--option", "setup=number",
       "--option", "position=0", NULL);
  g_assert_cmpstr (c960.out, ==, "9006\n");

  {
    g_auto (Run) four = { 0 };
    g_auto (Run) wrong = { 0 };

    /* Four players of Chivalrous Attrition each place a knight on one of
     * the cells the mirror rule leaves free. */
    run (&four, "--perft", "1", "--variant", "attrition", "--option", "variant=multi",
         "--players", "4", NULL);
    g_assert_cmpint (four.status, ==, 0);
    g_assert_cmpstr (four.out, ==, "64\n");
    run (&wrong, "--perft", "1", "--variant", "attrition", "--players", "4", NULL);
    g_assert_cmpint (wrong.status, !=, 0);
    g_assert_nonnull (strstr (wrong.err, "two players"));
  }
  {
    g_auto (Run) attack = { 0 };

    /* The fight bxc5 branches on its dice (test-chess-attack.c counts them). */
    run (&attack, "--perft", "2", "--variant", "chess-attack", "--fen", "7k/8/8/2p5/1P6/8/8/K7 w - - 0 1", NULL);
    g_assert_cmpstr (attack.out, ==, "147\n");
  }
  {
    g_auto (Run) together = { 0 };

    /* Both sealed moves of a turn count (test-synchronous.c says why as
     * in chess). */
    run (&together, "--perft", "3", "--variant", "synchronous", NULL);
    g_assert_cmpstr (together.out, ==, "8902\n");
    g_auto (Run) masquerade = { 0 };

    /* From the secret tables the seed gives (test-masquerade.c counts
     * them apart): captures tried on the third ply. */
    run (&masquerade, "--perft", "3", "--variant", "masquerade", "--seed", "1", NULL);
    g_assert_cmpstr (masquerade.out, ==, "9218\n");
  }
}

static void
test_divide (void)
{
  g_auto (Run) r = { 0 };
  g_auto (GStrv) lines = NULL;
  guint n;

  run (&r, "--perft", "2", "--divide", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (g_strchomp (r.out), "\n", -1);
  n = g_strv_length (lines);
  /* Twenty first moves, a blank line, the total. */
  g_assert_cmpuint (n, ==, 22);
  g_assert_cmpstr (lines[n - 1], ==, "400");
  g_assert_true (g_strv_contains ((const char *const *) lines, "e2e4: 20"));
  g_assert_true (g_strv_contains ((const char *const *) lines, "g1f3: 20"));
}

static void
test_errors (void)
{
  static const char *const cases[][5] = {
    { "--perft", "2", "--variant", "no-such-game", "does not know the game" },
    { "--perft", "2", "--fen", "not a position", "cannot be read" },
    { "--perft", "99", NULL, NULL, "depth" },
    { "--perft", "1", "--option", "colour", "KEY=VALUE" },
    { "--perft", "1", "--option", "size=9", "no option" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) r = { 0 };

      run (&r, cases[i][0], cases[i][1], cases[i][2], cases[i][3], NULL);
      g_assert_cmpint (r.status, !=, 0);
      g_assert_cmpstr (r.out, ==, "");
      g_assert_nonnull (strstr (r.err, cases[i][4]));
    }
}

/* Numbers of players a game cannot have, 0 included (which GApplication
 * would take for no number at all), and a depth of 0. */
static void
test_numbers (void)
{
  static const char *const players[] = { "0", "7", "1000", "-1", "two" };
  g_auto (Run) zero = { 0 };
  g_auto (Run) one = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (players); i++)
    {
      g_auto (Run) r = { 0 };

      run (&r, "--perft", "1", "--variant", "attrition", "--players", players[i], NULL);
      g_assert_cmpint (r.status, !=, 0);
      g_assert_nonnull (strstr (r.err, "The number of players must be from 1 to 6"));
    }
  run (&one, "--perft", "1", "--players", "1", NULL);
  g_assert_cmpint (one.status, !=, 0);
  g_assert_nonnull (strstr (one.err, "Chess is played by 2 to 2 players, not 1"));

  run (&zero, "--perft", "0", NULL);
  g_assert_cmpint (zero.status, ==, 0);
  g_assert_cmpstr (zero.out, ==, "1\n");
}

/* Every game refuses an option it does not have, and every option of
 * every game a value it cannot take, saying which. */
static void
test_option_errors (void)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_auto (Run) r = { 0 };

      run (&r, "--perft", "1", "--variant", rules[i]->id, "--option", "nonsense=1", NULL);
      g_assert_cmpint (r.status, !=, 0);
      g_assert_nonnull (strstr (r.err, "has no option “nonsense”"));
      for (guint o = 0; o < rules[i]->n_options; o++)
        {
          g_auto (Run) bad = { 0 };
          g_autofree char *option = g_strdup_printf ("%s=960", rules[i]->options[o].id);

          run (&bad, "--perft", "1", "--variant", rules[i]->id, "--option", option, NULL);
          g_test_message ("%s %s: %s", rules[i]->id, option, bad.err);
          g_assert_cmpint (bad.status, !=, 0);
          g_assert_nonnull (strstr (bad.err, "“960”"));
        }
    }
}

/* Positions no game can reach: each is refused with its reason, or, when
 * the rules can play on from it, played. */
static void
test_hostile_positions (void)
{
  static const char *const cases[][2] = {
    { "8/8/8/8/8/8/8/8 w - - 0 1", "each side must have exactly one king" },
    { "4k3/8/8/8/8/8/8/8 w - - 0 1", "each side must have exactly one king" },
    { "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "each side must have exactly one king" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1", "a pawn stands on the first or last rank" },
    { "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", "the side that has just moved is in check" },
    { "4k3/8/8/8/8/8/8/99999999999999999999K3 w - - 0 1", "a rank has the wrong number of cells" },
    /* Twenty pawns a side: nothing stops them moving. */
    { "4k3/pppppppp/pppppppp/pppp4/PPPP4/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) r = { 0 };

      run (&r, "--perft", "1", "--fen", cases[i][0], NULL);
      if (cases[i][1] == NULL)
        {
          g_assert_cmpint (r.status, ==, 0);
          /* Six captures, four pawns forward, two king moves. */
          g_assert_cmpstr (r.out, ==, "12\n");
          continue;
        }
      g_assert_cmpint (r.status, !=, 0);
      g_assert_nonnull (strstr (r.err, cases[i][1]));
    }
}

/* A king set up on d8 castles to c8, beside it: in coordinates the
 * castling goes onto the rook, so that d8c8 stays the king's step (found
 * by fuzzing: both were written d8c8). */
static void
test_castling_beside_king (void)
{
  g_auto (Run) r = { 0 };
  g_auto (GStrv) lines = NULL;
  guint steps = 0, castlings = 0;

  run (&r, "--perft", "1", "--divide", "--fen", "r2k4/8/8/8/8/8/8/4K3 b q - 0 1", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      steps += g_str_equal (lines[i], "d8c8: 1");
      castlings += g_str_equal (lines[i], "d8a8: 1");
    }
  g_assert_cmpuint (steps, ==, 1);
  g_assert_cmpuint (castlings, ==, 1);
}

static void
test_validate (void)
{
  g_autofree char *good = g_test_build_filename (G_TEST_DIST, "data", "records", "good-fools-mate.xml", NULL);
  g_autofree char *bad = g_test_build_filename (G_TEST_DIST, "data", "records", "bad-illegal-ply17.xml", NULL);
  g_autofree char *bomb = g_test_build_filename (G_TEST_DIST, "data", "records", "bad-billion-laughs.xml", NULL);
  g_autofree char *pgn = g_test_build_filename (G_TEST_DIST, "data", "pgn", "annotated.pgn", NULL);
  g_autofree char *broken_pgn = g_test_build_filename (G_TEST_DIST, "data", "pgn", "illegal-move.pgn", NULL);
  g_auto (Run) r_good = { 0 };
  g_auto (Run) r_bad = { 0 };
  g_auto (Run) r_bomb = { 0 };
  g_auto (Run) r_pgn = { 0 };
  g_auto (Run) r_broken = { 0 };
  g_auto (Run) r_missing = { 0 };

  run (&r_good, "--validate", good, NULL);
  g_assert_cmpint (r_good.status, ==, 0);
  g_assert_nonnull (strstr (r_good.out, "Checkmate"));
  {
    g_autofree char *fights = g_test_build_filename (G_TEST_DIST, "data", "records", "good-chess-attack.xml", NULL);
    g_auto (Run) r_fights = { 0 };

    run (&r_fights, "--validate", fights, NULL);
    g_assert_cmpint (r_fights.status, ==, 0);
    g_assert_nonnull (strstr (r_fights.out, "2 fights: attacker won clearly 0, narrowly 1; tie 1;"));
  }

  run (&r_bad, "--validate", bad, NULL);
  g_assert_cmpint (r_bad.status, !=, 0);
  g_assert_nonnull (strstr (r_bad.err, "ply 17"));

  run (&r_bomb, "--validate", bomb, NULL);
  g_assert_cmpint (r_bomb.status, !=, 0);
  g_assert_nonnull (strstr (r_bomb.err, "DOCTYPE"));

  run (&r_pgn, "--validate", pgn, NULL);
  g_assert_cmpint (r_pgn.status, ==, 0);
  g_assert_nonnull (strstr (r_pgn.out, "game 2:"));

  run (&r_broken, "--validate", broken_pgn, NULL);
  g_assert_cmpint (r_broken.status, !=, 0);
  g_assert_nonnull (strstr (r_broken.err, "not a legal move"));

  run (&r_missing, "--validate", "/nonexistent/game.xml", NULL);
  g_assert_cmpint (r_missing.status, !=, 0);
  g_assert_nonnull (strstr (r_missing.err, "No such file"));
}

/* Rule sheets and decks as PDF files, and what goes wrong said plainly
 * with a non-zero exit status. */
static void
test_print (void)
{
  g_autofree char *folder = g_dir_make_tmp ("cp-cli-print-XXXXXX", NULL);
  g_autofree char *rules = g_build_filename (folder, "rules.pdf", NULL);
  g_autofree char *cards = g_build_filename (folder, "cards.pdf", NULL);
  g_autofree char *contents = NULL;
  gsize length;
  g_auto (Run) list = { 0 };
  g_auto (Run) sheet = { 0 };
  g_auto (Run) deck = { 0 };
  g_auto (Run) no_game = { 0 };
  g_auto (Run) no_deck = { 0 };
  g_auto (Run) no_folder = { 0 };
  g_auto (Run) no_output = { 0 };
  g_auto (Run) no_paper = { 0 };

  run (&list, "--list-decks", NULL);
  g_assert_cmpint (list.status, ==, 0);
  g_assert_true (g_str_has_prefix (list.out, "chess-deck\t"));
  g_assert_nonnull (strstr (list.out, "\nmasquerade-tables\t"));

  run (&sheet, "--print-rules", "chess960", "--output", rules, "--paper", "letter", NULL);
  g_assert_cmpint (sheet.status, ==, 0);
  g_assert_true (g_file_get_contents (rules, &contents, &length, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF"));
  g_assert_nonnull (memmem (contents, length, "/MediaBox [ 0 0 612 792 ]", strlen ("/MediaBox [ 0 0 612 792 ]")));
  run (&deck, "--print-deck", "two-move", "--output", cards, NULL);
  g_assert_cmpint (deck.status, ==, 0);
  g_assert_true (g_file_test (cards, G_FILE_TEST_IS_REGULAR));

  run (&no_game, "--print-rules", "checkers", "--output", rules, NULL);
  g_assert_cmpint (no_game.status, !=, 0);
  g_assert_nonnull (strstr (no_game.err, "There is no game “checkers”"));
  run (&no_deck, "--print-deck", "tarot", "--output", cards, NULL);
  g_assert_cmpint (no_deck.status, !=, 0);
  g_assert_nonnull (strstr (no_deck.err, "There is no deck “tarot”"));
  run (&no_folder, "--print-deck", "golf", "--output", "/no-such-folder/cards.pdf", NULL);
  g_assert_cmpint (no_folder.status, !=, 0);
  g_assert_nonnull (strstr (no_folder.err, "Could not write “/no-such-folder/cards.pdf”"));
  run (&no_output, "--print-rules", "chess", NULL);
  g_assert_cmpint (no_output.status, !=, 0);
  g_assert_nonnull (strstr (no_output.err, "--output"));
  run (&no_paper, "--print-rules", "chess", "--output", rules, "--paper", "b5", NULL);
  g_assert_cmpint (no_paper.status, !=, 0);
  g_assert_nonnull (strstr (no_paper.err, "“b5” is not a paper size"));

  g_unlink (rules);
  g_unlink (cards);
  g_rmdir (folder);
}

/* Positions written on the command line: after moves, at a ply of a
 * record, and for every game read back by --fen as they were written. */
static void
test_position (void)
{
  g_autofree char *record = g_test_build_filename (G_TEST_DIST, "data", "records", "good-fools-mate.xml", NULL);
  g_auto (Run) moves = { 0 };
  g_auto (Run) ply = { 0 };
  g_auto (Run) late = { 0 };
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  run (&moves, "--position", "-", "--play", "e4 e5 Nf3", NULL);
  g_assert_cmpint (moves.status, ==, 0);
  g_assert_cmpstr (moves.out, ==, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n");
  run (&ply, "--position", record, "--ply", "2", NULL);
  g_assert_cmpint (ply.status, ==, 0);
  g_assert_cmpstr (ply.out, ==, "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2\n");
  run (&late, "--position", record, "--ply", "9", NULL);
  g_assert_cmpint (late.status, !=, 0);
  g_assert_nonnull (strstr (late.err, "only 4 actions"));

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *players = g_strdup_printf ("%u", rules[i]->min_seats);
      g_auto (Run) first = { 0 };
      g_auto (Run) again = { 0 };

      run (&first, "--position", "-", "--variant", rules[i]->id, "--players", players, "--seed", "3", NULL);
      if (first.status != 0)
        g_error ("%s: %s", rules[i]->id, first.err);
      run (&again, "--position", "-", "--variant", rules[i]->id, "--players", players, "--seed", "3",
           "--fen", g_strchomp (first.out), NULL);
      if (again.status != 0)
        g_error ("%s: “%s” is not read back: %s", rules[i]->id, first.out, again.err);
      g_assert_cmpstr (g_strchomp (again.out), ==, first.out);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/list-games", test_list_games);
  g_test_add_func ("/cli/perft", test_perft);
  g_test_add_func ("/cli/match-together", test_match_together);
  g_test_add_func ("/cli/match-rounds", test_match_rounds);
  g_test_add_func ("/cli/divide", test_divide);
  g_test_add_func ("/cli/errors", test_errors);
  g_test_add_func ("/cli/numbers", test_numbers);
  g_test_add_func ("/cli/option-errors", test_option_errors);
  g_test_add_func ("/cli/hostile-positions", test_hostile_positions);
  g_test_add_func ("/cli/castling-beside-king", test_castling_beside_king);
  g_test_add_func ("/cli/validate", test_validate);
  g_test_add_func ("/cli/position", test_position);
  g_test_add_func ("/cli/print", test_print);
  return g_test_run ();
}
