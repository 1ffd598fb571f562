/* cp-state.c: the state of a game at one point of its log
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cp-error.h"
#include "cp-random.h"
#include "cp-rules.h"
#include "cp-state.h"

static const char *const end_ids[CP_N_END_REASONS] = {
  [CP_END_NONE] = "none",
  [CP_END_CHECKMATE] = "checkmate",
  [CP_END_STALEMATE] = "stalemate",
  [CP_END_RESIGNATION] = "resignation",
  [CP_END_AGREEMENT] = "agreement",
  [CP_END_FIFTY_MOVES] = "fifty-moves",
  [CP_END_SEVENTY_FIVE_MOVES] = "seventy-five-moves",
  [CP_END_REPETITION] = "repetition",
  [CP_END_FIVEFOLD_REPETITION] = "fivefold-repetition",
  [CP_END_INSUFFICIENT_MATERIAL] = "insufficient-material",
  [CP_END_KING_CAPTURED] = "king-captured",
  [CP_END_CASTLE_TAKEN] = "castle-taken",
  [CP_END_NO_MOVES] = "no-moves",
  [CP_END_ELIMINATION] = "elimination",
  [CP_END_SCORE] = "score",
  [CP_END_PIECE_CAPTURED] = "piece-captured",
  [CP_END_OUT_OF_CARDS] = "out-of-cards",
  [CP_END_ONE_PIECE_LEFT] = "one-piece-left",
};

static const char *const end_descriptions[CP_N_END_REASONS] = {
  [CP_END_NONE] = N_("The game goes on"),
  [CP_END_CHECKMATE] = N_("Checkmate"),
  [CP_END_STALEMATE] = N_("Stalemate"),
  [CP_END_RESIGNATION] = N_("Resignation"),
  [CP_END_AGREEMENT] = N_("Draw by agreement"),
  [CP_END_FIFTY_MOVES] = N_("Draw claimed under the fifty-move rule"),
  [CP_END_SEVENTY_FIVE_MOVES] = N_("Draw after seventy-five moves without a capture or pawn move"),
  [CP_END_REPETITION] = N_("Draw claimed by threefold repetition"),
  [CP_END_FIVEFOLD_REPETITION] = N_("Draw by fivefold repetition"),
  [CP_END_INSUFFICIENT_MATERIAL] = N_("Draw: neither side can checkmate"),
  [CP_END_KING_CAPTURED] = N_("King captured"),
  [CP_END_CASTLE_TAKEN] = N_("Castle taken"),
  [CP_END_NO_MOVES] = N_("No legal move left"),
  [CP_END_ELIMINATION] = N_("Last player standing"),
  [CP_END_SCORE] = N_("Decided on points"),
  [CP_END_PIECE_CAPTURED] = N_("Piece captured"),
  [CP_END_ONE_PIECE_LEFT] = N_("Down to a single piece"),
  [CP_END_OUT_OF_CARDS] = N_("Out of cards"),
};

const char *
cp_end_reason_to_id (CpEndReason reason)
{
  return reason < CP_N_END_REASONS ? end_ids[reason] : NULL;
}

gboolean
cp_end_reason_from_id (const char *id, CpEndReason *reason)
{
  for (guint i = 0; i < CP_N_END_REASONS; i++)
    if (g_strcmp0 (end_ids[i], id) == 0)
      {
        *reason = (CpEndReason) i;
        return TRUE;
      }
  return FALSE;
}

const char *
cp_end_reason_describe (CpEndReason reason)
{
  return reason < CP_N_END_REASONS ? _(end_descriptions[reason]) : NULL;
}

/**
 * cp_state_new:
 * @rules: the game
 * @n_seats: number of seats, within the game's limits
 * @options: the game's options (resolved: every option present)
 * @error: return location for an error
 *
 * The start of a game.
 */
CpState *
cp_state_new (const CpRules *rules, guint n_seats, GHashTable *options, GError **error)
{
  g_autoptr (CpState) state = NULL;

  if (n_seats < rules->min_seats || n_seats > rules->max_seats)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION,
                   _("%s is played by %u to %u players, not %u"),
                   _(rules->name), rules->min_seats, rules->max_seats, n_seats);
      return NULL;
    }

  state = g_malloc0 (rules->state_size);
  state->rules = rules;
  state->n_seats = (guint8) n_seats;
  if (!rules->init (state, options, error))
    return NULL;
  g_assert (state->board != NULL);
  rules->outcome (state, &state->outcome);
  return g_steal_pointer (&state);
}

CpState *
cp_state_copy (const CpState *state)
{
  CpState *copy = g_memdup2 (state, state->rules->state_size);

  g_object_ref (copy->board);
  return copy;
}

void
cp_state_free (CpState *state)
{
  if (state == NULL)
    return;
  g_clear_object (&state->board);
  g_free (state);
}

gboolean
cp_state_is_over (const CpState *state)
{
  return state->outcome.status != CP_STATUS_PLAYING;
}

/* The seats that must act now; none once the game is over. */
CpSeatMask
cp_state_pending (const CpState *state)
{
  return cp_state_is_over (state) ? 0 : state->rules->pending (state);
}

/**
 * cp_state_legal:
 *
 * The legal game actions of @seat now, without resigning and draws.
 */
void
cp_state_legal (const CpState *state, guint seat, CpActionList *out)
{
  out->len = 0;
  if (seat < CP_MAX_SEATS && (cp_state_pending (state) & CP_SEAT_BIT (seat)))
    state->rules->legal (state, seat, out);
}

static const char *
seat_label (guint seat)
{
  return seat == CP_SEAT_CHANCE ? _("chance") : NULL;
}

#define illegal(error, ...) cp_error_fail ((error), CP_ERROR_ILLEGAL_ACTION, __VA_ARGS__)

/* A random result is seen by nobody when the rules keep it hidden, and by
 * everyone otherwise. */
static gboolean
check_chance (const CpState *state, const CpAction *action, CpSeatMask *visible, GError **error)
{
  CpChance request = { 0 };

  if (!(cp_state_pending (state) & CP_SEAT_BIT (CP_SEAT_CHANCE)))
    return illegal (error, _("No random result is due now"));
  state->rules->chance (state, &request);
  if (action->type != request.type)
    switch (request.type)
      {
      case CP_ACTION_ROLL:
        return illegal (error, _("A random number is expected here"));
      case CP_ACTION_SHUFFLE:
        return illegal (error, _("A shuffle is expected here"));
      default:
        return illegal (error, _("The sealed choices are to be revealed here"));
      }
  if (request.type == CP_ACTION_ROLL && action->value >= request.range)
    return illegal (error, _("The random result %u is out of range (below %u expected)"),
                    action->value, request.range);
  *visible = request.hidden ? 0 : CP_SEATS_ALL;
  return TRUE;
}

/**
 * cp_state_draw_chance:
 * @seed: the game's seed
 * @index: how many random numbers the game has drawn
 * @cancellable: (nullable): stops the rules working out a result
 * @action: (out): the random result due in @state
 *
 * The random result that is due, drawn from the game's numbers, or
 * worked out by the rules (CpRules.work_out), which may take long: this
 * may be called in a worker thread, on a state of the caller's own.
 *
 * A number depends on the position it is drawn in as well as on the
 * seed: a move taken back and played again meets the same number, and
 * another move played instead does not learn it.
 *
 * Returns: whether a random number was drawn
 */
gboolean
cp_state_draw_chance (const CpState *state, guint64 seed, guint index, GCancellable *cancellable,
                      CpAction *action)
{
  CpChance request = { 0 };

  state->rules->chance (state, &request);
  cp_action_init (action, request.type, CP_SEAT_CHANCE);
  if (request.type == CP_ACTION_REVEAL)
    {
      if (state->rules->work_out != NULL)
        state->rules->work_out (state, cancellable, action);
      return FALSE;
    }
  action->value = cp_random_draw (seed ^ cp_state_hash (state), index,
                                  request.type == CP_ACTION_ROLL ? request.range : G_MAXUINT32);
  return TRUE;
}

/* A hint suggests a legal action of its seat, and is seen by whoever may
 * see that action. */
static gboolean
check_hint (const CpState *state, const CpAction *hint, CpSeatMask *visible, GError **error)
{
  g_auto (CpActionList) legal = { 0 };
  CpAction suggested;

  cp_action_get_hinted (hint, &suggested);
  suggested.visible = CP_SEATS_ALL;
  state->rules->legal (state, hint->seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      CpAction candidate = legal.items[i];

      candidate.visible = CP_SEATS_ALL;
      candidate.flags = 0;
      if (cp_action_same (&candidate, &suggested))
        {
          *visible = legal.items[i].visible;
          return TRUE;
        }
    }
  return illegal (error, _("The hint does not suggest a legal action"));
}

/* Resigning and draws are public. */
static gboolean
check_meta (const CpState *state, const CpAction *action, CpSeatMask *visible, GError **error)
{
  gboolean to_act = (cp_state_pending (state) & CP_SEAT_BIT (action->seat)) != 0;
  CpSeatMask others = (CpSeatMask) (state->draw_offer & ~CP_SEAT_BIT (action->seat));

  *visible = CP_SEATS_ALL;
  switch (action->type)
    {
    case CP_ACTION_RESIGN:
      return TRUE;
    case CP_ACTION_OFFER_DRAW:
      if (!(state->rules->flags & CP_RULES_DRAWS))
        return illegal (error, _("This game has no draws by agreement"));
      if (!to_act)
        return illegal (error, _("A draw may be offered only on one’s own turn"));
      if (state->draw_offer & CP_SEAT_BIT (action->seat))
        return illegal (error, _("A draw has already been offered"));
      return TRUE;
    case CP_ACTION_ACCEPT_DRAW:
    case CP_ACTION_DECLINE_DRAW:
      if (others == 0)
        return illegal (error, _("No draw has been offered"));
      return TRUE;
    case CP_ACTION_CLAIM_DRAW:
      if (!to_act || state->rules->claimable == NULL
          || state->rules->claimable (state) == CP_END_NONE)
        return illegal (error, _("No draw can be claimed now"));
      return TRUE;
    case CP_ACTION_HINT:
      if (!to_act)
        return illegal (error, _("A hint may be taken only on one’s own turn"));
      return check_hint (state, action, visible, error);
    default:
      g_assert_not_reached ();
    }
}

static gboolean
is_meta (CpActionType type)
{
  return type >= CP_ACTION_RESIGN && type <= CP_ACTION_HINT;
}

/* The name of a card played: there is one, and it is no longer than a
 * name a player types. */
static gboolean
check_card_name (const char *name, GError **error)
{
  if (name == NULL || name[0] == '\0')
    return illegal (error, _("The card played has no name"));
  if (strlen (name) > CP_ACTION_MAX_TEXT_SIZE || !g_utf8_validate (name, -1, NULL)
      || g_utf8_strlen (name, -1) > CP_ACTION_MAX_TEXT_LENGTH)
    return illegal (error, _("The name of the card is longer than %u characters"),
                    CP_ACTION_MAX_TEXT_LENGTH);
  return TRUE;
}

/* Sets @error to the rule @action breaks, if the rules name one, and
 * returns FALSE; TRUE when they leave it to the caller. */
static gboolean
refuse (const CpState *state, const CpAction *action, GError **error)
{
  g_autofree char *rule = NULL;
  g_autofree char *text = NULL;

  if (state->rules->refusal == NULL || (rule = state->rules->refusal (state, action)) == NULL)
    return TRUE;
  text = cp_state_format (state, action, CP_NOTATION_LAN);
  illegal (error, _("“%s” cannot be played: %s"), text, rule);
  return FALSE;
}

/* Checks @action.  The rules decide who may see it, not the caller:
 * @visible receives the visibility of the matching legal action, of the
 * random result the rules ask for, or of the suggestion a hint makes;
 * other actions outside the game (resigning, draws) are public. */
static gboolean
check (const CpState *state, const CpAction *action, CpSeatMask *visible, GError **error)
{
  g_auto (CpActionList) legal = { 0 };
  gint index;

  if (cp_state_is_over (state))
    {
      g_set_error (error, CP_ERROR, CP_ERROR_GAME_OVER, _("The game is already over"));
      return FALSE;
    }
  if (action->text != NULL && action->type != CP_ACTION_CARD_NOTE)
    return illegal (error, _("Only a card played has a name"));
  if (action->seat == CP_SEAT_CHANCE)
    return check_chance (state, action, visible, error);
  if (action->seat >= state->n_seats)
    return illegal (error, g_dngettext (GETTEXT_PACKAGE, "This game has only %u seat", "This game has only %u seats",
                                        state->n_seats), state->n_seats);
  if (state->out & CP_SEAT_BIT (action->seat))
    return illegal (error, _("That player is already out of the game"));
  if (is_meta (action->type))
    return check_meta (state, action, visible, error);
  if (!(cp_state_pending (state) & CP_SEAT_BIT (action->seat)))
    return refuse (state, action, error) && illegal (error, _("It is not this player’s turn"));

  if (action->type == CP_ACTION_CARD_NOTE && !check_card_name (action->text, error))
    return FALSE;

  state->rules->legal (state, action->seat, &legal);
  if ((index = cp_action_list_find (&legal, action)) < 0)
    {
      if (!refuse (state, action, error))
        return FALSE;
      g_autofree char *text = cp_state_format (state, action, CP_NOTATION_LAN);

      return illegal (error, _("%s is not a legal move in this position"), text);
    }
  *visible = legal.items[index].visible;
  return TRUE;
}

/**
 * cp_state_check:
 *
 * Whether @action may be made now; if not, @error says why.
 */
gboolean
cp_state_check (const CpState *state, const CpAction *action, GError **error)
{
  CpSeatMask visible;

  return check (state, action, &visible, error);
}

/* Whether the seats still in play are all partners of @seat, who resigns:
 * then the side playing together against the game gives up. */
static gboolean
only_partners_left (const CpState *state, guint seat)
{
  for (guint s = 0; s < state->n_seats; s++)
    if (!(state->out & CP_SEAT_BIT (s)) && !cp_rules_partners (state->rules, seat, s))
      return FALSE;
  return TRUE;
}

static void
apply_meta (CpState *state, const CpAction *action)
{
  CpSeatMask seat = CP_SEAT_BIT (action->seat);
  CpSeatMask everyone = (CpSeatMask) ((1u << state->n_seats) - 1);

  switch (action->type)
    {
    case CP_ACTION_RESIGN:
      state->out |= seat;
      if ((everyone & ~state->out) == 0)
        {
          /* A player alone gives up: nobody wins. */
          state->outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_RESIGNATION, 0 };
        }
      else if (only_partners_left (state, action->seat))
        /* Partners against the game give up together. */
        state->outcome = (CpOutcome) { CP_STATUS_LOST, CP_END_RESIGNATION, 0 };
      else if (cp_bits_count (everyone & ~state->out) <= 1)
        state->outcome = (CpOutcome) { CP_STATUS_WON, CP_END_RESIGNATION,
                                       (CpSeatMask) (everyone & ~state->out) };
      else
        {
          /* The others play on; the rules say what that means on the board. */
          state->rules->outcome (state, &state->outcome);
        }
      break;
    case CP_ACTION_OFFER_DRAW:
      state->draw_offer |= seat;
      break;
    case CP_ACTION_ACCEPT_DRAW:
      state->outcome = (CpOutcome) { CP_STATUS_DRAWN, CP_END_AGREEMENT, 0 };
      break;
    case CP_ACTION_DECLINE_DRAW:
      state->draw_offer = 0;
      break;
    case CP_ACTION_CLAIM_DRAW:
      state->outcome = (CpOutcome) { CP_STATUS_DRAWN, state->rules->claimable (state), 0 };
      break;
    case CP_ACTION_HINT:
      break;
    default:
      g_assert_not_reached ();
    }
}

/**
 * cp_state_apply:
 *
 * Checks @action and, when it is legal, makes it.
 */
gboolean
cp_state_apply (CpState *state, const CpAction *action, GError **error)
{
  CpAction copy = *action;

  return cp_state_apply_logged (state, &copy, error);
}

/**
 * cp_state_apply_logged:
 * @action: (inout): the action; its visibility is set as the rules say,
 *   whatever it was
 *
 * Like cp_state_apply(), for an action about to be logged.
 */
gboolean
cp_state_apply_logged (CpState *state, CpAction *action, GError **error)
{
  if (!check (state, action, &action->visible, error))
    return FALSE;

  if (is_meta (action->type))
    {
      apply_meta (state, action);
      return TRUE;
    }
  /* Playing on declines a standing offer. */
  if (action->seat != CP_SEAT_CHANCE)
    state->draw_offer &= CP_SEAT_BIT (action->seat);
  state->rules->make (state, action, NULL);
  state->rules->outcome (state, &state->outcome);
  return TRUE;
}

/* A seat named in a move's text: this byte, then the seat as one byte. */
#define SEAT_REFERENCE '\x1b'

/**
 * cp_seat_reference:
 *
 * A seat named in the text of an action, for the rules' `format`: the
 * text given out names the seat as the rules do, or by its player's name
 * when it is written for a game (cp_game_format_action()).
 *
 * Returns: (transfer full): the reference, to put into the text
 */
char *
cp_seat_reference (guint seat)
{
  g_return_val_if_fail (seat < CP_MAX_SEATS, g_strdup (""));

  return g_strdup_printf ("%c%c", SEAT_REFERENCE, (char) ('0' + seat));
}

/* @text with the seats it refers to named: by @names, or as the rules
 * name them. */
static char *
name_seats (const CpState *state, char *text, const char *const *names)
{
  GString *out;

  if (strchr (text, SEAT_REFERENCE) == NULL)
    return text;
  out = g_string_new (NULL);
  for (const char *p = text; *p != '\0'; p++)
    {
      guint seat;

      if (*p != SEAT_REFERENCE || p[1] == '\0')
        {
          g_string_append_c (out, *p);
          continue;
        }
      seat = (guint) (*++p - '0');
      if (seat < state->n_seats)
        g_string_append (out, names != NULL ? names[seat] : cp_rules_seat_name (state->rules, seat));
    }
  g_free (text);
  return g_string_free (out, FALSE);
}

static char *
format_action (const CpState *state, const CpAction *action, CpNotation notation)
{
  const char *seat = seat_label (action->seat);

  if (action->flags & CP_ACTION_FLAG_REDACTED)
    switch (action->type)
      {
      case CP_ACTION_BURY:
        return g_strdup (_("buries a captured piece"));
      case CP_ACTION_COMMIT:
        return g_strdup (_("makes a sealed choice"));
      case CP_ACTION_DRAW_CARD:
        return g_strdup (_("draws a card"));
      case CP_ACTION_SHUFFLE:
        return g_strdup (_("the cards are shuffled"));
      default:
        return g_strdup ("…");
      }
  switch (action->type)
    {
    case CP_ACTION_RESIGN:
      return g_strdup (_("resigns"));
    case CP_ACTION_OFFER_DRAW:
      return g_strdup (_("offers a draw"));
    case CP_ACTION_ACCEPT_DRAW:
      return g_strdup (_("accepts the draw"));
    case CP_ACTION_DECLINE_DRAW:
      return g_strdup (_("declines the draw"));
    case CP_ACTION_CLAIM_DRAW:
      return g_strdup (_("claims a draw"));
    case CP_ACTION_HINT:
      {
        CpAction suggested;
        g_autofree char *text = NULL;

        cp_action_get_hinted (action, &suggested);
        text = format_action (state, &suggested, notation);
        /* Translators: %s: the move a computer player suggested, such as "Nf3" */
        return g_strdup_printf (_("takes a hint: %s"), text);
      }
    default:
      break;
    }
  if (state->rules->format != NULL)
    return state->rules->format (state, action, notation);
  if (seat == NULL)
    return g_strdup (cp_action_type_to_id (action->type));
  return g_strdup_printf ("%s %s", seat, cp_action_type_to_id (action->type));
}

/**
 * cp_state_format_named:
 * @names: (nullable): the names of the seats, such as those of the
 *   players; NULL: as the rules name them
 *
 * The action written in @notation, the seats it refers to named by
 * @names.
 */
char *
cp_state_format_named (const CpState *state, const CpAction *action, CpNotation notation,
                       const char *const *names)
{
  return name_seats (state, format_action (state, action, notation), names);
}

char *
cp_state_format (const CpState *state, const CpAction *action, CpNotation notation)
{
  return cp_state_format_named (state, action, notation, NULL);
}

/**
 * cp_state_parse:
 *
 * Reads a move written in any notation the game knows, for the seat to act.
 */
gboolean
cp_state_parse (const CpState *state, const char *text, CpAction *action, GError **error)
{
  if (state->rules->parse == NULL)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                   _("%s has no move notation to read"), _(state->rules->name));
      return FALSE;
    }
  /* The games quote what they cannot read in their messages. */
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_autofree char *quoted = cp_error_quote (text);

      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION, _("“%s” is not a move"), quoted);
      return FALSE;
    }
  return state->rules->parse (state, text, action, error);
}

/**
 * cp_state_landing:
 *
 * The cell where the piece a player moves with @action ends: the last cell
 * of its path, or another (a castling king's cell, where the path names
 * the rook).
 */
guint
cp_state_landing (const CpState *state, const CpAction *action)
{
  guint cell = state->rules->landing ? state->rules->landing (state, action) : CP_NO_CELL;

  if (cell != CP_NO_CELL || action->n_cells == 0)
    return cell;
  return action->cells[action->n_cells - 1];
}

/**
 * cp_state_first_pending:
 *
 * The first seat that must act in @state; CP_NO_SEAT when none must (the
 * game is over, or a random result is due).
 */
guint
cp_state_first_pending (const CpState *state)
{
  CpSeatMask pending = cp_state_pending (state);

  for (guint seat = 0; seat < state->n_seats; seat++)
    if (pending & CP_SEAT_BIT (seat))
      return seat;
  return CP_NO_SEAT;
}

/* The seat whose actions perft counts next: of seats that choose
 * together, the first. */
static guint
single_pending_seat (const CpState *state)
{
  CpSeatMask pending = state->rules->pending (state);

  if (pending == 0 || (pending & CP_SEAT_BIT (CP_SEAT_CHANCE)))
    return CP_NO_SEAT;
  return (guint) g_bit_nth_lsf (pending, -1);
}

static guint64 perft (CpState *state, guint depth, CpActionList *lists);

/* A die or another small random choice: every result is a branch, and
 * none is counted as a move. */
static guint64
chance_perft (CpState *state, guint depth, CpActionList *lists)
{
  CpChance request = { 0 };
  guint64 nodes = 0;

  if (state->rules->pending (state) != CP_SEAT_BIT (CP_SEAT_CHANCE))
    return 0;
  state->rules->chance (state, &request);
  /* What the rules make public is no choice: the line goes on. */
  if (request.type == CP_ACTION_REVEAL)
    {
      g_autoptr (CpState) child = cp_state_copy (state);
      CpAction action;

      cp_action_init (&action, CP_ACTION_REVEAL, CP_SEAT_CHANCE);
      state->rules->make (child, &action, NULL);
      return perft (child, depth, lists);
    }
  if (request.type != CP_ACTION_ROLL || request.range > 64)
    return 0;
  for (guint value = 0; value < request.range; value++)
    {
      g_autoptr (CpState) child = cp_state_copy (state);
      CpAction action;

      cp_action_init (&action, CP_ACTION_ROLL, CP_SEAT_CHANCE);
      action.value = value;
      state->rules->make (child, &action, NULL);
      nodes += perft (child, depth, lists);
    }
  return nodes;
}

static guint64
perft (CpState *state, guint depth, CpActionList *lists)
{
  CpActionList *list = &lists[depth];
  guint seat = single_pending_seat (state);
  guint64 nodes = 0;

  if (seat == CP_NO_SEAT)
    return chance_perft (state, depth, lists);
  list->len = 0;
  state->rules->legal (state, seat, list);
  if (depth == 1)
    return list->len;

  for (guint i = 0; i < list->len; i++)
    {
      if (state->rules->unmake != NULL)
        {
          CpUndo undo;

          state->rules->make (state, &list->items[i], &undo);
          nodes += perft (state, depth - 1, lists);
          state->rules->unmake (state, &list->items[i], &undo);
        }
      else
        {
          g_autoptr (CpState) child = cp_state_copy (state);

          state->rules->make (child, &list->items[i], NULL);
          nodes += perft (child, depth - 1, lists);
        }
    }
  return nodes;
}

/**
 * cp_state_write_position:
 * @state: a position of a game
 *
 * The position as text (the rules' `write_position` hook), which the
 * game's option CP_POSITION_OPTION reads back.  It holds the secrets of
 * @state: show it only to whom may see them all.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL with @error set
 * when the game has no position text or a random result is due
 */
char *
cp_state_write_position (const CpState *state, GError **error)
{
  const CpRules *rules = state->rules;

  if (rules->write_position == NULL)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION,
                   _("%s has no position text"), _(rules->name));
      return NULL;
    }
  if (cp_state_pending (state) & CP_SEAT_BIT (CP_SEAT_CHANCE))
    {
      g_set_error_literal (error, CP_ERROR, CP_ERROR_ILLEGAL_ACTION,
                           _("The position cannot be written while a random result is due"));
      return NULL;
    }
  return rules->write_position (state);
}

/**
 * cp_state_perft:
 * @state: a position of a game
 * @depth: plies to count
 *
 * Counts the move sequences of @depth plies from @state.  Seats that
 * choose together are counted one after the other, the first seat first,
 * and the reveal of their choices is not a ply.  Each result of
 * a die (a small random roll) opens a branch of its own without counting
 * as a ply, and so does what the rules make public (a reveal); larger
 * random results end a line.  The game's end (checkmate aside) is not
 * considered: only the move generator is counted.
 */
guint64
cp_state_perft (CpState *state, guint depth)
{
  CpActionList lists[64] = { 0 };
  guint64 nodes;

  g_return_val_if_fail (depth < G_N_ELEMENTS (lists), 0);
  if (depth == 0)
    return 1;
  nodes = perft (state, depth, lists);
  for (guint i = 0; i <= depth; i++)
    cp_action_list_clear (&lists[i]);
  return nodes;
}

/**
 * cp_state_count_pieces:
 * @counts: (out caller-allocates) (array fixed-size=CP_N_PIECE_KINDS):
 *   how many pieces of each kind
 *
 * Counts @seat's pieces on the board.
 */
void
cp_state_count_pieces (const CpState *state, guint seat, guint8 *counts)
{
  guint n = cp_board_get_width (state->board) * cp_board_get_height (state->board);

  memset (counts, 0, CP_N_PIECE_KINDS);
  for (guint c = 0; c < n; c++)
    if (state->cells[c].kind != CP_PIECE_NONE && state->cells[c].seat == seat
        && state->cells[c].kind < CP_N_PIECE_KINDS && counts[state->cells[c].kind] < G_MAXUINT8)
      counts[state->cells[c].kind]++;
}

/**
 * cp_hash_mix:
 *
 * A well-mixed 64-bit value of @x (the finaliser of SplitMix64): keys of
 * the default hash, and of the games' own, made as needed rather than
 * kept in tables.
 */
guint64
cp_hash_mix (guint64 x)
{
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/**
 * cp_hash_combine:
 *
 * The key @h with the value @x mixed into it.
 */
guint64
cp_hash_combine (guint64 h, guint64 x)
{
  return cp_hash_mix (x ^ (h + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)));
}

/**
 * cp_state_default_hash:
 *
 * The model's key of @state, from its pieces, markers, whose turn and the
 * game's own fields byte by byte: cp_state_hash() of a game without a
 * `hash` hook.  A game whose own key leaves out what does not matter may
 * still give this one where random results are drawn from the key, so
 * that a seed deals as it always did.
 */
guint64
cp_state_default_hash (const CpState *state)
{
  const guint8 *tail = (const guint8 *) state + sizeof (CpState);
  gsize n_tail = state->rules->state_size - sizeof (CpState);
  guint64 h = cp_hash_mix (G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) ^ state->to_move
                     ^ ((guint64) state->out << 8));

  /* Every occupied cell and every marker adds the key of what lies there. */
  for (guint c = 0; c < CP_MAX_CELLS; c++)
    {
      const CpPiece *p = &state->cells[c];

      if (p->kind != CP_PIECE_NONE)
        h ^= cp_hash_mix (((guint64) c << 48) | ((guint64) p->kind << 40) | ((guint64) p->seat << 32)
                    | ((guint64) p->flags << 24) | ((guint64) p->wounds << 16)
                    | ((guint64) p->checkers << 8) | p->checker_colour);
      if (state->markers[c] != 0)
        h ^= cp_hash_mix (((guint64) 0x100 + c) << 48 | state->markers[c]);
    }
  /* The game's own fields, after the shared part. */
  for (gsize i = 0; i + 8 <= n_tail; i += 8)
    {
      guint64 word;

      memcpy (&word, tail + i, 8);
      h = cp_hash_mix (h ^ word);
    }
  for (gsize i = n_tail & ~(gsize) 7; i < n_tail; i++)
    h = cp_hash_mix (h ^ tail[i]);
  return h;
}

/**
 * cp_state_hash:
 *
 * The key of the position, for transposition tables: the game's own hash
 * hook, or a default over the cells, the markers, whose turn it is and
 * the game's own fields.
 */
guint64
cp_state_hash (const CpState *state)
{
  return state->rules->hash != NULL ? state->rules->hash (state) : cp_state_default_hash (state);
}

/**
 * cp_state_material:
 *
 * The worth of @seat's pieces on the board less that of the strongest of
 * the others' (cp_piece_kind_value()); in a game of teams, of the pieces
 * of @seat's team less those of the strongest other team.
 */
int
cp_state_material (const CpState *state, guint seat)
{
  const guint8 *teams = state->rules->teams;
  int worth[CP_MAX_SEATS] = { 0 };
  int best = G_MININT;

  /* A piece counts for its side: the seat that owns it, or its team
   * (where the seats of a team move one army together). */
  for (guint c = 0; c < CP_MAX_CELLS; c++)
    {
      const CpPiece *p = &state->cells[c];

      if (p->kind != CP_PIECE_NONE && p->seat < (teams != NULL ? state->n_seats : CP_MAX_SEATS))
        worth[teams != NULL ? teams[p->seat] : p->seat] += cp_piece_kind_value (p->kind);
    }
  for (guint s = 0; s < state->n_seats; s++)
    if ((teams != NULL ? teams[s] != teams[seat] : s != seat) && !(state->out & CP_SEAT_BIT (s)))
      best = MAX (best, worth[teams != NULL ? teams[s] : s]);
  return worth[teams != NULL ? teams[seat] : seat] - (best == G_MININT ? 0 : best);
}

/* How many moves @seat has, if the rules say what it could do when it is
 * not its turn; 0 otherwise. */
static guint
mobility (const CpState *state, guint seat, CpActionList *list)
{
  list->len = 0;
  state->rules->legal (state, seat, list);
  return list->len;
}

static int
default_evaluate (const CpState *state, guint seat)
{
  g_auto (CpActionList) list = { 0 };
  int moves = (int) mobility (state, seat, &list);
  int others = 0;

  for (guint s = 0; s < state->n_seats; s++)
    if (s != seat && !(state->out & CP_SEAT_BIT (s)))
      others = MAX (others, (int) mobility (state, s, &list));
  return cp_state_material (state, seat) + 3 * (moves - others);
}

/**
 * cp_state_evaluate:
 * @seat: the seat whose chances are weighed
 *
 * How good a game in progress looks for @seat, in hundredths of a pawn:
 * the game's own evaluation hook, or a default of material and mobility.
 */
int
cp_state_evaluate (const CpState *state, guint seat)
{
  if (state->rules->evaluate != NULL)
    return state->rules->evaluate (state, seat);
  return default_evaluate (state, seat);
}
