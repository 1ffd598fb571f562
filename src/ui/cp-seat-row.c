/* cp-seat-row.c: a seat in the players panel
 *
 * The row's title is the player's name and its subtitle what else names
 * the player (a colour, a partner). Before the name, the player's colour
 * as a king on a token, where seats have one; after it, the pieces the
 * seat has lost, drawn faintly when they are gone for good (or, where the
 * game counts them so, those it took, in their owner's colour), the texts the
 * game puts beside the seat, "Out" for a seat out of the game, and a
 * mark for whose turn it is.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-piece-art.h"
#include "cp-seat-row.h"
#include "cp-strip-area.h"
#include "cp-ui-resources.h"

struct _CpSeatRow
{
  AdwActionRow parent_instance;

  GtkWidget *swatch;
  GtkWidget *lost_area;
  GtkWidget *side_label;
  GtkWidget *out_label;
  GtkWidget *turn_mark;
  GtkWidget *computer_mark;
  GtkWidget *screen_mark;

  guint seat;
  CpColour colour;
  gboolean to_move;
  char *side_text;   /* as given: the label binds its numbers */
  char *lost_description;
  GArray *lost;  /* CpLostPiece */
};

/* The width the side texts of a player keep at most, in characters. */
#define SIDE_TEXT_CHARS 14

G_DEFINE_FINAL_TYPE (CpSeatRow, cp_seat_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_SEAT,
  PROP_COLOUR,
  PROP_COLOURED,
  PROP_TO_MOVE,
  PROP_OUT,
  PROP_SIDE_TEXT,
  PROP_LOST_DESCRIPTION,
  PROP_COMPUTER,
  PROP_AT_SCREEN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  CpSeatRow *self = data;
  double size = MIN (width, height), inset = size * 0.1;

  /* A pale token with a thin rim under the king, so that every colour,
   * black included, reads in the light and the dark style. */
  cairo_arc (cr, size / 2, size / 2, size / 2 - 0.5, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 0.94, 0.93, 0.91);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cp_piece_art_draw (cp_piece_art_get_default (), cr, CP_PIECE_KING, self->colour, inset, inset,
                     size - 2 * inset, gtk_widget_get_scale_factor (GTK_WIDGET (area)));
}

static void
draw_lost (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  CpSeatRow *self = data;
  double size = height, step = size * 0.55;
  /* In the dark style, a pale halo keeps dark pieces from sinking into
   * the ground. */
  static const double halo[4] = { 0.92, 0.91, 0.89, 0.9 };
  gboolean dark_style = adw_style_manager_get_dark (adw_style_manager_get_default ());

  /* Many losses squeeze together rather than crowd out the name. */
  if (self->lost->len > 1)
    step = MIN (step, (width - size) / (self->lost->len - 1));

  for (guint i = 0; i < self->lost->len; i++)
    {
      const CpLostPiece *piece = &g_array_index (self->lost, CpLostPiece, i);
      CpColour colour = piece->taken ? piece->colour : self->colour;
      gboolean dark = dark_style && colour != CP_COLOUR_WHITE && colour != CP_COLOUR_BROWN;

      if (piece->for_good)
        cairo_push_group (cr);
      if (dark)
        cp_piece_art_draw_with_halo (cp_piece_art_get_default (), cr, piece->kind, colour,
                                     i * step, 0, size, gtk_widget_get_scale_factor (GTK_WIDGET (area)), halo);
      else
        cp_piece_art_draw (cp_piece_art_get_default (), cr, piece->kind, colour,
                           i * step, 0, size, gtk_widget_get_scale_factor (GTK_WIDGET (area)));
      if (piece->for_good)
        {
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, 0.35);
        }
    }
}

/* Beside a text, the pieces overlap more, to leave the name its room. */
static void
update_lost_width (CpSeatRow *self)
{
  guint n = self->lost->len;

  /* A player out of the game shows "Out" in their place. */
  gtk_widget_set_visible (self->lost_area, !gtk_widget_get_visible (self->out_label));
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->lost_area),
                                      n ? (int) MIN (11 * n + 9, gtk_widget_get_visible (self->side_label) ? 48 : 108)
                                        : 0);
}

/* The characters of the longest word of @text, up to @most: the least
 * room a side text keeps beside the player's name, so that under a
 * short name it wraps between its words, never inside one nor the name. */
static int
longest_word (const char *text, int most)
{
  g_auto (GStrv) words = g_strsplit_set (text, " \n", -1);
  glong longest = 0;

  for (guint i = 0; words[i]; i++)
    longest = MAX (longest, g_utf8_strlen (words[i], -1));
  return (int) MIN (longest, most);
}

/* @text with the number that ends a line bound to the word before it by
 * a space that does not break: "Points: 10" never ends a line before 10. */
static char *
numbers_bound (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i]; i++)
    {
      char *space = strrchr (lines[i], ' ');

      if (space != NULL && space > lines[i] && g_ascii_isdigit (space[1]))
        {
          char *bound;

          *space = '\0';
          bound = g_strconcat (lines[i], "\u00A0", space + 1, NULL);
          g_free (lines[i]);
          lines[i] = bound;
        }
    }
  return g_strjoinv ("\n", lines);
}

/* What the row shows beside the player's name, in words, for screen
 * readers: the subtitle, the marks, the texts and the pieces lost. */
static void
describe (CpSeatRow *self)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (self));
  const char *computer = cp_seat_row_get_computer (self);
  g_autofree char *text = NULL;

  if (subtitle != NULL && subtitle[0] != '\0')
    g_ptr_array_add (parts, g_strdup (subtitle));
  if (self->to_move)
    g_ptr_array_add (parts, g_strdup (_("To move")));
  if (gtk_widget_get_visible (self->screen_mark))
    g_ptr_array_add (parts, g_strdup (_("At the screen")));
  if (gtk_widget_get_visible (self->out_label))
    g_ptr_array_add (parts, g_strdup (gtk_label_get_text (GTK_LABEL (self->out_label))));
  if (computer != NULL)
    g_ptr_array_add (parts, g_strdup (computer));
  if (self->side_text[0] != '\0')
    {
      g_auto (GStrv) lines = g_strsplit (self->side_text, "\n", -1);

      for (guint i = 0; lines[i] != NULL; i++)
        if (lines[i][0] != '\0')
          g_ptr_array_add (parts, g_strdup (lines[i]));
    }
  if (self->lost_description != NULL && self->lost_description[0] != '\0')
    g_ptr_array_add (parts, g_strdup (self->lost_description));
  g_ptr_array_add (parts, NULL);
  /* Translators: between the things said of a player, such as "White, To
   * move, Points: 10" */
  text = g_strjoinv (C_("seat", ", "), (char **) parts->pdata);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/**
 * cp_seat_row_new:
 * @seat: the seat the row shows
 */
GtkWidget *
cp_seat_row_new (guint seat)
{
  return g_object_new (CP_TYPE_SEAT_ROW, "seat", seat, NULL);
}

guint
cp_seat_row_get_seat (CpSeatRow *self)
{
  g_return_val_if_fail (CP_IS_SEAT_ROW (self), 0);

  return self->seat;
}

CpColour
cp_seat_row_get_colour (CpSeatRow *self)
{
  g_return_val_if_fail (CP_IS_SEAT_ROW (self), CP_COLOUR_WHITE);

  return self->colour;
}

/* The colour of the king on the token and of the pieces lost. */
void
cp_seat_row_set_colour (CpSeatRow *self, CpColour colour)
{
  g_return_if_fail (CP_IS_SEAT_ROW (self));
  g_return_if_fail (colour < CP_N_COLOURS);

  if (self->colour == colour)
    return;
  self->colour = colour;
  gtk_widget_queue_draw (self->swatch);
  gtk_widget_queue_draw (self->lost_area);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOUR]);
}

gboolean
cp_seat_row_get_coloured (CpSeatRow *self)
{
  g_return_val_if_fail (CP_IS_SEAT_ROW (self), FALSE);

  return gtk_widget_get_visible (self->swatch);
}

/* Whether the seat's colour shows: a seat without one shows none. */
void
cp_seat_row_set_coloured (CpSeatRow *self, gboolean coloured)
{
  g_return_if_fail (CP_IS_SEAT_ROW (self));

  coloured = !!coloured;
  if (gtk_widget_get_visible (self->swatch) == coloured)
    return;
  gtk_widget_set_visible (self->swatch, coloured);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOURED]);
}

gboolean
cp_seat_row_get_to_move (CpSeatRow *self)
{
  g_return_val_if_fail (CP_IS_SEAT_ROW (self), FALSE);

  return self->to_move;
}

/* The mark for whose turn it is keeps its room when it is not shown, so
 * that the texts beside the names stay in line. */
void
cp_seat_row_set_to_move (CpSeatRow *self, gboolean to_move)
{
  g_return_if_fail (CP_IS_SEAT_ROW (self));

  to_move = !!to_move;
  if (self->to_move == to_move)
    return;
  self->to_move = to_move;
  gtk_widget_set_opacity (self->turn_mark, to_move ? 1.0 : 0.0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->turn_mark), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  to_move ? _("To move") : "", -1);
  describe (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TO_MOVE]);
}

gboolean
cp_seat_row_get_out (CpSeatRow *self)
{
  g_return_val_if_fail (CP_IS_SEAT_ROW (self), FALSE);

  return gtk_widget_get_visible (self->out_label);
}

/* Whether the seat is out of a game of several players. */
void
cp_seat_row_set_out (CpSeatRow *self, gboolean out)
{
  g_return_if_fail (CP_IS_SEAT_ROW (self));

  out = !!out;
  if (gtk_widget_get_visible (self->out_label) == out)
    return;
  gtk_widget_set_visible (self->out_label, out);
  update_lost_width (self);
  describe (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OUT]);
}

/**
 * cp_seat_row_get_computer:
 *
 * Returns: (nullable): what the computer player of the seat is, such as
 *   "Computer, medium"; NULL for a person
 */
const char *
cp_seat_row_get_computer (CpSeatRow *self)
{
  g_return_val_if_fail (CP_IS_SEAT_ROW (self), NULL);

  return gtk_widget_get_visible (self->computer_mark) ? gtk_widget_get_tooltip_text (self->computer_mark) : NULL;
}

/**
 * cp_seat_row_set_computer:
 * @description: (nullable): what the computer player of the seat is, or
 *   NULL for a person
 *
 * Marks a seat a computer plays with the computer's icon, which says its
 * level.
 */
void
cp_seat_row_set_computer (CpSeatRow *self, const char *description)
{
  g_return_if_fail (CP_IS_SEAT_ROW (self));

  if (g_strcmp0 (cp_seat_row_get_computer (self), description) == 0)
    return;
  gtk_widget_set_visible (self->computer_mark, description != NULL);
  gtk_widget_set_tooltip_text (self->computer_mark, description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->computer_mark), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  description != NULL ? description : "", -1);
  describe (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER]);
}

gboolean
cp_seat_row_get_at_screen (CpSeatRow *self)
{
  g_return_val_if_fail (CP_IS_SEAT_ROW (self), FALSE);

  return gtk_widget_get_visible (self->screen_mark);
}

/* Whether the person of the seat is the one at the screen, where several
 * people share it. */
void
cp_seat_row_set_at_screen (CpSeatRow *self, gboolean at_screen)
{
  g_return_if_fail (CP_IS_SEAT_ROW (self));

  at_screen = !!at_screen;
  if (gtk_widget_get_visible (self->screen_mark) == at_screen)
    return;
  gtk_widget_set_visible (self->screen_mark, at_screen);
  describe (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AT_SCREEN]);
}

const char *
cp_seat_row_get_side_text (CpSeatRow *self)
{
  g_return_val_if_fail (CP_IS_SEAT_ROW (self), NULL);

  return self->side_text;
}

/* The texts beside the seat, a line each (scores, dice); an empty text
 * shows nothing. */
void
cp_seat_row_set_side_text (CpSeatRow *self, const char *text)
{
  g_autofree char *bound = NULL;

  g_return_if_fail (CP_IS_SEAT_ROW (self));

  if (text == NULL)
    text = "";
  if (g_str_equal (self->side_text, text))
    return;
  g_free (self->side_text);
  self->side_text = g_strdup (text);
  bound = numbers_bound (text);
  gtk_label_set_text (GTK_LABEL (self->side_label), bound);
  gtk_label_set_width_chars (GTK_LABEL (self->side_label), longest_word (bound, SIDE_TEXT_CHARS));
  gtk_widget_set_visible (self->side_label, text[0] != '\0');
  update_lost_width (self);
  describe (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDE_TEXT]);
}

/**
 * cp_seat_row_get_lost_description:
 *
 * Returns: (nullable): what the seat has lost, in words
 */
const char *
cp_seat_row_get_lost_description (CpSeatRow *self)
{
  g_return_val_if_fail (CP_IS_SEAT_ROW (self), NULL);

  return self->lost_description;
}

/* What the seat has lost, in words: the tooltip of the pieces and texts
 * beside the name, and what the screen reader says of the pieces. */
void
cp_seat_row_set_lost_description (CpSeatRow *self, const char *description)
{
  g_return_if_fail (CP_IS_SEAT_ROW (self));

  if (g_strcmp0 (self->lost_description, description) == 0)
    return;
  g_free (self->lost_description);
  self->lost_description = g_strdup (description);
  gtk_widget_set_tooltip_text (self->lost_area, description);
  gtk_widget_set_tooltip_text (self->side_label, description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->lost_area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  description ? description : "", -1);
  describe (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOST_DESCRIPTION]);
}

guint
cp_seat_row_get_n_lost (CpSeatRow *self)
{
  g_return_val_if_fail (CP_IS_SEAT_ROW (self), 0);

  return self->lost->len;
}

/* The pieces the seat has lost, in the order they are drawn. */
void
cp_seat_row_set_lost (CpSeatRow *self, const CpLostPiece *pieces, guint n_pieces)
{
  g_return_if_fail (CP_IS_SEAT_ROW (self));
  g_return_if_fail (pieces != NULL || n_pieces == 0);

  g_array_set_size (self->lost, 0);
  g_array_append_vals (self->lost, pieces, n_pieces);
  update_lost_width (self);
  gtk_widget_queue_draw (self->lost_area);
}

static void
cp_seat_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CpSeatRow *self = CP_SEAT_ROW (object);

  switch (prop_id)
    {
    case PROP_SEAT:
      g_value_set_uint (value, self->seat);
      break;
    case PROP_COLOUR:
      g_value_set_uint (value, self->colour);
      break;
    case PROP_COLOURED:
      g_value_set_boolean (value, cp_seat_row_get_coloured (self));
      break;
    case PROP_TO_MOVE:
      g_value_set_boolean (value, self->to_move);
      break;
    case PROP_OUT:
      g_value_set_boolean (value, cp_seat_row_get_out (self));
      break;
    case PROP_SIDE_TEXT:
      g_value_set_string (value, cp_seat_row_get_side_text (self));
      break;
    case PROP_LOST_DESCRIPTION:
      g_value_set_string (value, self->lost_description);
      break;
    case PROP_COMPUTER:
      g_value_set_string (value, cp_seat_row_get_computer (self));
      break;
    case PROP_AT_SCREEN:
      g_value_set_boolean (value, cp_seat_row_get_at_screen (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_seat_row_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  CpSeatRow *self = CP_SEAT_ROW (object);

  switch (prop_id)
    {
    case PROP_SEAT:
      self->seat = g_value_get_uint (value);
      break;
    case PROP_COLOUR:
      cp_seat_row_set_colour (self, (CpColour) g_value_get_uint (value));
      break;
    case PROP_COLOURED:
      cp_seat_row_set_coloured (self, g_value_get_boolean (value));
      break;
    case PROP_TO_MOVE:
      cp_seat_row_set_to_move (self, g_value_get_boolean (value));
      break;
    case PROP_OUT:
      cp_seat_row_set_out (self, g_value_get_boolean (value));
      break;
    case PROP_SIDE_TEXT:
      cp_seat_row_set_side_text (self, g_value_get_string (value));
      break;
    case PROP_LOST_DESCRIPTION:
      cp_seat_row_set_lost_description (self, g_value_get_string (value));
      break;
    case PROP_COMPUTER:
      cp_seat_row_set_computer (self, g_value_get_string (value));
      break;
    case PROP_AT_SCREEN:
      cp_seat_row_set_at_screen (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_seat_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CP_TYPE_SEAT_ROW);
  G_OBJECT_CLASS (cp_seat_row_parent_class)->dispose (object);
}

static void
cp_seat_row_finalize (GObject *object)
{
  CpSeatRow *self = CP_SEAT_ROW (object);

  g_free (self->side_text);
  g_free (self->lost_description);
  g_array_unref (self->lost);
  G_OBJECT_CLASS (cp_seat_row_parent_class)->finalize (object);
}

/* The row's title and subtitle (the name and the army) break between
 * words only, never inside one: what stands beside them gives way. */
static void
keep_words_whole (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget)
      && (gtk_widget_has_css_class (widget, "title") || gtk_widget_has_css_class (widget, "subtitle")))
    gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_WORD);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    keep_words_whole (child);
}

static void
cp_seat_row_class_init (CpSeatRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /* The template lives in the interface's resources, in a static library:
   * using them here keeps them, and their registration, in any program
   * that uses the row. */
  (void) cp_ui_get_resource ();
  g_type_ensure (CP_TYPE_STRIP_AREA);

  object_class->get_property = cp_seat_row_get_property;
  object_class->set_property = cp_seat_row_set_property;
  object_class->dispose = cp_seat_row_dispose;
  object_class->finalize = cp_seat_row_finalize;

  properties[PROP_SEAT] =
    g_param_spec_uint ("seat", NULL, NULL, 0, CP_MAX_SEATS - 1, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COLOUR] =
    g_param_spec_uint ("colour", NULL, NULL, 0, CP_N_COLOURS - 1, CP_COLOUR_WHITE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COLOURED] =
    g_param_spec_boolean ("coloured", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TO_MOVE] =
    g_param_spec_boolean ("to-move", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OUT] =
    g_param_spec_boolean ("out", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIDE_TEXT] =
    g_param_spec_string ("side-text", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOST_DESCRIPTION] =
    g_param_spec_string ("lost-description", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPUTER] =
    g_param_spec_string ("computer", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_AT_SCREEN] =
    g_param_spec_boolean ("at-screen", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chess_parlour/ChessParlour/ui/cp-seat-row.ui");
  gtk_widget_class_bind_template_child (widget_class, CpSeatRow, swatch);
  gtk_widget_class_bind_template_child (widget_class, CpSeatRow, lost_area);
  gtk_widget_class_bind_template_child (widget_class, CpSeatRow, side_label);
  gtk_widget_class_bind_template_child (widget_class, CpSeatRow, out_label);
  gtk_widget_class_bind_template_child (widget_class, CpSeatRow, turn_mark);
  gtk_widget_class_bind_template_child (widget_class, CpSeatRow, computer_mark);
  gtk_widget_class_bind_template_child (widget_class, CpSeatRow, screen_mark);
}

static void
cp_seat_row_init (CpSeatRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  keep_words_whole (GTK_WIDGET (self));
  g_signal_connect (self, "notify::subtitle", G_CALLBACK (describe), NULL);
  self->lost = g_array_new (FALSE, FALSE, sizeof (CpLostPiece));
  self->side_text = g_strdup ("");
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->swatch), draw_swatch, self, NULL);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->lost_area), draw_lost, self, NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (gtk_widget_queue_draw),
                           self->lost_area, G_CONNECT_SWAPPED);
}
