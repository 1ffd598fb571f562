/* cp-uci.h: Chess Parlour as a UCI engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

int cp_uci_run (void);

G_END_DECLS
