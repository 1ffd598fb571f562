/* cp-error.h: the error domain of the game model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CP_ERROR (cp_error_quark ())

typedef enum {
  CP_ERROR_ILLEGAL_ACTION,   /* an action the rules do not allow now */
  CP_ERROR_UNKNOWN_GAME,     /* a game id that is not in the registry */
  CP_ERROR_BAD_OPTION,       /* a game option that is unknown or out of range */
  CP_ERROR_BAD_NOTATION,     /* a move, cell or position text that does not parse */
  CP_ERROR_BAD_RECORD,       /* a game record or PGN file that cannot be read */
  CP_ERROR_GAME_OVER,        /* an action after the end of the game */
} CpError;

GQuark   cp_error_quark (void);
gboolean cp_error_fail  (GError    **error,
                         CpError     code,
                         const char *format,
                         ...) G_GNUC_PRINTF (3, 4);

/* The most characters of outside text that a message quotes. */
#define CP_ERROR_QUOTE_LENGTH 100

char    *cp_error_quote (const char *text);
gboolean cp_error_bad_position (GError    **error,
                                const char *text,
                                const char *reason);

G_END_DECLS
