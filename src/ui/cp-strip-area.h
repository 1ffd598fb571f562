/* cp-strip-area.h: a drawing area for a row of pictures that may overlap
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CP_TYPE_STRIP_AREA (cp_strip_area_get_type ())
G_DECLARE_FINAL_TYPE (CpStripArea, cp_strip_area, CP, STRIP_AREA, GtkDrawingArea)

G_END_DECLS
