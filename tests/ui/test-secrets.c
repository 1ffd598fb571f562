/* test-secrets.c: the window keeps each player's secrets on every path
 *
 * Two games that differ only in a secret of one seat (the holder) are
 * played side by side in two windows, by the same clicks, along one path:
 * moves with the curtain, Undo and the replay keys at the curtain, Undo
 * and Redo, going through the moves, opening and recovering the game, a
 * new game, a computer's move, a hint, a timer that runs out, the end of
 * the game.  Whenever the holder has not taken the screen since the
 * curtain last fell, and the other seat knows the same of both games,
 * both windows must show the same: every text, tooltip, accessible name
 * and description of every widget, shown or not, and the pixels of the
 * board and the cards.  Each game also checks the check itself: with the
 * holder at the screen, the windows differ.
 *
 * Needs a display: run under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "cp-application.h"
#include "cp-autosave.h"
#include "cp-engine.h"
#include "cp-record.h"
#include "cp-test-util.h"
#include "cp-window-private.h"

static CpApplication *app;

/* A game with secrets, and how to make twins of it: by a choice the
 * holder makes in secret, or by a deal that gives the holder other
 * cards. */
typedef struct {
  const char *id;
  guint seats;
  gboolean by_deal;
  gboolean timed;    /* a choice whose time can run out */
  const char *options[3];
} Spec;

static const Spec specs[] = {
  { "zombie", 2, FALSE, FALSE, { NULL } },
  { "masquerade", 2, FALSE, FALSE, { NULL } },
  { "two-move", 2, FALSE, FALSE, { "colours=seated", NULL } },
  { "synchronous", 2, FALSE, FALSE, { NULL } },
  { "golf", 2, FALSE, TRUE, { NULL } },
  /* Small hands, so that a deal that gives one player the same cards
   * and the other other ones is found. */
  { "tar-pit", 2, TRUE, FALSE, { "white-checkers=2", "black-checkers=2", NULL } },
  { "cooperative", 2, TRUE, FALSE, { NULL } },
};

typedef enum {
  PATH_MOVE,
  PATH_UNDO_ON_CURTAIN,
  PATH_UNDO,
  PATH_REDO,
  PATH_REPLAY,
  PATH_OPEN,
  PATH_RECOVER,
  PATH_NEW_GAME,
  PATH_COMPUTER_MOVE,
  PATH_HINT,
  PATH_TIMER,
  PATH_GAME_END,
  PATH_HOLDER_SEES,
  N_PATHS
} Path;

static const char *const path_names[N_PATHS] = {
  "move", "undo-on-curtain", "undo", "redo", "replay", "open", "recover", "new-game",
  "computer-move", "hint", "timer", "game-end", "holder-sees",
};

typedef struct {
  const Spec *spec;
  Path path;
} Case;

/* Two windows, one for each twin. */
typedef struct {
  const Spec *spec;
  CpWindow *windows[2];
  guint holder;         /* the seat whose secret the twins differ in */
  guint other;          /* the seat that may not know it */
  CpSeatMask looking;   /* the seats that took the screen since the curtain fell */
  guint compared;       /* the times both windows were found alike */
  guint differed;       /* the times the holder's screens differed */
  GRand *rand;
} Table;

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static CpGame *
game_of (Table *t, guint i)
{
  return cp_window_get_game (t->windows[i]);
}

static CpSession *
session_of (Table *t, guint i)
{
  return t->windows[i]->session;
}

static CpGame *
new_game (const Spec *spec, guint64 seed)
{
  return cp_test_new_game (spec->id, spec->seats, seed, spec->options[0], spec->options[1], NULL);
}

/* Whether two states hold the same: every byte past the shared board. */
static gboolean
same_state (const CpState *a, const CpState *b)
{
  gsize skip = G_STRUCT_OFFSET (CpState, n_seats);

  return a->rules == b->rules
         && memcmp ((const guint8 *) a + skip, (const guint8 *) b + skip, a->rules->state_size - skip) == 0;
}

static gboolean
same_action (const CpAction *a, const CpAction *b)
{
  return cp_action_same (a, b) && a->flags == b->flags && a->visible == b->visible;
}

/* Whether @seat knows the same of both games after their first @n
 * actions. */
static gboolean
same_knowledge (CpGame *a, CpGame *b, guint n, guint seat)
{
  g_autoptr (CpView) one = NULL;
  g_autoptr (CpView) two = NULL;

  if (n > cp_game_get_n_actions (a) || n > cp_game_get_n_actions (b))
    return FALSE;
  one = cp_game_view_at (a, n, seat);
  two = cp_game_view_at (b, n, seat);
  if (!same_state (cp_view_get_state (one), cp_view_get_state (two)))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!same_action (cp_view_get_action (one, i), cp_view_get_action (two, i)))
      return FALSE;
  return TRUE;
}

/* Whether the other seat knows the same of both games now: of the whole
 * log, and of the position shown. */
static gboolean
other_knows_alike (Table *t)
{
  CpGame *a = game_of (t, 0), *b = game_of (t, 1);

  return cp_game_get_n_actions (a) == cp_game_get_n_actions (b)
         && cp_game_get_cursor (a) == cp_game_get_cursor (b)
         && same_knowledge (a, b, cp_game_get_n_actions (a), t->other)
         && same_knowledge (a, b, cp_game_get_cursor (a), t->other);
}

/* ---- What a window shows ---- */

/* The accessible property @property of @widget, as a screen reader would
 * read it, or NULL when it has none. */
static char *
accessible_property (GtkWidget *widget, GtkAccessibleProperty property)
{
  if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), property))
    return NULL;
  /* The check hands back the value it found when it differs. */
  return gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), property, "\x01");
}

static void
describe_widget (GtkWidget *widget, GString *out, guint depth)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);
  g_autofree char *name = accessible_property (widget, GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_autofree char *description = accessible_property (widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);

  g_string_append_printf (out, "%*s%s%s%s", depth, "", G_OBJECT_TYPE_NAME (widget),
                          gtk_widget_get_visible (widget) ? "" : " hidden",
                          gtk_widget_get_sensitive (widget) ? "" : " insensitive");
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, " label=%s", gtk_label_get_label (GTK_LABEL (widget)));
  if (GTK_IS_EDITABLE (widget))
    g_string_append_printf (out, " text=%s", gtk_editable_get_text (GTK_EDITABLE (widget)));
  if (ADW_IS_STATUS_PAGE (widget))
    g_string_append_printf (out, " title=%s description=%s", adw_status_page_get_title (ADW_STATUS_PAGE (widget)),
                            adw_status_page_get_description (ADW_STATUS_PAGE (widget)));
  if (ADW_IS_WINDOW_TITLE (widget))
    g_string_append_printf (out, " title=%s subtitle=%s", adw_window_title_get_title (ADW_WINDOW_TITLE (widget)),
                            adw_window_title_get_subtitle (ADW_WINDOW_TITLE (widget)));
  if (tooltip != NULL)
    g_string_append_printf (out, " tooltip=%s", tooltip);
  if (name != NULL)
    g_string_append_printf (out, " name=%s", name);
  if (description != NULL)
    g_string_append_printf (out, " description=%s", description);
  g_string_append_c (out, '\n');
  /* The window of a tooltip comes and goes with the pointer; its text is
   * the tooltip's, which is read above. */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (G_OBJECT_TYPE_NAME (child), "GtkTooltipWindow") != 0)
      describe_widget (child, out, depth + 1);
}

/* The pixels of the board drawn off screen, at a size of its own, as
 * text to compare. */
static void
describe_board_pixels (CpBoardView *board, GString *out)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 240, 240);
  cairo_t *cr = cairo_create (surface);
  g_autofree char *sum = NULL;

  cp_board_renderer_draw (cp_board_view_get_renderer (board), cr, 240, 240, 1);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, cairo_image_surface_get_data (surface),
                                     (gsize) cairo_image_surface_get_stride (surface) * 240);
  cairo_surface_destroy (surface);
  g_string_append_printf (out, "board pixels %s\n", sum);
}

/* The pixels of @widget as it is on the screen, with its children, as
 * text to compare. */
static void
describe_pixels (GtkWidget *widget, GString *out)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  g_autofree char *sum = NULL;
  GtkSnapshot *snapshot;
  gsize stride;

  if (!gtk_widget_get_mapped (widget) || width <= 0 || height <= 0)
    {
      g_string_append_printf (out, "%s not on the screen\n", G_OBJECT_TYPE_NAME (widget));
      return;
    }
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_string_append_printf (out, "%s draws nothing\n", G_OBJECT_TYPE_NAME (widget));
      return;
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  stride = (gsize) width * 4;
  pixels = g_malloc ((gsize) height * stride);
  gdk_texture_download (texture, pixels, stride);
  sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, pixels, (gsize) height * stride);
  g_string_append_printf (out, "%s draws %dx%d pixels %s\n", G_OBJECT_TYPE_NAME (widget), width, height, sum);
}

/* Everything @window shows, or holds to show, as text. */
static char *
screen_of (CpWindow *window)
{
  GString *out = g_string_new (NULL);
  CpBoard *board = cp_game_get_state (cp_window_get_game (window))->board;

  g_string_append_printf (out, "window %s, showing %s\n", gtk_window_get_title (GTK_WINDOW (window)),
                          gtk_stack_get_visible_child_name (window->curtain_stack));
  describe_widget (GTK_WIDGET (window), out, 0);
  for (guint c = 0; c < cp_board_get_n_cells (board); c++)
    {
      g_autofree char *text = cp_board_view_describe_cell (window->board, c);

      if (text != NULL)
        g_string_append_printf (out, "cell %u: %s\n", c, text);
    }
  describe_board_pixels (window->board, out);
  describe_pixels (GTK_WIDGET (window->hand), out);
  return g_string_free (out, FALSE);
}

/* Says what each window's game holds, for a failure to be followed. */
static void
describe_games (Table *t)
{
  for (guint i = 0; i < 2; i++)
    {
      CpGame *game = game_of (t, i);

      g_printerr ("Window %u: holder %u, other %u, looking %x, screen %u, curtain %u, cursor %u\n", i + 1,
                  t->holder, t->other, t->looking, cp_session_get_screen_seat (session_of (t, i)),
                  cp_session_get_curtain_seat (session_of (t, i)), cp_game_get_cursor (game));
      for (guint k = 0; k < cp_game_get_n_actions (game); k++)
        {
          g_autofree char *text = cp_game_format_action (game, k, CP_NOTATION_SAN);

          g_printerr ("  %u: %s (seat %u)\n", k + 1, text, cp_game_get_action (game, k)->seat);
        }
    }
}

/* Fails with the first line where the two windows differ. */
static void
assert_same_screens (Table *t, const char *one, const char *two)
{
  g_auto (GStrv) a = g_strsplit (one, "\n", -1);
  g_auto (GStrv) b = g_strsplit (two, "\n", -1);

  for (guint i = 0; a[i] != NULL || b[i] != NULL; i++)
    if (a[i] == NULL || b[i] == NULL || strcmp (a[i], b[i]) != 0)
      {
        describe_games (t);
        g_error ("The windows (%s) differ at line %u:\n  %s\n  %s", a[0], i + 1, a[i] ? a[i] : "(end)",
                 b[i] ? b[i] : "(end)");
      }
}

static gboolean
over (Table *t)
{
  return cp_state_is_over (cp_game_get_state (game_of (t, 0))) || cp_state_is_over (cp_game_get_state (game_of (t, 1)));
}

/* Both windows must show the same while the holder has not taken the
 * screen since the curtain fell, and the other seat knows the same of
 * both games. */
static void
compare (Table *t)
{
  g_autofree char *one = NULL;
  g_autofree char *two = NULL;

  /* Both windows at rest: no hint or random result still to come. */
  for (guint i = 0; i < 2; i++)
    if (cp_session_is_thinking (session_of (t, i)) || t->windows[i]->hinting != NULL)
      return;
  if (over (t) || !other_knows_alike (t))
    return;
  /* The cards on the screen are drawn as they are laid out now. */
  for (guint i = 0; i < 2; i++)
    if (gtk_widget_get_mapped (GTK_WIDGET (t->windows[i]->hand)))
      gtk_test_widget_wait_for_draw (GTK_WIDGET (t->windows[i]));
  one = screen_of (t->windows[0]);
  two = screen_of (t->windows[1]);
  if (t->looking & CP_SEAT_BIT (t->holder))
    {
      t->differed += strcmp (one, two) != 0;
      return;
    }
  assert_same_screens (t, one, two);
  t->compared++;
}

static gboolean
covered (Table *t)
{
  gboolean one = g_strcmp0 (gtk_stack_get_visible_child_name (t->windows[0]->curtain_stack), "curtain") == 0;
  gboolean two = g_strcmp0 (gtk_stack_get_visible_child_name (t->windows[1]->curtain_stack), "curtain") == 0;

  /* Whether the curtain falls may not tell either. */
  if (other_knows_alike (t))
    g_assert_cmpint (one, ==, two);
  return one;
}

/* After each step: the curtain that falls leaves nobody looking, at once,
 * with nothing of the game fading out. */
static void
settle (Table *t)
{
  /* Random results worked out in a worker thread land first. */
  for (guint k = 0; k < 60000 && (cp_session_is_thinking (session_of (t, 0))
                                  || cp_session_is_thinking (session_of (t, 1))); k++)
    {
      iterate ();
      g_usleep (500);
    }
  iterate ();
  if (covered (t))
    {
      t->looking = 0;
      for (guint i = 0; i < 2; i++)
        g_assert_false (gtk_stack_get_transition_running (t->windows[i]->curtain_stack));
    }
  compare (t);
}

static void
activate (Table *t, const char *action)
{
  for (guint i = 0; i < 2; i++)
    gtk_widget_activate_action (GTK_WIDGET (t->windows[i]), action, NULL);
  settle (t);
}

/* The person the curtain waits for says they are at the screen. */
static void
take_screen (Table *t)
{
  guint seat = cp_session_get_curtain_seat (session_of (t, 0));

  g_assert_cmpuint (seat, ==, cp_session_get_curtain_seat (session_of (t, 1)));
  for (guint i = 0; i < 2; i++)
    gtk_widget_activate_action (GTK_WIDGET (t->windows[i]), "win.ready", NULL);
  t->looking = CP_SEAT_BIT (seat);
  settle (t);
}

/* Whether the seat at the screen of both windows is @seat, with nothing
 * covering the game. */
static gboolean
at_screen (Table *t, guint seat)
{
  return !covered (t) && !over (t) && t->looking == CP_SEAT_BIT (seat)
         && cp_session_get_screen_seat (session_of (t, 0)) == seat
         && cp_session_get_screen_seat (session_of (t, 1)) == seat;
}

/* Plays in both windows an action that the seat at the screen may take
 * in both, chosen at random; FALSE when there is none. */
static gboolean
play_alike (Table *t)
{
  const CpActionList *one = cp_session_get_legal (session_of (t, 0));
  const CpActionList *two = cp_session_get_legal (session_of (t, 1));
  guint chosen = G_MAXUINT, seen = 0;
  CpAction action;

  for (guint i = 0; i < one->len; i++)
    if (cp_action_list_find (two, &one->items[i]) >= 0 && g_rand_int_range (t->rand, 0, (gint32) ++seen) == 0)
      chosen = i;
  if (chosen == G_MAXUINT)
    return FALSE;
  action = one->items[chosen];
  for (guint i = 0; i < 2; i++)
    cp_window_play (t->windows[i], &action);
  settle (t);
  return TRUE;
}

/* One step of play at the table: whoever the curtain waits for takes
 * the screen, or the person at the screen plays.  FALSE at the end. */
static gboolean
step (Table *t)
{
  /* Once the other seat knows more of one game, the twins part. */
  if (over (t) || !other_knows_alike (t))
    return FALSE;
  if (covered (t))
    {
      take_screen (t);
      return TRUE;
    }
  /* The person at the screen reads what their turn did, and passes on. */
  if (cp_session_get_turn_report (session_of (t, 0)) != NULL)
    {
      activate (t, "win.pass-on");
      return TRUE;
    }
  if (!cp_game_cursor_at_end (game_of (t, 0)))
    {
      activate (t, "win.last");
      return TRUE;
    }
  return play_alike (t);
}

/* Plays on until @seat is at the screen, to act and, with @undo, with
 * something to take back; at most @limit steps. */
static gboolean
play_until_at_screen (Table *t, guint seat, gboolean undo, guint limit)
{
  for (guint i = 0; i < limit; i++)
    {
      if (at_screen (t, seat) && other_knows_alike (t) && cp_session_get_legal (session_of (t, 0))->len > 0
          && (!undo || cp_session_can_undo (session_of (t, 0))))
        return TRUE;
      if (!step (t))
        return FALSE;
    }
  return at_screen (t, seat) && other_knows_alike (t);
}

/* ---- Twins ---- */

typedef struct {
  CpGame *games[2];     /* where the windows begin */
  CpAction choices[2];  /* the holder's secret choice in each, or none */
  guint holder;
  guint other;
} Twins;

static void
twins_clear (Twins *twins)
{
  for (guint i = 0; i < 2; i++)
    g_clear_object (&twins->games[i]);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Twins, twins_clear)

/* The state after @action, as @seat sees it. */
static CpState *
seen_after (const CpState *state, const CpAction *action, guint seat, CpState **whole)
{
  CpState *after = cp_state_copy (state);
  CpState *seen;

  if (!cp_state_apply (after, action, NULL))
    {
      cp_state_free (after);
      return NULL;
    }
  seen = cp_state_copy (after);
  if (state->rules->redact != NULL)
    state->rules->redact (seen, seat);
  *whole = after;
  return seen;
}

/* Two legal actions of @seat that the other seat may not see, after
 * which it sees the same though the games differ. */
static gboolean
find_choices (const CpState *state, guint seat, GRand *rand, CpAction *choices)
{
  g_auto (CpActionList) legal = { 0 };
  guint other = 1 - seat, offset;

  cp_state_legal (state, seat, &legal);
  if (legal.len < 2)
    return FALSE;
  offset = (guint) g_rand_int_range (rand, 0, (gint32) legal.len);
  for (guint x = 0; x < legal.len && x < 40; x++)
    {
      const CpAction *a = &legal.items[(x + offset) % legal.len];
      g_autoptr (CpState) a_whole = NULL;
      g_autoptr (CpState) a_seen = NULL;

      if (cp_action_visible_to (a, other) || (a_seen = seen_after (state, a, other, &a_whole)) == NULL)
        continue;
      for (guint y = 0; y < legal.len && y < 40; y++)
        {
          const CpAction *b = &legal.items[(y + offset) % legal.len];
          g_autoptr (CpState) b_whole = NULL;
          g_autoptr (CpState) b_seen = NULL;

          if (b == a || cp_action_visible_to (b, other) || (b_seen = seen_after (state, b, other, &b_whole)) == NULL)
            continue;
          if (same_state (a_seen, b_seen) && !same_state (a_whole, b_whole)
              && cp_state_pending (a_whole) == cp_state_pending (b_whole))
            {
              choices[0] = *a;
              choices[1] = *b;
              return TRUE;
            }
        }
    }
  return FALSE;
}

/* A game of @spec with the first @n actions of @game's log. */
static CpGame *
copy_game (const Spec *spec, guint64 seed, CpGame *game, guint n)
{
  CpGame *copy = cp_test_new_game_undrawn (spec->id, spec->seats, seed, spec->options[0], spec->options[1], NULL);

  for (guint i = 0; i < n; i++)
    g_assert_true (cp_game_append (copy, cp_game_get_action (game, i), NULL));
  return copy;
}

/* Plays @game on at random until a seat makes a secret choice that has a
 * twin; the games begin just before it. */
static gboolean
twins_by_choice (const Spec *spec, guint64 seed, Twins *twins)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) seed);
  g_autoptr (CpGame) game = new_game (spec, seed);

  for (guint i = 0; i < 200; i++)
    {
      const CpState *state = cp_game_get_state (game);
      g_auto (CpActionList) legal = { 0 };
      guint seat;

      cp_game_resolve_chance (game);
      if (cp_state_is_over (state) || (seat = cp_state_first_pending (state)) >= 2)
        return FALSE;
      if (find_choices (state, seat, rand, twins->choices))
        {
          twins->holder = seat;
          twins->other = 1 - seat;
          twins->games[0] = g_object_ref (game);
          twins->games[1] = copy_game (spec, seed, game, cp_game_get_n_actions (game));
          return TRUE;
        }
      cp_state_legal (state, seat, &legal);
      g_assert_true (cp_game_play (game, &legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)], NULL));
    }
  return FALSE;
}

/* Random results tried for a deal that gives one seat the same cards, at
 * most. */
#define DEAL_TRIES 200000

/* Whether @seat sees the same in @a and @b, which differ. */
static gboolean
seen_alike (const CpState *a, const CpState *b, guint seat)
{
  g_autoptr (CpState) one = cp_state_copy (a);
  g_autoptr (CpState) two = cp_state_copy (b);

  a->rules->redact (one, seat);
  a->rules->redact (two, seat);
  return same_state (one, two) && !same_state (a, b);
}

/* A game whose deal gives the other seat the same cards and the holder
 * others; the games begin once the set-up is dealt. */
static gboolean
twins_by_deal (const Spec *spec, guint64 seed, Twins *twins)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) seed);
  g_autoptr (CpGame) game = new_game (spec, seed);
  guint n = cp_game_get_n_actions (game);

  for (guint i = 0; i < n; i++)
    {
      const CpAction *dealt = cp_game_get_action (game, i);
      g_autoptr (CpState) before = NULL;
      g_autoptr (CpState) after = NULL;

      if (dealt->seat != CP_SEAT_CHANCE || cp_action_is_public (dealt) || dealt->type != CP_ACTION_SHUFFLE)
        continue;
      before = cp_game_state_at (game, i);
      after = cp_game_state_at (game, i + 1);
      for (guint k = 0; k < DEAL_TRIES; k++)
        {
          g_autoptr (CpState) trial = cp_state_copy (before);
          CpAction other = *dealt;

          other.value = g_rand_int (rand);
          if (!cp_state_apply (trial, &other, NULL))
            continue;
          for (guint seat = 0; seat < 2; seat++)
            if (seen_alike (trial, after, seat))
              {
                CpGame *twin = copy_game (spec, seed, game, i);

                g_assert_true (cp_game_append (twin, &other, NULL));
                for (guint j = i + 1; j < n; j++)
                  if (!cp_game_append (twin, cp_game_get_action (game, j), NULL))
                    {
                      g_object_unref (twin);
                      return FALSE;
                    }
                twins->games[0] = g_object_ref (game);
                twins->games[1] = twin;
                twins->other = seat;
                twins->holder = 1 - seat;
                return TRUE;
              }
        }
      return FALSE;
    }
  return FALSE;
}

static void
make_twins (const Spec *spec, Twins *twins)
{
  for (guint64 seed = 1; seed < 40; seed++)
    {
      memset (twins, 0, sizeof *twins);
      if (spec->by_deal ? twins_by_deal (spec, seed, twins) : twins_by_choice (spec, seed, twins))
        return;
      twins_clear (twins);
    }
  g_error ("No twins of %s were found", spec->id);
}

/* ---- A computer that chooses as it is told ---- */

#define TEST_TYPE_TOLD_AGENT (test_told_agent_get_type ())
G_DECLARE_FINAL_TYPE (TestToldAgent, test_told_agent, TEST, TOLD_AGENT, GObject)

struct _TestToldAgent
{
  GObject parent_instance;
  CpAction first;   /* its first choice, then the first legal action */
  gboolean told;
  gboolean hold;    /* thinks until it is stopped */
};

static void test_told_agent_iface_init (CpAgentInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestToldAgent, test_told_agent, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CP_TYPE_AGENT, test_told_agent_iface_init))

static void
told_cancelled (GCancellable *cancellable, GTask *task)
{
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "stopped");
  g_object_unref (task);
}

static void
told_choose_async (CpAgent *agent, CpView *view, GCancellable *cancellable, GAsyncReadyCallback callback,
                   gpointer data)
{
  TestToldAgent *self = TEST_TOLD_AGENT (agent);
  g_autoptr (GTask) task = g_task_new (agent, cancellable, callback, data);
  g_auto (CpActionList) legal = { 0 };
  CpAction action;

  if (self->hold)
    {
      g_cancellable_connect (cancellable, G_CALLBACK (told_cancelled), g_steal_pointer (&task), NULL);
      return;
    }

  cp_state_legal (cp_view_get_state (view), cp_view_get_seat (view), &legal);
  g_assert_cmpuint (legal.len, >, 0);
  action = self->told ? self->first : legal.items[0];
  self->told = FALSE;
  g_task_return_pointer (task, g_memdup2 (&action, sizeof action), g_free);
}

static gboolean
told_choose_finish (CpAgent *agent, GAsyncResult *result, CpAction *action, GError **error)
{
  g_autofree CpAction *chosen = g_task_propagate_pointer (G_TASK (result), error);

  if (chosen == NULL)
    return FALSE;
  *action = *chosen;
  return TRUE;
}

static void
test_told_agent_iface_init (CpAgentInterface *iface)
{
  iface->choose_async = told_choose_async;
  iface->choose_finish = told_choose_finish;
}

static void
test_told_agent_class_init (TestToldAgentClass *klass)
{
}

static void
test_told_agent_init (TestToldAgent *self)
{
}

/* ---- The paths ---- */

static void
open_table (Table *t, Twins *twins)
{
  for (guint i = 0; i < 2; i++)
    {
      t->windows[i] = cp_window_new (GTK_APPLICATION (app), cp_application_get_settings (app));
      gtk_window_set_default_size (GTK_WINDOW (t->windows[i]), 1024, 720);
      cp_window_set_game (t->windows[i], twins->games[i], NULL);
      gtk_window_present (GTK_WINDOW (t->windows[i]));
    }
  t->holder = twins->holder;
  t->other = twins->other;
  t->looking = 0;
  settle (t);
}

static void
close_table (Table *t)
{
  for (guint i = 0; i < 2; i++)
    {
      cp_autosave_discard (cp_session_get_autosave (t->windows[i]->session));
      cp_session_discard (t->windows[i]->session);
      gtk_window_destroy (GTK_WINDOW (t->windows[i]));
    }
  iterate ();
  g_rand_free (t->rand);
}

/* The holder makes the secret choice the twins differ in, at the screen. */
static void
make_secret_choice (Table *t, Twins *twins)
{
  if (twins->choices[0].type == CP_ACTION_NONE)
    return;
  while (covered (t))
    take_screen (t);
  g_assert_cmpuint (cp_session_get_screen_seat (session_of (t, 0)), ==, t->holder);
  for (guint i = 0; i < 2; i++)
    cp_window_play (t->windows[i], &twins->choices[i]);
  settle (t);
}

/* The answer @response to the question the window asks, in both. */
static void
answer (Table *t, const char *response)
{
  for (guint i = 0; i < 2; i++)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();
      AdwMessageDialog *dialog = NULL;

      for (guint k = 0; k < g_list_model_get_n_items (toplevels) && dialog == NULL; k++)
        {
          g_autoptr (GtkWindow) candidate = g_list_model_get_item (toplevels, k);

          if (ADW_IS_MESSAGE_DIALOG (candidate) && gtk_window_get_transient_for (candidate) == GTK_WINDOW (t->windows[i])
              && gtk_widget_get_visible (GTK_WIDGET (candidate)))
            dialog = ADW_MESSAGE_DIALOG (candidate);
        }
      g_assert_nonnull (dialog);
      adw_message_dialog_response (dialog, response);
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
  settle (t);
}

/* Undo, Redo, the replay keys and a hint, tried at the curtain: none of
 * them does anything. */
static void
try_at_curtain (Table *t)
{
  static const char *const tried[] = { "win.undo", "win.redo", "win.first", "win.previous", "win.next",
                                       "win.last", "win.hint", "win.resign", "win.offer-draw" };
  guint n = cp_game_get_n_actions (game_of (t, 0));

  for (guint i = 0; i < G_N_ELEMENTS (tried); i++)
    {
      for (guint w = 0; w < 2; w++)
        gtk_widget_activate_action (GTK_WIDGET (t->windows[w]), tried[i], NULL);
      iterate ();
      g_assert_true (covered (t));
    }
  settle (t);
  g_assert_cmpuint (cp_game_get_n_actions (game_of (t, 0)), ==, n);
  g_assert_true (cp_game_cursor_at_end (game_of (t, 0)));
}

static void
walk_undo_on_curtain (Table *t)
{
  guint tried = 0;

  for (guint i = 0; i < 20 && tried < 2; i++)
    {
      if (covered (t) && other_knows_alike (t))
        {
          try_at_curtain (t);
          tried++;
        }
      if (!step (t))
        break;
    }
  g_assert_cmpuint (tried, >, 0);
}

/* Undo by the other seat at the screen: the curtain falls for the seat
 * whose action is taken back, and says so. */
static void
take_back (Table *t)
{
  guint n = cp_game_get_n_actions (game_of (t, 0));

  activate (t, "win.undo");
  g_assert_cmpuint (cp_game_get_n_actions (game_of (t, 0)), <, n);
  if (covered (t))
    g_assert_nonnull (strstr (adw_status_page_get_description (t->windows[0]->curtain), "takes back"));
}

static void
walk_undo (Table *t, gboolean redo)
{
  g_assert_true (play_until_at_screen (t, t->other, TRUE, 20));
  take_back (t);
  if (redo)
    {
      while (covered (t))
        take_screen (t);
      activate (t, "win.redo");
    }
  for (guint i = 0; i < 3 && step (t); i++)
    ;
}

static void
walk_replay (Table *t)
{
  static const char *const keys[] = { "win.first", "win.next", "win.next", "win.next", "win.previous",
                                      "win.last", "win.previous", "win.previous", "win.last" };

  g_assert_true (play_until_at_screen (t, t->other, FALSE, 20));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    activate (t, keys[i]);
}

/* The games saved and opened again, or kept safe and recovered. */
static void
walk_reopen (Table *t, gboolean recover)
{
  g_assert_true (play_until_at_screen (t, t->other, FALSE, 20));
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CpGame) game = g_object_ref (game_of (t, i));

      if (recover)
        {
          g_autoptr (CpAutosave) autosave = cp_autosave_new ();

          g_assert_true (cp_autosave_save (autosave, game, NULL, &error));
          g_assert_no_error (error);
          cp_session_discard (session_of (t, i));
          cp_window_recover (t->windows[i], autosave);
        }
      else
        {
          /* Files of the same name, in folders of their own. */
          g_autofree char *folder = g_dir_make_tmp ("cp-secrets-XXXXXX", NULL);
          g_autofree char *path = g_build_filename (folder, "Game.xml", NULL);
          g_autoptr (GFile) file = g_file_new_for_path (path);

          g_assert_true (cp_record_save (game, file, &error));
          g_assert_no_error (error);
          cp_session_discard (session_of (t, i));
          g_autoptr (GAsyncResult) result = NULL;

          cp_window_open_async (t->windows[i], file, NULL, cp_test_keep_result, &result);
          cp_test_wait_result (&result);
          g_assert_true (cp_window_open_finish (t->windows[i], result, NULL));
          g_unlink (path);
          g_rmdir (folder);
        }
    }
  settle (t);
  g_assert_true (covered (t));
  for (guint i = 0; i < 3 && step (t); i++)
    ;
}

/* A new game just after the holder's secret choice, or once the holder
 * has seen their cards: the curtain falls over the new game at once, with
 * nothing of the old one behind it. */
static void
walk_new_game (Table *t)
{
  for (guint i = 0; i < 10 && !(t->looking & CP_SEAT_BIT (t->holder)); i++)
    if (!step (t))
      break;
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (CpGame) fresh = new_game (t->spec, 99);

      cp_window_show_new_game (t->windows[i]);
      _cp_window_replace_game (t->windows[i], fresh);
    }
  iterate ();
  /* The New Game dialogs go unused. */
  for (guint i = 0; i < 2; i++)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();

      for (guint k = g_list_model_get_n_items (toplevels); k > 0; k--)
        {
          g_autoptr (GtkWindow) candidate = g_list_model_get_item (toplevels, k - 1);

          if (!ADW_IS_MESSAGE_DIALOG (candidate) && gtk_window_get_transient_for (candidate) == GTK_WINDOW (t->windows[i]))
            gtk_window_destroy (candidate);
        }
    }
  if (cp_session_get_modified (session_of (t, 0)))
    answer (t, "discard");
  g_assert_true (covered (t));
  g_assert_cmpuint (t->looking, ==, 0);
  /* The new games are alike: every seat knows the same of both. */
  t->compared = 0;
  compare (t);
  g_assert_cmpuint (t->compared, ==, 1);
}

/* One person plays against a computer that makes the secret choice. */
static void
walk_computer (Table *t, Twins *twins)
{
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (TestToldAgent) agent = g_object_new (TEST_TYPE_TOLD_AGENT, NULL);

      agent->first = twins->choices[i];
      agent->told = twins->choices[i].type != CP_ACTION_NONE;
      cp_session_set_agent (session_of (t, i), t->holder, CP_AGENT (agent));
    }
  /* With one person at the table there is no curtain: that person is at
   * the screen all along. */
  t->looking = CP_SEAT_BIT (t->other);
  settle (t);
  g_assert_false (covered (t));
  for (guint i = 0; i < 6 && !over (t); i++)
    {
      guint n = cp_game_get_n_actions (game_of (t, 0));

      iterate ();
      if (cp_session_is_thinking (session_of (t, 0)) || cp_session_is_thinking (session_of (t, 1)))
        {
          g_usleep (1000);
          continue;
        }
      settle (t);
      if (cp_game_get_n_actions (game_of (t, 0)) == n && !play_alike (t))
        break;
    }
}

/* The person at the screen asks for a hint. */
static void
walk_hint (Table *t)
{
  g_assert_true (play_until_at_screen (t, t->other, FALSE, 20));
  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&t->windows[i]->adviser);
      t->windows[i]->adviser = cp_computer_player_new_adviser (5);
      cp_computer_player_set_budget (t->windows[i]->adviser, 1, 200);
      gtk_widget_activate_action (GTK_WIDGET (t->windows[i]), "win.hint", NULL);
    }
  for (guint k = 0; k < 20000 && (t->windows[0]->hinting != NULL || t->windows[1]->hinting != NULL); k++)
    {
      iterate ();
      g_usleep (1000);
    }
  settle (t);
  step (t);
}

/* The time of a secret choice runs out for the person at the screen.
 * The time is allowed only then, so that the two windows' clocks, which
 * tick on their own, do not count the seconds apart. */
static void
walk_timer (Table *t)
{
  GSettings *settings = cp_application_get_settings (app);
  gboolean ran_out = FALSE;

  for (guint i = 0; i < 30 && !ran_out; i++)
    {
      if (at_screen (t, t->other) && cp_session_get_presentation (session_of (t, 0))->timeout_button != NULL
          && other_knows_alike (t))
        {
          g_settings_set_enum (settings, "secret-choice-time", 1);
          for (guint w = 0; w < 2; w++)
            while (_cp_window_tick_timer (t->windows[w]))
              ;
          g_settings_reset (settings, "secret-choice-time");
          settle (t);
          ran_out = TRUE;
        }
      else if (!step (t))
        break;
    }
  g_assert_true (ran_out);
}

/* The other seat resigns: all is revealed, and said so. */
static void
walk_game_end (Table *t)
{
  g_autofree char *one = NULL;
  g_autofree char *two = NULL;

  g_assert_true (play_until_at_screen (t, t->other, FALSE, 30));
  activate (t, "win.resign");
  answer (t, "resign");
  g_assert_true (over (t));
  g_assert_false (covered (t));
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpuint (cp_session_get_screen_seat (session_of (t, i)), ==, CP_VIEW_ALL);
      g_assert_nonnull (strstr (gtk_label_get_text (t->windows[i]->prompt_label), "all is revealed"));
    }
  /* The holder's secret shows: the windows differ now. */
  one = screen_of (t->windows[0]);
  two = screen_of (t->windows[1]);
  g_assert_cmpstr (one, !=, two);
  /* Going back through a finished game shows the whole truth too. */
  activate (t, "win.first");
  g_assert_cmpuint (cp_session_get_screen_seat (session_of (t, 0)), ==, CP_VIEW_ALL);
}

/* The check itself: were the screen to go to the holder without a
 * curtain, as it does when the other seat becomes a computer's, the two
 * windows would differ. */
static void
walk_holder_sees (Table *t)
{
  g_autofree char *one = NULL;
  g_autofree char *two = NULL;

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (TestToldAgent) agent = g_object_new (TEST_TYPE_TOLD_AGENT, NULL);

      agent->hold = TRUE;
      cp_session_set_agent (session_of (t, i), t->other, CP_AGENT (agent));
      g_assert_cmpuint (cp_session_get_screen_seat (session_of (t, i)), ==, t->holder);
    }
  g_assert_true (other_knows_alike (t));
  one = screen_of (t->windows[0]);
  two = screen_of (t->windows[1]);
  g_assert_cmpstr (one, !=, two);
}

static void
test_path (gconstpointer data)
{
  const Case *c = data;
  Table t = { .spec = c->spec };
  g_auto (Twins) twins = { 0 };

  t.rand = g_rand_new_with_seed (3);
  make_twins (c->spec, &twins);
  open_table (&t, &twins);
  if (c->path == PATH_COMPUTER_MOVE)
    {
      walk_computer (&t, &twins);
      g_assert_cmpuint (t.compared, >, 0);
      close_table (&t);
      return;
    }
  make_secret_choice (&t, &twins);
  switch (c->path)
    {
    case PATH_MOVE:
      for (guint i = 0; i < 8 && step (&t); i++)
        ;
      break;
    case PATH_UNDO_ON_CURTAIN:
      walk_undo_on_curtain (&t);
      break;
    case PATH_UNDO:
    case PATH_REDO:
      walk_undo (&t, c->path == PATH_REDO);
      break;
    case PATH_REPLAY:
      walk_replay (&t);
      break;
    case PATH_OPEN:
    case PATH_RECOVER:
      walk_reopen (&t, c->path == PATH_RECOVER);
      break;
    case PATH_NEW_GAME:
      walk_new_game (&t);
      break;
    case PATH_HINT:
      walk_hint (&t);
      break;
    case PATH_TIMER:
      walk_timer (&t);
      break;
    case PATH_GAME_END:
      walk_game_end (&t);
      break;
    case PATH_HOLDER_SEES:
      walk_holder_sees (&t);
      break;
    default:
      g_assert_not_reached ();
    }
  g_test_message ("%u times alike, %u times the holder's own", t.compared, t.differed);
  if (c->path != PATH_HOLDER_SEES && c->path != PATH_GAME_END)
    g_assert_cmpuint (t.compared, >, 0);
  close_table (&t);
}


int
main (int argc, char *argv[])
{
  g_autoptr (GPtrArray) cases = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *made = g_dir_make_tmp ("cp-secrets-XXXXXX", NULL);
  /* The paths of the sample: those where secrets were once shown. */
  static const gboolean sampled[N_PATHS] = {
    [PATH_MOVE] = TRUE, [PATH_UNDO_ON_CURTAIN] = TRUE, [PATH_NEW_GAME] = TRUE, [PATH_TIMER] = TRUE,
    [PATH_HOLDER_SEES] = TRUE,
  };
  gboolean sample = g_getenv ("CP_TEST_SECRETS_SAMPLE") != NULL;
  int status;

  g_setenv ("XDG_DATA_HOME", made, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  app = cp_application_new (G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_settings_set_boolean (cp_application_get_settings (app), "animate-moves", FALSE);
  g_settings_set_enum (cp_application_get_settings (app), "computer-pace", 0);
  /* The analysis of a finished game is tested on its own (test-window). */
  g_settings_set_boolean (cp_application_get_settings (app), "analyse-finished-games", FALSE);

  for (guint s = 0; s < G_N_ELEMENTS (specs); s++)
    for (guint p = 0; p < N_PATHS; p++)
      {
        Case *c;

        if ((p == PATH_TIMER && !specs[s].timed) || (sample && !sampled[p]))
          continue;
        c = g_new0 (Case, 1);
        c->spec = &specs[s];
        c->path = (Path) p;
        g_ptr_array_add (cases, c);
        g_ptr_array_add (names, g_strdup_printf ("/secrets/%s/%s", specs[s].id, path_names[p]));
        g_test_add_data_func (g_ptr_array_index (names, names->len - 1), c, test_path);
      }
  status = g_test_run ();
  g_object_unref (app);
  g_rmdir (made);
  return status;
}
