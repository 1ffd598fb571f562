/* cp-zombie-rules.c: Zombie Chess
 *
 * Chess where a captured piece is secretly buried under a cell of one of
 * the capturer's pieces, and rises as a zombie when a piece moves off
 * that cell.  Zombies must keep moving: those their owner leaves still
 * through a turn are destroyed at its end.
 *
 * A turn goes: one move of an ordinary piece, or moves of zombies (each
 * once, ended by a pass or when none can move); then the rules make the
 * end of the turn public (a REVEAL by chance): unmoved zombies are
 * destroyed and the cells left are checked; then the mover buries what
 * they took, one BURY each, seen by them alone.
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
  STAGE_MOVING,    /* the mover moves a piece or their zombies */
  STAGE_CHECKING,  /* the end of the turn is due */
  STAGE_BURYING,   /* the mover buries what they took */
} Stage;

/* At most the pieces of one side can be taken in one turn. */
#define MAX_GRAVE 16

typedef struct {
  CpChessState chess;
  guint8 stage;
  guint8 n_grave;                /* pieces taken this turn, to be buried */
  guint8 grave[MAX_GRAVE];       /* their kinds, in the order taken */
  guint64 left;                  /* cells the mover's pieces left this turn */
  guint64 zombies_moved;         /* cells of the mover's zombies that moved this turn */
  guint8 buried[2][64];          /* the kind each seat buried under each cell */
  guint8 graves[2][CP_N_PIECE_KINDS]; /* each seat's pieces buried, by kind: public */
  guint64 maybe[2];              /* where each seat may have a burial that has not
                                  * risen, as far as the other can tell: public */
} ZombieState;

#define ZOMBIE_STATE(s) ((ZombieState *) (s))
#define CELL_BIT(cell) (G_GUINT64_CONSTANT (1) << (cell))

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

#define FEATURES (CP_CHESS_ORTHODOX | CP_CHESS_HELD_TURN)

static gboolean
is_zombie (const CpPiece *p)
{
  return p->kind != CP_PIECE_NONE && (p->flags & CP_PIECE_FLAG_ZOMBIE);
}

/* Whether @seat has a piece without a burial of theirs under it. */
static gboolean
can_bury (const ZombieState *st, guint seat)
{
  for (guint cell = 0; cell < 64; cell++)
    if (st->chess.base.cells[cell].kind != CP_PIECE_NONE
        && st->chess.base.cells[cell].seat == seat && st->buried[seat][cell] == 0)
      return TRUE;
  return FALSE;
}

/* The cells of @seat's pieces. */
static guint64
cells_of (const ZombieState *st, guint seat)
{
  guint64 cells = 0;

  for (guint cell = 0; cell < 64; cell++)
    if (st->chess.base.cells[cell].kind != CP_PIECE_NONE && st->chess.base.cells[cell].seat == seat)
      cells |= CELL_BIT (cell);
  return cells;
}

/* Makes @action's move: the chess move, and what the turn remembers of
 * it.  The turn stays with the mover. */
static void
move_piece (ZombieState *st, const CpAction *action)
{
  const CpPiece *cells = st->chess.base.cells;
  guint from = action->cells[0];
  gboolean zombie = is_zombie (&cells[from]);
  guint taken = (action->flags & CP_ACTION_FLAG_EN_PASSANT) ? st->chess.ep_pawn : action->cells[1];
  CpPiece victim = (action->flags & CP_ACTION_FLAG_CASTLE) ? (CpPiece) { 0 } : cells[taken];
  guint landing;

  landing = cp_chess_landing (&st->chess, action);
  if (landing == CP_NO_CELL)
    landing = action->cells[1];
  cp_chess_make (&st->chess, action, NULL);

  st->left |= CELL_BIT (from);
  if (action->flags & CP_ACTION_FLAG_CASTLE)
    st->left |= CELL_BIT (action->cells[1]);
  if (zombie)
    st->zombies_moved = (st->zombies_moved & ~CELL_BIT (from)) | CELL_BIT (landing);
  if (victim.kind != CP_PIECE_NONE && !is_zombie (&victim) && st->n_grave < MAX_GRAVE)
    st->grave[st->n_grave++] = victim.kind;
}

/* The piece that rises from a burial of @kind on @cell for @owner: a
 * zombie that has moved, a queen for a pawn on its far rank. */
static CpPiece
risen (guint kind, guint owner, guint cell)
{
  CpPiece p = { .kind = (guint8) kind, .seat = (guint8) owner,
                .flags = CP_PIECE_FLAG_ZOMBIE | CP_PIECE_FLAG_MOVED };

  if (kind == CP_PIECE_PAWN && cell / 8 == (owner == 0 ? 7u : 0u))
    p.kind = CP_PIECE_QUEEN;
  return p;
}

/* What happened at the end of a turn, for its notation. */
typedef enum {
  EVENT_DESTROYED, /* a zombie left still was destroyed */
  EVENT_NOTHING,   /* nothing was buried under a cell left */
  EVENT_RISEN,     /* a zombie rose */
} EventType;

typedef struct {
  guint8 type;
  guint8 cell;
  guint8 kind;
} Event;

/* The end of the mover's turn: their zombies that did not move are
 * destroyed, then each cell their pieces left and nothing stands on is
 * checked: the mover's burial there rises, or else the other seat's.
 * With @own_only, the other seat's burials are left alone, as the mover
 * cannot know them.  Records what happens in @events if not NULL. */
static guint
end_turn (ZombieState *st, gboolean own_only, Event *events)
{
  CpPiece *cells = st->chess.base.cells;
  guint seat = st->chess.base.to_move, other = 1 - seat, n = 0;
  static const CpPiece empty = { 0 };

  for (guint cell = 0; cell < 64; cell++)
    if (is_zombie (&cells[cell]) && cells[cell].seat == seat && !(st->zombies_moved & CELL_BIT (cell)))
      {
        if (events != NULL)
          events[n++] = (Event) { EVENT_DESTROYED, (guint8) cell, cells[cell].kind };
        cp_chess_put (&st->chess, cell, &empty);
      }
  for (guint cell = 0; cell < 64; cell++)
    {
      CpPiece p;

      if (!(st->left & CELL_BIT (cell)) || cells[cell].kind != CP_PIECE_NONE)
        continue;
      if (st->buried[seat][cell] != 0)
        {
          /* The other seat's burial there, if any, stays hidden. */
          st->maybe[seat] &= ~CELL_BIT (cell);
          p = risen (st->buried[seat][cell], other, cell);
          st->graves[other][st->buried[seat][cell]]--;
          st->buried[seat][cell] = 0;
        }
      else if (!own_only && st->buried[other][cell] != 0)
        {
          st->maybe[0] &= ~CELL_BIT (cell);
          st->maybe[1] &= ~CELL_BIT (cell);
          p = risen (st->buried[other][cell], seat, cell);
          st->graves[seat][st->buried[other][cell]]--;
          st->buried[other][cell] = 0;
        }
      else
        {
          st->maybe[0] &= ~CELL_BIT (cell);
          st->maybe[1] &= ~CELL_BIT (cell);
          if (events != NULL)
            events[n++] = (Event) { EVENT_NOTHING, (guint8) cell, 0 };
          continue;
        }
      if (events != NULL)
        events[n++] = (Event) { EVENT_RISEN, (guint8) cell, p.kind };
      cp_chess_put (&st->chess, cell, &p);
    }
  st->left = 0;
  st->zombies_moved = 0;
  return n;
}

/* Whether the mover's king is safe once @action is made and the turn
 * ends there, as far as the mover can know. */
static gboolean
safe_after (const ZombieState *st, const CpAction *action)
{
  guint seat = st->chess.base.to_move;
  ZombieState copy;
  gboolean has_zombies = FALSE;

  for (guint cell = 0; cell < 64 && !has_zombies; cell++)
    has_zombies = is_zombie (&st->chess.base.cells[cell]) && st->chess.base.cells[cell].seat == seat;
  if (!has_zombies && st->buried[seat][action->cells[0]] == 0
      && !((action->flags & CP_ACTION_FLAG_CASTLE) && st->buried[seat][action->cells[1]] != 0)
      && st->left == 0)
    return TRUE;

  memcpy (&copy, st, sizeof copy);
  move_piece (&copy, action);
  end_turn (&copy, TRUE, NULL);
  return !cp_chess_in_check (&copy.chess, seat);
}

static void
zombie_legal (const CpState *state, guint seat, CpActionList *out)
{
  const ZombieState *st = ZOMBIE_STATE (state);
  g_auto (CpActionList) moves = { 0 };
  gboolean horde = st->zombies_moved != 0;

  if (st->stage == STAGE_BURYING)
    {
      for (guint cell = 0; cell < 64; cell++)
        if (state->cells[cell].kind != CP_PIECE_NONE && state->cells[cell].seat == seat
            && st->buried[seat][cell] == 0)
          {
            CpAction *bury = cp_action_list_add (out);

            cp_action_init (bury, CP_ACTION_BURY, seat);
            bury->cells[0] = (guint8) cell;
            bury->n_cells = 1;
            bury->piece = st->grave[0];
            bury->visible = CP_SEAT_BIT (seat);
          }
      return;
    }

  cp_chess_legal (&st->chess, seat, &moves);
  for (guint i = 0; i < moves.len; i++)
    {
      const CpAction *move = &moves.items[i];
      guint from = move->cells[0];
      gboolean zombie = is_zombie (&state->cells[from]);

      if ((horde && !zombie) || (st->zombies_moved & CELL_BIT (from)))
        continue;
      if (safe_after (st, move))
        cp_action_list_append (out, move);
    }
  if (horde)
    {
      CpAction *pass = cp_action_list_add (out);

      cp_action_init (pass, CP_ACTION_PASS, seat);
    }
}

static CpSeatMask
zombie_pending (const CpState *state)
{
  if (ZOMBIE_STATE (state)->stage == STAGE_CHECKING)
    return CP_SEAT_BIT (CP_SEAT_CHANCE);
  return CP_SEAT_BIT (state->to_move);
}

static void
zombie_chance (const CpState *state, CpChance *request)
{
  request->type = CP_ACTION_REVEAL;
}

/* Whether another zombie of the mover may move this turn. */
static gboolean
horde_goes_on (const ZombieState *st)
{
  g_auto (CpActionList) legal = { 0 };

  zombie_legal (&st->chess.base, st->chess.base.to_move, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_MOVE)
      return TRUE;
  return FALSE;
}

/* Buries what can be buried; what cannot goes to the dust bin.  Passes
 * the turn once nothing is left to bury. */
static void
next_burial (ZombieState *st)
{
  if (st->n_grave > 0 && can_bury (st, st->chess.base.to_move))
    {
      st->stage = STAGE_BURYING;
      return;
    }
  st->n_grave = 0;
  st->stage = STAGE_MOVING;
  cp_chess_pass_turn (&st->chess);
}

static void
zombie_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  ZombieState *st = ZOMBIE_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_MOVE:
      {
        gboolean zombie = is_zombie (&state->cells[action->cells[0]]);

        move_piece (st, action);
        if (!zombie || !horde_goes_on (st))
          st->stage = STAGE_CHECKING;
        break;
      }
    case CP_ACTION_PASS:
      st->stage = STAGE_CHECKING;
      break;
    case CP_ACTION_REVEAL:
      end_turn (st, FALSE, NULL);
      next_burial (st);
      break;
    case CP_ACTION_BURY:
      st->maybe[state->to_move] |= cells_of (st, state->to_move);
      st->buried[state->to_move][action->cells[0]] = action->piece;
      st->graves[1 - state->to_move][action->piece]++;
      memmove (st->grave, st->grave + 1, --st->n_grave);
      next_burial (st);
      break;
    default:
      g_return_if_reached ();
    }
}

static gboolean
any_burial (const ZombieState *st)
{
  for (guint seat = 0; seat < 2; seat++)
    for (guint cell = 0; cell < 64; cell++)
      if (st->buried[seat][cell] != 0)
        return TRUE;
  return FALSE;
}

static gboolean
turn_starts (const ZombieState *st)
{
  return st->stage == STAGE_MOVING && st->zombies_moved == 0;
}

static void
zombie_outcome (const CpState *state, CpOutcome *outcome)
{
  const ZombieState *st = ZOMBIE_STATE (state);
  g_auto (CpActionList) legal = { 0 };
  guint seat = state->to_move;

  *outcome = state->outcome;
  if (outcome->status != CP_STATUS_PLAYING || !turn_starts (st))
    return;
  zombie_legal (state, seat, &legal);
  if (legal.len == 0)
    {
      if (cp_chess_in_check (&st->chess, seat))
        *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_CHECKMATE, CP_SEAT_BIT (1 - seat) };
      else
        *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_STALEMATE, 0 };
    }
  else if (!any_burial (st) && cp_chess_insufficient_material (&st->chess))
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_INSUFFICIENT_MATERIAL, 0 };
  else
    cp_chess_draw_by_counting (&st->chess, outcome);
}

static CpEndReason
zombie_claimable (const CpState *state)
{
  return turn_starts (ZOMBIE_STATE (state)) ? cp_chess_claimable (CP_CHESS_STATE (state)) : CP_END_NONE;
}

static guint
zombie_check_cell (const CpState *state)
{
  return turn_starts (ZOMBIE_STATE (state)) ? cp_chess_rules_check_cell (state) : CP_NO_CELL;
}

/* "+" or "#" once the turn of @seat is over, its zombies seen to and its
 * captures buried, with the other side in check. */
static const char *
zombie_turn_mark (const CpState *state, guint seat)
{
  CpOutcome outcome;

  if (state->to_move == seat || !turn_starts (ZOMBIE_STATE (state)))
    return NULL;
  if (!cp_chess_in_check (CP_CHESS_STATE (state), state->to_move))
    return "";
  zombie_outcome (state, &outcome);
  return outcome.reason == CP_END_CHECKMATE ? "#" : "+";
}

/* Whether the other seat has no move once the turn that ended in @after
 * has passed to it.  Burials still to be made change nothing on the
 * board, so they do not matter. */
static gboolean
mated (const ZombieState *after)
{
  g_auto (CpActionList) legal = { 0 };
  ZombieState next;

  memcpy (&next, after, sizeof next);
  next.n_grave = 0;
  next.stage = STAGE_MOVING;
  cp_chess_pass_turn (&next.chess);
  zombie_legal (&next.chess.base, next.chess.base.to_move, &legal);
  return legal.len == 0;
}

/* What the end of the turn did: the zombies that rose or were destroyed,
 * and then a check the turn gives; "" when it did nothing (a cell left
 * empty raises no zombie, and that is not worth a word). */
static char *
describe_end_of_turn (const ZombieState *before)
{
  ZombieState after;
  Event events[128];
  guint n;
  GString *text = g_string_new (NULL);
  guint other = 1 - before->chess.base.to_move;

  memcpy (&after, before, sizeof after);
  n = end_turn (&after, FALSE, events);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *cell = cp_board_cell_name (before->chess.base.board, events[i].cell);
      const char *kind = cp_piece_kind_name (events[i].kind);

      if (events[i].type == EVENT_NOTHING)
        continue;
      if (text->len > 0)
        /* Translators: between the events at the end of a Zombie Chess turn */
        g_string_append (text, _(", "));
      if (events[i].type == EVENT_DESTROYED)
        /* Translators: %s: a cell; %s: a kind of piece.  A zombie left
         * still is destroyed at the end of its owner's turn. */
        g_string_append_printf (text, _("the zombie on %s is destroyed (%s)"), cell, kind);
      else
        /* Translators: %s: a cell; %s: a kind of piece */
        g_string_append_printf (text, _("a zombie rises on %s (%s)"), cell, kind);
    }
  /* The mark of the turn's last move says check already: it is said
   * again only after a zombie that gave it. */
  if (text->len > 0 && cp_chess_in_check (&after.chess, other))
    {
      g_string_append (text, _(", "));
      if (mated (&after))
        /* Translators: at the end of a Zombie Chess turn */
        g_string_append (text, C_("zombie", "checkmate"));
      else
        /* Translators: at the end of a Zombie Chess turn */
        g_string_append (text, C_("zombie", "check"));
    }
  return g_string_free (text, FALSE);
}

static char *
zombie_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  const ZombieState *st = ZOMBIE_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_MOVE:
      {
        /* The mark of check goes on the turn's last move (zombie_turn_mark). */
        g_autofree char *move = cp_chess_format (&st->chess, action, notation);

        return cp_chess_strip_marks (move);
      }
    case CP_ACTION_PASS:
      return g_strdup (_("ends the zombies’ turn"));
    case CP_ACTION_REVEAL:
      return describe_end_of_turn (st);
    case CP_ACTION_BURY:
      {
        g_autofree char *cell = cp_board_cell_name (state->board, action->cells[0]);

        /* Translators: %s: a kind of piece; %s: a cell */
        return g_strdup_printf (_("buries the %s under %s"), cp_piece_kind_name (action->piece), cell);
      }
    default:
      return g_strdup (cp_action_type_to_id (action->type));
    }
}

static void
zombie_redact (CpState *state, guint seat)
{
  ZombieState *st = ZOMBIE_STATE (state);

  for (guint s = 0; s < 2; s++)
    if (s != seat)
      memset (st->buried[s], 0, sizeof st->buried[s]);
}

/* A world @seat's view allows: the other seat's burials are the pieces
 * of @seat in the graveyard (which kinds is public), each under a
 * different cell where that seat may have one, drawn at random. */
static void
zombie_sample (CpState *state, guint seat, GRand *rand)
{
  ZombieState *st = ZOMBIE_STATE (state);
  guint other = 1 - seat, n = 0, n_kinds = 0;
  guint8 cells[64], kinds[MAX_GRAVE * 2];

  if (seat > 1)
    return;
  for (guint cell = 0; cell < 64; cell++)
    if (st->maybe[other] & CELL_BIT (cell))
      cells[n++] = (guint8) cell;
  for (guint kind = 0; kind < CP_N_PIECE_KINDS; kind++)
    for (guint i = 0; i < st->graves[seat][kind] && n_kinds < G_N_ELEMENTS (kinds); i++)
      kinds[n_kinds++] = (guint8) kind;
  memset (st->buried[other], 0, sizeof st->buried[other]);
  for (guint i = 0; i < n_kinds && n > 0; i++)
    {
      guint pick = (guint) g_rand_int_range (rand, 0, (gint32) n);

      st->buried[other][cells[pick]] = kinds[i];
      cells[pick] = cells[--n];
    }
}

static gboolean
has_zombie (const ZombieState *st, guint seat)
{
  for (guint cell = 0; cell < 64; cell++)
    if (is_zombie (&st->chess.base.cells[cell]) && st->chess.base.cells[cell].seat == seat)
      return TRUE;
  return FALSE;
}

static char *
zombie_prompt (const ZombieState *st, guint seat)
{
  if (seat != st->chess.base.to_move)
    return NULL;
  if (st->stage == STAGE_BURYING)
    /* Translators: %s: a kind of piece */
    return g_strdup_printf (_("Choose one of your pieces to bury the captured %s under"),
                            cp_piece_kind_name (st->grave[0]));
  if (st->stage == STAGE_MOVING && st->zombies_moved != 0)
    return g_strdup (_("Move another zombie, or end the turn"));
  if (st->stage == STAGE_MOVING && has_zombie (st, seat) && !cp_chess_in_check (&st->chess, seat))
    return g_strdup (_("Move one of your pieces, or your zombies one after another"));
  return cp_chess_rules_prompt (&st->chess.base, seat);
}

/* The burials @seat has made, drawn as the other seat's pieces. */
static void
present_burials (const ZombieState *st, guint seat, CpPresentation *out)
{
  for (guint cell = 0; cell < 64; cell++)
    if (st->buried[seat][cell] != 0)
      {
        g_autofree char *colour = g_utf8_strdown (cp_colour_name (colours[1 - seat]), -1);
        /* Translators: a piece buried under a cell in Zombie Chess: colour and kind, such as
         * "black pawn buried here" */
        g_autofree char *words = g_strdup_printf (_("%s %s buried here"), colour,
                                                  cp_piece_kind_name (st->buried[seat][cell]));
        CpOverlay *overlay = cp_presentation_add_overlay (out, CP_OVERLAY_PIECE, cell, words);

        overlay->piece = st->buried[seat][cell];
        overlay->seat = (guint8) (1 - seat);
      }
}

/* Beside each player: the pieces in the graveyard, which may come back,
 * and those destroyed, drawn faintly.  The graveyard holds the pieces
 * buried and those taken this turn that wait to be, in a game set up
 * from a position too; those destroyed are the others lost since the
 * start. */
static void
present_graveyard (const ZombieState *st, const CpState *start, guint seat, CpPresentation *out)
{
  guint8 waiting[CP_N_PIECE_KINDS], had[CP_N_PIECE_KINDS], has[CP_N_PIECE_KINDS];
  g_autofree char *kept = NULL, *gone = NULL;

  memcpy (waiting, st->graves[seat], CP_N_PIECE_KINDS);
  if (seat != st->chess.base.to_move)
    for (guint i = 0; i < st->n_grave; i++)
      waiting[st->grave[i]]++;
  cp_state_count_pieces (start, seat, had);
  cp_state_count_pieces (&st->chess.base, seat, has);
  for (guint kind = CP_PIECE_KING; kind >= CP_PIECE_PAWN; kind--)
    {
      guint lost = had[kind] > has[kind] ? had[kind] - has[kind] : 0;
      CpSideItem *item;

      if (waiting[kind] > 0)
        {
          item = cp_presentation_add_side (out, CP_SIDE_PIECES, seat);
          item->piece = (guint8) kind;
          item->count = waiting[kind];
        }
      if (lost > waiting[kind])
        {
          item = cp_presentation_add_side (out, CP_SIDE_PIECES, seat);
          item->piece = (guint8) kind;
          item->count = (guint8) MIN (lost - waiting[kind], G_MAXUINT8);
          item->faded = TRUE;
        }
    }
  kept = cp_presentation_name_pieces (out, seat, FALSE);
  gone = cp_presentation_name_pieces (out, seat, TRUE);
  if (kept && gone)
    /* Translators: Zombie Chess; %s: pieces that may come back, then pieces lost for good */
    out->side_description[seat] = g_strdup_printf (_("In the graveyard: %s. Destroyed: %s."), kept, gone);
  else if (kept)
    /* Translators: Zombie Chess; %s: pieces that may come back */
    out->side_description[seat] = g_strdup_printf (_("In the graveyard: %s."), kept);
  else if (gone)
    /* Translators: Zombie Chess; %s: pieces lost for good */
    out->side_description[seat] = g_strdup_printf (_("Destroyed: %s."), gone);
}

static void
zombie_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  const ZombieState *st = ZOMBIE_STATE (state);
  guint actor = viewer == CP_VIEW_ALL ? cp_state_first_pending (state) : viewer;
  g_auto (CpActionList) legal = { 0 };
  static const CpPiece zombie = { .kind = CP_PIECE_KNIGHT, .seat = 1, .flags = CP_PIECE_FLAG_ZOMBIE };
  static const CpPiece buried = { .kind = CP_PIECE_PAWN, .seat = 1 };

  cp_presentation_add_legend (out, CP_MARK_ZOMBIE,
                              _("A green piece with a Z is a zombie, risen from a burial. A zombie its owner "
                                "leaves unmoved through a turn is destroyed."))->piece = zombie;
  cp_presentation_add_legend (out, CP_MARK_BURIAL,
                              _("A small pale piece in a corner lies buried there, seen only by the player who "
                                "buried it. It rises as a zombie when the piece on that cell moves off."))->piece
    = buried;
  for (guint seat = 0; seat < 2; seat++)
    {
      if (viewer == CP_VIEW_ALL || viewer == seat)
        present_burials (st, seat, out);
      present_graveyard (st, start, seat, out);
    }
  for (guint cell = 0; cell < 64; cell++)
    if (state->cells[cell].kind != CP_PIECE_NONE && (state->cells[cell].flags & CP_PIECE_FLAG_ZOMBIE))
      /* Translators: said of a piece risen from its grave in Zombie Chess */
      cp_presentation_add_overlay (out, CP_OVERLAY_NOTE, cell, _("zombie"));
  if (actor == CP_NO_SEAT || cp_state_is_over (state))
    return;
  cp_presentation_set_prompt (out, zombie_prompt (st, actor));
  cp_state_legal (state, actor, &legal);
  for (guint i = 0; i < legal.len; i++)
    if (legal.items[i].type == CP_ACTION_PASS)
      cp_presentation_add_button (out, &legal.items[i], "end-turn", _("_End Turn"));
}

/* A zombie must move every turn its side does not move an ordinary
 * piece, or be destroyed: it counts for this share of a piece, in
 * quarters.  A burial rises as the other side's zombie once the piece on
 * it moves off, which the burier puts off as long as it can: it costs
 * the burier this share of the piece, in quarters. */
#define ZOMBIE_QUARTERS 2
#define BURIAL_QUARTERS 1

/* What a side's zombies and burials take off its material, in
 * hundredths of a pawn: the zombies' lesser worth, and what its burials
 * may give the other side (a queen for a pawn buried on that side's far
 * rank); the pieces it has taken this turn will be buried too. */
static int
zombie_debts (const ZombieState *st, guint seat)
{
  int debt = 0;

  for (guint cell = 0; cell < 64; cell++)
    {
      const CpPiece *p = &st->chess.base.cells[cell];

      if (is_zombie (p) && p->seat == seat)
        debt += cp_piece_kind_value (p->kind) * (4 - ZOMBIE_QUARTERS) / 4;
      if (st->buried[seat][cell] != 0)
        debt += cp_piece_kind_value (risen (st->buried[seat][cell], 1 - seat, cell).kind) * BURIAL_QUARTERS / 4;
    }
  if (st->chess.base.to_move == seat)
    for (guint i = 0; i < st->n_grave; i++)
      debt += cp_piece_kind_value (st->grave[i]) * BURIAL_QUARTERS / 4;
  return debt;
}

/* For computer players: chess's evaluation, less what the chess pieces
 * do not show, zombies and burials.  The other side's burials are those
 * of the world the search drew (see zombie_sample). */
static int
zombie_evaluate (const CpState *state, guint seat)
{
  const ZombieState *st = ZOMBIE_STATE (state);

  if (seat > 1)
    return 0;
  return cp_chess_rules_evaluate (state, seat) - zombie_debts (st, seat) + zombie_debts (st, 1 - seat);
}

/* Position text.  FEN, then: the zombies; the burials (the piece, in
 * its side's case, and its cell: "pe4" is a black pawn buried by White);
 * the cells where each side may have a burial as far as the other can
 * tell, White's then Black's, "/" between; then the turn under way: the
 * cells of the zombies that have moved, the cells left, and the pieces
 * taken, to be buried in this order.  "-" stands for none. */

#define N_FIELDS 6

static void
write_cells (GString *out, guint64 cells)
{
  gboolean first = TRUE;

  if (cells == 0)
    g_string_append_c (out, '-');
  for (guint cell = 0; cell < 64; cell++)
    if (cells & CELL_BIT (cell))
      {
        g_autofree char *name = cp_board_cell_name (cp_chess_standard_board (), cell);

        g_string_append_printf (out, "%s%s", first ? "" : ",", name);
        first = FALSE;
      }
}

static char
piece_letter (guint kind, guint seat)
{
  char letter = cp_piece_kind_letter (kind);

  return seat == 0 ? letter : g_ascii_tolower (letter);
}

static char *
zombie_write_position (const CpState *state)
{
  const ZombieState *st = ZOMBIE_STATE (state);
  GString *out = g_string_new (NULL);
  g_autofree char *fen = cp_fen_write (&st->chess, CP_FEN_STANDARD);
  guint64 zombies = 0;
  gboolean first = TRUE;

  g_string_append_printf (out, "%s ", fen);
  for (guint cell = 0; cell < 64; cell++)
    if (is_zombie (&state->cells[cell]))
      zombies |= CELL_BIT (cell);
  write_cells (out, zombies);
  g_string_append_c (out, ' ');
  for (guint cell = 0; cell < 64; cell++)
    for (guint seat = 0; seat < 2; seat++)
      if (st->buried[1 - seat][cell] != 0)
        {
          g_autofree char *name = cp_board_cell_name (state->board, cell);

          g_string_append_printf (out, "%s%c%s", first ? "" : ",",
                                  piece_letter (st->buried[1 - seat][cell], seat), name);
          first = FALSE;
        }
  if (first)
    g_string_append_c (out, '-');
  g_string_append_c (out, ' ');
  write_cells (out, st->maybe[0]);
  g_string_append_c (out, '/');
  write_cells (out, st->maybe[1]);
  g_string_append_c (out, ' ');
  write_cells (out, st->zombies_moved);
  g_string_append_c (out, ' ');
  write_cells (out, st->left);
  g_string_append_c (out, ' ');
  for (guint i = 0; i < st->n_grave; i++)
    g_string_append_c (out, piece_letter (st->grave[i], 1 - state->to_move));
  if (st->n_grave == 0)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

/* Reads "-" or cell names separated by commas, each once. */
static gboolean
read_cells (const char *field, guint64 *cells)
{
  g_auto (GStrv) names = NULL;

  *cells = 0;
  if (g_str_equal (field, "-"))
    return TRUE;
  names = g_strsplit (field, ",", -1);
  for (guint i = 0; names[i]; i++)
    {
      guint cell;

      if (!cp_board_parse_cell (cp_chess_standard_board (), names[i], &cell, NULL) || cell >= 64
          || (*cells & CELL_BIT (cell)))
        return FALSE;
      *cells |= CELL_BIT (cell);
    }
  return TRUE;
}

/* Reads a piece letter other than a king's. */
static gboolean
read_piece (char letter, guint *kind, guint *seat)
{
  CpPieceKind k;

  if (strchr ("QRBNPqrbnp", letter) == NULL || letter == '\0' || !cp_piece_kind_from_letter (letter, &k))
    return FALSE;
  *kind = k;
  *seat = g_ascii_isupper (letter) ? 0 : 1;
  return TRUE;
}

static gboolean
read_burials (ZombieState *st, const char *field)
{
  g_auto (GStrv) entries = NULL;

  if (g_str_equal (field, "-"))
    return TRUE;
  entries = g_strsplit (field, ",", -1);
  for (guint i = 0; entries[i]; i++)
    {
      guint kind, seat, cell;

      if (!read_piece (entries[i][0], &kind, &seat)
          || !cp_board_parse_cell (cp_chess_standard_board (), entries[i] + 1, &cell, NULL) || cell >= 64
          || st->buried[1 - seat][cell] != 0)
        return FALSE;
      st->buried[1 - seat][cell] = (guint8) kind;
      st->graves[seat][kind]++;
    }
  return TRUE;
}

/* The fields after the FEN, read into @st before the pieces are;
 * @taken: the letters of the pieces taken this turn. */
static gboolean
read_fields (ZombieState *st, const char *text, const char *const *fields, guint64 *zombies,
             gboolean *suspected, const char **taken, GError **error)
{
  g_auto (GStrv) lists = NULL;

  if (!read_cells (fields[0], zombies))
    return cp_error_bad_position (error, text, _("the zombies are not a list of cells"));
  if (!read_burials (st, fields[1]))
    return cp_error_bad_position (error, text, _("the burials are not a list of pieces other than kings, each with "
                                          "its cell, each side at most once under a cell"));
  *suspected = fields[2] != NULL;
  if (*suspected)
    {
      lists = g_strsplit (fields[2], "/", -1);
      if (g_strv_length (lists) != 2 || !read_cells (lists[0], &st->maybe[0]) || !read_cells (lists[1], &st->maybe[1]))
        return cp_error_bad_position (error, text, _("the cells where burials may lie are not two lists of cells"));
    }
  if (!read_cells (fields[3], &st->zombies_moved))
    return cp_error_bad_position (error, text, _("the zombies that have moved are not a list of cells"));
  if (!read_cells (fields[4], &st->left))
    return cp_error_bad_position (error, text, _("the cells left this turn are not a list of cells"));
  *taken = g_str_equal (fields[5], "-") ? "" : fields[5];
  if (strlen (*taken) > MAX_GRAVE)
    return cp_error_bad_position (error, text, _("too many pieces are taken this turn"));
  return TRUE;
}

/* What follows from the turn under way, once the pieces are read. */
static gboolean
check_turn (ZombieState *st, const char *text, const char *taken, GError **error)
{
  guint seat = st->chess.base.to_move;
  gboolean under_way = st->zombies_moved != 0 || st->left != 0 || taken[0] != '\0';

  for (guint i = 0; taken[i]; i++)
    {
      guint kind, owner;

      if (!read_piece (taken[i], &kind, &owner) || owner == seat)
        return cp_error_bad_position (error, text, _("the pieces taken this turn must be the other side’s, and not "
                                              "kings"));
      st->grave[st->n_grave++] = (guint8) kind;
    }
  for (guint cell = 0; cell < 64; cell++)
    if ((st->zombies_moved & CELL_BIT (cell))
        && (!is_zombie (&st->chess.base.cells[cell]) || st->chess.base.cells[cell].seat != seat))
      return cp_error_bad_position (error, text, _("a zombie that has moved this turn is not one of the side to "
                                            "move’s zombies"));
  if ((st->zombies_moved != 0) != (st->left != 0))
    return cp_error_bad_position (error, text, _("cells are left this turn only by the zombies that have moved"));
  if (st->zombies_moved == 0 && st->n_grave > 0 && !can_bury (st, seat))
    return cp_error_bad_position (error, text, _("the side to move has no piece to bury what it took under"));
  if (under_way && st->chess.ep_cell != CP_NO_CELL)
    return cp_error_bad_position (error, text, _("no pawn can be taken en passant during a turn under way"));
  if (under_way ? cp_chess_in_check (&st->chess, seat) : cp_chess_in_check (&st->chess, 1 - seat))
    return cp_error_bad_position (error, text, under_way ? _("the king of the side whose turn is under way is attacked")
                                                  : _("the side that has just moved is in check"));
  st->stage = st->zombies_moved == 0 && st->n_grave > 0 ? STAGE_BURYING : STAGE_MOVING;
  return TRUE;
}

/* Sets up a position with the fields of Zombie Chess after its FEN. */
static gboolean
read_position (ZombieState *st, const char *text, const char *fen, const char *const *extra, GError **error)
{
  const char *fields[N_FIELDS] = { "-", "-", NULL, "-", "-", "-" };
  guint n = g_strv_length ((char **) extra);
  guint64 zombies;
  gboolean suspected = FALSE;
  const char *taken = "";

  if (n > N_FIELDS)
    return cp_error_bad_position (error, text, _("it has too many fields"));
  for (guint i = 0; i < n; i++)
    fields[i] = extra[i];
  cp_chess_state_init_standard (&st->chess, cp_chess_standard_board ());
  st->chess.features = FEATURES;
  if (!read_fields (st, text, fields, &zombies, &suspected, &taken, error))
    return FALSE;

  /* Check is looked at once the pieces are all in place, as it depends
   * on the turn; a pawn on its side's first rank must be a zombie. */
  if (!cp_fen_read_with (&st->chess, fen, CP_FEN_READ_ANY_CHECK | CP_FEN_READ_PAWN_HOME, error))
    return FALSE;
  for (guint cell = 0; cell < 64; cell++)
    {
      const CpPiece *p = &st->chess.base.cells[cell];

      if (p->kind == CP_PIECE_PAWN && cp_board_cell_y (st->chess.base.board, cell) == (p->seat == 0 ? 0u : 7u)
          && !(zombies & CELL_BIT (cell)))
        return cp_error_bad_position (error, text, _("a pawn stands on the first or last rank"));
    }
  cp_chess_state_finish_setup (&st->chess);
  for (guint cell = 0; cell < 64; cell++)
    if (zombies & CELL_BIT (cell))
      {
        CpPiece *p = &st->chess.base.cells[cell];

        if (p->kind == CP_PIECE_NONE)
          return cp_error_bad_position (error, text, _("a zombie stands on an empty cell"));
        if (p->kind == CP_PIECE_KING)
          return cp_error_bad_position (error, text, _("a king cannot be a zombie"));
        p->flags |= CP_PIECE_FLAG_ZOMBIE | CP_PIECE_FLAG_MOVED;
      }
  for (guint seat = 0; seat < 2 && !suspected; seat++)
    for (guint cell = 0; cell < 64; cell++)
      if (st->buried[seat][cell] != 0)
        st->maybe[seat] |= CELL_BIT (cell) | cells_of (st, seat);
  return check_turn (st, text, taken, error);
}

static gboolean
zombie_init (CpState *state, GHashTable *opts, GError **error)
{
  const char *text = g_hash_table_lookup (opts, CP_POSITION_OPTION);
  g_auto (GStrv) extra = NULL;
  g_autofree char *fen = NULL;

  if (text != NULL && text[0] != '\0')
    fen = cp_fen_split (text, &extra);
  if (extra == NULL || extra[0] == NULL)
    return cp_chess_rules_setup (state, opts, FEATURES, error);
  return read_position (ZOMBIE_STATE (state), text, fen, (const char *const *) extra, error);
}

/* The key of chess, with what the position text holds beyond FEN. */
static guint64
zombie_hash (const CpState *state)
{
  const ZombieState *st = ZOMBIE_STATE (state);
  guint64 h = cp_chess_rules_hash (state), zombies = 0;

  for (guint cell = 0; cell < 64; cell++)
    {
      if (is_zombie (&state->cells[cell]))
        zombies |= CELL_BIT (cell);
      if (st->buried[0][cell] != 0 || st->buried[1][cell] != 0)
        h = cp_hash_combine (h, ((guint64) cell << 16) | ((guint64) st->buried[0][cell] << 8) | st->buried[1][cell]);
    }
  h = cp_hash_combine (h, zombies);
  h = cp_hash_combine (h, st->maybe[0]);
  h = cp_hash_combine (h, st->maybe[1]);
  h = cp_hash_combine (h, st->zombies_moved);
  h = cp_hash_combine (h, st->left);
  h = cp_hash_combine (h, ((guint64) st->stage << 8) | st->n_grave);
  for (guint i = 0; i < st->n_grave; i++)
    h = cp_hash_combine (h, st->grave[i]);
  return h;
}

const CpRules cp_zombie_rules = {
  .id = "zombie",
  .name = N_("Zombie Chess"),
  .summary = N_("Captured pieces are buried in secret and rise again as zombies"),
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_DRAWS | CP_RULES_SECRETS,
  .options = cp_chess_fen_options,
  .n_options = G_N_ELEMENTS (cp_chess_fen_options),
  .colours = colours,
  .state_size = sizeof (ZombieState),
  .init = zombie_init,
  .pending = zombie_pending,
  .chance = zombie_chance,
  .legal = zombie_legal,
  .make = zombie_make,
  .outcome = zombie_outcome,
  .claimable = zombie_claimable,
  .format = zombie_format,
  .parse = cp_chess_rules_parse,
  .landing = cp_chess_rules_landing,
  .check_cell = zombie_check_cell,
  .turn_mark = zombie_turn_mark,
  .redact = zombie_redact,
  .present = zombie_present,
  .sample = zombie_sample,
  .evaluate = zombie_evaluate,
  .hash = zombie_hash,
  .write_position = zombie_write_position,
};
