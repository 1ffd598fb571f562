/* cp-move-list.c: the list of a game's actions, for replay
 *
 * One row an action, numbered as chess numbers moves.  Rows are kept in
 * step with the log: when the log changes, only the rows from the first
 * action that differs are written again.  Activating a row shows the
 * position after it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-move-list.h"

struct _CpMoveList
{
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkWidget *view;
  GtkStringList *rows;
  GtkSingleSelection *selection;
  GArray *shown;             /* the actions the rows show */
  CpGame *game;
  CpNotation notation;
  guint viewer;              /* the seat whose knowledge the rows show */
  guint scroll_source;
  gboolean updating;
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

/* The text of row @index: the action with the number the game gives it,
 * or else who did it. */
static char *
row_text (CpMoveList *self, guint index)
{
  const CpAction *action = cp_game_get_action (self->game, index);
  g_autofree char *text = cp_game_format_action_for (self->game, index, self->notation, self->viewer);
  g_autofree char *number = NULL;

  if (action->seat == CP_SEAT_CHANCE)
    return g_steal_pointer (&text);
  if ((number = cp_game_number_action (self->game, index)) != NULL)
    return g_strdup_printf ("%s %s", number, text);
  /* Translators: a player and what they did, such as "Black offers a draw" */
  return g_strdup_printf (_("%s %s"), cp_player_get_name (cp_game_get_player (self->game, action->seat)), text);
}

/* Brings the last row at the replay cursor into sight, with the random
 * results that follow the selected row.  Waits for the list to take in
 * rows just added. */
static gboolean
scroll_to_cursor (gpointer data)
{
  CpMoveList *self = data;
  guint cursor = self->game ? cp_game_get_cursor (self->game) : 0;

  self->scroll_source = 0;
  if (cursor > 0 && cursor <= cp_move_list_get_n_rows (self))
    gtk_widget_activate_action (self->view, "list.scroll-to-item", "u", cursor - 1);
  return G_SOURCE_REMOVE;
}

static void
select_cursor (CpMoveList *self)
{
  guint cursor = cp_game_get_cursor (self->game);
  guint row = GTK_INVALID_LIST_POSITION;

  /* The row of the last action shown that is not a random result. */
  while (cursor > 0 && row == GTK_INVALID_LIST_POSITION)
    if (!is_chance (self->game, --cursor) || cursor < cp_move_list_first_position (self->game))
      row = cursor;
  self->updating = TRUE;
  gtk_single_selection_set_selected (self->selection, row);
  self->updating = FALSE;
  if (self->scroll_source == 0)
    self->scroll_source = g_idle_add (scroll_to_cursor, self);
}

static void
sync_rows (CpMoveList *self, gboolean all)
{
  guint n = self->game ? cp_game_get_n_actions (self->game) : 0;
  guint same = 0;
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  if (!all)
    while (same < n && same < self->shown->len
           && cp_action_same (cp_game_get_action (self->game, same),
                              &g_array_index (self->shown, CpAction, same)))
      same++;

  for (guint i = same; i < n; i++)
    g_ptr_array_add (texts, row_text (self, i));
  g_ptr_array_add (texts, NULL);

  self->updating = TRUE;
  gtk_string_list_splice (self->rows, same, self->shown->len - same, (const char *const *) texts->pdata);
  self->updating = FALSE;
  g_array_set_size (self->shown, same);
  for (guint i = same; i < n; i++)
    g_array_append_val (self->shown, *cp_game_get_action (self->game, i));
  if (self->game != NULL)
    select_cursor (self);
}

static void
log_changed (CpMoveList *self)
{
  sync_rows (self, FALSE);
}

/**
 * cp_move_list_activate_row:
 *
 * Shows the position after the action of row @index.
 */
void
cp_move_list_activate_row (CpMoveList *self, guint index)
{
  guint cursor;

  g_return_if_fail (CP_IS_MOVE_LIST (self));
  g_return_if_fail (self->game != NULL && index < cp_game_get_n_actions (self->game));

  cursor = index + 1;
  while (cursor < cp_game_get_n_actions (self->game) && is_chance (self->game, cursor))
    cursor++;
  cp_game_set_cursor (self->game, MAX (cursor, cp_move_list_first_position (self->game)));
}

static void
selection_changed (CpMoveList *self)
{
  guint row = gtk_single_selection_get_selected (self->selection);

  if (self->updating || self->game == NULL || row == GTK_INVALID_LIST_POSITION)
    return;
  cp_move_list_activate_row (self, row);
}

/* Long rows wrap rather than widen the side panel. */
static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_widget_add_css_class (label, "move");
  gtk_list_item_set_child (item, label);
}

/* Random results and what the rules make known stand under the move
 * they follow, smaller and quieter. */
static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  CpMoveList *self = data;
  GtkStringObject *text = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  guint index = gtk_list_item_get_position (item);
  gboolean chance = self->game != NULL && index < cp_game_get_n_actions (self->game)
                    && index >= cp_move_list_first_position (self->game) && is_chance (self->game, index);

  gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (text));
  if (chance)
    gtk_widget_add_css_class (label, "chance");
  else
    gtk_widget_remove_css_class (label, "chance");
}

static void
cp_move_list_dispose (GObject *object)
{
  CpMoveList *self = CP_MOVE_LIST (object);

  g_clear_handle_id (&self->scroll_source, g_source_remove);
  cp_move_list_set_game (self, NULL);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (cp_move_list_parent_class)->dispose (object);
}

static void
cp_move_list_finalize (GObject *object)
{
  g_array_unref (CP_MOVE_LIST (object)->shown);
  G_OBJECT_CLASS (cp_move_list_parent_class)->finalize (object);
}

static void
cp_move_list_class_init (CpMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_move_list_dispose;
  object_class->finalize = cp_move_list_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movelist");
}

static void
cp_move_list_init (CpMoveList *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  self->shown = g_array_new (FALSE, FALSE, sizeof (CpAction));
  self->notation = CP_NOTATION_SAN;
  self->viewer = CP_VIEW_ALL;
  self->rows = gtk_string_list_new (NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->rows));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (selection_changed), self);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  self->view = gtk_list_view_new (GTK_SELECTION_MODEL (self->selection), factory);
  gtk_widget_add_css_class (self->view, "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves"), -1);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->view);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
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
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect_swapped (game, "changed", G_CALLBACK (log_changed), self);
      g_signal_connect_swapped (game, "notify::cursor", G_CALLBACK (select_cursor), self);
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

const char *
cp_move_list_get_row_text (CpMoveList *self, guint index)
{
  return gtk_string_list_get_string (self->rows, index);
}
