/* test-chess-attack.c: Chess Attack
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-engine.h"
#include "cp-games.h"
#include "cp-record.h"
#include "cp-test-util.h"

enum { WHITE, BLACK };

/* The worked example of the rules: the black pawn on d5, backed by the
 * knight on f6 and the bishop on h7, attacks the white pawn that has just
 * come to e4, which the knight on c3 and the bishop on d3 protect. */
#define EXAMPLE "fen=6k1/7b/5n2/3p4/4P3/2NB4/8/6K1 b - - 0 1"

static CpGame *
table_game (const char *fen, const char *more)
{
  return cp_test_new_game ("chess-attack", 2, 1, "dice=table", fen, more, NULL);
}

/* The text of the last action of the log. */
static char *
last_text (CpGame *game)
{
  return cp_game_format_action (game, cp_game_get_n_actions (game) - 1, CP_NOTATION_SAN);
}

/* Whether one of the side items, texts or dice, shows @text. */
static gboolean
shows (CpGame *game, const char *text)
{
  g_autoptr (CpView) view = cp_game_view_at (game, cp_game_get_n_actions (game), CP_VIEW_ALL);
  g_autoptr (CpPresentation) presentation = cp_game_present (game, view);

  for (guint i = 0; i < presentation->side->len; i++)
    {
      const CpSideItem *item = &g_array_index (presentation->side, CpSideItem, i);

      if ((item->kind == CP_SIDE_TEXT || item->kind == CP_SIDE_DIE) && g_strcmp0 (item->text, text) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
test_worked_example (void)
{
  g_autoptr (CpGame) game = table_game (EXAMPLE, NULL);
  g_autofree char *text = NULL;

  cp_test_play (game, "dxe4");
  /* 2 + 1 + 1 against 1 + 1 + 1 before the dice; the attacker rolls first. */
  g_assert_true (shows (game, "Black attacks: pawn 2 + supporting knight 1 + supporting bishop 1 = 4, and a die"));
  g_assert_true (shows (game, "White defends: pawn 1 + supporting knight 1 + supporting bishop 1 = 3, and a die"));
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
  cp_test_play (game, "3");
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE));
  cp_test_play (game, "5");
  g_assert_true (shows (game, "Black attacks: die 3 + pawn 2 + supporting knight 1 + supporting bishop 1 = 7"));
  g_assert_true (shows (game, "White defends: die 5 + pawn 1 + supporting knight 1 + supporting bishop 1 = 8"));
  text = last_text (game);
  /* Entered by hand: the move list puts the player's name before. */
  g_assert_cmpstr (text, ==, "rolls 5 to defend the pawn. "
                             "Black attacks: die 3 + pawn 2 + supporting knight 1 + supporting bishop 1 = 7; "
                             "White defends: die 5 + pawn 1 + supporting knight 1 + supporting bishop 1 = 8. "
                             "The white pawn holds by 1: the white pawn is wounded, the black pawn falls.");
}

typedef struct {
  guint attack_die, defense_die;
  const char *on_d5;      /* "": empty, "p": a black pawn, "p+": wounded */
  const char *on_e4;      /* likewise; "P" for the white pawn */
} Expected;

static void
piece_is (CpGame *game, const char *name, const char *expected)
{
  const CpPiece *p = cp_test_piece_at (game, name);

  if (expected[0] == '\0')
    {
      g_assert_cmpint (p->kind, ==, CP_PIECE_NONE);
      return;
    }
  g_assert_cmpint (p->kind, ==, CP_PIECE_PAWN);
  g_assert_cmpint (p->seat, ==, expected[0] == 'P' ? WHITE : BLACK);
  g_assert_cmpint (p->wounds, ==, expected[1] == '+' ? 1 : 0);
}

/* The five outcomes, on the worked example: 4 + die against 3 + die. */
static void
test_outcomes (void)
{
  static const Expected cases[] = {
    { 6, 1, "", "p" },      /* 10 against 4: won by more than 2 */
    { 2, 1, "", "p+" },     /* 6 against 4: won by 2, the attacker wounded */
    { 1, 2, "p+", "P+" },   /* 5 against 5: a tie wounds both */
    { 1, 4, "", "P+" },     /* 5 against 7: lost by 2, the defender wounded */
    { 1, 6, "", "P" },      /* 5 against 9: lost by more than 2 */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CpGame) game = table_game (EXAMPLE, NULL);
      g_autofree char *moves = g_strdup_printf ("dxe4 %u %u", cases[i].attack_die, cases[i].defense_die);

      cp_test_play (game, moves);
      piece_is (game, "d5", cases[i].on_d5);
      piece_is (game, "e4", cases[i].on_e4);
      /* The fight is over: White moves. */
      g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE));
    }
}

/* A tie wounds the white pawn; in the next fight a tie wounds it again:
 * it falls, and the knight that attacked takes its square, wounded. */
static void
test_second_wound (void)
{
  g_autoptr (CpGame) game = table_game (EXAMPLE, NULL);
  g_autofree char *text = NULL;

  cp_test_play (game, "dxe4 1 2 Kh1");
  /* The knight: 3, with the wounded pawn's 1 and the bishop's 1, against
   * the wounded pawn's 0 and 1 + 1: 5 + 1 against 2 + 4. */
  cp_test_play (game, "Nxe4 1 4");
  text = last_text (game);
  g_assert_cmpstr (text, ==, "rolls 4 to defend the pawn. "
                             "Black attacks: die 1 + knight 3 + supporting wounded pawn 1 + supporting bishop 1 = 6; "
                             "White defends: die 4 + wounded pawn 0 + supporting knight 1 + supporting bishop 1 = 6. "
                             "A tie: the white pawn falls of a second wound, the black knight is wounded, "
                             "the black knight takes e4.");
  g_assert_cmpint (cp_test_piece_at (game, "e4")->kind, ==, CP_PIECE_KNIGHT);
  g_assert_cmpint (cp_test_piece_at (game, "e4")->wounds, ==, 1);
  g_assert_cmpint (cp_test_piece_at (game, "f6")->kind, ==, CP_PIECE_NONE);
  g_assert_true (shows (game, "Points: 1"));
}

/* White's queen, backed by its king, loses to Black's queen; the pawn on
 * the far rank brings it back. */
static void
test_rescue (void)
{
  g_autoptr (CpGame) game = table_game ("fen=k7/4P3/8/8/8/8/3q4/3QK3 w - - 0 1", "rescue=true");
  g_autoptr (GError) error = NULL;
  CpAction action;

  /* 4 + 3 + 1 against 4 + 6: lost by 2, the black queen wounded. */
  cp_test_play (game, "Qxd2 1 6");
  g_assert_cmpint (cp_test_piece_at (game, "d1")->kind, ==, CP_PIECE_NONE);
  g_assert_cmpint (cp_test_piece_at (game, "d2")->wounds, ==, 1);
  cp_test_play (game, "Kb8");
  /* Only what was lost can come back. */
  g_assert_false (cp_state_parse (cp_game_get_state (game), "e8=N", &action, &error));
  cp_test_play (game, "e7e8q");
  g_assert_cmpint (cp_test_piece_at (game, "e8")->kind, ==, CP_PIECE_QUEEN);
  g_assert_cmpint (cp_test_piece_at (game, "e8")->seat, ==, WHITE);
  g_assert_cmpint (cp_test_piece_at (game, "e8")->wounds, ==, 0);
}

/* Without the option a pawn on the far rank stays a pawn. */
static void
test_no_rescue (void)
{
  g_autoptr (CpGame) game = table_game ("fen=k7/4P3/8/8/8/8/8/4K3 w - - 0 1", NULL);

  cp_test_play (game, "e8");
  g_assert_cmpint (cp_test_piece_at (game, "e8")->kind, ==, CP_PIECE_PAWN);
}

static void
test_remote_royals (void)
{
  g_autoptr (CpGame) game = table_game ("fen=k7/8/8/8/8/8/3q4/3QK3 w - - 0 1", "remote-royals=true");

  cp_test_play (game, "Qxd2");
  /* The king does not support the queen: her Attack alone. */
  g_assert_true (shows (game, "White attacks: queen 4 = 4, and a die"));
}

static void
test_king_captured (void)
{
  g_autoptr (CpGame) game = table_game ("fen=k7/8/1Q6/8/8/8/8/K7 b - - 0 1", NULL);
  const CpOutcome *outcome;

  /* There is no check: the king may step next to the queen.  Then 4 + 6
   * against 5 + 1. */
  cp_test_play (game, "Kb7 Qxb7 6 1");
  outcome = cp_game_get_outcome (game);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_WON);
  g_assert_cmpint (outcome->reason, ==, CP_END_KING_CAPTURED);
  g_assert_cmpuint (outcome->winners, ==, CP_SEAT_BIT (WHITE));
}

/* The king may not step where it is attacked, with the option. */
static void
test_king_safety (void)
{
  g_autoptr (CpGame) free_king = table_game ("fen=k7/8/8/8/8/8/1r6/K7 w - - 0 1", NULL);
  g_autoptr (CpGame) safe_king = table_game ("fen=k7/8/8/8/8/8/1r6/K7 w - - 0 1", "king-safety=true");
  g_autoptr (GError) error = NULL;
  CpAction action;

  cp_test_play (free_king, "Kb1");
  g_assert_false (cp_state_parse (cp_game_get_state (safe_king), "Kb1", &action, &error));
  g_clear_error (&error);
  /* Attacking the rook on b2 is moving into check too: no one protects
   * it, so it may. */
  cp_test_play (safe_king, "Kxb2");
}

/* Black, stalemated once the knight falls, has taken nothing: White wins
 * on points. */
static void
test_stalemate_points (void)
{
  g_autoptr (CpGame) game = table_game ("fen=k7/p7/P7/1n6/8/8/8/1R5K w - - 0 1", "king-safety=true");
  const CpOutcome *outcome;

  /* 3 + 6 against 2 + 1. */
  cp_test_play (game, "Rxb5 6 1");
  outcome = cp_game_get_outcome (game);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_WON);
  g_assert_cmpint (outcome->reason, ==, CP_END_STALEMATE);
  g_assert_cmpuint (outcome->winners, ==, CP_SEAT_BIT (WHITE));
}

/* The values are an option: read, checked, and kept in the record. */
static void
test_values_option (void)
{
  g_autoptr (GError) error = NULL;
  const char *bad[] = { "values=pawn 2 1 1", NULL };
  g_autoptr (CpGame) refused = cp_test_try_new_game ("chess-attack", 2, 1, bad, &error);
  g_autoptr (CpGame) game = table_game (EXAMPLE, "values=pawn 5 1 1 1 / 1 0 1");
  g_autoptr (CpGame) back = NULL;
  g_autofree char *record = NULL;
  gsize length;

  g_assert_null (refused);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_OPTION);
  g_assert_nonnull (strstr (error->message, "“pawn 2 1 1”"));
  g_clear_error (&error);

  record = cp_record_to_string (game, &length);
  back = cp_record_load_data (record, length, &error);
  g_assert_no_error (error);
  cp_test_play (back, "dxe4");
  g_assert_true (shows (back, "Black attacks: pawn 5 + supporting knight 1 + supporting bishop 1 = 7, and a die"));
}

/* The values are a table: read row by row, written back the same way; a
 * king scores no points, and every other number must be one. */
static void
test_values_table (void)
{
  const CpOptionSpec *spec = cp_rules_find_option (cp_rules_lookup ("chess-attack"), "values");
  const char *refused[] = {
    "king 4 5 3 3 / 2 3 3", "pawn 2 1 1 - / 1 0 1", "pawn 2 1 1 100 / 1 0 1",
    "pawn 2 1 1 1 / 1 0 1 1", "pawn 2 1 x 1 / 1 0 1", "man 2 1 1 1 / 1 0 1", "pawn; rook 3 2 1 5 / 2 1 1",
  };
  int cells[6 * 7];
  g_autofree char *written = NULL;

  g_assert_cmpuint (spec->type, ==, CP_OPTION_TABLE);
  g_assert_cmpuint (cp_option_table_rows (spec), ==, 6);
  g_assert_cmpuint (cp_option_table_columns (spec), ==, 7);
  g_assert_true (cp_option_table_read (spec, "", cells, NULL));
  written = cp_option_table_write (spec, cells);
  g_assert_cmpstr (written, ==, spec->default_value);
  /* The queen's row of the values of the rules; the king's points blank. */
  g_assert_cmpint (cells[4 * 7 + 0], ==, 4);
  g_assert_cmpint (cells[4 * 7 + 3], ==, 9);
  g_assert_cmpint (cells[4 * 7 + 6], ==, 3);
  g_assert_cmpint (cells[5 * 7 + 3], ==, CP_OPTION_TABLE_BLANK);

  g_assert_true (cp_option_table_read (spec, " rook 1 2 3 4/5 6 7 ;queen 0 0 0 0 / 0 0 99", cells, NULL));
  g_assert_cmpint (cells[3 * 7 + 4], ==, 5);
  g_assert_cmpint (cells[4 * 7 + 6], ==, 99);
  g_assert_cmpint (cells[0 * 7 + 0], ==, 2);
  g_clear_pointer (&written, g_free);
  written = cp_option_table_write (spec, cells);
  g_assert_nonnull (strstr (written, "; rook 1 2 3 4 / 5 6 7; queen 0 0 0 0 / 0 0 99; king 4 5 3 - / 2 3 3"));

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_false (cp_option_table_read (spec, refused[i], cells, &error));
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_OPTION);
    }
}

/* Dice entered by hand stay in the record as entered, and the game
 * reopens as it was: wounds, a fallen piece and the turn. */
static void
test_record_keeps_entered_dice (void)
{
  g_autoptr (CpGame) game = table_game (EXAMPLE, NULL);
  g_autoptr (CpGame) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL;
  gsize length;

  cp_test_play (game, "dxe4 1 2 Kh1 Nxe4 1 4");
  record = cp_record_to_string (game, &length);
  g_assert_nonnull (strstr (record, "entered=\"true\""));
  back = cp_record_load_data (record, length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_actions (back), ==, cp_game_get_n_actions (game));
  g_assert_true (cp_game_get_action (back, 1)->flags & CP_ACTION_FLAG_ENTERED);
  g_assert_cmpuint (cp_state_hash (cp_game_get_state (back)), ==, cp_state_hash (cp_game_get_state (game)));
  g_assert_cmpint (cp_test_piece_at (back, "e4")->wounds, ==, 1);
}

/* The computer weighs a fight before its dice by their odds: between
 * the best and the worst way it can end. */
static void
test_expected_fight (void)
{
  g_autoptr (CpGame) game = table_game (EXAMPLE, NULL);
  g_autoptr (CpGame) won = table_game (EXAMPLE, NULL);
  g_autoptr (CpGame) lost = table_game (EXAMPLE, NULL);
  int before, best, worst;

  cp_test_play (game, "dxe4");
  cp_test_play (won, "dxe4 6 1");
  cp_test_play (lost, "dxe4 1 6");
  before = cp_state_evaluate (cp_game_get_state (game), BLACK);
  best = cp_state_evaluate (cp_game_get_state (won), BLACK);
  worst = cp_state_evaluate (cp_game_get_state (lost), BLACK);
  g_assert_cmpint (worst, <, before);
  g_assert_cmpint (before, <, best);
}

/* Program dice are logged: a record replays every roll. */
static void
test_record_replays_dice (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess-attack", 2, 42, EXAMPLE, NULL);
  g_autoptr (CpGame) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL;
  gsize length;

  cp_test_play (game, "dxe4");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 3);
  g_assert_cmpint (cp_game_get_action (game, 1)->seat, ==, CP_SEAT_CHANCE);
  g_assert_cmpint (cp_game_get_action (game, 1)->type, ==, CP_ACTION_ROLL);
  record = cp_record_to_string (game, &length);
  back = cp_record_load_data (record, length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_actions (back), ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_true (cp_action_same (cp_game_get_action (back, i), cp_game_get_action (game, i)));
  g_assert_cmpuint (cp_state_hash (cp_game_get_state (back)), ==, cp_state_hash (cp_game_get_state (game)));
}

/* Perft counts declared moves; each die opens branches without counting.
 * White: the king's three moves, b5 and the fight bxc5 (2 + die against
 * 1 + die); Black answers the king's moves with five, b5 with four, and
 * the fight, by the difference of the dice (of 36 throws): White's pawn
 * on c5 (21 throws) leaves three king moves, a tie (5) five, Black's pawn
 * alone (10) four: 3 * 5 + 4 + 21 * 3 + 5 * 5 + 10 * 4 = 147. */
static void
test_perft (void)
{
  g_autoptr (CpState) start = cp_test_new_state ("chess-attack", 2, NULL);
  g_autoptr (CpState) small = cp_test_new_state ("chess-attack", 2, "fen=7k/8/8/2p5/1P6/8/8/K7 w - - 0 1", NULL);

  /* No fight can begin before the third ply: the counts of chess. */
  g_assert_cmpuint (cp_state_perft (start, 1), ==, 20);
  g_assert_cmpuint (cp_state_perft (start, 2), ==, 400);
  g_assert_cmpuint (cp_state_perft (start, 3), ==, 8902);
  g_assert_cmpuint (cp_state_perft (small, 1), ==, 5);
  g_assert_cmpuint (cp_state_perft (small, 2), ==, 147);
}

/* A piece as the explanation of a fight names it: "white queen". */
static char *
piece_words (const CpPiece *p)
{
  g_autofree char *colour = g_utf8_strdown (cp_colour_name (p->seat == WHITE ? CP_COLOUR_WHITE : CP_COLOUR_BLACK), -1);

  return g_strdup_printf ("%s %s", colour, cp_piece_kind_name (p->kind));
}

/* The text of a term of a fight as the data says it is: the die, the
 * fighting piece's value, a supporter's. */
static char *
term_words (const CpChessAttackFight *fight, guint side, guint term)
{
  const CpPiece *p = &fight->term_piece[side][term];
  const char *kind = cp_piece_kind_name (p->kind);
  guint value = fight->term_value[side][term];

  if (term == 0)
    return g_strdup_printf ("die %u", value);
  if (term == 1)
    return p->wounds > 0 ? g_strdup_printf ("wounded %s %u", kind, value) : g_strdup_printf ("%s %u", kind, value);
  return p->wounds > 0 ? g_strdup_printf ("supporting wounded %s %u", kind, value)
                       : g_strdup_printf ("supporting %s %u", kind, value);
}

/* Checks the fight that has just ended in @state against its explanation
 * and against the text of the defender's die, @roll_text. */
static void
check_fight (const CpState *state, const char *roll_text)
{
  static const char *const sides[] = { "White attacks: ", "Black attacks: ", "White defends: ", "Black defends: " };
  CpChessAttackFight fight;
  g_autofree char *text = NULL;
  g_autofree char *attacker = NULL;
  g_autofree char *defender = NULL;
  g_autofree char *lead = NULL;
  const char *at;
  int difference;

  g_assert_true (cp_chess_attack_get_fight (state, &fight));
  text = cp_chess_attack_explain (state);
  g_assert_nonnull (text);
  /* The move list says it as the window does, after who rolled the die. */
  {
    g_autofree char *who = g_strdup_printf ("%s rolls %u to defend the %s. ",
                                            fight.fighters[1].seat == WHITE ? "White" : "Black", fight.dice[1],
                                            cp_piece_kind_name (fight.fighters[1].kind));
    g_autofree char *expected = g_strconcat (who, text, NULL);

    g_assert_cmpstr (roll_text, ==, expected);
  }
  at = text;
  for (guint side = 0; side < 2; side++)
    {
      guint sum = 0;

      g_assert_cmpuint (fight.dice[side], >=, 1);
      g_assert_cmpuint (fight.dice[side], <=, 6);
      g_assert_cmpuint (fight.n_terms[side], >=, 2);
      g_assert_cmpuint (fight.term_value[side][0], ==, fight.dice[side]);
      g_assert_cmpint (fight.term_piece[side][1].kind, ==, fight.fighters[side].kind);
      at = strstr (at, sides[side * 2 + fight.fighters[side].seat]);
      g_assert_nonnull (at);
      for (guint term = 0; term < fight.n_terms[side]; term++)
        {
          g_autofree char *words = term_words (&fight, side, term);

          at = strstr (at, words);
          if (at == NULL)
            g_error ("“%s” does not say “%s”", text, words);
          at += strlen (words);
          if (term > 1)
            g_assert_cmpint (fight.term_piece[side][term].seat, ==, fight.fighters[side].seat);
          sum += fight.term_value[side][term];
        }
      g_assert_cmpuint (sum, ==, fight.totals[side]);
      {
        g_autofree char *total = g_strdup_printf (" = %u", fight.totals[side]);

        g_assert_true (g_str_has_prefix (at, total));
      }
    }
  attacker = piece_words (&fight.fighters[0]);
  defender = piece_words (&fight.fighters[1]);
  difference = (int) fight.totals[0] - (int) fight.totals[1];
  lead = difference > 0 ? g_strdup_printf ("The %s wins by %d", attacker, difference)
         : difference < 0 ? g_strdup_printf ("The %s holds by %d", defender, -difference)
         : g_strdup ("A tie");
  at = strstr (at, lead);
  if (at == NULL)
    g_error ("“%s” does not say “%s”", text, lead);
  for (guint side = 0; side < 2; side++)
    {
      g_autofree char *falls = g_strdup_printf ("the %s falls", side == 0 ? attacker : defender);

      g_assert_true ((strstr (at, falls) != NULL) == fight.fell[side]);
    }
  g_assert_true (fight.fell[0] || fight.fell[1] || strstr (at, "is wounded") != NULL);
  g_assert_cmpint (fight.fell[0], ==, difference < 0 || (difference <= 0 && fight.fighters[0].wounds > 0)
                                      || (difference > 0 && difference <= 2 && fight.fighters[0].wounds > 0));
}

/* Random games with the program's dice: the explanation of every fight
 * names the two sides, each term that counts and the outcome, and the
 * terms add up to the totals. */
static void
test_fights_explained (void)
{
  guint fights = 0;

  for (guint game_no = 0; game_no < 40; game_no++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("chess-attack", 2, 100 + game_no,
                                                  game_no % 2 ? "remote-royals=true" : "rescue=true", NULL);
      g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));
      g_autoptr (GRand) rand = g_rand_new_with_seed (game_no);

      for (guint ply = 0; ply < 300 && !cp_state_is_over (state); ply++)
        {
          g_auto (CpActionList) legal = { 0 };
          g_autofree char *before_text = NULL;
          CpChessAttackFight before;
          const CpAction *action;
          CpAction roll;

          if (cp_state_pending (state) & CP_SEAT_BIT (CP_SEAT_CHANCE))
            {
              cp_action_init (&roll, CP_ACTION_ROLL, CP_SEAT_CHANCE);
              roll.value = (guint32) g_rand_int_range (rand, 0, 6);
              action = &roll;
            }
          else
            {
              cp_state_legal (state, cp_state_first_pending (state), &legal);
              if (legal.len == 0)
                break;
              action = &legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)];
            }
          before_text = cp_state_format (state, action, CP_NOTATION_SAN);
          if (action->type == CP_ACTION_ROLL && cp_chess_attack_get_fight (state, &before) && before.dice[0] == 0)
            {
              /* The attacker's die says who rolls it. */
              const char *who = before.fighters[0].seat == WHITE ? "White rolls " : "Black rolls ";

              g_assert_true (g_str_has_prefix (before_text, who));
            }
          g_assert_true (cp_state_apply (state, action, NULL));
          if (action->type == CP_ACTION_ROLL && cp_chess_attack_get_fight (state, &before) && before.dice[1] != 0)
            {
              check_fight (state, before_text);
              fights++;
            }
        }
    }
  g_assert_cmpuint (fights, >, 100);
}

/* Before the dice, the fight shows the totals so far; after them, two
 * dice stand beside the players' names, each with who rolled it. */
static void
test_fight_dice_presented (void)
{
  g_autoptr (CpGame) game = table_game (EXAMPLE, NULL);
  guint n_dice = 0;

  cp_test_play (game, "dxe4 3 5");
  {
    g_autoptr (CpView) view = cp_game_view_at (game, cp_game_get_n_actions (game), CP_VIEW_ALL);
    g_autoptr (CpPresentation) presentation = cp_game_present (game, view);

    for (guint i = 0; i < presentation->side->len; i++)
      {
        const CpSideItem *item = &g_array_index (presentation->side, CpSideItem, i);

        if (item->kind != CP_SIDE_DIE)
          continue;
        g_assert_cmpuint (item->count, ==, n_dice == 0 ? 3 : 5);
        g_assert_cmpuint (item->seat, ==, n_dice == 0 ? BLACK : WHITE);
        g_assert_cmpstr (item->text, ==, n_dice == 0 ? "Black attacks: die 3 + pawn 2 + supporting knight 1 + supporting bishop 1 = 7"
                                                      : "White defends: die 5 + pawn 1 + supporting knight 1 + supporting bishop 1 = 8");
        n_dice++;
      }
    g_assert_cmpuint (n_dice, ==, 2);
    g_assert_cmpstr (presentation->dice_result, ==, "The white pawn holds by 1: the white pawn is wounded, the black pawn falls");
  }
}

/* Beside each player stand the pieces it took, in the other side's
 * colour, with their points; never the pieces it lost. */
static void
test_taken_pieces (void)
{
  g_autoptr (CpGame) game = table_game (EXAMPLE, NULL);
  g_autoptr (CpView) view = NULL;
  g_autoptr (CpPresentation) presentation = NULL;
  guint pieces[2] = { 0, 0 };

  /* 7 against 8: the black pawn falls, White took it. */
  cp_test_play (game, "dxe4 3 5");
  view = cp_game_view_at (game, cp_game_get_n_actions (game), CP_VIEW_ALL);
  presentation = cp_game_present (game, view);
  for (guint i = 0; i < presentation->side->len; i++)
    {
      const CpSideItem *item = &g_array_index (presentation->side, CpSideItem, i);

      if (item->kind != CP_SIDE_PIECES)
        continue;
      g_assert_cmpint (item->piece, ==, CP_PIECE_PAWN);
      g_assert_cmpint (item->owner, ==, 1 - item->seat);
      pieces[item->seat] += item->count;
    }
  g_assert_cmpuint (pieces[WHITE], ==, 1);
  g_assert_cmpuint (pieces[BLACK], ==, 0);
  g_assert_true (presentation->pieces_taken);
  g_assert_cmpstr (presentation->side_description[WHITE], ==, "Taken: pawn. Points: 1");
  g_assert_cmpstr (presentation->side_description[BLACK], ==, "Points: 0");
}

/* A fight under way is written with its attack and the attacker's die;
 * once it ends, the wounded pieces and the pieces taken. */
static void
test_position_written (void)
{
  g_autoptr (CpGame) game = table_game (EXAMPLE, NULL);
  g_autofree char *start = cp_test_position (cp_game_get_state (game));
  g_autofree char *declared = NULL;
  g_autofree char *rolled = NULL;
  g_autofree char *ended = NULL;

  g_assert_cmpstr (start, ==, "6k1/7b/5n2/3p4/4P3/2NB4/8/6K1 b - - 0 1 - - -");
  cp_test_play (game, "dxe4");
  declared = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (declared, ==, "6k1/7b/5n2/3p4/4P3/2NB4/8/6K1 b - - 0 1 - - d5e4");
  cp_test_play (game, "3");
  rolled = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (rolled, ==, "6k1/7b/5n2/3p4/4P3/2NB4/8/6K1 b - - 0 1 - - d5e4:3");
  /* 7 against 8: the black pawn falls, the white one is wounded. */
  cp_test_play (game, "5");
  ended = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (ended, ==, "6k1/7b/5n2/8/4P3/2NB4/8/6K1 w - - 0 2 e4 p -");
}

/* A text with a wound, pieces taken and a fight with its first die:
 * the defender's die ends it as it would have in the game. */
static void
test_position_read (void)
{
  g_autoptr (CpGame) game = table_game ("fen=6k1/7b/5n2/3p4/4P3/2NB4/8/6K1 b - - 0 1 e4 Qp d5e4:3", NULL);
  g_autofree char *again = cp_test_position (cp_game_get_state (game));

  g_assert_cmpstr (again, ==, "6k1/7b/5n2/3p4/4P3/2NB4/8/6K1 b - - 0 1 e4 Qp d5e4:3");
  g_assert_cmpint (cp_test_piece_at (game, "e4")->wounds, ==, 1);
  g_assert_cmpint (cp_test_piece_at (game, "d5")->wounds, ==, 0);
  /* The white queen is Black's: 9 points; the black pawn White's. */
  g_assert_true (shows (game, "Points: 9"));
  g_assert_true (shows (game, "Points: 1"));
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE));
  g_assert_true (shows (game, "Black attacks: die 3 + pawn 2 + supporting knight 1 + supporting bishop 1 = 7"));
  g_assert_true (shows (game, "White defends: wounded pawn 0 + supporting knight 1 + supporting bishop 1 = 2, and a die"));
  /* 7 against 2 + 5: a tie, and the pawn's second wound. */
  cp_test_play (game, "5");
  g_assert_cmpint (cp_test_piece_at (game, "e4")->kind, ==, CP_PIECE_PAWN);
  g_assert_cmpint (cp_test_piece_at (game, "e4")->seat, ==, BLACK);
  g_assert_cmpint (cp_test_piece_at (game, "e4")->wounds, ==, 1);
}

/* A plain FEN sets up what FEN says, nothing wounded, nothing taken, no
 * fight; a king may stand attacked by the side to move, and a pawn on
 * its far rank. */
static void
test_position_plain (void)
{
  g_autoptr (CpGame) game = table_game ("fen=k1P5/8/2Q5/8/8/8/8/K7 w - - 0 1", NULL);
  g_autofree char *text = cp_test_position (cp_game_get_state (game));
  g_autoptr (GError) error = NULL;
  CpAction action;

  g_assert_cmpstr (text, ==, "k1P5/8/2Q5/8/8/8/8/K7 w - - 0 1 - - -");
  g_assert_true (cp_state_parse (cp_game_get_state (game), "Qxa8", &action, &error));
  g_assert_no_error (error);
  g_assert_false (cp_state_parse (cp_game_get_state (game), "c8c7", &action, &error));
}

/* Texts that describe no position of the game, and why. */
static void
test_position_refused (void)
{
  static const struct {
    const char *text;
    const char *reason;
  } cases[] = {
    { "4k3/8/8/8/8/8/8/4K2P w - - 0 1", "a pawn stands on its own first rank" },
    { "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "each side must have exactly one king" },
    { "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "the side to move must be “w” or “b”" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e5 - -", "a wounded piece is named on an empty cell" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e1,e1 - -", "a piece is wounded twice" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e9 - -", "the wounded pieces must be given by their cells" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - Qx -", "the taken pieces hold an unknown letter" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - K -", "a king is taken that is still on the board" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - e1e2", "the fight under way is not an attack" },
    { "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1 - - e1d2:7", "the attacker’s die must be a number from 1 to 6" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - - -", "it has too many fields" },
    { "4k3/8/8/8/8/8/8/8 w - - 0 1", "Each side needs a king" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *option = g_strconcat ("fen=", cases[i].text, NULL);
      const char *options[] = { option, NULL };
      g_autoptr (GError) error = NULL;
      g_autoptr (CpGame) game = cp_test_try_new_game ("chess-attack", 2, 1, options, &error);

      g_assert_null (game);
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].reason) == NULL)
        g_error ("“%s”: “%s” does not say “%s”", cases[i].text, error->message, cases[i].reason);
    }
}

/* With its king taken the game is over, and its text says so. */
static void
test_position_king_taken (void)
{
  g_autoptr (CpGame) game = table_game ("fen=k7/8/1Q6/8/8/8/8/K7 b - - 0 1", NULL);
  g_autofree char *text = NULL;
  g_autoptr (CpGame) again = NULL;
  g_autofree char *option = NULL;

  cp_test_play (game, "Kb7 Qxb7 6 1");
  text = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (text, ==, "8/1Q6/8/8/8/8/8/K7 b - - 0 2 - k -");
  option = g_strconcat ("fen=", text, NULL);
  again = table_game (option, NULL);
  g_assert_cmpint (cp_game_get_outcome (again)->status, ==, CP_STATUS_WON);
  g_assert_cmpuint (cp_game_get_outcome (again)->winners, ==, CP_SEAT_BIT (WHITE));
}

/* A king that falls takes its side's castling with it. */
static void
test_position_castling_of_fallen_king (void)
{
  g_autoptr (CpGame) game = table_game ("fen=4k2r/4Q3/8/8/8/8/8/4K3 w k - 0 1", NULL);
  g_autofree char *text = NULL;

  /* 4 + 6 against 5 + the rook's 1 + 1. */
  cp_test_play (game, "Qxe8 6 1");
  text = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (text, ==, "4Q2r/8/8/8/8/8/8/4K3 b - - 0 1 - k -");
}

/* Without the rescue option, a pawn that takes its way onto the far rank
 * stays a pawn there, and has no move left. */
static void
test_far_rank_pawn_stays (void)
{
  g_autoptr (CpGame) game = table_game ("fen=3n3k/4P3/8/8/8/8/8/4K3 w - - 0 1", NULL);
  g_autoptr (CpGame) rescue = table_game ("fen=3n3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "rescue=true");
  g_auto (CpActionList) legal = { 0 };
  g_autofree char *text = NULL;

  /* 2 + 6 against 2 + 1. */
  cp_test_play (game, "exd8 6 1 Kg7");
  g_assert_cmpint (cp_test_piece_at (game, "d8")->kind, ==, CP_PIECE_PAWN);
  g_assert_cmpint (cp_test_piece_at (game, "d8")->seat, ==, WHITE);
  text = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (text, ==, "3P4/6k1/8/8/8/8/8/4K3 w - - 1 2 - n -");
  cp_test_legal (game, &legal);
  for (guint i = 0; i < legal.len; i++)
    g_assert_cmpuint (legal.items[i].cells[0], ==, cp_test_cell ("e1"));
  /* With the option but nothing of its own lost, likewise. */
  cp_test_play (rescue, "exd8 6 1");
  g_assert_cmpint (cp_test_piece_at (rescue, "d8")->kind, ==, CP_PIECE_PAWN);
}

/* The Support of the other pieces is counted on the board as it stands
 * when the attack is declared, the attacker still on its cell: a piece
 * behind it on its line supports neither side. */
static void
test_support_before_move (void)
{
  g_autoptr (CpGame) behind_attacker = table_game ("fen=k7/8/8/3p4/2B5/8/Q7/7K w - - 0 1", NULL);
  g_autoptr (CpGame) behind_defender = table_game ("fen=k7/8/8/3p4/2B5/1b6/8/7K w - - 0 1", NULL);
  g_autoptr (CpGame) open_line = table_game ("fen=k7/8/8/3p4/8/8/Q7/2B4K w - - 0 1", NULL);

  cp_test_play (behind_attacker, "Bxd5");
  g_assert_true (shows (behind_attacker, "White attacks: bishop 3 = 3, and a die"));
  cp_test_play (behind_defender, "Bxd5");
  g_assert_true (shows (behind_defender, "Black defends: pawn 1 = 1, and a die"));
  /* A bishop that is not in the way leaves the queen's line open. */
  cp_test_play (open_line, "Qxd5");
  g_assert_true (shows (open_line, "White attacks: queen 4 = 4, and a die"));
}

/* A rescue may be declined: the pawn may stay a pawn. */
static void
test_rescue_declined (void)
{
  g_autoptr (CpGame) game = table_game ("fen=k7/4P3/8/8/8/8/8/4K3 w - - 0 1 - Q -", "rescue=true");

  cp_test_play (game, "e7e8");
  g_assert_cmpint (cp_test_piece_at (game, "e8")->kind, ==, CP_PIECE_PAWN);
}

/* The pieces that fall attacking count for the defender's points. */
static void
test_points_of_fallen_attacker (void)
{
  g_autoptr (CpGame) game = table_game (EXAMPLE, NULL);
  g_autofree char *text = NULL;

  cp_test_play (game, "dxe4 1 6");
  text = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (text, ==, "6k1/7b/5n2/8/4P3/2NB4/8/6K1 w - - 0 2 - p -");
}

/* A pawn that attacks onto the far rank names its rescue with the attack,
 * before the dice; the rescue happens only if the pawn takes the square. */
static void
test_rescue_by_fight (void)
{
  g_autoptr (CpGame) won = table_game ("fen=3n3k/4P3/8/8/8/8/8/4K3 w - - 0 1 - Q -", "rescue=true");
  g_autoptr (CpGame) lost = table_game ("fen=3n3k/4P3/8/8/8/8/8/4K3 w - - 0 1 - Q -", "rescue=true");
  g_autofree char *text = NULL;

  cp_test_play (won, "exd8=Q");
  text = cp_test_position (cp_game_get_state (won));
  g_assert_cmpstr (text, ==, "3n3k/4P3/8/8/8/8/8/4K3 w - - 0 1 - Q e7d8q");
  /* 2 + 6 against 2 + 1: the pawn takes d8 and the queen comes back. */
  cp_test_play (won, "6 1");
  g_assert_cmpint (cp_test_piece_at (won, "d8")->kind, ==, CP_PIECE_QUEEN);
  g_assert_cmpint (cp_test_piece_at (won, "d8")->seat, ==, WHITE);
  /* 2 + 1 against 2 + 6: the pawn falls, the queen stays lost. */
  cp_test_play (lost, "exd8=Q 1 6");
  g_clear_pointer (&text, g_free);
  text = cp_test_position (cp_game_get_state (lost));
  g_assert_cmpstr (text, ==, "3n3k/8/8/8/8/8/8/4K3 b - - 0 1 - QP -");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chess-attack/worked-example", test_worked_example);
  g_test_add_func ("/chess-attack/outcomes", test_outcomes);
  g_test_add_func ("/chess-attack/second-wound", test_second_wound);
  g_test_add_func ("/chess-attack/rescue", test_rescue);
  g_test_add_func ("/chess-attack/no-rescue", test_no_rescue);
  g_test_add_func ("/chess-attack/remote-royals", test_remote_royals);
  g_test_add_func ("/chess-attack/king-captured", test_king_captured);
  g_test_add_func ("/chess-attack/king-safety", test_king_safety);
  g_test_add_func ("/chess-attack/stalemate-points", test_stalemate_points);
  g_test_add_func ("/chess-attack/values-option", test_values_option);
  g_test_add_func ("/chess-attack/values-table", test_values_table);
  g_test_add_func ("/chess-attack/record-replays-dice", test_record_replays_dice);
  g_test_add_func ("/chess-attack/record-keeps-entered-dice", test_record_keeps_entered_dice);
  g_test_add_func ("/chess-attack/expected-fight", test_expected_fight);
  g_test_add_func ("/chess-attack/perft", test_perft);
  g_test_add_func ("/chess-attack/fights-explained", test_fights_explained);
  g_test_add_func ("/chess-attack/fight-dice-presented", test_fight_dice_presented);
  g_test_add_func ("/chess-attack/taken-pieces", test_taken_pieces);
  g_test_add_func ("/chess-attack/position-written", test_position_written);
  g_test_add_func ("/chess-attack/position-read", test_position_read);
  g_test_add_func ("/chess-attack/position-plain", test_position_plain);
  g_test_add_func ("/chess-attack/position-refused", test_position_refused);
  g_test_add_func ("/chess-attack/position-king-taken", test_position_king_taken);
  g_test_add_func ("/chess-attack/position-castling-of-fallen-king", test_position_castling_of_fallen_king);
  g_test_add_func ("/chess-attack/far-rank-pawn-stays", test_far_rank_pawn_stays);
  g_test_add_func ("/chess-attack/support-before-move", test_support_before_move);
  g_test_add_func ("/chess-attack/rescue-declined", test_rescue_declined);
  g_test_add_func ("/chess-attack/points-of-fallen-attacker", test_points_of_fallen_attacker);
  g_test_add_func ("/chess-attack/rescue-by-fight", test_rescue_by_fight);
  return g_test_run ();
}
