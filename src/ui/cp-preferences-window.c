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
#include "cp-languages.h"
#include "cp-preferences-window.h"
#include "cp-ui-resources.h"

struct _CpPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GtkWidget *show_legal_moves;
  GtkWidget *show_coordinates;
  GtkWidget *animate_moves;
  GtkWidget *board_theme;
  GtkWidget *board_facing;
  GtkWidget *notation;
  GtkWidget *computer_pace;
  GtkWidget *secret_choice_time;
  GtkWidget *language;

  GSettings *settings;
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

static void
cp_preferences_window_finalize (GObject *object)
{
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
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, show_coordinates);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, animate_moves);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, board_theme);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, board_facing);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, notation);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, computer_pace);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, secret_choice_time);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, language);
}

static void
cp_preferences_window_init (CpPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  cp_accessible_name_mnemonics (GTK_WIDGET (self));
  wrap_choices (self->board_theme);
  wrap_choices (self->board_facing);
  wrap_choices (self->notation);
  wrap_choices (self->computer_pace);
  wrap_choices (self->secret_choice_time);
  wrap_choices (self->language);
  fill_languages (self);
}

CpPreferencesWindow *
cp_preferences_window_new (GSettings *settings)
{
  CpPreferencesWindow *self = g_object_new (CP_TYPE_PREFERENCES_WINDOW, NULL);

  self->settings = g_object_ref (settings);
  g_settings_bind (settings, "show-legal-moves", self->show_legal_moves, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "show-coordinates", self->show_coordinates, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "animate-moves", self->animate_moves, "active", G_SETTINGS_BIND_DEFAULT);
  bind_enum (settings, "board-theme", self->board_theme);
  bind_enum (settings, "board-facing", self->board_facing);
  bind_enum (settings, "notation", self->notation);
  bind_enum (settings, "computer-pace", self->computer_pace);
  bind_enum (settings, "secret-choice-time", self->secret_choice_time);
  show_language (self);
  g_signal_connect_swapped (self->language, "notify::selected", G_CALLBACK (language_chosen), self);
  return self;
}
