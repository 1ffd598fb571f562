/* cp-search.h: game-tree search for computer players
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-rules.h"

G_BEGIN_DECLS

/* Scores are in hundredths of a pawn for the seat searched; a won game is
 * CP_SEARCH_MATE less the plies it takes, a lost one the opposite. */
#define CP_SEARCH_MATE 30000
#define CP_SEARCH_MATE_BOUND (CP_SEARCH_MATE - 1000)
#define CP_SEARCH_MAX_PLY 96

/* What a search has found so far, after each finished depth. */
typedef struct {
  guint depth;
  int score;
  guint64 nodes;
  gint64 elapsed;      /* microseconds */
  guint n_pv;          /* the line the search expects, best move first */
  CpAction pv[CP_SEARCH_MAX_PLY];
} CpSearchInfo;

typedef void (*CpSearchInfoFunc) (const CpSearchInfo *info, gpointer user_data);

/* When to stop; zero fields do not limit. */
typedef struct {
  guint depth;
  guint64 nodes;
  gint64 deadline;       /* g_get_monotonic_time() at which to stop at once */
  gint64 soft_deadline;  /* after which no further depth is begun */
} CpSearchLimits;

#define CP_TYPE_SEARCH (cp_search_get_type ())
G_DECLARE_FINAL_TYPE (CpSearch, cp_search, CP, SEARCH, GObject)

CpSearch   *cp_search_new            (guint              table_megabytes);
gboolean    cp_search_supports       (const CpState     *state);
void        cp_search_clear          (CpSearch          *self);
void        cp_search_set_threads    (CpSearch          *self,
                                      guint              n_threads);
void        cp_search_set_info_func  (CpSearch          *self,
                                      CpSearchInfoFunc   func,
                                      gpointer           user_data);
void        cp_search_set_history    (CpSearch          *self,
                                      const guint64     *keys,
                                      guint              n_keys);
gboolean    cp_search_run            (CpSearch          *self,
                                      const CpState     *state,
                                      guint              seat,
                                      const CpSearchLimits *limits,
                                      GCancellable      *cancellable,
                                      CpAction          *best,
                                      CpSearchInfo      *info);
void        cp_search_rate           (CpSearch          *self,
                                      const CpState     *state,
                                      guint              seat,
                                      guint              depth,
                                      const CpActionList *moves,
                                      int                margin,
                                      const CpSearchLimits *limits,
                                      int               *scores);

G_END_DECLS
