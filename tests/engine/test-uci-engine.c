/* test-uci-engine.c: the chess engines of the computer as players
 *
 * Debian's Stockfish plays a few moves and gives a hint, where it is
 * installed; a fake engine misbehaves in each way an engine can, and each
 * gives its own error.  Move times are short: the tests take a few
 * seconds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "cp-engine.h"
#include "cp-engine-list.h"
#include "cp-session.h"
#include "cp-uci-engine.h"
#include "cp-test-util.h"

#define STOCKFISH "/usr/games/stockfish"

static char *fake_dir;

/* A program @name in the folder of the fakes that runs the shell's @text. */
static char *
write_program (const char *name, const char *text)
{
  char *path = g_build_filename (fake_dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return path;
}

/* A program that runs the fake engine in @mode. */
static char *
fake_engine (const char *mode)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "engine", "fake-uci-engine.py", NULL);
  g_autofree char *text = g_strdup_printf ("#!/bin/sh\nexec python3 '%s' %s\n", script, mode);

  return write_program (mode, text);
}

static void
got_result (GObject *source, GAsyncResult *result, gpointer data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

/* Asks @agent for the move of the seat to act in @game. */
static gboolean
choose (CpAgent *agent, CpGame *game, CpAction *action, GError **error)
{
  guint seat = cp_state_first_pending (cp_game_get_state (game));
  g_autoptr (CpView) view = cp_game_view_at (game, cp_game_get_n_actions (game), seat);
  GAsyncResult *result = NULL;
  gboolean chosen;

  cp_agent_choose_async (agent, view, NULL, got_result, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  chosen = cp_agent_choose_finish (agent, result, action, error);
  g_object_unref (result);
  return chosen;
}

static gboolean
have_stockfish (void)
{
  if (g_file_test (STOCKFISH, G_FILE_TEST_IS_EXECUTABLE))
    return TRUE;
  g_test_skip ("Debian's stockfish is not installed (" STOCKFISH ")");
  return FALSE;
}

/* Stockfish says who it is, what it plays and how its strength is set,
 * then plays both sides of a few moves of chess, limited in strength. */
static void
test_stockfish_game (void)
{
  g_autoptr (CpUciEngine) engine = NULL;
  g_autoptr (CpGame) game = NULL;
  g_autoptr (GError) error = NULL;
  int min, max;

  if (!have_stockfish ())
    return;
  engine = cp_uci_engine_new (STOCKFISH);
  g_assert_true (cp_uci_engine_probe (engine, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (cp_uci_engine_get_name (engine), "Stockfish"));
  g_assert_true (cp_uci_engine_plays (engine, "chess"));
  g_assert_true (cp_uci_engine_plays (engine, "chess960"));
  g_assert_false (cp_uci_engine_plays (engine, "zombie"));
  g_assert_cmpint (cp_uci_engine_get_strength_range (engine, &min, &max, NULL), ==, CP_UCI_STRENGTH_ELO);
  g_assert_cmpint (min, <, max);

  cp_uci_engine_set_strength (engine, min);
  cp_uci_engine_set_move_time (engine, 50);
  game = cp_test_new_game ("chess", 2, 1, NULL);
  for (guint ply = 0; ply < 6; ply++)
    {
      CpAction action;

      g_assert_true (choose (CP_AGENT (engine), game, &action, &error));
      g_assert_no_error (error);
      g_assert_true (cp_game_play (game, &action, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 6);
}

/* In Chess960 Stockfish plays from a position of the game's own. */
static void
test_stockfish_chess960 (void)
{
  g_autoptr (CpUciEngine) engine = NULL;
  g_autoptr (CpGame) game = NULL;
  g_autoptr (GError) error = NULL;

  if (!have_stockfish ())
    return;
  engine = cp_uci_engine_new (STOCKFISH);
  cp_uci_engine_set_move_time (engine, 50);
  game = cp_test_new_game ("chess960", 2, 5, NULL);
  cp_game_resolve_chance (game);
  for (guint ply = 0; ply < 4; ply++)
    {
      CpAction action;

      g_assert_true (choose (CP_AGENT (engine), game, &action, &error));
      g_assert_no_error (error);
      g_assert_true (cp_game_play (game, &action, &error));
      g_assert_no_error (error);
    }
}

static void
hinted (GObject *source, GAsyncResult *result, gpointer data)
{
  CpAction *suggested = data;
  g_autoptr (GError) error = NULL;

  g_assert_true (cp_session_hint_finish (CP_SESSION (source), result, suggested, &error));
  g_assert_no_error (error);
}

/* Stockfish as the adviser of the hint: it suggests one of the person's
 * legal moves, and finds a mate in one. */
static void
test_stockfish_hint (void)
{
  g_autoptr (CpUciEngine) engine = NULL;
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpSession) session = NULL;
  g_autoptr (GError) error = NULL;
  CpAction suggested = { 0 };

  if (!have_stockfish ())
    return;
  engine = cp_uci_engine_new (STOCKFISH);
  cp_uci_engine_set_move_time (engine, 100);
  /* Fool's mate is there for Black to give. */
  game = cp_test_new_game ("chess", 2, 1, NULL);
  for (const char *const *m = (const char *const[]) { "f3", "e5", "g4", NULL }; *m != NULL; m++)
    {
      g_assert_true (cp_game_play_text (game, *m, &error));
      g_assert_no_error (error);
    }
  session = cp_session_new (game, NULL);
  cp_session_hint_async (session, CP_AGENT (engine), NULL, hinted, &suggested);
  while (suggested.type == CP_ACTION_NONE)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (suggested.seat, ==, 1);
  g_assert_true (cp_game_play (game, &suggested, &error));
  g_assert_no_error (error);
  g_assert_true (cp_state_is_over (cp_game_get_state (game)));
  cp_session_discard (session);
}

static void
count_failure (CpUciEngine *engine, const char *message, gpointer data)
{
  g_assert_nonnull (message);
  (*(guint *) data)++;
}

/* Each way of misbehaving gives its error, through the agent's question,
 * and the "failed" signal with the same message; the engine's process is
 * stopped, and a later question starts it again. */
static void
test_fake (gconstpointer data)
{
  const char *mode = data;
  static const struct {
    const char *mode;
    CpUciEngineError code;
  } expected[] = {
    { "crash", CP_UCI_ENGINE_ERROR_CRASHED },
    { "hang", CP_UCI_ENGINE_ERROR_TIMEOUT },
    { "illegal", CP_UCI_ENGINE_ERROR_ILLEGAL },
    { "garbage", CP_UCI_ENGINE_ERROR_MALFORMED },
    { "silent", CP_UCI_ENGINE_ERROR_START },
    { "missing", CP_UCI_ENGINE_ERROR_START },
  };
  g_autofree char *path = NULL;
  g_autoptr (CpUciEngine) engine = NULL;
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 1, NULL);
  g_autoptr (GError) error = NULL;
  CpAction action;
  guint failures = 0;
  CpUciEngineError code = 0;

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (g_str_equal (expected[i].mode, mode))
      code = expected[i].code;
  path = g_str_equal (mode, "missing") ? g_build_filename (fake_dir, "no-such-engine", NULL) : fake_engine (mode);
  engine = cp_uci_engine_new (path);
  cp_uci_engine_set_move_time (engine, 100);
  cp_uci_engine_set_grace (engine, 400);
  g_signal_connect (engine, "failed", G_CALLBACK (count_failure), &failures);
  /* One that never answers is waited for only once: that takes seconds. */
  for (guint attempt = 0; attempt < (code == CP_UCI_ENGINE_ERROR_START ? 1 : 2); attempt++)
    {
      g_clear_error (&error);
      g_assert_false (choose (CP_AGENT (engine), game, &action, &error));
      g_assert_error (error, CP_UCI_ENGINE_ERROR, (int) code);
      g_test_message ("%s: %s", mode, error->message);
      g_assert_cmpuint (failures, ==, attempt + 1);
    }
  if (code != CP_UCI_ENGINE_ERROR_START)
    g_assert_true (strstr (error->message, "Fake Engine") != NULL);
}

static gboolean
hurry_again (gpointer data)
{
  cp_agent_hurry (data);
  return G_SOURCE_CONTINUE;
}

/* Move Now: an engine that would think for long is told to stop, and
 * answers with its move then. */
static void
test_fake_hurried (void)
{
  g_autofree char *path = fake_engine ("slow");
  g_autoptr (CpUciEngine) engine = cp_uci_engine_new (path);
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 1, NULL);
  g_autoptr (GError) error = NULL;
  CpAction action;
  guint source;

  /* Unhurried, it would not answer in time. */
  cp_uci_engine_set_move_time (engine, 30000);
  cp_uci_engine_set_grace (engine, 1000);
  source = g_timeout_add (50, hurry_again, engine);
  g_assert_true (choose (CP_AGENT (engine), game, &action, &error));
  g_source_remove (source);
  g_assert_no_error (error);
  g_assert_true (cp_game_play (game, &action, &error));
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 1);
}

/* The fake engine that behaves plays its moves, for both sides: it counts
 * the moves it is told of, so it is told the game's moves, not only its
 * position (which would hide repetitions from an engine). */
static void
test_fake_good (void)
{
  g_autofree char *path = fake_engine ("good");
  g_autoptr (CpUciEngine) engine = cp_uci_engine_new (path);
  g_autoptr (CpGame) game = cp_test_new_game ("chess", 2, 1, NULL);
  g_autoptr (GError) error = NULL;
  CpAction action;
  int min, max;

  g_assert_true (cp_uci_engine_probe (engine, NULL, &error));
  g_assert_cmpstr (cp_uci_engine_get_name (engine), ==, "Fake Engine (good)");
  g_assert_false (cp_uci_engine_plays (engine, "chess960"));
  g_assert_cmpint (cp_uci_engine_get_strength_range (engine, &min, &max, NULL), ==, CP_UCI_STRENGTH_SKILL);
  g_assert_cmpint (max, ==, 20);
  cp_uci_engine_set_strength (engine, 3);
  for (guint ply = 0; ply < 6; ply++)
    {
      g_assert_true (choose (CP_AGENT (engine), game, &action, &error));
      g_assert_no_error (error);
      g_assert_true (cp_game_play (game, &action, &error));
    }
  g_assert_cmpuint (cp_game_get_n_actions (game), ==, 6);
}

static void
note_changed (gboolean *changed)
{
  *changed = TRUE;
}

/* The engines are probed in the background, once: a list asked for then
 * starts none again. */
static void
test_list_in_background (void)
{
  g_autofree char *good = fake_engine ("good");
  g_autofree char *log = g_build_filename (fake_dir, "starts.log", NULL);
  g_autofree char *text = g_strdup_printf ("#!/bin/sh\necho started >> '%s'\nexec '%s'\n", log, good);
  g_autofree char *counting = write_program ("counting", text);
  g_autoptr (CpEngineList) list = cp_engine_list_new (NULL);
  g_autofree char *starts = NULL;
  const char *const added[] = { counting, NULL };
  gboolean changed = FALSE;

  cp_engine_list_set_added (list, added);
  g_signal_connect_swapped (list, "changed", G_CALLBACK (note_changed), &changed);
  cp_engine_list_load_in_background (list);
  cp_engine_list_load_in_background (list);
  while (!changed)
    g_main_context_iteration (NULL, TRUE);

  g_assert_nonnull (cp_engine_list_find (list, counting));
  g_assert_cmpstr (cp_uci_engine_get_name (cp_engine_list_find (list, counting)), ==, "Fake Engine (good)");
  g_assert_true (g_file_get_contents (log, &starts, NULL, NULL));
  g_assert_cmpstr (starts, ==, "started\n");
}

int
main (int argc, char *argv[])
{
  static const char *const modes[] = { "crash", "hang", "illegal", "garbage", "silent", "missing" };
  int status;

  g_test_init (&argc, &argv, NULL);
  fake_dir = g_dir_make_tmp ("cp-uci-engine-XXXXXX", NULL);
  g_test_add_func ("/uci-engine/stockfish/game", test_stockfish_game);
  g_test_add_func ("/uci-engine/stockfish/chess960", test_stockfish_chess960);
  g_test_add_func ("/uci-engine/stockfish/hint", test_stockfish_hint);
  g_test_add_func ("/uci-engine/fake/good", test_fake_good);
  g_test_add_func ("/uci-engine/fake/hurried", test_fake_hurried);
  g_test_add_func ("/uci-engine/list-in-background", test_list_in_background);
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autofree char *name = g_strdup_printf ("/uci-engine/fake/%s", modes[i]);

      g_test_add_data_func (name, modes[i], test_fake);
    }
  status = g_test_run ();
  cp_test_remove_tree (fake_dir);
  g_free (fake_dir);
  return status;
}
