/* cp-caption.h: the first letter of a caption, a line or a label
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *cp_caption_capitalize (const char *text);

G_END_DECLS
