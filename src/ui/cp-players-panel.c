/* cp-players-panel.c: the players, whose turn it is, and what they lost
 *
 * A row a seat: the player's colour (where seats have one), name, a mark
 * for whose turn it is and what the game's presentation puts beside the
 * seat: the pieces it has lost, drawn faintly when they are gone for
 * good, a score, dice; below, a line on the state of the game (to move,
 * check, the result).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "cp-engine.h"
#include "cp-piece-art.h"
#include "cp-players-panel.h"

typedef struct {
  GtkWidget *row;
  GtkWidget *swatch;
  GtkWidget *turn;
  GtkWidget *lost;
  GtkWidget *extra;
  GtkWidget *out;
  guint8 lost_kinds[64];
  gboolean lost_for_good[64]; /* drawn faintly: gone for good */
  guint n_lost;
  CpColour colour;
} Seat;

struct _CpPlayersPanel
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkWidget *list;
  GtkWidget *status;
  CpGame *game;
  Seat seats[CP_MAX_SEATS];
  guint n_seats;
};

/* The width the side texts of a player keep at most, in characters. */
#define SIDE_TEXT_CHARS 14

G_DEFINE_FINAL_TYPE (CpPlayersPanel, cp_players_panel, GTK_TYPE_WIDGET)

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  Seat *seat = data;
  double size = MIN (width, height), inset = size * 0.1;

  /* A pale token with a thin rim under the king, so that every colour,
   * black included, reads in the light and the dark style. */
  cairo_arc (cr, size / 2, size / 2, size / 2 - 0.5, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 0.94, 0.93, 0.91);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cp_piece_art_draw (cp_piece_art_get_default (), cr, CP_PIECE_KING, seat->colour, inset, inset,
                     size - 2 * inset, gtk_widget_get_scale_factor (GTK_WIDGET (area)));
}

static void
draw_lost (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  Seat *seat = data;
  double size = height, step = size * 0.55;

  /* Many losses squeeze together rather than crowd out the name. */
  if (seat->n_lost > 1)
    step = MIN (step, (width - size) / (seat->n_lost - 1));

  for (guint i = 0; i < seat->n_lost; i++)
    {
      if (seat->lost_for_good[i])
        cairo_push_group (cr);
      cp_piece_art_draw (cp_piece_art_get_default (), cr, seat->lost_kinds[i], seat->colour,
                         i * step, 0, size, gtk_widget_get_scale_factor (GTK_WIDGET (area)));
      if (seat->lost_for_good[i])
        {
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, 0.35);
        }
    }
}

static void
clear_rows (CpPlayersPanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
  self->n_seats = 0;
}

/* The second line of a seat's row: the colour of a player not named
 * after it, and the partner in a team game. */
static char *
seat_subtitle (CpGame *game, guint seat)
{
  const CpRules *rules = cp_game_get_rules (game);
  CpPlayer *player = cp_game_get_player (game, seat);
  const char *name = cp_player_get_name (player);
  const char *colour = cp_colour_name (cp_player_get_colour (player));
  g_autoptr (GString) text = g_string_new (NULL);

  if (cp_rules_seats_coloured (rules) && g_strcmp0 (name, colour) != 0
      && g_strcmp0 (name, cp_rules_seat_name (rules, seat)) != 0)
    g_string_append (text, colour);
  for (guint other = 0; other < cp_game_get_n_seats (game); other++)
    if (cp_rules_partners (rules, seat, other))
      {
        /* Translators: under a player's name in a team game; %s is the partner's name */
        g_autofree char *partner = g_strdup_printf (_("Partner of %s"),
                                                    cp_player_get_name (cp_game_get_player (game, other)));

        if (text->len > 0)
          g_string_append (text, " · ");
        g_string_append (text, partner);
      }
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

void
cp_players_panel_set_game (CpPlayersPanel *self, CpGame *game)
{
  g_return_if_fail (CP_IS_PLAYERS_PANEL (self));

  clear_rows (self);
  g_set_object (&self->game, game);
  if (game == NULL)
    return;

  self->n_seats = cp_game_get_n_seats (game);
  for (guint i = 0; i < self->n_seats; i++)
    {
      Seat *seat = &self->seats[i];
      CpPlayer *player = cp_game_get_player (game, i);
      GtkWidget *suffix = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_autofree char *subtitle = NULL;

      seat->colour = cp_player_get_colour (player);
      seat->n_lost = 0;
      seat->row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (seat->row), cp_player_get_name (player));
      subtitle = seat_subtitle (game, i);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (seat->row), subtitle);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (seat->row), FALSE);

      seat->swatch = gtk_drawing_area_new ();
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (seat->swatch), 32);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (seat->swatch), 32);
      gtk_widget_set_valign (seat->swatch, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (seat->swatch, "seat-mark");
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (seat->swatch), draw_swatch, seat, NULL);
      /* A seat without a colour shows none. */
      gtk_widget_set_visible (seat->swatch, cp_rules_seats_coloured (cp_game_get_rules (game)));
      adw_action_row_add_prefix (ADW_ACTION_ROW (seat->row), seat->swatch);

      seat->lost = gtk_drawing_area_new ();
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (seat->lost), 20);
      gtk_widget_set_valign (seat->lost, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (seat->lost), draw_lost, seat, NULL);
      gtk_box_append (GTK_BOX (suffix), seat->lost);

      seat->extra = gtk_label_new (NULL);
      gtk_widget_add_css_class (seat->extra, "numeric");
      /* A line for each text; long ones wrap rather than squeeze the
       * player's name. */
      gtk_label_set_wrap (GTK_LABEL (seat->extra), TRUE);
      gtk_label_set_width_chars (GTK_LABEL (seat->extra), SIDE_TEXT_CHARS);
      gtk_label_set_max_width_chars (GTK_LABEL (seat->extra), 24);
      gtk_label_set_justify (GTK_LABEL (seat->extra), GTK_JUSTIFY_RIGHT);
      gtk_label_set_xalign (GTK_LABEL (seat->extra), 1);
      gtk_widget_set_visible (seat->extra, FALSE);
      gtk_box_append (GTK_BOX (suffix), seat->extra);

      /* Translators: said of a player who was checkmated, stalemated or resigned in a game of several */
      seat->out = gtk_label_new (_("Out"));
      gtk_widget_add_css_class (seat->out, "dim-label");
      gtk_widget_set_visible (seat->out, FALSE);
      gtk_box_append (GTK_BOX (suffix), seat->out);

      seat->turn = gtk_image_new_from_icon_name ("media-playback-start-symbolic");
      gtk_widget_set_tooltip_text (seat->turn, _("To move"));
      gtk_widget_add_css_class (seat->turn, "accent");
      gtk_box_append (GTK_BOX (suffix), seat->turn);
      adw_action_row_add_suffix (ADW_ACTION_ROW (seat->row), suffix);

      gtk_list_box_append (GTK_LIST_BOX (self->list), seat->row);
    }
}

/* The names of @seats: "Anna", "Anna and Ben", "Anna, Ben and Cleo". */
static char *
player_names (CpPlayersPanel *self, CpSeatMask seats)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autofree char *first = NULL;

  for (guint i = 0; i < self->n_seats; i++)
    if (seats & CP_SEAT_BIT (i))
      g_ptr_array_add (names, (gpointer) cp_player_get_name (cp_game_get_player (self->game, i)));
  if (names->len == 0)
    return g_strdup ("");
  if (names->len == 1)
    return g_strdup (g_ptr_array_index (names, 0));
  first = g_strdup (g_ptr_array_index (names, 0));
  for (guint i = 1; i + 1 < names->len; i++)
    {
      /* Translators: joins names in a list of three or more: "Anna, Ben" */
      char *longer = g_strdup_printf (_("%s, %s"), first, (const char *) g_ptr_array_index (names, i));

      g_free (first);
      first = longer;
    }
  /* Translators: joins the last name of a list: "Anna and Ben" */
  return g_strdup_printf (_("%s and %s"), first, (const char *) g_ptr_array_index (names, names->len - 1));
}

/* Whose turn it was at an earlier position, in words that ask nobody to
 * act: that position is looked back on. */
static char *
describe_past (CpPlayersPanel *self, const CpState *state, const char *names)
{
  guint n = cp_bits_count (cp_state_pending (state) & ~CP_SEAT_BIT (CP_SEAT_CHANCE));

  if (state->rules->flags & CP_RULES_DRAWS && state->draw_offer != 0)
    {
      g_autofree char *offering = player_names (self, state->draw_offer);

      /* Translators: at an earlier position of the game: a draw offer
       * that stood then, and whose turn it was, such as "Anna had offered
       * a draw · Ben was to move" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s had offered a draw · %s was to move",
                                           "%s had offered a draw · %s were to move", n),
                              offering, names);
    }
  /* Translators: at an earlier position of the game, whose turn it was
   * then, such as "Anna was to move" or "Anna and Ben were to move" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s was to move", "%s were to move", n), names);
}

static char *
describe (CpPlayersPanel *self, const CpState *state)
{
  CpSeatMask pending = cp_state_pending (state);
  g_autofree char *names = NULL;

  switch (state->outcome.status)
    {
    case CP_STATUS_WON:
      names = player_names (self, state->outcome.winners);
      if (state->outcome.scored)
        /* Translators: how a game played for points ended, who won and their
         * points, such as "King captured: Alice and Ben win with 2 points" */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s win with %u point", "%s: %s win with %u points",
                                             state->outcome.score),
                                cp_end_reason_describe (state->outcome.reason), names, state->outcome.score);
      /* Translators: how a game ended and who won, such as "Checkmate: Alice wins" or
       * "Checkmate: Alice and Ben win" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s wins", "%s: %s win",
                                           cp_bits_count (state->outcome.winners)),
                              cp_end_reason_describe (state->outcome.reason), names);
    case CP_STATUS_DRAWN:
      return g_strdup (cp_end_reason_describe (state->outcome.reason));
    case CP_STATUS_LOST:
      /* Translators: how a game that the players played together against
       * the game ended, such as "Out of cards: the game wins" */
      return g_strdup_printf (_("%s: the game wins"), cp_end_reason_describe (state->outcome.reason));
    default:
      break;
    }
  if (pending & CP_SEAT_BIT (CP_SEAT_CHANCE))
    return g_strdup (_("Setting up"));
  names = player_names (self, pending);
  if (!cp_game_cursor_at_end (self->game))
    return describe_past (self, state, names);
  if (state->rules->flags & CP_RULES_DRAWS && state->draw_offer != 0)
    {
      g_autofree char *offering = player_names (self, state->draw_offer);

      /* Translators: a standing draw offer, then whose turn it is */
      return g_strdup_printf (_("%s offers a draw · %s to move"), offering, names);
    }
  return g_strdup_printf (_("%s to move"), names);
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

/* Puts the side items of @seat_number from @presentation beside its name:
 * pieces drawn, texts and dice in words. */
static void
show_side (Seat *seat, guint seat_number, const CpPresentation *presentation)
{
  static const char *const faces[] = { "⚀", "⚁", "⚂", "⚃", "⚄", "⚅" };
  g_autoptr (GString) extra = g_string_new (NULL);
  const char *description = presentation->side_description[seat_number];

  seat->n_lost = 0;
  for (guint i = 0; i < presentation->side->len; i++)
    {
      const CpSideItem *item = &g_array_index (presentation->side, CpSideItem, i);

      if (item->seat != seat_number)
        continue;
      switch ((CpSideKind) item->kind)
        {
        case CP_SIDE_PIECES:
          for (guint k = 0; k < item->count && seat->n_lost < G_N_ELEMENTS (seat->lost_kinds); k++)
            {
              seat->lost_for_good[seat->n_lost] = item->faded;
              seat->lost_kinds[seat->n_lost++] = item->piece;
            }
          break;
        case CP_SIDE_TEXT:
          g_string_append_printf (extra, "%s%s", extra->len ? "\n" : "", item->text ? item->text : "");
          break;
        case CP_SIDE_DIE:
          if (item->count >= 1 && item->count <= 6)
            g_string_append_printf (extra, "%s%s", extra->len ? " " : "", faces[item->count - 1]);
          break;
        case CP_N_SIDE_KINDS:
        default:
          break;
        }
    }
  gtk_widget_set_tooltip_text (seat->lost, description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (seat->lost), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  description ? description : "", -1);
  /* Beside a text, the pieces overlap more, to leave the name its room. */
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (seat->lost),
                                      seat->n_lost ? (int) MIN (11 * seat->n_lost + 9, extra->len ? 48 : 108) : 0);
  gtk_widget_queue_draw (seat->lost);
  gtk_label_set_text (GTK_LABEL (seat->extra), extra->str);
  gtk_label_set_width_chars (GTK_LABEL (seat->extra), longest_word (extra->str, SIDE_TEXT_CHARS));
  gtk_widget_set_tooltip_text (seat->extra, description);
  gtk_widget_set_visible (seat->extra, extra->len > 0);
}

/**
 * cp_players_panel_show_state:
 * @presentation: what the game puts beside each player
 *
 * Shows whose turn it is in @state and what the presentation says of each
 * seat.
 */
void
cp_players_panel_show_state (CpPlayersPanel *self, const CpState *state, const CpPresentation *presentation)
{
  CpSeatMask pending = cp_state_pending (state);
  g_autofree char *status = describe (self, state);

  for (guint i = 0; i < self->n_seats; i++)
    {
      Seat *seat = &self->seats[i];

      show_side (seat, i, presentation);
      gtk_widget_set_visible (seat->out, (state->out & CP_SEAT_BIT (i)) != 0);
      gtk_widget_set_opacity (seat->turn, (pending & CP_SEAT_BIT (i)) ? 1.0 : 0.0);
      gtk_accessible_update_property (GTK_ACCESSIBLE (seat->turn), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      (pending & CP_SEAT_BIT (i)) ? _("To move") : "", -1);
    }
  gtk_label_set_text (GTK_LABEL (self->status), status);
}

const char *
cp_players_panel_get_status (CpPlayersPanel *self)
{
  return gtk_label_get_text (GTK_LABEL (self->status));
}

/**
 * cp_players_panel_get_lost:
 *
 * Returns: (nullable): what @seat has lost, in words
 */
const char *
cp_players_panel_get_lost (CpPlayersPanel *self, guint seat)
{
  g_return_val_if_fail (CP_IS_PLAYERS_PANEL (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);

  return gtk_widget_get_tooltip_text (self->seats[seat].lost);
}

static void
cp_players_panel_dispose (GObject *object)
{
  CpPlayersPanel *self = CP_PLAYERS_PANEL (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (cp_players_panel_parent_class)->dispose (object);
}

static void
cp_players_panel_class_init (CpPlayersPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_players_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "players");
}

static void
cp_players_panel_init (CpPlayersPanel *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  self->list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_NONE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Players"), -1);
  self->status = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->status), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->status), 0.0);
  gtk_widget_add_css_class (self->status, "status");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->status), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game status"), -1);
  gtk_box_append (GTK_BOX (self->box), self->list);
  gtk_box_append (GTK_BOX (self->box), self->status);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}

GtkWidget *
cp_players_panel_new (void)
{
  return g_object_new (CP_TYPE_PLAYERS_PANEL, NULL);
}
