/* cp-game-file.h: reading and writing game files without blocking
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-game.h"

G_BEGIN_DECLS

/* What a game file holds. */
typedef enum {
  CP_GAME_FILE_RECORD, /* a Chess Parlour record: one game of any kind */
  CP_GAME_FILE_PGN,    /* Portable Game Notation: chess games, one or more */
} CpGameFileKind;

void       cp_game_file_load_async  (GFile               *file,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);
GPtrArray *cp_game_file_load_finish (GFile               *file,
                                     GAsyncResult        *result,
                                     CpGameFileKind      *kind,
                                     GError             **error);
void       cp_game_file_save_async  (CpGame              *game,
                                     GFile               *file,
                                     CpGameFileKind       kind,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);
gboolean   cp_game_file_save_finish (GFile               *file,
                                     GAsyncResult        *result,
                                     GError             **error);

G_END_DECLS
