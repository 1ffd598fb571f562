/* cp-caption.c: the first letter of a caption, a line or a label
 *
 * The texts of the model (a piece's name, a move written as a phrase)
 * start with a small letter, as they may stand inside a sentence; where
 * one stands on its own it starts with a capital.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-caption.h"

/**
 * cp_caption_capitalize:
 *
 * Returns: (transfer full): @text with its first letter in title case,
 *   such as "Knight" for "knight"
 */
char *
cp_caption_capitalize (const char *text)
{
  GString *result = g_string_new (NULL);

  if (*text)
    {
      g_string_append_unichar (result, g_unichar_totitle (g_utf8_get_char (text)));
      g_string_append (result, g_utf8_next_char (text));
    }
  return g_string_free (result, FALSE);
}
