/* cp-diagram.h: a position with arrows, marks and cards, drawn for the
 * help pages
 *
 * The format of diagram files is described at the top of cp-diagram.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "cp-engine.h"

G_BEGIN_DECLS

#define CP_TYPE_DIAGRAM (cp_diagram_get_type ())
G_DECLARE_FINAL_TYPE (CpDiagram, cp_diagram, CP, DIAGRAM, GObject)

/* Errors name @name (a file name) and the line. */
CpDiagram     *cp_diagram_new_from_text (const char  *text,
                                         const char  *name,
                                         GError     **error);
CpDiagram     *cp_diagram_new_from_file (const char  *path,
                                         GError     **error);

/* The game and the position drawn (pieces placed or removed by hand
 * included). */
CpGame        *cp_diagram_get_game      (CpDiagram   *self);
const CpState *cp_diagram_get_state     (CpDiagram   *self);
/* Whether the position came from the game's start by moves alone, so the
 * rules vouch for it. */
gboolean       cp_diagram_is_played     (CpDiagram   *self);

/* The size the diagram is drawn at, in pixels at 96 to the inch. */
void           cp_diagram_get_size      (CpDiagram   *self,
                                         double      *width,
                                         double      *height);
/* Draws the diagram at its size with its top left corner at the origin. */
void           cp_diagram_draw          (CpDiagram   *self,
                                         cairo_t     *cr);
gboolean       cp_diagram_write_svg     (CpDiagram   *self,
                                         const char  *path,
                                         GError     **error);

G_END_DECLS
