/* cp-command-line.h: the program's command-line actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

void cp_command_line_install (GApplication *app);

G_END_DECLS
