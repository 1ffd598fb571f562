/* cp-eval-graph.h: a graph of the evaluations of a game's positions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cp-game.h"

G_BEGIN_DECLS

#define CP_TYPE_EVAL_GRAPH (cp_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (CpEvalGraph, cp_eval_graph, CP, EVAL_GRAPH, GtkWidget)

GtkWidget *cp_eval_graph_new          (void);
void       cp_eval_graph_set_game     (CpEvalGraph *self,
                                       CpGame      *game);
guint      cp_eval_graph_get_n_points (CpEvalGraph *self);
guint      cp_eval_graph_cursor_at    (CpEvalGraph *self,
                                       double       x);
double     cp_eval_graph_x_of         (CpEvalGraph *self,
                                       guint        cursor);
void       cp_eval_graph_click        (CpEvalGraph *self,
                                       double       x);

G_END_DECLS
