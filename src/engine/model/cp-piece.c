/* cp-piece.c: names and letters of piece kinds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cp-piece.h"

static const struct {
  const char *id;
  const char *context; /* for names that stand for different pieces */
  const char *name;
  char letter;
} kinds[CP_N_PIECE_KINDS] = {
  [CP_PIECE_NONE] = { "none", NULL, N_("empty"), ' ' },
  [CP_PIECE_PAWN] = { "pawn", NULL, N_("pawn"), 'P' },
  [CP_PIECE_KNIGHT] = { "knight", NULL, N_("knight"), 'N' },
  [CP_PIECE_BISHOP] = { "bishop", NULL, N_("bishop"), 'B' },
  [CP_PIECE_ROOK] = { "rook", NULL, N_("rook"), 'R' },
  [CP_PIECE_QUEEN] = { "queen", NULL, N_("queen"), 'Q' },
  [CP_PIECE_KING] = { "king", NULL, N_("king"), 'K' },
  [CP_PIECE_MAN] = { "man", NULL, N_("man"), 'M' },
  [CP_PIECE_CHIVALRY_KNIGHT] = { "chivalry-knight", "chivalry piece", NC_("chivalry piece", "knight"), 'H' },
  [CP_PIECE_CHECKER] = { "checker", NULL, N_("checker"), 'C' },
};

const char *
cp_piece_kind_to_id (CpPieceKind kind)
{
  return kind < CP_N_PIECE_KINDS ? kinds[kind].id : NULL;
}

gboolean
cp_piece_kind_from_id (const char *id, CpPieceKind *kind)
{
  for (guint i = 1; i < CP_N_PIECE_KINDS; i++)
    if (g_strcmp0 (kinds[i].id, id) == 0)
      {
        *kind = (CpPieceKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
cp_piece_kind_name (CpPieceKind kind)
{
  if (kind >= CP_N_PIECE_KINDS)
    return NULL;
  return kinds[kind].context ? g_dpgettext2 (GETTEXT_PACKAGE, kinds[kind].context, kinds[kind].name)
                             : _(kinds[kind].name);
}

/* The English letter of a kind, as in FEN (upper case). */
char
cp_piece_kind_letter (CpPieceKind kind)
{
  return kind < CP_N_PIECE_KINDS ? kinds[kind].letter : '?';
}

gboolean
cp_piece_kind_from_letter (char letter, CpPieceKind *kind)
{
  letter = g_ascii_toupper (letter);
  for (guint i = 1; i < CP_N_PIECE_KINDS; i++)
    if (kinds[i].letter == letter)
      {
        *kind = (CpPieceKind) i;
        return TRUE;
      }
  return FALSE;
}

/**
 * cp_piece_kind_value:
 *
 * A rough worth of a piece of @kind, in hundredths of a pawn, for computer
 * players that know nothing better: a pawn or a man is 100, a king 0
 * (games that can lose it say so in their evaluation).
 */
int
cp_piece_kind_value (CpPieceKind kind)
{
  static const int values[CP_N_PIECE_KINDS] = {
    [CP_PIECE_PAWN] = 100,
    [CP_PIECE_KNIGHT] = 320,
    [CP_PIECE_BISHOP] = 330,
    [CP_PIECE_ROOK] = 500,
    [CP_PIECE_QUEEN] = 900,
    [CP_PIECE_MAN] = 100,
    [CP_PIECE_CHIVALRY_KNIGHT] = 200,
    [CP_PIECE_CHECKER] = 50,
  };

  return kind < CP_N_PIECE_KINDS ? values[kind] : 0;
}
