/* cp-card-note-bar.c: the bar below the board for cards played from a
 * Knightmare Chess deck
 *
 * The program does not know the cards; the players name the card they
 * play, make its changes on the board and say when they are done.  The
 * bar says where the turn stands and offers the buttons for each step:
 * playing a card, the tools for its changes (moving any piece, adding a
 * piece of any colour, taking one off), being done, ending the turn.
 * The buttons use the window's actions, so they follow what the rules
 * allow.  The board offers the actions of the tool chosen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "cp-accessible.h"
#include "cp-card-art.h"
#include "cp-card-note-bar.h"
#include "cp-engine.h"
#include "cp-piece-art.h"

struct _CpCardNoteBar
{
  GtkWidget parent_instance;

  /* Template widgets. */
  GtkRevealer *revealer;
  GtkWidget *card_back;
  GtkLabel *title;
  GtkLabel *subtitle;
  GtkStack *buttons;
  GtkStack *second_row;
  GtkRevealer *tools_revealer;
  GtkWidget *owners_child;
  GtkWidget *kinds_child;
  GtkWidget *owners;
  GtkWidget *kinds;

  CpCardNoteStage stage;
  gboolean past;          /* the position shown is an earlier one */
  guint seat;
  char *player;
  char *card;
  CpCardTool tool;
  guint piece_owner;
  CpPieceKind piece_kind;
  CpColour colours[CP_MAX_SEATS];
  guint n_seats;
};

G_DEFINE_FINAL_TYPE (CpCardNoteBar, cp_card_note_bar, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TOOL,
  PROP_PIECE_OWNER,
  PROP_PIECE_KIND,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *const tool_ids[] = { "move", "add", "remove" };
/* The pages of the buttons, by stage. */
static const char *const stage_ids[] = { NULL, "ready", "in-play", "played" };

/* What the bar says at an earlier position: what card was in play or
 * played, with nothing that asks for an action. */
static void
update_past_texts (CpCardNoteBar *self)
{
  g_autofree char *title = NULL;

  if (self->stage == CP_CARD_NOTE_IN_PLAY)
    /* Translators: at an earlier position of the game; %s is the name of a
     * card from a Knightmare Chess deck */
    title = g_strdup_printf (_("“%s” was in play"), self->card ? self->card : "");
  else
    /* Translators: at an earlier position of the game; %s is the name of a
     * card from a Knightmare Chess deck */
    title = g_strdup_printf (_("“%s” was played"), self->card ? self->card : "");
  gtk_label_set_text (self->title, title);
  gtk_label_set_text (self->subtitle, "");
}

static void
update_texts (CpCardNoteBar *self)
{
  g_autofree char *title = NULL;
  const char *subtitle = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->subtitle), !self->past);
  if (self->past && (self->stage == CP_CARD_NOTE_IN_PLAY || self->stage == CP_CARD_NOTE_PLAYED))
    {
      update_past_texts (self);
      return;
    }
  switch (self->stage)
    {
    case CP_CARD_NOTE_READY:
      /* Translators: %s is the name of the player whose turn it is */
      title = g_strdup_printf (_("%s may play a card"), self->player ? self->player : "");
      subtitle = _("Name it first, then make its changes on the board.");
      break;
    case CP_CARD_NOTE_IN_PLAY:
      /* Translators: %s is the name of a card from a Knightmare Chess deck */
      title = g_strdup_printf (_("“%s” is in play"), self->card ? self->card : "");
      switch (self->tool)
        {
        case CP_CARD_TOOL_ADD:
          subtitle = _("Choose the colour and the kind of the new piece, then click an empty cell.");
          break;
        case CP_CARD_TOOL_REMOVE:
          subtitle = _("Click a piece to take it off the board. Kings stay.");
          break;
        case CP_CARD_TOOL_MOVE:
        default:
          subtitle = _("Move any piece to any cell. A king put on its own rook castles.");
          break;
        }
      break;
    case CP_CARD_NOTE_PLAYED:
      /* Translators: %s is the name of a card from a Knightmare Chess deck */
      title = g_strdup_printf (_("“%s” is played"), self->card ? self->card : "");
      subtitle = _("Make a move, play another card or end the turn.");
      break;
    case CP_CARD_NOTE_NONE:
    default:
      return;
    }
  gtk_label_set_text (self->title, title);
  gtk_label_set_text (self->subtitle, subtitle);
}

/* The stage the bar shows: at an earlier position, none where a card
 * could have been played, as nothing there asks for an action. */
static CpCardNoteStage
shown_stage (CpCardNoteBar *self)
{
  return self->past && self->stage == CP_CARD_NOTE_READY ? CP_CARD_NOTE_NONE : self->stage;
}

static void
update_visibility (CpCardNoteBar *self)
{
  CpCardNoteStage shown = shown_stage (self);
  gboolean in_play = shown == CP_CARD_NOTE_IN_PLAY;

  /* Hidden, the bar takes no room, not even the width of its buttons. */
  if (shown != CP_CARD_NOTE_NONE)
    gtk_widget_set_visible (GTK_WIDGET (self->revealer), TRUE);
  gtk_revealer_set_reveal_child (self->revealer, shown != CP_CARD_NOTE_NONE);
  gtk_revealer_set_reveal_child (self->tools_revealer, in_play || shown == CP_CARD_NOTE_PLAYED);
  gtk_widget_set_visible (self->owners_child, self->tool == CP_CARD_TOOL_ADD);
  gtk_widget_set_visible (self->kinds_child, self->tool == CP_CARD_TOOL_ADD);
  /* The buttons of the stage: beside the text when it has one, below it
   * when it has two; at the latest position only. */
  gtk_widget_set_visible (GTK_WIDGET (self->buttons), !self->past && (shown == CP_CARD_NOTE_READY || in_play));
  if (shown == CP_CARD_NOTE_READY || in_play)
    gtk_stack_set_visible_child_name (self->buttons, stage_ids[shown]);
  if (in_play || shown == CP_CARD_NOTE_PLAYED)
    gtk_stack_set_visible_child_name (self->second_row, stage_ids[shown]);
  update_texts (self);
}

static void
revealed (CpCardNoteBar *self)
{
  if (!gtk_revealer_get_child_revealed (self->revealer) && shown_stage (self) == CP_CARD_NOTE_NONE)
    gtk_widget_set_visible (GTK_WIDGET (self->revealer), FALSE);
}

static void
draw_card_back (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  double card_width = MIN ((double) width, height / cp_card_art_aspect ());

  cp_card_art_draw (cp_card_art_get_default (), cr, CP_CARD_UNKNOWN,
                    (width - card_width) / 2, (height - card_width * cp_card_art_aspect ()) / 2,
                    card_width, gtk_widget_get_scale_factor (GTK_WIDGET (area)),
                    adw_style_manager_get_dark (adw_style_manager_get_default ()), CP_CARD_ART_FLAT);
}

static void
draw_kind (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  CpCardNoteBar *self = data;
  GtkActionable *button = GTK_ACTIONABLE (gtk_widget_get_parent (GTK_WIDGET (area)));
  /* The kind drawn is the one its button chooses. */
  CpPieceKind kind = (CpPieceKind) g_variant_get_uint32 (gtk_actionable_get_action_target_value (button));
  double size = MIN (width, height);

  cp_piece_art_draw (cp_piece_art_get_default (), cr, kind, self->colours[self->piece_owner % CP_MAX_SEATS],
                     (width - size) / 2, (height - size) / 2, size,
                     gtk_widget_get_scale_factor (GTK_WIDGET (area)));
}

static void
redraw_kinds (CpCardNoteBar *self)
{
  for (GtkWidget *button = gtk_widget_get_first_child (self->kinds); button;
       button = gtk_widget_get_next_sibling (button))
    gtk_widget_queue_draw (gtk_button_get_child (GTK_BUTTON (button)));
}

static void
fill_kinds (CpCardNoteBar *self)
{
  for (guint kind = CP_PIECE_PAWN; kind < CP_PIECE_KING; kind++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *area = gtk_drawing_area_new ();
      const char *name = cp_piece_kind_name ((CpPieceKind) kind);

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 28);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 28);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_kind, self, NULL);
      gtk_button_set_child (GTK_BUTTON (button), area);
      gtk_widget_set_tooltip_text (button, name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "card.piece-kind");
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_uint32 (kind));
      gtk_box_append (GTK_BOX (self->kinds), button);
    }
}

/**
 * cp_card_note_bar_set_seats:
 * @colours: the colour of each seat's pieces
 *
 * Sets the seats whose pieces a card may add.
 */
void
cp_card_note_bar_set_seats (CpCardNoteBar *self, const CpColour *colours, guint n_seats)
{
  GtkWidget *child;

  g_return_if_fail (CP_IS_CARD_NOTE_BAR (self));

  while ((child = gtk_widget_get_first_child (self->owners)) != NULL)
    gtk_box_remove (GTK_BOX (self->owners), child);
  self->n_seats = MIN (n_seats, CP_MAX_SEATS);
  for (guint seat = 0; seat < self->n_seats; seat++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_label (cp_colour_name (colours[seat]));
      g_autofree char *tooltip = NULL;

      self->colours[seat] = colours[seat];
      /* Translators: the tooltip of a colour for a piece a card adds, such as "Red piece" */
      tooltip = g_strdup_printf (_("%s piece"), cp_colour_name (colours[seat]));
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "card.piece-owner");
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_uint32 (seat));
      gtk_box_append (GTK_BOX (self->owners), button);
    }
  if (self->piece_owner >= self->n_seats)
    cp_card_note_bar_set_piece (self, 0, self->piece_kind);
  redraw_kinds (self);
}

/**
 * cp_card_note_bar_show:
 * @seat: the seat whose turn it is
 * @player: (nullable): its player's name
 * @card: (nullable): the name of the card played this turn
 *
 * Shows where the turn stands; %CP_CARD_NOTE_NONE hides the bar.  A card
 * that comes into play starts with the tool that moves pieces, and with
 * pieces of the player's own colour to add.
 */
void
cp_card_note_bar_show (CpCardNoteBar *self, CpCardNoteStage stage, guint seat, const char *player, const char *card)
{
  gboolean new_card;

  g_return_if_fail (CP_IS_CARD_NOTE_BAR (self));

  new_card = stage == CP_CARD_NOTE_IN_PLAY && (self->stage != CP_CARD_NOTE_IN_PLAY || self->seat != seat
                                                || g_strcmp0 (self->card, card) != 0);
  self->stage = stage;
  self->seat = seat;
  g_free (self->player);
  self->player = g_strdup (player);
  g_free (self->card);
  self->card = g_strdup (card);
  if (new_card)
    {
      cp_card_note_bar_set_tool (self, CP_CARD_TOOL_MOVE);
      if (seat < self->n_seats)
        cp_card_note_bar_set_piece (self, seat, self->piece_kind);
    }
  update_visibility (self);
}

/**
 * cp_card_note_bar_set_past:
 * @past: whether the position shown is an earlier one
 *
 * At an earlier position, the bar says what card was in play there, but
 * asks for nothing and offers no button of its stage.
 */
void
cp_card_note_bar_set_past (CpCardNoteBar *self, gboolean past)
{
  g_return_if_fail (CP_IS_CARD_NOTE_BAR (self));

  if (self->past == past)
    return;
  self->past = past;
  update_visibility (self);
}

CpCardNoteStage
cp_card_note_bar_get_stage (CpCardNoteBar *self)
{
  g_return_val_if_fail (CP_IS_CARD_NOTE_BAR (self), CP_CARD_NOTE_NONE);

  return self->stage;
}

CpCardTool
cp_card_note_bar_get_tool (CpCardNoteBar *self)
{
  g_return_val_if_fail (CP_IS_CARD_NOTE_BAR (self), CP_CARD_TOOL_MOVE);

  return self->tool;
}

void
cp_card_note_bar_set_tool (CpCardNoteBar *self, CpCardTool tool)
{
  g_return_if_fail (CP_IS_CARD_NOTE_BAR (self));
  g_return_if_fail (tool <= CP_CARD_TOOL_REMOVE);

  if (self->tool == tool)
    return;
  self->tool = tool;
  update_visibility (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

/**
 * cp_card_note_bar_set_piece:
 * @owner: the seat the piece is for
 * @kind: a kind from pawn to queen
 *
 * Chooses the piece the tool that adds pieces adds.
 */
void
cp_card_note_bar_set_piece (CpCardNoteBar *self, guint owner, CpPieceKind kind)
{
  g_return_if_fail (CP_IS_CARD_NOTE_BAR (self));
  g_return_if_fail (kind >= CP_PIECE_PAWN && kind < CP_PIECE_KING);

  g_object_freeze_notify (G_OBJECT (self));
  if (owner < CP_MAX_SEATS && owner != self->piece_owner)
    {
      self->piece_owner = owner;
      redraw_kinds (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIECE_OWNER]);
    }
  if (kind != self->piece_kind)
    {
      self->piece_kind = kind;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIECE_KIND]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

guint
cp_card_note_bar_get_piece_owner (CpCardNoteBar *self)
{
  g_return_val_if_fail (CP_IS_CARD_NOTE_BAR (self), 0);

  return self->piece_owner;
}

CpPieceKind
cp_card_note_bar_get_piece_kind (CpCardNoteBar *self)
{
  g_return_val_if_fail (CP_IS_CARD_NOTE_BAR (self), CP_PIECE_PAWN);

  return self->piece_kind;
}

/**
 * cp_card_note_bar_offers:
 *
 * Whether the board should offer @action, one of the legal actions: while
 * a card is in play, only those of the tool chosen, so a click means one
 * thing.
 */
gboolean
cp_card_note_bar_offers (CpCardNoteBar *self, const CpAction *action)
{
  g_return_val_if_fail (CP_IS_CARD_NOTE_BAR (self), TRUE);

  if (self->stage != CP_CARD_NOTE_IN_PLAY)
    return TRUE;
  switch (self->tool)
    {
    case CP_CARD_TOOL_ADD:
      return action->type == CP_ACTION_PLACE && action->piece == self->piece_kind
             && action->value == self->piece_owner + 1;
    case CP_CARD_TOOL_REMOVE:
      return action->type == CP_ACTION_REMOVE;
    case CP_CARD_TOOL_MOVE:
    default:
      return action->type == CP_ACTION_MOVE;
    }
}

/* The bar's heading, as shown. */
const char *
cp_card_note_bar_get_title (CpCardNoteBar *self)
{
  g_return_val_if_fail (CP_IS_CARD_NOTE_BAR (self), NULL);

  return gtk_label_get_text (self->title);
}

/* The bar's line under the heading, as shown; NULL when hidden. */
const char *
cp_card_note_bar_get_subtitle (CpCardNoteBar *self)
{
  g_return_val_if_fail (CP_IS_CARD_NOTE_BAR (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->subtitle)) ? gtk_label_get_text (self->subtitle) : NULL;
}

/* Whether the bar shows, and whether its stage's buttons do. */
gboolean
cp_card_note_bar_get_shown (CpCardNoteBar *self, gboolean *buttons)
{
  g_return_val_if_fail (CP_IS_CARD_NOTE_BAR (self), FALSE);

  if (buttons != NULL)
    *buttons = gtk_widget_get_visible (GTK_WIDGET (self->buttons));
  return gtk_revealer_get_reveal_child (self->revealer);
}

static void
cp_card_note_bar_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CpCardNoteBar *self = CP_CARD_NOTE_BAR (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_string (value, tool_ids[self->tool]);
      break;
    case PROP_PIECE_OWNER:
      g_value_set_uint (value, self->piece_owner);
      break;
    case PROP_PIECE_KIND:
      g_value_set_uint (value, self->piece_kind);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_card_note_bar_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  CpCardNoteBar *self = CP_CARD_NOTE_BAR (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      for (guint i = 0; i < G_N_ELEMENTS (tool_ids); i++)
        if (g_strcmp0 (g_value_get_string (value), tool_ids[i]) == 0)
          cp_card_note_bar_set_tool (self, (CpCardTool) i);
      break;
    case PROP_PIECE_OWNER:
      cp_card_note_bar_set_piece (self, g_value_get_uint (value), self->piece_kind);
      break;
    case PROP_PIECE_KIND:
      cp_card_note_bar_set_piece (self, self->piece_owner, (CpPieceKind) g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_card_note_bar_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CP_TYPE_CARD_NOTE_BAR);
  G_OBJECT_CLASS (cp_card_note_bar_parent_class)->dispose (object);
}

static void
cp_card_note_bar_finalize (GObject *object)
{
  CpCardNoteBar *self = CP_CARD_NOTE_BAR (object);

  g_free (self->player);
  g_free (self->card);
  G_OBJECT_CLASS (cp_card_note_bar_parent_class)->finalize (object);
}

static void
cp_card_note_bar_class_init (CpCardNoteBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = cp_card_note_bar_get_property;
  object_class->set_property = cp_card_note_bar_set_property;
  object_class->dispose = cp_card_note_bar_dispose;
  object_class->finalize = cp_card_note_bar_finalize;

  properties[PROP_TOOL] =
    g_param_spec_string ("tool", NULL, NULL, "move",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PIECE_OWNER] =
    g_param_spec_uint ("piece-owner", NULL, NULL, 0, CP_MAX_SEATS - 1, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PIECE_KIND] =
    g_param_spec_uint ("piece-kind", NULL, NULL, CP_PIECE_PAWN, CP_PIECE_QUEEN, CP_PIECE_PAWN,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chess_parlour/ChessParlour/ui/cp-card-note-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, CpCardNoteBar, revealer);
  gtk_widget_class_bind_template_child (widget_class, CpCardNoteBar, card_back);
  gtk_widget_class_bind_template_child (widget_class, CpCardNoteBar, title);
  gtk_widget_class_bind_template_child (widget_class, CpCardNoteBar, subtitle);
  gtk_widget_class_bind_template_child (widget_class, CpCardNoteBar, buttons);
  gtk_widget_class_bind_template_child (widget_class, CpCardNoteBar, second_row);
  gtk_widget_class_bind_template_child (widget_class, CpCardNoteBar, tools_revealer);
  gtk_widget_class_bind_template_child (widget_class, CpCardNoteBar, owners_child);
  gtk_widget_class_bind_template_child (widget_class, CpCardNoteBar, kinds_child);
  gtk_widget_class_bind_template_child (widget_class, CpCardNoteBar, owners);
  gtk_widget_class_bind_template_child (widget_class, CpCardNoteBar, kinds);

  gtk_widget_class_install_property_action (widget_class, "card.tool", "tool");
  gtk_widget_class_install_property_action (widget_class, "card.piece-owner", "piece-owner");
  gtk_widget_class_install_property_action (widget_class, "card.piece-kind", "piece-kind");

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cardnotebar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cp_card_note_bar_init (CpCardNoteBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  cp_accessible_name_mnemonics (GTK_WIDGET (self));
  self->piece_kind = CP_PIECE_PAWN;
  for (guint i = 0; i < CP_MAX_SEATS; i++)
    self->colours[i] = (CpColour) (i % CP_N_COLOURS);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->card_back), draw_card_back, NULL, NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self->card_back, G_CONNECT_SWAPPED);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Knightmare Chess cards"), -1);
  g_signal_connect_swapped (self->revealer, "notify::child-revealed", G_CALLBACK (revealed), self);
  fill_kinds (self);
  update_visibility (self);
  gtk_widget_set_visible (GTK_WIDGET (self->revealer), FALSE);
}

GtkWidget *
cp_card_note_bar_new (void)
{
  return g_object_new (CP_TYPE_CARD_NOTE_BAR, NULL);
}
