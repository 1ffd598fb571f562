/* cp-preferences-window.c: the application's preferences
 *
 * Every row is bound to its GSettings key, so changes apply at once in
 * every window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-accessible.h"
#include "cp-engine-list.h"
#include "cp-languages.h"
#include "cp-preferences-window.h"
#include "cp-ui-resources.h"

struct _CpPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GtkWidget *show_legal_moves;
  GtkWidget *analyse_finished_games;
  GtkWidget *show_coordinates;
  GtkWidget *animate_moves;
  GtkWidget *board_theme;
  GtkWidget *board_facing;
  GtkWidget *notation;
  GtkWidget *computer_pace;
  GtkWidget *secret_choice_time;
  GtkWidget *language;
  AdwPreferencesGroup *engines_group;
  GtkWidget *hint_engine;

  GSettings *settings;
  GPtrArray *engine_rows;     /* AdwActionRow, one an engine */
  GPtrArray *hint_paths;      /* the engine of each choice of hint_engine, "" for ours */
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (CpPreferencesWindow, cp_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* An enum key as the position of its nick in the key's range. */
static gboolean
enum_to_selected (GValue *value, GVariant *variant, gpointer user_data)
{
  GSettingsSchemaKey *key = user_data;
  g_autoptr (GVariant) range = g_settings_schema_key_get_range (key);
  g_autoptr (GVariant) nicks = NULL;
  const char *nick = g_variant_get_string (variant, NULL);
  g_autofree const char **list = NULL;

  g_variant_get (range, "(&sv)", NULL, &nicks);
  list = g_variant_get_strv (nicks, NULL);
  for (guint i = 0; list[i]; i++)
    if (g_str_equal (list[i], nick))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
selected_to_enum (const GValue *value, const GVariantType *type, gpointer user_data)
{
  GSettingsSchemaKey *key = user_data;
  g_autoptr (GVariant) range = g_settings_schema_key_get_range (key);
  g_autoptr (GVariant) nicks = NULL;
  g_autofree const char **list = NULL;
  guint selected = g_value_get_uint (value);

  g_variant_get (range, "(&sv)", NULL, &nicks);
  list = g_variant_get_strv (nicks, NULL);
  if (selected >= g_strv_length ((char **) list))
    return NULL;
  return g_variant_new_string (list[selected]);
}

static void
bind_enum (GSettings *settings, const char *key_name, GtkWidget *row)
{
  g_autoptr (GSettingsSchema) schema = NULL;
  GSettingsSchemaKey *key;

  g_object_get (settings, "settings-schema", &schema, NULL);
  key = g_settings_schema_get_key (schema, key_name);
  g_settings_bind_with_mapping (settings, key_name, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                enum_to_selected, selected_to_enum,
                                key, (GDestroyNotify) g_settings_schema_key_unref);
}

static void
setup_choice (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 16);
  gtk_list_item_set_child (item, label);
}

static void
bind_choice (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

/* The choice a row shows goes on in a second line where the row is
 * narrow, rather than lose its end. */
static void
wrap_choices (GtkWidget *row)
{
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_choice), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_choice), NULL);
  adw_combo_row_set_factory (ADW_COMBO_ROW (row), factory);
}

/* The languages, each named in itself, after the system's: the choice
 * is kept as the language's code, "" for the system's. */
static void
fill_languages (CpPreferencesWindow *self)
{
  guint n;
  const CpLanguage *languages = cp_languages_list (&n);
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);

  /* Translators: the choice of the language that follows the system's */
  gtk_string_list_append (names, _("As the System"));
  for (guint i = 0; i < n; i++)
    gtk_string_list_append (names, languages[i].name);
  adw_combo_row_set_model (ADW_COMBO_ROW (self->language), G_LIST_MODEL (names));
}

static void
show_language (CpPreferencesWindow *self)
{
  g_autofree char *code = g_settings_get_string (self->settings, "language");

  /* After the system's, which is -1 + 1. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->language), (guint) (cp_languages_find (code) + 1));
}

static void
language_chosen (CpPreferencesWindow *self)
{
  guint n, selected = adw_combo_row_get_selected (ADW_COMBO_ROW (self->language));
  const CpLanguage *languages = cp_languages_list (&n);
  const char *code = selected > 0 && selected <= n ? languages[selected - 1].code : "";
  g_autofree char *was = g_settings_get_string (self->settings, "language");

  if (selected == GTK_INVALID_LIST_POSITION || g_str_equal (was, code))
    return;
  g_settings_set_string (self->settings, "language", code);
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self),
                                    adw_toast_new (_("Chess Parlour speaks the language chosen when it starts again")));
}

/* The engines: each a row with the name it gives itself and its path;
 * those the player added can be removed. */

static void
remove_engine (GtkButton *button, CpPreferencesWindow *self)
{
  const char *path = g_object_get_data (G_OBJECT (button), "path");
  g_auto (GStrv) paths = g_settings_get_strv (self->settings, "uci-engines");
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) kept = NULL;
  g_autofree char *hint = g_settings_get_string (self->settings, "hint-engine");

  for (guint i = 0; paths[i] != NULL; i++)
    if (!g_str_equal (paths[i], path))
      g_strv_builder_add (builder, paths[i]);
  kept = g_strv_builder_end (builder);
  if (g_str_equal (hint, path))
    g_settings_set_string (self->settings, "hint-engine", "");
  g_settings_set_strv (self->settings, "uci-engines", (const char *const *) kept);
}

static void
hint_engine_chosen (CpPreferencesWindow *self)
{
  guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (self->hint_engine));

  if (selected < self->hint_paths->len)
    g_settings_set_string (self->settings, "hint-engine", g_ptr_array_index (self->hint_paths, selected));
}

static void
fill_engines (CpPreferencesWindow *self)
{
  CpEngineList *list = cp_engine_list_get_default ();
  g_auto (GStrv) added = g_settings_get_strv (self->settings, "uci-engines");
  g_autofree char *hint = g_settings_get_string (self->settings, "hint-engine");
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  guint selected = 0;

  cp_engine_list_set_added (list, (const char *const *) added);
  for (guint i = 0; i < self->engine_rows->len; i++)
    adw_preferences_group_remove (self->engines_group, g_ptr_array_index (self->engine_rows, i));
  g_ptr_array_set_size (self->engine_rows, 0);
  g_ptr_array_set_size (self->hint_paths, 0);
  /* Translators: the choice of the hints given by the program's own computer player */
  gtk_string_list_append (names, _("Chess Parlour’s Computer"));
  g_ptr_array_add (self->hint_paths, g_strdup (""));
  for (guint i = 0; i < cp_engine_list_get_n_engines (list); i++)
    {
      CpUciEngine *engine = cp_engine_list_get_engine (list, i);
      const char *path = cp_uci_engine_get_path (engine);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), cp_uci_engine_get_name (engine));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), path);
      if (g_strv_contains ((const char *const *) added, path))
        {
          GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");

          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          gtk_widget_add_css_class (button, "flat");
          gtk_widget_set_tooltip_text (button, _("Remove"));
          gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Remove"), -1);
          g_object_set_data_full (G_OBJECT (button), "path", g_strdup (path), g_free);
          g_signal_connect_object (button, "clicked", G_CALLBACK (remove_engine), self, 0);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
        }
      adw_preferences_group_add (self->engines_group, row);
      g_ptr_array_add (self->engine_rows, row);
      gtk_string_list_append (names, cp_uci_engine_get_name (engine));
      g_ptr_array_add (self->hint_paths, g_strdup (path));
      if (g_str_equal (hint, path))
        selected = self->hint_paths->len - 1;
    }
  g_signal_handlers_block_by_func (self->hint_engine, hint_engine_chosen, self);
  adw_combo_row_set_model (ADW_COMBO_ROW (self->hint_engine), G_LIST_MODEL (names));
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->hint_engine), selected);
  g_signal_handlers_unblock_by_func (self->hint_engine, hint_engine_chosen, self);
}

static void
engine_chosen (CpPreferencesWindow *self, int response, GtkFileChooserNative *chooser)
{
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr (CpUciEngine) engine = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) paths = NULL;
  g_autoptr (GStrvBuilder) builder = NULL;
  g_auto (GStrv) list = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file == NULL || (path = g_file_get_path (file)) == NULL)
    return;
  engine = cp_uci_engine_new (path);
  if (!cp_uci_engine_probe (engine, NULL, &error))
    {
      adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (error->message));
      return;
    }
  cp_uci_engine_stop (engine);
  paths = g_settings_get_strv (self->settings, "uci-engines");
  if (g_strv_contains ((const char *const *) paths, path))
    return;
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) paths);
  g_strv_builder_add (builder, path);
  list = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "uci-engines", (const char *const *) list);
}

static void
add_engine_clicked (CpPreferencesWindow *self)
{
  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Choose a Chess Engine"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, NULL, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (engine_chosen), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
cp_preferences_window_finalize (GObject *object)
{
  CpPreferencesWindow *self = CP_PREFERENCES_WINDOW (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_ptr_array_unref (self->engine_rows);
  g_ptr_array_unref (self->hint_paths);
  g_clear_object (&CP_PREFERENCES_WINDOW (object)->settings);
  G_OBJECT_CLASS (cp_preferences_window_parent_class)->finalize (object);
}

static void
cp_preferences_window_class_init (CpPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /* The template lives in the interface's resources, in a static library:
   * using them here keeps them, and their registration, in any program
   * that uses the window. */
  (void) cp_ui_get_resource ();
  object_class->finalize = cp_preferences_window_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chess_parlour/ChessParlour/ui/cp-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, show_legal_moves);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, analyse_finished_games);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, show_coordinates);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, animate_moves);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, board_theme);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, board_facing);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, notation);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, computer_pace);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, secret_choice_time);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, language);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, engines_group);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, hint_engine);
  gtk_widget_class_bind_template_callback (widget_class, add_engine_clicked);
}

static void
cp_preferences_window_init (CpPreferencesWindow *self)
{
  self->engine_rows = g_ptr_array_new ();
  self->hint_paths = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  cp_accessible_name_mnemonics (GTK_WIDGET (self));
  wrap_choices (self->board_theme);
  wrap_choices (self->board_facing);
  wrap_choices (self->notation);
  wrap_choices (self->computer_pace);
  wrap_choices (self->secret_choice_time);
  wrap_choices (self->language);
  wrap_choices (self->hint_engine);
  fill_languages (self);
}

CpPreferencesWindow *
cp_preferences_window_new (GSettings *settings)
{
  CpPreferencesWindow *self = g_object_new (CP_TYPE_PREFERENCES_WINDOW, NULL);

  self->settings = g_object_ref (settings);
  g_settings_bind (settings, "show-legal-moves", self->show_legal_moves, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "analyse-finished-games", self->analyse_finished_games, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "show-coordinates", self->show_coordinates, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "animate-moves", self->animate_moves, "active", G_SETTINGS_BIND_DEFAULT);
  bind_enum (settings, "board-theme", self->board_theme);
  bind_enum (settings, "board-facing", self->board_facing);
  bind_enum (settings, "notation", self->notation);
  bind_enum (settings, "computer-pace", self->computer_pace);
  bind_enum (settings, "secret-choice-time", self->secret_choice_time);
  show_language (self);
  g_signal_connect_swapped (self->language, "notify::selected", G_CALLBACK (language_chosen), self);
  fill_engines (self);
  g_signal_connect_object (settings, "changed::uci-engines", G_CALLBACK (fill_engines), self, G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->hint_engine, "notify::selected", G_CALLBACK (hint_engine_chosen), self);
  return self;
}
