/* test-layout.c: every game's window fits, in every language, at every
 * width
 *
 * For each game of the catalogue, in English and the nine languages it is
 * translated into (among them Japanese, without spaces, and Arabic, from
 * right to left),
 * at 600, 1024 and 1400 pixels wide, a window plays the game for a while
 * (so that hands, dice, tables and score cards are filled, and the move
 * list has rows) and then walks its widgets.  It fails on
 *
 *   - a window wider than asked for (its content cannot shrink to it),
 *   - a label that shows only part of its text (ellipsized), or breaks a
 *     word across two lines,
 *   - a widget that reaches outside its parent, where nothing scrolls it,
 *   - a scroller that scrolls sideways (only a table of the rules wider
 *     than the side panel is meant to),
 *   - a scroller that hides part of what it holds while a widget above or
 *     below it has more height than it needs,
 *   - two panels side by side or one above the other that overlap.
 *
 * The preferences window is looked at in the same way, narrow and at its
 * own width.  Cases are named /layout/GAME/LANGUAGE/WIDTH, and
 * /layout/preferences/LANGUAGE/WIDTH.  Under the sanitizers, a
 * sample: every game in German at the default width.
 *
 * Needs a display: run under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "cp-application.h"
#include "cp-autosave.h"
#include "cp-engine.h"
#include "cp-preferences-window.h"
#include "cp-test-util.h"
#include "cp-window-private.h"

static CpApplication *app;

static const char *const languages[] = { "C", "de", "fr", "es", "it", "pt_BR", "pl", "ru", "ja", "ar" };
static const int widths[] = { 600, 1024, 1400 };
static const int preferences_widths[] = { 400, 560 };

/* How many steps of play fill the window: enough for cards in every hand,
 * a fight's dice and a few rows of the move list. */
#define STEPS 40

/* What negative margins of the style move widgets by (linked buttons
 * share their borders, a header bar's lies over the window's). */
#define SLACK 2

/* The height of the window at @width: what a screen of that width has. */
#define HEIGHT(width) ((width) >= 1400 ? 900 : 700)

typedef struct {
  const CpRules *rules;
  const char *language;
  int width;
  gboolean large_text;  /* text half as large again, as GNOME's Large Text
                         * setting makes it */
} Case;

/* The resolution of text: the display's, and half as much again. */
static int usual_dpi;
#define LARGE_DPI (96 * 1024 * 3 / 2)

static void
use_text_size (const Case *c)
{
  g_object_set (gtk_settings_get_default (), "gtk-xft-dpi", c->large_text ? LARGE_DPI : usual_dpi, NULL);
}

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
use_language (const char *language)
{
  if (g_str_equal (language, "C"))
    g_unsetenv ("LANGUAGE");
  else
    g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  /* Naming the domain again makes gettext forget what it looked up. */
  textdomain (GETTEXT_PACKAGE);
  /* As GTK decides at its start from the language. */
  gtk_widget_set_default_direction (g_str_equal (language, "ar") ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
}

/* Waits for the computers, curtains and animations of @window to settle. */
static void
settle (CpWindow *window)
{
  for (guint k = 0; k < 60000 && cp_session_is_thinking (window->session); k++)
    {
      iterate ();
      g_usleep (500);
    }
  iterate ();
}

/* Whether @game shows dice beside its players now. */
static gboolean
shows_dice (CpGame *game)
{
  g_autoptr (CpView) view = cp_game_view_at (game, cp_game_get_n_actions (game), CP_VIEW_ALL);
  g_autoptr (CpPresentation) presentation = cp_game_present (game, view);

  for (guint i = 0; i < presentation->side->len; i++)
    if (g_array_index (presentation->side, CpSideItem, i).kind == CP_SIDE_DIE)
      return TRUE;
  return FALSE;
}

/* @game, played at random for @steps actions of its players, and on for
 * at most as many again until dice show, where the game has any: far
 * enough for cards in every hand, a fight's dice and rows in the move
 * list, and never to its end. */
static void
play (CpGame *game, guint steps, GRand *rand)
{
  for (guint i = 0; i < steps || (i < 2 * steps && !shows_dice (game));)
    {
      const CpState *state = cp_game_get_state (game);
      g_auto (CpActionList) legal = { 0 };
      g_autoptr (CpGame) before = NULL;
      CpSeatMask pending = cp_state_pending (state);
      CpAction action;
      guint seat;

      if (pending & CP_SEAT_BIT (CP_SEAT_CHANCE))
        {
          cp_game_resolve_chance (game);
          continue;
        }
      for (seat = 0; seat < CP_MAX_SEATS && !(pending & CP_SEAT_BIT (seat)); seat++)
        ;
      if (seat == CP_MAX_SEATS)
        return;
      cp_state_legal (state, seat, &legal);
      action = legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)];
      if (action.type == CP_ACTION_RESIGN || action.type == CP_ACTION_OFFER_DRAW)
        continue;
      cp_test_play_action (game, action);
      if (cp_state_is_over (cp_game_get_state (game)))
        {
          cp_game_undo (game);
          return;
        }
      i++;
    }
}

/* A game of @rules for as many players as it takes, with the choice of
 * an option that allows so many where the game's usual way does not. */
static CpGame *
most_seats (const CpRules *rules)
{
  for (guint n = rules->max_seats; n >= rules->min_seats; n--)
    {
      CpGame *game = cp_test_try_new_game (rules->id, n, 3, NULL, NULL);

      for (guint o = 0; game == NULL && o < rules->n_options; o++)
        for (guint k = 0; game == NULL && rules->options[o].type == CP_OPTION_CHOICE
                          && rules->options[o].choices[k] != NULL; k++)
          {
            g_autofree char *option = g_strdup_printf ("%s=%s", rules->options[o].id, rules->options[o].choices[k]);
            const char *const options[] = { option, NULL };

            game = cp_test_try_new_game (rules->id, n, 3, options, NULL);
          }
      if (game != NULL)
        return game;
    }
  g_assert_not_reached ();
}

/* The window of the game and language of the last case: the cases of
 * one game in one language differ in width only. */
static CpWindow *shown;
static const Case *shown_for;

static void
close_shown (void)
{
  if (shown == NULL)
    return;
  cp_autosave_discard (cp_session_get_autosave (shown->session));
  gtk_window_destroy (GTK_WINDOW (shown));
  iterate ();
  shown = NULL;
  shown_for = NULL;
}

/* A window of the game of @c, played for a while, with the person it
 * waits for at the screen. */
static CpWindow *
show (const Case *c)
{
  g_autoptr (CpGame) game = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);

  if (shown != NULL && shown_for->rules == c->rules && g_str_equal (shown_for->language, c->language)
      && shown_for->large_text == c->large_text)
    return shown;
  close_shown ();
  use_language (c->language);
  use_text_size (c);
  game = most_seats (c->rules);
  play (game, STEPS, rand);
  shown = cp_window_new (GTK_APPLICATION (app), cp_application_get_settings (app));
  shown_for = c;
  gtk_window_set_default_size (GTK_WINDOW (shown), c->width, HEIGHT (c->width));
  cp_window_set_game (shown, game, NULL);
  gtk_window_present (GTK_WINDOW (shown));
  settle (shown);
  if (cp_session_get_curtain_seat (shown->session) != CP_NO_SEAT)
    gtk_widget_activate_action (GTK_WIDGET (shown), "win.ready", NULL);
  settle (shown);
  return shown;
}

/* ---- Walking the widgets ---- */

typedef struct {
  GString *problems;
  GtkWidget *root;
} Walk;

static char *
describe (GtkWidget *widget)
{
  GString *path = g_string_new (NULL);

  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
    {
      const char *name = gtk_widget_get_name (w);

      g_string_prepend (path, name != NULL && !g_str_equal (name, G_OBJECT_TYPE_NAME (w)) ? name
                                                                                           : G_OBJECT_TYPE_NAME (w));
      if (gtk_widget_get_parent (w) != NULL)
        g_string_prepend (path, " > ");
      if (GTK_IS_NATIVE (w))
        break;
    }
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (path, " \"%s\"", gtk_label_get_text (GTK_LABEL (widget)));
  return g_string_free (path, FALSE);
}

static void
problem (Walk *walk, GtkWidget *widget, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
problem (Walk *walk, GtkWidget *widget, const char *format, ...)
{
  g_autofree char *where = describe (widget);
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_string_append_printf (walk->problems, "  %s: %s\n", where, what);
}

/* The bounds of @widget in the coordinates of the walk's root. */
static gboolean
bounds (Walk *walk, GtkWidget *widget, graphene_rect_t *rect)
{
  return gtk_widget_compute_bounds (widget, walk->root, rect);
}

/* Whether @widget is a scroller's own view, inside which children may
 * lie outside what shows. */
static gboolean
scrolls (GtkWidget *widget)
{
  return GTK_IS_VIEWPORT (widget) || GTK_IS_SCROLLED_WINDOW (widget) || GTK_IS_SCROLLABLE (widget);
}

/* Whether the children of @widget are meant to lie over each other. */
static gboolean
layers (GtkWidget *widget)
{
  return GTK_IS_OVERLAY (widget) || GTK_IS_SCROLLED_WINDOW (widget) || GTK_IS_STACK (widget) || ADW_IS_VIEW_STACK (widget)
         || ADW_IS_FLAP (widget) || ADW_IS_LEAFLET (widget) || GTK_IS_REVEALER (widget)
         /* Figures in a text, placed by its lines as they are laid out. */
         || GTK_IS_TEXT_VIEW (widget)
         /* A hand of cards, fanned out as a hand is held. */
         || g_str_equal (G_OBJECT_TYPE_NAME (widget), "CpCardRow");
}

/* Whether what lies under @widget is drawn by a library as it means
 * it: a badge over an icon, a switch. */
static gboolean
sealed (GtkWidget *widget)
{
  return g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwIndicatorBin")
         /* A switch's knob, over its track. */
         || GTK_IS_SWITCH (widget);
}

static void
check_label (Walk *walk, GtkLabel *label)
{
  PangoLayout *layout = gtk_label_get_layout (label);

  const char *text = pango_layout_get_text (layout);

  if (*gtk_label_get_text (label) != '\0' && pango_layout_is_ellipsized (layout))
    problem (walk, GTK_WIDGET (label), "ellipsized to %d px", gtk_widget_get_width (GTK_WIDGET (label)));
  /* A line that begins inside a word: the label has less room than the
   * word.  Where the language breaks lines between letters (Japanese),
   * Pango says it may break there. */
  for (GSList *lines = pango_layout_get_lines_readonly (layout); lines != NULL && lines->next != NULL;
       lines = lines->next)
    {
      const char *start = text + ((PangoLayoutLine *) lines->next->data)->start_index;
      int n_attrs;
      const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly (layout, &n_attrs);
      glong offset = g_utf8_pointer_to_offset (text, start);

      if (start > text && offset < n_attrs && !attrs[offset].is_line_break
          && g_unichar_isalnum (g_utf8_get_char (start))
          && g_unichar_isalnum (g_utf8_get_char (g_utf8_prev_char (start))))
        {
          problem (walk, GTK_WIDGET (label), "breaks a word at “%.*s” in %d px", (int) (start - text), text,
                   gtk_widget_get_width (GTK_WIDGET (label)));
          break;
        }
    }
}

static gboolean
showing (GtkWidget *widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0
         && gtk_widget_get_opacity (widget) > 0;
}

/* A scroller as tall as what it holds, unless the window is too low: it
 * must not scroll while a widget beside it has more height than it
 * needs. */
static void
check_scroller_height (Walk *walk, GtkScrolledWindow *scroller)
{
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (scroller);
  GtkWidget *box = gtk_widget_get_parent (GTK_WIDGET (scroller));
  double hidden = gtk_adjustment_get_upper (v) - gtk_adjustment_get_lower (v) - gtk_adjustment_get_page_size (v);

  if (!gtk_scrolled_window_get_propagate_natural_height (scroller) || hidden <= SLACK || !GTK_IS_BOX (box)
      || gtk_orientable_get_orientation (GTK_ORIENTABLE (box)) != GTK_ORIENTATION_VERTICAL)
    return;
  for (GtkWidget *other = gtk_widget_get_first_child (box); other; other = gtk_widget_get_next_sibling (other))
    {
      int natural;

      if (other == GTK_WIDGET (scroller) || !showing (other))
        continue;
      gtk_widget_measure (other, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (other), NULL, &natural, NULL, NULL);
      if (gtk_widget_get_height (other) > natural + SLACK)
        {
          g_autofree char *name = describe (other);

          problem (walk, GTK_WIDGET (scroller), "hides %.0f px of what it holds, while %s has %d px more than it needs",
                   hidden, name, gtk_widget_get_height (other) - natural);
          return;
        }
    }
}

static void
check_scroller (Walk *walk, GtkScrolledWindow *scroller)
{
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (scroller);

  /* A table of the rules wider than the panel, which scrolls on its own. */
  if (gtk_widget_has_css_class (GTK_WIDGET (scroller), "table-scroller"))
    return;
  if (gtk_adjustment_get_upper (h) - gtk_adjustment_get_lower (h) > gtk_adjustment_get_page_size (h) + 1)
    problem (walk, GTK_WIDGET (scroller), "scrolls sideways: %.0f px in %.0f", gtk_adjustment_get_upper (h),
             gtk_adjustment_get_page_size (h));
  check_scroller_height (walk, scroller);
}

static void
walk_widget (Walk *walk, GtkWidget *widget, gboolean in_scroller)
{
  graphene_rect_t own;
  g_autoptr (GPtrArray) children = NULL;

  if (!bounds (walk, widget, &own) || sealed (widget))
    return;
  children = g_ptr_array_new ();
  if (GTK_IS_LABEL (widget))
    check_label (walk, GTK_LABEL (widget));
  if (GTK_IS_SCROLLED_WINDOW (widget))
    check_scroller (walk, GTK_SCROLLED_WINDOW (widget));

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t rect;

      if (GTK_IS_NATIVE (child) || !showing (child) || !bounds (walk, child, &rect))
        continue;
      /* The shadow a side panel casts over the board as it slides in. */
      if (ADW_IS_FLAP (widget) && g_str_equal (G_OBJECT_TYPE_NAME (child), "AdwGizmo"))
        continue;
      /* Outside its parent, with nothing to scroll it into view. */
      if (!in_scroller && !scrolls (widget)
          && (rect.origin.x < own.origin.x - SLACK || rect.origin.y < own.origin.y - SLACK
              || rect.origin.x + rect.size.width > own.origin.x + own.size.width + SLACK
              || rect.origin.y + rect.size.height > own.origin.y + own.size.height + SLACK))
        problem (walk, child, "reaches outside its parent: %.0f,%.0f %.0f×%.0f in %.0f,%.0f %.0f×%.0f",
                 rect.origin.x, rect.origin.y, rect.size.width, rect.size.height, own.origin.x, own.origin.y,
                 own.size.width, own.size.height);
      g_ptr_array_add (children, child);
    }

  /* Panels that overlap. */
  if (!layers (widget))
    for (guint i = 0; i < children->len; i++)
      for (guint j = i + 1; j < children->len; j++)
        {
          graphene_rect_t a, b, both;

          bounds (walk, children->pdata[i], &a);
          bounds (walk, children->pdata[j], &b);
          if (graphene_rect_intersection (&a, &b, &both) && both.size.width > SLACK && both.size.height > SLACK)
            {
              g_autofree char *other = describe (children->pdata[j]);

              problem (walk, children->pdata[i], "overlaps %s by %.0f×%.0f", other, both.size.width,
                       both.size.height);
            }
        }

  for (guint i = 0; i < children->len; i++)
    walk_widget (walk, children->pdata[i], in_scroller || scrolls (widget));
}

/* What is wrong with the layout of @window, or NULL. */
static char *
layout_problems (GtkWindow *window, int width)
{
  Walk walk = { g_string_new (NULL), GTK_WIDGET (window) };

  int shown_width = gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window)));

  if (shown_width != width)
    g_string_append_printf (walk.problems, "  the window is %d px wide, not %d: its content cannot take that width\n",
                            shown_width, width);
  walk_widget (&walk, GTK_WIDGET (window), FALSE);
  if (walk.problems->len == 0)
    {
      g_string_free (walk.problems, TRUE);
      return NULL;
    }
  return g_string_free (walk.problems, FALSE);
}

static void
count_frame (GdkFrameClock *clock, guint *frames)
{
  (*frames)++;
}

/* Waits for @window to be laid out and drawn a few times over, so that
 * what changes on the first frames (tables filled once they show, a side
 * panel that folds) has settled. */
static void
wait_frames (gpointer window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  guint frames = 0;
  gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &frames);

  for (guint k = 0; k < 2000 && frames < 3; k++)
    {
      gtk_widget_queue_draw (GTK_WIDGET (window));
      iterate ();
      g_usleep (1000);
    }
  g_signal_handler_disconnect (clock, handler);
  iterate ();
}

/* With CP_LAYOUT_PICTURES naming a folder, the window of each case is
 * kept there as GAME-LANGUAGE-WIDTH.png, for people to look at. */
static void
save_picture (GtkWindow *window, const char *id, const Case *c)
{
  const char *folder = g_getenv ("CP_LAYOUT_PICTURES");
  /* What the window shows, without its frame. */
  GtkWidget *content = ADW_IS_APPLICATION_WINDOW (window)
                       ? adw_application_window_get_content (ADW_APPLICATION_WINDOW (window))
                       : adw_window_get_content (ADW_WINDOW (window));
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  int width = gtk_widget_get_width (content), height = gtk_widget_get_height (content);

  if (folder == NULL)
    return;
  paintable = gtk_widget_paintable_new (content);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  /* Between two frames, a widget may have nothing to draw yet. */
  if (node == NULL)
    {
      g_test_message ("no picture of %s in %s at %d px", id, c->language, c->width);
      return;
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  name = g_strdup_printf ("%s-%s%s-%d.png", id, c->language, c->large_text ? "-large-text" : "", c->width);
  path = g_build_filename (folder, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

/* Whether the screen is as wide as the window of @c: a window is never
 * wider than its screen.  Skips the case when not. */
static gboolean
screen_takes (const Case *c)
{
  GListModel *monitors = gdk_display_get_monitors (gdk_display_get_default ());
  g_autoptr (GdkMonitor) monitor = g_list_model_get_item (monitors, 0);
  GdkRectangle area;
  g_autofree char *message = NULL;

  gdk_monitor_get_geometry (monitor, &area);
  if (area.width >= c->width)
    return TRUE;
  message = g_strdup_printf ("the screen is %d px wide, less than %d: run the test on a wider one "
                             "(xvfb-run -s \"-screen 0 1600x1200x24\")", area.width, c->width);
  g_test_skip (message);
  return FALSE;
}

/* Gives @window the width of @c, or as near as its content allows. */
static void
resize (GtkWindow *window, const Case *c)
{
  gtk_window_set_default_size (window, c->width, HEIGHT (c->width));
  for (guint k = 0; k < 200 && gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window))) != c->width; k++)
    {
      iterate ();
      g_usleep (1000);
    }
  wait_frames (window);
}

static void
test_layout (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *problems = NULL;
  CpWindow *window;

  if (!screen_takes (c))
    return;
  window = show (c);

  resize (GTK_WINDOW (window), c);
  save_picture (GTK_WINDOW (window), c->rules->id, c);
  problems = layout_problems (GTK_WINDOW (window), c->width);
  /* The side panel, over the board where the window is narrow, on each
   * of its pages. */
  if (problems == NULL && adw_flap_get_folded (window->flap))
    {
      adw_flap_set_reveal_flap (window->flap, TRUE);
      wait_frames (window);
    }
  for (guint k = 0; problems == NULL && k < 2; k++)
    {
      adw_view_stack_set_visible_child_name (window->panel_stack, k == 0 ? "rules" : "game");
      wait_frames (window);
      problems = layout_problems (GTK_WINDOW (window), c->width);
    }
  /* The panel goes away again, and the window shows so before the next
   * case changes its width. */
  if (adw_flap_get_folded (window->flap))
    {
      adw_flap_set_reveal_flap (window->flap, FALSE);
      wait_frames (window);
    }
  if (problems != NULL)
    g_test_fail_printf ("%s in %s%s at %d px, after %u steps:\n%s", c->rules->id, c->language,
                        c->large_text ? " with large text" : "", c->width, STEPS, problems);
}

/* The preferences, in the window's width of @c. */
static void
test_preferences (gconstpointer data)
{
  const Case *c = data;
  CpPreferencesWindow *preferences;
  g_autofree char *problems = NULL;

  if (!screen_takes (c))
    return;
  use_language (c->language);
  use_text_size (c);
  preferences = cp_preferences_window_new (cp_application_get_settings (app));
  gtk_window_present (GTK_WINDOW (preferences));
  resize (GTK_WINDOW (preferences), c);
  save_picture (GTK_WINDOW (preferences), "preferences", c);
  problems = layout_problems (GTK_WINDOW (preferences), c->width);
  gtk_window_destroy (GTK_WINDOW (preferences));
  iterate ();
  use_language ("C");
  if (problems != NULL)
    g_test_fail_printf ("the preferences in %s%s at %d px:\n%s", c->language,
                        c->large_text ? " with large text" : "", c->width, problems);
}

static void
add_case (GPtrArray *cases, GPtrArray *names, const CpRules *rules, const char *language, int width,
          gboolean large_text)
{
  Case *c = g_new0 (Case, 1);

  c->rules = rules;
  c->language = language;
  c->width = width;
  c->large_text = large_text;
  g_ptr_array_add (cases, c);
  g_ptr_array_add (names, g_strdup_printf ("/layout/%s/%s%s/%d", rules ? rules->id : "preferences", language,
                                           large_text ? "-large-text" : "", width));
  g_test_add_data_func (g_ptr_array_index (names, names->len - 1), c, rules ? test_layout : test_preferences);
}

/* GTK 4.8 warns when, on a machine under heavy load, a frame paints a
 * stack whose new child has not been given its size yet; the next frame
 * draws it whole, and what a frame draws is not what this test checks,
 * so that one warning does not end the test.  GTK logs in the structured
 * way, which only a writer sees: every other message goes on to the
 * default writer, which makes warnings fatal as G_DEBUG says. */
static GLogWriterOutput
pass_over_unallocated_stack (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0
        && strstr (fields[i].value, "Trying to snapshot GtkStack") != NULL
        && strstr (fields[i].value, "without a current allocation") != NULL)
      return G_LOG_WRITER_HANDLED;
  return g_log_writer_default (level, fields, n_fields, data);
}

int
main (int argc, char *argv[])
{
  g_autoptr (GPtrArray) cases = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *made = g_dir_make_tmp ("cp-layout-XXXXXX", NULL);
  gboolean sample = g_getenv ("CP_TEST_SANITIZED") != NULL;
  const CpRules *const *rules;
  guint n_rules;
  int status;

  g_log_set_writer_func (pass_over_unallocated_stack, NULL, NULL);
  g_setenv ("XDG_DATA_HOME", made, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("CP_LOCALE_DIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* The layout is looked at where it ends, not on its way there. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  g_object_get (gtk_settings_get_default (), "gtk-xft-dpi", &usual_dpi, NULL);
  app = cp_application_new (G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_settings_set_boolean (cp_application_get_settings (app), "animate-moves", FALSE);
  g_settings_set_enum (cp_application_get_settings (app), "computer-pace", 0);
  /* The analysis of a finished game is tested on its own (test-window). */
  g_settings_set_boolean (cp_application_get_settings (app), "analyse-finished-games", FALSE);

  rules = cp_rules_list (&n_rules);
  for (guint r = 0; r < n_rules; r++)
    for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
      for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
        if (!sample || (g_str_equal (languages[l], "de") && widths[w] == 1024))
          add_case (cases, names, rules[r], languages[l], widths[w], FALSE);
  /* The preferences narrow, and at their own width. */
  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    for (guint w = 0; w < G_N_ELEMENTS (preferences_widths); w++)
      if (!sample || g_str_equal (languages[l], "de"))
        add_case (cases, names, NULL, languages[l], preferences_widths[w], FALSE);
  /* Large text, in English, at the width of a laptop's screen. */
  for (guint r = 0; r < n_rules && !sample; r++)
    add_case (cases, names, rules[r], "C", 1024, TRUE);
  if (!sample)
    add_case (cases, names, NULL, "C", preferences_widths[1], TRUE);
  status = g_test_run ();
  close_shown ();
  g_object_unref (app);
  g_rmdir (made);
  return status;
}
