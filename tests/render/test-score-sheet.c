/* test-score-sheet.c: the score sheets of games on paper
 *
 * Games of several kinds (chess, Chivalry, Cooperative, four players)
 * are printed as PDF and read back with the Poppler tools where they are
 * installed: the pages, the players, the moves as the move list writes
 * them, and the same from the command line, in English and German.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-record.h"
#include "cp-score-sheet.h"

static char *folder;

/* Runs @argv and returns what it printed, or NULL (the test skipped)
 * when the tool is not installed. */
static char *
run_tool (const char *const *argv)
{
  g_autofree char *out = NULL;
  g_autofree char *found = g_find_program_in_path (argv[0]);
  g_autoptr (GError) error = NULL;
  int status;

  if (found == NULL)
    {
      g_autofree char *why = g_strdup_printf ("%s is not installed", argv[0]);

      g_test_skip (why);
      return NULL;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  return g_steal_pointer (&out);
}

static guint
pdf_pages (const char *path)
{
  g_autofree char *info = run_tool ((const char *[]) { "pdfinfo", path, NULL });
  const char *line;

  if (info == NULL)
    return 0;
  line = strstr (info, "Pages:");
  g_assert_nonnull (line);
  return (guint) g_ascii_strtoull (line + strlen ("Pages:"), NULL, 10);
}

/* The words of every page of @path, or NULL (skipped) without Poppler. */
static char *
pdf_text (const char *path)
{
  return run_tool ((const char *[]) { "pdftotext", "-layout", path, "-", NULL });
}

/* The record @name in the folder @dir of the tests. */
static CpGame *
load_record (const char *dir, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (g_test_get_dir (G_TEST_DIST), dir, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  CpGame *game;

  game = cp_record_load (file, &error);
  g_assert_no_error (error);
  return game;
}

/* Plays random legal actions until the game ends or @n were made. */
static void
play_random (CpGame *game, guint n, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

  cp_game_resolve_chance (game);
  while (n-- > 0 && !cp_state_is_over (cp_game_get_state (game)))
    {
      CpSeatMask pending = cp_game_get_pending (game);
      g_auto (CpActionList) legal = { 0 };
      g_autoptr (GError) error = NULL;
      guint seat = 0;

      if (pending == 0)
        break;
      while (!(pending & CP_SEAT_BIT (seat)))
        seat++;
      cp_state_legal (cp_game_get_state (game), seat, &legal);
      if (legal.len == 0)
        break;
      g_assert_true (cp_game_play (game, &legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)], &error));
      g_assert_no_error (error);
      cp_game_resolve_chance (game);
    }
}

static char *
write_sheet (CpScoreSheet *sheet, const char *name)
{
  g_autoptr (GError) error = NULL;
  char *path = g_build_filename (folder, name, NULL);

  g_assert_true (cp_printable_write_pdf (CP_PRINTABLE (sheet), path, CP_PAPER_A4_WIDTH, CP_PAPER_A4_HEIGHT, &error));
  g_assert_no_error (error);
  return path;
}

/* Whether @text holds @word, spaces of the page layout aside. */
static void
assert_has (const char *text, const char *word)
{
  if (strstr (text, word) == NULL)
    g_error ("“%s” is not on the page:\n%s", word, text);
}

/* Every player's name, the game's name and the words of the first rows
 * of moves stand on the pages. */
static void
check_sheet (CpGame *game, CpScoreSheet *sheet, const char *name)
{
  g_autofree char *path = write_sheet (sheet, name);
  guint pages = pdf_pages (path);
  g_autofree char *text = NULL;

  if (pages == 0)
    return;
  text = pdf_text (path);
  assert_has (text, cp_game_get_rules (game)->name);
  for (guint seat = 0; seat < cp_game_get_n_seats (game); seat++)
    assert_has (text, cp_player_get_name (cp_game_get_player (game, seat)));
  for (guint r = 0; r < MIN (cp_score_sheet_get_n_rows (sheet), 6); r++)
    {
      g_auto (GStrv) words = g_strsplit_set (cp_score_sheet_get_row (sheet, r), "\t\n ", -1);

      for (guint w = 0; words[w]; w++)
        if (words[w][0] != '\0')
          assert_has (text, words[w]);
    }
  g_assert_cmpuint (cp_score_sheet_get_n_diagrams (sheet), >=, 1);
}

static void
test_chess (void)
{
  g_autoptr (CpGame) game = load_record ("data/records", "good-fools-mate.xml");
  g_autoptr (CpScoreSheet) sheet = cp_score_sheet_new (game, CP_NOTATION_SAN);
  g_autofree char *path = NULL, *text = NULL;

  g_assert_cmpuint (cp_score_sheet_get_n_rows (sheet), ==, 2);
  g_assert_cmpstr (cp_score_sheet_get_row (sheet, 0), ==, "1.\tf3\te5");
  g_assert_cmpstr (cp_score_sheet_get_row (sheet, 1), ==, "2.\tg4\tQh4#");
  check_sheet (game, sheet, "fools-mate.pdf");
  path = g_build_filename (folder, "fools-mate.pdf", NULL);
  if (g_test_failed () || pdf_pages (path) == 0)
    return;
  g_assert_cmpuint (pdf_pages (path), ==, 1);
  text = pdf_text (path);
  assert_has (text, "Fool’s mate");
  assert_has (text, "2024-06-01");
  assert_has (text, "Won by Computer");
  assert_has (text, "The final position");
  /* Without annotations, no graph. */
  g_assert_null (strstr (text, "evaluation"));
}

/* An analysed game: its marks after the moves, a diagram for each
 * mistake with the line preferred, the graph of the evaluation; read
 * from the record, as the program and its command line read it. */
static void
test_annotated (void)
{
  g_autoptr (CpGame) game = load_record ("data/records", "good-annotated.xml");
  g_autoptr (CpScoreSheet) sheet = cp_score_sheet_new (game, CP_NOTATION_SAN);
  g_autofree char *path = NULL, *text = NULL;

  g_assert_false (cp_annotations_is_empty (cp_game_get_annotations (game)));
  g_assert_cmpstr (cp_score_sheet_get_row (sheet, 2), ==, "3.\tBc4\tNd4?!");
  g_assert_cmpstr (cp_score_sheet_get_row (sheet, 3), ==, "4.\tNxe5?\tQg5");
  g_assert_cmpstr (cp_score_sheet_get_row (sheet, 4), ==, "5.\tNxf7??\tQxg2!");
  /* Nxe5?, Nxf7?? and Qxg2!, not the inaccuracy; then the end. */
  g_assert_cmpuint (cp_score_sheet_get_n_diagrams (sheet), ==, 4);
  path = write_sheet (sheet, "annotated.pdf");
  if (pdf_pages (path) == 0)
    return;
  text = pdf_text (path);
  assert_has (text, "The computer’s evaluation of each position, from White’s side");
  assert_has (text, "4. Nxe5?");
  assert_has (text, "Better: Nxd4 exd4 c3 (+1.10)");
  assert_has (text, "5. Nxf7??");
  assert_has (text, "Better: Ng4 d5 (−1.40)");
  /* Beside a fine move, nothing better. */
  assert_has (text, "5… Qxg2!");
  g_assert_null (strstr (text, "Better: Qxg2"));
}

/* Prints @record as a score sheet in @language to @pdf with
 * --print-game.  Returns: FALSE (skipped) without the program */
static gboolean
print_game (const char *record, const char *language, const char *pdf)
{
  const char *program = g_getenv ("CP_PROGRAM");
  g_autofree char *output = g_strdup_printf ("--output=%s", pdf);
  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);
  g_autoptr (GError) error = NULL;
  int status;

  if (program == NULL)
    {
      g_test_skip ("needs the program");
      return FALSE;
    }
  env = g_environ_setenv (env, "LANGUAGE", language, TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) (const char *[]) { program, "--print-game", record, output, NULL },
                               env, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return TRUE;
}

/* The dark pixels of the graph on the first page of the annotated game
 * printed in @language, in its left and right halves; FALSE (skipped)
 * without the program or Poppler.  The graph is the one long run of its
 * light grey across the page. */
static gboolean
graph_halves (const char *language, guint *left, guint *right)
{
  g_autofree char *record = g_test_build_filename (G_TEST_DIST, "data", "records", "good-annotated.xml", NULL);
  g_autofree char *pdf = g_strdup_printf ("%s/graph-%s.pdf", folder, language);
  g_autofree char *png = g_strdup_printf ("%s/graph-%s", folder, language);
  g_autofree char *done = NULL, *page = NULL;
  cairo_surface_t *surface;
  guint8 *data;
  int width, height, stride, top = -1, bottom = -1, x0 = 0, x1 = 0;

  if (!print_game (record, language, pdf))
    return FALSE;
  done = run_tool ((const char *[]) { "pdftoppm", "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile", pdf, png, NULL });
  if (done == NULL)
    return FALSE;
  page = g_strconcat (png, ".png", NULL);
  surface = cairo_image_surface_create_from_png (page);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  data = cairo_image_surface_get_data (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < height; y++)
    for (int x = 0, run = 0; x < width; x++)
      {
        guint8 grey = data[y * stride + 4 * x];

        run = grey >= 242 && grey <= 248 ? run + 1 : 0;
        if (run != 200)
          continue;
        if (top < 0)
          {
            top = y;
            x0 = x - 199;
            for (x1 = x; x1 + 1 < width && data[y * stride + 4 * (x1 + 1)] >= 242; x1++)
              ;
          }
        bottom = y;
      }
  g_assert_cmpint (top, >=, 0);
  g_assert_cmpint (bottom - top, >, 40);
  *left = *right = 0;
  for (int y = top; y <= bottom; y++)
    for (int x = x0; x <= x1; x++)
      if (data[y * stride + 4 * x] < 200)
        *(x < (x0 + x1) / 2 ? left : right) += 1;
  cairo_surface_destroy (surface);
  return TRUE;
}

/* The graph runs the way the page reads: where it reads from the right,
 * the game's start is at the right, as in the window. */
static void
test_graph_direction (void)
{
  guint left, right;

  if (!graph_halves ("en", &left, &right))
    return;
  /* Black mates at the end: the graph falls on the right. */
  g_assert_cmpuint (right, >, 2 * left);
  if (!graph_halves ("ar", &left, &right))
    return;
  g_assert_cmpuint (left, >, 2 * right);
}

/* A game not over shows what everyone may know. */
static void
test_in_progress (void)
{
  g_autoptr (CpGame) game = load_record ("fuzz/corpus/record", "chess-2-players-00.xml");
  g_autoptr (CpScoreSheet) sheet = NULL;
  g_autofree char *path = NULL, *text = NULL;

  cp_game_truncate (game, 7);
  sheet = cp_score_sheet_new (game, CP_NOTATION_SAN);
  g_assert_cmpuint (cp_score_sheet_get_n_rows (sheet), ==, 4);
  g_assert_cmpstr (cp_score_sheet_get_row (sheet, 3), ==, "4.\te4");
  path = write_sheet (sheet, "in-progress.pdf");
  if (pdf_pages (path) == 0)
    return;
  text = pdf_text (path);
  assert_has (text, "The game is not over.");
  assert_has (text, "The position reached");
}

static void
test_chivalry (void)
{
  g_autoptr (CpGame) game = load_record ("fuzz/corpus/record", "chivalry-2-players-00.xml");
  g_autoptr (CpScoreSheet) sheet = cp_score_sheet_new (game, CP_NOTATION_SAN);

  g_assert_cmpstr (cp_score_sheet_get_row (sheet, 0), ==, "1.\tH7-J5\tK10-M10-K12");
  check_sheet (game, sheet, "chivalry.pdf");
}

static void
test_cooperative (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_game_new ("cooperative", NULL, 2, 7, &error);
  g_autoptr (CpScoreSheet) sheet = NULL;

  g_assert_no_error (error);
  play_random (game, 60, 7);
  sheet = cp_score_sheet_new (game, CP_NOTATION_SAN);
  g_assert_cmpuint (cp_score_sheet_get_n_rows (sheet), >, 5);
  check_sheet (game, sheet, "cooperative.pdf");
}

/* Four players: a row a round, a column each. */
static void
test_four_players (void)
{
  g_autoptr (CpGame) game = load_record ("fuzz/corpus/record", "km-four-4-players-00.xml");
  g_autoptr (CpScoreSheet) sheet = cp_score_sheet_new (game, CP_NOTATION_SAN);

  g_assert_cmpstr (cp_score_sheet_get_row (sheet, 0), ==, "1.\td6\te8\th4\tc4");
  check_sheet (game, sheet, "km-four.pdf");
}

/* --print-game writes the sheet, with the piece letters of the
 * language. */
static void
test_command_line (gconstpointer data)
{
  const char *language = data;
  g_autofree char *record = g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", "record", "chess-2-players-00.xml",
                                                   NULL);
  g_autofree char *path = g_strdup_printf ("%s/game-%s.pdf", folder, language);
  g_autofree char *text = NULL;

  if (!print_game (record, language, path) || pdf_pages (path) == 0)
    return;
  text = pdf_text (path);
  assert_has (text, "Zoë");
  assert_has (text, "Łukasz");
  assert_has (text, "Fuzz seed");
  if (g_str_equal (language, "de"))
    {
      assert_has (text, "Weiß");
      assert_has (text, "Sf3");
    }
  else
    {
      assert_has (text, "White");
      assert_has (text, "Nf3");
    }
}

/* A file that is not a record is refused with its reason. */
static void
test_command_line_error (void)
{
  const char *program = g_getenv ("CP_PROGRAM");
  g_autofree char *record = g_test_build_filename (G_TEST_DIST, "data", "records", "bad-illegal-ply17.xml", NULL);
  g_autofree char *output = g_strdup_printf ("--output=%s/bad.pdf", folder);
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  if (program == NULL)
    {
      g_test_skip ("needs the program");
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) (const char *[]) { program, "--print-game", record, output, NULL },
                               NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, "chess-parlour: "));
  g_assert_false (g_file_test (output + strlen ("--output="), G_FILE_TEST_EXISTS));
}

int
main (int argc, char *argv[])
{
  int status;

  setlocale (LC_ALL, "");
  g_setenv ("LANG", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("CP_LOCALE_DIR") != NULL)
    {
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("CP_LOCALE_DIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  folder = g_dir_make_tmp ("cp-score-XXXXXX", NULL);
  g_test_add_func ("/score-sheet/chess", test_chess);
  g_test_add_func ("/score-sheet/annotated", test_annotated);
  g_test_add_data_func ("/score-sheet/command-line/en", "en", test_command_line);
  /* Under the sanitizers, one game and the command line only. */
  if (g_getenv ("CP_TEST_SANITIZED") == NULL)
    {
      g_test_add_func ("/score-sheet/in-progress", test_in_progress);
      g_test_add_func ("/score-sheet/chivalry", test_chivalry);
      g_test_add_func ("/score-sheet/cooperative", test_cooperative);
      g_test_add_func ("/score-sheet/four-players", test_four_players);
      g_test_add_data_func ("/score-sheet/command-line/de", "de", test_command_line);
      g_test_add_func ("/score-sheet/graph-direction", test_graph_direction);
      g_test_add_func ("/score-sheet/command-line/error", test_command_line_error);
    }
  status = g_test_run ();
  {
    g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (folder, name, NULL);

        g_unlink (path);
      }
    g_rmdir (folder);
  }
  g_free (folder);
  return status;
}
