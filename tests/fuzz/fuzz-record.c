/* fuzz-record.c: the record loader on any bytes
 *
 * A record that loads is written again and must load again with the same
 * log: what the loader accepts, the writer can hold.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-engine.h"
#include "cp-record.h"
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
  g_autoptr (CpGame) game = cp_record_load_data ((const char *) data, size, &error);
  g_autoptr (CpGame) again = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  if (game == NULL)
    {
      fuzz_check_refusal (error);
      return 0;
    }
  text = cp_record_to_string (game, &length);
  again = cp_record_load_data (text, length, &error);
  if (again == NULL || cp_game_get_n_actions (again) != cp_game_get_n_actions (game))
    abort ();
  return 0;
}
