/* cp-stack-game.c: a small game for the tests, outside the collection
 *
 * Stacks: each player has four pieces on a board of four by four.  On a
 * turn a player puts a checker under one of their own pieces, or passes
 * when they have put as many as the other player.  The first to stack
 * three checkers under one piece wins.  The game exists to show that a
 * game describes its screen by itself: checkers stacked under pieces, a
 * badge on the tallest stack, each player's count beside their name, a
 * die, a prompt and a Pass button, all through CpRules.present, with no
 * other file knowing the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-stack-game.h"

#define SIDE 4
#define TO_WIN 3

/* The checkers are the game's own: only its presentation shows them. */
typedef struct {
  CpState base;
  guint8 stacks[SIDE * SIDE];
} StackState;

#define STACK_STATE(s) ((StackState *) (s))

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

static gboolean
stack_init (CpState *state, GHashTable *options, GError **error)
{
  state->board = cp_board_new (SIDE, SIDE);
  for (guint x = 0; x < SIDE; x++)
    {
      state->cells[x] = (CpPiece) { .kind = CP_PIECE_ROOK, .seat = 0 };
      state->cells[(SIDE - 1) * SIDE + x] = (CpPiece) { .kind = CP_PIECE_ROOK, .seat = 1 };
    }
  return TRUE;
}

static guint
checkers_of (const CpState *state, guint seat)
{
  guint n = 0;

  for (guint c = 0; c < SIDE * SIDE; c++)
    if (state->cells[c].kind != CP_PIECE_NONE && state->cells[c].seat == seat)
      n += STACK_STATE (state)->stacks[c];
  return n;
}

static CpSeatMask
stack_pending (const CpState *state)
{
  return state->outcome.status == CP_STATUS_PLAYING ? CP_SEAT_BIT (state->to_move) : 0;
}

static void
stack_legal (const CpState *state, guint seat, CpActionList *out)
{
  for (guint c = 0; c < SIDE * SIDE; c++)
    if (state->cells[c].kind != CP_PIECE_NONE && state->cells[c].seat == seat)
      {
        CpAction *action = cp_action_list_add (out);

        cp_action_init (action, CP_ACTION_ADD_CHECKER, seat);
        action->n_cells = 1;
        action->cells[0] = (guint8) c;
      }
  if (checkers_of (state, seat) >= checkers_of (state, 1 - seat))
    cp_action_init (cp_action_list_add (out), CP_ACTION_PASS, seat);
}

static void
stack_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  if (action->type == CP_ACTION_ADD_CHECKER)
    {
      guint8 *stack = &STACK_STATE (state)->stacks[action->cells[0]];

      if (++*stack >= TO_WIN)
        state->outcome = (CpOutcome) { CP_STATUS_WON, CP_END_SCORE, CP_SEAT_BIT (action->seat) };
    }
  state->to_move = (guint8) (1 - state->to_move);
  state->ply++;
}

static void
stack_outcome (const CpState *state, CpOutcome *outcome)
{
  *outcome = state->outcome;
}

static char *
stack_format (const CpState *before, const CpAction *action, CpNotation notation)
{
  g_autofree char *cell = NULL;

  if (action->type == CP_ACTION_PASS)
    return g_strdup ("pass");
  cell = cp_board_cell_name (before->board, action->cells[0]);
  return g_strdup_printf ("+%s", cell);
}

static void
stack_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  guint tallest = CP_NO_CELL, actor = cp_state_first_pending (state);
  g_auto (CpActionList) legal = { 0 };

  const guint8 *stacks = STACK_STATE (state)->stacks;

  for (guint c = 0; c < SIDE * SIDE; c++)
    {
      g_autofree char *words = NULL;
      CpOverlay *stack;

      if (stacks[c] == 0)
        continue;
      words = g_strdup_printf ("%u checkers", stacks[c]);
      stack = cp_presentation_add_overlay (out, CP_OVERLAY_STACK, c, words);
      stack->count = stacks[c];
      stack->colour = CP_COLOUR_RED;
      if (tallest == CP_NO_CELL || stacks[c] > stacks[tallest])
        tallest = c;
    }
  if (tallest != CP_NO_CELL)
    cp_presentation_add_overlay (out, CP_OVERLAY_BADGE, tallest, "tallest")->text = g_strdup ("★");
  for (guint seat = 0; seat < 2; seat++)
    {
      cp_presentation_add_side (out, CP_SIDE_TEXT, seat)->text = g_strdup_printf ("%u", checkers_of (state, seat));
      cp_presentation_add_side (out, CP_SIDE_DIE, seat)->count = (guint8) (1 + state->ply % 6);
      out->side_description[seat] = g_strdup_printf ("%u checkers stacked", checkers_of (state, seat));
    }
  if (actor == CP_NO_SEAT)
    return;
  cp_presentation_set_prompt (out, g_strdup ("Put a checker under one of your pieces"));
  cp_state_legal (state, actor, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_PASS)
      cp_presentation_add_button (out, &legal.items[i], "pass", "_Pass");
}

const CpRules cp_stack_game_rules = {
  .id = "test-stacks",
  .name = "Stacks",
  .summary = "Stack three checkers under one of your pieces",
  .min_seats = 2,
  .max_seats = 2,
  .colours = colours,
  .state_size = sizeof (StackState),
  .init = stack_init,
  .pending = stack_pending,
  .legal = stack_legal,
  .make = stack_make,
  .outcome = stack_outcome,
  .format = stack_format,
  .present = stack_present,
};
