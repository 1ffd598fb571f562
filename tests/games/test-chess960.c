/* test-chess960.c: Chess960 start positions and castling
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-engine.h"
#include "cp-chess-state.h"
#include "cp-test-util.h"
#include "cp-games.h"

static char *
first_rank (CpGame *game)
{
  char rank[9];

  for (guint x = 0; x < 8; x++)
    rank[x] = cp_piece_kind_letter (cp_game_get_state (game)->cells[x].kind);
  rank[8] = '\0';
  return g_strdup (rank);
}

static void
test_numbering (void)
{
  static const struct {
    guint number;
    const char *rank;
  } known[] = {
    { 0, "BBQNNRKR" }, { 1, "BQNBNRKR" }, { 518, "RNBQKBNR" }, { 959, "RKRNNQBB" },
  };
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    {
      CpPieceKind kinds[8];
      char rank[9] = { 0 };

      cp_chess960_back_rank (known[i].number, kinds);
      for (guint x = 0; x < 8; x++)
        rank[x] = cp_piece_kind_letter (kinds[x]);
      g_assert_cmpstr (rank, ==, known[i].rank);
    }

  {
    /* Bishops on one colour, or the king outside its rooks: not Chess960. */
    const CpPieceKind same_colour[8] = { CP_PIECE_ROOK, CP_PIECE_KNIGHT, CP_PIECE_BISHOP, CP_PIECE_QUEEN,
                                         CP_PIECE_KING, CP_PIECE_KNIGHT, CP_PIECE_BISHOP, CP_PIECE_ROOK };
    const CpPieceKind king_outside[8] = { CP_PIECE_KING, CP_PIECE_ROOK, CP_PIECE_BISHOP, CP_PIECE_QUEEN,
                                          CP_PIECE_ROOK, CP_PIECE_BISHOP, CP_PIECE_KNIGHT, CP_PIECE_KNIGHT };

    g_assert_cmpint (cp_chess960_number (same_colour), ==, -1);
    g_assert_cmpint (cp_chess960_number (king_outside), ==, -1);
  }

  /* All 960 are different, follow the two rules, and number back. */
  for (guint n = 0; n < 960; n++)
    {
      CpPieceKind kinds[8];
      char rank[9] = { 0 };
      int bishops = 0, rooks_left = 0;
      gboolean king_seen = FALSE;

      cp_chess960_back_rank (n, kinds);
      for (guint x = 0; x < 8; x++)
        {
          rank[x] = cp_piece_kind_letter (kinds[x]);
          if (kinds[x] == CP_PIECE_BISHOP)
            bishops += (x % 2) ? 1 : 10;
          if (kinds[x] == CP_PIECE_KING)
            king_seen = TRUE;
          if (kinds[x] == CP_PIECE_ROOK && !king_seen)
            rooks_left++;
        }
      g_assert_cmpint (bishops, ==, 11);
      g_assert_cmpint (rooks_left, ==, 1);
      g_assert_false (g_hash_table_contains (seen, rank));
      g_hash_table_add (seen, g_strdup (rank));
      g_assert_cmpint (cp_chess960_number (kinds), ==, (int) n);
    }
}

static void
test_random_setup_is_logged (void)
{
  g_autoptr (CpGame) game = cp_test_new_game_undrawn ("chess960", 2, 12345, NULL);
  g_autoptr (CpGame) again = cp_test_new_game_undrawn ("chess960", 2, 12345, NULL);
  const CpAction *roll;
  CpPieceKind kinds[8];
  g_autofree char *rank = NULL;
  char expected[9] = { 0 };

  /* Before the draw no one may move. */
  g_assert_cmpint (cp_game_get_pending (game), ==, CP_SEAT_BIT (CP_SEAT_CHANCE));
  g_assert_cmpuint (cp_game_resolve_chance (game), ==, 1);
  roll = cp_game_get_action (game, 0);
  g_assert_cmpint (roll->type, ==, CP_ACTION_ROLL);
  g_assert_cmpint (roll->seat, ==, CP_SEAT_CHANCE);
  g_assert_cmpuint (roll->value, ==, cp_random_draw (12345, 0, 960));
  g_assert_cmpint (cp_chess960_get_position (cp_game_get_state (game)), ==, (int) roll->value);

  cp_chess960_back_rank (roll->value, kinds);
  for (guint x = 0; x < 8; x++)
    expected[x] = cp_piece_kind_letter (kinds[x]);
  rank = first_rank (game);
  g_assert_cmpstr (rank, ==, expected);

  /* The same seed gives the same position. */
  cp_game_resolve_chance (again);
  g_assert_cmpuint (cp_game_get_action (again, 0)->value, ==, roll->value);
  g_assert_cmpint (cp_game_get_pending (game), ==, CP_SEAT_BIT (0));
}

static void
test_position_by_number (void)
{
  g_autoptr (CpGame) game = cp_test_new_game_undrawn ("chess960", 2, 1, "setup=number", NULL);
  g_autofree char *rank = first_rank (game);

  /* The default number is the orthodox start, with nothing to draw. */
  g_assert_cmpstr (rank, ==, "RNBQKBNR");
  g_assert_cmpuint (cp_game_resolve_chance (game), ==, 0);
}

/* A shuffle key that turns up @first at the top of a pile of @n cards
 * (and, for the last pile, the whole order @order). */
static guint32
key_for (guint n, const guint8 *order, guint n_fixed)
{
  for (guint32 key = 0;; key++)
    {
      guint8 got[6];

      cp_random_permute (key, n, got);
      if (memcmp (got, order, n_fixed) == 0)
        return key;
    }
}

static void
deal (CpGame *game, guint32 key)
{
  g_autoptr (GError) error = NULL;
  CpAction action;

  cp_action_init (&action, CP_ACTION_SHUFFLE, CP_SEAT_CHANCE);
  action.value = key;
  action.flags = CP_ACTION_FLAG_ENTERED;
  cp_game_append (game, &action, &error);
  g_assert_no_error (error);
}

/* The worked example of the card method: an ace and a six from the bishop
 * piles, then N R Q R N R, give B N R Q K B N R; then White castles long
 * on the third move. */
static void
test_card_deal_example (void)
{
  g_autoptr (CpGame) game = cp_test_new_game_undrawn ("chess960", 2, 1, "setup=cards", NULL);
  /* Pile one is A 3 5 7, pile two 2 4 6 8, pile three 8♥ 8♦ Q♥ 10♥ 10♦ 10♠. */
  const guint8 ace[] = { 0 }, six[] = { 2 }, third[] = { 0, 3, 2, 4, 1, 5 };
  g_autofree char *rank = NULL;
  g_autofree char *note = NULL;
  g_autofree char *fen = NULL;

  deal (game, key_for (4, ace, 1));
  deal (game, key_for (4, six, 1));
  g_assert_cmpint (cp_game_get_pending (game), ==, CP_SEAT_BIT (CP_SEAT_CHANCE));
  deal (game, key_for (6, third, 6));
  rank = first_rank (game);
  g_assert_cmpstr (rank, ==, "BNRQKBNR");
  note = cp_game_format_action (game, 2, CP_NOTATION_SAN);
  g_assert_cmpstr (note, ==, "Pile 3: 8♥ 10♥ Q♥ 10♦ 8♦ 10♠");

  cp_test_play (game, "e4 e5 Qe2 f6 O-O-O");
  fen = cp_fen_write (CP_CHESS_STATE (cp_game_get_state (game)), CP_FEN_STANDARD);
  g_assert_cmpstr (fen, ==, "bnrqkbnr/pppp2pp/5p2/4p3/4P3/8/PPPPQPPP/BNKR1BNR b kq - 1 3");
}

static void
test_card_deal_random (void)
{
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr (CpGame) game = cp_test_new_game_undrawn ("chess960", 2, seed, "setup=cards", NULL);
      CpPieceKind kinds[8];

      g_assert_cmpuint (cp_game_resolve_chance (game), ==, 3);
      for (guint x = 0; x < 8; x++)
        kinds[x] = cp_game_get_state (game)->cells[x].kind;
      g_assert_cmpint (cp_chess960_number (kinds), >=, 0);
      g_assert_cmpint (cp_game_get_action (game, 2)->type, ==, CP_ACTION_SHUFFLE);
    }
}

static gboolean
try_move (CpGame *game, const char *move)
{
  return cp_game_play_text (game, move, NULL);
}

static void
test_castling (void)
{
  /* King on b1 with the a-rook: long castling puts the king on c1, the
   * rook on d1. */
  g_autoptr (CpGame) long_castle = cp_test_new_game ("chess960", 2, 1, "fen=1r4k1/8/8/8/8/8/8/RK6 w A - 0 1", NULL);
  /* King g1, rook h1: short castling moves only the rook. */
  g_autoptr (CpGame) rook_only = cp_test_new_game ("chess960", 2, 1, "fen=6k1/8/8/8/8/8/8/4B1KR w H - 0 1", NULL);
  g_autoptr (CpGame) no_long = cp_test_new_game ("chess960", 2, 1, "fen=6k1/8/8/8/8/8/8/4B1KR w H - 0 1", NULL);
  /* King c1, castling rook b1, a black queen on a1: the king stays on c1,
   * which the rook shields now but not once it has gone to d1. */
  g_autoptr (CpGame) shield = cp_test_new_game ("chess960", 2, 1, "fen=6k1/8/8/8/8/8/8/qRK5 w B - 0 1", NULL);
  /* The king's destination is taken by a friendly piece. */
  g_autoptr (CpGame) blocked = cp_test_new_game ("chess960", 2, 1, "fen=6k1/8/8/8/8/8/8/RKN5 w A - 0 1", NULL);
  g_autofree char *fen = NULL;

  g_assert_false (try_move (long_castle, "O-O-O")); /* b1 is attacked */
  {
    g_autoptr (CpGame) free_game = cp_test_new_game ("chess960", 2, 1, "fen=6k1/8/8/8/8/8/8/RK6 w A - 0 1", NULL);

    cp_test_play (free_game, "O-O-O");
    fen = cp_fen_write (CP_CHESS_STATE (cp_game_get_state (free_game)), CP_FEN_SHREDDER);
    g_assert_cmpstr (fen, ==, "6k1/8/8/8/8/8/8/2KR4 b - - 1 1");
  }

  cp_test_play (rook_only, "O-O");
  g_free (fen);
  fen = cp_fen_write (CP_CHESS_STATE (cp_game_get_state (rook_only)), CP_FEN_SHREDDER);
  g_assert_cmpstr (fen, ==, "6k1/8/8/8/8/8/8/4BRK1 b - - 1 1");
  g_assert_false (try_move (no_long, "O-O-O"));

  g_assert_false (try_move (shield, "O-O-O"));
  g_assert_false (try_move (blocked, "O-O-O"));
}

/* A position is FEN with Shredder castling, the rooks named by file: the
 * first position of the usual Chess960 move counts reads back as written,
 * counts its moves, and draws no new start position. */
static void
test_position_text (void)
{
  const char *fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  g_autoptr (CpGame) game = cp_test_new_game ("chess960", 2, 1, "fen=bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                                              NULL);
  g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));
  g_autofree char *written = cp_state_write_position (cp_game_get_state (game), NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) refused = cp_test_try_new_game ("chess960", 2, 1, (const char *const[]) {
                                                       "fen=bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w AFhf - 2 9",
                                                       NULL }, &error);

  g_assert_cmpstr (written, ==, fen);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 0);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (0));
  g_assert_cmpuint (cp_state_perft (state, 2), ==, 528);
  g_assert_null (refused);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
  g_assert_nonnull (strstr (error->message, "rook that is not there"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chess960/numbering", test_numbering);
  g_test_add_func ("/chess960/random-setup", test_random_setup_is_logged);
  g_test_add_func ("/chess960/by-number", test_position_by_number);
  g_test_add_func ("/chess960/card-deal-example", test_card_deal_example);
  g_test_add_func ("/chess960/card-deal-random", test_card_deal_random);
  g_test_add_func ("/chess960/castling", test_castling);
  g_test_add_func ("/chess960/position-text", test_position_text);
  return g_test_run ();
}
