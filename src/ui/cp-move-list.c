/* cp-move-list.c: the list of a game's actions, for replay
 *
 * Moves stand in numbered rows, one column a player, as chess programs
 * write them: "1. e4  e5", or one row a round where three or four play,
 * under a heading that names the armies in the order they play.  A line
 * under a round says who went out of the game in it, and later rounds
 * mark that player's column as out.
 * A cell holds a player's whole turn (a move and the card, checker or
 * burial that goes with it), and where players choose together a row
 * holds the round, sealed choices included.  Where the columns do not
 * say who played, each cell begins with its player's name, and an action
 * written as what a player did ("draws a card") is always said with the
 * player.  Each cell is a button of its own that shows the position
 * after it.  Random results and what the rules make known stand under
 * the move they follow as quieter lines (nothing for a result that says
 * nothing), and actions that are not moves (a draw offer, a hint) as
 * lines naming the player.
 *
 * Rows are kept in step with the log: when the log changes, only the rows
 * from the first action that differs are written again, and the list
 * view binds only the rows in sight.  While the replay cursor stands
 * before the end, a bar under the list says so and leads back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cp-accessible.h"
#include "cp-caption.h"
#include "cp-engine.h"
#include "cp-move-list.h"
#include "cp-move-rows.h"

/* An action as the list shows it. */
typedef struct {
  CpAction action;   /* to see whether the log still holds it */
  CpMoveSlot slot;
  gboolean phrase;   /* its text says what a player did, without the
                      * player: in a cell, it is said who */
  char *text;        /* in its cell */
  char *label;       /* with its number or its player: alone, it says all */
} Shown;

struct _CpMoveList
{
  GtkWidget parent_instance;

  GtkWidget *header;         /* the armies' names over their columns */
  GtkWidget *scroller;
  GtkWidget *view;
  GtkWidget *past_bar;
  GtkWidget *past_label;
  GtkWidget *present_button;
  GtkStringList *rows;       /* the text of each row */
  GArray *row_data;          /* CpMoveRow, one for each of `rows` */
  GArray *shown;             /* Shown, one for each action of the log */
  GHashTable *bound;         /* the GtkListItems in sight */
  CpGame *game;
  CpNotation notation;
  guint viewer;              /* the seat whose knowledge the rows show */
  CpMoveColumns columns;     /* of numbered rows */
  char *heading;             /* the header's names in a line, or NULL */
  guint current;             /* the action at the replay cursor, or CP_NO_ACTION */
  guint settled;             /* the actions shown that later ones cannot change */
  guint scroll_source;
  gboolean cramped;          /* the headings do not fit side by side */
  guint cramped_source;      /* shows the rows anew once that changed */
};

G_DEFINE_FINAL_TYPE (CpMoveList, cp_move_list, GTK_TYPE_WIDGET)

static gboolean
is_chance (CpGame *game, guint index)
{
  return cp_game_get_action (game, index)->seat == CP_SEAT_CHANCE;
}

/* The position where play starts, after the set-up's random results. */
guint
cp_move_list_first_position (CpGame *game)
{
  return cp_game_get_setup_length (game);
}

guint
cp_move_list_next_position (CpGame *game, guint cursor)
{
  guint n = cp_game_get_n_actions (game);
  guint c = MAX (cursor + 1, cp_move_list_first_position (game));

  while (c < n && is_chance (game, c))
    c++;
  return MIN (c, n);
}

guint
cp_move_list_previous_position (CpGame *game, guint cursor)
{
  guint first = cp_move_list_first_position (game);
  guint c = cursor;

  if (c <= first)
    return first;
  c--;
  while (c > first && is_chance (game, c))
    c--;
  return c;
}

static gboolean
is_note (CpMoveList *self, guint index)
{
  return cp_move_rows_is_note (self->game, index);
}

static void
shown_clear (gpointer data)
{
  Shown *shown = data;

  g_free (shown->text);
  g_free (shown->label);
}

static CpMoveRow *
get_row (CpMoveList *self, guint row)
{
  return &g_array_index (self->row_data, CpMoveRow, row);
}

static Shown *
get_shown (CpMoveList *self, guint index)
{
  return &g_array_index (self->shown, Shown, index);
}

/* The name of the player of @seat. */
static const char *
player_name (CpMoveList *self, guint seat)
{
  return cp_player_get_name (cp_game_get_player (self->game, seat));
}

/* Whether the cells of numbered rows begin with their player's name. */
static gboolean
names_players (CpMoveList *self)
{
  return cp_move_rows_name_players (self->game, &self->columns, self->cramped);
}

/* Whether the cells of a row stand one under another: where more players
 * than fit side by side in the panel each need their name. */
static gboolean
stacked (CpMoveList *self)
{
  return names_players (self) && self->columns.n_columns > 2;
}

/* The mark an analysis gave the move at @index (?!, ?, ??) after its
 * text; in a game with secrets, only once it is over, when all is told. */
static void
add_mark (CpMoveList *self, guint index, Shown *shown)
{
  const CpAnnotation *a = cp_annotations_get (cp_game_get_annotations (self->game), index);
  char *marked;

  if (a == NULL || a->mark == CP_MOVE_MARK_NONE || shown->phrase || shown->text == NULL
      || ((cp_game_get_rules (self->game)->flags & CP_RULES_SECRETS)
          && !cp_state_is_over (cp_game_get_state (self->game))))
    return;
  marked = g_strconcat (shown->text, cp_move_mark_to_symbol (a->mark), NULL);
  g_free (shown->text);
  shown->text = marked;
}

/* The texts of action @index, written for the viewer: a random result of
 * the set-up stands alone on its line, as a sentence. */
static void
write_action (CpMoveList *self, guint index, const CpActionNumber *number, Shown *shown)
{
  const CpAction *action = cp_game_get_action (self->game, index);

  shown->action = *action;
  shown->text = cp_game_format_action_for (self->game, index, self->notation, self->viewer);
  shown->phrase = action->seat < CP_MAX_SEATS && cp_move_rows_is_phrase (self->game, index, self->viewer, shown->text);
  add_mark (self, index, shown);
  if (number->round > 0 && shown->phrase)
    /* Translators: a numbered action that says what a player did, such
     * as "3. Anna draws a card" */
    shown->label = g_strdup_printf (_("%u. %s %s"), number->round, player_name (self, action->seat), shown->text);
  else if (number->round > 0 && names_players (self) && action->seat < CP_MAX_SEATS)
    /* Translators: a numbered move of a named player, such as "3. Anna: Nf3" */
    shown->label = g_strdup_printf (_("%u. %s: %s"), number->round, player_name (self, action->seat), shown->text);
  else if (number->round > 0)
    shown->label = g_strdup_printf (number->place == 0 ? "%u. %s" : "%u… %s", number->round, shown->text);
  else if (action->seat == CP_SEAT_CHANCE)
    shown->label = is_note (self, index) ? g_strdup (shown->text) : cp_caption_capitalize (shown->text);
  else
    /* Translators: a player and what they did, such as "Black offers a draw" */
    shown->label = g_strdup_printf (_("%s %s"), cp_player_get_name (cp_game_get_player (self->game, action->seat)),
                                    shown->text);
}

/* The army that plays @seat. */
static const char *
army_name (CpMoveList *self, guint seat)
{
  return cp_rules_seat_name (cp_game_get_rules (self->game), seat);
}

static char *
out_text (CpMoveList *self, guint seat)
{
  /* Translators: in the move list, under the round where a player left
   * the game; %s is the player's army, such as "Black" */
  return g_strdup_printf (_("%s is out"), army_name (self, seat));
}

/* Whether column @c of @row belongs to a player who is out of the game
 * by the end of the round and made no move in it. */
static gboolean
column_out (CpMoveList *self, const CpMoveRow *row, guint c)
{
  return row->cells[c] == CP_NO_ACTION && (row->out & CP_SEAT_BIT (self->columns.seats[c]));
}

/* The actions of column @c of @row in words, one after the other (a
 * cell holds the actions of its player's turn); with @label, numbered
 * or named as the first of them is alone.  With @markup, as Pango markup
 * that shows @current in bold.  Where the list names the players, the
 * cell begins with its player's name; elsewhere an action written as what
 * a player did is said with the player. */
static char *
cell_text (CpMoveList *self, const CpMoveRow *row, guint c, gboolean label, gboolean markup, guint current)
{
  GString *text = g_string_new (NULL);
  gboolean named = names_players (self);

  if (named && !label)
    {
      g_autofree char *name = markup ? g_markup_escape_text (player_name (self, self->columns.seats[c]), -1) : NULL;

      /* Translators: in the move list, a player's name before their moves,
       * such as "Anna: Nf3" */
      g_string_append_printf (text, _("%s: "), markup ? name : player_name (self, self->columns.seats[c]));
    }
  for (guint i = row->cells[c]; i <= row->last[c]; i++)
    {
      const Shown *shown = get_shown (self, i);
      g_autofree char *said = NULL;
      const char *part;
      g_autofree char *escaped = NULL;

      if (!shown->slot.in_cell || shown->slot.place != c || get_row (self, shown->slot.row) != row)
        continue;
      part = label && i == row->cells[c] ? shown->label : shown->text;
      if (shown->phrase && !named && !(label && i == row->cells[c]))
        part = said = g_strdup_printf (_("%s %s"), player_name (self, shown->action.seat), shown->text);
      escaped = markup ? g_markup_escape_text (part, -1) : NULL;
      if (i > row->cells[c])
        g_string_append (text, ", ");
      if (markup && i == current)
        g_string_append_printf (text, "<b>%s</b>", escaped);
      else
        g_string_append (text, markup ? escaped : part);
    }
  return g_string_free (text, FALSE);
}

/* The text of a row of moves: its number, and its moves in their
 * columns, an ellipsis for each empty column before the first but those
 * of players out of the game. */
static char *
moves_text (CpMoveList *self, const CpMoveRow *row)
{
  GString *text = g_string_new (NULL);
  gboolean started = FALSE;

  g_string_append_printf (text, "%u.", row->round);
  for (guint c = 0; c < self->columns.n_columns; c++)
    {
      if (row->cells[c] != CP_NO_ACTION)
        {
          g_autofree char *cell = cell_text (self, row, c, FALSE, FALSE, CP_NO_ACTION);

          g_string_append_printf (text, " %s", cell);
        }
      else if (!started && !column_out (self, row, c))
        g_string_append (text, " …");
      started = started || row->cells[c] != CP_NO_ACTION;
    }
  return g_string_free (text, FALSE);
}

static char *
row_text (CpMoveList *self, const CpMoveRow *row)
{
  if (row->kind == CP_MOVE_ROW_MOVES)
    return moves_text (self, row);
  if (row->kind == CP_MOVE_ROW_OUT)
    return out_text (self, (guint) cp_bits_lowest (row->out));
  return g_strdup (get_shown (self, row->first)->label);
}

/* Sorts the actions from @first on into rows, appended to `row_data`. */
static void
arrange_rows (CpMoveList *self, guint first, const CpActionNumber *numbers)
{
  guint n = self->shown->len;
  g_autofree const char **texts = g_new (const char *, n - first + 1);
  g_autofree CpMoveSlot *slots = g_new (CpMoveSlot, n - first + 1);

  if (self->game == NULL)
    return;
  for (guint i = first; i < n; i++)
    texts[i - first] = get_shown (self, i)->text;
  cp_move_rows_arrange (self->game, &self->columns, first, n, numbers, texts, self->row_data, slots);
  for (guint i = first; i < n; i++)
    get_shown (self, i)->slot = slots[i - first];
}

/* The action the replay cursor stands on: the last one shown that is not
 * a random result, or one of the set-up's. */
static guint
cursor_action (CpMoveList *self)
{
  guint cursor = self->game ? cp_game_get_cursor (self->game) : 0;

  while (cursor > 0)
    if (!is_note (self, --cursor))
      return cursor;
  return CP_NO_ACTION;
}

/* Brings the row at the replay cursor into sight, with the lines under
 * it that say who went out, or the first row when the cursor stands
 * before every move.  Waits for the list to take in rows just added. */
static gboolean
scroll_to_cursor (gpointer data)
{
  CpMoveList *self = data;

  self->scroll_source = 0;
  if (self->current != CP_NO_ACTION && self->current < self->shown->len)
    {
      guint row = get_shown (self, self->current)->slot.row;

      while (row + 1 < self->row_data->len && get_row (self, row + 1)->kind == CP_MOVE_ROW_OUT)
        row++;
      gtk_widget_activate_action (self->view, "list.scroll-to-item", "u", row);
    }
  else if (self->current == CP_NO_ACTION && self->row_data->len > 0)
    gtk_widget_activate_action (self->view, "list.scroll-to-item", "u", 0);
  return G_SOURCE_REMOVE;
}

/* The button of the row in @item for @column, or for the whole row. */
static GtkWidget *
item_button (GtkListItem *item, int column)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *cells = gtk_widget_get_last_child (box);

  if (column < 0)
    return gtk_widget_get_prev_sibling (cells);
  for (GtkWidget *b = gtk_widget_get_first_child (cells); b != NULL; b = gtk_widget_get_next_sibling (b), column--)
    if (column == 0)
      return b;
  g_return_val_if_reached (NULL);
}

/* Shows action @index in @button as a whole line. */
/* The longest move written without a place to break its line. */
#define LONGEST_UNBROKEN 12

/* @text, where a line may break before a capture between two cells in a
 * long chain of moves ("J9xH11xF11"), as it may after the hyphen of a
 * step: the chain wraps there rather than inside a cell's name. */
static char *
breaking_at_captures (const char *text)
{
  GString *out = g_string_sized_new (strlen (text) + 16);
  const char *word = text;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (g_ascii_isspace (*p))
        word = p + 1;
      else if (*p == 'x' && p > word && g_ascii_isdigit (p[-1]) && g_ascii_isalpha (p[1])
               && strcspn (word, " \n") > LONGEST_UNBROKEN)
        g_string_append (out, "\u200B");
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static void
show_button (CpMoveList *self, GtkWidget *button, guint index, const char *text, const char *markup,
             const char *name, gboolean current)
{
  GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));
  g_autofree char *breakable = breaking_at_captures (markup != NULL ? markup : text);

  if (markup != NULL)
    gtk_label_set_markup (GTK_LABEL (label), breakable);
  else
    gtk_label_set_text (GTK_LABEL (label), breakable);
  gtk_widget_set_sensitive (button, index != CP_NO_ACTION);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_STATE_SELECTED, current, -1);
  if (current)
    gtk_widget_add_css_class (button, "current");
  else
    gtk_widget_remove_css_class (button, "current");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_uint32 (index));
}

static void
show_line (CpMoveList *self, GtkWidget *button, guint index)
{
  const Shown *shown = get_shown (self, index);

  show_button (self, button, index, shown->label, NULL, shown->label, index == self->current);
}

/* Shows the actions of column @c of @row in @button; a click there shows
 * the position after the last of them. */
static void
show_cell (CpMoveList *self, GtkWidget *button, const CpMoveRow *row, guint c, const char *empty)
{
  guint first = row->cells[c], last = row->last[c];
  gboolean current = first != CP_NO_ACTION && self->current >= first && self->current <= last
                     && get_shown (self, self->current)->slot.in_cell
                     && get_shown (self, self->current)->slot.place == c;
  g_autofree char *text = NULL, *markup = NULL, *name = NULL;

  if (first == CP_NO_ACTION)
    {
      show_button (self, button, CP_NO_ACTION, empty, NULL, "", FALSE);
      return;
    }
  text = cell_text (self, row, c, FALSE, FALSE, CP_NO_ACTION);
  name = cell_text (self, row, c, TRUE, FALSE, CP_NO_ACTION);
  /* While the board shows a turn half made, the part it shows is marked. */
  if (current && self->current < last)
    markup = cell_text (self, row, c, FALSE, TRUE, self->current);
  show_button (self, button, last, text, markup, name, current);
}

/* Shows in @button that the player of column @c is out of the game. */
static void
show_out (CpMoveList *self, GtkWidget *button, guint c)
{
  g_autofree char *name = out_text (self, self->columns.seats[c]);

  /* Translators: in the move list, in the column of a player who left
   * the game; keep it short */
  show_button (self, button, CP_NO_ACTION, C_("move list", "out"), NULL, name, FALSE);
}

/* Fills the row widget of @item with its row. */
static void
show_item (CpMoveList *self, GtkListItem *item)
{
  guint position = gtk_list_item_get_position (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *number = gtk_widget_get_first_child (box);
  GtkWidget *line = item_button (item, -1);
  GtkWidget *cells = gtk_widget_get_last_child (box);
  const CpMoveRow *row;
  g_autofree char *round = NULL;
  guint filled = 0;

  if (position >= self->row_data->len)
    return;
  row = get_row (self, position);
  gtk_widget_set_visible (number, row->kind == CP_MOVE_ROW_MOVES);
  gtk_widget_set_visible (cells, row->kind == CP_MOVE_ROW_MOVES);
  gtk_widget_set_visible (line, row->kind != CP_MOVE_ROW_MOVES);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gtk_string_list_get_string (self->rows, position), -1);
  /* The list's own row around it takes the focus: it reads the same. */
  if (gtk_widget_get_parent (box) != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (box)), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    gtk_string_list_get_string (self->rows, position), -1);
  if (row->kind != CP_MOVE_ROW_MOVES)
    {
      const char *text = gtk_string_list_get_string (self->rows, position);

      /* A player out shows the position where it happened. */
      if (row->kind == CP_MOVE_ROW_OUT)
        show_button (self, line, row->first, text, NULL, text, FALSE);
      else
        show_line (self, line, row->first);
      if (row->kind == CP_MOVE_ROW_NOTE || row->kind == CP_MOVE_ROW_OUT)
        gtk_widget_add_css_class (line, "chance");
      else
        gtk_widget_remove_css_class (line, "chance");
      return;
    }
  round = g_strdup_printf ("%u.", row->round);
  gtk_label_set_text (GTK_LABEL (number), round);
  /* More players than the panel has room for side by side: each cell
   * says whose it is, one under another. */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (cells), stacked (self) ? GTK_ORIENTATION_VERTICAL
                                                                        : GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_homogeneous (GTK_BOX (cells), !stacked (self));
  for (guint c = 0; c < CP_MAX_SEATS; c++)
    {
      GtkWidget *button = item_button (item, (int) c);
      gboolean out = c < self->columns.n_columns && column_out (self, row, c);

      gtk_widget_set_visible (button, c < self->columns.n_columns
                                      && (!stacked (self) || out || row->cells[c] != CP_NO_ACTION));
      if (out)
        {
          show_out (self, button, c);
          gtk_widget_add_css_class (button, "out");
        }
      else
        {
          show_cell (self, button, row, c, filled == 0 ? "…" : "");
          gtk_widget_remove_css_class (button, "out");
        }
      filled += row->cells[c] != CP_NO_ACTION;
    }
}

static void
show_cursor (CpMoveList *self)
{
  GHashTableIter iter;
  gpointer item;

  self->current = cursor_action (self);
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &item, NULL))
    show_item (self, item);
  if (self->scroll_source == 0)
    self->scroll_source = g_idle_add (scroll_to_cursor, self);
}

/* The bar that says the board shows the past. */
static void
show_past (CpMoveList *self)
{
  guint n = self->game ? cp_game_get_n_actions (self->game) : 0;
  guint cursor = self->game ? cp_game_get_cursor (self->game) : 0;
  guint first = self->game ? cp_move_list_first_position (self->game) : 0;
  guint move, moves;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->past_bar, cursor < n);
  if (cursor >= n)
    return;
  move = cp_game_count_player_actions (self->game, first, cursor);
  moves = cp_game_count_player_actions (self->game, first, n);
  if (move == 0)
    text = g_strdup (_("You are looking at the start of the game"));
  else
    /* Translators: the board shows an earlier position; moves are counted
     * one for each player's action, as the Previous and Next buttons step */
    text = g_strdup_printf (_("You are looking at move %u of %u"), move, moves);
  gtk_label_set_text (GTK_LABEL (self->past_label), text);
}

static void
cursor_changed (CpMoveList *self)
{
  show_cursor (self);
  show_past (self);
}

/* The first row to write again when the log changed from action @same
 * on: the first row that holds the action before it or a later one,
 * since the new action may join it, or the row of moves above when that
 * is a line under it (a random result, who went out, a line kept for
 * under it). */
static guint
first_changed_row (CpMoveList *self, guint same)
{
  guint row = G_MAXUINT;

  if (same == 0)
    return 0;
  for (guint i = same - 1; i < self->shown->len; i++)
    row = MIN (row, get_shown (self, i)->slot.row);
  if (row >= self->row_data->len)
    return self->row_data->len;
  while (row > 0
         && (get_row (self, row)->kind == CP_MOVE_ROW_OUT || get_row (self, row)->kind == CP_MOVE_ROW_NOTE || get_row (self, row)->under))
    row--;
  return row;
}

static void width_changed (CpMoveList *self);

/* Takes in the columns of the game's moves, and heads them where they
 * are headed; with @all, also when they stay as they were (another game
 * may name its seats otherwise).  Returns whether they were taken in:
 * where moves stand may have changed. */
static gboolean
update_columns (CpMoveList *self, gboolean all)
{
  CpMoveColumns columns = { 0 };
  GtkWidget *label = gtk_widget_get_first_child (gtk_widget_get_last_child (self->header));
  g_autoptr (GString) heading = g_string_new (NULL);

  if (self->game != NULL)
    cp_game_get_move_columns (self->game, &columns);
  if (!all && columns.n_columns == self->columns.n_columns && columns.headed == self->columns.headed
      && memcmp (columns.seats, self->columns.seats, sizeof columns.seats) == 0)
    return FALSE;
  self->columns = columns;
  for (guint c = 0; c < CP_MAX_SEATS; c++, label = gtk_widget_get_next_sibling (label))
    {
      const char *name = c < columns.n_columns ? army_name (self, columns.seats[c]) : "";

      gtk_label_set_text (GTK_LABEL (label), name);
      gtk_widget_set_visible (label, c < columns.n_columns);
      if (c < columns.n_columns)
        g_string_append_printf (heading, "%s%s", c > 0 ? " · " : "", name);
    }
  width_changed (self);
  gtk_widget_set_visible (self->header, columns.headed && !stacked (self));
  g_clear_pointer (&self->heading, g_free);
  if (columns.headed)
    self->heading = g_string_free (g_steal_pointer (&heading), FALSE);
  return TRUE;
}

static void
sync_rows (CpMoveList *self, gboolean all)
{
  guint n = self->game ? cp_game_get_n_actions (self->game) : 0;
  guint same = 0, row, first;
  g_autofree CpActionNumber *numbers = NULL;
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  /* The texts of a turn not over when written, or not over now, may
   * have changed. */
  guint settled = self->game != NULL ? MIN (self->settled, cp_game_count_settled (self->game)) : 0;

  if (update_columns (self, all))
    all = TRUE;
  if (!all)
    while (same < n && same < self->shown->len && same < settled
           && cp_action_same (cp_game_get_action (self->game, same), &get_shown (self, same)->action))
      same++;
  /* A reveal unseals the choices before it, and one taken back seals them
   * again: every row is written again. */
  for (guint i = same; i < n && same > 0; i++)
    if (cp_game_get_action (self->game, i)->type == CP_ACTION_REVEAL)
      same = 0;
  for (guint i = same; i < self->shown->len && same > 0; i++)
    if (get_shown (self, i)->action.type == CP_ACTION_REVEAL)
      same = 0;
  if (!all && same == n && same == self->shown->len)
    return;

  row = first_changed_row (self, same);
  first = row < self->row_data->len ? get_row (self, row)->first : same;
  numbers = g_new (CpActionNumber, n - first + 1);
  if (self->game != NULL)
    cp_game_number_actions (self->game, first, n - first, numbers);
  g_array_set_size (self->shown, same);
  for (guint i = same; i < n; i++)
    {
      Shown shown = { 0 };

      write_action (self, i, &numbers[i - first], &shown);
      g_array_append_val (self->shown, shown);
    }
  g_array_set_size (self->row_data, row);
  arrange_rows (self, first, numbers);

  for (guint r = row; r < self->row_data->len; r++)
    g_ptr_array_add (texts, row_text (self, get_row (self, r)));
  g_ptr_array_add (texts, NULL);
  gtk_string_list_splice (self->rows, row, g_list_model_get_n_items (G_LIST_MODEL (self->rows)) - row,
                          (const char *const *) texts->pdata);
  /* A move whose turn goes on is written again once the turn ends. */
  self->settled = self->game != NULL ? cp_game_count_settled (self->game) : 0;
  cursor_changed (self);
}

static void
log_changed (CpMoveList *self)
{
  sync_rows (self, FALSE);
}

static void
annotations_changed (CpMoveList *self)
{
  sync_rows (self, TRUE);
}

/**
 * cp_move_list_activate_action:
 *
 * Shows the position after the action @index and the random results
 * that follow it.
 */
void
cp_move_list_activate_action (CpMoveList *self, guint index)
{
  guint cursor;

  g_return_if_fail (CP_IS_MOVE_LIST (self));
  g_return_if_fail (self->game != NULL && index < cp_game_get_n_actions (self->game));

  cursor = index + 1;
  while (cursor < cp_game_get_n_actions (self->game) && is_chance (self->game, cursor))
    cursor++;
  cp_game_set_cursor (self->game, MAX (cursor, cp_move_list_first_position (self->game)));
}

/* A move's button clicked: the action it shows is its target. */
static void
show_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  CpMoveList *self = CP_MOVE_LIST (widget);
  guint index = g_variant_get_uint32 (parameter);

  if (self->game != NULL && index < cp_game_get_n_actions (self->game))
    cp_move_list_activate_action (self, index);
}

static GtkWidget *
new_button (void)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *label = gtk_label_new (NULL);

  /* Long moves and lines wrap rather than widen the side panel. */
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_button_set_child (GTK_BUTTON (button), label);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "move");
  gtk_widget_set_hexpand (button, TRUE);
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_uint32 (CP_NO_ACTION));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "moves.show");
  return button;
}

/* A row: the number, a line across, and a cell for each column.  Binding
 * shows either the number and the cells or the line. */
static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *item, CpMoveList *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *number = gtk_label_new (NULL);
  GtkWidget *cells = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_label_set_xalign (GTK_LABEL (number), 1.0);
  gtk_label_set_width_chars (GTK_LABEL (number), 4);
  gtk_widget_add_css_class (number, "move-number");
  gtk_box_set_homogeneous (GTK_BOX (cells), TRUE);
  gtk_widget_set_hexpand (cells, TRUE);
  for (guint c = 0; c < CP_MAX_SEATS; c++)
    {
      GtkWidget *button = new_button ();

      gtk_widget_add_css_class (button, "move-cell");
      gtk_box_append (GTK_BOX (cells), button);
    }
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), new_button ());
  gtk_box_append (GTK_BOX (box), cells);
  gtk_list_item_set_child (item, box);
  gtk_list_item_set_activatable (item, FALSE);
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *item, CpMoveList *self)
{
  g_hash_table_add (self->bound, item);
  show_item (self, item);
}

static void
unbind_row (GtkSignalListItemFactory *factory, GtkListItem *item, CpMoveList *self)
{
  g_hash_table_remove (self->bound, item);
}

static void
cp_move_list_dispose (GObject *object)
{
  CpMoveList *self = CP_MOVE_LIST (object);

  /* Letting go of the game updates the rows, which may ask to scroll. */
  cp_move_list_set_game (self, NULL);
  g_clear_handle_id (&self->scroll_source, g_source_remove);
  g_clear_handle_id (&self->cramped_source, g_source_remove);
  g_clear_pointer (&self->header, gtk_widget_unparent);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_pointer (&self->past_bar, gtk_widget_unparent);
  G_OBJECT_CLASS (cp_move_list_parent_class)->dispose (object);
}

static void
cp_move_list_finalize (GObject *object)
{
  CpMoveList *self = CP_MOVE_LIST (object);

  g_array_unref (self->shown);
  g_array_unref (self->row_data);
  g_hash_table_unref (self->bound);
  g_object_unref (self->rows);
  g_free (self->heading);
  G_OBJECT_CLASS (cp_move_list_parent_class)->finalize (object);
}

static gboolean
show_cramped (gpointer data)
{
  CpMoveList *self = data;
  GHashTableIter iter;
  gpointer item;

  self->cramped_source = 0;
  gtk_widget_set_visible (self->header, self->columns.headed && !stacked (self));
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &item, NULL))
    show_item (self, item);
  return G_SOURCE_REMOVE;
}

/* Whether the headings of the columns fit side by side in @width, each
 * word whole. */
static gboolean
headings_fit (CpMoveList *self, int width)
{
  GtkWidget *names = gtk_widget_get_last_child (self->header);
  GtkWidget *number = gtk_widget_get_first_child (self->header);
  int widest = 0, number_width;

  gtk_widget_measure (number, GTK_ORIENTATION_HORIZONTAL, -1, &number_width, NULL, NULL, NULL);
  for (GtkWidget *label = gtk_widget_get_first_child (names); label; label = gtk_widget_get_next_sibling (label))
    if (gtk_widget_get_visible (label))
      {
        int least;

        gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, &least, NULL, NULL, NULL);
        widest = MAX (widest, least);
      }
  return number_width + widest * (int) self->columns.n_columns <= width;
}

/* Rows of many players stand one under another where their headings do
 * not fit side by side: decided once the list's width is known, and shown
 * outside the allocation. */
static void
width_changed (CpMoveList *self)
{
  int width = (int) gtk_adjustment_get_page_size (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller)));
  gboolean cramped = self->columns.headed && width > 0 && !headings_fit (self, width);

  if (cramped != self->cramped)
    {
      self->cramped = cramped;
      if (self->cramped_source == 0)
        self->cramped_source = g_idle_add (show_cramped, self);
    }
}

static void
cp_move_list_class_init (CpMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_move_list_dispose;
  object_class->finalize = cp_move_list_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movelist");
  gtk_widget_class_install_action (widget_class, "moves.show", "u", show_activated);
}

/* The armies' names over their columns, laid out as the rows are: a
 * place for the number, then a name a column. */
static void
init_header (CpMoveList *self)
{
  GtkWidget *number = gtk_label_new (NULL);
  GtkWidget *names = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  self->header = g_object_new (GTK_TYPE_BOX, "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL);
  gtk_widget_add_css_class (self->header, "move-headings");
  gtk_widget_set_visible (self->header, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->header), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Order of play"), -1);
  gtk_label_set_width_chars (GTK_LABEL (number), 4);
  gtk_widget_add_css_class (number, "move-number");
  gtk_box_set_homogeneous (GTK_BOX (names), TRUE);
  gtk_widget_set_hexpand (names, TRUE);
  for (guint c = 0; c < CP_MAX_SEATS; c++)
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      /* A column takes a move such as "Qxd10+" whole, in the size of the
       * text: where it cannot, the rows stand one under another. */
      gtk_label_set_width_chars (GTK_LABEL (label), 7);
      gtk_widget_add_css_class (label, "move-heading");
      gtk_box_append (GTK_BOX (names), label);
    }
  gtk_box_append (GTK_BOX (self->header), number);
  gtk_box_append (GTK_BOX (self->header), names);
  gtk_widget_set_parent (self->header, GTK_WIDGET (self));
}

/* The bar under the list while the board shows the past. */
static void
init_past_bar (CpMoveList *self)
{
  self->past_bar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->past_bar, "past-bar");
  gtk_widget_set_visible (self->past_bar, FALSE);

  self->past_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->past_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->past_label), 0.0);
  gtk_box_append (GTK_BOX (self->past_bar), self->past_label);

  self->present_button = cp_accessible_mnemonic_button_new (_("Back to the _Present"));
  gtk_widget_set_halign (self->present_button, GTK_ALIGN_END);
  gtk_widget_set_tooltip_text (self->present_button, _("Show the position after the last move"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->present_button), "win.last");
  gtk_box_append (GTK_BOX (self->past_bar), self->present_button);
  gtk_widget_set_parent (self->past_bar, GTK_WIDGET (self));
}

static void
cp_move_list_init (CpMoveList *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkBoxLayout *layout = GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self)));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  self->shown = g_array_new (FALSE, FALSE, sizeof (Shown));
  g_array_set_clear_func (self->shown, shown_clear);
  self->row_data = g_array_new (FALSE, FALSE, sizeof (CpMoveRow));
  self->bound = g_hash_table_new (NULL, NULL);
  self->notation = CP_NOTATION_SAN;
  self->viewer = CP_VIEW_ALL;
  self->current = CP_NO_ACTION;
  self->rows = gtk_string_list_new (NULL);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), self);
  self->view = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->rows)))),
                                  factory);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves"), -1);

  init_header (self);

  self->scroller = gtk_scrolled_window_new ();
  /* The list takes the focus, not its scroller, which a screen reader
   * would name only as a pane. */
  gtk_widget_set_focusable (self->scroller, FALSE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->view);
  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller)),
                           "notify::page-size", G_CALLBACK (width_changed), self, G_CONNECT_SWAPPED);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  init_past_bar (self);
}

GtkWidget *
cp_move_list_new (void)
{
  return g_object_new (CP_TYPE_MOVE_LIST, NULL);
}

void
cp_move_list_set_game (CpMoveList *self, CpGame *game)
{
  g_return_if_fail (CP_IS_MOVE_LIST (self));

  if (self->game == game)
    return;
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->game, self);
      g_signal_handlers_disconnect_by_data (cp_game_get_annotations (self->game), self);
    }
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect_swapped (game, "changed", G_CALLBACK (log_changed), self);
      g_signal_connect_swapped (cp_game_get_annotations (game), "changed", G_CALLBACK (annotations_changed), self);
      g_signal_connect_swapped (game, "notify::cursor", G_CALLBACK (cursor_changed), self);
    }
  sync_rows (self, TRUE);
}

void
cp_move_list_set_notation (CpMoveList *self, CpNotation notation)
{
  if (self->notation == notation)
    return;
  self->notation = notation;
  sync_rows (self, TRUE);
}

/**
 * cp_move_list_set_viewer:
 * @seat: a seat, or CP_VIEW_ALL
 *
 * Writes the rows as @seat may read them: the actions kept secret from
 * it say only what kind of action they were.
 */
void
cp_move_list_set_viewer (CpMoveList *self, guint seat)
{
  g_return_if_fail (CP_IS_MOVE_LIST (self));

  if (self->viewer == seat)
    return;
  self->viewer = seat;
  sync_rows (self, TRUE);
}

guint
cp_move_list_get_n_rows (CpMoveList *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->rows));
}

/**
 * cp_move_list_get_row_text:
 *
 * The text of row @index as a screen reader reads it: "1. e4 e5", or a
 * line such as "Black offers a draw".
 */
const char *
cp_move_list_get_row_text (CpMoveList *self, guint index)
{
  return gtk_string_list_get_string (self->rows, index);
}

/**
 * cp_move_list_get_action_text:
 *
 * What the list shows for the action @index, with its number or its
 * player: "1… e5", "Black offers a draw".
 */
const char *
cp_move_list_get_action_text (CpMoveList *self, guint index)
{
  g_return_val_if_fail (CP_IS_MOVE_LIST (self), NULL);
  g_return_val_if_fail (index < self->shown->len, NULL);

  return get_shown (self, index)->label;
}

/**
 * cp_move_list_get_action_row:
 *
 * The row that shows the action @index.
 */
guint
cp_move_list_get_action_row (CpMoveList *self, guint index)
{
  g_return_val_if_fail (CP_IS_MOVE_LIST (self), 0);
  g_return_val_if_fail (index < self->shown->len, 0);

  return get_shown (self, index)->slot.row;
}

/**
 * cp_move_list_get_past_text:
 *
 * What the bar under the list says while the board shows an earlier
 * position, or NULL when it shows the present.
 */
const char *
cp_move_list_get_past_text (CpMoveList *self)
{
  g_return_val_if_fail (CP_IS_MOVE_LIST (self), NULL);

  if (!gtk_widget_get_visible (self->past_bar))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->past_label));
}

/**
 * cp_move_list_get_heading_text:
 *
 * The armies' names over the columns, in the order they play, as a line:
 * "Red · Black · White"; NULL where the columns have no heading.
 */
const char *
cp_move_list_get_heading_text (CpMoveList *self)
{
  g_return_val_if_fail (CP_IS_MOVE_LIST (self), NULL);

  return self->heading;
}

GtkButton *
cp_move_list_get_present_button (CpMoveList *self)
{
  g_return_val_if_fail (CP_IS_MOVE_LIST (self), NULL);

  return GTK_BUTTON (self->present_button);
}
