/* test-l10n.c: move notation and engine messages in the translations
 *
 * Reads the catalogues of the build tree (po/LANG/LC_MESSAGES), from the
 * folder in CP_LOCALE_DIR.  Each language is checked in a process of its
 * own, because gettext keeps the messages it has found for a locale.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "cp-engine.h"
#include "cp-record.h"
#include "cp-test-util.h"

typedef struct {
  const char *language;   /* the value of LANGUAGE; "" leaves it unset */
  const char *king;       /* Ke2 after 1. e4 e5 */
  const char *queen;      /* Qh5 after 1. e4 e5 */
  const char *rook;       /* Ra7 in a rook ending */
  const char *bishop;     /* Bc4 after 1. e4 e5 */
  const char *knight;     /* Nf3 from the start */
  const char *knight_lan; /* Ng1-f3 from the start */
  const char *promotion;  /* b8=N, with check from the new knight */
  const char *checkmate;  /* the end reason CP_END_CHECKMATE */
  const char *knight_name;
  const char *black;      /* the colour, which names a seat */
  const char *second;     /* the second seat of Chess Golf */
} Expected;

static const Expected expected[] = {
  { "de", "Ke2", "Dh5", "Ta7", "Lc4", "Sf3", "Sg1-f3", "b8=S+", "Schachmatt", "Springer", "Schwarz", "Zweite Person" },
  { "fr", "Re2", "Dh5", "Ta7", "Fc4", "Cf3", "Cg1-f3", "b8=C+", "Échec et mat", "cavalier", "Noirs", "Deuxième joueur" },
  { "es", "Re2", "Dh5", "Ta7", "Ac4", "Cf3", "Cg1-f3", "b8=C+", "Jaque mate", "caballo", "Negras", "Segundo jugador" },
  { "it", "Re2", "Dh5", "Ta7", "Ac4", "Cf3", "Cg1-f3", "b8=C+", "Scacco matto", "cavallo", "Nero", "Secondo giocatore" },
  { "pt_BR", "Re2", "Dh5", "Ta7", "Bc4", "Cf3", "Cg1-f3", "b8=C+", "Xeque-mate", "cavalo", "Preto", "Segundo jogador" },
  { "pl", "Ke2", "Hh5", "Wa7", "Gc4", "Sf3", "Sg1-f3", "b8=S+", "Mat", "skoczek", "Czarne", "Drugi gracz" },
  /* A letter of more than one character: the translation is spaced. */
  { "ru", "Крe2", "Фh5", "Лa7", "Сc4", "Кf3", "Кg1-f3", "b8=К+", "Мат", "конь", "Чёрные", "Второй игрок" },
  /* Japanese players write the English letters. */
  { "ja", "Ke2", "Qh5", "Ra7", "Bc4", "Nf3", "Ng1-f3", "b8=N+", "チェックメイト", "ナイト", "黒", "2番目のプレイヤー" },
  { "ar", "مe2", "وh5", "رa7", "فc4", "حf3", "حg1-f3", "b8=ح+", "كش مات", "حصان", "الأسود", "اللاعب الثاني" },
  /* Without a translation the letters are the English ones. */
  { "", "Ke2", "Qh5", "Ra7", "Bc4", "Nf3", "Ng1-f3", "b8=N+", "Checkmate", "knight", "Black", "Second player" },
};

static const char *const start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
static const char *const open_fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
static const char *const rook_fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
static const char *const pawn_fen = "8/1P6/2k5/8/8/8/8/4K3 w - - 0 1";

/* Why the catalogues cannot be checked here, or NULL when they can. */
static char *skip_reason;

static const char *
locale_dir (void)
{
  const char *dir = g_getenv ("CP_LOCALE_DIR");

  return dir != NULL ? dir : LOCALEDIR;
}

/* Reads messages in @language (none for ""), through the catalogues of
 * the build tree. */
static gboolean
use_language (const char *language)
{
  if (*language != '\0')
    g_setenv ("LANGUAGE", language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    return FALSE;
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  return TRUE;
}

/* Decides, in the parent process, whether gettext follows LANGUAGE in
 * the C.UTF-8 locale with the German catalogue of the build tree. */
static void
probe (void)
{
  g_autofree char *catalogue = g_build_filename (locale_dir (), "de", "LC_MESSAGES",
                                                 GETTEXT_PACKAGE ".mo", NULL);

  if (!g_file_test (catalogue, G_FILE_TEST_IS_REGULAR))
    {
      skip_reason = g_strdup_printf ("the catalogue %s is not built", catalogue);
      return;
    }
  if (!use_language ("de"))
    skip_reason = g_strdup ("the C.UTF-8 locale is not available");
  else if (g_strcmp0 (C_("piece letters", "KQRBN"), "KQRBN") == 0)
    skip_reason = g_strdup ("gettext does not follow LANGUAGE in the C.UTF-8 locale on this system");
}

static CpGame *
game_from (const char *fen)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GError) error = NULL;
  CpGame *game;

  g_hash_table_insert (options, (gpointer) "fen", (gpointer) fen);
  game = cp_game_new ("chess", options, 2, 1, &error);
  g_assert_no_error (error);
  return game;
}

/* @move played in @fen and written back in @notation, through the game's
 * log as the move list does. */
static char *
written (const char *fen, const char *move, CpNotation notation)
{
  g_autoptr (CpGame) game = game_from (fen);
  g_autoptr (GError) error = NULL;

  cp_game_play_text (game, move, &error);
  g_assert_no_error (error);
  return cp_game_format_action (game, cp_game_get_n_actions (game) - 1, notation);
}

/* @move in @fen written in @notation straight from the position. */
static char *
written_from_state (const char *fen, const char *move, CpNotation notation)
{
  g_autoptr (CpGame) game = game_from (fen);
  g_autoptr (GError) error = NULL;
  CpAction action;

  cp_state_parse (cp_game_get_state (game), move, &action, &error);
  g_assert_no_error (error);
  return cp_state_format (cp_game_get_state (game), &action, notation);
}

#define assert_written(fen, move, notation, expected_text) \
  G_STMT_START { \
    g_autofree char *text_ = written (fen, move, notation); \
    g_assert_cmpstr (text_, ==, expected_text); \
  } G_STMT_END

static void
check_language (const Expected *e)
{
  /* Without C.UTF-8 only the untranslated case runs, in the C locale. */
  if (!use_language (e->language))
    g_assert_cmpstr (e->language, ==, "");

  /* The letters of the language in the local notations. */
  assert_written (open_fen, "Ke2", CP_NOTATION_SAN_LOCAL, e->king);
  assert_written (open_fen, "Qh5", CP_NOTATION_SAN_LOCAL, e->queen);
  assert_written (rook_fen, "Ra7", CP_NOTATION_SAN_LOCAL, e->rook);
  assert_written (open_fen, "Bc4", CP_NOTATION_SAN_LOCAL, e->bishop);
  assert_written (start_fen, "Nf3", CP_NOTATION_SAN_LOCAL, e->knight);
  assert_written (start_fen, "Nf3", CP_NOTATION_LAN_LOCAL, e->knight_lan);
  assert_written (pawn_fen, "b8=N", CP_NOTATION_SAN_LOCAL, e->promotion);
  {
    g_autofree char *text = written_from_state (start_fen, "g1f3", CP_NOTATION_SAN_LOCAL);

    g_assert_cmpstr (text, ==, e->knight);
  }

  /* The other notations stay as they are in every language. */
  assert_written (start_fen, "Nf3", CP_NOTATION_SAN, "Nf3");
  assert_written (open_fen, "Qh5", CP_NOTATION_SAN, "Qh5");
  assert_written (open_fen, "Bc4", CP_NOTATION_SAN, "Bc4");
  assert_written (pawn_fen, "b8=N", CP_NOTATION_SAN, "b8=N+");
  assert_written (start_fen, "Nf3", CP_NOTATION_LAN, "Ng1-f3");
  assert_written (start_fen, "Nf3", CP_NOTATION_FIGURINE, "♘f3");
  assert_written (start_fen, "Nf3", CP_NOTATION_COMPUTER, "g1f3");

  /* Messages of the engine that the window shows. */
  g_assert_cmpstr (cp_end_reason_describe (CP_END_CHECKMATE), ==, e->checkmate);
  g_assert_cmpstr (cp_piece_kind_name (CP_PIECE_KNIGHT), ==, e->knight_name);

  /* The names of armies, in the language and in English, whatever their
   * case, are no person's. */
  g_assert_true (cp_rules_is_seat_name (e->black));
  g_assert_true (cp_rules_is_seat_name (e->second));
  g_assert_true (cp_rules_is_seat_name ("black"));
  g_assert_true (cp_rules_is_seat_name (" Second Player "));
  g_assert_true (cp_rules_is_seat_name ("White, king side"));
  g_assert_false (cp_rules_is_seat_name ("Anna"));
  g_assert_false (cp_rules_is_seat_name ("Blackburne"));
  g_assert_false (cp_rules_is_seat_name (""));
}

static void
test_language (gconstpointer data)
{
  const Expected *e = data;

  if (g_test_subprocess ())
    {
      check_language (e);
      return;
    }
  if (skip_reason != NULL && *e->language != '\0')
    {
      g_test_skip (skip_reason);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* ---- Records across languages ---- */

/* Names with the letters of the languages, which records keep as typed. */
static const char *const player_names[] = { "Łucja Żółć", "森 花子", "Ана Đurić", "سارة" };

/* @game_id played for 40 actions from seed 3, always alike: the same
 * random choices of the same legal actions, whatever the language. */
static CpGame *
played (const char *game_id)
{
  const CpRules *rules = cp_rules_lookup (game_id);
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autoptr (GError) error = NULL;
  CpGame *game = cp_game_new (game_id, NULL, rules->min_seats, 3, &error);

  g_assert_no_error (error);
  for (guint seat = 0; seat < cp_game_get_n_seats (game); seat++)
    cp_player_set_name (cp_game_get_player (game, seat), player_names[seat % G_N_ELEMENTS (player_names)]);
  for (guint i = 0; i < 40 && !cp_state_is_over (cp_game_get_state (game)); i++)
    {
      const CpState *state;
      g_auto (CpActionList) legal = { 0 };

      cp_game_resolve_chance (game);
      state = cp_game_get_state (game);
      if (cp_state_is_over (state))
        break;
      cp_state_legal (state, cp_state_first_pending (state), &legal);
      if (legal.len == 0)
        break;
      g_assert_true (cp_game_play (game, &legal.items[g_rand_int_range (rand, 0, (gint32) legal.len)], &error));
      g_assert_no_error (error);
    }
  return game;
}

/* Saves every game of the catalogue, played alike, in the language of
 * the process, into CP_L10N_DIR as LANGUAGE-GAME.xml. */
static void
save_records (const char *dir, const char *language)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  for (guint r = 0; r < n; r++)
    {
      g_autoptr (CpGame) game = played (rules[r]->id);
      g_autofree char *name = g_strdup_printf ("%s-%s.xml", *language ? language : "C", rules[r]->id);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;

      g_assert_true (cp_record_save (game, file, &error));
      g_assert_no_error (error);
    }
}

/* Opens the records every language saved, in the language of the
 * process: each holds the same actions and players as the game played
 * here, and its moves read as here. */
static void
load_records (const char *dir)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);
  /* Under the sanitizers, a sample of the games. */
  guint every = g_getenv ("CP_TEST_SANITIZED") != NULL ? 6 : 1;

  for (guint r = 0; r < n; r += every)
    {
      g_autoptr (CpGame) here = played (rules[r]->id);

      for (guint l = 0; l < G_N_ELEMENTS (expected); l++)
        {
          const char *language = *expected[l].language ? expected[l].language : "C";
          g_autofree char *name = g_strdup_printf ("%s-%s.xml", language, rules[r]->id);
          g_autofree char *path = g_build_filename (dir, name, NULL);
          g_autoptr (GFile) file = g_file_new_for_path (path);
          g_autoptr (GError) error = NULL;
          g_autoptr (CpGame) there = cp_record_load (file, &error);

          g_assert_no_error (error);
          g_assert_cmpuint (cp_game_get_n_actions (there), ==, cp_game_get_n_actions (here));
          for (guint seat = 0; seat < cp_game_get_n_seats (here); seat++)
            g_assert_cmpstr (cp_player_get_name (cp_game_get_player (there, seat)), ==,
                             cp_player_get_name (cp_game_get_player (here, seat)));
          for (guint i = 0; i < cp_game_get_n_actions (here); i++)
            {
              g_autofree char *ours = cp_game_format_action (here, i, CP_NOTATION_SAN_LOCAL);
              g_autofree char *theirs = cp_game_format_action (there, i, CP_NOTATION_SAN_LOCAL);

              g_assert_true (cp_action_same (cp_game_get_action (here, i), cp_game_get_action (there, i)));
              g_assert_cmpstr (theirs, ==, ours);
            }
        }
    }
}

/* A record saved in any language opens in every other with the same
 * moves, written in the language that opens it. */
static void
test_records (void)
{
  g_autofree char *dir = NULL;

  if (g_test_subprocess ())
    {
      const char *language = g_getenv ("CP_L10N_LANGUAGE");

      g_assert_true (use_language (language) || *language == '\0');
      if (g_str_equal (g_getenv ("CP_L10N_PHASE"), "save"))
        save_records (g_getenv ("CP_L10N_DIR"), language);
      else
        load_records (g_getenv ("CP_L10N_DIR"));
      return;
    }
  if (skip_reason != NULL)
    {
      g_test_skip (skip_reason);
      return;
    }
  dir = g_dir_make_tmp ("cp-l10n-XXXXXX", NULL);
  g_setenv ("CP_L10N_DIR", dir, TRUE);
  for (guint phase = 0; phase < 2; phase++)
    for (guint l = 0; l < G_N_ELEMENTS (expected); l++)
      {
        g_setenv ("CP_L10N_PHASE", phase == 0 ? "save" : "load", TRUE);
        g_setenv ("CP_L10N_LANGUAGE", expected[l].language, TRUE);
        g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
        g_test_trap_assert_passed ();
      }
  cp_test_remove_tree (dir);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!g_test_subprocess ())
    probe ();

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *path = g_strdup_printf ("/l10n/%s",
                                               *expected[i].language ? expected[i].language : "untranslated");

      g_test_add_data_func (path, &expected[i], test_language);
    }

  g_test_add_func ("/l10n/records", test_records);

  status = g_test_run ();
  g_free (skip_reason);
  return status;
}
