/* cp-pgn.h: importing and exporting chess games in Portable Game Notation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-game.h"

G_BEGIN_DECLS

/* The largest PGN text the reader accepts, the most games, and the
 * deepest nesting of variations (which it skips). */
#define CP_PGN_MAX_SIZE (64 * 1024 * 1024)
#define CP_PGN_MAX_GAMES 20000
#define CP_PGN_MAX_DEPTH 100

GPtrArray *cp_pgn_read        (const char     *text,
                               gssize          length,
                               GError        **error);
GPtrArray *cp_pgn_load        (GFile          *file,
                               GCancellable   *cancellable,
                               GError        **error);
gboolean   cp_pgn_is_pgn      (const char     *data,
                               gsize           length);

gboolean   cp_pgn_can_export  (CpGame         *game);
char      *cp_pgn_write       (CpGame         *game,
                               GError        **error);
char      *cp_pgn_write_games (CpGame *const  *games,
                               guint           n_games,
                               GError        **error);
gboolean   cp_pgn_save        (CpGame         *game,
                               GFile          *file,
                               GCancellable   *cancellable,
                               GError        **error);
gboolean   cp_pgn_save_games  (CpGame *const  *games,
                               guint           n_games,
                               GFile          *file,
                               GCancellable   *cancellable,
                               GError        **error);

G_END_DECLS
