/* cp-adrenaline-rules.c: Adrenaline Chess
 *
 * Chess where a turn that takes a piece ends with a checker put under one
 * of the other side's pieces.  A piece with checkers under it moves as
 * usual, carrying them, and may then spend them one at a time on king
 * steps, which may take pieces too; a piece taken hands its checkers to
 * its taker.  There are 24 checkers: a checker spent goes back beside the
 * board, and while all 24 are under pieces no checker is put.
 *
 * A turn goes: the move (any legal chess move); while the piece that
 * moved has checkers, its extra steps one action each, or a pass that
 * stops them; then, if anything was taken and a checker is free, the
 * placing of one checker.  Each action must leave the mover's king safe
 * from every move of the other side, extra steps counted
 * (CP_CHESS_EXTRA_STEPS), the checker put included: an action after which
 * the turn cannot end so (a capture whose checker has no safe place) is
 * not legal.  An extra step never takes en passant, and a pawn that used
 * one cannot be taken en passant.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-bits.h"
#include "cp-chess-rules.h"
#include "cp-error.h"
#include "cp-games.h"

#define CHECKERS 24
#define CHECKER_COLOUR CP_COLOUR_RED

typedef enum {
  STAGE_MOVE,   /* the mover makes a chess move */
  STAGE_STEPS,  /* the piece that moved may take extra steps */
  STAGE_PLACE,  /* the mover puts a checker under a piece of the other side */
} Stage;

typedef struct {
  CpChessState chess;
  guint8 stage;
  guint8 runner;  /* STEPS: the cell of the piece taking extra steps */
  guint8 took;    /* whether this turn has taken a piece */
} AdrenalineState;

#define ADRENALINE_STATE(s) ((AdrenalineState *) (s))

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

static guint
checkers_under_pieces (const CpState *state)
{
  guint n = 0;

  for (guint c = 0; c < 64; c++)
    if (state->cells[c].kind != CP_PIECE_NONE)
      n += state->cells[c].checkers;
  return n;
}

static guint
free_checkers (const CpState *state)
{
  guint used = checkers_under_pieces (state);

  return used < CHECKERS ? CHECKERS - used : 0;
}

static void adrenaline_legal (const CpState *state, guint seat, CpActionList *out);

/* The seventh field of the position text: where the turn stands. "-": a
 * move is due; "@": a checker is to be put; "~e4" or "~xe4": the piece on
 * e4 is taking extra steps, before or after taking something this turn. */
static gboolean
read_stage (AdrenalineState *st, const char *field, const char *text, GError **error)
{
  CpState *state = &st->chess.base;
  guint cell;

  st->stage = STAGE_MOVE;
  st->runner = CP_NO_CELL;
  st->took = FALSE;
  if (g_str_equal (field, "-"))
    return TRUE;
  if (g_str_equal (field, "@"))
    {
      if (free_checkers (state) == 0)
        return cp_error_bad_position (error, text, _("a checker is to be put, but none is left beside the board"));
      st->stage = STAGE_PLACE;
      st->took = TRUE;
      return TRUE;
    }
  if (field[0] != '~')
    return cp_error_bad_position (error, text, _("the stage of the turn is not “-”, “@” or “~” with a cell"));
  st->took = field[1] == 'x';
  if (!cp_board_parse_cell (state->board, field + 1 + st->took, &cell, NULL))
    return cp_error_bad_position (error, text, _("the stage of the turn is not “-”, “@” or “~” with a cell"));
  if (state->cells[cell].kind == CP_PIECE_NONE || state->cells[cell].seat != state->to_move
      || state->cells[cell].checkers == 0)
    return cp_error_bad_position (error, text, _("the piece taking extra steps is not one of the side to move with a checker"));
  st->stage = STAGE_STEPS;
  st->runner = (guint8) cell;
  return TRUE;
}

/* The eighth field: the pawns on their starting rank that have moved
 * (and come back with extra steps), which may not step two cells; "-"
 * for none. */
static gboolean
read_moved_pawns (AdrenalineState *st, const char *field, const char *text, GError **error)
{
  CpState *state = &st->chess.base;
  g_auto (GStrv) cells = NULL;

  if (g_str_equal (field, "-"))
    return TRUE;
  cells = g_strsplit (field, ",", -1);
  for (guint i = 0; cells[i]; i++)
    {
      guint cell;
      CpPiece *p;

      if (!cp_board_parse_cell (state->board, cells[i], &cell, NULL))
        return cp_error_bad_position (error, text, _("the moved pawns are not a list of cells"));
      p = &state->cells[cell];
      if (p->kind != CP_PIECE_PAWN || cp_board_cell_y (state->board, cell) != (p->seat == 0 ? 1u : 6u))
        return cp_error_bad_position (error, text, _("a moved pawn named is not a pawn on its starting rank"));
      p->flags |= CP_PIECE_FLAG_MOVED;
    }
  return TRUE;
}

static gboolean
adrenaline_init (CpState *state, GHashTable *opts, GError **error)
{
  AdrenalineState *st = ADRENALINE_STATE (state);
  const char *text = g_hash_table_lookup (opts, CP_POSITION_OPTION);
  g_auto (GStrv) extra = NULL;
  g_autofree char *fen = NULL;
  CpFenRead flags = 0;

  cp_chess_state_init_standard (&st->chess, cp_chess_standard_board ());
  st->chess.features = CP_CHESS_ORTHODOX | CP_CHESS_HELD_TURN | CP_CHESS_EXTRA_STEPS;
  st->runner = CP_NO_CELL;
  if (text == NULL || text[0] == '\0')
    return cp_chess_rules_setup (state, opts, st->chess.features, error);

  fen = cp_fen_split (text, &extra);
  if (g_strv_length (extra) > 2)
    return cp_error_bad_position (error, text, _("it has too many fields"));
  if (extra[0] != NULL && !g_str_equal (extra[0], "-"))
    flags |= CP_FEN_READ_MID_TURN;
  if (!cp_fen_read_with (&st->chess, fen, flags, error))
    return FALSE;
  if (checkers_under_pieces (state) > CHECKERS)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                   _("The position has more than %u checkers under its pieces"), CHECKERS);
      return FALSE;
    }
  for (guint c = 0; c < 64; c++)
    if (state->cells[c].checkers > 0)
      state->cells[c].checker_colour = CHECKER_COLOUR;
  if (extra[0] != NULL && !read_stage (st, extra[0], text, error))
    return FALSE;
  if (extra[0] != NULL && extra[1] != NULL && !read_moved_pawns (st, extra[1], text, error))
    return FALSE;
  /* Each part of a turn leaves the mover's king safe. */
  if (st->stage != STAGE_MOVE && cp_chess_in_check (&st->chess, state->to_move))
    return cp_error_bad_position (error, text, _("the side in the middle of its turn has its king in danger"));
  if (st->stage != STAGE_MOVE)
    {
      g_auto (CpActionList) legal = { 0 };

      adrenaline_legal (state, state->to_move, &legal);
      if (legal.len == 0)
        return cp_error_bad_position (error, text, _("the turn in progress cannot end with the king safe"));
    }
  return TRUE;
}

/* The position: FEN with the checkers under the pieces ("*" after a
 * piece's letter for each), the stage of the turn (read_stage()) and the
 * pawns back on their starting rank (read_moved_pawns()). */
static char *
adrenaline_write_position (const CpState *state)
{
  const AdrenalineState *st = ADRENALINE_STATE (state);
  g_autofree char *fen = cp_fen_write (&st->chess, CP_FEN_STANDARD);
  GString *out = g_string_new (fen);
  gsize pawns;

  switch ((Stage) st->stage)
    {
    case STAGE_PLACE:
      g_string_append (out, " @");
      break;
    case STAGE_STEPS:
      {
        g_autofree char *cell = cp_board_cell_name (state->board, st->runner);

        g_string_append_printf (out, " ~%s%s", st->took ? "x" : "", cell);
      }
      break;
    case STAGE_MOVE:
    default:
      g_string_append (out, " -");
    }
  g_string_append_c (out, ' ');
  pawns = out->len;
  for (guint c = 8; c < 56; c++)
    {
      const CpPiece *p = &state->cells[c];

      if (p->kind == CP_PIECE_PAWN && (p->flags & CP_PIECE_FLAG_MOVED) && c / 8 == (p->seat == 0 ? 1u : 6u))
        {
          g_autofree char *cell = cp_board_cell_name (state->board, c);

          g_string_append_printf (out, "%s%s", out->len > pawns ? "," : "", cell);
        }
    }
  if (out->len == pawns)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

/* The extra steps of the piece on the runner's cell: a king's step onto
 * an empty cell or a piece of the other side (its king aside); a pawn
 * that steps onto its last rank is promoted.  Those after which the
 * mover's king is attacked are left out. */
static void
step_actions (const AdrenalineState *st, guint seat, CpActionList *out)
{
  CpBoard *board = st->chess.base.board;
  const CpPiece *cells = st->chess.base.cells;
  guint from = st->runner, first = out->len;

  for (guint d = 0; d < CP_N_DIRS; d++)
    {
      guint to = cp_board_step (board, from, (CpDir) d);
      const CpPiece *there;
      CpAction step;

      if (to == CP_NO_CELL)
        continue;
      there = &cells[to];
      if (there->kind != CP_PIECE_NONE && (there->seat == seat || there->kind == CP_PIECE_KING))
        continue;
      cp_action_init_move (&step, seat, from, to);
      if (there->kind != CP_PIECE_NONE)
        step.flags = CP_ACTION_FLAG_CAPTURE;
      if (cells[from].kind == CP_PIECE_PAWN && cp_cell_set_contains (&st->chess.promotion_zone[seat], to))
        {
          for (guint kind = CP_PIECE_QUEEN; kind > CP_PIECE_PAWN; kind--)
            if (st->chess.promotions & (1u << kind))
              {
                step.piece = (guint8) kind;
                cp_action_list_append (out, &step);
              }
        }
      else
        cp_action_list_append (out, &step);
    }
  cp_chess_keep_safe_steps (&st->chess, seat, first, out);
}

static CpSeatMask
adrenaline_pending (const CpState *state)
{
  return CP_SEAT_BIT (state->to_move);
}

/* The moving piece is done: a checker is due if it took anything and one
 * is free, else the turn passes. */
static void
stop_moving (AdrenalineState *st)
{
  st->runner = CP_NO_CELL;
  if (st->took && free_checkers (&st->chess.base) > 0)
    {
      st->stage = STAGE_PLACE;
      return;
    }
  st->took = FALSE;
  st->stage = STAGE_MOVE;
  cp_chess_pass_turn (&st->chess);
}

/* Gives the piece on @cell @count checkers, all of the game's colour. */
static void
set_stack (AdrenalineState *st, guint cell, guint count)
{
  CpPiece p = st->chess.base.cells[cell];

  if (p.checkers == count && (count == 0 || p.checker_colour == CHECKER_COLOUR))
    return;
  p.checkers = (guint8) count;
  p.checker_colour = CHECKER_COLOUR;
  cp_chess_put (&st->chess, cell, &p);
}

/* A move or an extra step: the piece carries its checkers, takes over
 * those of the piece it takes (cp_chess_make() sees to both), and spends
 * one on an extra step.  @undo, if not NULL, receives the chess move's
 * undo. */
static void
move_piece (AdrenalineState *st, const CpAction *action, CpUndo *undo)
{
  guint landing = cp_chess_landing (&st->chess, action);
  guint stack;

  if (landing == CP_NO_CELL)
    landing = action->cells[1];
  cp_chess_make (&st->chess, action, undo);
  stack = st->chess.base.cells[landing].checkers - (st->stage == STAGE_STEPS ? 1 : 0);
  set_stack (st, landing, stack);
  st->took |= (action->flags & CP_ACTION_FLAG_CAPTURE) != 0;
  if (stack > 0 && !(action->flags & CP_ACTION_FLAG_CASTLE))
    {
      st->stage = STAGE_STEPS;
      st->runner = (guint8) landing;
    }
  else
    stop_moving (st);
}

/* What an action changes beyond the chess move, to take it back: the
 * stage, in the last word of the undo; for a pass or a checker put,
 * which make no chess move, what passing the turn and the checker
 * change. */
typedef struct {
  CpPiece piece;  /* the piece a checker is put under, before */
  guint8 to_move;
  guint16 fullmove;
  guint64 hash, history;
  CpCastleRight castle[CP_MAX_SEATS][CP_N_CASTLE_SIDES];
} TurnUndo;

G_STATIC_ASSERT (sizeof (TurnUndo) <= sizeof (CpUndo) - sizeof (guint64));
#define STAGE_WORD(undo) ((undo)->data[G_N_ELEMENTS ((undo)->data) - 1])

static void
adrenaline_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  AdrenalineState *st = ADRENALINE_STATE (state);

  if (undo != NULL)
    {
      if (action->type != CP_ACTION_MOVE)
        {
          TurnUndo *u = (TurnUndo *) undo;

          u->piece = state->cells[action->type == CP_ACTION_ADD_CHECKER ? action->cells[0] : 0];
          u->to_move = state->to_move;
          u->fullmove = st->chess.fullmove;
          u->hash = st->chess.hash;
          u->history = st->chess.history[state->ply % CP_CHESS_HISTORY];
          memcpy (u->castle, st->chess.castle, sizeof u->castle);
        }
      STAGE_WORD (undo) = st->stage | (guint) st->runner << 8 | (guint) st->took << 16;
    }
  switch (action->type)
    {
    case CP_ACTION_MOVE:
      move_piece (st, action, undo);
      break;
    case CP_ACTION_PASS:
      stop_moving (st);
      break;
    case CP_ACTION_ADD_CHECKER:
      set_stack (st, action->cells[0], state->cells[action->cells[0]].checkers + 1u);
      st->took = FALSE;
      st->stage = STAGE_MOVE;
      cp_chess_pass_turn (&st->chess);
      break;
    default:
      g_return_if_reached ();
    }
}

static void
adrenaline_unmake (CpState *state, const CpAction *action, const CpUndo *undo)
{
  AdrenalineState *st = ADRENALINE_STATE (state);
  guint64 stage = STAGE_WORD (undo);

  if (action->type == CP_ACTION_MOVE)
    cp_chess_unmake (&st->chess, action, undo);
  else
    {
      const TurnUndo *u = (const TurnUndo *) undo;

      if (action->type == CP_ACTION_ADD_CHECKER)
        cp_chess_put (&st->chess, action->cells[0], &u->piece);
      state->to_move = u->to_move;
      st->chess.fullmove = u->fullmove;
      st->chess.hash = u->hash;
      st->chess.history[state->ply % CP_CHESS_HISTORY] = u->history;
      memcpy (st->chess.castle, u->castle, sizeof u->castle);
    }
  st->stage = stage & 0xff;
  st->runner = (stage >> 8) & 0xff;
  st->took = (stage >> 16) & 0xff;
}

static void adrenaline_make (CpState *state, const CpAction *action, CpUndo *undo);
static void adrenaline_unmake (CpState *state, const CpAction *action, const CpUndo *undo);

/* Whether the checker may go under the piece on @cell: the placer's king
 * must be safe from that piece's move and extra steps with it.  No other
 * piece gains by the checker, and the king was safe before it, so only
 * that piece's attacks are looked at. */
static gboolean
placement_safe (AdrenalineState *st, guint seat, guint cell)
{
  CpPiece before = st->chess.base.cells[cell];
  guint king = st->chess.king[seat];
  CpCellSet from = { 0 };
  gboolean safe;

  if (king == CP_NO_CELL || !cp_chess_steps_may_reach (&st->chess, cell, 1, king))
    return TRUE;
  cp_cell_set_add (&from, cell);
  set_stack (st, cell, before.checkers + 1u);
  safe = !cp_chess_attacked_from (&st->chess, king, seat, &from);
  cp_chess_put (&st->chess, cell, &before);
  return safe;
}

/* Whether @seat may put the checker somewhere safe: first the pieces
 * whose move and steps cannot come near its king, then the others. */
static gboolean
some_placement_safe (AdrenalineState *st, guint seat)
{
  const CpPiece *cells = st->chess.base.cells;
  guint king = st->chess.king[seat];

  if (king == CP_NO_CELL)
    return TRUE;
  for (guint c = 0; c < 64; c++)
    if (cells[c].kind != CP_PIECE_NONE && cells[c].seat != seat && !cp_chess_steps_may_reach (&st->chess, c, 1, king))
      return TRUE;
  for (guint c = 0; c < 64; c++)
    if (cells[c].kind != CP_PIECE_NONE && cells[c].seat != seat && placement_safe (st, seat, c))
      return TRUE;
  return FALSE;
}

/* Whether the other side's king stands so far from the king of @seat,
 * where it is once @action is made, that a checker under it is safe
 * whatever the action: it would step once with its move and then once
 * for each checker it holds, its own, the one put and those of the
 * pieces of @seat it might take on the way: the @mine they hold now and
 * those the action takes over. */
static gboolean
enemy_king_far (const AdrenalineState *st, guint seat, const CpAction *action, guint mine)
{
  const CpPiece *cells = st->chess.base.cells;
  guint king = st->chess.king[seat], other = st->chess.king[1 - seat];
  guint reach;
  int dx, dy;

  if (action->cells[0] == king)
    {
      king = cp_chess_landing (&st->chess, action);
      if (king == CP_NO_CELL)
        king = action->cells[1];
    }
  if (king >= 64 || other >= 64)
    return FALSE;
  reach = 2 + cells[other].checkers + mine + cells[action->cells[1]].checkers;
  if ((action->flags & CP_ACTION_FLAG_EN_PASSANT) && st->chess.ep_pawn < 64)
    reach += cells[st->chess.ep_pawn].checkers;
  dx = ABS ((int) (king % 8) - (int) (other % 8));
  dy = ABS ((int) (king / 8) - (int) (other / 8));
  return (guint) MAX (dx, dy) > reach;
}

static void steps_that_end_safely (AdrenalineState *st, guint seat, CpActionList *out);

/* Whether the turn of @seat, with its king safe now, can end with the
 * king safe: the checker due, or the one due once the extra steps stop,
 * has a safe place, or some extra step leads to a turn that ends so. */
static gboolean
turn_ends_safely (AdrenalineState *st, guint seat)
{
  g_auto (CpActionList) steps = { 0 };

  switch ((Stage) st->stage)
    {
    case STAGE_PLACE:
      return some_placement_safe (st, seat);
    case STAGE_STEPS:
      if (!st->took || free_checkers (&st->chess.base) == 0 || some_placement_safe (st, seat))
        return TRUE;
      steps_that_end_safely (st, seat, &steps);
      return steps.len > 0;
    case STAGE_MOVE:
    default:
      return TRUE;
    }
}

/* The state to try actions on: a copy of @state, made once. */
static AdrenalineState *
trial_state (const CpState *state, CpState **trial)
{
  if (*trial == NULL)
    *trial = cp_state_copy (state);
  return ADRENALINE_STATE (*trial);
}

/* Keeps of the actions of @out from @first on those after which the turn
 * can end with the king safe (turn_ends_safely()); only actions that
 * take, or come after a capture, need a look, and those that leave the
 * other king far away none.  The actions are tried on *@trial, a copy of
 * @st made when first needed (or @st itself). */
static void
keep_safe_endings (const AdrenalineState *st, CpState **trial, guint seat, guint first, CpActionList *out)
{
  const CpPiece *cells = st->chess.base.cells;
  guint kept = first, mine = 0;

  if (st->chess.masks)
    for (guint64 m = st->chess.stacked_cells & st->chess.seat_cells[seat]; m != 0; m &= m - 1)
      mine += cells[cp_bits_lowest (m)].checkers;
  else
    for (guint c = 0; c < 64; c++)
      if (cells[c].kind != CP_PIECE_NONE && cells[c].seat == seat)
        mine += cells[c].checkers;

  for (guint i = first; i < out->len; i++)
    {
      const CpAction *action = &out->items[i];
      gboolean keep = TRUE;

      if (action->type == CP_ACTION_MOVE && (st->took || (action->flags & CP_ACTION_FLAG_CAPTURE))
          && !enemy_king_far (st, seat, action, mine))
        {
          AdrenalineState *t = trial_state (&st->chess.base, trial);
          CpAction tried = *action;
          CpUndo undo;

          adrenaline_make (&t->chess.base, &tried, &undo);
          keep = turn_ends_safely (t, seat);
          adrenaline_unmake (&t->chess.base, &tried, &undo);
        }
      if (keep)
        out->items[kept++] = *action;
    }
  out->len = kept;
}

static void
steps_that_end_safely (AdrenalineState *st, guint seat, CpActionList *out)
{
  CpState *self = &st->chess.base;
  guint first = out->len;

  step_actions (st, seat, out);
  keep_safe_endings (st, &self, seat, first, out);
}

static void
adrenaline_legal (const CpState *state, guint seat, CpActionList *out)
{
  const AdrenalineState *st = ADRENALINE_STATE (state);
  g_autoptr (CpState) trial = NULL;
  guint first = out->len;
  gboolean captures = FALSE;

  if (seat != state->to_move || state->outcome.status != CP_STATUS_PLAYING)
    return;
  switch ((Stage) st->stage)
    {
    case STAGE_MOVE:
      cp_chess_legal (&st->chess, seat, out);
      for (guint i = first; i < out->len && !captures; i++)
        captures = (out->items[i].flags & CP_ACTION_FLAG_CAPTURE) != 0;
      if (captures && free_checkers (state) > 0)
        keep_safe_endings (st, &trial, seat, first, out);
      break;
    case STAGE_STEPS:
      steps_that_end_safely (trial_state (state, &trial), seat, out);
      if (!st->took || free_checkers (state) == 0 || some_placement_safe (trial_state (state, &trial), seat))
        cp_action_init (cp_action_list_add (out), CP_ACTION_PASS, seat);
      break;
    case STAGE_PLACE:
      for (guint c = 0; c < 64; c++)
        if (state->cells[c].kind != CP_PIECE_NONE && state->cells[c].seat != seat
            && placement_safe (trial_state (state, &trial), seat, c))
          {
            CpAction *place = cp_action_list_add (out);

            cp_action_init (place, CP_ACTION_ADD_CHECKER, seat);
            place->n_cells = 1;
            place->cells[0] = (guint8) c;
          }
      break;
    default:
      g_return_if_reached ();
    }
}

static void
adrenaline_outcome (const CpState *state, CpOutcome *outcome)
{
  const AdrenalineState *st = ADRENALINE_STATE (state);
  g_auto (CpActionList) legal = { 0 };
  guint seat = state->to_move;

  *outcome = state->outcome;
  if (outcome->status != CP_STATUS_PLAYING || st->stage != STAGE_MOVE)
    return;
  adrenaline_legal (state, seat, &legal);
  if (legal.len == 0)
    {
      if (cp_chess_in_check (&st->chess, seat))
        *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_CHECKMATE, CP_SEAT_BIT (1 - seat) };
      else
        *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_STALEMATE, 0 };
    }
  else if (checkers_under_pieces (state) == 0 && cp_chess_insufficient_material (&st->chess))
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_INSUFFICIENT_MATERIAL, 0 };
  else
    cp_chess_draw_by_counting (&st->chess, outcome);
}

static CpEndReason
adrenaline_claimable (const CpState *state)
{
  return ADRENALINE_STATE (state)->stage == STAGE_MOVE ? cp_chess_rules_claimable (state) : CP_END_NONE;
}

static guint
adrenaline_check_cell (const CpState *state)
{
  return ADRENALINE_STATE (state)->stage == STAGE_MOVE ? cp_chess_rules_check_cell (state) : CP_NO_CELL;
}

/* "+" or "#" once the turn of @seat is over with the other side in
 * check; the mark goes on the last move or step of that turn. */
static const char *
adrenaline_turn_mark (const CpState *state, guint seat)
{
  CpOutcome outcome;

  if (state->to_move == seat || ADRENALINE_STATE (state)->stage != STAGE_MOVE)
    return NULL;
  if (!cp_chess_in_check (CP_CHESS_STATE (state), state->to_move))
    return "";
  adrenaline_outcome (state, &outcome);
  return outcome.reason == CP_END_CHECKMATE ? "#" : "+";
}

/* An extra step: "~" and where it goes, "~xd5" when it takes, with the
 * cell it starts from in long notation. */
static char *
format_step (const CpState *state, const CpAction *action, CpNotation notation)
{
  g_autofree char *from = cp_board_cell_name (state->board, action->cells[0]);
  g_autofree char *to = cp_board_cell_name (state->board, action->cells[1]);
  gboolean capture = (action->flags & CP_ACTION_FLAG_CAPTURE) != 0;
  GString *out = g_string_new (NULL);

  if (notation == CP_NOTATION_COMPUTER)
    g_string_append_printf (out, "%s%s", from, to);
  else if (notation == CP_NOTATION_LAN || notation == CP_NOTATION_LAN_LOCAL)
    g_string_append_printf (out, "~%s%c%s", from, capture ? 'x' : '-', to);
  else
    g_string_append_printf (out, "~%s%s", capture ? "x" : "", to);
  if (action->piece != CP_PIECE_NONE)
    {
      if (notation == CP_NOTATION_COMPUTER)
        g_string_append_c (out, g_ascii_tolower (cp_piece_kind_letter (action->piece)));
      else
        g_string_append_printf (out, "=%c", cp_piece_kind_letter (action->piece));
    }
  return g_string_free (out, FALSE);
}

/* An action written without its mark of check. */
static char *
plain_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  const AdrenalineState *st = ADRENALINE_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_MOVE:
      if (st->stage == STAGE_STEPS)
        return format_step (state, action, notation);
      {
        /* The chess move alone checks nobody: the turn goes on. */
        g_autofree char *san = cp_chess_format (&st->chess, action, notation);

        return g_strdup (g_strchomp (g_strdelimit (san, "+#", ' ')));
      }
    case CP_ACTION_PASS:
      /* Translators: Adrenaline Chess: a piece stops taking extra steps */
      return g_strdup (_("stop"));
    case CP_ACTION_ADD_CHECKER:
      {
        g_autofree char *cell = cp_board_cell_name (state->board, action->cells[0]);

        /* A checker dropped under the piece on a cell. */
        return g_strdup_printf ("@%s", cell);
      }
    default:
      return g_strdup (cp_action_type_to_id (action->type));
    }
}

static gboolean
adrenaline_parse (const CpState *state, const char *text, CpAction *action, GError **error)
{
  return cp_chess_rules_parse_with (state, text, plain_format, action, error);
}

static guint64
adrenaline_hash (const CpState *state)
{
  const AdrenalineState *st = ADRENALINE_STATE (state);

  return st->chess.hash ^ (G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (1u + st->stage))
         ^ (G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f) * st->runner) ^ (st->took ? 0x165667b19e3779f9 : 0);
}

/* Chess material and position, and each checker worth a third of a pawn
 * to the side whose piece carries it. */
static int
adrenaline_evaluate (const CpState *state, guint seat)
{
  int score = cp_chess_evaluate (CP_CHESS_STATE (state), seat);

  for (guint c = 0; c < 64; c++)
    if (state->cells[c].kind != CP_PIECE_NONE)
      score += (state->cells[c].seat == seat ? 33 : -33) * state->cells[c].checkers;
  return score;
}

static char *
adrenaline_prompt (const AdrenalineState *st)
{
  switch ((Stage) st->stage)
    {
    case STAGE_STEPS:
      {
        guint left = st->chess.base.cells[st->runner].checkers;

        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Take an extra king step (%u checker left), or stop here",
                                             "Take an extra king step (%u checkers left), or stop here",
                                             left), left);
      }
    case STAGE_PLACE:
      {
        guint left = free_checkers (&st->chess.base);

        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Put a checker under a piece of your opponent (%u left beside the board)",
                                             "Put a checker under a piece of your opponent (%u left beside the board)",
                                             left), left);
      }
    case STAGE_MOVE:
    default:
      return cp_chess_rules_prompt (&st->chess.base, st->chess.base.to_move);
    }
}

static void
adrenaline_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  const AdrenalineState *st = ADRENALINE_STATE (state);
  guint actor = viewer == CP_VIEW_ALL ? cp_state_first_pending (state) : viewer;
  guint left = free_checkers (state);
  static const CpPiece carrier = { .kind = CP_PIECE_KNIGHT, .seat = 1, .checkers = 2,
                                   .checker_colour = CHECKER_COLOUR };

  cp_presentation_add_legend (out, CP_MARK_CHECKERS,
                              _("Checkers under a piece: after it moves, it may take one extra king step "
                                "for each, spending the checker."))->piece = carrier;
  for (guint seat = 0; seat < 2; seat++)
    {
      guint carried = 0;

      for (guint c = 0; c < 64; c++)
        if (state->cells[c].kind != CP_PIECE_NONE && state->cells[c].seat == seat)
          carried += state->cells[c].checkers;
      if (carried == 0)
        continue;
      cp_presentation_add_side (out, CP_SIDE_TEXT, seat)->text = g_strdup_printf ("● %u", carried);
      out->side_description[seat] = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                  "%u checker under these pieces",
                                                                  "%u checkers under these pieces",
                                                                  carried), carried);
    }
  if (st->stage == STAGE_STEPS)
    /* Translators: Adrenaline Chess: said of the piece taking extra steps */
    cp_presentation_add_overlay (out, CP_OVERLAY_NOTE, st->runner, _("taking extra steps"));
  if (actor == CP_NO_SEAT || actor != state->to_move || cp_state_is_over (state))
    return;
  if (left == 0 && st->stage == STAGE_MOVE)
    cp_presentation_set_prompt (out, g_strdup (_("All 24 checkers are under pieces: captures add none")));
  else
    cp_presentation_set_prompt (out, adrenaline_prompt (st));
  if (st->stage == STAGE_STEPS)
    {
      CpAction stop;

      cp_action_init (&stop, CP_ACTION_PASS, actor);
      cp_presentation_add_button (out, &stop, "end-turn", _("_Stop Here"));
    }
}

const CpRules cp_adrenaline_rules = {
  .id = "adrenaline",
  .name = N_("Adrenaline Chess"),
  .summary = N_("Captures put checkers under enemy pieces, which spend them on extra king steps"),
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_DRAWS,
  .options = cp_chess_fen_options,
  .n_options = G_N_ELEMENTS (cp_chess_fen_options),
  .colours = colours,
  .state_size = sizeof (AdrenalineState),
  .init = adrenaline_init,
  .pending = adrenaline_pending,
  .legal = adrenaline_legal,
  .make = adrenaline_make,
  .unmake = adrenaline_unmake,
  .outcome = adrenaline_outcome,
  .claimable = adrenaline_claimable,
  .format = plain_format,
  .parse = adrenaline_parse,
  .landing = cp_chess_rules_landing,
  .check_cell = adrenaline_check_cell,
  .turn_mark = adrenaline_turn_mark,
  .present = adrenaline_present,
  .hash = adrenaline_hash,
  .evaluate = adrenaline_evaluate,
  .write_position = adrenaline_write_position,
};
