/* cp-chess-notation.c: writing and reading chess moves
 *
 * Writes standard algebraic (SAN), long algebraic, figurine and coordinate
 * notation; reads all of them, and castling as O-O or 0-0.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cp-chess-state.h"
#include "cp-error.h"

static const char *const figurines[2][CP_N_PIECE_KINDS] = {
  { [CP_PIECE_KING] = "♔", [CP_PIECE_QUEEN] = "♕", [CP_PIECE_ROOK] = "♖",
    [CP_PIECE_BISHOP] = "♗", [CP_PIECE_KNIGHT] = "♘" },
  { [CP_PIECE_KING] = "♚", [CP_PIECE_QUEEN] = "♛", [CP_PIECE_ROOK] = "♜",
    [CP_PIECE_BISHOP] = "♝", [CP_PIECE_KNIGHT] = "♞" },
};

/**
 * cp_chess_append_local_letter:
 * @kind: a king, queen, rook, bishop or knight
 *
 * Appends the letter of @kind in the user's language.  The translation
 * lists the five letters, either written together when each is one
 * character ("KDTLS") or separated by spaces ("Кр Ф Л С К"); the English
 * letters serve when it is neither.
 */
void
cp_chess_append_local_letter (GString *out, CpPieceKind kind)
{
  static const CpPieceKind order[] = { CP_PIECE_KING, CP_PIECE_QUEEN, CP_PIECE_ROOK, CP_PIECE_BISHOP, CP_PIECE_KNIGHT };
  /* Translators: the letters players of your language write for king, queen,
   * rook, bishop and knight in move notation, in this order: five letters
   * without spaces, or, when a piece takes more than one letter, the five
   * separated by spaces (German: KDTLS, French: RDTFC, Spanish: RDTAC,
   * Russian: Кр Ф Л С К) */
  const char *letters = C_("piece letters", "KQRBN");
  g_auto (GStrv) words = g_strsplit (letters, " ", -1);
  guint index = 0;

  while (index < G_N_ELEMENTS (order) && order[index] != kind)
    index++;
  if (index == G_N_ELEMENTS (order))
    g_string_append_c (out, cp_piece_kind_letter (kind));
  else if (g_strv_length (words) == G_N_ELEMENTS (order) && words[index][0] != '\0')
    g_string_append (out, words[index]);
  else if (g_strv_length (words) == 1 && g_utf8_strlen (letters, -1) == G_N_ELEMENTS (order))
    {
      const char *p = g_utf8_offset_to_pointer (letters, index);

      g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  else
    g_string_append_c (out, "KQRBN"[index]);
}

static void
append_piece (GString *out, CpPieceKind kind, guint seat, CpNotation notation)
{
  if (kind == CP_PIECE_PAWN || kind == CP_PIECE_NONE)
    return;
  if (notation == CP_NOTATION_FIGURINE && figurines[seat != 0][kind] != NULL)
    g_string_append (out, figurines[seat != 0][kind]);
  else if (notation == CP_NOTATION_SAN_LOCAL || notation == CP_NOTATION_LAN_LOCAL)
    cp_chess_append_local_letter (out, kind);
  else
    g_string_append_c (out, cp_piece_kind_letter (kind));
}

/**
 * cp_chess_append_piece:
 *
 * Appends the letter or figurine of @kind in @notation, nothing for a
 * pawn: for games that write moves of their own.
 */
void
cp_chess_append_piece (GString *out, CpPieceKind kind, guint seat, CpNotation notation)
{
  append_piece (out, kind, seat, notation);
}

static void
append_cell (GString *out, CpBoard *board, guint cell)
{
  g_autofree char *name = cp_board_cell_name (board, cell);

  g_string_append (out, name);
}

/* Whether @seat, in play in @st, has no legal move there: mated when in
 * check, in a game where a player goes out when their turn comes so. */
static gboolean
without_move (const CpChessState *st, guint seat)
{
  g_auto (CpActionList) moves = { 0 };

  if (st->base.out & (1u << seat))
    return FALSE;
  cp_chess_legal (st, seat, &moves);
  return moves.len == 0;
}

/* In a game of several, where players go out when their turn comes and
 * they cannot move: "#" when the move's check leaves a player without a
 * move, whether they go out at once or when their turn comes after
 * others have moved; "+" when it leaves a player in check who can
 * answer.  As in chess, the mark speaks of the position the move
 * leaves. */
static const char *
elimination_suffix (const CpChessState *before, const CpChessState *after)
{
  gboolean check = FALSE;

  for (guint seat = 0; seat < after->base.n_seats; seat++)
    {
      gboolean in_check, was_in_check;

      if (before->base.out & (1u << seat))
        continue;
      in_check = cp_chess_in_check (after, seat);
      was_in_check = cp_chess_in_check (before, seat);
      if (!in_check || was_in_check)
        continue;
      if ((after->base.out & (1u << seat)) || without_move (after, seat))
        return "#";
      check = TRUE;
    }
  return check ? "+" : "";
}

/* "+" for check, "#" for checkmate, after the move. */
static const char *
check_suffix (const CpChessState *st, const CpAction *action)
{
  g_autoptr (CpState) after = cp_state_copy (&st->base);
  CpChessState *a = CP_CHESS_STATE (after);
  guint next;

  cp_chess_make (a, action, NULL);
  if (a->features & CP_CHESS_ELIMINATION)
    return elimination_suffix (st, a);
  next = a->base.to_move;
  if (!(a->features & CP_CHESS_CHECK) || !cp_chess_in_check (a, next))
    return "";
  return cp_chess_has_legal (a, next) ? "+" : "#";
}

/**
 * cp_chess_append_disambiguation:
 * @moves: the moves of the seat to move, as they may be made now
 * @file_given: whether the file is written already (a pawn's capture)
 *
 * Appends what tells @action apart from the other moves of the same kind
 * of piece to the same cell: nothing, the file, the rank, or both.
 */
void
cp_chess_append_disambiguation (GString *out, const CpChessState *st, const CpActionList *moves,
                                const CpAction *action, gboolean file_given)
{
  CpBoard *board = st->base.board;
  guint from = action->cells[0], kind = st->base.cells[from].kind;
  gboolean others = FALSE, same_file = FALSE, same_rank = FALSE;
  g_autofree char *name = cp_board_cell_name (board, from);

  for (guint i = 0; i < moves->len; i++)
    {
      const CpAction *m = &moves->items[i];

      if (m->cells[0] == from || m->cells[1] != action->cells[1]
          || st->base.cells[m->cells[0]].kind != kind || (m->flags & CP_ACTION_FLAG_CASTLE)
          || (file_given && cp_board_cell_x (board, m->cells[0]) != cp_board_cell_x (board, from)))
        continue;
      others = TRUE;
      same_file |= cp_board_cell_x (board, m->cells[0]) == cp_board_cell_x (board, from);
      same_rank |= cp_board_cell_y (board, m->cells[0]) == cp_board_cell_y (board, from);
    }
  if (!others)
    return;
  if (file_given)
    g_string_append (out, name + 1);
  else if (!same_file)
    g_string_append_c (out, name[0]);
  else if (!same_rank)
    g_string_append (out, name + 1);
  else
    g_string_append (out, name);
}

/**
 * cp_chess_format:
 * @st: the position before the move
 * @action: a legal move
 *
 * Returns: (transfer full): the move written in @notation
 */
char *
cp_chess_format (const CpChessState *st, const CpAction *action, CpNotation notation)
{
  CpBoard *board = st->base.board;
  GString *out = g_string_new (NULL);
  guint from = action->cells[0], to = action->cells[1];
  const CpPiece *piece = &st->base.cells[from];
  gboolean capture = (action->flags & CP_ACTION_FLAG_CAPTURE) != 0;

  if (action->type != CP_ACTION_MOVE)
    {
      g_string_free (out, TRUE);
      return g_strdup (cp_action_type_to_id (action->type));
    }

  if (notation == CP_NOTATION_COMPUTER)
    {
      guint target = to;

      /* Orthodox castling is written as the king's own move; a king that
       * may start on any file takes its own rook, and so does one that
       * castles to the cell beside it (set up so in FEN), which would read
       * as a step. */
      if ((action->flags & CP_ACTION_FLAG_CASTLE) && !(st->features & CP_CHESS_CASTLE_ONTO_ROOK))
        {
          guint landing = cp_chess_landing (st, action);
          int step = (int) cp_board_cell_x (board, landing) - (int) cp_board_cell_x (board, from);

          if (step >= 2 || step <= -2)
            target = landing;
        }
      append_cell (out, board, from);
      append_cell (out, board, target);
      if (action->piece != CP_PIECE_NONE)
        g_string_append_c (out, g_ascii_tolower (cp_piece_kind_letter (action->piece)));
      return g_string_free (out, FALSE);
    }

  if (action->flags & CP_ACTION_FLAG_CASTLE)
    g_string_append (out, cp_chess_castle_side (st, action) == CP_CASTLE_KING_SIDE ? "O-O" : "O-O-O");
  else if (notation == CP_NOTATION_LAN || notation == CP_NOTATION_LAN_LOCAL)
    {
      append_piece (out, piece->kind, st->army[action->seat], notation);
      append_cell (out, board, from);
      g_string_append_c (out, capture ? 'x' : '-');
      append_cell (out, board, to);
    }
  else
    {
      g_auto (CpActionList) moves = { 0 };

      cp_chess_legal (st, action->seat, &moves);
      append_piece (out, piece->kind, st->army[action->seat], notation);
      if (piece->kind == CP_PIECE_PAWN)
        {
          if (capture)
            {
              g_autofree char *name = cp_board_cell_name (board, from);

              g_string_append_c (out, name[0]);
            }
          /* Pawns that move along ranks and files may share a target. */
          cp_chess_append_disambiguation (out, st, &moves, action, capture);
        }
      else
        cp_chess_append_disambiguation (out, st, &moves, action, FALSE);
      if (capture)
        g_string_append_c (out, 'x');
      append_cell (out, board, to);
    }

  if (action->piece != CP_PIECE_NONE)
    {
      g_string_append_c (out, '=');
      append_piece (out, action->piece, st->army[action->seat], notation);
    }
  g_string_append (out, check_suffix (st, action));
  return g_string_free (out, FALSE);
}

static gboolean
bad_move (GError **error, const char *text, const char *reason)
{
  g_set_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION, _("“%s” cannot be played: %s"), text, reason);
  return FALSE;
}

static gboolean
parse_castling (const CpChessState *st, const char *move, const char *text,
                const CpActionList *moves, CpAction *action, GError **error)
{
  CpCastleSide side;

  if (g_ascii_strcasecmp (move, "O-O") == 0 || g_str_equal (move, "0-0"))
    side = CP_CASTLE_KING_SIDE;
  else if (g_ascii_strcasecmp (move, "O-O-O") == 0 || g_str_equal (move, "0-0-0"))
    side = CP_CASTLE_QUEEN_SIDE;
  else
    return FALSE;

  for (guint i = 0; i < moves->len; i++)
    if ((moves->items[i].flags & CP_ACTION_FLAG_CASTLE)
        && cp_chess_castle_side (st, &moves->items[i]) == side)
      {
        *action = moves->items[i];
        return TRUE;
      }
  return bad_move (error, text, _("castling is not allowed now"));
}

/* Reads coordinates: "g1f3", "g1-f3", "Ng1-f3", "e4xd5", "e7e8q",
 * "e7-e8=Q".  Returns FALSE, without an error, when @move is not of that
 * form. */
static gboolean
parse_coordinates (const CpChessState *st, const char *move, const char *text,
                   const CpActionList *moves, CpAction *action, gboolean *matched, GError **error)
{
  CpBoard *board = st->base.board;
  const char *p = move;
  CpPieceKind kind = CP_PIECE_NONE, promotion = CP_PIECE_NONE;
  guint from, to, n;

  *matched = FALSE;
  if (strchr ("KQRBN", *p))
    cp_piece_kind_from_letter (*p++, &kind);
  if ((n = cp_board_parse_cell_prefix (board, p, &from)) == 0)
    return FALSE;
  p += n;
  if (*p == '-' || *p == 'x' || *p == ':')
    p++;
  if ((n = cp_board_parse_cell_prefix (board, p, &to)) == 0)
    return FALSE;
  p += n;
  if (*p == '=')
    p++;
  if (*p && strchr ("QRBNqrbn", *p) && p[1] == '\0')
    cp_piece_kind_from_letter (*p++, &promotion);
  if (*p != '\0')
    return FALSE;

  *matched = TRUE;
  if (kind != CP_PIECE_NONE && st->base.cells[from].kind != kind)
    return bad_move (error, text, _("that piece is not on the cell named"));
  /* A castling king may be moved onto its rook or to its cell; a move
   * that goes to the cell named comes first, so that a king's step beside
   * it stays a step. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < moves->len; i++)
      {
        const CpAction *m = &moves->items[i];

        if (m->cells[0] != from || m->piece != promotion)
          continue;
        if (pass == 0 ? m->cells[1] == to : cp_chess_landing (st, m) == to && from != to)
          {
            *action = *m;
            return TRUE;
          }
      }
  for (guint i = 0; i < moves->len; i++)
    if (moves->items[i].cells[0] == from && moves->items[i].cells[1] == to)
      return bad_move (error, text, promotion ? _("a pawn cannot become that piece")
                                              : _("say which piece the pawn becomes"));
  return bad_move (error, text, _("it is not a legal move in this position"));
}

static gboolean
parse_san (const CpChessState *st, const char *move, const char *text,
           const CpActionList *moves, CpAction *action, GError **error)
{
  CpBoard *board = st->base.board;
  g_autofree char *body = g_strdup (move);
  CpPieceKind kind = CP_PIECE_PAWN, promotion = CP_PIECE_NONE;
  char *p = body, *eq;
  gsize len;
  guint to = CP_NO_CELL, n, matches = 0;
  int file = -1, rank = -1;

  if (strchr ("KQRBN", *p))
    cp_piece_kind_from_letter (*p++, &kind);

  /* The promotion at the end: "e8=Q", "e8Q" or "e8(Q)". */
  len = strlen (p);
  if ((eq = strchr (p, '=')) != NULL || (eq = strchr (p, '(')) != NULL)
    {
      if (!cp_piece_kind_from_letter (eq[1], &promotion) || promotion == CP_PIECE_KING
          || promotion == CP_PIECE_PAWN || promotion > CP_PIECE_QUEEN)
        return bad_move (error, text, _("a pawn cannot become that piece"));
      *eq = '\0';
    }
  else if (len > 2 && kind == CP_PIECE_PAWN && strchr ("QRBN", p[len - 1]))
    {
      cp_piece_kind_from_letter (p[len - 1], &promotion);
      p[len - 1] = '\0';
    }

  /* The destination is the last cell named; what comes before it tells the
   * piece's file or rank. */
  len = strlen (p);
  for (gsize i = 0; i < len && to == CP_NO_CELL; i++)
    if ((n = cp_board_parse_cell_prefix (board, p + i, &to)) != 0 && p[i + n] == '\0')
      p[i] = '\0';
    else
      to = CP_NO_CELL;
  if (to == CP_NO_CELL)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, _("“%s” is not a move"), text);
      return FALSE;
    }
  for (char *q = p; *q; q++)
    {
      if (*q == 'x' || *q == ':' || *q == '-')
        continue;
      if (g_ascii_isdigit (*q))
        rank = (int) g_ascii_strtoll (q, &q, 10) - 1, q--;
      else if (g_ascii_islower (*q))
        file = *q - 'a';
      else
        {
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, _("“%s” is not a move"), text);
          return FALSE;
        }
    }

  for (guint i = 0; i < moves->len; i++)
    {
      const CpAction *m = &moves->items[i];
      guint from = m->cells[0];

      if ((m->flags & CP_ACTION_FLAG_CASTLE) || m->cells[1] != to
          || st->base.cells[from].kind != kind || m->piece != promotion
          || (file >= 0 && (int) cp_board_cell_x (board, from) != file)
          || (rank >= 0 && (int) cp_board_cell_y (board, from) != rank))
        continue;
      if (matches++ == 0)
        *action = *m;
    }
  if (matches == 1)
    return TRUE;
  if (matches > 1)
    return bad_move (error, text, _("more than one piece can make that move; say which"));
  if (kind == CP_PIECE_PAWN && promotion == CP_PIECE_NONE)
    for (guint i = 0; i < moves->len; i++)
      if (moves->items[i].cells[1] == to && moves->items[i].piece != CP_PIECE_NONE
          && st->base.cells[moves->items[i].cells[0]].kind == CP_PIECE_PAWN)
        return bad_move (error, text, _("say which piece the pawn becomes"));
  return bad_move (error, text, _("it is not a legal move in this position"));
}

/* @text with each figurine replaced by the letter of its piece. */
static char *
letters_for_figurines (const char *text)
{
  GString *out = g_string_new (text);

  for (guint colour = 0; colour < 2; colour++)
    for (guint kind = 0; kind < CP_N_PIECE_KINDS; kind++)
      if (figurines[colour][kind] != NULL)
        {
          const char letter[2] = { cp_piece_kind_letter ((CpPieceKind) kind), '\0' };

          g_string_replace (out, figurines[colour][kind], letter, 0);
        }
  return g_string_free (out, FALSE);
}

/**
 * cp_chess_strip_marks:
 *
 * Returns: (transfer full): @text without spaces around it and without
 *   the marks of check and comment at its end, which say nothing of the
 *   move
 */
char *
cp_chess_strip_marks (const char *text)
{
  char *plain = g_strstrip (g_strdup (text));
  gsize len = strlen (plain);

  while (len > 0 && strchr ("+#!?", plain[len - 1]))
    plain[--len] = '\0';
  return plain;
}

/**
 * cp_chess_parse:
 * @text: a move in SAN, long algebraic or coordinate notation
 * @action: (out): the move, for the seat to move
 *
 * Reads a move and checks that it is legal.
 */
gboolean
cp_chess_parse (const CpChessState *st, const char *text, CpAction *action, GError **error)
{
  g_autofree char *letters = letters_for_figurines (text);
  g_autofree char *move = cp_chess_strip_marks (letters);
  g_auto (CpActionList) moves = { 0 };
  gsize len = strlen (move);
  gboolean matched;

  if (len == 0)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, _("No move was given"));
      return FALSE;
    }

  cp_chess_legal (st, st->base.to_move, &moves);
  if (move[0] == 'O' || move[0] == 'o' || move[0] == '0')
    {
      GError *castle_error = NULL;

      if (parse_castling (st, move, text, &moves, action, &castle_error))
        return TRUE;
      if (castle_error != NULL)
        {
          g_propagate_error (error, castle_error);
          return FALSE;
        }
    }
  if (parse_coordinates (st, move, text, &moves, action, &matched, error))
    return TRUE;
  if (matched)
    return FALSE;
  return parse_san (st, move, text, &moves, action, error);
}
