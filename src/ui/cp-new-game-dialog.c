/* cp-new-game-dialog.c: choosing a game, its options and its players
 *
 * Two pages: first the games, each with a small picture of its board at
 * the start, its name and what it is, the games played lately first, and
 * a search of names and descriptions that typing goes to; then the chosen
 * game's options and players side by side, or one above the other in a
 * narrow window, and a button back to the games.
 *
 * The games come from the engine's registry; the rows for a game's options
 * are made from its option specifications, so a new game brings its
 * options to the dialog without changes here.  What is wrong with the
 * game described is said under the option it is about.
 *
 * The dialog remembers people, not seats: the names people typed and who
 * played (a person, or the computer at its level), in the order of the
 * seats of the last game, and seats them in the same order in the next
 * game, whatever its armies.  A seat nobody named goes by its army's name
 * in the game, but that name is never remembered as a person's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cp-accessible.h"
#include "cp-board-renderer.h"
#include "cp-columns.h"
#include "cp-computer-player.h"
#include "cp-engine.h"
#include "cp-engine-list.h"
#include "cp-new-game-dialog.h"
#include "cp-option-row.h"

struct _CpNewGameDialog
{
  AdwWindow parent_instance;

  GtkStack *pages;
  GtkWidget *games_page;
  GtkSearchEntry *search_entry;
  GtkWidget *recent_label;
  GtkListBox *recent_list;
  GtkWidget *games_label;
  GtkListBox *games_list;
  GtkWidget *no_games;
  AdwWindowTitle *setup_title;
  GtkWidget *start_button;
  GtkWidget *options_clamp;
  AdwPreferencesGroup *options_group;
  AdwPreferencesGroup *players_group;

  GSettings *settings;
  const CpRules *rules;
  GPtrArray *game_rows;     /* AdwActionRow, one a game, registry order */
  GtkWidget *rules_row;     /* the row of `rules` */
  GtkWidget *error_row;     /* what is wrong, under the row it is about */
  GtkWidget *error_field;   /* the row it is about, or NULL */
  GPtrArray *option_rows;   /* CpOptionRow, one an option of the chosen game */
  GPtrArray *name_rows;     /* AdwEntryRow, one a seat */
  GPtrArray *kind_drop_downs; /* GtkDropDown beside each name row, of who
                               * plays the seat: a person, a computer level,
                               * or a chess engine of `engines` */
  GPtrArray *strength_rows;   /* AdwActionRow under each name row, of the
                               * strength of the engine that plays the seat */
  GPtrArray *strength_spins;  /* GtkSpinButton in it */
  GPtrArray *engines;         /* CpUciEngine: the engines that play the game */
  GArray *people;           /* Person: who was in each seat's row, for the
                             * rows of the next game shown */
  GtkWidget *seats_row;     /* for games with a choice of seats */
  GtkSpinButton *seats_spin;
};

G_DEFINE_FINAL_TYPE (CpNewGameDialog, cp_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  GAME_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
remove_rows (AdwPreferencesGroup *group, GPtrArray *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

/* The row of an option, or NULL. */
static CpOptionRow *
find_option_row (CpNewGameDialog *self, const char *option_id)
{
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      CpOptionRow *row = g_ptr_array_index (self->option_rows, i);

      if (g_str_equal (cp_option_row_get_option_id (row), option_id))
        return row;
    }
  return NULL;
}

static guint
n_seats (CpNewGameDialog *self)
{
  if (self->rules->min_seats == self->rules->max_seats)
    return self->rules->min_seats;
  return (guint) gtk_spin_button_get_value_as_int (self->seats_spin);
}

/* Who plays a seat: a person (0), or a computer player at a level. */
static const CpLevel kind_levels[] = { 0, CP_LEVEL_EASY, CP_LEVEL_MEDIUM, CP_LEVEL_HARD };
#define N_KINDS G_N_ELEMENTS (kind_levels)

/* Who sits at a seat: a name a person typed, or NULL, and who plays, as
 * the index of `kind_levels`. */
typedef struct {
  char *name;
  guint kind;
} Person;

static void
clear_person (gpointer data)
{
  g_free (((Person *) data)->name);
}

/* @text as a person's name, without the spaces around it; NULL when it is
 * empty or an army's name (a seat nobody named goes by that). */
static char *
person_name (const char *text)
{
  g_autofree char *name = g_strstrip (g_strdup (text));

  if (name[0] == '\0' || cp_rules_is_seat_name (name))
    return NULL;
  return g_steal_pointer (&name);
}

/* The people of the last game started from the dialog, seat by seat.
 * Older versions kept the army's name for a seat nobody named: it is read
 * as no name. */
static GArray *
load_people (GSettings *settings)
{
  g_auto (GStrv) names = g_settings_get_strv (settings, "player-names");
  g_autoptr (GVariant) levels = g_settings_get_value (settings, "player-levels");
  guint n_names = g_strv_length (names);
  guint n_levels = (guint) g_variant_n_children (levels);
  GArray *people = g_array_new (FALSE, TRUE, sizeof (Person));

  g_array_set_clear_func (people, clear_person);
  g_array_set_size (people, MIN (MAX (n_names, n_levels), CP_MAX_SEATS));
  for (guint i = 0; i < people->len; i++)
    {
      Person *person = &g_array_index (people, Person, i);
      gint32 level = 0;

      if (i < n_names)
        person->name = person_name (names[i]);
      if (i < n_levels)
        g_variant_get_child (levels, i, "i", &level);
      person->kind = (guint) CLAMP (level, 0, (gint32) N_KINDS - 1);
    }
  return people;
}

/* The button shows the chosen level by its name alone, and an engine's
 * name cut short where it is long, so that the player's name keeps its
 * room; the menu shows the choices whole. */
#define KIND_WIDTH_CHARS 14

static GtkWidget *
kind_drop_down (GPtrArray *engines, guint level)
{
  const char *shown[N_KINDS + 1] = { NULL };
  g_autoptr (GtkListItemFactory) button_factory = NULL;
  g_autoptr (GtkStringList) labels = gtk_string_list_new (NULL);
  GtkWidget *drop_down;

  gtk_string_list_append (labels, _("Person"));
  shown[0] = "";
  for (guint i = 1; i < N_KINDS; i++)
    {
      gtk_string_list_append (labels, cp_level_name (kind_levels[i]));
      shown[i] = cp_level_short_name (kind_levels[i]);
    }
  button_factory = cp_accessible_choice_factory (KIND_WIDTH_CHARS, shown);
  for (guint i = 0; i < engines->len; i++)
    gtk_string_list_append (labels, cp_uci_engine_get_name (g_ptr_array_index (engines, i)));
  drop_down = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&labels)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop_down), level < N_KINDS + engines->len ? level : N_KINDS - 1);
  gtk_widget_set_valign (drop_down, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (drop_down, "flat");
  /* No tooltip: the control shows what it is set to, and a tooltip would
   * cover the items of its own menu. */
  cp_accessible_name_drop_down (GTK_DROP_DOWN (drop_down), _("Who plays this seat"));
  /* The menu keeps the rows that name themselves; the button shortens. */
  gtk_drop_down_set_list_factory (GTK_DROP_DOWN (drop_down),
                                  gtk_drop_down_get_factory (GTK_DROP_DOWN (drop_down)));
  gtk_drop_down_set_factory (GTK_DROP_DOWN (drop_down), button_factory);
  return drop_down;
}

/* The name typed in the row of @seat, as person_name() takes it. */
static char *
row_name (CpNewGameDialog *self, guint seat)
{
  return person_name (gtk_editable_get_text (GTK_EDITABLE (g_ptr_array_index (self->name_rows, seat))));
}

static guint
row_kind (CpNewGameDialog *self, guint seat)
{
  return gtk_drop_down_get_selected (g_ptr_array_index (self->kind_drop_downs, seat));
}

/* The engine chosen for @seat, or NULL. */
static CpUciEngine *
row_engine (CpNewGameDialog *self, guint seat)
{
  guint kind = row_kind (self, seat);

  if (kind < N_KINDS || kind - N_KINDS >= self->engines->len)
    return NULL;
  return g_ptr_array_index (self->engines, kind - N_KINDS);
}

/* The strength row of a seat shows while an engine that has one plays it. */
static void
update_strength (CpNewGameDialog *self, GParamSpec *pspec, GtkWidget *drop_down)
{
  guint seat;
  CpUciEngine *engine;
  GtkSpinButton *spin;
  CpUciStrengthKind kind;
  int min, max, preferred;

  if (!g_ptr_array_find (self->kind_drop_downs, drop_down, &seat))
    return;
  engine = row_engine (self, seat);
  spin = g_ptr_array_index (self->strength_spins, seat);
  kind = engine != NULL ? cp_uci_engine_get_strength_range (engine, &min, &max, &preferred) : CP_UCI_STRENGTH_NONE;
  gtk_widget_set_visible (g_ptr_array_index (self->strength_rows, seat), kind != CP_UCI_STRENGTH_NONE);
  if (kind == CP_UCI_STRENGTH_NONE)
    return;
  gtk_spin_button_set_range (spin, min, max);
  gtk_spin_button_set_increments (spin, kind == CP_UCI_STRENGTH_ELO ? 50 : 1, kind == CP_UCI_STRENGTH_ELO ? 200 : 5);
  gtk_spin_button_set_value (spin, kind == CP_UCI_STRENGTH_ELO ? CLAMP (1800, min, max) : preferred);
  adw_action_row_set_subtitle (g_ptr_array_index (self->strength_rows, seat),
                               kind == CP_UCI_STRENGTH_ELO ? _("The engine’s strength, as a chess rating (Elo)")
                                                           : _("The engine’s strength, as its skill level"));
}

/* Keeps who is in the rows from @first on, for the rows made later. */
static void
keep_people (CpNewGameDialog *self, guint first)
{
  if (self->people->len < self->name_rows->len)
    g_array_set_size (self->people, self->name_rows->len);
  for (guint seat = first; seat < self->name_rows->len; seat++)
    {
      Person *person = &g_array_index (self->people, Person, seat);

      g_free (person->name);
      person->name = row_name (self, seat);
      person->kind = row_kind (self, seat);
    }
}

/* One name row a seat, titled with the seat's army, with the people who
 * sat in the rows before, seat by seat: their names, or none. */
static void
update_names (CpNewGameDialog *self)
{
  guint wanted = n_seats (self);

  if (self->name_rows->len > wanted)
    keep_people (self, wanted);
  while (self->name_rows->len > wanted)
    {
      adw_preferences_group_remove (self->players_group, g_ptr_array_index (self->name_rows, self->name_rows->len - 1));
      adw_preferences_group_remove (self->players_group, g_ptr_array_index (self->strength_rows, self->name_rows->len - 1));
      g_ptr_array_set_size (self->name_rows, self->name_rows->len - 1);
      g_ptr_array_set_size (self->strength_rows, self->name_rows->len);
      g_ptr_array_set_size (self->kind_drop_downs, self->name_rows->len);
      g_ptr_array_set_size (self->strength_spins, self->name_rows->len);
    }
  for (guint seat = self->name_rows->len; seat < wanted; seat++)
    {
      GtkWidget *row = adw_entry_row_new ();
      const char *army = cp_rules_seat_name (self->rules, seat);
      g_autofree char *title = self->rules->seat_names != NULL
                                 ? g_strdup (army) : g_strdup_printf (_("%s player"), army);
      const Person *person = seat < self->people->len ? &g_array_index (self->people, Person, seat) : NULL;
      GtkWidget *kind = kind_drop_down (self->engines, person != NULL ? person->kind : 0);
      GtkWidget *strength = gtk_spin_button_new_with_range (0, 1, 1);
      GtkWidget *strength_row = adw_action_row_new ();

      /* Empty, the row shows its title where the name goes. */
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      /* A longer name would be cut short, and could not be saved whole. */
      gtk_text_set_max_length (GTK_TEXT (gtk_editable_get_delegate (GTK_EDITABLE (row))),
                               CP_PLAYER_MAX_NAME_LENGTH);
      if (person != NULL && person->name != NULL)
        gtk_editable_set_text (GTK_EDITABLE (row), person->name);
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), kind);
      gtk_widget_set_valign (strength, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (strength), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Strength of the engine"), -1);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (strength_row), _("Strength of the engine"));
      adw_action_row_add_suffix (ADW_ACTION_ROW (strength_row), strength);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (strength_row), strength);
      gtk_widget_set_visible (strength_row, FALSE);
      adw_entry_row_set_activates_default (ADW_ENTRY_ROW (row), TRUE);
      adw_preferences_group_add (self->players_group, row);
      adw_preferences_group_add (self->players_group, strength_row);
      g_ptr_array_add (self->strength_rows, strength_row);
      g_ptr_array_add (self->name_rows, row);
      g_ptr_array_add (self->kind_drop_downs, kind);
      g_ptr_array_add (self->strength_spins, strength);
      g_signal_connect_object (kind, "notify::selected", G_CALLBACK (update_strength), self, G_CONNECT_SWAPPED);
      update_strength (self, NULL, kind);
    }
}

/* Takes away what was said to be wrong. */
static void
clear_error (CpNewGameDialog *self)
{
  if (self->error_row != NULL)
    {
      GtkWidget *list = gtk_widget_get_parent (self->error_row);

      if (GTK_IS_LIST_BOX (list))
        gtk_list_box_remove (GTK_LIST_BOX (list), self->error_row);
      g_clear_object (&self->error_row);
    }
  if (self->error_field != NULL)
    {
      gtk_widget_remove_css_class (self->error_field, "error");
      gtk_accessible_reset_state (GTK_ACCESSIBLE (self->error_field), GTK_ACCESSIBLE_STATE_INVALID);
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (self->error_field), GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE);
    }
  self->error_field = NULL;
}

/* Says @message in the style of errors, in full, in a row of its own
 * right under @field, a row of the dialog; or at the end of @group. */
static void
show_error (CpNewGameDialog *self, GtkWidget *field, AdwPreferencesGroup *group, const char *message)
{
  GtkWidget *label = gtk_label_new (message);

  clear_error (self);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  gtk_widget_add_css_class (label, "error");
  g_object_set (label, "margin-top", 8, "margin-bottom", 8, "margin-start", 12, "margin-end", 12, NULL);
  self->error_row = g_object_ref_sink (adw_preferences_row_new ());
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->error_row), FALSE);
  gtk_widget_set_focusable (self->error_row, FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self->error_row), label);
  if (field != NULL && GTK_IS_LIST_BOX (gtk_widget_get_parent (field)))
    {
      gtk_list_box_insert (GTK_LIST_BOX (gtk_widget_get_parent (field)), self->error_row,
                           gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (field)) + 1);
      gtk_widget_add_css_class (field, "error");
      gtk_accessible_update_state (GTK_ACCESSIBLE (field), GTK_ACCESSIBLE_STATE_INVALID,
                                   GTK_ACCESSIBLE_INVALID_TRUE, -1);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (field), GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE,
                                      label, -1);
      self->error_field = field;
    }
  else
    adw_preferences_group_add (group, self->error_row);
}

static GHashTable *
chosen_options (CpNewGameDialog *self)
{
  GHashTable *options = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);

  for (guint i = 0; i < self->option_rows->len; i++)
    {
      CpOptionRow *row = g_ptr_array_index (self->option_rows, i);

      g_hash_table_insert (options, (gpointer) cp_option_row_get_option_id (row), cp_option_row_dup_value (row));
    }
  return options;
}

/* When the options chosen need another number of players (a way to play
 * for three or four, say), the nearest number that fits is offered. */
static void
fit_seats (CpNewGameDialog *self)
{
  g_autoptr (GHashTable) options = NULL;
  guint current;

  if (self->rules->min_seats == self->rules->max_seats)
    return;
  options = chosen_options (self);
  current = n_seats (self);
  for (guint distance = 0; distance <= CP_MAX_SEATS; distance++)
    for (int sign = -1; sign <= 1; sign += 2)
      {
        int seats = (int) current + sign * (int) distance;
        g_autoptr (CpGame) trial = NULL;

        if (seats < self->rules->min_seats || seats > self->rules->max_seats)
          continue;
        trial = cp_game_new (self->rules->id, options, (guint) seats, 0, NULL);
        if (trial != NULL)
          {
            if ((guint) seats != current)
              gtk_spin_button_set_value (self->seats_spin, seats);
            return;
          }
      }
}

/* When the number of players chosen needs other options (a way to play
 * for three or four, say), the first choices that fit are taken. */
static void
fit_options (CpNewGameDialog *self)
{
  guint seats = n_seats (self);

  for (guint i = 0; i < self->option_rows->len; i++)
    {
      CpOptionRow *row = g_ptr_array_index (self->option_rows, i);
      const CpOptionSpec *spec = cp_option_row_get_spec (row);
      g_autoptr (GHashTable) options = chosen_options (self);
      g_autoptr (CpGame) trial = cp_game_new (self->rules->id, options, seats, 0, NULL);

      if (trial != NULL)
        return;
      if (spec->type != CP_OPTION_CHOICE)
        continue;
      for (guint c = 0; spec->choices[c]; c++)
        {
          g_autoptr (CpGame) fitting = NULL;

          g_hash_table_insert (options, (gpointer) spec->id, g_strdup (spec->choices[c]));
          fitting = cp_game_new (self->rules->id, options, seats, 0, NULL);
          if (fitting != NULL)
            {
              cp_option_row_set_value (row, spec->choices[c]);
              return;
            }
        }
    }
}

/* Greys out the options that do not matter with the others' values. */
static void
update_relevance (CpNewGameDialog *self)
{
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      CpOptionRow *row = g_ptr_array_index (self->option_rows, i);
      const CpOptionSpec *spec = cp_option_row_get_spec (row);
      g_auto (GStrv) condition = NULL;
      CpOptionRow *other;
      gboolean relevant = TRUE;

      if (spec->relevant_when == NULL)
        continue;
      condition = g_strsplit (spec->relevant_when, "=", 2);
      other = find_option_row (self, condition[0]);
      if (other != NULL)
        {
          g_autofree char *value = cp_option_row_dup_value (other);

          relevant = g_strcmp0 (value, condition[1]) == 0;
        }
      gtk_widget_set_sensitive (GTK_WIDGET (row), relevant);
    }
}

/* "2 players", "1 to 6 players" */
static char *
describe_seats (const CpRules *rules)
{
  if (rules->min_seats == rules->max_seats)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u player", "%u players", rules->min_seats),
                            rules->min_seats);
  return g_strdup_printf (_("%u to %u players"), rules->min_seats, rules->max_seats);
}

static void
show_game (CpNewGameDialog *self, const CpRules *rules)
{
  g_autofree char *seats = describe_seats (rules);

  clear_error (self);
  self->rules = rules;
  adw_window_title_set_title (self->setup_title, _(rules->name));
  adw_window_title_set_subtitle (self->setup_title, seats);
  remove_rows (self->options_group, self->option_rows);
  for (guint i = 0; i < rules->n_options; i++)
    {
      GtkWidget *row = cp_option_row_new (&rules->options[i]);

      adw_preferences_group_add (self->options_group, row);
      g_ptr_array_add (self->option_rows, row);
      if (ADW_IS_ENTRY_ROW (row))
        adw_entry_row_set_activates_default (ADW_ENTRY_ROW (row), TRUE);
      g_signal_connect_swapped (row, "notify::value", G_CALLBACK (clear_error), self);
      if (rules->options[i].type == CP_OPTION_CHOICE)
        {
          g_signal_connect_swapped (row, "notify::value", G_CALLBACK (update_relevance), self);
          g_signal_connect_swapped (row, "notify::value", G_CALLBACK (fit_seats), self);
        }
    }
  update_relevance (self);
  gtk_widget_set_visible (self->options_clamp, rules->n_options > 0);

  keep_people (self, 0);
  remove_rows (self->players_group, self->name_rows);
  remove_rows (self->players_group, self->strength_rows);
  g_ptr_array_set_size (self->kind_drop_downs, 0);
  g_ptr_array_set_size (self->strength_spins, 0);
  g_ptr_array_unref (self->engines);
  self->engines = cp_engine_list_for_game (cp_engine_list_get_default (), rules->id);
  /* The list may change while the dialog is open. */
  for (guint i = 0; i < self->engines->len; i++)
    g_object_ref (g_ptr_array_index (self->engines, i));
  g_ptr_array_set_free_func (self->engines, g_object_unref);
  gtk_widget_set_visible (self->seats_row, rules->min_seats != rules->max_seats);
  gtk_spin_button_set_range (self->seats_spin, rules->min_seats, rules->max_seats);
  gtk_spin_button_set_value (self->seats_spin, rules->min_seats);
  update_names (self);
}

/* The page of the chosen game's options and players. */
static void
show_setup (CpNewGameDialog *self)
{
  gtk_stack_set_visible_child_name (self->pages, "setup");
  gtk_window_set_default_widget (GTK_WINDOW (self), self->start_button);
  if (self->name_rows->len > 0)
    gtk_widget_grab_focus (g_ptr_array_index (self->name_rows, 0));
}

/* The page of the games, the focus on the game shown last where the
 * search leaves it, else on the search. */
static void
show_games (CpNewGameDialog *self)
{
  gtk_window_set_default_widget (GTK_WINDOW (self), NULL);
  gtk_stack_set_visible_child_name (self->pages, "games");
  if (self->rules_row == NULL || !gtk_widget_get_child_visible (self->rules_row)
      || !gtk_widget_grab_focus (self->rules_row))
    gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
game_activated (CpNewGameDialog *self, GtkListBoxRow *row)
{
  guint i;

  if (g_ptr_array_find (self->game_rows, row, &i))
    {
      if (self->rules != cp_rules_list (NULL)[i])
        show_game (self, cp_rules_list (NULL)[i]);
      self->rules_row = GTK_WIDGET (row);
      show_setup (self);
    }
}

/* Escape, and the button back: from the options to the games, and from
 * the games out of the dialog. */
static void
back_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  CpNewGameDialog *self = CP_NEW_GAME_DIALOG (widget);

  if (g_str_equal (gtk_stack_get_visible_child_name (self->pages), "setup"))
    show_games (self);
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* Whether @row, a game's, has every word of @words in its name or its
 * description, whatever their case. */
static gboolean
game_matches (GtkListBoxRow *row, gpointer data)
{
  CpNewGameDialog *self = data;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_auto (GStrv) words = NULL;
  g_autofree char *name = NULL, *folded = NULL, *haystack = NULL;

  if (text[0] == '\0')
    return TRUE;
  words = g_str_tokenize_and_fold (text, NULL, NULL);
  name = g_strdup_printf ("%s %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                          (const char *) g_object_get_data (G_OBJECT (row), "cp-summary"));
  folded = g_utf8_casefold (name, -1);
  haystack = g_utf8_normalize (folded, -1, G_NORMALIZE_ALL);
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (haystack, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

/* Shows a list of games, and its heading, while the search finds any. */
static gboolean
show_found (CpNewGameDialog *self, GtkListBox *list, GtkWidget *label)
{
  gboolean any = FALSE;

  gtk_list_box_invalidate_filter (list);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list)); row; row = gtk_widget_get_next_sibling (row))
    any |= GTK_IS_LIST_BOX_ROW (row) && game_matches (GTK_LIST_BOX_ROW (row), self);
  gtk_widget_set_visible (GTK_WIDGET (list), any);
  gtk_widget_set_visible (label, any);
  return any;
}

static void
search_changed (CpNewGameDialog *self)
{
  gboolean recent = show_found (self, self->recent_list, self->recent_label);
  gboolean others = show_found (self, self->games_list, self->games_label);

  /* Without games played lately, the others need no heading. */
  if (gtk_widget_get_first_child (GTK_WIDGET (self->recent_list)) == NULL)
    gtk_widget_set_visible (self->games_label, FALSE);
  gtk_widget_set_visible (self->no_games, !recent && !others);
}

/* Enter in the search chooses the first game found. */
static void
search_activated (CpNewGameDialog *self)
{
  GtkListBox *lists[] = { self->recent_list, self->games_list };

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (lists[i])); row;
         row = gtk_widget_get_next_sibling (row))
      if (GTK_IS_LIST_BOX_ROW (row) && game_matches (GTK_LIST_BOX_ROW (row), self))
        {
          game_activated (self, GTK_LIST_BOX_ROW (row));
          return;
        }
}

/* Escape in the search: it empties the search, or closes the dialog when
 * there is nothing to empty. */
static void
search_stopped (CpNewGameDialog *self)
{
  if (gtk_editable_get_text (GTK_EDITABLE (self->search_entry))[0] != '\0')
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  else
    gtk_window_close (GTK_WINDOW (self));
}

/**
 * cp_new_game_dialog_select_game:
 * @game_id: a game of the registry
 *
 * Chooses @game_id, as a player would on the first page, and shows its
 * options and players.
 */
void
cp_new_game_dialog_select_game (CpNewGameDialog *self, const char *game_id)
{
  const CpRules *const *rules = cp_rules_list (NULL);

  g_return_if_fail (CP_IS_NEW_GAME_DIALOG (self));

  for (guint i = 0; i < self->game_rows->len; i++)
    if (g_str_equal (rules[i]->id, game_id))
      game_activated (self, g_ptr_array_index (self->game_rows, i));
}

/* Sets an option row as a player would; for tests and for remembering. */
void
cp_new_game_dialog_set_option (CpNewGameDialog *self, const char *option_id, const char *value)
{
  CpOptionRow *row = find_option_row (self, option_id);

  if (row != NULL)
    cp_option_row_set_value (row, value);
}

void
cp_new_game_dialog_set_player_name (CpNewGameDialog *self, guint seat, const char *name)
{
  g_return_if_fail (seat < self->name_rows->len);
  gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (self->name_rows, seat)), name);
}

/**
 * cp_new_game_dialog_set_player_level:
 * @level: 0 for a person, or 1, 2, 3 for a computer player that plays
 *   easy, medium or hard
 *
 * Chooses who plays @seat, as a player would.
 */
void
cp_new_game_dialog_set_player_level (CpNewGameDialog *self, guint seat, guint level)
{
  g_return_if_fail (seat < self->name_rows->len);
  g_return_if_fail (level < N_KINDS);
  gtk_drop_down_set_selected (g_ptr_array_index (self->kind_drop_downs, seat), level);
}

/**
 * cp_new_game_dialog_create_game:
 *
 * The game as the dialog describes it, its set-up's random results drawn.
 */
CpGame *
cp_new_game_dialog_create_game (CpNewGameDialog *self, GError **error)
{
  g_autoptr (GHashTable) options = chosen_options (self);
  g_autoptr (GDateTime) today = g_date_time_new_now_local ();
  g_autoptr (CpGame) game = NULL;

  game = cp_game_new (self->rules->id, options, n_seats (self), cp_random_new_seed (), error);
  if (game == NULL)
    return NULL;
  cp_game_set_date (game, today);
  for (guint seat = 0; seat < self->name_rows->len; seat++)
    {
      g_autofree char *name = row_name (self, seat);
      guint kind = row_kind (self, seat);

      /* A seat nobody named keeps the name of its army, or takes the
       * name of the engine that plays it. */
      if (name != NULL)
        cp_player_set_name (cp_game_get_player (game, seat), name);
      else if (row_engine (self, seat) != NULL)
        cp_player_set_name (cp_game_get_player (game, seat), cp_uci_engine_get_name (row_engine (self, seat)));
      CpUciEngine *engine = row_engine (self, seat);

      cp_player_set_computer (cp_game_get_player (game, seat), kind > 0, kind_levels[MIN (kind, N_KINDS - 1)]);
      /* An engine's seat is saved as the computer's at its hardest, with
       * the engine named beside. */
      if (engine != NULL)
        {
          GtkSpinButton *spin = g_ptr_array_index (self->strength_spins, seat);

          cp_engine_list_tag_seat (game, seat, cp_uci_engine_get_path (engine),
                                   gtk_widget_get_visible (g_ptr_array_index (self->strength_rows, seat))
                                   ? gtk_spin_button_get_value_as_int (spin) : G_MININT);
        }
    }
  cp_game_resolve_chance (game);
  cp_game_seat_players (game);
  return g_steal_pointer (&game);
}

/* The row of the option that keeps the game described from being made:
 * the first that, set back to its default, lets it be made; or NULL. */
static GtkWidget *
find_culprit (CpNewGameDialog *self)
{
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      CpOptionRow *row = g_ptr_array_index (self->option_rows, i);
      const CpOptionSpec *spec = cp_option_row_get_spec (row);
      g_autoptr (GHashTable) options = chosen_options (self);
      g_autoptr (CpGame) trial = NULL;

      if (g_strcmp0 (g_hash_table_lookup (options, spec->id), spec->default_value) == 0)
        continue;
      g_hash_table_insert (options, (gpointer) spec->id, g_strdup (spec->default_value));
      trial = cp_game_new (self->rules->id, options, n_seats (self), 0, NULL);
      if (trial != NULL)
        return GTK_WIDGET (row);
    }
  return NULL;
}

/* The games played lately, the last first, as many as the first page
 * shows at its top. */
#define N_RECENT 3

static void
remember_game (GSettings *settings, const char *game_id)
{
  g_auto (GStrv) recent = g_settings_get_strv (settings, "recent-games");
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) list = NULL;
  guint n = 1;

  g_strv_builder_add (builder, game_id);
  for (guint i = 0; recent[i] != NULL && n < N_RECENT; i++)
    if (!g_str_equal (recent[i], game_id) && cp_rules_lookup (recent[i]) != NULL)
      {
        g_strv_builder_add (builder, recent[i]);
        n++;
      }
  list = g_strv_builder_end (builder);
  g_settings_set_strv (settings, "recent-games", (const char *const *) list);
}

/* The games played lately, the last first: the last game the window
 * started (older versions kept only that), then the list the dialog
 * keeps.  Before any game was played, none. */
static GPtrArray *
recent_games (GSettings *settings)
{
  g_auto (GStrv) recent = g_settings_get_strv (settings, "recent-games");
  g_autoptr (GVariant) last = g_settings_get_user_value (settings, "last-game");
  GPtrArray *games = g_ptr_array_new ();

  if (last != NULL && cp_rules_lookup (g_variant_get_string (last, NULL)) != NULL)
    g_ptr_array_add (games, (gpointer) cp_rules_lookup (g_variant_get_string (last, NULL)));
  for (guint i = 0; recent[i] != NULL && games->len < N_RECENT; i++)
    {
      const CpRules *rules = cp_rules_lookup (recent[i]);

      if (rules != NULL && !g_ptr_array_find (games, rules, NULL))
        g_ptr_array_add (games, (gpointer) rules);
    }
  return games;
}

/* Starts the game the dialog describes, or says what is wrong with it. */
void
cp_new_game_dialog_start (CpNewGameDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = cp_new_game_dialog_create_game (self, &error);
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  GVariantBuilder levels;
  g_auto (GStrv) list = NULL;

  if (game == NULL)
    {
      GtkWidget *culprit = find_culprit (self);

      if (!g_str_equal (gtk_stack_get_visible_child_name (self->pages), "setup"))
        show_setup (self);
      show_error (self, culprit, self->rules->n_options > 0 ? self->options_group : self->players_group,
                  error->message);
      if (culprit != NULL)
        gtk_widget_grab_focus (culprit);
      return;
    }
  remember_game (self->settings, self->rules->id);
  /* The people stay in the order of the rows, whatever seats they were
   * drawn to; a seat nobody named is remembered without a name. */
  g_variant_builder_init (&levels, G_VARIANT_TYPE ("ai"));
  for (guint seat = 0; seat < self->name_rows->len; seat++)
    {
      g_autofree char *name = row_name (self, seat);

      g_strv_builder_add (names, name != NULL ? name : "");
      g_variant_builder_add (&levels, "i", (gint32) MIN (row_kind (self, seat), N_KINDS - 1));
    }
  list = g_strv_builder_end (names);
  g_settings_set_strv (self->settings, "player-names", (const char *const *) list);
  g_settings_set_value (self->settings, "player-levels", g_variant_builder_end (&levels));

  g_signal_emit (self, signals[GAME_CHOSEN], 0, game);
  gtk_window_destroy (GTK_WINDOW (self));
}

/**
 * cp_new_game_dialog_last_game:
 * @settings: the application's settings
 *
 * A new game of the game last started from the dialog, dated today, with
 * the people of then in its seats, in order (their names, and people or
 * the computer at their levels), the set-up's random results drawn; or of
 * the first game if that cannot be made.
 *
 * Returns: (transfer full): the game
 */
CpGame *
cp_new_game_dialog_last_game (GSettings *settings)
{
  g_autofree char *last = g_settings_get_string (settings, "last-game");
  g_autoptr (GArray) people = load_people (settings);
  g_autoptr (GDateTime) today = g_date_time_new_now_local ();
  const CpRules *rules = cp_rules_lookup (last);
  CpGame *game = NULL;

  if (rules == NULL)
    rules = cp_rules_list (NULL)[0];
  /* As many players as last time, where the game's default options allow
   * them. */
  if (people->len >= rules->min_seats && people->len <= rules->max_seats)
    game = cp_game_new (rules->id, NULL, people->len, cp_random_new_seed (), NULL);
  if (game == NULL)
    game = cp_game_new (rules->id, NULL, rules->min_seats, cp_random_new_seed (), NULL);
  cp_game_set_date (game, today);
  for (guint seat = 0; seat < MIN (cp_game_get_n_seats (game), people->len); seat++)
    {
      const Person *person = &g_array_index (people, Person, seat);
      CpPlayer *player = cp_game_get_player (game, seat);

      if (person->name != NULL)
        cp_player_set_name (player, person->name);
      cp_player_set_computer (player, person->kind > 0, kind_levels[person->kind]);
    }
  cp_game_resolve_chance (game);
  cp_game_seat_players (game);
  return game;
}

static void
start_clicked (CpNewGameDialog *self)
{
  cp_new_game_dialog_start (self);
}

static void
cp_new_game_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CP_TYPE_NEW_GAME_DIALOG);
  G_OBJECT_CLASS (cp_new_game_dialog_parent_class)->dispose (object);
}

static void
cp_new_game_dialog_finalize (GObject *object)
{
  CpNewGameDialog *self = CP_NEW_GAME_DIALOG (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->error_row);
  g_clear_pointer (&self->game_rows, g_ptr_array_unref);
  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  g_clear_pointer (&self->name_rows, g_ptr_array_unref);
  g_clear_pointer (&self->kind_drop_downs, g_ptr_array_unref);
  g_clear_pointer (&self->strength_spins, g_ptr_array_unref);
  g_clear_pointer (&self->strength_rows, g_ptr_array_unref);
  g_clear_pointer (&self->engines, g_ptr_array_unref);
  g_clear_pointer (&self->people, g_array_unref);
  G_OBJECT_CLASS (cp_new_game_dialog_parent_class)->finalize (object);
}

static void
cp_new_game_dialog_class_init (CpNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_new_game_dialog_dispose;
  object_class->finalize = cp_new_game_dialog_finalize;

  /**
   * CpNewGameDialog::game-chosen:
   * @game: the new game
   */
  signals[GAME_CHOSEN] = g_signal_new ("game-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, CP_TYPE_GAME);

  g_type_ensure (CP_TYPE_COLUMNS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chess_parlour/ChessParlour/ui/cp-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, pages);
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, games_page);
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, search_entry);
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, recent_label);
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, recent_list);
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, games_label);
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, games_list);
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, no_games);
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, setup_title);
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, options_clamp);
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, options_group);
  gtk_widget_class_bind_template_child (widget_class, CpNewGameDialog, players_group);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked);
  gtk_widget_class_bind_template_callback (widget_class, game_activated);
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, search_activated);
  gtk_widget_class_bind_template_callback (widget_class, search_stopped);
  gtk_widget_class_install_action (widget_class, "new-game.back", NULL, back_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "new-game.back", NULL);
}

/* The size of the pictures of the games' boards, in pixels. */
#define THUMBNAIL_SIZE 48

/* A picture of the board of @rules at the start, with its pieces, drawn
 * once a run of the program for each scale (drawn twice as fine as shown,
 * it is sharp on screens that double pixels too). */
static GdkPaintable *
board_thumbnail (const CpRules *rules, int scale)
{
  static GHashTable *cache;
  g_autofree char *key = g_strdup_printf ("%s@%d", rules->id, scale);
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpView) view = NULL;
  g_autoptr (CpPresentation) presentation = NULL;
  g_autoptr (CpBoardRenderer) renderer = NULL;
  g_autoptr (GBytes) bytes = NULL;
  CpBoardTheme theme;
  cairo_surface_t *surface;
  cairo_t *cr;
  GdkTexture *texture;
  int size = THUMBNAIL_SIZE * scale;

  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  texture = g_hash_table_lookup (cache, key);
  if (texture != NULL)
    return GDK_PAINTABLE (texture);

  game = cp_game_new (rules->id, NULL, rules->min_seats, 0, NULL);
  if (game == NULL)
    return NULL;
  cp_game_resolve_chance (game);
  view = cp_game_view (game, CP_VIEW_ALL);
  presentation = cp_game_present (game, view);
  renderer = cp_board_renderer_new (NULL);
  cp_board_theme_get (CP_BOARD_THEME_CLASSIC, FALSE, &theme);
  cp_board_renderer_set_theme (renderer, &theme);
  cp_board_renderer_set_state (renderer, cp_view_get_state (view));
  if (rules->piece_colours != NULL)
    cp_board_renderer_set_colours (renderer, rules->piece_colours, rules->n_piece_colours);
  else if (rules->colours != NULL)
    cp_board_renderer_set_colours (renderer, rules->colours, cp_game_get_n_seats (game));
  cp_board_renderer_set_show_coordinates (renderer, FALSE);
  cp_board_renderer_set_overlays (renderer, (const CpOverlay *) (gpointer) presentation->overlays->data,
                                  presentation->overlays->len);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cr = cairo_create (surface);
  cp_board_renderer_draw (renderer, cr, size, size, 1);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * size);
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes,
                                    (gsize) cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  g_hash_table_insert (cache, g_steal_pointer (&key), texture);
  return GDK_PAINTABLE (texture);
}

/* A game's row: the picture of its board, its name, what it is and for
 * how many. */
static GtkWidget *
game_row (CpNewGameDialog *self, const CpRules *rules)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *picture = gtk_picture_new ();
  GtkWidget *next = gtk_image_new_from_icon_name ("go-next-symbolic");
  g_autofree char *seats = describe_seats (rules);
  g_autofree char *subtitle = g_strdup_printf ("%s · %s", _(rules->summary), seats);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(rules->name));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  g_object_set_data (G_OBJECT (row), "cp-summary", (gpointer) _(rules->summary));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);

  gtk_picture_set_paintable (GTK_PICTURE (picture),
                             board_thumbnail (rules, 2));
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_CONTAIN);
  gtk_widget_set_size_request (picture, THUMBNAIL_SIZE, THUMBNAIL_SIZE);
  gtk_widget_set_valign (picture, GTK_ALIGN_CENTER);
  g_object_set (picture, "margin-top", 6, "margin-bottom", 6, NULL);
  /* The row's title and description say what the picture shows. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), picture);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), next);
  return row;
}

static void
cp_new_game_dialog_init (CpNewGameDialog *self)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  gtk_widget_init_template (GTK_WIDGET (self));
  cp_accessible_name_mnemonics (GTK_WIDGET (self));
  self->game_rows = g_ptr_array_new ();
  self->option_rows = g_ptr_array_new ();
  self->name_rows = g_ptr_array_new ();
  self->kind_drop_downs = g_ptr_array_new ();
  self->strength_spins = g_ptr_array_new ();
  self->strength_rows = g_ptr_array_new ();
  self->engines = g_ptr_array_new ();
  self->people = g_array_new (FALSE, TRUE, sizeof (Person));
  g_array_set_clear_func (self->people, clear_person);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->game_rows, game_row (self, rules[i]));
  gtk_list_box_set_filter_func (self->recent_list, game_matches, self, NULL);
  gtk_list_box_set_filter_func (self->games_list, game_matches, self, NULL);
  /* Typing on the first page goes to the search. */
  gtk_search_entry_set_key_capture_widget (self->search_entry, self->games_page);

  self->seats_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, CP_MAX_SEATS, 1));
  gtk_widget_set_valign (GTK_WIDGET (self->seats_spin), GTK_ALIGN_CENTER);
  self->seats_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seats_row), _("Number of players"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (self->seats_row), GTK_WIDGET (self->seats_spin));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self->seats_row), GTK_WIDGET (self->seats_spin));
  adw_preferences_group_add (self->players_group, self->seats_row);
  g_signal_connect_swapped (self->seats_spin, "value-changed", G_CALLBACK (update_names), self);
  g_signal_connect_swapped (self->seats_spin, "value-changed", G_CALLBACK (fit_options), self);
  g_signal_connect_swapped (self->seats_spin, "value-changed", G_CALLBACK (clear_error), self);
}

/**
 * cp_new_game_dialog_new:
 *
 * A dialog that opens on the games, those played lately first, with the
 * options and players of the last one ready.
 */
CpNewGameDialog *
cp_new_game_dialog_new (GSettings *settings)
{
  CpNewGameDialog *self = g_object_new (CP_TYPE_NEW_GAME_DIALOG, NULL);
  g_autoptr (GPtrArray) recent = recent_games (settings);
  const CpRules *const *rules = cp_rules_list (NULL);

  self->settings = g_object_ref (settings);
  g_array_unref (self->people);
  self->people = load_people (settings);
  for (guint i = 0; i < recent->len; i++)
    for (guint r = 0; r < self->game_rows->len; r++)
      if (rules[r] == g_ptr_array_index (recent, i))
        gtk_list_box_append (self->recent_list, g_ptr_array_index (self->game_rows, r));
  for (guint r = 0; r < self->game_rows->len; r++)
    if (!g_ptr_array_find (recent, rules[r], NULL))
      gtk_list_box_append (self->games_list, g_ptr_array_index (self->game_rows, r));
  search_changed (self);

  show_game (self, recent->len > 0 ? g_ptr_array_index (recent, 0) : rules[0]);
  for (guint r = 0; r < self->game_rows->len; r++)
    if (rules[r] == self->rules)
      self->rules_row = g_ptr_array_index (self->game_rows, r);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  return self;
}

/* The number of players, as if chosen in the dialog. */
void
cp_new_game_dialog_set_n_players (CpNewGameDialog *self, guint n_players)
{
  g_return_if_fail (CP_IS_NEW_GAME_DIALOG (self));

  gtk_spin_button_set_value (self->seats_spin, n_players);
}

/* What the row of an option says under its title, or NULL. */
const char *
cp_new_game_dialog_get_option_note (CpNewGameDialog *self, const char *option_id)
{
  GtkWidget *row;

  g_return_val_if_fail (CP_IS_NEW_GAME_DIALOG (self), NULL);

  row = cp_new_game_dialog_get_option_row (self, option_id);
  if (ADW_IS_ACTION_ROW (row))
    return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
  if (ADW_IS_EXPANDER_ROW (row))
    return adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row));
  return NULL;
}

/* The row of an option, or NULL; for tests. */
GtkWidget *
cp_new_game_dialog_get_option_row (CpNewGameDialog *self, const char *option_id)
{
  g_return_val_if_fail (CP_IS_NEW_GAME_DIALOG (self), NULL);

  return (GtkWidget *) find_option_row (self, option_id);
}
