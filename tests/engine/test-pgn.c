/* test-pgn.c: importing and exporting PGN
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-chess-state.h"
#include "cp-test-util.h"
#include "cp-pgn.h"
#include "cp-record.h"

/* The files of tests/data/pgn that hold only good games. */
static const char *const good_files[] = {
  "mortimer-trap.pgn",
  "special-moves.pgn",
  "chess960.pgn",
  "annotated.pgn",
};

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "pgn", name, NULL);
}

static GPtrArray *
load_data (const char *name, GError **error)
{
  g_autofree char *path = data_path (name);
  g_autoptr (GFile) file = g_file_new_for_path (path);

  return cp_pgn_load (file, NULL, error);
}

static GPtrArray *
load_good (const char *name)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *games = load_data (name, &error);

  g_assert_no_error (error);
  g_assert_nonnull (games);
  return games;
}

static GPtrArray *
read_good (const char *text)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *games = cp_pgn_read (text, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (games);
  return games;
}

static CpGame *
read_one (const char *text)
{
  g_autoptr (GPtrArray) games = read_good (text);

  g_assert_cmpuint (games->len, ==, 1);
  return g_object_ref (g_ptr_array_index (games, 0));
}

/* Reads @text, which must fail, and returns the message. */
static char *
read_bad (const char *text, gssize length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = cp_pgn_read (text, length, &error);

  g_assert_null (games);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_RECORD);
  g_test_message ("%s", error->message);
  return g_strdup (error->message);
}

static void
assert_read_fails (const char *text, const char *part)
{
  g_autofree char *message = read_bad (text, -1);

  g_assert_nonnull (strstr (message, part));
}

static CpGame *
game_at (GPtrArray *games, guint index)
{
  g_assert_cmpuint (index, <, games->len);
  return g_ptr_array_index (games, index);
}

static const char *
tag (CpGame *game, const char *name)
{
  return g_hash_table_lookup (cp_game_get_tags (game), name);
}

static const char *
player (CpGame *game, guint seat)
{
  return cp_player_get_name (cp_game_get_player (game, seat));
}

static char *
start_fen (CpGame *game)
{
  guint n = 0;
  g_autoptr (CpState) start = NULL;

  while (n < cp_game_get_n_actions (game) && cp_game_get_action (game, n)->seat == CP_SEAT_CHANCE)
    n++;
  start = cp_game_state_at (game, n);
  return cp_fen_write (CP_CHESS_STATE (start), CP_FEN_SHREDDER);
}

/* The moves and meta actions of a game, random set-up results aside. */
static GArray *
played_actions (CpGame *game)
{
  GArray *actions = g_array_new (FALSE, FALSE, sizeof (CpAction));

  for (guint i = 0; i < cp_game_get_n_actions (game); i++)
    if (cp_game_get_action (game, i)->seat != CP_SEAT_CHANCE)
      g_array_append_val (actions, *cp_game_get_action (game, i));
  return actions;
}

static void
assert_same_game (CpGame *a, CpGame *b)
{
  g_autoptr (GArray) log_a = played_actions (a);
  g_autoptr (GArray) log_b = played_actions (b);
  g_autofree char *fen_a = start_fen (a);
  g_autofree char *fen_b = start_fen (b);
  GHashTableIter iter;
  gpointer key, value;

  g_assert_cmpstr (cp_game_get_rules (a)->id, ==, cp_game_get_rules (b)->id);
  g_assert_cmpstr (fen_a, ==, fen_b);
  g_assert_cmpuint (log_a->len, ==, log_b->len);
  for (guint i = 0; i < log_a->len; i++)
    g_assert_true (cp_action_same (&g_array_index (log_a, CpAction, i),
                                   &g_array_index (log_b, CpAction, i)));
  g_assert_cmpstr (player (a, 0), ==, player (b, 0));
  g_assert_cmpstr (player (a, 1), ==, player (b, 1));
  g_assert_cmpuint (g_hash_table_size (cp_game_get_tags (a)), ==,
                    g_hash_table_size (cp_game_get_tags (b)));
  g_hash_table_iter_init (&iter, cp_game_get_tags (a));
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpstr (tag (b, key), ==, value);
  g_assert_cmpint (memcmp (cp_game_get_outcome (a), cp_game_get_outcome (b), sizeof (CpOutcome)), ==, 0);
}

static void
assert_same_games (GPtrArray *a, GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    assert_same_game (game_at (a, i), game_at (b, i));
}

static void
assert_lines_fit (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i]; i++)
    if (lines[i][0] != '[')
      g_assert_cmpuint (g_utf8_strlen (lines[i], -1), <=, 79);
}

static char *
write_games (GPtrArray *games)
{
  g_autoptr (GError) error = NULL;
  char *text = cp_pgn_write_games ((CpGame **) games->pdata, games->len, &error);

  g_assert_no_error (error);
  g_assert_nonnull (text);
  assert_lines_fit (text);
  return text;
}

static const CpAction *
action (CpGame *game, guint index)
{
  g_assert_cmpuint (index, <, cp_game_get_n_actions (game));
  return cp_game_get_action (game, index);
}

static void
assert_action (CpGame *game, guint index, CpActionType type, guint seat)
{
  g_assert_cmpuint (action (game, index)->type, ==, type);
  g_assert_cmpuint (action (game, index)->seat, ==, seat);
}

static void
assert_outcome (CpGame *game, CpStatus status, CpEndReason reason, CpSeatMask winners)
{
  const CpOutcome *outcome = cp_game_get_outcome (game);

  g_assert_cmpuint (outcome->status, ==, status);
  g_assert_cmpuint (outcome->reason, ==, reason);
  g_assert_cmpuint (outcome->winners, ==, winners);
}

static void
append_meta (CpGame *game, CpActionType type, guint seat)
{
  g_autoptr (GError) error = NULL;
  CpAction meta;

  cp_action_init (&meta, type, seat);
  g_assert_true (cp_game_append (game, &meta, &error));
  g_assert_no_error (error);
}

/* Reading the files. */

static void
test_read_miniature (void)
{
  g_autoptr (GPtrArray) games = load_good ("mortimer-trap.pgn");
  CpGame *game = game_at (games, 0);
  g_autofree char *last = NULL;

  g_assert_cmpuint (games->len, ==, 1);
  g_assert_cmpstr (cp_game_get_rules (game)->id, ==, "chess");
  g_assert_cmpstr (player (game, 0), ==, "Fenwick, Alan");
  g_assert_cmpstr (player (game, 1), ==, "Okafor, Grace");
  g_assert_cmpstr (tag (game, "Event"), ==, "Club training game");
  g_assert_cmpstr (tag (game, "Site"), ==, "Leeds ENG");
  g_assert_cmpstr (tag (game, "Date"), ==, "2023.03.14");
  g_assert_cmpstr (tag (game, "Round"), ==, "2");
  g_assert_cmpstr (tag (game, "ECO"), ==, "C61");
  g_assert_cmpstr (tag (game, "Opening"), ==, "Ruy Lopez: Bird variation");
  g_assert_null (tag (game, "Result"));
  g_assert_null (tag (game, "White"));
  g_assert_cmpuint (g_hash_table_size (cp_game_get_tags (game)), ==, 6);

  /* Mate on the board: nobody needs to resign. */
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 14);
  assert_outcome (game, CP_STATUS_WON, CP_END_CHECKMATE, CP_SEAT_BIT (1));
  last = cp_game_format_action (game, 13, CP_NOTATION_SAN);
  g_assert_cmpstr (last, ==, "Nf3#");
}

static void
test_read_special_moves (void)
{
  g_autoptr (GPtrArray) games = load_good ("special-moves.pgn");
  CpGame *game = game_at (games, 0);

  g_assert_cmpuint (games->len, ==, 1);
  /* 3. exf6 takes en passant; 5. gxh8=Q promotes. */
  g_assert_true (action (game, 4)->flags & CP_ACTION_FLAG_EN_PASSANT);
  g_assert_cmpuint (action (game, 8)->piece, ==, CP_PIECE_QUEEN);
  /* 6... O-O-O and 9. O-O. */
  g_assert_true (action (game, 11)->flags & CP_ACTION_FLAG_CASTLE);
  g_assert_cmpuint (action (game, 11)->seat, ==, 1);
  g_assert_true (action (game, 16)->flags & CP_ACTION_FLAG_CASTLE);
  g_assert_cmpuint (action (game, 16)->seat, ==, 0);
  /* 1-0 with Black not mated: Black resigned. */
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 23);
  assert_action (game, 22, CP_ACTION_RESIGN, 1);
  assert_outcome (game, CP_STATUS_WON, CP_END_RESIGNATION, CP_SEAT_BIT (0));
}

static void
test_read_chess960 (void)
{
  g_autoptr (GPtrArray) games = load_good ("chess960.pgn");
  CpGame *game = game_at (games, 0);

  g_assert_cmpstr (cp_game_get_rules (game)->id, ==, "chess960");
  g_assert_cmpstr (cp_game_get_option (game, "fen"), ==,
                   "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1");
  g_assert_null (tag (game, "Variant"));
  g_assert_null (tag (game, "FEN"));
  g_assert_null (tag (game, "SetUp"));
  /* 5. O-O and 8... O-O-O, with the king starting on d1/d8. */
  g_assert_true (action (game, 8)->flags & CP_ACTION_FLAG_CASTLE);
  g_assert_true (action (game, 15)->flags & CP_ACTION_FLAG_CASTLE);
  g_assert_cmpuint (cp_game_get_state (game)->cells[6].kind, ==, CP_PIECE_KING);
  g_assert_cmpuint (cp_game_get_state (game)->cells[5].kind, ==, CP_PIECE_ROOK);
  g_assert_cmpuint (cp_game_get_state (game)->cells[58].kind, ==, CP_PIECE_KING);
  g_assert_cmpuint (cp_game_get_state (game)->cells[59].kind, ==, CP_PIECE_ROOK);
  /* 1/2-1/2 in a position that shows nothing: an agreed draw. */
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 20);
  assert_action (game, 18, CP_ACTION_OFFER_DRAW, 0);
  assert_action (game, 19, CP_ACTION_ACCEPT_DRAW, 1);
  assert_outcome (game, CP_STATUS_DRAWN, CP_END_AGREEMENT, 0);
}

static void
test_read_annotated (void)
{
  g_autoptr (GPtrArray) games = load_good ("annotated.pgn");
  CpGame *first, *second, *third;

  g_assert_cmpuint (games->len, ==, 3);
  first = game_at (games, 0);
  second = game_at (games, 1);
  third = game_at (games, 2);

  /* Escapes in tag values; variations, comments and NAGs skipped. */
  g_assert_cmpstr (tag (first, "Event"), ==, "Autumn \"Open\"");
  g_assert_cmpstr (tag (first, "Site"), ==, "C:\\chess\\club");
  g_assert_cmpstr (tag (first, "Annotator"), ==, "Chess Parlour tests");
  g_assert_cmpuint (cp_game_get_n_actions (first), ==, 38);
  assert_action (first, 37, CP_ACTION_RESIGN, 1);

  /* "12.e4" written without spaces, castling with zeros. */
  g_assert_cmpstr (player (second, 0), ==, "Sato, Ren");
  g_assert_cmpstr (tag (second, "Site"), ==, "Online");
  g_assert_null (tag (second, "Round"));
  g_assert_true (action (second, 7)->flags & CP_ACTION_FLAG_CASTLE);
  g_assert_true (action (second, 12)->flags & CP_ACTION_FLAG_CASTLE);
  g_assert_cmpuint (cp_game_get_n_actions (second), ==, 26);
  assert_action (second, 24, CP_ACTION_OFFER_DRAW, 0);
  assert_action (second, 25, CP_ACTION_ACCEPT_DRAW, 1);

  /* A set-up position with Black to move; unknown values are dropped,
   * so the players keep the names of their seats. */
  g_assert_cmpstr (cp_game_get_option (third, "fen"), ==,
                   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  g_assert_cmpstr (player (third, 0), ==, "White");
  g_assert_cmpstr (player (third, 1), ==, "Black");
  g_assert_cmpstr (tag (third, "Event"), ==, "Training position");
  g_assert_null (tag (third, "Site"));
  g_assert_null (tag (third, "Date"));
  g_assert_cmpuint (cp_game_get_n_actions (third), ==, 9);
  assert_action (third, 0, CP_ACTION_MOVE, 1);
  assert_outcome (third, CP_STATUS_PLAYING, CP_END_NONE, 0);
}

static void
test_read_bad_files (void)
{
  struct {
    const char *file;
    const char *message;
  } cases[] = {
    { "illegal-move.pgn", "Game 2, move 14 for Black: “Nxe5” is not a legal move" },
    { "unterminated-comment.pgn", "Game 1, line 9: a comment “{” is not closed" },
    { "unknown-variant.pgn", "Game 1 is a game of “Crazyhouse”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) games = load_data (cases[i].file, &error);

      g_assert_null (games);
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_RECORD);
      g_test_message ("%s: %s", cases[i].file, error->message);
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

/* Reading texts. */

static void
test_read_movetext_forms (void)
{
  g_autoptr (CpGame) game = NULL;
  g_autoptr (GPtrArray) games = NULL;

  /* Movetext without tags; glued numbers and glyphs; a rest-of-line
   * comment; an escape line; NAGs and evaluation signs. */
  game = read_one ("1.e4!? e5!! 2.Nf3?! Nc6? 3.Bb5 $13 a6 +=\n"
                   "; Black asks the bishop\n"
                   "%  an escape line, even with { and ( in it\n"
                   "4.Ba4 Nf6 5.0-0 Be7 6.Re1 b5 7.Bb3 d6 8.c3 0-0 9.h3 *");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 17);
  g_assert_true (action (game, 8)->flags & CP_ACTION_FLAG_CASTLE);
  g_clear_object (&game);

  /* Check signs, promotion without "=", long algebraic and coordinates. */
  game = read_one ("[FEN \"4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1\"]\n"
                   "1. b8Q+ Kd7 2. Qb5+ Kd8 3. h1-h2 g1=Q+ 4. Ke2 Qg4+ 5. Kd3 *");
  g_assert_cmpuint (action (game, 0)->piece, ==, CP_PIECE_QUEEN);
  g_assert_cmpuint (action (game, 5)->piece, ==, CP_PIECE_QUEEN);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 9);
  g_clear_object (&game);

  /* Castling written with zeros, long castling, "1..." and numbers
   * followed by many periods. */
  game = read_one ("[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1\"]\n\n"
                   "1... 0-0 2. O-O-O+ 2.... Kg7 3. Rd2 *");
  g_assert_true (action (game, 0)->flags & CP_ACTION_FLAG_CASTLE);
  g_assert_true (action (game, 1)->flags & CP_ACTION_FLAG_CASTLE);
  g_clear_object (&game);

  /* Nested variations, comments holding parentheses and braces in a
   * variation's comment. */
  game = read_one ("1. e4 (1. d4 {a (closed) remark} d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4) "
                   "1... e5 {main (line)} 2. Nf3 ((2. f4)) 2... Nc6 1/2-1/2");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 6);
  assert_outcome (game, CP_STATUS_DRAWN, CP_END_AGREEMENT, 0);
  g_clear_object (&game);

  /* A game without result, followed by the next game's tags; a game
   * of tags only. */
  games = read_good ("[Event \"A\"]\n1. e4 e5\n[Event \"B\"]\n[Result \"0-1\"]\n"
                     "1. d4 d5 0-1\n[Event \"C\"]\n");
  g_assert_cmpuint (games->len, ==, 3);
  g_assert_cmpuint (cp_game_get_n_actions (game_at (games, 0)), ==, 2);
  assert_outcome (game_at (games, 0), CP_STATUS_PLAYING, CP_END_NONE, 0);
  assert_outcome (game_at (games, 1), CP_STATUS_WON, CP_END_RESIGNATION, CP_SEAT_BIT (1));
  g_assert_cmpuint (cp_game_get_n_actions (game_at (games, 2)), ==, 0);
  g_assert_cmpstr (tag (game_at (games, 2), "Event"), ==, "C");
  g_clear_pointer (&games, g_ptr_array_unref);

  /* The result in the Result tag when the movetext has none. */
  game = read_one ("[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6\n");
  assert_action (game, 4, CP_ACTION_RESIGN, 1);
  g_clear_object (&game);
  game = read_one ("[Result \"1-0 on time\"]\n\n1. e4 e5\n");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);
  g_clear_object (&game);

  /* Variant names for Chess960. */
  for (guint i = 0; i < 4; i++)
    {
      const char *variants[] = { "Chess960", "chess 960", "Fischerandom", "fischerandom" };
      g_autofree char *text = g_strdup_printf ("[Variant \"%s\"]\n"
                                               "[FEN \"nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1\"]\n"
                                               "1. e4 e5 2. O-O O-O *",
                                               variants[i]);

      game = read_one (text);
      g_assert_cmpstr (cp_game_get_rules (game)->id, ==, "chess960");
      g_assert_true (action (game, 2)->flags & CP_ACTION_FLAG_CASTLE);
      g_assert_true (action (game, 3)->flags & CP_ACTION_FLAG_CASTLE);
      g_clear_object (&game);
    }

  /* Chess960 without a FEN starts from the orthodox position. */
  game = read_one ("[Variant \"Chess960\"]\n1. e4 *");
  g_assert_cmpstr (cp_game_get_rules (game)->id, ==, "chess960");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
  g_clear_object (&game);

  /* A tag value in Latin-1. */
  game = read_one ("[White \"M\xfcller, J\xf6rg\"]\n*");
  g_assert_cmpstr (player (game, 0), ==, "Müller, Jörg");
}

static void
test_read_encodings (void)
{
  const char *crlf = "[Event \"Lines\"]\r\n[White \"A\"]\r\n\r\n1. e4 e5 ; note\r\n% skipped\r\n2. Nf3 1-0\r\n";
  g_autoptr (CpGame) game = NULL;
  g_autofree char *bom = NULL;
  g_autofree char *message = NULL;

  game = read_one (crlf);
  g_assert_cmpstr (tag (game, "Event"), ==, "Lines");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 4);
  g_clear_object (&game);

  bom = g_strconcat ("\xEF\xBB\xBF", crlf, NULL);
  game = read_one (bom);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 4);
  g_clear_object (&game);

  /* Old Mac line ends count lines too. */
  message = read_bad ("[Event \"x\"]\r\r1. e4 {open\r", -1);
  g_assert_nonnull (strstr (message, "line 3"));
}

static void
test_read_bad_texts (void)
{
  g_autofree char *message = NULL;

  assert_read_fails ("", "holds no game");
  assert_read_fails ("  \n\t\r\n", "holds no game");
  assert_read_fails ("% only an escape line\n", "holds no game");
  assert_read_fails ("<?xml version=\"1.0\"?>\n<game/>", "unexpected character “<”");
  assert_read_fails ("\x01\x02\x03", "unexpected byte 0x01");
  assert_read_fails ("1. e4 e5 2. \xff\xfe", "unexpected byte 0xFF");
  assert_read_fails ("[Event \"Open value\n1. e4 *", "the value of the tag “Event” has no closing quote");
  assert_read_fails ("[Event \"x\"", "the tag “Event” has no closing “]”");
  assert_read_fails ("[Event x]", "the tag “Event” has no value in quotes");
  assert_read_fails ("[ \"x\"]", "a tag has no name");
  assert_read_fails ("1. e4 (1. d4 d5 *", "Game 1, line 1: a variation “(” is not closed");
  assert_read_fails ("1. e4 e5\n(1... c5\n[Event \"next\"]\n1. d4 *", "line 2: a variation “(” is not closed");
  assert_read_fails ("1. e4 e5 ) 2. Nf3 *", "a “)” closes no variation");
  assert_read_fails ("1. e4 e5 2. Ke3 *", "Game 1, move 2 for White: “Ke3” is not a legal move");
  assert_read_fails ("1. e4 -- 2. d4 *", "Game 1, move 1 for Black: “--” is not a legal move");
  assert_read_fails ("1. hello world *", "Game 1, move 1 for White: “hello” is not a legal move");
  assert_read_fails ("1. f3 e5 2. g4 Qh4# 3. e4 0-1",
                     "Game 1, move 3 for White: “e4” comes after the end of the game");
  assert_read_fails ("[SetUp \"1\"]\n1. e4 *", "Game 1 has the tag SetUp but no FEN tag");
  assert_read_fails ("[FEN \"8/8/8/8 w - - 0 1\"]\n1. e4 *", "Game 1: ");
  assert_read_fails ("[Variant \"Atomic\"]\n1. e4 *", "“Atomic”, a variant that Chess Parlour cannot import");
  assert_read_fails ("[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. e5 *", "Game 2, move 1 for White: “e5”");

  /* A very long word is cut short in the message. */
  message = read_bad ("1. Naaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa *", -1);
  g_assert_cmpuint (strlen (message), <, 120);

  /* A NUL inside the text given with its length. */
  g_clear_pointer (&message, g_free);
  message = read_bad ("1. e4\0 e5 *", 11);
  g_assert_nonnull (strstr (message, "unexpected byte 0x00"));
}

static void
test_read_results (void)
{
  g_autoptr (CpGame) game = NULL;

  game = read_one ("1. e4 e5 0-1");
  assert_action (game, 2, CP_ACTION_RESIGN, 0);
  assert_outcome (game, CP_STATUS_WON, CP_END_RESIGNATION, CP_SEAT_BIT (1));
  g_clear_object (&game);

  /* Black to move offers, White accepts. */
  game = read_one ("1. e4 1/2-1/2");
  assert_action (game, 1, CP_ACTION_OFFER_DRAW, 1);
  assert_action (game, 2, CP_ACTION_ACCEPT_DRAW, 0);
  g_clear_object (&game);

  /* The start position for the third time: White claims. */
  game = read_one ("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 9);
  assert_action (game, 8, CP_ACTION_CLAIM_DRAW, 0);
  assert_outcome (game, CP_STATUS_DRAWN, CP_END_REPETITION, 0);
  g_clear_object (&game);

  /* ...unless the final comment says the players agreed. */
  game = read_one ("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 {Draw by agreement} 1/2-1/2");
  assert_outcome (game, CP_STATUS_DRAWN, CP_END_AGREEMENT, 0);
  g_clear_object (&game);

  /* Stalemate on the board. */
  game = read_one ("[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n1. Qf7 1/2-1/2");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
  assert_outcome (game, CP_STATUS_DRAWN, CP_END_STALEMATE, 0);
  g_clear_object (&game);

  /* "*" leaves the game open. */
  game = read_one ("[Result \"1-0\"]\n1. e4 *");
  assert_outcome (game, CP_STATUS_PLAYING, CP_END_NONE, 0);

  assert_read_fails ("1. f3 e5 2. g4 Qh4# 1-0", "Game 1 has the result 1-0, but the moves end it otherwise");
  assert_read_fails ("[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n1. Qf7 1-0", "Stalemate");
}

static void
test_read_limits (void)
{
  gsize size = CP_PGN_MAX_SIZE + 1;
  g_autofree char *huge = g_malloc (size);
  g_autofree char *message = NULL;
  g_autoptr (GString) deep = g_string_new ("1. e4 ");
  g_autoptr (GString) many = g_string_new (NULL);
  g_autoptr (GPtrArray) games = NULL;

  memset (huge, ' ', size);
  message = read_bad (huge, (gssize) size);
  g_assert_nonnull (strstr (message, "too large"));

  /* Variations nested as deep as the limit, and long comments, cost one
   * pass. */
  for (guint i = 0; i < CP_PGN_MAX_DEPTH; i++)
    g_string_append_c (deep, '(');
  g_string_append (deep, "{");
  for (guint i = 0; i < 100000; i++)
    g_string_append (deep, "a long comment ");
  g_string_append (deep, "} e5");
  for (guint i = 0; i < CP_PGN_MAX_DEPTH; i++)
    g_string_append_c (deep, ')');
  g_string_append (deep, " e5 *");
  g_clear_pointer (&message, g_free);
  {
    g_autoptr (CpGame) game = read_one (deep->str);

    g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);
  }
  g_string_truncate (deep, deep->len - CP_PGN_MAX_DEPTH - 5);
  message = read_bad (deep->str, (gssize) deep->len);
  g_assert_nonnull (strstr (message, "a variation “(” is not closed"));

  /* One deeper is refused where it begins, however deep it goes. */
  g_string_assign (deep, "1. e4\n");
  for (guint i = 0; i < 1000000; i++)
    g_string_append_c (deep, '(');
  g_clear_pointer (&message, g_free);
  message = read_bad (deep->str, (gssize) deep->len);
  g_assert_nonnull (strstr (message, "Game 1, line 2: variations are nested more than 100 deep"));

  /* Many games. */
  for (guint i = 0; i < 2000; i++)
    g_string_append_printf (many, "[Round \"%u\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n", i + 1);
  games = read_good (many->str);
  g_assert_cmpuint (games->len, ==, 2000);
  g_assert_cmpstr (tag (game_at (games, 1999), "Round"), ==, "2000");

  /* Too many games, however small. */
  g_string_truncate (many, 0);
  for (guint i = 0; i <= CP_PGN_MAX_GAMES; i++)
    g_string_append (many, "*\n");
  g_clear_pointer (&message, g_free);
  message = read_bad (many->str, (gssize) many->len);
  g_assert_nonnull (strstr (message, "more than"));
}

/* Inputs that once crashed the reader or that no chess tool writes: each
 * is read or refused with a message. */
static void
test_read_hostile (void)
{
  g_autofree char *name = g_strnfill (CP_PLAYER_MAX_NAME_LENGTH, 'n');
  g_autofree char *longer = g_strnfill (CP_PLAYER_MAX_NAME_LENGTH + 1, 'n');
  g_autofree char *pgn = NULL;
  g_autoptr (CpGame) game = NULL;

  /* A count of empty cells beyond any number. */
  assert_read_fails ("[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1P9999999999999999999999PP/RNBQKBNR b KQkq - 0 1\"]\n*",
                     "a rank has the wrong number of cells");

  /* NUL bytes, in the moves, a tag or a comment. */
  {
    g_autofree char *message = read_bad ("1. e4 \0 e5 *", 13);

    g_assert_cmpstr (message, ==, "Line 1: unexpected byte 0x00");
    g_clear_pointer (&message, g_free);
    message = read_bad ("[White \"A\0B\"]\n1. e4 *", 21);
    g_assert_cmpstr (message, ==, "Line 1: unexpected byte 0x00");
    g_clear_pointer (&message, g_free);
    message = read_bad ("1. e4 e5\n{a\0b} *", 17);
    g_assert_cmpstr (message, ==, "Line 2: unexpected byte 0x00");
  }

  /* Names as long as a player's may be, and longer. */
  pgn = g_strdup_printf ("[White \"%s\"]\n[Black \"%s\"]\n1. e4 *", name, name);
  game = read_one (pgn);
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 1)), ==, name);
  g_clear_object (&game);
  g_clear_pointer (&pgn, g_free);
  pgn = g_strdup_printf ("[White \"%s\"]\n1. e4 *", longer);
  assert_read_fails (pgn, "Game 1: the name of White is longer than 64 characters");
  g_clear_pointer (&pgn, g_free);
  pgn = g_strdup_printf ("*\n[Black \"%s\"]\n1. e4 *", longer);
  assert_read_fails (pgn, "Game 2: the name of Black is longer than 64 characters");

  /* Names and tags that are not UTF-8 are read as Latin-1. */
  game = read_one ("[White \"Andr\xe9\"]\n[Site \"K\xf8" "benhavn\"]\n1. e4 *");
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 0)), ==, "André");
  g_assert_cmpstr (tag (game, "Site"), ==, "København");
}

static void
test_sniff (void)
{
  g_assert_true (cp_pgn_is_pgn ("[Event \"x\"]", 11));
  g_assert_true (cp_pgn_is_pgn ("\xEF\xBB\xBF\r\n% note\n[ Event \"x\"]", 27));
  g_assert_true (cp_pgn_is_pgn ("1. e4 e5", 8));
  g_assert_true (cp_pgn_is_pgn ("  12.e4", 7));
  g_assert_false (cp_pgn_is_pgn ("", 0));
  g_assert_false (cp_pgn_is_pgn ("<?xml version=\"1.0\"?>", 21));
  g_assert_false (cp_pgn_is_pgn ("[1, 2]", 6));
  g_assert_false (cp_pgn_is_pgn ("[Event", 6));
  g_assert_false (cp_pgn_is_pgn ("hello", 5));

  for (guint i = 0; i < G_N_ELEMENTS (good_files); i++)
    {
      g_autofree char *path = data_path (good_files[i]);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_true (cp_pgn_is_pgn (contents, length));
    }
}

/* Writing. */

static void
test_write_export_format (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, &error);
  g_autofree char *text = NULL;
  const char *expected =
    "[Event \"Test match\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[White \"Ashworth, Bea\"]\n"
    "[Black \"Quint, \\\"Oz\\\"\"]\n"
    "[Result \"1-0\"]\n"
    "[Board \"3\"]\n"
    "[TimeControl \"40/7200\"]\n"
    "\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 {Black resigns} 1-0\n";

  g_assert_no_error (error);
  cp_player_set_name (cp_game_get_player (game, 0), "Ashworth, Bea");
  cp_player_set_name (cp_game_get_player (game, 1), "Quint, \"Oz\"");
  g_hash_table_insert (cp_game_get_tags (game), g_strdup ("Event"), g_strdup ("Test match"));
  g_hash_table_insert (cp_game_get_tags (game), g_strdup ("TimeControl"), g_strdup ("40/7200"));
  g_hash_table_insert (cp_game_get_tags (game), g_strdup ("Board"), g_strdup ("3"));
  cp_test_play (game, "e4 e5 Nf3 Nc6 Bb5 a6");
  /* A declined offer is no move. */
  append_meta (game, CP_ACTION_OFFER_DRAW, 0);
  cp_test_play (game, "Ba4");
  append_meta (game, CP_ACTION_RESIGN, 1);

  text = cp_pgn_write (game, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, expected);
}

/* A game played in the program says who played it, when and how it
 * ended: a person by name, a computer as a program, a seat nobody named
 * (which goes by its army's name, in this game or another) as unknown;
 * through its record too. */
static void
test_write_players_and_date (void)
{
  const char *const armies[] = { "White", "Red", "Second player", "White, king side" };
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
  g_autoptr (GDateTime) day = g_date_time_new_local (2026, 3, 7, 23, 59, 0);
  g_autoptr (CpGame) loaded = NULL;
  g_autoptr (CpGame) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL;
  g_autofree char *text = NULL;
  g_autofree char *from_record = NULL;
  g_autofree char *text_again = NULL;
  gsize length;

  cp_game_set_date (game, day);
  cp_player_set_name (cp_game_get_player (game, 0), "Anna");
  cp_player_set_computer (cp_game_get_player (game, 1), TRUE, 3);
  /* What holds on this computer only stays out. */
  g_hash_table_insert (cp_game_get_tags (game), g_strdup (CP_LOCAL_TAG_PREFIX "engine-seat-1"),
                       g_strdup ("/usr/games/stockfish"));
  cp_test_play (game, "f3 e5 g4 Qh4#");
  text = cp_pgn_write (game, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (text, "[Event \"?\"]\n"
                                         "[Site \"?\"]\n"
                                         "[Date \"2026.03.07\"]\n"
                                         "[Round \"?\"]\n"
                                         "[White \"Anna\"]\n"
                                         "[Black \"Chess Parlour\"]\n"
                                         "[Result \"0-1\"]\n"
                                         "[BlackType \"program\"]\n\n"));

  /* The record keeps the date. */
  record = cp_record_to_string (game, &length);
  loaded = cp_record_load_data (record, length, &error);
  g_assert_no_error (error);
  from_record = cp_pgn_write (loaded, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (from_record, ==, text);

  /* Read back, the program stays a program, and is written once. */
  again = read_one (text);
  g_assert_cmpstr (tag (again, "Date"), ==, "2026.03.07");
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (again, 1)), ==, "Chess Parlour");
  text_again = cp_pgn_write (again, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text_again, ==, text);

  /* An army's name is nobody's. */
  for (guint i = 0; i < G_N_ELEMENTS (armies); i++)
    {
      g_autoptr (CpGame) unnamed = cp_game_new ("chess", NULL, 2, 1, NULL);
      g_autofree char *written = NULL;

      cp_player_set_name (cp_game_get_player (unnamed, 0), armies[i]);
      written = cp_pgn_write (unnamed, &error);
      g_assert_no_error (error);
      g_assert_nonnull (strstr (written, "[White \"?\"]\n[Black \"?\"]\n"));
      g_assert_null (strstr (written, "Type"));
    }
}

static void
test_write_endings (void)
{
  struct {
    const char *moves;
    const char *meta;  /* o: offer and accept, c: claim, w: White resigns */
    const char *ending;
  } cases[] = {
    { "f3 e5 g4 Qh4#", "", "2. g4 Qh4# 0-1\n" },
    { "e4 e5", "o", "1. e4 e5 {Draw by agreement} 1/2-1/2\n" },
    { "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", "c", "4. Ng1 Ng8 {Draw claimed by threefold repetition} 1/2-1/2\n" },
    { "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", "o", "4. Ng1 Ng8 {Draw by agreement} 1/2-1/2\n" },
    { "d4", "w", "1. d4 {White resigns} 0-1\n" },
    { "d4 d5", "", "1. d4 d5 *\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
      g_autofree char *text = NULL;
      g_autofree char *flat = NULL;
      g_autofree char *ending = NULL;
      g_autoptr (CpGame) again = NULL;
      guint to_move;

      cp_test_play (game, cases[i].moves);
      to_move = cp_game_get_state (game)->to_move;
      if (g_str_equal (cases[i].meta, "o"))
        {
          append_meta (game, CP_ACTION_OFFER_DRAW, to_move);
          append_meta (game, CP_ACTION_ACCEPT_DRAW, 1 - to_move);
        }
      else if (g_str_equal (cases[i].meta, "c"))
        append_meta (game, CP_ACTION_CLAIM_DRAW, to_move);
      else if (g_str_equal (cases[i].meta, "w"))
        append_meta (game, CP_ACTION_RESIGN, 0);

      text = cp_pgn_write (game, NULL);
      g_test_message ("%s", text);
      /* Line breaks aside. */
      flat = g_strdelimit (g_strdup (text), "\n", ' ');
      ending = g_strdelimit (g_strdup (cases[i].ending), "\n", ' ');
      g_assert_true (g_str_has_suffix (flat, ending));

      /* The draw agreed in a position where a draw could be claimed
       * comes back as an agreement, thanks to the comment. */
      again = read_one (text);
      assert_same_game (game, again);
    }
}

static void
test_write_setup (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpGame) again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *fen_tag = NULL;
  g_auto (CpActionList) legal = { 0 };

  /* A set-up position with Black to move. */
  g_hash_table_insert (options, "fen", "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40");
  game = cp_game_new ("chess", options, 2, 1, &error);
  g_assert_no_error (error);
  cp_test_play (game, "Kd7 e4 Ke6");
  text = cp_pgn_write (game, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "[Result \"*\"]\n[SetUp \"1\"]\n"
                                  "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 40\"]\n\n"
                                  "40... Kd7 41. e4 Ke6 *\n"));
  g_assert_null (strstr (text, "Variant"));
  again = read_one (text);
  assert_same_game (game, again);
  g_clear_object (&game);
  g_clear_object (&again);
  g_clear_pointer (&text, g_free);

  /* The orthodox start is not written out. */
  g_hash_table_insert (options, "fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  game = cp_game_new ("chess", options, 2, 1, &error);
  text = cp_pgn_write (game, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (text, "FEN"));
  g_assert_true (g_str_has_suffix (text, "[Result \"*\"]\n\n*\n"));
  g_clear_object (&game);
  g_clear_pointer (&text, g_free);

  /* A Chess960 position drawn at random is the game's FEN. */
  game = cp_game_new ("chess960", NULL, 2, 960, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_resolve_chance (game), ==, 1);
  cp_state_legal (cp_game_get_state (game), 0, &legal);
  g_assert_true (cp_game_append (game, &legal.items[0], &error));
  g_assert_no_error (error);
  text = cp_pgn_write (game, &error);
  g_assert_no_error (error);
  {
    g_autoptr (CpState) start = cp_game_state_at (game, 1);

    fen = cp_fen_write (CP_CHESS_STATE (start), CP_FEN_STANDARD);
  }
  fen_tag = g_strdup_printf ("[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
  g_assert_nonnull (strstr (text, fen_tag));
  again = read_one (text);
  g_assert_cmpuint (cp_game_get_n_actions (again), ==, 1);
  assert_same_game (game, again);
}

static gboolean
fake_init (CpState *state, GHashTable *options, GError **error)
{
  state->board = cp_board_new (1, 1);
  return TRUE;
}

static CpSeatMask
fake_pending (const CpState *state)
{
  return CP_SEAT_BIT (state->to_move);
}

static void
fake_legal (const CpState *state, guint seat, CpActionList *out)
{
}

static void
fake_make (CpState *state, const CpAction *action, CpUndo *undo)
{
}

static void
fake_outcome (const CpState *state, CpOutcome *outcome)
{
  *outcome = (CpOutcome) { CP_STATUS_PLAYING, CP_END_NONE, 0 };
}

static void
test_write_other_games (void)
{
  static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };
  static const CpRules fake_rules = {
    .id = "fake",
    .name = "Fake game",
    .min_seats = 2,
    .max_seats = 2,
    .colours = colours,
    .state_size = sizeof (CpState),
    .init = fake_init,
    .pending = fake_pending,
    .legal = fake_legal,
    .make = fake_make,
    .outcome = fake_outcome,
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_game_new_with_rules (&fake_rules, NULL, 2, 0, &error);
  g_autoptr (CpGame) chess = cp_game_new ("chess", NULL, 2, 0, &error);
  g_autoptr (GFile) file = NULL;
  g_autoptr (GFileIOStream) stream = NULL;
  g_autofree char *text = NULL;
  CpGame *both[2];

  g_assert_no_error (error);
  g_assert_false (cp_pgn_can_export (game));
  g_assert_true (cp_pgn_can_export (chess));
  text = cp_pgn_write (game, &error);
  g_assert_null (text);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_RECORD);
  g_assert_nonnull (strstr (error->message, "Fake game"));
  g_clear_error (&error);

  /* Nothing is written when one game of several cannot be. */
  file = g_file_new_tmp ("test-pgn-XXXXXX.pgn", &stream, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_replace_contents (file, "kept", 4, NULL, FALSE, 0, NULL, NULL, &error));
  both[0] = chess;
  both[1] = game;
  g_assert_false (cp_pgn_save_games (both, 2, file, NULL, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_RECORD);
  g_clear_error (&error);
  g_assert_true (g_file_load_contents (file, NULL, &text, NULL, NULL, &error));
  g_assert_cmpstr (text, ==, "kept");
  g_file_delete (file, NULL, NULL);
}

/* Round trips. */

static void
test_round_trip (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (good_files); i++)
    {
      g_autoptr (GPtrArray) games = load_good (good_files[i]);
      g_autoptr (GPtrArray) again = NULL;
      g_autoptr (GPtrArray) third = NULL;
      g_autofree char *text = write_games (games);
      g_autofree char *text_again = NULL;

      g_test_message ("%s:\n%s", good_files[i], text);
      again = read_good (text);
      assert_same_games (games, again);

      /* Writing what was read gives the same text. */
      text_again = write_games (again);
      g_assert_cmpstr (text, ==, text_again);
      third = read_good (text_again);
      assert_same_games (games, third);
    }
}

static void
test_save_load (void)
{
  g_autoptr (GPtrArray) games = load_good ("annotated.pgn");
  g_autoptr (GPtrArray) again = NULL;
  g_autoptr (GPtrArray) one = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFileIOStream) stream = NULL;
  g_autoptr (GFile) file = g_file_new_tmp ("test-pgn-XXXXXX.pgn", &stream, &error);
  g_autoptr (GFile) missing = NULL;

  g_assert_no_error (error);
  g_assert_true (cp_pgn_save_games ((CpGame **) games->pdata, games->len, file, NULL, &error));
  g_assert_no_error (error);
  again = cp_pgn_load (file, NULL, &error);
  g_assert_no_error (error);
  assert_same_games (games, again);

  g_assert_true (cp_pgn_save (game_at (games, 1), file, NULL, &error));
  g_assert_no_error (error);
  one = cp_pgn_load (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (one->len, ==, 1);
  assert_same_game (game_at (games, 1), game_at (one, 0));
  g_file_delete (file, NULL, NULL);

  missing = g_file_new_for_path ("/nonexistent/test-pgn.pgn");
  g_assert_null (cp_pgn_load (missing, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

/* Games of random legal moves, castling whenever it is allowed, ended in
 * the ways a game can end. */
static GPtrArray *
random_games (const char *game_id, guint n_games)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (n_games);
  GPtrArray *games = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr (GError) error = NULL;
      CpGame *game = cp_game_new (game_id, NULL, 2, i, &error);
      guint plies = (guint) g_rand_int_range (rand, 0, 120);
      const CpState *state;

      g_assert_no_error (error);
      cp_game_resolve_chance (game);
      for (guint ply = 0; ply < plies; ply++)
        {
          g_auto (CpActionList) legal = { 0 };
          guint choice;

          state = cp_game_get_state (game);
          if (cp_state_is_over (state))
            break;
          cp_state_legal (state, state->to_move, &legal);
          choice = (guint) g_rand_int_range (rand, 0, (gint32) legal.len);
          for (guint k = 0; k < legal.len; k++)
            if (legal.items[k].flags & CP_ACTION_FLAG_CASTLE)
              choice = k;
          g_assert_true (cp_game_append (game, &legal.items[choice], &error));
          g_assert_no_error (error);
        }
      state = cp_game_get_state (game);
      if (!cp_state_is_over (state))
        switch (i % 3)
          {
          case 0:
            append_meta (game, CP_ACTION_RESIGN, g_rand_int_range (rand, 0, 2));
            break;
          case 1:
            append_meta (game, CP_ACTION_OFFER_DRAW, state->to_move);
            append_meta (game, CP_ACTION_ACCEPT_DRAW, 1 - state->to_move);
            break;
          default:
            break;
          }
      g_ptr_array_add (games, game);
    }
  return games;
}

static void
test_random_games (void)
{
  const char *const ids[] = { "chess", "chess960" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr (GPtrArray) games = random_games (ids[i], 50);
      g_autofree char *text = write_games (games);
      g_autoptr (GPtrArray) again = read_good (text);

      assert_same_games (games, again);
    }
}

/* Other chess programs: pgn-extract, when installed. */

static char *
find_pgn_extract (void)
{
  char *path = g_find_program_in_path ("pgn-extract");

  if (path == NULL && g_file_test ("/usr/games/pgn-extract", G_FILE_TEST_IS_EXECUTABLE))
    path = g_strdup ("/usr/games/pgn-extract");
  return path;
}

/* Runs pgn-extract on @input with @format ("-Wsan" etc.); returns what it
 * wrote, after checking that it found nothing wrong. */
static char *
run_pgn_extract (const char *program, const char *input, const char *format)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-pgn-XXXXXX", &error);
  g_autofree char *in_path = NULL;
  g_autofree char *out_path = NULL;
  g_autofree char *out_arg = NULL;
  g_autofree char *errors = NULL;
  g_autofree char *output = NULL;
  const char *argv[] = { program, "-s", "--nobadresults", format, NULL, NULL, NULL };
  int status;

  g_assert_no_error (error);
  in_path = g_build_filename (dir, "in.pgn", NULL);
  out_path = g_build_filename (dir, "out.pgn", NULL);
  out_arg = g_strconcat ("-o", out_path, NULL);
  argv[4] = out_arg;
  argv[5] = in_path;
  g_assert_true (g_file_set_contents (in_path, input, -1, &error));
  g_assert_true (g_spawn_sync (dir, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, &errors, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  /* pgn-extract reports problems on standard error and drops the game. */
  g_assert_cmpstr (errors, ==, "");
  g_assert_true (g_file_get_contents (out_path, &output, NULL, &error));
  g_assert_no_error (error);
  g_remove (in_path);
  g_remove (out_path);
  g_rmdir (dir);
  return g_steal_pointer (&output);
}

static guint
count_games (const char *text)
{
  guint n = 0;

  for (const char *p = text; (p = strstr (p, "[Event ")) != NULL; p++)
    n++;
  return n;
}

static void
test_pgn_extract (void)
{
  static const char *const formats[] = { "-Wsan", "-Wlalg", "-Whalg", "-Wxolalg" };
  g_autofree char *program = find_pgn_extract ();

  if (program == NULL)
    {
      g_test_skip ("pgn-extract is not installed");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (good_files) + 2; i++)
    {
      g_autoptr (GPtrArray) games = NULL;
      g_autofree char *ours = NULL;

      if (i < G_N_ELEMENTS (good_files))
        games = load_good (good_files[i]);
      else
        games = random_games (i == G_N_ELEMENTS (good_files) ? "chess" : "chess960", 30);
      ours = write_games (games);

      for (guint k = 0; k < G_N_ELEMENTS (formats); k++)
        {
          g_autofree char *theirs = run_pgn_extract (program, ours, formats[k]);
          g_autoptr (GPtrArray) again = NULL;

          g_test_message ("%s through pgn-extract %s:\n%s",
                          i < G_N_ELEMENTS (good_files) ? good_files[i] : "random games",
                          formats[k], theirs);
          /* pgn-extract read every game we wrote... */
          g_assert_cmpuint (count_games (theirs), ==, games->len);
          /* ...and we read every game it wrote. */
          again = read_good (theirs);
          assert_same_games (games, again);
        }
    }
}

/* PGN as other chess programs write it: tag names with hyphens (GNOME
 * Chess), clock and evaluation commands in comments and a "Standard"
 * variant (web servers), several games with PlyCount (pgn-extract). */
static void
test_read_other_programs (void)
{
  g_autoptr (GPtrArray) gnome = load_good ("gnome-chess.pgn");
  g_autoptr (GPtrArray) web = load_good ("lichess.pgn");
  g_autoptr (GPtrArray) extract = load_good ("pgn-extract.pgn");
  CpGame *game;

  g_assert_cmpuint (gnome->len, ==, 1);
  game = game_at (gnome, 0);
  g_assert_cmpstr (player (game, 0), ==, "Anna");
  g_assert_cmpstr (player (game, 1), ==, "Ben");
  g_assert_cmpstr (tag (game, "X-GNOME-ClockType"), ==, "simple");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 7);
  g_assert_cmpint (cp_game_get_outcome (game)->reason, ==, CP_END_CHECKMATE);

  g_assert_cmpuint (web->len, ==, 1);
  game = game_at (web, 0);
  g_assert_cmpstr (player (game, 1), ==, "ben-w");
  g_assert_cmpstr (tag (game, "WhiteRatingDiff"), ==, "-6");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 13);
  g_assert_cmpint (cp_game_get_outcome (game)->reason, ==, CP_END_CHECKMATE);

  g_assert_cmpuint (extract->len, ==, 2);
  g_assert_cmpstr (player (game_at (extract, 1), 0), ==, "Eli");
  /* Eight moves, then a draw offered and accepted. */
  g_assert_cmpuint (cp_game_get_n_actions (game_at (extract, 0)), ==, 10);
  g_assert_cmpint (cp_game_get_outcome (game_at (extract, 0))->reason, ==, CP_END_AGREEMENT);
  g_assert_cmpuint (cp_game_get_n_actions (game_at (extract, 1)), ==, 3);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/read/miniature", test_read_miniature);
  g_test_add_func ("/pgn/read/special-moves", test_read_special_moves);
  g_test_add_func ("/pgn/read/chess960", test_read_chess960);
  g_test_add_func ("/pgn/read/annotated", test_read_annotated);
  g_test_add_func ("/pgn/read/other-programs", test_read_other_programs);
  g_test_add_func ("/pgn/read/bad-files", test_read_bad_files);
  g_test_add_func ("/pgn/read/movetext-forms", test_read_movetext_forms);
  g_test_add_func ("/pgn/read/encodings", test_read_encodings);
  g_test_add_func ("/pgn/read/bad-texts", test_read_bad_texts);
  g_test_add_func ("/pgn/read/results", test_read_results);
  g_test_add_func ("/pgn/read/limits", test_read_limits);
  g_test_add_func ("/pgn/read/hostile", test_read_hostile);
  g_test_add_func ("/pgn/sniff", test_sniff);
  g_test_add_func ("/pgn/write/export-format", test_write_export_format);
  g_test_add_func ("/pgn/write/players-and-date", test_write_players_and_date);
  g_test_add_func ("/pgn/write/endings", test_write_endings);
  g_test_add_func ("/pgn/write/setup", test_write_setup);
  g_test_add_func ("/pgn/write/other-games", test_write_other_games);
  g_test_add_func ("/pgn/round-trip", test_round_trip);
  g_test_add_func ("/pgn/save-load", test_save_load);
  g_test_add_func ("/pgn/random-games", test_random_games);
  g_test_add_func ("/pgn/pgn-extract", test_pgn_extract);

  return g_test_run ();
}
