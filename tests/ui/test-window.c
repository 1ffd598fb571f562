/* test-window.c: the window, played as a player plays it
 *
 * Needs a display: run under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-application.h"
#include "cp-autosave.h"
#include "cp-card-hand-panel.h"
#include "cp-computer-player.h"
#include "cp-move-list.h"
#include "cp-new-game-dialog.h"
#include "cp-rule-sheet.h"
#include "cp-deck-sheet.h"
#include "cp-engine-list.h"
#include "cp-players-panel.h"
#include "cp-preferences-window.h"
#include "cp-record.h"
#include "cp-rules-view.h"
#include "cp-seat-row.h"
#include "cp-table-row.h"
#include "cp-stack-game.h"
#include "cp-test-util.h"
#include "cp-window-private.h"
#include "test-widgets.h"

static CpApplication *app;

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static guint
cell (CpWindow *window, const char *name)
{
  guint c = CP_NO_CELL;

  g_assert_true (cp_board_parse_cell (cp_game_get_state (cp_window_get_game (window))->board, name, &c, NULL));
  return c;
}

static void
click (CpWindow *window, const char *name)
{
  cp_board_view_press_cell ((window)->board, cell (window, name));
  iterate ();
}

static char *
shown (CpWindow *window, const char *name)
{
  return cp_board_view_describe_cell ((window)->board, cell (window, name));
}

static void
assert_shown (CpWindow *window, const char *name, const char *expected)
{
  g_autofree char *text = shown (window, name);

  g_assert_cmpstr (text, ==, expected);
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
  cp_autosave_discard (cp_session_get_autosave ((window)->session));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* The open message dialog of @window, or NULL. */
static AdwMessageDialog *
find_dialog (CpWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) candidate = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (candidate) && gtk_window_get_transient_for (candidate) == GTK_WINDOW (window)
          && gtk_widget_get_visible (GTK_WIDGET (candidate)))
        return ADW_MESSAGE_DIALOG (candidate);
    }
  return NULL;
}

/* Opens @file in @window, and waits until it shows or was refused.
 * Returns: whether it shows */
static gboolean
open_file (CpWindow *window, GFile *file)
{
  g_autoptr (GAsyncResult) result = NULL;

  cp_window_open_async (window, file, NULL, cp_test_keep_result, &result);
  cp_test_wait_result (&result);
  iterate ();
  return cp_window_open_finish (window, result, NULL);
}

static gboolean
save_to (CpWindow *window, GFile *file, GError **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  cp_window_save_async (window, file, cp_test_keep_result, &result);
  cp_test_wait_result (&result);
  return cp_window_save_finish (window, result, error);
}

static void
play_by_clicks (CpWindow *window, const char *const *cells)
{
  for (guint i = 0; cells[i]; i++)
    click (window, cells[i]);
}

static void
test_click_move (void)
{
  CpWindow *window = new_window ();
  CpGame *game = cp_window_get_game (window);
  static const char *const moves[] = { "e2", "e4", "e7", "e5", "g1", "f3", NULL };

  assert_shown (window, "g1", "white knight on g1");
  play_by_clicks (window, moves);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 3);
  assert_shown (window, "f3", "white knight on f3");
  assert_shown (window, "g1", "g1, empty");
  g_assert_true (cp_session_get_modified ((window)->session));
  g_assert_cmpstr (cp_move_list_get_action_text (CP_MOVE_LIST (GTK_WIDGET ((window)->moves)), 2), ==, "2. Nf3");
  g_assert_cmpstr (cp_players_panel_get_status (CP_PLAYERS_PANEL (GTK_WIDGET ((window)->players))),
                   ==, "Black to move");

  /* Picking up and putting back changes nothing; a click on an empty
   * cell with nothing picked up does nothing either. */
  click (window, "b8");
  click (window, "b8");
  click (window, "d4");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 3);
  destroy (window);
}

/* A piece that may go on after its move (extra steps on its checkers)
 * stays picked up, so that one click makes each step. */
static void
test_piece_goes_on (void)
{
  CpWindow *window = new_window ();
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;

  g_hash_table_insert (options, (gpointer) "fen", (gpointer) "4k3/8/8/8/8/8/8/1N**2K3 w - - 0 1");
  game = cp_game_new ("adrenaline", options, 2, 1, NULL);
  cp_window_set_game (window, game, NULL);
  assert_shown (window, "b1", "white knight on b1, on a stack of 2 checkers");
  click (window, "b1");
  click (window, "c3");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
  assert_shown (window, "c3", "white knight on c3, on a stack of 2 checkers, taking extra steps, picked up");
  click (window, "d4");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);
  assert_shown (window, "d4", "white knight on d4, on 1 checker, taking extra steps, picked up");
  /* The piece itself again puts it down; the stop is a button. */
  click (window, "d4");
  assert_shown (window, "d4", "white knight on d4, on 1 checker, taking extra steps");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);
  destroy (window);
}

static void
test_illegal_drop (void)
{
  CpWindow *window = new_window ();
  CpGame *game = cp_window_get_game (window);
  CpBoardView *board = (window)->board;

  cp_board_view_drop (board, cell (window, "e2"), cell (window, "e5"));
  cp_board_view_drop (board, cell (window, "e7"), cell (window, "e5"));
  cp_board_view_drop (board, cell (window, "g1"), CP_NO_CELL);
  iterate ();
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 0);
  g_assert_false (cp_session_get_modified ((window)->session));

  cp_board_view_drop (board, cell (window, "g1"), cell (window, "f3"));
  iterate ();
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
  destroy (window);
}

static void
test_promotion_chooser (void)
{
  CpWindow *window = new_window ();
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;
  GtkWidget *popover = NULL;

  g_hash_table_insert (options, (gpointer) "fen", (gpointer) "7k/P7/8/8/8/8/8/K7 w - - 0 1");
  game = cp_game_new ("chess", options, 2, 1, NULL);
  cp_window_set_game (window, game, NULL);
  click (window, "a7");
  click (window, "a8");
  /* Four promotions share the path: the board asks which. */
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 0);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET ((window)->board));
       child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      popover = child;
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (popover));
  {
    /* The buttons: queen, rook, bishop, knight.  Take the knight. */
    GtkWidget *box = gtk_popover_get_child (GTK_POPOVER (popover));
    GtkWidget *knight = gtk_widget_get_last_child (box);

    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (knight)), ==, "board.choose");
    g_assert_cmpuint (g_variant_get_uint32 (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (knight))), ==, 3);
    g_signal_emit_by_name (knight, "clicked");
    iterate ();
  }
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
  assert_shown (window, "a8", "white knight on a8");
  destroy (window);
}

static void
test_replay (void)
{
  CpWindow *window = new_window ();
  CpGame *game = cp_window_get_game (window);
  static const char *const moves[] = { "e2", "e4", "e7", "e5", "g1", "f3", NULL };

  /* Nothing to go through yet: no buttons for it. */
  g_assert_false (gtk_widget_get_visible (window->replay_buttons));
  play_by_clicks (window, moves);
  g_assert_true (gtk_widget_get_visible (window->replay_buttons));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.first", NULL);
  iterate ();
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 0);
  assert_shown (window, "e2", "white pawn on e2");
  assert_shown (window, "g1", "white knight on g1");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
  iterate ();
  assert_shown (window, "e4", "white pawn on e4");
  assert_shown (window, "e7", "black pawn on e7");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.last", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous", NULL);
  iterate ();
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 2);
  assert_shown (window, "e5", "black pawn on e5");
  assert_shown (window, "f3", "f3, empty");

  /* A move of the move list shows the position after it. */
  cp_move_list_activate_action (CP_MOVE_LIST (GTK_WIDGET ((window)->moves)), 0);
  iterate ();
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 1);
  g_assert_true (gtk_widget_get_visible (window->replay_buttons));
  /* Every move taken back, they go again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.last", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (moves) / 2; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  iterate ();
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 0);
  g_assert_false (gtk_widget_get_visible (window->replay_buttons));
  destroy (window);
}

static void
answer (CpWindow *window, const char *response)
{
  AdwMessageDialog *dialog = find_dialog (window);

  g_assert_nonnull (dialog);
  /* As a click on the button does: answer, then close. */
  adw_message_dialog_response (dialog, response);
  gtk_window_close (GTK_WINDOW (dialog));
  iterate ();
  g_assert_null (find_dialog (window));
}

static void
test_continue_from_past (void)
{
  CpWindow *window = new_window ();
  CpGame *game = cp_window_get_game (window);
  static const char *const moves[] = { "e2", "e4", "e7", "e5", "g1", "f3", "b8", "c6", NULL };

  play_by_clicks (window, moves);
  cp_game_set_cursor (game, 2);
  iterate ();

  /* A move in the past asks first; cancelling keeps everything. */
  click (window, "f1");
  click (window, "c4");
  answer (window, "cancel");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 4);

  click (window, "f1");
  click (window, "c4");
  answer (window, "continue");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 3);
  assert_shown (window, "c4", "white bishop on c4");

  /* Undo takes the new move back and brings the dropped ones back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  iterate ();
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 4);
  assert_shown (window, "c6", "black knight on c6");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  iterate ();
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 3);
  assert_shown (window, "c4", "white bishop on c4");
  destroy (window);
}

static char *
temp_path (const char *name)
{
  static char *dir;

  if (dir == NULL)
    dir = g_dir_make_tmp ("cp-window-XXXXXX", NULL);
  return g_build_filename (dir, name, NULL);
}

static void
test_save_and_open (void)
{
  CpWindow *window = new_window ();
  CpWindow *other;
  static const char *const moves[] = { "f2", "f3", "e7", "e5", "g2", "g4", "d8", "h4", NULL };
  g_autofree char *path = temp_path ("fools-mate.cpgame");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) loaded = NULL;

  play_by_clicks (window, moves);
  g_assert_cmpint (cp_game_get_outcome (cp_window_get_game (window))->reason, ==, CP_END_CHECKMATE);
  g_assert_true (save_to (window, file, &error));
  g_assert_no_error (error);
  g_assert_false (cp_session_get_modified ((window)->session));

  loaded = cp_record_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_actions (loaded), ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_true (cp_action_same (cp_game_get_action (loaded, i),
                                   cp_game_get_action (cp_window_get_game (window), i)));

  /* Opened in another window, the game shows its last position. */
  other = new_window ();
  g_assert_true (open_file (other, file));
  g_assert_null (find_dialog (other));
  assert_shown (other, "h4", "black queen on h4");
  g_assert_cmpuint (cp_game_get_cursor (cp_window_get_game (other)), ==, 4);
  g_assert_true (g_str_has_prefix (cp_players_panel_get_status (CP_PLAYERS_PANEL (GTK_WIDGET ((other)->players))),
                                   "Checkmate"));
  destroy (other);
  destroy (window);
}

/* Files are read and written without blocking the window: the window
 * keeps its game until the file's is read, Save is off while a save is
 * under way, and a window closed while it reads a file is let go. */
static void
test_files_do_not_block (void)
{
  CpWindow *window = new_window ();
  CpWindow *closing;
  static const char *const moves[] = { "e2", "e4", NULL };
  g_autofree char *path = temp_path ("quick.cpgame");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GAsyncResult) saved = NULL;
  g_autoptr (GAsyncResult) opened = NULL;
  g_autoptr (GError) error = NULL;
  CpGame *before;

  play_by_clicks (window, moves);
  cp_window_save_async (window, file, cp_test_keep_result, &saved);
  g_assert_cmpuint (window->saving, ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_cmpuint (window->saving, ==, 1);
  g_assert_true (cp_session_get_modified (window->session));
  cp_test_wait_result (&saved);
  g_assert_true (cp_window_save_finish (window, saved, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (window->saving, ==, 0);
  g_assert_false (cp_session_get_modified (window->session));

  closing = new_window ();
  before = cp_window_get_game (closing);
  g_object_add_weak_pointer (G_OBJECT (closing), (gpointer *) &closing);
  cp_window_open_async (closing, file, NULL, cp_test_keep_result, &opened);
  g_assert_true (cp_window_get_game (closing) == before);
  destroy (closing);
  cp_test_wait_result (&opened);
  g_assert_false (g_task_propagate_boolean (G_TASK (opened), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_object (&opened);
  iterate ();
  g_assert_null (closing);

  destroy (window);
  g_unlink (path);
}

/* Waits for the saves of @window to end. */
static void
wait_for_saves (CpWindow *window)
{
  while (window->saving > 0)
    g_main_context_iteration (NULL, TRUE);
  iterate ();
}

/* Save As keeps what the name says: a name without an extension becomes
 * a record's, a name that ends in ".pgn" gets PGN, which a game PGN
 * cannot hold refuses. */
static void
test_save_as_names (void)
{
  CpWindow *window = new_window ();
  static const char *const moves[] = { "e2", "e4", NULL };
  g_autofree char *dir = g_dir_make_tmp ("cp-window-XXXXXX", NULL);
  g_autofree char *bare = g_build_filename (dir, "chess1", NULL);
  g_autofree char *record = g_build_filename (dir, "chess1.cpgame", NULL);
  g_autofree char *pgn = g_build_filename (dir, "Ruy.PGN", NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GFile) bare_file = g_file_new_for_path (bare);
  g_autoptr (GFile) pgn_file = g_file_new_for_path (pgn);
  g_autoptr (CpGame) cards = cp_game_new ("two-move", NULL, 2, 1, NULL);
  AdwMessageDialog *dialog;

  play_by_clicks (window, moves);
  _cp_window_save_as (window, bare_file);
  wait_for_saves (window);
  g_assert_false (g_file_test (bare, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (record, G_FILE_TEST_EXISTS));
  g_assert_true (g_str_has_suffix (g_file_peek_path (cp_session_get_file (window->session)), "chess1.cpgame"));

  _cp_window_save_as (window, pgn_file);
  while (g_strcmp0 (window->notice, "Exported as PGN") != 0)
    g_main_context_iteration (NULL, TRUE);
  iterate ();
  g_assert_true (g_file_get_contents (pgn, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "[Event "));
  g_assert_nonnull (strstr (contents, "1. e4 *"));
  g_unlink (pgn);

  cp_window_set_game (window, cards, NULL);
  iterate ();
  _cp_window_save_as (window, pgn_file);
  iterate ();
  dialog = find_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Save the Game");
  g_assert_false (g_file_test (pgn, G_FILE_TEST_EXISTS));
  answer (window, "close");
  destroy (window);
  g_unlink (record);
  g_rmdir (dir);
}

static guint
count_windows (void)
{
  return g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
}

/* A message dialog with @heading over any window, or NULL. */
static AdwMessageDialog *
find_any_dialog (const char *heading)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) candidate = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (candidate) && gtk_widget_get_visible (GTK_WIDGET (candidate))
          && g_str_has_prefix (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (candidate)), heading))
        return ADW_MESSAGE_DIALOG (candidate);
    }
  return NULL;
}

/* Files opened from outside, as the file manager opens them: the window
 * that shows a file comes to the front instead of a second one, a file
 * that cannot be read leaves no window behind, and one that can gets a
 * window of its own. */
static void
test_open_from_outside (void)
{
  CpWindow *window = new_window ();
  static const char *const moves[] = { "d2", "d4", NULL };
  g_autofree char *dir = g_dir_make_tmp ("cp-window-XXXXXX", NULL);
  g_autofree char *record = g_build_filename (dir, "open.cpgame", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.cpgame", NULL);
  g_autofree char *pgn = g_build_filename (dir, "game.pgn", NULL);
  g_autoptr (GFile) record_file = g_file_new_for_path (record);
  g_autoptr (GFile) broken_file = g_file_new_for_path (broken);
  g_autoptr (GFile) pgn_file = g_file_new_for_path (pgn);
  AdwMessageDialog *dialog;
  CpWindow *opened = NULL;
  guint before;

  play_by_clicks (window, moves);
  g_assert_true (save_to (window, record_file, NULL));
  before = count_windows ();
  g_application_open (G_APPLICATION (app), &record_file, 1, "");
  iterate ();
  g_assert_cmpuint (count_windows (), ==, before);

  g_assert_true (g_file_set_contents (broken, "<game-record", -1, NULL));
  g_application_open (G_APPLICATION (app), &broken_file, 1, "");
  while ((dialog = find_any_dialog ("Could Not Open")) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  g_assert_cmpuint (count_windows (), ==, before);
  adw_message_dialog_response (dialog, "close");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate ();
  g_assert_cmpuint (count_windows (), ==, before);

  g_assert_true (g_file_set_contents (pgn, "[White \"Anna\"]\n\n1. e4 e5 *\n", -1, NULL));
  g_application_open (G_APPLICATION (app), &pgn_file, 1, "");
  while (count_windows () == before)
    g_main_context_iteration (NULL, TRUE);
  iterate ();
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (l->data != window && CP_IS_WINDOW (l->data))
      opened = l->data;
  g_assert_nonnull (opened);
  g_assert_cmpuint (cp_game_get_n_actions (cp_window_get_game (opened)), ==, 2);
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (cp_window_get_game (opened), 0)), ==, "Anna");

  destroy (opened);
  destroy (window);
  g_unlink (record);
  g_unlink (broken);
  g_unlink (pgn);
  g_rmdir (dir);
}

static void
test_broken_record (void)
{
  CpWindow *window = new_window ();
  g_autofree char *path = temp_path ("broken.cpgame");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  static const char *const moves[] = { "d2", "d4", NULL };
  AdwMessageDialog *dialog;

  g_assert_true (g_file_set_contents (path, "<game-record xmlns=\"nonsense\">", -1, NULL));
  play_by_clicks (window, moves);
  g_assert_false (open_file (window, file));
  dialog = find_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_heading (dialog), "Could Not Open"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "damaged"));
  /* The window keeps its game. */
  g_assert_cmpuint (cp_game_get_n_actions (cp_window_get_game (window)), ==, 1);
  answer (window, "close");
  destroy (window);
}

/* Inputs that once crashed the readers (tests/fuzz/regressions): the
 * window explains each in words it can show. */
static void
test_hostile_files (void)
{
  static const char *const cases[][3] = {
    { "record", "invalid-utf8-in-parser-message.xml", "not well-formed" },
    { "pgn", "fen-huge-empty-count.pgn", "a rank has the wrong number of cells" },
    { "record", "knightmare-place-for-no-seat.xml", "adds queen on d5 is not a legal move" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CpWindow *window = new_window ();
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fuzz", "regressions",
                                                     cases[i][0], cases[i][1], NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      AdwMessageDialog *dialog;

      g_assert_false (open_file (window, file));
      dialog = find_dialog (window);
      g_assert_nonnull (dialog);
      g_assert_true (g_str_has_prefix (adw_message_dialog_get_heading (dialog), "Could Not Open"));
      g_assert_true (g_utf8_validate (adw_message_dialog_get_body (dialog), -1, NULL));
      g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), cases[i][2]));
      answer (window, "close");
      destroy (window);
    }
}

/* Plays two moves in a window, then dies without a word, as a crash or a
 * kill would end the program. */
static void
die_in_game (void)
{
  CpWindow *window = new_window ();
  static const char *const moves[] = { "d2", "d4", "g8", "f6", NULL };

  play_by_clicks (window, moves);
  raise (SIGKILL);
}

static void
test_autosave_survives_kill (void)
{
  g_autoptr (GPtrArray) orphans = NULL;
  g_autoptr (CpGame) game = NULL;
  CpWindow *window;

  if (g_test_subprocess ())
    {
      die_in_game ();
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();

  orphans = cp_autosave_find_orphans ();
  g_assert_cmpuint (orphans->len, ==, 1);
  window = cp_window_new (GTK_APPLICATION (app), cp_application_get_settings (app));
  cp_window_recover (window, g_ptr_array_index (orphans, 0));
  iterate ();
  g_assert_cmpuint (cp_game_get_n_actions (cp_window_get_game (window)), ==, 2);
  assert_shown (window, "f6", "black knight on f6");
  g_assert_true (cp_session_get_modified ((window)->session));
  destroy (window);

  /* Discarded with the window, it is not offered again. */
  g_clear_pointer (&orphans, g_ptr_array_unref);
  orphans = cp_autosave_find_orphans ();
  g_assert_cmpuint (orphans->len, ==, 0);
}

static void
test_offer_draw (void)
{
  CpWindow *window = new_window ();
  CpGame *game = cp_window_get_game (window);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.offer-draw", NULL);
  click (window, "e2");
  click (window, "e4");
  g_assert_nonnull (strstr (cp_players_panel_get_status (CP_PLAYERS_PANEL (GTK_WIDGET ((window)->players))),
                            "offers a draw"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.accept-draw", NULL);
  iterate ();
  g_assert_cmpint (cp_game_get_outcome (game)->status, ==, CP_STATUS_DRAWN);
  g_assert_cmpint (cp_game_get_outcome (game)->reason, ==, CP_END_AGREEMENT);
  destroy (window);
}

static void
test_rules_shown (void)
{
  CpWindow *window = new_window ();
  g_autofree char *chess = cp_rules_view_get_text (CP_RULES_VIEW (GTK_WIDGET ((window)->rules)));
  g_autofree char *c960 = NULL;
  g_autoptr (CpGame) game = cp_game_new ("chess960", NULL, 2, 3, NULL);

  /* The rules come from the game's help page, clarifications included. */
  g_assert_true (g_str_has_prefix (chess, "Chess\n"));
  g_assert_nonnull (strstr (chess, "Clarifications"));
  g_assert_nonnull (strstr (chess, "• "));

  cp_game_resolve_chance (game);
  cp_window_set_game (window, game, NULL);
  c960 = cp_rules_view_get_text (CP_RULES_VIEW (GTK_WIDGET ((window)->rules)));
  g_assert_true (g_str_has_prefix (c960, "Chess960\n"));
  g_assert_nonnull (strstr (c960, "518"));
  destroy (window);
}

/* The keyboard shortcuts window is made when it is first asked for (not
 * shown here: GTK 4.8 warns about sizes as it lays the window out), with
 * its shortcut. */
/* The main menu is made when it first opens, with every item of the
 * menu model, and opens again as it is. */
static void
test_main_menu (void)
{
  CpWindow *window = new_window ();
  GtkPopover *popover;

  g_assert_null (gtk_menu_button_get_popover (window->menu_button));
  gtk_menu_button_popup (window->menu_button);
  iterate ();
  popover = gtk_menu_button_get_popover (window->menu_button);
  g_assert_true (GTK_IS_POPOVER_MENU (popover));
  g_assert_true (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)) == window->primary_menu);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  gtk_menu_button_popdown (window->menu_button);
  gtk_menu_button_popup (window->menu_button);
  iterate ();
  g_assert_true (gtk_menu_button_get_popover (window->menu_button) == popover);
  gtk_menu_button_popdown (window->menu_button);
  destroy (window);
}

/* A new window starts a game of the game last started, played by the
 * same players: names, and people or the computer at their levels. */
static void
test_start_as_last_time (void)
{
  GSettings *settings = cp_application_get_settings (app);
  const char *const names[] = { "Anna", "Ben", "Cleo", NULL };
  CpWindow *window;
  CpGame *game;

  g_settings_set_string (settings, "last-game", "chess");
  g_settings_set_strv (settings, "player-names", names);
  g_settings_set_value (settings, "player-levels", g_variant_new_parsed ("[0, 2]"));
  window = new_window ();
  game = cp_window_get_game (window);
  g_assert_cmpstr (cp_game_get_rules (game)->id, ==, "chess");
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 0)), ==, "Anna");
  g_assert_cmpint (cp_player_get_kind (cp_game_get_player (game, 0)), ==, CP_PLAYER_HUMAN);
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 1)), ==, "Ben");
  g_assert_cmpint (cp_player_get_kind (cp_game_get_player (game, 1)), ==, CP_PLAYER_COMPUTER);
  g_assert_cmpuint (cp_player_get_level (cp_game_get_player (game, 1)), ==, CP_LEVEL_MEDIUM);
  g_assert_nonnull (cp_session_get_agent (window->session, 1));
  destroy (window);

  /* Three players for a game of four: as many as the game needs, the
   * fourth a person named after the seat. */
  g_settings_set_string (settings, "last-game", "km-four");
  g_settings_set_value (settings, "player-levels", g_variant_new_parsed ("[0, 2, 3]"));
  window = new_window ();
  game = cp_window_get_game (window);
  g_assert_cmpuint (cp_game_get_n_seats (game), ==, 4);
  g_assert_cmpuint (cp_player_get_level (cp_game_get_player (game, 2)), ==, CP_LEVEL_HARD);
  g_assert_cmpint (cp_player_get_kind (cp_game_get_player (game, 3)), ==, CP_PLAYER_HUMAN);
  destroy (window);
  g_settings_reset (settings, "last-game");
  g_settings_reset (settings, "player-names");
  g_settings_reset (settings, "player-levels");
}

static void
test_shortcuts_window (void)
{
  CpWindow *window = new_window ();
  g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay");
  g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/chess_parlour/ChessParlour/ui/help-overlay.ui");
  GObject *overlay = gtk_builder_get_object (builder, "help_overlay");

  g_assert_true (g_strv_contains ((const char *const *) accels, "<Control>question"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "show-help-overlay"));
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (overlay));
  gtk_window_destroy (GTK_WINDOW (overlay));
  destroy (window);
}

/* A window with a game of three-player chess where cards are recorded. */
static CpWindow *
card_game_window (void)
{
  CpWindow *window = new_window ();
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;

  g_hash_table_insert (options, (gpointer) "cards", (gpointer) "true");
  game = cp_game_new ("km-three", options, 3, 1, NULL);
  g_assert_nonnull (game);
  cp_game_resolve_chance (game);
  cp_window_set_game (window, game, NULL);
  iterate ();
  return window;
}

/* Plays a card named @name as a player does: the window's action asks
 * for the name, which must not be empty. */
static void
play_card (CpWindow *window, const char *name)
{
  AdwMessageDialog *dialog;
  GtkEditable *entry;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-card", NULL));
  iterate ();
  dialog = find_dialog (window);
  g_assert_nonnull (dialog);
  entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_assert_true (GTK_IS_EDITABLE (entry));
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "play"));
  gtk_editable_set_text (entry, "   ");
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "play"));
  gtk_editable_set_text (entry, name);
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "play"));
  answer (window, "play");
}

static void
use_tool (CpWindow *window, const char *tool)
{
  gtk_widget_activate_action (GTK_WIDGET ((window)->card_bar), "card.tool", "s", tool);
  iterate ();
}

static void
assert_card_title (CpWindow *window, const char *expected)
{
  g_assert_cmpstr (cp_card_note_bar_get_title ((window)->card_bar), ==, expected);
}

static void
test_card_play (void)
{
  CpWindow *window = card_game_window ();
  CpGame *game = cp_window_get_game (window);
  CpCardNoteBar *bar = (window)->card_bar;
  guint start = cp_game_get_n_actions (game);
  const CpAction *action;

  /* White may play a card; there is nothing to end or be done with yet. */
  g_assert_cmpint (cp_card_note_bar_get_stage (bar), ==, CP_CARD_NOTE_READY);
  assert_card_title (window, "White may play a card");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.end-turn", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.card-done", NULL);
  iterate ();
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, start);

  play_card (window, "Sanctuary");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, start + 1);
  g_assert_cmpint (cp_card_note_bar_get_stage (bar), ==, CP_CARD_NOTE_IN_PLAY);
  g_assert_cmpint (cp_card_note_bar_get_tool (bar), ==, CP_CARD_TOOL_MOVE);
  assert_card_title (window, "“Sanctuary” is in play");

  /* A Red knight on e5. */
  use_tool (window, "add");
  gtk_widget_activate_action (GTK_WIDGET (bar), "card.piece-owner", "u", 1);
  gtk_widget_activate_action (GTK_WIDGET (bar), "card.piece-kind", "u", (guint) CP_PIECE_KNIGHT);
  iterate ();
  g_assert_cmpuint (cp_card_note_bar_get_piece_owner (bar), ==, 1);
  g_assert_cmpint (cp_card_note_bar_get_piece_kind (bar), ==, CP_PIECE_KNIGHT);
  click (window, "e7");   /* not empty: nothing happens */
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, start + 1);
  click (window, "e5");
  assert_shown (window, "e5", "red knight on e5, White’s territory");

  /* White's c7 pawn off the board; kings stay. */
  use_tool (window, "remove");
  click (window, "d8");
  assert_shown (window, "d8", "white king on d8, White’s territory");
  click (window, "c7");
  assert_shown (window, "c7", "c7, empty, White’s territory");

  /* The g8 knight anywhere, here where no knight could go. */
  use_tool (window, "move");
  cp_board_view_drop ((window)->board, cell (window, "g8"), cell (window, "d4"));
  iterate ();
  assert_shown (window, "d4", "white knight on d4, Black’s territory");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, start + 4);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.card-done", NULL));
  iterate ();
  g_assert_cmpint (cp_card_note_bar_get_stage (bar), ==, CP_CARD_NOTE_PLAYED);
  assert_card_title (window, "“Sanctuary” is played");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.end-turn", NULL));
  iterate ();

  /* Red's turn, with a card of its own to play if it likes. */
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (1));
  g_assert_cmpint (cp_card_note_bar_get_stage (bar), ==, CP_CARD_NOTE_READY);
  assert_card_title (window, "Red may play a card");

  g_assert_cmpuint (cp_game_get_n_actions (game), ==, start + 6);
  for (guint i = start; i < start + 6; i++)
    g_assert_cmpuint (cp_game_get_action (game, i)->seat, ==, 0);
  action = cp_game_get_action (game, start);
  g_assert_cmpint (action->type, ==, CP_ACTION_CARD_NOTE);
  g_assert_cmpstr (action->text, ==, "Sanctuary");
  action = cp_game_get_action (game, start + 1);
  g_assert_cmpint (action->type, ==, CP_ACTION_PLACE);
  g_assert_cmpuint (action->cells[0], ==, cell (window, "e5"));
  g_assert_cmpint (action->piece, ==, CP_PIECE_KNIGHT);
  g_assert_cmpuint (action->value, ==, 1 + 1);
  action = cp_game_get_action (game, start + 2);
  g_assert_cmpint (action->type, ==, CP_ACTION_REMOVE);
  g_assert_cmpuint (action->cells[0], ==, cell (window, "c7"));
  action = cp_game_get_action (game, start + 3);
  g_assert_cmpint (action->type, ==, CP_ACTION_MOVE);
  g_assert_cmpuint (action->value, ==, 1);
  g_assert_cmpuint (action->cells[0], ==, cell (window, "g8"));
  g_assert_cmpuint (action->cells[1], ==, cell (window, "d4"));
  action = cp_game_get_action (game, start + 4);
  g_assert_cmpint (action->type, ==, CP_ACTION_PASS);
  g_assert_cmpuint (action->value, ==, 1);
  action = cp_game_get_action (game, start + 5);
  g_assert_cmpint (action->type, ==, CP_ACTION_PASS);
  g_assert_cmpuint (action->value, ==, 0);

  /* At earlier positions the bar asks for nothing: it says which card
   * was in play, without a hint or a button of its stage, and hides
   * where a card could have been played. */
  {
    gboolean buttons = TRUE;

    cp_game_set_cursor (game, start + 2);
    iterate ();
    assert_card_title (window, "“Sanctuary” was in play");
    g_assert_null (cp_card_note_bar_get_subtitle (bar));
    g_assert_true (cp_card_note_bar_get_shown (bar, &buttons));
    g_assert_false (buttons);
    cp_game_set_cursor (game, start + 5);
    iterate ();
    assert_card_title (window, "“Sanctuary” was played");
    cp_game_set_cursor (game, start);
    iterate ();
    g_assert_false (cp_card_note_bar_get_shown (bar, NULL));
    cp_game_set_cursor (game, start + 6);
    iterate ();
    assert_card_title (window, "Red may play a card");
    g_assert_nonnull (cp_card_note_bar_get_subtitle (bar));
    g_assert_true (cp_card_note_bar_get_shown (bar, &buttons));
    g_assert_true (buttons);
  }

  /* Without the option, there is no bar and no card to play. */
  {
    g_autoptr (CpGame) plain = cp_game_new ("km-three", NULL, 3, 1, NULL);

    cp_game_resolve_chance (plain);
    cp_window_set_game (window, plain, NULL);
    iterate ();
    g_assert_cmpint (cp_card_note_bar_get_stage (bar), ==, CP_CARD_NOTE_NONE);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.play-card", NULL);
    iterate ();
    g_assert_null (find_dialog (window));
  }
  destroy (window);
}

/* While a card is in play, the king moves anywhere, and castles when put
 * on its own rook. */
static void
test_card_castling (void)
{
  CpWindow *window = card_game_window ();
  CpGame *game = cp_window_get_game (window);
  const CpAction *last;

  play_card (window, "Sanctuary");
  use_tool (window, "remove");
  click (window, "c8");
  assert_shown (window, "c8", "c8, empty, White’s territory");
  use_tool (window, "move");

  /* c8 is where the king lands when it castles, and a cell it may move
   * to: a click there means the move. */
  click (window, "d8");
  click (window, "c8");
  assert_shown (window, "c8", "white king on c8, White’s territory");
  assert_shown (window, "b8", "white rook on b8, White’s territory");
  last = cp_game_get_action (game, cp_game_get_n_actions (game) - 1);
  g_assert_cmpint (last->type, ==, CP_ACTION_MOVE);
  g_assert_false (last->flags & CP_ACTION_FLAG_CASTLE);
  g_assert_cmpuint (last->value, ==, 1);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  iterate ();
  assert_shown (window, "d8", "white king on d8, White’s territory");

  /* Dropped on its rook, the king castles. */
  cp_board_view_drop ((window)->board, cell (window, "d8"), cell (window, "b8"));
  iterate ();
  assert_shown (window, "c8", "white king on c8, White’s territory");
  assert_shown (window, "d8", "white rook on d8, White’s territory");
  last = cp_game_get_action (game, cp_game_get_n_actions (game) - 1);
  g_assert_true (last->flags & CP_ACTION_FLAG_CASTLE);
  g_assert_cmpuint (last->value, ==, 1);

  /* Once the card is done, pieces move by the rules again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.card-done", NULL);
  iterate ();
  click (window, "g8");
  click (window, "d4");
  assert_shown (window, "g8", "white knight on g8, White’s territory");
  click (window, "g8");
  click (window, "f6");
  assert_shown (window, "f6", "white knight on f6, White’s territory");
  last = cp_game_get_action (game, cp_game_get_n_actions (game) - 1);
  g_assert_cmpuint (last->value, ==, 0);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (1));
  destroy (window);
}

static void
test_new_game_dialog (void)
{
  CpNewGameDialog *dialog = cp_new_game_dialog_new (cp_application_get_settings (app));
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = NULL;
  g_autofree char *long_name = g_strnfill (CP_PLAYER_MAX_NAME_LENGTH + 10, 'x');

  /* The way to play for three or four brings the number of players with it. */
  cp_new_game_dialog_select_game (dialog, "attrition");
  cp_new_game_dialog_set_option (dialog, "variant", "multi");
  cp_new_game_dialog_set_player_name (dialog, 2, "Cleo");
  /* A name takes no more characters than a record keeps. */
  cp_new_game_dialog_set_player_name (dialog, 1, long_name);
  game = cp_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_seats (game), ==, 3);
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 2)), ==, "Cleo");
  g_assert_cmpuint (g_utf8_strlen (cp_player_get_name (cp_game_get_player (game, 1)), -1), ==,
                    CP_PLAYER_MAX_NAME_LENGTH);
  g_clear_object (&game);

  cp_new_game_dialog_set_option (dialog, "variant", "basic");
  game = cp_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_seats (game), ==, 2);
  g_assert_cmpint (cp_player_get_kind (cp_game_get_player (game, 1)), ==, CP_PLAYER_HUMAN);
  g_clear_object (&game);
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();

  /* A seat played by the computer, at a level; the dialog remembers it. */
  dialog = cp_new_game_dialog_new (cp_application_get_settings (app));
  cp_new_game_dialog_select_game (dialog, "chess");
  cp_new_game_dialog_set_player_level (dialog, 1, 3);
  game = cp_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cp_player_get_kind (cp_game_get_player (game, 0)), ==, CP_PLAYER_HUMAN);
  g_assert_cmpint (cp_player_get_kind (cp_game_get_player (game, 1)), ==, CP_PLAYER_COMPUTER);
  g_assert_cmpuint (cp_player_get_level (cp_game_get_player (game, 1)), ==, CP_LEVEL_HARD);
  g_clear_object (&game);
  cp_new_game_dialog_start (dialog);
  iterate ();
  dialog = cp_new_game_dialog_new (cp_application_get_settings (app));
  cp_new_game_dialog_select_game (dialog, "chess");
  game = cp_new_game_dialog_create_game (dialog, &error);
  g_assert_cmpint (cp_player_get_kind (cp_game_get_player (game, 1)), ==, CP_PLAYER_COMPUTER);
  cp_new_game_dialog_set_player_level (dialog, 1, 0);
  cp_new_game_dialog_start (dialog);
  iterate ();

  /* Six players, each with a seat of their own, where the game has room. */
  g_clear_object (&game);
  dialog = cp_new_game_dialog_new (cp_application_get_settings (app));
  cp_new_game_dialog_select_game (dialog, "golf");
  cp_new_game_dialog_set_n_players (dialog, 6);
  cp_new_game_dialog_set_player_name (dialog, 5, "Flo");
  game = cp_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_seats (game), ==, 6);
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 5)), ==, "Flo");
  g_clear_object (&game);
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
}

/* A timed secret choice: the prompt counts down, and when the time is up
 * the game's fallback is chosen (a Chess Golf bid of "impossible"). */
static void
test_choice_timer (void)
{
  GSettings *settings = cp_application_get_settings (app);
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("golf", NULL, 1, 3, NULL);
  const CpAction *last;

  g_settings_set_enum (settings, "secret-choice-time", 1);
  cp_game_resolve_chance (game);
  cp_window_set_game (window, game, NULL);
  iterate ();
  /* Eleven bids: the buttons go under the sentence, not beside it. */
  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (window->prompt_box)), ==,
                   GTK_ORIENTATION_VERTICAL);
  g_assert_cmpuint (window->timer_source, !=, 0);
  g_assert_cmpuint (window->timer_left, <=, 30);
  /* The seconds are counted here, not by the clock. */
  window->timer_left = 42;
  g_assert_true (_cp_window_tick_timer (window));
  g_assert_nonnull (strstr (gtk_label_get_text (window->prompt_label), "0:41 left"));
  window->timer_left = 1;
  g_assert_false (_cp_window_tick_timer (window));
  last = cp_game_get_action (game, cp_game_get_n_actions (game) - 1);
  g_assert_cmpuint (last->type, ==, CP_ACTION_COMMIT);
  g_assert_cmpuint (last->value, ==, 0);
  g_assert_cmpuint (window->timer_source, ==, 0);
  /* Without a limit, nothing counts down. */
  g_settings_reset (settings, "secret-choice-time");
  g_clear_object (&game);
  game = cp_game_new ("golf", NULL, 1, 3, NULL);
  cp_game_resolve_chance (game);
  cp_window_set_game (window, game, NULL);
  iterate ();
  g_assert_nonnull (cp_session_get_presentation (window->session)->timeout_button);
  g_assert_cmpuint (window->timer_source, ==, 0);
  destroy (window);
}

/* What the move list shows for the action @back from the end of the log. */
static const char *
shown_action (CpWindow *window, guint back)
{
  CpMoveList *list = CP_MOVE_LIST (GTK_WIDGET ((window)->moves));

  return cp_move_list_get_action_text (list, cp_game_get_n_actions (cp_window_get_game (window)) - back);
}

/* The player the curtain waits for takes the screen. */
static void
ready (CpWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.ready", NULL);
  iterate ();
}

/* Where a game names its seats beyond their colours, as Crowded House's
 * four halves, the players panel and the prompt give a named player's
 * whole seat, not only the colour two seats share. */
static void
test_seat_names_shown (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("crowded-house", NULL, 4, 1, NULL);
  static const char *const names[] = { "Anna", "Ben", "Cleo", "Dan" };
  GtkWidget *row;

  for (guint seat = 0; seat < 4; seat++)
    cp_player_set_name (cp_game_get_player (game, seat), names[seat]);
  cp_window_set_game (window, game, NULL);
  iterate ();
  row = test_find_type (GTK_WIDGET (window->players), CP_TYPE_SEAT_ROW);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "White, king side · Partner of Cleo");
  row = gtk_widget_get_next_sibling (gtk_widget_get_next_sibling (row));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "White, queen side · Partner of Anna");
  g_assert_true (g_str_has_prefix (gtk_label_get_text (window->prompt_label), "Anna (White, king side): "));
  destroy (window);
}

/* Plays the first legal action of the seat at the screen. */
static void
play_first (CpWindow *window)
{
  const CpActionList *legal = cp_session_get_legal (window->session);

  g_assert_cmpuint (legal->len, >, 0);
  cp_window_play (window, &legal->items[0]);
  iterate ();
}

static gboolean
curtain_shown (CpWindow *window)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (window->curtain_stack), "curtain") == 0;
}

/* The person whose sealed choice completes the exchange reads what it did
 * before the curtain falls for the next person, and nothing else can be
 * done meanwhile; the players panel marks who is at the screen. */
static void
test_turn_report (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("synchronous", NULL, 2, 1, NULL);
  CpSeatRow *rows[2];

  cp_window_set_game (window, game, NULL);
  iterate ();
  ready (window);
  play_first (window);
  /* White's sealed choice reveals nothing yet: on to Black. */
  g_assert_true (curtain_shown (window));
  ready (window);
  /* The players panel marks who is at the screen. */
  rows[0] = CP_SEAT_ROW (test_find_type (GTK_WIDGET (window->players), CP_TYPE_SEAT_ROW));
  rows[1] = CP_SEAT_ROW (gtk_widget_get_next_sibling (GTK_WIDGET (rows[0])));
  g_assert_false (cp_seat_row_get_at_screen (rows[0]));
  g_assert_true (cp_seat_row_get_at_screen (rows[1]));
  play_first (window);
  g_assert_false (curtain_shown (window));
  g_assert_cmpuint (cp_session_get_screen_seat (window->session), ==, 1);
  g_assert_true (g_str_has_prefix (gtk_label_get_text (window->prompt_label), "What your turn did: "));
  g_assert_nonnull (strstr (gtk_label_get_text (window->prompt_label), "White "));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (gtk_widget_get_first_child (window->prompt_buttons))),
                   ==, "win.pass-on");
  g_assert_cmpuint (cp_session_get_legal (window->session)->len, ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.pass-on", NULL);
  iterate ();
  g_assert_true (curtain_shown (window));
  g_assert_cmpuint (cp_session_get_curtain_seat (window->session), ==, 0);
  destroy (window);
}

/* What @window's players panel says @seat has lost. */
static const char *
lost (CpWindow *window, guint seat)
{
  return cp_players_panel_get_lost (CP_PLAYERS_PANEL (GTK_WIDGET ((window)->players)), seat);
}

/* Zombie Chess in the window: a burial by clicking, the curtain before
 * the other player's turn, and each player's view of the log. */
static void
test_zombie_curtain (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("zombie", NULL, 2, 1, NULL);
  static const char *const moves[] = { "e2", "e4", "e7", "e5", "g1", "f3", "b8", "c6", "d2", "d4", "e5", "d4", NULL };

  cp_window_set_game (window, game, NULL);
  iterate ();
  /* A game with secrets opens behind the curtain, Ready at hand. */
  g_assert_cmpuint (cp_session_get_curtain_seat ((window)->session), ==, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->curtain_stack), ==, "curtain");
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == window->ready_button);
  ready (window);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->curtain_stack), ==, "game");
  play_by_clicks (window, moves);
  /* Black buries the pawn under the knight. */
  g_assert_cmpuint (cp_session_get_screen_seat ((window)->session), ==, 1);
  click (window, "c6");
  /* White is next, and may not see it: behind the curtain the move list
   * says no more than everyone may know. */
  g_assert_cmpuint (cp_session_get_curtain_seat ((window)->session), ==, 0);
  g_assert_cmpstr (shown_action (window, 1), ==, "3. Black buries a captured piece");
  ready (window);
  g_assert_cmpuint (cp_session_get_curtain_seat ((window)->session), ==, CP_NO_SEAT);
  g_assert_cmpuint (cp_session_get_screen_seat ((window)->session), ==, 0);
  g_assert_cmpstr (shown_action (window, 1), ==, "3. Black buries a captured piece");
  /* Black's capture is still marked as the last move. */
  g_assert_true (cp_board_renderer_in_last_move (cp_board_view_get_renderer ((window)->board),
                                                 cell (window, "d4")));
  click (window, "f3");
  click (window, "d4");
  click (window, "b2");
  g_assert_cmpuint (cp_session_get_curtain_seat ((window)->session), ==, 1);
  g_assert_cmpstr (shown_action (window, 1), ==, "4. White buries a captured piece");
  ready (window);
  g_assert_cmpstr (shown_action (window, 1), ==, "4. White buries a captured piece");
  g_assert_cmpstr (shown_action (window, 4), ==, "3. Black buries the pawn under c6");
  assert_shown (window, "c6", "black knight on c6, white pawn buried here");
  assert_shown (window, "b2", "white pawn on b2");
  g_assert_cmpstr (lost (window, 1), ==, "In the graveyard: pawn.");
  /* The knight leaves c6: the pawn rises, and White's turn needs the
   * curtain again. */
  click (window, "c6");
  click (window, "d4");
  g_assert_cmpstr (shown_action (window, 1), ==, "a zombie rises on c6 (pawn)");
  assert_shown (window, "c6", "white pawn on c6, zombie");
  click (window, "g7");
  g_assert_cmpuint (cp_session_get_curtain_seat ((window)->session), ==, 0);
  ready (window);
  assert_shown (window, "b2", "white pawn on b2, black pawn buried here");
  assert_shown (window, "g7", "black pawn on g7");
  g_assert_cmpstr (lost (window, 0), ==, "In the graveyard: knight.");
  /* The zombie takes on d7 with check; Black takes it, and it is gone
   * for good. */
  click (window, "c6");
  click (window, "d7");
  /* The end of the turn raised and destroyed nothing: it says nothing. */
  g_assert_cmpstr (shown_action (window, 1), ==, "");
  click (window, "e4");
  ready (window);
  click (window, "c8");
  click (window, "d7");
  /* Behind the curtain nothing shows; White sees it once at the screen. */
  ready (window);
  g_assert_cmpstr (lost (window, 0), ==, "In the graveyard: knight. Destroyed: pawn.");
  destroy (window);
}

/* The card of @kind for @colour in the deck of Two Move Chess: the first
 * of Appendix A's, hearts for White and spades for Black. */
static CpCard
piece_card (CpPieceKind kind, CpColour colour)
{
  CpCard cards[CP_CARD_MAX_PER_PIECE];

  g_assert_cmpuint (cp_card_for_piece (kind, colour, cards), >, 0);
  return cards[0];
}

/* Chooses two cards in the hand panel of @window and plays them. */
static void
choose_cards (CpWindow *window, CpColour colour, CpPieceKind first, CpPieceKind second)
{
  CpCardHandPanel *hand = CP_CARD_HAND_PANEL (GTK_WIDGET ((window)->hand));

  g_assert_true (cp_card_hand_panel_toggle (hand, piece_card (first, colour)));
  g_assert_true (cp_card_hand_panel_toggle (hand, piece_card (second, colour)));
  g_assert_true (cp_card_hand_panel_play (hand));
  iterate ();
}

/* Two Move Chess in the window, a whole game: each player chooses in the
 * hand panel behind the curtain, the choices are revealed together, and
 * the moves follow in the order of the cards until a king is taken. */
static void
test_two_move (void)
{
  CpWindow *window = new_window ();
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;
  CpCardHandPanel *hand = CP_CARD_HAND_PANEL (GTK_WIDGET ((window)->hand));
  guint first_choice;
  static const char *const first_moves[] = { "b8", "c6", "e2", "e4", "a7", "a6", "d1", "h5", NULL };
  static const char *const queen[] = { "h5", "f7", "f7", "e8", NULL };

  g_hash_table_insert (options, (gpointer) "colours", (gpointer) "seated");
  game = cp_game_new ("two-move", options, 2, 3, NULL);
  cp_game_resolve_chance (game);
  cp_window_set_game (window, game, NULL);
  iterate ();
  /* The hands are secret: the game opens behind the curtain, for White. */
  g_assert_cmpuint (cp_session_get_curtain_seat ((window)->session), ==, 0);
  ready (window);
  g_assert_cmpuint (cp_session_get_screen_seat ((window)->session), ==, 0);
  /* The king and the rook lie face up: they cannot be chosen. */
  g_assert_false (cp_card_hand_panel_toggle (hand, piece_card (CP_PIECE_KING, CP_COLOUR_WHITE)));
  g_assert_false (cp_card_hand_panel_toggle (hand, piece_card (CP_PIECE_KNIGHT, CP_COLOUR_BLACK)));
  first_choice = cp_game_get_n_actions (game);
  choose_cards (window, CP_COLOUR_WHITE, CP_PIECE_BISHOP, CP_PIECE_QUEEN);
  g_assert_cmpuint (cp_session_get_curtain_seat ((window)->session), ==, 1);
  g_assert_cmpstr (shown_action (window, 1), ==, "1. White makes a sealed choice");

  /* Black sees that White chose, not what. */
  ready (window);
  g_assert_cmpuint (cp_session_get_screen_seat ((window)->session), ==, 1);
  g_assert_cmpstr (shown_action (window, 1), ==, "1. White makes a sealed choice");
  g_assert_false (cp_card_hand_panel_toggle (hand, piece_card (CP_PIECE_BISHOP, CP_COLOUR_WHITE)));
  choose_cards (window, CP_COLOUR_BLACK, CP_PIECE_KNIGHT, CP_PIECE_ROOK);

  /* Both choices are known at once, so no curtain; the knight card
   * moves first, and cards with no piece to move move a pawn. */
  g_assert_cmpstr (shown_action (window, 1), ==, "White: bishop and queen; Black: knight and rook");
  g_assert_cmpstr (shown_action (window, 2), ==, "1. Black plays the knight and rook face down");
  g_assert_cmpuint (cp_session_get_curtain_seat ((window)->session), ==, CP_NO_SEAT);
  play_by_clicks (window, first_moves);
  /* The next choice is sealed: White says at the curtain that White is
   * at the screen, though the moves went back and forth in the open. */
  g_assert_cmpuint (cp_session_get_curtain_seat ((window)->session), ==, 0);
  ready (window);
  /* Where White chose, the choice is not offered again: nothing asks
   * for one at an earlier position.  At the latest it is. */
  g_assert_cmpuint (cp_session_get_screen_seat ((window)->session), ==, 0);
  cp_game_set_cursor (game, first_choice);
  iterate ();
  g_assert_false (cp_card_hand_panel_toggle (hand, piece_card (CP_PIECE_BISHOP, CP_COLOUR_WHITE)));
  cp_game_set_cursor (game, cp_game_get_n_actions (game));
  iterate ();
  g_assert_true (cp_card_hand_panel_toggle (hand, piece_card (CP_PIECE_BISHOP, CP_COLOUR_WHITE)));
  g_assert_true (cp_card_hand_panel_toggle (hand, piece_card (CP_PIECE_BISHOP, CP_COLOUR_WHITE)));
  g_assert_cmpstr (shown_action (window, 4), ==, "1… Nc6 (knight card)");
  g_assert_cmpstr (shown_action (window, 3), ==, "1. e4 (bishop card)");
  g_assert_cmpstr (shown_action (window, 2), ==, "1… a6 (rook card)");
  g_assert_cmpstr (shown_action (window, 1), ==, "1. Qh5 (queen card)");

  /* White had four cards face up and took them back.  The bishops
   * cancel, and White's queen card moves twice: it takes the king. */
  g_assert_cmpuint (cp_session_get_screen_seat ((window)->session), ==, 0);
  choose_cards (window, CP_COLOUR_WHITE, CP_PIECE_BISHOP, CP_PIECE_QUEEN);
  ready (window);
  g_assert_false (cp_card_hand_panel_toggle (hand, piece_card (CP_PIECE_ROOK, CP_COLOUR_BLACK)));
  choose_cards (window, CP_COLOUR_BLACK, CP_PIECE_BISHOP, CP_PIECE_KING);
  g_assert_cmpstr (shown_action (window, 1), ==, "White: bishop and queen; Black: bishop and king — the bishop cards cancel");
  play_by_clicks (window, queen);
  g_assert_cmpstr (shown_action (window, 1), ==, "2. Qxe8 (queen card)");
  g_assert_cmpint (cp_game_get_outcome (game)->status, ==, CP_STATUS_WON);
  g_assert_cmpuint (cp_game_get_outcome (game)->winners, ==, CP_SEAT_BIT (0));
  /* The game is over: everything is shown. */
  g_assert_cmpuint (cp_session_get_screen_seat ((window)->session), ==, CP_VIEW_ALL);
  g_assert_cmpstr (shown_action (window, 5), ==, "2. White plays the bishop and queen face down");
  g_assert_cmpstr (shown_action (window, 4), ==, "2. Black plays the bishop and king face down");
  destroy (window);
}

/* A card played on a piece, in Tar Pit Chess: chosen in the hand, then
 * on the board among the pieces it may go under, and only there. */
static void
test_card_on_piece (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("tar-pit", NULL, 2, 1, NULL);
  CpCardHandPanel *hand = CP_CARD_HAND_PANEL (GTK_WIDGET ((window)->hand));
  g_auto (CpActionList) legal = { 0 };
  g_autofree char *target = NULL;
  const CpState *state;
  CpCardTable cards;
  CpCard chosen = CP_CARD_NONE;
  guint n_targets = 0;

  cp_game_resolve_chance (game);
  cp_window_set_game (window, game, NULL);
  iterate ();
  ready (window);
  click (window, "e2");
  click (window, "e4");
  g_assert_cmpstr (gtk_label_get_text (window->prompt_label), ==,
                   "White: Play a card to add one of your checkers under a piece it matches, or play no card");

  /* The first card of White's hand that may go under several pieces. */
  state = cp_game_get_state (game);
  state->rules->cards (state, &cards);
  cp_state_legal (state, 0, &legal);
  for (guint i = 0; i < cp_hand_count (&cards.hand[0]) && n_targets < 2; i++)
    {
      chosen = cp_hand_get (&cards.hand[0], i);
      n_targets = 0;
      for (guint a = 0; a < legal.len; a++)
        n_targets += legal.items[a].type == CP_ACTION_PLAY_CARD && legal.items[a].value == chosen;
    }
  g_assert_cmpuint (n_targets, >=, 2);
  for (guint a = 0; a < legal.len && target == NULL; a++)
    if (legal.items[a].type == CP_ACTION_PLAY_CARD && legal.items[a].value == chosen)
      target = cp_board_cell_name (state->board, legal.items[a].cells[0]);

  /* Chosen in the hand, the card waits for its piece. */
  g_assert_true (cp_card_hand_panel_toggle (hand, chosen));
  g_assert_true (cp_card_hand_panel_play (hand));
  iterate ();
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);
  g_assert_cmpstr (gtk_label_get_text (window->prompt_label), ==, "Choose the piece to play the card on");
  /* A cell the card cannot go to plays nothing. */
  click (window, "h5");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);
  click (window, target);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 3);
  g_assert_cmpuint (cp_game_get_action (game, 2)->type, ==, CP_ACTION_PLAY_CARD);
  g_assert_cmpuint (cp_game_get_state (game)->cells[cp_game_get_action (game, 2)->cells[0]].checkers, ==, 1);
  destroy (window);
}

/* A game outside the collection shows in the window what it presents:
 * stacks and a badge on cells, said in the cells' descriptions, words
 * beside the players, the prompt and a Pass button that plays. */
static void
test_registered_game (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("test-stacks", NULL, 2, 1, NULL);
  GtkWidget *pass;

  cp_window_set_game (window, game, NULL);
  iterate ();
  g_assert_cmpstr (gtk_label_get_text (window->prompt_label), ==, "White: Put a checker under one of your pieces");
  pass = gtk_widget_get_first_child (window->prompt_buttons);
  g_assert_nonnull (pass);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (pass)), ==, "_Pass");
  /* A click on one's own piece stacks a checker under it. */
  click (window, "b1");
  click (window, "c4");
  click (window, "b1");
  assert_shown (window, "b1", "white rook on b1, 2 checkers, tallest");
  assert_shown (window, "c4", "black rook on c4, 1 checkers");
  g_assert_cmpstr (lost (window, 0), ==, "2 checkers stacked");
  /* Black is behind: no Pass. */
  g_assert_null (gtk_widget_get_first_child (window->prompt_buttons));
  click (window, "c4");
  pass = gtk_widget_get_first_child (window->prompt_buttons);
  g_assert_nonnull (pass);
  g_signal_emit_by_name (pass, "clicked");
  iterate ();
  g_assert_cmpuint (cp_game_get_action (game, cp_game_get_n_actions (game) - 1)->type, ==, CP_ACTION_PASS);
  g_assert_cmpstr (shown_action (window, 1), ==, "White pass");
  destroy (window);
}

/* A new game takes the place of the one in the window: at once when
 * nothing would be lost, after asking when the game has unsaved moves;
 * Cancel keeps the game, Discard replaces it. */
static void
test_new_game_replaces (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) first = cp_game_new ("chess", NULL, 2, 1, NULL);
  g_autoptr (CpGame) second = cp_game_new ("chivalry", NULL, 2, 1, NULL);
  g_autoptr (CpGame) third = cp_game_new ("chess960", NULL, 2, 1, NULL);
  guint n_windows = g_list_model_get_n_items (gtk_window_get_toplevels ());
  static const char *const moves[] = { "e2", "e4", NULL };

  _cp_window_replace_game (window, first);
  g_assert_true (cp_window_get_game (window) == first);
  play_by_clicks (window, moves);
  g_assert_true (cp_session_get_modified (window->session));

  _cp_window_replace_game (window, second);
  answer (window, "cancel");
  g_assert_true (cp_window_get_game (window) == first);
  _cp_window_replace_game (window, second);
  answer (window, "discard");
  g_assert_true (cp_window_get_game (window) == second);
  g_assert_false (cp_session_get_modified (window->session));
  /* Nothing played in it: no question. */
  cp_game_resolve_chance (third);
  _cp_window_replace_game (window, third);
  g_assert_true (cp_window_get_game (window) == third);
  g_assert_null (find_dialog (window));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, n_windows);
  destroy (window);
}

/* Runs the main loop until the computer players in @window's session
 * have moved. */
static void
wait_for_computer (CpWindow *window)
{
  while (cp_session_is_thinking (window->session))
    g_main_context_iteration (NULL, TRUE);
  iterate ();
}

static gboolean
count_frame (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* A game against the computer: it answers the person's move, the board
 * faces the person, frames keep being drawn while it thinks, Undo while
 * it thinks stops it, and a saved game reopens with the computer still
 * playing. */
/* A game replaced while the computer thinks in it is let go at once, so
 * that the computer's answer cannot land in it and save it as a game to
 * recover on the next start. */
static void
test_replaced_while_thinking (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
  g_autoptr (CpGame) next = cp_game_new ("chess", NULL, 2, 2, NULL);
  static const char *const e4[] = { "e2", "e4", NULL };
  CpSession *old;
  GFile *autosave;

  cp_player_set_computer (cp_game_get_player (game, 1), TRUE, CP_LEVEL_MEDIUM);
  cp_window_set_game (window, game, NULL);
  cp_session_set_pace (window->session, 1000);
  iterate ();
  play_by_clicks (window, e4);
  g_assert_true (cp_session_is_thinking (window->session));
  autosave = cp_autosave_get_file (window->autosave);
  g_assert_true (g_file_query_exists (autosave, NULL));

  old = window->session;
  g_object_add_weak_pointer (G_OBJECT (old), (gpointer *) &old);
  cp_window_set_game (window, next, NULL);
  iterate ();
  g_assert_null (old);
  g_assert_false (g_file_query_exists (autosave, NULL));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
  destroy (window);
}

static void
test_computer_opponent (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
  g_autofree char *dir = g_dir_make_tmp ("cp-window-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "computer.cpgame", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  static const char *const e4[] = { "e2", "e4", NULL };
  static const char *const d4[] = { "d2", "d4", NULL };
  static const char *const nf3[] = { "g1", "f3", NULL };
  CpWindow *reopened;
  guint frames = 0, tick;

  /* Black is the computer: the board faces White, the person. */
  cp_player_set_computer (cp_game_get_player (game, 0), FALSE, 0);
  cp_player_set_computer (cp_game_get_player (game, 1), TRUE, CP_LEVEL_MEDIUM);
  cp_window_set_game (window, game, NULL);
  /* The computer takes a second at least, so that the test sees it think,
   * however quickly it finds its move. */
  cp_session_set_pace (window->session, 1000);
  iterate ();
  g_assert_nonnull (cp_session_get_agent (window->session, 1));
  g_assert_null (cp_session_get_agent (window->session, 0));
  g_assert_cmpuint (cp_board_view_get_rotation (window->board), ==, 0);

  play_by_clicks (window, e4);
  g_assert_true (cp_session_is_thinking (window->session));
  g_assert_true (gtk_spinner_get_spinning (window->thinking_spinner));
  /* The person cannot move for the computer meanwhile. */
  g_assert_cmpuint (cp_session_get_legal (window->session)->len, ==, 0);
  tick = gtk_widget_add_tick_callback (GTK_WIDGET (window->board), count_frame, &frames, NULL);
  wait_for_computer (window);
  gtk_widget_remove_tick_callback (GTK_WIDGET (window->board), tick);
  g_assert_false (gtk_spinner_get_spinning (window->thinking_spinner));
  g_test_message ("%u frames drawn while the computer thought", frames);
  /* A main loop the computer blocked would draw one frame at most. */
  g_assert_cmpuint (frames, >, 1);
  g_assert_cmpuint (cp_game_count_player_actions (game, 0, G_MAXUINT), ==, 2);
  g_assert_cmpuint (cp_game_get_action (game, 1)->seat, ==, 1);

  /* Undo while it thinks: the thinking stops, and both moves go. */
  play_by_clicks (window, d4);
  g_assert_true (cp_session_is_thinking (window->session));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_false (cp_session_is_thinking (window->session));
  g_assert_cmpuint (cp_game_count_player_actions (game, 0, G_MAXUINT), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (cp_game_count_player_actions (game, 0, G_MAXUINT), ==, 0);

  /* Saved with the computer's seat, reopened: the computer plays on. */
  play_by_clicks (window, nf3);
  wait_for_computer (window);
  g_assert_true (save_to (window, file, &error));
  g_assert_no_error (error);
  reopened = new_window ();
  g_assert_true (open_file (reopened, file));
  g_assert_nonnull (cp_session_get_agent (reopened->session, 1));
  play_by_clicks (reopened, d4);
  wait_for_computer (reopened);
  g_assert_cmpuint (cp_game_count_player_actions (cp_window_get_game (reopened), 0, G_MAXUINT), ==, 4);
  destroy (reopened);
  destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* A program in @dir that runs the tests' fake chess engine in @mode. */
static char *
fake_engine (const char *dir, const char *mode)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "engine", "fake-uci-engine.py", NULL);
  g_autofree char *text = g_strdup_printf ("#!/bin/sh\nexec python3 '%s' %s\n", script, mode);
  char *path = g_build_filename (dir, mode, NULL);
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return path;
}

static gboolean
engine_given_up (gpointer data)
{
  return cp_session_get_agent (CP_WINDOW (data)->session, 1) == NULL;
}

/* A chess engine plays the seat a record names it in, and keeps it
 * through saving; one that stops gives the seat to a person with a
 * message, and the game goes on; one that is not installed leaves the
 * seat to the computer player of ours, with a notice. */
static void
test_engine_seat (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
  g_autofree char *dir = g_dir_make_tmp ("cp-window-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "engine.cpgame", NULL);
  g_autofree char *good = fake_engine (dir, "good");
  g_autofree char *crash = fake_engine (dir, "crash");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  static const char *const e4[] = { "e2", "e4", NULL };
  static const char *const nc6[] = { "b8", "c6", NULL };
  static const char *const nf3[] = { "g1", "f3", NULL };
  AdwMessageDialog *dialog;
  CpWindow *reopened;
  CpGame *played;
  GtkWidget *row;

  cp_player_set_computer (cp_game_get_player (game, 1), TRUE, CP_LEVEL_HARD);
  cp_engine_list_tag_seat (game, 1, good, 7);
  cp_window_set_game (window, game, NULL);
  cp_session_set_pace (window->session, 0);
  g_assert_true (CP_IS_UCI_ENGINE (cp_session_get_agent (window->session, 1)));
  play_by_clicks (window, e4);
  wait_for_computer (window);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);
  g_assert_true (save_to (window, file, &error));
  g_assert_no_error (error);

  /* Reopened, the engine plays on. */
  reopened = new_window ();
  g_assert_true (open_file (reopened, file));
  played = cp_window_get_game (reopened);
  g_assert_true (CP_IS_UCI_ENGINE (cp_session_get_agent (reopened->session, 1)));
  g_assert_cmpstr (cp_engine_list_seat_engine (played, 1, NULL), ==, good);
  destroy (reopened);

  /* The engine named is not installed: our own computer plays. */
  cp_engine_list_tag_seat (game, 1, "/nonexistent/chess-engine", G_MININT);
  cp_window_set_game (window, game, NULL);
  g_assert_true (CP_IS_COMPUTER_PLAYER (cp_session_get_agent (window->session, 1)));
  g_assert_nonnull (strstr (gtk_label_get_text (window->prompt_label), "/nonexistent/chess-engine"));

  /* An engine that stops: a person plays Black, nothing is lost. */
  cp_engine_list_tag_seat (game, 1, crash, G_MININT);
  cp_window_set_game (window, game, NULL);
  cp_session_set_pace (window->session, 0);
  play_by_clicks (window, nf3);
  test_wait_until (engine_given_up, window);
  iterate ();
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 3);
  g_assert_cmpint (cp_player_get_kind (cp_game_get_player (game, 1)), ==, CP_PLAYER_HUMAN);
  g_assert_null (cp_engine_list_seat_engine (game, 1, NULL));
  row = test_find_type (GTK_WIDGET (window->players), CP_TYPE_SEAT_ROW);
  g_assert_null (cp_seat_row_get_computer (CP_SEAT_ROW (gtk_widget_get_next_sibling (row))));
  dialog = find_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The Chess Engine Stopped Playing");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Fake Engine (crash) stopped unexpectedly"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  play_by_clicks (window, nc6);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 4);
  g_assert_false (cp_session_is_thinking (window->session));

  destroy (window);
  cp_test_remove_tree (dir);
}

/* The engine chosen in Preferences gives the hints of the games it
 * plays: the fake engine's answer, e7e5 for Black, is a move our own
 * computer would not suggest after 1. d4; in a game it does not play
 * (the fake engine knows no Chess960), our computer gives them. */
static void
test_engine_hint (void)
{
  GSettings *settings = cp_application_get_settings (app);
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
  g_autoptr (CpGame) other = cp_game_new ("chess960", NULL, 2, 1, NULL);
  g_autofree char *dir = g_dir_make_tmp ("cp-window-XXXXXX", NULL);
  g_autofree char *good = fake_engine (dir, "good");
  static const char *const d4[] = { "d2", "d4", NULL };
  guint from, to;

  g_settings_set_strv (settings, "uci-engines", (const char *const[]) { good, NULL });
  g_settings_set_string (settings, "hint-engine", good);
  cp_window_set_game (window, game, NULL);
  iterate ();
  play_by_clicks (window, d4);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  while (window->hinting != NULL)
    g_main_context_iteration (NULL, TRUE);
  iterate ();
  g_assert_true (cp_board_view_get_hint (window->board, &from, &to));
  g_assert_cmpuint (from, ==, cell (window, "e7"));
  g_assert_cmpuint (to, ==, cell (window, "e5"));

  cp_game_resolve_chance (other);
  cp_window_set_game (window, other, NULL);
  iterate ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  while (window->hinting != NULL)
    g_main_context_iteration (NULL, TRUE);
  iterate ();
  g_assert_true (cp_board_view_get_hint (window->board, &from, &to));

  g_settings_reset (settings, "hint-engine");
  g_settings_reset (settings, "uci-engines");
  destroy (window);
  cp_test_remove_tree (dir);
}

static gboolean
computer_done (gpointer data)
{
  return !cp_session_is_thinking (CP_WINDOW (data)->session);
}

/* The action of the prompt's button @i. */
static const char *
prompt_action (CpWindow *window, guint i)
{
  GtkWidget *button = gtk_widget_get_first_child (window->prompt_buttons);

  for (; button != NULL && i > 0; i--)
    button = gtk_widget_get_next_sibling (button);
  return button != NULL ? gtk_actionable_get_action_name (GTK_ACTIONABLE (button)) : NULL;
}

/* A computer seat says it is one, and its level; while it thinks the
 * prompt says who is thinking and Move Now makes it play at once; at the
 * end the prompt gives the result and what may come next. */
static void
test_computer_visible (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
  static const char *const e4[] = { "e2", "e4", NULL };
  CpSeatRow *rows[2];
  GtkWidget *row;

  cp_player_set_name (cp_game_get_player (game, 0), "Anna");
  cp_player_set_name (cp_game_get_player (game, 1), "Ben");
  cp_player_set_computer (cp_game_get_player (game, 1), TRUE, CP_LEVEL_MEDIUM);
  cp_window_set_game (window, game, NULL);
  /* The computer would wait a minute before moving, but for Move Now. */
  cp_session_set_pace (window->session, 60000);
  iterate ();
  row = test_find_type (GTK_WIDGET (window->players), CP_TYPE_SEAT_ROW);
  rows[0] = CP_SEAT_ROW (row);
  rows[1] = CP_SEAT_ROW (gtk_widget_get_next_sibling (row));
  g_assert_null (cp_seat_row_get_computer (rows[0]));
  /* With one person, no seat is marked as the one at the screen. */
  g_assert_false (cp_seat_row_get_at_screen (rows[0]));
  g_assert_cmpstr (cp_seat_row_get_computer (rows[1]), ==, "Computer, medium");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (rows[1])), "Computer, medium"));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (window->prompt_label), "Anna (White): "));
  g_assert_null (prompt_action (window, 0));

  play_by_clicks (window, e4);
  g_assert_true (cp_session_is_thinking (window->session));
  g_assert_cmpstr (gtk_label_get_text (window->prompt_label), ==, "Ben (computer) is thinking…");
  g_assert_cmpstr (prompt_action (window, 0), ==, "win.move-now");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.move-now", NULL);
  test_wait_until (computer_done, window);
  iterate ();
  g_assert_cmpuint (cp_game_count_player_actions (game, 1, G_MAXUINT), ==, 1);
  g_assert_true (g_str_has_prefix (gtk_label_get_text (window->prompt_label), "Anna (White): "));
  g_assert_null (prompt_action (window, 0));

  /* Anna resigns (the menu asks first). */
  g_assert_true (cp_session_act (window->session, CP_ACTION_RESIGN, NULL));
  iterate ();
  g_assert_true (cp_state_is_over (cp_game_get_state (game)));
  g_assert_nonnull (strstr (gtk_label_get_text (window->prompt_label), "Ben wins"));
  g_assert_cmpstr (prompt_action (window, 0), ==, "app.new-game");
  g_assert_cmpstr (prompt_action (window, 1), ==, "win.first");
  g_assert_cmpstr (prompt_action (window, 2), ==, "win.save");

  /* Play Again keeps the people and the computer at its level (the game
   * counted as saved, so that nothing asks first). */
  cp_session_set_modified (window->session, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.rematch", NULL);
  iterate ();
  g_assert_true (cp_window_get_game (window) != game);
  g_assert_cmpint (cp_player_get_kind (cp_game_get_player (cp_window_get_game (window), 0)), ==, CP_PLAYER_HUMAN);
  g_assert_cmpint (cp_player_get_kind (cp_game_get_player (cp_window_get_game (window), 1)), ==, CP_PLAYER_COMPUTER);
  g_assert_cmpuint (cp_player_get_level (cp_game_get_player (cp_window_get_game (window), 1)), ==, CP_LEVEL_MEDIUM);
  destroy (window);
}

/* The quarter turns of a board of two seats with @seat's side at the
 * bottom. */
#define FACING(seat) ((seat) * 2)

static guint
rotation (CpWindow *window)
{
  return cp_board_view_get_rotation (window->board);
}

/* In a game where the curtain passes the screen from person to person,
 * the board faces the person at the screen from the first move, whatever
 * the preference for other games: in Zombie Chess Black once White has
 * moved, before anything is buried, through Undo and Redo, and in the
 * game opened again; in Two Move Chess each player for their own moves
 * and cards. */
static void
test_board_faces_player (void)
{
  CpWindow *window = new_window ();
  CpWindow *reopened;
  g_autoptr (CpGame) zombie = cp_game_new ("zombie", NULL, 2, 1, NULL);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) two_move = NULL;
  g_autofree char *path = temp_path ("facing.cpgame");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  static const char *const e4[] = { "e2", "e4", NULL };
  static const char *const e5[] = { "e7", "e5", NULL };

  g_settings_set_string (cp_application_get_settings (app), "board-facing", "first-seat");
  cp_window_set_game (window, zombie, NULL);
  iterate ();
  g_assert_cmpuint (rotation (window), ==, FACING (0));
  ready (window);
  play_by_clicks (window, e4);
  g_assert_cmpuint (cp_session_get_screen_seat (window->session), ==, 1);
  g_assert_cmpuint (rotation (window), ==, FACING (1));
  play_by_clicks (window, e5);
  g_assert_cmpuint (rotation (window), ==, FACING (0));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  iterate ();
  g_assert_cmpuint (rotation (window), ==, FACING (1));
  g_assert_true (save_to (window, file, &error));
  g_assert_no_error (error);
  reopened = new_window ();
  g_assert_true (open_file (reopened, file));
  g_assert_cmpuint (cp_session_get_curtain_seat (reopened->session), ==, 1);
  g_assert_cmpuint (rotation (reopened), ==, FACING (1));
  ready (reopened);
  g_assert_cmpuint (rotation (reopened), ==, FACING (1));
  destroy (reopened);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  iterate ();
  g_assert_cmpuint (rotation (window), ==, FACING (0));

  g_hash_table_insert (options, (gpointer) "colours", (gpointer) "seated");
  two_move = cp_game_new ("two-move", options, 2, 3, NULL);
  cp_game_resolve_chance (two_move);
  cp_window_set_game (window, two_move, NULL);
  iterate ();
  ready (window);
  g_assert_cmpuint (rotation (window), ==, FACING (0));
  choose_cards (window, CP_COLOUR_WHITE, CP_PIECE_BISHOP, CP_PIECE_QUEEN);
  ready (window);
  g_assert_cmpuint (rotation (window), ==, FACING (1));
  choose_cards (window, CP_COLOUR_BLACK, CP_PIECE_KNIGHT, CP_PIECE_ROOK);
  /* Black's knight card moves first, then White's bishop card. */
  g_assert_cmpuint (rotation (window), ==, FACING (1));
  click (window, "b8");
  click (window, "c6");
  g_assert_cmpuint (cp_session_get_screen_seat (window->session), ==, 0);
  g_assert_cmpuint (rotation (window), ==, FACING (0));
  play_by_clicks (window, e4);
  g_assert_cmpuint (rotation (window), ==, FACING (1));
  click (window, "a7");
  click (window, "a6");
  g_assert_cmpuint (rotation (window), ==, FACING (0));
  click (window, "d1");
  click (window, "h5");
  /* White chooses the next cards on White's side. */
  ready (window);
  g_assert_cmpuint (cp_session_get_screen_seat (window->session), ==, 0);
  g_assert_cmpuint (rotation (window), ==, FACING (0));
  choose_cards (window, CP_COLOUR_WHITE, CP_PIECE_BISHOP, CP_PIECE_QUEEN);
  ready (window);
  g_assert_cmpuint (rotation (window), ==, FACING (1));
  g_settings_reset (cp_application_get_settings (app), "board-facing");
  destroy (window);
  g_unlink (path);
}

/* In a game without a curtain the board faces as the preference says:
 * White's side; the person playing, who is the one to move when two
 * people play and the person when the computer plays the other side; or
 * the side to move, the computer's too.  A change of the preference
 * turns the board of the game on the screen. */
static void
test_board_facing_preference (void)
{
  GSettings *settings = cp_application_get_settings (app);
  /* The seat faced at the start, after White's move, and after Black's,
   * with @computer the computer's seat or none. */
  static const struct {
    const char *facing;
    guint computer;
    guint start, after_white, after_black;
  } cases[] = {
    { "first-seat", CP_NO_SEAT, 0, 0, 0 },
    { "person", CP_NO_SEAT, 0, 1, 0 },
    { "to-move", CP_NO_SEAT, 0, 1, 0 },
    { "first-seat", 1, 0, 0, 0 },
    { "person", 1, 0, 0, 0 },
    { "to-move", 1, 0, 1, 0 },
    { "person", 0, 1, 1, 1 },
  };
  static const char *const e4[] = { "e2", "e4", NULL };
  static const char *const e5[] = { "e7", "e5", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CpWindow *window = new_window ();
      g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
      guint computer = cases[i].computer;

      g_test_message ("facing %s, computer %u", cases[i].facing, computer);
      g_settings_set_string (settings, "board-facing", cases[i].facing);
      if (computer != CP_NO_SEAT)
        cp_player_set_computer (cp_game_get_player (game, computer), TRUE, CP_LEVEL_EASY);
      cp_window_set_game (window, game, NULL);
      /* The computer takes a second at least, so that its turn is seen. */
      cp_session_set_pace (window->session, 1000);
      iterate ();
      g_assert_cmpuint (rotation (window), ==, FACING (cases[i].start));
      if (computer == 0)
        wait_for_computer (window);
      else
        play_by_clicks (window, e4);
      g_assert_cmpuint (rotation (window), ==, FACING (cases[i].after_white));
      if (computer == 1)
        wait_for_computer (window);
      else
        play_by_clicks (window, e5);
      g_assert_cmpuint (rotation (window), ==, FACING (cases[i].after_black));
      destroy (window);
    }

  {
    CpWindow *window = new_window ();

    g_settings_set_string (settings, "board-facing", "first-seat");
    play_by_clicks (window, e4);
    g_assert_cmpuint (rotation (window), ==, FACING (0));
    g_settings_set_string (settings, "board-facing", "to-move");
    iterate ();
    g_assert_cmpuint (rotation (window), ==, FACING (1));
    g_settings_reset (settings, "board-facing");
    destroy (window);
  }
}

/* The three- and four-player boards show as their rules draw them
 * while several people share the computer (White at the top of the
 * three-player board, at the top left of the four-player ones); one
 * person playing against the computer has their own side at the bottom,
 * and the side to move is turned to when the preference says so. */
static void
test_multi_player_facing (void)
{
  GSettings *settings = cp_application_get_settings (app);
  static const char *const ids[] = { "km-three", "km-four", "km-teams" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const CpRules *rules = cp_rules_lookup (ids[i]);
      CpWindow *window = new_window ();
      g_autoptr (CpGame) people = cp_game_new (ids[i], NULL, rules->min_seats, 1, NULL);
      g_autoptr (CpGame) alone = cp_game_new (ids[i], NULL, rules->min_seats, 1, NULL);
      g_autoptr (CpGame) to_move = cp_game_new (ids[i], NULL, rules->min_seats, 1, NULL);

      g_test_message ("%s", ids[i]);
      cp_window_set_game (window, people, NULL);
      iterate ();
      g_assert_cmpuint (rotation (window), ==, 0);

      for (guint seat = 1; seat < rules->min_seats; seat++)
        cp_player_set_computer (cp_game_get_player (alone, seat), TRUE, CP_LEVEL_EASY);
      cp_window_set_game (window, alone, NULL);
      iterate ();
      g_assert_cmpuint (rotation (window), ==, rules->view_rotations[0]);

      g_settings_set_string (settings, "board-facing", "to-move");
      cp_window_set_game (window, to_move, NULL);
      iterate ();
      g_assert_cmpuint (rotation (window), ==, rules->view_rotations[0]);
      g_settings_reset (settings, "board-facing");
      destroy (window);
    }

  /* Chivalrous Attrition for four has no sides: a person playing against
   * computers sees the board upright or half turned, never a quarter. */
  for (guint seat = 0; seat < 4; seat++)
    {
      CpWindow *window = new_window ();
      g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr (CpGame) game = NULL;

      g_hash_table_insert (options, (gpointer) "variant", (gpointer) "multi");
      g_hash_table_insert (options, (gpointer) "starts", (gpointer) "white");
      game = cp_game_new ("attrition", options, 4, 1, NULL);
      g_assert_nonnull (game);

      for (guint other = 0; other < 4; other++)
        if (other != seat)
          cp_player_set_computer (cp_game_get_player (game, other), TRUE, CP_LEVEL_EASY);
      cp_window_set_game (window, game, NULL);
      cp_session_set_pace (window->session, 60000);
      iterate ();
      g_assert_cmpuint (rotation (window) % 2, ==, 0);
      destroy (window);
    }
}

/* The preferences window shows the side the board faces, and sets it. */
static void
test_board_facing_row (void)
{
  GSettings *settings = cp_application_get_settings (app);
  CpPreferencesWindow *preferences = cp_preferences_window_new (settings);
  GtkWidget *title, *row;

  gtk_window_present (GTK_WINDOW (preferences));
  iterate ();
  title = test_find_label (GTK_WIDGET (preferences), "Board Orientation");
  g_assert_nonnull (title);
  row = gtk_widget_get_ancestor (title, ADW_TYPE_COMBO_ROW);
  g_assert_nonnull (row);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 1);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), 2);
  g_assert_cmpint (g_settings_get_enum (settings, "board-facing"), ==, CP_FACING_TO_MOVE);
  g_settings_set_string (settings, "board-facing", "first-seat");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 0);
  g_settings_reset (settings, "board-facing");
  gtk_window_destroy (GTK_WINDOW (preferences));
  iterate ();
}

static const char *
status_of (CpWindow *window)
{
  return cp_players_panel_get_status (CP_PLAYERS_PANEL (GTK_WIDGET ((window)->players)));
}

/* At an earlier position nothing asks for an action or says that a turn
 * is coming: the panel and the prompt say whose turn it was, also where a
 * person was to move, who may play on from there, and the prompt offers
 * the way back to the game. */
static void
test_replay_asks_nothing (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
  static const char *const e4[] = { "e2", "e4", NULL };

  cp_player_set_computer (cp_game_get_player (game, 0), FALSE, 0);
  cp_player_set_computer (cp_game_get_player (game, 1), TRUE, CP_LEVEL_EASY);
  cp_player_set_name (cp_game_get_player (game, 1), "Computer");
  cp_window_set_game (window, game, NULL);
  iterate ();
  play_by_clicks (window, e4);
  wait_for_computer (window);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);
  g_assert_cmpstr (status_of (window), ==, "White to move");
  g_assert_true (gtk_revealer_get_reveal_child (window->prompt_revealer));
  g_assert_cmpstr (gtk_label_get_text (window->prompt_label), !=, "");

  /* Where the computer was to move. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous", NULL);
  iterate ();
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 1);
  g_assert_false (cp_session_is_thinking (window->session));
  g_assert_cmpstr (status_of (window), ==, "Computer was to move");
  /* The prompt says so too, and offers the way back to the game. */
  g_assert_cmpstr (gtk_label_get_text (window->prompt_label), ==, "Computer was to move");
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (gtk_widget_get_first_child (window->prompt_buttons))),
                   ==, "win.last");

  /* Where the person was to move. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.first", NULL);
  iterate ();
  g_assert_cmpuint (cp_session_get_legal (window->session)->len, >, 0);
  g_assert_cmpstr (status_of (window), ==, "White was to move");
  g_assert_cmpstr (gtk_label_get_text (window->prompt_label), ==, "White was to move");

  /* Back at the latest position, the prompt and the turn are there again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.last", NULL);
  iterate ();
  g_assert_cmpstr (status_of (window), ==, "White to move");
  g_assert_true (gtk_revealer_get_reveal_child (window->prompt_revealer));
  destroy (window);
}

/* Every seat played by the computer: a game to watch, which goes on by
 * itself from the first move, shown from everyone's side. */
static void
test_computers_play (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("chess960", NULL, 2, 4, NULL);

  cp_game_resolve_chance (game);
  cp_player_set_computer (cp_game_get_player (game, 0), TRUE, CP_LEVEL_RANDOM);
  cp_player_set_computer (cp_game_get_player (game, 1), TRUE, CP_LEVEL_EASY);
  cp_window_set_game (window, game, NULL);
  while (cp_game_count_player_actions (game, 0, G_MAXUINT) < 6 && !cp_state_is_over (cp_game_get_state (game)))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (cp_game_count_player_actions (game, 0, G_MAXUINT), >=, 6);
  g_assert_cmpuint (cp_session_get_legal (window->session)->len, ==, 0);
  destroy (window);
}

/* The button of the move list that shows @text, or NULL. */
static GtkButton *
find_move_button (GtkWidget *widget, const char *text)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) && gtk_widget_get_sensitive (widget)
      && GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (widget)))
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (widget)))), text) == 0)
    return GTK_BUTTON (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkButton *found = find_move_button (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Lets the list view lay out the rows it shows. */
static void
draw (CpWindow *window)
{
  gtk_widget_queue_resize (GTK_WIDGET ((window)->moves));
  for (guint i = 0; i < 20; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
  iterate ();
}

/* Two players' moves share a numbered row; each move is a button that
 * shows the position after it, marked while the board shows it, and a
 * bar says that the board shows the past until its button leads back. */
static void
test_move_rows (void)
{
  CpWindow *window = new_window ();
  CpGame *game = cp_window_get_game (window);
  CpMoveList *list = CP_MOVE_LIST (GTK_WIDGET ((window)->moves));
  static const char *const moves[] = { "e2", "e4", "e7", "e5", "g1", "f3", NULL };
  GtkButton *e5;

  play_by_clicks (window, moves);
  g_assert_cmpuint (cp_move_list_get_n_rows (list), ==, 2);
  g_assert_cmpstr (cp_move_list_get_row_text (list, 0), ==, "1. e4 e5");
  g_assert_cmpstr (cp_move_list_get_row_text (list, 1), ==, "2. Nf3");
  g_assert_cmpstr (cp_move_list_get_action_text (list, 1), ==, "1… e5");
  g_assert_cmpuint (cp_move_list_get_action_row (list, 1), ==, 0);
  g_assert_cmpuint (cp_move_list_get_action_row (list, 2), ==, 1);
  g_assert_null (cp_move_list_get_past_text (list));

  draw (window);
  e5 = find_move_button (GTK_WIDGET (list), "e5");
  g_assert_nonnull (e5);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (e5), "current"));
  g_signal_emit_by_name (e5, "clicked");
  iterate ();
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 2);
  assert_shown (window, "g1", "white knight on g1");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (e5), "current"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (find_move_button (GTK_WIDGET (list), "Nf3")), "current"));
  g_assert_cmpstr (cp_move_list_get_past_text (list), ==, "You are looking at move 2 of 3");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.first", NULL);
  iterate ();
  g_assert_cmpstr (cp_move_list_get_past_text (list), ==, "You are looking at the start of the game");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (e5), "current"));

  /* Back to the present: the bar goes, and play goes on. */
  g_signal_emit_by_name (cp_move_list_get_present_button (list), "clicked");
  iterate ();
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 3);
  g_assert_null (cp_move_list_get_past_text (list));
  click (window, "b8");
  click (window, "c6");
  g_assert_cmpuint (cp_move_list_get_n_rows (list), ==, 2);
  g_assert_cmpstr (cp_move_list_get_row_text (list, 1), ==, "2. Nf3 Nc6");

  /* What is not a move stands on a line of its own, naming the player. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.offer-draw", NULL);
  iterate ();
  g_assert_cmpuint (cp_move_list_get_n_rows (list), ==, 3);
  g_assert_cmpstr (cp_move_list_get_row_text (list, 2), ==, "White offers a draw");
  destroy (window);
}

/* Three players: one numbered row a round, in the order they move. */
static void
test_three_rounds (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("km-three", NULL, 3, 1, NULL);
  CpMoveList *list = CP_MOVE_LIST (GTK_WIDGET ((window)->moves));
  guint first;
  const char *numbers[] = { "1. ", "1… ", "1… ", "2. " };
  g_autoptr (GString) round = g_string_new ("1.");

  cp_game_resolve_chance (game);
  first = cp_game_get_n_actions (game);
  cp_window_set_game (window, game, NULL);
  iterate ();
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      g_auto (CpActionList) legal;
      const char *text;

      cp_action_list_init (&legal);
      cp_state_legal (cp_game_get_state (game), cp_state_first_pending (cp_game_get_state (game)), &legal);
      g_assert_cmpuint (legal.len, >, 0);
      g_assert_true (cp_game_play (game, &legal.items[0], NULL));
      iterate ();
      text = cp_move_list_get_action_text (list, first + i);
      g_assert_true (g_str_has_prefix (text, numbers[i]));
      if (i < 3)
        g_string_append_printf (round, " %s", text + strlen (numbers[i]));
    }
  g_assert_cmpuint (cp_move_list_get_action_row (list, first), ==, cp_move_list_get_action_row (list, first + 2));
  g_assert_cmpuint (cp_move_list_get_action_row (list, first + 3), ==, cp_move_list_get_action_row (list, first) + 1);
  g_assert_cmpstr (cp_move_list_get_row_text (list, cp_move_list_get_action_row (list, first)), ==, round->str);
  destroy (window);
}

/* A hint: the move the computer would play is shown with an arrow, and
 * the move list says that a hint was taken. */
static void
test_hint (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
  static const char *const e4[] = { "e2", "e4", NULL };
  guint from, to;

  cp_window_set_game (window, game, NULL);
  iterate ();
  play_by_clicks (window, e4);
  g_assert_false (cp_board_view_get_hint (window->board, &from, &to));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  while (window->hinting != NULL)
    g_main_context_iteration (NULL, TRUE);
  iterate ();
  g_assert_true (cp_board_view_get_hint (window->board, &from, &to));
  g_assert_cmpuint (cp_game_get_state (game)->cells[from].seat, ==, 1);
  g_assert_true (g_str_has_prefix (shown_action (window, 1), "Black takes a hint: "));
  /* Playing on, the arrow goes. */
  click (window, "e7");
  click (window, "e5");
  g_assert_false (cp_board_view_get_hint (window->board, &from, &to));
  destroy (window);
}

/* A hint to a choice made with a button (a Chess Golf bid) marks the
 * button, and only it. */
static void
test_hint_button (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("golf", NULL, 1, 3, NULL);
  const CpState *state;
  CpAction par;
  guint marked = 0;

  cp_game_resolve_chance (game);
  state = cp_game_get_state (game);
  g_assert_true (state->rules->advise (state, 0, 0, NULL, &par));
  cp_window_set_game (window, game, NULL);
  iterate ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  while (window->hinting != NULL)
    g_main_context_iteration (NULL, TRUE);
  iterate ();
  for (GtkWidget *button = gtk_widget_get_first_child (window->prompt_buttons); button != NULL;
       button = gtk_widget_get_next_sibling (button))
    if (gtk_widget_has_css_class (button, "suggested-action"))
      {
        g_autofree char *id = g_strdup_printf ("bid-%u", par.value);

        GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button));

        g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "win.button");
        g_assert_cmpstr (g_variant_get_string (target, NULL), ==, id);
        marked++;
      }
  g_assert_cmpuint (marked, ==, 1);
  destroy (window);
}

/* The reason the window gives for a click that cannot be played: in
 * the prompt's place under the board, over no control. */
static const char *
refusal (CpWindow *window)
{
  if (!gtk_widget_has_css_class (GTK_WIDGET (window->prompt_label), "warning"))
    return NULL;
  return gtk_label_get_text (window->prompt_label);
}

static void
test_prompt_and_refusals (void)
{
  CpWindow *window = new_window ();
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) attrition = NULL;
  g_autoptr (CpGame) crowded = cp_game_new ("crowded-house", NULL, 4, 1, NULL);
  g_autoptr (CpGame) chess = NULL;

  g_hash_table_insert (options, (gpointer) "starts", (gpointer) "white");
  attrition = cp_game_new ("attrition", options, 2, 1, NULL);

  /* Attrition says that a knight is placed first. */
  cp_window_set_game (window, attrition, NULL);
  iterate ();
  g_assert_nonnull (strstr (gtk_label_get_text (window->prompt_label), "Place your knight"));

  /* Crowded House says whose half moves and why a piece is not theirs. */
  cp_window_set_game (window, crowded, NULL);
  iterate ();
  g_assert_nonnull (strstr (gtk_label_get_text (window->prompt_label), "king side"));
  click (window, "d2");
  g_assert_cmpstr (refusal (window), ==, "That piece is on your partner’s half and cannot reach yours now");
  click (window, "e7");
  g_assert_cmpstr (refusal (window), ==, "That piece belongs to the other team");
  click (window, "e2");
  click (window, "e4");
  g_assert_cmpuint (cp_game_get_n_actions (crowded), ==, 1);
  /* The move takes the reason away and brings the prompt back. */
  g_assert_null (refusal (window));
  g_assert_nonnull (strstr (gtk_label_get_text (window->prompt_label), "king side"));
  click (window, "e2");
  g_assert_cmpstr (refusal (window), ==, "Pick up one of your pieces first");
  destroy (window);

  /* Chess says what to do, and why a pinned piece stays. */
  window = new_window ();
  chess = cp_game_new ("chess", NULL, 2, 1, NULL);
  cp_window_set_game (window, chess, NULL);
  iterate ();
  g_assert_cmpstr (gtk_label_get_text (window->prompt_label), ==,
                   "White: Move one of your pieces: click it, or drag it to its new square");
  click (window, "e2");
  click (window, "e4");
  click (window, "e7");
  click (window, "e5");
  click (window, "d1");
  click (window, "h5");
  g_assert_cmpuint (cp_game_get_n_actions (chess), ==, 3);
  click (window, "f7");
  g_assert_cmpstr (refusal (window), ==, "That piece shields your king: moving it would leave the king in check");
  destroy (window);
}

static void
test_dialog_fits_choices (void)
{
  CpNewGameDialog *dialog = cp_new_game_dialog_new (cp_application_get_settings (app));
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = NULL;

  cp_new_game_dialog_select_game (dialog, "attrition");
  g_assert_cmpstr (cp_new_game_dialog_get_option_note (dialog, "variant"), ==, "Two players, one knight each");
  /* Four players take the way to play for them. */
  cp_new_game_dialog_set_n_players (dialog, 4);
  g_assert_cmpstr (cp_new_game_dialog_get_option_note (dialog, "variant"), ==,
                   "One knight each: the last player left wins");
  game = cp_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_seats (game), ==, 4);
  g_clear_object (&game);
  /* And two players the way for two. */
  cp_new_game_dialog_set_n_players (dialog, 2);
  game = cp_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_seats (game), ==, 2);
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
}

/* Runs the main loop for @ms milliseconds, so that windows are laid out
 * and drawn. */
static void
settle_layout (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      iterate ();
      g_usleep (5000);
    }
}

/* The descendants of @root with the style class @name, in order. */
static void
collect_by_class (GtkWidget *root, const char *name, GPtrArray *found)
{
  if (gtk_widget_has_css_class (root, name))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    collect_by_class (child, name, found);
}

/* The burial prompt appears under the board without moving it. */
static void
test_prompt_keeps_board (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("zombie", NULL, 2, 1, NULL);
  static const char *const moves[] = { "e2", "e4", "e7", "e5", "g1", "f3", "b8", "c6", "d2", "d4", "e5", "d4", NULL };
  graphene_rect_t before, after;

  cp_window_set_game (window, game, NULL);
  iterate ();
  ready (window);
  settle_layout (300);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->board), GTK_WIDGET (window), &before));
  play_by_clicks (window, moves);
  /* Black buries the pawn just taken: the prompt says so. */
  g_assert_cmpuint (cp_session_get_screen_seat (window->session), ==, 1);
  g_assert_true (gtk_revealer_get_reveal_child (window->prompt_revealer));
  settle_layout (600);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->board), GTK_WIDGET (window), &after));
  g_assert_true (graphene_rect_equal (&before, &after));
  destroy (window);
}

/* Below 900 pixels the side panel folds away and the board keeps the
 * width; above, the panel stands beside the board. */
static void
test_panel_folds (void)
{
  GSettings *settings = cp_application_get_settings (app);
  const int widths[] = { 800, 1100 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      CpWindow *window;
      graphene_rect_t board;

      g_settings_set_int (settings, "window-width", widths[i]);
      g_settings_set_int (settings, "window-height", 600);
      window = new_window ();
      settle_layout (500);
      g_assert_cmpint (ABS (gtk_widget_get_width (GTK_WIDGET (window)) - widths[i]), <=, 20);
      g_assert_true (adw_flap_get_folded (window->flap) == (widths[i] < 900));
      /* The button that brings the folded panel back is there only then. */
      g_assert_true (gtk_widget_get_visible (window->panel_button) == (widths[i] < 900));
      g_assert_true (gtk_widget_has_css_class (window->panel, "background") == (widths[i] < 900));
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->board), GTK_WIDGET (window), &board));
      if (widths[i] < 900)
        g_assert_cmpfloat (board.size.width, >=, widths[i] - 50);
      else
        g_assert_cmpfloat (board.size.width, <=, widths[i] - 300);
      destroy (window);
    }
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* F1 without a help viewer shows the rules in the side panel and says
 * why. */
static void
test_help_fallback (void)
{
  g_autoptr (GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");
  CpWindow *window;

  if (viewer != NULL)
    {
      g_test_skip ("a help viewer is installed");
      return;
    }
  window = new_window ();
  adw_view_stack_set_visible_child_name (window->panel_stack, "game");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.help-page", "s", "");
  iterate ();
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->panel_stack), ==, "rules");
  g_assert_true (adw_flap_get_reveal_flap (window->flap));
  g_assert_cmpstr (gtk_label_get_text (window->prompt_label), ==,
                   "No help viewer is installed: here are the rules of this game");
  destroy (window);
}

/* Where an uninstalled program's help is not where the help viewer looks
 * (no help/C/chess-parlour in the data folders), F1 shows the rules in
 * the side panel, even with a help viewer installed, and does not start
 * it: it would only say that the page is not found. */
static void
test_help_not_installed (void)
{
  g_autofree char *applications = g_build_filename (g_get_user_data_dir (), "applications", NULL);
  g_autofree char *desktop = g_build_filename (applications, "cp-test-help-viewer.desktop", NULL);
  g_autofree char *defaults = g_build_filename (applications, "mimeapps.list", NULL);
  g_autofree char *started = g_build_filename (g_get_user_data_dir (), "help-viewer-started", NULL);
  g_autofree char *installed = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr (GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");
      const char *const folders[] = { g_get_user_data_dir (), NULL };
      CpWindow *window;
      const char *actions[] = { "app.help", "win.help-page" };

      g_assert_nonnull (viewer);
      g_assert_false (cp_application_help_is_installed (folders));
      for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
        {
          window = new_window ();
          adw_view_stack_set_visible_child_name (window->panel_stack, "game");
          if (i == 0)
            g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
          else
            gtk_widget_activate_action (GTK_WIDGET (window), actions[i], "s", "");
          iterate ();
          g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->panel_stack), ==, "rules");
          g_assert_true (adw_flap_get_reveal_flap (window->flap));
          g_assert_cmpstr (gtk_label_get_text (window->prompt_label), ==,
                           "The help is not installed: here are the rules of this game");
          destroy (window);
        }
      /* The viewer would have had time to start. */
      g_usleep (300 * 1000);
      iterate ();
      g_assert_false (g_file_test (started, G_FILE_TEST_EXISTS));
      return;
    }
  /* The help where the test's viewer would find it counts as installed. */
  installed = g_build_filename (g_get_user_data_dir (), "help", "C", "chess-parlour", NULL);
  g_assert_cmpint (g_mkdir_with_parents (installed, 0700), ==, 0);
  g_free (installed);
  installed = g_build_filename (g_get_user_data_dir (), "help", "C", "chess-parlour", "index.page", NULL);
  g_assert_true (g_file_set_contents (installed, "<page/>", -1, &error));
  g_assert_true (cp_application_help_is_installed ((const char *const[]) { "/no-such-folder", g_get_user_data_dir (),
                                                                          NULL }));
  g_assert_false (cp_application_help_is_installed ((const char *const[]) { "/no-such-folder", NULL }));
  g_unlink (installed);
  if (cp_application_help_is_installed ((const char *const *) g_get_system_data_dirs ()))
    {
      g_test_skip ("the help is installed on this system");
      return;
    }

  /* A help viewer of the test's own, which leaves a mark when started. */
  g_assert_cmpint (g_mkdir_with_parents (applications, 0700), ==, 0);
  contents = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Help Viewer\nNoDisplay=true\n"
                              "Exec=sh -c \"touch %s\" viewer %%u\nMimeType=x-scheme-handler/help;\n", started);
  g_assert_true (g_file_set_contents (desktop, contents, -1, &error));
  g_assert_true (g_file_set_contents (defaults, "[Default Applications]\n"
                                      "x-scheme-handler/help=cp-test-help-viewer.desktop\n", -1, &error));
  g_assert_no_error (error);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_unlink (defaults);
  g_unlink (desktop);
  g_unlink (started);
  g_test_trap_assert_passed ();
}

/* The Two Move card table keeps its columns. */
static void
test_rules_table (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("two-move", NULL, 2, 1, NULL);
  g_autoptr (GPtrArray) tables = g_ptr_array_new ();
  GtkGrid *grid;
  graphene_rect_t top, bottom;

  cp_window_set_game (window, game, NULL);
  ready (window);
  adw_view_stack_set_visible_child_name (window->panel_stack, "rules");
  settle_layout (300);
  collect_by_class (GTK_WIDGET (window->rules), "rules-table", tables);
  g_assert_cmpuint (tables->len, ==, 1);
  grid = g_ptr_array_index (tables, 0);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (grid, 0, 0))), ==, "Piece");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (grid, 2, 5))), ==, "king of spades");
  g_assert_null (gtk_grid_get_child_at (grid, 3, 0));
  g_assert_true (gtk_widget_compute_bounds (gtk_grid_get_child_at (grid, 2, 0), GTK_WIDGET (grid), &top));
  g_assert_true (gtk_widget_compute_bounds (gtk_grid_get_child_at (grid, 2, 5), GTK_WIDGET (grid), &bottom));
  g_assert_cmpfloat (top.origin.x, ==, bottom.origin.x);
  g_assert_cmpfloat (top.origin.x, >, 0);
  destroy (window);
}

/* Whether a descendant of @root that is drawn shows a label reading
 * @text, or ending with it. */
static gboolean
shows_label (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_is_visible (root)
      && g_str_has_suffix (gtk_label_get_text (GTK_LABEL (root)), text))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    if (shows_label (child, text))
      return TRUE;
  return FALSE;
}

/* Masquerade Chess: at an earlier position, the table of capture moves
 * is not offered to fill in, with no button to seal it; at the latest
 * position it is. */
static void
test_tables_in_the_past (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("masquerade", NULL, 2, 1, NULL);
  g_autoptr (GError) error = NULL;
  const CpActionList *legal;
  CpAction deal;
  guint start;

  cp_game_resolve_chance (game);
  start = cp_game_get_n_actions (game);
  cp_window_set_game (window, game, NULL);
  iterate ();
  ready (window);
  g_assert_true (shows_label (GTK_WIDGET (window->grids), "Seal"));
  legal = cp_session_get_legal (window->session);
  g_assert_cmpuint (legal->len, >, 0);
  deal = legal->items[0];
  g_assert_true (cp_session_play (window->session, &deal, &error));
  g_assert_no_error (error);
  iterate ();
  ready (window);
  g_assert_cmpuint (cp_session_get_screen_seat (window->session), !=, deal.seat);
  g_assert_true (shows_label (GTK_WIDGET (window->grids), "Seal"));

  cp_game_set_cursor (game, start);
  iterate ();
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (window->grids)));
  g_assert_false (shows_label (GTK_WIDGET (window->grids), "Seal"));
  cp_game_set_cursor (game, cp_game_get_n_actions (game));
  iterate ();
  g_assert_true (shows_label (GTK_WIDGET (window->grids), "Seal"));
  destroy (window);
}

/* How many of the players' colour tokens show. */
static guint
seat_marks_shown (CpWindow *window)
{
  g_autoptr (GPtrArray) marks = g_ptr_array_new ();
  guint n = 0;

  collect_by_class (GTK_WIDGET (window->players), "seat-mark", marks);
  for (guint i = 0; i < marks->len; i++)
    n += gtk_widget_is_visible (g_ptr_array_index (marks, i));
  return n;
}

/* Chess Golf in the window: no empty hand, for nobody holds cards, no
 * colours for the players, whose pieces these are not, and a score card
 * with a row for each player by name, empty before par is known. */
static void
test_golf_window (void)
{
  static const char *const names[] = { "Anna", "Ben", "Cleo" };
  CpWindow *window = new_window ();
  g_autoptr (CpGame) golf = cp_game_new ("golf", NULL, 3, 4, NULL);
  g_autoptr (CpGame) cards = cp_game_new ("two-move", NULL, 2, 1, NULL);
  g_autoptr (GPtrArray) tables = g_ptr_array_new ();
  GtkGrid *card;

  /* A game with hands shows the hand at the screen, and colours. */
  cp_window_set_game (window, cards, NULL);
  ready (window);
  g_assert_true (shows_label (GTK_WIDGET (window->hand), "’s hand"));
  g_assert_cmpuint (seat_marks_shown (window), ==, 2);
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (window->grids)));

  for (guint seat = 0; seat < 3; seat++)
    cp_player_set_name (cp_game_get_player (golf, seat), names[seat]);
  cp_game_resolve_chance (golf);
  cp_window_set_game (window, golf, NULL);
  ready (window);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (window->hand)));
  g_assert_false (shows_label (GTK_WIDGET (window->hand), "’s hand"));
  g_assert_false (shows_label (GTK_WIDGET (window->hand), "No cards"));
  g_assert_cmpuint (seat_marks_shown (window), ==, 0);

  collect_by_class (GTK_WIDGET (window->grids), "words-table", tables);
  g_assert_cmpuint (tables->len, ==, 1);
  card = g_ptr_array_index (tables, 0);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (card, 1, 0))), ==, "1");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (card, 10, 0))), ==, "Total");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (card, 0, 1))), ==, "Par");
  for (guint seat = 0; seat < 3; seat++)
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (card, 0, (int) seat + 2))), ==,
                     names[seat]);
  /* Par not known: a dot, not 0. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (card, 1, 1))), ==, "·");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (card, 10, 1))), ==, "·");
  g_assert_null (gtk_grid_get_child_at (card, 11, 0));
  destroy (window);
}

/* The first label under @root whose text starts with @text, or NULL. */
static GtkLabel *
find_label (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_visible (root) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (root)), text))
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, text);

      if (found)
        return found;
    }
  return NULL;
}

/* A game of Chess Attack of 27 moves and 11 fights, as a record keeps
 * it with its dice. */
static CpGame *
fights_game (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "records", "good-chess-attack-fights.xml", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  CpGame *game = cp_record_load (file, &error);

  g_assert_no_error (error);
  return game;
}

/* After a fight of Chess Attack, the points stand beside each player and
 * the fight under them in the window of the first size: each name keeps one line,
 * and the panel keeps its width, so that the board does not move aside. */
static void
test_side_texts_leave_names_whole (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) quiet = cp_test_new_game ("chess-attack", 2, 1, NULL);
  /* White loses six pieces and the last fight stands beside both
   * players in their longest words. */
  g_autoptr (CpGame) fought = fights_game ();
  const char *const names[] = { "White", "Black" };
  graphene_rect_t before, after;

  cp_test_play (quiet, "e4 d5 Nc3");
  cp_window_set_game (window, quiet, NULL);
  settle_layout (300);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->board), GTK_WIDGET (window), &before));
  cp_window_set_game (window, fought, NULL);
  settle_layout (300);
  g_assert_nonnull (find_label (GTK_WIDGET (window->players), "Points"));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GtkLabel *name = find_label (GTK_WIDGET (window->players), names[i]);

      g_assert_nonnull (name);
      g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (name)), ==, 1);
    }
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->board), GTK_WIDGET (window), &after));
  g_assert_cmpfloat (before.origin.x, ==, after.origin.x);
  g_assert_cmpfloat (before.size.width, ==, after.size.width);
  destroy (window);
}

/* The first scrolled window under @root, or NULL. */
static GtkScrolledWindow *
find_scroller (GtkWidget *root)
{
  if (GTK_IS_SCROLLED_WINDOW (root))
    return GTK_SCROLLED_WINDOW (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkScrolledWindow *found = find_scroller (child);

      if (found)
        return found;
    }
  return NULL;
}

/* Lets the window run until the list scrolled by @adjustment stands at
 * its top (@top) or below it, for five seconds at most; returns whether
 * it does. */
static gboolean
settle_scroll (GtkAdjustment *adjustment, gboolean top)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while ((gtk_adjustment_get_value (adjustment) == 0) != top && g_get_monotonic_time () < end)
    {
      iterate ();
      g_usleep (5000);
    }
  return (gtk_adjustment_get_value (adjustment) == 0) == top;
}

/* Replaying a game longer than the list's height, the list follows the
 * board: at the last position it shows the last moves, at the first
 * position the first ones. */
static void
test_move_list_follows_replay (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = fights_game ();
  GtkAdjustment *adjustment;

  cp_window_set_game (window, game, NULL);
  settle_layout (300);
  adjustment = gtk_scrolled_window_get_vadjustment (find_scroller (GTK_WIDGET (window->moves)));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.last", NULL);
  g_assert_true (settle_scroll (adjustment, FALSE));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.first", NULL);
  g_assert_true (settle_scroll (adjustment, TRUE));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.last", NULL);
  g_assert_true (settle_scroll (adjustment, FALSE));
  destroy (window);
}

static gboolean
coach_stopped (gpointer window)
{
  return !cp_coach_panel_is_running (((CpWindow *) window)->coach);
}

/* A new window where Fool's mate is played by clicks, the coach's
 * budget set to @depth beforehand. */
static CpWindow *
fools_mate_window (guint depth)
{
  static const char *const moves[] = { "f2", "f3", "e7", "e5", "g2", "g4", "d8", "h4", NULL };
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);

  cp_window_set_game (window, game, NULL);
  cp_coach_panel_set_budget (window->coach, depth, 0);
  play_by_clicks (window, moves);
  g_assert_true (cp_state_is_over (cp_game_get_state (game)));
  return window;
}

/* A game that ends in the window is analysed in the background, unless
 * the preferences say not to; one opened finished only when asked to,
 * and the analysis is kept in the record: the game is modified. */
static void
test_analyse_ended_game (void)
{
  GSettings *settings = cp_application_get_settings (app);
  g_autofree char *dir = g_dir_make_tmp ("cp-analyse-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fools-mate.xml", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  CpWindow *window;
  CpAnnotations *annotations;

  g_settings_set_boolean (settings, "analyse-finished-games", FALSE);
  window = fools_mate_window (2);
  iterate ();
  g_assert_false (cp_coach_panel_is_running (window->coach));
  g_assert_true (cp_annotations_is_empty (cp_game_get_annotations (cp_window_get_game (window))));
  g_assert_true (save_to (window, file, &error));
  g_assert_no_error (error);
  destroy (window);

  g_settings_set_boolean (settings, "analyse-finished-games", TRUE);
  window = fools_mate_window (2);
  test_wait_until (coach_stopped, window);
  annotations = cp_game_get_annotations (cp_window_get_game (window));
  g_assert_false (cp_annotations_is_empty (annotations));
  g_assert_cmpint (cp_annotations_get (annotations, 2)->mark, ==, CP_MOVE_MARK_BLUNDER);
  destroy (window);

  /* A window closed while its game is analysed. */
  window = fools_mate_window (6);
  destroy (window);
  for (guint i = 0; i < 20; i++)
    {
      g_usleep (10000);
      iterate ();
    }

  window = new_window ();
  g_assert_true (open_file (window, file));
  g_assert_false (cp_coach_panel_is_running (window->coach));
  g_assert_false (cp_session_get_modified (window->session));
  cp_coach_panel_set_budget (window->coach, 2, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse", NULL);
  test_wait_until (coach_stopped, window);
  g_assert_false (cp_annotations_is_empty (cp_game_get_annotations (cp_window_get_game (window))));
  g_assert_true (cp_session_get_modified (window->session));
  destroy (window);
  g_settings_set_boolean (settings, "analyse-finished-games", FALSE);
  cp_test_remove_tree (dir);
}

/* A random result of the set-up, alone on the first line of the list,
 * reads as a sentence; one under a move stays a note in small letters. */
static void
test_setup_result_line (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) drawn = cp_test_new_game ("two-move", 2, 1, NULL);
  g_autoptr (CpGame) fought = cp_test_new_game ("chess-attack", 2, 1, NULL);
  CpMoveList *list = CP_MOVE_LIST (GTK_WIDGET (window->moves));

  g_assert_cmpuint (cp_game_get_setup_length (drawn), >, 0);
  g_assert_cmpint (cp_game_get_action (drawn, 0)->seat, ==, CP_SEAT_CHANCE);
  cp_window_set_game (window, drawn, NULL);
  iterate ();
  g_assert_true (g_str_has_prefix (cp_move_list_get_action_text (list, 0), "Colours drawn: the players "));

  cp_test_play (fought, "e4 d5 exd5");
  cp_window_set_game (window, fought, NULL);
  iterate ();
  g_assert_true (g_str_has_prefix (cp_move_list_get_action_text (list, 3), "White rolls "));
  destroy (window);
}

/* Plays the first sealed choice @seat may make. */
static guint
commit_first (CpGame *game, guint seat)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (cp_game_get_state (game), seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_COMMIT)
      {
        cp_test_play_action (game, legal.items[i]);
        return cp_game_get_n_actions (game) - 1;
      }
  g_assert_not_reached ();
}

/* A choice that a reveal unsealed in the list is sealed again when the
 * reveal is taken back, to the other player's eyes. */
static void
test_reveal_taken_back (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("two-move", 2, 7, "colours=seated", NULL);
  CpMoveList *list = CP_MOVE_LIST (g_object_ref_sink (cp_move_list_new ()));
  guint first;

  cp_move_list_set_game (list, game);
  cp_move_list_set_viewer (list, 1);
  first = commit_first (game, 0);
  iterate ();
  g_assert_cmpstr (cp_move_list_get_action_text (list, first), ==, "1. White makes a sealed choice");
  commit_first (game, 1);
  iterate ();
  g_assert_true (g_str_has_prefix (cp_move_list_get_action_text (list, first), "1. White plays the "));
  cp_game_truncate (game, first + 1);
  iterate ();
  g_assert_cmpstr (cp_move_list_get_action_text (list, first), ==, "1. White makes a sealed choice");
  cp_move_list_set_game (list, NULL);
  g_object_unref (list);
}

/* The style chosen in the menu applies, and the black player's king
 * stands on a pale token that reads on the dark style's rows. */
static void
test_style_and_seat_marks (void)
{
  GSettings *settings = cp_application_get_settings (app);
  g_autoptr (GPtrArray) marks = g_ptr_array_new ();
  g_autofree char *style = NULL;
  g_autoptr (GVariant) state = NULL;
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  CpWindow *window;
  int stride;
  const guint8 *data;
  double darkest = 1;

  g_action_group_activate_action (G_ACTION_GROUP (app), "style", g_variant_new_string ("dark"));
  style = g_settings_get_string (settings, "style");
  g_assert_cmpstr (style, ==, "dark");
  g_assert_true (adw_style_manager_get_dark (adw_style_manager_get_default ()));
  state = g_action_group_get_action_state (G_ACTION_GROUP (app), "style");
  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "dark");

  window = new_window ();
  settle_layout (300);
  collect_by_class (GTK_WIDGET (window->players), "seat-mark", marks);
  g_assert_cmpuint (marks->len, ==, 2);
  paintable = gtk_widget_paintable_new (g_ptr_array_index (marks, 1));
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), 32, 32);
  node = gtk_snapshot_to_node (snapshot);
  g_assert_nonnull (node);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 32, 32);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < 32; y++)
    for (int x = 0; x < 32; x++)
      {
        guint32 v = *(const guint32 *) (data + y * stride + x * 4);
        double lum = (0.2126 * (v >> 16 & 0xff) + 0.7152 * (v >> 8 & 0xff) + 0.0722 * (v & 0xff)) / 255;

        if ((v >> 24) == 0xff)
          darkest = MIN (darkest, lum);
        /* Beside the king, inside the token: pale. */
        if (y == 16 && x == 3)
          {
            g_assert_cmpuint (v >> 24, ==, 0xff);
            g_assert_cmpfloat (lum, >, 0.7);
          }
      }
  /* The king itself is black. */
  g_assert_cmpfloat (darkest, <, 0.25);
  cairo_surface_destroy (surface);
  destroy (window);

  g_settings_reset (settings, "style");
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==, ADW_COLOR_SCHEME_DEFAULT);
}

/* The New Game dialog of @window, once shown. */
static CpNewGameDialog *
find_new_game_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) candidate = g_list_model_get_item (toplevels, i);

      if (CP_IS_NEW_GAME_DIALOG (candidate))
        return CP_NEW_GAME_DIALOG (candidate);
    }
  return NULL;
}

/* The text on @window's clipboard, put there by the program itself. */
static char *
clipboard_text (CpWindow *window)
{
  GdkContentProvider *content = gdk_clipboard_get_content (gtk_widget_get_clipboard (GTK_WIDGET (window)));
  g_auto (GValue) value = G_VALUE_INIT;

  if (content == NULL)
    return NULL;
  g_value_init (&value, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
  return g_value_dup_string (&value);
}

/* Copy Position copies where the replay stands, and only what the person
 * at the screen may see; New Game from This Position sets the game up
 * there again. */
static void
test_copy_position (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) chess = cp_game_new ("chess", NULL, 2, 1, NULL);
  g_autoptr (CpGame) zombie = cp_game_new ("zombie", NULL, 2, 1, NULL);
  g_autoptr (CpGame) copy = NULL;
  g_autoptr (GError) error = NULL;
  static const char *const moves[] = { "e2", "e4", "e7", "e5", NULL };
  static const char *const zombie_moves[] = { "e2", "e4", NULL };
  gboolean sanitized = g_getenv ("CP_TEST_SANITIZED") != NULL;
  CpNewGameDialog *dialog;
  char *text;

  cp_window_set_game (window, chess, NULL);
  iterate ();
  play_by_clicks (window, moves);
  /* Under the sanitizers the display's clipboard stays untouched: GDK's
   * X11 code leaks what it keeps of a selection when the other test
   * processes on the display ask its owner for it. */
  if (sanitized)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.previous", NULL);
  else
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-position", NULL);
      text = clipboard_text (window);
      g_assert_cmpstr (text, ==, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
      g_free (text);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.previous", NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-position", NULL);
      text = clipboard_text (window);
      g_assert_cmpstr (text, ==, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
      g_free (text);
    }

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-from-position", NULL);
  iterate ();
  dialog = find_new_game_dialog ();
  g_assert_nonnull (dialog);
  copy = cp_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cp_game_get_option (copy, CP_POSITION_OPTION), ==,
                   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  g_assert_cmpuint (cp_game_get_state (copy)->to_move, ==, 1);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Two people at a game of secrets: nothing to copy while it goes on. */
  cp_game_resolve_chance (zombie);
  _cp_window_replace_game (window, zombie);
  answer (window, "discard");
  ready (window);
  play_by_clicks (window, zombie_moves);
  g_assert_null (cp_session_dup_position (window->session, NULL));
  if (!sanitized)
    {
      gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), "before");
      gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-position", NULL);
      text = clipboard_text (window);
      g_assert_cmpstr (text, ==, "before");
      g_free (text);
    }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-from-position", NULL);
  iterate ();
  g_assert_null (find_new_game_dialog ());
  destroy (window);
}

/* A game whose set-up draws the seats says so on the curtain before the
 * first turn, not in a toast over the controls. */
static void
test_drawn_seats_on_curtain (void)
{
  CpWindow *window = new_window ();
  g_autofree char *expected = NULL;
  CpNewGameDialog *dialog;
  const char *said;
  CpGame *game;
  guint anna;

  cp_window_show_new_game (window);
  dialog = find_new_game_dialog ();
  g_assert_nonnull (dialog);
  cp_new_game_dialog_select_game (dialog, "two-move");
  cp_new_game_dialog_set_option (dialog, "colours", "random");
  cp_new_game_dialog_set_player_name (dialog, 1, "Anna");
  cp_new_game_dialog_start (dialog);
  iterate ();
  game = cp_window_get_game (window);
  g_assert_cmpstr (cp_game_get_rules (game)->id, ==, "two-move");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->curtain_stack), ==, "curtain");
  said = adw_status_page_get_description (window->curtain);
  anna = g_str_equal (cp_player_get_name (cp_game_get_player (game, 0)), "Anna") ? 0 : 1;
  expected = g_strdup_printf ("Drawn at random: Anna plays %s", anna == 0 ? "White" : "Black");
  g_assert_true (g_str_has_prefix (said, expected));
  /* The other player, named after a side, is named after the side drawn. */
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 1 - anna)), ==, anna == 0 ? "Black" : "White");
  /* Once the player is at the screen, the curtain has said it. */
  ready (window);
  g_assert_null (window->curtain_note);
  destroy (window);
}

/* A table of numbers among the options is shown as one: a number typed
 * goes into the game, letters do not go in, an empty entry keeps the last
 * number, and the numbers of the rules come back at a click. */
static void
test_table_option (void)
{
  CpWindow *window = new_window ();
  CpNewGameDialog *dialog;
  CpTableRow *table;
  GtkEditable *queen_attack;
  g_autoptr (CpGame) game = NULL;
  g_autoptr (GError) error = NULL;

  cp_window_show_new_game (window);
  dialog = find_new_game_dialog ();
  cp_new_game_dialog_select_game (dialog, "chess-attack");
  table = CP_TABLE_ROW (cp_new_game_dialog_get_option_row (dialog, "values"));
  g_assert_cmpstr (cp_new_game_dialog_get_option_note (dialog, "values"), ==, "As the rules give them");
  /* The king scores no points: nothing to type there. */
  g_assert_null (cp_table_row_get_cell (table, 5, 3));
  queen_attack = cp_table_row_get_cell (table, 4, 0);
  g_assert_cmpstr (gtk_editable_get_text (queen_attack), ==, "4");

  gtk_editable_set_text (queen_attack, "7");
  g_assert_cmpstr (cp_new_game_dialog_get_option_note (dialog, "values"), ==, "Changed from the rules");
  gtk_editable_set_position (queen_attack, -1);
  gtk_editable_insert_text (queen_attack, "x", -1, &(int) { 1 });
  g_assert_cmpstr (gtk_editable_get_text (queen_attack), ==, "7");
  gtk_editable_set_text (queen_attack, "");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (queen_attack), "error"));

  game = cp_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (cp_game_get_option (game, "values"), "queen 7 4 3 9 / 2 2 3"));

  cp_table_row_reset (table);
  g_assert_cmpstr (gtk_editable_get_text (queen_attack), ==, "4");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (queen_attack), "error"));
  g_assert_cmpstr (cp_new_game_dialog_get_option_note (dialog, "values"), ==, "As the rules give them");
  cp_new_game_dialog_set_option (dialog, "values", "pawn 3 1 1 1 / 1 0 1");
  g_assert_cmpstr (gtk_editable_get_text (cp_table_row_get_cell (table, 0, 0)), ==, "3");
  gtk_window_destroy (GTK_WINDOW (dialog));
  destroy (window);
}

/* The rules print through GtkPrintOperation, here exported to a file;
 * the cards to print are chosen in a dialog that offers the game's own
 * deck first. */
/* The check buttons under @widget, in the order they show. */
static void
find_check_buttons (GtkWidget *widget, GPtrArray *found)
{
  if (GTK_IS_CHECK_BUTTON (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    find_check_buttons (child, found);
}

static void
test_print (void)
{
  CpWindow *window = new_window ();
  g_autoptr (GError) error = NULL;
  g_autoptr (CpRuleSheet) sheet = cp_rule_sheet_new ((const char *const[]) { "chess", NULL }, &error);
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "cp-window-print.pdf", NULL);
  g_autofree char *contents = NULL;
  g_autoptr (CpGame) game = cp_game_new ("two-move", NULL, 2, 1, NULL);
  AdwMessageDialog *dialog;
  GPtrArray *buttons;
  const CpDeckInfo *decks;
  guint n_decks;
  gsize length;

  g_assert_no_error (error);
  g_assert_true (_cp_window_print (window, CP_PRINTABLE (sheet), "Rules of Chess", path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 10000);
  g_assert_true (g_str_has_prefix (contents, "%PDF"));
  g_unlink (path);

  cp_game_resolve_chance (game);
  cp_window_set_game (window, game, NULL);
  dialog = _cp_window_choose_deck (window);
  decks = cp_deck_sheet_list (&n_decks);
  buttons = g_ptr_array_new ();
  find_check_buttons (adw_message_dialog_get_extra_child (dialog), buttons);
  g_assert_cmpuint (buttons->len, ==, n_decks);
  g_assert_cmpuint (buttons->len, >, 5);
  for (guint i = 0; i < buttons->len; i++)
    g_assert_cmpint (gtk_check_button_get_active (buttons->pdata[i]), ==, g_str_equal (decks[i].id, "two-move"));
  g_ptr_array_unref (buttons);
  gtk_window_destroy (GTK_WINDOW (dialog));
  destroy (window);
}

/* The button of the move list with @text, mapped or not: the curtain
 * may cover the list between the players' turns. */
static GtkButton *
find_cell_button (GtkWidget *widget, const char *text)
{
  if (GTK_IS_BUTTON (widget) && GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (widget)))
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (widget)))), text) == 0)
    return GTK_BUTTON (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkButton *found = find_cell_button (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A turn of Cooperative Chess stands in one cell of a numbered row,
 * after the name of its player: a move and a card, then the partner's
 * card and capture beside them.  The cell shows the last of them when
 * clicked, and is marked while the board shows any. */
static void
test_whole_turn_rows (void)
{
  CpWindow *window = new_window ();
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;
  CpMoveList *list = CP_MOVE_LIST (GTK_WIDGET ((window)->moves));
  guint actions[4];
  g_autoptr (GString) row = g_string_new ("1.");
  GtkButton *cell;

  g_hash_table_insert (options, "colours", "seated");
  g_hash_table_insert (options, "fen", "4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1");
  game = cp_game_new ("cooperative", options, 2, 1, NULL);
  cp_game_resolve_chance (game);
  cp_window_set_game (window, game, NULL);
  iterate ();
  actions[0] = cp_test_play_first (game, CP_ACTION_MOVE, "e1");
  actions[1] = cp_test_play_first (game, CP_ACTION_PLAY_CARD, NULL);
  actions[2] = cp_test_play_first (game, CP_ACTION_PLAY_CARD, NULL);
  actions[3] = cp_test_play_first (game, CP_ACTION_MOVE, "e5");
  iterate ();
  /* The moves are gone through by the person at the screen. */
  ready (window);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autofree char *text = cp_game_format_action_for (game, actions[i], CP_NOTATION_SAN, CP_VIEW_ALL);

      if (i == 0 || i == 2)
        g_string_append_printf (row, " %s: %s", i == 0 ? "White" : "Black", text);
      else
        g_string_append_printf (row, ", %s", text);
      g_assert_cmpuint (cp_move_list_get_action_row (list, actions[i]), ==,
                        cp_move_list_get_action_row (list, actions[0]));
    }
  g_assert_cmpstr (cp_move_list_get_row_text (list, cp_move_list_get_action_row (list, actions[0])), ==, row->str);

  /* White's cell: its two parts in one button, which shows the end of
   * the turn; while the board shows the first part, that part is marked. */
  draw (window);
  {
    g_autofree char *move = cp_game_format_action_for (game, actions[0], CP_NOTATION_SAN, CP_VIEW_ALL);
    g_autofree char *card = cp_game_format_action_for (game, actions[1], CP_NOTATION_SAN, CP_VIEW_ALL);
    g_autofree char *both = g_strdup_printf ("White: %s, %s", move, card);
    g_autofree char *marked = NULL;
    GtkWidget *label;

    cell = find_cell_button (GTK_WIDGET (list), both);
    g_assert_nonnull (cell);
    g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (cell), "current"));
    g_signal_emit_by_name (cell, "clicked");
    iterate ();
    g_assert_cmpuint (cp_game_get_cursor (game), ==, actions[1] + 1);
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (cell), "current"));

    gtk_widget_activate_action (GTK_WIDGET (window), "win.previous", NULL);
    iterate ();
    g_assert_cmpuint (cp_game_get_cursor (game), ==, actions[0] + 1);
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (cell), "current"));
    label = gtk_button_get_child (cell);
    marked = g_strdup_printf ("White: <b>%s</b>, %s", move, card);
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, marked);
  }
  destroy (window);
}

/* Cooperative Chess names the button that plays a card from the hand
 * after where the card goes: onto the player's own stack. */
static void
test_card_button_label (void)
{
  CpWindow *window = new_window ();
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;
  g_autoptr (GPtrArray) found = g_ptr_array_new ();

  g_hash_table_insert (options, "colours", "seated");
  game = cp_game_new ("cooperative", options, 2, 1, NULL);
  cp_game_resolve_chance (game);
  cp_window_set_game (window, game, NULL);
  iterate ();
  ready (window);
  g_assert_nonnull (cp_session_get_presentation (window->session)->prompt);
  collect_by_class (GTK_WIDGET (window->hand), "suggested-action", found);
  g_assert_cmpuint (found->len, ==, 1);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (found->pdata[0])), ==, "_Play on Stack");
  destroy (window);
}

/* Plays the actions of @moves, written as the game reads them and
 * separated by spaces, as they come. */
static void
play_texts (CpGame *game, const char *moves)
{
  g_auto (GStrv) words = g_strsplit (moves, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      CpAction action;

      g_assert_true (cp_state_parse (cp_game_get_state (game), words[i], &action, &error));
      g_assert_no_error (error);
      g_assert_true (cp_game_play (game, &action, &error));
      iterate ();
    }
}

/* Tar Pit Chess in the move list: the move that mates is written again
 * with its mark once the turn that it opens is over. */
static void
test_mark_when_turn_ends (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("tar-pit", NULL, 2, 5, NULL);
  CpMoveList *list = CP_MOVE_LIST (GTK_WIDGET ((window)->moves));
  guint queen;

  cp_game_resolve_chance (game);
  cp_window_set_game (window, game, NULL);
  iterate ();
  play_texts (game, "f3 pass e5 pass g4 pass Qh4");
  queen = cp_game_get_n_actions (game) - 1;
  g_assert_cmpstr (cp_move_list_get_row_text (list, cp_move_list_get_action_row (list, queen)), ==, "2. g4, White keeps their cards Qh4");
  play_texts (game, "pass");
  /* The card kept is one more part of the turn, in the queen's row. */
  g_assert_cmpstr (cp_move_list_get_row_text (list, cp_move_list_get_action_row (list, queen)), ==,
                   "2. g4, White keeps their cards Qh4#, Black keeps their cards");
  g_assert_cmpuint (cp_move_list_get_action_row (list, queen + 1), ==, cp_move_list_get_action_row (list, queen));
  /* Taken back, the end of the turn takes the mark with it. */
  cp_game_truncate (game, queen + 1);
  iterate ();
  g_assert_cmpstr (cp_move_list_get_row_text (list, cp_move_list_get_action_row (list, queen)), ==, "2. g4, White keeps their cards Qh4");
  destroy (window);
}

static void
set_true (gpointer data)
{
  *(gboolean *) data = TRUE;
}

/* The Open chooser goes with its window: closed before a file is picked,
 * the window leaves nothing behind that a late answer could reach. */
static void
test_chooser_goes_with_window (void)
{
  CpWindow *window;
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr (GtkWidget) chooser = NULL;

  if (g_getenv ("CP_TEST_SANITIZED") != NULL)
    {
      /* Its D-Bus and cloud-account libraries keep replies that the leak
       * checker cannot tell from leaks. */
      g_test_skip ("The file chooser is not opened under the sanitizers");
      return;
    }
  window = new_window ();
  cp_window_choose_file_to_open (window);
  iterate ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && chooser == NULL; i++)
    {
      g_autoptr (GtkWindow) candidate = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (candidate) && gtk_widget_get_visible (GTK_WIDGET (candidate)))
        chooser = GTK_WIDGET (g_object_ref (candidate));
    }
  g_assert_nonnull (chooser);
  destroy (window);
  g_assert_false (gtk_widget_get_visible (chooser));
}

/* A hint called off when the game is replaced answers late, and leaves
 * the hint of the new game alone. */
static void
test_late_hint (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
  GCancellable *second;
  gboolean waited = FALSE;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  g_assert_nonnull (window->hinting);
  cp_window_set_game (window, game, NULL);
  g_assert_null (window->hinting);
  /* The new game's hint takes its time. */
  g_clear_object (&window->adviser);
  window->adviser = cp_computer_player_new_adviser (1);
  cp_computer_player_set_move_time (window->adviser, 60000);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  second = window->hinting;
  g_assert_nonnull (second);
  /* Meanwhile the first answers that it was called off. */
  g_timeout_add_once (300, set_true, &waited);
  while (!waited)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (window->hinting == second);
  destroy (window);
}

/* Whether the button of action @name under @widget is sensitive, as
 * the action's state makes it. */
static gboolean
button_enabled (GtkWidget *widget, const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_ACTIONABLE (child) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), name) == 0)
        return gtk_widget_get_sensitive (child);
      if (gtk_widget_get_first_child (child) != NULL && button_enabled (child, name))
        return TRUE;
    }
  return FALSE;
}

/* A game that replaces another moves what the window shows of its
 * session (the title's mark of changes, Undo) to the new session, and
 * the old one goes. */
static void
test_replace_moves_bindings (void)
{
  CpWindow *window = new_window ();
  g_autoptr (CpGame) first = cp_test_new_game ("chess", 2, 1, NULL);
  g_autoptr (CpGame) second = cp_test_new_game ("chess", 2, 2, NULL);
  static const char *const e4[] = { "e2", "e4", NULL };
  CpSession *old;
  AdwMessageDialog *dialog;

  cp_window_set_game (window, first, NULL);
  iterate ();
  g_assert_cmpstr (adw_window_title_get_subtitle (window->title), ==, "Unsaved Game");
  g_assert_false (button_enabled (GTK_WIDGET (window), "win.undo"));
  play_by_clicks (window, e4);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->title), ==, "• Unsaved Game");
  g_assert_true (button_enabled (GTK_WIDGET (window), "win.undo"));

  old = window->session;
  g_object_add_weak_pointer (G_OBJECT (old), (gpointer *) &old);
  _cp_window_replace_game (window, second);
  dialog = find_dialog (window);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "discard");
  iterate ();
  g_assert_null (old);
  g_assert_true (cp_window_get_game (window) == second);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->title), ==, "Unsaved Game");
  g_assert_false (button_enabled (GTK_WIDGET (window), "win.undo"));

  play_by_clicks (window, e4);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->title), ==, "• Unsaved Game");
  g_assert_true (button_enabled (GTK_WIDGET (window), "win.undo"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_false (button_enabled (GTK_WIDGET (window), "win.undo"));
  destroy (window);
}

/* The board shows the preferences as they change. */
static void
test_settings_follow (void)
{
  GSettings *settings = cp_application_get_settings (app);
  CpWindow *window = new_window ();
  gboolean coordinates = TRUE, hints = TRUE, animate = TRUE;
  CpBoardThemeId theme = CP_BOARD_THEME_CLASSIC, grid_theme = CP_BOARD_THEME_CLASSIC;

  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  g_settings_set_boolean (settings, "show-legal-moves", FALSE);
  g_settings_set_string (settings, "board-theme", "blue");
  iterate ();
  g_object_get (window->board, "show-coordinates", &coordinates, "show-hints", &hints,
                "animate", &animate, "theme", &theme, NULL);
  g_object_get (window->grids, "theme", &grid_theme, NULL);
  g_assert_false (coordinates);
  g_assert_false (hints);
  g_assert_false (animate);
  g_assert_cmpint (theme, ==, CP_BOARD_THEME_BLUE);
  g_assert_cmpint (grid_theme, ==, CP_BOARD_THEME_BLUE);

  g_settings_reset (settings, "show-coordinates");
  g_settings_reset (settings, "show-legal-moves");
  g_settings_reset (settings, "board-theme");
  iterate ();
  g_object_get (window->board, "show-coordinates", &coordinates, "show-hints", &hints, "theme", &theme, NULL);
  g_assert_true (coordinates);
  g_assert_true (hints);
  g_assert_cmpint (theme, ==, CP_BOARD_THEME_CLASSIC);
  destroy (window);
}

int
main (int argc, char *argv[])
{
  g_autofree char *made = NULL;
  int status;

  /* A data folder of the test's own, shared with its subprocesses and
   * removed by the test that made it. */
  if (g_getenv ("CP_TEST_DATA_HOME") == NULL)
    {
      made = g_dir_make_tmp ("cp-data-XXXXXX", NULL);
      g_setenv ("CP_TEST_DATA_HOME", made, TRUE);
    }
  g_setenv ("XDG_DATA_HOME", g_getenv ("CP_TEST_DATA_HOME"), TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  cp_rules_register (&cp_stack_game_rules);
  app = cp_application_new (G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_settings_set_boolean (cp_application_get_settings (app), "animate-moves", FALSE);
  g_settings_set_enum (cp_application_get_settings (app), "computer-pace", 0);
  /* The analysis of a finished game is tested on its own. */
  g_settings_set_boolean (cp_application_get_settings (app), "analyse-finished-games", FALSE);

  g_test_add_func ("/window/click-move", test_click_move);
  g_test_add_func ("/window/illegal-drop", test_illegal_drop);
  g_test_add_func ("/window/piece-goes-on", test_piece_goes_on);
  g_test_add_func ("/window/promotion-chooser", test_promotion_chooser);
  g_test_add_func ("/window/replay", test_replay);
  g_test_add_func ("/window/continue-from-past", test_continue_from_past);
  g_test_add_func ("/window/card-button-label", test_card_button_label);
  g_test_add_func ("/window/mark-when-turn-ends", test_mark_when_turn_ends);
  g_test_add_func ("/window/save-and-open", test_save_and_open);
  g_test_add_func ("/window/files-do-not-block", test_files_do_not_block);
  g_test_add_func ("/window/save-as-names", test_save_as_names);
  g_test_add_func ("/window/open-from-outside", test_open_from_outside);
  g_test_add_func ("/window/broken-record", test_broken_record);
  g_test_add_func ("/window/hostile-files", test_hostile_files);
  g_test_add_func ("/window/autosave-survives-kill", test_autosave_survives_kill);
  g_test_add_func ("/window/offer-draw", test_offer_draw);
  g_test_add_func ("/window/rules-shown", test_rules_shown);
  g_test_add_func ("/window/main-menu", test_main_menu);
  g_test_add_func ("/window/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/window/new-game-dialog", test_new_game_dialog);
  g_test_add_func ("/window/choice-timer", test_choice_timer);
  g_test_add_func ("/window/card-play", test_card_play);
  g_test_add_func ("/window/card-castling", test_card_castling);
  g_test_add_func ("/window/zombie-curtain", test_zombie_curtain);
  g_test_add_func ("/window/two-move", test_two_move);
  g_test_add_func ("/window/board-faces-player", test_board_faces_player);
  g_test_add_func ("/window/board-facing-preference", test_board_facing_preference);
  g_test_add_func ("/window/board-facing-row", test_board_facing_row);
  g_test_add_func ("/window/multi-player-facing", test_multi_player_facing);
  g_test_add_func ("/window/card-on-piece", test_card_on_piece);
  g_test_add_func ("/window/registered-game", test_registered_game);
  g_test_add_func ("/window/new-game-replaces", test_new_game_replaces);
  g_test_add_func ("/window/copy-position", test_copy_position);
  g_test_add_func ("/window/computer-opponent", test_computer_opponent);
  g_test_add_func ("/window/engine-seat", test_engine_seat);
  g_test_add_func ("/window/engine-hint", test_engine_hint);
  g_test_add_func ("/window/replaced-while-thinking", test_replaced_while_thinking);
  g_test_add_func ("/window/computer-visible", test_computer_visible);
  g_test_add_func ("/window/turn-report", test_turn_report);
  g_test_add_func ("/window/seat-names-shown", test_seat_names_shown);
  g_test_add_func ("/window/computers-play", test_computers_play);
  g_test_add_func ("/window/replay-asks-nothing", test_replay_asks_nothing);
  g_test_add_func ("/window/tables-in-the-past", test_tables_in_the_past);
  g_test_add_func ("/window/hint", test_hint);
  g_test_add_func ("/window/hint-button", test_hint_button);
  g_test_add_func ("/window/move-rows", test_move_rows);
  g_test_add_func ("/window/whole-turn-rows", test_whole_turn_rows);
  g_test_add_func ("/window/three-rounds", test_three_rounds);
  g_test_add_func ("/window/prompt-and-refusals", test_prompt_and_refusals);
  g_test_add_func ("/window/dialog-fits-choices", test_dialog_fits_choices);
  g_test_add_func ("/window/prompt-keeps-board", test_prompt_keeps_board);
  g_test_add_func ("/window/panel-folds", test_panel_folds);
  g_test_add_func ("/window/help-fallback", test_help_fallback);
  g_test_add_func ("/window/help-not-installed", test_help_not_installed);
  g_test_add_func ("/window/rules-table", test_rules_table);
  g_test_add_func ("/window/golf", test_golf_window);
  g_test_add_func ("/window/side-texts-leave-names-whole", test_side_texts_leave_names_whole);
  g_test_add_func ("/window/move-list-follows-replay", test_move_list_follows_replay);
  g_test_add_func ("/window/analyse-ended-game", test_analyse_ended_game);
  g_test_add_func ("/window/setup-result-line", test_setup_result_line);
  g_test_add_func ("/window/reveal-taken-back", test_reveal_taken_back);
  g_test_add_func ("/window/style-and-seat-marks", test_style_and_seat_marks);
  g_test_add_func ("/window/drawn-seats-on-curtain", test_drawn_seats_on_curtain);
  g_test_add_func ("/window/table-option", test_table_option);
  g_test_add_func ("/window/print", test_print);
  g_test_add_func ("/window/start-as-last-time", test_start_as_last_time);
  g_test_add_func ("/window/chooser-goes-with-window", test_chooser_goes_with_window);
  g_test_add_func ("/window/late-hint", test_late_hint);
  g_test_add_func ("/window/replace-moves-bindings", test_replace_moves_bindings);
  g_test_add_func ("/window/settings-follow", test_settings_follow);
  status = g_test_run ();
  g_object_unref (app);
  if (made != NULL)
    cp_test_remove_tree (made);
  return status;
}
