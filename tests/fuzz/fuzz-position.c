/* fuzz-position.c: positions and options as the command line takes them
 *
 * The input is text in lines, as `chess-parlour --perft` or the UCI
 * engine would receive it:
 *
 *   chess                 the game, by id (--variant)
 *   2                     the number of players (--players)
 *   fen=8/8/8/8/8/8/8/8   options, one a line (--option KEY=VALUE, --fen)
 *   moves e4 e5 Nf3       moves to play after the set-up, if any
 *
 * A set-up that is accepted is played on: the random results of the
 * set-up are drawn, the moves are played, and every legal action of the
 * seat to act is written in each notation and read back.  A chess
 * position is also written in FEN and read back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-chess-state.h"
#include "cp-engine.h"
#include "fuzz-common.h"

/* Bounds that keep one input fast; the engine has its own. */
#define MAX_MOVES 64
#define MAX_LEGAL 256

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init ();
  return 0;
}

/* Every legal action of the seat to act, in every notation, must be read
 * back as itself. */
static void
check_notations (const CpState *state)
{
  static const CpNotation notations[] = { CP_NOTATION_SAN, CP_NOTATION_LAN, CP_NOTATION_COMPUTER };
  g_auto (CpActionList) legal = { 0 };
  CpSeatMask pending = cp_state_pending (state);

  if (pending == 0 || (pending & CP_SEAT_BIT (CP_SEAT_CHANCE)))
    return;
  cp_state_legal (state, cp_state_first_pending (state), &legal);
  for (guint i = 0; i < MIN (legal.len, MAX_LEGAL); i++)
    for (guint k = 0; k < G_N_ELEMENTS (notations); k++)
      {
        g_autofree char *text = cp_state_format (state, &legal.items[i], notations[k]);
        CpAction back;

        if (text == NULL)
          abort ();
        /* Secret and simultaneous actions need not be readable. */
        if (cp_state_parse (state, text, &back, NULL) && back.type == legal.items[i].type
            && back.n_cells == legal.items[i].n_cells
            && memcmp (back.cells, legal.items[i].cells, back.n_cells) != 0)
          abort ();
      }
}

/* A chess position written in FEN reads back as the same FEN. */
static void
check_fen (CpGame *game)
{
  const char *id = cp_game_get_rules (game)->id;
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) again = NULL;
  g_autoptr (GHashTable) options = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *fen_again = NULL;

  if (!g_str_equal (id, "chess") && !g_str_equal (id, "chess960"))
    return;
  if (cp_state_pending (cp_game_get_state (game)) & CP_SEAT_BIT (CP_SEAT_CHANCE))
    return;
  fen = cp_fen_write (CP_CHESS_STATE (cp_game_get_state (game)), CP_FEN_SHREDDER);
  options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, (gpointer) "fen", fen);
  again = cp_game_new (id, options, 2, 0, &error);
  if (again == NULL)
    {
      /* A finished game may stand where no game can start (both kings
       * in check after a capture-decided end, say); only refusals with a
       * reason are allowed. */
      fuzz_check_refusal (error);
      return;
    }
  fen_again = cp_fen_write (CP_CHESS_STATE (cp_game_get_state (again)), CP_FEN_SHREDDER);
  if (!g_str_equal (fen, fen_again))
    abort ();
}

static void
play (CpGame *game, const char *moves)
{
  g_auto (GStrv) words = g_strsplit (moves, " ", MAX_MOVES + 1);

  cp_game_resolve_chance (game);
  for (guint i = 0; words[i] != NULL && i < MAX_MOVES; i++)
    {
      g_autoptr (GError) error = NULL;

      if (words[i][0] == '\0')
        continue;
      if (!cp_game_play_text (game, words[i], &error))
        {
          fuzz_check_refusal (error);
          break;
        }
      cp_game_resolve_chance (game);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  /* The command line cannot pass NUL bytes: they end the text. */
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr (GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (CpGame) game = NULL;
  const char *moves = NULL;
  guint64 n_seats = 2;

  if (lines[0] == NULL)
    return 0;
  if (lines[1] != NULL && !g_ascii_string_to_unsigned (lines[1], 10, 0, G_MAXUINT, &n_seats, NULL))
    return 0;
  for (guint i = 2; lines[1] != NULL && lines[i] != NULL; i++)
    {
      const char *eq = strchr (lines[i], '=');

      if (g_str_has_prefix (lines[i], "moves"))
        moves = lines[i] + strlen ("moves");
      else if (eq != NULL && eq != lines[i])
        g_hash_table_insert (options, g_strndup (lines[i], (gsize) (eq - lines[i])), g_strdup (eq + 1));
    }

  game = cp_game_new (lines[0], options, (guint) n_seats, 0, &error);
  if (game == NULL)
    {
      fuzz_check_refusal (error);
      return 0;
    }
  play (game, moves != NULL ? moves : "");
  check_notations (cp_game_get_state (game));
  check_fen (game);
  return 0;
}
