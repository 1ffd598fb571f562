/* cp-half-alice-rules.c: Half Alice Chess
 *
 * Alice Chess on one board: a piece on a checker of its owner's colour is
 * beyond the mirror (CP_PIECE_FLAG_MIRROR), the others are before it.  A
 * move must be legal in orthodox chess among the pieces on the mover's
 * side (the others neither block nor can be taken, and no piece lands on
 * a cell one of them stands on: CP_CHESS_MIRROR); then the piece passes
 * through the mirror, and the mover's king must not be in check on its
 * side afterwards.
 *
 * Castling, en passant and promotion follow from that: king and rook
 * castle on their side and both pass through the mirror; a pawn takes en
 * passant a pawn that stands on its side after the double step (the
 * passed cell must be free); a pawn promotes on its side and the new piece
 * passes through.  With the option of 12 checkers each, a piece may go
 * beyond the mirror only while its owner has a checker free (castling
 * needs two).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cp-chess-rules.h"
#include "cp-error.h"
#include "cp-games.h"

typedef struct {
  CpChessState chess;
  guint8 limit;   /* the checkers of each seat */
} HalfAliceState;

#define HALF_ALICE_STATE(s) ((HalfAliceState *) (s))

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

static const char *const checker_choices[] = { "all", "12", NULL };
static const char *const checker_labels[] = { N_("One for every piece"), N_("Twelve each"), NULL };
static const char *const checker_details[] = {
  N_("Every piece can go beyond the mirror, as in the original Alice Chess"),
  N_("A piece goes beyond the mirror only while its owner has one of twelve checkers free"),
  NULL,
};

static const CpOptionSpec options[] = {
  { .id = "fen", .label = N_("Start position (FEN)"), .type = CP_OPTION_TEXT, .default_value = "" },
  { .id = "checkers", .label = N_("Checkers"), .type = CP_OPTION_CHOICE, .default_value = "all",
    .choices = checker_choices, .choice_labels = checker_labels, .choice_details = checker_details },
};

/* How many of @seat's pieces stand beyond the mirror, each on a checker. */
static guint
checkers_used (const CpState *state, guint seat)
{
  guint n = 0;

  for (guint c = 0; c < 64; c++)
    n += state->cells[c].kind != CP_PIECE_NONE && state->cells[c].seat == seat
         && (state->cells[c].flags & CP_PIECE_FLAG_MIRROR);
  return n;
}

/* The seventh field of the position text: the checkers each player has
 * in all, beyond the mirror or beside the board: 16 (one for every piece)
 * or 12. */
static gboolean
read_limit (HalfAliceState *st, const char *field, const char *text, GError **error)
{
  guint64 n;

  if (!g_ascii_string_to_unsigned (field, 10, 1, 16, &n, NULL))
    return cp_error_bad_position (error, text, _("the checkers each player has are not a number from 1 to 16"));
  st->limit = (guint8) n;
  return TRUE;
}

static gboolean
half_alice_init (CpState *state, GHashTable *opts, GError **error)
{
  HalfAliceState *st = HALF_ALICE_STATE (state);
  const char *checkers = g_hash_table_lookup (opts, "checkers");
  const char *text = g_hash_table_lookup (opts, CP_POSITION_OPTION);
  g_auto (GStrv) extra = NULL;
  g_autofree char *fen = NULL;

  st->limit = g_strcmp0 (checkers, "12") == 0 ? 12 : 16;
  if (text == NULL || text[0] == '\0')
    {
      if (!cp_chess_rules_setup (state, opts, CP_CHESS_ORTHODOX | CP_CHESS_MIRROR, error))
        return FALSE;
    }
  else
    {
      fen = cp_fen_split (text, &extra);
      if (g_strv_length (extra) > 1)
        return cp_error_bad_position (error, text, _("it has too many fields"));
      cp_chess_state_init_standard (&st->chess, cp_chess_standard_board ());
      st->chess.features = CP_CHESS_ORTHODOX | CP_CHESS_MIRROR;
      if (!cp_fen_read (&st->chess, fen, error))
        return FALSE;
      if (extra[0] != NULL && !read_limit (st, extra[0], text, error))
        return FALSE;
    }
  for (guint c = 0; c < 64; c++)
    if (state->cells[c].kind != CP_PIECE_NONE && state->cells[c].checkers > 1)
      {
        g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                     _("A piece of Half Alice Chess stands on one checker at most"));
        return FALSE;
      }
  for (guint seat = 0; seat < 2; seat++)
    if (checkers_used (state, seat) > st->limit)
      {
        g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                     _("The position has more pieces on checkers than there are checkers"));
        return FALSE;
      }
  return TRUE;
}

/* The position: FEN with "*" after each piece beyond the mirror, then
 * the checkers each player has (read_limit()). */
static char *
half_alice_write_position (const CpState *state)
{
  g_autofree char *fen = cp_fen_write (CP_CHESS_STATE (state), CP_FEN_STANDARD);

  return g_strdup_printf ("%s %u", fen, HALF_ALICE_STATE (state)->limit);
}

/* Moves the piece on @cell to the other side of the mirror. */
static void
pass_through (HalfAliceState *st, guint cell)
{
  CpPiece p = st->chess.base.cells[cell];

  p.flags ^= CP_PIECE_FLAG_MIRROR;
  p.checkers = (p.flags & CP_PIECE_FLAG_MIRROR) ? 1 : 0;
  p.checker_colour = p.seat == 0 ? CP_COLOUR_WHITE : CP_COLOUR_BLACK;
  cp_chess_put (&st->chess, cell, &p);
}

static void
half_alice_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  HalfAliceState *st = HALF_ALICE_STATE (state);
  guint landing;

  if (action->type != CP_ACTION_MOVE)
    {
      cp_chess_make (&st->chess, action, undo);
      return;
    }
  landing = cp_chess_landing (&st->chess, action);
  if (landing == CP_NO_CELL)
    landing = action->cells[1];
  if (action->flags & CP_ACTION_FLAG_CASTLE)
    {
      guint rook_to = st->chess.castle[st->chess.army[action->seat]][cp_chess_castle_side (&st->chess, action)].rook_to;

      cp_chess_make (&st->chess, action, undo);
      pass_through (st, rook_to);
    }
  else
    cp_chess_make (&st->chess, action, undo);
  pass_through (st, landing);
  st->chess.history[state->ply % CP_CHESS_HISTORY] = st->chess.hash;
}

static void
half_alice_unmake (CpState *state, const CpAction *action, const CpUndo *undo)
{
  cp_chess_unmake (CP_CHESS_STATE (state), action, undo);
}

/* How many checkers @move takes from its owner's supply. */
static guint
checkers_needed (const CpState *state, const CpAction *move)
{
  guint n = !(state->cells[move->cells[0]].flags & CP_PIECE_FLAG_MIRROR);

  if (move->flags & CP_ACTION_FLAG_CASTLE)
    n += !(state->cells[move->cells[1]].flags & CP_PIECE_FLAG_MIRROR);
  return n;
}

/* What the king's safety after a move depends on, found once for all
 * the moves of a turn: whether it is in check now, and the cells on the
 * lines out from it, whatever stands on them. */
typedef struct {
  guint king;
  gboolean checked;
  CpCellSet lines;
} KingWatch;

static void
watch_king (const HalfAliceState *st, guint seat, KingWatch *watch)
{
  CpBoard *board = st->chess.base.board;

  memset (watch, 0, sizeof *watch);
  watch->king = st->chess.king[seat];
  if (watch->king == CP_NO_CELL)
    return;
  watch->checked = cp_chess_in_check (&st->chess, seat);
  for (guint d = 0; d < CP_N_DIRS; d++)
    for (guint c = cp_board_step (board, watch->king, (CpDir) d); c != CP_NO_CELL; c = cp_board_step (board, c, (CpDir) d))
      cp_cell_set_add (&watch->lines, c);
}

/* Whether @seat's king is safe once @move, legal on its side of the
 * mirror, has taken its piece through: a king that moved must not land
 * attacked on the far side; a piece that leaves the king's side must not
 * uncover it (the cell it took on is empty now too); a piece that
 * arrives on the king's side can only shield it.  A king not in check is
 * safe after a piece arrives on its side, and after one leaves it off
 * the lines out from the king.  Castling and en passant, which change
 * more cells, are tried on @trial. */
static gboolean
safe_after (const HalfAliceState *st, HalfAliceState *trial, guint seat, const KingWatch *watch,
            const CpAction *move)
{
  const CpChessState *chess = &st->chess;
  guint from = move->cells[0], to = move->cells[1], king = watch->king;
  guint side = chess->base.cells[from].flags & CP_PIECE_FLAG_MIRROR;
  guint king_side;
  CpUndo undo;
  gboolean safe;

  if (move->flags & (CP_ACTION_FLAG_CASTLE | CP_ACTION_FLAG_EN_PASSANT))
    {
      half_alice_make (&trial->chess.base, move, &undo);
      safe = !cp_chess_in_check (&trial->chess, seat);
      half_alice_unmake (&trial->chess.base, move, &undo);
      return safe;
    }
  if (from == king)
    return !cp_chess_attacked_on (chess, to, seat, side ^ CP_PIECE_FLAG_MIRROR, from, CP_NO_CELL, CP_NO_CELL);
  if (king == CP_NO_CELL)
    return TRUE;
  king_side = chess->base.cells[king].flags & CP_PIECE_FLAG_MIRROR;
  if (king_side == side)
    return (!watch->checked && !cp_cell_set_contains (&watch->lines, from) && !cp_cell_set_contains (&watch->lines, to))
           || !cp_chess_attacked_on (chess, king, seat, side, from, to, CP_NO_CELL);
  return !watch->checked || !cp_chess_attacked_on (chess, king, seat, king_side, CP_NO_CELL, CP_NO_CELL, to);
}

static void
half_alice_legal (const CpState *state, guint seat, CpActionList *out)
{
  const HalfAliceState *st = HALF_ALICE_STATE (state);
  g_autofree HalfAliceState *trial = NULL;
  guint first = out->len, kept = out->len, free;
  KingWatch watch;

  if (seat != state->to_move || state->outcome.status != CP_STATUS_PLAYING)
    return;
  free = st->limit - MIN (st->limit, checkers_used (state, seat));
  cp_chess_legal (&st->chess, seat, out);
  watch_king (st, seat, &watch);
  for (guint i = first; i < out->len; i++)
    {
      const CpAction *move = &out->items[i];

      if (checkers_needed (state, move) > free)
        continue;
      if ((move->flags & (CP_ACTION_FLAG_CASTLE | CP_ACTION_FLAG_EN_PASSANT)) && trial == NULL)
        trial = g_memdup2 (st, sizeof *st);
      if (safe_after (st, trial, seat, &watch, move))
        out->items[kept++] = *move;
    }
  out->len = kept;
}

static gboolean
only_kings (const CpState *state)
{
  for (guint c = 0; c < 64; c++)
    if (state->cells[c].kind != CP_PIECE_NONE && state->cells[c].kind != CP_PIECE_KING)
      return FALSE;
  return TRUE;
}

static void
half_alice_outcome (const CpState *state, CpOutcome *outcome)
{
  const HalfAliceState *st = HALF_ALICE_STATE (state);
  g_auto (CpActionList) legal = { 0 };
  guint seat = state->to_move;

  *outcome = state->outcome;
  if (outcome->status != CP_STATUS_PLAYING)
    return;
  half_alice_legal (state, seat, &legal);
  if (legal.len == 0)
    {
      if (cp_chess_in_check (&st->chess, seat))
        *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_CHECKMATE, CP_SEAT_BIT (1 - seat) };
      else
        *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_STALEMATE, 0 };
    }
  else if (only_kings (state))
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_INSUFFICIENT_MATERIAL, 0 };
  else
    cp_chess_draw_by_counting (&st->chess, outcome);
}

/* A move in chess notation, without a mark of check: the orthodox marks
 * know nothing of the mirror. */
static char *
plain_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  g_autofree char *text = cp_chess_format (CP_CHESS_STATE (state), action, notation);

  return g_strdup (g_strchomp (g_strdelimit (text, "+#", ' ')));
}

static char *
half_alice_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  g_autofree char *text = plain_format (state, action, notation);
  g_autoptr (CpState) after = NULL;
  CpOutcome outcome;

  if (action->type != CP_ACTION_MOVE)
    return g_steal_pointer (&text);
  after = cp_state_copy (state);
  half_alice_make (after, action, NULL);
  if (!cp_chess_in_check (CP_CHESS_STATE (after), after->to_move))
    return g_steal_pointer (&text);
  half_alice_outcome (after, &outcome);
  return g_strconcat (text, outcome.reason == CP_END_CHECKMATE ? "#" : "+", NULL);
}

static gboolean
half_alice_parse (const CpState *state, const char *text, CpAction *action, GError **error)
{
  return cp_chess_rules_parse_with (state, text, plain_format, action, error);
}

static void
half_alice_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  const HalfAliceState *st = HALF_ALICE_STATE (state);
  static const CpPiece beyond = { .kind = CP_PIECE_ROOK, .seat = 0, .flags = CP_PIECE_FLAG_MIRROR,
                                  .checkers = 1, .checker_colour = CP_COLOUR_WHITE };
  static const CpPiece on_checker = { .kind = CP_PIECE_PAWN, .seat = 1, .flags = CP_PIECE_FLAG_MIRROR,
                                      .checkers = 1, .checker_colour = CP_COLOUR_BLACK };

  cp_presentation_add_legend (out, CP_MARK_MIRROR,
                              _("A faded piece with a looking glass stands beyond the mirror. Pieces on "
                                "different sides neither block nor take each other."))->piece = beyond;
  cp_presentation_add_legend (out, CP_MARK_CHECKERS,
                              _("A checker of its own colour under a piece also shows it beyond the mirror. "
                                "Every move takes its piece through the mirror, onto a checker or off it."))->piece
    = on_checker;
  cp_presentation_set_prompt (out, cp_chess_rules_prompt (state, viewer));
  if (st->limit >= 16)
    return;
  for (guint seat = 0; seat < 2; seat++)
    {
      guint free = st->limit - MIN (st->limit, checkers_used (state, seat));

      cp_presentation_add_side (out, CP_SIDE_TEXT, seat)->text = g_strdup_printf ("● %u", free);
      out->side_description[seat] = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u checker free",
                                                                  "%u checkers free", free), free);
    }
}

const CpRules cp_half_alice_rules = {
  .id = "half-alice",
  .name = N_("Half Alice Chess"),
  .summary = N_("Every piece that moves passes through a mirror: checkers mark the far side"),
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_DRAWS,
  .options = options,
  .n_options = G_N_ELEMENTS (options),
  .colours = colours,
  .state_size = sizeof (HalfAliceState),
  .init = half_alice_init,
  .pending = cp_chess_rules_pending,
  .legal = half_alice_legal,
  .make = half_alice_make,
  .unmake = half_alice_unmake,
  .outcome = half_alice_outcome,
  .claimable = cp_chess_rules_claimable,
  .format = half_alice_format,
  .parse = half_alice_parse,
  .landing = cp_chess_rules_landing,
  .check_cell = cp_chess_rules_check_cell,
  .present = half_alice_present,
  .hash = cp_chess_rules_hash,
  .write_position = half_alice_write_position,
  .evaluate = cp_chess_rules_evaluate,
  .null_move = cp_chess_rules_null_move,
};
