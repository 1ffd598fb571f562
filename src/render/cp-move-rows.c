/* cp-move-rows.c: a game's actions sorted into the rows of a score
 *
 * Moves stand in numbered rows, one column a player, as chess programs
 * write them: "1. e4  e5", or one row a round where three or four play.
 * A cell holds a player's whole turn (a move and the card, checker or
 * burial that goes with it), and where players choose together a row
 * holds the round, sealed choices included.  Random results and what the
 * rules make known stand under the move they follow as lines of their
 * own (none for a result that says nothing), as do actions that are not
 * numbered moves (a draw offer, a hint); who went out of the game is said
 * under the round.  The move list and the printed score sheet both lay
 * out their rows so.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-move-rows.h"

/**
 * cp_move_rows_is_note:
 *
 * Whether action @index is a random result after the set-up: a note under
 * the move before it.
 */
gboolean
cp_move_rows_is_note (CpGame *game, guint index)
{
  return index >= cp_game_get_setup_length (game) && cp_game_get_action (game, index)->seat == CP_SEAT_CHANCE;
}

/* Whether @text begins with a word of small letters only, as a verb
 * does ("plays", "passes") and no move in chess notation ("exd5"). */
static gboolean
begins_with_verb (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p != '\0' && *p != ' '; p = g_utf8_next_char (p), n++)
    if (!g_unichar_islower (g_utf8_get_char (p)))
      return FALSE;
  return n >= 3;
}

/**
 * cp_move_rows_is_phrase:
 * @text: the action as @viewer reads it
 *
 * Whether action @index says what a player did ("draws a card", "makes a
 * sealed choice") rather than being a move: in a cell, its text then
 * needs the player's name.  A sealed choice the viewer may not see is
 * one; one they may see may be written as a move.
 */
gboolean
cp_move_rows_is_phrase (CpGame *game, guint index, guint viewer, const char *text)
{
  const CpAction *action = cp_game_get_action (game, index);
  CpAction seen;

  switch (action->type)
    {
    case CP_ACTION_MOVE:
    case CP_ACTION_PLACE:
    case CP_ACTION_PLAY_CARD:
    case CP_ACTION_THROW_CHECKER:
    case CP_ACTION_ADD_CHECKER:
      return FALSE;
    case CP_ACTION_COMMIT:
      cp_game_get_action_for (game, index, viewer, &seen);
      return !cp_action_same (&seen, action) || begins_with_verb (text);
    default:
      return TRUE;
    }
}

/**
 * cp_move_rows_name_players:
 * @cramped: whether the columns' headings do not fit side by side
 *
 * Whether the cells of numbered rows begin with their player's name:
 * where two columns without a heading do not say who played (players of
 * one team, seats named beyond their colours, pieces of no player's), and
 * where there are more columns than fit side by side, or their headings
 * do not.
 */
gboolean
cp_move_rows_name_players (CpGame *game, const CpMoveColumns *columns, gboolean cramped)
{
  const CpRules *rules = game != NULL ? cp_game_get_rules (game) : NULL;

  return rules != NULL
         && (columns->n_columns > CP_MOVE_ROWS_SIDE_BY_SIDE || (columns->headed && cramped)
             || (!columns->headed
                 && (columns->n_columns != 2 || rules->seat_names != NULL || rules->teams != NULL
                     || !cp_rules_seats_coloured (rules))));
}

typedef struct {
  CpGame *game;
  const CpMoveColumns *columns;
  guint first, n;
  const CpActionNumber *numbers;  /* from `first` on */
  GArray *rows;
  CpMoveSlot *slots;              /* from `first` on */
  gboolean together;
  CpSeatMask going;               /* out of the game in the open round */
  guint by[CP_MAX_SEATS];         /* and the action that put each out */
} Arrangement;

static const CpActionNumber *
number_of (const Arrangement *a, guint index)
{
  return &a->numbers[index - a->first];
}

static CpMoveSlot *
slot_of (const Arrangement *a, guint index)
{
  return &a->slots[index - a->first];
}

static CpMoveRow
empty_row (CpMoveRowKind kind, guint first)
{
  CpMoveRow row = { .kind = kind, .first = first };

  for (guint c = 0; c < CP_MAX_SEATS; c++)
    row.cells[c] = row.last[c] = CP_NO_ACTION;
  return row;
}

/* Adds a line for each seat going out, in the order of the columns. */
static void
add_out_rows (Arrangement *a)
{
  for (guint c = 0; c < a->columns->n_columns && a->going != 0; c++)
    {
      guint seat = a->columns->seats[c];
      CpMoveRow row = empty_row (CP_MOVE_ROW_OUT, a->by[seat]);

      if (!(a->going & CP_SEAT_BIT (seat)))
        continue;
      row.out = CP_SEAT_BIT (seat);
      g_array_append_val (a->rows, row);
      a->going &= (CpSeatMask) ~CP_SEAT_BIT (seat);
    }
}

/* Keeps the seats that action @index put out of the game, to be said
 * under the round; a player who resigns said so already. */
static void
note_going_out (Arrangement *a, guint index)
{
  const CpAction *action = cp_game_get_action (a->game, index);
  CpSeatMask gone = number_of (a, index)->goes_out;

  if (action->type == CP_ACTION_RESIGN && action->seat < CP_MAX_SEATS)
    gone &= (CpSeatMask) ~CP_SEAT_BIT (action->seat);
  for (guint seat = 0; seat < CP_MAX_SEATS; seat++)
    if (gone & CP_SEAT_BIT (seat))
      a->by[seat] = index;
  a->going |= gone;
}

/* Whether the action numbered @number belongs in @open, the row of moves
 * still open, whose last column so far is @last_column. */
static gboolean
joins_row (const Arrangement *a, const CpMoveRow *open, guint last_column, const CpActionNumber *number)
{
  if (open == NULL || number->round != open->round || number->place >= a->columns->n_columns)
    return FALSE;
  if (number->joins)
    return open->cells[number->place] != CP_NO_ACTION;
  return a->together || number->place > last_column;
}

/* Whether the random results and the actions outside the numbered
 * moves from @i on come in the middle of @open: the next numbered action
 * goes on the turn they follow, or, where the players choose together,
 * belongs in the round.  (Elsewhere, a result after one player's turn
 * stands under it, before the next player's.) */
static gboolean
inside_row (const Arrangement *a, guint i, const CpMoveRow *open, guint last_column)
{
  guint next = i;

  while (next < a->n && (cp_move_rows_is_note (a->game, next) || number_of (a, next)->round == 0))
    next++;
  return next < a->n && (a->together || number_of (a, next)->joins)
         && joins_row (a, open, last_column, number_of (a, next));
}

/* The random results and other lines kept for under the row that was
 * open. */
static void
add_held_lines (Arrangement *a, GArray *held)
{
  for (guint k = 0; k < held->len; k++)
    {
      guint index = g_array_index (held, guint, k);
      CpMoveRow row = empty_row (cp_move_rows_is_note (a->game, index) ? CP_MOVE_ROW_NOTE : CP_MOVE_ROW_LINE,
                                 index);

      row.under = TRUE;
      *slot_of (a, index) = (CpMoveSlot) { .row = a->rows->len };
      g_array_append_val (a->rows, row);
    }
  g_array_set_size (held, 0);
}

/**
 * cp_move_rows_arrange:
 * @columns: the columns of numbered rows
 * @first: the first action to sort, the first of a row
 * @n: the number of actions of the game
 * @numbers: the numbers of the actions from @first on
 * @texts: the text of each action from @first on, as it is shown
 * @rows: (element-type CpMoveRow): where the rows are appended
 * @slots: (out caller-allocates): where each action from @first on
 *   stands
 *
 * Sorts the actions from @first on into rows.  A row holds a round: a
 * move joins the row before it when that row holds its round and its
 * column is to the right of the row's moves (in any column where the
 * players choose together), or when it is one more part of a turn in the
 * row.  The random results and other lines that come in the middle of a
 * row stand under it, and a result that says nothing has no line (its
 * slot is the row before).  Who went out of the game is said under the
 * row once it ends, after the random results under it.
 */
void
cp_move_rows_arrange (CpGame *game, const CpMoveColumns *columns, guint first, guint n,
                      const CpActionNumber *numbers, const char *const *texts, GArray *rows,
                      CpMoveSlot *slots)
{
  CpNumbering numbering = cp_game_get_rules (game)->numbering;
  Arrangement a = {
    .game = game, .columns = columns, .first = first, .n = n, .numbers = numbers, .rows = rows,
    .slots = slots,
    .together = numbering == CP_NUMBERING_ROUNDS || numbering == CP_NUMBERING_SEALED_MOVES,
  };
  gssize open = -1;
  guint last_column = 0;
  g_autoptr (GArray) held = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = first; i < n; i++)
    {
      const CpActionNumber *number = number_of (&a, i);
      CpMoveSlot *slot = slot_of (&a, i);
      CpMoveRow *open_row = open >= 0 ? &g_array_index (rows, CpMoveRow, open) : NULL;
      gboolean note = cp_move_rows_is_note (game, i);
      CpMoveRow row;

      *slot = (CpMoveSlot) { .row = rows->len > 0 ? rows->len - 1 : 0 };
      if (note && texts[i - first][0] == '\0')
        continue;
      if (note && open_row != NULL && inside_row (&a, i, open_row, last_column))
        {
          g_array_append_val (held, i);
          continue;
        }
      if (!note && joins_row (&a, open_row, last_column, number))
        {
          if (open_row->cells[number->place] == CP_NO_ACTION)
            open_row->cells[number->place] = i;
          open_row->last[number->place] = i;
          open_row->out = number->out;
          last_column = MAX (last_column, number->place);
          *slot = (CpMoveSlot) { .row = (guint) open, .place = number->place, .in_cell = TRUE };
          note_going_out (&a, i);
          continue;
        }
      /* Something a player does amid another's turn, such as giving up a
       * card, stands under the row. */
      if (!note && number->round == 0 && open_row != NULL && inside_row (&a, i + 1, open_row, last_column))
        {
          g_array_append_val (held, i);
          note_going_out (&a, i);
          continue;
        }
      add_held_lines (&a, held);
      if (!note)
        add_out_rows (&a);
      if (!note && number->round > 0 && number->place < columns->n_columns)
        {
          row = empty_row (CP_MOVE_ROW_MOVES, i);
          row.round = number->round;
          row.cells[number->place] = row.last[number->place] = i;
          row.out = number->out;
          last_column = number->place;
          *slot = (CpMoveSlot) { .row = rows->len, .place = number->place, .in_cell = TRUE };
          open = rows->len;
        }
      else
        {
          row = empty_row (note ? CP_MOVE_ROW_NOTE : CP_MOVE_ROW_LINE, i);
          *slot = (CpMoveSlot) { .row = rows->len };
          open = -1;
        }
      g_array_append_val (rows, row);
      note_going_out (&a, i);
    }
  add_held_lines (&a, held);
  add_out_rows (&a);
}
