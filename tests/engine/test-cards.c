/* test-cards.c: cards, decks and hands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-card.h"
#include "cp-deck.h"
#include "cp-hand.h"
#include "cp-random.h"

/* The tables of Appendix A, written out as the rule document has them. */
static const struct {
  CpPieceKind kind;
  CpColour colour;
  const char *cards;
  gint gap;
} appendix_a[] = {
  { CP_PIECE_PAWN, CP_COLOUR_BLACK, "2S 3S 4S 5S 2C 3C 4C 5C", -1 },
  { CP_PIECE_KNIGHT, CP_COLOUR_BLACK, "8S 8C", 1 },
  { CP_PIECE_BISHOP, CP_COLOUR_BLACK, "9S 9C", 2 },
  { CP_PIECE_ROOK, CP_COLOUR_BLACK, "10S 10C", 3 },
  { CP_PIECE_QUEEN, CP_COLOUR_BLACK, "QS", 5 },
  { CP_PIECE_KING, CP_COLOUR_BLACK, "KS", 6 },
  { CP_PIECE_CHECKER, CP_COLOUR_BLACK, "6S 7S 6C 7C", -1 },
  { CP_PIECE_PAWN, CP_COLOUR_WHITE, "2H 3H 4H 5H 2D 3D 4D 5D", -1 },
  { CP_PIECE_KNIGHT, CP_COLOUR_WHITE, "8H 8D", 1 },
  { CP_PIECE_BISHOP, CP_COLOUR_WHITE, "9H 9D", 2 },
  { CP_PIECE_ROOK, CP_COLOUR_WHITE, "10H 10D", 3 },
  { CP_PIECE_QUEEN, CP_COLOUR_WHITE, "QH", 5 },
  { CP_PIECE_KING, CP_COLOUR_WHITE, "KH", 6 },
  { CP_PIECE_CHECKER, CP_COLOUR_WHITE, "6H 7H 6D 7D", -1 },
};

static CpCard
card (const char *id)
{
  CpCard c = CP_CARD_NONE;

  g_assert_true (cp_card_from_id (id, &c));
  return c;
}

static void
test_appendix_rows (void)
{
  for (guint r = 0; r < G_N_ELEMENTS (appendix_a); r++)
    {
      g_auto (GStrv) ids = g_strsplit (appendix_a[r].cards, " ", -1);
      CpCard listed[CP_CARD_MAX_PER_PIECE];
      guint n = cp_card_for_piece (appendix_a[r].kind, appendix_a[r].colour, listed);

      g_test_message ("row %u: %s", r, appendix_a[r].cards);
      g_assert_cmpuint (n, ==, g_strv_length (ids));
      for (guint i = 0; ids[i]; i++)
        {
          CpCard c = card (ids[i]);
          CpPieceKind kind = CP_PIECE_NONE;
          CpColour colour = CP_N_COLOURS;
          CpColour checker_colour = CP_N_COLOURS;

          g_assert_cmpstr (cp_card_to_id (listed[i]), ==, ids[i]);
          g_assert_cmpint (cp_card_get_gap (c), ==, appendix_a[r].gap);
          if (appendix_a[r].kind == CP_PIECE_CHECKER)
            {
              g_assert_false (cp_card_get_piece (c, &kind, &colour));
              g_assert_true (cp_card_is_checker (c, &checker_colour));
              g_assert_cmpint (checker_colour, ==, appendix_a[r].colour);
            }
          else
            {
              g_assert_true (cp_card_get_piece (c, &kind, &colour));
              g_assert_cmpint (kind, ==, appendix_a[r].kind);
              g_assert_cmpint (colour, ==, appendix_a[r].colour);
              g_assert_false (cp_card_is_checker (c, NULL));
            }
          /* Red cards are white pieces, black cards black pieces. */
          g_assert_cmpint (cp_card_is_red (c), ==, appendix_a[r].colour == CP_COLOUR_WHITE);
        }
    }
}

static gboolean
in_appendix (CpCard c)
{
  for (guint r = 0; r < G_N_ELEMENTS (appendix_a); r++)
    {
      g_auto (GStrv) ids = g_strsplit (appendix_a[r].cards, " ", -1);

      if (g_strv_contains ((const char *const *) ids, cp_card_to_id (c)))
        return TRUE;
    }
  return FALSE;
}

static void
test_cards_for_nothing (void)
{
  const char *nothing[] = { "AS", "AH", "AD", "AC", "JS", "JH", "JD", "JC",
                            "QD", "QC", "KD", "KC", "BJ", "RJ" };
  guint n_listed = 0;

  for (guint i = 0; i < G_N_ELEMENTS (nothing); i++)
    {
      CpCard c = card (nothing[i]);
      CpPieceKind kind = CP_PIECE_PAWN;

      g_assert_false (cp_card_get_piece (c, &kind, NULL));
      g_assert_cmpint (kind, ==, CP_PIECE_PAWN);  /* left alone */
      g_assert_false (cp_card_is_checker (c, NULL));
      g_assert_cmpint (cp_card_get_gap (c), ==, -1);
    }

  /* Every other card of the 52 is in the tables. */
  for (guint suit = 0; suit < CP_N_SUITS; suit++)
    for (guint rank = CP_RANK_ACE; rank <= CP_RANK_KING; rank++)
      {
        CpCard c = cp_card_new ((CpSuit) suit, (CpRank) rank);
        gboolean listed = in_appendix (c);
        gboolean stands = cp_card_get_piece (c, NULL, NULL) || cp_card_is_checker (c, NULL);

        g_assert_cmpint (listed, ==, stands);
        n_listed += listed;
      }
  g_assert_cmpuint (n_listed, ==, 52 - 12);

  g_assert_cmpuint (cp_card_for_piece (CP_PIECE_NONE, CP_COLOUR_WHITE, (CpCard[8]) { 0 }), ==, 0);
  g_assert_cmpuint (cp_card_for_piece (CP_PIECE_MAN, CP_COLOUR_WHITE, (CpCard[8]) { 0 }), ==, 0);
  g_assert_cmpuint (cp_card_for_piece (CP_PIECE_PAWN, CP_COLOUR_RED, (CpCard[8]) { 0 }), ==, 0);
}

static void
test_suit_and_rank (void)
{
  CpCard ten = cp_card_new (CP_SUIT_HEARTS, CP_RANK_TEN);
  CpCard queen = cp_card_new (CP_SUIT_SPADES, CP_RANK_QUEEN);

  g_assert_true (cp_card_is_valid (ten));
  g_assert_cmpint (cp_card_get_suit (ten), ==, CP_SUIT_HEARTS);
  g_assert_cmpint (cp_card_get_rank (ten), ==, CP_RANK_TEN);
  g_assert_cmpint (cp_card_get_suit (queen), ==, CP_SUIT_SPADES);
  g_assert_cmpint (cp_card_get_rank (queen), ==, CP_RANK_QUEEN);
  g_assert_true (cp_card_is_red (ten));
  g_assert_false (cp_card_is_red (queen));
  g_assert_true (cp_card_is_red (card ("3D")));
  g_assert_false (cp_card_is_red (card ("3C")));

  /* No card has rank none, and only two jokers exist. */
  g_assert_cmpint (cp_card_new (CP_SUIT_SPADES, CP_RANK_NONE), ==, CP_CARD_NONE);
  g_assert_cmpint (cp_card_new (CP_SUIT_CLUBS, CP_RANK_JOKER), ==, CP_CARD_NONE);
  g_assert_cmpint (cp_card_new (CP_SUIT_SPADES, (CpRank) 17), ==, CP_CARD_NONE);
  g_assert_cmpint (cp_card_new (CP_N_SUITS, CP_RANK_ACE), ==, CP_CARD_NONE);
  g_assert_cmpint (cp_card_new (CP_SUIT_SPADES, CP_RANK_JOKER), ==, CP_CARD_BLACK_JOKER);
  g_assert_cmpint (cp_card_new (CP_SUIT_HEARTS, CP_RANK_JOKER), ==, CP_CARD_RED_JOKER);
  g_assert_true (cp_card_is_joker (CP_CARD_RED_JOKER));
  g_assert_false (cp_card_is_joker (queen));
  g_assert_true (cp_card_is_red (CP_CARD_RED_JOKER));
  g_assert_false (cp_card_is_red (CP_CARD_BLACK_JOKER));

  g_assert_false (cp_card_is_valid (CP_CARD_NONE));
  g_assert_false (cp_card_is_valid (CP_CARD_UNKNOWN));
  g_assert_cmpint (cp_card_get_rank (CP_CARD_UNKNOWN), ==, CP_RANK_NONE);
  g_assert_false (cp_card_get_piece (CP_CARD_UNKNOWN, NULL, NULL));
  g_assert_false (cp_card_is_red (CP_CARD_UNKNOWN));
}

static void
test_id_round_trip (void)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint suit = 0; suit < CP_N_SUITS; suit++)
    for (guint rank = CP_RANK_ACE; rank <= CP_RANK_KING; rank++)
      {
        CpCard c = cp_card_new ((CpSuit) suit, (CpRank) rank);
        const char *id = cp_card_to_id (c);
        CpCard back = CP_CARD_NONE;
        g_autofree char *lower = g_ascii_strdown (id, -1);

        g_assert_true (cp_card_is_valid (c));
        g_assert_nonnull (id);
        g_assert_true (g_hash_table_add (seen, (gpointer) id));
        g_assert_true (cp_card_from_id (id, &back));
        g_assert_cmpint (back, ==, c);
        back = CP_CARD_NONE;
        g_assert_true (cp_card_from_id (lower, &back));
        g_assert_cmpint (back, ==, c);
        g_assert_cmpint (id[strlen (id) - 1], ==, "SHDC"[suit]);
      }
  g_assert_cmpuint (g_hash_table_size (seen), ==, 52);

  g_assert_cmpstr (cp_card_to_id (cp_card_new (CP_SUIT_HEARTS, CP_RANK_TEN)), ==, "10H");
  g_assert_cmpstr (cp_card_to_id (cp_card_new (CP_SUIT_SPADES, CP_RANK_QUEEN)), ==, "QS");
  g_assert_cmpstr (cp_card_to_id (cp_card_new (CP_SUIT_CLUBS, CP_RANK_TWO)), ==, "2C");
  g_assert_cmpstr (cp_card_to_id (cp_card_new (CP_SUIT_SPADES, CP_RANK_ACE)), ==, "AS");
  g_assert_cmpstr (cp_card_to_id (cp_card_new (CP_SUIT_DIAMONDS, CP_RANK_JACK)), ==, "JD");
  g_assert_cmpstr (cp_card_to_id (CP_CARD_BLACK_JOKER), ==, "BJ");
  g_assert_cmpstr (cp_card_to_id (CP_CARD_RED_JOKER), ==, "RJ");
  g_assert_cmpint (card ("BJ"), ==, CP_CARD_BLACK_JOKER);
  g_assert_cmpint (card ("rj"), ==, CP_CARD_RED_JOKER);
  g_assert_null (cp_card_to_id (CP_CARD_NONE));
  g_assert_null (cp_card_to_id (CP_CARD_UNKNOWN));
}

static void
test_bad_ids (void)
{
  const char *bad[] = { "", "1S", "11H", "0S", "10", "S", "QX", "QSS", "10 H", " QS",
                        "QS ", "JJ", "BJX", "J", "13C", "1OH", "KC2", "♠Q" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      CpCard c = 0x42;

      g_test_message ("id '%s'", bad[i]);
      g_assert_false (cp_card_from_id (bad[i], &c));
      g_assert_cmpint (c, ==, 0x42);
    }
  g_assert_false (cp_card_from_id (NULL, &(CpCard) { 0 }));
}

static void
test_names (void)
{
  g_autofree char *ten = cp_card_short_label (card ("10H"));
  g_autofree char *queen = cp_card_short_label (card ("QS"));
  g_autofree char *two = cp_card_short_label (card ("2C"));
  g_autofree char *ace = cp_card_short_label (card ("AD"));
  g_autofree char *hidden = cp_card_short_label (CP_CARD_UNKNOWN);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpstr (cp_card_name (card ("10H")), ==, "ten of hearts");
  g_assert_cmpstr (cp_card_name (card ("QS")), ==, "queen of spades");
  g_assert_cmpstr (cp_card_name (card ("AC")), ==, "ace of clubs");
  g_assert_cmpstr (cp_card_name (card ("7D")), ==, "seven of diamonds");
  g_assert_cmpstr (cp_card_name (CP_CARD_RED_JOKER), ==, "red joker");
  g_assert_nonnull (cp_card_name (CP_CARD_UNKNOWN));
  g_assert_null (cp_card_name (CP_CARD_NONE));
  g_assert_cmpstr (ten, ==, "10♥");
  g_assert_cmpstr (queen, ==, "Q♠");
  g_assert_cmpstr (two, ==, "2♣");
  g_assert_cmpstr (ace, ==, "A♦");
  g_assert_cmpstr (hidden, ==, "?");
  g_assert_null (cp_card_short_label (CP_CARD_NONE));
  g_assert_cmpstr (cp_suit_symbol (CP_SUIT_DIAMONDS), ==, "♦");

  for (guint suit = 0; suit < CP_N_SUITS; suit++)
    for (guint rank = CP_RANK_ACE; rank <= CP_RANK_KING; rank++)
      g_assert_true (g_hash_table_add (seen, (gpointer) cp_card_name (cp_card_new ((CpSuit) suit,
                                                                                 (CpRank) rank))));
}

/* Whether two decks hold the same cards, in any order. */
static gboolean
same_cards (const CpDeck *a, const CpDeck *b)
{
  guint counts[256] = { 0 };

  if (a->n_cards != b->n_cards)
    return FALSE;
  for (guint i = 0; i < a->n_cards; i++)
    counts[a->cards[i]]++;
  for (guint i = 0; i < b->n_cards; i++)
    if (counts[b->cards[i]]-- == 0)
      return FALSE;
  return TRUE;
}

static void
test_standard_deck (void)
{
  CpDeck deck;
  guint seen[256] = { 0 };

  cp_deck_init_standard (&deck, FALSE);
  g_assert_cmpuint (cp_deck_count (&deck), ==, 52);
  for (guint i = 0; i < 52; i++)
    {
      g_assert_true (cp_card_is_valid (cp_deck_peek (&deck, i)));
      g_assert_false (cp_card_is_joker (cp_deck_peek (&deck, i)));
      g_assert_cmpuint (seen[cp_deck_peek (&deck, i)]++, ==, 0);
    }
  g_assert_cmpint (cp_deck_peek (&deck, 52), ==, CP_CARD_NONE);
  g_assert_false (cp_deck_contains (&deck, CP_CARD_RED_JOKER));

  cp_deck_init_standard (&deck, TRUE);
  g_assert_cmpuint (cp_deck_count (&deck), ==, 54);
  g_assert_true (cp_deck_contains (&deck, CP_CARD_RED_JOKER));
  g_assert_true (cp_deck_contains (&deck, CP_CARD_BLACK_JOKER));
}

static void
count_deck (const CpDeck *deck, guint pieces[2][CP_N_PIECE_KINDS])
{
  memset (pieces, 0, sizeof (guint) * 2 * CP_N_PIECE_KINDS);
  for (guint i = 0; i < cp_deck_count (deck); i++)
    {
      CpCard c = cp_deck_peek (deck, i);
      CpPieceKind kind;
      CpColour colour;

      if (cp_card_get_piece (c, &kind, &colour))
        pieces[colour][kind]++;
      else if (cp_card_is_checker (c, &colour))
        pieces[colour][CP_PIECE_CHECKER]++;
      else
        g_assert_not_reached ();
    }
}

static void
test_chess_deck (void)
{
  static const guint army[CP_N_PIECE_KINDS] = {
    [CP_PIECE_PAWN] = 8, [CP_PIECE_KNIGHT] = 2, [CP_PIECE_BISHOP] = 2,
    [CP_PIECE_ROOK] = 2, [CP_PIECE_QUEEN] = 1, [CP_PIECE_KING] = 1,
  };
  CpDeck deck;
  guint pieces[2][CP_N_PIECE_KINDS];

  cp_deck_init_chess (&deck, CP_CHESS_DECK_ALL);
  g_assert_cmpuint (cp_deck_count (&deck), ==, 40);
  count_deck (&deck, pieces);
  for (guint colour = 0; colour < 2; colour++)
    {
      for (guint kind = CP_PIECE_PAWN; kind <= CP_PIECE_KING; kind++)
        g_assert_cmpuint (pieces[colour][kind], ==, army[kind]);
      g_assert_cmpuint (pieces[colour][CP_PIECE_CHECKER], ==, 4);
    }
  /* Red cards first. */
  g_assert_true (cp_card_is_red (cp_deck_peek (&deck, 0)));
  g_assert_false (cp_card_is_red (cp_deck_peek (&deck, 39)));

  /* The 32-card deck of Cooperative Chess. */
  cp_deck_init_chess (&deck, CP_CHESS_DECK_PAWNS | CP_CHESS_DECK_PIECES);
  g_assert_cmpuint (cp_deck_count (&deck), ==, 32);
  count_deck (&deck, pieces);
  g_assert_cmpuint (pieces[CP_COLOUR_BLACK][CP_PIECE_CHECKER], ==, 0);
  g_assert_cmpuint (pieces[CP_COLOUR_WHITE][CP_PIECE_PAWN], ==, 8);

  /* Tar Pit: 36 cards, the sixes for checkers. */
  cp_deck_init_chess (&deck, CP_CHESS_DECK_PAWNS | CP_CHESS_DECK_PIECES | CP_CHESS_DECK_SIXES);
  g_assert_cmpuint (cp_deck_count (&deck), ==, 36);
  g_assert_true (cp_deck_contains (&deck, card ("6D")));
  g_assert_true (cp_deck_contains (&deck, card ("6S")));
  g_assert_false (cp_deck_contains (&deck, card ("7D")));

  /* Golf: 16 cards without pawns. */
  cp_deck_init_chess (&deck, CP_CHESS_DECK_PIECES);
  g_assert_cmpuint (cp_deck_count (&deck), ==, 16);
  count_deck (&deck, pieces);
  g_assert_cmpuint (pieces[CP_COLOUR_WHITE][CP_PIECE_PAWN], ==, 0);
  g_assert_cmpuint (pieces[CP_COLOUR_BLACK][CP_PIECE_KNIGHT], ==, 2);
  for (guint i = 0; i < 16; i++)
    g_assert_cmpint (cp_card_get_gap (cp_deck_peek (&deck, i)), >, 0);
}

static void
test_shuffle (void)
{
  CpDeck start, a, b, c;
  guint8 order[CP_CARD_MAX];
  guint differing_keys = 0;

  cp_deck_init_standard (&start, TRUE);
  a = start;
  b = start;
  cp_deck_shuffle (&a, 12345);
  cp_deck_shuffle (&b, 12345);
  g_assert_true (same_cards (&a, &start));
  g_assert_cmpmem (a.cards, a.n_cards, b.cards, b.n_cards);
  g_assert_true (memcmp (a.cards, start.cards, start.n_cards) != 0);

  /* The order is the permutation of the key. */
  cp_random_permute (12345, start.n_cards, order);
  for (guint i = 0; i < start.n_cards; i++)
    g_assert_cmpint (a.cards[i], ==, start.cards[order[i]]);

  for (guint32 key = 1; key <= 20; key++)
    {
      c = start;
      cp_deck_shuffle (&c, key);
      g_assert_true (same_cards (&c, &start));
      differing_keys += memcmp (c.cards, a.cards, a.n_cards) != 0;
    }
  g_assert_cmpuint (differing_keys, ==, 20);

  /* Small decks shuffle too; an empty one stays empty. */
  cp_deck_init (&c, (CpCard[]) { card ("QS"), card ("KH") }, 2);
  cp_deck_shuffle (&c, 7);
  g_assert_cmpuint (cp_deck_count (&c), ==, 2);
  g_assert_true (cp_deck_contains (&c, card ("QS")));
  g_assert_true (cp_deck_contains (&c, card ("KH")));
  cp_deck_init (&c, NULL, 0);
  cp_deck_shuffle (&c, 7);
  g_assert_true (cp_deck_is_empty (&c));
}

static void
test_draw_and_put_back (void)
{
  CpCard cards[] = { card ("AS"), card ("10H"), card ("7C"), card ("KD") };
  CpDeck deck;

  cp_deck_init (&deck, cards, G_N_ELEMENTS (cards));
  g_assert_cmpuint (cp_deck_count (&deck), ==, 4);
  g_assert_cmpint (cp_deck_find (&deck, card ("7C")), ==, 2);
  g_assert_cmpint (cp_deck_find (&deck, card ("7H")), ==, -1);

  g_assert_cmpint (cp_deck_draw (&deck), ==, card ("AS"));
  g_assert_cmpuint (cp_deck_count (&deck), ==, 3);
  g_assert_false (cp_deck_contains (&deck, card ("AS")));
  g_assert_cmpint (cp_deck_peek (&deck, 0), ==, card ("10H"));

  g_assert_true (cp_deck_put_top (&deck, card ("AS")));
  g_assert_cmpuint (cp_deck_count (&deck), ==, 4);
  g_assert_cmpmem (deck.cards, deck.n_cards, cards, sizeof cards);

  g_assert_true (cp_deck_put_bottom (&deck, card ("2H")));
  g_assert_cmpint (cp_deck_peek (&deck, 4), ==, card ("2H"));
  g_assert_false (cp_deck_put_top (&deck, CP_CARD_NONE));
  g_assert_cmpuint (cp_deck_count (&deck), ==, 5);

  g_assert_true (cp_deck_remove (&deck, card ("7C")));
  g_assert_false (cp_deck_remove (&deck, card ("7C")));
  g_assert_cmpuint (cp_deck_count (&deck), ==, 4);
  g_assert_cmpint (cp_deck_peek (&deck, 2), ==, card ("KD"));

  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (cp_deck_draw (&deck), !=, CP_CARD_NONE);
  g_assert_true (cp_deck_is_empty (&deck));
  g_assert_cmpint (cp_deck_draw (&deck), ==, CP_CARD_NONE);
  g_assert_cmpuint (cp_deck_count (&deck), ==, 0);

  /* A full deck takes no more. */
  cp_deck_init_standard (&deck, TRUE);
  g_assert_false (cp_deck_put_top (&deck, card ("AS")));
  g_assert_false (cp_deck_put_bottom (&deck, card ("AS")));
  g_assert_cmpuint (cp_deck_count (&deck), ==, CP_CARD_MAX);

  cp_deck_redact (&deck);
  g_assert_cmpuint (cp_deck_count (&deck), ==, CP_CARD_MAX);
  for (guint i = 0; i < CP_CARD_MAX; i++)
    g_assert_cmpint (cp_deck_peek (&deck, i), ==, CP_CARD_UNKNOWN);
}

static void
test_hand (void)
{
  CpHand hand;

  cp_hand_init (&hand, CP_SEAT_BIT (1));
  g_assert_cmpuint (cp_hand_count (&hand), ==, 0);
  g_assert_true (cp_hand_add (&hand, card ("QH")));
  g_assert_true (cp_hand_add (&hand, card ("8S")));
  g_assert_true (cp_hand_add (&hand, card ("3D")));
  g_assert_false (cp_hand_add (&hand, CP_CARD_NONE));
  g_assert_cmpuint (cp_hand_count (&hand), ==, 3);
  g_assert_true (cp_hand_contains (&hand, card ("8S")));
  g_assert_false (cp_hand_contains (&hand, card ("8C")));
  g_assert_cmpint (cp_hand_get (&hand, 2), ==, card ("3D"));
  g_assert_cmpint (cp_hand_get (&hand, 3), ==, CP_CARD_NONE);

  g_assert_true (cp_hand_remove (&hand, card ("8S")));
  g_assert_false (cp_hand_remove (&hand, card ("8S")));
  g_assert_cmpuint (cp_hand_count (&hand), ==, 2);
  g_assert_cmpint (cp_hand_get (&hand, 1), ==, card ("3D"));
  g_assert_cmpint (cp_hand_remove_at (&hand, 0), ==, card ("QH"));
  g_assert_cmpint (cp_hand_remove_at (&hand, 5), ==, CP_CARD_NONE);
  g_assert_cmpuint (cp_hand_count (&hand), ==, 1);

  cp_hand_clear (&hand);
  g_assert_cmpuint (cp_hand_count (&hand), ==, 0);
  g_assert_cmpint (cp_hand_get_visible (&hand), ==, CP_SEAT_BIT (1));

  for (guint i = 0; i < CP_CARD_MAX; i++)
    g_assert_true (cp_hand_add (&hand, card ("2C")));
  g_assert_false (cp_hand_add (&hand, card ("2C")));
}

static void
test_hand_redaction (void)
{
  CpHand hand, seen;

  cp_hand_init (&hand, CP_SEAT_BIT (1));
  cp_hand_add (&hand, card ("KS"));
  cp_hand_add (&hand, card ("9H"));
  cp_hand_add (&hand, card ("6C"));
  g_assert_false (cp_hand_visible_to (&hand, 0));
  g_assert_true (cp_hand_visible_to (&hand, 1));

  /* Its holder sees it unchanged. */
  seen = hand;
  g_assert_false (cp_hand_redact (&seen, 1));
  g_assert_cmpmem (&seen, sizeof seen, &hand, sizeof hand);

  /* Another seat sees how many cards, not which. */
  seen = hand;
  g_assert_true (cp_hand_redact (&seen, 0));
  g_assert_cmpuint (cp_hand_count (&seen), ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (cp_hand_get (&seen, i), ==, CP_CARD_UNKNOWN);
  g_assert_false (cp_hand_contains (&seen, card ("KS")));
  g_assert_false (cp_hand_contains (&seen, card ("9H")));
  g_assert_cmpint (cp_hand_get_visible (&seen), ==, CP_SEAT_BIT (1));

  /* A hand shown to both, and a pile lying face up. */
  seen = hand;
  cp_hand_set_visible (&seen, CP_SEAT_BIT (0) | CP_SEAT_BIT (1));
  g_assert_false (cp_hand_redact (&seen, 0));
  g_assert_true (cp_hand_redact (&seen, 2));
  seen = hand;
  cp_hand_set_visible (&seen, CP_SEATS_ALL);
  for (guint seat = 0; seat < CP_MAX_SEATS; seat++)
    g_assert_false (cp_hand_redact (&seen, seat));
  g_assert_true (cp_hand_contains (&seen, card ("6C")));

  /* A face-down pile hides from everyone. */
  seen = hand;
  cp_hand_set_visible (&seen, 0);
  g_assert_true (cp_hand_redact (&seen, 1));
  g_assert_cmpuint (cp_hand_count (&seen), ==, 3);
  g_assert_false (cp_hand_contains (&seen, card ("6C")));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cards/appendix-a/rows", test_appendix_rows);
  g_test_add_func ("/cards/appendix-a/nothing", test_cards_for_nothing);
  g_test_add_func ("/cards/suit-and-rank", test_suit_and_rank);
  g_test_add_func ("/cards/id/round-trip", test_id_round_trip);
  g_test_add_func ("/cards/id/bad", test_bad_ids);
  g_test_add_func ("/cards/names", test_names);
  g_test_add_func ("/deck/standard", test_standard_deck);
  g_test_add_func ("/deck/chess", test_chess_deck);
  g_test_add_func ("/deck/shuffle", test_shuffle);
  g_test_add_func ("/deck/draw-and-put-back", test_draw_and_put_back);
  g_test_add_func ("/hand/basics", test_hand);
  g_test_add_func ("/hand/redaction", test_hand_redaction);

  return g_test_run ();
}
