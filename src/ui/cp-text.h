/* cp-text.h: small helpers for the texts the window shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

char *cp_text_file_name (GFile *file);

G_END_DECLS
