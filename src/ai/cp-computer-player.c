/* cp-computer-player.c: a computer player at one of its levels
 *
 * Random and greedy players pick among the legal actions at once.  The
 * easy, medium and hard players search (cp-search.c) in the games the
 * search plays (two seats, no secrets): the easy player three plies
 * deep (a ply is one seat's turn, however many actions it takes), and
 * then not always the best move found, and less often still
 * where a move ends at dice, beyond which no search sees; the medium
 * player four plies deep at most, within its time; the hard one as deep
 * as its time allows, in a thread for each core.  In orthodox chess
 * these depths put the levels about where their names say
 * (benchmarks/bench-levels.py measures them against Stockfish).
 * In the other games (secrets, three or four players) they use
 * information-set Monte Carlo tree search (cp-mcts.c): the hard player
 * on its time, with a tree for each core, the medium one on the same time
 * but a budget of positions far below what the hard one reaches, the easy
 * player on a small budget and with more mistakes.
 *
 * A player only ever sees what its seat may see: the asynchronous call
 * works on its seat's view of the game, and the tree search fills in the
 * secrets only by the rules' sampling hook.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cp-computer-player.h"
#include "cp-error.h"
#include "cp-mcts.h"

/* Time a move, in milliseconds: the whole of it, and the share after
 * which no deeper search begins. */
#define MEDIUM_TIME 900
#define HARD_TIME 2700
/* The hard player searches in as many threads as the computer has
 * cores, up to this many. */
#define HARD_THREADS 8
/* In a hundred choices, those the medium level takes the rules' advice
 * for (Chess Golf's solver). */
#define MEDIUM_ADVICE 80
/* Microseconds between looks at whether the player is free to think. */
#define WAIT_STEP 1000
#define EASY_DEPTH 3
/* The easy player plays a random move this often (in percent), and
 * otherwise any move within this much of the best: in the games of the
 * alpha-beta search, and in those of the tree search. */
#define EASY_BLUNDERS 5
#define EASY_MARGIN 50
#define EASY_TREE_BLUNDERS 20   /* also where a move ends at dice */
/* The deepest the medium player searches in the games of the alpha-beta
 * search, in plies (captures are followed beyond). */
#define MEDIUM_DEPTH 4
/* Positions the easy player's search looks at, at most, to rate the
 * moves of a position: a game of many moves (Chivalry's jumps) is not
 * rated as deep as chess. */
#define EASY_RATE_NODES 40000
/* Milliseconds the easy player takes at most to rate them. */
#define EASY_TIME 700
/* Positions the easy player's tree search makes a move, and the medium
 * player's at most: the hard player makes as many as its time allows,
 * several times the medium player's. */
#define EASY_NODES 1500
#define MEDIUM_NODES 12000

struct _CpComputerPlayer
{
  GObject parent_instance;

  CpLevel level;
  GRand *rand;
  CpSearch *search;
  CpMcts *mcts;
  guint move_time;
  guint depth;
  guint64 nodes;
  gboolean adviser;  /* takes the rules' advice whenever there is some */
  GMutex thinking;   /* held by the search under way: one at a time */
  GCancellable *hurry; /* ends the search of the question asked last */
};

static void cp_computer_player_agent_init (CpAgentInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CpComputerPlayer, cp_computer_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CP_TYPE_AGENT, cp_computer_player_agent_init))

static const char *const level_ids[CP_N_LEVELS] = {
  "random", "greedy", "easy", "medium", "hard",
};

const char *
cp_level_to_id (CpLevel level)
{
  return level < CP_N_LEVELS ? level_ids[level] : NULL;
}

/**
 * cp_level_describe:
 *
 * Returns: a computer player of @level in words, such as "Computer, easy"
 */
const char *
cp_level_describe (CpLevel level)
{
  switch (level)
    {
    case CP_LEVEL_EASY:
      return _("Computer, easy");
    case CP_LEVEL_MEDIUM:
      return _("Computer, medium");
    case CP_LEVEL_HARD:
      return _("Computer, hard");
    case CP_LEVEL_RANDOM:
    case CP_LEVEL_GREEDY:
    case CP_N_LEVELS:
    default:
      return _("Computer");
    }
}

/**
 * cp_level_name:
 *
 * Returns: the name of @level for a choice of players, which says whom it
 *   suits, such as "Easy — learning the rules"
 */
const char *
cp_level_name (CpLevel level)
{
  switch (level)
    {
    case CP_LEVEL_EASY:
      /* Translators: a level of the computer player, with whom it suits */
      return _("Easy — learning the rules");
    case CP_LEVEL_MEDIUM:
      /* Translators: a level of the computer player, with whom it suits */
      return _("Medium — a club player");
    case CP_LEVEL_HARD:
      /* Translators: a level of the computer player, with whom it suits */
      return _("Hard — a strong club player");
    case CP_LEVEL_RANDOM:
    case CP_LEVEL_GREEDY:
    case CP_N_LEVELS:
    default:
      return cp_level_describe (level);
    }
}

/**
 * cp_level_short_name:
 *
 * Returns: the name of @level alone, such as "Easy", where the choice of
 *   players shows it chosen
 */
const char *
cp_level_short_name (CpLevel level)
{
  switch (level)
    {
    case CP_LEVEL_EASY:
      return C_("computer level", "Easy");
    case CP_LEVEL_MEDIUM:
      return C_("computer level", "Medium");
    case CP_LEVEL_HARD:
      return C_("computer level", "Hard");
    case CP_LEVEL_RANDOM:
    case CP_LEVEL_GREEDY:
    case CP_N_LEVELS:
    default:
      return cp_level_describe (level);
    }
}

/**
 * cp_level_search_depth:
 *
 * Returns: the greatest depth, in plies, that a player of @level searches
 *   in the games of the alpha-beta search (cp_search_supports()), or 0
 *   when only its time limits it
 */
guint
cp_level_search_depth (CpLevel level)
{
  switch (level)
    {
    case CP_LEVEL_EASY:
      return EASY_DEPTH;
    case CP_LEVEL_MEDIUM:
      return MEDIUM_DEPTH;
    case CP_LEVEL_RANDOM:
    case CP_LEVEL_GREEDY:
    case CP_LEVEL_HARD:
    case CP_N_LEVELS:
    default:
      return 0;
    }
}

gboolean
cp_level_from_id (const char *id, CpLevel *level)
{
  for (guint i = 0; i < CP_N_LEVELS; i++)
    if (g_strcmp0 (id, level_ids[i]) == 0)
      {
        *level = (CpLevel) i;
        return TRUE;
      }
  return FALSE;
}

static void
cp_computer_player_finalize (GObject *object)
{
  CpComputerPlayer *self = CP_COMPUTER_PLAYER (object);

  g_rand_free (self->rand);
  g_clear_object (&self->search);
  g_clear_object (&self->mcts);
  g_clear_object (&self->hurry);
  g_mutex_clear (&self->thinking);
  G_OBJECT_CLASS (cp_computer_player_parent_class)->finalize (object);
}

static void
cp_computer_player_class_init (CpComputerPlayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_computer_player_finalize;
}

static void
cp_computer_player_init (CpComputerPlayer *self)
{
  g_mutex_init (&self->thinking);
}

/**
 * cp_computer_player_new:
 * @seed: seeds the player's own choices (the easy player's mistakes, the
 *   random player's moves, ties)
 */
CpComputerPlayer *
cp_computer_player_new (CpLevel level, guint32 seed)
{
  CpComputerPlayer *self = g_object_new (CP_TYPE_COMPUTER_PLAYER, NULL);

  self->level = MIN (level, CP_LEVEL_HARD);
  self->rand = g_rand_new_with_seed (seed);
  self->search = cp_search_new (self->level >= CP_LEVEL_MEDIUM ? 32 : 4);
  self->mcts = cp_mcts_new ();
  if (self->level == CP_LEVEL_HARD)
    {
      guint threads = MIN (g_get_num_processors (), HARD_THREADS);

      cp_search_set_threads (self->search, threads);
      cp_mcts_set_threads (self->mcts, threads);
    }
  if (self->level == CP_LEVEL_EASY)
    cp_mcts_set_rollout (self->mcts, 2, 1);
  else if (self->level == CP_LEVEL_MEDIUM)
    cp_mcts_set_rollout (self->mcts, 4, 2);
  return self;
}

/**
 * cp_computer_player_new_adviser:
 * @seed: as for cp_computer_player_new()
 *
 * A computer player that suggests actions to people (hints): at the
 * medium level, but where the rules know an exactly best action (Chess
 * Golf's par and shortest ways), it always gives that one, however long
 * it takes to work out.
 */
CpComputerPlayer *
cp_computer_player_new_adviser (guint32 seed)
{
  CpComputerPlayer *self = cp_computer_player_new (CP_LEVEL_MEDIUM, seed);

  self->adviser = TRUE;
  return self;
}

/**
 * cp_computer_player_set_move_time:
 * @milliseconds: the most a move may take; 0 for the level's own time
 */
void
cp_computer_player_set_move_time (CpComputerPlayer *self, guint milliseconds)
{
  g_return_if_fail (CP_IS_COMPUTER_PLAYER (self));
  self->move_time = milliseconds;
}

/**
 * cp_computer_player_set_budget:
 * @depth: the greatest depth to search, or 0
 * @nodes: the most positions to look at, or 0
 *
 * Limits the search by work rather than by time when either is given, so
 * that a move does not depend on the speed of the machine (for tests).
 * The tree search of the games alpha-beta does not play counts positions
 * only.
 */
void
cp_computer_player_set_budget (CpComputerPlayer *self, guint depth, guint64 nodes)
{
  g_return_if_fail (CP_IS_COMPUTER_PLAYER (self));
  self->depth = depth;
  self->nodes = nodes;
}

/* Greedy play. */

/* What @action takes, judged from the action alone (for games whose
 * states a player may not play on: it sees only its view). */
static int
visible_gain (const CpState *state, const CpAction *action)
{
  guint last;

  if (action->type != CP_ACTION_MOVE || action->n_cells < 2)
    return 0;
  last = action->cells[action->n_cells - 1];
  return (action->flags & CP_ACTION_FLAG_CAPTURE) ? 1 + cp_piece_kind_value (state->cells[last].kind) : 0;
}

/* The worth for @seat of the position after @action: a win above all. */
static int
greedy_value (const CpState *state, guint seat, const CpAction *action)
{
  g_autoptr (CpState) after = NULL;

  if (state->rules->flags & CP_RULES_SECRETS)
    return visible_gain (state, action);
  after = cp_state_copy (state);
  state->rules->make (after, action, NULL);
  state->rules->outcome (after, &after->outcome);
  if (after->outcome.status == CP_STATUS_WON)
    return (after->outcome.winners & CP_SEAT_BIT (seat)) ? CP_SEARCH_MATE : -CP_SEARCH_MATE;
  if (after->outcome.status == CP_STATUS_DRAWN)
    return 0;
  return cp_state_material (after, seat);
}

static guint
choose_greedy (CpComputerPlayer *self, const CpState *state, guint seat, const CpActionList *moves)
{
  int best = G_MININT;
  guint chosen = 0, ties = 0;

  for (guint i = 0; i < moves->len; i++)
    {
      int value = greedy_value (state, seat, &moves->items[i]);

      /* Among equals, each has the same chance. */
      if (value > best)
        {
          best = value;
          chosen = i;
          ties = 1;
        }
      else if (value == best && g_rand_int_range (self->rand, 0, (gint32) ++ties) == 0)
        chosen = i;
    }
  return chosen;
}

/* Whether one of @moves ends at a roll of the dice, beyond which the
 * search does not look. */
static gboolean
dice_ahead (const CpState *state, const CpActionList *moves)
{
  if (!(state->rules->flags & CP_RULES_CHANCE))
    return FALSE;
  for (guint i = 0; i < moves->len; i++)
    {
      g_autoptr (CpState) child = cp_state_copy (state);

      if (cp_state_apply (child, &moves->items[i], NULL) && (cp_state_pending (child) & CP_SEAT_BIT (CP_SEAT_CHANCE)))
        return TRUE;
    }
  return FALSE;
}

/* Easy play: a shallow search, and not always its best move. */
static guint
choose_easy (CpComputerPlayer *self, const CpState *state, guint seat, const CpActionList *moves)
{
  g_autofree int *scores = g_new (int, moves->len);
  CpSearchLimits limits = { .nodes = self->nodes > 0 ? self->nodes : EASY_RATE_NODES };
  int best = G_MININT;
  guint n = 0, pick;

  /* Where lines end at a roll of the dice, three plies see no less than
   * four: the easy player's mistakes are those of the tree search. */
  if (g_rand_int_range (self->rand, 0, 100) < (dice_ahead (state, moves) ? EASY_TREE_BLUNDERS : EASY_BLUNDERS))
    return (guint) g_rand_int_range (self->rand, 0, (gint32) moves->len);
  /* On a budget of work, the time does not count. */
  if (self->depth == 0 && self->nodes == 0)
    limits.deadline = g_get_monotonic_time ()
                      + (gint64) (self->move_time > 0 ? MIN (self->move_time, EASY_TIME) : EASY_TIME) * 1000;
  cp_search_rate (self->search, state, seat, self->depth > 0 ? self->depth : EASY_DEPTH,
                  moves, EASY_MARGIN, &limits, scores);
  for (guint i = 0; i < moves->len; i++)
    best = MAX (best, scores[i]);
  /* Moves not rated in time are left out, unless none was. */
  if (best > G_MININT)
    best -= EASY_MARGIN;
  for (guint i = 0; i < moves->len; i++)
    n += scores[i] >= best;
  pick = (guint) g_rand_int_range (self->rand, 0, (gint32) n);
  for (guint i = 0; i < moves->len; i++)
    if (scores[i] >= best && pick-- == 0)
      return i;
  return 0;
}

/* The tree search of the games alpha-beta does not play. */
static gboolean
choose_by_tree (CpComputerPlayer *self, const CpState *state, guint seat, GCancellable *cancellable,
                const CpSearchLimits *limits, CpAction *action)
{
  CpSearchLimits bounded = *limits;

  /* A depth alone does not bound the tree: a budget of positions does. */
  if (bounded.nodes == 0 && bounded.deadline == 0)
    bounded.nodes = EASY_NODES * MAX (bounded.depth, 1);
  return cp_mcts_run (self->mcts, state, seat, &bounded, g_rand_int (self->rand), cancellable, action, NULL);
}

/* The limits of a search in @state: the budget, or the time; and the
 * medium player's depth in the games of the alpha-beta search. */
static void
search_limits (CpComputerPlayer *self, const CpState *state, CpSearchLimits *limits)
{
  guint ms = self->move_time > 0 ? self->move_time
             : self->level == CP_LEVEL_HARD ? HARD_TIME : MEDIUM_TIME;
  gint64 now = g_get_monotonic_time ();
  guint most = cp_search_supports (state) && !self->adviser ? cp_level_search_depth (self->level) : 0;

  *limits = (CpSearchLimits) { .depth = self->depth, .nodes = self->nodes };
  if (self->depth == 0 && self->nodes == 0)
    {
      limits->deadline = now + (gint64) ms * 1000;
      limits->soft_deadline = now + (gint64) ms * 1000 / 2;
    }
  if (most > 0)
    limits->depth = limits->depth > 0 ? MIN (limits->depth, most) : most;
}

/**
 * cp_computer_player_choose:
 * @state: the game as @seat sees it
 * @seat: a seat that is to act in @state
 * @history: (array length=n_history) (nullable): the hashes (cp_state_hash())
 *   of the positions before @state, oldest first, to see repetitions
 * @action: (out): the action chosen
 *
 * Chooses an action, in the calling thread.  A cancelled search gives the
 * best action it has found so far.
 *
 * Returns: FALSE, with @error set, when @seat has nothing to do
 */
gboolean
cp_computer_player_choose (CpComputerPlayer *self, const CpState *state, guint seat,
                           const guint64 *history, guint n_history, GCancellable *cancellable,
                           CpAction *action, GError **error)
{
  g_auto (CpActionList) moves = { 0 };
  guint chosen = 0;

  g_return_val_if_fail (CP_IS_COMPUTER_PLAYER (self), FALSE);

  cp_state_legal (state, seat, &moves);
  if (moves.len == 0)
    return cp_error_fail (error, CP_ERROR_ILLEGAL_ACTION,
                          _("The computer player has no move to make now"));

  /* A die to be entered: the computer rolls its own. */
  if (moves.items[0].flags & CP_ACTION_FLAG_ENTERED)
    {
      *action = moves.items[g_rand_int_range (self->rand, 0, (gint32) moves.len)];
      return TRUE;
    }
  switch (self->level)
    {
    case CP_LEVEL_RANDOM:
      chosen = (guint) g_rand_int_range (self->rand, 0, (gint32) moves.len);
      break;
    case CP_LEVEL_GREEDY:
      chosen = choose_greedy (self, state, seat, &moves);
      break;
    case CP_LEVEL_EASY:
      if (cp_search_supports (state))
        chosen = choose_easy (self, state, seat, &moves);
      else if (g_rand_int_range (self->rand, 0, 100) < EASY_TREE_BLUNDERS)
        chosen = (guint) g_rand_int_range (self->rand, 0, (gint32) moves.len);
      else
        {
          CpSearchLimits limits = { .nodes = self->nodes > 0 ? MIN (self->nodes, EASY_NODES) : EASY_NODES };

          return choose_by_tree (self, state, seat, cancellable, &limits, action);
        }
      break;
    case CP_LEVEL_MEDIUM:
    case CP_LEVEL_HARD:
    default:
      {
        CpSearchLimits limits;

        /* The rules' advice (Chess Golf's solver) is perfect play, given
         * the time: the medium level takes it most of the time, and like
         * a person it misses par now and then.  An adviser always takes
         * it, with all the time it needs. */
        search_limits (self, state, &limits);
        if (state->rules->advise != NULL
            && (self->adviser || self->level != CP_LEVEL_MEDIUM
                || g_rand_int_range (self->rand, 0, 100) < MEDIUM_ADVICE)
            && state->rules->advise (state, seat, self->adviser ? 0 : limits.deadline, cancellable, action))
          return TRUE;
        if (moves.len <= 1)
          break;
        if (!cp_search_supports (state))
          {
            if (self->level == CP_LEVEL_MEDIUM && !self->adviser)
              limits.nodes = limits.nodes > 0 ? MIN (limits.nodes, MEDIUM_NODES) : MEDIUM_NODES;
            return choose_by_tree (self, state, seat, cancellable, &limits, action);
          }
        cp_search_set_history (self->search, history, history != NULL ? n_history : 0);
        return cp_search_run (self->search, state, seat, &limits, cancellable, action, NULL);
      }
    }
  *action = moves.items[chosen];
  return TRUE;
}

/* Asynchronous choice. */

typedef struct {
  CpView *view;
  guint seat;
  GArray *history;
  GCancellable *question;  /* calls the question off */
  GCancellable *stop;      /* ends the search: the question called off, or hurried */
  gulong stopping;         /* the question's handler that ends the search */
} Job;

static void
job_free (Job *job)
{
  if (job->question != NULL)
    g_cancellable_disconnect (job->question, job->stopping);
  g_clear_object (&job->question);
  g_object_unref (job->stop);
  cp_view_unref (job->view);
  g_array_unref (job->history);
  g_free (job);
}

static void
stop_search (GCancellable *question, gpointer stop)
{
  g_cancellable_cancel (stop);
}

/* The hashes of the positions of @view before its last, for repetitions:
 * its log replayed from its start, as far as its seat may see it. */
static GArray *
view_history (CpView *view)
{
  GArray *keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  const CpState *start = cp_view_get_start (view);
  guint n = cp_view_get_n_actions (view);
  g_autoptr (CpState) state = NULL;

  if (start == NULL || !cp_search_supports (cp_view_get_state (view)) || n == 0)
    return keys;
  state = cp_state_copy (start);
  for (guint i = 0; i < n; i++)
    {
      guint64 key = cp_state_hash (state);

      g_array_append_val (keys, key);
      if (!cp_state_apply (state, cp_view_get_action (view, i), NULL))
        break;
    }
  return keys;
}

static void
choose_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  CpComputerPlayer *self = source;
  Job *job = data;
  GError *error = NULL;
  CpAction action;

  /* A question asked while another is still being answered (one called
   * off a moment ago, say) waits for its turn, unless it is called off
   * while it waits: the threads may start in either order. */
  while (!g_mutex_trylock (&self->thinking))
    {
      if (g_task_return_error_if_cancelled (task))
        return;
      g_usleep (WAIT_STEP);
    }
  if (g_task_return_error_if_cancelled (task))
    ;
  else if (!cp_computer_player_choose (self, cp_view_get_state (job->view), job->seat,
                                       (const guint64 *) job->history->data, job->history->len,
                                       job->stop, &action, &error))
    g_task_return_error (task, error);
  else if (!g_task_return_error_if_cancelled (task))
    g_task_return_pointer (task, g_memdup2 (&action, sizeof action), g_free);
  g_mutex_unlock (&self->thinking);
}

/**
 * cp_computer_player_choose_async:
 * @game: the game; the player looks at @seat's view of it, taken now, so
 *   the game may change while the player thinks
 *
 * Chooses an action for @seat in a worker thread.  Cancelling
 * @cancellable stops the search at once.  A player thinks about one game
 * at a time.
 */
void
cp_computer_player_choose_async (CpComputerPlayer *self, CpGame *game, guint seat,
                                 GCancellable *cancellable, GAsyncReadyCallback callback,
                                 gpointer user_data)
{
  g_autoptr (CpView) view = NULL;

  g_return_if_fail (CP_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (CP_IS_GAME (game));

  view = cp_game_view_at (game, cp_game_get_n_actions (game), seat);
  cp_agent_choose_async (CP_AGENT (self), view, cancellable, callback, user_data);
}

/* As an agent of a session: chooses for the seat of @view. */
static void
agent_choose_async (CpAgent *agent, CpView *view, GCancellable *cancellable,
                    GAsyncReadyCallback callback, gpointer user_data)
{
  CpComputerPlayer *self = CP_COMPUTER_PLAYER (agent);
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  Job *job;

  g_task_set_source_tag (task, cp_computer_player_choose_async);
  job = g_new0 (Job, 1);
  job->view = cp_view_ref (view);
  job->seat = cp_view_get_seat (view);
  job->history = view_history (view);
  /* The search ends when the question is called off, or when the player
   * is hurried: then it answers with the best action found so far. */
  job->stop = g_cancellable_new ();
  if (cancellable != NULL)
    {
      job->question = g_object_ref (cancellable);
      job->stopping = g_cancellable_connect (cancellable, G_CALLBACK (stop_search), job->stop, NULL);
    }
  g_set_object (&self->hurry, job->stop);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, choose_thread);
}

static void
agent_hurry (CpAgent *agent)
{
  CpComputerPlayer *self = CP_COMPUTER_PLAYER (agent);

  if (self->hurry != NULL)
    g_cancellable_cancel (self->hurry);
}

/**
 * cp_computer_player_choose_finish:
 * @action: (out): the action chosen
 *
 * Returns: FALSE, with @error set, when the search was cancelled
 *   (G_IO_ERROR_CANCELLED) or the seat had nothing to do
 */
gboolean
cp_computer_player_choose_finish (CpComputerPlayer *self, GAsyncResult *result,
                                  CpAction *action, GError **error)
{
  g_autofree CpAction *chosen = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  chosen = g_task_propagate_pointer (G_TASK (result), error);
  if (chosen == NULL)
    return FALSE;
  *action = *chosen;
  return TRUE;
}

static gboolean
agent_choose_finish (CpAgent *agent, GAsyncResult *result, CpAction *action, GError **error)
{
  return cp_computer_player_choose_finish (CP_COMPUTER_PLAYER (agent), result, action, error);
}

static void
cp_computer_player_agent_init (CpAgentInterface *iface)
{
  iface->choose_async = agent_choose_async;
  iface->choose_finish = agent_choose_finish;
  iface->hurry = agent_hurry;
}
