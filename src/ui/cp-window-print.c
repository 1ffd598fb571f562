/* cp-window-print.c: printing rule sheets, card decks and the game from
 * the window
 *
 * The pages come from the drawing layer (cp-rule-sheet.c, cp-deck-sheet.c,
 * cp-score-sheet.c),
 * the same as the command line's PDF files; GtkPrintOperation brings the
 * print dialog with its preview and the paper of the user's locale.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-deck-sheet.h"
#include "cp-engine.h"
#include "cp-rule-sheet.h"
#include "cp-score-sheet.h"
#include "cp-window-private.h"

static void
begin_print (GtkPrintOperation *operation, GtkPrintContext *context, CpPrintable *printable)
{
  guint n_pages = cp_printable_paginate (printable, gtk_print_context_get_cairo_context (context),
                                         gtk_print_context_get_width (context),
                                         gtk_print_context_get_height (context));

  gtk_print_operation_set_n_pages (operation, (int) n_pages);
}

static void
draw_page (GtkPrintOperation *operation, GtkPrintContext *context, int page, CpPrintable *printable)
{
  cp_printable_draw_page (printable, gtk_print_context_get_cairo_context (context), (guint) page);
}

static void
print_done (GtkPrintOperation *operation, GtkPrintOperationResult result, CpWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      gtk_print_operation_get_error (operation, &error);
      _cp_window_show_error (self, _("Could Not Print"), error->message);
    }
  g_object_unref (self);
  g_object_unref (operation);
}

/**
 * _cp_window_print:
 * @export_path: (nullable): a PDF file to write without asking, or %NULL
 *   for the print dialog
 *
 * Prints @printable, titled @job_name.
 */
gboolean
_cp_window_print (CpWindow *self, CpPrintable *printable, const char *job_name, const char *export_path,
                  GError **error)
{
  g_autoptr (GtkPrintOperation) operation = gtk_print_operation_new ();
  GtkPrintOperationAction action = GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG;

  gtk_print_operation_set_job_name (operation, job_name);
  /* The pages keep their own margins, so that cards printed on both
   * sides line up: they are drawn on the whole sheet, in points. */
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  /* The pages live as long as the operation, which may outlive the call. */
  g_signal_connect_data (operation, "begin-print", G_CALLBACK (begin_print), g_object_ref (printable),
                         (GClosureNotify) (void (*) (void)) g_object_unref, 0);
  g_signal_connect_data (operation, "draw-page", G_CALLBACK (draw_page), g_object_ref (printable),
                         (GClosureNotify) (void (*) (void)) g_object_unref, 0);
  if (export_path != NULL)
    {
      gtk_print_operation_set_export_filename (operation, export_path);
      action = GTK_PRINT_OPERATION_ACTION_EXPORT;
    }
  else
    {
      /* The operation lives on while the dialog is open and the pages
       * print, until it is done. */
      gtk_print_operation_set_allow_async (operation, TRUE);
      g_signal_connect (g_object_ref (operation), "done", G_CALLBACK (print_done), g_object_ref (self));
    }
  return gtk_print_operation_run (operation, action, GTK_WINDOW (self), error) != GTK_PRINT_OPERATION_RESULT_ERROR;
}

/* The rules of the game being played, or of every game. */
static void
print_rules (CpWindow *self, gboolean every_game)
{
  const CpRules *rules = cp_game_get_rules (cp_window_get_game (self));
  g_autoptr (GError) error = NULL;
  g_autoptr (CpRuleSheet) sheet = NULL;
  g_autofree char *title = NULL;

  if (every_game)
    {
      sheet = cp_rule_sheet_new_for_every_game (&error);
      title = g_strdup (_("Rules of the Chess Parlour games"));
    }
  else
    {
      sheet = cp_rule_sheet_new ((const char *const[]) { rules->id, NULL }, &error);
      /* Translators: the name of a print job; %s: a game's name */
      title = g_strdup_printf (_("Rules of %s"), _(rules->name));
    }
  if (sheet == NULL || !_cp_window_print (self, CP_PRINTABLE (sheet), title, NULL, &error))
    _cp_window_show_error (self, _("Could Not Print the Rules"), error->message);
}

static void
print_rules_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  print_rules (CP_WINDOW (widget), g_str_equal (name, "win.print-all-rules"));
}

/* The score sheet of the game in the window, its moves written as the
 * move list writes them. */
static void
print_game_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  static const CpNotation notations[] = { CP_NOTATION_SAN_LOCAL, CP_NOTATION_LAN_LOCAL, CP_NOTATION_FIGURINE };
  CpWindow *self = CP_WINDOW (widget);
  CpGame *game = cp_window_get_game (self);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpScoreSheet) sheet = NULL;
  g_autofree char *title = NULL;

  if (game == NULL)
    return;
  sheet = cp_score_sheet_new (game, notations[g_settings_get_enum (self->settings, "notation")
                                              % G_N_ELEMENTS (notations)]);
  /* Translators: the name of a print job; %s: a game's name */
  title = g_strdup_printf (_("Score sheet of %s"), _(cp_game_get_rules (game)->name));
  if (!_cp_window_print (self, CP_PRINTABLE (sheet), title, NULL, &error))
    _cp_window_show_error (self, _("Could Not Print"), error->message);
}

/* The question of which deck to print: a button for each deck of
 * cp_deck_sheet_list(), in its order. */
typedef struct {
  CpWindow *self;
  GPtrArray *buttons;
} DeckChoice;

static void
deck_choice_free (DeckChoice *choice)
{
  g_object_unref (choice->self);
  g_ptr_array_unref (choice->buttons);
  g_free (choice);
}

static void
deck_chosen (AdwMessageDialog *dialog, const char *response, DeckChoice *choice)
{
  CpWindow *self = choice->self;
  guint n;
  const CpDeckInfo *decks = cp_deck_sheet_list (&n);
  const CpDeckInfo *deck = &decks[0];
  g_autoptr (GError) error = NULL;
  g_autoptr (CpDeckSheet) sheet = NULL;

  if (!g_str_equal (response, "print") || self->session == NULL)
    return;
  for (guint i = 0; i < choice->buttons->len && i < n; i++)
    if (gtk_check_button_get_active (choice->buttons->pdata[i]))
      deck = &decks[i];
  /* The deck of the game being played prints with its options: tiles
   * with the values the players set. */
  sheet = cp_deck_sheet_new (deck->id, g_strcmp0 (deck->game, cp_game_get_rules (cp_window_get_game (self))->id) == 0
                                         ? cp_game_get_options (cp_window_get_game (self)) : NULL, &error);
  if (sheet == NULL || !_cp_window_print (self, CP_PRINTABLE (sheet), _(deck->name), NULL, &error))
    _cp_window_show_error (self, _("Could Not Print"), error->message);
}

/**
 * _cp_window_choose_deck:
 *
 * Asks which deck or sheet to print, the first one of the game being
 * played chosen, and prints it.
 *
 * Returns: (transfer none): the dialog
 */
AdwMessageDialog *
_cp_window_choose_deck (CpWindow *self)
{
  const char *game = cp_game_get_rules (cp_window_get_game (self))->id;
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Print Cards"),
                                                                         _("Cards print at the size of playing "
                                                                           "cards, nine to a page; print the "
                                                                           "backs on the other side of the "
                                                                           "sheet, turned over its long edge.")));
  GtkWidget *list = gtk_list_box_new ();
  DeckChoice *choice = g_new0 (DeckChoice, 1);
  guint n;
  const CpDeckInfo *decks = cp_deck_sheet_list (&n);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  choice->self = g_object_ref (self);
  choice->buttons = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_check_button_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(decks[i].name));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(decks[i].description));
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), button);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
      if (i > 0)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (button), choice->buttons->pdata[0]);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (button), i == 0 || g_strcmp0 (decks[i].game, game) == 0);
      g_ptr_array_add (choice->buttons, button);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  adw_message_dialog_set_extra_child (dialog, list);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "print", _("_Print…"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "print", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "print");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (deck_chosen), choice,
                         (GClosureNotify) (void (*) (void)) deck_choice_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
print_cards_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  _cp_window_choose_deck (CP_WINDOW (widget));
}

void
_cp_window_class_add_print_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.print-rules", NULL, print_rules_activated);
  gtk_widget_class_install_action (widget_class, "win.print-all-rules", NULL, print_rules_activated);
  gtk_widget_class_install_action (widget_class, "win.print-cards", NULL, print_cards_activated);
  gtk_widget_class_install_action (widget_class, "win.print-game", NULL, print_game_activated);
}
