/* test-pixels.h: reading the pixels of images drawn in the render tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

typedef struct {
  double r, g, b, a;
} Pixel;

/* The pixel at (x, y) in device pixels of an ARGB32 image, with its
 * premultiplied colour undone where there is colour. */
static inline Pixel
device_pixel (cairo_surface_t *surface, int x, int y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 v;
  Pixel p;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  v = *(const guint32 *) (data + y * stride + x * 4);
  p.a = (v >> 24 & 0xff) / 255.0;
  p.r = p.a > 0 ? (v >> 16 & 0xff) / 255.0 / p.a : 0;
  p.g = p.a > 0 ? (v >> 8 & 0xff) / 255.0 / p.a : 0;
  p.b = p.a > 0 ? (v & 0xff) / 255.0 / p.a : 0;
  return p;
}
