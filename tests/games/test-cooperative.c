/* test-cooperative.c: Cooperative Chess
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-chess-state.h"
#include "cp-games.h"
#include "cp-record.h"
#include "cp-test-util.h"

enum { WHITE, BLACK };

/* The position of the rules' examples: Black to move after 1. e4 d5
 * 2. c4 dxe4 3. cxd5, or the like. */
#define EXAMPLE_FEN "rnbqkbnr/ppp1pppp/8/3P4/4P3/8/PP1P1PPP/RNBQKBNR b KQkq - 0 3"

/* A game from @fen with the cards laid out: White's hand, Black's hand,
 * White's discards, Black's discards, the captured cards (card ids, from
 * the bottom of each pile up). */
static CpState *
arranged (const char *fen, const char *white_hand, const char *black_hand, const char *white_discards,
          const char *black_discards, const char *captured)
{
  g_autofree char *option = g_strdup_printf ("fen=%s", fen);
  CpState *state = cp_test_new_state ("cooperative", 2, "colours=seated", option, NULL);
  const char *const piles[5] = { white_hand, black_hand, white_discards, black_discards, captured };

  cp_cooperative_arrange (state, piles);
  return state;
}

static CpCard
card (const char *id)
{
  CpCard c;

  g_assert_true (cp_card_from_id (id, &c));
  return c;
}

/* Finds the legal move of the side to move from @from to @to (promoting
 * to @promotion), if there is one. */
static gboolean
find_move (const CpState *state, const char *from, const char *to, CpPieceKind promotion, CpAction *out)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (state, state->to_move, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      const CpAction *a = &legal.items[i];

      if (a->type == CP_ACTION_MOVE && a->cells[0] == cp_test_cell (from)
          && a->cells[a->n_cells - 1] == cp_test_cell (to) && a->piece == promotion)
        {
          *out = *a;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
can_move (const CpState *state, const char *from, const char *to)
{
  CpAction action;

  return find_move (state, from, to, CP_PIECE_NONE, &action);
}

/* Makes a move and returns its text. */
static char *
move (CpState *state, const char *from, const char *to, CpPieceKind promotion)
{
  g_autoptr (GError) error = NULL;
  CpAction action;
  char *text;

  if (!find_move (state, from, to, promotion, &action))
    g_error ("%s-%s is not legal", from, to);
  text = cp_state_format (state, &action, CP_NOTATION_SAN);
  g_assert_true (cp_state_apply (state, &action, &error));
  g_assert_no_error (error);
  return text;
}

static void
play (CpState *state, const char *id)
{
  g_autoptr (GError) error = NULL;
  CpCard c = card (id);
  CpAction action;

  cp_action_init (&action, CP_ACTION_PLAY_CARD, state->to_move);
  action.value = cp_card_pack (&c, 1);
  g_assert_true (cp_state_apply (state, &action, &error));
  g_assert_no_error (error);
}

static void
end_turn (CpState *state)
{
  g_autoptr (GError) error = NULL;
  CpAction action;

  cp_action_init (&action, CP_ACTION_PASS, state->to_move);
  g_assert_true (cp_state_apply (state, &action, &error));
  g_assert_no_error (error);
}

/* The cards of a pile of the table, as ids from the bottom up. */
static char *
pile (const CpHand *hand)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < cp_hand_count (hand); i++)
    g_string_append_printf (text, "%s%s", i ? " " : "", cp_card_to_id (cp_hand_get (hand, i)));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
assert_pile (const CpHand *hand, const char *expected)
{
  g_autofree char *text = pile (hand);

  g_assert_cmpstr (text, ==, expected);
}

static CpCardTable
table (const CpState *state)
{
  CpCardTable t;

  state->rules->cards (state, &t);
  return t;
}

static void
assert_piece (const CpState *state, const char *cell, CpPieceKind kind, guint seat)
{
  const CpPiece *p = &state->cells[cp_test_cell (cell)];

  g_assert_cmpuint (p->kind, ==, kind);
  if (kind != CP_PIECE_NONE)
    g_assert_cmpuint (p->seat, ==, seat);
}

/* The first example: Black holds a knight, a bishop and a king; White's
 * stack has a red pawn card under a black one.  The bishop goes to e6,
 * Black plays the bishop card and takes both pawns, one for each card. */
static void
test_bishop_takes_two_pawns (void)
{
  g_autoptr (CpState) state = arranged (EXAMPLE_FEN, "10H QH 8H", "8S 9S KS", "2H 2S", "", "3H");
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *third = NULL;
  CpCardTable t;

  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (BLACK));
  /* The first move takes nothing. */
  g_assert_false (can_move (state, "d8", "d5"));
  first = move (state, "c8", "e6", CP_PIECE_NONE);
  g_assert_cmpstr (first, ==, "Be6");
  /* A second move may not follow: a card must be played. */
  g_assert_false (can_move (state, "e6", "f5"));
  play (state, "9S");
  /* Only the bishop that moved may take. */
  g_assert_true (can_move (state, "e6", "d5"));
  g_assert_false (can_move (state, "d8", "d5"));
  second = move (state, "e6", "d5", CP_PIECE_NONE);
  g_assert_cmpstr (second, ==, "Bxd5 (2♠)");
  third = move (state, "d5", "e4", CP_PIECE_NONE);
  g_assert_cmpstr (third, ==, "Bxe4 (2♥)");

  /* White's stack is empty: the turn ends, and Black draws back to 3. */
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (WHITE));
  assert_piece (state, "e4", CP_PIECE_BISHOP, BLACK);
  assert_piece (state, "d5", CP_PIECE_NONE, 0);
  t = table (state);
  assert_pile (&t.up[WHITE], "");
  assert_pile (&t.up[BLACK], "9S");
  assert_pile (&t.discard, "3H 2S 2H");
  g_assert_cmpuint (cp_hand_count (&t.hand[BLACK]), ==, 3);
  g_assert_true (cp_hand_contains (&t.hand[BLACK], card ("8S")));
  g_assert_true (cp_hand_contains (&t.hand[BLACK], card ("KS")));
  g_assert_cmpuint (t.draw_pile, ==, 32 - 6 - 2 - 1 - 1);
}

/* The king cannot come near enough to take anything this turn: the card
 * is played, and the turn ends at once. */
static void
test_king_too_far (void)
{
  g_autoptr (CpState) state = arranged (EXAMPLE_FEN, "10H QH 8H", "8S 9S KS", "2H 2S", "", "3H");

  g_free (move (state, "e8", "d7", CP_PIECE_NONE));
  play (state, "KS");
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (WHITE));
}

/* The second example: the knight goes to f6, takes on e4 and then on d2,
 * where any piece but a pawn or a rook can attack it. */
static void
test_knight_to_d2 (void)
{
  g_autoptr (CpState) state = arranged (EXAMPLE_FEN, "10H QH 8H", "8S 9S KS", "2H 2S", "", "3H");

  g_free (move (state, "g8", "f6", CP_PIECE_NONE));
  play (state, "8S");
  g_free (move (state, "f6", "e4", CP_PIECE_NONE));
  g_free (move (state, "e4", "d2", CP_PIECE_NONE));
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (WHITE));
  assert_piece (state, "d2", CP_PIECE_KNIGHT, BLACK);
  assert_piece (state, "d5", CP_PIECE_PAWN, WHITE);
  assert_piece (state, "e4", CP_PIECE_NONE, 0);
}

/* The third example: a rook card lies under White's red pawn card.  The
 * black bishop card takes the white pawn, both colours match, so the rook
 * card becomes wild, and the bishop takes the knight on b1. */
static void
test_double_colour_match (void)
{
  g_autoptr (CpState) state = arranged (EXAMPLE_FEN, "10H QH 8H", "8S 9S KS", "10S 2H", "", "3H");
  g_autofree char *take = NULL;
  g_autofree char *wild = NULL;
  CpCardTable t;

  g_free (move (state, "c8", "f5", CP_PIECE_NONE));
  play (state, "9S");
  take = move (state, "f5", "e4", CP_PIECE_NONE);
  g_assert_cmpstr (take, ==, "Bxe4 (2♥)");
  /* The rook card is wild: the bishop may take the knight or the pawn. */
  g_assert_true (can_move (state, "e4", "b1"));
  wild = move (state, "e4", "b1", CP_PIECE_NONE);
  g_assert_cmpstr (wild, ==, "Bxb1 (10♠ wild)");
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (WHITE));
  assert_piece (state, "b1", CP_PIECE_BISHOP, BLACK);
  t = table (state);
  assert_pile (&t.discard, "3H 2H 10S");
}

/* The same with a red bishop card: the colours do not both match, and the
 * rook card asks for a rook, which the bishop cannot reach. */
static void
test_colour_mismatch (void)
{
  g_autoptr (CpState) state = arranged (EXAMPLE_FEN, "10H QH 8H", "8S 9H KS", "10S 2H", "", "3H");

  g_free (move (state, "c8", "f5", CP_PIECE_NONE));
  play (state, "9H");
  g_free (move (state, "f5", "e4", CP_PIECE_NONE));
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (WHITE));
}

/* Captures may stop before the cards run out: the End Turn button. */
static void
test_stop_early (void)
{
  g_autoptr (CpState) state = arranged (EXAMPLE_FEN, "10H QH 8H", "8S 9S KS", "2H 2S", "", "3H");
  g_autoptr (CpPresentation) shown = cp_presentation_new ();

  g_free (move (state, "c8", "e6", CP_PIECE_NONE));
  play (state, "9S");
  state->rules->present (state, state, BLACK, shown);
  g_assert_nonnull (cp_presentation_find_button (shown, "end-turn"));
  g_assert_cmpstr (shown->prompt, ==, "Capture with your 9♠ (bishop) card, taking 2♠ (pawn), or end the turn");
  g_free (move (state, "e6", "d5", CP_PIECE_NONE));
  end_turn (state);
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (WHITE));
  assert_piece (state, "e4", CP_PIECE_PAWN, WHITE);
}

/* A kind a player has no piece of is wild on their stack: White has no
 * queen, so on the queen card of White's stack Black's pawn takes White's
 * rook, and with White's own queen card the white king takes. */
static void
test_missing_kind_is_wild (void)
{
  const char *fen = "4k3/8/8/8/8/1p6/R7/1K6 b - - 0 1";
  g_autoptr (CpState) state = arranged (fen, "QH KH 2H", "2S 3S 4S", "QS", "", "");

  play (state, "2S");
  g_free (move (state, "b3", "a2", CP_PIECE_NONE));
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (WHITE));
  play (state, "QH");
  g_assert_true (can_move (state, "b1", "a2"));
}

/* The same with a king card that is not wild, on a queen card that is
 * not: Black still has its queen. */
static void
test_kind_left_is_not_wild (void)
{
  const char *fen = "3qk3/8/8/8/8/8/p7/1K6 w - - 0 1";
  g_autoptr (CpState) state = arranged (fen, "QH KH 2H", "2S 3S 4S", "", "QS", "");

  play (state, "KH");
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (BLACK));
}

/* The rook moves to e8 and takes the king on the king card: a king taken
 * ends the game.  Both
 * queens and all bishops are gone, a pawn, a knight and a rook of some
 * colour and the other king are left: 2 points. */
static void
test_score (void)
{
  const char *fen = "r5k1/p7/1n6/8/8/8/7P/4K1NR b - - 0 1";
  g_autoptr (CpState) state = arranged (fen, "2H 3H 4H", "10S 2S 3S", "KH", "", "");
  g_autoptr (CpPresentation) shown = cp_presentation_new ();

  state->rules->present (state, state, BLACK, shown);
  g_assert_cmpuint (shown->side->len, ==, 2);
  g_assert_cmpstr (g_array_index (shown->side, CpSideItem, 0).text, ==, "2 gone");
  g_assert_cmpstr (g_array_index (shown->side, CpSideItem, 1).text, ==, "31 cards");
  g_free (move (state, "a8", "e8", CP_PIECE_NONE));
  play (state, "10S");
  g_free (move (state, "e8", "e1", CP_PIECE_NONE));
  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_WON);
  g_assert_cmpuint (state->outcome.reason, ==, CP_END_KING_CAPTURED);
  g_assert_cmpuint (state->outcome.winners, ==, CP_SEAT_BIT (WHITE) | CP_SEAT_BIT (BLACK));
  g_assert_true (state->outcome.scored);
  g_assert_cmpuint (state->outcome.score, ==, 2);
  g_assert_cmpuint (cp_state_pending (state), ==, 0);
}

/* Without pawns either: 3 points. */
static void
test_score_three (void)
{
  const char *fen = "r5k1/8/1n6/8/8/8/8/4K1NR b - - 0 1";
  g_autoptr (CpState) state = arranged (fen, "2H 3H 4H", "10S 2S 3S", "KH", "", "");

  g_free (move (state, "a8", "e8", CP_PIECE_NONE));
  play (state, "10S");
  g_free (move (state, "e8", "e1", CP_PIECE_NONE));
  g_assert_cmpuint (state->outcome.score, ==, 3);
}

/* The ids of every card but the two of hearts and the two of spades. */
static char *
all_but_twos (void)
{
  CpDeck deck;
  GString *rest = g_string_new (NULL);

  cp_deck_init_chess (&deck, CP_CHESS_DECK_PAWNS | CP_CHESS_DECK_PIECES);
  g_assert_cmpuint (cp_deck_count (&deck), ==, 32);
  for (guint i = 0; i < cp_deck_count (&deck); i++)
    {
      const char *id = cp_card_to_id (cp_deck_peek (&deck, i));

      if (!g_str_equal (id, "2H") && !g_str_equal (id, "2S"))
        g_string_append_printf (rest, "%s%s", rest->len ? " " : "", id);
    }
  return g_string_free (rest, FALSE);
}

/* Computer partners weigh a position alike, higher the more kinds are
 * gone and the more cards are left, and a finished game by its score. */
static void
test_evaluate (void)
{
  g_autoptr (CpState) start = arranged ("r5k1/p7/1n6/8/8/8/7P/4K1NR b - - 0 1", "2H 3H 4H", "10S 2S 3S", "KH", "", "");
  g_autoptr (CpState) fewer = arranged ("r5k1/8/1n6/8/8/8/8/4K1NR b - - 0 1", "2H 3H 4H", "10S 2S 3S", "KH", "", "");
  g_autoptr (CpState) won = arranged ("r5k1/8/1n6/8/8/8/8/4K1NR b - - 0 1", "2H 3H 4H", "10S 2S 3S", "KH", "", "");
  g_autofree char *rest = all_but_twos ();
  g_autoptr (CpState) lost = arranged ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "2H", "2S", "", "", rest);
  int in_play;

  g_assert_cmpint (cp_state_evaluate (start, WHITE), ==, cp_state_evaluate (start, BLACK));
  /* The pawns gone: a point more. */
  g_assert_cmpint (cp_state_evaluate (fewer, WHITE), >, cp_state_evaluate (start, WHITE));
  in_play = cp_state_evaluate (won, BLACK);
  g_free (move (won, "a8", "e8", CP_PIECE_NONE));
  play (won, "10S");
  g_free (move (won, "e8", "e1", CP_PIECE_NONE));
  g_assert_cmpuint (won->outcome.score, ==, 3);
  g_assert_cmpint (cp_state_evaluate (won, BLACK), >, cp_state_evaluate (start, BLACK));
  g_assert_cmpint (cp_state_evaluate (won, BLACK), >, 0);
  g_assert_cmpint (in_play, >, 0);
  play (lost, "2H");
  play (lost, "2S");
  g_assert_cmpuint (lost->outcome.status, ==, CP_STATUS_LOST);
  g_assert_cmpint (cp_state_evaluate (lost, WHITE), <, cp_state_evaluate (start, WHITE));
  g_assert_cmpint (cp_state_evaluate (lost, WHITE), <, 0);
}

/* A player who must play a card and has none loses the game for both. */
static void
test_out_of_cards (void)
{
  g_autofree char *rest = all_but_twos ();
  g_autoptr (CpState) state = arranged ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "2H", "2S", "", "", rest);
  g_assert_cmpuint (table (state).draw_pile, ==, 0);
  play (state, "2H");
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (BLACK));
  play (state, "2S");
  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_LOST);
  g_assert_cmpuint (state->outcome.reason, ==, CP_END_OUT_OF_CARDS);
  g_assert_cmpuint (state->outcome.winners, ==, 0);
}

/* Castling is the turn's move: the captures that follow are the king's. */
static void
test_castling (void)
{
  const char *fen = "4k3/8/8/8/8/8/5p2/4K2R w K - 0 1";
  g_autoptr (CpState) state = arranged (fen, "KH 10H 2H", "2S 3S 4S", "", "5S", "");

  g_assert_true (can_move (state, "e1", "h1"));
  g_free (move (state, "e1", "h1", CP_PIECE_NONE));
  assert_piece (state, "g1", CP_PIECE_KING, WHITE);
  play (state, "KH");
  g_assert_true (can_move (state, "g1", "f2"));
  g_free (move (state, "g1", "f2", CP_PIECE_NONE));
  assert_piece (state, "f2", CP_PIECE_KING, WHITE);
}

/* The same rook card after castling: the rook moved with the king, but
 * the king is the piece of the turn. */
static void
test_castling_one_piece (void)
{
  const char *fen = "4k3/8/8/8/8/8/5p2/4K2R w K - 0 1";
  g_autoptr (CpState) state = arranged (fen, "KH 10H 2H", "2S 3S 4S", "", "5S", "");

  g_free (move (state, "e1", "h1", CP_PIECE_NONE));
  play (state, "10H");
  g_assert_false (can_move (state, "f1", "f2"));
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (BLACK));
}

/* En passant: Black steps d7-d5 past the pawn on e5; White takes it on
 * its next turn with a pawn card, on a pawn card of Black's. */
static void
test_en_passant (void)
{
  const char *fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
  g_autoptr (CpState) state = arranged (fen, "2H 3H 4H", "2S 3S 4S", "", "", "");
  g_autofree char *text = NULL;

  g_free (move (state, "d7", "d5", CP_PIECE_NONE));
  play (state, "2S");
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (WHITE));
  play (state, "3H");
  g_assert_true (can_move (state, "e5", "d6"));
  text = move (state, "e5", "d6", CP_PIECE_NONE);
  g_assert_cmpstr (text, ==, "exd6 (2♠)");
  assert_piece (state, "d5", CP_PIECE_NONE, 0);
}

/* A pawn may promote to any piece; White's last pawn gone, the pawn card
 * on White's stack is wild, and the new queen goes on taking. */
static void
test_promotion (void)
{
  const char *fen = "rn2k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
  g_autoptr (CpState) state = arranged (fen, "2H 3H 4H", "2S 3S 4S", "", "8S 10S", "");
  CpAction action;

  play (state, "2H");
  for (CpPieceKind kind = CP_PIECE_KNIGHT; kind <= CP_PIECE_QUEEN; kind++)
    g_assert_true (find_move (state, "b7", "a8", kind, &action));
  g_free (move (state, "b7", "a8", CP_PIECE_QUEEN));
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (WHITE));
  g_assert_true (can_move (state, "a8", "b8"));
  g_free (move (state, "a8", "b8", CP_PIECE_NONE));
  assert_piece (state, "b8", CP_PIECE_QUEEN, WHITE);
}

/* There is no check: a king may step into an attack, or stay in one. */
static void
test_no_check (void)
{
  g_autoptr (CpState) into = arranged ("3rk3/8/8/8/8/8/8/4K3 w - - 0 1", "2H 3H 4H", "2S 3S 4S", "", "", "");
  g_autoptr (CpState) in = arranged ("3rk3/8/8/8/8/8/8/3K4 w - - 0 1", "2H 3H 4H", "2S 3S 4S", "", "", "");

  g_assert_true (can_move (into, "e1", "d1"));
  g_assert_true (can_move (into, "e1", "d2"));
  g_assert_true (can_move (in, "d1", "d2"));
  play (in, "2H");
  g_assert_cmpuint (cp_state_pending (in), ==, CP_SEAT_BIT (BLACK));
}

/* Hands are seen by their holders only, and no one sees the draw pile or
 * the shuffle. */
static void
test_secrets (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("cooperative", 2, 7, NULL);
  const CpAction *shuffle = cp_game_get_action (game, 0);

  g_assert_cmpuint (shuffle->type, ==, CP_ACTION_SHUFFLE);
  g_assert_cmpuint (shuffle->visible, ==, 0);
  g_assert_cmpuint (cp_game_get_action (game, 1)->type, ==, CP_ACTION_ROLL);
  for (guint seat = 0; seat < 2; seat++)
    {
      g_autoptr (CpView) view = cp_game_view (game, seat);
      const CpState *seen = cp_view_get_state (view);
      CpCardTable t = table (seen);

      g_assert_cmpuint (cp_hand_count (&t.hand[seat]), ==, 3);
      g_assert_cmpuint (cp_hand_count (&t.hand[1 - seat]), ==, 3);
      for (guint i = 0; i < 3; i++)
        {
          g_assert_cmpuint (cp_hand_get (&t.hand[seat], i), !=, CP_CARD_UNKNOWN);
          g_assert_cmpuint (cp_hand_get (&t.hand[1 - seat], i), ==, CP_CARD_UNKNOWN);
        }
      g_assert_cmpuint (t.draw_pile, ==, 26);
      g_assert_cmpuint (cp_view_get_action (view, 0)->value, ==, 0);
    }
}

/* Move counts from the deal: White has 20 moves and 3 cards; after a
 * move, the 3 cards; after a card, with nothing to take, Black's turn. */
static void
test_perft (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("cooperative", 2, 5, "colours=seated", NULL);
  g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));
  guint64 turn = 20 + 3;            /* a move or a card */
  guint64 two = 20 * 3 + 3 * turn;  /* a move and a card; a card and Black's first action */
  /* a move, a card and Black's first; a card, Black's move and card; two cards and White's first */
  guint64 three = 20 * 3 * turn + 3 * 20 * 3 + 3 * 3 * turn;

  g_assert_cmpuint (cp_state_perft (state, 1), ==, turn);
  g_assert_cmpuint (cp_state_perft (state, 2), ==, two);
  g_assert_cmpuint (cp_state_perft (state, 3), ==, three);
}

/* The same from the command line, from the deal its seed gives. */
static void
test_perft_command (void)
{
  if (g_getenv ("CP_PROGRAM") == NULL)
    {
      g_test_skip ("CP_PROGRAM is not set");
      return;
    }
  g_assert_cmpuint (cp_test_perft_command ("cooperative", 3, "--seed", "5", NULL), ==, 1767);
}

/* A record keeps the cards, and says the score. */
static void
test_record (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("cooperative", 2, 3, NULL);
  g_autoptr (CpGame) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);

  while (!cp_state_is_over (cp_game_get_state (game)))
    {
      g_auto (CpActionList) legal = { 0 };

      cp_test_legal (game, &legal);
      cp_test_play_action (game, legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)]);
    }
  xml = cp_record_to_string (game, NULL);
  g_assert_nonnull (strstr (xml, "visible-to=\"\""));
  g_assert_nonnull (strstr (xml, "san=\"plays "));
  back = cp_record_load_data (xml, strlen (xml), &error);
  g_assert_no_error (error);
  g_assert_cmpmem (cp_game_get_outcome (back), sizeof (CpOutcome), cp_game_get_outcome (game), sizeof (CpOutcome));
}

/* The best scores of groups of players, in the preferences folder. */
static void
test_best_scores (void)
{
  const char *pair[] = { "Anna = [1]", "Ben+Co" };
  const char *swapped[] = { "Ben+Co", "Anna = [1]" };
  const char *other[] = { "Anna = [1]", "Cleo" };
  g_autoptr (GError) error = NULL;
  int before;

  g_assert_cmpint (cp_best_scores_lookup ("cooperative", pair, 2), ==, -1);
  g_assert_true (cp_best_scores_add ("cooperative", pair, 2, 2, &before, &error));
  g_assert_no_error (error);
  g_assert_cmpint (before, ==, -1);
  /* The same players in another order are the same pair. */
  g_assert_true (cp_best_scores_add ("cooperative", swapped, 2, 1, &before, &error));
  g_assert_cmpint (before, ==, 2);
  g_assert_cmpint (cp_best_scores_lookup ("cooperative", pair, 2), ==, 2);
  g_assert_true (cp_best_scores_add ("cooperative", swapped, 2, 3, NULL, &error));
  g_assert_cmpint (cp_best_scores_lookup ("cooperative", pair, 2), ==, 3);
  g_assert_cmpint (cp_best_scores_lookup ("cooperative", other, 2), ==, -1);
  g_assert_cmpint (cp_best_scores_lookup ("golf", pair, 2), ==, -1);
}

static void
count_notice (guint *n, const char *message)
{
  if (g_str_has_prefix (message, "A new best score for White and Black: "))
    (*n)++;
}

/* A game played in a session to a captured king: its score is kept as the
 * players' best, and the window is told.  Playing any capture, about one
 * game in forty ends so; the draws depend on every byte of the state, so
 * the seeds that do change with its layout. */
static void
test_session_score (void)
{
  for (guint64 seed = 1; seed < 400; seed++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("cooperative", 2, seed, "colours=seated", NULL);
      g_autoptr (CpSession) session = cp_session_new (game, NULL);
      const char *names[] = { "White", "Black" };
      guint notices = 0;

      g_signal_connect_swapped (session, "notice", G_CALLBACK (count_notice), &notices);
      while (!cp_state_is_over (cp_game_get_state (game)))
        {
          g_auto (CpActionList) legal = { 0 };
          g_autoptr (GError) error = NULL;
          guint chosen = 0;

          /* The player to act takes the screen at the curtain. */
          cp_session_take_screen (session);
          cp_test_legal (game, &legal);
          /* Any capture, else the first action. */
          for (guint i = 0; i < legal.len; i++)
            if (legal.items[i].flags & CP_ACTION_FLAG_CAPTURE)
              chosen = i;
          g_assert_true (cp_session_play (session, &legal.items[chosen], &error));
          g_assert_no_error (error);
        }
      if (!cp_game_get_outcome (game)->scored)
        {
          g_assert_cmpuint (notices, ==, 0);
          continue;
        }
      g_assert_cmpuint (notices, ==, 1);
      g_assert_cmpint (cp_best_scores_lookup ("cooperative", names, 2), >=, cp_game_get_outcome (game)->score);
      return;
    }
  g_assert_not_reached ();
}

/* Every legal action of @state is read back from its text in every
 * notation as itself. */
static void
assert_legal_read_back (const CpState *state)
{
  static const CpNotation notations[] = {
    CP_NOTATION_SAN, CP_NOTATION_LAN, CP_NOTATION_FIGURINE, CP_NOTATION_COMPUTER,
    CP_NOTATION_SAN_LOCAL, CP_NOTATION_LAN_LOCAL,
  };
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (state, state->to_move, &legal);
  g_assert_cmpuint (legal.len, >, 0);
  for (guint i = 0; i < legal.len; i++)
    for (guint n = 0; n < G_N_ELEMENTS (notations); n++)
      {
        g_autofree char *text = cp_state_format (state, &legal.items[i], notations[n]);
        g_autoptr (GError) error = NULL;
        CpAction back;

        if (!cp_state_parse (state, text, &back, &error))
          g_error ("“%s” is not read back: %s", text, error->message);
        g_assert_true (cp_action_same (&back, &legal.items[i]));
      }
}

/* Reads @text and plays it; the action read is written as @written. */
static void
play_text (CpState *state, const char *text, const char *written)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *again = NULL;
  CpAction action;

  assert_legal_read_back (state);
  if (!cp_state_parse (state, text, &action, &error))
    g_error ("“%s” is not read: %s", text, error->message);
  again = cp_state_format (state, &action, CP_NOTATION_SAN);
  g_assert_cmpstr (again, ==, written);
  g_assert_true (cp_state_apply (state, &action, &error));
  g_assert_no_error (error);
}

/* The first example of the rules played from text: as the move list
 * writes it, and shorter, a card by its corner or its id and a capture
 * without its card. */
static void
test_move_text (void)
{
  g_autoptr (CpState) state = arranged (EXAMPLE_FEN, "10H QH 8H", "8S 9S KS", "2H 2S", "", "3H");
  g_autoptr (CpState) again = arranged (EXAMPLE_FEN, "10H QH 8H", "8S 9S KS", "2H 2S", "", "3H");

  play_text (state, "Be6", "Be6");
  play_text (state, "plays 9♠ (bishop)", "plays 9♠ (bishop)");
  play_text (state, "Bxd5 (2♠)", "Bxd5 (2♠)");
  play_text (state, "Bxe4", "Bxe4 (2♥)");
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (WHITE));
  assert_legal_read_back (state);

  play_text (again, "c8e6", "Be6");
  play_text (again, "9S", "plays 9♠ (bishop)");
  play_text (again, " Bxd5 ", "Bxd5 (2♠)");
  play_text (again, "pass", "ends the turn");
  play_text (state, "a3", "a3");
  play_text (state, "Q♥", "plays Q♥ (queen)");
}

/* What cannot be read says why. */
static void
assert_not_read (const CpState *state, const char *text, const char *why)
{
  g_autoptr (GError) error = NULL;
  CpAction action;

  g_assert_false (cp_state_parse (state, text, &action, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, why) == NULL)
    g_error ("“%s”: “%s” does not say “%s”", text, error->message, why);
}

static void
test_bad_text (void)
{
  g_autoptr (CpState) state = arranged (EXAMPLE_FEN, "10H QH 8H", "8S 9S KS", "2H 2S", "", "3H");
  g_autoptr (CpState) other = arranged ("4k3/8/8/3p4/2B5/2N5/8/4K3 w - - 0 1", "9H 8H 10H", "KS QS 3S", "", "2C", "");

  assert_not_read (state, "", "No move was given");
  assert_not_read (state, "Qz9", "not a legal move");
  assert_not_read (state, "Qxd5", "a capture comes only after a card is played");
  assert_not_read (state, "plays 10♥ (rook)", "that card is not in your hand");
  assert_not_read (state, "7C", "that card is not in your hand");
  g_free (move (state, "c8", "e6", CP_PIECE_NONE));
  assert_not_read (state, "Bf5", "only one move that takes nothing");
  play (state, "9S");
  assert_not_read (state, "KS", "your card for this turn is played already");
  assert_not_read (state, "Qxd5", "every move of a turn is made with the same piece");
  assert_not_read (state, "Nf6", "a move that takes nothing comes before the card");

  /* The card played is a bishop's: the bishop may take the pawn, the
   * knight may not. */
  play (other, "9H");
  g_assert_true (can_move (other, "c4", "d5"));
  assert_not_read (other, "Nxd5", "the cards on the stacks do not allow that capture");
}

/* @action is refused with a message that says @why, and never calls a
 * card wild or says whose turn it is where a rule is broken. */
static void
assert_refused (const CpState *state, const CpAction *action, const char *why)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (cp_state_check (state, action, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, why) == NULL)
    g_error ("“%s” does not say “%s”", error->message, why);
  g_assert_null (strstr (error->message, "wild"));
}

/* The refusals name the rule broken.  White's rook plays its card with a
 * plain pawn card, 4♥, on Black's stack: a move that takes nothing then
 * comes too late, and once the turn is over, neither a card nor a capture
 * nor the end of the turn is White's to make. */
static void
test_refusals (void)
{
  g_autoptr (CpState) state = arranged ("4k3/8/8/p7/8/R7/8/4K3 w - - 0 1", "10H 9H 8H", "2S 3S 8S", "", "4H", "");
  g_autoptr (CpState) ended = arranged ("4k3/7p/8/n7/8/R7/8/4K3 w - - 0 1", "10H 9H 8H", "2S 3S 8S", "", "4H", "");
  g_autofree char *quiet_text = NULL;
  CpAction quiet, take, take_knight, card_action, pass;
  CpCard nine = card ("9H");

  g_assert_true (find_move (state, "a3", "c3", CP_PIECE_NONE, &quiet));
  play (state, "10H");
  g_assert_true (find_move (state, "a3", "a5", CP_PIECE_NONE, &take));
  /* A plain pawn card is no wild one, and a move that takes nothing takes
   * no card. */
  quiet_text = cp_state_format (state, &quiet, CP_NOTATION_LAN);
  g_assert_cmpstr (quiet_text, ==, "Ra3-c3");
  assert_refused (state, &quiet, "a move that takes nothing comes before the card");
  cp_action_init (&card_action, CP_ACTION_PLAY_CARD, WHITE);
  card_action.value = cp_card_pack (&nine, 1);
  assert_refused (state, &card_action, "your card for this turn is played already");

  /* White ends the turn: its actions name the rule, not the turn. */
  end_turn (state);
  g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (BLACK));
  assert_refused (state, &take, "your turn is over");
  assert_refused (state, &quiet, "a turn has only one move that takes nothing, before its card");
  assert_refused (state, &card_action, "your card for this turn is played already");
  cp_action_init (&pass, CP_ACTION_PASS, WHITE);
  assert_refused (state, &pass, "your turn is over");

  /* Once Black has begun, White's actions wait for White's turn. */
  g_free (move (state, "e8", "d8", CP_PIECE_NONE));
  assert_refused (state, &take, "It is not this player’s turn");

  /* The rook card cannot take the knight on the pawn card while Black
   * keeps a pawn: the turn ends at once, and the capture says why. */
  g_assert_true (find_move (ended, "a3", "a4", CP_PIECE_NONE, &quiet));
  play (ended, "10H");
  g_assert_cmpuint (cp_state_pending (ended), ==, CP_SEAT_BIT (BLACK));
  take_knight = take;
  take_knight.cells[1] = (guint8) cp_test_cell ("a5");
  assert_refused (ended, &take_knight, "your turn is over");
}

/* A game set up from a position text. */
static CpState *
from_text (const char *text)
{
  g_autofree char *option = g_strdup_printf ("fen=%s", text);

  return cp_test_new_state ("cooperative", 2, "colours=seated", option, NULL);
}

/* The first example, written in the middle of Black's turn: the bishop
 * has taken on d5, and the turn goes on from the text as it does in the
 * game. */
#define EXAMPLE_TEXT                                                                                   \
  "rn1qkbnr/ppp1pppp/8/3b4/4P3/8/PP1P1PPP/RNBQKBNR b KQkq - 0 3 10H,QH,8H 8S,KS 2H 9S 3H,2S "        \
  "4H,5H,2D,3D,4D,5D,8D,9H,9D,10D,KH,3S,4S,5S,2C,3C,4C,5C,8C,9C,10S,10C,QS +d5 0"

static void
test_position_text (void)
{
  g_autoptr (CpState) state = arranged (EXAMPLE_FEN, "10H QH 8H", "8S 9S KS", "2H 2S", "", "3H");
  g_autoptr (CpState) again = NULL;
  g_autoptr (CpState) plain = NULL;
  g_autofree char *text = NULL;
  g_autofree char *back = NULL;
  g_autofree char *take = NULL;
  CpCardTable t;

  g_free (move (state, "c8", "e6", CP_PIECE_NONE));
  play (state, "9S");
  g_free (move (state, "e6", "d5", CP_PIECE_NONE));
  text = cp_test_position (state);
  g_assert_cmpstr (text, ==, EXAMPLE_TEXT);

  again = from_text (text);
  back = cp_test_position (again);
  g_assert_cmpstr (back, ==, text);
  /* Black's bishop goes on taking on the red pawn card; nothing is dealt
   * again. */
  g_assert_cmpuint (cp_state_pending (again), ==, CP_SEAT_BIT (BLACK));
  g_assert_false (can_move (again, "d8", "d5"));
  take = move (again, "d5", "e4", CP_PIECE_NONE);
  g_assert_cmpstr (take, ==, "Bxe4 (2♥)");
  g_assert_cmpuint (cp_state_pending (again), ==, CP_SEAT_BIT (WHITE));
  t = table (again);
  assert_pile (&t.hand[BLACK], "8S KS 4H");
  assert_pile (&t.discard, "3H 2S 2H");

  /* A plain FEN deals the cards as before. */
  plain = from_text (EXAMPLE_FEN);
  g_assert_cmpuint (cp_state_pending (plain), ==, CP_SEAT_BIT (CP_SEAT_CHANCE));
}

/* A wild card to come, a king taken and an empty hand are written, and
 * read as the game has them. */
static void
test_position_text_states (void)
{
  g_autoptr (CpState) state = arranged (EXAMPLE_FEN, "10H QH 8H", "8S 9S KS", "10S 2H", "", "3H");
  g_autoptr (CpState) won = NULL;
  g_autoptr (CpState) lost = NULL;
  g_autoptr (CpState) wild = NULL;
  g_autofree char *text = NULL;
  g_autofree char *end = NULL;

  g_free (move (state, "c8", "f5", CP_PIECE_NONE));
  play (state, "9S");
  g_free (move (state, "f5", "e4", CP_PIECE_NONE));
  text = cp_test_position (state);
  g_assert_nonnull (strstr (text, " +e4* 0"));
  wild = from_text (text);
  g_assert_true (can_move (wild, "e4", "b1"));

  /* The rook takes the king: the game is over with two points. */
  won = from_text ("6k1/p7/1n6/8/8/8/7P/4r1NR b - - 0 1 2H,3H,4H 2S,3S - 10S KH "
                   "5H,2D,3D,4D,5D,4S,5S,2C,3C,4C,5C,8H,8D,8S,8C,9H,9D,9S,9C,10H,10D,10C,QH,QS,KS +e1 2");
  g_assert_cmpuint (won->outcome.status, ==, CP_STATUS_WON);
  g_assert_cmpuint (won->outcome.score, ==, 2);
  g_assert_cmpuint (cp_state_pending (won), ==, 0);
  end = cp_test_position (won);
  g_assert_cmpstr (end, ==, "6k1/p7/1n6/8/8/8/7P/4r1NR b - - 0 1 2H,3H,4H 2S,3S - 10S KH "
                   "5H,2D,3D,4D,5D,4S,5S,2C,3C,4C,5C,8H,8D,8S,8C,9H,9D,9S,9C,10H,10D,10C,QH,QS,KS +e1 2");

  /* White is to start a turn with no card: the game is lost. */
  lost = from_text ("4k3/8/8/8/8/8/8/4K3 w - - 0 9 - 2S,3S,4S 2H,3H,4H,5H,2D,3D,4D,5D,5S,2C "
                    "3C,4C,5C,8H,8D,8S,8C,9H,9D,9S 9C,10H,10D,10S,10C,QH,QS,KH,KS - - 5");
  g_assert_cmpuint (lost->outcome.status, ==, CP_STATUS_LOST);
  g_assert_cmpuint (lost->outcome.reason, ==, CP_END_OUT_OF_CARDS);
}

static void
test_position_text_refused (void)
{
  static const char *const seated[] = { "colours=seated", NULL };
  const char *fen = "rn1qkbnr/ppp1pppp/8/3b4/4P3/8/PP1P1PPP/RNBQKBNR b KQkq - 0 3";
  const char *draw = "4H,5H,2D,3D,4D,5D,8D,9H,9D,10D,KH,3S,4S,5S,2C,3C,4C,5C,8C,9C,10S,10C,QS";
  struct {
    const char *fields, *why;
  } cases[] = {
    { "10H,QH,8H 8S,KS 2H 9S 3H,2S %s +d5", "too few fields" },
    { "10H,QH,8H 8S,KS 2H 9S 3H,2S %s +d5 0 1", "too many fields" },
    { "10H,QH,XX 8S,KS 2H 9S 3H,2S %s +d5 0", "“XX” is not a card of the game" },
    { "10H,QH,6H 8S,KS 2H 9S 3H,2S %s +d5 0", "“6H” is not a card of the game" },
    { "10H,QH,8H 8S,KS 2H 9S 3H,3H %s +d5 0", "a card is given twice" },
    { "10H,QH 8S,KS 2H 9S 3H,2S %s +d5 0", "some cards of the game are missing" },
    { "10H,QH,8H,2S 8S,KS 2H 9S 3H %s +d5 0", "a hand holds more than three cards" },
    { "10H,QH,8H 8S,KS 2H 9S 3H,2S %s +z9 0", "the stage of the turn" },
    { "10H,QH,8H 8S,KS 2H 9S 3H,2S %s +d4 0", "the piece that moves this turn is not on its cell" },
    { "10H,QH,8H 8S,KS,9S 2H - 3H,2S %s + 0", "the player’s discard stack is empty" },
    { "10H,QH,8H 8S,KS 2H 9S 3H,2S %s +d5 3", "the score is not the number of kinds of piece gone" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *fields = g_strdup_printf (cases[i].fields, draw);
      g_autofree char *text = g_strdup_printf ("%s %s", fen, fields);

      cp_test_assert_position_refused ("cooperative", 2, seated, text, cases[i].why);
    }
  cp_test_assert_position_refused ("cooperative", 2, seated, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 2H - - - - - - 0",
                                   "some cards of the game are missing");
  cp_test_assert_position_refused ("cooperative", 2, seated, "8/8/8/8/8/8/8/8 w - - 0 1 - - - - - - - 0",
                                   "each side must have one king");
  cp_test_assert_position_refused ("cooperative", 2, seated, "4k3/8/8/8/8/8/8/4K3 x - - 0 1 - - - - - - - 0",
                                   "the side to move must be");
  cp_test_assert_position_refused ("cooperative", 2, seated, "4k3/8/8/8/8/8/8/4K2R w Q - 0 1 - - - - - - - 0",
                                   "castling is allowed with a rook that is not there");
}

/* A turn stands in one place of the move list: White's king move and
 * card, then Black's card and the pawn's capture, which the card on
 * White's stack allows (a pawn card, or a wild one). */
static void
test_numbering (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("cooperative", 2, 1, "colours=seated",
                                               "fen=4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1", NULL);
  guint first = cp_game_get_n_actions (game), n;
  g_autofree CpActionNumber *numbers = NULL;
  static const CpActionNumber expected[] = {
    { 1, WHITE, FALSE }, { 1, WHITE, TRUE }, { 1, BLACK, FALSE }, { 1, BLACK, TRUE }, { 2, WHITE, FALSE },
  };

  cp_test_play_first (game, CP_ACTION_MOVE, "e1");
  cp_test_play_first (game, CP_ACTION_PLAY_CARD, NULL);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
  cp_test_play_first (game, CP_ACTION_PLAY_CARD, NULL);
  cp_test_play_first (game, CP_ACTION_MOVE, "e5");
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE));
  cp_test_play_first (game, CP_ACTION_PLAY_CARD, NULL);

  n = cp_game_get_n_actions (game);
  g_assert_cmpuint (n - first, ==, G_N_ELEMENTS (expected));
  numbers = g_new (CpActionNumber, n - first);
  cp_game_number_actions (game, first, n - first, numbers);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_cmpuint (numbers[i].round, ==, expected[i].round);
      g_assert_cmpuint (numbers[i].place, ==, expected[i].place);
      g_assert_cmpint (numbers[i].joins, ==, expected[i].joins);
    }
}

int
main (int argc, char *argv[])
{
  g_autofree char *config = g_dir_make_tmp ("test-cooperative-XXXXXX", NULL);
  g_autofree char *scores = NULL;
  g_autofree char *folder = NULL;
  int status;

  /* The best scores go to a preferences folder of the test's own. */
  g_assert_nonnull (config);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  folder = g_build_filename (config, "chess-parlour", NULL);
  scores = g_build_filename (folder, "best-scores.ini", NULL);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cooperative/bishop-takes-two-pawns", test_bishop_takes_two_pawns);
  g_test_add_func ("/cooperative/king-too-far", test_king_too_far);
  g_test_add_func ("/cooperative/knight-to-d2", test_knight_to_d2);
  g_test_add_func ("/cooperative/double-colour-match", test_double_colour_match);
  g_test_add_func ("/cooperative/colour-mismatch", test_colour_mismatch);
  g_test_add_func ("/cooperative/stop-early", test_stop_early);
  g_test_add_func ("/cooperative/missing-kind-is-wild", test_missing_kind_is_wild);
  g_test_add_func ("/cooperative/kind-left-is-not-wild", test_kind_left_is_not_wild);
  g_test_add_func ("/cooperative/score", test_score);
  g_test_add_func ("/cooperative/score-three", test_score_three);
  g_test_add_func ("/cooperative/out-of-cards", test_out_of_cards);
  g_test_add_func ("/cooperative/evaluate", test_evaluate);
  g_test_add_func ("/cooperative/castling", test_castling);
  g_test_add_func ("/cooperative/castling-one-piece", test_castling_one_piece);
  g_test_add_func ("/cooperative/en-passant", test_en_passant);
  g_test_add_func ("/cooperative/promotion", test_promotion);
  g_test_add_func ("/cooperative/no-check", test_no_check);
  g_test_add_func ("/cooperative/secrets", test_secrets);
  g_test_add_func ("/cooperative/perft", test_perft);
  g_test_add_func ("/cooperative/perft-command", test_perft_command);
  g_test_add_func ("/cooperative/record", test_record);
  g_test_add_func ("/cooperative/move-text", test_move_text);
  g_test_add_func ("/cooperative/numbering", test_numbering);
  g_test_add_func ("/cooperative/bad-text", test_bad_text);
  g_test_add_func ("/cooperative/refusals", test_refusals);
  g_test_add_func ("/cooperative/position-text", test_position_text);
  g_test_add_func ("/cooperative/position-text-states", test_position_text_states);
  g_test_add_func ("/cooperative/position-text-refused", test_position_text_refused);
  g_test_add_func ("/cooperative/best-scores", test_best_scores);
  g_test_add_func ("/cooperative/session-score", test_session_score);
  status = g_test_run ();
  g_remove (scores);
  g_rmdir (folder);
  g_rmdir (config);
  return status;
}
