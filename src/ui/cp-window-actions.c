/* cp-window-actions.c: what a game window can do
 *
 * Undo and redo, replay, turning the board, the rules, resigning and
 * draws, the buttons of the game's presentation, the record of cards
 * played from a physical deck, the curtain's Ready, a rematch, and the
 * position copied or set up anew in the New Game dialog.  Each
 * asks the window's session, which says what is possible now.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-computer-player.h"
#include "cp-engine.h"
#include "cp-mallard.h"
#include "cp-pgn.h"
#include "cp-window-private.h"

static void
enable (CpWindow *self, const char *action, gboolean enabled)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), action, enabled);
}

/* Undo and Redo, as the session's properties say. */
void
_cp_window_update_undo (CpWindow *self)
{
  enable (self, "win.undo", cp_session_can_undo (self->session));
  enable (self, "win.redo", cp_session_can_redo (self->session));
}

/* Enables the other actions that make sense now. */
void
_cp_window_update_actions (CpWindow *self)
{
  CpSession *session = self->session;
  CpGame *game = cp_session_get_game (session);
  const CpPresentation *presentation = cp_session_get_presentation (session);
  guint cursor = cp_game_get_cursor (game);
  guint n = cp_game_get_n_actions (game);
  guint first = cp_game_get_setup_length (game);
  guint8 stage = presentation->card_note_stage;
  gboolean card_note = FALSE;
  const CpActionList *legal = cp_session_get_legal (session);
  gboolean uncovered = cp_session_get_curtain_seat (session) == CP_NO_SEAT;
  g_autofree char *position = NULL;

  for (guint i = 0; i < legal->len; i++)
    card_note = card_note || legal->items[i].type == CP_ACTION_CARD_NOTE;
  /* Behind the curtain the moves stay where they are. */
  enable (self, "win.first", uncovered && cursor > first);
  enable (self, "win.previous", uncovered && cursor > first);
  enable (self, "win.next", uncovered && cursor < n);
  enable (self, "win.last", uncovered && cursor < n);
  /* Going through the moves is for a game that has some. */
  gtk_widget_set_visible (self->replay_buttons, n > first);
  enable (self, "win.resign", cp_session_can_act (session, CP_ACTION_RESIGN));
  enable (self, "win.rematch", cp_state_is_over (cp_game_get_state (game)));
  enable (self, "win.move-now", cp_session_get_thinking_seat (session) != CP_NO_SEAT);
  enable (self, "win.pass-on", cp_session_get_turn_report (session) != NULL);
  enable (self, "win.offer-draw", cp_session_can_act (session, CP_ACTION_OFFER_DRAW));
  enable (self, "win.accept-draw", cp_session_can_act (session, CP_ACTION_ACCEPT_DRAW));
  enable (self, "win.decline-draw", cp_session_can_act (session, CP_ACTION_DECLINE_DRAW));
  enable (self, "win.claim-draw", cp_session_can_act (session, CP_ACTION_CLAIM_DRAW));
  enable (self, "win.export-pgn", cp_pgn_can_export (game));
  /* One save at a time. */
  enable (self, "win.save", self->saving == 0);
  enable (self, "win.save-as", self->saving == 0);
  enable (self, "win.play-card", stage != CP_CARD_NOTE_NONE && card_note);
  enable (self, "win.card-done", cp_presentation_find_button (presentation, "card-done") != NULL);
  enable (self, "win.end-turn", cp_presentation_find_button (presentation, "end-turn") != NULL);
  position = cp_session_dup_position (session, NULL);
  enable (self, "win.copy-position", position != NULL);
  enable (self, "win.new-from-position", position != NULL);
  enable (self, "win.analyse", uncovered && cp_coach_panel_can_analyse (self->coach));
  enable (self, "win.hint", self->hinting == NULL && cursor == n && legal->len > 0
                            && !cp_state_is_over (cp_game_get_state (game)));
}

static void
press (CpWindow *self, const char *id)
{
  const CpButton *button = cp_presentation_find_button (cp_session_get_presentation (self->session), id);

  if (button == NULL)
    return;
  cp_window_play (self, &button->action);
}

static void
button_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  press (CP_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
card_done_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  press (CP_WINDOW (widget), "card-done");
}

static void
end_turn_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  press (CP_WINDOW (widget), "end-turn");
}

static void
act (CpWindow *self, CpActionType type)
{
  g_autoptr (GError) error = NULL;

  if (!cp_session_act (self->session, type, &error))
    _cp_window_show_notice (self, error->message, TRUE);
}

static void
resign_response (AdwMessageDialog *dialog, const char *response, CpWindow *self)
{
  if (g_str_equal (response, "resign"))
    act (self, CP_ACTION_RESIGN);
}

static void
resign_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  CpGame *game = cp_session_get_game (self->session);
  const char *player = cp_player_get_name (cp_game_get_player (game, cp_session_get_acting_seat (self->session)));
  g_autofree char *heading = g_strdup_printf (_("Resign for %s?"), player);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading,
                                              cp_game_get_n_seats (game) == 2
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
draw_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  static const struct {
    const char *name;
    CpActionType type;
  } draws[] = {
    { "win.offer-draw", CP_ACTION_OFFER_DRAW },
    { "win.accept-draw", CP_ACTION_ACCEPT_DRAW },
    { "win.decline-draw", CP_ACTION_DECLINE_DRAW },
    { "win.claim-draw", CP_ACTION_CLAIM_DRAW },
  };

  for (guint i = 0; i < G_N_ELEMENTS (draws); i++)
    if (g_str_equal (name, draws[i].name))
      act (CP_WINDOW (widget), draws[i].type);
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
  const CpActionList *legal = cp_session_get_legal (self->session);

  if (!g_str_equal (response, "play") || *name == '\0')
    return;
  for (guint i = 0; i < legal->len; i++)
    if (legal->items[i].type == CP_ACTION_CARD_NOTE)
      {
        CpAction note = legal->items[i];

        note.text = g_intern_string (name);
        cp_window_play (self, &note);
        return;
      }
}

/* Asks for the name of the card the player plays, and records it. */
static void
play_card_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  CpGame *game = cp_session_get_game (self->session);
  guint seat = cp_session_get_presentation (self->session)->card_note_seat;
  const char *player = seat < cp_game_get_n_seats (game) ? cp_player_get_name (cp_game_get_player (game, seat)) : "";
  /* Translators: %s is the name of the player who plays a card */
  g_autofree char *body = g_strdup_printf (_("Which card from the Knightmare Chess deck does %s play? "
                                             "Its changes to the board follow."), player);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Play a Card"), body);
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Name of the card"));
  /* No longer than the game keeps. */
  gtk_entry_set_max_length (GTK_ENTRY (entry), CP_ACTION_MAX_TEXT_LENGTH);
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

/* A hint asked for, and the window that asked. */
typedef struct {
  CpWindow *self;
  GCancellable *cancellable;
} HintRequest;

static void
hint_request_free (HintRequest *request)
{
  g_object_unref (request->self);
  g_object_unref (request->cancellable);
  g_free (request);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HintRequest, hint_request_free)

static void
hint_found (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (HintRequest) request = data;
  CpWindow *self = request->self;
  g_autoptr (GError) error = NULL;
  CpAction suggested;

  if (!cp_session_hint_finish (CP_SESSION (source), result, &suggested, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    _cp_window_show_notice (self, error->message, TRUE);
  /* A hint called off meanwhile leaves the one asked for since alone. */
  if (self->hinting != request->cancellable)
    return;
  g_clear_object (&self->hinting);
  if (self->session != NULL)
    _cp_window_update_actions (self);
}

/* Asks a computer player which action it would take for the person to
 * act; the board shows it with an arrow, and the log keeps the hint. */
static void
hint_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  HintRequest *request;

  if (self->hinting != NULL)
    return;
  if (self->adviser == NULL)
    self->adviser = cp_computer_player_new_adviser (g_random_int ());
  self->hinting = g_cancellable_new ();
  request = g_new0 (HintRequest, 1);
  request->self = g_object_ref (self);
  request->cancellable = g_object_ref (self->hinting);
  _cp_window_update_actions (self);
  cp_session_hint_async (self->session, CP_AGENT (self->adviser), self->hinting, hint_found, request);
}

/* The coach analyses the game, its graph under the moves. */
static void
analyse_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);

  cp_coach_panel_analyse (self->coach);
  _cp_window_update_actions (self);
}

/* The person the curtain waited for has taken the screen. */
static void
ready_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);

  g_clear_pointer (&self->curtain_note, g_free);
  cp_session_take_screen (self->session);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/* The position where the replay stands, as text for another program or
 * for a new game. */
static void
copy_position_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = cp_session_dup_position (self->session, &error);

  if (text == NULL)
    {
      _cp_window_show_notice (self, error->message, TRUE);
      return;
    }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  _cp_window_show_notice (self, _("Position copied"), FALSE);
}

/* The New Game dialog, set for this game from the position where the
 * replay stands. */
static void
new_from_position_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  CpGame *game = cp_session_get_game (self->session);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = cp_session_dup_position (self->session, &error);
  CpNewGameDialog *dialog;
  GHashTableIter iter;
  gpointer key, value;

  if (text == NULL)
    {
      _cp_window_show_notice (self, error->message, TRUE);
      return;
    }
  dialog = cp_window_show_new_game (self);
  cp_new_game_dialog_select_game (dialog, cp_game_get_rules (game)->id);
  cp_new_game_dialog_set_n_players (dialog, cp_game_get_n_seats (game));
  g_hash_table_iter_init (&iter, cp_game_get_options (game));
  while (g_hash_table_iter_next (&iter, &key, &value))
    cp_new_game_dialog_set_option (dialog, key, value);
  cp_new_game_dialog_set_option (dialog, CP_POSITION_OPTION, text);
  for (guint seat = 0; seat < cp_game_get_n_seats (game); seat++)
    {
      CpPlayer *player = cp_game_get_player (game, seat);
      int kind = 0;

      /* The dialog's choices: a person, then the levels from Easy up. */
      if (cp_player_get_kind (player) == CP_PLAYER_COMPUTER)
        kind = CLAMP ((int) cp_player_get_level (player) - CP_LEVEL_EASY + 1, 1, 3);
      cp_new_game_dialog_set_player_name (dialog, seat, cp_player_get_name (player));
      cp_new_game_dialog_set_player_level (dialog, seat, (guint) kind);
    }
}

/* The same game again with the same players; where the rules let a
 * player start, the loser of a two-player game does. */
static void
rematch_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  CpGame *old = cp_session_get_game (self->session);
  const CpRules *rules = cp_game_get_rules (old);
  const CpOutcome *outcome = cp_game_get_outcome (old);
  g_autoptr (GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  guint n_seats = cp_game_get_n_seats (old);
  g_autoptr (GDateTime) today = g_date_time_new_now_local ();
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = NULL;
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, cp_game_get_options (old));
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (options, g_strdup (key), g_strdup (value));
  if (n_seats == 2 && outcome->status == CP_STATUS_WON && cp_rules_find_option (rules, "starts") != NULL)
    for (guint seat = 0; seat < n_seats; seat++)
      if (!(outcome->winners & CP_SEAT_BIT (seat)))
        g_hash_table_insert (options, g_strdup ("starts"), g_strdup (cp_colour_to_id (rules->colours[seat])));

  game = cp_game_new_with_rules (rules, options, n_seats, cp_random_new_seed (), &error);
  if (game == NULL)
    {
      _cp_window_show_notice (self, error->message, TRUE);
      return;
    }
  cp_game_set_date (game, today);
  for (guint seat = 0; seat < n_seats; seat++)
    {
      CpPlayer *was = cp_game_get_player (old, seat);
      CpPlayer *player = cp_game_get_player (game, seat);

      cp_player_set_name (player, cp_player_get_name (was));
      cp_player_set_computer (player, cp_player_get_kind (was) == CP_PLAYER_COMPUTER, cp_player_get_level (was));
    }
  cp_game_resolve_chance (game);
  _cp_window_replace_game (self, game);
}

/* The person at the screen has read what their turn did. */
static void
pass_on_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  cp_session_pass_on (CP_WINDOW (widget)->session);
}

/* The computer player thinking plays the best move it has found. */
static void
move_now_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  cp_session_move_now (CP_WINDOW (widget)->session);
}

static void
undo_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!cp_session_undo (self->session, &error) && error != NULL)
    _cp_window_show_notice (self, error->message, TRUE);
}

static void
redo_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  cp_session_redo (CP_WINDOW (widget)->session);
}

static void
replay_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpSession *session = CP_WINDOW (widget)->session;
  CpGame *game = cp_session_get_game (session);
  guint cursor = cp_game_get_cursor (game);

  if (g_str_equal (name, "win.first"))
    cursor = cp_move_list_first_position (game);
  else if (g_str_equal (name, "win.previous"))
    cursor = cp_move_list_previous_position (game, cursor);
  else if (g_str_equal (name, "win.next"))
    cursor = cp_move_list_next_position (game, cursor);
  else
    cursor = cp_game_get_n_actions (game);
  cp_session_set_cursor (session, cursor);
}

static void
rotate_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  guint n_seats = cp_game_get_n_seats (cp_session_get_game (self->session));
  guint shown = cp_board_view_get_rotation (self->board);

  /* To the next seat seen another way: seats side by side on one edge
   * share a view. */
  for (guint i = 0; i < n_seats; i++)
    {
      self->viewer = (self->viewer + 1) % n_seats;
      if (_cp_window_rotation_for (self, self->viewer) != shown)
        break;
    }
  cp_board_view_set_rotation (self->board, _cp_window_rotation_for (self, self->viewer));
}

/* Shows the rules beside the board; where they are not installed, the
 * help browser is the next best place. */
static void
reveal_rules (CpWindow *self)
{
  adw_view_stack_set_visible_child_name (self->panel_stack, "rules");
  adw_flap_set_reveal_flap (self->flap, TRUE);
}

static void
rules_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  const char *id = cp_game_get_rules (cp_session_get_game (self->session))->id;
  g_autoptr (GFile) page = cp_mallard_find_page (id);

  if (page == NULL)
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.help-page", "s", id);
      return;
    }
  reveal_rules (self);
}

/**
 * cp_window_show_help_fallback:
 * @show_rules: whether the rules of the game may stand in for the help
 * @no_viewer: whether no help viewer is installed, rather than the help
 *
 * Says that no help viewer is installed, or that the help is not where
 * the viewer looks for it, and shows the rules of the game in the side
 * panel instead where they can be read.
 */
void
cp_window_show_help_fallback (CpWindow *self, gboolean show_rules, gboolean no_viewer)
{
  const char *id;
  g_autoptr (GFile) page = NULL;

  g_return_if_fail (CP_IS_WINDOW (self));

  id = cp_game_get_rules (cp_session_get_game (self->session))->id;
  if (show_rules)
    page = cp_mallard_find_page (id);
  if (page == NULL)
    {
      _cp_window_show_notice (self, no_viewer ? _("No help viewer is installed") : _("The help is not installed"),
                              FALSE);
      return;
    }
  reveal_rules (self);
  _cp_window_show_notice (self, no_viewer ? _("No help viewer is installed: here are the rules of this game")
                                          : _("The help is not installed: here are the rules of this game"),
                          FALSE);
}

void
_cp_window_class_add_actions (GtkWidgetClass *widget_class)
{
  static const char *const replay[] = { "win.first", "win.previous", "win.next", "win.last" };
  static const char *const draws[] = { "win.offer-draw", "win.accept-draw", "win.decline-draw", "win.claim-draw" };

  gtk_widget_class_install_action (widget_class, "win.rematch", NULL, rematch_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-position", NULL, copy_position_activated);
  gtk_widget_class_install_action (widget_class, "win.new-from-position", NULL, new_from_position_activated);
  gtk_widget_class_install_action (widget_class, "win.move-now", NULL, move_now_activated);
  gtk_widget_class_install_action (widget_class, "win.pass-on", NULL, pass_on_activated);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "win.rotate", NULL, rotate_activated);
  gtk_widget_class_install_action (widget_class, "win.rules", NULL, rules_activated);
  gtk_widget_class_install_action (widget_class, "win.resign", NULL, resign_activated);
  gtk_widget_class_install_action (widget_class, "win.play-card", NULL, play_card_activated);
  gtk_widget_class_install_action (widget_class, "win.card-done", NULL, card_done_activated);
  gtk_widget_class_install_action (widget_class, "win.end-turn", NULL, end_turn_activated);
  gtk_widget_class_install_action (widget_class, "win.button", "s", button_activated);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_activated);
  gtk_widget_class_install_action (widget_class, "win.analyse", NULL, analyse_activated);
  gtk_widget_class_install_action (widget_class, "win.ready", NULL, ready_activated);
  for (guint i = 0; i < G_N_ELEMENTS (draws); i++)
    gtk_widget_class_install_action (widget_class, draws[i], NULL, draw_activated);
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
