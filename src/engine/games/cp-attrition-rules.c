/* cp-attrition-rules.c: Chivalrous Attrition
 *
 * Two to four players put their pieces on an empty board and then move
 * them as chess knights.  Every cell a piece lands on, its placement
 * included, keeps a marker for the rest of the game, and a piece may land
 * on a marked cell only to take the piece standing there.  Four ways to
 * play: the basic game (one knight each), two pieces each (a player who
 * has lost both loses), two pieces each in sudden death (the first lost
 * piece loses), and three or four players with one piece each (the last
 * player left wins).
 *
 * How the module reads the rules (help/C/attrition.page says the same to
 * players):
 *
 * - The mirror ban bars a cell when one of its three mirror images
 *   (left–right, front–back, both) holds a piece of another player; a
 *   player's own pieces never bar a cell.
 * - A player with two pieces places the knight first and then the bishop;
 *   as both move alike, the order changes nothing.
 * - A piece is judged when its player has to move it.  A turn in the
 *   two-piece games moves each piece once, in the order the player likes;
 *   a piece that cannot move is lost only when none of the player's
 *   pieces still to move can move, so a player whose other piece can move
 *   moves that one first and the stuck one is looked at again afterwards.
 * - A lost piece leaves the board (its cell keeps the marker), except the
 *   piece whose loss ends the game, which stays to show why.
 * - Who starts is drawn (a logged roll between the two players, or a
 *   logged shuffle of the whole order of play with three or four), or
 *   chosen through the "starts" option, for instance for the loser of the
 *   last game; a chosen first player is followed by the others in the
 *   order of the seats.
 * - A player who resigns in a game of three or four leaves it; their
 *   piece is taken off the board when play goes on.  Once every other
 *   player has left, by losing or resigning, the one left wins.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cp-chess-state.h"
#include "cp-error.h"
#include "cp-games.h"
#include "cp-random.h"

typedef enum {
  VARIANT_BASIC,
  VARIANT_TWO_PIECE,
  VARIANT_SUDDEN_DEATH,
  VARIANT_MULTI,
} Variant;

#define MAX_PIECES 2
#define STARTS_RANDOM 0xff

typedef struct {
  CpState base;
  guint8 variant;                          /* Variant */
  guint8 n_pieces;                         /* pieces of each player: 1 or 2 */
  gboolean ready;                          /* the order of play is known */
  gboolean moving;                         /* every piece has been placed */
  guint8 order[CP_MAX_SEATS];              /* the seats in the order they play */
  guint8 turn;                             /* index into order of the player to act */
  guint8 moved;                            /* bit i: piece i moved this turn */
  guint8 placed[CP_MAX_SEATS];             /* pieces each seat has placed */
  guint8 lost[CP_MAX_SEATS];               /* pieces each seat has lost */
  guint8 at[CP_MAX_SEATS][MAX_PIECES];     /* the cell of each piece, or CP_NO_CELL */
  CpOutcome result;
} AttritionState;

#define STATE(s) ((AttritionState *) (s))

static const CpColour colours[] = {
  CP_COLOUR_WHITE, CP_COLOUR_BLACK, CP_COLOUR_RED, CP_COLOUR_BROWN
};

/* A player's pieces, in the order they are placed. */
static const CpPieceKind kinds[MAX_PIECES] = { CP_PIECE_KNIGHT, CP_PIECE_BISHOP };

static const char *const variant_ids[] = { "basic", "two-piece", "sudden-death", "multi", NULL };
static const char *const variant_labels[] = {
  N_("Basic game"), N_("Two pieces"), N_("Sudden death"), N_("Three or four players"), NULL
};
static const char *const variant_details[] = {
  N_("Two players, one knight each"),
  N_("Two players with two pieces each: lose both and you lose"),
  N_("Two players with two pieces each: lose one and you lose"),
  N_("One knight each: the last player left wins"),
  NULL
};

static const char *const starts_ids[] = { "random", "white", "black", "red", "brown", NULL };
static const char *const starts_labels[] = {
  N_("Drawn at random"), N_("White"), N_("Black"), N_("Red"), N_("Brown"), NULL
};

static const CpOptionSpec options[] = {
  { .id = "variant", .label = N_("Way to play"), .type = CP_OPTION_CHOICE,
    .default_value = "basic", .choices = variant_ids, .choice_labels = variant_labels,
    .choice_details = variant_details },
  { .id = "starts", .label = N_("First to play"), .type = CP_OPTION_CHOICE,
    .default_value = "random", .choices = starts_ids, .choice_labels = starts_labels },
  { .id = CP_POSITION_OPTION, .label = N_("Start position"), .type = CP_OPTION_TEXT, .default_value = "" },
};

static const char *const figurines[2][MAX_PIECES] = {
  { "♘", "♗" },
  { "♞", "♝" },
};

static CpSeatMask
everyone (const AttritionState *st)
{
  return (CpSeatMask) ((1u << st->base.n_seats) - 1);
}

static CpSeatMask
still_playing (const AttritionState *st)
{
  return (CpSeatMask) (everyone (st) & ~st->base.out);
}

static void
set_won (AttritionState *st, CpEndReason reason, CpSeatMask winners)
{
  st->result = (CpOutcome) { CP_STATUS_WON, (guint8) reason, winners };
}

/* Whether the board has decided the game, or a resignation has. */
static gboolean
is_over (const AttritionState *st)
{
  return st->result.status != CP_STATUS_PLAYING || st->base.outcome.status != CP_STATUS_PLAYING;
}

/* Whether a piece may land on @cell: onto an unmarked cell, or onto a
 * marked one to take the piece that stands there. */
static gboolean
may_land (const AttritionState *st, guint cell)
{
  return !CP_PIECE_IS_EMPTY (&st->base.cells[cell]) || st->base.markers[cell] == 0;
}

static gboolean
can_move (const AttritionState *st, guint from)
{
  guint n;
  const guint8 *targets = cp_board_knight_targets (st->base.board, from, &n);

  for (guint i = 0; i < n; i++)
    if (may_land (st, targets[i]))
      return TRUE;
  return FALSE;
}

/* Whether the mirror ban keeps @seat from placing a piece on @cell. */
static gboolean
mirrors_another (const AttritionState *st, guint seat, guint cell)
{
  CpBoard *board = st->base.board;
  guint w = cp_board_get_width (board), h = cp_board_get_height (board);
  guint x = cp_board_cell_x (board, cell), y = cp_board_cell_y (board, cell);
  const guint images[3] = {
    cp_board_cell_at (board, (int) (w - 1 - x), (int) y),
    cp_board_cell_at (board, (int) x, (int) (h - 1 - y)),
    cp_board_cell_at (board, (int) (w - 1 - x), (int) (h - 1 - y)),
  };

  for (guint i = 0; i < G_N_ELEMENTS (images); i++)
    if (images[i] != CP_NO_CELL && !CP_PIECE_IS_EMPTY (&st->base.cells[images[i]])
        && st->base.cells[images[i]].seat != seat)
      return TRUE;
  return FALSE;
}

/* @seat loses piece @index.  The piece leaves the board unless its loss
 * ends the game; a taken piece is replaced by its taker in any case. */
static void
lose_piece (AttritionState *st, guint seat, guint index, CpEndReason reason)
{
  guint cell = st->at[seat][index];
  CpSeatMask others = (CpSeatMask) (everyone (st) & ~CP_SEAT_BIT (seat));

  st->at[seat][index] = CP_NO_CELL;
  st->lost[seat]++;
  switch ((Variant) st->variant)
    {
    case VARIANT_MULTI:
      st->base.out |= CP_SEAT_BIT (seat);
      if (cp_bits_count (still_playing (st)) == 1)
        set_won (st, CP_END_ELIMINATION, still_playing (st));
      break;
    case VARIANT_TWO_PIECE:
      if (st->lost[seat] >= st->n_pieces)
        set_won (st, reason, others);
      break;
    case VARIANT_BASIC:
    case VARIANT_SUDDEN_DEATH:
    default:
      set_won (st, reason, others);
      break;
    }
  if (!is_over (st) && cell != CP_NO_CELL)
    st->base.cells[cell] = (CpPiece) { 0 };
}

/* Takes the pieces of players who have left the game off the board. */
static void
remove_pieces_of_the_out (AttritionState *st)
{
  for (guint seat = 0; seat < st->base.n_seats; seat++)
    if (st->base.out & CP_SEAT_BIT (seat))
      for (guint i = 0; i < st->n_pieces; i++)
        if (st->at[seat][i] != CP_NO_CELL)
          {
            st->base.cells[st->at[seat][i]] = (CpPiece) { 0 };
            st->at[seat][i] = CP_NO_CELL;
          }
}

/* Brings the state to the next decision: moves the turn on when a player
 * has placed or moved every piece, skips players who are out, and takes
 * the pieces of a player who must move and cannot.  Changes nothing when
 * it is already there. */
static void
settle (AttritionState *st)
{
  CpSeatMask left = still_playing (st);

  /* The others have left the game: the last player left wins. */
  if (st->ready && st->result.status == CP_STATUS_PLAYING && cp_bits_count (left) <= 1)
    {
      if (left == 0)
        st->result = (CpOutcome) { CP_STATUS_DRAWN, CP_END_RESIGNATION, 0 };
      else
        set_won (st, st->variant == VARIANT_MULTI ? CP_END_ELIMINATION : CP_END_RESIGNATION, left);
    }
  while (st->ready && !is_over (st))
    {
      guint seat = st->order[st->turn];
      gboolean in = !(st->base.out & CP_SEAT_BIT (seat));
      guint can = 0, must = 0;

      remove_pieces_of_the_out (st);
      if (!st->moving)
        {
          if (in && st->placed[seat] < st->n_pieces)
            break;
          if (++st->turn == st->base.n_seats)
            {
              st->moving = TRUE;
              st->turn = 0;
              st->moved = 0;
            }
          continue;
        }
      for (guint i = 0; in && i < st->n_pieces; i++)
        if (st->at[seat][i] != CP_NO_CELL && !(st->moved & (1u << i)))
          {
            must |= 1u << i;
            if (can_move (st, st->at[seat][i]))
              can |= 1u << i;
          }
      if (can != 0)
        break;
      /* The turn ends.  Pieces that had to move and could not are lost. */
      for (guint i = 0; i < st->n_pieces && !is_over (st); i++)
        if (must & (1u << i))
          lose_piece (st, seat, i, CP_END_NO_MOVES);
      st->turn = (guint8) ((st->turn + 1) % st->base.n_seats);
      st->moved = 0;
    }
  if (st->ready)
    st->base.to_move = st->order[st->turn];
}

/* @state as settle() leaves it, in @copy, so that the hooks that may not
 * change the state see what comes next. */
static const AttritionState *
settled (const CpState *state, AttritionState *copy)
{
  memcpy (copy, state, sizeof *copy);
  settle (copy);
  return copy;
}

static guint
seat_of_option (const char *id)
{
  for (guint i = 1; starts_ids[i] != NULL; i++)
    if (g_strcmp0 (starts_ids[i], id) == 0)
      return i - 1;
  return STARTS_RANDOM;
}

/* Position texts, in six fields separated by spaces:
 *
 * - the board, rank 8 first, "/" between ranks: a digit for a run of
 *   empty cells without a marker, a seat's letter (w, b, r, o for White,
 *   Black, Red, Brown) for an empty cell with that seat's marker, and the
 *   letter followed by N or B for that seat's knight or bishop (whose
 *   cell holds its owner's marker);
 * - the letter of the seat to act;
 * - the order of play, every seat's letter, the first player first;
 * - the pieces of the seat to act that have moved this turn, N or B or
 *   both, or "-";
 * - a seat's letter for each piece it has lost, or "-";
 * - the letters of the seats out of the game, or "-".
 *
 * Whether the pieces are still being placed follows from the pieces on
 * the board: while a player still in the game has pieces to place, they
 * are.  A lost piece still on the board is the one whose loss ended the
 * game: it could not move. */

static const char seat_letters[] = "wbro";

/* The seat of @letter among @n seats, or CP_NO_SEAT. */
static guint
seat_of_letter (char letter, guint n)
{
  const char *p = letter != '\0' ? strchr (seat_letters, letter) : NULL;

  return p != NULL && (guint) (p - seat_letters) < n ? (guint) (p - seat_letters) : CP_NO_SEAT;
}

/* Reads a field of seat letters, "-" for none, into @counts (how often
 * each seat is named). */
static gboolean
read_seats (const char *field, guint n, guint counts[CP_MAX_SEATS])
{
  memset (counts, 0, sizeof (guint) * CP_MAX_SEATS);
  if (strcmp (field, "-") == 0)
    return TRUE;
  for (const char *p = field; *p != '\0'; p++)
    {
      guint seat = seat_of_letter (*p, n);

      if (seat == CP_NO_SEAT)
        return FALSE;
      counts[seat]++;
    }
  return TRUE;
}

static gboolean
read_board (AttritionState *st, const char *field, const char *text, GError **error)
{
  CpBoard *board = st->base.board;
  guint n = st->base.n_seats;
  int x = 0, y = 7;

  for (const char *p = field; *p != '\0'; p++)
    {
      guint seat;

      if (*p == '/')
        {
          if (x != 8)
            return cp_error_bad_position (error, text, _("a rank has the wrong number of cells"));
          if (y == 0)
            return cp_error_bad_position (error, text, _("the board has too many ranks"));
          x = 0;
          y--;
        }
      else if (*p >= '1' && *p <= '8')
        {
          x += *p - '0';
          if (x > 8)
            return cp_error_bad_position (error, text, _("a rank has the wrong number of cells"));
        }
      else if ((seat = seat_of_letter (*p, n)) != CP_NO_SEAT)
        {
          guint cell;

          if (x == 8)
            return cp_error_bad_position (error, text, _("a rank has the wrong number of cells"));
          cell = cp_board_cell_at (board, x, y);
          st->base.markers[cell] = (guint8) (1 + seat);
          if (p[1] == 'N' || (p[1] == 'B' && st->n_pieces == 2))
            {
              guint index = p[1] == 'N' ? 0 : 1;

              if (st->at[seat][index] != CP_NO_CELL)
                return cp_error_bad_position (error, text, index == 0 ? _("a player has more than one knight")
                                                               : _("a player has more than one bishop"));
              st->base.cells[cell] = (CpPiece) { .kind = kinds[index], .seat = (guint8) seat };
              st->at[seat][index] = (guint8) cell;
              p++;
            }
          else if (g_ascii_isupper (p[1]))
            return cp_error_bad_position (error, text, st->n_pieces == 2 ? _("a piece is neither N, a knight, nor B, a bishop")
                                                                  : _("every piece is a knight, N"));
          x++;
        }
      else
        return cp_error_bad_position (error, text, _("the board holds a letter that is no player’s"));
    }
  if (x != 8 || y != 0)
    return cp_error_bad_position (error, text, _("the board is incomplete"));
  return TRUE;
}

static gboolean
read_position (AttritionState *st, const char *text, GError **error)
{
  g_auto (GStrv) split = g_strsplit_set (text, " \t\n", -1);
  const char *f[6];
  guint n_fields = 0, n = st->base.n_seats, actor, named[CP_MAX_SEATS], lost[CP_MAX_SEATS], out[CP_MAX_SEATS];
  guint on_board[CP_MAX_SEATS] = { 0 }, needed = st->variant == VARIANT_TWO_PIECE ? 2 : 1;
  gboolean placing = FALSE, over = FALSE;
  CpSeatMask left;

  for (guint i = 0; split[i] != NULL; i++)
    if (split[i][0] != '\0')
      {
        if (n_fields == G_N_ELEMENTS (f))
          return cp_error_bad_position (error, text, _("it has too many fields"));
        f[n_fields++] = split[i];
      }
  if (n_fields < G_N_ELEMENTS (f))
    return cp_error_bad_position (error, text, _("it has too few fields"));

  if (!read_board (st, f[0], text, error))
    return FALSE;
  if (strlen (f[1]) != 1 || (actor = seat_of_letter (f[1][0], n)) == CP_NO_SEAT)
    return cp_error_bad_position (error, text, _("the player to act is not one of the players"));
  if (strlen (f[2]) != n || !read_seats (f[2], n, named))
    return cp_error_bad_position (error, text, _("the order of play must name every player once"));
  for (guint s = 0; s < n; s++)
    if (named[s] != 1)
      return cp_error_bad_position (error, text, _("the order of play must name every player once"));
  if (!read_seats (f[4], n, lost))
    return cp_error_bad_position (error, text, _("the lost pieces are not written as the letters of their players"));
  if (!read_seats (f[5], n, out))
    return cp_error_bad_position (error, text, _("the players out of the game are not written as their letters"));

  for (guint i = 0; i < n; i++)
    {
      st->order[i] = (guint8) seat_of_letter (f[2][i], n);
      if (st->order[i] == actor)
        st->turn = (guint8) i;
    }
  for (guint s = 0; s < n; s++)
    {
      if (out[s] > 1)
        return cp_error_bad_position (error, text, _("a player is named twice among the players out of the game"));
      if (out[s])
        st->base.out |= CP_SEAT_BIT (s);
      for (guint i = 0; i < st->n_pieces; i++)
        on_board[s] += st->at[s][i] != CP_NO_CELL;
      if (lost[s] > st->n_pieces)
        return cp_error_bad_position (error, text, _("a player has lost more pieces than they had"));
      if (st->variant == VARIANT_MULTI && lost[s] > 0 && !out[s])
        return cp_error_bad_position (error, text, _("a player who has lost their knight is out of the game"));
      st->lost[s] = (guint8) lost[s];
      if (!out[s] && lost[s] < needed && on_board[s] + lost[s] > st->n_pieces)
        return cp_error_bad_position (error, text, _("a player has lost a piece that is still on the board"));
      if (!out[s] && on_board[s] + lost[s] < st->n_pieces)
        placing = TRUE;
      if (st->variant != VARIANT_MULTI && lost[s] >= needed)
        {
          if (over)
            return cp_error_bad_position (error, text, _("both players have lost"));
          over = TRUE;
          set_won (st, on_board[s] + lost[s] > st->n_pieces ? CP_END_NO_MOVES : CP_END_PIECE_CAPTURED,
                   (CpSeatMask) (everyone (st) & ~CP_SEAT_BIT (s)));
        }
    }
  left = still_playing (st);
  if (left == 0)
    return cp_error_bad_position (error, text, _("every player is out of the game"));

  st->ready = TRUE;
  st->moving = !placing;
  if (placing)
    {
      gboolean before = TRUE;

      if (strcmp (f[3], "-") != 0)
        return cp_error_bad_position (error, text, _("no piece moves while pieces are being placed"));
      for (guint s = 0; s < n; s++)
        if (lost[s] > 0)
          return cp_error_bad_position (error, text, _("no piece is lost while pieces are being placed"));
      if (out[actor])
        return cp_error_bad_position (error, text, _("the player to place a piece is out of the game"));
      /* The players before the one to act have placed every piece, and
       * those after none. */
      for (guint i = 0; i < n; i++)
        {
          guint s = st->order[i];

          if (s == actor)
            before = FALSE;
          else if (!out[s] && on_board[s] != (before ? st->n_pieces : 0))
            return cp_error_bad_position (error, text, _("the pieces are not placed in the order of play"));
          st->placed[s] = (guint8) on_board[s];
        }
      if (st->n_pieces == 2 && st->at[actor][0] == CP_NO_CELL && st->at[actor][1] != CP_NO_CELL)
        return cp_error_bad_position (error, text, _("a player places the knight before the bishop"));
    }
  else
    {
      for (guint s = 0; s < n; s++)
        st->placed[s] = st->n_pieces;
      if (strcmp (f[3], "-") != 0)
        for (const char *p = f[3]; *p != '\0'; p++)
          {
            guint index = *p == 'N' ? 0 : *p == 'B' && st->n_pieces == 2 ? 1 : MAX_PIECES;

            if (index == MAX_PIECES || (st->moved & (1u << index)))
              return cp_error_bad_position (error, text, _("the pieces that have moved this turn are not written as N or B, each once"));
            if (!over && st->at[actor][index] == CP_NO_CELL)
              return cp_error_bad_position (error, text, _("a piece that has moved this turn is not on the board"));
            st->moved |= (guint8) (1u << index);
          }
    }
  return TRUE;
}

static char *
attrition_write_position (const CpState *state)
{
  AttritionState copy;
  const AttritionState *st = settled (state, &copy);
  guint n = state->n_seats;
  GString *out = g_string_new (NULL);
  gsize length;

  for (int y = 7; y >= 0; y--)
    {
      guint run = 0;

      if (y < 7)
        g_string_append_c (out, '/');
      for (int x = 0; x < 8; x++)
        {
          guint cell = cp_board_cell_at (state->board, x, y);
          const CpPiece *piece = &st->base.cells[cell];

          if (CP_PIECE_IS_EMPTY (piece) && st->base.markers[cell] == 0)
            {
              run++;
              continue;
            }
          if (run > 0)
            g_string_append_printf (out, "%u", run);
          run = 0;
          if (CP_PIECE_IS_EMPTY (piece))
            g_string_append_c (out, seat_letters[st->base.markers[cell] - 1]);
          else
            g_string_append_printf (out, "%c%c", seat_letters[piece->seat], cp_piece_kind_letter (piece->kind));
        }
      if (run > 0)
        g_string_append_printf (out, "%u", run);
    }

  g_string_append_printf (out, " %c ", seat_letters[st->order[st->turn]]);
  for (guint i = 0; i < n; i++)
    g_string_append_c (out, seat_letters[st->order[i]]);

  g_string_append_c (out, ' ');
  length = out->len;
  for (guint i = 0; st->moving && i < st->n_pieces; i++)
    if (st->moved & (1u << i))
      g_string_append_c (out, cp_piece_kind_letter (kinds[i]));
  if (out->len == length)
    g_string_append_c (out, '-');

  g_string_append_c (out, ' ');
  length = out->len;
  for (guint s = 0; s < n; s++)
    for (guint i = 0; i < st->lost[s]; i++)
      g_string_append_c (out, seat_letters[s]);
  if (out->len == length)
    g_string_append_c (out, '-');

  g_string_append_c (out, ' ');
  length = out->len;
  for (guint s = 0; s < n; s++)
    if (st->base.out & CP_SEAT_BIT (s))
      g_string_append_c (out, seat_letters[s]);
  if (out->len == length)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

/* The key of the model's default (cp_state_hash() of rules without a hook
 * of their own) over the state as settle() leaves it, where what the
 * position text does not hold is put alike: where a piece that has been
 * lost still stands on the board, and what the seats out of the game
 * placed. */
static guint64
attrition_hash (const CpState *state)
{
  static const CpRules plain = { .id = "attrition", .state_size = sizeof (AttritionState) };
  AttritionState copy;

  settled (state, &copy);
  copy.base.rules = &plain;
  for (guint s = 0; s < state->n_seats; s++)
    {
      if (copy.base.out & CP_SEAT_BIT (s))
        copy.placed[s] = 0;
      for (guint i = 0; i < copy.n_pieces; i++)
        copy.at[s][i] = CP_NO_CELL;
    }
  for (guint cell = 0; cell < cp_board_get_n_cells (state->board); cell++)
    {
      const CpPiece *piece = &copy.base.cells[cell];

      if (!CP_PIECE_IS_EMPTY (piece) && piece->seat < state->n_seats)
        copy.at[piece->seat][piece->kind == CP_PIECE_BISHOP] = (guint8) cell;
    }
  return cp_state_hash (&copy.base);
}

static gboolean
attrition_init (CpState *state, GHashTable *opts, GError **error)
{
  AttritionState *st = STATE (state);
  const char *variant = g_hash_table_lookup (opts, "variant");
  guint first = seat_of_option (g_hash_table_lookup (opts, "starts"));
  const char *position = g_hash_table_lookup (opts, CP_POSITION_OPTION);
  guint n = state->n_seats;

  for (guint i = 0; variant_ids[i] != NULL; i++)
    if (g_strcmp0 (variant_ids[i], variant) == 0)
      st->variant = (guint8) i;
  st->n_pieces = st->variant == VARIANT_TWO_PIECE || st->variant == VARIANT_SUDDEN_DEATH ? 2 : 1;

  if (st->variant != VARIANT_MULTI && n != 2)
    {
      const char *message = st->variant == VARIANT_BASIC ? _("The basic game is for two players")
                            : st->variant == VARIANT_TWO_PIECE ? _("The two-piece game is for two players")
                            : _("The sudden-death game is for two players");

      g_set_error_literal (error, CP_ERROR, CP_ERROR_BAD_OPTION, message);
      return FALSE;
    }
  if (st->variant == VARIANT_MULTI && n < 3)
    {
      g_set_error_literal (error, CP_ERROR, CP_ERROR_BAD_OPTION,
                           _("Three or four players are needed to play with one knight each; "
                             "two players play the basic game"));
      return FALSE;
    }
  if (first != STARTS_RANDOM && first >= n)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION,
                   g_dngettext (GETTEXT_PACKAGE,
                                "Only %u player takes part, so %s cannot play first",
                                "Only %u players take part, so %s cannot play first", n),
                   n, cp_colour_name (colours[first]));
      return FALSE;
    }

  state->board = cp_chess_standard_board ();
  memset (st->at, CP_NO_CELL, sizeof st->at);
  st->result = (CpOutcome) { CP_STATUS_PLAYING, CP_END_NONE, 0 };
  if (position != NULL && position[0] != '\0')
    {
      if (!read_position (st, position, error))
        return FALSE;
    }
  else if (first != STARTS_RANDOM)
    {
      for (guint i = 0; i < n; i++)
        st->order[i] = (guint8) ((first + i) % n);
      st->ready = TRUE;
    }
  settle (st);
  return TRUE;
}

static CpSeatMask
attrition_pending (const CpState *state)
{
  AttritionState copy;
  const AttritionState *st;

  if (!STATE (state)->ready)
    return CP_SEAT_BIT (CP_SEAT_CHANCE);
  st = settled (state, &copy);
  return is_over (st) ? 0 : CP_SEAT_BIT (st->order[st->turn]);
}

static void
attrition_chance (const CpState *state, CpChance *request)
{
  if (state->n_seats == 2)
    *request = (CpChance) { CP_ACTION_ROLL, 2 };
  else
    *request = (CpChance) { CP_ACTION_SHUFFLE, 0 };
}

static void
add_place (CpActionList *out, guint seat, guint cell, CpPieceKind kind)
{
  CpAction *action = cp_action_list_add (out);

  cp_action_init (action, CP_ACTION_PLACE, seat);
  action->n_cells = 1;
  action->cells[0] = (guint8) cell;
  action->piece = (guint8) kind;
}

static void
legal_moves (const AttritionState *st, guint seat, CpActionList *out)
{
  for (guint i = 0; i < st->n_pieces; i++)
    {
      guint from = st->at[seat][i], n;
      const guint8 *targets;

      if (from == CP_NO_CELL || (st->moved & (1u << i)))
        continue;
      targets = cp_board_knight_targets (st->base.board, from, &n);
      for (guint t = 0; t < n; t++)
        if (may_land (st, targets[t]))
          {
            CpAction *action = cp_action_list_add (out);

            cp_action_init_move (action, seat, from, targets[t]);
            if (!CP_PIECE_IS_EMPTY (&st->base.cells[targets[t]]))
              action->flags |= CP_ACTION_FLAG_CAPTURE;
          }
    }
}

static void
attrition_legal (const CpState *state, guint seat, CpActionList *out)
{
  AttritionState copy;
  const AttritionState *st = settled (state, &copy);

  if (!st->ready || is_over (st) || st->order[st->turn] != seat)
    return;
  if (st->moving)
    {
      legal_moves (st, seat, out);
      return;
    }
  for (guint cell = 0; cell < cp_board_get_n_cells (st->base.board); cell++)
    if (cp_board_has_cell (st->base.board, cell) && CP_PIECE_IS_EMPTY (&st->base.cells[cell])
        && !mirrors_another (st, seat, cell))
      add_place (out, seat, cell, kinds[st->placed[seat]]);
}

static guint
piece_index (const AttritionState *st, guint seat, guint cell)
{
  for (guint i = 0; i < st->n_pieces; i++)
    if (st->at[seat][i] == cell)
      return i;
  g_return_val_if_reached (0);
}

static void
attrition_make (CpState *state, const CpAction *action, CpUndo *undo G_GNUC_UNUSED)
{
  AttritionState *st = STATE (state);
  guint seat = action->seat;

  /* A resignation may have left the state behind the game. */
  settle (st);
  switch (action->type)
    {
    case CP_ACTION_ROLL:
      st->order[0] = (guint8) action->value;
      st->order[1] = (guint8) (1 - action->value);
      st->ready = TRUE;
      break;
    case CP_ACTION_SHUFFLE:
      cp_random_permute (action->value, state->n_seats, st->order);
      st->ready = TRUE;
      break;
    case CP_ACTION_PLACE:
      {
        guint cell = action->cells[0];

        state->cells[cell] = (CpPiece) { .kind = action->piece, .seat = (guint8) seat };
        state->markers[cell] = (guint8) (1 + seat);
        st->at[seat][st->placed[seat]++] = (guint8) cell;
        state->ply++;
      }
      break;
    case CP_ACTION_MOVE:
      {
        guint from = action->cells[0], to = action->cells[1];
        guint index = piece_index (st, seat, from);
        CpPiece target = state->cells[to];

        if (!CP_PIECE_IS_EMPTY (&target))
          lose_piece (st, target.seat, piece_index (st, target.seat, to), CP_END_PIECE_CAPTURED);
        state->cells[to] = state->cells[from];
        state->cells[from] = (CpPiece) { 0 };
        state->markers[to] = (guint8) (1 + seat);
        st->at[seat][index] = (guint8) to;
        st->moved |= (guint8) (1u << index);
        state->ply++;
      }
      break;
    default:
      g_return_if_reached ();
    }
  settle (st);
}

static void
attrition_outcome (const CpState *state, CpOutcome *outcome)
{
  AttritionState copy;

  *outcome = settled (state, &copy)->result;
}

/* Evaluation for computer players: the cells each piece can still land
 * on, and those it could reach from there, which the markers close one
 * by one; a piece with nowhere to go is as good as lost, and so is one
 * that another piece can take first. */

/* A piece on the board, before its freedom is counted. */
#define PIECE_WORTH 200
/* The figures above made larger, to the scale of the search's hundredths
 * of a pawn: here a lost piece is the game lost, and a move more or less
 * to go to may decide it. */
#define EVAL_GAIN 4

static int
piece_freedom (const AttritionState *st, guint from)
{
  CpBoard *board = st->base.board;
  guint n, m;
  const guint8 *targets = cp_board_knight_targets (board, from, &n);
  int moves = 0, onward = 0;

  for (guint i = 0; i < n; i++)
    {
      const guint8 *further;

      if (!may_land (st, targets[i]))
        continue;
      moves++;
      further = cp_board_knight_targets (board, targets[i], &m);
      for (guint j = 0; j < m; j++)
        onward += further[j] != from && st->base.markers[further[j]] == 0;
    }
  return moves == 0 ? -300 : 12 * moves + 2 * onward;
}

/* How many turns from now @seat first moves @piece: 0 when it is the one
 * to move now, a whole round when it has moved this turn. */
static guint
turns_until (const AttritionState *st, guint seat, guint piece)
{
  guint n = st->base.n_seats;

  for (guint i = 0; i < n; i++)
    if (st->order[(st->turn + i) % n] == seat)
      return i == 0 && (st->moved & (1u << piece)) ? n : i;
  return n;
}

/* The worth of each piece, lowered for a piece that another can take
 * before it moves away: a knight's move apart, the one that moves first
 * takes the other, surely when it is to move now. */
static void
piece_worths (const AttritionState *st, int worth[CP_MAX_SEATS][MAX_PIECES])
{
  CpBoard *board = st->base.board;

  for (guint s = 0; s < st->base.n_seats; s++)
    for (guint i = 0; i < st->n_pieces; i++)
      worth[s][i] = st->at[s][i] == CP_NO_CELL ? 0 : PIECE_WORTH + piece_freedom (st, st->at[s][i]);
  if (!st->ready || !st->moving)
    return;
  for (guint s = 0; s < st->base.n_seats; s++)
    for (guint i = 0; i < st->n_pieces; i++)
      {
        guint n, mine;
        const guint8 *targets;

        if (st->at[s][i] == CP_NO_CELL)
          continue;
        mine = turns_until (st, s, i);
        targets = cp_board_knight_targets (board, st->at[s][i], &n);
        for (guint t = 0; t < n; t++)
          {
            const CpPiece *p = &st->base.cells[targets[t]];
            guint o = p->seat;

            if (CP_PIECE_IS_EMPTY (p) || o == s || o >= st->base.n_seats)
              continue;
            for (guint j = 0; j < st->n_pieces; j++)
              if (st->at[o][j] == targets[t] && turns_until (st, o, j) > mine)
                worth[o][j] = MIN (worth[o][j], mine == 0 ? 0 : worth[o][j] / 4);
          }
      }
}

static int
attrition_evaluate (const CpState *state, guint seat)
{
  AttritionState copy;
  const AttritionState *st = settled (state, &copy);
  int worth[CP_MAX_SEATS][MAX_PIECES], score[CP_MAX_SEATS] = { 0 }, others = 0;

  piece_worths (st, worth);
  for (guint s = 0; s < state->n_seats; s++)
    for (guint i = 0; i < st->n_pieces; i++)
      score[s] += worth[s][i];
  /* What any other player loses counts, shared among them: in a game of
   * three or four, taking anyone's knight helps. */
  for (guint s = 0; s < state->n_seats; s++)
    if (s != seat && !(st->base.out & CP_SEAT_BIT (s)))
      others += score[s];
  return (score[seat] - others / MAX ((int) state->n_seats - 1, 1)) * EVAL_GAIN;
}

/* Appends the letter of @kind in the user's language: the pieces are
 * written as the bishop and the knight of chess. */
static void
append_local_letter (GString *out, CpPieceKind kind)
{
  cp_chess_append_local_letter (out, kind == CP_PIECE_BISHOP ? CP_PIECE_BISHOP : CP_PIECE_KNIGHT);
}

static void
append_piece (GString *out, CpPieceKind kind, guint seat, CpNotation notation)
{
  switch (notation)
    {
    case CP_NOTATION_FIGURINE:
      /* Outlined for White, solid for the other colours. */
      g_string_append (out, figurines[seat != 0][kind == CP_PIECE_BISHOP]);
      break;
    case CP_NOTATION_SAN_LOCAL:
    case CP_NOTATION_LAN_LOCAL:
      append_local_letter (out, kind);
      break;
    case CP_NOTATION_SAN:
    case CP_NOTATION_LAN:
    case CP_NOTATION_COMPUTER:
    default:
      g_string_append_c (out, cp_piece_kind_letter (kind));
      break;
    }
}

static void
append_cell (GString *out, CpBoard *board, guint cell)
{
  g_autofree char *name = cp_board_cell_name (board, cell);

  g_string_append (out, name);
}

static char *
attrition_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  GString *out = g_string_new (NULL);
  gboolean lan = notation == CP_NOTATION_LAN || notation == CP_NOTATION_LAN_LOCAL;

  switch (action->type)
    {
    case CP_ACTION_ROLL:
      g_string_printf (out, _("%s plays first"), cp_colour_name (colours[action->value % 2]));
      break;
    case CP_ACTION_SHUFFLE:
      {
        guint8 order[CP_MAX_SEATS];

        cp_random_permute (action->value, state->n_seats, order);
        /* Translators: followed by the colours of the players, such as "Red, White, Black" */
        g_string_append (out, _("Order of play:"));
        for (guint i = 0; i < state->n_seats; i++)
          g_string_append_printf (out, i == 0 ? " %s" : ", %s", cp_colour_name (colours[order[i]]));
      }
      break;
    case CP_ACTION_PLACE:
      append_piece (out, action->piece, action->seat, notation);
      if (notation == CP_NOTATION_COMPUTER)
        g_string_append_c (out, '@');
      append_cell (out, state->board, action->cells[0]);
      break;
    case CP_ACTION_MOVE:
      {
        const CpPiece *piece = &state->cells[action->cells[0]];

        if (lan && !CP_PIECE_IS_EMPTY (piece))
          append_piece (out, piece->kind, piece->seat, notation);
        append_cell (out, state->board, action->cells[0]);
        if (notation != CP_NOTATION_COMPUTER)
          g_string_append_c (out, (action->flags & CP_ACTION_FLAG_CAPTURE) ? 'x' : '-');
        append_cell (out, state->board, action->cells[1]);
      }
      break;
    default:
      g_string_append (out, cp_action_type_to_id (action->type));
      break;
    }
  return g_string_free (out, FALSE);
}

/* Reads a piece's letter or symbol at the start of @text: the English
 * letters, the user's language's, or the chess symbols. */
static guint
parse_piece (const char *text, CpPieceKind *kind)
{
  static const struct {
    const char *symbol;
    CpPieceKind kind;
  } symbols[] = {
    { "N", CP_PIECE_KNIGHT }, { "B", CP_PIECE_BISHOP },
    { "♘", CP_PIECE_KNIGHT }, { "♞", CP_PIECE_KNIGHT },
    { "♗", CP_PIECE_BISHOP }, { "♝", CP_PIECE_BISHOP },
  };
  g_autoptr (GString) local = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (g_str_has_prefix (text, symbols[i].symbol))
      {
        *kind = symbols[i].kind;
        return (guint) strlen (symbols[i].symbol);
      }
  for (guint i = 0; i < MAX_PIECES; i++)
    {
      g_string_truncate (local, 0);
      append_local_letter (local, kinds[i]);
      /* A lower-case letter would be read as a file. */
      if (!g_unichar_islower (g_utf8_get_char (local->str)) && g_str_has_prefix (text, local->str))
        {
          *kind = kinds[i];
          return (guint) local->len;
        }
    }
  return 0;
}

static gboolean
cannot_play (GError **error, const char *text, const char *reason)
{
  g_set_error (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION, _("“%s” cannot be played: %s"), text, reason);
  return FALSE;
}

/* Why @action, which no legal action matches, cannot be played. */
static const char *
why_not (const AttritionState *st, const CpAction *action)
{
  CpBoard *board = st->base.board;

  if (action->type == CP_ACTION_PLACE)
    {
      guint cell = action->cells[0];

      if (st->moving)
        return _("all pieces have been placed; now they move");
      if (!CP_PIECE_IS_EMPTY (&st->base.cells[cell]))
        return _("a piece already stands there");
      if (mirrors_another (st, action->seat, cell))
        return _("that cell mirrors a cell where another player’s piece stands");
      return _("that piece is not the one to place now");
    }
  if (!st->moving)
    return _("the pieces are still being placed");
  for (guint i = 0; i < st->n_pieces; i++)
    if (st->at[action->seat][i] == action->cells[0])
      {
        guint n;
        const guint8 *targets = cp_board_knight_targets (board, action->cells[0], &n);

        if (st->moved & (1u << i))
          return _("that piece has already moved this turn");
        if (memchr (targets, action->cells[1], n) == NULL)
          return _("every piece moves as a knight does");
        return _("a marker lies on that cell and no piece stands there to take");
      }
  return _("no piece of the player to move stands there");
}

static gboolean
attrition_parse (const CpState *state, const char *text, CpAction *action, GError **error)
{
  AttritionState copy;
  const AttritionState *st = settled (state, &copy);
  g_autofree char *body = g_strstrip (g_strdup (text));
  g_auto (CpActionList) legal = { 0 };
  CpPieceKind kind = CP_PIECE_NONE;
  const char *p = body;
  guint seat, from, to = CP_NO_CELL, n;

  if (!st->ready || is_over (st))
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, _("No player is to move now"));
      return FALSE;
    }
  seat = st->order[st->turn];

  p += parse_piece (p, &kind);
  if (*p == '@')
    p++;
  if ((n = cp_board_parse_cell_prefix (state->board, p, &from)) == 0)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, _("“%s” is not a move"), text);
      return FALSE;
    }
  p += n;
  if (*p != '\0')
    {
      if (*p == '-' || *p == 'x' || *p == ':')
        p++;
      if ((n = cp_board_parse_cell_prefix (state->board, p, &to)) == 0 || p[n] != '\0')
        {
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, _("“%s” is not a move"), text);
          return FALSE;
        }
    }

  if (to == CP_NO_CELL)
    {
      cp_action_init (action, CP_ACTION_PLACE, seat);
      action->n_cells = 1;
      action->cells[0] = (guint8) from;
      action->piece = (guint8) (kind != CP_PIECE_NONE || st->moving
                                ? kind : kinds[MIN (st->placed[seat], MAX_PIECES - 1)]);
    }
  else
    {
      if (kind != CP_PIECE_NONE && st->base.cells[from].kind != kind)
        return cannot_play (error, text, _("that piece does not stand there"));
      cp_action_init_move (action, seat, from, to);
    }

  attrition_legal (&st->base, seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      CpAction plain = legal.items[i];

      plain.flags = action->flags;
      if (cp_action_same (&plain, action))
        {
          *action = legal.items[i];
          return TRUE;
        }
    }
  return cannot_play (error, text, why_not (st, action));
}

/* What the seat to act does now. */
static char *
attrition_prompt (const AttritionState *st, guint seat)
{
  if (!st->moving)
    return g_strdup (kinds[st->placed[seat]] == CP_PIECE_KNIGHT
                     ? _("Place your knight on a free cell; every cell a piece lands on keeps a marker")
                     : _("Place your bishop on a free cell; it moves like a knight"));
  if (st->n_pieces == 1)
    return g_strdup (_("Move your knight to a cell without a marker, or take a piece"));
  return g_strdup (_("Move each of your pieces once, as knights, to a cell without a marker or onto a piece"));
}

static void
attrition_present (const CpState *state, const CpState *start G_GNUC_UNUSED, guint viewer,
                   CpPresentation *out)
{
  AttritionState copy;
  const AttritionState *st = settled (state, &copy);
  guint actor;

  cp_presentation_add_legend (out, CP_MARK_MARKER,
                              _("A marker closes its cell: a piece may land there only to take the piece "
                                "standing on it."))->piece.kind = CP_PIECE_NONE;
  for (guint cell = 0; cell < cp_board_get_n_cells (state->board); cell++)
    if (state->markers[cell] != 0)
      {
        g_autofree char *colour = g_utf8_strdown (cp_colour_name (colours[state->markers[cell] - 1]), -1);
        /* Translators: a cell's description; %s is a colour such as "white" */
        g_autofree char *words = g_strdup_printf (_("closed by a %s marker"), colour);

        cp_presentation_add_overlay (out, CP_OVERLAY_NOTE, cell, words);
      }
  /* The seat to act, or with everything shown, whoever acts. */
  actor = st->ready && !is_over (st) ? st->order[st->turn] : CP_NO_SEAT;
  if (actor != CP_NO_SEAT && (viewer == actor || viewer == CP_VIEW_ALL))
    cp_presentation_set_prompt (out, attrition_prompt (st, actor));
}

const CpRules cp_attrition_rules = {
  .id = "attrition",
  .name = N_("Chivalrous Attrition"),
  .summary = N_("Knights close every cell they land on: trap or take the others"),
  .min_seats = 2,
  .max_seats = 4,
  .flags = CP_RULES_CHANCE,
  .options = options,
  .n_options = G_N_ELEMENTS (options),
  .colours = colours,
  .state_size = sizeof (AttritionState),
  .init = attrition_init,
  .pending = attrition_pending,
  .chance = attrition_chance,
  .legal = attrition_legal,
  .make = attrition_make,
  .outcome = attrition_outcome,
  .format = attrition_format,
  .parse = attrition_parse,
  .evaluate = attrition_evaluate,
  .present = attrition_present,
  .hash = attrition_hash,
  .write_position = attrition_write_position,
};
