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

/* Position texts. */

static CpGame *
game_from (const char *text)
{
  g_autofree char *option = g_strconcat ("fen=", text, NULL);

  return cp_test_new_game ("zombie", 2, 7, option, NULL);
}

static guint
n_legal (CpGame *game, guint seat)
{
  g_auto (CpActionList) legal = { 0 };

  cp_state_legal (cp_game_get_state (game), seat, &legal);
  return legal.len;
}

/* The example of the rules, written as a position and read back: the
 * zombie, both burials and where each side may have buried. */
static void
test_position_example (void)
{
  static const char expected[] = "r1bqkbnr/pppp1ppp/2P5/8/3nP3/8/PPP2PPP/RNBQKB1R w KQkq - 0 5 c6 pb2,Ng7 "
                                 "a1,b1,c1,d1,e1,f1,h1,a2,b2,c2,f2,g2,h2,d4,e4/"
                                 "d4,a7,b7,c7,d7,f7,g7,h7,a8,c8,d8,e8,f8,g8,h8 - - -";
  g_autoptr (CpGame) game = cp_test_new_game ("zombie", 2, 7, NULL);
  g_autoptr (CpGame) again = NULL;
  g_autofree char *text = NULL, *text_again = NULL;

  cp_test_play (game, "e4 e5 Nf3 Nc6 d4 exd4");
  bury (game, BLACK, "c6");
  cp_test_play (game, "Nxd4");
  bury (game, WHITE, "b2");
  cp_test_play (game, "Nxd4");
  bury (game, BLACK, "g7");
  text = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (text, ==, expected);

  again = game_from (expected);
  text_again = cp_test_position (cp_game_get_state (again));
  g_assert_cmpstr (text_again, ==, expected);
  g_assert_true (at (again, "c6")->flags & CP_PIECE_FLAG_ZOMBIE);
  g_assert_cmpint (buried (cp_game_get_state (again), WHITE, "b2"), ==, CP_PIECE_PAWN);
  g_assert_cmpint (buried (cp_game_get_state (again), BLACK, "g7"), ==, CP_PIECE_KNIGHT);
  g_assert_cmpuint (in_graveyard (again, WHITE, WHITE, CP_PIECE_KNIGHT), ==, 1);
  g_assert_cmpuint (in_graveyard (again, WHITE, BLACK, CP_PIECE_PAWN), ==, 1);
  g_assert_cmpuint (n_legal (again, WHITE), ==, n_legal (game, WHITE));
  /* The pawn on b2 moves off White's burial: the black pawn rises. */
  cp_test_play (again, "b3");
  g_assert_cmpint (at (again, "b2")->kind, ==, CP_PIECE_PAWN);
  g_assert_cmpint (at (again, "b2")->seat, ==, BLACK);
  g_assert_true (at (again, "b2")->flags & CP_PIECE_FLAG_ZOMBIE);
  /* The pawn on g7 may not move off Black's burial: the white knight
   * that would rise there would give check. */
  g_assert_false (can_move (again, "g7", "g6"));
  g_assert_true (can_move (again, "h7", "h6"));
}

/* A horde half moved: the knight has gone from b1 to c3, the rook on a1
 * may still move, or the turn end; the rook left still is destroyed. */
static void
test_position_horde (void)
{
  static const char text[] = "4k3/7p/8/8/8/2N5/8/R3K3 w - - 0 30 a1,c3 - -/- c3 b1 -";
  g_autoptr (CpGame) game = game_from (text);
  g_autofree char *written = cp_test_position (cp_game_get_state (game));
  CpAction pass;

  g_assert_cmpstr (written, ==, text);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (WHITE));
  /* a2–a8, b1–d1, and the end of the turn; the knight has had its move. */
  g_assert_cmpuint (n_legal (game, WHITE), ==, 11);
  g_assert_false (can_move (game, "c3", "d5"));
  cp_action_init (&pass, CP_ACTION_PASS, WHITE);
  cp_test_play_action (game, pass);
  g_assert_cmpint (at (game, "a1")->kind, ==, CP_PIECE_NONE);
  g_assert_cmpint (at (game, "c3")->kind, ==, CP_PIECE_KNIGHT);
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
}

/* A capture waiting to be buried: under either of White's pieces. */
static void
test_position_burying (void)
{
  g_autoptr (CpGame) game = game_from ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 - - -/- - - n");
  g_autofree char *after = NULL;

  g_assert_true (can_bury (game, WHITE, "e1"));
  g_assert_true (can_bury (game, WHITE, "e2"));
  g_assert_cmpuint (n_legal (game, WHITE), ==, 2);
  bury (game, WHITE, "e2");
  after = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (after, ==, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1 - ne2 e1,e2/- - - -");
}

/* A zombie pawn on its own first rank, which a plain FEN cannot hold:
 * one step forward, never two. */
static void
test_position_first_rank_pawn (void)
{
  static const char text[] = "4k3/8/8/8/8/8/8/3PK3 w - - 0 1 d1 - -/- - - -";
  g_autoptr (CpGame) game = game_from (text);
  g_autofree char *written = cp_test_position (cp_game_get_state (game));

  g_assert_cmpstr (written, ==, text);
  g_assert_cmpint (at (game, "d1")->kind, ==, CP_PIECE_PAWN);
  g_assert_true (can_move (game, "d1", "d2"));
  g_assert_false (can_move (game, "d1", "d3"));
}

/* A plain FEN sets up as before: no zombies, nothing buried. */
static void
test_position_plain_fen (void)
{
  g_autoptr (CpGame) game = game_from ("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  g_autofree char *written = cp_test_position (cp_game_get_state (game));

  g_assert_cmpstr (written, ==, "4k3/8/8/8/8/8/8/4K2R w K - 0 1 - - -/- - - -");
  g_assert_true (can_move (game, "e1", "h1"));
}

/* A captured zombie goes to the dust bin: nothing is left to bury. */
static void
test_position_zombie_taken (void)
{
  g_autoptr (CpGame) game = game_from ("4k3/7p/8/8/8/8/3p4/4K3 w - - 0 9 d2 - -/- - - -");
  g_autofree char *after = NULL;

  cp_test_play (game, "Kxd2");
  g_assert_cmpuint (cp_game_get_pending (game), ==, CP_SEAT_BIT (BLACK));
  g_assert_cmpuint (in_graveyard (game, WHITE, BLACK, CP_PIECE_PAWN), ==, 0);
  after = cp_test_position (cp_game_get_state (game));
  g_assert_cmpstr (after, ==, "4k3/7p/8/8/8/8/3K4/8 b - - 0 9 - - -/- - - -");
}

static void
test_position_refused (void)
{
  static const char board[] = "4k3/8/8/8/8/2N5/4P3/R3K3 w - - 0 1";
  static const struct {
    const char *fields;
    const char *reason;
  } cases[] = {
    { "d4 - -/- - - -", "a zombie stands on an empty cell" },
    { "e1 - -/- - - -", "a king cannot be a zombie" },
    { "e9 - -/- - - -", "the zombies are not a list of cells" },
    { "- Ke2 -/- - - -", "the burials are not a list of pieces other than kings" },
    { "- pe2,ne2 -/- - - -", "each side at most once under a cell" },
    { "- - e2 - - -", "the cells where burials may lie are not two lists of cells" },
    { "- - -/- - - N", "the pieces taken this turn must be the other side’s" },
    { "c3 - -/- e2 b1 -", "is not one of the side to move’s zombies" },
    { "c3 - -/- c3 - -", "cells are left this turn only by the zombies that have moved" },
    { "- - -/- - - - -", "it has too many fields" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("%s %s", board, cases[i].fields);

      cp_test_assert_position_refused ("zombie", 2, NULL, text, cases[i].reason);
    }
  /* Mid-turn, the mover's king is safe; at the start, the other's. */
  cp_test_assert_position_refused ("zombie", 2, NULL, "4k3/8/8/8/8/2N5/4r3/R3K3 w - - 0 1 c3 - -/- c3 b1 -",
                                   "the king of the side whose turn is under way is attacked");
  cp_test_assert_position_refused ("zombie", 2, NULL, "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1 - - -/- - - -",
                                   "the side that has just moved is in check");
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
  g_test_add_func ("/zombie/position-example", test_position_example);
  g_test_add_func ("/zombie/position-horde", test_position_horde);
  g_test_add_func ("/zombie/position-burying", test_position_burying);
  g_test_add_func ("/zombie/position-first-rank-pawn", test_position_first_rank_pawn);
  g_test_add_func ("/zombie/position-plain-fen", test_position_plain_fen);
  g_test_add_func ("/zombie/position-zombie-taken", test_position_zombie_taken);
  g_test_add_func ("/zombie/position-refused", test_position_refused);
  return g_test_run ();
}
