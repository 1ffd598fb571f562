/* test-annotations.c: what an analysis says of a game, kept in records and
 * PGN
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <libxml/relaxng.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-pgn.h"
#include "cp-record.h"
#include "cp-test-util.h"

/* 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# */
static const char *const scholars_mate[] = {
  "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#",
};

static CpGame *
new_scholars_mate (void)
{
  CpGame *game = cp_test_new_game ("chess", 2, 7, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (scholars_mate); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (cp_game_play_text (game, scholars_mate[i], &error));
      g_assert_no_error (error);
    }
  return game;
}

/* Annotates @game's actions with made-up evaluations, marks the blunder
 * 3...Nf6 and gives it the line 3...g6 4. Qf3. */
static void
annotate (CpGame *game)
{
  CpAnnotations *annotations = cp_game_get_annotations (game);

  for (guint i = 0; i < cp_game_get_n_actions (game); i++)
    {
      CpAnnotation a = { 0 };

      a.eval = (CpEval) { .known = TRUE, .value = 20 - 7 * (int) i };
      a.best_eval = (CpEval) { .known = TRUE, .value = 25 };
      if (i == 5)
        {
          g_autoptr (CpState) before = cp_game_state_at (game, 5);
          g_autoptr (CpState) after = NULL;

          a.eval = (CpEval) { .known = TRUE, .value = 100000, .mate = 1 };
          a.mark = CP_MOVE_MARK_BLUNDER;
          g_assert_true (cp_state_parse (before, "g6", &a.line[0], NULL));
          after = cp_state_copy (before);
          g_assert_true (cp_state_apply (after, &a.line[0], NULL));
          g_assert_true (cp_state_parse (after, "Qf3", &a.line[1], NULL));
          a.n_line = 2;
        }
      if (i == 6)
        a.eval = (CpEval) { .known = TRUE, .value = 100000, .mate = 1 }, a.mark = CP_MOVE_MARK_GOOD;
      if (i == 2)
        continue; /* one action not analysed */
      cp_annotations_set (annotations, i, &a);
    }
}

static void
assert_same_eval (const CpEval *a, const CpEval *b)
{
  g_assert_cmpint (a->known, ==, b->known);
  g_assert_cmpint (a->value, ==, b->value);
  g_assert_cmpint (a->mate, ==, b->mate);
}

static void
assert_same_annotations (CpGame *a, CpGame *b, gboolean lines)
{
  CpAnnotations *aa = cp_game_get_annotations (a);
  CpAnnotations *ab = cp_game_get_annotations (b);

  g_assert_cmpuint (cp_annotations_get_length (aa), ==, cp_annotations_get_length (ab));
  for (guint i = 0; i < cp_annotations_get_length (aa); i++)
    {
      const CpAnnotation *x = cp_annotations_get (aa, i);
      const CpAnnotation *y = cp_annotations_get (ab, i);

      g_assert_true ((x == NULL) == (y == NULL));
      if (x == NULL)
        continue;
      assert_same_eval (&x->eval, &y->eval);
      g_assert_cmpint (x->mark, ==, y->mark);
      if (!lines)
        continue;
      assert_same_eval (&x->best_eval, &y->best_eval);
      g_assert_cmpuint (x->n_line, ==, y->n_line);
      for (guint k = 0; k < x->n_line; k++)
        g_assert_true (cp_action_same (&x->line[k], &y->line[k]));
    }
}

static gboolean
valid_by_schema (const char *xml)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "chess-parlour-record.rng", NULL);
  xmlRelaxNGParserCtxtPtr parser = xmlRelaxNGNewParserCtxt (path);
  xmlRelaxNGPtr schema = xmlRelaxNGParse (parser);
  xmlRelaxNGValidCtxtPtr valid = xmlRelaxNGNewValidCtxt (schema);
  xmlDocPtr doc = xmlReadMemory (xml, (int) strlen (xml), NULL, NULL, XML_PARSE_NONET);
  int result;

  g_assert_nonnull (schema);
  g_assert_nonnull (doc);
  result = xmlRelaxNGValidateDoc (valid, doc);
  xmlFreeDoc (doc);
  xmlRelaxNGFreeValidCtxt (valid);
  xmlRelaxNGFree (schema);
  xmlRelaxNGFreeParserCtxt (parser);
  return result == 0;
}

static void
test_record_round_trip (void)
{
  g_autoptr (CpGame) game = new_scholars_mate ();
  g_autoptr (CpGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = NULL;
  const CpAnnotation *a;

  annotate (game);
  xml = cp_record_to_string (game, NULL);
  /* A tag, which the schema of the first records allows. */
  g_assert_nonnull (strstr (xml, "<tag name=\"annotations\">"));
  g_assert_nonnull (strstr (xml, "5 #1 25 ?? Nf6 / g6 Qf3"));
  g_assert_true (valid_by_schema (xml));

  loaded = cp_record_load_data (xml, strlen (xml), &error);
  g_assert_no_error (error);
  assert_same_annotations (game, loaded, TRUE);
  a = cp_annotations_get (cp_game_get_annotations (loaded), 5);
  g_assert_nonnull (a);
  g_assert_cmpuint (a->n_line, ==, 2);
  /* The tag becomes annotations, not a tag of the game. */
  g_assert_null (g_hash_table_lookup (cp_game_get_tags (loaded), CP_ANNOTATIONS_TAG));
}

/* An annotation whose move is not the log's (a record changed by a version
 * that kept the annotations as a mere tag) is passed over; the record
 * loads all the same. */
static void
test_record_stale (void)
{
  g_autoptr (CpGame) game = new_scholars_mate ();
  g_autoptr (CpGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autoptr (GString) changed = NULL;

  annotate (game);
  xml = cp_record_to_string (game, NULL);
  changed = g_string_new (xml);
  g_string_replace (changed, "5 #1 25 ?? Nf6 / g6 Qf3", "5 #1 25 ?? Nh6 / g6 Qf3", 1);
  g_string_replace (changed, "\n0 20 25 - e4 / \n", "\n0 nonsense\n", 1);
  loaded = cp_record_load_data (changed->str, changed->len, &error);
  g_assert_no_error (error);
  g_assert_null (cp_annotations_get (cp_game_get_annotations (loaded), 5));
  g_assert_nonnull (cp_annotations_get (cp_game_get_annotations (loaded), 6));
}

/* Taking actions back drops their annotations. */
static void
test_truncate (void)
{
  g_autoptr (CpGame) game = new_scholars_mate ();
  CpAnnotations *annotations = cp_game_get_annotations (game);

  annotate (game);
  g_assert_nonnull (cp_annotations_get (annotations, 6));
  g_assert_true (cp_game_undo (game));
  g_assert_null (cp_annotations_get (annotations, 6));
  g_assert_nonnull (cp_annotations_get (annotations, 5));
  g_assert_cmpuint (cp_annotations_get_length (annotations), ==, 6);
}

static void
test_pgn_round_trip (void)
{
  g_autoptr (CpGame) game = new_scholars_mate ();
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *flat = NULL;

  annotate (game);
  pgn = cp_pgn_write (game, &error);
  g_assert_no_error (error);
  flat = g_strdup (pgn);
  g_strdelimit (flat, "\n", ' ');
  g_assert_nonnull (strstr (flat, "3... Nf6 $4 {[%eval #1]} (3... g6 4. Qf3)"));
  g_assert_nonnull (strstr (flat, "1. e4 {[%eval 0.20]} 1... e5 {[%eval 0.13]} 2. Qh5 Nc6"));
  g_assert_nonnull (strstr (flat, "2. Qh5 Nc6 {[%eval -0.01]}"));

  games = cp_pgn_read (pgn, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 1);
  assert_same_annotations (game, g_ptr_array_index (games, 0), FALSE);
}

static void
test_eval_text (void)
{
  CpEval eval;
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  g_assert_true (cp_eval_from_string ("-120", &eval));
  g_assert_cmpint (eval.value, ==, -120);
  a = cp_eval_format (&eval);
  g_assert_cmpstr (a, ==, "\u22121.20");
  g_assert_true (cp_eval_from_string ("#-3", &eval));
  g_assert_cmpint (eval.mate, ==, -3);
  b = cp_eval_to_string (&eval);
  g_assert_cmpstr (b, ==, "#-3");
  g_assert_true (cp_eval_from_string ("-", &eval));
  g_assert_false (eval.known);
  g_assert_false (cp_eval_from_string ("#0", &eval));
  g_assert_false (cp_eval_from_string ("12x", &eval));
  /* A search's mate in 3 plies for the second seat is a mate in 2 moves. */
  eval = cp_eval_from_score (30000 - 3, 1);
  g_assert_cmpint (eval.mate, ==, -2);
  c = cp_eval_format (&eval);
  g_assert_cmpstr (c, ==, "#\u22122");
  g_assert_cmpint (cp_eval_for_seat (&eval, 1), >, 90000);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/annotations/eval-text", test_eval_text);
  g_test_add_func ("/annotations/record/round-trip", test_record_round_trip);
  g_test_add_func ("/annotations/record/stale", test_record_stale);
  g_test_add_func ("/annotations/truncate", test_truncate);
  g_test_add_func ("/annotations/pgn/round-trip", test_pgn_round_trip);
  return g_test_run ();
}
