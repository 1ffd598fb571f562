/* cp-synchronous-rules.c: Synchronous Chess
 *
 * Both players choose a move at once, in secret (a COMMIT with the
 * move's cells, seen by the chooser alone), each legal in orthodox chess
 * in the position before either moves.  The rules then reveal both (a
 * REVEAL by chance) and carry them out together: a piece that lands on an
 * enemy that stayed takes it; one that lands where an enemy has just left
 * takes nothing, so pieces may swap places or pass through each other;
 * two pieces that land on one empty cell are both taken.
 *
 * An exchange of blows may follow on each cell a piece moved to that an
 * enemy piece attacked before the moves and still attacks.  Blows are
 * captures on those cells, each piece striking at most once; a player who
 * alone may strike does so openly (a MOVE, or a PASS that ends their
 * part); when both may, both choose at once in secret (a COMMIT of value
 * 1, without cells for a pass), and the blows are carried out together
 * as the moves were.
 *
 * A king in check must move to a cell that was not attacked before the
 * move.  A king taken, or meeting another piece on an empty cell, loses
 * the game; both at once, or both kings mated at once, draw.  There is no
 * en passant.
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
  STAGE_CHOOSING,   /* both players choose a move in secret */
  STAGE_BLOWS,      /* an exchange of blows goes on */
  STAGE_REVEALING,  /* both choices are in and are shown together */
} Stage;

typedef enum {
  CHOICE_NONE,
  CHOICE_MOVE,
  CHOICE_PASS,
  CHOICE_SEALED,    /* a choice made that the viewer may not see */
} ChoiceKind;

/* The value of a COMMIT: the turn's move, or a blow (or pass) in an
 * exchange of blows. */
#define VALUE_MOVE 0
#define VALUE_BLOW 1

#define MAX_SQUARES 4
#define CELL_BIT(cell) (G_GUINT64_CONSTANT (1) << (cell))

typedef struct {
  guint8 kind;      /* ChoiceKind */
  guint8 from, to;
  guint8 piece;     /* promotion */
  guint8 flags;     /* CpActionFlags of the move */
} Choice;

/* A piece that moves in a resolution. */
typedef struct {
  guint8 seat, from, to;
  CpPiece piece;    /* as it lands */
} Mover;

typedef struct {
  CpChessState chess;
  guint8 stage;
  guint8 blows;             /* the choices in hand are blows */
  Choice choice[2];
  guint8 n_squares;         /* cells where an exchange of blows may go on */
  guint8 square[MAX_SQUARES];
  guint8 closed[MAX_SQUARES];   /* a pass ended the exchange there */
  guint8 struck[MAX_SQUARES];   /* a blow has landed there */
  guint64 guards[MAX_SQUARES];  /* cells of the pieces that may strike first */
  guint64 done;             /* cells of the pieces that have struck */
  guint8 changed;           /* a capture or a pawn move this turn */
} SyncState;

#define SYNC_STATE(s) ((SyncState *) (s))

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SyncState, g_free)

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

static gboolean read_state (SyncState *st, GStrv extra, const char *text, GError **error);

static gboolean
synchronous_init (CpState *state, GHashTable *opts, GError **error)
{
  SyncState *st = SYNC_STATE (state);
  const char *text = g_hash_table_lookup (opts, CP_POSITION_OPTION);
  guint features = CP_CHESS_DOUBLE_STEP | CP_CHESS_CASTLING | CP_CHESS_CHECK | CP_CHESS_HELD_TURN;
  g_auto (GStrv) extra = NULL;
  g_autofree char *fen = NULL;

  if (text == NULL || text[0] == '\0')
    {
      if (!cp_chess_rules_setup (state, opts, features, error))
        return FALSE;
    }
  else
    {
      /* Both kings may be in check when a turn begins. */
      fen = cp_fen_split (text, &extra);
      cp_chess_state_init_standard (&st->chess, cp_chess_standard_board ());
      st->chess.features = (guint16) features;
      if (!cp_fen_read_with (&st->chess, fen, CP_FEN_READ_ANY_CHECK | CP_FEN_READ_KING_TAKEN, error))
        return FALSE;
    }
  /* Both players move every turn: nobody is to move before the other. */
  st->chess.base.to_move = 0;
  st->chess.ep_cell = st->chess.ep_pawn = CP_NO_CELL;
  st->chess.hash = cp_chess_compute_hash (&st->chess);
  st->chess.history[st->chess.base.ply % CP_CHESS_HISTORY] = st->chess.hash;
  st->stage = STAGE_CHOOSING;
  if (st->chess.king[0] == CP_NO_CELL || st->chess.king[1] == CP_NO_CELL)
    {
      /* A king taken has ended the game, as the moves were shown. */
      if (st->chess.king[0] == st->chess.king[1])
        state->outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_KING_CAPTURED, 0 };
      else
        state->outcome = (CpOutcome) { CP_STATUS_WON, CP_END_KING_CAPTURED,
                                       CP_SEAT_BIT (st->chess.king[0] == CP_NO_CELL ? 1 : 0) };
      st->stage = STAGE_REVEALING;
    }
  return extra == NULL || read_state (st, extra, text, error);
}

static gboolean
in_check (const SyncState *st, guint seat)
{
  return st->chess.king[seat] != CP_NO_CELL && cp_chess_in_check (&st->chess, seat);
}

/* The moves of @seat at the start of a turn: those of orthodox chess
 * but en passant, none onto the enemy king, and only king moves in check. */
static void
turn_moves (const SyncState *st, guint seat, CpActionList *out)
{
  g_auto (CpActionList) moves = { 0 };
  guint king = st->chess.king[seat], enemy_king = st->chess.king[1 - seat];
  gboolean check = in_check (st, seat);

  cp_chess_legal (&st->chess, seat, &moves);
  for (guint i = 0; i < moves.len; i++)
    {
      const CpAction *m = &moves.items[i];

      if (m->cells[1] == enemy_king && !(m->flags & CP_ACTION_FLAG_CASTLE))
        continue;
      if (check && m->cells[0] != king)
        continue;
      cp_action_list_append (out, m);
    }
}

static gboolean
square_open (const SyncState *st, guint i)
{
  const CpPiece *p = &st->chess.base.cells[st->square[i]];

  return !st->closed[i] && p->kind != CP_PIECE_NONE && p->kind != CP_PIECE_KING;
}

/* The blows @seat may strike now, as moves. */
static void
blow_moves (const SyncState *st, guint seat, CpActionList *out)
{
  g_auto (CpActionList) moves = { 0 };

  for (guint i = 0; i < st->n_squares; i++)
    {
      guint q = st->square[i];

      if (!square_open (st, i) || st->chess.base.cells[q].seat == seat)
        continue;
      if (moves.len == 0)
        cp_chess_legal (&st->chess, seat, &moves);
      for (guint k = 0; k < moves.len; k++)
        {
          const CpAction *m = &moves.items[k];
          guint64 from = CELL_BIT (m->cells[0]);

          if (m->cells[1] != q || (m->flags & CP_ACTION_FLAG_CASTLE) || (st->done & from))
            continue;
          if (!st->struck[i] && !(st->guards[i] & from))
            continue;
          cp_action_list_append (out, m);
        }
    }
}

static CpSeatMask
strikers (const SyncState *st)
{
  CpSeatMask mask = 0;

  if (st->n_squares == 0)
    return 0;
  for (guint seat = 0; seat < 2; seat++)
    {
      g_auto (CpActionList) blows = { 0 };

      blow_moves (st, seat, &blows);
      if (blows.len > 0)
        mask |= CP_SEAT_BIT (seat);
    }
  return mask;
}

static void
add_commit (CpActionList *out, const CpAction *move, guint seat, guint32 value)
{
  CpAction *action = cp_action_list_add (out);

  if (move != NULL)
    *action = *move;
  else
    cp_action_init (action, CP_ACTION_COMMIT, seat);
  action->type = CP_ACTION_COMMIT;
  action->seat = (guint8) seat;
  action->value = value;
  action->visible = CP_SEAT_BIT (seat);
}

static void
synchronous_legal (const CpState *state, guint seat, CpActionList *out)
{
  const SyncState *st = SYNC_STATE (state);
  g_auto (CpActionList) moves = { 0 };
  CpSeatMask striking;

  if (seat > 1 || cp_state_is_over (state))
    return;
  switch (st->stage)
    {
    case STAGE_CHOOSING:
      if (st->choice[seat].kind != CHOICE_NONE)
        return;
      turn_moves (st, seat, &moves);
      for (guint i = 0; i < moves.len; i++)
        add_commit (out, &moves.items[i], seat, VALUE_MOVE);
      break;
    case STAGE_BLOWS:
      striking = strikers (st);
      if (!(striking & CP_SEAT_BIT (seat)) || st->choice[seat].kind != CHOICE_NONE)
        return;
      blow_moves (st, seat, &moves);
      if (striking == (CP_SEAT_BIT (0) | CP_SEAT_BIT (1)))
        {
          for (guint i = 0; i < moves.len; i++)
            add_commit (out, &moves.items[i], seat, VALUE_BLOW);
          add_commit (out, NULL, seat, VALUE_BLOW);
        }
      else
        {
          for (guint i = 0; i < moves.len; i++)
            cp_action_list_append (out, &moves.items[i]);
          cp_action_init (cp_action_list_add (out), CP_ACTION_PASS, seat);
        }
      break;
    default:
      break;
    }
}

static CpSeatMask
synchronous_pending (const CpState *state)
{
  const SyncState *st = SYNC_STATE (state);
  CpSeatMask mask = 0;

  if (cp_state_is_over (state))
    return 0;
  if (st->stage == STAGE_REVEALING)
    return CP_SEAT_BIT (CP_SEAT_CHANCE);
  if (st->stage == STAGE_BLOWS)
    mask = strikers (st);
  else
    mask = CP_SEAT_BIT (0) | CP_SEAT_BIT (1);
  for (guint seat = 0; seat < 2; seat++)
    if (st->choice[seat].kind != CHOICE_NONE)
      mask &= (CpSeatMask) ~CP_SEAT_BIT (seat);
  return mask;
}

static void
synchronous_chance (const CpState *state, CpChance *request)
{
  request->type = CP_ACTION_REVEAL;
}

/* The pieces @choice of @seat moves: one, or king and rook. */
static guint
choice_movers (const SyncState *st, guint seat, const Choice *choice, Mover *out)
{
  const CpPiece *cells = st->chess.base.cells;

  if (choice->kind != CHOICE_MOVE)
    return 0;
  if (choice->flags & CP_ACTION_FLAG_CASTLE)
    {
      CpAction castle;
      const CpCastleRight *right;

      cp_action_init_move (&castle, seat, choice->from, choice->to);
      castle.flags = choice->flags;
      right = &st->chess.castle[seat][cp_chess_castle_side (&st->chess, &castle)];
      out[0] = (Mover) { (guint8) seat, choice->from, right->king_to, cells[choice->from] };
      out[1] = (Mover) { (guint8) seat, choice->to, right->rook_to, cells[choice->to] };
      return 2;
    }
  out[0] = (Mover) { (guint8) seat, choice->from, choice->to, cells[choice->from] };
  if (choice->piece != CP_PIECE_NONE)
    out[0].piece.kind = choice->piece;
  return 1;
}

/* What a resolution did, for its description. */
typedef struct {
  guint8 both_taken[MAX_SQUARES];   /* cells where two pieces fell */
  guint8 n_both_taken;
  guint8 missed[MAX_SQUARES];       /* captures that found the cell left */
  guint8 n_missed;
  guint8 swapped[2];                /* two pieces that changed places */
  gboolean swap;
  CpSeatMask kings_lost;
} Resolution;

/* Whether an enemy of @seat among @movers left @cell. */
static gboolean
left_by_enemy (const Mover *movers, guint n, guint seat, guint cell)
{
  for (guint i = 0; i < n; i++)
    if (movers[i].from == cell && movers[i].seat != seat)
      return TRUE;
  return FALSE;
}

static void
drop_king (const CpPiece *p, Resolution *res)
{
  if (p->kind == CP_PIECE_KING)
    res->kings_lost |= CP_SEAT_BIT (p->seat);
}

/* Carries out @n movers together by the three cases. */
static void
resolve (SyncState *st, Mover *movers, guint n, Resolution *res)
{
  CpChessState *chess = &st->chess;
  static const CpPiece empty = { 0 };

  memset (res, 0, sizeof *res);
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (movers[i].from == movers[j].to && movers[j].from == movers[i].to)
        {
          res->swap = TRUE;
          res->swapped[0] = movers[i].from;
          res->swapped[1] = movers[j].from;
        }
  for (guint i = 0; i < n; i++)
    {
      if (movers[i].piece.kind == CP_PIECE_PAWN)
        st->changed = TRUE;
      movers[i].piece.flags |= CP_PIECE_FLAG_MOVED;
      cp_chess_put (chess, movers[i].from, &empty);
    }
  for (guint i = 0; i < n; i++)
    {
      const Mover *m = &movers[i];
      const CpPiece *there = &chess->base.cells[m->to];
      gboolean meets = FALSE;

      for (guint j = 0; j < n; j++)
        meets = meets || (j != i && movers[j].to == m->to && movers[j].seat != m->seat);
      if (meets)
        {
          /* Both fall: the second of the two clears what the first left. */
          drop_king (&m->piece, res);
          if (there->kind != CP_PIECE_NONE)
            {
              res->both_taken[res->n_both_taken++] = m->to;
              cp_chess_put (chess, m->to, &empty);
            }
          else
            cp_chess_put (chess, m->to, &m->piece);
          st->changed = TRUE;
          continue;
        }
      if (there->kind != CP_PIECE_NONE)
        {
          drop_king (there, res);
          st->changed = TRUE;
        }
      else if (left_by_enemy (movers, n, m->seat, m->to) && res->n_missed < MAX_SQUARES)
        res->missed[res->n_missed++] = m->to;
      cp_chess_put (chess, m->to, &m->piece);
    }
  for (guint i = 0; i < n; i++)
    if (movers[i].piece.kind == CP_PIECE_KING && chess->base.cells[movers[i].to].kind == CP_PIECE_KING)
      {
        guint seat = movers[i].seat;

        chess->king[seat] = movers[i].to;
        chess->castle[seat][0].rook = chess->castle[seat][1].rook = CP_NO_CELL;
      }
  chess->hash = cp_chess_compute_hash (chess);
}

/* Whether the piece on @from attacks @cell in @st. */
static gboolean
attacks (const CpChessState *st, guint from, guint cell)
{
  CpCellSet set = { 0 };
  const CpPiece *p = &st->base.cells[from];

  if (p->kind == CP_PIECE_NONE)
    return FALSE;
  cp_cell_set_add (&set, from);
  return cp_chess_attacked_from (st, cell, 1 - p->seat, &set);
}

/* Opens an exchange of blows on each cell a piece moved to that an enemy
 * attacked before the moves and still attacks. */
static void
open_exchange (SyncState *st, const CpChessState *before, const Mover *movers, guint n)
{
  const CpPiece *cells = st->chess.base.cells;

  st->n_squares = 0;
  st->done = 0;
  for (guint i = 0; i < n; i++)
    {
      guint q = movers[i].to;
      guint64 guards = 0;

      if (cells[q].kind == CP_PIECE_NONE || cells[q].seat != movers[i].seat)
        continue;
      for (guint e = 0; e < 64; e++)
        {
          guint origin = e;

          if (cells[e].kind == CP_PIECE_NONE || cells[e].seat == movers[i].seat)
            continue;
          for (guint j = 0; j < n; j++)
            if (movers[j].to == e)
              origin = movers[j].from;
          if (before->base.cells[origin].seat == cells[e].seat && attacks (before, origin, q)
              && attacks (&st->chess, e, q))
            guards |= CELL_BIT (e);
        }
      if (guards != 0 && st->n_squares < MAX_SQUARES)
        {
          st->square[st->n_squares] = (guint8) q;
          st->closed[st->n_squares] = FALSE;
          st->struck[st->n_squares] = FALSE;
          st->guards[st->n_squares++] = guards;
        }
    }
}

static void
end_turn (SyncState *st)
{
  CpChessState *chess = &st->chess;

  st->stage = STAGE_CHOOSING;
  st->n_squares = 0;
  st->done = 0;
  memset (st->square, 0, sizeof st->square);
  memset (st->closed, 0, sizeof st->closed);
  memset (st->struck, 0, sizeof st->struck);
  memset (st->guards, 0, sizeof st->guards);
  chess->halfmove = st->changed ? 0 : chess->halfmove + 2;
  st->changed = FALSE;
  /* Two plies a turn, so that the repetition count reads every other. */
  chess->base.ply += 2;
  chess->fullmove++;
  chess->history[chess->base.ply % CP_CHESS_HISTORY] = chess->hash;
}

/* Ends the turn once nobody may strike. */
static void
go_on (SyncState *st)
{
  memset (st->choice, 0, sizeof st->choice);
  st->blows = FALSE;
  if (st->chess.base.outcome.status != CP_STATUS_PLAYING)
    return;
  if (strikers (st) != 0)
    st->stage = STAGE_BLOWS;
  else
    end_turn (st);
}

static void
settle_kings (SyncState *st, const Resolution *res)
{
  if (res->kings_lost == (CP_SEAT_BIT (0) | CP_SEAT_BIT (1)))
    st->chess.base.outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_KING_CAPTURED, 0 };
  else if (res->kings_lost != 0)
    st->chess.base.outcome = (CpOutcome) { CP_STATUS_WON, CP_END_KING_CAPTURED,
                                           (CpSeatMask) (CP_SEAT_BIT (0) | CP_SEAT_BIT (1)) & ~res->kings_lost };
}

static void
mark_struck (SyncState *st, const Mover *movers, guint n)
{
  for (guint i = 0; i < n; i++)
    for (guint k = 0; k < st->n_squares; k++)
      if (st->square[k] == movers[i].to)
        {
          st->struck[k] = TRUE;
          st->done |= CELL_BIT (movers[i].to);
        }
}

/* Closes the exchange on the cells where @seat was to strike. */
static void
pass (SyncState *st, guint seat)
{
  for (guint i = 0; i < st->n_squares; i++)
    if (square_open (st, i) && st->chess.base.cells[st->square[i]].seat != seat)
      st->closed[i] = TRUE;
}

/* Shows both choices and carries them out. */
static void
reveal (SyncState *st)
{
  g_autofree CpChessState *before = g_memdup2 (&st->chess, sizeof st->chess);
  Mover movers[4];
  guint n = 0;
  Resolution res;

  for (guint seat = 0; seat < 2; seat++)
    {
      if (st->choice[seat].kind == CHOICE_PASS)
        pass (st, seat);
      n += choice_movers (st, seat, &st->choice[seat], movers + n);
    }
  resolve (st, movers, n, &res);
  settle_kings (st, &res);
  if (st->blows)
    mark_struck (st, movers, n);
  else
    open_exchange (st, before, movers, n);
  go_on (st);
}

static Choice
choice_of (const CpAction *action)
{
  if (action->n_cells < 2)
    return (Choice) { CHOICE_PASS, 0, 0, 0, 0 };
  return (Choice) { CHOICE_MOVE, action->cells[0], action->cells[1], action->piece, action->flags };
}

static void
synchronous_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  SyncState *st = SYNC_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_COMMIT:
      st->choice[action->seat] = choice_of (action);
      st->blows = action->value == VALUE_BLOW;
      if (synchronous_pending (state) == 0)
        st->stage = STAGE_REVEALING;
      break;
    case CP_ACTION_REVEAL:
      reveal (st);
      break;
    case CP_ACTION_MOVE:
      {
        Choice choice = choice_of (action);
        Mover mover;
        Resolution res;

        choice_movers (st, action->seat, &choice, &mover);
        resolve (st, &mover, 1, &res);
        mark_struck (st, &mover, 1);
        go_on (st);
      }
      break;
    case CP_ACTION_PASS:
      pass (st, action->seat);
      go_on (st);
      break;
    default:
      g_return_if_reached ();
    }
}

/* Whether @seat is mated or stalemated: no move at the start of a turn. */
static gboolean
stuck (const SyncState *st, guint seat)
{
  g_auto (CpActionList) moves = { 0 };

  turn_moves (st, seat, &moves);
  return moves.len == 0;
}

static void
synchronous_outcome (const CpState *state, CpOutcome *outcome)
{
  const SyncState *st = SYNC_STATE (state);
  gboolean mated[2] = { FALSE, FALSE }, stalemated = FALSE;

  *outcome = state->outcome;
  if (outcome->status != CP_STATUS_PLAYING || st->stage != STAGE_CHOOSING
      || st->choice[0].kind != CHOICE_NONE || st->choice[1].kind != CHOICE_NONE)
    return;
  for (guint seat = 0; seat < 2; seat++)
    if (stuck (st, seat))
      {
        mated[seat] = in_check (st, seat);
        stalemated = stalemated || !mated[seat];
      }
  if (mated[0] && mated[1])
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_CHECKMATE, 0 };
  else if (mated[0] || mated[1])
    *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_CHECKMATE, CP_SEAT_BIT (mated[0] ? 1 : 0) };
  else if (stalemated)
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_STALEMATE, 0 };
  else if (cp_chess_insufficient_material (&st->chess))
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_INSUFFICIENT_MATERIAL, 0 };
  else
    cp_chess_draw_by_counting (&st->chess, outcome);
}

static CpEndReason
synchronous_claimable (const CpState *state)
{
  const SyncState *st = SYNC_STATE (state);

  if (st->stage != STAGE_CHOOSING)
    return CP_END_NONE;
  return cp_chess_claimable (&st->chess);
}

/* A move as a MOVE in orthodox notation, without check marks, which
 * the other move may make wrong. */
static char *
move_text (const SyncState *st, const CpAction *action, CpNotation notation)
{
  CpAction move = *action;
  g_autofree char *text = NULL;

  move.type = CP_ACTION_MOVE;
  text = cp_chess_format (&st->chess, &move, notation);
  return cp_chess_strip_marks (text);
}

static char *
choice_text (const SyncState *st, guint seat, CpNotation notation)
{
  const Choice *c = &st->choice[seat];
  CpAction move;

  if (c->kind == CHOICE_PASS)
    return g_strdup (_("passes"));
  cp_action_init_move (&move, seat, c->from, c->to);
  move.piece = c->piece;
  move.flags = c->flags;
  return move_text (st, &move, notation);
}

static char *
cell_name (const SyncState *st, guint cell)
{
  return cp_board_cell_name (st->chess.base.board, cell);
}

/* What the reveal shows: both choices, and what came of them. */
static char *
describe_reveal (const SyncState *st, CpNotation notation)
{
  g_autoptr (SyncState) after = g_memdup2 (st, sizeof *st);
  g_autofree char *white = choice_text (st, 0, notation);
  g_autofree char *black = choice_text (st, 1, notation);
  GString *text = g_string_new (NULL);
  Mover movers[4];
  guint n = 0;
  Resolution res;

  for (guint seat = 0; seat < 2; seat++)
    n += choice_movers (st, seat, &st->choice[seat], movers + n);
  resolve (after, movers, n, &res);
  /* Translators: the two moves revealed together, such as "White Nf3, Black e5" */
  g_string_printf (text, _("White %s, Black %s"), white, black);
  if (res.swap)
    {
      g_autofree char *a = cell_name (st, res.swapped[0]), *b = cell_name (st, res.swapped[1]);

      /* Translators: %s, %s: two cells whose pieces changed places */
      g_string_append_printf (text, _(" — the pieces of %s and %s change places"), a, b);
    }
  else
    for (guint i = 0; i < res.n_missed; i++)
      {
        g_autofree char *cell = cell_name (st, res.missed[i]);

        /* Translators: %s: a cell where a capture found nothing, its piece having moved */
        g_string_append_printf (text, _(" — nothing is taken on %s: its piece has moved"), cell);
      }
  for (guint i = 0; i < res.n_both_taken; i++)
    {
      g_autofree char *cell = cell_name (st, res.both_taken[i]);

      /* Translators: %s: a cell two pieces moved to at once */
      g_string_append_printf (text, _(" — both pieces fall on %s"), cell);
    }
  return g_string_free (text, FALSE);
}

static char *
synchronous_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  const SyncState *st = SYNC_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_COMMIT:
      if (action->n_cells < 2)
        return g_strdup (_("passes"));
      return move_text (st, action, notation);
    case CP_ACTION_MOVE:
      return move_text (st, action, notation);
    case CP_ACTION_PASS:
      return g_strdup (_("passes"));
    case CP_ACTION_REVEAL:
      return describe_reveal (st, notation);
    default:
      return g_strdup (cp_action_type_to_id (action->type));
    }
}

static void
synchronous_redact (CpState *state, guint seat)
{
  SyncState *st = SYNC_STATE (state);

  for (guint s = 0; s < 2; s++)
    if (s != seat && st->choice[s].kind != CHOICE_NONE)
      st->choice[s] = (Choice) { CHOICE_SEALED, 0, 0, 0, 0 };
}

/* A world @seat's view allows: a sealed choice of the other seat is any
 * of the choices it had, drawn at random. */
static void
synchronous_sample (CpState *state, guint seat, GRand *rand)
{
  SyncState *st = SYNC_STATE (state);

  for (guint s = 0; s < 2; s++)
    if (s != seat && st->choice[s].kind == CHOICE_SEALED)
      {
        g_auto (CpActionList) legal = { 0 };

        st->choice[s].kind = CHOICE_NONE;
        synchronous_legal (state, s, &legal);
        st->choice[s] = legal.len == 0 ? (Choice) { CHOICE_PASS, 0, 0, 0, 0 }
                        : choice_of (&legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)]);
      }
}

/* The other seat's sealed choice, made without knowing @seat's, is to be
 * made again in a search for @seat. */
static void
synchronous_reopen (CpState *state, guint seat)
{
  SyncState *st = SYNC_STATE (state);

  if (seat <= 1 && st->choice[seat].kind == CHOICE_NONE && st->choice[1 - seat].kind == CHOICE_SEALED)
    st->choice[1 - seat] = (Choice) { CHOICE_NONE, 0, 0, 0, 0 };
}

static guint
synchronous_check_cell (const CpState *state)
{
  const SyncState *st = SYNC_STATE (state);

  for (guint seat = 0; seat < 2; seat++)
    if (in_check (st, seat))
      return st->chess.king[seat];
  return CP_NO_CELL;
}

/* The cells where an exchange of blows goes on, in words: "d5 and e4". */
static char *
squares_text (const SyncState *st)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < st->n_squares; i++)
    if (square_open (st, i))
      {
        g_autofree char *name = cell_name (st, st->square[i]);

        if (text->len > 0)
          g_string_append (text, ", ");
        g_string_append (text, name);
      }
  return g_string_free (text, FALSE);
}

static char *
prompt (const SyncState *st, guint seat)
{
  g_autofree char *squares = NULL;

  if (seat > 1 || !(synchronous_pending (&st->chess.base) & CP_SEAT_BIT (seat)))
    return NULL;
  if (st->stage == STAGE_CHOOSING)
    {
      if (in_check (st, seat))
        return g_strdup (_("Your king is in check: choose a king move to a square that is not attacked now"));
      return g_strdup (_("Choose your move: it stays sealed until both players have chosen"));
    }
  squares = squares_text (st);
  if (strikers (st) == (CP_SEAT_BIT (0) | CP_SEAT_BIT (1)))
    /* Translators: %s: the cells of an exchange of blows, such as "d5, e4" */
    return g_strdup_printf (_("Exchange of blows on %s: choose a capture or pass, sealed until both have chosen"),
                            squares);
  /* Translators: %s: the cells of an exchange of blows, such as "d5" */
  return g_strdup_printf (_("Exchange of blows on %s: capture there, or pass"), squares);
}

static void
synchronous_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  const SyncState *st = SYNC_STATE (state);
  guint actor = viewer == CP_VIEW_ALL ? cp_state_first_pending (state) : viewer;
  g_auto (CpActionList) legal = { 0 };

  cp_presentation_add_legend (out, CP_MARK_TINT,
                              _("A tinted cell is where an exchange of blows is still to be fought."));
  if (cp_state_is_over (state))
    return;
  for (guint i = 0; st->stage == STAGE_BLOWS && i < st->n_squares; i++)
    if (square_open (st, i))
      cp_presentation_add_overlay (out, CP_OVERLAY_TINT, st->square[i], _("exchange of blows"));
  for (guint seat = 0; seat < 2; seat++)
    if (st->choice[seat].kind != CHOICE_NONE)
      cp_presentation_add_side (out, CP_SIDE_TEXT, seat)->text = g_strdup (_("sealed"));
  if (actor > 1)
    return;
  cp_presentation_set_prompt (out, prompt (st, actor));
  if (st->stage != STAGE_BLOWS)
    return;
  synchronous_legal (state, actor, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].n_cells == 0)
      cp_presentation_add_button (out, &legal.items[i], "pass", _("_Pass"));
}

/* A list of cells joined by "+", or "-" for none, as bits. */
static gboolean
read_cells (const SyncState *st, const char *field, guint64 *cells)
{
  g_auto (GStrv) names = NULL;

  *cells = 0;
  if (g_str_equal (field, "-"))
    return TRUE;
  names = g_strsplit (field, "+", -1);
  for (guint i = 0; names[i]; i++)
    {
      guint cell;

      if (!cp_board_parse_cell (st->chess.base.board, names[i], &cell, NULL))
        return FALSE;
      *cells |= CELL_BIT (cell);
    }
  return TRUE;
}

static void
write_cells (const SyncState *st, guint64 cells, GString *out)
{
  gsize start = out->len;

  for (guint c = 0; c < 64; c++)
    if (cells & CELL_BIT (c))
      {
        g_autofree char *name = cell_name (st, c);

        g_string_append_printf (out, "%s%s", out->len > start ? "+" : "", name);
      }
  if (out->len == start)
    g_string_append_c (out, '-');
}

/* The eighth field: the cells of an exchange of blows, "-" for none, each
 * with "x" once a blow has landed there and "p" once a pass has ended it
 * there, then ":" and the pieces that may strike there first. */
static gboolean
read_squares (SyncState *st, const char *field, const char *text, GError **error)
{
  g_auto (GStrv) squares = NULL;

  st->n_squares = 0;
  st->done = 0;
  if (g_str_equal (field, "-"))
    return TRUE;
  squares = g_strsplit (field, ",", -1);
  for (guint i = 0; squares[i]; i++)
    {
      g_auto (GStrv) parts = g_strsplit (squares[i], ":", -1);
      char *name;
      gsize len;
      guint k = st->n_squares, cell;

      if (k == MAX_SQUARES)
        return cp_error_bad_position (error, text, _("the exchange of blows has too many cells"));
      if (g_strv_length (parts) != 2)
        return cp_error_bad_position (error, text, _("a cell of the exchange of blows is not written as “d5x:c3+e7”"));
      name = parts[0];
      len = strlen (name);
      st->closed[k] = st->struck[k] = FALSE;
      while (len > 2 && (name[len - 1] == 'x' || name[len - 1] == 'p'))
        {
          if (name[len - 1] == 'x')
            st->struck[k] = TRUE;
          else
            st->closed[k] = TRUE;
          name[--len] = '\0';
        }
      if (!cp_board_parse_cell (st->chess.base.board, name, &cell, NULL)
          || !read_cells (st, parts[1], &st->guards[k]))
        return cp_error_bad_position (error, text, _("a cell of the exchange of blows is not written as “d5x:c3+e7”"));
      if (st->chess.base.cells[cell].kind == CP_PIECE_NONE)
        return cp_error_bad_position (error, text, _("a cell of the exchange of blows is empty"));
      st->square[k] = (guint8) cell;
      if (st->struck[k])
        st->done |= CELL_BIT (cell);
      st->n_squares++;
    }
  return TRUE;
}

/* The choice of @seat written as in the text: "-" for none yet, "pass",
 * or the move in computer notation. */
static char *
write_choice (const SyncState *st, guint seat)
{
  const Choice *c = &st->choice[seat];
  CpAction move;

  if (c->kind == CHOICE_NONE)
    return g_strdup ("-");
  if (c->kind == CHOICE_PASS)
    return g_strdup ("pass");
  cp_action_init_move (&move, seat, c->from, c->to);
  move.piece = c->piece;
  move.flags = c->flags;
  return move_text (st, &move, CP_NOTATION_COMPUTER);
}

/* The seventh field: the sealed choices of White and Black, joined by
 * ",": each a legal choice of the turn or of the exchange of blows. */
static gboolean
read_choices (SyncState *st, const char *field, const char *text, GError **error)
{
  g_auto (GStrv) choices = g_strsplit (field, ",", -1);
  Choice found[2];

  if (g_strv_length (choices) != 2)
    return cp_error_bad_position (error, text, _("the sealed choices are not two, joined by “,”"));
  memset (st->choice, 0, sizeof st->choice);
  for (guint seat = 0; seat < 2; seat++)
    {
      g_auto (CpActionList) legal = { 0 };

      found[seat] = (Choice) { CHOICE_NONE, 0, 0, 0, 0 };
      if (g_str_equal (choices[seat], "-"))
        continue;
      synchronous_legal (&st->chess.base, seat, &legal);
      for (guint i = 0; i < legal.len && found[seat].kind == CHOICE_NONE; i++)
        {
          g_autofree char *written = NULL;

          if (legal.items[i].type != CP_ACTION_COMMIT)
            continue;
          st->choice[seat] = choice_of (&legal.items[i]);
          written = write_choice (st, seat);
          st->choice[seat] = (Choice) { CHOICE_NONE, 0, 0, 0, 0 };
          if (g_str_equal (written, choices[seat]))
            found[seat] = choice_of (&legal.items[i]);
        }
      if (found[seat].kind == CHOICE_NONE)
        return cp_error_bad_position (error, text,
                               seat == 0 ? _("White’s sealed choice is not one White may make")
                                         : _("Black’s sealed choice is not one Black may make"));
    }
  if (found[0].kind != CHOICE_NONE && found[1].kind != CHOICE_NONE)
    return cp_error_bad_position (error, text, _("both choices are sealed: they are shown at once"));
  memcpy (st->choice, found, sizeof st->choice);
  st->blows = st->stage == STAGE_BLOWS && (found[0].kind != CHOICE_NONE || found[1].kind != CHOICE_NONE);
  return TRUE;
}

/* The fields after FEN: the sealed choices (read_choices()), the
 * exchange of blows (read_squares()), and "1" when a piece was taken or a
 * pawn moved this turn, else "0". */
static gboolean
read_state (SyncState *st, GStrv extra, const char *text, GError **error)
{
  guint n = g_strv_length (extra);

  if (n == 0)
    return TRUE;
  if (n != 3)
    return cp_error_bad_position (error, text, n < 3 ? _("it has too few fields") : _("it has too many fields"));
  if (!g_str_equal (extra[2], "0") && !g_str_equal (extra[2], "1"))
    return cp_error_bad_position (error, text, _("the last field must be “0” or “1”"));
  st->changed = extra[2][0] == '1';
  if (!read_squares (st, extra[1], text, error))
    return FALSE;
  if (st->n_squares > 0)
    {
      st->stage = STAGE_BLOWS;
      if (strikers (st) == 0)
        return cp_error_bad_position (error, text, _("nobody may strike in the exchange of blows"));
    }
  return read_choices (st, extra[0], text, error);
}

static char *
synchronous_write_position (const CpState *state)
{
  const SyncState *st = SYNC_STATE (state);
  g_autofree char *fen = cp_fen_write (&st->chess, CP_FEN_STANDARD);
  g_autofree char *white = write_choice (st, 0);
  g_autofree char *black = write_choice (st, 1);
  GString *out = g_string_new (NULL);

  g_string_printf (out, "%s %s,%s ", fen, white, black);
  for (guint i = 0; st->stage == STAGE_BLOWS && i < st->n_squares; i++)
    {
      g_autofree char *name = cell_name (st, st->square[i]);

      g_string_append_printf (out, "%s%s%s%s:", i > 0 ? "," : "", name, st->struck[i] ? "x" : "",
                              st->closed[i] ? "p" : "");
      write_cells (st, st->guards[i], out);
    }
  if (st->stage != STAGE_BLOWS || st->n_squares == 0)
    g_string_append_c (out, '-');
  g_string_append_printf (out, " %d", st->changed ? 1 : 0);
  return g_string_free (out, FALSE);
}

static guint64
mix (guint64 h, guint64 v)
{
  h ^= v + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
  return h * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
}

/* The key of the position: the pieces, and what the turn holds so far. */
static guint64
synchronous_hash (const CpState *state)
{
  const SyncState *st = SYNC_STATE (state);
  guint64 h = mix (st->chess.hash, st->stage | (guint) st->blows << 8 | (guint) st->changed << 16);

  for (guint seat = 0; seat < 2; seat++)
    {
      const Choice *c = &st->choice[seat];

      h = mix (h, c->kind | (guint) c->from << 8 | (guint) c->to << 16 | (guint) c->piece << 24
                  | (guint64) c->flags << 32);
    }
  for (guint i = 0; st->stage == STAGE_BLOWS && i < st->n_squares; i++)
    h = mix (mix (h, st->square[i] | (guint) st->closed[i] << 8 | (guint) st->struck[i] << 16), st->guards[i]);
  return st->stage == STAGE_BLOWS ? mix (h, st->done) : h;
}

const CpRules cp_synchronous_rules = {
  .id = "synchronous",
  .name = N_("Synchronous Chess"),
  .summary = N_("Both players move at once, in secret; an exchange of blows may follow"),
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_DRAWS | CP_RULES_SECRETS,
  .numbering = CP_NUMBERING_SEALED_MOVES,
  .options = cp_chess_fen_options,
  .n_options = G_N_ELEMENTS (cp_chess_fen_options),
  .colours = colours,
  .state_size = sizeof (SyncState),
  .init = synchronous_init,
  .pending = synchronous_pending,
  .chance = synchronous_chance,
  .legal = synchronous_legal,
  .make = synchronous_make,
  .outcome = synchronous_outcome,
  .claimable = synchronous_claimable,
  .format = synchronous_format,
  .landing = cp_chess_rules_landing,
  .check_cell = synchronous_check_cell,
  .redact = synchronous_redact,
  .present = synchronous_present,
  .sample = synchronous_sample,
  .reopen = synchronous_reopen,
  .hash = synchronous_hash,
  .write_position = synchronous_write_position,
};
