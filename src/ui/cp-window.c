/* cp-window.c: a window for one game
 *
 * The window lays out the board, the panels and the curtain, and follows
 * its session: whenever the session says that something changed, it
 * shows the session's view of the game at the replay cursor, with what
 * the game's presentation adds (marks on cells, things beside the
 * players, the prompt and its buttons, the cards), and offers the
 * actions the session lists.  The title, Undo and Redo, the curtain and
 * the computer thinking follow the session's properties.  A signal group
 * and a binding group hold what follows the session, so that a new game
 * is a new target for them.  It knows no game: all that comes from the
 * session.  Its actions are in cp-window-actions.c, its files in
 * cp-window-files.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-accessible.h"
#include "cp-board-legend.h"
#include "cp-engine.h"
#include "cp-engine-list.h"
#include "cp-new-game-dialog.h"
#include "cp-text.h"
#include "cp-window-private.h"

G_DEFINE_FINAL_TYPE (CpWindow, cp_window, ADW_TYPE_APPLICATION_WINDOW)

static void show_prompt (CpWindow *self, const CpPresentation *presentation);
static void show_curtain (CpWindow *self, guint seat);
static void update (CpWindow *self);

/* Takes the notice away, and brings the prompt back. */
static void
clear_notice (CpWindow *self)
{
  g_clear_handle_id (&self->notice_source, g_source_remove);
  g_clear_pointer (&self->notice, g_free);
  if (self->session != NULL)
    show_prompt (self, cp_session_get_presentation (self->session));
}

static gboolean
notice_over (gpointer data)
{
  CpWindow *self = data;

  self->notice_source = 0;
  clear_notice (self);
  return G_SOURCE_REMOVE;
}

/**
 * _cp_window_show_notice:
 * @refusal: whether @message says why something cannot be done
 *
 * Says @message in the prompt's place under the board for a few
 * seconds, where it covers no control; while the curtain is down, on the
 * curtain until it lifts.
 */
void
_cp_window_show_notice (CpWindow *self, const char *message, gboolean refusal)
{
  guint curtain_seat = cp_session_get_curtain_seat (self->session);

  if (curtain_seat != CP_NO_SEAT)
    {
      g_free (self->curtain_note);
      self->curtain_note = g_strdup (message);
      show_curtain (self, curtain_seat);
      return;
    }
  g_clear_handle_id (&self->notice_source, g_source_remove);
  g_free (self->notice);
  self->notice = g_strdup (message);
  self->notice_refusal = refusal;
  self->notice_source = g_timeout_add_seconds (refusal ? 3 : 5, notice_over, self);
  show_prompt (self, cp_session_get_presentation (self->session));
}

void
_cp_window_show_error (CpWindow *self, const char *heading, const char *message)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The quarter turns that bring @seat's side of the board to the bottom. */
guint
_cp_window_rotation_for (CpWindow *self, guint seat)
{
  CpGame *game = cp_session_get_game (self->session);
  const CpRules *rules = cp_game_get_rules (game);

  if (rules->view_rotations != NULL)
    return rules->view_rotations[seat];
  /* Half turns only, so that the files run across the screen. */
  return (seat % 2) * 2;
}

/* The game's name, and the file's marked when the game has changes. */
static void
update_title (CpWindow *self)
{
  const char *name = self->file_name;
  g_autofree char *subtitle = NULL;
  g_autofree char *title = NULL;
  const char *game = _(cp_game_get_rules (cp_session_get_game (self->session))->name);

  subtitle = cp_session_get_modified (self->session) ? g_strdup_printf ("• %s", name) : g_strdup (name);
  adw_window_title_set_title (self->title, game);
  adw_window_title_set_subtitle (self->title, subtitle);
  /* Translators: the window title: the file's name and the game's */
  title = g_strdup_printf (_("%s — %s"), name, game);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

/* The file's name is asked for when the file changes, not at every move. */
static void
file_changed (CpWindow *self)
{
  GFile *file = cp_session_get_file (self->session);

  g_free (self->file_name);
  self->file_name = file ? cp_text_file_name (file) : g_strdup (_("Unsaved Game"));
  update_title (self);
}

/* Covers the game, asking the next player to take the computer. */
static void
show_curtain (CpWindow *self, guint seat)
{
  const char *name = cp_player_get_name (cp_game_get_player (cp_session_get_game (self->session), seat));
  /* Translators: %s is a player's name */
  g_autofree char *title = g_strdup_printf (_("Pass to %s"), name);
  g_autofree char *prompt = cp_session_get_curtain_prompt (self->session);
  const char *taken_back = cp_session_get_taken_back (self->session);
  const char *note = self->curtain_note != NULL ? self->curtain_note : taken_back;
  g_autofree char *body = NULL;

  /* What is pending may be less than a turn: the rules' prompt says what. */
  if (prompt != NULL)
    /* Translators: %s is a player's name; then what the rules ask of them */
    body = g_strdup_printf (_("%s is to act: %s. The game stays covered until %s is at the screen, "
                              "so that nobody sees what is not theirs to see."), name, prompt, name);
  else
    /* Translators: %s is a player's name */
    body = g_strdup_printf (_("It is %s’s turn. The game stays covered until %s "
                              "is at the screen, so that nobody sees what is not "
                              "theirs to see."), name, name);

  adw_status_page_set_title (self->curtain, title);
  if (note != NULL)
    {
      g_autofree char *both = g_strdup_printf ("%s\n\n%s", note, body);

      adw_status_page_set_description (self->curtain, both);
    }
  else
    adw_status_page_set_description (self->curtain, body);
  /* The curtain falls at once: the game it covers fades in only when it
   * lifts. */
  gtk_stack_set_visible_child_full (self->curtain_stack, "curtain", GTK_STACK_TRANSITION_TYPE_NONE);
  /* Enter hands the screen over, also before the window is shown. */
  gtk_window_set_focus (GTK_WINDOW (self), self->ready_button);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->ready_button);
}

/* Shows where the turn stands with cards played from a physical deck,
 * and leaves in @legal what the board offers: while a card is in play,
 * the actions of the tool chosen. */
static void
show_card_notes (CpWindow *self, const CpPresentation *presentation, CpActionList *legal)
{
  CpGame *game = cp_session_get_game (self->session);
  guint seat = presentation->card_note_seat;
  const char *player = seat < cp_game_get_n_seats (game) ? cp_player_get_name (cp_game_get_player (game, seat)) : NULL;
  guint kept = 0;

  self->showing_cards = TRUE;
  cp_card_note_bar_set_past (self->card_bar, !cp_game_cursor_at_end (game));
  cp_card_note_bar_show (self->card_bar, presentation->card_note_stage, seat, player, presentation->card_note);
  self->showing_cards = FALSE;
  for (guint i = 0; i < legal->len; i++)
    if (cp_card_note_bar_offers (self->card_bar, &legal->items[i]))
      legal->items[kept++] = legal->items[i];
  legal->len = kept;
}

/* More buttons than this go under the sentence rather than beside it,
 * which would leave the sentence a narrow column. */
#define PROMPT_BUTTONS_BESIDE 3

/* The sentence under the board that says what the player is to do, with
 * the buttons of the actions that are not made on the board, the one a
 * hint suggests marked.  While cards from a physical deck are recorded,
 * their bar has the buttons. */
/* A button of the prompt that activates the window's or the
 * application's @action. */
static void
add_prompt_action (CpWindow *self, const char *label, const char *action)
{
  GtkWidget *widget = cp_accessible_mnemonic_button_new (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (widget), action);
  gtk_box_append (GTK_BOX (self->prompt_buttons), widget);
}

/* What the person may do beside the game's own buttons: pass the screen
 * on once they have read what their turn did, make the computer move now,
 * go back to the game from an earlier position, and at the end start a
 * new game, replay it or save it. */
static guint
add_next_steps (CpWindow *self)
{
  CpGame *game = cp_session_get_game (self->session);

  if (cp_session_get_turn_report (self->session) != NULL)
    {
      add_prompt_action (self, _("_Pass On"), "win.pass-on");
      return 1;
    }
  if (!cp_game_cursor_at_end (game))
    {
      add_prompt_action (self, _("_Back to the Game"), "win.last");
      return 1;
    }
  if (cp_session_get_thinking_seat (self->session) != CP_NO_SEAT)
    {
      add_prompt_action (self, _("_Move Now"), "win.move-now");
      return 1;
    }
  if (!cp_state_is_over (cp_game_get_state (game)))
    return 0;
  add_prompt_action (self, _("_New Game…"), "app.new-game");
  add_prompt_action (self, _("_Replay"), "win.first");
  if (!cp_session_get_modified (self->session))
    return 2;
  add_prompt_action (self, _("_Save…"), "win.save");
  return 3;
}

/* Assistive technologies read the last action played before the prompt,
 * and hear of each new one as the prompt's name changes: GTK 4.8 has no
 * other way to tell them. */
static void
name_prompt (CpWindow *self)
{
  const char *text = gtk_label_get_text (self->prompt_label);
  /* Translators: what a screen reader reads under the board: the last
   * action played, then what to do now */
  g_autofree char *name = self->announcement != NULL ? g_strdup_printf (_("%s. %s"), self->announcement, text)
                                                     : g_strdup (text);

  /* Each change is heard: not the same words again. */
  if (g_strcmp0 (name, self->prompt_name) == 0)
    return;
  g_free (self->prompt_name);
  self->prompt_name = g_steal_pointer (&name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->prompt_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  self->prompt_name, -1);
}

static void
show_prompt (CpWindow *self, const CpPresentation *presentation)
{
  gboolean buttons = presentation->card_note_stage == CP_CARD_NOTE_NONE && presentation->buttons->len > 0;
  CpAction hint;
  gboolean hinted = cp_session_get_hint (self->session, &hint);
  GtkWidget *child;
  g_autofree char *prompt = cp_session_dup_prompt (self->session);
  const char *text = self->notice != NULL ? self->notice : prompt;
  guint n_buttons = 0;

  gtk_label_set_text (self->prompt_label, text);
  if (self->notice != NULL && self->notice_refusal)
    gtk_widget_add_css_class (GTK_WIDGET (self->prompt_label), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->prompt_label), "warning");
  while ((child = gtk_widget_get_first_child (self->prompt_buttons)) != NULL)
    gtk_box_remove (GTK_BOX (self->prompt_buttons), child);
  for (guint i = 0; buttons && i < presentation->buttons->len; i++)
    {
      const CpButton *button = &g_array_index (presentation->buttons, CpButton, i);
      GtkWidget *widget = cp_accessible_mnemonic_button_new (button->label);

      if (button->tooltip != NULL)
        {
          gtk_widget_set_tooltip_text (widget, button->tooltip);
          gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, button->tooltip, -1);
        }
      gtk_actionable_set_action_name (GTK_ACTIONABLE (widget), "win.button");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (widget), "s", button->id);
      if (hinted && cp_action_same (&button->action, &hint))
        gtk_widget_add_css_class (widget, "suggested-action");
      gtk_box_append (GTK_BOX (self->prompt_buttons), widget);
      n_buttons++;
    }
  n_buttons += add_next_steps (self);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->prompt_box),
                                  n_buttons > PROMPT_BUTTONS_BESIDE
                                    ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_revealer_set_reveal_child (self->prompt_revealer, TRUE);
  name_prompt (self);
}

/* The cards of the hand that @action plays, or 0 when it is not made by
 * choosing cards there: a sealed choice of something else than cards (a
 * bid) is made with the prompt's buttons. */
static guint
cards_of_choice (const CpPresentation *presentation, const CpAction *action, CpCard *cards)
{
  guint n;

  if (action->type != CP_ACTION_COMMIT && action->type != CP_ACTION_PLAY_CARD
      && action->type != CP_ACTION_DISCARD)
    return 0;
  n = cp_card_unpack (action->value, cards);
  for (guint c = 0; c < n && action->seat < CP_MAX_SEATS; c++)
    if (!cp_hand_contains (&presentation->cards.hand[action->seat], cards[c]))
      return 0;
  return n;
}

static gboolean
is_card_choice (const CpPresentation *presentation, const CpAction *action)
{
  CpCard cards[CP_CARD_PACK_MAX];

  return cards_of_choice (presentation, action, cards) > 0;
}

/* The cards in hand, on the table and in the piles, for games with
 * cards, with the choice of cards the seat at the screen may make. */
static void
show_hand (CpWindow *self, const CpPresentation *presentation, const CpActionList *legal)
{
  CpGame *game = cp_session_get_game (self->session);
  guint n_seats = cp_game_get_n_seats (game);
  CpCard choosable[CP_CARD_MAX];
  const char *names[CP_MAX_SEATS];
  const char *label = NULL;
  guint n_choosable = 0, n_to_choose = 0;

  gtk_widget_set_visible (GTK_WIDGET (self->hand), presentation->has_cards);
  for (guint seat = 0; seat < n_seats; seat++)
    names[seat] = cp_player_get_name (cp_game_get_player (game, seat));
  /* Hidden, the panel keeps no cards: behind the curtain it holds
   * nobody's. */
  if (!presentation->has_cards)
    {
      cp_card_hand_panel_show (self->hand, &presentation->cards, n_seats, names,
                               cp_session_get_screen_seat (self->session), NULL, 0, 0, NULL);
      return;
    }
  for (guint i = 0; i < legal->len; i++)
    {
      const CpAction *action = &legal->items[i];
      CpCard cards[CP_CARD_PACK_MAX];
      guint n = cards_of_choice (presentation, action, cards);

      if (n == 0)
        continue;
      n_to_choose = n;
      if (action->type == CP_ACTION_COMMIT)
        label = _("_Play Face Down");
      else if (action->type == CP_ACTION_DISCARD)
        /* Translators: the button that discards the cards chosen */
        label = C_("cards", "_Discard");
      else if (action->n_cells > 0)
        /* The card is played on a piece, picked next on the board. */
        label = _("_Play Card");
      else if (label == NULL)
        label = _("_Lay Face Up");
      for (guint c = 0; c < n; c++)
        {
          gboolean known = FALSE;

          for (guint k = 0; k < n_choosable && !known; k++)
            known = choosable[k] == cards[c];
          if (!known)
            choosable[n_choosable++] = cards[c];
        }
    }
  /* The game may say where the cards chosen go. */
  if (label != NULL && presentation->card_button != NULL)
    label = presentation->card_button;
  cp_card_hand_panel_show (self->hand, &presentation->cards, n_seats, names,
                           cp_session_get_screen_seat (self->session),
                           choosable, n_choosable, n_to_choose, label);
}

/* Below this width the side panel folds away over the board, so that the
 * board keeps its size. */
#define FOLD_WIDTH 900

/* Whether the window is narrower than the board and the side panel side
 * by side, or is about to show so. */
static gboolean
narrow (CpWindow *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self)), height;

  if (width == 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  return width < FOLD_WIDTH;
}

/* Puts the game's tables beside the board (horizontal) or below it. */
static void
place_tables (CpWindow *self, GtkOrientation orientation)
{
  gboolean below = orientation == GTK_ORIENTATION_VERTICAL;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->board_box), orientation);
  gtk_widget_set_margin_start (GTK_WIDGET (self->grids), below ? 12 : 0);
  gtk_widget_set_margin_top (GTK_WIDGET (self->grids), below ? 0 : 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->grids), below ? 12 : 0);
}

/* The tables beside the board, with the pieces in their players' colours. */
static void
show_grids (CpWindow *self, const CpPresentation *presentation, const CpActionList *legal)
{
  CpGame *game = cp_session_get_game (self->session);
  CpColour colours[CP_MAX_SEATS] = { 0 };

  for (guint seat = 0; seat < cp_game_get_n_seats (game); seat++)
    colours[seat] = cp_player_get_colour (cp_game_get_player (game, seat));
  cp_grid_panel_show (self->grids, presentation, colours, legal);
  /* In a narrow window the tables go below the board before they are
   * first laid out beside it, which would widen the window. */
  if (narrow (self))
    place_tables (self, GTK_ORIENTATION_VERTICAL);
}

/* Plays the cards chosen in the hand. */
static void
cards_chosen (CpWindow *self, GBytes *bytes)
{
  gsize n;
  const CpCard *cards = g_bytes_get_data (bytes, &n);
  const CpActionList *legal = cp_session_get_legal (self->session);
  const CpPresentation *presentation = cp_session_get_presentation (self->session);
  guint32 value;

  if (n == 0 || n > CP_CARD_PACK_MAX)
    return;
  value = cp_card_pack (cards, (guint) n);
  for (guint i = 0; i < legal->len; i++)
    {
      const CpAction *action = &legal->items[i];
      gboolean alone = TRUE;

      if (!is_card_choice (presentation, action) || action->value != value)
        continue;
      for (guint j = i + 1; j < legal->len && alone; j++)
        alone = !is_card_choice (presentation, &legal->items[j]) || legal->items[j].value != value;
      if (action->n_cells == 0 || alone)
        {
          cp_window_play (self, action);
          return;
        }
      /* Played on one of several cells: the board offers them. */
      self->chosen_cards = value;
      update (self);
      _cp_window_show_notice (self, _("Choose the piece to play the card on"), FALSE);
      return;
    }
  _cp_window_show_notice (self, _("Those cards cannot be played now"), TRUE);
}

/* Leaves to the board the actions made there: cards played on a cell
 * only once they are chosen in the hand, and then nothing else. */
static void
board_choices (CpWindow *self, const CpPresentation *presentation, CpActionList *legal)
{
  guint kept = 0;
  gboolean chosen = FALSE;

  for (guint i = 0; i < legal->len; i++)
    chosen |= is_card_choice (presentation, &legal->items[i]) && legal->items[i].value == self->chosen_cards;
  if (!chosen)
    self->chosen_cards = 0;
  for (guint i = 0; i < legal->len; i++)
    {
      const CpAction *action = &legal->items[i];
      gboolean card = is_card_choice (presentation, action) && action->n_cells > 0;

      if (chosen ? card && action->value == self->chosen_cards : !card)
        legal->items[kept++] = *action;
    }
  legal->len = kept;
}

/* The time the players allow for a secret choice, in seconds (the values
 * of the "secret-choice-time" key); 0: no limit. */
static guint
choice_time (CpWindow *self)
{
  static const guint times[] = { 0, 30, 60, 120 };

  return times[g_settings_get_enum (self->settings, "secret-choice-time") % G_N_ELEMENTS (times)];
}

static void
stop_timer (CpWindow *self)
{
  g_clear_handle_id (&self->timer_source, g_source_remove);
}

/* The prompt with the time left to a timed choice. */
static void
show_time_left (CpWindow *self)
{
  const CpPresentation *presentation = cp_session_get_presentation (self->session);
  g_autofree char *text = NULL;

  if (self->notice != NULL || presentation->prompt == NULL)
    return;
  /* Translators: a prompt, then the minutes and seconds left to answer it */
  text = g_strdup_printf (_("%s — %u:%02u left"), presentation->prompt, self->timer_left / 60, self->timer_left % 60);
  gtk_label_set_text (self->prompt_label, text);
}

/**
 * _cp_window_tick_timer:
 *
 * Counts a second off the timed secret choice; when the time is up, makes
 * the choice the game falls back on.
 *
 * Returns: whether the timer goes on
 */
gboolean
_cp_window_tick_timer (CpWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *id = NULL;

  if (self->timer_left > 1)
    {
      self->timer_left--;
      show_time_left (self);
      return G_SOURCE_CONTINUE;
    }
  /* The choice made may start the timer of the next person. */
  stop_timer (self);
  self->timer_left = 0;
  id = g_strdup (cp_session_get_presentation (self->session)->timeout_button);
  if (id != NULL && !cp_session_press_button (self->session, id, &error))
    _cp_window_show_notice (self, error->message, TRUE);
  else if (id != NULL)
    _cp_window_show_notice (self, _("Time is up"), FALSE);
  return G_SOURCE_REMOVE;
}

static gboolean
timer_ticked (gpointer data)
{
  return _cp_window_tick_timer (CP_WINDOW (data));
}

/* Starts, keeps or stops the timer of a secret choice: each person has the
 * time the preferences allow from when the choice is theirs to make. */
static void
update_timer (CpWindow *self, const CpPresentation *presentation, const CpActionList *legal)
{
  CpGame *game = cp_session_get_game (self->session);
  guint seconds = choice_time (self), n = cp_game_get_n_actions (game);
  guint seat = cp_session_get_screen_seat (self->session);

  if (presentation->timeout_button == NULL || seconds == 0 || legal->len == 0 || !cp_game_cursor_at_end (game))
    {
      stop_timer (self);
      return;
    }
  if (self->timer_source == 0 || self->timer_actions != n || self->timer_seat != seat)
    {
      stop_timer (self);
      self->timer_left = seconds;
      self->timer_actions = n;
      self->timer_seat = seat;
      self->timer_source = g_timeout_add_seconds (1, timer_ticked, self);
    }
  show_time_left (self);
}

/* The arrow on the board: the hint asked for, or else the move the coach
 * preferred to the one the replay has reached. */
static void
show_hint (CpWindow *self)
{
  CpAction hint;

  if (cp_session_get_hint (self->session, &hint) || cp_coach_panel_get_preferred (self->coach, &hint))
    cp_board_view_set_hint (self->board, &hint);
  else
    cp_board_view_set_hint (self->board, NULL);
}

/* What the coach shows changed: its arrow, and whether it may analyse. */
static void
coach_changed (CpWindow *self)
{
  if (self->session == NULL)
    return;
  show_hint (self);
  _cp_window_update_actions (self);
}

/* A game that has just ended in the window is analysed, where the coach
 * may and the settings ask for it; a game opened finished only when asked
 * to. */
static void
analyse_ended_game (CpWindow *self)
{
  CpGame *game = cp_session_get_game (self->session);
  gboolean over = cp_state_is_over (cp_game_get_state (game));

  if (over && !self->over && g_settings_get_boolean (self->settings, "analyse-finished-games")
      && cp_annotations_is_empty (cp_game_get_annotations (game)))
    cp_coach_panel_analyse (self->coach);
  self->over = over;
}

/* What the coach found belongs in the record: it is kept with the game. */
static void
coach_analysed (CpWindow *self)
{
  if (self->session != NULL)
    cp_session_set_modified (self->session, TRUE);
}

/* Shows the session's view of the game at the replay cursor, with the
 * actions the seat at the screen may take there. */
static void
update (CpWindow *self)
{
  const CpPresentation *presentation = cp_session_get_presentation (self->session);
  const CpState *state = cp_view_get_state (cp_session_get_view (self->session));
  g_auto (CpActionList) legal = { 0 };
  const CpActionList *offered = cp_session_get_legal (self->session);
  static const CpActionList none = { 0 };
  gboolean at_end = cp_game_cursor_at_end (cp_session_get_game (self->session));
  g_autofree char *status = NULL;

  _cp_window_update_actions (self);
  for (guint i = 0; i < offered->len; i++)
    cp_action_list_append (&legal, &offered->items[i]);
  /* The choices beside the board show at the latest position only, as
   * the prompt's buttons do. */
  show_hand (self, presentation, at_end ? &legal : &none);
  board_choices (self, presentation, &legal);
  show_grids (self, presentation, at_end ? &legal : &none);
  show_card_notes (self, presentation, &legal);
  show_prompt (self, presentation);
  update_timer (self, presentation, &legal);

  cp_board_view_set_state (self->board, state, &legal);
  cp_board_view_set_overlays (self->board, presentation);
  cp_board_view_set_last_move (self->board, cp_session_get_last_move (self->session));
  analyse_ended_game (self);
  show_hint (self);
  cp_board_renderer_set_check (cp_board_view_get_renderer (self->board), presentation->check_cell);
  status = cp_session_dup_status (self->session);
  cp_players_panel_show_state (self->players, state, presentation, status,
                               cp_session_count_people (self->session, NULL) > 1
                                 ? cp_session_get_screen_seat (self->session) : CP_NO_SEAT);
}

/* The curtain falls and lifts as the session says.  Everything under it
 * shows what everyone may know, so that nothing of the seat that was at
 * the screen stays behind it. */
static void
curtain_changed (CpWindow *self)
{
  guint curtain_seat = cp_session_get_curtain_seat (self->session);

  if (curtain_seat != CP_NO_SEAT)
    show_curtain (self, curtain_seat);
  else
    gtk_stack_set_visible_child_full (self->curtain_stack, "game", GTK_STACK_TRANSITION_TYPE_CROSSFADE);
}

/* The board turns the side the session says to the bottom. */
static void
facing_seat_changed (CpWindow *self)
{
  self->viewer = cp_session_get_facing_seat (self->session);
  cp_board_view_set_rotation (self->board, _cp_window_rotation_for (self, self->viewer));
}

/* The move list writes what the seat at the screen may know. */
static void
screen_seat_changed (CpWindow *self)
{
  cp_move_list_set_viewer (self->moves, cp_session_get_screen_seat (self->session));
}

/* A new session: everything that follows it shows it. */
static void
session_bound (CpWindow *self)
{
  g_clear_pointer (&self->announcement, g_free);
  file_changed (self);
  _cp_window_update_undo (self);
  screen_seat_changed (self);
  facing_seat_changed (self);
  update (self);
  curtain_changed (self);
}

/* The prompt says who is thinking, and Move Now acts, while a computer
 * player chooses. */
static void
thinking_changed (CpWindow *self)
{
  _cp_window_update_actions (self);
  show_prompt (self, cp_session_get_presentation (self->session));
}

/* Behind the curtain the moves cannot be gone through. */
static gboolean
uncovered (GBinding *binding, const GValue *from, GValue *to, gpointer data)
{
  g_value_set_boolean (to, g_value_get_uint (from) == CP_NO_SEAT);
  return TRUE;
}

static void
session_played (CpWindow *self, const CpAction *action)
{
  CpGame *game = cp_session_get_game (self->session);
  guint index = cp_game_get_n_actions (game) - 1;
  g_autofree char *text = cp_game_format_action_for (game, index, CP_NOTATION_SAN_LOCAL,
                                                     cp_session_get_screen_seat (self->session));

  if (self->notice != NULL)
    clear_notice (self);
  cp_board_view_animate_move (self->board, action);
  g_clear_pointer (&self->announcement, g_free);
  if (text == NULL || text[0] == '\0')
    self->announcement = NULL;
  else if (action->seat < cp_game_get_n_seats (game))
    /* Translators: a player's name, then their action as the move list
     * writes it, such as "Ann: e4" or "Ann: plays 9♠ (bishop)" */
    self->announcement = g_strdup_printf (C_("announcement", "%s: %s"),
                                          cp_player_get_name (cp_game_get_player (game, action->seat)), text);
  else
    self->announcement = g_steal_pointer (&text);
  name_prompt (self);
}

static void
session_notice (CpWindow *self, const char *message)
{
  _cp_window_show_notice (self, message, FALSE);
}

typedef struct {
  CpWindow *self;
  CpAction action;
} Pending;

static void
play_or_report (CpWindow *self, const CpAction *action)
{
  g_autoptr (GError) error = NULL;

  if (!cp_session_play (self->session, action, &error))
    _cp_window_show_notice (self, error->message, TRUE);
}

static void
continue_response (AdwMessageDialog *dialog, const char *response, Pending *pending)
{
  if (g_str_equal (response, "continue"))
    play_or_report (pending->self, &pending->action);
  else
    update (pending->self);
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
  CpGame *game;
  guint later;
  g_autofree char *body = NULL;
  Pending *pending;
  GtkWidget *dialog;

  g_return_if_fail (CP_IS_WINDOW (self));
  g_return_if_fail (action != NULL);

  game = cp_session_get_game (self->session);
  later = cp_session_count_later (self->session);
  if (cp_game_cursor_at_end (game))
    {
      play_or_report (self, action);
      return;
    }
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
  self->chosen_cards = 0;
  cp_window_play (self, action);
}

/* Says why a click on @cell cannot be played, in place of the reason
 * said last. */
static void
cell_refused (CpWindow *self, guint cell)
{
  g_autofree char *reason = cp_session_explain_cell (self->session, cell);

  if (reason != NULL)
    _cp_window_show_notice (self, reason, TRUE);
}

/* Another tool or piece for a card's changes: the board offers its
 * actions. */
static void
card_tool_changed (CpWindow *self)
{
  if (!self->showing_cards && self->session != NULL)
    update (self);
}

/* Asks whether to save the changes before they are lost: @after says
 * what follows a save. */
static void
ask_to_save (CpWindow *self, CpAfterSave after, GCallback response)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"),
                                              _("The game has changes that are not saved. "
                                                "Without saving, they are lost."));

  self->after_save = after;
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    /* Translators: the answer that closes without saving */
                                    "discard", C_("unsaved changes", "_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", response, self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The answer to the question before a new game replaces this one. */
static void
replace_response (AdwMessageDialog *dialog, const char *response, CpWindow *self)
{
  if (g_str_equal (response, "save"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.save", NULL);
  else
    {
      g_autoptr (CpGame) replacement = g_steal_pointer (&self->replacement);

      self->after_save = CP_AFTER_SAVE_NOTHING;
      if (g_str_equal (response, "discard"))
        {
          cp_session_discard (self->session);
          cp_window_set_game (self, replacement, NULL);
        }
    }
}

/**
 * _cp_window_replace_game:
 *
 * Shows @game in this window instead of the game shown, after asking
 * whether to save that game's changes, if it has any.
 */
void
_cp_window_replace_game (CpWindow *self, CpGame *game)
{
  if (!cp_session_get_modified (self->session))
    {
      cp_window_set_game (self, game, NULL);
      return;
    }
  g_set_object (&self->replacement, game);
  ask_to_save (self, CP_AFTER_SAVE_REPLACE, G_CALLBACK (replace_response));
}

static void
close_response (AdwMessageDialog *dialog, const char *response, CpWindow *self)
{
  if (g_str_equal (response, "discard"))
    {
      cp_session_discard (self->session);
      gtk_window_destroy (GTK_WINDOW (self));
    }
  else if (g_str_equal (response, "save"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.save", NULL);
  else
    self->after_save = CP_AFTER_SAVE_NOTHING;
}

/* A window that opens behind the curtain has Ready at hand. */
static void
cp_window_map (GtkWidget *widget)
{
  CpWindow *self = CP_WINDOW (widget);

  GTK_WIDGET_CLASS (cp_window_parent_class)->map (widget);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->curtain_stack), "curtain") == 0)
    gtk_widget_grab_focus (self->ready_button);
}

static gboolean
cp_window_close_request (GtkWindow *window)
{
  CpWindow *self = CP_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  if (!cp_session_get_modified (self->session))
    {
      cp_session_discard (self->session);
      return GTK_WINDOW_CLASS (cp_window_parent_class)->close_request (window);
    }
  ask_to_save (self, CP_AFTER_SAVE_CLOSE, G_CALLBACK (close_response));
  return TRUE;
}

/* The least time a computer player's move takes, in milliseconds, by
 * the values of the "computer-pace" key. */
static guint
pace (CpWindow *self)
{
  static const guint paces[] = { 0, 700, 2000 };

  return paces[g_settings_get_enum (self->settings, "computer-pace") % G_N_ELEMENTS (paces)];
}

static void
pace_changed (CpWindow *self)
{
  cp_session_set_pace (self->session, pace (self));
}

/* The chess engines the player added in Preferences. */
static void
engines_changed (CpWindow *self)
{
  g_auto (GStrv) paths = g_settings_get_strv (self->settings, "uci-engines");

  cp_engine_list_set_added (cp_engine_list_get_default (), (const char *const *) paths);
  /* Ready by the time New Game or Preferences lists them. */
  cp_engine_list_load_in_background (cp_engine_list_get_default ());
}

/* The side of the board at the bottom in games without a curtain, as
 * the "board-facing" key says; its values are those of CpFacing. */
static void
board_facing_changed (CpWindow *self)
{
  cp_session_set_facing (self->session, (CpFacing) g_settings_get_enum (self->settings, "board-facing"));
}

/* The move list writes moves as the "notation" key says, in the
 * language's own letters. */
static void
notation_changed (CpWindow *self)
{
  static const CpNotation notations[] = { CP_NOTATION_SAN_LOCAL, CP_NOTATION_LAN_LOCAL, CP_NOTATION_FIGURINE };

  CpNotation notation = notations[g_settings_get_enum (self->settings, "notation") % G_N_ELEMENTS (notations)];

  cp_move_list_set_notation (self->moves, notation);
  cp_coach_panel_set_notation (self->coach, notation);
}

static void
drop_session (CpWindow *self)
{
  g_cancellable_cancel (self->hinting);
  g_clear_object (&self->hinting);
  g_clear_object (&self->session);
}

static void
cp_window_dispose (GObject *object)
{
  CpWindow *self = CP_WINDOW (object);

  g_clear_object (&self->session_signals);
  g_clear_object (&self->session_bindings);
  /* An analysis under way keeps the coach's panel a while. */
  if (self->coach != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->coach, self);
      cp_coach_panel_stop (self->coach);
    }
  drop_session (self);
  _cp_window_close_chooser (self);
  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  stop_timer (self);
  g_clear_handle_id (&self->recent_source, g_source_remove);
  g_clear_handle_id (&self->folding, g_source_remove);
  g_clear_handle_id (&self->notice_source, g_source_remove);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_object (&self->autosave);
  g_clear_object (&self->replacement);
  g_clear_object (&self->adviser);
  g_clear_object (&self->engine_adviser);
  gtk_widget_dispose_template (GTK_WIDGET (self), CP_TYPE_WINDOW);
  G_OBJECT_CLASS (cp_window_parent_class)->dispose (object);
}

static void
cp_window_finalize (GObject *object)
{
  CpWindow *self = CP_WINDOW (object);

  g_free (self->curtain_note);
  g_free (self->notice);
  g_free (self->announcement);
  g_free (self->prompt_name);
  g_free (self->file_name);
  G_OBJECT_CLASS (cp_window_parent_class)->finalize (object);
}

/* Beside the board or below it, the game's tables go where they leave
 * the board the larger. */
static GtkOrientation
tables_orientation (CpWindow *self)
{
  GtkWidget *grids = GTK_WIDGET (self->grids);
  int width = gtk_widget_get_width (self->board_box), height = gtk_widget_get_height (self->board_box);
  int grids_width, grids_height, beside, below;
  /* The margins around the board, and between the board and the tables. */
  const int margins = 24, gap = 12;

  if (!gtk_widget_get_visible (grids) || gtk_widget_get_first_child (grids) == NULL)
    return gtk_orientable_get_orientation (GTK_ORIENTABLE (self->board_box));
  /* In a narrow window, tables beside the board would leave it no room,
   * or make the window wider than it is. */
  if (narrow (self))
    return GTK_ORIENTATION_VERTICAL;
  gtk_widget_measure (grids, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &grids_width, NULL, NULL);
  gtk_widget_measure (grids, GTK_ORIENTATION_VERTICAL, width - margins, NULL, &grids_height, NULL, NULL);
  beside = MIN (width - grids_width - margins - gap, height - margins);
  below = MIN (width - margins, height - grids_height - margins - gap);
  return below > beside ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
}

static gboolean
apply_fold (gpointer data)
{
  CpWindow *self = data;
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  self->folding = 0;
  adw_flap_set_fold_policy (self->flap, width < FOLD_WIDTH ? ADW_FLAP_FOLD_POLICY_ALWAYS
                                                           : ADW_FLAP_FOLD_POLICY_AUTO);
  gtk_widget_set_visible (self->panel_button, adw_flap_get_folded (self->flap));
  /* Beside the board the panel lies on the window's own background;
   * folded over the board, it needs one of its own. */
  if (adw_flap_get_folded (self->flap))
    gtk_widget_add_css_class (self->panel, "background");
  else
    gtk_widget_remove_css_class (self->panel, "background");
  place_tables (self, tables_orientation (self));
  return G_SOURCE_REMOVE;
}

/* The flap folds by itself, while it is allocated, when the board and the
 * panel do not fit side by side: the header bar shows the button for the
 * panel afterwards, not in the middle of the allocation. */
static void
flap_folded (CpWindow *self)
{
  if (self->folding == 0)
    self->folding = g_idle_add (apply_fold, self);
}

/* libadwaita 1.2 has no breakpoints: the fold follows the window's width
 * after each change of size, outside the allocation. */
static void
cp_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  CpWindow *self = CP_WINDOW (widget);
  AdwFlapFoldPolicy wanted = width < FOLD_WIDTH ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_AUTO;

  GTK_WIDGET_CLASS (cp_window_parent_class)->size_allocate (widget, width, height, baseline);
  if ((adw_flap_get_fold_policy (self->flap) != wanted
       || gtk_orientable_get_orientation (GTK_ORIENTABLE (self->board_box)) != tables_orientation (self))
      && self->folding == 0)
    self->folding = g_idle_add (apply_fold, self);
}

static void
cp_window_class_init (CpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = cp_window_dispose;
  object_class->finalize = cp_window_finalize;
  widget_class->size_allocate = cp_window_size_allocate;
  window_class->close_request = cp_window_close_request;
  widget_class->map = cp_window_map;

  g_type_ensure (CP_TYPE_BOARD_LEGEND);
  g_type_ensure (CP_TYPE_BOARD_VIEW);
  g_type_ensure (CP_TYPE_CARD_HAND_PANEL);
  g_type_ensure (CP_TYPE_CARD_NOTE_BAR);
  g_type_ensure (CP_TYPE_COACH_PANEL);
  g_type_ensure (CP_TYPE_GRID_PANEL);
  g_type_ensure (CP_TYPE_MOVE_LIST);
  g_type_ensure (CP_TYPE_PLAYERS_PANEL);
  g_type_ensure (CP_TYPE_RULES_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/chess_parlour/ChessParlour/ui/cp-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CpWindow, title);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, thinking_spinner);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, curtain_stack);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, curtain);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, ready_button);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, panel_button);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, panel);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, board);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, prompt_revealer);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, prompt_label);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, prompt_box);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, prompt_buttons);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, card_bar);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, hand);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, grids);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, players);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, moves);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, coach);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, replay_buttons);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, panel_stack);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, rules);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, recent_menu);
  gtk_widget_class_bind_template_callback (widget_class, action_chosen);
  gtk_widget_class_bind_template_callback (widget_class, cell_refused);
  gtk_widget_class_bind_template_callback (widget_class, cards_chosen);

  _cp_window_class_add_actions (widget_class);
  _cp_window_class_add_file_actions (widget_class);
  _cp_window_class_add_print_actions (widget_class);
}

/* The main menu's widgets are made the first time it opens, not with the
 * window; this is called each time it opens. */
static void
create_menu (GtkMenuButton *button, gpointer data)
{
  CpWindow *self = data;

  if (gtk_menu_button_get_menu_model (button) == NULL)
    gtk_menu_button_set_menu_model (button, self->primary_menu);
}

static void
cp_window_init (CpWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  cp_accessible_name_mnemonics (GTK_WIDGET (self));
  gtk_stack_set_visible_child_name (self->curtain_stack, "game");
  /* The curtain's Ready takes the focus, not the pane that scrolls the
   * curtain, which a screen reader could name only as a pane. */
  if (GTK_IS_SCROLLED_WINDOW (gtk_widget_get_first_child (GTK_WIDGET (self->curtain))))
    gtk_widget_set_focusable (gtk_widget_get_first_child (GTK_WIDGET (self->curtain)), FALSE);
  self->autosave = cp_autosave_new ();

  g_signal_connect_swapped (self->card_bar, "notify::tool", G_CALLBACK (card_tool_changed), self);
  g_signal_connect_swapped (self->card_bar, "notify::piece-owner", G_CALLBACK (card_tool_changed), self);
  g_signal_connect_swapped (self->card_bar, "notify::piece-kind", G_CALLBACK (card_tool_changed), self);
  g_signal_connect_swapped (self->flap, "notify::folded", G_CALLBACK (flap_folded), self);
  g_signal_connect_swapped (self->coach, "changed", G_CALLBACK (coach_changed), self);
  g_signal_connect_swapped (self->coach, "analysed", G_CALLBACK (coach_analysed), self);
  gtk_menu_button_set_create_popup_func (self->menu_button, create_menu, self, NULL);
  _cp_window_watch_recent (self);

  self->session_signals = g_signal_group_new (CP_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "changed", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->session_signals, "played", G_CALLBACK (session_played), self);
  g_signal_group_connect_swapped (self->session_signals, "notice", G_CALLBACK (session_notice), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::file", G_CALLBACK (file_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::modified", G_CALLBACK (update_title), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::can-undo", G_CALLBACK (_cp_window_update_undo), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::can-redo", G_CALLBACK (_cp_window_update_undo), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::screen-seat", G_CALLBACK (screen_seat_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::curtain-seat", G_CALLBACK (curtain_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::thinking", G_CALLBACK (thinking_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::facing-seat", G_CALLBACK (facing_seat_changed), self);
  g_signal_connect_swapped (self->session_signals, "bind", G_CALLBACK (session_bound), self);
  self->session_bindings = g_binding_group_new ();
  g_binding_group_bind (self->session_bindings, "thinking", self->thinking_spinner, "spinning", G_BINDING_SYNC_CREATE);
  g_binding_group_bind_full (self->session_bindings, "curtain-seat", self->moves, "sensitive", G_BINDING_SYNC_CREATE,
                             uncovered, NULL, NULL, NULL);

  /* Keyboard players start on the board. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->board));
}

/**
 * cp_window_new:
 * @application: the application
 * @settings: the settings of the application
 *
 * A window with a new game of the game last played, by the same players
 * (cp_new_game_dialog_last_game()), with the settings' size.
 *
 * Returns: (transfer none): the window, which @application keeps
 */
CpWindow *
cp_window_new (GtkApplication *application, GSettings *settings)
{
  CpWindow *self;
  g_autoptr (CpGame) game = NULL;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (CP_TYPE_WINDOW, "application", application, NULL);
  self->settings = g_object_ref (settings);
  gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_settings_bind (self->settings, "show-legal-moves", self->board, "show-hints", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-coordinates", self->board, "show-coordinates", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "animate-moves", self->board, "animate", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "board-theme", self->board, "theme", G_SETTINGS_BIND_GET);
  g_signal_connect_object (self->settings, "changed::notation", G_CALLBACK (notation_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::computer-pace", G_CALLBACK (pace_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::board-facing", G_CALLBACK (board_facing_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::uci-engines", G_CALLBACK (engines_changed), self, G_CONNECT_SWAPPED);
  notation_changed (self);
  engines_changed (self);

  game = cp_new_game_dialog_last_game (self->settings);
  cp_window_set_game (self, game, NULL);
  return self;
}

/* A chess engine that failed gives its seat to a person: the game goes
 * on, and the player reads why. */
static void
engine_failed (CpWindow *self, const char *message, CpUciEngine *engine)
{
  CpGame *game;

  if (self->session == NULL)
    return;
  game = cp_session_get_game (self->session);
  for (guint seat = 0; seat < cp_game_get_n_seats (game); seat++)
    if (cp_session_get_agent (self->session, seat) == CP_AGENT (engine))
      {
        CpPlayer *player = cp_game_get_player (game, seat);
        g_autofree char *body = g_strdup_printf (_("%s.\n\nA person plays for %s from now on; nothing of the game is lost."),
                                                 message, cp_player_get_name (player));

        cp_player_set_computer (player, FALSE, 0);
        cp_engine_list_untag_seat (game, seat);
        cp_session_set_agent (self->session, seat, NULL);
        cp_session_set_modified (self->session, TRUE);
        cp_players_panel_set_game (self->players, game);
        _cp_window_show_error (self, _("The Chess Engine Stopped Playing"), body);
      }
}

/* The agent of a computer seat: the chess engine the record names, if it
 * is installed, else a computer player of ours at the seat's level. */
static CpAgent *
seat_agent (CpWindow *self, CpGame *game, guint seat)
{
  CpPlayer *player = cp_game_get_player (game, seat);
  int strength;
  const char *path = cp_engine_list_seat_engine (game, seat, &strength);

  if (path != NULL)
    {
      g_autofree char *found = g_find_program_in_path (path);

      if (found != NULL)
        {
          CpUciEngine *engine = cp_uci_engine_new (path);

          cp_uci_engine_set_strength (engine, strength);
          g_signal_connect_object (engine, "failed", G_CALLBACK (engine_failed), self, G_CONNECT_SWAPPED);
          return CP_AGENT (engine);
        }
      else
        {
          g_autofree char *message = g_strdup_printf (_("The chess engine %s is not installed here; "
                                                        "Chess Parlour’s computer plays for %s"),
                                                      path, cp_player_get_name (player));

          _cp_window_show_notice (self, message, FALSE);
        }
    }
  return CP_AGENT (cp_computer_player_new (MIN (cp_player_get_level (player), CP_N_LEVELS - 1), g_random_int ()));
}

/**
 * cp_window_set_game:
 * @file: (nullable): the file the game was read from
 *
 * Shows @game, at its end, as unchanged, in a session of its own.
 */
void
cp_window_set_game (CpWindow *self, CpGame *game, GFile *file)
{
  CpColour colours[CP_MAX_SEATS];
  guint n_seats;

  g_return_if_fail (CP_IS_WINDOW (self));
  g_return_if_fail (CP_IS_GAME (game));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  n_seats = cp_game_get_n_seats (game);
  drop_session (self);
  g_clear_pointer (&self->curtain_note, g_free);
  g_clear_handle_id (&self->notice_source, g_source_remove);
  g_clear_pointer (&self->notice, g_free);
  self->session = cp_session_new (game, file);
  self->over = cp_state_is_over (cp_game_get_state (game));
  cp_session_set_autosave (self->session, self->autosave);
  cp_session_set_pace (self->session, pace (self));
  board_facing_changed (self);
  for (guint seat = 0; seat < n_seats; seat++)
    {
      CpPlayer *player = cp_game_get_player (game, seat);

      if (cp_player_get_kind (player) == CP_PLAYER_COMPUTER)
        {
          g_autoptr (CpAgent) agent = seat_agent (self, game, seat);

          cp_session_set_agent (self->session, seat, agent);
        }
    }
  for (guint seat = 0; seat < n_seats; seat++)
    colours[seat] = cp_player_get_colour (cp_game_get_player (game, seat));
  if (cp_game_get_rules (game)->piece_colours != NULL)
    cp_board_view_set_colours (self->board, cp_game_get_rules (game)->piece_colours,
                               cp_game_get_rules (game)->n_piece_colours);
  else
    cp_board_view_set_colours (self->board, colours, n_seats);
  cp_card_note_bar_set_seats (self->card_bar, colours, n_seats);
  cp_players_panel_set_game (self->players, game);
  cp_rules_view_show_page (self->rules, cp_game_get_rules (game)->id, NULL);
  cp_move_list_set_game (self->moves, game);
  cp_coach_panel_set_game (self->coach, game);
  g_binding_group_set_source (self->session_bindings, self->session);
  g_signal_group_set_target (self->session_signals, self->session);
}

/**
 * cp_window_get_game:
 *
 * Returns: (transfer none): the game the window shows
 */
CpGame *
cp_window_get_game (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), NULL);

  return cp_session_get_game (self->session);
}

/**
 * cp_window_get_file:
 *
 * Returns: (transfer none) (nullable): the record the game was opened
 *   from or saved in, or %NULL
 */
GFile *
cp_window_get_file (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), NULL);

  return cp_session_get_file (self->session);
}

/* Whether the window shows a new game nobody has played yet. */
gboolean
cp_window_is_pristine (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), FALSE);

  return cp_session_is_pristine (self->session);
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
  g_autoptr (CpGame) game = NULL;

  g_return_if_fail (CP_IS_WINDOW (self));
  g_return_if_fail (CP_IS_AUTOSAVE (autosave));

  game = cp_autosave_load (autosave, &error);
  if (game == NULL)
    {
      _cp_window_show_error (self, _("Could Not Recover a Game"), error->message);
      return;
    }
  g_set_object (&self->autosave, autosave);
  cp_window_set_game (self, game, cp_autosave_get_original (autosave));
  cp_session_set_modified (self->session, TRUE);
  _cp_window_show_notice (self, _("An unsaved game was recovered"), FALSE);
}

/* A new game replaces the one in this window. */
static void
new_game_chosen (CpNewGameDialog *dialog, CpGame *game, CpWindow *self)
{
  g_settings_set_string (self->settings, "last-game", cp_game_get_rules (game)->id);
  _cp_window_replace_game (self, game);
  if (cp_session_get_game (self->session) != game || !cp_session_get_presentation (self->session)->seats_drawn)
    return;
  /* Players named after their seats need no telling where they sit. */
  for (guint seat = 0; seat < cp_game_get_n_seats (game); seat++)
    {
      const char *name = cp_player_get_name (cp_game_get_player (game, seat));
      const char *side = cp_rules_seat_name (cp_game_get_rules (game), seat);

      if (g_strcmp0 (name, side) != 0)
        {
          /* Translators: %s: a player's name; %s: the side they play, such
           * as "White" */
          g_autofree char *drawn = g_strdup_printf (_("Drawn at random: %s plays %s"), name, side);

          _cp_window_show_notice (self, drawn, FALSE);
          return;
        }
    }
}

/**
 * cp_window_show_new_game:
 *
 * Presents the New Game dialog over the window.
 *
 * Returns: (transfer none): the dialog, to fill in further
 */
CpNewGameDialog *
cp_window_show_new_game (CpWindow *self)
{
  CpNewGameDialog *dialog;

  g_return_val_if_fail (CP_IS_WINDOW (self), NULL);

  dialog = cp_new_game_dialog_new (self->settings);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  g_signal_connect_object (dialog, "game-chosen", G_CALLBACK (new_game_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}
