/* cp-cairo.c: small cairo paths the drawings share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>

#include "cp-cairo.h"

/**
 * cp_cairo_rounded_rectangle:
 * @radius: the corners' radius; no more than half the shorter side is used
 *
 * Adds a rectangle with rounded corners to the current path, as a sub-path
 * of its own.
 */
void
cp_cairo_rounded_rectangle (cairo_t *cr, double x, double y, double width, double height, double radius)
{
  radius = MIN (radius, MIN (width, height) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + width - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + width - radius, y + height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}
