/* cp-agent.c: a player that is not a person at the screen
 *
 * A session asks the agent of a seat for an action whenever that seat
 * must act, and cancels the question when the game changes meanwhile
 * (Undo, replay, a new game, the window closing).  Computer players
 * implement it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-agent.h"

G_DEFINE_INTERFACE (CpAgent, cp_agent, G_TYPE_OBJECT)

static void
cp_agent_default_init (CpAgentInterface *iface)
{
}

/**
 * cp_agent_choose_async:
 * @view: the game as the agent's seat sees it
 * @cancellable: (nullable): stops the choice
 *
 * Chooses an action for the seat of @view, one of its legal actions.
 */
void
cp_agent_choose_async (CpAgent *self, CpView *view, GCancellable *cancellable,
                       GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (CP_IS_AGENT (self));

  CP_AGENT_GET_IFACE (self)->choose_async (self, view, cancellable, callback, user_data);
}

/**
 * cp_agent_choose_finish:
 * @action: (out caller-allocates): the action chosen
 *
 * Returns: whether an action was chosen; FALSE with @error set when the
 *   choice was cancelled or failed
 */
gboolean
cp_agent_choose_finish (CpAgent *self, GAsyncResult *result, CpAction *action, GError **error)
{
  g_return_val_if_fail (CP_IS_AGENT (self), FALSE);

  return CP_AGENT_GET_IFACE (self)->choose_finish (self, result, action, error);
}

/**
 * cp_agent_hurry:
 *
 * Asks the agent to answer the question open now at once, with the best
 * action it has found so far.  An agent that cannot be hurried answers in
 * its own time.
 */
void
cp_agent_hurry (CpAgent *self)
{
  CpAgentInterface *iface;

  g_return_if_fail (CP_IS_AGENT (self));

  iface = CP_AGENT_GET_IFACE (self);
  if (iface->hurry != NULL)
    iface->hurry (self);
}
