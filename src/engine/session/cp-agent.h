/* cp-agent.h: a player that is not a person at the screen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-view.h"

G_BEGIN_DECLS

#define CP_TYPE_AGENT (cp_agent_get_type ())
G_DECLARE_INTERFACE (CpAgent, cp_agent, CP, AGENT, GObject)

struct _CpAgentInterface
{
  GTypeInterface parent_iface;

  /* Chooses an action for the view's seat, which must act in the view's
   * state; the view holds no more than that seat may know. */
  void     (*choose_async)  (CpAgent             *self,
                             CpView              *view,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data);
  gboolean (*choose_finish) (CpAgent             *self,
                             GAsyncResult        *result,
                             CpAction            *action,
                             GError             **error);
  /* Optional: answers the question open now at once, with the best
   * action found so far. */
  void     (*hurry)         (CpAgent             *self);
};

void     cp_agent_choose_async  (CpAgent             *self,
                                 CpView              *view,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data);
gboolean cp_agent_choose_finish (CpAgent             *self,
                                 GAsyncResult        *result,
                                 CpAction            *action,
                                 GError             **error);
void     cp_agent_hurry         (CpAgent             *self);

G_END_DECLS
