/* test-seat-row.c: a seat in the players panel
 *
 * Needs a display: run under Xvfb, with GTK's accessibility test backend
 * (GTK_A11Y=test), from which the accessible names are read back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "cp-engine.h"
#include "cp-seat-row.h"
#include "test-widgets.h"

static GtkWidget *
find_class (GtkWidget *root, const char *css_class)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();

  test_collect_class (root, css_class, found);
  g_assert_cmpuint (found->len, ==, 1);
  return g_ptr_array_index (found, 0);
}

/* The mark for whose turn it is. */
static GtkWidget *
turn_mark (GtkWidget *row)
{
  return find_class (row, "accent");
}

/* The area of the pieces lost: the drawing area beside the turn mark
 * that is not the token. */
static GtkWidget *
lost_area (GtkWidget *row)
{
  GtkWidget *swatch = find_class (row, "seat-mark");
  GtkWidget *box = gtk_widget_get_parent (turn_mark (row));

  for (GtkWidget *child = gtk_widget_get_first_child (box); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_DRAWING_AREA (child) && child != swatch)
      return child;
  g_assert_not_reached ();
}

/* The row shows the player's name and what names the player besides. */
static void
test_names (void)
{
  CpSeatRow *row = g_object_ref_sink (CP_SEAT_ROW (cp_seat_row_new (2)));
  guint seat;

  g_object_get (row, "seat", &seat, NULL);
  g_assert_cmpuint (seat, ==, 2);
  g_assert_cmpuint (cp_seat_row_get_seat (row), ==, 2);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), "Anna <b>");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), "Partner of Ben");
  /* A name is shown as typed, never read as markup. */
  g_assert_nonnull (test_find_label (GTK_WIDGET (row), "Anna <b>"));
  g_assert_nonnull (test_find_label (GTK_WIDGET (row), "Partner of Ben"));
  g_assert_finalize_object (row);
}

/* The mark for whose turn it is shows, and says so, for the seat to move
 * only; its room stays, so that the rows keep in line. */
static void
test_to_move (void)
{
  GtkWidget *row = g_object_ref (cp_seat_row_new (0));
  GtkWidget *window = test_show_row (GTK_WIDGET (row));
  GtkWidget *mark = turn_mark (row);
  guint n;

  test_count_notifications (row, "to-move", &n);
  g_assert_false (cp_seat_row_get_to_move (CP_SEAT_ROW (row)));
  g_assert_cmpfloat (gtk_widget_get_opacity (mark), ==, 0);
  g_assert_true (gtk_widget_get_visible (mark));

  cp_seat_row_set_to_move (CP_SEAT_ROW (row), TRUE);
  g_object_set (row, "to-move", TRUE, NULL);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat (gtk_widget_get_opacity (mark), ==, 1);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (mark), ==, "To move");
  gtk_test_accessible_assert_property (mark, GTK_ACCESSIBLE_PROPERTY_LABEL, "To move");

  cp_seat_row_set_to_move (CP_SEAT_ROW (row), FALSE);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpfloat (gtk_widget_get_opacity (mark), ==, 0);
  gtk_test_accessible_assert_property (mark, GTK_ACCESSIBLE_PROPERTY_LABEL, "");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (row);
}

/* Screen readers read what the row shows beside the name in its
 * description, which follows every change. */
static void
test_description (void)
{
  CpSeatRow *row = g_object_ref_sink (CP_SEAT_ROW (cp_seat_row_new (0)));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), "Ann");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), "White");
  gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "White");
  cp_seat_row_set_to_move (row, TRUE);
  cp_seat_row_set_side_text (row, "Points: 10\nAttack");
  cp_seat_row_set_computer (row, "Computer, hard");
  cp_seat_row_set_lost_description (row, "Lost: a pawn");
  gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "White, To move, Computer, hard, Points: 10, Attack, Lost: a pawn");
  cp_seat_row_set_to_move (row, FALSE);
  cp_seat_row_set_computer (row, NULL);
  cp_seat_row_set_out (row, TRUE);
  cp_seat_row_set_side_text (row, NULL);
  gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "White, Out, Lost: a pawn");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), "");
  cp_seat_row_set_at_screen (row, TRUE);
  gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "At the screen, Out, Lost: a pawn");
  g_assert_finalize_object (row);
}

/* A seat out of the game says "Out". */
static void
test_out (void)
{
  CpSeatRow *row = g_object_ref_sink (CP_SEAT_ROW (cp_seat_row_new (1)));
  GtkWidget *out = test_find_label (GTK_WIDGET (row), "Out");
  gboolean value = TRUE;
  guint n;

  test_count_notifications (GTK_WIDGET (row), "out", &n);
  g_assert_nonnull (out);
  g_assert_false (gtk_widget_get_visible (out));
  cp_seat_row_set_out (row, TRUE);
  cp_seat_row_set_out (row, TRUE);
  g_assert_cmpuint (n, ==, 1);
  g_assert_true (gtk_widget_get_visible (out));
  g_object_set (row, "out", FALSE, NULL);
  g_object_get (row, "out", &value, NULL);
  g_assert_false (value);
  g_assert_false (gtk_widget_get_visible (out));
  g_assert_cmpuint (n, ==, 2);
  g_assert_finalize_object (row);
}

/* The token of the seat's colour shows where seats have colours. */
static void
test_colour (void)
{
  CpSeatRow *row = g_object_ref_sink (CP_SEAT_ROW (cp_seat_row_new (0)));
  GtkWidget *swatch = find_class (GTK_WIDGET (row), "seat-mark");
  guint n_colour, n_coloured;

  test_count_notifications (GTK_WIDGET (row), "colour", &n_colour);
  test_count_notifications (GTK_WIDGET (row), "coloured", &n_coloured);
  g_assert_true (cp_seat_row_get_coloured (row));
  g_assert_true (gtk_widget_get_visible (swatch));
  g_assert_cmpuint (cp_seat_row_get_colour (row), ==, CP_COLOUR_WHITE);

  cp_seat_row_set_colour (row, CP_COLOUR_RED);
  cp_seat_row_set_colour (row, CP_COLOUR_RED);
  g_assert_cmpuint (n_colour, ==, 1);
  g_assert_cmpuint (cp_seat_row_get_colour (row), ==, CP_COLOUR_RED);

  cp_seat_row_set_coloured (row, FALSE);
  cp_seat_row_set_coloured (row, FALSE);
  g_assert_cmpuint (n_coloured, ==, 1);
  g_assert_false (gtk_widget_get_visible (swatch));
  g_assert_finalize_object (row);
}

/* The texts beside the name show a line each, and nothing shows when
 * there are none. */
static void
test_side_text (void)
{
  CpSeatRow *row = g_object_ref_sink (CP_SEAT_ROW (cp_seat_row_new (0)));
  g_autofree char *text = NULL;
  GtkWidget *label;
  guint n;

  test_count_notifications (GTK_WIDGET (row), "side-text", &n);
  g_assert_cmpstr (cp_seat_row_get_side_text (row), ==, "");
  cp_seat_row_set_side_text (row, "Points: 10\nAttack");
  g_object_set (row, "side-text", "Points: 10\nAttack", NULL);
  g_assert_cmpuint (n, ==, 1);
  /* A number that ends a line stays with the word before it. */
  label = test_find_label (GTK_WIDGET (row), "Points:\u00A010\nAttack");
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_visible (label));
  /* The text keeps room for its longest word, so that it wraps between
   * words. */
  g_assert_cmpint (gtk_label_get_width_chars (GTK_LABEL (label)), ==, 10);
  cp_seat_row_set_side_text (row, "Attack: die 6 + queen 4 = 10 points");
  g_assert_cmpint (gtk_label_get_width_chars (GTK_LABEL (label)), ==, 7);
  cp_seat_row_set_side_text (row, "Points: 10\nAttack");

  g_object_get (row, "side-text", &text, NULL);
  g_assert_cmpstr (text, ==, "Points: 10\nAttack");
  cp_seat_row_set_side_text (row, NULL);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpstr (cp_seat_row_get_side_text (row), ==, "");
  g_assert_false (gtk_widget_get_visible (label));
  g_assert_finalize_object (row);
}

struct Width {
  GtkWidget *widget;
  int width;
};

static gboolean
has_width (gpointer data)
{
  struct Width *expected = data;

  return gtk_widget_get_width (expected->widget) == expected->width;
}

/* The pieces lost take room for their number, squeezed beside a text,
 * and their description is the tooltip and what the screen reader says. */
static void
test_lost (void)
{
  static const CpLostPiece lost[] = {
    { CP_PIECE_PAWN, FALSE }, { CP_PIECE_PAWN, FALSE }, { CP_PIECE_KNIGHT, TRUE }, { CP_PIECE_ROOK, FALSE },
    { CP_PIECE_BISHOP, FALSE }, { CP_PIECE_QUEEN, FALSE },
  };
  GtkWidget *row = g_object_ref (cp_seat_row_new (1));
  GtkWidget *window = test_show_row (GTK_WIDGET (row));
  GtkWidget *area = lost_area (row);
  struct Width expected = { area, 0 };
  guint n;

  test_count_notifications (row, "lost-description", &n);
  g_assert_cmpuint (cp_seat_row_get_n_lost (CP_SEAT_ROW (row)), ==, 0);
  test_wait_until (has_width, &expected);

  cp_seat_row_set_lost (CP_SEAT_ROW (row), lost, G_N_ELEMENTS (lost));
  g_assert_cmpuint (cp_seat_row_get_n_lost (CP_SEAT_ROW (row)), ==, 6);
  expected.width = 11 * 6 + 9;
  test_wait_until (has_width, &expected);
  cp_seat_row_set_side_text (CP_SEAT_ROW (row), "Points: 3");
  expected.width = 48;
  test_wait_until (has_width, &expected);

  cp_seat_row_set_lost_description (CP_SEAT_ROW (row), "Lost: two pawns, a knight, a rook, a bishop, the queen");
  cp_seat_row_set_lost_description (CP_SEAT_ROW (row), "Lost: two pawns, a knight, a rook, a bishop, the queen");
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (area), ==, "Lost: two pawns, a knight, a rook, a bishop, the queen");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (test_find_label (row, "Points:\u00A03")), ==,
                   "Lost: two pawns, a knight, a rook, a bishop, the queen");
  gtk_test_accessible_assert_property (area, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Lost: two pawns, a knight, a rook, a bishop, the queen");

  cp_seat_row_set_lost (CP_SEAT_ROW (row), NULL, 0);
  cp_seat_row_set_lost_description (CP_SEAT_ROW (row), NULL);
  g_assert_cmpuint (n, ==, 2);
  g_assert_null (cp_seat_row_get_lost_description (CP_SEAT_ROW (row)));
  expected.width = 0;
  test_wait_until (has_width, &expected);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (row);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/seat-row/names", test_names);
  g_test_add_func ("/seat-row/to-move", test_to_move);
  g_test_add_func ("/seat-row/out", test_out);
  g_test_add_func ("/seat-row/description", test_description);
  g_test_add_func ("/seat-row/colour", test_colour);
  g_test_add_func ("/seat-row/side-text", test_side_text);
  g_test_add_func ("/seat-row/lost", test_lost);
  return g_test_run ();
}
