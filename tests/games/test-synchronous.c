/* test-synchronous.c: Synchronous Chess
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-engine.h"
#include "cp-chess-state.h"
#include "cp-test-util.h"
#include "cp-record.h"
#include "cp-brute-synchronous.h"

enum { WHITE, BLACK };

#define BOTH (CP_SEAT_BIT (WHITE) | CP_SEAT_BIT (BLACK))

static CpGame *
new_game (const char *fen)
{
  g_autofree char *option = g_strconcat ("fen=", fen, NULL);

  return cp_test_new_game ("synchronous", 2, 1, option, NULL);
}

/* The legal action of @seat of @type from @from to @to, if any. */
static gboolean
find (CpGame *game, guint seat, CpActionType type, const char *from, const char *to, CpAction *out)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (cp_game_get_state (game), seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      const CpAction *a = &legal.items[i];

      if (a->type != type)
        continue;
      if (from == NULL ? a->n_cells == 0
                       : (a->n_cells == 2 && a->cells[0] == cp_test_cell (from) && a->cells[1] == cp_test_cell (to)
                          && (a->piece == CP_PIECE_NONE || a->piece == CP_PIECE_QUEEN)))
        {
          *out = *a;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
can_choose (CpGame *game, guint seat, const char *from, const char *to)
{
  CpAction action;

  return find (game, seat, CP_ACTION_COMMIT, from, to, &action);
}

/* Plays the legal action of @seat of @type from @from to @to (no cells:
 * a pass). */
static void
play (CpGame *game, guint seat, CpActionType type, const char *from, const char *to)
{
  CpAction action;

  if (!find (game, seat, type, from, to, &action))
    g_error ("%s %s-%s is not legal for seat %u", cp_action_type_to_id (type), from, to, seat);
  cp_test_play_action (game, action);
}

/* Both seal a move; the reveal follows. */
static void
turn (CpGame *game, const char *white_from, const char *white_to, const char *black_from, const char *black_to)
{
  g_assert_cmpuint (cp_game_get_pending (game), ==, BOTH);
  play (game, WHITE, CP_ACTION_COMMIT, white_from, white_to);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
  play (game, BLACK, CP_ACTION_COMMIT, black_from, black_to);
  g_assert_cmpint (cp_game_get_action (game, cp_game_get_n_actions (game) - 1)->type, ==, CP_ACTION_REVEAL);
}

/* Whether @name holds @letter's piece ("N": a white knight), or nothing
 * for NULL. */
static void
assert_piece (CpGame *game, const char *name, const char *letter)
{
  const CpPiece *p = cp_test_piece_at (game, name);
  CpPieceKind kind;

  if (letter == NULL)
    {
      g_assert_cmpint (p->kind, ==, CP_PIECE_NONE);
      return;
    }
  g_assert_true (cp_piece_kind_from_letter (letter[0], &kind));
  g_assert_cmpint (p->kind, ==, kind);
  g_assert_cmpuint (p->seat, ==, g_ascii_isupper (letter[0]) ? WHITE : BLACK);
}

static char *
text_of (CpGame *game, guint index, guint seat)
{
  return cp_game_format_action_for (game, index, CP_NOTATION_SAN, seat);
}

static void
assert_text_has (CpGame *game, guint index, const char *part)
{
  g_autofree char *text = text_of (game, index, CP_VIEW_ALL);

  if (strstr (text, part) == NULL)
    g_error ("“%s” does not say “%s”", text, part);
}

/* Rooks that take each other change places: neither is taken. */
static void
test_swap (void)
{
  g_autoptr (CpGame) game = new_game ("3r3k/8/8/8/8/8/8/3R3K w - - 0 1");

  turn (game, "d1", "d8", "d8", "d1");
  assert_piece (game, "d8", "R");
  assert_piece (game, "d1", "r");
  assert_text_has (game, 2, "change places");
  /* Each gives check; neither piece stood guarded, so the next turn
   * begins, and the kings must step aside: the rooks may not take. */
  g_assert_cmpuint (cp_game_get_pending (game), ==, BOTH);
  g_assert_true (can_choose (game, WHITE, "h1", "h2"));
  g_assert_false (can_choose (game, WHITE, "h1", "g1"));
  g_assert_false (can_choose (game, WHITE, "d8", "d1"));
}

/* Rooks that cross on a file pass through each other; each lands where
 * the other attacked before and still attacks, so both may strike, and
 * both pass. */
static void
test_pass_through (void)
{
  g_autoptr (CpGame) game = new_game ("r6k/8/8/8/8/8/8/R6K w - - 0 1");
  g_autofree char *sealed = NULL;

  turn (game, "a1", "a6", "a8", "a3");
  assert_piece (game, "a6", "R");
  assert_piece (game, "a3", "r");
  assert_text_has (game, 2, "White Ra6, Black Ra3");
  /* Both may strike: both choose in secret, with a pass. */
  g_assert_cmpuint (cp_game_get_pending (game), ==, BOTH);
  g_assert_true (find (game, WHITE, CP_ACTION_COMMIT, "a6", "a3", &(CpAction) { 0 }));
  play (game, WHITE, CP_ACTION_COMMIT, NULL, NULL);
  sealed = text_of (game, 3, BLACK);
  g_assert_cmpstr (sealed, ==, "makes a sealed choice");
  play (game, BLACK, CP_ACTION_COMMIT, NULL, NULL);
  assert_text_has (game, 3, "passes");
  assert_piece (game, "a6", "R");
  assert_piece (game, "a3", "r");
  /* The exchange is over: the next turn. */
  g_assert_cmpuint (cp_game_get_pending (game), ==, BOTH);
  g_assert_true (can_choose (game, WHITE, "a6", "a3"));
}

/* When both strike at once, the blows are carried out together like the
 * moves: the rooks change places again, and having struck, strike no
 * more. */
static void
test_blows_together (void)
{
  g_autoptr (CpGame) game = new_game ("r6k/8/8/8/8/8/8/R6K w - - 0 1");

  turn (game, "a1", "a6", "a8", "a3");
  play (game, WHITE, CP_ACTION_COMMIT, "a6", "a3");
  play (game, BLACK, CP_ACTION_COMMIT, "a3", "a6");
  assert_piece (game, "a3", "R");
  assert_piece (game, "a6", "r");
  assert_text_has (game, 5, "change places");
  g_assert_cmpuint (cp_game_get_pending (game), ==, BOTH);
  g_assert_true (can_choose (game, WHITE, "a3", "a6"));
}

/* Two pieces that land on one empty square are both taken. */
static void
test_both_taken (void)
{
  g_autoptr (CpGame) game = new_game ("4k3/1b6/8/8/8/8/8/4K1N1 w - - 0 1");
  const CpOutcome *outcome;

  turn (game, "g1", "f3", "b7", "f3");
  assert_piece (game, "f3", NULL);
  assert_piece (game, "g1", NULL);
  assert_piece (game, "b7", NULL);
  assert_text_has (game, 2, "both pieces fall on f3");
  /* Kings alone: a draw. */
  outcome = cp_game_get_outcome (game);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_DRAWN);
  g_assert_cmpint (outcome->reason, ==, CP_END_INSUFFICIENT_MATERIAL);
}

/* A king that meets another piece falls with it, and its side loses. */
static void
test_king_meets_piece (void)
{
  g_autoptr (CpGame) game = new_game ("4k3/8/8/8/8/4p3/8/3K4 w - - 0 1");
  const CpOutcome *outcome;

  turn (game, "d1", "e2", "e3", "e2");
  assert_piece (game, "e2", NULL);
  outcome = cp_game_get_outcome (game);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_WON);
  g_assert_cmpint (outcome->reason, ==, CP_END_KING_CAPTURED);
  g_assert_cmpuint (outcome->winners, ==, CP_SEAT_BIT (BLACK));
  g_assert_cmpuint (cp_game_get_pending (game), ==, 0);
}

/* The rooks change places and give mate on both back ranks at once: a
 * draw. */
static void
test_double_mate (void)
{
  g_autoptr (CpGame) game = new_game ("1r5k/6pp/8/8/8/8/6PP/1R5K w - - 0 1");
  const CpOutcome *outcome;

  turn (game, "b1", "b8", "b8", "b1");
  outcome = cp_game_get_outcome (game);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_DRAWN);
  g_assert_cmpint (outcome->reason, ==, CP_END_CHECKMATE);
  g_assert_cmpuint (outcome->winners, ==, 0);
}

/* A king in check must move: no block, no capture by another piece, no
 * castling.  With no square to go to, it is mated even where orthodox
 * chess would let a rook block. */
static void
test_check (void)
{
  g_autoptr (CpGame) game = new_game ("4r2k/6pp/8/8/8/8/8/R3K2R w KQ - 0 1");
  g_autoptr (CpGame) mate = new_game ("7k/6pp/8/8/8/8/2R3PP/r6K w - - 0 1");
  const CpOutcome *outcome;

  g_assert_true (can_choose (game, WHITE, "e1", "d2"));
  g_assert_false (can_choose (game, WHITE, "h1", "e1"));
  g_assert_false (can_choose (game, WHITE, "a1", "e1"));
  g_assert_false (can_choose (game, WHITE, "e1", "h1"));
  g_assert_false (can_choose (game, WHITE, "e1", "e2"));

  outcome = cp_game_get_outcome (mate);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_WON);
  g_assert_cmpint (outcome->reason, ==, CP_END_CHECKMATE);
  g_assert_cmpuint (outcome->winners, ==, CP_SEAT_BIT (BLACK));
}

/* A knight lands where a pawn and the queen guard it: three blows
 * follow, one side at a time, then nothing more can strike. */
static void
test_exchange_of_blows (void)
{
  g_autoptr (CpGame) game = new_game ("3q2k1/8/4p3/8/4PN2/8/8/6K1 w - - 0 1");
  g_autoptr (CpPresentation) presentation = NULL;
  g_autoptr (CpView) view = NULL;
  g_autofree CpActionNumber *numbers = NULL;
  guint n;

  turn (game, "f4", "d5", "g8", "h8");
  assert_piece (game, "d5", "N");
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
  /* Only the pieces that guarded d5 before may strike first, in the open. */
  g_assert_true (find (game, BLACK, CP_ACTION_MOVE, "e6", "d5", &(CpAction) { 0 }));
  g_assert_true (find (game, BLACK, CP_ACTION_MOVE, "d8", "d5", &(CpAction) { 0 }));
  g_assert_true (find (game, BLACK, CP_ACTION_PASS, NULL, NULL, &(CpAction) { 0 }));
  view = cp_game_view (game, BLACK);
  presentation = cp_game_present (game, view);
  g_assert_nonnull (cp_presentation_find_button (presentation, "pass"));
  g_assert_nonnull (strstr (presentation->prompt, "d5"));

  play (game, BLACK, CP_ACTION_MOVE, "e6", "d5");
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE));
  play (game, WHITE, CP_ACTION_MOVE, "e4", "d5");
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
  play (game, BLACK, CP_ACTION_MOVE, "d8", "d5");
  assert_piece (game, "d5", "q");
  assert_piece (game, "e4", NULL);
  assert_piece (game, "e6", NULL);
  /* White has nothing left to strike with: the next turn. */
  g_assert_cmpuint (cp_game_get_pending (game), ==, BOTH);
  assert_text_has (game, 3, "exd5");
  assert_text_has (game, 5, "Qxd5");

  /* The move list holds the blows in the turn of the moves. */
  n = cp_game_get_n_actions (game);
  numbers = g_new (CpActionNumber, n);
  cp_game_number_actions (game, 0, n, numbers);
  g_assert_cmpuint (numbers[0].round, ==, 1);
  g_assert_cmpuint (numbers[0].place, ==, WHITE);
  g_assert_cmpuint (numbers[1].round, ==, 1);
  g_assert_cmpuint (numbers[1].place, ==, BLACK);
  g_assert_cmpuint (numbers[2].round, ==, 0);
  for (guint i = 3; i < n; i++)
    g_assert_cmpuint (numbers[i].round, ==, 1);
  g_assert_cmpuint (numbers[4].place, ==, WHITE);
}

/* A player may decline to strike: the exchange ends there. */
static void
test_pass (void)
{
  g_autoptr (CpGame) game = new_game ("3q2k1/8/4p3/8/4PN2/8/8/6K1 w - - 0 1");

  turn (game, "f4", "d5", "g8", "h8");
  play (game, BLACK, CP_ACTION_PASS, NULL, NULL);
  assert_piece (game, "d5", "N");
  g_assert_cmpuint (cp_game_get_pending (game), ==, BOTH);
}

/* No en passant. */
static void
test_no_en_passant (void)
{
  g_autoptr (CpGame) game = new_game ("4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1");

  turn (game, "e1", "f1", "d7", "d5");
  g_assert_false (can_choose (game, WHITE, "e5", "d6"));
  g_assert_true (can_choose (game, WHITE, "e5", "e6"));
}

/* The third time a position stands at the start of a turn, a draw may
 * be claimed; the fifth time ends the game. */
static void
test_repetition (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("synchronous", 2, 1, NULL);
  CpAction claim;

  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpint (cp_game_get_state (game)->rules->claimable (cp_game_get_state (game)), ==, CP_END_NONE);
      turn (game, "g1", "f3", "g8", "f6");
      turn (game, "f3", "g1", "f6", "g8");
    }
  g_assert_cmpint (cp_game_get_state (game)->rules->claimable (cp_game_get_state (game)), ==, CP_END_REPETITION);
  cp_action_init (&claim, CP_ACTION_CLAIM_DRAW, WHITE);
  g_assert_true (cp_state_check (cp_game_get_state (game), &claim, NULL));
  for (guint i = 0; i < 2; i++)
    {
      turn (game, "g1", "f3", "g8", "f6");
      turn (game, "f3", "g1", "f6", "g8");
    }
  g_assert_cmpint (cp_game_get_outcome (game)->reason, ==, CP_END_FIVEFOLD_REPETITION);
}

/* A sealed move stays sealed from the other seat until both are in: in
 * its view of the state, of the log, and of a saved record reopened. */
static void
test_sealed_record (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("synchronous", 2, 1, NULL);
  g_autoptr (CpGame) loaded = NULL;
  g_autoptr (CpGame) untouched = cp_test_new_game ("synchronous", 2, 1, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *text = NULL;
  gsize length;

  play (game, WHITE, CP_ACTION_COMMIT, "e2", "e4");
  xml = cp_record_to_string (game, &length);
  g_assert_nonnull (strstr (xml, "<commit seat=\"0\""));
  g_assert_nonnull (strstr (xml, "visible-to=\"0\""));
  loaded = cp_record_load_data (xml, length, &error);
  g_assert_no_error (error);
  {
    g_autoptr (CpView) view = cp_game_view (loaded, BLACK);
    g_autoptr (CpView) own = cp_game_view (loaded, WHITE);
    g_autoptr (CpView) fresh = cp_game_view (untouched, BLACK);
    const CpAction *commit = cp_view_get_action (view, 0);

    g_assert_true (commit->flags & CP_ACTION_FLAG_REDACTED);
    g_assert_cmpuint (commit->n_cells, ==, 0);
    g_assert_cmpuint (cp_view_get_action (own, 0)->n_cells, ==, 2);
    /* Black's view of the state differs from a game without a choice
     * only in that a choice was made, not in which. */
    g_assert_false (memcmp (cp_view_get_state (view)->cells, cp_view_get_state (fresh)->cells,
                            sizeof cp_view_get_state (view)->cells));
  }
  text = text_of (loaded, 0, BLACK);
  g_assert_cmpstr (text, ==, "makes a sealed choice");
  g_free (g_steal_pointer (&text));
  text = text_of (loaded, 0, WHITE);
  g_assert_cmpstr (text, ==, "e4");

  /* The reopened game goes on; once both are in, both are public. */
  play (loaded, BLACK, CP_ACTION_COMMIT, "e7", "e5");
  g_free (g_steal_pointer (&text));
  text = text_of (loaded, 0, BLACK);
  g_assert_cmpstr (text, ==, "e4");
  assert_piece (loaded, "e4", "P");
  assert_piece (loaded, "e5", "p");
  g_assert_cmpuint (cp_game_get_pending (loaded), ==, BOTH);
}

/* Move counting takes the two sealed moves of a turn as two plies, White's
 * first, and does not count their reveal.  From the opening position no
 * move of the first turn can meet or attack the other, and no one is in
 * check at the start of the second, so the counts are those of chess. In
 * the rook ending each side has sixteen moves: thirteen of the rook and
 * three of the king. */
static void
test_perft (void)
{
  static const guint64 chess[] = { 20, 400, 8902 };
  g_autoptr (CpState) start = cp_test_new_state ("synchronous", 2, NULL);
  g_autoptr (CpState) rooks = cp_test_new_state ("synchronous", 2, "fen=r6k/8/8/8/8/8/8/R6K w - - 0 1", NULL);

  for (guint depth = 1; depth <= G_N_ELEMENTS (chess); depth++)
    g_assert_cmpuint (cp_state_perft (start, depth), ==, chess[depth - 1]);
  g_assert_cmpuint (cp_state_perft (rooks, 1), ==, 16);
  g_assert_cmpuint (cp_state_perft (rooks, 2), ==, 16 * 16);
}

/* Positions where the moves of a turn run into each other: swaps,
 * pieces passing through each other, two pieces landing on one cell,
 * captures of pieces that moved away, kings meeting pieces, castling and
 * promotion among them, and exchanges of blows after them. */
static const char *const colliding[] = {
  /* Rooks on one file: swap, pass through, meet; blows on the file. */
  "3r3k/8/8/8/8/8/8/3R3K w - - 0 1",
  /* Pawns that take each other, bishops and a knight guarding the cells. */
  "4k3/8/2n2b2/3p4/4P3/2B2N2/8/4K3 w - - 0 1",
  /* Knights that can land on one cell (a4, e4), queens that can too. */
  "4k3/8/8/2n1q3/8/2N1Q3/8/4K3 w - - 0 1",
  /* A king that may step where an enemy pawn steps. */
  "4k3/8/8/8/3p4/8/4K3/8 w - - 0 1",
  /* Castling both ways beside rooks that can strike the castled rooks. */
  "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
  /* A king in check that may take the checker, which may leave. */
  "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1",
  /* Promotion by taking a rook that may move away, onto guarded cells. */
  "3r3k/4P3/8/8/8/8/5p2/K1R5 w - - 0 1",
  /* Many pieces facing each other across the centre. */
  "r1bqk2r/ppp2ppp/2n2n2/2bpp3/2BPP3/2N2N2/PPP2PPP/R1BQK2R w KQkq - 0 1",
};

/* The engine's counts against the tests' own counter, at depths 1 to 3:
 * the sealed moves of White and Black, then the first choice after them
 * (a blow or a pass, or White's next move). */
static void
test_perft_collisions (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (colliding); i++)
    {
      g_autofree char *option = g_strconcat ("fen=", colliding[i], NULL);
      g_autoptr (CpState) state = cp_test_new_state ("synchronous", 2, option, NULL);

      for (guint depth = 1; depth <= 3; depth++)
        {
          guint64 engine = cp_state_perft (state, depth);
          guint64 brute = brute_synchronous_perft (colliding[i], depth);

          if (engine != brute)
            g_error ("%s at depth %u: the engine counts %" G_GUINT64_FORMAT ", the tests' counter %"
                     G_GUINT64_FORMAT, colliding[i], depth, engine, brute);
        }
    }
}

/* One step deeper, where blows follow blows, in all but the largest
 * position. */
static void
test_perft_blows (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (colliding) - 1; i++)
    {
      g_autofree char *option = g_strconcat ("fen=", colliding[i], NULL);
      g_autoptr (CpState) state = cp_test_new_state ("synchronous", 2, option, NULL);

      g_assert_cmpuint (cp_state_perft (state, 4), ==, brute_synchronous_perft (colliding[i], 4));
    }
}

/* The command line counts as the engine does. */
static void
test_perft_command_line (void)
{
  if (g_getenv ("CP_PROGRAM") == NULL)
    {
      g_test_skip ("CP_PROGRAM is not set");
      return;
    }
  for (guint i = 0; i < 3; i++)
    for (guint depth = 1; depth <= 3; depth++)
      g_assert_cmpuint (cp_test_perft_command ("synchronous", depth, "--fen", colliding[i], NULL), ==,
                        brute_synchronous_perft (colliding[i], depth));
}

/* A position between the two sealed moves holds White's, given in the
 * open; read back, Black alone chooses, and the turn plays out as in the
 * game.  An exchange of blows is written with its cells and who may
 * strike first. */
static void
test_position_text (void)
{
  g_autoptr (CpGame) game = new_game ("3q2k1/8/4p3/8/4PN2/8/8/6K1 w - - 0 1");
  g_autoptr (CpGame) sealed = NULL;
  g_autoptr (CpGame) blows = NULL;
  g_autoptr (CpGame) plain = new_game ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  g_autofree char *half = NULL, *exchange = NULL, *again = NULL, *after = NULL, *played = NULL;

  play (game, WHITE, CP_ACTION_COMMIT, "f4", "d5");
  half = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (half, ==, "3q2k1/8/4p3/8/4PN2/8/8/6K1 w - - 0 1 f4d5,- - 0");
  sealed = new_game (half);
  g_assert_cmpuint (cp_game_get_pending (sealed), ==, CP_SEAT_BIT (BLACK));
  again = cp_test_position (cp_game_get_state (sealed));
  g_assert_cmpstr (again, ==, half);
  play (game, BLACK, CP_ACTION_COMMIT, "g8", "h8");
  play (sealed, BLACK, CP_ACTION_COMMIT, "g8", "h8");

  exchange = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (exchange, ==, "3q3k/8/4p3/3N4/4P3/8/8/6K1 w - - 0 1 -,- d5:e6+d8 0");
  played = cp_test_position (cp_game_get_state (sealed));
  g_assert_cmpstr (played, ==, exchange);
  blows = new_game (exchange);
  g_assert_cmpuint (cp_game_get_pending (blows), ==, CP_SEAT_BIT (BLACK));
  play (blows, BLACK, CP_ACTION_MOVE, "e6", "d5");
  after = cp_test_position (cp_game_get_state (blows));
  g_assert_cmpstr (after, ==, "3q3k/8/8/3p4/4P3/8/8/6K1 w - - 0 1 -,- d5x:e6+d8 1");
  g_assert_true (find (blows, WHITE, CP_ACTION_MOVE, "e4", "d5", &(CpAction) { 0 }));

  /* A plain FEN still starts a turn. */
  g_assert_cmpuint (cp_game_get_pending (plain), ==, BOTH);
}

static void
test_position_refused (void)
{
  const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  static const struct {
    const char *fields, *reason;
  } cases[] = {
    { "e2e5,- - 0", "White’s sealed choice" },
    { "-,e2e4 - 0", "Black’s sealed choice" },
    { "e2e4,e7e5 - 0", "both choices are sealed" },
    { "e2e4 - 0", "two, joined by" },
    { "-,- - 2", "“0” or “1”" },
    { "-,- d4:- 0", "is empty" },
    { "-,- e2:a1 0", "nobody may strike" },
    { "-,- e2 0", "written as" },
    { "-,- ,d5:e6 0", "written as" },
    { "-,- -", "too few fields" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("%s %s", start, cases[i].fields);

      cp_test_assert_position_refused ("synchronous", 2, NULL, text, cases[i].reason);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/synchronous/swap", test_swap);
  g_test_add_func ("/synchronous/pass-through", test_pass_through);
  g_test_add_func ("/synchronous/blows-together", test_blows_together);
  g_test_add_func ("/synchronous/both-taken", test_both_taken);
  g_test_add_func ("/synchronous/king-meets-piece", test_king_meets_piece);
  g_test_add_func ("/synchronous/double-mate", test_double_mate);
  g_test_add_func ("/synchronous/check", test_check);
  g_test_add_func ("/synchronous/exchange-of-blows", test_exchange_of_blows);
  g_test_add_func ("/synchronous/pass", test_pass);
  g_test_add_func ("/synchronous/no-en-passant", test_no_en_passant);
  g_test_add_func ("/synchronous/repetition", test_repetition);
  g_test_add_func ("/synchronous/sealed-record", test_sealed_record);
  g_test_add_func ("/synchronous/perft", test_perft);
  g_test_add_func ("/synchronous/perft-collisions", test_perft_collisions);
  g_test_add_func ("/synchronous/perft-blows", test_perft_blows);
  g_test_add_func ("/synchronous/position-text", test_position_text);
  g_test_add_func ("/synchronous/position-refused", test_position_refused);
  g_test_add_func ("/synchronous/perft-command-line", test_perft_command_line);
  return g_test_run ();
}
