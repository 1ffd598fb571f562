/* cp-tar-pit-rules.c: Tar Pit Chess
 *
 * Chess with checkers under the pieces and a deck of 36 cards (Appendix A:
 * one card for each piece, and the sixes as checker cards).  A piece
 * stands on at most one checker: on its owner's it carries tar and moves
 * as usual; on the other side's it is tarred: a tarred pawn cannot move,
 * any other tarred piece moves and attacks like a pawn of its side
 * without the double step (en passant included), and gives the checker
 * back on reaching its last rank.  Checks and checkmates are found with
 * the pieces moving as they move now.
 *
 * A turn: a chess move; if the piece that moved stands on its owner's
 * checker, a throw of that checker under a neighbouring piece, or none;
 * if the mover holds cards, a card played to add a checker, or none; then
 * a draw, one card at a time, until the mover holds as many cards as
 * checkers lie in front of them.  The opponent's checker card makes the
 * opponent give back one of their checkers (they choose which, when
 * there is a choice) and discard down to the checkers left in front of
 * them.  Checkers meeting under a piece cancel (two colours) or repel
 * (one colour); checkers that leave the board go back in front of their
 * owners, but those given back for a checker card, which go to the
 * spare pile.
 *
 * The deck is shuffled by a random result that no seat sees; the cards
 * in each hand are seen by their holder alone, the discard pile by all.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-chess-rules.h"
#include "cp-error.h"
#include "cp-games.h"

#define CHECKERS_PER_COLOUR 12

typedef enum {
  STAGE_SHUFFLE,    /* the deck is shuffled and dealt */
  STAGE_MOVE,       /* the mover makes a chess move */
  STAGE_THROW,      /* the piece that moved may throw its checker */
  STAGE_CARD,       /* the mover may play a card to add a checker */
  STAGE_RETURN,     /* the other player gives back a checker of theirs */
  STAGE_DISCARD,    /* the other player discards down to their checkers */
  STAGE_DRAW,       /* the mover draws up to their checkers */
  STAGE_RESHUFFLE,  /* the discard pile is shuffled into a new draw pile */
} Stage;

typedef struct {
  CpChessState chess;
  guint8 stage;
  guint8 runner;     /* THROW: the cell of the piece that moved */
  guint8 front[2];   /* checkers in front of each player */
  CpHand hand[2];
  CpDeck deck;       /* the draw pile, face down, top first */
  CpHand discard;    /* face up, the last card on top */
  guint64 all;       /* every card of the game, as a set (cp_card_bit()) */
  guint64 shuffled;  /* the cards of the draw pile when it was last shuffled */
} TarPitState;

#define TAR_PIT_STATE(s) ((TarPitState *) (s))

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

static const CpOptionSpec options[] = {
  { .id = "white-checkers", .label = N_("White’s checkers at the start"), .type = CP_OPTION_INT,
    .default_value = "6", .min = 0, .max = CHECKERS_PER_COLOUR },
  { .id = "black-checkers", .label = N_("Black’s checkers at the start"), .type = CP_OPTION_INT,
    .default_value = "6", .min = 0, .max = CHECKERS_PER_COLOUR },
  { .id = "checker-cards", .label = N_("Checker cards of each colour"), .type = CP_OPTION_INT,
    .default_value = "2", .min = 0, .max = 4 },
  { .id = "fen", .label = N_("Start position (FEN)"), .type = CP_OPTION_TEXT, .default_value = "" },
};

/* The checker cards of each colour, in the order they join the deck. */
static const char *const checker_cards[2][4] = {
  { "6H", "6D", "7H", "7D" },
  { "6S", "6C", "7S", "7C" },
};

/* Checkers are coloured after their owner: White's are light (seat 0),
 * Black's dark (seat 1). */
static inline gboolean
has_checker (const CpPiece *p)
{
  return p->kind != CP_PIECE_NONE && p->checkers > 0;
}

static inline gboolean
is_tarred (const CpPiece *p)
{
  return has_checker (p) && p->checker_colour != p->seat;
}

static inline gboolean
is_carrying (const CpPiece *p)
{
  return has_checker (p) && p->checker_colour == p->seat;
}

static guint
on_board (const TarPitState *st, guint colour)
{
  guint n = 0;

  for (guint c = 0; c < 64; c++)
    n += has_checker (&st->chess.base.cells[c]) && st->chess.base.cells[c].checker_colour == colour;
  return n;
}

static guint
spare (const TarPitState *st, guint colour)
{
  guint used = st->front[colour] + on_board (st, colour);

  return used < CHECKERS_PER_COLOUR ? CHECKERS_PER_COLOUR - used : 0;
}

/* Puts @p on @cell, marking it tarred when it stands on the other side's
 * checker. */
static void
put (TarPitState *st, guint cell, CpPiece p)
{
  if (p.checkers == 0)
    p.checker_colour = 0;
  if (is_tarred (&p))
    p.flags |= CP_PIECE_FLAG_TARRED;
  else
    p.flags &= (guint8) ~CP_PIECE_FLAG_TARRED;
  if (memcmp (&p, &st->chess.base.cells[cell], sizeof p) != 0)
    cp_chess_put (&st->chess, cell, &p);
}

/* A piece on its last rank never stays tarred: the checker goes back to
 * its owner. */
static void
settle (TarPitState *st, guint cell)
{
  CpPiece p = st->chess.base.cells[cell];

  if (!is_tarred (&p) || !cp_cell_set_contains (&st->chess.promotion_zone[p.seat], cell))
    return;
  st->front[p.checker_colour]++;
  p.checkers = 0;
  put (st, cell, p);
}

/* A checker of @colour arrives under the piece on @cell: alone it stays;
 * on a checker of its colour, one of them goes back to its owner; on one
 * of the other colour, both do. */
static void
add_checker (TarPitState *st, guint cell, guint colour)
{
  CpPiece p = st->chess.base.cells[cell];

  if (!has_checker (&p))
    {
      p.checkers = 1;
      p.checker_colour = (guint8) colour;
    }
  else if (p.checker_colour == colour)
    st->front[colour]++;
  else
    {
      st->front[colour]++;
      st->front[p.checker_colour]++;
      p.checkers = 0;
    }
  put (st, cell, p);
  settle (st, cell);
}

/* The position as the pieces move now, for move generation and attacks:
 * a tarred pawn becomes a piece that neither moves nor attacks, any other
 * tarred piece a pawn that has moved. */
static void
as_they_move (const TarPitState *st, CpChessState *out)
{
  memcpy (out, &st->chess, sizeof *out);
  for (guint c = 0; c < 64; c++)
    {
      CpPiece *p = &out->base.cells[c];

      if (!is_tarred (p))
        continue;
      p->kind = p->kind == CP_PIECE_PAWN ? CP_PIECE_CHECKER : CP_PIECE_PAWN;
      p->flags |= CP_PIECE_FLAG_MOVED;
    }
}

static gboolean
in_check (const TarPitState *st, guint seat)
{
  CpChessState now;

  as_they_move (st, &now);
  return cp_chess_in_check (&now, seat);
}

/* Whether @move of the piece of @seat, made in @now, leaves its king
 * safe. */
static gboolean
safe_after (CpChessState *now, guint seat, const CpAction *move)
{
  guint king = now->king[seat];
  CpUndo undo;
  gboolean safe;

  cp_chess_make (now, move, &undo);
  /* A tarred king moves as a pawn, which the board does not follow. */
  if (move->cells[0] == king && !(move->flags & CP_ACTION_FLAG_CASTLE))
    now->king[seat] = move->cells[1];
  safe = !cp_chess_in_check (now, seat);
  cp_chess_unmake (now, move, &undo);
  return safe;
}

/* Castling: neither king nor rook on a checker, the king not in check and
 * passing no attacked cell. */
static gboolean
may_castle (const TarPitState *st, const CpChessState *now, guint seat, const CpAction *move)
{
  const CpPiece *cells = st->chess.base.cells;
  guint king = move->cells[0], rook = move->cells[1];
  guint to = cp_chess_landing (&st->chess, move);
  guint lo = MIN (king, to), hi = MAX (king, to);

  if (cells[king].checkers > 0 || cells[rook].checkers > 0)
    return FALSE;
  for (guint c = lo; c <= hi; c++)
    if (cp_chess_attacked (now, c, seat, king, rook))
      return FALSE;
  return TRUE;
}

/* The legal chess moves of @seat. */
static void
tar_moves (const TarPitState *st, guint seat, CpActionList *out)
{
  const CpPiece *cells = st->chess.base.cells;
  g_auto (CpActionList) pseudo = { 0 };
  CpChessState now;

  as_they_move (st, &now);
  /* Every move as the pieces move now, then those that keep the king
   * safe. */
  now.features &= (guint16) ~CP_CHESS_CHECK;
  cp_chess_legal (&now, seat, &pseudo);
  for (guint i = 0; i < pseudo.len; i++)
    {
      CpAction move = pseudo.items[i];
      const CpPiece *mover = &cells[move.cells[0]];

      if ((move.flags & CP_ACTION_FLAG_CAPTURE) && !(move.flags & CP_ACTION_FLAG_EN_PASSANT)
          && cells[move.cells[1]].kind == CP_PIECE_KING)
        continue;
      /* A tarred piece reaching its last rank stays what it is. */
      if (mover->kind != CP_PIECE_PAWN && move.piece != CP_PIECE_NONE)
        {
          if (move.piece != CP_PIECE_QUEEN)
            continue;
          move.piece = CP_PIECE_NONE;
        }
      if ((move.flags & CP_ACTION_FLAG_CASTLE) && !may_castle (st, &now, seat, &move))
        continue;
      if (safe_after (&now, seat, &move))
        cp_action_list_append (out, &move);
    }
}

/* Position texts: FEN, a "*" after each piece on a checker, then the
 * stage, the tarred pieces, the checkers in front of White and of Black,
 * their hands, the draw pile from the top and the discard pile from the
 * bottom. */

static const char *const stage_names[] = {
  [STAGE_SHUFFLE] = "-", [STAGE_MOVE] = "move", [STAGE_THROW] = "throw", [STAGE_CARD] = "card",
  [STAGE_RETURN] = "return", [STAGE_DISCARD] = "discard", [STAGE_DRAW] = "draw", [STAGE_RESHUFFLE] = "-",
};

#define N_POSITION_FIELDS 8

static void
append_pile (GString *out, const CpDeck *pile)
{
  g_string_append_c (out, ' ');
  for (guint i = 0; i < cp_deck_count (pile); i++)
    {
      const char *id = cp_card_to_id (cp_deck_peek (pile, i));

      /* A card hidden from a view's seat is written "?". */
      g_string_append_printf (out, "%s%s", i > 0 ? "," : "", id != NULL ? id : "?");
    }
  if (cp_deck_is_empty (pile))
    g_string_append_c (out, '-');
}

static char *
tar_pit_write_position (const CpState *state)
{
  const TarPitState *st = TAR_PIT_STATE (state);
  g_autofree char *fen = cp_fen_write (&st->chess, CP_FEN_STANDARD);
  GString *out = g_string_new (fen);
  gsize start;

  g_string_append_printf (out, " %s", stage_names[st->stage]);
  if (st->stage == STAGE_THROW)
    {
      g_autofree char *runner = cp_board_cell_name (state->board, st->runner);

      g_string_append_printf (out, ":%s", runner);
    }
  g_string_append_c (out, ' ');
  start = out->len;
  for (guint c = 0; c < 64; c++)
    if (is_tarred (&state->cells[c]))
      {
        g_autofree char *name = cp_board_cell_name (state->board, c);

        g_string_append_printf (out, "%s%s", out->len > start ? "," : "", name);
      }
  if (out->len == start)
    g_string_append_c (out, '-');
  g_string_append_printf (out, " %u %u", st->front[0], st->front[1]);
  append_pile (out, &st->hand[0].cards);
  append_pile (out, &st->hand[1].cards);
  append_pile (out, &st->deck);
  append_pile (out, &st->discard.cards);
  return g_string_free (out, FALSE);
}

/* A field of cards in order, each of @all once at most (@seen). */
static gboolean
read_pile (const char *field, CpDeck *pile, guint64 all, guint64 *seen, const char *text, GError **error)
{
  g_auto (GStrv) ids = g_strsplit (field, ",", -1);

  cp_deck_init (pile, NULL, 0);
  if (g_str_equal (field, "-"))
    return TRUE;
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autofree char *reason = NULL;
      CpCard card;

      if (!cp_card_from_id (ids[i], &card) || !(all & cp_card_bit (card)))
        /* Translators: %s: what was read in place of a card, such as "AS" */
        reason = g_strdup_printf (_("“%s” is not a card of this game"), ids[i]);
      else if (*seen & cp_card_bit (card))
        /* Translators: %s: a card id, such as "8S" */
        reason = g_strdup_printf (_("the card “%s” is given twice"), ids[i]);
      if (reason != NULL)
        return cp_error_bad_position (error, text, reason);
      *seen |= cp_card_bit (card);
      cp_deck_put_bottom (pile, card);
    }
  return TRUE;
}

static gboolean
read_cell (const TarPitState *st, const char *name, guint *cell)
{
  return cp_board_parse_cell (st->chess.base.board, name, cell, NULL) && *cell < 64
         && st->chess.base.cells[*cell].kind != CP_PIECE_NONE;
}

/* The stage, with the cell of the piece that may throw: "throw:e4". */
static gboolean
read_stage (TarPitState *st, const char *field, const char *text, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (field, ":", 2);
  guint cell = CP_NO_CELL;

  for (st->stage = STAGE_MOVE; st->stage < STAGE_RESHUFFLE; st->stage++)
    if (g_str_equal (parts[0], stage_names[st->stage]))
      break;
  if (st->stage == STAGE_RESHUFFLE || (parts[1] != NULL) != (st->stage == STAGE_THROW))
    return cp_error_bad_position (error, text, _("the stage must be “move”, “throw:” and the cell of the piece "
                                          "that moved, “card”, “return”, “discard” or “draw”"));
  if (st->stage == STAGE_THROW && (!read_cell (st, parts[1], &cell) || !is_carrying (&st->chess.base.cells[cell])))
    return cp_error_bad_position (error, text, _("the piece that may throw the tar must stand on its own checker"));
  st->runner = (guint8) cell;
  return TRUE;
}

static gboolean
read_tarred (TarPitState *st, const char *field, const char *text, GError **error)
{
  g_auto (GStrv) names = g_strsplit (field, ",", -1);

  if (g_str_equal (field, "-"))
    return TRUE;
  for (guint i = 0; names[i] != NULL; i++)
    {
      guint cell;
      CpPiece p;

      if (!read_cell (st, names[i], &cell) || !is_carrying (&st->chess.base.cells[cell]))
        {
          /* Translators: %s: what was read in place of the cell of a piece on a checker */
          g_autofree char *reason = g_strdup_printf (_("“%s” is not the cell of a piece on a checker"), names[i]);

          return cp_error_bad_position (error, text, reason);
        }
      p = st->chess.base.cells[cell];
      if (cp_cell_set_contains (&st->chess.promotion_zone[p.seat], cell))
        {
          /* Translators: %s: the cell of a piece, such as "b8" */
          g_autofree char *reason = g_strdup_printf (_("“%s” holds a tarred piece on its last rank, "
                                                       "where the tar goes back to its owner"), names[i]);

          return cp_error_bad_position (error, text, reason);
        }
      p.checker_colour = (guint8) (1 - p.seat);
      put (st, cell, p);
    }
  return TRUE;
}

/* Whether the cards and checkers fit the stage. */
static const char *
check_stage (const TarPitState *st)
{
  guint mover = st->chess.base.to_move, other = 1 - mover;

  switch ((Stage) st->stage)
    {
    case STAGE_CARD:
      return cp_hand_count (&st->hand[mover]) == 0 ? _("the player to play a card holds none") : NULL;
    case STAGE_RETURN:
      return on_board (st, other) == 0 ? _("the player to give back a checker has none under a piece") : NULL;
    case STAGE_DISCARD:
      return cp_hand_count (&st->hand[other]) <= st->front[other]
             ? _("the player to discard holds no more cards than checkers in front of them") : NULL;
    case STAGE_DRAW:
      return cp_hand_count (&st->hand[mover]) >= st->front[mover] || cp_deck_is_empty (&st->deck)
             ? _("the player to draw holds as many cards as checkers in front of them, or the draw pile is empty")
             : NULL;
    default:
      return NULL;
    }
}

/* Sets up the position of a text with the game's fields; @all: every card
 * of the game. */
static gboolean
read_position (TarPitState *st, const char *text, guint64 all, GError **error)
{
  g_auto (GStrv) extra = NULL;
  g_autofree char *fen = cp_fen_split (text, &extra);
  guint64 seen = 0;
  const char *problem;

  cp_chess_state_init_standard (&st->chess, cp_chess_standard_board ());
  st->chess.features = CP_CHESS_ORTHODOX | CP_CHESS_HELD_TURN;
  if (g_strv_length (extra) != N_POSITION_FIELDS)
    return cp_error_bad_position (error, text, _("after the six fields of FEN come eight more: the stage, the "
                                          "tarred pieces, the checkers in front of White and of Black, "
                                          "their hands, the draw pile and the discard pile"));
  if (!cp_fen_read_with (&st->chess, fen, CP_FEN_READ_ANY_CHECK, error))
    return FALSE;
  for (guint c = 0; c < 64; c++)
    {
      CpPiece p = st->chess.base.cells[c];

      if (p.kind == CP_PIECE_NONE || p.checkers == 0)
        continue;
      if (p.checkers > 1)
        return cp_error_bad_position (error, text, _("a piece stands on more than one checker"));
      p.checker_colour = p.seat;
      put (st, c, p);
    }
  if (!read_tarred (st, extra[1], text, error) || !read_stage (st, extra[0], text, error))
    return FALSE;
  for (guint seat = 0; seat < 2; seat++)
    {
      guint64 n;

      if (!g_ascii_string_to_unsigned (extra[2 + seat], 10, 0, CHECKERS_PER_COLOUR, &n, NULL)
          || n + on_board (st, seat) > CHECKERS_PER_COLOUR)
        return cp_error_bad_position (error, text, _("a player has more than twelve checkers, or their number is "
                                              "not a number"));
      st->front[seat] = (guint8) n;
    }
  for (guint seat = 0; seat < 2; seat++)
    {
      cp_hand_init (&st->hand[seat], CP_SEAT_BIT (seat));
      if (!read_pile (extra[4 + seat], &st->hand[seat].cards, all, &seen, text, error))
        return FALSE;
    }
  cp_hand_init (&st->discard, CP_SEATS_ALL);
  if (!read_pile (extra[6], &st->deck, all, &seen, text, error)
      || !read_pile (extra[7], &st->discard.cards, all, &seen, text, error))
    return FALSE;
  if (seen != all)
    {
      CpDeck missing;
      g_autofree char *reason = NULL;

      cp_deck_init_set (&missing, all & ~seen);
      /* Translators: %s: a card id, such as "8S" */
      reason = g_strdup_printf (_("the card “%s” is missing: every card of the game lies in a hand or a pile"),
                                cp_card_to_id (cp_deck_peek (&missing, 0)));
      return cp_error_bad_position (error, text, reason);
    }
  problem = check_stage (st);
  if (problem != NULL)
    return cp_error_bad_position (error, text, problem);
  st->all = st->shuffled = all;
  return TRUE;
}

static gboolean
tar_pit_init (CpState *state, GHashTable *opts, GError **error)
{
  TarPitState *st = TAR_PIT_STATE (state);
  guint cards = (guint) g_ascii_strtoull (g_hash_table_lookup (opts, "checker-cards"), NULL, 10);
  const char *const counts[2] = { "white-checkers", "black-checkers" };
  const char *text = g_hash_table_lookup (opts, CP_POSITION_OPTION);
  g_auto (GStrv) extra = NULL;
  CpDeck deck;

  /* With the game's fields after its FEN, the text is the whole position. */
  if (text != NULL)
    g_free (cp_fen_split (text, &extra));
  cp_deck_init_chess (&deck, CP_CHESS_DECK_PAWNS | CP_CHESS_DECK_PIECES);
  for (guint i = 0; i < MIN (cards, 4u); i++)
    for (guint colour = 0; colour < 2; colour++)
      {
        CpCard card;

        cp_card_from_id (checker_cards[colour][i], &card);
        cp_deck_put_bottom (&deck, card);
      }
  if (extra != NULL && extra[0] != NULL)
    return read_position (st, text, cp_deck_get_set (&deck), error);

  if (!cp_chess_rules_setup (state, opts, CP_CHESS_ORTHODOX | CP_CHESS_HELD_TURN, error))
    return FALSE;
  /* A checker in the position is its piece's own. */
  for (guint c = 0; c < 64; c++)
    {
      CpPiece p = state->cells[c];

      if (p.kind == CP_PIECE_NONE || p.checkers == 0)
        continue;
      if (p.checkers > 1)
        {
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                       _("A piece stands on at most one checker in Tar Pit Chess"));
          return FALSE;
        }
      p.checker_colour = p.seat;
      put (st, c, p);
    }
  for (guint seat = 0; seat < 2; seat++)
    {
      st->front[seat] = (guint8) g_ascii_strtoull (g_hash_table_lookup (opts, counts[seat]), NULL, 10);
      if (st->front[seat] + on_board (st, seat) > CHECKERS_PER_COLOUR)
        {
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                       _("Each player has only %u checkers"), CHECKERS_PER_COLOUR);
          return FALSE;
        }
      cp_hand_init (&st->hand[seat], CP_SEAT_BIT (seat));
    }
  cp_hand_init (&st->discard, CP_SEATS_ALL);
  st->deck = deck;
  st->all = st->shuffled = cp_deck_get_set (&st->deck);
  st->stage = STAGE_SHUFFLE;
  st->runner = CP_NO_CELL;
  return TRUE;
}

static CpSeatMask
tar_pit_pending (const CpState *state)
{
  switch ((Stage) TAR_PIT_STATE (state)->stage)
    {
    case STAGE_SHUFFLE:
    case STAGE_RESHUFFLE:
      return CP_SEAT_BIT (CP_SEAT_CHANCE);
    case STAGE_RETURN:
    case STAGE_DISCARD:
      return CP_SEAT_BIT (1 - state->to_move);
    default:
      return CP_SEAT_BIT (state->to_move);
    }
}

static void
tar_pit_chance (const CpState *state, CpChance *request)
{
  *request = (CpChance) { .type = CP_ACTION_SHUFFLE, .hidden = TRUE };
}

/* The cards a piece card may add a checker to: the pieces it shows, or,
 * when none is left, any piece of the player. */
static void
card_targets (const TarPitState *st, guint seat, CpCard card, CpActionList *out)
{
  const CpPiece *cells = st->chess.base.cells;
  CpPieceKind kind;
  CpColour colour;
  guint first = out->len;

  if (!cp_card_get_piece (card, &kind, &colour))
    return;
  for (int any = 0; any < 2 && out->len == first; any++)
    for (guint c = 0; c < 64; c++)
      if (cells[c].kind != CP_PIECE_NONE
          && (any ? cells[c].seat == seat : cells[c].kind == kind && cells[c].seat == (guint) colour))
        {
          CpAction *play = cp_action_list_add (out);

          cp_action_init (play, CP_ACTION_PLAY_CARD, seat);
          play->value = cp_card_pack (&card, 1);
          play->n_cells = 1;
          play->cells[0] = (guint8) c;
        }
}

static void
card_actions (const TarPitState *st, guint seat, CpActionList *out)
{
  for (guint i = 0; i < cp_hand_count (&st->hand[seat]); i++)
    {
      CpCard card = cp_hand_get (&st->hand[seat], i);

      if (cp_card_is_checker (card, NULL))
        {
          CpAction *play = cp_action_list_add (out);

          cp_action_init (play, CP_ACTION_PLAY_CARD, seat);
          play->value = cp_card_pack (&card, 1);
        }
      else if (st->front[seat] > 0)
        card_targets (st, seat, card, out);
    }
  cp_action_init (cp_action_list_add (out), CP_ACTION_PASS, seat);
}

/* The checkers @seat may give back: one from in front, or one on the
 * board. */
static void
return_actions (const TarPitState *st, guint seat, CpActionList *out)
{
  if (st->front[seat] > 0)
    cp_action_init (cp_action_list_add (out), CP_ACTION_REMOVE, seat);
  for (guint c = 0; c < 64; c++)
    if (has_checker (&st->chess.base.cells[c]) && st->chess.base.cells[c].checker_colour == seat)
      {
        CpAction *give = cp_action_list_add (out);

        cp_action_init (give, CP_ACTION_REMOVE, seat);
        give->n_cells = 1;
        give->cells[0] = (guint8) c;
      }
}

static void
tar_pit_legal (const CpState *state, guint seat, CpActionList *out)
{
  const TarPitState *st = TAR_PIT_STATE (state);

  if (state->outcome.status != CP_STATUS_PLAYING || !(tar_pit_pending (state) & CP_SEAT_BIT (seat)))
    return;
  switch ((Stage) st->stage)
    {
    case STAGE_MOVE:
      tar_moves (st, seat, out);
      break;
    case STAGE_THROW:
      for (guint d = 0; d < CP_N_DIRS; d++)
        {
          guint to = cp_board_step (state->board, st->runner, (CpDir) d);

          if (to != CP_NO_CELL && state->cells[to].kind != CP_PIECE_NONE)
            {
              CpAction *pass_on = cp_action_list_add (out);

              cp_action_init (pass_on, CP_ACTION_THROW_CHECKER, seat);
              pass_on->n_cells = 2;
              pass_on->cells[0] = st->runner;
              pass_on->cells[1] = (guint8) to;
            }
        }
      cp_action_init (cp_action_list_add (out), CP_ACTION_PASS, seat);
      break;
    case STAGE_CARD:
      card_actions (st, seat, out);
      break;
    case STAGE_RETURN:
      return_actions (st, seat, out);
      break;
    case STAGE_DISCARD:
      for (guint i = 0; i < cp_hand_count (&st->hand[seat]); i++)
        {
          CpAction *discard = cp_action_list_add (out);
          CpCard card = cp_hand_get (&st->hand[seat], i);

          cp_action_init (discard, CP_ACTION_DISCARD, seat);
          discard->value = cp_card_pack (&card, 1);
        }
      break;
    case STAGE_DRAW:
      cp_action_init (cp_action_list_add (out), CP_ACTION_DRAW_CARD, seat);
      break;
    default:
      break;
    }
}

static void
end_turn (TarPitState *st)
{
  st->stage = STAGE_MOVE;
  st->runner = CP_NO_CELL;
  cp_chess_pass_turn (&st->chess);
}

/* The draw: while the mover holds fewer cards than checkers in front of
 * them and cards are left, one card at a time; the discard pile is
 * shuffled into a new draw pile when the draw pile is empty. */
static void
go_draw (TarPitState *st)
{
  guint seat = st->chess.base.to_move;

  if (cp_hand_count (&st->hand[seat]) >= st->front[seat])
    end_turn (st);
  else if (!cp_deck_is_empty (&st->deck))
    st->stage = STAGE_DRAW;
  else if (cp_hand_count (&st->discard) > 0)
    st->stage = STAGE_RESHUFFLE;
  else
    end_turn (st);
}

static void
go_card (TarPitState *st)
{
  st->runner = CP_NO_CELL;
  if (cp_hand_count (&st->hand[st->chess.base.to_move]) > 0)
    st->stage = STAGE_CARD;
  else
    go_draw (st);
}

/* After a checker was given back: the other player discards down to the
 * checkers in front of them. */
static void
go_discard (TarPitState *st)
{
  guint other = 1 - st->chess.base.to_move;

  if (cp_hand_count (&st->hand[other]) > st->front[other])
    st->stage = STAGE_DISCARD;
  else
    go_draw (st);
}

static void
move_piece (TarPitState *st, const CpAction *action)
{
  const CpPiece *cells = st->chess.base.cells;
  guint landing = cp_chess_landing (&st->chess, action);
  guint taken_cell = (action->flags & CP_ACTION_FLAG_EN_PASSANT) ? st->chess.ep_pawn : action->cells[1];
  CpPiece taken = cells[taken_cell];

  if (landing == CP_NO_CELL)
    landing = action->cells[1];
  cp_chess_make (&st->chess, action, NULL);
  /* The piece takes over the checker of what it takes. */
  if ((action->flags & CP_ACTION_FLAG_CAPTURE) && has_checker (&taken))
    add_checker (st, landing, taken.checker_colour);
  settle (st, landing);

  if (is_carrying (&cells[landing]))
    for (guint d = 0; d < CP_N_DIRS; d++)
      {
        guint to = cp_board_step (st->chess.base.board, landing, (CpDir) d);

        if (to != CP_NO_CELL && cells[to].kind != CP_PIECE_NONE)
          {
            st->stage = STAGE_THROW;
            st->runner = (guint8) landing;
            return;
          }
      }
  go_card (st);
}

static void
throw_checker (TarPitState *st, const CpAction *action)
{
  CpPiece p = st->chess.base.cells[action->cells[0]];
  guint colour = p.checker_colour;

  p.checkers = 0;
  put (st, action->cells[0], p);
  add_checker (st, action->cells[1], colour);
  go_card (st);
}

static void
play_card (TarPitState *st, const CpAction *action)
{
  guint seat = action->seat, other = 1 - seat;
  CpCard card = (CpCard) (action->value & 0xff);
  CpColour colour;

  cp_hand_remove (&st->hand[seat], card);
  cp_hand_add (&st->discard, card);
  if (action->n_cells == 1)
    {
      st->front[seat]--;
      add_checker (st, action->cells[0], seat);
      go_draw (st);
      return;
    }
  cp_card_is_checker (card, &colour);
  if ((guint) colour == seat)
    {
      if (spare (st, seat) > 0)
        st->front[seat]++;
      go_draw (st);
    }
  else if (on_board (st, other) > 0)
    st->stage = STAGE_RETURN;
  else
    {
      if (st->front[other] > 0)
        st->front[other]--;
      go_discard (st);
    }
}

static void
give_back (TarPitState *st, const CpAction *action)
{
  if (action->n_cells == 0)
    st->front[action->seat]--;
  else
    {
      CpPiece p = st->chess.base.cells[action->cells[0]];

      p.checkers = 0;
      put (st, action->cells[0], p);
    }
  go_discard (st);
}

static void
tar_pit_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  TarPitState *st = TAR_PIT_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_SHUFFLE:
      if (st->stage == STAGE_RESHUFFLE)
        {
          while (cp_hand_count (&st->discard) > 0)
            cp_deck_put_bottom (&st->deck, cp_hand_remove_at (&st->discard, 0));
          st->shuffled = cp_deck_get_set (&st->deck);
          cp_deck_shuffle (&st->deck, action->value);
          go_draw (st);
          break;
        }
      cp_deck_shuffle (&st->deck, action->value);
      /* One card at a time to each player in turn, as many as their
       * checkers. */
      for (gboolean dealt = TRUE; dealt;)
        {
          dealt = FALSE;
          for (guint seat = 0; seat < 2; seat++)
            if (cp_hand_count (&st->hand[seat]) < st->front[seat] && !cp_deck_is_empty (&st->deck))
              {
                cp_hand_add (&st->hand[seat], cp_deck_draw (&st->deck));
                dealt = TRUE;
              }
        }
      st->stage = STAGE_MOVE;
      break;
    case CP_ACTION_MOVE:
      move_piece (st, action);
      break;
    case CP_ACTION_THROW_CHECKER:
      throw_checker (st, action);
      break;
    case CP_ACTION_PLAY_CARD:
      play_card (st, action);
      break;
    case CP_ACTION_PASS:
      if (st->stage == STAGE_THROW)
        go_card (st);
      else
        go_draw (st);
      break;
    case CP_ACTION_REMOVE:
      give_back (st, action);
      break;
    case CP_ACTION_DISCARD:
      {
        CpCard card = (CpCard) (action->value & 0xff);

        cp_hand_remove (&st->hand[action->seat], card);
        cp_hand_add (&st->discard, card);
        go_discard (st);
      }
      break;
    case CP_ACTION_DRAW_CARD:
      cp_hand_add (&st->hand[action->seat], cp_deck_draw (&st->deck));
      go_draw (st);
      break;
    default:
      g_return_if_reached ();
    }
}

static void
tar_pit_outcome (const CpState *state, CpOutcome *outcome)
{
  const TarPitState *st = TAR_PIT_STATE (state);
  g_auto (CpActionList) legal = { 0 };
  guint seat = state->to_move;

  *outcome = state->outcome;
  if (outcome->status != CP_STATUS_PLAYING || st->stage != STAGE_MOVE)
    return;
  tar_moves (st, seat, &legal);
  if (legal.len == 0)
    {
      if (in_check (st, seat))
        *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_CHECKMATE, CP_SEAT_BIT (1 - seat) };
      else
        *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_STALEMATE, 0 };
    }
  else
    cp_chess_draw_by_counting (&st->chess, outcome);
}

static guint
tar_pit_check_cell (const CpState *state)
{
  const TarPitState *st = TAR_PIT_STATE (state);
  guint seat = state->to_move;

  if (st->stage != STAGE_MOVE || st->chess.king[seat] == CP_NO_CELL || !in_check (st, seat))
    return CP_NO_CELL;
  return st->chess.king[seat];
}

/* Notation. */

/* A move in short algebraic notation, written with the pieces' kinds
 * whichever way they move now: "Nxd5" for a tarred knight that takes as
 * a pawn. */
static char *
format_san (const TarPitState *st, const CpAction *action, CpNotation notation)
{
  const CpPiece *piece = &st->chess.base.cells[action->cells[0]];
  gboolean capture = (action->flags & CP_ACTION_FLAG_CAPTURE) != 0;
  GString *out = g_string_new (NULL);
  g_autofree char *to = cp_board_cell_name (st->chess.base.board, action->cells[1]);
  g_auto (CpActionList) moves = { 0 };

  cp_chess_append_piece (out, piece->kind, piece->seat, notation);
  if (piece->kind == CP_PIECE_PAWN && capture)
    {
      g_autofree char *from = cp_board_cell_name (st->chess.base.board, action->cells[0]);

      g_string_append_c (out, from[0]);
    }
  tar_moves (st, action->seat, &moves);
  cp_chess_append_disambiguation (out, &st->chess, &moves, action, piece->kind == CP_PIECE_PAWN && capture);
  if (capture)
    g_string_append_c (out, 'x');
  g_string_append (out, to);
  if (action->piece != CP_PIECE_NONE)
    {
      g_string_append_c (out, '=');
      cp_chess_append_piece (out, action->piece, piece->seat, notation);
    }
  return g_string_free (out, FALSE);
}

static char *
card_label (guint32 value, CpNotation notation)
{
  CpCard card = (CpCard) (value & 0xff);

  return notation == CP_NOTATION_COMPUTER ? g_strdup (cp_card_to_id (card)) : cp_card_short_label (card);
}

/* An action written without its mark of check. */
static char *
plain_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  const TarPitState *st = TAR_PIT_STATE (state);
  gboolean computer = notation == CP_NOTATION_COMPUTER;
  gboolean long_form = computer || notation == CP_NOTATION_LAN || notation == CP_NOTATION_LAN_LOCAL;
  g_autofree char *at = action->n_cells > 0 ? cp_board_cell_name (state->board, action->cells[0]) : NULL;
  g_autofree char *to = action->n_cells > 1 ? cp_board_cell_name (state->board, action->cells[1]) : NULL;

  switch (action->type)
    {
    case CP_ACTION_SHUFFLE:
      return g_strdup (st->stage == STAGE_SHUFFLE ? _("the cards are shuffled and dealt")
                                                  : _("the discard pile is shuffled into a new draw pile"));
    case CP_ACTION_MOVE:
      if (long_form || (action->flags & CP_ACTION_FLAG_CASTLE))
        {
          g_autofree char *text = cp_chess_format (&st->chess, action, notation);

          return cp_chess_strip_marks (text);
        }
      return format_san (st, action, notation);
    case CP_ACTION_THROW_CHECKER:
      /* The checker thrown under the piece on a cell. */
      return computer ? g_strdup_printf ("%s%s", at, to)
                      : long_form ? g_strdup_printf ("^%s-%s", at, to) : g_strdup_printf ("^%s", to);
    case CP_ACTION_PASS:
      if (computer)
        return g_strdup ("pass");
      /* Translators: in Tar Pit Chess, a player who could throw the tar
       * or play a card chose not to */
      return g_strdup (st->stage == STAGE_THROW ? _("keeps the checker") : _("keeps their cards"));
    case CP_ACTION_PLAY_CARD:
      {
        g_autofree char *card = card_label (action->value, notation);

        return at != NULL ? g_strdup_printf ("%s@%s", card, at) : g_steal_pointer (&card);
      }
    case CP_ACTION_REMOVE:
      if (computer)
        return g_strdup_printf ("x%s", at != NULL ? at : "");
      if (at == NULL)
        return g_strdup (_("gives back a checker from in front"));
      /* Translators: %s: a cell, such as "e4" */
      return g_strdup_printf (_("gives back the checker on %s"), at);
    case CP_ACTION_DISCARD:
      {
        g_autofree char *card = card_label (action->value, notation);

        if (computer)
          return g_strdup_printf ("d%s", card);
        /* Translators: %s: a card, such as "8♠" */
        return g_strdup_printf (_("discards %s"), card);
      }
    case CP_ACTION_DRAW_CARD:
      return g_strdup (computer ? "draw" : _("draws a card"));
    default:
      return g_strdup (cp_action_type_to_id (action->type));
    }
}

/* "+" or "#" once the turn of @seat is over with the other side in
 * check; the mark goes on the move of that turn. */
static const char *
tar_pit_turn_mark (const CpState *state, guint seat)
{
  const TarPitState *st = TAR_PIT_STATE (state);
  CpOutcome outcome;

  if (state->to_move == seat || st->stage != STAGE_MOVE)
    return NULL;
  if (!in_check (st, state->to_move))
    return "";
  tar_pit_outcome (state, &outcome);
  return outcome.reason == CP_END_CHECKMATE ? "#" : "+";
}

static gboolean
tar_pit_parse (const CpState *state, const char *text, CpAction *action, GError **error)
{
  static const CpNotation notations[] = {
    CP_NOTATION_SAN, CP_NOTATION_LAN, CP_NOTATION_COMPUTER, CP_NOTATION_FIGURINE,
    CP_NOTATION_SAN_LOCAL, CP_NOTATION_LAN_LOCAL,
  };
  g_autofree char *wanted = cp_chess_strip_marks (text);
  g_auto (CpActionList) legal = { 0 };
  guint seat = cp_state_first_pending (state);

  if (wanted[0] == '\0')
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, _("No move was given"));
      return FALSE;
    }
  if (seat < 2)
    cp_state_legal (state, seat, &legal);
  for (guint n = 0; n < G_N_ELEMENTS (notations); n++)
    for (guint i = 0; i < legal.len; i++)
      {
        g_autofree char *written = plain_format (state, &legal.items[i], notations[n]);

        if (g_str_equal (written, wanted))
          {
            *action = legal.items[i];
            return TRUE;
          }
      }
  g_set_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION, _("“%s” cannot be played: %s"), text,
               _("it is not a legal move in this position"));
  return FALSE;
}

/* Secrets. */

static void
tar_pit_redact (CpState *state, guint seat)
{
  TarPitState *st = TAR_PIT_STATE (state);

  for (guint s = 0; s < 2; s++)
    cp_hand_redact (&st->hand[s], seat);
  cp_deck_redact (&st->deck);
}

/* A world @seat's view allows: the cards @seat has not seen (neither in
 * its hand nor on the discard pile) are shared at random between the
 * other seat's hand and the draw pile, as many as each holds.  Those
 * that were not in the draw pile when it was last shuffled (the other
 * seat held them then) stay in that hand. */
static void
tar_pit_sample (CpState *state, guint seat, GRand *rand)
{
  TarPitState *st = TAR_PIT_STATE (state);
  CpHand *theirs = &st->hand[1 - seat];
  guint held = cp_hand_count (theirs);
  guint64 unseen, kept;
  CpDeck rest;

  if (seat > 1 || cp_hand_visible_to (theirs, seat))
    return;
  unseen = st->all & ~cp_deck_get_set (&st->hand[seat].cards) & ~cp_deck_get_set (&st->discard.cards);
  if (cp_bits_count (unseen) != held + cp_deck_count (&st->deck))
    return;
  kept = unseen & ~st->shuffled;
  if (cp_bits_count (kept) > held)
    kept = 0;
  cp_deck_init_set (&rest, unseen & ~kept);
  cp_deck_shuffle (&rest, g_rand_int (rand));
  cp_deck_init_set (&theirs->cards, kept);
  while (cp_hand_count (theirs) < held)
    cp_hand_add (theirs, cp_deck_draw (&rest));
  st->deck = rest;
}

static void
tar_pit_cards (const CpState *state, CpCardTable *table)
{
  const TarPitState *st = TAR_PIT_STATE (state);

  cp_card_table_init (table);
  for (guint seat = 0; seat < 2; seat++)
    table->hand[seat] = st->hand[seat];
  table->discard = st->discard;
  table->draw_pile = (guint8) cp_deck_count (&st->deck);
  table->has_draw_pile = TRUE;
  table->has_discard = TRUE;
}

/* For computer players. */

static guint64
tar_pit_hash (const CpState *state)
{
  const TarPitState *st = TAR_PIT_STATE (state);
  guint64 h = st->chess.hash ^ (G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (1u + st->stage));

  h ^= G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f) * (st->runner + 1u);
  h ^= G_GUINT64_CONSTANT (0x165667b19e3779f9) * (1u + st->front[0] + 16u * st->front[1]);
  /* The chess key counts checkers, not whose they are. */
  for (guint c = 0; c < 64; c++)
    if (is_tarred (&state->cells[c]))
      h ^= G_GUINT64_CONSTANT (0xd6e8feb86659fd93) * (c + 1u);
  for (guint seat = 0; seat < 2; seat++)
    for (guint i = 0; i < cp_hand_count (&st->hand[seat]); i++)
      h ^= G_GUINT64_CONSTANT (0xff51afd7ed558ccd) * (1u + cp_hand_get (&st->hand[seat], i) + 256u * seat);
  return h;
}

/* Chess material and position; a tarred piece is worth little more than
 * a pawn, a carrying one a little more than itself, and each checker in
 * front a fifth of a pawn. */
static int
tar_pit_evaluate (const CpState *state, guint seat)
{
  const TarPitState *st = TAR_PIT_STATE (state);
  int score = cp_chess_evaluate (&st->chess, seat);

  for (guint c = 0; c < 64; c++)
    {
      const CpPiece *p = &state->cells[c];
      int sign = p->seat == seat ? 1 : -1;

      if (is_tarred (p) && p->kind != CP_PIECE_KING)
        score -= sign * (cp_piece_kind_value (p->kind) - cp_piece_kind_value (CP_PIECE_PAWN)) / 2;
      else if (is_tarred (p))
        score -= sign * 150;
      else if (is_carrying (p))
        score += sign * 30;
    }
  return score + 20 * ((int) st->front[seat] - (int) st->front[1 - seat]);
}

/* Presentation. */

static char *
tar_pit_prompt (const TarPitState *st, guint actor)
{
  switch ((Stage) st->stage)
    {
    case STAGE_THROW:
      return g_strdup (_("Throw the tar: pass the checker to a neighbouring piece, or keep it"));
    case STAGE_CARD:
      return g_strdup (_("Play a card to add one of your checkers under a piece it matches, or play no card"));
    case STAGE_RETURN:
      return g_strdup (_("Your opponent played your checker card: give back one of your checkers, "
                         "from in front of you or from under a piece"));
    case STAGE_DISCARD:
      return g_strdup (_("Discard a card: you hold more cards than checkers in front of you"));
    case STAGE_DRAW:
      {
        guint left = st->front[actor] - cp_hand_count (&st->hand[actor]);

        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Draw a card (%u to draw)",
                                             "Draw a card (%u to draw)", left), left);
      }
    case STAGE_MOVE:
    default:
      return cp_chess_rules_prompt (&st->chess.base, actor);
    }
}

static void
present_buttons (const TarPitState *st, guint actor, CpPresentation *out)
{
  CpAction action;

  switch ((Stage) st->stage)
    {
    case STAGE_THROW:
      cp_action_init (&action, CP_ACTION_PASS, actor);
      cp_presentation_add_button (out, &action, "end-turn", _("_Keep the Checker"));
      break;
    case STAGE_CARD:
      cp_action_init (&action, CP_ACTION_PASS, actor);
      cp_presentation_add_button (out, &action, "end-turn", _("_No Card"));
      break;
    case STAGE_RETURN:
      if (st->front[actor] > 0)
        {
          cp_action_init (&action, CP_ACTION_REMOVE, actor);
          cp_presentation_add_button (out, &action, "give-back", _("_From in Front of Me"));
        }
      break;
    case STAGE_DRAW:
      cp_action_init (&action, CP_ACTION_DRAW_CARD, actor);
      cp_presentation_add_button (out, &action, "draw", _("_Draw a Card"));
      break;
    default:
      break;
    }
}

static void
tar_pit_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  const TarPitState *st = TAR_PIT_STATE (state);
  guint actor = viewer == CP_VIEW_ALL ? cp_state_first_pending (state) : viewer;
  static const CpPiece carrying = { .kind = CP_PIECE_BISHOP, .seat = 0, .checkers = 1,
                                    .checker_colour = CP_COLOUR_WHITE };
  static const CpPiece tarred = { .kind = CP_PIECE_KNIGHT, .seat = 0, .flags = CP_PIECE_FLAG_TARRED,
                                  .checkers = 1, .checker_colour = CP_COLOUR_BLACK };

  cp_presentation_add_legend (out, CP_MARK_CHECKERS,
                              _("A piece on a checker of its own colour carries tar: after it moves, it may "
                                "throw the checker under a piece next to it."))->piece = carrying;
  cp_presentation_add_legend (out, CP_MARK_TAR,
                              _("A piece in tar stands on the opponent’s checker: it moves like a pawn, and a "
                                "pawn in tar cannot move."))->piece = tarred;
  for (guint seat = 0; seat < 2; seat++)
    {
      guint left = spare (st, seat);

      cp_presentation_add_side (out, CP_SIDE_TEXT, seat)->text = g_strdup_printf ("● %u", st->front[seat]);
      out->side_description[seat]
        = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u checker in front of this player, %u spare",
                                        "%u checkers in front of this player, %u spare", st->front[seat]),
                           st->front[seat], left);
    }
  for (guint c = 0; c < 64; c++)
    if (is_tarred (&state->cells[c]))
      cp_presentation_add_overlay (out, CP_OVERLAY_NOTE, c, _("tarred: moves like a pawn"));
    else if (is_carrying (&state->cells[c]))
      cp_presentation_add_overlay (out, CP_OVERLAY_NOTE, c, _("carrying tar"));
  if (actor >= 2 || !(tar_pit_pending (state) & CP_SEAT_BIT (actor)) || cp_state_is_over (state))
    return;
  cp_presentation_set_prompt (out, tar_pit_prompt (st, actor));
  present_buttons (st, actor, out);
}

static char *
tar_pit_explain (const CpState *state, guint seat, guint cell)
{
  const CpPiece *p = &state->cells[cell];

  if (TAR_PIT_STATE (state)->stage != STAGE_MOVE || p->kind == CP_PIECE_NONE || p->seat != seat)
    return NULL;
  if (is_tarred (p) && p->kind == CP_PIECE_PAWN)
    return g_strdup (_("A tarred pawn cannot move"));
  if (is_tarred (p))
    return g_strdup (_("That piece is tarred: it moves like a pawn, one cell forward or taking one diagonally forward"));
  return NULL;
}

const CpRules cp_tar_pit_rules = {
  .id = "tar-pit",
  .name = N_("Tar Pit Chess"),
  .summary = N_("Cards put checkers under pieces: tarred pieces move like pawns"),
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_DRAWS | CP_RULES_SECRETS | CP_RULES_CHANCE,
  .options = options,
  .n_options = G_N_ELEMENTS (options),
  .colours = colours,
  .state_size = sizeof (TarPitState),
  .init = tar_pit_init,
  .pending = tar_pit_pending,
  .chance = tar_pit_chance,
  .legal = tar_pit_legal,
  .make = tar_pit_make,
  .outcome = tar_pit_outcome,
  .format = plain_format,
  .parse = tar_pit_parse,
  .landing = cp_chess_rules_landing,
  .check_cell = tar_pit_check_cell,
  .turn_mark = tar_pit_turn_mark,
  .redact = tar_pit_redact,
  .cards = tar_pit_cards,
  .present = tar_pit_present,
  .explain = tar_pit_explain,
  .hash = tar_pit_hash,
  .evaluate = tar_pit_evaluate,
  .sample = tar_pit_sample,
  .write_position = tar_pit_write_position,
};

/**
 * cp_tar_pit_put_checker:
 * @colour: the seat whose checker it is
 *
 * Puts a checker of @colour under the piece on @cell, alone, for the
 * set-up of an example.
 */
void
cp_tar_pit_put_checker (CpState *state, guint cell, guint colour)
{
  CpPiece p = state->cells[cell];

  g_return_if_fail (state->rules == &cp_tar_pit_rules && p.kind != CP_PIECE_NONE && colour < 2);
  p.checkers = 1;
  p.checker_colour = (guint8) colour;
  put (TAR_PIT_STATE (state), cell, p);
}

/**
 * cp_tar_pit_set_hand:
 * @cards: card ids separated by spaces, such as "10S 9S 2S 8S"
 *
 * Gives @seat these cards of the draw pile instead of its hand, whose
 * cards go to the bottom of the draw pile: the set-up of an example.
 * Returns: whether every card was in the draw pile or the hand
 */
gboolean
cp_tar_pit_set_hand (CpState *state, guint seat, const char *cards)
{
  TarPitState *st = TAR_PIT_STATE (state);
  g_auto (GStrv) ids = g_strsplit (cards, " ", -1);

  g_return_val_if_fail (state->rules == &cp_tar_pit_rules && seat < 2, FALSE);
  while (cp_hand_count (&st->hand[seat]) > 0)
    cp_deck_put_bottom (&st->deck, cp_hand_remove_at (&st->hand[seat], 0));
  for (guint i = 0; ids[i] != NULL; i++)
    {
      CpCard card;

      if (ids[i][0] == '\0')
        continue;
      if (!cp_card_from_id (ids[i], &card) || !cp_deck_remove (&st->deck, card))
        return FALSE;
      cp_hand_add (&st->hand[seat], card);
    }
  return TRUE;
}
