/* cp-card-chess-fen.c: the FEN part of the position texts of the chess
 * games played with cards
 *
 * In Two Move Chess and Tar Pit Chess a king may stand attacked while a
 * turn is in progress or between turns (cards and tar change how pieces
 * attack, and Two Move Chess has no check), and in Two Move Chess a king
 * may have been taken.  Their position texts therefore read FEN without
 * orthodox chess's test of the side that has just moved; everything else
 * is read as cp_fen_read() reads it, in the same words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "cp-card-chess-fen.h"
#include "cp-error.h"

/**
 * cp_card_chess_refuse:
 * @text: a position text that cannot be read
 * @reason: why, in a few translated words
 *
 * Sets @error to say that @text cannot be read and why.
 *
 * Returns: %FALSE
 */
gboolean
cp_card_chess_refuse (GError **error, const char *text, const char *reason)
{
  g_autofree char *quoted = cp_error_quote (text);

  g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
               _("The position “%s” cannot be read: %s"), quoted, reason);
  return FALSE;
}

static gboolean
read_placement (CpChessState *st, const char *field, const char *fen, GError **error)
{
  CpBoard *board = st->base.board;
  int width = (int) cp_board_get_width (board), height = (int) cp_board_get_height (board);
  int x = 0, y = height - 1;
  guint last = CP_NO_CELL;

  for (const char *p = field; *p; p++)
    {
      CpPieceKind kind;

      if (*p == '*')
        {
          if (last == CP_NO_CELL || st->base.cells[last].checkers == G_MAXUINT8)
            return cp_card_chess_refuse (error, fen, _("a checker is not under a piece"));
          st->base.cells[last].checkers++;
          continue;
        }
      last = CP_NO_CELL;
      if (*p == '/')
        {
          if (x != width || y == 0)
            return cp_card_chess_refuse (error, fen, _("a rank has the wrong number of cells"));
          x = 0;
          y--;
        }
      else if (g_ascii_isdigit (*p))
        {
          char *end;
          long n = strtol (p, &end, 10);

          if (n < 1 || n > width - x)
            return cp_card_chess_refuse (error, fen, _("a rank has the wrong number of cells"));
          x += (int) n;
          p = end - 1;
        }
      else if (strchr ("KQRBNPkqrbnp", *p) && cp_piece_kind_from_letter (*p, &kind))
        {
          guint cell = cp_board_cell_at (board, x, y);

          if (x >= width || cell == CP_NO_CELL)
            return cp_card_chess_refuse (error, fen, _("a rank has the wrong number of cells"));
          st->base.cells[cell] = (CpPiece) { .kind = kind, .seat = g_ascii_isupper (*p) ? 0 : 1 };
          last = cell;
          x++;
        }
      else
        return cp_card_chess_refuse (error, fen, _("the pieces hold an unknown letter"));
    }
  if (x != width || y != 0)
    return cp_card_chess_refuse (error, fen, _("the board is incomplete"));
  return TRUE;
}

static gboolean
check_pieces (CpChessState *st, guint flags, const char *fen, GError **error)
{
  CpBoard *board = st->base.board;
  guint n_cells = cp_board_get_width (board) * cp_board_get_height (board);
  guint kings[2] = { 0, 0 };

  for (guint c = 0; c < n_cells; c++)
    {
      const CpPiece *p = &st->base.cells[c];

      if (p->kind == CP_PIECE_KING)
        kings[p->seat]++;
      if (p->kind == CP_PIECE_PAWN
          && (cp_board_cell_y (board, c) == 0 || cp_board_cell_y (board, c) == cp_board_get_height (board) - 1))
        return cp_card_chess_refuse (error, fen, _("a pawn stands on the first or last rank"));
    }
  if (!(flags & CP_CARD_CHESS_FEN_KING_TAKEN) && (kings[0] != 1 || kings[1] != 1))
    return cp_card_chess_refuse (error, fen, _("each side must have exactly one king"));
  if (kings[0] > 1 || kings[1] > 1 || kings[0] + kings[1] == 0)
    return cp_card_chess_refuse (error, fen, _("each side must have one king, or none once it has been taken"));
  return TRUE;
}

/* The outermost rook of @seat on its home rank on one side of its king. */
static guint
outer_rook (const CpChessState *st, guint seat, CpCastleSide side)
{
  CpBoard *board = st->base.board;
  int y = st->home_rank[seat];
  int kx = (int) cp_board_cell_x (board, st->king[seat]);
  int w = (int) cp_board_get_width (board);
  int step = side == CP_CASTLE_KING_SIDE ? -1 : 1;

  for (int x = side == CP_CASTLE_KING_SIDE ? w - 1 : 0; side == CP_CASTLE_KING_SIDE ? x > kx : x < kx; x += step)
    {
      guint c = cp_board_cell_at (board, x, y);

      if (c != CP_NO_CELL && st->base.cells[c].kind == CP_PIECE_ROOK && st->base.cells[c].seat == seat)
        return c;
    }
  return CP_NO_CELL;
}

static gboolean
read_castling (CpChessState *st, const char *field, const char *fen, GError **error)
{
  CpBoard *board = st->base.board;

  cp_chess_state_reset_castling (st);
  if (g_str_equal (field, "-"))
    return TRUE;
  for (const char *p = field; *p; p++)
    {
      guint seat = g_ascii_isupper (*p) ? 0 : 1;
      char c = g_ascii_tolower (*p);
      guint king = st->king[seat], rook = CP_NO_CELL;

      if (king == CP_NO_CELL || cp_board_cell_y (board, king) != st->home_rank[seat])
        return cp_card_chess_refuse (error, fen, _("castling is allowed to a king that is not on its first rank"));
      if (c == 'k')
        rook = outer_rook (st, seat, CP_CASTLE_KING_SIDE);
      else if (c == 'q')
        rook = outer_rook (st, seat, CP_CASTLE_QUEEN_SIDE);
      else if (c >= 'a' && c < 'a' + (char) cp_board_get_width (board))
        {
          rook = cp_board_cell_at (board, c - 'a', st->home_rank[seat]);
          if (st->base.cells[rook].kind != CP_PIECE_ROOK || st->base.cells[rook].seat != seat)
            rook = CP_NO_CELL;
        }
      else
        return cp_card_chess_refuse (error, fen, _("the castling rights hold an unknown letter"));
      if (rook == CP_NO_CELL)
        return cp_card_chess_refuse (error, fen, _("castling is allowed with a rook that is not there"));
      cp_chess_state_add_castle_right (st, seat, rook);
    }
  return TRUE;
}

static gboolean
read_en_passant (CpChessState *st, const char *field, const char *fen, GError **error)
{
  CpBoard *board = st->base.board;
  guint cell, pawn, mover = st->base.to_move;

  st->ep_cell = st->ep_pawn = CP_NO_CELL;
  if (g_str_equal (field, "-"))
    return TRUE;
  if (!cp_board_parse_cell (board, field, &cell, NULL))
    return cp_card_chess_refuse (error, fen, _("the en passant cell is not a cell"));
  pawn = cp_board_step (board, cell, cp_board_get_forward (board, 1 - mover, 0));
  if (pawn == CP_NO_CELL || st->base.cells[pawn].kind != CP_PIECE_PAWN
      || st->base.cells[pawn].seat == mover || st->base.cells[cell].kind != CP_PIECE_NONE)
    return cp_card_chess_refuse (error, fen, _("no pawn can have just passed the en passant cell"));
  st->ep_cell = (guint8) cell;
  st->ep_pawn = (guint8) pawn;
  return TRUE;
}

static gboolean
read_number (const char *field, guint max, guint *value)
{
  char *end;
  guint64 n;

  if (!g_ascii_isdigit (field[0]))
    return FALSE;
  n = g_ascii_strtoull (field, &end, 10);
  if (*end != '\0' || n > max)
    return FALSE;
  *value = (guint) n;
  return TRUE;
}

/**
 * cp_card_chess_fen_read:
 * @st: a state set up by cp_chess_state_init_standard(); its pieces are replaced
 * @fen: the six fields of FEN, a "*" after a piece for each checker under it
 * @flags: CpCardChessFenFlags
 *
 * Sets up the position @fen describes, as cp_fen_read() does, but lets
 * either king stand attacked.
 */
gboolean
cp_card_chess_fen_read (CpChessState *st, const char *fen, guint flags, GError **error)
{
  g_auto (GStrv) fields = g_strsplit_set (fen, " \t\n", -1);
  guint n = 0, halfmove = 0, fullmove = 1;
  char *f[6] = { NULL };

  for (guint i = 0; fields[i]; i++)
    if (fields[i][0] != '\0')
      {
        if (n == G_N_ELEMENTS (f))
          return cp_card_chess_refuse (error, fen, _("it has too many fields"));
        f[n++] = fields[i];
      }
  if (n < G_N_ELEMENTS (f))
    return cp_card_chess_refuse (error, fen, _("it has too few fields"));

  memset (st->base.cells, 0, sizeof st->base.cells);
  if (!read_placement (st, f[0], fen, error))
    return FALSE;
  if (g_str_equal (f[1], "w"))
    st->base.to_move = 0;
  else if (g_str_equal (f[1], "b"))
    st->base.to_move = 1;
  else
    return cp_card_chess_refuse (error, fen, _("the side to move must be “w” or “b”"));
  cp_chess_state_finish_setup (st);
  if (!check_pieces (st, flags, fen, error) || !read_castling (st, f[2], fen, error)
      || !read_en_passant (st, f[3], fen, error))
    return FALSE;
  if (!read_number (f[4], 9999, &halfmove) || !read_number (f[5], 9999, &fullmove) || fullmove == 0)
    return cp_card_chess_refuse (error, fen, _("the move counters are not numbers"));
  st->halfmove = (guint16) halfmove;
  st->fullmove = (guint16) fullmove;
  cp_chess_state_finish_setup (st);
  return TRUE;
}
