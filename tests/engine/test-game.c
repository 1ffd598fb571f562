/* test-game.c: the game, its log, replay, views and random results
 *
 * The tests use a small game of their own, so that they do not depend on
 * any game of the registry.  In the coin game, chance first rolls a die;
 * then the seats take turns.  A turn either stacks a coin on one of the
 * nine cells of a 3 x 3 board, after which chance rolls the coin's face
 * value, or seals a secret number from 0 to 2 that only its seat may see
 * (once per seat).  The owner of the first stack of `stack` coins wins.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cp-error.h"
#include "cp-game.h"
#include "cp-random.h"
#include "cp-registry.h"
#include "cp-test-util.h"
#include "cp-view.h"

#define FACES 6

typedef struct {
  CpState base;
  guint8 rolled;        /* the opening roll has been made */
  guint8 opening;       /* its value */
  guint8 roll_due;      /* a coin waits for its face value */
  guint8 last;          /* the cell of the last coin */
  guint8 stack;         /* coins that win */
  CpSeatMask sealed;    /* seats that have sealed their number */
  guint8 secret[CP_MAX_SEATS];
} CoinState;

static const CpOptionSpec coin_options[] = {
  { "stack", "Coins that win", CP_OPTION_INT, "5", NULL, NULL, 2, 99 },
  { "metal", "Metal", CP_OPTION_CHOICE, "gold",
    (const char *const[]) { "gold", "silver", NULL },
    (const char *const[]) { "Gold", "Silver", NULL }, 0, 0 },
};

static const CpColour coin_colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK, CP_COLOUR_RED };

static gboolean
coin_init (CpState *state, GHashTable *options, GError **error)
{
  CoinState *coin = (CoinState *) state;

  state->board = cp_board_new (3, 3);
  coin->stack = (guint8) atoi (g_hash_table_lookup (options, "stack"));
  return TRUE;
}

static CpSeatMask
coin_pending (const CpState *state)
{
  const CoinState *coin = (const CoinState *) state;

  if (!coin->rolled || coin->roll_due)
    return CP_SEAT_BIT (CP_SEAT_CHANCE);
  return CP_SEAT_BIT (state->to_move);
}

static void
coin_chance (const CpState *state, CpChance *request)
{
  request->type = CP_ACTION_ROLL;
  request->range = FACES;
}

static void
coin_legal (const CpState *state, guint seat, CpActionList *out)
{
  const CoinState *coin = (const CoinState *) state;

  for (guint c = 0; c < 9; c++)
    {
      CpAction *action = cp_action_list_add (out);

      cp_action_init (action, CP_ACTION_PLACE, seat);
      action->piece = CP_PIECE_CHECKER;
      action->n_cells = 1;
      action->cells[0] = (guint8) c;
    }
  if (!(coin->sealed & CP_SEAT_BIT (seat)))
    for (guint v = 0; v < 3; v++)
      {
        CpAction *action = cp_action_list_add (out);

        cp_action_init (action, CP_ACTION_COMMIT, seat);
        action->value = v;
        action->visible = CP_SEAT_BIT (seat);
      }
}

static void
coin_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  CoinState *coin = (CoinState *) state;

  switch (action->type)
    {
    case CP_ACTION_ROLL:
      if (!coin->rolled)
        {
          coin->rolled = TRUE;
          coin->opening = (guint8) action->value;
          return;
        }
      state->cells[coin->last].wounds = (guint8) action->value;
      coin->roll_due = FALSE;
      state->to_move = (guint8) ((state->to_move + 1) % state->n_seats);
      return;
    case CP_ACTION_PLACE:
      coin->last = action->cells[0];
      state->cells[coin->last].kind = CP_PIECE_CHECKER;
      state->cells[coin->last].seat = action->seat;
      state->cells[coin->last].checkers++;
      coin->roll_due = TRUE;
      state->ply++;
      return;
    case CP_ACTION_COMMIT:
      coin->sealed |= CP_SEAT_BIT (action->seat);
      coin->secret[action->seat] = (guint8) action->value;
      state->to_move = (guint8) ((state->to_move + 1) % state->n_seats);
      state->ply++;
      return;
    default:
      g_assert_not_reached ();
    }
}

static void
coin_outcome (const CpState *state, CpOutcome *outcome)
{
  const CoinState *coin = (const CoinState *) state;

  *outcome = (CpOutcome) { CP_STATUS_PLAYING, CP_END_NONE, 0 };
  for (guint c = 0; c < 9; c++)
    if (state->cells[c].checkers >= coin->stack)
      *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_SCORE, CP_SEAT_BIT (state->cells[c].seat) };
}

static void
coin_redact (CpState *state, guint seat)
{
  CoinState *coin = (CoinState *) state;

  for (guint s = 0; s < CP_MAX_SEATS; s++)
    if (s != seat)
      coin->secret[s] = 0;
}

#define COIN_RULES(draws)                                                  \
  {                                                                        \
    .id = "coin",                                                          \
    .name = "Coins",                                                       \
    .summary = "Stack coins",                                              \
    .min_seats = 2,                                                        \
    .max_seats = 3,                                                        \
    .flags = (draws) | CP_RULES_SECRETS | CP_RULES_CHANCE,                 \
    .options = coin_options,                                               \
    .n_options = G_N_ELEMENTS (coin_options),                              \
    .colours = coin_colours,                                               \
    .state_size = sizeof (CoinState),                                      \
    .init = coin_init,                                                     \
    .pending = coin_pending,                                               \
    .chance = coin_chance,                                                 \
    .legal = coin_legal,                                                   \
    .make = coin_make,                                                     \
    .outcome = coin_outcome,                                               \
    .redact = coin_redact,                                                 \
  }

static const CpRules coin_rules = COIN_RULES (CP_RULES_DRAWS);
static const CpRules coin_rules_no_draws = COIN_RULES (0);

/* Helpers. */

static GHashTable *
options_of (const char *key, const char *value, ...)
{
  GHashTable *options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  va_list args;

  va_start (args, value);
  while (key != NULL)
    {
      g_hash_table_insert (options, g_strdup (key), g_strdup (value));
      key = va_arg (args, const char *);
      if (key != NULL)
        value = va_arg (args, const char *);
    }
  va_end (args);
  return options;
}

static CpGame *
new_coin_game (guint n_seats, guint64 seed, const char *stack)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) options = options_of ("stack", stack, NULL);
  CpGame *game = cp_game_new_with_rules (&coin_rules, options, n_seats, seed, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

static CpAction
place (guint seat, guint c)
{
  CpAction action;

  cp_action_init (&action, CP_ACTION_PLACE, seat);
  action.piece = CP_PIECE_CHECKER;
  action.n_cells = 1;
  action.cells[0] = (guint8) c;
  return action;
}

static CpAction
seal (guint seat, guint value)
{
  CpAction action;

  cp_action_init (&action, CP_ACTION_COMMIT, seat);
  action.value = value;
  action.visible = CP_SEAT_BIT (seat);
  return action;
}

static CpAction
meta (CpActionType type, guint seat)
{
  CpAction action;

  cp_action_init (&action, type, seat);
  return action;
}

/* Plays a coin for whichever seat is to move. */
static void
play_coin (CpGame *game, guint c)
{
  cp_test_play_action (game, place (cp_game_get_state (game)->to_move, c));
}

static guint
seat_to_move (CpGame *game)
{
  CpSeatMask pending = cp_game_get_pending (game);

  g_assert_cmpuint (__builtin_popcount (pending), ==, 1);
  return (guint) __builtin_ctz (pending);
}

static void
assert_same_state (const CpState *a, const CpState *b)
{
  const CoinState *ca = (const CoinState *) a, *cb = (const CoinState *) b;

  g_assert_cmpmem (a->cells, sizeof a->cells, b->cells, sizeof b->cells);
  g_assert_cmpuint (a->to_move, ==, b->to_move);
  g_assert_cmpuint (a->ply, ==, b->ply);
  g_assert_cmpuint (a->outcome.status, ==, b->outcome.status);
  g_assert_cmpuint (ca->rolled, ==, cb->rolled);
  g_assert_cmpuint (ca->opening, ==, cb->opening);
  g_assert_cmpuint (ca->roll_due, ==, cb->roll_due);
  g_assert_cmpuint (ca->sealed, ==, cb->sealed);
  g_assert_cmpmem (ca->secret, sizeof ca->secret, cb->secret, sizeof cb->secret);
}

static void
assert_same_log (CpGame *a, CpGame *b)
{
  g_assert_cmpuint (cp_game_get_n_actions (a), ==, cp_game_get_n_actions (b));
  for (guint i = 0; i < cp_game_get_n_actions (a); i++)
    {
      const CpAction *x = cp_game_get_action (a, i), *y = cp_game_get_action (b, i);

      g_assert_true (cp_action_same (x, y));
      g_assert_cmpuint (x->visible, ==, y->visible);
    }
}

static void
count_signal (gpointer instance, gpointer data)
{
  (*(guint *) data)++;
}

/* Random results. */

static void
test_chance_rolls (void)
{
  const guint64 seed = G_GUINT64_CONSTANT (0x1234567890abcdef);
  g_autoptr (CpGame) game = new_coin_game (2, seed, "99");
  guint chance = 0;

  g_assert_cmpuint (cp_game_get_seed (game), ==, seed);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 0);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (CP_SEAT_CHANCE));
  g_assert_cmpuint (cp_game_resolve_chance (game), ==, 1);
  g_assert_cmpuint (cp_game_resolve_chance (game), ==, 0);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (0));

  for (guint i = 0; i < 12; i++)
    play_coin (game, i % 9);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1 + 2 * 12);
  g_assert_cmpuint (cp_game_count_draws (game), ==, 13);

  for (guint i = 0; i < cp_game_get_n_actions (game); i++)
    {
      const CpAction *action = cp_game_get_action (game, i);

      if (action->seat != CP_SEAT_CHANCE)
        {
          g_assert_cmpuint (action->type, ==, CP_ACTION_PLACE);
          continue;
        }
      g_autoptr (CpState) before = cp_game_state_at (game, i);

      g_assert_cmpuint (action->type, ==, CP_ACTION_ROLL);
      g_assert_cmpuint (action->value, <, FACES);
      /* Drawn from the seed and the position it is drawn in. */
      g_assert_cmpuint (action->value, ==, cp_random_draw (seed ^ cp_state_hash (before), chance, FACES));
      chance++;
    }
  g_assert_cmpuint (chance, ==, 13);

  /* A move taken back and played again meets the same number; another
   * move played instead draws its own. */
  {
    guint again = cp_game_get_action (game, 24)->value, other;

    cp_game_truncate (game, 23);
    play_coin (game, 11 % 9);
    g_assert_cmpuint (cp_game_get_action (game, 24)->value, ==, again);
    cp_game_truncate (game, 23);
    play_coin (game, 0);
    other = cp_game_get_action (game, 24)->value;
    {
      g_autoptr (CpState) before = cp_game_state_at (game, 24);

      g_assert_cmpuint (other, ==, cp_random_draw (seed ^ cp_state_hash (before), 12, FACES));
    }
    cp_game_truncate (game, 23);
    play_coin (game, 11 % 9);
  }

  /* The rolls are written on the board: the face of the last coin. */
  g_assert_cmpuint (cp_game_get_state (game)->cells[11 % 9].wounds, ==,
                    cp_game_get_action (game, 24)->value);
  g_assert_cmpuint (((const CoinState *) cp_game_get_state (game))->opening, ==,
                    cp_game_get_action (game, 0)->value);
}

static void
test_chance_seeds (void)
{
  g_autoptr (CpGame) a = new_coin_game (2, 42, "99");
  g_autoptr (CpGame) b = new_coin_game (2, 42, "99");
  g_autoptr (CpGame) c = new_coin_game (2, 43, "99");
  guint differ = 0;

  cp_game_resolve_chance (a);
  cp_game_resolve_chance (b);
  cp_game_resolve_chance (c);
  for (guint i = 0; i < 20; i++)
    {
      play_coin (a, i % 9);
      play_coin (b, i % 9);
      play_coin (c, i % 9);
    }
  assert_same_log (a, b);
  assert_same_state (cp_game_get_state (a), cp_game_get_state (b));

  g_assert_cmpuint (cp_game_get_n_actions (c), ==, cp_game_get_n_actions (a));
  for (guint i = 0; i < cp_game_get_n_actions (a); i++)
    differ += cp_game_get_action (a, i)->value != cp_game_get_action (c, i)->value;
  g_assert_cmpuint (differ, >, 0);
}

static void
test_chance_entered (void)
{
  g_autoptr (CpGame) game = new_coin_game (2, 7, "99");
  g_autoptr (GError) error = NULL;
  CpAction roll = meta (CP_ACTION_ROLL, CP_SEAT_CHANCE);

  /* A die rolled at the table is out of range above its faces. */
  roll.value = FACES;
  g_assert_false (cp_game_append (game, &roll, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_clear_error (&error);

  roll.value = FACES - 1;
  roll.flags = CP_ACTION_FLAG_ENTERED;
  g_assert_true (cp_game_append (game, &roll, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (((const CoinState *) cp_game_get_state (game))->opening, ==, FACES - 1);

  /* No roll is due now. */
  g_assert_false (cp_game_append (game, &roll, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
}

/* The log. */

static void
test_illegal_append (void)
{
  g_autoptr (CpGame) game = new_coin_game (2, 1, "5");
  guint changed = 0;
  CpAction action;
  struct {
    CpAction action;
    gint code;
  } bad[] = {
    { place (1, 4), CP_ERROR_ILLEGAL_ACTION },      /* not seat 1's turn */
    { place (0, 9), CP_ERROR_ILLEGAL_ACTION },      /* no such cell */
    { place (2, 4), CP_ERROR_ILLEGAL_ACTION },      /* no such seat */
    { seal (0, 3), CP_ERROR_ILLEGAL_ACTION },       /* out of range */
    { meta (CP_ACTION_PASS, 0), CP_ERROR_ILLEGAL_ACTION },
    { meta (CP_ACTION_ROLL, CP_SEAT_CHANCE), CP_ERROR_ILLEGAL_ACTION }, /* none due */
    { meta (CP_ACTION_ACCEPT_DRAW, 1), CP_ERROR_ILLEGAL_ACTION },      /* none offered */
  };

  /* Before the opening roll nobody plays. */
  action = place (0, 4);
  g_assert_false (cp_game_append (game, &action, NULL));
  cp_game_resolve_chance (game);
  g_assert_cmpuint (seat_to_move (game), ==, 0);

  g_signal_connect (game, "changed", G_CALLBACK (count_signal), &changed);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      guint before = cp_game_get_n_actions (game);
      g_autoptr (CpState) state = cp_state_copy (cp_game_get_state (game));

      g_test_message ("bad action %u", i);
      g_assert_false (cp_game_append (game, &bad[i].action, &error));
      g_assert_error (error, CP_ERROR, bad[i].code);
      g_assert_nonnull (error->message);
      g_assert_cmpuint (cp_game_get_n_actions (game), ==, before);
      assert_same_state (state, cp_game_get_state (game));
    }
  g_assert_cmpuint (changed, ==, 0);

  /* The same coin from the seat to move is legal. */
  action = place (0, 4);
  g_assert_true (cp_game_append (game, &action, NULL));
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);

  /* Now a roll is due, and no seat may act before it. */
  action = place (1, 4);
  g_assert_false (cp_game_append (game, &action, NULL));
  g_assert_cmpuint (changed, ==, 1);
}

static void
test_game_over (void)
{
  g_autoptr (CpGame) game = new_coin_game (2, 1, "2");
  g_autoptr (GError) error = NULL;
  CpAction action;

  cp_game_resolve_chance (game);
  play_coin (game, 0);   /* seat 0 */
  play_coin (game, 1);   /* seat 1 */
  g_assert_cmpuint (cp_game_get_outcome (game)->status, ==, CP_STATUS_PLAYING);
  play_coin (game, 0);   /* seat 0: two coins on cell 0 */
  g_assert_cmpuint (cp_game_get_outcome (game)->status, ==, CP_STATUS_WON);
  g_assert_cmpuint (cp_game_get_outcome (game)->winners, ==, CP_SEAT_BIT (0));
  g_assert_cmpuint (cp_game_get_outcome (game)->reason, ==, CP_END_SCORE);
  g_assert_cmpuint (cp_game_get_pending (game), ==, 0);

  /* The last coin's roll is never drawn: the game is over. */
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 6);
  action = place (1, 2);
  g_assert_false (cp_game_append (game, &action, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_GAME_OVER);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 6);
}

static void
test_undo_redo (void)
{
  g_autoptr (CpGame) game = new_coin_game (2, 99, "99");
  CpAction saved[5];
  guint changed = 0;

  cp_game_resolve_chance (game);
  play_coin (game, 3);
  play_coin (game, 5);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 5);
  for (guint i = 0; i < 5; i++)
    saved[i] = *cp_game_get_action (game, i);
  g_assert_false (cp_game_can_redo (game));
  g_assert_false (cp_game_redo (game));

  g_signal_connect (game, "changed", G_CALLBACK (count_signal), &changed);

  /* Undo takes back seat 1's coin with its roll. */
  g_assert_true (cp_game_undo (game));
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 3);
  g_assert_cmpuint (cp_game_get_action (game, 2)->seat, ==, CP_SEAT_CHANCE);
  g_assert_cmpuint (cp_game_get_state (game)->cells[5].checkers, ==, 0);
  g_assert_cmpuint (cp_game_get_state (game)->cells[3].checkers, ==, 1);
  g_assert_cmpuint (seat_to_move (game), ==, 1);
  g_assert_true (cp_game_can_redo (game));

  /* And then seat 0's. */
  g_assert_true (cp_game_undo (game));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
  g_assert_cmpuint (cp_game_get_state (game)->cells[3].checkers, ==, 0);
  g_assert_cmpuint (seat_to_move (game), ==, 0);

  /* The opening roll belongs to no player's action: nothing to undo. */
  g_assert_false (cp_game_undo (game));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
  g_assert_cmpuint (changed, ==, 2);

  /* Redo brings each action back with the rolls that followed it. */
  g_assert_true (cp_game_redo (game));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 3);
  g_assert_true (cp_game_redo (game));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 5);
  g_assert_false (cp_game_redo (game));
  g_assert_false (cp_game_can_redo (game));
  g_assert_cmpuint (changed, ==, 4);
  for (guint i = 0; i < 5; i++)
    {
      g_assert_true (cp_action_same (cp_game_get_action (game, i), &saved[i]));
      g_assert_cmpuint (cp_game_get_action (game, i)->value, ==, saved[i].value);
    }
  g_assert_cmpuint (cp_game_get_state (game)->cells[5].checkers, ==, 1);

  /* A new action forgets what was taken back... */
  g_assert_true (cp_game_undo (game));
  g_assert_true (cp_game_can_redo (game));
  play_coin (game, 7);
  g_assert_false (cp_game_can_redo (game));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 5);
  g_assert_cmpuint (cp_game_get_action (game, 3)->cells[0], ==, 7);
  /* ...and its roll is drawn in the position it is made in, so another
   * move does not learn the roll of the one taken back. */
  {
    g_autoptr (CpState) before = cp_game_state_at (game, 4);

    g_assert_cmpuint (cp_game_get_action (game, 4)->value, ==,
                      cp_random_draw (cp_game_get_seed (game) ^ cp_state_hash (before), 2, FACES));
  }
}

static void
notify_cursor (GObject *object, GParamSpec *pspec, gpointer data)
{
  g_assert_cmpstr (pspec->name, ==, "cursor");
  (*(guint *) data)++;
}

static void
test_cursor (void)
{
  g_autoptr (CpGame) game = new_coin_game (2, 5, "99");
  guint notified = 0, changed = 0, value = 0;

  g_signal_connect (game, "notify::cursor", G_CALLBACK (notify_cursor), &notified);
  g_signal_connect (game, "changed", G_CALLBACK (count_signal), &changed);
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 0);
  g_assert_true (cp_game_cursor_at_end (game));

  /* At the end, the cursor follows the log. */
  cp_game_resolve_chance (game);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (notified, ==, 1);
  play_coin (game, 0);
  play_coin (game, 1);
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 5);
  g_assert_cmpuint (changed, ==, 5);
  g_assert_cmpuint (notified, ==, 5);

  /* In the past, it stays. */
  cp_game_set_cursor (game, 2);
  g_assert_cmpuint (notified, ==, 6);
  cp_game_set_cursor (game, 2);
  g_assert_cmpuint (notified, ==, 6);
  g_assert_false (cp_game_cursor_at_end (game));
  play_coin (game, 2);
  play_coin (game, 3);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 9);
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 2);
  g_assert_cmpuint (notified, ==, 6);

  /* It never passes the end. */
  cp_game_set_cursor (game, 100);
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 9);
  g_assert_true (cp_game_cursor_at_end (game));
  g_assert_cmpuint (notified, ==, 7);

  /* The property is the cursor. */
  g_object_set (game, "cursor", 4u, NULL);
  g_object_get (game, "cursor", &value, NULL);
  g_assert_cmpuint (value, ==, 4);
  g_assert_cmpuint (notified, ==, 8);

  /* Truncating behind the cursor pulls it back; before it, not. */
  changed = 0;
  cp_game_truncate (game, 7);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 7);
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 4);
  g_assert_cmpuint (notified, ==, 8);
  g_assert_cmpuint (changed, ==, 1);
  cp_game_truncate (game, 3);
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 3);
  g_assert_true (cp_game_cursor_at_end (game));
  g_assert_cmpuint (notified, ==, 9);
  g_assert_cmpuint (changed, ==, 2);

  /* Truncating past the end changes nothing. */
  cp_game_truncate (game, 10);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 3);
  g_assert_cmpuint (changed, ==, 2);

  /* Undo at the end keeps the cursor at the end. */
  play_coin (game, 8);
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 5);
  g_assert_true (cp_game_undo (game));
  g_assert_cmpuint (cp_game_get_cursor (game), ==, 3);
  g_assert_true (cp_game_cursor_at_end (game));
}

/* Replay. */

static CpState *
replay (CpGame *game, guint n)
{
  g_autoptr (GError) error = NULL;
  CpState *state = cp_state_new (cp_game_get_rules (game), cp_game_get_n_seats (game),
                                 cp_game_get_options (game), &error);

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (cp_state_apply (state, cp_game_get_action (game, i), &error));
      g_assert_no_error (error);
    }
  return state;
}

static void
assert_replays (CpGame *game)
{
  guint n = cp_game_get_n_actions (game);

  for (guint i = 0; i <= n; i++)
    {
      g_autoptr (CpState) at = cp_game_state_at (game, i);
      g_autoptr (CpState) expected = replay (game, i);

      assert_same_state (at, expected);
    }
}

static void
test_state_at (void)
{
  g_autoptr (CpGame) game = new_coin_game (3, 2024, "99");
  g_autoptr (CpState) end = NULL;
  g_autoptr (CpState) early = NULL;
  g_autoptr (CpState) replayed = NULL;
  guint n;

  cp_game_resolve_chance (game);
  for (guint i = 0; i < 90; i++)
    play_coin (game, (i * 5) % 9);
  n = cp_game_get_n_actions (game);
  g_assert_cmpuint (n, ==, 181);
  assert_replays (game);

  end = cp_game_state_at (game, n);
  assert_same_state (end, cp_game_get_state (game));
  early = cp_game_state_at (game, 3);
  g_assert_cmpuint (early->ply, ==, 1);
  g_assert_cmpuint (end->ply, ==, 90);

  /* Taking back past a checkpoint and playing on differently. */
  cp_game_truncate (game, 129);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 129);
  assert_replays (game);
  cp_game_truncate (game, 61);
  for (guint i = 0; i < 40; i++)
    play_coin (game, (i * 2) % 9);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 141);
  assert_replays (game);

  /* Undo and redo across a checkpoint. */
  cp_game_truncate (game, 127);
  g_assert_true (cp_game_undo (game));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 125);
  while (cp_game_redo (game))
    ;
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 141);
  assert_replays (game);
  replayed = replay (game, 141);
  assert_same_state (cp_game_get_state (game), replayed);
}

static void
test_format (void)
{
  g_autoptr (CpGame) game = new_coin_game (2, 3, "99");
  g_autofree char *roll = NULL;
  g_autofree char *coin = NULL;

  cp_game_resolve_chance (game);
  play_coin (game, 4);
  roll = cp_game_format_action (game, 0, CP_NOTATION_SAN);
  coin = cp_game_format_action (game, 1, CP_NOTATION_SAN);
  g_assert_cmpstr (roll, ==, "chance roll");
  g_assert_cmpstr (coin, ==, "place");
}

/* Views. */

static void
test_view (void)
{
  g_autoptr (CpGame) game = new_coin_game (2, 11, "99");
  g_autoptr (CpView) mine = NULL;
  g_autoptr (CpView) theirs = NULL;
  g_autoptr (CpView) all = NULL;
  g_autoptr (CpView) past = NULL;
  const CoinState *coin;

  cp_game_resolve_chance (game);
  cp_test_play_action (game, seal (0, 2));
  play_coin (game, 4);       /* seat 1 */
  play_coin (game, 6);       /* seat 0 */
  cp_test_play_action (game, seal (1, 1));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 7);
  g_assert_cmpuint (cp_game_get_action (game, 1)->visible, ==, CP_SEAT_BIT (0));
  g_assert_cmpuint (cp_game_get_action (game, 6)->visible, ==, CP_SEAT_BIT (1));

  mine = cp_game_view (game, 0);
  theirs = cp_game_view (game, 1);
  all = cp_game_view (game, CP_VIEW_ALL);
  g_assert_cmpuint (cp_view_get_seat (mine), ==, 0);
  g_assert_cmpuint (cp_view_get_n_actions (mine), ==, 7);
  g_assert_cmpuint (cp_view_get_n_actions (all), ==, 7);

  /* Seat 0 sees its own number, not seat 1's. */
  g_assert_cmpuint (cp_view_get_action (mine, 1)->value, ==, 2);
  g_assert_false (cp_view_get_action (mine, 1)->flags & CP_ACTION_FLAG_REDACTED);
  g_assert_true (cp_view_get_action (mine, 6)->flags & CP_ACTION_FLAG_REDACTED);
  g_assert_cmpuint (cp_view_get_action (mine, 6)->value, ==, 0);
  g_assert_cmpuint (cp_view_get_action (mine, 6)->type, ==, CP_ACTION_COMMIT);
  g_assert_cmpuint (cp_view_get_action (mine, 6)->seat, ==, 1);

  /* Seat 1 the other way round. */
  g_assert_true (cp_view_get_action (theirs, 1)->flags & CP_ACTION_FLAG_REDACTED);
  g_assert_cmpuint (cp_view_get_action (theirs, 1)->value, ==, 0);
  g_assert_cmpuint (cp_view_get_action (theirs, 6)->value, ==, 1);
  g_assert_false (cp_view_get_action (theirs, 6)->flags & CP_ACTION_FLAG_REDACTED);

  /* Everyone sees the public actions as they are; the full view sees all. */
  for (guint i = 0; i < 7; i++)
    {
      const CpAction *action = cp_game_get_action (game, i);

      g_assert_true (cp_action_same (cp_view_get_action (all, i), action));
      g_assert_false (cp_view_get_action (all, i)->flags & CP_ACTION_FLAG_REDACTED);
      if (cp_action_is_public (action))
        {
          g_assert_true (cp_action_same (cp_view_get_action (mine, i), action));
          g_assert_true (cp_action_same (cp_view_get_action (theirs, i), action));
        }
    }

  /* The state is redacted too. */
  coin = (const CoinState *) cp_view_get_state (mine);
  g_assert_cmpuint (coin->secret[0], ==, 2);
  g_assert_cmpuint (coin->secret[1], ==, 0);
  g_assert_cmpuint (coin->sealed, ==, CP_SEAT_BIT (0) | CP_SEAT_BIT (1));
  coin = (const CoinState *) cp_view_get_state (theirs);
  g_assert_cmpuint (coin->secret[0], ==, 0);
  g_assert_cmpuint (coin->secret[1], ==, 1);
  coin = (const CoinState *) cp_view_get_state (all);
  g_assert_cmpuint (coin->secret[0], ==, 2);
  g_assert_cmpuint (coin->secret[1], ==, 1);
  g_assert_cmpuint (cp_view_get_state (all)->cells[4].checkers, ==, 1);
  g_assert_cmpuint (cp_view_get_state (theirs)->cells[6].checkers, ==, 1);

  /* The game itself keeps its secrets. */
  coin = (const CoinState *) cp_game_get_state (game);
  g_assert_cmpuint (coin->secret[0], ==, 2);
  g_assert_cmpuint (coin->secret[1], ==, 1);
  g_assert_cmpuint (cp_game_get_action (game, 6)->value, ==, 1);

  /* A view shows the game at the cursor. */
  cp_game_set_cursor (game, 2);
  past = cp_game_view (game, 1);
  g_assert_cmpuint (cp_view_get_n_actions (past), ==, 2);
  g_assert_cmpuint (cp_view_get_state (past)->cells[4].checkers, ==, 0);
  g_assert_cmpuint (((const CoinState *) cp_view_get_state (past))->sealed, ==, CP_SEAT_BIT (0));
}

/* Resigning and draws. */

static CpState *
new_state (const CpRules *rules, guint n_seats)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) options = cp_rules_resolve_options (rules, NULL, &error);
  CpState *state;
  CpAction roll = meta (CP_ACTION_ROLL, CP_SEAT_CHANCE);

  g_assert_no_error (error);
  state = cp_state_new (rules, n_seats, options, &error);
  g_assert_no_error (error);
  g_assert_true (cp_state_apply (state, &roll, &error));
  return state;
}

static gboolean
apply (CpState *state, CpAction action, gint code)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = cp_state_apply (state, &action, &error);

  if (ok)
    g_assert_no_error (error);
  else
    g_assert_error (error, CP_ERROR, code);
  return ok;
}

static void
roll (CpState *state)
{
  CpAction action = meta (CP_ACTION_ROLL, CP_SEAT_CHANCE);

  g_assert_true (apply (state, action, 0));
}

static void
test_resign (void)
{
  g_autoptr (CpState) two = new_state (&coin_rules, 2);
  g_autoptr (CpState) three = new_state (&coin_rules, 3);

  /* A seat may resign out of turn. */
  g_assert_true (apply (two, meta (CP_ACTION_RESIGN, 1), 0));
  g_assert_true (cp_state_is_over (two));
  g_assert_cmpuint (two->outcome.status, ==, CP_STATUS_WON);
  g_assert_cmpuint (two->outcome.reason, ==, CP_END_RESIGNATION);
  g_assert_cmpuint (two->outcome.winners, ==, CP_SEAT_BIT (0));
  g_assert_false (apply (two, place (0, 0), CP_ERROR_GAME_OVER));
  g_assert_false (apply (two, meta (CP_ACTION_RESIGN, 0), CP_ERROR_GAME_OVER));

  /* With three, the game goes on until one is left. */
  g_assert_true (apply (three, meta (CP_ACTION_RESIGN, 0), 0));
  g_assert_false (cp_state_is_over (three));
  g_assert_cmpuint (three->out, ==, CP_SEAT_BIT (0));
  g_assert_false (apply (three, meta (CP_ACTION_RESIGN, 0), CP_ERROR_ILLEGAL_ACTION));
  g_assert_true (apply (three, meta (CP_ACTION_RESIGN, 2), 0));
  g_assert_true (cp_state_is_over (three));
  g_assert_cmpuint (three->outcome.winners, ==, CP_SEAT_BIT (1));
}

static void
test_draws (void)
{
  g_autoptr (CpState) state = new_state (&coin_rules, 2);
  g_autoptr (CpState) no_draws = new_state (&coin_rules_no_draws, 2);

  /* Offers come on one's own turn, and only once. */
  g_assert_false (apply (state, meta (CP_ACTION_OFFER_DRAW, 1), CP_ERROR_ILLEGAL_ACTION));
  g_assert_false (apply (state, meta (CP_ACTION_ACCEPT_DRAW, 1), CP_ERROR_ILLEGAL_ACTION));
  g_assert_true (apply (state, meta (CP_ACTION_OFFER_DRAW, 0), 0));
  g_assert_cmpuint (state->draw_offer, ==, CP_SEAT_BIT (0));
  g_assert_false (apply (state, meta (CP_ACTION_OFFER_DRAW, 0), CP_ERROR_ILLEGAL_ACTION));
  g_assert_false (apply (state, meta (CP_ACTION_ACCEPT_DRAW, 0), CP_ERROR_ILLEGAL_ACTION));

  /* The offer stands while its seat plays on... */
  g_assert_true (apply (state, place (0, 0), 0));
  roll (state);
  g_assert_cmpuint (state->draw_offer, ==, CP_SEAT_BIT (0));

  /* ...and lapses when the other seat plays on instead of answering. */
  g_assert_true (apply (state, place (1, 1), 0));
  roll (state);
  g_assert_cmpuint (state->draw_offer, ==, 0);
  g_assert_false (apply (state, meta (CP_ACTION_ACCEPT_DRAW, 1), CP_ERROR_ILLEGAL_ACTION));

  /* Declined. */
  g_assert_true (apply (state, meta (CP_ACTION_OFFER_DRAW, 0), 0));
  g_assert_true (apply (state, meta (CP_ACTION_DECLINE_DRAW, 1), 0));
  g_assert_cmpuint (state->draw_offer, ==, 0);
  g_assert_false (cp_state_is_over (state));

  /* Accepted. */
  g_assert_true (apply (state, meta (CP_ACTION_OFFER_DRAW, 0), 0));
  g_assert_true (apply (state, meta (CP_ACTION_ACCEPT_DRAW, 1), 0));
  g_assert_true (cp_state_is_over (state));
  g_assert_cmpuint (state->outcome.status, ==, CP_STATUS_DRAWN);
  g_assert_cmpuint (state->outcome.reason, ==, CP_END_AGREEMENT);
  g_assert_cmpuint (state->outcome.winners, ==, 0);
  g_assert_cmpuint (cp_state_pending (state), ==, 0);

  /* No claims in a game that has nothing to claim. */
  g_assert_false (apply (no_draws, meta (CP_ACTION_CLAIM_DRAW, 0), CP_ERROR_ILLEGAL_ACTION));
  /* And no offers in a game without draws. */
  g_assert_false (apply (no_draws, meta (CP_ACTION_OFFER_DRAW, 0), CP_ERROR_ILLEGAL_ACTION));
  g_assert_cmpuint (no_draws->draw_offer, ==, 0);
}

static void
test_meta_in_log (void)
{
  g_autoptr (CpGame) game = new_coin_game (2, 8, "99");
  CpAction offer = meta (CP_ACTION_OFFER_DRAW, 0);
  CpAction accept = meta (CP_ACTION_ACCEPT_DRAW, 1);

  cp_game_resolve_chance (game);
  g_assert_true (cp_game_append (game, &offer, NULL));
  g_assert_true (cp_game_append (game, &accept, NULL));
  g_assert_cmpuint (cp_game_get_outcome (game)->status, ==, CP_STATUS_DRAWN);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 3);

  /* Taking back the acceptance reopens the game. */
  g_assert_true (cp_game_undo (game));
  g_assert_cmpuint (cp_game_get_outcome (game)->status, ==, CP_STATUS_PLAYING);
  g_assert_cmpuint (cp_game_get_state (game)->draw_offer, ==, CP_SEAT_BIT (0));
  assert_replays (game);
}

/* Set-up. */

static void
test_options (void)
{
  struct {
    const char *key, *value;
  } bad[] = {
    { "colour", "red" },
    { "stack", "1" },
    { "stack", "100" },
    { "stack", "" },
    { "stack", "3x" },
    { "metal", "bronze" },
  };
  g_autoptr (CpGame) plain = new_coin_game (2, 1, "5");
  g_autoptr (CpGame) silver = NULL;
  g_autoptr (GHashTable) options = options_of ("metal", "silver", "stack", "3", NULL);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GHashTable) given = options_of (bad[i].key, bad[i].value, NULL);
      g_autoptr (GError) bad_error = NULL;
      g_autoptr (CpGame) game = cp_game_new_with_rules (&coin_rules, given, 2, 1, &bad_error);

      g_test_message ("option %s=%s", bad[i].key, bad[i].value);
      g_assert_null (game);
      g_assert_error (bad_error, CP_ERROR, CP_ERROR_BAD_OPTION);
    }

  /* Defaults fill in what was not chosen. */
  g_assert_cmpstr (cp_game_get_option (plain, "metal"), ==, "gold");
  g_assert_cmpstr (cp_game_get_option (plain, "stack"), ==, "5");
  g_assert_cmpuint (g_hash_table_size (cp_game_get_options (plain)), ==, 2);

  silver = cp_game_new_with_rules (&coin_rules, options, 2, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cp_game_get_option (silver, "metal"), ==, "silver");
  g_assert_cmpuint (((const CoinState *) cp_game_get_state (silver))->stack, ==, 3);
  g_assert_null (cp_game_get_option (silver, "colour"));
}

static void
test_seats_and_players (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) too_many = cp_game_new_with_rules (&coin_rules, NULL, 4, 1, &error);
  g_autoptr (CpGame) too_few = NULL;
  g_autoptr (CpGame) three = new_coin_game (3, 1, "5");

  g_assert_null (too_many);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_OPTION);
  g_clear_error (&error);
  too_few = cp_game_new_with_rules (&coin_rules, NULL, 1, 1, &error);
  g_assert_null (too_few);
  g_assert_error (error, CP_ERROR, CP_ERROR_BAD_OPTION);

  g_assert_cmpuint (cp_game_get_n_seats (three), ==, 3);
  g_assert_true (cp_game_get_rules (three) == &coin_rules);
  for (guint seat = 0; seat < 3; seat++)
    {
      CpPlayer *player = cp_game_get_player (three, seat);

      g_assert_cmpuint (cp_player_get_seat (player), ==, seat);
      g_assert_cmpint (cp_player_get_colour (player), ==, coin_colours[seat]);
      g_assert_cmpstr (cp_player_get_name (player), ==, cp_colour_name (coin_colours[seat]));
    }
}

static void
test_unknown_game (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_game_new ("no-such-game", NULL, 2, 1, &error);

  g_assert_null (game);
  g_assert_error (error, CP_ERROR, CP_ERROR_UNKNOWN_GAME);
  g_assert_null (cp_rules_lookup ("coin"));
}

/* The generator itself. */

static void
test_random (void)
{
  guint counts[FACES] = { 0 };
  guint8 order[52];
  gboolean seen[52] = { FALSE };

  g_assert_cmpuint (cp_random_draw (1, 0, 1000), ==, cp_random_draw (1, 0, 1000));
  g_assert_cmpuint (cp_random_draw (1, 0, 1), ==, 0);
  for (guint i = 0; i < 6000; i++)
    counts[cp_random_draw (77, i, FACES)]++;
  /* Every face comes up, none wildly often (expected 1000 each). */
  for (guint f = 0; f < FACES; f++)
    {
      g_assert_cmpuint (counts[f], >, 800);
      g_assert_cmpuint (counts[f], <, 1200);
    }

  cp_random_permute (5, 52, order);
  for (guint i = 0; i < 52; i++)
    {
      g_assert_cmpuint (order[i], <, 52);
      g_assert_false (seen[order[i]]);
      seen[order[i]] = TRUE;
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/chance/rolls", test_chance_rolls);
  g_test_add_func ("/game/chance/seeds", test_chance_seeds);
  g_test_add_func ("/game/chance/entered", test_chance_entered);
  g_test_add_func ("/game/log/illegal", test_illegal_append);
  g_test_add_func ("/game/log/game-over", test_game_over);
  g_test_add_func ("/game/log/undo-redo", test_undo_redo);
  g_test_add_func ("/game/log/cursor", test_cursor);
  g_test_add_func ("/game/log/format", test_format);
  g_test_add_func ("/game/replay/state-at", test_state_at);
  g_test_add_func ("/game/view", test_view);
  g_test_add_func ("/game/meta/resign", test_resign);
  g_test_add_func ("/game/meta/draws", test_draws);
  g_test_add_func ("/game/meta/in-log", test_meta_in_log);
  g_test_add_func ("/game/setup/options", test_options);
  g_test_add_func ("/game/setup/seats", test_seats_and_players);
  g_test_add_func ("/game/setup/unknown-game", test_unknown_game);
  g_test_add_func ("/game/random", test_random);

  return g_test_run ();
}
