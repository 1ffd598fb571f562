/* test-perft.c: move generation counted against known perft figures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-engine.h"
#include "cp-chess-state.h"
#include "cp-test-util.h"

typedef struct {
  const char *game;
  const char *fen;
  guint depth;
  guint64 nodes[6];  /* nodes[d - 1] for d = 1 .. depth */
} PerftCase;

/* The classic positions of chess programming, and Chess960 positions,
 * with their figures as every correct move generator counts them. */
static const PerftCase cases[] = {
  { "chess", "", 5, { 20, 400, 8902, 197281, 4865609 } },
  { "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    4, { 48, 2039, 97862, 4085603 } },
  { "chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    5, { 14, 191, 2812, 43238, 674624 } },
  { "chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    4, { 6, 264, 9467, 422333 } },
  { "chess", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    4, { 6, 264, 9467, 422333 } },
  { "chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    4, { 44, 1486, 62379, 2103487 } },
  { "chess", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    4, { 46, 2079, 89890, 3894594 } },
  { "chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    4, { 21, 528, 12189, 326672 } },
  { "chess960", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    4, { 21, 807, 18002, 667366 } },
  { "chess960", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
    5, { 20, 479, 10471, 273318, 6417013 } },
  { "chess960", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
    5, { 22, 593, 13440, 382958, 9183776 } },
  { "chess960", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    4, { 20, 400, 9006, 201143 } },
  { "chess960", "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
    4, { 20, 400, 9006, 201143 } },
  { "chess960", "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
    4, { 28, 1120, 31058, 1171749 } },
};

static CpState *
start_state (const char *game_id, const char *fen)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = NULL;

  if (fen[0] != '\0')
    g_hash_table_insert (options, (gpointer) "fen", (gpointer) fen);
  game = cp_game_new (game_id, options, 2, 1, &error);
  g_assert_no_error (error);
  return cp_state_copy (cp_game_get_state (game));
}

static void
test_perft_case (gconstpointer data)
{
  const PerftCase *c = data;
  g_autoptr (CpState) state = start_state (c->game, c->fen);
  g_autofree char *before = cp_fen_write (CP_CHESS_STATE (state), CP_FEN_SHREDDER);

  for (guint d = 1; d <= c->depth; d++)
    {
      /* The deepest figure is always counted, shallower ones past three
       * plies only in thorough runs. */
      if (d < c->depth && d > 3 && !g_test_thorough ())
        continue;
      g_assert_cmpuint (cp_state_perft (state, d), ==, c->nodes[d - 1]);
    }

  /* Counting makes and takes back moves; the position must come back whole. */
  {
    g_autofree char *after = cp_fen_write (CP_CHESS_STATE (state), CP_FEN_SHREDDER);

    g_assert_cmpstr (after, ==, before);
    g_assert_cmpuint (CP_CHESS_STATE (state)->hash, ==, cp_chess_compute_hash (CP_CHESS_STATE (state)));
  }
}

typedef struct {
  guint positions;
  guint tactical;   /* positions with a capture or promotion */
  guint stuck;      /* positions whose seat to move has no move */
} Subsets;

/* The captures and promotions of @all, in their order, must be @tactical
 * exactly. */
static void
assert_tactical_subset (const CpActionList *all, const CpActionList *tactical)
{
  guint j = 0;

  for (guint i = 0; i < all->len; i++)
    {
      const CpAction *a = &all->items[i];

      if (!(a->flags & CP_ACTION_FLAG_CAPTURE) && a->piece == CP_PIECE_NONE)
        continue;
      g_assert_cmpuint (j, <, tactical->len);
      g_assert_true (memcmp (a, &tactical->items[j], sizeof *a) == 0);
      j++;
    }
  g_assert_cmpuint (j, ==, tactical->len);
}

static void
compare_subsets (CpState *state, guint ply, gpointer data)
{
  const CpChessState *st = CP_CHESS_STATE (state);
  Subsets *n = data;

  if (cp_state_first_pending (state) >= state->n_seats)
    return;
  n->positions++;
  for (guint seat = 0; seat < 2; seat++)
    {
      g_auto (CpActionList) all = { 0 };
      g_auto (CpActionList) tactical = { 0 };

      cp_chess_legal (st, seat, &all);
      cp_chess_legal_tactical (st, seat, &tactical);
      assert_tactical_subset (&all, &tactical);
      g_assert_cmpint (cp_chess_has_legal (st, seat), ==, all.len > 0);
      if (seat == state->to_move)
        {
          n->tactical += tactical.len > 0;
          n->stuck += all.len == 0;
        }
      /* The rules' hook, where a game has one, gives the same. */
      if (state->rules->tactical != NULL && seat == state->to_move)
        {
          g_auto (CpActionList) legal = { 0 };
          g_auto (CpActionList) hook = { 0 };

          cp_state_legal (state, seat, &legal);
          state->rules->tactical (state, seat, &hook);
          assert_tactical_subset (&legal, &hook);
        }
    }
}

/* The quiescence search's captures and promotions, and the answer to
 * whether a seat has any move at all, come from shortened generations:
 * on random lines of the games that share the chess move generator, they
 * must agree with the whole one. */
static void
test_generation_subsets (void)
{
  static const struct {
    const char *game;
    const char *positions[3];
  } games[] = {
    { "chess", { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                 "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" } },
    { "chess960", { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
                    "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1" } },
    { "adrenaline", { "r3k2r/p1ppq*pb1/bn*2pnp1/3PN3/1p2P3/2N**2Q1p/PPPB*BPPP/R3K2R w KQkq - 0 1",
                      "n1n5/P*PPk4/8/8/8/8/4Kppp/5N*1N w - - 0 1",
                      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" } },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      Subsets n = { 0 };

      cp_test_walk_lines (games[g].game, games[g].positions, G_N_ELEMENTS (games[g].positions),
                          12, 160, 5, compare_subsets, &n);
      g_test_message ("%s: %u positions, %u with a capture or promotion, %u without a move",
                      games[g].game, n.positions, n.tactical, n.stuck);
      /* The lines reach every kind of position the comparison is about. */
      g_assert_cmpuint (n.positions, >, 1000);
      g_assert_cmpuint (n.tactical, >, n.positions / 10);
    }
}

/* Where the seat to move has no move, or one piece alone has moves,
 * the shortened answer must still be right. */
static void
test_has_legal (void)
{
  static const struct {
    const char *fen;
    gboolean any;
  } positions[] = {
    { "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", FALSE },   /* mated */
    { "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", FALSE },                                  /* stalemated */
    { "7k/8/8/8/8/1p6/1P6/K1q5 w - - 0 1", FALSE },                               /* mated, pawn blocked */
    { "6k1/2R5/8/8/8/1p6/1P6/K1q5 w - - 0 1", TRUE },                             /* only Rxc1 */
    { "k7/8/8/8/8/8/5r2/7K w - - 0 1", TRUE },                                    /* the king's Kg1 */
  };

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      g_autofree char *option = g_strconcat ("fen=", positions[i].fen, NULL);
      g_autoptr (CpState) state = cp_test_new_state ("chess", 2, option, NULL);
      g_auto (CpActionList) all = { 0 };

      cp_chess_legal (CP_CHESS_STATE (state), state->to_move, &all);
      g_assert_cmpint (all.len > 0, ==, positions[i].any);
      g_assert_cmpint (cp_chess_has_legal (CP_CHESS_STATE (state), state->to_move), ==, positions[i].any);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/perft/generation-subsets", test_generation_subsets);
  g_test_add_func ("/perft/has-legal", test_has_legal);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/perft/%s/%u", cases[i].game, i);

      g_test_add_data_func (path, &cases[i], test_perft_case);
    }
  return g_test_run ();
}
