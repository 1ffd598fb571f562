/* test-zombie.c: Zombie Chess
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-engine.h"
#include "cp-test-util.h"
#include "cp-record.h"

enum { WHITE, BLACK };

static guint
cell (const char *name)
{
  return (guint) (name[1] - '1') * 8 + (guint) (name[0] - 'a');
}

/* The text of the action @back from the end of the log, as @seat reads it. */
static char *
text_for (CpGame *game, guint back, guint seat)
{
  return cp_game_format_action_for (game, cp_game_get_n_actions (game) - back, CP_NOTATION_SAN, seat);
}

static gboolean
can_bury (CpGame *game, guint seat, const char *at)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (cp_game_get_state (game), seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_BURY && legal.items[i].cells[0] == cell (at))
      return TRUE;
  return FALSE;
}

static void
bury (CpGame *game, guint seat, const char *at)
{
  g_auto (CpActionList) legal = { 0 };
  g_autoptr (GError) error = NULL;
  CpAction action;

  /* The piece buried is the one taken: the rules say which. */
  cp_state_legal (cp_game_get_state (game), seat, &legal);
  g_assert_cmpuint (legal.len, >, 0);
  g_assert_cmpint (legal.items[0].type, ==, CP_ACTION_BURY);
  cp_action_init (&action, CP_ACTION_BURY, seat);
  action.cells[0] = (guint8) cell (at);
  action.n_cells = 1;
  action.piece = legal.items[0].piece;
  cp_game_play (game, &action, &error);
  g_assert_no_error (error);
}

static const CpPiece *
at (CpGame *game, const char *name)
{
  return &cp_game_get_state (game)->cells[cell (name)];
}

/* The piece @seat buried under @name, as @state shows it to everyone who
 * may see it: what its presentation draws there. */
static CpPieceKind
buried (const CpState *state, guint seat, const char *name)
{
  g_autoptr (CpPresentation) presentation = cp_presentation_new ();

  state->rules->present (state, state, CP_VIEW_ALL, presentation);
  for (guint i = 0; i < presentation->overlays->len; i++)
    {
      const CpOverlay *overlay = &g_array_index (presentation->overlays, CpOverlay, i);

      /* A seat buries the other seat's pieces. */
      if (overlay->kind == CP_OVERLAY_PIECE && overlay->cell == cell (name) && overlay->seat == 1 - seat)
        return overlay->piece;
    }
  return CP_PIECE_NONE;
}

static gboolean
can_move (CpGame *game, const char *from, const char *to)
{
  const CpState *state = cp_game_get_state (game);
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (state, state->to_move, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_MOVE && legal.items[i].cells[0] == cell (from)
        && legal.items[i].cells[1] == cell (to))
      return TRUE;
  return FALSE;
}

/* How many of @seat's pieces of @kind lie in the graveyard, as the view
 * of @viewer has it: the graveyard is public. */
static guint
in_graveyard (CpGame *game, guint viewer, guint seat, CpPieceKind kind)
{
  g_autoptr (CpView) view = cp_game_view (game, viewer);
  g_autoptr (CpPresentation) presentation = cp_game_present (game, view);
  guint n = 0;

  for (guint i = 0; i < presentation->side->len; i++)
    {
      const CpSideItem *item = &g_array_index (presentation->side, CpSideItem, i);

      if (item->kind == CP_SIDE_PIECES && item->seat == seat && item->piece == kind && !item->faded)
        n += item->count;
    }
  return n;
}

static void
assert_text (CpGame *game, guint back, guint seat, const char *expected)
{
  g_autofree char *text = text_for (game, back, seat);

  g_assert_cmpstr (text, ==, expected);
}

/* The example of the rules: Black takes on d4 and buries the pawn under
 * the knight on c6; White takes back and buries under b2; the knight
 * leaves c6 and the white pawn rises there. */
static void
test_example (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 7, NULL);

  cp_test_play (game, "e4 e5 Nf3 Nc6 d4 exd4");
  assert_text (game, 1, WHITE, "");
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
  g_assert_true (can_bury (game, BLACK, "c6"));
  g_assert_true (can_bury (game, BLACK, "d4"));
  g_assert_false (can_bury (game, BLACK, "e5"));
  g_assert_false (can_bury (game, BLACK, "e4"));
  bury (game, BLACK, "c6");
  assert_text (game, 1, BLACK, "buries the pawn under c6");
  assert_text (game, 1, WHITE, "buries a captured piece");
  g_assert_cmpint (buried (cp_game_get_state (game), BLACK, "c6"), ==, CP_PIECE_PAWN);

  cp_test_play (game, "Nxd4");
  assert_text (game, 1, BLACK, "");
  /* Taken, not yet buried: in the graveyard already, for both to see. */
  g_assert_cmpuint (in_graveyard (game, BLACK, BLACK, CP_PIECE_PAWN), ==, 1);
  g_assert_cmpuint (in_graveyard (game, BLACK, WHITE, CP_PIECE_PAWN), ==, 1);
  bury (game, WHITE, "b2");
  g_assert_cmpuint (in_graveyard (game, BLACK, BLACK, CP_PIECE_PAWN), ==, 1);
  g_assert_cmpint (buried (cp_game_get_state (game), WHITE, "b2"), ==, CP_PIECE_PAWN);

  cp_test_play (game, "Nxd4");
  assert_text (game, 1, WHITE, "a zombie rises on c6 (pawn)");
  g_assert_cmpint (at (game, "c6")->kind, ==, CP_PIECE_PAWN);
  g_assert_cmpint (at (game, "c6")->seat, ==, WHITE);
  g_assert_true (at (game, "c6")->flags & CP_PIECE_FLAG_ZOMBIE);
  g_assert_cmpint (buried (cp_game_get_state (game), BLACK, "c6"), ==, CP_PIECE_NONE);
  bury (game, BLACK, "g7");
  g_assert_cmpint (buried (cp_game_get_state (game), BLACK, "g7"), ==, CP_PIECE_KNIGHT);
  g_assert_cmpint (at (game, "d4")->kind, ==, CP_PIECE_KNIGHT);
  g_assert_cmpint (at (game, "d4")->seat, ==, BLACK);

  /* White's zombie pawn may take on b7 or d7 (with check), not step to
   * c7; a move of another piece leaves it to be destroyed. */
  g_assert_true (can_move (game, "c6", "b7"));
  g_assert_true (can_move (game, "c6", "d7"));
  g_assert_false (can_move (game, "c6", "c7"));
  cp_test_play (game, "Bc4");
  assert_text (game, 1, BLACK, "the zombie on c6 is destroyed (pawn)");
  g_assert_cmpint (at (game, "c6")->kind, ==, CP_PIECE_NONE);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
}

/* A zombie that moves lives on; a captured zombie is not buried. */
static void
test_zombie_moves (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 7, NULL);

  cp_test_play (game, "e4 e5 Nf3 Nc6 d4 exd4");
  bury (game, BLACK, "c6");
  cp_test_play (game, "Nxd4");
  bury (game, WHITE, "b2");
  cp_test_play (game, "Nxd4");
  bury (game, BLACK, "g7");
  /* The zombie takes on b7: that is White's whole turn. */
  cp_test_play (game, "cxb7");
  assert_text (game, 1, BLACK, "");
  /* b2 covers a burial already; the zombie on b7 does not. */
  g_assert_false (can_bury (game, WHITE, "b2"));
  g_assert_true (can_bury (game, WHITE, "b7"));
  bury (game, WHITE, "b7");
  g_assert_true (at (game, "b7")->flags & CP_PIECE_FLAG_ZOMBIE);
  g_assert_cmpuint (in_graveyard (game, WHITE, BLACK, CP_PIECE_PAWN), ==, 2);
  g_assert_cmpuint (in_graveyard (game, WHITE, BLACK, CP_PIECE_KNIGHT), ==, 0);
  g_assert_cmpuint (in_graveyard (game, WHITE, WHITE, CP_PIECE_KNIGHT), ==, 1);
  /* Black takes the zombie: it goes to the dust bin, nothing is buried. */
  cp_test_play (game, "Bxb7");
  assert_text (game, 1, WHITE, "");
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE));
  g_assert_cmpuint (in_graveyard (game, BLACK, WHITE, CP_PIECE_PAWN), ==, 0);
  g_assert_cmpuint (in_graveyard (game, WHITE, WHITE, CP_PIECE_KNIGHT), ==, 1);
}

/* Castling completes before the cells are checked; the horde moves each
 * zombie once, and the zombie left still is destroyed. */
static void
test_horde (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 7, "fen=4k2r/8/8/3q4/N2N4/8/7P/2K5 b k - 0 1", NULL);
  g_autoptr (GError) error = NULL;
  CpAction pass;

  cp_test_play (game, "Qxd4");
  bury (game, BLACK, "e8");
  cp_test_play (game, "h3 Qxa4");
  bury (game, BLACK, "h8");
  cp_test_play (game, "h4 O-O");
  assert_text (game, 1, WHITE, "a zombie rises on e8 (knight), a zombie rises on h8 (knight)");
  g_assert_cmpint (at (game, "g8")->kind, ==, CP_PIECE_KING);
  g_assert_cmpint (at (game, "f8")->kind, ==, CP_PIECE_ROOK);
  for (guint i = 0; i < 2; i++)
    {
      const CpPiece *zombie = at (game, i == 0 ? "e8" : "h8");

      g_assert_cmpint (zombie->kind, ==, CP_PIECE_KNIGHT);
      g_assert_cmpint (zombie->seat, ==, WHITE);
      g_assert_true (zombie->flags & CP_PIECE_FLAG_ZOMBIE);
      g_assert_true (zombie->flags & CP_PIECE_FLAG_MOVED);
    }

  /* White's turn: one ordinary move, or the horde. */
  g_assert_true (can_move (game, "h4", "h5"));
  cp_test_play (game, "Nf6+");
  /* The check is marked once the turn is over, on its last move. */
  assert_text (game, 1, WHITE, "Nf6");
  /* The horde goes on: only the other zombie may move, or the turn ends. */
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE));
  g_assert_false (can_move (game, "h4", "h5"));
  g_assert_false (can_move (game, "f6", "e4"));
  g_assert_true (can_move (game, "h8", "g6"));
  cp_action_init (&pass, CP_ACTION_PASS, WHITE);
  cp_game_play (game, &pass, &error);
  g_assert_no_error (error);
  assert_text (game, 2, BLACK, "ends the zombies’ turn");
  assert_text (game, 3, BLACK, "Nf6+");
  assert_text (game, 1, BLACK, "the zombie on h8 is destroyed (knight), check");
  g_assert_cmpint (at (game, "h8")->kind, ==, CP_PIECE_NONE);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
}

/* No pass before a zombie has moved. */
static void
test_no_early_pass (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 7, "fen=4k2r/8/8/3q4/N2N4/8/7P/2K5 b k - 0 1", NULL);
  g_auto (CpActionList) legal = { 0 };

  cp_test_play (game, "Qxd4");
  bury (game, BLACK, "e8");
  cp_test_play (game, "h3 Qxa4");
  bury (game, BLACK, "h8");
  cp_test_play (game, "h4 O-O");
  cp_state_legal (cp_game_get_state (game), WHITE, &legal);
  g_assert_cmpuint (legal.len, >, 0);
  for (guint i = 0; i < legal.len; i++)
    g_assert_cmpint (legal.items[i].type, !=, CP_ACTION_PASS);
}

/* A move that lets one of the mover's burials rise and give check to
 * their own king is not allowed. */
static void
test_zombie_check (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 7, "fen=4k3/8/8/8/8/1n3N2/P7/4K3 w - - 0 1", NULL);

  cp_test_play (game, "axb3");
  g_assert_true (can_bury (game, WHITE, "f3"));
  g_assert_true (can_bury (game, WHITE, "e1"));
  bury (game, WHITE, "f3");
  cp_test_play (game, "Kd7");
  /* A black knight would rise on f3 and attack e1. */
  g_assert_false (can_move (game, "f3", "g5"));
  g_assert_false (can_move (game, "f3", "d4"));
  g_assert_true (can_move (game, "e1", "d2"));
  g_assert_true (can_move (game, "b3", "b4"));
  /* d2 is attacked from f3 too; c2 is not. */
  cp_test_play (game, "Kd2 Ke7");
  g_assert_false (can_move (game, "f3", "d4"));
  cp_test_play (game, "Kc2 Ke6");
  g_assert_true (can_move (game, "f3", "d4"));
  cp_test_play (game, "Nd4+");
  assert_text (game, 1, BLACK, "a zombie rises on f3 (knight), check");
  /* Black's new zombie may answer the check by taking the knight. */
  g_assert_true (can_move (game, "f3", "d4"));
  cp_test_play (game, "Nxd4+");
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
  bury (game, BLACK, "e6");
}

/* When a piece leaves a cell, the mover's own burial there rises first;
 * the other player's only when the mover had none. */
static void
test_both_burials (void)
{
  for (guint own = 0; own < 2; own++)
    {
      g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 7, "fen=4k3/8/5b2/8/8/1nN5/P7/4K3 w - - 0 1", NULL);

      cp_test_play (game, "axb3");
      bury (game, WHITE, "c3");
      cp_test_play (game, "Bxc3+");
      assert_text (game, 1, WHITE, "");
      bury (game, BLACK, own ? "c3" : "e8");
      cp_test_play (game, "Ke2 Bb4");
      g_assert_cmpint (at (game, "c3")->kind, ==, CP_PIECE_KNIGHT);
      if (own)
        {
          /* Black's burial: White's knight; White's stays under it. */
          assert_text (game, 1, WHITE, "a zombie rises on c3 (knight)");
          g_assert_cmpint (at (game, "c3")->seat, ==, WHITE);
          g_assert_cmpint (buried (cp_game_get_state (game), WHITE, "c3"), ==, CP_PIECE_KNIGHT);
        }
      else
        {
          /* White's burial: Black's knight rises for Black, and
           * attacks the king on e2. */
          assert_text (game, 1, WHITE, "a zombie rises on c3 (knight), check");
          g_assert_cmpint (at (game, "c3")->seat, ==, BLACK);
          g_assert_cmpint (buried (cp_game_get_state (game), WHITE, "c3"), ==, CP_PIECE_NONE);
        }
    }
}

/* A pawn that rises on its far rank is a queen at once. */
static void
test_pawn_rises_on_last_rank (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 7, "fen=4k3/8/8/8/8/8/p3K3/RN6 w - - 0 1", NULL);

  cp_test_play (game, "Rxa2");
  bury (game, WHITE, "b1");
  cp_test_play (game, "Kd7 Nc3");
  assert_text (game, 1, BLACK, "a zombie rises on b1 (queen)");
  g_assert_cmpint (at (game, "b1")->kind, ==, CP_PIECE_QUEEN);
  g_assert_cmpint (at (game, "b1")->seat, ==, BLACK);
}

/* A check that leaves no way out is announced as checkmate; the game
 * ends once the captured pawn is buried. */
static void
test_checkmate (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 7, NULL);

  cp_test_play (game, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7");
  assert_text (game, 1, BLACK, "");
  g_assert_cmpint (cp_game_get_outcome (game)->status, ==, CP_STATUS_PLAYING);
  bury (game, WHITE, "e1");
  g_assert_cmpint (cp_game_get_outcome (game)->status, ==, CP_STATUS_WON);
  g_assert_cmpint (cp_game_get_outcome (game)->reason, ==, CP_END_CHECKMATE);
  g_assert_cmpuint (cp_game_get_outcome (game)->winners, ==, CP_SEAT_BIT (WHITE));
}

/* The view of one seat never holds the other's burials, neither in the
 * state nor in the log; records keep them, marked secret. */
static void
test_secrets (void)
{
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 7, NULL);
  g_autoptr (CpGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = NULL;
  gsize length;

  cp_test_play (game, "e4 e5 Nf3 Nc6 d4 exd4");
  bury (game, BLACK, "c6");
  cp_test_play (game, "Nxd4");
  bury (game, WHITE, "b2");

  for (guint seat = 0; seat < 2; seat++)
    {
      g_autoptr (CpView) view = cp_game_view (game, seat);
      const CpState *state = cp_view_get_state (view);

      g_assert_cmpint (buried (state, seat, seat == WHITE ? "b2" : "c6"), ==, CP_PIECE_PAWN);
      for (guint c = 0; c < 64; c++)
        {
          g_autofree char *name = cp_board_cell_name (state->board, c);

          g_assert_cmpint (buried (state, 1 - seat, name), ==, CP_PIECE_NONE);
        }
      for (guint i = 0; i < cp_view_get_n_actions (view); i++)
        {
          const CpAction *action = cp_view_get_action (view, i);

          if (action->type == CP_ACTION_BURY && action->seat != seat)
            {
              g_assert_true (action->flags & CP_ACTION_FLAG_REDACTED);
              g_assert_cmpuint (action->n_cells, ==, 0);
            }
          else if (action->type == CP_ACTION_BURY)
            g_assert_cmpuint (action->n_cells, ==, 1);
        }
    }

  xml = cp_record_to_string (game, &length);
  g_assert_nonnull (strstr (xml, "visible-to=\"1\""));
  g_assert_nonnull (strstr (xml, "visible-to=\"0\""));
  loaded = cp_record_load_data (xml, length, &error);
  g_assert_no_error (error);
  g_assert_cmpint (buried (cp_game_get_state (loaded), BLACK, "c6"), ==, CP_PIECE_PAWN);
  g_assert_cmpint (buried (cp_game_get_state (loaded), WHITE, "b2"), ==, CP_PIECE_PAWN);
  {
    g_autoptr (CpView) view = cp_game_view (loaded, WHITE);

    g_assert_cmpint (buried (cp_view_get_state (view), BLACK, "c6"), ==, CP_PIECE_NONE);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zombie/example", test_example);
  g_test_add_func ("/zombie/zombie-moves", test_zombie_moves);
  g_test_add_func ("/zombie/horde", test_horde);
  g_test_add_func ("/zombie/no-early-pass", test_no_early_pass);
  g_test_add_func ("/zombie/pawn-rises-on-last-rank", test_pawn_rises_on_last_rank);
  g_test_add_func ("/zombie/zombie-check", test_zombie_check);
  g_test_add_func ("/zombie/both-burials", test_both_burials);
  g_test_add_func ("/zombie/checkmate", test_checkmate);
  g_test_add_func ("/zombie/secrets", test_secrets);
  return g_test_run ();
}
