/* test-new-game-dialog.c: the players of the New Game dialog
 *
 * The dialog remembers the people who played, and seats them in the
 * next game's seats: a seat's row is always its own army's, and a name
 * is a person's or none, never another army's.  Every game of the
 * registry is started, then every game is offered after it.  A game
 * started from the dialog carries its date.
 *
 * Needs a display: run under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-engine-list.h"
#include "cp-new-game-dialog.h"
#include "cp-option-row.h"
#include "test-widgets.h"

/* Every name a seat of some game goes by: the colours and the games' own
 * names for their seats. */
static GHashTable *army_names;

static void
collect_army_names (void)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  army_names = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint c = 0; c < CP_N_COLOURS; c++)
    g_hash_table_add (army_names, (gpointer) cp_colour_name (c));
  for (guint i = 0; i < n; i++)
    for (guint seat = 0; seat < rules[i]->max_seats; seat++)
      g_hash_table_add (army_names, (gpointer) cp_rules_seat_name (rules[i], seat));
}

/* Fails when @name, shown for @seat of @rules, names another army. */
static void
assert_not_other_army (const CpRules *rules, guint seat, const char *name, const char *where)
{
  if (g_hash_table_contains (army_names, name) && !g_str_equal (name, cp_rules_seat_name (rules, seat)))
    g_error ("%s: %s, seat %s, is named “%s”, another army", where, rules->id,
             cp_rules_seat_name (rules, seat), name);
}

/* The players' rows of @dialog, a seat each, in order. */
static GPtrArray *
player_rows (CpNewGameDialog *dialog)
{
  GPtrArray *rows = g_ptr_array_new ();
  g_autoptr (GPtrArray) all = g_ptr_array_new ();

  test_collect_class (GTK_WIDGET (dialog), "entry", all);
  for (guint i = 0; i < all->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (all, i);

      if (ADW_IS_ENTRY_ROW (row) && !CP_IS_OPTION_ROW (row))
        g_ptr_array_add (rows, row);
    }
  return rows;
}

/* Who plays the seat of @row: 0 for a person, or a computer's level. */
static guint
row_level (GtkWidget *row)
{
  return gtk_drop_down_get_selected (GTK_DROP_DOWN (test_find_type (row, GTK_TYPE_DROP_DOWN)));
}

static void
set_row_level (GtkWidget *row, guint level)
{
  gtk_drop_down_set_selected (GTK_DROP_DOWN (test_find_type (row, GTK_TYPE_DROP_DOWN)), level);
}

/* Checks each row of @dialog, showing @rules: its title is its own army,
 * and it names no other army.  @names are the people expected in the
 * first seats, the others are unnamed. */
static void
assert_rows (CpNewGameDialog *dialog, const CpRules *rules, const char *const *names, const char *where)
{
  g_autoptr (GPtrArray) rows = player_rows (dialog);
  guint n_names = names ? g_strv_length ((char **) names) : 0;

  g_assert_cmpuint (rows->len, >=, rules->min_seats);
  g_assert_cmpuint (rows->len, <=, rules->max_seats);
  for (guint seat = 0; seat < rows->len; seat++)
    {
      GtkWidget *row = g_ptr_array_index (rows, seat);
      const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
      const char *text = gtk_editable_get_text (GTK_EDITABLE (row));

      g_assert_nonnull (strstr (title, cp_rules_seat_name (rules, seat)));
      assert_not_other_army (rules, seat, text, where);
      g_assert_cmpstr (text, ==, seat < n_names ? names[seat] : "");
    }
}

/* Checks the players of @game: none is named after another army, and
 * each of @names plays a seat (the seats may have been drawn). */
static void
assert_players (CpGame *game, const char *const *names, const char *where)
{
  const CpRules *rules = cp_game_get_rules (game);
  guint n = cp_game_get_n_seats (game);

  for (guint seat = 0; seat < n; seat++)
    assert_not_other_army (rules, seat, cp_player_get_name (cp_game_get_player (game, seat)), where);
  for (guint i = 0; names != NULL && names[i] != NULL && i < n; i++)
    {
      gboolean found = FALSE;

      for (guint seat = 0; seat < n; seat++)
        found |= g_str_equal (cp_player_get_name (cp_game_get_player (game, seat)), names[i]);
      if (!found)
        g_error ("%s: %s has no player named “%s”", where, rules->id, names[i]);
    }
}

/* Starts a game of @rules for as many as it takes, with @names typed in
 * the first rows, the rest left empty, and the second seat played by the
 * computer. */
static void
start_game (GSettings *settings, const CpRules *rules, const char *const *names)
{
  CpNewGameDialog *dialog = g_object_ref (cp_new_game_dialog_new (settings));
  g_autoptr (GPtrArray) rows = NULL;

  cp_new_game_dialog_select_game (dialog, rules->id);
  cp_new_game_dialog_set_n_players (dialog, rules->max_seats);
  rows = player_rows (dialog);
  for (guint seat = 0; names != NULL && names[seat] != NULL && seat < rows->len; seat++)
    gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (rows, seat)), names[seat]);
  if (rows->len > 1)
    set_row_level (g_ptr_array_index (rows, 1), 1);
  g_clear_pointer (&rows, g_ptr_array_unref);
  cp_new_game_dialog_start (dialog);
  g_assert_finalize_object (dialog);
}

/* Every game, as the dialog offers it after @first was started and as it
 * starts, for the least and the most players it takes; and as a new
 * window starts it. */
static void
check_next_games (GSettings *settings, const CpRules *first, const char *const *names)
{
  CpNewGameDialog *dialog = g_object_ref (cp_new_game_dialog_new (settings));
  g_autofree char *where = g_strdup_printf ("after %s", first->id);
  guint n_rules;
  const CpRules *const *rules = cp_rules_list (&n_rules);

  for (guint i = 0; i < n_rules; i++)
    {
      const CpRules *next = rules[i];
      g_autoptr (CpGame) last = NULL;

      for (guint n = next->min_seats; n <= next->max_seats; n = n == next->max_seats ? n + 1 : next->max_seats)
        {
          g_autoptr (GPtrArray) rows = NULL;
          g_autoptr (GError) error = NULL;
          g_autoptr (CpGame) game = NULL;

          cp_new_game_dialog_select_game (dialog, next->id);
          cp_new_game_dialog_set_n_players (dialog, n);
          assert_rows (dialog, next, names, where);
          rows = player_rows (dialog);
          if (rows->len > 1)
            g_assert_cmpuint (row_level (g_ptr_array_index (rows, 1)), ==, 1);
          game = cp_new_game_dialog_create_game (dialog, &error);
          g_assert_no_error (error);
          assert_players (game, names, where);
        }

      g_settings_set_string (settings, "last-game", next->id);
      last = cp_new_game_dialog_last_game (settings);
      assert_players (last, names, where);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_finalize_object (dialog);
}

static void
check_pairs (const char *const *names)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);
  /* Under the sanitizers, a sample of the first games. */
  guint step = g_getenv ("CP_TEST_SANITIZED") != NULL ? 5 : 1;

  for (guint first = 0; first < n; first += step)
    {
      start_game (settings, rules[first], names);
      check_next_games (settings, rules[first], names);
    }
  g_settings_reset (settings, "last-game");
  g_settings_reset (settings, "player-names");
  g_settings_reset (settings, "player-levels");
}

/* Nobody named: every game after every other offers empty names under
 * its own armies' titles, and its players go by their own armies. */
static void
test_no_names_carried (void)
{
  check_pairs (NULL);
}

/* Names typed by people follow them to the next game, whatever it is. */
static void
test_people_carried (void)
{
  const char *const names[] = { "Anna", "Ben", NULL };

  check_pairs (names);
}

/* Settings from before, which kept the names of armies as the names of
 * players, offer them as no name; and an army's name typed is none. */
static void
test_old_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  const char *const old[] = { "Red", "Anna", "Second player", NULL };
  const char *const people[] = { "", "Anna", NULL };
  CpNewGameDialog *dialog;
  g_autoptr (CpGame) game = NULL;
  g_auto (GStrv) remembered = NULL;

  g_settings_set_strv (settings, "player-names", old);
  g_settings_set_value (settings, "player-levels", g_variant_new_parsed ("[0, 0, 0]"));
  g_settings_set_string (settings, "last-game", "km-three");
  dialog = g_object_ref (cp_new_game_dialog_new (settings));
  assert_rows (dialog, cp_rules_lookup ("km-three"), people, "old settings");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_finalize_object (dialog);

  game = cp_new_game_dialog_last_game (settings);
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 0)), ==,
                   cp_rules_seat_name (cp_game_get_rules (game), 0));
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 1)), ==, "Anna");
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 2)), ==,
                   cp_rules_seat_name (cp_game_get_rules (game), 2));
  g_clear_object (&game);

  /* An army's name typed in a row is no name either. */
  dialog = g_object_ref (cp_new_game_dialog_new (settings));
  cp_new_game_dialog_select_game (dialog, "chess");
  cp_new_game_dialog_set_player_name (dialog, 0, " red ");
  game = cp_new_game_dialog_create_game (dialog, NULL);
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 0)), ==, "White");
  cp_new_game_dialog_start (dialog);
  g_assert_finalize_object (dialog);
  remembered = g_settings_get_strv (settings, "player-names");
  g_assert_cmpstr (remembered[0], ==, "");
  g_settings_reset (settings, "last-game");
  g_settings_reset (settings, "player-names");
  g_settings_reset (settings, "player-levels");
}

/* Whether @game is dated today, as PGN writes dates; at midnight, the
 * day before will do. */
static gboolean
dated_today (CpGame *game, GDateTime *before)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *then = g_date_time_format (before, "%Y.%m.%d");
  g_autofree char *today = g_date_time_format (now, "%Y.%m.%d");
  const char *date = g_hash_table_lookup (cp_game_get_tags (game), "Date");

  return g_strcmp0 (date, today) == 0 || g_strcmp0 (date, then) == 0;
}

/* A game started from the dialog, or as the last one in a new window,
 * carries the day it was started, which its record and PGN keep. */
static void
test_dated (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  g_autoptr (GDateTime) before = g_date_time_new_now_local ();
  CpNewGameDialog *dialog = g_object_ref (cp_new_game_dialog_new (settings));
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_new_game_dialog_create_game (dialog, &error);
  g_autoptr (CpGame) last = NULL;

  g_assert_no_error (error);
  g_assert_true (dated_today (game, before));
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_finalize_object (dialog);
  last = cp_new_game_dialog_last_game (settings);
  g_assert_true (dated_today (last, before));
}

/* The number of choices of who plays the seat of @row. */
static guint
row_n_kinds (GtkWidget *row)
{
  return g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (test_find_type (row, GTK_TYPE_DROP_DOWN))));
}

/* A chess engine added in Preferences is offered for the seats of the
 * games it plays, after the computer's levels, with its strength beside;
 * the game started names it in its tags for the seat it plays. */
static void
test_engine_players (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  g_autofree char *dir = g_dir_make_tmp ("cp-dialog-XXXXXX", NULL);
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "engine", "fake-uci-engine.py", NULL);
  g_autofree char *text = g_strdup_printf ("#!/bin/sh\nexec python3 '%s' good\n", script);
  g_autofree char *path = g_build_filename (dir, "fake-engine", NULL);
  CpEngineList *list = cp_engine_list_get_default ();
  CpNewGameDialog *dialog;
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (CpGame) game = NULL;
  g_autoptr (GError) error = NULL;
  GtkDropDown *kind;
  GtkWidget *strength, *strength_row;
  guint n, fake = G_MAXUINT;
  int level;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  cp_engine_list_set_added (list, (const char *const[]) { path, NULL });
  g_assert_nonnull (cp_engine_list_find (list, path));

  dialog = g_object_ref (cp_new_game_dialog_new (settings));
  cp_new_game_dialog_select_game (dialog, "zombie");
  rows = player_rows (dialog);
  g_assert_cmpuint (row_n_kinds (g_ptr_array_index (rows, 1)), ==, 4);
  g_clear_pointer (&rows, g_ptr_array_unref);

  cp_new_game_dialog_select_game (dialog, "chess");
  rows = player_rows (dialog);
  kind = GTK_DROP_DOWN (test_find_type (g_ptr_array_index (rows, 1), GTK_TYPE_DROP_DOWN));
  n = row_n_kinds (g_ptr_array_index (rows, 1));
  g_assert_cmpuint (n, >, 4);
  for (guint i = 4; i < n; i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (kind)), i),
                     "Fake Engine (good)"))
      fake = i;
  g_assert_cmpuint (fake, <, n);
  /* The strength row is the one under the seat's. */
  strength_row = gtk_widget_get_next_sibling (g_ptr_array_index (rows, 1));
  strength = test_find_type (strength_row, GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (strength);
  g_assert_false (gtk_widget_get_visible (strength_row));
  gtk_drop_down_set_selected (kind, fake);
  g_assert_true (gtk_widget_get_visible (strength_row));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (strength), 5);

  game = cp_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cp_player_get_kind (cp_game_get_player (game, 1)), ==, CP_PLAYER_COMPUTER);
  g_assert_cmpint (cp_player_get_kind (cp_game_get_player (game, 0)), ==, CP_PLAYER_HUMAN);
  g_assert_cmpstr (cp_engine_list_seat_engine (game, 1, &level), ==, path);
  g_assert_cmpint (level, ==, 5);
  /* Nobody named the seat: it goes by the engine's name. */
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 1)), ==, "Fake Engine (good)");
  g_assert_null (cp_engine_list_seat_engine (game, 0, NULL));

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_finalize_object (dialog);
  cp_engine_list_set_added (list, NULL);
  g_unlink (path);
  g_rmdir (dir);
}

/* Runs the main context for @n frames of @widget's window, so that what
 * changed is laid out. */
static gboolean
count_frame (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  guint *left = data;

  if (*left > 0)
    (*left)--;
  return *left > 0 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static gboolean
no_frames_left (gpointer data)
{
  return *(guint *) data == 0;
}

static void
wait_frames (GtkWidget *widget, guint n)
{
  guint left = n;

  gtk_widget_add_tick_callback (widget, count_frame, &left, NULL);
  gtk_widget_queue_draw (widget);
  test_wait_until (no_frames_left, &left);
}

/* A dialog on the screen, @width × @height. */
static CpNewGameDialog *
present_dialog (GSettings *settings, int width, int height)
{
  CpNewGameDialog *dialog = g_object_ref (cp_new_game_dialog_new (settings));

  gtk_window_set_default_size (GTK_WINDOW (dialog), width, height);
  gtk_window_present (GTK_WINDOW (dialog));
  test_wait_until (test_is_mapped, dialog);
  wait_frames (GTK_WIDGET (dialog), 3);
  return dialog;
}

static void
close_dialog (CpNewGameDialog *dialog)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_finalize_object (dialog);
}

/* The visible preferences group of @dialog titled @title, or NULL. */
static GtkWidget *
find_group (GtkWidget *root, const char *title)
{
  if (ADW_IS_PREFERENCES_GROUP (root) && gtk_widget_get_mapped (root)
      && g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (root)), title) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_group (child, title);

      if (found)
        return found;
    }
  return NULL;
}

/* Fails unless @widget is shown whole in its scrolled window as it is
 * scrolled now, or in @dialog where there is none. */
static void
assert_in_view (CpNewGameDialog *dialog, GtkWidget *widget, const char *what, const char *game)
{
  GtkWidget *view = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  if (view == NULL)
    view = GTK_WIDGET (dialog);
  g_assert_true (gtk_widget_compute_bounds (widget, view, &bounds));
  if (bounds.origin.y < 0 || bounds.origin.x < 0
      || bounds.origin.y + bounds.size.height > gtk_widget_get_height (view) + 0.5
      || bounds.origin.x + bounds.size.width > gtk_widget_get_width (view) + 0.5)
    g_error ("%s: the %s (%g, %g, %g × %g) are not all in view (%d × %d)", game, what,
             bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
             gtk_widget_get_width (view), gtk_widget_get_height (view));
}

/* At 1024 × 700, the options and the players of every game, for the most
 * players it takes, are in view at once, with no scrolling, nor anything
 * sticking out at the side; and the dialog fits 600 pixels wide. */
static void
test_all_in_view (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  CpNewGameDialog *dialog = present_dialog (settings, 1024, 700);
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *players;
      int minimum;

      cp_new_game_dialog_select_game (dialog, rules[i]->id);
      cp_new_game_dialog_set_n_players (dialog, rules[i]->max_seats);
      wait_frames (GTK_WIDGET (dialog), 3);
      players = find_group (GTK_WIDGET (dialog), "Players");
      g_assert_nonnull (players);
      assert_in_view (dialog, players, "players", rules[i]->id);
      if (rules[i]->n_options > 0)
        {
          GtkWidget *options = find_group (GTK_WIDGET (dialog), "Options");

          g_assert_nonnull (options);
          assert_in_view (dialog, options, "options", rules[i]->id);
        }
      gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
      if (minimum > 600)
        g_error ("%s: the dialog takes %d pixels wide", rules[i]->id, minimum);
    }
  close_dialog (dialog);
}

/* The first label under @root that is on the screen and has @css_class. */
static GtkLabel *
find_shown_label (GtkWidget *root, const char *css_class)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) && gtk_widget_has_css_class (root, css_class))
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_shown_label (child, css_class);

      if (found)
        return found;
    }
  return NULL;
}

/* A position that cannot be read is told under its row, in full, in the
 * style of errors; it covers no other row, and goes when the row
 * changes. */
static void
test_error_beside_field (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  CpNewGameDialog *dialog = present_dialog (settings, 1024, 700);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GError) expected = NULL;
  g_autoptr (CpGame) none = NULL;
  graphene_rect_t row_bounds, label_bounds;
  GtkWidget *row;
  GtkLabel *label;

  g_hash_table_insert (options, "fen", "this is not a fen");
  none = cp_game_new ("chess", options, 2, 0, &expected);
  g_assert_null (none);

  cp_new_game_dialog_select_game (dialog, "chess");
  cp_new_game_dialog_set_option (dialog, "fen", "this is not a fen");
  cp_new_game_dialog_start (dialog);
  wait_frames (GTK_WIDGET (dialog), 3);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));

  row = cp_new_game_dialog_get_option_row (dialog, "fen");
  label = find_shown_label (GTK_WIDGET (dialog), "error");
  g_assert_nonnull (label);
  g_assert_cmpstr (gtk_label_get_text (label), ==, expected->message);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
  g_assert_true (gtk_widget_compute_bounds (row, GTK_WIDGET (dialog), &row_bounds));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (label), GTK_WIDGET (dialog), &label_bounds));
  /* Right under the row, and no further than the next row would be. */
  g_assert_cmpfloat (label_bounds.origin.y, >=, row_bounds.origin.y + row_bounds.size.height - 0.5);
  g_assert_cmpfloat (label_bounds.origin.y, <=, row_bounds.origin.y + row_bounds.size.height + 24);
  g_assert_true (gtk_widget_has_css_class (row, "error"));
  assert_in_view (dialog, GTK_WIDGET (label), "error", "chess");

  /* A position that can be read takes the error away. */
  cp_new_game_dialog_set_option (dialog, "fen", "");
  wait_frames (GTK_WIDGET (dialog), 2);
  g_assert_null (find_shown_label (GTK_WIDGET (dialog), "error"));
  g_assert_false (gtk_widget_has_css_class (row, "error"));
  close_dialog (dialog);
}

/* The labels under @root that are on the screen, into @found. */
static GPtrArray *
shown_labels (GtkWidget *root, GPtrArray *found)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    shown_labels (child, found);
  return found;
}

/* A computer's seat shows its level by its name alone, whole, and the
 * menu the whole choice; the player's name keeps its room. */
static void
test_level_shown_whole (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  CpNewGameDialog *dialog = present_dialog (settings, 1024, 700);
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GPtrArray) labels = NULL;
  GtkDropDown *kind;
  gboolean shown = FALSE;

  cp_new_game_dialog_select_game (dialog, "chess");
  cp_new_game_dialog_set_player_level (dialog, 1, 3);
  wait_frames (GTK_WIDGET (dialog), 3);
  rows = player_rows (dialog);
  kind = GTK_DROP_DOWN (test_find_type (g_ptr_array_index (rows, 1), GTK_TYPE_DROP_DOWN));
  g_assert_cmpstr (gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (kind))), ==,
                   "Hard — a strong club player");
  labels = shown_labels (g_ptr_array_index (rows, 1), g_ptr_array_new ());
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);

      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
      shown = shown || g_str_equal (gtk_label_get_text (label), "Hard");
    }
  g_assert_true (shown);
  close_dialog (dialog);
}

/* The rows of games of @dialog that are on the screen, in order. */
static GPtrArray *
shown_game_rows (GtkWidget *root, GPtrArray *found)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  if (found == NULL)
    found = g_ptr_array_new ();
  if (ADW_IS_ACTION_ROW (root) && gtk_widget_get_mapped (root))
    for (guint i = 0; i < n; i++)
      if (g_str_equal (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)),
                       g_dgettext (GETTEXT_PACKAGE, rules[i]->name)))
        g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    shown_game_rows (child, found);
  return found;
}

typedef struct {
  GtkWidget *dialog;
  guint n_rows;
} RowsShown;

static gboolean
rows_shown (gpointer data)
{
  RowsShown *wait = data;
  g_autoptr (GPtrArray) rows = shown_game_rows (wait->dialog, NULL);

  return rows->len == wait->n_rows;
}

/* Types @text in the search of @dialog, and waits for the search to show
 * what it finds: as a search does, it waits a little for more. */
static GPtrArray *
search_games (CpNewGameDialog *dialog, GtkWidget *search, const char *text, guint n_expected)
{
  RowsShown wait = { GTK_WIDGET (dialog), n_expected };
  gboolean timed_out = FALSE;
  guint source = g_timeout_add (3000, test_time_out, &timed_out);

  gtk_editable_set_text (GTK_EDITABLE (search), text);
  while (!rows_shown (&wait) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (source);
  return shown_game_rows (GTK_WIDGET (dialog), NULL);
}

/* The dialog opens on the games, the last played first, each with a
 * picture of its board; typing looks for a game by its name or its
 * description. */
static void
test_choose_game (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  CpNewGameDialog *dialog;
  g_autoptr (GPtrArray) rows = NULL;
  GtkWidget *search;
  guint n;

  cp_rules_list (&n);
  g_settings_set_string (settings, "last-game", "tar-pit");
  dialog = present_dialog (settings, 1024, 700);
  rows = shown_game_rows (GTK_WIDGET (dialog), NULL);
  g_assert_cmpuint (rows->len, ==, n);
  g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (rows, 0)), ==,
                   g_dgettext (GETTEXT_PACKAGE, cp_rules_lookup ("tar-pit")->name));
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *picture = test_find_type (g_ptr_array_index (rows, i), GTK_TYPE_PICTURE);
      GdkPaintable *paintable;

      g_assert_nonnull (picture);
      paintable = gtk_picture_get_paintable (GTK_PICTURE (picture));
      g_assert_nonnull (paintable);
      g_assert_cmpint (gdk_paintable_get_intrinsic_width (paintable), >, 0);
    }
  g_clear_pointer (&rows, g_ptr_array_unref);

  search = test_find_type (GTK_WIDGET (dialog), GTK_TYPE_SEARCH_ENTRY);
  g_assert_nonnull (search);
  rows = search_games (dialog, search, "alice", 1);
  g_assert_cmpuint (rows->len, ==, 1);
  g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (rows, 0)), ==,
                   g_dgettext (GETTEXT_PACKAGE, cp_rules_lookup ("half-alice")->name));
  g_clear_pointer (&rows, g_ptr_array_unref);

  /* The description is searched too. */
  rows = search_games (dialog, search, g_dgettext (GETTEXT_PACKAGE, cp_rules_lookup ("chivalry")->summary), 1);
  g_assert_cmpuint (rows->len, ==, 1);
  g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (rows, 0)), ==,
                   g_dgettext (GETTEXT_PACKAGE, cp_rules_lookup ("chivalry")->name));
  g_clear_pointer (&rows, g_ptr_array_unref);

  /* Nothing found, and then everything again. */
  rows = search_games (dialog, search, "no such game", 0);
  g_assert_cmpuint (rows->len, ==, 0);
  g_clear_pointer (&rows, g_ptr_array_unref);
  rows = search_games (dialog, search, "", n);
  g_assert_cmpuint (rows->len, ==, n);
  close_dialog (dialog);
  g_settings_reset (settings, "last-game");
}

/* The games started lately come first, the last first, and the options
 * and players of the last one are ready; before any game was played, the
 * games come in their usual order. */
static void
test_recent_games (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  const char *const started[] = { "zombie", "km-three", "chivalry", "golf" };
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);
  CpNewGameDialog *dialog;
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (CpGame) game = NULL;

  g_settings_reset (settings, "last-game");
  g_settings_reset (settings, "recent-games");
  dialog = present_dialog (settings, 1024, 700);
  rows = shown_game_rows (GTK_WIDGET (dialog), NULL);
  g_assert_cmpuint (rows->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), ==,
                     g_dgettext (GETTEXT_PACKAGE, rules[i]->name));
  g_assert_false (gtk_widget_get_mapped (test_find_label (GTK_WIDGET (dialog), "Played Lately")));
  close_dialog (dialog);
  g_clear_pointer (&rows, g_ptr_array_unref);

  for (guint i = 0; i < G_N_ELEMENTS (started); i++)
    {
      dialog = g_object_ref (cp_new_game_dialog_new (settings));
      cp_new_game_dialog_select_game (dialog, started[i]);
      cp_new_game_dialog_start (dialog);
      g_assert_finalize_object (dialog);
    }
  dialog = present_dialog (settings, 1024, 700);
  rows = shown_game_rows (GTK_WIDGET (dialog), NULL);
  g_assert_cmpuint (rows->len, ==, n);
  g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (rows, 0)), ==,
                   g_dgettext (GETTEXT_PACKAGE, cp_rules_lookup ("golf")->name));
  g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (rows, 1)), ==,
                   g_dgettext (GETTEXT_PACKAGE, cp_rules_lookup ("chivalry")->name));
  g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (rows, 2)), ==,
                   g_dgettext (GETTEXT_PACKAGE, cp_rules_lookup ("km-three")->name));
  g_assert_true (gtk_widget_get_mapped (test_find_label (GTK_WIDGET (dialog), "Played Lately")));
  /* Ready to start the last game again. */
  game = cp_new_game_dialog_create_game (dialog, NULL);
  g_assert_cmpstr (cp_game_get_rules (game)->id, ==, "golf");
  close_dialog (dialog);
  g_settings_reset (settings, "recent-games");
}

static gboolean
players_gone (gpointer dialog)
{
  return find_group (dialog, "Players") == NULL;
}

static gboolean
is_set (gpointer pointer)
{
  return *(gpointer *) pointer != NULL;
}

static void
keep_game (CpGame **chosen, CpGame *game)
{
  g_set_object (chosen, game);
}

/* Escape goes back from the options to the games, and from the games out
 * of the dialog; Enter on the options starts the game. */
static void
test_keyboard (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  CpNewGameDialog *dialog = present_dialog (settings, 1024, 700);
  GtkWidget *start;
  CpGame *chosen = NULL;

  cp_new_game_dialog_select_game (dialog, "half-alice");
  wait_frames (GTK_WIDGET (dialog), 2);
  g_assert_nonnull (find_group (GTK_WIDGET (dialog), "Players"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.back", NULL));
  test_wait_until (players_gone, dialog);
  g_assert_null (gtk_window_get_default_widget (GTK_WINDOW (dialog)));
  g_assert_nonnull (test_find_type (GTK_WIDGET (dialog), GTK_TYPE_SEARCH_ENTRY));

  /* Enter, on the options, activates the Start button, as the window's
   * default does. */
  cp_new_game_dialog_select_game (dialog, "half-alice");
  start = gtk_window_get_default_widget (GTK_WINDOW (dialog));
  g_assert_true (GTK_IS_BUTTON (start));
  g_signal_connect_swapped (dialog, "game-chosen", G_CALLBACK (keep_game), &chosen);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "default.activate", NULL));
  test_wait_until (is_set, &chosen);
  g_assert_cmpstr (cp_game_get_rules (chosen)->id, ==, "half-alice");
  g_clear_object (&chosen);
  g_assert_finalize_object (dialog);

  dialog = present_dialog (settings, 600, 700);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.back", NULL));
  g_assert_finalize_object (dialog);
  g_settings_reset (settings, "recent-games");
}

/* The control of who plays a seat shows what it is set to: it has no
 * tooltip to cover its own menu. */
static void
test_no_tooltip_over_menu (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  CpNewGameDialog *dialog = g_object_ref (cp_new_game_dialog_new (settings));
  g_autoptr (GPtrArray) rows = NULL;

  cp_new_game_dialog_select_game (dialog, "chess");
  rows = player_rows (dialog);
  g_assert_cmpuint (rows->len, ==, 2);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *kind = test_find_type (g_ptr_array_index (rows, i), GTK_TYPE_DROP_DOWN);

      g_assert_nonnull (kind);
      g_assert_null (gtk_widget_get_tooltip_text (kind));
    }
  close_dialog (dialog);
}

/* Cooperative Chess is played together: its choice of colours says what
 * it decides, beside seats that are named after the colours. */
static void
test_cooperative_colours (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  CpNewGameDialog *dialog = g_object_ref (cp_new_game_dialog_new (settings));
  GtkWidget *row;

  cp_new_game_dialog_select_game (dialog, "cooperative");
  row = cp_new_game_dialog_get_option_row (dialog, "colours");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), !=, "Colours");
  g_assert_nonnull (cp_new_game_dialog_get_option_note (dialog, "colours"));
  cp_new_game_dialog_set_option (dialog, "colours", "seated");
  g_assert_nonnull (cp_new_game_dialog_get_option_note (dialog, "colours"));
  close_dialog (dialog);
}

int
main (int argc, char *argv[])
{
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  collect_army_names ();

  g_test_add_func ("/new-game-dialog/no-names-carried", test_no_names_carried);
  g_test_add_func ("/new-game-dialog/people-carried", test_people_carried);
  g_test_add_func ("/new-game-dialog/old-settings", test_old_settings);
  g_test_add_func ("/new-game-dialog/dated", test_dated);
  g_test_add_func ("/new-game-dialog/all-in-view", test_all_in_view);
  g_test_add_func ("/new-game-dialog/error-beside-field", test_error_beside_field);
  g_test_add_func ("/new-game-dialog/choose-game", test_choose_game);
  g_test_add_func ("/new-game-dialog/recent-games", test_recent_games);
  g_test_add_func ("/new-game-dialog/keyboard", test_keyboard);
  g_test_add_func ("/new-game-dialog/no-tooltip-over-menu", test_no_tooltip_over_menu);
  g_test_add_func ("/new-game-dialog/cooperative-colours", test_cooperative_colours);
  g_test_add_func ("/new-game-dialog/engine-players", test_engine_players);
  g_test_add_func ("/new-game-dialog/level-shown-whole", test_level_shown_whole);
  status = g_test_run ();
  g_hash_table_unref (army_names);
  return status;
}
