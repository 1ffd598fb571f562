/* cp-game.c: one game — its set-up and its action log
 *
 * The log is the record: the state at any point is the set-up replayed
 * through the rules.  Snapshots of the state every CHECKPOINT actions keep
 * replay fast; they are caches and never saved.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cp-error.h"
#include "cp-game.h"
#include "cp-random.h"

#define CHECKPOINT 64

struct _CpGame
{
  GObject parent_instance;

  const CpRules *rules;
  GHashTable *options;
  GHashTable *tags;
  CpAnnotations *annotations;
  guint64 seed;
  GPtrArray *players;

  GArray *actions;
  GArray *redo;           /* actions taken back, latest last */
  GStringChunk *texts;    /* the texts of those actions, or NULL while none has one */
  GPtrArray *checkpoints; /* checkpoints[k]: the state after k * CHECKPOINT actions */
  GArray *outs;           /* CpSeatMask: the seats out of the game after each action */
  CpState *state;         /* after the whole log */
  guint cursor;
};

G_DEFINE_FINAL_TYPE (CpGame, cp_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CURSOR,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
cp_game_finalize (GObject *object)
{
  CpGame *self = CP_GAME (object);

  g_clear_pointer (&self->options, g_hash_table_unref);
  g_clear_pointer (&self->tags, g_hash_table_unref);
  g_clear_object (&self->annotations);
  g_clear_pointer (&self->players, g_ptr_array_unref);
  g_clear_pointer (&self->actions, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);
  g_clear_pointer (&self->texts, g_string_chunk_free);
  g_clear_pointer (&self->checkpoints, g_ptr_array_unref);
  g_clear_pointer (&self->outs, g_array_unref);
  g_clear_pointer (&self->state, cp_state_free);
  G_OBJECT_CLASS (cp_game_parent_class)->finalize (object);
}

static void
cp_game_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CpGame *self = CP_GAME (object);

  switch (prop_id)
    {
    case PROP_CURSOR:
      g_value_set_uint (value, self->cursor);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_game_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_CURSOR:
      cp_game_set_cursor (CP_GAME (object), g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_game_class_init (CpGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cp_game_finalize;
  object_class->get_property = cp_game_get_property;
  object_class->set_property = cp_game_set_property;

  /**
   * CpGame:cursor:
   *
   * How many actions of the log the replay shows.
   */
  properties[PROP_CURSOR] =
    g_param_spec_uint ("cursor", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CpGame::changed:
   *
   * The log has changed: an action was added or actions were taken back.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
cp_game_init (CpGame *self)
{
  self->tags = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->annotations = cp_annotations_new ();
  self->players = g_ptr_array_new_with_free_func (g_object_unref);
  self->actions = g_array_new (FALSE, FALSE, sizeof (CpAction));
  self->redo = g_array_new (FALSE, FALSE, sizeof (CpAction));
  self->checkpoints = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_state_free);
  self->outs = g_array_new (FALSE, FALSE, sizeof (CpSeatMask));
}

/**
 * cp_game_new_with_rules:
 *
 * A new game of @rules at its start, with a player for each seat named
 * after the seat's colour.  The options that @options leaves out take
 * their defaults.  Random results of the set-up are not drawn yet: call
 * cp_game_resolve_chance() to draw them, or append them from a record.
 */
CpGame *
cp_game_new_with_rules (const CpRules *rules, GHashTable *options, guint n_seats, guint64 seed,
                        GError **error)
{
  g_autoptr (CpGame) self = NULL;

  self = g_object_new (CP_TYPE_GAME, NULL);
  self->rules = rules;
  self->seed = seed;
  self->options = cp_rules_resolve_options (rules, options, error);
  if (self->options == NULL)
    return NULL;
  self->state = cp_state_new (rules, n_seats, self->options, error);
  if (self->state == NULL)
    return NULL;
  g_ptr_array_add (self->checkpoints, cp_state_copy (self->state));

  for (guint seat = 0; seat < n_seats; seat++)
    g_ptr_array_add (self->players,
                     cp_player_new (cp_rules_seat_name (rules, seat), seat, rules->colours[seat]));
  return g_steal_pointer (&self);
}

const CpRules *
cp_game_get_rules (CpGame *self)
{
  return self->rules;
}

/* Every option of the game with its value. */
GHashTable *
cp_game_get_options (CpGame *self)
{
  return self->options;
}

const char *
cp_game_get_option (CpGame *self, const char *id)
{
  return g_hash_table_lookup (self->options, id);
}

guint64
cp_game_get_seed (CpGame *self)
{
  return self->seed;
}

guint
cp_game_get_n_seats (CpGame *self)
{
  return self->players->len;
}

CpPlayer *
cp_game_get_player (CpGame *self, guint seat)
{
  g_return_val_if_fail (seat < self->players->len, NULL);
  return g_ptr_array_index (self->players, seat);
}

/* Free-form facts about the game (event, site, date...), kept in records. */
GHashTable *
cp_game_get_tags (CpGame *self)
{
  return self->tags;
}

/**
 * cp_game_get_annotations:
 *
 * What an analysis said of the actions of the log, kept in records; the
 * annotations of actions taken back are dropped with them.
 */
CpAnnotations *
cp_game_get_annotations (CpGame *self)
{
  g_return_val_if_fail (CP_IS_GAME (self), NULL);
  return self->annotations;
}

/**
 * cp_game_get_player_army:
 *
 * Returns: (nullable): the army of @seat's player when their name does
 *   not say it: the seat's own name where the game names its seats
 *   ("White, king side"), or else the colour the player plays ("White"
 *   for Anna); NULL for a player named after the army
 */
const char *
cp_game_get_player_army (CpGame *self, guint seat)
{
  CpPlayer *player;
  const char *name, *army;

  g_return_val_if_fail (CP_IS_GAME (self), NULL);
  g_return_val_if_fail (seat < self->players->len, NULL);

  player = cp_game_get_player (self, seat);
  name = cp_player_get_name (player);
  army = cp_rules_seats_coloured (self->rules) && self->rules->seat_names == NULL
           ? cp_colour_name (cp_player_get_colour (player)) : cp_rules_seat_name (self->rules, seat);
  if (army == NULL || g_strcmp0 (name, army) == 0 || g_strcmp0 (name, cp_rules_seat_name (self->rules, seat)) == 0)
    return NULL;
  return army;
}

/**
 * cp_game_set_date:
 * @date: the day the game is played
 *
 * Gives the game the tag "Date" with @date, written as PGN writes dates
 * ("2024.05.31"), so that its record and its PGN say when it was played.
 */
void
cp_game_set_date (CpGame *self, GDateTime *date)
{
  g_return_if_fail (CP_IS_GAME (self));
  g_return_if_fail (date != NULL);

  g_hash_table_insert (self->tags, g_strdup ("Date"), g_date_time_format (date, "%Y.%m.%d"));
}

guint
cp_game_get_n_actions (CpGame *self)
{
  return self->actions->len;
}

/**
 * cp_game_get_action:
 *
 * Returns: (transfer none): the action at @index of the log; its text
 *   belongs to the game, and lasts as long as it does
 */
const CpAction *
cp_game_get_action (CpGame *self, guint index)
{
  g_return_val_if_fail (index < self->actions->len, NULL);
  return &g_array_index (self->actions, CpAction, index);
}

static void
replay (CpState *state, const CpAction *actions, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;

      /* Only actions that were checked on the way in are in a log. */
      if (!cp_state_apply (state, &actions[i], &error))
        g_critical ("Replay of a checked log failed: %s", error->message);
    }
}

/* The state after @n actions, replayed from the nearest checkpoint,
 * without looking at the cached end state. */
static CpState *
replay_to (CpGame *self, guint n)
{
  guint k = MIN (n / CHECKPOINT, self->checkpoints->len - 1);
  CpState *state = cp_state_copy (g_ptr_array_index (self->checkpoints, k));

  replay (state, &g_array_index (self->actions, CpAction, k * CHECKPOINT), n - k * CHECKPOINT);
  return state;
}

/**
 * cp_game_state_at:
 * @n_actions: how many actions of the log to replay
 *
 * Returns: (transfer full): the state after the first @n_actions actions
 */
CpState *
cp_game_state_at (CpGame *self, guint n_actions)
{
  g_return_val_if_fail (n_actions <= self->actions->len, NULL);

  if (n_actions == self->actions->len)
    return cp_state_copy (self->state);
  return replay_to (self, n_actions);
}

static void
set_cursor (CpGame *self, guint cursor)
{
  if (self->cursor == cursor)
    return;
  self->cursor = cursor;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR]);
}

/* Adds a checked action, with a copy of its text that the game keeps
 * until it is finalized: actions taken back and brought again keep
 * theirs.  The replay cursor follows when it was at the end. */
static void
push (CpGame *self, const CpAction *action)
{
  gboolean follow = self->cursor == self->actions->len;
  CpAction copy = *action;

  if (action->text != NULL)
    {
      if (self->texts == NULL)
        self->texts = g_string_chunk_new (256);
      copy.text = g_string_chunk_insert_const (self->texts, action->text);
    }
  g_array_append_val (self->actions, copy);
  g_array_append_val (self->outs, self->state->out);
  if (self->actions->len % CHECKPOINT == 0)
    g_ptr_array_add (self->checkpoints, cp_state_copy (self->state));
  if (follow)
    set_cursor (self, self->actions->len);
}

/**
 * cp_game_append:
 *
 * Checks @action against the rules and adds it to the log, with the
 * visibility the rules give it and a copy of its text.  Random results
 * due next are not drawn (see cp_game_play()).  Actions taken back by undo
 * are forgotten.
 */
gboolean
cp_game_append (CpGame *self, const CpAction *action, GError **error)
{
  CpAction logged = *action;

  g_return_val_if_fail (CP_IS_GAME (self), FALSE);

  if (!cp_state_apply_logged (self->state, &logged, error))
    return FALSE;
  g_array_set_size (self->redo, 0);
  push (self, &logged);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

/**
 * cp_game_count_draws:
 *
 * How many random results the log holds.
 */
guint
cp_game_count_draws (CpGame *self)
{
  guint n = 0;

  for (guint i = 0; i < self->actions->len; i++)
    {
      const CpAction *action = &g_array_index (self->actions, CpAction, i);

      n += action->seat == CP_SEAT_CHANCE && action->type != CP_ACTION_REVEAL;
    }
  return n;
}

/**
 * cp_game_count_player_actions:
 *
 * How many of the actions from @from up to @to (left out) the players
 * made: random results and the rules' announcements aside.
 */
guint
cp_game_count_player_actions (CpGame *self, guint from, guint to)
{
  guint n = 0;

  for (guint i = from; i < MIN (to, self->actions->len); i++)
    n += g_array_index (self->actions, CpAction, i).seat != CP_SEAT_CHANCE;
  return n;
}

/**
 * cp_game_get_setup_length:
 *
 * How many random results of the set-up open the log: play starts after
 * them.
 */
guint
cp_game_get_setup_length (CpGame *self)
{
  guint n = 0;

  while (n < self->actions->len && g_array_index (self->actions, CpAction, n).seat == CP_SEAT_CHANCE)
    n++;
  return n;
}

/**
 * cp_game_resolve_chance:
 *
 * Draws the random results that are due from the game's generator and logs
 * them.  Returns: how many were drawn
 */
guint
cp_game_resolve_chance (CpGame *self)
{
  guint index = cp_game_count_draws (self);
  guint n = 0;

  while (cp_state_pending (self->state) & CP_SEAT_BIT (CP_SEAT_CHANCE))
    {
      CpAction action;

      if (cp_state_draw_chance (self->state, self->seed, index, NULL, &action))
        index++;
      if (!cp_state_apply_logged (self->state, &action, NULL))
        g_return_val_if_reached (n);
      push (self, &action);
      n++;
    }
  if (n > 0)
    g_signal_emit (self, signals[CHANGED], 0);
  return n;
}

/* The first seat to act whose every legal action is a sealed choice, or
 * CP_NO_SEAT. */
static guint
seat_choosing_in_secret (CpGame *self)
{
  CpSeatMask pending = cp_state_pending (self->state);

  for (guint seat = 0; seat < self->state->n_seats; seat++)
    {
      g_auto (CpActionList) legal = { 0 };
      gboolean sealed = TRUE;

      if (!(pending & CP_SEAT_BIT (seat)))
        continue;
      cp_state_legal (self->state, seat, &legal);
      for (guint i = 0; i < legal.len && sealed; i++)
        sealed = !cp_action_is_public (&legal.items[i]);
      if (legal.len > 0 && sealed)
        return seat;
    }
  return CP_NO_SEAT;
}

/**
 * cp_game_choose_secrets:
 *
 * Draws the random results due now, and for a game that begins with
 * sealed choices (CP_RULES_SECRET_SETUP) makes those due, each drawn from
 * the game's seed (apart from its random results), with the random
 * results they make due: the secret set-up a seed gives, for counting
 * moves from it.  Returns: how many choices were made
 */
guint
cp_game_choose_secrets (CpGame *self)
{
  guint n = 0, seat;

  cp_game_resolve_chance (self);
  while ((self->rules->flags & CP_RULES_SECRET_SETUP) && (seat = seat_choosing_in_secret (self)) != CP_NO_SEAT)
    {
      g_auto (CpActionList) legal = { 0 };
      guint32 pick;

      cp_state_legal (self->state, seat, &legal);
      pick = cp_random_draw (~self->seed, n++, legal.len);
      if (!cp_game_play (self, &legal.items[pick], NULL))
        g_return_val_if_reached (n);
    }
  return n;
}

/**
 * cp_game_play:
 *
 * Appends @action and then draws the random results it makes due.
 */
gboolean
cp_game_play (CpGame *self, const CpAction *action, GError **error)
{
  if (!cp_game_append (self, action, error))
    return FALSE;
  cp_game_resolve_chance (self);
  return TRUE;
}

/**
 * cp_game_play_text:
 * @text: a move in any notation the game reads, such as "Nf3" or "g1f3"
 *
 * Plays a move of the seat to act.
 */
gboolean
cp_game_play_text (CpGame *self, const char *text, GError **error)
{
  CpAction action;

  if (cp_state_is_over (self->state))
    {
      g_set_error (error, CP_ERROR, CP_ERROR_GAME_OVER, _("The game is already over"));
      return FALSE;
    }
  return cp_state_parse (self->state, text, &action, error) && cp_game_play (self, &action, error);
}

/**
 * cp_game_truncate:
 * @n_actions: how many actions to keep
 *
 * Takes back the actions after the first @n_actions.  cp_game_redo() brings
 * them back until another action is appended.
 */
void
cp_game_truncate (CpGame *self, guint n_actions)
{
  g_return_if_fail (CP_IS_GAME (self));

  if (n_actions >= self->actions->len)
    return;
  for (guint i = self->actions->len; i > n_actions; i--)
    g_array_append_val (self->redo, g_array_index (self->actions, CpAction, i - 1));
  g_array_set_size (self->actions, n_actions);
  g_array_set_size (self->outs, n_actions);
  g_ptr_array_set_size (self->checkpoints, n_actions / CHECKPOINT + 1);
  cp_annotations_truncate (self->annotations, n_actions);
  g_clear_pointer (&self->state, cp_state_free);
  self->state = replay_to (self, n_actions);
  if (self->cursor > n_actions)
    set_cursor (self, n_actions);
  g_signal_emit (self, signals[CHANGED], 0);
}

/**
 * cp_game_undo:
 *
 * Takes back the last action of a player, with the random results drawn
 * after it.  Returns: %FALSE when there is nothing to take back
 */
gboolean
cp_game_undo (CpGame *self)
{
  guint n = self->actions->len;

  while (n > 0 && g_array_index (self->actions, CpAction, n - 1).seat == CP_SEAT_CHANCE)
    n--;
  if (n == 0)
    return FALSE;
  cp_game_truncate (self, n - 1);
  return TRUE;
}

gboolean
cp_game_can_redo (CpGame *self)
{
  return self->redo->len > 0;
}

/**
 * cp_game_redo:
 *
 * Brings back the action last taken back, with the random results that
 * followed it.
 */
gboolean
cp_game_redo (CpGame *self)
{
  gboolean any = FALSE;

  while (self->redo->len > 0)
    {
      CpAction action = g_array_index (self->redo, CpAction, self->redo->len - 1);

      if (any && action.seat != CP_SEAT_CHANCE)
        break;
      if (!cp_state_apply (self->state, &action, NULL))
        break;
      g_array_set_size (self->redo, self->redo->len - 1);
      push (self, &action);
      any = TRUE;
    }
  if (any)
    g_signal_emit (self, signals[CHANGED], 0);
  return any;
}

/* The mark of check of the move at @index, in a game whose rules mark
 * whole turns: the turn is followed to its end, and the mark goes on its
 * last move; "" for other actions and for a turn not over yet. */
static const char *
turn_mark (CpGame *self, guint index, const CpState *before)
{
  const CpAction *action = &g_array_index (self->actions, CpAction, index);
  g_autoptr (CpState) state = NULL;

  if (before->rules->turn_mark == NULL || action->type != CP_ACTION_MOVE
      || action->seat >= before->n_seats)
    return "";
  state = cp_state_copy (before);
  for (guint i = index; i < self->actions->len; i++)
    {
      const CpAction *next = &g_array_index (self->actions, CpAction, i);
      const char *mark;

      if (i > index && next->type == CP_ACTION_MOVE && next->seat == action->seat)
        return "";
      if (!cp_state_apply (state, next, NULL))
        return "";
      mark = before->rules->turn_mark (state, action->seat);
      if (mark != NULL)
        return mark;
    }
  return "";
}

static char *
format_at (CpGame *self, guint index, const CpAction *action, CpNotation notation)
{
  g_autoptr (CpState) before = replay_to (self, index);
  const char *names[CP_MAX_SEATS] = { NULL };
  g_autofree char *text = NULL;

  /* The seats the text refers to are named by their players. */
  for (guint seat = 0; seat < before->n_seats && seat < CP_MAX_SEATS; seat++)
    names[seat] = cp_player_get_name (cp_game_get_player (self, seat));
  text = cp_state_format_named (before, action, notation, names);

  if (notation == CP_NOTATION_COMPUTER)
    return g_steal_pointer (&text);
  return g_strconcat (text, turn_mark (self, index, before), NULL);
}

/**
 * cp_game_format_action:
 *
 * The action at @index written in @notation, in the position it was made,
 * with the mark of the check that its turn gives when it is the turn's
 * last move.
 */
char *
cp_game_format_action (CpGame *self, guint index, CpNotation notation)
{
  g_return_val_if_fail (index < self->actions->len, NULL);
  return format_at (self, index, &g_array_index (self->actions, CpAction, index), notation);
}

/**
 * cp_game_format_action_for:
 * @seat: the seat that reads, or CP_VIEW_ALL
 *
 * Like cp_game_format_action(), saying no more than @seat may know.
 */
char *
cp_game_format_action_for (CpGame *self, guint index, CpNotation notation, guint seat)
{
  CpAction action;

  g_return_val_if_fail (index < self->actions->len, NULL);
  cp_game_get_action_for (self, index, seat, &action);
  return format_at (self, index, &action, notation);
}

/**
 * cp_game_get_action_for:
 * @seat: the seat that looks, CP_VIEW_PUBLIC, or CP_VIEW_ALL
 * @action: (out caller-allocates): the action at @index of the log,
 *   with no more than @seat may know of it
 */
void
cp_game_get_action_for (CpGame *self, guint index, guint seat, CpAction *action)
{
  g_return_if_fail (index < self->actions->len);

  *action = g_array_index (self->actions, CpAction, index);
  if (seat != CP_VIEW_ALL
      && !cp_action_log_visible_to ((const CpAction *) self->actions->data, self->actions->len, index, seat))
    cp_action_redact (action);
}

/**
 * cp_game_count_settled:
 *
 * How many actions from the start of the log are written as they will
 * stay: all but the last move of a turn not over yet, whose mark of check
 * waits for the end of the turn, and what follows it.
 */
guint
cp_game_count_settled (CpGame *self)
{
  g_return_val_if_fail (CP_IS_GAME (self), 0);

  if (self->rules->turn_mark == NULL)
    return self->actions->len;
  for (guint i = self->actions->len; i-- > 0;)
    {
      const CpAction *action = &g_array_index (self->actions, CpAction, i);

      if (action->type == CP_ACTION_MOVE && action->seat < self->state->n_seats)
        return self->rules->turn_mark (self->state, action->seat) != NULL ? self->actions->len : i;
    }
  return self->actions->len;
}

/* The state after the whole log. */
const CpState *
cp_game_get_state (CpGame *self)
{
  return self->state;
}

const CpOutcome *
cp_game_get_outcome (CpGame *self)
{
  return &self->state->outcome;
}

CpSeatMask
cp_game_get_pending (CpGame *self)
{
  return cp_state_pending (self->state);
}

guint
cp_game_get_cursor (CpGame *self)
{
  return self->cursor;
}

void
cp_game_set_cursor (CpGame *self, guint cursor)
{
  g_return_if_fail (CP_IS_GAME (self));

  set_cursor (self, MIN (cursor, self->actions->len));
}

gboolean
cp_game_cursor_at_end (CpGame *self)
{
  return self->cursor == self->actions->len;
}

/**
 * cp_game_view:
 * @seat: the seat that looks, or CP_VIEW_ALL to see everything
 *
 * Returns: (transfer full): the game at the replay cursor as @seat may see it
 */
CpView *
cp_game_view (CpGame *self, guint seat)
{
  return cp_game_view_at (self, self->cursor, seat);
}

/**
 * cp_game_view_at:
 * @n_actions: how many actions of the log the view holds
 * @seat: the seat that looks, or CP_VIEW_ALL to see everything
 *
 * Returns: (transfer full): the game after @n_actions as @seat may see
 *   it, with the state the log starts from
 */
CpView *
cp_game_view_at (CpGame *self, guint n_actions, guint seat)
{
  g_autoptr (CpState) state = cp_game_state_at (self, n_actions);
  CpView *view = cp_view_new (state, (const CpAction *) self->actions->data, n_actions, seat);

  cp_view_set_start (view, g_ptr_array_index (self->checkpoints, 0));
  return view;
}

/* What @seat has lost since @start, as pieces beside the name and in
 * words. */
static void
add_lost (CpPresentation *out, const CpState *state, const CpState *start, guint seat)
{
  g_autofree char *names = NULL;

  g_autofree char *lost = NULL;
  char *said;

  cp_presentation_add_lost (out, state, start, seat, NULL);
  if ((names = cp_presentation_name_pieces (out, seat, FALSE)) == NULL)
    return;
  /* Translators: %s: the pieces a player has lost, such as "queen, pawn" */
  lost = g_strdup_printf (_("Lost: %s"), names);
  /* After what the game said of the seat's side items, if anything. */
  said = out->side_description[seat];
  out->side_description[seat] = said != NULL ? g_strconcat (said, ". ", lost, NULL) : g_steal_pointer (&lost);
  g_free (said);
}

/* The marks of the board itself: a wall along a side of a cell, a closed
 * point at one of its corners. */
static void
add_board_marks (CpPresentation *out, CpBoard *board)
{
  for (guint cell = 0; cell < cp_board_get_n_cells (board); cell++)
    {
      guint x = cp_board_cell_x (board, cell), y = cp_board_cell_y (board, cell);
      gboolean wall = FALSE, point = FALSE;

      if (!cp_board_has_cell (board, cell))
        continue;
      for (CpDir dir = CP_DIR_N; dir < CP_N_DIRS; dir += 2)
        wall |= cp_board_edge_blocked (board, cell, dir);
      for (guint vx = MAX (x, 1) - 1; vx <= x; vx++)
        for (guint vy = MAX (y, 1) - 1; vy <= y; vy++)
          point |= cp_board_vertex_blocked (board, vx, vy);
      if (wall)
        {
          cp_presentation_add_overlay (out, CP_OVERLAY_NOTE, cell, _("beside the wall, which no move crosses"));
          cp_presentation_add_legend (out, CP_MARK_WALL, _("A wall: no move crosses it."));
        }
      if (point)
        {
          cp_presentation_add_overlay (out, CP_OVERLAY_NOTE, cell,
                                       _("at the closed centre point, which no diagonal move passes"));
          cp_presentation_add_legend (out, CP_MARK_CENTRE,
                                      _("The closed centre point: no diagonal move passes through it."));
        }
    }
}

/* Heads the rows of tables of words that belong to a seat with the name
 * of its player. */
static void
name_grid_rows (CpGame *self, CpPresentation *out)
{
  for (guint i = 0; i < out->grids->len; i++)
    {
      CpGrid *grid = &g_array_index (out->grids, CpGrid, i);

      for (guint row = 0; grid->words != NULL && row < grid->n_rows; row++)
        if (grid->row_seat[row] < self->players->len)
          cp_grid_set_word (grid, row + 1, 0,
                            cp_player_get_name (cp_game_get_player (self, grid->row_seat[row])), NULL);
    }
}

/**
 * cp_game_present:
 * @view: a view of @self at its replay cursor
 *
 * Returns: (transfer full): what the screen shows of @view beyond its
 *   pieces, as its rules describe it
 */
CpPresentation *
cp_game_present (CpGame *self, CpView *view)
{
  const CpState *state = cp_view_get_state (view);
  guint viewer = cp_view_get_seat (view);
  g_autoptr (CpState) start = cp_game_state_at (self, MIN (cp_game_get_setup_length (self), self->actions->len));
  CpPresentation *out = cp_presentation_new ();
  CpSeatMask has_pieces = 0;

  if (self->rules->cards != NULL)
    {
      out->has_cards = TRUE;
      self->rules->cards (state, &out->cards);
      if (viewer != CP_VIEW_ALL)
        cp_card_table_redact (&out->cards, viewer);
    }
  if (self->rules->check_cell != NULL)
    out->check_cell = (guint8) self->rules->check_cell (state);
  add_board_marks (out, state->board);
  if (self->rules->present != NULL)
    self->rules->present (state, start, viewer, out);
  if (self->rules->check_cell != NULL)
    cp_presentation_add_legend (out, CP_MARK_CHECK, _("A king in check glows red."))->piece.kind = CP_PIECE_KING;
  name_grid_rows (self, out);
  for (guint i = 0; i < out->side->len; i++)
    if (g_array_index (out->side, CpSideItem, i).kind == CP_SIDE_PIECES)
      has_pieces |= CP_SEAT_BIT (g_array_index (out->side, CpSideItem, i).seat);
  for (guint seat = 0; seat < state->n_seats && !out->pieces_taken; seat++)
    if (!(has_pieces & CP_SEAT_BIT (seat)))
      add_lost (out, state, start, seat);
  return out;
}

/**
 * cp_game_last_move:
 * @cursor: a point of the log
 *
 * The move to mark as the last one at @cursor: random results, hints
 * and actions that change no cell the others see (a secret burial, a
 * sealed choice) do not hide it; any other action does, and so does the
 * reveal of sealed choices.
 *
 * Returns: (nullable): the move, or NULL
 */
const CpAction *
cp_game_last_move (CpGame *self, guint cursor)
{
  g_return_val_if_fail (cursor <= self->actions->len, NULL);

  for (guint i = cursor; i > 0; i--)
    {
      const CpAction *action = &g_array_index (self->actions, CpAction, i - 1);

      if (action->type == CP_ACTION_MOVE)
        return action;
      /* Sealed choices revealed change what everyone sees. */
      if (action->type == CP_ACTION_REVEAL && i >= 2
          && g_array_index (self->actions, CpAction, i - 2).type == CP_ACTION_COMMIT)
        return NULL;
      if (action->seat != CP_SEAT_CHANCE && action->visible == CP_SEATS_ALL
          && action->type != CP_ACTION_COMMIT && action->type != CP_ACTION_HINT)
        return NULL;
    }
  return NULL;
}

/* A turn of moves chosen together begins with a sealed choice of value 0
 * by a seat that made one in the turn before: @sealed holds those seats. */
static void
number_sealed_move (const CpAction *a, guint *round, CpSeatMask *sealed)
{
  if (a->type != CP_ACTION_COMMIT || a->value != 0 || a->seat >= CP_MAX_SEATS)
    return;
  if (*sealed == 0 || (*sealed & CP_SEAT_BIT (a->seat)))
    {
      (*round)++;
      *sealed = 0;
    }
  *sealed |= CP_SEAT_BIT (a->seat);
}

/* Whether @a counts as a move of the move list's numbered rows. */
static gboolean
numbered_move (const CpAction *a, CpNumbering numbering)
{
  gboolean whole = numbering == CP_NUMBERING_WHOLE_TURNS;

  return a->type == CP_ACTION_MOVE
         || (a->type == CP_ACTION_PLAY_CARD && (numbering == CP_NUMBERING_TURNS || whole))
         || (a->type == CP_ACTION_PASS && whole && a->seat < CP_MAX_SEATS);
}

/* Whether the move list heads its columns with the seats, in the order
 * they play: where more than two take turns. */
static gboolean
columns_headed (CpGame *self)
{
  return self->players->len > 2
         && (self->rules->numbering == CP_NUMBERING_TURNS || self->rules->numbering == CP_NUMBERING_WHOLE_TURNS);
}

/* Whether @a is what a seat does in its turn, which shows the order of
 * play before anyone has moved: placing a piece, say, but not resigning
 * or offering a draw. */
static gboolean
turn_action (const CpAction *a)
{
  switch (a->type)
    {
    case CP_ACTION_MOVE:
    case CP_ACTION_PLACE:
    case CP_ACTION_PASS:
    case CP_ACTION_PLAY_CARD:
    case CP_ACTION_DRAW_CARD:
    case CP_ACTION_DISCARD:
    case CP_ACTION_THROW_CHECKER:
    case CP_ACTION_ADD_CHECKER:
    case CP_ACTION_BURY:
    case CP_ACTION_REMOVE:
    case CP_ACTION_CARD_NOTE:
      return a->seat < CP_MAX_SEATS;
    default:
      return FALSE;
    }
}

/* Follows the turns of the log, numbered moves or, without @moves, turn
 * actions: fills in, where it is not known yet, the seat that first acted
 * after each seat.  Returns the first seat that acted, or CP_NO_SEAT. */
static guint
follow_turns (CpGame *self, gboolean moves, guint *next)
{
  guint first = CP_NO_SEAT, last = CP_NO_SEAT;

  for (guint i = 0; i < self->actions->len; i++)
    {
      const CpAction *a = &g_array_index (self->actions, CpAction, i);

      if (!(moves ? numbered_move (a, self->rules->numbering) : turn_action (a)) || a->seat >= CP_MAX_SEATS
          || a->seat == last)
        continue;
      if (first == CP_NO_SEAT)
        first = a->seat;
      if (last != CP_NO_SEAT && next[last] == CP_NO_SEAT)
        next[last] = a->seat;
      last = a->seat;
    }
  return first;
}

/* The column of each seat in numbered rows: the seats in the order they
 * take turns, as the log shows it (the seat that first moved after each
 * seat).  Two players begin with the first seat, and a seat that never
 * moved after another comes last, in seat order.  Where the columns are
 * headed, they begin with the first to move (or to act, or to be asked
 * to), the order of play is learnt from the other turns as well until
 * the moves show it, and the seats not placed yet follow the last placed
 * round the table. */
static void
turn_columns (CpGame *self, guint *column)
{
  guint next[CP_MAX_SEATS], seat, start, last = 0, c = 0;
  guint n = self->players->len;
  gboolean headed = columns_headed (self);
  CpSeatMask placed = 0;

  for (guint s = 0; s < CP_MAX_SEATS; s++)
    next[s] = CP_NO_SEAT;
  start = follow_turns (self, TRUE, next);
  if (headed)
    {
      guint acted = follow_turns (self, FALSE, next);

      if (start == CP_NO_SEAT)
        start = acted != CP_NO_SEAT ? acted : cp_state_first_pending (self->state);
      if (start >= n)
        start = 0;
    }
  else
    start = 0;
  for (seat = start; seat < CP_MAX_SEATS && !(placed & CP_SEAT_BIT (seat)); seat = next[seat])
    {
      column[seat] = c++;
      placed |= CP_SEAT_BIT (seat);
      last = seat;
      if (next[seat] == CP_NO_SEAT)
        break;
    }
  for (guint k = 1; headed && k <= n; k++)
    {
      seat = (last + k) % n;
      if (!(placed & CP_SEAT_BIT (seat)))
        {
          column[seat] = c++;
          placed |= CP_SEAT_BIT (seat);
        }
    }
  for (seat = 0; seat < CP_MAX_SEATS; seat++)
    if (!(placed & CP_SEAT_BIT (seat)))
      column[seat] = c++;
}

/**
 * cp_game_number_actions:
 * @from: the first action to number
 * @n: how many
 * @numbers: (out caller-allocates) (array length=n): their numbers
 *
 * Numbers the actions from @from on for the move list: each move gets
 * its round and its place in the round, other actions round 0.  Where
 * players take turns, each seat has its place, the column
 * cp_game_get_move_columns() gives it, and a round ends when a player
 * who moved in it moves again or one placed before the last to move does:
 * two players number their moves as chess does, a first move of Black's
 * too, and three or four players the rounds of the table from the first
 * to play on, each action saying who is out of the game once it is made
 * and whom it put out; a turn of several moves keeps one place.  Cards
 * played face up in turn count as moves.  Every later part of a turn (a
 * move, a card, a placement, a burial) joins its first in its place, and
 * so does what a seat that moved in the round does in another's turn (a
 * card given up or drawn).  Games that choose in secret together number
 * their rounds of choices, each sealed choice, move and other action
 * placed by its seat; games whose sealed choices are moves number their
 * turns, each sealed choice, move and pass placed by its seat.  Games
 * that number whole turns number them as chess does, and each move, card
 * and pass counts as a part of its turn.  A game of one player numbers
 * only its rounds of choices.
 */
void
cp_game_number_actions (CpGame *self, guint from, guint n, CpActionNumber *numbers)
{
  guint round = 0, place = 0, choices = 0, last_seat = CP_NO_SEAT;
  guint column[CP_MAX_SEATS];
  CpSeatMask moved = 0;
  CpSeatMask sealed = 0;
  guint sealed_round = 0;
  gboolean choosing = FALSE, in_turn = FALSE;
  CpNumbering numbering = self->rules->numbering;
  gboolean headed = columns_headed (self);
  CpSeatMask out = ((CpState *) g_ptr_array_index (self->checkpoints, 0))->out;

  g_return_if_fail (CP_IS_GAME (self));
  g_return_if_fail (from + n <= self->actions->len);

  turn_columns (self, column);
  for (guint i = 0; i < from + n; i++)
    {
      const CpAction *a = &g_array_index (self->actions, CpAction, i);
      CpActionNumber number = { 0, 0, FALSE };
      gboolean whole = numbering == CP_NUMBERING_WHOLE_TURNS;
      gboolean move = numbered_move (a, numbering);
      gboolean by_turns = whole || numbering == CP_NUMBERING_TURNS;
      /* A later part of the turn of the seat that made the last numbered
       * move: another move, a card, a placement. */
      gboolean part = by_turns && in_turn && a->seat == last_seat && (move || turn_action (a));
      /* What a seat that moved in this round does besides moves in
       * another's turn (a card given up, one drawn) goes with its move. */
      gboolean aside = by_turns && !move && !part && turn_action (a) && round > 0
                       && (moved & CP_SEAT_BIT (a->seat));
      gboolean joins = part;

      if (a->type == CP_ACTION_COMMIT && !choosing)
        choices++;
      choosing = a->type == CP_ACTION_COMMIT;
      if (move && a->seat != last_seat && a->seat < CP_MAX_SEATS)
        {
          if ((moved & CP_SEAT_BIT (a->seat)) || (moved != 0 && column[a->seat] < place))
            moved = 0;
          if (moved == 0)
            round++;
          place = column[a->seat];
          moved |= CP_SEAT_BIT (a->seat);
          last_seat = a->seat;
        }
      if (a->seat != CP_SEAT_CHANCE)
        in_turn = move || part;
      if (numbering == CP_NUMBERING_SEALED_MOVES)
        {
          number_sealed_move (a, &sealed_round, &sealed);
          if (sealed_round > 0 && a->seat < CP_MAX_SEATS
              && (a->type == CP_ACTION_COMMIT || a->type == CP_ACTION_MOVE || a->type == CP_ACTION_PASS))
            number = (CpActionNumber) { sealed_round, a->seat };
        }
      else if (move && (self->players->len >= 2 || (numbering == CP_NUMBERING_ROUNDS && choices > 0)))
        {
          gboolean by_choices = numbering == CP_NUMBERING_ROUNDS && choices > 0;

          number.round = by_choices ? choices : round;
          number.place = by_choices ? a->seat : place;
          number.joins = joins;
        }
      else if (numbering == CP_NUMBERING_ROUNDS && choices > 0 && (a->type == CP_ACTION_COMMIT || turn_action (a))
               && a->seat < CP_MAX_SEATS)
        /* A sealed choice opens its player's part of the round, and what
         * else they do in it belongs there too. */
        number = (CpActionNumber) { choices, a->seat };
      else if (part && self->players->len >= 2)
        number = (CpActionNumber) { round, place, TRUE };
      else if (aside && self->players->len >= 2)
        number = (CpActionNumber) { round, column[a->seat], TRUE };
      if (headed)
        {
          number.out = g_array_index (self->outs, CpSeatMask, i);
          number.goes_out = number.out & ~out;
          out = number.out;
        }
      if (i >= from)
        numbers[i - from] = number;
    }
}

/**
 * cp_game_get_move_columns:
 * @columns: (out caller-allocates): the columns
 *
 * The columns of the move list's numbered rows: a column for each seat,
 * as cp_game_number_actions() places the moves.  Where more than two
 * take turns, the columns follow the order of play from the first to
 * play, as far as the log shows it, and are headed by the seats' names.
 */
void
cp_game_get_move_columns (CpGame *self, CpMoveColumns *columns)
{
  guint column[CP_MAX_SEATS];

  g_return_if_fail (CP_IS_GAME (self));

  turn_columns (self, column);
  *columns = (CpMoveColumns) { MIN (self->players->len, CP_MAX_SEATS), { 0 }, columns_headed (self) };
  for (guint seat = 0; seat < columns->n_columns; seat++)
    columns->seats[column[seat]] = (guint8) seat;
}

/* The presentation of the end of the log, seen by all. */
static CpPresentation *
present_all (CpGame *self)
{
  g_autoptr (CpView) view = cp_view_new (self->state, (const CpAction *) self->actions->data,
                                         self->actions->len, CP_VIEW_ALL);

  return cp_game_present (self, view);
}

/**
 * cp_game_seat_players:
 *
 * Once the set-up's random results are drawn, moves the players, named
 * seat by seat, to the seats the draw gave them, people and computer
 * players alike.
 *
 * Returns: whether the set-up drew the seats
 */
gboolean
cp_game_seat_players (CpGame *self)
{
  g_autoptr (CpPresentation) presentation = present_all (self);
  guint n = self->players->len;
  g_auto (GStrv) names = g_new0 (char *, n + 1);
  gboolean computer[CP_MAX_SEATS];
  guint level[CP_MAX_SEATS];

  for (guint i = 0; i < n; i++)
    {
      CpPlayer *player = cp_game_get_player (self, i);

      names[i] = g_strdup (cp_player_get_name (player));
      computer[i] = cp_player_get_kind (player) == CP_PLAYER_COMPUTER;
      level[i] = cp_player_get_level (player);
    }
  for (guint i = 0; i < n; i++)
    if (presentation->seat_of_player[i] < n)
      {
        guint seat = presentation->seat_of_player[i];
        CpPlayer *player = cp_game_get_player (self, seat);

        /* A player named after the seat it was set up in is named after
         * the seat it was drawn to. */
        if (g_strcmp0 (names[i], cp_rules_seat_name (self->rules, i)) == 0)
          cp_player_set_name (player, cp_rules_seat_name (self->rules, seat));
        else
          cp_player_set_name (player, names[i]);
        cp_player_set_computer (player, computer[i], level[i]);
      }
  return presentation->seats_drawn;
}
