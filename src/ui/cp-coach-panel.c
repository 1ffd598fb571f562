/* cp-coach-panel.c: the coach's graph, progress and comment under the moves
 *
 * The panel shows what the coach (CpCoach) says of a game: the graph of
 * its evaluations, a progress bar with a button that stops the analysis
 * while it runs, and for the move the replay has reached, its mark, the
 * evaluation after it and the line the computer preferred.  It shows only
 * for a game the coach may analyse (nothing hidden, or over), once there
 * is something to show.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cp-coach.h"
#include "cp-coach-panel.h"
#include "cp-ui-resources.h"

struct _CpCoachPanel
{
  GtkBox parent_instance;

  CpEvalGraph *graph;
  GtkRevealer *progress_revealer;
  GtkProgressBar *progress_bar;
  GtkLabel *comment;

  CpCoach *coach;
  GCancellable *cancellable;
  CpGame *game;
  CpGame *analysing;          /* the game of the analysis running */
  CpNotation notation;
  char *comment_text;
};

G_DEFINE_FINAL_TYPE (CpCoachPanel, cp_coach_panel, GTK_TYPE_BOX)

enum {
  CHANGED,
  ANALYSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The index of the move the replay has reached: the last action of a
 * player before the cursor; FALSE when there is none. */
static gboolean
selected_index (CpCoachPanel *self, guint *index)
{
  for (guint i = cp_game_get_cursor (self->game); i > 0; i--)
    {
      const CpAction *action = cp_game_get_action (self->game, i - 1);

      if (action->seat != CP_SEAT_CHANCE && action->type < CP_ACTION_RESIGN)
        {
          *index = i - 1;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
shown (CpCoachPanel *self)
{
  return self->game != NULL && cp_coach_can_analyse (self->game)
         && (cp_coach_is_running (self->coach) || !cp_annotations_is_empty (cp_game_get_annotations (self->game)));
}

/* The annotation of the selected move, when the panel shows. */
static const CpAnnotation *
selected_annotation (CpCoachPanel *self, guint *index)
{
  if (!shown (self) || !selected_index (self, index))
    return NULL;
  return cp_annotations_get (cp_game_get_annotations (self->game), *index);
}

/* Whether the computer preferred another action to the one at @index,
 * which it marked, or found worse by more than a tenth of a pawn. */
static gboolean
prefers_other (CpCoachPanel *self, const CpAnnotation *a, guint index)
{
  const CpAction *played = cp_game_get_action (self->game, index);

  if (a->n_line == 0 || cp_action_same (&a->line[0], played))
    return FALSE;
  return a->mark != CP_MOVE_MARK_NONE
         || cp_eval_for_seat (&a->eval, played->seat) + 10 < cp_eval_for_seat (&a->best_eval, played->seat);
}

/* What the coach says of the selected move, in a sentence or two. */
static char *
describe (CpCoachPanel *self)
{
  const CpAnnotation *a;
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *eval = NULL;
  guint index;

  if ((a = selected_annotation (self, &index)) == NULL)
    return NULL;
  eval = cp_eval_format (&a->eval);
  if (a->mark != CP_MOVE_MARK_NONE)
    {
      /* Translators: a move's mark and what it means, such as "?? A
       * blunder." */
      g_string_append_printf (out, _("%s %s."), cp_move_mark_to_symbol (a->mark), cp_move_mark_describe (a->mark));
      g_string_append_c (out, ' ');
    }
  if (eval[0] != '\0')
    /* Translators: the evaluation of a position, such as "+0.35" (the
     * first player is ahead by about a third of a pawn), "−1.20" or "#3"
     * (the first player mates in three moves) */
    g_string_append_printf (out, _("Evaluation: %s"), eval);
  if (prefers_other (self, a, index))
    {
      g_autoptr (CpState) before = cp_game_state_at (self->game, index);
      g_autofree char *best = cp_state_format (before, &a->line[0], self->notation);
      g_autofree char *line = cp_annotation_format_line (a, before, self->notation);
      g_autofree char *best_eval = cp_eval_format (&a->best_eval);

      if (out->len > 0)
        g_string_append (out, "\n");
      /* Translators: the move the computer would have made instead and
       * its evaluation, such as "Better: g6 (+0.20)" */
      g_string_append_printf (out, _("Better: %s (%s)"), best, best_eval);
      if (a->n_line > 1)
        {
          g_string_append (out, "\n");
          /* Translators: the moves the computer expected to follow, its
           * preferred move first, such as "Line: g6 Qf3 Nf6" */
          g_string_append_printf (out, _("Line: %s"), line);
        }
    }
  if (out->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
refresh (CpCoachPanel *self)
{
  /* An analysis may end after the panel has let go of its widgets. */
  if (self->comment == NULL)
    return;
  g_clear_pointer (&self->comment_text, g_free);
  self->comment_text = self->game != NULL ? describe (self) : NULL;
  gtk_label_set_text (self->comment, self->comment_text ? self->comment_text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->comment), self->comment_text != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), shown (self));
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
progress_changed (CpCoachPanel *self)
{
  gtk_progress_bar_set_fraction (self->progress_bar, cp_coach_get_progress (self->coach));
}

static void
running_changed (CpCoachPanel *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->progress_revealer), cp_coach_is_running (self->coach));
  gtk_revealer_set_reveal_child (self->progress_revealer, cp_coach_is_running (self->coach));
  refresh (self);
}

static void
stop_clicked (CpCoachPanel *self)
{
  cp_coach_panel_stop (self);
}

static void
cp_coach_panel_dispose (GObject *object)
{
  CpCoachPanel *self = CP_COACH_PANEL (object);

  cp_coach_panel_stop (self);
  cp_coach_panel_set_game (self, NULL);
  if (self->coach != NULL)
    g_signal_handlers_disconnect_by_data (self->coach, self);
  g_clear_object (&self->coach);
  gtk_widget_dispose_template (GTK_WIDGET (object), CP_TYPE_COACH_PANEL);
  G_OBJECT_CLASS (cp_coach_panel_parent_class)->dispose (object);
}

static void
cp_coach_panel_finalize (GObject *object)
{
  CpCoachPanel *self = CP_COACH_PANEL (object);

  g_free (self->comment_text);
  G_OBJECT_CLASS (cp_coach_panel_parent_class)->finalize (object);
}

static void
cp_coach_panel_class_init (CpCoachPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /* The template lives in the interface's resources, in a static library:
   * using them here keeps them, and their registration, in any program
   * that uses the panel. */
  (void) cp_ui_get_resource ();

  object_class->dispose = cp_coach_panel_dispose;
  object_class->finalize = cp_coach_panel_finalize;

  /**
   * CpCoachPanel::changed:
   *
   * What the panel shows changed: the selected move, its annotation, or
   * whether the panel shows at all.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CpCoachPanel::analysed:
   *
   * An analysis ended, or was stopped, and left annotations in the game.
   */
  signals[ANALYSED] = g_signal_new ("analysed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (CP_TYPE_EVAL_GRAPH);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chess_parlour/ChessParlour/ui/cp-coach-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CpCoachPanel, graph);
  gtk_widget_class_bind_template_child (widget_class, CpCoachPanel, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, CpCoachPanel, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, CpCoachPanel, comment);
  gtk_widget_class_bind_template_callback (widget_class, stop_clicked);
}

static void
cp_coach_panel_init (CpCoachPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->notation = CP_NOTATION_SAN_LOCAL;
  self->coach = cp_coach_new ();
  g_signal_connect_swapped (self->coach, "notify::progress", G_CALLBACK (progress_changed), self);
  g_signal_connect_swapped (self->coach, "notify::running", G_CALLBACK (running_changed), self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
cp_coach_panel_new (void)
{
  return g_object_new (CP_TYPE_COACH_PANEL, NULL);
}

/* How the comment writes moves. */
void
cp_coach_panel_set_notation (CpCoachPanel *self, CpNotation notation)
{
  g_return_if_fail (CP_IS_COACH_PANEL (self));

  if (self->notation == notation)
    return;
  self->notation = notation;
  if (self->game != NULL)
    refresh (self);
}

/**
 * cp_coach_panel_set_game:
 *
 * Shows what the coach says of @game; an analysis of another game stops.
 */
void
cp_coach_panel_set_game (CpCoachPanel *self, CpGame *game)
{
  g_return_if_fail (CP_IS_COACH_PANEL (self));

  if (self->game != game)
    {
      cp_coach_panel_stop (self);
      if (self->game != NULL)
        {
          g_signal_handlers_disconnect_by_data (self->game, self);
          g_signal_handlers_disconnect_by_data (cp_game_get_annotations (self->game), self);
        }
      g_set_object (&self->game, game);
      if (game != NULL)
        {
          g_signal_connect_swapped (game, "changed", G_CALLBACK (refresh), self);
          g_signal_connect_swapped (game, "notify::cursor", G_CALLBACK (refresh), self);
          g_signal_connect_swapped (cp_game_get_annotations (game), "changed", G_CALLBACK (refresh), self);
        }
      cp_eval_graph_set_game (self->graph, game);
    }
  refresh (self);
}

/**
 * cp_coach_panel_can_analyse:
 *
 * Whether the game may be analysed now: one the coach analyses, and no
 * analysis running.
 */
gboolean
cp_coach_panel_can_analyse (CpCoachPanel *self)
{
  g_return_val_if_fail (CP_IS_COACH_PANEL (self), FALSE);
  return self->game != NULL && !cp_coach_is_running (self->coach) && cp_coach_can_analyse (self->game);
}

gboolean
cp_coach_panel_is_running (CpCoachPanel *self)
{
  g_return_val_if_fail (CP_IS_COACH_PANEL (self), FALSE);
  return cp_coach_is_running (self->coach);
}

static void
analysed (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (CpCoachPanel) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = g_steal_pointer (&self->analysing);

  if (!cp_coach_analyse_finish (CP_COACH (source), result, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("%s", error->message);
  g_clear_object (&self->cancellable);
  refresh (self);
  if (game != NULL && game == self->game && !cp_annotations_is_empty (cp_game_get_annotations (game)))
    g_signal_emit (self, signals[ANALYSED], 0);
}

/**
 * cp_coach_panel_analyse:
 *
 * Has the coach analyse the game in the background, the graph growing
 * as it goes.
 */
void
cp_coach_panel_analyse (CpCoachPanel *self)
{
  g_return_if_fail (CP_IS_COACH_PANEL (self));

  if (!cp_coach_panel_can_analyse (self))
    return;
  self->cancellable = g_cancellable_new ();
  g_set_object (&self->analysing, self->game);
  cp_coach_analyse_async (self->coach, self->game, self->cancellable, analysed, g_object_ref (self));
}

/**
 * cp_coach_panel_stop:
 *
 * Stops a running analysis; what it found so far stays.
 */
void
cp_coach_panel_stop (CpCoachPanel *self)
{
  g_return_if_fail (CP_IS_COACH_PANEL (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

/**
 * cp_coach_panel_set_budget:
 *
 * See cp_coach_set_budget().
 */
void
cp_coach_panel_set_budget (CpCoachPanel *self, guint depth, guint64 nodes)
{
  g_return_if_fail (CP_IS_COACH_PANEL (self));
  cp_coach_set_budget (self->coach, depth, nodes);
}

/**
 * cp_coach_panel_get_preferred:
 * @action: (out caller-allocates): the action preferred
 *
 * The action the computer preferred to the move the replay has reached,
 * for the board to show; FALSE when it preferred that move, or the panel
 * does not show.
 */
gboolean
cp_coach_panel_get_preferred (CpCoachPanel *self, CpAction *action)
{
  const CpAnnotation *a;
  guint index;

  g_return_val_if_fail (CP_IS_COACH_PANEL (self), FALSE);

  if (self->game == NULL || (a = selected_annotation (self, &index)) == NULL || !prefers_other (self, a, index))
    return FALSE;
  *action = a->line[0];
  return TRUE;
}

/* The comment shown; NULL when none is. */
const char *
cp_coach_panel_get_comment (CpCoachPanel *self)
{
  g_return_val_if_fail (CP_IS_COACH_PANEL (self), NULL);
  return self->comment_text;
}

CpEvalGraph *
cp_coach_panel_get_graph (CpCoachPanel *self)
{
  g_return_val_if_fail (CP_IS_COACH_PANEL (self), NULL);
  return self->graph;
}
