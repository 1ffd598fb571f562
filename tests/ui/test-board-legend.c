/* test-board-legend.c: the key to a board's marks, the line under the
 * board, and the headings of the tables beside it
 *
 * Needs a display: run under Xvfb, with GTK's accessibility test backend
 * (GTK_A11Y=test).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "cp-application.h"
#include "cp-autosave.h"
#include "cp-board-legend.h"
#include "cp-engine.h"
#include "cp-grid-panel.h"
#include "cp-piece-art.h"
#include "cp-seat-row.h"
#include "cp-test-util.h"
#include "cp-window-private.h"
#include "test-pixels.h"
#include "test-widgets.h"

static CpApplication *app;

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static CpWindow *
new_window (void)
{
  CpWindow *window = cp_window_new (GTK_APPLICATION (app), cp_application_get_settings (app));

  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  return window;
}

static void
destroy (CpWindow *window)
{
  cp_autosave_discard (cp_session_get_autosave (window->session));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

static gboolean
has_size (gpointer widget)
{
  return gtk_widget_get_width (widget) > 100 && gtk_widget_get_height (widget) > 100;
}

static GtkEventController *
find_controller (GtkWidget *widget, GType type)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;
    }
  return NULL;
}

/* The line under the board: what the window shows of the cell pointed at. */
static const char *
info_line (CpWindow *window)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();

  test_collect_class (GTK_WIDGET (window), "cell-info", found);
  g_assert_cmpuint (found->len, ==, 1);
  return gtk_label_get_text (g_ptr_array_index (found, 0));
}

static guint
cell (CpWindow *window, const char *name)
{
  guint c = CP_NO_CELL;

  g_assert_true (cp_board_parse_cell (cp_game_get_state (cp_window_get_game (window))->board, name, &c, NULL));
  return c;
}

/* The pointer moves to the middle of cell @name. */
static void
point_at (CpWindow *window, const char *name)
{
  GtkWidget *board = GTK_WIDGET (window->board);
  GtkEventController *motion = find_controller (board, GTK_TYPE_EVENT_CONTROLLER_MOTION);
  CpRect rect;

  g_assert_nonnull (motion);
  g_assert_true (cp_board_renderer_cell_rect (cp_board_view_get_renderer (window->board), gtk_widget_get_width (board),
                                              gtk_widget_get_height (board), cell (window, name), &rect));
  g_signal_emit_by_name (motion, "motion", rect.x + rect.width / 2, rect.y + rect.height / 2);
  iterate ();
}

/* No tooltip hides the cells around the one pointed at: the line under
 * the board says what is there, for the pointer and for the keyboard,
 * and keeps its room when it says nothing. */
static void
test_info_line (void)
{
  CpWindow *window = new_window ();
  GtkWidget *board = GTK_WIDGET (window->board);
  GtkEventController *motion;
  int height;

  test_wait_until (has_size, board);
  g_assert_false (gtk_widget_get_has_tooltip (board));
  g_assert_null (gtk_widget_get_tooltip_text (board));

  g_assert_cmpstr (info_line (window), ==, "");
  height = gtk_widget_get_height (GTK_WIDGET (window->board));
  point_at (window, "e2");
  g_assert_cmpstr (info_line (window), ==, "white pawn on e2");
  point_at (window, "e4");
  g_assert_cmpstr (info_line (window), ==, "e4, empty");
  cp_board_view_press_cell (window->board, cell (window, "g1"));
  point_at (window, "g1");
  g_assert_cmpstr (info_line (window), ==, "white knight on g1, picked up");
  cp_board_view_press_cell (window->board, cell (window, "g1"));

  motion = find_controller (board, GTK_TYPE_EVENT_CONTROLLER_MOTION);
  g_signal_emit_by_name (motion, "leave");
  iterate ();
  g_assert_cmpstr (info_line (window), ==, "");

  /* The keyboard's cursor, once it moves.  (Read at once: tests that run
   * beside this one may take the focus from its window.) */
  gtk_widget_grab_focus (board);
  cp_board_view_set_cursor (window->board, cell (window, "d8"));
  g_assert_cmpstr (info_line (window), ==, "black queen on d8");
  /* The board keeps its size whatever the line says. */
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window->board)), ==, height);
  destroy (window);
}

/* The marks each game of the registry may put on its board, beyond
 * those of play. */
static guint32
expected_marks (const char *id)
{
  static const struct {
    const char *id;
    guint32 marks;
  } games[] = {
    { "chess", CP_MARK_BIT (CP_MARK_CHECK) },
    { "chess960", CP_MARK_BIT (CP_MARK_CHECK) },
    { "half-alice", CP_MARK_BIT (CP_MARK_MIRROR) | CP_MARK_BIT (CP_MARK_CHECKERS) | CP_MARK_BIT (CP_MARK_CHECK) },
    { "adrenaline", CP_MARK_BIT (CP_MARK_CHECKERS) | CP_MARK_BIT (CP_MARK_CHECK) },
    { "tar-pit", CP_MARK_BIT (CP_MARK_CHECKERS) | CP_MARK_BIT (CP_MARK_TAR) | CP_MARK_BIT (CP_MARK_CHECK) },
    { "zombie", CP_MARK_BIT (CP_MARK_ZOMBIE) | CP_MARK_BIT (CP_MARK_BURIAL) | CP_MARK_BIT (CP_MARK_CHECK) },
    { "chess-attack", CP_MARK_BIT (CP_MARK_WOUNDS) | CP_MARK_BIT (CP_MARK_CHECK) },
    { "chivalry", CP_MARK_BIT (CP_MARK_TINT) },
    { "golf", CP_MARK_BIT (CP_MARK_TINT) },
    { "synchronous", CP_MARK_BIT (CP_MARK_TINT) | CP_MARK_BIT (CP_MARK_CHECK) },
    { "crowded-house", CP_MARK_BIT (CP_MARK_AREA) | CP_MARK_BIT (CP_MARK_CHECK) },
    { "attrition", CP_MARK_BIT (CP_MARK_MARKER) },
    { "km-three", CP_MARK_BIT (CP_MARK_WALL) | CP_MARK_BIT (CP_MARK_CHECK) },
    { "km-four", CP_MARK_BIT (CP_MARK_CENTRE) | CP_MARK_BIT (CP_MARK_CHECK) },
    { "km-teams", CP_MARK_BIT (CP_MARK_CHECK) },
    { "masquerade", 0 },
    { "two-move", 0 },
    { "cooperative", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    if (g_str_equal (games[i].id, id))
      return games[i].marks;
  return G_MAXUINT32;
}

/* Shows the game's state and presentation as the window would. */
static void
show (CpBoardView *board, CpGame *game)
{
  g_autoptr (CpView) view = cp_game_view (game, CP_VIEW_ALL);
  g_autoptr (CpPresentation) presentation = cp_game_present (game, view);

  cp_board_view_set_state (board, cp_view_get_state (view), NULL);
  cp_board_view_set_overlays (board, presentation);
  cp_board_renderer_set_check (cp_board_view_get_renderer (board), presentation->check_cell);
}

/* For each game of the registry, along random games, the key lists a
 * line for each mark the board shows, and the marks the game may show
 * and no others; then the marks of play. */
static void
test_registry (void)
{
  CpBoardView *board = g_object_ref_sink (CP_BOARD_VIEW (cp_board_view_new ()));
  CpBoardLegend *legend = g_object_ref_sink (CP_BOARD_LEGEND (cp_board_legend_new (board)));
  const CpRules *const *list;
  guint n_rules;

  list = cp_rules_list (&n_rules);
  for (guint r = 0; r < n_rules; r++)
    {
      const CpRules *rules = list[r];
      guint32 seen = 0, expected = expected_marks (rules->id);

      if (g_str_equal (rules->id, "stack"))
        continue;
      g_assert_cmpuint (expected, !=, G_MAXUINT32);
      for (guint64 seed = 1; seed <= 3; seed++)
        {
          g_autoptr (CpGame) game = cp_test_new_game (rules->id, rules->min_seats, seed, NULL);
          g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) seed);

          for (guint ply = 0; ply < 160 && !cp_state_is_over (cp_game_get_state (game)); ply++)
            {
              const CpState *state = cp_game_get_state (game);
              CpSeatMask pending = cp_state_pending (state);
              g_auto (CpActionList) legal = { 0 };
              guint32 marks;
              guint seat;

              show (board, game);
              marks = cp_board_renderer_get_marks (cp_board_view_get_renderer (board));
              seen |= marks;
              if ((marks & ~cp_board_legend_get_marks (legend)) != 0)
                g_error ("%s: the board shows marks %x, the key lists %x", rules->id, marks,
                         cp_board_legend_get_marks (legend));
              if (cp_board_legend_get_marks (legend) != expected)
                g_error ("%s: the key lists marks %x, not %x", rules->id, cp_board_legend_get_marks (legend),
                         expected);
              if (pending & CP_SEAT_BIT (CP_SEAT_CHANCE))
                {
                  cp_game_resolve_chance (game);
                  continue;
                }
              for (seat = 0; !(pending & CP_SEAT_BIT (seat)); seat++)
                ;
              cp_state_legal (state, seat, &legal);
              g_assert_cmpuint (legal.len, >, 0);
              g_assert_true (cp_game_append (game, &legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)],
                                             NULL));
            }
        }
      g_test_message ("%s: marks seen %x, listed %x", rules->id, seen, expected);
      /* Every line of the key has its words, and the marks of play end it. */
      g_assert_cmpuint (cp_board_legend_get_n_lines (legend), ==, __builtin_popcount (expected) + 4u);
      for (guint i = 0; i < cp_board_legend_get_n_lines (legend); i++)
        g_assert_cmpuint (strlen (cp_board_legend_get_text (legend, i)), >, 10);
    }
  g_object_unref (legend);
  g_object_unref (board);
}

/* The drawing area under @root that takes the keyboard's focus. */
static GtkWidget *
find_focusable_area (GtkWidget *root)
{
  if (GTK_IS_DRAWING_AREA (root) && gtk_widget_get_focusable (root))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_focusable_area (child);

      if (found)
        return found;
    }
  return NULL;
}

/* Masquerade's tables say what their rows and their columns are. */
static void
test_table_headings (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("masquerade", 2, 1, NULL);
  g_autoptr (CpView) view = cp_game_view (game, 0);
  g_autoptr (CpPresentation) presentation = cp_game_present (game, view);
  g_auto (CpActionList) legal = { 0 };
  static const CpColour colours[CP_MAX_SEATS] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };
  GtkWidget *panel = cp_grid_panel_new ();
  GtkWidget *window = gtk_window_new ();
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  g_autoptr (GPtrArray) columns = g_ptr_array_new ();

  gtk_window_set_child (GTK_WINDOW (window), panel);
  cp_state_legal (cp_view_get_state (view), 0, &legal);
  g_assert_cmpuint (presentation->grids->len, >, 0);
  cp_grid_panel_show (CP_GRID_PANEL (panel), presentation, colours, &legal);
  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  test_collect_class (panel, "row-heading", rows);
  test_collect_class (panel, "column-heading", columns);
  g_assert_cmpuint (rows->len, ==, presentation->grids->len);
  g_assert_cmpuint (columns->len, ==, presentation->grids->len);
  g_assert_nonnull (test_find_label (panel, "Captures as"));
  gtk_test_accessible_assert_property (g_ptr_array_index (rows, 0), GTK_ACCESSIBLE_PROPERTY_LABEL, "Piece");
  g_assert_cmpint (gtk_widget_get_width (g_ptr_array_index (rows, 0)), >, 4);

  /* The table to fill in is named after the cell framed for the
   * keyboard, which starts at the top left. */
  {
    const CpGrid *grid = NULL;
    GtkWidget *area = find_focusable_area (panel);
    g_autofree char *expected = NULL;

    for (guint i = 0; i < presentation->grids->len; i++)
      if (g_array_index (presentation->grids, CpGrid, i).choosing)
        grid = &g_array_index (presentation->grids, CpGrid, i);
    g_assert_nonnull (grid);
    g_assert_nonnull (area);
    expected = g_strdup_printf ("Piece: %s, Captures as: %s, %s", cp_piece_kind_name (grid->row_piece[0]),
                                cp_piece_kind_name (grid->column_piece[0]),
                                (grid->marks[0][0] & ~CP_GRID_FAINT) == CP_GRID_CIRCLE ? "circled" : "not circled");
    gtk_test_accessible_assert_property (area, GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The share of pixels of @surface that are pale. */
static double
pale_share (cairo_surface_t *surface)
{
  int width = cairo_image_surface_get_width (surface), height = cairo_image_surface_get_height (surface);
  guint pale = 0;

  cairo_surface_flush (surface);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        Pixel p = device_pixel (surface, x, y);

        pale += 0.3 * p.r + 0.59 * p.g + 0.11 * p.b > 0.6;
      }
  return (double) pale / (width * height);
}

static void
collect_areas (GtkWidget *root, GPtrArray *found)
{
  if (GTK_IS_DRAWING_AREA (root) && !gtk_widget_has_css_class (root, "seat-mark"))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    collect_areas (child, found);
}

/* The area of the pieces a seat has lost: its drawing area that is not
 * the token. */
static GtkWidget *
lost_area (GtkWidget *row)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();

  collect_areas (row, found);
  g_assert_cmpuint (found->len, ==, 1);
  return g_ptr_array_index (found, 0);
}

/* In the dark style, the black pieces a player has lost stand out from
 * the dark ground of the panel on a pale halo. */
static void
test_dark_lost_pieces (void)
{
  static const CpLostPiece lost[] = { { CP_PIECE_QUEEN, FALSE } };
  AdwStyleManager *style = adw_style_manager_get_default ();
  GtkWidget *row = cp_seat_row_new (1);
  GtkWidget *window = test_show_row (row);
  GtkWidget *area = NULL;
  cairo_surface_t *surface;
  double shares[2];

  cp_seat_row_set_colour (CP_SEAT_ROW (row), CP_COLOUR_BLACK);
  cp_seat_row_set_lost (CP_SEAT_ROW (row), lost, 1);
  for (guint dark = 0; dark < 2; dark++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      g_autoptr (GskRenderNode) node = NULL;
      cairo_t *cr;

      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      iterate ();
      area = lost_area (row);
      GTK_WIDGET_GET_CLASS (area)->snapshot (area, snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      g_assert_nonnull (node);
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, gtk_widget_get_width (area),
                                            gtk_widget_get_height (area));
      cr = cairo_create (surface);
      /* The ground of the panel in each style. */
      cairo_set_source_rgb (cr, dark ? 0.14 : 0.98, dark ? 0.14 : 0.98, dark ? 0.14 : 0.98);
      cairo_paint (cr);
      gsk_render_node_draw (node, cr);
      cairo_destroy (cr);
      shares[dark] = pale_share (surface);
      cairo_surface_destroy (surface);
    }
  g_test_message ("pale share: %.3f light, %.3f dark", shares[0], shares[1]);
  g_assert_cmpfloat (shares[1], >, 0.08);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What the line under the board says of a cell never mixes a new position
 * with the marks of the one before, which may be another seat's secrets:
 * a burial seen by the seat that made it. */
static void
test_info_keeps_secrets (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 1, NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  GtkWidget *window = gtk_window_new ();
  CpBoardView *board = CP_BOARD_VIEW (cp_board_view_new ());
  guint buried = CP_NO_CELL, burier = 0;
  GtkEventController *motion;
  CpRect rect;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (board));
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 480);
  gtk_window_present (GTK_WINDOW (window));
  test_wait_until (has_size, board);
  /* Random moves until a seat has buried a piece. */
  while (buried == CP_NO_CELL)
    {
      const CpState *state = cp_game_get_state (game);
      CpSeatMask pending = cp_state_pending (state);
      g_auto (CpActionList) legal = { 0 };
      guint seat;

      g_assert_false (cp_state_is_over (state));
      if (pending & CP_SEAT_BIT (CP_SEAT_CHANCE))
        {
          cp_game_resolve_chance (game);
          continue;
        }
      for (seat = 0; !(pending & CP_SEAT_BIT (seat)); seat++)
        ;
      cp_state_legal (state, seat, &legal);
      for (guint i = 0; i < legal.len && buried == CP_NO_CELL; i++)
        if (legal.items[i].type == CP_ACTION_BURY)
          {
            buried = legal.items[i].cells[0];
            burier = seat;
            g_assert_true (cp_game_append (game, &legal.items[i], NULL));
          }
      if (buried == CP_NO_CELL)
        g_assert_true (cp_game_append (game, &legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)], NULL));
    }

  for (guint seat = 0; seat < 2; seat++)
    {
      g_autoptr (CpView) view = cp_game_view (game, seat == 0 ? burier : 1 - burier);
      g_autoptr (CpPresentation) presentation = cp_game_present (game, view);

      cp_board_view_set_state (board, cp_view_get_state (view), NULL);
      if (seat == 0)
        {
          cp_board_view_set_overlays (board, presentation);
          g_assert_true (cp_board_renderer_cell_rect (cp_board_view_get_renderer (board),
                                                      gtk_widget_get_width (GTK_WIDGET (board)),
                                                      gtk_widget_get_height (GTK_WIDGET (board)), buried, &rect));
          motion = find_controller (GTK_WIDGET (board), GTK_TYPE_EVENT_CONTROLLER_MOTION);
          g_signal_emit_by_name (motion, "motion", rect.x + rect.width / 2, rect.y + rect.height / 2);
          g_assert_nonnull (strstr (cp_board_view_get_cell_info (board), "buried here"));
        }
      else
        /* The other seat's position, before its own marks come. */
        g_assert_null (strstr (cp_board_view_get_cell_info (board), "buried here"));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_autofree char *made = NULL;
  int status;

  if (g_getenv ("CP_TEST_DATA_HOME") == NULL)
    {
      made = g_dir_make_tmp ("cp-data-XXXXXX", NULL);
      g_setenv ("CP_TEST_DATA_HOME", made, TRUE);
    }
  g_setenv ("XDG_DATA_HOME", g_getenv ("CP_TEST_DATA_HOME"), TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  app = cp_application_new (G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_settings_set_boolean (cp_application_get_settings (app), "animate-moves", FALSE);
  adw_init ();

  g_test_add_func ("/board-legend/info-line", test_info_line);
  g_test_add_func ("/board-legend/info-keeps-secrets", test_info_keeps_secrets);
  g_test_add_func ("/board-legend/registry", test_registry);
  g_test_add_func ("/board-legend/table-headings", test_table_headings);
  g_test_add_func ("/board-legend/dark-lost-pieces", test_dark_lost_pieces);
  status = g_test_run ();
  g_object_unref (app);
  if (made != NULL)
    cp_test_remove_tree (made);
  return status;
}
