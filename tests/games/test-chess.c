/* test-chess.c: the special rules of orthodox chess
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-engine.h"
#include "cp-chess-state.h"
#include "cp-test-util.h"

static gboolean
try_move (CpGame *game, const char *move)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = cp_game_play_text (game, move, &error);

  g_assert_true (ok == (error == NULL));
  return ok;
}

static char *
fen_of (CpGame *game)
{
  return cp_fen_write (CP_CHESS_STATE (cp_game_get_state (game)), CP_FEN_STANDARD);
}

static void
assert_fen (CpGame *game, const char *expected)
{
  g_autofree char *fen = fen_of (game);

  g_assert_cmpstr (fen, ==, expected);
}

static guint
count_moves (CpGame *game)
{
  g_auto (CpActionList) moves = { 0 };
  const CpState *state = cp_game_get_state (game);

  cp_state_legal (state, state->to_move, &moves);
  return moves.len;
}

static void
test_castling_both_sides (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, "fen=r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NULL);

  cp_test_play (game, "O-O O-O-O");
  assert_fen (game, "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

static void
test_castling_by_king_move (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, "fen=r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NULL);

  /* The king's two-step move and the king onto its rook both castle. */
  cp_test_play (game, "e1c1 e8h8");
  assert_fen (game, "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2");
}

static void
test_castling_forbidden (void)
{
  g_autoptr (CpGame) through = cp_test_new_game ("chess", 2, 7, "fen=r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", NULL);
  g_autoptr (CpGame) out_of = cp_test_new_game ("chess", 2, 7, "fen=r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", NULL);
  g_autoptr (CpGame) into = cp_test_new_game ("chess", 2, 7, "fen=r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", NULL);
  g_autoptr (CpGame) blocked = cp_test_new_game ("chess", 2, 7, "fen=r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1", NULL);
  g_autoptr (CpGame) b_file = cp_test_new_game ("chess", 2, 7, "fen=r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", NULL);

  /* f1 is attacked: no short castling, long castling still fine. */
  g_assert_false (try_move (through, "O-O"));
  g_assert_true (try_move (through, "O-O-O"));
  /* In check: neither. */
  g_assert_false (try_move (out_of, "O-O"));
  g_assert_false (try_move (out_of, "O-O-O"));
  /* g1 attacked: the king may not land there. */
  g_assert_false (try_move (into, "O-O"));
  /* Pieces in the way. */
  g_assert_false (try_move (blocked, "O-O"));
  g_assert_false (try_move (blocked, "O-O-O"));
  /* An attacked b1 does not matter: only the king's path does. */
  g_assert_true (try_move (b_file, "O-O-O"));
}

static void
test_castling_rights_lost (void)
{
  g_autoptr (CpGame) king = cp_test_new_game ("chess", 2, 7, "fen=r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NULL);
  g_autoptr (CpGame) rook = cp_test_new_game ("chess", 2, 7, "fen=r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NULL);
  g_autoptr (CpGame) captured = cp_test_new_game ("chess", 2, 7, "fen=r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NULL);

  cp_test_play (king, "Ke2 Ke7 Ke1 Ke8");
  assert_fen (king, "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
  g_assert_false (try_move (king, "O-O"));

  cp_test_play (rook, "Rh2 Ra7 Rh1 Ra8");
  assert_fen (rook, "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
  g_assert_false (try_move (rook, "O-O"));
  g_assert_true (try_move (rook, "O-O-O"));

  /* A rook taken on its corner takes the right with it. */
  cp_test_play (captured, "Rxa8+ Ke7");
  assert_fen (captured, "R6r/4k3/8/8/8/8/8/4K2R w K - 1 2");
}

static void
test_en_passant (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, NULL);
  g_autoptr (CpGame) late = cp_test_new_game ("chess", 2, 7, NULL);

  cp_test_play (game, "e4 Nf6 e5 d5");
  assert_fen (game, "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
  cp_test_play (game, "exd6");
  assert_fen (game, "rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");

  /* Only on the move right after the double step. */
  cp_test_play (late, "e4 Nf6 e5 d5 Nc3 Nc6");
  g_assert_false (try_move (late, "exd6"));
}

static void
test_en_passant_pinned (void)
{
  /* Taking en passant would open the fifth rank to the rook. */
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, "fen=8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", NULL);
  g_autoptr (CpGame) rank = cp_test_new_game ("chess", 2, 7, "fen=8/2p5/8/KP5r/8/8/8/7k b - - 0 1", NULL);

  g_assert_false (try_move (game, "exd3"));
  cp_test_play (rank, "c5");
  g_assert_false (try_move (rank, "bxc6"));
}

static void
test_promotion (void)
{
  static const char *const pieces[] = { "Q", "R", "B", "N" };

  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, "fen=1r5k/P7/8/8/8/8/8/K7 w - - 0 1", NULL);
      g_autofree char *push = g_strdup_printf ("a8=%s", pieces[i]);
      g_autofree char *take = g_strdup_printf ("axb8=%s", pieces[i]);
      g_autoptr (CpGame) capture = cp_test_new_game ("chess", 2, 7, "fen=1r5k/P7/8/8/8/8/8/K7 w - - 0 1", NULL);
      g_autofree char *fen = NULL;

      cp_test_play (game, push);
      fen = fen_of (game);
      g_assert_cmpint (fen[0], ==, pieces[i][0]);
      cp_test_play (capture, take);
      g_clear_pointer (&fen, g_free);
      fen = fen_of (capture);
      g_assert_cmpint (fen[1], ==, pieces[i][0]);
    }

  {
    g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, "fen=1r5k/P7/8/8/8/8/8/K7 w - - 0 1", NULL);

    /* A pawn never stays a pawn on the last rank, nor becomes a king; the
     * king itself has only a2, the b-file being the rook’s. */
    g_assert_false (try_move (game, "a8"));
    g_assert_false (try_move (game, "a8=K"));
    g_assert_cmpuint (count_moves (game), ==, 4 + 4 + 1);
  }
}

static void
test_pins_and_check (void)
{
  /* The knight on d2 is pinned; only moves that answer the check count. */
  g_autoptr (CpGame) pinned = cp_test_new_game ("chess", 2, 7, "fen=3rk3/8/8/8/8/8/3N4/3K4 w - - 0 1", NULL);
  g_autoptr (CpGame) check = cp_test_new_game ("chess", 2, 7, "fen=4k3/8/8/8/8/8/3PPP2/r3K3 w - - 0 1", NULL);

  g_assert_false (try_move (pinned, "Nf3"));
  g_assert_true (try_move (pinned, "Ke2"));
  /* Back-rank check: only the king may move, and not along the rank. */
  g_assert_cmpuint (count_moves (check), ==, 0);
  g_assert_cmpint (cp_game_get_outcome (check)->reason, ==, CP_END_CHECKMATE);
}

static void
test_checkmate (void)
{
  g_autoptr (CpGame) fools = cp_test_new_game ("chess", 2, 7, NULL);
  g_autoptr (CpGame) scholars = cp_test_new_game ("chess", 2, 7, NULL);
  const CpOutcome *outcome;

  cp_test_play (fools, "f3 e5 g4 Qh4#");
  outcome = cp_game_get_outcome (fools);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_WON);
  g_assert_cmpint (outcome->reason, ==, CP_END_CHECKMATE);
  g_assert_cmpint (outcome->winners, ==, CP_SEAT_BIT (1));
  g_assert_false (try_move (fools, "a3"));

  cp_test_play (scholars, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
  outcome = cp_game_get_outcome (scholars);
  g_assert_cmpint (outcome->reason, ==, CP_END_CHECKMATE);
  g_assert_cmpint (outcome->winners, ==, CP_SEAT_BIT (0));
}

static void
test_stalemate (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, "fen=7k/8/6K1/8/8/8/5Q2/8 w - - 0 1", NULL);
  const CpOutcome *outcome;

  cp_test_play (game, "Qf7");
  outcome = cp_game_get_outcome (game);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_DRAWN);
  g_assert_cmpint (outcome->reason, ==, CP_END_STALEMATE);
}

static void
claim (CpGame *game, gboolean expect)
{
  const CpState *state = cp_game_get_state (game);
  CpAction action;
  g_autoptr (GError) error = NULL;

  cp_action_init (&action, CP_ACTION_CLAIM_DRAW, state->to_move);
  g_assert_cmpint (cp_game_append (game, &action, &error), ==, expect);
  if (!expect)
    g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
}

static void
test_fifty_moves (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, "fen=4k3/8/8/8/8/8/8/R3K3 w - - 98 80", NULL);

  cp_test_play (game, "Ra2");
  claim (game, FALSE);
  cp_test_play (game, "Kd7");
  claim (game, TRUE);
  g_assert_cmpint (cp_game_get_outcome (game)->reason, ==, CP_END_FIFTY_MOVES);

  {
    g_autoptr (CpGame) capture = cp_test_new_game ("chess", 2, 7, "fen=4k3/8/8/8/8/8/r7/R3K3 w - - 99 80", NULL);

    /* A capture on the hundredth ply starts the count again. */
    cp_test_play (capture, "Rxa2");
    claim (capture, FALSE);
  }
}

static void
test_seventy_five_moves (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, "fen=4k3/8/8/8/8/8/8/R3K3 w - - 148 80", NULL);
  const CpOutcome *outcome;

  cp_test_play (game, "Ra2");
  g_assert_cmpint (cp_game_get_outcome (game)->status, ==, CP_STATUS_PLAYING);
  cp_test_play (game, "Kd7");
  outcome = cp_game_get_outcome (game);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_DRAWN);
  g_assert_cmpint (outcome->reason, ==, CP_END_SEVENTY_FIVE_MOVES);
}

static void
test_repetition (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, NULL);
  const CpOutcome *outcome;

  cp_test_play (game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
  claim (game, FALSE);
  cp_test_play (game, "Ng8");
  /* The start position stands for the third time. */
  g_assert_cmpuint (cp_chess_repetitions (CP_CHESS_STATE (cp_game_get_state (game))), ==, 3);
  g_assert_cmpint (cp_chess_claimable (CP_CHESS_STATE (cp_game_get_state (game))), ==, CP_END_REPETITION);

  /* Not claimed: at the fifth time the game ends by itself. */
  cp_test_play (game, "Nf3 Nf6 Ng1 Ng8");
  g_assert_cmpint (cp_game_get_outcome (game)->status, ==, CP_STATUS_PLAYING);
  cp_test_play (game, "Nf3 Nf6 Ng1 Ng8");
  outcome = cp_game_get_outcome (game);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_DRAWN);
  g_assert_cmpint (outcome->reason, ==, CP_END_FIVEFOLD_REPETITION);
}

static void
test_repetition_needs_same_rights (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, "fen=r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NULL);

  /* After the kings' trip the pieces stand as before, but castling rights
   * are gone: a different position. */
  cp_test_play (game, "Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
  g_assert_cmpuint (cp_chess_repetitions (CP_CHESS_STATE (cp_game_get_state (game))), ==, 2);
}

static void
test_insufficient_material (void)
{
  static const struct {
    const char *fen;
    gboolean dead;
  } cases[] = {
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1", TRUE },
    { "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", TRUE },
    { "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", TRUE },
    { "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", FALSE }, /* c8 is light, c1 dark */
    { "1b2k3/8/8/8/8/8/8/2B1K3 w - - 0 1", TRUE },  /* b8 and c1 are both dark */
    { "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", FALSE },
    { "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", FALSE },
    { "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *fen = g_strconcat ("fen=", cases[i].fen, NULL);
      g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, fen, NULL);
      const CpOutcome *outcome = cp_game_get_outcome (game);

      g_test_message ("%s", cases[i].fen);
      g_assert_cmpint (outcome->status == CP_STATUS_DRAWN, ==, cases[i].dead);
      if (cases[i].dead)
        g_assert_cmpint (outcome->reason, ==, CP_END_INSUFFICIENT_MATERIAL);
    }

  {
    g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, "fen=4k3/8/8/8/8/8/r7/2N1K3 w - - 0 1", NULL);

    /* Taking the last rook leaves a lone knight. */
    cp_test_play (game, "Nxa2");
    g_assert_cmpint (cp_game_get_outcome (game)->reason, ==, CP_END_INSUFFICIENT_MATERIAL);
  }
}

static void
append_meta (CpGame *game, CpActionType type, guint seat, gboolean expect)
{
  CpAction action;
  g_autoptr (GError) error = NULL;

  cp_action_init (&action, type, seat);
  g_assert_cmpint (cp_game_append (game, &action, &error), ==, expect);
}

static void
test_resignation_and_agreement (void)
{
  g_autoptr (CpGame) resign = cp_test_new_game ("chess", 2, 7, NULL);
  g_autoptr (CpGame) agree = cp_test_new_game ("chess", 2, 7, NULL);
  g_autoptr (CpGame) refuse = cp_test_new_game ("chess", 2, 7, NULL);
  const CpOutcome *outcome;

  cp_test_play (resign, "e4");
  append_meta (resign, CP_ACTION_RESIGN, 0, TRUE);
  outcome = cp_game_get_outcome (resign);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_WON);
  g_assert_cmpint (outcome->reason, ==, CP_END_RESIGNATION);
  g_assert_cmpint (outcome->winners, ==, CP_SEAT_BIT (1));
  g_assert_false (try_move (resign, "e5"));

  /* Only on one's own turn; then the other side may accept. */
  append_meta (agree, CP_ACTION_OFFER_DRAW, 1, FALSE);
  append_meta (agree, CP_ACTION_OFFER_DRAW, 0, TRUE);
  cp_test_play (agree, "d4");
  append_meta (agree, CP_ACTION_ACCEPT_DRAW, 1, TRUE);
  outcome = cp_game_get_outcome (agree);
  g_assert_cmpint (outcome->status, ==, CP_STATUS_DRAWN);
  g_assert_cmpint (outcome->reason, ==, CP_END_AGREEMENT);

  /* Playing on turns an offer down. */
  append_meta (refuse, CP_ACTION_OFFER_DRAW, 0, TRUE);
  cp_test_play (refuse, "d4 d5");
  append_meta (refuse, CP_ACTION_ACCEPT_DRAW, 0, FALSE);
  append_meta (refuse, CP_ACTION_ACCEPT_DRAW, 1, FALSE);
  g_assert_cmpint (cp_game_get_outcome (refuse)->status, ==, CP_STATUS_PLAYING);
}

static void
test_illegal_moves (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, NULL);
  g_autoptr (GError) error = NULL;
  guint n = cp_game_get_n_actions (game);

  g_assert_false (cp_game_play_text (game, "e5", &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_clear_error (&error);
  g_assert_false (cp_game_play_text (game, "Ke2", &error));
  g_clear_error (&error);
  g_assert_false (cp_game_play_text (game, "zz", &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, n);

  {
    CpAction action;

    /* A move by the side not to move, and a move from an empty cell. */
    cp_action_init_move (&action, 1, 52, 36);
    g_assert_false (cp_game_append (game, &action, NULL));
    cp_action_init_move (&action, 0, 20, 28);
    g_assert_false (cp_game_append (game, &action, NULL));
  }
}

static void
test_undo_replay (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 7, NULL);
  g_autoptr (CpState) first = NULL;
  g_autofree char *after_e4 = NULL;

  cp_test_play (game, "e4 e5 Nf3");
  g_assert_true (cp_game_undo (game));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);
  first = cp_game_state_at (game, 1);
  after_e4 = cp_fen_write (CP_CHESS_STATE (first), CP_FEN_STANDARD);
  g_assert_cmpstr (after_e4, ==, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  g_assert_true (cp_game_redo (game));
  assert_fen (game, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

/* The static exchange of a capture: what it wins once both sides have
 * taken back on its cell for as long as that pays. */
static void
test_exchange (void)
{
  static const struct {
    const char *fen;
    const char *move;
    int wins;
  } captures[] = {
    /* A pawn no one defends. */
    { "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "Rxe5", 100 },
    /* Knight, rook and queen against knight, bishop and queen behind it:
     * the knight is lost for a pawn, and taking back would cost more. */
    { "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "Nxe5", 100 - 320 },
    /* A knight that a pawn defends, taken by a pawn. */
    { "4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "exd5", 320 - 100 },
    /* A queen that takes a defended pawn. */
    { "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "Qxd5", 100 - 900 },
    /* En passant, with no one to take back. */
    { "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", 100 },
    /* A promotion that takes, and the king that takes back, but only
     * where nothing can take it in turn. */
    { "4k3/8/8/8/8/8/2p5/3QK3 b - - 0 1", "cxd1=Q", 900 + 900 - 100 - 900 },
    { "3rk3/8/8/8/8/8/2p5/3QK3 b - - 0 1", "cxd1=Q", 900 + 900 - 100 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (captures); i++)
    {
      g_autofree char *option = g_strconcat ("fen=", captures[i].fen, NULL);
      g_autoptr (CpState) state = cp_test_new_state ("chess", 2, option, NULL);
      g_autoptr (GError) error = NULL;
      CpAction action;

      g_assert_true (state->rules->parse (state, captures[i].move, &action, &error));
      g_assert_no_error (error);
      g_assert_cmpint (cp_chess_exchange (CP_CHESS_STATE (state), &action), ==, captures[i].wins);
      g_assert_cmpint (state->rules->exchange (state, &action), ==, captures[i].wins);
    }
}

/* How the evaluation weighs @fen for White, checked against the same
 * position with the colours swapped, weighed for Black. */
static int
white_value (const char *fen)
{
  g_auto (GStrv) fields = g_strsplit (fen, " ", -1);
  g_auto (GStrv) ranks = g_strsplit (fields[0], "/", -1);
  guint n = g_strv_length (ranks);
  g_autoptr (GString) flipped = g_string_new (NULL);
  g_autofree char *option = g_strconcat ("fen=", fen, NULL);
  g_autofree char *flipped_option = NULL;
  g_autoptr (CpState) state = cp_test_new_state ("chess", 2, option, NULL);
  g_autoptr (CpState) mirror = NULL;
  int value;

  for (guint i = 0; i < n; i++)
    {
      for (const char *c = ranks[n - 1 - i]; *c != '\0'; c++)
        g_string_append_c (flipped, g_ascii_isupper (*c) ? g_ascii_tolower (*c) : g_ascii_toupper (*c));
      if (i + 1 < n)
        g_string_append_c (flipped, '/');
    }
  g_string_append_printf (flipped, " %s - - 0 1", g_str_equal (fields[1], "w") ? "b" : "w");
  flipped_option = g_strconcat ("fen=", flipped->str, NULL);
  mirror = cp_test_new_state ("chess", 2, flipped_option, NULL);
  value = cp_chess_evaluate (CP_CHESS_STATE (state), 0);
  g_assert_cmpint (cp_chess_evaluate (CP_CHESS_STATE (mirror), 1), ==, value);
  return value;
}

static void
test_evaluation (void)
{
  /* A rook that a knight attacks, against the same knight on a cell of
   * the same worth that does not attack it; the threat weighs more when
   * the knight's side is to move than when the rook can get away. */
  int attacked_rook = white_value ("7k/p7/8/2n5/4R3/8/P7/4K3 b - - 0 1");
  int free_rook = white_value ("7k/p7/8/5n2/4R3/8/P7/4K3 b - - 0 1");
  int attacked_rook_to_move = white_value ("7k/p7/8/2n5/4R3/8/P7/4K3 w - - 0 1");
  int free_rook_to_move = white_value ("7k/p7/8/5n2/4R3/8/P7/4K3 w - - 0 1");
  /* A rook that attacks a knight on its file, or stands on the next
   * file, where the knight is not guarded and where a pawn guards it. */
  int hanging = white_value ("4r3/p6k/8/8/4N3/8/P7/6K1 w - - 0 1");
  int not_attacked = white_value ("3r4/p6k/8/8/4N3/8/P7/6K1 w - - 0 1");
  int guarded = white_value ("4r3/p6k/8/8/4N3/5P2/P7/6K1 w - - 0 1");
  int guarded_not_attacked = white_value ("3r4/p6k/8/8/4N3/5P2/P7/6K1 w - - 0 1");
  /* A passed pawn with the enemy king in front of it, or far away, on a
   * cell as far from the centre. */
  int king_ahead = white_value ("3k4/8/4P3/8/8/8/8/4K3 w - - 0 1");
  int king_away = white_value ("8/8/4P3/k7/8/8/8/4K3 w - - 0 1");

  g_assert_cmpint (free_rook - attacked_rook, >=, 20);
  g_assert_cmpint (free_rook - attacked_rook, >, free_rook_to_move - attacked_rook_to_move);
  g_assert_cmpint ((not_attacked - hanging) - (guarded_not_attacked - guarded), >=, 15);
  g_assert_cmpint (king_away - king_ahead, >=, 30);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chess/castling/both-sides", test_castling_both_sides);
  g_test_add_func ("/chess/castling/by-king-move", test_castling_by_king_move);
  g_test_add_func ("/chess/castling/forbidden", test_castling_forbidden);
  g_test_add_func ("/chess/castling/rights-lost", test_castling_rights_lost);
  g_test_add_func ("/chess/en-passant/plain", test_en_passant);
  g_test_add_func ("/chess/en-passant/pinned", test_en_passant_pinned);
  g_test_add_func ("/chess/promotion", test_promotion);
  g_test_add_func ("/chess/pins-and-check", test_pins_and_check);
  g_test_add_func ("/chess/end/checkmate", test_checkmate);
  g_test_add_func ("/chess/end/stalemate", test_stalemate);
  g_test_add_func ("/chess/end/fifty-moves", test_fifty_moves);
  g_test_add_func ("/chess/end/seventy-five-moves", test_seventy_five_moves);
  g_test_add_func ("/chess/end/repetition", test_repetition);
  g_test_add_func ("/chess/end/repetition-rights", test_repetition_needs_same_rights);
  g_test_add_func ("/chess/end/insufficient-material", test_insufficient_material);
  g_test_add_func ("/chess/end/resignation-and-agreement", test_resignation_and_agreement);
  g_test_add_func ("/chess/illegal-moves", test_illegal_moves);
  g_test_add_func ("/chess/undo-replay", test_undo_replay);
  g_test_add_func ("/chess/exchange", test_exchange);
  g_test_add_func ("/chess/evaluation", test_evaluation);
  return g_test_run ();
}
