/* cp-uci.c: Chess Parlour as a UCI engine for orthodox chess and Chess960
 *
 * Reads the commands of the Universal Chess Interface on standard input
 * and answers on standard output.  The search runs in a thread of its own,
 * so that "stop", "isready" and "quit" are read while it thinks.  The
 * protocol's words are not translated: programs read them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cp-computer-player.h"
#include "cp-engine.h"
#include "cp-uci.h"

#define DEFAULT_HASH 32
#define MAX_THREADS 64
/* Kept back from the clock for the time it takes to answer. */
#define SAFETY_MS 30

typedef struct {
  GMutex output;
  gboolean chess960;
  CpLevel level;
  guint hash;
  guint threads;         /* of the hard level's search */
  CpState *position;
  GArray *keys;          /* the positions before it */
  CpSearch *search;
  CpComputerPlayer *easy;
  GThread *thread;
  GCancellable *cancellable;
} Uci;

typedef struct {
  Uci *uci;
  CpState *root;
  CpSearchLimits limits;
  gboolean infinite;
} Go;

static void send (Uci *uci, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
send (Uci *uci, const char *format, ...)
{
  va_list args;

  g_mutex_lock (&uci->output);
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  putchar ('\n');
  fflush (stdout);
  g_mutex_unlock (&uci->output);
}

static const CpRules *
uci_rules (Uci *uci)
{
  return cp_rules_lookup (uci->chess960 ? "chess960" : "chess");
}

/* Sets the position from a FEN, or the start when @fen is NULL. */
static CpState *
new_position (Uci *uci, const char *fen, GError **error)
{
  const CpRules *rules = uci_rules (uci);
  g_autoptr (GHashTable) given = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) options = NULL;

  if (fen != NULL)
    g_hash_table_insert (given, (gpointer) "fen", (gpointer) fen);
  else if (uci->chess960)
    {
      g_hash_table_insert (given, (gpointer) "setup", (gpointer) "number");
      g_hash_table_insert (given, (gpointer) "position", (gpointer) "518");
    }
  if ((options = cp_rules_resolve_options (rules, given, error)) == NULL)
    return NULL;
  return cp_state_new (rules, 2, options, error);
}

/* The search. */

static void
stop_search (Uci *uci)
{
  if (uci->thread == NULL)
    return;
  g_cancellable_cancel (uci->cancellable);
  g_thread_join (uci->thread);
  uci->thread = NULL;
  g_clear_object (&uci->cancellable);
}

static void
send_info (const CpSearchInfo *info, gpointer user_data)
{
  Go *go = user_data;
  g_autoptr (CpState) state = cp_state_copy (go->root);
  g_autoptr (GString) pv = g_string_new (NULL);
  g_autofree char *score = NULL;
  guint64 ms = (guint64) MAX (info->elapsed / 1000, 1);

  for (guint i = 0; i < info->n_pv; i++)
    {
      g_autofree char *move = NULL;

      if (!cp_state_check (state, &info->pv[i], NULL))
        break;
      move = cp_state_format (state, &info->pv[i], CP_NOTATION_COMPUTER);
      g_string_append_printf (pv, " %s", move);
      cp_state_apply (state, &info->pv[i], NULL);
    }
  if (ABS (info->score) >= CP_SEARCH_MATE_BOUND)
    {
      int plies = CP_SEARCH_MATE - ABS (info->score);

      score = g_strdup_printf ("mate %d", info->score > 0 ? (plies + 1) / 2 : -(plies / 2));
    }
  else
    score = g_strdup_printf ("cp %d", info->score);
  send (go->uci, "info depth %u score %s nodes %" G_GUINT64_FORMAT " nps %" G_GUINT64_FORMAT
        " time %" G_GUINT64_FORMAT " pv%s",
        info->depth, score, info->nodes, info->nodes * 1000 / ms, ms, pv->str);
}

static gpointer
think (gpointer data)
{
  Go *go = data;
  Uci *uci = go->uci;
  g_autofree char *text = NULL;
  CpAction best;
  gboolean found;
  guint seat = go->root->to_move;

  if (uci->level == CP_LEVEL_EASY)
    found = cp_computer_player_choose (uci->easy, go->root, seat, NULL, 0, uci->cancellable, &best, NULL);
  else
    {
      cp_search_set_threads (uci->search, uci->level == CP_LEVEL_HARD ? uci->threads : 1);
      cp_search_set_history (uci->search, (const guint64 *) uci->keys->data, uci->keys->len);
      cp_search_set_info_func (uci->search, send_info, go);
      found = cp_search_run (uci->search, go->root, seat, &go->limits, uci->cancellable, &best, NULL);
      cp_search_set_info_func (uci->search, NULL, NULL);
    }
  /* In infinite mode the answer waits for "stop". */
  while (go->infinite && !g_cancellable_is_cancelled (uci->cancellable))
    g_usleep (5000);
  if (found)
    text = cp_state_format (go->root, &best, CP_NOTATION_COMPUTER);
  send (uci, "bestmove %s", found ? text : "0000");
  cp_state_free (go->root);
  g_free (go);
  return NULL;
}

static gboolean
read_number (char **words, guint *i, gint64 *value)
{
  char *end;

  if (words[*i + 1] == NULL)
    return FALSE;
  *value = g_ascii_strtoll (words[++*i], &end, 10);
  return *end == '\0';
}

/* Limits from the words of "go". */
static void
go_limits (Uci *uci, char **words, Go *go)
{
  gint64 wtime = -1, btime = -1, winc = 0, binc = 0, movestogo = 0, movetime = 0, depth = 0, nodes = 0;
  gint64 now = g_get_monotonic_time ();
  gboolean white = go->root->to_move == 0;
  gint64 left, inc;

  for (guint i = 1; words[i] != NULL; i++)
    {
      const char *w = words[i];

      if (g_str_equal (w, "infinite"))
        go->infinite = TRUE;
      else if (g_str_equal (w, "wtime"))
        read_number (words, &i, &wtime);
      else if (g_str_equal (w, "btime"))
        read_number (words, &i, &btime);
      else if (g_str_equal (w, "winc"))
        read_number (words, &i, &winc);
      else if (g_str_equal (w, "binc"))
        read_number (words, &i, &binc);
      else if (g_str_equal (w, "movestogo"))
        read_number (words, &i, &movestogo);
      else if (g_str_equal (w, "movetime"))
        read_number (words, &i, &movetime);
      else if (g_str_equal (w, "depth"))
        read_number (words, &i, &depth);
      else if (g_str_equal (w, "nodes"))
        read_number (words, &i, &nodes);
    }

  go->limits.depth = (guint) CLAMP (depth, 0, CP_SEARCH_MAX_PLY - 1);
  go->limits.nodes = (guint64) MAX (nodes, 0);
  left = white ? wtime : btime;
  inc = white ? winc : binc;
  if (movetime > 0)
    go->limits.deadline = now + MAX (movetime - SAFETY_MS, 1) * 1000;
  else if (left >= 0)
    {
      gint64 share = left / (movestogo > 0 ? movestogo + 1 : 30) + inc * 3 / 4;
      gint64 most = MAX (MIN (share * 3, left / 3) - SAFETY_MS, 1);

      go->limits.soft_deadline = now + MIN (share / 2, most) * 1000;
      go->limits.deadline = now + most * 1000;
    }
  /* Medium answers within a second, and searches no deeper than its
   * level does. */
  if (uci->level == CP_LEVEL_MEDIUM && !go->infinite)
    {
      gint64 second = now + (1000 - SAFETY_MS) * 1000;
      guint most = cp_level_search_depth (CP_LEVEL_MEDIUM);

      go->limits.deadline = go->limits.deadline ? MIN (go->limits.deadline, second) : second;
      go->limits.depth = go->limits.depth > 0 ? MIN (go->limits.depth, most) : most;
    }
  if (!go->infinite && go->limits.depth == 0 && go->limits.nodes == 0 && go->limits.deadline == 0)
    go->infinite = TRUE;
}

static void
go (Uci *uci, char **words)
{
  Go *go;

  stop_search (uci);
  if (cp_state_is_over (uci->position))
    {
      send (uci, "info string the game is over");
      send (uci, "bestmove 0000");
      return;
    }
  go = g_new0 (Go, 1);
  go->uci = uci;
  go->root = cp_state_copy (uci->position);
  go_limits (uci, words, go);
  uci->cancellable = g_cancellable_new ();
  uci->thread = g_thread_new ("search", think, go);
}

/* "position startpos|fen FEN [moves M...]" */
static void
position (Uci *uci, char **words)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpState) state = NULL;
  g_autoptr (GString) fen = g_string_new (NULL);
  guint i = 1;

  stop_search (uci);
  if (words[i] != NULL && g_str_equal (words[i], "startpos"))
    i++;
  else if (words[i] != NULL && g_str_equal (words[i], "fen"))
    for (i++; words[i] != NULL && !g_str_equal (words[i], "moves"); i++)
      g_string_append_printf (fen, "%s%s", fen->len ? " " : "", words[i]);
  else
    {
      send (uci, "info string position needs startpos or fen");
      return;
    }
  if ((state = new_position (uci, fen->len ? fen->str : NULL, &error)) == NULL)
    {
      send (uci, "info string %s", error->message);
      return;
    }
  g_array_set_size (uci->keys, 0);
  if (words[i] != NULL && g_str_equal (words[i], "moves"))
    for (i++; words[i] != NULL; i++)
      {
        CpAction action;
        guint64 key = cp_state_hash (state);

        if (!cp_state_parse (state, words[i], &action, &error) || !cp_state_apply (state, &action, &error))
          {
            send (uci, "info string %s", error->message);
            break;
          }
        g_array_append_val (uci->keys, key);
      }
  g_clear_pointer (&uci->position, cp_state_free);
  uci->position = g_steal_pointer (&state);
}

/* "setoption name NAME value VALUE" */
static void
set_option (Uci *uci, char **words)
{
  g_autoptr (GString) name = g_string_new (NULL);
  const char *value = NULL;
  guint i = 1;

  if (words[i] != NULL && g_str_equal (words[i], "name"))
    i++;
  for (; words[i] != NULL && !g_str_equal (words[i], "value"); i++)
    g_string_append_printf (name, "%s%s", name->len ? " " : "", words[i]);
  if (words[i] != NULL && words[i + 1] != NULL)
    value = words[i + 1];

  stop_search (uci);
  if (g_ascii_strcasecmp (name->str, "UCI_Chess960") == 0)
    {
      uci->chess960 = g_strcmp0 (value, "true") == 0;
      g_clear_pointer (&uci->position, cp_state_free);
      uci->position = new_position (uci, NULL, NULL);
      g_array_set_size (uci->keys, 0);
    }
  else if (g_ascii_strcasecmp (name->str, "Level") == 0)
    {
      CpLevel level;

      if (value != NULL && cp_level_from_id (value, &level) && level >= CP_LEVEL_EASY)
        uci->level = level;
      else
        send (uci, "info string Level is easy, medium or hard");
    }
  else if (g_ascii_strcasecmp (name->str, "Hash") == 0 && value != NULL)
    {
      guint64 mb = g_ascii_strtoull (value, NULL, 10);

      uci->hash = (guint) CLAMP (mb, 1, 1024);
      g_clear_object (&uci->search);
      uci->search = cp_search_new (uci->hash);
    }
  else if (g_ascii_strcasecmp (name->str, "Threads") == 0 && value != NULL)
    uci->threads = (guint) CLAMP (g_ascii_strtoull (value, NULL, 10), 1, MAX_THREADS);
  else
    send (uci, "info string unknown option %s", name->str);
}

static void
identify (Uci *uci)
{
  send (uci, "id name Chess Parlour %s", PACKAGE_VERSION);
  send (uci, "id author the Chess Parlour authors");
  send (uci, "option name Hash type spin default %d min 1 max 1024", DEFAULT_HASH);
  send (uci, "option name Threads type spin default 1 min 1 max %d", MAX_THREADS);
  send (uci, "option name Level type combo default hard var easy var medium var hard");
  send (uci, "option name UCI_Chess960 type check default false");
  send (uci, "uciok");
}

/* Answers one line; FALSE on "quit". */
static gboolean
command (Uci *uci, const char *line)
{
  g_auto (GStrv) words = g_strsplit_set (line, " \t", -1);
  g_autoptr (GPtrArray) kept = g_ptr_array_new ();
  char **w;

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (kept, words[i]);
  g_ptr_array_add (kept, NULL);
  w = (char **) kept->pdata;
  if (w[0] == NULL)
    return TRUE;

  if (g_str_equal (w[0], "uci"))
    identify (uci);
  else if (g_str_equal (w[0], "isready"))
    send (uci, "readyok");
  else if (g_str_equal (w[0], "ucinewgame"))
    {
      stop_search (uci);
      cp_search_clear (uci->search);
    }
  else if (g_str_equal (w[0], "position"))
    position (uci, w);
  else if (g_str_equal (w[0], "go"))
    go (uci, w);
  else if (g_str_equal (w[0], "stop"))
    stop_search (uci);
  else if (g_str_equal (w[0], "setoption"))
    set_option (uci, w);
  else if (g_str_equal (w[0], "quit"))
    return FALSE;
  else if (!g_str_equal (w[0], "debug") && !g_str_equal (w[0], "ponderhit"))
    send (uci, "info string unknown command %s", w[0]);
  return TRUE;
}

/**
 * cp_uci_run:
 *
 * Plays as a UCI engine until "quit" or the end of standard input.
 *
 * Returns: the exit status
 */
int
cp_uci_run (void)
{
  Uci uci = { .level = CP_LEVEL_HARD, .hash = DEFAULT_HASH, .threads = 1 };
  char *line = NULL;
  size_t size = 0;

  g_mutex_init (&uci.output);
  uci.keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  uci.search = cp_search_new (uci.hash);
  uci.easy = cp_computer_player_new (CP_LEVEL_EASY, (guint32) g_get_monotonic_time ());
  uci.position = new_position (&uci, NULL, NULL);

  while (getline (&line, &size, stdin) >= 0)
    if (!command (&uci, g_strstrip (line)))
      break;

  stop_search (&uci);
  free (line);
  cp_state_free (uci.position);
  g_array_unref (uci.keys);
  g_object_unref (uci.search);
  g_object_unref (uci.easy);
  g_mutex_clear (&uci.output);
  return 0;
}
