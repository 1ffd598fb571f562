/* test-card-hand-panel.c: the cards along the bottom of the window
 *
 * Needs a display: run under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "cp-card-hand-panel.h"
#include "cp-engine.h"
#include "test-widgets.h"

static const char *const names[] = { "Alice", "Bob", "Carol", "Dave" };

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static CpCard
card (CpSuit suit, CpRank rank)
{
  return cp_card_new (suit, rank);
}

/* The table as Alice (seat 0) sees it: her hand of three, Bob's hand of
 * three face down, a card face up before each, one sealed card each, a
 * draw pile and a discard pile. */
static void
alice_table (CpCardTable *table)
{
  cp_card_table_init (table);
  cp_hand_add (&table->hand[0], card (CP_SUIT_HEARTS, CP_RANK_QUEEN));
  cp_hand_add (&table->hand[0], card (CP_SUIT_SPADES, CP_RANK_JACK));
  cp_hand_add (&table->hand[0], card (CP_SUIT_CLUBS, CP_RANK_SIX));
  for (guint i = 0; i < 3; i++)
    cp_hand_add (&table->hand[1], CP_CARD_UNKNOWN);
  cp_hand_add (&table->up[0], card (CP_SUIT_DIAMONDS, CP_RANK_TEN));
  cp_hand_add (&table->up[1], card (CP_SUIT_SPADES, CP_RANK_FOUR));
  cp_hand_add (&table->sealed[0], card (CP_SUIT_HEARTS, CP_RANK_THREE));
  cp_hand_add (&table->sealed[1], CP_CARD_UNKNOWN);
  table->has_draw_pile = TRUE;
  table->draw_pile = 24;
  table->has_discard = TRUE;
  cp_hand_add (&table->discard, card (CP_SUIT_CLUBS, CP_RANK_KING));
}

/* Alice may choose the queen of hearts and the six of clubs, not the jack. */
static const CpCard *
alice_choosable (void)
{
  static CpCard cards[2];

  cards[0] = card (CP_SUIT_HEARTS, CP_RANK_QUEEN);
  cards[1] = card (CP_SUIT_CLUBS, CP_RANK_SIX);
  return cards;
}

static CpCardHandPanel *
new_panel (GtkWidget **window)
{
  GtkWidget *panel = cp_card_hand_panel_new ();

  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), 1200, 200);
  gtk_window_set_child (GTK_WINDOW (*window), panel);
  gtk_window_present (GTK_WINDOW (*window));
  iterate ();
  return CP_CARD_HAND_PANEL (panel);
}

static void
show_alice (CpCardHandPanel *panel, guint n_to_choose)
{
  CpCardTable table;

  alice_table (&table);
  cp_card_hand_panel_show (panel, &table, 2, names, 0, alice_choosable (), 2, n_to_choose, "_Play Face Down");
  iterate ();
}

static void
destroy (GtkWidget *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Widgets. */

static GtkWidget *
find_named (GtkWidget *root, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found)
        return found;
    }
  return NULL;
}

/* The card widgets of an area of the panel ("hands", "table", "others",
 * "piles"), in their order. */
static GPtrArray *
cards_of (CpCardHandPanel *panel, const char *area)
{
  GtkWidget *widget = find_named (GTK_WIDGET (panel), area);
  GPtrArray *found = g_ptr_array_new ();

  g_assert_nonnull (widget);
  if (gtk_widget_get_visible (widget))
    test_collect_class (widget, "playing-card", found);
  return found;
}

static guint
count_cards (CpCardHandPanel *panel, const char *area)
{
  g_autoptr(GPtrArray) cards = cards_of (panel, area);

  return cards->len;
}

static GtkWidget *
find_label (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
play_button (CpCardHandPanel *panel)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  test_collect_class (GTK_WIDGET (panel), "suggested-action", found);
  g_assert_cmpuint (found->len, ==, 1);
  g_assert_true (GTK_IS_BUTTON (found->pdata[0]));
  return found->pdata[0];
}

static const char *
status_text (CpCardHandPanel *panel)
{
  return gtk_label_get_text (GTK_LABEL (find_named (GTK_WIDGET (panel), "status")));
}

/* Tests. */

static void
test_areas (void)
{
  GtkWidget *window;
  CpCardHandPanel *panel = new_panel (&window);
  CpCardTable table;

  show_alice (panel, 0);
  g_assert_cmpuint (count_cards (panel, "hands"), ==, 3);
  /* A card face up and one sealed before each seat. */
  g_assert_cmpuint (count_cards (panel, "table"), ==, 4);
  g_assert_cmpuint (count_cards (panel, "others"), ==, 3);
  g_assert_cmpuint (count_cards (panel, "piles"), ==, 2);
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Alice’s hand"));
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Draw pile"));
  g_assert_false (gtk_widget_get_visible (find_label (GTK_WIDGET (panel), "Nothing on the table")));
  /* The captions say how the cards lie: some face up, some face down. */
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Alice — on the table"));

  /* Only face up, then only face down. */
  alice_table (&table);
  cp_hand_clear (&table.sealed[0]);
  cp_hand_clear (&table.up[1]);
  cp_card_hand_panel_show (panel, &table, 2, names, 0, NULL, 0, 0, NULL);
  iterate ();
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Alice — face up"));
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Bob — face down"));

  /* Without piles and with nothing laid out. */
  alice_table (&table);
  table.has_draw_pile = FALSE;
  table.has_discard = FALSE;
  cp_hand_clear (&table.up[0]);
  cp_hand_clear (&table.up[1]);
  cp_hand_clear (&table.sealed[0]);
  cp_hand_clear (&table.sealed[1]);
  cp_hand_remove (&table.hand[1], CP_CARD_UNKNOWN);
  cp_card_hand_panel_show (panel, &table, 2, names, 0, NULL, 0, 0, NULL);
  iterate ();
  g_assert_cmpuint (count_cards (panel, "hands"), ==, 3);
  g_assert_cmpuint (count_cards (panel, "table"), ==, 0);
  g_assert_cmpuint (count_cards (panel, "others"), ==, 2);
  g_assert_cmpuint (count_cards (panel, "piles"), ==, 0);
  g_assert_true (gtk_widget_get_visible (find_label (GTK_WIDGET (panel), "Nothing on the table")));

  /* The card being carried out, from nowhere else, joins its seat's
   * cards on the table. */
  table.current = card (CP_SUIT_HEARTS, CP_RANK_KING);
  table.current_seat = 1;
  cp_card_hand_panel_show (panel, &table, 2, names, 0, NULL, 0, 0, NULL);
  iterate ();
  g_assert_cmpuint (count_cards (panel, "table"), ==, 1);
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Bob — on the table"));
  destroy (window);
}

static void
test_count_labels (void)
{
  GtkWidget *window;
  CpCardHandPanel *panel = new_panel (&window);
  g_autoptr(GPtrArray) piles = NULL;
  CpCardTable table;

  show_alice (panel, 0);
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Bob: 3 cards"));
  piles = cards_of (panel, "piles");
  gtk_test_accessible_assert_property (piles->pdata[0], GTK_ACCESSIBLE_PROPERTY_LABEL, "Draw pile: 24 cards");
  gtk_test_accessible_assert_property (piles->pdata[1], GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Discard pile: 1 card, on top: King of clubs");

  /* One card left: the singular. */
  alice_table (&table);
  cp_hand_remove (&table.hand[1], CP_CARD_UNKNOWN);
  cp_hand_remove (&table.hand[1], CP_CARD_UNKNOWN);
  cp_card_hand_panel_show (panel, &table, 2, names, 0, NULL, 0, 0, NULL);
  iterate ();
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Bob: 1 card"));
  g_assert_null (find_label (GTK_WIDGET (panel), "Bob: 3 cards"));
  g_assert_cmpuint (count_cards (panel, "others"), ==, 1);
  destroy (window);
}

static void
test_refuse (void)
{
  GtkWidget *window;
  CpCardHandPanel *panel = new_panel (&window);
  CpCard selected[CP_CARD_MAX];

  /* Nothing to choose: nothing is chosen. */
  show_alice (panel, 0);
  g_assert_false (cp_card_hand_panel_toggle (panel, card (CP_SUIT_HEARTS, CP_RANK_QUEEN)));
  g_assert_false (gtk_widget_is_visible (play_button (panel)));

  show_alice (panel, 2);
  g_assert_true (gtk_widget_is_visible (play_button (panel)));
  /* The jack is in the hand but may not be chosen; the ten lies on the
   * table; the king is nowhere. */
  g_assert_false (cp_card_hand_panel_toggle (panel, card (CP_SUIT_SPADES, CP_RANK_JACK)));
  g_assert_false (cp_card_hand_panel_toggle (panel, card (CP_SUIT_DIAMONDS, CP_RANK_TEN)));
  g_assert_false (cp_card_hand_panel_toggle (panel, card (CP_SUIT_HEARTS, CP_RANK_KING)));
  g_assert_false (cp_card_hand_panel_toggle (panel, CP_CARD_UNKNOWN));
  g_assert_cmpuint (cp_card_hand_panel_get_selected (panel, selected), ==, 0);
  g_assert_false (cp_card_hand_panel_play (panel));
  destroy (window);
}

static void
test_play_button (void)
{
  GtkWidget *window;
  CpCardHandPanel *panel = new_panel (&window);
  CpCard queen = card (CP_SUIT_HEARTS, CP_RANK_QUEEN), six = card (CP_SUIT_CLUBS, CP_RANK_SIX);
  CpCard selected[CP_CARD_MAX];
  GtkWidget *button;

  show_alice (panel, 2);
  button = play_button (panel);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Play Face Down");
  /* Named by its label's text alone, not by the label with its underline
   * as well, which GTK 4.8 reads before the text. */
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL));
  g_assert_cmpstr (status_text (panel), ==, "Choose 2 cards");
  g_assert_false (gtk_widget_get_sensitive (button));

  g_assert_true (cp_card_hand_panel_toggle (panel, queen));
  g_assert_false (gtk_widget_get_sensitive (button));
  g_assert_cmpstr (status_text (panel), ==, "1 of 2 chosen");
  g_assert_true (cp_card_hand_panel_toggle (panel, six));
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_cmpstr (status_text (panel), ==, "2 of 2 chosen");
  g_assert_true (cp_card_hand_panel_toggle (panel, queen));
  g_assert_false (gtk_widget_get_sensitive (button));
  g_assert_cmpuint (cp_card_hand_panel_get_selected (panel, selected), ==, 1);
  g_assert_cmpuint (selected[0], ==, six);

  /* A choice of one: choosing another card gives up the first. */
  show_alice (panel, 1);
  g_assert_cmpstr (status_text (panel), ==, "1 of 1 chosen");
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_true (cp_card_hand_panel_toggle (panel, queen));
  g_assert_cmpuint (cp_card_hand_panel_get_selected (panel, selected), ==, 1);
  g_assert_cmpuint (selected[0], ==, queen);
  g_assert_true (gtk_widget_get_sensitive (button));
  destroy (window);
}

static void
chosen (CpCardHandPanel *panel, GBytes *bytes, GByteArray *log)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  g_byte_array_append (log, data, (guint) size);
  /* The signal comes before the selection is cleared. */
  g_assert_cmpuint (cp_card_hand_panel_get_selected (panel, NULL), ==, size);
}

static void
test_cards_chosen (void)
{
  GtkWidget *window;
  CpCardHandPanel *panel = new_panel (&window);
  g_autoptr(GByteArray) log = g_byte_array_new ();
  CpCard queen = card (CP_SUIT_HEARTS, CP_RANK_QUEEN), six = card (CP_SUIT_CLUBS, CP_RANK_SIX);

  g_signal_connect (panel, "cards-chosen", G_CALLBACK (chosen), log);
  show_alice (panel, 2);
  g_assert_true (cp_card_hand_panel_toggle (panel, six));
  g_assert_false (cp_card_hand_panel_play (panel));
  g_assert_cmpuint (log->len, ==, 0);
  g_assert_true (cp_card_hand_panel_toggle (panel, queen));
  g_assert_true (cp_card_hand_panel_play (panel));
  /* In the order chosen, not in the order of the hand. */
  g_assert_cmpuint (log->len, ==, 2);
  g_assert_cmpuint (log->data[0], ==, six);
  g_assert_cmpuint (log->data[1], ==, queen);
  g_assert_cmpuint (cp_card_hand_panel_get_selected (panel, NULL), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (play_button (panel)));
  g_assert_cmpstr (status_text (panel), ==, "Choose 2 cards");
  g_assert_false (cp_card_hand_panel_play (panel));
  g_assert_cmpuint (log->len, ==, 2);

  /* The button plays too. */
  g_byte_array_set_size (log, 0);
  cp_card_hand_panel_toggle (panel, queen);
  cp_card_hand_panel_toggle (panel, six);
  g_signal_emit_by_name (play_button (panel), "clicked");
  g_assert_cmpuint (log->len, ==, 2);
  g_assert_cmpuint (log->data[0], ==, queen);
  g_assert_cmpuint (log->data[1], ==, six);
  g_assert_cmpuint (cp_card_hand_panel_get_selected (panel, NULL), ==, 0);
  destroy (window);
}

/* Runs the main loop until @done says so or a few seconds have gone: a
 * button's activation clicks it a moment later. */
static gboolean
tick (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static void
wait_until (gboolean (*done) (gpointer), gpointer data)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  guint ticks = g_timeout_add (50, tick, NULL);

  while (!done (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (ticks);
}

static gboolean
is_laid_out (gpointer widget)
{
  return gtk_widget_get_width (widget) > 0;
}

static gboolean
has_selection (gpointer panel)
{
  return cp_card_hand_panel_get_selected (panel, NULL) > 0;
}

static gboolean
has_played (gpointer log)
{
  return ((GByteArray *) log)->len > 0;
}

/* An assistive technology activates a card as it activates a button:
 * a card that may be chosen is then chosen (and played, when the choice
 * is of one card); one that may not does nothing. */
static void
test_activate (void)
{
  GtkWidget *window;
  CpCardHandPanel *panel = new_panel (&window);
  g_autoptr(GByteArray) log = g_byte_array_new ();
  g_autoptr(GPtrArray) hand = NULL;
  CpCard queen = card (CP_SUIT_HEARTS, CP_RANK_QUEEN), six = card (CP_SUIT_CLUBS, CP_RANK_SIX);
  CpCard selected[CP_CARD_MAX];

  g_signal_connect (panel, "cards-chosen", G_CALLBACK (chosen), log);
  show_alice (panel, 2);
  hand = cards_of (panel, "hands");
  g_assert_cmpuint (hand->len, ==, 3);
  wait_until (is_laid_out, hand->pdata[2]);
  for (guint i = 0; i < hand->len; i++)
    {
      g_assert_true (GTK_IS_BUTTON (hand->pdata[i]));
      /* Drawn at a card's size. */
      g_assert_cmpint (gtk_widget_get_width (hand->pdata[i]), >, 60);
      g_assert_cmpint (gtk_widget_get_height (hand->pdata[i]), >, 80);
    }
  g_assert_true (gtk_widget_activate (hand->pdata[2]));
  wait_until (has_selection, panel);
  g_assert_cmpuint (cp_card_hand_panel_get_selected (panel, selected), ==, 1);
  g_assert_cmpuint (selected[0], ==, six);
  g_clear_pointer (&hand, g_ptr_array_unref);

  /* A choice of one: the card activated is played at once. */
  show_alice (panel, 1);
  hand = cards_of (panel, "hands");
  gtk_widget_activate (hand->pdata[1]);
  gtk_widget_activate (hand->pdata[0]);
  wait_until (has_played, log);
  g_assert_cmpuint (log->len, ==, 1);
  g_assert_cmpuint (log->data[0], ==, queen);
  destroy (window);
}

static void
test_names (void)
{
  GtkWidget *window;
  CpCardHandPanel *panel = new_panel (&window);
  g_autoptr(GPtrArray) others = NULL;
  g_autoptr(GPtrArray) hand = NULL;
  g_autoptr(GPtrArray) table = NULL;

  show_alice (panel, 2);
  others = cards_of (panel, "others");
  for (guint i = 0; i < others->len; i++)
    gtk_test_accessible_assert_property (others->pdata[i], GTK_ACCESSIBLE_PROPERTY_LABEL, "Face-down card");
  hand = cards_of (panel, "hands");
  gtk_test_accessible_assert_property (hand->pdata[0], GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Queen of hearts, white queen");
  gtk_test_accessible_assert_property (hand->pdata[2], GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Six of clubs, black checker");
  /* The jack may not be chosen now. */
  gtk_test_accessible_assert_role (hand->pdata[1], GTK_ACCESSIBLE_ROLE_BUTTON);
  gtk_test_accessible_assert_state (hand->pdata[1], GTK_ACCESSIBLE_STATE_DISABLED, TRUE);
  gtk_test_accessible_assert_state (hand->pdata[0], GTK_ACCESSIBLE_STATE_PRESSED, GTK_ACCESSIBLE_TRISTATE_FALSE);
  cp_card_hand_panel_toggle (panel, card (CP_SUIT_HEARTS, CP_RANK_QUEEN));
  gtk_test_accessible_assert_state (hand->pdata[0], GTK_ACCESSIBLE_STATE_PRESSED, GTK_ACCESSIBLE_TRISTATE_TRUE);

  /* On the table: Alice's sealed card shows her its face, Bob's does
   * not. */
  table = cards_of (panel, "table");
  g_assert_cmpuint (table->len, ==, 4);
  gtk_test_accessible_assert_property (table->pdata[1], GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Three of hearts, white pawn, played face down");
  gtk_test_accessible_assert_property (table->pdata[3], GTK_ACCESSIBLE_PROPERTY_LABEL, "Face-down card");
  for (guint i = 0; i < table->len; i++)
    g_assert_true (gtk_widget_get_focusable (table->pdata[i]));
  destroy (window);
}

static void
test_follows_seat (void)
{
  GtkWidget *window;
  CpCardHandPanel *panel = new_panel (&window);
  g_autoptr(GPtrArray) hand = NULL;
  CpCardTable table;
  CpCard bob_choosable[1];

  show_alice (panel, 1);
  g_assert_true (cp_card_hand_panel_toggle (panel, card (CP_SUIT_HEARTS, CP_RANK_QUEEN)));
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Alice’s hand"));

  /* Bob at the screen: his two cards, Alice's three face down. */
  cp_card_table_init (&table);
  for (guint i = 0; i < 3; i++)
    cp_hand_add (&table.hand[0], CP_CARD_UNKNOWN);
  cp_hand_add (&table.hand[1], card (CP_SUIT_DIAMONDS, CP_RANK_FIVE));
  cp_hand_add (&table.hand[1], card (CP_SUIT_SPADES, CP_RANK_ACE));
  bob_choosable[0] = card (CP_SUIT_SPADES, CP_RANK_ACE);
  cp_card_hand_panel_show (panel, &table, 2, names, 1, bob_choosable, 1, 1, NULL);
  iterate ();
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Bob’s hand"));
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Alice: 3 cards"));
  g_assert_null (find_label (GTK_WIDGET (panel), "Alice’s hand"));
  g_assert_cmpuint (count_cards (panel, "hands"), ==, 2);
  g_assert_cmpuint (count_cards (panel, "others"), ==, 3);
  hand = cards_of (panel, "hands");
  gtk_test_accessible_assert_property (hand->pdata[0], GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Five of diamonds, white pawn");
  /* Alice's choice does not pass to Bob. */
  g_assert_cmpuint (cp_card_hand_panel_get_selected (panel, NULL), ==, 0);
  g_assert_false (cp_card_hand_panel_toggle (panel, card (CP_SUIT_HEARTS, CP_RANK_QUEEN)));
  g_assert_false (cp_card_hand_panel_toggle (panel, card (CP_SUIT_DIAMONDS, CP_RANK_FIVE)));
  g_assert_true (cp_card_hand_panel_toggle (panel, card (CP_SUIT_SPADES, CP_RANK_ACE)));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (play_button (panel))), ==, "_Play");
  destroy (window);
}

static void
test_keeps_selection (void)
{
  GtkWidget *window;
  CpCardHandPanel *panel = new_panel (&window);
  CpCard queen = card (CP_SUIT_HEARTS, CP_RANK_QUEEN), six = card (CP_SUIT_CLUBS, CP_RANK_SIX);
  CpCard selected[CP_CARD_MAX];
  CpCardTable table;

  show_alice (panel, 2);
  cp_card_hand_panel_toggle (panel, six);
  cp_card_hand_panel_toggle (panel, queen);
  /* Shown again as it was: the choice stays. */
  show_alice (panel, 2);
  g_assert_cmpuint (cp_card_hand_panel_get_selected (panel, selected), ==, 2);
  g_assert_cmpuint (selected[0], ==, six);
  g_assert_cmpuint (selected[1], ==, queen);
  g_assert_true (gtk_widget_get_sensitive (play_button (panel)));

  /* The six has left the hand: only the queen stays chosen. */
  alice_table (&table);
  cp_hand_remove (&table.hand[0], six);
  cp_card_hand_panel_show (panel, &table, 2, names, 0, alice_choosable (), 2, 2, NULL);
  iterate ();
  g_assert_cmpuint (cp_card_hand_panel_get_selected (panel, selected), ==, 1);
  g_assert_cmpuint (selected[0], ==, queen);
  g_assert_cmpuint (count_cards (panel, "hands"), ==, 2);
  destroy (window);
}

static void
test_view_all (void)
{
  GtkWidget *window;
  CpCardHandPanel *panel = new_panel (&window);
  CpCardTable table;

  alice_table (&table);
  cp_hand_clear (&table.hand[1]);
  cp_hand_add (&table.hand[1], card (CP_SUIT_DIAMONDS, CP_RANK_FIVE));
  cp_hand_add (&table.hand[1], card (CP_SUIT_SPADES, CP_RANK_ACE));
  cp_card_hand_panel_show (panel, &table, 2, names, CP_VIEW_ALL, NULL, 0, 0, NULL);
  iterate ();
  /* Every hand, faces up, in the hands' area. */
  g_assert_cmpuint (count_cards (panel, "hands"), ==, 5);
  g_assert_cmpuint (count_cards (panel, "others"), ==, 0);
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Alice: 3 cards"));
  g_assert_nonnull (find_label (GTK_WIDGET (panel), "Bob: 2 cards"));
  g_assert_false (cp_card_hand_panel_toggle (panel, card (CP_SUIT_HEARTS, CP_RANK_QUEEN)));
  g_assert_false (gtk_widget_is_visible (play_button (panel)));
  destroy (window);
}

int
main (int argc, char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  /* The accessible names are read back from GTK's test contexts. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/card-hand-panel/areas", test_areas);
  g_test_add_func ("/card-hand-panel/count-labels", test_count_labels);
  g_test_add_func ("/card-hand-panel/refuse", test_refuse);
  g_test_add_func ("/card-hand-panel/play-button", test_play_button);
  g_test_add_func ("/card-hand-panel/cards-chosen", test_cards_chosen);
  g_test_add_func ("/card-hand-panel/activate", test_activate);
  g_test_add_func ("/card-hand-panel/names", test_names);
  g_test_add_func ("/card-hand-panel/follows-seat", test_follows_seat);
  g_test_add_func ("/card-hand-panel/keeps-selection", test_keeps_selection);
  g_test_add_func ("/card-hand-panel/view-all", test_view_all);
  return g_test_run ();
}
