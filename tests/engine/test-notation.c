/* test-notation.c: move notation and FEN, written and read back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-engine.h"
#include "cp-chess-state.h"

static CpState *
position (const char *game_id, const char *fen)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = NULL;

  g_hash_table_insert (options, (gpointer) "fen", (gpointer) fen);
  game = cp_game_new (game_id, options, 2, 1, &error);
  g_assert_no_error (error);
  return cp_state_copy (cp_game_get_state (game));
}

static void
assert_written (const CpState *state, const char *input, CpNotation notation, const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  CpAction action;

  cp_state_parse (state, input, &action, &error);
  g_assert_no_error (error);
  text = cp_state_format (state, &action, notation);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_san_output (void)
{
  /* Knights on b1 and f3 both reach d2; rooks on a1 and a5 both reach a3;
   * three queens reach h2. */
  g_autoptr (CpState) st = position ("chess", "3k4/8/8/R3Q2Q/8/8/4Q3/RN3NK1 w - - 0 1");
  g_autoptr (CpState) pawns = position ("chess", "r3k3/1P6/8/3pP3/8/8/8/4K2R w Kq d6 0 1");
  g_autoptr (CpState) mate = position ("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");

  assert_written (st, "b1d2", CP_NOTATION_SAN, "Nbd2");
  assert_written (st, "a1a3", CP_NOTATION_SAN, "R1a3");
  assert_written (st, "a5a3", CP_NOTATION_SAN, "R5a3");
  assert_written (st, "h5e8", CP_NOTATION_SAN, "Qhe8#");
  assert_written (st, "e5e4", CP_NOTATION_SAN, "Q5e4");
  assert_written (st, "e5h2", CP_NOTATION_SAN, "Qe5h2");
  assert_written (st, "e2h2", CP_NOTATION_SAN, "Q2h2");
  assert_written (st, "h5h2", CP_NOTATION_SAN, "Qhh2");
  assert_written (st, "g1h2", CP_NOTATION_SAN, "Kh2");

  assert_written (pawns, "e5d6", CP_NOTATION_SAN, "exd6");
  assert_written (pawns, "b7a8q", CP_NOTATION_SAN, "bxa8=Q+");
  assert_written (pawns, "b7b8n", CP_NOTATION_SAN, "b8=N");
  assert_written (pawns, "e1g1", CP_NOTATION_SAN, "O-O");
  assert_written (mate, "a1a8", CP_NOTATION_SAN, "Ra8#");

  /* Figurines read as the letters of their pieces. */
  assert_written (st, "♘bd2", CP_NOTATION_SAN, "Nbd2");
  assert_written (pawns, "bxa8=♕", CP_NOTATION_SAN, "bxa8=Q+");
}

static void
test_other_notations (void)
{
  g_autoptr (CpState) st = position ("chess", "r3k3/1P6/8/3pP3/8/8/8/4K2R w Kq d6 0 1");
  g_autoptr (CpState) c960 = position ("chess960", "1k6/8/8/8/8/8/8/1K2R3 w K - 0 1");
  g_autoptr (CpState) start = position ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");

  assert_written (st, "e5xd6", CP_NOTATION_LAN, "e5xd6");
  assert_written (st, "Rh1-h7", CP_NOTATION_LAN, "Rh1-h7");
  assert_written (st, "b7b8=R", CP_NOTATION_LAN, "b7-b8=R+");
  assert_written (st, "O-O", CP_NOTATION_LAN, "O-O");
  assert_written (st, "O-O", CP_NOTATION_COMPUTER, "e1g1");
  assert_written (st, "bxa8=N", CP_NOTATION_COMPUTER, "b7a8n");
  assert_written (start, "Nf3", CP_NOTATION_FIGURINE, "♘f3");
  assert_written (start, "Nf3", CP_NOTATION_LAN, "Ng1-f3");
  /* Chess960 castling is written as the king taking its own rook. */
  assert_written (c960, "O-O", CP_NOTATION_COMPUTER, "b1e1");
  assert_written (c960, "b1e1", CP_NOTATION_SAN, "O-O");
  assert_written (c960, "b1g1", CP_NOTATION_LAN, "O-O");
}

static void
assert_rejected (const CpState *state, const char *input, gint code, const char *words)
{
  g_autoptr (GError) error = NULL;
  CpAction action;

  g_assert_false (cp_state_parse (state, input, &action, &error));
  g_assert_error (error, CP_ERROR, code);
  g_assert_nonnull (strstr (error->message, words));
}

static void
test_bad_moves (void)
{
  g_autoptr (CpState) st = position ("chess", "3k4/8/8/R3Q2Q/8/8/4Q3/RN3NK1 w - - 0 1");
  g_autoptr (CpState) pawn = position ("chess", "3k4/P7/8/8/8/8/8/4K3 w - - 0 1");

  assert_rejected (st, "Nd2", CP_ERROR_ILLEGAL_ACTION, "say which");
  assert_rejected (st, "Qe4", CP_ERROR_ILLEGAL_ACTION, "say which");
  assert_rejected (st, "Nc4", CP_ERROR_ILLEGAL_ACTION, "not a legal move");
  assert_rejected (st, "O-O", CP_ERROR_ILLEGAL_ACTION, "castling");
  assert_rejected (st, "hello", CP_ERROR_BAD_NOTATION, "not a move");
  assert_rejected (st, "", CP_ERROR_BAD_NOTATION, "No move");
  assert_rejected (st, "b1d2q", CP_ERROR_ILLEGAL_ACTION, "cannot become");
  assert_rejected (pawn, "a8", CP_ERROR_ILLEGAL_ACTION, "which piece the pawn becomes");
  assert_rejected (pawn, "a7a8", CP_ERROR_ILLEGAL_ACTION, "which piece the pawn becomes");
  assert_rejected (pawn, "a8=K", CP_ERROR_ILLEGAL_ACTION, "cannot become");
}

/* Every legal move, written in each notation, reads back as itself. */
static void
test_round_trip (void)
{
  static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "3k4/8/8/R3Q2Q/8/8/4Q3/RN3NK1 w - - 0 1",
  };
  static const CpNotation notations[] = {
    CP_NOTATION_SAN, CP_NOTATION_LAN, CP_NOTATION_COMPUTER,
  };

  for (guint f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      g_autoptr (CpState) st = position ("chess", fens[f]);
      g_auto (CpActionList) moves = { 0 };

      cp_state_legal (st, st->to_move, &moves);
      g_assert_cmpuint (moves.len, >, 0);
      for (guint i = 0; i < moves.len; i++)
        for (guint n = 0; n < G_N_ELEMENTS (notations); n++)
          {
            g_autofree char *text = cp_state_format (st, &moves.items[i], notations[n]);
            g_autoptr (GError) error = NULL;
            CpAction back;

            cp_state_parse (st, text, &back, &error);
            g_assert_no_error (error);
            g_assert_true (cp_action_same (&back, &moves.items[i]));
          }
    }
}

static void
test_fen_round_trip (void)
{
  static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/8/8/8/8/8/8/4K2R w K - 17 42",
  };

  for (guint i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      g_autoptr (CpState) st = position ("chess", fens[i]);
      g_autofree char *out = cp_fen_write (CP_CHESS_STATE (st), CP_FEN_STANDARD);

      g_assert_cmpstr (out, ==, fens[i]);
    }

  {
    /* An en passant cell no pawn can use is left out, as X-FEN does. */
    g_autoptr (CpState) st = position ("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    g_autofree char *out = cp_fen_write (CP_CHESS_STATE (st), CP_FEN_STANDARD);

    g_assert_cmpstr (out, ==, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  }
  {
    /* The move counters may be left out. */
    g_autoptr (CpState) st = position ("chess", "4k3/8/8/8/8/8/8/4K3 b -");
    g_autofree char *out = cp_fen_write (CP_CHESS_STATE (st), CP_FEN_STANDARD);

    g_assert_cmpstr (out, ==, "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
  }
}

static void
test_fen_960_styles (void)
{
  /* Shredder-FEN names the rooks' files; X-FEN uses KQkq for the outer
   * rooks and file letters only for inner ones. */
  g_autoptr (CpState) outer = position ("chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  g_autoptr (CpState) xfen = position ("chess960", "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1");
  g_autofree char *shredder = cp_fen_write (CP_CHESS_STATE (outer), CP_FEN_SHREDDER);
  g_autofree char *standard = cp_fen_write (CP_CHESS_STATE (outer), CP_FEN_STANDARD);
  g_autofree char *x_shredder = cp_fen_write (CP_CHESS_STATE (xfen), CP_FEN_SHREDDER);

  g_assert_cmpstr (shredder, ==, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  g_assert_cmpstr (standard, ==, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  g_assert_cmpstr (x_shredder, ==, "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1");
}

static void
test_fen_errors (void)
{
  static const struct {
    const char *fen;
    const char *words;
  } cases[] = {
    { "", "too few fields" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "incomplete" },
    { "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "wrong number of cells" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown letter" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "exactly one king" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move" },
    { "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1", "first or last rank" },
    { "4k3/8/8/8/8/8/8/R3K2R w KQZ - 0 1", "unknown letter" },
    { "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", "rook that is not there" },
    { "4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "en passant" },
    { "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "just moved is in check" },
    { "4k3/8/8/8/8/8/8/4K3 w - - x 1", "counters" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr (GError) error = NULL;
      g_autoptr (CpGame) game = NULL;

      g_hash_table_insert (options, (gpointer) "fen", (gpointer) cases[i].fen);
      /* An empty FEN option is the standard start; write a blank instead. */
      if (cases[i].fen[0] == '\0')
        g_hash_table_insert (options, (gpointer) "fen", (gpointer) " ");
      game = cp_game_new ("chess", options, 2, 1, &error);
      g_test_message ("%s", cases[i].fen);
      g_assert_null (game);
      g_assert_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION);
      g_assert_nonnull (strstr (error->message, cases[i].words));
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/notation/san", test_san_output);
  g_test_add_func ("/notation/other", test_other_notations);
  g_test_add_func ("/notation/bad-moves", test_bad_moves);
  g_test_add_func ("/notation/round-trip", test_round_trip);
  g_test_add_func ("/fen/round-trip", test_fen_round_trip);
  g_test_add_func ("/fen/chess960-styles", test_fen_960_styles);
  g_test_add_func ("/fen/errors", test_fen_errors);
  return g_test_run ();
}
