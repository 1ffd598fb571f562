/* cp-piece-art.h: the piece set, drawn from our SVG artwork
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "cp-engine.h"

G_BEGIN_DECLS

/* Where a colour is asked for, this one draws the neutral grey of pieces
 * whose owner is not known. */
#define CP_COLOUR_NEUTRAL ((CpColour) CP_N_COLOURS)

#define CP_TYPE_PIECE_ART (cp_piece_art_get_type ())
G_DECLARE_FINAL_TYPE (CpPieceArt, cp_piece_art, CP, PIECE_ART, GObject)

/* The shared piece set, loaded once from the application's resources. */
CpPieceArt *cp_piece_art_get_default (void);
/* A piece set of its own, with an empty image cache. */
CpPieceArt *cp_piece_art_new         (void);

/* Draws a piece of @kind in @colour filling the square (x, y, size).
 * Pieces are cached as images at the device size, so repeated drawing is
 * cheap and stays crisp at any scale. */
void        cp_piece_art_draw        (CpPieceArt  *self,
                                      cairo_t     *cr,
                                      CpPieceKind  kind,
                                      CpColour     colour,
                                      double       x,
                                      double       y,
                                      double       size,
                                      double       scale);
/* As cp_piece_art_draw(), on a halo of @halo (red, green, blue, alpha)
 * along its outline: for pieces on a ground as dark or as pale as they. */
void        cp_piece_art_draw_with_halo (CpPieceArt *self,
                                      cairo_t     *cr,
                                      CpPieceKind  kind,
                                      CpColour     colour,
                                      double       x,
                                      double       y,
                                      double       size,
                                      double       scale,
                                      const double *halo);
/* A piece whose identity the viewer does not know: a token with a
 * question mark, in the owner's @colour or CP_COLOUR_NEUTRAL. */
void        cp_piece_art_draw_unknown (CpPieceArt *self,
                                      cairo_t     *cr,
                                      CpColour     colour,
                                      double       x,
                                      double       y,
                                      double       size,
                                      double       scale);
/* A checker of @colour, seen from above, and a stack count. */
void        cp_piece_art_draw_checkers (CpPieceArt *self,
                                      cairo_t     *cr,
                                      CpColour     colour,
                                      guint        count,
                                      double       x,
                                      double       y,
                                      double       size,
                                      double       scale);
/* A cell marker of @colour (Chivalrous Attrition). */
void        cp_piece_art_draw_marker (CpPieceArt  *self,
                                      cairo_t     *cr,
                                      CpColour     colour,
                                      double       x,
                                      double       y,
                                      double       size,
                                      double       scale);

/* Forgets the cached images (they are made again when next drawn). */
void        cp_piece_art_clear_cache (CpPieceArt  *self);
/* The number of cached images, and the bytes they take. */
guint       cp_piece_art_get_cache_size (CpPieceArt *self,
                                      gsize       *bytes);

G_END_DECLS
