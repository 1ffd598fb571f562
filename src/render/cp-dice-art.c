/* cp-dice-art.c: drawing dice
 *
 * A die is a rounded square with its pips, as a die on the table looks:
 * a light face with dark pips, or a dark face with light pips (the die of
 * the dark side).  Its edge is drawn in the ink of the surroundings (the
 * colour of the text), so that it stands out on a light or a dark
 * background alike.  A die not yet rolled is a dashed outline with a
 * question mark.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "cp-cairo.h"
#include "cp-dice-art.h"

/* The pips of each face, on a grid of three by three cells: column, row. */
static const guint8 pips[6][6][2] = {
  { { 1, 1 } },
  { { 0, 0 }, { 2, 2 } },
  { { 0, 0 }, { 1, 1 }, { 2, 2 } },
  { { 0, 0 }, { 2, 0 }, { 0, 2 }, { 2, 2 } },
  { { 0, 0 }, { 2, 0 }, { 1, 1 }, { 0, 2 }, { 2, 2 } },
  { { 0, 0 }, { 2, 0 }, { 0, 1 }, { 2, 1 }, { 0, 2 }, { 2, 2 } },
};

/* The outline and question mark of a die still to roll. */
static void
draw_unrolled (cairo_t *cr, double x, double y, double size, double line, const CpRgba *ink)
{
  const double dash = size / 8;
  cairo_text_extents_t extents;

  cairo_set_source_rgba (cr, ink->red, ink->green, ink->blue, ink->alpha * 0.7);
  cairo_set_dash (cr, &dash, 1, 0);
  cp_cairo_rounded_rectangle (cr, x + line / 2, y + line / 2, size - line, size - line, size * 0.18);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, size * 0.6);
  cairo_text_extents (cr, "?", &extents);
  cairo_move_to (cr, x + (size - extents.width) / 2 - extents.x_bearing,
                 y + (size - extents.height) / 2 - extents.y_bearing);
  cairo_show_text (cr, "?");
}

/**
 * cp_dice_art_draw:
 * @value: the face up, 1 to 6; 0 for a die not yet rolled
 * @dark: a dark face with light pips
 * @ink: the colour of the text around the die, for its edge
 *
 * Draws a die @size wide at (@x, @y).
 */
void
cp_dice_art_draw (cairo_t *cr, guint value, gboolean dark, double x, double y, double size, const CpRgba *ink)
{
  double line = MAX (1.0, size / 16), radius = size * 0.18;
  double face = dark ? 0.16 : 0.98, pip = dark ? 0.96 : 0.1;

  cairo_save (cr);
  cairo_set_line_width (cr, line);
  if (value < 1 || value > 6)
    {
      draw_unrolled (cr, x, y, size, line, ink);
      cairo_restore (cr);
      return;
    }
  cp_cairo_rounded_rectangle (cr, x + line / 2, y + line / 2, size - line, size - line, radius);
  cairo_set_source_rgb (cr, face, face, face);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, ink->red, ink->green, ink->blue, ink->alpha);
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, pip, pip, pip);
  for (guint i = 0; i < value; i++)
    {
      double cell = (size - 2 * line) / 3.6;
      double cx = x + size / 2 + (pips[value - 1][i][0] - 1.0) * cell * 1.05;
      double cy = y + size / 2 + (pips[value - 1][i][1] - 1.0) * cell * 1.05;

      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, cell * 0.36, 0, 2 * G_PI);
    }
  cairo_fill (cr);
  cairo_restore (cr);
}
