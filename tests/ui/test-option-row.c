/* test-option-row.c: the rows of the New Game dialog that set options
 *
 * Each kind of row shows its option, holds its value and says when a
 * player changes it; the dialog starts the game with the values of its
 * rows.
 *
 * Needs a display: run under Xvfb, with GTK's accessibility test backend
 * (GTK_A11Y=test), from which the accessible names are read back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "cp-choice-row.h"
#include "cp-engine.h"
#include "cp-flag-row.h"
#include "cp-new-game-dialog.h"
#include "cp-number-row.h"
#include "cp-option-row.h"
#include "cp-table-row.h"
#include "cp-text-row.h"
#include "test-widgets.h"

static const char *const side_ids[] = { "white", "black", "random", NULL };
static const char *const side_labels[] = { "White", "Black", "Random", NULL };
static const char *const side_details[] = { "You play White", "You play Black", "Drawn at the start", NULL };

static const CpOptionSpec side = {
  .id = "side", .label = "Side", .type = CP_OPTION_CHOICE, .default_value = "random",
  .choices = side_ids, .choice_labels = side_labels, .choice_details = side_details,
};
static const CpOptionSpec count_spec = {
  .id = "count", .label = "Count", .type = CP_OPTION_INT, .default_value = "4", .min = 1, .max = 12,
};
static const CpOptionSpec flag = {
  .id = "flag", .label = "Flag", .type = CP_OPTION_BOOL, .default_value = "false",
};
static const CpOptionSpec fen = {
  .id = "fen", .label = "Start position (FEN)", .type = CP_OPTION_TEXT, .default_value = "",
};
static const CpOptionSpec layout = {
  .id = "layout", .label = "Layout", .type = CP_OPTION_TEXT, .default_value = "rnbqkbnr",
};

static GtkWidget *
find_tooltip (GtkWidget *root, const char *tooltip)
{
  if (g_strcmp0 (gtk_widget_get_tooltip_text (root), tooltip) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_tooltip (child, tooltip);

      if (found)
        return found;
    }
  return NULL;
}

/* A new row for @spec, owned by the caller; its notifications of "value"
 * counted into @n. */
static CpOptionRow *
new_row (const CpOptionSpec *spec, guint *n)
{
  CpOptionRow *row = g_object_ref_sink (CP_OPTION_ROW (cp_option_row_new (spec)));

  test_count_notifications (row, "value", n);
  return row;
}

static void
assert_value (CpOptionRow *row, const char *expected)
{
  g_autofree char *value = NULL;
  g_autofree char *duplicate = cp_option_row_dup_value (row);

  g_object_get (row, "value", &value, NULL);
  g_assert_cmpstr (value, ==, expected);
  g_assert_cmpstr (duplicate, ==, expected);
}

/* The id and the title of every kind of row. */
static void
test_id_and_title (void)
{
  const CpOptionSpec *specs[] = { &side, &count_spec, &flag, &fen };
  const GType types[] = { CP_TYPE_CHOICE_ROW, CP_TYPE_NUMBER_ROW, CP_TYPE_FLAG_ROW, CP_TYPE_TEXT_ROW };

  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      guint n;
      CpOptionRow *row = new_row (specs[i], &n);
      g_autofree char *id = NULL;

      g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (row, types[i]));
      g_object_get (row, "option-id", &id, NULL);
      g_assert_cmpstr (id, ==, specs[i]->id);
      g_assert_cmpstr (cp_option_row_get_option_id (row), ==, specs[i]->id);
      g_assert_true (cp_option_row_get_spec (row) == specs[i]);
      g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, specs[i]->label);
      assert_value (row, specs[i]->default_value);
      g_assert_finalize_object (row);
    }
}

/* A choice shows its label, says what it means under the title, and
 * takes the values of its choices only. */
static void
test_choice (void)
{
  guint n;
  CpOptionRow *row = new_row (&side, &n);

  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 2);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Drawn at the start");

  cp_option_row_set_value (row, "black");
  g_object_set (row, "value", "black", NULL);
  g_assert_cmpuint (n, ==, 1);
  assert_value (row, "black");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 1);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "You play Black");

  /* A value that is none of the choices changes nothing. */
  cp_option_row_set_value (row, "purple");
  g_assert_cmpuint (n, ==, 1);
  assert_value (row, "black");

  /* Chosen as a player does, in the list. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), 0);
  g_assert_cmpuint (n, ==, 2);
  assert_value (row, "white");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "You play White");
  g_assert_finalize_object (row);
}

/* A number stays within its range. */
static void
test_number (void)
{
  guint n;
  CpOptionRow *row = new_row (&count_spec, &n);
  GtkSpinButton *spin = GTK_SPIN_BUTTON (test_find_type (GTK_WIDGET (row), GTK_TYPE_SPIN_BUTTON));

  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "4");
  cp_option_row_set_value (row, "7");
  cp_option_row_set_value (row, "7");
  g_assert_cmpuint (n, ==, 1);
  assert_value (row, "7");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "7");

  gtk_spin_button_spin (spin, GTK_SPIN_STEP_FORWARD, 1);
  g_assert_cmpuint (n, ==, 2);
  assert_value (row, "8");
  cp_option_row_set_value (row, "40");
  assert_value (row, "12");
  g_assert_cmpuint (n, ==, 3);
  g_assert_finalize_object (row);
}

static gboolean
is_active (gpointer toggle)
{
  return gtk_switch_get_active (toggle);
}

/* A flag is switched by activating its row, as a click on it does; the
 * switch slides over before it is on. */
static void
test_flag (void)
{
  guint n;
  CpOptionRow *row = new_row (&flag, &n);
  GtkSwitch *toggle = GTK_SWITCH (test_find_type (GTK_WIDGET (row), GTK_TYPE_SWITCH));
  GtkWidget *window = test_show_row (GTK_WIDGET (row));

  g_assert_false (gtk_switch_get_active (toggle));
  adw_action_row_activate (ADW_ACTION_ROW (row));
  test_wait_until (is_active, toggle);
  g_assert_cmpuint (n, ==, 1);
  assert_value (row, "true");
  cp_option_row_set_value (row, "true");
  g_assert_cmpuint (n, ==, 1);
  cp_option_row_set_value (row, "false");
  g_assert_cmpuint (n, ==, 2);
  g_assert_false (gtk_switch_get_active (toggle));
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (row);
}

static gboolean
is_default (gpointer row)
{
  g_autofree char *value = cp_option_row_dup_value (row);

  return g_str_equal (value, cp_option_row_get_spec (row)->default_value);
}

/* A text as typed; where the option has a default text, a button that
 * the screen reader names sets it back. */
static void
test_text (void)
{
  guint n;
  CpOptionRow *row = new_row (&layout, &n);
  CpOptionRow *empty = new_row (&fen, &(guint) { 0 });
  GtkWidget *reset = find_tooltip (GTK_WIDGET (row), "Reset to the default");
  GtkWidget *window = test_show_row (GTK_WIDGET (row));

  g_assert_true (GTK_IS_BUTTON (reset));
  g_assert_true (gtk_widget_get_visible (reset));
  gtk_test_accessible_assert_property (reset, GTK_ACCESSIBLE_PROPERTY_LABEL, "Reset to the default");
  g_assert_null (find_tooltip (GTK_WIDGET (empty), "Reset to the default"));

  gtk_editable_set_text (GTK_EDITABLE (row), "8/8");
  cp_option_row_set_value (row, "8/8");
  g_assert_cmpuint (n, ==, 1);
  assert_value (row, "8/8");
  g_assert_nonnull (test_find_label (GTK_WIDGET (row), "Layout"));

  /* A button pressed by the keyboard is seen pressed a moment before it
   * clicks. */
  gtk_widget_activate (reset);
  test_wait_until (is_default, row);
  g_assert_cmpuint (n, ==, 2);
  assert_value (row, "rnbqkbnr");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (row);
  g_assert_finalize_object (empty);
}

/* A table says when one of its numbers changes, and only then. */
static void
test_table (void)
{
  const CpRules *rules = cp_rules_lookup ("chess-attack");
  const CpOptionSpec *values = NULL;
  g_autofree char *before = NULL;
  GtkEditable *queen_attack;
  CpOptionRow *row;
  guint n;

  for (guint i = 0; i < rules->n_options; i++)
    if (g_str_equal (rules->options[i].id, "values"))
      values = &rules->options[i];
  row = new_row (values, &n);
  g_assert_true (CP_IS_TABLE_ROW (row));
  before = cp_option_row_dup_value (row);
  queen_attack = cp_table_row_get_cell (CP_TABLE_ROW (row), 4, 0);

  gtk_editable_set_text (queen_attack, "7");
  g_assert_cmpuint (n, ==, 1);
  /* A number typed away and back, or an entry emptied, is no change. */
  gtk_editable_set_text (queen_attack, "");
  gtk_editable_set_text (queen_attack, "7");
  g_assert_cmpuint (n, ==, 1);

  cp_option_row_set_value (row, before);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (queen_attack), ==, "4");
  cp_table_row_reset (CP_TABLE_ROW (row));
  g_assert_cmpuint (n, ==, 2);
  g_assert_finalize_object (row);
}

/* What a player chooses in the rows is what the game starts with; the
 * options that do not matter with the others' values are greyed out. */
static void
test_dialog (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chess_parlour.ChessParlour");
  CpNewGameDialog *dialog = g_object_ref (cp_new_game_dialog_new (settings));
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpGame) chess960 = NULL;
  g_autoptr (GError) error = NULL;
  GtkWidget *row, *position;

  gtk_window_present (GTK_WINDOW (dialog));
  cp_new_game_dialog_select_game (dialog, "chess-attack");
  row = cp_new_game_dialog_get_option_row (dialog, "king-safety");
  g_assert_true (CP_IS_FLAG_ROW (row));
  test_wait_until (test_is_mapped, row);
  adw_action_row_activate (ADW_ACTION_ROW (row));
  test_wait_until (is_active, adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row)));
  row = cp_new_game_dialog_get_option_row (dialog, "dice");
  g_assert_true (CP_IS_CHOICE_ROW (row));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), 1);
  game = cp_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cp_game_get_option (game, "king-safety"), ==, "true");
  g_assert_cmpstr (cp_game_get_option (game, "rescue"), ==, "false");
  g_assert_cmpstr (cp_game_get_option (game, "dice"), ==, cp_option_row_get_spec (CP_OPTION_ROW (row))->choices[1]);

  cp_new_game_dialog_select_game (dialog, "chess960");
  g_assert_null (cp_new_game_dialog_get_option_row (dialog, "dice"));
  position = cp_new_game_dialog_get_option_row (dialog, "position");
  g_assert_true (CP_IS_NUMBER_ROW (position));
  g_assert_false (gtk_widget_get_sensitive (position));
  g_object_set (cp_new_game_dialog_get_option_row (dialog, "setup"), "value", "number", NULL);
  g_assert_true (gtk_widget_get_sensitive (position));
  g_object_set (position, "value", "0", NULL);
  chess960 = cp_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cp_game_get_option (chess960, "setup"), ==, "number");
  g_assert_cmpstr (cp_game_get_option (chess960, "position"), ==, "0");

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_finalize_object (dialog);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/option-row/id-and-title", test_id_and_title);
  g_test_add_func ("/option-row/choice", test_choice);
  g_test_add_func ("/option-row/number", test_number);
  g_test_add_func ("/option-row/flag", test_flag);
  g_test_add_func ("/option-row/text", test_text);
  g_test_add_func ("/option-row/table", test_table);
  g_test_add_func ("/option-row/dialog", test_dialog);
  return g_test_run ();
}
