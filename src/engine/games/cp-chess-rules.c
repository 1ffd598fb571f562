/* cp-chess-rules.c: orthodox chess
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cp-chess-rules.h"
#include "cp-error.h"
#include "cp-games.h"

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

const CpOptionSpec cp_chess_fen_options[1] = {
  { .id = "fen", .label = N_("Start position (FEN)"), .type = CP_OPTION_TEXT, .default_value = "" },
};

static const CpPieceKind back_rank[8] = {
  CP_PIECE_ROOK, CP_PIECE_KNIGHT, CP_PIECE_BISHOP, CP_PIECE_QUEEN,
  CP_PIECE_KING, CP_PIECE_BISHOP, CP_PIECE_KNIGHT, CP_PIECE_ROOK,
};

/**
 * cp_chess_rules_setup:
 * @opts: the game's options; its "fen", if any and not empty, is the start
 * @features: the CpChessFeatures of the game
 *
 * Sets up a game on the orthodox board: from the option "fen", or the
 * standard start with its castling rights.
 */
gboolean
cp_chess_rules_setup (CpState *state, GHashTable *opts, guint features, GError **error)
{
  CpChessState *st = CP_CHESS_STATE (state);
  const char *fen = g_hash_table_lookup (opts, "fen");

  cp_chess_state_init_standard (st, cp_chess_standard_board ());
  st->features = (guint16) features;
  if (fen != NULL && fen[0] != '\0')
    return cp_fen_read (st, fen, error);

  cp_chess_state_place_back_rank (st, back_rank);
  for (guint seat = 0; seat < 2; seat++)
    for (guint x = 0; x < 8; x += 7)
      cp_chess_state_add_castle_right (st, seat, seat * 56 + x);
  cp_chess_state_finish_setup (st);
  return TRUE;
}

static gboolean
chess_init (CpState *state, GHashTable *opts, GError **error)
{
  return cp_chess_rules_setup (state, opts, CP_CHESS_ORTHODOX, error);
}

CpSeatMask
cp_chess_rules_pending (const CpState *state)
{
  return CP_SEAT_BIT (state->to_move);
}

void
cp_chess_rules_legal (const CpState *state, guint seat, CpActionList *out)
{
  cp_chess_legal (CP_CHESS_STATE (state), seat, out);
}

void
cp_chess_rules_tactical (const CpState *state, guint seat, CpActionList *out)
{
  cp_chess_legal_tactical (CP_CHESS_STATE (state), seat, out);
}

int
cp_chess_rules_exchange (const CpState *state, const CpAction *action)
{
  return cp_chess_exchange (CP_CHESS_STATE (state), action);
}

void
cp_chess_rules_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  cp_chess_make (CP_CHESS_STATE (state), action, undo);
}

void
cp_chess_rules_unmake (CpState *state, const CpAction *action, const CpUndo *undo)
{
  cp_chess_unmake (CP_CHESS_STATE (state), action, undo);
}

void
cp_chess_rules_outcome (const CpState *state, CpOutcome *outcome)
{
  cp_chess_outcome (CP_CHESS_STATE (state), outcome);
}

CpEndReason
cp_chess_rules_claimable (const CpState *state)
{
  return cp_chess_claimable (CP_CHESS_STATE (state));
}

char *
cp_chess_rules_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  return cp_chess_format (CP_CHESS_STATE (state), action, notation);
}

guint
cp_chess_rules_landing (const CpState *state, const CpAction *action)
{
  return cp_chess_landing (CP_CHESS_STATE (state), action);
}

guint
cp_chess_rules_check_cell (const CpState *state)
{
  const CpChessState *st = CP_CHESS_STATE (state);

  return cp_chess_in_check (st, state->to_move) ? st->king[state->to_move] : CP_NO_CELL;
}

/* The key the chess state keeps up to date move by move. */
guint64
cp_chess_rules_hash (const CpState *state)
{
  return CP_CHESS_STATE (state)->hash;
}

int
cp_chess_rules_evaluate (const CpState *state, guint seat)
{
  return cp_chess_evaluate (CP_CHESS_STATE (state), seat);
}

/* A pass is safe to try where the side to move has a piece other than
 * pawns and its king: positions where any move spoils it are rare then. */
gboolean
cp_chess_rules_null_move (const CpState *state)
{
  for (guint c = 0; c < 64; c++)
    {
      const CpPiece *p = &state->cells[c];

      if (p->seat == state->to_move && p->kind >= CP_PIECE_KNIGHT && p->kind <= CP_PIECE_QUEEN)
        return TRUE;
    }
  return FALSE;
}

gboolean
cp_chess_rules_parse (const CpState *state, const char *text, CpAction *action, GError **error)
{
  return cp_chess_parse (CP_CHESS_STATE (state), text, action, error);
}

/* Whether one of @legal castles. */
static gboolean
can_castle (const CpActionList *legal)
{
  for (guint i = 0; i < legal->len; i++)
    if (legal->items[i].flags & CP_ACTION_FLAG_CASTLE)
      return TRUE;
  return FALSE;
}

/**
 * cp_chess_rules_prompt:
 * @viewer: the seat the screen shows, or %CP_VIEW_ALL
 *
 * What the player to move does now in a game of chess pieces: end a
 * check, or move; where castling is written as the king taking its own
 * rook, how to castle.
 *
 * Returns: (transfer full) (nullable): the sentence, or %NULL when
 *   @viewer is not to move
 */
char *
cp_chess_rules_prompt (const CpState *state, guint viewer)
{
  const CpChessState *st = CP_CHESS_STATE (state);
  guint seat = state->to_move;
  g_auto (CpActionList) legal = { 0 };

  if ((viewer != seat && viewer != CP_VIEW_ALL) || !(cp_state_pending (state) & CP_SEAT_BIT (seat)))
    return NULL;
  if ((st->features & CP_CHESS_CHECK) && cp_chess_in_check (st, seat))
    return g_strdup (_("Your king is in check: your move must end the check"));
  if (st->features & CP_CHESS_CASTLE_ONTO_ROOK)
    cp_chess_legal (st, seat, &legal);
  if (can_castle (&legal))
    return g_strdup (_("Move a piece; to castle, move your king onto the rook"));
  return g_strdup (_("Move one of your pieces: click it, or drag it to its new square"));
}

void
cp_chess_rules_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  cp_presentation_set_prompt (out, cp_chess_rules_prompt (state, viewer));
}

/**
 * cp_chess_rules_explain:
 *
 * Why one of @seat's own pieces on @cell has no move: the check, or the
 * king it shields, or the pieces around it.
 */
char *
cp_chess_rules_explain (const CpState *state, guint seat, guint cell)
{
  const CpChessState *st = CP_CHESS_STATE (state);
  const CpPiece *piece = &state->cells[cell];
  static const CpPiece none = { .kind = CP_PIECE_NONE };
  g_autoptr (CpState) without = NULL;

  if (piece->kind == CP_PIECE_NONE || piece->seat != st->army[seat] || !(st->features & CP_CHESS_CHECK))
    return NULL;
  if (piece->kind == CP_PIECE_KING)
    return g_strdup (_("Your king has no safe square to go to"));
  if (cp_chess_in_check (st, seat))
    return g_strdup (_("Your king is in check, and that piece cannot end the check"));
  without = cp_state_copy (state);
  cp_chess_put (CP_CHESS_STATE (without), cell, &none);
  if (cp_chess_in_check (CP_CHESS_STATE (without), seat))
    return g_strdup (_("That piece shields your king: moving it would leave the king in check"));
  return g_strdup (_("That piece has no square to go to"));
}

/**
 * cp_chess_rules_parse_with:
 * @format: writes an action as the game does, without marks of check
 *
 * Reads a move of a game whose moves are not all orthodox: the legal
 * action that @format writes as @text in any notation.
 */
gboolean
cp_chess_rules_parse_with (const CpState *state, const char *text, CpChessPlainFormat format,
                           CpAction *action, GError **error)
{
  static const CpNotation notations[] = {
    CP_NOTATION_SAN, CP_NOTATION_LAN, CP_NOTATION_COMPUTER, CP_NOTATION_FIGURINE,
    CP_NOTATION_SAN_LOCAL, CP_NOTATION_LAN_LOCAL,
  };
  g_autofree char *wanted = cp_chess_strip_marks (text);
  g_auto (CpActionList) legal = { 0 };

  if (wanted[0] == '\0')
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, _("No move was given"));
      return FALSE;
    }
  cp_state_legal (state, state->to_move, &legal);
  for (guint n = 0; n < G_N_ELEMENTS (notations); n++)
    for (guint i = 0; i < legal.len; i++)
      {
        g_autofree char *written = format (state, &legal.items[i], notations[n]);
        g_autofree char *plain = cp_chess_strip_marks (written);

        if (g_str_equal (plain, wanted))
          {
            *action = legal.items[i];
            return TRUE;
          }
      }
  g_set_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION, _("“%s” cannot be played: %s"), text,
               _("it is not a legal move in this position"));
  return FALSE;
}

/**
 * cp_chess_rules_write_position:
 *
 * The position in FEN, with X-FEN castling where a rook is not the
 * outermost (the `write_position` hook of games with nothing beyond it).
 */
char *
cp_chess_rules_write_position (const CpState *state)
{
  return cp_fen_write (CP_CHESS_STATE (state), CP_FEN_STANDARD);
}

const CpRules cp_chess_rules = {
  .id = "chess",
  .name = N_("Chess"),
  .summary = N_("Orthodox chess, with every rule of the game enforced"),
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_DRAWS,
  .options = cp_chess_fen_options,
  .n_options = G_N_ELEMENTS (cp_chess_fen_options),
  .colours = colours,
  .state_size = sizeof (CpChessState),
  .init = chess_init,
  .pending = cp_chess_rules_pending,
  .legal = cp_chess_rules_legal,
  .make = cp_chess_rules_make,
  .unmake = cp_chess_rules_unmake,
  .outcome = cp_chess_rules_outcome,
  .claimable = cp_chess_rules_claimable,
  .format = cp_chess_rules_format,
  .parse = cp_chess_rules_parse,
  .landing = cp_chess_rules_landing,
  .check_cell = cp_chess_rules_check_cell,
  .present = cp_chess_rules_present,
  .explain = cp_chess_rules_explain,
  .hash = cp_chess_rules_hash,
  .evaluate = cp_chess_rules_evaluate,
  .null_move = cp_chess_rules_null_move,
  .tactical = cp_chess_rules_tactical,
  .exchange = cp_chess_rules_exchange,
  .write_position = cp_chess_rules_write_position,
};
