/* cp-action.c: one entry of a game's action log
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-action.h"

static const char *const type_ids[CP_N_ACTION_TYPES] = {
  [CP_ACTION_NONE] = "none",
  [CP_ACTION_MOVE] = "move",
  [CP_ACTION_PLACE] = "place",
  [CP_ACTION_PASS] = "pass",
  [CP_ACTION_PLAY_CARD] = "play-card",
  [CP_ACTION_DRAW_CARD] = "draw-card",
  [CP_ACTION_DISCARD] = "discard",
  [CP_ACTION_THROW_CHECKER] = "throw-checker",
  [CP_ACTION_ADD_CHECKER] = "add-checker",
  [CP_ACTION_BURY] = "bury",
  [CP_ACTION_REVEAL] = "reveal",
  [CP_ACTION_ROLL] = "roll",
  [CP_ACTION_SHUFFLE] = "shuffle",
  [CP_ACTION_COMMIT] = "commit",
  [CP_ACTION_RESIGN] = "resign",
  [CP_ACTION_OFFER_DRAW] = "offer-draw",
  [CP_ACTION_ACCEPT_DRAW] = "accept-draw",
  [CP_ACTION_DECLINE_DRAW] = "decline-draw",
  [CP_ACTION_CLAIM_DRAW] = "claim-draw",
  [CP_ACTION_HINT] = "hint",
  [CP_ACTION_CARD_NOTE] = "card-note",
  [CP_ACTION_REMOVE] = "remove",
};

void
cp_action_init (CpAction *action, CpActionType type, guint seat)
{
  *action = (CpAction) { .type = (guint8) type, .seat = (guint8) seat, .visible = CP_SEATS_ALL };
}

/**
 * cp_action_init_hint:
 * @suggested: the action a computer player suggests to its seat
 *
 * Makes @hint the record of a hint taken: the suggestion's seat, cells
 * and piece, with its type and value packed in the value.  Like a
 * record's moves, it leaves out what follows from the position (a
 * capture, castling).  The hint is seen by whoever may see the
 * suggestion: a hint to a sealed choice stays the seat's own.  A game
 * logs it as the rules say (cp_state_apply_logged()), whatever it is
 * given here.
 *
 * Returns: FALSE when the suggestion's value is too large to be packed
 */
gboolean
cp_action_init_hint (CpAction *hint, const CpAction *suggested)
{
  if (suggested->value > 0xffffff)
    return FALSE;
  *hint = *suggested;
  hint->type = CP_ACTION_HINT;
  hint->flags = 0;
  hint->visible = suggested->visible;
  hint->value = suggested->type | (suggested->value << 8);
  return TRUE;
}

/* The action that @hint suggested. */
void
cp_action_get_hinted (const CpAction *hint, CpAction *suggested)
{
  *suggested = *hint;
  suggested->type = (guint8) (hint->value & 0xff);
  suggested->value = hint->value >> 8;
}

/* Whether two actions do the same thing (visibility and the redaction
 * flag aside): texts count by what they say, wherever they are kept. */
gboolean
cp_action_same (const CpAction *a, const CpAction *b)
{
  const guint8 mask = (guint8) ~(CP_ACTION_FLAG_REDACTED | CP_ACTION_FLAG_ENTERED);

  return a->type == b->type && a->seat == b->seat && a->piece == b->piece
         && (a->flags & mask) == (b->flags & mask) && a->value == b->value
         && a->n_cells == b->n_cells
         && (a->text == b->text || g_strcmp0 (a->text, b->text) == 0)
         && memcmp (a->cells, b->cells, a->n_cells) == 0;
}

gboolean
cp_action_is_public (const CpAction *action)
{
  return action->visible == CP_SEATS_ALL;
}

gboolean
cp_action_visible_to (const CpAction *action, guint seat)
{
  return action->visible == CP_SEATS_ALL || (seat < 8 && (action->visible & CP_SEAT_BIT (seat)) != 0);
}

/**
 * cp_action_log_visible_to:
 * @log: a log of @n actions
 *
 * Whether @seat may know action @index of @log: those it was shown, and
 * sealed choices that a later random result of the log has revealed
 * before any move was made.  A choice that play goes on from, such as
 * a table of secret moves, stays sealed.
 */
gboolean
cp_action_log_visible_to (const CpAction *log, guint n, guint index, guint seat)
{
  g_return_val_if_fail (index < n, FALSE);

  if (cp_action_visible_to (&log[index], seat))
    return TRUE;
  if (log[index].type != CP_ACTION_COMMIT)
    return FALSE;
  for (guint i = index + 1; i < n && log[i].type != CP_ACTION_MOVE; i++)
    if (log[i].type == CP_ACTION_REVEAL && log[i].seat == CP_SEAT_CHANCE)
      return TRUE;
  return FALSE;
}

/* Keeps only what everyone may know of an action: who acted and what kind
 * of action it was. */
void
cp_action_redact (CpAction *action)
{
  CpAction hidden;

  cp_action_init (&hidden, action->type, action->seat);
  hidden.visible = action->visible;
  hidden.flags = CP_ACTION_FLAG_REDACTED;
  *action = hidden;
}

const char *
cp_action_type_to_id (CpActionType type)
{
  return type < CP_N_ACTION_TYPES ? type_ids[type] : NULL;
}

gboolean
cp_action_type_from_id (const char *id, CpActionType *type)
{
  for (guint i = 1; i < CP_N_ACTION_TYPES; i++)
    if (g_strcmp0 (type_ids[i], id) == 0)
      {
        *type = (CpActionType) i;
        return TRUE;
      }
  return FALSE;
}

void
cp_action_list_init (CpActionList *list)
{
  *list = (CpActionList) { NULL, 0, 0 };
}

void
cp_action_list_clear (CpActionList *list)
{
  g_clear_pointer (&list->items, g_free);
  list->len = list->allocated = 0;
}

/* Appends a zeroed action and returns it for filling in. */
CpAction *
cp_action_list_add (CpActionList *list)
{
  if (list->len == list->allocated)
    {
      list->allocated = MAX (64, list->allocated * 2);
      list->items = g_renew (CpAction, list->items, list->allocated);
    }
  memset (&list->items[list->len], 0, sizeof (CpAction));
  return &list->items[list->len++];
}

void
cp_action_list_append (CpActionList *list, const CpAction *action)
{
  *cp_action_list_add (list) = *action;
}

/* Finds @action in a list of legal actions, where a card note without a
 * name stands for a note naming any card. */
gint
cp_action_list_find (const CpActionList *list, const CpAction *action)
{
  CpAction unnamed = *action;

  unnamed.text = NULL;
  for (guint i = 0; i < list->len; i++)
    {
      const CpAction *item = &list->items[i];

      if (cp_action_same (item, action)
          || (item->type == CP_ACTION_CARD_NOTE && item->text == NULL
              && cp_action_same (item, &unnamed)))
        return (gint) i;
    }
  return -1;
}
