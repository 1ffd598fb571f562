/* test-session.c: a game at one screen, without a display
 *
 * Who sees what and when the curtain falls, the legal actions of the seat
 * at the screen, undo and redo, playing on from the past, the file and
 * its changes, computer seats asked and cancelled, one signal a
 * change, and the properties notified when their values change.  The game of the tests (cp-stack-game.c) shows that a game
 * describes its screen by itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-record.h"
#include "cp-stack-game.h"
#include "cp-test-util.h"

/* An agent that takes the first legal action, answering from the main
 * loop; or, when holding, only ever answers that it was cancelled. */
#define TEST_TYPE_AGENT (test_agent_get_type ())
G_DECLARE_FINAL_TYPE (TestAgent, test_agent, TEST, AGENT, GObject)

struct _TestAgent
{
  GObject parent_instance;
  gboolean hold;
  guint asked;
  guint8 seats_seen; /* the seats of the views it was given */
  gboolean saw_secret;
  GTask *held;        /* the question it holds, answered when hurried */
  CpAction first;     /* the first legal action of that question */
};

static void test_agent_iface_init (CpAgentInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestAgent, test_agent, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CP_TYPE_AGENT, test_agent_iface_init))

static void
cancelled (GCancellable *cancellable, GTask *task)
{
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
  g_object_unref (task);
}

static void
agent_choose_async (CpAgent *agent, CpView *view, GCancellable *cancellable,
                    GAsyncReadyCallback callback, gpointer data)
{
  TestAgent *self = TEST_AGENT (agent);
  GTask *task = g_task_new (agent, cancellable, callback, data);
  g_auto (CpActionList) legal = { 0 };

  self->asked++;
  self->seats_seen |= CP_SEAT_BIT (cp_view_get_seat (view));
  cp_state_legal (cp_view_get_state (view), cp_view_get_seat (view), &legal);
  g_assert_cmpuint (legal.len, >, 0);
  if (self->hold)
    {
      self->held = task;
      self->first = legal.items[0];
      g_cancellable_connect (cancellable, G_CALLBACK (cancelled), task, NULL);
      return;
    }
  g_task_return_pointer (task, g_memdup2 (&legal.items[0], sizeof (CpAction)), g_free);
  g_object_unref (task);
}

static gboolean
agent_choose_finish (CpAgent *agent, GAsyncResult *result, CpAction *action, GError **error)
{
  g_autofree CpAction *chosen = g_task_propagate_pointer (G_TASK (result), error);

  if (chosen == NULL)
    return FALSE;
  *action = *chosen;
  return TRUE;
}

/* A held question is answered at once with the first legal action. */
static void
agent_hurry (CpAgent *agent)
{
  TestAgent *self = TEST_AGENT (agent);
  GTask *task = g_steal_pointer (&self->held);

  if (task == NULL)
    return;
  g_cancellable_disconnect (g_task_get_cancellable (task), 0);
  g_task_return_pointer (task, g_memdup2 (&self->first, sizeof (CpAction)), g_free);
}

static void
test_agent_iface_init (CpAgentInterface *iface)
{
  iface->choose_async = agent_choose_async;
  iface->choose_finish = agent_choose_finish;
  iface->hurry = agent_hurry;
}

static void
test_agent_class_init (TestAgentClass *klass)
{
}

static void
test_agent_init (TestAgent *self)
{
}

static CpGame *
new_game (const char *id)
{
  return cp_test_new_game (id, cp_rules_lookup (id)->min_seats, 7, NULL);
}

static guint
cell (CpSession *session, const char *name)
{
  guint c;

  g_assert_true (cp_board_parse_cell (cp_game_get_state (cp_session_get_game (session))->board, name, &c, NULL));
  return c;
}

/* Plays @text, a move of the seat to act, through the session. */
static void
play (CpSession *session, const char *text)
{
  g_autoptr (GError) error = NULL;
  CpAction action;

  g_assert_true (cp_state_parse (cp_view_get_state (cp_session_get_view (session)), text, &action, &error));
  g_assert_no_error (error);
  g_assert_true (cp_session_play (session, &action, &error));
  g_assert_no_error (error);
}

/* Plays the legal action of @type on @name. */
static void
play_on (CpSession *session, CpActionType type, const char *name)
{
  const CpActionList *legal = cp_session_get_legal (session);

  for (guint i = 0; i < legal->len; i++)
    if (legal->items[i].type == type && legal->items[i].cells[0] == cell (session, name))
      {
        g_autoptr (GError) error = NULL;
        CpAction action = legal->items[i];

        g_assert_true (cp_session_play (session, &action, &error));
        return;
      }
  g_assert_not_reached ();
}

static void
count (guint *n)
{
  (*n)++;
}

static gboolean
has_seat (const CpActionList *legal, guint seat)
{
  for (guint i = 0; i < legal->len; i++)
    if (legal->items[i].seat == seat)
      return TRUE;
  return FALSE;
}

/* Orthodox chess keeps no secrets: everything shows, no curtain, and
 * the seat to move may act; one "changed" for each move. */
static void
test_open_game (void)
{
  g_autoptr (CpGame) game = new_game ("chess");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  guint changes = 0;

  g_signal_connect_swapped (session, "changed", G_CALLBACK (count), &changes);
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, CP_VIEW_ALL);
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, CP_NO_SEAT);
  g_assert_cmpuint (cp_session_get_legal (session)->len, ==, 20);
  g_assert_true (cp_session_is_pristine (session));
  play (session, "e4");
  g_assert_cmpuint (changes, ==, 1);
  g_assert_true (cp_session_get_modified (session));
  g_assert_false (cp_session_is_pristine (session));
  g_assert_true (has_seat (cp_session_get_legal (session), 1));
  g_assert_false (has_seat (cp_session_get_legal (session), 0));
  play (session, "e5");
  g_assert_cmpuint (changes, ==, 2);
  g_assert_nonnull (cp_session_get_last_move (session));
  g_assert_cmpuint (cp_session_get_last_move (session)->cells[1], ==, cell (session, "e5"));
  /* Resigning falls to the seat to move. */
  g_assert_cmpuint (cp_session_get_acting_seat (session), ==, 0);
  cp_session_discard (session);
}

/* Zombie Chess keeps burials secret: the screen shows one seat's view,
 * and the curtain falls when the other must act and may not see it. */
static void
test_curtain (void)
{
  g_autoptr (CpGame) game = new_game ("zombie");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);

  /* A new game opens behind the curtain, for White, with nothing to act
   * on and nothing of anyone's shown. */
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 0);
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, CP_VIEW_PUBLIC);
  g_assert_cmpuint (cp_session_get_legal (session)->len, ==, 0);
  cp_session_take_screen (session);
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, CP_NO_SEAT);
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, 0);
  /* Both see the same: Black takes the screen at once. */
  play (session, "e4");
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, 1);
  play (session, "d5");
  play (session, "exd5");
  /* White buries the pawn: White is still at the screen. */
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, 0);
  g_assert_nonnull (cp_session_get_presentation (session)->prompt);
  play_on (session, CP_ACTION_BURY, "b2");
  /* Now the views differ: the curtain waits for Black, with nothing to
   * act on meanwhile. */
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 1);
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, CP_VIEW_PUBLIC);
  g_assert_cmpuint (cp_session_get_legal (session)->len, ==, 0);
  cp_session_take_screen (session);
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, CP_NO_SEAT);
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, 1);
  g_assert_true (has_seat (cp_session_get_legal (session), 1));
  /* Black's screen does not show White's burial. */
  for (guint i = 0; i < cp_session_get_presentation (session)->overlays->len; i++)
    g_assert_cmpuint (g_array_index (cp_session_get_presentation (session)->overlays, CpOverlay, i).kind,
                      !=, CP_OVERLAY_PIECE);
  /* Resigning and draws act for the seat at the screen. */
  g_assert_cmpuint (cp_session_get_acting_seat (session), ==, 1);
  cp_session_discard (session);
}

/* Whether @action, played now, leaves another seat something to do
 * within the turn of the seat that plays it. */
static gboolean
hands_over_within_turn (const CpState *state, const CpAction *action)
{
  g_autoptr (CpState) after = cp_state_copy (state);
  guint next;

  g_assert_true (cp_state_apply (after, action, NULL));
  next = cp_state_first_pending (after);
  return after->to_move == action->seat && next < after->n_seats && next != action->seat;
}

/* Where the curtain passes the screen from person to person, the board
 * faces the person at the screen from the first move, whatever the
 * preference: in Zombie Chess, Black's side once White has moved, before
 * anything is buried; the seat the curtain waits for, so that the board
 * is turned when it lifts; the same through Undo, Redo and the replay,
 * and for a game opened with moves played. */
static void
test_facing_hot_seat (void)
{
  g_autoptr (CpGame) game = new_game ("zombie");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  g_autoptr (CpSession) reopened = NULL;
  guint n;

  cp_session_set_facing (session, CP_FACING_FIRST_SEAT);
  g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 0);
  cp_session_take_screen (session);
  play (session, "e4");
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, 1);
  g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 1);
  play (session, "d5");
  g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 0);
  n = cp_game_get_n_actions (game);
  cp_session_set_cursor (session, cp_game_get_setup_length (game) + 1);
  g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 0);
  cp_session_set_cursor (session, n);
  g_assert_true (cp_session_undo (session, NULL));
  g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 1);
  cp_session_redo (session);
  g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 0);
  play (session, "exd5");
  play_on (session, CP_ACTION_BURY, "b2");
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 1);
  g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 1);
  cp_session_take_screen (session);
  g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 1);
  cp_session_discard (session);

  /* Opened, the game waits for Black at the curtain, facing Black. */
  reopened = cp_session_new (game, NULL);
  g_assert_cmpuint (cp_session_get_curtain_seat (reopened), ==, 1);
  g_assert_cmpuint (cp_session_get_facing_seat (reopened), ==, 1);
  cp_session_discard (reopened);
}

/* In every game with secrets that several people play, with computer
 * seats or without, the board faces the seat at the curtain or at the
 * screen at every step of a game played at random. */
static void
test_facing_every_step (void)
{
  static const struct {
    const char *id;
    guint n_seats;
    guint computer;
  } games[] = {
    { "zombie", 2, CP_NO_SEAT }, { "two-move", 2, CP_NO_SEAT }, { "tar-pit", 2, CP_NO_SEAT },
    { "synchronous", 2, CP_NO_SEAT }, { "masquerade", 2, CP_NO_SEAT }, { "cooperative", 2, CP_NO_SEAT },
    { "golf", 3, CP_NO_SEAT }, { "golf", 3, 1 },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr (CpGame) game = cp_test_new_game (games[g].id, games[g].n_seats, 5, NULL);
      g_autoptr (CpSession) session = cp_session_new (game, NULL);
      g_autoptr (TestAgent) agent = g_object_new (TEST_TYPE_AGENT, NULL);
      g_autoptr (GRand) rand = g_rand_new_with_seed (6);
      guint turns = 0;

      g_test_message ("%s, computer %u", games[g].id, games[g].computer);
      cp_session_set_facing (session, CP_FACING_FIRST_SEAT);
      if (games[g].computer != CP_NO_SEAT)
        cp_session_set_agent (session, games[g].computer, CP_AGENT (agent));
      for (guint step = 0; step < 300 && !cp_state_is_over (cp_game_get_state (game)); step++)
        {
          const CpActionList *legal = cp_session_get_legal (session);
          guint curtain = cp_session_get_curtain_seat (session);
          guint screen = cp_session_get_screen_seat (session);
          g_autoptr (GError) error = NULL;
          CpAction action;

          if (curtain != CP_NO_SEAT)
            g_assert_cmpuint (cp_session_get_facing_seat (session), ==, curtain);
          else
            g_assert_cmpuint (cp_session_get_facing_seat (session), ==, screen);
          if (cp_session_is_thinking (session))
            {
              g_main_context_iteration (NULL, TRUE);
              continue;
            }
          if (curtain != CP_NO_SEAT)
            {
              cp_session_take_screen (session);
              continue;
            }
          /* What a turn did, read before the curtain falls. */
          if (cp_session_pass_on (session))
            continue;
          g_assert_cmpuint (legal->len, >, 0);
          turns += cp_session_get_facing_seat (session) != 0;
          action = legal->items[g_rand_int_range (rand, 0, (gint32) legal->len)];
          g_assert_true (cp_session_play (session, &action, &error));
          g_assert_no_error (error);
        }
      /* Not only the first seat's side was shown. */
      g_assert_cmpuint (turns, >, 0);
      cp_session_discard (session);
    }
}

/* Where no curtain passes the screen, the board faces as the players
 * chose: White's side; the person playing, who with two people is the
 * one to move; or the side to move, the computer's too.  Changing the
 * choice turns the board at once. */
static void
test_facing_preference (void)
{
  /* The seat faced at the start, after White's move and after Black's,
   * with @computer a computer's seat or none; the computer never
   * answers. */
  static const struct {
    const char *id;
    CpFacing facing;
    guint computer;
    guint start, after_white, after_black;
  } cases[] = {
    { "chess", CP_FACING_FIRST_SEAT, CP_NO_SEAT, 0, 0, 0 },
    { "chess", CP_FACING_PERSON, CP_NO_SEAT, 0, 1, 0 },
    { "chess", CP_FACING_TO_MOVE, CP_NO_SEAT, 0, 1, 0 },
    { "chess", CP_FACING_FIRST_SEAT, 1, 0, 0, CP_NO_SEAT },
    { "chess", CP_FACING_PERSON, 1, 0, 0, CP_NO_SEAT },
    { "chess", CP_FACING_TO_MOVE, 1, 0, 1, CP_NO_SEAT },
    { "chess", CP_FACING_FIRST_SEAT, 0, 0, CP_NO_SEAT, CP_NO_SEAT },
    { "chess", CP_FACING_PERSON, 0, 1, CP_NO_SEAT, CP_NO_SEAT },
    { "chess", CP_FACING_TO_MOVE, 0, 0, CP_NO_SEAT, CP_NO_SEAT },
    /* One person against the computer needs no curtain, secrets or not. */
    { "zombie", CP_FACING_FIRST_SEAT, 0, 0, CP_NO_SEAT, CP_NO_SEAT },
    { "zombie", CP_FACING_PERSON, 0, 1, CP_NO_SEAT, CP_NO_SEAT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CpGame) game = new_game (cases[i].id);
      g_autoptr (CpSession) session = cp_session_new (game, NULL);
      g_autoptr (TestAgent) agent = g_object_new (TEST_TYPE_AGENT, NULL);

      g_test_message ("%s, facing %d, computer %u", cases[i].id, cases[i].facing, cases[i].computer);
      agent->hold = TRUE;
      cp_session_set_facing (session, cases[i].facing);
      if (cases[i].computer != CP_NO_SEAT)
        cp_session_set_agent (session, cases[i].computer, CP_AGENT (agent));
      g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, CP_NO_SEAT);
      g_assert_cmpuint (cp_session_get_facing_seat (session), ==, cases[i].start);
      if (cases[i].after_white != CP_NO_SEAT)
        {
          play (session, "e4");
          g_assert_cmpuint (cp_session_get_facing_seat (session), ==, cases[i].after_white);
        }
      if (cases[i].after_black != CP_NO_SEAT)
        {
          play (session, "e5");
          g_assert_cmpuint (cp_session_get_facing_seat (session), ==, cases[i].after_black);
        }
      cp_session_discard (session);
    }
}

/* Two people at one board without secrets: the board faces the one to
 * move, but looking back over the moves it stays as it is rather than
 * turning at every step. */
static void
test_facing_replay (void)
{
  g_autoptr (CpGame) game = new_game ("chess");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  guint setup = cp_game_get_setup_length (game);

  cp_session_set_facing (session, CP_FACING_PERSON);
  play (session, "e4");
  play (session, "e5");
  play (session, "Nf3");
  g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 1);
  for (guint ply = 3; ply-- > 0;)
    {
      cp_session_set_cursor (session, setup + ply);
      g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 1);
    }
  cp_session_set_cursor (session, setup + 3);
  g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 1);
  play (session, "Nc6");
  g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 0);
  cp_session_discard (session);
}

/* Tar Pit Chess: when a player must give back a checker in the middle of
 * the other's turn, the curtain says what they are to do, in the words
 * of the prompt they then see; at the start of a turn, that a piece is
 * to move. */
static void
test_curtain_prompt (void)
{
  g_autoptr (CpGame) game = new_game ("tar-pit");
  g_autoptr (CpSession) session = NULL;
  g_autofree char *opening = NULL, *prompt = NULL;
  gboolean handed = FALSE;

  session = cp_session_new (game, NULL);
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 0);
  opening = cp_session_get_curtain_prompt (session);
  g_assert_cmpstr (opening, ==, "Move one of your pieces: click it, or drag it to its new square");
  g_clear_object (&session);

  /* Any actions, until a card makes the other seat give a checker back. */
  for (guint step = 0; step < 400 && !handed; step++)
    {
      const CpState *state = cp_game_get_state (game);
      g_auto (CpActionList) legal = { 0 };
      guint seat = cp_state_first_pending (state), chosen = 0;

      g_assert_cmpuint (seat, <, 2);
      cp_state_legal (state, seat, &legal);
      g_assert_cmpuint (legal.len, >, 0);
      for (guint i = 0; i < legal.len; i++)
        if (legal.items[i].type == CP_ACTION_PLAY_CARD && hands_over_within_turn (state, &legal.items[i]))
          {
            chosen = i;
            handed = TRUE;
            break;
          }
      if (!handed)
        chosen = (step * 7) % legal.len;
      cp_test_play_action (game, legal.items[chosen]);
    }
  g_assert_true (handed);

  session = cp_session_new (game, NULL);
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 1 - cp_game_get_state (game)->to_move);
  prompt = cp_session_get_curtain_prompt (session);
  g_assert_nonnull (prompt);
  g_assert_nonnull (strstr (prompt, "give back"));
  /* Nothing of it shows before the player is at the screen. */
  g_assert_null (cp_session_get_presentation (session)->prompt);
  cp_session_take_screen (session);
  g_assert_cmpstr (cp_session_get_presentation (session)->prompt, ==, prompt);
  cp_session_discard (session);
}

/* Where both players choose at once, each chooses behind the curtain,
 * even when nothing secret stands yet: the other may not watch the choice
 * being made. */
static void
test_curtain_for_sealed_choices (void)
{
  g_autoptr (CpGame) game = new_game ("synchronous");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);

  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 0);
  cp_session_take_screen (session);
  play_on (session, CP_ACTION_COMMIT, "e2");
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 1);
  cp_session_take_screen (session);
  play_on (session, CP_ACTION_COMMIT, "e7");
  /* The moves are out: Black, still at the screen, reads what the turn
   * did, and nothing else can be done meanwhile. */
  g_assert_cmpstr (cp_session_get_turn_report (session), ==, "What your turn did: e6 · White e3, Black e6");
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, 1);
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, CP_NO_SEAT);
  g_assert_cmpuint (cp_session_get_legal (session)->len, ==, 0);
  g_assert_true (cp_session_pass_on (session));
  g_assert_null (cp_session_get_turn_report (session));
  g_assert_false (cp_session_pass_on (session));
  /* A new turn, both to choose, and nobody at the screen until White
   * takes it. */
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (0) | CP_SEAT_BIT (1));
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, CP_VIEW_PUBLIC);
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 0);
  g_assert_cmpuint (cp_session_get_legal (session)->len, ==, 0);
  cp_session_discard (session);
}

/* Every sealed choice is made by the person who said at the curtain that
 * they are at the screen, in every round: Chess Golf's bids for each
 * hole as for the first, and each turn's choices of the games that
 * choose at once. */
static void
test_sealed_choices_every_round (void)
{
  /* The games, and how many sealed choices they see at least: Masquerade
   * Chess has one round of them, at the start. */
  static const struct {
    const char *id;
    guint least;
  } games[] = { { "golf", 6 }, { "two-move", 6 }, { "synchronous", 6 }, { "masquerade", 2 } };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr (CpGame) game = cp_test_new_game (games[g].id, 2, 3, NULL);
      g_autoptr (CpSession) session = cp_session_new (game, NULL);
      g_autoptr (GRand) rand = g_rand_new_with_seed (4);
      guint taken = CP_NO_SEAT, sealed = 0;

      for (guint step = 0; step < 600 && !cp_state_is_over (cp_game_get_state (game)); step++)
        {
          const CpActionList *legal = cp_session_get_legal (session);
          g_autoptr (GError) error = NULL;
          gboolean sealing = FALSE;
          CpAction action;

          if (cp_session_is_thinking (session))
            {
              g_main_context_iteration (NULL, TRUE);
              continue;
            }
          if (cp_session_get_curtain_seat (session) != CP_NO_SEAT)
            {
              taken = cp_session_get_curtain_seat (session);
              cp_session_take_screen (session);
              continue;
            }
          /* The person who acted last reads what their turn did. */
          if (cp_session_pass_on (session))
            continue;
          g_assert_cmpuint (legal->len, >, 0);
          for (guint i = 0; i < legal->len; i++)
            sealing |= legal->items[i].type == CP_ACTION_COMMIT;
          if (sealing)
            {
              /* Nobody else is at the screen while the choice is made. */
              g_assert_cmpuint (taken, ==, legal->items[0].seat);
              sealed++;
            }
          action = legal->items[g_rand_int_range (rand, 0, (gint32) legal->len)];
          g_assert_true (cp_session_play (session, &action, &error));
          g_assert_no_error (error);
        }
      g_test_message ("%s: %u sealed choices", games[g].id, sealed);
      /* Several rounds of choices were made (Golf: several holes). */
      g_assert_cmpuint (sealed, >=, games[g].least);
      cp_session_discard (session);
    }
}

/* One person against a computer in a game with secrets: the person's view
 * always, no curtain; the agent sees only its own seat's view. */
static void
test_agent_plays (void)
{
  g_autoptr (CpGame) game = new_game ("zombie");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  g_autoptr (TestAgent) agent = g_object_new (TEST_TYPE_AGENT, NULL);
  guint played = 0;

  g_signal_connect_swapped (session, "played", G_CALLBACK (count), &played);
  cp_session_set_agent (session, 1, CP_AGENT (agent));
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, 0);
  play (session, "e4");
  g_assert_true (cp_session_is_thinking (session));
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, CP_NO_SEAT);
  g_assert_cmpuint (cp_session_get_legal (session)->len, ==, 0);
  /* Nobody at the screen is to act: no prompt speaks to them. */
  g_assert_null (cp_session_get_presentation (session)->prompt);
  while (cp_session_is_thinking (session))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (played, ==, 2);
  g_assert_cmpstr (cp_session_get_presentation (session)->prompt, ==,
                   "Move one of your pieces: click it, or drag it to its new square");
  g_assert_cmpuint (agent->asked, ==, 1);
  g_assert_cmpuint (agent->seats_seen, ==, CP_SEAT_BIT (1));
  g_assert_cmpuint (cp_game_count_player_actions (game, 0, G_MAXUINT), ==, 2);
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, 0);
  g_assert_true (has_seat (cp_session_get_legal (session), 0));
  /* Undo takes back the computer's reply and the person's move. */
  cp_session_undo (session, NULL);
  g_assert_cmpuint (cp_game_count_player_actions (game, 0, G_MAXUINT), ==, 0);
  g_assert_false (cp_session_is_thinking (session));
  cp_session_discard (session);
}

/* The prompt names the player and says what they may do; while the
 * computer thinks, who is thinking, until it is told to move now; looking
 * back, whose turn it was; at the end, the result. */
static void
test_prompt_names_player (void)
{
  g_autoptr (CpGame) game = new_game ("chess");
  g_autoptr (CpSession) session = NULL;
  g_autoptr (TestAgent) agent = g_object_new (TEST_TYPE_AGENT, NULL);
  g_autofree char *start = NULL;
  g_autofree char *thinking = NULL;
  g_autofree char *back = NULL;
  g_autofree char *past = NULL;
  g_autofree char *status = NULL;

  cp_player_set_name (cp_game_get_player (game, 0), "Anna");
  cp_player_set_name (cp_game_get_player (game, 1), "Ben");
  cp_player_set_computer (cp_game_get_player (game, 1), TRUE, 3);
  session = cp_session_new (game, NULL);
  agent->hold = TRUE;
  cp_session_set_agent (session, 1, CP_AGENT (agent));
  start = cp_session_dup_prompt (session);
  g_assert_cmpstr (start, ==, "Anna (White): Move one of your pieces: click it, or drag it to its new square");
  g_assert_cmpuint (cp_session_get_thinking_seat (session), ==, CP_NO_SEAT);
  g_assert_false (cp_session_move_now (session));

  play (session, "e4");
  g_assert_cmpuint (cp_session_get_thinking_seat (session), ==, 1);
  thinking = cp_session_dup_prompt (session);
  g_assert_cmpstr (thinking, ==, "Ben (computer) is thinking…");
  /* Held, the agent would think for ever: Move Now makes it answer. */
  g_assert_true (cp_session_move_now (session));
  for (guint i = 0; i < 1000 && cp_session_is_thinking (session); i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (cp_session_is_thinking (session));
  g_assert_cmpuint (cp_game_count_player_actions (game, 1, G_MAXUINT), ==, 1);
  back = cp_session_dup_prompt (session);
  g_assert_true (g_str_has_prefix (back, "Anna (White): "));

  cp_session_set_cursor (session, 1);
  past = cp_session_dup_prompt (session);
  g_assert_cmpstr (past, ==, "Ben was to move");
  cp_session_set_cursor (session, 2);

  /* Anna, at the screen, resigns. */
  g_assert_true (cp_session_act (session, CP_ACTION_RESIGN, NULL));
  status = cp_session_dup_prompt (session);
  g_assert_nonnull (strstr (status, "Ben wins"));
  cp_session_discard (session);
}

/* When the set-up draws who plays which army, the prompt says so until
 * the first move. */
static void
test_prompt_drawn_seats (void)
{
  gboolean said = FALSE;

  for (guint64 seed = 1; seed < 40 && !said; seed++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("two-move", 2, seed, NULL);
      g_autoptr (CpSession) session = NULL;
      g_autofree char *prompt = NULL;

      cp_player_set_name (cp_game_get_player (game, 0), "Anna");
      cp_player_set_name (cp_game_get_player (game, 1), "Ben");
      cp_game_resolve_chance (game);
      if (!cp_game_seat_players (game))
        continue;
      session = cp_session_new (game, NULL);
      prompt = cp_session_dup_prompt (session);
      /* Whoever plays White is named with White, before any move. */
      if (g_str_equal (cp_player_get_name (cp_game_get_player (game, 0)), "Ben"))
        {
          g_assert_nonnull (strstr (prompt, "Ben plays White"));
          g_assert_nonnull (strstr (prompt, "Anna plays Black"));
          said = TRUE;
        }
      cp_session_discard (session);
    }
  g_assert_true (said);
}

static void
assert_reason (CpSession *session, const char *name, const char *expected)
{
  g_autofree char *reason = cp_session_explain_cell (session, cell (session, name));

  g_assert_cmpstr (reason, ==, expected);
}

/* The prompt says what the player to move is to do, and a click that
 * cannot be played says why. */
static void
test_prompts_and_reasons (void)
{
  g_autoptr (CpGame) chess = new_game ("chess");
  g_autoptr (CpSession) session = cp_session_new (chess, NULL);
  g_autoptr (CpGame) checked = new_game ("chess");
  g_autoptr (CpSession) check = cp_session_new (checked, NULL);
  g_autoptr (CpGame) chivalry = new_game ("chivalry");
  g_autoptr (CpSession) parker = cp_session_new (chivalry, NULL);

  g_assert_cmpstr (cp_session_get_presentation (session)->prompt, ==,
                   "Move one of your pieces: click it, or drag it to its new square");
  assert_reason (session, "a1", "That piece has no square to go to");
  assert_reason (session, "e2", NULL);
  /* The queen on h5 pins the pawn on f7 to its king. */
  play (session, "e4");
  play (session, "e5");
  play (session, "Qh5");
  assert_reason (session, "f7", "That piece shields your king: moving it would leave the king in check");
  assert_reason (session, "e8", NULL);

  play (check, "e4");
  play (check, "f5");
  play (check, "Qh5");
  g_assert_cmpstr (cp_session_get_presentation (check)->prompt, ==,
                   "Your king is in check: your move must end the check");
  assert_reason (check, "a8", "Your king is in check, and that piece cannot end the check");
  assert_reason (check, "g7", NULL);

  g_assert_cmpstr (cp_session_get_presentation (parker)->prompt, ==,
                   "Move a piece: step to a next cell, canter over your own pieces, or jump an enemy piece to take it");
  /* White's man on F8 can jump the black one on F9: taking comes first. */
  play (parker, "F7-F8");
  play (parker, "F10-F9");
  g_assert_cmpstr (cp_session_get_presentation (parker)->prompt, ==,
                   "A jump over an enemy piece is possible: you must take, and jump on while you can");
  assert_reason (parker, "C6", "Another piece can take, and taking comes first");
  assert_reason (parker, "F8", NULL);
  cp_session_discard (session);
  cp_session_discard (check);
  cp_session_discard (parker);
}

/* Whether the presentation of @session describes @name with @words. */
static gboolean
described (CpSession *session, const char *name, const char *words)
{
  const GArray *overlays = cp_session_get_presentation (session)->overlays;

  for (guint i = 0; i < overlays->len; i++)
    {
      const CpOverlay *overlay = &g_array_index (overlays, CpOverlay, i);

      if (overlay->cell == cell (session, name) && g_strcmp0 (overlay->description, words) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The marks of a board's own shape are described on the cells they
 * touch, in every game. */
static void
test_board_marks (void)
{
  g_autoptr (CpGame) three = new_game ("km-three");
  g_autoptr (CpSession) walled = cp_session_new (three, NULL);
  g_autoptr (CpGame) four = new_game ("km-four");
  g_autoptr (CpSession) pointed = cp_session_new (four, NULL);
  const char *wall = "beside the wall, which no move crosses";
  const char *point = "at the closed centre point, which no diagonal move passes";

  g_assert_true (described (walled, "d1", wall));
  g_assert_true (described (walled, "e1", wall));
  g_assert_false (described (walled, "c1", wall));
  g_assert_false (described (walled, "d2", wall));
  for (guint i = 0; i < 4; i++)
    g_assert_true (described (pointed, (const char *[]) { "d4", "e4", "d5", "e5" }[i], point));
  g_assert_false (described (pointed, "c4", point));
  g_assert_false (described (pointed, "e6", point));
  cp_session_discard (walled);
  cp_session_discard (pointed);
}

/* Undo, replay and New Game cancel a computer that is thinking. */
static void
test_agent_cancelled (void)
{
  g_autoptr (CpGame) game = new_game ("chess");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  g_autoptr (TestAgent) agent = g_object_new (TEST_TYPE_AGENT, NULL);

  agent->hold = TRUE;
  cp_session_set_agent (session, 1, CP_AGENT (agent));
  play (session, "e4");
  g_assert_true (cp_session_is_thinking (session));
  cp_session_undo (session, NULL);
  g_assert_false (cp_session_is_thinking (session));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 0);
  play (session, "d4");
  g_assert_true (cp_session_is_thinking (session));
  cp_session_set_cursor (session, 0);
  g_assert_false (cp_session_is_thinking (session));
  /* At the end again, the computer is asked again. */
  cp_session_set_cursor (session, 1);
  g_assert_true (cp_session_is_thinking (session));
  g_assert_cmpuint (agent->asked, ==, 3);
  g_clear_object (&session);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
}

/* A result the rules work out (the par of a Chess Golf hole) comes from
 * a worker thread: the person's bid is logged at once, the reveal once
 * the solver is done; Undo while it works takes the bid back. */
static void
test_worked_out_in_thread (void)
{
  g_autoptr (CpGame) game = new_game ("golf");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  g_autoptr (GError) error = NULL;
  guint n = cp_game_get_n_actions (game);

  g_assert_true (cp_session_press_button (session, "bid-3", &error));
  g_assert_no_error (error);
  g_assert_true (cp_session_is_thinking (session));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, n + 1);
  g_assert_cmpuint (cp_session_get_legal (session)->len, ==, 0);
  cp_session_undo (session, NULL);
  g_assert_false (cp_session_is_thinking (session));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, n);

  g_assert_true (cp_session_press_button (session, "bid-3", &error));
  while (cp_session_is_thinking (session))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, n + 2);
  g_assert_cmpuint (cp_game_get_action (game, n + 1)->type, ==, CP_ACTION_REVEAL);
  g_assert_cmpuint (cp_game_get_action (game, n + 1)->value, >, 1);
  g_assert_nonnull (strstr (cp_session_get_presentation (session)->prompt, "(par "));
  g_assert_true (cp_session_get_modified (session));
  /* Undo takes back the bid and its reveal together. */
  cp_session_undo (session, NULL);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, n);
  cp_session_discard (session);
}

/* In the past, nothing asks for an action: neither the prompt nor its
 * buttons; Chess Golf's bids show at the end only. */
static void
test_no_prompt_in_the_past (void)
{
  g_autoptr (CpGame) game = new_game ("golf");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  g_autoptr (GError) error = NULL;
  guint n = cp_game_get_n_actions (game);

  g_assert_cmpuint (cp_session_get_presentation (session)->buttons->len, >, 0);
  g_assert_true (cp_session_press_button (session, "bid-3", &error));
  while (cp_session_is_thinking (session))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, n + 2);
  g_assert_cmpuint (cp_session_get_presentation (session)->buttons->len, >, 0);
  g_assert_nonnull (cp_session_get_presentation (session)->prompt);

  cp_session_set_cursor (session, n);
  /* The person may still play on from here, dropping the later moves. */
  g_assert_cmpuint (cp_session_get_legal (session)->len, >, 0);
  g_assert_null (cp_session_get_presentation (session)->prompt);
  g_assert_cmpuint (cp_session_get_presentation (session)->buttons->len, ==, 0);
  g_assert_null (cp_session_get_presentation (session)->timeout_button);
  g_assert_false (cp_session_press_button (session, "bid-3", &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, n + 2);

  cp_session_set_cursor (session, n + 2);
  g_assert_cmpuint (cp_session_get_presentation (session)->buttons->len, >, 0);
  g_assert_nonnull (cp_session_get_presentation (session)->prompt);
  cp_session_discard (session);
}

/* Playing on from the past drops the later moves; Undo brings them back,
 * Redo drops them again. */
static void
test_undo_and_the_past (void)
{
  g_autoptr (CpGame) game = new_game ("chess");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);

  play (session, "e4");
  play (session, "e5");
  play (session, "Nf3");
  cp_session_set_cursor (session, 1);
  g_assert_cmpuint (cp_session_count_later (session), ==, 2);
  play (session, "c5");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);
  cp_session_undo (session, NULL);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 3);
  g_assert_true (cp_session_can_redo (session));
  cp_session_redo (session);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);
  g_assert_cmpuint (cp_game_get_action (game, 1)->cells[1], ==, cell (session, "c5"));
  cp_session_discard (session);
}

/* How many sealed choices @seat made in the log of @game. */
static guint
count_commits (CpGame *game, guint seat)
{
  guint n = 0;

  for (guint i = 0; i < cp_game_get_n_actions (game); i++)
    n += cp_game_get_action (game, i)->type == CP_ACTION_COMMIT && cp_game_get_action (game, i)->seat == seat;
  return n;
}

/* Against a computer, undoing a sealed choice that the reveal showed
 * takes back the computer's choice too: it chooses again, unseen, and
 * the person does not choose a second time knowing the first. */
static void
test_undo_after_reveal (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("two-move", 2, 7, "colours=seated", NULL);
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  g_autoptr (TestAgent) agent = g_object_new (TEST_TYPE_AGENT, NULL);
  const CpActionList *legal;
  CpAction mine = { 0 };
  guint asked;

  cp_session_set_agent (session, 1, CP_AGENT (agent));
  while (cp_session_is_thinking (session))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (count_commits (game, 1), ==, 1);
  /* The computer's choice alone is nothing for the person to take back. */
  g_assert_false (cp_session_can_undo (session));
  legal = cp_session_get_legal (session);
  for (guint i = 0; i < legal->len && mine.type != CP_ACTION_COMMIT; i++)
    mine = legal->items[i];
  g_assert_cmpint (mine.type, ==, CP_ACTION_COMMIT);
  g_assert_true (cp_session_play (session, &mine, NULL));
  g_assert_cmpint (cp_game_get_action (game, cp_game_get_n_actions (game) - 1)->type, ==, CP_ACTION_REVEAL);
  g_assert_true (cp_session_can_undo (session));

  asked = agent->asked;
  cp_session_undo (session, NULL);
  g_assert_cmpuint (count_commits (game, 0), ==, 0);
  g_assert_cmpuint (count_commits (game, 1), ==, 0);
  while (cp_session_is_thinking (session))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (agent->asked, ==, asked + 1);
  g_assert_cmpuint (count_commits (game, 1), ==, 1);
  g_assert_true (has_seat (cp_session_get_legal (session), 0));
  cp_session_discard (session);
}

/* Undo that leaves the other person to make a secret choice hands them
 * the screen behind the curtain, even where the two see the game alike
 * until that choice: Black, taking back where White buried a piece, does
 * not watch White bury it again. */
static void
test_undo_to_secret_choice (void)
{
  g_autoptr (CpGame) game = new_game ("zombie");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  g_autoptr (GError) error = NULL;

  cp_session_take_screen (session);
  play (session, "e4");
  play (session, "d5");
  play (session, "exd5");
  /* White buries the pawn taken, a choice only White sees. */
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, 0);
  play_on (session, CP_ACTION_BURY, "b2");
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 1);
  cp_session_take_screen (session);
  g_assert_true (cp_session_undo (session, &error));
  g_assert_no_error (error);
  /* White is to bury again: the curtain waits for White. */
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 0);
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, CP_VIEW_PUBLIC);
  g_assert_cmpuint (cp_session_get_legal (session)->len, ==, 0);
  cp_session_discard (session);
}

/* Undo between two people at one screen: nothing is taken back behind
 * the curtain; taken back at the screen, the seat whose action it was
 * takes the screen first, and hears what was taken back; a sealed choice
 * another person has seen revealed stays. */
static void
test_undo_between_people (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("tar-pit", 2, 5, NULL);
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  g_autoptr (CpGame) sealed = cp_test_new_game ("two-move", 2, 7, "colours=seated", NULL);
  g_autoptr (CpSession) choosing = NULL;
  g_autoptr (GError) error = NULL;
  CpAction move;
  guint n;

  cp_session_take_screen (session);
  play (session, "e4");
  play (session, "pass");
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 1);
  cp_session_take_screen (session);
  play (session, "e5");
  play (session, "pass");
  /* "Pass to White": Undo does nothing, and Black's hand stays hidden. */
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 0);
  g_assert_false (cp_session_can_undo (session));
  g_assert_false (cp_session_can_redo (session));
  n = cp_game_get_n_actions (game);
  g_assert_false (cp_session_undo (session, NULL));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, n);
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, CP_VIEW_PUBLIC);
  /* Nothing is played behind it either, even a legal move. */
  g_assert_true (cp_state_parse (cp_game_get_state (game), "d4", &move, NULL));
  g_assert_false (cp_session_play (session, &move, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_clear_error (&error);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, n);
  /* White at the screen takes back Black's move: Black takes the screen
   * first, and the curtain says what was taken back. */
  cp_session_take_screen (session);
  g_assert_true (cp_session_can_undo (session));
  g_assert_true (cp_session_undo (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, 1);
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, CP_VIEW_PUBLIC);
  g_assert_cmpstr (cp_session_get_taken_back (session), ==, "Black takes back “keeps their cards”");
  cp_session_take_screen (session);
  g_assert_null (cp_session_get_taken_back (session));
  g_assert_true (has_seat (cp_session_get_legal (session), 1));
  /* Black takes back the move too: Black is at the screen already. */
  g_assert_true (cp_session_undo (session, NULL));
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, CP_NO_SEAT);
  g_assert_cmpuint (cp_session_get_screen_seat (session), ==, 1);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, n - 2);
  cp_session_discard (session);

  /* Both choose in secret; once the choices are shown, they stay. */
  choosing = cp_session_new (sealed, NULL);
  for (guint seat = 0; seat < 2; seat++)
    {
      const CpActionList *legal;

      cp_session_take_screen (choosing);
      legal = cp_session_get_legal (choosing);
      for (guint i = 0; i < legal->len; i++)
        if (legal->items[i].type == CP_ACTION_COMMIT)
          {
            CpAction choice = legal->items[i];

            g_assert_true (cp_session_play (choosing, &choice, NULL));
            break;
          }
    }
  n = cp_game_get_n_actions (sealed);
  g_assert_cmpint (cp_game_get_action (sealed, n - 1)->type, ==, CP_ACTION_REVEAL);
  /* The hands stay secret: the first to move takes the screen. */
  cp_session_take_screen (choosing);
  g_assert_true (cp_session_can_undo (choosing));
  g_assert_false (cp_session_undo (choosing, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_assert_cmpstr (error->message, ==, "The secret choice of Black has been revealed, so it can no longer be taken back");
  g_assert_cmpuint (cp_game_get_n_actions (sealed), ==, n);
  cp_session_discard (choosing);
}

/* Saves the game of @session in @file and waits until it is written. */
static gboolean
save (CpSession *session, GFile *file, GError **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  cp_session_save_async (session, file, NULL, cp_test_keep_result, &result);
  cp_test_wait_result (&result);
  return cp_session_save_finish (session, result, error);
}

/* Saving writes the record and clears the changes; an illegal action is
 * refused and changes nothing. */
static void
test_save (void)
{
  g_autoptr (CpGame) game = new_game ("chess");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  g_autofree char *dir = g_dir_make_tmp ("cp-session-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.cpgame", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) loaded = NULL;
  CpAction wrong;

  play (session, "d4");
  g_assert_true (save (session, file, &error));
  g_assert_no_error (error);
  g_assert_false (cp_session_get_modified (session));
  g_assert_true (cp_session_get_file (session) == file);
  loaded = cp_record_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_actions (loaded), ==, 1);

  cp_action_init_move (&wrong, 1, cell (session, "e7"), cell (session, "e3"));
  g_assert_false (cp_session_play (session, &wrong, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_assert_false (cp_session_get_modified (session));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
  g_unlink (path);
  g_rmdir (dir);
}

/* Saving without blocking: the file is written as the game was when the
 * save began, and a move played meanwhile keeps the game unsaved. */
static void
test_save_async (void)
{
  g_autoptr (CpGame) game = new_game ("chess");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  g_autofree char *dir = g_dir_make_tmp ("cp-session-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.cpgame", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GAsyncResult) first = NULL;
  g_autoptr (GAsyncResult) second = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) loaded = NULL;

  play (session, "d4");
  cp_session_save_async (session, file, NULL, cp_test_keep_result, &first);
  /* Nothing is done before the main loop runs. */
  g_assert_null (cp_session_get_file (session));
  play (session, "d5");
  cp_test_wait_result (&first);
  g_assert_true (cp_session_save_finish (session, first, &error));
  g_assert_no_error (error);
  g_assert_true (cp_session_get_file (session) == file);
  g_assert_true (cp_session_get_modified (session));
  loaded = cp_record_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_actions (loaded), ==, 1);

  cp_session_save_async (session, file, NULL, cp_test_keep_result, &second);
  cp_test_wait_result (&second);
  g_assert_true (cp_session_save_finish (session, second, &error));
  g_assert_false (cp_session_get_modified (session));
  g_unlink (path);
  g_rmdir (dir);
}

/* A game outside the collection describes its own screen: stacks under
 * pieces, a badge, texts and dice beside the players, a prompt and a
 * button, which the session plays. */
static void
test_registered_game (void)
{
  g_autoptr (CpGame) game = new_game ("test-stacks");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  const CpPresentation *presentation;
  const CpOverlay *overlay;
  g_autoptr (GError) error = NULL;

  presentation = cp_session_get_presentation (session);
  g_assert_cmpuint (presentation->overlays->len, ==, 0);
  g_assert_cmpstr (presentation->prompt, ==, "Put a checker under one of your pieces");
  /* Level at the start: White may pass. */
  g_assert_nonnull (cp_presentation_find_button (presentation, "pass"));
  play_on (session, CP_ACTION_ADD_CHECKER, "b1");
  /* Black is behind and may not. */
  g_assert_null (cp_presentation_find_button (cp_session_get_presentation (session), "pass"));
  g_assert_false (cp_session_press_button (session, "pass", &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_clear_error (&error);
  play_on (session, CP_ACTION_ADD_CHECKER, "c4");
  play_on (session, CP_ACTION_ADD_CHECKER, "b1");

  presentation = cp_session_get_presentation (session);
  g_assert_cmpuint (presentation->overlays->len, ==, 3);
  overlay = &g_array_index (presentation->overlays, CpOverlay, 0);
  g_assert_cmpuint (overlay->kind, ==, CP_OVERLAY_STACK);
  g_assert_cmpuint (overlay->cell, ==, cell (session, "b1"));
  g_assert_cmpuint (overlay->count, ==, 2);
  g_assert_cmpstr (overlay->description, ==, "2 checkers");
  overlay = &g_array_index (presentation->overlays, CpOverlay, 2);
  g_assert_cmpuint (overlay->kind, ==, CP_OVERLAY_BADGE);
  g_assert_cmpuint (overlay->cell, ==, cell (session, "b1"));
  g_assert_cmpstr (presentation->side_description[0], ==, "2 checkers stacked");
  g_assert_cmpstr (g_array_index (presentation->side, CpSideItem, 2).text, ==, "1");
  g_assert_cmpuint (g_array_index (presentation->side, CpSideItem, 3).kind, ==, CP_SIDE_DIE);

  /* Level again, White passes with the button, then stacks a third
   * checker on b1 and wins. */
  play_on (session, CP_ACTION_ADD_CHECKER, "c4");
  g_assert_true (cp_session_press_button (session, "pass", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_action (game, cp_game_get_n_actions (game) - 1)->type, ==, CP_ACTION_PASS);
  play_on (session, CP_ACTION_ADD_CHECKER, "a4");
  play_on (session, CP_ACTION_ADD_CHECKER, "b1");
  g_assert_cmpint (cp_game_get_outcome (game)->status, ==, CP_STATUS_WON);
  g_assert_cmpuint (cp_game_get_outcome (game)->winners, ==, CP_SEAT_BIT (0));
  g_assert_null (cp_session_get_presentation (session)->prompt);
  cp_session_discard (session);
}

static void
hinted (GObject *source, GAsyncResult *result, gpointer data)
{
  CpAction *suggested = data;
  g_autoptr (GError) error = NULL;

  g_assert_true (cp_session_hint_finish (CP_SESSION (source), result, suggested, &error));
  g_assert_no_error (error);
}

/* A hint asks a computer player for the person's move, and the log keeps
 * that it was taken, through a record too; Undo takes it back with the
 * move before it. */
static void
test_hint (void)
{
  g_autoptr (CpGame) game = new_game ("chess");
  g_autoptr (CpSession) session = cp_session_new (game, NULL);
  g_autoptr (TestAgent) adviser = g_object_new (TEST_TYPE_AGENT, NULL);
  g_autofree char *dir = g_dir_make_tmp ("cp-session-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "hint.cpgame", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) loaded = NULL;
  g_autofree char *text = NULL;
  CpAction suggested = { 0 }, again;
  const CpAction *hint;

  play (session, "e4");
  cp_session_hint_async (session, CP_AGENT (adviser), NULL, hinted, &suggested);
  while (suggested.type == CP_ACTION_NONE)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (suggested.seat, ==, 1);
  g_assert_cmpuint (adviser->seats_seen, ==, CP_SEAT_BIT (1));
  hint = cp_game_get_action (game, 1);
  g_assert_cmpuint (hint->type, ==, CP_ACTION_HINT);
  cp_action_get_hinted (hint, &again);
  g_assert_true (cp_action_same (&again, &suggested));
  text = cp_game_format_action (game, 1, CP_NOTATION_SAN);
  g_assert_true (g_str_has_prefix (text, "takes a hint: "));
  /* The hint does not hide the last move. */
  g_assert_cmpuint (cp_session_get_last_move (session)->cells[1], ==, cell (session, "e4"));

  g_assert_true (save (session, file, &error));
  loaded = cp_record_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_game_get_n_actions (loaded), ==, 2);
  g_assert_true (cp_action_same (cp_game_get_action (loaded, 1), hint));

  play (session, "e5");
  cp_session_undo (session, NULL);
  cp_session_undo (session, NULL);
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 0);
  g_unlink (path);
  g_rmdir (dir);
}

/* A hint suggesting what the rules do not allow is refused on loading. */
static void
test_hint_illegal (void)
{
  g_autoptr (CpGame) game = new_game ("chess");
  g_autoptr (GError) error = NULL;
  CpAction move, hint;

  cp_action_init_move (&move, 0, 12, 36);   /* e2-e5 */
  g_assert_true (cp_action_init_hint (&hint, &move));
  g_assert_false (cp_game_append (game, &hint, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
  g_clear_error (&error);
  cp_action_init_move (&move, 1, 52, 36);   /* Black's e5, out of turn */
  g_assert_true (cp_action_init_hint (&hint, &move));
  g_assert_false (cp_game_append (game, &hint, &error));
  g_assert_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION);
}

/* Records the name of each property notified. */
static void
record_notify (GObject *object, GParamSpec *pspec, GPtrArray *names)
{
  g_ptr_array_add (names, (gpointer) pspec->name);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static GPtrArray *
watch_notify (CpSession *session)
{
  GPtrArray *names = g_ptr_array_new ();

  g_signal_connect (session, "notify", G_CALLBACK (record_notify), names);
  return names;
}

/* Asserts that the properties notified since the last call are those of
 * @expected, names separated by spaces, in any order, each named as often
 * as it was notified. */
static void
assert_notified (GPtrArray *names, const char *expected)
{
  g_auto (GStrv) wanted = g_strsplit (expected, " ", -1);
  g_autofree char *got = NULL;
  g_autofree char *want = NULL;

  g_ptr_array_sort (names, compare_names);
  qsort (wanted, g_strv_length (wanted), sizeof (char *), compare_names);
  g_ptr_array_add (names, NULL);
  got = g_strjoinv (" ", (char **) names->pdata);
  want = g_strjoinv (" ", wanted);
  g_assert_cmpstr (got, ==, want);
  g_ptr_array_set_size (names, 0);
}

/* A move makes Undo possible and the game changed, once each; Undo and
 * Redo tell when there is something to redo, and to undo; going through
 * the moves changes neither.  The board keeps White's side. */
static void
test_notify_moves (void)
{
  CpGame *game = new_game ("chess");
  CpSession *session = cp_session_new (game, NULL);
  g_autoptr (GPtrArray) notified = watch_notify (session);
  gboolean can_undo = FALSE;

  cp_session_set_facing (session, CP_FACING_FIRST_SEAT);
  play (session, "e4");
  assert_notified (notified, "can-undo modified");
  g_object_get (session, "can-undo", &can_undo, NULL);
  g_assert_true (can_undo);
  play (session, "e5");
  assert_notified (notified, "");
  g_assert_true (cp_session_undo (session, NULL));
  assert_notified (notified, "can-redo");
  g_assert_true (cp_session_undo (session, NULL));
  assert_notified (notified, "can-undo");
  g_assert_false (cp_session_can_undo (session));
  cp_session_redo (session);
  assert_notified (notified, "can-undo");
  cp_session_redo (session);
  assert_notified (notified, "can-redo");
  cp_session_set_cursor (session, 0);
  cp_session_set_cursor (session, 2);
  assert_notified (notified, "");
  /* Playing on drops what Redo had. */
  g_assert_true (cp_session_undo (session, NULL));
  assert_notified (notified, "can-redo");
  play (session, "c5");
  assert_notified (notified, "can-redo");

  cp_session_discard (session);
  assert_notified (notified, "modified");
  g_assert_finalize_object (session);
  g_assert_finalize_object (game);
}

/* Setting a value the property has already notifies nothing; saving
 * notifies the file and the changes gone, once. */
static void
test_notify_same_value (void)
{
  CpGame *game = new_game ("chess");
  CpSession *session = cp_session_new (game, NULL);
  g_autoptr (GPtrArray) notified = watch_notify (session);
  g_autofree char *dir = g_dir_make_tmp ("cp-session-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.cpgame", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) named = NULL;
  g_autoptr (GError) error = NULL;
  gboolean modified = FALSE;

  cp_session_set_modified (session, TRUE);
  assert_notified (notified, "modified");
  cp_session_set_modified (session, TRUE);
  g_object_set (session, "modified", TRUE, NULL);
  assert_notified (notified, "");
  g_object_set (session, "modified", FALSE, NULL);
  assert_notified (notified, "modified");
  g_object_get (session, "modified", &modified, NULL);
  g_assert_false (modified);

  play (session, "d4");
  assert_notified (notified, "can-undo facing-seat modified");
  g_assert_true (save (session, file, &error));
  g_assert_no_error (error);
  assert_notified (notified, "file modified");
  g_object_get (session, "file", &named, NULL);
  g_assert_true (named == file);
  g_assert_true (save (session, file, &error));
  cp_session_set_modified (session, FALSE);
  cp_session_discard (session);
  assert_notified (notified, "");

  g_assert_finalize_object (session);
  g_assert_finalize_object (game);
  g_unlink (path);
  g_rmdir (dir);
}

/* Zombie Chess: the seats at the screen and at the curtain are notified
 * as the curtain lifts and falls, and the side the board faces as it
 * turns; behind the curtain nothing can be undone. */
static void
test_notify_curtain (void)
{
  CpGame *game = new_game ("zombie");
  CpSession *session = cp_session_new (game, NULL);
  g_autoptr (GPtrArray) notified = watch_notify (session);
  guint curtain_seat = 0, screen_seat = 0;

  cp_session_take_screen (session);
  assert_notified (notified, "curtain-seat screen-seat");
  play (session, "e4");
  assert_notified (notified, "can-undo facing-seat modified screen-seat");
  play (session, "d5");
  assert_notified (notified, "facing-seat screen-seat");
  play (session, "exd5");
  assert_notified (notified, "");
  play_on (session, CP_ACTION_BURY, "b2");
  assert_notified (notified, "can-undo curtain-seat facing-seat screen-seat");
  g_object_get (session, "curtain-seat", &curtain_seat, "screen-seat", &screen_seat, NULL);
  g_assert_cmpuint (curtain_seat, ==, 1);
  g_assert_cmpuint (screen_seat, ==, CP_VIEW_PUBLIC);
  cp_session_take_screen (session);
  assert_notified (notified, "can-undo curtain-seat screen-seat");
  g_assert_cmpuint (cp_session_get_curtain_seat (session), ==, CP_NO_SEAT);

  cp_session_discard (session);
  g_assert_finalize_object (session);
  g_assert_finalize_object (game);
}

/* A computer seat to act is notified as thinking, and as done when it
 * has played or when Undo calls it off. */
static void
test_notify_thinking (void)
{
  CpGame *game = new_game ("chess");
  CpSession *session = cp_session_new (game, NULL);
  TestAgent *agent = g_object_new (TEST_TYPE_AGENT, NULL);
  g_autoptr (GPtrArray) notified = watch_notify (session);
  gboolean thinking = FALSE;

  cp_session_set_agent (session, 1, CP_AGENT (agent));
  assert_notified (notified, "");
  play (session, "e4");
  assert_notified (notified, "can-undo modified thinking");
  g_object_get (session, "thinking", &thinking, NULL);
  g_assert_true (thinking);
  while (cp_session_is_thinking (session))
    g_main_context_iteration (NULL, TRUE);
  assert_notified (notified, "thinking");
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 2);

  agent->hold = TRUE;
  play (session, "d4");
  assert_notified (notified, "thinking");
  g_assert_true (cp_session_undo (session, NULL));
  assert_notified (notified, "can-redo thinking");
  /* The question called off answers that it was. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  assert_notified (notified, "");

  cp_session_discard (session);
  g_assert_finalize_object (session);
  g_assert_finalize_object (agent);
  g_assert_finalize_object (game);
}

/* The seat the board faces is notified when it changes, with the moves
 * and with the preference. */
static void
test_notify_facing (void)
{
  CpGame *game = new_game ("chess");
  CpSession *session = cp_session_new (game, NULL);
  g_autoptr (GPtrArray) notified = watch_notify (session);
  guint facing_seat = 0;

  cp_session_set_facing (session, CP_FACING_TO_MOVE);
  assert_notified (notified, "");
  play (session, "e4");
  assert_notified (notified, "can-undo facing-seat modified");
  g_object_get (session, "facing-seat", &facing_seat, NULL);
  g_assert_cmpuint (facing_seat, ==, 1);
  cp_session_set_facing (session, CP_FACING_FIRST_SEAT);
  assert_notified (notified, "facing-seat");
  g_assert_cmpuint (cp_session_get_facing_seat (session), ==, 0);
  play (session, "e5");
  assert_notified (notified, "");

  cp_session_discard (session);
  g_assert_finalize_object (session);
  g_assert_finalize_object (game);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  cp_rules_register (&cp_stack_game_rules);

  g_test_add_func ("/session/open-game", test_open_game);
  g_test_add_func ("/session/curtain", test_curtain);
  g_test_add_func ("/session/curtain-prompt", test_curtain_prompt);
  g_test_add_func ("/session/facing-hot-seat", test_facing_hot_seat);
  g_test_add_func ("/session/facing-every-step", test_facing_every_step);
  g_test_add_func ("/session/facing-preference", test_facing_preference);
  g_test_add_func ("/session/facing-replay", test_facing_replay);
  g_test_add_func ("/session/curtain-for-sealed-choices", test_curtain_for_sealed_choices);
  g_test_add_func ("/session/sealed-choices-every-round", test_sealed_choices_every_round);
  g_test_add_func ("/session/agent-plays", test_agent_plays);
  g_test_add_func ("/session/prompt-names-player", test_prompt_names_player);
  g_test_add_func ("/session/prompt-drawn-seats", test_prompt_drawn_seats);
  g_test_add_func ("/session/prompts-and-reasons", test_prompts_and_reasons);
  g_test_add_func ("/session/board-marks", test_board_marks);
  g_test_add_func ("/session/agent-cancelled", test_agent_cancelled);
  g_test_add_func ("/session/undo-and-the-past", test_undo_and_the_past);
  g_test_add_func ("/session/no-prompt-in-the-past", test_no_prompt_in_the_past);
  g_test_add_func ("/session/undo-after-reveal", test_undo_after_reveal);
  g_test_add_func ("/session/undo-between-people", test_undo_between_people);
  g_test_add_func ("/session/undo-to-secret-choice", test_undo_to_secret_choice);
  g_test_add_func ("/session/save", test_save);
  g_test_add_func ("/session/save-async", test_save_async);
  g_test_add_func ("/session/registered-game", test_registered_game);
  g_test_add_func ("/session/hint", test_hint);
  g_test_add_func ("/session/hint-illegal", test_hint_illegal);
  g_test_add_func ("/session/worked-out-in-thread", test_worked_out_in_thread);
  g_test_add_func ("/session/notify-moves", test_notify_moves);
  g_test_add_func ("/session/notify-same-value", test_notify_same_value);
  g_test_add_func ("/session/notify-curtain", test_notify_curtain);
  g_test_add_func ("/session/notify-thinking", test_notify_thinking);
  g_test_add_func ("/session/notify-facing", test_notify_facing);
  return g_test_run ();
}
