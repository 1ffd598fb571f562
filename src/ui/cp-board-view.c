/* cp-board-view.c: the board on screen, and moves made on it
 *
 * Every legal action is a path of cells, whatever its type.  A path of
 * several cells (a move, a checker thrown) is built cell by cell: the
 * piece's cell, then each cell it lands on.  After every cell the view
 * keeps the legal actions whose path begins with the cells chosen so far;
 * when exactly one complete action is left (or the player picks the last
 * cell again to end a longer chain) the view emits it.  Actions that
 * differ only in the piece chosen (promotions, placements) ask with a
 * popover.  A click on a cell that no longer path starts from plays the
 * actions of that one cell (placing a piece, taking one off, burying).
 * Clicks, drags and the keyboard all go through this.
 *
 * Over each cell lies a CpBoardCell, which draws nothing: the keyboard's
 * cursor is the cell that has the focus, and assistive technologies read
 * and activate the cells as the grid's own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "cp-board-cell.h"
#include "cp-board-view.h"
#include "cp-engine.h"

#define DRAG_THRESHOLD 6.0
#define MOTION_USEC (180 * G_TIME_SPAN_MILLISECOND)

/* The most actions that differ only in the piece a pawn becomes. */
#define MAX_CHOICES 8

struct _CpBoardView
{
  GtkWidget parent_instance;

  CpBoardRenderer *renderer;
  CpState *state;
  CpActionList legal;
  CpBoardThemeId theme;
  gboolean show_hints;
  gboolean show_coordinates;
  gboolean animate;

  /* The move being built. */
  guint8 path[CP_ACTION_MAX_CELLS];
  guint path_len;

  /* Pointer input. */
  guint press_cell;
  gboolean dragging;
  double press_x, press_y;

  guint cursor;
  guint8 hint_from, hint_to;  /* a computer player's suggestion, or CP_NO_CELL */
  GtkWidget *popover;
  CpAction choices[MAX_CHOICES];  /* the actions the popover offers */
  guint n_choices;
  CpColour colours[CP_MAX_SEATS];

  guint tick_id;
  gint64 motion_start;
  guint8 motion_from, motion_to;

  guint hover_cell;     /* the cell under the pointer, or CP_NO_CELL */
  char *cell_info;      /* what is on it, or on the cursor's cell */
  gboolean keyboard_info; /* the keyboard moved the cursor since the board
                           * last lost the focus */
  GArray *legend;       /* CpLegendEntry of the presentation shown */
  GPtrArray *cells;     /* CpBoardCell by cell, NULL where the board has none */
  CpBoard *cells_board; /* the board they were made for */
  gboolean focus_wanted; /* the focus was asked for before there were cells */
  gboolean focus_within; /* a cell has the focus */
};

G_DEFINE_FINAL_TYPE (CpBoardView, cp_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SHOW_HINTS,
  PROP_SHOW_COORDINATES,
  PROP_ANIMATE,
  PROP_THEME,
  PROP_CELL_INFO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ACTION_CHOSEN,
  CELL_REFUSED,
  LEGEND_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Whether cell @i of @action's path may be picked as @cell: its own cell,
 * or for the last one where the piece really lands (a castling king). */
static gboolean
step_matches (CpBoardView *self, const CpAction *action, guint i, guint cell)
{
  if (action->cells[i] == cell)
    return TRUE;
  return i + 1 == action->n_cells && i > 0 && cp_state_landing (self->state, action) == cell;
}

static gboolean
matches_path (CpBoardView *self, const CpAction *action, const guint8 *path, guint len)
{
  if (action->n_cells < 2 || action->n_cells < len)
    return FALSE;
  for (guint i = 0; i < len; i++)
    if (!step_matches (self, action, i, path[i]))
      return FALSE;
  return TRUE;
}

static gboolean
path_can_take (CpBoardView *self, guint cell)
{
  guint8 path[CP_ACTION_MAX_CELLS];

  if (self->path_len >= CP_ACTION_MAX_CELLS)
    return FALSE;
  memcpy (path, self->path, self->path_len);
  path[self->path_len] = (guint8) cell;
  for (guint i = 0; i < self->legal.len; i++)
    if (matches_path (self, &self->legal.items[i], path, self->path_len + 1))
      return TRUE;
  return FALSE;
}

static char *describe (CpBoardView *self, guint cell, gboolean cell_first);

/* Whether the cursor shows: the keyboard's focus is on a cell. */
static gboolean
cursor_shows (CpBoardView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return self->focus_within
         && GTK_IS_WINDOW (root) && gtk_window_get_focus_visible (GTK_WINDOW (root));
}

/* The line under the board says what is on the cell under the pointer,
 * or else on the cell of the keyboard's cursor while it shows or since
 * the keyboard moved it. */
static void
update_cell_info (CpBoardView *self)
{
  guint cell = self->hover_cell;
  g_autofree char *text = NULL;

  if (cell == CP_NO_CELL && (self->keyboard_info || cursor_shows (self)))
    cell = self->cursor;
  text = cell != CP_NO_CELL ? cp_board_view_describe_cell (self, cell) : g_strdup ("");
  if (g_strcmp0 (text, self->cell_info) == 0)
    return;
  g_free (self->cell_info);
  self->cell_info = g_steal_pointer (&text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CELL_INFO]);
}

/* Tells each cell what is on it and what may be done there now. */
static void
describe_cells (CpBoardView *self, const CpCellSet *starts, const CpCellSet *targets, const CpCellSet *captures)
{
  for (guint c = 0; self->cells != NULL && c < self->cells->len; c++)
    {
      CpBoardCell *widget = g_ptr_array_index (self->cells, c);
      g_autofree char *label = NULL;
      const char *description = "";
      gboolean selected = self->path_len > 0 && self->path[0] == c;

      if (widget == NULL)
        continue;
      label = describe (self, c, TRUE);
      if (selected)
        description = _("Picked up: choose where it goes, or press it again to put it back");
      else if (cp_cell_set_contains (captures, c))
        description = self->path_len > 0 ? _("A capture can end here") : _("Can be taken off or captured here");
      else if (cp_cell_set_contains (targets, c))
        description = self->path_len > 0 ? _("A move can end here") : _("Can be played here");
      else if (cp_cell_set_contains (starts, c))
        description = _("Can move");
      cp_board_cell_describe (widget, label, description, selected);
    }
}

static void
update_decorations (CpBoardView *self)
{
  CpCellSet targets = { { 0 } }, captures = { { 0 } }, starts = { { 0 } }, none = { { 0 } };

  CpArrow path[CP_ACTION_MAX_CELLS + 1];
  guint n_arrows = 0;

  cp_board_renderer_set_selected (self->renderer, self->path_len > 0 ? self->path[0] : CP_NO_CELL);
  for (guint i = 0; i < self->legal.len; i++)
    {
      const CpAction *a = &self->legal.items[i];
      guint next;

      /* With nothing picked up, the cells of the actions of one cell:
       * where a piece may be placed, buried under or taken off. */
      if (self->path_len == 0)
        {
          if (a->n_cells == 1)
            cp_cell_set_add ((a->flags & CP_ACTION_FLAG_CAPTURE) || a->type == CP_ACTION_REMOVE
                             ? &captures : &targets, a->cells[0]);
          else if (a->n_cells > 1)
            cp_cell_set_add (&starts, a->cells[0]);
          continue;
        }
      if (!matches_path (self, a, self->path, self->path_len) || a->n_cells <= self->path_len)
        continue;
      next = self->path_len + 1 == a->n_cells ? cp_state_landing (self->state, a)
                                              : a->cells[self->path_len];
      cp_cell_set_add ((a->flags & CP_ACTION_FLAG_CAPTURE) ? &captures : &targets, next);
    }
  if (self->show_hints)
    cp_board_renderer_set_hints (self->renderer, &targets, &captures);
  else
    cp_board_renderer_set_hints (self->renderer, &none, &none);

  /* A chain of several steps shows the way it has come; a hint shows the
   * move suggested. */
  for (guint i = 1; i < self->path_len; i++)
    path[n_arrows++] = (CpArrow) { self->path[i - 1], self->path[i], { 0.15, 0.45, 0.85, 0.8 } };
  if (self->hint_from != CP_NO_CELL && self->path_len == 0)
    path[n_arrows++] = (CpArrow) { self->hint_from, self->hint_to, { 0.15, 0.65, 0.30, 0.85 } };
  cp_board_renderer_set_arrows (self->renderer, path, n_arrows);
  /* The cell cursor shows once the keyboard is in use, as focus rings do. */
  cp_board_renderer_set_cursor (self->renderer, cursor_shows (self) ? self->cursor : CP_NO_CELL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_cell_info (self);
  describe_cells (self, &starts, &targets, &captures);
}

static void
clear_path (CpBoardView *self)
{
  self->path_len = 0;
  update_decorations (self);
}

static void
emit_action (CpBoardView *self, const CpAction *action)
{
  CpAction chosen = *action;

  clear_path (self);
  g_signal_emit (self, signals[ACTION_CHOSEN], 0, &chosen);
}

/* The board.choose action: the popover's button of a choice, by its
 * index. */
static void
choose_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  CpBoardView *self = CP_BOARD_VIEW (widget);
  guint index = g_variant_get_uint32 (parameter);
  CpAction chosen;

  if (index >= self->n_choices)
    return;
  chosen = self->choices[index];
  gtk_popover_popdown (GTK_POPOVER (self->popover));
  emit_action (self, &chosen);
}

/* A piece of a choice; @data holds its kind and, above, its colour. */
#define CHOICE_PIECE(kind, colour) GUINT_TO_POINTER ((guint) (kind) | (guint) (colour) << 8)

static void
draw_choice (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  CpPieceKind kind = GPOINTER_TO_UINT (data) & 0xff;
  CpColour colour = GPOINTER_TO_UINT (data) >> 8;

  cp_piece_art_draw (cp_piece_art_get_default (), cr, kind, colour, 0, 0, MIN (width, height),
                     gtk_widget_get_scale_factor (GTK_WIDGET (area)));
}

/* Several complete actions share the path: they differ in the piece a
 * pawn becomes.  The player picks one. */
static void
choose_among (CpBoardView *self, const CpAction **choices, guint n)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  CpRect rect;
  GdkRectangle pointing;

  self->n_choices = MIN (n, MAX_CHOICES);
  for (guint i = 0; i < self->n_choices; i++)
    {
      /* A piece a card adds may be anyone's: its value names the owner. */
      guint owner = choices[i]->type == CP_ACTION_PLACE && choices[i]->value > 0 ? choices[i]->value - 1
                                                                                   : choices[i]->seat;
      CpColour colour = self->colours[owner % CP_MAX_SEATS];
      GtkWidget *button = gtk_button_new ();
      GtkWidget *area = gtk_drawing_area_new ();
      g_autofree char *label = g_strdup (cp_piece_kind_name (choices[i]->piece));

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 48);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 48);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_choice,
                                      CHOICE_PIECE (choices[i]->piece, colour), NULL);
      gtk_button_set_child (GTK_BUTTON (button), area);
      gtk_widget_set_tooltip_text (button, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      self->choices[i] = *choices[i];
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "board.choose");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", i);
      gtk_box_append (GTK_BOX (box), button);
    }

  gtk_popover_set_child (GTK_POPOVER (self->popover), box);
  cp_board_renderer_cell_rect (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                               gtk_widget_get_height (GTK_WIDGET (self)),
                               cp_state_landing (self->state, choices[0]), &rect);
  pointing = (GdkRectangle) { (int) rect.x, (int) rect.y, (int) rect.width, (int) rect.height };
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), &pointing);
  gtk_popover_popup (GTK_POPOVER (self->popover));
}

/* Ends the move if the path now names exactly one action, or actions that
 * differ only in a promotion.  With @insist, a path that is a complete
 * action ends even when longer chains could go on from it. */
static gboolean
try_finish (CpBoardView *self, gboolean insist)
{
  const CpAction *complete[MAX_CHOICES];
  guint n_complete = 0, n_longer = 0;

  for (guint i = 0; i < self->legal.len; i++)
    {
      const CpAction *a = &self->legal.items[i];

      if (!matches_path (self, a, self->path, self->path_len))
        continue;
      if (a->n_cells == self->path_len)
        {
          if (n_complete < G_N_ELEMENTS (complete))
            complete[n_complete++] = a;
        }
      else
        n_longer++;
    }
  if (n_complete == 0 || (n_longer > 0 && !insist))
    return FALSE;
  /* A piece dropped on a cell of its own path, rather than where a
   * castling king lands, means the move that names that cell. */
  if (n_complete > 1)
    {
      guint n_exact = 0;

      for (guint i = 0; i < n_complete; i++)
        if (complete[i]->cells[self->path_len - 1] == self->path[self->path_len - 1])
          complete[n_exact++] = complete[i];
      if (n_exact > 0)
        n_complete = n_exact;
    }
  if (n_complete == 1)
    emit_action (self, complete[0]);
  else
    choose_among (self, complete, n_complete);
  return TRUE;
}

/* Whether an action of several cells starts on @cell. */
static gboolean
starts_a_move (CpBoardView *self, guint cell)
{
  for (guint i = 0; i < self->legal.len; i++)
    if (self->legal.items[i].n_cells > 1 && self->legal.items[i].cells[0] == cell)
      return TRUE;
  return FALSE;
}

/* Plays the action of the one cell @cell when the player may: at once
 * when there is one, after asking which piece when several differ only
 * in it. */
static gboolean
act_on_cell (CpBoardView *self, guint cell)
{
  const CpAction *choices[8];
  guint n = 0;

  for (guint i = 0; i < self->legal.len && n < G_N_ELEMENTS (choices); i++)
    if (self->legal.items[i].n_cells == 1 && self->legal.items[i].cells[0] == cell)
      choices[n++] = &self->legal.items[i];
  if (n == 1)
    emit_action (self, choices[0]);
  else if (n > 1)
    choose_among (self, choices, n);
  return n > 0;
}

void
cp_board_view_press_cell (CpBoardView *self, guint cell)
{
  gboolean picked;

  g_return_if_fail (CP_IS_BOARD_VIEW (self));

  if (cell == CP_NO_CELL || self->state == NULL)
    {
      clear_path (self);
      return;
    }
  if (self->path_len > 0 && cell == self->path[self->path_len - 1])
    {
      /* The last cell again ends a chain that may end here, or puts a
       * piece that has not moved yet back down. */
      if (self->path_len == 1 || !try_finish (self, TRUE))
        clear_path (self);
      return;
    }
  if (self->path_len > 0 && path_can_take (self, cell))
    {
      self->path[self->path_len++] = (guint8) cell;
      if (!try_finish (self, FALSE))
        update_decorations (self);
      return;
    }
  picked = self->path_len > 0;
  self->path_len = 0;
  if (starts_a_move (self, cell))
    self->path[self->path_len++] = (guint8) cell;
  else if (act_on_cell (self, cell))
    return;
  else if (!picked)
    g_signal_emit (self, signals[CELL_REFUSED], 0, cell);
  update_decorations (self);
}

void
cp_board_view_drop (CpBoardView *self, guint from, guint to)
{
  g_return_if_fail (CP_IS_BOARD_VIEW (self));

  if (self->path_len != 1 || self->path[0] != from)
    {
      self->path_len = 0;
      if (!starts_a_move (self, from))
        return;
      self->path[self->path_len++] = (guint8) from;
    }
  if (to == from)
    {
      update_decorations (self);
      return;
    }
  if (to != CP_NO_CELL && path_can_take (self, to))
    {
      self->path[self->path_len++] = (guint8) to;
      if (try_finish (self, FALSE))
        return;
      update_decorations (self);
      return;
    }
  /* Not a legal drop: the piece goes back and nothing changes. */
  clear_path (self);
}

static guint
cell_at (CpBoardView *self, double x, double y)
{
  return cp_board_renderer_cell_at (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                    gtk_widget_get_height (GTK_WIDGET (self)), x, y);
}

static void
drag_begin (GtkGestureDrag *gesture, double x, double y, CpBoardView *self)
{
  self->press_cell = cell_at (self, x, y);
  self->press_x = x;
  self->press_y = y;
  self->dragging = FALSE;
  if (self->state == NULL)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static void
drag_update (GtkGestureDrag *gesture, double dx, double dy, CpBoardView *self)
{
  if (!self->dragging)
    {
      if (hypot (dx, dy) < DRAG_THRESHOLD || !starts_a_move (self, self->press_cell))
        return;
      self->dragging = TRUE;
      self->path_len = 0;
      self->path[self->path_len++] = (guint8) self->press_cell;
      update_decorations (self);
    }
  cp_board_renderer_set_drag (self->renderer, self->press_cell, self->press_x + dx, self->press_y + dy);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end (GtkGestureDrag *gesture, double dx, double dy, CpBoardView *self)
{
  guint target = cell_at (self, self->press_x + dx, self->press_y + dy);

  cp_board_renderer_set_drag (self->renderer, CP_NO_CELL, 0, 0);
  if (self->dragging)
    cp_board_view_drop (self, self->press_cell, target);
  else
    cp_board_view_press_cell (self, target);
  self->dragging = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The cell next to @from on screen in the direction (dx, dy). */
static guint
neighbour_on_screen (CpBoardView *self, guint from, int dx, int dy)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)), height = gtk_widget_get_height (GTK_WIDGET (self));
  CpBoard *board = self->state->board;
  guint n = cp_board_get_width (board) * cp_board_get_height (board);
  CpRect origin, rect;
  guint best = from;
  double best_score = G_MAXDOUBLE;

  if (!cp_board_renderer_cell_rect (self->renderer, width, height, from, &origin))
    return from;
  for (guint c = 0; c < n; c++)
    {
      double ox, oy, along, across;

      if (c == from || !cp_board_has_cell (board, c)
          || !cp_board_renderer_cell_rect (self->renderer, width, height, c, &rect))
        continue;
      ox = (rect.x - origin.x) / origin.width;
      oy = (rect.y - origin.y) / origin.height;
      along = ox * dx + oy * dy;
      across = fabs (ox * dy) + fabs (oy * dx);
      if (along < 0.5)
        continue;
      /* The nearest cell ahead, preferring the same row or column. */
      if (along + 2 * across < best_score)
        {
          best_score = along + 2 * across;
          best = c;
        }
    }
  return best;
}

static gboolean
key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
             GdkModifierType state, CpBoardView *self)
{
  int dx = 0, dy = 0;

  if (self->state == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: dx = -1; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: dx = 1; break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: dy = -1; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: dy = 1; break;
    case GDK_KEY_Escape:
      if (self->path_len == 0)
        return FALSE;
      clear_path (self);
      return TRUE;
    default:
      return FALSE;
    }
  cp_board_view_set_cursor (self, neighbour_on_screen (self, self->cursor, dx, dy));
  return TRUE;
}

static void
focus_changed (CpBoardView *self)
{
  update_decorations (self);
}

static void
focus_entered (CpBoardView *self)
{
  self->focus_within = TRUE;
  update_decorations (self);
}

static void
focus_left (CpBoardView *self)
{
  self->focus_within = FALSE;
  self->keyboard_info = FALSE;
  update_decorations (self);
}

static void
root_changed (CpBoardView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (GTK_IS_WINDOW (root))
    g_signal_connect_object (root, "notify::focus-visible", G_CALLBACK (focus_changed), self, G_CONNECT_SWAPPED);
}

static gboolean
tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  CpBoardView *self = CP_BOARD_VIEW (widget);
  double progress = (double) (gdk_frame_clock_get_frame_time (clock) - self->motion_start) / MOTION_USEC;

  if (progress >= 1.0)
    {
      cp_board_renderer_set_motion (self->renderer, CP_NO_CELL, CP_NO_CELL, 1.0);
      gtk_widget_queue_draw (widget);
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  /* Ease out: quick start, gentle landing. */
  progress = 1.0 - (1.0 - progress) * (1.0 - progress);
  cp_board_renderer_set_motion (self->renderer, self->motion_from, self->motion_to, progress);
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

/**
 * cp_board_view_animate_move:
 *
 * Slides the piece @action moved from its first cell to where it landed.
 * Call it after showing the state the move led to.
 */
void
cp_board_view_animate_move (CpBoardView *self, const CpAction *action)
{
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (self));
  gboolean enabled = TRUE;

  g_object_get (settings, "gtk-enable-animations", &enabled, NULL);
  if (!self->animate || !enabled || !gtk_widget_get_mapped (GTK_WIDGET (self))
      || action->type != CP_ACTION_MOVE || action->n_cells < 2)
    return;
  self->motion_from = action->cells[0];
  self->motion_to = action->cells[action->n_cells - 1];
  if (action->flags & CP_ACTION_FLAG_CASTLE)
    return;
  self->motion_start = gdk_frame_clock_get_frame_time (gtk_widget_get_frame_clock (GTK_WIDGET (self)));
  cp_board_renderer_set_motion (self->renderer, self->motion_from, self->motion_to, 0.0);
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick, NULL, NULL);
}

static void
apply_theme (CpBoardView *self)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  CpBoardTheme theme;

  cp_board_theme_get (self->theme, adw_style_manager_get_dark (style), &theme);
  if (adw_style_manager_get_high_contrast (style))
    cp_board_theme_set_high_contrast (&theme);
  cp_board_renderer_set_theme (self->renderer, &theme);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
cp_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  CpBoardView *self = CP_BOARD_VIEW (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  CpRect painted;
  cairo_t *cr;

  /* Only the board is painted, not the empty margins around it: the
   * smaller the picture, the sooner it is on the screen. */
  if (self->state == NULL || width <= 0 || height <= 0
      || !cp_board_renderer_get_extents (self->renderer, width, height, scale, &painted))
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (painted.x, painted.y, painted.width, painted.height));
  cp_board_renderer_draw (self->renderer, cr, width, height, scale);
  cairo_destroy (cr);
}

static void
cp_board_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = 240;
  *natural = 640;
}

static void
remove_cells (CpBoardView *self)
{
  for (guint c = 0; self->cells != NULL && c < self->cells->len; c++)
    if (g_ptr_array_index (self->cells, c) != NULL)
      gtk_widget_unparent (g_ptr_array_index (self->cells, c));
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  self->cells_board = NULL;
}

static void
cp_board_view_dispose (GObject *object)
{
  CpBoardView *self = CP_BOARD_VIEW (object);

  g_clear_pointer (&self->popover, gtk_widget_unparent);
  remove_cells (self);
  G_OBJECT_CLASS (cp_board_view_parent_class)->dispose (object);
}

static void
cp_board_view_finalize (GObject *object)
{
  CpBoardView *self = CP_BOARD_VIEW (object);

  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  g_clear_object (&self->renderer);
  g_clear_pointer (&self->state, cp_state_free);
  cp_action_list_clear (&self->legal);
  g_free (self->cell_info);
  g_array_unref (self->legend);
  G_OBJECT_CLASS (cp_board_view_parent_class)->finalize (object);
}

/* A cell took the focus, from the keyboard or an assistive technology:
 * the cursor is there. */
static void
cell_focused (CpBoardView *self, GParamSpec *pspec, GtkWidget *widget)
{
  if (!gtk_widget_has_focus (widget))
    return;
  self->cursor = cp_board_cell_get_cell (CP_BOARD_CELL (widget));
  update_decorations (self);
}

static void
cell_activated (CpBoardView *self, GtkButton *button)
{
  cp_board_view_press_cell (self, cp_board_cell_get_cell (CP_BOARD_CELL (button)));
}

/* A CpBoardCell over each cell of the board shown, made anew when the
 * board changes. */
static void
make_cells (CpBoardView *self)
{
  CpBoard *board = self->state->board;
  guint n = cp_board_get_width (board) * cp_board_get_height (board);
  gboolean focused = self->focus_within;
  GtkRoot *root;

  if (self->cells != NULL && self->cells_board == board && self->cells->len == n)
    return;
  remove_cells (self);
  self->cells = g_ptr_array_new_full (n, NULL);
  for (guint c = 0; c < n; c++)
    {
      GtkWidget *widget = NULL;

      if (cp_board_has_cell (board, c))
        {
          widget = cp_board_cell_new (c);
          gtk_widget_set_parent (widget, GTK_WIDGET (self));
          g_signal_connect_object (widget, "clicked", G_CALLBACK (cell_activated), self, G_CONNECT_SWAPPED);
          g_signal_connect_object (widget, "notify::has-focus", G_CALLBACK (cell_focused), self, G_CONNECT_SWAPPED);
        }
      g_ptr_array_add (self->cells, widget);
    }
  self->cells_board = board;
  /* The focus stays on the board, or comes to it as soon as it can if it
   * was asked for before and nothing else has it since. */
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (focused || (self->focus_wanted && root != NULL && gtk_root_get_focus (root) == NULL))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  self->focus_wanted = FALSE;
}

/* The focus goes to the cursor's cell. */
static gboolean
cp_board_view_grab_focus (GtkWidget *widget)
{
  CpBoardView *self = CP_BOARD_VIEW (widget);

  if (self->cells == NULL || self->cursor >= self->cells->len || g_ptr_array_index (self->cells, self->cursor) == NULL)
    {
      self->focus_wanted = TRUE;
      return FALSE;
    }
  return gtk_widget_grab_focus (g_ptr_array_index (self->cells, self->cursor));
}

/* The board is one stop of the keyboard's way through the window: Tab
 * comes to the cursor's cell and leaves from any cell; the arrows move
 * among the cells. */
static gboolean
cp_board_view_focus (GtkWidget *widget, GtkDirectionType direction)
{
  if (gtk_widget_get_focus_child (widget) != NULL)
    return FALSE;
  return cp_board_view_grab_focus (widget);
}

static void
cp_board_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  CpBoardView *self = CP_BOARD_VIEW (widget);

  for (guint c = 0; self->cells != NULL && c < self->cells->len; c++)
    {
      GtkWidget *cell = g_ptr_array_index (self->cells, c);
      CpRect rect;

      if (cell == NULL || !cp_board_renderer_cell_rect (self->renderer, width, height, c, &rect))
        continue;
      gtk_widget_measure (cell, GTK_ORIENTATION_HORIZONTAL, -1, NULL, NULL, NULL, NULL);
      gtk_widget_measure (cell, GTK_ORIENTATION_VERTICAL, -1, NULL, NULL, NULL, NULL);
      gtk_widget_size_allocate (cell, &(GtkAllocation) { (int) rect.x, (int) rect.y,
                                                         MAX (1, (int) rect.width), MAX (1, (int) rect.height) }, -1);
    }

  if (self->popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->popover));
}

/* The pointer over the board: the line under it says what is on the cell
 * beneath, where a tooltip would hide the cells around it. */
static void
pointer_moved (CpBoardView *self, double x, double y)
{
  guint cell = self->state != NULL ? cell_at (self, x, y) : CP_NO_CELL;

  if (cell == self->hover_cell)
    return;
  self->hover_cell = cell;
  update_cell_info (self);
}

static void
pointer_left (CpBoardView *self)
{
  self->hover_cell = CP_NO_CELL;
  update_cell_info (self);
}

static void
legend_entry_clear (gpointer data)
{
  g_free (((CpLegendEntry *) data)->text);
}

static void
cp_board_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CpBoardView *self = CP_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SHOW_HINTS:
      g_value_set_boolean (value, self->show_hints);
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;
    case PROP_ANIMATE:
      g_value_set_boolean (value, self->animate);
      break;
    case PROP_THEME:
      g_value_set_enum (value, self->theme);
      break;
    case PROP_CELL_INFO:
      g_value_set_string (value, self->cell_info);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_board_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  CpBoardView *self = CP_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SHOW_HINTS:
      cp_board_view_set_show_hints (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_COORDINATES:
      cp_board_view_set_show_coordinates (self, g_value_get_boolean (value));
      break;
    case PROP_ANIMATE:
      cp_board_view_set_animate (self, g_value_get_boolean (value));
      break;
    case PROP_THEME:
      cp_board_view_set_theme (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_board_view_class_init (CpBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = cp_board_view_dispose;
  object_class->finalize = cp_board_view_finalize;
  object_class->get_property = cp_board_view_get_property;
  object_class->set_property = cp_board_view_set_property;
  widget_class->snapshot = cp_board_view_snapshot;
  widget_class->measure = cp_board_view_measure;
  widget_class->size_allocate = cp_board_view_size_allocate;
  widget_class->grab_focus = cp_board_view_grab_focus;
  widget_class->focus = cp_board_view_focus;
  gtk_widget_class_install_action (widget_class, "board.choose", "u", choose_activated);

  /**
   * CpBoardView:show-hints:
   *
   * Whether the cells a picked-up piece may move to are marked.
   */
  properties[PROP_SHOW_HINTS] = g_param_spec_boolean ("show-hints", NULL, NULL, TRUE, flags);
  /**
   * CpBoardView:show-coordinates:
   *
   * Whether the names of the files and ranks are written along the board.
   */
  properties[PROP_SHOW_COORDINATES] = g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE, flags);
  /**
   * CpBoardView:animate:
   *
   * Whether a move played slides its piece to its new cell.
   */
  properties[PROP_ANIMATE] = g_param_spec_boolean ("animate", NULL, NULL, TRUE, flags);
  /**
   * CpBoardView:theme:
   *
   * The colours of the board's cells.
   */
  properties[PROP_THEME] = g_param_spec_enum ("theme", NULL, NULL, CP_TYPE_BOARD_THEME_ID,
                                              CP_BOARD_THEME_CLASSIC, flags);
  /**
   * CpBoardView:cell-info:
   *
   * What is on the cell under the pointer, or on the keyboard cursor's
   * cell while the cursor shows, in words; empty for none.
   */
  properties[PROP_CELL_INFO] = g_param_spec_string ("cell-info", NULL, NULL, "",
                                                    G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                    | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CpBoardView::action-chosen:
   * @action: (type gpointer): the CpAction the player made on the board
   *
   * The player has made a move on the board; it is one of the legal
   * actions given with the state.
   */
  signals[ACTION_CHOSEN] = g_signal_new ("action-chosen", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * CpBoardView::cell-refused:
   * @cell: the cell pressed
   *
   * The player pressed a cell where nothing can be played, with no piece
   * picked up.
   */
  signals[CELL_REFUSED] = g_signal_new ("cell-refused", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * CpBoardView::legend-changed:
   *
   * The key to the board's marks has changed: its lines, or the colours
   * its samples are drawn in.
   */
  signals[LEGEND_CHANGED] = g_signal_new ("legend-changed", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
cp_board_view_init (CpBoardView *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->renderer = cp_board_renderer_new (cp_piece_art_get_default ());
  self->show_hints = self->show_coordinates = self->animate = TRUE;
  self->cursor = CP_NO_CELL;
  self->hover_cell = CP_NO_CELL;
  self->cell_info = g_strdup ("");
  self->legend = g_array_new (FALSE, TRUE, sizeof (CpLegendEntry));
  g_array_set_clear_func (self->legend, legend_entry_clear);
  self->press_cell = CP_NO_CELL;
  self->hint_from = self->hint_to = CP_NO_CELL;
  for (guint i = 0; i < CP_MAX_SEATS; i++)
    self->colours[i] = (CpColour) i;
  cp_action_list_init (&self->legal);

  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"), -1);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_entered), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_left), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
  g_signal_connect (self, "notify::root", G_CALLBACK (root_changed), NULL);
  g_signal_connect_swapped (motion, "enter", G_CALLBACK (pointer_moved), self);
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (pointer_moved), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (pointer_left), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  self->popover = gtk_popover_new ();
  gtk_widget_set_parent (self->popover, GTK_WIDGET (self));
  g_signal_connect_swapped (self->popover, "closed", G_CALLBACK (clear_path), self);

  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (apply_theme), self);
  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::high-contrast", G_CALLBACK (apply_theme), self);
  apply_theme (self);
}

GtkWidget *
cp_board_view_new (void)
{
  return g_object_new (CP_TYPE_BOARD_VIEW, NULL);
}

/**
 * cp_board_view_set_state:
 * @state: the state to show (copied)
 * @legal: (nullable): the moves the player at the screen may make now;
 *   %NULL or empty when the board only shows
 *
 * Shows @state without the marks of a game's presentation, which follow
 * with cp_board_view_set_overlays().
 */
void
cp_board_view_set_state (CpBoardView *self, const CpState *state, const CpActionList *legal)
{
  guint n_cells;

  g_return_if_fail (CP_IS_BOARD_VIEW (self));

  g_clear_pointer (&self->state, cp_state_free);
  self->state = cp_state_copy (state);
  self->legal.len = 0;
  for (guint i = 0; legal != NULL && i < legal->len; i++)
    cp_action_list_append (&self->legal, &legal->items[i]);
  self->path_len = 0;
  if (self->popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->popover));

  n_cells = cp_board_get_width (state->board) * cp_board_get_height (state->board);
  if (self->cursor >= n_cells || !cp_board_has_cell (state->board, self->cursor))
    for (self->cursor = 0; self->cursor < n_cells && !cp_board_has_cell (state->board, self->cursor);)
      self->cursor++;

  cp_board_renderer_set_state (self->renderer, self->state);
  make_cells (self);
  /* The marks of the game belong to the position they came with: those
   * of the new one follow (cp_board_view_set_overlays()), and what the
   * line under the board says never mixes the two. */
  cp_board_renderer_set_overlays (self->renderer, NULL, 0);
  update_decorations (self);
}

/**
 * cp_board_view_set_hint:
 * @suggested: (nullable): the action a computer player suggests, drawn as
 *   an arrow from where it starts to where it ends; NULL for none
 */
void
cp_board_view_set_hint (CpBoardView *self, const CpAction *suggested)
{
  g_return_if_fail (CP_IS_BOARD_VIEW (self));

  self->hint_from = self->hint_to = CP_NO_CELL;
  if (suggested != NULL && suggested->n_cells >= 2 && self->state != NULL)
    {
      self->hint_from = suggested->cells[0];
      self->hint_to = (guint8) cp_state_landing (self->state, suggested);
    }
  else if (suggested != NULL && suggested->n_cells == 1)
    self->hint_from = self->hint_to = suggested->cells[0];
  update_decorations (self);
}

/* The cells of the hint shown: FALSE when none is. */
gboolean
cp_board_view_get_hint (CpBoardView *self, guint *from, guint *to)
{
  *from = self->hint_from;
  *to = self->hint_to;
  return self->hint_from != CP_NO_CELL;
}

/* Whether every legal move starts on @cell: the piece there must go on
 * (or stop), as after a move that leaves it steps to take. */
static gboolean
only_moves_from (CpBoardView *self, guint cell)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->legal.len; i++)
    {
      const CpAction *a = &self->legal.items[i];

      if (a->n_cells > 1 && a->cells[0] != cell)
        return FALSE;
      any |= a->n_cells > 1;
    }
  return any;
}

/**
 * cp_board_view_set_last_move:
 * @action: (nullable): the last action made
 *
 * Marks the cells of the last move.  When the piece it moved is the only
 * one that may move now, it is picked up, its next cells shown.
 */
void
cp_board_view_set_last_move (CpBoardView *self, const CpAction *action)
{
  if (action == NULL || action->type != CP_ACTION_MOVE)
    cp_board_renderer_set_last_move (self->renderer, NULL, 0);
  else
    {
      guint landed = action->cells[action->n_cells - 1];

      cp_board_renderer_set_last_move (self->renderer, action->cells, action->n_cells);
      if (self->path_len == 0 && only_moves_from (self, landed))
        {
          self->path[self->path_len++] = (guint8) landed;
          update_decorations (self);
        }
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
cp_board_view_set_colours (CpBoardView *self, const CpColour *colours, guint n_seats)
{
  for (guint i = 0; i < n_seats && i < CP_MAX_SEATS; i++)
    self->colours[i] = colours[i];
  cp_board_renderer_set_colours (self->renderer, colours, n_seats);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[LEGEND_CHANGED], 0);
}

void
cp_board_view_set_rotation (CpBoardView *self, guint quarter_turns)
{
  cp_board_renderer_set_rotation (self->renderer, quarter_turns % 4);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
cp_board_view_get_rotation (CpBoardView *self)
{
  return cp_board_renderer_get_rotation (self->renderer);
}

void
cp_board_view_set_show_hints (CpBoardView *self, gboolean show)
{
  g_return_if_fail (CP_IS_BOARD_VIEW (self));

  if (self->show_hints == !!show)
    return;
  self->show_hints = !!show;
  update_decorations (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_HINTS]);
}

void
cp_board_view_set_show_coordinates (CpBoardView *self, gboolean show)
{
  g_return_if_fail (CP_IS_BOARD_VIEW (self));

  if (self->show_coordinates == !!show)
    return;
  self->show_coordinates = !!show;
  cp_board_renderer_set_show_coordinates (self->renderer, show);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COORDINATES]);
}

void
cp_board_view_set_theme (CpBoardView *self, CpBoardThemeId theme)
{
  g_return_if_fail (CP_IS_BOARD_VIEW (self));
  g_return_if_fail (theme < CP_N_BOARD_THEMES);

  if (self->theme == theme)
    return;
  self->theme = theme;
  apply_theme (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THEME]);
}

void
cp_board_view_set_animate (CpBoardView *self, gboolean animate)
{
  g_return_if_fail (CP_IS_BOARD_VIEW (self));

  if (self->animate == !!animate)
    return;
  self->animate = !!animate;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATE]);
}

guint
cp_board_view_get_cursor (CpBoardView *self)
{
  return self->cursor;
}

void
cp_board_view_set_cursor (CpBoardView *self, guint cell)
{
  g_return_if_fail (CP_IS_BOARD_VIEW (self));

  if (self->state == NULL || !cp_board_has_cell (self->state->board, cell))
    return;
  self->cursor = cell;
  self->keyboard_info = TRUE;
  /* The focus goes with the cursor, for a screen reader to read. */
  if (self->focus_within
      && self->cells != NULL && g_ptr_array_index (self->cells, cell) != NULL)
    gtk_widget_grab_focus (g_ptr_array_index (self->cells, cell));
  update_decorations (self);
}

CpBoardRenderer *
cp_board_view_get_renderer (CpBoardView *self)
{
  return self->renderer;
}

/* The colour of @seat's pieces, as a word inside a sentence. */
static char *
colour_word (CpBoardView *self, guint seat)
{
  return g_utf8_strdown (cp_colour_name (self->colours[seat % CP_MAX_SEATS]), -1);
}

/* Keeps a copy of the key @legend, and says so when it differs. */
static void
set_legend (CpBoardView *self, const GArray *legend)
{
  gboolean same = legend->len == self->legend->len;

  for (guint i = 0; same && i < legend->len; i++)
    {
      const CpLegendEntry *a = &g_array_index (legend, CpLegendEntry, i);
      const CpLegendEntry *b = &g_array_index (self->legend, CpLegendEntry, i);

      same = a->mark == b->mark && memcmp (&a->piece, &b->piece, sizeof a->piece) == 0
             && g_strcmp0 (a->text, b->text) == 0;
    }
  if (same)
    return;
  g_array_set_size (self->legend, 0);
  for (guint i = 0; i < legend->len; i++)
    {
      CpLegendEntry copy = g_array_index (legend, CpLegendEntry, i);

      copy.text = g_strdup (copy.text);
      g_array_append_val (self->legend, copy);
    }
  g_signal_emit (self, signals[LEGEND_CHANGED], 0);
}

/**
 * cp_board_view_set_overlays:
 *
 * Shows what the game's presentation marks on the cells, and says it in
 * the cells' descriptions.
 */
void
cp_board_view_set_overlays (CpBoardView *self, const CpPresentation *presentation)
{
  g_return_if_fail (CP_IS_BOARD_VIEW (self));

  cp_board_renderer_set_overlays (self->renderer, (const CpOverlay *) presentation->overlays->data,
                                  presentation->overlays->len);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_cell_info (self);
  set_legend (self, presentation->legend);
}

/**
 * cp_board_view_get_legend:
 * @n_entries: (out): the number of lines
 *
 * Returns: (array length=n_entries) (transfer none): the key to the marks
 *   of the game shown, as its presentation gives it
 */
const CpLegendEntry *
cp_board_view_get_legend (CpBoardView *self, guint *n_entries)
{
  g_return_val_if_fail (CP_IS_BOARD_VIEW (self), NULL);

  *n_entries = self->legend->len;
  return (const CpLegendEntry *) self->legend->data;
}

/**
 * cp_board_view_get_cell_info:
 *
 * Returns: (transfer none): the value of CpBoardView:cell-info
 */
const char *
cp_board_view_get_cell_info (CpBoardView *self)
{
  g_return_val_if_fail (CP_IS_BOARD_VIEW (self), NULL);

  return self->cell_info;
}

/* What is on @cell, in words: "white knight on g1", or with @cell_first,
 * as a screen reader reads the cells one after another, "g1, white
 * knight". */
static char *
describe (CpBoardView *self, guint cell, gboolean cell_first)
{
  g_autofree char *name = NULL;
  g_autoptr (GString) text = NULL;
  const CpOverlay *overlays;
  const CpPiece *piece;
  guint n_overlays;

  if (self->state == NULL || !cp_board_has_cell (self->state->board, cell))
    return g_strdup ("");
  name = cp_board_cell_name (self->state->board, cell);
  piece = &self->state->cells[cell];
  text = g_string_new (NULL);
  if (piece->kind == CP_PIECE_NONE)
    /* Translators: an empty cell of the board, such as "e4, empty" */
    g_string_printf (text, _("%s, empty"), name);
  else
    {
      g_autofree char *colour = colour_word (self, piece->seat);
      g_autofree char *marks = cp_board_renderer_describe_marks (piece);

      if (cell_first)
        /* Translators: a cell and the piece on it: cell, colour, kind,
         * such as "g1, white knight" */
        g_string_printf (text, C_("board cell", "%s, %s %s"), name, colour, cp_piece_kind_name (piece->kind));
      else
        /* Translators: a piece on a cell: colour, kind, cell, such as "white knight on g1" */
        g_string_printf (text, _("%s %s on %s"), colour, cp_piece_kind_name (piece->kind), name);
      if (marks != NULL)
        /* Translators: between the descriptions of marks on one cell */
        g_string_append_printf (text, _(", %s"), marks);
    }
  overlays = cp_board_renderer_get_overlays (self->renderer, &n_overlays);
  for (guint i = 0; i < n_overlays; i++)
    if (overlays[i].cell == cell && overlays[i].description != NULL)
      /* Translators: between the descriptions of marks on one cell */
      g_string_append_printf (text, _(", %s"), overlays[i].description);
  if (self->path_len > 0 && self->path[0] == cell)
    {
      g_autofree char *picked = g_strdup_printf (_("%s, picked up"), text->str);

      g_string_assign (text, picked);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * cp_board_view_describe_cell:
 *
 * Returns: (transfer full): what is on @cell, in words: "white knight on g1"
 */
char *
cp_board_view_describe_cell (CpBoardView *self, guint cell)
{
  return describe (self, cell, FALSE);
}
