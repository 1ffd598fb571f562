/* cp-types.h: small shared definitions of the game model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Seats are numbered from 0.  A game has at most six seats (bits 0 to 5
 * of a CpSeatMask; bit 7 is chance). */
#define CP_MAX_SEATS 6

/* The pseudo-seat that makes random decisions (dice, shuffles, deals). */
#define CP_SEAT_CHANCE 7

/* No seat at all: nobody is to act, nobody waits at the curtain. */
#define CP_NO_SEAT 0xff

/* The viewer of a view that sees everything (a finished game, a game
 * without secrets). */
#define CP_VIEW_ALL 0xfe

/* The viewer of a view that is none of the seats: what everyone may know,
 * as the table sees it while nobody has taken the screen. */
#define CP_VIEW_PUBLIC 0xfd

/* A set of seats, one bit per seat (bit CP_SEAT_CHANCE for chance). */
typedef guint8 CpSeatMask;
#define CP_SEAT_BIT(seat) ((CpSeatMask) (1u << (seat)))
#define CP_SEATS_ALL ((CpSeatMask) 0xff)

/* Cells are indices into the board rectangle: y * width + x.  Boards hold
 * at most 255 cells so that an index fits a byte; 0xff means "no cell". */
#define CP_MAX_CELLS 256
#define CP_NO_CELL 0xff

/* The eight grid directions, clockwise from north.  North is towards
 * larger y (rank 1 is y = 0 and sits at the bottom for the first seat). */
typedef enum {
  CP_DIR_N,
  CP_DIR_NE,
  CP_DIR_E,
  CP_DIR_SE,
  CP_DIR_S,
  CP_DIR_SW,
  CP_DIR_W,
  CP_DIR_NW,
  CP_N_DIRS
} CpDir;

#define CP_DIR_IS_DIAGONAL(d) (((d) & 1) != 0)
#define CP_DIR_OPPOSITE(d) ((CpDir) (((d) + 4) & 7))

/* Piece colours as drawn; a seat's colour is chosen by its game. */
typedef enum {
  CP_COLOUR_WHITE,
  CP_COLOUR_BLACK,
  CP_COLOUR_RED,
  CP_COLOUR_BROWN,
  CP_COLOUR_BLUE,
  CP_N_COLOURS
} CpColour;

typedef enum {
  CP_NOTATION_SAN,       /* standard algebraic: Nf3, exd5, O-O, e8=Q+ */
  CP_NOTATION_LAN,       /* long algebraic: Ng1-f3, e4xd5 */
  CP_NOTATION_FIGURINE,  /* SAN with piece symbols: ♘f3 */
  CP_NOTATION_COMPUTER,  /* coordinates: g1f3, e7e8q */
  CP_NOTATION_SAN_LOCAL, /* SAN with the piece letters of the user's language */
  CP_NOTATION_LAN_LOCAL, /* LAN likewise */
} CpNotation;

/* A card in one byte: the suit in the high nibble, the rank in the low
 * one.  The black joker has the suit of spades, the red joker that of
 * hearts.  Zero is no card; CP_CARD_UNKNOWN is a card whose face the
 * viewer may not see. */
typedef guint8 CpCard;

/* Where the turn of the seat to act stands with cards played from a
 * physical deck whose cards the program does not know: the players name
 * the card, then make its changes. */
typedef enum {
  CP_CARD_NOTE_NONE,     /* no cards are recorded now */
  CP_CARD_NOTE_READY,    /* the player may name a card */
  CP_CARD_NOTE_IN_PLAY,  /* the card's changes are being made */
  CP_CARD_NOTE_PLAYED,   /* a move, another card or the end of the turn follows */
} CpCardNoteStage;

const char *cp_colour_to_id (CpColour colour);
gboolean    cp_colour_from_id (const char *id, CpColour *colour);
const char *cp_colour_name (CpColour colour);

G_END_DECLS
