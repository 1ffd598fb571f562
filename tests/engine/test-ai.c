/* test-ai.c: computer players
 *
 * Every game of the registry is played by every level on a budget of work
 * (depth or positions, never time), so the results do not depend on the
 * machine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-computer-player.h"
#include "cp-engine.h"

/* Game actions after which a game between computer players is stopped:
 * some games need not end. */
#define PLY_CAP 300

/* A player that does little work a move. */
static CpComputerPlayer *
cheap_player (CpLevel level, guint32 seed)
{
  CpComputerPlayer *player = cp_computer_player_new (level, seed);

  cp_computer_player_set_budget (player, level == CP_LEVEL_EASY ? 1 : 2, 3000);
  return player;
}

/* Option sets to try besides the defaults: the ways to play of a game
 * whose turns hold several actions. */
static const struct {
  const char *game;
  const char *key;
  const char *value;
} variants[] = {
  { "attrition", "variant", "two-piece" },
  { "attrition", "variant", "sudden-death" },
};

static CpGame *
new_game (const CpRules *rules, const char *key, const char *value, guint64 seed)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GError) error = NULL;
  CpGame *game;

  if (key != NULL)
    g_hash_table_insert (options, (gpointer) key, (gpointer) value);
  game = cp_game_new (rules->id, options, rules->min_seats, seed, &error);
  g_assert_no_error (error);
  cp_game_resolve_chance (game);
  return game;
}

/* The seat that acts next: the first of those pending. */
static guint
next_seat (CpGame *game)
{
  CpSeatMask pending = cp_game_get_pending (game);

  g_assert_cmpuint (pending, !=, 0);
  return (guint) __builtin_ctz (pending);
}

/* @player chooses for the seat to act, from that seat's view; the action
 * must be legal in the game itself. */
static void
choose_legal (CpComputerPlayer *player, CpGame *game, CpAction *action)
{
  guint seat = next_seat (game);
  g_autoptr (CpView) view = cp_game_view (game, seat);
  g_autoptr (GError) error = NULL;

  g_assert_true (cp_computer_player_choose (player, cp_view_get_state (view), seat, NULL, 0,
                                            NULL, action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (action->seat, ==, seat);
  cp_state_check (cp_game_get_state (game), action, &error);
  g_assert_no_error (error);
}

/* Plays @n random actions; FALSE if the game ended first. */
static gboolean
play_randomly (CpGame *game, CpComputerPlayer *random, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      CpAction action;

      cp_game_resolve_chance (game);
      if (cp_game_get_pending (game) == 0)
        return FALSE;
      choose_legal (random, game, &action);
      g_assert_true (cp_game_play (game, &action, NULL));
    }
  cp_game_resolve_chance (game);
  return cp_game_get_pending (game) != 0;
}

static void
check_game_legal (const CpRules *rules, const char *key, const char *value)
{
  g_autoptr (CpComputerPlayer) random = cp_computer_player_new (CP_LEVEL_RANDOM, 1);

  for (guint level = CP_LEVEL_RANDOM; level < CP_N_LEVELS; level++)
    {
      g_autoptr (CpComputerPlayer) player = cheap_player (level, 7 + level);

      /* From the start and from positions that random play reaches. */
      for (guint plies = 0; plies <= 24; plies += 8)
        for (guint64 seed = 1; seed <= 2; seed++)
          {
            g_autoptr (CpGame) game = new_game (rules, key, value, seed);
            CpAction action;

            if (plies > 0 && !play_randomly (game, random, plies + (guint) seed))
              continue;
            choose_legal (player, game, &action);
          }
    }
}

static void
test_legal_everywhere (void)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_test_message ("%s", rules[i]->id);
      check_game_legal (rules[i], NULL, NULL);
      for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
        if (g_str_equal (variants[v].game, rules[i]->id))
          check_game_legal (rules[i], variants[v].key, variants[v].value);
    }
}

/* Two computer players play a whole game: it ends, or reaches the cap,
 * with every action legal. */
static void
test_games_end (void)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (CpGame) game = new_game (rules[i], NULL, NULL, 3);
      g_autoptr (CpComputerPlayer) strong = cheap_player (CP_LEVEL_HARD, 3);
      g_autoptr (CpComputerPlayer) weak = cheap_player (CP_LEVEL_EASY, 4);

      while (cp_game_get_n_actions (game) < PLY_CAP)
        {
          CpAction action;
          guint seat;

          cp_game_resolve_chance (game);
          if (cp_game_get_pending (game) == 0)
            break;
          seat = next_seat (game);
          choose_legal (seat == 0 ? strong : weak, game, &action);
          g_assert_true (cp_game_play (game, &action, NULL));
        }
      g_test_message ("%s: %u actions", rules[i]->id, cp_game_get_n_actions (game));
      g_assert_true (cp_game_get_outcome (game)->status != CP_STATUS_PLAYING
                     || cp_game_get_n_actions (game) >= PLY_CAP);
    }
}

/* Mates in orthodox chess. */

static CpState *
game_position (const char *game_id, const char *fen)
{
  g_autoptr (GHashTable) given = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) options = NULL;
  g_autoptr (GError) error = NULL;
  const CpRules *rules = cp_rules_lookup (game_id);
  CpState *state;

  g_hash_table_insert (given, (gpointer) "fen", (gpointer) fen);
  options = cp_rules_resolve_options (rules, given, &error);
  g_assert_no_error (error);
  state = cp_state_new (rules, 2, options, &error);
  g_assert_no_error (error);
  return state;
}

static CpState *
chess_position (const char *fen)
{
  return game_position ("chess", fen);
}

/* The index in @moves of the move @text names in @state. */
static guint
move_index (const CpState *state, const CpActionList *moves, const char *text)
{
  g_autoptr (GError) error = NULL;
  CpAction action;

  g_assert_true (cp_state_parse (state, text, &action, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < moves->len; i++)
    if (cp_action_same (&moves->items[i], &action))
      return i;
  g_assert_not_reached ();
}

/* A turn of several actions is one ply of the search.  In Adrenaline,
 * White's rook may take the pawn on a5, but the turn then ends with a
 * checker put under a black piece, and Black mates with Re1: two plies
 * (White's turn, Black's answer) must see it, though White's turn takes
 * two actions. */
static void
test_turn_is_one_ply (void)
{
  g_autoptr (CpState) state = game_position ("adrenaline", "4r2k/6pp/8/p7/8/8/6PP/R6K w - - 0 1");
  g_autoptr (CpSearch) search = cp_search_new (8);
  g_auto (CpActionList) moves = { 0 };
  g_autofree int *scores = NULL;
  CpSearchLimits limits = { .depth = 2 };
  CpAction best;
  guint capture;

  cp_state_legal (state, 0, &moves);
  capture = move_index (state, &moves, "a1a5");
  scores = g_new (int, moves.len);
  cp_search_rate (search, state, 0, 2, &moves, 0, &limits, scores);
  g_assert_cmpint (scores[capture], <=, -CP_SEARCH_MATE_BOUND);

  g_assert_true (cp_search_run (search, state, 0, &limits, NULL, &best, NULL));
  g_assert_false (cp_action_same (&best, &moves.items[capture]));
}

/* Rating the moves on a budget too small to rate any at the depth asked
 * rates them all a ply deep: the mate is seen, and no move is left out
 * (the easy player would otherwise choose at random). */
static void
test_rate_within_budget (void)
{
  g_autoptr (CpState) state = chess_position ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  g_autoptr (CpSearch) search = cp_search_new (8);
  g_auto (CpActionList) moves = { 0 };
  g_autofree int *scores = NULL;
  CpSearchLimits limits = { .nodes = 256 };
  guint mate;

  cp_state_legal (state, 0, &moves);
  mate = move_index (state, &moves, "a1a8");
  scores = g_new (int, moves.len);
  cp_search_rate (search, state, 0, 4, &moves, 0, &limits, scores);
  for (guint i = 0; i < moves.len; i++)
    {
      g_assert_cmpint (scores[i], !=, G_MININT);
      if (i == mate)
        g_assert_cmpint (scores[i], >=, CP_SEARCH_MATE_BOUND);
      else
        g_assert_cmpint (scores[i], <, CP_SEARCH_MATE_BOUND);
    }
}

/* The mate is found in one thread, and in several that share the table. */
static void
check_mate (const char *fen, guint moves, const char *first)
{
  g_autoptr (CpState) state = chess_position (fen);

  for (guint threads = 1; threads <= 4; threads += 3)
    {
      g_autoptr (CpSearch) search = cp_search_new (8);
      g_autofree char *text = NULL;
      CpSearchLimits limits = { .depth = 2 * moves };
      CpSearchInfo info;
      CpAction best;

      cp_search_set_threads (search, threads);
      g_assert_true (cp_search_run (search, state, state->to_move, &limits, NULL, &best, &info));
      text = cp_state_format (state, &best, CP_NOTATION_COMPUTER);
      g_assert_cmpstr (text, ==, first);
      g_assert_cmpint (info.score, ==, CP_SEARCH_MATE - (int) (2 * moves - 1));
      g_assert_cmpuint (info.n_pv, >=, 1);
    }
}

static void
test_mate_in_one (void)
{
  check_mate ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, "a1a8");
}

static void
test_mate_in_two (void)
{
  /* Nf6+ gxf6, Bxf7 mate. */
  check_mate ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, "d5f6");
}

static void
test_mate_in_three (void)
{
  check_mate ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, "f6a6");
  check_mate ("2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 3, "b1g6");
}

/* The mating move is found by each searching level too. */
static void
test_levels_mate (void)
{
  g_autoptr (CpState) state = chess_position ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");

  for (guint level = CP_LEVEL_MEDIUM; level <= CP_LEVEL_HARD; level++)
    {
      g_autoptr (CpComputerPlayer) player = cheap_player (level, level);
      g_autofree char *text = NULL;
      CpAction action;

      g_assert_true (cp_computer_player_choose (player, state, 0, NULL, 0, NULL, &action, NULL));
      text = cp_state_format (state, &action, CP_NOTATION_COMPUTER);
      g_assert_cmpstr (text, ==, "a1a8");
    }
}

/* The easy level takes a queen left hanging nearly every time, for
 * learners of the rules must get an answer to their mistakes, but not
 * every time: it still makes mistakes on purpose. */
static guint
easy_takes_queen (CpState *state)
{
  guint taken = 0;

  for (guint32 seed = 1; seed <= 100; seed++)
    {
      g_autoptr (CpComputerPlayer) player = cp_computer_player_new (CP_LEVEL_EASY, seed);
      g_autofree char *text = NULL;
      CpAction action;

      g_assert_true (cp_computer_player_choose (player, state, 0, NULL, 0, NULL, &action, NULL));
      text = cp_state_format (state, &action, CP_NOTATION_COMPUTER);
      taken += g_str_equal (text, "d2d5");
    }
  return taken;
}

static void
test_easy_mistakes (void)
{
  g_autoptr (CpState) chess = chess_position ("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
  g_autoptr (CpState) chess960 = game_position ("chess960", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
  guint taken = easy_takes_queen (chess);

  g_assert_cmpuint (taken, >=, 90);
  g_assert_cmpuint (taken, <, 100);
  /* Chess960 draws its start, but no die falls in play. */
  g_assert_cmpuint (easy_takes_queen (chess960), ==, taken);
}

/* In the games of the tree search, the medium player stops at its budget
 * of positions, however long it may take: two with one seed choose alike,
 * and long before an hour. */
static void
test_medium_tree_budget (void)
{
  g_autoptr (CpGame) game = cp_game_new ("masquerade", NULL, 2, 4, NULL);
  const CpState *state;
  CpAction chosen[2];

  cp_game_choose_secrets (game);
  cp_game_resolve_chance (game);
  state = cp_game_get_state (game);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (CpComputerPlayer) player = cp_computer_player_new (CP_LEVEL_MEDIUM, 9);
      g_autoptr (CpView) view = cp_game_view (game, cp_state_first_pending (state));

      cp_computer_player_set_move_time (player, 3600 * 1000);
      g_assert_true (cp_computer_player_choose (player, cp_view_get_state (view), cp_state_first_pending (state),
                                                NULL, 0, NULL, &chosen[i], NULL));
    }
  g_assert_true (cp_action_same (&chosen[0], &chosen[1]));
}

/* Chess Golf: the hard level always bids par, which the solver proves;
 * the medium level mostly does, and misses it now and then. */
static void
test_golf_levels (void)
{
  g_autoptr (CpGame) game = cp_game_new ("golf", NULL, 1, 3, NULL);
  const CpState *state;
  guint medium_par = 0;
  CpAction par;

  cp_game_resolve_chance (game);
  state = cp_game_get_state (game);
  g_assert_true (state->rules->advise (state, 0, 0, NULL, &par));
  for (guint32 seed = 1; seed <= 24; seed++)
    for (CpLevel level = CP_LEVEL_MEDIUM; level <= CP_LEVEL_HARD; level++)
      {
        g_autoptr (CpComputerPlayer) player = cheap_player (level, seed);
        CpAction bid;

        g_assert_true (cp_computer_player_choose (player, state, 0, NULL, 0, NULL, &bid, NULL));
        g_assert_cmpint (bid.type, ==, CP_ACTION_COMMIT);
        if (level == CP_LEVEL_HARD)
          g_assert_cmpuint (bid.value, ==, par.value);
        else
          medium_par += bid.value == par.value;
      }
  g_assert_cmpuint (medium_par, >=, 12);
  g_assert_cmpuint (medium_par, <, 24);
  /* Hints are par every time. */
  for (guint32 seed = 1; seed <= 24; seed++)
    {
      g_autoptr (CpComputerPlayer) adviser = cp_computer_player_new_adviser (seed);
      CpAction hint;

      cp_computer_player_set_budget (adviser, 1, 200);
      g_assert_true (cp_computer_player_choose (adviser, state, 0, NULL, 0, NULL, &hint, NULL));
      g_assert_cmpuint (hint.value, ==, par.value);
    }
}

/* Chivalry: a jump that takes the enemy's castle is preferred to one that
 * takes more. */
static void
put (CpState *state, const char *name, CpPieceKind kind, guint seat)
{
  guint cell;

  g_assert_true (cp_board_parse_cell (state->board, name, &cell, NULL));
  state->cells[cell] = (CpPiece) { .kind = (guint8) kind, .seat = (guint8) seat };
}

static void
test_chivalry_castle (void)
{
  const CpRules *rules = cp_rules_lookup ("chivalry");
  g_autoptr (GHashTable) options = cp_rules_resolve_options (rules, NULL, NULL);
  g_autoptr (CpState) state = cp_state_new (rules, 2, options, NULL);
  g_autoptr (CpState) after = NULL;
  g_auto (CpActionList) legal = { 0 };

  memset (state->cells, 0, sizeof state->cells);
  put (state, "G16", CP_PIECE_MAN, 0);
  put (state, "H14", CP_PIECE_MAN, 0);
  put (state, "C8", CP_PIECE_MAN, 0);
  put (state, "H15", CP_PIECE_MAN, 1);
  put (state, "D8", CP_PIECE_CHIVALRY_KNIGHT, 1);
  put (state, "A5", CP_PIECE_MAN, 1);
  put (state, "B5", CP_PIECE_MAN, 1);
  rules->outcome (state, &state->outcome);
  g_assert_cmpint (state->outcome.status, ==, CP_STATUS_PLAYING);
  cp_state_legal (state, 0, &legal);
  g_assert_cmpuint (legal.len, ==, 2);  /* the two jumps: capturing is compulsory */

  for (guint level = CP_LEVEL_GREEDY; level <= CP_LEVEL_HARD; level++)
    {
      g_autoptr (CpComputerPlayer) player = cheap_player (level, level);
      CpAction action;

      if (level == CP_LEVEL_EASY)
        continue;  /* it may blunder on purpose */
      g_assert_true (cp_computer_player_choose (player, state, 0, NULL, 0, NULL, &action, NULL));
      g_clear_pointer (&after, cp_state_free);
      after = cp_state_copy (state);
      g_assert_true (cp_state_apply (after, &action, NULL));
      g_assert_cmpint (after->outcome.status, ==, CP_STATUS_WON);
      g_assert_cmpint (after->outcome.reason, ==, CP_END_CASTLE_TAKEN);
      g_assert_cmpuint (after->outcome.winners, ==, CP_SEAT_BIT (0));
    }
}

/* The asynchronous call. */

typedef struct {
  GMainLoop *loop;
  gboolean done;
  gboolean ok;
  CpAction action;
  GError *error;
} Waiter;

static void
chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  Waiter *w = data;

  w->ok = cp_computer_player_choose_finish (CP_COMPUTER_PLAYER (source), result, &w->action, &w->error);
  w->done = TRUE;
  g_main_loop_quit (w->loop);
}

static void
test_async (void)
{
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 0, NULL);
  g_autoptr (CpComputerPlayer) player = cheap_player (CP_LEVEL_HARD, 5);
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Waiter w = { .loop = loop };

  g_assert_true (cp_game_play_text (game, "e4", NULL));
  cp_computer_player_choose_async (player, game, 1, NULL, chosen, &w);
  g_main_loop_run (loop);
  g_assert_true (w.done);
  g_assert_no_error (w.error);
  g_assert_true (w.ok);
  g_assert_true (cp_state_check (cp_game_get_state (game), &w.action, NULL));
}

static void
test_async_cancel (void)
{
  g_autoptr (CpGame) game = cp_game_new ("chess", NULL, 2, 0, NULL);
  g_autoptr (CpComputerPlayer) player = cp_computer_player_new (CP_LEVEL_HARD, 5);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GCancellable) second = g_cancellable_new ();
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Waiter w = { .loop = loop };
  Waiter again = { .loop = loop };

  /* Searches with no end but cancellation; one at a time: the second
   * question waits for the first to end. */
  cp_computer_player_set_budget (player, 0, G_MAXUINT64);
  cp_computer_player_choose_async (player, game, 0, cancellable, chosen, &w);
  cp_computer_player_choose_async (player, game, 0, second, chosen, &again);

  g_cancellable_cancel (cancellable);
  g_main_loop_run (loop);
  g_assert_true (w.done);
  g_assert_false (w.ok);
  g_assert_error (w.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&w.error);
  g_assert_false (again.done);

  g_cancellable_cancel (second);
  g_main_loop_run (loop);
  g_assert_true (again.done);
  g_assert_error (again.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&again.error);
}

/* The UCI engine, driven through a pipe. */

typedef struct {
  GSubprocess *process;
  GOutputStream *in;
  GDataInputStream *out;
} Uci;

static void
uci_send (Uci *uci, const char *line)
{
  g_autofree char *text = g_strconcat (line, "\n", NULL);

  g_assert_true (g_output_stream_write_all (uci->in, text, strlen (text), NULL, NULL, NULL));
  g_assert_true (g_output_stream_flush (uci->in, NULL, NULL));
}

/* Reads lines up to one starting with @prefix, which it returns; the
 * lines before go to @before if given. */
static char *
uci_expect (Uci *uci, const char *prefix, GPtrArray *before)
{
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      char *line = g_data_input_stream_read_line_utf8 (uci->out, NULL, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (line);  /* the engine must not stop answering */
      if (g_str_has_prefix (line, prefix))
        return line;
      if (before != NULL)
        g_ptr_array_add (before, line);
      else
        g_free (line);
    }
}

/* The move of a "bestmove" line, checked against @state. */
static void
check_best (const char *line, const CpState *state, const char *expected)
{
  g_auto (GStrv) words = g_strsplit (line, " ", -1);
  CpAction action;

  g_assert_cmpstr (words[0], ==, "bestmove");
  g_assert_nonnull (words[1]);
  g_assert_true (cp_state_parse (state, words[1], &action, NULL));
  g_assert_true (cp_state_check (state, &action, NULL));
  if (expected != NULL)
    g_assert_cmpstr (words[1], ==, expected);
}

static void
test_uci (void)
{
  const char *program = g_getenv ("CP_PROGRAM");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (CpState) start = chess_position ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  g_autoptr (CpState) mate = chess_position ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  g_autofree char *line = NULL;
  gboolean id = FALSE, info = FALSE, threads = FALSE;
  Uci uci;

  g_assert_nonnull (program);
  uci.process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                                  &error, program, "--uci", NULL);
  g_assert_no_error (error);
  uci.in = g_subprocess_get_stdin_pipe (uci.process);
  uci.out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (uci.process));

  uci_send (&uci, "uci");
  g_free (uci_expect (&uci, "uciok", lines));
  for (guint i = 0; i < lines->len; i++)
    {
      id = id || g_str_has_prefix (g_ptr_array_index (lines, i), "id name ");
      threads = threads || g_str_has_prefix (g_ptr_array_index (lines, i), "option name Threads type spin ");
    }
  g_assert_true (id);
  g_assert_true (threads);

  uci_send (&uci, "setoption name Level value medium");
  uci_send (&uci, "isready");
  g_free (uci_expect (&uci, "readyok", NULL));
  uci_send (&uci, "ucinewgame");
  uci_send (&uci, "position startpos moves e2e4");
  uci_send (&uci, "go depth 3");
  g_ptr_array_set_size (lines, 0);
  line = uci_expect (&uci, "bestmove", lines);
  check_best (line, start, NULL);
  for (guint i = 0; i < lines->len; i++)
    {
      const char *l = g_ptr_array_index (lines, i);

      info = info || (g_str_has_prefix (l, "info depth ") && strstr (l, " score cp ") != NULL
                      && strstr (l, " nodes ") != NULL && strstr (l, " pv ") != NULL);
    }
  g_assert_true (info);

  /* A mate, reported as one. */
  uci_send (&uci, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  uci_send (&uci, "go depth 2");
  g_clear_pointer (&line, g_free);
  line = uci_expect (&uci, "info depth 2 score mate 1 ", NULL);
  g_clear_pointer (&line, g_free);
  line = uci_expect (&uci, "bestmove", NULL);
  check_best (line, mate, "a1a8");

  /* "stop" ends an infinite search, which answers only then, in the
   * threads it was given too. */
  uci_send (&uci, "setoption name Level value hard");
  uci_send (&uci, "setoption name Threads value 3");
  uci_send (&uci, "position startpos moves e2e4");
  uci_send (&uci, "go infinite");
  uci_send (&uci, "isready");
  g_clear_pointer (&line, g_free);
  line = uci_expect (&uci, "readyok", NULL);
  uci_send (&uci, "stop");
  g_clear_pointer (&line, g_free);
  line = uci_expect (&uci, "bestmove", NULL);
  check_best (line, start, NULL);

  uci_send (&uci, "quit");
  g_assert_true (g_subprocess_wait_check (uci.process, NULL, &error));
  g_assert_no_error (error);
  g_object_unref (uci.out);
  g_object_unref (uci.process);
}

/* The medium level searches no deeper than its depth in chess, through the
 * UCI engine too, however deep it is asked to go; the easy level less
 * deep, and the hard one as deep as its time allows. */
static void
test_level_depth (void)
{
  const char *program = g_getenv ("CP_PROGRAM");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  guint most = cp_level_search_depth (CP_LEVEL_MEDIUM), deepest = 0;
  Uci uci;

  g_assert_cmpuint (cp_level_search_depth (CP_LEVEL_EASY), >=, 1);
  g_assert_cmpuint (cp_level_search_depth (CP_LEVEL_EASY), <, most);
  g_assert_cmpuint (cp_level_search_depth (CP_LEVEL_HARD), ==, 0);

  g_assert_nonnull (program);
  uci.process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                                  &error, program, "--uci", NULL);
  g_assert_no_error (error);
  uci.in = g_subprocess_get_stdin_pipe (uci.process);
  uci.out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (uci.process));
  uci_send (&uci, "uci");
  g_free (uci_expect (&uci, "uciok", NULL));
  uci_send (&uci, "setoption name Level value medium");
  uci_send (&uci, "position startpos moves e2e4 e7e5");
  uci_send (&uci, "go depth 20");
  g_free (uci_expect (&uci, "bestmove", lines));
  for (guint i = 0; i < lines->len; i++)
    {
      const char *l = g_ptr_array_index (lines, i);

      if (g_str_has_prefix (l, "info depth "))
        deepest = MAX (deepest, (guint) g_ascii_strtoull (l + strlen ("info depth "), NULL, 10));
    }
  g_assert_cmpuint (deepest, >=, 1);
  g_assert_cmpuint (deepest, <=, most);

  uci_send (&uci, "quit");
  g_assert_true (g_subprocess_wait_check (uci.process, NULL, &error));
  g_assert_no_error (error);
  g_object_unref (uci.out);
  g_object_unref (uci.process);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ai/legal-everywhere", test_legal_everywhere);
  g_test_add_func ("/ai/games-end", test_games_end);
  g_test_add_func ("/ai/mate-in-one", test_mate_in_one);
  g_test_add_func ("/ai/mate-in-two", test_mate_in_two);
  g_test_add_func ("/ai/mate-in-three", test_mate_in_three);
  g_test_add_func ("/ai/levels-mate", test_levels_mate);
  g_test_add_func ("/ai/turn-is-one-ply", test_turn_is_one_ply);
  g_test_add_func ("/ai/rate-within-budget", test_rate_within_budget);
  g_test_add_func ("/ai/easy-mistakes", test_easy_mistakes);
  g_test_add_func ("/ai/chivalry-castle", test_chivalry_castle);
  g_test_add_func ("/ai/golf-levels", test_golf_levels);
  g_test_add_func ("/ai/medium-tree-budget", test_medium_tree_budget);
  g_test_add_func ("/ai/async", test_async);
  g_test_add_func ("/ai/async-cancel", test_async_cancel);
  g_test_add_func ("/ai/uci", test_uci);
  g_test_add_func ("/ai/level-depth", test_level_depth);
  return g_test_run ();
}
