/* test-coach.c: the analysis of a game in the background
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-coach.h"
#include "cp-engine.h"
#include "cp-test-util.h"

static CpGame *
new_game (const char *game_id, const char *const *moves, guint n)
{
  CpGame *game = cp_test_new_game (game_id, 2, 7, NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (cp_game_play_text (game, moves[i], &error));
      g_assert_no_error (error);
    }
  return game;
}

static gboolean
analyse (CpCoach *coach, CpGame *game, GCancellable *cancellable, GError **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  cp_coach_analyse_async (coach, game, cancellable, cp_test_keep_result, &result);
  g_assert_true (cp_coach_is_running (coach));
  if (cancellable != NULL)
    g_cancellable_cancel (cancellable);
  cp_test_wait_result (&result);
  g_assert_false (cp_coach_is_running (coach));
  return cp_coach_analyse_finish (coach, result, error);
}

/* 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#: the knight's move is the
 * blunder, the mate is the best move there is. */
static void
test_blunder (void)
{
  static const char *const moves[] = { "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#" };
  g_autoptr (CpGame) game = new_game ("chess", moves, G_N_ELEMENTS (moves));
  g_autoptr (CpCoach) coach = cp_coach_new ();
  g_autoptr (GError) error = NULL;
  CpAnnotations *annotations = cp_game_get_annotations (game);
  const CpAnnotation *blunder, *mate;
  g_autoptr (CpState) before = NULL;
  g_autofree char *line = NULL;

  cp_coach_set_budget (coach, 3, 0);
  g_assert_true (cp_coach_can_analyse (game));
  g_assert_true (analyse (coach, game, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (cp_coach_get_progress (coach), ==, 1.0);

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_nonnull (cp_annotations_get (annotations, i));
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (cp_annotations_get (annotations, i)->mark, !=, CP_MOVE_MARK_BLUNDER);

  blunder = cp_annotations_get (annotations, 5);
  g_assert_cmpint (blunder->mark, ==, CP_MOVE_MARK_BLUNDER);
  /* White mates in one after it. */
  g_assert_cmpint (blunder->eval.mate, ==, 1);
  g_assert_cmpint (blunder->best_eval.mate, ==, 0);
  g_assert_cmpuint (blunder->n_line, >, 0);
  before = cp_game_state_at (game, 5);
  line = cp_annotation_format_line (blunder, before, CP_NOTATION_SAN);
  g_assert_false (g_str_has_prefix (line, "Nf6"));

  mate = cp_annotations_get (annotations, 6);
  g_assert_cmpint (mate->mark, ==, CP_MOVE_MARK_NONE);
  g_assert_cmpint (mate->eval.value, ==, 100000);
}

static void
record_thread (GThread **thread)
{
  if (g_thread_self () != *thread)
    *thread = NULL;
}

/* What the analysis finds reaches the game in the thread of the main
 * context, also while that thread does not run the context: a window's
 * widgets follow the annotations. */
static void
test_main_thread (void)
{
  static const char *const moves[] = { "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#" };
  g_autoptr (CpGame) game = new_game ("chess", moves, G_N_ELEMENTS (moves));
  g_autoptr (CpCoach) coach = cp_coach_new ();
  g_autoptr (GAsyncResult) result = NULL;
  GThread *thread = g_thread_self ();

  g_signal_connect_swapped (cp_game_get_annotations (game), "changed", G_CALLBACK (record_thread), &thread);
  cp_coach_set_budget (coach, 2, 0);
  cp_coach_analyse_async (coach, game, NULL, cp_test_keep_result, &result);
  /* The analysis runs on while this thread waits. */
  g_usleep (300000);
  cp_test_wait_result (&result);
  g_assert_true (cp_coach_analyse_finish (coach, result, NULL));
  g_assert_false (cp_annotations_is_empty (cp_game_get_annotations (game)));
  g_assert_true (thread == g_thread_self ());
}

/* A game with secrets is analysed once it is over, not before; an
 * action that is not a move, such as a resignation, is not rated. */
static void
test_secrets (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 3, NULL);

  static const char *const moves[] = { "e4", "e5", "Nf3", "Nc6" };
  g_autoptr (CpCoach) coach = cp_coach_new ();
  g_autoptr (GError) error = NULL;
  CpAction resign;

  cp_game_choose_secrets (game);
  cp_game_resolve_chance (game);
  g_assert_false (cp_coach_can_analyse (game));

  /* Over by a resignation, which is not a move to mark. */
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_assert_true (cp_game_play_text (game, moves[i], &error));
      g_assert_no_error (error);
      cp_game_resolve_chance (game);
    }
  cp_action_init (&resign, CP_ACTION_RESIGN, cp_state_first_pending (cp_game_get_state (game)));
  cp_test_play_action (game, resign);
  g_assert_true (cp_state_is_over (cp_game_get_state (game)));
  g_assert_true (cp_coach_can_analyse (game));
  cp_coach_set_budget (coach, 2, 0);
  g_assert_true (analyse (coach, game, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < cp_game_get_n_actions (game); i++)
    {
      const CpAction *action = cp_game_get_action (game, i);
      const CpAnnotation *annotation = cp_annotations_get (cp_game_get_annotations (game), i);

      if (action->type == CP_ACTION_MOVE)
        g_assert_nonnull (annotation);
      else if (action->type == CP_ACTION_RESIGN)
        g_assert_true (annotation == NULL || annotation->mark == CP_MOVE_MARK_NONE);
    }
}

/* Cancelling stops the analysis, which says so; the annotations made by
 * then are kept. */
static void
test_cancel (void)
{
  static const char *const moves[] = { "e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6" };
  g_autoptr (CpGame) game = new_game ("chess", moves, G_N_ELEMENTS (moves));
  g_autoptr (CpCoach) coach = cp_coach_new ();
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;

  /* Far more than the test would wait for. */
  cp_coach_set_budget (coach, 60, 0);
  g_assert_false (analyse (coach, game, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpfloat (cp_coach_get_progress (coach), <, 1.0);
  g_assert_null (cp_annotations_get (cp_game_get_annotations (game), G_N_ELEMENTS (moves) - 1));

  /* It can start again. */
  g_clear_error (&error);
  cp_coach_set_budget (coach, 1, 0);
  g_assert_true (analyse (coach, game, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (cp_annotations_get (cp_game_get_annotations (game), G_N_ELEMENTS (moves) - 1));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/coach/blunder", test_blunder);
  g_test_add_func ("/coach/main-thread", test_main_thread);
  g_test_add_func ("/coach/secrets", test_secrets);
  g_test_add_func ("/coach/cancel", test_cancel);
  return g_test_run ();
}
