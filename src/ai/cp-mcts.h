/* cp-mcts.h: information-set Monte Carlo tree search for computer players
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-search.h"

G_BEGIN_DECLS

/* What a search did. */
typedef struct {
  guint64 iterations;
  guint64 nodes;        /* positions made */
  gint64 elapsed;       /* microseconds */
  double value;         /* the reward the seat expects of its move, 0 to 1 */
  double share;         /* the part of the iterations spent on that move, 0 to 1 */
  guint tree;           /* the nodes of the trees: situations the seats could tell apart */
} CpMctsInfo;

#define CP_TYPE_MCTS (cp_mcts_get_type ())
G_DECLARE_FINAL_TYPE (CpMcts, cp_mcts, CP, MCTS, GObject)

CpMcts     *cp_mcts_new          (void);
void        cp_mcts_set_rollout  (CpMcts             *self,
                                  guint               plies,
                                  guint               width);
void        cp_mcts_set_threads  (CpMcts             *self,
                                  guint               n_threads);
gboolean    cp_mcts_run          (CpMcts             *self,
                                  const CpState      *view,
                                  guint               seat,
                                  const CpSearchLimits *limits,
                                  guint32             seed,
                                  GCancellable       *cancellable,
                                  CpAction           *best,
                                  CpMctsInfo         *info);

G_END_DECLS
