/* cp-annotations.c: what an analysis says of each action of a game
 *
 * A game's annotations are indexed like its log: the annotation at index
 * i speaks of the action at index i, the evaluation after it, the one the
 * preferred action would have kept, a mark, and the preferred line.  They
 * are kept in records as a tag (see cp-record.c) that a version without
 * them reads as any other tag.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <glib/gi18n-lib.h>

#include "cp-annotations.h"

static const char *const mark_symbols[CP_N_MOVE_MARKS] = {
  "", "!", "?", "!!", "??", "!?", "?!",
};

const char *
cp_move_mark_to_symbol (CpMoveMark mark)
{
  return (guint) mark < CP_N_MOVE_MARKS ? mark_symbols[mark] : "";
}

gboolean
cp_move_mark_from_symbol (const char *symbol, CpMoveMark *mark)
{
  for (guint i = 0; i < CP_N_MOVE_MARKS; i++)
    if (g_strcmp0 (symbol, mark_symbols[i]) == 0)
      {
        *mark = (CpMoveMark) i;
        return TRUE;
      }
  return FALSE;
}

/**
 * cp_move_mark_describe:
 *
 * The meaning of @mark in words, for people (a tooltip); "" for no mark.
 */
const char *
cp_move_mark_describe (CpMoveMark mark)
{
  switch (mark)
    {
    case CP_MOVE_MARK_GOOD:
      return _("A good move");
    case CP_MOVE_MARK_MISTAKE:
      return _("A mistake");
    case CP_MOVE_MARK_BRILLIANT:
      return _("A brilliant move");
    case CP_MOVE_MARK_BLUNDER:
      return _("A blunder");
    case CP_MOVE_MARK_INTERESTING:
      return _("An interesting move");
    case CP_MOVE_MARK_DUBIOUS:
      return _("An inaccuracy");
    case CP_MOVE_MARK_NONE:
    case CP_N_MOVE_MARKS:
    default:
      return "";
    }
}

/**
 * cp_eval_to_string:
 *
 * @eval as records keep it: hundredths ("35", "-120"), "#3" or "#-2" for a
 * mate, "-" when unknown.
 */
char *
cp_eval_to_string (const CpEval *eval)
{
  if (!eval->known)
    return g_strdup ("-");
  if (eval->mate != 0)
    return g_strdup_printf ("#%d", eval->mate);
  return g_strdup_printf ("%d", eval->value);
}

gboolean
cp_eval_from_string (const char *text, CpEval *eval)
{
  const char *digits = text;
  char *end = NULL;
  long number;

  *eval = (CpEval) { 0 };
  if (g_strcmp0 (text, "-") == 0)
    return TRUE;
  if (text == NULL || *text == '\0')
    return FALSE;
  if (*digits == '#')
    digits++;
  if (!g_ascii_isdigit (*digits) && !(*digits == '-' && g_ascii_isdigit (digits[1])))
    return FALSE;
  number = strtol (digits, &end, 10);
  if (*end != '\0' || number < -1000000 || number > 1000000 || (digits != text && number == 0))
    return FALSE;
  eval->known = TRUE;
  if (digits != text)
    {
      eval->mate = (int) number;
      eval->value = number > 0 ? 100000 : -100000;
    }
  else
    eval->value = (int) number;
  return TRUE;
}

/**
 * cp_eval_format:
 *
 * @eval for people: "+0.35", "−1.20", "#3" (the first seat mates in 3),
 * "#−2", "1–0" or "0–1" for a game won; "" when unknown.  Pawns are written with a point whatever the
 * language, as chess programs write them.
 */
char *
cp_eval_format (const CpEval *eval)
{
  int v;

  if (!eval->known)
    return g_strdup ("");
  if (eval->mate != 0)
    return g_strdup_printf (eval->mate > 0 ? "#%d" : "#\u2212%d", abs (eval->mate));
  v = eval->value;
  /* A game won: the result. */
  if (ABS (v) >= 100000)
    return g_strdup (v > 0 ? "1\u20130" : "0\u20131");
  if (v == 0)
    return g_strdup ("0.00");
  return g_strdup_printf ("%s%d.%02d", v > 0 ? "+" : "\u2212", abs (v) / 100, abs (v) % 100);
}

/**
 * cp_eval_to_pawns:
 *
 * @eval in pawns for a graph: a mate counts as 100 pawns; 0 when unknown.
 */
double
cp_eval_to_pawns (const CpEval *eval)
{
  if (!eval->known)
    return 0;
  if (eval->mate != 0)
    return eval->mate > 0 ? 100 : -100;
  return eval->value / 100.0;
}

/* A search's scores: CP_SEARCH_MATE (src/ai/cp-search.h) less the plies,
 * which the model does not know by name. */
#define SEARCH_MATE 30000
#define SEARCH_MATE_BOUND (SEARCH_MATE - 1000)

/**
 * cp_eval_from_score:
 * @score: a computer player's score for @seat, in hundredths of a pawn,
 *   or a mate as its search writes it
 * @seat: the seat it speaks for: 0 or 1
 *
 * The same from the first seat's point of view.
 */
CpEval
cp_eval_from_score (int score, guint seat)
{
  CpEval eval = { .known = TRUE };
  int s = seat == 0 ? score : -score;

  if (s >= SEARCH_MATE_BOUND)
    eval.mate = (SEARCH_MATE - s + 1) / 2;
  else if (s <= -SEARCH_MATE_BOUND)
    eval.mate = -((SEARCH_MATE + s + 1) / 2);
  if (eval.mate == 0 && s >= SEARCH_MATE_BOUND)
    eval.mate = 1;
  if (eval.mate == 0 && s <= -SEARCH_MATE_BOUND)
    eval.mate = -1;
  eval.value = eval.mate > 0 ? 100000 : eval.mate < 0 ? -100000 : s;
  return eval;
}

/**
 * cp_eval_for_seat:
 *
 * @eval in hundredths from @seat's point of view (0 or 1), a mate counting
 * as 100000 less 100 for each move it takes, so that values compare.
 */
int
cp_eval_for_seat (const CpEval *eval, guint seat)
{
  int v;

  if (!eval->known)
    return 0;
  if (eval->mate > 0)
    v = 100000 - 100 * MIN (eval->mate, 500);
  else if (eval->mate < 0)
    v = -100000 + 100 * MIN (-eval->mate, 500);
  else
    v = eval->value;
  return seat == 0 ? v : -v;
}

/**
 * cp_annotation_format_line:
 * @before: the state before the annotated action
 *
 * The preferred line of @annotation in @notation, the actions separated by
 * spaces; "" when there is none.
 */
char *
cp_annotation_format_line (const CpAnnotation *annotation, const CpState *before,
                           CpNotation notation)
{
  g_autoptr (CpState) state = cp_state_copy (before);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < annotation->n_line; i++)
    {
      g_autofree char *text = NULL;

      if (cp_state_pending (state) & CP_SEAT_BIT (CP_SEAT_CHANCE))
        break;
      text = cp_state_format (state, &annotation->line[i], notation);
      if (text == NULL || !cp_state_apply (state, &annotation->line[i], NULL))
        break;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, text);
    }
  return g_string_free (out, FALSE);
}

struct _CpAnnotations
{
  GObject parent_instance;

  GArray *items;   /* CpAnnotation, by the index of the action */
  GArray *present; /* gboolean: whether items[i] was set */
};

G_DEFINE_FINAL_TYPE (CpAnnotations, cp_annotations, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
cp_annotations_finalize (GObject *object)
{
  CpAnnotations *self = CP_ANNOTATIONS (object);

  g_clear_pointer (&self->items, g_array_unref);
  g_clear_pointer (&self->present, g_array_unref);
  G_OBJECT_CLASS (cp_annotations_parent_class)->finalize (object);
}

static void
cp_annotations_class_init (CpAnnotationsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_annotations_finalize;

  /**
   * CpAnnotations::changed:
   * @first: the first index whose annotation changed
   *
   * Annotations were added, changed or dropped.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
cp_annotations_init (CpAnnotations *self)
{
  self->items = g_array_new (FALSE, TRUE, sizeof (CpAnnotation));
  self->present = g_array_new (FALSE, TRUE, sizeof (gboolean));
}

CpAnnotations *
cp_annotations_new (void)
{
  return g_object_new (CP_TYPE_ANNOTATIONS, NULL);
}

/**
 * cp_annotations_get_length:
 *
 * One more than the last index annotated; 0 when none is.
 */
guint
cp_annotations_get_length (CpAnnotations *self)
{
  g_return_val_if_fail (CP_IS_ANNOTATIONS (self), 0);
  return self->items->len;
}

gboolean
cp_annotations_is_empty (CpAnnotations *self)
{
  return cp_annotations_get_length (self) == 0;
}

/**
 * cp_annotations_get:
 *
 * The annotation of the action at @index, or %NULL when it has none.
 */
const CpAnnotation *
cp_annotations_get (CpAnnotations *self, guint index)
{
  g_return_val_if_fail (CP_IS_ANNOTATIONS (self), NULL);

  if (index >= self->items->len || !g_array_index (self->present, gboolean, index))
    return NULL;
  return &g_array_index (self->items, CpAnnotation, index);
}

/**
 * cp_annotations_set:
 * @annotation: (nullable): %NULL drops the annotation at @index
 */
void
cp_annotations_set (CpAnnotations *self, guint index, const CpAnnotation *annotation)
{
  CpAnnotation *item;

  g_return_if_fail (CP_IS_ANNOTATIONS (self));
  g_return_if_fail (index < 1000000);

  if (annotation == NULL)
    {
      if (index < self->items->len)
        {
          g_array_index (self->present, gboolean, index) = FALSE;
          g_signal_emit (self, signals[CHANGED], 0, index);
        }
      return;
    }
  if (index >= self->items->len)
    {
      g_array_set_size (self->items, index + 1);
      g_array_set_size (self->present, index + 1);
    }
  item = &g_array_index (self->items, CpAnnotation, index);
  *item = *annotation;
  item->n_line = MIN (item->n_line, CP_ANNOTATION_MAX_LINE);
  for (guint i = 0; i < CP_ANNOTATION_MAX_LINE; i++)
    item->line[i].text = NULL;
  g_array_index (self->present, gboolean, index) = TRUE;
  g_signal_emit (self, signals[CHANGED], 0, index);
}

/**
 * cp_annotations_truncate:
 *
 * Drops the annotations of the actions after the first @n_actions, as
 * when they are taken back.
 */
void
cp_annotations_truncate (CpAnnotations *self, guint n_actions)
{
  g_return_if_fail (CP_IS_ANNOTATIONS (self));

  if (n_actions >= self->items->len)
    return;
  g_array_set_size (self->items, n_actions);
  g_array_set_size (self->present, n_actions);
  /* No annotation is left beyond the last one present. */
  while (self->present->len > 0 && !g_array_index (self->present, gboolean, self->present->len - 1))
    {
      g_array_set_size (self->items, self->items->len - 1);
      g_array_set_size (self->present, self->present->len - 1);
    }
  g_signal_emit (self, signals[CHANGED], 0, n_actions);
}

void
cp_annotations_clear (CpAnnotations *self)
{
  cp_annotations_truncate (self, 0);
}
