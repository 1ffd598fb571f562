/* cp-two-move-rules.c: Two Move Chess
 *
 * Each player holds one card for each kind of piece but the pawn.  Every
 * turn both choose two cards in secret (COMMIT, seen by the chooser
 * alone); the rules then reveal them together (a REVEAL by chance).  A
 * card both chose cancels; a card whose partner was cancelled moves
 * twice.  The cards are then carried out from the least valuable to the
 * most, each moving a piece of its kind or of the player's least valuable
 * kind that can move.  There is no check: a captured king ends the game.
 *
 * Cards lie face up once played, and the player with all four of theirs
 * face up takes them back at the end of a turn, so the players take turns
 * being limited to three cards.
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
  STAGE_COLOURS,    /* who plays White is drawn */
  STAGE_FACE_UP,    /* White lays two cards face up to begin */
  STAGE_CHOOSING,   /* both players choose two cards in secret */
  STAGE_REVEALING,  /* both choices are in and are shown together */
  STAGE_MOVING,     /* the cards are carried out in order */
} Stage;

/* Sets of cards are sets of piece kinds: bit k for CpPieceKind k. */
#define KIND_BIT(kind) (1u << (kind))
#define ALL_CARDS (KIND_BIT (CP_PIECE_KNIGHT) | KIND_BIT (CP_PIECE_BISHOP) | KIND_BIT (CP_PIECE_ROOK) \
                   | KIND_BIT (CP_PIECE_QUEEN) | KIND_BIT (CP_PIECE_KING))
/* A choice made that the viewer may not see. */
#define SEALED_UNKNOWN 0x80u

typedef struct {
  CpChessState chess;
  guint8 stage;
  guint8 up[2];           /* the cards lying face up */
  guint8 sealed[2];       /* the cards chosen face down, not yet revealed */
  guint8 n_queue;         /* the cards to carry out this turn, in order */
  guint8 current;
  guint8 queue_seat[4];
  guint8 queue_kind[4];
  guint8 queue_moves[4];  /* moves left to the card */
  guint64 pawns_moved;    /* cells of the pawns that moved this turn */
  guint8 colours_drawn;   /* the colours were drawn at random... */
  guint8 seats_changed;   /* ...and the players changed seats */
} TwoMoveState;

#define TWO_MOVE_STATE(s) ((TwoMoveState *) (s))
#define CELL_BIT(cell) (G_GUINT64_CONSTANT (1) << (cell))

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

static const char *const colour_choices[] = { "random", "seated", NULL };
static const char *const colour_labels[] = { N_("Drawn at random"), N_("As seated"), NULL };
static const char *const first_choices[] = { "king-rook", "chosen", NULL };
static const char *const first_labels[] = { N_("King and rook"), N_("White chooses"), NULL };

static const CpOptionSpec options[] = {
  { .id = "colours", .label = N_("Colours"), .type = CP_OPTION_CHOICE, .default_value = "random",
    .choices = colour_choices, .choice_labels = colour_labels },
  { .id = "first-cards", .label = N_("First cards on the table"), .type = CP_OPTION_CHOICE,
    .default_value = "king-rook", .choices = first_choices, .choice_labels = first_labels },
  { .id = "fen", .label = N_("Start position (FEN)"), .type = CP_OPTION_TEXT, .default_value = "" },
};

/* The card of @kind that @seat holds: hearts for White, spades for Black. */
static CpCard
card_of (guint kind, guint seat)
{
  CpCard cards[CP_CARD_MAX_PER_PIECE];
  guint n = cp_card_for_piece ((CpPieceKind) kind, seat == 0 ? CP_COLOUR_WHITE : CP_COLOUR_BLACK, cards);
  CpSuit suit = seat == 0 ? CP_SUIT_HEARTS : CP_SUIT_SPADES;

  for (guint i = 0; i < n; i++)
    if (cp_card_get_suit (cards[i]) == suit)
      return cards[i];
  g_return_val_if_reached (CP_CARD_NONE);
}

/* The action value for a set of cards of @seat. */
static guint32
pack (guint kinds, guint seat)
{
  CpCard cards[CP_CARD_PACK_MAX];
  guint n = 0;

  for (guint kind = CP_PIECE_KNIGHT; kind <= CP_PIECE_KING; kind++)
    if (kinds & KIND_BIT (kind))
      cards[n++] = card_of (kind, seat);
  return cp_card_pack (cards, n);
}

static guint
unpack (guint32 value)
{
  CpCard cards[CP_CARD_PACK_MAX];
  guint n = cp_card_unpack (value, cards), kinds = 0;

  for (guint i = 0; i < n; i++)
    {
      CpPieceKind kind;

      if (cp_card_get_piece (cards[i], &kind, NULL))
        kinds |= KIND_BIT (kind);
    }
  return kinds;
}

/* The stage play begins with once the colours are known. */
static Stage
first_stage (const TwoMoveState *st)
{
  return st->up[0] != 0 ? STAGE_CHOOSING : STAGE_FACE_UP;
}

static void advance (TwoMoveState *st);

/* The pawns that moved this turn: a cell whose pawn moved and was then
 * taken or promoted no longer counts. */
static guint64
moved_pawns (const TwoMoveState *st)
{
  guint64 pawns = 0;

  for (guint c = 0; c < 64; c++)
    if ((st->pawns_moved & CELL_BIT (c)) && st->chess.base.cells[c].kind == CP_PIECE_PAWN)
      pawns |= CELL_BIT (c);
  return pawns;
}

/* Position texts: FEN, then the stage, the cards face up of White and of
 * Black, the cards they chose face down, the cards still to carry out and
 * the pawns that moved this turn. */

static const char *const stage_names[] = {
  [STAGE_COLOURS] = "-", [STAGE_FACE_UP] = "lay", [STAGE_CHOOSING] = "choose",
  [STAGE_REVEALING] = "choose", [STAGE_MOVING] = "move",
};

#define N_POSITION_FIELDS 7

static void
append_cards (GString *out, guint kinds, guint seat)
{
  gsize start = out->len;

  for (guint kind = CP_PIECE_KNIGHT; kind <= CP_PIECE_KING; kind++)
    if (kinds & KIND_BIT (kind))
      {
        if (out->len > start)
          g_string_append_c (out, ',');
        g_string_append (out, cp_card_to_id (card_of (kind, seat)));
      }
  if (out->len == start)
    g_string_append_c (out, '-');
}

static char *
two_move_write_position (const CpState *state)
{
  const TwoMoveState *st = TWO_MOVE_STATE (state);
  GString *out = g_string_new (NULL);
  g_autofree char *fen = cp_fen_write (&st->chess, CP_FEN_STANDARD);
  guint64 pawns = moved_pawns (st);
  gsize start;

  g_string_append_printf (out, "%s %s", fen, stage_names[st->stage]);
  for (guint seat = 0; seat < 2; seat++)
    {
      g_string_append_c (out, ' ');
      append_cards (out, st->up[seat], seat);
    }
  for (guint seat = 0; seat < 2; seat++)
    {
      g_string_append_c (out, ' ');
      append_cards (out, st->sealed[seat] == SEALED_UNKNOWN ? 0 : st->sealed[seat], seat);
    }
  g_string_append_c (out, ' ');
  start = out->len;
  for (guint i = st->current; st->stage == STAGE_MOVING && i < st->n_queue; i++)
    g_string_append_printf (out, "%s%s:%u", out->len > start ? "," : "",
                            cp_card_to_id (card_of (st->queue_kind[i], st->queue_seat[i])), st->queue_moves[i]);
  if (out->len == start)
    g_string_append_c (out, '-');
  g_string_append_c (out, ' ');
  start = out->len;
  for (guint c = 0; c < 64; c++)
    if (pawns & CELL_BIT (c))
      {
        g_autofree char *name = cp_board_cell_name (state->board, c);

        g_string_append_printf (out, "%s%s", out->len > start ? "," : "", name);
      }
  if (out->len == start)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

/* The card of @seat that @id names: its kind, or 0. */
static guint
read_card (const char *id, guint seat)
{
  CpCard card;

  for (guint kind = CP_PIECE_KNIGHT; kind <= CP_PIECE_KING; kind++)
    if (cp_card_from_id (id, &card) && card == card_of (kind, seat))
      return kind;
  return 0;
}

/* A set of cards of @seat, such as "KH,10H", or "-". */
static gboolean
read_cards (const char *field, guint seat, guint *kinds, const char *text, GError **error)
{
  g_auto (GStrv) ids = g_strsplit (field, ",", -1);

  *kinds = 0;
  if (g_str_equal (field, "-"))
    return TRUE;
  for (guint i = 0; ids[i] != NULL; i++)
    {
      guint kind = read_card (ids[i], seat);
      g_autofree char *reason = NULL;

      if (kind == 0)
        /* Translators: %s: a card id, such as "KS"; the cards of White
         * are hearts, those of Black spades */
        reason = g_strdup_printf (seat == 0 ? _("“%s” is not one of White’s cards")
                                            : _("“%s” is not one of Black’s cards"), ids[i]);
      else if (*kinds & KIND_BIT (kind))
        /* Translators: %s: a card id, such as "KS" */
        reason = g_strdup_printf (_("the card “%s” is given twice"), ids[i]);
      if (reason != NULL)
        return cp_error_bad_position (error, text, reason);
      *kinds |= KIND_BIT (kind);
    }
  return TRUE;
}

/* The cards still to carry out, such as "8H:1,10S:2". */
static gboolean
read_queue (TwoMoveState *st, const char *field, const char *text, GError **error)
{
  g_auto (GStrv) entries = g_strsplit (field, ",", -1);

  st->n_queue = st->current = 0;
  if (g_str_equal (field, "-"))
    return TRUE;
  for (guint i = 0; entries[i] != NULL; i++)
    {
      g_auto (GStrv) parts = g_strsplit (entries[i], ":", -1);
      guint kind = 0, seat = 0;

      if (g_strv_length (parts) == 2)
        for (seat = 0; seat < 2 && (kind = read_card (parts[0], seat)) == 0; seat++)
          ;
      if (kind == 0 || (!g_str_equal (parts[1], "1") && !g_str_equal (parts[1], "2")))
        {
          /* Translators: %s: what was read in place of a card to carry out */
          g_autofree char *reason = g_strdup_printf (_("“%s” is not a card to carry out: write the card, “:” "
                                                       "and how many moves it has left, 1 or 2"), entries[i]);

          return cp_error_bad_position (error, text, reason);
        }
      if (st->n_queue == G_N_ELEMENTS (st->queue_kind) || !(st->up[seat] & KIND_BIT (kind))
          || (st->n_queue > 0 && kind * 2 + seat <= st->queue_kind[st->n_queue - 1] * 2u + st->queue_seat[st->n_queue - 1]))
        return cp_error_bad_position (error, text, _("the cards to carry out must lie face up, "
                                              "the least valuable first and White’s before Black’s"));
      st->queue_seat[st->n_queue] = (guint8) seat;
      st->queue_kind[st->n_queue] = (guint8) kind;
      st->queue_moves[st->n_queue++] = (guint8) (parts[1][0] - '0');
    }
  return TRUE;
}

static gboolean
read_pawns (TwoMoveState *st, const char *field, const char *text, GError **error)
{
  g_auto (GStrv) names = g_strsplit (field, ",", -1);

  st->pawns_moved = 0;
  if (g_str_equal (field, "-"))
    return TRUE;
  for (guint i = 0; names[i] != NULL; i++)
    {
      guint cell;

      if (!cp_board_parse_cell (st->chess.base.board, names[i], &cell, NULL)
          || st->chess.base.cells[cell].kind != CP_PIECE_PAWN)
        {
          /* Translators: %s: what was read in place of the cell of a pawn */
          g_autofree char *reason = g_strdup_printf (_("“%s” is not the cell of a pawn"), names[i]);

          return cp_error_bad_position (error, text, reason);
        }
      st->pawns_moved |= CELL_BIT (cell);
    }
  return TRUE;
}

/* Whether the cards fit the stage. */
static const char *
check_stage (const TwoMoveState *st)
{
  for (guint seat = 0; seat < 2; seat++)
    if (cp_bits_count (st->up[seat]) > (st->stage == STAGE_MOVING ? 4u : 3u))
      return _("a player has too many cards face up: with four face up, they take them back");
  for (guint seat = 0; seat < 2; seat++)
    if (st->sealed[seat] != 0 && (st->stage != STAGE_CHOOSING || cp_bits_count (st->sealed[seat]) != 2))
      return _("two cards are chosen face down, only while the players choose");
  if (st->stage == STAGE_FACE_UP && (st->up[0] | st->up[1]) != 0)
    return _("cards lie face up before White has laid the first two");
  if (st->stage != STAGE_MOVING && (st->n_queue > 0 || st->pawns_moved != 0))
    return _("cards are carried out and pawns moved only while the cards are carried out");
  if (st->stage == STAGE_MOVING && st->n_queue == 0 && st->chess.base.outcome.status == CP_STATUS_PLAYING)
    return _("no card is left to carry out");
  return NULL;
}

/* Sets up the position of a text with the game's fields. */
static gboolean
read_position (TwoMoveState *st, const char *text, GError **error)
{
  g_auto (GStrv) extra = NULL;
  g_autofree char *fen = cp_fen_split (text, &extra);
  const char *problem;
  guint kings = 0;

  cp_chess_state_init_standard (&st->chess, cp_chess_standard_board ());
  st->chess.features = CP_CHESS_DOUBLE_STEP | CP_CHESS_CASTLING | CP_CHESS_HELD_TURN;
  if (g_strv_length (extra) != N_POSITION_FIELDS)
    return cp_error_bad_position (error, text, _("after the six fields of FEN come seven more: the stage, the "
                                          "cards face up of White and of Black, those they chose face "
                                          "down, the cards to carry out and the pawns that moved"));
  if (!cp_fen_read_with (&st->chess, fen, CP_FEN_READ_ANY_CHECK | CP_FEN_READ_KING_TAKEN, error))
    return FALSE;
  for (st->stage = STAGE_FACE_UP; st->stage <= STAGE_MOVING; st->stage++)
    if (st->stage != STAGE_REVEALING && g_str_equal (extra[0], stage_names[st->stage]))
      break;
  if (st->stage > STAGE_MOVING)
    return cp_error_bad_position (error, text, _("the stage must be “lay”, “choose” or “move”"));
  for (guint seat = 0; seat < 2; seat++)
    {
      guint up, sealed;

      if (!read_cards (extra[1 + seat], seat, &up, text, error)
          || !read_cards (extra[3 + seat], seat, &sealed, text, error))
        return FALSE;
      if (up & sealed)
        return cp_error_bad_position (error, text, _("a card chosen face down lies face up"));
      st->up[seat] = (guint8) up;
      st->sealed[seat] = (guint8) sealed;
    }
  if (!read_queue (st, extra[5], text, error) || !read_pawns (st, extra[6], text, error))
    return FALSE;

  /* A game whose king was taken is over. */
  for (guint seat = 0; seat < 2; seat++)
    if (st->chess.king[seat] != CP_NO_CELL)
      kings |= CP_SEAT_BIT (seat);
  if (kings != CP_SEAT_BIT (0) + CP_SEAT_BIT (1))
    st->chess.base.outcome = (CpOutcome) { CP_STATUS_WON, CP_END_KING_CAPTURED, kings };
  problem = check_stage (st);
  if (problem != NULL)
    return cp_error_bad_position (error, text, problem);
  if (st->stage == STAGE_CHOOSING && st->sealed[0] != 0 && st->sealed[1] != 0)
    st->stage = STAGE_REVEALING;
  if (st->stage == STAGE_MOVING && st->chess.base.outcome.status == CP_STATUS_PLAYING)
    advance (st);
  return TRUE;
}

static gboolean
two_move_init (CpState *state, GHashTable *opts, GError **error)
{
  TwoMoveState *st = TWO_MOVE_STATE (state);
  const char *text = g_hash_table_lookup (opts, CP_POSITION_OPTION);
  g_auto (GStrv) extra = NULL;

  /* A plain FEN is the start of chess; with the game's fields after it,
   * the whole position. */
  if (text != NULL)
    g_free (cp_fen_split (text, &extra));
  if (extra != NULL && extra[0] != NULL)
    return read_position (st, text, error);
  if (!cp_chess_rules_setup (state, opts, CP_CHESS_DOUBLE_STEP | CP_CHESS_CASTLING | CP_CHESS_HELD_TURN,
                             error))
    return FALSE;
  if (g_str_equal (g_hash_table_lookup (opts, "first-cards"), "king-rook"))
    st->up[0] = KIND_BIT (CP_PIECE_KING) | KIND_BIT (CP_PIECE_ROOK);
  if (g_str_equal (g_hash_table_lookup (opts, "colours"), "random"))
    st->stage = STAGE_COLOURS;
  else
    st->stage = first_stage (st);
  return TRUE;
}

/* Adds an action of @type for every two cards of @cards. */
static void
add_pairs (CpActionList *out, CpActionType type, guint seat, guint cards, CpSeatMask visible)
{
  for (guint a = CP_PIECE_KNIGHT; a <= CP_PIECE_KING; a++)
    for (guint b = a + 1; b <= CP_PIECE_KING; b++)
      if ((cards & KIND_BIT (a)) && (cards & KIND_BIT (b)))
        {
          CpAction *action = cp_action_list_add (out);

          cp_action_init (action, type, seat);
          action->value = pack (KIND_BIT (a) | KIND_BIT (b), seat);
          action->visible = visible;
        }
}

/* The moves the current card allows. */
static void
card_moves (const TwoMoveState *st, CpActionList *out)
{
  g_auto (CpActionList) moves = { 0 };
  guint seat = st->queue_seat[st->current], kind = st->queue_kind[st->current];
  guint least = CP_N_PIECE_KINDS, kept = 0;
  const CpPiece *cells = st->chess.base.cells;

  cp_chess_legal (&st->chess, seat, &moves);
  for (guint i = 0; i < moves.len; i++)
    {
      guint from = moves.items[i].cells[0];

      if (cells[from].kind == CP_PIECE_PAWN && (st->pawns_moved & CELL_BIT (from)))
        continue;
      moves.items[kept++] = moves.items[i];
      least = MIN (least, cells[from].kind);
    }
  moves.len = kept;

  for (guint i = 0; i < moves.len; i++)
    {
      const CpAction *move = &moves.items[i];
      guint piece = cells[move->cells[0]].kind;

      if (move->flags & CP_ACTION_FLAG_CASTLE ? kind == CP_PIECE_KING : piece == kind || piece == least)
        cp_action_list_append (out, move);
    }
}

static void
two_move_legal (const CpState *state, guint seat, CpActionList *out)
{
  const TwoMoveState *st = TWO_MOVE_STATE (state);

  switch (st->stage)
    {
    case STAGE_FACE_UP:
      add_pairs (out, CP_ACTION_PLAY_CARD, seat, ALL_CARDS, CP_SEATS_ALL);
      break;
    case STAGE_CHOOSING:
      if (st->sealed[seat] == 0)
        add_pairs (out, CP_ACTION_COMMIT, seat, ALL_CARDS & ~st->up[seat], CP_SEAT_BIT (seat));
      break;
    case STAGE_MOVING:
      if (st->current < st->n_queue && st->queue_seat[st->current] == seat)
        card_moves (st, out);
      break;
    default:
      break;
    }
}

static CpSeatMask
two_move_pending (const CpState *state)
{
  const TwoMoveState *st = TWO_MOVE_STATE (state);

  switch (st->stage)
    {
    case STAGE_COLOURS:
    case STAGE_REVEALING:
      return CP_SEAT_BIT (CP_SEAT_CHANCE);
    case STAGE_FACE_UP:
      return CP_SEAT_BIT (0);
    case STAGE_CHOOSING:
      return (CpSeatMask) ((st->sealed[0] == 0 ? CP_SEAT_BIT (0) : 0) | (st->sealed[1] == 0 ? CP_SEAT_BIT (1) : 0));
    default:
      return st->current < st->n_queue ? CP_SEAT_BIT (st->queue_seat[st->current]) : 0;
    }
}

static void
two_move_chance (const CpState *state, CpChance *request)
{
  if (TWO_MOVE_STATE (state)->stage == STAGE_COLOURS)
    *request = (CpChance) { CP_ACTION_ROLL, 2 };
  else
    request->type = CP_ACTION_REVEAL;
}

/* Ends the turn: the player with all four cards face up takes them back. */
static void
end_turn (TwoMoveState *st)
{
  for (guint seat = 0; seat < 2; seat++)
    if (cp_bits_count (st->up[seat]) >= 4)
      st->up[seat] = 0;
  st->n_queue = st->current = 0;
  st->pawns_moved = 0;
  st->stage = STAGE_CHOOSING;
  st->chess.fullmove++;
}

/* Goes on to the next card that has a move left and can make it; a card
 * that cannot move is passed over. */
static void
advance (TwoMoveState *st)
{
  for (; st->current < st->n_queue; st->current++)
    {
      g_auto (CpActionList) moves = { 0 };

      if (st->queue_moves[st->current] == 0)
        continue;
      card_moves (st, &moves);
      if (moves.len > 0)
        return;
    }
  end_turn (st);
}

/* Shows both choices and lines the cards up, least valuable first. */
static void
reveal (TwoMoveState *st)
{
  guint cancelled = st->sealed[0] & st->sealed[1];

  st->n_queue = st->current = 0;
  for (guint kind = CP_PIECE_KNIGHT; kind <= CP_PIECE_KING; kind++)
    for (guint seat = 0; seat < 2; seat++)
      {
        guint left = st->sealed[seat] & ~cancelled;

        if (!(left & KIND_BIT (kind)))
          continue;
        st->queue_seat[st->n_queue] = (guint8) seat;
        st->queue_kind[st->n_queue] = (guint8) kind;
        st->queue_moves[st->n_queue++] = cp_bits_count (left) == 1 ? 2 : 1;
      }
  for (guint seat = 0; seat < 2; seat++)
    {
      st->up[seat] |= st->sealed[seat];
      st->sealed[seat] = 0;
    }
  st->stage = STAGE_MOVING;
  advance (st);
}

static void
move (TwoMoveState *st, const CpAction *action)
{
  const CpPiece *cells = st->chess.base.cells;
  guint seat = action->seat, from = action->cells[0], to = action->cells[1];
  gboolean pawn = cells[from].kind == CP_PIECE_PAWN;
  gboolean takes_king = !(action->flags & CP_ACTION_FLAG_CASTLE) && cells[to].kind == CP_PIECE_KING;

  cp_chess_make (&st->chess, action, NULL);
  if (pawn)
    st->pawns_moved = (st->pawns_moved & ~CELL_BIT (from)) | CELL_BIT (to);
  if (takes_king)
    {
      /* The side without a king keeps no right to castle. */
      for (guint side = 0; side < CP_N_CASTLE_SIDES; side++)
        st->chess.castle[1 - seat][side] = (CpCastleRight) { CP_NO_CELL, CP_NO_CELL, CP_NO_CELL };
      st->chess.hash = cp_chess_compute_hash (&st->chess);
      st->chess.base.outcome = (CpOutcome) { CP_STATUS_WON, CP_END_KING_CAPTURED, CP_SEAT_BIT (seat) };
      return;
    }
  st->queue_moves[st->current]--;
  advance (st);
}

static void
two_move_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  TwoMoveState *st = TWO_MOVE_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_ROLL:
      st->stage = first_stage (st);
      st->colours_drawn = TRUE;
      st->seats_changed = action->value == 1;
      break;
    case CP_ACTION_PLAY_CARD:
      st->up[0] = (guint8) unpack (action->value);
      st->stage = STAGE_CHOOSING;
      break;
    case CP_ACTION_COMMIT:
      st->sealed[action->seat] = (guint8) unpack (action->value);
      if (st->sealed[0] != 0 && st->sealed[1] != 0)
        st->stage = STAGE_REVEALING;
      break;
    case CP_ACTION_REVEAL:
      reveal (st);
      break;
    case CP_ACTION_MOVE:
      move (st, action);
      break;
    default:
      g_return_if_reached ();
    }
}

static void
two_move_outcome (const CpState *state, CpOutcome *outcome)
{
  *outcome = state->outcome;
}

/* "knight and rook", in the order of the cards. */
static char *
pair_name (guint kinds)
{
  const char *names[2] = { NULL, NULL };
  guint n = 0;

  for (guint kind = CP_PIECE_KNIGHT; kind <= CP_PIECE_KING && n < 2; kind++)
    if (kinds & KIND_BIT (kind))
      names[n++] = cp_piece_kind_name ((CpPieceKind) kind);
  if (n < 2)
    return g_strdup (names[0] ? names[0] : "");
  /* Translators: two cards, such as "knight and rook" */
  return g_strdup_printf (_("%s and %s"), names[0], names[1]);
}

static char *
describe_reveal (const TwoMoveState *st)
{
  guint cancelled = st->sealed[0] & st->sealed[1];
  g_autofree char *white = pair_name (st->sealed[0]);
  g_autofree char *black = pair_name (st->sealed[1]);
  /* Translators: the cards both players revealed, such as
   * "White: bishop and queen; Black: bishop and rook" */
  g_autofree char *both = g_strdup_printf (_("White: %s; Black: %s"), white, black);

  switch (cp_bits_count (cancelled))
    {
    case 0:
      return g_steal_pointer (&both);
    case 1:
      {
        guint kind = cp_bits_lowest (cancelled);

        /* Translators: %s: the cards revealed; %s: a kind of piece whose
         * two cards cancel each other */
        return g_strdup_printf (_("%s — the %s cards cancel"), both, cp_piece_kind_name ((CpPieceKind) kind));
      }
    default:
      /* Translators: %s: the cards revealed, all four of which cancel */
      return g_strdup_printf (_("%s — all cards cancel"), both);
    }
}

static char *
two_move_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  const TwoMoveState *st = TWO_MOVE_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_ROLL:
      return g_strdup (action->value == 0 ? _("colours drawn: the players keep their seats")
                                          : _("colours drawn: the players change seats"));
    case CP_ACTION_PLAY_CARD:
      {
        g_autofree char *cards = pair_name (unpack (action->value));

        /* Translators: %s: two cards, such as "king and rook" */
        return g_strdup_printf (_("lays the %s face up"), cards);
      }
    case CP_ACTION_COMMIT:
      {
        g_autofree char *cards = pair_name (unpack (action->value));

        /* Translators: %s: two cards, such as "knight and rook" */
        return g_strdup_printf (_("plays the %s face down"), cards);
      }
    case CP_ACTION_REVEAL:
      return describe_reveal (st);
    case CP_ACTION_MOVE:
      {
        g_autofree char *text = cp_chess_format (&st->chess, action, notation);
        guint kind = st->queue_kind[st->current];

        /* Translators: %s: a move; %s: the kind of card it was made with */
        return g_strdup_printf (_("%s (%s card)"), text, cp_piece_kind_name ((CpPieceKind) kind));
      }
    default:
      return g_strdup (cp_action_type_to_id (action->type));
    }
}

static void
two_move_redact (CpState *state, guint seat)
{
  TwoMoveState *st = TWO_MOVE_STATE (state);

  for (guint s = 0; s < 2; s++)
    if (s != seat && st->sealed[s] != 0)
      st->sealed[s] = SEALED_UNKNOWN;
}

/* A world @seat's view allows: a sealed choice of the other seat is any
 * two of the cards it holds, drawn at random. */
static void
two_move_sample (CpState *state, guint seat, GRand *rand)
{
  TwoMoveState *st = TWO_MOVE_STATE (state);

  for (guint s = 0; s < 2; s++)
    if (s != seat && st->sealed[s] == SEALED_UNKNOWN)
      {
        guint held = ALL_CARDS & ~st->up[s], n = cp_bits_count (held);
        guint first = (guint) g_rand_int_range (rand, 0, (gint32) n);
        guint second = (guint) g_rand_int_range (rand, 0, (gint32) n - 1);
        guint kinds[CP_N_PIECE_KINDS], k = 0;

        for (guint kind = CP_PIECE_KNIGHT; kind <= CP_PIECE_KING; kind++)
          if (held & KIND_BIT (kind))
            kinds[k++] = kind;
        second += second >= first;
        st->sealed[s] = (guint8) (KIND_BIT (kinds[first]) | KIND_BIT (kinds[second]));
      }
}

/* The other seat's sealed cards, chosen without knowing @seat's, are to
 * be chosen again in a search for @seat. */
static void
two_move_reopen (CpState *state, guint seat)
{
  TwoMoveState *st = TWO_MOVE_STATE (state);

  if (seat <= 1 && st->sealed[seat] == 0 && st->sealed[1 - seat] == SEALED_UNKNOWN)
    st->sealed[1 - seat] = 0;
}

static void
add_cards (CpHand *hand, guint kinds, guint seat)
{
  for (guint kind = CP_PIECE_KNIGHT; kind <= CP_PIECE_KING; kind++)
    if (kinds & KIND_BIT (kind))
      cp_hand_add (hand, card_of (kind, seat));
}

static void
two_move_cards (const CpState *state, CpCardTable *table)
{
  const TwoMoveState *st = TWO_MOVE_STATE (state);

  cp_card_table_init (table);
  for (guint seat = 0; seat < 2; seat++)
    {
      add_cards (&table->up[seat], st->up[seat], seat);
      if (st->sealed[seat] == SEALED_UNKNOWN)
        {
          guint in_hand = cp_bits_count (ALL_CARDS & ~st->up[seat]) - 2;

          cp_hand_add (&table->sealed[seat], CP_CARD_UNKNOWN);
          cp_hand_add (&table->sealed[seat], CP_CARD_UNKNOWN);
          for (guint i = 0; i < in_hand; i++)
            cp_hand_add (&table->hand[seat], CP_CARD_UNKNOWN);
        }
      else
        {
          add_cards (&table->sealed[seat], st->sealed[seat], seat);
          add_cards (&table->hand[seat], ALL_CARDS & ~st->up[seat] & ~st->sealed[seat], seat);
        }
    }
  if (st->stage == STAGE_MOVING && st->current < st->n_queue)
    {
      table->current_seat = st->queue_seat[st->current];
      table->current = card_of (st->queue_kind[st->current], table->current_seat);
    }
}

static char *
two_move_prompt (const TwoMoveState *st, guint seat)
{
  switch (st->stage)
    {
    case STAGE_FACE_UP:
      return g_strdup (_("Choose two cards to lay face up"));
    case STAGE_CHOOSING:
      return st->sealed[seat] == 0 ? g_strdup (_("Choose two cards to play face down")) : NULL;
    case STAGE_MOVING:
      if (st->current >= st->n_queue || st->queue_seat[st->current] != seat)
        return NULL;
      /* Translators: %s: a kind of card; %u: how many moves it has left */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Move with the %s card (%u move left)",
                                           "Move with the %s card (%u moves left)",
                                           st->queue_moves[st->current]),
                              cp_piece_kind_name ((CpPieceKind) st->queue_kind[st->current]),
                              st->queue_moves[st->current]);
    default:
      return NULL;
    }
}

static void
two_move_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  const TwoMoveState *drawn = TWO_MOVE_STATE (start);
  guint actor = viewer == CP_VIEW_ALL ? cp_state_first_pending (state) : viewer;

  out->seats_drawn = drawn->colours_drawn;
  if (drawn->seats_changed)
    {
      out->seat_of_player[0] = 1;
      out->seat_of_player[1] = 0;
    }
  if (actor < 2 && !cp_state_is_over (state))
    cp_presentation_set_prompt (out, two_move_prompt (TWO_MOVE_STATE (state), actor));
}

/* The key of a position: the pieces, the stage and the cards, without
 * the cards already carried out this turn or how the colours were
 * drawn. */
static guint64
two_move_hash (const CpState *state)
{
  const TwoMoveState *st = TWO_MOVE_STATE (state);
  guint64 h = st->chess.hash ^ (G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (1u + st->stage));

  h ^= G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f) * (1u + st->up[0] + 256u * st->up[1]);
  h ^= G_GUINT64_CONSTANT (0x165667b19e3779f9) * (1u + st->sealed[0] + 256u * st->sealed[1]);
  for (guint i = st->current; st->stage == STAGE_MOVING && i < st->n_queue; i++)
    h ^= G_GUINT64_CONSTANT (0xd6e8feb86659fd93)
         * (1u + (i - st->current) + 8u * (st->queue_kind[i] + 8u * (st->queue_seat[i] + 2u * st->queue_moves[i])));
  return h ^ (moved_pawns (st) * G_GUINT64_CONSTANT (0xff51afd7ed558ccd));
}

const CpRules cp_two_move_rules = {
  .id = "two-move",
  .name = N_("Two Move Chess"),
  .summary = N_("Both players choose two cards in secret, then move in card order"),
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_DRAWS | CP_RULES_SECRETS | CP_RULES_CHANCE,
  .numbering = CP_NUMBERING_ROUNDS,
  .options = options,
  .n_options = G_N_ELEMENTS (options),
  .colours = colours,
  .state_size = sizeof (TwoMoveState),
  .init = two_move_init,
  .pending = two_move_pending,
  .chance = two_move_chance,
  .legal = two_move_legal,
  .make = two_move_make,
  .outcome = two_move_outcome,
  .format = two_move_format,
  .landing = cp_chess_rules_landing,
  .redact = two_move_redact,
  .cards = two_move_cards,
  .present = two_move_present,
  .sample = two_move_sample,
  .reopen = two_move_reopen,
  .hash = two_move_hash,
  .evaluate = cp_chess_rules_evaluate,
  .write_position = two_move_write_position,
};
