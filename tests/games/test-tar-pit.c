/* test-tar-pit.c: Tar Pit Chess
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-brute-tar-pit.h"
#include "cp-chess-state.h"
#include "cp-engine.h"
#include "cp-games.h"
#include "cp-record.h"
#include "cp-test-util.h"

enum { WHITE, BLACK };

/* The position of the worked example of the rules, Black to move: a white
 * checker under the black pawns on e7 and f5, a black one under the
 * white pawn on e4; four white checkers in front of White, five black
 * ones in front of Black, who holds a rook, a bishop, a pawn and a
 * knight. */
#define EXAMPLE_FEN "rnbqkb1r/ppppp1pp/5n2/5p2/4P1P1/5P2/PPPP3P/RNBQKBNR b KQkq - 0 4"
#define EXAMPLE_CHECKERS "e7:w f5:w e4:b"
#define EXAMPLE_HAND "10S 9S 2S 8S"

/* A position set up after the deal: @checkers as "e4:b" (a black checker
 * under the piece on e4), and the cards of the hands given. */
static CpState *
new_position (const char *fen, const char *checkers, const char *const hands[2], guint white, guint black)
{
  g_autofree char *fen_option = g_strdup_printf ("fen=%s", fen);
  g_autofree char *white_option = g_strdup_printf ("white-checkers=%u", white);
  g_autofree char *black_option = g_strdup_printf ("black-checkers=%u", black);
  CpState *state = cp_test_new_state ("tar-pit", 2, fen_option, white_option, black_option, NULL);
  g_auto (GStrv) placed = g_strsplit (checkers, " ", -1);
  CpAction shuffle;

  cp_action_init (&shuffle, CP_ACTION_SHUFFLE, CP_SEAT_CHANCE);
  shuffle.value = 7;
  g_assert_true (cp_state_apply (state, &shuffle, NULL));
  for (guint i = 0; placed[i] != NULL; i++)
    if (placed[i][0] != '\0')
      {
        g_autofree char *name = g_strndup (placed[i], 2);

        cp_tar_pit_put_checker (state, cp_test_cell (name), placed[i][3] == 'w' ? WHITE : BLACK);
      }
  for (guint seat = 0; seat < 2; seat++)
    if (hands != NULL && hands[seat] != NULL)
      g_assert_true (cp_tar_pit_set_hand (state, seat, hands[seat]));
  return state;
}

static CpState *
new_example (void)
{
  const char *const hands[2] = { NULL, EXAMPLE_HAND };

  return new_position (EXAMPLE_FEN, EXAMPLE_CHECKERS, hands, 4, 5);
}

static const CpPiece *
piece (const CpState *state, const char *name)
{
  return &state->cells[cp_test_cell (name)];
}

/* The checker under the piece on @name: 'w', 'b', or 0 for none. */
static char
checker (const CpState *state, const char *name)
{
  const CpPiece *p = piece (state, name);

  if (p->kind == CP_PIECE_NONE || p->checkers == 0)
    return 0;
  return p->checker_colour == WHITE ? 'w' : 'b';
}

static void
table (const CpState *state, CpCardTable *out)
{
  state->rules->cards (state, out);
}

static guint
hand_size (const CpState *state, guint seat)
{
  CpCardTable cards;

  table (state, &cards);
  return cp_hand_count (&cards.hand[seat]);
}

/* The checkers in front of a seat, from what the screen shows. */
static guint
front (const CpState *state, guint seat)
{
  g_autoptr (CpPresentation) shown = cp_presentation_new ();

  state->rules->present (state, state, CP_VIEW_ALL, shown);
  for (guint i = 0; i < shown->side->len; i++)
    {
      const CpSideItem *item = &g_array_index (shown->side, CpSideItem, i);

      if (item->kind == CP_SIDE_TEXT && item->seat == seat)
        return (guint) g_ascii_strtoull (strchr (item->text, ' ') + 1, NULL, 10);
    }
  g_assert_not_reached ();
}

static gboolean
has_legal (const CpState *state, guint seat, const char *text)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (state, seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      g_autofree char *written = cp_state_format (state, &legal.items[i], CP_NOTATION_SAN);
      g_autofree char *plain = cp_chess_strip_marks (written);

      if (g_str_equal (plain, text))
        return TRUE;
    }
  return FALSE;
}

/* The deal: as many cards to each player as checkers in front of them,
 * from the 36 cards of the printed deck (cp-deck-sheet.c); the variants
 * change both. */
static void
test_deal (void)
{
  static const struct {
    const char *white, *black, *cards;
    guint deck;
  } cases[] = {
    { "white-checkers=6", "black-checkers=6", "checker-cards=2", 36 },
    { "white-checkers=4", "black-checkers=6", "checker-cards=0", 32 },
    { "white-checkers=6", "black-checkers=9", "checker-cards=4", 40 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("tar-pit", 2, 3, cases[i].white, cases[i].black,
                                                  cases[i].cards, NULL);
      const CpState *state = cp_game_get_state (game);
      const CpAction *shuffle = cp_game_get_action (game, 0);
      guint fronts[2] = { (guint) g_ascii_strtoull (cases[i].white + 15, NULL, 10),
                          (guint) g_ascii_strtoull (cases[i].black + 15, NULL, 10) };
      CpCardTable cards;
      CpDeck all, printed;

      /* One shuffle opens the log, seen by nobody. */
      g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
      g_assert_cmpuint (shuffle->type, ==, CP_ACTION_SHUFFLE);
      g_assert_cmpuint (shuffle->visible, ==, 0);
      table (state, &cards);
      cp_deck_init (&all, NULL, 0);
      for (guint seat = 0; seat < 2; seat++)
        {
          g_assert_cmpuint (cp_hand_count (&cards.hand[seat]), ==, fronts[seat]);
          g_assert_cmpuint (front (state, seat), ==, fronts[seat]);
          for (guint c = 0; c < cp_hand_count (&cards.hand[seat]); c++)
            cp_deck_put_bottom (&all, cp_hand_get (&cards.hand[seat], c));
        }
      g_assert_cmpuint (cards.draw_pile + fronts[0] + fronts[1], ==, cases[i].deck);
      g_assert_cmpuint (cp_hand_count (&cards.discard), ==, 0);
      if (cases[i].deck != 36)
        continue;
      /* The whole deck is the printed one: its hands and draw pile hold
       * each of its cards once. */
      cp_deck_init_chess (&printed, CP_CHESS_DECK_PAWNS | CP_CHESS_DECK_PIECES | CP_CHESS_DECK_SIXES);
      g_assert_cmpuint (cp_deck_count (&printed), ==, 36);
      for (guint c = 0; c < cp_deck_count (&all); c++)
        g_assert_true (cp_deck_remove (&printed, cp_deck_peek (&all, c)));
      g_assert_cmpuint (cp_deck_count (&printed), ==, cards.draw_pile);
    }
}

/* The worked example: Black's knight takes on e4 and carries the black
 * checker it took; throws it under the pawn on f3, which can no longer
 * take the knight; adds a checker under the knight with the knight card;
 * draws one card, having three cards and four checkers in front. */
static void
test_example (void)
{
  g_autoptr (CpState) state = new_example ();

  g_assert_cmpuint (front (state, WHITE), ==, 4);
  g_assert_cmpuint (front (state, BLACK), ==, 5);
  g_assert_cmpuint (hand_size (state, BLACK), ==, 4);
  g_assert_cmpint (checker (state, "e4"), ==, 'b');
  g_assert_true (piece (state, "e4")->flags & CP_PIECE_FLAG_TARRED);

  /* The move: the knight takes the pawn and its checker, and carries
   * tar. */
  g_assert_true (has_legal (state, BLACK, "Nxe4"));
  cp_test_play_state (state, "Nxe4");
  g_assert_cmpuint (piece (state, "e4")->kind, ==, CP_PIECE_KNIGHT);
  g_assert_cmpint (checker (state, "e4"), ==, 'b');
  g_assert_false (piece (state, "e4")->flags & CP_PIECE_FLAG_TARRED);
  g_assert_cmpuint (state->to_move, ==, BLACK);

  /* The throw: to a neighbouring piece of either colour, or none. */
  g_assert_true (has_legal (state, BLACK, "^f3"));
  g_assert_true (has_legal (state, BLACK, "^f5"));
  /* Never onto an empty cell. */
  g_assert_false (has_legal (state, BLACK, "^e3"));
  g_assert_true (has_legal (state, BLACK, "keeps the checker"));
  cp_test_play_state (state, "^f3");
  g_assert_cmpint (checker (state, "e4"), ==, 0);
  g_assert_cmpint (checker (state, "f3"), ==, 'b');
  g_assert_true (piece (state, "f3")->flags & CP_PIECE_FLAG_TARRED);

  /* The card: the black knight card adds a checker under either black
   * knight. */
  g_assert_true (has_legal (state, BLACK, "8♠@b8"));
  g_assert_false (has_legal (state, BLACK, "8♠@g1"));
  g_assert_true (has_legal (state, BLACK, "keeps their cards"));
  cp_test_play_state (state, "8♠@e4");
  g_assert_cmpint (checker (state, "e4"), ==, 'b');
  g_assert_cmpuint (front (state, WHITE), ==, 4);
  g_assert_cmpuint (front (state, BLACK), ==, 4);
  g_assert_cmpuint (hand_size (state, BLACK), ==, 3);

  /* The draw: one card, and the turn passes. */
  g_assert_cmpuint (state->to_move, ==, BLACK);
  cp_test_play_state (state, "draw");
  g_assert_cmpuint (hand_size (state, BLACK), ==, 4);
  g_assert_cmpuint (state->to_move, ==, WHITE);

  /* The tarred pawn on f3 cannot take the knight, nor move at all. */
  g_assert_false (has_legal (state, WHITE, "fxe4"));
  g_assert_false (has_legal (state, WHITE, "f4"));
}

/* The other way to play the pawn card in the example: under the pawn on
 * f5, where the black checker cancels the white one and both go back in
 * front of their owners; Black then draws two.  White may still take the
 * pawn on f5, but without tar to throw. */
static void
test_example_pawn_card (void)
{
  g_autoptr (CpState) state = new_example ();

  cp_test_play_state (state, "Nxe4 ^f3");
  g_assert_true (has_legal (state, BLACK, "2♠@f5"));
  g_assert_true (has_legal (state, BLACK, "2♠@e7"));
  cp_test_play_state (state, "2♠@f5");
  g_assert_cmpint (checker (state, "f5"), ==, 0);
  g_assert_cmpuint (front (state, WHITE), ==, 5);
  g_assert_cmpuint (front (state, BLACK), ==, 5);
  g_assert_cmpuint (hand_size (state, BLACK), ==, 3);
  cp_test_play_state (state, "draw draw");
  g_assert_cmpuint (hand_size (state, BLACK), ==, 5);
  g_assert_cmpuint (state->to_move, ==, WHITE);

  g_assert_true (has_legal (state, WHITE, "gxf5"));
  cp_test_play_state (state, "gxf5");
  /* No checker came with the pawn: the turn goes on to the cards. */
  g_assert_false (has_legal (state, WHITE, "keeps the checker"));
  g_assert_true (has_legal (state, WHITE, "keeps their cards"));
}

/* Checkers meeting under a piece: one colour repels (the card cycles, the
 * checker comes back), two colours cancel (both go back). */
static void
test_combining (void)
{
  g_autoptr (CpState) repel = new_example ();
  g_autoptr (CpState) cancel = new_example ();

  cp_test_play_state (repel, "Nxe4 pass 8♠@e4");
  g_assert_cmpint (checker (repel, "e4"), ==, 'b');
  g_assert_cmpuint (front (repel, BLACK), ==, 5);
  g_assert_cmpuint (hand_size (repel, BLACK), ==, 3);
  cp_test_play_state (repel, "draw draw");
  g_assert_cmpuint (hand_size (repel, BLACK), ==, 5);

  /* Thrown onto the pawn with White's checker: both go back. */
  cp_test_play_state (cancel, "Nxe4 ^f5");
  g_assert_cmpint (checker (cancel, "f5"), ==, 0);
  g_assert_cmpint (checker (cancel, "e4"), ==, 0);
  g_assert_cmpuint (front (cancel, WHITE), ==, 5);
  g_assert_cmpuint (front (cancel, BLACK), ==, 6);
}

/* Checker cards: one's own takes a spare checker; the other colour's
 * makes the other player give one back, of their choice, and discard
 * down to the checkers in front of them. */
static void
test_checker_cards (void)
{
  const char *const hands[2] = { "2H 3H 4H 5H", "6S 6H 9S 3S" };
  g_autoptr (CpState) own = new_position (EXAMPLE_FEN, EXAMPLE_CHECKERS, hands, 4, 5);
  g_autoptr (CpState) other = new_position (EXAMPLE_FEN, EXAMPLE_CHECKERS, hands, 4, 5);
  g_auto (CpActionList) legal = { 0 };
  CpCardTable cards;

  cp_test_play_state (own, "Nxe4 pass 6♠");
  g_assert_cmpuint (front (own, BLACK), ==, 6);
  g_assert_cmpuint (hand_size (own, BLACK), ==, 3);
  cp_test_play_state (own, "draw draw draw");
  g_assert_cmpuint (own->to_move, ==, WHITE);
  table (own, &cards);
  g_assert_cmpuint (cp_hand_count (&cards.discard), ==, 1);
  g_assert_cmpstr (cp_card_to_id (cp_hand_get (&cards.discard, 0)), ==, "6S");

  cp_test_play_state (other, "Nxe4 pass 6♥");
  /* White chooses: from in front, or from under e7 or f5. */
  g_assert_cmpuint (cp_state_pending (other), ==, CP_SEAT_BIT (WHITE));
  cp_state_legal (other, WHITE, &legal);
  g_assert_cmpuint (legal.len, ==, 3);
  g_assert_true (has_legal (other, WHITE, "gives back the checker on e7"));
  cp_test_play_state (other, "xf5");
  g_assert_cmpint (checker (other, "f5"), ==, 0);
  g_assert_cmpuint (front (other, WHITE), ==, 4);
  /* Four cards for four checkers: nothing to discard; Black draws up
   * to five. */
  g_assert_cmpuint (cp_state_pending (other), ==, CP_SEAT_BIT (BLACK));
  cp_test_play_state (other, "draw draw");
  g_assert_cmpuint (other->to_move, ==, WHITE);

  /* Given back from in front, the checker leaves White a card too
   * many. */
  g_clear_pointer (&other, cp_state_free);
  other = new_position (EXAMPLE_FEN, EXAMPLE_CHECKERS, hands, 4, 5);
  cp_test_play_state (other, "Nxe4 pass 6♥ x");
  g_assert_cmpuint (front (other, WHITE), ==, 3);
  g_assert_cmpuint (cp_state_pending (other), ==, CP_SEAT_BIT (WHITE));
  g_assert_true (has_legal (other, WHITE, "discards 3♥"));
  cp_test_play_state (other, "d3H");
  g_assert_cmpuint (hand_size (other, WHITE), ==, 3);
  table (other, &cards);
  g_assert_cmpuint (cp_hand_count (&cards.discard), ==, 2);
  cp_test_play_state (other, "draw draw");
  g_assert_cmpuint (other->to_move, ==, WHITE);
}

/* Tarred pieces move and attack as pawns: one step forward, taking one
 * step diagonally forward, en passant too, never two steps; a tarred pawn
 * does not move.  No castling with a checker on king or rook. */
static void
test_tarred_moves (void)
{
  const char *const hands[2] = { "2H", "2S" };
  g_autoptr (CpState) state = new_position ("r3k2r/8/8/3pN3/8/8/1Q4P1/R3K2R w KQkq d6 0 1",
                                            "e5:b b2:b g2:b h1:b", hands, 1, 1);
  g_autoptr (CpState) queen = new_position ("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", "e2:w", hands, 1, 1);
  g_autoptr (CpState) king = new_position ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1:b", hands, 1, 1);
  g_autoptr (CpState) enemy = new_position ("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", "", hands, 1, 1);

  g_assert_true (has_legal (state, WHITE, "Ne6"));
  g_assert_true (has_legal (state, WHITE, "Nxd6"));
  g_assert_false (has_legal (state, WHITE, "Nf7"));
  g_assert_true (has_legal (state, WHITE, "Qb3"));
  g_assert_false (has_legal (state, WHITE, "Qb4"));
  g_assert_false (has_legal (state, WHITE, "Qb8"));
  g_assert_false (has_legal (state, WHITE, "g3"));
  g_assert_false (has_legal (state, WHITE, "O-O"));
  g_assert_true (has_legal (state, WHITE, "O-O-O"));
  cp_test_play_state (state, "Nxd6");
  g_assert_cmpuint (piece (state, "d5")->kind, ==, CP_PIECE_NONE);
  g_assert_cmpint (checker (state, "d6"), ==, 'b');

  /* A tarred queen next to the king attacks only as a pawn. */
  g_assert_cmpuint (queen->rules->check_cell (queen), ==, CP_NO_CELL);
  g_assert_cmpuint (enemy->rules->check_cell (enemy), ==, cp_test_cell ("e1"));
  g_assert_true (has_legal (queen, WHITE, "Kxe2"));
  g_assert_true (has_legal (queen, WHITE, "Kd2"));
  g_assert_false (has_legal (queen, WHITE, "Kd1"));
  g_assert_false (has_legal (queen, WHITE, "Kf1"));

  /* A tarred king steps forward only. */
  g_assert_true (has_legal (king, WHITE, "Ke2"));
  g_assert_false (has_legal (king, WHITE, "Kd1"));
  g_assert_false (has_legal (king, WHITE, "Kd2"));
}

/* A tarred piece reaching its last rank gives the checker back, and a
 * checker added under a piece on its last rank goes back at once. */
static void
test_last_rank (void)
{
  const char *const hands[2] = { "10S 2H", "2S" };
  g_autoptr (CpState) state = new_position ("4k3/6R1/8/8/8/8/7K/1r6 w - - 0 1", "g7:b", hands, 2, 2);
  g_autofree char *text = NULL;

  g_assert_false (has_legal (state, WHITE, "Rg1"));
  cp_test_play_state (state, "Rg8");
  g_assert_cmpint (checker (state, "g8"), ==, 0);
  g_assert_cmpuint (front (state, BLACK), ==, 3);
  /* The rook moves as a rook again and checks, once the turn is over. */
  g_assert_true (has_legal (state, WHITE, "10♠@b1"));
  cp_test_play_state (state, "10♠@b1");
  g_assert_cmpint (checker (state, "b1"), ==, 0);
  g_assert_cmpuint (front (state, WHITE), ==, 2);
  g_assert_cmpuint (state->to_move, ==, WHITE);
  {
    g_auto (CpActionList) legal = { 0 };

    cp_state_legal (state, WHITE, &legal);
    g_assert_cmpuint (legal.len, ==, 1);
    text = cp_state_format (state, &legal.items[0], CP_NOTATION_SAN);
  }
  /* The draw ends the turn, but the mark of check is not its own. */
  g_assert_cmpstr (text, ==, "draws a card");
  cp_test_play_state (state, "draw");
  g_assert_cmpuint (state->rules->check_cell (state), ==, cp_test_cell ("e8"));
}

/* The mark of mate goes on the move that gives it, not on the action
 * that ends the turn, and only once the turn is over. */
static void
test_mate_mark (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("tar-pit", 2, 5, NULL);
  guint n;
  g_autofree char *early = NULL, *move = NULL, *pass = NULL, *lan = NULL, *computer = NULL;

  cp_test_play (game, "f3 pass e5 pass g4 pass Qh4");
  n = cp_game_get_n_actions (game);
  early = cp_game_format_action (game, n - 1, CP_NOTATION_SAN);
  g_assert_cmpstr (early, ==, "Qh4");
  cp_test_play (game, "pass");
  g_assert_cmpint (cp_game_get_outcome (game)->reason, ==, CP_END_CHECKMATE);
  move = cp_game_format_action (game, n - 1, CP_NOTATION_SAN);
  pass = cp_game_format_action_for (game, n, CP_NOTATION_SAN, 0);
  lan = cp_game_format_action_for (game, n - 1, CP_NOTATION_LAN, 0);
  computer = cp_game_format_action (game, n - 1, CP_NOTATION_COMPUTER);
  g_assert_cmpstr (move, ==, "Qh4#");
  g_assert_cmpstr (pass, ==, "keeps their cards");
  g_assert_cmpstr (lan, ==, "Qd8-h4#");
  g_assert_cmpstr (computer, ==, "d8h4");
}

/* A game played at random until the draw pile runs out: the discard pile
 * is shuffled into a new draw pile, in secret. */
static void
test_reshuffle (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("tar-pit", 2, 11, "checker-cards=4", NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  guint shuffles = 0;

  for (guint turn = 0; turn < 2000 && shuffles < 2 && !cp_state_is_over (cp_game_get_state (game)); turn++)
    {
      const CpState *state = cp_game_get_state (game);
      g_auto (CpActionList) legal = { 0 };
      guint seat = cp_state_first_pending (state), n = cp_game_get_n_actions (game);
      CpCardTable before, after;

      cp_state_legal (state, seat, &legal);
      table (state, &before);
      g_assert_true (cp_game_play (game, &legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)], NULL));
      for (guint i = n + 1; i < cp_game_get_n_actions (game); i++)
        {
          const CpAction *shuffle = cp_game_get_action (game, i);

          g_assert_cmpuint (shuffle->type, ==, CP_ACTION_SHUFFLE);
          g_assert_cmpuint (shuffle->visible, ==, 0);
          g_assert_cmpuint (before.draw_pile, <=, 1);
          table (cp_game_get_state (game), &after);
          g_assert_cmpuint (cp_hand_count (&after.discard), ==, 0);
          g_assert_cmpuint (after.draw_pile, >, 0);
          shuffles++;
        }
    }
  g_assert_cmpuint (shuffles, >, 0);
}

/* Counting moves from a position: the engine's count against the tests'
 * own counter. */
static void
compare_counts (CpState *state, const char *fen, const char *checkers, guint white, guint black,
                guint max_depth)
{
  g_autofree char *white_hand = NULL;
  g_autofree char *black_hand = NULL;
  GString *ids[2] = { g_string_new (NULL), g_string_new (NULL) };
  CpCardTable cards;
  BruteTarPit setup = { fen, checkers, { NULL, NULL }, { white, black }, 0 };

  table (state, &cards);
  for (guint seat = 0; seat < 2; seat++)
    for (guint i = 0; i < cp_hand_count (&cards.hand[seat]); i++)
      g_string_append_printf (ids[seat], "%s ", cp_card_to_id (cp_hand_get (&cards.hand[seat], i)));
  white_hand = g_string_free (ids[0], FALSE);
  black_hand = g_string_free (ids[1], FALSE);
  setup.hands[0] = white_hand;
  setup.hands[1] = black_hand;
  setup.draw_pile = cards.draw_pile;
  for (guint depth = 1; depth <= max_depth; depth++)
    {
      guint64 nodes = cp_state_perft (state, depth);

      g_test_message ("%s: depth %u, %" G_GUINT64_FORMAT " sequences", fen, depth, nodes);
      g_assert_cmpuint (nodes, ==, brute_tar_pit_perft (&setup, depth));
    }
}

static void
test_perft (void)
{
  static const guint64 seeds[] = { 1, 2, 3 };
  const char *const tricky_hands[2] = { "6S 6H 10H 2D", "6C 9S 8S 3S" };
  g_autoptr (CpState) example = new_example ();
  g_autoptr (CpState) tricky = new_position ("r3k2r/8/8/3pN3/8/8/1Q4P1/R3K2R w KQkq d6 0 1",
                                             "e5:b b2:b g2:b h1:b a8:w", tricky_hands, 3, 4);

  /* After the deal that each seed gives. */
  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("tar-pit", 2, seeds[i], NULL);
      g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));

      compare_counts (state, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", 6, 6, 3);
    }
  compare_counts (example, EXAMPLE_FEN, EXAMPLE_CHECKERS, 4, 5, 3);
  compare_counts (tricky, "r3k2r/8/8/3pN3/8/8/1Q4P1/R3K2R w KQkq d6 0 1", "e5:b b2:b g2:b h1:b a8:w", 3, 4, 3);
}

/* The counts of the command line after the deal of --seed 1, against
 * the tests' own counter. */
static void
test_perft_command_line (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("tar-pit", 2, 1, NULL);
  g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));

  if (g_getenv ("CP_PROGRAM") == NULL)
    {
      g_test_skip ("CP_PROGRAM is not set");
      return;
    }
  for (guint depth = 1; depth <= 3; depth++)
    g_assert_cmpuint (cp_test_perft_command ("tar-pit", depth, "--seed", "1", NULL), ==, cp_state_perft (state, depth));
  compare_counts (state, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", 6, 6, 3);
}

/* A saved game keeps its secrets: the shuffle is marked as seen by no
 * seat; read back, each seat's view shows its own hand, the backs of the
 * other's, the draw pile face down and the shuffle hidden. */
static void
test_saved_secrets (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("tar-pit", 2, 5, NULL);
  g_autoptr (CpGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = NULL;
  const CpState *state;
  CpCardTable full;

  cp_test_play (game, "e4 pass e5 pass");
  xml = cp_record_to_string (game, NULL);
  g_assert_nonnull (strstr (xml, "<shuffle seat=\"chance\""));
  g_assert_nonnull (strstr (xml, "visible-to=\"\""));
  loaded = cp_record_load_data (xml, strlen (xml), &error);
  g_assert_no_error (error);
  state = cp_game_get_state (loaded);
  g_assert_cmpuint (cp_game_get_action (loaded, 0)->visible, ==, 0);
  table (state, &full);
  for (guint seat = 0; seat < 2; seat++)
    {
      g_autoptr (CpView) view = cp_game_view (loaded, seat);
      const CpAction *shuffle = cp_view_get_action (view, 0);
      CpCardTable seen;

      g_assert_true (shuffle->flags & CP_ACTION_FLAG_REDACTED);
      g_assert_cmpuint (shuffle->value, ==, 0);
      table (cp_view_get_state (view), &seen);
      g_assert_cmpuint (seen.draw_pile, ==, full.draw_pile);
      g_assert_cmpuint (cp_hand_count (&seen.hand[seat]), ==, 6);
      g_assert_cmpuint (cp_hand_count (&seen.hand[1 - seat]), ==, 6);
      for (guint i = 0; i < 6; i++)
        {
          g_assert_cmpuint (cp_hand_get (&seen.hand[seat], i), ==, cp_hand_get (&full.hand[seat], i));
          g_assert_cmpuint (cp_hand_get (&seen.hand[1 - seat], i), ==, CP_CARD_UNKNOWN);
        }
    }
}

/* The 36 cards of the game with two checker cards of each colour. */
static const char *const all_cards[] = {
  "2H", "3H", "4H", "5H", "2D", "3D", "4D", "5D", "2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C",
  "8H", "8D", "8S", "8C", "9H", "9D", "9S", "9C", "10H", "10D", "10S", "10C",
  "QH", "KH", "QS", "KS", "6H", "6D", "6S", "6C",
};

/* A position text: @head (FEN, stage, tarred pieces and checkers in
 * front), the hands, the cards of @discard, and every other card in the
 * draw pile in the order above. */
static char *
position_text (const char *head, const char *white, const char *black, const char *discard)
{
  g_autofree char *given = g_strdup_printf (",%s,%s,%s,", white, black, discard);
  GString *pile = g_string_new (NULL);
  g_autofree char *draw = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (all_cards); i++)
    {
      g_autofree char *id = g_strdup_printf (",%s,", all_cards[i]);

      if (strstr (given, id) == NULL)
        g_string_append_printf (pile, "%s%s", pile->len > 0 ? "," : "", all_cards[i]);
    }
  draw = g_string_free (pile, FALSE);
  return g_strdup_printf ("%s %s %s %s %s", head, white, black, draw, discard);
}

static CpState *
from_text (const char *text)
{
  g_autofree char *option = g_strconcat (CP_POSITION_OPTION "=", text, NULL);

  return cp_test_new_state ("tar-pit", 2, option, NULL);
}

static void
assert_written_back (const CpState *state, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *written = cp_state_write_position (state, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (written, ==, text);
}

/* The worked example as a position text: the checkers, the tar, the
 * checkers in front and the cards are read and written back, and play
 * goes on from it as the example says. */
static void
test_position_text (void)
{
  g_autofree char *text
    = position_text ("rnbqkb1r/ppppp*1pp/5n2/5p*2/4P*1P1/5P2/PPPP3P/RNBQKBNR b KQkq - 0 4 move e4,f5,e7 4 5",
                     "3H,9D,QH,6S", "10S,9S,2S,8S", "5D,3C");
  g_autoptr (CpState) state = from_text (text);
  CpCardTable cards;
  g_autofree char *after = NULL;

  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (BLACK));
  g_assert_cmpint (checker (state, "e7"), ==, 'w');
  g_assert_cmpint (checker (state, "f5"), ==, 'w');
  g_assert_cmpint (checker (state, "e4"), ==, 'b');
  g_assert_cmpuint (front (state, WHITE), ==, 4);
  g_assert_cmpuint (front (state, BLACK), ==, 5);
  table (state, &cards);
  g_assert_cmpuint (cp_hand_get (&cards.hand[BLACK], 0), ==, cp_card_new (CP_SUIT_SPADES, CP_RANK_TEN));
  g_assert_cmpuint (cp_hand_get (&cards.hand[BLACK], 3), ==, cp_card_new (CP_SUIT_SPADES, CP_RANK_EIGHT));
  g_assert_cmpuint (cards.draw_pile, ==, 26);
  g_assert_cmpuint (cp_hand_count (&cards.discard), ==, 2);
  assert_written_back (state, text);

  /* The tarred pawn on f5 cannot move; the knight takes on e4 and may
   * throw the tar it now carries. */
  g_assert_false (has_legal (state, BLACK, "f4"));
  cp_test_play_state (state, "Nxe4");
  after = position_text ("rnbqkb1r/ppppp*1pp/8/5p*2/4n*1P1/5P2/PPPP3P/RNBQKBNR b KQkq - 0 4 throw:e4 f5,e7 4 5",
                         "3H,9D,QH,6S", "10S,9S,2S,8S", "5D,3C");
  assert_written_back (state, after);
  cp_test_play_state (state, "^f3 8♠@e4 draw");
  g_free (after);
  after = position_text ("rnbqkb1r/ppppp*1pp/8/5p*2/4n*1P1/5P*2/PPPP3P/RNBQKBNR w KQkq - 0 5 move f3,f5,e7 4 4",
                         "3H,9D,QH,6S", "10S,9S,2S,2H", "5D,3C,8S");
  assert_written_back (state, after);
}

/* The tar read from a text: a tarred pawn gives no check, and a tarred
 * piece is freed on its far rank, not on its own first rank. */
static void
test_position_tar (void)
{
  g_autofree char *tarred = position_text ("4k3/8/8/8/8/8/3p*4/4K3 w - - 0 1 move d2 1 1", "2H", "2S", "-");
  g_autofree char *carrying = position_text ("4k3/8/8/8/8/8/3p*4/4K3 w - - 0 1 move - 1 1", "2H", "2S", "-");
  g_autofree char *crawl = position_text ("4k3/1N*6/8/8/8/8/8/2B*1K3 w - - 0 1 move b7,c1 1 1", "2H", "2S", "-");
  g_autoptr (CpState) pawn = from_text (tarred);
  g_autoptr (CpState) checking = from_text (carrying);
  g_autoptr (CpState) state = from_text (crawl);
  g_autoptr (CpState) home = from_text (crawl);

  g_assert_cmpuint (pawn->rules->check_cell (pawn), ==, CP_NO_CELL);
  g_assert_true (has_legal (pawn, WHITE, "Kf2"));
  g_assert_true (has_legal (pawn, WHITE, "Kxd2"));
  g_assert_cmpuint (checking->rules->check_cell (checking), ==, cp_test_cell ("e1"));

  /* The knight crawls on to b8, the far rank, and is freed. */
  g_assert_true (has_legal (state, WHITE, "Nb8"));
  cp_test_play_state (state, "Nb8");
  g_assert_cmpint (checker (state, "b8"), ==, 0);
  g_assert_cmpuint (front (state, BLACK), ==, 2);
  /* The bishop on its own first rank stays tarred, and crawls forward. */
  g_assert_cmpint (checker (home, "c1"), ==, 'b');
  g_assert_true (has_legal (home, WHITE, "Bc2"));
  g_assert_false (has_legal (home, WHITE, "Bd2"));
  cp_test_play_state (home, "Bc2");
  g_assert_cmpint (checker (home, "c2"), ==, 'b');
  g_assert_cmpuint (front (home, BLACK), ==, 1);
}

/* A plain FEN still sets up the game to be dealt. */
static void
test_position_plain (void)
{
  g_autoptr (CpState) state
    = cp_test_new_state ("tar-pit", 2, "fen=rnbqkbnr/pppppppp/8/8/4P*3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", NULL);

  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (CP_SEAT_CHANCE));
  g_assert_cmpint (checker (state, "e4"), ==, 'w');
}

/* Texts that cannot be read name what is wrong. */
static void
test_position_refused (void)
{
  static const struct {
    const char *head, *white, *black, *discard, *reason;
  } cases[] = {
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 move -", "2H", "2S", "-", "after the six fields of FEN come eight more" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 deal - 1 1", "2H", "2S", "-", "the stage must be “move”" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 throw:e1 - 1 1", "2H", "2S", "-", "must stand on its own checker" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 move e1 1 1", "2H", "2S", "-", "“e1” is not the cell of a piece on a checker" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 move - 13 1", "2H", "2S", "-", "more than twelve checkers" },
    { "4k3/8/8/8/8/8/8/4K**3 w - - 0 1 move - 1 1", "2H", "2S", "-", "more than one checker" },
    { "4k3/1N6/8/8/8/8/8/4K3 w - - 0 1 move b7 1 1", "2H", "2S", "-", "“b7” is not the cell" },
    { "1N*2k3/8/8/8/8/8/8/4K3 w - - 0 1 move b8 1 1", "2H", "2S", "-", "“b8” holds a tarred piece on its last rank" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 move - 1 1", "AS", "2S", "-", "“AS” is not a card of this game" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 move - 1 1", "7H", "2S", "-", "“7H” is not a card of this game" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 move - 1 1", "2H", "2S,2H", "-", "the card “2H” is given twice" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 card - 1 1", "-", "2S", "-", "the player to play a card holds none" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 draw - 1 1", "2H", "2S", "-", "the player to draw holds as many cards" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 return - 1 1", "2H", "2S", "-", "has none under a piece" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 discard - 1 1", "2H", "2S", "-", "no more cards than checkers" },
    { "4k3/8/8/8/8/8/8/8 w - - 0 1 move - 1 1", "2H", "2S", "-", "each side must have exactly one king" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = position_text (cases[i].head, cases[i].white, cases[i].black, cases[i].discard);

      cp_test_assert_position_refused ("tar-pit", 2, NULL, text, cases[i].reason);
    }
  cp_test_assert_position_refused ("tar-pit", 2, NULL, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 move - 1 1 2H 2S 3H -",
                                   "is missing: every card of the game lies in a hand or a pile");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tar-pit/deal", test_deal);
  g_test_add_func ("/tar-pit/example", test_example);
  g_test_add_func ("/tar-pit/mate-mark", test_mate_mark);
  g_test_add_func ("/tar-pit/example-pawn-card", test_example_pawn_card);
  g_test_add_func ("/tar-pit/combining", test_combining);
  g_test_add_func ("/tar-pit/checker-cards", test_checker_cards);
  g_test_add_func ("/tar-pit/tarred-moves", test_tarred_moves);
  g_test_add_func ("/tar-pit/last-rank", test_last_rank);
  g_test_add_func ("/tar-pit/reshuffle", test_reshuffle);
  g_test_add_func ("/tar-pit/perft", test_perft);
  g_test_add_func ("/tar-pit/perft-command-line", test_perft_command_line);
  g_test_add_func ("/tar-pit/saved-secrets", test_saved_secrets);
  g_test_add_func ("/tar-pit/position-text", test_position_text);
  g_test_add_func ("/tar-pit/position-tar", test_position_tar);
  g_test_add_func ("/tar-pit/position-plain", test_position_plain);
  g_test_add_func ("/tar-pit/position-refused", test_position_refused);
  return g_test_run ();
}
