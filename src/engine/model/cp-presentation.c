/* cp-presentation.c: what the screen shows of a game beyond its pieces
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-presentation.h"

static void
overlay_clear (gpointer data)
{
  CpOverlay *overlay = data;

  g_free (overlay->text);
  g_free (overlay->description);
}

static void
side_clear (gpointer data)
{
  g_free (((CpSideItem *) data)->text);
}

static void
grid_clear (gpointer data)
{
  cp_grid_clear (data);
}

static void
legend_clear (gpointer data)
{
  g_free (((CpLegendEntry *) data)->text);
}

static void
button_clear (gpointer data)
{
  CpButton *button = data;

  g_free (button->id);
  g_free (button->label);
  g_free (button->tooltip);
}

/**
 * cp_presentation_new:
 *
 * An empty presentation: no marks, nothing beside the players, no prompt
 * and no buttons; each player named at the set-up plays their own seat.
 */
CpPresentation *
cp_presentation_new (void)
{
  CpPresentation *self = g_new0 (CpPresentation, 1);

  self->overlays = g_array_new (FALSE, TRUE, sizeof (CpOverlay));
  self->side = g_array_new (FALSE, TRUE, sizeof (CpSideItem));
  self->buttons = g_array_new (FALSE, TRUE, sizeof (CpButton));
  g_array_set_clear_func (self->overlays, overlay_clear);
  g_array_set_clear_func (self->side, side_clear);
  g_array_set_clear_func (self->buttons, button_clear);
  self->grids = g_array_new (FALSE, TRUE, sizeof (CpGrid));
  g_array_set_clear_func (self->grids, grid_clear);
  self->legend = g_array_new (FALSE, TRUE, sizeof (CpLegendEntry));
  g_array_set_clear_func (self->legend, legend_clear);
  cp_card_table_init (&self->cards);
  for (guint i = 0; i < CP_MAX_SEATS; i++)
    self->seat_of_player[i] = (guint8) i;
  self->card_note_seat = CP_NO_SEAT;
  self->check_cell = CP_NO_CELL;
  return self;
}

void
cp_presentation_free (CpPresentation *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->overlays);
  g_array_unref (self->side);
  g_array_unref (self->buttons);
  g_array_unref (self->grids);
  g_array_unref (self->legend);
  for (guint i = 0; i < CP_MAX_SEATS; i++)
    g_free (self->side_description[i]);
  g_free (self->prompt);
  g_free (self->card_note);
  g_free (self->card_button);
  g_free (self->timeout_button);
  g_free (self->dice_result);
  g_free (self);
}

/**
 * cp_presentation_add_overlay:
 * @description: (nullable): words for the cell's description
 *
 * Returns: (transfer none): the new overlay, for its other fields
 */
CpOverlay *
cp_presentation_add_overlay (CpPresentation *self, CpOverlayKind kind, guint cell, const char *description)
{
  CpOverlay overlay = { .kind = (guint8) kind, .cell = (guint8) cell, .description = g_strdup (description) };

  g_array_append_val (self->overlays, overlay);
  return &g_array_index (self->overlays, CpOverlay, self->overlays->len - 1);
}

/**
 * cp_presentation_add_legend:
 * @text: what @mark means in the game, in a sentence
 *
 * Adds a line to the key of the board's marks: @mark as it is drawn with
 * a pawn of the first seat, unless the entry's piece says otherwise.  A mark
 * listed twice keeps its first line.
 *
 * Returns: (transfer none): the entry, for its other fields
 */
CpLegendEntry *
cp_presentation_add_legend (CpPresentation *self, CpMark mark, const char *text)
{
  CpLegendEntry entry = { .mark = (guint8) mark, .piece = { .kind = CP_PIECE_PAWN }, .text = g_strdup (text) };

  for (guint i = 0; i < self->legend->len; i++)
    if (g_array_index (self->legend, CpLegendEntry, i).mark == mark)
      {
        g_free (entry.text);
        return &g_array_index (self->legend, CpLegendEntry, i);
      }
  g_array_append_val (self->legend, entry);
  return &g_array_index (self->legend, CpLegendEntry, self->legend->len - 1);
}

/* The marks the key lists, as CP_MARK_BIT()s. */
guint32
cp_presentation_get_legend_marks (const CpPresentation *self)
{
  guint32 marks = 0;

  for (guint i = 0; i < self->legend->len; i++)
    marks |= CP_MARK_BIT (g_array_index (self->legend, CpLegendEntry, i).mark);
  return marks;
}

/**
 * cp_presentation_add_side:
 *
 * Returns: (transfer none): a new item beside @seat's name
 */
CpSideItem *
cp_presentation_add_side (CpPresentation *self, CpSideKind kind, guint seat)
{
  CpSideItem item = { .kind = (guint8) kind, .seat = (guint8) seat, .owner = (guint8) seat };

  g_array_append_val (self->side, item);
  return &g_array_index (self->side, CpSideItem, self->side->len - 1);
}

/* Adds @count pieces of @piece beside @seat's name. */
static void
add_pieces (CpPresentation *self, guint seat, CpPieceKind piece, guint count, gboolean faded)
{
  CpSideItem *item;

  if (count == 0)
    return;
  item = cp_presentation_add_side (self, CP_SIDE_PIECES, seat);
  item->piece = (guint8) piece;
  item->count = (guint8) MIN (count, G_MAXUINT8);
  item->faded = (guint8) faded;
}

/**
 * cp_presentation_add_lost:
 * @waiting: (nullable) (array fixed-size=CP_N_PIECE_KINDS): how many of
 *   each kind may come back, or NULL
 *
 * Adds beside @seat the pieces it has lost since @start, the most
 * valuable first: where @waiting is given, those that may come back
 * clearly and the others faded.
 */
void
cp_presentation_add_lost (CpPresentation *self, const CpState *state, const CpState *start, guint seat,
                          const guint8 *waiting)
{
  guint8 had[CP_N_PIECE_KINDS], has[CP_N_PIECE_KINDS];

  cp_state_count_pieces (start, seat, had);
  cp_state_count_pieces (state, seat, has);
  for (guint kind = CP_PIECE_KING; kind >= CP_PIECE_PAWN; kind--)
    if (had[kind] > has[kind])
      {
        guint lost = had[kind] - has[kind], back = waiting ? MIN (lost, waiting[kind]) : lost;

        add_pieces (self, seat, (CpPieceKind) kind, back, FALSE);
        add_pieces (self, seat, (CpPieceKind) kind, lost - back, TRUE);
      }
}

/**
 * cp_presentation_name_pieces:
 *
 * Returns: (nullable) (transfer full): the names of the pieces beside
 *   @seat that are @faded, or not, in a list: "queen, pawn"; NULL for none
 */
char *
cp_presentation_name_pieces (const CpPresentation *self, guint seat, gboolean faded)
{
  g_autoptr (GString) names = g_string_new (NULL);

  for (guint i = 0; i < self->side->len; i++)
    {
      const CpSideItem *item = &g_array_index (self->side, CpSideItem, i);

      if (item->seat != seat || item->kind != CP_SIDE_PIECES || item->faded != faded)
        continue;
      for (guint k = 0; k < item->count; k++)
        /* Translators: between the names of pieces in a list */
        g_string_append_printf (names, "%s%s", names->len ? _(", ") : "", cp_piece_kind_name (item->piece));
    }
  return names->len > 0 ? g_strdup (names->str) : NULL;
}

/**
 * cp_presentation_add_button:
 * @action: a legal action that is not made on the board
 * @id: a name that stays the same across languages, such as "end-turn"
 * @label: what the button says, with a mnemonic
 */
void
cp_presentation_add_button (CpPresentation *self, const CpAction *action, const char *id, const char *label)
{
  cp_presentation_add_button_full (self, action, id, label, NULL);
}

/**
 * cp_presentation_add_button_full:
 * @tooltip: (nullable): what the button does in words, such as "Bid 3
 *   moves" for a button that says "3"
 *
 * As cp_presentation_add_button(), with a tooltip.
 */
void
cp_presentation_add_button_full (CpPresentation *self, const CpAction *action, const char *id, const char *label,
                                 const char *tooltip)
{
  CpButton button = { *action, g_strdup (id), g_strdup (label), g_strdup (tooltip) };

  g_array_append_val (self->buttons, button);
}

/* The button named @id, or NULL. */
const CpButton *
cp_presentation_find_button (const CpPresentation *self, const char *id)
{
  for (guint i = 0; i < self->buttons->len; i++)
    if (g_strcmp0 (g_array_index (self->buttons, CpButton, i).id, id) == 0)
      return &g_array_index (self->buttons, CpButton, i);
  return NULL;
}

/* Takes @prompt as the sentence that says what to do now. */
void
cp_presentation_set_prompt (CpPresentation *self, char *prompt)
{
  g_free (self->prompt);
  self->prompt = prompt;
}

/**
 * cp_presentation_add_grid:
 * @seat: the owner of the pieces down the side
 *
 * Returns: (transfer none): a new empty table, for its other fields
 */
CpGrid *
cp_presentation_add_grid (CpPresentation *self, guint seat, const char *title)
{
  CpGrid grid = { .title = g_strdup (title), .seat = (guint8) seat };

  g_array_append_val (self->grids, grid);
  return &g_array_index (self->grids, CpGrid, self->grids->len - 1);
}

/**
 * cp_grid_init_words:
 *
 * Makes @grid a table of words of @n_rows rows (CP_GRID_MAX at most) and
 * @n_columns columns besides the headings, every text empty and no row
 * headed by a player's name.
 */
void
cp_grid_init_words (CpGrid *grid, guint n_rows, guint n_columns)
{
  guint n = (MIN (n_rows, CP_GRID_MAX) + 1) * (MIN (n_columns, G_MAXUINT8) + 1);

  g_strfreev (grid->words);
  g_strfreev (grid->names);
  grid->n_rows = (guint8) MIN (n_rows, CP_GRID_MAX);
  grid->n_columns = (guint8) MIN (n_columns, G_MAXUINT8);
  grid->words = g_new0 (char *, n + 1);
  grid->names = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    {
      grid->words[i] = g_strdup ("");
      grid->names[i] = g_strdup ("");
    }
  memset (grid->row_seat, CP_NO_SEAT, sizeof grid->row_seat);
}

static char **
word_at (char **table, const CpGrid *grid, guint row, guint column)
{
  g_return_val_if_fail (table != NULL && row <= grid->n_rows && column <= grid->n_columns, NULL);
  return &table[row * (grid->n_columns + 1u) + column];
}

/**
 * cp_grid_set_word:
 * @row: the row, 0 for the headings along the top
 * @column: the column, 0 for the headings down the side
 * @name: (nullable): words for screen readers when @word does not say it all
 *
 * Sets the text of a cell of a table of words.
 */
void
cp_grid_set_word (CpGrid *grid, guint row, guint column, const char *word, const char *name)
{
  char **slot = word_at (grid->words, grid, row, column);

  if (slot == NULL)
    return;
  g_free (*slot);
  *slot = g_strdup (word);
  slot = word_at (grid->names, grid, row, column);
  g_free (*slot);
  *slot = g_strdup (name ? name : "");
}

/* The text of a cell of a table of words ("" when empty). */
const char *
cp_grid_get_word (const CpGrid *grid, guint row, guint column)
{
  char **slot = word_at (grid->words, grid, row, column);

  return slot ? *slot : "";
}

/* The words for screen readers of a cell: its text unless the game said
 * more. */
const char *
cp_grid_get_name (const CpGrid *grid, guint row, guint column)
{
  char **slot = word_at (grid->names, grid, row, column);

  return slot && **slot != '\0' ? *slot : cp_grid_get_word (grid, row, column);
}

/* Gives a copy of @grid (a plain copy of the struct) strings of its own. */
void
cp_grid_copy_strings (CpGrid *grid)
{
  grid->title = g_strdup (grid->title);
  grid->description = g_strdup (grid->description);
  grid->row_heading = g_strdup (grid->row_heading);
  grid->column_heading = g_strdup (grid->column_heading);
  grid->words = g_strdupv (grid->words);
  grid->names = g_strdupv (grid->names);
}

/* Frees the strings of @grid. */
void
cp_grid_clear (CpGrid *grid)
{
  g_clear_pointer (&grid->title, g_free);
  g_clear_pointer (&grid->description, g_free);
  g_clear_pointer (&grid->row_heading, g_free);
  g_clear_pointer (&grid->column_heading, g_free);
  g_clear_pointer (&grid->words, g_strfreev);
  g_clear_pointer (&grid->names, g_strfreev);
}

/**
 * cp_grid_value:
 * @columns: (array): the column circled in each row of @grid
 *
 * The value of the action that chooses @columns: the columns as the
 * digits of a number in base `n_columns`, the first row lowest.
 */
guint32
cp_grid_value (const CpGrid *grid, const guint8 *columns)
{
  guint32 value = 0;

  for (guint r = grid->n_rows; r > 0; r--)
    value = value * grid->n_columns + columns[r - 1];
  return value;
}

/**
 * cp_grid_columns:
 * @columns: (out caller-allocates) (array): the column circled in each row
 *
 * Reads @value as cp_grid_value() writes it.  Returns: whether it fits
 * @grid
 */
gboolean
cp_grid_columns (const CpGrid *grid, guint32 value, guint8 *columns)
{
  if (grid->n_columns == 0)
    return FALSE;
  for (guint r = 0; r < grid->n_rows; r++)
    {
      columns[r] = (guint8) (value % grid->n_columns);
      value /= grid->n_columns;
    }
  return value == 0;
}
