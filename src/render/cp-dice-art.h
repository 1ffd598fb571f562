/* cp-dice-art.h: drawing dice
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "cp-board-renderer.h"

G_BEGIN_DECLS

void cp_dice_art_draw (cairo_t      *cr,
                       guint         value,
                       gboolean      dark,
                       double        x,
                       double        y,
                       double        size,
                       const CpRgba *ink);

G_END_DECLS
