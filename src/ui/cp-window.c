/* cp-window.c: a window for one game
 *
 * The window shows its game at the replay cursor, takes moves from the
 * board, and keeps the game safe: every change is written to the
 * autosave, and closing asks before unsaved changes are lost.
 *
 * Undo works on the window's own history of steps.  A step says how to get
 * back: keep the first `keep` actions of the log and put `actions` after
 * them.  Playing on from an earlier position keeps the moves it drops in
 * its step, so Undo brings them back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "cp-card-hand-panel.h"
#include "cp-card-play-bar.h"
#include "cp-knightmare.h"
#include "cp-move-list.h"
#include "cp-new-game-dialog.h"
#include "cp-pgn.h"
#include "cp-players-panel.h"
#include "cp-record.h"
#include "cp-rules-view.h"
#include "cp-window.h"

#define RECORD_MIME_TYPE "application/x-chess-parlour-game"
#define PGN_MIME_TYPE "application/x-chess-pgn"
#define MAX_RECENT 8

typedef struct {
  guint keep;
  GArray *actions; /* CpAction, or NULL for none */
} Step;

struct _CpWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets. */
  AdwToastOverlay *toasts;
  AdwWindowTitle *title;
  GtkStack *curtain_stack;
  AdwStatusPage *curtain;
  GtkWidget *ready_button;
  AdwFlap *flap;
  CpBoardView *board;
  GtkRevealer *prompt_revealer;
  GtkLabel *prompt_label;
  GtkWidget *end_turn_button;
  CpCardPlayBar *card_bar;
  CpCardHandPanel *hand;
  CpPlayersPanel *players;
  CpMoveList *moves;
  AdwViewStack *panel_stack;
  CpRulesView *rules;
  GMenu *recent_menu;

  GSettings *settings;
  CpGame *game;
  GFile *file;
  gboolean modified;
  CpAutosave *autosave;
  guint viewer;            /* the seat whose side of the board is at the bottom */
  guint screen_seat;       /* the seat whose secrets are shown; CP_VIEW_ALL: all are */
  guint curtain_seat;      /* the seat the curtain waits for; CP_SEAT_CHANCE: none */
  GArray *undo;            /* Step */
  GArray *redo;            /* Step */
  gboolean closing;
  gboolean showing_cards;  /* the card bar is being brought up to date */
};

G_DEFINE_FINAL_TYPE (CpWindow, cp_window, ADW_TYPE_APPLICATION_WINDOW)

static void update (CpWindow *self);

static void
step_clear (gpointer data)
{
  Step *step = data;

  g_clear_pointer (&step->actions, g_array_unref);
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
show_toast (CpWindow *self, const char *message)
{
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (message));
}

static void
show_error (CpWindow *self, const char *heading, const char *message)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static char *
display_name (GFile *file)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                                  G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info != NULL)
    return g_strdup (g_file_info_get_display_name (info));
  return g_file_get_basename (file);
}

static void
keep_safe (CpWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->modified)
    {
      cp_autosave_discard (self->autosave);
      return;
    }
  if (!cp_autosave_save (self->autosave, self->game, self->file, &error))
    show_toast (self, error->message);
}

static void
set_modified (CpWindow *self, gboolean modified)
{
  self->modified = modified;
  keep_safe (self);
  update (self);
}

static guint
rotation_for (CpWindow *self, guint seat)
{
  const CpRules *rules = cp_game_get_rules (self->game);

  if (rules->view_rotations != NULL)
    return rules->view_rotations[seat];
  return cp_game_get_n_seats (self->game) == 2 ? seat * 2 : seat;
}

/* The move to mark as the last one at @cursor: the random results, the
 * burials and the sealed choices made since do not hide it; any other
 * action does. */
static const CpAction *
last_move_before (CpGame *game, guint cursor)
{
  for (guint i = cursor; i > 0; i--)
    {
      const CpAction *action = cp_game_get_action (game, i - 1);

      if (action->type == CP_ACTION_MOVE)
        return action;
      if (action->seat != CP_SEAT_CHANCE && action->type != CP_ACTION_BURY
          && action->type != CP_ACTION_COMMIT)
        return NULL;
    }
  return NULL;
}

static void
update_title (CpWindow *self)
{
  g_autofree char *name = self->file ? display_name (self->file) : g_strdup (_("Unsaved Game"));
  g_autofree char *subtitle = self->modified ? g_strdup_printf ("• %s", name) : g_strdup (name);
  g_autofree char *title = NULL;
  const char *game = _(cp_game_get_rules (self->game)->name);

  adw_window_title_set_title (self->title, game);
  adw_window_title_set_subtitle (self->title, subtitle);
  /* Translators: the window title: the file's name and the game's */
  title = g_strdup_printf (_("%s — %s"), name, game);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
enable (CpWindow *self, const char *action, gboolean enabled)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), action, enabled);
}

static void
update_actions (CpWindow *self)
{
  const CpState *state = cp_game_get_state (self->game);
  const CpRules *rules = cp_game_get_rules (self->game);
  guint cursor = cp_game_get_cursor (self->game);
  guint n = cp_game_get_n_actions (self->game);
  gboolean playing = !cp_state_is_over (state);
  CpSeatMask pending = cp_state_pending (state);
  gboolean draws = (rules->flags & CP_RULES_DRAWS) && playing;
  CpSeatMask others_offer = (CpSeatMask) (state->draw_offer & ~pending);

  enable (self, "win.undo", self->undo->len > 0 || cp_game_get_n_actions (self->game) > cp_game_get_setup_length (self->game));
  enable (self, "win.redo", self->redo->len > 0);
  enable (self, "win.first", cursor > cp_game_get_setup_length (self->game));
  enable (self, "win.previous", cursor > cp_game_get_setup_length (self->game));
  enable (self, "win.next", cursor < n);
  enable (self, "win.last", cursor < n);
  enable (self, "win.resign", playing);
  enable (self, "win.rematch", !playing);
  enable (self, "win.offer-draw", draws && (state->draw_offer & pending) == 0 && others_offer == 0);
  enable (self, "win.accept-draw", draws && others_offer != 0);
  enable (self, "win.decline-draw", draws && others_offer != 0);
  enable (self, "win.claim-draw", playing && rules->claimable != NULL && rules->claimable (state) != CP_END_NONE);
  enable (self, "win.export-pgn", cp_pgn_can_export (self->game));
}

/* Adds the actions the seats to act in @state may take to @legal; only
 * those of @only unless it is CP_VIEW_ALL. */
static void
add_legal (const CpState *state, guint only, CpActionList *legal)
{
  g_auto (CpActionList) moves = { 0 };
  CpSeatMask pending = cp_state_pending (state);

  for (guint seat = 0; seat < state->n_seats; seat++)
    if ((pending & CP_SEAT_BIT (seat)) && (only == CP_VIEW_ALL || only == seat))
      {
        cp_state_legal (state, seat, &moves);
        for (guint i = 0; i < moves.len; i++)
          cp_action_list_append (legal, &moves.items[i]);
      }
}

/* The first seat to act in @state; CP_SEAT_CHANCE when none is. */
static guint
first_pending (const CpState *state)
{
  CpSeatMask pending = cp_state_pending (state);

  for (guint seat = 0; seat < state->n_seats; seat++)
    if (pending & CP_SEAT_BIT (seat))
      return seat;
  return CP_SEAT_CHANCE;
}

/* The legal action of @type in @legal, with @value for passes; NULL when
 * there is none. */
static const CpAction *
find_legal (const CpActionList *legal, CpActionType type, guint value)
{
  for (guint i = 0; i < legal->len; i++)
    if (legal->items[i].type == type && (type != CP_ACTION_PASS || legal->items[i].value == value))
      return &legal->items[i];
  return NULL;
}

/* Whether the game records cards played from a Knightmare Chess deck. */
static gboolean
records_cards (CpWindow *self)
{
  return g_strcmp0 (g_hash_table_lookup (cp_game_get_options (self->game), "cards"), "true") == 0;
}

/* The name of the card @seat played last before the replay cursor. */
static const char *
card_played (CpWindow *self, guint seat)
{
  for (guint i = cp_game_get_cursor (self->game); i > 0; i--)
    {
      const CpAction *action = cp_game_get_action (self->game, i - 1);

      if (action->type == CP_ACTION_CARD_NOTE && action->seat == seat)
        return action->text;
    }
  return NULL;
}

/* Where the turn of @seat stands with the cards: a card's changes are
 * being made; a card is done, and another, a move or the end of the turn
 * follows; or a card may be played.  The card phase of the state belongs
 * to the seat to move, which a resignation may have passed over. */
static CpCardStage
card_stage (CpWindow *self, const CpState *state, const CpActionList *legal, guint seat)
{
  if (!records_cards (self) || seat == CP_SEAT_CHANCE)
    return CP_CARD_STAGE_NONE;
  if (find_legal (legal, CP_ACTION_PASS, CP_KNIGHTMARE_CARD_DONE) != NULL)
    return CP_CARD_STAGE_IN_PLAY;
  if (find_legal (legal, CP_ACTION_CARD_NOTE, 0) == NULL)
    return CP_CARD_STAGE_NONE;
  if (seat == state->to_move && CP_KNIGHTMARE_STATE (state)->card_phase == CP_CARD_PHASE_DONE)
    return CP_CARD_STAGE_PLAYED;
  return CP_CARD_STAGE_READY;
}

/* Shows where the turn stands with the cards, enables the card actions,
 * and leaves in @legal what the board offers: while a card is in play,
 * the actions of the tool chosen. */
static void
show_cards (CpWindow *self, const CpState *state, CpActionList *legal)
{
  guint seat = first_pending (state);
  CpCardStage stage = card_stage (self, state, legal, seat);
  const char *player = seat < state->n_seats ? cp_player_get_name (cp_game_get_player (self->game, seat)) : NULL;
  guint kept = 0;

  self->showing_cards = TRUE;
  cp_card_play_bar_show (self->card_bar, stage, seat, player,
                         stage == CP_CARD_STAGE_IN_PLAY || stage == CP_CARD_STAGE_PLAYED
                           ? card_played (self, seat) : NULL);
  self->showing_cards = FALSE;
  enable (self, "win.play-card", stage != CP_CARD_STAGE_NONE
                                 && find_legal (legal, CP_ACTION_CARD_NOTE, 0) != NULL);
  enable (self, "win.card-done", stage == CP_CARD_STAGE_IN_PLAY);
  enable (self, "win.end-turn", (stage == CP_CARD_STAGE_PLAYED || !records_cards (self))
                                && find_legal (legal, CP_ACTION_PASS, CP_KNIGHTMARE_END_TURN) != NULL);
  for (guint i = 0; i < legal->len; i++)
    if (cp_card_play_bar_offers (self->card_bar, &legal->items[i]))
      legal->items[kept++] = legal->items[i];
  legal->len = kept;
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

/* Decides whose view the window shows.  Everything, when the game holds
 * no secrets or is over.  Otherwise the view of the seat at the screen;
 * when another seat is to act, it takes the screen at once if the two
 * see the game alike, else the curtain asks to hand the computer over. */
static void
choose_screen_seat (CpWindow *self)
{
  const CpState *state = cp_game_get_state (self->game);
  guint next = first_pending (state);

  self->curtain_seat = CP_SEAT_CHANCE;
  if (!(state->rules->flags & CP_RULES_SECRETS) || cp_state_is_over (state))
    {
      self->screen_seat = CP_VIEW_ALL;
      return;
    }
  if (next == CP_SEAT_CHANCE || next == self->screen_seat)
    return;
  /* Nobody is at the screen yet when a game has just opened: then the
   * next seat must see the game as every other seat does. */
  for (guint seat = 0; seat < state->n_seats; seat++)
    if ((self->screen_seat == CP_VIEW_ALL ? seat != next : seat == self->screen_seat)
        && !views_alike (self->game, next, seat))
      {
        self->curtain_seat = next;
        return;
      }
  self->screen_seat = next;
}

/* Covers the game, asking the next player to take the computer. */
static void
show_curtain (CpWindow *self)
{
  const char *name = cp_player_get_name (cp_game_get_player (self->game, self->curtain_seat));
  /* Translators: %s is a player's name */
  g_autofree char *title = g_strdup_printf (_("Pass to %s"), name);
  /* Translators: %s is a player's name */
  g_autofree char *body = g_strdup_printf (_("It is %s’s turn. The game stays covered until %s "
                                             "is at the screen, so that nobody sees what is not "
                                             "theirs to see."), name, name);

  adw_status_page_set_title (self->curtain, title);
  adw_status_page_set_description (self->curtain, body);
  gtk_stack_set_visible_child_name (self->curtain_stack, "curtain");
  gtk_widget_grab_focus (self->ready_button);
}

/* The seat at the screen has taken it; its side of the board turns to
 * the bottom. */
static void
ready_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);

  if (self->curtain_seat == CP_SEAT_CHANCE)
    return;
  self->screen_seat = self->curtain_seat;
  self->viewer = self->screen_seat;
  cp_board_view_set_rotation (self->board, rotation_for (self, self->viewer));
  update (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/* The sentence under the board that says what the player is to do, with
 * End Turn where the turn may end. */
static void
show_prompt (CpWindow *self, const CpState *state)
{
  guint seat = self->screen_seat != CP_VIEW_ALL ? self->screen_seat : first_pending (state);
  g_autofree char *text = NULL;
  gboolean end_turn = gtk_widget_is_sensitive (self->end_turn_button) && !records_cards (self);

  if (state->rules->prompt != NULL && seat < state->n_seats && !cp_state_is_over (state))
    text = state->rules->prompt (state, seat);
  gtk_label_set_text (self->prompt_label, text ? text : "");
  gtk_widget_set_visible (self->end_turn_button, end_turn);
  gtk_revealer_set_reveal_child (self->prompt_revealer, text != NULL || end_turn);
}

/* The cards in hand, on the table and in the piles, for games with
 * cards, with the choice of cards the seat at the screen may make. */
static void
show_hand (CpWindow *self, const CpState *state, const CpActionList *legal)
{
  const CpRules *rules = state->rules;
  CpCard choosable[CP_CARD_MAX];
  const char *names[CP_MAX_SEATS];
  const char *label = NULL;
  guint n_choosable = 0, n_to_choose = 0;
  CpCardTable table;

  gtk_widget_set_visible (GTK_WIDGET (self->hand), rules->cards != NULL);
  if (rules->cards == NULL)
    return;
  rules->cards (state, &table);
  if (self->screen_seat != CP_VIEW_ALL)
    cp_card_table_redact (&table, self->screen_seat);
  for (guint i = 0; i < legal->len; i++)
    {
      const CpAction *action = &legal->items[i];
      CpCard cards[CP_CARD_PACK_MAX];
      guint n;

      if (action->type != CP_ACTION_COMMIT && action->type != CP_ACTION_PLAY_CARD)
        continue;
      n = cp_card_unpack (action->value, cards);
      n_to_choose = n;
      label = action->type == CP_ACTION_COMMIT ? _("_Play Face Down") : _("_Lay Face Up");
      for (guint c = 0; c < n; c++)
        {
          gboolean known = FALSE;

          for (guint k = 0; k < n_choosable && !known; k++)
            known = choosable[k] == cards[c];
          if (!known)
            choosable[n_choosable++] = cards[c];
        }
    }
  for (guint seat = 0; seat < state->n_seats; seat++)
    names[seat] = cp_player_get_name (cp_game_get_player (self->game, seat));
  cp_card_hand_panel_show (self->hand, &table, state->n_seats, names, self->screen_seat,
                           choosable, n_choosable, n_to_choose, label);
}

/* Plays the cards chosen in the hand. */
static void
cards_chosen (CpWindow *self, GBytes *bytes)
{
  gsize n;
  const CpCard *cards = g_bytes_get_data (bytes, &n);
  g_autoptr (CpState) state = cp_game_state_at (self->game, cp_game_get_cursor (self->game));
  g_auto (CpActionList) legal = { 0 };
  guint32 value;

  if (n == 0 || n > CP_CARD_PACK_MAX)
    return;
  value = cp_card_pack (cards, (guint) n);
  add_legal (state, self->screen_seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if ((legal.items[i].type == CP_ACTION_COMMIT || legal.items[i].type == CP_ACTION_PLAY_CARD)
        && legal.items[i].value == value)
      {
        cp_window_play (self, &legal.items[i]);
        return;
      }
  show_toast (self, _("Those cards cannot be played now"));
}

/* The burials the seat at the screen may see. */
static void
show_burials (CpWindow *self, const CpState *state)
{
  CpBoardRenderer *renderer = cp_board_view_get_renderer (self->board);
  CpPiece buried[CP_MAX_CELLS] = { { 0 } };

  if (state->rules->buried == NULL)
    {
      cp_board_renderer_set_buried (renderer, NULL);
      return;
    }
  for (guint seat = 0; seat < state->n_seats; seat++)
    if (self->screen_seat == CP_VIEW_ALL || self->screen_seat == seat)
      {
        CpPiece grid[CP_MAX_CELLS];

        state->rules->buried (state, seat, grid);
        for (guint cell = 0; cell < CP_MAX_CELLS; cell++)
          if (grid[cell].kind != CP_PIECE_NONE)
            buried[cell] = grid[cell];
      }
  cp_board_renderer_set_buried (renderer, buried);
}

/* Shows the game at the replay cursor, with the moves the players may
 * make there. */
static void
update (CpWindow *self)
{
  g_autoptr (CpView) view = NULL;
  g_auto (CpActionList) legal = { 0 };
  const CpState *state;
  guint check = CP_NO_CELL;

  if (self->game == NULL)
    return;
  choose_screen_seat (self);
  cp_move_list_set_viewer (self->moves, self->screen_seat);
  update_title (self);
  update_actions (self);
  if (self->curtain_seat != CP_SEAT_CHANCE)
    {
      show_curtain (self);
      return;
    }
  gtk_stack_set_visible_child_name (self->curtain_stack, "game");
  view = cp_game_view (self->game, self->screen_seat);
  state = cp_view_get_state (view);
  add_legal (state, self->screen_seat, &legal);
  show_hand (self, state, &legal);
  show_cards (self, state, &legal);
  show_prompt (self, state);
  show_burials (self, state);

  cp_board_view_set_state (self->board, state, &legal);
  cp_board_view_set_last_move (self->board, last_move_before (self->game, cp_game_get_cursor (self->game)));
  if (state->rules->check_cell != NULL)
    check = state->rules->check_cell (state);
  cp_board_renderer_set_check (cp_board_view_get_renderer (self->board), check);
  cp_players_panel_show_state (self->players, state);
}

/* Plays @action at the end of the log, as a step that Undo takes back. */
static void
play_at_end (CpWindow *self, const CpAction *action, guint keep, GArray *dropped)
{
  g_autoptr (GError) error = NULL;

  if (!cp_game_play (self->game, action, &error))
    {
      if (dropped != NULL)
        g_array_unref (dropped);
      show_toast (self, error->message);
      return;
    }
  push_step (self->undo, keep, dropped);
  g_array_set_size (self->redo, 0);
  set_modified (self, TRUE);
  cp_board_view_animate_move (self->board, action);
}

typedef struct {
  CpWindow *self;
  CpAction action;
} Pending;

static void
continue_response (AdwMessageDialog *dialog, const char *response, Pending *pending)
{
  CpWindow *self = pending->self;

  if (g_str_equal (response, "continue"))
    {
      guint cursor = cp_game_get_cursor (self->game);
      GArray *dropped = actions_after (self->game, cursor);

      cp_game_truncate (self->game, cursor);
      play_at_end (self, &pending->action, cursor, dropped);
    }
  else
    update (self);
}

/**
 * cp_window_play:
 *
 * Plays @action, a legal action of the position shown.  When the replay
 * shows an earlier position, the player is asked first whether to drop
 * the later moves.
 */
void
cp_window_play (CpWindow *self, const CpAction *action)
{
  guint cursor = cp_game_get_cursor (self->game);
  guint n = cp_game_get_n_actions (self->game);
  Pending *pending;
  GtkWidget *dialog;
  g_autofree char *body = NULL;
  guint later = 0;

  g_return_if_fail (CP_IS_WINDOW (self));

  if (cursor == n)
    {
      play_at_end (self, action, n, NULL);
      return;
    }

  for (guint i = cursor; i < n; i++)
    later += cp_game_get_action (self->game, i)->seat != CP_SEAT_CHANCE;
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "The %u later move will be dropped. Undo brings it back.",
                                       "The %u later moves will be dropped. Undo brings them back.",
                                       later), later);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Continue From Here?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "continue", _("C_ontinue"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "continue",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "continue");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  /* The dialog goes with the window, so it may point at it. */
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  pending = g_new0 (Pending, 1);
  pending->self = self;
  pending->action = *action;
  g_signal_connect_data (dialog, "response", G_CALLBACK (continue_response), pending,
                         (GClosureNotify) (void (*) (void)) g_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_chosen (CpWindow *self, CpAction *action)
{
  cp_window_play (self, action);
}

static void
meta_action (CpWindow *self, CpActionType type, guint seat)
{
  CpAction action;

  cp_action_init (&action, type, seat);
  cp_game_set_cursor (self->game, cp_game_get_n_actions (self->game));
  play_at_end (self, &action, cp_game_get_n_actions (self->game), NULL);
}

static guint
seat_to_move (CpWindow *self)
{
  CpSeatMask pending = cp_state_pending (cp_game_get_state (self->game));

  return pending ? (guint) __builtin_ctz (pending) : 0;
}

/* The seat that answers another's draw offer. */
static guint
answering_seat (CpWindow *self)
{
  const CpState *state = cp_game_get_state (self->game);

  for (guint seat = 0; seat < state->n_seats; seat++)
    if (!(state->draw_offer & CP_SEAT_BIT (seat)) && !(state->out & CP_SEAT_BIT (seat)))
      return seat;
  return seat_to_move (self);
}

static void
resign_response (AdwMessageDialog *dialog, const char *response, CpWindow *self)
{
  if (g_str_equal (response, "resign"))
    meta_action (self, CP_ACTION_RESIGN, seat_to_move (self));
}

static void
resign_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  const char *player = cp_player_get_name (cp_game_get_player (self->game, seat_to_move (self)));
  g_autofree char *heading = g_strdup_printf (_("Resign for %s?"), player);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading,
                                              cp_game_get_n_seats (self->game) == 2
                                                ? _("The game ends and the other side wins.")
                                                : _("The player leaves the game; the others play on."));

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "resign", _("_Resign"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "resign", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (resign_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
offer_draw_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);

  meta_action (self, CP_ACTION_OFFER_DRAW, seat_to_move (self));
}

static void
accept_draw_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);

  meta_action (self, CP_ACTION_ACCEPT_DRAW, answering_seat (self));
}

static void
decline_draw_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);

  meta_action (self, CP_ACTION_DECLINE_DRAW, answering_seat (self));
}

static void
claim_draw_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);

  meta_action (self, CP_ACTION_CLAIM_DRAW, seat_to_move (self));
}

/* The legal action of @type (and @value, for passes) at the replay
 * cursor, copied to @found; FALSE when there is none. */
static gboolean
find_legal_at_cursor (CpWindow *self, CpActionType type, guint value, CpAction *found)
{
  g_autoptr (CpState) state = cp_game_state_at (self->game, cp_game_get_cursor (self->game));
  g_auto (CpActionList) legal = { 0 };
  const CpAction *action;

  add_legal (state, self->screen_seat, &legal);
  if ((action = find_legal (&legal, type, value)) == NULL)
    return FALSE;
  *found = *action;
  return TRUE;
}

/* Plays the pass of @value that the seat to act at the replay cursor
 * may make. */
static void
play_pass (CpWindow *self, guint value)
{
  CpAction pass;

  if (find_legal_at_cursor (self, CP_ACTION_PASS, value, &pass))
    cp_window_play (self, &pass);
}

static void
card_done_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  play_pass (CP_WINDOW (widget), CP_KNIGHTMARE_CARD_DONE);
}

static void
end_turn_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  play_pass (CP_WINDOW (widget), CP_KNIGHTMARE_END_TURN);
}

/* The name typed, without spaces around it. */
static char *
card_name (AdwMessageDialog *dialog)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));

  return g_strstrip (g_strdup (gtk_editable_get_text (entry)));
}

static void
card_name_changed (AdwMessageDialog *dialog)
{
  g_autofree char *name = card_name (dialog);

  adw_message_dialog_set_response_enabled (dialog, "play", *name != '\0');
}

static void
play_card_response (AdwMessageDialog *dialog, const char *response, CpWindow *self)
{
  g_autofree char *name = card_name (dialog);
  CpAction note;

  if (!g_str_equal (response, "play") || *name == '\0'
      || !find_legal_at_cursor (self, CP_ACTION_CARD_NOTE, 0, &note))
    return;
  note.text = g_intern_string (name);
  cp_window_play (self, &note);
}

/* Asks for the name of the card the player plays, and records it. */
static void
play_card_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  g_autoptr (CpState) state = cp_game_state_at (self->game, cp_game_get_cursor (self->game));
  guint seat = first_pending (state);
  const char *player = seat < state->n_seats ? cp_player_get_name (cp_game_get_player (self->game, seat)) : "";
  /* Translators: %s is the name of the player who plays a card */
  g_autofree char *body = g_strdup_printf (_("Which card from the Knightmare Chess deck does %s play? "
                                             "Its changes to the board follow."), player);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Play a Card"), body);
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Name of the card"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Name of the card"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "play", _("_Play"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "play", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "play", FALSE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "play");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_swapped (entry, "changed", G_CALLBACK (card_name_changed), dialog);
  g_signal_connect_object (dialog, "response", G_CALLBACK (play_card_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

/* Another tool or piece for a card's changes: the board offers its
 * actions. */
static void
card_tool_changed (CpWindow *self)
{
  if (!self->showing_cards)
    update (self);
}

/* The same game again with the same players; where the rules let a
 * player start, the loser of a two-player game does. */
static void
rematch_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  const CpRules *rules = cp_game_get_rules (self->game);
  const CpOutcome *outcome = cp_game_get_outcome (self->game);
  g_autoptr (GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  guint n_seats = cp_game_get_n_seats (self->game);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = NULL;
  CpWindow *target = self;
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, cp_game_get_options (self->game));
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (options, g_strdup (key), g_strdup (value));
  if (n_seats == 2 && outcome->status == CP_STATUS_WON && cp_rules_find_option (rules, "starts") != NULL)
    for (guint seat = 0; seat < n_seats; seat++)
      if (!(outcome->winners & CP_SEAT_BIT (seat)))
        g_hash_table_insert (options, g_strdup ("starts"), g_strdup (cp_colour_to_id (rules->colours[seat])));

  game = cp_game_new_with_rules (rules, options, n_seats, cp_random_new_seed (), &error);
  if (game == NULL)
    {
      show_toast (self, error->message);
      return;
    }
  for (guint seat = 0; seat < n_seats; seat++)
    cp_player_set_name (cp_game_get_player (game, seat), cp_player_get_name (cp_game_get_player (self->game, seat)));
  cp_game_resolve_chance (game);
  if (self->modified)
    {
      target = cp_window_new (CP_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
      gtk_window_present (GTK_WINDOW (target));
    }
  cp_window_set_game (target, game, NULL);
}

static void
undo_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  Step step, back;

  if (self->undo->len > 0)
    step = pop_step (self->undo);
  else
    {
      /* A game opened from a file: take back its last player action. */
      guint keep = cp_game_get_n_actions (self->game);

      while (keep > 0 && cp_game_get_action (self->game, keep - 1)->seat == CP_SEAT_CHANCE)
        keep--;
      if (keep <= cp_game_get_setup_length (self->game))
        return;
      step = (Step) { keep - 1, NULL };
    }
  back = restore (self->game, &step);
  step_clear (&step);
  g_array_append_val (self->redo, back);
  set_modified (self, TRUE);
}

static void
redo_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  Step step, back;

  if (self->redo->len == 0)
    return;
  step = pop_step (self->redo);
  back = restore (self->game, &step);
  step_clear (&step);
  g_array_append_val (self->undo, back);
  set_modified (self, TRUE);
}

static void
replay_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  guint cursor = cp_game_get_cursor (self->game);

  if (g_str_equal (name, "win.first"))
    cursor = cp_move_list_first_position (self->game);
  else if (g_str_equal (name, "win.previous"))
    cursor = cp_move_list_previous_position (self->game, cursor);
  else if (g_str_equal (name, "win.next"))
    cursor = cp_move_list_next_position (self->game, cursor);
  else
    cursor = cp_game_get_n_actions (self->game);
  cp_game_set_cursor (self->game, cursor);
}

static void
rotate_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);

  self->viewer = (self->viewer + 1) % cp_game_get_n_seats (self->game);
  cp_board_view_set_rotation (self->board, rotation_for (self, self->viewer));
}

/* Shows the rules beside the board; where they are not installed, the
 * help browser is the next best place. */
static void
rules_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  g_autoptr (GFile) page = cp_rules_view_find_page (cp_game_get_rules (self->game)->id);

  if (page == NULL)
    {
      cp_application_show_help (CP_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                                GTK_WINDOW (self), cp_game_get_rules (self->game)->id);
      return;
    }
  adw_view_stack_set_visible_child_name (self->panel_stack, "rules");
  adw_flap_set_reveal_flap (self->flap, TRUE);
}

static void
remember (GFile *file, const char *mime_type)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = {
    .mime_type = (char *) mime_type,
    .app_name = (char *) g_get_application_name (),
    .app_exec = (char *) "chess-parlour %u",
  };

  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

/**
 * cp_window_save_to:
 *
 * Saves the game as a record in @file, which becomes the window's file.
 */
gboolean
cp_window_save_to (CpWindow *self, GFile *file, GError **error)
{
  if (!cp_record_save (self->game, file, error))
    return FALSE;
  g_set_object (&self->file, file);
  remember (file, RECORD_MIME_TYPE);
  set_modified (self, FALSE);
  return TRUE;
}

static void
save_or_report (CpWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = display_name (file);

  if (!cp_window_save_to (self, file, &error))
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);

      show_error (self, heading, error->message);
    }
}

static void
add_filter (GtkFileChooser *chooser, const char *name, const char *mime_type, const char *pattern)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_mime_type (filter, mime_type);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (chooser, filter);
}

typedef enum {
  CHOOSE_OPEN,
  CHOOSE_SAVE,
  CHOOSE_EXPORT,
} ChooseFor;

static void
save_after_close (CpWindow *self);

static void
chooser_response (GtkNativeDialog *native, int response, CpWindow *self)
{
  ChooseFor purpose = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (native), "purpose"));
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  gtk_native_dialog_destroy (native);
  g_object_unref (native);

  if (file == NULL)
    {
      self->closing = FALSE;
      return;
    }
  switch (purpose)
    {
    case CHOOSE_OPEN:
      if (cp_window_is_pristine (self))
        cp_window_open (self, file);
      else
        cp_application_open_file (CP_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))), file);
      break;
    case CHOOSE_SAVE:
      save_or_report (self, file);
      save_after_close (self);
      break;
    case CHOOSE_EXPORT:
      {
        g_autoptr (GError) error = NULL;

        if (cp_pgn_save (self->game, file, NULL, &error))
          {
            remember (file, PGN_MIME_TYPE);
            show_toast (self, _("Exported as PGN"));
          }
        else
          show_error (self, _("Could Not Export the Game"), error->message);
      }
      break;
    }
}

static void
choose_file (CpWindow *self, ChooseFor purpose)
{
  GtkFileChooserAction mode = purpose == CHOOSE_OPEN ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE;
  const char *titles[] = { _("Open Game"), _("Save Game"), _("Export as PGN") };
  const char *accept[] = { _("_Open"), _("_Save"), _("_Export") };
  GtkFileChooserNative *native = gtk_file_chooser_native_new (titles[purpose], GTK_WINDOW (self), mode,
                                                              accept[purpose], _("_Cancel"));
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (native);

  if (purpose == CHOOSE_OPEN)
    {
      g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

      gtk_file_filter_set_name (all, _("All Games"));
      gtk_file_filter_add_mime_type (all, RECORD_MIME_TYPE);
      gtk_file_filter_add_pattern (all, "*.cpgame");
      gtk_file_filter_add_mime_type (all, PGN_MIME_TYPE);
      gtk_file_filter_add_pattern (all, "*.pgn");
      gtk_file_chooser_add_filter (chooser, all);
    }
  if (purpose != CHOOSE_EXPORT)
    add_filter (chooser, _("Chess Parlour Games"), RECORD_MIME_TYPE, "*.cpgame");
  if (purpose != CHOOSE_SAVE)
    add_filter (chooser, _("PGN Files"), PGN_MIME_TYPE, "*.pgn");

  if (purpose != CHOOSE_OPEN)
    {
      g_autofree char *name = NULL;

      if (self->file != NULL && purpose == CHOOSE_SAVE)
        gtk_file_chooser_set_file (chooser, self->file, NULL);
      else
        {
          /* Translators: the file name offered for a new game; %s is the game */
          name = g_strdup_printf (_("%s game.%s"), _(cp_game_get_rules (self->game)->name),
                                  purpose == CHOOSE_SAVE ? "cpgame" : "pgn");
          gtk_file_chooser_set_current_name (chooser, name);
        }
    }

  g_object_set_data (G_OBJECT (native), "purpose", GUINT_TO_POINTER (purpose));
  g_signal_connect (native, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
cp_window_choose_file_to_open (CpWindow *self)
{
  choose_file (self, CHOOSE_OPEN);
}

static gboolean
is_record (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, ".cpgame");
}

/* Whether @file holds PGN: by its name, or else by its first bytes. */
static gboolean
is_pgn (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr (GFileInputStream) stream = NULL;
  char head[4096];
  gssize length;

  if (name != NULL && g_str_has_suffix (name, ".pgn"))
    return TRUE;
  if (is_record (file) || (stream = g_file_read (file, NULL, NULL)) == NULL)
    return FALSE;
  length = g_input_stream_read (G_INPUT_STREAM (stream), head, sizeof head, NULL, NULL);
  return length > 0 && cp_pgn_is_pgn (head, (gsize) length);
}

static void
save_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);

  if (self->file != NULL && is_record (self->file))
    {
      save_or_report (self, self->file);
      save_after_close (self);
    }
  else
    choose_file (self, CHOOSE_SAVE);
}

static void
save_as_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  choose_file (CP_WINDOW (widget), CHOOSE_SAVE);
}

static void
export_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  choose_file (CP_WINDOW (widget), CHOOSE_EXPORT);
}

/* After a save asked for by closing, close. */
static void
save_after_close (CpWindow *self)
{
  if (self->closing && !self->modified)
    gtk_window_destroy (GTK_WINDOW (self));
  self->closing = FALSE;
}

static void
close_response (AdwMessageDialog *dialog, const char *response, CpWindow *self)
{
  if (g_str_equal (response, "discard"))
    {
      cp_autosave_discard (self->autosave);
      self->modified = FALSE;
      gtk_window_destroy (GTK_WINDOW (self));
    }
  else if (g_str_equal (response, "save"))
    {
      self->closing = TRUE;
      gtk_widget_activate_action (GTK_WIDGET (self), "win.save", NULL);
    }
}

static gboolean
cp_window_close_request (GtkWindow *window)
{
  CpWindow *self = CP_WINDOW (window);
  GtkWidget *dialog;
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  if (!self->modified)
    {
      cp_autosave_discard (self->autosave);
      return GTK_WINDOW_CLASS (cp_window_parent_class)->close_request (window);
    }

  dialog = adw_message_dialog_new (window, _("Save Changes?"),
                                   _("The game has changes that are not saved. "
                                     "Without saving, they are lost."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static void
apply_settings (CpWindow *self)
{
  /* The values of the "notation" key, in the language's own letters. */
  static const CpNotation notations[] = { CP_NOTATION_SAN_LOCAL, CP_NOTATION_LAN_LOCAL, CP_NOTATION_FIGURINE };

  cp_board_view_set_show_hints (self->board, g_settings_get_boolean (self->settings, "show-legal-moves"));
  cp_board_view_set_show_coordinates (self->board, g_settings_get_boolean (self->settings, "show-coordinates"));
  cp_board_view_set_animate (self->board, g_settings_get_boolean (self->settings, "animate-moves"));
  cp_board_view_set_theme (self->board, (CpBoardThemeId) g_settings_get_enum (self->settings, "board-theme"));
  cp_move_list_set_notation (self->moves, notations[g_settings_get_enum (self->settings, "notation") % G_N_ELEMENTS (notations)]);
}

/* Recent files: the records and PGN files Chess Parlour opened or saved
 * lately, newest first. */
static gint
newer_first (gconstpointer a, gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified (*(GtkRecentInfo **) a);
  GDateTime *tb = gtk_recent_info_get_modified (*(GtkRecentInfo **) b);

  return g_date_time_compare (tb, ta);
}

static void
update_recent (CpWindow *self)
{
  g_autolist (GtkRecentInfo) items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr (GPtrArray) ours = g_ptr_array_new ();

  for (GList *l = items; l; l = l->next)
    {
      const char *mime = gtk_recent_info_get_mime_type (l->data);

      if ((g_strcmp0 (mime, RECORD_MIME_TYPE) == 0 || g_strcmp0 (mime, PGN_MIME_TYPE) == 0)
          && gtk_recent_info_has_application (l->data, g_get_application_name ())
          && gtk_recent_info_exists (l->data))
        g_ptr_array_add (ours, l->data);
    }
  g_ptr_array_sort (ours, newer_first);

  g_menu_remove_all (self->recent_menu);
  for (guint i = 0; i < ours->len && i < MAX_RECENT; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (ours, i);
      g_autoptr (GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);

      g_menu_item_set_action_and_target (item, "app.open-recent", "s", gtk_recent_info_get_uri (info));
      g_menu_append_item (self->recent_menu, item);
    }
  /* An item without an action shows greyed out. */
  if (ours->len == 0)
    g_menu_append (self->recent_menu, _("No Recent Games"), NULL);
}

static gboolean
file_dropped (GtkDropTarget *target, const GValue *value, double x, double y, CpWindow *self)
{
  GFile *file = g_value_get_object (value);

  if (cp_window_is_pristine (self))
    cp_window_open (self, file);
  else
    cp_application_open_file (CP_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))), file);
  return TRUE;
}

static void
cursor_changed (CpWindow *self)
{
  update (self);
}

static void
cp_window_dispose (GObject *object)
{
  CpWindow *self = CP_WINDOW (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CP_TYPE_WINDOW);
  G_OBJECT_CLASS (cp_window_parent_class)->dispose (object);
}

static void
cp_window_finalize (GObject *object)
{
  CpWindow *self = CP_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->game);
  g_clear_object (&self->file);
  g_clear_object (&self->autosave);
  g_clear_pointer (&self->undo, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);
  G_OBJECT_CLASS (cp_window_parent_class)->finalize (object);
}

static void
cp_window_class_init (CpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);
  static const char *const replay[] = { "win.first", "win.previous", "win.next", "win.last" };

  object_class->dispose = cp_window_dispose;
  object_class->finalize = cp_window_finalize;
  window_class->close_request = cp_window_close_request;

  g_type_ensure (CP_TYPE_BOARD_VIEW);
  g_type_ensure (CP_TYPE_CARD_HAND_PANEL);
  g_type_ensure (CP_TYPE_CARD_PLAY_BAR);
  g_type_ensure (CP_TYPE_MOVE_LIST);
  g_type_ensure (CP_TYPE_PLAYERS_PANEL);
  g_type_ensure (CP_TYPE_RULES_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/chess_parlour/ChessParlour/ui/cp-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CpWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, title);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, curtain_stack);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, curtain);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, ready_button);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, board);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, prompt_revealer);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, prompt_label);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, end_turn_button);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, card_bar);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, hand);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, players);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, moves);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, panel_stack);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, rules);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, recent_menu);
  gtk_widget_class_bind_template_callback (widget_class, action_chosen);
  gtk_widget_class_bind_template_callback (widget_class, cards_chosen);

  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_activated);
  gtk_widget_class_install_action (widget_class, "win.export-pgn", NULL, export_activated);
  gtk_widget_class_install_action (widget_class, "win.rematch", NULL, rematch_activated);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "win.rotate", NULL, rotate_activated);
  gtk_widget_class_install_action (widget_class, "win.rules", NULL, rules_activated);
  gtk_widget_class_install_action (widget_class, "win.resign", NULL, resign_activated);
  gtk_widget_class_install_action (widget_class, "win.offer-draw", NULL, offer_draw_activated);
  gtk_widget_class_install_action (widget_class, "win.accept-draw", NULL, accept_draw_activated);
  gtk_widget_class_install_action (widget_class, "win.decline-draw", NULL, decline_draw_activated);
  gtk_widget_class_install_action (widget_class, "win.claim-draw", NULL, claim_draw_activated);
  gtk_widget_class_install_action (widget_class, "win.play-card", NULL, play_card_activated);
  gtk_widget_class_install_action (widget_class, "win.card-done", NULL, card_done_activated);
  gtk_widget_class_install_action (widget_class, "win.end-turn", NULL, end_turn_activated);
  gtk_widget_class_install_action (widget_class, "win.ready", NULL, ready_activated);
  for (guint i = 0; i < G_N_ELEMENTS (replay); i++)
    gtk_widget_class_install_action (widget_class, replay[i], NULL, replay_activated);

  /* Replay keys act when the focus does not use them itself: on the board
   * the arrow keys move its cursor. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "win.first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "win.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "win.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "win.last", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "win.next", NULL);
}

static void
cp_window_init (CpWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_stack_set_visible_child_name (self->curtain_stack, "game");
  self->screen_seat = CP_VIEW_ALL;
  self->curtain_seat = CP_SEAT_CHANCE;
  self->undo = g_array_new (FALSE, FALSE, sizeof (Step));
  self->redo = g_array_new (FALSE, FALSE, sizeof (Step));
  g_array_set_clear_func (self->undo, step_clear);
  g_array_set_clear_func (self->redo, step_clear);
  self->autosave = cp_autosave_new ();

  g_signal_connect (drop, "drop", G_CALLBACK (file_dropped), self);
  g_signal_connect_swapped (self->card_bar, "notify::tool", G_CALLBACK (card_tool_changed), self);
  g_signal_connect_swapped (self->card_bar, "notify::piece-owner", G_CALLBACK (card_tool_changed), self);
  g_signal_connect_swapped (self->card_bar, "notify::piece-kind", G_CALLBACK (card_tool_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  g_signal_connect_object (gtk_recent_manager_get_default (), "changed", G_CALLBACK (update_recent),
                           self, G_CONNECT_SWAPPED);
  update_recent (self);

  /* Keyboard players start on the board. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->board));
}

/**
 * cp_window_new:
 *
 * A window with a new game of the game last played, with the settings'
 * size.
 */
CpWindow *
cp_window_new (CpApplication *app)
{
  CpWindow *self = g_object_new (CP_TYPE_WINDOW, "application", app, NULL);
  g_autofree char *last = NULL;
  g_autoptr (CpGame) game = NULL;

  self->settings = g_object_ref (cp_application_get_settings (app));
  gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (apply_settings), self, G_CONNECT_SWAPPED);
  apply_settings (self);

  last = g_settings_get_string (self->settings, "last-game");
  game = cp_game_new (last, NULL, cp_rules_lookup (last) ? cp_rules_lookup (last)->min_seats : 2,
                      cp_random_new_seed (), NULL);
  if (game == NULL)
    game = cp_game_new ("chess", NULL, 2, cp_random_new_seed (), NULL);
  cp_game_resolve_chance (game);
  cp_window_set_game (self, game, NULL);
  return self;
}

/* Shows the cells the rules give a meaning of their own: the zones whose
 * names end in "-castle" tinted, the borders of those ending in
 * "-territory" (what cards refer to) dashed. */
static void
show_zones (CpWindow *self, CpBoard *board)
{
  CpBoardRenderer *renderer = cp_board_view_get_renderer (self->board);
  g_auto (GStrv) zones = cp_board_list_zones (board);
  CpCellSet cells = { { 0 } };
  guint8 areas[CP_MAX_CELLS] = { 0 };
  guint n_areas = 0;

  for (guint i = 0; zones[i]; i++)
    {
      const CpCellSet *zone = cp_board_get_zone (board, zones[i]);

      if (g_str_has_suffix (zones[i], "-castle"))
        for (guint w = 0; w < G_N_ELEMENTS (cells.bits); w++)
          cells.bits[w] |= zone->bits[w];
      else if (g_str_has_suffix (zones[i], "-territory"))
        {
          n_areas++;
          for (guint c = 0; c < CP_MAX_CELLS; c++)
            if (cp_cell_set_contains (zone, c))
              areas[c] = (guint8) n_areas;
        }
    }
  cp_board_renderer_set_zone (renderer, &cells);
  cp_board_renderer_set_areas (renderer, n_areas > 0 ? areas : NULL);
}

/**
 * cp_window_set_game:
 * @file: (nullable): the file the game was read from
 *
 * Shows @game, at its end, as unchanged.
 */
void
cp_window_set_game (CpWindow *self, CpGame *game, GFile *file)
{
  CpColour colours[CP_MAX_SEATS];
  guint n_seats = cp_game_get_n_seats (game);

  g_return_if_fail (CP_IS_WINDOW (self));

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  g_set_object (&self->file, file);
  g_array_set_size (self->undo, 0);
  g_array_set_size (self->redo, 0);
  self->viewer = 0;
  self->screen_seat = CP_VIEW_ALL;

  for (guint seat = 0; seat < n_seats; seat++)
    colours[seat] = cp_player_get_colour (cp_game_get_player (game, seat));
  cp_board_view_set_colours (self->board, colours, n_seats);
  cp_card_play_bar_set_seats (self->card_bar, colours, n_seats);
  cp_board_view_set_rotation (self->board, rotation_for (self, 0));
  show_zones (self, cp_game_get_state (game)->board);
  cp_players_panel_set_game (self->players, game);
  cp_rules_view_show_page (self->rules, cp_game_get_rules (game)->id, NULL);
  cp_move_list_set_game (self->moves, game);
  cp_game_set_cursor (game, cp_game_get_n_actions (game));
  g_signal_connect_swapped (game, "notify::cursor", G_CALLBACK (cursor_changed), self);
  self->modified = FALSE;
  keep_safe (self);
  update (self);
}

CpGame *
cp_window_get_game (CpWindow *self)
{
  return self->game;
}

GFile *
cp_window_get_file (CpWindow *self)
{
  return self->file;
}

gboolean
cp_window_get_modified (CpWindow *self)
{
  return self->modified;
}

/* Whether the window shows a new game nobody has played yet. */
gboolean
cp_window_is_pristine (CpWindow *self)
{
  return self->file == NULL && !self->modified
         && cp_game_get_n_actions (self->game) == cp_game_get_setup_length (self->game);
}

typedef struct {
  CpWindow *self;
  GPtrArray *games;
  GtkWidget *list;
} PgnChoice;

static void
pgn_choice_response (AdwMessageDialog *dialog, const char *response, PgnChoice *choice)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (GTK_LIST_BOX (choice->list));

  if (g_str_equal (response, "open") && row != NULL)
    cp_window_set_game (choice->self, g_ptr_array_index (choice->games, gtk_list_box_row_get_index (row)), NULL);
}

static void
pgn_choice_free (PgnChoice *choice)
{
  g_ptr_array_unref (choice->games);
  g_free (choice);
}

static char *
describe_pgn_game (CpGame *game)
{
  GHashTable *tags = cp_game_get_tags (game);
  const char *event = g_hash_table_lookup (tags, "Event");
  const char *date = g_hash_table_lookup (tags, "Date");
  GString *text = g_string_new (NULL);

  /* Translators: the players of a game in a PGN file, such as "Anna – Ben" */
  g_string_printf (text, _("%s – %s"), cp_player_get_name (cp_game_get_player (game, 0)),
                   cp_player_get_name (cp_game_get_player (game, 1)));
  if (event != NULL)
    g_string_append_printf (text, " · %s", event);
  if (date != NULL)
    g_string_append_printf (text, " · %s", date);
  return g_string_free (text, FALSE);
}

/* A PGN file with several games: the player picks one. */
static void
choose_pgn_game (CpWindow *self, GPtrArray *games, GFile *file)
{
  g_autofree char *name = display_name (file);
  g_autofree char *holds = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "“%s” holds %u game.",
                                                         "“%s” holds %u games.", games->len),
                                            name, games->len);
  g_autofree char *body = g_strdup_printf ("%s %s", holds, _("Which one do you want to open?"));
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Choose a Game"), body);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  PgnChoice *choice = g_new0 (PgnChoice, 1);

  choice->self = self;
  choice->games = g_ptr_array_ref (games);
  choice->list = gtk_list_box_new ();
  gtk_widget_add_css_class (choice->list, "boxed-list");
  for (guint i = 0; i < games->len; i++)
    {
      g_autofree char *text = describe_pgn_game (g_ptr_array_index (games, i));
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_margin_start (label, 12);
      gtk_widget_set_margin_end (label, 12);
      gtk_widget_set_margin_top (label, 8);
      gtk_widget_set_margin_bottom (label, 8);
      gtk_list_box_append (GTK_LIST_BOX (choice->list), label);
    }
  gtk_list_box_select_row (GTK_LIST_BOX (choice->list), gtk_list_box_get_row_at_index (GTK_LIST_BOX (choice->list), 0));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), choice->list);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 320);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scroller);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "open", _("_Open"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "open", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "open");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_data (dialog, "response", G_CALLBACK (pgn_choice_response), choice,
                         (GClosureNotify) (void (*) (void)) pgn_choice_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * cp_window_open:
 *
 * Shows the game of a record or of a PGN file; one that cannot be read is
 * explained in a dialog, and the window keeps what it had.
 */
void
cp_window_open (CpWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (CpGame) game = NULL;

  if (is_pgn (file))
    {
      if ((games = cp_pgn_load (file, NULL, &error)) != NULL)
        {
          remember (file, PGN_MIME_TYPE);
          if (games->len == 1)
            cp_window_set_game (self, g_ptr_array_index (games, 0), NULL);
          else
            choose_pgn_game (self, games, file);
          return;
        }
    }
  else if ((game = cp_record_load (file, &error)) != NULL)
    {
      remember (file, RECORD_MIME_TYPE);
      cp_window_set_game (self, game, file);
      return;
    }

  {
    g_autofree char *name = display_name (file);
    g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);

    show_error (self, heading, error->message);
  }
}

/**
 * cp_window_recover:
 *
 * Shows a game that an earlier run of the program was playing when it
 * stopped, with its changes still unsaved.
 */
void
cp_window_recover (CpWindow *self, CpAutosave *autosave)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_autosave_load (autosave, &error);

  if (game == NULL)
    {
      show_error (self, _("Could Not Recover a Game"), error->message);
      return;
    }
  g_set_object (&self->autosave, autosave);
  cp_window_set_game (self, game, cp_autosave_get_original (autosave));
  set_modified (self, TRUE);
  show_toast (self, _("An unsaved game was recovered"));
}

static void
new_game_chosen (CpNewGameDialog *dialog, CpGame *game, CpWindow *self)
{
  CpWindow *target = self;

  g_settings_set_string (self->settings, "last-game", cp_game_get_rules (game)->id);
  if (!cp_window_is_pristine (self))
    {
      target = cp_window_new (CP_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
      gtk_window_present (GTK_WINDOW (target));
    }
  cp_window_set_game (target, game, NULL);
  if (cp_game_get_rules (game)->flags & CP_RULES_DRAWN_SEATS)
    {
      /* Translators: %s: a player's name; %s: the side they play, such
       * as "White" */
      g_autofree char *drawn = g_strdup_printf (_("Drawn at random: %s plays %s"),
                                                cp_player_get_name (cp_game_get_player (game, 0)),
                                                cp_rules_seat_name (cp_game_get_rules (game), 0));

      show_toast (target, drawn);
    }
}

void
cp_window_show_new_game (CpWindow *self)
{
  CpNewGameDialog *dialog = cp_new_game_dialog_new (self->settings);

  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  g_signal_connect_object (dialog, "game-chosen", G_CALLBACK (new_game_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

CpBoardView *
cp_window_get_board (CpWindow *self)
{
  return self->board;
}

/**
 * cp_window_get_curtain_seat:
 *
 * The seat the curtain waits for, or CP_SEAT_CHANCE when the game shows.
 */
guint
cp_window_get_curtain_seat (CpWindow *self)
{
  return self->curtain_seat;
}

/**
 * cp_window_get_screen_seat:
 *
 * The seat whose view the window shows, or CP_VIEW_ALL.
 */
guint
cp_window_get_screen_seat (CpWindow *self)
{
  return self->screen_seat;
}

CpCardPlayBar *
cp_window_get_card_bar (CpWindow *self)
{
  return self->card_bar;
}

GtkWidget *
cp_window_get_move_list (CpWindow *self)
{
  return GTK_WIDGET (self->moves);
}

GtkWidget *
cp_window_get_players_panel (CpWindow *self)
{
  return GTK_WIDGET (self->players);
}

GtkWidget *
cp_window_get_hand_panel (CpWindow *self)
{
  return GTK_WIDGET (self->hand);
}

GtkWidget *
cp_window_get_rules_view (CpWindow *self)
{
  return GTK_WIDGET (self->rules);
}

CpAutosave *
cp_window_get_autosave (CpWindow *self)
{
  return self->autosave;
}
