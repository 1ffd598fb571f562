/* cp-card-art.h: playing cards, drawn with cairo
 *
 * A card face shows its rank and suit in two corners and, in the middle,
 * what the card stands for under Appendix A of the chess-kit rules: a
 * chess piece in its colour, a checker, or a jester's cap for a joker.
 * The same drawing serves the card hands on the screen, printed decks and
 * help diagrams.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "cp-board-renderer.h"
#include "cp-engine.h"
#include "cp-piece-art.h"

G_BEGIN_DECLS

/* Cards have the proportions of a poker card, 63.5 by 88.9 mm. */
#define CP_CARD_ART_WIDTH_MM 63.5
#define CP_CARD_ART_HEIGHT_MM 88.9

typedef enum {
  CP_CARD_ART_NONE      = 0,
  CP_CARD_ART_FACE_DOWN = 1 << 0, /* the back, whatever the card */
  CP_CARD_ART_SELECTED  = 1 << 1, /* raised, with an outline */
  CP_CARD_ART_DIMMED    = 1 << 2, /* faded: the card cannot be played now */
  CP_CARD_ART_FLAT      = 1 << 3, /* no shadow: for printing and diagrams */
} CpCardArtFlags;

#define CP_TYPE_CARD_ART (cp_card_art_get_type ())
G_DECLARE_FINAL_TYPE (CpCardArt, cp_card_art, CP, CARD_ART, GObject)

/* The shared card set, drawing pieces with the shared piece set. */
CpCardArt  *cp_card_art_get_default   (void);
/* A card set of its own; @pieces may be NULL for the shared piece set. */
CpCardArt  *cp_card_art_new           (CpPieceArt     *pieces);

/* A card's height divided by its width. */
double      cp_card_art_aspect        (void);

/* Draws @card with its top left corner at (x, y), @width wide and
 * width * cp_card_art_aspect () high.  CP_CARD_UNKNOWN, and any card with
 * CP_CARD_ART_FACE_DOWN, shows the back; CP_CARD_NONE draws nothing.
 * Cards 120 units wide or more, such as printed ones, name their piece
 * below it.  @scale is the device scale, so images are made crisp; @dark
 * picks the colours of the dark style.  A shadow and, for a selected
 * card, the outline and the lift reach beyond the card: see
 * get_extents. */
void        cp_card_art_draw          (CpCardArt      *self,
                                       cairo_t        *cr,
                                       CpCard          card,
                                       double          x,
                                       double          y,
                                       double          width,
                                       double          scale,
                                       gboolean        dark,
                                       CpCardArtFlags  flags);

/* The area that drawing a card at (x, y), @width wide, with @flags may
 * touch, shadow, lift and outline included. */
void        cp_card_art_get_extents   (double          x,
                                       double          y,
                                       double          width,
                                       CpCardArtFlags  flags,
                                       CpRect         *extents);

/* Forgets the cached images of backs and jokers (the piece set keeps its
 * own cache). */
void        cp_card_art_clear_cache   (CpCardArt      *self);
/* The number of cached images. */
guint       cp_card_art_get_cache_size (CpCardArt     *self);

G_END_DECLS
