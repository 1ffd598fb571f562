/* cp-search.c: game-tree search for computer players
 *
 * Negamax alpha-beta with iterative deepening, principal variation search
 * and late move reductions; a transposition table keyed by the rules'
 * hash, which the quiescence search uses too; moves ordered by the
 * table's move, captures by the worth of what they take (most valuable
 * victim, least valuable attacker), killer moves, the quiet move that last
 * refuted the move before, and a history of the quiet moves that cut off
 * and those that did not, and last the captures that lose material once
 * both sides have taken back (where the rules weigh exchanges); a
 * quiescence search on captures, but those, and promotions; one more ply
 * for a side in check where the game has check; null moves where the
 * rules allow them, a static cut-off at small depths, a ply less for a
 * position the table has no move for, and near the leaves late quiet
 * moves and those that cannot reach alpha left out.  Evaluations are
 * remembered by position.
 *
 * A search may run in several threads that share the table (lazy SMP):
 * each searches the root on its own, every other helper a ply ahead, and
 * what one stores the others find; the first thread's answer is the one
 * given.
 *
 * The search knows a game only through its rules: legal moves (and the
 * captures and promotions alone, where the game can give them quicker),
 * make (and unmake, where the game has it; states are copied otherwise),
 * the outcome, the seats to act, the hash and the evaluation.  The sign
 * of a score changes only when the seat to act changes, so a turn of
 * several actions by one seat is searched as such, and is one ply of the
 * depth however many actions it takes.  A chance result
 * (drawn, or entered by a player) or seats acting together end a line:
 * the position is evaluated there, where a game weighs what chance may
 * bring.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-search.h"

#define INFINITE_SCORE (CP_SEARCH_MATE + 1)
#define CHECK_EVERY 256
/* Positions before the root looked at for repetitions. */
#define MAX_HISTORY 128
/* Moves of a position that are ordered; any further ones come last. */
#define MAX_ORDERED 1024
/* The bounds of a quiet move's history, and the quiet moves of a
 * position whose history a cut-off lowers. */
#define HISTORY_MAX 16384
#define MAX_TRIED 64
/* Static evaluations remembered, by position and seat. */
#define EVAL_CACHE 65536

typedef enum {
  BOUND_UPPER = 1,
  BOUND_LOWER = 2,
  BOUND_EXACT = 3,
} Bound;

/* An entry of the table, which the threads of a search share without a
 * lock: the key is kept xor the data, so that an entry that one thread
 * reads while another writes it does not match its key. */
typedef struct {
  guint64 check;
  guint64 data;
} Entry;

/* What an entry holds. */
typedef struct {
  guint32 move;   /* signature of the best move, 0 if none */
  int score;
  int depth;
  Bound bound;
} Stored;

/* The search's working memory, too large for an object's instance. */
typedef struct {
  guint64 key;
  int score;
} Evaluated;

typedef struct {
  guint32 killers[CP_SEARCH_MAX_PLY][2];
  int history[CP_MAX_CELLS][CP_MAX_CELLS];
  /* The quiet move that last cut off after a move, by its first and last
   * cells. */
  guint32 counters[CP_MAX_CELLS][CP_MAX_CELLS];
  Evaluated evaluated[EVAL_CACHE];
  CpActionList lists[CP_SEARCH_MAX_PLY + 2];
  int order[CP_SEARCH_MAX_PLY + 2][MAX_ORDERED];
  guint64 path[CP_SEARCH_MAX_PLY + 2];
  CpAction pv[CP_SEARCH_MAX_PLY + 1][CP_SEARCH_MAX_PLY];
  guint n_pv[CP_SEARCH_MAX_PLY + 1];
  gboolean passed[CP_SEARCH_MAX_PLY + 2];  /* reached by a null move */
  guint32 *counter[CP_SEARCH_MAX_PLY + 2];  /* the entry of the move that led there */
  CpState *copies[CP_SEARCH_MAX_PLY + 2];  /* for games without unmake */
} Work;

struct _CpSearch
{
  GObject parent_instance;

  Entry *table;
  gsize mask;
  gboolean shares_table;  /* a helper's, which its search owns */
  Work *w;
  /* Searches in other threads that share the table, and what tells them
   * to stop. */
  GPtrArray *helpers;
  guint n_helping;  /* the helpers of the search under way */
  gint finished;
  const gint *done;
  guint64 earlier[MAX_HISTORY];
  guint n_earlier;
  CpSearchInfoFunc info_func;
  gpointer info_data;

  /* One search. */
  const CpRules *rules;
  guint width;
  gsize copy_size;
  guint64 nodes;
  guint64 nodes_told;  /* what other threads may read of it */
  gint64 start;
  CpSearchLimits limits;
  GCancellable *cancellable;
  gboolean stop;
};

G_DEFINE_FINAL_TYPE (CpSearch, cp_search, G_TYPE_OBJECT)

static void
free_copies (CpSearch *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->w->copies); i++)
    g_clear_pointer (&self->w->copies[i], g_free);
  self->copy_size = 0;
}

static void
cp_search_finalize (GObject *object)
{
  CpSearch *self = CP_SEARCH (object);

  if (!self->shares_table)
    g_free (self->table);
  g_clear_pointer (&self->helpers, g_ptr_array_unref);
  free_copies (self);
  for (guint i = 0; i < G_N_ELEMENTS (self->w->lists); i++)
    cp_action_list_clear (&self->w->lists[i]);
  g_free (self->w);
  G_OBJECT_CLASS (cp_search_parent_class)->finalize (object);
}

static void
cp_search_class_init (CpSearchClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_search_finalize;
}

static void
cp_search_init (CpSearch *self)
{
  self->w = g_new0 (Work, 1);
}

/**
 * cp_search_new:
 * @table_megabytes: the size of the transposition table
 *
 * A search, with its table.  A search is used by one thread at a time; it
 * keeps what it learnt from one move to the next of a game.
 */
CpSearch *
cp_search_new (guint table_megabytes)
{
  CpSearch *self = g_object_new (CP_TYPE_SEARCH, NULL);
  gsize entries = 1;

  while (entries * 2 * sizeof (Entry) <= (gsize) MAX (table_megabytes, 1) << 20)
    entries *= 2;
  self->table = g_new0 (Entry, entries);
  self->mask = entries - 1;
  return self;
}

/**
 * cp_search_supports:
 *
 * Whether the game of @state is one the search plays: two seats and no
 * secrets.  (A game with chance is searched up to its next random result.)
 */
gboolean
cp_search_supports (const CpState *state)
{
  return state->n_seats == 2 && !(state->rules->flags & CP_RULES_SECRETS);
}

/* Forgets what the searches of this thread learnt, but for the table. */
static void
forget (CpSearch *self)
{
  memset (self->w->killers, 0, sizeof self->w->killers);
  memset (self->w->history, 0, sizeof self->w->history);
  memset (self->w->counters, 0, sizeof self->w->counters);
  memset (self->w->evaluated, 0, sizeof self->w->evaluated);
  self->n_earlier = 0;
}

/**
 * cp_search_clear:
 *
 * Forgets what earlier searches learnt, for a new game.
 */
void
cp_search_clear (CpSearch *self)
{
  g_return_if_fail (CP_IS_SEARCH (self));

  memset (self->table, 0, (self->mask + 1) * sizeof (Entry));
  forget (self);
  for (guint i = 0; self->helpers != NULL && i < self->helpers->len; i++)
    forget (g_ptr_array_index (self->helpers, i));
}

/**
 * cp_search_set_threads:
 * @n_threads: the threads to search in, 1 or more
 *
 * Has cp_search_run() search in @n_threads threads at once, which share
 * the table; those beyond the first help it only by what they store
 * there.  Where the search has a budget of positions, it stays in one
 * thread, so that its result does not depend on timing.
 */
void
cp_search_set_threads (CpSearch *self, guint n_threads)
{
  guint n_helpers = CLAMP (n_threads, 1, 64) - 1;

  g_return_if_fail (CP_IS_SEARCH (self));
  g_return_if_fail (!self->shares_table);

  if (self->helpers == NULL)
    self->helpers = g_ptr_array_new_with_free_func (g_object_unref);
  while (self->helpers->len > n_helpers)
    g_ptr_array_remove_index (self->helpers, self->helpers->len - 1);
  while (self->helpers->len < n_helpers)
    {
      CpSearch *helper = g_object_new (CP_TYPE_SEARCH, NULL);

      helper->table = self->table;
      helper->mask = self->mask;
      helper->shares_table = TRUE;
      g_ptr_array_add (self->helpers, helper);
    }
}

/**
 * cp_search_set_info_func:
 *
 * Has @func called, in the searching thread, after each finished depth.
 */
void
cp_search_set_info_func (CpSearch *self, CpSearchInfoFunc func, gpointer user_data)
{
  self->info_func = func;
  self->info_data = user_data;
}

/**
 * cp_search_set_history:
 * @keys: the hashes (cp_state_hash()) of the positions of the game before
 *   the one to search, oldest first
 *
 * Tells the search what came before, so that it sees repetitions.
 */
void
cp_search_set_history (CpSearch *self, const guint64 *keys, guint n_keys)
{
  guint skip = n_keys > MAX_HISTORY ? n_keys - MAX_HISTORY : 0;

  self->n_earlier = n_keys - skip;
  if (self->n_earlier > 0)
    memcpy (self->earlier, keys + skip, self->n_earlier * sizeof (guint64));
}

/* Moves and their order. */

/* The history of a quiet move, by its first and last cells. */
static inline int *
history_of (CpSearch *self, const CpAction *a)
{
  return &self->w->history[a->cells[0]][a->cells[a->n_cells - 1]];
}

static guint32
signature (const CpAction *a)
{
  guint32 h = 2166136261u ^ a->type;

  h = (h ^ a->piece) * 16777619u;
  h = (h ^ a->value) * 16777619u;
  for (guint i = 0; i < a->n_cells; i++)
    h = (h ^ a->cells[i]) * 16777619u;
  return h | 1;
}

static inline gboolean
is_capture (const CpAction *a)
{
  return (a->flags & CP_ACTION_FLAG_CAPTURE) != 0;
}

static inline gboolean
is_tactical (const CpAction *a)
{
  return is_capture (a) || (a->type == CP_ACTION_MOVE && a->piece != CP_PIECE_NONE);
}

/* What a move takes: the piece on its last cell, the pieces it jumps
 * over, a pawn taken in passing; and what a promotion adds. */
static int
gain (const CpSearch *self, const CpState *state, const CpAction *a)
{
  int worth = 0;

  if (a->type != CP_ACTION_MOVE || a->n_cells < 2)
    return 0;
  if (a->piece != CP_PIECE_NONE)
    worth += cp_piece_kind_value (a->piece) - cp_piece_kind_value (CP_PIECE_PAWN);
  if (!is_capture (a))
    return worth;
  for (guint i = 1; i < a->n_cells; i++)
    {
      guint from = a->cells[i - 1], to = a->cells[i];
      int dx = (int) (to % self->width) - (int) (from % self->width);
      int dy = (int) (to / self->width) - (int) (from / self->width);
      const CpPiece *p = &state->cells[to];

      if (i + 1 == a->n_cells && p->kind != CP_PIECE_NONE && p->seat != a->seat)
        worth += cp_piece_kind_value (p->kind);
      if ((dx == 0 || ABS (dx) == 2) && (dy == 0 || ABS (dy) == 2))
        {
          p = &state->cells[(int) from + dy / 2 * (int) self->width + dx / 2];
          if (p->kind != CP_PIECE_NONE && p->seat != a->seat)
            worth += cp_piece_kind_value (p->kind);
        }
    }
  if (worth == 0 && (a->flags & CP_ACTION_FLAG_EN_PASSANT))
    worth = cp_piece_kind_value (CP_PIECE_PAWN);
  return MAX (worth, 1);
}

static void
score_moves (CpSearch *self, const CpState *state, guint ply, guint32 best)
{
  const CpActionList *list = &self->w->lists[ply];
  int *order = self->w->order[ply];
  guint32 counter = self->w->counter[ply] != NULL ? *self->w->counter[ply] : 0;

  for (guint i = 0; i < list->len && i < MAX_ORDERED; i++)
    {
      const CpAction *a = &list->items[i];
      guint32 sig = signature (a);
      int g;

      if (sig == best)
        order[i] = 1 << 30;
      /* A capture that loses material after the exchanges comes last. */
      else if (is_capture (a) && self->rules->exchange != NULL && (g = self->rules->exchange (state, a)) < 0)
        order[i] = g - 2 * HISTORY_MAX;
      else if (is_tactical (a) && (g = gain (self, state, a)) > 0)
        order[i] = (1 << 28) + 16 * g
                   - cp_piece_kind_value (state->cells[a->cells[0]].kind) / 16;
      else if (ply < CP_SEARCH_MAX_PLY && sig == self->w->killers[ply][0])
        order[i] = (1 << 27) + 1;
      else if (ply < CP_SEARCH_MAX_PLY && sig == self->w->killers[ply][1])
        order[i] = 1 << 27;
      else if (sig == counter)
        order[i] = 1 << 26;
      else if (a->n_cells >= 2)
        order[i] = *history_of (self, a);
      else
        order[i] = 0;
    }
}

/* Brings the best of the moves from @i on to @i. */
static void
pick (CpSearch *self, guint ply, guint i)
{
  CpActionList *list = &self->w->lists[ply];
  int *order = self->w->order[ply];
  guint best = i;

  if (i >= MAX_ORDERED)
    return;
  for (guint j = i + 1; j < list->len && j < MAX_ORDERED; j++)
    if (order[j] > order[best])
      best = j;
  if (best != i)
    {
      CpAction a = list->items[i];
      int o = order[i];

      list->items[i] = list->items[best];
      list->items[best] = a;
      order[i] = order[best];
      order[best] = o;
    }
}

/* The table. */

static inline int
to_table (int score, guint ply)
{
  return score > CP_SEARCH_MATE_BOUND ? score + (int) ply
         : score < -CP_SEARCH_MATE_BOUND ? score - (int) ply : score;
}

static inline int
from_table (int score, guint ply)
{
  return score > CP_SEARCH_MATE_BOUND ? score - (int) ply
         : score < -CP_SEARCH_MATE_BOUND ? score + (int) ply : score;
}

/* Whether the table holds @key, and what for it. */
static gboolean
probe (const CpSearch *self, guint64 key, Stored *stored)
{
  const Entry *e = &self->table[key & self->mask];
  guint64 data = __atomic_load_n (&e->data, __ATOMIC_RELAXED);

  if ((__atomic_load_n (&e->check, __ATOMIC_RELAXED) ^ data) != key)
    return FALSE;
  stored->move = (guint32) data;
  stored->score = (gint16) (data >> 32);
  stored->depth = (gint8) (data >> 48);
  stored->bound = (Bound) (data >> 56);
  return TRUE;
}

static void
store (CpSearch *self, guint64 key, int depth, int score, Bound bound, guint32 move, guint ply)
{
  Entry *e = &self->table[key & self->mask];
  Stored old;
  guint64 data;

  if (probe (self, key, &old))
    {
      if (depth < old.depth - 2 && bound != BOUND_EXACT)
        return;
      if (move == 0)
        move = old.move;
    }
  data = move | (guint64) (guint16) to_table (score, ply) << 32
         | (guint64) (guint8) CLAMP (depth, -1, 127) << 48 | (guint64) bound << 56;
  __atomic_store_n (&e->data, data, __ATOMIC_RELAXED);
  __atomic_store_n (&e->check, key ^ data, __ATOMIC_RELAXED);
}

/* Time, budget and cancellation. */

static gboolean
must_stop (CpSearch *self)
{
  if (self->stop)
    return TRUE;
  if ((self->nodes & (CHECK_EVERY - 1)) != 0)
    return FALSE;
  __atomic_store_n (&self->nodes_told, self->nodes, __ATOMIC_RELAXED);
  if ((self->limits.deadline != 0 && g_get_monotonic_time () >= self->limits.deadline)
      || (self->limits.nodes != 0 && self->nodes >= self->limits.nodes)
      || (self->done != NULL && g_atomic_int_get (self->done))
      || g_cancellable_is_cancelled (self->cancellable))
    self->stop = TRUE;
  return self->stop;
}

/* Positions. */

static int search (CpSearch *self, CpState *state, guint seat, int depth, int alpha, int beta,
                   guint ply);

static int
terminal_score (const CpState *state, guint seat, guint ply)
{
  if (state->outcome.status == CP_STATUS_DRAWN)
    return 0;
  return (state->outcome.winners & CP_SEAT_BIT (seat)) ? CP_SEARCH_MATE - (int) ply
                                                       : -(CP_SEARCH_MATE - (int) ply);
}

/* The static evaluation of @state, whose hash is @key, for @seat. */
static int
evaluate (CpSearch *self, const CpState *state, guint64 key, guint seat)
{
  Evaluated *e;

  key ^= G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (seat + 1);
  e = &self->w->evaluated[key & (EVAL_CACHE - 1)];
  if (e->key != key)
    {
      e->key = key;
      e->score = cp_state_evaluate (state, seat);
    }
  return e->score;
}

static inline gboolean
in_check (const CpSearch *self, const CpState *state)
{
  return self->rules->check_cell != NULL && self->rules->check_cell (state) != CP_NO_CELL;
}

/* Whether what @seat must do in @state is to enter a random result, a
 * die rolled on the table: chance, though a player enters it. */
static gboolean
entered_chance (CpSearch *self, const CpState *state, guint seat)
{
  g_auto (CpActionList) legal = { 0 };

  if (!(self->rules->flags & CP_RULES_CHANCE))
    return FALSE;
  self->rules->legal (state, seat, &legal);
  return legal.len > 0 && (legal.items[0].flags & CP_ACTION_FLAG_ENTERED);
}

/* The value for @seat of @child, reached from a position where @seat
 * acted, at @ply from the root; @depth is what is left once that action
 * is counted, which it is not when @seat acts on in the same turn. */
static int
child_value (CpSearch *self, CpState *child, guint seat, int depth, int alpha, int beta, guint ply)
{
  CpSeatMask pending;
  guint next;

  self->rules->outcome (child, &child->outcome);
  if (child->outcome.status != CP_STATUS_PLAYING)
    return terminal_score (child, seat, ply + 1);
  pending = self->rules->pending (child);
  if (pending == 0 || (pending & (pending - 1)) != 0 || (pending & CP_SEAT_BIT (CP_SEAT_CHANCE))
      || ply + 1 >= CP_SEARCH_MAX_PLY)
    return cp_state_evaluate (child, seat);
  next = cp_bits_lowest (pending);
  if (entered_chance (self, child, next))
    return cp_state_evaluate (child, seat);
  if (next == seat)
    return search (self, child, next, depth + 1, alpha, beta, ply + 1);
  return -search (self, child, next, depth, -beta, -alpha, ply + 1);
}

typedef struct {
  CpState *state;
  CpUndo undo;
} Made;

/* Makes @action on the state of @ply, or on a copy of it. */
static CpState *
make (CpSearch *self, CpState *state, const CpAction *action, guint ply, Made *made)
{
  made->state = state;
  self->w->n_pv[ply + 1] = 0;
  self->w->passed[ply + 1] = FALSE;
  self->w->counter[ply + 1] = action->n_cells >= 2
    ? &self->w->counters[action->cells[0]][action->cells[action->n_cells - 1]] : NULL;
  if (self->rules->unmake == NULL)
    {
      if (self->w->copies[ply + 1] == NULL)
        self->w->copies[ply + 1] = g_malloc (self->copy_size);
      memcpy (self->w->copies[ply + 1], state, self->copy_size);
      made->state = self->w->copies[ply + 1];
    }
  self->rules->make (made->state, action, &made->undo);
  return made->state;
}

static void
unmake (CpSearch *self, const CpAction *action, Made *made)
{
  if (self->rules->unmake != NULL)
    self->rules->unmake (made->state, action, &made->undo);
}

/* The value for @seat of passing, searched @depth plies deep with a
 * window just at @beta. */
static int
null_move_value (CpSearch *self, CpState *state, guint seat, int depth, int beta, guint ply)
{
  CpAction pass;
  Made made;
  CpState *child;
  CpSeatMask pending;
  int score;

  cp_action_init (&pass, CP_ACTION_PASS, seat);
  child = make (self, state, &pass, ply, &made);
  self->w->passed[ply + 1] = TRUE;
  pending = self->rules->pending (child);
  if (pending == 0 || (pending & (pending - 1)) != 0 || (pending & CP_SEAT_BIT (CP_SEAT_CHANCE)))
    score = cp_state_evaluate (child, seat);
  else if ((guint) cp_bits_lowest (pending) == seat)
    score = search (self, child, seat, depth, beta - 1, beta, ply + 1);
  else
    score = -search (self, child, cp_bits_lowest (pending), depth, -beta, -beta + 1, ply + 1);
  unmake (self, &pass, &made);
  return score;
}

static void
update_pv (CpSearch *self, guint ply, const CpAction *action)
{
  guint n = MIN (self->w->n_pv[ply + 1], CP_SEARCH_MAX_PLY - 1);

  self->w->pv[ply][0] = *action;
  memcpy (&self->w->pv[ply][1], self->w->pv[ply + 1], n * sizeof (CpAction));
  self->w->n_pv[ply] = n + 1;
}

static gboolean
repeated (const CpSearch *self, guint64 key, guint ply)
{
  for (guint i = 0; i < ply; i++)
    if (self->w->path[i] == key)
      return TRUE;
  for (guint i = 0; i < self->n_earlier; i++)
    if (self->earlier[i] == key)
      return TRUE;
  return FALSE;
}

/* Captures and promotions until the position is quiet; every move where
 * the side is in check, for a ply or two. */
static int
quiesce (CpSearch *self, CpState *state, guint seat, int depth, int alpha, int beta, guint ply)
{
  CpActionList *list = &self->w->lists[ply];
  gboolean check = depth > -2 && in_check (self, state);
  int alpha_start = alpha, best = -INFINITE_SCORE, stand = 0;
  guint64 key = cp_state_hash (state);
  Stored e;
  guint32 table_move = 0, best_move = 0;

  self->w->n_pv[ply] = 0;
  self->nodes++;
  if (must_stop (self))
    return 0;
  if (probe (self, key, &e))
    {
      int score = from_table (e.score, ply);

      table_move = e.move;
      if (beta - alpha == 1
          && (e.bound == BOUND_EXACT
              || (e.bound == BOUND_LOWER && score >= beta)
              || (e.bound == BOUND_UPPER && score <= alpha)))
        return score;
    }
  if (!check)
    {
      stand = best = evaluate (self, state, key, seat);
      if (stand >= beta || ply >= CP_SEARCH_MAX_PLY)
        return stand;
      alpha = MAX (alpha, stand);
    }

  list->len = 0;
  if (!check && self->rules->tactical != NULL)
    self->rules->tactical (state, seat, list);
  else
    self->rules->legal (state, seat, list);
  score_moves (self, state, ply, table_move);
  for (guint i = 0; i < list->len; i++)
    {
      CpAction action;
      Made made;
      CpState *child;
      int score;

      pick (self, ply, i);
      action = list->items[i];
      if (!check)
        {
          if (!is_tactical (&action) || (i < MAX_ORDERED && self->w->order[ply][i] < 0))
            continue;
          /* Captures that cannot bring the score up to alpha. */
          if (stand + gain (self, state, &action) + 200 < alpha)
            continue;
        }
      child = make (self, state, &action, ply, &made);
      score = child_value (self, child, seat, depth - 1, alpha, beta, ply);
      unmake (self, &action, &made);
      if (self->stop)
        return 0;
      if (score > best)
        {
          best = score;
          best_move = signature (&action);
          if (score > alpha)
            {
              alpha = score;
              update_pv (self, ply, &action);
              if (score >= beta)
                break;
            }
        }
    }
  /* In check with nothing better found: the evaluation (a mate would
   * have ended the game already). */
  if (best == -INFINITE_SCORE)
    return evaluate (self, state, key, seat);
  store (self, key, 0, best,
         best >= beta ? BOUND_LOWER : best > alpha_start ? BOUND_EXACT : BOUND_UPPER,
         best_move, ply);
  return best;
}

/* Moves a quiet move's history towards +HISTORY_MAX by @bonus, or
 * towards -HISTORY_MAX by a negative one, the slower the nearer it is. */
static void
add_history (CpSearch *self, const CpAction *action, int bonus)
{
  int *h = history_of (self, action);

  *h += bonus - *h * ABS (bonus) / HISTORY_MAX;
}

static int
search (CpSearch *self, CpState *state, guint seat, int depth, int alpha, int beta, guint ply)
{
  CpActionList *list = &self->w->lists[ply];
  gboolean pv_node = beta - alpha > 1;
  int alpha_start = alpha, best = -INFINITE_SCORE;
  guint32 best_move = 0, table_move = 0;
  guint64 key;
  Stored e;
  gboolean check;
  int eval = INFINITE_SCORE;  /* the static evaluation, where it counts */
  guint searched = 0, n_tried = 0;
  guint tried[MAX_TRIED];  /* the quiet moves searched before, by index */

  if (depth <= 0)
    return quiesce (self, state, seat, depth, alpha, beta, ply);

  self->w->n_pv[ply] = 0;
  self->nodes++;
  if (must_stop (self))
    return 0;

  key = cp_state_hash (state);
  if (ply > 0 && repeated (self, key, ply))
    return 0;
  self->w->path[ply] = key;

  if (probe (self, key, &e))
    {
      int score = from_table (e.score, ply);

      table_move = e.move;
      if (ply > 0 && !pv_node && e.depth >= depth
          && (e.bound == BOUND_EXACT
              || (e.bound == BOUND_LOWER && score >= beta)
              || (e.bound == BOUND_UPPER && score <= alpha)))
        return score;
    }

  check = in_check (self, state);
  if (check && ply < CP_SEARCH_MAX_PLY / 2)
    depth++;

  if (!pv_node && !check && ABS (beta) < CP_SEARCH_MATE_BOUND)
    {
      eval = evaluate (self, state, key, seat);

      /* A position far above beta is not looked into at small depths. */
      if (depth <= 3 && eval - 120 * depth >= beta)
        return eval;
      /* If even passing keeps the score above beta, some move will. */
      if (depth >= 3 && eval >= beta && ply > 0 && !self->w->passed[ply]
          && self->rules->null_move != NULL && self->rules->null_move (state))
        {
          int score = null_move_value (self, state, seat, depth - 3 - depth / 6, beta, ply);

          if (self->stop)
            return 0;
          if (score >= beta)
            return MIN (score, CP_SEARCH_MATE_BOUND);
        }
    }

  /* Without a move from the table, a position is searched less deep:
   * the next visit, better ordered, goes deeper. */
  if (depth >= 4 && table_move == 0)
    depth--;

  list->len = 0;
  self->rules->legal (state, seat, list);
  if (list->len == 0)
    return cp_state_evaluate (state, seat);
  score_moves (self, state, ply, table_move);

  for (guint i = 0; i < list->len; i++)
    {
      CpAction action;
      Made made;
      CpState *child;
      gboolean quiet;
      int score, reduction = 0;

      pick (self, ply, i);
      action = list->items[i];
      quiet = !is_tactical (&action) && (i >= MAX_ORDERED || self->w->order[ply][i] < (1 << 27));
      child = make (self, state, &action, ply, &made);

      /* Near the leaves, a quiet move that gives no check is left out
       * when it comes late, or when the position is too far below alpha
       * for a quiet move to bring it up. */
      if (quiet && searched > 0 && eval != INFINITE_SCORE && depth <= 3
          && best > -CP_SEARCH_MATE_BOUND && !in_check (self, child)
          && (searched >= 3u + 2u * (guint) (depth * depth) || eval + 100 + 100 * depth <= alpha))
        {
          unmake (self, &action, &made);
          continue;
        }

      if (searched == 0)
        score = child_value (self, child, seat, depth - 1, alpha, beta, ply);
      else
        {
          if (quiet && depth >= 3 && searched >= 3 && !check && !in_check (self, child))
            reduction = searched >= 8 && depth >= 5 ? 2 : 1;
          score = child_value (self, child, seat, depth - 1 - reduction, alpha, alpha + 1, ply);
          if (score > alpha && reduction > 0)
            score = child_value (self, child, seat, depth - 1, alpha, alpha + 1, ply);
          if (score > alpha && score < beta)
            score = child_value (self, child, seat, depth - 1, alpha, beta, ply);
        }
      unmake (self, &action, &made);
      searched++;
      if (self->stop)
        return 0;

      if (score > best)
        {
          best = score;
          best_move = signature (&action);
          if (score > alpha)
            {
              alpha = score;
              update_pv (self, ply, &action);
              if (score >= beta)
                {
                  if (quiet && ply < CP_SEARCH_MAX_PLY && self->w->killers[ply][0] != best_move)
                    {
                      self->w->killers[ply][1] = self->w->killers[ply][0];
                      self->w->killers[ply][0] = best_move;
                    }
                  if (quiet && self->w->counter[ply] != NULL)
                    *self->w->counter[ply] = best_move;
                  /* The quiet move that cut off gains, those tried
                   * before it lose. */
                  if (quiet && action.n_cells >= 2)
                    {
                      int bonus = MIN (depth * depth, 400);

                      add_history (self, &action, bonus);
                      for (guint t = 0; t < n_tried; t++)
                        add_history (self, &list->items[tried[t]], -bonus);
                    }
                  break;
                }
            }
        }
      if (quiet && action.n_cells >= 2 && n_tried < MAX_TRIED)
        tried[n_tried++] = i;
    }

  store (self, key, depth, best,
         best >= beta ? BOUND_LOWER : best > alpha_start ? BOUND_EXACT : BOUND_UPPER,
         best_move, ply);
  return best;
}

static void
begin (CpSearch *self, const CpState *state, const CpSearchLimits *limits, GCancellable *cancellable)
{
  if (self->rules != state->rules)
    {
      free_copies (self);
      if (self->shares_table)
        forget (self);
      else
        cp_search_clear (self);
    }
  self->rules = state->rules;
  self->copy_size = state->rules->state_size;
  self->width = cp_board_get_width (state->board);
  self->limits = limits != NULL ? *limits : (CpSearchLimits) { 0 };
  self->cancellable = cancellable;
  self->nodes = 0;
  self->nodes_told = 0;
  self->n_helping = 0;
  self->stop = FALSE;
  self->start = g_get_monotonic_time ();
  /* Old killers and history mislead in a new position. */
  memset (self->w->killers, 0, sizeof self->w->killers);
  for (guint i = 0; i < CP_MAX_CELLS; i++)
    for (guint j = 0; j < CP_MAX_CELLS; j++)
      self->w->history[i][j] /= 8;
}

/* The positions this search and its helpers have looked at so far. */
static guint64
all_nodes (CpSearch *self)
{
  guint64 n = self->nodes;

  for (guint i = 0; i < self->n_helping; i++)
    n += __atomic_load_n (&((CpSearch *) g_ptr_array_index (self->helpers, i))->nodes_told, __ATOMIC_RELAXED);
  return n;
}

/* Searches @root deeper and deeper, from @first plies on, until a limit
 * is reached; notes the best move in @best and what the last finished
 * depth found in @found. */
static void
deepen (CpSearch *self, CpState *root, guint seat, guint first, guint max_depth, CpAction *best,
        CpSearchInfo *found)
{
  int score = 0;

  for (guint depth = first; depth <= max_depth; depth++)
    {
      int alpha = -INFINITE_SCORE, beta = INFINITE_SCORE, window = 40;

      if (depth >= 5 && ABS (score) < CP_SEARCH_MATE_BOUND)
        {
          alpha = score - window;
          beta = score + window;
        }
      for (;;)
        {
          score = search (self, root, seat, (int) depth, alpha, beta, 0);
          if (self->stop)
            break;
          if (score <= alpha)
            alpha = MAX (alpha - 4 * window, -INFINITE_SCORE);
          else if (score >= beta)
            beta = MIN (beta + 4 * window, INFINITE_SCORE);
          else
            break;
          window *= 4;
        }
      /* A depth cut short still tells its best move once the first move
       * searched, the last best one, has its score. */
      if (self->w->n_pv[0] > 0)
        *best = self->w->pv[0][0];
      if (self->stop)
        break;
      found->depth = depth;
      found->score = score;
      found->n_pv = self->w->n_pv[0];
      memcpy (found->pv, self->w->pv[0], found->n_pv * sizeof (CpAction));
      found->nodes = all_nodes (self);
      found->elapsed = g_get_monotonic_time () - self->start;
      if (self->info_func != NULL)
        self->info_func (found, self->info_data);
      if (ABS (score) >= CP_SEARCH_MATE_BOUND && depth > (guint) (CP_SEARCH_MATE - ABS (score)) + 2)
        break;
      if (self->limits.soft_deadline != 0 && g_get_monotonic_time () >= self->limits.soft_deadline)
        break;
    }
}

typedef struct {
  CpSearch *search;
  CpState *root;
  guint seat;
  guint first;
  guint max_depth;
  GThread *thread;
} Helping;

static gpointer
help (gpointer data)
{
  Helping *h = data;
  CpAction best;
  g_autofree CpSearchInfo *found = g_new0 (CpSearchInfo, 1);

  deepen (h->search, h->root, h->seat, h->first, h->max_depth, &best, found);
  return NULL;
}

/**
 * cp_search_run:
 * @state: a game in progress where @seat, alone, is to act
 * @limits: (nullable): when to stop; without any, the search goes on
 *   until @cancellable is cancelled or the greatest depth is reached
 * @best: (out): the action found
 * @info: (out) (optional): the last finished depth's findings
 *
 * Searches deeper and deeper until a limit is reached.  @state is not
 * changed: the search works on a copy.
 *
 * Returns: whether @seat had an action to choose
 */
gboolean
cp_search_run (CpSearch *self, const CpState *state, guint seat, const CpSearchLimits *limits,
               GCancellable *cancellable, CpAction *best, CpSearchInfo *info)
{
  g_autoptr (CpState) root = cp_state_copy (state);
  CpActionList *list = &self->w->lists[0];
  g_autofree CpSearchInfo *found = g_new0 (CpSearchInfo, 1);
  g_autofree Helping *helping = NULL;
  guint max_depth;

  g_return_val_if_fail (CP_IS_SEARCH (self), FALSE);

  begin (self, state, limits, cancellable);
  max_depth = self->limits.depth > 0 ? MIN (self->limits.depth, CP_SEARCH_MAX_PLY - 1)
                                     : CP_SEARCH_MAX_PLY - 1;
  list->len = 0;
  state->rules->legal (root, seat, list);
  if (list->len == 0)
    return FALSE;
  *best = list->items[0];
  if (list->len == 1)
    max_depth = MIN (max_depth, 1u);

  /* The helpers search the same position, every other one a ply ahead,
   * until this thread is done. */
  if (self->helpers != NULL && self->helpers->len > 0 && self->limits.nodes == 0 && max_depth > 1)
    {
      self->n_helping = self->helpers->len;
      helping = g_new0 (Helping, self->n_helping);
      g_atomic_int_set (&self->finished, 0);
      for (guint i = 0; i < self->n_helping; i++)
        {
          CpSearch *helper = g_ptr_array_index (self->helpers, i);

          begin (helper, state, limits, NULL);
          helper->done = &self->finished;
          helper->n_earlier = self->n_earlier;
          memcpy (helper->earlier, self->earlier, self->n_earlier * sizeof (guint64));
          helping[i] = (Helping) { helper, cp_state_copy (state), seat, 1 + (i + 1) % 2, max_depth, NULL };
          helping[i].thread = g_thread_new ("cp-search-helper", help, &helping[i]);
        }
    }

  deepen (self, root, seat, 1, max_depth, best, found);

  g_atomic_int_set (&self->finished, 1);
  for (guint i = 0; i < self->n_helping; i++)
    {
      g_thread_join (helping[i].thread);
      helping[i].search->nodes_told = helping[i].search->nodes;
      cp_state_free (helping[i].root);
    }
  found->nodes = all_nodes (self);
  found->elapsed = g_get_monotonic_time () - self->start;
  if (info != NULL)
    *info = *found;
  return TRUE;
}

/* Scores each of @moves by a search of @depth plies after it; those not
 * rated before the search must stop score G_MININT.  Returns how many
 * were rated. */
static guint
rate_moves (CpSearch *self, CpState *root, guint seat, guint depth, const CpActionList *moves,
            int margin, int *scores)
{
  int best = -INFINITE_SCORE;
  guint rated = 0;

  /* Captures and promotions first, which often find the best score early
   * and so narrow the window of the others. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < moves->len; i++)
      {
        Made made;
        CpState *child;
        int floor;

        if (is_tactical (&moves->items[i]) != (pass == 0))
          continue;
        if (self->stop)
          {
            scores[i] = G_MININT;
            continue;
          }
        floor = best == -INFINITE_SCORE ? -INFINITE_SCORE : MAX (best - margin - 1, -INFINITE_SCORE);
        child = make (self, root, &moves->items[i], 0, &made);
        scores[i] = child_value (self, child, seat, (int) depth - 1, floor, INFINITE_SCORE, 0);
        unmake (self, &moves->items[i], &made);
        if (self->stop)
          scores[i] = G_MININT;
        else
          rated++;
        best = MAX (best, scores[i]);
      }
  return rated;
}

/**
 * cp_search_rate:
 * @moves: legal actions of @seat in @state
 * @margin: how far below the best a score must be known exactly
 * @limits: (nullable): when to stop
 * @scores: (out caller-allocates): the score of each, for @seat
 *
 * Scores each of @moves by a search of @depth plies after it.  The scores
 * of the best move and of those within @margin of it are exact; any other
 * is only known to be lower than that, which the search proves quicker.
 * Moves not rated within @limits score lowest of all (G_MININT); where
 * none was, all are rated again a ply deep, within limits of the same
 * size: a shallow rating rather than none.
 */
void
cp_search_rate (CpSearch *self, const CpState *state, guint seat, guint depth,
                const CpActionList *moves, int margin, const CpSearchLimits *limits, int *scores)
{
  g_autoptr (CpState) root = cp_state_copy (state);

  begin (self, state, limits, NULL);
  self->w->path[0] = cp_state_hash (root);
  if (rate_moves (self, root, seat, depth, moves, margin, scores) == 0 && depth > 1 && limits != NULL)
    {
      CpSearchLimits shallow = { .nodes = limits->nodes };

      if (limits->deadline != 0)
        shallow.deadline = g_get_monotonic_time () + (limits->deadline - self->start);
      begin (self, state, &shallow, NULL);
      rate_moves (self, root, seat, 1, moves, margin, scores);
    }
}
