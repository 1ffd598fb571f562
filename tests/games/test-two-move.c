/* test-two-move.c: Two Move Chess
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-engine.h"
#include "cp-chess-state.h"
#include "cp-test-util.h"
#include "cp-record.h"

enum { WHITE, BLACK };

static guint
cell (const char *name)
{
  return (guint) (name[1] - '1') * 8 + (guint) (name[0] - 'a');
}

/* The card of a piece letter: hearts for White (upper case), spades for
 * Black. */
static CpCard
card (char letter)
{
  CpPieceKind kind;
  CpCard cards[CP_CARD_MAX_PER_PIECE];
  gboolean white = g_ascii_isupper (letter);
  guint n;

  g_assert_true (cp_piece_kind_from_letter (letter, &kind));
  n = cp_card_for_piece (kind, white ? CP_COLOUR_WHITE : CP_COLOUR_BLACK, cards);
  for (guint i = 0; i < n; i++)
    if (cp_card_get_suit (cards[i]) == (white ? CP_SUIT_HEARTS : CP_SUIT_SPADES))
      return cards[i];
  g_assert_not_reached ();
}

/* Plays two cards, such as "BQ", as @type. */
static gboolean
play_cards (CpGame *game, CpActionType type, guint seat, const char *letters, GError **error)
{
  CpCard cards[2] = { card (letters[0]), card (letters[1]) };
  CpAction action;

  cp_action_init (&action, type, seat);
  action.value = cp_card_pack (cards, 2);
  return cp_game_play (game, &action, error);
}

static void
choose (CpGame *game, guint seat, const char *letters)
{
  g_autoptr (GError) error = NULL;

  play_cards (game, CP_ACTION_COMMIT, seat, letters, &error);
  g_assert_no_error (error);
}

static gboolean
can_move (CpGame *game, guint seat, const char *from, const char *to)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (cp_game_get_state (game), seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_MOVE && legal.items[i].cells[0] == cell (from)
        && legal.items[i].cells[1] == cell (to))
      return TRUE;
  return FALSE;
}

static void
move (CpGame *game, guint seat, const char *from, const char *to)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (cp_game_get_state (game), seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_MOVE && legal.items[i].cells[0] == cell (from)
        && legal.items[i].cells[1] == cell (to))
      {
        cp_test_play_action (game, legal.items[i]);
        return;
      }
  g_error ("%s-%s is not legal for seat %u", from, to, seat);
}

static char *
last_text (CpGame *game, guint back, guint seat)
{
  return cp_game_format_action_for (game, cp_game_get_n_actions (game) - back, CP_NOTATION_SAN, seat);
}

static void
table (CpGame *game, guint seat, CpCardTable *out)
{
  g_autoptr (CpView) view = cp_game_view (game, seat);
  const CpState *state = cp_view_get_state (view);

  state->rules->cards (state, out);
  cp_card_table_redact (out, seat);
}

/* The example of the rules: White has its knight and rook face up, plays
 * bishop and queen; Black plays bishop and rook.  The bishops cancel:
 * Black makes two rook moves, then White two queen moves. */
static void
test_example (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("two-move", 2, 11, "colours=seated", "first-cards=chosen",
                                              "fen=rn2kbnr/pbpp1ppp/1p3q2/3Np3/2B1P3/8/PPPP1PPP/R1BQK1NR w KQkq - 0 1",
                                              NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) options = NULL;
  g_autofree char *reveal = NULL;
  g_autofree char *fen = NULL;
  CpCardTable t;

  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE));
  g_assert_true (play_cards (game, CP_ACTION_PLAY_CARD, WHITE, "NR", &error));
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE) | CP_SEAT_BIT (BLACK));

  /* White may not choose a card lying face up. */
  g_assert_false (play_cards (game, CP_ACTION_COMMIT, WHITE, "NB", &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_clear_error (&error);
  choose (game, WHITE, "BQ");
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
  choose (game, BLACK, "br");

  reveal = last_text (game, 1, WHITE);
  g_assert_cmpstr (reveal, ==, "White: bishop and queen; Black: bishop and rook — the bishop cards cancel");
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));

  /* Black's rook card: the rooks are shut in, so pawns move. */
  g_assert_true (can_move (game, BLACK, "h7", "h5"));
  g_assert_false (can_move (game, BLACK, "b7", "c6"));
  table (game, BLACK, &t);
  g_assert_cmpuint (t.current, ==, card ('r'));
  move (game, BLACK, "h7", "h5");
  /* The same pawn does not move twice. */
  g_assert_false (can_move (game, BLACK, "h5", "h4"));
  g_assert_true (can_move (game, BLACK, "a7", "a6"));
  move (game, BLACK, "h8", "h6");

  /* White's queen card, twice. */
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE));
  g_assert_true (can_move (game, WHITE, "d1", "h5"));
  g_assert_false (can_move (game, WHITE, "d5", "f6"));
  move (game, WHITE, "c2", "c3");
  move (game, WHITE, "d1", "b3");
  {
    g_autofree char *text = last_text (game, 1, BLACK);

    g_assert_cmpstr (text, ==, "Qb3 (queen card)");
  }

  /* The position of the rules after the turn. */
  fen = cp_fen_write (CP_CHESS_STATE (cp_game_get_state (game)), CP_FEN_STANDARD);
  g_assert_true (g_str_has_prefix (fen, "rn2kbn1/pbpp1pp1/1p3q1r/3Np2p/2B1P3/1QP5/PP1P1PPP/R1B1K1NR "));

  /* White, with four cards face up, takes them back; Black's two stay. */
  table (game, WHITE, &t);
  g_assert_cmpuint (cp_hand_count (&t.up[WHITE]), ==, 0);
  g_assert_cmpuint (cp_hand_count (&t.hand[WHITE]), ==, 5);
  g_assert_cmpuint (cp_hand_count (&t.up[BLACK]), ==, 2);
  g_assert_true (cp_hand_contains (&t.up[BLACK], card ('b')));
  g_assert_true (cp_hand_contains (&t.up[BLACK], card ('r')));
  g_assert_cmpuint (cp_hand_count (&t.hand[BLACK]), ==, 3);
  g_assert_cmpuint (cp_hand_get (&t.hand[BLACK], 0), ==, CP_CARD_UNKNOWN);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE) | CP_SEAT_BIT (BLACK));
}

/* A sealed choice cannot be read before both are in: not in the other
 * seat's view of the state, of the log, or of a saved record. */
static void
test_sealed (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("two-move", 2, 11, "colours=seated", "first-cards=king-rook", NULL);
  g_autoptr (CpGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *text = NULL;
  CpCardTable t;
  gsize length;

  choose (game, WHITE, "NQ");
  table (game, BLACK, &t);
  g_assert_cmpuint (cp_hand_count (&t.sealed[WHITE]), ==, 2);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpuint (cp_hand_get (&t.sealed[WHITE], i), ==, CP_CARD_UNKNOWN);
  for (guint i = 0; i < cp_hand_count (&t.hand[WHITE]); i++)
    g_assert_cmpuint (cp_hand_get (&t.hand[WHITE], i), ==, CP_CARD_UNKNOWN);
  g_assert_true (cp_hand_contains (&t.up[WHITE], card ('K')));
  {
    g_autoptr (CpView) view = cp_game_view (game, BLACK);
    const CpAction *commit = cp_view_get_action (view, cp_view_get_n_actions (view) - 1);

    g_assert_true (commit->flags & CP_ACTION_FLAG_REDACTED);
    g_assert_cmpuint (commit->value, ==, 0);
  }
  text = last_text (game, 1, BLACK);
  g_assert_cmpstr (text, ==, "makes a sealed choice");
  g_free (g_steal_pointer (&text));
  text = last_text (game, 1, WHITE);
  g_assert_cmpstr (text, ==, "plays the knight and queen face down");

  /* White sees its own choice. */
  table (game, WHITE, &t);
  g_assert_true (cp_hand_contains (&t.sealed[WHITE], card ('N')));
  g_assert_true (cp_hand_contains (&t.sealed[WHITE], card ('Q')));

  xml = cp_record_to_string (game, &length);
  g_assert_nonnull (strstr (xml, "<commit seat=\"0\""));
  g_assert_nonnull (strstr (xml, "visible-to=\"0\""));
  loaded = cp_record_load_data (xml, length, &error);
  g_assert_no_error (error);
  table (loaded, BLACK, &t);
  g_assert_cmpuint (cp_hand_get (&t.sealed[WHITE], 0), ==, CP_CARD_UNKNOWN);

  /* Once both are in, both are public. */
  choose (game, BLACK, "br");
  table (game, BLACK, &t);
  g_assert_true (cp_hand_contains (&t.up[WHITE], card ('N')));
  g_assert_true (cp_hand_contains (&t.up[WHITE], card ('Q')));
  g_free (g_steal_pointer (&text));
  text = last_text (game, 3, BLACK);
  g_assert_cmpstr (text, ==, "plays the knight and queen face down");
  {
    g_autoptr (CpView) view = cp_game_view (game, BLACK);
    const CpAction *commit = cp_view_get_action (view, cp_view_get_n_actions (view) - 3);

    g_assert_cmpint (commit->type, ==, CP_ACTION_COMMIT);
    g_assert_false (commit->flags & CP_ACTION_FLAG_REDACTED);
    g_assert_cmpuint (commit->value, !=, 0);
  }
}

/* The king may be taken: the game ends there, the cards left unplayed. */
static void
test_king_captured (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("two-move", 2, 11, "colours=seated", "first-cards=king-rook", "fen=4k3/8/8/7Q/8/8/8/4K3 b - - 0 1", NULL);
  const CpOutcome *outcome;

  choose (game, WHITE, "NQ");
  choose (game, BLACK, "kb");
  /* White's knight card: no knight, so the least valuable piece that can
   * move, the queen, takes the king. */
  g_assert_true (can_move (game, WHITE, "h5", "e8"));
  move (game, WHITE, "h5", "e8");
  outcome = cp_game_get_outcome (game);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_WON);
  g_assert_cmpint (outcome->reason, ==, CP_END_KING_CAPTURED);
  g_assert_cmpuint (outcome->winners, ==, CP_SEAT_BIT (WHITE));
  g_assert_cmpuint (cp_game_get_pending (game), ==, 0);
}

/* Castling with the king card only, whatever attacks the king's path. */
static void
test_castling (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("two-move", 2, 11, "colours=seated", "first-cards=chosen", "fen=4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (play_cards (game, CP_ACTION_PLAY_CARD, WHITE, "BQ", &error));
  choose (game, WHITE, "RK");
  choose (game, BLACK, "bq");
  /* Black's bishop card: no bishop; the rook is the least valuable piece. */
  move (game, BLACK, "f8", "f7");
  /* White's rook card: rook moves, no castling. */
  g_assert_true (can_move (game, WHITE, "a1", "a2"));
  g_assert_false (can_move (game, WHITE, "e1", "h1"));
  move (game, WHITE, "a1", "a2");
  /* Black's queen card: no queen; the rook again, not the king. */
  g_assert_false (can_move (game, BLACK, "e8", "d8"));
  move (game, BLACK, "f7", "f6");
  /* The king card: castling through the attacked f1. */
  g_assert_true (can_move (game, WHITE, "e1", "h1"));
  g_assert_false (can_move (game, WHITE, "e1", "a1"));
}

/* When both choose the same two cards, nothing moves; White, with four
 * cards face up, takes them back. */
static void
test_all_cancel (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("two-move", 2, 11, "colours=seated", "first-cards=king-rook", NULL);
  g_autofree char *text = NULL;
  CpCardTable t;

  choose (game, WHITE, "NQ");
  choose (game, BLACK, "nq");
  text = last_text (game, 1, WHITE);
  g_assert_cmpstr (text, ==, "White: knight and queen; Black: knight and queen — all cards cancel");
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE) | CP_SEAT_BIT (BLACK));
  table (game, WHITE, &t);
  g_assert_cmpuint (cp_hand_count (&t.up[WHITE]), ==, 0);
  g_assert_cmpuint (cp_hand_count (&t.up[BLACK]), ==, 2);
  /* Black may not choose its cards on the table. */
  {
    g_autoptr (GError) error = NULL;

    g_assert_false (play_cards (game, CP_ACTION_COMMIT, BLACK, "nb", &error));
    g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  }
}

/* Random colours are drawn once, at the start, and logged. */
static void
test_colours (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_game_new ("two-move", NULL, 2, 5, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (CP_SEAT_CHANCE));
  g_assert_cmpuint (cp_game_resolve_chance (game), ==, 1);
  g_assert_cmpint (cp_game_get_action (game, 0)->type, ==, CP_ACTION_ROLL);
  g_assert_cmpuint (cp_game_get_action (game, 0)->value, <, 2);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE) | CP_SEAT_BIT (BLACK));
}

/* Players go to the seats drawn: one with a name of their own keeps it,
 * one named after the side it was set up on is named after the side it
 * was drawn to. */
static void
test_drawn_names (void)
{
  guint swapped = 0;

  for (guint64 seed = 1; seed <= 12; seed++)
    {
      g_autoptr (CpGame) game = cp_game_new ("two-move", NULL, 2, seed, NULL);
      guint zoe;

      cp_player_set_name (cp_game_get_player (game, WHITE), "White");
      cp_player_set_name (cp_game_get_player (game, BLACK), "Zoe");
      cp_game_resolve_chance (game);
      g_assert_true (cp_game_seat_players (game));
      zoe = g_str_equal (cp_player_get_name (cp_game_get_player (game, WHITE)), "Zoe") ? WHITE : BLACK;
      g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, zoe)), ==, "Zoe");
      g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 1 - zoe)), ==,
                       cp_rules_seat_name (cp_game_get_rules (game), 1 - zoe));
      swapped += zoe == WHITE;
    }
  g_assert_cmpuint (swapped, >, 0);
  g_assert_cmpuint (swapped, <, 12);
}

/* A game set up from a position text, which must be read. */
static CpGame *
from_text (const char *text)
{
  g_autofree char *option = g_strconcat (CP_POSITION_OPTION "=", text, NULL);
  const char *const options[] = { option, NULL };
  g_autoptr (GError) error = NULL;
  CpGame *game = cp_test_try_new_game ("two-move", 2, 1, options, &error);

  g_assert_no_error (error);
  return game;
}

static guint
n_legal (CpGame *game, guint seat)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (cp_game_get_state (game), seat, &legal);
  return legal.len;
}

static void
assert_written_back (CpGame *game, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *written = cp_state_write_position (cp_game_get_state (game), &error);

  g_assert_no_error (error);
  g_assert_cmpstr (written, ==, text);
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* Position texts: the stage, the cards face up, the cards chosen, the
 * cards to carry out and the pawns that moved are read and written
 * back. */
static void
test_position_text (void)
{
  /* White's king and rook lie face up: White chooses two of three cards,
   * Black two of five. */
  const char *choosing = START " choose 10H,KH - - - - -";
  /* White has chosen in secret: only Black has still to choose. */
  const char *sealed = START " choose 10H,KH - 8H,9H - - -";
  /* White's queen card has one move left, and the pawn on e4 has already
   * moved this turn. */
  const char *moving = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 move 8H,QH - - - QH:1 e4";
  /* Black's king was taken: the game is over. */
  const char *taken = "8/8/8/8/8/8/8/4K3 w - - 0 9 move 10H,KH 9S,KS - - - -";
  g_autoptr (CpGame) game = from_text (choosing);
  g_autoptr (CpGame) secret = from_text (sealed);
  g_autoptr (CpGame) card = from_text (moving);
  g_autoptr (CpGame) over = from_text (taken);
  g_autoptr (CpGame) plain = cp_test_new_game_undrawn ("two-move", 2, 1, "fen=" START, NULL);
  g_autoptr (CpGame) drawn = cp_test_new_game ("two-move", 2, 1, "fen=" START, NULL);

  g_assert_cmpuint (cp_state_pending (cp_game_get_state (game)), ==, CP_SEAT_BIT (WHITE) | CP_SEAT_BIT (BLACK));
  g_assert_cmpuint (n_legal (game, WHITE), ==, 3);
  g_assert_cmpuint (n_legal (game, BLACK), ==, 10);
  assert_written_back (game, choosing);

  g_assert_cmpuint (cp_state_pending (cp_game_get_state (secret)), ==, CP_SEAT_BIT (BLACK));
  assert_written_back (secret, sealed);
  /* Both chose knight and bishop: all four cancel, and White, with four
   * cards face up, takes them back. */
  choose (secret, BLACK, "nb");
  assert_written_back (secret, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2 choose - 8S,9S - - - -");

  /* The queen's four moves and those of the seven pawns that have not
   * moved. */
  g_assert_cmpuint (cp_state_pending (cp_game_get_state (card)), ==, CP_SEAT_BIT (WHITE));
  g_assert_cmpuint (n_legal (card, WHITE), ==, 18);
  g_assert_true (can_move (card, WHITE, "d1", "h5"));
  g_assert_false (can_move (card, WHITE, "e4", "e5"));
  g_assert_true (can_move (card, WHITE, "d2", "d4"));
  assert_written_back (card, moving);
  move (card, WHITE, "d2", "d4");
  assert_written_back (card, "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 2 choose 8H,QH - - - - -");

  g_assert_cmpint (cp_game_get_outcome (over)->status, ==, CP_STATUS_WON);
  g_assert_cmpint (cp_game_get_outcome (over)->reason, ==, CP_END_KING_CAPTURED);
  g_assert_cmpuint (cp_game_get_outcome (over)->winners, ==, CP_SEAT_BIT (WHITE));
  assert_written_back (over, taken);

  /* A plain FEN starts as before: the colours are drawn, and the first
   * cards lie face up. */
  g_assert_cmpuint (cp_state_pending (cp_game_get_state (plain)), ==, CP_SEAT_BIT (CP_SEAT_CHANCE));
  assert_written_back (drawn, START " choose 10H,KH - - - - -");
}

/* Texts that cannot be read name what is wrong. */
static void
test_position_refused (void)
{
  static const struct {
    const char *text;
    const char *reason;
  } cases[] = {
    { START " choose 10H,KH", "after the six fields of FEN come seven more" },
    { START " deal - - - - - -", "the stage must be “lay”, “choose” or “move”" },
    { START " choose 10H,KS - - - - -", "“KS” is not one of White’s cards" },
    { START " choose 10H,10H - - - - -", "the card “10H” is given twice" },
    { START " choose 10H,KH - 10H,9H - - -", "a card chosen face down lies face up" },
    { START " choose 8H,9H,10H,KH - - - - -", "a player has too many cards face up" },
    { START " choose 10H,KH - - - 10H:1 -", "only while the cards are carried out" },
    { START " move 8H,QH 8S,9S - - QH:1,9S:2 -", "the least valuable first" },
    { START " move 8H,QH - - - QH:3 -", "“QH:3” is not a card to carry out" },
    { START " move 8H,QH - - - QH:1 e5", "“e5” is not the cell of a pawn" },
    { START " move 8H,QH - - - - -", "no card is left to carry out" },
    { "8/8/8/8/8/8/8/8 w - - 0 9 choose - - - - - -", "each side must have one king" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    cp_test_assert_position_refused ("two-move", 2, NULL, cases[i].text, cases[i].reason);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/two-move/example", test_example);
  g_test_add_func ("/two-move/sealed", test_sealed);
  g_test_add_func ("/two-move/king-captured", test_king_captured);
  g_test_add_func ("/two-move/castling", test_castling);
  g_test_add_func ("/two-move/all-cancel", test_all_cancel);
  g_test_add_func ("/two-move/colours", test_colours);
  g_test_add_func ("/two-move/drawn-names", test_drawn_names);
  g_test_add_func ("/two-move/position-text", test_position_text);
  g_test_add_func ("/two-move/position-refused", test_position_refused);
  return g_test_run ();
}
