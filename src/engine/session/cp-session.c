/* cp-session.c: one game being played at one screen
 *
 * A session stands between a game and the window that shows it.  It owns
 * the game, its file and whether it changed since it was saved, the
 * autosave that keeps it safe, and one undo history.  It decides who is
 * at the screen: in a game with secrets each person sees their own view,
 * and a curtain asks to hand the computer over when the next person to
 * act may not see what the last one saw.  It lists the actions the seat
 * at the screen may take, asks the agents of computer seats for theirs,
 * and emits "changed" once for every change of what the screen shows, so
 * that the window follows without knowing any game.  What the window
 * shows beside the game (the file, whether it is saved, whether Undo and
 * Redo can act, the seats at the screen and at the curtain, the seat
 * whose side of the board is at the bottom, a computer thinking) are
 * properties, notified when their values change.
 *
 * Undo works on steps.  A step says how to get back: keep the first
 * `keep` actions of the log and put `actions` after them.  Playing on from
 * an earlier position keeps the moves it drops in its step, so Undo brings
 * them back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-best-scores.h"
#include "cp-bits.h"
#include "cp-error.h"
#include "cp-game-file.h"
#include "cp-session.h"

typedef struct {
  guint keep;
  GArray *actions; /* CpAction, or NULL for none */
} Step;

enum {
  PROP_0,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_SCREEN_SEAT,
  PROP_CURTAIN_SEAT,
  PROP_FACING_SEAT,
  PROP_THINKING,
  N_PROPS
};

struct _CpSession
{
  GObject parent_instance;

  CpGame *game;
  GFile *file;
  gboolean modified;
  guint edits;              /* counts the changes, so a save knows what it kept */
  CpAutosave *autosave;
  GArray *undo;             /* Step */
  GArray *redo;             /* Step */

  guint screen_seat;        /* whose view is shown; CP_VIEW_ALL: everything;
                             * CP_VIEW_PUBLIC: what everyone may know */
  guint curtain_seat;       /* whom the curtain waits for; CP_NO_SEAT: nobody */
  guint taker;              /* who said at the curtain last that they are at
                             * the screen; CP_NO_SEAT since it fell */
  char *taken_back;         /* what Undo took back, said on the curtain it raised */
  char *report;             /* what the last turn of the person at the screen
                             * did, told before the curtain falls; NULL: none */
  guint report_seat;        /* that person's seat */
  guint report_at;          /* the length of the log the report tells of */
  CpFacing facing;          /* which side of the board faces the screen without a curtain */
  guint facing_seat;        /* the seat whose side of the board is at the bottom */
  CpAgent *agents[CP_MAX_SEATS];
  GCancellable *thinking;   /* the question to an agent, while it is open */
  guint asked_seat;         /* the seat of that agent; CP_NO_SEAT: chance */
  gboolean hurried;         /* the agent was asked to answer at once */
  struct _Question *paced;  /* an answer that waits for the pace */
  guint pace;               /* the least time an agent's move takes, in milliseconds */

  CpView *view;
  CpPresentation *presentation;
  CpActionList legal;
  guint busy;               /* changes to the game under way */
  guint told[N_PROPS];      /* the values of the properties last notified */
};

G_DEFINE_FINAL_TYPE (CpSession, cp_session, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];

enum {
  CHANGED,
  PLAYED,
  NOTICE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void refresh (CpSession *self);

/* The value of the property @prop other than the file: a boolean or a
 * seat. */
static guint
property_value (CpSession *self, guint prop)
{
  switch (prop)
    {
    case PROP_MODIFIED:
      return self->modified;
    case PROP_CAN_UNDO:
      return cp_session_can_undo (self);
    case PROP_CAN_REDO:
      return cp_session_can_redo (self);
    case PROP_SCREEN_SEAT:
      return self->screen_seat;
    case PROP_CURTAIN_SEAT:
      return self->curtain_seat;
    case PROP_FACING_SEAT:
      return self->facing_seat;
    case PROP_THINKING:
      return self->thinking != NULL;
    default:
      g_assert_not_reached ();
    }
}

/* Notifies the properties whose values differ from those notified last,
 * once a change is complete: a value that changes and comes back within
 * one change is not notified. */
static void
tell_changes (CpSession *self)
{
  g_object_freeze_notify (G_OBJECT (self));
  for (guint prop = PROP_MODIFIED; prop < N_PROPS; prop++)
    {
      guint value = property_value (self, prop);

      if (value == self->told[prop])
        continue;
      self->told[prop] = value;
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

static void
step_clear (gpointer data)
{
  g_clear_pointer (&((Step *) data)->actions, g_array_unref);
}

/* The actions after the first @keep of the log. */
static GArray *
actions_after (CpGame *game, guint keep)
{
  guint n = cp_game_get_n_actions (game);
  GArray *actions;

  if (n <= keep)
    return NULL;
  actions = g_array_sized_new (FALSE, FALSE, sizeof (CpAction), n - keep);
  for (guint i = keep; i < n; i++)
    g_array_append_val (actions, *cp_game_get_action (game, i));
  return actions;
}

/* Makes the log the first @keep actions followed by @actions, and returns
 * the step that undoes that. */
static Step
restore (CpGame *game, const Step *step)
{
  Step back = { step->keep, actions_after (game, step->keep) };

  cp_game_truncate (game, step->keep);
  for (guint i = 0; step->actions != NULL && i < step->actions->len; i++)
    if (!cp_game_append (game, &g_array_index (step->actions, CpAction, i), NULL))
      break;
  cp_game_set_cursor (game, cp_game_get_n_actions (game));
  return back;
}

/* Takes the last step off @stack; the caller owns its actions. */
static Step
pop_step (GArray *stack)
{
  Step *last = &g_array_index (stack, Step, stack->len - 1);
  Step step = *last;

  last->actions = NULL;
  g_array_set_size (stack, stack->len - 1);
  return step;
}

static void
push_step (GArray *stack, guint keep, GArray *actions)
{
  Step step = { keep, actions };

  g_array_append_val (stack, step);
}

static void
stop_thinking (CpSession *self)
{
  if (self->thinking == NULL)
    return;
  g_cancellable_cancel (self->thinking);
  g_clear_object (&self->thinking);
  self->paced = NULL;
}

static void
keep_safe (CpSession *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->modified)
    {
      cp_autosave_discard (self->autosave);
      return;
    }
  if (!cp_autosave_save (self->autosave, self->game, self->file, &error))
    g_signal_emit (self, signals[NOTICE], 0, error->message);
}

static gboolean
is_person (CpSession *self, guint seat)
{
  return seat < CP_MAX_SEATS && self->agents[seat] == NULL;
}

static const char *
player_name (CpSession *self, guint seat)
{
  return cp_player_get_name (cp_game_get_player (self->game, seat));
}

/* The first seat a person plays that must act in @state; CP_NO_SEAT when
 * none must. */
static guint
first_person_to_act (CpSession *self, const CpState *state)
{
  CpSeatMask pending = cp_state_pending (state);

  for (guint seat = 0; seat < state->n_seats; seat++)
    if ((pending & CP_SEAT_BIT (seat)) && is_person (self, seat))
      return seat;
  return CP_NO_SEAT;
}

/**
 * cp_session_count_people:
 * @person: (out) (optional): the last seat a person plays
 *
 * How many seats people play, the others being computers'.
 */
guint
cp_session_count_people (CpSession *self, guint *person)
{
  guint people = 0;

  g_return_val_if_fail (CP_IS_SESSION (self), 0);

  for (guint seat = 0; seat < cp_game_get_n_seats (self->game); seat++)
    if (is_person (self, seat))
      {
        people++;
        if (person != NULL)
          *person = seat;
      }
  return people;
}

/* Whether seats @a and @b see the game's present alike. */
static gboolean
views_alike (CpGame *game, guint a, guint b)
{
  g_autoptr (CpView) first = cp_view_new (cp_game_get_state (game), NULL, 0, a);
  g_autoptr (CpView) second = cp_view_new (cp_game_get_state (game), NULL, 0, b);

  return memcmp (cp_view_get_state (first), cp_view_get_state (second),
                 cp_game_get_rules (game)->state_size) == 0;
}

/* Whether @seat is to make a sealed choice in @state: one that several
 * seats make at once, or one whose every action is sealed. */
static gboolean
seals (const CpState *state, guint seat)
{
  g_auto (CpActionList) legal = { 0 };

  if (cp_bits_count (cp_state_pending (state) & ~CP_SEAT_BIT (CP_SEAT_CHANCE)) > 1)
    return TRUE;
  cp_state_legal (state, seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type != CP_ACTION_COMMIT)
      return FALSE;
  return legal.len > 0;
}

/* Whether every action @seat may take in @state may be known by @viewer:
 * none is a choice kept from @viewer, such as where to bury a piece. */
static gboolean
chooses_in_view_of (const CpState *state, guint seat, guint viewer)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (state, seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (!cp_action_visible_to (&legal.items[i], viewer))
      return FALSE;
  return TRUE;
}

/* Decides whose view the screen shows.  Everything, when the game holds
 * no secrets or is over, or when only computers play.  The person's,
 * when one person plays.  Otherwise the view of the person at the
 * screen: another person to act takes it over at once only where the two
 * see the game alike and choose in the open, every choice of the next
 * one open to the one at the screen.  Else the curtain asks to
 * hand the computer over, and until someone says at the curtain that
 * they are the seat it waits for, the screen shows what everyone may
 * know and nothing more.  A sealed choice is made by the person who said
 * so at the curtain, and nobody else watches it made.  A game opens
 * behind the curtain. */
static void
choose_screen_seat (CpSession *self)
{
  const CpState *state = cp_game_get_state (self->game);
  guint next = first_person_to_act (self, state);
  guint person, people = cp_session_count_people (self, &person);
  gboolean someone = self->screen_seat < state->n_seats;

  self->curtain_seat = CP_NO_SEAT;
  /* The person who has just acted reads what their turn did first. */
  if (self->report != NULL && cp_game_get_n_actions (self->game) == self->report_at
      && cp_game_cursor_at_end (self->game) && !cp_state_is_over (state))
    {
      self->screen_seat = self->report_seat;
      return;
    }
  g_clear_pointer (&self->report, g_free);
  if (!(state->rules->flags & CP_RULES_SECRETS) || cp_state_is_over (state) || people == 0)
    {
      self->screen_seat = CP_VIEW_ALL;
      return;
    }
  if (people == 1)
    {
      self->screen_seat = person;
      return;
    }
  if (next == CP_NO_SEAT)
    {
      /* A computer or chance acts: the person at the screen stays; with
       * nobody there, the first person waits at the curtain. */
      if (someone)
        return;
      for (guint seat = 0; seat < state->n_seats && next == CP_NO_SEAT; seat++)
        if (is_person (self, seat))
          next = seat;
    }
  else if (next == self->screen_seat ? next == self->taker || !seals (state, next)
           : someone && !seals (state, next) && views_alike (self->game, next, self->screen_seat)
             && chooses_in_view_of (state, next, self->screen_seat))
    {
      self->screen_seat = next;
      return;
    }
  self->curtain_seat = next;
  self->screen_seat = CP_VIEW_PUBLIC;
  self->taker = CP_NO_SEAT;
}

/* Whether the screen passes from person to person, behind the curtain
 * when they may not see the same. */
static gboolean
passes_screen (CpSession *self)
{
  return (cp_game_get_rules (self->game)->flags & CP_RULES_SECRETS) && cp_session_count_people (self, NULL) > 1;
}

/* The first seat whose side of the board is at the bottom as the rules
 * draw it, unturned. */
static guint
unturned_seat (const CpState *state)
{
  const guint8 *rotations = state->rules->view_rotations;

  for (guint seat = 0; rotations != NULL && seat < state->n_seats; seat++)
    if (rotations[seat] == 0)
      return seat;
  return 0;
}

/* Decides whose side of the board is at the bottom of the screen, in
 * @state at the replay cursor.  Where the screen passes from person to
 * person, the side of the person at the screen, or of the one the
 * curtain waits for, so that the board is turned when it lifts.
 * Elsewhere as the players chose: the first seat's side; the person
 * playing, who with several people is the person to act, the computer
 * that acts leaving the board as it is; or the seat to act.  Where more
 * than two seats share the board and several people play, though, the
 * person playing is not one side: the board stays as the rules draw it.
 * When nobody is to act, and for the person playing while the moves are
 * looked back over, the board stays as it is: turning it at every step
 * back would lose the reader. */
static void
choose_facing_seat (CpSession *self, const CpState *state)
{
  guint seat = CP_NO_SEAT;

  if (passes_screen (self))
    seat = self->curtain_seat != CP_NO_SEAT ? self->curtain_seat : self->screen_seat;
  else if (self->facing == CP_FACING_FIRST_SEAT)
    seat = 0;
  else if (self->facing == CP_FACING_TO_MOVE)
    seat = cp_state_first_pending (state);
  else if (!cp_game_cursor_at_end (self->game))
    seat = CP_NO_SEAT;
  else if (state->n_seats > 2 && cp_session_count_people (self, NULL) > 1)
    seat = unturned_seat (state);
  else if ((seat = first_person_to_act (self, state)) == CP_NO_SEAT && !is_person (self, self->facing_seat))
    for (guint i = 0; i < state->n_seats && seat == CP_NO_SEAT; i++)
      if (is_person (self, i))
        seat = i;
  if (seat < state->n_seats)
    self->facing_seat = seat;
}

/* The actions the seat at the screen may take at the replay cursor; with
 * everything shown, those of every person to act. */
static void
list_legal (CpSession *self, const CpState *state)
{
  g_auto (CpActionList) moves = { 0 };
  CpSeatMask pending = cp_state_pending (state);

  self->legal.len = 0;
  if (self->curtain_seat != CP_NO_SEAT || self->report != NULL)
    return;
  for (guint seat = 0; seat < state->n_seats; seat++)
    if ((pending & CP_SEAT_BIT (seat)) && is_person (self, seat)
        && (self->screen_seat == CP_VIEW_ALL || self->screen_seat == seat))
      {
        cp_state_legal (state, seat, &moves);
        for (guint i = 0; i < moves.len; i++)
          cp_action_list_append (&self->legal, &moves.items[i]);
      }
}

static void ask_agent (CpSession *self);
static void work_out_chance (CpSession *self);

/* What the screen shows behind the curtain: no more than who plays which
 * seat, which everyone knows. */
static CpPresentation *
present_covered (CpSession *self)
{
  g_autoptr (CpView) all = cp_game_view (self->game, CP_VIEW_ALL);
  g_autoptr (CpPresentation) full = cp_game_present (self->game, all);
  CpPresentation *covered = cp_presentation_new ();

  covered->seats_drawn = full->seats_drawn;
  memcpy (covered->seat_of_player, full->seat_of_player, sizeof covered->seat_of_player);
  return covered;
}

/* Works out what the screen shows now, and tells. */
static void
refresh (CpSession *self)
{
  const CpState *state = cp_game_get_state (self->game);

  choose_screen_seat (self);
  if (self->curtain_seat == CP_NO_SEAT)
    g_clear_pointer (&self->taken_back, g_free);
  g_clear_pointer (&self->view, cp_view_unref);
  g_clear_pointer (&self->presentation, cp_presentation_free);
  self->view = cp_game_view (self->game, self->screen_seat);
  /* Behind the curtain the board shows what everyone knows, and nothing
   * beside it speaks for a seat. */
  if (self->curtain_seat != CP_NO_SEAT)
    self->presentation = present_covered (self);
  else
    self->presentation = cp_game_present (self->game, self->view);
  list_legal (self, cp_view_get_state (self->view));
  choose_facing_seat (self, cp_view_get_state (self->view));
  /* The prompt and its buttons speak to a person who may act now, at
   * the latest position only: an earlier one is looked back on, and
   * nothing there asks for an action. */
  if (self->legal.len == 0 || !cp_game_cursor_at_end (self->game))
    {
      cp_presentation_set_prompt (self->presentation, NULL);
      g_array_set_size (self->presentation->buttons, 0);
      g_clear_pointer (&self->presentation->timeout_button, g_free);
    }
  /* As players turn their cards over at the end, the screen shows all. */
  if ((state->rules->flags & CP_RULES_SECRETS) && cp_state_is_over (state))
    cp_presentation_set_prompt (self->presentation,
                                g_strdup (_("The game is over, and all is revealed: "
                                            "what was hidden is shown to everyone")));
  g_signal_emit (self, signals[CHANGED], 0);
  ask_agent (self);
  work_out_chance (self);
  tell_changes (self);
}

static void
cursor_changed (CpSession *self)
{
  if (self->busy > 0)
    return;
  stop_thinking (self);
  refresh (self);
}

static void
set_modified (CpSession *self, gboolean modified)
{
  if (modified)
    self->edits++;
  self->modified = modified;
  keep_safe (self);
}

/* The names of the players of @seats: "Anna", "Anna and Ben", "Anna, Ben
 * and Cleo". */
static char *
player_names (CpGame *game, CpSeatMask seats)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autofree char *first = NULL;

  for (guint i = 0; i < cp_game_get_n_seats (game); i++)
    if (seats & CP_SEAT_BIT (i))
      g_ptr_array_add (names, (gpointer) cp_player_get_name (cp_game_get_player (game, i)));
  if (names->len == 0)
    return g_strdup ("");
  if (names->len == 1)
    return g_strdup (g_ptr_array_index (names, 0));
  first = g_strdup (g_ptr_array_index (names, 0));
  for (guint i = 1; i + 1 < names->len; i++)
    {
      /* Translators: joins names in a list of three or more: "Anna, Ben" */
      char *longer = g_strdup_printf (_("%s, %s"), first, (const char *) g_ptr_array_index (names, i));

      g_free (first);
      first = longer;
    }
  /* Translators: joins the last name of a list: "Anna and Ben" */
  return g_strdup_printf (_("%s and %s"), first, (const char *) g_ptr_array_index (names, names->len - 1));
}

/* "Anna and Ben", for the players of the game, whose names are also put
 * in @names. */
static char *
all_players (CpGame *game, const char **names)
{
  guint n = cp_game_get_n_seats (game);

  for (guint seat = 0; seat < n; seat++)
    names[seat] = cp_player_get_name (cp_game_get_player (game, seat));
  return player_names (game, (CpSeatMask) (CP_SEAT_BIT (n) - 1));
}

/* Keeps the score of a game played for points that has just ended among
 * the players' best, and says how it compares. */
static void
note_score (CpSession *self)
{
  const CpOutcome *outcome = cp_game_get_outcome (self->game);
  const char *names[CP_MAX_SEATS];
  g_autofree char *players = all_players (self->game, names);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  int best;

  if (!cp_best_scores_add (cp_game_get_rules (self->game)->id, names, cp_game_get_n_seats (self->game),
                           outcome->score, &best, &error))
    {
      g_signal_emit (self, signals[NOTICE], 0, error->message);
      return;
    }
  if (best < (int) outcome->score)
    /* Translators: %s: the players, such as "Anna and Ben"; %u: their points */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "A new best score for %s: %u point",
                                         "A new best score for %s: %u points", outcome->score),
                            players, outcome->score);
  else
    /* Translators: %s: the players, such as "Anna and Ben"; %d: their best points so far */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The best score of %s stays at %d point",
                                         "The best score of %s stays at %d points", (gulong) best),
                            players, best);
  g_signal_emit (self, signals[NOTICE], 0, text);
}

/* Says what was played last, as the seat at the screen may know it. */
static void
tell_played (CpSession *self)
{
  CpAction seen;

  cp_game_get_action_for (self->game, cp_game_get_n_actions (self->game) - 1, self->screen_seat, &seen);
  g_signal_emit (self, signals[PLAYED], 0, &seen);
}

/* Whether the curtain falls for another than @seat once the screen is
 * decided for the game as it is now. */
static gboolean
curtain_falls_for_other (CpSession *self, guint seat)
{
  guint screen = self->screen_seat, curtain = self->curtain_seat, taker = self->taker;
  gboolean falls;

  choose_screen_seat (self);
  falls = self->curtain_seat != CP_NO_SEAT && self->curtain_seat != seat;
  self->screen_seat = screen;
  self->curtain_seat = curtain;
  self->taker = taker;
  return falls;
}

/* Whether the pieces and markers stand alike in the game after @a and
 * after @b actions, as @seat sees it. */
static gboolean
boards_alike (CpGame *game, guint a, guint b, guint seat)
{
  g_autoptr (CpView) first = cp_game_view_at (game, a, seat);
  g_autoptr (CpView) second = cp_game_view_at (game, b, seat);
  const CpState *one = cp_view_get_state (first);
  const CpState *two = cp_view_get_state (second);

  return memcmp (one->cells, two->cells, sizeof one->cells) == 0
         && memcmp (one->markers, two->markers, sizeof one->markers) == 0;
}

/* Whether the turn of @seat from @first on ended in what the person did
 * not see as they acted: a sealed choice revealed, a card played on a
 * piece, or the rules and chance changing the board after their action. */
static gboolean
turn_has_news (CpSession *self, const CpAction *action, guint seat, guint first)
{
  guint n = cp_game_get_n_actions (self->game);

  /* A card played on a piece does what the card says there. */
  if (action->type == CP_ACTION_PLAY_CARD && action->n_cells > 0)
    return TRUE;
  if (n <= first + 1)
    return FALSE;
  return action->type == CP_ACTION_COMMIT || !boards_alike (self->game, first + 1, n, seat);
}

/* What the actions from @first on did, as @seat may know it: the turn of
 * the person at @seat, with what the rules and chance made of it. */
static char *
describe_turn (CpSession *self, guint seat, guint first)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = first; i < cp_game_get_n_actions (self->game); i++)
    {
      g_autofree char *one = cp_game_format_action_for (self->game, i, CP_NOTATION_SAN, seat);

      if (one == NULL || one[0] == '\0')
        continue;
      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append (text, one);
    }
  if (text->len == 0)
    return NULL;
  /* Translators: said to a player before they pass the computer on: what
   * their turn did, such as "What your turn did: exd5 · the capture is
   * refused" */
  return g_strdup_printf (_("What your turn did: %s"), text->str);
}

/* Plays @action, legal at the end of the log, as a step that Undo takes
 * back: the log is then the first @keep actions, @dropped having followed
 * them.  When the person at the screen ends a turn whose outcome the rules
 * or chance decided after their action (a sealed choice revealed, a card's
 * effect, a capture the table refused), they read it before the curtain
 * falls. */
static gboolean
play_at_end (CpSession *self, const CpAction *action, guint keep, GArray *dropped, GError **error)
{
  gboolean played;
  guint actor = self->screen_seat, first = cp_game_get_n_actions (self->game);

  self->busy++;
  /* Random results the rules take long to work out come from a worker
   * thread (see work_out_chance()). */
  if (cp_game_get_rules (self->game)->work_out != NULL)
    played = cp_game_append (self->game, action, error);
  else
    played = cp_game_play (self->game, action, error);
  self->busy--;
  if (!played)
    {
      tell_changes (self);
      return FALSE;
    }
  push_step (self->undo, keep, dropped);
  g_array_set_size (self->redo, 0);
  set_modified (self, TRUE);
  g_clear_pointer (&self->report, g_free);
  if (actor < cp_game_get_n_seats (self->game) && is_person (self, actor)
      && turn_has_news (self, action, actor, first) && curtain_falls_for_other (self, actor))
    {
      self->report = describe_turn (self, actor, first);
      self->report_seat = actor;
      self->report_at = cp_game_get_n_actions (self->game);
    }
  refresh (self);
  tell_played (self);
  if (cp_game_get_outcome (self->game)->scored)
    note_score (self);
  return TRUE;
}

/* A question to an agent.  It holds the session weakly: a session its
 * owner lets go of is disposed at once, which calls the question off,
 * and the answer comes to nothing. */
typedef struct _Question {
  GWeakRef session;
  GCancellable *cancellable;
  guint n_actions;  /* the length of the log when the agent was asked */
  gint64 asked;     /* when, in monotonic microseconds */
  CpAction action;  /* the agent's answer */
  guint paced;      /* the source that plays it once the pace allows */
} Question;

static void
question_free (Question *question)
{
  g_weak_ref_clear (&question->session);
  g_object_unref (question->cancellable);
  g_free (question);
}

/* Plays the agent's answer, unless the question was called off. */
static gboolean
play_answer (gpointer data)
{
  Question *question = data;
  g_autoptr (CpSession) self = g_weak_ref_get (&question->session);
  g_autoptr (GError) error = NULL;

  if (self != NULL && self->paced == question)
    self->paced = NULL;
  if (self == NULL || g_cancellable_is_cancelled (question->cancellable) || self->thinking != question->cancellable)
    return G_SOURCE_REMOVE;
  g_clear_object (&self->thinking);
  if (question->n_actions != cp_game_get_n_actions (self->game))
    ask_agent (self);
  else if (!play_at_end (self, &question->action, question->n_actions, NULL, &error))
    g_signal_emit (self, signals[NOTICE], 0, error->message);
  tell_changes (self);
  return G_SOURCE_REMOVE;
}

static void
agent_chose (GObject *source, GAsyncResult *result, gpointer data)
{
  Question *question = data;
  g_autoptr (CpSession) self = g_weak_ref_get (&question->session);
  g_autoptr (GError) error = NULL;
  gboolean answered = cp_agent_choose_finish (CP_AGENT (source), result, &question->action, &error);
  gint64 wait;

  if (self == NULL)
    {
      question_free (question);
      return;
    }
  if (!answered)
    {
      /* An agent that fails leaves its seat waiting; the player hears why. */
      if (self->thinking == question->cancellable)
        g_clear_object (&self->thinking);
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_signal_emit (self, signals[NOTICE], 0, error->message);
      tell_changes (self);
      question_free (question);
      return;
    }
  /* A quick answer waits for the pace, so that people can follow a game
   * between computers. */
  wait = question->asked + (gint64) self->pace * 1000 - g_get_monotonic_time ();
  if (wait > 0 && !self->hurried && self->thinking == question->cancellable)
    {
      question->paced = g_timeout_add_full (G_PRIORITY_DEFAULT, (guint) (wait / 1000), play_answer, question,
                                            (GDestroyNotify) question_free);
      self->paced = question;
    }
  else
    {
      play_answer (question);
      question_free (question);
    }
}

/* Asks the agent of the first computer seat to act for its action, when
 * the game at its end waits for one and no question is open. */
static void
ask_agent (CpSession *self)
{
  const CpState *state = cp_game_get_state (self->game);
  CpSeatMask pending = cp_state_pending (state);
  g_autoptr (CpView) view = NULL;
  Question *question;

  if (self->thinking != NULL || self->report != NULL || !cp_game_cursor_at_end (self->game)
      || cp_state_is_over (state))
    return;
  for (guint seat = 0; seat < state->n_seats; seat++)
    if ((pending & CP_SEAT_BIT (seat)) && self->agents[seat] != NULL)
      {
        guint n = cp_game_get_n_actions (self->game);

        view = cp_game_view_at (self->game, n, seat);
        self->thinking = g_cancellable_new ();
        self->asked_seat = seat;
        self->hurried = FALSE;
        question = g_new0 (Question, 1);
        g_weak_ref_init (&question->session, self);
        question->cancellable = g_object_ref (self->thinking);
        question->n_actions = n;
        question->asked = g_get_monotonic_time ();
        cp_agent_choose_async (self->agents[seat], view, self->thinking, agent_chose, question);
        return;
      }
}

/* A random result that the rules work out in a worker thread. */
/* A random result being worked out; it holds the session weakly, as a
 * question does. */
typedef struct {
  GWeakRef session;
  GCancellable *cancellable;
  CpState *state;
  guint64 seed;
  guint index;
  guint n_actions;
  CpAction action;
} Chance;

static void
chance_free (Chance *chance)
{
  g_weak_ref_clear (&chance->session);
  g_object_unref (chance->cancellable);
  cp_state_free (chance->state);
  g_free (chance);
}

static void
chance_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Chance *chance = data;

  cp_state_draw_chance (chance->state, chance->seed, chance->index, cancellable, &chance->action);
  g_task_return_boolean (task, TRUE);
}

/* Logs the result worked out; refreshing starts on the next one due. */
static void
chance_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Chance *chance = g_task_get_task_data (G_TASK (result));
  g_autoptr (CpSession) self = g_weak_ref_get (&chance->session);
  g_autoptr (GError) error = NULL;
  gboolean logged;

  if (self == NULL || g_cancellable_is_cancelled (chance->cancellable) || self->thinking != chance->cancellable)
    return;
  g_clear_object (&self->thinking);
  if (chance->n_actions == cp_game_get_n_actions (self->game))
    {
      self->busy++;
      logged = cp_game_append (self->game, &chance->action, &error);
      self->busy--;
      if (!logged)
        {
          g_signal_emit (self, signals[NOTICE], 0, error->message);
          tell_changes (self);
          return;
        }
      set_modified (self, TRUE);
    }
  refresh (self);
}

/* Starts working out the random result due at the end of the game, for
 * rules that take long to do it. */
static void
work_out_chance (CpSession *self)
{
  const CpState *state = cp_game_get_state (self->game);
  g_autoptr (GTask) task = NULL;
  Chance *chance;

  if (self->thinking != NULL || self->report != NULL || !cp_game_cursor_at_end (self->game)
      || cp_state_is_over (state) || !(cp_state_pending (state) & CP_SEAT_BIT (CP_SEAT_CHANCE)))
    return;
  self->thinking = g_cancellable_new ();
  self->asked_seat = CP_NO_SEAT;
  chance = g_new0 (Chance, 1);
  g_weak_ref_init (&chance->session, self);
  chance->cancellable = g_object_ref (self->thinking);
  chance->state = cp_state_copy (state);
  chance->seed = cp_game_get_seed (self->game);
  chance->index = cp_game_count_draws (self->game);
  chance->n_actions = cp_game_get_n_actions (self->game);
  task = g_task_new (NULL, self->thinking, chance_done, NULL);
  g_task_set_task_data (task, chance, (GDestroyNotify) chance_free);
  g_task_run_in_thread (task, chance_thread);
}

static void
cp_session_dispose (GObject *object)
{
  CpSession *self = CP_SESSION (object);

  stop_thinking (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  for (guint i = 0; i < CP_MAX_SEATS; i++)
    g_clear_object (&self->agents[i]);
  G_OBJECT_CLASS (cp_session_parent_class)->dispose (object);
}

static void
cp_session_finalize (GObject *object)
{
  CpSession *self = CP_SESSION (object);

  g_clear_object (&self->game);
  g_clear_object (&self->file);
  g_clear_object (&self->autosave);
  g_clear_pointer (&self->undo, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);
  g_free (self->report);
  g_clear_pointer (&self->view, cp_view_unref);
  g_clear_pointer (&self->presentation, cp_presentation_free);
  cp_action_list_clear (&self->legal);
  g_free (self->taken_back);
  G_OBJECT_CLASS (cp_session_parent_class)->finalize (object);
}

static void
cp_session_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CpSession *self = CP_SESSION (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
    case PROP_CAN_UNDO:
    case PROP_CAN_REDO:
    case PROP_THINKING:
      g_value_set_boolean (value, property_value (self, prop_id));
      break;
    case PROP_SCREEN_SEAT:
    case PROP_CURTAIN_SEAT:
    case PROP_FACING_SEAT:
      g_value_set_uint (value, property_value (self, prop_id));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_session_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MODIFIED:
      cp_session_set_modified (CP_SESSION (object), g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_session_class_init (CpSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags read_only = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = cp_session_dispose;
  object_class->finalize = cp_session_finalize;
  object_class->get_property = cp_session_get_property;
  object_class->set_property = cp_session_set_property;

  /**
   * CpSession:file: (nullable)
   *
   * The file the game was read from or saved to last.
   */
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, read_only);
  /**
   * CpSession:modified:
   *
   * Whether the game changed since it was saved.
   */
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                                                    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                    | G_PARAM_STATIC_STRINGS);
  /**
   * CpSession:can-undo:
   *
   * Whether cp_session_undo() has something to take back.
   */
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, read_only);
  /**
   * CpSession:can-redo:
   *
   * Whether cp_session_redo() has something to play again.
   */
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, read_only);
  /**
   * CpSession:screen-seat:
   *
   * The seat whose view the screen shows, CP_VIEW_ALL or CP_VIEW_PUBLIC.
   */
  properties[PROP_SCREEN_SEAT] = g_param_spec_uint ("screen-seat", NULL, NULL, 0, G_MAXUINT,
                                                    CP_VIEW_PUBLIC, read_only);
  /**
   * CpSession:curtain-seat:
   *
   * The seat the curtain waits for, or CP_NO_SEAT when the game shows.
   */
  properties[PROP_CURTAIN_SEAT] = g_param_spec_uint ("curtain-seat", NULL, NULL, 0, G_MAXUINT,
                                                     CP_NO_SEAT, read_only);
  /**
   * CpSession:facing-seat:
   *
   * The seat whose side of the board is at the bottom of the screen.
   */
  properties[PROP_FACING_SEAT] = g_param_spec_uint ("facing-seat", NULL, NULL, 0, CP_MAX_SEATS - 1,
                                                    0, read_only);
  /**
   * CpSession:thinking:
   *
   * Whether a computer player chooses an action, or a random result is
   * being worked out.
   */
  properties[PROP_THINKING] = g_param_spec_boolean ("thinking", NULL, NULL, FALSE, read_only);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CpSession::changed:
   *
   * What the screen shows of the game has changed: the log, the replay
   * cursor or the seat at the screen.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * CpSession::played:
   * @action: (type gpointer): the CpAction played
   *
   * An action was played at the end of the log, by a person or an agent;
   * "changed" came first.
   */
  signals[PLAYED] = g_signal_new ("played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * CpSession::notice:
   * @message: what went wrong, for a player to read
   *
   * Something the player should know went wrong, such as the autosave.
   */
  signals[NOTICE] = g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
cp_session_init (CpSession *self)
{
  self->undo = g_array_new (FALSE, FALSE, sizeof (Step));
  self->redo = g_array_new (FALSE, FALSE, sizeof (Step));
  g_array_set_clear_func (self->undo, step_clear);
  g_array_set_clear_func (self->redo, step_clear);
  self->autosave = cp_autosave_new ();
  self->screen_seat = self->told[PROP_SCREEN_SEAT] = CP_VIEW_PUBLIC;
  self->curtain_seat = self->taker = self->told[PROP_CURTAIN_SEAT] = CP_NO_SEAT;
  self->facing = CP_FACING_PERSON;
  cp_action_list_init (&self->legal);
}

/**
 * cp_session_new:
 * @file: (nullable): the file the game was read from
 *
 * A session for @game, at its end, unchanged.
 *
 * Returns: (transfer full): the session
 */
CpSession *
cp_session_new (CpGame *game, GFile *file)
{
  CpSession *self;

  g_return_val_if_fail (CP_IS_GAME (game), NULL);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), NULL);

  self = g_object_new (CP_TYPE_SESSION, NULL);

  self->game = g_object_ref (game);
  g_set_object (&self->file, file);
  cp_game_set_cursor (game, cp_game_get_n_actions (game));
  g_signal_connect_swapped (game, "notify::cursor", G_CALLBACK (cursor_changed), self);
  refresh (self);
  return self;
}

/**
 * cp_session_get_game:
 *
 * Returns: (transfer none): the game of the session
 */
CpGame *
cp_session_get_game (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  return self->game;
}

/**
 * cp_session_get_file:
 *
 * Returns: (transfer none) (nullable): the file the game was read from or
 *   saved to last, or NULL for a game never saved
 */
GFile *
cp_session_get_file (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  return self->file;
}

gboolean
cp_session_get_modified (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);

  return self->modified;
}

/* Marks the game as changed since it was saved (a recovered game), or
 * not; the autosave follows. */
void
cp_session_set_modified (CpSession *self, gboolean modified)
{
  g_return_if_fail (CP_IS_SESSION (self));

  set_modified (self, !!modified);
  tell_changes (self);
}

/* Whether the session holds a new game nobody has played yet. */
gboolean
cp_session_is_pristine (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);

  return self->file == NULL && !self->modified
         && cp_game_get_n_actions (self->game) == cp_game_get_setup_length (self->game);
}

/**
 * cp_session_get_autosave:
 *
 * Returns: (transfer none): where the game is kept safe
 */
CpAutosave *
cp_session_get_autosave (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  return self->autosave;
}

/* Keeps the game safe in @autosave from now on. */
void
cp_session_set_autosave (CpSession *self, CpAutosave *autosave)
{
  g_return_if_fail (CP_IS_SESSION (self));
  g_return_if_fail (CP_IS_AUTOSAVE (autosave));

  g_set_object (&self->autosave, autosave);
  keep_safe (self);
}

typedef struct {
  GFile *file;
  guint edits;
} Saving;

static void
saving_free (Saving *saving)
{
  g_object_unref (saving->file);
  g_free (saving);
}

static void
saved (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) task = data;
  CpSession *self = g_task_get_source_object (task);
  Saving *saving = g_task_get_task_data (task);
  GError *error = NULL;

  if (!cp_game_file_save_finish (G_FILE (source), result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_set_object (&self->file, saving->file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  /* A change made while the file was written is not in it. */
  if (self->edits == saving->edits)
    cp_session_set_modified (self, FALSE);
  g_task_return_boolean (task, TRUE);
}

/**
 * cp_session_save_async:
 * @self: a #CpSession
 * @file: where to save the game
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the game has been saved
 * @user_data: data for @callback
 *
 * Saves the game as it is now as a record in @file, without blocking;
 * once it is written, @file becomes the session's file.  The game counts
 * as saved unless it changed in the meantime.
 */
void
cp_session_save_async (CpSession *self, GFile *file, GCancellable *cancellable,
                       GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task;
  Saving *saving;

  g_return_if_fail (CP_IS_SESSION (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, cp_session_save_async);
  saving = g_new0 (Saving, 1);
  saving->file = g_object_ref (file);
  saving->edits = self->edits;
  g_task_set_task_data (task, saving, (GDestroyNotify) saving_free);
  cp_game_file_save_async (self->game, file, CP_GAME_FILE_RECORD, cancellable, saved, task);
}

/**
 * cp_session_save_finish:
 * @self: a #CpSession
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: whether the game was saved
 */
gboolean
cp_session_save_finish (CpSession *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Forgets the changes: the autosave goes, and the game counts as saved. */
void
cp_session_discard (CpSession *self)
{
  g_return_if_fail (CP_IS_SESSION (self));

  stop_thinking (self);
  set_modified (self, FALSE);
  tell_changes (self);
}

/**
 * cp_session_get_screen_seat:
 *
 * The seat whose view the screen shows, or CP_VIEW_ALL.
 */
guint
cp_session_get_screen_seat (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), CP_VIEW_PUBLIC);

  return self->screen_seat;
}

/**
 * cp_session_dup_position:
 *
 * The position text of the game where the replay stands
 * (cp_state_write_position()), when the screen may show everything: in a
 * game without secrets, or once a game with secrets is over.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL with @error set
 */
char *
cp_session_dup_position (CpSession *self, GError **error)
{
  g_autoptr (CpState) state = NULL;

  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  if (self->screen_seat != CP_VIEW_ALL || self->curtain_seat != CP_NO_SEAT)
    {
      g_set_error_literal (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION,
                           _("The position holds what the players keep secret: it can be copied once the game is over"));
      return NULL;
    }
  state = cp_game_state_at (self->game, cp_game_get_cursor (self->game));
  return cp_state_write_position (state, error);
}

/**
 * cp_session_get_curtain_seat:
 *
 * The seat the curtain waits for, or CP_NO_SEAT when the game shows.
 */
guint
cp_session_get_curtain_seat (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), CP_NO_SEAT);

  return self->curtain_seat;
}

/**
 * cp_session_get_curtain_prompt:
 *
 * What the rules ask of the seat the curtain waits for: a whole turn or
 * a part of one (giving something back, a choice), in the words of the
 * prompt that seat will see.
 *
 * Returns: (transfer full) (nullable): the prompt, or NULL when there is
 * no curtain or the rules say nothing more than that a turn is due
 */
char *
cp_session_get_curtain_prompt (CpSession *self)
{
  g_autoptr (CpView) view = NULL;
  g_autoptr (CpPresentation) presentation = NULL;

  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  if (self->curtain_seat == CP_NO_SEAT
      || !(cp_state_pending (cp_view_get_state (self->view)) & CP_SEAT_BIT (self->curtain_seat)))
    return NULL;
  view = cp_game_view (self->game, self->curtain_seat);
  presentation = cp_game_present (self->game, view);
  return g_steal_pointer (&presentation->prompt);
}

/* The person the curtain waited for is at the screen. */
void
cp_session_take_screen (CpSession *self)
{
  g_return_if_fail (CP_IS_SESSION (self));

  if (self->curtain_seat == CP_NO_SEAT)
    return;
  self->screen_seat = self->taker = self->curtain_seat;
  g_clear_pointer (&self->taken_back, g_free);
  refresh (self);
}

/**
 * cp_session_get_turn_report:
 *
 * Returns: (nullable): what the last turn of the person at the screen
 *   did, which they read before the curtain falls for the next person;
 *   NULL when there is nothing to read
 */
const char *
cp_session_get_turn_report (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  return self->report;
}

/**
 * cp_session_pass_on:
 *
 * Says that the person at the screen has read what their turn did: the
 * curtain falls for the next person.
 *
 * Returns: whether there was a report to read
 */
gboolean
cp_session_pass_on (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);

  if (self->report == NULL)
    return FALSE;
  g_clear_pointer (&self->report, g_free);
  refresh (self);
  return TRUE;
}

/**
 * cp_session_set_facing:
 *
 * Says which side of the board faces the screen in a game that passes
 * no screen from person to person.
 */
void
cp_session_set_facing (CpSession *self, CpFacing facing)
{
  g_return_if_fail (CP_IS_SESSION (self));
  g_return_if_fail (facing <= CP_FACING_TO_MOVE);

  self->facing = facing;
  choose_facing_seat (self, cp_view_get_state (self->view));
  tell_changes (self);
}

/**
 * cp_session_get_facing_seat:
 *
 * The seat whose side of the board is at the bottom of the screen.
 */
guint
cp_session_get_facing_seat (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), 0);

  return self->facing_seat;
}

/**
 * cp_session_set_agent:
 * @agent: (nullable): the computer player of @seat, or NULL for a person
 */
void
cp_session_set_agent (CpSession *self, guint seat, CpAgent *agent)
{
  g_return_if_fail (CP_IS_SESSION (self));
  g_return_if_fail (seat < CP_MAX_SEATS);
  g_return_if_fail (agent == NULL || CP_IS_AGENT (agent));

  /* Another seat's question stays open. */
  if (self->thinking != NULL && self->asked_seat == seat)
    stop_thinking (self);
  g_set_object (&self->agents[seat], agent);
  refresh (self);
}

/**
 * cp_session_get_agent:
 *
 * Returns: (transfer none) (nullable): the computer player of @seat, or
 *   NULL for a person
 */
CpAgent *
cp_session_get_agent (CpSession *self, guint seat)
{
  g_return_val_if_fail (CP_IS_SESSION (self), NULL);
  g_return_val_if_fail (seat < CP_MAX_SEATS, NULL);

  return self->agents[seat];
}

/**
 * cp_session_set_pace:
 * @milliseconds: the least time between asking an agent and playing its
 *   action
 *
 * Slows computer players down so that people can watch them.
 */
void
cp_session_set_pace (CpSession *self, guint milliseconds)
{
  g_return_if_fail (CP_IS_SESSION (self));

  self->pace = milliseconds;
}

/* Whether an agent is choosing an action. */
gboolean
cp_session_is_thinking (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);

  return self->thinking != NULL;
}

/**
 * cp_session_get_thinking_seat:
 *
 * Returns: the seat whose computer player is choosing an action, or
 *   CP_NO_SEAT
 */
guint
cp_session_get_thinking_seat (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), CP_NO_SEAT);

  return self->thinking != NULL ? self->asked_seat : CP_NO_SEAT;
}

/**
 * cp_session_move_now:
 *
 * Asks the computer player choosing an action to play the best it has
 * found so far, without waiting for the pace.
 *
 * Returns: whether a computer player was choosing
 */
gboolean
cp_session_move_now (CpSession *self)
{
  Question *paced;

  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);

  if (self->thinking == NULL || self->asked_seat >= CP_MAX_SEATS || self->agents[self->asked_seat] == NULL)
    return FALSE;
  self->hurried = TRUE;
  paced = self->paced;
  if (paced != NULL)
    {
      guint source = paced->paced;

      /* The answer is there: it is played now, and its wait ends. */
      play_answer (paced);
      g_source_remove (source);
    }
  else
    cp_agent_hurry (self->agents[self->asked_seat]);
  return TRUE;
}

/**
 * cp_session_get_view:
 *
 * Returns: (transfer none): the game at the replay cursor as the seat at
 *   the screen may see it
 */
CpView *
cp_session_get_view (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  return self->view;
}

/**
 * cp_session_get_presentation:
 *
 * Returns: (transfer none): what the screen shows beside the pieces
 */
const CpPresentation *
cp_session_get_presentation (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  return self->presentation;
}

/**
 * cp_session_get_legal:
 *
 * Returns: (transfer none): the actions the seat at the screen may take
 *   on the board and with the presentation's buttons; none behind the
 *   curtain
 */
const CpActionList *
cp_session_get_legal (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  return &self->legal;
}

/**
 * cp_session_get_last_move:
 *
 * Returns: (transfer none) (nullable): the move to mark as the last one
 *   at the replay cursor, or NULL
 */
const CpAction *
cp_session_get_last_move (CpSession *self)
{
  const CpAction *move;

  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  move = cp_game_last_move (self->game, cp_game_get_cursor (self->game));
  if (move == NULL || (cp_view_get_action (self->view, (guint) (move - cp_game_get_action (self->game, 0)))->flags
                       & CP_ACTION_FLAG_REDACTED))
    return NULL;
  return move;
}

/**
 * cp_session_get_hint:
 * @suggested: (out caller-allocates): the action the hint suggests
 *
 * Whether a hint the seat at the screen may see was taken last at the
 * replay cursor, with nothing played since.
 */
gboolean
cp_session_get_hint (CpSession *self, CpAction *suggested)
{
  guint cursor;
  const CpAction *last;

  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);
  g_return_val_if_fail (suggested != NULL, FALSE);

  cursor = cp_view_get_n_actions (self->view);
  if (cursor == 0)
    return FALSE;
  last = cp_view_get_action (self->view, cursor - 1);
  if (last->type != CP_ACTION_HINT || (last->flags & CP_ACTION_FLAG_REDACTED))
    return FALSE;
  cp_action_get_hinted (last, suggested);
  return TRUE;
}

/**
 * cp_session_explain_cell:
 * @cell: a cell of the board the screen shows
 *
 * Why the seat at the screen can do nothing on @cell now, as a short
 * sentence to show when a click there cannot be played.
 *
 * Returns: (transfer full) (nullable): the reason, or %NULL when the
 * cell offers an action
 */
char *
cp_session_explain_cell (CpSession *self, guint cell)
{
  const CpState *state;
  const CpPiece *piece;
  gboolean moves_pieces = FALSE;
  guint actor;

  g_return_val_if_fail (CP_IS_SESSION (self), NULL);
  state = cp_view_get_state (self->view);
  g_return_val_if_fail (cp_board_has_cell (state->board, cell), NULL);

  piece = &state->cells[cell];
  for (guint i = 0; i < self->legal.len; i++)
    {
      if (self->legal.items[i].n_cells > 0 && self->legal.items[i].cells[0] == cell)
        return NULL;
      moves_pieces |= self->legal.items[i].n_cells > 1;
    }
  if (self->legal.len == 0)
    {
      guint seat = cp_state_first_pending (state);

      if (seat != CP_NO_SEAT)
        /* Translators: %s is a player's name */
        return g_strdup_printf (_("It is %s’s turn"), player_name (self, seat));
      return cp_state_pending (state) == 0 ? g_strdup (_("The game is over")) : NULL;
    }
  actor = self->legal.items[0].seat;
  if (state->rules->explain != NULL)
    {
      char *reason = state->rules->explain (state, actor, cell);

      if (reason != NULL)
        return reason;
    }
  if (piece->kind == CP_PIECE_NONE)
    return moves_pieces ? g_strdup (_("Pick up one of your pieces first")) : g_strdup (_("Nothing can be played there"));
  if (cp_rules_partners (state->rules, actor, piece->seat))
    return g_strdup (_("That is your partner’s piece"));
  if (piece->seat != actor && piece->seat < state->n_seats)
    /* Translators: %s is a player's name */
    return g_strdup_printf (_("That is %s’s piece"), player_name (self, piece->seat));
  return g_strdup (_("That piece cannot move now"));
}

/* @seat's player with the army: "Anna (White)", or "White". */
static char *
player_with_army (CpGame *game, guint seat)
{
  const char *name = cp_player_get_name (cp_game_get_player (game, seat));
  const char *army = cp_game_get_player_army (game, seat);

  /* Translators: a player and the army they play, such as "Anna (White)" */
  return army != NULL ? g_strdup_printf (_("%s (%s)"), name, army) : g_strdup (name);
}

/* Whose turn it was at an earlier position, in words that ask nobody to
 * act: that position is looked back on. */
static char *
describe_past (CpSession *self, const CpState *state, const char *names)
{
  guint n = cp_bits_count (cp_state_pending (state) & ~CP_SEAT_BIT (CP_SEAT_CHANCE));

  if (state->rules->flags & CP_RULES_DRAWS && state->draw_offer != 0)
    {
      g_autofree char *offering = player_names (self->game, state->draw_offer);

      /* Translators: at an earlier position of the game: a draw offer
       * that stood then, and whose turn it was, such as "Anna had offered
       * a draw · Ben was to move" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s had offered a draw · %s was to move",
                                           "%s had offered a draw · %s were to move", n),
                              offering, names);
    }
  /* Translators: at an earlier position of the game, whose turn it was
   * then, such as "Anna was to move" or "Anna and Ben were to move" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s was to move", "%s were to move", n), names);
}

/**
 * cp_session_dup_status:
 *
 * Returns: (transfer full): whose turn it is at the replay cursor, or how
 *   the game ended, in words: "Anna to move", "Checkmate: Ben wins"
 */
char *
cp_session_dup_status (CpSession *self)
{
  const CpState *state;
  CpSeatMask pending;
  g_autofree char *names = NULL;

  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  state = cp_view_get_state (self->view);
  pending = cp_state_pending (state);
  switch (state->outcome.status)
    {
    case CP_STATUS_WON:
      names = player_names (self->game, state->outcome.winners);
      if (state->outcome.scored)
        /* Translators: how a game played for points ended, who won and their
         * points, such as "King captured: Alice and Ben win with 2 points" */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s win with %u point", "%s: %s win with %u points",
                                             state->outcome.score),
                                cp_end_reason_describe (state->outcome.reason), names, state->outcome.score);
      /* Translators: how a game ended and who won, such as "Checkmate: Alice wins" or
       * "Checkmate: Alice and Ben win" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s wins", "%s: %s win",
                                           cp_bits_count (state->outcome.winners)),
                              cp_end_reason_describe (state->outcome.reason), names);
    case CP_STATUS_DRAWN:
      return g_strdup (cp_end_reason_describe (state->outcome.reason));
    case CP_STATUS_LOST:
      /* Translators: how a game that the players played together against
       * the game ended, such as "Out of cards: the game wins" */
      return g_strdup_printf (_("%s: the game wins"), cp_end_reason_describe (state->outcome.reason));
    default:
      break;
    }
  if (pending & CP_SEAT_BIT (CP_SEAT_CHANCE))
    return g_strdup (_("Setting up"));
  names = player_names (self->game, pending);
  if (!cp_game_cursor_at_end (self->game))
    return describe_past (self, state, names);
  if (state->rules->flags & CP_RULES_DRAWS && state->draw_offer != 0)
    {
      g_autofree char *offering = player_names (self->game, state->draw_offer);

      /* Translators: a standing draw offer, then whose turn it is */
      return g_strdup_printf (_("%s offers a draw · %s to move"), offering, names);
    }
  return g_strdup_printf (_("%s to move"), names);
}

/* Who plays which army, when the set-up drew it and nobody has acted yet:
 * "Anna plays Black, Ben plays White"; or NULL. */
static char *
describe_drawn_seats (CpSession *self)
{
  g_autoptr (GString) text = g_string_new (NULL);
  guint n_seats = cp_game_get_n_seats (self->game);

  if (!self->presentation->seats_drawn)
    return NULL;
  for (guint seat = 0; seat < n_seats; seat++)
    if (cp_game_count_player_actions (self->game, seat, G_MAXUINT) > 0)
      return NULL;
  for (guint seat = 0; seat < n_seats; seat++)
    {
      const char *army = cp_game_get_player_army (self->game, seat);

      if (army == NULL)
        continue;
      if (text->len > 0)
        /* Translators: between the players drawn to their armies */
        g_string_append (text, _(", "));
      /* Translators: the army a draw gave a player, such as "Anna plays Black" */
      g_string_append_printf (text, _("%s plays %s"), cp_player_get_name (cp_game_get_player (self->game, seat)), army);
    }
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

/**
 * cp_session_dup_prompt:
 *
 * What the screen tells its person now, naming the player: what they may
 * do ("Your move, Anna (White)", or the game's own question), what a
 * computer player is doing, how the game went at an earlier position, or
 * how it ended; before the first move of a game whose set-up drew the
 * armies, who plays which.
 *
 * Returns: (transfer full): the prompt
 */
char *
cp_session_dup_prompt (CpSession *self)
{
  const CpState *state;
  const char *asked;
  guint thinking;
  g_autofree char *now = NULL;
  g_autofree char *drawn = NULL;

  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  state = cp_view_get_state (self->view);
  asked = self->presentation->prompt;
  thinking = cp_session_get_thinking_seat (self);
  if (self->report != NULL)
    return g_strdup (self->report);
  if (!cp_game_cursor_at_end (self->game) || (cp_state_is_over (state) && asked == NULL))
    return cp_session_dup_status (self);
  if (cp_state_is_over (state))
    {
      g_autofree char *status = cp_session_dup_status (self);

      /* Translators: how the game ended, then what the game says of the
       * end, such as "Checkmate: Ben wins · All is revealed" */
      return g_strdup_printf (_("%s · %s"), status, asked);
    }
  if (thinking < state->n_seats)
    /* Translators: while a computer player chooses its action, such as
     * "Ben (computer) is thinking…" */
    now = g_strdup_printf (_("%s (computer) is thinking…"), cp_player_get_name (cp_game_get_player (self->game, thinking)));
  else if (self->legal.len > 0 && self->legal.items[0].seat < state->n_seats)
    {
      /* The seat whose actions the screen offers: the seat at the screen,
       * or in a game without secrets the person to act. */
      g_autofree char *who = player_with_army (self->game, self->legal.items[0].seat);

      if (asked != NULL)
        /* Translators: a player, then what the game asks of them, such as
         * "Anna (White): Put a checker under one of your pieces" */
        now = g_strdup_printf (_("%s: %s"), who, asked);
      else
        /* Translators: the prompt of a player's ordinary turn, such as
         * "Your move, Anna (White)" */
        now = g_strdup_printf (_("Your move, %s"), who);
    }
  else
    now = asked != NULL ? g_strdup (asked) : cp_session_dup_status (self);
  drawn = describe_drawn_seats (self);
  if (drawn == NULL)
    return g_steal_pointer (&now);
  /* Translators: who plays which army after a draw, then the prompt */
  return g_strdup_printf (_("%s · %s"), drawn, now);
}

/* Whether the person at the screen may act for @seat: nobody may while
 * the curtain is up, and a person at the screen acts for their own seat
 * only. */
static gboolean
screen_may_act (CpSession *self, guint seat, GError **error)
{
  if (self->curtain_seat != CP_NO_SEAT)
    return cp_error_fail (error, CP_ERROR_ILLEGAL_ACTION,
                          /* Translators: %s is a player's name */
                          _("The game is covered until %s takes the screen"),
                          player_name (self, self->curtain_seat));
  if (self->screen_seat < cp_game_get_n_seats (self->game) && seat != self->screen_seat)
    return cp_error_fail (error, CP_ERROR_ILLEGAL_ACTION, _("Only the player at the screen may act now"));
  return TRUE;
}

/* How many actions of players follow the replay cursor: playing there
 * drops them. */
guint
cp_session_count_later (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), 0);

  return cp_game_count_player_actions (self->game, cp_game_get_cursor (self->game),
                                       cp_game_get_n_actions (self->game));
}

/**
 * cp_session_play:
 *
 * Plays @action, a legal action at the replay cursor.  When the cursor
 * shows an earlier position, the later actions are dropped; Undo brings
 * them back.
 */
gboolean
cp_session_play (CpSession *self, const CpAction *action, GError **error)
{
  guint cursor;
  g_autoptr (CpState) state = NULL;
  GArray *dropped;

  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  cursor = cp_game_get_cursor (self->game);
  state = cp_game_state_at (self->game, cursor);
  if (!screen_may_act (self, action->seat, error) || !cp_state_check (state, action, error))
    return FALSE;
  stop_thinking (self);
  dropped = actions_after (self->game, cursor);
  self->busy++;
  cp_game_truncate (self->game, cursor);
  self->busy--;
  if (play_at_end (self, action, cursor, dropped, error))
    return TRUE;
  if (dropped != NULL)
    g_array_unref (dropped);
  return FALSE;
}

/* Plays the action of the presentation's button @id. */
gboolean
cp_session_press_button (CpSession *self, const char *id, GError **error)
{
  const CpButton *button;

  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  button = cp_presentation_find_button (self->presentation, id);
  if (button == NULL)
    return cp_error_fail (error, CP_ERROR_ILLEGAL_ACTION, _("That cannot be done now"));
  return cp_session_play (self, &button->action, error);
}

/* The seat that resigns, offers or claims a draw: the seat at the screen,
 * or else the first person to act. */
guint
cp_session_get_acting_seat (CpSession *self)
{
  const CpState *state;
  guint seat;

  g_return_val_if_fail (CP_IS_SESSION (self), CP_NO_SEAT);

  state = cp_game_get_state (self->game);
  if (self->screen_seat < state->n_seats && !(state->out & CP_SEAT_BIT (self->screen_seat)))
    return self->screen_seat;
  seat = first_person_to_act (self, state);
  return seat != CP_NO_SEAT ? seat : cp_state_first_pending (state);
}

/* The seat that answers another's draw offer: the seat at the screen when
 * it did not make the offer, or else the first seat still playing that did
 * not. */
static guint
answering_seat (CpSession *self)
{
  const CpState *state = cp_game_get_state (self->game);

  if (self->screen_seat < state->n_seats && !(state->draw_offer & CP_SEAT_BIT (self->screen_seat)))
    return self->screen_seat;
  for (guint seat = 0; seat < state->n_seats; seat++)
    if (!(state->draw_offer & CP_SEAT_BIT (seat)) && !(state->out & CP_SEAT_BIT (seat)))
      return seat;
  return cp_session_get_acting_seat (self);
}

static guint
seat_for (CpSession *self, CpActionType type)
{
  return type == CP_ACTION_ACCEPT_DRAW || type == CP_ACTION_DECLINE_DRAW
         ? answering_seat (self) : cp_session_get_acting_seat (self);
}

/**
 * cp_session_can_act:
 * @type: resigning, or offering, accepting, declining or claiming a draw
 *
 * Whether the seat it falls to may do that at the end of the game.
 */
gboolean
cp_session_can_act (CpSession *self, CpActionType type)
{
  const CpState *state;
  guint seat;
  CpAction action;

  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);

  state = cp_game_get_state (self->game);
  seat = seat_for (self, type);
  if (seat >= state->n_seats || self->curtain_seat != CP_NO_SEAT)
    return FALSE;
  cp_action_init (&action, type, seat);
  return cp_state_check (state, &action, NULL);
}

/* Resigns, or offers, accepts, declines or claims a draw, at the end of
 * the game, for the seat it falls to. */
gboolean
cp_session_act (CpSession *self, CpActionType type, GError **error)
{
  guint n;
  CpAction action;

  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  n = cp_game_get_n_actions (self->game);
  if (self->curtain_seat != CP_NO_SEAT)
    return screen_may_act (self, CP_NO_SEAT, error);
  cp_action_init (&action, type, seat_for (self, type));
  if (!cp_state_check (cp_game_get_state (self->game), &action, error))
    return FALSE;
  stop_thinking (self);
  self->busy++;
  cp_game_set_cursor (self->game, n);
  self->busy--;
  return play_at_end (self, &action, n, NULL, error);
}

/**
 * cp_session_can_undo:
 *
 * Whether there is something to take back: with people at the table, one
 * of their actions (and the computer's after it); with computer players
 * only, any action.
 */
gboolean
cp_session_can_undo (CpSession *self)
{
  guint n;

  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);

  n = cp_game_get_n_actions (self->game);
  if (self->curtain_seat != CP_NO_SEAT)
    return FALSE;
  if (cp_session_count_people (self, NULL) == 0)
    return self->undo->len > 0 || n > cp_game_get_setup_length (self->game);
  for (guint i = cp_game_get_setup_length (self->game); i < n; i++)
    if (is_person (self, cp_game_get_action (self->game, i)->seat))
      return TRUE;
  return FALSE;
}

gboolean
cp_session_can_redo (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);

  return self->curtain_seat == CP_NO_SEAT && self->redo->len > 0;
}

/* Whether the seat to act at the end of the log is a computer's. */
static gboolean
computer_to_act (CpSession *self)
{
  const CpState *state = cp_game_get_state (self->game);

  return !cp_state_is_over (state) && first_person_to_act (self, state) == CP_NO_SEAT
         && !(cp_state_pending (state) & CP_SEAT_BIT (CP_SEAT_CHANCE));
}

/* Whether the log ends with a sealed choice of a computer: taken back
 * with the person's action after it, lest the person, who may have seen
 * it revealed, choose again knowing it. */
static gboolean
computer_sealed_last (CpSession *self)
{
  guint n = cp_game_get_n_actions (self->game);
  const CpAction *last;

  if (n <= cp_game_get_setup_length (self->game))
    return FALSE;
  last = cp_game_get_action (self->game, n - 1);
  return last->type == CP_ACTION_COMMIT && last->seat < CP_MAX_SEATS && !is_person (self, last->seat);
}

/* Where the log is cut back to by the next step of Undo: the first
 * @keep actions stay.  FALSE when there is nothing to take back. */
static gboolean
next_undo (CpSession *self, guint *keep)
{
  if (self->undo->len > 0)
    {
      *keep = g_array_index (self->undo, Step, self->undo->len - 1).keep;
      return TRUE;
    }
  /* A game opened from a file: its last player action goes. */
  *keep = cp_game_get_n_actions (self->game);
  while (*keep > 0 && cp_game_get_action (self->game, *keep - 1)->seat == CP_SEAT_CHANCE)
    (*keep)--;
  if (*keep <= cp_game_get_setup_length (self->game))
    return FALSE;
  (*keep)--;
  return TRUE;
}

static void
undo_step (CpSession *self, guint keep)
{
  Step step = { keep, NULL }, back;

  if (self->undo->len > 0)
    step = pop_step (self->undo);
  back = restore (self->game, &step);
  step_clear (&step);
  g_array_append_val (self->redo, back);
}

/* The first action after the first @keep of the log that a person chose
 * in secret and another person has seen revealed since, or CP_NO_SEAT:
 * taking it back would let its player choose again after the other has
 * learned the choice.  With one person at the table there is nobody to
 * learn it. */
static guint
revealed_after (CpSession *self, guint keep)
{
  guint n = cp_game_get_n_actions (self->game);
  guint n_seats = cp_game_get_n_seats (self->game);

  if (cp_session_count_people (self, NULL) < 2)
    return CP_NO_SEAT;
  for (guint i = keep; i < n; i++)
    {
      const CpAction *action = cp_game_get_action (self->game, i);

      if (!is_person (self, action->seat) || cp_action_is_public (action))
        continue;
      for (guint seat = 0; seat < n_seats; seat++)
        {
          CpAction known;

          if (seat == action->seat || !is_person (self, seat) || cp_action_visible_to (action, seat))
            continue;
          cp_game_get_action_for (self->game, i, seat, &known);
          if (!(known.flags & CP_ACTION_FLAG_REDACTED))
            return i;
        }
    }
  return CP_NO_SEAT;
}

/* "Black takes back “e5”", for the first action of a person after the
 * first @keep of the log, in words everyone may read. */
static char *
describe_taking_back (CpSession *self, guint keep)
{
  guint n = cp_game_get_n_actions (self->game);

  for (guint i = keep; i < n; i++)
    {
      const CpAction *action = cp_game_get_action (self->game, i);
      g_autofree char *text = NULL;

      if (!is_person (self, action->seat))
        continue;
      text = cp_game_format_action_for (self->game, i, CP_NOTATION_SAN_LOCAL, CP_VIEW_PUBLIC);
      /* Translators: a player's name, then what they did as the move list
       * says it, such as "e5" */
      return g_strdup_printf (_("%s takes back “%s”"), player_name (self, action->seat), text);
    }
  return NULL;
}

/**
 * cp_session_undo:
 *
 * Takes back the last step, and those of computer players before it, so
 * that a person is to act again.  In a game with secrets, a person other
 * than the one at the screen who is to act again takes the screen at the
 * curtain first, which says what was taken back; a secret choice another
 * person has seen revealed since stays as it is.
 *
 * Returns: whether something was taken back; if not, @error says why
 *   when there was something to take back
 */
gboolean
cp_session_undo (CpSession *self, GError **error)
{
  gboolean undone = FALSE;
  guint keep, revealed;

  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!cp_session_can_undo (self) || !next_undo (self, &keep))
    return FALSE;
  if ((revealed = revealed_after (self, keep)) != CP_NO_SEAT)
    {
      guint seat = cp_game_get_action (self->game, revealed)->seat;

      return cp_error_fail (error, CP_ERROR_ILLEGAL_ACTION,
                            /* Translators: %s is a player's name */
                            _("The secret choice of %s has been revealed, so it can no longer be taken back"),
                            player_name (self, seat));
    }
  stop_thinking (self);
  g_free (self->taken_back);
  self->taken_back = describe_taking_back (self, keep);
  self->busy++;
  do
    {
      undo_step (self, keep);
      undone = TRUE;
      if ((!computer_to_act (self) && !computer_sealed_last (self)) || cp_session_count_people (self, NULL) == 0)
        break;
    }
  while (next_undo (self, &keep) && revealed_after (self, keep) == CP_NO_SEAT);
  self->busy--;
  set_modified (self, TRUE);
  refresh (self);
  return undone;
}

/**
 * cp_session_get_taken_back:
 *
 * What Undo took back, when it raised the curtain for the person to act
 * again.
 *
 * Returns: (transfer none) (nullable): such as "Black takes back “e5”",
 *   or NULL
 */
const char *
cp_session_get_taken_back (CpSession *self)
{
  g_return_val_if_fail (CP_IS_SESSION (self), NULL);

  return self->curtain_seat != CP_NO_SEAT ? self->taken_back : NULL;
}

void
cp_session_redo (CpSession *self)
{
  Step step, back;

  g_return_if_fail (CP_IS_SESSION (self));

  if (!cp_session_can_redo (self))
    return;
  stop_thinking (self);
  step = pop_step (self->redo);
  self->busy++;
  back = restore (self->game, &step);
  self->busy--;
  step_clear (&step);
  g_array_append_val (self->undo, back);
  set_modified (self, TRUE);
  refresh (self);
}

typedef struct {
  CpAgent *adviser;
  guint n_actions;  /* the length of the log when the adviser was asked */
} HintQuestion;

static void
hint_question_free (HintQuestion *question)
{
  g_object_unref (question->adviser);
  g_free (question);
}

static void
hint_chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) task = data;
  CpSession *self = g_task_get_source_object (task);
  HintQuestion *question = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  CpAction suggested, hint;
  gboolean played;

  if (!cp_agent_choose_finish (CP_AGENT (source), result, &suggested, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (question->n_actions != cp_game_get_n_actions (self->game) || !cp_game_cursor_at_end (self->game))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The game went on meanwhile"));
      return;
    }
  /* The hint goes into the log, but is no step of its own: Undo takes it
   * back with the move before it. */
  if (cp_action_init_hint (&hint, &suggested))
    {
      self->busy++;
      played = cp_game_append (self->game, &hint, &error);
      self->busy--;
      if (!played)
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      set_modified (self, TRUE);
      refresh (self);
    }
  g_task_return_pointer (task, g_memdup2 (&suggested, sizeof suggested), g_free);
}

/**
 * cp_session_hint_async:
 * @adviser: the computer player that suggests
 *
 * Asks @adviser which action it would take for the person to act at the
 * end of the game, and records in the log that a hint was taken.
 */
void
cp_session_hint_async (CpSession *self, CpAgent *adviser, GCancellable *cancellable,
                       GAsyncReadyCallback callback, gpointer user_data)
{
  const CpState *state;
  guint seat, n;
  GTask *task;
  g_autoptr (CpView) view = NULL;
  HintQuestion *question;

  g_return_if_fail (CP_IS_SESSION (self));
  g_return_if_fail (CP_IS_AGENT (adviser));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  state = cp_game_get_state (self->game);
  seat = self->screen_seat < state->n_seats ? self->screen_seat : first_person_to_act (self, state);
  n = cp_game_get_n_actions (self->game);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, cp_session_hint_async);
  if (self->curtain_seat != CP_NO_SEAT || cp_state_is_over (state) || seat >= state->n_seats || !(cp_state_pending (state) & CP_SEAT_BIT (seat)))
    {
      g_task_return_new_error (task, CP_ERROR, CP_ERROR_ILLEGAL_ACTION, _("There is nothing to suggest now"));
      g_object_unref (task);
      return;
    }
  question = g_new0 (HintQuestion, 1);
  question->adviser = g_object_ref (adviser);
  question->n_actions = n;
  g_task_set_task_data (task, question, (GDestroyNotify) hint_question_free);
  view = cp_game_view_at (self->game, n, seat);
  cp_agent_choose_async (adviser, view, cancellable, hint_chosen, task);
}

/**
 * cp_session_hint_finish:
 * @suggested: (out caller-allocates): the action suggested
 */
gboolean
cp_session_hint_finish (CpSession *self, GAsyncResult *result, CpAction *suggested, GError **error)
{
  g_autofree CpAction *action = NULL;

  g_return_val_if_fail (CP_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (suggested != NULL, FALSE);

  action = g_task_propagate_pointer (G_TASK (result), error);
  if (action == NULL)
    return FALSE;
  *suggested = *action;
  return TRUE;
}

/* Shows the game after the first @cursor actions of the log. */
void
cp_session_set_cursor (CpSession *self, guint cursor)
{
  g_return_if_fail (CP_IS_SESSION (self));

  /* Behind the curtain the moves stay where they are. */
  if (self->curtain_seat == CP_NO_SEAT)
    cp_game_set_cursor (self->game, cursor);
}
