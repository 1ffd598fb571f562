/* test-registry.c: every game of the registry held to the rules interface
 *
 * For each game of cp_rules_list(), with every number of seats it allows
 * and every combination of its options, random games are played from
 * fixed seeds to their end (or to a cap on their length).  Their logs are
 * then checked, one subtest each: taking moves back against copying,
 * saving and loading, writing and reading moves, what each seat's view
 * hides, and the rules' flags against their hooks.  A game added to the
 * registry is covered without a change here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stddef.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-record.h"
#include "cp-test-util.h"

/* Random games stop after this many actions; most end long before. */
#define MAX_ACTIONS 1000
/* Random games of each game, at least, shared among its set-ups; under
 * the sanitizers, which make the test several times slower, fewer. */
#define GAMES_PER_RULES 24
#define GAMES_PER_RULES_SANITIZED 8
/* Legal lists up to this length are checked for repeated actions. */
#define MAX_CHECKED_LIST 256

static const CpNotation notations[] = {
  CP_NOTATION_SAN, CP_NOTATION_LAN, CP_NOTATION_FIGURINE,
  CP_NOTATION_COMPUTER, CP_NOTATION_SAN_LOCAL, CP_NOTATION_LAN_LOCAL,
};

/* One random game: its set-up and its log. */
typedef struct {
  GStrv options;   /* "key=value" */
  guint n_seats;
  guint64 seed;
  GArray *log;     /* CpAction */
  CpGame *game;    /* the game played, which keeps the texts of the log */
  CpOutcome outcome;
} Run;

typedef struct {
  const CpRules *rules;
  GPtrArray *runs; /* Run, once played */
} Entry;

static void
run_free (gpointer data)
{
  Run *run = data;

  g_strfreev (run->options);
  g_array_unref (run->log);
  g_clear_object (&run->game);
  g_free (run);
}

static char *
describe_run (const Entry *entry, const Run *run)
{
  g_autofree char *options = g_strjoinv (" ", run->options);

  return g_strdup_printf ("%s for %u, seed %" G_GUINT64_FORMAT " [%s]",
                          entry->rules->id, run->n_seats, run->seed, options);
}

static gboolean
is_meta (CpActionType type)
{
  return type >= CP_ACTION_RESIGN && type <= CP_ACTION_CLAIM_DRAW;
}

static CpSeatMask
all_seats (guint n_seats)
{
  return (CpSeatMask) ((1u << n_seats) - 1);
}

/* States. */

/* Two states must hold the same bytes.  A board is shared by the states
 * of one game, but games set up apart may build boards of their own, so
 * the boards are compared by their shape. */
static void
assert_same_state (const CpState *a, const CpState *b, const char *what)
{
  gsize size = a->rules->state_size;
  g_autofree guint8 *x = g_memdup2 (a, size);
  g_autofree guint8 *y = g_memdup2 (b, size);

  g_assert_true (a->rules == b->rules);
  if (a->board != b->board)
    {
      g_assert_cmpuint (cp_board_get_width (a->board), ==, cp_board_get_width (b->board));
      g_assert_cmpuint (cp_board_get_height (a->board), ==, cp_board_get_height (b->board));
      g_assert_cmpuint (cp_board_get_n_cells (a->board), ==, cp_board_get_n_cells (b->board));
      memset (x + offsetof (CpState, board), 0, sizeof a->board);
      memset (y + offsetof (CpState, board), 0, sizeof b->board);
    }
  for (gsize i = 0; i < size; i++)
    if (x[i] != y[i])
      g_error ("%s: the states of %s differ at byte %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT,
               what, a->rules->id, i, size);
}

static CpState *
start_state (const Entry *entry, const Run *run)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_test_try_new_game (entry->rules->id, run->n_seats, run->seed,
                                                  (const char *const *) run->options, &error);

  g_assert_no_error (error);
  return cp_state_copy (cp_game_get_state (game));
}

static const CpAction *
logged (const Run *run, guint index)
{
  return &g_array_index (run->log, CpAction, index);
}

static void
apply (CpState *state, const CpAction *action)
{
  g_autoptr (GError) error = NULL;

  if (!cp_state_apply (state, action, &error))
    g_error ("%s: a logged action does not replay: %s", state->rules->id, error->message);
}

/* A seat other than @seat still in the game. */
static guint
other_seat (const CpState *state, guint seat)
{
  for (guint other = 0; other < state->n_seats; other++)
    if (other != seat && !(state->out & CP_SEAT_BIT (other)))
      return other;
  g_assert_not_reached ();
}

/* Set-ups: every number of seats with every combination of the options'
 * choices, and the ends and the default of number options. */

static GStrv
option_values (const CpOptionSpec *spec)
{
  g_autoptr (GStrvBuilder) values = g_strv_builder_new ();

  switch (spec->type)
    {
    case CP_OPTION_CHOICE:
      g_strv_builder_addv (values, (const char **) spec->choices);
      break;
    case CP_OPTION_BOOL:
      g_strv_builder_add_many (values, "false", "true", NULL);
      break;
    case CP_OPTION_INT:
      g_strv_builder_add (values, spec->default_value);
      for (guint end = 0; end < 2; end++)
        {
          g_autofree char *value = g_strdup_printf ("%d", end == 0 ? spec->min : spec->max);

          g_strv_builder_add (values, value);
        }
      break;
    case CP_OPTION_TEXT:
    default:
      /* Free text (a start position) keeps its default. */
      g_strv_builder_add (values, spec->default_value);
      break;
    }
  return g_strv_builder_end (values);
}

/* Whether @spec matters where the options hold @chosen. */
static gboolean
relevant (const CpOptionSpec *spec, const CpRules *rules, GStrv chosen)
{
  g_auto (GStrv) parts = NULL;

  if (spec->relevant_when == NULL)
    return TRUE;
  parts = g_strsplit (spec->relevant_when, "=", 2);
  for (guint i = 0; i < rules->n_options; i++)
    if (g_str_equal (rules->options[i].id, parts[0]))
      return g_strcmp0 (chosen[i], parts[1]) == 0;
  return FALSE;
}

/* Adds every combination of option values to @out, each as a
 * NULL-terminated array of "key=value"; a value other than the default of
 * an option that does not matter would only repeat a set-up. */
static void
combine_options (const CpRules *rules, guint index, GStrv chosen, GPtrArray *out)
{
  g_auto (GStrv) values = NULL;

  if (index == rules->n_options)
    {
      g_autoptr (GStrvBuilder) options = g_strv_builder_new ();

      for (guint i = 0; i < rules->n_options; i++)
        {
          const CpOptionSpec *spec = &rules->options[i];

          if (!relevant (spec, rules, chosen) && g_strcmp0 (chosen[i], spec->default_value) != 0)
            return;
          if (g_strcmp0 (chosen[i], spec->default_value) != 0)
            {
              g_autofree char *option = g_strdup_printf ("%s=%s", spec->id, chosen[i]);

              g_strv_builder_add (options, option);
            }
        }
      g_ptr_array_add (out, g_strv_builder_end (options));
      return;
    }
  values = option_values (&rules->options[index]);
  for (guint v = 0; values[v] != NULL; v++)
    {
      gboolean repeated = FALSE;

      for (guint w = 0; w < v; w++)
        repeated = repeated || g_str_equal (values[w], values[v]);
      if (repeated)
        continue;
      chosen[index] = values[v];
      combine_options (rules, index + 1, chosen, out);
    }
  chosen[index] = NULL;
}

typedef struct {
  GStrv options;
  guint n_seats;
} Setup;

static void
setup_clear (gpointer data)
{
  g_strfreev (((Setup *) data)->options);
}

/* The set-ups the game accepts; each number of seats it allows must have
 * one at least. */
static GArray *
list_setups (const CpRules *rules)
{
  g_autoptr (GPtrArray) combinations = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree char **chosen = g_new0 (char *, rules->n_options + 1);
  GArray *setups = g_array_new (FALSE, FALSE, sizeof (Setup));

  g_array_set_clear_func (setups, setup_clear);
  combine_options (rules, 0, chosen, combinations);
  for (guint n = rules->min_seats; n <= rules->max_seats; n++)
    {
      gboolean any = FALSE;

      for (guint c = 0; c < combinations->len; c++)
        {
          const char *const *options = g_ptr_array_index (combinations, c);
          g_autoptr (GError) error = NULL;
          g_autoptr (CpGame) game = cp_test_try_new_game (rules->id, n, 1, options, &error);
          Setup setup = { g_strdupv ((GStrv) options), n };

          if (game == NULL)
            {
              /* Options may rule out a number of seats, with a reason. */
              g_assert_error (error, CP_ERROR, CP_ERROR_BAD_OPTION);
              g_assert_true (g_utf8_validate (error->message, -1, NULL) && error->message[0] != '\0');
              g_strfreev (setup.options);
              continue;
            }
          g_array_append_val (setups, setup);
          any = TRUE;
        }
      if (!any)
        g_error ("%s allows %u seats, but no combination of its options sets up a game for %u",
                 rules->id, n, n);
    }
  return setups;
}

/* Random games. */

/* A legal action of @seat, chosen by kind first so that an action kind
 * of which there are few (ending a turn among many moves) still comes up. */
static CpAction
choose (const CpActionList *legal, GRand *rand)
{
  guint counts[CP_N_ACTION_TYPES] = { 0 };
  guint n_types = 0, type_index, pick;
  CpActionType type = CP_ACTION_NONE;
  CpAction action = { 0 };

  for (guint i = 0; i < legal->len; i++)
    n_types += counts[legal->items[i].type]++ == 0;
  type_index = (guint) g_rand_int_range (rand, 0, (gint32) n_types);
  for (guint t = 0; t < CP_N_ACTION_TYPES; t++)
    if (counts[t] > 0 && type_index-- == 0)
      {
        type = (CpActionType) t;
        break;
      }
  pick = (guint) g_rand_int_range (rand, 0, (gint32) counts[type]);
  for (guint i = 0; i < legal->len; i++)
    if (legal->items[i].type == type && pick-- == 0)
      action = legal->items[i];
  /* A card played from a physical deck is recorded by its name. */
  if (action.type == CP_ACTION_CARD_NOTE && action.text == NULL)
    action.text = g_intern_static_string ("Sanctuary");
  return action;
}

static void
check_legal_list (const CpState *state, guint seat, const CpActionList *legal)
{
  CpBoard *board = state->board;

  if (legal->len == 0)
    g_error ("%s: seat %u must act (ply %u) but has no legal action", state->rules->id, seat, state->ply);
  for (guint i = 0; i < legal->len; i++)
    {
      const CpAction *a = &legal->items[i];

      g_assert_cmpuint (a->seat, ==, seat);
      g_assert_cmpuint (a->type, >, CP_ACTION_NONE);
      g_assert_cmpuint (a->type, <, CP_N_ACTION_TYPES);
      g_assert_false (is_meta (a->type));
      g_assert_cmpuint (a->n_cells, <=, CP_ACTION_MAX_CELLS);
      g_assert_false (a->flags & CP_ACTION_FLAG_REDACTED);
      for (guint c = 0; c < a->n_cells; c++)
        g_assert_true (cp_board_has_cell (board, a->cells[c]));
      /* Whoever acts knows what they do. */
      g_assert_true (cp_action_visible_to (a, seat));
      if (legal->len <= MAX_CHECKED_LIST)
        for (guint j = 0; j < i; j++)
          g_assert_false (cp_action_same (a, &legal->items[j]));
    }
}

/* What @state's rules present to @viewer is well formed: marks on cells
 * of the board, things beside seats of the game, a prompt that says
 * something, buttons that play legal actions. */
static void
check_presentation (const CpState *state, guint viewer)
{
  g_autoptr (CpPresentation) presentation = cp_presentation_new ();

  if (state->rules->present == NULL)
    return;
  state->rules->present (state, state, viewer, presentation);
  for (guint i = 0; i < presentation->overlays->len; i++)
    {
      const CpOverlay *overlay = &g_array_index (presentation->overlays, CpOverlay, i);

      g_assert_cmpuint (overlay->kind, <, CP_N_OVERLAY_KINDS);
      g_assert_true (cp_board_has_cell (state->board, overlay->cell));
      g_assert_true (overlay->description == NULL || g_utf8_validate (overlay->description, -1, NULL));
    }
  for (guint i = 0; i < presentation->side->len; i++)
    {
      const CpSideItem *item = &g_array_index (presentation->side, CpSideItem, i);

      g_assert_cmpuint (item->kind, <, CP_N_SIDE_KINDS);
      g_assert_cmpuint (item->seat, <, state->n_seats);
    }
  g_assert_true (presentation->prompt == NULL
                 || (presentation->prompt[0] != '\0' && g_utf8_validate (presentation->prompt, -1, NULL)));
  for (guint i = 0; i < presentation->buttons->len; i++)
    {
      const CpButton *button = &g_array_index (presentation->buttons, CpButton, i);
      g_autoptr (GError) error = NULL;

      g_assert_true (button->id != NULL && button->label != NULL && button->label[0] != '\0');
      if (!cp_state_check (state, &button->action, &error))
        g_error ("%s: the button “%s” plays an action the rules refuse: %s",
                 state->rules->id, button->id, error->message);
    }
}

/* Checks what every state along a game must satisfy. */
static void
check_state (const CpState *state)
{
  const CpRules *rules = state->rules;
  CpSeatMask pending = cp_state_pending (state);
  const CpOutcome *outcome = &state->outcome;

  if (cp_state_is_over (state))
    {
      g_assert_cmpuint (pending, ==, 0);
      g_assert_cmpuint (outcome->reason, !=, CP_END_NONE);
      g_assert_cmpuint (outcome->reason, <, CP_N_END_REASONS);
      if (outcome->status == CP_STATUS_WON)
        {
          g_assert_cmpuint (outcome->winners, !=, 0);
          g_assert_cmpuint (outcome->winners & ~all_seats (state->n_seats), ==, 0);
        }
      else
        {
          g_assert_true (outcome->status == CP_STATUS_DRAWN || outcome->status == CP_STATUS_LOST);
          g_assert_cmpuint (outcome->winners, ==, 0);
        }
      return;
    }
  g_assert_cmpuint (outcome->reason, ==, CP_END_NONE);
  if (pending == 0)
    g_error ("%s: the game goes on (ply %u) but no one is to act", rules->id, state->ply);
  /* Players who act are seated and still in the game; chance acts alone. */
  g_assert_cmpuint (pending & ~(all_seats (state->n_seats) | CP_SEAT_BIT (CP_SEAT_CHANCE)), ==, 0);
  g_assert_cmpuint (pending & state->out, ==, 0);
  if (pending & CP_SEAT_BIT (CP_SEAT_CHANCE))
    g_assert_cmpuint (pending, ==, CP_SEAT_BIT (CP_SEAT_CHANCE));
  if (rules->check_cell != NULL)
    {
      guint cell = rules->check_cell (state);

      g_assert_true (cell == CP_NO_CELL || cp_board_has_cell (state->board, cell));
    }
  for (guint seat = 0; seat < state->n_seats; seat++)
    if (pending & CP_SEAT_BIT (seat))
      check_presentation (state, seat);
  check_presentation (state, CP_VIEW_ALL);
}

/* Plays one random game; now and then, a player in a game of more than
 * two resigns, and a player offers a draw that another declines. */
static Run *
play_random_game (const CpRules *rules, const Setup *setup, guint64 seed)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) seed);
  g_autoptr (CpGame) game = cp_test_try_new_game (rules->id, setup->n_seats, seed,
                                                  (const char *const *) setup->options, &error);
  Run *run = g_new0 (Run, 1);

  g_assert_no_error (error);
  run->options = g_strdupv (setup->options);
  run->n_seats = setup->n_seats;
  run->seed = seed;
  run->log = g_array_new (FALSE, FALSE, sizeof (CpAction));

  /* A game stops at the cap only where a player is to act, as a game
   * saved in the middle does. */
  for (;;)
    {
      const CpState *state = cp_game_get_state (game);
      g_auto (CpActionList) legal = { 0 };
      CpSeatMask pending;
      guint seat, k;
      CpAction action;

      check_state (state);
      if (cp_state_is_over (state))
        break;
      pending = cp_state_pending (state);
      if (pending & CP_SEAT_BIT (CP_SEAT_CHANCE))
        {
          g_assert_cmpuint (cp_game_resolve_chance (game), >, 0);
          continue;
        }
      if (cp_game_get_n_actions (game) >= MAX_ACTIONS)
        break;
      k = (guint) g_rand_int_range (rand, 0, __builtin_popcount (pending));
      for (seat = 0; !(pending & CP_SEAT_BIT (seat)) || k-- > 0; seat++)
        ;
      cp_state_legal (state, seat, &legal);
      check_legal_list (state, seat, &legal);

      if (setup->n_seats > 2 && g_rand_int_range (rand, 0, 1000) == 0)
        {
          cp_action_init (&action, CP_ACTION_RESIGN, seat);
          cp_test_play_action (game, action);
          g_assert_true (cp_game_get_state (game)->out & CP_SEAT_BIT (seat));
          continue;
        }
      if ((rules->flags & CP_RULES_DRAWS) && g_rand_int_range (rand, 0, 100) == 0)
        {
          cp_action_init (&action, CP_ACTION_OFFER_DRAW, seat);
          cp_test_play_action (game, action);
          cp_action_init (&action, CP_ACTION_DECLINE_DRAW, other_seat (state, seat));
          cp_test_play_action (game, action);
          g_assert_false (cp_state_is_over (cp_game_get_state (game)));
        }

      action = choose (&legal, rand);
      if (action.type == CP_ACTION_MOVE)
        g_assert_true (cp_board_has_cell (state->board, cp_state_landing (state, &action)));
      if (!cp_game_append (game, &action, &error))
        {
          g_autofree char *text = cp_state_format (state, &action, CP_NOTATION_LAN);

          g_error ("%s: the legal action %s of seat %u was refused: %s", rules->id, text, seat,
                   error->message);
        }
    }

  for (guint i = 0; i < cp_game_get_n_actions (game); i++)
    g_array_append_val (run->log, *cp_game_get_action (game, i));
  run->outcome = *cp_game_get_outcome (game);
  run->game = g_steal_pointer (&game);
  return run;
}

static guint
games_per_rules (void)
{
  return g_getenv ("CP_TEST_SANITIZED") != NULL ? GAMES_PER_RULES_SANITIZED : GAMES_PER_RULES;
}

/* The random games of @entry, played on first use. */
static GPtrArray *
get_runs (Entry *entry)
{
  g_autoptr (GArray) setups = NULL;
  guint per_setup;

  if (entry->runs != NULL)
    return entry->runs;
  setups = list_setups (entry->rules);
  per_setup = MAX (1, (games_per_rules () + setups->len - 1) / setups->len);
  entry->runs = g_ptr_array_new_with_free_func (run_free);
  for (guint s = 0; s < setups->len; s++)
    for (guint k = 0; k < per_setup; k++)
      g_ptr_array_add (entry->runs,
                       play_random_game (entry->rules, &g_array_index (setups, Setup, s), 1000 * s + k + 1));
  return entry->runs;
}

static void
test_random_games (gconstpointer data)
{
  Entry *entry = (Entry *) data;
  GPtrArray *runs = get_runs (entry);
  guint ended = 0;

  for (guint r = 0; r < runs->len; r++)
    {
      Run *run = g_ptr_array_index (runs, r);
      g_autofree char *what = describe_run (entry, run);

      g_test_message ("%s: %u actions, %s", what, run->log->len,
                      run->outcome.status == CP_STATUS_PLAYING ? "stopped"
                      : cp_end_reason_to_id (run->outcome.reason));
      ended += run->outcome.status != CP_STATUS_PLAYING;
    }
  g_test_message ("%s: %u of %u random games ended", entry->rules->id, ended, runs->len);
  g_assert_cmpuint (runs->len, >=, games_per_rules ());
}

static int
compare_texts (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The legal actions of every seat to act, in a form that two games set up
 * apart compare by. */
static char *
describe_legal (const CpState *state)
{
  CpSeatMask pending = cp_state_pending (state);
  GString *out = g_string_new (NULL);

  for (guint seat = 0; seat < state->n_seats; seat++)
    {
      g_auto (CpActionList) legal = { 0 };
      g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

      if (!(pending & CP_SEAT_BIT (seat)))
        continue;
      cp_state_legal (state, seat, &legal);
      for (guint i = 0; i < legal.len; i++)
        g_ptr_array_add (texts, cp_state_format (state, &legal.items[i], CP_NOTATION_COMPUTER));
      g_ptr_array_sort (texts, compare_texts);
      g_string_append_printf (out, "%u:", seat);
      for (guint i = 0; i < texts->len; i++)
        g_string_append_printf (out, " %s", (const char *) g_ptr_array_index (texts, i));
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* Whether two states play alike: the same seats to act with the same
 * actions, the same key and the same outcome. */
static void
assert_same_play (const CpState *a, const CpState *b, const char *what)
{
  g_autofree char *legal_a = describe_legal (a);
  g_autofree char *legal_b = describe_legal (b);
  CpOutcome outcome_a, outcome_b;

  if (cp_state_pending (a) != cp_state_pending (b) || g_strcmp0 (legal_a, legal_b) != 0)
    g_error ("%s: seats to act or legal actions differ:\n%s\nagainst\n%s", what, legal_a, legal_b);
  if (cp_state_hash (a) != cp_state_hash (b))
    g_error ("%s: the keys of the positions differ", what);
  a->rules->outcome (a, &outcome_a);
  b->rules->outcome (b, &outcome_b);
  g_assert_cmpint (outcome_a.status, ==, outcome_b.status);
  g_assert_cmpint (outcome_a.reason, ==, outcome_b.reason);
}

/* Plays on from a position written at action @at of @run, set up anew
 * from its text, beside the game itself. */
static void
check_position_at (const Entry *entry, const Run *run, guint at)
{
  g_autoptr (CpState) state = start_state (entry, run);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) options = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpState) copy = NULL;
  g_autofree char *text = NULL, *again = NULL, *what = NULL;

  for (guint i = 0; i < at; i++)
    apply (state, logged (run, i));
  text = cp_state_write_position (state, &error);
  g_assert_no_error (error);
  what = g_strdup_printf ("%s for %u, seed %" G_GUINT64_FORMAT ", after %u actions, “%s”",
                          entry->rules->id, run->n_seats, run->seed, at, text);
  for (guint i = 0; run->options[i]; i++)
    if (!g_str_has_prefix (run->options[i], CP_POSITION_OPTION "="))
      g_ptr_array_add (options, g_strdup (run->options[i]));
  g_ptr_array_add (options, g_strconcat (CP_POSITION_OPTION "=", text, NULL));
  g_ptr_array_add (options, NULL);
  game = cp_test_try_new_game (entry->rules->id, run->n_seats, run->seed,
                               (const char *const *) options->pdata, &error);
  if (game == NULL)
    g_error ("%s: not read back: %s", what, error->message);
  copy = cp_state_copy (cp_game_get_state (game));
  again = cp_state_write_position (copy, &error);
  g_assert_no_error (error);
  if (g_strcmp0 (text, again) != 0)
    g_error ("%s: written back as “%s”", what, again);
  assert_same_play (state, copy, what);

  /* The same actions play on alike, until the game's history (such as a
   * repetition) or a player's word (a draw offered) may tell them apart. */
  for (guint i = at; i < run->log->len && i < at + 12 && !cp_state_is_over (state)
                     && !is_meta (logged (run, i)->type); i++)
    {
      g_autofree char *step = g_strdup_printf ("%s, then %u actions", what, i + 1 - at);

      apply (state, logged (run, i));
      if (!cp_state_apply (copy, logged (run, i), &error))
        g_error ("%s: action %u does not play on: %s", step, i, error->message);
      if (!cp_state_is_over (state))
        assert_same_play (state, copy, step);
    }
}

/* Positions written from the middle and the end of each random game, and
 * after every kind of action: read back, they play on alike. */
static void
test_positions (gconstpointer data)
{
  Entry *entry = (Entry *) data;
  GPtrArray *runs = get_runs (entry);

  g_assert_nonnull (entry->rules->write_position);
  g_assert_nonnull (cp_rules_find_option (entry->rules, CP_POSITION_OPTION));
  for (guint r = 0; r < runs->len; r++)
    {
      const Run *run = g_ptr_array_index (runs, r);
      g_autoptr (CpState) state = start_state (entry, run);
      guint n = run->log->len;
      guint marks[] = { 0, n / 3, n / 2 + 1, 2 * n / 3 + 2, n };
      guint next = 0;

      for (guint i = 0; i <= n; i++)
        {
          gboolean due = next < G_N_ELEMENTS (marks) && i >= marks[next];

          if (due && !(cp_state_pending (state) & CP_SEAT_BIT (CP_SEAT_CHANCE)) && state->draw_offer == 0)
            {
              check_position_at (entry, run, i);
              while (next < G_N_ELEMENTS (marks) && i >= marks[next])
                next++;
            }
          if (i < n)
            apply (state, logged (run, i));
        }
    }
}

/* Taking a move back: make and unmake against a copy, make with its undo
 * record against cp_state_apply(). */
static void
test_make_unmake (gconstpointer data)
{
  Entry *entry = (Entry *) data;
  const CpRules *rules = entry->rules;
  GPtrArray *runs = get_runs (entry);

  for (guint r = 0; r < runs->len; r++)
    {
      const Run *run = g_ptr_array_index (runs, r);
      g_autoptr (CpState) state = start_state (entry, run);

      for (guint i = 0; i < run->log->len; i++)
        {
          const CpAction *action = logged (run, i);
          g_autoptr (CpState) made = NULL;
          CpUndo undo;

          if (is_meta (action->type))
            {
              apply (state, action);
              continue;
            }
          if (rules->unmake != NULL)
            {
              g_autoptr (CpState) taken_back = cp_state_copy (state);

              memset (&undo, 0xa5, sizeof undo);
              rules->make (taken_back, action, &undo);
              rules->unmake (taken_back, action, &undo);
              assert_same_state (taken_back, state, "make and unmake");
            }
          made = cp_state_copy (state);
          if (action->seat != CP_SEAT_CHANCE)
            made->draw_offer &= CP_SEAT_BIT (action->seat);
          rules->make (made, action, &undo);
          rules->outcome (made, &made->outcome);
          apply (state, action);
          assert_same_state (made, state, "make with an undo record and cp_state_apply");
        }
    }
}

/* With CP_RECORD_CORPUS naming a directory, the records of the random
 * games are written there as seeds for the fuzz target of the record
 * loader (tests/fuzz/corpus/record): one game of each set-up, cut short
 * to keep the seeds small, and the first game whole unless it is long.
 * The players have names beyond ASCII, and a tag. */
#define CORPUS_PER_RULES 12
#define CORPUS_ACTIONS 60
#define CORPUS_MAX_SIZE 8000

static void
write_corpus_record (const Entry *entry, const Run *run, guint index, const char *dir)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_test_try_new_game (entry->rules->id, run->n_seats, run->seed,
                                                  (const char *const *) run->options, &error);
  static const char *const names[] = { "Zoë", "Łukasz", "Ayşe", "Æthelred" };
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  guint n = run->log->len;
  gsize length;

  g_assert_no_error (error);
  for (guint seat = 0; seat < run->n_seats; seat++)
    cp_player_set_name (cp_game_get_player (game, seat), names[seat % G_N_ELEMENTS (names)]);
  g_hash_table_insert (cp_game_get_tags (game), g_strdup ("Event"), g_strdup ("Fuzz seed"));
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (cp_game_append (game, logged (run, i), &error));
      text = cp_record_to_string (game, &length);
      if ((index > 0 && i + 1 == CORPUS_ACTIONS) || length > CORPUS_MAX_SIZE)
        break;
      g_clear_pointer (&text, g_free);
    }
  if (text == NULL)
    text = cp_record_to_string (game, &length);
  name = g_strdup_printf ("%s-%u-players-%02u.xml", entry->rules->id, run->n_seats, index);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, text, (gssize) length, &error));
  g_assert_no_error (error);
}

static void
write_corpus (const Entry *entry, GPtrArray *runs, const char *dir)
{
  guint per_seats = CORPUS_PER_RULES / (entry->rules->max_seats - entry->rules->min_seats + 1u);
  guint written = 0, by_seats[CP_MAX_SEATS + 1] = { 0 };

  for (guint r = 0; r < runs->len; r++)
    {
      const Run *run = g_ptr_array_index (runs, r);

      /* The first game of each set-up (see get_runs()), for each number
       * of players alike. */
      if ((run->seed - 1) % 1000 == 0 && by_seats[run->n_seats]++ < per_seats)
        write_corpus_record (entry, run, written++, dir);
    }
}

/* Where players take turns, the move list's numbers give each seat one
 * place, its column, the places of a round rise, and a round holds the
 * moves of more than one player: the table goes round the seats in the
 * order they play, also when one is out.  Where more than two play, the
 * first to move opens the first round, and a player put out moves no
 * more. */
static void
check_numbering (CpGame *game)
{
  const CpRules *rules = cp_game_get_rules (game);
  guint n = cp_game_get_n_actions (game), moves = 0, rounds = 0, last_round = 0, last_place = 0;
  guint place_of[CP_MAX_SEATS];
  g_autofree CpActionNumber *numbers = g_new0 (CpActionNumber, MAX (n, 1));
  CpMoveColumns columns;
  CpSeatMask out = 0;

  if (cp_game_get_n_seats (game) < 2
      || (rules->numbering != CP_NUMBERING_TURNS && rules->numbering != CP_NUMBERING_WHOLE_TURNS))
    return;
  for (guint s = 0; s < CP_MAX_SEATS; s++)
    place_of[s] = CP_NO_SEAT;
  cp_game_number_actions (game, 0, n, numbers);
  cp_game_get_move_columns (game, &columns);
  g_assert_cmpuint (columns.n_columns, ==, cp_game_get_n_seats (game));
  g_assert_cmpint (columns.headed, ==, cp_game_get_n_seats (game) > 2);
  for (guint i = 0; i < n; i++)
    {
      guint seat = cp_game_get_action (game, i)->seat;

      g_assert_cmpuint (numbers[i].goes_out, ==, numbers[i].out & ~out);
      if (columns.headed)
        out = numbers[i].out;
      if (numbers[i].round == 0 || numbers[i].joins)
        continue;
      g_assert_cmpuint (numbers[i].place, <, cp_game_get_n_seats (game));
      g_assert_cmpuint (columns.seats[numbers[i].place], ==, seat);
      if (columns.headed && moves == 0)
        g_assert_cmpuint (numbers[i].place, ==, 0);
      g_assert_false (out & ~numbers[i].goes_out & CP_SEAT_BIT (seat));
      if (place_of[seat] == CP_NO_SEAT)
        place_of[seat] = numbers[i].place;
      g_assert_cmpuint (numbers[i].place, ==, place_of[seat]);
      if (numbers[i].round != last_round)
        rounds++;
      else
        g_assert_cmpuint (numbers[i].place, >=, last_place);
      last_round = numbers[i].round;
      last_place = numbers[i].place;
      moves++;
    }
  if (moves >= 12)
    g_assert_cmpuint (2 * rounds, <, moves + moves / 2);
}

/* Saving and loading: the same log, outcome and final state. */
static void
test_records (gconstpointer data)
{
  Entry *entry = (Entry *) data;
  GPtrArray *runs = get_runs (entry);
  const char *corpus = g_getenv ("CP_RECORD_CORPUS");

  if (corpus != NULL)
    write_corpus (entry, runs, corpus);
  for (guint r = 0; r < runs->len; r++)
    {
      const Run *run = g_ptr_array_index (runs, r);
      g_autoptr (GError) error = NULL;
      g_autoptr (CpGame) game = cp_test_try_new_game (entry->rules->id, run->n_seats, run->seed,
                                                      (const char *const *) run->options, &error);
      g_autoptr (CpGame) back = NULL;
      g_autofree char *text = NULL;
      gsize length = 0;

      g_assert_no_error (error);
      for (guint i = 0; i < run->log->len; i++)
        {
          g_assert_true (cp_game_append (game, logged (run, i), &error));
          g_assert_no_error (error);
        }
      text = cp_record_to_string (game, &length);
      g_assert_nonnull (text);
      back = cp_record_load_data (text, length, &error);
      g_assert_no_error (error);

      g_assert_true (cp_game_get_rules (back) == entry->rules);
      g_assert_cmpuint (cp_game_get_n_seats (back), ==, run->n_seats);
      g_assert_cmpuint (cp_game_get_seed (back), ==, run->seed);
      g_assert_cmpuint (g_hash_table_size (cp_game_get_options (back)), ==,
                        g_hash_table_size (cp_game_get_options (game)));
      for (guint o = 0; o < entry->rules->n_options; o++)
        {
          const char *id = entry->rules->options[o].id;

          g_assert_cmpstr (cp_game_get_option (back, id), ==, cp_game_get_option (game, id));
        }
      g_assert_cmpuint (cp_game_get_n_actions (back), ==, run->log->len);
      for (guint i = 0; i < run->log->len; i++)
        {
          const CpAction *a = logged (run, i), *b = cp_game_get_action (back, i);

          g_assert_true (cp_action_same (a, b));
          g_assert_cmpuint (a->visible, ==, b->visible);
        }
      g_assert_cmpmem (cp_game_get_outcome (back), sizeof (CpOutcome), &run->outcome, sizeof (CpOutcome));
      assert_same_state (cp_game_get_state (back), cp_game_get_state (game), "a record loaded");
      check_numbering (game);

      /* Once through a file as well. */
      if (r == 0)
        {
          g_autofree char *dir = g_dir_make_tmp ("cp-registry-XXXXXX", &error);
          g_autofree char *path = NULL;
          g_autoptr (GFile) file = NULL;
          g_autoptr (CpGame) loaded = NULL;

          g_assert_no_error (error);
          path = g_build_filename (dir, "game.chessparlour", NULL);
          file = g_file_new_for_path (path);
          g_assert_true (cp_record_save (game, file, &error));
          g_assert_no_error (error);
          loaded = cp_record_load (file, &error);
          g_assert_no_error (error);
          g_assert_cmpuint (cp_game_get_n_actions (loaded), ==, run->log->len);
          assert_same_state (cp_game_get_state (loaded), cp_game_get_state (game), "a record file loaded");
          g_assert_cmpint (g_remove (path), ==, 0);
          g_assert_cmpint (g_rmdir (dir), ==, 0);
        }
    }
}

/* Moves and placements carry their whole meaning in their cells and
 * piece; an action whose value says more (a change made by a card) need
 * not be read back from its text. */
static gboolean
must_read_back (const CpAction *action)
{
  return (action->type == CP_ACTION_MOVE || action->type == CP_ACTION_PLACE) && action->value == 0;
}

/* Writing and reading moves: every action written in every notation, and
 * read back.  Only a game whose players choose together in secret may
 * have no notation to read: a text would not say whose choice it is. */
static void
test_move_text (gconstpointer data)
{
  Entry *entry = (Entry *) data;
  const CpRules *rules = entry->rules;
  GPtrArray *runs = get_runs (entry);
  guint read = 0;
  gboolean together = FALSE;

  for (guint r = 0; r < runs->len; r++)
    {
      const Run *run = g_ptr_array_index (runs, r);
      g_autoptr (CpState) state = start_state (entry, run);

      for (guint i = 0; i < run->log->len; i++)
        {
          const CpAction *action = logged (run, i);

          together = together || action->type == CP_ACTION_COMMIT;
          for (guint n = 0; n < G_N_ELEMENTS (notations) && !is_meta (action->type); n++)
            {
              g_autofree char *text = cp_state_format (state, action, notations[n]);
              g_autoptr (GError) error = NULL;
              CpAction back;
              gboolean ok;

              g_assert_nonnull (text);
              g_assert_true (g_utf8_validate (text, -1, NULL));
              /* What the rules make known may be nothing worth saying. */
              if (action->type != CP_ACTION_REVEAL || action->seat != CP_SEAT_CHANCE)
                g_assert_cmpstr (text, !=, "");
              if (rules->parse == NULL || action->seat == CP_SEAT_CHANCE)
                continue;
              ok = cp_state_parse (state, text, &back, &error);
              if (!ok && must_read_back (action))
                g_error ("%s: “%s” (notation %u, ply %u) is not read back: %s",
                         rules->id, text, notations[n], state->ply, error->message);
              if (ok && !cp_action_same (&back, action))
                g_error ("%s: “%s” (notation %u, ply %u) is read back as another action",
                         rules->id, text, notations[n], state->ply);
              read += ok;
            }
          apply (state, action);
        }
    }
  if (rules->parse == NULL && !together)
    g_error ("%s: its moves are written but cannot be read back", rules->id);
  /* A game that reads moves reads those of its random games. */
  if (rules->parse != NULL)
    g_assert_cmpuint (read, >, 0);
}

/* Secrets. */

/* What @seat sees of @state after @n actions of @log must hide what it
 * may not know, and hiding it twice changes nothing. */
static CpView *
check_view (const CpState *state, const CpAction *log, guint n, guint seat)
{
  CpView *view = cp_view_new (state, log, n, seat);
  g_autoptr (CpState) again = cp_state_copy (cp_view_get_state (view));

  state->rules->redact (again, seat);
  assert_same_state (again, cp_view_get_state (view), "a view redacted twice");
  g_assert_cmpuint (cp_view_get_n_actions (view), ==, n);
  for (guint j = 0; j < n; j++)
    {
      const CpAction *seen = cp_view_get_action (view, j);

      g_assert_cmpuint (seen->type, ==, log[j].type);
      g_assert_cmpuint (seen->seat, ==, log[j].seat);
      if (cp_action_log_visible_to (log, n, j, seat))
        {
          g_assert_true (cp_action_same (seen, &log[j]));
          g_assert_false (seen->flags & CP_ACTION_FLAG_REDACTED);
          continue;
        }
      g_assert_cmpuint (seen->flags, ==, CP_ACTION_FLAG_REDACTED);
      g_assert_cmpuint (seen->n_cells, ==, 0);
      g_assert_cmpuint (seen->value, ==, 0);
      g_assert_cmpuint (seen->piece, ==, 0);
      g_assert_null (seen->text);
    }
  return view;
}

/* A game beside the one logged, that differs from it in one secret
 * choice, and follows its actions as long as it can. */
typedef struct {
  CpState *state;
  GArray *log;
  CpSeatMask knowing; /* seats that know the choice */
} Twin;

static void
twin_close (Twin *twin)
{
  g_clear_pointer (&twin->state, cp_state_free);
  g_clear_pointer (&twin->log, g_array_unref);
}

/* What the rules present to @seat of two views is the same. */
static void
assert_same_presentation (const CpState *a, const CpState *b, guint seat)
{
  g_autoptr (CpPresentation) first = cp_presentation_new ();
  g_autoptr (CpPresentation) second = cp_presentation_new ();

  if (a->rules->present == NULL)
    return;
  a->rules->present (a, a, seat, first);
  b->rules->present (b, b, seat, second);
  g_assert_cmpstr (first->prompt, ==, second->prompt);
  g_assert_cmpuint (first->overlays->len, ==, second->overlays->len);
  for (guint i = 0; i < first->overlays->len; i++)
    {
      const CpOverlay *x = &g_array_index (first->overlays, CpOverlay, i);
      const CpOverlay *y = &g_array_index (second->overlays, CpOverlay, i);

      g_assert_true (x->kind == y->kind && x->cell == y->cell && x->piece == y->piece
                     && x->seat == y->seat && x->count == y->count);
      g_assert_cmpstr (x->description, ==, y->description);
    }
  g_assert_cmpuint (first->side->len, ==, second->side->len);
  for (guint i = 0; i < first->side->len; i++)
    {
      const CpSideItem *x = &g_array_index (first->side, CpSideItem, i);
      const CpSideItem *y = &g_array_index (second->side, CpSideItem, i);

      g_assert_true (x->kind == y->kind && x->seat == y->seat && x->piece == y->piece
                     && x->count == y->count && x->faded == y->faded);
    }
}

/* Seats that do not know the choice must see the same in both games: the
 * same view, the same presentation, the same legal actions, the same text
 * of the last action. */
static void
compare_twins (const CpState *state, const CpState *before, const GArray *log, const Twin *twin,
               const CpState *twin_before)
{
  const CpAction *main_log = (const CpAction *) log->data, *twin_log = (const CpAction *) twin->log->data;

  g_assert_cmpuint (cp_state_pending (state), ==, cp_state_pending (twin->state));
  for (guint seat = 0; seat < state->n_seats; seat++)
    {
      g_autoptr (CpView) view = NULL;
      g_autoptr (CpView) twin_view = NULL;
      g_auto (CpActionList) legal = { 0 };
      g_auto (CpActionList) twin_legal = { 0 };
      g_autofree char *text = NULL;
      g_autofree char *twin_text = NULL;
      guint n = log->len;

      if (twin->knowing & CP_SEAT_BIT (seat))
        continue;
      view = check_view (state, main_log, n, seat);
      twin_view = check_view (twin->state, twin_log, n, seat);
      assert_same_state (cp_view_get_state (view), cp_view_get_state (twin_view),
                         "the views of a seat that may not know a secret choice");
      for (guint j = 0; j < n; j++)
        {
          const CpAction *a = cp_view_get_action (view, j), *b = cp_view_get_action (twin_view, j);

          g_assert_true (cp_action_same (a, b));
          g_assert_cmpuint (a->flags, ==, b->flags);
        }
      text = cp_state_format (before, cp_view_get_action (view, n - 1), CP_NOTATION_SAN);
      twin_text = cp_state_format (twin_before, cp_view_get_action (twin_view, n - 1), CP_NOTATION_SAN);
      g_assert_cmpstr (text, ==, twin_text);

      assert_same_presentation (cp_view_get_state (view), cp_view_get_state (twin_view), seat);

      cp_state_legal (state, seat, &legal);
      cp_state_legal (twin->state, seat, &twin_legal);
      g_assert_cmpuint (legal.len, ==, twin_legal.len);
      for (guint i = 0; i < legal.len; i++)
        g_assert_true (cp_action_same (&legal.items[i], &twin_legal.items[i]));
    }
}

/* Opens a twin game when @action is a secret choice with another legal
 * choice of the same kind beside it. */
static void
twin_open (Twin *twin, const CpState *before, const GArray *log, const CpAction *action, GRand *rand)
{
  g_auto (CpActionList) legal = { 0 };
  g_autoptr (GArray) others = g_array_new (FALSE, FALSE, sizeof (CpAction));
  CpAction other;

  cp_state_legal (before, action->seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == action->type && legal.items[i].visible == action->visible
        && !cp_action_same (&legal.items[i], action))
      g_array_append_val (others, legal.items[i]);
  if (others->len == 0)
    return;
  other = g_array_index (others, CpAction, g_rand_int_range (rand, 0, (gint32) others->len));
  twin->state = cp_state_copy (before);
  apply (twin->state, &other);
  twin->log = g_array_copy ((GArray *) log);
  g_array_append_val (twin->log, other);
  twin->knowing = action->visible;
}

/* Follows @action in the twin game; closes it where the games may part:
 * at a random result, or at an action that only a knowing seat makes and
 * that the other choice rules out. */
static void
twin_follow (Twin *twin, const CpAction *action)
{
  g_autoptr (GError) error = NULL;

  if (action->seat == CP_SEAT_CHANCE)
    {
      twin_close (twin);
      return;
    }
  if (!cp_state_apply (twin->state, action, &error))
    {
      if (!(twin->knowing & CP_SEAT_BIT (action->seat)))
        g_error ("%s: an action of seat %u is legal or not by a secret it may not know: %s",
                 twin->state->rules->id, action->seat, error->message);
      twin_close (twin);
      return;
    }
  g_array_append_val (twin->log, *action);
}

static void
test_secrets (gconstpointer data)
{
  Entry *entry = (Entry *) data;
  const CpRules *rules = entry->rules;
  GPtrArray *runs = get_runs (entry);
  guint compared = 0, hidden_results = 0;
  gboolean secret_choices = FALSE;

  for (guint r = 0; r < runs->len; r++)
    {
      const Run *run = g_ptr_array_index (runs, r);
      g_autoptr (CpState) state = start_state (entry, run);
      g_autoptr (GArray) log = g_array_new (FALSE, FALSE, sizeof (CpAction));
      g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) run->seed);
      Twin twin = { NULL, NULL, 0 };

      /* A game without secrets shows every action to everyone. */
      if (!(rules->flags & CP_RULES_SECRETS))
        {
          for (guint i = 0; i < run->log->len; i++)
            g_assert_cmpuint (logged (run, i)->visible, ==, CP_SEATS_ALL);
          continue;
        }
      for (guint i = 0; i < run->log->len; i++)
        {
          const CpAction *action = logged (run, i);
          g_autoptr (CpState) before = cp_state_copy (state);
          g_autoptr (CpState) twin_before = twin.state ? cp_state_copy (twin.state) : NULL;

          /* A random result no seat may know, such as a shuffle, is
           * hidden by the views checked below. */
          hidden_results += action->seat == CP_SEAT_CHANCE && action->visible == 0;
          if (twin.state != NULL)
            twin_follow (&twin, action);
          else if (!cp_action_is_public (action) && action->seat != CP_SEAT_CHANCE)
            {
              secret_choices = TRUE;
              twin_open (&twin, before, log, action, rand);
              twin_before = cp_state_copy (before);
            }
          apply (state, action);
          g_array_append_val (log, *action);

          if (twin.state != NULL)
            {
              compare_twins (state, before, log, &twin, twin_before);
              compared++;
            }
          else
            for (guint seat = 0; seat < run->n_seats; seat++)
              cp_view_unref (check_view (state, (const CpAction *) log->data, log->len, seat));
        }
      twin_close (&twin);
    }
  /* The check above must have had secrets to look at. */
  if (rules->flags & CP_RULES_SECRETS)
    g_assert_cmpuint (compared + hidden_results, >, 0);
  /* Where the players choose secrets, twin games were compared. */
  if (secret_choices)
    g_assert_cmpuint (compared, >, 0);
}

/* Flags and hooks. */

static void
check_options (const CpRules *rules)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) defaults = cp_rules_resolve_options (rules, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (defaults), ==, rules->n_options);
  g_assert_true (rules->n_options == 0 || rules->options != NULL);
  for (guint i = 0; i < rules->n_options; i++)
    {
      const CpOptionSpec *spec = &rules->options[i];

      g_assert_nonnull (spec->id);
      g_assert_nonnull (spec->label);
      g_assert_nonnull (spec->default_value);
      g_assert_true (cp_rules_find_option (rules, spec->id) == spec);
      switch (spec->type)
        {
        case CP_OPTION_CHOICE:
          g_assert_nonnull (spec->choices);
          g_assert_nonnull (spec->choice_labels);
          g_assert_cmpuint (g_strv_length ((GStrv) spec->choices), >, 0);
          g_assert_cmpuint (g_strv_length ((GStrv) spec->choices), ==,
                            g_strv_length ((GStrv) spec->choice_labels));
          g_assert_true (g_strv_contains (spec->choices, spec->default_value));
          break;
        case CP_OPTION_INT:
          {
            gint64 n = g_ascii_strtoll (spec->default_value, NULL, 10);

            g_assert_cmpint (spec->min, <=, spec->max);
            g_assert_cmpint (n, >=, spec->min);
            g_assert_cmpint (n, <=, spec->max);
          }
          break;
        case CP_OPTION_BOOL:
          g_assert_true (g_str_equal (spec->default_value, "true") || g_str_equal (spec->default_value, "false"));
          break;
        case CP_OPTION_TEXT:
          break;
        case CP_OPTION_TABLE:
          {
            guint n_columns = cp_option_table_columns (spec), spanned = 0;
            g_autofree int *cells = g_new (int, cp_option_table_rows (spec) * n_columns);
            g_autofree char *written = NULL;

            g_assert_cmpuint (g_strv_length ((GStrv) spec->choices), ==,
                              g_strv_length ((GStrv) spec->choice_labels));
            g_assert_cmpuint (n_columns, >, 0);
            for (guint g = 0; spec->column_groups != NULL && spec->column_groups[g] != NULL; g++)
              spanned += spec->column_group_spans[g];
            g_assert_true (spec->column_groups == NULL || spanned == n_columns);
            /* The default is a whole table, written as it is read. */
            g_assert_true (cp_option_table_read (spec, spec->default_value, cells, NULL));
            written = cp_option_table_write (spec, cells);
            g_assert_cmpstr (written, ==, spec->default_value);
          }
          break;
        default:
          g_assert_not_reached ();
        }
      if (spec->relevant_when != NULL)
        {
          g_auto (GStrv) parts = g_strsplit (spec->relevant_when, "=", 2);
          const CpOptionSpec *other = cp_rules_find_option (rules, parts[0]);
          g_autoptr (GHashTable) given = g_hash_table_new (g_str_hash, g_str_equal);
          g_autoptr (GHashTable) resolved = NULL;

          g_assert_cmpuint (g_strv_length (parts), ==, 2);
          g_assert_nonnull (other);
          g_assert_true (other != spec);
          g_hash_table_insert (given, parts[0], parts[1]);
          resolved = cp_rules_resolve_options (rules, given, &error);
          g_assert_no_error (error);
        }
    }
}

static void
check_seats (const CpRules *rules)
{
  g_assert_cmpuint (rules->min_seats, >=, 1);
  g_assert_cmpuint (rules->min_seats, <=, rules->max_seats);
  g_assert_cmpuint (rules->max_seats, <=, CP_MAX_SEATS);
  g_assert_nonnull (rules->colours);
  for (guint seat = 0; seat < rules->max_seats; seat++)
    {
      const char *name = cp_rules_seat_name (rules, seat);

      g_assert_cmpuint (rules->colours[seat], <, CP_N_COLOURS);
      g_assert_nonnull (name);
      g_assert_cmpstr (name, !=, "");
      for (guint other = 0; other < seat; other++)
        g_assert_cmpstr (name, !=, cp_rules_seat_name (rules, other));
      if (rules->view_rotations != NULL)
        g_assert_cmpuint (rules->view_rotations[seat], <, 4);
    }
}

/* Draws by agreement, claims and resignation, in the middle of a game. */
static void
check_meta_actions (const Entry *entry, const Run *run)
{
  const CpRules *rules = entry->rules;
  g_autoptr (CpState) state = start_state (entry, run);
  g_autoptr (CpState) offered = NULL;
  g_autoptr (CpState) resigned = NULL;
  g_autoptr (GError) error = NULL;
  CpSeatMask pending;
  guint seat;
  CpAction action;

  /* Half-way through, at a player's turn without a draw offered. */
  for (guint i = 0; i < run->log->len; i++)
    {
      if (i >= run->log->len / 2 && state->draw_offer == 0
          && !(cp_state_pending (state) & CP_SEAT_BIT (CP_SEAT_CHANCE)))
        break;
      apply (state, logged (run, i));
    }
  pending = cp_state_pending (state);
  if (pending == 0 || (pending & CP_SEAT_BIT (CP_SEAT_CHANCE)))
    return;
  seat = (guint) __builtin_ctz (pending);

  offered = cp_state_copy (state);
  cp_action_init (&action, CP_ACTION_OFFER_DRAW, seat);
  if (rules->flags & CP_RULES_DRAWS)
    {
      apply (offered, &action);
      g_assert_false (cp_state_check (offered, &action, NULL));
      cp_action_init (&action, CP_ACTION_ACCEPT_DRAW, other_seat (state, seat));
      apply (offered, &action);
      g_assert_cmpuint (offered->outcome.status, ==, CP_STATUS_DRAWN);
      g_assert_cmpuint (offered->outcome.reason, ==, CP_END_AGREEMENT);
    }
  else
    {
      g_assert_false (cp_state_check (offered, &action, &error));
      g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
      g_clear_error (&error);
    }
  if (rules->claimable == NULL)
    {
      cp_action_init (&action, CP_ACTION_CLAIM_DRAW, seat);
      g_assert_false (cp_state_check (state, &action, &error));
      g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
      g_clear_error (&error);
    }

  resigned = cp_state_copy (state);
  cp_action_init (&action, CP_ACTION_RESIGN, seat);
  apply (resigned, &action);
  g_assert_true (resigned->out & CP_SEAT_BIT (seat));
  check_state (resigned);
  if (resigned->outcome.status == CP_STATUS_WON)
    g_assert_false (resigned->outcome.winners & CP_SEAT_BIT (seat));
  if (__builtin_popcount (all_seats (state->n_seats) & ~resigned->out) == 1)
    g_assert_true (cp_state_is_over (resigned));
}

static void
test_flags (gconstpointer data)
{
  Entry *entry = (Entry *) data;
  const CpRules *rules = entry->rules;
  const guint known = CP_RULES_DRAWS | CP_RULES_SECRETS | CP_RULES_CHANCE | CP_RULES_SECRET_SETUP;
  GPtrArray *runs = get_runs (entry);
  gboolean random_result = FALSE, chance_due = FALSE, secret = FALSE, card_action = FALSE;
  gboolean cards_on_table = FALSE;
  guint n_rules;
  const CpRules *const *list = cp_rules_list (&n_rules);

  g_assert_nonnull (rules->id);
  g_assert_true (cp_rules_lookup (rules->id) == rules);
  for (guint i = 0; i < n_rules; i++)
    g_assert_true (list[i] == rules || !g_str_equal (list[i]->id, rules->id));
  g_assert_cmpstr (rules->name, !=, "");
  g_assert_cmpstr (rules->summary, !=, "");
  g_assert_cmpuint (rules->state_size, >=, sizeof (CpState));
  g_assert_true (rules->init && rules->pending && rules->legal && rules->make && rules->outcome);
  g_assert_cmpuint (rules->flags & ~known, ==, 0);
  check_seats (rules);
  check_options (rules);

  /* What the flags promise, the hooks provide. */
  g_assert_cmpint (!!(rules->flags & CP_RULES_SECRETS), ==, rules->redact != NULL);
  if (rules->flags & CP_RULES_CHANCE)
    g_assert_nonnull (rules->chance);
  /* A secret set-up: a seed makes its sealed choices, and then play is in
   * the open or the set-up is done. */
  if (rules->flags & CP_RULES_SECRET_SETUP)
    {
      g_autoptr (CpGame) game = cp_game_new (rules->id, NULL, rules->min_seats, 1, NULL);

      g_assert_true (rules->flags & CP_RULES_SECRETS);
      g_assert_cmpuint (cp_game_choose_secrets (game), >, 0);
      g_assert_cmpuint (cp_game_choose_secrets (game), ==, 0);
    }

  /* And the games played agree. */
  for (guint r = 0; r < runs->len; r++)
    {
      const Run *run = g_ptr_array_index (runs, r);

      for (guint i = 0; i < run->log->len; i++)
        {
          const CpAction *action = logged (run, i);

          if (action->seat == CP_SEAT_CHANCE)
            {
              chance_due = TRUE;
              random_result = random_result || action->type != CP_ACTION_REVEAL;
            }
          secret = secret || !cp_action_is_public (action);
          card_action = card_action || action->type == CP_ACTION_PLAY_CARD
                        || action->type == CP_ACTION_DRAW_CARD || action->type == CP_ACTION_DISCARD;
        }
      if (rules->cards != NULL)
        {
          g_autoptr (CpState) state = start_state (entry, run);
          CpCardTable table;

          for (guint i = 0; i < run->log->len && logged (run, i)->seat == CP_SEAT_CHANCE; i++)
            apply (state, logged (run, i));
          rules->cards (state, &table);
          for (guint seat = 0; seat < run->n_seats; seat++)
            cards_on_table = cards_on_table || cp_card_table_count (&table, seat) > 0;
        }
      check_meta_actions (entry, run);
    }
  g_assert_cmpint (!!(rules->flags & CP_RULES_CHANCE), ==, random_result);
  g_assert_cmpint (rules->chance != NULL, ==, chance_due);
  g_assert_cmpint (!!(rules->flags & CP_RULES_SECRETS), ==, secret);
  if (card_action)
    g_assert_nonnull (rules->cards);
  g_assert_cmpint (rules->cards != NULL, ==, cards_on_table);
}

int
main (int argc, char *argv[])
{
  const CpRules *const *list;
  g_autofree Entry *entries = NULL;
  guint n_rules;
  int status;

  g_test_init (&argc, &argv, NULL);
  list = cp_rules_list (&n_rules);
  g_assert_cmpuint (n_rules, >, 0);
  entries = g_new0 (Entry, n_rules);
  for (guint i = 0; i < n_rules; i++)
    {
      static const struct {
        const char *name;
        GTestDataFunc func;
      } checks[] = {
        { "random-games", test_random_games },
        { "make-unmake", test_make_unmake },
        { "records", test_records },
        { "move-text", test_move_text },
        { "secrets", test_secrets },
        { "flags", test_flags },
        { "positions", test_positions },
      };

      entries[i].rules = list[i];
      for (guint c = 0; c < G_N_ELEMENTS (checks); c++)
        {
          g_autofree char *path = g_strdup_printf ("/registry/%s/%s", list[i]->id, checks[c].name);

          g_test_add_data_func (path, &entries[i], checks[c].func);
        }
    }
  status = g_test_run ();
  for (guint i = 0; i < n_rules; i++)
    g_clear_pointer (&entries[i].runs, g_ptr_array_unref);
  return status;
}
