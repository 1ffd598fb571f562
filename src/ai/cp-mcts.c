/* cp-mcts.c: information-set Monte Carlo tree search for computer players
 *
 * The search for the games alpha-beta (cp-search.c) does not play: those
 * where seats hold secrets, and those of three or four players.  It is
 * information-set MCTS rather than alpha-beta over a few worlds made up
 * to fill in the secrets (determinized search), because:
 *
 *  - one tree gathers what every world taught, over what the seat can
 *    tell apart, instead of a search per world that plays each world as
 *    if its secrets were known and then averages moves that fit only that
 *    world;
 *  - each iteration draws a fresh world, so many worlds are weighed, not
 *    the handful a deep search per world leaves time for;
 *  - chance, sealed choices made together and three or four players with
 *    their own aims all fit the same loop: a reward for every seat.
 *
 * An iteration draws a world the seat's view allows (the rules' `sample`
 * hook), then walks down the tree: where one seat acts it picks the action
 * with the best upper confidence bound among those legal in this world,
 * each counted only when it was available (ISMCTS); where several seats
 * choose together (sealed choices), each picks by its own figures, blind
 * to the others' choices (decoupled selection), including a choice another
 * seat sealed before the searching seat's, which the rules' `reopen` hook
 * takes back rather than `sample` drawing it at random; at chance, the
 * result is drawn afresh, never read from the game.  An action another seat
 * may not see leads to one child whatever it was, so that nobody's choices
 * below depend on what they cannot know; when chance then shows it (sealed
 * choices revealed together), the child is the one of what everyone now
 * sees, so that what follows each pair of choices is weighed apart.  At the
 * first new action the walk leaves the tree for a short rollout: each seat
 * plays the best, by the game's evaluation hook, of a few of its actions
 * (captures first), and the position reached is weighed by the evaluation
 * hook for every seat, from where that seat stood at the root: a side far
 * ahead or far behind still tells a better line from a worse one.  The
 * rewards, between 0 and 1, go back up the path, each seat's to the
 * actions it chose: per-seat rewards for three and four players, one
 * reward for both partners of a team game, and for players together
 * against the game one reward that the evaluation gives finished games
 * too, so that a win is worth its score.
 *
 * Near the root, the opponents' actions that win at once or check are
 * tried before the others, and in a game without secrets an action that
 * won at once is chosen again whenever its node is reached: a move that
 * lets an opponent win at once is seen as lost, not averaged with the
 * opponent's other replies.  The choices of the searching seat's partner
 * are explored more evenly than the others', as a partner may not find
 * its best move.
 *
 * On a time limit the search may grow several trees at once, each in a
 * thread of its own from worlds and rollouts of its own, and chooses the
 * action tried most at the root of all of them together (root
 * parallelism: the trees share nothing while they grow).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cp-mcts.h"

/* Steps of the tree below the root, and actions of a rollout at most. */
#define MAX_DEPTH 64
/* Actions held by the tree at most: a search that fills it rolls out from
 * its leaves without growing it. */
#define MAX_EDGES (1u << 20)
/* The weight of the upper confidence bound's exploration term.  The
 * rewards of unfinished games stay near 0.5 (a pawn moves them by about
 * 0.05, see EVAL_SCALE), so a larger weight spreads the iterations nearly
 * evenly over every action: the tree then stays about one step deep
 * however long the search runs, and a longer search only averages the
 * same shallow lines more often.  With this weight a clearly better
 * action draws most of the iterations, and more time goes into looking
 * deeper along the lines that matter. */
#define EXPLORATION 0.2
/* The exploration of the choices of the searching seat's partner in a
 * team game: a partner may be a weaker player, whose moves are weighed
 * more evenly than its best. */
#define PARTNER_EXPLORATION 3.0
/* Hundredths of a pawn that bring a reward from 0.5 to about 0.73:
 * large enough that a side far ahead still sees what more it may win. */
#define EVAL_SCALE 500.0
/* Steps below the root, at most, of the nodes where the opponents'
 * actions that win or check are tried first: the round after the seat's
 * move. */
#define URGENT_DEPTH 3

typedef struct {
  guint32 sig;      /* the action's signature */
  guint8 seat;      /* who chose it */
  guint8 decisive;  /* it won the game at once for its seat */
  guint32 visits;
  guint32 avail;    /* iterations in which it was legal */
  double reward;    /* the sum of its seat's rewards */
  guint32 next;     /* the next edge of the node; 0: none */
} Edge;

typedef struct {
  guint64 key;      /* what the seats saw on the way down */
  guint32 node;
  guint32 next;     /* the next child of the node; 0: none */
} Child;

typedef struct {
  guint32 edges;    /* first edge; 0: none */
  guint32 children; /* first child; 0: none */
  guint32 urgent;   /* the first of its urgent actions in `urgent` */
  guint16 n_urgent;
  guint8 looked;    /* its urgent actions were looked for */
  guint8 depth;     /* steps below the root */
} Node;

/* An action to try before the others at a node: one that wins at once,
 * or one that leaves the next player in check. */
typedef struct {
  guint32 sig;
  guint32 rank;     /* 2: a win, 1: a check */
} Urgent;

struct _CpMcts
{
  GObject parent_instance;

  GArray *nodes;
  GArray *edges;
  GArray *children;
  GArray *urgent;
  guint rollout_plies;
  guint rollout_width;
  CpActionList lists[CP_MAX_SEATS];
  CpActionList rollout_list;
  GArray *found;    /* scratch: the edge of each legal action */
  GPtrArray *helpers; /* searches of their own trees in other threads */

  /* One search. */
  const CpRules *rules;
  guint seat;
  guint n_seats;
  CpSeatMask everyone;
  GRand *rand;
  CpState *root;    /* the view searched, its sealed choices reopened */
  CpState *work;
  CpState *trial;
  gboolean together;             /* every seat plays with the others against the game */
  double centre[CP_MAX_SEATS];   /* each seat's score at the root */
  double draw;                   /* the score a draw is worth */
  guint32 path[MAX_DEPTH * CP_MAX_SEATS];
  guint n_path;
  guint64 made;
};

G_DEFINE_FINAL_TYPE (CpMcts, cp_mcts, G_TYPE_OBJECT)

static void
cp_mcts_finalize (GObject *object)
{
  CpMcts *self = CP_MCTS (object);

  g_array_unref (self->nodes);
  g_array_unref (self->edges);
  g_array_unref (self->children);
  g_array_unref (self->urgent);
  g_array_unref (self->found);
  g_clear_pointer (&self->helpers, g_ptr_array_unref);
  for (guint i = 0; i < CP_MAX_SEATS; i++)
    cp_action_list_clear (&self->lists[i]);
  cp_action_list_clear (&self->rollout_list);
  G_OBJECT_CLASS (cp_mcts_parent_class)->finalize (object);
}

static void
cp_mcts_class_init (CpMctsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_mcts_finalize;
}

static void
cp_mcts_init (CpMcts *self)
{
  self->nodes = g_array_new (FALSE, FALSE, sizeof (Node));
  self->edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  self->children = g_array_new (FALSE, FALSE, sizeof (Child));
  self->urgent = g_array_new (FALSE, FALSE, sizeof (Urgent));
  self->found = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->rollout_plies = 4;
  self->rollout_width = 3;
}

/**
 * cp_mcts_new:
 *
 * A search.  It is used by one thread at a time, and builds its tree
 * afresh for each move.
 */
CpMcts *
cp_mcts_new (void)
{
  return g_object_new (CP_TYPE_MCTS, NULL);
}

/**
 * cp_mcts_set_rollout:
 * @plies: the actions of a rollout before the position is weighed
 * @width: the actions of a seat weighed by the evaluation at each step of
 *   a rollout; 1 for a capture or any action at random
 */
void
cp_mcts_set_rollout (CpMcts *self, guint plies, guint width)
{
  g_return_if_fail (CP_IS_MCTS (self));
  self->rollout_plies = MIN (plies, MAX_DEPTH);
  self->rollout_width = MAX (width, 1);
  for (guint i = 0; self->helpers != NULL && i < self->helpers->len; i++)
    cp_mcts_set_rollout (g_ptr_array_index (self->helpers, i), plies, width);
}

/**
 * cp_mcts_set_threads:
 * @n_threads: the threads to search in, 1 or more
 *
 * Has cp_mcts_run() grow @n_threads trees at once, each in a thread of
 * its own and from worlds and rollouts of its own, and choose by what
 * all of them found at the root.  Where the search has a budget of
 * positions, it grows one tree, so that its result does not depend on
 * timing.
 */
void
cp_mcts_set_threads (CpMcts *self, guint n_threads)
{
  guint n_helpers = CLAMP (n_threads, 1, 64) - 1;

  g_return_if_fail (CP_IS_MCTS (self));

  if (self->helpers == NULL)
    self->helpers = g_ptr_array_new_with_free_func (g_object_unref);
  while (self->helpers->len > n_helpers)
    g_ptr_array_remove_index (self->helpers, self->helpers->len - 1);
  while (self->helpers->len < n_helpers)
    {
      CpMcts *helper = cp_mcts_new ();

      cp_mcts_set_rollout (helper, self->rollout_plies, self->rollout_width);
      g_ptr_array_add (self->helpers, helper);
    }
}

/* Actions. */

static guint32
signature (const CpAction *a)
{
  guint32 h = 2166136261u ^ a->type;

  h = (h ^ a->seat) * 16777619u;
  h = (h ^ a->piece) * 16777619u;
  h = (h ^ a->value) * 16777619u;
  for (guint i = 0; i < a->n_cells; i++)
    h = (h ^ a->cells[i]) * 16777619u;
  return h;
}

/* What the other seats learn of @a: all of it, or only that it was made. */
static guint64
seen_key (const CpMcts *self, const CpAction *a)
{
  if ((a->visible & self->everyone) == self->everyone)
    return signature (a);
  return G_GUINT64_CONSTANT (1) << 40 | (guint64) a->type << 8 | a->seat;
}

/* What @a takes, in the model's piece values, for the order in which
 * actions are tried. */
static int
gain (const CpState *state, const CpAction *a)
{
  int worth = 0;

  if (a->type != CP_ACTION_MOVE || a->n_cells < 2)
    return 0;
  if (a->piece != CP_PIECE_NONE)
    worth += cp_piece_kind_value (a->piece);
  if (a->flags & CP_ACTION_FLAG_CAPTURE)
    {
      const CpPiece *victim = &state->cells[a->cells[a->n_cells - 1]];

      worth += 1 + (victim->kind != CP_PIECE_NONE && victim->seat != a->seat
                    ? cp_piece_kind_value (victim->kind) : 100);
    }
  return worth;
}

/* Makes @a on @state as the game would. */
static void
advance (CpMcts *self, CpState *state, const CpAction *a)
{
  self->rules->make (state, a, NULL);
  self->rules->outcome (state, &state->outcome);
  self->made++;
}

/* Draws the random result due in @state. */
static void
draw_chance (CpMcts *self, const CpState *state, CpAction *a)
{
  CpChance request = { 0 };

  self->rules->chance (state, &request);
  cp_action_init (a, request.type, CP_SEAT_CHANCE);
  if (request.type == CP_ACTION_ROLL)
    a->value = (guint32) g_rand_int_range (self->rand, 0, (gint32) MAX (request.range, 1));
  else if (request.type == CP_ACTION_SHUFFLE)
    a->value = g_rand_int (self->rand);
}

/* Whether @list is a die for its seat to enter: chance, in a player's
 * hands. */
static gboolean
entered (const CpActionList *list)
{
  return list->len > 0 && (list->items[0].flags & CP_ACTION_FLAG_ENTERED);
}

/* Rewards. */

static double
sigmoid (double x)
{
  return 1.0 / (1.0 + exp (-x));
}

/* Whether @seat is on the side of a winner. */
static gboolean
won (const CpMcts *self, CpSeatMask winners, guint seat)
{
  for (guint s = 0; s < self->n_seats; s++)
    if ((winners & CP_SEAT_BIT (s)) && (s == seat || cp_rules_partners (self->rules, s, seat)))
      return TRUE;
  return FALSE;
}

/* Whether all @n_seats of @rules are one team, against the game. */
static gboolean
played_together (const CpRules *rules, guint n_seats)
{
  for (guint s = 1; s < n_seats; s++)
    if (!cp_rules_partners (rules, 0, s))
      return FALSE;
  return n_seats > 1;
}

/* What the evaluation makes of @state for each seat in play, in
 * hundredths of a pawn: for two seats, the first seat's evaluation and
 * its opposite; for teams, half the lead of the best of the seat's team
 * over the best of the others; for players together against the game,
 * and otherwise, each seat's own evaluation.  Returns the seats in play
 * whose team is still in play. */
static CpSeatMask
scores (CpMcts *self, const CpState *state, double *score)
{
  CpSeatMask live = 0;

  if (self->together)
    {
      for (guint s = 0; s < self->n_seats; s++)
        score[s] = cp_state_evaluate (state, s);
      return self->everyone;
    }

  for (guint s = 0; s < self->n_seats; s++)
    if (!(state->out & CP_SEAT_BIT (s)))
      live |= CP_SEAT_BIT (s);
  if (self->rules->teams != NULL)
    {
      int best[CP_MAX_SEATS];
      CpSeatMask teams_in = 0;

      for (guint t = 0; t < CP_MAX_SEATS; t++)
        best[t] = G_MININT;
      for (guint s = 0; s < self->n_seats; s++)
        if (live & CP_SEAT_BIT (s))
          {
            best[self->rules->teams[s]] = MAX (best[self->rules->teams[s]], cp_state_evaluate (state, s));
            teams_in |= CP_SEAT_BIT (self->rules->teams[s]);
          }
      live = 0;
      for (guint s = 0; s < self->n_seats; s++)
        {
          guint team = self->rules->teams[s];
          int others = G_MININT;

          for (guint t = 0; t < CP_MAX_SEATS; t++)
            if (t != team)
              others = MAX (others, best[t]);
          if (!(teams_in & CP_SEAT_BIT (team)))
            continue;
          live |= CP_SEAT_BIT (s);
          /* No other team in play: as good as won. */
          score[s] = others == G_MININT ? 100 * EVAL_SCALE : (best[team] - (double) others) / 2;
        }
      return live;
    }
  if (self->n_seats == 2)
    {
      score[0] = cp_state_evaluate (state, 0);
      score[1] = -score[0];
      return CP_SEAT_BIT (0) | CP_SEAT_BIT (1);
    }
  for (guint s = 0; s < self->n_seats; s++)
    if (live & CP_SEAT_BIT (s))
      score[s] = cp_state_evaluate (state, s);
  return live;
}

/* The reward of each seat for @state: the result of a finished game,
 * otherwise what the evaluation makes of the position, measured from
 * where the seat stood at the root, so that a side far ahead or behind
 * still tells better from worse.  Players together against the game win
 * or lose together, and a win is worth its score: the evaluation weighs
 * finished games too. */
static void
rewards (CpMcts *self, const CpState *state, double *reward)
{
  double score[CP_MAX_SEATS];
  CpSeatMask live;

  if (state->outcome.status == CP_STATUS_WON && !self->together)
    {
      for (guint s = 0; s < self->n_seats; s++)
        reward[s] = won (self, state->outcome.winners, s) ? 1.0 : 0.0;
      return;
    }
  /* A draw counts as standing level with the others, for three or four
   * players each for themselves as standing where the reward is a share
   * of the point. */
  if (state->outcome.status == CP_STATUS_DRAWN && !self->together)
    {
      for (guint s = 0; s < self->n_seats; s++)
        reward[s] = sigmoid ((self->draw - self->centre[s]) / EVAL_SCALE);
      return;
    }
  live = scores (self, state, score);
  for (guint s = 0; s < self->n_seats; s++)
    reward[s] = (live & CP_SEAT_BIT (s)) ? sigmoid ((score[s] - self->centre[s]) / EVAL_SCALE) : 0.0;
}

/* Rollouts. */

/* How good @a looks to its seat: a win above all, then the evaluation of
 * the position it leads to. */
static int
weigh (CpMcts *self, const CpState *state, const CpAction *a)
{
  memcpy (self->trial, state, self->rules->state_size);
  advance (self, self->trial, a);
  if (self->trial->outcome.status == CP_STATUS_WON)
    return won (self, self->trial->outcome.winners, a->seat) ? CP_SEARCH_MATE : -CP_SEARCH_MATE;
  if (self->trial->outcome.status == CP_STATUS_DRAWN)
    return 0;
  return cp_state_evaluate (self->trial, a->seat);
}

/* The action a seat plays in a rollout: the best by the evaluation of a
 * few, the most gainful capture among them, the others at random. */
static const CpAction *
rollout_action (CpMcts *self, const CpState *state, const CpActionList *list)
{
  guint best_capture = 0, chosen;
  int best_gain = 0, best_value = G_MININT;

  if (entered (list))
    return &list->items[g_rand_int_range (self->rand, 0, (gint32) list->len)];
  for (guint i = 0; i < list->len; i++)
    {
      int g = gain (state, &list->items[i]);

      if (g > best_gain)
        {
          best_gain = g;
          best_capture = i;
        }
    }
  chosen = best_gain > 0 ? best_capture : (guint) g_rand_int_range (self->rand, 0, (gint32) list->len);
  if (self->rollout_width <= 1 || list->len == 1)
    return &list->items[best_gain > 0 && g_rand_boolean (self->rand) ? best_capture : chosen];
  for (guint k = 0; k < self->rollout_width; k++)
    {
      guint i = k == 0 ? chosen : (guint) g_rand_int_range (self->rand, 0, (gint32) list->len);
      int value = weigh (self, state, &list->items[i]);

      if (value > best_value)
        {
          best_value = value;
          chosen = i;
        }
    }
  return &list->items[chosen];
}

static void
rollout (CpMcts *self, CpState *state, guint plies, double *reward)
{
  CpActionList *list = &self->rollout_list;

  for (guint ply = 0, step = 0; step < plies + MAX_DEPTH && state->outcome.status == CP_STATUS_PLAYING;
       step++)
    {
      CpSeatMask pending = self->rules->pending (state);
      CpAction a;

      if (pending == 0)
        break;
      if (pending & CP_SEAT_BIT (CP_SEAT_CHANCE))
        {
          draw_chance (self, state, &a);
          advance (self, state, &a);
          continue;
        }
      if (ply >= plies)
        break;
      list->len = 0;
      self->rules->legal (state, cp_bits_lowest (pending), list);
      if (list->len == 0)
        break;
      a = *rollout_action (self, state, list);
      advance (self, state, &a);
      ply++;
    }
  rewards (self, state, reward);
}

/* The tree. */

static guint32
new_node (CpMcts *self, guint depth)
{
  Node node = { .depth = (guint8) MIN (depth, G_MAXUINT8) };

  g_array_append_val (self->nodes, node);
  return self->nodes->len - 1;
}

/* The child of @node reached by what the seats saw, @key; made if new. */
static guint32
child (CpMcts *self, guint32 node, guint64 key, gboolean *made)
{
  Child link;
  guint32 i;

  for (i = g_array_index (self->nodes, Node, node).children; i != 0;
       i = g_array_index (self->children, Child, i).next)
    if (g_array_index (self->children, Child, i).key == key)
      {
        *made = FALSE;
        return g_array_index (self->children, Child, i).node;
      }
  link = (Child) { key, new_node (self, g_array_index (self->nodes, Node, node).depth + 1u),
                   g_array_index (self->nodes, Node, node).children };
  g_array_append_val (self->children, link);
  g_array_index (self->nodes, Node, node).children = self->children->len - 1;
  *made = TRUE;
  return link.node;
}

static guint32
find_edge (CpMcts *self, guint32 node, guint seat, guint32 sig)
{
  for (guint32 i = g_array_index (self->nodes, Node, node).edges; i != 0;
       i = g_array_index (self->edges, Edge, i).next)
    {
      const Edge *e = &g_array_index (self->edges, Edge, i);

      if (e->sig == sig && e->seat == seat)
        return i;
    }
  return 0;
}

static guint32
add_edge (CpMcts *self, guint32 node, guint seat, guint32 sig)
{
  Edge e = { .sig = sig, .seat = (guint8) seat, .avail = 1,
             .next = g_array_index (self->nodes, Node, node).edges };

  g_array_append_val (self->edges, e);
  g_array_index (self->nodes, Node, node).edges = self->edges->len - 1;
  return self->edges->len - 1;
}

/* Looks, once, for the actions of an opponent of the searching seat at
 * @node near the root that win at once or leave the next player in check,
 * to be tried first: a move that lets an opponent win at once is then
 * seen as such, whichever move it is. */
static void
find_urgent (CpMcts *self, guint32 node, guint seat, const CpState *state, const CpActionList *list)
{
  guint32 first = self->urgent->len, n = 0;

  g_array_index (self->nodes, Node, node).looked = TRUE;
  if (g_array_index (self->nodes, Node, node).depth > URGENT_DEPTH || list->len < 2
      || seat == self->seat || cp_rules_partners (self->rules, seat, self->seat))
    return;
  for (guint i = 0; i < list->len; i++)
    {
      Urgent u = { signature (&list->items[i]), 0 };

      memcpy (self->trial, state, self->rules->state_size);
      advance (self, self->trial, &list->items[i]);
      if (self->trial->outcome.status == CP_STATUS_WON)
        u.rank = won (self, self->trial->outcome.winners, seat) ? 2 : 0;
      else if (self->trial->outcome.status == CP_STATUS_PLAYING && self->rules->check_cell != NULL)
        u.rank = self->rules->check_cell (self->trial) != CP_NO_CELL;
      if (u.rank > 0)
        {
          g_array_append_val (self->urgent, u);
          n++;
        }
    }
  g_array_index (self->nodes, Node, node).urgent = first;
  g_array_index (self->nodes, Node, node).n_urgent = (guint16) MIN (n, G_MAXUINT16);
}

/* How urgent the action of signature @sig is at @node: 0 if not. */
static guint
urgency (const CpMcts *self, guint32 node, guint32 sig)
{
  const Node *n = &g_array_index (self->nodes, Node, node);

  for (guint i = 0; i < n->n_urgent; i++)
    if (g_array_index (self->urgent, Urgent, n->urgent + i).sig == sig)
      return g_array_index (self->urgent, Urgent, n->urgent + i).rank;
  return 0;
}

/* Chooses @seat's action at @node among @list (legal in this world): one
 * that won the game at once before, or else one not tried yet, the
 * urgent first and then the most gainful, or else the one of the best
 * upper confidence bound.  Returns its index in @list and sets @edge. */
static guint
select_action (CpMcts *self, guint32 node, guint seat, const CpState *state,
               const CpActionList *list, guint32 *edge, gboolean *fresh)
{
  guint32 *edges;
  int best_gain = -1;
  guint chosen = 0;
  double best = -1.0;
  double exploration = seat != self->seat && !self->together && cp_rules_partners (self->rules, seat, self->seat)
                       ? PARTNER_EXPLORATION : EXPLORATION;

  if (!g_array_index (self->nodes, Node, node).looked)
    find_urgent (self, node, seat, state, list);
  g_array_set_size (self->found, list->len);
  edges = (guint32 *) (gpointer) self->found->data;
  *fresh = FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      guint32 sig = signature (&list->items[i]);

      edges[i] = find_edge (self, node, seat, sig);
      if (edges[i] != 0 && g_array_index (self->edges, Edge, edges[i]).decisive)
        {
          g_array_index (self->edges, Edge, edges[i]).avail++;
          *edge = edges[i];
          return i;
        }
      if (edges[i] == 0)
        {
          int g = (int) urgency (self, node, sig) * (1 << 24) + gain (state, &list->items[i]) * 4
                  + g_rand_int_range (self->rand, 0, 4);

          if (g > best_gain)
            {
              best_gain = g;
              chosen = i;
            }
        }
    }
  if (best_gain >= 0 && self->edges->len < MAX_EDGES)
    {
      *edge = add_edge (self, node, seat, signature (&list->items[chosen]));
      *fresh = TRUE;
      return chosen;
    }
  for (guint i = 0; i < list->len; i++)
    if (edges[i] != 0)
      g_array_index (self->edges, Edge, edges[i]).avail++;
  for (guint i = 0; i < list->len; i++)
    {
      const Edge *e;
      double score;

      if (edges[i] == 0)
        continue;
      e = &g_array_index (self->edges, Edge, edges[i]);
      score = e->visits == 0 ? 2.0
              : e->reward / e->visits + exploration * sqrt (log ((double) e->avail) / e->visits);
      if (score > best)
        {
          best = score;
          chosen = i;
        }
    }
  *edge = edges[chosen];
  return chosen;
}

/* One step down the tree where the seats of @pending choose: each picks
 * from its own figures at @node, then all the choices are made in order.
 * Returns the key of what the seats saw; sets @fresh if an action was
 * tried for the first time. */
static guint64
choose_step (CpMcts *self, guint32 node, CpState *state, CpSeatMask pending, gboolean *fresh)
{
  guint seats[CP_MAX_SEATS], n = 0;
  guint chosen[CP_MAX_SEATS];
  guint64 key = 0;

  *fresh = FALSE;
  for (guint s = 0; s < self->n_seats; s++)
    if (pending & CP_SEAT_BIT (s))
      {
        CpActionList *list = &self->lists[n];
        gboolean new_one;

        list->len = 0;
        self->rules->legal (state, s, list);
        if (list->len == 0)
          continue;
        if (entered (list))
          {
            chosen[n] = (guint) g_rand_int_range (self->rand, 0, (gint32) list->len);
            seats[n++] = s;
            continue;
          }
        chosen[n] = select_action (self, node, s, state, list, &self->path[self->n_path], &new_one);
        self->n_path++;
        *fresh |= new_one;
        seats[n++] = s;
      }
  for (guint i = 0; i < n; i++)
    {
      const CpAction *a = &self->lists[i].items[chosen[i]];

      if (!(self->rules->pending (state) & CP_SEAT_BIT (seats[i]))
          || state->outcome.status != CP_STATUS_PLAYING)
        break;
      key = key * G_GUINT64_CONSTANT (0x100000001b3) + seen_key (self, a);
      advance (self, state, a);
    }
  return key;
}

/* Marks the action just chosen, the path's from @first on, as winning at
 * once when it did, alone, for its seat: the game holds no secrets, so it
 * does so whenever it is reached. */
static void
mark_decisive (CpMcts *self, const CpState *state, guint first)
{
  Edge *e;

  if (state->outcome.status != CP_STATUS_WON || self->n_path != first + 1 || self->together
      || self->rules->sample != NULL)
    return;
  e = &g_array_index (self->edges, Edge, self->path[first]);
  if (won (self, state->outcome.winners, e->seat))
    e->decisive = TRUE;
}

static void
backup (CpMcts *self, const double *reward)
{
  for (guint i = 0; i < self->n_path; i++)
    {
      Edge *e = &g_array_index (self->edges, Edge, self->path[i]);

      e->visits++;
      e->reward += reward[e->seat];
    }
}

/* What everyone sees of @state, after chance has shuffled or revealed:
 * sealed choices shown together, a secret made public, a shuffle nobody
 * sees.  The tree below then tells apart what the seats can. */
static guint64
public_key (CpMcts *self, const CpState *state)
{
  if (self->rules->redact != NULL)
    {
      memcpy (self->trial, state, self->rules->state_size);
      self->rules->redact (self->trial, CP_VIEW_PUBLIC);
      state = self->trial;
    }
  return cp_state_hash (state) | G_GUINT64_CONSTANT (1) << 63;
}

static void
iterate (CpMcts *self)
{
  CpState *state = self->work;
  double reward[CP_MAX_SEATS] = { 0 };
  guint32 node = 0, first;

  memcpy (state, self->root, self->rules->state_size);
  if (self->rules->sample != NULL)
    self->rules->sample (state, self->seat, self->rand);
  self->n_path = 0;

  for (guint depth = 0;; depth++)
    {
      CpSeatMask pending;
      gboolean fresh, made;
      guint64 key;

      if (state->outcome.status != CP_STATUS_PLAYING)
        {
          rewards (self, state, reward);
          break;
        }
      pending = self->rules->pending (state);
      if (pending == 0 || depth >= MAX_DEPTH)
        {
          rewards (self, state, reward);
          break;
        }
      if (pending & CP_SEAT_BIT (CP_SEAT_CHANCE))
        {
          CpAction a;

          draw_chance (self, state, &a);
          advance (self, state, &a);
          key = a.type == CP_ACTION_ROLL ? G_GUINT64_CONSTANT (2) << 40 | a.value : public_key (self, state);
          node = child (self, node, key, &made);
          continue;
        }
      first = self->n_path;
      key = choose_step (self, node, state, pending, &fresh);
      mark_decisive (self, state, first);
      node = child (self, node, key, &made);
      if (fresh || made)
        {
          rollout (self, state, self->rollout_plies, reward);
          break;
        }
    }
  backup (self, reward);
}

/* Where each seat stands in @root, the root of the search; a draw is
 * worth standing level, or for three or four players each for
 * themselves a share of the point. */
static void
centre (CpMcts *self, const CpState *root)
{
  double score[CP_MAX_SEATS];
  CpSeatMask live;

  self->draw = self->rules->teams == NULL && self->n_seats > 2 ? -EVAL_SCALE * log (self->n_seats - 1.0) : 0.0;
  self->together = played_together (self->rules, self->n_seats);
  if (root->outcome.status != CP_STATUS_PLAYING)
    {
      memset (self->centre, 0, sizeof self->centre);
      return;
    }
  live = scores (self, root, score);
  for (guint s = 0; s < CP_MAX_SEATS; s++)
    self->centre[s] = s < self->n_seats && (live & CP_SEAT_BIT (s)) ? score[s] : 0.0;
}

static void
begin (CpMcts *self, const CpState *view, guint seat, guint32 seed)
{
  self->rules = view->rules;
  self->seat = seat;
  self->n_seats = view->n_seats;
  self->everyone = (CpSeatMask) ((1u << view->n_seats) - 1);
  self->rand = g_rand_new_with_seed (seed);
  self->root = g_memdup2 (view, view->rules->state_size);
  self->work = g_malloc (view->rules->state_size);
  self->trial = g_malloc (view->rules->state_size);
  self->made = 0;
  /* Choices the others sealed without knowing the seat's are theirs to
   * make again, as in the search of a seat that chooses first. */
  if (self->rules->reopen != NULL)
    self->rules->reopen (self->root, seat);
  /* The root as one world of those the view allows. */
  memcpy (self->work, self->root, view->rules->state_size);
  if (self->rules->sample != NULL)
    self->rules->sample (self->work, seat, self->rand);
  centre (self, self->work);
  g_array_set_size (self->nodes, 0);
  g_array_set_size (self->edges, 1);     /* index 0: none */
  g_array_set_size (self->children, 1);
  g_array_set_size (self->urgent, 0);
  new_node (self, 0);
}

static void
end (CpMcts *self)
{
  g_clear_pointer (&self->rand, g_rand_free);
  g_clear_pointer (&self->root, g_free);
  g_clear_pointer (&self->work, g_free);
  g_clear_pointer (&self->trial, g_free);
}

/* Whether to stop after an iteration: one may be slow, so the clock is
 * read after each. */
static gboolean
must_stop (CpMcts *self, const CpSearchLimits *limits, GCancellable *cancellable)
{
  if (limits->nodes != 0 && self->made >= limits->nodes)
    return TRUE;
  return (limits->deadline != 0 && g_get_monotonic_time () >= limits->deadline)
         || g_cancellable_is_cancelled (cancellable);
}

/* A tree grown in a thread of its own. */
typedef struct {
  CpMcts *mcts;
  const CpState *view;
  guint seat;
  const CpSearchLimits *limits;
  guint32 seed;
  GCancellable *cancellable;
  guint64 iterations;
  GThread *thread;
} Grower;

static gpointer
grow (gpointer data)
{
  Grower *g = data;

  begin (g->mcts, g->view, g->seat, g->seed);
  do
    iterate (g->mcts);
  while (++g->iterations, !must_stop (g->mcts, g->limits, g->cancellable));
  return NULL;
}

/* The edge at the root of each tree of @growers for @a, added up. */
static Edge
tally (const Grower *growers, guint n, const CpAction *a)
{
  Edge sum = { 0 };

  for (guint i = 0; i < n; i++)
    {
      CpMcts *mcts = growers[i].mcts;
      guint32 e = find_edge (mcts, 0, growers[i].seat, signature (a));

      if (e != 0)
        {
          sum.visits += g_array_index (mcts->edges, Edge, e).visits;
          sum.reward += g_array_index (mcts->edges, Edge, e).reward;
        }
    }
  return sum;
}

/**
 * cp_mcts_run:
 * @view: the game as @seat sees it, with @seat among those to act
 * @limits: when to stop: positions made (`nodes`) or a deadline; the
 *   depth is not used.  Without either, the search goes on until
 *   @cancellable is cancelled.
 * @seed: seeds the worlds drawn and the rollouts, so that a search on a
 *   budget of positions always gives the same move
 * @best: (out): the action chosen: the one tried most at the root, in
 *   all the trees together
 * @info: (out) (optional): what the search did
 *
 * Returns: whether @seat had an action to choose
 */
gboolean
cp_mcts_run (CpMcts *self, const CpState *view, guint seat, const CpSearchLimits *limits,
             guint32 seed, GCancellable *cancellable, CpAction *best, CpMctsInfo *info)
{
  g_auto (CpActionList) legal = { 0 };
  g_autofree Grower *growers = NULL;
  CpSearchLimits none = { 0 };
  gint64 start = g_get_monotonic_time ();
  guint n = 1, tree = 0;
  guint64 iterations = 0, made = 0;
  guint chosen = 0;
  guint32 most = 0;
  double value = 0.5;

  g_return_val_if_fail (CP_IS_MCTS (self), FALSE);

  view->rules->legal (view, seat, &legal);
  if (legal.len == 0)
    return FALSE;
  if (limits == NULL)
    limits = &none;
  if (legal.len > 1 && limits->nodes == 0 && self->helpers != NULL)
    n += self->helpers->len;
  growers = g_new0 (Grower, n);
  for (guint i = 0; i < n; i++)
    {
      growers[i] = (Grower) { i == 0 ? self : g_ptr_array_index (self->helpers, i - 1), view, seat, limits,
                              seed + i * 0x9e3779b9u, cancellable, 0, NULL };
      if (i > 0)
        growers[i].thread = g_thread_new ("cp-mcts-helper", grow, &growers[i]);
    }
  if (legal.len > 1)
    grow (&growers[0]);
  else
    begin (self, view, seat, seed);
  for (guint i = 0; i < n; i++)
    {
      if (growers[i].thread != NULL)
        g_thread_join (growers[i].thread);
      iterations += growers[i].iterations;
      made += growers[i].mcts->made;
      tree += growers[i].mcts->nodes->len;
    }

  for (guint i = 0; i < legal.len; i++)
    {
      Edge sum = tally (growers, n, &legal.items[i]);

      if (sum.visits > most)
        {
          most = sum.visits;
          chosen = i;
          value = sum.reward / sum.visits;
        }
    }
  *best = legal.items[chosen];
  if (info != NULL)
    *info = (CpMctsInfo) { iterations, made, g_get_monotonic_time () - start, value,
                           (double) most / MAX (iterations, 1), tree };
  for (guint i = 0; i < n; i++)
    end (growers[i].mcts);
  return TRUE;
}
