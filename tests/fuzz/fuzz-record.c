/* fuzz-record.c: the record loader on any bytes
 *
 * A record that loads is shown as the window would show it to each seat,
 * and written again, and must load again with the same log: what the
 * loader accepts, the writer can hold.
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

/* What the window asks of a game it has opened: each seat's view of the
 * end and of the start, and what the screen shows beyond the pieces. */
static void
present (CpGame *game)
{
  for (guint seat = 0; seat <= cp_game_get_n_seats (game); seat++)
    {
      guint viewer = seat < cp_game_get_n_seats (game) ? seat : CP_VIEW_ALL;
      g_autoptr (CpView) view = cp_game_view (game, viewer);
      g_autoptr (CpView) start = cp_game_view_at (game, 0, viewer);

      cp_presentation_free (cp_game_present (game, view));
      cp_presentation_free (cp_game_present (game, start));
    }
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
  present (game);
  text = cp_record_to_string (game, &length);
  again = cp_record_load_data (text, length, &error);
  if (again == NULL || cp_game_get_n_actions (again) != cp_game_get_n_actions (game))
    abort ();
  return 0;
}
