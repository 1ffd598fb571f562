/* cp-card-hand-panel.c: the cards of a game, along the bottom of the window
 *
 * The panel shows a game's cards as the seat at the screen sees them: its
 * hand, faces up, on the left; then the table, with the cards each seat
 * has laid face up or played face down and the card being carried out;
 * the other seats' hands, face down; and the draw and discard piles.
 *
 * When the player must choose cards, those that may be chosen are clicked,
 * or dragged onto the table, and the play button sends them with the
 * "cards-chosen" signal.  Choosing one more card than the choice takes
 * gives up the card chosen first, so a click always does something.
 *
 * Every card is a small widget of its own that takes the keyboard focus
 * and has the card's name for screen readers: a drawing area, or, for a
 * card of the hand while cards are chosen, a CpCardButton that assistive
 * technologies activate as a button.  A row of cards is a
 * GtkFixed, so the cards overlap a little.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cp-accessible.h"
#include "cp-engine.h"
#include "cp-card-art.h"
#include "cp-card-button.h"
#include "cp-card-hand-panel.h"
#include "cp-card-row.h"
#include "cp-wrap-layout.h"
#include "cp-cairo.h"
#include "cp-caption.h"
#include "cp-ui-resources.h"

/* Card widths, in pixels. */
#define HAND_WIDTH 60.0   /* the hand at the screen */
#define TABLE_WIDTH 56.0  /* the table, the piles and every hand of a replay */
#define OTHER_WIDTH 40.0  /* the other seats' hands */
/* Where the next card of a row starts, in card widths: faces overlap a
 * little, so that their corners show, the cards of the hand a little
 * less; backs overlap more. */
#define HAND_STEP 0.74
#define FACE_STEP 0.66
#define BACK_STEP 0.32
/* Stacks spread so that the corner of every card shows. */
#define SPREAD_STEP 0.3
/* The focus ring around a card, and the room it takes. */
#define FOCUS_GAP 2.0
#define FOCUS_LINE 2.0
#define FOCUS_PAD (FOCUS_GAP + FOCUS_LINE + 1.0)
/* How far a card that may be chosen rises under the pointer. */
#define HOVER_LIFT 3.0

typedef enum {
  CARD_SHOWN, /* a card to look at */
  CARD_HAND,  /* a card of the hand of the seat at the screen */
  CARD_SLOT,  /* the place of an empty pile */
} CardKind;

/* What a card widget shows; the widget holds it. */
typedef struct {
  CpCardHandPanel *panel; /* not a reference: the panel holds the widget */
  CardKind kind;
  CpCard card;
  CpCardArtFlags flags;   /* besides those of the selection */
  guint index;            /* its place in its row */
  double width;
  guint count;            /* the cards of a pile, shown on it */
  gboolean sealed;        /* played face down, the face shown to its owner */
  gboolean dragged;
} CardItem;

struct _CpCardHandPanel
{
  GtkWidget parent_instance;

  /* Template widgets. */
  GtkWidget *hands;
  GtkWidget *table;
  GtkWidget *table_groups;
  GtkLabel *table_placeholder;
  GtkWidget *others;
  GtkWidget *piles;
  GtkWidget *actions;
  GtkLabel *status;
  GtkButton *play_button;

  GPtrArray *cards;  /* the card widgets shown, no references */
  guint seat;
  CpHand hand;       /* the hand of the seat at the screen */
  gboolean has_hand;
  CpCard choosable[CP_CARD_MAX];
  guint n_choosable;
  guint n_to_choose;
  CpCard selected[CP_CARD_MAX];
  guint n_selected;
};

G_DEFINE_FINAL_TYPE (CpCardHandPanel, cp_card_hand_panel, GTK_TYPE_WIDGET)

enum {
  CARDS_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const card_key = "cp-card-item";

/* The room around a card @width wide: on each side, above (for the lift
 * of a chosen card) and below; the card's own shadow and outline and the
 * focus ring fit in it. */
static void
card_margins (double width, double *side, double *top, double *bottom, double *lift)
{
  CpRect flat, raised;
  double card_lift;

  cp_card_art_get_extents (0, 0, width, CP_CARD_ART_SELECTED | CP_CARD_ART_FLAT, &flat);
  cp_card_art_get_extents (0, 0, width, CP_CARD_ART_SELECTED, &raised);
  card_lift = flat.x - flat.y;
  if (lift)
    *lift = card_lift;
  if (side)
    *side = ceil (MAX (FOCUS_PAD, -raised.x));
  if (top)
    *top = ceil (card_lift + MAX (FOCUS_PAD, -raised.y - card_lift));
  if (bottom)
    *bottom = ceil (MAX (FOCUS_PAD, raised.y + raised.height - width * cp_card_art_aspect ()));
}

/* Selection. */

static gboolean
is_selected (CpCardHandPanel *self, CpCard card)
{
  for (guint i = 0; i < self->n_selected; i++)
    if (self->selected[i] == card)
      return TRUE;
  return FALSE;
}

static gboolean
is_choosable (CpCardHandPanel *self, CpCard card)
{
  if (self->n_to_choose == 0 || !self->has_hand || card == CP_CARD_UNKNOWN
      || !cp_hand_contains (&self->hand, card))
    return FALSE;
  for (guint i = 0; i < self->n_choosable; i++)
    if (self->choosable[i] == card)
      return TRUE;
  return FALSE;
}

static void
update_status (CpCardHandPanel *self)
{
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->actions, self->n_to_choose > 0);
  if (self->n_to_choose == 0)
    return;
  if (self->n_selected == 0)
    /* Translators: what the player is to do with the hand, such as
     * "Choose 2 cards" */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Choose %u card", "Choose %u cards", self->n_to_choose),
                            self->n_to_choose);
  else
    /* Translators: how many of the cards to choose are chosen, such as
     * "1 of 2 chosen"; the plural follows the first number */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u chosen", "%u of %u chosen", self->n_selected),
                            self->n_selected, self->n_to_choose);
  gtk_label_set_text (self->status, text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->play_button), self->n_selected == self->n_to_choose);
}

/* Redraws the cards of the hand and says which are chosen. */
static void
selection_changed (CpCardHandPanel *self)
{
  for (guint i = 0; i < self->cards->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (self->cards, i);
      CardItem *item = g_object_get_data (G_OBJECT (widget), card_key);

      if (item->kind != CARD_HAND)
        continue;
      if (is_choosable (self, item->card))
        gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_PRESSED,
                                     is_selected (self, item->card) ? GTK_ACCESSIBLE_TRISTATE_TRUE
                                                                    : GTK_ACCESSIBLE_TRISTATE_FALSE,
                                     -1);
      gtk_widget_queue_draw (widget);
    }
  update_status (self);
}

static gboolean
select_card (CpCardHandPanel *self, CpCard card)
{
  if (!is_choosable (self, card))
    return FALSE;
  if (is_selected (self, card))
    return TRUE;
  /* A full choice gives up the card chosen first. */
  if (self->n_selected == self->n_to_choose)
    {
      memmove (self->selected, self->selected + 1, (self->n_selected - 1) * sizeof (CpCard));
      self->n_selected--;
    }
  self->selected[self->n_selected++] = card;
  selection_changed (self);
  return TRUE;
}

static gboolean
unselect_card (CpCardHandPanel *self, CpCard card)
{
  for (guint i = 0; i < self->n_selected; i++)
    if (self->selected[i] == card)
      {
        memmove (self->selected + i, self->selected + i + 1, (self->n_selected - i - 1) * sizeof (CpCard));
        self->n_selected--;
        selection_changed (self);
        return TRUE;
      }
  return FALSE;
}

/* Names. */

/* A card's name for screen readers and tooltips, with what it stands for:
 * "Queen of hearts, white queen". */
static char *
describe_card (CpCard card)
{
  g_autofree char *text = NULL;
  g_autofree char *colour_name = NULL;
  const char *name;
  CpPieceKind kind;
  CpColour colour;

  if (card == CP_CARD_UNKNOWN)
    return g_strdup (_("Face-down card"));
  name = cp_card_name (card);
  if (name == NULL)
    return g_strdup ("");
  if (cp_card_get_piece (card, &kind, &colour) || cp_card_is_checker (card, &colour))
    {
      if (cp_card_is_checker (card, NULL))
        kind = CP_PIECE_CHECKER;
      colour_name = g_utf8_strdown (cp_colour_name (colour), -1);
      /* Translators: a card and the piece it stands for: the card's name,
       * the piece's colour and kind, such as "queen of hearts, white queen" */
      text = g_strdup_printf (_("%s, %s %s"), name, colour_name, cp_piece_kind_name (kind));
    }
  else
    text = g_strdup (name);
  return cp_caption_capitalize (text);
}

static const char *
seat_name (const char *const *names, guint seat, char **fallback)
{
  if (names && names[seat] && names[seat][0])
    return names[seat];
  /* Translators: a player without a name, by the number of the seat */
  *fallback = g_strdup_printf (_("Player %u"), seat + 1);
  return *fallback;
}

/* Drawing. */

/* A round badge with a padlock: the card lies face down. */
static void
draw_lock (cairo_t *cr, double cx, double cy, double size)
{
  double body_width = size * 0.44, body_height = size * 0.32;
  double body_top = cy - size * 0.04;

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, size / 2, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0.12, 0.12, 0.14, 0.82);
  cairo_fill (cr);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cp_cairo_rounded_rectangle (cr, cx - body_width / 2, body_top, body_width, body_height, size * 0.05);
  cairo_fill (cr);
  cairo_set_line_width (cr, size * 0.08);
  cairo_move_to (cr, cx - size * 0.13, body_top);
  cairo_arc (cr, cx, body_top - size * 0.06, size * 0.13, G_PI, 2 * G_PI);
  cairo_line_to (cr, cx + size * 0.13, body_top);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The number of cards of a pile, on a dark pill in the lower right corner
 * of its top card. */
static void
draw_count (GtkWidget *widget, cairo_t *cr, double right, double bottom, guint count)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, NULL);
  g_autoptr(PangoAttrList) attributes = pango_attr_list_new ();
  g_autofree char *text = g_strdup_printf ("%u", count);
  PangoRectangle ink, logical;
  double width, height = 16;

  pango_attr_list_insert (attributes, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_attr_list_insert (attributes, pango_attr_size_new (8 * PANGO_SCALE));
  pango_attr_list_insert (attributes, pango_attr_font_features_new ("tnum"));
  pango_layout_set_attributes (layout, attributes);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  width = MAX (height, logical.width + 10);

  cairo_save (cr);
  cp_cairo_rounded_rectangle (cr, right - width, bottom - height, width, height, height / 2);
  cairo_set_source_rgba (cr, 0.12, 0.12, 0.14, 0.82);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_move_to (cr, right - width / 2 - logical.width / 2.0, bottom - height / 2 - logical.height / 2.0);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* The place of an empty pile: a dashed outline. */
static void
draw_slot (GtkWidget *widget, cairo_t *cr, double x, double y, double width, double height)
{
  GdkRGBA colour;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &colour);
  cairo_save (cr);
  cp_cairo_rounded_rectangle (cr, x + 1, y + 1, width - 2, height - 2, width * 0.06);
  cairo_set_source_rgba (cr, colour.red, colour.green, colour.blue, colour.alpha * 0.3);
  cairo_set_line_width (cr, 1.5);
  cairo_set_dash (cr, (double[]) { 4, 3 }, 2, 0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_focus_ring (GtkWidget *widget, cairo_t *cr, double x, double y, double width, double height)
{
  GdkRGBA colour = { 0.21, 0.52, 0.89, 1 };
  double out = FOCUS_GAP + FOCUS_LINE / 2;

  gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "accent_color", &colour);
  cp_cairo_rounded_rectangle (cr, x - out, y - out, width + 2 * out, height + 2 * out, width * 0.06 + out);
  cairo_set_source_rgba (cr, colour.red, colour.green, colour.blue, 0.5);
  cairo_set_line_width (cr, FOCUS_LINE);
  cairo_stroke (cr);
}

static CpCardArtFlags
card_flags (CardItem *item)
{
  CpCardHandPanel *self = item->panel;
  CpCardArtFlags flags = item->flags;

  if (item->kind == CARD_HAND && self->n_to_choose > 0)
    {
      if (is_selected (self, item->card))
        flags |= CP_CARD_ART_SELECTED;
      else if (!is_choosable (self, item->card))
        flags |= CP_CARD_ART_DIMMED;
    }
  return flags;
}

static void
draw_card (GtkWidget *widget, cairo_t *cr, int width, int height, gpointer data)
{
  CardItem *item = data;
  CpCardArtFlags flags = card_flags (item);
  double side, top, lift;
  double card_height = item->width * cp_card_art_aspect ();
  double y;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  card_margins (item->width, &side, &top, NULL, &lift);
  y = top;
  if (item->kind == CARD_SLOT)
    {
      draw_slot (widget, cr, side, y, item->width, card_height);
      if (gtk_widget_has_visible_focus (widget))
        draw_focus_ring (widget, cr, side, y, item->width, card_height);
      return;
    }
  if (item->kind == CARD_HAND && !(flags & CP_CARD_ART_SELECTED) && is_choosable (item->panel, item->card)
      && (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_PRELIGHT))
    y -= HOVER_LIFT;
  if (item->dragged)
    cairo_push_group (cr);
  /* A pile shows the edges of the cards under its top one. */
  for (guint i = MIN (item->count, 3); i > 1; i--)
    cp_card_art_draw (cp_card_art_get_default (), cr, CP_CARD_UNKNOWN, side + (i - 1) * 1.5, y + (i - 1) * 1.5,
                      item->width, gtk_widget_get_scale_factor (widget), dark, CP_CARD_ART_FLAT);
  cp_card_art_draw (cp_card_art_get_default (), cr, item->card, side, y, item->width,
                    gtk_widget_get_scale_factor (widget), dark, flags);
  if (flags & CP_CARD_ART_SELECTED)
    y -= lift;
  if (item->count > 0)
    draw_count (widget, cr, side + item->width - 3, y + card_height - 3, item->count);
  if (item->sealed)
    draw_lock (cr, side + item->width * 0.72, y + card_height * 0.8, item->width * 0.34);
  if (item->dragged)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.35);
    }
  if (gtk_widget_has_visible_focus (widget))
    draw_focus_ring (widget, cr, side, y, item->width, card_height);
}

static void
draw_card_area (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  draw_card (GTK_WIDGET (area), cr, width, height, data);
}

/* The cards of a row overlap in their order; the card with the keyboard
 * focus comes on top, so that its ring shows. */
static void
restack (GtkWidget *row)
{
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  GtkWidget *focused = NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (row); child; child = gtk_widget_get_next_sibling (child))
    {
      CardItem *item = g_object_get_data (G_OBJECT (child), card_key);

      if (item == NULL)
        continue;
      if (order->len <= item->index)
        g_ptr_array_set_size (order, item->index + 1);
      g_ptr_array_index (order, item->index) = child;
      if (gtk_widget_get_state_flags (child) & GTK_STATE_FLAG_FOCUS_VISIBLE)
        focused = child;
    }
  for (guint i = 0; i < order->len; i++)
    {
      GtkWidget *child = g_ptr_array_index (order, i);

      if (child && child != focused)
        gtk_widget_insert_before (child, row, NULL);
    }
  if (focused)
    gtk_widget_insert_before (focused, row, NULL);
}

static void
card_state_changed (GtkWidget *widget, GtkStateFlags old)
{
  GtkStateFlags now = gtk_widget_get_state_flags (widget);

  if ((now ^ old) & (GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE | GTK_STATE_FLAG_PRELIGHT))
    gtk_widget_queue_draw (widget);
  if ((now ^ old) & GTK_STATE_FLAG_FOCUS_VISIBLE)
    restack (gtk_widget_get_parent (widget));
}

static void
redraw_cards (CpCardHandPanel *self)
{
  for (guint i = 0; i < self->cards->len; i++)
    gtk_widget_queue_draw (g_ptr_array_index (self->cards, i));
}

/* Playing. */

static void
play_clicked (CpCardHandPanel *self)
{
  cp_card_hand_panel_play (self);
}

/* A double click, or Enter, on a card of a choice of one plays it. */
static void
choose_and_play (CpCardHandPanel *self, CpCard card)
{
  if (select_card (self, card) && self->n_to_choose == 1)
    cp_card_hand_panel_play (self);
}

static void
card_released (GtkGestureClick *gesture, int n_press, double x, double y, CardItem *item)
{
  CpCardHandPanel *self = item->panel;

  if (!is_choosable (self, item->card))
    return;
  if (n_press == 2 && self->n_to_choose == 1)
    choose_and_play (self, item->card);
  else if (n_press == 1)
    cp_card_hand_panel_toggle (self, item->card);
}

/* An assistive technology's click, or Enter or Space that the panel
 * leaves to the button. */
static void
card_clicked (GtkButton *button, CardItem *item)
{
  if (!is_choosable (item->panel, item->card))
    return;
  if (item->panel->n_to_choose == 1)
    choose_and_play (item->panel, item->card);
  else
    cp_card_hand_panel_toggle (item->panel, item->card);
}

static gboolean
card_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
                  CardItem *item)
{
  CpCardHandPanel *self = item->panel;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      if (self->n_to_choose == 1 && is_choosable (self, item->card))
        {
          choose_and_play (self, item->card);
          return TRUE;
        }
      G_GNUC_FALLTHROUGH;
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      if (!is_choosable (self, item->card))
        return FALSE;
      cp_card_hand_panel_toggle (self, item->card);
      return TRUE;
    default:
      return FALSE;
    }
}

/* Dragging a card of the hand onto the table chooses it; dragging it back
 * to the hand gives it up. */
static GdkPaintable *
card_paintable (GtkWidget *widget, CardItem *item)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  double height = ceil (item->width * cp_card_art_aspect ());
  graphene_size_t size = GRAPHENE_SIZE_INIT (item->width, height);
  cairo_t *cr;

  /* The card alone, without the room around it, which a display without
   * transparency would paint. */
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, item->width, height));
  cp_card_art_draw (cp_card_art_get_default (), cr, item->card, 0, 0, item->width,
                    gtk_widget_get_scale_factor (widget),
                    adw_style_manager_get_dark (adw_style_manager_get_default ()), CP_CARD_ART_FLAT);
  cairo_destroy (cr);
  return gtk_snapshot_free_to_paintable (g_steal_pointer (&snapshot), &size);
}

static GdkContentProvider *
card_drag_prepare (GtkDragSource *source, double x, double y, CardItem *item)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  g_autoptr(GdkPaintable) icon = NULL;
  double side, top;

  if (!is_choosable (item->panel, item->card))
    return NULL;
  card_margins (item->width, &side, &top, NULL, NULL);
  icon = card_paintable (widget, item);
  gtk_drag_source_set_icon (source, icon, (int) (x - side), (int) (y - top));
  return gdk_content_provider_new_typed (G_TYPE_UINT, (guint) item->card);
}

static void
card_drag_begin (GtkDragSource *source, GdkDrag *drag, CardItem *item)
{
  item->dragged = TRUE;
  gtk_widget_queue_draw (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source)));
}

static void
card_drag_end (GtkDragSource *source, GdkDrag *drag, gboolean delete_data, CardItem *item)
{
  item->dragged = FALSE;
  gtk_widget_queue_draw (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source)));
}

static gboolean
table_drop (GtkDropTarget *target, const GValue *value, double x, double y, CpCardHandPanel *self)
{
  return select_card (self, (CpCard) g_value_get_uint (value));
}

static gboolean
hand_drop (GtkDropTarget *target, const GValue *value, double x, double y, CpCardHandPanel *self)
{
  CpCard card = (CpCard) g_value_get_uint (value);

  if (!is_choosable (self, card))
    return FALSE;
  unselect_card (self, card);
  return TRUE;
}

/* Building the panel. */

/* Lets a card of the hand be chosen by a click, a drag or the keyboard,
 * when it may be, and tells screen readers whether it is chosen. */
static void
make_choosable (CpCardHandPanel *self, GtkWidget *widget, CardItem *item)
{
  gboolean choosable = is_choosable (self, item->card);
  GtkEventController *keys = gtk_event_controller_key_new ();

  if (choosable)
    {
      GtkGesture *click = gtk_gesture_click_new ();
      GtkDragSource *drag = gtk_drag_source_new ();

      g_signal_connect (click, "released", G_CALLBACK (card_released), item);
      gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));
      gtk_drag_source_set_actions (drag, GDK_ACTION_MOVE);
      g_signal_connect (drag, "prepare", G_CALLBACK (card_drag_prepare), item);
      g_signal_connect (drag, "drag-begin", G_CALLBACK (card_drag_begin), item);
      g_signal_connect (drag, "drag-end", G_CALLBACK (card_drag_end), item);
      gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));
      gtk_widget_set_cursor_from_name (widget, "pointer");
    }
  /* Before the button's own keys: Space chooses a card of a choice of one
   * without playing it. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (card_key_pressed), item);
  gtk_widget_add_controller (widget, keys);
  g_signal_connect (widget, "clicked", G_CALLBACK (card_clicked), item);
  gtk_accessible_update_state (GTK_ACCESSIBLE (widget),
                               GTK_ACCESSIBLE_STATE_DISABLED, !choosable,
                               GTK_ACCESSIBLE_STATE_PRESSED,
                               is_selected (self, item->card) ? GTK_ACCESSIBLE_TRISTATE_TRUE
                                                              : GTK_ACCESSIBLE_TRISTATE_FALSE,
                               -1);
}

static GtkWidget *
card_new (CpCardHandPanel *self, CardKind kind, CpCard card, double width, CpCardArtFlags flags,
          const char *name)
{
  gboolean interactive = kind == CARD_HAND && self->n_to_choose > 0;
  CardItem *item = g_new0 (CardItem, 1);
  double side, top, bottom;
  int content_width, content_height;
  GtkWidget *widget;

  card_margins (width, &side, &top, &bottom, NULL);
  content_width = (int) (width + 2 * side);
  content_height = (int) ceil (top + width * cp_card_art_aspect () + bottom);
  if (interactive)
    widget = cp_card_button_new (content_width, content_height, draw_card, item);
  else
    {
      widget = g_object_new (GTK_TYPE_DRAWING_AREA,
                             "accessible-role", GTK_ACCESSIBLE_ROLE_IMG,
                             "focusable", TRUE,
                             "content-width", content_width,
                             "content-height", content_height,
                             NULL);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (widget), draw_card_area, item, NULL);
    }
  item->panel = self;
  item->kind = kind;
  item->card = card;
  item->width = width;
  item->flags = flags;
  g_object_set_data_full (G_OBJECT (widget), card_key, item, g_free);

  gtk_widget_add_css_class (widget, kind == CARD_SLOT ? "card-slot" : "playing-card");
  gtk_widget_set_tooltip_text (widget, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_signal_connect (widget, "state-flags-changed", G_CALLBACK (card_state_changed), NULL);

  if (interactive)
    make_choosable (self, widget, item);
  g_ptr_array_add (self->cards, widget);
  return widget;
}

/* A captioned row of cards, added to @area; @name, if given, names the
 * row for screen readers instead of the caption. */
static GtkWidget *
group_new (GtkWidget *area, const char *caption, const char *name)
{
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (caption);
  GtkWidget *row = cp_card_row_new ();

  gtk_widget_set_valign (group, GTK_ALIGN_START);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* A caption wider than its cards goes on in a second line, as long
   * as that does not make it wider still. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_natural_wrap_mode (GTK_LABEL (label), GTK_NATURAL_WRAP_WORD);
  gtk_widget_set_margin_start (label, (int) FOCUS_PAD);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (group), label);
  gtk_box_append (GTK_BOX (group), row);
  if (name)
    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  else
    gtk_accessible_update_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_box_append (GTK_BOX (area), group);
  return row;
}

static void
row_add (CpCardHandPanel *self, GtkWidget *row, guint index, double step, GtkWidget *card)
{
  CardItem *item = g_object_get_data (G_OBJECT (card), card_key);

  item->index = index;
  cp_card_row_append (CP_CARD_ROW (row), card, step);
}

/* Whether every card of @hand is face down to the viewer. */
static gboolean
all_hidden (const CpHand *hand)
{
  for (guint i = 0; i < cp_hand_count (hand); i++)
    if (cp_hand_get (hand, i) != CP_CARD_UNKNOWN)
      return FALSE;
  return TRUE;
}

/* A row of the cards of @hand, faces up where the viewer sees them. */
static void
add_hand_row (CpCardHandPanel *self, GtkWidget *row, const CpHand *hand, CardKind kind, double width)
{
  double step = width * (all_hidden (hand) ? BACK_STEP : kind == CARD_HAND ? HAND_STEP : FACE_STEP);

  for (guint i = 0; i < cp_hand_count (hand); i++)
    {
      CpCard card = cp_hand_get (hand, i);
      g_autofree char *name = describe_card (card);

      row_add (self, row, i, step, card_new (self, kind, card, width, CP_CARD_ART_NONE, name));
    }
}

static char *
count_caption (const char *player, guint n_cards)
{
  /* Translators: a player's hand and the number of cards in it, such as
   * "Bob: 3 cards" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u card", "%s: %u cards", n_cards), player, n_cards);
}

static void
fill_hands (CpCardHandPanel *self, const CpCardTable *table, guint n_seats, const char *const *names)
{
  for (guint s = 0; s < n_seats; s++)
    {
      g_autofree char *fallback = NULL;
      g_autofree char *caption = NULL;
      const char *name = seat_name (names, s, &fallback);
      const CpHand *hand = &table->hand[s];
      GtkWidget *row;

      if (s == self->seat)
        {
          /* Translators: the caption of the cards the player at the screen holds */
          caption = g_strdup_printf (_("%s’s hand"), name);
          row = group_new (self->hands, caption, NULL);
          if (cp_hand_count (hand) == 0)
            {
              GtkWidget *empty = gtk_label_new (_("No cards"));

              gtk_widget_add_css_class (empty, "dim-label");
              gtk_widget_set_margin_start (empty, (int) FOCUS_PAD);
              gtk_widget_set_margin_top (empty, (int) (HAND_WIDTH * 0.6));
              cp_card_row_append (CP_CARD_ROW (row), empty, 0);
            }
          add_hand_row (self, row, hand, CARD_HAND, HAND_WIDTH);
        }
      else if (self->seat == CP_VIEW_ALL)
        {
          caption = count_caption (name, cp_hand_count (hand));
          add_hand_row (self, group_new (self->hands, caption, NULL), hand, CARD_SHOWN, TABLE_WIDTH);
        }
      else
        {
          caption = count_caption (name, cp_hand_count (hand));
          add_hand_row (self, group_new (self->others, caption, NULL), hand, CARD_SHOWN,
                        all_hidden (hand) ? OTHER_WIDTH : TABLE_WIDTH);
        }
    }
}

/* Whether @card lies on the table, face up or sealed. */
static gboolean
on_table (const CpCardTable *table, guint n_seats, CpCard card)
{
  if (card == CP_CARD_UNKNOWN)
    return FALSE;
  for (guint s = 0; s < n_seats; s++)
    if (cp_hand_contains (&table->up[s], card) || cp_hand_contains (&table->sealed[s], card))
      return TRUE;
  return FALSE;
}

static void
add_table_card (CpCardHandPanel *self, GtkWidget *row, guint *index, double step, CpCard card, gboolean sealed,
                gboolean current)
{
  g_autofree char *description = describe_card (card);
  g_autofree char *name = NULL;
  CpCardArtFlags flags = current ? CP_CARD_ART_SELECTED : CP_CARD_ART_NONE;
  GtkWidget *widget;

  if (sealed && card != CP_CARD_UNKNOWN)
    {
      flags |= CP_CARD_ART_DIMMED;
      /* Translators: a card its player has played face down: the others
       * do not see it yet */
      name = g_strdup_printf (_("%s, played face down"), description);
    }
  else if (current)
    /* Translators: the card being carried out now */
    name = g_strdup_printf (_("%s, in play"), description);
  else
    name = g_steal_pointer (&description);
  widget = card_new (self, CARD_SHOWN, card, TABLE_WIDTH, flags, name);
  ((CardItem *) g_object_get_data (G_OBJECT (widget), card_key))->sealed = sealed && card != CP_CARD_UNKNOWN;
  row_add (self, row, (*index)++, TABLE_WIDTH * step, widget);
}

static gboolean
fill_table (CpCardHandPanel *self, const CpCardTable *table, guint n_seats, const char *const *names)
{
  CpCard current = table->current;
  gboolean current_alone = current != CP_CARD_NONE && !on_table (table, n_seats, current);
  gboolean any = FALSE;
  double up_step = table->up_role == CP_CARD_UP_DISCARDS ? SPREAD_STEP : FACE_STEP;

  for (guint s = 0; s < n_seats; s++)
    {
      const CpHand *up = &table->up[s], *sealed = &table->sealed[s];
      gboolean has_current = current_alone && table->current_seat == s;
      g_autofree char *fallback = NULL;
      g_autofree char *label = NULL;
      const char *name;
      GtkWidget *row;
      guint index = 0;

      if (cp_hand_count (up) == 0 && cp_hand_count (sealed) == 0 && !has_current)
        continue;
      name = seat_name (names, s, &fallback);
      /* The caption says how the cards lie. */
      if (table->up_role == CP_CARD_UP_DISCARDS && cp_hand_count (sealed) == 0)
        /* Translators: a player's discard stack, such as "Alice — discards" */
        label = g_strdup_printf (_("%s — discards"), name);
      else if (cp_hand_count (sealed) == 0 && !has_current)
        /* Translators: the cards a player has laid face up on the table, such as "Alice — face up" */
        label = g_strdup_printf (_("%s — face up"), name);
      else if (cp_hand_count (up) == 0 && !has_current)
        /* Translators: the cards a player has played face down, such as "Alice — face down" */
        label = g_strdup_printf (_("%s — face down"), name);
      else
        /* Translators: the cards a player has on the table, face up and face down, such as
         * "Alice — on the table" */
        label = g_strdup_printf (_("%s — on the table"), name);
      row = group_new (self->table_groups, label, label);
      for (guint i = 0; i < cp_hand_count (up); i++)
        add_table_card (self, row, &index, up_step, cp_hand_get (up, i), FALSE, cp_hand_get (up, i) == current);
      for (guint i = 0; i < cp_hand_count (sealed); i++)
        add_table_card (self, row, &index, FACE_STEP, cp_hand_get (sealed, i), TRUE,
                        cp_hand_get (sealed, i) == current && current != CP_CARD_UNKNOWN);
      if (has_current)
        add_table_card (self, row, &index, FACE_STEP, current, FALSE, TRUE);
      any = TRUE;
    }
  if (current_alone && table->current_seat >= n_seats)
    {
      guint index = 0;

      /* Translators: the caption of the card being carried out */
      add_table_card (self, group_new (self->table_groups, _("In play"), NULL), &index, FACE_STEP, current, FALSE,
                      TRUE);
      any = TRUE;
    }
  return any;
}

static GtkWidget *
pile_new (CpCardHandPanel *self, CpCard top, guint count, const char *name)
{
  GtkWidget *widget = card_new (self, count > 0 ? CARD_SHOWN : CARD_SLOT, top, TABLE_WIDTH, CP_CARD_ART_NONE, name);

  ((CardItem *) g_object_get_data (G_OBJECT (widget), card_key))->count = count;
  return widget;
}

/* The cards of the pieces taken, spread so that each shows. */
static void
add_captured (CpCardHandPanel *self, const CpHand *captured)
{
  guint n = cp_hand_count (captured);
  g_autofree char *name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Captured: %u card",
                                                        "Captured: %u cards", n), n);
  /* Translators: the caption of the cards of the pieces taken */
  GtkWidget *row = group_new (self->piles, C_("pile", "Captured"), name);

  if (n == 0)
    row_add (self, row, 0, 0, pile_new (self, CP_CARD_NONE, 0, name));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *card = describe_card (cp_hand_get (captured, i));

      row_add (self, row, i, TABLE_WIDTH * SPREAD_STEP,
               card_new (self, CARD_SHOWN, cp_hand_get (captured, i), TABLE_WIDTH, CP_CARD_ART_NONE, card));
    }
}

static void
fill_piles (CpCardHandPanel *self, const CpCardTable *table)
{
  if (table->has_draw_pile)
    {
      guint n = table->draw_pile;
      g_autofree char *name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Draw pile: %u card",
                                                            "Draw pile: %u cards", n), n);

      row_add (self, group_new (self->piles, _("Draw pile"), name), 0, 0,
               pile_new (self, CP_CARD_UNKNOWN, n, name));
    }
  if (table->has_discard && table->discard_role == CP_CARD_PILE_CAPTURED)
    add_captured (self, &table->discard);
  else if (table->has_discard)
    {
      guint n = cp_hand_count (&table->discard);
      CpCard top = n > 0 ? cp_hand_get (&table->discard, n - 1) : CP_CARD_NONE;
      g_autofree char *name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Discard pile: %u card",
                                                            "Discard pile: %u cards", n), n);
      g_autofree char *description = NULL;

      if (n > 0)
        {
          g_autofree char *card = describe_card (top);

          /* Translators: the discard pile and its top card, such as
           * "Discard pile: 5 cards, on top: King of clubs" */
          description = g_strdup_printf (_("%s, on top: %s"), name, card);
        }
      /* Translators: the caption of the discard pile */
      row_add (self, group_new (self->piles, C_("pile", "Discard"), name), 0, 0,
               pile_new (self, top, n, description ? description : name));
    }
}

static void
clear_area (GtkWidget *area, GtkWidget *keep)
{
  GtkWidget *child = gtk_widget_get_first_child (area);

  while (child)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      if (child != keep)
        gtk_box_remove (GTK_BOX (area), child);
      child = next;
    }
}

/* The card that has the focus, to give it back after the panel is built
 * again. */
static GtkWidget *
focused_card (CpCardHandPanel *self, CardKind *kind, CpCard *card)
{
  for (guint i = 0; i < self->cards->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (self->cards, i);
      CardItem *item = g_object_get_data (G_OBJECT (widget), card_key);

      if (gtk_widget_has_focus (widget))
        {
          *kind = item->kind;
          *card = item->card;
          return widget;
        }
    }
  return NULL;
}

static void
refocus (CpCardHandPanel *self, CardKind kind, CpCard card)
{
  for (guint i = 0; i < self->cards->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (self->cards, i);
      CardItem *item = g_object_get_data (G_OBJECT (widget), card_key);

      if (item->kind == kind && item->card == card)
        {
          gtk_widget_grab_focus (widget);
          return;
        }
    }
}

/* Takes the hand of @seat and what it may choose.  Cards chosen before
 * that may still be chosen stay chosen, unless the seat changes. */
static void
set_choice (CpCardHandPanel *self, const CpCardTable *table, guint n_seats, guint seat,
            const CpCard *choosable, guint n_choosable, guint n_to_choose)
{
  CpCard kept[CP_CARD_MAX];
  guint n_kept = 0;

  if (seat == self->seat)
    {
      memcpy (kept, self->selected, self->n_selected * sizeof (CpCard));
      n_kept = self->n_selected;
    }
  self->seat = seat;
  self->has_hand = seat < n_seats;
  if (self->has_hand)
    self->hand = table->hand[seat];
  else
    cp_hand_init (&self->hand, CP_SEATS_ALL);
  self->n_choosable = self->has_hand ? MIN (n_choosable, CP_CARD_MAX) : 0;
  if (self->n_choosable > 0)
    memcpy (self->choosable, choosable, self->n_choosable * sizeof (CpCard));
  self->n_to_choose = self->has_hand ? MIN (n_to_choose, CP_CARD_MAX) : 0;
  self->n_selected = 0;
  for (guint i = 0; i < n_kept && self->n_selected < self->n_to_choose; i++)
    if (is_choosable (self, kept[i]))
      self->selected[self->n_selected++] = kept[i];
}

/**
 * cp_card_hand_panel_show:
 * @table: the cards, as @seat sees them
 * @n_seats: the number of seats of the game
 * @names: (nullable) (array length=n_seats): the players' names
 * @seat: the seat at the screen, or %CP_VIEW_ALL for a replay that shows
 *   everything
 * @choosable: (array length=n_choosable) (nullable): the cards of @seat's
 *   hand that the player may choose now
 * @n_to_choose: how many cards make a choice; 0 when there is nothing to
 *   choose
 * @play_label: (nullable): the label of the button that plays the chosen
 *   cards, with a mnemonic
 *
 * Shows @table.  Cards chosen before that may still be chosen stay
 * chosen.
 */
void
cp_card_hand_panel_show (CpCardHandPanel    *self,
                         const CpCardTable  *table,
                         guint               n_seats,
                         const char *const  *names,
                         guint               seat,
                         const CpCard       *choosable,
                         guint               n_choosable,
                         guint               n_to_choose,
                         const char         *play_label)
{
  GtkWidget *focus;
  CardKind focus_kind = CARD_SHOWN;
  CpCard focus_card = CP_CARD_NONE;
  gboolean any;

  g_return_if_fail (CP_IS_CARD_HAND_PANEL (self));
  g_return_if_fail (table != NULL);
  g_return_if_fail (n_seats <= CP_MAX_SEATS);
  g_return_if_fail (choosable != NULL || n_choosable == 0);

  focus = focused_card (self, &focus_kind, &focus_card);
  set_choice (self, table, n_seats, seat, choosable, n_choosable, n_to_choose);

  g_ptr_array_set_size (self->cards, 0);
  clear_area (self->hands, NULL);
  clear_area (self->table_groups, GTK_WIDGET (self->table_placeholder));
  clear_area (self->others, NULL);
  clear_area (self->piles, NULL);

  /* A game without hands shows no empty ones. */
  if (!table->no_hands)
    fill_hands (self, table, n_seats, names);
  any = fill_table (self, table, n_seats, names);
  fill_piles (self, table);

  gtk_widget_set_visible (GTK_WIDGET (self->table_placeholder), !any);
  gtk_label_set_text (self->table_placeholder,
                      self->n_to_choose > 0 ? _("Drag cards here to choose them")
                                            : _("Nothing on the table"));
  gtk_widget_set_visible (self->hands, gtk_widget_get_first_child (self->hands) != NULL);
  gtk_widget_set_visible (self->others, gtk_widget_get_first_child (self->others) != NULL);
  gtk_widget_set_visible (self->piles, gtk_widget_get_first_child (self->piles) != NULL);

  cp_accessible_set_button_label (self->play_button, play_label ? play_label : C_("cards", "_Play"));
  update_status (self);
  if (focus)
    refocus (self, focus_kind, focus_card);
}

/**
 * cp_card_hand_panel_get_selected:
 * @cards: (out caller-allocates) (array fixed-size=54): the cards chosen
 *
 * Returns: the number of cards chosen now, in the order they were chosen
 */
guint
cp_card_hand_panel_get_selected (CpCardHandPanel *self, CpCard *cards)
{
  g_return_val_if_fail (CP_IS_CARD_HAND_PANEL (self), 0);

  if (cards && self->n_selected > 0)
    memcpy (cards, self->selected, self->n_selected * sizeof (CpCard));
  return self->n_selected;
}

/**
 * cp_card_hand_panel_toggle:
 * @card: a card of the hand at the screen
 *
 * Chooses @card, or gives it up if it is chosen, as a click does.  When
 * the choice is full, choosing a card gives up the one chosen first.
 *
 * Returns: %FALSE if @card may not be chosen now
 */
gboolean
cp_card_hand_panel_toggle (CpCardHandPanel *self, CpCard card)
{
  g_return_val_if_fail (CP_IS_CARD_HAND_PANEL (self), FALSE);

  if (!is_choosable (self, card))
    return FALSE;
  if (unselect_card (self, card))
    return TRUE;
  return select_card (self, card);
}

/**
 * cp_card_hand_panel_play:
 *
 * Plays the cards chosen, as the play button does: emits
 * #CpCardHandPanel::cards-chosen and clears the choice.
 *
 * Returns: %FALSE if the choice is not complete
 */
gboolean
cp_card_hand_panel_play (CpCardHandPanel *self)
{
  g_autoptr(CpCardHandPanel) keep = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (CP_IS_CARD_HAND_PANEL (self), FALSE);

  if (self->n_to_choose == 0 || self->n_selected != self->n_to_choose)
    return FALSE;
  keep = g_object_ref (self);
  bytes = g_bytes_new (self->selected, self->n_selected);
  g_signal_emit (self, signals[CARDS_CHOSEN], 0, bytes);
  self->n_selected = 0;
  selection_changed (self);
  return TRUE;
}

static void
cp_card_hand_panel_dispose (GObject *object)
{
  CpCardHandPanel *self = CP_CARD_HAND_PANEL (object);
  GtkWidget *child;

  if (self->cards)
    g_ptr_array_set_size (self->cards, 0);
  gtk_widget_dispose_template (GTK_WIDGET (object), CP_TYPE_CARD_HAND_PANEL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (cp_card_hand_panel_parent_class)->dispose (object);
}

static void
cp_card_hand_panel_finalize (GObject *object)
{
  CpCardHandPanel *self = CP_CARD_HAND_PANEL (object);

  g_ptr_array_unref (self->cards);
  G_OBJECT_CLASS (cp_card_hand_panel_parent_class)->finalize (object);
}

static void
cp_card_hand_panel_class_init (CpCardHandPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /* The template lives in the interface's resources, in a static library:
   * using them here keeps them, and their registration, in any program
   * that uses the panel. */
  (void) cp_ui_get_resource ();

  object_class->dispose = cp_card_hand_panel_dispose;
  object_class->finalize = cp_card_hand_panel_finalize;

  /**
   * CpCardHandPanel::cards-chosen:
   * @cards: the cards chosen, one #CpCard a byte, in the order chosen
   *
   * The player plays the cards chosen.
   */
  signals[CARDS_CHOSEN] = g_signal_new ("cards-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BYTES);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chess_parlour/ChessParlour/ui/cp-card-hand-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CpCardHandPanel, hands);
  gtk_widget_class_bind_template_child (widget_class, CpCardHandPanel, table);
  gtk_widget_class_bind_template_child (widget_class, CpCardHandPanel, table_groups);
  gtk_widget_class_bind_template_child (widget_class, CpCardHandPanel, table_placeholder);
  gtk_widget_class_bind_template_child (widget_class, CpCardHandPanel, others);
  gtk_widget_class_bind_template_child (widget_class, CpCardHandPanel, piles);
  gtk_widget_class_bind_template_child (widget_class, CpCardHandPanel, actions);
  gtk_widget_class_bind_template_child (widget_class, CpCardHandPanel, status);
  gtk_widget_class_bind_template_child (widget_class, CpCardHandPanel, play_button);
  gtk_widget_class_bind_template_callback (widget_class, play_clicked);

  gtk_widget_class_set_layout_manager_type (widget_class, CP_TYPE_WRAP_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cardhandpanel");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cp_card_hand_panel_init (CpCardHandPanel *self)
{
  GtkDropTarget *target;

  gtk_widget_init_template (GTK_WIDGET (self));
  cp_accessible_name_mnemonics (GTK_WIDGET (self));
  cp_wrap_layout_set_spacing (CP_WRAP_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 12, 0);
  self->cards = g_ptr_array_new ();
  self->seat = CP_VIEW_ALL;
  cp_hand_init (&self->hand, CP_SEATS_ALL);

  target = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);
  g_signal_connect (target, "drop", G_CALLBACK (table_drop), self);
  gtk_widget_add_controller (self->table, GTK_EVENT_CONTROLLER (target));
  target = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);
  g_signal_connect (target, "drop", G_CALLBACK (hand_drop), self);
  gtk_widget_add_controller (self->hands, GTK_EVENT_CONTROLLER (target));

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (redraw_cards), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (redraw_cards), NULL);
  /* Translators: the name of the panel with the game's cards, for
   * screen readers */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Cards"), -1);
  /* Translators: the place where the players lay their cards (a piece of
   * furniture), for screen readers */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->table), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Table"), -1);
  gtk_label_set_text (self->table_placeholder, _("Nothing on the table"));
  update_status (self);
}

GtkWidget *
cp_card_hand_panel_new (void)
{
  return g_object_new (CP_TYPE_CARD_HAND_PANEL, NULL);
}
