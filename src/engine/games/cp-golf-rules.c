/* cp-golf-rules.c: Chess Golf
 *
 * The sixteen piece cards of the chess deck are shuffled and the pieces
 * laid out from a1 to h8, each after the gap of its card.  A dealer is
 * drawn and the cards shuffled again.  Each of nine holes, the dealer
 * draws two cards (more once the players raise the difficulty), and
 * every player bids in secret how many moves they need for a chosen
 * piece of one card's type to capture those of the others, or calls it
 * impossible (COMMIT).  The bids are shown together with par, the optimum
 * that the solver proves (REVEAL, whose value the rules work out).  The
 * lowest bidder demonstrates, move by move; a failed demonstration costs
 * the highest bid of the others and a point, the pieces go back and the
 * next lowest bidder tries.  After a success the pieces stay, the
 * demonstrator puts the captured pieces back on empty cells, players who
 * called it impossible pay the highest bid and a point, and the deal
 * passes on.  Lowest total wins.  One player plays against par.
 *
 * Pieces belong to no player: a piece's seat is its colour, 0 for white
 * and 1 for black.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-chess-state.h"
#include "cp-deck.h"
#include "cp-error.h"
#include "cp-games.h"
#include "cp-golf-position.h"
#include "cp-random.h"

#define N_HOLES 9
#define N_PIECES 16
/* The longest bid, and the most moves par is looked for within. */
#define MAX_BID 10
#define MIN_CARDS 2
#define MAX_CARDS 4
/* A bid made that the viewer may not see. */
#define BID_UNKNOWN 0xff
/* bids[]: 0 when none is made yet, else the number bid plus one (1:
 * impossible). */
#define BID_NONE 0
#define NO_CELL 0xff

typedef enum {
  STAGE_LAY_OUT,      /* the cards are shuffled and the pieces laid out */
  STAGE_DEALER,       /* the first dealer is drawn */
  STAGE_SHUFFLE,      /* the cards are shuffled for the holes */
  STAGE_BIDDING,      /* every player bids in secret */
  STAGE_REVEAL,       /* the bids are shown, with par */
  STAGE_DEMONSTRATE,  /* the lowest bidder shows the way */
  STAGE_RETURN,       /* the demonstrator puts the captured pieces back */
  STAGE_DIFFICULTY,   /* the dealer may deal one more card from now on */
} Stage;

typedef struct {
  CpState base;
  guint8 stage;
  guint8 hole;                    /* 0 to 8 */
  guint8 dealer;
  guint8 n_draw;                  /* cards drawn each hole */
  guint8 daily;                   /* the puzzle of the day */
  CpDeck pile;
  CpDeck discard;
  guint8 n_cards;
  CpCard cards[MAX_CARDS];        /* the cards of the hole */
  guint8 bids[CP_MAX_SEATS];
  guint8 par;                     /* 0: none within MAX_BID moves */
  guint8 n_way;                   /* a shortest way from the hole's start, as the */
  guint8 way[2 * MAX_BID];        /* reveal carried it: from and to cells */
  guint8 on_way;                  /* whether the moves made so far follow it */
  guint8 demonstrator;            /* CP_NO_SEAT when nobody demonstrates */
  CpSeatMask tried;               /* seats that demonstrated this hole */
  guint8 moves_made;
  guint8 capturer;                /* the capturing piece's cell, or NO_CELL */
  guint8 n_left;                  /* types still to capture or make the captures */
  guint8 left[MAX_CARDS];         /* golf codes */
  guint8 n_captured;
  guint8 captured[MAX_CARDS];     /* golf codes of the pieces to put back */
  guint8 start[CP_GOLF_CELLS];    /* the pieces as the hole began (golf codes) */
  guint8 played;                  /* holes finished */
  guint8 scores[N_HOLES][CP_MAX_SEATS];
  guint8 pars[N_HOLES];           /* par + 1 of each hole revealed, 0: none */
  guint8 failed[N_HOLES];         /* bit seat: a failed demonstration or a wrong call */
  CpSeatMask scored;              /* seats with a score for the hole at hand */
} GolfState;

#define GOLF_STATE(s) ((GolfState *) (s))

/* The players' colours; the pieces are white and black whoever plays. */
static const CpColour colours[] = {
  CP_COLOUR_WHITE, CP_COLOUR_BLACK, CP_COLOUR_RED, CP_COLOUR_BLUE, CP_COLOUR_BROWN, CP_COLOUR_WHITE,
};
static const CpColour piece_colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };
/* Everyone looks at the board from White's side. */
static const guint8 view_rotations[] = { 0, 0, 0, 0, 0, 0 };
static const char *const seat_names[] = {
  N_("First player"), N_("Second player"), N_("Third player"), N_("Fourth player"),
  N_("Fifth player"), N_("Sixth player"),
};

static const CpOptionSpec options[] = {
  { .id = "daily", .label = N_("Puzzle of the day"), .type = CP_OPTION_BOOL, .default_value = "false" },
  { .id = "layout", .label = N_("Pieces laid out by hand (first field of a FEN)"), .type = CP_OPTION_TEXT,
    .default_value = "" },
  { .id = CP_POSITION_OPTION, .label = N_("Start position"), .type = CP_OPTION_TEXT, .default_value = "" },
};

/* The pieces by colour and kind, for what the window says. */
static const char *const piece_names[2][CP_PIECE_KING + 1] = {
  { NULL, NULL, N_("white knight"), N_("white bishop"), N_("white rook"), N_("white queen"), N_("white king") },
  { NULL, NULL, N_("black knight"), N_("black bishop"), N_("black rook"), N_("black queen"), N_("black king") },
};

static const char *
piece_name (guint8 code)
{
  const char *name = CP_GOLF_KIND (code) <= CP_PIECE_KING ? piece_names[(code & CP_GOLF_BLACK) ? 1 : 0][CP_GOLF_KIND (code)]
                                                          : NULL;

  return name != NULL ? _(name) : "?";
}

/* Golf codes of pieces and cards. */

static guint8
code_of_piece (const CpPiece *piece)
{
  if (CP_PIECE_IS_EMPTY (piece))
    return 0;
  return (guint8) (piece->kind | (piece->seat == 1 ? CP_GOLF_BLACK : 0));
}

static guint8
code_of_card (CpCard card)
{
  CpPieceKind kind;
  CpColour colour;

  if (!cp_card_get_piece (card, &kind, &colour))
    return 0;
  return (guint8) (kind | (colour == CP_COLOUR_BLACK ? CP_GOLF_BLACK : 0));
}

static void
set_cell (CpState *state, guint cell, guint8 code)
{
  state->cells[cell] = (CpPiece) { 0 };
  if (code != 0)
    {
      state->cells[cell].kind = CP_GOLF_KIND (code);
      state->cells[cell].seat = (code & CP_GOLF_BLACK) ? 1 : 0;
    }
}

/* The puzzle of the hole as it stands. */
static void
get_position (const GolfState *st, CpGolfPosition *position)
{
  memset (position, 0, sizeof *position);
  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    position->cells[cell] = code_of_piece (&st->base.cells[cell]);
  position->n_cards = st->n_left;
  memcpy (position->cards, st->left, st->n_left);
  position->capturer = st->capturer;
  /* The chosen pieces are those of the hole's cards, all along. */
  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    for (guint i = 0; i < st->n_cards && position->cells[cell] != 0; i++)
      if (CP_GOLF_TYPE (position->cells[cell]) == code_of_card (st->cards[i]))
        position->cells[cell] |= CP_GOLF_CHOSEN;
}

static gboolean
is_active (const GolfState *st, guint seat)
{
  return seat < st->base.n_seats && !(st->base.out & CP_SEAT_BIT (seat));
}

/* The number a bid stands for: 0 for impossible. */
static guint
bid_number (guint8 bid)
{
  return bid == BID_NONE || bid == BID_UNKNOWN ? 0 : bid - 1u;
}

static gboolean read_position (GolfState *st, const char *text, GError **error);

static gboolean
init (CpState *state, GHashTable *opts, GError **error)
{
  GolfState *st = GOLF_STATE (state);
  const char *layout = g_hash_table_lookup (opts, "layout");
  const char *text = g_hash_table_lookup (opts, CP_POSITION_OPTION);

  state->board = cp_chess_standard_board ();
  st->daily = g_str_equal (g_hash_table_lookup (opts, "daily"), "true");
  if (st->daily && state->n_seats > 1)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION, _("The puzzle of the day is played alone"));
      return FALSE;
    }
  cp_deck_init_chess (&st->pile, CP_CHESS_DECK_PIECES);
  st->n_draw = MIN_CARDS;
  st->demonstrator = CP_NO_SEAT;
  st->capturer = NO_CELL;
  st->stage = STAGE_LAY_OUT;
  if (text != NULL && *text != '\0')
    return read_position (st, text, error);
  if (*layout != '\0')
    {
      CpGolfPosition position;

      if (!cp_golf_position_parse (&position, layout, NULL, NULL, error))
        return FALSE;
      for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
        set_cell (state, cell, position.cells[cell]);
      st->stage = state->n_seats > 1 ? STAGE_DEALER : STAGE_SHUFFLE;
    }
  return TRUE;
}

/* The seat that acts at this stage, if one does. */
static guint
actor (const GolfState *st)
{
  switch (st->stage)
    {
    case STAGE_DEMONSTRATE:
    case STAGE_RETURN:
      return st->demonstrator;
    case STAGE_DIFFICULTY:
      return st->dealer;
    default:
      return CP_NO_SEAT;
    }
}

static CpSeatMask
pending (const CpState *state)
{
  const GolfState *st = GOLF_STATE (state);
  CpSeatMask waiting = 0;
  guint seat;

  switch (st->stage)
    {
    case STAGE_BIDDING:
      for (seat = 0; seat < state->n_seats; seat++)
        if (is_active (st, seat) && st->bids[seat] == BID_NONE)
          waiting |= CP_SEAT_BIT (seat);
      return waiting != 0 ? waiting : CP_SEAT_BIT (CP_SEAT_CHANCE);
    case STAGE_DEMONSTRATE:
    case STAGE_RETURN:
    case STAGE_DIFFICULTY:
      seat = actor (st);
      return is_active (st, seat) ? CP_SEAT_BIT (seat) : CP_SEAT_BIT (CP_SEAT_CHANCE);
    default:
      return CP_SEAT_BIT (CP_SEAT_CHANCE);
    }
}

static void
chance (const CpState *state, CpChance *request)
{
  const GolfState *st = GOLF_STATE (state);

  switch (st->stage)
    {
    case STAGE_LAY_OUT:
    case STAGE_SHUFFLE:
      *request = (CpChance) { st->daily ? CP_ACTION_REVEAL : CP_ACTION_SHUFFLE, 0 };
      break;
    case STAGE_DEALER:
      *request = (CpChance) { CP_ACTION_ROLL, state->n_seats };
      break;
    default:
      /* The bids are shown, or a player who left is passed over. */
      *request = (CpChance) { CP_ACTION_REVEAL, 0 };
      break;
    }
}

/* Par of the hole, with a shortest way as the cells of the action, or
 * the deal of the day: what a due REVEAL shows. */
static void
work_out (const CpState *state, GCancellable *cancellable, CpAction *action)
{
  const GolfState *st = GOLF_STATE (state);
  CpGolfPosition position;
  CpGolfSolution solution;

  action->value = 0;
  if (st->stage == STAGE_LAY_OUT || st->stage == STAGE_SHUFFLE)
    {
      g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
      guint32 day = (guint32) (g_date_time_get_year (now) * 10000 + g_date_time_get_month (now) * 100
                               + g_date_time_get_day_of_month (now));

      /* Deals of different days differ; the same day deals alike. */
      action->value = cp_random_draw (day, st->stage == STAGE_LAY_OUT ? 0 : 1, G_MAXUINT32);
      return;
    }
  if (st->stage != STAGE_REVEAL && st->stage != STAGE_BIDDING)
    return;
  get_position (st, &position);
  if (cp_golf_solve (&position, MAX_BID, 0, cancellable, &solution) != CP_GOLF_FOUND)
    return;
  action->value = solution.n_moves + 1u;
  action->n_cells = (guint8) (2 * solution.n_moves);
  for (guint i = 0; i < solution.n_moves; i++)
    {
      action->cells[2 * i] = solution.moves[i].from;
      action->cells[2 * i + 1] = solution.moves[i].to;
    }
}

/* The seat after @seat that is still in the game. */
static guint
next_active (const GolfState *st, guint seat)
{
  for (guint i = 1; i <= st->base.n_seats; i++)
    {
      guint next = (seat + i) % st->base.n_seats;

      if (is_active (st, next))
        return next;
    }
  return seat;
}

/* Hole by hole. */

static void
start_hole (GolfState *st)
{
  if (cp_deck_count (&st->pile) < st->n_draw)
    {
      while (!cp_deck_is_empty (&st->discard))
        cp_deck_put_bottom (&st->pile, cp_deck_draw (&st->discard));
      st->stage = STAGE_SHUFFLE;
      return;
    }
  st->n_cards = st->n_left = st->n_draw;
  for (guint i = 0; i < st->n_cards; i++)
    {
      st->cards[i] = cp_deck_draw (&st->pile);
      st->left[i] = code_of_card (st->cards[i]);
    }
  memset (st->bids, BID_NONE, sizeof st->bids);
  st->par = 0;
  st->n_way = 0;
  st->on_way = TRUE;
  st->demonstrator = CP_NO_SEAT;
  st->tried = 0;
  st->scored = 0;
  st->moves_made = 0;
  st->capturer = NO_CELL;
  st->n_captured = 0;
  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    st->start[cell] = code_of_piece (&st->base.cells[cell]);
  st->stage = STAGE_BIDDING;
}

static void
end_game (GolfState *st)
{
  guint totals[CP_MAX_SEATS] = { 0 }, best = G_MAXUINT, par_total = 0;
  CpSeatMask winners = 0;

  for (guint hole = 0; hole < N_HOLES; hole++)
    {
      par_total += st->pars[hole] > 0 ? st->pars[hole] - 1u : 0;
      for (guint seat = 0; seat < st->base.n_seats; seat++)
        totals[seat] += st->scores[hole][seat];
    }
  for (guint seat = 0; seat < st->base.n_seats; seat++)
    if (is_active (st, seat))
      best = MIN (best, totals[seat]);
  for (guint seat = 0; seat < st->base.n_seats; seat++)
    if (is_active (st, seat) && totals[seat] == best)
      winners |= CP_SEAT_BIT (seat);
  /* Alone, a player wins by playing par or better. */
  if (st->base.n_seats == 1 && best > par_total)
    st->base.outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_SCORE, 0 };
  else
    st->base.outcome = (CpOutcome) { CP_STATUS_WON, CP_END_SCORE, winners };
}

static void
next_hole (GolfState *st)
{
  for (guint i = 0; i < st->n_cards; i++)
    cp_deck_put_bottom (&st->discard, st->cards[i]);
  st->n_cards = 0;
  st->scored = 0;
  st->hole++;
  if (st->hole == N_HOLES)
    {
      end_game (st);
      return;
    }
  st->dealer = (guint8) next_active (st, st->dealer);
  start_hole (st);
}

/* Whether everyone bid the same number (alone: bid par and showed the
 * way, so that the hole scored par), so that the dealer may raise the
 * difficulty. */
static gboolean
all_alike (const GolfState *st)
{
  guint first = 0;

  if (st->n_draw >= MAX_CARDS)
    return FALSE;
  for (guint seat = 0; seat < st->base.n_seats; seat++)
    if (is_active (st, seat))
      {
        guint bid = bid_number (st->bids[seat]);

        if (bid == 0 || (first != 0 && bid != first))
          return FALSE;
        first = bid;
      }
  return st->base.n_seats > 1 || (st->par > 0 && first == st->par - 1u && st->failed[st->hole] == 0);
}

static void
finish_hole (GolfState *st)
{
  st->played = st->hole + 1;
  st->demonstrator = CP_NO_SEAT;
  if (all_alike (st))
    st->stage = STAGE_DIFFICULTY;
  else
    next_hole (st);
}

/* The highest bid of the seats but @except (CP_NO_SEAT: of all). */
static guint
highest_bid (const GolfState *st, guint except)
{
  guint most = 0;

  for (guint seat = 0; seat < st->base.n_seats; seat++)
    if (seat != except && is_active (st, seat))
      most = MAX (most, bid_number (st->bids[seat]));
  return most;
}

/* The next lowest bidder to demonstrate, ties going to the dealer and
 * then leftwards; CP_NO_SEAT when none is left. */
static guint
next_demonstrator (const GolfState *st)
{
  guint best = CP_NO_SEAT, lowest = G_MAXUINT;

  for (guint i = 0; i < st->base.n_seats; i++)
    {
      guint seat = (st->dealer + i) % st->base.n_seats;
      guint bid = bid_number (st->bids[seat]);

      if (is_active (st, seat) && bid > 0 && !(st->tried & CP_SEAT_BIT (seat)) && bid < lowest)
        {
          lowest = bid;
          best = seat;
        }
    }
  return best;
}

static void
put_back_start (GolfState *st)
{
  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    set_cell (&st->base, cell, st->start[cell]);
  st->n_left = st->n_cards;
  for (guint i = 0; i < st->n_cards; i++)
    st->left[i] = code_of_card (st->cards[i]);
  st->capturer = NO_CELL;
  st->moves_made = 0;
  st->n_captured = 0;
  st->on_way = TRUE;
}

static void
set_score (GolfState *st, guint seat, guint score)
{
  st->scores[st->hole][seat] = (guint8) score;
  st->scored |= CP_SEAT_BIT (seat);
}

/* Nobody showed a way: those who called it impossible score nothing
 * (alone, against par, a wrong call costs par and a point). */
static void
nobody_succeeded (GolfState *st)
{
  for (guint seat = 0; seat < st->base.n_seats; seat++)
    if (is_active (st, seat) && bid_number (st->bids[seat]) == 0)
      {
        gboolean wrong = st->base.n_seats == 1 && st->par > 0;

        set_score (st, seat, wrong ? st->par : 0);
        if (wrong)
          st->failed[st->hole] |= CP_SEAT_BIT (seat);
      }
  finish_hole (st);
}

static void
call_demonstrator (GolfState *st)
{
  st->demonstrator = (guint8) next_demonstrator (st);
  st->moves_made = 0;
  if (st->demonstrator == CP_NO_SEAT)
    nobody_succeeded (st);
  else
    st->stage = STAGE_DEMONSTRATE;
}

static void
demonstration_failed (GolfState *st)
{
  guint seat = st->demonstrator;
  guint other = st->base.n_seats == 1 ? MAX (bid_number (st->bids[seat]), st->par > 0 ? st->par - 1u : 0)
                                      : highest_bid (st, seat);

  st->tried |= CP_SEAT_BIT (seat);
  set_score (st, seat, other + 1);
  st->failed[st->hole] |= CP_SEAT_BIT (seat);
  put_back_start (st);
  call_demonstrator (st);
}

static void
demonstration_succeeded (GolfState *st)
{
  guint most = highest_bid (st, CP_NO_SEAT);

  st->tried |= CP_SEAT_BIT (st->demonstrator);
  for (guint seat = 0; seat < st->base.n_seats; seat++)
    {
      guint bid = bid_number (st->bids[seat]);

      if (!is_active (st, seat) || ((st->tried & CP_SEAT_BIT (seat)) && seat != st->demonstrator))
        continue;
      set_score (st, seat, bid > 0 ? bid : most + 1);
      if (bid == 0)
        st->failed[st->hole] |= CP_SEAT_BIT (seat);
    }
  st->capturer = NO_CELL;
  st->stage = STAGE_RETURN;
  if (st->n_captured == 0)
    finish_hole (st);
}

/* Whether the @n moves of @way lead from the hole's start to its end
 * in par moves: a record may carry anything. */
static gboolean
is_shortest_way (const GolfState *st, const guint8 *way, guint n)
{
  CpGolfPosition position;

  if (st->par == 0 || n != st->par - 1u)
    return FALSE;
  get_position (st, &position);
  for (guint i = 0; i < n; i++)
    {
      CpGolfMove moves[CP_GOLF_MAX_MOVES], *found = NULL;
      guint n_moves = cp_golf_position_moves (&position, moves);

      for (guint m = 0; m < n_moves && found == NULL; m++)
        if (moves[m].from == way[2 * i] && moves[m].to == way[2 * i + 1])
          found = &moves[m];
      if (found == NULL || cp_golf_position_is_solved (&position))
        return FALSE;
      cp_golf_position_make (&position, found);
    }
  return cp_golf_position_is_solved (&position);
}

/* Par is shown, and kept with the way that proves it for hints. */
static void
reveal (GolfState *st, const CpAction *action)
{
  st->par = (guint8) MIN (action->value, MAX_BID + 1u);
  st->pars[st->hole] = st->par;
  st->n_way = 0;
  if (action->n_cells % 2 == 0 && is_shortest_way (st, action->cells, action->n_cells / 2u))
    {
      st->n_way = action->n_cells / 2u;
      memcpy (st->way, action->cells, action->n_cells);
    }
  st->on_way = TRUE;
  call_demonstrator (st);
}

/* The player to act has left the game: their part is passed over. */
static void
pass_over (GolfState *st)
{
  switch (st->stage)
    {
    case STAGE_DEMONSTRATE:
      st->tried |= CP_SEAT_BIT (st->demonstrator);
      put_back_start (st);
      call_demonstrator (st);
      break;
    case STAGE_RETURN:
      /* The pieces go back on the first empty cells. */
      for (guint cell = 0; cell < CP_GOLF_CELLS && st->n_captured > 0; cell++)
        if (CP_PIECE_IS_EMPTY (&st->base.cells[cell]))
          set_cell (&st->base, cell, st->captured[--st->n_captured]);
      finish_hole (st);
      break;
    default:
      next_hole (st);
      break;
    }
}

static void
lay_out (GolfState *st, guint32 key)
{
  guint8 pieces[N_PIECES];

  cp_deck_shuffle (&st->pile, key);
  for (guint i = 0; i < N_PIECES; i++)
    pieces[i] = code_of_card (cp_deck_peek (&st->pile, i));
  cp_golf_lay_out (&st->base, pieces);
  st->stage = st->base.n_seats > 1 ? STAGE_DEALER : STAGE_SHUFFLE;
}

/**
 * cp_golf_lay_out:
 * @pieces: the golf codes of the sixteen cards in the order drawn
 *
 * Empties the board of @state and lays the pieces out from a1.
 */
void
cp_golf_lay_out (CpState *state, const guint8 *pieces)
{
  CpGolfPosition position;

  cp_golf_position_lay_out (&position, pieces, N_PIECES);
  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    set_cell (state, cell, position.cells[cell]);
}

/**
 * cp_golf_get_score:
 *
 * What @seat scored on @hole (from 0), once the hole is over; -1 before.
 */
int
cp_golf_get_score (const CpState *state, guint hole, guint seat)
{
  const GolfState *st = GOLF_STATE (state);

  g_return_val_if_fail (hole < N_HOLES && seat < state->n_seats, -1);
  return hole < st->played ? st->scores[hole][seat] : -1;
}

/**
 * cp_golf_get_par:
 *
 * Par of @hole (from 0) once revealed: the optimum, 0 when there is no
 * solution within the longest bid, -1 before the reveal.
 */
int
cp_golf_get_par (const CpState *state, guint hole)
{
  const GolfState *st = GOLF_STATE (state);

  g_return_val_if_fail (hole < N_HOLES, -1);
  if (hole > st->hole || (hole == st->hole && st->stage <= STAGE_REVEAL))
    return -1;
  return st->pars[hole] > 0 ? st->pars[hole] - 1 : 0;
}

/* The position text.  Fields, separated by spaces: the pieces (the first
 * field of a FEN); the stage; the hole (1 to 9, "-" once all are
 * played); the dealer (1 to 6); the cards dealt each hole; the draw pile
 * from its top down, the discard pile, the cards of the hole (card ids
 * joined by commas, "-" for none); par of each of the nine holes ("-":
 * none, or not shown yet); the demonstrator ("-" or a player's number);
 * the moves they have made; the cell of the capturing piece ("-" before
 * the first capture); the types still to take part and the pieces to put
 * back (piece letters, "-" for none); the pieces as the hole began ("-":
 * as they stand); then for each player "bid:scores:flags", the bid "-",
 * "x" for impossible or a number, the scores of the holes played (and of
 * the hole at hand once it is made), "!" after a score with a penalty,
 * the flags "t" for a player who has demonstrated in this hole and "o"
 * for one who has left the game, or "-". */

static const char *const stage_names[] = {
  [STAGE_LAY_OUT] = "layout", [STAGE_DEALER] = "deal", [STAGE_SHUFFLE] = "shuffle", [STAGE_BIDDING] = "bid",
  [STAGE_REVEAL] = "reveal", [STAGE_DEMONSTRATE] = "show", [STAGE_RETURN] = "return", [STAGE_DIFFICULTY] = "raise",
};

#define N_FIXED_FIELDS 15

static guint
holes_played (const GolfState *st)
{
  if (st->hole >= N_HOLES)
    return N_HOLES;
  return st->stage == STAGE_DIFFICULTY ? st->hole + 1u : st->hole;
}

static void
write_cards (GString *out, const CpCard *cards, guint n)
{
  g_string_append_c (out, ' ');
  if (n == 0)
    g_string_append_c (out, '-');
  for (guint i = 0; i < n; i++)
    {
      const char *id = cp_card_to_id (cards[i]);

      g_string_append_printf (out, "%s%s", i > 0 ? "," : "", id != NULL ? id : "?");
    }
}

static void
write_codes (GString *out, const guint8 *codes, guint n)
{
  g_string_append_c (out, ' ');
  if (n == 0)
    g_string_append_c (out, '-');
  for (guint i = 0; i < n; i++)
    {
      char letter = cp_piece_kind_letter (CP_GOLF_KIND (codes[i]));

      g_string_append_c (out, (codes[i] & CP_GOLF_BLACK) ? g_ascii_tolower (letter) : letter);
    }
}

static void
write_placement (GString *out, const guint8 *codes)
{
  for (int y = 7; y >= 0; y--)
    {
      guint empty = 0;

      for (guint x = 0; x < 8; x++)
        {
          guint8 code = codes[y * 8 + x];
          char letter;

          if (code == 0)
            {
              empty++;
              continue;
            }
          if (empty > 0)
            g_string_append_printf (out, "%u", empty);
          empty = 0;
          letter = cp_piece_kind_letter (CP_GOLF_KIND (code));
          g_string_append_c (out, (code & CP_GOLF_BLACK) ? g_ascii_tolower (letter) : letter);
        }
      if (empty > 0)
        g_string_append_printf (out, "%u", empty);
      if (y > 0)
        g_string_append_c (out, '/');
    }
}

static void
write_cell (GString *out, guint8 cell)
{
  if (cell < CP_GOLF_CELLS)
    g_string_append_printf (out, " %c%c", 'a' + cell % 8, '1' + cell / 8);
  else
    g_string_append (out, " -");
}

static char *
write_position (const CpState *state)
{
  const GolfState *st = GOLF_STATE (state);
  GString *out = g_string_new (NULL);
  guint8 board[CP_GOLF_CELLS];
  guint played = holes_played (st);

  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    board[cell] = code_of_piece (&state->cells[cell]);
  write_placement (out, board);
  g_string_append_printf (out, " %s", stage_names[st->stage]);
  if (st->hole < N_HOLES)
    g_string_append_printf (out, " %u", st->hole + 1u);
  else
    g_string_append (out, " -");
  g_string_append_printf (out, " %u %u", st->dealer + 1u, st->n_draw);
  write_cards (out, st->pile.cards, cp_deck_count (&st->pile));
  write_cards (out, st->discard.cards, cp_deck_count (&st->discard));
  write_cards (out, st->cards, st->n_cards);
  for (guint hole = 0; hole < N_HOLES; hole++)
    {
      g_string_append_c (out, hole == 0 ? ' ' : ',');
      if (st->pars[hole] == 0)
        g_string_append_c (out, '-');
      else
        g_string_append_printf (out, "%u", st->pars[hole] - 1u);
    }
  if (st->demonstrator < state->n_seats)
    g_string_append_printf (out, " %u", st->demonstrator + 1u);
  else
    g_string_append (out, " -");
  g_string_append_printf (out, " %u", st->moves_made);
  write_cell (out, st->capturer);
  write_codes (out, st->left, st->n_left);
  write_codes (out, st->captured, st->n_captured);
  g_string_append_c (out, ' ');
  if (memcmp (board, st->start, sizeof board) == 0 || st->stage != STAGE_DEMONSTRATE)
    g_string_append_c (out, '-');
  else
    write_placement (out, st->start);
  for (guint seat = 0; seat < state->n_seats; seat++)
    {
      guint8 bid = st->bids[seat];
      guint n = played + (played < N_HOLES && played == st->hole && (st->scored & CP_SEAT_BIT (seat)) ? 1 : 0);
      gsize flags;

      if (bid == BID_NONE)
        g_string_append (out, " -:");
      else if (bid == BID_UNKNOWN)
        g_string_append (out, " ?:");
      else if (bid == 1)
        g_string_append (out, " x:");
      else
        g_string_append_printf (out, " %u:", bid - 1u);
      for (guint hole = 0; hole < n; hole++)
        g_string_append_printf (out, "%s%u%s", hole > 0 ? "," : "", st->scores[hole][seat],
                                (st->failed[hole] & CP_SEAT_BIT (seat)) ? "!" : "");
      if (n == 0)
        g_string_append_c (out, '-');
      g_string_append_c (out, ':');
      flags = out->len;
      if (st->tried & CP_SEAT_BIT (seat))
        g_string_append_c (out, 't');
      if (state->out & CP_SEAT_BIT (seat))
        g_string_append_c (out, 'o');
      if (out->len == flags)
        g_string_append_c (out, '-');
    }
  return g_string_free (out, FALSE);
}

/* The key of a position: what its text holds, and nothing else (such as
 * what is left over from an earlier hole); before the first hole, the
 * model's. */
static guint64
hash (const CpState *state)
{
  const GolfState *st = GOLF_STATE (state);
  g_autofree char *text = NULL;
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  /* The first layout, dealer and shuffle are drawn from the model's key,
   * as they always were, so that a seed deals as it did. */
  if (st->stage == STAGE_LAY_OUT || st->stage == STAGE_DEALER || (st->stage == STAGE_SHUFFLE && st->hole == 0))
    return cp_state_default_hash (state);
  text = write_position (state);
  for (const char *p = text; *p != '\0'; p++)
    h = (h ^ (guint8) *p) * G_GUINT64_CONSTANT (0x100000001b3);
  return h;
}

static gboolean
position_error (GError **error, const char *text, const char *reason)
{
  g_autofree char *quoted = cp_error_quote (text);

  g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, _("The position “%s” cannot be read: %s"), quoted, reason);
  return FALSE;
}

/* A number from @min to @max, or "-" for @none when @none is not -1. */
static gboolean
read_number (const char *field, guint min, guint max, int none, guint *value)
{
  char *end;
  guint64 n;

  if (none >= 0 && g_str_equal (field, "-"))
    {
      *value = (guint) none;
      return TRUE;
    }
  if (!g_ascii_isdigit (field[0]))
    return FALSE;
  n = g_ascii_strtoull (field, &end, 10);
  *value = (guint) n;
  return *end == '\0' && n >= min && n <= max;
}

static gboolean
read_cards (const char *field, CpCard *cards, guint max, guint *n, guint64 *seen)
{
  g_auto (GStrv) ids = g_strsplit (field, ",", -1);
  CpDeck deck;

  cp_deck_init_chess (&deck, CP_CHESS_DECK_PIECES);
  *n = 0;
  if (g_str_equal (field, "-"))
    return TRUE;
  for (guint i = 0; ids[i] != NULL; i++)
    {
      CpCard card;

      if (*n == max || !cp_card_from_id (ids[i], &card) || !cp_deck_contains (&deck, card)
          || (*seen & cp_card_bit (card)))
        return FALSE;
      *seen |= cp_card_bit (card);
      cards[(*n)++] = card;
    }
  return TRUE;
}

static gboolean
read_codes (const char *field, guint8 *codes, guint max, guint8 *n)
{
  *n = 0;
  if (g_str_equal (field, "-"))
    return TRUE;
  for (const char *p = field; *p != '\0'; p++)
    {
      CpPieceKind kind;

      if (*n == max || !cp_piece_kind_from_letter (*p, &kind) || kind < CP_PIECE_KNIGHT || kind > CP_PIECE_KING)
        return FALSE;
      codes[(*n)++] = (guint8) (kind | (g_ascii_islower (*p) ? CP_GOLF_BLACK : 0));
    }
  return TRUE;
}

/* A player's field: "bid:scores:flags". */
static gboolean
read_player (GolfState *st, guint seat, const char *field, guint played)
{
  g_auto (GStrv) parts = g_strsplit (field, ":", -1);
  g_auto (GStrv) scores = NULL;
  guint bid, n = 0;

  if (g_strv_length (parts) != 3)
    return FALSE;
  if (g_str_equal (parts[0], "x"))
    st->bids[seat] = 1;
  else if (read_number (parts[0], 1, MAX_BID, 0, &bid))
    st->bids[seat] = bid == 0 ? BID_NONE : (guint8) (bid + 1);
  else
    return FALSE;
  if (!g_str_equal (parts[1], "-"))
    {
      scores = g_strsplit (parts[1], ",", -1);
      n = g_strv_length (scores);
    }
  if (n != played && (n != played + 1 || played >= N_HOLES || played != (guint) st->hole))
    return FALSE;
  for (guint hole = 0; hole < n; hole++)
    {
      gsize len = strlen (scores[hole]);
      guint score;

      if (len > 1 && scores[hole][len - 1] == '!')
        {
          st->failed[hole] |= CP_SEAT_BIT (seat);
          scores[hole][len - 1] = '\0';
        }
      if (!read_number (scores[hole], 0, 99, -1, &score))
        return FALSE;
      st->scores[hole][seat] = (guint8) score;
    }
  if (n > played)
    st->scored |= CP_SEAT_BIT (seat);
  for (const char *p = parts[2]; *p != '\0' && !g_str_equal (parts[2], "-"); p++)
    if (*p == 't')
      st->tried |= CP_SEAT_BIT (seat);
    else if (*p == 'o')
      st->base.out |= CP_SEAT_BIT (seat);
    else
      return FALSE;
  return TRUE;
}

static gboolean
read_board (guint8 *codes, const char *field, const char *text, GError **error)
{
  CpGolfPosition position;
  g_autoptr (GError) why = NULL;

  if (!cp_golf_position_parse (&position, field, NULL, NULL, &why))
    return position_error (error, text, _("the pieces are not the first field of a FEN with knights, bishops, rooks, queens and kings"));
  memcpy (codes, position.cells, CP_GOLF_CELLS);
  return TRUE;
}

static gboolean
read_position (GolfState *st, const char *text, GError **error)
{
  CpState *state = &st->base;
  g_auto (GStrv) fields = g_strsplit_set (text, " \t\n", -1);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) f = NULL;
  guint8 board[CP_GOLF_CELLS];
  CpCard cards[CP_CARD_MAX];
  guint64 seen = 0;
  guint n, value, played, stage, active = 0;
  CpDeck all;

  for (guint i = 0; fields[i] != NULL; i++)
    if (fields[i][0] != '\0')
      g_strv_builder_add (builder, fields[i]);
  f = g_strv_builder_end (builder);
  n = g_strv_length (f);
  if (n != N_FIXED_FIELDS + (guint) state->n_seats)
    {
      /* Translators: %u: the fields a Chess Golf position text needs for
       * the players of the game */
      g_autofree char *reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "it needs %u fields for a game of %u player",
                                                              "it needs %u fields for a game of %u players", state->n_seats),
                                                 N_FIXED_FIELDS + state->n_seats, state->n_seats);

      return position_error (error, text, reason);
    }
  if (!read_board (board, f[0], text, error))
    return FALSE;
  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    set_cell (state, cell, board[cell]);
  for (stage = STAGE_DEALER; stage <= STAGE_DIFFICULTY && !g_str_equal (f[1], stage_names[stage]); stage++)
    ;
  if (stage > STAGE_DIFFICULTY)
    return position_error (error, text, _("the stage is not one of “deal”, “shuffle”, “bid”, “reveal”, “show”, “return” and “raise”"));
  st->stage = (guint8) stage;
  if (!read_number (f[2], 1, N_HOLES, N_HOLES + 1, &value))
    return position_error (error, text, _("the hole is not a number from 1 to 9, or “-” once the game is over"));
  st->hole = (guint8) (value - 1);
  if (!read_number (f[3], 1, state->n_seats, -1, &value))
    return position_error (error, text, _("the dealer is not the number of a player"));
  st->dealer = (guint8) (value - 1);
  if (!read_number (f[4], MIN_CARDS, MAX_CARDS, -1, &value))
    return position_error (error, text, _("the cards dealt each hole are not a number from 2 to 4"));
  st->n_draw = (guint8) value;
  if (!read_cards (f[5], cards, CP_CARD_MAX, &n, &seen))
    return position_error (error, text, _("the piles hold a card that is not one of the sixteen piece cards, or one twice"));
  cp_deck_init (&st->pile, cards, n);
  if (!read_cards (f[6], cards, CP_CARD_MAX, &n, &seen))
    return position_error (error, text, _("the piles hold a card that is not one of the sixteen piece cards, or one twice"));
  cp_deck_init (&st->discard, cards, n);
  if (!read_cards (f[7], st->cards, MAX_CARDS, &n, &seen))
    return position_error (error, text, _("the piles hold a card that is not one of the sixteen piece cards, or one twice"));
  st->n_cards = (guint8) n;
  cp_deck_init_chess (&all, CP_CHESS_DECK_PIECES);
  if (seen != cp_deck_get_set (&all))
    return position_error (error, text, _("some cards of the game are missing"));
  {
    g_auto (GStrv) pars = g_strsplit (f[8], ",", -1);

    if (g_strv_length (pars) != N_HOLES)
      return position_error (error, text, _("par is not given for each of the nine holes"));
    for (guint hole = 0; hole < N_HOLES; hole++)
      {
        if (!read_number (pars[hole], 0, MAX_BID, 0, &value))
          return position_error (error, text, _("par is not given for each of the nine holes"));
        st->pars[hole] = (guint8) (g_str_equal (pars[hole], "-") ? 0 : value + 1);
      }
  }
  st->par = st->pars[MIN (st->hole, N_HOLES - 1)];
  if (!read_number (f[9], 1, state->n_seats, 0, &value))
    return position_error (error, text, _("the demonstrator is not the number of a player"));
  st->demonstrator = (guint8) (value == 0 ? CP_NO_SEAT : value - 1);
  if (!read_number (f[10], 0, MAX_BID, -1, &value))
    return position_error (error, text, _("the moves made are not a number from 0 to 10"));
  st->moves_made = (guint8) value;
  st->capturer = NO_CELL;
  if (!g_str_equal (f[11], "-"))
    {
      if (strlen (f[11]) != 2 || f[11][0] < 'a' || f[11][0] > 'h' || f[11][1] < '1' || f[11][1] > '8')
        return position_error (error, text, _("the capturing piece is not on a cell"));
      st->capturer = (guint8) ((f[11][1] - '1') * 8 + (f[11][0] - 'a'));
      if (board[st->capturer] == 0)
        return position_error (error, text, _("the capturing piece is not on a cell"));
    }
  if (!read_codes (f[12], st->left, MAX_CARDS, &st->n_left) || !read_codes (f[13], st->captured, MAX_CARDS, &st->n_captured))
    return position_error (error, text, _("the pieces still to take part or to put back are not piece letters"));
  if (st->stage >= STAGE_BIDDING && st->stage <= STAGE_REVEAL && st->hole < N_HOLES)
    {
      gboolean same = st->n_left == st->n_cards;

      for (guint i = 0; i < st->n_left && same; i++)
        same = st->left[i] == code_of_card (st->cards[i]);
      if (!same)
        return position_error (error, text, _("before a demonstration, the types still to take part are those of the hole’s cards"));
    }
  if (g_str_equal (f[14], "-"))
    memcpy (st->start, board, sizeof board);
  else if (!read_board (st->start, f[14], text, error))
    return FALSE;
  played = holes_played (st);
  for (guint seat = 0; seat < state->n_seats; seat++)
    if (!read_player (st, seat, f[N_FIXED_FIELDS + seat], played))
      {
        /* Translators: %u: a player's number in a Chess Golf position text */
        g_autofree char *reason = g_strdup_printf (_("the field of player %u is not “bid:scores:flags” for the holes played"),
                                                   seat + 1);

        return position_error (error, text, reason);
      }
  if ((st->stage >= STAGE_DEMONSTRATE && st->stage <= STAGE_RETURN && st->hole < N_HOLES
       && st->demonstrator == CP_NO_SEAT)
      || (st->stage >= STAGE_BIDDING && st->hole < N_HOLES && st->n_cards == 0))
    return position_error (error, text, _("the stage asks for cards of the hole or a demonstrator that the text does not give"));
  st->on_way = FALSE;
  st->played = (guint8) played;
  for (guint seat = 0; seat < state->n_seats; seat++)
    active += is_active (st, seat);
  if (st->hole >= N_HOLES)
    end_game (st);
  else if (active == 0)
    state->outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_RESIGNATION, 0 };
  else if (active == 1 && state->n_seats > 1)
    for (guint seat = 0; seat < state->n_seats; seat++)
      if (is_active (st, seat))
        state->outcome = (CpOutcome) { CP_STATUS_WON, CP_END_RESIGNATION, CP_SEAT_BIT (seat) };
  return TRUE;
}

/* Legal actions. */

static void
add_commit (CpActionList *out, guint seat, guint value)
{
  CpAction *action = cp_action_list_add (out);

  cp_action_init (action, CP_ACTION_COMMIT, seat);
  action->value = value;
  action->visible = CP_SEAT_BIT (seat);
}

static void
add_moves (const GolfState *st, guint seat, CpActionList *out)
{
  CpGolfPosition position;
  CpGolfMove moves[CP_GOLF_MAX_MOVES];
  guint n;

  get_position (st, &position);
  n = cp_golf_position_moves (&position, moves);
  for (guint i = 0; i < n; i++)
    {
      CpAction *action = cp_action_list_add (out);

      cp_action_init_move (action, seat, moves[i].from, moves[i].to);
      if (position.cells[moves[i].to] != 0)
        action->flags |= CP_ACTION_FLAG_CAPTURE;
    }
}

static void
add_placements (const GolfState *st, guint seat, CpActionList *out)
{
  guint8 seen[MAX_CARDS];
  guint n_seen = 0;

  for (guint i = 0; i < st->n_captured; i++)
    {
      if (memchr (seen, st->captured[i], n_seen) != NULL)
        continue;
      seen[n_seen++] = st->captured[i];
      for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
        if (CP_PIECE_IS_EMPTY (&st->base.cells[cell]))
          {
            CpAction *action = cp_action_list_add (out);

            cp_action_init (action, CP_ACTION_PLACE, seat);
            action->n_cells = 1;
            action->cells[0] = (guint8) cell;
            action->piece = CP_GOLF_KIND (st->captured[i]);
            /* The value names the owner plus one: the colour. */
            action->value = (st->captured[i] & CP_GOLF_BLACK) ? 2 : 1;
          }
    }
}

static void
legal (const CpState *state, guint seat, CpActionList *out)
{
  const GolfState *st = GOLF_STATE (state);
  CpAction *action;

  if (!(pending (state) & CP_SEAT_BIT (seat)))
    return;
  switch (st->stage)
    {
    case STAGE_BIDDING:
      for (guint bid = 1; bid <= MAX_BID; bid++)
        add_commit (out, seat, bid);
      add_commit (out, seat, 0);
      break;
    case STAGE_DEMONSTRATE:
      add_moves (st, seat, out);
      /* Giving up. */
      cp_action_init (cp_action_list_add (out), CP_ACTION_PASS, seat);
      break;
    case STAGE_RETURN:
      add_placements (st, seat, out);
      break;
    case STAGE_DIFFICULTY:
      action = cp_action_list_add (out);
      cp_action_init (action, CP_ACTION_DRAW_CARD, seat);
      cp_action_init (cp_action_list_add (out), CP_ACTION_PASS, seat);
      break;
    default:
      break;
    }
}

/* Making actions. */

static void
demonstrate (GolfState *st, const CpAction *action)
{
  CpGolfPosition position;
  CpGolfMove move = { action->cells[0], action->cells[1] };
  guint8 victim = code_of_piece (&st->base.cells[move.to]);

  get_position (st, &position);
  st->on_way = st->on_way && st->moves_made < st->n_way && st->way[2 * st->moves_made] == move.from
               && st->way[2 * st->moves_made + 1] == move.to;
  cp_golf_position_make (&position, &move);
  set_cell (&st->base, move.to, code_of_piece (&st->base.cells[move.from]));
  set_cell (&st->base, move.from, 0);
  if (victim != 0)
    st->captured[st->n_captured++] = CP_GOLF_TYPE (victim);
  st->capturer = position.capturer;
  st->n_left = position.n_cards;
  memcpy (st->left, position.cards, position.n_cards);
  st->moves_made++;
  if (cp_golf_position_is_solved (&position))
    demonstration_succeeded (st);
  else if (st->moves_made >= bid_number (st->bids[st->demonstrator]))
    demonstration_failed (st);
}

static void
place (GolfState *st, const CpAction *action)
{
  guint8 code = (guint8) (action->piece | (action->value == 2 ? CP_GOLF_BLACK : 0));
  const guint8 *found = memchr (st->captured, code, st->n_captured);
  guint i = (guint) (found - st->captured);

  set_cell (&st->base, action->cells[0], code);
  memmove (st->captured + i, st->captured + i + 1, st->n_captured - i - 1u);
  if (--st->n_captured == 0)
    finish_hole (st);
}

static void
make (CpState *state, const CpAction *action, CpUndo *undo)
{
  GolfState *st = GOLF_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_SHUFFLE:
    case CP_ACTION_REVEAL:
      if (action->type == CP_ACTION_REVEAL && (st->stage == STAGE_REVEAL || st->stage == STAGE_BIDDING))
        reveal (st, action);
      else if (action->type == CP_ACTION_REVEAL && st->stage != STAGE_LAY_OUT && st->stage != STAGE_SHUFFLE)
        pass_over (st);
      else if (st->stage == STAGE_LAY_OUT)
        lay_out (st, action->value);
      else
        {
          cp_deck_shuffle (&st->pile, action->value);
          start_hole (st);
        }
      break;
    case CP_ACTION_ROLL:
      st->dealer = (guint8) action->value;
      st->stage = STAGE_SHUFFLE;
      break;
    case CP_ACTION_COMMIT:
      st->bids[action->seat] = (guint8) (action->value + 1);
      if (pending (state) == CP_SEAT_BIT (CP_SEAT_CHANCE))
        st->stage = STAGE_REVEAL;
      break;
    case CP_ACTION_MOVE:
      demonstrate (st, action);
      break;
    case CP_ACTION_PASS:
      if (st->stage == STAGE_DEMONSTRATE)
        demonstration_failed (st);
      else
        next_hole (st);
      break;
    case CP_ACTION_DRAW_CARD:
      st->n_draw++;
      next_hole (st);
      break;
    case CP_ACTION_PLACE:
      place (st, action);
      break;
    default:
      g_return_if_reached ();
    }
  state->ply++;
}

static void
outcome (const CpState *state, CpOutcome *result)
{
  *result = state->outcome;
}

static void
redact (CpState *state, guint seat)
{
  GolfState *st = GOLF_STATE (state);

  for (guint s = 0; s < CP_MAX_SEATS; s++)
    if (s != seat && (st->stage == STAGE_BIDDING || st->stage == STAGE_REVEAL) && st->bids[s] != BID_NONE)
      st->bids[s] = BID_UNKNOWN;
  cp_deck_redact (&st->pile);
}

/* A world @seat's view allows: the bids of the others still sealed are
 * any they could make, drawn at random, and the draw pile holds the piece
 * cards neither on the discard pile nor dealt for the hole, in an order
 * drawn at random. */
static void
sample (CpState *state, guint seat, GRand *rand)
{
  GolfState *st = GOLF_STATE (state);
  guint64 unseen;
  CpDeck all;

  for (guint s = 0; s < CP_MAX_SEATS; s++)
    if (s != seat && st->bids[s] == BID_UNKNOWN)
      st->bids[s] = (guint8) (1 + g_rand_int_range (rand, 0, MAX_BID + 1));
  cp_deck_init_chess (&all, CP_CHESS_DECK_PIECES);
  unseen = cp_deck_get_set (&all) & ~cp_deck_get_set (&st->discard);
  for (guint i = 0; i < st->n_cards; i++)
    unseen &= ~cp_card_bit (st->cards[i]);
  if (cp_bits_count (unseen) != cp_deck_count (&st->pile))
    return;
  cp_deck_init_set (&st->pile, unseen);
  cp_deck_shuffle (&st->pile, g_rand_int (rand));
}

/* Words. */

static char *
par_text (guint8 par)
{
  if (par == 0)
    /* Translators: par of a Chess Golf hole that has no solution */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "none within %u move", "none within %u moves", MAX_BID),
                            MAX_BID);
  return g_strdup_printf ("%u", par - 1u);
}

static char *
format_move (const GolfState *st, const CpAction *action, CpNotation notation)
{
  const CpPiece *piece = &st->base.cells[action->cells[0]];
  g_autofree char *from = cp_board_cell_name (st->base.board, action->cells[0]);
  g_autofree char *to = cp_board_cell_name (st->base.board, action->cells[1]);
  gboolean capture = !CP_PIECE_IS_EMPTY (&st->base.cells[action->cells[1]]);

  if (notation == CP_NOTATION_COMPUTER)
    return g_strconcat (from, to, NULL);
  return g_strdup_printf ("%c%s%s%s", cp_piece_kind_letter ((CpPieceKind) piece->kind), from,
                          capture ? "x" : "-", to);
}

static char *
format (const CpState *state, const CpAction *action, CpNotation notation)
{
  const GolfState *st = GOLF_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_SHUFFLE:
    case CP_ACTION_REVEAL:
      if (st->stage == STAGE_LAY_OUT)
        return g_strdup (st->daily ? _("the pieces of the day are laid out") : _("the pieces are laid out"));
      if (st->stage == STAGE_SHUFFLE)
        return g_strdup (_("the cards are shuffled"));
      if (st->stage == STAGE_REVEAL || st->stage == STAGE_BIDDING)
        {
          g_autofree char *par = par_text ((guint8) MIN (action->value, MAX_BID + 1u));

          /* Translators: %s: par of a Chess Golf hole, a number or "none within 10 moves" */
          return g_strdup_printf (_("the bids are shown; par %s"), par);
        }
      return g_strdup (_("a player who left is passed over"));
    case CP_ACTION_ROLL:
      {
        g_autofree char *dealer = cp_seat_reference (action->value);

        /* Translators: %s: the player drawn to deal first */
        return g_strdup_printf (_("%s deals first"), dealer);
      }
    case CP_ACTION_COMMIT:
      if (action->flags & CP_ACTION_FLAG_REDACTED)
        return g_strdup (_("bids in secret"));
      if (action->value == 0)
        return g_strdup (_("bids: impossible"));
      /* Translators: a sealed bid of a number of moves in Chess Golf */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "bids %u move", "bids %u moves", action->value),
                              action->value);
    case CP_ACTION_MOVE:
      return format_move (st, action, notation);
    case CP_ACTION_PASS:
      return g_strdup (st->stage == STAGE_DEMONSTRATE ? _("gives up the demonstration")
                                                      : _("keeps the number of cards"));
    case CP_ACTION_DRAW_CARD:
      return g_strdup (_("deals one more card from the next hole on"));
    case CP_ACTION_PLACE:
      {
        g_autofree char *cell = cp_board_cell_name (state->board, action->cells[0]);

        /* Translators: %s: a piece, such as "black bishop"; %s: a cell */
        return g_strdup_printf (_("puts the %s back on %s"),
                                piece_name ((guint8) (action->piece | (action->value == 2 ? CP_GOLF_BLACK : 0))),
                                cell);
      }
    default:
      return g_strdup (cp_action_type_to_id (action->type));
    }
}

/* Reads a move ("e5g6", "Be5-g6", "♗e5xg6"). */
static gboolean
parse (const CpState *state, const char *text, CpAction *action, GError **error)
{
  const GolfState *st = GOLF_STATE (state);
  g_auto (CpActionList) moves = { 0 };
  guint cells[2], n = 0;

  for (const char *p = text; *p != '\0' && n < 2; p++)
    if (*p >= 'a' && *p <= 'h' && p[1] >= '1' && p[1] <= '8')
      {
        cells[n++] = (guint) (p[1] - '1') * 8 + (guint) (p[0] - 'a');
        p++;
      }
  if (n == 2 && st->stage == STAGE_DEMONSTRATE)
    {
      legal (state, st->demonstrator, &moves);
      for (guint i = 0; i < moves.len; i++)
        if (moves.items[i].type == CP_ACTION_MOVE && moves.items[i].cells[0] == cells[0]
            && moves.items[i].cells[1] == cells[1])
          {
            *action = moves.items[i];
            return TRUE;
          }
    }
  return cp_error_fail (error, CP_ERROR_BAD_NOTATION, _("“%s” is no move the demonstrator can make now"), text);
}

/* What the window shows. */

static void
golf_cards (const CpState *state, CpCardTable *table)
{
  const GolfState *st = GOLF_STATE (state);

  cp_card_table_init (table);
  for (guint i = 0; i < st->n_cards; i++)
    cp_hand_add (&table->up[st->dealer], st->cards[i]);
  for (guint i = 0; i < cp_deck_count (&st->discard); i++)
    cp_hand_add (&table->discard, cp_deck_peek (&st->discard, i));
  table->has_draw_pile = TRUE;
  table->has_discard = TRUE;
  /* The cards of a hole lie in front of the dealer: nobody holds any. */
  table->no_hands = TRUE;
  table->draw_pile = (guint8) cp_deck_count (&st->pile);
}

/* "white king and black bishop" */
static char *
cards_text (const GolfState *st)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < st->n_cards; i++)
    {
      if (i > 0)
        /* Translators: between the last two of the pieces named in a hole */
        g_string_append (text, i + 1 == st->n_cards ? _(" and ") : ", ");
      g_string_append (text, piece_name (code_of_card (st->cards[i])));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
prompt (const GolfState *st, guint seat)
{
  g_autofree char *cards = cards_text (st);
  guint bid;

  switch (st->stage)
    {
    case STAGE_BIDDING:
      if (st->bids[seat] != BID_NONE)
        return NULL;
      /* Translators: %s: the chosen pieces, such as "white king and black bishop" */
      return g_strdup_printf (_("Hole %u: %s. Bid your moves in secret"), st->hole + 1u, cards);
    case STAGE_DEMONSTRATE:
      bid = bid_number (st->bids[seat]);
      /* Translators: %s: the chosen pieces; %u: moves made; %u: moves bid */
      return g_strdup_printf (_("Show your way for the %s: move %u of %u"), cards, st->moves_made + 1u, bid);
    case STAGE_RETURN:
      return g_strdup (_("Put the captured pieces back on empty cells"));
    case STAGE_DIFFICULTY:
      if (st->base.n_seats == 1)
        /* Translators: a player alone made par of a Chess Golf hole */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "You made par: deal %u card from the next hole on, or keep it",
                                             "You made par: deal %u cards from the next hole on, or keep them",
                                             st->n_draw + 1u), st->n_draw + 1u);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Everyone bid alike: deal %u card from the next hole on, or keep it",
                                           "Everyone bid alike: deal %u cards from the next hole on, or keep them",
                                           st->n_draw + 1u), st->n_draw + 1u);
    default:
      return NULL;
    }
}

/* Whether par of @hole is shown: from the reveal of the hole on. */
static gboolean
par_known (const GolfState *st, guint hole)
{
  return hole < st->hole || (hole == st->hole && st->stage > STAGE_REVEAL);
}

/* Whether @seat's score of @hole is known: as soon as it is made. */
static gboolean
score_known (const GolfState *st, guint hole, guint seat)
{
  return hole < st->played || (hole == st->hole && (st->scored & CP_SEAT_BIT (seat)));
}

/* The score card's row of par: a blank for holes not revealed yet, a
 * cross for a hole with no way within the longest bid. */
static void
present_par_row (const GolfState *st, CpGrid *grid)
{
  guint total = 0;
  gboolean any = FALSE;

  cp_grid_set_word (grid, 1, 0, _("Par"), NULL);
  for (guint hole = 0; hole < N_HOLES; hole++)
    {
      g_autofree char *word = NULL;
      g_autofree char *name = NULL;

      if (!par_known (st, hole))
        {
          /* Translators: a cell of a Chess Golf score card, for par of a hole not revealed yet */
          name = g_strdup_printf (_("Hole %u: not known yet"), hole + 1);
          cp_grid_set_word (grid, 1, hole + 1, "", name);
          continue;
        }
      total += st->pars[hole] > 0 ? st->pars[hole] - 1u : 0;
      any = TRUE;
      word = st->pars[hole] > 0 ? g_strdup_printf ("%u", st->pars[hole] - 1u) : g_strdup ("×");
      if (st->pars[hole] > 0)
        /* Translators: a cell of a Chess Golf score card */
        name = g_strdup_printf (_("Hole %u: %u"), hole + 1, st->pars[hole] - 1u);
      else
        {
          g_autofree char *none = par_text (0);

          /* Translators: a cell of a Chess Golf score card; %s: "none within 10 moves" */
          name = g_strdup_printf (_("Hole %u: %s"), hole + 1, none);
        }
      cp_grid_set_word (grid, 1, hole + 1, word, name);
    }
  {
    g_autofree char *word = g_strdup_printf ("%u", total);
    /* Translators: a total on a Chess Golf score card */
    g_autofree char *name = g_strdup_printf (_("Total: %u"), total);

    /* No total before any par is known. */
    if (any)
      cp_grid_set_word (grid, 1, N_HOLES + 1, word, name);
  }
}

/* A player's row: the score of each hole, a mark on a penalty, the
 * total; the row's heading is the player's name. */
static guint
present_score_row (const GolfState *st, CpGrid *grid, guint seat)
{
  guint row = seat + 2, total = 0;
  gboolean any = FALSE;
  g_autofree char *word = NULL;

  grid->row_seat[row - 1] = (guint8) seat;
  for (guint hole = 0; hole < N_HOLES; hole++)
    {
      gboolean penalty = (st->failed[hole] & CP_SEAT_BIT (seat)) != 0;
      g_autofree char *score = NULL;
      g_autofree char *name = NULL;

      if (!score_known (st, hole, seat))
        continue;
      total += st->scores[hole][seat];
      any = TRUE;
      score = g_strdup_printf ("%u%s", st->scores[hole][seat], penalty ? "!" : "");
      if (penalty)
        /* Translators: a cell of a Chess Golf score card: a score that holds a penalty */
        name = g_strdup_printf (_("Hole %u: %u, with a penalty"), hole + 1, st->scores[hole][seat]);
      else
        /* Translators: a cell of a Chess Golf score card */
        name = g_strdup_printf (_("Hole %u: %u"), hole + 1, st->scores[hole][seat]);
      cp_grid_set_word (grid, row, hole + 1, score, name);
    }
  word = g_strdup_printf ("%u", total);
  {
    /* Translators: a total on a Chess Golf score card */
    g_autofree char *name = g_strdup_printf (_("Total: %u"), total);

    if (any)
      cp_grid_set_word (grid, row, N_HOLES + 1, word, name);
  }
  return total;
}

/* The score card: a column for each hole and the total, a row for par
 * and one for each player.  A score shows as soon as it is known, par
 * from the reveal of its hole on. */
static void
present_scores (const GolfState *st, CpPresentation *out)
{
  CpGrid *grid = cp_presentation_add_grid (out, CP_NO_SEAT, _("Score card"));

  cp_grid_init_words (grid, st->base.n_seats + 1, N_HOLES + 1);
  for (guint hole = 0; hole < N_HOLES; hole++)
    {
      g_autofree char *number = g_strdup_printf ("%u", hole + 1);
      /* Translators: the heading of a column of a Chess Golf score card, for screen readers */
      g_autofree char *name = g_strdup_printf (_("Hole %u"), hole + 1);

      cp_grid_set_word (grid, 0, hole + 1, number, name);
    }
  /* Translators: the heading of the last column of a Chess Golf score card */
  cp_grid_set_word (grid, 0, N_HOLES + 1, C_("score card", "Total"), NULL);
  present_par_row (st, grid);
  for (guint seat = 0; seat < st->base.n_seats; seat++)
    {
      guint total = present_score_row (st, grid, seat);

      /* No pieces are anyone's: none are shown as lost. */
      cp_presentation_add_side (out, CP_SIDE_PIECES, seat);
      /* Translators: a player's Chess Golf score in words */
      out->side_description[seat] = g_strdup_printf (_("Total %u after %u of 9 holes"), total, st->played);
    }
  /* Translators: the Chess Golf score card in words */
  grid->description = g_strdup_printf (_("Holes played: %u of 9"), st->played);
}

static void
present (const CpState *state, G_GNUC_UNUSED const CpState *start, guint viewer, CpPresentation *out)
{
  const GolfState *st = GOLF_STATE (state);
  guint seat = viewer == CP_VIEW_ALL ? cp_state_first_pending (state) : viewer;
  g_autofree char *text = NULL;

  present_scores (st, out);
  cp_presentation_add_legend (out, CP_MARK_TINT, _("A tinted cell holds a piece of a kind the cards chose."));
  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    for (guint i = 0; i < st->n_cards && !CP_PIECE_IS_EMPTY (&state->cells[cell]); i++)
      if (code_of_piece (&state->cells[cell]) == code_of_card (st->cards[i]))
        {
          cp_presentation_add_overlay (out, CP_OVERLAY_TINT, cell, _("chosen"));
          break;
        }
  if (cp_state_is_over (state) || seat >= state->n_seats)
    return;
  text = prompt (st, seat);
  if (st->stage > STAGE_REVEAL && st->n_cards > 0 && text != NULL)
    {
      g_autofree char *par = par_text (st->par);
      /* Translators: a prompt, then par of the hole */
      char *with_par = g_strdup_printf (_("%s (par %s)"), text, par);

      g_free (text);
      text = with_par;
    }
  cp_presentation_set_prompt (out, g_steal_pointer (&text));
  if (st->stage == STAGE_BIDDING && st->bids[seat] == BID_NONE)
    {
      /* The bids from 1 to 10, then "impossible" (0), which a bid falls
       * back on when the time runs out. */
      out->timeout_button = g_strdup ("bid-0");
      for (guint bid = 1; bid <= MAX_BID + 1; bid++)
        {
          CpAction action;
          g_autofree char *id = g_strdup_printf ("bid-%u", bid % (MAX_BID + 1));
          g_autofree char *label = bid <= MAX_BID ? g_strdup_printf ("_%u", bid) : g_strdup (_("_Impossible"));
          g_autofree char *tooltip = NULL;

          if (bid <= MAX_BID)
            /* Translators: what the button of a bid in Chess Golf does */
            tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Bid %u move", "Bid %u moves", bid), bid);
          else
            tooltip = g_strdup (_("Bid that there is no way to make the capture"));
          cp_action_init (&action, CP_ACTION_COMMIT, seat);
          action.value = bid % (MAX_BID + 1);
          action.visible = CP_SEAT_BIT (seat);
          cp_presentation_add_button_full (out, &action, id, label, tooltip);
        }
    }
  if (st->stage == STAGE_DEMONSTRATE && seat == st->demonstrator)
    {
      CpAction action;

      cp_action_init (&action, CP_ACTION_PASS, seat);
      cp_presentation_add_button (out, &action, "give-up", _("_Give Up"));
    }
  if (st->stage == STAGE_DIFFICULTY && seat == st->dealer)
    {
      CpAction action;

      cp_action_init (&action, CP_ACTION_DRAW_CARD, seat);
      cp_presentation_add_button (out, &action, "more-cards", _("_One More Card"));
      cp_action_init (&action, CP_ACTION_PASS, seat);
      cp_presentation_add_button (out, &action, "same-cards", _("_Keep the Cards"));
    }
}

/* The hint to a demonstrator: the next move of a shortest way from here
 * within the moves bid, or giving up when there is none.  Par is proven
 * and the reveal kept a shortest way from the hole's start: while the
 * moves made follow it, its next move is the hint (what is left of a
 * shortest way is a shortest way from where it leads); a bid below par
 * has no way at all.  Off that way, a search from here finds one, or
 * gives up when the time runs out. */
static gboolean
advise_demonstration (const GolfState *st, guint seat, gint64 deadline, GCancellable *cancellable,
                      CpAction *action)
{
  CpGolfPosition position;
  CpGolfSolution solution;
  guint bid = bid_number (st->bids[seat]), budget = bid - st->moves_made;

  if (st->par == 0 || bid < st->par - 1u)
    {
      cp_action_init (action, CP_ACTION_PASS, seat);
      return TRUE;
    }
  get_position (st, &position);
  if (st->on_way && st->moves_made < st->n_way)
    {
      solution.n_moves = 1;
      solution.moves[0] = (CpGolfMove) { st->way[2 * st->moves_made], st->way[2 * st->moves_made + 1] };
    }
  else if (cp_golf_solve (&position, budget, deadline, cancellable, &solution) != CP_GOLF_FOUND
           || solution.n_moves == 0)
    {
      cp_action_init (action, CP_ACTION_PASS, seat);
      return !g_cancellable_is_cancelled (cancellable);
    }
  cp_action_init_move (action, seat, solution.moves[0].from, solution.moves[0].to);
  if (position.cells[solution.moves[0].to] != 0)
    action->flags |= CP_ACTION_FLAG_CAPTURE;
  return TRUE;
}

/* For hints: during a demonstration, the next move of a shortest way
 * from here; while bidding, par, which is not proven before the reveal,
 * or "impossible" when no way is found in time, as a person's bid falls
 * back on when the timer runs out. */
static gboolean
advise (const CpState *state, guint seat, gint64 deadline, GCancellable *cancellable, CpAction *action)
{
  const GolfState *st = GOLF_STATE (state);
  CpGolfPosition position;
  CpGolfSolution solution;

  if (!(pending (state) & CP_SEAT_BIT (seat)))
    return FALSE;
  if (st->stage == STAGE_DEMONSTRATE)
    return advise_demonstration (st, seat, deadline, cancellable, action);
  if (st->stage != STAGE_BIDDING)
    return FALSE;
  get_position (st, &position);
  cp_action_init (action, CP_ACTION_COMMIT, seat);
  action->visible = CP_SEAT_BIT (seat);
  action->value = cp_golf_solve (&position, MAX_BID, deadline, cancellable, &solution) == CP_GOLF_FOUND
                    ? solution.n_moves : 0;
  return !g_cancellable_is_cancelled (cancellable);
}

const CpRules cp_golf_rules = {
  .id = "golf",
  .name = N_("Chess Golf"),
  .summary = N_("Dealt puzzles: bid the fewest moves of borrowed moves to make a capture"),
  .min_seats = 1,
  .max_seats = 6,
  .flags = CP_RULES_SECRETS | CP_RULES_CHANCE,
  .numbering = CP_NUMBERING_ROUNDS,
  .options = options,
  .n_options = G_N_ELEMENTS (options),
  .colours = colours,
  .seat_names = seat_names,
  .view_rotations = view_rotations,
  .piece_colours = piece_colours,
  .n_piece_colours = G_N_ELEMENTS (piece_colours),
  .state_size = sizeof (GolfState),
  .init = init,
  .pending = pending,
  .chance = chance,
  .work_out = work_out,
  .legal = legal,
  .make = make,
  .outcome = outcome,
  .format = format,
  .parse = parse,
  .redact = redact,
  .sample = sample,
  .cards = golf_cards,
  .present = present,
  .advise = advise,
  .hash = hash,
  .write_position = write_position,
};
