/* test-diagram.c: the diagrams of the help pages
 *
 * Every diagram source reads, and its position is one its game allows;
 * every figure a page shows has a source; the build drew each as an SVG
 * file that librsvg loads; a bad source is refused with its line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <librsvg/rsvg.h>

#include "cp-diagram.h"
#include "cp-mallard.h"

#define FIGURES SOURCE_HELP_DIR G_DIR_SEPARATOR_S "C" G_DIR_SEPARATOR_S "figures"

/* The names of the diagram sources, without ".diagram", sorted. */
static GPtrArray *
list_diagrams (void)
{
  g_autoptr (GDir) dir = g_dir_open (FIGURES, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".diagram"))
      g_ptr_array_add (names, g_strndup (name, strlen (name) - strlen (".diagram")));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  return names;
}

static CpDiagram *
load (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".diagram", NULL);
  g_autofree char *path = g_build_filename (FIGURES, file, NULL);
  g_autoptr (GError) error = NULL;
  CpDiagram *diagram = cp_diagram_new_from_file (path, &error);

  g_assert_no_error (error);
  return diagram;
}

/* For the games on the orthodox board, whose positions may be given in
 * FEN: one king a seat that owns pieces (in Crowded House the two
 * players of a team move one army, owned by the first).  (Reading the FEN
 * refuses a side that has just moved in check.) */
static void
assert_kings (const char *name, const CpState *state)
{
  for (guint seat = 0; seat < state->n_seats; seat++)
    {
      guint kings = 0, pieces = 0;

      for (guint cell = 0; cell < cp_board_get_n_cells (state->board); cell++)
        {
          kings += state->cells[cell].kind == CP_PIECE_KING && state->cells[cell].seat == seat;
          pieces += state->cells[cell].kind != CP_PIECE_NONE && state->cells[cell].seat == seat;
        }
      if (kings != 1 && pieces > 0)
        g_error ("%s: seat %u has %u kings", name, seat + 1, kings);
    }
}

static void
test_sources (void)
{
  g_autoptr (GPtrArray) names = list_diagrams ();

  g_assert_cmpuint (names->len, >=, 10);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      g_autoptr (CpDiagram) diagram = load (name);
      CpGame *game = cp_diagram_get_game (diagram);
      const CpState *state = cp_game_get_state (game);
      const CpRules *rules = cp_game_get_rules (game);

      /* A diagram of a game is named after it. */
      g_assert_true (g_str_has_prefix (name, rules->id));
      /* The position was reached by the rules and play could go on. */
      g_assert_true (cp_diagram_is_played (diagram));
      if (!cp_state_is_over (state))
        {
          g_auto (CpActionList) legal;
          guint seat = cp_state_first_pending (state);

          cp_action_list_init (&legal);
          cp_state_legal (state, seat, &legal);
          if (legal.len == 0)
            g_error ("%s: the seat to act has no move", name);
        }
      if (cp_rules_find_option (rules, "fen") != NULL)
        assert_kings (name, state);
    }
}

/* The diagrams named by the media of @page ("chess.page"). */
static GPtrArray *
page_media (const char *page)
{
  g_autofree char *path = g_build_filename (SOURCE_HELP_DIR, "C", page, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GRegex) regex = g_regex_new ("<media [^>]*src=\"figures/([^\"]+)\\.svg\"", 0, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  for (g_regex_match (regex, text, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    g_ptr_array_add (names, g_match_info_fetch (match, 1));
  return names;
}

static void
test_pages (void)
{
  g_autoptr (GPtrArray) diagrams = list_diagrams ();
  g_autoptr (GHashTable) shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GDir) dir = g_dir_open (SOURCE_HELP_DIR G_DIR_SEPARATOR_S "C", 0, NULL);
  guint n_rules;
  const CpRules *const *rules = cp_rules_list (&n_rules);
  const char *page;

  g_assert_nonnull (dir);
  while ((page = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (page, ".page"))
      {
        g_autoptr (GPtrArray) media = page_media (page);

        for (guint i = 0; i < media->len; i++)
          {
            if (!g_ptr_array_find_with_equal_func (diagrams, media->pdata[i], g_str_equal, NULL))
              g_error ("%s shows figures/%s.svg, which has no source", page, (char *) media->pdata[i]);
            g_hash_table_add (shown, g_strdup (media->pdata[i]));
          }
      }
  /* No source is left unused. */
  for (guint i = 0; i < diagrams->len; i++)
    if (!g_hash_table_contains (shown, diagrams->pdata[i]))
      g_error ("no page shows the diagram %s", (char *) diagrams->pdata[i]);
  /* Every game with a help page has a diagram on it. */
  for (guint i = 0; i < n_rules; i++)
    {
      g_autofree char *name = g_strconcat (rules[i]->id, ".page", NULL);
      g_autofree char *path = g_build_filename (SOURCE_HELP_DIR, "C", name, NULL);

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_autoptr (GPtrArray) media = page_media (name);

          if (media->len == 0)
            g_error ("the help page of %s has no diagram", rules[i]->id);
        }
    }
}

/* The share of pixels of @surface that are not transparent. */
static double
coverage (cairo_surface_t *surface)
{
  int width = cairo_image_surface_get_width (surface), height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guchar *data = cairo_image_surface_get_data (surface);
  guint painted = 0;

  cairo_surface_flush (surface);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      painted += ((const guint32 *) (gconstpointer) (data + y * stride))[x] >> 24 != 0;
  return (double) painted / (width * height);
}

static void
test_svg (void)
{
  g_autoptr (GPtrArray) names = list_diagrams ();

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *file = g_strconcat (names->pdata[i], ".svg", NULL);
      g_autofree char *path = g_build_filename (BUILD_HELP_DIR, "C", "figures", file, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (GObject) handle = (GObject *) rsvg_handle_new_from_file (path, &error);
      cairo_surface_t *surface;
      cairo_t *cr;
      double width, height;

      g_assert_no_error (error);
      g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (RSVG_HANDLE (handle), &width, &height));
      /* About the width of the rules panel's text. */
      g_assert_cmpfloat (width, >=, 240);
      g_assert_cmpfloat (width, <=, 360);
      g_assert_cmpfloat (height, >=, width * 0.5);
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) width, (int) height);
      cr = cairo_create (surface);
      g_assert_true (rsvg_handle_render_document (RSVG_HANDLE (handle), cr, &(RsvgRectangle) { 0, 0, width, height }, &error));
      g_assert_no_error (error);
      /* The board fills most of the picture. */
      g_assert_cmpfloat (coverage (surface), >, 0.6);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

/* The rules panel and the rule sheets find the drawn figures from the
 * English page of an uninstalled build, and the caption follows. */
static void
test_mallard (void)
{
  g_autoptr (GFile) page = g_file_new_build_filename (SOURCE_HELP_DIR, "C", "zombie.page", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) blocks = cp_mallard_read (page, &error);
  guint images = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < blocks->len; i++)
    {
      const CpMallardBlock *block = blocks->pdata[i];

      if (block->kind == CP_MALLARD_IMAGE)
        {
          const CpMallardBlock *next = i + 1 < blocks->len ? blocks->pdata[i + 1] : NULL;

          g_assert_true (g_file_query_exists (block->image, NULL));
          g_assert_nonnull (next);
          g_assert_cmpint (next->kind, ==, CP_MALLARD_CAPTION);
          g_assert_true (g_str_has_prefix (next->markup, "<b>"));
          images++;
        }
    }
  g_assert_cmpuint (images, ==, 2);
}

static void
assert_refused (const char *text, guint line, const char *words)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpDiagram) diagram = cp_diagram_new_from_text (text, "bad.diagram", &error);
  g_autofree char *where = g_strdup_printf ("bad.diagram:%u: ", line);

  g_assert_null (diagram);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
  if (!g_str_has_prefix (error->message, where) || strstr (error->message, words) == NULL)
    g_error ("expected “%s…%s”, got “%s”", where, words, error->message);
}

static void
test_errors (void)
{
  assert_refused ("# no game\n\nmoves e4\n", 3, "starts with");
  assert_refused ("game shogi\n", 1, "no game “shogi”");
  assert_refused ("game chess\nmoves e4 e5\nmoves Ke3\n", 3, "“Ke3” cannot be played");
  assert_refused ("game chess\narrow e4 z9\n", 2, "“z9” is not a cell");
  assert_refused ("game chess\nmark e4\nflip board\n", 3, "“flip” is not a statement");
  assert_refused ("game chess\nmoves e4\nplayers 2\n", 3, "comes before the position");
  assert_refused ("game chess\nremove e2\nmoves e4\n", 3, "moves come before");
  assert_refused ("game chess\nplace e4 green queen\n", 2, "not a seat");
  assert_refused ("game chess\nplace e4 white wizard\n", 2, "not a piece");
  assert_refused ("game chess\ncards 10H XX\n", 2, "“XX” is not a card");
  assert_refused ("game zombie\nmoves e4 bury@e4\n", 2, "no one may bury on e4");
  assert_refused ("game masquerade\ncommit white 0\n", 2, "white may not choose 0 now");
  assert_refused ("game masquerade\ncommit white 1346\ncommit white 1346\n", 3, "may not choose");
  assert_refused ("game chess\nsize 10\n", 2, "not a number from 64");
  assert_refused ("game chess\nfen 8/8/8/8/8/8/8/8 w - - 0 1\n\narrow e2 e4\n", 2, "");
}

/* Pieces placed by hand, marks and cards. */
/* Sealed choices are made by their values, and the tables a game shows
 * beside its board are drawn under it. */
static void
test_tables (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpDiagram) plain = cp_diagram_new_from_text ("game chess\n", "plain.diagram", &error);
  g_autoptr (CpDiagram) tables = cp_diagram_new_from_text ("game masquerade\ncommit white 1346\ncommit black 1102\n"
                                                           "moves e4 e5\nviewer white\n", "tables.diagram", &error);
  double plain_width, plain_height, width, height;

  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_actions (cp_diagram_get_game (tables)), ==, 4);
  cp_diagram_get_size (plain, &plain_width, &plain_height);
  cp_diagram_get_size (tables, &width, &height);
  g_assert_cmpfloat (width, ==, plain_width);
  /* Two tables side by side: six cells of half the width, less the gaps. */
  g_assert_cmpfloat (height, >, plain_height + width / 2 - 20);
}

static void
test_by_hand (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpDiagram) plain = cp_diagram_new_from_text ("game chess\n", "plain", &error);
  g_autoptr (CpDiagram) diagram = cp_diagram_new_from_text (
    "game chess\nmoves e4\nremove e1\nplace e5 2 queen\nmark e4\ncards 10H QS\n", "hand", &error);
  const CpState *state;
  guint e1, e5;
  double width, height, plain_width, plain_height;

  g_assert_no_error (error);
  state = cp_diagram_get_state (diagram);
  g_assert_true (cp_board_parse_cell (state->board, "e1", &e1, NULL));
  g_assert_true (cp_board_parse_cell (state->board, "e5", &e5, NULL));
  g_assert_false (cp_diagram_is_played (diagram));
  g_assert_cmpint (state->cells[e1].kind, ==, CP_PIECE_NONE);
  g_assert_cmpint (state->cells[e5].kind, ==, CP_PIECE_QUEEN);
  g_assert_cmpint (state->cells[e5].seat, ==, 1);
  /* The game itself is untouched. */
  g_assert_cmpint (cp_game_get_state (cp_diagram_get_game (diagram))->cells[e1].kind, ==, CP_PIECE_KING);
  /* Cards lie below the board. */
  cp_diagram_get_size (plain, &plain_width, &plain_height);
  cp_diagram_get_size (diagram, &width, &height);
  g_assert_cmpfloat (width, ==, plain_width);
  g_assert_cmpfloat (height, >, plain_height + 40);
}

/* The command line writes an SVG file, and names the line of a bad
 * source. */
static void
test_command_line (void)
{
  const char *program = g_getenv ("CP_PROGRAM");
  g_autofree char *folder = g_dir_make_tmp ("cp-diagram-XXXXXX", NULL);
  g_autofree char *bad = g_build_filename (folder, "bad.diagram", NULL);
  g_autofree char *svg = g_build_filename (folder, "out.svg", NULL);
  g_autofree char *source = g_build_filename (FIGURES, "chess-start.diagram", NULL);
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  if (program == NULL)
    {
      g_test_skip ("CP_PROGRAM is not set");
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char *[]) { (char *) program, "--render-diagram", source, "--output", svg, NULL },
                               NULL, 0, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_file_test (svg, G_FILE_TEST_IS_REGULAR));

  g_assert_true (g_file_set_contents (bad, "game chess\nmoves e4 e4\n", -1, NULL));
  g_assert_true (g_spawn_sync (NULL, (char *[]) { (char *) program, "--render-diagram", bad, "--output", svg, NULL },
                               NULL, 0, NULL, NULL, NULL, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, "bad.diagram:2:"));

  g_unlink (bad);
  g_unlink (svg);
  g_rmdir (folder);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/diagram/sources", test_sources);
  g_test_add_func ("/diagram/pages", test_pages);
  g_test_add_func ("/diagram/svg", test_svg);
  g_test_add_func ("/diagram/mallard", test_mallard);
  g_test_add_func ("/diagram/errors", test_errors);
  g_test_add_func ("/diagram/by-hand", test_by_hand);
  g_test_add_func ("/diagram/tables", test_tables);
  g_test_add_func ("/diagram/command-line", test_command_line);
  return g_test_run ();
}
