/* cp-fen.c: Forsyth–Edwards Notation, with X-FEN and Shredder-FEN castling
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "cp-chess-state.h"
#include "cp-error.h"

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
          /* A checker under the piece just named. */
          if (last == CP_NO_CELL || st->base.cells[last].checkers == G_MAXUINT8)
            return cp_error_bad_position (error, fen, _("a checker is not under a piece"));
          st->base.cells[last].checkers++;
          /* With a mirror, a piece on a checker stands beyond it; the
           * checker is its owner's. */
          if (st->features & CP_CHESS_MIRROR)
            {
              st->base.cells[last].flags |= CP_PIECE_FLAG_MIRROR;
              st->base.cells[last].checker_colour = st->base.cells[last].seat == 0 ? CP_COLOUR_WHITE
                                                                                   : CP_COLOUR_BLACK;
            }
          continue;
        }
      last = CP_NO_CELL;
      if (*p == '/')
        {
          if (x != width || y == 0)
            return cp_error_bad_position (error, fen, _("a rank has the wrong number of cells"));
          x = 0;
          y--;
        }
      else if (g_ascii_isdigit (*p))
        {
          char *end;
          long n = strtol (p, &end, 10);

          if (n < 1 || n > width - x)
            return cp_error_bad_position (error, fen, _("a rank has the wrong number of cells"));
          x += (int) n;
          p = end - 1;
        }
      else if (strchr ("KQRBNPkqrbnp", *p) && cp_piece_kind_from_letter (*p, &kind))
        {
          guint cell = cp_board_cell_at (board, x, y);

          if (x >= width || cell == CP_NO_CELL)
            return cp_error_bad_position (error, fen, _("a rank has the wrong number of cells"));
          st->base.cells[cell] = (CpPiece) { .kind = kind, .seat = g_ascii_isupper (*p) ? 0 : 1 };
          last = cell;
          x++;
        }
      else
        return cp_error_bad_position (error, fen, _("the pieces hold an unknown letter"));
    }
  if (x != width || y != 0)
    return cp_error_bad_position (error, fen, _("the board is incomplete"));
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

  if (side == CP_CASTLE_KING_SIDE)
    {
      for (int x = w - 1; x > kx; x--)
        {
          guint c = cp_board_cell_at (board, x, y);
          if (c != CP_NO_CELL && st->base.cells[c].kind == CP_PIECE_ROOK && st->base.cells[c].seat == seat)
            return c;
        }
    }
  else
    {
      for (int x = 0; x < kx; x++)
        {
          guint c = cp_board_cell_at (board, x, y);
          if (c != CP_NO_CELL && st->base.cells[c].kind == CP_PIECE_ROOK && st->base.cells[c].seat == seat)
            return c;
        }
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
        return cp_error_bad_position (error, fen, _("castling is allowed to a king that is not on its first rank"));
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
        return cp_error_bad_position (error, fen, _("the castling rights hold an unknown letter"));
      if (rook == CP_NO_CELL)
        return cp_error_bad_position (error, fen, _("castling is allowed with a rook that is not there"));
      cp_chess_state_add_castle_right (st, seat, rook);
    }
  return TRUE;
}

static gboolean
read_en_passant (CpChessState *st, const char *field, const char *fen, CpFenRead flags, GError **error)
{
  CpBoard *board = st->base.board;
  /* The side that may take en passant: the side to move, or in the middle
   * of a turn the other; either, where the cell tells. */
  guint cell, other = (flags & CP_FEN_READ_MID_TURN) ? 1 - st->base.to_move : st->base.to_move;
  guint tries = (flags & CP_FEN_READ_EP_EITHER) ? 2 : 1;

  st->ep_cell = st->ep_pawn = CP_NO_CELL;
  if (g_str_equal (field, "-"))
    return TRUE;
  if (!cp_board_parse_cell (board, field, &cell, NULL))
    return cp_error_bad_position (error, fen, _("the en passant cell is not a cell"));
  for (guint i = 0; i < tries; i++, other = 1 - other)
    {
      /* The pawn that passed the cell stands one step beyond it, seen
       * from the side that moved it. */
      guint pawn = cp_board_step (board, cell, cp_board_get_forward (board, 1 - other, 0));

      if (pawn != CP_NO_CELL && st->base.cells[pawn].kind == CP_PIECE_PAWN
          && st->base.cells[pawn].seat != other && st->base.cells[cell].kind == CP_PIECE_NONE)
        {
          st->ep_cell = (guint8) cell;
          st->ep_pawn = (guint8) pawn;
          return TRUE;
        }
    }
  return cp_error_bad_position (error, fen, _("no pawn can have just passed the en passant cell"));
}

/**
 * cp_fen_read_number:
 * @field: a field of a position text
 *
 * Reads a number from 0 to @max written in decimal digits alone, such as
 * a move counter.
 */
gboolean
cp_fen_read_number (const char *field, guint max, guint *value)
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

static gboolean
check_position (CpChessState *st, const char *fen, CpFenRead flags, GError **error)
{
  CpBoard *board = st->base.board;
  guint n_cells = cp_board_get_width (board) * cp_board_get_height (board);
  guint kings[2] = { 0, 0 };

  for (guint c = 0; c < n_cells; c++)
    {
      const CpPiece *p = &st->base.cells[c];
      guint y, first, last;
      gboolean home;

      if (p->kind == CP_PIECE_KING)
        kings[p->seat]++;
      if (p->kind != CP_PIECE_PAWN)
        continue;
      y = cp_board_cell_y (board, c);
      first = p->seat == 0 ? 0 : cp_board_get_height (board) - 1;
      last = cp_board_get_height (board) - 1 - first;
      /* Extra steps may take a pawn back onto its own first rank. */
      home = (st->features & CP_CHESS_EXTRA_STEPS) || (flags & CP_FEN_READ_PAWN_HOME);
      if (y == first && !home)
        return cp_error_bad_position (error, fen, (flags & CP_FEN_READ_PAWN_FAR) ? _("a pawn stands on its own first rank")
                                                                                 : _("a pawn stands on the first or last rank"));
      if (y == last && !(flags & CP_FEN_READ_PAWN_FAR))
        return cp_error_bad_position (error, fen, home ? _("a pawn stands on its last rank")
                                                       : _("a pawn stands on the first or last rank"));
    }
  if (kings[0] > 1 || kings[1] > 1 || (!(flags & CP_FEN_READ_KING_TAKEN) && (kings[0] == 0 || kings[1] == 0)))
    return cp_error_bad_position (error, fen, _("each side must have exactly one king"));
  /* A king taken ends the game: the other stands. */
  if (kings[0] + kings[1] == 0)
    return cp_error_bad_position (error, fen, _("each side must have one king, or none once it has been taken"));
  if (!(flags & (CP_FEN_READ_ANY_CHECK | CP_FEN_READ_MID_TURN)) && cp_chess_in_check (st, 1 - st->base.to_move))
    return cp_error_bad_position (error, fen, _("the side that has just moved is in check"));
  return TRUE;
}

/**
 * cp_fen_read:
 * @st: a state set up by cp_chess_state_init_standard(); its pieces are replaced
 * @fen: a position in FEN, X-FEN or Shredder-FEN; the move counters may be left out
 *
 * A piece letter may be followed by one "*" for each checker under the
 * piece ("B***": a white bishop on three checkers); games that put
 * checkers under pieces say what they mean.  Pawns may stand on their
 * own first rank where extra steps can take them there
 * (CP_CHESS_EXTRA_STEPS).
 *
 * Sets up the position @fen describes.
 */
gboolean
cp_fen_read (CpChessState *st, const char *fen, GError **error)
{
  return cp_fen_read_with (st, fen, 0, error);
}

/**
 * cp_fen_read_with:
 * @flags: what the game allows beyond a position between two turns of
 *   orthodox chess
 *
 * cp_fen_read() for positions of games whose kings may stand attacked
 * where chess forbids it, or whose turns are written half done.
 */
gboolean
cp_fen_read_with (CpChessState *st, const char *fen, CpFenRead flags, GError **error)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (fen));
  g_auto (GStrv) fields = g_strsplit_set (trimmed, " \t", -1);
  guint n = 0, halfmove = 0, fullmove = 1;
  char *f[6] = { NULL };

  for (guint i = 0; fields[i]; i++)
    if (fields[i][0] != '\0')
      {
        if (n == G_N_ELEMENTS (f))
          return cp_error_bad_position (error, fen, _("it has too many fields"));
        f[n++] = fields[i];
      }
  if (n < 2 || n == 5)
    return cp_error_bad_position (error, fen, _("it has too few fields"));

  memset (st->base.cells, 0, sizeof st->base.cells);
  if (!read_placement (st, f[0], fen, error))
    return FALSE;
  if (g_str_equal (f[1], "w"))
    st->base.to_move = 0;
  else if (g_str_equal (f[1], "b"))
    st->base.to_move = 1;
  else
    return cp_error_bad_position (error, fen, _("the side to move must be “w” or “b”"));
  cp_chess_state_finish_setup (st);
  if (!check_position (st, fen, flags, error))
    return FALSE;
  if (!read_castling (st, n > 2 ? f[2] : "-", fen, error)
      || !read_en_passant (st, n > 3 ? f[3] : "-", fen, flags, error))
    return FALSE;
  if (n == 6 && (!cp_fen_read_number (f[4], 9999, &halfmove) || !cp_fen_read_number (f[5], 9999, &fullmove)
                 || fullmove == 0))
    return cp_error_bad_position (error, fen, _("the move counters are not numbers"));
  st->halfmove = (guint16) halfmove;
  st->fullmove = (guint16) fullmove;
  cp_chess_state_finish_setup (st);
  return TRUE;
}

static void
write_castling (const CpChessState *st, CpFenStyle style, GString *out)
{
  gsize start = out->len;

  for (guint seat = 0; seat < 2; seat++)
    for (guint side = 0; side < CP_N_CASTLE_SIDES; side++)
      {
        guint rook = st->castle[seat][side].rook;
        char letter;

        if (rook == CP_NO_CELL)
          continue;
        if (style == CP_FEN_STANDARD && rook == outer_rook (st, seat, side))
          letter = side == CP_CASTLE_KING_SIDE ? 'k' : 'q';
        else
          letter = (char) ('a' + cp_board_cell_x (st->base.board, rook));
        g_string_append_c (out, seat == 0 ? g_ascii_toupper (letter) : letter);
      }
  if (out->len == start)
    g_string_append_c (out, '-');
}

/**
 * cp_fen_write:
 * @style: how to write castling rights
 *
 * Returns: (transfer full): the position in FEN
 */
char *
cp_fen_write (const CpChessState *st, CpFenStyle style)
{
  CpBoard *board = st->base.board;
  int width = (int) cp_board_get_width (board), height = (int) cp_board_get_height (board);
  GString *out = g_string_new (NULL);

  for (int y = height - 1; y >= 0; y--)
    {
      int empty = 0;

      for (int x = 0; x < width; x++)
        {
          guint c = cp_board_cell_at (board, x, y);
          const CpPiece *p = c == CP_NO_CELL ? NULL : &st->base.cells[c];

          if (p == NULL || p->kind == CP_PIECE_NONE)
            {
              empty++;
              continue;
            }
          if (empty)
            g_string_append_printf (out, "%d", empty);
          empty = 0;
          g_string_append_c (out, p->seat == 0 ? cp_piece_kind_letter (p->kind)
                                                : g_ascii_tolower (cp_piece_kind_letter (p->kind)));
          for (guint i = 0; i < p->checkers; i++)
            g_string_append_c (out, '*');
        }
      if (empty)
        g_string_append_printf (out, "%d", empty);
      if (y > 0)
        g_string_append_c (out, '/');
    }

  g_string_append (out, st->base.to_move == 0 ? " w " : " b ");
  write_castling (st, style, out);
  g_string_append_c (out, ' ');
  if (st->ep_cell != CP_NO_CELL && cp_chess_ep_matters (st))
    {
      g_autofree char *name = cp_board_cell_name (board, st->ep_cell);

      g_string_append (out, name);
    }
  else
    g_string_append_c (out, '-');
  g_string_append_printf (out, " %u %u", st->halfmove, st->fullmove);
  return g_string_free (out, FALSE);
}

/**
 * cp_fen_split:
 * @text: a position text of a chess-like game: FEN, then maybe fields of
 *   the game's own
 * @extra: (out) (transfer full): the fields after the sixth, maybe none
 *
 * Position texts of chess variants are FEN followed by fields of their
 * own, separated by spaces; a text with such fields has all six of FEN's.
 *
 * Returns: (transfer full): the FEN part of @text
 */
char *
cp_fen_split (const char *text, GStrv *extra)
{
  g_auto (GStrv) fields = g_strsplit_set (text, " \t\n", -1);
  g_autoptr (GStrvBuilder) fen = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) rest = g_strv_builder_new ();
  g_auto (GStrv) fen_fields = NULL;
  guint n = 0;

  for (guint i = 0; fields[i]; i++)
    if (fields[i][0] != '\0')
      g_strv_builder_add (n++ < 6 ? fen : rest, fields[i]);
  *extra = g_strv_builder_end (rest);
  fen_fields = g_strv_builder_end (fen);
  return g_strjoinv (" ", fen_fields);
}
