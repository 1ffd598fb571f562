/* test-record.c: saving and loading game records
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-chess-state.h"
#include "cp-test-util.h"
#include "cp-game-file.h"
#include "cp-record.h"

/* Helpers */

/* Plays up to @n moves chosen by a seeded generator. */
static void
play_some_moves (CpGame *game, guint n)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (n);

  for (guint i = 0; i < n && cp_game_get_outcome (game)->status == CP_STATUS_PLAYING; i++)
    {
      g_auto (CpActionList) legal = { 0 };
      const CpState *state = cp_game_get_state (game);
      g_autoptr (GError) error = NULL;

      cp_state_legal (state, state->to_move, &legal);
      g_assert_cmpuint (legal.len, >, 0);
      g_assert_true (cp_game_play (game, &legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)],
                                   &error));
      g_assert_no_error (error);
    }
}

static char *
final_fen (CpGame *game)
{
  return cp_fen_write (CP_CHESS_STATE (cp_game_get_state (game)), CP_FEN_STANDARD);
}

static void
assert_same_tables (GHashTable *a, GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;

  g_assert_cmpuint (g_hash_table_size (a), ==, g_hash_table_size (b));
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpstr (value, ==, g_hash_table_lookup (b, key));
}

static void
assert_same_games (CpGame *a, CpGame *b)
{
  g_autofree char *fen_a = final_fen (a);
  g_autofree char *fen_b = final_fen (b);
  const CpOutcome *outcome_a = cp_game_get_outcome (a);
  const CpOutcome *outcome_b = cp_game_get_outcome (b);

  g_assert_true (cp_game_get_rules (a) == cp_game_get_rules (b));
  g_assert_cmpuint (cp_game_get_seed (a), ==, cp_game_get_seed (b));
  assert_same_tables (cp_game_get_options (a), cp_game_get_options (b));
  assert_same_tables (cp_game_get_tags (a), cp_game_get_tags (b));

  g_assert_cmpuint (cp_game_get_n_seats (a), ==, cp_game_get_n_seats (b));
  for (guint seat = 0; seat < cp_game_get_n_seats (a); seat++)
    {
      CpPlayer *pa = cp_game_get_player (a, seat);
      CpPlayer *pb = cp_game_get_player (b, seat);

      g_assert_cmpstr (cp_player_get_name (pa), ==, cp_player_get_name (pb));
      g_assert_cmpuint (cp_player_get_seat (pa), ==, cp_player_get_seat (pb));
      g_assert_cmpuint (cp_player_get_colour (pa), ==, cp_player_get_colour (pb));
      g_assert_cmpuint (cp_player_get_team (pa), ==, cp_player_get_team (pb));
      g_assert_cmpuint (cp_player_get_kind (pa), ==, cp_player_get_kind (pb));
      if (cp_player_get_kind (pa) == CP_PLAYER_COMPUTER)
        g_assert_cmpuint (cp_player_get_level (pa), ==, cp_player_get_level (pb));
    }

  g_assert_cmpuint (cp_game_get_n_actions (a), ==, cp_game_get_n_actions (b));
  for (guint i = 0; i < cp_game_get_n_actions (a); i++)
    {
      const CpAction *x = cp_game_get_action (a, i);
      const CpAction *y = cp_game_get_action (b, i);

      g_assert_true (cp_action_same (x, y));
      g_assert_cmpuint (x->flags, ==, y->flags);
      g_assert_cmpuint (x->visible, ==, y->visible);
    }

  g_assert_cmpstr (fen_a, ==, fen_b);
  g_assert_cmpuint (outcome_a->status, ==, outcome_b->status);
  g_assert_cmpuint (outcome_a->reason, ==, outcome_b->reason);
  g_assert_cmpuint (outcome_a->winners, ==, outcome_b->winners);
  g_assert_cmpuint (cp_game_get_pending (a), ==, cp_game_get_pending (b));
  g_assert_cmpuint (cp_game_get_cursor (b), ==, cp_game_get_n_actions (b));
}

/* Saves @game to text, loads it back, checks that nothing was lost and
 * that saving the loaded game gives the same text. */
static CpGame *
round_trip (CpGame *game)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;
  gsize length = 0;
  CpGame *back;

  text = cp_record_to_string (game, &length);
  g_assert_cmpuint (length, ==, strlen (text));
  back = cp_record_load_data (text, length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  assert_same_games (game, back);

  again = cp_record_to_string (back, NULL);
  g_assert_cmpstr (text, ==, again);
  return back;
}

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "records", name, NULL);
}

static CpGame *
load_corpus (const char *name, GError **error)
{
  g_autofree char *path = data_path (name);
  g_autoptr (GFile) file = g_file_new_for_path (path);

  return cp_record_load (file, error);
}

static char *
make_temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("test-record-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* Removes @dir and the files in it. */
static void
remove_temp_dir (const char *dir)
{
  g_autoptr (GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}

static guint
count_files (const char *dir)
{
  g_autoptr (GDir) handle = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (handle);
  while (g_dir_read_name (handle) != NULL)
    n++;
  return n;
}

/* Round trips */

static void
test_unfinished (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 12345, NULL);
  g_autoptr (CpGame) back = NULL;
  g_autofree char *fen = NULL;

  /* En passant, a capture that promotes, castling on both sides. */
  cp_test_play (game, "e4 d5 e5 f5 exf6 Nc6 fxg7 Be6 gxh8=Q Qd6 Nf3 O-O-O Bc4 dxc4 O-O");
  back = round_trip (game);

  fen = final_fen (back);
  g_assert_cmpstr (fen, ==, "2kr1bnQ/ppp1p2p/2nqb3/8/2p5/5N2/PPPP1PPP/RNBQ1RK1 b - - 1 8");
  g_assert_cmpuint (cp_game_get_outcome (back)->status, ==, CP_STATUS_PLAYING);

  /* The loaded game goes on like the original. */
  cp_test_play (back, "Bd5");
  g_assert_cmpuint (cp_game_get_n_actions (back), ==, 16);
}

static void
test_finished (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 1, NULL);
  g_autoptr (CpGame) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  cp_test_play (game, "f3 e5 g4 Qh4#");
  back = round_trip (game);
  g_assert_cmpuint (cp_game_get_outcome (back)->status, ==, CP_STATUS_WON);
  g_assert_cmpuint (cp_game_get_outcome (back)->reason, ==, CP_END_CHECKMATE);
  g_assert_cmpuint (cp_game_get_outcome (back)->winners, ==, CP_SEAT_BIT (1));

  text = cp_record_to_string (game, NULL);
  g_assert_nonnull (strstr (text, "<move seat=\"1\" from=\"d8\" to=\"h4\" san=\"Qh4#\"/>"));
  g_assert_nonnull (strstr (text, "<outcome result=\"won\" winners=\"1\" reason=\"checkmate\"/>"));

  /* Nothing may follow the end. */
  g_assert_false (cp_game_play_text (back, "a3", &error));
  g_assert_nonnull (error);
}

static void
test_draw_and_resignation (void)
{
  g_autoptr (CpGame) drawn = cp_test_new_game ("chess", 2, 2, NULL);
  g_autoptr (CpGame) resigned = cp_test_new_game ("chess", 2, 3, NULL);
  g_autoptr (CpGame) back = NULL;
  g_autoptr (GError) error = NULL;
  CpAction action;

  cp_test_play (drawn, "e4 e5");
  cp_action_init (&action, CP_ACTION_OFFER_DRAW, 0);
  g_assert_true (cp_game_play (drawn, &action, &error));
  cp_action_init (&action, CP_ACTION_ACCEPT_DRAW, 1);
  g_assert_true (cp_game_play (drawn, &action, &error));
  g_assert_no_error (error);
  g_clear_object (&back);
  back = round_trip (drawn);
  g_assert_cmpuint (cp_game_get_outcome (back)->status, ==, CP_STATUS_DRAWN);
  g_assert_cmpuint (cp_game_get_outcome (back)->reason, ==, CP_END_AGREEMENT);

  cp_test_play (resigned, "d4");
  cp_action_init (&action, CP_ACTION_RESIGN, 1);
  g_assert_true (cp_game_play (resigned, &action, &error));
  g_assert_no_error (error);
  g_clear_object (&back);
  back = round_trip (resigned);
  g_assert_cmpuint (cp_game_get_outcome (back)->reason, ==, CP_END_RESIGNATION);
  g_assert_cmpuint (cp_game_get_outcome (back)->winners, ==, CP_SEAT_BIT (0));
}

static void
test_players_and_tags (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, G_MAXUINT64, NULL);
  g_autoptr (CpGame) back = NULL;
  GHashTable *tags = cp_game_get_tags (game);
  CpPlayer *black = cp_game_get_player (game, 1);

  cp_player_set_name (cp_game_get_player (game, 0), "Zoë <“the Bold”> & Co.");
  cp_player_set_name (black, "");
  cp_player_set_computer (black, TRUE, 7);
  cp_player_set_team (black, 3);
  g_hash_table_insert (tags, g_strdup ("event"), g_strdup ("Club evening & more\nsecond line"));
  g_hash_table_insert (tags, g_strdup ("site"), g_strdup ("  spaced  "));
  g_hash_table_insert (tags, g_strdup ("date"), g_strdup (""));
  g_hash_table_insert (tags, g_strdup ("odd \"name\" <x>"), g_strdup ("']]>"));
  cp_test_play (game, "Nf3");

  back = round_trip (game);
  g_assert_cmpuint (cp_game_get_seed (back), ==, G_MAXUINT64);
  g_assert_cmpuint (cp_player_get_kind (cp_game_get_player (back, 1)), ==, CP_PLAYER_COMPUTER);
  g_assert_cmpuint (cp_player_get_level (cp_game_get_player (back, 1)), ==, 7);
  g_assert_cmpuint (cp_player_get_team (cp_game_get_player (back, 1)), ==, 3);
}

/* Control characters cannot be in XML: they are left out, and the record
 * stays readable. */
static void
test_control_characters (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 4, NULL);
  g_autoptr (CpGame) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  cp_player_set_name (cp_game_get_player (game, 0), "A\001B\033C");
  g_hash_table_insert (cp_game_get_tags (game), g_strdup ("note"), g_strdup ("x\002y"));
  text = cp_record_to_string (game, NULL);
  back = cp_record_load_data (text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (back, 0)), ==, "ABC");
  g_assert_cmpstr (g_hash_table_lookup (cp_game_get_tags (back), "note"), ==, "xy");
}

/* Secrets are kept, and so are results the players entered themselves.
 * The rules say who sees a random result, whatever it is given: the
 * shuffles of the cards of Chess960 are public, and the deal of Tar Pit
 * Chess is secret. */
static void
test_secret_and_entered (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpGame) back = NULL;
  g_autoptr (CpGame) dealt = cp_test_new_game ("tar-pit", 2, 3, NULL);
  g_autofree char *text = NULL;
  const CpSeatMask visible[] = { CP_SEAT_BIT (0), CP_SEAT_BIT (1) | CP_SEAT_BIT (CP_SEAT_CHANCE), 0 };
  CpAction action;

  g_hash_table_insert (options, "setup", "cards");
  game = cp_game_new ("chess960", options, 2, 99, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (visible); i++)
    {
      cp_action_init (&action, CP_ACTION_SHUFFLE, CP_SEAT_CHANCE);
      action.value = 4000000000u + i;
      action.flags = i == 1 ? CP_ACTION_FLAG_ENTERED : 0;
      action.visible = visible[i];
      g_assert_true (cp_game_append (game, &action, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (cp_game_get_action (game, i)->visible, ==, CP_SEATS_ALL);
    }
  cp_test_play (game, "e4");

  text = cp_record_to_string (game, NULL);
  g_assert_nonnull (strstr (text, "<shuffle seat=\"chance\" value=\"4000000000\" san="));
  g_assert_nonnull (strstr (text, "<shuffle seat=\"chance\" value=\"4000000001\" entered=\"true\" san="));
  g_assert_null (strstr (text, "visible-to"));
  g_assert_nonnull (strstr (text, "<move seat=\"0\" from=\"e2\" to=\"e4\" san=\"e4\"/>"));

  back = round_trip (game);
  g_assert_false (cp_game_get_action (back, 0)->flags & CP_ACTION_FLAG_ENTERED);
  g_assert_true (cp_game_get_action (back, 1)->flags & CP_ACTION_FLAG_ENTERED);

  g_clear_pointer (&text, g_free);
  g_clear_object (&back);
  text = cp_record_to_string (dealt, NULL);
  g_assert_nonnull (strstr (text, "visible-to=\"\""));
  back = round_trip (dealt);
  g_assert_cmpuint (cp_game_get_action (back, 0)->visible, ==, 0);
}

static void
test_chess960_random (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess960", 2, 20240601, NULL);
  g_autoptr (CpGame) back = NULL;

  g_assert_cmpuint (cp_game_get_action (game, 0)->type, ==, CP_ACTION_ROLL);
  play_some_moves (game, 60);
  back = round_trip (game);
  g_assert_cmpuint (cp_game_get_action (back, 0)->seat, ==, CP_SEAT_CHANCE);
}

static void
test_chess960_cards (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpGame) back = NULL;

  g_hash_table_insert (options, "setup", "cards");
  game = cp_game_new ("chess960", options, 2, 77, &error);
  g_assert_no_error (error);
  cp_game_resolve_chance (game);
  g_assert_cmpuint (cp_game_get_action (game, 2)->type, ==, CP_ACTION_SHUFFLE);
  play_some_moves (game, 12);
  back = round_trip (game);
  g_assert_cmpstr (cp_game_get_option (back, "setup"), ==, "cards");
}

/* A chess game from a given position keeps its option. */
static void
test_chess_from_fen (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpGame) back = NULL;

  g_hash_table_insert (options, "fen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  game = cp_game_new ("chess", options, 2, 5, &error);
  g_assert_no_error (error);
  cp_test_play (game, "a8=R Kd7");
  back = round_trip (game);
  g_assert_cmpuint (cp_game_get_action (back, 0)->piece, ==, CP_PIECE_ROOK);
}

/* The parts of the format that chess does not use: paths of several
 * cells, texts, pieces of other actions and secrets, through a small game
 * of the test's own. */

static gboolean
toy_init (CpState *state, GHashTable *options, GError **error)
{
  state->board = cp_board_new (8, 8);
  return TRUE;
}

static CpSeatMask
toy_pending (const CpState *state)
{
  return CP_SEAT_BIT (state->to_move);
}

static void
toy_legal (const CpState *state, guint seat, CpActionList *out)
{
  CpAction *action;

  action = cp_action_list_add (out);
  cp_action_init (action, CP_ACTION_MOVE, seat);
  action->n_cells = 5;
  memcpy (action->cells, (guint8[]) { 0, 17, 34, 51, 60 }, 5);
  action = cp_action_list_add (out);
  cp_action_init (action, CP_ACTION_CARD_NOTE, seat);
  action->text = g_intern_static_string ("Sanctuary & “Mirror”");
  action = cp_action_list_add (out);
  cp_action_init (action, CP_ACTION_BURY, seat);
  action->n_cells = 1;
  action->cells[0] = 28;
  action->piece = CP_PIECE_KNIGHT;
  action->visible = CP_SEAT_BIT (seat);
  action = cp_action_list_add (out);
  cp_action_init (action, CP_ACTION_COMMIT, seat);
  action->value = 0;
}

static void
toy_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  state->to_move ^= 1;
  state->ply++;
}

static void
toy_outcome (const CpState *state, CpOutcome *outcome)
{
  *outcome = (CpOutcome) { CP_STATUS_PLAYING, CP_END_NONE, 0 };
}

static const CpColour toy_colours[] = { CP_COLOUR_RED, CP_COLOUR_BLUE };

static const CpRules toy_rules = {
  .id = "toy",
  .name = "Toy",
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_SECRETS,
  .colours = toy_colours,
  .state_size = sizeof (CpState),
  .init = toy_init,
  .pending = toy_pending,
  .legal = toy_legal,
  .make = toy_make,
  .outcome = toy_outcome,
};

static void
test_other_actions (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_game_new_with_rules (&toy_rules, NULL, 2, 8, &error);
  g_autofree char *text = NULL;
  g_auto (CpActionList) legal = { 0 };

  g_assert_no_error (error);
  toy_legal (cp_game_get_state (game), 0, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      legal.items[i].seat = (guint8) (i % 2);
      g_assert_true (cp_game_append (game, &legal.items[i], &error));
      g_assert_no_error (error);
    }

  text = cp_record_to_string (game, NULL);
  g_assert_nonnull (strstr (text, "<move seat=\"0\" path=\"a1 b3 c5 d7 e8\""));
  g_assert_nonnull (strstr (text, "<card-note seat=\"1\" text=\"Sanctuary &amp; “Mirror”\""));
  g_assert_nonnull (strstr (text, "<bury seat=\"0\" at=\"e4\" piece=\"knight\" visible-to=\"0\""));
  g_assert_nonnull (strstr (text, "<commit seat=\"1\" value=\"0\""));
  g_assert_nonnull (strstr (text, "colour=\"red\""));

  /* The record passes every check up to the game itself, which the
   * registry does not know. */
  g_clear_object (&game);
  game = cp_record_load_data (text, strlen (text), &error);
  g_assert_error (error, CP_ERROR, CP_ERROR_UNKNOWN_GAME);
  g_assert_nonnull (strstr (error->message, "toy"));
  g_assert_null (game);
}

/* Records written by hand, as a reader of the format would. */
static void
test_good_corpus (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) mate = load_corpus ("good-fools-mate.xml", &error);
  g_autoptr (CpGame) chess960 = NULL;
  g_autoptr (CpGame) empty = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_actions (mate), ==, 4);
  g_assert_cmpuint (cp_game_get_outcome (mate)->status, ==, CP_STATUS_WON);
  g_assert_cmpuint (cp_game_get_outcome (mate)->reason, ==, CP_END_CHECKMATE);
  g_assert_cmpuint (cp_game_get_outcome (mate)->winners, ==, CP_SEAT_BIT (1));
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (mate, 0)), ==, "Ann");
  g_assert_cmpstr (g_hash_table_lookup (cp_game_get_tags (mate), "event"), ==, "Fool’s mate");

  chess960 = load_corpus ("good-chess960.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_action (chess960, 0)->value, ==, 518);
  g_assert_true (cp_game_get_action (chess960, 0)->flags & CP_ACTION_FLAG_ENTERED);
  g_assert_true (cp_game_get_action (chess960, 5)->flags & CP_ACTION_FLAG_CAPTURE);

  /* A random result due at the end is drawn on loading. */
  empty = load_corpus ("good-chess960-no-actions.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_actions (empty), ==, 1);
  g_assert_cmpuint (cp_game_get_action (empty, 0)->type, ==, CP_ACTION_ROLL);
  g_assert_cmpuint (cp_game_get_pending (empty), ==, CP_SEAT_BIT (0));
}

/* Saving */

static void
test_save_replaces (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 6, NULL);
  g_autoptr (CpGame) back = NULL;
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "game.xml", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *junk = g_strnfill (100000, 'x');
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;

  g_assert_true (g_file_set_contents (path, junk, -1, &error));
  cp_test_play (game, "e4 e5 Nf3");
  g_assert_true (cp_record_save (game, file, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  expected = cp_record_to_string (game, NULL);
  g_assert_cmpstr (contents, ==, expected);
  g_assert_cmpuint (count_files (dir), ==, 1);

  /* Saved again, later in the game. */
  cp_test_play (game, "Nc6");
  g_assert_true (cp_record_save (game, file, &error));
  back = cp_record_load (file, &error);
  g_assert_no_error (error);
  assert_same_games (game, back);
  g_assert_true (cp_record_validate_file (file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_files (dir), ==, 1);

  remove_temp_dir (dir);
}

static void
test_save_missing_directory (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, NULL);
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *missing = g_build_filename (dir, "missing", NULL);
  g_autofree char *path = g_build_filename (missing, "game.xml", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);

  g_assert_false (cp_record_save (game, file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_files (dir), ==, 0);

  remove_temp_dir (dir);
}

/* Bad records */

/* A record that must not load, the CP_ERROR code it gives and words of
 * the message. */
typedef struct {
  const char *file;
  CpError code;
  const char *words[3];
} BadRecord;

static void
test_bad_record (gconstpointer data)
{
  const BadRecord *bad = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = load_corpus (bad->file, &error);

  g_assert_null (game);
  g_assert_nonnull (error);
  g_test_message ("%s: %s", bad->file, error->message);
  g_assert_true (g_error_matches (error, CP_ERROR, (int) bad->code));
  for (guint i = 0; i < G_N_ELEMENTS (bad->words) && bad->words[i] != NULL; i++)
    if (strstr (error->message, bad->words[i]) == NULL)
      g_error ("“%s” is not in the message “%s”", bad->words[i], error->message);
}

/* The parser must neither read the file an entity names nor copy it into
 * a message. */
static void
test_external_entity (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = load_corpus ("bad-external-entity.xml", &error);

  g_assert_null (game);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_RECORD);
  g_assert_nonnull (strstr (error->message, "document type declaration"));
  g_assert_null (strstr (error->message, "root:"));
  g_assert_null (strstr (error->message, "/bin/"));
}

static void
test_large_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "junk.xml", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);
  const gsize size = 20 * 1024 * 1024;
  g_autofree guint32 *junk = g_new (guint32, size / 4);
  g_autoptr (CpGame) game = NULL;

  for (gsize i = 0; i < size / 4; i++)
    junk[i] = g_rand_int (rand);
  /* Even junk that starts like XML. */
  memcpy (junk, "<?xml version=\"1.0\"?><a>", 24);
  g_assert_true (g_file_set_contents (path, (const char *) junk, (gssize) size, &error));

  game = cp_record_load (file, &error);
  g_assert_null (game);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_RECORD);
  g_assert_nonnull (strstr (error->message, "too large"));
  g_clear_error (&error);

  game = cp_record_load_data ((const char *) junk, size, &error);
  g_assert_null (game);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_RECORD);
  g_clear_error (&error);

  g_assert_false (cp_record_validate_file (file, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_RECORD);

  remove_temp_dir (dir);
}

/* Small junk of every kind gives an error, never a crash. */
static void
test_small_junk (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 8, NULL);
  g_autofree char *text = NULL;
  gsize length;

  cp_test_play (game, "e4 e5 Nf3 Nc6 Bb5 a6");
  text = cp_record_to_string (game, &length);
  for (guint round = 0; round < 200; round++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *copy = g_memdup2 (text, length);
      g_autoptr (CpGame) back = NULL;
      gsize cut = (gsize) g_rand_int_range (rand, 0, (gint32) length);

      /* Damage one byte and cut the end off. */
      copy[g_rand_int_range (rand, 0, (gint32) length)] = (char) g_rand_int_range (rand, 0, 256);
      back = cp_record_load_data (copy, round % 2 ? cut : length, &error);
      g_assert_true ((back == NULL) == (error != NULL));
    }
}

/* The text of a record with @name for White and @actions as its log. */
static char *
record_text (const char *name, const char *actions)
{
  return g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<game-record xmlns=\"" CP_RECORD_NAMESPACE "\" version=\"1\" game=\"chess\">\n"
                          "<setup seed=\"1\">\n"
                          "<player seat=\"0\" name=\"%s\" colour=\"white\" team=\"0\" kind=\"human\"/>\n"
                          "<player seat=\"1\" name=\"B\" colour=\"black\" team=\"1\" kind=\"human\"/>\n"
                          "</setup>\n<actions>%s</actions>\n</game-record>\n", name, actions);
}

static char *
load_bad_text (const char *text, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_record_load_data (text, length, &error);

  g_assert_null (game);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  return g_strdup (error->message);
}

/* Limits, and inputs that once crashed the loader or that only a hostile
 * file holds: each gives a message the window can show. */
static void
test_limits (void)
{
  g_autofree char *name = g_strnfill (CP_PLAYER_MAX_NAME_LENGTH, 'n');
  g_autofree char *longer = g_strnfill (CP_PLAYER_MAX_NAME_LENGTH + 1, 'n');
  g_autoptr (GString) many = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = NULL;
  g_autofree char *text = NULL;
  g_autofree char *message = NULL;

  /* Names as long as a player's may be, and longer. */
  text = record_text (name, "<move seat=\"0\" from=\"e2\" to=\"e4\"/>");
  game = cp_record_load_data (text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 0)), ==, name);
  g_clear_object (&game);
  g_clear_pointer (&text, g_free);
  text = record_text (longer, "");
  message = load_bad_text (text, strlen (text));
  g_assert_nonnull (strstr (message, "Line 4: The name of the player in seat 0 is longer than 64 characters"));

  /* Names set otherwise are cut short, and made UTF-8. */
  game = cp_test_new_game ("chess", 2, 1, NULL);
  cp_player_set_name (cp_game_get_player (game, 0), longer);
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 0)), ==, name);
  cp_player_set_name (cp_game_get_player (game, 1), "A\xff");
  g_assert_cmpstr (cp_player_get_name (cp_game_get_player (game, 1)), ==, "A\xef\xbf\xbd");
  g_clear_object (&game);

  /* Too long a log is refused before it is replayed. */
  for (guint i = 0; i <= CP_RECORD_MAX_ACTIONS; i++)
    g_string_append (many, "<pass seat=\"0\"/>");
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&message, g_free);
  text = record_text ("A", many->str);
  message = load_bad_text (text, strlen (text));
  g_assert_nonnull (strstr (message, "The record holds 200001 actions, more than the 200000 that can be read"));

  /* A NUL byte. */
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&message, g_free);
  text = record_text ("A", "");
  text[strlen (text) / 2] = '\0';
  message = load_bad_text (text, strlen (text + strlen (text) + 1) + strlen (text) + 1);
  g_assert_nonnull (strstr (message, "not well-formed"));

  /* Bytes that are not UTF-8, which libxml2 quotes in its messages. */
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&message, g_free);
  text = record_text ("A", "");
  memcpy (strstr (text, "<actions>") + 4, "\xde\xde", 2);
  message = load_bad_text (text, strlen (text));
  g_assert_nonnull (strstr (message, "not well-formed"));
}

/* The text of a Four-Player Team Chess record, with cards, and @actions
 * as its log. */
static char *
cards_record_text (const char *actions)
{
  return g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<game-record xmlns=\"" CP_RECORD_NAMESPACE "\" version=\"1\" game=\"km-teams\">\n"
                          "<setup seed=\"1\">\n"
                          "<option id=\"cards\" value=\"true\"/>\n"
                          "<player seat=\"0\" name=\"A\" colour=\"white\" team=\"0\" kind=\"human\"/>\n"
                          "<player seat=\"1\" name=\"B\" colour=\"black\" team=\"1\" kind=\"human\"/>\n"
                          "<player seat=\"2\" name=\"C\" colour=\"red\" team=\"2\" kind=\"human\"/>\n"
                          "<player seat=\"3\" name=\"D\" colour=\"brown\" team=\"3\" kind=\"human\"/>\n"
                          "</setup>\n<actions>%s</actions>\n</game-record>\n", actions);
}

/* @text with its first @old replaced by @new; @old must be there. */
static char *
replace_once (const char *text, const char *old, const char *new)
{
  const char *at = strstr (text, old);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, new, at + strlen (old));
}

/* Why the record of @game is refused once its first @old is @new. */
static char *
refusal_once_changed (CpGame *game, const char *old, const char *new)
{
  g_autofree char *text = cp_record_to_string (game, NULL);
  g_autofree char *changed = replace_once (text, old, new);

  return load_bad_text (changed, strlen (changed));
}

static void
assert_loads (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_record_load_data (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
}

/* Who may see an action is the rules' to say: a record that says
 * otherwise is refused, and one that says nothing is given the rules'
 * word. */
static void
test_visible_to (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpGame) back = NULL;
  g_auto (CpActionList) legal = { 0 };
  g_autofree char *text = NULL;
  g_autofree char *changed = NULL;
  g_autofree char *message = NULL;
  CpAction hint;

  /* A knight's move hidden from the player who made it. */
  text = record_text ("A", "<move seat=\"0\" from=\"b1\" to=\"a3\" visible-to=\"1\"/>");
  message = load_bad_text (text, strlen (text));
  g_assert_nonnull (strstr (message, "Move 1 for White (ply 1, line 7): "));
  g_assert_nonnull (strstr (message, "hides this action from players who may see it"));

  /* Every player named is every player. */
  g_clear_pointer (&text, g_free);
  text = record_text ("A", "<move seat=\"0\" from=\"b1\" to=\"a3\" visible-to=\"0 1\"/>"
                           "<move seat=\"1\" from=\"g8\" to=\"f6\" visible-to=\"0 1 2 3 4 5 6 chance\"/>");
  assert_loads (text);

  /* A resignation is public. */
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&message, g_free);
  text = record_text ("A", "<move seat=\"0\" from=\"e2\" to=\"e4\"/><resign seat=\"1\" visible-to=\"1\"/>");
  message = load_bad_text (text, strlen (text));
  g_assert_nonnull (strstr (message, "Move 1 for Black (ply 2, line 7): "));
  g_assert_nonnull (strstr (message, "hides this action"));

  /* The deal of Tar Pit Chess is secret... */
  game = cp_test_new_game ("tar-pit", 2, 1, NULL);
  g_assert_cmpuint (cp_game_get_action (game, 0)->visible, ==, 0);
  g_clear_pointer (&message, g_free);
  message = refusal_once_changed (game, "visible-to=\"\"", "visible-to=\"1\"");
  g_assert_nonnull (strstr (message, "Random result at ply 1 (line 12): "));
  g_assert_nonnull (strstr (message, "shows a secret action to players who may not see it"));

  /* ...even when the record does not say so. */
  g_clear_pointer (&text, g_free);
  text = cp_record_to_string (game, NULL);
  changed = replace_once (text, "visible-to=\"\"", "");
  back = cp_record_load_data (changed, strlen (changed), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_action (back, 0)->visible, ==, 0);
  g_clear_object (&back);
  g_clear_object (&game);

  /* The position of Chess960 is drawn in the open. */
  game = cp_test_new_game ("chess960", 2, 1, NULL);
  g_clear_pointer (&message, g_free);
  message = refusal_once_changed (game, "<roll seat=\"chance\"", "<roll seat=\"chance\" visible-to=\"\"");
  g_assert_nonnull (strstr (message, "Random result at ply 1"));
  g_assert_nonnull (strstr (message, "hides this action"));
  g_clear_object (&game);

  /* A random result is seen as the rules say, whatever it is given. */
  game = cp_test_new_game_undrawn ("tar-pit", 2, 1, NULL);
  cp_action_init (&hint, CP_ACTION_SHUFFLE, CP_SEAT_CHANCE);
  hint.value = 7;
  g_assert_true (cp_game_append (game, &hint, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_action (game, 0)->visible, ==, 0);
  g_clear_object (&game);

  /* A hint to a sealed choice is as secret as the choice. */
  game = cp_test_new_game ("synchronous", 2, 1, NULL);
  cp_state_legal (cp_game_get_state (game), 0, &legal);
  g_assert_cmpuint (legal.len, >, 0);
  g_assert_cmpuint (legal.items[0].visible, ==, CP_SEAT_BIT (0));
  g_assert_true (cp_action_init_hint (&hint, &legal.items[0]));
  hint.visible = CP_SEATS_ALL;
  g_assert_true (cp_game_append (game, &hint, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_action (game, cp_game_get_n_actions (game) - 1)->visible, ==, CP_SEAT_BIT (0));
  back = round_trip (game);
  g_clear_object (&back);
  g_clear_pointer (&message, g_free);
  message = refusal_once_changed (game, "visible-to=\"0\" san=\"takes a hint",
                                  "visible-to=\"0 1\" san=\"takes a hint");
  g_assert_nonnull (strstr (message, "Move 1 for White"));
  g_assert_nonnull (strstr (message, "shows a secret action"));
}

/* Only a card played carries a text. */
static void
test_text_attribute (void)
{
  g_autofree char *text = NULL;
  g_autofree char *message = NULL;

  text = record_text ("A", "<move seat=\"0\" from=\"e2\" to=\"e4\" text=\"Sanctuary\"/>");
  message = load_bad_text (text, strlen (text));
  g_assert_nonnull (strstr (message, "Ply 1 (line 7): "));
  g_assert_nonnull (strstr (message, "Only a card note carries a text; a “move” action does not"));

  g_clear_pointer (&text, g_free);
  g_clear_pointer (&message, g_free);
  text = record_text ("A", "<resign seat=\"0\" text=\"Sanctuary\"/>");
  message = load_bad_text (text, strlen (text));
  g_assert_nonnull (strstr (message, "a “resign” action does not"));
}

/* The name of a card has a length that a player could have typed. */
static void
test_card_name_length (void)
{
  g_autofree char *name = g_strnfill (CP_ACTION_MAX_TEXT_LENGTH, 'c');
  g_autofree char *longer = g_strnfill (CP_ACTION_MAX_TEXT_LENGTH + 1, 'c');
  g_autoptr (GString) wide = g_string_new (NULL);
  g_autofree char *actions = NULL;
  g_autofree char *text = NULL;
  g_autofree char *message = NULL;

  actions = g_strdup_printf ("<card-note seat=\"0\" text=\"%s\"/>", name);
  text = cards_record_text (actions);
  assert_loads (text);

  /* As many characters of four bytes each. */
  for (guint i = 0; i < CP_ACTION_MAX_TEXT_LENGTH; i++)
    g_string_append (wide, "𝄞");
  g_assert_cmpuint (wide->len, ==, CP_ACTION_MAX_TEXT_SIZE);
  g_clear_pointer (&actions, g_free);
  g_clear_pointer (&text, g_free);
  actions = g_strdup_printf ("<card-note seat=\"0\" text=\"%s\"/>", wide->str);
  text = cards_record_text (actions);
  assert_loads (text);

  g_clear_pointer (&actions, g_free);
  g_clear_pointer (&text, g_free);
  actions = g_strdup_printf ("<card-note seat=\"0\" text=\"%s\"/>", longer);
  text = cards_record_text (actions);
  message = load_bad_text (text, strlen (text));
  g_assert_nonnull (strstr (message, "Move 1 for White (ply 1, line 10): "));
  g_assert_nonnull (strstr (message, "The name of the card is longer than 50 characters"));
}

/* The names of cards read from records are the game's, and go with it:
 * the program does not keep them all for its lifetime. */
static void
test_card_note_text (void)
{
  g_autofree char *name = g_strdup_printf ("Card %08x%08x", g_random_int (), g_random_int ());
  g_autofree char *actions = g_strdup_printf ("<card-note seat=\"0\" text=\"%s\"/>", name);
  g_autofree char *text = cards_record_text (actions);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpView) view = NULL;
  g_autoptr (CpPresentation) presentation = NULL;
  const CpAction *logged;
  CpAction copy, done;

  for (guint i = 0; i < 3; i++)
    {
      g_clear_object (&game);
      game = cp_record_load_data (text, strlen (text), &error);
      g_assert_no_error (error);
    }
  g_assert_cmpuint (g_quark_try_string (name), ==, 0);
  logged = cp_game_get_action (game, 0);
  g_assert_cmpuint (logged->type, ==, CP_ACTION_CARD_NOTE);
  g_assert_cmpstr (logged->text, ==, name);

  /* Texts are compared by what they say. */
  copy = *logged;
  copy.text = name;
  g_assert_true (cp_action_same (&copy, logged));
  copy.text = "Sanctuary";
  g_assert_false (cp_action_same (&copy, logged));

  /* The game keeps a copy of the text it is given: White is done with
   * the card and plays another, whose name changes after. */
  cp_action_init (&done, CP_ACTION_PASS, 0);
  done.value = 1;
  g_assert_true (cp_game_append (game, &done, &error));
  g_assert_no_error (error);
  copy.text = name;
  name[0] = 'X';
  g_assert_true (cp_game_append (game, &copy, &error));
  g_assert_no_error (error);
  name[0] = 'C';
  g_assert_true (g_str_has_prefix (cp_game_get_action (game, 2)->text, "Xard "));

  /* What the game shows of the card, and its views, outlive it. */
  view = cp_game_view (game, 0);
  presentation = cp_game_present (game, view);
  g_assert_true (g_str_has_prefix (presentation->card_note, "Xard "));
  g_clear_object (&game);
  g_assert_cmpstr (cp_view_get_action (view, 0)->text, ==, name);
  g_assert_true (g_str_has_prefix (cp_view_get_action (view, 2)->text, "Xard "));
  g_assert_cmpuint (g_quark_try_string (name), ==, 0);
}

static void
test_missing_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "nothing.xml", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) directory = g_file_new_for_path (dir);
  g_autoptr (CpGame) game = cp_record_load (file, &error);

  g_assert_null (game);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (cp_record_validate_file (directory, &error));
  g_assert_nonnull (error);

  remove_temp_dir (dir);
}

static const BadRecord bad_records[] = {
  { "bad-empty.xml", CP_ERROR_BAD_RECORD, { "empty" } },
  { "bad-not-xml.txt", CP_ERROR_BAD_RECORD, { "not an XML document" } },
  { "bad-binary.xml", CP_ERROR_BAD_RECORD, { "not an XML document" } },
  { "bad-truncated.xml", CP_ERROR_BAD_RECORD, { "incomplete", "Line" } },
  { "bad-undefined-entity.xml", CP_ERROR_BAD_RECORD, { "not well-formed", "Line 8" } },
  { "bad-namespace.xml", CP_ERROR_BAD_RECORD,
    { "not a Chess Parlour game record", "https://example.org/chess" } },
  { "bad-no-namespace.xml", CP_ERROR_BAD_RECORD,
    { "not a Chess Parlour game record", "no namespace" } },
  { "bad-root.xml", CP_ERROR_BAD_RECORD, { "not a Chess Parlour game record", "“record”" } },
  { "bad-newer-version.xml", CP_ERROR_BAD_RECORD, { "newer version of Chess Parlour" } },
  { "bad-billion-laughs.xml", CP_ERROR_BAD_RECORD, { "document type declaration" } },
  { "bad-external-entity.xml", CP_ERROR_BAD_RECORD, { "document type declaration" } },
  { "bad-missing-seat.xml", CP_ERROR_BAD_RECORD, { "does not follow the format", "Line 10", "move" } },
  { "bad-unknown-element.xml", CP_ERROR_BAD_RECORD, { "does not follow the format", "Line 11", "jump" } },
  { "bad-seed.xml", CP_ERROR_BAD_RECORD, { "does not follow the format", "Line 3" } },
  { "bad-unknown-game.xml", CP_ERROR_UNKNOWN_GAME, { "does not know the game", "tic-tac-toe" } },
  { "bad-option-value.xml", CP_ERROR_BAD_OPTION, { "sometimes", "setup" } },
  { "bad-unknown-option.xml", CP_ERROR_BAD_OPTION, { "clock" } },
  { "bad-option-twice.xml", CP_ERROR_BAD_RECORD, { "twice", "Line 5" } },
  { "bad-seats.xml", CP_ERROR_BAD_RECORD, { "seats", "Line 5" } },
  { "bad-three-players.xml", CP_ERROR_BAD_OPTION, { "3" } },
  { "bad-no-players.xml", CP_ERROR_BAD_RECORD, { "The record has no players" } },
  { "bad-five-players.xml", CP_ERROR_BAD_OPTION, { "5" } },
  { "bad-seven-players.xml", CP_ERROR_BAD_RECORD, { "The record has 7 players; no game has more than 6" } },
  { "bad-colour.xml", CP_ERROR_BAD_RECORD, { "Line 4", "White" } },
  { "bad-cell.xml", CP_ERROR_BAD_RECORD, { "z9", "Ply 3", "line 10" } },
  { "bad-piece.xml", CP_ERROR_BAD_RECORD, { "dragon", "Ply 1" } },
  { "bad-illegal-ply17.xml", CP_ERROR_ILLEGAL_ACTION, { "ply 17", "Move 9 for White", "not a legal move" } },
  { "bad-wrong-turn.xml", CP_ERROR_ILLEGAL_ACTION, { "ply 2", "White", "turn" } },
  { "bad-after-mate.xml", CP_ERROR_GAME_OVER, { "ply 5", "already over" } },
  { "bad-roll-range.xml", CP_ERROR_ILLEGAL_ACTION, { "ply 1", "960" } },
  { "bad-seat-out-of-game.xml", CP_ERROR_ILLEGAL_ACTION, { "Ply 1", "seat" } },
  /* A card adding a piece for a seat the game does not have (found by
   * fuzzing: naming the piece read past the colours of the seats). */
  { "bad-card-place-owner.xml", CP_ERROR_ILLEGAL_ACTION, { "ply 2", "adds queen on d5" } },
  /* Who may see an action is the rules' to say. */
  { "bad-hidden-move.xml", CP_ERROR_BAD_RECORD, { "Move 1 for White (ply 1, line 9)", "hides this action" } },
  { "bad-shown-deal.xml", CP_ERROR_BAD_RECORD, { "Random result at ply 1", "shows a secret action" } },
  { "bad-hidden-roll.xml", CP_ERROR_BAD_RECORD, { "Random result at ply 1", "hides this action" } },
  { "bad-text-on-move.xml", CP_ERROR_BAD_RECORD, { "Ply 1 (line 9)", "card note", "“move”" } },
  { "bad-card-name-length.xml", CP_ERROR_ILLEGAL_ACTION, { "ply 1", "longer than 50 characters" } },
};

/* Game files read without blocking: a record, PGN told by its first
 * bytes whatever its name, and the errors of a missing or broken file. */
static GPtrArray *
load_file (const char *path, CpGameFileKind *kind, GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GAsyncResult) result = NULL;

  cp_game_file_load_async (file, NULL, cp_test_keep_result, &result);
  cp_test_wait_result (&result);
  return cp_game_file_load_finish (file, result, kind, error);
}

static void
test_game_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cp-record-XXXXXX", NULL);
  g_autofree char *record = g_build_filename (dir, "game.cpgame", NULL);
  g_autofree char *pgn = g_build_filename (dir, "game.txt", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.cpgame", NULL);
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 1, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (record);
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;
  CpGameFileKind kind = CP_GAME_FILE_PGN;

  cp_test_play (game, "e4");
  cp_game_file_save_async (game, file, CP_GAME_FILE_RECORD, NULL, cp_test_keep_result, &result);
  cp_test_wait_result (&result);
  g_assert_true (cp_game_file_save_finish (file, result, &error));
  g_assert_no_error (error);
  games = load_file (record, &kind, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kind, ==, CP_GAME_FILE_RECORD);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_cmpuint (cp_game_get_n_actions (g_ptr_array_index (games, 0)), ==, 1);
  g_clear_pointer (&games, g_ptr_array_unref);

  g_assert_true (g_file_set_contents (pgn, "[White \"Anna\"]\n\n1. e4 e5 2. Nf3 *\n\n"
                                           "[White \"Ben\"]\n\n1. d4 *\n", -1, NULL));
  games = load_file (pgn, &kind, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kind, ==, CP_GAME_FILE_PGN);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpuint (cp_game_get_n_actions (g_ptr_array_index (games, 0)), ==, 3);
  g_clear_pointer (&games, g_ptr_array_unref);

  g_assert_true (g_file_set_contents (broken, "<game-record", -1, NULL));
  g_assert_null (load_file (broken, NULL, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_RECORD);
  g_clear_error (&error);
  g_assert_null (load_file (missing, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);

  g_unlink (record);
  g_unlink (pgn);
  g_unlink (broken);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/record/round-trip/unfinished", test_unfinished);
  g_test_add_func ("/record/game-file", test_game_file);
  g_test_add_func ("/record/round-trip/finished", test_finished);
  g_test_add_func ("/record/round-trip/draw-and-resignation", test_draw_and_resignation);
  g_test_add_func ("/record/round-trip/players-and-tags", test_players_and_tags);
  g_test_add_func ("/record/round-trip/control-characters", test_control_characters);
  g_test_add_func ("/record/round-trip/secret-and-entered", test_secret_and_entered);
  g_test_add_func ("/record/round-trip/chess960-random", test_chess960_random);
  g_test_add_func ("/record/round-trip/chess960-cards", test_chess960_cards);
  g_test_add_func ("/record/round-trip/chess-from-fen", test_chess_from_fen);
  g_test_add_func ("/record/format/other-actions", test_other_actions);
  g_test_add_func ("/record/format/good-corpus", test_good_corpus);
  g_test_add_func ("/record/save/replaces", test_save_replaces);
  g_test_add_func ("/record/save/missing-directory", test_save_missing_directory);
  g_test_add_func ("/record/load/missing-file", test_missing_file);
  g_test_add_func ("/record/load/external-entity", test_external_entity);
  g_test_add_func ("/record/load/large-file", test_large_file);
  g_test_add_func ("/record/load/small-junk", test_small_junk);
  g_test_add_func ("/record/load/limits", test_limits);
  g_test_add_func ("/record/load/visible-to", test_visible_to);
  g_test_add_func ("/record/load/text-attribute", test_text_attribute);
  g_test_add_func ("/record/load/card-name-length", test_card_name_length);
  g_test_add_func ("/record/load/card-note-text", test_card_note_text);

  for (guint i = 0; i < G_N_ELEMENTS (bad_records); i++)
    {
      g_autofree char *path = g_strdup_printf ("/record/bad/%s", bad_records[i].file);

      g_test_add_data_func (path, &bad_records[i], test_bad_record);
    }

  return g_test_run ();
}
