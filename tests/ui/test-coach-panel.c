/* test-coach-panel.c: the coach's graph, progress and comment, and the
 * marks in the move list
 *
 * Needs a display: run under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "cp-coach-panel.h"
#include "cp-engine.h"
#include "cp-move-list.h"
#include "cp-test-util.h"
#include "test-widgets.h"

/* 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# */
static const char *const scholars_mate[] = { "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#" };

static CpGame *
new_scholars_mate (void)
{
  CpGame *game = cp_test_new_game ("chess", 2, 7, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (scholars_mate); i++)
    g_assert_true (cp_game_play_text (game, scholars_mate[i], NULL));
  return game;
}

typedef struct {
  GtkWidget *window;
  CpCoachPanel *panel;
  CpMoveList *moves;
} Shown;

/* The move list and the coach's panel of @game, side by side on the
 * screen. */
static void
show (Shown *shown, CpGame *game)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  shown->window = gtk_window_new ();
  shown->moves = CP_MOVE_LIST (cp_move_list_new ());
  shown->panel = CP_COACH_PANEL (cp_coach_panel_new ());
  gtk_widget_set_size_request (GTK_WIDGET (shown->moves), -1, 200);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (shown->moves));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (shown->panel));
  gtk_window_set_child (GTK_WINDOW (shown->window), box);
  gtk_window_set_default_size (GTK_WINDOW (shown->window), 300, 400);
  cp_move_list_set_notation (shown->moves, CP_NOTATION_SAN);
  cp_move_list_set_game (shown->moves, game);
  cp_coach_panel_set_notation (shown->panel, CP_NOTATION_SAN);
  cp_coach_panel_set_game (shown->panel, game);
  gtk_window_present (GTK_WINDOW (shown->window));
  test_wait_until (test_is_mapped, shown->moves);
}

static gboolean
stopped (gpointer panel)
{
  return !cp_coach_panel_is_running (panel);
}

static void
analyse (CpCoachPanel *panel)
{
  cp_coach_panel_set_budget (panel, 3, 0);
  g_assert_true (cp_coach_panel_can_analyse (panel));
  cp_coach_panel_analyse (panel);
  g_assert_true (cp_coach_panel_is_running (panel));
  test_wait_until (stopped, panel);
}

static gboolean
graph_shown (gpointer graph)
{
  return gtk_widget_get_mapped (graph) && gtk_widget_get_width (graph) > 50;
}

/* The analysis marks the blunder in the move list, comments on it and
 * shows the move it preferred; a click on the graph goes to a move. */
static void
test_analyse_and_click (void)
{
  g_autoptr (CpGame) game = new_scholars_mate ();
  g_autoptr (CpState) before = NULL;
  Shown shown;
  CpEvalGraph *graph;
  CpAction preferred, played;
  GListModel *controllers;
  GtkGesture *click = NULL;
  double x;

  show (&shown, game);
  /* Nothing to show before an analysis. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (shown.panel)));
  analyse (shown.panel);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shown.panel)));
  g_assert_cmpstr (cp_move_list_get_action_text (shown.moves, 5), ==, "3… Nf6??");
  g_assert_cmpstr (cp_move_list_get_action_text (shown.moves, 4), ==, "3. Bc4");

  /* At the end: the mate was the best move, no arrow. */
  g_assert_false (cp_coach_panel_get_preferred (shown.panel, &preferred));

  graph = cp_coach_panel_get_graph (shown.panel);
  test_wait_until (graph_shown, graph);
  /* A click on the blunder's point, as a person clicks. */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (graph));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller))
        click = GTK_GESTURE (controller);
    }
  g_object_unref (controllers);
  g_assert_nonnull (click);
  x = cp_eval_graph_x_of (graph, 6);
  g_signal_emit_by_name (click, "pressed", 1, x + 1, 10.0);
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 6);

  /* The blunder selected: its comment, and the move preferred. */
  g_assert_nonnull (cp_coach_panel_get_comment (shown.panel));
  g_assert_nonnull (strstr (cp_coach_panel_get_comment (shown.panel), "?? A blunder."));
  g_assert_nonnull (strstr (cp_coach_panel_get_comment (shown.panel), "Evaluation: #1"));
  g_assert_nonnull (strstr (cp_coach_panel_get_comment (shown.panel), "Better: "));
  g_assert_true (cp_coach_panel_get_preferred (shown.panel, &preferred));
  before = cp_game_state_at (game, 5);
  g_assert_true (cp_state_parse (before, "Nf6", &played, NULL));
  g_assert_false (cp_action_same (&preferred, &played));

  /* The first position, and one between two points. */
  cp_eval_graph_click (graph, cp_eval_graph_x_of (graph, 0));
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 0);
  cp_eval_graph_click (graph, (cp_eval_graph_x_of (graph, 2) + 0.2 * cp_eval_graph_x_of (graph, 3)) / 1.2);
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 2);

  gtk_window_destroy (GTK_WINDOW (shown.window));
}

/* The stop button ends the analysis. */
static void
test_stop (void)
{
  g_autoptr (CpGame) game = new_scholars_mate ();
  Shown shown;

  show (&shown, game);
  cp_coach_panel_set_budget (shown.panel, 60, 0);
  cp_coach_panel_analyse (shown.panel);
  g_assert_true (cp_coach_panel_is_running (shown.panel));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shown.panel)));
  cp_coach_panel_stop (shown.panel);
  test_wait_until (stopped, shown.panel);
  g_assert_null (cp_annotations_get (cp_game_get_annotations (game), G_N_ELEMENTS (scholars_mate) - 1));
  g_assert_true (cp_coach_panel_can_analyse (shown.panel));
  gtk_window_destroy (GTK_WINDOW (shown.window));
}

/* A game with secrets in progress: nothing to analyse, nothing shown. */
static void
test_secrets (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 3, NULL);
  Shown shown;

  cp_game_choose_secrets (game);
  cp_game_resolve_chance (game);
  show (&shown, game);
  g_assert_false (cp_coach_panel_can_analyse (shown.panel));
  cp_coach_panel_analyse (shown.panel);
  g_assert_false (cp_coach_panel_is_running (shown.panel));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (shown.panel)));
  gtk_window_destroy (GTK_WINDOW (shown.window));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/coach-panel/analyse-and-click", test_analyse_and_click);
  g_test_add_func ("/coach-panel/stop", test_stop);
  g_test_add_func ("/coach-panel/secrets", test_secrets);
  return g_test_run ();
}
