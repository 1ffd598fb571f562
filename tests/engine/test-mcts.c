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
#include "cp-games.h"
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

/* Random results tried for one that @seat may not see, at most. */
#define TWIN_TRIES 200000

/* Draws again in @other the random result @a that @seat may not see, as
 * made in @same, for one after which @seat sees what it saw in @same
 * though the game differs: a shuffle that deals the seat the same cards
 * and the others other ones.  FALSE if none was found; @a is then
 * drawn again at random. */
static gboolean
redraw_unseen (CpGame *other, CpGame *same, guint seat, CpAction *a, GRand *rand)
{
  g_autoptr (CpState) want = view_of (cp_game_get_state (same), seat);
  CpAction tried = *a;

  for (guint i = 0; i < TWIN_TRIES; i++)
    {
      g_autoptr (CpState) trial = cp_state_copy (cp_game_get_state (other));
      g_autoptr (CpState) seen = NULL;

      redraw (trial, &tried, rand);
      if (!cp_state_apply (trial, &tried, NULL))
        continue;
      seen = view_of (trial, seat);
      if (same_state (seen, want) && !same_state (trial, cp_game_get_state (same)))
        {
          *a = tried;
          return TRUE;
        }
    }
  redraw (cp_game_get_state (other), a, rand);
  return FALSE;
}

/* The same game with each action @seat may not see replaced by another
 * of its kind, made at random, and each random result it may not see
 * drawn again, one that shows the seat the same where there is such;
 * NULL when the log no longer fits. */
static CpGame *
twin (CpGame *game, guint seat, GRand *rand, gboolean *changed)
{
  const CpRules *rules = cp_game_get_rules (game);
  g_autoptr (CpGame) other = cp_game_new (rules->id, cp_game_get_options (game), cp_game_get_n_seats (game),
                                          cp_game_get_seed (game), NULL);
  g_autoptr (CpGame) same = cp_game_new (rules->id, cp_game_get_options (game), cp_game_get_n_seats (game),
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

      g_assert_true (cp_game_append (same, &a, NULL));
      if (hidden && a.seat == CP_SEAT_CHANCE)
        {
          guint32 before = a.value;

          redraw_unseen (other, same, seat, &a, rand);
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

/* The games whose twins are found only with other seats, options or
 * moves than their fewest seats, the defaults and a few moves into the
 * game: a player of Chess Golf alone has nobody's bid to guess; a
 * shuffle deals the same cards to one player and others to the other
 * only now and then, when the hands are small (Tar Pit Chess), and the
 * other's hand plays on only until they play a card (Cooperative Chess:
 * from the start). */
static const struct {
  const char *id;
  guint seats;
  guint first;   /* random actions before the first pair */
  const char *options[3];
} fair_setups[] = {
  { "golf", 2, 3, { NULL } },
  { "tar-pit", 2, 3, { "white-checkers=2", "black-checkers=2", NULL } },
  { "cooperative", 2, 0, { NULL } },
};

/* A game of @rules for the test of fairness; @first: random actions
 * to play before the first look. */
static CpGame *
new_fair_game (const CpRules *rules, guint64 seed, guint *first)
{
  *first = 3;
  for (guint i = 0; i < G_N_ELEMENTS (fair_setups); i++)
    if (g_str_equal (fair_setups[i].id, rules->id))
      {
        *first = fair_setups[i].first;
        return cp_test_new_game (rules->id, fair_setups[i].seats, seed, fair_setups[i].options[0],
                                 fair_setups[i].options[1], NULL);
      }
  return cp_test_new_game (rules->id, rules->min_seats, seed, NULL);
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
          guint first;
          g_autoptr (CpGame) game = new_fair_game (rules[i], seed, &first);

          for (guint step = 0; step < 6 && tried < 4; step++)
            {
              guint found;

              if (!play_randomly (game, rand, first + step))
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
          /* Two seats at least, so that a seat has another's secrets to
           * guess (Chess Golf). */
          guint seats = MIN (MAX (rules[i]->min_seats, 2), rules[i]->max_seats);
          g_autoptr (CpGame) game = cp_test_new_game (rules[i]->id, seats, seed, NULL);

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

/* A sealed choice reopened for the search of a seat still to choose is
 * one its maker may make again: the choice really made is among its legal
 * actions in the reopened world, and nothing else changed, so that making
 * it again gives the seat's view back. */
static void
test_reopen (void)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (3);
      guint reopened = 0;

      if (rules[i]->reopen == NULL)
        continue;
      for (guint64 seed = 1; seed <= 4; seed++)
        {
          g_autoptr (CpGame) game = cp_test_new_game (rules[i]->id, 2, seed, NULL);

          while (play_randomly (game, rand, 1))
            for (guint seat = 0; seat < 2; seat++)
              {
                g_autoptr (CpState) view = view_of (cp_game_get_state (game), seat);
                g_autoptr (CpState) world = cp_state_copy (view);
                CpSeatMask more;

                if (!(cp_state_pending (view) & CP_SEAT_BIT (seat)))
                  continue;
                rules[i]->reopen (world, seat);
                more = cp_state_pending (world) & ~cp_state_pending (view);
                if (more == 0)
                  {
                    g_assert_true (same_state (world, view));
                    continue;
                  }
                g_assert_cmphex (more, ==, CP_SEAT_BIT (1 - seat));
                for (guint k = cp_game_get_n_actions (game); k-- > 0;)
                  {
                    const CpAction *made = cp_game_get_action (game, k);
                    g_autoptr (GError) error = NULL;

                    if (made->seat != 1 - seat)
                      continue;
                    g_assert_cmpint (made->type, ==, CP_ACTION_COMMIT);
                    /* Legal, and made again, it gives the seat's view back. */
                    cp_state_apply (world, made, &error);
                    g_assert_no_error (error);
                    rules[i]->redact (world, seat);
                    g_assert_true (same_state (world, view));
                    break;
                  }
                reopened++;
              }
        }
      g_test_message ("%s: %u sealed choices reopened", rules[i]->id, reopened);
      g_assert_cmpuint (reopened, >, 0);
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

/* Zombie Chess: the evaluation counts what the chess pieces do not show.
 * White takes a pawn and buries it: the burial, which rises as Black's
 * zombie once the piece on it moves off, costs White something, but less
 * than the pawn; under the b1 knight, on Black's far rank, where it would
 * rise as a queen, more.  Once it has risen there, the zombie, which
 * Black must keep moving, counts for less than the same piece would to
 * Black, but for something. */
static CpGame *
pawn_buried (const char *cell)
{
  CpGame *game = cp_test_new_game ("zombie", 2, 1, NULL);

  cp_test_play (game, "e4 d5 exd5");
  bury (game, cell);
  return game;
}

static void
test_zombie_evaluation (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 1, NULL);
  g_autoptr (CpGame) on_d5 = pawn_buried ("d5");
  g_autoptr (CpGame) on_b1 = pawn_buried ("b1");
  const CpState *state;
  const CpPiece *risen;
  int chess;

  cp_test_play (game, "e4 d5 exd5");
  state = cp_game_get_state (game);
  chess = cp_chess_evaluate (CP_CHESS_STATE (state), 0);
  g_assert_cmpint (cp_state_evaluate (state, 0), <, chess);
  g_assert_cmpint (cp_state_evaluate (state, 0), >, chess - 100);

  state = cp_game_get_state (on_d5);
  chess = cp_chess_evaluate (CP_CHESS_STATE (state), 0);
  g_assert_cmpint (cp_state_evaluate (state, 0), <, chess);
  g_assert_cmpint (cp_state_evaluate (state, 0), >, chess - 100);
  g_assert_cmpint (cp_state_evaluate (state, 1), >, cp_chess_evaluate (CP_CHESS_STATE (state), 1));
  g_assert_cmpint (cp_state_evaluate (cp_game_get_state (on_b1), 0), <, cp_state_evaluate (state, 0));

  cp_test_play (on_b1, "Nf6 Nc3");
  cp_game_resolve_chance (on_b1);
  state = cp_game_get_state (on_b1);
  risen = &state->cells[cp_test_cell ("b1")];
  g_assert_cmpint (risen->seat, ==, 1);
  g_assert_cmpint (risen->kind, ==, CP_PIECE_QUEEN);
  g_assert_true (risen->flags & CP_PIECE_FLAG_ZOMBIE);
  chess = cp_chess_evaluate (CP_CHESS_STATE (state), 1);
  g_assert_cmpint (cp_state_evaluate (state, 1), <, chess);
  g_assert_cmpint (cp_state_evaluate (state, 1), >, chess - cp_piece_kind_value (CP_PIECE_QUEEN));
}

/* Masquerade Chess: the tables a player could deduce. */

/* The game @game would be had the other seat than @seat written the
 * table @value, if @seat would see the same in it; NULL otherwise. */
static CpGame *
with_table (CpGame *game, guint seat, guint32 value)
{
  g_autoptr (CpGame) other = cp_game_new ("masquerade", cp_game_get_options (game), 2, cp_game_get_seed (game), NULL);
  g_autoptr (CpState) seen = view_of (cp_game_get_state (game), seat);
  g_autoptr (CpState) seen_there = NULL;

  for (guint i = 0; i < cp_game_get_n_actions (game); i++)
    {
      CpAction a = *cp_game_get_action (game, i);

      if (a.type == CP_ACTION_COMMIT && a.seat != seat)
        a.value = value;
      if (!cp_game_append (other, &a, NULL))
        return NULL;
    }
  seen_there = view_of (cp_game_get_state (other), seat);
  return same_state (seen, seen_there) ? g_steal_pointer (&other) : NULL;
}

/* Whether the worlds drawn for @seat in @game are the games with the
 * tables that answer every capture tried as it was answered, each drawn
 * now and then.  Returns how many tables those are. */
static guint
check_tables (CpGame *game, guint seat, GRand *rand)
{
  g_autoptr (CpState) start = cp_test_new_state ("masquerade", 2, NULL);
  g_auto (CpActionList) tables = { 0 };
  g_autoptr (GPtrArray) fits = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (CpState) view = view_of (cp_game_get_state (game), seat);
  g_autofree guint *drawn = NULL;

  cp_state_legal (start, 1 - seat, &tables);
  g_assert_cmpuint (tables.len, ==, 120);
  for (guint i = 0; i < tables.len; i++)
    {
      CpGame *other = with_table (game, seat, tables.items[i].value);

      if (other != NULL)
        g_ptr_array_add (fits, other);
    }
  /* The real one answers as it did. */
  g_assert_cmpuint (fits->len, >, 0);
  drawn = g_new0 (guint, fits->len);
  for (guint k = 0; k < 10 * fits->len; k++)
    {
      g_autoptr (CpState) world = cp_state_copy (view);
      guint found = fits->len;

      world->rules->sample (world, seat, rand);
      for (guint i = 0; i < fits->len && found == fits->len; i++)
        if (same_state (world, cp_game_get_state (g_ptr_array_index (fits, i))))
          found = i;
      g_assert_cmpuint (found, <, fits->len);
      drawn[found]++;
    }
  for (guint i = 0; i < fits->len; i++)
    g_assert_cmpuint (drawn[i], >, 0);
  return fits->len;
}

static void
test_masquerade_tables (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (29);
  guint checked = 0, fewest = 120;

  for (guint64 seed = 1; seed <= 3; seed++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("masquerade", 2, seed, NULL);

      while (play_randomly (game, rand, 9) && cp_game_get_n_actions (game) < 60)
        {
          guint seat = (guint) __builtin_ctz (cp_game_get_pending (game));

          fewest = MIN (fewest, check_tables (game, seat, rand));
          checked++;
        }
    }
  g_test_message ("%u views; %u tables at the fewest", checked, fewest);
  /* The answers ruled some tables out. */
  g_assert_cmpuint (fewest, <, 120);
}

/* Card games: the cards of a world drawn for a seat. */

/* The cards of @table face up or in hands, as a set; FALSE if a card
 * shows twice or one is hidden (CP_CARD_UNKNOWN). */
static gboolean
table_set (const CpCardTable *table, guint n_seats, guint64 *set)
{
  const CpHand *piles[3 * CP_MAX_SEATS + 1];
  guint n = 0;

  *set = 0;
  for (guint s = 0; s < n_seats; s++)
    {
      piles[n++] = &table->hand[s];
      piles[n++] = &table->up[s];
      piles[n++] = &table->sealed[s];
    }
  piles[n++] = &table->discard;
  for (guint i = 0; i < n; i++)
    for (guint c = 0; c < cp_hand_count (piles[i]); c++)
      {
        guint64 bit = cp_card_bit (cp_hand_get (piles[i], c));

        if (bit == 0 || (*set & bit))
          return FALSE;
        *set |= bit;
      }
  return TRUE;
}

/* Whether @world, drawn from @view, deals each hand as many
 * cards as the view shows, none of them twice nor one the seat sees
 * elsewhere, and leaves as many to draw. */
static gboolean
cards_fit (const CpState *view, const CpState *world)
{
  CpCardTable seen, dealt;
  guint64 all;

  view->rules->cards (view, &seen);
  world->rules->cards (world, &dealt);
  if (!table_set (&dealt, world->n_seats, &all) || seen.draw_pile != dealt.draw_pile)
    return FALSE;
  for (guint s = 0; s < world->n_seats; s++)
    {
      if (cp_hand_count (&seen.hand[s]) != cp_hand_count (&dealt.hand[s]))
        return FALSE;
      /* What the seat sees stays where it was. */
      for (guint c = 0; c < cp_hand_count (&seen.hand[s]); c++)
        if (cp_hand_get (&seen.hand[s], c) != CP_CARD_UNKNOWN
            && cp_hand_get (&seen.hand[s], c) != cp_hand_get (&dealt.hand[s], c))
          return FALSE;
    }
  return TRUE;
}

/* The cards of @seat's hand in @state, as a set. */
static guint64
hand_set (const CpState *state, guint seat)
{
  CpCardTable table;

  state->rules->cards (state, &table);
  return cp_deck_get_set (&table.hand[seat].cards);
}

/* In the games with cards, a world drawn for a seat deals the cards it
 * has not seen, and deals them differently from one world to the
 * next. */
static void
test_sample_cards (void)
{
  static const struct {
    const char *id;
    const char *option;
  } card_games[] = {
    { "tar-pit", NULL },
    { "tar-pit", "white-checkers=10" },
    { "cooperative", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (card_games); i++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (17);
      guint looked = 0, varied = 0;

      for (guint64 seed = 1; seed <= 4; seed++)
        {
          g_autoptr (CpGame) game = cp_test_new_game (card_games[i].id, 2, seed, card_games[i].option, NULL);

          while (play_randomly (game, rand, 7) && cp_game_get_n_actions (game) < 400)
            for (guint seat = 0; seat < 2; seat++)
              {
                g_autoptr (CpState) view = view_of (cp_game_get_state (game), seat);
                guint64 first = 0;
                gboolean differs = FALSE;
                CpCardTable table;

                view->rules->cards (view, &table);
                for (guint k = 0; k < 8; k++)
                  {
                    g_autoptr (CpState) world = cp_state_copy (view);

                    world->rules->sample (world, seat, rand);
                    g_assert_true (cards_fit (view, world));
                    if (k == 0)
                      first = hand_set (world, 1 - seat);
                    differs |= hand_set (world, 1 - seat) != first;
                  }
                /* Unless the other holds nothing or all there is. */
                if (cp_hand_count (&table.hand[1 - seat]) > 0 && table.draw_pile > 0)
                  looked++;
                varied += differs;
              }
        }
      g_test_message ("%s %s: %u views of a hand to guess, %u with hands that differ", card_games[i].id,
                      card_games[i].option ? card_games[i].option : "", looked, varied);
      g_assert_cmpuint (varied, >, looked / 2);
    }
}

/* Tar Pit Chess: once the discard pile is shuffled into a new draw pile,
 * the cards the other player held then are known to be in their hand
 * until they play them. */
static void
test_tar_pit_reshuffle (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (23);
  guint checked = 0;

  for (guint64 seed = 1; seed <= 6 && checked < 20; seed++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("tar-pit", 2, seed, "white-checkers=12", "black-checkers=12", NULL);
      guint64 held[2] = { 0, 0 };
      guint shuffles = 0;  /* of the discard pile: the deal is made */

      while (cp_game_get_n_actions (game) < 1500 && play_randomly (game, rand, 1))
        {
          guint seat = (guint) __builtin_ctz (cp_game_get_pending (game));
          guint other = 1 - seat;

          /* What each held at the last shuffle and holds still. */
          for (guint i = cp_game_get_n_actions (game); i-- > 0 && cp_game_get_action (game, i)->seat == CP_SEAT_CHANCE;)
            if (cp_game_get_action (game, i)->type == CP_ACTION_SHUFFLE && ++shuffles > 0)
              held[0] = held[1] = G_MAXUINT64;
          for (guint s = 0; s < 2; s++)
            held[s] &= hand_set (cp_game_get_state (game), s);
          if (shuffles == 0 || held[other] == 0)
            continue;
          for (guint k = 0; k < 4; k++)
            {
              g_autoptr (CpState) world = view_of (cp_game_get_state (game), seat);

              world->rules->sample (world, seat, rand);
              g_assert_cmphex (hand_set (world, other) & held[other], ==, held[other]);
            }
          checked++;
        }
    }
  g_test_message ("%u views after the discard pile was shuffled", checked);
  g_assert_cmpuint (checked, >, 0);
}

/* The search itself. */


static void
test_mate_in_one (void)
{
  /* One tree on a budget, then three trees in three threads on a time. */
  for (guint threads = 1; threads <= 3; threads += 2)
    {
      g_autoptr (CpState) state = cp_test_new_state ("zombie", 2, "fen=6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", NULL);
      g_autoptr (CpMcts) mcts = cp_mcts_new ();
      CpSearchLimits limits = { .nodes = 20000 };
      g_autofree char *text = NULL;
      CpMctsInfo info;
      CpAction best;

      if (threads > 1)
        limits = (CpSearchLimits) { .deadline = g_get_monotonic_time () + 500 * 1000 };
      cp_mcts_set_threads (mcts, threads);
      g_assert_true (cp_mcts_run (mcts, state, 0, &limits, 1, NULL, &best, &info));
      text = cp_state_format (state, &best, CP_NOTATION_COMPUTER);
      g_assert_cmpstr (text, ==, "a1a8");
      g_assert_cmpfloat (info.value, >, 0.9);
      g_assert_cmpfloat (info.share, <=, 1.0);
      if (threads == 1)
        g_assert_cmpuint (info.nodes, >=, limits.nodes);
    }
}

static gpointer
cancel_later (gpointer cancellable)
{
  g_usleep (50 * 1000);
  g_cancellable_cancel (cancellable);
  return NULL;
}

/* Trees grown in several threads without an end stop, all of them, when
 * the search is called off, and give a legal move. */
static void
test_threads_cancel (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("synchronous", 2, NULL);
  g_autoptr (CpMcts) mcts = cp_mcts_new ();
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  GThread *canceller;
  CpMctsInfo info;
  CpAction best;

  cp_mcts_set_threads (mcts, 3);
  canceller = g_thread_new ("cancel", cancel_later, cancellable);
  g_assert_true (cp_mcts_run (mcts, state, 0, NULL, 1, cancellable, &best, &info));
  g_thread_join (canceller);
  g_assert_cmpuint (info.iterations, >, 0);
  g_assert_true (cp_state_check (state, &best, NULL));
}

/* A clearly better move draws most of the search rather than a share
 * like every other's: White's pawn takes a knight that would otherwise
 * get away, and the search spends at least two iterations in five on
 * taking it, on every seed, so that a longer search looks deeper along
 * it instead of averaging every move's first step again. */
static void
test_focus (void)
{
  for (guint32 seed = 1; seed <= 6; seed++)
    {
      g_autoptr (CpState) state = cp_test_new_state ("zombie", 2, "fen=4k3/pppp4/8/3n4/4P3/8/PPP5/4K3 w - - 0 1",
                                                     NULL);
      g_autoptr (CpMcts) mcts = cp_mcts_new ();
      CpSearchLimits limits = { .nodes = 20000 };
      g_autofree char *text = NULL;
      CpMctsInfo info;
      CpAction best;

      g_assert_true (cp_mcts_run (mcts, state, 0, &limits, seed, NULL, &best, &info));
      text = cp_state_format (state, &best, CP_NOTATION_COMPUTER);
      g_assert_cmpstr (text, ==, "e4d5");
      g_assert_cmpfloat (info.share, >=, 0.4);
      g_assert_cmpfloat (info.share, <=, 1.0);
    }
}

/* Moves chosen together in secret are shown together, and from then on
 * both seats know them: the tree below tells each pair of moves apart
 * instead of gathering every position that follows into one node.  From
 * the start of Synchronous Chess most iterations try a pair of first
 * moves not tried before, so the tree grows more than one node in four
 * iterations; gathered, it grows a chain of a few nodes for each reply. */
static void
test_reveal_splits (void)
{
  g_autoptr (CpState) state = cp_test_new_state ("synchronous", 2, NULL);
  g_autoptr (CpMcts) mcts = cp_mcts_new ();
  CpSearchLimits limits = { .nodes = 20000 };
  CpMctsInfo info;
  CpAction best;

  g_assert_true (cp_mcts_run (mcts, state, 0, &limits, 1, NULL, &best, &info));
  g_test_message ("%" G_GUINT64_FORMAT " iterations, %u nodes", info.iterations, info.tree);
  g_assert_cmpuint (info.tree, >, info.iterations / 4);
  g_assert_cmpuint (info.tree, <=, 2 * info.iterations + 2);
}

/* A seat that chooses after the other has sealed its choice weighs that
 * choice as the other would have made it, knowing no more, not as any
 * move at random.  In Synchronous Chess White has sealed a move; Black's
 * queen on d5 is attacked by White's pawn, and Black's knight may take a
 * pawn.  Were White's move any of its fifteen at random, the queen would
 * be lost one time in fifteen, less than the pawn seems worth; but White
 * takes the queen whenever it stays, so Black moves it, on every seed
 * (drawn at random, Black took the pawn on two seeds of six). */
static void
test_sealed_reply (void)
{
  for (guint32 seed = 1; seed <= 6; seed++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("synchronous", 2, 1, "fen=7k/8/8/1n1q4/4P3/2P2PR1/8/7K w - - 0 1",
                                                  NULL);
      g_autoptr (CpView) view = NULL;
      g_autoptr (CpMcts) mcts = cp_mcts_new ();
      g_auto (CpActionList) legal = { 0 };
      CpSearchLimits limits = { .nodes = 20000 };
      g_autofree char *text = NULL;
      const CpState *state;
      CpAction best;

      /* White takes the queen. */
      cp_state_legal (cp_game_get_state (game), 0, &legal);
      for (guint i = 0; i < legal.len; i++)
        if (legal.items[i].n_cells == 2 && legal.items[i].cells[0] == cp_test_cell ("e4")
            && legal.items[i].cells[1] == cp_test_cell ("d5"))
          g_assert_true (cp_game_play (game, &legal.items[i], NULL));
      view = cp_game_view (game, 1);
      state = cp_view_get_state (view);
      g_assert_cmpuint (cp_state_pending (state), ==, CP_SEAT_BIT (1));
      g_assert_true (cp_mcts_run (mcts, state, 1, &limits, seed, NULL, &best, NULL));
      text = cp_state_format (state, &best, CP_NOTATION_COMPUTER);
      g_test_message ("seed %u: %s", seed, text);
      g_assert_true (g_str_has_prefix (text, "d5"));
    }
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

/* Cooperative Chess: White has played the rook's card, and Black's pawn
 * card on top of Black's stack lets the rook take the last pawn on the
 * board, a point for the partners, or White may end the turn; the draw
 * pile is full.  The partners play for the common score, so the computer
 * takes it. */
static void
test_partners_play_for_points (void)
{
  guint taken = 0;

  for (guint32 seed = 1; seed <= 4; seed++)
    {
      g_autoptr (CpState) state = cp_test_new_state ("cooperative", 2, "colours=seated",
                                                     "fen=4k3/8/8/8/8/8/p7/R3K3 w - - 0 1", NULL);
      const char *const piles[5] = { "10H 3H 4H", "8S 9S 5C", "", "2S", "" };
      g_autoptr (CpMcts) mcts = cp_mcts_new ();
      CpSearchLimits limits = { .nodes = BUDGET };
      g_auto (CpActionList) legal = { 0 };
      CpAction best;
      gboolean played = FALSE;

      cp_cooperative_arrange (state, piles);
      cp_state_legal (state, 0, &legal);
      for (guint i = 0; i < legal.len && !played; i++)
        if (legal.items[i].type == CP_ACTION_PLAY_CARD && g_str_equal (cp_card_to_id (legal.items[i].value), "10H"))
          played = cp_state_apply (state, &legal.items[i], NULL);
      g_assert_true (played);
      g_assert_cmpuint (state->to_move, ==, 0);
      g_assert_true (cp_mcts_run (mcts, state, 0, &limits, seed, NULL, &best, NULL));
      taken += best.type == CP_ACTION_MOVE && (best.flags & CP_ACTION_FLAG_CAPTURE);
    }
  g_assert_cmpuint (taken, ==, 4);
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
  g_test_add_func ("/mcts/reopen", test_reopen);
  g_test_add_func ("/mcts/zombie-deduction", test_zombie_deduction);
  g_test_add_func ("/mcts/zombie-evaluation", test_zombie_evaluation);
  g_test_add_func ("/mcts/masquerade-tables", test_masquerade_tables);
  g_test_add_func ("/mcts/sample-cards", test_sample_cards);
  g_test_add_func ("/mcts/tar-pit-reshuffle", test_tar_pit_reshuffle);
  g_test_add_func ("/mcts/mate-in-one", test_mate_in_one);
  g_test_add_func ("/mcts/far-ahead", test_far_ahead);
  g_test_add_func ("/mcts/focus", test_focus);
  g_test_add_func ("/mcts/reveal-splits", test_reveal_splits);
  g_test_add_func ("/mcts/sealed-reply", test_sealed_reply);
  g_test_add_func ("/mcts/partners-play-for-points", test_partners_play_for_points);
  g_test_add_func ("/mcts/repeatable", test_repeatable);
  g_test_add_func ("/mcts/whole-games", test_whole_games);
  g_test_add_func ("/mcts/cancel", test_cancel);
  g_test_add_func ("/mcts/threads-cancel", test_threads_cancel);
  return g_test_run ();
}
