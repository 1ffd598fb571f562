/* cp-rules.h: the interface every game module implements
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-card-table.h"
#include "cp-presentation.h"
#include "cp-state.h"

G_BEGIN_DECLS

typedef enum {
  CP_OPTION_CHOICE,  /* one of `choices` */
  CP_OPTION_INT,     /* from `min` to `max` */
  CP_OPTION_TEXT,
  CP_OPTION_BOOL,    /* "true" or "false" */
  CP_OPTION_TABLE,   /* numbers from `min` to `max`, a row for each of
                      * `choices` and a column for each of `columns`:
                      * see cp_option_table_read() */
} CpOptionType;

/* A cell of a table option that holds no number ("-" in the text). */
#define CP_OPTION_TABLE_BLANK (-1)

typedef struct _CpOptionSpec {
  const char *id;
  const char *label;                /* translatable */
  CpOptionType type;
  const char *default_value;
  const char *const *choices;       /* ids, NULL-terminated */
  const char *const *choice_labels; /* translatable, same order: short */
  gint min, max;
  const char *relevant_when;        /* "other-option=value", or NULL: always */
  const char *const *choice_details; /* translatable, same order as `choices`:
                                      * what each means; NULL: the labels say */
  /* CP_OPTION_TABLE: translatable column labels, NULL-terminated; headings
   * over runs of columns (NULL: none) and how many columns each covers. */
  const char *const *columns;
  const char *const *column_groups;
  const guint8 *column_group_spans;
} CpOptionSpec;

/* The option of every game that sets up play from a position written by
 * its `write_position` hook; empty: the game's own start. */
#define CP_POSITION_OPTION "fen"

typedef enum {
  CP_RULES_DRAWS   = 1 << 0, /* draws may be offered and accepted */
  CP_RULES_SECRETS = 1 << 1, /* seats hold information others may not see */
  CP_RULES_CHANCE  = 1 << 2, /* random results are drawn */
  CP_RULES_SECRET_SETUP = 1 << 3, /* play begins with sealed choices that
                                   * a seed may make: see
                                   * cp_game_choose_secrets() */
} CpRulesFlags;

/* The values of a piece in a game of fights (the `attributes` hook). */
typedef enum {
  CP_ATTRIBUTE_ATTACK,
  CP_ATTRIBUTE_DEFENSE,
  CP_ATTRIBUTE_SUPPORT,
  CP_ATTRIBUTE_POINTS,
  CP_ATTRIBUTE_WOUNDED_ATTACK,
  CP_ATTRIBUTE_WOUNDED_DEFENSE,
  CP_ATTRIBUTE_WOUNDED_SUPPORT,
  CP_N_ATTRIBUTES
} CpAttribute;

struct _CpRules {
  const char *id;
  const char *name;      /* translatable */
  const char *summary;   /* translatable, one line */
  guint8 min_seats;
  guint8 max_seats;
  guint flags;           /* CpRulesFlags */
  const CpOptionSpec *options;
  guint n_options;
  const CpColour *colours;  /* default colour of each seat */
  const char *const *seat_names; /* translatable; NULL: the colours name the seats */
  const guint8 *teams;      /* the team of each seat; NULL: each plays for themselves */
  /* Quarter turns clockwise that bring each seat's side of the board to
   * the bottom of the screen, 0 for the board as the rules draw it (rank 1
   * at the bottom); NULL: none for the first seat, a half turn for the
   * second, and so on alternately. */
  const guint8 *view_rotations;
  CpNumbering numbering;    /* how the move list numbers the log */
  gsize state_size;

  /* Sets up the start.  `state` is zeroed and its CpState part filled in
   * (board aside); `options` holds every option, defaults included. */
  gboolean   (*init)     (CpState *state, GHashTable *options, GError **error);
  /* Which seats must act now; CP_SEAT_BIT (CP_SEAT_CHANCE) when a random
   * result is due, described by `chance`. */
  CpSeatMask (*pending)  (const CpState *state);
  void       (*chance)   (const CpState *state, CpChance *request);
  /* The legal game actions of a seat (resigning and draws aside). */
  void       (*legal)    (const CpState *state, guint seat, CpActionList *out);
  /* Applies a legal action.  `undo` may be NULL. */
  void       (*make)     (CpState *state, const CpAction *action, CpUndo *undo);
  /* Takes back the last `make`; may be NULL, then callers copy states. */
  void       (*unmake)   (CpState *state, const CpAction *action, const CpUndo *undo);
  /* The result on the board (resignations and agreements aside). */
  void       (*outcome)  (const CpState *state, CpOutcome *outcome);
  /* Whether the seat to act may claim a draw now; may be NULL. */
  CpEndReason (*claimable) (const CpState *state);
  char      *(*format)   (const CpState *before, const CpAction *action, CpNotation notation);
  gboolean   (*parse)    (const CpState *before, const char *text, CpAction *action, GError **error);
  /* Where the moved piece ends when that is not the action's last cell
   * (a castling king); CP_NO_CELL otherwise.  May be NULL. */
  guint      (*landing)  (const CpState *state, const CpAction *action);
  /* The cell of a king in check, to show; CP_NO_CELL if none.  May be NULL. */
  guint      (*check_cell) (const CpState *state);
  /* For games whose turns have several actions: "+" or "#" when the turn
   * of @seat, over in @state, leaves a player in check or mated, "" when
   * not, NULL while that turn goes on.  The mark then goes on the last
   * move of the turn (cp_game_format_action()), and `format` writes
   * none.  May be NULL: `format` marks each move. */
  const char *(*turn_mark) (const CpState *state, guint seat);
  /* Hides what `seat` may not see; may be NULL for games without secrets. */
  void       (*redact)   (CpState *state, guint seat);
  /* Fills in where the cards lie, for a game with cards; NULL otherwise.
   * `state` may be a view's: the table then hides what its seat may not
   * see. */
  void       (*cards)    (const CpState *state, CpCardTable *table);
  /* Describes what the screen shows beyond the pieces (see
   * CpPresentation): `state` is the view of `viewer`, a seat or
   * CP_VIEW_ALL, and `start` the state where play began.  The model has
   * filled in the cards; what lost pieces a seat has is filled in after,
   * for the seats the hook gives no pieces.  May be NULL. */
  void       (*present)  (const CpState *state, const CpState *start, guint viewer,
                          CpPresentation *out);
  /* Why @seat can do nothing on @cell now, in a short sentence, when the
   * game knows better than cp_session_explain_cell(); NULL: let it say.
   * May be NULL. */
  char      *(*explain)  (const CpState *state, guint seat, guint cell);
  /* The rule that @action breaks, in a short phrase that follows "cannot
   * be played:", for an action that is not legal now (whether or not its
   * seat is to act), when the game can name it better than the model's
   * "It is not this player's turn" or "not a legal move"; NULL: let the
   * model say.  May be NULL. */
  char      *(*refusal)  (const CpState *state, const CpAction *action);

  /* For computer players (src/ai).  Either may be NULL: cp_state_hash()
   * and cp_state_evaluate() then give the model's shared defaults. */

  /* A key of the position for transposition tables: equal positions
   * (pieces, markers, whose turn, the game's own state) have equal keys;
   * the move count and the log do not count. */
  guint64    (*hash)     (const CpState *state);
  /* How good a position of a game in progress looks for `seat`, in
   * hundredths of a pawn: positive when `seat` stands better.  In a game
   * the players play together against the game (one team of every seat),
   * also how good a finished game is: its score, or a loss. */
  int        (*evaluate) (const CpState *state, guint seat);
  /* Whether `make` and `unmake` may be given a CP_ACTION_PASS of the seat
   * to act, which hands the turn on without a move: never a legal action,
   * but a search's "null move", where passing would rarely help the seat
   * (chess with pieces besides pawns).  NULL: never. */
  gboolean   (*null_move) (const CpState *state);
  /* The actions of `legal` that take a piece (CP_ACTION_FLAG_CAPTURE) or
   * promote one (a move with a `piece`), in the same order, for a
   * search's quiescence, where they are all it looks at: faster than
   * `legal` when it need not find the quiet moves.  NULL: the search
   * picks them out of `legal`. */
  void       (*tactical) (const CpState *state, guint seat, CpActionList *out);
  /* What a capture wins, in hundredths of a pawn, once both sides have
   * taken back on its cell for as long as that pays (a static exchange
   * evaluation): below 0 when it loses material.  The search tries such
   * captures last, and not at all in its quiescence.  NULL: the search
   * goes by what a capture takes. */
  int        (*exchange) (const CpState *state, const CpAction *action);

  /* The position of @state as text, in the game's own notation (FEN for
   * games played on the chess board, a notation its help page gives for
   * the others): the side to act, the pieces and every state of the game
   * a position needs, what is secret included, so that the game's option
   * CP_POSITION_OPTION, given the text, sets up a state that plays on as
   * @state does.  Not called while a random result is due
   * (cp_state_write_position()). */
  char      *(*write_position) (const CpState *state);

  /* What the game so far holds beyond its outcome, in a sentence for
   * `--validate` (such as the fights fought); may be NULL. */
  char      *(*statistics) (const CpState *state);

  /* The values a piece of @kind fights with in a game of fights, for
   * printed tiles: attack, defence, support and points at full health, then
   * attack, defence and support wounded, in the order of CpAttribute;
   * points are -1 for a piece that scores none.  May be NULL. */
  void       (*attributes) (const CpState *state, CpPieceKind kind, int values[]);

  /* Fills in the value of a due CP_ACTION_REVEAL, @action, that the
   * rules work out rather than draw (such as the par of a puzzle, which
   * a solver proves), and maybe its cells with what was found on the way
   * (a shortest solution), for `advise` to use later.  It may take long:
   * a session calls it in a worker thread, and it stops early, giving
   * anything, once @cancellable is cancelled (which may be NULL).  NULL:
   * such actions carry 0. */
  void       (*work_out) (const CpState *state, GCancellable *cancellable, CpAction *action);
  /* An exactly best action for @seat, which is to act, worked out in the
   * caller's thread (a hint: the next move of a shortest solution) by
   * @deadline (g_get_monotonic_time(); 0: no limit), or what a person
   * whose time runs out would do (such as saying that a puzzle has no
   * solution); FALSE: the rules have no advice here, or @cancellable was
   * cancelled before it was worked out.  May be NULL. */
  gboolean   (*advise)   (const CpState *state, guint seat, gint64 deadline, GCancellable *cancellable,
                          CpAction *action);

  /* The colours pieces are drawn in, by their `seat`, for a game whose
   * pieces belong to no player (such as white and black pieces that
   * every player moves); NULL: the colours of the seats' players. */
  const CpColour *piece_colours;
  guint8 n_piece_colours;
  /* For computer players of games with secrets: fills in what `redact`
   * hid from `seat` in `state`, a view of that seat, at random by `rand`,
   * so that the whole is one of the games the seat's view allows: only
   * what a careful player in that seat could deduce from what they saw,
   * never the real secrets nor future random results.  NULL: the search
   * plays on the view as it stands. */
  void       (*sample)   (CpState *state, guint seat, GRand *rand);
  /* For games where seats choose together in secret: takes back, in
   * @state, the sealed choices of the other seats that @seat, still to
   * choose, may not see, so that a search for @seat has them chosen again
   * with no more known than when they were made, as a player would choose
   * them, rather than drawn at random.  NULL: no such choices. */
  void       (*reopen)   (CpState *state, guint seat);
};

const CpOptionSpec   *cp_rules_find_option (const CpRules *rules, const char *id);
const char           *cp_rules_seat_name   (const CpRules *rules, guint seat);
gboolean              cp_rules_seats_coloured (const CpRules *rules);
gboolean              cp_rules_partners    (const CpRules *rules, guint seat, guint other);
GHashTable           *cp_rules_resolve_options (const CpRules *rules,
                                                GHashTable    *given,
                                                GError       **error);

guint                 cp_option_table_rows    (const CpOptionSpec *spec);
guint                 cp_option_table_columns (const CpOptionSpec *spec);
gboolean              cp_option_table_read    (const CpOptionSpec *spec,
                                               const char         *value,
                                               int                *cells,
                                               GError            **error);
char                 *cp_option_table_write   (const CpOptionSpec *spec,
                                               const int          *cells);

G_END_DECLS
