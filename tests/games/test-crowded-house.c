/* test-crowded-house.c: Crowded House
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-engine.h"
#include "cp-chess-state.h"
#include "cp-test-util.h"

/* Seats in turn order; White's army is 0, Black's 1. */
enum { WALTER, BETTY, WINNIE, BOB };

static guint
cell (const char *name)
{
  return (guint) (name[1] - '1') * 8 + (guint) (name[0] - 'a');
}

/* A position of the test's own: pieces as "Ke1 Ra1" for each army, with
 * @seat to move and no castling unless asked. */
static void
setup (CpState *state, const char *white, const char *black, guint seat)
{
  const char *armies[2] = { white, black };

  memset (state->cells, 0, sizeof state->cells);
  cp_chess_state_reset_castling (CP_CHESS_STATE (state));
  for (guint army = 0; army < 2; army++)
    {
      g_auto (GStrv) pieces = g_strsplit (armies[army], " ", -1);

      for (guint i = 0; pieces[i] != NULL; i++)
        {
          CpPieceKind kind;

          g_assert_true (cp_piece_kind_from_letter (pieces[i][0], &kind));
          state->cells[cell (pieces[i] + 1)] = (CpPiece) { .kind = kind, .seat = (guint8) army };
        }
    }
  state->to_move = (guint8) seat;
  cp_chess_state_finish_setup (CP_CHESS_STATE (state));
  state->outcome = (CpOutcome) { CP_STATUS_PLAYING, CP_END_NONE, 0 };
  state->rules->outcome (state, &state->outcome);
}

static gboolean
find_move (const CpState *state, guint seat, const char *from, const char *to, CpAction *found)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (state, seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_MOVE && legal.items[i].cells[0] == cell (from)
        && legal.items[i].cells[1] == cell (to))
      {
        if (found != NULL)
          *found = legal.items[i];
        return TRUE;
      }
  return FALSE;
}

static gboolean
can_move (const CpState *state, guint seat, const char *from, const char *to)
{
  return find_move (state, seat, from, to, NULL);
}

static char *
move (CpState *state, guint seat, const char *from, const char *to)
{
  g_autoptr (GError) error = NULL;
  CpAction action;
  char *san;

  if (!find_move (state, seat, from, to, &action))
    g_error ("%s-%s is not legal for seat %u", from, to, seat);
  san = cp_state_format (state, &action, CP_NOTATION_SAN);
  cp_state_apply (state, &action, &error);
  g_assert_no_error (error);
  return san;
}

static guint
to_move (const CpState *state)
{
  CpSeatMask pending = cp_state_pending (state);

  g_assert_cmpuint (pending, !=, 0);
  g_assert_cmpuint (pending & (pending - 1), ==, 0);
  return (guint) __builtin_ctz (pending);
}

/* The order of play, and move counts from the start. */
static void
test_start (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("crowded-house", 4, NULL);
  const char *moves[][2] = { { "e2", "e4" }, { "e7", "e5" }, { "d2", "d4" }, { "d7", "d5" } };

  /* Walter: the pawns e to h and the g1 knight. */
  g_assert_cmpuint (cp_state_perft (state, 1), ==, 10);
  g_assert_cmpuint (cp_state_perft (state, 2), ==, 100);
  g_assert_cmpuint (cp_state_perft (state, 3), ==, 1170);
  for (guint seat = 0; seat < 4; seat++)
    {
      g_autofree char *san = NULL;

      g_assert_cmpuint (to_move (state), ==, seat);
      san = move (state, seat, moves[seat][0], moves[seat][1]);
    }
  g_assert_cmpuint (to_move (state), ==, WALTER);
}

/* The worked example: after 1. e4 e5, Winnie (queen side, White) may
 * bring the bishop to c4, on her half, but not to e2. */
static void
test_half_board (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("crowded-house", 4, NULL);

  g_assert_false (can_move (state, WALTER, "d2", "d4"));
  g_assert_false (can_move (state, WALTER, "b1", "c3"));
  g_free (move (state, WALTER, "e2", "e4"));
  g_free (move (state, BETTY, "e7", "e5"));
  g_assert_true (can_move (state, WINNIE, "f1", "c4"));
  g_assert_true (can_move (state, WINNIE, "f1", "d3"));
  g_assert_false (can_move (state, WINNIE, "f1", "e2"));
  g_assert_false (can_move (state, WINNIE, "g1", "f3"));
  g_assert_true (can_move (state, WINNIE, "b1", "c3"));
  g_assert_false (can_move (state, WALTER, "f1", "c4"));   /* not Walter's turn */
}

/* A player with no piece that may move on or to their half is passed
 * over. */
static void
test_pass (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("crowded-house", 4, NULL);
  CpAction pass;

  setup (state, "Ke1 Pa2", "Kh8 Ph7", WINNIE);
  g_free (move (state, WINNIE, "a2", "a3"));
  /* Bob has nothing on the queen side: Walter moves next. */
  g_assert_cmpuint (to_move (state), ==, WALTER);
  g_assert_cmpuint (state->ply, ==, 2);
  /* Nobody passes by choice. */
  cp_action_init (&pass, CP_ACTION_PASS, WALTER);
  g_assert_false (cp_state_apply (state, &pass, NULL));
}

/* A king may stand in an attack the next player cannot carry out. */
static void
test_check_depends_on_next_player (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("crowded-house", 4, NULL);

  /* Betty moves after Walter and plays the king side: the a2 rook's
   * attack on d2 starts and ends on the queen side, so she cannot take. */
  setup (state, "Ke1 Pa3", "Kh8 Ra2", WALTER);
  g_assert_true (can_move (state, WALTER, "e1", "d2"));
  /* From h2 the capture starts on her side: the king may not go there. */
  setup (state, "Ke1 Pa3", "Kh8 Rh2", WALTER);
  g_assert_false (can_move (state, WALTER, "e1", "d2"));
  g_assert_false (can_move (state, WALTER, "e1", "f2"));
  g_assert_true (can_move (state, WALTER, "e1", "f1"));
}

/* Castling out of check when the next player cannot take the king, and
 * who may castle to which side. */
static void
test_castling (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("crowded-house", 4, NULL);
  CpChessState *st = CP_CHESS_STATE (state);
  CpAction castle;

  /* Black's e8 rook attacks the king, but Bob, after Winnie, plays the
   * queen side: Winnie castles long out of it.  Walter, followed by
   * Betty on the king side, may not castle at all. */
  setup (state, "Ke1 Ra1 Rh1 Pa2", "Kb8 Re8", WINNIE);
  cp_chess_state_add_castle_right (st, 0, cell ("a1"));
  cp_chess_state_add_castle_right (st, 0, cell ("h1"));
  g_assert_true (find_move (state, WINNIE, "e1", "a1", &castle));
  g_assert_true (castle.flags & CP_ACTION_FLAG_CASTLE);
  g_assert_false (can_move (state, WINNIE, "e1", "h1"));   /* the king side is Walter's */
  state->to_move = WALTER;
  g_assert_false (can_move (state, WALTER, "e1", "h1"));
  g_assert_false (can_move (state, WALTER, "e1", "a1"));
  /* Without the rook, Walter castles either way. */
  setup (state, "Ke1 Ra1 Rh1 Pa2", "Kb8", WALTER);
  cp_chess_state_add_castle_right (st, 0, cell ("a1"));
  cp_chess_state_add_castle_right (st, 0, cell ("h1"));
  g_assert_true (can_move (state, WALTER, "e1", "h1"));
  g_assert_true (can_move (state, WALTER, "e1", "a1"));
}

/* En passant only by the next player, right after the double step, and
 * only when their half allows the capture. */
static void
test_en_passant (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("crowded-house", 4, NULL);
  CpAction ep;

  setup (state, "Kb1 Pe2", "Kg8 Pd4", WALTER);
  g_free (move (state, WALTER, "e2", "e4"));
  g_assert_true (find_move (state, BETTY, "d4", "e3", &ep));   /* ends on her half */
  g_assert_true (ep.flags & CP_ACTION_FLAG_EN_PASSANT);
  g_assert_true (cp_state_apply (state, &ep, NULL));
  g_assert_cmpint (state->cells[cell ("e4")].kind, ==, CP_PIECE_NONE);

  /* Not for the player after. */
  setup (state, "Kb1 Pe2", "Kg8 Pd4 Pa7", WALTER);
  g_free (move (state, WALTER, "e2", "e4"));
  g_free (move (state, BETTY, "g8", "h8"));
  g_free (move (state, WINNIE, "b1", "a1"));
  g_assert_false (can_move (state, BOB, "d4", "e3"));

  /* Bob may take a queen-side pawn from the king side. */
  setup (state, "Ka1 Pd2", "Kh8 Pe4", WINNIE);
  g_free (move (state, WINNIE, "d2", "d4"));
  g_assert_true (find_move (state, BOB, "e4", "d3", &ep));
  g_assert_true (ep.flags & CP_ACTION_FLAG_EN_PASSANT);
}

/* Checkmate counts only when the next player can take the king. */
static void
test_checkmate (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("crowded-house", 4, NULL);
  g_autofree char *san = NULL;

  /* Winnie's rook reaches a8: Bob cannot move anything on his half, and
   * Walter, next, could take the king: mate, White wins. */
  setup (state, "Ke1 Ra1", "Kg8 Pf7 Pg7 Ph7", WINNIE);
  san = move (state, WINNIE, "a1", "a8");
  g_assert_cmpstr (san, ==, "Ra8#");
  g_assert_true (cp_state_is_over (state));
  g_assert_cmpint (state->outcome.status, ==, CP_STATUS_WON);
  g_assert_cmpint (state->outcome.reason, ==, CP_END_CHECKMATE);
  g_assert_cmpuint (state->outcome.winners, ==, CP_SEAT_BIT (WALTER) | CP_SEAT_BIT (WINNIE));

  /* A rook on e8 attacks the same king, but Winnie, after Betty, cannot
   * take it from the king side: no check, and Betty may play on. */
  g_clear_pointer (&san, g_free);
  setup (state, "Ke1 Re7", "Kg8 Pf7 Pg7 Ph7", WALTER);
  san = move (state, WALTER, "e7", "e8");
  g_assert_cmpstr (san, ==, "Re8");
  g_assert_false (cp_state_is_over (state));
  g_assert_cmpuint (state->rules->check_cell (state), ==, CP_NO_CELL);
}

/* One player's resignation resigns for the team. */
static void
test_resignation (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("crowded-house", 4, NULL);
  CpAction resign;

  cp_action_init (&resign, CP_ACTION_RESIGN, BOB);
  g_assert_true (cp_state_apply (state, &resign, NULL));
  g_assert_true (cp_state_is_over (state));
  g_assert_cmpuint (state->outcome.winners, ==, CP_SEAT_BIT (WALTER) | CP_SEAT_BIT (WINNIE));
}

/* The evaluation: partners share one figure and the other team has the
 * opposite, whichever partner is to move; a lost queen and a king the
 * next player could take count against their team. */
static void
test_evaluation (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("crowded-house", 4, NULL);
  int start = cp_state_evaluate (state, WALTER), threatened, safe;

  g_assert_cmpint (cp_state_evaluate (state, WINNIE), ==, start);
  g_assert_cmpint (cp_state_evaluate (state, BETTY), ==, -start);
  g_assert_cmpint (cp_state_evaluate (state, BOB), ==, -start);
  state->to_move = WINNIE;
  g_assert_cmpint (cp_state_evaluate (state, WALTER), ==, start);
  g_assert_cmpint (cp_state_evaluate (state, BOB), ==, -start);
  state->to_move = BOB;
  g_assert_cmpint (cp_state_evaluate (state, BOB), ==, start);
  state->to_move = WALTER;

  memset (&state->cells[cell ("d8")], 0, sizeof (CpPiece));
  g_assert_cmpint (cp_state_evaluate (state, WALTER), >, start + 500);
  g_assert_cmpint (cp_state_evaluate (state, BOB), <, -start - 500);

  /* Betty, next, could take Walter's king from h1, but not from h3. */
  setup (state, "Ke1 Pa2", "Kh8 Rh1", WALTER);
  threatened = cp_state_evaluate (state, WALTER);
  setup (state, "Ke1 Pa2", "Kh8 Rh3", WALTER);
  safe = cp_state_evaluate (state, WALTER);
  g_assert_cmpint (threatened, <, safe - 30);
}

/* The evaluation sees a king that the opponent after the next could take:
 * the partner moving before that opponent will have to see to it. */
static void
test_evaluation_second_opponent (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("crowded-house", 4, NULL);
  int exposed, safe;

  /* Bob, not Betty who moves next, could take White's king from c8: the
   * rook and the king both stand on his half. */
  setup (state, "Kc1 Ph2", "Kh8 Rc8", WALTER);
  g_assert_cmpuint (state->rules->check_cell (state), ==, CP_NO_CELL);
  exposed = cp_state_evaluate (state, WALTER);
  g_assert_cmpint (cp_state_evaluate (state, WINNIE), ==, exposed);
  g_assert_cmpint (cp_state_evaluate (state, BOB), ==, -exposed);
  setup (state, "Kc1 Ph2", "Kh8 Rb8", WALTER);
  safe = cp_state_evaluate (state, WALTER);
  g_assert_cmpint (exposed, <, safe - 20);

  /* The other way round: Black's king, which Winnie could take from c1
   * once Betty has moved, is a danger for Black, not for White. */
  setup (state, "Kg1 Rc1", "Kc8 Ph7", WALTER);
  exposed = cp_state_evaluate (state, WALTER);
  setup (state, "Kg1 Rb1", "Kc8 Ph7", WALTER);
  safe = cp_state_evaluate (state, WALTER);
  g_assert_cmpint (exposed, >, safe + 20);
}

/* The evaluation sees what the player to move could take, by the rights
 * of their half, and what the next player threatens. */
static void
test_evaluation_captures (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("crowded-house", 4, NULL);
  int walter, winnie, hanging, safe;

  /* Walter may take the knight on g5, on his half; Winnie may not. */
  setup (state, "Ke1 Ph4", "Ke8 Ng5", WALTER);
  walter = cp_state_evaluate (state, WALTER);
  setup (state, "Ke1 Ph4", "Ke8 Ng5", WINNIE);
  winnie = cp_state_evaluate (state, WINNIE);
  g_assert_cmpint (walter, >, winnie + 100);
  g_assert_cmpint (cp_state_evaluate (state, BETTY), ==, -winnie);

  /* Betty, next, may take Walter's knight on g4 from f5, not from f6. */
  setup (state, "Ke1 Ng4", "Ke8 Pf5", WALTER);
  hanging = cp_state_evaluate (state, WALTER);
  setup (state, "Ke1 Ng4", "Ke8 Pf6", WALTER);
  safe = cp_state_evaluate (state, WALTER);
  g_assert_cmpint (hanging, <, safe - 50);

  /* Bob, who does not move next, is no threat to it yet. */
  setup (state, "Ke1 Nc4", "Ke8 Pb5", WALTER);
  hanging = cp_state_evaluate (state, WALTER);
  setup (state, "Ke1 Nc4", "Ke8 Pb6", WALTER);
  safe = cp_state_evaluate (state, WALTER);
  g_assert_cmpint (ABS (hanging - safe), <, 30);
}

/* Material counts by team: the two players of an army have its worth,
 * so that the greedy level of either one takes a piece of the other. */
static void
test_material (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("crowded-house", 4, NULL);
  int start = cp_state_material (state, WALTER);

  g_assert_cmpint (start, ==, 0);
  memset (&state->cells[cell ("d8")], 0, sizeof (CpPiece));
  for (guint seat = 0; seat < 4; seat++)
    g_assert_cmpint (cp_state_material (state, seat), ==,
                     (seat % 2 == WALTER % 2 ? 1 : -1) * cp_piece_kind_value (CP_PIECE_QUEEN));
}

/* The game set up from the position @text. */
static CpGame *
text_game (const char *text, GError **error)
{
  g_autofree char *option = g_strconcat ("fen=", text, NULL);

  return cp_test_try_new_game ("crowded-house", 4, 1, (const char *const[]) { option, NULL }, error);
}

/* Positions name the army to move in FEN and the player's half after it:
 * the start is written with "k", and a text with Black's queen side to
 * move gives that player the moves of files a to d. */
static void
test_position_text (void)
{
  g_autoptr (CpGame) start = cp_test_new_game ("crowded-house", 4, 1, NULL);
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpGame) resigned = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = cp_state_write_position (cp_game_get_state (start), NULL);
  g_autofree char *again = NULL, *out = NULL;
  const char *queen_side = "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2 q";

  g_assert_cmpstr (text, ==, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 k");
  game = text_game (queen_side, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_state (game)->to_move, ==, BOB);
  again = cp_state_write_position (cp_game_get_state (game), NULL);
  g_assert_cmpstr (again, ==, queen_side);
  g_assert_true (find_move (cp_game_get_state (game), BOB, "d7", "d5", NULL));
  g_assert_true (find_move (cp_game_get_state (game), BOB, "e5", "d4", NULL));
  g_assert_false (find_move (cp_game_get_state (game), BOB, "g8", "f6", NULL));
  /* Pawns off their starting rank have moved: no double step. */
  g_assert_true (cp_test_piece_at (game, "e5")->flags & CP_PIECE_FLAG_MOVED);

  /* A player who resigned is written after, and the game is over. */
  resigned = text_game ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 k bq", &error);
  g_assert_no_error (error);
  g_assert_cmpint (cp_game_get_outcome (resigned)->status, ==, CP_STATUS_WON);
  g_assert_cmpuint (cp_game_get_outcome (resigned)->winners, ==, CP_SEAT_BIT (WALTER) | CP_SEAT_BIT (WINNIE));
  out = cp_state_write_position (cp_game_get_state (resigned), NULL);
  g_assert_cmpstr (out, ==, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 k bq");
}

static void
test_position_refused (void)
{
  static const struct {
    const char *text, *reason;
  } cases[] = {
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "half of the board of the player to move is missing" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e", "must be “k” or “q”" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 k wx", "“wk”, “bk”, “wq” and “bq”" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 k - -", "too many fields" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1 k", "exactly one king" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CpGame) game = text_game (cases[i].text, &error);

      g_assert_null (game);
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
      if (strstr (error->message, cases[i].reason) == NULL)
        g_error ("“%s” refused with “%s”", cases[i].text, error->message);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/crowded-house/start", test_start);
  g_test_add_func ("/crowded-house/half-board", test_half_board);
  g_test_add_func ("/crowded-house/pass", test_pass);
  g_test_add_func ("/crowded-house/check", test_check_depends_on_next_player);
  g_test_add_func ("/crowded-house/castling", test_castling);
  g_test_add_func ("/crowded-house/en-passant", test_en_passant);
  g_test_add_func ("/crowded-house/checkmate", test_checkmate);
  g_test_add_func ("/crowded-house/resignation", test_resignation);
  g_test_add_func ("/crowded-house/material", test_material);
  g_test_add_func ("/crowded-house/evaluation", test_evaluation);
  g_test_add_func ("/crowded-house/evaluation-second-opponent", test_evaluation_second_opponent);
  g_test_add_func ("/crowded-house/evaluation-captures", test_evaluation_captures);
  g_test_add_func ("/crowded-house/position-text", test_position_text);
  g_test_add_func ("/crowded-house/position-refused", test_position_refused);
  return g_test_run ();
}
