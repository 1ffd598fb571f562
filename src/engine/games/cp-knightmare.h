/* cp-knightmare.h: what the Knightmare games for three and four players
 * share: elimination, and the record of cards played from a Knightmare
 * Chess deck
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-chess-rules.h"

G_BEGIN_DECLS

/* Where a seat's turn stands with the Knightmare Chess cards. */
typedef enum {
  CP_NOTE_PHASE_NONE,     /* no card played this turn */
  CP_NOTE_PHASE_IN_PLAY,  /* a card's changes are being made */
  CP_NOTE_PHASE_DONE,     /* a card was played; a move or the end of the turn follows */
} CpNotePhase;

/* PASS actions: the turn ends without a move, or a card's changes are done. */
#define CP_KNIGHTMARE_END_TURN 0
#define CP_KNIGHTMARE_CARD_DONE 1

typedef struct {
  CpChessState chess;
  guint8 cards;       /* whether cards from a Knightmare Chess deck are recorded */
  guint8 note_phase;  /* CpNotePhase of the seat to move */
  char card[CP_ACTION_MAX_TEXT_SIZE + 1]; /* the card named last this turn, or "" */
} CpKnightmareState;

#define CP_KNIGHTMARE_STATE(s) ((CpKnightmareState *) (s))

/* The strength of a seat that is out of the game, for the evaluation. */
#define CP_KNIGHTMARE_OUT (-4000)

/* The options: whether cards are recorded, and the start position. */
extern const CpOptionSpec cp_knightmare_options[2];

/* The hooks every Knightmare game shares, for its CpRules; each game adds
 * its own id, names, seats, colours, set-up, legal moves and make. */
#define CP_KNIGHTMARE_SHARED_HOOKS \
  .options = cp_knightmare_options, \
  .n_options = G_N_ELEMENTS (cp_knightmare_options), \
  .state_size = sizeof (CpKnightmareState), \
  .pending = cp_knightmare_pending, \
  .outcome = cp_chess_rules_outcome, \
  .claimable = cp_chess_rules_claimable, \
  .format = cp_knightmare_format, \
  .parse = cp_knightmare_parse, \
  .landing = cp_knightmare_landing, \
  .check_cell = cp_knightmare_check_cell, \
  .present = cp_knightmare_present, \
  .explain = cp_knightmare_explain, \
  .hash = cp_knightmare_hash, \
  .write_position = cp_knightmare_write_position

void        cp_knightmare_init        (CpKnightmareState *st,
                                       CpBoard        *board,
                                       GHashTable     *options);
void        cp_knightmare_place       (CpKnightmareState *st,
                                       guint           seat,
                                       const char     *pieces);
gboolean    cp_knightmare_cards_on    (GHashTable     *options);
void        cp_knightmare_add_area    (CpBoard        *board,
                                       const char     *name,
                                       guint           x0,
                                       guint           y0,
                                       guint           x1,
                                       guint           y1);
CpBoard    *cp_knightmare_four_board  (gboolean        centre_blocked,
                                       gboolean        territories);
void        cp_knightmare_four_setup  (CpKnightmareState *st,
                                       const char *const armies[4]);

gboolean    cp_knightmare_read_position (CpKnightmareState *st,
                                       const char     *text,
                                       GError        **error);
gboolean    cp_knightmare_init_position (CpKnightmareState *st,
                                       GHashTable     *options,
                                       GError        **error);
char       *cp_knightmare_write_position (const CpState *state);
guint64     cp_knightmare_hash        (const CpState  *state);

CpSeatMask  cp_knightmare_pending     (const CpState  *state);
void        cp_knightmare_legal       (const CpState  *state,
                                       guint           seat,
                                       CpActionList   *out);
void        cp_knightmare_make        (CpState        *state,
                                       const CpAction *action,
                                       CpUndo         *undo);
char       *cp_knightmare_format      (const CpState  *state,
                                       const CpAction *action,
                                       CpNotation      notation);
guint       cp_knightmare_landing     (const CpState  *state,
                                       const CpAction *action);
gboolean    cp_knightmare_parse       (const CpState  *state,
                                       const char     *text,
                                       CpAction       *action,
                                       GError        **error);
guint       cp_knightmare_check_cell  (const CpState  *state);
char       *cp_knightmare_explain     (const CpState  *state,
                                       guint           seat,
                                       guint           cell);
void        cp_knightmare_present     (const CpState  *state,
                                       const CpState  *start,
                                       guint           viewer,
                                       CpPresentation *out);
void        cp_knightmare_strengths   (const CpState  *state,
                                       int             strength[CP_MAX_SEATS]);
int         cp_knightmare_lead        (const CpState  *state,
                                       guint           seat);

G_END_DECLS
