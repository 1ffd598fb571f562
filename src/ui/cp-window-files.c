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
#include <string.h>

#include "cp-engine.h"
#include "cp-game-file.h"
#include "cp-pgn.h"
#include "cp-text.h"
#include "cp-window-private.h"

#define MAX_RECENT 8

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

/* A file being written for the window.  The application stays until it
 * is written, even when its last window has closed. */
typedef struct {
  CpWindow *self;
  GApplication *application;
  GFile *file;
} FileJob;

static FileJob *
file_job_new (CpWindow *self, GFile *file)
{
  FileJob *job = g_new0 (FileJob, 1);
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  job->self = g_object_ref (self);
  job->file = g_object_ref (file);
  if (application != NULL)
    {
      job->application = g_object_ref (G_APPLICATION (application));
      g_application_hold (job->application);
    }
  return job;
}

static void
file_job_free (FileJob *job)
{
  if (job->application != NULL)
    {
      g_application_release (job->application);
      g_object_unref (job->application);
    }
  g_object_unref (job->file);
  g_object_unref (job->self);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FileJob, file_job_free)

static void
session_saved (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) task = data;
  CpWindow *self = g_task_get_source_object (task);
  GFile *file = g_task_get_task_data (task);
  GError *error = NULL;

  self->saving--;
  if (self->session != NULL)
    _cp_window_update_actions (self);
  if (!cp_session_save_finish (CP_SESSION (source), result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  remember (file, RECORD_MIME_TYPE);
  g_task_return_boolean (task, TRUE);
}

/**
 * cp_window_save_async:
 * @self: a #CpWindow
 * @file: where to save the game
 * @callback: called once the game is saved, or could not be
 * @user_data: data for @callback
 *
 * Saves the game as a record in @file, which becomes the window's file,
 * without blocking the window.  Save is off until the file is written.
 */
void
cp_window_save_async (CpWindow *self, GFile *file, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task;

  g_return_if_fail (CP_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, cp_window_save_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  self->saving++;
  _cp_window_update_actions (self);
  cp_session_save_async (self->session, file, NULL, session_saved, task);
}

/**
 * cp_window_save_finish:
 * @self: a #CpWindow
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: whether the game was saved
 */
gboolean
cp_window_save_finish (CpWindow *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
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
saved_or_not (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (FileJob) job = data;
  CpWindow *self = job->self;
  g_autoptr (GError) error = NULL;

  if (!cp_window_save_finish (self, result, &error) && self->session != NULL)
    {
      g_autofree char *name = cp_text_file_name (job->file);
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);

      _cp_window_show_error (self, heading, error->message);
    }
  if (self->session != NULL)
    after_save (self);
}

/* Saves, says so when the save fails, and then does what the save was
 * asked for. */
static void
save_or_report (CpWindow *self, GFile *file)
{
  cp_window_save_async (self, file, saved_or_not, file_job_new (self, file));
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


static void
exported (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (FileJob) job = data;
  g_autoptr (GError) error = NULL;

  if (cp_game_file_save_finish (G_FILE (source), result, &error))
    {
      remember (job->file, PGN_MIME_TYPE);
      if (job->self->session != NULL)
        _cp_window_show_notice (job->self, _("Exported as PGN"), FALSE);
    }
  else if (job->self->session != NULL)
    _cp_window_show_error (job->self, _("Could Not Export the Game"), error->message);
}

static void
export_to (CpWindow *self, GFile *file)
{
  cp_game_file_save_async (cp_session_get_game (self->session), file, CP_GAME_FILE_PGN, NULL,
                           exported, file_job_new (self, file));
}

/* Opens @file here when nothing would be lost, else as the application
 * opens files. */
static void
open_here_or_anew (CpWindow *self, GFile *file)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  if (cp_window_is_pristine (self) || application == NULL)
    cp_window_open_async (self, file, NULL, NULL, NULL);
  else
    g_application_open (G_APPLICATION (application), &file, 1, "");
}

/**
 * _cp_window_save_as:
 *
 * Saves the game under the name the player chose: a name that ends in
 * ".pgn" exports PGN, for the games PGN can hold; a name without an
 * extension gets ".cpgame".
 */
void
_cp_window_save_as (CpWindow *self, GFile *chosen)
{
  g_autofree char *name = g_file_get_basename (chosen);
  g_autofree char *folded = g_utf8_casefold (name, -1);
  g_autofree char *record_name = NULL;
  g_autoptr (GFile) parent = NULL;
  g_autoptr (GFile) file = NULL;

  if (g_str_has_suffix (folded, ".pgn"))
    {
      if (cp_pgn_can_export (cp_session_get_game (self->session)))
        export_to (self, chosen);
      else
        _cp_window_show_error (self, _("Could Not Save the Game"),
                               _("Only orthodox chess and Chess960 can be saved as PGN. "
                                 "Save the game under a name that ends in “.cpgame”."));
      return;
    }
  if (strchr (name, '.') != NULL)
    {
      save_or_report (self, chosen);
      return;
    }
  parent = g_file_get_parent (chosen);
  record_name = g_strconcat (name, ".cpgame", NULL);
  file = g_file_get_child (parent, record_name);
  save_or_report (self, file);
}

/**
 * _cp_window_close_chooser:
 *
 * Closes the file chooser of the window, if one is open, without an
 * answer.
 */
void
_cp_window_close_chooser (CpWindow *self)
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
  CpChooseFor purpose = self->choosing;
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  _cp_window_close_chooser (self);

  if (file == NULL)
    {
      self->after_save = CP_AFTER_SAVE_NOTHING;
      g_clear_object (&self->replacement);
      return;
    }
  switch (purpose)
    {
    case CP_CHOOSE_OPEN:
      open_here_or_anew (self, file);
      break;
    case CP_CHOOSE_SAVE:
      _cp_window_save_as (self, file);
      break;
    case CP_CHOOSE_EXPORT:
      export_to (self, file);
      break;
    }
}

static void
choose_file (CpWindow *self, CpChooseFor purpose)
{
  GtkFileChooserAction mode = purpose == CP_CHOOSE_OPEN ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE;
  const char *titles[] = { _("Open Game"), _("Save Game"), _("Export as PGN") };
  const char *accept[] = { _("_Open"), _("_Save"), _("_Export") };
  GtkFileChooserNative *native;
  GtkFileChooser *chooser;
  GFile *current = cp_session_get_file (self->session);

  /* One chooser at a time: a new question replaces the one open. */
  _cp_window_close_chooser (self);
  native = gtk_file_chooser_native_new (titles[purpose], GTK_WINDOW (self), mode, accept[purpose], _("_Cancel"));
  chooser = GTK_FILE_CHOOSER (native);
  self->chooser = GTK_NATIVE_DIALOG (native);

  if (purpose == CP_CHOOSE_OPEN)
    {
      g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

      gtk_file_filter_set_name (all, _("All Games"));
      gtk_file_filter_add_mime_type (all, RECORD_MIME_TYPE);
      gtk_file_filter_add_pattern (all, "*.cpgame");
      gtk_file_filter_add_mime_type (all, PGN_MIME_TYPE);
      gtk_file_filter_add_pattern (all, "*.pgn");
      gtk_file_chooser_add_filter (chooser, all);
    }
  if (purpose != CP_CHOOSE_EXPORT)
    add_filter (chooser, _("Chess Parlour Games"), RECORD_MIME_TYPE, "*.cpgame");
  if (purpose != CP_CHOOSE_SAVE)
    add_filter (chooser, _("PGN Files"), PGN_MIME_TYPE, "*.pgn");

  if (purpose != CP_CHOOSE_OPEN)
    {
      g_autofree char *name = NULL;

      if (current != NULL && purpose == CP_CHOOSE_SAVE)
        gtk_file_chooser_set_file (chooser, current, NULL);
      else
        {
          /* Translators: the file name offered for a new game; %s is the game */
          name = g_strdup_printf (_("%s game.%s"), _(cp_game_get_rules (cp_session_get_game (self->session))->name),
                                  purpose == CP_CHOOSE_SAVE ? "cpgame" : "pgn");
          gtk_file_chooser_set_current_name (chooser, name);
        }
    }

  self->choosing = purpose;
  g_signal_connect (native, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
cp_window_choose_file_to_open (CpWindow *self)
{
  g_return_if_fail (CP_IS_WINDOW (self));

  choose_file (self, CP_CHOOSE_OPEN);
}

static gboolean
is_record (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, ".cpgame");
}

static void
save_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpWindow *self = CP_WINDOW (widget);
  GFile *file = cp_session_get_file (self->session);

  if (file != NULL && is_record (file))
    save_or_report (self, file);
  else
    choose_file (self, CP_CHOOSE_SAVE);
}

static void
save_as_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  choose_file (CP_WINDOW (widget), CP_CHOOSE_SAVE);
}

static void
export_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  choose_file (CP_WINDOW (widget), CP_CHOOSE_EXPORT);
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
_cp_window_watch_recent (CpWindow *self)
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
  g_autofree char *name = cp_text_file_name (file);
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

static void
weak_ref_free (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

static void
file_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) task = data;
  g_autoptr (CpWindow) self = g_weak_ref_get (g_task_get_task_data (task));
  GFile *file = G_FILE (source);
  g_autoptr (GPtrArray) games = NULL;
  GError *error = NULL;
  CpGameFileKind kind;

  games = cp_game_file_load_finish (file, result, &kind, &error);
  if (g_task_return_error_if_cancelled (task) || self == NULL)
    {
      g_clear_error (&error);
      return;
    }
  g_clear_object (&self->loading);
  if (games == NULL)
    {
      cp_window_show_open_error (self, file, error);
      g_task_return_error (task, error);
      return;
    }
  cp_window_show_file (self, file, games, kind == CP_GAME_FILE_PGN);
  g_task_return_boolean (task, TRUE);
}

/**
 * cp_window_show_open_error:
 * @self: a #CpWindow
 * @file: a file that could not be read
 * @error: why
 *
 * Explains over the window why @file could not be opened.
 */
void
cp_window_show_open_error (CpWindow *self, GFile *file, const GError *error)
{
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;

  g_return_if_fail (CP_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (error != NULL);

  name = cp_text_file_name (file);
  heading = g_strdup_printf (_("Could Not Open “%s”"), name);
  _cp_window_show_error (self, heading, error->message);
}

/**
 * cp_window_show_file:
 * @self: a #CpWindow
 * @file: the file the games were read from
 * @games: (element-type CpGame): its games, at least one
 * @pgn: whether @file is PGN rather than a record
 *
 * Shows the game of a record, which becomes the window's file; or the
 * game of a PGN file, or else asks which of its games to show.
 */
void
cp_window_show_file (CpWindow *self, GFile *file, GPtrArray *games, gboolean pgn)
{
  g_return_if_fail (CP_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (games != NULL && games->len > 0);

  remember (file, pgn ? PGN_MIME_TYPE : RECORD_MIME_TYPE);
  if (!pgn)
    cp_window_set_game (self, g_ptr_array_index (games, 0), file);
  else if (games->len == 1)
    cp_window_set_game (self, g_ptr_array_index (games, 0), NULL);
  else
    choose_pgn_game (self, games, file);
}

/**
 * cp_window_open_async:
 * @self: a #CpWindow
 * @file: a record or a PGN file
 * @cancellable: (nullable): a #GCancellable
 * @callback: (nullable): called once the game shows, or could not be read
 * @user_data: data for @callback
 *
 * Reads @file without blocking the window, and shows its game; a file
 * that cannot be read is explained in a dialog, and the window keeps what
 * it had.  A file opened while another is being read replaces it, and a
 * window that closes stops reading.
 */
void
cp_window_open_async (CpWindow *self, GFile *file, GCancellable *cancellable,
                      GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task;
  GWeakRef *window;

  g_return_if_fail (CP_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  g_set_object (&self->loading, cancellable);
  if (self->loading == NULL)
    self->loading = g_cancellable_new ();
  /* The reading does not keep the window. */
  task = g_task_new (NULL, self->loading, callback, user_data);
  g_task_set_source_tag (task, cp_window_open_async);
  window = g_new0 (GWeakRef, 1);
  g_weak_ref_init (window, self);
  g_task_set_task_data (task, window, (GDestroyNotify) weak_ref_free);
  cp_game_file_load_async (file, self->loading, file_loaded, task);
}

/**
 * cp_window_open_finish:
 * @self: the #CpWindow given to cp_window_open_async()
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: whether the file's game shows (or, for a PGN file of several
 *   games, the choice of one)
 */
gboolean
cp_window_open_finish (CpWindow *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == cp_window_open_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

void
_cp_window_class_add_file_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_activated);
  gtk_widget_class_install_action (widget_class, "win.export-pgn", NULL, export_activated);
}
