/* cp-diagram.c: a position with arrows, marks and cards, drawn for the
 * help pages
 *
 * A diagram file (help/C/figures/NAME.diagram) is plain UTF-8 text, one
 * statement a line; blank lines and lines starting with # are skipped.
 * Cells are named as the game names them (e4, A1...), seats by number
 * from 1 or by colour (white, black, red, brown, blue), pieces by id
 * (pawn, knight, bishop, rook, queen, king, man, chivalry-knight).
 *
 *   game ID                 the game, first of all (chess, zombie...)
 *   players N               how many seats (default: the fewest allowed)
 *   option KEY=VALUE        an option of the game
 *   seed N                  the seed of the set-up's random results
 *   fen FEN                 the start position, for games on the orthodox
 *                           board (the game's option "fen")
 *   moves M1 M2 ...         moves played from the start through the game's
 *                           own parser, so that only legal moves are taken;
 *                           move numbers such as "12." are skipped.  An
 *                           action that is not a move is written TYPE@CELL,
 *                           such as bury@c6: the legal action of that type
 *                           on that cell of a seat due to act
 *   commit SEAT VALUE       the sealed choice of a seat, by its value (the
 *                           tables of Masquerade Chess: cp_grid_value())
 *   place CELL SEAT PIECE   puts a piece on a cell, by hand
 *   remove CELL             empties a cell, by hand
 *   arrow FROM TO           an arrow
 *   mark CELL...            tinted cells
 *   dots CELL...            dots on cells, as where a piece may go
 *   check CELL              a king shown in check (the rules show one
 *                           after moves by themselves)
 *   last FROM TO | none     the cells of the last move (default: the last
 *                           of the moves)
 *   bury CELL SEAT PIECE    a buried piece, small in the cell's corner
 *   checkers CELL N COLOUR  a stack of N checkers
 *   cards CARD...           cards drawn beside the board (10H, QS, BJ...)
 *   viewer SEAT | all       whose view of the game's secrets (default: all)
 *   rotate N                quarter turns clockwise
 *   coordinates on | off    the cell names around the board (default: on)
 *   size N                  the width in pixels (default: 280)
 *
 * The tables of marks the game shows beside the board (CpGrid) are drawn
 * under it, side by side, as the viewer sees them; tables of words (a
 * score card) are not.
 *
 * The set-up statements (players, option, seed, fen) come before the
 * position; moves come before any place or remove.  Captions are not part
 * of a diagram: they belong to the help page, where they are translated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-svg.h>
#include <math.h>

#include "cp-board-renderer.h"
#include "cp-card-art.h"
#include "cp-diagram.h"
#include "cp-grid-art.h"

#define DEFAULT_WIDTH 280
#define MIN_WIDTH 64
#define MAX_WIDTH 2000
#define MAX_CARDS 13
#define CARD_GAP 6.0
#define CARDS_A_ROW 5

struct _CpDiagram {
  GObject parent_instance;

  const char *name;         /* while reading */
  guint line;               /* while reading */
  guint setup_line;         /* the last set-up statement */
  char *game_id;
  guint n_seats;
  guint64 seed;
  GHashTable *options;
  CpGame *game;
  GArray *edits;            /* Edit: pieces placed or removed by hand */
  CpState *state;
  guint viewer;
  guint rotation;
  gboolean coordinates;
  double width;
  GArray *arrows;           /* CpArrow */
  GArray *overlays;         /* CpOverlay */
  CpCellSet dots;
  guint check;
  gboolean last_given;
  guint8 last[2];
  CpCard cards[MAX_CARDS];
  guint n_cards;
  GArray *grids;            /* CpGrid of the presentation, strings left out */
};

typedef struct {
  guint8 cell;
  CpPiece piece;
} Edit;

G_DEFINE_FINAL_TYPE (CpDiagram, cp_diagram, G_TYPE_OBJECT)

static void
cp_diagram_finalize (GObject *object)
{
  CpDiagram *self = CP_DIAGRAM (object);

  g_free (self->game_id);
  g_hash_table_unref (self->options);
  g_clear_object (&self->game);
  g_array_unref (self->edits);
  g_clear_pointer (&self->state, cp_state_free);
  g_array_unref (self->arrows);
  for (guint i = 0; i < self->overlays->len; i++)
    g_free (g_array_index (self->overlays, CpOverlay, i).text);
  g_array_unref (self->overlays);
  g_array_unref (self->grids);
  G_OBJECT_CLASS (cp_diagram_parent_class)->finalize (object);
}

static void
cp_diagram_class_init (CpDiagramClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_diagram_finalize;
}

static void
cp_diagram_init (CpDiagram *self)
{
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->edits = g_array_new (FALSE, FALSE, sizeof (Edit));
  self->arrows = g_array_new (FALSE, FALSE, sizeof (CpArrow));
  self->overlays = g_array_new (FALSE, TRUE, sizeof (CpOverlay));
  self->grids = g_array_new (FALSE, TRUE, sizeof (CpGrid));
  self->viewer = CP_VIEW_ALL;
  self->coordinates = TRUE;
  self->width = DEFAULT_WIDTH;
  self->check = CP_NO_CELL;
}

static gboolean
fail (CpDiagram *self, GError **error, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (CpDiagram *self, GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, "%s:%u: %s", self->name, self->line, message);
  return FALSE;
}

static gboolean
count_args (CpDiagram *self, GStrv args, guint min, guint max, GError **error)
{
  guint n = g_strv_length (args) - 1;

  if (n < min || n > max)
    return fail (self, error, "“%s” takes %u to %u words, not %u", args[0], min, max, n);
  return TRUE;
}

static gboolean
parse_number (CpDiagram *self, const char *text, guint64 min, guint64 max, guint64 *out, GError **error)
{
  if (!g_ascii_string_to_unsigned (text, 10, min, max, out, NULL))
    return fail (self, error, "“%s” is not a number from %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT,
                 text, min, max);
  return TRUE;
}

/* The game, made at the first statement that needs it. */
static gboolean
ensure_game (CpDiagram *self, GError **error)
{
  g_autoptr (GError) local = NULL;
  const CpRules *rules;

  if (self->game != NULL)
    return TRUE;
  if (self->game_id == NULL)
    return fail (self, error, "a diagram starts with “game ID”");
  rules = cp_rules_lookup (self->game_id);
  if (rules == NULL)
    return fail (self, error, "there is no game “%s”", self->game_id);
  if (self->n_seats == 0)
    self->n_seats = rules->min_seats;
  self->game = cp_game_new (self->game_id, self->options, self->n_seats, self->seed, &local);
  if (self->game == NULL)
    {
      self->line = self->setup_line;
      return fail (self, error, "%s", local->message);
    }
  cp_game_resolve_chance (self->game);
  return TRUE;
}

static gboolean
parse_cell (CpDiagram *self, const char *text, guint8 *cell, GError **error)
{
  guint value;

  if (!ensure_game (self, error))
    return FALSE;
  if (!cp_board_parse_cell (cp_game_get_state (self->game)->board, text, &value, NULL))
    return fail (self, error, "“%s” is not a cell of the board", text);
  *cell = (guint8) value;
  return TRUE;
}

static gboolean
parse_seat (CpDiagram *self, const char *text, guint8 *seat, GError **error)
{
  const CpRules *rules = cp_game_get_rules (self->game);
  guint64 number;
  CpColour colour;

  if (g_ascii_string_to_unsigned (text, 10, 1, self->n_seats, &number, NULL))
    {
      *seat = (guint8) (number - 1);
      return TRUE;
    }
  if (cp_colour_from_id (text, &colour))
    for (guint i = 0; i < self->n_seats; i++)
      if ((rules->colours != NULL ? rules->colours[i] : (CpColour) i) == colour)
        {
          *seat = (guint8) i;
          return TRUE;
        }
  return fail (self, error, "“%s” is not a seat of this game: give its number or colour", text);
}

static gboolean
parse_piece (CpDiagram *self, const char *text, guint8 *kind, GError **error)
{
  CpPieceKind value;

  if (!cp_piece_kind_from_id (text, &value))
    return fail (self, error, "“%s” is not a piece", text);
  *kind = (guint8) value;
  return TRUE;
}

/* CELL SEAT PIECE */
static gboolean
parse_placed (CpDiagram *self, GStrv args, guint8 *cell, CpPiece *piece, GError **error)
{
  *piece = (CpPiece) { 0 };
  return count_args (self, args, 3, 3, error)
         && parse_cell (self, args[1], cell, error)
         && parse_seat (self, args[2], &piece->seat, error)
         && parse_piece (self, args[3], &piece->kind, error);
}

/* Plays TYPE@CELL: the first legal action of that type whose first cell
 * is CELL, of any seat due to act. */
static gboolean
play_action (CpDiagram *self, const char *text, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, "@", 2);
  const CpState *state = cp_game_get_state (self->game);
  CpSeatMask pending = cp_game_get_pending (self->game);
  CpActionType type;
  guint8 cell;

  if (!cp_action_type_from_id (parts[0], &type))
    return fail (self, error, "“%s” is not a kind of action", parts[0]);
  if (!parse_cell (self, parts[1], &cell, error))
    return FALSE;
  for (guint seat = 0; seat < state->n_seats; seat++)
    if (pending & CP_SEAT_BIT (seat))
      {
        g_auto (CpActionList) legal;

        cp_action_list_init (&legal);
        cp_state_legal (state, seat, &legal);
        for (guint i = 0; i < legal.len; i++)
          if (legal.items[i].type == type && legal.items[i].n_cells > 0 && legal.items[i].cells[0] == cell)
            {
              g_autoptr (GError) local = NULL;

              if (!cp_game_play (self->game, &legal.items[i], &local))
                return fail (self, error, "the action “%s” cannot be played: %s", text, local->message);
              return TRUE;
            }
      }
  return fail (self, error, "no one may %s on %s now", parts[0], parts[1]);
}

/* "commit SEAT VALUE": the legal sealed choice of that value. */
static gboolean
read_commit (CpDiagram *self, GStrv args, GError **error)
{
  g_auto (CpActionList) legal = { 0 };
  guint64 value;
  guint8 seat;

  if (self->edits->len > 0)
    return fail (self, error, "moves come before any place or remove");
  if (!ensure_game (self, error) || !count_args (self, args, 2, 2, error)
      || !parse_seat (self, args[1], &seat, error) || !parse_number (self, args[2], 0, G_MAXUINT32, &value, error))
    return FALSE;
  if (cp_game_get_pending (self->game) & CP_SEAT_BIT (seat))
    cp_state_legal (cp_game_get_state (self->game), seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_COMMIT && legal.items[i].value == value)
      return cp_game_play (self->game, &legal.items[i], error);
  return fail (self, error, "%s may not choose %s now", args[1], args[2]);
}

static gboolean
read_moves (CpDiagram *self, GStrv args, GError **error)
{
  if (self->edits->len > 0)
    return fail (self, error, "moves come before any place or remove");
  if (!ensure_game (self, error))
    return FALSE;
  for (guint i = 1; args[i]; i++)
    {
      g_autoptr (GError) local = NULL;

      if (g_regex_match_simple ("^[0-9]+\\.+$", args[i], 0, 0))
        continue;
      if (strchr (args[i], '@') != NULL)
        {
          if (!play_action (self, args[i], error))
            return FALSE;
          continue;
        }
      if (!cp_game_play_text (self->game, args[i], &local))
        return fail (self, error, "the move “%s” cannot be played: %s", args[i], local->message);
    }
  return TRUE;
}

static CpOverlay *
add_overlay (CpDiagram *self, CpOverlayKind kind, guint8 cell)
{
  CpOverlay overlay = { .kind = (guint8) kind, .cell = cell };

  g_array_append_val (self->overlays, overlay);
  return &g_array_index (self->overlays, CpOverlay, self->overlays->len - 1);
}

static gboolean
read_cells (CpDiagram *self, GStrv args, GError **error)
{
  gboolean mark = g_str_equal (args[0], "mark");

  if (!count_args (self, args, 1, CP_MAX_CELLS, error))
    return FALSE;
  for (guint i = 1; args[i]; i++)
    {
      guint8 cell;

      if (!parse_cell (self, args[i], &cell, error))
        return FALSE;
      if (mark)
        add_overlay (self, CP_OVERLAY_TINT, cell);
      else
        cp_cell_set_add (&self->dots, cell);
    }
  return TRUE;
}

static gboolean
read_decoration (CpDiagram *self, GStrv args, GError **error)
{
  const char *word = args[0];
  guint8 from, to;

  if (g_str_equal (word, "arrow"))
    {
      CpArrow arrow = { .colour = { 0.15, 0.45, 0.85, 0.8 } };

      if (!count_args (self, args, 2, 2, error) || !parse_cell (self, args[1], &arrow.from, error)
          || !parse_cell (self, args[2], &arrow.to, error))
        return FALSE;
      g_array_append_val (self->arrows, arrow);
      return TRUE;
    }
  if (g_str_equal (word, "mark") || g_str_equal (word, "dots"))
    return read_cells (self, args, error);
  if (g_str_equal (word, "check"))
    {
      if (!count_args (self, args, 1, 1, error) || !parse_cell (self, args[1], &from, error))
        return FALSE;
      self->check = from;
      return TRUE;
    }
  if (g_str_equal (word, "last"))
    {
      if (!count_args (self, args, 1, 2, error))
        return FALSE;
      self->last_given = TRUE;
      self->last[0] = self->last[1] = CP_NO_CELL;
      if (args[2] == NULL && g_str_equal (args[1], "none"))
        return TRUE;
      if (args[2] == NULL)
        return fail (self, error, "“last” takes two cells or “none”");
      if (!parse_cell (self, args[1], &from, error) || !parse_cell (self, args[2], &to, error))
        return FALSE;
      self->last[0] = from;
      self->last[1] = to;
      return TRUE;
    }
  if (g_str_equal (word, "bury"))
    {
      CpPiece piece;
      CpOverlay *overlay;

      if (!parse_placed (self, args, &from, &piece, error))
        return FALSE;
      overlay = add_overlay (self, CP_OVERLAY_PIECE, from);
      overlay->piece = piece.kind;
      overlay->seat = piece.seat;
      return TRUE;
    }
  if (g_str_equal (word, "checkers"))
    {
      guint64 count;
      CpColour colour;
      CpOverlay *overlay;

      if (!count_args (self, args, 3, 3, error) || !parse_cell (self, args[1], &from, error)
          || !parse_number (self, args[2], 1, 99, &count, error))
        return FALSE;
      if (!cp_colour_from_id (args[3], &colour))
        return fail (self, error, "“%s” is not a colour", args[3]);
      overlay = add_overlay (self, CP_OVERLAY_STACK, from);
      overlay->count = (guint8) count;
      overlay->colour = (guint8) colour;
      return TRUE;
    }
  if (g_str_equal (word, "cards"))
    {
      if (!count_args (self, args, 1, MAX_CARDS - self->n_cards, error))
        return FALSE;
      for (guint i = 1; args[i]; i++)
        if (!cp_card_from_id (args[i], &self->cards[self->n_cards++]))
          return fail (self, error, "“%s” is not a card", args[i]);
      return TRUE;
    }
  return fail (self, error, "“%s” is not a statement of a diagram", word);
}

static gboolean
read_view (CpDiagram *self, GStrv args, GError **error)
{
  const char *word = args[0];
  guint64 number;

  if (!count_args (self, args, 1, 1, error))
    return FALSE;
  if (g_str_equal (word, "viewer"))
    {
      guint8 seat;

      if (g_str_equal (args[1], "all"))
        self->viewer = CP_VIEW_ALL;
      else if (!ensure_game (self, error) || !parse_seat (self, args[1], &seat, error))
        return FALSE;
      else
        self->viewer = seat;
      return TRUE;
    }
  if (g_str_equal (word, "rotate"))
    {
      if (!parse_number (self, args[1], 0, 3, &number, error))
        return FALSE;
      self->rotation = (guint) number;
      return TRUE;
    }
  if (g_str_equal (word, "coordinates"))
    {
      if (!g_str_equal (args[1], "on") && !g_str_equal (args[1], "off"))
        return fail (self, error, "“coordinates” is on or off");
      self->coordinates = g_str_equal (args[1], "on");
      return TRUE;
    }
  if (!parse_number (self, args[1], MIN_WIDTH, MAX_WIDTH, &number, error))
    return FALSE;
  self->width = (double) number;
  return TRUE;
}

static gboolean
read_setup (CpDiagram *self, const char *word, const char *rest, GError **error)
{
  guint64 number;

  if (self->game != NULL)
    return fail (self, error, "“%s” comes before the position", word);
  if (rest[0] == '\0')
    return fail (self, error, "“%s” needs a value", word);
  self->setup_line = self->line;
  if (g_str_equal (word, "game"))
    {
      if (self->game_id != NULL)
        return fail (self, error, "a diagram shows one game");
      self->game_id = g_strdup (rest);
      return cp_rules_lookup (rest) != NULL || fail (self, error, "there is no game “%s”", rest);
    }
  if (self->game_id == NULL)
    return fail (self, error, "a diagram starts with “game ID”");
  if (g_str_equal (word, "fen"))
    g_hash_table_replace (self->options, g_strdup ("fen"), g_strdup (rest));
  else if (g_str_equal (word, "option"))
    {
      const char *eq = strchr (rest, '=');

      if (eq == NULL || eq == rest)
        return fail (self, error, "an option is written KEY=VALUE");
      g_hash_table_replace (self->options, g_strndup (rest, (gsize) (eq - rest)), g_strdup (eq + 1));
    }
  else if (g_str_equal (word, "players"))
    {
      if (!parse_number (self, rest, 1, CP_MAX_SEATS, &number, error))
        return FALSE;
      self->n_seats = (guint) number;
    }
  else if (!parse_number (self, rest, 0, G_MAXUINT32, &self->seed, error))
    return FALSE;
  return TRUE;
}

static gboolean
read_line (CpDiagram *self, const char *line, GError **error)
{
  static const char *const setup[] = { "game", "players", "option", "seed", "fen", NULL };
  static const char *const view[] = { "viewer", "rotate", "coordinates", "size", NULL };
  g_auto (GStrv) args = g_regex_split_simple ("\\s+", line, 0, 0);
  const char *rest = line + strlen (args[0]);

  while (g_ascii_isspace (*rest))
    rest++;
  if (g_strv_contains (setup, args[0]))
    return read_setup (self, args[0], rest, error);
  if (self->game_id == NULL)
    return fail (self, error, "a diagram starts with “game ID”");
  if (g_strv_contains (view, args[0]))
    return read_view (self, args, error);
  if (g_str_equal (args[0], "moves"))
    return read_moves (self, args, error);
  if (g_str_equal (args[0], "commit"))
    return read_commit (self, args, error);
  if (g_str_equal (args[0], "place") || g_str_equal (args[0], "remove"))
    {
      Edit edit = { 0 };

      if (g_str_equal (args[0], "place") ? !parse_placed (self, args, &edit.cell, &edit.piece, error)
          : !count_args (self, args, 1, 1, error) || !parse_cell (self, args[1], &edit.cell, error))
        return FALSE;
      g_array_append_val (self->edits, edit);
      return TRUE;
    }
  return read_decoration (self, args, error);
}

/* The state drawn: the view of the game, with the pieces placed by hand. */
static void
finish (CpDiagram *self)
{
  g_autoptr (CpView) view = cp_game_view (self->game, self->viewer);
  const CpAction *last = cp_game_last_move (self->game, cp_game_get_n_actions (self->game));

  self->state = cp_state_copy (cp_view_get_state (view));
  for (guint i = 0; i < self->edits->len; i++)
    {
      const Edit *edit = &g_array_index (self->edits, Edit, i);

      self->state->cells[edit->cell] = edit->piece;
    }
  if (self->edits->len == 0)
    {
      g_autoptr (CpPresentation) presentation = cp_game_present (self->game, view);

      for (guint i = 0; i < presentation->overlays->len; i++)
        {
          CpOverlay overlay = g_array_index (presentation->overlays, CpOverlay, i);

          overlay.text = g_strdup (overlay.text);
          overlay.description = NULL;
          g_array_prepend_val (self->overlays, overlay);
        }
      if (self->check == CP_NO_CELL)
        self->check = presentation->check_cell;
      for (guint i = 0; i < presentation->grids->len; i++)
        {
          CpGrid grid = g_array_index (presentation->grids, CpGrid, i);

          /* Tables of words, such as score cards, belong to the window. */
          if (grid.words != NULL)
            continue;
          grid.title = grid.description = NULL;
          grid.names = NULL;
          g_array_append_val (self->grids, grid);
        }
    }
  if (!self->last_given)
    {
      self->last[0] = self->last[1] = CP_NO_CELL;
      if (last != NULL && last->type == CP_ACTION_MOVE && last->n_cells >= 2)
        {
          self->last[0] = last->cells[0];
          self->last[1] = last->cells[last->n_cells - 1];
        }
    }
}

/**
 * cp_diagram_new_from_text:
 * @text: a diagram, in the format described in cp-diagram.c
 * @name: what errors call it, such as its file name
 *
 * Returns: (transfer full) (nullable): the diagram, or %NULL with @error
 *   set, naming @name and the line
 */
CpDiagram *
cp_diagram_new_from_text (const char *text, const char *name, GError **error)
{
  g_autoptr (CpDiagram) self = g_object_new (CP_TYPE_DIAGRAM, NULL);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  self->name = name;
  for (guint i = 0; lines[i]; i++)
    {
      char *line = g_strstrip (lines[i]);

      self->line = i + 1;
      if (line[0] != '\0' && line[0] != '#' && !read_line (self, line, error))
        return NULL;
    }
  if (!ensure_game (self, error))
    return NULL;
  finish (self);
  self->name = NULL;
  return g_steal_pointer (&self);
}

/**
 * cp_diagram_new_from_file:
 * @path: a diagram file
 *
 * Returns: (transfer full) (nullable): the diagram, or %NULL with @error set
 */
CpDiagram *
cp_diagram_new_from_file (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  g_autofree char *name = g_filename_display_name (path);

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, "%s: the file is not UTF-8 text", name);
      return NULL;
    }
  return cp_diagram_new_from_text (text, name, error);
}

CpGame *
cp_diagram_get_game (CpDiagram *self)
{
  g_return_val_if_fail (CP_IS_DIAGRAM (self), NULL);
  return self->game;
}

const CpState *
cp_diagram_get_state (CpDiagram *self)
{
  g_return_val_if_fail (CP_IS_DIAGRAM (self), NULL);
  return self->state;
}

gboolean
cp_diagram_is_played (CpDiagram *self)
{
  g_return_val_if_fail (CP_IS_DIAGRAM (self), FALSE);
  return self->edits->len == 0;
}

static CpBoardRenderer *
make_renderer (CpDiagram *self)
{
  const CpRules *rules = cp_game_get_rules (self->game);
  CpBoardRenderer *renderer = cp_board_renderer_new (NULL);
  CpBoardTheme theme;

  cp_board_theme_get (CP_BOARD_THEME_CLASSIC, FALSE, &theme);
  /* Marked cells in blue, apart from the yellow of the last move. */
  theme.zone = (CpRgba) { 0.11, 0.44, 0.85, 0.50 };
  cp_board_renderer_set_theme (renderer, &theme);
  cp_board_renderer_set_state (renderer, self->state);
  if (rules->piece_colours != NULL)
    cp_board_renderer_set_colours (renderer, rules->piece_colours, rules->n_piece_colours);
  else if (rules->colours != NULL)
    cp_board_renderer_set_colours (renderer, rules->colours, self->state->n_seats);
  cp_board_renderer_set_rotation (renderer, self->rotation);
  cp_board_renderer_set_show_coordinates (renderer, self->coordinates);
  cp_board_renderer_set_overlays (renderer, (const CpOverlay *) (gpointer) self->overlays->data,
                                  self->overlays->len);
  cp_board_renderer_set_arrows (renderer, (const CpArrow *) (gpointer) self->arrows->data, self->arrows->len);
  cp_board_renderer_set_hints (renderer, &self->dots, NULL);
  cp_board_renderer_set_check (renderer, self->check);
  if (self->last[0] != CP_NO_CELL)
    cp_board_renderer_set_last_move (renderer, self->last, 2);
  return renderer;
}

/* The height of the board drawn @width wide: the renderer leaves a frame
 * around the cells as wide as the left of the first column. */
static double
board_height (CpDiagram *self, CpBoardRenderer *renderer)
{
  CpBoard *board = self->state->board;
  guint rows = (self->rotation & 1) ? cp_board_get_width (board) : cp_board_get_height (board);
  double left = G_MAXDOUBLE, cell = 0;

  for (guint c = 0; c < cp_board_get_n_cells (board); c++)
    {
      CpRect rect;

      if (cp_board_has_cell (board, c) && cp_board_renderer_cell_rect (renderer, self->width, 1e6, c, &rect))
        {
          left = MIN (left, rect.x);
          cell = rect.width;
        }
    }
  if (cell <= 0)
    return self->width;
  return ceil (rows * cell + 2 * left);
}

/* Cards lie in rows of up to CARDS_A_ROW below the board. */
static double
card_width (CpDiagram *self)
{
  return (self->width - (CARDS_A_ROW + 1) * CARD_GAP) / CARDS_A_ROW;
}

static double
cards_height (CpDiagram *self)
{
  guint rows = (self->n_cards + CARDS_A_ROW - 1) / CARDS_A_ROW;

  return ceil (rows * (card_width (self) * cp_card_art_aspect () + CARD_GAP) + CARD_GAP);
}

/* The tables fill the width side by side, a card's gap apart. */
static double
grid_width (CpDiagram *self)
{
  guint n = self->grids->len;

  return (self->width - (n + 1) * CARD_GAP) / MAX (n, 1);
}

static double
grids_height (CpDiagram *self)
{
  double height = 0;

  for (guint i = 0; i < self->grids->len; i++)
    height = MAX (height, cp_grid_art_height (&g_array_index (self->grids, CpGrid, i), grid_width (self)));
  return height > 0 ? ceil (height + 2 * CARD_GAP) : 0;
}

static void
draw_grids (CpDiagram *self, cairo_t *cr, double y)
{
  const CpRules *rules = cp_game_get_rules (self->game);
  CpGridLook look = { .ink = { 0.1, 0.1, 0.1 }, .scale = 1 };
  CpBoardTheme theme;

  /* The pieces of the headings stand on the board's light cells. */
  cp_board_theme_get (CP_BOARD_THEME_CLASSIC, FALSE, &theme);
  look.ground = theme.light;
  for (guint i = 0; i < self->grids->len; i++)
    {
      const CpGrid *grid = &g_array_index (self->grids, CpGrid, i);
      CpColour colour = rules->colours ? rules->colours[grid->seat] : CP_COLOUR_NEUTRAL;

      cairo_save (cr);
      cairo_translate (cr, CARD_GAP + i * (grid_width (self) + CARD_GAP), y + CARD_GAP);
      cp_grid_art_draw (cr, grid, NULL, colour, grid_width (self), &look);
      cairo_restore (cr);
    }
}

void
cp_diagram_get_size (CpDiagram *self, double *width, double *height)
{
  g_autoptr (CpBoardRenderer) renderer = NULL;

  g_return_if_fail (CP_IS_DIAGRAM (self));
  renderer = make_renderer (self);
  *width = self->width;
  *height = board_height (self, renderer) + cards_height (self) + grids_height (self);
}

void
cp_diagram_draw (CpDiagram *self, cairo_t *cr)
{
  g_autoptr (CpBoardRenderer) renderer = NULL;
  double height, cw;

  g_return_if_fail (CP_IS_DIAGRAM (self));
  renderer = make_renderer (self);
  height = board_height (self, renderer);
  cp_board_renderer_draw (renderer, cr, self->width, height, 1);
  draw_grids (self, cr, height + (self->n_cards > 0 ? cards_height (self) : 0));
  if (self->n_cards == 0)
    return;
  cw = card_width (self);
  for (guint row = 0; row * CARDS_A_ROW < self->n_cards; row++)
    {
      guint n = MIN (CARDS_A_ROW, self->n_cards - row * CARDS_A_ROW);
      double x = (self->width - n * cw - (n - 1) * CARD_GAP) / 2;
      double y = height + CARD_GAP + row * (cw * cp_card_art_aspect () + CARD_GAP);

      for (guint i = 0; i < n; i++)
        cp_card_art_draw (cp_card_art_get_default (), cr, self->cards[row * CARDS_A_ROW + i],
                          x + i * (cw + CARD_GAP), y, cw, 1, FALSE, CP_CARD_ART_FLAT);
    }
}

/**
 * cp_diagram_write_svg:
 * @path: the SVG file to write
 *
 * Returns: whether the file was written, or %FALSE with @error set
 */
gboolean
cp_diagram_write_svg (CpDiagram *self, const char *path, GError **error)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double width, height;

  g_return_val_if_fail (CP_IS_DIAGRAM (self), FALSE);
  cp_diagram_get_size (self, &width, &height);
  surface = cairo_svg_surface_create (path, width, height);
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  cr = cairo_create (surface);
  cp_diagram_draw (self, cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", name, cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
