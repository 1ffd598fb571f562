/* cp-chess-attack-rules.c: Chess Attack
 *
 * Chess in which a capture is only an attempt: the two pieces fight, each
 * side adding to its piece's Attack or Defense the Support of its other
 * pieces that bear on the square, and a die.  A piece may win, lose, or be
 * wounded; a second wound defeats it.  There is no check and no
 * checkmate: the game is won by taking the king.
 *
 * A fight goes: the capture declared (a MOVE with the capture flag), the
 * attacker's die, the defender's die.  The dice are logged random results
 * (ROLLs of the chance seat), or, with the dice rolled on the table, ROLLs
 * the two players enter in turn; the value of a ROLL is the die less one.
 *
 * "Attacks" and "protects" are the capture moves of the pieces: a pawn
 * bears on the two cells diagonally in front of it, a slider only up to
 * the first piece in its way, a knight and a king on the cells they can
 * reach.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-chess-rules.h"
#include "cp-error.h"
#include "cp-games.h"

/* The columns of the table of values. */
enum {
  ATTACK = CP_ATTRIBUTE_ATTACK,
  DEFENSE = CP_ATTRIBUTE_DEFENSE,
  SUPPORT = CP_ATTRIBUTE_SUPPORT,
  POINTS = CP_ATTRIBUTE_POINTS,
  WOUNDED_ATTACK = CP_ATTRIBUTE_WOUNDED_ATTACK,
  WOUNDED_DEFENSE = CP_ATTRIBUTE_WOUNDED_DEFENSE,
  WOUNDED_SUPPORT = CP_ATTRIBUTE_WOUNDED_SUPPORT,
  N_VALUES = CP_N_ATTRIBUTES
};

/* Points that a piece never adds to a score (the king's). */
#define NO_POINTS 0xff

typedef enum {
  STAGE_MOVING,
  STAGE_ATTACK_DIE,
  STAGE_DEFENSE_DIE,
} Stage;

/* How a fight ended, by the difference of the totals. */
typedef enum {
  RESULT_NONE,
  RESULT_ATTACK_CLEAR,   /* won by more than 2 */
  RESULT_ATTACK_NARROW,  /* won by 1 or 2: the attacker is wounded */
  RESULT_TIE,            /* both wounded */
  RESULT_DEFENSE_NARROW, /* lost by 1 or 2: the defender is wounded */
  RESULT_DEFENSE_CLEAR,  /* lost by more than 2 */
  N_RESULTS
} Result;

typedef enum {
  OPTION_TABLE_DICE    = 1 << 0,
  OPTION_RESCUE        = 1 << 1,
  OPTION_KING_SAFETY   = 1 << 2,
  OPTION_REMOTE_ROYALS = 1 << 3,
} Options;

/* The most pieces that may support a side in a fight: all but the one
 * fighting. */
#define MAX_SUPPORTERS 15

typedef struct {
  CpAction move;          /* the capture declared */
  CpPiece attacker;       /* the pieces as the fight began */
  CpPiece defender;
  guint8 target;          /* the defender's cell */
  guint16 attack;         /* the totals before the dice */
  guint16 defense;
  guint8 value[2];        /* the attacker's Attack and the defender's Defense */
  guint8 n_supporters[2]; /* the pieces that support each side... */
  CpPiece supporters[2][MAX_SUPPORTERS];
  guint8 support[2][MAX_SUPPORTERS]; /* ...and the Support each adds */
  guint8 die[2];          /* the attacker's and the defender's die, 1–6; 0 before */
  guint8 result;          /* Result */
  guint8 attacker_fell;
  guint8 defender_fell;
  guint8 taken;           /* the attacker took the square */
} Fight;

typedef struct {
  CpChessState chess;
  guint8 values[CP_N_PIECE_KINDS][N_VALUES];
  guint8 options;                         /* Options */
  guint8 stage;                           /* Stage */
  Fight fight;                            /* the fight under way, or the last one */
  guint8 lost[2][CP_N_PIECE_KINDS];       /* each seat's pieces taken off the board */
  guint16 results[N_RESULTS];             /* fights so far by result */
  guint16 defeats;                        /* pieces defeated by a second wound */
} AttackState;

#define ATTACK_STATE(s) ((AttackState *) (s))

static const CpColour colours[] = { CP_COLOUR_WHITE, CP_COLOUR_BLACK };

static const char *const dice_ids[] = { "program", "table", NULL };
static const char *const dice_labels[] = {
  N_("Rolled by the program"), N_("Rolled on the table"), NULL
};

#define DEFAULT_VALUES \
  "pawn 2 1 1 1 / 1 0 1; knight 3 2 1 3 / 2 1 1; bishop 3 2 1 3 / 2 1 1; " \
  "rook 3 2 1 5 / 2 1 1; queen 4 4 3 9 / 2 2 3; king 4 5 3 - / 2 3 3"

/* The table of values, a row for each piece from the pawn to the king. */
static const char *const value_rows[] = { "pawn", "knight", "bishop", "rook", "queen", "king", NULL };
static const char *const value_row_labels[] = {
  N_("Pawn"), N_("Knight"), N_("Bishop"), N_("Rook"), N_("Queen"), N_("King"), NULL
};
static const char *const value_columns[] = {
  N_("Attack"), N_("Defense"), N_("Support"), N_("Points"),
  N_("Attack"), N_("Defense"), N_("Support"), NULL
};
static const char *const value_groups[] = { N_("Healthy"), N_("Wounded"), NULL };
static const guint8 value_spans[] = { 4, 3 };

enum { VALUES_OPTION = 4 };

static const CpOptionSpec options[] = {
  { .id = "dice", .label = N_("Dice"), .type = CP_OPTION_CHOICE, .default_value = "program",
    .choices = dice_ids, .choice_labels = dice_labels },
  { .id = "rescue", .label = N_("A pawn on the far rank rescues a captured piece"),
    .type = CP_OPTION_BOOL, .default_value = "false" },
  { .id = "king-safety", .label = N_("The king may not move into check"),
    .type = CP_OPTION_BOOL, .default_value = "false" },
  { .id = "remote-royals", .label = N_("Remote Royals: king and queen do not support each other"),
    .type = CP_OPTION_BOOL, .default_value = "false" },
  [VALUES_OPTION] = { .id = "values", .label = N_("Piece values"), .type = CP_OPTION_TABLE,
    .default_value = DEFAULT_VALUES, .choices = value_rows, .choice_labels = value_row_labels,
    .columns = value_columns, .column_groups = value_groups, .column_group_spans = value_spans,
    .min = 0, .max = 99 },
  { .id = "fen", .label = N_("Start position (FEN)"), .type = CP_OPTION_TEXT, .default_value = "" },
};

/* The table of values. */

static gboolean
read_values (AttackState *st, const char *text, GError **error)
{
  const CpOptionSpec *spec = &options[VALUES_OPTION];
  int cells[G_N_ELEMENTS (value_rows) - 1][N_VALUES];

  if (!cp_option_table_read (spec, text, &cells[0][0], error))
    return FALSE;
  for (guint r = 0; value_rows[r] != NULL; r++)
    {
      CpPieceKind kind = CP_PIECE_PAWN + r;

      for (guint v = 0; v < N_VALUES; v++)
        st->values[kind][v] = cells[r][v] == CP_OPTION_TABLE_BLANK ? NO_POINTS : (guint8) cells[r][v];
    }
  return TRUE;
}

static gboolean
option_on (GHashTable *opts, const char *id)
{
  return g_strcmp0 (g_hash_table_lookup (opts, id), "true") == 0;
}

static gboolean read_board (AttackState *st, const char *text, GStrv *extra, GError **error);
static gboolean read_extra (AttackState *st, const char *text, GStrv extra, GError **error);

#define FEATURES (CP_CHESS_DOUBLE_STEP | CP_CHESS_EN_PASSANT | CP_CHESS_CASTLING)

static gboolean
attack_init (CpState *state, GHashTable *opts, GError **error)
{
  AttackState *st = ATTACK_STATE (state);
  const char *text = g_hash_table_lookup (opts, CP_POSITION_OPTION);
  g_auto (GStrv) extra = NULL;

  if (text == NULL || text[0] == '\0')
    {
      if (!cp_chess_rules_setup (state, opts, FEATURES, error))
        return FALSE;
    }
  else if (!read_board (st, text, &extra, error))
    return FALSE;
  if (!read_values (st, g_hash_table_lookup (opts, "values"), error))
    return FALSE;
  /* Pawns reach the far rank as pawns; a rescue is the game's own. */
  memset (st->chess.promotion_zone, 0, sizeof st->chess.promotion_zone);
  st->options = (guint8) ((g_strcmp0 (g_hash_table_lookup (opts, "dice"), "table") == 0 ? OPTION_TABLE_DICE : 0)
                          | (option_on (opts, "rescue") ? OPTION_RESCUE : 0)
                          | (option_on (opts, "king-safety") ? OPTION_KING_SAFETY : 0)
                          | (option_on (opts, "remote-royals") ? OPTION_REMOTE_ROYALS : 0));
  if (extra != NULL && !read_extra (st, text, extra, error))
    return FALSE;
  for (guint seat = 0; seat < 2; seat++)
    if (st->chess.king[seat] == CP_NO_CELL && st->lost[seat][CP_PIECE_KING] == 0)
      return cp_error_fail (error, CP_ERROR_BAD_OPTION, _("Each side needs a king"));
  return TRUE;
}

/* The fight. */

static guint
value_of (const AttackState *st, const CpPiece *p, guint full)
{
  guint wounded = full == ATTACK ? WOUNDED_ATTACK : full == DEFENSE ? WOUNDED_DEFENSE : WOUNDED_SUPPORT;

  return st->values[p->kind][p->wounds > 0 ? wounded : full];
}

/* Whether the piece on @from bears on @cell by its capture moves. */
static gboolean
bears_on (const AttackState *st, guint from, guint cell)
{
  CpCellSet one = { 0 };
  guint seat = st->chess.base.cells[from].seat;

  cp_cell_set_add (&one, from);
  return cp_chess_attacked_from (&st->chess, cell, 1 - seat, &one);
}

static gboolean
remote (const AttackState *st, guint a, guint b)
{
  return (st->options & OPTION_REMOTE_ROYALS)
         && ((a == CP_PIECE_KING && b == CP_PIECE_QUEEN) || (a == CP_PIECE_QUEEN && b == CP_PIECE_KING));
}

/* The Support of @seat's pieces other than the one on @skip that bear on
 * @cell, for its piece of @kind in the fight: each supporter and what it
 * adds go to side @side of @f. */
static guint
support (const AttackState *st, Fight *f, guint side, guint seat, guint cell, guint skip, guint kind)
{
  const CpPiece *cells = st->chess.base.cells;
  guint sum = 0;

  for (guint c = 0; c < 64; c++)
    if (c != skip && c != cell && cells[c].kind != CP_PIECE_NONE && cells[c].seat == seat
        && !remote (st, kind, cells[c].kind) && bears_on (st, c, cell))
      {
        guint value = value_of (st, &cells[c], SUPPORT);

        if (f->n_supporters[side] < MAX_SUPPORTERS)
          {
            f->supporters[side][f->n_supporters[side]] = cells[c];
            f->support[side][f->n_supporters[side]++] = (guint8) value;
          }
        sum += value;
      }
  return sum;
}

/* Begins the fight that @move declares. */
static void
declare (AttackState *st, const CpAction *move)
{
  const CpPiece *cells = st->chess.base.cells;
  Fight *f = &st->fight;
  guint from = move->cells[0];

  memset (f, 0, sizeof *f);
  f->move = *move;
  f->target = (move->flags & CP_ACTION_FLAG_EN_PASSANT) ? st->chess.ep_pawn : move->cells[1];
  f->attacker = cells[from];
  f->defender = cells[f->target];
  f->value[0] = (guint8) value_of (st, &f->attacker, ATTACK);
  f->value[1] = (guint8) value_of (st, &f->defender, DEFENSE);
  f->attack = (guint16) (f->value[0] + support (st, f, 0, f->attacker.seat, f->target, from, f->attacker.kind));
  f->defense = (guint16) (f->value[1] + support (st, f, 1, f->defender.seat, f->target, from, f->defender.kind));
  st->stage = STAGE_ATTACK_DIE;
}

static Result
result_of (int difference)
{
  if (difference > 2)
    return RESULT_ATTACK_CLEAR;
  if (difference > 0)
    return RESULT_ATTACK_NARROW;
  if (difference == 0)
    return RESULT_TIE;
  if (difference >= -2)
    return RESULT_DEFENSE_NARROW;
  return RESULT_DEFENSE_CLEAR;
}

static void
lose (AttackState *st, const CpPiece *p)
{
  if (st->lost[p->seat][p->kind] < G_MAXUINT8)
    st->lost[p->seat][p->kind]++;
}

/* Makes a move that is not a fight, or the capture the attacker won:
 * a rescue brings a lost piece back, at full health. */
static void
move_piece (AttackState *st, const CpAction *move, guint wounds)
{
  guint seat = st->chess.base.to_move;

  cp_chess_make (&st->chess, move, NULL);
  if (move->piece != CP_PIECE_NONE)
    {
      st->lost[seat][move->piece]--;
      wounds = 0;
    }
  if (!(move->flags & CP_ACTION_FLAG_CASTLE))
    st->chess.base.cells[move->cells[1]].wounds = (guint8) wounds;
}

/* A side whose king has fallen castles no more: the game is over, and
 * its position text names no castling for a king that is not there. */
static void
drop_fallen_kings_rights (AttackState *st)
{
  gboolean dropped = FALSE;

  for (guint seat = 0; seat < 2; seat++)
    for (guint side = 0; side < CP_N_CASTLE_SIDES; side++)
      if (st->chess.king[seat] == CP_NO_CELL && st->chess.castle[seat][side].rook != CP_NO_CELL)
        {
          st->chess.castle[seat][side].rook = CP_NO_CELL;
          dropped = TRUE;
        }
  if (dropped)
    st->chess.hash = cp_chess_compute_hash (&st->chess);
}

/* Ends the fight once both dice are known. */
static void
resolve (AttackState *st)
{
  Fight *f = &st->fight;
  static const CpPiece empty = { 0 };
  Result result = result_of ((f->attack + f->die[0]) - (f->defense + f->die[1]));
  gboolean hurt_attacker = result == RESULT_ATTACK_NARROW || result == RESULT_TIE;
  gboolean hurt_defender = result == RESULT_DEFENSE_NARROW || result == RESULT_TIE;
  guint from = f->move.cells[0];
  CpAction pass;

  f->result = (guint8) result;
  f->defender_fell = result == RESULT_ATTACK_CLEAR || result == RESULT_ATTACK_NARROW
                     || (hurt_defender && f->defender.wounds > 0);
  f->attacker_fell = result == RESULT_DEFENSE_CLEAR || result == RESULT_DEFENSE_NARROW
                     || (hurt_attacker && f->attacker.wounds > 0);
  f->taken = f->defender_fell && !f->attacker_fell;
  st->results[result]++;
  st->defeats += (hurt_attacker && f->attacker_fell) + (hurt_defender && f->defender_fell);
  st->stage = STAGE_MOVING;

  if (f->defender_fell)
    lose (st, &f->defender);
  if (f->attacker_fell)
    lose (st, &f->attacker);
  if (f->taken)
    {
      move_piece (st, &f->move, f->attacker.wounds + hurt_attacker);
      drop_fallen_kings_rights (st);
      return;
    }

  if (f->attacker_fell)
    cp_chess_put (&st->chess, from, &empty);
  else
    st->chess.base.cells[from].wounds += hurt_attacker;
  if (f->defender_fell)
    cp_chess_put (&st->chess, f->target, &empty);
  else
    st->chess.base.cells[f->target].wounds += hurt_defender;
  /* The turn passes; a fight changes the pieces for good, as a capture
   * does. */
  cp_action_init (&pass, CP_ACTION_PASS, f->attacker.seat);
  cp_chess_make (&st->chess, &pass, NULL);
  st->chess.halfmove = 0;
  drop_fallen_kings_rights (st);
}

/* Moves. */

static guint
far_rank (guint seat)
{
  return seat == 0 ? 7 : 0;
}

/* Whether @move takes the king onto a cell an enemy piece bears on. */
static gboolean
into_check (const AttackState *st, const CpAction *move)
{
  const CpChessState *chess = &st->chess;
  guint from = move->cells[0], seat = chess->base.cells[from].seat;

  if (chess->base.cells[from].kind != CP_PIECE_KING)
    return FALSE;
  if (move->flags & CP_ACTION_FLAG_CASTLE)
    return cp_chess_attacked (chess, cp_chess_landing (chess, move), seat, from, move->cells[1]);
  return cp_chess_attacked (chess, move->cells[1], seat, from, CP_NO_CELL);
}

static void
moving_legal (const AttackState *st, guint seat, CpActionList *out)
{
  g_auto (CpActionList) moves = { 0 };

  cp_chess_legal (&st->chess, seat, &moves);
  for (guint i = 0; i < moves.len; i++)
    {
      const CpAction *move = &moves.items[i];
      guint from = move->cells[0], to = move->cells[1];

      if ((st->options & OPTION_KING_SAFETY) && into_check (st, move))
        continue;
      cp_action_list_append (out, move);
      if ((st->options & OPTION_RESCUE) && st->chess.base.cells[from].kind == CP_PIECE_PAWN && to / 8 == far_rank (seat))
        for (guint kind = CP_PIECE_QUEEN; kind > CP_PIECE_PAWN; kind--)
          if (st->lost[seat][kind] > 0)
            {
              CpAction *rescue = cp_action_list_add (out);

              *rescue = *move;
              rescue->piece = (guint8) kind;
            }
    }
}

/* The seat whose die is due. */
static guint
die_seat (const AttackState *st)
{
  return st->stage == STAGE_ATTACK_DIE ? st->fight.attacker.seat : st->fight.defender.seat;
}

static void
attack_legal (const CpState *state, guint seat, CpActionList *out)
{
  const AttackState *st = ATTACK_STATE (state);

  if (st->stage == STAGE_MOVING)
    {
      moving_legal (st, seat, out);
      return;
    }
  for (guint face = 0; face < 6; face++)
    {
      CpAction *roll = cp_action_list_add (out);

      cp_action_init (roll, CP_ACTION_ROLL, seat);
      roll->value = face;
      roll->flags = CP_ACTION_FLAG_ENTERED;
    }
}

static CpSeatMask
attack_pending (const CpState *state)
{
  const AttackState *st = ATTACK_STATE (state);

  if (st->stage == STAGE_MOVING)
    return CP_SEAT_BIT (state->to_move);
  if (st->options & OPTION_TABLE_DICE)
    return CP_SEAT_BIT (die_seat (st));
  return CP_SEAT_BIT (CP_SEAT_CHANCE);
}

static void
attack_chance (const CpState *state, CpChance *request)
{
  *request = (CpChance) { CP_ACTION_ROLL, 6 };
}

static void
attack_make (CpState *state, const CpAction *action, CpUndo *undo)
{
  AttackState *st = ATTACK_STATE (state);

  switch (action->type)
    {
    case CP_ACTION_MOVE:
      if (action->flags & CP_ACTION_FLAG_CAPTURE)
        declare (st, action);
      else
        {
          st->fight.result = RESULT_NONE;
          st->fight.die[0] = 0;
          move_piece (st, action, state->cells[action->cells[0]].wounds);
        }
      break;
    case CP_ACTION_ROLL:
      if (st->stage == STAGE_ATTACK_DIE)
        {
          st->fight.die[0] = (guint8) (action->value % 6 + 1);
          st->stage = STAGE_DEFENSE_DIE;
        }
      else
        {
          st->fight.die[1] = (guint8) (action->value % 6 + 1);
          resolve (st);
        }
      break;
    default:
      g_return_if_reached ();
    }
}

/* The end. */

/* The points @seat has won: those of the other side's pieces taken. */
static guint
points_won (const AttackState *st, guint seat)
{
  guint sum = 0;

  for (guint kind = CP_PIECE_PAWN; kind <= CP_PIECE_KING; kind++)
    if (st->values[kind][POINTS] != NO_POINTS)
      sum += st->lost[1 - seat][kind] * st->values[kind][POINTS];
  return sum;
}

static void
attack_outcome (const CpState *state, CpOutcome *outcome)
{
  const AttackState *st = ATTACK_STATE (state);
  g_auto (CpActionList) legal = { 0 };
  gboolean lost[2];

  *outcome = state->outcome;
  if (outcome->status != CP_STATUS_PLAYING || st->stage != STAGE_MOVING)
    return;
  for (guint seat = 0; seat < 2; seat++)
    lost[seat] = st->chess.king[seat] == CP_NO_CELL;
  if (lost[0] && lost[1])
    *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_KING_CAPTURED, 0 };
  else if (lost[0] || lost[1])
    *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_KING_CAPTURED, CP_SEAT_BIT (lost[0] ? 1 : 0) };
  else
    {
      moving_legal (st, state->to_move, &legal);
      if (legal.len == 0)
        {
          guint a = points_won (st, 0), b = points_won (st, 1);

          if (a == b)
            *outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_STALEMATE, 0 };
          else
            *outcome = (CpOutcome) { CP_STATUS_WON, CP_END_STALEMATE, CP_SEAT_BIT (a > b ? 0 : 1) };
        }
      else
        cp_chess_draw_by_counting (&st->chess, outcome);
    }
}

static CpEndReason
attack_claimable (const CpState *state)
{
  if (ATTACK_STATE (state)->stage != STAGE_MOVING)
    return CP_END_NONE;
  return cp_chess_claimable (CP_CHESS_STATE (state));
}

static guint
attack_check_cell (const CpState *state)
{
  return ATTACK_STATE (state)->stage == STAGE_MOVING ? cp_chess_rules_check_cell (state) : CP_NO_CELL;
}

/* Words. */

static char *
piece_words (const CpPiece *p)
{
  g_autofree char *colour = g_utf8_strdown (cp_colour_name (colours[p->seat]), -1);

  /* Translators: a piece of Chess Attack: its colour and kind, such as "white pawn" */
  return g_strdup_printf (C_("piece", "%s %s"), colour, cp_piece_kind_name (p->kind));
}

/* A piece by its kind, "wounded" where it is: "knight", "wounded rook". */
static char *
kind_words (const CpPiece *p)
{
  if (p->wounds > 0)
    /* Translators: a wounded piece in the sums of a fight of Chess Attack, such as "wounded rook" */
    return g_strdup_printf (_("wounded %s"), cp_piece_kind_name (p->kind));
  return g_strdup (cp_piece_kind_name (p->kind));
}

/**
 * side_sum:
 * @side: 0 for the attacker, 1 for the defender
 *
 * How a side's total of a fight is made, in words: "White attacks: die 3
 * + pawn 2 + supporting knight 1 = 6"; before its die is known, the sum
 * so far and "and a die".
 */
static char *
side_sum (const Fight *f, guint side)
{
  const CpPiece *fighter = side == 0 ? &f->attacker : &f->defender;
  g_autoptr (GString) terms = g_string_new (NULL);
  const char *colour = cp_colour_name (colours[fighter->seat]);
  g_autofree char *kind = kind_words (fighter);
  guint total = (side == 0 ? f->attack : f->defense) + f->die[side];

  if (f->die[side] != 0)
    {
      /* Translators: the die's term in the sum of a fight of Chess Attack */
      g_string_append_printf (terms, _("die %u"), f->die[side]);
      /* Translators: between the terms of a sum */
      g_string_append (terms, _(" + "));
    }
  /* Translators: the fighting piece's term in the sum of a fight of Chess Attack: its kind
   * and its Attack or Defense, such as "queen 4" */
  g_string_append_printf (terms, C_("fight term", "%s %u"), kind, f->value[side]);
  for (guint i = 0; i < f->n_supporters[side]; i++)
    {
      g_autofree char *supporter = kind_words (&f->supporters[side][i]);

      g_string_append (terms, _(" + "));
      /* Translators: a supporting piece's term in the sum of a fight of Chess Attack: its kind
       * and its Support, such as "supporting knight 1" */
      g_string_append_printf (terms, _("supporting %s %u"), supporter, f->support[side][i]);
    }
  if (f->die[side] == 0)
    return side == 0
      /* Translators: Chess Attack, before the attacker's die: %s: a colour, such as "White";
       * %s: the terms; %u: their sum */
      ? g_strdup_printf (_("%s attacks: %s = %u, and a die"), colour, terms->str, total)
      /* Translators: Chess Attack, before the defender's die: %s: a colour, such as "Black";
       * %s: the terms; %u: their sum */
      : g_strdup_printf (_("%s defends: %s = %u, and a die"), colour, terms->str, total);
  return side == 0
    /* Translators: Chess Attack: %s: a colour, such as "White"; %s: the terms of the
     * attacker's total, such as "die 3 + pawn 2 + supporting knight 1"; %u: the total */
    ? g_strdup_printf (_("%s attacks: %s = %u"), colour, terms->str, total)
    /* Translators: Chess Attack: %s: a colour, such as "Black"; %s: the terms of the
     * defender's total; %u: the total */
    : g_strdup_printf (_("%s defends: %s = %u"), colour, terms->str, total);
}

/* @text, taken, with a capital letter first, as a sentence begins. */
static char *
capitalised (char *text)
{
  g_autofree char *taken = text;
  gunichar first = g_utf8_get_char (text);
  char upper[8] = { 0 };

  if (!g_unichar_islower (first))
    return g_steal_pointer (&taken);
  g_unichar_to_utf8 (g_unichar_toupper (first), upper);
  return g_strconcat (upper, g_utf8_next_char (text), NULL);
}

/* What became of a piece that fell or was @hurt in a fight: a piece
 * hurt that falls had a wound already. */
static const char *
harm_words (gboolean fell, gboolean hurt)
{
  if (fell && hurt)
    /* Translators: %s: a piece, such as "black pawn", wounded a second time in a fight */
    return _("the %s falls of a second wound");
  if (fell)
    /* Translators: %s: a piece, such as "black pawn" */
    return _("the %s falls");
  /* Translators: %s: a piece, such as "black pawn" */
  return _("the %s is wounded");
}

/**
 * fight_outcome:
 *
 * The end of a fight whose dice are known, in words: "The white queen
 * wins by 4: the black pawn falls, the white queen takes e5".
 */
static char *
fight_outcome (const AttackState *st, const Fight *f)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *attacker = piece_words (&f->attacker);
  g_autofree char *defender = piece_words (&f->defender);
  int difference = (f->attack + f->die[0]) - (f->defense + f->die[1]);
  gboolean attacker_hurt = f->result == RESULT_ATTACK_NARROW || f->result == RESULT_TIE;
  gboolean defender_hurt = f->result == RESULT_DEFENSE_NARROW || f->result == RESULT_TIE;

  if (difference > 0)
    /* Translators: Chess Attack: %s: the attacking piece, such as "white queen"; %d: points */
    g_string_append_printf (text, _("The %s wins by %d"), attacker, difference);
  else if (difference < 0)
    /* Translators: Chess Attack: %s: the defending piece, such as "black rook"; %d: points */
    g_string_append_printf (text, _("The %s holds by %d"), defender, -difference);
  else
    /* Translators: Chess Attack: a fight whose totals are equal */
    g_string_append (text, _("A tie"));
  g_string_append (text, _(": "));
  if (f->defender_fell || defender_hurt)
    g_string_append_printf (text, harm_words (f->defender_fell, defender_hurt), defender);
  if (f->attacker_fell || attacker_hurt)
    {
      if (f->defender_fell || defender_hurt)
        g_string_append (text, _(", "));
      g_string_append_printf (text, harm_words (f->attacker_fell, attacker_hurt), attacker);
    }
  if (f->taken)
    {
      g_autofree char *cell = cp_board_cell_name (st->chess.base.board, f->move.cells[1]);

      g_string_append (text, _(", "));
      /* Translators: %s: the piece that won a fight; %s: the cell it moves to */
      g_string_append_printf (text, _("the %s takes %s"), attacker, cell);
    }
  return capitalised (g_string_free (g_steal_pointer (&text), FALSE));
}

/* The whole fight, its sums and how it ended, once its dice are known. */
static char *
explain_fight (const AttackState *st, const Fight *f)
{
  g_autofree char *attack = side_sum (f, 0);
  g_autofree char *defense = side_sum (f, 1);
  g_autofree char *outcome = fight_outcome (st, f);

  /* Translators: a fight of Chess Attack: how the attacker's total is made, the defender's,
   * then how the fight ended */
  return g_strdup_printf (_("%s; %s. %s."), attack, defense, outcome);
}

/* The text of a die, @roll, said of the player @seat (a seat reference)
 * where the program rolled it: the move list names the player who
 * entered a die of their own. */
static char *
rolled_by (const CpAction *action, const char *seat, const char *roll)
{
  if (action->seat != CP_SEAT_CHANCE)
    return g_strdup (roll);
  /* Translators: a player and the die the program rolled for them, such as "Black rolls 3
   * to defend the rook. …" */
  return g_strdup_printf (C_("die", "%s %s"), seat, roll);
}

static char *
attack_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  const AttackState *st = ATTACK_STATE (state);

  if (action->type == CP_ACTION_MOVE)
    return cp_chess_format (&st->chess, action, notation);
  if (action->type == CP_ACTION_ROLL && st->stage == STAGE_ATTACK_DIE)
    {
      g_autofree char *seat = cp_seat_reference (st->fight.attacker.seat);
      g_autofree char *roll = NULL;

      /* Translators: the attacker's die in Chess Attack, after the name of the player who
       * entered it: %u: the die; %s: the attacking piece, such as "queen" */
      roll = g_strdup_printf (_("rolls %u to attack with the %s"), action->value % 6 + 1,
                              cp_piece_kind_name (st->fight.attacker.kind));
      return rolled_by (action, seat, roll);
    }
  if (action->type == CP_ACTION_ROLL && st->stage == STAGE_DEFENSE_DIE)
    {
      AttackState after;
      g_autofree char *seat = cp_seat_reference (st->fight.defender.seat);
      g_autofree char *fight = NULL;
      g_autofree char *roll = NULL;

      memcpy (&after, st, sizeof after);
      after.fight.die[1] = (guint8) (action->value % 6 + 1);
      resolve (&after);
      fight = explain_fight (&after, &after.fight);
      /* Translators: the defender's die in Chess Attack, after the name of the player who
       * entered it: %u: the die; %s: the defending piece, such as "rook"; %s: the whole fight,
       * its sums and how it ended */
      roll = g_strdup_printf (_("rolls %u to defend the %s. %s"), action->value % 6 + 1,
                              cp_piece_kind_name (st->fight.defender.kind), fight);
      return rolled_by (action, seat, roll);
    }
  return g_strdup (cp_action_type_to_id (action->type));
}

/**
 * cp_chess_attack_get_fight:
 * @state: a state of Chess Attack
 * @fight: (out): the fight under way, or the last one, term by term
 *
 * Returns: whether there is a fight to show
 */
gboolean
cp_chess_attack_get_fight (const CpState *state, CpChessAttackFight *fight)
{
  const AttackState *st = ATTACK_STATE (state);
  const Fight *f = &st->fight;

  g_return_val_if_fail (state->rules == &cp_chess_attack_rules, FALSE);

  memset (fight, 0, sizeof *fight);
  if (st->stage == STAGE_MOVING && f->result == RESULT_NONE)
    return FALSE;
  fight->fighters[0] = f->attacker;
  fight->fighters[1] = f->defender;
  for (guint side = 0; side < 2; side++)
    {
      guint n = 0;

      fight->dice[side] = f->die[side];
      fight->term_value[side][n++] = f->die[side];
      fight->term_piece[side][n] = fight->fighters[side];
      fight->term_value[side][n++] = f->value[side];
      for (guint i = 0; i < f->n_supporters[side]; i++, n++)
        {
          fight->term_piece[side][n] = f->supporters[side][i];
          fight->term_value[side][n] = f->support[side][i];
        }
      fight->n_terms[side] = n;
      fight->totals[side] = (side == 0 ? f->attack : f->defense) + f->die[side];
    }
  fight->fell[0] = f->attacker_fell;
  fight->fell[1] = f->defender_fell;
  fight->taken = f->taken;
  return TRUE;
}

/**
 * cp_chess_attack_explain:
 *
 * Returns: (nullable): the last fight of @state in words, as the move
 *   list gives it, or NULL before any fight ends
 */
char *
cp_chess_attack_explain (const CpState *state)
{
  const AttackState *st = ATTACK_STATE (state);

  g_return_val_if_fail (state->rules == &cp_chess_attack_rules, NULL);

  if (st->stage != STAGE_MOVING || st->fight.result == RESULT_NONE)
    return NULL;
  return explain_fight (st, &st->fight);
}

/* A die entered by hand: its number, the first figure of the text. */
static gboolean
parse_die (const AttackState *st, const char *text, CpAction *action, GError **error)
{
  const char *digit = strpbrk (text, "123456");

  if (digit == NULL)
    return cp_error_fail (error, CP_ERROR_BAD_NOTATION, _("A die from 1 to 6 is expected here"));
  cp_action_init (action, CP_ACTION_ROLL, die_seat (st));
  action->value = (guint32) (*digit - '1');
  action->flags = CP_ACTION_FLAG_ENTERED;
  return TRUE;
}

/* A rescue, written as a promotion in any notation ("e8=Q", "e7e8q"):
 * found by writing each rescue there is. */
static gboolean
parse_rescue (const AttackState *st, const char *text, const CpActionList *legal, CpAction *action)
{
  static const CpNotation notations[] = {
    CP_NOTATION_SAN, CP_NOTATION_LAN, CP_NOTATION_FIGURINE, CP_NOTATION_COMPUTER,
    CP_NOTATION_SAN_LOCAL, CP_NOTATION_LAN_LOCAL,
  };
  g_autofree char *plain = g_strstrip (g_strdup (text));
  gsize len = strlen (plain);

  while (len > 0 && strchr ("+#!?", plain[len - 1]))
    plain[--len] = '\0';
  for (guint i = 0; i < legal->len; i++)
    for (guint n = 0; n < G_N_ELEMENTS (notations) && legal->items[i].piece != CP_PIECE_NONE; n++)
      {
        g_autofree char *written = cp_chess_format (&st->chess, &legal->items[i], notations[n]);
        gsize wlen = strlen (written);

        while (wlen > 0 && strchr ("+#", written[wlen - 1]))
          written[--wlen] = '\0';
        if (g_str_equal (written, plain))
          {
            *action = legal->items[i];
            return TRUE;
          }
      }
  return FALSE;
}

static gboolean
attack_parse (const CpState *state, const char *text, CpAction *action, GError **error)
{
  const AttackState *st = ATTACK_STATE (state);
  g_auto (CpActionList) legal = { 0 };
  g_autoptr (GError) chess_error = NULL;

  if (st->stage != STAGE_MOVING)
    return parse_die (st, text, action, error);
  moving_legal (st, state->to_move, &legal);
  if (cp_chess_parse (&st->chess, text, action, &chess_error))
    {
      if (cp_action_list_find (&legal, action) >= 0)
        return TRUE;
      return cp_error_fail (error, CP_ERROR_ILLEGAL_ACTION, _("The king may not move into check"));
    }
  if (parse_rescue (st, text, &legal, action))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&chess_error));
  return FALSE;
}

/* What the screen shows. */

/* The fight under way or the last one: each side's die beside its
 * player, with how its total is made, and how it ended. */
static void
present_fight (const AttackState *st, CpPresentation *out)
{
  const Fight *f = &st->fight;
  const CpPiece *sides[2] = { &f->attacker, &f->defender };

  for (guint i = 0; i < 2; i++)
    {
      CpSideItem *die = cp_presentation_add_side (out, CP_SIDE_DIE, sides[i]->seat);

      die->count = f->die[i];
      die->text = side_sum (f, i);
    }
  if (st->stage == STAGE_MOVING)
    out->dice_result = fight_outcome (st, f);
}

/* Beside each player, the pieces it took from the other side, in their
 * colour, and the points they are worth. */
static void
present_taken (const AttackState *st, guint seat, CpPresentation *out)
{
  g_autofree char *names = NULL;
  g_autofree char *points = NULL;

  out->pieces_taken = TRUE;
  for (guint kind = CP_PIECE_KING; kind >= CP_PIECE_PAWN; kind--)
    if (st->lost[1 - seat][kind] > 0)
      {
        CpSideItem *item = cp_presentation_add_side (out, CP_SIDE_PIECES, seat);

        item->piece = (guint8) kind;
        item->owner = (guint8) (1 - seat);
        item->count = st->lost[1 - seat][kind];
      }
  /* Translators: the points of the pieces a player has taken (Chess Attack) */
  points = g_strdup_printf (_("Points: %u"), points_won (st, seat));
  cp_presentation_add_side (out, CP_SIDE_TEXT, seat)->text = g_strdup (points);
  names = cp_presentation_name_pieces (out, seat, FALSE);
  g_free (out->side_description[seat]);
  out->side_description[seat] = names == NULL ? g_steal_pointer (&points)
    /* Translators: Chess Attack: %s: the pieces a player has taken, such as "queen, pawn";
     * %s: their points, such as "Points: 10" */
    : g_strdup_printf (_("Taken: %s. %s"), names, points);
}

static char *
attack_prompt (const AttackState *st, guint actor)
{
  g_autofree char *move = NULL;
  g_autofree char *fight = NULL;

  if (st->stage != STAGE_MOVING)
    {
      g_autofree char *piece = NULL;

      if (actor != die_seat (st))
        return NULL;
      piece = piece_words (st->stage == STAGE_ATTACK_DIE ? &st->fight.attacker : &st->fight.defender);
      return st->stage == STAGE_ATTACK_DIE
        /* Translators: %s: a piece, such as "white pawn" */
        ? g_strdup_printf (_("Roll a die for the attacking %s and enter what it shows"), piece)
        /* Translators: %s: a piece, such as "black pawn" */
        : g_strdup_printf (_("Roll a die for the defending %s and enter what it shows"), piece);
    }
  if (actor == st->chess.base.to_move)
    move = g_strdup (_("Move a piece, or attack an enemy piece by moving onto it"));
  if (st->fight.result != RESULT_NONE)
    fight = fight_outcome (st, &st->fight);
  if (fight != NULL && move != NULL)
    /* Translators: how the last fight of Chess Attack ended, then what to do now */
    return g_strdup_printf (C_("fight", "%s. %s"), fight, move);
  return fight != NULL ? g_strdup_printf ("%s.", fight) : g_steal_pointer (&move);
}

static void
attack_present (const CpState *state, const CpState *start, guint viewer, CpPresentation *out)
{
  const AttackState *st = ATTACK_STATE (state);
  guint actor = viewer == CP_VIEW_ALL ? cp_state_first_pending (state) : viewer;
  static const CpPiece wounded = { .kind = CP_PIECE_ROOK, .seat = 0, .wounds = 2 };

  cp_presentation_add_legend (out, CP_MARK_WOUNDS,
                              _("Red dots beside a piece count the wounds it has taken in fights."))->piece = wounded;
  for (guint cell = 0; cell < 64; cell++)
    if (state->cells[cell].kind != CP_PIECE_NONE && state->cells[cell].wounds > 0)
      /* Translators: said of a piece that has been hurt in a fight (Chess Attack) */
      cp_presentation_add_overlay (out, CP_OVERLAY_NOTE, cell, _("wounded"));
  for (guint seat = 0; seat < 2; seat++)
    present_taken (st, seat, out);
  if (st->stage != STAGE_MOVING || st->fight.result != RESULT_NONE)
    present_fight (st, out);
  if (cp_state_is_over (state))
    return;
  cp_presentation_set_prompt (out, attack_prompt (st, actor));
  if (st->stage != STAGE_MOVING && (st->options & OPTION_TABLE_DICE) && actor == die_seat (st))
    for (guint face = 0; face < 6; face++)
      {
        CpAction roll;
        g_autofree char *id = g_strdup_printf ("die-%u", face + 1);
        g_autofree char *label = g_strdup_printf ("_%u", face + 1);
        /* Translators: what the button of a die thrown on the table
         * enters, such as "The die shows 6" */
        g_autofree char *tooltip = g_strdup_printf (_("The die shows %u"), face + 1);

        cp_action_init (&roll, CP_ACTION_ROLL, actor);
        roll.value = face;
        roll.flags = CP_ACTION_FLAG_ENTERED;
        cp_presentation_add_button_full (out, &roll, id, label, tooltip);
      }
}

/* For computer players. */

static guint64
mix (guint64 x)
{
  x ^= x >> 33;
  x *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  x ^= x >> 33;
  return x;
}

static guint64
attack_hash (const CpState *state)
{
  const AttackState *st = ATTACK_STATE (state);
  guint64 h = st->chess.hash;

  for (guint cell = 0; cell < 64; cell++)
    if (state->cells[cell].kind != CP_PIECE_NONE && state->cells[cell].wounds > 0)
      h ^= mix (0x1000 + cell * 4 + state->cells[cell].wounds);
  if (st->stage != STAGE_MOVING)
    h ^= mix (0x2000 + ((guint64) st->stage << 24 | (guint64) st->fight.move.cells[0] << 16
                        | (guint64) st->fight.move.cells[1] << 8 | st->fight.die[0]));
  return h;
}

/* A wounded piece is worth less: it falls at its next wound. */
static int
wound_value (const CpPiece *p)
{
  return p->kind == CP_PIECE_KING ? 150 : cp_piece_kind_value (p->kind) / 3;
}

#define KING_TAKEN 20000

static int
static_value (const AttackState *st, guint seat)
{
  const CpState *state = &st->chess.base;
  int value;

  if (st->chess.king[seat] == CP_NO_CELL)
    return -KING_TAKEN;
  if (st->chess.king[1 - seat] == CP_NO_CELL)
    return KING_TAKEN;
  value = cp_chess_evaluate (&st->chess, seat);
  for (guint cell = 0; cell < 64; cell++)
    if (state->cells[cell].kind != CP_PIECE_NONE && state->cells[cell].wounds > 0)
      value += (state->cells[cell].seat == seat ? -1 : 1) * wound_value (&state->cells[cell]);
  /* A king within reach may be attacked next. */
  for (guint s = 0; s < 2; s++)
    if (cp_chess_attacked (&st->chess, st->chess.king[s], s, CP_NO_CELL, CP_NO_CELL))
      value += (s == seat ? -1 : 1) * (s == state->to_move ? 60 : 250);
  return value;
}

/* How often each difference of two dice comes up, out of 36. */
static guint
odds (int difference)
{
  return difference < -5 || difference > 5 ? 0 : (guint) (6 - abs (difference));
}

/* The worth for @seat of the fight under way ending with these dice. */
static int
value_with_dice (const AttackState *st, guint seat, guint attack_die, guint defense_die)
{
  AttackState after;

  memcpy (&after, st, sizeof after);
  after.fight.die[0] = (guint8) attack_die;
  after.fight.die[1] = (guint8) defense_die;
  resolve (&after);
  return static_value (&after, seat);
}

/* The worth of a fight whose dice are not both known: the worth of each
 * way it may end, weighed by its odds. */
static int
expected_value (const AttackState *st, guint seat)
{
  gint64 sum = 0;

  if (st->stage == STAGE_DEFENSE_DIE)
    {
      for (guint face = 1; face <= 6; face++)
        sum += value_with_dice (st, seat, st->fight.die[0], face);
      return (int) (sum / 6);
    }
  /* Only the difference of the dice matters: one pair stands for all. */
  for (int d = -5; d <= 5; d++)
    sum += (gint64) odds (d) * value_with_dice (st, seat, d > 0 ? 6 : 6 + d, d > 0 ? 6 - d : 6);
  return (int) (sum / 36);
}

static int
attack_evaluate (const CpState *state, guint seat)
{
  const AttackState *st = ATTACK_STATE (state);

  if (st->stage != STAGE_MOVING)
    return expected_value (st, seat);
  return static_value (st, seat);
}

/* For --validate: the fights and how they ended. */
static char *
attack_statistics (const CpState *state)
{
  const AttackState *st = ATTACK_STATE (state);
  guint n = 0;

  for (guint r = 1; r < N_RESULTS; r++)
    n += st->results[r];
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: Chess Attack: fights and how they ended */
                                       "%u fight: attacker won clearly %u, narrowly %u; tie %u; defender won narrowly %u, "
                                       "clearly %u; fallen of a second wound: %u",
                                       "%u fights: attacker won clearly %u, narrowly %u; tie %u; defender won narrowly %u, "
                                       "clearly %u; fallen of a second wound: %u", n),
                          n, st->results[RESULT_ATTACK_CLEAR], st->results[RESULT_ATTACK_NARROW],
                          st->results[RESULT_TIE], st->results[RESULT_DEFENSE_NARROW],
                          st->results[RESULT_DEFENSE_CLEAR], st->defeats);
}

static void
attack_attributes (const CpState *state, CpPieceKind kind, int values[])
{
  const AttackState *st = (const AttackState *) state;

  for (guint v = 0; v < N_VALUES; v++)
    values[v] = v == POINTS && st->values[kind][v] == NO_POINTS ? -1 : st->values[kind][v];
}

/* The position text: FEN, then the wounded pieces, the pieces taken off
 * the board and the fight under way, such as
 * "4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1 e4 Nq d5e4:3".  With no check, a
 * king may stand attacked by the side to move, or be gone at the end; a
 * pawn may stand on the far rank. */

/* Sets up the board from the FEN at the start of @text, as FEN allows it
 * (the castling rights, the en passant cell and the move counters may be
 * left out); the game's own fields after it go to @extra. */
static gboolean
read_board (AttackState *st, const char *text, GStrv *extra, GError **error)
{
  CpChessState *chess = &st->chess;
  g_autofree char *fen = cp_fen_split (text, extra);

  cp_chess_state_init_standard (chess, cp_chess_standard_board ());
  chess->features = FEATURES;
  if (g_strv_length (*extra) > 3)
    return cp_error_bad_position (error, text, _("it has too many fields"));
  if (!cp_fen_read_with (chess, fen, CP_FEN_READ_ANY_CHECK | CP_FEN_READ_KING_TAKEN | CP_FEN_READ_PAWN_FAR, error))
    return FALSE;
  /* Checkers have no place in this game. */
  for (guint cell = 0; cell < 64; cell++)
    if (chess->base.cells[cell].checkers > 0)
      return cp_error_bad_position (error, text, _("the pieces hold an unknown letter"));
  return TRUE;
}

/* The wounded pieces: "-", or their cells, such as "e4,d5". */
static gboolean
read_wounds (AttackState *st, const char *field, const char *text, GError **error)
{
  g_auto (GStrv) names = NULL;

  if (g_str_equal (field, "-"))
    return TRUE;
  names = g_strsplit (field, ",", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      guint cell;
      CpPiece *p;

      if (!cp_board_parse_cell (st->chess.base.board, names[i], &cell, NULL))
        /* Translators: in a position text of Chess Attack; keep “e4,d5” as it is */
        return cp_error_bad_position (error, text, _("the wounded pieces must be given by their cells, such as “e4,d5”"));
      p = &st->chess.base.cells[cell];
      if (p->kind == CP_PIECE_NONE)
        return cp_error_bad_position (error, text, _("a wounded piece is named on an empty cell"));
      if (p->wounds > 0)
        return cp_error_bad_position (error, text, _("a piece is wounded twice, and a second wound takes it off the board"));
      p->wounds = 1;
    }
  return TRUE;
}

/* The pieces taken off the board: "-", or their letters, such as "Qpp"
 * (White's queen and two of Black's pawns). */
static gboolean
read_taken (AttackState *st, const char *field, const char *text, GError **error)
{
  if (g_str_equal (field, "-"))
    return TRUE;
  for (const char *p = field; *p; p++)
    {
      CpPieceKind kind;
      guint seat = g_ascii_isupper (*p) ? 0 : 1;

      if (strchr ("KQRBNPkqrbnp", *p) == NULL || !cp_piece_kind_from_letter (*p, &kind))
        return cp_error_bad_position (error, text, _("the taken pieces hold an unknown letter"));
      if (kind == CP_PIECE_KING && (st->lost[seat][kind] > 0 || st->chess.king[seat] != CP_NO_CELL))
        return cp_error_bad_position (error, text, _("a king is taken that is still on the board"));
      if (st->lost[seat][kind] == G_MAXUINT8)
        return cp_error_bad_position (error, text, _("the taken pieces are too many"));
      st->lost[seat][kind]++;
    }
  return TRUE;
}

/* The fight under way: "-", the attack declared, such as "d5e4", or the
 * attack and the attacker's die, "d5e4:3". */
static gboolean
read_fight (AttackState *st, const char *field, const char *text, GError **error)
{
  g_auto (CpActionList) legal = { 0 };
  g_auto (GStrv) parts = NULL;
  const CpAction *attack = NULL;

  if (g_str_equal (field, "-"))
    return TRUE;
  parts = g_strsplit (field, ":", 2);
  if (st->chess.king[0] != CP_NO_CELL && st->chess.king[1] != CP_NO_CELL)
    moving_legal (st, st->chess.base.to_move, &legal);
  for (guint i = 0; i < legal.len && attack == NULL; i++)
    if (legal.items[i].flags & CP_ACTION_FLAG_CAPTURE)
      {
        g_autofree char *written = cp_chess_format (&st->chess, &legal.items[i], CP_NOTATION_COMPUTER);

        if (g_str_equal (written, parts[0]))
          attack = &legal.items[i];
      }
  if (attack == NULL)
    return cp_error_bad_position (error, text, _("the fight under way is not an attack the side to move can make"));
  declare (st, attack);
  if (parts[1] == NULL)
    return TRUE;
  if (strlen (parts[1]) != 1 || parts[1][0] < '1' || parts[1][0] > '6')
    return cp_error_bad_position (error, text, _("the attacker’s die must be a number from 1 to 6"));
  st->fight.die[0] = (guint8) (parts[1][0] - '0');
  st->stage = STAGE_DEFENSE_DIE;
  return TRUE;
}

/* The game's own fields after the FEN, each of which may be left out
 * from the end: the wounded pieces, the pieces taken, the fight. */
static gboolean
read_extra (AttackState *st, const char *text, GStrv extra, GError **error)
{
  guint n = g_strv_length (extra);

  if ((n > 0 && !read_wounds (st, extra[0], text, error))
      || (n > 1 && !read_taken (st, extra[1], text, error)))
    return FALSE;
  cp_chess_state_finish_setup (&st->chess);
  return n < 3 || read_fight (st, extra[2], text, error);
}

static char *
attack_write_position (const CpState *state)
{
  const AttackState *st = ATTACK_STATE (state);
  g_autofree char *fen = cp_fen_write (&st->chess, CP_FEN_STANDARD);
  GString *out = g_string_new (fen);
  gsize start;

  g_string_append_c (out, ' ');
  start = out->len;
  for (guint cell = 0; cell < 64; cell++)
    if (state->cells[cell].kind != CP_PIECE_NONE && state->cells[cell].wounds > 0)
      {
        g_autofree char *name = cp_board_cell_name (state->board, cell);

        if (out->len > start)
          g_string_append_c (out, ',');
        g_string_append (out, name);
      }
  if (out->len == start)
    g_string_append_c (out, '-');

  g_string_append_c (out, ' ');
  start = out->len;
  for (guint seat = 0; seat < 2; seat++)
    for (guint kind = CP_PIECE_KING; kind >= CP_PIECE_PAWN; kind--)
      for (guint i = 0; i < st->lost[seat][kind]; i++)
        g_string_append_c (out, seat == 0 ? cp_piece_kind_letter (kind)
                                          : g_ascii_tolower (cp_piece_kind_letter (kind)));
  if (out->len == start)
    g_string_append_c (out, '-');

  g_string_append_c (out, ' ');
  if (st->stage == STAGE_MOVING)
    g_string_append_c (out, '-');
  else
    {
      g_autofree char *attack = cp_chess_format (&st->chess, &st->fight.move, CP_NOTATION_COMPUTER);

      g_string_append (out, attack);
      if (st->stage == STAGE_DEFENSE_DIE)
        g_string_append_printf (out, ":%u", st->fight.die[0]);
    }
  return g_string_free (out, FALSE);
}

const CpRules cp_chess_attack_rules = {
  .id = "chess-attack",
  .name = N_("Chess Attack"),
  .summary = N_("A capture is a fight decided by dice, support and wounds"),
  .min_seats = 2,
  .max_seats = 2,
  .flags = CP_RULES_DRAWS | CP_RULES_CHANCE,
  .options = options,
  .n_options = G_N_ELEMENTS (options),
  .colours = colours,
  .state_size = sizeof (AttackState),
  .init = attack_init,
  .pending = attack_pending,
  .chance = attack_chance,
  .legal = attack_legal,
  .make = attack_make,
  .outcome = attack_outcome,
  .claimable = attack_claimable,
  .format = attack_format,
  .parse = attack_parse,
  .landing = cp_chess_rules_landing,
  .check_cell = attack_check_cell,
  .present = attack_present,
  .hash = attack_hash,
  .evaluate = attack_evaluate,
  .statistics = attack_statistics,
  .attributes = attack_attributes,
  .write_position = attack_write_position,
};
