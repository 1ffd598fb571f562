/* cp-annotations.h: what an analysis says of each action of a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "cp-action.h"
#include "cp-state.h"

G_BEGIN_DECLS

/* The mark of an action; the numbers are those of PGN's NAGs ($1–$6). */
typedef enum {
  CP_MOVE_MARK_NONE        = 0,
  CP_MOVE_MARK_GOOD        = 1, /* ! */
  CP_MOVE_MARK_MISTAKE     = 2, /* ? */
  CP_MOVE_MARK_BRILLIANT   = 3, /* !! */
  CP_MOVE_MARK_BLUNDER     = 4, /* ?? */
  CP_MOVE_MARK_INTERESTING = 5, /* !? */
  CP_MOVE_MARK_DUBIOUS     = 6, /* ?! */
  CP_N_MOVE_MARKS
} CpMoveMark;

/* An evaluation from the first seat's point of view: hundredths of a
 * pawn (or of a point, in games that count points), positive when the
 * first seat stands better; or, when `mate` is not 0, a forced win in
 * `mate` moves of the winner, for the first seat when positive, for the
 * second when negative. */
typedef struct {
  gboolean known;
  int value;
  int mate;
} CpEval;

/* The longest line an annotation keeps, the preferred action first. */
#define CP_ANNOTATION_MAX_LINE 8

/* What the analysis says of the action at one index of the log. */
typedef struct {
  CpEval eval;       /* of the position after the action */
  CpEval best_eval;  /* of the position before it, with the preferred action */
  CpMoveMark mark;
  guint n_line;      /* 0: no preferred action known */
  CpAction line[CP_ANNOTATION_MAX_LINE]; /* the preferred action and the
                                          * line expected after it; texts
                                          * are never kept */
} CpAnnotation;

/* The name of the record's tag that holds the annotations. */
#define CP_ANNOTATIONS_TAG "annotations"

const char *cp_move_mark_to_symbol   (CpMoveMark       mark);
gboolean    cp_move_mark_from_symbol (const char  *symbol,
                                 CpMoveMark      *mark);
const char *cp_move_mark_describe    (CpMoveMark       mark);

char       *cp_eval_to_string   (const CpEval *eval);
gboolean    cp_eval_from_string (const char  *text,
                                 CpEval      *eval);
char       *cp_eval_format      (const CpEval *eval);
double      cp_eval_to_pawns    (const CpEval *eval);
CpEval      cp_eval_from_score  (int          score,
                                 guint        seat);
int         cp_eval_for_seat    (const CpEval *eval,
                                 guint        seat);

char       *cp_annotation_format_line (const CpAnnotation *annotation,
                                       const CpState      *before,
                                       CpNotation          notation);

#define CP_TYPE_ANNOTATIONS (cp_annotations_get_type ())
G_DECLARE_FINAL_TYPE (CpAnnotations, cp_annotations, CP, ANNOTATIONS, GObject)

CpAnnotations      *cp_annotations_new        (void);
guint               cp_annotations_get_length (CpAnnotations      *self);
gboolean            cp_annotations_is_empty   (CpAnnotations      *self);
const CpAnnotation *cp_annotations_get        (CpAnnotations      *self,
                                               guint               index);
void                cp_annotations_set        (CpAnnotations      *self,
                                               guint               index,
                                               const CpAnnotation *annotation);
void                cp_annotations_truncate   (CpAnnotations      *self,
                                               guint               n_actions);
void                cp_annotations_clear      (CpAnnotations      *self);

G_END_DECLS
