/* fuzz-pgn.c: the PGN importer on any bytes
 *
 * Games that are read are written as PGN again and must be read again,
 * as many and with as many actions each.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-engine.h"
#include "cp-pgn.h"
#include "fuzz-common.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) again = NULL;
  g_autofree char *text = NULL;

  cp_pgn_is_pgn ((const char *) data, size);
  games = cp_pgn_read ((const char *) data, (gssize) size, &error);
  if (games == NULL)
    {
      fuzz_check_refusal (error);
      return 0;
    }
  text = cp_pgn_write_games ((CpGame *const *) games->pdata, games->len, &error);
  if (text == NULL)
    abort ();
  again = cp_pgn_read (text, -1, &error);
  if (again == NULL || again->len != games->len)
    abort ();
  for (guint i = 0; i < games->len; i++)
    if (cp_game_get_n_actions (again->pdata[i]) != cp_game_get_n_actions (games->pdata[i]))
      abort ();
  return 0;
}
