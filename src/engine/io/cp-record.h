/* cp-record.h: game records in Chess Parlour's own XML format
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-game.h"

G_BEGIN_DECLS

/* The namespace of game records and the version of the format written. */
#define CP_RECORD_NAMESPACE "https://github.com/chess-parlour/chess-parlour/ns/record"
#define CP_RECORD_VERSION 1

/* Files larger than this are refused without being read, and records of
 * more actions than this are refused before they are replayed. */
#define CP_RECORD_MAX_SIZE (16 * 1024 * 1024)
#define CP_RECORD_MAX_ACTIONS 200000

char     *cp_record_to_string      (CpGame      *game,
                                    gsize       *length);
gboolean  cp_record_save           (CpGame      *game,
                                    GFile       *file,
                                    GError     **error);
CpGame   *cp_record_load_data      (const char  *data,
                                    gsize        length,
                                    GError     **error);
CpGame   *cp_record_load           (GFile       *file,
                                    GError     **error);
gboolean  cp_record_validate_file  (GFile       *file,
                                    GError     **error);

G_END_DECLS
