/* cp-application.c: the Chess Parlour application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "cp-application.h"
#include "cp-autosave.h"
#include "cp-ui-resources.h"
#include "cp-command-line.h"
#include "cp-game-file.h"
#include "cp-preferences-window.h"
#include "cp-window.h"

struct _CpApplication
{
  AdwApplication parent_instance;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (CpApplication, cp_application, ADW_TYPE_APPLICATION)

CpApplication *
cp_application_new (GApplicationFlags flags)
{
  return g_object_new (CP_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", flags | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/chess_parlour/ChessParlour",
                       NULL);
}

GSettings *
cp_application_get_settings (CpApplication *self)
{
  return self->settings;
}

/* A new window with a new game of the game last played. */
GtkWindow *
cp_application_new_window (CpApplication *self)
{
  CpWindow *window = cp_window_new (GTK_APPLICATION (self), self->settings);

  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}

/* The window that shows nothing worth keeping yet, to open a file in. */
static CpWindow *
pristine_window (CpApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (CP_IS_WINDOW (l->data) && cp_window_is_pristine (l->data))
      return l->data;
  return NULL;
}

typedef struct {
  CpApplication *self;
  GFile *file;
} Opening;

static void
opening_free (Opening *opening)
{
  g_application_release (G_APPLICATION (opening->self));
  g_object_unref (opening->self);
  g_object_unref (opening->file);
  g_free (opening);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Opening, opening_free)

/* A file read for a window of its own: the window comes once there is a
 * game to show in it.  A file that cannot be read is explained over the
 * window in front, and leaves no window behind. */
static void
file_read (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (Opening) opening = data;
  CpApplication *self = opening->self;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;
  CpGameFileKind kind;
  GtkWindow *window;

  games = cp_game_file_load_finish (opening->file, result, &kind, &error);
  if (games != NULL)
    {
      window = GTK_WINDOW (cp_window_new (GTK_APPLICATION (self), self->settings));
      gtk_window_present (window);
      cp_window_show_file (CP_WINDOW (window), opening->file, games, kind == CP_GAME_FILE_PGN);
      return;
    }
  window = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (!CP_IS_WINDOW (window))
    window = cp_application_new_window (self);
  cp_window_show_open_error (CP_WINDOW (window), opening->file, error);
}

/* The window that shows @file, or NULL. */
static CpWindow *
window_of_file (CpApplication *self, GFile *file)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (CP_IS_WINDOW (l->data) && cp_window_get_file (l->data) != NULL
        && g_file_equal (cp_window_get_file (l->data), file))
      return l->data;
  return NULL;
}

/* Opens @file: raises the window that already shows it, or opens it in
 * the window that shows a game nobody has played yet, or else in a window
 * of its own. */
static void
open_file (CpApplication *self, GFile *file)
{
  CpWindow *window = window_of_file (self, file);
  Opening *opening;

  if (window == NULL && (window = pristine_window (self)) != NULL)
    cp_window_open_async (window, file, NULL, NULL, NULL);
  if (window != NULL)
    {
      gtk_window_present (GTK_WINDOW (window));
      return;
    }
  opening = g_new0 (Opening, 1);
  opening->self = g_object_ref (self);
  opening->file = g_object_ref (file);
  g_application_hold (G_APPLICATION (self));
  cp_game_file_load_async (file, NULL, file_read, opening);
}

/**
 * cp_application_help_is_installed:
 * @data_dirs: the data folders where a help viewer looks for help, such
 *   as the user's and the system's
 *
 * Whether the help pages lie where a help viewer finds them: in
 * help/C/chess-parlour of one of @data_dirs.  They do not when the
 * program runs from its build folder without being installed.
 */
gboolean
cp_application_help_is_installed (const char *const *data_dirs)
{
  for (guint i = 0; data_dirs[i]; i++)
    {
      g_autofree char *index = g_build_filename (data_dirs[i], "help", "C", "chess-parlour", "index.page", NULL);

      if (g_file_test (index, G_FILE_TEST_IS_REGULAR))
        return TRUE;
    }
  return FALSE;
}

/* Whether the help viewer would find the help, in the folders it reads. */
static gboolean
help_is_found (void)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) dirs = NULL;

  g_strv_builder_add (builder, g_get_user_data_dir ());
  g_strv_builder_addv (builder, (const char **) g_get_system_data_dirs ());
  dirs = g_strv_builder_end (builder);
  return cp_application_help_is_installed ((const char *const *) dirs);
}

/* Opens the help browser at @page, such as "chess", or at the index for
 * %NULL; or says why it cannot. */
static void
show_help (CpApplication *self, GtkWindow *parent, const char *page)
{
  g_autofree char *uri = page ? g_strdup_printf ("help:chess-parlour/%s", page)
                              : g_strdup ("help:chess-parlour");
  g_autoptr (GAppInfo) viewer = NULL;

  /* gtk_show_uri cannot tell that nothing opened the page: without a
   * viewer, or without the help where the viewer looks for it, the window
   * shows what it has.  In a sandbox the portal finds the viewer outside,
   * and the help lies where it finds it. */
  if (CP_IS_WINDOW (parent) && !g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS)
      && ((viewer = g_app_info_get_default_for_uri_scheme ("help")) == NULL || !help_is_found ()))
    {
      cp_window_show_help_fallback (CP_WINDOW (parent), page == NULL, viewer == NULL);
      return;
    }
  gtk_show_uri (parent, uri, GDK_CURRENT_TIME);
}

static void
new_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CpApplication *self = user_data;
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (CP_IS_WINDOW (active))
    cp_window_show_new_game (CP_WINDOW (active));
  else
    cp_window_show_new_game (CP_WINDOW (cp_application_new_window (self)));
}

/* Another window, for those who want two games at once. */
static void
new_window_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  cp_application_new_window (user_data);
}

static void
open_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CpApplication *self = user_data;
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (!CP_IS_WINDOW (active))
    active = cp_application_new_window (self);
  cp_window_choose_file_to_open (CP_WINDOW (active));
}

static void
open_recent_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  open_file (user_data, file);
}

static void
preferences_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CpApplication *self = user_data;
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));
  CpPreferencesWindow *preferences = cp_preferences_window_new (self->settings);

  gtk_window_set_transient_for (GTK_WINDOW (preferences), active);
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
help_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CpApplication *self = user_data;

  show_help (self, gtk_application_get_active_window (GTK_APPLICATION (self)), NULL);
}


static void
about_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CpApplication *self = user_data;
  static const char *developers[] = { "The Chess Parlour developers", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                        "application-name", _("Chess Parlour"),
                        "application-icon", APPLICATION_ID,
                        "developer-name", _("The Chess Parlour developers"),
                        "version", PACKAGE_VERSION,
                        "website", "https://github.com/chess-parlour/chess-parlour",
                        "issue-url", "https://github.com/chess-parlour/chess-parlour/issues",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "copyright", _("© 2026 The Chess Parlour developers"),
                        "developers", developers,
                        /* Translators: put your names here, one a line */
                        "translator-credits", _("translator-credits"),
                        "comments", _("Play, save and replay chess variants and old board games, "
                                      "with the rules kept for you."),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CpApplication *self = user_data;
  g_autoptr (GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* Each window asks about unsaved changes before it goes. */
  for (GList *l = windows; l; l = l->next)
    gtk_window_close (l->data);
}

/* The keyboard shortcuts window, made the first time it is asked for:
 * GtkApplication would build one for every window as the window opens. */
static void
show_help_overlay_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplicationWindow *window = user_data;
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (window);

  if (overlay == NULL)
    {
      g_autoptr (GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/chess_parlour/ChessParlour/ui/help-overlay.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      /* The window keeps the overlay, and the action: it adds its own
       * only where there is none. */
      gtk_application_window_set_help_overlay (window, overlay);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

static const GActionEntry app_actions[] = {
  { "new-game", new_game_activated },
  { "new-window", new_window_activated },
  { "open", open_activated },
  { "open-recent", open_recent_activated, "s" },
  { "preferences", preferences_activated },
  { "help", help_activated },
  { "about", about_activated },
  { "quit", quit_activated },
};

/**
 * cp_application_load_settings:
 *
 * The program's settings; an uninstalled build reads its schema from the
 * build folder.
 *
 * Returns: (transfer full) (nullable): the settings, or %NULL when the
 *   schema is nowhere
 */
GSettings *
cp_application_load_settings (void)
{
  GSettingsSchemaSource *installed = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchemaSource) built = NULL;
  g_autoptr (GSettingsSchema) schema = NULL;

  if (installed != NULL)
    schema = g_settings_schema_source_lookup (installed, APPLICATION_ID, TRUE);
  if (schema == NULL)
    {
      built = g_settings_schema_source_new_from_directory (BUILD_SCHEMA_DIR, installed, FALSE, NULL);
      if (built != NULL)
        schema = g_settings_schema_source_lookup (built, APPLICATION_ID, FALSE);
    }
  return schema ? g_settings_new_full (schema, NULL, NULL) : NULL;
}

/* The style chosen in the main menu: the system's, light or dark. */
static void
apply_style (CpApplication *self)
{
  static const AdwColorScheme schemes[] = {
    ADW_COLOR_SCHEME_DEFAULT, ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK,
  };
  guint style = (guint) g_settings_get_enum (self->settings, "style");

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      schemes[style < G_N_ELEMENTS (schemes) ? style : 0]);
}

static void
cp_application_startup (GApplication *app)
{
  CpApplication *self = CP_APPLICATION (app);
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.new-game", { "<Control>n", NULL } },
    { "app.new-window", { "<Control><Shift>n", NULL } },
    { "app.open", { "<Control>o", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.help", { "F1", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.print-rules", { "<Control>p", NULL } },
    { "win.copy-position", { "<Control><Shift>c", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", NULL } },
    { "win.rotate", { "<Control>r", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    { "win.play-card", { "<Control>k", NULL } },
    { "win.card-done", { "<Control>Return", NULL } },
    { "win.end-turn", { "<Control>e", NULL } },
    { "win.rules", { "<Shift>F1", NULL } },
    { "window.close", { "<Control>w", NULL } },
  };
  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();
  g_autoptr (GAction) style = NULL;

  G_APPLICATION_CLASS (cp_application_parent_class)->startup (app);

  self->settings = cp_application_load_settings ();
  if (self->settings == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Chess Parlour’s settings schema “%s” is not installed. "
                                                    "Install the program, or run it from its build folder."),
                                                  APPLICATION_ID);

      g_printerr ("%s\n", message);
      exit (EXIT_FAILURE);
    }

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions), self);
  style = g_settings_create_action (self->settings, "style");
  g_action_map_add_action (G_ACTION_MAP (self), style);
  g_signal_connect_object (self->settings, "changed::style", G_CALLBACK (apply_style), self, G_CONNECT_SWAPPED);
  apply_style (self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action, accels[i].accels);

  gtk_css_provider_load_from_resource (css, "/io/github/chess_parlour/ChessParlour/ui/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

/* Brings back the games that were in progress when the program last
 * stopped without saving them.  Returns: how many */
static guint
recover_games (CpApplication *self)
{
  g_autoptr (GPtrArray) found = cp_autosave_find_orphans ();

  for (guint i = 0; i < found->len; i++)
    {
      CpAutosave *saved = g_ptr_array_index (found, i);
      CpWindow *window = cp_window_new (GTK_APPLICATION (self), self->settings);

      cp_window_recover (window, saved);
      gtk_window_present (GTK_WINDOW (window));
    }
  return found->len;
}

static void
cp_application_activate (GApplication *app)
{
  CpApplication *self = CP_APPLICATION (app);
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (active != NULL)
    {
      gtk_window_present (active);
      return;
    }
  if (recover_games (self) == 0)
    cp_application_new_window (self);
}

static void
cp_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  CpApplication *self = CP_APPLICATION (app);

  if (gtk_application_get_active_window (GTK_APPLICATION (self)) == NULL)
    recover_games (self);
  for (int i = 0; i < n_files; i++)
    open_file (self, files[i]);
}

/* A page of the help, such as a game's, or the index for "", for a
 * window: over it, or in it when there is no help viewer. */
static void
help_page_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkWindow *window = user_data;
  const char *page = g_variant_get_string (parameter, NULL);

  show_help (CP_APPLICATION (gtk_window_get_application (window)), window, *page ? page : NULL);
}

static void
cp_application_window_added (GtkApplication *app, GtkWindow *window)
{
  static const GActionEntry window_actions[] = {
    { "show-help-overlay", show_help_overlay_activated },
    { "help-page", help_page_activated, "s" },
  };

  GTK_APPLICATION_CLASS (cp_application_parent_class)->window_added (app, window);
  if (GTK_IS_APPLICATION_WINDOW (window))
    g_action_map_add_action_entries (G_ACTION_MAP (window), window_actions, G_N_ELEMENTS (window_actions), window);
}

static void
cp_application_finalize (GObject *object)
{
  g_clear_object (&CP_APPLICATION (object)->settings);
  G_OBJECT_CLASS (cp_application_parent_class)->finalize (object);
}

static void
cp_application_class_init (CpApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  /* The interface's resources live in a static library: using them here
   * keeps them, and their registration, in the program. */
  (void) cp_ui_get_resource ();

  object_class->finalize = cp_application_finalize;
  app_class->startup = cp_application_startup;
  app_class->activate = cp_application_activate;
  app_class->open = cp_application_open;
  GTK_APPLICATION_CLASS (klass)->window_added = cp_application_window_added;
}

static void
cp_application_init (CpApplication *self)
{
  cp_command_line_install (G_APPLICATION (self));
}
