/* cp-coach.c: analyses a game in the background and annotates its moves
 *
 * The coach evaluates every position of a game's log with the computer
 * player's search, in a worker thread, from the first position on: the
 * evaluation of each position from the first seat's side, and the line
 * the search expects.  As each position is done, the main thread turns
 * what it learnt into the annotation of the action that led there (see
 * CpAnnotations): the evaluations before and after it, the preferred
 * action and its line, and a mark when the action lost much of the
 * player's chances.
 *
 * Games of two seats are analysed; a game with secrets only once it is
 * over, when all is revealed, and then on the whole state.  Positions
 * the search cannot play (a random result due, seats choosing at once)
 * get the game's own evaluation, which weighs what chance may bring.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-coach.h"
#include "cp-error.h"
#include "cp-search.h"

#define DEFAULT_MOVE_TIME 300 /* milliseconds a position */
#define TABLE_MEGABYTES 16

struct _CpCoach
{
  GObject parent_instance;

  guint move_time;
  guint depth;
  guint64 nodes;
  gboolean running;
  double progress;
};

G_DEFINE_FINAL_TYPE (CpCoach, cp_coach, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  PROP_PROGRESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct {
  CpEval eval;
  gboolean over;      /* the game is over */
  gboolean chance;    /* a random result is due: the position passes */
  gboolean searched;  /* by the seat below, with the line found */
  guint seat;
  guint n_line;
  CpAction line[CP_ANNOTATION_MAX_LINE];
  /* The action played here and the one preferred, each rated by a search
   * as deep after it, for the seat that played: what the action lost is
   * measured from one point of view, in one position.  (In games where a
   * random result follows every move, the search of the next position
   * sees only the next move, and would favour whoever acts there.) */
  gboolean rated;
  CpEval played;
  CpEval preferred;
} Found;

typedef struct {
  CpGame *game;
  GPtrArray *states;  /* CpState: after 0, 1, ... n actions */
  GArray *actions;    /* CpAction: the log, texts left out */
  Found *found;       /* one for each state */
  guint n_done;       /* positions whose results the main thread took */
  guint n_annotated;  /* actions annotated, or passed over */
  guint n_found;      /* positions the thread has analysed (atomic) */
  gboolean ended;     /* the analysis has ended: late news is old news */
  CpSearchLimits limits;
  gint64 move_time;   /* microseconds; 0: the limits alone */
} Job;

static void
job_free (Job *job)
{
  g_clear_object (&job->game);
  g_clear_pointer (&job->states, g_ptr_array_unref);
  g_clear_pointer (&job->actions, g_array_unref);
  g_free (job->found);
  g_free (job);
}

static void
cp_coach_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CpCoach *self = CP_COACH (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_coach_class_init (CpCoachClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = cp_coach_get_property;

  /**
   * CpCoach:running:
   *
   * Whether an analysis is running.
   */
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CpCoach:progress:
   *
   * How much of the running analysis is done, from 0 to 1.
   */
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL, 0, 1, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cp_coach_init (CpCoach *self)
{
  self->move_time = DEFAULT_MOVE_TIME;
}

CpCoach *
cp_coach_new (void)
{
  return g_object_new (CP_TYPE_COACH, NULL);
}

/**
 * cp_coach_set_move_time:
 *
 * The most time the coach takes for each position.
 */
void
cp_coach_set_move_time (CpCoach *self, guint milliseconds)
{
  g_return_if_fail (CP_IS_COACH (self));
  self->move_time = MAX (milliseconds, 1u);
}

/**
 * cp_coach_set_budget:
 * @depth: the deepest search, or 0
 * @nodes: the most positions searched, or 0
 *
 * Searches each position to @depth or @nodes instead of for a time, so
 * that an analysis comes out the same on any computer; 0 and 0 go back to
 * the time.
 */
void
cp_coach_set_budget (CpCoach *self, guint depth, guint64 nodes)
{
  g_return_if_fail (CP_IS_COACH (self));
  self->depth = depth;
  self->nodes = nodes;
}

gboolean
cp_coach_is_running (CpCoach *self)
{
  g_return_val_if_fail (CP_IS_COACH (self), FALSE);
  return self->running;
}

double
cp_coach_get_progress (CpCoach *self)
{
  g_return_val_if_fail (CP_IS_COACH (self), 0);
  return self->progress;
}

/**
 * cp_coach_can_analyse:
 *
 * Whether the coach analyses @game: a game of two seats, with nothing
 * hidden, or over, and with actions to look at.
 */
gboolean
cp_coach_can_analyse (CpGame *game)
{
  const CpRules *rules;

  g_return_val_if_fail (CP_IS_GAME (game), FALSE);

  rules = cp_game_get_rules (game);
  if (cp_game_get_n_seats (game) != 2 || cp_game_get_n_actions (game) == 0)
    return FALSE;
  return !(rules->flags & CP_RULES_SECRETS) || cp_state_is_over (cp_game_get_state (game));
}

/* The chances of the first seat, from -1 (lost) to 1 (won). */
static double
chances (const CpEval *eval, guint seat)
{
  double cp = cp_eval_for_seat (eval, seat);

  if (ABS (cp) >= 50000)
    return cp > 0 ? 1 : -1;
  return 2 / (1 + exp (-0.00368 * cp)) - 1;
}

/**
 * cp_coach_mark_for_loss:
 * @before: the evaluation before an action of @seat, with the best action
 * @after: the evaluation after the action made
 *
 * The mark of an action by how much of @seat's chances it lost: "??" a
 * third of the whole, "?" a fifth, "?!" a tenth.
 */
CpMoveMark
cp_coach_mark_for_loss (const CpEval *before, const CpEval *after, guint seat)
{
  double lost;

  if (!before->known || !after->known)
    return CP_MOVE_MARK_NONE;
  lost = (chances (before, seat) - chances (after, seat)) / 2;
  if (lost >= 0.15)
    return CP_MOVE_MARK_BLUNDER;
  if (lost >= 0.10)
    return CP_MOVE_MARK_MISTAKE;
  if (lost >= 0.05)
    return CP_MOVE_MARK_DUBIOUS;
  return CP_MOVE_MARK_NONE;
}

static gboolean
is_played (const CpAction *action)
{
  return action->seat != CP_SEAT_CHANCE && action->type < CP_ACTION_RESIGN;
}

/* The evaluation of a finished game: a win as a mate already given. */
static CpEval
final_eval (const CpState *state)
{
  CpEval eval = { .known = TRUE };

  if (state->outcome.status == CP_STATUS_WON && state->outcome.winners == CP_SEAT_BIT (0))
    eval.value = 100000;
  else if (state->outcome.status == CP_STATUS_WON && state->outcome.winners == CP_SEAT_BIT (1))
    eval.value = -100000;
  return eval;
}

/* Whether @action is one the search weighs: a move rather than, say, a
 * resignation or a draw offer. */
static gboolean
is_legal (const CpState *state, guint seat, const CpAction *action)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (state, seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (cp_action_same (&legal.items[i], action))
      return TRUE;
  return FALSE;
}

/* Rates the action played in @state, @played, against the one preferred. */
static void
rate_played (CpSearch *search, const CpState *state, guint seat, guint depth, const CpAction *played,
             Found *found)
{
  CpActionList moves = { 0 };
  int scores[2];

  cp_action_list_init (&moves);
  cp_action_list_append (&moves, &found->line[0]);
  cp_action_list_append (&moves, played);
  /* Both scores exact, however far apart. */
  cp_search_rate (search, state, seat, depth, &moves, G_MAXINT / 2, NULL, scores);
  cp_action_list_clear (&moves);
  found->rated = TRUE;
  found->preferred = cp_eval_from_score (scores[0], seat);
  found->played = cp_eval_from_score (scores[1], seat);
}

static void
analyse_position (CpSearch *search, Job *job, const CpState *state, const CpAction *played,
                  GCancellable *cancellable, Found *found)
{
  CpSeatMask pending = cp_state_pending (state);
  CpSearchLimits limits = job->limits;
  CpSearchInfo info = { 0 };
  CpAction best;
  guint seat;

  if (cp_state_is_over (state))
    {
      found->over = TRUE;
      found->eval = final_eval (state);
      return;
    }
  seat = cp_state_first_pending (state);
  found->chance = (pending & CP_SEAT_BIT (CP_SEAT_CHANCE)) != 0;
  if (seat > 1 || (pending & (pending - 1)) != 0)
    {
      found->eval = cp_eval_from_score (cp_state_evaluate (state, 0), 0);
      return;
    }
  if (job->move_time > 0)
    {
      gint64 now = g_get_monotonic_time ();

      limits.deadline = now + job->move_time;
      limits.soft_deadline = now + job->move_time / 2;
    }
  if (!cp_search_run (search, state, seat, &limits, cancellable, &best, &info) || info.depth == 0)
    {
      found->eval = cp_eval_from_score (cp_state_evaluate (state, seat), seat);
      return;
    }
  found->eval = cp_eval_from_score (info.score, seat);
  found->searched = TRUE;
  found->seat = seat;
  found->line[0] = best;
  found->n_line = 1;
  for (guint k = 1; k < info.n_pv && found->n_line < CP_ANNOTATION_MAX_LINE; k++)
    found->line[found->n_line++] = info.pv[k];
  for (guint k = 0; k < found->n_line; k++)
    found->line[k].text = NULL;
  if (played != NULL && played->seat == seat && is_legal (state, seat, played)
      && !g_cancellable_is_cancelled (cancellable))
    rate_played (search, state, seat, info.depth, played, found);
}

typedef struct {
  GTask *task;
  guint k;
} Done;

static void take_found (Job *job, CpCoach *self, guint k);

static gboolean
position_done (gpointer data)
{
  Done *done = data;
  Job *job = g_task_get_task_data (done->task);

  if (!job->ended)
    take_found (job, g_task_get_source_object (done->task), done->k);
  g_object_unref (done->task);
  g_free (done);
  return G_SOURCE_REMOVE;
}

static void
analyse_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr (CpSearch) search = cp_search_new (TABLE_MEGABYTES);

  for (guint k = 0; k < job->states->len; k++)
    {
      Done *done;
      GSource *idle;

      if (g_cancellable_is_cancelled (cancellable))
        break;
      analyse_position (search, job, g_ptr_array_index (job->states, k),
                        k < job->actions->len ? &g_array_index (job->actions, CpAction, k) : NULL,
                        cancellable, &job->found[k]);
      if (g_cancellable_is_cancelled (cancellable))
        break;
      g_atomic_int_set (&job->n_found, k + 1);
      done = g_new (Done, 1);
      done->task = g_object_ref (task);
      done->k = k;
      /* Always through the context: g_main_context_invoke() would run
       * it here while no thread holds the context. */
      idle = g_idle_source_new ();
      g_source_set_priority (idle, G_PRIORITY_DEFAULT);
      g_source_set_callback (idle, position_done, done, NULL);
      g_source_attach (idle, g_task_get_context (task));
      g_source_unref (idle);
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_boolean (task, TRUE);
}

/* The annotation of the action at @index, from the position before it
 * and @after. */
static void
annotate (Job *job, guint index, const Found *after)
{
  const CpAction *action = &g_array_index (job->actions, CpAction, index);
  const Found *before = &job->found[index];
  CpAnnotation a = { 0 };

  if (!is_played (action) || index >= cp_game_get_n_actions (job->game)
      || !cp_action_same (action, cp_game_get_action (job->game, index)))
    return;
  a.eval = after->eval;
  a.best_eval = before->eval;
  if (before->searched && before->seat == action->seat)
    {
      a.n_line = before->n_line;
      memcpy (a.line, before->line, sizeof a.line);
      if (cp_action_same (&before->line[0], action))
        {
          /* The action preferred keeps what the position was worth. */
          if (!after->over)
            a.eval = before->eval;
        }
      else if (before->rated)
        {
          a.mark = cp_coach_mark_for_loss (&before->preferred, &before->played, action->seat);
          if (!after->over)
            a.eval = before->played;
        }
    }
  cp_annotations_set (cp_game_get_annotations (job->game), index, &a);
}

static void
set_progress (CpCoach *self, double progress)
{
  if (self->progress == progress)
    return;
  self->progress = progress;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

static void
set_running (CpCoach *self, gboolean running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* Takes the results of the positions up to @k, those not taken yet, and
 * annotates the actions they tell of.  The position after an action is
 * the one after its random results, if it has any: the next that a player
 * acts in, or the end. */
static void
take_found (Job *job, CpCoach *self, guint k)
{
  job->n_done = MAX (job->n_done, k + 1);
  while (job->n_annotated + 1 < job->n_done)
    {
      guint after = job->n_annotated + 1;

      while (job->found[after].chance && after + 1 < job->n_done)
        after++;
      if (job->found[after].chance && after + 1 < job->states->len)
        break; /* the position after it is still to come */
      annotate (job, job->n_annotated, &job->found[after]);
      job->n_annotated++;
    }
  set_progress (self, (double) job->n_done / job->states->len);
}

static void
analysis_ended (GObject *source, GAsyncResult *result, gpointer user_data)
{
  CpCoach *self = CP_COACH (source);
  GTask *outer = user_data;
  Job *job = g_task_get_task_data (G_TASK (result));
  guint n_found = (guint) g_atomic_int_get (&job->n_found);

  /* Results whose news has not come yet. */
  if (n_found > 0)
    take_found (job, self, n_found - 1);
  job->ended = TRUE;
  set_running (self, FALSE);
  g_task_set_task_data (outer, g_object_ref (result), g_object_unref);
  g_task_return_boolean (outer, TRUE);
  g_object_unref (outer);
}

/**
 * cp_coach_analyse_async:
 *
 * Analyses @game as it stands, in a worker thread, and annotates its
 * actions in cp_game_get_annotations() one by one as it goes, in the
 * thread of the caller's main context; :progress says how far it is.
 * Cancelling @cancellable stops it, keeping the annotations made so far.
 * One analysis at a time.
 */
void
cp_coach_analyse_async (CpCoach *self, CpGame *game, GCancellable *cancellable,
                        GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) outer = g_task_new (self, cancellable, callback, user_data);
  g_autoptr (GTask) task = NULL;
  Job *job;
  guint n;

  g_return_if_fail (CP_IS_COACH (self));
  g_return_if_fail (CP_IS_GAME (game));
  g_task_set_source_tag (outer, cp_coach_analyse_async);

  if (self->running)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_BUSY, _("An analysis is running already"));
      return;
    }
  if (!cp_coach_can_analyse (game))
    {
      g_task_return_new_error (outer, CP_ERROR, CP_ERROR_ILLEGAL_ACTION,
                               _("The computer can analyse only games of two players with nothing hidden, "
                                 "or games with secrets once they are over"));
      return;
    }

  n = cp_game_get_n_actions (game);
  job = g_new0 (Job, 1);
  job->game = g_object_ref (game);
  job->states = g_ptr_array_new_full (n + 1, (GDestroyNotify) cp_state_free);
  job->actions = g_array_sized_new (FALSE, FALSE, sizeof (CpAction), n);
  job->found = g_new0 (Found, n + 1);
  job->limits = (CpSearchLimits) { .depth = self->depth, .nodes = self->nodes };
  job->move_time = self->depth == 0 && self->nodes == 0 ? (gint64) self->move_time * 1000 : 0;
  for (guint k = 0; k <= n; k++)
    g_ptr_array_add (job->states, cp_game_state_at (game, k));
  for (guint i = 0; i < n; i++)
    {
      CpAction action = *cp_game_get_action (game, i);

      action.text = NULL;
      g_array_append_val (job->actions, action);
    }

  set_progress (self, 0);
  set_running (self, TRUE);
  task = g_task_new (self, cancellable, analysis_ended, g_steal_pointer (&outer));
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, analyse_thread);
}

/**
 * cp_coach_analyse_finish:
 *
 * Returns: %TRUE when the whole game was analysed; %FALSE with
 * G_IO_ERROR_CANCELLED when the analysis was stopped
 */
gboolean
cp_coach_analyse_finish (CpCoach *self, GAsyncResult *result, GError **error)
{
  GTask *inner;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  inner = g_task_get_task_data (G_TASK (result));
  return inner == NULL || g_task_propagate_boolean (inner, error);
}
