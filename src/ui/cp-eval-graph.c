/* cp-eval-graph.c: a graph of the evaluations of a game's positions
 *
 * The graph runs from the first position to the last, left to right (or
 * right to left where the language is written so), with the first seat's
 * advantage up and the second's down, a mate at the edge; the area
 * between the line and the middle is filled in the colour of the side
 * ahead.  A line marks the position the replay shows, dots the moves the
 * analysis marked.  A click goes to the position under it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "cp-eval-graph.h"
#include "cp-move-list.h"

/* The advantage at the edge, in pawns: more counts as much. */
#define SCALE_PAWNS 6.0
#define MARGIN 5.0

struct _CpEvalGraph
{
  GtkWidget parent_instance;

  CpGame *game;
};

G_DEFINE_FINAL_TYPE (CpEvalGraph, cp_eval_graph, GTK_TYPE_WIDGET)

/* The evaluation of the position after @k actions: the one the analysis
 * gave after the action before it, or for the first position, before the
 * first action; FALSE when it has none. */
static gboolean
eval_at (CpEvalGraph *self, guint k, CpEval *eval)
{
  CpAnnotations *annotations = cp_game_get_annotations (self->game);
  const CpAnnotation *a;

  if (k > 0 && (a = cp_annotations_get (annotations, k - 1)) != NULL && a->eval.known)
    {
      *eval = a->eval;
      return TRUE;
    }
  if (k == 0 || k == cp_move_list_first_position (self->game))
    for (guint i = k; i < cp_annotations_get_length (annotations); i++)
      if ((a = cp_annotations_get (annotations, i)) != NULL)
        {
          *eval = a->best_eval;
          return a->best_eval.known;
        }
  return FALSE;
}

/* How many positions the graph spans: those of the log. */
guint
cp_eval_graph_get_n_points (CpEvalGraph *self)
{
  g_return_val_if_fail (CP_IS_EVAL_GRAPH (self), 0);
  return self->game != NULL ? cp_game_get_n_actions (self->game) + 1 : 0;
}

static gboolean
right_to_left (CpEvalGraph *self)
{
  return gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL;
}

/* Where the position after @cursor actions is drawn across the graph. */
double
cp_eval_graph_x_of (CpEvalGraph *self, guint cursor)
{
  guint n = cp_eval_graph_get_n_points (self);
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * MARGIN;
  double x = n > 1 ? MARGIN + width * cursor / (n - 1) : MARGIN;

  return right_to_left (self) ? gtk_widget_get_width (GTK_WIDGET (self)) - x : x;
}

static double
y_of (const CpEval *eval, double height)
{
  double pawns = CLAMP (cp_eval_to_pawns (eval), -SCALE_PAWNS, SCALE_PAWNS);

  return height / 2 - pawns / SCALE_PAWNS * (height / 2 - MARGIN);
}

/**
 * cp_eval_graph_cursor_at:
 *
 * The position a click at @x goes to: the nearest that the replay shows
 * (a random result belongs to the action before it) and the analysis
 * evaluated, or any when none is.
 */
guint
cp_eval_graph_cursor_at (CpEvalGraph *self, double x)
{
  guint n = cp_eval_graph_get_n_points (self);
  guint best = G_MAXUINT;
  double best_distance = G_MAXDOUBLE;

  g_return_val_if_fail (CP_IS_EVAL_GRAPH (self), 0);

  if (n == 0)
    return 0;
  for (guint pass = 0; pass < 2 && best == G_MAXUINT; pass++)
    for (guint k = cp_move_list_first_position (self->game); k < n;
         k = cp_move_list_next_position (self->game, k))
      {
        CpEval eval;
        double distance = fabs (cp_eval_graph_x_of (self, k) - x);

        if ((pass == 1 || eval_at (self, k, &eval)) && distance < best_distance)
          {
            best = k;
            best_distance = distance;
          }
        if (cp_move_list_next_position (self->game, k) <= k)
          break;
      }
  return best == G_MAXUINT ? 0 : best;
}

/**
 * cp_eval_graph_click:
 *
 * Goes to the position nearest @x, as a click there does.
 */
void
cp_eval_graph_click (CpEvalGraph *self, double x)
{
  g_return_if_fail (CP_IS_EVAL_GRAPH (self));

  if (self->game != NULL && cp_eval_graph_get_n_points (self) > 0)
    cp_game_set_cursor (self->game, cp_eval_graph_cursor_at (self, x));
}

static void
pressed (GtkGestureClick *gesture, int n_press, double x, double y, CpEvalGraph *self)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  cp_eval_graph_click (self, x);
}

static void
set_colour (cairo_t *cr, const GdkRGBA *rgba, double alpha)
{
  cairo_set_source_rgba (cr, rgba->red, rgba->green, rgba->blue, rgba->alpha * alpha);
}

static void
mark_colour (CpMoveMark mark, GdkRGBA *rgba)
{
  /* The colours of the palette of GNOME's human interface guidelines. */
  const char *name = mark == CP_MOVE_MARK_BLUNDER ? "#e01b24"
                     : mark == CP_MOVE_MARK_MISTAKE ? "#ff7800"
                     : mark == CP_MOVE_MARK_DUBIOUS ? "#f6d32d" : "#33d17a";

  gdk_rgba_parse (rgba, name);
}

static void
draw (CpEvalGraph *self, cairo_t *cr, double width, double height)
{
  CpAnnotations *annotations = cp_game_get_annotations (self->game);
  guint n = cp_eval_graph_get_n_points (self);
  GdkRGBA fg, white, black, colour;
  gboolean any = FALSE;
  double first_x = 0, last_x = 0, cursor_x;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
  gdk_rgba_parse (&white, "#f6f5f4");
  gdk_rgba_parse (&black, "#3d3846");

  /* The second seat's half, then the first's over it, up to the line. */
  set_colour (cr, &black, 0.9);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  cairo_new_path (cr);
  for (guint k = 0; k < n; k++)
    {
      CpEval eval;
      double x = cp_eval_graph_x_of (self, k);

      if (!eval_at (self, k, &eval))
        continue;
      if (!any)
        {
          cairo_move_to (cr, x, height);
          first_x = x;
        }
      cairo_line_to (cr, x, y_of (&eval, height));
      last_x = x;
      any = TRUE;
    }
  if (any)
    {
      cairo_line_to (cr, last_x, height);
      cairo_line_to (cr, first_x, height);
      cairo_close_path (cr);
      set_colour (cr, &white, 1);
      cairo_fill (cr);
    }

  /* The middle: an even game. */
  set_colour (cr, &fg, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, 0, floor (height / 2) + 0.5);
  cairo_line_to (cr, width, floor (height / 2) + 0.5);
  cairo_stroke (cr);

  /* The marked moves. */
  for (guint i = 0; i < cp_annotations_get_length (annotations) && i < n - 1; i++)
    {
      const CpAnnotation *a = cp_annotations_get (annotations, i);

      if (a == NULL || a->mark == CP_MOVE_MARK_NONE || !a->eval.known)
        continue;
      mark_colour (a->mark, &colour);
      set_colour (cr, &colour, 1);
      cairo_arc (cr, cp_eval_graph_x_of (self, i + 1), y_of (&a->eval, height), 3.5, 0, 2 * G_PI);
      cairo_fill_preserve (cr);
      set_colour (cr, &black, 1);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }

  /* The position shown. */
  cursor_x = floor (cp_eval_graph_x_of (self, cp_game_get_cursor (self->game))) + 0.5;
  gdk_rgba_parse (&colour, "#3584e4");
  set_colour (cr, &colour, 1);
  cairo_set_line_width (cr, 2);
  cairo_move_to (cr, cursor_x, 0);
  cairo_line_to (cr, cursor_x, height);
  cairo_stroke (cr);
}

static void
cp_eval_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  CpEvalGraph *self = CP_EVAL_GRAPH (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->game == NULL || width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw (self, cr, width, height);
  cairo_destroy (cr);
}

static void
cp_eval_graph_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = 48;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 96 : 72;
}

static void
cp_eval_graph_dispose (GObject *object)
{
  cp_eval_graph_set_game (CP_EVAL_GRAPH (object), NULL);
  G_OBJECT_CLASS (cp_eval_graph_parent_class)->dispose (object);
}

static void
cp_eval_graph_class_init (CpEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_eval_graph_dispose;
  widget_class->snapshot = cp_eval_graph_snapshot;
  widget_class->measure = cp_eval_graph_measure;
  gtk_widget_class_set_css_name (widget_class, "evalgraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
cp_eval_graph_init (CpEvalGraph *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_add_css_class (GTK_WIDGET (self), "card");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Evaluation graph"), -1);
}

GtkWidget *
cp_eval_graph_new (void)
{
  return g_object_new (CP_TYPE_EVAL_GRAPH, NULL);
}

static void
redraw (CpEvalGraph *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * cp_eval_graph_set_game:
 *
 * Draws the evaluations of @game's annotations, following them and its
 * replay cursor.
 */
void
cp_eval_graph_set_game (CpEvalGraph *self, CpGame *game)
{
  g_return_if_fail (CP_IS_EVAL_GRAPH (self));

  if (self->game == game)
    return;
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->game, self);
      g_signal_handlers_disconnect_by_data (cp_game_get_annotations (self->game), self);
    }
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect_swapped (game, "changed", G_CALLBACK (redraw), self);
      g_signal_connect_swapped (game, "notify::cursor", G_CALLBACK (redraw), self);
      g_signal_connect_swapped (cp_game_get_annotations (game), "changed", G_CALLBACK (redraw), self);
    }
  redraw (self);
}
