/* cp-crowded-house-rules.c: Crowded House
 *
 * Two teams of two share the white and the black army; each player moves
 * only pieces that start or end on their half of the board.  Turns go
 * king-side White, king-side Black, queen-side White, queen-side Black.
 * There is no check as such: a move is illegal when it lets the next
 * player take the mover's king, and a player who cannot move while the
 * next player could take their king is checkmated.  Otherwise a player
 * without a move is passed over.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-chess-rules.h"
#include "cp-error.h"
#include "cp-games.h"

/* Seats in turn order; a seat's army is its number modulo 2. */
enum { WHITE_KING_SIDE, BLACK_KING_SIDE, WHITE_QUEEN_SIDE, BLACK_QUEEN_SIDE, N_SEATS };

static const guint8 view_rotations[] = { 0, 2, 0, 2 };

static const CpColour colours[] = {
  CP_COLOUR_WHITE, CP_COLOUR_BLACK, CP_COLOUR_WHITE, CP_COLOUR_BLACK,
};

static const char *const seat_names[] = {
  N_("White, king side"), N_("Black, king side"), N_("White, queen side"), N_("Black, queen side"),
};

/* What a king that the next player could take costs its team. */
#define KING_THREATENED 60
/* What a king costs its team that the other opponent, or the next but one,
 * could take if it were their turn: the partner who moves before them
 * must see to it, from their own half. */
#define KING_EXPOSED 30
/* No piece of the army attacks the cell. */
#define NO_TAKER G_MAXINT

/* White's players against Black's. */
static const guint8 teams[] = { 0, 1, 0, 1 };

static const CpPieceKind back_rank[8] = {
  CP_PIECE_ROOK, CP_PIECE_KNIGHT, CP_PIECE_BISHOP, CP_PIECE_QUEEN,
  CP_PIECE_KING, CP_PIECE_BISHOP, CP_PIECE_KNIGHT, CP_PIECE_ROOK,
};

/* The halves of the board: the king side, files e to h, and the queen
 * side, files a to d; the zones of the board hold the same, for the
 * cards and the screen. */
static const CpCellSet *
halves (void)
{
  static CpCellSet sides[2];
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint cell = 0; cell < 64; cell++)
        cp_cell_set_add (&sides[cell % 8 < 4], cell);
      g_once_init_leave (&done, 1);
    }
  return sides;
}

/* The half of the board of @seat. */
static const CpCellSet *
half (const CpState *state, guint seat)
{
  return &halves ()[seat >= WHITE_QUEEN_SIDE];
}

static CpBoard *
crowded_house_board (void)
{
  static gsize board = 0;

  if (g_once_init_enter (&board))
    {
      CpBoard *b = cp_board_new (8, 8);

      cp_board_add_zone (b, "king-side", &halves ()[0]);
      cp_board_add_zone (b, "queen-side", &halves ()[1]);
      g_once_init_leave (&board, (gsize) b);
    }
  return g_object_ref ((CpBoard *) board);
}

static const CpOptionSpec options[] = {
  { .id = CP_POSITION_OPTION, .label = N_("Start position"), .type = CP_OPTION_TEXT, .default_value = "" },
};

/* The names of the seats in position texts: army and half. */
static const char *const seat_ids[] = { "wk", "bk", "wq", "bq" };

/* The eighth field of a position text, if any: the players who have
 * resigned for their team, such as "bq", joined by ","; "-" for none. */
static gboolean
read_resigned (CpChessState *st, const char *field, const char *text, GError **error)
{
  g_auto (GStrv) seats = NULL;

  if (g_str_equal (field, "-"))
    return TRUE;
  seats = g_strsplit (field, ",", -1);
  for (guint i = 0; seats[i]; i++)
    {
      guint seat = 0;

      while (seat < N_SEATS && !g_str_equal (seats[i], seat_ids[seat]))
        seat++;
      if (seat == N_SEATS)
        return cp_error_bad_position (error, text, _("a player who resigned is not one of “wk”, “bk”, “wq” and “bq”"));
      st->base.out |= CP_SEAT_BIT (seat);
    }
  return TRUE;
}

/* The position of a text: FEN, whose side to move names the army, then
 * the half of the board of the player to move, "k" (files e to h) or "q"
 * (files a to d). */
static gboolean
read_position (CpChessState *st, const char *text, GError **error)
{
  g_auto (GStrv) extra = NULL;
  g_autofree char *fen = cp_fen_split (text, &extra);
  guint army;

  if (extra[0] == NULL)
    return cp_error_bad_position (error, text, _("the half of the board of the player to move is missing"));
  if (extra[1] != NULL && extra[2] != NULL)
    return cp_error_bad_position (error, text, _("it has too many fields"));
  if (!g_str_equal (extra[0], "k") && !g_str_equal (extra[0], "q"))
    return cp_error_bad_position (error, text, _("the half of the board of the player to move must be “k” or “q”"));
  /* Each army's king may stand attacked by the pieces of a player who
   * cannot move them. */
  if (!cp_fen_read_with (st, fen, CP_FEN_READ_ANY_CHECK, error))
    return FALSE;
  army = st->base.to_move;
  st->base.to_move = army + (g_str_equal (extra[0], "q") ? WHITE_QUEEN_SIDE : WHITE_KING_SIDE);
  /* Pawns never come back to their starting rank. */
  for (guint cell = 0; cell < 64; cell++)
    {
      CpPiece *p = &st->base.cells[cell];

      if (p->kind == CP_PIECE_PAWN && cell / 8 != (p->seat == 0 ? 1u : 6u))
        p->flags |= CP_PIECE_FLAG_MOVED;
    }
  st->hash = cp_chess_compute_hash (st);
  st->history[st->base.ply % CP_CHESS_HISTORY] = st->hash;
  return extra[1] == NULL || read_resigned (st, extra[1], text, error);
}

static gboolean
crowded_house_init (CpState *state, GHashTable *opts, GError **error)
{
  CpChessState *st = CP_CHESS_STATE (state);
  const char *text = g_hash_table_lookup (opts, CP_POSITION_OPTION);

  cp_chess_state_init_standard (st, crowded_house_board ());
  st->features &= (guint16) ~CP_CHESS_CHECK;
  for (guint seat = 0; seat < N_SEATS; seat++)
    st->army[seat] = st->team[seat] = (guint8) (seat % 2);
  if (text != NULL && text[0] != '\0')
    return read_position (st, text, error);
  cp_chess_state_place_back_rank (st, back_rank);
  for (guint army = 0; army < 2; army++)
    for (guint x = 0; x < 8; x += 7)
      cp_chess_state_add_castle_right (st, army, army * 56 + x);
  cp_chess_state_finish_setup (st);
  return TRUE;
}

/* The position: FEN with the army to move, then the half of the board of
 * the player to move (read_position()), and the players who resigned
 * (read_resigned()) if any. */
static char *
crowded_house_write_position (const CpState *state)
{
  CpChessState copy = *CP_CHESS_STATE (state);
  g_autofree char *fen = NULL;

  copy.base.to_move = state->to_move % 2;
  fen = cp_fen_write (&copy, CP_FEN_STANDARD);
  GString *out = g_string_new (fen);

  g_string_append (out, state->to_move >= WHITE_QUEEN_SIDE ? " q" : " k");
  /* Players who resigned, only when there are. */
  for (guint seat = 0, n = 0; seat < N_SEATS; seat++)
    if (state->out & CP_SEAT_BIT (seat))
      g_string_append_printf (out, "%s%s", n++ == 0 ? " " : ",", seat_ids[seat]);
  return g_string_free (out, FALSE);
}

static guint
next_seat (guint seat)
{
  return (seat + 1) % N_SEATS;
}

/* Whether @taker could take the king of @seat's army on a cell of
 * @cells, a piece moving from or to its half. */
static gboolean
can_take_king (const CpChessState *st, guint seat, guint taker, guint cell)
{
  const CpCellSet *taker_half = half (&st->base, taker);

  if (cell == CP_NO_CELL)
    return TRUE;
  return cp_chess_attacked_from (st, cell, st->army[seat],
                                 cp_cell_set_contains (taker_half, cell) ? NULL : taker_half);
}

/* Whether @seat's king stands where the next player could take it. */
static gboolean
threatened (const CpChessState *st, guint seat)
{
  return can_take_king (st, seat, next_seat (seat), st->king[st->army[seat]]);
}

/* Whether the king passes no cell, on its way to castle, where the next
 * player could take it. */
static gboolean
castling_path_safe (const CpChessState *st, guint seat, const CpAction *move)
{
  CpBoard *board = st->base.board;
  guint from = move->cells[0], to = cp_chess_landing (st, move);
  guint y = cp_board_cell_y (board, from);
  guint x0 = cp_board_cell_x (board, from), x1 = cp_board_cell_x (board, to);

  for (guint x = MIN (x0, x1); x <= MAX (x0, x1); x++)
    if (can_take_king (st, seat, next_seat (seat), cp_board_cell_at (board, (int) x, (int) y)))
      return FALSE;
  return TRUE;
}

/* Adds to @out the legal moves of @seat, to move in @state; only the
 * first one found when @first_only. */
static void
add_legal (const CpState *state, guint seat, gboolean first_only, CpActionList *out)
{
  const CpChessState *st = CP_CHESS_STATE (state);
  const CpCellSet *mine = half (state, seat);
  g_auto (CpActionList) moves = { 0 };
  g_autoptr (CpState) trial = NULL;

  cp_chess_legal (st, seat, &moves);
  /* Each move is tried on one copy of the position and taken back. */
  trial = cp_state_copy (state);
  for (guint i = 0; i < moves.len; i++)
    {
      const CpAction *move = &moves.items[i];
      gboolean safe;
      CpUndo undo;

      if (!cp_cell_set_contains (mine, move->cells[0])
          && !cp_cell_set_contains (mine, cp_state_landing (state, move)))
        continue;
      if ((move->flags & CP_ACTION_FLAG_CASTLE) && !castling_path_safe (st, seat, move))
        continue;
      cp_chess_make (CP_CHESS_STATE (trial), move, &undo);
      safe = !threatened (CP_CHESS_STATE (trial), seat);
      cp_chess_unmake (CP_CHESS_STATE (trial), move, &undo);
      if (safe)
        {
          cp_action_list_append (out, move);
          if (first_only)
            return;
        }
    }
}

static void
crowded_house_legal (const CpState *state, guint seat, CpActionList *out)
{
  if (seat == state->to_move)
    add_legal (state, seat, FALSE, out);
}

/* Whether the seat to move has a move. */
static gboolean
can_move (const CpState *state)
{
  g_auto (CpActionList) moves = { 0 };

  add_legal (state, state->to_move, TRUE, &moves);
  return moves.len > 0;
}

/* Makes a move, then passes over the players who have none, unless their
 * king is lost: their team is checkmated. */
static void
crowded_house_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  cp_chess_make (CP_CHESS_STATE (state), action, NULL);
  for (guint i = 0; i < N_SEATS - 1; i++)
    {
      CpAction pass;

      if (can_move (state) || threatened (CP_CHESS_STATE (state), state->to_move))
        return;
      cp_action_init (&pass, CP_ACTION_PASS, state->to_move);
      cp_chess_make (CP_CHESS_STATE (state), &pass, NULL);
    }
}

static void
crowded_house_outcome (const CpState *state, CpOutcome *outcome)
{
  const CpChessState *st = CP_CHESS_STATE (state);
  CpSeatMask team[2] = { CP_SEAT_BIT (0) | CP_SEAT_BIT (2), CP_SEAT_BIT (1) | CP_SEAT_BIT (3) };
  gboolean stuck;

  if (state->outcome.status != CP_STATUS_PLAYING)
    {
      *outcome = state->outcome;
      return;
    }
  *outcome = (CpOutcome) { CP_STATUS_PLAYING, CP_END_NONE, 0 };
  /* A player who resigns resigns for the team. */
  if (state->out != 0)
    {
      *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_RESIGNATION,
                               team[(state->out & team[0]) != 0] };
      return;
    }
  stuck = !can_move (state);
  if (stuck && threatened (st, state->to_move))
    *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_CHECKMATE, team[(state->to_move + 1) % 2] };
  else if (stuck)
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_STALEMATE, 0 };
  else if (cp_chess_insufficient_material (st))
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_INSUFFICIENT_MATERIAL, 0 };
  else
    cp_chess_draw_by_counting (st, outcome);
}

static char *
crowded_house_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  g_autoptr (CpState) after = NULL;
  g_auto (CpActionList) replies = { 0 };
  g_autofree char *text = NULL;
  guint next;

  text = cp_chess_format (CP_CHESS_STATE (state), action, notation);
  if (notation == CP_NOTATION_COMPUTER)
    return g_steal_pointer (&text);

  /* "+" when the player who moves next could lose their king to the one
   * after; "#" when they cannot stop it. */
  after = cp_state_copy (state);
  crowded_house_make (after, action, NULL);
  next = after->to_move;
  if (!threatened (CP_CHESS_STATE (after), next))
    return g_steal_pointer (&text);
  crowded_house_legal (after, next, &replies);
  return g_strconcat (text, replies.len == 0 ? "#" : "+", NULL);
}

static guint
crowded_house_check_cell (const CpState *state)
{
  const CpChessState *st = CP_CHESS_STATE (state);

  return threatened (st, state->to_move) ? st->king[st->army[state->to_move]] : CP_NO_CELL;
}

static void
crowded_house_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  const CpCellSet *moving = half (state, state->to_move);

  cp_presentation_add_legend (out, CP_MARK_AREA,
                              _("A dashed line outlines the half of the board where the player to move may "
                                "move."))->piece.kind = CP_PIECE_NONE;
  for (guint cell = 0; cell < CP_MAX_CELLS; cell++)
    if (cp_cell_set_contains (moving, cell))
      cp_presentation_add_overlay (out, CP_OVERLAY_AREA, cell, _("half of the player to move"))->count = 1;
  if ((viewer != state->to_move && viewer != CP_VIEW_ALL)
      || !(cp_state_pending (state) & CP_SEAT_BIT (state->to_move)))
    return;
  cp_presentation_set_prompt (out, g_strdup (state->to_move < WHITE_QUEEN_SIDE
                                               ? _("Move a piece that starts or ends on the king side, files e to h")
                                               : _("Move a piece that starts or ends on the queen side, files a to d")));
}

static char *
crowded_house_explain (const CpState *state, guint seat, guint cell)
{
  const CpPiece *piece = &state->cells[cell];

  if (piece->kind == CP_PIECE_NONE)
    return NULL;
  if (piece->seat != CP_CHESS_STATE (state)->army[seat])
    return g_strdup (_("That piece belongs to the other team"));
  if (!cp_cell_set_contains (half (state, seat), cell))
    return g_strdup (_("That piece is on your partner’s half and cannot reach yours now"));
  return NULL;
}

/* For computer players: the cells each army attacks, from each half of
 * the board, by the kind of piece that does: [army][half][taker], half 1
 * the queen side, the takers those of `taker_worth`. */
enum { TAKER_PAWN, TAKER_MINOR, TAKER_ROOK, TAKER_QUEEN, TAKER_KING, N_TAKERS };

typedef struct {
  guint64 cells[2][2][N_TAKERS];
  guint64 pieces[2];    /* where each army's pieces other than the king stand */
} Attacks;

/* What a taker risks: a king may only take what is not defended. */
static const int taker_worth[N_TAKERS] = { 100, 320, 500, 900, 2000 };

static void
note_attack (guint64 *cells, int x, int y)
{
  if (x >= 0 && x < 8 && y >= 0 && y < 8)
    *cells |= G_GUINT64_CONSTANT (1) << (y * 8 + x);
}

static guint
taker_of (CpPieceKind kind)
{
  switch (kind)
    {
    case CP_PIECE_PAWN:
      return TAKER_PAWN;
    case CP_PIECE_ROOK:
      return TAKER_ROOK;
    case CP_PIECE_QUEEN:
      return TAKER_QUEEN;
    case CP_PIECE_KING:
      return TAKER_KING;
    default:
      return TAKER_MINOR;
    }
}

static void
note_piece_attacks (const CpState *state, Attacks *a, guint from)
{
  static const int leaps[2][8][2] = {
    { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } },
    { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } },
  };
  const CpPiece *p = &state->cells[from];
  guint64 *cells = &a->cells[p->seat][from % 8 < 4][taker_of (p->kind)];
  int x = (int) from % 8, y = (int) from / 8;
  gboolean straight = p->kind == CP_PIECE_ROOK || p->kind == CP_PIECE_QUEEN;
  gboolean diagonal = p->kind == CP_PIECE_BISHOP || p->kind == CP_PIECE_QUEEN;

  if (p->kind == CP_PIECE_PAWN)
    for (int dx = -1; dx <= 1; dx += 2)
      note_attack (cells, x + dx, y + (p->seat == 0 ? 1 : -1));
  if (p->kind == CP_PIECE_KNIGHT || p->kind == CP_PIECE_KING)
    for (guint i = 0; i < 8; i++)
      note_attack (cells, x + leaps[p->kind == CP_PIECE_KING][i][0], y + leaps[p->kind == CP_PIECE_KING][i][1]);
  for (guint i = 0; i < 8 && (straight || diagonal); i++)
    {
      int dx = leaps[1][i][0], dy = leaps[1][i][1];

      if ((dx == 0 || dy == 0) ? !straight : !diagonal)
        continue;
      for (int tx = x + dx, ty = y + dy; tx >= 0 && tx < 8 && ty >= 0 && ty < 8; tx += dx, ty += dy)
        {
          note_attack (cells, tx, ty);
          if (state->cells[ty * 8 + tx].kind != CP_PIECE_NONE)
            break;
        }
    }
}

static void
find_attacks (const CpState *state, Attacks *a)
{
  memset (a, 0, sizeof *a);
  for (guint c = 0; c < 64; c++)
    if (state->cells[c].kind != CP_PIECE_NONE && state->cells[c].seat < 2)
      {
        note_piece_attacks (state, a, c);
        if (state->cells[c].kind != CP_PIECE_KING)
          a->pieces[state->cells[c].seat] |= G_GUINT64_CONSTANT (1) << c;
      }
}

/* The least worth of a piece of @army that @seat could take with on
 * @cell: any of the army's on the seat's half, only those standing on
 * it elsewhere; NO_TAKER if none. */
static int
least_taker (const Attacks *a, guint army, guint seat, guint cell)
{
  guint mine = seat >= WHITE_QUEEN_SIDE;
  gboolean on_mine = (cell % 8 < 4) == mine;

  for (guint t = 0; t < N_TAKERS; t++)
    {
      guint64 cells = on_mine ? a->cells[army][0][t] | a->cells[army][1][t] : a->cells[army][mine][t];

      if (cells & (G_GUINT64_CONSTANT (1) << cell))
        return taker_worth[t];
    }
  return NO_TAKER;
}
/* The most @seat could win at once by a capture: the worth of a piece the
 * next player could not take back, or of one worth more than its taker. */
static int
capture_gain (const CpChessState *st, const Attacks *a, guint seat)
{
  guint army = st->army[seat], next = next_seat (seat), mine = seat >= WHITE_QUEEN_SIDE;
  guint64 reach = 0, victims;
  int best = 0;

  /* The cells the seat may take on: any of its half, those of the other
   * half from its own. */
  for (guint t = 0; t < N_TAKERS; t++)
    reach |= ((a->cells[army][mine][t] | a->cells[army][!mine][t]) & halves ()[mine].bits[0])
             | a->cells[army][mine][t];
  for (victims = a->pieces[st->army[next]] & reach; victims != 0; victims &= victims - 1)
    {
      guint c = cp_bits_lowest (victims);
      const CpPiece *p = &st->base.cells[c];
      int taker = least_taker (a, army, seat, c), worth;

      worth = cp_piece_kind_value (p->kind);
      best = MAX (best, least_taker (a, p->seat, next, c) == NO_TAKER ? worth : worth - taker);
    }
  return best;
}

/* What the dangers to @army's king cost it: the next player could take
 * it, or another opponent could on their turn. */
static int
king_danger (const CpChessState *st, guint army)
{
  guint to_move = st->base.to_move, king = st->king[army];
  int danger = 0;

  if (king == CP_NO_CELL)
    return 0;
  /* Seat @army plays for the army of that number. */
  for (guint taker = 0; taker < N_SEATS; taker++)
    if (st->army[taker] != army && taker != to_move && can_take_king (st, army, taker, king))
      danger += taker == next_seat (to_move) ? KING_THREATENED : KING_EXPOSED;
  return danger;
}

/* For computer players: the position as chess sees it from the side of
 * the seat's army, for both partners alike; each king that an opponent
 * could take, as a great danger when the next player could, a lesser one
 * when the other opponent could on their turn; the best capture of the
 * player to move, who will likely make it, and a part of the best of the
 * next player, which the player to move can meet only from their own
 * half.  The chess evaluation gives the army to move a small bonus. */
static int
crowded_house_evaluate (const CpState *state, guint seat)
{
  const CpChessState *st = CP_CHESS_STATE (state);
  guint army = st->army[seat], mover = st->army[state->to_move];
  int score = cp_chess_evaluate (st, army), threats;
  Attacks attacks;

  score += king_danger (st, 1 - army) - king_danger (st, army);
  find_attacks (state, &attacks);
  threats = capture_gain (st, &attacks, state->to_move) * 2 / 3
            - capture_gain (st, &attacks, next_seat (state->to_move)) / 3;
  return score + (mover == army ? threats : -threats);
}

const CpRules cp_crowded_house_rules = {
  .id = "crowded-house",
  .name = N_("Crowded House"),
  .summary = N_("Two teams of two, each player moving the pieces on their half of the board"),
  .min_seats = 4,
  .max_seats = 4,
  .options = options,
  .n_options = G_N_ELEMENTS (options),
  .colours = colours,
  .seat_names = seat_names,
  .teams = teams,
  .view_rotations = view_rotations,
  .state_size = sizeof (CpChessState),
  .init = crowded_house_init,
  .pending = cp_chess_rules_pending,
  .legal = crowded_house_legal,
  .make = crowded_house_make,
  .outcome = crowded_house_outcome,
  .claimable = cp_chess_rules_claimable,
  .format = crowded_house_format,
  .parse = cp_chess_rules_parse,
  .landing = cp_chess_rules_landing,
  .check_cell = crowded_house_check_cell,
  .present = crowded_house_present,
  .explain = crowded_house_explain,
  .evaluate = crowded_house_evaluate,
  .hash = cp_chess_rules_hash,
  .write_position = crowded_house_write_position,
};
