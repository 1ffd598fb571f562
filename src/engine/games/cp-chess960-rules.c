/* cp-chess960-rules.c: Chess960
 *
 * The start position is drawn at random (a logged roll of 0–959), dealt
 * with cards as chess-kit.md describes (three logged shuffles), chosen by
 * number, or given as a FEN.  Castling: the king ends on c or g and the
 * rook next to it, wherever they started.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cp-card.h"
#include "cp-chess-rules.h"
#include "cp-games.h"
#include "cp-random.h"

typedef enum {
  SETUP_RANDOM,
  SETUP_CARDS,
  SETUP_NUMBER,
} Setup;

typedef struct {
  CpChessState chess;
  guint8 setup;        /* Setup */
  guint8 shuffles;     /* piles shuffled so far (card set-up) */
  gboolean ready;      /* the pieces stand */
  guint16 position;    /* the start position's number */
  guint8 dealt[8];     /* the cards turned over, as indices into their piles */
} Chess960State;

#define STATE(s) ((Chess960State *) (s))

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

static const char *const setup_ids[] = { "random", "cards", "number", NULL };
static const char *const setup_labels[] = {
  N_("Drawn at random"), N_("Dealt with playing cards"), N_("Chosen by number"), NULL
};

static const CpOptionSpec options[] = {
  { .id = "setup", .label = N_("Start position"), .type = CP_OPTION_CHOICE,
    .default_value = "random", .choices = setup_ids, .choice_labels = setup_labels },
  { .id = "position", .label = N_("Position number"), .type = CP_OPTION_INT,
    .default_value = "518", .min = 0, .max = 959, .relevant_when = "setup=number" },
  { .id = "fen", .label = N_("Start position (FEN)"), .type = CP_OPTION_TEXT, .default_value = "" },
};

/* The three piles of the card method, from a standard deck: the card
 * turned over from the first (A 3 5 7) or second pile (2 4 6 8) puts a
 * bishop on the file its pips count; the third pile's six cards stand for
 * the other pieces as Appendix A of the rules maps them and fill the empty
 * cells from the left, the three rook cards giving rook, king, rook. */
static const struct {
  CpSuit suit;
  CpRank rank;
} piles[3][6] = {
  { { CP_SUIT_SPADES, CP_RANK_ACE }, { CP_SUIT_SPADES, CP_RANK_THREE },
    { CP_SUIT_SPADES, CP_RANK_FIVE }, { CP_SUIT_SPADES, CP_RANK_SEVEN } },
  { { CP_SUIT_SPADES, CP_RANK_TWO }, { CP_SUIT_SPADES, CP_RANK_FOUR },
    { CP_SUIT_SPADES, CP_RANK_SIX }, { CP_SUIT_SPADES, CP_RANK_EIGHT } },
  { { CP_SUIT_HEARTS, CP_RANK_EIGHT }, { CP_SUIT_DIAMONDS, CP_RANK_EIGHT },
    { CP_SUIT_HEARTS, CP_RANK_QUEEN }, { CP_SUIT_HEARTS, CP_RANK_TEN },
    { CP_SUIT_DIAMONDS, CP_RANK_TEN }, { CP_SUIT_SPADES, CP_RANK_TEN } },
};
static const guint pile_sizes[3] = { 4, 4, 6 };

static CpCard
pile_card (guint pile, guint index)
{
  return cp_card_new (piles[pile][index].suit, piles[pile][index].rank);
}

/* Knight pairs among the five cells left after bishops and queen. */
static const guint8 knight_pairs[10][2] = {
  { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 }, { 1, 2 },
  { 1, 3 }, { 1, 4 }, { 2, 3 }, { 2, 4 }, { 3, 4 },
};

static void
put_in_free (CpPieceKind kinds[8], guint index, CpPieceKind kind)
{
  for (guint x = 0; x < 8; x++)
    if (kinds[x] == CP_PIECE_NONE && index-- == 0)
      {
        kinds[x] = kind;
        return;
      }
}

/**
 * cp_chess960_back_rank:
 * @number: a start position's number, 0 to 959 (518 is orthodox chess)
 * @kinds: (out caller-allocates): White's pieces from file a to h
 *
 * The start position with the standard number @number.
 */
void
cp_chess960_back_rank (guint number, CpPieceKind kinds[8])
{
  guint n = number;
  guint knights;

  g_return_if_fail (number < 960);

  memset (kinds, 0, 8 * sizeof (CpPieceKind));
  kinds[2 * (n % 4) + 1] = CP_PIECE_BISHOP;
  n /= 4;
  kinds[2 * (n % 4)] = CP_PIECE_BISHOP;
  n /= 4;
  put_in_free (kinds, n % 6, CP_PIECE_QUEEN);
  knights = n / 6;
  put_in_free (kinds, knight_pairs[knights][1], CP_PIECE_KNIGHT);
  put_in_free (kinds, knight_pairs[knights][0], CP_PIECE_KNIGHT);
  put_in_free (kinds, 0, CP_PIECE_ROOK);
  put_in_free (kinds, 0, CP_PIECE_KING);
  put_in_free (kinds, 0, CP_PIECE_ROOK);
}

/**
 * cp_chess960_number:
 * @kinds: White's pieces from file a to h
 *
 * Returns: the standard number of the start position, or -1 when @kinds is
 *   not a Chess960 start position
 */
int
cp_chess960_number (const CpPieceKind kinds[8])
{
  CpPieceKind rest[8];
  guint n_rest = 0, light = 8, dark = 8, queen = 8, knights[2], n_knights = 0;
  CpPieceKind candidate[8];
  guint number;

  /* Read the digits of the number back off the rank, then make sure the
   * rank is exactly the one that number gives. */
  for (guint x = 0; x < 8; x++)
    {
      if (kinds[x] == CP_PIECE_BISHOP)
        *(x % 2 ? &light : &dark) = x / 2;
      else
        rest[n_rest++] = kinds[x];
    }
  if (light == 8 || dark == 8 || n_rest != 6)
    return -1;
  for (guint i = 0, free = 0; i < n_rest; i++)
    {
      if (rest[i] == CP_PIECE_QUEEN)
        queen = i;
      else if (rest[i] == CP_PIECE_KNIGHT && n_knights < 2)
        knights[n_knights++] = free++;
      else
        free++;
    }
  if (queen == 8 || n_knights != 2)
    return -1;
  for (guint k = 0; k < G_N_ELEMENTS (knight_pairs); k++)
    if (knight_pairs[k][0] == knights[0] && knight_pairs[k][1] == knights[1])
      {
        number = light + 4 * (dark + 4 * (queen + 6 * k));
        cp_chess960_back_rank (number, candidate);
        return memcmp (candidate, kinds, sizeof candidate) == 0 ? (int) number : -1;
      }
  return -1;
}

static void
place (Chess960State *st, const CpPieceKind kinds[8])
{
  CpChessState *chess = &st->chess;

  cp_chess_state_place_back_rank (chess, kinds);
  for (guint seat = 0; seat < 2; seat++)
    for (guint x = 0; x < 8; x++)
      if (kinds[x] == CP_PIECE_ROOK)
        cp_chess_state_add_castle_right (chess, seat, seat * 56 + x);
  cp_chess_state_finish_setup (chess);
  st->position = (guint16) cp_chess960_number (kinds);
  st->ready = TRUE;
}

/* The position the three dealt piles give. */
static void
deal_position (const Chess960State *st, CpPieceKind kinds[8])
{
  guint rooks = 0;

  memset (kinds, 0, 8 * sizeof (CpPieceKind));
  kinds[cp_card_get_rank (pile_card (0, st->dealt[0])) - 1] = CP_PIECE_BISHOP;
  kinds[cp_card_get_rank (pile_card (1, st->dealt[1])) - 1] = CP_PIECE_BISHOP;
  for (guint i = 0; i < 6; i++)
    {
      CpPieceKind kind;
      CpColour colour;

      cp_card_get_piece (pile_card (2, st->dealt[2 + i]), &kind, &colour);

      if (kind == CP_PIECE_ROOK && rooks++ == 1)
        kind = CP_PIECE_KING;
      put_in_free (kinds, 0, kind);
    }
}

static gboolean
chess960_init (CpState *state, GHashTable *opts, GError **error)
{
  Chess960State *st = STATE (state);
  const char *fen = g_hash_table_lookup (opts, "fen");
  const char *setup = g_hash_table_lookup (opts, "setup");

  cp_chess_state_init_standard (&st->chess, cp_chess_standard_board ());
  st->chess.features |= CP_CHESS_CASTLE_ONTO_ROOK;
  if (fen != NULL && fen[0] != '\0')
    {
      CpPieceKind kinds[8];

      if (!cp_fen_read (&st->chess, fen, error))
        return FALSE;
      for (guint x = 0; x < 8; x++)
        kinds[x] = st->chess.base.cells[x].kind;
      st->position = (guint16) MAX (cp_chess960_number (kinds), 0);
      st->setup = SETUP_NUMBER;
      st->ready = TRUE;
      return TRUE;
    }

  if (g_strcmp0 (setup, "cards") == 0)
    st->setup = SETUP_CARDS;
  else if (g_strcmp0 (setup, "number") == 0)
    st->setup = SETUP_NUMBER;
  else
    st->setup = SETUP_RANDOM;
  if (st->setup == SETUP_NUMBER)
    {
      CpPieceKind kinds[8];

      cp_chess960_back_rank ((guint) g_ascii_strtoull (g_hash_table_lookup (opts, "position"), NULL, 10), kinds);
      place (st, kinds);
    }
  return TRUE;
}

static CpSeatMask
chess960_pending (const CpState *state)
{
  return STATE (state)->ready ? cp_chess_rules_pending (state) : CP_SEAT_BIT (CP_SEAT_CHANCE);
}

static void
chess960_chance (const CpState *state, CpChance *request)
{
  if (STATE (state)->setup == SETUP_CARDS)
    *request = (CpChance) { CP_ACTION_SHUFFLE, 0 };
  else
    *request = (CpChance) { CP_ACTION_ROLL, 960 };
}

static void
chess960_legal (const CpState *state, guint seat, CpActionList *out)
{
  if (STATE (state)->ready)
    cp_chess_rules_legal (state, seat, out);
}

static void
chess960_tactical (const CpState *state, guint seat, CpActionList *out)
{
  if (STATE (state)->ready)
    cp_chess_rules_tactical (state, seat, out);
}

static void
chess960_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  Chess960State *st = STATE (state);
  CpPieceKind kinds[8];

  switch (action->type)
    {
    case CP_ACTION_ROLL:
      cp_chess960_back_rank (action->value, kinds);
      place (st, kinds);
      break;
    case CP_ACTION_SHUFFLE:
      {
        guint pile = st->shuffles++;
        guint8 order[6];

        if (undo != NULL)
          memcpy (undo, st->dealt, sizeof st->dealt);

        cp_random_permute (action->value, pile_sizes[pile], order);
        if (pile < 2)
          st->dealt[pile] = order[0];
        else
          memcpy (&st->dealt[2], order, 6);
        if (st->shuffles == 3)
          {
            deal_position (st, kinds);
            place (st, kinds);
          }
      }
      break;
    default:
      cp_chess_make (&st->chess, action, undo);
    }
}

/* Takes the pieces of a set-up off the board again, as chess960_init()
 * left it before the set-up was drawn. */
static void
unplace (Chess960State *st)
{
  CpChessState *chess = &st->chess;

  memset (chess->base.cells, 0, sizeof chess->base.cells);
  memset (chess->king, CP_NO_CELL, sizeof chess->king);
  memset (chess->pawn_captures, 0, sizeof chess->pawn_captures);
  cp_chess_state_reset_castling (chess);
  chess->hash = 0;
  chess->history[chess->base.ply % CP_CHESS_HISTORY] = 0;
  st->position = 0;
  st->ready = FALSE;
}

static void
chess960_unmake (CpState *state, const CpAction *action, const CpUndo *undo)
{
  Chess960State *st = STATE (state);

  switch (action->type)
    {
    case CP_ACTION_ROLL:
      unplace (st);
      break;
    case CP_ACTION_SHUFFLE:
      if (st->shuffles-- == 3)
        unplace (st);
      memcpy (st->dealt, undo, sizeof st->dealt);
      break;
    default:
      cp_chess_unmake (&st->chess, action, undo);
    }
}

static void
chess960_outcome (const CpState *state, CpOutcome *outcome)
{
  if (STATE (state)->ready)
    cp_chess_outcome (CP_CHESS_STATE (state), outcome);
  else
    *outcome = (CpOutcome) { CP_STATUS_PLAYING, CP_END_NONE, 0 };
}

static CpEndReason
chess960_claimable (const CpState *state)
{
  return STATE (state)->ready ? cp_chess_claimable (CP_CHESS_STATE (state)) : CP_END_NONE;
}

static char *
chess960_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  const Chess960State *st = STATE (state);

  if (action->type == CP_ACTION_ROLL)
    return g_strdup_printf (_("Start position %u"), action->value);
  if (action->type == CP_ACTION_SHUFFLE)
    {
      guint pile = st->shuffles;
      guint8 order[6];
      GString *out = g_string_new (NULL);

      cp_random_permute (action->value, pile_sizes[pile], order);
      /* Translators: the pile a card set-up turns cards over from */
      g_string_printf (out, _("Pile %u:"), pile + 1);
      for (guint i = 0; i < (pile == 2 ? 6u : 1u); i++)
        {
          g_autofree char *label = cp_card_short_label (pile_card (pile, order[i]));

          g_string_append_printf (out, " %s", label);
        }
      return g_string_free (out, FALSE);
    }
  return cp_chess_format (CP_CHESS_STATE (state), action, notation);
}

/* The position in FEN with Shredder castling (the files of the rooks),
 * which says which rook castles wherever it stands. */
static char *
chess960_write_position (const CpState *state)
{
  return cp_fen_write (CP_CHESS_STATE (state), CP_FEN_SHREDDER);
}

/* The number of a game's start position, once it is set up; -1 before. */
int
cp_chess960_get_position (const CpState *state)
{
  return STATE (state)->ready ? STATE (state)->position : -1;
}

const CpRules cp_chess960_rules = {
  .id = "chess960",
  .name = N_("Chess960"),
  .summary = N_("Chess from one of 960 shuffled start positions"),
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_DRAWS | CP_RULES_CHANCE,
  .options = options,
  .n_options = G_N_ELEMENTS (options),
  .colours = colours,
  .state_size = sizeof (Chess960State),
  .init = chess960_init,
  .pending = chess960_pending,
  .chance = chess960_chance,
  .legal = chess960_legal,
  .make = chess960_make,
  .unmake = chess960_unmake,
  .outcome = chess960_outcome,
  .claimable = chess960_claimable,
  .format = chess960_format,
  .parse = cp_chess_rules_parse,
  .landing = cp_chess_rules_landing,
  .check_cell = cp_chess_rules_check_cell,
  .present = cp_chess_rules_present,
  .explain = cp_chess_rules_explain,
  .hash = cp_chess_rules_hash,
  .evaluate = cp_chess_rules_evaluate,
  .null_move = cp_chess_rules_null_move,
  .tactical = chess960_tactical,
  .exchange = cp_chess_rules_exchange,
  .write_position = chess960_write_position,
};
