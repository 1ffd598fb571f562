/* cp-chess-seats.c: turns and seats beyond two players taking turns:
 * turns that hold several moves (CP_CHESS_HELD_TURN) and seats put out of
 * the game (CP_CHESS_ELIMINATION)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-chess-private.h"

/**
 * cp_chess_pass_turn:
 *
 * Gives the turn to the next seat, for games with CP_CHESS_HELD_TURN
 * whose turns hold several moves.
 */
void
cp_chess_pass_turn (CpChessState *st)
{
  cp_chess_next_turn (st);
  st->history[st->base.ply % CP_CHESS_HISTORY] = st->hash;
}

/**
 * cp_chess_live_teams:
 * @survivors: (out) (optional): the seats of the teams still in play
 *
 * How many teams still have a seat in play.
 */
guint
cp_chess_live_teams (const CpChessState *st, CpSeatMask *survivors)
{
  guint teams = 0, n = 0;
  CpSeatMask seats = 0;

  for (guint s = 0; s < st->base.n_seats; s++)
    if (!(st->base.out & BIT (s)) && !(teams & BIT (st->team[s])))
      {
        teams |= BIT (st->team[s]);
        n++;
      }
  for (guint s = 0; s < st->base.n_seats; s++)
    if (teams & BIT (st->team[s]))
      seats |= BIT (s);
  if (survivors != NULL)
    *survivors = seats;
  return n;
}

/* With CP_CHESS_ELIMINATION: brings the turn to a seat that is in play
 * and can move, putting out of the game each seat whose turn comes while
 * it has no legal move (checkmated or stalemated).  Their pieces stay on
 * the board, inert.  Stops when one team is left. */
void
cp_chess_settle (CpChessState *st)
{
  while (cp_chess_live_teams (st, NULL) > 1)
    {
      guint seat = st->base.to_move;

      if (!(st->base.out & BIT (seat)))
        {
          if (cp_chess_has_legal (st, seat))
            return;
          st->base.out |= BIT (seat);
          st->halfmove = 0;
        }
      cp_chess_next_turn (st);
    }
}

/**
 * cp_chess_settled:
 * @copy: space for a copy
 *
 * @st itself when the seat to move is in play, else @copy holding @st
 * with the turn passed on as cp_chess_make() passes it (after a player
 * resigned on their turn).
 */
const CpChessState *
cp_chess_settled (const CpChessState *st, CpChessState *copy)
{
  if (!(st->features & CP_CHESS_ELIMINATION) || !(st->base.out & BIT (st->base.to_move)))
    return st;
  memcpy (copy, st, st->base.rules->state_size);
  cp_chess_settle (copy);
  return copy;
}

/* Whether the players still in the game have nothing but their kings. */
static gboolean
only_kings_in_play (const CpChessState *st)
{
  guint n_cells = cp_board_get_width (st->base.board) * cp_board_get_height (st->base.board);

  for (guint c = 0; c < n_cells; c++)
    {
      const CpPiece *p = &st->base.cells[c];

      if (p->kind != CP_PIECE_NONE && p->kind != CP_PIECE_KING && !(st->base.out & BIT (p->seat)))
        return FALSE;
    }
  return TRUE;
}

/* cp_chess_outcome() with CP_CHESS_ELIMINATION, for a game in play: the
 * last team in play wins, and only kings left in play draw. */
void
cp_chess_elimination_outcome (const CpChessState *state, CpOutcome *outcome)
{
  g_autofree CpChessState *copy = NULL;
  const CpChessState *st = state;
  CpSeatMask survivors;

  if (st->base.out & BIT (st->base.to_move))
    st = cp_chess_settled (state, copy = g_malloc (state->base.rules->state_size));
  if (cp_chess_live_teams (st, &survivors) <= 1)
    *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_ELIMINATION, survivors };
  else if (only_kings_in_play (st))
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_INSUFFICIENT_MATERIAL, 0 };
  else
    cp_chess_draw_by_counting (st, outcome);
}
