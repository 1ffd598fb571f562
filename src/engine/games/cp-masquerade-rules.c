/* cp-masquerade-rules.c: Masquerade Chess
 *
 * Chess where each piece above the pawn captures with a move its owner
 * does not know: before the first move each player writes, in secret
 * (COMMIT, seen by the writer alone), which of the five capture moves
 * (king, queen, rook, bishop, knight) each kind of the opponent's pieces
 * has, one each.
 *
 * On a turn a player either moves without capturing, or tries a capture
 * with a piece above the pawn (a MOVE onto an enemy piece that one of the
 * five capture moves at least could make from where it stands).  The
 * rules then answer from the opponent's table (a REVEAL by chance): the
 * capture is made, or nothing moves and the turn ends.  Pawns capture as
 * pawns, en passant included, without asking.  Both players learn from
 * every answer: the moves the answer rules out for the kind that tried,
 * and the move itself when only one could have made the capture.
 *
 * There is no check: the game ends when a king is taken.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-chess-rules.h"
#include "cp-error.h"
#include "cp-games.h"

typedef enum {
  STAGE_WRITING,    /* the players write their tables */
  STAGE_PLAYING,    /* the seat to move moves or tries a capture */
  STAGE_ANSWERING,  /* a capture was tried: the answer is due */
} Stage;

#define N_KINDS 5
#define N_VALUES (N_KINDS * N_KINDS * N_KINDS * N_KINDS * N_KINDS) /* of a table's COMMIT */
#define KIND_BIT(kind) (1u << (kind))

/* The kinds with a secret capture move, in the order of the tables. */
static const guint8 kinds[N_KINDS] = {
  CP_PIECE_KING, CP_PIECE_QUEEN, CP_PIECE_ROOK, CP_PIECE_BISHOP, CP_PIECE_KNIGHT,
};

/* The table the players may write when in a hurry: the balanced one of
 * the rules' advice, as the column of each row (K→Q, Q→N, R→B, B→K, N→R). */
static const guint8 hurried[N_KINDS] = { 1, 4, 3, 0, 2 };

typedef struct {
  CpChessState chess;
  guint8 stage;
  guint8 deduce;                      /* the knowledge tables fill in what follows */
  guint8 written;                     /* the seats that wrote their tables, as bits */
  guint8 table[2][CP_N_PIECE_KINDS];  /* table[s][k]: the capture move seat s wrote for the
                                       * other seat's pieces of kind k; 0: not known to the
                                       * viewer */
  guint8 excluded[2][CP_N_PIECE_KINDS];  /* the moves answers ruled out for each seat's kinds */
  guint8 confirmed[2][CP_N_PIECE_KINDS]; /* the move an answer showed, as a bit */
  guint8 from, to;                    /* the capture tried */
  guint8 answered[2];                 /* the answer to each seat's last turn: ANSWER_... */
} MasqueradeState;

enum { ANSWER_NONE, ANSWER_ALLOWED, ANSWER_REFUSED };

#define MASQUERADE_STATE(s) ((MasqueradeState *) (s))

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

static const CpOptionSpec options[] = {
  { .id = "deduce", .label = N_("Fill in what follows from the answers in the tables of capture moves"),
    .type = CP_OPTION_BOOL, .default_value = "false" },
  { .id = "fen", .label = N_("Start position (FEN)"), .type = CP_OPTION_TEXT, .default_value = "" },
};

/* Reads a COMMIT's value into @table (by piece kind); FALSE if it is not
 * one move for each kind. */
static gboolean
read_table (guint32 value, guint8 *table)
{
  guint used = 0;

  for (guint r = 0; r < N_KINDS; r++, value /= N_KINDS)
    {
      guint column = value % N_KINDS;

      if (used & (1u << column))
        return FALSE;
      used |= 1u << column;
      table[kinds[r]] = kinds[column];
    }
  return value == 0;
}

/* Every table of one move for each kind, as values, in order. */
static void
add_tables (CpActionList *out, guint seat)
{
  for (guint32 value = 0; value < N_VALUES; value++)
    {
      guint8 table[CP_N_PIECE_KINDS];
      CpAction *action;

      if (!read_table (value, table))
        continue;
      action = cp_action_list_add (out);
      cp_action_init (action, CP_ACTION_COMMIT, seat);
      action->value = value;
      action->visible = CP_SEAT_BIT (seat);
    }
}

/* Whether a piece capturing as @move from @from reaches @to, blocked as
 * a piece of that kind would be. */
static gboolean
move_reaches (const MasqueradeState *st, guint move, guint from, guint to)
{
  CpBoard *board = st->chess.base.board;
  const guint8 *nb = cp_board_get_neighbours (board);

  if (move == CP_PIECE_KNIGHT)
    {
      guint n;
      const guint8 *targets = cp_board_knight_targets (board, from, &n);

      for (guint i = 0; i < n; i++)
        if (targets[i] == to)
          return TRUE;
      return FALSE;
    }
  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      gboolean diagonal = CP_DIR_IS_DIAGONAL (d);
      guint c = from;

      if ((move == CP_PIECE_ROOK && diagonal) || (move == CP_PIECE_BISHOP && !diagonal))
        continue;
      while ((c = nb[c * CP_N_DIRS + d]) != CP_NO_CELL)
        {
          if (c == to)
            return TRUE;
          if (move == CP_PIECE_KING || st->chess.base.cells[c].kind != CP_PIECE_NONE)
            break;
        }
    }
  return FALSE;
}

/* The capture moves with which the piece on @from could take on @to, as
 * bits of piece kinds. */
static guint
moves_reaching (const MasqueradeState *st, guint from, guint to)
{
  guint moves = 0;

  for (guint i = 0; i < N_KINDS; i++)
    if (move_reaches (st, kinds[i], from, to))
      moves |= KIND_BIT (kinds[i]);
  return moves;
}

static guint
n_cells (const MasqueradeState *st)
{
  return cp_board_get_width (st->chess.base.board) * cp_board_get_height (st->chess.base.board);
}

/* The cells of the enemy pieces that one of the five capture moves at
 * least could take from @from, in @targets, in the order of the cells:
 * the first piece along each line (a queen's reach, which holds the
 * king's, the rook's and the bishop's), and the knight's leaps.  Returns
 * how many. */
static guint
attempt_targets (const MasqueradeState *st, guint from, guint8 *targets)
{
  CpBoard *board = st->chess.base.board;
  const CpPiece *cells = st->chess.base.cells;
  const guint8 *nb = cp_board_get_neighbours (board);
  const guint8 *leaps;
  guint n = 0, n_leaps;

  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      guint c = from;

      while ((c = nb[c * CP_N_DIRS + d]) != CP_NO_CELL && cells[c].kind == CP_PIECE_NONE)
        ;
      if (c != CP_NO_CELL && cells[c].seat != cells[from].seat)
        targets[n++] = (guint8) c;
    }
  leaps = cp_board_knight_targets (board, from, &n_leaps);
  for (guint i = 0; i < n_leaps; i++)
    if (cells[leaps[i]].kind != CP_PIECE_NONE && cells[leaps[i]].seat != cells[from].seat)
      targets[n++] = leaps[i];
  /* In the order of the cells: few, so by insertion. */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && targets[j - 1] > targets[j]; j--)
      {
        guint8 t = targets[j];

        targets[j] = targets[j - 1];
        targets[j - 1] = t;
      }
  return n;
}

/* The captures @seat may try: each piece above the pawn onto each enemy
 * piece one of the five capture moves could take from where it stands. */
static void
add_attempts (const MasqueradeState *st, guint seat, CpActionList *out)
{
  const CpPiece *cells = st->chess.base.cells;
  guint n = n_cells (st);

  for (guint from = 0; from < n; from++)
    {
      guint8 targets[2 * CP_N_DIRS];
      guint n_targets;

      if (cells[from].kind == CP_PIECE_NONE || cells[from].kind == CP_PIECE_PAWN || cells[from].seat != seat)
        continue;
      n_targets = attempt_targets (st, from, targets);
      for (guint i = 0; i < n_targets; i++)
        {
          CpAction *a = cp_action_list_add (out);

          cp_action_init_move (a, seat, from, targets[i]);
          a->flags = CP_ACTION_FLAG_CAPTURE;
        }
    }
}

static void
masquerade_legal (const CpState *state, guint seat, CpActionList *out)
{
  const MasqueradeState *st = MASQUERADE_STATE (state);
  g_auto (CpActionList) moves = { 0 };

  if (st->stage == STAGE_WRITING)
    {
      if (!(st->written & CP_SEAT_BIT (seat)))
        add_tables (out, seat);
      return;
    }
  if (st->stage != STAGE_PLAYING || seat != state->to_move)
    return;
  /* The moves without capture, and the pawns' captures. */
  cp_chess_legal (&st->chess, seat, &moves);
  for (guint i = 0; i < moves.len; i++)
    if (!(moves.items[i].flags & CP_ACTION_FLAG_CAPTURE)
        || state->cells[moves.items[i].cells[0]].kind == CP_PIECE_PAWN)
      cp_action_list_append (out, &moves.items[i]);
  add_attempts (st, seat, out);
}

static CpSeatMask
masquerade_pending (const CpState *state)
{
  const MasqueradeState *st = MASQUERADE_STATE (state);

  switch (st->stage)
    {
    case STAGE_WRITING:
      return (CpSeatMask) (~st->written & (CP_SEAT_BIT (0) | CP_SEAT_BIT (1)));
    case STAGE_ANSWERING:
      return CP_SEAT_BIT (CP_SEAT_CHANCE);
    default:
      return CP_SEAT_BIT (state->to_move);
    }
}

static void
masquerade_chance (const CpState *state, CpChance *request)
{
  request->type = CP_ACTION_REVEAL;
}

/* Whether a piece tried the capture of @st (not a pawn's) that the other
 * seat's table allows.  A table the state does not know refuses. */
static gboolean
allowed (const MasqueradeState *st)
{
  guint seat = st->chess.base.to_move;
  guint kind = st->chess.base.cells[st->from].kind;
  guint move = st->table[1 - seat][kind];

  return move != 0 && (moves_reaching (st, st->from, st->to) & KIND_BIT (move));
}

/* Whether @action is a capture to be answered. */
static gboolean
is_attempt (const CpState *state, const CpAction *action)
{
  return action->type == CP_ACTION_MOVE && (action->flags & CP_ACTION_FLAG_CAPTURE)
         && state->cells[action->cells[0]].kind != CP_PIECE_PAWN;
}

/* Makes a move on the board; taking a king ends the game. */
static void
move_piece (MasqueradeState *st, const CpAction *action)
{
  guint seat = action->seat;
  gboolean takes_king = !(action->flags & CP_ACTION_FLAG_CASTLE)
                        && st->chess.base.cells[action->cells[1]].kind == CP_PIECE_KING;

  cp_chess_make (&st->chess, action, NULL);
  if (takes_king)
    st->chess.base.outcome = (CpOutcome) { CP_STATUS_WON, CP_END_KING_CAPTURED, CP_SEAT_BIT (seat) };
}

/* Answers the capture tried: what both players learn, then the capture,
 * or a turn that ends with nothing moved. */
static void
answer (MasqueradeState *st)
{
  guint seat = st->chess.base.to_move;
  guint kind = st->chess.base.cells[st->from].kind;
  guint moves = moves_reaching (st, st->from, st->to), all = 0;

  for (guint i = 0; i < N_KINDS; i++)
    all |= KIND_BIT (kinds[i]);
  if (allowed (st))
    {
      CpAction capture;

      st->excluded[seat][kind] |= (guint8) (all & ~moves);
      if (cp_bits_count (moves) == 1)
        st->confirmed[seat][kind] = (guint8) moves;
      st->answered[seat] = ANSWER_ALLOWED;
      cp_action_init_move (&capture, seat, st->from, st->to);
      capture.flags = CP_ACTION_FLAG_CAPTURE;
      move_piece (st, &capture);
    }
  else
    {
      CpAction pass;

      st->excluded[seat][kind] |= (guint8) moves;
      st->answered[seat] = ANSWER_REFUSED;
      cp_action_init (&pass, CP_ACTION_PASS, seat);
      cp_chess_make (&st->chess, &pass, NULL);
    }
  st->stage = STAGE_PLAYING;
}

static void
masquerade_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  MasqueradeState *st = MASQUERADE_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_COMMIT:
      if (!read_table (action->value, st->table[action->seat]))
        g_return_if_reached ();
      st->written |= (guint8) CP_SEAT_BIT (action->seat);
      if (st->written == (CP_SEAT_BIT (0) | CP_SEAT_BIT (1)))
        st->stage = STAGE_PLAYING;
      break;
    case CP_ACTION_MOVE:
      if (is_attempt (state, action))
        {
          st->from = action->cells[0];
          st->to = action->cells[1];
          st->stage = STAGE_ANSWERING;
        }
      else
        {
          st->answered[action->seat] = ANSWER_NONE;
          move_piece (st, action);
        }
      break;
    case CP_ACTION_REVEAL:
      answer (st);
      break;
    default:
      g_return_if_reached ();
    }
}

static void
masquerade_outcome (const CpState *state, CpOutcome *outcome)
{
  const MasqueradeState *st = MASQUERADE_STATE (state);
  g_auto (CpActionList) legal = { 0 };

  *outcome = state->outcome;
  if (outcome->status != CP_STATUS_PLAYING || st->stage != STAGE_PLAYING)
    return;
  /* No stalemate: a player who can neither move nor try a capture has
   * lost, as their king would be. */
  masquerade_legal (state, state->to_move, &legal);
  if (legal.len == 0)
    *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_NO_MOVES, CP_SEAT_BIT (1 - state->to_move) };
  else
    cp_chess_draw_by_counting (&st->chess, outcome);
}

static CpEndReason
masquerade_claimable (const CpState *state)
{
  return MASQUERADE_STATE (state)->stage == STAGE_PLAYING ? cp_chess_claimable (CP_CHESS_STATE (state))
                                                          : CP_END_NONE;
}

/* A capture tried, written with the cell it is tried from: "Nb1xd2?". */
static char *
format_attempt (const MasqueradeState *st, const CpAction *action, CpNotation notation)
{
  g_autofree char *move = NULL;

  if (notation == CP_NOTATION_COMPUTER)
    return cp_chess_format (&st->chess, action, notation);
  if (notation == CP_NOTATION_SAN)
    notation = CP_NOTATION_LAN;
  else if (notation == CP_NOTATION_SAN_LOCAL)
    notation = CP_NOTATION_LAN_LOCAL;
  else if (notation == CP_NOTATION_FIGURINE)
    {
      /* The figurine that starts the SAN, then the rest as LAN writes it. */
      g_autofree char *san = cp_chess_format (&st->chess, action, notation);
      g_autofree char *lan = cp_chess_format (&st->chess, action, CP_NOTATION_LAN);

      return g_strdup_printf ("%.*s%s?", (int) (g_utf8_next_char (san) - san), san, lan + 1);
    }
  move = cp_chess_format (&st->chess, action, notation);
  return g_strconcat (move, "?", NULL);
}

/* "king as rook, queen as king, …": a table in words. */
static char *
describe_table (const guint8 *table)
{
  GString *text = g_string_new (NULL);

  for (guint r = 0; r < N_KINDS; r++)
    {
      if (r > 0)
        /* Translators: between the rows of a table of Masquerade Chess */
        g_string_append (text, _(", "));
      /* Translators: a row of a table of Masquerade Chess: a kind of piece
       * and the move it captures with, such as "knight as rook" */
      g_string_append_printf (text, _("%s as %s"), cp_piece_kind_name (kinds[r]),
                              cp_piece_kind_name (table[kinds[r]]));
    }
  return g_string_free (text, FALSE);
}

static char *
masquerade_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  const MasqueradeState *st = MASQUERADE_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_COMMIT:
      {
        guint8 table[CP_N_PIECE_KINDS] = { 0 };
        g_autofree char *words = NULL;

        if (!read_table (action->value, table))
          return g_strdup (cp_action_type_to_id (action->type));
        words = describe_table (table);
        /* Translators: Masquerade Chess; %s: the capture move of each of the
         * opponent's pieces, such as "king as queen, queen as knight, …" */
        return g_strdup_printf (_("writes the capture moves of the opponent’s pieces: %s"), words);
      }
    case CP_ACTION_MOVE:
      if (is_attempt (state, action))
        return format_attempt (st, action, notation);
      return cp_chess_format (&st->chess, action, notation);
    case CP_ACTION_REVEAL:
      return g_strdup (allowed (st) ? _("the capture is allowed") : _("the capture is refused: nothing moves"));
    default:
      return g_strdup (cp_action_type_to_id (action->type));
    }
}

/* Moves as the game writes them; other actions are not read. */
static char *
plain_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  g_autofree char *text = NULL;

  if (action->type != CP_ACTION_MOVE)
    return g_strdup ("");
  text = masquerade_format (state, action, notation);

  return cp_chess_strip_marks (text);
}

static gboolean
masquerade_parse (const CpState *state, const char *text, CpAction *action, GError **error)
{
  return cp_chess_rules_parse_with (state, text, plain_format, action, error);
}

static void
masquerade_redact (CpState *state, guint seat)
{
  MasqueradeState *st = MASQUERADE_STATE (state);

  for (guint s = 0; s < 2; s++)
    if (s != seat)
      memset (st->table[s], 0, sizeof st->table[s]);
}

/* Fills rows @row and on of @table, each with a move not yet @used that
 * @excluded allows, in every way; keeps one of the tables made, each with
 * the same chance (@n counts them). */
static void
pick_table (const guint8 *excluded, guint row, guint used, guint8 *table, guint *n, guint8 *chosen,
            GRand *rand)
{
  if (row == N_KINDS)
    {
      if (g_rand_int_range (rand, 0, (gint32) ++*n) == 0)
        memcpy (chosen, table, CP_N_PIECE_KINDS);
      return;
    }
  for (guint c = 0; c < N_KINDS; c++)
    if (!(used & (1u << c)) && !(excluded[kinds[row]] & KIND_BIT (kinds[c])))
      {
        table[kinds[row]] = kinds[c];
        pick_table (excluded, row + 1, used | (1u << c), table, n, chosen, rand);
      }
}

/* A world @seat's view allows: the table the other seat wrote for @seat's
 * pieces is any of one move for each kind that gives every capture tried
 * so far the answer it had (the moves the answers ruled out are public),
 * each with the same chance.  A table not written yet stays unwritten. */
static void
masquerade_sample (CpState *state, guint seat, GRand *rand)
{
  MasqueradeState *st = MASQUERADE_STATE (state);
  guint other = 1 - seat, n = 0;
  guint8 table[CP_N_PIECE_KINDS] = { 0 }, chosen[CP_N_PIECE_KINDS] = { 0 };

  if (seat > 1 || !(st->written & CP_SEAT_BIT (other)))
    return;
  pick_table (st->excluded[seat], 0, 0, table, &n, chosen, rand);
  if (n > 0)
    memcpy (st->table[other], chosen, sizeof chosen);
}

/* Presentation. */

/* What follows from @excluded by the rule of one move for each kind:
 * the moves some table allowed by it gives each kind, in @possible, and
 * those that every one gives, in @certain.  FALSE if no table fits. */
static gboolean
deduce (const guint8 *excluded, guint8 *possible, guint8 *certain)
{
  guint8 table[CP_N_PIECE_KINDS];
  gboolean any = FALSE;

  memset (possible, 0, CP_N_PIECE_KINDS);
  memset (certain, 0xff, CP_N_PIECE_KINDS);
  for (guint32 value = 0; value < N_VALUES; value++)
    {
      gboolean fits = read_table (value, table);

      for (guint r = 0; r < N_KINDS && fits; r++)
        fits = !(excluded[kinds[r]] & KIND_BIT (table[kinds[r]]));
      if (!fits)
        continue;
      any = TRUE;
      for (guint r = 0; r < N_KINDS; r++)
        {
          possible[kinds[r]] |= (guint8) KIND_BIT (table[kinds[r]]);
          certain[kinds[r]] &= (guint8) KIND_BIT (table[kinds[r]]);
        }
    }
  return any;
}

static const char *const mark_words[] = {
  /* Translators: a cell of a table of Masquerade Chess: nothing known */
  [CP_GRID_EMPTY] = N_("unknown"),
  /* Translators: a cell of a table of Masquerade Chess: the move written
   * in the table, not yet known to the owner of the piece */
  [CP_GRID_CIRCLE] = N_("written, not yet found out"),
  /* Translators: a cell of a table of Masquerade Chess: known to hold */
  [CP_GRID_DISC] = N_("known"),
  /* Translators: a cell of a table of Masquerade Chess: ruled out */
  [CP_GRID_CROSS] = N_("ruled out"),
};

/* The marks of a table in words, row by row. */
static char *
describe_grid (const CpGrid *grid)
{
  GString *text = g_string_new (NULL);

  for (guint r = 0; r < grid->n_rows; r++)
    {
      g_string_append_printf (text, "%s%s:", r > 0 ? "; " : "", cp_piece_kind_name (grid->row_piece[r]));
      for (guint c = 0; c < grid->n_columns; c++)
        {
          guint mark = grid->marks[r][c] & ~CP_GRID_FAINT;

          if (mark != CP_GRID_EMPTY)
            g_string_append_printf (text, " %s %s%s", cp_piece_kind_name (grid->column_piece[c]),
                                    _(mark_words[mark]), c + 1 < grid->n_columns ? "," : "");
        }
    }
  return g_string_free (text, FALSE);
}

/* The table of @seat's pieces: the moves written for them where @shown
 * (0: not known to the viewer), and what @seat has found out. */
/* The pieces down the side capture as those along the top. */
static void
set_headings (CpGrid *grid)
{
  /* Translators: Masquerade Chess: the heading of the rows of a table, which are pieces */
  grid->row_heading = g_strdup (_("Piece"));
  /* Translators: Masquerade Chess: the heading of the columns of a table: the piece whose
   * capture move the piece of a row has */
  grid->column_heading = g_strdup (_("Captures as"));
}

static void
add_grid (const MasqueradeState *st, guint seat, const guint8 *shown, const char *title, CpPresentation *out)
{
  CpGrid *grid = cp_presentation_add_grid (out, seat, title);
  guint8 possible[CP_N_PIECE_KINDS], certain[CP_N_PIECE_KINDS];
  gboolean deduced = st->deduce && deduce (st->excluded[seat], possible, certain);

  grid->n_rows = grid->n_columns = N_KINDS;
  memcpy (grid->row_piece, kinds, N_KINDS);
  memcpy (grid->column_piece, kinds, N_KINDS);
  set_headings (grid);
  for (guint r = 0; r < N_KINDS; r++)
    for (guint c = 0; c < N_KINDS; c++)
      {
        guint bit = KIND_BIT (kinds[c]), mark = CP_GRID_EMPTY;

        if (st->confirmed[seat][kinds[r]] & bit)
          mark = CP_GRID_DISC;
        else if (st->excluded[seat][kinds[r]] & bit)
          mark = CP_GRID_CROSS;
        else if (deduced && (certain[kinds[r]] & bit))
          mark = CP_GRID_DISC | CP_GRID_FAINT;
        else if (deduced && !(possible[kinds[r]] & bit))
          mark = CP_GRID_CROSS | CP_GRID_FAINT;
        else if (shown[kinds[r]] == kinds[c])
          mark = CP_GRID_CIRCLE;
        grid->marks[r][c] = (guint8) mark;
      }
  grid->description = describe_grid (grid);
}

/* The table @seat fills in for the other seat's pieces, starting from
 * the hurried players' one. */
static void
add_choice (guint seat, CpPresentation *out)
{
  CpGrid *grid = cp_presentation_add_grid (out, 1 - seat, _("Capture moves of the opponent’s pieces"));

  grid->n_rows = grid->n_columns = N_KINDS;
  memcpy (grid->row_piece, kinds, N_KINDS);
  memcpy (grid->column_piece, kinds, N_KINDS);
  set_headings (grid);
  for (guint r = 0; r < N_KINDS; r++)
    grid->marks[r][hurried[r]] = CP_GRID_CIRCLE;
  grid->choosing = TRUE;
  cp_action_init (&grid->action, CP_ACTION_COMMIT, seat);
  grid->action.visible = CP_SEAT_BIT (seat);
  grid->description = describe_grid (grid);
}

static char *
masquerade_prompt (const MasqueradeState *st, guint seat)
{
  GString *said;

  if (st->stage == STAGE_WRITING)
    return !(st->written & CP_SEAT_BIT (seat))
             ? g_strdup (_("Give each of your opponent’s pieces a capture move: one circle in each row and "
                           "each column"))
             : NULL;
  if (st->stage != STAGE_PLAYING || seat != st->chess.base.to_move)
    return NULL;
  /* The players hear the answers as the curtain falls: they are said
   * again when the turn comes. */
  said = g_string_new (NULL);
  if (st->answered[seat] != ANSWER_NONE)
    g_string_append_printf (said, "%s ", st->answered[seat] == ANSWER_REFUSED ? _("Your last capture was refused.")
                                                                               : _("Your last capture was allowed."));
  if (st->answered[1 - seat] == ANSWER_REFUSED)
    g_string_append_printf (said, "%s ", _("Your opponent’s capture was refused."));
  g_string_append (said, _("Move without capturing, or try a capture"));
  return g_string_free (said, FALSE);
}

static void
masquerade_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  const MasqueradeState *st = MASQUERADE_STATE (state);
  static const guint8 none[CP_N_PIECE_KINDS] = { 0 };
  guint actor = viewer == CP_VIEW_ALL ? cp_state_first_pending (state) : viewer;

  if (viewer == CP_VIEW_ALL)
    {
      add_grid (st, 0, st->table[1], _("Capture moves of White’s pieces"), out);
      add_grid (st, 1, st->table[0], _("Capture moves of Black’s pieces"), out);
    }
  else if (viewer < 2 && st->stage == STAGE_WRITING && !(st->written & CP_SEAT_BIT (viewer)))
    add_choice (viewer, out);
  else if (viewer < 2)
    {
      add_grid (st, viewer, none, _("Capture moves of your pieces"), out);
      add_grid (st, 1 - viewer, st->table[viewer], _("Capture moves of the opponent’s pieces"), out);
    }
  if (st->stage == STAGE_PLAYING && st->answered[1 - state->to_move] == ANSWER_REFUSED)
    /* Translators: Masquerade Chess: the piece whose capture was refused */
    cp_presentation_add_overlay (out, CP_OVERLAY_NOTE, st->from, _("its capture was refused"));
  if (actor < 2 && !cp_state_is_over (state))
    cp_presentation_set_prompt (out, masquerade_prompt (st, actor));
}

/* Position text.  FEN, then: the table White wrote for Black's pieces
 * and the one Black wrote for White's, each the capture move of king,
 * queen, rook, bishop and knight in this order ("-": not written yet);
 * what the answers showed of White's pieces and of Black's, a group for
 * each kind in the same order, "/" between, with each move ruled out in
 * lower case and the move found out in upper case ("-": nothing); and
 * the answer to White's last turn and to Black's, "," between: "-" for
 * none, "+" for a capture allowed, "x" for one refused, followed for the
 * side that has just moved by the cell of the piece that tried it. */

#define N_FIELDS 5
#define FEATURES (CP_CHESS_DOUBLE_STEP | CP_CHESS_EN_PASSANT | CP_CHESS_CASTLING)

/* The seat without a king, if one has been taken. */
static guint
kingless (const MasqueradeState *st)
{
  for (guint seat = 0; seat < 2; seat++)
    if (st->chess.king[seat] == CP_NO_CELL)
      return seat;
  return CP_NO_SEAT;
}

static char *
masquerade_write_position (const CpState *state)
{
  const MasqueradeState *st = MASQUERADE_STATE (state);
  GString *out = g_string_new (NULL);
  CpChessState chess = st->chess;
  guint taken = kingless (st);
  g_autofree char *fen = NULL;

  /* A side whose king was taken cannot castle. */
  if (taken != CP_NO_SEAT)
    for (guint side = 0; side < CP_N_CASTLE_SIDES; side++)
      chess.castle[taken][side].rook = CP_NO_CELL;
  fen = cp_fen_write (&chess, CP_FEN_STANDARD);
  g_string_append (out, fen);
  for (guint seat = 0; seat < 2; seat++)
    {
      g_string_append_c (out, ' ');
      if (!(st->written & CP_SEAT_BIT (seat)))
        g_string_append_c (out, '-');
      else
        for (guint r = 0; r < N_KINDS; r++)
          g_string_append_c (out, cp_piece_kind_letter (st->table[seat][kinds[r]]));
    }
  for (guint seat = 0; seat < 2; seat++)
    {
      gsize start = out->len + 1;

      g_string_append_c (out, ' ');
      for (guint r = 0; r < N_KINDS; r++)
        {
          gsize group;

          if (r > 0)
            g_string_append_c (out, '/');
          group = out->len;
          for (guint c = 0; c < N_KINDS; c++)
            {
              guint bit = KIND_BIT (kinds[c]);
              char letter = cp_piece_kind_letter (kinds[c]);

              if (st->confirmed[seat][kinds[r]] & bit)
                g_string_append_c (out, letter);
              else if (st->excluded[seat][kinds[r]] & bit)
                g_string_append_c (out, g_ascii_tolower (letter));
            }
          if (out->len == group)
            g_string_append_c (out, '-');
        }
      if (g_str_equal (out->str + start, "-/-/-/-/-"))
        g_string_truncate (out, start + 1);
    }
  g_string_append_c (out, ' ');
  for (guint seat = 0; seat < 2; seat++)
    {
      static const char marks[] = { [ANSWER_NONE] = '-', [ANSWER_ALLOWED] = '+', [ANSWER_REFUSED] = 'x' };

      if (seat > 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, marks[st->answered[seat]]);
      if (st->answered[seat] == ANSWER_REFUSED && seat != state->to_move)
        {
          g_autofree char *cell = cp_board_cell_name (state->board, st->from);

          g_string_append (out, cell);
        }
    }
  return g_string_free (out, FALSE);
}

/* A table of five letters, each move once, into @table by piece kind. */
static gboolean
read_table_text (const char *field, guint8 *table)
{
  guint used = 0;

  if (strlen (field) != N_KINDS)
    return FALSE;
  for (guint r = 0; r < N_KINDS; r++)
    {
      CpPieceKind move;

      if (strchr ("KQRBNkqrbn", field[r]) == NULL || !cp_piece_kind_from_letter (field[r], &move)
          || (used & KIND_BIT (move)))
        return FALSE;
      used |= KIND_BIT (move);
      table[kinds[r]] = (guint8) move;
    }
  return TRUE;
}

/* What the answers showed of one side's pieces. */
static gboolean
read_knowledge (const char *field, guint8 *excluded, guint8 *confirmed)
{
  g_auto (GStrv) groups = NULL;

  if (g_str_equal (field, "-"))
    return TRUE;
  groups = g_strsplit (field, "/", -1);
  if (g_strv_length (groups) != N_KINDS)
    return FALSE;
  for (guint r = 0; r < N_KINDS; r++)
    {
      if (g_str_equal (groups[r], "-"))
        continue;
      for (const char *p = groups[r]; *p; p++)
        {
          CpPieceKind move;
          guint bit;

          if (strchr ("KQRBNkqrbn", *p) == NULL || !cp_piece_kind_from_letter (*p, &move))
            return FALSE;
          bit = KIND_BIT (move);
          if ((excluded[kinds[r]] | confirmed[kinds[r]]) & bit)
            return FALSE;
          if (g_ascii_islower (*p))
            excluded[kinds[r]] |= (guint8) bit;
          else if (confirmed[kinds[r]] != 0)
            return FALSE;
          else
            confirmed[kinds[r]] = (guint8) bit;
        }
    }
  return TRUE;
}

static gboolean
read_answers (MasqueradeState *st, const char *field)
{
  g_auto (GStrv) items = g_strsplit (field, ",", -1);

  if (g_strv_length (items) != 2)
    return FALSE;
  for (guint seat = 0; seat < 2; seat++)
    {
      static const char marks[] = "-+x";
      const char *mark = strchr (marks, items[seat][0]);
      guint cell;

      if (items[seat][0] == '\0' || mark == NULL)
        return FALSE;
      st->answered[seat] = (guint8) (mark - marks);
      if (st->answered[seat] == ANSWER_REFUSED && seat != st->chess.base.to_move)
        {
          const CpPiece *p;

          if (!cp_board_parse_cell (st->chess.base.board, items[seat] + 1, &cell, NULL))
            return FALSE;
          p = &st->chess.base.cells[cell];
          if (p->kind == CP_PIECE_NONE || p->kind == CP_PIECE_PAWN || p->seat != seat)
            return FALSE;
          st->from = (guint8) cell;
        }
      else if (items[seat][1] != '\0')
        return FALSE;
    }
  return TRUE;
}

/* The fields after the FEN, once the pieces are read. */
static gboolean
read_fields (MasqueradeState *st, const char *text, const char *const *fields, GError **error)
{
  for (guint seat = 0; seat < 2; seat++)
    if (!g_str_equal (fields[seat], "-"))
      {
        if (!read_table_text (fields[seat], st->table[seat]))
          return cp_error_bad_position (error, text, _("a table of capture moves must give the moves of king, queen, "
                                                "rook, bishop and knight, each move once, such as “QNBKR”"));
        st->written |= (guint8) CP_SEAT_BIT (seat);
      }
  for (guint seat = 0; seat < 2; seat++)
    if (!read_knowledge (fields[2 + seat], st->excluded[seat], st->confirmed[seat]))
      return cp_error_bad_position (error, text, _("what the answers showed must be “-” or five groups, one for each "
                                            "kind, of the moves ruled out in lower case and at most one found "
                                            "out in upper case"));
  if (!read_answers (st, fields[4]))
    return cp_error_bad_position (error, text, _("the answers must be two of “-”, “+” and “x”, and a refusal to the "
                                          "side that has just moved names the cell of its piece"));
  if (st->written != (CP_SEAT_BIT (0) | CP_SEAT_BIT (1)))
    {
      for (guint seat = 0; seat < 2; seat++)
        for (guint r = 0; r < N_KINDS; r++)
          if (st->excluded[seat][kinds[r]] != 0 || st->confirmed[seat][kinds[r]] != 0 || st->answered[seat] != 0)
            return cp_error_bad_position (error, text, _("no capture has been answered before both tables are "
                                                  "written"));
      st->stage = STAGE_WRITING;
      return TRUE;
    }
  for (guint seat = 0; seat < 2; seat++)
    for (guint r = 0; r < N_KINDS; r++)
      {
        guint move = KIND_BIT (st->table[1 - seat][kinds[r]]);

        if (st->excluded[seat][kinds[r]] & move)
          return cp_error_bad_position (error, text, _("an answer ruled out the capture move that the table gives"));
        if (st->confirmed[seat][kinds[r]] != 0 && st->confirmed[seat][kinds[r]] != move)
          return cp_error_bad_position (error, text, _("an answer showed a capture move other than the one the "
                                                "table gives"));
      }
  st->stage = STAGE_PLAYING;
  return TRUE;
}

/* Sets up a position with the fields of Masquerade Chess after its FEN. */
static gboolean
read_position (MasqueradeState *st, const char *text, const char *fen, const char *const *extra, GError **error)
{
  const char *fields[N_FIELDS] = { "-", "-", "-", "-", "-,-" };
  guint n = g_strv_length ((char **) extra);
  guint taken;

  if (n > N_FIELDS)
    return cp_error_bad_position (error, text, _("it has too many fields"));
  for (guint i = 0; i < n; i++)
    fields[i] = extra[i];

  /* There is no check in this game, and a king taken ends it. */
  if (!cp_fen_read_with (&st->chess, fen, CP_FEN_READ_ANY_CHECK | CP_FEN_READ_KING_TAKEN, error))
    return FALSE;
  /* The key depends on the enemies: an en passant capture counts in it
   * only where an enemy pawn could make it. */
  cp_chess_state_finish_setup (&st->chess);
  if (!read_fields (st, text, fields, error))
    return FALSE;
  taken = kingless (st);
  if (taken != CP_NO_SEAT)
    st->chess.base.outcome = (CpOutcome) { CP_STATUS_WON, CP_END_KING_CAPTURED, CP_SEAT_BIT (1 - taken) };
  return TRUE;
}

static gboolean
masquerade_init (CpState *state, GHashTable *opts, GError **error)
{
  MasqueradeState *st = MASQUERADE_STATE (state);
  const char *text = g_hash_table_lookup (opts, CP_POSITION_OPTION);
  g_auto (GStrv) extra = NULL;
  g_autofree char *fen = NULL;

  st->deduce = g_strcmp0 (g_hash_table_lookup (opts, "deduce"), "true") == 0;
  if (text != NULL && text[0] != '\0')
    fen = cp_fen_split (text, &extra);
  /* A plain FEN is read here too: without check, the side that has just
   * moved may have left its king attacked. */
  if (fen != NULL)
    {
      cp_chess_state_init_standard (&st->chess, cp_chess_standard_board ());
      st->chess.features = FEATURES;
      return read_position (st, text, fen, (const char *const *) extra, error);
    }
  st->stage = STAGE_WRITING;
  return cp_chess_rules_setup (state, opts, FEATURES, error);
}

/* The key of chess, with what the position text holds beyond FEN. */
static guint64
masquerade_hash (const CpState *state)
{
  const MasqueradeState *st = MASQUERADE_STATE (state);
  guint taken = kingless (st);
  guint64 h = cp_chess_rules_hash (state);

  /* A side whose king was taken has no castling rights left to count. */
  if (taken != CP_NO_SEAT)
    {
      CpChessState chess = st->chess;

      for (guint side = 0; side < CP_N_CASTLE_SIDES; side++)
        chess.castle[taken][side].rook = CP_NO_CELL;
      h = cp_chess_compute_hash (&chess);
    }
  h = cp_hash_combine (h, ((guint64) st->stage << 8) | st->written);

  for (guint seat = 0; seat < 2; seat++)
    {
      for (guint r = 0; r < N_KINDS; r++)
        h = cp_hash_combine (h, ((guint64) st->table[seat][kinds[r]] << 16) | ((guint64) st->excluded[seat][kinds[r]] << 8)
                      | st->confirmed[seat][kinds[r]]);
      h = cp_hash_combine (h, st->answered[seat]);
    }
  if (st->answered[1 - state->to_move] == ANSWER_REFUSED)
    h = cp_hash_combine (h, st->from);
  return h;
}

const CpRules cp_masquerade_rules = {
  .id = "masquerade",
  .name = N_("Masquerade Chess"),
  .summary = N_("Each side secretly decides how the other side’s pieces capture"),
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_DRAWS | CP_RULES_SECRETS | CP_RULES_SECRET_SETUP,
  .options = options,
  .n_options = G_N_ELEMENTS (options),
  .colours = colours,
  .state_size = sizeof (MasqueradeState),
  .init = masquerade_init,
  .pending = masquerade_pending,
  .chance = masquerade_chance,
  .legal = masquerade_legal,
  .make = masquerade_make,
  .outcome = masquerade_outcome,
  .claimable = masquerade_claimable,
  .format = masquerade_format,
  .parse = masquerade_parse,
  .landing = cp_chess_rules_landing,
  .redact = masquerade_redact,
  .present = masquerade_present,
  .sample = masquerade_sample,
  .hash = masquerade_hash,
  .write_position = masquerade_write_position,
};
