/* cp-window-files.c: the files of a game window
 *
 * Opening records and PGN files (with a choice of game when a PGN file
 * holds several), saving, exporting as PGN, files dropped on the window,
 * and the menu of recent files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-pgn.h"
#include "cp-record.h"
#include "cp-window-private.h"

#define MAX_RECENT 8

char *
cp_window_display_name (GFile *file)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                                  G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info != NULL)
    return g_strdup (g_file_info_get_display_name (info));
  return g_file_get_basename (file);
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
  g_return_val_if_fail (CP_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!cp_session_save (self->session, file, error))
    return FALSE;
  remember (file, RECORD_MIME_TYPE);
  return TRUE;
}

static void
save_or_report (CpWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = cp_window_display_name (file);

  if (!cp_window_save_to (self, file, &error))
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);

      cp_window_show_error (self, heading, error->message);
    }
}

/* After a save asked for before closing or replacing the game, close
 * or replace it, once the game is safe. */
static void
after_save (CpWindow *self)
{
  CpAfterSave after = self->after_save;
  g_autoptr (CpGame) replacement = g_steal_pointer (&self->replacement);

  self->after_save = CP_AFTER_SAVE_NOTHING;
  if (cp_session_get_modified (self->session))
    return;
  if (after == CP_AFTER_SAVE_CLOSE)
    gtk_window_destroy (GTK_WINDOW (self));
  else if (after == CP_AFTER_SAVE_REPLACE && replacement != NULL)
    cp_window_set_game (self, replacement, NULL);
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
export_to (CpWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;

  if (cp_pgn_save (cp_session_get_game (self->session), file, NULL, &error))
    {
      remember (file, PGN_MIME_TYPE);
      cp_window_show_notice (self, _("Exported as PGN"), FALSE);
    }
  else
    cp_window_show_error (self, _("Could Not Export the Game"), error->message);
}

/* Opens @file here when nothing would be lost, else in a new window. */
static void
open_here_or_anew (CpWindow *self, GFile *file)
{
  if (cp_window_is_pristine (self))
    cp_window_open (self, file);
  else
    cp_application_open_file (CP_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))), file);
}

/**
 * cp_window_close_chooser:
 *
 * Closes the file chooser of the window, if one is open, without an
 * answer.
 */
void
cp_window_close_chooser (CpWindow *self)
{
  if (self->chooser == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->chooser, self);
  gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
}

static void
chooser_response (GtkNativeDialog *native, int response, CpWindow *self)
{
  ChooseFor purpose = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (native), "purpose"));
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  cp_window_close_chooser (self);

  if (file == NULL)
    {
      self->after_save = CP_AFTER_SAVE_NOTHING;
      g_clear_object (&self->replacement);
      return;
    }
  switch (purpose)
    {
    case CHOOSE_OPEN:
      open_here_or_anew (self, file);
      break;
    case CHOOSE_SAVE:
      save_or_report (self, file);
      after_save (self);
      break;
    case CHOOSE_EXPORT:
      export_to (self, file);
      break;
    }
}

static void
choose_file (CpWindow *self, ChooseFor purpose)
{
  GtkFileChooserAction mode = purpose == CHOOSE_OPEN ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE;
  const char *titles[] = { _("Open Game"), _("Save Game"), _("Export as PGN") };
  const char *accept[] = { _("_Open"), _("_Save"), _("_Export") };
  GtkFileChooserNative *native;
  GtkFileChooser *chooser;
  GFile *current = cp_session_get_file (self->session);

  /* One chooser at a time: a new question replaces the one open. */
  cp_window_close_chooser (self);
  native = gtk_file_chooser_native_new (titles[purpose], GTK_WINDOW (self), mode, accept[purpose], _("_Cancel"));
  chooser = GTK_FILE_CHOOSER (native);
  self->chooser = GTK_NATIVE_DIALOG (native);

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

      if (current != NULL && purpose == CHOOSE_SAVE)
        gtk_file_chooser_set_file (chooser, current, NULL);
      else
        {
          /* Translators: the file name offered for a new game; %s is the game */
          name = g_strdup_printf (_("%s game.%s"), _(cp_game_get_rules (cp_session_get_game (self->session))->name),
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
  g_return_if_fail (CP_IS_WINDOW (self));

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
  GFile *file = cp_session_get_file (self->session);

  if (file != NULL && is_record (file))
    {
      save_or_report (self, file);
      after_save (self);
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
  open_here_or_anew (self, g_value_get_object (value));
  return TRUE;
}

/* Reading the list of recent files takes a while: it waits until the
 * window is on screen. */
static gboolean
watch_recent_later (gpointer data)
{
  CpWindow *self = data;

  self->recent_source = 0;
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed", G_CALLBACK (update_recent),
                           self, G_CONNECT_SWAPPED);
  update_recent (self);
  return G_SOURCE_REMOVE;
}

/* Keeps the menu of recent files up to date, and opens files dropped on
 * the window. */
void
cp_window_watch_recent (CpWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);

  g_signal_connect (drop, "drop", G_CALLBACK (file_dropped), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  g_menu_append (self->recent_menu, _("No Recent Games"), NULL);
  self->recent_source = g_idle_add_full (G_PRIORITY_LOW, watch_recent_later, self, NULL);
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
  g_autofree char *name = cp_window_display_name (file);
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

  g_return_if_fail (CP_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

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
    g_autofree char *name = cp_window_display_name (file);
    g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);

    cp_window_show_error (self, heading, error->message);
  }
}

void
cp_window_class_add_file_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_activated);
  gtk_widget_class_install_action (widget_class, "win.export-pgn", NULL, export_activated);
}
