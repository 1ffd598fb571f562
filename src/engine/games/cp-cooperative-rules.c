/* cp-cooperative-rules.c: Cooperative Chess
 *
 * Two players, White and Black, play together against the game.  The 32
 * cards of the pieces are shuffled (a SHUFFLE that no seat sees) and dealt
 * three to each player; who plays White is then drawn (a ROLL of two).
 *
 * A turn: at most one move that takes nothing (MOVE), one card from the
 * hand onto the player's own discard stack (PLAY_CARD), then captures
 * with one piece (MOVE) while they match, or a PASS that ends the turn.
 * Every move of the turn is made with the same piece.  A capture matches
 * when the taking piece is of the kind of the card just played, and the
 * piece taken of the kind of the top card of the partner's stack; that
 * card then goes to the captured stack.  A card of a kind its owner has
 * no piece of any more matches any piece, and so does the captured card
 * after a capture in which both pieces matched their cards' colours.  The
 * turn ends by itself when no capture is left; the player then draws back
 * to three cards.
 *
 * There is no check.  Taking a king ends the game: the players score one
 * point for each kind of piece gone from the board in both colours.  A
 * player who must play a card and has none loses the game for both.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-chess-rules.h"
#include "cp-error.h"
#include "cp-games.h"

#define HAND_SIZE 3

typedef enum {
  STAGE_SHUFFLE,  /* the cards are shuffled and dealt */
  STAGE_COLOURS,  /* who plays White is drawn */
  STAGE_MOVE,     /* a move that takes nothing, or a card */
  STAGE_CAPTURE,  /* captures that the cards allow, or the end of the turn */
} Stage;

typedef struct {
  CpChessState chess;
  guint8 stage;
  guint8 piece;          /* the cell of the piece that moved this turn, or CP_NO_CELL */
  guint8 wild_next;      /* both colours matched: the next captured card is wild */
  guint8 colours_drawn;  /* the colours were drawn at random... */
  guint8 seats_changed;  /* ...and the players changed seats */
  CpDeck draw;           /* the draw pile, its top card first */
  CpHand hand[2];
  CpHand discards[2];    /* each player's discard stack, the last card on top */
  CpHand captured;       /* the cards of the pieces taken */
} CoopState;

#define COOP_STATE(s) ((CoopState *) (s))

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };
static const guint8 teams[] = { 0, 0 };

static const char *const colour_choices[] = { "random", "seated", NULL };
static const char *const colour_labels[] = { N_("Drawn at random"), N_("As seated"), NULL };
/* The two play together: the choice is only which of them moves which
 * colour, whatever the rows of the players are titled. */
static const char *const colour_details[] = {
  N_("Before the first move, a draw decides which of you moves White"),
  N_("Each of you moves the colour your name is entered under"),
  NULL
};

static const CpOptionSpec options[] = {
  { .id = "colours", .label = N_("Who moves which colour"), .type = CP_OPTION_CHOICE, .default_value = "random",
    .choices = colour_choices, .choice_labels = colour_labels, .choice_details = colour_details },
  { .id = CP_POSITION_OPTION, .label = N_("Start position (FEN)"), .type = CP_OPTION_TEXT, .default_value = "" },
};

/* Cards. */

static CpPieceKind
card_kind (CpCard card)
{
  CpPieceKind kind = CP_PIECE_NONE;

  cp_card_get_piece (card, &kind, NULL);
  return kind;
}

static CpCard
top (const CpHand *pile)
{
  guint n = cp_hand_count (pile);

  return n > 0 ? cp_hand_get (pile, n - 1) : CP_CARD_NONE;
}

/* Red cards stand for White (seat 0), black ones for Black. */
static gboolean
same_colour (CpCard card, guint seat)
{
  return cp_card_is_red (card) == (seat == 0);
}

static gboolean
has_kind (const CoopState *st, guint seat, CpPieceKind kind)
{
  guint8 counts[CP_N_PIECE_KINDS];

  cp_state_count_pieces (&st->chess.base, seat, counts);
  return counts[kind] > 0;
}

/* Whether @card on the stack of @seat matches any piece: @seat has no
 * piece of its kind left. */
static gboolean
wild_on_stack (const CoopState *st, guint seat, CpCard card)
{
  return !has_kind (st, seat, card_kind (card));
}

/* The kinds of piece gone from the board in both colours: the score. */
static guint
kinds_gone (const CoopState *st)
{
  guint n = 0;

  for (guint kind = CP_PIECE_PAWN; kind <= CP_PIECE_KING; kind++)
    n += !has_kind (st, 0, (CpPieceKind) kind) && !has_kind (st, 1, (CpPieceKind) kind);
  return n;
}

static void
draw_to (CoopState *st, guint seat, guint size)
{
  while (cp_hand_count (&st->hand[seat]) < size && !cp_deck_is_empty (&st->draw))
    cp_hand_add (&st->hand[seat], cp_deck_draw (&st->draw));
}

/* Setting up. */

static void
init_piles (CoopState *st)
{
  for (guint seat = 0; seat < 2; seat++)
    {
      cp_hand_init (&st->hand[seat], CP_SEAT_BIT (seat));
      cp_hand_init (&st->discards[seat], CP_SEATS_ALL);
    }
  cp_hand_init (&st->captured, CP_SEATS_ALL);
  cp_deck_init_chess (&st->draw, CP_CHESS_DECK_PAWNS | CP_CHESS_DECK_PIECES);
}

static gboolean read_position (CoopState *st, const char *text, const char *fen, GStrv fields, GError **error);

static gboolean
coop_init (CpState *state, GHashTable *opts, GError **error)
{
  CoopState *st = COOP_STATE (state);
  const char *text = g_hash_table_lookup (opts, CP_POSITION_OPTION);
  g_auto (GStrv) fields = NULL;
  g_autofree char *fen = cp_fen_split (text != NULL ? text : "", &fields);
  g_autoptr (GHashTable) plain = NULL;

  st->stage = STAGE_SHUFFLE;
  st->piece = CP_NO_CELL;
  st->colours_drawn = g_str_equal (g_hash_table_lookup (opts, "colours"), "random");
  init_piles (st);
  if (fields[0] == NULL)
    /* A plain FEN, or none: the cards are shuffled and dealt. */
    return cp_chess_rules_setup (state, opts,
                                 CP_CHESS_DOUBLE_STEP | CP_CHESS_EN_PASSANT | CP_CHESS_CASTLING | CP_CHESS_HELD_TURN,
                                 error);
  /* The board of a position text is read here: it may hold a king in
   * reach of the other side (there is no check), or lack the king that
   * ended the game. */
  plain = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (plain, (gpointer) CP_POSITION_OPTION, (gpointer) "");
  if (!cp_chess_rules_setup (state, plain,
                             CP_CHESS_DOUBLE_STEP | CP_CHESS_EN_PASSANT | CP_CHESS_CASTLING | CP_CHESS_HELD_TURN,
                             error))
    return FALSE;
  return read_position (st, text, fen, fields, error);
}

static void
deal (CoopState *st, guint32 key)
{
  cp_deck_shuffle (&st->draw, key);
  for (guint i = 0; i < HAND_SIZE; i++)
    for (guint seat = 0; seat < 2; seat++)
      cp_hand_add (&st->hand[seat], cp_deck_draw (&st->draw));
  st->stage = st->colours_drawn ? STAGE_COLOURS : STAGE_MOVE;
}

/* Fills @pile with the cards named in @ids, taken from the draw pile. */
static void
arrange_pile (CoopState *st, CpHand *pile, const char *ids)
{
  g_auto (GStrv) names = g_strsplit (ids ? ids : "", " ", -1);

  for (guint i = 0; names[i]; i++)
    {
      CpCard card;

      if (names[i][0] == '\0')
        continue;
      if (!cp_card_from_id (names[i], &card) || !cp_deck_remove (&st->draw, card))
        g_return_if_reached ();
      cp_hand_add (pile, card);
    }
}

/**
 * cp_cooperative_arrange:
 * @piles: card ids separated by spaces, each pile from the bottom up:
 *   White's hand, Black's hand, White's discards, Black's discards and the
 *   captured cards
 *
 * Lays out the cards of a Cooperative Chess game that has not dealt yet
 * as given, the others unshuffled in the draw pile, and begins the turn
 * of the side to move.
 */
void
cp_cooperative_arrange (CpState *state, const char *const piles[5])
{
  CoopState *st = COOP_STATE (state);
  CpHand *targets[5] = { &st->hand[0], &st->hand[1], &st->discards[0], &st->discards[1], &st->captured };

  g_return_if_fail (state->rules == &cp_cooperative_rules && st->stage == STAGE_SHUFFLE);
  init_piles (st);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    arrange_pile (st, targets[i], piles[i]);
  st->stage = STAGE_MOVE;
}

/* The position text: FEN, then White's hand, Black's hand, White's
 * discard stack, Black's discard stack, the captured cards (each pile
 * from the bottom up), the draw pile from its top down, cards by their
 * ids joined by commas or "-" for none; then the turn of the player to
 * move: "-" before anything, the cell of the piece that has moved before
 * the card, or "+" once the card is played, followed by the cell of the
 * piece that takes (if one has moved) and "*" when the next card taken
 * is wild; last the score, the kinds of piece gone from the board. */

#define N_FIELDS 8

static void
write_pile (GString *out, const CpDeck *cards)
{
  g_string_append_c (out, ' ');
  if (cp_deck_count (cards) == 0)
    g_string_append_c (out, '-');
  for (guint i = 0; i < cp_deck_count (cards); i++)
    g_string_append_printf (out, "%s%s", i > 0 ? "," : "", cp_card_to_id (cp_deck_peek (cards, i)));
}

/* The board of @st, which a position text writes: once a king is taken,
 * without castling, which only a king could have done. */
static void
get_board (const CoopState *st, CpChessState *board)
{
  *board = st->chess;
  if (!has_kind (st, 0, CP_PIECE_KING) || !has_kind (st, 1, CP_PIECE_KING))
    {
      cp_chess_state_reset_castling (board);
      board->hash = cp_chess_compute_hash (board);
    }
}

static char *
coop_write_position (const CpState *state)
{
  const CoopState *st = COOP_STATE (state);
  g_autofree CpChessState *board = g_new (CpChessState, 1);
  g_autofree char *fen = NULL;
  GString *out = g_string_new (NULL);
  const CpHand *piles[] = { &st->hand[0], &st->hand[1], &st->discards[0], &st->discards[1], &st->captured };

  get_board (st, board);
  fen = cp_fen_write (board, CP_FEN_STANDARD);
  g_string_append (out, fen);
  for (guint i = 0; i < G_N_ELEMENTS (piles); i++)
    write_pile (out, &piles[i]->cards);
  write_pile (out, &st->draw);
  g_string_append_c (out, ' ');
  if (st->stage == STAGE_CAPTURE)
    g_string_append_c (out, '+');
  if (st->piece != CP_NO_CELL)
    {
      g_autofree char *cell = cp_board_cell_name (state->board, st->piece);

      g_string_append (out, cell);
    }
  if (st->wild_next)
    g_string_append_c (out, '*');
  if (st->stage != STAGE_CAPTURE && st->piece == CP_NO_CELL)
    g_string_append_c (out, '-');
  g_string_append_printf (out, " %u", kinds_gone (st));
  return g_string_free (out, FALSE);
}

/* The board and the side to move of a position text, which has all six
 * fields of FEN.  There is no check; a king may be gone, taken, which
 * ended the game; the player to move may have made a double step in
 * this turn. */
static gboolean
read_board (CoopState *st, const char *text, const char *fen, GError **error)
{
  g_auto (GStrv) fields = g_strsplit (fen, " ", -1);

  if (g_strv_length (fields) != 6)
    return cp_error_bad_position (error, text, _("it has too few fields"));
  return cp_fen_read_with (&st->chess, fen, CP_FEN_READ_ANY_CHECK | CP_FEN_READ_KING_TAKEN | CP_FEN_READ_EP_EITHER,
                           error);
}

/* Fills @cards with the card ids of @field; @seen holds the cards read
 * so far. */
static gboolean
read_pile (const char *field, CpDeck *cards, guint64 *seen, const char *text, GError **error)
{
  g_auto (GStrv) ids = g_strsplit (field, ",", -1);
  CpDeck deck;

  cp_deck_init_chess (&deck, CP_CHESS_DECK_PAWNS | CP_CHESS_DECK_PIECES);
  cp_deck_init (cards, NULL, 0);
  if (g_str_equal (field, "-"))
    return TRUE;
  for (guint i = 0; ids[i] != NULL; i++)
    {
      CpCard card;

      if (!cp_card_from_id (ids[i], &card) || !cp_deck_contains (&deck, card))
        {
          g_autofree char *quoted = cp_error_quote (ids[i]);
          /* Translators: %s: what stands where a card of Cooperative Chess is expected */
          g_autofree char *reason = g_strdup_printf (_("“%s” is not a card of the game"), quoted);

          return cp_error_bad_position (error, text, reason);
        }
      if (*seen & cp_card_bit (card))
        return cp_error_bad_position (error, text, _("a card is given twice"));
      *seen |= cp_card_bit (card);
      cp_deck_put_bottom (cards, card);
    }
  return TRUE;
}

/* The turn of the player to move: "-", a cell, or "+" with maybe a cell
 * and "*". */
static gboolean
read_turn (CoopState *st, const char *field, const char *text, GError **error)
{
  const CpState *state = &st->chess.base;
  const char *p = field;
  guint cell;

  st->stage = STAGE_MOVE;
  st->piece = CP_NO_CELL;
  st->wild_next = FALSE;
  if (g_str_equal (field, "-"))
    return TRUE;
  if (*p == '+')
    {
      st->stage = STAGE_CAPTURE;
      p++;
    }
  if (g_ascii_isalpha (*p))
    {
      char name[3] = { p[0], p[1], '\0' };

      if (p[1] == '\0' || !cp_board_parse_cell (state->board, name, &cell, NULL))
        return cp_error_bad_position (error, text, _("the stage of the turn is not “-”, a cell, or “+” with maybe a cell and “*”"));
      if (state->cells[cell].kind == CP_PIECE_NONE || state->cells[cell].seat != state->to_move)
        return cp_error_bad_position (error, text, _("the piece that moves this turn is not on its cell"));
      st->piece = (guint8) cell;
      p += 2;
    }
  if (*p == '*' && st->stage == STAGE_CAPTURE)
    {
      st->wild_next = TRUE;
      p++;
    }
  if (*p != '\0' || (st->stage == STAGE_MOVE && st->piece == CP_NO_CELL))
    return cp_error_bad_position (error, text, _("the stage of the turn is not “-”, a cell, or “+” with maybe a cell and “*”"));
  if (st->stage == STAGE_CAPTURE && cp_hand_count (&st->discards[state->to_move]) == 0)
    return cp_error_bad_position (error, text, _("the card of the turn is played, but the player’s discard stack is empty"));
  return TRUE;
}

static gboolean
read_position (CoopState *st, const char *text, const char *fen, GStrv fields, GError **error)
{
  CpState *state = &st->chess.base;
  CpHand *piles[] = { &st->hand[0], &st->hand[1], &st->discards[0], &st->discards[1], &st->captured };
  guint64 seen = 0;
  guint score;
  CpDeck all;

  if (g_strv_length (fields) < N_FIELDS)
    return cp_error_bad_position (error, text, _("it has too few fields"));
  if (g_strv_length (fields) > N_FIELDS)
    return cp_error_bad_position (error, text, _("it has too many fields"));
  if (!read_board (st, text, fen, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (piles); i++)
    if (!read_pile (fields[i], &piles[i]->cards, &seen, text, error))
      return FALSE;
  if (!read_pile (fields[5], &st->draw, &seen, text, error))
    return FALSE;
  cp_deck_init_chess (&all, CP_CHESS_DECK_PAWNS | CP_CHESS_DECK_PIECES);
  if (seen != cp_deck_get_set (&all))
    return cp_error_bad_position (error, text, _("some cards of the game are missing"));
  if (cp_hand_count (&st->hand[0]) > HAND_SIZE || cp_hand_count (&st->hand[1]) > HAND_SIZE)
    return cp_error_bad_position (error, text, _("a hand holds more than three cards"));
  if (!read_turn (st, fields[6], text, error))
    return FALSE;
  if (!cp_fen_read_number (fields[7], 9999, &score) || score != kinds_gone (st))
    return cp_error_bad_position (error, text, _("the score is not the number of kinds of piece gone from the board"));
  /* Nothing is drawn at random: play goes on from here. */
  st->colours_drawn = FALSE;
  /* A king taken ended the game, and so did an empty hand at the start
   * of a turn. */
  if (!has_kind (st, 0, CP_PIECE_KING) || !has_kind (st, 1, CP_PIECE_KING))
    state->outcome = (CpOutcome) { CP_STATUS_WON, CP_END_KING_CAPTURED, CP_SEAT_BIT (0) | CP_SEAT_BIT (1),
                                   .scored = TRUE, .score = (guint8) score };
  else if (st->stage == STAGE_MOVE && st->piece == CP_NO_CELL && cp_hand_count (&st->hand[state->to_move]) == 0)
    state->outcome = (CpOutcome) { CP_STATUS_LOST, CP_END_OUT_OF_CARDS, 0 };
  return TRUE;
}

/* Whose turn. */

static CpSeatMask
coop_pending (const CpState *state)
{
  const CoopState *st = COOP_STATE (state);

  if (cp_state_is_over (state))
    return 0;
  if (st->stage <= STAGE_COLOURS)
    return CP_SEAT_BIT (CP_SEAT_CHANCE);
  return CP_SEAT_BIT (state->to_move);
}

static void
coop_chance (const CpState *state, CpChance *request)
{
  if (COOP_STATE (state)->stage == STAGE_SHUFFLE)
    *request = (CpChance) { CP_ACTION_SHUFFLE, 0, .hidden = TRUE };
  else
    *request = (CpChance) { CP_ACTION_ROLL, 2 };
}

/* Legal actions. */

static gboolean
is_capture (const CpAction *move)
{
  return (move->flags & (CP_ACTION_FLAG_CAPTURE | CP_ACTION_FLAG_EN_PASSANT)) != 0;
}

static CpPieceKind
taken_kind (const CoopState *st, const CpAction *move)
{
  return move->flags & CP_ACTION_FLAG_EN_PASSANT ? CP_PIECE_PAWN : st->chess.base.cells[move->cells[1]].kind;
}

/* Whether the cards let @seat make the capture @move. */
static gboolean
capture_matches (const CoopState *st, guint seat, const CpAction *move)
{
  guint partner = 1 - seat;
  CpCard played = top (&st->discards[seat]), wanted = top (&st->discards[partner]);

  if (played == CP_CARD_NONE || wanted == CP_CARD_NONE)
    return FALSE;
  if (card_kind (played) != st->chess.base.cells[move->cells[0]].kind && !wild_on_stack (st, seat, played))
    return FALSE;
  return st->wild_next || card_kind (wanted) == taken_kind (st, move) || wild_on_stack (st, partner, wanted);
}

/* The captures @seat may make now, added to @out. */
static void
add_captures (const CoopState *st, guint seat, CpActionList *out)
{
  g_auto (CpActionList) moves = { 0 };

  cp_chess_legal (&st->chess, seat, &moves);
  for (guint i = 0; i < moves.len; i++)
    {
      const CpAction *move = &moves.items[i];

      if (is_capture (move) && (st->piece == CP_NO_CELL || move->cells[0] == st->piece)
          && capture_matches (st, seat, move))
        cp_action_list_append (out, move);
    }
}

static void
add_cards (const CoopState *st, guint seat, CpActionList *out)
{
  for (guint i = 0; i < cp_hand_count (&st->hand[seat]); i++)
    {
      CpCard card = cp_hand_get (&st->hand[seat], i);
      CpAction *action = cp_action_list_add (out);

      cp_action_init (action, CP_ACTION_PLAY_CARD, seat);
      action->value = cp_card_pack (&card, 1);
    }
}

static void
coop_legal (const CpState *state, guint seat, CpActionList *out)
{
  const CoopState *st = COOP_STATE (state);
  CpAction *pass;

  if (seat != state->to_move)
    return;
  switch (st->stage)
    {
    case STAGE_MOVE:
      if (st->piece == CP_NO_CELL)
        {
          g_auto (CpActionList) moves = { 0 };

          cp_chess_legal (&st->chess, seat, &moves);
          for (guint i = 0; i < moves.len; i++)
            if (!is_capture (&moves.items[i]))
              cp_action_list_append (out, &moves.items[i]);
        }
      add_cards (st, seat, out);
      break;
    case STAGE_CAPTURE:
      add_captures (st, seat, out);
      pass = cp_action_list_add (out);
      cp_action_init (pass, CP_ACTION_PASS, seat);
      break;
    default:
      break;
    }
}

/* Playing. */

/* Where the piece that makes @move ends. */
static guint8
landing (const CoopState *st, const CpAction *move)
{
  guint cell = cp_chess_landing (&st->chess, move);

  return (guint8) (cell != CP_NO_CELL ? cell : move->cells[move->n_cells - 1]);
}

static void
lose_if_empty_handed (CoopState *st)
{
  if (cp_hand_count (&st->hand[st->chess.base.to_move]) == 0)
    st->chess.base.outcome = (CpOutcome) { CP_STATUS_LOST, CP_END_OUT_OF_CARDS, 0 };
}

static void
end_turn (CoopState *st)
{
  draw_to (st, st->chess.base.to_move, HAND_SIZE);
  st->piece = CP_NO_CELL;
  st->wild_next = FALSE;
  st->stage = STAGE_MOVE;
  cp_chess_pass_turn (&st->chess);
  lose_if_empty_handed (st);
}

/* Ends the turn when no capture is left to make. */
static void
end_turn_unless_capture (CoopState *st)
{
  g_auto (CpActionList) captures = { 0 };

  add_captures (st, st->chess.base.to_move, &captures);
  if (captures.len == 0)
    end_turn (st);
}

static void
play_card (CoopState *st, const CpAction *action)
{
  CpCard card;

  cp_card_unpack (action->value, &card);
  cp_hand_remove (&st->hand[action->seat], card);
  cp_hand_add (&st->discards[action->seat], card);
  st->stage = STAGE_CAPTURE;
  end_turn_unless_capture (st);
}

static void
capture (CoopState *st, const CpAction *action)
{
  guint seat = action->seat, partner = 1 - seat;
  CpCard played = top (&st->discards[seat]);
  CpCard taken = cp_hand_remove_at (&st->discards[partner], cp_hand_count (&st->discards[partner]) - 1);
  gboolean king = taken_kind (st, action) == CP_PIECE_KING;

  cp_hand_add (&st->captured, taken);
  st->wild_next = same_colour (played, seat) && same_colour (taken, partner);
  st->piece = landing (st, action);
  cp_chess_make (&st->chess, action, NULL);
  if (king)
    {
      st->chess.base.outcome = (CpOutcome) { CP_STATUS_WON, CP_END_KING_CAPTURED, CP_SEAT_BIT (0) | CP_SEAT_BIT (1),
                                             .scored = TRUE, .score = (guint8) kinds_gone (st) };
      return;
    }
  end_turn_unless_capture (st);
}

static void
coop_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  CoopState *st = COOP_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_SHUFFLE:
      deal (st, action->value);
      break;
    case CP_ACTION_ROLL:
      st->seats_changed = action->value == 1;
      st->stage = STAGE_MOVE;
      break;
    case CP_ACTION_PLAY_CARD:
      play_card (st, action);
      break;
    case CP_ACTION_MOVE:
      if (st->stage == STAGE_CAPTURE)
        capture (st, action);
      else
        {
          st->piece = landing (st, action);
          cp_chess_make (&st->chess, action, NULL);
        }
      break;
    case CP_ACTION_PASS:
      end_turn (st);
      break;
    default:
      g_return_if_reached ();
    }
}

static void
coop_outcome (const CpState *state, CpOutcome *outcome)
{
  *outcome = state->outcome;
}

static guint64
mix (guint64 h, guint64 value)
{
  h ^= value + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  h = (h ^ (h >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  h = (h ^ (h >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return h ^ (h >> 31);
}

/* The key of the position: the board's, the stage of the turn and every
 * pile in its order (not the history of the board, which the game does
 * not look back on); while a random result is due, the model's. */
static guint64
coop_hash (const CpState *state)
{
  const CoopState *st = COOP_STATE (state);
  const CpDeck *piles[] = { &st->hand[0].cards, &st->hand[1].cards, &st->discards[0].cards,
                            &st->discards[1].cards, &st->captured.cards, &st->draw };
  guint64 h;

  /* Before the deal, the model's key, from which the seed has always
   * dealt. */
  if (st->stage <= STAGE_COLOURS)
    return cp_state_default_hash (state);
  if (cp_state_is_over (state))
    {
      g_autofree CpChessState *board = g_new (CpChessState, 1);

      get_board (st, board);
      h = board->hash;
    }
  else
    h = st->chess.hash;
  h = mix (h, (guint64) st->stage << 16 | (guint64) st->piece << 8 | st->wild_next);
  for (guint i = 0; i < G_N_ELEMENTS (piles); i++)
    {
      h = mix (h, 0x100 + cp_deck_count (piles[i]));
      for (guint c = 0; c < cp_deck_count (piles[i]); c++)
        h = mix (h, cp_deck_peek (piles[i], c));
    }
  return h;
}

/* For computer partners, the same for both: a quarter of a pawn's worth a
 * point (a kind of piece gone from the board), a finished game its score
 * or a loss; while it goes on, the points made, a part of a point for each
 * kind the fewer of it is left, and a penalty as the cards that are left
 * to play run out, which loses the game. */
#define POINT 250

static int
coop_evaluate (const CpState *state, guint seat)
{
  const CoopState *st = COOP_STATE (state);
  guint8 counts[2][CP_N_PIECE_KINDS];
  guint cards;
  int value = 0;

  if (state->outcome.status == CP_STATUS_LOST)
    return -100 * POINT;
  if (state->outcome.status == CP_STATUS_WON)
    return POINT * (int) state->outcome.score;
  cp_state_count_pieces (state, 0, counts[0]);
  cp_state_count_pieces (state, 1, counts[1]);
  for (guint kind = CP_PIECE_PAWN; kind <= CP_PIECE_KING; kind++)
    {
      guint left = counts[0][kind] + counts[1][kind];

      value += left == 0 ? POINT : POINT / 5 / left;
    }
  cards = cp_deck_count (&st->draw) + cp_hand_count (&st->hand[0]) + cp_hand_count (&st->hand[1]);
  return value - 2 * POINT / (int) (1 + cards);
}

/* The score so far, in words. */
static char *
describe_gone (guint score)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u kind of piece gone from the board",
                                       "%u kinds of piece gone from the board", score),
                          score);
}

static char *
coop_statistics (const CpState *state)
{
  if (!state->outcome.scored)
    return describe_gone (kinds_gone (COOP_STATE (state)));
  /* Translators: the points a game of Cooperative Chess scored, for --validate */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Scored %u point", "Scored %u points", state->outcome.score),
                          state->outcome.score);
}

/* Text. */

/* "9♠ (bishop)" */
static char *
card_text (CpCard card)
{
  g_autofree char *label = cp_card_short_label (card);

  /* Translators: a card and the kind of piece it stands for, such as "9♠ (bishop)" */
  return g_strdup_printf (_("%s (%s)"), label, cp_piece_kind_name (card_kind (card)));
}

/* A capture and the card it takes, "wild" where the card matched the
 * piece only by being wild; a move that takes nothing, or a capture that
 * the cards do not allow (in a refusal), plainly. */
static char *
format_capture (const CoopState *st, const CpAction *action, CpNotation notation)
{
  CpCard taken = top (&st->discards[1 - action->seat]);
  g_autofree char *move = cp_chess_format (&st->chess, action, notation);
  g_autofree char *card = NULL;

  if (!is_capture (action) || action->seat != st->chess.base.to_move || !capture_matches (st, action->seat, action))
    return g_steal_pointer (&move);
  card = cp_card_short_label (taken);
  if (card_kind (taken) != taken_kind (st, action))
    /* Translators: a capture and the card it took, which matched any
     * piece, such as "Bxb1 (10♠ wild)" */
    return g_strdup_printf (_("%s (%s wild)"), move, card);
  /* Translators: a capture and the card of the piece it took, such as "Bxe4 (4♥)" */
  return g_strdup_printf (_("%s (%s)"), move, card);
}

static char *
coop_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  const CoopState *st = COOP_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_SHUFFLE:
      return g_strdup (_("cards shuffled and dealt"));
    case CP_ACTION_ROLL:
      return g_strdup (action->value == 0 ? _("colours drawn: the players keep their seats")
                                          : _("colours drawn: the players change seats"));
    case CP_ACTION_PLAY_CARD:
      {
        CpCard card;
        g_autofree char *text = NULL;

        if (cp_card_unpack (action->value, &card) != 1)
          return g_strdup (cp_action_type_to_id (action->type));
        text = card_text (card);
        /* Translators: a card played onto the player's discard stack, such as "plays 9♠ (bishop)" */
        return g_strdup_printf (_("plays %s"), text);
      }
    case CP_ACTION_MOVE:
      if (st->stage == STAGE_CAPTURE)
        return format_capture (st, action, notation);
      return cp_chess_format (&st->chess, action, notation);
    case CP_ACTION_PASS:
      return g_strdup (_("ends the turn"));
    default:
      return g_strdup (cp_action_type_to_id (action->type));
    }
}

/* Reading moves. */

/* The short ways of writing an action that a player may type: a capture
 * without the card it takes, a card by its corner ("9♠") or its id
 * ("9S"), and "pass" for the end of the turn. */
static char *
short_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  CpCard card;

  switch (action->type)
    {
    case CP_ACTION_MOVE:
      return cp_chess_format (&COOP_STATE (state)->chess, action, notation);
    case CP_ACTION_PLAY_CARD:
      if (cp_card_unpack (action->value, &card) != 1)
        break;
      return notation == CP_NOTATION_COMPUTER ? g_strdup (cp_card_to_id (card)) : cp_card_short_label (card);
    case CP_ACTION_PASS:
      return g_strdup ("pass");
    default:
      break;
    }
  return coop_format (state, action, notation);
}

/* The card @text names, written as the move list does or shorter. */
static gboolean
card_named (const char *text, CpCard *card)
{
  g_autofree char *plain = g_strstrip (g_strdup (text));
  const char *name = plain;
  g_autofree char *label = NULL;
  const char *plays = _("plays %s");
  const char *hole = strstr (plays, "%s");

  if (hole != NULL && hole > plays && strncmp (name, plays, (gsize) (hole - plays)) == 0)
    name += hole - plays;
  if (cp_card_from_id (name, card))
    return TRUE;
  for (CpSuit suit = 0; suit < CP_N_SUITS; suit++)
    for (CpRank rank = CP_RANK_ACE; rank <= CP_RANK_KING; rank++)
      {
        CpCard c = cp_card_new (suit, rank);

        g_clear_pointer (&label, g_free);
        label = cp_card_short_label (c);
        if (label != NULL && g_str_has_prefix (name, label)
            && (name[strlen (label)] == '\0' || name[strlen (label)] == ' '))
          {
            *card = c;
            return TRUE;
          }
      }
  return FALSE;
}

/* Whether @move, by the player whose turn has just ended, is a capture
 * on the board as it stands. */
static gboolean
move_on_board (const CoopState *st, const CpAction *action, CpAction *move)
{
  g_auto (CpActionList) moves = { 0 };

  cp_chess_legal (&st->chess, action->seat, &moves);
  for (guint i = 0; i < moves.len; i++)
    if (moves.items[i].cells[0] == action->cells[0]
        && moves.items[i].cells[moves.items[i].n_cells - 1] == action->cells[action->n_cells - 1])
      {
        *move = moves.items[i];
        return TRUE;
      }
  return FALSE;
}

/* The rule that @action, which is not legal, breaks: NULL where it is
 * simply not on the board or not the seat's turn. */
static const char *
rule_broken (const CoopState *st, const CpAction *action)
{
  guint seat = action->seat;
  gboolean own_turn = seat == st->chess.base.to_move;
  CpAction move;
  CpCard card;

  if (seat > 1 || st->stage < STAGE_MOVE || cp_state_is_over (&st->chess.base))
    return NULL;
  /* The turn of @seat has just ended when the partner has done nothing
   * yet: the partner's turn is at its start. */
  if (!own_turn && (st->stage != STAGE_MOVE || st->piece != CP_NO_CELL))
    return NULL;
  switch (action->type)
    {
    case CP_ACTION_PLAY_CARD:
      if (cp_card_unpack (action->value, &card) != 1)
        return NULL;
      if (!own_turn || st->stage == STAGE_CAPTURE)
        return _("your card for this turn is played already");
      if (!cp_hand_contains (&st->hand[seat], card))
        return _("that card is not in your hand");
      return NULL;
    case CP_ACTION_PASS:
      if (!own_turn)
        return _("your turn is over: it ends when no capture the cards allow is left, or when you end it");
      return _("a turn ends only after its card is played");
    case CP_ACTION_MOVE:
      if (action->n_cells < 2 || !move_on_board (st, action, &move))
        return NULL;
      if (!is_capture (&move))
        {
          if (own_turn && st->stage == STAGE_CAPTURE)
            return _("a move that takes nothing comes before the card");
          return _("a turn has only one move that takes nothing, before its card");
        }
      if (!own_turn)
        return _("your turn is over: it ends when no capture the cards allow is left, or when you end it");
      if (st->stage == STAGE_MOVE)
        return _("a capture comes only after a card is played");
      if (st->piece != CP_NO_CELL && move.cells[0] != st->piece)
        return _("every move of a turn is made with the same piece");
      return _("the cards on the stacks do not allow that capture");
    default:
      return NULL;
    }
}

static char *
coop_refusal (const CpState *state, const CpAction *action)
{
  return g_strdup (rule_broken (COOP_STATE (state), action));
}

/* Why @text, which names no legal action, cannot be played. */
static const char *
why_not (const CoopState *st, const char *text)
{
  CpAction action;
  CpCard card;
  guint seat = st->chess.base.to_move;
  const char *rule;

  if (card_named (text, &card))
    {
      cp_action_init (&action, CP_ACTION_PLAY_CARD, seat);
      action.value = cp_card_pack (&card, 1);
    }
  else if (!cp_chess_parse (&st->chess, text, &action, NULL))
    return _("it is not a legal move in this position");
  rule = rule_broken (st, &action);
  return rule != NULL ? rule : _("it is not a legal move in this position");
}

static gboolean
coop_parse (const CpState *state, const char *text, CpAction *action, GError **error)
{
  const CoopState *st = COOP_STATE (state);
  g_autofree char *plain = g_strstrip (g_strdup (text));

  if (plain[0] == '\0')
    return cp_chess_rules_parse_with (state, text, coop_format, action, error);
  if (st->stage < STAGE_MOVE || cp_state_is_over (state))
    return cp_error_fail (error, CP_ERROR_ILLEGAL_ACTION, _("“%s” cannot be played: %s"), text,
                          _("no player is to move"));
  if (cp_chess_rules_parse_with (state, text, coop_format, action, NULL)
      || cp_chess_rules_parse_with (state, text, short_format, action, NULL))
    return TRUE;
  return cp_error_fail (error, CP_ERROR_ILLEGAL_ACTION, _("“%s” cannot be played: %s"), text, why_not (st, text));
}

/* Secrets. */

static void
coop_redact (CpState *state, guint seat)
{
  CoopState *st = COOP_STATE (state);

  cp_deck_redact (&st->draw);
  for (guint s = 0; s < 2; s++)
    cp_hand_redact (&st->hand[s], seat);
}

/* A world @seat's view allows: the cards @seat has not seen (neither in
 * its hand nor on the discard stacks or the captured pile) are shared at
 * random between the partner's hand and the draw pile, as many as each
 * holds. */
static void
coop_sample (CpState *state, guint seat, GRand *rand)
{
  CoopState *st = COOP_STATE (state);
  CpHand *theirs = &st->hand[1 - seat];
  guint held = cp_hand_count (theirs);
  guint64 unseen;
  CpDeck all;

  if (seat > 1 || cp_hand_visible_to (theirs, seat))
    return;
  cp_deck_init_chess (&all, CP_CHESS_DECK_PAWNS | CP_CHESS_DECK_PIECES);
  unseen = cp_deck_get_set (&all) & ~cp_deck_get_set (&st->hand[seat].cards)
           & ~cp_deck_get_set (&st->discards[0].cards) & ~cp_deck_get_set (&st->discards[1].cards)
           & ~cp_deck_get_set (&st->captured.cards);
  if (cp_bits_count (unseen) != held + cp_deck_count (&st->draw))
    return;
  cp_deck_init_set (&st->draw, unseen);
  cp_deck_shuffle (&st->draw, g_rand_int (rand));
  cp_hand_clear (theirs);
  draw_to (st, 1 - seat, held);
}

static void
coop_cards (const CpState *state, CpCardTable *table)
{
  const CoopState *st = COOP_STATE (state);

  cp_card_table_init (table);
  for (guint seat = 0; seat < 2; seat++)
    {
      table->hand[seat] = st->hand[seat];
      table->up[seat] = st->discards[seat];
    }
  table->discard = st->captured;
  table->draw_pile = (guint8) cp_deck_count (&st->draw);
  table->has_draw_pile = TRUE;
  table->has_discard = TRUE;
  table->up_role = CP_CARD_UP_DISCARDS;
  table->discard_role = CP_CARD_PILE_CAPTURED;
  if (st->stage == STAGE_CAPTURE && !cp_state_is_over (state))
    {
      table->current_seat = state->to_move;
      table->current = top (&st->discards[state->to_move]);
    }
}

/* Presentation. */

static char *
coop_prompt (const CoopState *st, guint seat)
{
  CpCard wanted;
  g_autofree char *played = NULL;
  g_autofree char *partner = NULL;

  if (seat != st->chess.base.to_move)
    return NULL;
  if (st->stage == STAGE_MOVE)
    return g_strdup (st->piece == CP_NO_CELL ? _("Move a piece without capturing, or play a card")
                                             : _("Play a card"));
  if (st->stage != STAGE_CAPTURE)
    return NULL;
  wanted = top (&st->discards[1 - seat]);
  played = card_text (top (&st->discards[seat]));
  partner = st->wild_next || wild_on_stack (st, 1 - seat, wanted) ? g_strdup (_("any piece"))
                                                                   : card_text (wanted);
  /* Translators: %s: the card played, such as "9♠ (bishop)"; %s: the card
   * a capture must match, such as "4♥ (pawn)", or "any piece" */
  return g_strdup_printf (_("Capture with your %s card, taking %s, or end the turn"), played, partner);
}

static void
coop_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  const CoopState *st = COOP_STATE (state);
  guint actor = viewer == CP_VIEW_ALL ? cp_state_first_pending (state) : viewer;
  guint score = kinds_gone (st);
  guint left = cp_deck_count (&st->draw) + cp_hand_count (&st->hand[0]) + cp_hand_count (&st->hand[1]);

  out->seats_drawn = COOP_STATE (start)->colours_drawn;
  if (COOP_STATE (start)->seats_changed)
    {
      out->seat_of_player[0] = 1;
      out->seat_of_player[1] = 0;
    }

  /* The score beside one partner, the cards left beside the other. */
  /* Translators: the players' score so far: the kinds of piece gone from
   * the board, short */
  cp_presentation_add_side (out, CP_SIDE_TEXT, 0)->text = g_strdup_printf (_("%u gone"), score);
  out->side_description[0] = describe_gone (score);
  /* Translators: the cards still to play, in the hands and the draw pile, short */
  cp_presentation_add_side (out, CP_SIDE_TEXT, 1)->text
    = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", left), left);
  out->side_description[1] = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card left to play",
                                                           "%u cards left to play", left),
                                              left);
  /* Translators: Cooperative Chess: the button that plays the card chosen
   * in the hand onto the player's own discard stack */
  out->card_button = g_strdup (_("_Play on Stack"));
  if (actor < 2 && !cp_state_is_over (state))
    {
      cp_presentation_set_prompt (out, coop_prompt (st, actor));
      if (st->stage == STAGE_CAPTURE && actor == state->to_move)
        {
          CpAction pass;

          cp_action_init (&pass, CP_ACTION_PASS, actor);
          cp_presentation_add_button (out, &pass, "end-turn", _("_End Turn"));
        }
    }
}

const CpRules cp_cooperative_rules = {
  .id = "cooperative",
  .name = N_("Cooperative Chess"),
  .summary = N_("Two players together against the game: cards decide what may be captured"),
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_SECRETS | CP_RULES_CHANCE,
  .numbering = CP_NUMBERING_WHOLE_TURNS,
  .options = options,
  .n_options = G_N_ELEMENTS (options),
  .colours = colours,
  .teams = teams,
  .state_size = sizeof (CoopState),
  .init = coop_init,
  .pending = coop_pending,
  .chance = coop_chance,
  .legal = coop_legal,
  .make = coop_make,
  .outcome = coop_outcome,
  .evaluate = coop_evaluate,
  .hash = coop_hash,
  .format = coop_format,
  .parse = coop_parse,
  .landing = cp_chess_rules_landing,
  .redact = coop_redact,
  .sample = coop_sample,
  .cards = coop_cards,
  .present = coop_present,
  .refusal = coop_refusal,
  .write_position = coop_write_position,
  .statistics = coop_statistics,
};
