/* test-mcts.c: the tree search for games with secrets, chance and three
 * or four players
 *
 * Searches run on budgets of positions, never of time, so that a move
 * does not depend on the machine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-computer-player.h"
#include "cp-engine.h"
#include "cp-knightmare.h"
#include "cp-mcts.h"
#include "cp-test-util.h"

#define BUDGET 2000

static CpComputerPlayer *
cheap_player (CpLevel level, guint32 seed)
{
  CpComputerPlayer *player = cp_computer_player_new (level, seed);

  cp_computer_player_set_budget (player, 2, BUDGET);
  return player;
}

/* Whether two states show the same: every byte past the shared board. */
static gboolean
same_state (const CpState *a, const CpState *b)
{
  gsize skip = G_STRUCT_OFFSET (CpState, n_seats);

  return a->rules == b->rules
         && memcmp ((const guint8 *) a + skip, (const guint8 *) b + skip, a->rules->state_size - skip) == 0;
}

static CpState *
view_of (const CpState *state, guint seat)
{
  CpState *view = cp_state_copy (state);

  if (state->rules->redact != NULL)
    state->rules->redact (view, seat);
  return view;
}

/* Plays @n random actions of @game (chance drawn by the game). */
static gboolean
play_randomly (CpGame *game, GRand *rand, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_auto (CpActionList) legal = { 0 };
      guint seat;

      cp_game_resolve_chance (game);
      if (cp_game_get_pending (game) == 0)
        return FALSE;
      seat = (guint) __builtin_ctz (cp_game_get_pending (game));
      cp_state_legal (cp_game_get_state (game), seat, &legal);
      g_assert_cmpuint (legal.len, >, 0);
      g_assert_true (cp_game_play (game, &legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)], NULL));
    }
  cp_game_resolve_chance (game);
  return cp_game_get_pending (game) != 0;
}

/* A random result of the kind @state asks for. */
static void
redraw (const CpState *state, CpAction *a, GRand *rand)
{
  CpChance request = { 0 };

  state->rules->chance (state, &request);
  if (request.type == CP_ACTION_ROLL && request.range > 1)
    a->value = (guint32) g_rand_int_range (rand, 0, (gint32) request.range);
  else if (request.type == CP_ACTION_SHUFFLE)
    a->value = g_rand_int (rand);
}

/* The same game with each action @seat may not see replaced by another
 * of its kind, made at random, and each random result it may not see
 * drawn again; NULL when the log no longer fits. */
static CpGame *
twin (CpGame *game, guint seat, GRand *rand, gboolean *changed)
{
  const CpRules *rules = cp_game_get_rules (game);
  g_autoptr (CpGame) other = cp_game_new (rules->id, cp_game_get_options (game), cp_game_get_n_seats (game),
                                          cp_game_get_seed (game), NULL);
  guint n = cp_game_get_n_actions (game);
  g_autoptr (GArray) log = g_array_new (FALSE, FALSE, sizeof (CpAction));

  *changed = FALSE;
  for (guint i = 0; i < n; i++)
    g_array_append_val (log, *cp_game_get_action (game, i));
  for (guint i = 0; i < n; i++)
    {
      CpAction a = g_array_index (log, CpAction, i);
      gboolean hidden = !cp_action_log_visible_to ((const CpAction *) (gpointer) log->data, n, i, seat);

      if (hidden && a.seat == CP_SEAT_CHANCE)
        {
          guint32 before = a.value;

          redraw (cp_game_get_state (other), &a, rand);
          *changed |= a.value != before;
        }
      else if (hidden && a.seat < CP_MAX_SEATS && a.seat != seat)
        {
          g_auto (CpActionList) legal = { 0 };
          guint others = 0;

          cp_state_legal (cp_game_get_state (other), a.seat, &legal);
          for (guint j = 0; j < legal.len; j++)
            if (legal.items[j].type == a.type && !cp_action_same (&legal.items[j], &a)
                && g_rand_int_range (rand, 0, (gint32) ++others) == 0)
              {
                g_array_index (log, CpAction, i) = legal.items[j];
                *changed = TRUE;
              }
          a = g_array_index (log, CpAction, i);
        }
      if (!cp_game_append (other, &a, NULL))
        return NULL;
    }
  return g_steal_pointer (&other);
}

/* The levels that think choose alike in two games that differ only in
 * what the seat to act cannot see.  Returns 0 when no such twin was
 * found, 1 when the seat had one action, 2 when it had a choice. */
static guint
check_fair_at (CpGame *game, GRand *rand)
{
  g_auto (CpActionList) legal = { 0 };
  guint seat = (guint) __builtin_ctz (cp_game_get_pending (game));
  gboolean changed;
  g_autoptr (CpGame) other = twin (game, seat, rand, &changed);
  g_autoptr (CpState) view = NULL, other_view = NULL;

  if (other == NULL || !changed || cp_game_get_pending (other) != cp_game_get_pending (game))
    return 0;
  view = view_of (cp_game_get_state (game), seat);
  other_view = view_of (cp_game_get_state (other), seat);
  if (!same_state (view, other_view))
    return 0;
  /* The games themselves differ. */
  g_assert_false (same_state (cp_game_get_state (game), cp_game_get_state (other)));

  for (guint level = CP_LEVEL_EASY; level <= CP_LEVEL_HARD; level++)
    {
      g_autoptr (CpComputerPlayer) one = cheap_player (level, 11);
      g_autoptr (CpComputerPlayer) two = cheap_player (level, 11);
      g_autoptr (CpView) seen = cp_game_view (game, seat);
      g_autoptr (CpView) other_seen = cp_game_view (other, seat);
      CpAction a, b;

      g_assert_true (cp_computer_player_choose (one, cp_view_get_state (seen), seat, NULL, 0, NULL, &a, NULL));
      g_assert_true (cp_computer_player_choose (two, cp_view_get_state (other_seen), seat, NULL, 0, NULL, &b, NULL));
      g_assert_true (cp_action_same (&a, &b));
      g_assert_true (cp_state_check (cp_game_get_state (game), &a, NULL));
    }
  cp_state_legal (cp_game_get_state (game), seat, &legal);
  return legal.len > 1 ? 2 : 1;
}

static void
test_fairness (void)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (5);
      guint tried = 0, choices = 0;

      if (!(rules[i]->flags & CP_RULES_SECRETS))
        continue;
      for (guint64 seed = 1; seed <= 12 && tried < 4; seed++)
        {
          g_autoptr (CpGame) game = cp_test_new_game (rules[i]->id, rules[i]->min_seats, seed, NULL);

          for (guint step = 0; step < 6 && tried < 4; step++)
            {
              guint found;

              if (!play_randomly (game, rand, 3 + step))
                break;
              found = check_fair_at (game, rand);
              tried += found > 0;
              choices += found > 1;
            }
        }
      g_test_message ("%s: %u pairs of games, %u with a choice", rules[i]->id, tried, choices);
      /* A game that draws worlds for its players has secrets a twin can
       * be made of. */
      if (rules[i]->sample != NULL)
        g_assert_cmpuint (choices, >, 0);
    }
}

/* A world drawn for a seat keeps all the seat sees: hiding again what it
 * may not see gives its view back, and the game goes on from it. */
static void
test_sample_keeps_view (void)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (9);
      guint differ = 0;

      if (rules[i]->sample == NULL)
        continue;
      for (guint64 seed = 1; seed <= 6; seed++)
        {
          g_autoptr (CpGame) game = cp_test_new_game (rules[i]->id, rules[i]->min_seats, seed, NULL);

          while (play_randomly (game, rand, 5))
            for (guint seat = 0; seat < cp_game_get_n_seats (game); seat++)
              {
                g_autoptr (CpState) view = view_of (cp_game_get_state (game), seat);
                g_autoptr (CpState) world = cp_state_copy (view);
                g_autoptr (CpState) again = NULL;

                rules[i]->sample (world, seat, rand);
                again = view_of (world, seat);
                g_assert_true (same_state (again, view));
                differ += !same_state (world, view);
                /* The world plays on. */
                if (cp_state_pending (world) != 0 && !(cp_state_pending (world) & CP_SEAT_BIT (CP_SEAT_CHANCE)))
                  {
                    g_auto (CpActionList) legal = { 0 };

                    cp_state_legal (world, (guint) __builtin_ctz (cp_state_pending (world)), &legal);
                    if (legal.len > 0)
                      g_assert_true (cp_state_apply (world, &legal.items[0], NULL));
                  }
              }
        }
      g_test_message ("%s: %u worlds filled in", rules[i]->id, differ);
      g_assert_cmpuint (differ, >, 0);
    }
}

/* Zombie Chess: the cells where a burial may lie, as the other player can
 * tell. */

/* The cells of the burials in @state, as a set. */
static guint64
burial_cells (const CpState *state)
{
  g_autoptr (CpPresentation) shown = cp_presentation_new ();
  guint64 cells = 0;

  state->rules->present (state, state, CP_VIEW_ALL, shown);
  for (guint i = 0; i < shown->overlays->len; i++)
    {
      const CpOverlay *o = &g_array_index (shown->overlays, CpOverlay, i);

      if (o->kind == CP_OVERLAY_PIECE)
        cells |= G_GUINT64_CONSTANT (1) << o->cell;
    }
  return cells;
}

static void
bury (CpGame *game, const char *cell)
{
  g_auto (CpActionList) legal = { 0 };

  cp_game_resolve_chance (game);
  cp_test_legal (game, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_BURY && legal.items[i].cells[0] == cp_test_cell (cell))
      {
        cp_test_play_action (game, legal.items[i]);
        cp_game_resolve_chance (game);
        return;
      }
  g_assert_not_reached ();
}

static void
test_zombie_deduction (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 1, NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  guint64 seen = 0, e8 = G_GUINT64_CONSTANT (1) << cp_test_cell ("e8");
  /* Where White's pieces stood after exd5, less g1. */
  guint64 possible = (0xffff & ~(G_GUINT64_CONSTANT (1) << cp_test_cell ("e2"))
                      & ~(G_GUINT64_CONSTANT (1) << cp_test_cell ("g1")))
                     | G_GUINT64_CONSTANT (1) << cp_test_cell ("d5");

  /* White takes a pawn and buries it under the b1 knight; the g1 knight
   * then leaves and nothing rises where it stood. */
  cp_test_play (game, "e4 d5 exd5");
  bury (game, "b1");
  cp_test_play (game, "Qxd5");
  cp_game_resolve_chance (game);
  bury (game, "e8");
  cp_test_play (game, "Nf3");
  cp_game_resolve_chance (game);

  for (guint i = 0; i < 200; i++)
    {
      g_autoptr (CpState) world = view_of (cp_game_get_state (game), 1);
      guint64 cells;

      cp_game_get_rules (game)->sample (world, 1, rand);
      cells = burial_cells (world);
      /* Black's own burial, and one of White's where White's pieces stood
       * when it was made, but not g1. */
      g_assert_true (cells & e8);
      cells &= ~e8;
      g_assert_cmpuint (__builtin_popcountll (cells), ==, 1);
      g_assert_true ((cells & possible) == cells);
      seen |= cells;
    }
  /* Every cell it may be under comes up: the search weighs them all. */
  g_assert_true (seen & (G_GUINT64_CONSTANT (1) << cp_test_cell ("b1")));
  g_assert_true (seen & (G_GUINT64_CONSTANT (1) << cp_test_cell ("h2")));
  g_assert_true (seen & (G_GUINT64_CONSTANT (1) << cp_test_cell ("d5")));
}

/* The search itself. */


static void
test_mate_in_one (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("zombie", 2, "fen=6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", NULL);
  g_autoptr (CpMcts) mcts = cp_mcts_new ();
  CpSearchLimits limits = { .nodes = 20000 };
  g_autofree char *text = NULL;
  CpMctsInfo info;
  CpAction best;

  g_assert_true (cp_mcts_run (mcts, state, 0, &limits, 1, NULL, &best, &info));
  text = cp_state_format (state, &best, CP_NOTATION_COMPUTER);
  g_assert_cmpstr (text, ==, "a1a8");
  g_assert_cmpfloat (info.value, >, 0.9);
  g_assert_cmpuint (info.nodes, >=, limits.nodes);
}

/* Far ahead, the search still tells a gain from standing still: White,
 * two queens and a knight up in four-player chess, takes Black's rook,
 * which attacks a queen, or does as well by the evaluation, on nearly
 * every seed. */
static void
test_far_ahead (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("km-four", 4, NULL);
  static const char *const armies[4] = { "Ka8 Qb7 Qc6 Nb6", "Kh8 Re7", "Kh1", "Ka1" };
  g_auto (CpActionList) legal = { 0 };
  int taking = G_MININT;
  guint good = 0;

  memset (state->cells, 0, sizeof state->cells);
  for (guint seat = 0; seat < 4; seat++)
    cp_knightmare_place (CP_KNIGHTMARE_STATE (state), seat, armies[seat]);
  state->to_move = 0;
  cp_chess_state_finish_setup (CP_CHESS_STATE (state));
  cp_state_legal (state, 0, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].flags & CP_ACTION_FLAG_CAPTURE)
      {
        g_autoptr (CpState) trial = cp_state_copy (state);

        g_assert_true (cp_state_apply (trial, &legal.items[i], NULL));
        taking = MAX (taking, cp_state_evaluate (trial, 0));
      }
  g_assert_cmpint (taking, >, cp_state_evaluate (state, 0) + 300);

  for (guint32 seed = 1; seed <= 8; seed++)
    {
      g_autoptr (CpMcts) mcts = cp_mcts_new ();
      g_autoptr (CpState) after = cp_state_copy (state);
      CpSearchLimits limits = { .nodes = 5 * BUDGET };
      CpAction best;

      g_assert_true (cp_mcts_run (mcts, state, 0, &limits, seed, NULL, &best, NULL));
      g_assert_true (cp_state_apply (after, &best, NULL));
      good += after->out != 0 || cp_state_evaluate (after, 0) >= taking - 60;
    }
  g_assert_cmpuint (good, >=, 6);
}

/* The games of the tree search, and Chess Attack, whose dice it draws
 * as chance nodes: id, seats and an option. */
static const struct {
  const char *id;
  guint seats;
  const char *option;
} games[] = {
  { "zombie", 2, NULL },
  { "two-move", 2, NULL },
  { "chess-attack", 2, NULL },
  { "km-three", 3, NULL },
  { "km-four", 4, NULL },
  { "km-teams", 4, NULL },
  { "crowded-house", 4, NULL },
  { "attrition", 3, "variant=multi" },
  { "attrition", 4, "variant=multi" },
};

/* The same seed and budget give the same move. */
static void
test_repeatable (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr (CpGame) game = cp_test_new_game (games[i].id, games[i].seats, 4, games[i].option, NULL);
      g_autoptr (GRand) rand = g_rand_new_with_seed (4);
      guint seat;
      CpAction a, b;

      play_randomly (game, rand, 10);
      seat = (guint) __builtin_ctz (cp_game_get_pending (game));
      for (guint k = 0; k < 2; k++)
        {
          g_autoptr (CpMcts) mcts = cp_mcts_new ();
          g_autoptr (CpView) view = cp_game_view (game, seat);
          CpSearchLimits limits = { .nodes = BUDGET };

          g_assert_true (cp_mcts_run (mcts, cp_view_get_state (view), seat, &limits, 77, NULL,
                                      k == 0 ? &a : &b, NULL));
        }
      g_assert_true (cp_action_same (&a, &b));
      g_assert_true (cp_state_check (cp_game_get_state (game), &a, NULL));
    }
}

/* The hard level in one seat, the random level in the others: a whole
 * game of legal actions. */
static void
test_whole_games (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr (CpGame) game = cp_test_new_game (games[i].id, games[i].seats, 6, games[i].option, NULL);
      g_autoptr (CpComputerPlayer) hard = cheap_player (CP_LEVEL_HARD, 6);
      g_autoptr (CpComputerPlayer) random = cp_computer_player_new (CP_LEVEL_RANDOM, 6);

      while (cp_game_get_n_actions (game) < 300)
        {
          guint seat;
          g_autoptr (CpView) view = NULL;
          CpAction action;

          cp_game_resolve_chance (game);
          if (cp_game_get_pending (game) == 0)
            break;
          seat = (guint) __builtin_ctz (cp_game_get_pending (game));
          view = cp_game_view (game, seat);
          g_assert_true (cp_computer_player_choose (seat == 0 ? hard : random, cp_view_get_state (view), seat,
                                                    NULL, 0, NULL, &action, NULL));
          g_assert_true (cp_game_play (game, &action, NULL));
        }
      g_test_message ("%s for %u: %u actions", games[i].id, games[i].seats, cp_game_get_n_actions (game));
    }
}

typedef struct {
  GMainLoop *loop;
  gboolean done;
  GError *error;
} Waiter;

static void
chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  Waiter *w = data;
  CpAction action;

  g_assert_false (cp_computer_player_choose_finish (CP_COMPUTER_PLAYER (source), result, &action, &w->error));
  w->done = TRUE;
  g_main_loop_quit (w->loop);
}

/* A tree search without an end but cancellation stops when called off. */
static void
test_cancel (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 1, NULL);
  g_autoptr (CpComputerPlayer) player = cp_computer_player_new (CP_LEVEL_HARD, 5);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Waiter w = { .loop = loop };

  cp_computer_player_set_budget (player, 0, G_MAXUINT64);
  cp_computer_player_choose_async (player, game, 0, cancellable, chosen, &w);
  g_cancellable_cancel (cancellable);
  g_main_loop_run (loop);
  g_assert_true (w.done);
  g_assert_error (w.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&w.error);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mcts/fairness", test_fairness);
  g_test_add_func ("/mcts/sample-keeps-view", test_sample_keeps_view);
  g_test_add_func ("/mcts/zombie-deduction", test_zombie_deduction);
  g_test_add_func ("/mcts/mate-in-one", test_mate_in_one);
  g_test_add_func ("/mcts/far-ahead", test_far_ahead);
  g_test_add_func ("/mcts/repeatable", test_repeatable);
  g_test_add_func ("/mcts/whole-games", test_whole_games);
  g_test_add_func ("/mcts/cancel", test_cancel);
  return g_test_run ();
}
