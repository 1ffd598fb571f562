/* cp-presentation.h: what the screen shows of a game beyond its pieces
 *
 * A game describes, for the view of one seat, everything a window needs
 * to draw and say besides the pieces on their cells: marks on cells,
 * things beside each player, the sentence that says what to do now, the
 * actions that are not made on the board, and the record of cards played
 * from a physical deck.  The window draws this data; it never asks which
 * game it shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "cp-action.h"
#include "cp-card-table.h"
#include "cp-piece.h"
#include "cp-state.h"

G_BEGIN_DECLS

typedef enum {
  CP_OVERLAY_PIECE,   /* a small, pale piece in a corner of the cell (a burial) */
  CP_OVERLAY_STACK,   /* a stack of `count` checkers of `colour` that the game keeps
                       * apart from the pieces (a piece's own checkers show anyway) */
  CP_OVERLAY_BADGE,   /* a short `text` in a corner of the cell */
  CP_OVERLAY_TINT,    /* the cell tinted (a castle) */
  CP_OVERLAY_AREA,    /* the cell belongs to outlined area number `count` (1..) */
  CP_OVERLAY_NOTE,    /* nothing drawn (the piece's look shows it): words only */
  CP_N_OVERLAY_KINDS
} CpOverlayKind;

typedef struct {
  guint8 kind;        /* CpOverlayKind */
  guint8 cell;
  guint8 piece;       /* PIECE: its kind */
  guint8 seat;        /* PIECE: its owner */
  guint8 count;       /* STACK: checkers; AREA: the area's number */
  guint8 colour;      /* STACK: CpColour of the checkers */
  char *text;         /* BADGE: what the badge says */
  char *description;  /* words for the cell's description, or NULL */
} CpOverlay;

/* The marks a board may show, which a key explains: those of pieces, of
 * the overlays and of the board itself, and those of play. */
typedef enum {
  CP_MARK_MIRROR,     /* a piece beyond a mirror: faded, with a looking glass */
  CP_MARK_CHECKERS,   /* checkers under a piece */
  CP_MARK_TAR,        /* a puddle of tar under a piece */
  CP_MARK_ZOMBIE,     /* a piece with a green cast and a Z */
  CP_MARK_WOUNDS,     /* red pips beside a piece */
  CP_MARK_HIDDEN,     /* a piece whose kind the viewer does not know */
  CP_MARK_BURIAL,     /* CP_OVERLAY_PIECE */
  CP_MARK_STACK,      /* CP_OVERLAY_STACK */
  CP_MARK_BADGE,      /* CP_OVERLAY_BADGE */
  CP_MARK_TINT,       /* CP_OVERLAY_TINT */
  CP_MARK_AREA,       /* CP_OVERLAY_AREA */
  CP_MARK_MARKER,     /* a marker on a cell */
  CP_MARK_WALL,       /* a wall along an edge of a cell */
  CP_MARK_CENTRE,     /* a closed point where four cells meet */
  CP_MARK_CHECK,      /* a glow under a king in check */
  /* The marks of play every board shows; no game lists them. */
  CP_MARK_LAST_MOVE,  /* the cells of the last move */
  CP_MARK_PICKED,     /* the cell of the piece picked up */
  CP_MARK_TARGET,     /* a dot where the piece picked up may go */
  CP_MARK_CAPTURE,    /* a ring where it may capture */
  CP_N_MARKS
} CpMark;

#define CP_MARK_BIT(mark) (1u << (mark))

/* A line of a game's key: a mark of its board and what it means there,
 * with the piece its sample shows as the board would: the piece that
 * bears the mark (its flags, checkers or wounds), or stands in the marked
 * cell, or is buried (BURIAL); its seat colours a marker (MARKER); an
 * empty piece leaves the cell empty. */
typedef struct {
  guint8 mark;        /* CpMark */
  CpPiece piece;
  char *text;         /* what the mark means, in a sentence */
} CpLegendEntry;

typedef enum {
  CP_SIDE_PIECES,     /* `count` pieces of kind `piece` of seat `owner`;
                       * `faded`: gone for good */
  CP_SIDE_TEXT,       /* a short `text`, such as a score */
  CP_SIDE_DIE,        /* a die the seat rolled, showing `count` (1–6; 0: not
                       * yet rolled), and `text`, what it counts for */
  CP_N_SIDE_KINDS
} CpSideKind;

typedef struct {
  guint8 kind;        /* CpSideKind */
  guint8 seat;        /* beside whose name */
  guint8 piece;
  guint8 count;
  guint8 faded;
  guint8 owner;       /* PIECES: whose pieces: `seat` (those it lost), unless
                       * the game says otherwise (those it took) */
  char *text;
} CpSideItem;

/* An action that is not made on the board, with its label: End Turn,
 * Done, Roll, Pass... */
typedef struct {
  CpAction action;
  char *id;           /* "end-turn", "card-done"...: for keyboard shortcuts */
  char *label;        /* with a mnemonic */
  char *tooltip;      /* what it does in words, for its tooltip and for
                       * screen readers, where the label is a number or a
                       * sign; or NULL */
} CpButton;

/* A mark in a cell of a table beside the board (CpGrid). */
typedef enum {
  CP_GRID_EMPTY,
  CP_GRID_CIRCLE,     /* holds, as far as the viewer knows */
  CP_GRID_DISC,       /* holds, and the owner of the pieces knows it */
  CP_GRID_CROSS,      /* ruled out for the owner of the pieces */
  CP_N_GRID_MARKS
} CpGridMark;

/* Or-ed into a mark: the mark follows from the others and is drawn faintly. */
#define CP_GRID_FAINT 0x80
#define CP_GRID_MAX 8

/* A table beside the board with pieces along its sides and a mark in
 * each cell, such as which capture move each piece has.  When `choosing`,
 * the seat at the screen fills it in with one circle in each row and
 * each column, starting from the circles given, and plays `action` with
 * the value cp_grid_value() gives for the columns circled.
 *
 * Or a table of words, such as a score card, when `words` is set
 * (cp_grid_init_words()): headings along the top and down the side and a
 * short text in each cell, any number of columns, CP_GRID_MAX rows at
 * most.  A row may be headed by the name of the player of a seat. */
typedef struct {
  char *title;
  char *description;    /* the table in words */
  char *row_heading;    /* what the pieces down the side are, or NULL */
  char *column_heading; /* what those along the top are, or NULL */
  guint8 seat;          /* the owner of the pieces down the side */
  guint8 n_rows, n_columns;
  guint8 row_piece[CP_GRID_MAX];     /* CpPieceKind down the side */
  guint8 column_piece[CP_GRID_MAX];  /* CpPieceKind along the top */
  guint8 marks[CP_GRID_MAX][CP_GRID_MAX];  /* CpGridMark, maybe | CP_GRID_FAINT */
  gboolean choosing;
  CpAction action;      /* choosing: the action to play, value aside */
  char **words;         /* a table of words: (n_rows + 1) × (n_columns + 1)
                         * texts row after row, the headings first (row and
                         * column 0); "" for an empty cell; or NULL */
  char **names;         /* words: each cell's words for screen readers, in the
                         * same order, "" where the text says it all */
  guint8 row_seat[CP_GRID_MAX]; /* words: the seat whose player's name heads
                                 * the row, or CP_NO_SEAT */
} CpGrid;

/* How the move list numbers the actions of the log. */
typedef enum {
  CP_NUMBERING_TURNS,    /* chess-like: a number for each turn of two players */
  CP_NUMBERING_ROUNDS,   /* by the rounds of choices made together in secret */
  CP_NUMBERING_SEALED_MOVES, /* a round for each turn of moves chosen together in
                              * secret (sealed choices of value 0); the sealed
                              * choices, moves and passes after them stay in it */
  CP_NUMBERING_WHOLE_TURNS, /* as TURNS, and every move, card and pass of a
                             * player's turn stands in one place */
} CpNumbering;

typedef struct _CpPresentation {
  GArray *overlays;      /* CpOverlay */
  GArray *side;          /* CpSideItem */
  char *side_description[CP_MAX_SEATS]; /* the side items of each seat in words */
  char *prompt;          /* what the seat is asked to do now, or NULL */
  guint8 check_cell;     /* a king in check, or CP_NO_CELL */
  GArray *buttons;       /* CpButton */
  gboolean has_cards;    /* whether `cards` holds the game's cards */
  CpCardTable cards;
  char *card_button;     /* the label, with its mnemonic, of the button that
                          * plays the cards chosen in the hand, where the game
                          * says where they go (such as onto the player's
                          * own stack); NULL: the screen says how */
  guint8 card_note_stage;   /* CpCardNoteStage */
  guint8 card_note_seat;    /* the seat the stage belongs to */
  char *card_note;          /* the card named this turn, or NULL */
  guint8 seat_of_player[CP_MAX_SEATS]; /* the seat the player named n-th at the
                                         * set-up plays, once seats were drawn */
  gboolean seats_drawn;     /* the set-up drew who plays which seat */
  char *timeout_button;     /* the id of the button a timed secret choice falls
                             * back on when the time the players allow runs out,
                             * or NULL: untimed */
  GArray *grids;            /* CpGrid: tables beside the board */
  char *dice_result;        /* what the dice beside the players decided, in
                             * words, or NULL */
  gboolean pieces_taken;    /* the pieces beside each seat are those it took
                             * from others, all of them given by the game
                             * (none where it took none), rather than those
                             * it lost */
  GArray *legend;           /* CpLegendEntry: the key to the marks the game's
                             * board may show, whether it shows them now or not */
} CpPresentation;

CpPresentation *cp_presentation_new         (void);
void            cp_presentation_free        (CpPresentation *self);
CpOverlay      *cp_presentation_add_overlay (CpPresentation *self,
                                             CpOverlayKind   kind,
                                             guint           cell,
                                             const char     *description);
void            cp_presentation_add_lost    (CpPresentation *self,
                                             const CpState  *state,
                                             const CpState  *start,
                                             guint           seat,
                                             const guint8   *waiting);
char           *cp_presentation_name_pieces (const CpPresentation *self,
                                             guint           seat,
                                             gboolean        faded);
CpLegendEntry  *cp_presentation_add_legend  (CpPresentation *self,
                                             CpMark          mark,
                                             const char     *text);
guint32         cp_presentation_get_legend_marks (const CpPresentation *self);
CpSideItem     *cp_presentation_add_side    (CpPresentation *self,
                                             CpSideKind      kind,
                                             guint           seat);
void            cp_presentation_add_button  (CpPresentation *self,
                                             const CpAction *action,
                                             const char     *id,
                                             const char     *label);
void            cp_presentation_add_button_full (CpPresentation *self,
                                             const CpAction *action,
                                             const char     *id,
                                             const char     *label,
                                             const char     *tooltip);
const CpButton *cp_presentation_find_button (const CpPresentation *self,
                                             const char     *id);
void            cp_presentation_set_prompt  (CpPresentation *self,
                                             char           *prompt);
CpGrid         *cp_presentation_add_grid    (CpPresentation *self,
                                             guint           seat,
                                             const char     *title);
void            cp_grid_init_words          (CpGrid         *grid,
                                             guint           n_rows,
                                             guint           n_columns);
void            cp_grid_set_word            (CpGrid         *grid,
                                             guint           row,
                                             guint           column,
                                             const char     *word,
                                             const char     *name);
const char     *cp_grid_get_word            (const CpGrid   *grid,
                                             guint           row,
                                             guint           column);
const char     *cp_grid_get_name            (const CpGrid   *grid,
                                             guint           row,
                                             guint           column);
void            cp_grid_copy_strings        (CpGrid         *grid);
void            cp_grid_clear               (CpGrid         *grid);
guint32         cp_grid_value               (const CpGrid   *grid,
                                             const guint8   *columns);
gboolean        cp_grid_columns             (const CpGrid   *grid,
                                             guint32         value,
                                             guint8         *columns);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpPresentation, cp_presentation_free)

G_END_DECLS
