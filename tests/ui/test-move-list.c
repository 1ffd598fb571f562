/* test-move-list.c: the move list of three and four players
 *
 * Needs a display: run under Xvfb, with GTK's accessibility test backend
 * (GTK_A11Y=test).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "cp-engine.h"
#include "cp-move-list.h"
#include "cp-test-util.h"
#include "test-widgets.h"

/* Chivalrous Attrition for four, whose draw made Black first, then White,
 * Red and Brown.  White takes Black's knight in the fifth round, and the
 * others play on. */
static const char four_moves[] =
  "Nf6 Ng7 Ng1 Na1 f6-e4 g7-e6 g1-f3 a1-c2 e4-d2 e6-f8 f3-e1 c2-a3 d2-c4 f8-d7 e1-g2 a3-b1 "
  "c4-b2 d7-b6 g2-e3 b1-c3 b2-a4 b6xa4 e3-g4 c3-e2 a4-c5 g4-f2";

static CpGame *
new_four (void)
{
  CpGame *game = cp_test_new_game_undrawn ("attrition", 4, 1, "variant=multi", "starts=random", NULL);
  CpAction shuffle;

  cp_action_init (&shuffle, CP_ACTION_SHUFFLE, CP_SEAT_CHANCE);
  shuffle.value = 1890481503;
  cp_test_play_action (game, shuffle);
  cp_test_play (game, four_moves);
  return game;
}

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A window that shows @list, on the screen. */
static GtkWidget *
show_list (CpMoveList *list)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (list));
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 600);
  gtk_window_present (GTK_WINDOW (window));
  test_wait_until (test_is_mapped, list);
  iterate ();
  return window;
}

/* The index in the log of the last action that @text names. */
static guint
find_action (CpGame *game, const char *text)
{
  for (guint i = cp_game_get_n_actions (game); i-- > 0;)
    {
      g_autofree char *shown = cp_game_format_action (game, i, CP_NOTATION_SAN);

      if (g_strcmp0 (shown, text) == 0)
        return i;
    }
  g_assert_not_reached ();
}

/* The texts of the visible widgets of @css_class under @root, joined. */
static char *
class_texts (GtkWidget *root, const char *css_class)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();
  g_autoptr (GString) text = g_string_new (NULL);

  test_collect_class (root, css_class, found);
  for (guint i = 0; i < found->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (found, i);

      if (!gtk_widget_is_visible (widget))
        continue;
      if (GTK_IS_BUTTON (widget))
        widget = gtk_button_get_child (GTK_BUTTON (widget));
      g_string_append_printf (text, "%s%s", text->len > 0 ? "|" : "", gtk_label_get_text (GTK_LABEL (widget)));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The list of four is headed by the armies in the order they play, one
 * row a round from the first player on; the round where a player goes out
 * says so, and later rounds show that player's column as out, not as a
 * move to come.  A move clicked shows the position after it. */
static void
test_four_players (void)
{
  g_autoptr (CpGame) game = new_four ();
  CpMoveList *list = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));
  GtkWidget *window = show_list (list);
  guint take, row;
  g_autofree char *headings = NULL, *cells = NULL;
  GtkWidget *label;

  cp_move_list_set_game (list, game);
  iterate ();

  g_assert_cmpstr (cp_move_list_get_heading_text (list), ==, "Black · White · Red · Brown");
  headings = class_texts (GTK_WIDGET (list), "move-heading");
  g_assert_cmpstr (headings, ==, "Black|White|Red|Brown");

  row = cp_move_list_get_action_row (list, find_action (game, "f6-e4"));
  g_assert_cmpstr (cp_move_list_get_row_text (list, row), ==, "1. f6-e4 g7-e6 g1-f3 a1-c2");
  take = find_action (game, "b6xa4");
  row = cp_move_list_get_action_row (list, take);
  g_assert_cmpstr (cp_move_list_get_row_text (list, row), ==, "5. b2-a4 b6xa4 e3-g4 c3-e2");
  g_assert_cmpstr (cp_move_list_get_row_text (list, row + 1), ==, "Black is out");
  g_assert_cmpstr (cp_move_list_get_row_text (list, row + 2), ==, "6. a4-c5 g4-f2");
  g_assert_cmpuint (cp_move_list_get_n_rows (list), ==, row + 3);
  g_assert_cmpuint (cp_move_list_get_action_row (list, find_action (game, "g4-f2")), ==, row + 2);

  /* The last round on the screen: Black's column says it is out, and
   * Brown's is still to come. */
  cells = class_texts (GTK_WIDGET (list), "move-cell");
  g_assert_true (g_str_has_suffix (cells, "|out|a4-c5|g4-f2|"));
  label = test_find_label (GTK_WIDGET (list), "out");
  g_assert_false (gtk_widget_get_sensitive (gtk_widget_get_parent (label)));

  /* Clicking the capture shows the position after it. */
  label = test_find_label (GTK_WIDGET (list), "b6xa4");
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_focusable (gtk_widget_get_parent (label)));
  g_signal_emit_by_name (gtk_widget_get_parent (label), "clicked");
  iterate ();
  g_assert_cmpuint (cp_game_get_cursor (game), ==, take + 1);

  /* Taken back, the capture leaves Black in play, and the note goes. */
  cp_game_truncate (game, take);
  iterate ();
  g_assert_cmpuint (cp_move_list_get_n_rows (list), ==, row + 1);
  g_assert_cmpstr (cp_move_list_get_row_text (list, row), ==, "5. b2-a4");
  g_assert_null (test_find_label (GTK_WIDGET (list), "out"));

  cp_move_list_set_game (list, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_assert_finalize_object (list);
}

/* A first player who is not the first seat heads the list as soon as the
 * game begins, and three players play in rounds of three. */
static void
test_three_players (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("attrition", 3, 1, "variant=multi", "starts=red", NULL);
  CpMoveList *list = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));
  GtkWidget *window = show_list (list);

  cp_move_list_set_game (list, game);
  iterate ();
  g_assert_cmpstr (cp_move_list_get_heading_text (list), ==, "Red · White · Black");
  cp_test_play (game, "Nf8 Nh4 Na6 f8-g6 h4-f3 a6-b4 g6-e5 f3xe5 b4-d5 e5-f7");
  iterate ();
  g_assert_cmpstr (cp_move_list_get_heading_text (list), ==, "Red · White · Black");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 3), ==, "1. f8-g6 h4-f3 a6-b4");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 4), ==, "2. g6-e5 f3xe5 b4-d5");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 5), ==, "Red is out");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 6), ==, "3. e5-f7");

  cp_move_list_set_game (list, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_assert_finalize_object (list);
}

/* The rows of @list, one a line. */
static char *
all_rows (CpMoveList *list)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < cp_move_list_get_n_rows (list); i++)
    g_string_append_printf (text, "%s\n", cp_move_list_get_row_text (list, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Rows kept in step with the log, move by move and taken back, read as
 * rows written afresh. */
static void
test_step_by_step (void)
{
  g_autoptr (CpGame) whole = new_four ();
  g_autoptr (CpGame) game = cp_test_new_game_undrawn ("attrition", 4, 1, "variant=multi", "starts=random", NULL);
  CpMoveList *list = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));
  CpMoveList *fresh = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));
  guint n = cp_game_get_n_actions (whole);

  cp_move_list_set_game (list, game);
  for (guint i = 0; i < 2 * n; i++)
    {
      g_autofree char *kept = NULL, *written = NULL;

      if (i < n)
        cp_test_play_action (game, *cp_game_get_action (whole, i));
      else
        cp_game_undo (game);
      cp_move_list_set_game (fresh, game);
      kept = all_rows (list);
      written = all_rows (fresh);
      g_assert_cmpstr (kept, ==, written);
      g_assert_cmpstr (cp_move_list_get_heading_text (list), ==, cp_move_list_get_heading_text (fresh));
      cp_move_list_set_game (fresh, NULL);
    }

  cp_move_list_set_game (list, NULL);
  iterate ();
  g_assert_finalize_object (list);
  g_assert_finalize_object (fresh);
}

/* Two players have no headings: the numbers say whose move it is. */
static void
test_two_players (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 1, NULL);
  CpMoveList *list = g_object_ref_sink (CP_MOVE_LIST (cp_move_list_new ()));
  GtkWidget *window = show_list (list);
  g_autofree char *headings = NULL;

  cp_test_play (game, "e4 e5 Nf3");
  cp_move_list_set_game (list, game);
  iterate ();
  g_assert_null (cp_move_list_get_heading_text (list));
  headings = class_texts (GTK_WIDGET (list), "move-heading");
  g_assert_cmpstr (headings, ==, "");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 0), ==, "1. e4 e5");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 1), ==, "2. Nf3");

  cp_move_list_set_game (list, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_assert_finalize_object (list);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/move-list/four-players", test_four_players);
  g_test_add_func ("/move-list/three-players", test_three_players);
  g_test_add_func ("/move-list/step-by-step", test_step_by_step);
  g_test_add_func ("/move-list/two-players", test_two_players);
  return g_test_run ();
}
