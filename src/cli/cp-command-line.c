/* cp-command-line.c: the program's command-line actions
 *
 * Each action runs in the calling process and ends it with its exit status:
 * listing the games, counting moves (perft), checking records, matches
 * between computer players, the UCI engine (cp-uci.c), rule sheets,
 * card decks and the score sheets of games written as PDF, and the diagrams of the help pages as SVG.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "cp-command-line.h"
#include "cp-computer-player.h"
#include "cp-deck-sheet.h"
#include "cp-diagram.h"
#include "cp-engine.h"
#include "cp-golf-position.h"
#include "cp-pgn.h"
#include "cp-record.h"
#include "cp-rule-sheet.h"
#include "cp-score-sheet.h"
#include "cp-uci.h"

/* Files larger than this are not read for checking. */
#define MAX_VALIDATE_SIZE (64 * 1024 * 1024)
/* A game of a match that has not ended after this many actions a seat is
 * drawn: some games, such as Chivalry, need not end.  Counted by seat,
 * so that a game of four gives each player as many moves as one of two. */
#define MATCH_ACTIONS_A_SEAT 250

static const GOptionEntry entries[] = {
  { "list-games", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("List the games, one a line, id first"), NULL },
  /* Numbers that may be 0 are taken as text: GApplication passes on an
   * integer of 0 as no option at all. */
  { "perft", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Count the move sequences of DEPTH plies from the start or from --fen"), N_("DEPTH") },
  { "divide", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("With --perft, also count each first move separately"), NULL },
  { "variant", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("The game to count, by id (default: chess)"), N_("ID") },
  { "fen", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("The position to start from: FEN, or the game’s own position text"), N_("TEXT") },
  { "position", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Write the position text of a record or PGN file, or with “-” of the game that --variant, --fen and --option set up"),
    N_("FILE") },
  { "ply", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("With --position, the position after this many actions of the record"), N_("NUMBER") },
  { "play", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("With --position, the moves to play first, separated by spaces"), N_("MOVES") },
  { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, NULL,
    N_("Set an option of the game (repeatable)"), N_("KEY=VALUE") },
  { "players", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("The number of players (default: the fewest the game allows)"), N_("NUMBER") },
  { "seed", 0, 0, G_OPTION_ARG_INT64, NULL,
    N_("Seed for the random results of a game’s set-up"), N_("NUMBER") },
  { "validate", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Check a game record or PGN file and say what is wrong with it"), N_("FILE") },
  { "match", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Play computer players against each other, one a seat: random, greedy, easy, medium or hard"),
    N_("P1,P2[,P3,P4]") },
  { "games", 0, 0, G_OPTION_ARG_INT, NULL,
    N_("With --match, the number of games (default: 1)"), N_("NUMBER") },
  { "movetime", 0, 0, G_OPTION_ARG_INT, NULL,
    N_("With --match, the most time a medium or hard player takes for a move"), N_("MILLISECONDS") },
  { "uci", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("Play chess or Chess960 as a UCI engine on standard input and output"), NULL },
  { "print-rules", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Write the rules of a game, or of all games with “all”, as PDF to --output"), N_("ID") },
  { "print-deck", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Write a deck of cards or a game sheet as PDF to --output"), N_("DECK") },
  { "print-game", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Write the score sheet of a record or PGN file as PDF to --output"), N_("FILE") },
  { "list-decks", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("List the decks and sheets that can be printed, one a line, id first"), NULL },
  { "render-diagram", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Draw a diagram of the help pages as SVG to --output"), N_("FILE") },
  { "output", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("With --print-rules, --print-deck, --print-game or --render-diagram, the file to write"), N_("FILE") },
  { "paper", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("With --print-rules, --print-deck or --print-game, a4 or letter (default: the custom of your locale)"), N_("SIZE") },
  { "golf-solve", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Solve a Chess Golf puzzle: the fewest moves and one solution"), N_("PLACEMENT") },
  { "cards", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("With --golf-solve, the piece letters of the cards, upper case for white"), N_("LETTERS") },
  { "chosen", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("With --golf-solve, the cells of the chosen pieces (default: every piece of a card’s type)"),
    N_("SQUARES") },
  { "max-moves", 0, 0, G_OPTION_ARG_INT, NULL,
    N_("With --golf-solve, the most moves to look for (default: 10)"), N_("NUMBER") },
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("Show the program’s version"), NULL },
  { NULL }
};

static int
fail (const char *format, ...) G_GNUC_PRINTF (1, 2);

static int
fail (const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("chess-parlour: %s\n", message);
  return 1;
}

static int
list_games (void)
{
  guint n;
  const CpRules *const *rules = cp_rules_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *seats = rules[i]->min_seats == rules[i]->max_seats
        ? g_strdup_printf ("%u", rules[i]->min_seats)
        : g_strdup_printf ("%u–%u", rules[i]->min_seats, rules[i]->max_seats);

      /* Translators: a line of the list of games: id, name, number of players, summary */
      g_print (_("%s\t%s\t%s players\t%s\n"), rules[i]->id, _(rules[i]->name), seats,
               _(rules[i]->summary));
    }
  return 0;
}

/* The number given to the option @name in @dict, if any; FALSE when it is
 * not a number from @min to @max. */
static gboolean
lookup_number (GVariantDict *dict, const char *name, int min, int max, int *value)
{
  const char *text;
  gint64 number;

  if (!g_variant_dict_lookup (dict, name, "&s", &text))
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, min, max, &number, NULL))
    return FALSE;
  *value = (int) number;
  return TRUE;
}

static GHashTable *
parse_options (GVariantDict *dict, GError **error)
{
  g_autoptr (GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree const char **pairs = NULL;
  const char *fen = NULL;

  if (g_variant_dict_lookup (dict, "option", "^a&s", &pairs))
    for (guint i = 0; pairs[i]; i++)
      {
        const char *eq = strchr (pairs[i], '=');

        if (eq == NULL || eq == pairs[i])
          {
            g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION,
                         _("“%s” is not of the form KEY=VALUE"), pairs[i]);
            return NULL;
          }
        g_hash_table_insert (options, g_strndup (pairs[i], (gsize) (eq - pairs[i])), g_strdup (eq + 1));
      }
  if (g_variant_dict_lookup (dict, "fen", "&s", &fen))
    g_hash_table_insert (options, g_strdup ("fen"), g_strdup (fen));
  return g_steal_pointer (&options);
}

static int
perft (GVariantDict *dict)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) options = NULL;
  g_autoptr (CpGame) game = NULL;
  g_autoptr (CpState) state = NULL;
  const char *variant = "chess";
  gint64 seed = 0;
  int depth = -1, players;
  g_auto (CpActionList) moves = { 0 };
  guint64 total = 0;
  CpSeatMask pending;

  if (!lookup_number (dict, "perft", 0, 20, &depth))
    return fail (_("The depth of --perft must be from 0 to 20"));
  g_variant_dict_lookup (dict, "variant", "&s", &variant);
  g_variant_dict_lookup (dict, "seed", "x", &seed);
  if ((options = parse_options (dict, &error)) == NULL)
    return fail ("%s", error->message);
  players = cp_rules_lookup (variant) ? cp_rules_lookup (variant)->min_seats : 2;
  if (!lookup_number (dict, "players", 1, CP_MAX_SEATS, &players))
    return fail (_("The number of players must be from 1 to %d"), CP_MAX_SEATS);
  if ((game = cp_game_new (variant, options, (guint) players, (guint64) seed, &error)) == NULL)
    return fail ("%s", error->message);
  /* A game with secrets is counted from the set-up the seed gives, as if
   * every secret were known. */
  cp_game_choose_secrets (game);

  state = cp_state_copy (cp_game_get_state (game));
  pending = cp_state_pending (state);
  if (depth == 0)
    {
      g_print ("1\n");
      return 0;
    }
  if (pending == 0 || (pending & CP_SEAT_BIT (CP_SEAT_CHANCE)))
    return fail (_("Moves can be counted only where one player is to move"));

  if (!g_variant_dict_contains (dict, "divide"))
    {
      g_print ("%" G_GUINT64_FORMAT "\n", cp_state_perft (state, (guint) depth));
      return 0;
    }

  cp_state_legal (state, cp_bits_lowest (pending), &moves);
  for (guint i = 0; i < moves.len; i++)
    {
      g_autoptr (CpState) child = cp_state_copy (state);
      g_autofree char *name = cp_state_format (state, &moves.items[i], CP_NOTATION_COMPUTER);
      guint64 n;

      state->rules->make (child, &moves.items[i], NULL);
      n = cp_state_perft (child, (guint) depth - 1);
      total += n;
      g_print ("%s: %" G_GUINT64_FORMAT "\n", name, n);
    }
  g_print ("\n%" G_GUINT64_FORMAT "\n", total);
  return 0;
}

static char *
describe_game (CpGame *game)
{
  const CpOutcome *outcome = cp_game_get_outcome (game);
  g_autoptr (GString) winners = g_string_new (NULL);
  guint n = cp_game_get_n_actions (game);
  g_autofree char *actions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u action", "%u actions", n), n);

  if (outcome->status == CP_STATUS_PLAYING)
    /* Translators: a checked game: its name, then how many actions its record holds */
    return g_strdup_printf (_("%s, %s, in progress"), _(cp_game_get_rules (game)->name), actions);
  if (outcome->status == CP_STATUS_DRAWN)
    return g_strdup_printf (_("%s, %s, drawn: %s"), _(cp_game_get_rules (game)->name), actions,
                            cp_end_reason_describe (outcome->reason));
  if (outcome->status == CP_STATUS_LOST)
    /* Translators: a checked game that all its players lost together: its
     * name, its number of actions, how it ended */
    return g_strdup_printf (_("%s, %s, lost by all: %s"), _(cp_game_get_rules (game)->name), actions,
                            cp_end_reason_describe (outcome->reason));
  for (guint seat = 0; seat < cp_game_get_n_seats (game); seat++)
    if (outcome->winners & CP_SEAT_BIT (seat))
      g_string_append_printf (winners, "%s%s", winners->len ? ", " : "",
                              cp_player_get_name (cp_game_get_player (game, seat)));
  /* Translators: a checked game: its name, its number of actions, the winners, how the game ended */
  return g_strdup_printf (_("%s, %s, won by %s: %s"), _(cp_game_get_rules (game)->name), actions,
                          winners->str, cp_end_reason_describe (outcome->reason));
}

/* Reads the file a command names, if it is not too large to be a record. */
static gboolean
load_file (GFile *file, char **data, gsize *length, GError **error)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                  G_FILE_QUERY_INFO_NONE, NULL, error);

  if (info == NULL)
    return FALSE;
  if (g_file_info_get_size (info) > MAX_VALIDATE_SIZE)
    {
      g_set_error_literal (error, CP_ERROR, CP_ERROR_BAD_RECORD, _("the file is too large to be a game record"));
      return FALSE;
    }
  return g_file_load_contents (file, NULL, data, length, NULL, error);
}

static int
validate (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *name = g_file_get_parse_name (file);
  gsize length;

  if (!load_file (file, &data, &length, &error))
    return fail ("%s: %s", name, error->message);

  if (cp_pgn_is_pgn (data, length))
    {
      g_autoptr (GPtrArray) games = cp_pgn_read (data, (gssize) length, &error);

      if (games == NULL)
        return fail ("%s: %s", name, error->message);
      for (guint i = 0; i < games->len; i++)
        {
          g_autofree char *summary = describe_game (g_ptr_array_index (games, i));

          /* Translators: a game of a checked PGN file: file name, game number, summary */
          g_print (_("%s, game %u: %s\n"), name, i + 1, summary);
        }
      return 0;
    }
  else
    {
      g_autoptr (CpGame) game = cp_record_load_data (data, length, &error);
      g_autofree char *summary = NULL;

      if (game == NULL)
        return fail ("%s: %s", name, error->message);
      summary = describe_game (game);
      g_print ("%s: %s\n", name, summary);
      if (cp_game_get_rules (game)->statistics != NULL)
        {
          g_autofree char *statistics = cp_game_get_rules (game)->statistics (cp_game_get_state (game));

          g_print ("%s: %s\n", name, statistics);
        }
      return 0;
    }
}

/* The game of a record or PGN file (its first game), or of --variant,
 * --fen, --option, --players and --seed when @source is "-". */
static CpGame *
position_source (GVariantDict *dict, const char *source, GError **error)
{
  g_autoptr (GFile) file = NULL;
  g_autofree char *data = NULL;
  gsize length;

  if (g_str_equal (source, "-"))
    {
      g_autoptr (GHashTable) options = parse_options (dict, error);
      const char *variant = "chess";
      gint64 seed = 0;
      int players;
      CpGame *game;

      if (options == NULL)
        return NULL;
      g_variant_dict_lookup (dict, "variant", "&s", &variant);
      g_variant_dict_lookup (dict, "seed", "x", &seed);
      players = cp_rules_lookup (variant) ? cp_rules_lookup (variant)->min_seats : 2;
      if (!lookup_number (dict, "players", 1, CP_MAX_SEATS, &players))
        {
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION,
                       _("The number of players must be from 1 to %d"), CP_MAX_SEATS);
          return NULL;
        }
      game = cp_game_new (variant, options, (guint) players, (guint64) seed, error);
      if (game != NULL)
        cp_game_resolve_chance (game);
      return game;
    }

  file = g_file_new_for_commandline_arg (source);
  if (!load_file (file, &data, &length, error))
    return NULL;
  if (cp_pgn_is_pgn (data, length))
    {
      g_autoptr (GPtrArray) games = cp_pgn_read (data, (gssize) length, error);

      return games == NULL ? NULL : g_object_ref (g_ptr_array_index (games, 0));
    }
  return cp_record_load_data (data, length, error);
}

/* Writes the position text of a game: at the end of a record, or at
 * --ply, then after the moves of --play. */
static int
write_position (GVariantDict *dict, const char *source)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = position_source (dict, source, &error);
  g_auto (GStrv) moves = NULL;
  const char *play = NULL;
  int ply = -1;
  g_autofree char *text = NULL;

  if (game == NULL)
    return fail ("%s", error->message);
  if (!lookup_number (dict, "ply", 0, G_MAXINT, &ply))
    return fail (_("The ply of --ply must be a number from 0"));
  if (ply > (int) cp_game_get_n_actions (game))
    return fail (g_dngettext (GETTEXT_PACKAGE, "The game has only %u action", "The game has only %u actions",
                              cp_game_get_n_actions (game)),
                 cp_game_get_n_actions (game));
  if (ply >= 0)
    cp_game_truncate (game, (guint) ply);
  if (g_variant_dict_lookup (dict, "play", "&s", &play))
    moves = g_strsplit_set (play, " \t\n", -1);
  for (guint i = 0; moves != NULL && moves[i]; i++)
    if (moves[i][0] != '\0' && !cp_game_play_text (game, moves[i], &error))
      return fail ("%s", error->message);
  text = cp_state_write_position (cp_game_get_state (game), &error);
  if (text == NULL)
    return fail ("%s", error->message);
  g_print ("%s\n", text);
  return 0;
}

/* A match. */

typedef struct {
  guint n_players;
  CpComputerPlayer *players[CP_MAX_SEATS];
  double points[CP_MAX_SEATS];
  gint64 longest;      /* microseconds */
  gint64 thought[CP_MAX_SEATS];       /* each player's time, in microseconds */
  gint64 longest_of[CP_MAX_SEATS];
  guint moves[CP_MAX_SEATS];
  guint scored;        /* the games with a score, such as Cooperative Chess's, or lost by all */
  guint score;         /* their scores together */
} Match;

static void
match_clear (Match *m)
{
  for (guint i = 0; i < m->n_players; i++)
    g_clear_object (&m->players[i]);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Match, match_clear)

/* Plays one action for the seat to act, the first if several are. */
static gboolean
match_step (Match *m, CpGame *game, const guint *player_of, GArray *keys, GError **error)
{
  CpSeatMask pending = cp_game_get_pending (game);
  guint seat = cp_bits_lowest (pending);
  g_autoptr (CpView) view = cp_game_view (game, seat);
  const CpState *state = cp_view_get_state (view);
  CpAction action;
  gint64 start = g_get_monotonic_time ();

  if (!cp_computer_player_choose (m->players[player_of[seat]], state, seat,
                                  (const guint64 *) keys->data, keys->len, NULL, &action, error))
    return FALSE;
  m->longest = MAX (m->longest, g_get_monotonic_time () - start);
  m->thought[player_of[seat]] += g_get_monotonic_time () - start;
  m->longest_of[player_of[seat]] = MAX (m->longest_of[player_of[seat]], g_get_monotonic_time () - start);
  m->moves[player_of[seat]]++;
  if (cp_search_supports (state))
    {
      guint64 key = cp_state_hash (state);

      g_array_append_val (keys, key);
    }
  return cp_game_play (game, &action, error);
}

static char *
match_result (Match *m, CpGame *game, const guint *player_of)
{
  const CpOutcome *outcome = cp_game_get_outcome (game);
  guint n = cp_game_get_n_seats (game);
  g_autoptr (GString) winners = g_string_new (NULL);
  guint n_winners = cp_bits_count (outcome->winners & ((1u << n) - 1));

  if (outcome->status == CP_STATUS_PLAYING)
    {
      for (guint s = 0; s < n; s++)
        m->points[player_of[s]] += 1.0 / n;
      /* Translators: the end of a match's game that went on too long */
      return g_strdup_printf (_("drawn: stopped after %u actions"), MATCH_ACTIONS_A_SEAT * n);
    }
  if (outcome->scored || outcome->status == CP_STATUS_LOST)
    {
      m->scored++;
      m->score += outcome->scored ? outcome->score : 0;
    }
  if (outcome->status == CP_STATUS_LOST)
    /* Translators: a match's game that every player lost together, and why */
    return g_strdup_printf (_("lost by all: %s"), cp_end_reason_describe (outcome->reason));
  if (outcome->status == CP_STATUS_DRAWN || n_winners == 0)
    {
      for (guint s = 0; s < n; s++)
        m->points[player_of[s]] += 1.0 / n;
      /* Translators: a match's game that ended in a draw, and why */
      return g_strdup_printf (_("drawn: %s"), cp_end_reason_describe (outcome->reason));
    }
  for (guint s = 0; s < n; s++)
    if (outcome->winners & CP_SEAT_BIT (s))
      {
        m->points[player_of[s]] += 1.0 / n_winners;
        g_string_append_printf (winners, "%sp%u", winners->len ? ", " : "", player_of[s] + 1);
      }
  if (outcome->scored)
    /* Translators: a match's game won with a score: the winners (such as
     * "p1, p2"), why, and the score */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "won by %s: %s, %u point", "won by %s: %s, %u points",
                                         outcome->score),
                            winners->str, cp_end_reason_describe (outcome->reason), outcome->score);
  /* Translators: a match's game won: the winners (such as "p1"), and why */
  return g_strdup_printf (_("won by %s: %s"), winners->str, cp_end_reason_describe (outcome->reason));
}

/* Plays game @index of a match.  The games go in rounds of one game a
 * seat, each round on one deal (one seed for the game's random results:
 * the order of play, a Chess960 position, the cards), with the players
 * one seat further round in each game of it: every player then meets the
 * same luck of the draw in every seat, and a match of whole rounds is
 * fair however much the seat or the draw decides. */
static gboolean
match_game (Match *m, const char *variant, GHashTable *options, guint index, gint64 seed,
            GError **error)
{
  gint64 deal = seed + index / m->n_players;
  g_autoptr (CpGame) game = cp_game_new (variant, options, m->n_players, (guint64) deal, error);
  g_autoptr (GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GString) seats = g_string_new (NULL);
  g_autofree char *result = NULL;
  g_autofree char *seed_text = g_strdup_printf ("%" G_GINT64_FORMAT, deal);
  guint player_of[CP_MAX_SEATS];

  if (game == NULL)
    return FALSE;
  for (guint s = 0; s < m->n_players; s++)
    {
      player_of[s] = (s + index) % m->n_players;
      g_string_append_printf (seats, "%s%s=p%u", s ? " " : "",
                              cp_rules_seat_name (cp_game_get_rules (game), s), player_of[s] + 1);
    }
  while (cp_game_get_n_actions (game) < MATCH_ACTIONS_A_SEAT * m->n_players)
    {
      cp_game_resolve_chance (game);
      if (cp_game_get_pending (game) == 0)
        break;
      if (!match_step (m, game, player_of, keys, error))
        return FALSE;
    }
  result = match_result (m, game, player_of);
  /* Translators: one game of a match: its number, the seed of its random
   * results (as for --seed), who played which seat, the result, the
   * number of actions */
  g_print (_("game %u (seed %s): %s: %s, %u actions\n"), index + 1, seed_text, seats->str, result,
           cp_game_get_n_actions (game));
  return TRUE;
}

static int
match (GVariantDict *dict, const char *spec)
{
  g_auto (Match) m = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) options = NULL;
  g_auto (GStrv) names = g_strsplit (spec, ",", -1);
  g_autoptr (GString) score = g_string_new ("score:");
  const char *variant = "chess";
  int games = 1, movetime = 0;
  gint64 seed = 0;

  g_variant_dict_lookup (dict, "variant", "&s", &variant);
  g_variant_dict_lookup (dict, "games", "i", &games);
  g_variant_dict_lookup (dict, "movetime", "i", &movetime);
  g_variant_dict_lookup (dict, "seed", "x", &seed);
  if (g_strv_length (names) < 1 || g_strv_length (names) > CP_MAX_SEATS)
    return fail (_("--match takes one to %d players, separated by commas"), CP_MAX_SEATS);
  if (games < 1)
    return fail (_("The number of games must be at least 1"));
  if (movetime < 0)
    return fail (_("The time a move may take cannot be negative"));
  if ((options = parse_options (dict, &error)) == NULL)
    return fail ("%s", error->message);

  for (guint i = 0; names[i] != NULL; i++)
    {
      CpLevel level;

      if (!cp_level_from_id (g_strstrip (names[i]), &level))
        return fail (_("“%s” is not a player: use random, greedy, easy, medium or hard"), names[i]);
      m.players[i] = cp_computer_player_new (level, (guint32) (seed * 7919 + i + 1));
      /* The medium player keeps to its share of the hard player's time,
       * a third, as at the levels' own times. */
      cp_computer_player_set_move_time (m.players[i], (guint) (level == CP_LEVEL_MEDIUM ? (movetime + 2) / 3
                                                                                          : movetime));
      m.n_players++;
    }
  for (guint g = 0; g < (guint) games; g++)
    if (!match_game (&m, variant, options, g, seed, &error))
      return fail ("%s", error->message);

  /* The last two lines are for scripts: they are not translated. */
  g_print ("seconds a move:");
  for (guint i = 0; i < m.n_players; i++)
    g_print (" p%u=%.2f/%.2f", i + 1,
             (double) m.thought[i] / MAX (m.moves[i], 1) / G_USEC_PER_SEC,
             (double) m.longest_of[i] / G_USEC_PER_SEC);
  g_print (" (mean/longest)\n");
  for (guint i = 0; i < m.n_players; i++)
    g_string_append_printf (score, " p%u=%g", i + 1, m.points[i]);
  g_print ("%s games=%d longest-move=%.2f\n", score->str, games, (double) m.longest / G_USEC_PER_SEC);
  /* Games that the players play together against the game have a score
   * of their own: its mean, a lost game scoring none. */
  if (m.scored > 0)
    g_print ("mean-score=%.2f games-scored=%u\n", (double) m.score / m.scored, m.scored);
  return 0;
}

static int
list_decks (void)
{
  guint n;
  const CpDeckInfo *decks = cp_deck_sheet_list (&n);

  for (guint i = 0; i < n; i++)
    g_print ("%s\t%s\n", decks[i].id, _(decks[i].name));
  return 0;
}

/* Writes the rules of game @id, or of every game, or deck @deck, or the
 * score sheet of the record or PGN file @record, as a PDF file. */
static int
print_pdf (GVariantDict *dict, const char *id, const char *deck, const char *record)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpPrintable) printable = NULL;
  const char *output = NULL, *paper = NULL;
  double width, height;

  if (!g_variant_dict_lookup (dict, "output", "^&ay", &output))
    return fail (_("Say where to write the PDF file with --output FILE"));
  cp_paper_get_default (&width, &height);
  if (g_variant_dict_lookup (dict, "paper", "&s", &paper) && !cp_paper_from_name (paper, &width, &height))
    return fail (_("“%s” is not a paper size: use a4 or letter"), paper);
  if (record != NULL)
    {
      g_autoptr (CpGame) game = position_source (dict, record, &error);

      if (game == NULL)
        return fail ("%s", error->message);
      printable = CP_PRINTABLE (cp_score_sheet_new (game, CP_NOTATION_SAN_LOCAL));
    }
  else if (deck != NULL)
    {
      g_autoptr (GHashTable) options = parse_options (dict, &error);

      if (options != NULL)
        printable = CP_PRINTABLE (cp_deck_sheet_new (deck, options, &error));
      if (printable == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return fail (_("%s: --list-decks lists the decks"), error->message);
    }
  else if (g_str_equal (id, "all"))
    printable = CP_PRINTABLE (cp_rule_sheet_new_for_every_game (&error));
  else if (cp_rules_lookup (id) == NULL)
    return fail (_("There is no game “%s”: --list-games lists the games"), id);
  else
    printable = CP_PRINTABLE (cp_rule_sheet_new ((const char *const[]) { id, NULL }, &error));
  if (printable == NULL || !cp_printable_write_pdf (printable, output, width, height, &error))
    return fail ("%s", error->message);
  return 0;
}

/* Draws the diagram file @path as SVG. */
static int
render_diagram (GVariantDict *dict, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CpDiagram) diagram = NULL;
  const char *output = NULL;

  if (!g_variant_dict_lookup (dict, "output", "^&ay", &output))
    return fail (_("Say where to write the SVG file with --output FILE"));
  diagram = cp_diagram_new_from_file (path, &error);
  if (diagram == NULL || !cp_diagram_write_svg (diagram, output, &error))
    return fail ("%s", error->message);
  return 0;
}

/* Prints the optimum of a Chess Golf puzzle and one solution. */
static int
golf_solve (GVariantDict *dict, const char *placement)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) line = g_string_new (NULL);
  const char *cards = "", *chosen = NULL;
  int bound = 10;
  CpGolfPosition position;
  CpGolfSolution solution;

  g_variant_dict_lookup (dict, "cards", "&s", &cards);
  g_variant_dict_lookup (dict, "chosen", "&s", &chosen);
  g_variant_dict_lookup (dict, "max-moves", "i", &bound);
  if (bound < 1 || bound > CP_GOLF_MAX_DEPTH)
    return fail (_("The most moves of --max-moves must be from 1 to %d"), CP_GOLF_MAX_DEPTH);
  if (!cp_golf_position_parse (&position, placement, cards, chosen, &error))
    return fail ("%s", error->message);
  if (cp_golf_solve (&position, (guint) bound, 0, NULL, &solution) != CP_GOLF_FOUND)
    {
      g_print ("impossible\n");
      return 0;
    }
  for (guint i = 0; i < solution.n_moves; i++)
    g_string_append_printf (line, "%s%c%c%c%c", i > 0 ? " " : "",
                            'a' + solution.moves[i].from % 8, '1' + solution.moves[i].from / 8,
                            'a' + solution.moves[i].to % 8, '1' + solution.moves[i].to / 8);
  g_print ("optimal: %u\n%s\n", solution.n_moves, line->str);
  return 0;
}

static int
handle_local_options (GApplication *app, GVariantDict *dict, gpointer user_data)
{
  const char *path, *spec, *id;

  if (g_variant_dict_contains (dict, "version"))
    {
      g_print ("%s %s\n", g_get_application_name (), PACKAGE_VERSION);
      return 0;
    }
  if (g_variant_dict_contains (dict, "list-games"))
    return list_games ();
  if (g_variant_dict_contains (dict, "perft"))
    return perft (dict);
  if (g_variant_dict_lookup (dict, "validate", "^&ay", &path))
    return validate (path);
  if (g_variant_dict_lookup (dict, "position", "&s", &spec))
    return write_position (dict, spec);
  if (g_variant_dict_lookup (dict, "match", "&s", &spec))
    return match (dict, spec);
  if (g_variant_dict_contains (dict, "uci"))
    return cp_uci_run ();
  if (g_variant_dict_contains (dict, "list-decks"))
    return list_decks ();
  if (g_variant_dict_lookup (dict, "print-rules", "&s", &id))
    return print_pdf (dict, id, NULL, NULL);
  if (g_variant_dict_lookup (dict, "print-deck", "&s", &id))
    return print_pdf (dict, NULL, id, NULL);
  if (g_variant_dict_lookup (dict, "print-game", "^&ay", &path))
    return print_pdf (dict, NULL, NULL, path);
  if (g_variant_dict_lookup (dict, "render-diagram", "^&ay", &path))
    return render_diagram (dict, path);
  if (g_variant_dict_lookup (dict, "golf-solve", "&s", &spec))
    return golf_solve (dict, spec);
  return -1;
}

/**
 * cp_command_line_install:
 *
 * Adds the command-line actions to @app.  Each runs in the calling process
 * and ends it; without one, the application starts as usual.
 */
void
cp_command_line_install (GApplication *app)
{
  g_application_add_main_option_entries (app, entries);
  g_application_set_option_context_summary (app, _("Play, save and replay chess variants and old board games."));
  g_signal_connect (app, "handle-local-options", G_CALLBACK (handle_local_options), NULL);
}
