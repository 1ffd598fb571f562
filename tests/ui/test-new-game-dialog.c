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
#include <string.h>

#include "cp-engine.h"
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
  status = g_test_run ();
  g_hash_table_unref (army_names);
  return status;
}
