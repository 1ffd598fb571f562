/* cp-knightmare.c: what the Knightmare games for three and four players
 * share
 *
 * Players go out when their turn comes and they cannot move; their pieces
 * stay as inert obstacles (CP_CHESS_ELIMINATION).  With the cards option,
 * a player may record a card played from a Knightmare Chess deck: its name
 * first, then the changes it makes — any piece moved anywhere, pieces
 * added or removed, castling by the Sanctuary card — then their move or
 * the end of their turn.  The program does not know the cards; it records
 * what the players do.  A position, with the card in play, is written as
 * text and read back through the option CP_POSITION_OPTION.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-knightmare.h"
#include "cp-error.h"

#define BIT(n) (1u << (n))

const CpOptionSpec cp_knightmare_options[2] = {
  { .id = "cards", .label = N_("Record cards from a Knightmare Chess deck"),
    .type = CP_OPTION_BOOL, .default_value = "false" },
  { .id = CP_POSITION_OPTION, .label = N_("Start position"), .type = CP_OPTION_TEXT, .default_value = "" },
};

gboolean
cp_knightmare_cards_on (GHashTable *options)
{
  return g_strcmp0 (g_hash_table_lookup (options, "cards"), "true") == 0;
}

/* Sets up an empty board where check applies and players without a move
 * go out; the caller places the armies and finishes the set-up. */
void
cp_knightmare_init (CpKnightmareState *st, CpBoard *board, GHashTable *options)
{
  cp_chess_state_init_standard (&st->chess, board);
  st->chess.features = CP_CHESS_CHECK | CP_CHESS_ELIMINATION;
  st->chess.promotions |= BIT (CP_PIECE_BISHOP);
  st->cards = cp_knightmare_cards_on (options);
  st->note_phase = CP_NOTE_PHASE_NONE;
  for (guint s = 0; s < CP_MAX_SEATS; s++)
    memset (&st->chess.promotion_zone[s], 0, sizeof (CpCellSet));
}

/**
 * cp_knightmare_place:
 * @pieces: pieces as letter and cell, such as "Ka8 Rb8 Pc8"
 *
 * Places an army of @seat.
 */
void
cp_knightmare_place (CpKnightmareState *st, guint seat, const char *pieces)
{
  g_auto (GStrv) items = g_strsplit (pieces, " ", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      CpPieceKind kind;
      guint cell;
      gboolean ok;

      ok = cp_piece_kind_from_letter (items[i][0], &kind)
           && cp_board_parse_cell (st->chess.base.board, items[i] + 1, &cell, NULL);
      g_assert (ok);
      st->chess.base.cells[cell] = (CpPiece) { .kind = kind, .seat = (guint8) seat };
    }
}

/* Adds the rectangle from (@x0, @y0) to (@x1, @y1) as the zone @name. */
void
cp_knightmare_add_area (CpBoard *board, const char *name, guint x0, guint y0, guint x1, guint y1)
{
  CpCellSet cells = { { 0 } };

  for (guint y = y0; y <= y1; y++)
    for (guint x = x0; x <= x1; x++)
      {
        guint cell = cp_board_cell_at (board, (int) x, (int) y);

        if (cell != CP_NO_CELL)
          cp_cell_set_add (&cells, cell);
      }
  cp_board_add_zone (board, name, &cells);
}

/**
 * cp_knightmare_four_board:
 * @centre_blocked: whether no diagonal may pass the centre point
 * @territories: whether the quarters are zones, for the cards
 *
 * The board of the four-player games.  Seats in turn order: White in the
 * corner a8, Black h8, Red h1, Brown a1.  Pawns head away from their
 * corner, along a rank or a file.
 */
CpBoard *
cp_knightmare_four_board (gboolean centre_blocked, gboolean territories)
{
  CpBoard *board = cp_board_new (8, 8);

  if (centre_blocked)
    cp_board_block_vertex (board, 3, 3);
  cp_board_set_forward (board, 0, CP_DIR_S, CP_DIR_E);
  cp_board_set_forward (board, 1, CP_DIR_S, CP_DIR_W);
  cp_board_set_forward (board, 2, CP_DIR_N, CP_DIR_W);
  cp_board_set_forward (board, 3, CP_DIR_N, CP_DIR_E);
  if (territories)
    {
      cp_knightmare_add_area (board, "white-territory", 0, 4, 3, 7);
      cp_knightmare_add_area (board, "black-territory", 4, 4, 7, 7);
      cp_knightmare_add_area (board, "red-territory", 4, 0, 7, 3);
      cp_knightmare_add_area (board, "brown-territory", 0, 0, 3, 3);
    }
  return board;
}

/* Places the four armies and makes each pawn promote on the rank and the
 * file furthest from its corner. */
void
cp_knightmare_four_setup (CpKnightmareState *st, const char *const armies[4])
{
  CpBoard *board = st->chess.base.board;
  /* The far rank and far file of each seat's pawns. */
  static const guint far[4][2] = { { 0, 7 }, { 0, 0 }, { 7, 0 }, { 7, 7 } };

  for (guint seat = 0; seat < 4; seat++)
    {
      cp_knightmare_place (st, seat, armies[seat]);
      for (guint i = 0; i < 8; i++)
        {
          cp_cell_set_add (&st->chess.promotion_zone[seat], cp_board_cell_at (board, (int) i, (int) far[seat][0]));
          cp_cell_set_add (&st->chess.promotion_zone[seat], cp_board_cell_at (board, (int) far[seat][1], (int) i));
        }
    }
  cp_chess_state_finish_setup (&st->chess);
}

/* Position texts: the cells rank by rank from 8 down to 1, "/" between
 * ranks, a digit for a run of empty cells, "x" for a cell out of play,
 * and a piece as its seat's letter and its own, with "*" after it where
 * its having moved matters; then, separated by spaces, the seat to act,
 * White's castling, the en passant cell, the two move counters, the seats
 * out of the game, the midline pawns and the card in play.  The fields
 * after the seat to act may be left out. */

#define N_FIELDS 9
#define CARD_PLAYING "playing:"
#define CARD_PLAYED "played:"

/* The letter of @seat in position texts, after its colour. */
static char
seat_letter (const CpState *state, guint seat)
{
  switch (state->rules->colours[seat])
    {
    case CP_COLOUR_WHITE:
      return 'w';
    case CP_COLOUR_BLACK:
      return 'b';
    case CP_COLOUR_RED:
      return 'r';
    case CP_COLOUR_BROWN:
      return 'n';
    default:
      return '?';
    }
}

static guint
seat_of_letter (const CpState *state, char letter)
{
  for (guint s = 0; s < state->n_seats; s++)
    if (seat_letter (state, s) == letter)
      return s;
  return CP_NO_SEAT;
}

/* The rank where @seat's pawns may step two cells, in three-player
 * chess. */
static guint
double_step_rank (const CpState *state, guint seat)
{
  return state->rules->colours[seat] == CP_COLOUR_WHITE ? 6 : 1;
}

/* Whether the moved mark of @p on @cell is written: kings and rooks may
 * castle only unmoved; pawns of three-player chess step two only from
 * their starting rank, and elsewhere have always moved. */
static gboolean
moved_mark (const CpChessState *st, const CpPiece *p, guint cell)
{
  if (!(p->flags & CP_PIECE_FLAG_MOVED))
    return FALSE;
  if (p->kind == CP_PIECE_KING || p->kind == CP_PIECE_ROOK)
    return TRUE;
  return p->kind == CP_PIECE_PAWN && (st->features & CP_CHESS_DOUBLE_STEP)
         && cp_board_cell_y (st->base.board, cell) == double_step_rank (&st->base, p->seat);
}

static void
append_cell (GString *out, CpBoard *board, guint cell)
{
  g_autofree char *name = cp_board_cell_name (board, cell);

  g_string_append (out, name);
}

/**
 * cp_knightmare_write_position:
 *
 * The `write_position` hook of the Knightmare games (see the help page of
 * each for the notation).
 */
char *
cp_knightmare_write_position (const CpState *state)
{
  const CpKnightmareState *st = CP_KNIGHTMARE_STATE (state);
  const CpChessState *chess = &st->chess;
  CpBoard *board = state->board;
  guint width = cp_board_get_width (board), height = cp_board_get_height (board);
  GString *out = g_string_new (NULL);
  gsize start;

  for (guint y = height; y-- > 0;)
    {
      guint empty = 0;

      for (guint x = 0; x < width; x++)
        {
          guint c = y * width + x;
          const CpPiece *p = &state->cells[c];

          if (cp_board_has_cell (board, c) && p->kind == CP_PIECE_NONE)
            {
              empty++;
              continue;
            }
          if (empty > 0)
            g_string_append_printf (out, "%u", empty);
          empty = 0;
          if (!cp_board_has_cell (board, c))
            {
              g_string_append_c (out, 'x');
              continue;
            }
          g_string_append_c (out, seat_letter (state, p->seat));
          g_string_append_c (out, cp_piece_kind_letter ((CpPieceKind) p->kind));
          if (moved_mark (chess, p, c))
            g_string_append_c (out, '*');
        }
      if (empty > 0)
        g_string_append_printf (out, "%u", empty);
      if (y > 0)
        g_string_append_c (out, '/');
    }

  g_string_append_printf (out, " %c ", seat_letter (state, state->to_move));
  start = out->len;
  for (guint s = 0; s < state->n_seats; s++)
    for (guint side = 0; side < CP_N_CASTLE_SIDES; side++)
      if (chess->castle[s][side].rook != CP_NO_CELL)
        append_cell (out, board, chess->castle[s][side].rook);
  if (out->len == start)
    g_string_append_c (out, '-');
  g_string_append_c (out, ' ');
  if (chess->ep_cell != CP_NO_CELL && cp_chess_ep_matters (chess))
    append_cell (out, board, chess->ep_cell);
  else
    g_string_append_c (out, '-');
  g_string_append_printf (out, " %u %u ", chess->halfmove, chess->fullmove);

  start = out->len;
  for (guint s = 0; s < state->n_seats; s++)
    if (state->out & CP_SEAT_BIT (s))
      g_string_append_c (out, seat_letter (state, s));
  if (out->len == start)
    g_string_append_c (out, '-');
  else if (state->outcome.status != CP_STATUS_PLAYING && state->outcome.reason == CP_END_RESIGNATION)
    g_string_append_c (out, '!');
  g_string_append_c (out, ' ');

  start = out->len;
  for (guint c = 0; c < width * height; c++)
    {
      const CpPiece *p = &state->cells[c];

      if (p->kind != CP_PIECE_PAWN || !(p->flags & CP_PIECE_FLAG_MIDLINE))
        continue;
      if (out->len > start)
        g_string_append_c (out, ',');
      append_cell (out, board, c);
      if (p->flags & CP_PIECE_FLAG_FREED)
        g_string_append_c (out, '+');
    }
  if (out->len == start)
    g_string_append_c (out, '-');
  g_string_append_c (out, ' ');

  if (st->note_phase == CP_NOTE_PHASE_NONE)
    g_string_append_c (out, '-');
  else
    {
      g_autofree char *name = g_uri_escape_string (st->card, NULL, TRUE);

      g_string_append (out, st->note_phase == CP_NOTE_PHASE_IN_PLAY ? CARD_PLAYING : CARD_PLAYED);
      g_string_append (out, name);
    }
  return g_string_free (out, FALSE);
}

static gboolean
read_cells (CpKnightmareState *st, const char *field, const char *text, GError **error)
{
  CpState *state = &st->chess.base;
  CpBoard *board = state->board;
  guint width = cp_board_get_width (board), height = cp_board_get_height (board);
  guint x = 0, y = height - 1;
  CpPiece *last = NULL;

  for (const char *p = field; *p; p++)
    {
      guint c = y * width + MIN (x, width - 1);

      if (*p == '*')
        {
          if (last == NULL)
            return cp_error_bad_position (error, text, _("a “*” does not follow a piece"));
          last->flags |= CP_PIECE_FLAG_MOVED;
          last = NULL;
          continue;
        }
      last = NULL;
      if (*p == '/')
        {
          if (x != width || y == 0)
            return cp_error_bad_position (error, text, _("a rank has the wrong number of cells"));
          x = 0;
          y--;
        }
      else if (g_ascii_isdigit (*p))
        {
          guint n = (guint) (*p - '0');

          if (n == 0 || n > width - x)
            return cp_error_bad_position (error, text, _("a rank has the wrong number of cells"));
          for (guint i = 0; i < n; i++)
            if (!cp_board_has_cell (board, c + i))
              return cp_error_bad_position (error, text, _("a cell out of play must be written “x”"));
          x += n;
        }
      else if (x >= width)
        return cp_error_bad_position (error, text, _("a rank has the wrong number of cells"));
      else if (*p == 'x')
        {
          if (cp_board_has_cell (board, c))
            return cp_error_bad_position (error, text, _("an “x” stands for a cell that is in play"));
          x++;
        }
      else
        {
          guint seat = seat_of_letter (state, *p);
          CpPieceKind kind;

          if (seat == CP_NO_SEAT || !g_ascii_isupper (p[1]) || !cp_piece_kind_from_letter (p[1], &kind)
              || kind > CP_PIECE_KING)
            return cp_error_bad_position (error, text, _("the pieces hold an unknown letter"));
          if (!cp_board_has_cell (board, c))
            return cp_error_bad_position (error, text, _("a cell out of play must be written “x”"));
          state->cells[c] = (CpPiece) { .kind = kind, .seat = (guint8) seat };
          /* Pawns of three-player chess off their starting rank may step
           * only one cell. */
          if (kind == CP_PIECE_PAWN && (st->chess.features & CP_CHESS_DOUBLE_STEP)
              && y != double_step_rank (state, seat))
            state->cells[c].flags |= CP_PIECE_FLAG_MOVED;
          last = &state->cells[c];
          p++;
          x++;
        }
    }
  if (x != width || y != 0)
    return cp_error_bad_position (error, text, _("the board is incomplete"));
  return TRUE;
}

static gboolean
read_castling (CpKnightmareState *st, const char *field, const char *text, GError **error)
{
  CpChessState *chess = &st->chess;
  CpState *state = &chess->base;
  /* The set-up leaves White's one right open, where the game has it. */
  CpCastleRight right = chess->castle[0][CP_CASTLE_QUEEN_SIDE];
  guint rook;

  cp_chess_state_reset_castling (chess);
  if (g_str_equal (field, "-"))
    return TRUE;
  if (!(chess->features & CP_CHESS_CASTLING))
    return cp_error_bad_position (error, text, _("castling is only by a card in this game: the castling field must be “-”"));
  if (!cp_board_parse_cell (state->board, field, &rook, NULL) || rook != right.rook
      || state->cells[rook].kind != CP_PIECE_ROOK || state->cells[rook].seat != 0)
    return cp_error_bad_position (error, text, _("White castles only with its rook on b8"));
  chess->castle[0][CP_CASTLE_QUEEN_SIDE] = right;
  return TRUE;
}

static gboolean
read_en_passant (CpKnightmareState *st, const char *field, const char *text, GError **error)
{
  CpChessState *chess = &st->chess;
  CpState *state = &chess->base;
  guint cell;

  chess->ep_cell = chess->ep_pawn = CP_NO_CELL;
  if (g_str_equal (field, "-"))
    return TRUE;
  if (!(chess->features & CP_CHESS_EN_PASSANT))
    return cp_error_bad_position (error, text, _("there is no en passant in this game: the en passant field must be “-”"));
  if (!cp_board_parse_cell (state->board, field, &cell, NULL))
    return cp_error_bad_position (error, text, _("the en passant cell is not a cell"));
  /* The pawn that passed the cell stands one step beyond it, seen from
   * its seat, which is not the seat to act. */
  for (guint s = 0; s < state->n_seats; s++)
    {
      guint pawn = cp_board_step (state->board, cell, cp_board_get_forward (state->board, s, 0));

      if (s != state->to_move && pawn != CP_NO_CELL && state->cells[cell].kind == CP_PIECE_NONE
          && state->cells[pawn].kind == CP_PIECE_PAWN && state->cells[pawn].seat == s)
        {
          chess->ep_cell = (guint8) cell;
          chess->ep_pawn = (guint8) pawn;
          return TRUE;
        }
    }
  return cp_error_bad_position (error, text, _("no pawn can have just passed the en passant cell"));
}

static gboolean
read_out (CpKnightmareState *st, const char *field, const char *text, GError **error)
{
  CpState *state = &st->chess.base;

  CpSeatMask left;

  state->out = 0;
  if (g_str_equal (field, "-"))
    return TRUE;
  for (const char *p = field; *p; p++)
    {
      guint seat = seat_of_letter (state, *p);

      if (*p == '!' && p[1] == '\0' && p != field)
        break;
      if (seat == CP_NO_SEAT || (state->out & CP_SEAT_BIT (seat)))
        return cp_error_bad_position (error, text, _("the seats out of the game are not given as seat letters, each once"));
      state->out |= CP_SEAT_BIT (seat);
    }
  if (!g_str_has_suffix (field, "!"))
    return TRUE;
  /* The last of them resigned, and so ended the game. */
  left = (CpSeatMask) (((1u << state->n_seats) - 1) & ~state->out);
  if (cp_bits_count (left) > 1)
    return cp_error_bad_position (error, text, _("a “!” marks a game that a resignation ended, with one player left at most"));
  state->outcome = (CpOutcome) { left != 0 ? CP_STATUS_WON : CP_STATUS_DRAWN, CP_END_RESIGNATION, left };
  return TRUE;
}

/* The midline pawns: where the field is left out, a Black pawn on d2 and
 * a Red pawn on e2, bound. */
static gboolean
read_midline (CpKnightmareState *st, const char *field, const char *text, GError **error)
{
  CpState *state = &st->chess.base;
  g_auto (GStrv) items = NULL;
  CpSeatMask seen = 0;

  if (field != NULL && g_str_equal (field, "-"))
    return TRUE;
  if (state->n_seats != 3)
    {
      if (field != NULL)
        return cp_error_bad_position (error, text, _("only three-player chess has midline pawns: the midline field must be “-”"));
      return TRUE;
    }
  items = g_strsplit (field != NULL ? field : "d2,e2", ",", -1);
  for (guint i = 0; items[i] != NULL; i++)
    {
      gsize len = strlen (items[i]);
      gboolean freed = len > 0 && items[i][len - 1] == '+';
      CpPiece *p;
      guint cell;

      if (freed)
        items[i][len - 1] = '\0';
      if (!cp_board_parse_cell (state->board, items[i], &cell, NULL))
        return cp_error_bad_position (error, text, _("a midline pawn is not on a cell"));
      p = &state->cells[cell];
      if (p->kind != CP_PIECE_PAWN || state->rules->colours[p->seat] == CP_COLOUR_WHITE
          || (seen & CP_SEAT_BIT (p->seat)))
        {
          /* Without the field, a start without these pawns has none. */
          if (field == NULL)
            continue;
          return cp_error_bad_position (error, text, _("the midline pawns must be one Black and one Red pawn"));
        }
      seen |= CP_SEAT_BIT (p->seat);
      p->flags |= CP_PIECE_FLAG_MIDLINE | (freed ? CP_PIECE_FLAG_FREED : 0);
    }
  return TRUE;
}

static gboolean
read_card (CpKnightmareState *st, const char *field, const char *text, GError **error)
{
  const char *name = NULL;
  g_autofree char *unescaped = NULL;

  st->note_phase = CP_NOTE_PHASE_NONE;
  st->card[0] = '\0';
  if (g_str_equal (field, "-"))
    return TRUE;
  if (!st->cards)
    return cp_error_bad_position (error, text, _("this game does not record cards: the card field must be “-”"));
  if (g_str_has_prefix (field, CARD_PLAYING))
    {
      st->note_phase = CP_NOTE_PHASE_IN_PLAY;
      name = field + strlen (CARD_PLAYING);
    }
  else if (g_str_has_prefix (field, CARD_PLAYED))
    {
      st->note_phase = CP_NOTE_PHASE_DONE;
      name = field + strlen (CARD_PLAYED);
    }
  if (name == NULL || (unescaped = g_uri_unescape_string (name, NULL)) == NULL
      || !g_utf8_validate (unescaped, -1, NULL) || strlen (unescaped) >= sizeof st->card)
    return cp_error_bad_position (error, text, _("the card field must be “-”, or “playing:” or “played:” and the card’s name"));
  g_strlcpy (st->card, unescaped, sizeof st->card);
  return TRUE;
}

/* Each seat in the game has one king; a seat out of the game may have
 * lost its own. */
static gboolean
check_kings (CpKnightmareState *st, const char *text, GError **error)
{
  CpState *state = &st->chess.base;
  guint kings[CP_MAX_SEATS] = { 0 };

  for (guint c = 0; c < CP_MAX_CELLS; c++)
    if (state->cells[c].kind == CP_PIECE_KING)
      kings[state->cells[c].seat]++;
  for (guint s = 0; s < state->n_seats; s++)
    if (kings[s] > 1 || (kings[s] == 0 && !(state->out & CP_SEAT_BIT (s))))
      return cp_error_bad_position (error, text, _("each seat in the game must have exactly one king"));
  return TRUE;
}

/**
 * cp_knightmare_read_position:
 * @st: a state set up as the game starts
 * @text: a position text (cp_knightmare_write_position())
 *
 * Sets up the position @text describes in place of the start.
 */
gboolean
cp_knightmare_read_position (CpKnightmareState *st, const char *text, GError **error)
{
  CpChessState *chess = &st->chess;
  CpState *state = &chess->base;
  g_auto (GStrv) split = g_strsplit_set (text, " \t\n", -1);
  const char *f[N_FIELDS] = { NULL };
  guint n = 0, halfmove = 0, fullmove = 1, seat;

  for (guint i = 0; split[i] != NULL; i++)
    if (split[i][0] != '\0')
      {
        if (n == N_FIELDS)
          return cp_error_bad_position (error, text, _("it has too many fields"));
        f[n++] = split[i];
      }
  if (n < 2)
    return cp_error_bad_position (error, text, _("it has too few fields"));

  memset (state->cells, 0, sizeof state->cells);
  if (!read_cells (st, f[0], text, error))
    return FALSE;
  seat = f[1][1] == '\0' ? seat_of_letter (state, f[1][0]) : CP_NO_SEAT;
  if (seat == CP_NO_SEAT)
    return cp_error_bad_position (error, text, _("the seat to act is not one of the game’s seat letters"));
  state->to_move = (guint8) seat;
  if (!read_out (st, n > 6 ? f[6] : "-", text, error) || !check_kings (st, text, error))
    return FALSE;
  cp_chess_state_finish_setup (chess);
  if (!read_castling (st, n > 2 ? f[2] : "-", text, error)
      || !read_en_passant (st, n > 3 ? f[3] : "-", text, error))
    return FALSE;
  if ((n > 4 && !cp_fen_read_number (f[4], 9999, &halfmove))
      || (n > 5 && (!cp_fen_read_number (f[5], 9999, &fullmove) || fullmove == 0)))
    return cp_error_bad_position (error, text, _("the move counters are not numbers"));
  chess->halfmove = (guint16) halfmove;
  chess->fullmove = (guint16) fullmove;
  if (!read_midline (st, n > 7 ? f[7] : NULL, text, error)
      || !read_card (st, n > 8 ? f[8] : "-", text, error))
    return FALSE;
  cp_chess_state_finish_setup (chess);
  return TRUE;
}

/**
 * cp_knightmare_init_position:
 * @options: the game's options
 *
 * Sets up the position of the option CP_POSITION_OPTION, if it is given,
 * in place of the game's start.
 */
gboolean
cp_knightmare_init_position (CpKnightmareState *st, GHashTable *options, GError **error)
{
  const char *text = g_hash_table_lookup (options, CP_POSITION_OPTION);

  if (text == NULL || text[0] == '\0')
    return TRUE;
  return cp_knightmare_read_position (st, text, error);
}

/**
 * cp_knightmare_hash:
 *
 * The key of a position: that of its chess part, and what the games add
 * to it: the seats out, the midline pawns and moved pieces, the card in
 * play.
 */
guint64
cp_knightmare_hash (const CpState *state)
{
  const CpKnightmareState *st = CP_KNIGHTMARE_STATE (state);
  guint64 h = st->chess.hash ^ ((guint64) state->out * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  for (guint c = 0; c < CP_MAX_CELLS; c++)
    {
      const CpPiece *p = &state->cells[c];
      guint64 marks = p->kind == CP_PIECE_PAWN ? p->flags & (CP_PIECE_FLAG_MIDLINE | CP_PIECE_FLAG_FREED) : 0;

      if (p->kind == CP_PIECE_NONE)
        continue;
      if (moved_mark (&st->chess, p, c))
        marks |= CP_PIECE_FLAG_MOVED;
      if (marks != 0)
        h ^= cp_hash_mix ((marks << 8) | c);
    }
  if (st->note_phase != CP_NOTE_PHASE_NONE)
    h ^= cp_hash_mix (((guint64) g_str_hash (st->card) << 8) | (guint64) st->note_phase << 4 | 0xf);
  return h;
}

/* The state with the turn passed on from a player who resigned on it. */
static const CpKnightmareState *
settled (const CpState *state, CpKnightmareState *copy)
{
  const CpChessState *st = cp_chess_settled (CP_CHESS_STATE (state), &copy->chess);

  if (st == &copy->chess)
    copy->note_phase = CP_NOTE_PHASE_NONE;
  return (const CpKnightmareState *) st;
}

CpSeatMask
cp_knightmare_pending (const CpState *state)
{
  CpKnightmareState copy;
  const CpKnightmareState *st = settled (state, &copy);

  if (cp_chess_live_teams (&st->chess, NULL) <= 1)
    return 0;
  return BIT (st->chess.base.to_move);
}

static CpAction *
add_action (CpActionList *out, CpActionType type, guint seat)
{
  CpAction *a = cp_action_list_add (out);

  cp_action_init (a, type, seat);
  return a;
}

static void
add_pass (CpActionList *out, guint seat, guint value)
{
  add_action (out, CP_ACTION_PASS, seat)->value = value;
}

/* An action on one cell: a piece added or removed. */
static CpAction *
add_action_at (CpActionList *out, CpActionType type, guint seat, guint cell)
{
  CpAction *a = add_action (out, type, seat);

  a->n_cells = 1;
  a->cells[0] = (guint8) cell;
  return a;
}

/* Whether a king may castle with a rook as the Sanctuary card allows: the
 * king one cell towards the rook, the rook onto the king's cell. */
static void
sanctuary_castling (const CpKnightmareState *st, guint seat, CpActionList *out)
{
  const CpChessState *chess = &st->chess;
  CpBoard *board = chess->base.board;
  guint army = chess->army[seat], king = chess->king[army];

  if (king == CP_NO_CELL || (chess->base.cells[king].flags & CP_PIECE_FLAG_MOVED)
      || cp_chess_in_check (chess, seat))
    return;
  for (CpDir d = CP_DIR_N; d < CP_N_DIRS; d += 2)
    {
      guint c = king;
      const CpPiece *rook;

      while ((c = cp_board_step (board, c, d)) != CP_NO_CELL
             && chess->base.cells[c].kind == CP_PIECE_NONE)
        ;
      if (c == CP_NO_CELL)
        continue;
      rook = &chess->base.cells[c];
      if (rook->kind == CP_PIECE_ROOK && rook->seat == army && !(rook->flags & CP_PIECE_FLAG_MOVED))
        {
          CpKnightmareState after = *st;
          CpAction move;

          cp_action_init_move (&move, seat, king, c);
          move.flags = CP_ACTION_FLAG_CASTLE;
          move.value = 1;
          cp_knightmare_make (&after.chess.base, &move, NULL);
          after.chess.base.to_move = (guint8) seat;
          if (!cp_chess_in_check (&after.chess, seat))
            cp_action_list_append (out, &move);
        }
    }
}

/* The changes a card in play may make: any piece to any cell but one
 * holding a piece of the same army or a king, a piece added on an empty
 * cell, a piece other than a king taken off, castling. */
static void
card_changes (const CpKnightmareState *st, guint seat, CpActionList *out)
{
  const CpChessState *chess = &st->chess;
  CpBoard *board = chess->base.board;
  guint n_cells = cp_board_get_width (board) * cp_board_get_height (board);

  for (guint from = 0; from < n_cells; from++)
    {
      const CpPiece *p = &chess->base.cells[from];

      if (!cp_board_has_cell (board, from))
        continue;
      if (p->kind == CP_PIECE_NONE)
        {
          for (guint owner = 0; owner < chess->base.n_seats; owner++)
            for (guint kind = CP_PIECE_PAWN; kind < CP_PIECE_KING; kind++)
              if (kind != CP_PIECE_PAWN || !cp_cell_set_contains (&chess->promotion_zone[owner], from))
                {
                  CpAction *a = add_action_at (out, CP_ACTION_PLACE, seat, from);

                  a->piece = (guint8) kind;
                  a->value = owner + 1;
                }
          continue;
        }
      if (p->kind != CP_PIECE_KING)
        add_action_at (out, CP_ACTION_REMOVE, seat, from);
      for (guint to = 0; to < n_cells; to++)
        {
          const CpPiece *q = &chess->base.cells[to];
          CpAction *a;

          if (to == from || !cp_board_has_cell (board, to)
              || (q->kind != CP_PIECE_NONE && (q->seat == p->seat || q->kind == CP_PIECE_KING)))
            continue;
          a = cp_action_list_add (out);
          cp_action_init_move (a, seat, from, to);
          a->value = 1;
          if (q->kind != CP_PIECE_NONE)
            a->flags = CP_ACTION_FLAG_CAPTURE;
        }
    }
  sanctuary_castling (st, seat, out);
}

void
cp_knightmare_legal (const CpState *state, guint seat, CpActionList *out)
{
  CpKnightmareState copy;
  const CpKnightmareState *st = settled (state, &copy);

  if (seat != st->chess.base.to_move || cp_chess_live_teams (&st->chess, NULL) <= 1)
    return;
  switch ((CpNotePhase) st->note_phase)
    {
    case CP_NOTE_PHASE_IN_PLAY:
      card_changes (st, seat, out);
      add_pass (out, seat, CP_KNIGHTMARE_CARD_DONE);
      break;
    case CP_NOTE_PHASE_DONE:
      cp_chess_legal (&st->chess, seat, out);
      if (!cp_chess_in_check (&st->chess, seat))
        add_pass (out, seat, CP_KNIGHTMARE_END_TURN);
      break;
    case CP_NOTE_PHASE_NONE:
    default:
      cp_chess_legal (&st->chess, seat, out);
      break;
    }
  if (st->cards && st->note_phase != CP_NOTE_PHASE_IN_PLAY)
    add_action (out, CP_ACTION_CARD_NOTE, seat);
}

/* Makes a change a card calls for. */
static void
make_card_change (CpKnightmareState *st, const CpAction *action)
{
  CpChessState *chess = &st->chess;
  static const CpPiece empty = { 0 };

  switch (action->type)
    {
    case CP_ACTION_PLACE:
      {
        /* Pawns added by a card step one cell at a time. */
        CpPiece p = { .kind = action->piece, .seat = (guint8) (action->value - 1),
                      .flags = CP_PIECE_FLAG_MOVED };

        cp_chess_put (chess, action->cells[0], &p);
      }
      break;
    case CP_ACTION_REMOVE:
      cp_chess_put (chess, action->cells[0], &empty);
      break;
    case CP_ACTION_MOVE:
      {
        guint from = action->cells[0], to = action->cells[1];
        CpPiece p = chess->base.cells[from];

        p.flags |= CP_PIECE_FLAG_MOVED;
        cp_chess_put (chess, from, &empty);
        if (action->flags & CP_ACTION_FLAG_CASTLE)
          {
            CpPiece rook = chess->base.cells[to];
            guint king_to = cp_knightmare_landing (&chess->base, action);

            rook.flags |= CP_PIECE_FLAG_MOVED;
            cp_chess_put (chess, to, &empty);
            cp_chess_put (chess, king_to, &p);
            cp_chess_put (chess, from, &rook);
          }
        else
          cp_chess_put (chess, to, &p);
      }
      break;
    default:
      g_assert_not_reached ();
    }
  /* The position is a new one: repetitions count from here.  No pawn may
   * be taken en passant any more, and the key loses it. */
  chess->halfmove = 0;
  chess->ep_cell = chess->ep_pawn = CP_NO_CELL;
  chess->hash = cp_chess_compute_hash (chess);
  chess->history[chess->base.ply % CP_CHESS_HISTORY] = chess->hash;
}

void
cp_knightmare_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  CpKnightmareState *st = CP_KNIGHTMARE_STATE (state);
  CpKnightmareState copy;
  const CpKnightmareState *s = settled (state, &copy);

  if (s != st)
    memcpy (st, s, state->rules->state_size);

  switch (action->type)
    {
    case CP_ACTION_CARD_NOTE:
      st->note_phase = CP_NOTE_PHASE_IN_PLAY;
      g_strlcpy (st->card, action->text != NULL ? action->text : "", sizeof st->card);
      return;
    case CP_ACTION_PASS:
      if (action->value == CP_KNIGHTMARE_CARD_DONE)
        {
          st->note_phase = CP_NOTE_PHASE_DONE;
          return;
        }
      break;
    case CP_ACTION_PLACE:
    case CP_ACTION_REMOVE:
      make_card_change (st, action);
      return;
    case CP_ACTION_MOVE:
      if (action->value == 1)
        {
          make_card_change (st, action);
          return;
        }
      break;
    default:
      break;
    }
  st->note_phase = CP_NOTE_PHASE_NONE;
  cp_chess_make (&st->chess, action, undo);
}

/* "Red knight", for cards that add or remove pieces.  A piece of no seat
 * of the game, as a damaged record may give, goes by its kind alone. */
static char *
describe_piece (const CpState *state, guint kind, guint seat)
{
  if (seat >= state->n_seats)
    return g_strdup (cp_piece_kind_name ((CpPieceKind) kind));
  /* Translators: a piece of one player, such as "Red knight": %1$s is the colour, %2$s the piece */
  return g_strdup_printf (C_("piece of a colour", "%1$s %2$s"),
                          cp_colour_name (state->rules->colours[seat]),
                          cp_piece_kind_name ((CpPieceKind) kind));
}

char *
cp_knightmare_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  CpBoard *board = state->board;
  g_autofree char *at = action->n_cells > 0 ? cp_board_cell_name (board, action->cells[0]) : NULL;
  g_autofree char *to = action->n_cells > 1 ? cp_board_cell_name (board, action->cells[1]) : NULL;
  g_autofree char *piece = NULL;

  switch (action->type)
    {
    case CP_ACTION_CARD_NOTE:
      /* Translators: a card from a Knightmare Chess deck is played; %s is its name */
      return g_strdup_printf (_("plays “%s”"), action->text ? action->text : "");
    case CP_ACTION_PASS:
      return g_strdup (action->value == CP_KNIGHTMARE_CARD_DONE ? _("is done with the card")
                                                                : _("ends the turn"));
    case CP_ACTION_PLACE:
      piece = describe_piece (state, action->piece, action->value - 1);
      /* Translators: follows the player's name: a card adds a piece, e.g. "adds Red knight on c3" */
      return g_strdup_printf (_("adds %s on %s"), piece, at);
    case CP_ACTION_REMOVE:
      {
        const CpPiece *p = &state->cells[action->cells[0]];

        piece = describe_piece (state, p->kind, p->seat);
        /* Translators: follows the player's name: a card takes a piece off, e.g. "removes Red knight from c3" */
        return g_strdup_printf (_("removes %s from %s"), piece, at);
      }
    case CP_ACTION_MOVE:
      if (action->value != 1)
        break;
      if (action->flags & CP_ACTION_FLAG_CASTLE)
        return g_strdup (_("castles by card"));
      {
        CpPieceKind kind = state->cells[action->cells[0]].kind;
        GString *text = g_string_new (NULL);

        if (kind != CP_PIECE_PAWN)
          g_string_append_c (text, cp_piece_kind_letter (kind));
        g_string_append_printf (text, "%s%s%s", at,
                                (action->flags & CP_ACTION_FLAG_CAPTURE) ? "×" : "→", to);
        return g_string_free (text, FALSE);
      }
    default:
      break;
    }
  return cp_chess_format (CP_CHESS_STATE (state), action, notation);
}

/* Where the king of a castling by card lands: one cell towards the rook. */
guint
cp_knightmare_landing (const CpState *state, const CpAction *action)
{
  CpBoard *board = state->board;
  int kx, ky, rx, ry;

  if (action->type != CP_ACTION_MOVE || action->value != 1 || !(action->flags & CP_ACTION_FLAG_CASTLE))
    return cp_chess_landing (CP_CHESS_STATE (state), action);
  kx = (int) cp_board_cell_x (board, action->cells[0]);
  ky = (int) cp_board_cell_y (board, action->cells[0]);
  rx = (int) cp_board_cell_x (board, action->cells[1]);
  ry = (int) cp_board_cell_y (board, action->cells[1]);
  return cp_board_cell_at (board, kx + (rx > kx) - (rx < kx), ky + (ry > ky) - (ry < ky));
}

gboolean
cp_knightmare_parse (const CpState *state, const char *text, CpAction *action, GError **error)
{
  CpKnightmareState copy;
  const CpKnightmareState *st = settled (state, &copy);

  return cp_chess_parse (&st->chess, text, action, error);
}

guint
cp_knightmare_check_cell (const CpState *state)
{
  CpKnightmareState copy;
  const CpKnightmareState *st = settled (state, &copy);
  guint seat = st->chess.base.to_move;

  return cp_chess_in_check (&st->chess, seat) ? st->chess.king[st->chess.army[seat]] : CP_NO_CELL;
}

char *
cp_knightmare_explain (const CpState *state, guint seat, guint cell)
{
  CpKnightmareState copy;

  return cp_chess_rules_explain (&settled (state, &copy)->chess.base, seat, cell);
}

/* Whether @legal holds an action of @type (with @value, for passes); the
 * action is copied to @found. */
static gboolean
find_legal (const CpActionList *legal, CpActionType type, guint value, CpAction *found)
{
  for (guint i = 0; i < legal->len; i++)
    if (legal->items[i].type == type && (type != CP_ACTION_PASS || legal->items[i].value == value))
      {
        *found = legal->items[i];
        return TRUE;
      }
  return FALSE;
}

/* Where the turn of the seat to act stands with the cards, and its
 * buttons.  The phase of the state belongs to the seat to move, which a
 * resignation may have passed over. */
static void
present_card_notes (const CpKnightmareState *st, CpPresentation *out)
{
  const CpState *state = &st->chess.base;
  guint seat = cp_state_first_pending (state);
  g_auto (CpActionList) legal = { 0 };
  CpAction done, end_turn, note;

  if (!st->cards || seat == CP_NO_SEAT)
    return;
  cp_state_legal (state, seat, &legal);
  out->card_note_seat = (guint8) seat;
  if (find_legal (&legal, CP_ACTION_PASS, CP_KNIGHTMARE_CARD_DONE, &done))
    {
      out->card_note_stage = CP_CARD_NOTE_IN_PLAY;
      cp_presentation_add_button (out, &done, "card-done", _("_Done"));
    }
  else if (find_legal (&legal, CP_ACTION_CARD_NOTE, 0, &note))
    out->card_note_stage = seat == state->to_move && st->note_phase == CP_NOTE_PHASE_DONE
                           ? CP_CARD_NOTE_PLAYED : CP_CARD_NOTE_READY;
  if (out->card_note_stage != CP_CARD_NOTE_READY && seat == state->to_move)
    out->card_note = st->card[0] != '\0' ? g_strdup (st->card) : NULL;
  if (find_legal (&legal, CP_ACTION_PASS, CP_KNIGHTMARE_END_TURN, &end_turn))
    cp_presentation_add_button (out, &end_turn, "end-turn", _("_End Turn"));
}

/**
 * cp_knightmare_present:
 *
 * The territories that cards refer to, outlined, and where the turn
 * stands with the cards.
 */
void
cp_knightmare_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  g_auto (GStrv) zones = cp_board_list_zones (state->board);
  CpKnightmareState copy;
  const CpKnightmareState *st = settled (state, &copy);
  guint n_areas = 0;

  for (guint i = 0; zones[i]; i++)
    if (g_str_has_suffix (zones[i], "-territory"))
      {
        const CpCellSet *zone = cp_board_get_zone (state->board, zones[i]);
        g_autofree char *id = g_strndup (zones[i], strlen (zones[i]) - strlen ("-territory"));
        g_autofree char *words = NULL;
        CpColour colour;

        if (!cp_colour_from_id (id, &colour))
          continue;
        /* Translators: the quarter of the board a card may name, such as
         * "Red’s territory" */
        words = g_strdup_printf (_("%s’s territory"), cp_colour_name (colour));
        n_areas++;
        for (guint c = 0; c < CP_MAX_CELLS; c++)
          if (cp_cell_set_contains (zone, c))
            cp_presentation_add_overlay (out, CP_OVERLAY_AREA, c, words)->count = (guint8) n_areas;
      }
  if (n_areas > 0)
    cp_presentation_add_legend (out, CP_MARK_AREA,
                                _("Dashed lines part the board into the players’ territories."))->piece.kind
      = CP_PIECE_NONE;
  present_card_notes (CP_KNIGHTMARE_STATE (state), out);
  if (st->note_phase == CP_NOTE_PHASE_NONE)
    cp_presentation_set_prompt (out, cp_chess_rules_prompt (&st->chess.base, viewer));
}

/* Evaluation for computer players.
 *
 * Each seat in play is weighed on its own: its pieces at their usual
 * worth, its pawns by how near they are to promoting, and its king by
 * the danger it is in (in check, the cells around it that enemies
 * attack, the cells it could flee to) and its most valuable piece other
 * than a pawn that an enemy attacks.  A seat that is out weighs nothing: its pieces are
 * inert obstacles anyone may take.  Each game's evaluation hook then
 * sets a seat's strength against the others' (each for themselves) or a
 * team's against the other team's. */

/* Pawns by their distance, in king steps, to a cell where they promote. */
static const int pawn_race[] = { 0, 90, 45, 22, 10, 4, 0, 0, 0 };
#define IN_CHECK 50
#define KING_CELL_ATTACKED 14
#define KING_CELL_FREE 4
#define NO_FLIGHT 40

/* The ranks and files of the cells where @seat's pawns promote, one bit
 * each; the promotion zones of these games are whole ranks and files. */
static void
promotion_lines (const CpChessState *st, guint seat, guint width, guint *ranks, guint *files)
{
  const CpCellSet *zone = &st->promotion_zone[seat];

  *ranks = *files = 0;
  for (guint c = cp_cell_set_next (zone, 0); c != CP_NO_CELL; c = cp_cell_set_next (zone, c + 1))
    {
      *ranks |= 1u << (c / width);
      *files |= 1u << (c % width);
    }
}

/* How near a pawn on @cell is to a rank or file of @ranks and @files
 * where it promotes, as a bonus. */
static int
pawn_advance (guint cell, guint width, guint ranks, guint files)
{
  guint x = cell % width, y = cell / width, best = G_N_ELEMENTS (pawn_race) - 1;

  for (; ranks != 0; ranks &= ranks - 1)
    best = MIN (best, (guint) ABS ((int) cp_bits_lowest (ranks) - (int) y));
  for (; files != 0; files &= files - 1)
    best = MIN (best, (guint) ABS ((int) cp_bits_lowest (files) - (int) x));
  return pawn_race[MIN (best, G_N_ELEMENTS (pawn_race) - 1)];
}

/* The danger @seat's king is in, as a cost. */
static int
king_danger (const CpChessState *st, guint seat)
{
  const guint8 *nb = cp_board_get_neighbours (st->base.board);
  guint king = st->king[st->army[seat]];
  int cost = 0, flight = 0;

  if (king == CP_NO_CELL)
    return 0;
  if (cp_chess_attacked (st, king, seat, CP_NO_CELL, CP_NO_CELL))
    cost += IN_CHECK;
  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      guint to = nb[king * CP_N_DIRS + d];
      const CpPiece *p;

      if (to == CP_NO_CELL)
        continue;
      p = &st->base.cells[to];
      if (cp_chess_attacked (st, to, seat, king, CP_NO_CELL))
        cost += KING_CELL_ATTACKED;
      else if (p->kind == CP_PIECE_NONE || cp_chess_is_enemy (st, seat, p->seat))
        flight++;
    }
  return cost + (flight == 0 ? NO_FLIGHT : -KING_CELL_FREE * MIN (flight, 3));
}

/**
 * cp_knightmare_strengths:
 * @strength: (out): the strength of each seat, in hundredths of a pawn;
 *   CP_KNIGHTMARE_OUT for a seat that is out
 *
 * How strong each seat of a Knightmare game stands on its own, for the
 * games' evaluation hooks.
 */
void
cp_knightmare_strengths (const CpState *state, int strength[CP_MAX_SEATS])
{
  const CpChessState *st = CP_CHESS_STATE (state);
  guint width = cp_board_get_width (state->board);
  guint ranks[CP_MAX_SEATS] = { 0 }, files[CP_MAX_SEATS] = { 0 };
  int threatened[CP_MAX_SEATS] = { 0 };

  for (guint s = 0; s < CP_MAX_SEATS; s++)
    strength[s] = 0;
  for (guint s = 0; s < state->n_seats; s++)
    promotion_lines (st, s, width, &ranks[s], &files[s]);
  for (guint c = 0; c < cp_board_get_n_cells (state->board); c++)
    {
      const CpPiece *p = &state->cells[c];
      int worth;

      if (p->kind == CP_PIECE_NONE || p->kind == CP_PIECE_KING || p->seat >= state->n_seats
          || (state->out & CP_SEAT_BIT (p->seat)))
        continue;
      worth = cp_piece_kind_value (p->kind);
      strength[p->seat] += worth;
      if (p->kind == CP_PIECE_PAWN)
        strength[p->seat] += pawn_advance (c, width, ranks[p->seat], files[p->seat]);
      else if (worth > threatened[p->seat] && cp_chess_attacked (st, c, p->seat, CP_NO_CELL, CP_NO_CELL))
        threatened[p->seat] = worth;
    }
  for (guint s = 0; s < state->n_seats; s++)
    strength[s] = (state->out & CP_SEAT_BIT (s)) ? CP_KNIGHTMARE_OUT
                  : strength[s] - threatened[s] / 3 - king_danger (st, s);
}

/* Far ahead of every other seat, a seat hunts the kings of those left
 * with little: each the nearer the edge of the board and to its own
 * king, the better for it, so that it drives them to be mated rather
 * than wander. */
#define HUNT_MARGIN 600
/* The most a seat whose king is hunted has left: a minor piece or a few
 * pawns. */
#define HUNT_PREY 350
#define HUNT_EDGE 10
#define HUNT_NEAR 4

/* How far @cell is from the middle of @board, in king steps. */
static int
from_middle (CpBoard *board, guint cell)
{
  int w = (int) cp_board_get_width (board), h = (int) cp_board_get_height (board);
  int x = (int) cp_board_cell_x (board, cell), y = (int) cp_board_cell_y (board, cell);

  return MAX (ABS (2 * x - (w - 1)), ABS (2 * y - (h - 1))) / 2;
}

static int
apart (CpBoard *board, guint a, guint b)
{
  return MAX (ABS ((int) cp_board_cell_x (board, a) - (int) cp_board_cell_x (board, b)),
              ABS ((int) cp_board_cell_y (board, a) - (int) cp_board_cell_y (board, b)));
}

/* What hunting the other kings is worth to @seat, whose strength is in
 * @strength with the others'. */
static int
hunt (const CpChessState *st, guint seat, const int *strength)
{
  CpBoard *board = st->base.board;
  guint king = st->king[st->army[seat]];
  int bonus = 0;

  for (guint s = 0; s < st->base.n_seats; s++)
    if (s != seat && !(st->base.out & CP_SEAT_BIT (s)) && strength[seat] - strength[s] < HUNT_MARGIN)
      return 0;
  for (guint s = 0; s < st->base.n_seats; s++)
    {
      guint other = st->king[st->army[s]];

      if (s == seat || (st->base.out & CP_SEAT_BIT (s)) || other == CP_NO_CELL
          || strength[s] > HUNT_PREY)
        continue;
      bonus += HUNT_EDGE * from_middle (board, other);
      if (king != CP_NO_CELL)
        bonus += HUNT_NEAR * (8 - MIN (apart (board, king, other), 8));
    }
  return bonus;
}

/**
 * cp_knightmare_lead:
 *
 * For the games each for themselves: @seat's strength less the others'
 * shared among them, so that what any of them loses counts, and a player
 * put out of the game most; far ahead of all, the other kings hunted
 * down.  Over the second half of the plies the
 * seventy-five-move rule allows without a capture or a pawn move, the
 * lead fades, to half of it at the rule, so that a side ahead takes or
 * pushes a pawn before its lead is drawn away.  Before, it does not, lest
 * a search put off a capture to the end of the line it looks at.
 */
int
cp_knightmare_lead (const CpState *state, guint seat)
{
  const CpChessState *st = CP_CHESS_STATE (state);
  int strength[CP_MAX_SEATS], others = 0, lead, limit;

  if (state->out & CP_SEAT_BIT (seat))
    return CP_KNIGHTMARE_OUT;
  cp_knightmare_strengths (state, strength);
  for (guint s = 0; s < state->n_seats; s++)
    if (s != seat && !(state->out & CP_SEAT_BIT (s)))
      others += strength[s];
  lead = strength[seat] - others / MAX ((int) state->n_seats - 1, 1) + hunt (st, seat, strength);
  limit = 75 * (int) state->n_seats;
  return lead - lead * CLAMP ((int) st->halfmove - limit / 2, 0, limit / 2) / limit;
}
