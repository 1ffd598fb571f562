/* cp-uci-engine.c: a chess engine of the computer, speaking UCI, as a player
 *
 * The engine runs as a child process.  Each question is asked in a worker
 * thread: the engine is started when first needed ("uci", its options,
 * "isready"), then given the game's start as a FEN with the moves since,
 * so that it sees repetitions, and "go movetime".  Its
 * "bestmove" is read through the rules, so that a move the rules do not
 * allow is refused.  An engine that does not start, stops, sends nothing
 * within the move time and a grace period, or sends something that is
 * not a move, ends the question with an error a player can read; the
 * process is then stopped, and a later question starts it again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <gio/gunixinputstream.h>
#include <glib/gi18n-lib.h>

#include "cp-uci-engine.h"
#include "cp-rules.h"
#include "cp-state.h"

G_DEFINE_QUARK (cp-uci-engine-error-quark, cp_uci_engine_error)

/* How long an engine may take to say it is one, in milliseconds, besides
 * the grace period of its moves. */
#define START_TIME 2000

struct _CpUciEngine
{
  GObject parent_instance;

  char *path;
  GMutex lock;            /* held by the thread that talks to the engine */
  GMutex write_lock;      /* held while writing to it */
  gboolean searching;     /* "go" was sent, and no "bestmove" read yet */
  GSubprocess *process;
  GOutputStream *input;   /* the engine's standard input */
  int output;             /* the engine's standard output */
  GString *pending;       /* what was read of it past the last line */
  gboolean probed;

  /* What the engine said of itself. */
  char *name;
  GPtrArray *variants;
  gboolean chess960;
  CpUciStrengthKind strength_kind;
  int strength_min, strength_max, strength_default;

  int strength;           /* G_MININT: the engine's full strength */
  guint move_time;
  guint grace;
  gboolean started_game;  /* "ucinewgame" was sent */
};

static void cp_uci_engine_agent_init (CpAgentInterface *iface);

enum { FAILED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE_WITH_CODE (CpUciEngine, cp_uci_engine, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CP_TYPE_AGENT, cp_uci_engine_agent_init))

static const char *
display_name (CpUciEngine *self)
{
  return self->name != NULL ? self->name : self->path;
}

static void
stop_process (CpUciEngine *self)
{
  g_mutex_lock (&self->write_lock);
  self->searching = FALSE;
  g_mutex_unlock (&self->write_lock);
  if (self->process != NULL)
    {
      if (self->input != NULL)
        g_output_stream_close (self->input, NULL, NULL);
      g_subprocess_force_exit (self->process);
      g_subprocess_wait (self->process, NULL, NULL);
    }
  g_mutex_lock (&self->write_lock);
  g_clear_object (&self->input);
  g_mutex_unlock (&self->write_lock);
  g_clear_object (&self->process);
  self->output = -1;
  g_string_truncate (self->pending, 0);
  self->started_game = FALSE;
}

static gboolean
engine_stopped (CpUciEngine *self, GError **error)
{
  g_set_error (error, CP_UCI_ENGINE_ERROR, CP_UCI_ENGINE_ERROR_CRASHED,
               _("The chess engine %s stopped unexpectedly"), display_name (self));
  return FALSE;
}

static gboolean
send (CpUciEngine *self, GError **error, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
send (CpUciEngine *self, GError **error, const char *format, ...)
{
  g_autofree char *line = NULL;
  gboolean written;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  g_debug ("to %s: %s", self->path, line);
  g_mutex_lock (&self->write_lock);
  written = self->input != NULL
            && g_output_stream_write_all (self->input, line, strlen (line), NULL, NULL, NULL)
            && g_output_stream_write_all (self->input, "\n", 1, NULL, NULL, NULL)
            && g_output_stream_flush (self->input, NULL, NULL);
  if (written && g_str_has_prefix (line, "go "))
    self->searching = TRUE;
  g_mutex_unlock (&self->write_lock);
  return written || engine_stopped (self, error);
}

/* Reads the next line the engine writes, waiting until @deadline (in
 * monotonic microseconds).  Returns NULL with TIMEOUT when none comes by
 * then, CRASHED when the engine's output ends, CANCELLED when
 * @cancellable is. */
static char *
read_line (CpUciEngine *self, gint64 deadline, GCancellable *cancellable, GError **error)
{
  for (;;)
    {
      const char *end = memchr (self->pending->str, '\n', self->pending->len);
      struct pollfd fds[2];
      GPollFD cancel_fd;
      gint64 left;
      char buffer[4096];
      gssize n;
      int ready;

      if (end != NULL)
        {
          gsize length = (gsize) (end - self->pending->str);
          char *line = g_strndup (self->pending->str, length);

          g_string_erase (self->pending, 0, (gssize) length + 1);
          g_strchomp (line);
          g_debug ("from %s: %s", self->path, line);
          return line;
        }
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      left = deadline - g_get_monotonic_time ();
      if (left <= 0)
        {
          g_set_error (error, CP_UCI_ENGINE_ERROR, CP_UCI_ENGINE_ERROR_TIMEOUT,
                       _("The chess engine %s did not answer in time"), display_name (self));
          return NULL;
        }
      fds[0] = (struct pollfd) { .fd = self->output, .events = POLLIN };
      fds[1] = (struct pollfd) { .fd = -1 };
      if (cancellable != NULL && g_cancellable_make_pollfd (cancellable, &cancel_fd))
        fds[1] = (struct pollfd) { .fd = cancel_fd.fd, .events = POLLIN };
      ready = poll (fds, 2, (int) MIN (left / 1000 + 1, G_MAXINT));
      if (cancellable != NULL && fds[1].fd >= 0)
        g_cancellable_release_fd (cancellable);
      if (ready < 0 && errno != EINTR)
        return engine_stopped (self, error), NULL;
      if (ready <= 0 || !(fds[0].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      n = read (self->output, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          engine_stopped (self, error);
          return NULL;
        }
      /* A line without an end, or a NUL, is the engine's fault, not ours. */
      for (gssize i = 0; i < n; i++)
        if (buffer[i] == '\0')
          buffer[i] = ' ';
      g_string_append_len (self->pending, buffer, n);
      if (self->pending->len > 1 << 20)
        {
          g_set_error (error, CP_UCI_ENGINE_ERROR, CP_UCI_ENGINE_ERROR_MALFORMED,
                       _("The chess engine %s sent something that is not UCI"), display_name (self));
          return NULL;
        }
    }
}

/* Waits for a line that starts with @word, passing over the others. */
static char *
wait_for (CpUciEngine *self, const char *word, gint64 deadline, GCancellable *cancellable, GError **error)
{
  for (;;)
    {
      g_autofree char *line = read_line (self, deadline, cancellable, error);
      const char *start;
      gsize length = strlen (word);

      if (line == NULL)
        return NULL;
      start = line + strspn (line, " \t");
      if (strncmp (start, word, length) == 0 && (start[length] == '\0' || g_ascii_isspace (start[length])))
        return g_strdup (start);
    }
}

/* The value after "name" in an option line, up to "type". */
static char *
option_name (char **words, guint *i)
{
  g_autoptr (GString) name = g_string_new (NULL);

  for (*i = 2; words[*i] != NULL && !g_str_equal (words[*i], "type"); (*i)++)
    {
      if (name->len > 0)
        g_string_append_c (name, ' ');
      g_string_append (name, words[*i]);
    }
  return g_string_free (g_steal_pointer (&name), FALSE);
}

static int
option_number (char **words, const char *key, int fallback)
{
  for (guint i = 0; words[i] != NULL; i++)
    if (g_str_equal (words[i], key) && words[i + 1] != NULL)
      return (int) g_ascii_strtoll (words[i + 1], NULL, 10);
  return fallback;
}

/* Remembers what an "id" or "option" line says. */
static void
read_description (CpUciEngine *self, const char *line)
{
  g_auto (GStrv) words = g_strsplit_set (line, " \t", -1);
  g_autofree char *name = NULL;
  guint i;

  /* Runs of spaces give empty words; they are dropped. */
  for (guint from = 0, to = 0;; from++)
    {
      if (words[from] != NULL && words[from][0] == '\0')
        {
          g_free (words[from]);
          continue;
        }
      words[to++] = words[from];
      if (words[from] == NULL)
        break;
    }
  if (words[0] == NULL || words[1] == NULL)
    return;
  if (g_str_equal (words[0], "id") && g_str_equal (words[1], "name") && self->name == NULL)
    {
      const char *start = strstr (line, "name") + 4;

      self->name = g_utf8_make_valid (start + strspn (start, " \t"), -1);
      g_strstrip (self->name);
      if (self->name[0] == '\0')
        g_clear_pointer (&self->name, g_free);
      return;
    }
  if (!g_str_equal (words[0], "option") || !g_str_equal (words[1], "name"))
    return;
  name = option_name (words, &i);
  if (g_ascii_strcasecmp (name, "UCI_Elo") == 0)
    {
      self->strength_kind = CP_UCI_STRENGTH_ELO;
      self->strength_min = option_number (words, "min", 1350);
      self->strength_max = option_number (words, "max", 2850);
      self->strength_default = option_number (words, "default", self->strength_min);
    }
  else if (g_ascii_strcasecmp (name, "Skill Level") == 0 && self->strength_kind != CP_UCI_STRENGTH_ELO)
    {
      self->strength_kind = CP_UCI_STRENGTH_SKILL;
      self->strength_min = option_number (words, "min", 0);
      self->strength_max = option_number (words, "max", 20);
      self->strength_default = option_number (words, "default", self->strength_max);
    }
  else if (g_ascii_strcasecmp (name, "UCI_Chess960") == 0)
    self->chess960 = TRUE;
  else if (g_ascii_strcasecmp (name, "UCI_Variant") == 0)
    for (; words[i] != NULL; i++)
      if (g_str_equal (words[i], "var") && words[i + 1] != NULL)
        g_ptr_array_add (self->variants, g_strdup (words[i + 1]));
}

/* Starts the engine and reads what it says of itself, if it is not
 * running. */
static gboolean
start_process (CpUciEngine *self, GCancellable *cancellable, GError **error)
{
  const char *argv[] = { self->path, NULL };
  g_autoptr (GError) local = NULL;
  gint64 deadline;

  if (self->process != NULL)
    return TRUE;
  self->process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                     | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &local);
  if (self->process == NULL)
    {
      g_set_error (error, CP_UCI_ENGINE_ERROR, CP_UCI_ENGINE_ERROR_START,
                   _("The chess engine %s does not start: %s"), self->path, local->message);
      return FALSE;
    }
  self->input = g_object_ref (g_subprocess_get_stdin_pipe (self->process));
  self->output = g_unix_input_stream_get_fd (G_UNIX_INPUT_STREAM (g_subprocess_get_stdout_pipe (self->process)));
  deadline = g_get_monotonic_time () + (gint64) (START_TIME + self->grace) * G_TIME_SPAN_MILLISECOND;
  if (send (self, NULL, "uci"))
    {
      if (!self->probed)
        {
          g_clear_pointer (&self->name, g_free);
          g_ptr_array_set_size (self->variants, 0);
          self->strength_kind = CP_UCI_STRENGTH_NONE;
          self->chess960 = FALSE;
        }
      for (;;)
        {
          g_autofree char *line = read_line (self, deadline, cancellable, &local);

          if (line == NULL || g_str_equal (g_strstrip (line), "uciok"))
            break;
          if (!self->probed)
            read_description (self, line);
        }
    }
  if (local != NULL && g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      stop_process (self);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (local != NULL)
    {
      stop_process (self);
      g_set_error (error, CP_UCI_ENGINE_ERROR, CP_UCI_ENGINE_ERROR_START,
                   _("The program %s does not answer as a UCI chess engine"), self->path);
      return FALSE;
    }
  self->probed = TRUE;
  return TRUE;
}

static gboolean
wait_ready (CpUciEngine *self, GCancellable *cancellable, GError **error)
{
  g_autofree char *line = NULL;

  if (!send (self, error, "isready"))
    return FALSE;
  line = wait_for (self, "readyok", g_get_monotonic_time () + (gint64) (START_TIME + self->grace) * G_TIME_SPAN_MILLISECOND,
                   cancellable, error);
  return line != NULL;
}

static void
cp_uci_engine_finalize (GObject *object)
{
  CpUciEngine *self = CP_UCI_ENGINE (object);

  stop_process (self);
  g_string_free (self->pending, TRUE);
  g_ptr_array_unref (self->variants);
  g_free (self->name);
  g_free (self->path);
  g_mutex_clear (&self->lock);
  g_mutex_clear (&self->write_lock);
  G_OBJECT_CLASS (cp_uci_engine_parent_class)->finalize (object);
}

static void
cp_uci_engine_class_init (CpUciEngineClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_uci_engine_finalize;
  /* An engine that stopped must not stop us when we write to it. */
  signal (SIGPIPE, SIG_IGN);

  /**
   * CpUciEngine::failed:
   * @message: what went wrong, for the player to read
   *
   * A question ended in an error other than being called off: the engine
   * did not start, stopped, hung or sent no legal move.
   */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
cp_uci_engine_init (CpUciEngine *self)
{
  g_mutex_init (&self->lock);
  g_mutex_init (&self->write_lock);
  self->output = -1;
  self->pending = g_string_new (NULL);
  self->variants = g_ptr_array_new_with_free_func (g_free);
  self->strength = G_MININT;
  self->move_time = 1000;
  self->grace = 3000;
}

/**
 * cp_uci_engine_new:
 * @path: the engine's program, a file or a name found on PATH
 *
 * An engine that is started when it is first asked something.
 */
CpUciEngine *
cp_uci_engine_new (const char *path)
{
  CpUciEngine *self;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (CP_TYPE_UCI_ENGINE, NULL);
  self->path = g_strdup (path);
  return self;
}

const char *
cp_uci_engine_get_path (CpUciEngine *self)
{
  g_return_val_if_fail (CP_IS_UCI_ENGINE (self), NULL);

  return self->path;
}

/**
 * cp_uci_engine_probe:
 *
 * Starts the engine, if it has not been, to learn its name, the games it
 * plays and how its strength is set.  It blocks for as long as the engine
 * takes to introduce itself (a few seconds at most).
 *
 * Returns: whether the engine answered as a UCI engine
 */
gboolean
cp_uci_engine_probe (CpUciEngine *self, GCancellable *cancellable, GError **error)
{
  gboolean started;

  g_return_val_if_fail (CP_IS_UCI_ENGINE (self), FALSE);

  g_mutex_lock (&self->lock);
  started = self->probed || start_process (self, cancellable, error);
  g_mutex_unlock (&self->lock);
  return started;
}

/**
 * cp_uci_engine_get_name:
 *
 * Returns: the name the engine gives itself, or its path before it has
 *   said or when it gives none
 */
const char *
cp_uci_engine_get_name (CpUciEngine *self)
{
  g_return_val_if_fail (CP_IS_UCI_ENGINE (self), NULL);

  return display_name (self);
}

/**
 * cp_uci_engine_plays:
 * @game_id: the id of a game of the catalogue
 *
 * Whether the engine, once probed, plays the game: orthodox chess, and
 * Chess960 where it has UCI_Chess960, and any game whose id is one of its
 * UCI_Variant's choices.
 */
gboolean
cp_uci_engine_plays (CpUciEngine *self, const char *game_id)
{
  g_return_val_if_fail (CP_IS_UCI_ENGINE (self), FALSE);

  if (!self->probed || game_id == NULL)
    return FALSE;
  if (g_str_equal (game_id, "chess"))
    return TRUE;
  if (g_str_equal (game_id, "chess960"))
    return self->chess960;
  for (guint i = 0; i < self->variants->len; i++)
    if (g_str_equal (g_ptr_array_index (self->variants, i), game_id))
      return TRUE;
  return FALSE;
}

/**
 * cp_uci_engine_get_strength_range:
 * @min: (out) (optional): the weakest setting
 * @max: (out) (optional): the strongest
 * @preferred: (out) (optional): the engine's own default
 *
 * Returns: how the engine's strength is set, once probed; its settings
 *   are ratings for CP_UCI_STRENGTH_ELO, skill levels for
 *   CP_UCI_STRENGTH_SKILL
 */
CpUciStrengthKind
cp_uci_engine_get_strength_range (CpUciEngine *self, int *min, int *max, int *preferred)
{
  g_return_val_if_fail (CP_IS_UCI_ENGINE (self), CP_UCI_STRENGTH_NONE);

  if (min != NULL)
    *min = self->strength_min;
  if (max != NULL)
    *max = self->strength_max;
  if (preferred != NULL)
    *preferred = self->strength_default;
  return self->strength_kind;
}

/**
 * cp_uci_engine_set_strength:
 * @strength: a rating or skill level as the engine has
 *   (cp_uci_engine_get_strength_range()), or G_MININT for its full
 *   strength
 */
void
cp_uci_engine_set_strength (CpUciEngine *self, int strength)
{
  g_return_if_fail (CP_IS_UCI_ENGINE (self));

  self->strength = strength;
}

void
cp_uci_engine_set_move_time (CpUciEngine *self, guint milliseconds)
{
  g_return_if_fail (CP_IS_UCI_ENGINE (self));

  self->move_time = MAX (milliseconds, 10);
}

/**
 * cp_uci_engine_set_grace:
 *
 * How long past the move time the engine may take before it is held to
 * hang.
 */
void
cp_uci_engine_set_grace (CpUciEngine *self, guint milliseconds)
{
  g_return_if_fail (CP_IS_UCI_ENGINE (self));

  self->grace = milliseconds;
}

/**
 * cp_uci_engine_stop:
 *
 * Stops the engine's process, if it runs; the next question starts it.
 */
void
cp_uci_engine_stop (CpUciEngine *self)
{
  g_return_if_fail (CP_IS_UCI_ENGINE (self));

  g_mutex_lock (&self->lock);
  stop_process (self);
  g_mutex_unlock (&self->lock);
}

/* The options of a new game. */
static gboolean
set_up (CpUciEngine *self, const char *game_id, GCancellable *cancellable, GError **error)
{
  gboolean chess960 = g_str_equal (game_id, "chess960");

  if (self->started_game)
    return TRUE;
  if (self->variants->len > 0
      && !send (self, error, "setoption name UCI_Variant value %s", chess960 ? "chess" : game_id))
    return FALSE;
  if (self->chess960 && !send (self, error, "setoption name UCI_Chess960 value %s", chess960 ? "true" : "false"))
    return FALSE;
  if (self->strength_kind == CP_UCI_STRENGTH_ELO)
    {
      if (!send (self, error, "setoption name UCI_LimitStrength value %s",
                 self->strength != G_MININT ? "true" : "false"))
        return FALSE;
      if (self->strength != G_MININT
          && !send (self, error, "setoption name UCI_Elo value %d",
                    CLAMP (self->strength, self->strength_min, self->strength_max)))
        return FALSE;
    }
  else if (self->strength_kind == CP_UCI_STRENGTH_SKILL)
    {
      int skill = self->strength != G_MININT ? self->strength : self->strength_max;

      if (!send (self, error, "setoption name Skill Level value %d", CLAMP (skill, self->strength_min, self->strength_max)))
        return FALSE;
    }
  if (!send (self, error, "ucinewgame") || !wait_ready (self, cancellable, error))
    return FALSE;
  self->started_game = TRUE;
  return TRUE;
}

/* Reads the move of a "bestmove" line through the rules. */
static gboolean
read_best_move (CpUciEngine *self, const CpState *state, guint seat, const char *line,
                CpAction *action, GError **error)
{
  g_auto (GStrv) words = g_strsplit_set (line, " \t", -1);
  g_autoptr (GError) local = NULL;
  const char *move = NULL;
  g_autofree char *quoted = NULL;

  for (guint i = 1; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      {
        move = words[i];
        break;
      }
  quoted = g_utf8_make_valid (move != NULL ? move : "", -1);
  if (g_utf8_strlen (quoted, -1) > 20)
    {
      char *cut = g_utf8_substring (quoted, 0, 20);

      g_free (quoted);
      quoted = g_strconcat (cut, "…", NULL);
      g_free (cut);
    }
  if (move == NULL || strlen (move) < 4 || strlen (move) > 5 || !g_ascii_isalpha (move[0])
      || !g_ascii_isdigit (move[1]) || !g_ascii_isalpha (move[2]) || !g_ascii_isdigit (move[3])
      || (move[4] != '\0' && !g_ascii_isalpha (move[4])))
    {
      g_set_error (error, CP_UCI_ENGINE_ERROR, CP_UCI_ENGINE_ERROR_MALFORMED,
                   _("The chess engine %s sent “%s”, which is not a move"), display_name (self), quoted);
      return FALSE;
    }
  if (!cp_state_parse (state, move, action, &local) || action->seat != seat || !cp_state_check (state, action, &local))
    {
      g_set_error (error, CP_UCI_ENGINE_ERROR, CP_UCI_ENGINE_ERROR_ILLEGAL,
                   _("The chess engine %s played %s, which the rules do not allow"), display_name (self), quoted);
      return FALSE;
    }
  return TRUE;
}

/* The position of @view for "position": its start and the moves since, or
 * where its log holds something else than moves, the position itself. */
static char *
uci_position (CpView *view, GError **error)
{
  const CpState *start = cp_view_get_start (view);
  guint n = cp_view_get_n_actions (view);
  g_autofree char *fen = NULL;

  if (start != NULL && n > 0 && (fen = cp_state_write_position (start, NULL)) != NULL)
    {
      g_autoptr (GString) text = g_string_new (fen);
      g_autoptr (CpState) state = cp_state_copy (start);
      guint i;

      g_string_append (text, " moves");
      for (i = 0; i < n; i++)
        {
          const CpAction *action = cp_view_get_action (view, i);
          g_autofree char *move = action->type == CP_ACTION_MOVE
                                  ? cp_state_format (state, action, CP_NOTATION_COMPUTER) : NULL;

          if (move == NULL || !cp_state_apply (state, action, NULL))
            break;
          g_string_append_printf (text, " %s", move);
        }
      if (i == n)
        return g_string_free (g_steal_pointer (&text), FALSE);
    }
  return cp_state_write_position (cp_view_get_state (view), error);
}

/* Asks the engine for its move in @view's position. */
static gboolean
ask (CpUciEngine *self, CpView *view, GCancellable *cancellable, CpAction *action, GError **error)
{
  const CpState *state = cp_view_get_state (view);
  guint seat = cp_view_get_seat (view);
  g_autofree char *position = NULL;
  g_autofree char *line = NULL;
  gint64 deadline;

  if (!start_process (self, cancellable, error))
    return FALSE;
  if (!cp_uci_engine_plays (self, state->rules->id))
    {
      g_set_error (error, CP_UCI_ENGINE_ERROR, CP_UCI_ENGINE_ERROR_GAME,
                   _("The chess engine %s does not play this game"), display_name (self));
      return FALSE;
    }
  if ((position = uci_position (view, error)) == NULL)
    return FALSE;
  if (!set_up (self, state->rules->id, cancellable, error)
      || !send (self, error, "position fen %s", position)
      || !send (self, error, "go movetime %u", self->move_time))
    return FALSE;
  deadline = g_get_monotonic_time () + (gint64) (self->move_time + self->grace) * G_TIME_SPAN_MILLISECOND;
  line = wait_for (self, "bestmove", deadline, cancellable, error);
  g_mutex_lock (&self->write_lock);
  self->searching = FALSE;
  g_mutex_unlock (&self->write_lock);
  if (line == NULL)
    return FALSE;
  return read_best_move (self, state, seat, line, action, error);
}

static void
choose_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  CpUciEngine *self = source;
  CpView *view = data;
  CpAction *action = g_new0 (CpAction, 1);
  GError *error = NULL;
  gboolean chosen;

  g_mutex_lock (&self->lock);
  chosen = ask (self, view, cancellable, action, &error);
  /* After a failure, or a question called off while the engine thinks,
   * the engine is in no known state: it starts again next time. */
  if (!chosen)
    stop_process (self);
  g_mutex_unlock (&self->lock);
  if (chosen)
    g_task_return_pointer (task, action, g_free);
  else
    {
      g_free (action);
      g_task_return_error (task, error);
    }
}

static void
cp_uci_engine_choose_async (CpAgent *agent, CpView *view, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (agent, cancellable, callback, user_data);

  g_task_set_source_tag (task, cp_uci_engine_choose_async);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_task_data (task, cp_view_ref (view), (GDestroyNotify) cp_view_unref);
  g_task_run_in_thread (task, choose_thread);
}

static gboolean
cp_uci_engine_choose_finish (CpAgent *agent, GAsyncResult *result, CpAction *action, GError **error)
{
  g_autofree CpAction *chosen = NULL;
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (g_task_is_valid (result, agent), FALSE);

  chosen = g_task_propagate_pointer (G_TASK (result), &local);
  if (chosen == NULL)
    {
      if (!g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_signal_emit (agent, signals[FAILED], 0, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  *action = *chosen;
  return TRUE;
}

/* Move Now: the engine is told to stop thinking, and answers with the
 * best move it has found. */
static void
cp_uci_engine_hurry (CpAgent *agent)
{
  CpUciEngine *self = CP_UCI_ENGINE (agent);

  g_mutex_lock (&self->write_lock);
  if (self->searching && self->input != NULL)
    {
      g_debug ("to %s: stop", self->path);
      g_output_stream_write_all (self->input, "stop\n", 5, NULL, NULL, NULL);
      g_output_stream_flush (self->input, NULL, NULL);
    }
  g_mutex_unlock (&self->write_lock);
}

static void
cp_uci_engine_agent_init (CpAgentInterface *iface)
{
  iface->choose_async = cp_uci_engine_choose_async;
  iface->choose_finish = cp_uci_engine_choose_finish;
  iface->hurry = cp_uci_engine_hurry;
}
